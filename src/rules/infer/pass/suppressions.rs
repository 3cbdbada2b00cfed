//! Suppressions pass: "Use `golangci-lint` with project config, never suppress errors", "never
//! disable ESLint rules", "no silenciar advertencias del linter" — the directives that silence a
//! linter (`//nolint`, `eslint-disable`, `# noqa`, `# type: ignore`, `rubocop:disable`,
//! `#[allow(…)]`…), for the linters the rule names, or every one when it speaks of lint in
//! general. A rule that allows them under a condition ("without a comment explaining why") is
//! left to the conditions pass, and "never ignore errors" without a linter is error handling.

use super::super::files::{FileScope, Lang};
use super::super::literal::{self, LitKind};
use super::super::text::Kind;
use super::super::words::{DETERMINERS, NEGATIONS, SUPPRESS_WORDS};
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

/// A linter's suppression directive: the names that call the linter, its languages, the
/// pattern (the hit is the directive's name) and where the hit is.
struct Directive {
    linters: &'static [&'static str],
    langs: &'static [Lang],
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
        langs: &[Lang::Go],
        what: "`//nolint`",
        pattern: r"//[ \t]*(?P<hit>nolint)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["eslint"],
        langs: &[Lang::TypeScript, Lang::JavaScript],
        what: "`eslint-disable` comments",
        pattern: r"(?://|/\*)[ \t]*(?P<hit>eslint-disable(?:-next-line|-line)?)",
        within: Within::Comments,
    },
    Directive {
        linters: &["biome"],
        langs: &[Lang::TypeScript],
        what: "`biome-ignore` comments",
        pattern: r"//[ \t]*(?P<hit>biome-ignore)",
        within: Within::Comments,
    },
    Directive {
        linters: &["ruff", "flake8"],
        langs: &[Lang::Python],
        what: "`# noqa`",
        pattern: r"#[ \t]*(?P<hit>noqa)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["pylint"],
        langs: &[Lang::Python],
        what: "`# pylint: disable`",
        pattern: r"#[ \t]*(?P<hit>pylint:[ \t]*disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["mypy", "pyright"],
        langs: &[Lang::Python],
        what: "`# type: ignore`",
        pattern: r"#[ \t]*(?P<hit>type:[ \t]*ignore|pyright:[ \t]*ignore)\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["rubocop"],
        langs: &[Lang::Ruby],
        what: "`# rubocop:disable`",
        pattern: r"#[ \t]*(?P<hit>rubocop:(?:disable|todo))\b",
        within: Within::Comments,
    },
    Directive {
        linters: &["clippy"],
        langs: &[Lang::Rust],
        what: "`#[allow(…)]`",
        pattern: r"#!?\[[ \t]*(?P<hit>allow)[ \t]*\(",
        within: Within::Code,
    },
    Directive {
        linters: &["swiftlint"],
        langs: &[Lang::Swift],
        what: "`// swiftlint:disable`",
        pattern: r"//[ \t]*(?P<hit>swiftlint:disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["phpstan"],
        langs: &[Lang::Php],
        what: "`@phpstan-ignore`",
        pattern: r"(?P<hit>@phpstan-ignore)",
        within: Within::Comments,
    },
    Directive {
        linters: &["ktlint"],
        langs: &[Lang::Kotlin],
        what: "`ktlint-disable`",
        pattern: r"(?://|/\*)[ \t]*(?P<hit>ktlint-disable)",
        within: Within::Comments,
    },
    Directive {
        linters: &["zizmor", "yamllint"],
        langs: &[Lang::Yaml],
        what: "`# zizmor: ignore` / `# yamllint disable`",
        pattern: r"#[ \t]*(?P<hit>zizmor:[ \t]*ignore|yamllint[ \t]+disable(?:-line)?)\b",
        within: Within::Comments,
    },
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
    // A condition ("without a comment explaining why") leaves the directives to the conditions
    // pass, which proposes them when only a justification is asked for.
    if !ctx.says(NEGATIONS) || !ctx.says(SUPPRESS_WORDS) || (ctx.says(CONDITION_WORDS) && !ctx.proposing) {
        return;
    }
    // The linters the rule names, in all their languages; else, for lint in general, every
    // directive in the languages the rule names (all when it names none).
    let by_linter: Vec<(&Directive, Vec<Lang>)> = DIRECTIVES
        .iter()
        .filter(|d| ctx.says_or_quotes(d.linters))
        .map(|d| (d, d.langs.to_vec()))
        .collect();
    // "`#[allow(clippy::too_many_lines)]` is forbidden. Never suppress the lint.": the lint is
    // the one the rule quotes, whose directive the literals pass checks — not every linter's.
    let quotes_a_directive = ctx.tokens.iter().any(|t| {
        matches!(t.kind, Kind::Span(_))
            && literal::classify(&t.text).is_ok_and(|l| l.kind == LitKind::Directive)
    });
    let lints = suppressed_lints(ctx);
    let chosen = if !by_linter.is_empty() {
        by_linter
    } else if ctx.says(LINT_WORDS) && !quotes_a_directive {
        let named = ctx.named.langs();
        DIRECTIVES
            .iter()
            .map(|d| {
                let langs: Vec<Lang> = d
                    .langs
                    .iter()
                    .copied()
                    .filter(|l| named.is_empty() || named.contains(l))
                    .collect();
                (d, langs)
            })
            .filter(|(_, langs)| !langs.is_empty())
            .collect()
    } else {
        return;
    };
    // "Never suppress the `no-explicit-any` rule": a directive silencing another lint is not
    // this rule's business — only those that name one of its lints on the same line.
    let (naming, which) = if lints.is_empty() {
        (String::new(), String::new())
    } else {
        let names: Vec<String> = lints.iter().map(|l| regex::escape(l)).collect();
        // Right after the directive (`#[allow(` consumed its parenthesis) or after a character
        // that ends a name: `no-explicit-any` is not named in `…/no-explicit-any-ish`.
        (
            format!(r"(?:[^\r\n]*?[^\w\r\n-])?(?:{})(?:[^\w-]|$)", names.join("|")),
            format!(" naming `{}`", lints.join("`, `")),
        )
    };
    for (d, langs) in chosen {
        let names = lang_names(&langs);
        let mut scope = FileScope::of_langs(&langs, String::new()).titled(&names);
        ctx.narrow(&mut scope);
        let explanation = format!(
            "linter suppressions forbidden: {}{which} ({names}); scope {}",
            d.what, scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                format!("{}{naming}", d.pattern),
                scope,
                None,
                explanation,
                d.within,
            ),
        );
    }
}

/// The lints a rule names as what it never silences: code spans right after a silencing verb
/// ("never suppress the `dangerous-triggers` lint", "don't disable `no-explicit-any` or
/// `no-console`"), unless a span is a directive itself (the literals pass checks that one).
fn suppressed_lints(ctx: &Context) -> Vec<String> {
    let tokens = &ctx.tokens;
    let mut lints = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if !(t.kind == Kind::Word && SUPPRESS_WORDS.contains(&t.lower.as_str())) {
            continue;
        }
        let mut j = i + 1;
        // Determiners between the verb and the lint: "suppress the `X` lint", "any `Y`".
        while tokens.get(j).is_some_and(|t| {
            t.is_word()
                && (DETERMINERS.contains(&t.lower.as_str())
                    || matches!(t.lower.as_str(), "any" | "ningún" | "ninguna"))
        }) {
            j += 1;
        }
        while let Some(t) = tokens.get(j) {
            match t.kind {
                Kind::Span(_) if is_lint_name(&t.text) => lints.push(t.text.clone()),
                Kind::Comma | Kind::Word if t.lists_code() => {}
                _ => break,
            }
            j += 1;
        }
    }
    lints.sort();
    lints.dedup();
    lints
}

/// A lint's name as linters spell one (`dangerous-triggers`, `no-explicit-any`,
/// `clippy::unwrap_used`, `E501`, `@typescript-eslint/ban-ts-comment`), not a directive.
fn is_lint_name(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 80
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '/' | '@' | '.'))
        && literal::classify(text).is_ok_and(|l| l.kind != LitKind::Directive)
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
    fn the_lint_a_rule_quotes_is_the_one_it_means() {
        let i = "`#[allow(clippy::too_many_lines)]` is absolutely forbidden. Never suppress the lint.";
        assert!(texts(i, "src/a.ts", "// eslint-disable-next-line\n").is_empty());
        assert!(texts(i, "app/a.py", "import os  # noqa\n").is_empty());
        let rs = "#[allow(clippy::too_many_lines, reason = \"table\")]\nfn f() {}\n#[allow(dead_code)]\n";
        assert_eq!(
            texts(i, "src/lib.rs", rs),
            ["#[allow(clippy::too_many_lines, reason = \"table\")]"]
        );
    }

    #[test]
    fn a_lint_the_rule_names_is_the_only_one_it_keeps_on() {
        let i = "NEVER suppress the `dangerous-triggers` security lint; extend the dispatcher in a separate pull request if it does not support the required event";
        let rs = "#[allow(dead_code)]\nfn f() {}\n";
        assert!(texts(i, "src/lib.rs", rs).is_empty());
        // Right after the directive's parenthesis, the name is named.
        let i2 = "Never suppress the `dead_code` lint.";
        let rs2 = "#[allow(dead_code)]\n#[allow(xdead_code)]\n#![allow(unused, dead_code)]\n";
        assert_eq!(texts(i2, "src/lib.rs", rs2), ["allow", "allow"]);
        assert!(texts(i, "app/a.py", "import os  # noqa: F401\n").is_empty());
        let yml = "on:\n  pull_request_target: # zizmor: ignore[dangerous-triggers]\n  push: # zizmor: ignore[unpinned-uses]\n# yamllint disable-line rule:line-length\n";
        assert_eq!(texts(i, ".github/workflows/ci.yml", yml), ["zizmor: ignore"]);
        let i = "Never disable the `no-explicit-any` or `no-console` ESLint rules.";
        let ts = "// eslint-disable-next-line no-explicit-any\nconst a: any = 1;\n// eslint-disable-next-line no-unused-vars\n/* eslint-disable no-console */\n// eslint-disable-next-line @typescript-eslint/no-explicit-any-ish\n";
        assert_eq!(
            texts(i, "src/a.ts", ts),
            ["eslint-disable-next-line", "eslint-disable"]
        );
        // Without a named lint, every directive of the linter is still this rule's.
        let i = "Never disable ESLint rules.";
        assert_eq!(texts(i, "src/a.ts", ts).len(), 4);
    }

    #[test]
    fn conditions_and_error_handling_are_not_this() {
        let go = "x := f() //nolint:gosec\n";
        // Without a comment explaining why: a bare directive is reported, one with its reason
        // (after it, or in a comment above) is not.
        let i = "Never disable ESLint rules without a comment explaining why.";
        assert!(texts(i, "a.go", go).is_empty());
        assert_eq!(
            texts(i, "a.ts", "// eslint-disable-next-line\n"),
            ["eslint-disable-next-line"]
        );
        for justified in [
            "// eslint-disable-next-line no-console -- the CLI prints its report\n",
            "// The CLI prints its report.\n// eslint-disable-next-line no-console\n",
        ] {
            assert!(texts(i, "a.ts", justified).is_empty(), "{justified}");
        }
        for other in [
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
