//! Indentation-width pass: "Use 2-space indentation", "Indent two spaces for each nesting
//! level", "Follow PEP 8 conventions with 4-space indentation", "Usa **dos espacios** de
//! indentación en los archivos `.gs`" — an `Indent` check (each line of a block indented by the
//! width per nesting level: see `rules::indent`) and tab-indented lines. Continuation lines (after
//! a comma, an operator or a backslash; a chained `.call`) align as they like and are left alone,
//! as are comments, strings, docstrings and heredocs; YAML and Markdown (not source files), Go and
//! Makefiles (tabs by rule) are never in scope. With no language named, Terraform and HCL, nested
//! like code, are in scope too.

use std::sync::LazyLock;

use regex::Regex;

use super::super::concepts::{SPACE_INDENT, TAB_INDENT};
use super::super::files::{FileScope, Lang, push_unique};
use super::super::phrases::{Entity, Place};
use super::super::text::usual_folder_word;
use super::super::words::{CONDITION_DETERMINERS, CONDITION_GENERIC, DETERMINERS, FILE_WORDS};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words for indenting.
const INDENT_WORDS: &[&str] = &[
    "indent",
    "indents",
    "indented",
    "indenting",
    "indentation",
    "indentación",
    "indentacion",
    "identación",
    "identacion",
    "indentado",
    "indentada",
    "indentar",
    "sangría",
    "sangria",
    "sangrado",
    // "Formatting: default formatter (2 spaces, LF)": a formatter's width is its indentation.
    "formatter",
    "formatting",
];

/// Words before the width that forbid it rather than mandate it ("not 2 spaces").
const FORBIDDING: &[&str] = &[
    "not", "no", "never", "nunca", "avoid", "evita", "evitar", "sin", "instead",
];

/// A width in spaces: "4 spaces", "2-space", "four-space", "dos espacios".
static WIDTH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:^|[^\w-])(?P<n>2|3|4|8|two|three|four|eight|dos|tres|cuatro|ocho)[ \t]*-?[ \t]*(?:spaces?|espacios?)\b",
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// "tab width of 4 spaces", "tabs of 2 spaces": a tab's width, which mandates tabs, not spaces.
static TAB_WIDTH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\btabs?[ \t]+(?:width|size|of|de|=|equal)")
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

/// Markup, whose indentation is markup text (not code) to the lexer: checked as text.
const MARKUP: &[&str] = &["*.html", "*.htm"];

/// Configuration written in nested blocks, which a width with no language named covers too.
const NESTED_CONFIG: &str = "*.{tf,tfvars,hcl}";

/// Languages whose own formatter or style guide fixes the width (PEP 8, rustfmt, PSR-12, `dotnet
/// format`, `mix format`, `dart format`, RuboCop), with that width: a rule that names no language
/// and says another width is about the project's other code. SQL has none (`None`): its layout
/// is a matter of alignment more than nesting.
const OWN_WIDTH: &[(&str, Option<usize>)] = &[
    ("*.{py,pyi}", Some(4)),
    ("*.rs", Some(4)),
    ("*.php", Some(4)),
    ("*.cs", Some(4)),
    ("*.{kt,kts}", Some(4)),
    ("*.swift", Some(4)),
    ("*.{rb,rake}", Some(2)),
    ("*.{ex,exs}", Some(2)),
    ("*.dart", Some(2)),
    ("*.sql", None),
];

pub fn run(ctx: &Context, out: &mut Found) {
    let text = &ctx.rule.instruction;
    // "two-space" is one word to the tokenizer: the width's own pattern says whether one is named.
    if !WIDTH.is_match(text) {
        return;
    }
    if !ctx.says(INDENT_WORDS) || TAB_WIDTH.is_match(text) || out.has_pattern(SPACE_INDENT.pattern) {
        return;
    }
    // Each width said: where its number starts and its words end, and the width.
    let widths: Vec<(usize, usize, usize)> = WIDTH
        .captures_iter(text)
        .filter_map(|c| {
            let n = c.name("n")?;
            Some((n.start(), c.get(0)?.end(), width_of(n.as_str())?))
        })
        .collect();
    let Some(&(at, end, width)) = widths.first() else {
        return;
    };
    // "2 spaces for YAML, 4 for Python", "4 spaces instead of 2": more than one width.
    if widths.iter().any(|&(_, _, w)| w != width) {
        return;
    }
    let before = text[..at].to_lowercase();
    if before
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .rev()
        .filter(|w| !w.is_empty())
        .take(2)
        .any(|w| FORBIDDING.contains(&w))
    {
        return;
    }
    // "Indent content by 2 spaces within components": inside a construct, whose lines no
    // file's indentation tells apart from the rest.
    if let Some(inside) = inside_a_construct(ctx) {
        out.unseen_condition(
            &inside,
            "the indentation inside a construct, which no check tells apart from the rest of a file",
        );
        return;
    }
    let said = &text[at..end];
    let mut scope = match ctx.named.scope() {
        Some(scope) => scope,
        // "PEP 8" is Python's style guide.
        None if pep8(text) => FileScope::of_langs(&[Lang::Python], "Python (*.py) from \"PEP 8\"".into()),
        None => {
            let mut scope = FileScope::source_files(false);
            scope.add_globs(&[NESTED_CONFIG]);
            let others: Vec<&str> = OWN_WIDTH
                .iter()
                .filter(|(_, own)| *own != Some(width))
                .map(|(glob, _)| *glob)
                .collect();
            for glob in &others {
                scope.except(glob);
            }
            scope.why.push_str(&format!(
                ", but {} (their own style sets another width)",
                others.join(", ")
            ));
            scope
        }
    };
    for g in [
        "!*.go",
        "!Makefile",
        "!*.mk",
        "!*.yml",
        "!*.yaml",
        "!*.md",
        "!*.mdx",
    ] {
        push_unique(&mut scope.exclude, g);
    }
    ctx.narrow(&mut scope);
    // "en los archivos `.gs`": where the width is mandated.
    let places: Vec<&str> = allowed_places(ctx).collect();
    for path in &places {
        scope.within(path);
        scope.why.push_str(&format!("; only `{path}`"));
    }
    let has_markup = scope.include.iter().any(|g| g.contains("htm"));
    let mut code = scope.clone();
    for g in MARKUP {
        code.except(g);
    }
    let what = format!("indentation of {width} spaces (\"{said}\")");
    // A rule that forbids tabs itself ("4 spaces, never tabs") has its check already.
    let tabs_checked = out.has_pattern(TAB_INDENT.pattern);
    let markup = has_markup.then(|| {
        let mut markup = FileScope::of_globs(MARKUP, "HTML (*.html, *.htm)".into());
        for g in &scope.exclude {
            push_unique(&mut markup.exclude, g);
        }
        ctx.narrow(&mut markup);
        for path in &places {
            markup.within(path);
        }
        markup.why.push_str(", markup checked as text");
        markup
    });
    // Code files: lines that start in code (a tab in a shader string is the string's); markup:
    // its text.
    for (scope, is_markup) in [(Some(&code), false), (markup.as_ref(), true)] {
        let Some(scope) = scope else { continue };
        out.check(
            At::Places,
            ctx.indent_check(
                width,
                scope.clone(),
                format!(
                    "{what}: each line of a block indented {width} spaces deeper than the block's \
                     opening line (continuation lines, comments and strings left alone); scope {}",
                    scope.why
                ),
            ),
        );
        if !tabs_checked {
            let within = if is_markup { Within::Any } else { Within::Code };
            let explanation = format!("{what}: a line indented with tabs; scope {}", scope.why);
            out.check(
                At::Places,
                ctx.pattern_check(
                    TAB_INDENT.pattern.to_string(),
                    scope.clone(),
                    None,
                    explanation,
                    within,
                ),
            );
        }
    }
}

/// Words that put the width inside something: "within components", "dentro de los bloques".
const INSIDE_WORDS: &[&str] = &["within", "inside", "dentro"];

/// The words of a place inside a construct the width is said for ("within components"), when
/// they name no file, language or folder ("within Python files", "inside `src/`" are scopes).
fn inside_a_construct(ctx: &Context) -> Option<String> {
    let tokens = ctx.tokens;
    let named: Vec<String> = ctx.named.langs.iter().map(|(_, w)| w.to_lowercase()).collect();
    tokens.iter().enumerate().find_map(|(i, t)| {
        if !t.is_word() || !INSIDE_WORDS.contains(&t.lower.as_str()) {
            return None;
        }
        let mut j = i + 1;
        while tokens.get(j).is_some_and(|n| {
            n.is_word()
                && (matches!(
                    n.lower.as_str(),
                    "of" | "de" | "del" | "each" | "every" | "all" | "cada"
                ) || CONDITION_DETERMINERS.contains(&n.lower.as_str())
                    || DETERMINERS.contains(&n.lower.as_str()))
        }) {
            j += 1;
        }
        let object = tokens.get(j).filter(|n| n.is_word())?;
        let scope_word = FILE_WORDS.contains(&object.lower.as_str())
            || CONDITION_GENERIC.contains(&object.lower.as_str())
            || named
                .iter()
                .any(|w| w.split_whitespace().any(|x| x == object.lower))
            || usual_folder_word(tokens, j);
        (!scope_word).then(|| format!("{} {}", t.text, object.text))
    })
}

/// The places a mandate names ("in `.gs` files", "en `frontend/`"), which it applies in.
fn allowed_places<'a>(ctx: &Context<'a>) -> impl Iterator<Item = &'a str> {
    ctx.found.iter().filter_map(|f| match &f.entity {
        Entity::Place {
            path,
            place: Place::Allowed,
        } => Some(path.as_str()),
        _ => None,
    })
}

/// The width a word or digit says.
fn width_of(word: &str) -> Option<usize> {
    Some(match word.to_lowercase().as_str() {
        "2" | "two" | "dos" => 2,
        "3" | "three" | "tres" => 3,
        "4" | "four" | "cuatro" => 4,
        "8" | "eight" | "ocho" => 8,
        _ => return None,
    })
}

fn pep8(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains("pep 8") || lower.contains("pep8") || lower.contains("pep-8")
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::lines_hit;
    use super::*;

    fn lines(instruction: &str, path: &str, text: &str) -> Vec<usize> {
        let mut l: Vec<usize> = lines_hit(instruction, path, text)
            .into_iter()
            .map(|(l, _)| l)
            .collect();
        l.sort_unstable();
        l
    }

    const PY: &str = "\"\"\"Docstring.\n  indented inside.\n\"\"\"\n\n\ndef f(a, b):\n  return a + b\n\n\ndef g(\n    a,\n    b,\n):\n    x = call(a,\n             b)\n    return (x\n            + 1)\n";

    #[test]
    fn four_spaces_flag_lines_off_the_grid() {
        for i in [
            "Use 4-space indentation",
            "Indent with 4 spaces",
            "**Formatting**: Follow PEP 8 conventions with 4-space indentation",
            "Usa cuatro espacios de indentación",
            "La indentación es de 4 espacios.",
        ] {
            assert_eq!(lines(i, "app/m.py", PY), [7], "{i}");
        }
        // A tab-indented line too; not in Go, YAML or Markdown.
        assert_eq!(lines("Indent with 4 spaces", "a.py", "if x:\n\tpass\n"), [2]);
        for path in ["main.go", "ci.yml", "README.md", "Makefile"] {
            assert!(
                lines("Indent with 4 spaces", path, "x:\n\tpass\n  y\n").is_empty(),
                "{path}"
            );
        }
    }

    #[test]
    fn two_spaces_flag_each_line_of_a_block_off_its_level() {
        let js = "function a(v) {\n    const n = Number(v);\n    return n;\n}\n\nfunction b(v) {\n  if (v) {\n    return 1;\n  }\n   return 2;\n}\n/**\n * Doc.\n */\nconst t = `x\n    y`;\n";
        assert_eq!(lines("Use 2-space indentation", "src/a.js", js), [2, 3, 10]);
        assert_eq!(
            lines(
                "Usa **dos espacios** de indentación en los archivos `.gs`.",
                "Data.gs",
                js
            ),
            [2, 3, 10]
        );
        assert!(
            lines(
                "Usa **dos espacios** de indentación en los archivos `.gs`.",
                "src/a.js",
                js
            )
            .is_empty()
        );
        // Markup is checked as text.
        let html = "<div id=\"r\">\n  <p>x</p>\n</div>\n";
        assert_eq!(
            lines(
                "Usa cuatro espacios de indentación en los archivos `.html`.",
                "r.html",
                html
            ),
            [2]
        );
        assert!(
            lines(
                "Usa cuatro espacios de indentación en los archivos `.html`.",
                "r.gs",
                html
            )
            .is_empty()
        );
    }

    /// HashiCorp's style: with no language named, Terraform is code too; a heredoc's policy text
    /// is a string.
    #[test]
    fn terraform_blocks_and_nested_levels() {
        let tf = "variable \"a\" {\n    type = string\n    default = 1\n}\n\nresource \"p\" \"x\" {\n  policy = <<EOT\npath \"s\" {\n    capabilities = [\"read\"]\n}\nEOT\n  claims = {\n    repo = \"r\"\n  }\n}\n";
        assert_eq!(
            lines("Indent two spaces for each nesting level", "variables.tf", tf),
            [2, 3]
        );
        // A second level is reported against the first's right indentation.
        let lua = "return {\n  \"oil\",\n  opts = {\n    hidden = true,\n  },\n}\n";
        assert_eq!(lines("Indent with 4 spaces", "lua/oil.lua", lua), [2, 3, 4, 5]);
        assert!(lines("Indent with 2 spaces", "lua/oil.lua", lua).is_empty());
    }

    #[test]
    fn strings_and_aligned_comments_are_not_indentation() {
        // A shader in a template literal, a comment aligned with the trailing one above it.
        let ts = "export const vert = `\nvoid main(){\n\tgl_Position = p;\n}\n`;\nlet a = 1; // first\n           // second\n";
        assert!(lines("Use 2-space indentation", "src/a.ts", ts).is_empty());
        // A tab in code is still one.
        assert_eq!(
            lines("Use 2-space indentation", "src/a.ts", "if (a) {\n\tb();\n}\n"),
            [2]
        );
    }

    #[test]
    fn a_width_inside_a_construct_is_a_condition_left_unchecked() {
        // Mintlify's "Indent content by 2 spaces within components" is about the body of a
        // `<Card>`: no line of a Kotlin or Rust file is in it.
        let kt = "fun f() {\n    val x = 1\n   y()\n}\n";
        for i in [
            "Indent content by 2 spaces within components",
            "Usa 2 espacios de indentación dentro de los bloques",
        ] {
            assert!(lines(i, "src/A.kt", kt).is_empty(), "{i}");
            let rule = super::super::super::tests::rule_of(i);
            let inference = super::super::super::infer(&rule);
            let notes = &inference.notes;
            assert!(
                notes
                    .iter()
                    .any(|n| n.contains("cannot be checked") && n.contains("construct")),
                "{i}: {notes:?}"
            );
            // The note says why; no second line says "nothing inferred".
            let lines = super::super::super::explain(&rule, &inference);
            assert!(
                !lines.iter().any(|l| l.starts_with("nothing inferred")),
                "{lines:?}"
            );
        }
        // A file kind, a language, a folder or the whole code is where the width holds.
        for i in [
            "Indent with 4 spaces within Kotlin files",
            "Indent with 4 spaces inside the codebase",
            "Indent with 4 spaces within `src/`",
        ] {
            assert_eq!(lines(i, "src/A.kt", kt), [3], "{i}");
        }
    }

    #[test]
    fn other_widths_tabs_and_negations_are_not_read() {
        let py = "def f():\n  return 1\n";
        for i in [
            "Use tabs for indentation, with a tab width of 4 spaces",
            "Use 2 spaces for YAML and 4 spaces for Python indentation",
            "Do not use 2-space indentation",
            "Put two spaces after a sentence",
            "Do not change formatting or indentation styles.",
        ] {
            assert!(
                lines_hit(i, "a.py", py)
                    .iter()
                    .all(|(_, t)| t.starts_with(' ') && i.contains("tabs")),
                "{i}: {:?}",
                lines_hit(i, "a.py", py)
            );
        }
    }

    /// MCP's servers: a template literal's interpolation opened at column 0 (`… → ${`) and
    /// indented under it read as a top-level block indented 4 spaces under a 2-space rule.
    #[test]
    fn a_template_interpolation_is_no_block() {
        let i = "Use consistent indentation (2 spaces) and trailing commas in multi-line objects";
        let ts = "const s = `\n3. Status: ${\n    state.x ? `a` : \"\"\n  }done\n`;\nif (x) {\n    y();\n}\n";
        assert_eq!(lines(i, "a.ts", ts), [7]);
    }

    #[test]
    fn the_patterns_compile() {
        LazyLock::force(&WIDTH);
        LazyLock::force(&TAB_WIDTH);
    }
}
