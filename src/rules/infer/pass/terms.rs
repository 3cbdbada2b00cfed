//! Terms pass: what each clause mandates or forbids, checked or not, kept for precedence
//! (`conflict`) — "`any`" forbidden, "pnpm" mandated, "concept:emoji" forbidden.

use super::super::Term;
use super::super::concepts::{CONCEPTS, home_of};
use super::super::phrases::{Entity, Mention, Role, Trig};
use super::super::text;
use super::{Context, Found};

pub fn run(ctx: &Context, out: &mut Found) {
    for (_, f) in ctx.mentions() {
        record(f, out);
    }
}

fn record(f: &Mention, out: &mut Found) {
    // A naming style is about the names of some things ("package names … no `mixedCaps`"),
    // which the words rarely say: two rules naming one style are seldom about the same names,
    // and retiring one for the other would lose it.
    if f.named().is_some_and(super::super::naming::is_naming_case) {
        return;
    }
    let (text, key, exact) = match &f.entity {
        Entity::Code { text, .. } => (format!("`{text}`"), normalize_key(text), Some(exact_key(text))),
        Entity::Concept { index, words } => (
            words.clone(),
            format!("concept:{}", CONCEPTS[*index].detector.name),
            None,
        ),
        Entity::Term(t) => {
            // Only the object of a use-type verb is a thing ("never use X"), not "never put …".
            let use_like = matches!(
                f.trig,
                Some(
                    Trig::NegUse
                        | Trig::Instead
                        | Trig::Over
                        | Trig::Replace
                        | Trig::Always
                        | Trig::Use
                        | Trig::Prefer
                        | Trig::With
                )
            );
            // A bare "always" / "siempre" is followed by a verb ("always run …").
            let bare_always = matches!(f.trigger.as_str(), "always" | "siempre");
            if !use_like || bare_always {
                return;
            }
            (t.clone(), normalize_key(t), None)
        }
        Entity::Place { .. } => return,
    };
    if key.is_empty() {
        return;
    }
    let term = Term {
        text,
        key,
        exact,
        trigger: f.trigger.clone(),
    };
    let list = match f.role {
        Role::Forbid => &mut out.forbids,
        // "Keep API keys in the environment", "Keep user-facing strings short": a concept named
        // for what its detector finds misplaced (secrets, UI text) is not mandated by a mandate of
        // its name, which says where or how to keep it.
        Role::Mandate if matches!(&f.entity, Entity::Concept { index, .. } if home_of(CONCEPTS[*index].detector).is_some()) =>
        {
            return;
        }
        Role::Mandate => &mut out.mandates,
        Role::Neutral => return,
    };
    if !list.iter().any(|t| t.same(&term)) {
        list.push(term);
    }
}

/// A code span as written, without call parentheses or a leading dot (case kept).
fn exact_key(text: &str) -> String {
    without_call_parentheses(text).to_string()
}

/// Comparison key: lowercase, without call parentheses or a leading dot.
pub fn normalize_key(text: &str) -> String {
    without_call_parentheses(text).to_lowercase()
}

/// `print()`, `.unwrap()`, `console.log(x)` → the callee: a call is its name. Other code keeps
/// its parentheses — `const foo = (props: P) => …` and `const foo = (): R => {}` are two
/// different things, not one `const foo =` (a rule retired another on that).
fn without_call_parentheses(text: &str) -> &str {
    let t = text.trim().trim_start_matches('.');
    if text::is_call(t) {
        text::callee(t).trim()
    } else {
        t
    }
}
