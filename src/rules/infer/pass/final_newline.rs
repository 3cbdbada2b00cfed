//! Final newline pass: "Files must end with a newline", "Finaliza todos los archivos con una
//! nueva línea" — a file in scope whose text does not end with a line break is flagged at line 1
//! (an empty file is left alone). A rule that negates ("no trailing newline") or speaks of
//! something else ending with one ("each import on a new line") is not this.

use super::super::files::{FileScope, Lang};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};

/// Words for the line break itself; "new line" / "nueva línea" are two words each.
const NEWLINE_WORDS: &[&str] = &["newline", "newlines", "eol", "linefeed"];
/// Words that put it at a file's end.
const END_WORDS: &[&str] = &[
    "end",
    "ends",
    "ending",
    "final",
    "trailing",
    "terminate",
    "terminated",
    "finaliza",
    "finalizar",
    "finalicen",
    "termina",
    "terminar",
    "terminen",
    "acaba",
    "acabar",
    "acaben",
    "final",
    "fin",
];
const FILE_WORDS: &[&str] = &["file", "files", "archivo", "archivos", "fichero", "ficheros"];

/// A text that ends with a line break, or is empty.
const ENDS_WITH_NEWLINE: &str = r"(?:\n|\A)\z";

pub fn run(ctx: &Context, out: &mut Found) {
    let newline = ctx.says(NEWLINE_WORDS)
        || (ctx.says(&["new", "nueva"]) && ctx.says(&["line", "línea", "linea"]))
        || (ctx.says(&["salto"]) && ctx.says(&["línea", "linea"]));
    if !newline || !ctx.says(END_WORDS) || !ctx.says(FILE_WORDS) || ctx.says(NEGATIONS) {
        return;
    }
    let mut scope = match ctx.named.scope() {
        Some(scope) => scope,
        None => {
            let mut s = FileScope::source_files(true);
            s.add_globs(Lang::Yaml.globs());
            s.add_globs(&["*.json", "*.toml"]);
            s.add_globs(Lang::Terraform.globs());
            s.why = "source, docs and configuration files (no language named)".into();
            s
        }
    };
    ctx.narrow(&mut scope);
    let explanation = format!(
        "files end with a newline: a file whose text does not end with a line break (flagged at line 1); scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.require_check(&scope, ENDS_WITH_NEWLINE.to_string(), explanation),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn files_end_with_a_newline() {
        for i in [
            "Finaliza todos los archivos con una nueva línea.",
            "Files must end with a newline.",
            "Ensure every file ends with a trailing newline",
        ] {
            assert_eq!(
                texts(i, "Logging.gs", "/**\n * Logs.\n */\nfunction log() {}"),
                ["/**"],
                "{i}"
            );
            assert!(texts(i, "Logging.gs", "function log() {}\n").is_empty(), "{i}");
            assert!(texts(i, "src/empty.ts", "").is_empty(), "{i}");
            assert_eq!(texts(i, "README.md", "# Title"), ["# Title"], "{i}");
            assert_eq!(
                texts(i, "outputs.tf", "output \"x\" {\n}"),
                ["output \"x\" {"],
                "{i}"
            );
        }
        for i in [
            "Put each import on a new line.",
            "No trailing newline at the end of generated files.",
            "Cada import en una nueva línea.",
        ] {
            assert!(texts(i, "src/a.ts", "import a from 'a';").is_empty(), "{i}");
        }
        // A named language is the scope.
        assert!(texts("Python files end with a newline.", "src/a.ts", "let a = 1;").is_empty());
    }
}
