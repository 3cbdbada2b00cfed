//! Written-language pass: "Write comments in English", "Los comentarios deben estar en español",
//! "never write docstrings in Spanish", "Use English in doc comments": the human language a
//! project's comments are written in, checked in comments — in documentation comments only
//! (`/** */`, `///`, docstrings) when the rule names only those. A comment line is in another
//! language when it holds a script no English or Spanish text uses (Han, kana, Hangul,
//! Cyrillic, Arabic, Hebrew, Thai, Devanagari, Greek), or two function words of the other
//! language ("que … para", "the … with"). License and copyright lines are left alone. One
//! language word and one comment word in the same clause; anything else — identifiers in
//! English, UI text in Spanish — is not this pass's.

use super::super::files::FileScope;
use super::super::text::{Token, clauses};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words naming comments.
const COMMENT_WORDS: &[&str] = &["comments", "comment", "comentarios", "comentario"];

/// Words naming documentation comments only.
const DOC_WORDS: &[&str] = &[
    "docstrings",
    "docstring",
    "docblocks",
    "docblock",
    "javadoc",
    "jsdoc",
    "tsdoc",
    "phpdoc",
    "kdoc",
    "rustdoc",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
    English,
    Spanish,
}

impl Language {
    fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Spanish",
        }
    }

    fn other(self) -> Language {
        match self {
            Language::English => Language::Spanish,
            Language::Spanish => Language::English,
        }
    }
}

fn language(word: &str) -> Option<Language> {
    match word {
        "english" | "inglés" | "ingles" => Some(Language::English),
        "spanish" | "español" | "espanol" | "castellano" => Some(Language::Spanish),
        _ => None,
    }
}

/// Scripts that neither English nor Spanish comments are written in.
const OTHER_SCRIPT: &str = r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Cyrillic}\p{Arabic}\p{Hebrew}\p{Thai}\p{Devanagari}\p{Greek}]";

/// Function words of each language that the other never writes.
const SPANISH_WORDS: &str = "que|para|los|las|una|est[áa]|este|esto|cuando|porque|pero|tambi[ée]n|seg[úu]n|hasta|desde|donde|aqu[íi]|devuelve|obtiene";
const ENGLISH_WORDS: &str =
    "the|this|that|with|which|should|returns|when|because|these|those|must|will|would|from|into";

/// A comment line in a language other than `lang`; the hit runs from the first foreign word (or
/// character) to the end of the line. A license or copyright line is consumed without a hit.
/// With `docs_only`, only inside a `/** … */` block (never past its end), after `///` or `//!`,
/// or inside a `"""` docstring: the first foreign line of each.
fn foreign_pattern(lang: Language, docs_only: bool) -> String {
    let words = match lang.other() {
        Language::Spanish => SPANISH_WORDS,
        Language::English => ENGLISH_WORDS,
    };
    let license = r"(?i:^[^\r\n]*(?:licen[cs]e|copyright|spdx-)[^\r\n]*)";
    // The hit ends before a closing `*/` or `"""` and trailing blanks.
    let foreign = format!(
        r#"(?P<hit>(?:{OTHER_SCRIPT}|(?i:\b(?:{words})\b[^\r\n]*?\b(?:{words})\b))[^\r\n]*?)[ \t]*(?:\*/|""")?[ \t]*$"#
    );
    if docs_only {
        format!(
            r#"{license}|(?:/\*\*(?:[^*]|\*+[^*/])*?|//[/!][^\r\n]*?|"""(?:[^"]|"[^"]|""[^"])*?){foreign}"#
        )
    } else {
        format!(r"{license}|{foreign}")
    }
}

pub fn run(ctx: &Context, out: &mut Found) {
    for clause in clauses(ctx.tokens) {
        let Some(asked) = comments_language(clause) else {
            continue;
        };
        // "never in Spanish" asks for the other one, as far as a check can tell.
        let wanted = if asked.negated {
            asked.language.other()
        } else {
            asked.language
        };
        let mut scope = FileScope::source_files(false);
        ctx.narrow(&mut scope);
        let (what, line) = if asked.docs_only {
            (
                "documentation comments (`/** */`, `///`, docstrings)",
                "documentation comment",
            )
        } else {
            ("comments", "comment")
        };
        let explanation = format!(
            "{what} written in {} (\"{}\"): a {line} line in another script, or with two function words of {}, is a violation (license and copyright lines left alone); scope {}",
            wanted.name(),
            asked.said,
            wanted.other().name(),
            scope.why
        );
        // Docstrings are strings: documentation is found by its delimiters, wherever it is.
        let within = if asked.docs_only {
            Within::Any
        } else {
            Within::Comments
        };
        out.check(
            At::Places,
            ctx.pattern_check(
                foreign_pattern(wanted, asked.docs_only),
                scope,
                None,
                explanation,
                within,
            ),
        );
        return;
    }
}

/// What a clause asks of the language of comments.
struct Asked {
    language: Language,
    /// "never … in Spanish".
    negated: bool,
    /// Only documentation comments are named ("doc comments", "docstrings", "JSDoc" — not
    /// "javadoc and comments").
    docs_only: bool,
    /// The words that said so.
    said: String,
}

/// A comment word and one language word in the clause, in either order.
fn comments_language(clause: &[Token]) -> Option<Asked> {
    let words: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
    let lower: Vec<&str> = words.iter().map(|t| t.lower.as_str()).collect();
    let named = |i: &usize| COMMENT_WORDS.contains(&lower[*i]) || DOC_WORDS.contains(&lower[*i]);
    let is_doc = |i: usize| {
        DOC_WORDS.contains(&lower[i])
            || i.checked_sub(1)
                .is_some_and(|k| matches!(lower[k], "doc" | "documentation"))
            || lower
                .get(i + 2)
                .is_some_and(|w| matches!(*w, "documentación" | "documentacion"))
    };
    let comment = (0..lower.len()).find(named)?;
    let docs_only = (0..lower.len()).filter(named).all(is_doc);
    let langs: Vec<(usize, Language)> = lower
        .iter()
        .enumerate()
        .filter_map(|(i, w)| language(w).map(|l| (i, l)))
        .collect();
    let [(at, language)] = langs.as_slice() else {
        return None;
    };
    let negated = lower.iter().any(|w| NEGATIONS.contains(w));
    let (from, to) = (comment.min(*at), comment.max(*at));
    let said = words[from..=to]
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some(Asked {
        language: *language,
        negated,
        docs_only,
        said,
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::hits_of;

    fn texts(rule: &str, path: &str, text: &str) -> Vec<String> {
        hits_of(rule, path, text).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn comments_in_another_language_than_the_rule_asks() {
        let java = concat!(
            "// Licensed under the Apache License, Version 2.0\n",
            "/**\n * クラムを取得する。\n */\n",
            "class A {\n",
            "  // Calcula el total para los pedidos que están abiertos\n",
            "  // Returns the total of the open orders\n",
            "  String s = \"texto que no es comentario para nada\";\n",
            "  // TODO: fix\n",
            "}\n",
        );
        assert_eq!(
            texts("Write javadoc and comments in English", "src/A.java", java),
            ["クラムを取得する。", "para los pedidos que están abiertos"]
        );
        assert_eq!(
            texts("Los comentarios deben estar en español.", "src/A.java", java),
            ["クラムを取得する。", "Returns the total of the open orders"]
        );
        assert_eq!(
            texts("Never write comments in Spanish.", "src/A.java", java),
            ["クラムを取得する。", "para los pedidos que están abiertos"]
        );
        // Documentation comments only: a line comment is not one.
        let ts = concat!(
            "/**\n * Carga la configuración para los paquetes que existen.\n * 設定を読み込む\n */\n",
            "// Calcula el total para los pedidos que están abiertos\n",
            "/// 合計を計算する\n",
        );
        assert_eq!(
            texts("Use English in doc comments", "src/a.ts", ts),
            ["para los paquetes que existen.", "合計を計算する"]
        );
        let py = "def f():\n    \"\"\"Calcula el total para los pedidos que están abiertos.\"\"\"\n    # comentario que no es docstring para nada\n";
        assert_eq!(
            texts("Docstrings in English.", "app/a.py", py),
            ["para los pedidos que están abiertos."]
        );
        // Names, UI text, or no language: not this pass's.
        for other in [
            "Variable names in English.",
            "Write comments for each public function.",
            "Comments in English or Spanish.",
        ] {
            assert!(texts(other, "src/A.java", java).is_empty(), "{other}");
        }
    }

    #[test]
    fn crlf_files_end_a_comment_line_at_the_carriage_return() {
        let hits: Vec<String> = crate::rules::infer::tests::hits_of(
            "Comments in English.",
            "src/a.ts",
            "// Calcula el total para los pedidos\r\nlet a = 1;\r\n",
        )
        .into_iter()
        .map(|(t, _)| t)
        .collect();
        assert_eq!(hits, ["para los pedidos"]);
    }
}
