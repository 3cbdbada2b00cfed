//! Vagueness: a rule that inferred no check and names nothing concrete — no code span, path,
//! proper or technical name — but says "clean", "good", "legible"…, hedges ("where possible",
//! "cuando sea posible") or only defers to best practices and guidelines gets the vague-rule hint;
//! and what a clause forbids only past a degree ("excessive", "innecesarios") is left unchecked.

use super::super::concepts;
use super::super::phrases::Entity;
use super::super::text::{Kind, Token, clauses};
use super::super::words::{
    DEFER_VERBS, HEDGES, JUDGMENTS, PRINCIPLE_SPELLINGS, PRINCIPLES, STANDARD_NOUNS, STYLE_NOUNS, VAGUE_WORDS,
};
use super::{At, Context, Found};

pub fn is_vague(ctx: &Context) -> bool {
    let concept = ctx.found.iter().any(|f| match &f.entity {
        // "naming conventions for methods, classes, and variables": "classes" names no construct
        // unless the rule forbids them outright.
        Entity::Concept { index, .. } => super::concepts::names_a_construct(ctx, *index),
        // "Sigue las normas definidas en `CONTRIBUTING.md`": where a standard is written.
        Entity::Place { path, .. } => !is_document(path),
        _ => false,
    });
    // Naming styles (`PascalCase for classes`) are things to check, not a standard's name; a
    // document deferred to (`CONTRIBUTING.md`) is not.
    let concrete = ctx.tokens.iter().any(|t| {
        (matches!(t.kind, Kind::Span(_) | Kind::Bare) && !is_document(&t.text))
            || super::super::naming::is_naming_case(&t.text)
    });
    if defers_to_a_standard(ctx.tokens) && !concrete {
        return !concept;
    }
    // "Use modern Java features where appropriate", "Prefer standard library where possible":
    // hedged, a mandate no code can break — unless it quotes the code it means.
    if hedged(&ctx.lower_words()) && !ctx.tokens.iter().any(|t| matches!(t.kind, Kind::Span(_))) {
        return !concept;
    }
    let names_language = |text: &str| {
        ctx.named
            .langs
            .iter()
            .any(|(_, said)| said.eq_ignore_ascii_case(text))
    };
    let names_a_principle = ctx.tokens.iter().any(|t| PRINCIPLES.contains(&t.text.as_str()));
    let mut vague_word = false;
    let mut sentence_start = true;
    let start = label_end(ctx.tokens);
    for (i, t) in ctx.tokens.iter().enumerate() {
        // A title ("**Consistency**:") names no thing, but may judge.
        if i < start {
            vague_word |= VAGUE_WORDS.contains(&t.lower.as_str());
            continue;
        }
        match t.kind {
            Kind::Span(_) | Kind::Bare => return false,
            Kind::Path if !is_word_alternatives(&t.text) => return false,
            Kind::Sep => {
                sentence_start = true;
                continue;
            }
            Kind::Comma => continue,
            Kind::Word | Kind::Path => {}
        }
        if is_label(&t.text) {
            continue;
        }
        if t.kind == Kind::Path {
            // Alternatives ("Stubs/Hardcodes"): vague when one of them is.
            vague_word |= t.text.split('/').any(|part| {
                PRINCIPLES.contains(&part) || VAGUE_WORDS.contains(&part.to_lowercase().as_str())
            });
            sentence_start = false;
            continue;
        }
        if PRINCIPLES.contains(&t.text.as_str()) {
            vague_word = true;
            continue;
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
            && t.text.chars().count() > 1
            && !(names_a_principle && PRINCIPLE_SPELLINGS.contains(&w));
        // A version after a language ("best practices for Vue 3") says which, no thing of its own.
        let version = i > 0
            && names_language(&ctx.tokens[i - 1].text)
            && t.text.chars().all(|c| c.is_ascii_digit() || c == '.');
        let digits = t.text.chars().any(|c| c.is_ascii_digit()) && !version;
        // "Make sure": the verb, not the tool.
        let make_sure = w == "make" && ctx.tokens.get(i + 1).is_some_and(|n| n.lower == "sure");
        let technical = t.text.contains('_') || (concepts::is_tool(w) && !make_sure);
        let language = names_language(&t.text);
        if (camel || proper || digits || technical) && !language {
            return false;
        }
        sentence_start = false;
    }
    vague_word && !concept
}

/// Whether the rule hedges ("where possible", "cuando sea posible"), or opens as a suggestion
/// ("Consider …", "Considera …").
pub fn hedged(words: &[&str]) -> bool {
    matches!(words.first(), Some(&("consider" | "considera" | "considerar")))
        || HEDGES
            .iter()
            .any(|hedge| words.windows(hedge.len()).any(|w| w == *hedge))
}

/// A document's name (`CONTRIBUTING.md`, `docs/guidelines.rst`): where a standard is written.
fn is_document(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    [".md", ".mdx", ".rst", ".adoc", ".txt"]
        .iter()
        .any(|ext| lower.ends_with(ext) && !lower.contains(char::is_whitespace))
}

/// Where the rule starts after a title such as "**Correctness First**:" or "Código Limpio:" — up
/// to four capitalized words before a colon — which names a topic, not a thing; 0 without one.
pub fn label_end(tokens: &[Token]) -> usize {
    let Some(colon) = tokens.iter().position(|t| t.kind == Kind::Sep) else {
        return 0;
    };
    let title =
        tokens[colon].text == ":" && tokens[..colon].iter().all(Token::is_word) && is_title(&tokens[..colon]);
    if title && colon + 1 < tokens.len() {
        colon + 1
    } else {
        0
    }
}

/// "Follow WordPress coding standards", "Respeta la organización de carpetas", "Use RuboCop
/// style": deferring to a standard, a guide or the project's existing ways names nothing to
/// check, whatever proper names it holds (the verb opens its clause, or follows one word such as
/// "always").
fn defers_to_a_standard(tokens: &[Token]) -> bool {
    let defers = |words: &[&str]| {
        words.iter().enumerate().any(|(i, verb)| {
            opens_a_clause(words, i) && {
                let rest = &words[i + 1..];
                (DEFER_VERBS.contains(verb) && rest.iter().any(|w| STANDARD_NOUNS.contains(w)))
                    || (matches!(
                        *verb,
                        "use"
                            | "usa"
                            | "usar"
                            | "utiliza"
                            | "utilizar"
                            | "keep"
                            | "maintain"
                            | "mantén"
                            | "mantener"
                    ) && rest.iter().take(5).any(|w| STYLE_NOUNS.contains(w)))
            }
        })
    };
    // A tool's style ("Use Black style", "Prettier's default style", "conventions: use gofmt")
    // is that tool's to check, which names it: not vague.
    let names_a_tool = |words: &[&str]| words.iter().any(|w| concepts::is_tool(w.trim_end_matches("'s")));
    let mut deferring = false;
    for clause in clauses(tokens) {
        let words: Vec<&str> = clause
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect();
        if words.is_empty() {
            continue;
        }
        if names_a_tool(&words) {
            return false;
        }
        // Every clause that says something defers ("…; use 2-space indentation" says more).
        if defers(&words) {
            deferring = true;
        } else if !is_title(clause) && !is_persona(&words) {
            return false;
        }
    }
    deferring
}

/// Whether the verb at `i` opens a clause: the clause's own (after one word such as "always"), or
/// a relative or modal one: "code that follows …", "Your code must always adhere to …".
fn opens_a_clause(words: &[&str], i: usize) -> bool {
    let lead = words[..i]
        .iter()
        .rev()
        .find(|w| !matches!(**w, "always" | "siempre" | "strictly" | "estrictamente"));
    i < 2
        || lead.is_some_and(|w| {
            DEFER_LEADS.contains(w)
                // "… that is idiomatic and follows Apple's guidelines": the relative clause goes
                // on (an imperative "and follow" may not defer at all).
                || (*w == "and" && matches!(words[i], "follows" | "adheres" | "aligns" | "complies"))
        })
}

/// Words after which a deferring verb starts a clause of its own: "that follows", "must adhere".
const DEFER_LEADS: &[&str] = &[
    "that", "which", "must", "should", "shall", "to", "que", "debe", "deben", "debería",
];

/// "You are a Senior macOS Engineer, specializing in SwiftUI": who the agent plays, which names
/// nothing to check in the project's files.
fn is_persona(words: &[&str]) -> bool {
    matches!(
        words,
        ["you", "are", ..] | ["eres", ..] | ["act", "as", ..] | ["actúa", "como", ..] | ["actua", "como", ..]
    ) || words
        .first()
        .is_some_and(|w| matches!(*w, "specializing" | "specialized" | "especializado"))
}

/// A clause of capitalized words only, such as the title before a colon ("Código Limpio").
fn is_title(clause: &[Token]) -> bool {
    let words: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
    (1..=4).contains(&words.len())
        && words
            .iter()
            .all(|t| t.text.chars().next().is_some_and(char::is_uppercase))
}

/// The labels agent files put before a rule: ids (`GC-001`, `R12`) and emphasis words (`MUST`,
/// `ENFORCED`, `IMPORTANT`) — not names of anything.
fn is_label(text: &str) -> bool {
    let id = text.split_once('-').map_or_else(
        || {
            let letters = text.trim_end_matches(|c: char| c.is_ascii_digit());
            letters.len() < text.len()
                && (1..=4).contains(&letters.len())
                && letters.chars().all(|c| c.is_ascii_uppercase())
        },
        |(letters, digits)| {
            (1..=6).contains(&letters.len())
                && letters.chars().all(|c| c.is_ascii_uppercase())
                && !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
        },
    );
    id || matches!(
        text,
        "MUST"
            | "SHOULD"
            | "SHALL"
            | "REQUIRED"
            | "ENFORCED"
            | "IMPORTANT"
            | "CRITICAL"
            | "NOTE"
            | "OBLIGATORIO"
            | "IMPORTANTE"
    )
}

/// `Stubs/Hardcodes`, `KISS/DRY`: words joined by slashes, read as a path by the tokenizer but
/// naming alternatives. A real path is lowercase, or has a dot, a dash or an underscore.
fn is_word_alternatives(text: &str) -> bool {
    let parts: Vec<&str> = text.trim_matches('/').split('/').collect();
    parts.len() > 1
        && parts.iter().all(|p| {
            let mut chars = p.chars();
            chars.next().is_some_and(char::is_uppercase) && chars.all(char::is_alphabetic)
        })
}

/// The clauses of `tokens` (as the mentions number them) holding a judgment word.
pub fn judged_clauses(tokens: &[Token]) -> Vec<usize> {
    clauses(tokens)
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            c.iter()
                .any(|t| t.kind == Kind::Word && JUDGMENTS.contains(&t.lower.as_str()))
        })
        .map(|(i, _)| i)
        .collect()
}

/// The judgment word that weighs on a mention of `said` in clause `clause`: its clause's, unless
/// the mention is listed before the judgment and apart from it ("Avoid redux and unnecessary
/// state management libraries" judges the libraries, not redux).
pub fn judgment_on<'t>(tokens: &'t [Token], clause: usize, said: Option<&str>) -> Option<&'t str> {
    let all = clauses(tokens);
    let clause = all.get(clause)?;
    let judged = clause
        .iter()
        .position(|t| t.kind == Kind::Word && JUDGMENTS.contains(&t.lower.as_str()))?;
    let word = clause[judged].text.as_str();
    let Some(said) = said.map(|s| s.split_whitespace().next().unwrap_or(s)) else {
        return Some(word);
    };
    let at = clause[..judged].iter().position(|t| {
        t.text.eq_ignore_ascii_case(said) || t.text.trim_matches('`').eq_ignore_ascii_case(said)
    });
    let apart = at.is_some_and(|at| {
        clause[at + 1..judged]
            .iter()
            .any(|t| t.kind == Kind::Comma || matches!(t.lower.as_str(), "and" | "or" | "nor"))
    });
    (!apart).then_some(word)
}

/// Notes why the forbidding mentions of judged clauses are not checked.
pub fn judged(ctx: &Context, out: &mut Found) {
    for (i, f, word) in ctx.judged() {
        let what = match &f.entity {
            Entity::Code { text, .. } => format!("`{text}`"),
            Entity::Term(term) => term.clone(),
            Entity::Concept { words, .. } => words.clone(),
            _ => continue,
        };
        out.note(
            At::Mention(i),
            format!(
                "{what} after \"{}\" not checked: \"{word}\" makes it a matter of degree, which the words do not fix",
                f.trigger
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::infer::text::{tokenize, without_emphasis};

    #[test]
    fn labels_are_not_names() {
        for label in ["GC-001", "CF-002", "R12", "MUST", "ENFORCED"] {
            assert!(is_label(label), "{label}");
        }
        for name in ["React", "GPT-4o", "Vue3", "utf-8", "Q"] {
            assert!(!is_label(name), "{name}");
        }
    }

    #[test]
    fn words_between_slashes_are_alternatives_not_paths() {
        assert!(is_word_alternatives("KISS/DRY"));
        assert!(is_word_alternatives("Stubs/Hardcodes"));
        assert!(!is_word_alternatives("src/api"));
        assert!(!is_word_alternatives("docs/ADR.md"));
    }

    #[test]
    fn emphasis_goes_code_spans_stay() {
        assert_eq!(
            without_emphasis("**Readability:** use `__init__` and __clear__ intent"),
            "Readability: use `__init__` and clear intent"
        );
    }

    #[test]
    fn judged_clauses_are_found() {
        let t = tokenize("Never use `any`; avoid excessive `watch` usage.");
        assert_eq!(judged_clauses(&t), [1]);
        assert_eq!(judgment_on(&t, 1, Some("watch")), Some("excessive"));
        assert_eq!(judgment_on(&t, 0, Some("any")), None);
        // A judgment weighs on what it qualifies, not on the list items before it.
        let t = tokenize("Avoid usage of redux and unnecessary state management libraries.");
        assert_eq!(judgment_on(&t, 0, Some("redux")), None);
        assert_eq!(
            judgment_on(&t, 0, Some("state management libraries")),
            Some("unnecessary")
        );
        let t = tokenize("No uses imports innecesarios.");
        assert_eq!(judgment_on(&t, 0, Some("imports")), Some("innecesarios"));
    }
}
