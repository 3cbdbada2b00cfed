//! No-comments pass: "Avoid comments", "Do not add any comments", "No comments in the code",
//! "No escribas comentarios" — a clause that forbids comments outright, with nothing to say
//! which ("obvious comments", "comments that restate the code", "TODO comments" are other
//! rules), flags every comment of the files in scope, marker included. Tool directives
//! (`// eslint-disable`, `# type: ignore`, `// autofix-ignore`), shebangs and license headers
//! are no comments a reader reads.

use super::super::concepts::COMMENT;
use super::super::text::{Token, clauses};
use super::super::words::COMMENT_WORDS;
use super::{At, Context, Found};

/// What a writer does with a comment, after a negation ("do not add", "no escribas").
const VERBS: &[&str] = &[
    "add",
    "adding",
    "write",
    "writing",
    "use",
    "using",
    "leave",
    "leaving",
    "include",
    "including",
    "put",
    "insert",
    "generate",
    "emit",
    "escribas",
    "escribir",
    "agregues",
    "agregar",
    "añadas",
    "añadir",
    "uses",
    "usar",
    "dejes",
    "dejar",
    "pongas",
    "poner",
    "incluyas",
    "incluir",
    "generes",
    "generar",
];

/// Forbidding words that open such a clause.
const FORBIDS: &[&str] = &[
    "no", "never", "avoid", "without", "sin", "nunca", "jamás", "evita", "evitar", "evite", "don't", "dont",
];

/// Words between the forbidding words and the comments that keep them all comments.
const DETERMINERS: &[&str] = &["any", "code", "ningún", "ninguno", "de", "código"];

/// Words after the comments that only say where code is: "in the code", "en el código" — and
/// the languages the rule names ("on html, css, js or tsx code").
const PLACE_WORDS: &[&str] = &[
    "in", "on", "to", "inside", "within", "into", "en", "dentro", "the", "your", "el", "la", "los", "las",
    "tu", "code", "codebase", "source", "files", "file", "código", "fuente", "archivos", "ficheros", "de",
    "del", "or", "and", "o", "y",
];

/// Words that open a condition the conditions pass already weighed ("unless asked"): what
/// follows is no qualifier of the comments.
const CONDITION_WORDS: &[&str] = &["unless", "except", "salvo", "excepto", "menos"];

pub fn run(ctx: &Context, out: &mut Found) {
    let languages: Vec<String> = ctx.named.langs.iter().map(|(_, w)| w.to_lowercase()).collect();
    let place = |w: &str| PLACE_WORDS.contains(&w) || languages.iter().any(|l| l == w);
    let Some(said) = clauses(ctx.tokens)
        .into_iter()
        .find_map(|c| forbidden_in_clause(c, &place))
    else {
        return;
    };
    let scope = ctx.detector_scope(&COMMENT, "\"comments\"");
    out.check(
        At::Mention(ctx.found.len()),
        ctx.detector_check(
            &COMMENT,
            scope,
            format!("comments forbidden outright (\"{said}\")"),
        ),
    );
}

/// "Avoid comments, do not use comments on the code", "no comments on html, css, js or tsx
/// code": a part of a clause between commas that forbids comments outright, when what follows
/// it up to the next forbidding part only says where ("Do not add comments, docstrings, or type
/// annotations to code you did not change" lists more, under a condition of its own).
fn forbidden_in_clause(clause: &[Token], place: &dyn Fn(&str) -> bool) -> Option<String> {
    let parts: Vec<&[Token]> = clause
        .split(|t| matches!(t.text.as_str(), "," | "(" | ")"))
        .filter(|p| p.iter().any(Token::is_word))
        .collect();
    parts.iter().enumerate().find_map(|(i, part)| {
        let said = forbids_comments(part, place)?;
        parts[i + 1..]
            .iter()
            .take_while(|p| !opens_forbidding(p))
            .all(|p| p.iter().filter(|t| t.is_word()).all(|t| place(&t.lower)))
            .then_some(said)
    })
}

/// Whether a part of a clause opens with forbidding words ("do not use …", "no …").
fn opens_forbidding(part: &[Token]) -> bool {
    let mut words = part.iter().filter(|t| t.is_word()).map(|t| t.lower.as_str());
    match words.next() {
        Some("do") => words.next() == Some("not"),
        Some(w) => FORBIDS.contains(&w),
        None => false,
    }
}

/// The words of a clause that forbids comments outright: forbidding words (and a verb), maybe
/// "any", the word for comments, then only where ("in the code") or a condition — no code, no
/// qualifier.
fn forbids_comments(clause: &[Token], place: &dyn Fn(&str) -> bool) -> Option<String> {
    if clause.iter().any(Token::is_code) {
        return None;
    }
    let words: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
    let lower: Vec<&str> = words.iter().map(|t| t.lower.as_str()).collect();
    let mut i = 0;
    // "do not", "don't", "no", "never", "avoid", then the verb.
    if lower.get(i) == Some(&"do") && lower.get(i + 1) == Some(&"not") {
        i += 2;
    } else if lower.get(i).is_some_and(|w| FORBIDS.contains(w)) {
        i += 1;
    } else {
        return None;
    }
    if lower.get(i).is_some_and(|w| VERBS.contains(w)) {
        i += 1;
    }
    while lower.get(i).is_some_and(|w| DETERMINERS.contains(w)) {
        i += 1;
    }
    if !lower.get(i).is_some_and(|w| COMMENT_WORDS.contains(w)) {
        return None;
    }
    let end = i + 1;
    let rest = &lower[end..];
    let place_only = rest.iter().all(|w| place(w));
    let conditioned =
        rest.first().is_some_and(|w| CONDITION_WORDS.contains(w)) || rest.starts_with(&["a", "menos"]);
    (place_only || conditioned).then(|| {
        let said: Vec<&str> = words[..end].iter().map(|t| t.text.as_str()).collect();
        said.join(" ")
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::{explained, texts};

    const TSX: &str = "// eslint-disable-next-line no-console\n// load todos once on mount\nexport function App() {\n  const url = \"http://x/*not one*/\"; // eslint-disable-line\n  return <div>{/* header goes here */}</div>;\n}\n/* Copyright 2024 Acme\n * all rights */\n";

    #[test]
    fn comments_forbidden_outright_are_every_comment() {
        for rule in [
            "Avoid comments, do not use comments on the code(no comments on html, css, js or tsx code).",
            "Do not add any comments.",
            "DO NOT ADD ANY COMMENTS unless asked",
            "No comments in the code.",
            "No escribas comentarios en el código.",
        ] {
            assert_eq!(
                texts(rule, "src/App.tsx", TSX),
                ["// load todos once on mount", "/* header goes here */"],
                "{rule}"
            );
        }
        assert_eq!(
            texts(
                "No comments.",
                "app.py",
                "#!/usr/bin/env python\n# Copyright 2024 Acme\n# a comment\nx = 1  # type: ignore\ny = '# not one'  # autofix-ignore\n"
            ),
            ["# a comment"]
        );
        assert_eq!(
            texts(
                "No comments.",
                "lib.rs",
                "#[derive(Debug)]\nstruct A; /* why */
/// Docs.\n"
            ),
            ["/* why */", "/// Docs."]
        );
        assert_eq!(
            texts(
                "No comments.",
                "index.html",
                "<body>\n  <!-- React mounts here -->\n</body>\n"
            ),
            ["<!-- React mounts here -->"]
        );
    }

    #[test]
    fn comments_of_a_kind_or_elsewhere_are_other_rules() {
        for rule in [
            "Never write comments that restate the code.",
            "No obvious comments.",
            "No `TODO` comments.",
            "Do not add comments to the PR.",
            "Avoid inline comments.",
            "Use comments sparingly.",
            "Do not add comments, docstrings, or type annotations to code you did not change.",
        ] {
            assert!(!explained(rule).contains("comments forbidden outright"), "{rule}");
        }
    }
}
