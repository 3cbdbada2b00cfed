//! Vagueness: a rule that inferred no check and names nothing concrete — no code span, path,
//! proper or technical name — but says "clean", "good", "legible"… gets the vague-rule hint.

use super::super::concepts;
use super::super::phrases::Entity;
use super::super::text::Kind;
use super::super::words::VAGUE_WORDS;
use super::Context;

pub fn is_vague(ctx: &Context) -> bool {
    let mut vague_word = false;
    let mut sentence_start = true;
    for t in ctx.tokens {
        match t.kind {
            Kind::Span(_) | Kind::Bare | Kind::Path => return false,
            Kind::Sep => {
                sentence_start = true;
                continue;
            }
            Kind::Comma => continue,
            Kind::Word => {}
        }
        let w = t.lower.as_str();
        if VAGUE_WORDS.contains(&w) || (w == "practices" || w == "prácticas") {
            vague_word = true;
        }
        let camel =
            t.text.chars().skip(1).any(|c| c.is_uppercase()) && t.text.chars().any(|c| c.is_lowercase());
        let proper = !sentence_start
            && t.text.chars().next().is_some_and(char::is_uppercase)
            && t.text
                .chars()
                .skip(1)
                .all(|c| c.is_lowercase() || c.is_ascii_digit())
            && t.text.chars().count() > 1;
        let digits = t.text.chars().any(|c| c.is_ascii_digit());
        let technical = t.text.contains('_') || concepts::is_tool(w);
        let language = ctx
            .named
            .langs
            .iter()
            .any(|(_, said)| said.eq_ignore_ascii_case(&t.text));
        if (camel || proper || digits || technical) && !language {
            return false;
        }
        sentence_start = false;
    }
    let concept = ctx
        .found
        .iter()
        .any(|f| matches!(f.entity, Entity::Concept { .. } | Entity::Place { .. }));
    vague_word && !concept
}
