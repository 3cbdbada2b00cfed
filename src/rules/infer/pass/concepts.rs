//! Concepts pass: named concepts ("emojis", "default exports", "exportaciones por defecto")
//! become their detectors — forbidding or requiring — and unquoted keywords ("any in
//! TypeScript") their keyword detectors when the rule names the language.

use super::super::concepts::{CONCEPTS, Effect};
use super::super::phrases::{Entity, Mention, Role};
use super::{At, Context, Found, Route, lang_names, same_family, unquoted_keyword};
use crate::rules::model::{CheckSpec, Origin, Within};

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Concepts) {
        let at = At::Mention(i);
        match &f.entity {
            Entity::Concept { index, words } => concept(ctx, out, at, *index, words, f.role, f),
            Entity::Term(term) => keyword(ctx, out, at, term, f),
            _ => {}
        }
    }
}

fn concept(ctx: &Context, out: &mut Found, at: At, index: usize, words: &str, role: Role, f: &Mention) {
    let d = CONCEPTS[index].detector;
    match (d.effect, role) {
        (Effect::Forbid, Role::Forbid) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let explanation = format!(
                "concept {} (\"{words}\") after \"{}\": {}; scope {}",
                d.name, f.trigger, d.summary, scope.why
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
