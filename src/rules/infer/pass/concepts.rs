//! Concepts pass: named concepts ("emojis", "default exports", "exportaciones por defecto")
//! become their detectors — forbidding or requiring — and unquoted keywords ("any in
//! TypeScript") their keyword detectors when the rule names the language.

use super::super::concepts::{CONCEPTS, Effect, STDOUT_WRITE, TS_EXPECT_ERROR_BARE};
use super::super::phrases::{Entity, Mention, Role};
use super::super::text::clauses;
use super::super::words::{NEGATIONS, REASON_WORDS};
use super::{At, Context, Found, Route, lang_names, same_family, unquoted_keyword};
use crate::rules::model::{CheckSpec, Origin, Within};

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Concepts) {
        let at = At::Mention(i);
        match &f.entity {
            Entity::Concept { index, words } => {
                let role = if negated_stdout(ctx, *index, words, f) {
                    Role::Forbid
                } else {
                    f.role
                };
                concept(ctx, out, at, *index, words, role, f)
            }
            Entity::Term(term) => keyword(ctx, out, at, term, f),
            _ => {}
        }
    }
    for (i, f) in ctx.found.iter().enumerate() {
        if expect_error_without_reason(ctx, f) {
            let d = &TS_EXPECT_ERROR_BARE;
            let scope = ctx.detector_scope(d, "`@ts-expect-error`");
            let explanation = format!(
                "`@ts-expect-error` forbidden without a reason (\"{}\" … \"without\") → detector {} ({}); scope {}",
                f.trigger, d.name, d.summary, scope.why
            );
            out.check(
                At::Mention(i),
                ctx.pattern_check(d.pattern.to_string(), scope, None, explanation, Within::Comments),
            );
        }
    }
}

/// "`@ts-expect-error` without a description": forbidden only without a reason, which the
/// detector sees (nothing after it on the line).
pub fn expect_error_without_reason(ctx: &Context, f: &Mention) -> bool {
    f.conditional
        && matches!(&f.entity, Entity::Code { text, .. } if text.contains("ts-expect-error"))
        && ctx.says(REASON_WORDS)
}

/// "Print nothing to stdout", "never write to stdout", "nada a stdout": the stdout concept in a
/// negative sentence is forbidden, whatever "to" did to the role.
fn negated_stdout(ctx: &Context, index: usize, words: &str, f: &Mention) -> bool {
    if CONCEPTS[index].detector.name != STDOUT_WRITE.name || f.role == Role::Mandate {
        return false;
    }
    let first = words.split(' ').next().unwrap_or("").to_lowercase();
    if matches!(first.as_str(), "nothing" | "nada") {
        return true;
    }
    clauses(ctx.tokens).get(f.clause).is_some_and(|c| {
        c.iter()
            .any(|t| t.is_word() && NEGATIONS.contains(&t.lower.as_str()))
    })
}

fn concept(ctx: &Context, out: &mut Found, at: At, index: usize, words: &str, role: Role, f: &Mention) {
    let d = CONCEPTS[index].detector;
    match (d.effect, role) {
        (Effect::Forbid, Role::Forbid) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let after = if f.role == Role::Forbid {
                format!("after \"{}\"", f.trigger)
            } else {
                "in a negative sentence".to_string()
            };
            let explanation = format!(
                "concept {} (\"{words}\") {after}: {}; scope {}",
                d.name, d.summary, scope.why
            );
            let within = super::super::concepts::within(d);
            out.check(
                at,
                ctx.pattern_check(d.pattern.to_string(), scope, None, explanation, within),
            );
        }
        (Effect::Require, Role::Mandate | Role::Neutral) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let said = if f.trigger.is_empty() {
                String::new()
            } else {
                format!(" after \"{}\"", f.trigger)
            };
            let explanation = format!(
                "mandated concept {} (\"{words}\"){said}: {}; scope {}",
                d.name, d.summary, scope.why
            );
            out.check(
                at,
                CheckSpec {
                    files: scope.files(),
                    languages: scope.languages.clone(),
                    require: Some(d.pattern.to_string()),
                    message: Some(ctx.message()),
                    origin: Origin::Inferred { explanation },
                    ..CheckSpec::default()
                },
            );
        }
        _ => {}
    }
}

/// An unquoted keyword: an English-looking one needs the language named ("any in TypeScript").
fn keyword(ctx: &Context, out: &mut Found, at: At, term: &str, f: &Mention) {
    if let Some(marker) = super::marker_comments(term) {
        let scope = ctx.scope_for(&[], &format!("\"{term}\""));
        let explanation = format!(
            "forbidden marker comments \"{term}\" after \"{}\": `{marker}` in comments; scope {}",
            f.trigger, scope.why
        );
        let pattern = format!(r"\b(?P<hit>{})\b", regex::escape(marker));
        out.check(
            at,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Comments),
        );
        return;
    }
    let Some(k) = unquoted_keyword(&term.to_lowercase()) else {
        return;
    };
    let named = ctx.named.langs();
    let lang_named = named
        .iter()
        .any(|l| k.detector.langs.iter().any(|dl| same_family(*l, *dl)));
    if (k.english && !lang_named) || !ctx.detector_fits(k.detector) {
        out.note(
            at,
            format!(
                "\"{term}\" after \"{}\" not checked: unquoted, it reads as a word unless the rule names {}",
                f.trigger,
                lang_names(k.detector.langs)
            ),
        );
        return;
    }
    let scope = ctx.detector_scope(k.detector, &format!("the keyword \"{term}\""));
    let explanation = format!(
        "forbidden keyword \"{term}\" (unquoted) after \"{}\" → detector {} ({}); scope {}",
        f.trigger, k.detector.name, k.detector.summary, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(
            k.detector.pattern.to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}
