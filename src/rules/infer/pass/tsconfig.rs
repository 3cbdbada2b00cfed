//! TSConfig pass: TypeScript compiler options a rule mandates — "TypeScript with strict typing
//! enabled", "Enable strict mode in tsconfig", "Usar configuración estricta de TypeScript:
//! `"strict": true`, `"noImplicitAny": true`" — flag a `tsconfig*.json` that sets the option the
//! other way (`"strict": false`). An option left unset is not flagged: a base config the file
//! extends may set it.

use std::sync::LazyLock;

use regex::Regex;

use super::super::files::FileScope;
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

const TSCONFIG: &[&str] = &["**/tsconfig*.json", "**/jsconfig*.json"];

pub fn run(ctx: &Context, out: &mut Found) {
    if ctx.says(NEGATIONS) || !ctx.says(&["typescript", "ts", "tsconfig", "tsconfig.json"]) {
        return;
    }
    // `"strict": true` as the rule writes it: quoted whole, or its key alone.
    let mut options: Vec<(String, bool)> = Vec::new();
    for caps in OPTION.captures_iter(&ctx.rule.instruction) {
        let (key, value) = (caps[1].to_string(), &caps[2] == "true");
        if !options.iter().any(|(k, _)| *k == key) {
            options.push((key, value));
        }
    }
    // "strict typing", "strict mode", "configuración estricta", "modo estricto".
    let strict_words = ctx.says(&["strict", "estricta", "estricto"])
        && ctx.says(&[
            "typing",
            "mode",
            "types",
            "typed",
            "checking",
            "enabled",
            "enable",
            "configuración",
            "configuracion",
            "modo",
            "tipado",
            "config",
            "tsconfig",
        ]);
    if strict_words && !options.iter().any(|(k, _)| k == "strict") {
        options.push(("strict".to_string(), true));
    }
    for (key, value) in options {
        let mut scope = FileScope::of_globs(TSCONFIG, TSCONFIG.join(", "));
        ctx.narrow(&mut scope);
        let pattern = format!(r#"(?P<hit>"{}"[ \t]*:[ \t]*{})"#, regex::escape(&key), !value);
        let explanation = format!(
            "TypeScript option `\"{key}\": {value}` mandated: a config that sets it to {}; scope {}",
            !value, scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
        );
    }
}

/// A boolean compiler option as rules write it: `"strict": true`, `noImplicitAny: false`.
static OPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"["'`]?\b([A-Za-z][A-Za-z0-9]*)["'`]?[ \t]*:[ \t]*`?(true|false)\b"#)
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn compiler_options_set_the_other_way() {
        let tsconfig = "{\n  \"compilerOptions\": {\n    \"target\": \"ES2022\",\n    \"strict\": false,\n    \"noImplicitAny\": false\n  }\n}\n";
        for i in [
            "TypeScript with strict typing enabled",
            "Enable TypeScript strict mode.",
        ] {
            assert_eq!(texts(i, "tsconfig.json", tsconfig), ["\"strict\": false"], "{i}");
        }
        let es = "Usar configuración estricta de TypeScript: \"strict\": true, \"noImplicitAny\": true, y evitar el uso de 'any'.";
        assert_eq!(
            texts(es, "frontend/tsconfig.app.json", tsconfig),
            ["\"strict\": false", "\"noImplicitAny\": false"]
        );
        assert!(
            texts(
                "TypeScript with strict typing enabled",
                "src/a.ts",
                "const strict = false;\n"
            )
            .is_empty()
        );
        assert!(
            texts(
                "Don't enable strict mode in TypeScript yet.",
                "tsconfig.json",
                tsconfig
            )
            .is_empty()
        );
    }
}
