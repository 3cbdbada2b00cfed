//! Braces pass: "Always use curly braces, even for single-line bodies", "Usa siempre llaves en
//! las estructuras de control" — an `if`, `for`, `foreach` or `while` whose body is not a block
//! (`if ($x) return;`) in the languages where braces are optional. Where the opening brace goes
//! ("on the same line", Allman, K&R) is a layout rule, not this one.

use super::super::concepts::{Detector, Effect};
use super::super::files::Lang;
use super::super::naming;
use super::super::words::{MANDATING_WORDS, NEGATIONS, OMITTING_WORDS};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A control statement (its condition on one line, parentheses nested twice at most) followed,
/// on its line or the next, by something else than a block: the hit is its keyword. Not the
/// preprocessor's `#if`, Blade's `@if`, a member `.if`, the `while (…);` closing a `do`, PHP's
/// `if (…):` alternative syntax, nor a comment between the condition and its block. (A
/// `do { … } while (…)` left without its semicolon, the next statement on the following line,
/// reads as a braceless `while`.)
const BRACELESS_BODY: Detector = Detector {
    name: "braceless-body",
    summary: "an `if`/`for`/`foreach`/`while` whose body is a statement, not a `{ … }` block",
    // A quoted string in the condition is one atom: its `)` closes nothing
    // (`while (str_ends_with($t, ')') && …) {`).
    pattern: r#"(?:^|[^\w#@$.])(?P<hit>if|for|foreach|while)[ \t]*\((?:[^()'"\r\n]|'(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*"|\((?:[^()'"\r\n]|'(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*"|\((?:[^()'"\r\n]|'(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*")*\))*\))*\)[ \t]*(?:\r?\n[ \t]*)?[^{\s;:/"'`)]"#,
    // Where braces are optional and a braceless body is legal; Kotlin's `if` is an expression
    // (`val x = if (a) b else c`), and Go, Rust and Swift require the braces.
    langs: &[
        Lang::JavaScript,
        Lang::TypeScript,
        Lang::Php,
        Lang::Java,
        Lang::CSharp,
        Lang::Cpp,
        Lang::Dart,
    ],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Words for braces (the brace placement pass reads them too).
pub(super) const BRACE_WORDS: &[&str] = &["braces", "brace", "curly", "llaves", "llave"];
/// Words for the statements whose bodies the rule speaks of.
const CONTROL_WORDS: &[&str] = &[
    "if",
    "ifs",
    "if/else",
    "control",
    "single-line",
    "one-line",
    "single-statement",
    "bodies",
    "body",
    "statements",
    "conditionals",
    "loops",
    "estructuras",
    "condicionales",
    "bucles",
    "cuerpos",
    "sentencias",
    "blocks",
    "bloques",
];
/// Words of a rule about where a brace goes, not whether it is there.
const LAYOUT_WORDS: &[&str] = &[
    "same", "misma", "allman", "k&r", "opening", "apertura", "inicio", "own", "propia", "newline", "cierre",
    "closing",
];
pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(BRACE_WORDS) || !ctx.says(CONTROL_WORDS) || ctx.says(LAYOUT_WORDS) {
        return;
    }
    // Read in the sentence that names the braces: "Always use curly braces for `if` … Never
    // write one-line bodies like …" asks for them, its second sentence's "never" aside.
    let asks = naming::sentences(ctx.tokens).into_iter().any(|s| {
        let says = |list: &[&str]| s.iter().any(|t| t.is_word() && list.contains(&t.lower.as_str()));
        says(BRACE_WORDS)
            && if says(NEGATIONS) {
                says(OMITTING_WORDS)
            } else {
                says(MANDATING_WORDS)
            }
    });
    if !asks || !ctx.detector_fits(&BRACELESS_BODY) {
        return;
    }
    let scope = ctx.detector_scope(&BRACELESS_BODY, "the braces words");
    out.check(
        At::Places,
        ctx.detector_check(
            &BRACELESS_BODY,
            scope,
            "braces required around every control statement's body".to_string(),
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn a_control_statement_without_a_block() {
        let i = "**Control Structures**: Always use curly braces, even for single-line bodies.";
        let php = "<?php\nclass UserController\n{\n    public function index($users)\n    {\n        if (!$users) return response()->json([]);\n        if ($users->isEmpty()) {\n            return null;\n        }\n        foreach ($users as $u)\n            $u->touch();\n        // if ($x) return; in a comment\n        $s = \"if (x) y\";\n        if (count($users) > 10):\n            echo 'many';\n        endif;\n        do {\n            $n--;\n        } while ($n > 0);\n        if ($a) // why\n        {\n            return 1;\n        }\n        while (strlen($s) < 3) $s .= \")\";\n        while (str_ends_with($t, ')') && ! str_starts_with($t, '\"')) {\n            $t = substr($t, 0, -1);\n        }\n        if ($c === \"(\") {\n            $d = 1;\n        }\n    }\n}\n";
        assert_eq!(
            texts(i, "app/Http/Controllers/UserController.php", php),
            ["if", "foreach", "while"]
        );
        let blade = "@if ($user)\n    <p>{{ $user->name }}</p>\n@endif\n";
        assert!(texts(i, "resources/views/a.blade.php", blade).is_empty());
        let c = "#if defined(X) && (Y)\nint a;\n#endif\nvoid f(void) {\n    for (int i = 0; i < n; i++) sum += i;\n    if (ok(a, (b))) {\n        g();\n    }\n}\n";
        assert_eq!(texts(i, "src/a.c", c), ["for"]);
        let ts = "if (a) return;\nif (b)\n{\n  go();\n}\nfor await (const x of xs) {\n}\n";
        assert_eq!(
            texts("Never omit braces around if statements.", "src/a.ts", ts),
            ["if"]
        );
        // Kotlin's `if` is an expression; Go needs no rule.
        assert!(texts(i, "src/A.kt", "val x = if (a) b else c\n").is_empty());
        // Where the brace goes (the brace placement pass's), a negation, braces of something
        // else: no braceless body.
        for other in [
            "Opening braces go on the same line as the if statement.",
            "Inicia las llaves de inicio de un bloque en la misma línea",
        ] {
            assert!(
                !texts(other, "src/a.ts", ts).contains(&"if".to_string()),
                "{other}"
            );
        }
        for other in [
            "Don't use braces for single-line bodies.",
            "Use curly braces for Blade echoes.",
        ] {
            assert!(texts(other, "src/a.ts", ts).is_empty(), "{other}");
        }
        assert_eq!(
            texts(
                "Usa siempre llaves en las estructuras de control.",
                "src/a.ts",
                ts
            ),
            ["if"]
        );
    }
}
