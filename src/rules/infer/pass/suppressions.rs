//! Suppressions pass: "Use `golangci-lint` with project config, never suppress errors", "never
//! disable ESLint rules", "no silenciar advertencias del linter" — the directives that silence a
//! linter (`//nolint`, `eslint-disable`, `# noqa`, `# type: ignore`, `rubocop:disable`,
//! `#[allow(…)]`…), for the linters the rule names, or every one when it speaks of lint in
//! general. A rule that allows them under a condition ("without a comment explaining why") is
//! left to the conditions pass, and "never ignore errors" without a linter is error handling.

use super::super::files::{FileScope, Lang};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A linter's suppression directive: the names that call the linter, its language, the pattern
/// (the hit is the directive's name) and where the hit is.
struct Directive {
    linters: &'static [&'static str],
    lang: Lang,
    what: &'static str,
    pattern: &'static str,
    within: Within,
}

const DIRECTIVES: &[Directive] = &[
    Directive {
        linters: &[
            "golangci-lint",
            "golangci",
            "staticcheck",
            "revive",
            "gosec",
            "errcheck",
        ],
        lang: Lang::Go,
        what: "`//nolint`",
        pattern: r"//[ \t]*(?P<hit>nolint)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["eslint"],
        lang: Lang::TypeScript,
        what: "`eslint-disable` comments",
        pattern: r"(?://|/\*)[ \t]*(?P<hit>eslint-disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["eslint"],
        lang: Lang::JavaScript,
        what: "`eslint-disable` comments",
        pattern: r"(?://|/\*)[ \t]*(?P<hit>eslint-disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["biome"],
        lang: Lang::TypeScript,
        what: "`biome-ignore` comments",
        pattern: r"//[ \t]*(?P<hit>biome-ignore)",
        within: Within::Comments,
    },
    Directive {
        linters: &["ruff", "flake8"],
        lang: Lang::Python,
        what: "`# noqa`",
        pattern: r"#[ \t]*(?P<hit>noqa)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["pylint"],
        lang: Lang::Python,
        what: "`# pylint: disable`",
        pattern: r"#[ \t]*(?P<hit>pylint:[ \t]*disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["mypy", "pyright"],
        lang: Lang::Python,
        what: "`# type: ignore`",
        pattern: r"#[ \t]*(?P<hit>type:[ \t]*ignore|pyright:[ \t]*ignore)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["rubocop"],
        lang: Lang::Ruby,
        what: "`# rubocop:disable`",
        pattern: r"#[ \t]*(?P<hit>rubocop:(?:disable|todo))\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["clippy"],
        lang: Lang::Rust,
        what: "`#[allow(…)]`",
        pattern: r"#!?\[[ \t]*(?P<hit>allow)[ \t]*\(",
        within: Within::Code,
    },
    Directive {
        linters: &["swiftlint"],
        lang: Lang::Swift,
        what: "`// swiftlint:disable`",
        pattern: r"//[ \t]*(?P<hit>swiftlint:disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["phpstan"],
        lang: Lang::Php,
        what: "`@phpstan-ignore`",
        pattern: r"(?P<hit>@phpstan-ignore)",
        within: Within::Comments,
    },
    Directive {
        linters: &["ktlint"],
        lang: Lang::Kotlin,
        what: "`ktlint-disable`",
        pattern: r"(?://|/\*)[ \t]*(?P<hit>ktlint-disable)",
        within: Within::Comments,
    },
];

/// Verbs of silencing.
const SUPPRESS_WORDS: &[&str] = &[
    "suppress",
    "suppressing",
    "silence",
    "silencing",
    "disable",
    "disabling",
    "mute",
    "bypass",
    "suprimir",
    "suprimas",
    "silenciar",
    "silencies",
    "desactivar",
    "desactives",
    "deshabilitar",
    "deshabilites",
];
/// Words for lint in general.
const LINT_WORDS: &[&str] = &["lint", "linter", "linters", "linting", "lints"];
/// Words that allow a suppression under a condition, which a check cannot see.
const CONDITION_WORDS: &[&str] = &[
    "without",
    "unless",
    "except",
    "justify",
    "justified",
    "justification",
    "reason",
    "rationale",
    "explain",
    "explaining",
    "sin",
    "salvo",
    "excepto",
    "justificar",
    "justificación",
    "motivo",
];

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(NEGATIONS) || !ctx.says(SUPPRESS_WORDS) || ctx.says(CONDITION_WORDS) {
        return;
    }
    let named: Vec<&Directive> = DIRECTIVES
        .iter()
        .filter(|d| ctx.says_or_quotes(d.linters))
        .collect();
    let chosen: Vec<&Directive> = if !named.is_empty() {
        named
    } else if ctx.says(LINT_WORDS) {
        let langs = ctx.named.langs();
        DIRECTIVES
            .iter()
            .filter(|d| langs.is_empty() || langs.contains(&d.lang))
            .collect()
    } else {
        return;
    };
    for d in chosen {
        let mut scope = FileScope::of_langs(&[d.lang], String::new()).titled(d.lang.name());
        ctx.narrow(&mut scope);
        let explanation = format!(
            "linter suppressions forbidden: {} ({}); scope {}",
            d.what,
            d.lang.name(),
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(d.pattern.to_string(), scope, None, explanation, d.within),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn a_named_linters_suppressions() {
        let i = "**Linting:** Use `golangci-lint` with project config, never suppress errors";
        let go = "package gemini\n\n// Do not add nolint directives here; fix the finding.\nfunc f() {\n\tx := rand.Intn(3) //nolint:gosec\n\tresp.Body.Close() // nolint:errcheck\n\ts := \"//nolint\"\n}\n";
        assert_eq!(texts(i, "internal/gemini/gen.go", go), ["nolint", "nolint"]);
        assert!(texts(i, ".golangci.yml", "linters:\n  enable:\n    - errcheck\n").is_empty());
        // Another linter's directives are not this rule's.
        assert!(texts(i, "src/a.ts", "// eslint-disable-next-line\n").is_empty());
    }

    #[test]
    fn lint_in_general_takes_every_directive_of_the_language() {
        let i = "Never disable linter rules in Python code.";
        let py = "import os  # noqa: F401\nx = f()  # type: ignore\n# pylint: disable=invalid-name\n# a noqa in prose\n";
        assert_eq!(
            texts(i, "app/main.py", py),
            ["noqa", "type: ignore", "pylint: disable"]
        );
        assert!(texts(i, "src/a.ts", "// eslint-disable-next-line\n").is_empty());
        let rs = "#![allow(dead_code)]\n#[allow(clippy::unwrap_used)]\nfn f() {}\n// #[allow(x)]\n";
        assert_eq!(
            texts("No silenciar clippy.", "src/lib.rs", rs),
            ["allow", "allow"]
        );
    }

    #[test]
    fn conditions_and_error_handling_are_not_this() {
        let go = "x := f() //nolint:gosec\n";
        for other in [
            "Never disable ESLint rules without a comment explaining why.",
            "Never ignore errors.",
            "Don't suppress errors; handle them.",
            "Always run golangci-lint before committing.",
        ] {
            assert!(texts(other, "a.go", go).is_empty(), "{other}");
            assert!(
                texts(other, "a.ts", "// eslint-disable-next-line\n").is_empty(),
                "{other}"
            );
        }
    }
}
