//! Written-language pass: "Write comments in English", "Los comentarios deben estar en español",
//! "never write docstrings in Spanish": the human language a project's comments are written in,
//! checked in comments only. A comment line is in another language when it holds a script no
//! English or Spanish text uses (Han, kana, Hangul, Cyrillic, Arabic, Hebrew, Thai, Devanagari,
//! Greek), or two function words of the other language ("que … para", "the … with"). License
//! and copyright lines are left alone. One language word and one comment word in the same clause;
//! anything else — identifiers in English, UI text in Spanish — is not this pass's.

use super::super::files::FileScope;
use super::super::text::{Token, clauses};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words naming comments.
const COMMENT_WORDS: &[&str] = &[
    "comments",
    "comment",
    "docstrings",
    "docstring",
    "javadoc",
    "jsdoc",
    "tsdoc",
    "phpdoc",
    "kdoc",
    "rustdoc",
    "comentarios",
    "comentario",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
    English,
    Spanish,
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
fn foreign_pattern(lang: Language) -> String {
    let words = match lang {
        Language::English => SPANISH_WORDS,
        Language::Spanish => ENGLISH_WORDS,
    };
    format!(
        r"(?i:^[^\r\n]*(?:licen[cs]e|copyright|spdx-)[^\r\n]*)|(?P<hit>{OTHER_SCRIPT}[^\r\n]*|(?i:\b(?:{words})\b[^\r\n]*?\b(?:{words})\b)[^\r\n]*)"
    )
}

pub fn run(ctx: &Context, out: &mut Found) {
    for clause in clauses(ctx.tokens) {
        let Some((lang, negated, said)) = comments_language(clause) else {
            continue;
        };
        // "never in Spanish" asks for the other one, as far as a check can tell.
        let wanted = match (lang, negated) {
            (l, false) => l,
            (Language::English, true) => Language::Spanish,
            (Language::Spanish, true) => Language::English,
        };
        let mut scope = FileScope::source_files(false);
        ctx.narrow(&mut scope);
        let explanation = format!(
            "comments written in {} (\"{said}\"): a comment line in another script, or with two function words of {}, is a violation (license and copyright lines left alone); scope {}",
            match wanted {
                Language::English => "English",
                Language::Spanish => "Spanish",
            },
            match wanted {
                Language::English => "Spanish",
                Language::Spanish => "English",
            },
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                foreign_pattern(wanted),
                scope,
                None,
                explanation,
                Within::Comments,
            ),
        );
        return;
    }
}

/// The language a clause asks comments to be written in, whether it negates it, and the words
/// that said so: a comment word and one language word, in either order.
fn comments_language(clause: &[Token]) -> Option<(Language, bool, String)> {
    let words: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
    let comment = words
        .iter()
        .position(|t| COMMENT_WORDS.contains(&t.lower.as_str()))?;
    let langs: Vec<(usize, Language)> = words
        .iter()
        .enumerate()
        .filter_map(|(i, t)| language(&t.lower).map(|l| (i, l)))
        .collect();
    let [(at, lang)] = langs.as_slice() else {
        return None;
    };
    let negated = words.iter().any(|t| NEGATIONS.contains(&t.lower.as_str()));
    let (from, to) = (comment.min(*at), comment.max(*at));
    let said = words[from..=to]
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some((*lang, negated, said))
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
        // Names, UI text, or no language: not this pass's.
        for other in [
            "Variable names in English.",
            "Write comments for each public function.",
            "Comments in English or Spanish.",
        ] {
            assert!(texts(other, "src/A.java", java).is_empty(), "{other}");
        }
    }
}
