//! Required-start pass: "All PHP files must begin with `declare(strict_types=1);`", "YML files
//! should begin with --- on the first line", "Todos los archivos PHP deben comenzar con …": a
//! text each file of the named language must hold, checked as a `Require` (reported on line 1
//! of a file without it); "`x` at the top of all Python files" likewise, empty files left out.
//! Only when the rule names the files' language, or every (code) file — then the source files:
//! a required text in every file of any kind, data and docs too, is never what a rule means.

use std::sync::LazyLock;

use regex::Regex;

use super::super::files::{FileScope, Lang};
use super::super::text::{Kind, is_file_name};
use super::super::words::{FILE_WORDS, NEGATIONS};
use super::{At, Context, Found};
use crate::rules::model::{CheckSpec, Origin};

/// "must begin with `x`", "should start with ---", "deben comenzar con `x`".
static STARTS_WITH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:begins?|starts?|beginning|starting|comenzar|comiencen|comienzan|empezar|empiecen|empiezan|iniciar|inicien)\s+(?:with|con)\s+(?:(?:a|an|the|una?|dos|two|\d+|lines?|líneas?|lineas?|comments?|comentarios?|string|la|el|cadena)\s+){0,3}(?:`([^`\n]+)`|"([^"\n]+)"|(---)(?:\s|$))"#,
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// "Use `from __future__ import annotations` at the top of all Python files", "Always use
/// `declare(strict_types=1);` at the top of PHP files", "… al principio de todos los archivos
/// Python": a text every file of the language holds near its top.
static AT_TOP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)`([^`\n]+)`\s+(?:at|on|in)\s+(?:the\s+)?(?:top|start|beginning|head)\s+of\s+(?:(?:all|every|each)\b|(?:the\s+)?(?:[\w.+#-]+\s+)?files?\b)|`([^`\n]+)`\s+(?:al|en\s+el)\s+(?:principio|inicio|comienzo)\s+de\s+(?:(?:todos|todas|cada)\b|(?:los\s+)?(?:archivos|ficheros)\b)",
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// "Ensure `.golangci.yml` uses `version: \"2\"`", "`tsconfig.json` must contain `\"strict\":
/// true`", "`package.json` debe incluir `\"type\": \"module\"`": a text a named file must hold.
static FILE_HOLDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:\b(?P<ensure>ensure|make sure|asegúrate de que|asegurar que|asegura que)\s+)?`([^`\n]+)`\s+(?:(?P<modal>must|should|debe|deben)\s+)?(?:uses?|has|have|contains?|sets?|includes?|declares?|usa|tiene|tener|contiene|contener|incluye|incluir|declara|declarar)\s+`([^`\n]+)`",
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// Texts that open a file of one language only and exist to be in every file of it:
/// "`declare(strict_types=1);` is mandatory" names PHP as clearly as "all PHP files" would.
/// Each is the text as rules write it (blanks aside), how files write it, and the language.
const PREAMBLES: &[(&str, &str, Lang)] = &[
    (
        "declare(strict_types=1)",
        // A statement (on a line of its own or after the open tag; not words in a docblock); a
        // template that opens with markup (a Blade view, `<html><?php …`) cannot declare it.
        r"(?m)(?:^|<\?php)[ \t]*declare\s*\(\s*strict_types\s*=\s*1\s*\)\s*;|\A\s*(?:[^<\s]|<[^?])",
        Lang::Php,
    ),
    (
        "from __future__ import annotations",
        r"from[ \t]+__future__[ \t]+import[ \t]+[^\n]*\bannotations\b",
        Lang::Python,
    ),
];

/// Words that make a preamble mandated rather than mentioned.
const MANDATING: &[&str] = &[
    "mandatory",
    "required",
    "require",
    "must",
    "always",
    "every",
    "all",
    "obligatorio",
    "obligatoria",
    "siempre",
    "todos",
    "todas",
    "debe",
    "deben",
];

pub fn run(ctx: &Context, out: &mut Found) {
    file_holds(ctx, out);
    preambles(ctx, out);
    // "All code files should start with …", "Todo archivo debe iniciar con …": the source
    // files, whatever their language (data and docs cannot hold a header), empty ones left out.
    let (scope, empty_ok) = match ctx.named.scope() {
        Some(scope) => (scope, ""),
        None if every_code_file(ctx) => (FileScope::source_files(false), r"|\A\s*\z"),
        None => return,
    };
    for caps in STARTS_WITH.captures_iter(&ctx.rule.instruction) {
        let Some(text) = (1..=3).find_map(|g| caps.get(g)).map(|m| m.as_str().trim()) else {
            continue;
        };
        if text.is_empty() || alternatives_follow(&ctx.rule.instruction[caps.get(0).map_or(0, |m| m.end())..])
        {
            continue;
        }
        let mut scope = scope.clone();
        ctx.narrow(&mut scope);
        // A document marker opens the file's content (a YAML file's comments may come first);
        // a known preamble is looked for as its language writes it (a Blade view cannot declare
        // one); any other text as written, blanks flexible.
        let pattern = if text == "---" {
            super::document_start::marker_first(&scope).to_string()
        } else if let Some((written, _)) = preamble(text) {
            format!("{written}{empty_ok}")
        } else {
            format!("{}{empty_ok}", as_written(text))
        };
        let explanation = format!(
            "required text `{text}` after \"{}\": every file of {} must hold it (reported on line 1)",
            caps.get(0).map_or("", |m| m.as_str()),
            scope.why
        );
        out.check(At::Places, ctx.require_check(&scope, pattern, explanation));
    }
    for caps in AT_TOP.captures_iter(&ctx.rule.instruction) {
        let Some(span) = caps.get(1).or_else(|| caps.get(2)) else {
            continue;
        };
        let text = span.as_str().trim();
        // "Never put `// @ts-nocheck` at the top of all files": forbidden there, not required.
        if text.is_empty() || negated_before(&ctx.rule.instruction[..span.start()]) {
            continue;
        }
        let mut scope = scope.clone();
        ctx.narrow(&mut scope);
        // An empty file (an `__init__.py`) holds no code for the text to govern; a known
        // preamble is looked for as its language writes it (a Blade view cannot declare one).
        let written = preamble(text).map_or_else(|| as_written(text), |(w, _)| w.to_string());
        let pattern = format!(r"{written}|\A\s*\z");
        let explanation = format!(
            "required text `{text}` at the top (\"{}\"): every non-empty file of {} must hold it (reported on line 1)",
            caps.get(0).map_or("", |m| m.as_str()),
            scope.why
        );
        out.check(At::Places, ctx.require_check(&scope, pattern, explanation));
    }
}

/// "start with `feat:` or `fix:`": one of several texts, none of which every file must hold.
fn alternatives_follow(rest: &str) -> bool {
    static ALTERNATIVE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?i)\A\s*(?:,|/|\bor\b|\bo\b|\bu\b)\s*[`"]"#)
            // A constant pattern, compiled by this module's tests.
            .expect("a valid pattern")
    });
    ALTERNATIVE.is_match(rest)
}

/// "All code files", "every source file", "todo archivo", "todos los archivos": every file of
/// the project's code, no language named.
fn every_code_file(ctx: &Context) -> bool {
    ctx.says(&["all", "every", "each", "todo", "todos", "cada"]) && ctx.says(FILE_WORDS)
}

/// "Strict typing is mandatory: `declare(strict_types=1);`": a preamble of one language, mandated
/// without naming the language, is required in every non-empty file of it — unless the rule
/// names other files (then the passes above read it) or negates it.
fn preambles(ctx: &Context, out: &mut Found) {
    if ctx.named.scope().is_some() || ctx.says(NEGATIONS) || !ctx.says(MANDATING) {
        return;
    }
    for t in ctx.tokens.iter().filter(|t| matches!(t.kind, Kind::Span(_))) {
        let said = t.text.trim().trim_end_matches(';').trim();
        let Some((written, lang)) = preamble(said) else {
            continue;
        };
        let mut scope = FileScope::of_langs(
            &[lang],
            format!("{} files (the language of `{said}`)", lang.name()),
        );
        ctx.narrow(&mut scope);
        let pattern = format!(r"{written}|\A\s*\z");
        let explanation = format!(
            "required text `{said}`: every non-empty file of {} must hold it (reported on line 1)",
            scope.why
        );
        out.check(At::Places, ctx.require_check(&scope, pattern, explanation));
    }
}

/// The known preamble a rule's text is (blanks and a final `;` aside): how files write it, and
/// its language.
fn preamble(said: &str) -> Option<(&'static str, Lang)> {
    let compact: String = said
        .trim()
        .trim_end_matches(';')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    PREAMBLES
        .iter()
        .find(|(p, _, _)| p.chars().filter(|c| !c.is_whitespace()).collect::<String>() == compact)
        .map(|(_, written, lang)| (*written, *lang))
}

/// A named file that must hold a text: a `Require` on that file.
fn file_holds(ctx: &Context, out: &mut Found) {
    for caps in FILE_HOLDS.captures_iter(&ctx.rule.instruction) {
        let (Some(file), Some(text)) = (caps.get(2), caps.get(4)) else {
            continue;
        };
        let (file, text) = (file.as_str().trim(), text.as_str().trim());
        // "Ensure `f` uses `x`", or "`f` must contain `x`": a plain "`f` uses `x`" describes.
        let said = caps.get(0).map_or("", |m| m.as_str());
        let ordered = caps.name("ensure").is_some() || caps.name("modal").is_some();
        if !is_file_name(file) || text.is_empty() || !ordered {
            continue;
        }
        let pattern = as_written(text);
        let explanation =
            format!("required text `{text}` in `{file}` (\"{said}\"): reported on line 1 when missing");
        out.check(
            At::Places,
            CheckSpec {
                files: vec![file.to_string()],
                require: Some(pattern),
                message: Some(ctx.message()),
                origin: Origin::Inferred { explanation },
                ..CheckSpec::default()
            },
        );
    }
}

/// Whether the sentence that ends where `before` does (at a code span, a `set` line) negates what
/// follows: "Never put", "Do not add", "No", "Nunca".
pub(super) fn negated_before(before: &str) -> bool {
    let sentence = before.rsplit(['.', ';', '!', '?', '\n']).next().unwrap_or(before);
    sentence
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .any(|w| NEGATIONS.contains(&w.to_lowercase().as_str()))
}

/// `text` as written, blanks flexible.
fn as_written(text: &str) -> String {
    text.split_whitespace()
        .map(regex::escape)
        .collect::<Vec<_>>()
        .join(r"[ \t]*")
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::hits_of;

    #[test]
    fn the_patterns_compile() {
        for re in [&super::STARTS_WITH, &super::AT_TOP, &super::FILE_HOLDS] {
            std::sync::LazyLock::force(re);
        }
        assert!(super::alternatives_follow(" or `fix:`."));
    }

    #[test]
    fn one_of_several_starts_is_not_required() {
        for rule in [
            "Commit messages must start with `feat:` or `fix:`.",
            "Commit messages must start with \"feat:\" or \"fix:\".",
            "Los mensajes de commit deben comenzar con `feat:`, `fix:` o `docs:`.",
        ] {
            assert!(
                hits_of(rule, ".git/COMMIT_EDITMSG", "fix: a bug\n").is_empty(),
                "{rule}"
            );
        }
    }

    #[test]
    fn a_mandated_preamble_is_required_in_the_files_of_its_language() {
        for rule in [
            "Strict typing is mandatory: `declare(strict_types=1);`",
            "Always `declare(strict_types = 1)`.",
        ] {
            assert_eq!(
                hits_of(rule, "app/A.php", "<?php\n\nclass A {}\n").len(),
                1,
                "{rule}"
            );
            assert!(
                hits_of(rule, "app/B.php", "<?php\ndeclare(strict_types = 1);\n").is_empty(),
                "{rule}"
            );
            assert!(hits_of(rule, "app/empty.php", "\n").is_empty(), "{rule}");
            assert!(hits_of(rule, "src/a.ts", "let a = 1;\n").is_empty(), "{rule}");
            for template in ["<div>{{ $x }}</div>\n", "<html><?php echo 1; ?></html>\n"] {
                assert!(
                    hits_of(rule, "resources/views/a.blade.php", template).is_empty(),
                    "{rule}"
                );
            }
        }
        // The language named, the place said: the preamble as PHP writes it.
        let top = "Always use `declare(strict_types=1);` at the top of PHP files.";
        assert_eq!(
            hits_of(top, "app/Services/A.php", "<?php\n\nclass A {}\n").len(),
            1
        );
        assert!(hits_of(top, "app/B.php", "<?php\n\ndeclare(strict_types=1);\n").is_empty());
        assert!(hits_of(top, "resources/views/a.blade.php", "<div>{{ $x }}</div>\n").is_empty());
        let future = "Every module must have `from __future__ import annotations`.";
        assert_eq!(hits_of(future, "pkg/a.py", "import os\n").len(), 1);
        assert!(hits_of(future, "pkg/b.py", "from __future__ import annotations\n").is_empty());
        // Mentioned, negated: nothing required.
        for rule in [
            "`declare(strict_types=1);` is used in the legacy module.",
            "Never add `declare(strict_types=1)` to templates.",
        ] {
            assert!(hits_of(rule, "app/A.php", "<?php\n").is_empty(), "{rule}");
        }
    }

    #[test]
    fn a_text_at_the_top_of_all_files_of_a_language_is_required_in_the_non_empty_ones() {
        for r in [
            "Use `from __future__ import annotations` at the top of all Python files",
            "Poner `from __future__ import annotations` al principio de todos los archivos Python",
        ] {
            let without = "import os\n\ndef f() -> int:\n    return 1\n";
            let with = "\"\"\"Module.\"\"\"\nfrom __future__ import annotations\n\nimport os\n";
            assert_eq!(hits_of(r, "pkg/a.py", without).len(), 1, "{r}");
            assert!(hits_of(r, "pkg/b.py", with).is_empty(), "{r}");
            assert!(hits_of(r, "pkg/__init__.py", "").is_empty(), "{r}: an empty file");
            assert!(
                hits_of(r, "src/a.ts", "export {};\n").is_empty(),
                "{r}: Python files only"
            );
        }
        // Forbidden at the top: never a Require.
        for r in [
            "Never put `// @ts-nocheck` at the top of all TypeScript files.",
            "No `'use client'` at the top of all React files; only where hooks are used.",
            "Do not add `# type: ignore` at the top of every Python file.",
        ] {
            let inference = crate::rules::infer::infer(&crate::rules::infer::tests::rule_of(r));
            assert!(
                inference.checks.iter().all(|c| c.require.is_none()),
                "{r}: {:?}",
                inference.checks
            );
        }
    }

    #[test]
    fn a_required_start_is_a_require_in_the_named_language() {
        // A Blade view opens with markup and cannot declare it (a real Laravel project's
        // CLAUDE.md, FayazK/liar: 4 false findings on `.blade.php` views).
        let named = "PHP files start with `declare(strict_types=1);`";
        assert!(
            hits_of(
                named,
                "resources/views/app.blade.php",
                "<!DOCTYPE html>\n<html>\n"
            )
            .is_empty()
        );
        assert_eq!(hits_of(named, "app/A.php", "<?php\n\nnamespace App;\n").len(), 1);
        // A statement, on its line or after the open tag — not the words in a docblock.
        let docblock = "<?php\n/**\n * See declare(strict_types=1) in the guide.\n */\nclass A {}\n";
        assert_eq!(hits_of(named, "app/A.php", docblock).len(), 1);
        assert!(hits_of(named, "app/A.php", "<?php declare(strict_types=1);\n").is_empty());
        let php = "Todos los archivos PHP deben comenzar con `declare(strict_types=1);`";
        let without = "<?php\n\nnamespace App;\n";
        let with = "<?php\n\ndeclare(strict_types=1);\n\nnamespace App;\n";
        assert_eq!(hits_of(php, "app/A.php", without).len(), 1);
        assert!(hits_of(php, "app/B.php", with).is_empty());
        assert!(hits_of(php, "app/c.ts", without).is_empty(), "PHP files only");
        let yml = "YML files should begin with --- on the first line.";
        assert_eq!(hits_of(yml, ".github/workflows/ci.yml", "name: CI\n").len(), 1);
        assert!(hits_of(yml, ".github/workflows/ci.yml", "---\nname: CI\n").is_empty());
        let golangci = "**V2 Config:** Ensure `.golangci.yml` uses `version: \"2\"`.";
        assert_eq!(
            hits_of(golangci, ".golangci.yml", "run:\n  timeout: 5m\n").len(),
            1
        );
        assert!(hits_of(golangci, ".golangci.yml", "version: \"2\"\nrun:\n").is_empty());
        assert!(hits_of(golangci, "other.yml", "run:\n").is_empty());
        // No language named: nothing.
        assert!(hits_of("Files must begin with `// @ts-check`.", "a.js", "x\n").is_empty());
    }
}
