//! Linter exemptions pass: "**No explicit `any`** (`typescript/no-explicit-any: error`)", "no
//! bare except (ruff `E722`)" — a rule that names the linter rule enforcing it keeps that
//! linter's own exemptions: a line the project exempts with `// eslint-disable-next-line
//! no-explicit-any`, `// oxlint-disable-line …`, `/* stylelint-disable-next-line … */`, `// biome-ignore lint/…/noExplicitAny`, `//
//! deno-lint-ignore …`, `# noqa: E722`, `# pylint: disable=…`, or a file with `/* eslint-disable
//! … */` (up to its `eslint-enable`) or `# ruff: noqa: E722`, is a deliberate exception, not a
//! violation. Each of the rule's pattern checks tries those comments first, as branches without a
//! `hit`: what they cover reports nothing, and `--explain` shows the branches.

use std::sync::LazyLock;

use regex::Regex;

use super::super::concepts::alternation;
use super::super::literal;
use super::super::naming::kebab_to_camel;
use super::super::words::{LINTER_WORDS, SUPPRESS_WORDS};
use super::{Context, Found};
use crate::rules::model::Origin;

/// A linter rule's name as a project writes it: `no-explicit-any`, `typescript/no-explicit-any`,
/// `@typescript-eslint/no-explicit-any`, `node/no-process-env: error` (`"warn"`, `off`: a level
/// in words — `fetch-depth: 0` is a YAML key). The kebab-case name is group `name`.
// Constant patterns, exercised by the tests: compiling them cannot fail at run time.
static KEBAB_RULE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"^(?:@?[a-z0-9][\w.-]*/)*(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?:[ \t]*:[ \t]*["']?(?P<level>error|warn|warning|off)["']?)?$"#,
    )
    .expect("a constant regex compiles")
});

/// What a linter's directive is called: a code span holding one names the directive, not a rule.
const DIRECTIVE_WORDS: &[&str] = &["disable", "ignore", "noqa", "nolint", "suppress", "expect-error"];

/// A Ruff / Flake8 / Pylint code: `E722`, `BLE001`, `PLR2004`.
static LINT_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Z]{1,4}[0-9]{1,4}$").expect("a constant regex compiles"));

/// How linter rules' names begin when they forbid or require: `no-important`, `prefer-template`.
const RULE_NAME_VERBS: &[&str] = &[
    "no-",
    "prefer-",
    "require-",
    "consistent-",
    "ban-",
    "max-",
    "explicit-",
    "restrict-",
    "strict-",
];

/// Whether a code span is a linter rule's name as a project cites it — with its plugin
/// (`plugin/no-important`, `@typescript-eslint/no-floating-promises`) or a level
/// (`no-console: error`) — which names what enforces the rule, not what it forbids: "No
/// sub-pixel precision (`plugin/no-subpixel-values`)" forbids no such text.
pub fn is_linter_rule_reference(text: &str) -> bool {
    let text = text.trim();
    KEBAB_RULE.captures(text).is_some_and(|caps| {
        caps.name("level").is_some()
            || (text.contains('/') && RULE_NAME_VERBS.iter().any(|v| caps["name"].starts_with(v)))
    })
}

/// "Never disable ESLint rules such as `no-explicit-any`", "Do not use `eslint-disable`
/// comments": the rule is about the linter's directives, which are what it forbids.
pub fn about_directives(ctx: &Context) -> bool {
    ctx.tokens.iter().any(|t| {
        t.is_word() && SUPPRESS_WORDS.contains(&t.lower.as_str())
            || t.is_code() && DIRECTIVE_WORDS.iter().any(|w| t.lower.contains(w))
    })
}

/// The linter rules the rule names: kebab-case names (cited with a plugin or a level, or among
/// words that speak of a linter) and codes (among such words).
fn named_linter_rules(ctx: &Context) -> (Vec<String>, Vec<String>) {
    let speaks_of_lint = ctx.tokens.iter().any(|t| {
        t.is_word() && LINTER_WORDS.contains(&t.lower.as_str())
            || t.is_code() && LINTER_WORDS.iter().any(|w| t.lower.contains(w))
    });
    let (mut names, mut codes) = (Vec::new(), Vec::new());
    for t in ctx.tokens.iter().filter(|t| t.is_code()) {
        let text = t.text.trim();
        if let Some(caps) = KEBAB_RULE.captures(text)
            && (speaks_of_lint || is_linter_rule_reference(text))
        {
            let name = caps["name"].to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        } else if speaks_of_lint && LINT_CODE.is_match(text) && !codes.iter().any(|c| c == text) {
            codes.push(text.to_string());
        }
    }
    (names, codes)
}

/// The comments that exempt a line or a file from the linter rules `names` and `codes`, as
/// branches that consume what they exempt.
fn exemptions(names: &[String], codes: &[String]) -> String {
    let mut branches: Vec<String> = Vec::new();
    // A directive without a list exempts the line from every rule of its linter.
    let bare_line_end = r"[ \t]*(?:\*/|-->)?[ \t]*(?:$|--[^\r\n]*)";
    if !names.is_empty() {
        let listed = alternation(names);
        // A whole name: not a longer one it starts (`no-console` is not `no-console-log`), and
        // never past the line's end, which the branch's own end consumes.
        let named = format!(r"[^\w\r\n-](?:{listed})(?:[^\w\r\n-]|$)");
        // The same rule as Biome names it: `no-explicit-any` → `noExplicitAny`.
        let camels: Vec<String> = names.iter().map(|n| kebab_to_camel(n)).collect();
        // The next line.
        branches.push(format!(
            r"(?:(?:es|ox|style)lint-disable-next-line|deno-lint-ignore(?:[ \t]|$))(?:{bare_line_end}|[^\r\n]*?{named}[^\r\n]*)\r?\n[^\r\n]*"
        ));
        branches.push(format!(
            r"biome-ignore[ \t]+lint/(?:\w+/)?(?:{})\b[^\r\n]*\r?\n[^\r\n]*",
            alternation(&camels)
        ));
        // The line itself.
        branches.push(format!(
            r"(?:^|\n)[^\r\n]*?(?:(?:es|ox|style)lint-disable-line(?:{bare_line_end}|[^\r\n]*?{named})|#[ \t]*pylint:[ \t]*disable=[^\r\n]*?{named})[^\r\n]*"
        ));
        // The file, or up to where the linter is enabled again.
        branches.push(format!(
            r"/\*[ \t]*(?:es|ox|style)lint-disable(?:[ \t]*|[ \t](?:[^\r\n*]*?[^\w\r\n-])?(?:{listed})(?:[^\w\r\n*-][^\r\n*]*)?)\*/(?s:.*?)(?:(?:es|ox|style)lint-enable\b|\z)"
        ));
        branches.push(format!(
            r"deno-lint-ignore-file(?:[ \t]*$|[^\r\n]*?{named})(?s:.*)"
        ));
    }
    if !codes.is_empty() {
        let coded = format!(r"\b(?:{})\b", alternation(codes));
        branches.push(format!(
            r"(?:^|\n)[^\r\n]*?#[ \t]*noqa[ \t]*(?:$|:[^\r\n]*?{coded})[^\r\n]*"
        ));
        branches.push(format!(
            r"#[ \t]*(?:ruff|flake8):[ \t]*noqa[ \t]*(?:$|:[^\r\n]*?{coded})(?s:.*)"
        ));
    }
    branches.join("|")
}

/// Makes every pattern check found so far keep the exemptions of the linter rules the rule
/// names; notes which.
pub fn run(ctx: &Context, out: &mut Found) {
    if about_directives(ctx) || !out.has_checks() {
        return;
    }
    let (names, codes) = named_linter_rules(ctx);
    if names.is_empty() && codes.is_empty() {
        return;
    }
    let consumed = exemptions(&names, &codes);
    let listed: Vec<String> = names.iter().chain(&codes).map(|n| format!("`{n}`")).collect();
    let said = listed.join(", ");
    let mut changed = false;
    out.map_checks(|check| {
        let Some(pattern) = &check.pattern else {
            return;
        };
        check.pattern = Some(literal::consumed_first(pattern, &consumed));
        if let Origin::Inferred { explanation } = &mut check.origin {
            explanation.push_str(&format!(
                "; lines and files the linter's own comments exempt from {said} left alone"
            ));
        }
        changed = true;
    });
    if changed {
        // Style sheets' linter is Stylelint, whose comments are ESLint's with its name.
        let css_only = out.checks().iter().all(|(_, c)| {
            c.files
                .iter()
                .all(|g| [".css", ".scss", ".sass", ".less"].iter().any(|e| g.ends_with(e)))
        });
        let comments = match (names.is_empty(), codes.is_empty()) {
            (false, true) if css_only => "`stylelint-disable-next-line`, `/* stylelint-disable */`",
            (false, true) => "`eslint-disable-next-line`, `/* eslint-disable */`",
            (true, false) => "`# noqa: …`, `# ruff: noqa: …`",
            _ => "`eslint-disable-next-line`, `# noqa: …`",
        };
        out.note(
            super::At::Places,
            format!("names the linter rule {said}: its disable comments ({comments}) exempt lines as the linter does"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_as_projects_write_them() {
        for (text, name) in [
            ("typescript/no-explicit-any: error", "no-explicit-any"),
            ("@typescript-eslint/no-explicit-any", "no-explicit-any"),
            ("node/no-process-env: \"error\"", "no-process-env"),
            ("prefer-template", "prefer-template"),
        ] {
            let caps = KEBAB_RULE.captures(text).expect(text);
            assert_eq!(&caps["name"], name);
        }
        // A YAML key and its value is no linter rule and level.
        for text in [
            "pnpm lint",
            "src/app.ts",
            "NoExplicitAny",
            "any",
            "fetch-depth: 0",
        ] {
            assert!(KEBAB_RULE.captures(text).is_none(), "{text}");
        }
        assert_eq!(kebab_to_camel("no-explicit-any"), "noExplicitAny");
        assert!(LINT_CODE.is_match("PLR2004") && !LINT_CODE.is_match("e722"));
    }
}
