//! Conditions pass: what is forbidden only under a condition ("without", "unless", "sin", "a
//! menos que") is not checked, and the notes say so.

use super::super::phrases::Entity;
use super::{At, Context, Found};

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.found.iter().enumerate().filter(|(_, f)| f.conditional) {
        let what = match &f.entity {
            Entity::Code { text, .. } => format!("`{text}`"),
            Entity::Term(t) => format!("\"{t}\""),
            Entity::Concept { words, .. } => format!("\"{words}\""),
            Entity::Place { path, .. } => format!("`{path}`"),
        };
        out.note(
            At::Mention(i),
            format!(
                "{what} not checked: forbidden only under a condition (\"without\", \"unless\", \"sin\", \"a menos que\")"
            ),
        );
    }
}
