//! Brace placement pass: "Opening braces go on the same line", "K&R style braces", "Inicia las
//! llaves de inicio de un bloque en la misma línea" — an opening brace alone on its line, after a
//! line that a block follows (a signature's `)`, a name, `else`, `try`, a generic's `>`), is
//! flagged. The other way round ("braces on their own line", Allman) is not read: a brace at a
//! line's end is a block's in some places and an object's in others. The rule's examples of the
//! wrong layout ("y no así: `void Procedimiento()`") are no code it forbids.

use super::super::files::{FileScope, Lang};
use super::super::phrases::Entity;
use super::super::text::Token;
use super::super::words::NEGATIONS;
use super::braces::BRACE_WORDS;
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

/// The languages whose blocks are written in braces, where their place is a matter of style.
const BRACE_LANGS: &[Lang] = &[
    Lang::CSharp,
    Lang::Java,
    Lang::JavaScript,
    Lang::TypeScript,
    Lang::Php,
    Lang::Cpp,
    Lang::Dart,
    Lang::Kotlin,
    Lang::Swift,
];

/// A `{` alone on its line (a comment may follow) after a line whose code ends in `)` or a word
/// (comments and blank lines between): the hit is the brace. Not after `=`, `(`, `,` or `:` (an
/// initializer, an argument, a `case`), nor inside a string (a JSON template).
const BRACE_ON_ITS_OWN_LINE: &str = concat!(
    // The line before, its code up to the last `)` or word (not a comment's last word; not a
    // `>`, which ends JSX tags as well as generics).
    r#"^(?:[^/\n'"`]|/[^/\n]|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`)*?[)\w]"#,
    r"[ \t]*(?://[^\n]*)?\r?\n(?:[ \t]*(?://[^\n]*)?\r?\n)*[ \t]*(?P<hit>\{)[ \t]*(?://[^\n]*)?$",
);

/// Words that put the brace on the same line as what opens the block.
const SAME_LINE_WORDS: &[&str] = &["k&r", "1tbs", "otbs", "egyptian"];

pub fn run(ctx: &Context, out: &mut Found) {
    let Some(said) = same_line(ctx.tokens, &ctx.rule.instruction) else {
        return;
    };
    let Some(langs) = ctx.langs_or_note(out, BRACE_LANGS, &said, "brace placement is checked") else {
        return;
    };
    // "así: `void Procedimiento() {` y no así: `void Procedimiento()`": the examples show a
    // layout, they name no code.
    let compact: String = ctx.rule.instruction.split_whitespace().collect();
    for (i, f) in ctx.mentions() {
        if let Entity::Code { text, .. } = &f.entity {
            let written: String = text.split_whitespace().collect();
            if !written.is_empty() && compact.contains(&format!("{written}{{")) {
                out.drop_checks_of(i, |_| true);
            }
        }
    }
    let mut scope = FileScope::of_langs(&langs, String::new()).titled(&lang_names(&langs));
    // In JSX a `{` alone on its line opens an expression, after a tag or a line of text.
    scope.except("*.tsx");
    scope.except("*.jsx");
    scope.why.push_str(", not JSX files (`*.tsx`, `*.jsx`)");
    ctx.narrow(&mut scope);
    let explanation = format!(
        "opening braces on the same line (\"{said}\"): a `{{` alone on its line after a signature, a name or `else`; scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            BRACE_ON_ITS_OWN_LINE.to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

/// The words of a rule that puts opening braces on the same line, when it does: braces named,
/// and "same line" / "misma línea" / "end of the line" (not negated), or K&R.
fn same_line(tokens: &[Token], instruction: &str) -> Option<String> {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    if !words.iter().any(|w| BRACE_WORDS.contains(w)) {
        return None;
    }
    let lower = instruction.to_lowercase();
    if let Some(w) = SAME_LINE_WORDS.iter().find(|w| lower.contains(*w)) {
        return Some(w.to_uppercase());
    }
    let at = words.windows(2).position(|w| {
        matches!(
            (w[0], w[1]),
            ("same", "line") | ("misma", "línea" | "linea") | ("same", "lines")
        )
    })?;
    // "not on the same line", "no en la misma línea": the other layout.
    if words[..at].iter().any(|w| NEGATIONS.contains(w)) {
        return None;
    }
    Some(format!("{} {}", words[at], words[at + 1]))
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const CS: &str = concat!(
        "namespace Frugalia {\n",
        "    internal static class Archivador {\n",
        "        private const string Plantilla = @\"\n{\n  \"\"id\"\": 1\n}\";\n\n",
        "        internal static string Leer(string ruta)\n        {\n",
        "            if (!File.Exists(ruta))\n            {\n                throw new Exception();\n            }\n",
        "            var p = new Persona\n            {\n                Nombre = \"😀\"\n            };\n",
        "            int[] a =\n            {\n                1\n            };\n",
        "            switch (x)\n            {\n                case 1:\n                {\n                    break;\n                }\n            }\n",
        "            return File.ReadAllText(ruta);\n        } // Leer>\n",
        "    }\n}\n",
    );

    #[test]
    fn an_opening_brace_alone_on_its_line() {
        let i = "Inicia las llaves de inicio de un bloque en la misma línea, así\n\nvoid Procedimiento() {\n\ny no así:\n\nvoid Procedimiento()\n{";
        // The method's, the `if`'s, the initializer after a type name and the `switch`'s; not
        // the JSON template's, the array initializer's after `=`, nor the `case` block's.
        assert_eq!(texts(i, "Frugalia/Archivador.cs", CS), ["{", "{", "{", "{"]);
        // The wrong layout's example is no call the rule forbids.
        let call = "class A {\n    void Procedimiento() {\n    }\n    void B() { Procedimiento(); }\n}\n";
        assert!(texts(i, "A.cs", call).is_empty());
        for i in [
            "Opening braces go on the same line as the if statement.",
            "Use K&R style braces",
        ] {
            let ts =
                "if (a) {\n  go();\n}\nfunction f(x: number): void\n{\n  return;\n}\r\nelse\r\n{\r\n}\r\n";
            assert_eq!(texts(i, "src/a.ts", ts), ["{", "{"], "{i}");
        }
    }

    #[test]
    fn a_comment_s_last_word_opens_no_block() {
        // Seen in outline, langfuse and dub: an object after a comment line in a list or a call.
        let i = "Opening braces go on the same line";
        let ts = "const items = [\n  // Account\n  {\n    name: 1,\n  },\n];\nexport default config(\n  // Global ignores\n  {\n    name: \"x\",\n  },\n);\nconst s = ok\n  ? a\n  : // edge case\n    {\n      t: 1,\n    };\n";
        assert!(texts(i, "src/a.ts", ts).is_empty());
        let cs = "void F() // why\n{\n}\nif (s == \"a // b\")\n{\n}\n";
        assert_eq!(texts(i, "A.cs", cs), ["{", "{"]);
    }

    #[test]
    fn jsx_and_generics_are_left_alone() {
        let i = "Opening braces go on the same line";
        // Seen in dub, langfuse and payload: JSX expressions after a tag or text.
        let tsx = "<p className=\"x\">\n  {\n    label\n  }\n</p>\n";
        assert!(texts(i, "src/a.tsx", tsx).is_empty());
        let ts = "export class Conf<T>\n  implements Iterable<T>\n{\n}\n";
        assert!(texts(i, "src/conf.ts", ts).is_empty());
    }

    #[test]
    fn the_other_layout_and_other_languages_are_not_read() {
        for i in [
            "Opening braces go on their own line (Allman style).",
            "Do not put the opening brace on the same line.",
        ] {
            assert!(texts(i, "A.cs", CS).is_empty(), "{i}");
        }
        let i = "Opening braces on the same line in Python";
        assert!(texts(i, "a.py", "def f():\n{\n}\n").is_empty());
        // CSS is no code block.
        assert!(texts("Braces on the same line", "a.css", ".a\n{\n  color: red;\n}\n").is_empty());
    }
}
