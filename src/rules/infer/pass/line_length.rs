//! Line-length pass: "Max line length: 79 characters", "Keep lines under 100 characters", "120
//! char line limit", "`black` (line-length 88)", "líneas de máximo 100 caracteres": a line longer
//! than the limit is flagged from the first character past it (where an editor's ruler stands).
//! Lines holding a URL are left alone (linters exempt them); commit subjects are the commit
//! checks' (a rule naming commits is not this pass's). In the languages the rule names, else in
//! source files (not Markdown: prose wraps where the editor wraps it).

use std::sync::LazyLock;

use regex::Regex;

use super::super::files::FileScope;
use super::super::text::{tokenize, written};
use super::super::words::CONDITION_WHEN;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words that make a rule about commit messages or a first line ("Keep the first line under 50
/// characters"), whose length the commit checks read.
const COMMIT_WORDS: &[&str] = &[
    "commit", "commits", "subject", "subjects", "title", "titles", "message", "messages", "mensaje",
    "mensajes", "asunto", "summary", "heading", "headings", "header", "first", "primera", "título",
];

/// Words that make a count of characters a line's ("wrap at 100 columns").
const LINE_WORDS: &[&str] = &[
    "line", "lines", "línea", "líneas", "linea", "lineas", "wrap", "wrapped", "wrapping",
];

/// Markup and styles, left out when the rule names no language.
const MARKUP: &[&str] = &[
    "**/*.html",
    "**/*.htm",
    "**/*.css",
    "**/*.scss",
    "**/*.sass",
    "**/*.less",
    "**/*.sql",
];

/// The shortest and longest limits read as a line length (a number outside is something else).
/// (Below 72 — PEP 8's for comments — it is a subject line's or a title's, whatever the words.)
const LIMITS: std::ops::RangeInclusive<usize> = 72..=400;

/// A number of characters ("100 characters", "120 char", "80 cols"), or a setting of one
/// ("line-length 88", "max-line-length = 100", "line length: 79").
static LIMIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?P<n>\d{2,3})[ \t]*-?[ \t]*(?:characters|character|chars|char|columns|column|cols|caracteres|carácteres|columnas)\b|\b(?:max[-_ ]?)?line[-_ ]length\b[ \t]*(?:[:=(]|of|de|is|to)?[ \t]*(?P<m>\d{2,3})\b",
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// Words that make a length in a condition the one a line must not pass ("if a line exceeds 100
/// characters, wrap it"); any other length in a condition is when something else is done
/// ("keep a call on one line when the line is at most 120 characters").
const EXCEED_WORDS: &[&str] = &[
    "exceeds",
    "exceed",
    "exceeding",
    "longer",
    "over",
    "past",
    "beyond",
    "supera",
    "superan",
    "excede",
    "exceden",
    "más",
    "mas",
];

/// Verbs that set a line's limit ("keep lines under …", "wrap at …").
const LIMIT_VERBS: &[&str] = &[
    "keep", "wrap", "limit", "break", "mantén", "manten", "mantener", "limita", "limitar",
];

/// A condition ("when …", "if …") that holds the length at `at` and does not say the line goes
/// past it: the words from the conditional word to the number, or `None`.
fn conditional_length(text: &str, at: usize) -> Option<String> {
    let clause_start = text[..at].rfind(['.', ';', ',', ':', '\n']).map_or(0, |i| i + 1);
    let tokens = tokenize(&text[clause_start..at]);
    let cond = tokens
        .iter()
        .rposition(|t| t.is_word() && CONDITION_WHEN.contains(&t.lower.as_str()))?;
    // "When writing Python keep lines under 100 characters": a verb after the condition opens
    // the clause that sets the limit.
    if tokens[cond..].iter().any(|t| {
        t.is_word() && (EXCEED_WORDS.contains(&t.lower.as_str()) || LIMIT_VERBS.contains(&t.lower.as_str()))
    }) {
        return None;
    }
    Some(written(&tokens[cond..]))
}

/// Directives a tool reads whole, on their own line, so that wrapping one breaks it
/// (`//go:embed a b c`, `// eslint-disable-next-line x, y`, `# pyright: …`).
const OWN_LINE_DIRECTIVES: &str = r"//go:\w|//[ \t]*nolint\b|//export[ \t]|(?://|/\*)[ \t]*(?:eslint|biome-ignore|@ts-|prettier-ignore)|#[ \t]*(?:noqa\b|type:|pyright:|pylint:|mypy:)";

pub fn run(ctx: &Context, out: &mut Found) {
    if ctx.says(COMMIT_WORDS) {
        return;
    }
    let text = &ctx.rule.instruction;
    // Most rules hold no number: the pattern is not run for them.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return;
    }
    let Some(caps) = LIMIT.captures(text) else {
        return;
    };
    let Some(n) = caps.name("n").or(caps.name("m")) else {
        return;
    };
    let setting = caps.name("m").is_some();
    // "100 characters" is a line's only when the rule speaks of lines.
    if !setting && !ctx.says(LINE_WORDS) && !text.to_lowercase().contains("line-length") {
        return;
    }
    let Ok(limit) = n.as_str().parse::<usize>() else {
        return;
    };
    if !LIMITS.contains(&limit) {
        return;
    }
    if let Some(condition) = conditional_length(text, caps.get(0).map_or(0, |m| m.start())) {
        out.note(
            At::Places,
            format!(
                "\"{condition}\" is when the rule applies, not a limit on every line: no line length inferred"
            ),
        );
        return;
    }
    // No language named: the programming languages' files, not markup (a generated HTML report
    // or a stylesheet has lines no one wraps).
    let mut scope = ctx.named.scope().unwrap_or_else(|| {
        let mut s = FileScope::source_files(false);
        for g in MARKUP {
            s.exclude.push(format!("!{g}"));
        }
        s.why = "source files, markup left out (no language named)".into();
        s
    });
    ctx.narrow(&mut scope);
    let explanation = format!(
        "lines of at most {limit} characters (\"{}\"): the part of a longer line past column {limit} (lines with a URL or a tool's directive left alone); scope {}",
        &caps[0], scope.why
    );
    // A URL line is consumed without a hit, and so are a directive's own line and a line
    // exempted by `# noqa: E501`, which cannot be wrapped; any other line's characters past
    // the limit are.
    let pattern = format!(
        r"(?m)^[^\r\n]*(?:://|#[ \t]*noqa:[^\r\n]*\bE501\b)[^\r\n]*|^[ \t]*(?:{OWN_LINE_DIRECTIVES})[^\r\n]*|^[^\r\n]{{{limit}}}(?P<hit>[^\r\n]+)"
    );
    // "Limit comment lines to 72 characters": the lines whose excess is in a comment.
    let comments_only = ctx.says(&["comment", "comments", "comentarios", "docstring", "docstrings"])
        && !ctx.says(&["code", "código", "codigo"]);
    let within = if comments_only {
        Within::Comments
    } else {
        Within::Any
    };
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, within),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;
    use super::*;

    #[test]
    fn the_pattern_compiles() {
        LazyLock::force(&LIMIT);
    }

    #[test]
    fn a_line_past_the_limit_is_flagged_past_it() {
        let long = format!("x = \"{}\"\n", "a".repeat(90));
        let short = "x = 1\n";
        for i in [
            "Max line length: 80 characters",
            "Keep lines under 80 characters.",
            "80 char line limit",
            "Lines must not exceed 80 characters",
            "Use `black` (line-length 80)",
            "Líneas de máximo 80 caracteres",
        ] {
            let hits = texts(i, "app/models.py", &format!("{short}{long}"));
            assert_eq!(hits.len(), 1, "{i}: {hits:?}");
            assert_eq!(
                hits[0].chars().count(),
                long.trim_end().chars().count() - 80,
                "{i}"
            );
        }
        // A URL, a commit subject's length, a count that is not a line's.
        let url = format!("# see https://example.com/{}\n", "a".repeat(90));
        assert!(texts("Max line length: 79 characters", "a.py", &url).is_empty());
        assert!(texts("Subject line max 50 chars", "a.py", &long).is_empty());
        assert!(texts("Keep the first line under 50 characters", "a.py", &long).is_empty());
        assert!(texts("Keep lines under 60 characters", "a.py", &long).is_empty());
        assert!(texts("Names of at most 30 characters", "a.py", &long).is_empty());
        assert!(texts("Keep functions under 50 lines", "a.py", &long).is_empty());
        // A directive's own line and a line `# noqa: E501` exempts cannot be wrapped; a long
        // line of code with another directive after it still can.
        let words = "a ".repeat(45);
        let go = format!("//go:embed {words}\n// nolint:lll {words}\n\t// {words}\n");
        assert_eq!(texts("Wrap comments at 78 columns.", "ui/page.go", &go).len(), 1);
        let py = format!("x = '{words}'  # noqa: E501\ny = '{words}'  # type: ignore\n");
        assert_eq!(texts("Max line length: 80 characters", "a.py", &py).len(), 1);
        // Markup has lines no one wraps.
        let html = format!("<td>{}</td>\n", "x".repeat(120));
        assert!(texts("Max line length: 79 characters", "out/report.html", &html).is_empty());
        // Comment lines only: a long line of code is not one.
        let py = format!("# {}\n{long}", "c".repeat(90));
        assert_eq!(
            texts("Limit comment lines to 72 characters.", "a.py", &py).len(),
            1
        );
        // A length in a condition is when something else is done (Effect-TS/effect's AGENTS.md),
        // unless the condition says the line goes past it.
        let effect = "Keep bindings only for reuse, and keep a call on one line when the complete line is at most 80 characters.";
        assert!(texts(effect, "a.py", &long).is_empty());
        assert!(
            texts(
                "If a line is under 80 characters, keep it on one line",
                "a.py",
                &long
            )
            .is_empty()
        );
        assert_eq!(
            texts("If a line exceeds 80 characters, wrap it", "a.py", &long).len(),
            1
        );
        assert_eq!(
            texts("When wrapping, keep lines under 80 characters.", "a.py", &long).len(),
            1
        );
        assert_eq!(
            texts(
                "When writing Python keep lines under 80 characters.",
                "a.py",
                &long
            )
            .len(),
            1
        );
        // Markdown is prose.
        assert!(texts("Keep lines under 80 characters.", "README.md", &long).is_empty());
        // The language named.
        let go = format!("var x = \"{}\"\n", "a".repeat(90));
        assert!(texts("Keep Python lines under 80 characters.", "main.go", &go).is_empty());
    }
}
