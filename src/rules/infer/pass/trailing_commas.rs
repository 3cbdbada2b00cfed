//! Trailing commas pass: "Use trailing commas in multi-line objects and arrays", "Añade una coma
//! al final del último elemento en objetos y arrays multilínea" — the last element of a
//! multi-line JS/TS object or array left without its comma; "No trailing commas" flags the
//! commas before a closing bracket. Function arguments and parameters are not read (the rules
//! seen name objects and arrays, and a rest element may not take one).

use super::super::concepts::{Detector, Effect};
use super::super::files::Lang;
use super::super::text::Token;
use super::super::words::{AGAINST_WORDS, NEGATIONS};
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

const JS_TS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript];

/// The start of an element's line: the line before ends with a comma in code (not in a
/// comment: `// a, b`), then the element's indentation.
macro_rules! after_a_comma {
    () => {
        concat!(
            r#"^(?:[^/\n'"`]|/[^/\n]|"#,
            js_string!(),
            r")*,[ \t]*(?://[^\n]*)?\r?\n[ \t]*"
        )
    };
}

/// The rest of an element on its line, up to its last character (a word, a closing bracket or a
/// string), with no comma or `;` in code.
macro_rules! element_rest {
    () => {
        concat!(
            r#"(?:[^,;\n'"`/]|/[^/*,;\n]|"#,
            js_string!(),
            r")*?(?:[\w$)\]}]|",
            js_string!(),
            ")"
        )
    };
}

/// The last property of a multi-line object literal (or destructuring, or import list) without
/// its comma: a `key: value` or shorthand `key` line after a line that ends with a comma (in
/// code, not in a comment), before a line that starts with `}`. A spread (`...rest`) is left
/// alone: a rest element may not take a comma. The `ahead` group marks the hit's end, where the
/// next search starts: the closing line may end the line before an outer list's last element
/// (`],` then `b: 3`).
const OBJECT_LAST_WITHOUT_COMMA: Detector = Detector {
    name: "missing-trailing-comma",
    summary: "the last property of a multi-line JS/TS object (after a line ending in `,`, before the `}` line) without its comma",
    pattern: concat!(
        after_a_comma!(),
        r#"(?P<hit>(?:[\w$]+|'[^'\\\n]*'|"[^"\\\n]*"|\[[^\]\n]+\])[ \t]*:[ \t]*"#,
        element_rest!(),
        r"|[\w$]+)(?P<ahead>)[ \t]*(?://[^\n]*)?\r?\n[ \t]*\}",
    ),
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// The last element of a multi-line array without its comma: a line after one that ends with a
/// comma, before a line that starts with `]` (the search goes on from the hit's end, as above).
const ARRAY_LAST_WITHOUT_COMMA: Detector = Detector {
    name: "missing-trailing-comma",
    summary: "the last element of a multi-line JS/TS array (after a line ending in `,`, before the `]` line) without its comma",
    pattern: concat!(
        after_a_comma!(),
        r"(?P<hit>(?:[\w$\[{(!-]|/[^/*]|",
        js_string!(),
        ")",
        element_rest!(),
        "|",
        js_string!(),
        r"|[\w$])(?P<ahead>)[ \t]*(?://[^\n]*)?\r?\n[ \t]*\]",
    ),
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A comma before the bracket that closes a multi-line object, array or argument list.
const TRAILING_COMMA: Detector = Detector {
    name: "trailing-comma",
    summary: "a `,` ending the last line of a multi-line JS/TS object, array or argument list",
    pattern: r"(?P<hit>,)[ \t]*(?://[^\n]*)?\r?\n[ \t]*[}\])]",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub fn run(ctx: &Context, out: &mut Found) {
    let Some((said, forbidden)) = trailing_commas(ctx.tokens) else {
        return;
    };
    let detectors: &[&Detector] = if forbidden {
        &[&TRAILING_COMMA]
    } else {
        &[&OBJECT_LAST_WITHOUT_COMMA, &ARRAY_LAST_WITHOUT_COMMA]
    };
    if !ctx.detector_fits(detectors[0]) {
        out.note(
            At::Places,
            format!(
                "\"{said}\" not checked: trailing commas are checked in JavaScript/TypeScript, and the rule names {}",
                lang_names(&ctx.named.langs())
            ),
        );
        return;
    }
    for d in detectors {
        let scope = ctx.detector_scope(d, &format!("\"{said}\""));
        let said = if forbidden {
            format!("trailing commas forbidden (\"{said}\")")
        } else {
            format!("trailing commas mandated (\"{said}\")")
        };
        out.check(At::Places, ctx.detector_check(d, scope, said));
    }
}

/// The words naming trailing commas ("trailing commas", "comas finales", "una coma al final del
/// último elemento"), and whether the rule forbids them (a negation or "without" before them).
fn trailing_commas(tokens: &[Token]) -> Option<(String, bool)> {
    let words: Vec<&Token> = tokens.iter().filter(|t| t.is_word()).collect();
    let is = |i: usize, options: &[&str]| words.get(i).is_some_and(|t| options.contains(&t.lower.as_str()));
    let at = (0..words.len()).find(|&i| {
        (is(i, &["trailing", "dangling"]) && is(i + 1, &["comma", "commas"]))
            || (is(i, &["coma", "comas"]) && is(i + 1, &["final", "finales", "colgante", "colgantes"]))
            || (is(i, &["coma", "comas"])
                && is(i + 1, &["al"])
                && is(i + 2, &["final"])
                && words[i + 3..]
                    .iter()
                    .any(|t| matches!(t.lower.as_str(), "último" | "ultimo" | "elemento" | "elementos")))
    })?;
    let said = format!("{} {}", words[at].text, words[at + 1].text);
    let before = &words[at.saturating_sub(3)..at];
    let forbidden = before
        .iter()
        .any(|t| NEGATIONS.contains(&t.lower.as_str()) || AGAINST_WORDS.contains(&t.lower.as_str()));
    Some((said, forbidden))
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const JS: &str = concat!(
        "const CONFIG = {\n",
        "  polling: 5000,\n",
        "  endpoints: {\n    status: 'a',\n    cancel: 'c'\n  },\n",
        "  phases: [\n    'a',\n    'b',\n    'c'\n  ],\n",
        "  debug: false\n",
        "};\n",
        "const done = { a: 1, b: 2 };\n",
        "const ok = {\n  a: 1,\n  b: 2,\n};\n",
        "setTimeout(\n  () => run(),\n  delay\n);\n",
        "const { a, ...rest } = props;\n",
        "const {\n  b,\n  ...others\n} = props;\n",
    );

    #[test]
    fn last_elements_without_their_comma() {
        for i in [
            "**Comas Finales (Trailing Commas)**: Añade una coma al final del último elemento en objetos y arrays multilínea.",
            "Use trailing commas in multi-line objects and arrays",
            "Always add trailing commas",
        ] {
            assert_eq!(
                texts(i, "src/config.js", JS),
                ["cancel: 'c'", "'c'", "debug: false"],
                "{i}"
            );
        }
    }

    #[test]
    fn shorthand_and_imports_and_crlf() {
        let i = "Use trailing commas";
        let ts = "import {\r\n  a,\r\n  b\r\n} from 'x';\r\nconst o = {\r\n  a,\r\n  名前: \"😀\"\r\n};\r\n";
        assert_eq!(texts(i, "src/a.ts", ts), ["b", "名前: \"😀\""]);
        // Nested: the inner list's closing line is the line before the outer's last element.
        let nested = "const o = {\n  a: [\n    1,\n    2\n  ],\n  b: 3\n};\n";
        assert_eq!(texts(i, "src/a.js", nested), ["2", "b: 3"]);
        // A comma in a comment is no list's (seen in payload: a type literal's member).
        let ts = "type A = (args: {\n  schemaPath: string\n  // unSanitized EditorConfig,\n  config: EditorConfig\n}) => void;\n";
        assert!(texts(i, "src/a.ts", ts).is_empty());
        let js = "const urls = [\n  'http://a,b',\n  'https://c'\n];\n";
        assert_eq!(texts(i, "src/a.js", js), ["'https://c'"]);
        // A block is no object: statements before its `}`.
        let js = "switch (x) {\n  case 1:\n    run(a,\n      b)\n    break\n}\nif (a) {\n  f(1,\n    2)\n}\n";
        assert!(texts(i, "src/a.js", js).is_empty());
    }

    #[test]
    fn no_trailing_commas_flags_them() {
        let i = "No trailing commas";
        assert_eq!(texts(i, "src/a.js", JS), [","]);
        // Not the rule's language; not JSON.
        assert!(texts("Use trailing commas in Python", "a.py", "x = [\n  1,\n  2\n]\n").is_empty());
        assert!(texts(i, "package.json", "{\n  \"a\": 1,\n  \"b\": 2\n}\n").is_empty());
    }
}
