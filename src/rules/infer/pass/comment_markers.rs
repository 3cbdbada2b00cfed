//! Comment markers pass: "Use `//` for comments, not `#`", "Use # for single and multi-line
//! comments", "Usa `#` para comentarios, nunca `//`" — in a language that has several comment
//! markers (Terraform/HCL and PHP: `#`, `//`, `/* */`), a comment opened with a marker the rule
//! rules out is flagged at its marker. A marker inside a string (`"https://…"`, `"#frag"`), or
//! inside a comment opened with an allowed marker (`# see https://…`), is not; nor is PHP's
//! `#[Attribute]`, which is code.

use super::super::files::{FileScope, Lang};
use super::super::text::{Kind, Token, clauses};
use super::super::words::COMMENT_WORDS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// The languages with several comment markers, where choosing one is a rule to check.
const LANGS: &[Lang] = &[Lang::Terraform, Lang::Php];

/// Words that make the markers after them ruled out ("not `#`", "instead of `//`", "nunca").
const RULING_OUT: &[&str] = &[
    "not", "no", "never", "instead", "rather", "avoid", "don't", "nunca", "evita", "evitar", "vez", "lugar",
    "sin",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Hash,
    Slashes,
    Block,
}

impl Marker {
    fn of(text: &str) -> Option<Marker> {
        match text.trim() {
            "#" => Some(Marker::Hash),
            "//" => Some(Marker::Slashes),
            "/*" | "/* */" | "/**/" | "/* ... */" | "/* … */" => Some(Marker::Block),
            _ => None,
        }
    }

    fn written(self) -> &'static str {
        match self {
            Marker::Hash => "#",
            Marker::Slashes => "//",
            Marker::Block => "/*",
        }
    }
}

/// The markers as a rule would write them: "`#` or `//`".
fn listed(markers: &[Marker], sep: &str) -> String {
    markers
        .iter()
        .map(|m| format!("`{}`", m.written()))
        .collect::<Vec<_>>()
        .join(sep)
}

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(COMMENT_WORDS) {
        return;
    }
    let (mandated, mut ruled_out) = read_markers(ctx.tokens);
    if mandated.is_empty() && ruled_out.is_empty() {
        return;
    }
    // "Use `#` for comments": every other marker; "use `//`": line comments, so `#` (block
    // comments are another kind the rule does not speak of).
    if ruled_out.is_empty() {
        ruled_out = match mandated.as_slice() {
            [Marker::Hash] => vec![Marker::Slashes, Marker::Block],
            [Marker::Slashes] => vec![Marker::Hash],
            [Marker::Block] => vec![Marker::Hash],
            _ => Vec::new(),
        };
    }
    ruled_out.retain(|m| !mandated.contains(m));
    if ruled_out.is_empty() {
        return;
    }
    let said = ctx.named.langs();
    let named: Vec<Lang> = said.iter().copied().filter(|l| LANGS.contains(l)).collect();
    if !said.is_empty() && named.is_empty() {
        // "In Python, use `#` for comments": the language's only marker, nothing to choose.
        return;
    }
    let langs = if named.is_empty() { LANGS.to_vec() } else { named };
    let globs: Vec<&str> = langs.iter().flat_map(|l| l.globs().iter().copied()).collect();
    let names: Vec<&str> = langs.iter().map(|l| l.name()).collect();
    let mut scope = FileScope::of_globs(&globs, names.join(" and "));
    ctx.narrow(&mut scope);
    let explanation = format!(
        "comments opened with {} ruled out{}; scope {}",
        listed(&ruled_out, " or "),
        if mandated.is_empty() {
            String::new()
        } else {
            format!(" (the rule asks for {})", listed(&mandated, " and "))
        },
        scope.why
    );
    // Line markers and block openers apart: a line comment's check passes block comments
    // whole, so that a `//` in a URL inside one opens nothing.
    let lines: Vec<Marker> = ruled_out
        .iter()
        .copied()
        .filter(|m| *m != Marker::Block)
        .collect();
    if !lines.is_empty() {
        out.check(
            At::Places,
            ctx.pattern_check(
                pattern(&lines),
                scope.clone(),
                None,
                explanation.clone(),
                Within::Comments,
            ),
        );
    }
    if ruled_out.contains(&Marker::Block) {
        out.check(
            At::Places,
            ctx.pattern_check(
                pattern(&[Marker::Block]),
                scope,
                None,
                explanation,
                Within::Comments,
            ),
        );
    }
}

/// The markers a rule asks for and those it rules out, in the order its words give them.
fn read_markers(tokens: &[Token]) -> (Vec<Marker>, Vec<Marker>) {
    let (mut mandated, mut ruled_out) = (Vec::new(), Vec::new());
    for clause in clauses(tokens) {
        let mut out_now = false;
        for t in clause {
            if t.is_word() && RULING_OUT.contains(&t.lower.as_str()) {
                out_now = true;
            }
            if !matches!(t.kind, Kind::Span(_) | Kind::Bare | Kind::Path | Kind::Word) {
                continue;
            }
            let Some(m) = Marker::of(&t.text) else { continue };
            let list = if out_now { &mut ruled_out } else { &mut mandated };
            if !list.contains(&m) {
                list.push(m);
            }
        }
    }
    (mandated, ruled_out)
}

/// The first comment marker of a line, past its code and strings, when it is one of `ruled_out`;
/// block comments are passed whole when their opener is not the one looked for (a `#` inside
/// one opens nothing).
fn pattern(ruled_out: &[Marker]) -> String {
    let code = r#"(?:[^#/"'\r\n]|"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'|/[^/*\r\n])*"#;
    let hits: Vec<String> = ruled_out.iter().map(|m| regex::escape(m.written())).collect();
    let mut p = format!("^{code}(?P<hit>{})", hits.join("|"));
    if !ruled_out.contains(&Marker::Block) {
        // Unclosed, it runs to the end of the file, as the lexer reads it.
        p.push_str(r"|/\*(?s:.*?)(?:\*/|\z)");
    }
    p
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const TF_HASH: &str = "# Private DNS zone\nresource \"azurerm_private_dns_zone\" \"blob\" {\n  name = \"privatelink.blob.core.windows.net\"\n  docs = \"https://learn.microsoft.com/x#example-names\"\n  create_duration = \"90s\" # Wait for subnets\n}\n";
    const TF_SLASHES: &str = "// Security group\nresource \"aws_security_group\" \"web\" {\n  description = \"see https://docs.aws.amazon.com/vpc/\"\n  /*\n    Egress is open # to mirrors\n    *note*: https://registry.terraform.io/x\n  */\n  egress {}\n}\n";

    #[test]
    fn ruled_out_comment_markers() {
        let i = "Use `//` for comments, not `#`.";
        assert_eq!(texts(i, "infra/main.storage.tf", TF_HASH), ["#", "#"]);
        assert!(texts(i, "infra/main.tf", TF_SLASHES).is_empty());
        // The shell script's comments and shebang are the shell's.
        assert!(texts(i, "hooks/pre.sh", "#!/usr/bin/env bash\n# x\n").is_empty());
        let i = "Use # for single and multi-line comments.";
        assert_eq!(texts(i, "ec2/ec2-sg.tf", TF_SLASHES), ["//", "/*"]);
        assert!(texts(i, "ec2/ec2.tf", TF_HASH).is_empty());
        let es = "Usa `#` para comentarios, nunca `//`.";
        assert_eq!(texts(es, "ec2/ec2-sg.tf", TF_SLASHES), ["//"]);
        // PHP: `#[Attribute]` is code; a `#` in a `//` comment opens nothing.
        let php = "<?php\n#[Route('/x')]\nfunction a() {} // see #12\n# old style\n$u = 'a#b';\n";
        assert_eq!(texts("Use `//` for comments, not `#`.", "src/a.php", php), ["#"]);
    }

    #[test]
    fn hostile_files() {
        let i = "Use # for single and multi-line comments.";
        // A block comment never closed, a string never closed, ten thousand comment lines.
        let lines: String = (0..10_000).map(|k| format!("// note {k}\n")).collect();
        let open_block = format!("/* never closed\n{lines}");
        assert_eq!(texts(i, "a.tf", &open_block), ["/*"]);
        let open_string = format!("x = \"never closed // not a comment\n{lines}");
        assert_eq!(texts(i, "a.tf", &open_string).len(), 1_000);
        assert!(texts(i, "a.tf", "").is_empty());
    }

    #[test]
    fn not_a_choice_of_markers() {
        for i in [
            // The language's only marker; no marker named; markers not about comments.
            "In Python, use `#` for comments, never `//`.",
            "Write comments in English.",
            "Never use `#` in URLs.",
        ] {
            assert!(texts(i, "infra/main.tf", TF_HASH).is_empty(), "{i}");
        }
    }
}
