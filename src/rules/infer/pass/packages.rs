//! Packages pass: a package named by a common word in a code span ("`moment`" in a rule about
//! libraries) or by a proper name after "never use" / "instead of" ("Axios") is checked in the
//! imports of the named languages (JS/TS, Python), never as a word.

use super::super::concepts;
use super::super::files::{FileScope, Lang};
use super::super::phrases::{Entity, Mention, Side, Trig};
use super::super::words::LIBRARY_WORDS;
use super::super::{literal, literal::LitKind};
use super::{At, Context, Found, Route};

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Packages) {
        let at = At::Mention(i);
        match &f.entity {
            Entity::Code { text, .. } => {
                let Ok(lit) = literal::classify(text) else {
                    continue;
                };
                debug_assert_eq!(lit.kind, LitKind::Identifier);
                if f.side == Some(Side::Replaced) || ctx.says(LIBRARY_WORDS) {
                    imports(ctx, out, at, &lit.text, f, "in code spans");
                } else {
                    out.note(
                        at,
                        format!(
                            "`{}` after \"{}\" not checked: also a common word, it would fire in prose and comments",
                            lit.text, f.trigger
                        ),
                    );
                }
            }
            Entity::Term(term) => {
                let single = !term.contains(' ');
                let lower = term.to_lowercase();
                let instead_like = matches!(f.trig, Some(Trig::Instead | Trig::Over | Trig::Replace));
                // A proper name after "never use" ("jQuery", "Axios") is a package too.
                let named_thing =
                    matches!(f.trig, Some(Trig::NegUse)) && term.chars().any(char::is_uppercase);
                if single && (instead_like || named_thing) && !literal::is_prose_word(&lower) {
                    imports(ctx, out, at, term, f, "unquoted");
                }
            }
            _ => {}
        }
    }
}

/// Imports of a package named by a word ("instead of Axios" → `from 'axios'`).
fn imports(ctx: &Context, out: &mut Found, at: At, word: &str, f: &Mention, how: &str) {
    let Some(name) = concepts::package_name(word) else {
        return;
    };
    let named = ctx.named.langs();
    let js_family = [
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::React,
        Lang::Vue,
        Lang::Svelte,
    ];
    let want_js = named.is_empty() || named.iter().any(|l| js_family.contains(l));
    let want_py = named.is_empty() || named.contains(&Lang::Python);
    if want_js {
        let mut scope = match ctx.named.scope() {
            Some(s) if named.iter().all(|l| js_family.contains(l)) => s,
            _ => {
                let mut s = FileScope::of_langs(&[Lang::TypeScript, Lang::JavaScript], String::new());
                s.why = format!("JS/TS ({})", s.describe());
                s
            }
        };
        ctx.narrow(&mut scope);
        let explanation = format!(
            "\"{word}\" ({how}) after \"{}\" read as a package: JS/TS imports of `{name}`; scope {}",
            f.trigger, scope.why
        );
        out.check(
            at,
            ctx.pattern_check(concepts::js_import_pattern(&name), scope, None, explanation, true),
        );
    }
    if want_py {
        let mut scope = FileScope::of_langs(&[Lang::Python], String::new());
        scope.why = "Python (*.py)".into();
        ctx.narrow(&mut scope);
        let explanation = format!(
            "\"{word}\" ({how}) after \"{}\" read as a package: Python imports of `{name}`; scope {}",
            f.trigger, scope.why
        );
        out.check(
            at,
            ctx.pattern_check(concepts::py_import_pattern(&name), scope, None, explanation, true),
        );
    }
}
