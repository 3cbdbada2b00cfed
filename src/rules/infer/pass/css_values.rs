//! CSS-values pass: a CSS property whose hardcoded values a rule forbids — "Never hardcode
//! `font-size`", "No hardcoded `color`, `background` values", "use elevation tokens instead of
//! a hardcoded `box-shadow`/`rgba()` value" — flags the property's declarations whose value is
//! written out (`box-shadow: 0 1px 2px rgba(0,0,0,.2)`, `zIndex: 100` in CSS-in-JS), not those
//! that take a token (`var(--…)`, `$scss`, `@less`, `theme(…)`), a global keyword (`inherit`,
//! `none`) or `0`, and never the property's name anywhere else: the name is not what is
//! forbidden, its written-out value is.

use super::super::files::{FileScope, Lang};
use super::super::naming::kebab_to_camel;
use super::super::phrases::Entity;
use super::super::text::{Kind, Token, clauses, listed_code};
use super::super::words::{CSS_PROPERTIES, HARDCODED_WORDS};
use super::{At, Context, Found, Route};
use crate::rules::model::Within;

/// A CSS property as a rule names it: `box-shadow`, or a family by its prefix (`margin*`,
/// `padding-*`), which also covers the longhands (`margin-top`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Property {
    name: String,
    family: bool,
}

impl Property {
    fn of(span: &str) -> Option<Property> {
        let text = span.trim().trim_end_matches(':');
        let (name, family) = match text.strip_suffix('*') {
            Some(stem) => (stem.trim_end_matches('-'), true),
            None => (text, false),
        };
        CSS_PROPERTIES.contains(&name).then(|| Property {
            name: name.to_string(),
            family,
        })
    }

    /// The name in a style sheet, with a vendor prefix maybe (`-webkit-box-shadow`).
    fn css(&self) -> String {
        let longhands = if self.family { "(?:-[a-z]+)*" } else { "" };
        format!(
            "(?:-(?:webkit|moz|ms|o)-)?{}{longhands}",
            regex::escape(&self.name)
        )
    }

    /// The name in CSS-in-JS objects: `boxShadow`, `zIndex`, `marginTop` for `margin*`.
    fn camel(&self) -> String {
        let longhands = if self.family { "(?:[A-Z][a-z]+)*" } else { "" };
        format!("{}{longhands}", kebab_to_camel(&self.name))
    }
}

/// Values that are no hardcoding: a token (`var(--x)`, `calc(var(--x) * 2)`, `$x`, `@x`,
/// `theme(…)`, `token(…)`, `env(…)`) or a keyword or `0`, alone in the declaration.
const TOKEN_VALUE: &str = r"var\(|calc\([^;{}\r\n]*var\(|[$@]|theme\(|token\(|env\(";
const KEYWORD_VALUE: &str =
    r"(?i:inherit|initial|unset|revert|revert-layer|none|auto|currentcolor|transparent|0)";

/// The code a hardcoding word governs, in lists that name a CSS property: "hardcoded `a`, `b`,
/// or `c`", "a hardcoded `box-shadow`/`rgba()` value" — the property, and what qualifies its
/// values beside it (`rgba()`: the shadow's color, checked with the shadow). Worked out once per
/// rule, as `Context::hardcoded`, which routes these mentions here.
pub fn governed(tokens: &[Token]) -> Vec<String> {
    let mut out = Vec::new();
    for clause in clauses(tokens) {
        for (i, t) in clause.iter().enumerate() {
            if !t.is_word() || !HARDCODED_WORDS.contains(&t.lower.as_str()) {
                continue;
            }
            let group: Vec<&str> = listed_code(&clause[i + 1..]).map(|t| t.text.as_str()).collect();
            if group.iter().any(|s| Property::of(s).is_some()) {
                out.extend(group.into_iter().map(str::to_string));
            }
        }
    }
    out
}

/// Whether the span `text` is the end of CSS property names, not a command-line flag: payload's
/// "Use `padding-inline`/`padding-block` … instead of the `-left`/`-right`/`-top`/`-bottom`
/// equivalents" names physical properties by their suffix, in a rule whose other spans are
/// properties.
pub fn is_property_suffix(ctx: &Context, text: &str) -> bool {
    let suffix = text
        .strip_prefix('-')
        .is_some_and(|s| s.len() >= 2 && s.chars().all(|c| c.is_ascii_lowercase()));
    suffix
        && ctx.tokens.iter().any(|t| {
            matches!(t.kind, Kind::Span(_))
                && t.text
                    .split_once('-')
                    .is_some_and(|(family, _)| Property::of(family).is_some())
        })
}

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::CssValues) {
        let Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        let Some(property) = Property::of(text) else {
            continue;
        };
        let css = property.css();
        let spared = format!(r"{TOKEN_VALUE}|{KEYWORD_VALUE}[ \t]*(?:!important)?[ \t]*(?:[;}}]|$)");
        // First what is no declaration of it: the end of a longer name (`--shadow-box-shadow:`,
        // a custom property), then its declarations with a token or a keyword; what is left of
        // its declarations is hardcoded. (No separator before the name is consumed: a spared
        // `box-shadow:none;` must not hide the `box-shadow:1px red` right after it.)
        let pattern =
            format!(r"[\w-](?:{css})[ \t]*:|(?:{css})[ \t]*:[ \t]*(?:{spared})|(?P<hit>{css})[ \t]*:");
        let mut scope = ctx.scope_for(&[Lang::Css, Lang::Vue, Lang::Svelte], "the CSS property");
        let said = format!(
            "hardcoded values of the CSS property `{text}` after \"{}\": its declarations whose value is written out, not a token (`var(…)`, `$…`, `@…`, `theme(…)`), a keyword or `0`",
            f.trigger
        );
        let explanation = format!("{said}; scope {}", scope.why);
        out.check(
            At::Mention(i),
            ctx.pattern_check(pattern, scope.clone(), None, explanation, Within::Code),
        );
        // CSS-in-JS: `boxShadow: '0 1px …'`, `zIndex: 100` — a number or a string written out
        // (a name is a token: `zIndex: theme.z.modal`).
        if !ctx
            .named
            .admits(&[Lang::TypeScript, Lang::JavaScript, Lang::React])
        {
            continue;
        }
        let camel = property.camel();
        let quote = "[\"'\\x60]";
        let js_spared = format!(
            r"\b(?:{camel})[ \t]*:[ \t]*(?:{quote}(?:{TOKEN_VALUE}|{KEYWORD_VALUE}{quote})|0[ \t]*(?:[,}}]|$))"
        );
        let js_pattern = format!(r"{js_spared}|\b(?P<hit>{camel})[ \t]*:[ \t]*(?:-?\.?[0-9]|{quote})");
        scope = FileScope::of_langs(&[Lang::TypeScript, Lang::JavaScript], String::new());
        ctx.narrow(&mut scope);
        let explanation = format!(
            "{said}; in CSS-in-JS as `{camel}`: a number or string written out; scope {}",
            scope.describe()
        );
        out.check(
            At::Mention(i),
            ctx.pattern_check(js_pattern, scope, None, explanation, Within::Code),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const SHADOWS: &str = "Box shadows: use elevation tokens from `elevations.css` (`--elevation-100-canvas`, `--elevation-300-tooltip`) instead of a hardcoded `box-shadow`/`rgba()` value";

    #[test]
    fn hardcoded_declarations_not_tokens_nor_the_name() {
        let css = ".card {\n  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2);\n}\n.menu { box-shadow: var(--elevation-400-menu-panel); }\n.flat {\n  box-shadow: none;\n  -webkit-box-shadow: inset 0 0 0 1px var(--theme-elevation-1000);\n}\n:root {\n  --elevation-100-canvas: 0 1px 2px rgba(0, 0, 0, 0.1);\n  --card-box-shadow: 0 1px red;\n  --color-bg-transparent-hover: rgba(255, 255, 255, 0.05);\n}\n/* box-shadow: 0 0 1px red; */\n.x { transition: box-shadow 0.2s; color: rgba(0, 0, 0, 0.5); }\n";
        assert_eq!(
            texts(SHADOWS, "src/card.css", css),
            ["box-shadow", "-webkit-box-shadow"]
        );
        // The name in code is no declaration; a token in CSS-in-JS is no hardcoding.
        let tsx = "const style = { boxShadow: '0 1px 2px black', color: 'red' };\nconst menu = { boxShadow: 'var(--elevation-400-menu-panel)' };\nconst t = { boxShadow: theme.shadows.card };\ntype P = { boxShadow: string };\nconst name = 'box-shadow';\n";
        assert_eq!(texts(SHADOWS, "src/Card.tsx", tsx), ["boxShadow"]);
    }

    #[test]
    fn lists_families_and_values_for() {
        let rule = "Never hardcode `font-size`, `line-height`, or `letter-spacing` values.";
        let scss = ".a {\n  font-size: 14px;\n  line-height: $leading-normal;\n  letter-spacing: 0;\n  font-size: calc(var(--text-base) * 1.25);\n  line-height: 1.5 !important;\n}\n";
        assert_eq!(texts(rule, "a.scss", scss), ["font-size", "line-height"]);
        let rule = "Avoid hardcoded `z-index` numbers; use the `--z-*` scale.";
        let css = ".modal { z-index: 1000; }\n.base { z-index: auto; }\n.top { z-index: var(--z-modal); }\n";
        assert_eq!(texts(rule, "m.css", css), ["z-index"]);
        let js = "const s = StyleSheet.create({ modal: { zIndex: 10 }, base: { zIndex: 0 } });\n";
        assert_eq!(texts(rule, "m.ts", js), ["zIndex"]);
        let rule = "No raw `margin*` or `padding*` values: use the spacing tokens.";
        let css = ".a {\n  margin-top: 8px;\n  padding: var(--space-2);\n  padding-inline: 12px;\n  margin: 0;\n}\n";
        assert_eq!(texts(rule, "a.css", css), ["margin-top", "padding-inline"]);
    }

    #[test]
    fn hostile_declarations_are_read_once_and_plainly() {
        // Unclosed, deeply nested, valueless and one-line-many declarations: each read once (a
        // line past 2,000 bytes would be a minifier's, left alone whole).
        let deep = format!(".a {{ box-shadow: {}1px", "calc(".repeat(300));
        let css = format!(
            "{deep}\n.b {{ box-shadow: }}\n.c{{box-shadow:none;box-shadow:1px red;box-shadow:var(--e)}}\n"
        );
        assert_eq!(
            texts(SHADOWS, "src/x.css", &css),
            ["box-shadow", "box-shadow", "box-shadow"]
        );
    }

    #[test]
    fn suffixes_of_property_names_are_no_flags() {
        let rule = "Use `padding-inline`/`padding-block` and `margin-inline` instead of the `-left`/`-right`/`-top`/`-bottom` equivalents where a direction is implied.";
        assert!(texts(rule, "scripts/build.sh", "ls -left -top\n").is_empty());
        assert!(texts(rule, "package.json", "{\"scripts\": {\"a\": \"x -right\"}}\n").is_empty());
        // A flag in a rule about commands stays one.
        assert_eq!(
            texts("Never use `-rf`.", "scripts/clean.sh", "rm -rf build\n"),
            ["-rf"]
        );
    }

    #[test]
    fn a_property_without_hardcoding_words_stays_a_literal_reading() {
        // Not about values: the property's name is what the rule forbids (and `float` is no
        // token-rule property).
        let rule = "Never use `float` for layout.";
        assert_eq!(texts(rule, "a.css", ".a { float: left; }\n"), ["float"]);
        // "hardcoded" before a span that is no CSS property: not this pass.
        let rule = "No hardcoded `timeout` values.";
        assert!(texts(rule, "a.css", ".a { box-shadow: 0 0 1px red; }\n").is_empty());
    }
}
