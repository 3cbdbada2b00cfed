//! Semicolons pass: a rule that mandates them — "Always use semicolons", "**Semicolons**:
//! Required", "End every statement with a `;`", "Todas las sentencias deben terminar con un punto
//! y coma" — flags the statements of JavaScript/TypeScript (and of SQL files) left without one.
//! A rule that forbids them ("Single quotes, no semicolons") is the semicolons concept's.
//!
//! JavaScript allows a statement without its `;` (automatic semicolon insertion), so the check
//! reads a line the way a reader does: a line that is a whole statement by its shape and whose
//! next line does not continue it (`.then(…)`, `? a : b`, `+ b` and closing brackets do).

use super::super::concepts::{Detector, Effect};
use super::super::files::Lang;
use super::super::text::Token;
use super::super::words::{AGAINST_WORDS, MANDATING_WORDS, NEGATIONS, OMITTING_WORDS, SEMICOLON_NAMES};
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

/// One piece of a JS statement's line: a character that is no `;`, quote, comment start or `<`
/// that may open JSX (a `<` right after a name is a generic's or a comparison's), or a string.
macro_rules! js_piece {
    () => {
        concat!(
            r#"(?:[^;\n'"`/<]|/[^/*;\n]|[\w$\])]<|<[ \t=<]|"#,
            js_string!(),
            ")"
        )
    };
}

/// The last piece of a statement: a word, a closing parenthesis or bracket, or a string.
macro_rules! js_last {
    () => {
        concat!(r"(?:[\w$)\]]|", js_string!(), ")")
    };
}

/// Parentheses balanced on one line, nested twice.
macro_rules! js_parens {
    () => {
        r"\((?:[^();\n]|\((?:[^();\n]|\([^();\n]*\))*\))*\)"
    };
}

/// A module specifier: `'m'` or `"m"`.
macro_rules! js_module {
    () => {
        r#"(?:'[^'\\\n]*'|"[^"\\\n]*")"#
    };
}

/// A JS/TS statement written on one line without its `;`, neither continuing the line before
/// nor continued by the next: the hit is the statement. The shapes: a `const`/`let`/`var`
/// declaration, `return`, `throw`, `break`, `continue`, an assignment to a member (`this.x =
/// …`), a call or a chain of calls, `i++`, an `import`, an `export` of names or a default, a type
/// alias, the `} from '…'` closing a multi-line import. The line ends in a word, a closing
/// parenthesis or bracket, or a string; a `<` that may open JSX (`= <div`) ends the shape, and so
/// does a `{`, `(`, `,` or operator at the line's end (the statement goes on). The line before
/// ends a statement or opens a block (after `=>` or `={` the line is an expression: a JSX
/// attribute's arrow body); the next line is blank or starts with a word, `}`, a quote, `#`, `@`
/// or `/*` (`.then(…)`, `? a : b`, `+ b` and closing brackets go on with the statement). The
/// `ahead` group marks the hit's start: the next search starts there, as the next statement's
/// own line before is this one.
const MISSING_SEMICOLON_JS: Detector = Detector {
    name: "missing-semicolon",
    summary: "a JS/TS statement on one line (declaration, `return`, assignment to a member, call, `import`/`export`) not ended by `;`, the next line not continuing it",
    pattern: concat!(
        // The line before ends a statement or opens a block (not `=>`, `=`, `(`, `,`, an operator,
        // `={`, `({` or `${`): the line is no continuation. Blank and comment lines may come
        // between.
        r#"(?:\A|(?:[;})\]'"`$\w:]|\*/|=>[ \t]*\{|[)\w][ \t]*\{)[ \t]*(?://[^\n]*)?\r?\n)"#,
        r"(?:[ \t]*(?://[^\n]*)?\r?\n)*",
        // What follows is only looked at: the next statement may start on the next line.
        r"[ \t]*(?P<ahead>)(?P<hit>",
        // Declarations.
        r"(?:export[ \t]+)?(?:declare[ \t]+)?(?:const|let|var)[ \t]+",
        js_piece!(),
        "*?",
        js_last!(),
        // `return`, `throw`, `break`, `continue`.
        r"|(?:return|throw)(?:[ \t]+",
        js_piece!(),
        "*?",
        js_last!(),
        r")?|(?:break|continue)(?:[ \t]+[\w$]+)?|debugger",
        // `import … 'm'`, `export { a } from 'm'`, `export * from 'm'`, `export default x`.
        r"|import[ \t]+(?:",
        js_piece!(),
        r"*?[ \t])?",
        js_module!(),
        r"|export[ \t]+(?:type[ \t]+)?\{[^{}\n]*\}(?:[ \t]*from[ \t]*",
        js_module!(),
        r")?|export[ \t]+\*[ \t]+(?:as[ \t]+[\w$]+[ \t]+)?from[ \t]*",
        js_module!(),
        r"|export[ \t]+default[ \t]+",
        js_piece!(),
        "*?",
        js_last!(),
        // A type alias.
        r"|(?:export[ \t]+)?type[ \t]+[\w$]+(?:<[^<>\n]*>)?[ \t]*=[ \t]*",
        js_piece!(),
        "*?",
        js_last!(),
        // An assignment to a member, compound ones too (not a comparison: `a.b === c`).
        r"|(?:this|[\w$]+)(?:\??\.[\w$#]+|\[[^\[\]\n]*\])+[ \t]*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=[ \t]*(?:",
        js_last!(),
        r#"|(?:[^=>\s;'"`/<]|/[^/*;\n]|"#,
        js_string!(),
        ")",
        js_piece!(),
        "*?",
        js_last!(),
        ")",
        // A call or a chain of calls, its parentheses balanced on the line.
        r"|(?:(?:await|void|new|yield)[ \t]+)?(?:this|super|[\w$]+)(?:\??\.[\w$#]+)*(?:<[^<>()\n]*>)?",
        js_parens!(),
        r"(?:\??\.[\w$#]+(?:<[^<>()\n]*>)?(?:",
        js_parens!(),
        r")?|\[[^\[\]\n]*\]|",
        js_parens!(),
        ")*",
        // `i++`, `--count`.
        r"|[\w$]+(?:\.[\w$]+)*(?:\+\+|--)|(?:\+\+|--)[\w$]+(?:\.[\w$]+)*",
        // The last line of a multi-line import or export.
        r"|\}[ \t]*from[ \t]*",
        js_module!(),
        // The next line does not continue it: a blank line, the end, or a line that starts
        // with a word, `}`, a quote, `#`, `@` or `/*` (comment lines are skipped).
        r##")[ \t]*(?://[^\n]*)?\r?\n(?:[ \t]*(?://[^\n]*)?\r?\n)*[ \t]*(?:$|\b|[}'"#@]|/\*)"##,
    ),
    langs: &[Lang::TypeScript, Lang::JavaScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// An SQL statement at the start of a line, not ended by `;` before a blank line and the next
/// statement (or a comment), or the end of the file: the hit is the statement (its lines,
/// comment lines among them, up to its last character). Its parentheses close on the line they
/// open (a `CREATE TABLE (` body, whose blank lines are no statement's end, is not read), and its
/// last line ends in a word, a closing parenthesis, a quote or a bracket (not a `,` that a blank
/// line interrupts). A function's or procedure's body (`CREATE FUNCTION`, `$$`) is not read; a
/// `;` inside a string literal ends nothing. The `ahead` group marks the next statement's start,
/// which is only looked at.
const MISSING_SEMICOLON_SQL: Detector = Detector {
    name: "missing-semicolon",
    summary: "an SQL statement (`CREATE TABLE`/`INDEX`/`VIEW`…, `ALTER`, `DROP`, `INSERT`, `UPDATE`, `DELETE`, `SELECT`, `WITH`, `GRANT`, `COMMENT ON`…) not ended by `;` before a blank line and the next statement, or the end of the file",
    pattern: concat!(
        r"^(?P<hit>(?i:",
        r"create[ \t]+(?:or[ \t]+replace[ \t]+)?(?:(?:unique|temp|temporary|materialized)[ \t]+)?(?:table|index|view|type|schema|extension|sequence|database|role|user|policy)",
        r"|alter|drop|insert|update|delete|select|with|grant|revoke|comment[ \t]+on|truncate|merge|upsert",
        r")\b",
        r#"(?:[^;\n$()'-]|\$[^$;\n()']|-[^-;\n()']|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*')*\))*\))*?"#,
        // Its next lines: comment lines, and lines with something on them.
        r#"(?:\r?\n(?:[ \t]*--[^\n]*\r?\n)*[ \t]*(?:[^;\n$()'-]|\$[^$;\n()']|-[^-;\n()']|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*')*\))*\))+?)*?"#,
        r#"(?:[\w"\]`]|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*'|\((?:[^();\n']|'[^'\n]*')*\))*\)))"#,
        // Then a blank line and the next statement (or a comment), or the end of the file:
        // not the rest of a statement a blank line interrupts (`FROM …` after a select list).
        r"[ \t]*(?:--[^\n]*)?(?:\r?\n(?:[ \t]*--[^\n]*\r?\n)*",
        r"(?:[ \t]*\r?\n)+(?P<ahead>)(?:[ \t]*(?:--|/\*)|(?i:",
        r"create|alter|drop|insert|update|delete|select|with|grant|revoke|comment[ \t]+on|truncate|merge|upsert|begin|commit",
        r")\b)|(?:\r?\n[ \t]*(?:--[^\n]*)?)*\z)",
    ),
    langs: &[Lang::Sql],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Words that say where a statement ends ("End every statement with a `;`", "deben terminar
/// con un punto y coma"), which ask for its semicolon as `MANDATING_WORDS` do.
const ENDING_WORDS: &[&str] = &[
    "end",
    "ends",
    "terminate",
    "terminated",
    "terminar",
    "termina",
    "terminen",
    "finalizar",
    "finaliza",
    "acabar",
    "acaben",
];
/// Words that say semicolons may be dropped.
const OPTIONAL_WORDS: &[&str] = &[
    "optional",
    "unnecessary",
    "opcional",
    "opcionales",
    "innecesario",
    "innecesarios",
];

pub fn run(ctx: &Context, out: &mut Found) {
    let Some(said) = mandated(ctx.tokens) else {
        return;
    };
    let detectors: Vec<&Detector> = [&MISSING_SEMICOLON_JS, &MISSING_SEMICOLON_SQL]
        .into_iter()
        .filter(|d| ctx.detector_fits(d))
        .collect();
    if detectors.is_empty() {
        out.note(
            At::Places,
            format!(
                "\"{said}\" not checked: statements without a `;` are checked in JavaScript/TypeScript and SQL, and the rule names {}",
                lang_names(&ctx.named.langs())
            ),
        );
        return;
    }
    for d in detectors {
        let scope = ctx.detector_scope(d, &format!("\"{said}\""));
        out.check(
            At::Places,
            ctx.detector_check(d, scope, format!("semicolons mandated (\"{said}\")")),
        );
    }
}

/// The words of a rule that mandates semicolons at the end of statements ("semicolons", "punto y
/// coma", a `;` span), when it does: a mandating word, and no negation, "without" or "omit"
/// before them — unless the negation is of dropping them ("don't forget semicolons", "no
/// omitas el punto y coma").
fn mandated(tokens: &[Token]) -> Option<String> {
    let words: Vec<&Token> = tokens.iter().filter(|t| t.is_word() || t.is_code()).collect();
    let at = words.iter().position(|t| {
        (t.is_word() && SEMICOLON_NAMES.contains(&t.lower.as_str())) || (t.is_code() && t.text.trim() == ";")
    });
    let (at, said) = match at {
        Some(at) => (at, words[at].text.clone()),
        None => {
            // "punto y coma", "puntos y coma": three words.
            let at = words.windows(3).position(|w| {
                matches!(w[0].lower.as_str(), "punto" | "puntos") && w[1].lower == "y" && w[2].lower == "coma"
            })?;
            (at, format!("{} y coma", words[at].text))
        }
    };
    let before: Vec<&str> = words[at.saturating_sub(4)..at]
        .iter()
        .map(|t| t.lower.as_str())
        .collect();
    let all: Vec<&str> = words.iter().map(|t| t.lower.as_str()).collect();
    let negated = before
        .iter()
        .any(|w| NEGATIONS.contains(w) || AGAINST_WORDS.contains(w));
    // "only where needed", "solo cuando sea necesario": Standard style's semicolons.
    let only_as_needed = all.windows(2).any(|w| {
        matches!(w[0], "where" | "when" | "donde" | "cuando" | "sea" | "if")
            && matches!(
                w[1],
                "needed" | "necessary" | "required" | "necesario" | "necesarios" | "requerido"
            )
    });
    let dropping = only_as_needed
        || all
            .iter()
            .any(|w| OMITTING_WORDS.contains(w) || OPTIONAL_WORDS.contains(w));
    let mandating = all
        .iter()
        .any(|w| MANDATING_WORDS.contains(w) || ENDING_WORDS.contains(w));
    // "Semicolons are optional", "omit semicolons": dropped; "don't forget them": mandated.
    let mandates = if dropping { negated } else { !negated && mandating };
    mandates.then_some(said)
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const JS: &str = "import a from 'a'\nimport { b } from \"b\";\nconst x = a(1)\nlet y\nthis.z = null\n\nfunction f() {\n  clearInterval(t)\n  return x\n}\nexport default f\n";

    #[test]
    fn statements_without_their_semicolon() {
        for i in [
            "Always use semicolons",
            "**Semicolons**: Required",
            "End every statement with a `;`",
            "**Punto y Coma**: Todas las sentencias deben terminar con un punto y coma (`;`).",
            "Don't forget semicolons at the end of statements.",
            "No olvides el punto y coma al final de cada sentencia.",
            "Semicolons are needed at the end of every statement",
        ] {
            assert_eq!(
                texts(i, "src/a.js", JS),
                [
                    "import a from 'a'",
                    "const x = a(1)",
                    "let y",
                    "this.z = null",
                    "clearInterval(t)",
                    "return x",
                    "export default f"
                ],
                "{i}"
            );
        }
    }

    #[test]
    fn a_rule_that_drops_them_checks_nothing_here() {
        for i in [
            "Single quotes, no semicolons",
            "Sin puntos y coma (semicolons).",
            "Omit semicolons",
            "Semicolons are optional",
            "Never use semicolons",
            "Write code without semicolons",
            "Use semicolons only where needed (ASI hazards)",
            "Punto y coma solo cuando sea necesario",
        ] {
            assert!(
                !texts(i, "src/a.js", JS).contains(&"const x = a(1)".to_string()),
                "{i}"
            );
        }
    }

    #[test]
    fn a_line_the_next_one_continues_is_no_statement_end() {
        let i = "Always use semicolons";
        for text in [
            "const p = fetch(u)\n  .then((r) => r.json());\n",
            "const x = ok\n  ? a\n  : b;\n",
            "const total = a\n  + b;\n",
            "foo(\n  bar(x)\n);\n",
            "const xs = [\n  a(1),\n  b(2)\n];\n",
            "const o = {\n  a: 1,\n  b: f(2)\n};\n",
            "items.forEach((x) =>\n  use(x)\n);\n",
            "export function f(a: string): string\n{\n  return a;\n}\n",
            // Seen in outline: a JSX attribute's arrow body or expression, a comparison, a
            // chain after a comment, an interface continued by `extends`.
            "<Item\n  onSelect={(id) =>\n    handleChange({ id })\n  }\n  color={\n    colors(state).values().next().value\n  }\n/>;\n",
            "const off =\n  status.image === Status.MAX ||\n  status.image === Status.ERROR\n;\n",
            "const next = license\n  // Update version number\n  .replace(a, b);\n",
            "declare module \"x\" {\n  export interface Theme\n    extends Base {}\n}\n",
            // Seen in better-auth: a template literal's `${…}` over three lines.
            "headers.append(\n  \"cookie\",\n  `a=${\n    parsed.get(\"a\")?.value\n  }`,\n);\n",
        ] {
            assert!(texts(i, "src/a.ts", text).is_empty(), "{text}");
        }
    }

    #[test]
    fn what_no_statement_ends_with_is_left_alone() {
        let i = "Always use semicolons";
        let ts = concat!(
            "import {\n  a,\n  b\n} from 'x';\n",
            "class A {\n  constructor(private b: B) {}\n\n  run(): void {\n    this.b.go();\n  }\n}\n",
            "interface P {\n  name: string\n  size(): number\n}\n",
            "const s = 'a; b';\n",
            "// a comment: const x = 1\n",
            "/*\n  call(x)\n*/\n",
            "const q = `\n  select id\n  from t\n`;\n",
            "for (let i = 0; i < n; i++) {\n  total += i;\n}\n",
            "if (ok) {\n  run();\n}\n",
        );
        assert!(texts(i, "src/a.ts", ts).is_empty());
        let tsx = "export function A() {\n  return <div>\n    return to home\n    <b>x</b>\n  </div>;\n}\n";
        assert!(texts(i, "src/A.tsx", tsx).is_empty());
        // Not JS: Python, a Markdown page.
        assert!(texts(i, "a.py", "x = f(1)\ny = 2\n").is_empty());
        assert!(texts(i, "README.md", "const x = 1\n").is_empty());
    }

    #[test]
    fn two_statements_in_a_row_and_crlf() {
        let i = "Always use semicolons";
        let text = "function f() {\r\n  a()\r\n  b()\r\n  c.d = 1\r\n}\r\n";
        assert_eq!(texts(i, "src/a.ts", text), ["a()", "b()", "c.d = 1"]);
        let text = "const 名前 = \"😀\"\nconst b = 2\n";
        assert_eq!(texts(i, "src/a.ts", text), ["const 名前 = \"😀\"", "const b = 2"]);
    }

    #[test]
    fn sql_statements_without_their_terminator() {
        let i = "End every statement with a `;`";
        let sql = concat!(
            "-- +goose Up\n",
            "-- amounts in cents; never floats\n",
            "CREATE TABLE orders (\n    id BIGSERIAL PRIMARY KEY,\n    total BIGINT NOT NULL\n);\n\n",
            "CREATE INDEX idx_orders_total ON orders (total)\n\n",
            "COMMENT ON COLUMN orders.total IS 'cents; always';\n\n",
            "SELECT id\nFROM orders\nWHERE id = $1;\n\n",
            "-- +goose Down\n",
            "DROP TABLE orders\n",
        );
        assert_eq!(
            texts(i, "db/001_orders.sql", sql),
            [
                "CREATE INDEX idx_orders_total ON orders (total)",
                "DROP TABLE orders"
            ]
        );
        let function = "CREATE FUNCTION touch() RETURNS trigger AS $$\nBEGIN\n\n  NEW.at := now();\n  RETURN NEW;\nEND;\n$$ LANGUAGE plpgsql;\n";
        assert!(texts(i, "db/002.sql", function).is_empty());
        // Seen in langfuse's migrations: blank lines inside a table's body, comment lines
        // inside a statement, a select list a blank line interrupts.
        let prisma = "-- CreateTable\nCREATE TABLE \"Example\" (\n    \"id\" TEXT NOT NULL,\n\n    CONSTRAINT \"pk\" PRIMARY KEY (\"id\")\n);\n";
        assert!(texts(i, "prisma/migrations/1/migration.sql", prisma).is_empty());
        let clickhouse = "CREATE TABLE log ON CLUSTER default\n(\n    `id` String,\n\n    `at` DateTime64(3) DEFAULT now()\n) ENGINE = MergeTree()\n      ORDER BY (\n                id\n          );\n";
        assert!(texts(i, "migrations/7.up.sql", clickhouse).is_empty());
        let view = "CREATE MATERIALIZED VIEW mv TO t AS\nSELECT\n    -- Identifiers\n    tn.id as id,\n    anyLast(tn.name) as name,\n\n    -- Metadata\n    tn.tags as tags\nFROM traces tn;\n";
        assert!(texts(i, "migrations/23.up.sql", view).is_empty());
        let gap = "CREATE VIEW v AS\nSELECT\n    o.id,\n    o.name AS \"name\"\n    \nFROM o;\n";
        assert!(texts(i, "migrations/24.sql", gap).is_empty());
        let alone = "DELETE FROM \"keys\" WHERE adapter = 'atla'";
        assert_eq!(texts(i, "migrations/25.sql", alone), [alone]);
        let multi = "SELECT id\nFROM orders\nWHERE id = 1\n\nSELECT 2;\n";
        assert_eq!(
            texts(i, "db/q.sql", multi),
            ["SELECT id\nFROM orders\nWHERE id = 1"]
        );
        // A rule of JavaScript's is not SQL's; SQL in a Go string is not a `.sql` file.
        assert!(texts("Always use semicolons in JavaScript", "db/q.sql", multi).is_empty());
        assert!(texts(i, "store.go", "const q = `SELECT 1`\n").is_empty());
    }

    #[test]
    fn a_language_where_they_are_no_choice_is_said_so() {
        let i = "Always end statements with semicolons in Java";
        assert!(texts(i, "A.java", "class A { void f() { g() } }\n").is_empty());
        // The language named is the scope: TypeScript's rule leaves JavaScript alone.
        let ts = "Always use semicolons in TypeScript";
        assert_eq!(texts(ts, "src/a.ts", "f()\n"), ["f()"]);
        assert!(texts(ts, "src/a.js", "f()\n").is_empty());
        assert!(
            super::super::super::tests::explained(i).contains("checked in JavaScript/TypeScript and SQL")
        );
    }
}
