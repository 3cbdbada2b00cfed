//! Workflows pass: a setting mandated for the steps that use a GitHub Action — "If using
//! `actions/checkout`, it should have `persist-credentials: false` set", "Use checkout with
//! `fetch-depth: 0`" — flags each step using the action without that setting (the hit is the
//! action's reference, where the setting is missing).

use regex::escape;

use super::super::files::{FileScope, Lang};
use super::super::text::Kind;
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// The official actions rules name by their short name ("**checkout**", "setup-node").
const SHORT_NAMES: &[&str] = &[
    "checkout",
    "setup-node",
    "setup-python",
    "setup-java",
    "setup-go",
    "setup-dotnet",
    "cache",
    "upload-artifact",
    "download-artifact",
    "configure-pages",
    "deploy-pages",
];

pub fn run(ctx: &Context, out: &mut Found) {
    if ctx.says(NEGATIONS) {
        return;
    }
    let Some(action) = action_named(ctx) else {
        return;
    };
    let settings: Vec<(String, String)> = ctx
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, Kind::Span(_)))
        .filter_map(|t| setting(&t.text))
        .collect();
    for (key, value) in settings {
        let action_re = escape(&action);
        let key_re = escape(&key);
        let value_re = escape(&value);
        // A step's lines run until the next `- ` item. A step with the setting is consumed by
        // the first alternative (no `hit`); with the key set otherwise, the key is the hit
        // (one check); without the key, the action's reference is (the other).
        let step = format!(
            r#"\buses:[ \t]*["']?{action_re}@[^\r\n]*(?:\r?\n[ \t]+[^-\s#][^\r\n]*|\r?\n[ \t]*(?:#[^\r\n]*)?)*?\r?\n[ \t]+"#
        );
        let wrong_value = format!(
            r#"{step}{key_re}:[ \t]*["']?(?i:{value_re})["']?[ \t]*(?:#[^\r\n]*)?\r?$|{step}(?P<hit>{key_re}:[ \t]*[^\s#][^\r\n#]*?)[ \t]*(?:#[^\r\n]*)?\r?$"#
        );
        let missing = format!(r#"{step}{key_re}:|\buses:[ \t]*["']?(?P<hit>{action_re}@[^\s"'#]+)"#);
        let mut scope = FileScope::of_langs(&[Lang::Ci], String::new());
        scope.add_globs(&["**/action.yml", "**/action.yaml"]);
        let mut scope = scope.titled("GitHub workflows and actions");
        ctx.narrow(&mut scope);
        let explanation = format!(
            "`{key}: {value}` mandated for the steps using `{action}`: a step using it without `{key}`; scope {}",
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(missing, scope.clone(), None, explanation.clone(), Within::Any),
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                wrong_value,
                scope,
                None,
                format!("{explanation} (or with `{key}` set otherwise)"),
                Within::Any,
            ),
        );
    }
}

/// The action a rule names: `actions/checkout` (`owner/name`, with no `@ref`), or an official
/// action's short name ("checkout", "**setup-node**").
fn action_named(ctx: &Context) -> Option<String> {
    for t in ctx.tokens {
        let text = t.text.trim();
        if (t.is_code() || t.kind == Kind::Path)
            && let Some((owner, name)) = text.split_once('/')
            && !owner.is_empty()
            && !name.is_empty()
            && !text.contains('@')
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
            && (owner == "actions" || ctx.says(&["action", "actions", "workflow", "workflows"]))
        {
            return Some(text.to_string());
        }
        if SHORT_NAMES.contains(&t.lower.as_str())
            && ctx.says(&[
                "action",
                "actions",
                "workflow",
                "workflows",
                "step",
                "steps",
                "with",
            ])
        {
            return Some(format!("actions/{}", t.lower));
        }
    }
    None
}

/// `persist-credentials: false` → (`persist-credentials`, `false`): a YAML setting.
fn setting(text: &str) -> Option<(String, String)> {
    let (key, value) = text.split_once(':')?;
    let (key, value) = (key.trim(), value.trim().trim_matches(|c| c == '"' || c == '\''));
    let plain = |s: &str, extra: &[char]| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_') || extra.contains(&c))
    };
    (plain(key, &[]) && plain(value, &['.', '/'])).then(|| (key.to_string(), value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const WORKFLOW: &str = "jobs:\n  build:\n    steps:\n      - name: Checkout\n        uses: actions/checkout@v4\n\n      - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6\n        with:\n          fetch-depth: 0\n          persist-credentials: false\n      - uses: actions/checkout@v4\n        with:\n          fetch-depth: 1\n      - uses: actions/setup-node@v4\n  lint:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          persist-credentials: \"false\"\n";

    #[test]
    fn steps_using_the_action_without_the_setting() {
        let i = "If using `actions/checkout`, it should have `persist-credentials: false` set.";
        assert_eq!(
            texts(i, ".github/workflows/ci.yml", WORKFLOW),
            ["actions/checkout@v4", "actions/checkout@v4"]
        );
        let i = "Use **checkout** with `fetch-depth: 0`.";
        assert_eq!(
            texts(i, ".github/workflows/ci.yml", WORKFLOW),
            ["actions/checkout@v4", "fetch-depth: 1", "actions/checkout@v4"]
        );
        assert!(texts(i, "src/a.yml", WORKFLOW).is_empty(), "workflows only");
        // Forbidden: the steps without the setting are no violation.
        let forbidden = "Never set `persist-credentials: false` on `actions/checkout`.";
        let inference = crate::rules::infer::infer(&crate::rules::infer::tests::rule_of(forbidden));
        assert!(
            inference
                .checks
                .iter()
                .all(|c| !format!("{:?}", c.origin).contains("mandated for the steps")),
            "{:?}",
            inference.checks
        );
    }
}
