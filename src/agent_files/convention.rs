//! Conventions stated without a command verb, which the labelling guide counts as rules:
//! `Label: value` lines whose value prescribes ("Indentación: 2 espacios", "Files: kebab-case",
//! "Commits: Conventional Commits en inglés") and verbless phrases that restrict ("ESM only — no
//! CommonJS", "Strict mode always enabled", "One concern per file").
//!
//! An inventory has the same shape ("Web Framework: FastAPI", "Start server: `pnpm start`",
//! "`src/`: the code"), so the value must carry a mark of a prescription — a naming case, a count
//! of a unit or a bound, a mandate word, a language to write in, a "no …" — and a phrase with a
//! finite verb ("is", "are", "has") describes, whatever its other words.

use std::sync::LazyLock;

use regex::Regex;

use super::markdown::blank_code_spans;

use super::words::{
    ALWAYS_WORDS, CONVENTION_UNITS, DESCRIBING_VERBS, EXAMPLE_LABELS, HUMAN_LANGUAGES, MANDATE_WORDS,
    NOT_A_THING, NOT_NEEDED, ONLY_WORDS, PARTICIPLE_ENDINGS, PLACEMENT_PREPOSITIONS, PLACEMENT_VERBS,
    PREFERENCE_PHRASES, SPECIFIC_DETERMINERS, THRESHOLD_WORDS,
};
use crate::rules::infer::words::NAMING_STYLES;

/// The most words a label has ("Functions/variables", "Rama principal", "Coverage target").
const MAX_LABEL_WORDS: usize = 4;

/// True when `text` (a bullet) states a convention to follow without a command verb.
pub fn prescribes(text: &str) -> bool {
    let text = text
        .trim()
        .trim_start_matches(|c: char| !(c.is_alphanumeric() || c == '`'));
    if describes(&without_asides(text)) {
        return false;
    }
    match label_value(text) {
        Some((label, _)) if has_word(label, EXAMPLE_LABELS) => false,
        Some((label, value)) => !not_needed(value) && value_prescribes(label, value),
        None => !not_needed(text) && phrase_prescribes(text),
    }
}

/// "No need to …", "optional": nothing to follow (code spans aside: `Optional[T]`).
fn not_needed(text: &str) -> bool {
    let plain = outside_code(text).to_lowercase();
    NOT_NEEDED.iter().any(|p| plain.contains(p))
}

/// The label and the value of "Label: value": a label of a few words without code (a code span
/// or a path is what a folder map or a command list names: "`src/`: the code").
fn label_value(text: &str) -> Option<(&str, &str)> {
    let at = outside_code(text).find(": ")?;
    let (label, value) = (&text[..at], text[at + 2..].trim());
    let words = label.split_whitespace().count();
    let plain = !label.contains('`') && !label.ends_with('/') && !label.starts_with('.');
    (plain && (1..=MAX_LABEL_WORDS).contains(&words) && !value.is_empty()).then_some((label, value))
}

/// A value that prescribes: a naming case, a count of a unit, a bound, a mandate, a language to
/// write in, or a "no …" ("Imports: absolute, no relative paths").
fn value_prescribes(label: &str, value: &str) -> bool {
    naming_case(value)
        || counts_a_unit(value)
        || bound(&format!("{label} {value}"))
        || has_word(value, MANDATE_WORDS)
        || language_mandate(value)
        || forbids_something(value)
        || prefers(value)
        || names_a_checked_convention(value)
        || picks_a_format_option(label, value)
}

/// A formatting setting and the option picked: "Quote style: single quotes", "Indentation:
/// tabs", "Comillas: dobles" — a choice the formatter makes, not an inventory.
fn picks_a_format_option(label: &str, value: &str) -> bool {
    const SETTINGS: &[(&[&str], &[&str])] = &[
        (
            &["quote", "quotes", "quoting", "comillas"],
            &["single", "double", "simples", "dobles"],
        ),
        (
            &["indentation", "indent", "indentación", "sangría", "sangrado"],
            &["tabs", "tab", "spaces", "tabulaciones", "tabuladores", "espacios"],
        ),
    ];
    let (label, value) = (words(label), words(value));
    SETTINGS.iter().any(|(names, options)| {
        label.iter().any(|w| names.contains(&w.as_str()))
            && value.first().is_some_and(|w| options.contains(&w.as_str()))
    })
}

/// A value that names a convention with a written form to follow: "Commits: Conventional
/// Commits", "Mensajes de commit: commits convencionales".
fn names_a_checked_convention(value: &str) -> bool {
    let plain = outside_code(value).to_lowercase();
    [
        "conventional commit",
        "commits convencionales",
        "commit convencional",
    ]
    .iter()
    .any(|c| plain.contains(c))
}

/// A verbless phrase that restricts: "ESM only — no CommonJS", "Strict mode always enabled",
/// "One concern per file", "2 spaces for indentation", "Código en inglés".
fn phrase_prescribes(text: &str) -> bool {
    only_clause(text)
        || always_participle(text)
        || one_per(text)
        || counts_a_unit(text)
        || bound(text)
        || language_mandate(text)
        || placement(text)
        || naming_lead(text)
        || opens_with_code(text)
        || rules_out_code(text)
        || tool_for_a_purpose(text)
}

/// A negation right before a code span, in a phrase that says what for: "`tracing` for logging
/// (not `log`)", "Modals via the shared dialog, never `window.confirm`" — not an example pair
/// under a command ("`'texto'`, no `\"texto\"`"), which has no words of its own.
fn rules_out_code(text: &str) -> bool {
    static NEGATED_CODE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:^|[\s(—–-])(?:not|no|never|nunca|sin|jamás)\s+`[^`\s][^`]*`")
            // A constant pattern: the tests compile it.
            .expect("a constant pattern")
    });
    let own_words = words(text)
        .iter()
        .filter(|w| !matches!(w.as_str(), "not" | "no" | "never" | "nunca" | "sin" | "jamás"))
        .count();
    own_words >= 2 && NEGATED_CODE.is_match(text)
}

/// "`thiserror` for error enums", "`pytest` para los tests": one name in code, then what it is
/// for — the project's choice for that purpose. Not a folder map ("`lib/` for helpers"), a
/// file ("`.env` for secrets") or a command ("`make test` for the tests": a list of commands).
fn tool_for_a_purpose(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('`') else {
        return false;
    };
    let Some((name, after)) = rest.split_once('`') else {
        return false;
    };
    let one_name = !name.is_empty()
        && !name.starts_with(['.', '-', '/', '$'])
        && !name.contains([' ', '/', '\\'])
        && !name.contains('.')
        && name.chars().any(char::is_alphabetic);
    let mut words = after.split_whitespace();
    one_name
        && matches!(words.next(), Some("for" | "para"))
        && words
            .next()
            .is_some_and(|w| w.chars().next().is_some_and(char::is_alphabetic))
}

/// "Scripts start with `#!/bin/bash -e`", "All PHP files begin with `declare(strict_types=1);`",
/// "Los tests empiezan con `test_`": how every one of a kind opens — not "The app starts with
/// `npm start`" (one thing, and a fact).
fn opens_with_code(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let one_thing = words
        .first()
        .is_some_and(|w| SPECIFIC_DETERMINERS.contains(&w.to_lowercase().as_str()));
    !one_thing
        && words.windows(3).any(|w| {
            matches!(w[0], "start" | "begin" | "empiezan" | "comienzan" | "inician")
                && matches!(w[1], "with" | "con" | "por")
                && w[2].starts_with('`')
        })
}

/// A phrase that opens with a naming case: "PascalCase for components", "`snake_case` for Python
/// functions", "camelCase para variables", "UPPER SNAKE CASE constants" — what follows says which
/// names.
fn naming_lead(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().take(4).collect();
    let compact = |ws: &[&str]| -> String {
        ws.concat()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    (1..words.len().min(3)).any(|n| {
        let head = compact(&words[..n]);
        let next = compact(&words[n..=n]);
        NAMING_STYLES.iter().any(|s| head.ends_with(s))
            && (NAMED_AFTER_CASE.contains(&next.as_str()) || NAMES_OF_KINDS.contains(&next.as_str()))
    })
}

/// Words that join a naming case to the names it is for: "PascalCase *for* components".
const NAMED_AFTER_CASE: &[&str] = &["for", "para", "en", "in", "on", "de"];

/// Kinds of names a naming case can be written right before: "UPPER_SNAKE_CASE constants".
const NAMES_OF_KINDS: &[&str] = &[
    "constants",
    "variables",
    "functions",
    "methods",
    "classes",
    "types",
    "files",
    "filenames",
    "components",
    "modules",
    "packages",
    "names",
    "identifiers",
    "keys",
    "fields",
    "properties",
    "constantes",
    "variables",
    "funciones",
    "métodos",
    "clases",
    "tipos",
    "archivos",
    "ficheros",
    "componentes",
    "módulos",
    "nombres",
    "campos",
];

/// `text` without its parenthesized asides ("Shared doubles live in `x` (e.g. `Mock` is public)"):
/// a verb in an example says nothing of the phrase around it.
fn without_asides(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .filter(|c| {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

/// `text` with its code spans blanked with spaces (see [`blank_code_spans`]).
fn outside_code(text: &str) -> String {
    blank_code_spans(text, ' ')
}

/// Lowercase words outside code spans.
fn words(text: &str) -> Vec<String> {
    outside_code(text)
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '-'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().replace('’', "'"))
        .collect()
}

fn has_word(text: &str, list: &[&str]) -> bool {
    words(text).iter().any(|w| list.contains(&w.as_str()))
}

/// A finite verb makes it a statement of fact ("Tests are in `tests/`", "There's a script").
fn describes(text: &str) -> bool {
    words(text)
        .iter()
        .any(|w| DESCRIBING_VERBS.contains(&w.as_str()) || w.ends_with("'s"))
}

/// "kebab-case", "PascalCase", "UPPER_SNAKE_CASE", in words or in a code span.
fn naming_case(text: &str) -> bool {
    let compact: String = text
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    NAMING_STYLES.iter().any(|s| compact.contains(s))
}

/// A number of a unit of layout: "2 espacios", "100 characters", "a 300-line limit".
fn counts_a_unit(text: &str) -> bool {
    // A constant pattern: it compiles (the tests of this module run it).
    static COUNT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\b\d+\s*-?\s*(\p{L}+)").expect("a valid regex"));
    COUNT
        .captures_iter(&outside_code(text))
        .any(|c| CONVENTION_UNITS.contains(&c[1].to_lowercase().as_str()))
}

/// A share with a word that makes it a bound: "Coverage threshold: 70%", "80% minimum",
/// "80%+ coverage". Only a percentage: "Max upload size: 10 MB" is a setting of the product, not
/// a bound on the work (a bound on the code counts a unit: [`counts_a_unit`]).
fn bound(text: &str) -> bool {
    // A constant pattern: it compiles (the tests of this module run it).
    static PERCENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d\s*%").expect("a valid regex"));
    let plain = outside_code(text);
    PERCENT.is_match(&plain) && (has_word(&plain, THRESHOLD_WORDS) || plain.contains("%+"))
}

/// "in English", "en INGLÉS": which language to write in.
fn language_mandate(text: &str) -> bool {
    let words = words(text);
    words
        .windows(2)
        .any(|w| matches!(w[0].as_str(), "in" | "en") && HUMAN_LANGUAGES.contains(&w[1].as_str()))
}

/// A clause that opens with "no" and a thing: "absolute, no relative paths", "(no `any`)" — not
/// "no one", "no longer".
fn forbids_something(text: &str) -> bool {
    let words = words(text);
    words
        .windows(2)
        .any(|w| w[0] == "no" && !NOT_A_THING.contains(&w[1].as_str()))
}

/// A clause that ends in "only" ("ESM only — no CommonJS", "Hand-written only"), or a phrase
/// that opens with a Spanish one ("Solo `pnpm`"; the English "Only …" already commands).
fn only_clause(text: &str) -> bool {
    let only = |w: &str| ONLY_WORDS.contains(&w.to_lowercase().as_str());
    let plain = outside_code(text);
    let opens = plain.split_whitespace().next().is_some_and(only);
    opens
        || plain
            .split(['—', '–', ';', ',', '(', '.'])
            .flat_map(|clause| clause.split(" - "))
            .any(|clause| {
                let words: Vec<&str> = clause.split_whitespace().collect();
                words.len() > 1 && words.last().is_some_and(|w| only(w))
            })
}

/// "always"/"never" before a participle at the head of the phrase: "Strict mode always enabled
/// (`strict: true`)", "Secrets never logged", "Modo estricto siempre activado" — not in a clause
/// after a statement ("CI runs on every push, tests always executed").
fn always_participle(text: &str) -> bool {
    let plain = outside_code(text);
    let head = plain.split([',', ';', '(', '—', '–']).next().unwrap_or_default();
    let words = words(head);
    words.windows(2).any(|w| {
        ALWAYS_WORDS.contains(&w[0].as_str())
            && (PARTICIPLE_ENDINGS.iter().any(|end| w[1].ends_with(end))
                || matches!(w[1].as_str(), "on" | "off"))
    })
}

/// "One concern per file", "Una clase por archivo": one of a thing per another.
fn one_per(text: &str) -> bool {
    let words = words(text);
    let rest = match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["a" | "un" | "una", "single" | "solo" | "sola", ..] => &words[2..],
        ["one" | "single" | "un" | "una", ..] => &words[1..],
        _ => return false,
    };
    rest.iter().take(4).any(|w| w == "per" || w == "por")
}

/// "`int | None` instead of `Optional[int]`", "tabs rather than spaces": a preference.
fn prefers(text: &str) -> bool {
    let plain = outside_code(text).to_lowercase();
    PREFERENCE_PHRASES.iter().any(|p| plain.contains(p))
}

/// "Shared logic goes in `lib/`", "One-off doubles live next to their test", "Los tests van en
/// `tests/`": where a kind of thing goes — not "The CLI lives in `cmd/`", where one thing is (a
/// folder map).
fn placement(text: &str) -> bool {
    let words = words(text);
    let one_thing = words
        .first()
        .is_some_and(|w| SPECIFIC_DETERMINERS.contains(&w.as_str()));
    !one_thing
        && words.windows(2).any(|w| {
            PLACEMENT_VERBS.contains(&w[0].as_str()) && PLACEMENT_PREPOSITIONS.contains(&w[1].as_str())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_whose_value_prescribes_is_a_convention() {
        for text in [
            // English
            "Modules: snake_case (`user_profile.py`)",
            "Type names: PascalCase",
            "Tabs: 4 spaces",
            "Line length: 100 characters max",
            "Coverage minimum: 90%",
            "Commit messages: in English",
            "Imports: absolute, no relative paths",
            "Optional values: `T | None` instead of `Optional[T]`",
            "Fechas: ISO 8601 en lugar de formatos locales",
            "Database access: repositories only",
            "Review: required for every merge",
            // Spanish
            "Tabulación: 4 espacios",
            "Nombres de clases: PascalCase",
            "Mensajes de commit: en inglés",
            "Revisión de código: obligatoria",
            "Commit messages: Conventional Commits (`feat:`, `fix:`)",
            "Commits: commits convencionales",
            "Longitud de línea: máximo 100 caracteres",
            // A formatting option picked (graphiti's "Quote style: single quotes").
            "Quote style: single quotes",
            "Indentation: tabs",
            "Comillas: dobles",
        ] {
            assert!(prescribes(text), "{text}");
        }
    }

    #[test]
    fn a_verbless_phrase_that_restricts_is_a_convention() {
        for text in [
            "Tailwind only — no CSS modules",
            "Type checking always enabled (`--strict`)",
            "One component per file",
            "2 spaces for indentation",
            "Solo `pnpm`, nada de npm",
            "Una clase por archivo",
            "Modo estricto siempre activado",
            "Código y comentarios en inglés",
            "Shared fixtures go in `tests/fixtures/`",
            "Helpers live next to the code that uses them (e.g. `parse.rs` has its own)",
            "Los tests de integración van en `tests/`",
            "PascalCase for components",
            "`snake_case` for Python functions",
            "camelCase para variables y funciones",
            "UPPER_SNAKE_CASE for constants",
            "snake case for module names",
            "Scripts start with `#!/bin/bash -e`",
            "All PHP files begin with `declare(strict_types=1);`",
            // The project's choice of a library for a purpose, and what it rules out.
            "`thiserror` for error enums",
            "`tracing` for logging (not `log`)",
            "`pytest` para los tests",
            "Modals via the shared dialog, never `window.confirm`",
        ] {
            assert!(prescribes(text), "{text}");
        }
    }

    #[test]
    fn inventories_and_descriptions_are_not_conventions() {
        for text in [
            // A tech stack, a folder map, a command list, settings.
            "Backend: Django",
            "Runtime: Node 22",
            "Frontend Framework: Vue 3 (Composition API)",
            "`lib/`: shared helpers",
            "docs/: the user guide",
            "Build: `make release`",
            "Default port: 3000",
            "Max upload size: 10 MB",
            "Tamaño máximo de subida: 10 MB",
            // Facts, and what is not needed.
            "The parser is always strict",
            "Tests are written in English",
            "There's one service per region",
            "Cache: optional, no setup needed",
            "Base de datos: PostgreSQL",
            "Servidor: `npm run dev`",
            "La documentación está en español",
            "Docs available in English and Spanish",
            "Documentación disponible en inglés",
            "CI runs on every push, tests always executed",
            "The CLI lives in `cmd/`",
            "El servidor vive en `server/`",
            "Configs are kept in `config/`",
            "Example: `snake_case` instead of `camelCase`",
            "Ejemplo: 4 espacios",
            "camelCase is used for JSON keys",
            "PascalCase",
            "Uppercase letters in the logo",
            "The app starts with `npm start`",
            "`lib/` for shared helpers",
            "`.env` for local secrets",
            "`make test` for the whole suite",
            "`config.yaml` for settings",
            "`'texto'`, no `\"texto\"`",
            // A setting named with something other than an option of it.
            "Quote style: see `.prettierrc`",
            "Indentation: handled by the formatter",
        ] {
            assert!(!prescribes(text), "{text}");
        }
    }
}
