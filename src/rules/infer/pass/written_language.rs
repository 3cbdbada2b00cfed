//! Written-language pass: "Write comments in English", "Los comentarios deben estar en español",
//! "never write docstrings in Spanish", "Use English in doc comments": the human language a
//! project's comments are written in, checked in comments — in documentation comments only
//! (`/** */`, `///`, docstrings) when the rule names only those. A comment line is Spanish with
//! `¿`/`¡`, a word English never writes ("obtener", "usuario", "función") or two Spanish
//! function words; English with "the", a verb then an article ("Returns a") or two English
//! function words; in another script with two letters of Han, kana, Hangul, Cyrillic, Arabic,
//! Hebrew, Thai or Devanagari in a row. License, copyright and URL lines are left alone. Commit
//! messages too, when the rule names them ("Write commit messages in English", "… This includes
//! commit messages"). Documentation ("Toda la documentación debe estar en español", "Docs in
//! English"): each Markdown document must hold a word of the language (flagged at line 1), and
//! the documentation comments and docstrings of code are checked as above. One language word and
//! one comment, commit or documentation word in the same clause; anything else — identifiers in
//! English, UI text in Spanish — is not this pass's. What a rule asks is kept for precedence: a newer "comentarios en español" retires
//! "comments in English".

use std::sync::LazyLock;

use super::super::Term;
use super::super::files::{FileScope, Lang};
use super::super::text::{Kind, Token, clauses};
use super::super::words::{COMMENT_WORDS, NEGATIONS};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words naming commit messages.
const COMMIT_WORDS: &[&str] = &["commit", "commits"];

/// Words that extend what a rule's language covers to a list ("This includes: … commit
/// messages").
const INCLUDING_WORDS: &[&str] = &[
    "includes",
    "including",
    "include",
    "incluye",
    "incluyendo",
    "incluido",
    "incluidos",
];

/// Words naming a project's documents — its Markdown pages, not comments in code ("Toda la
/// documentación debe estar en español", "Docs in English").
const DOCUMENT_WORDS: &[&str] = &[
    "documentation",
    "documentación",
    "documentacion",
    "docs",
    "readme",
    "readmes",
];

/// Words after a document word that make it documentation in code ("la documentación en
/// código (PHPDoc, JSDoc)", "documentation in code"), and before it ("code documentation",
/// "inline documentation").
const IN_CODE_AFTER: &[&[&str]] = &[
    &["en", "código"],
    &["en", "codigo"],
    &["de", "código"],
    &["del", "código"],
    &["in", "code"],
    &["in", "the", "code"],
];
const IN_CODE_BEFORE: &[&str] = &["code", "in-code", "inline"];

/// Documents no language rule is about: agent instructions, licenses, changelogs a tool writes,
/// codes of conduct copied from a template.
const DOCUMENTS_LEFT_OUT: &[&str] = &[
    "!**/AGENTS.md",
    "!**/CLAUDE.md",
    "!**/CLAUDE.local.md",
    "!**/GEMINI.md",
    "!**/{LICENSE,LICENCE,COPYING,CHANGELOG,CHANGES,HISTORY,CODE_OF_CONDUCT}*",
    "!**/.*/**",
];

/// A line that is no prose: three words at most (a title, a badge, a link), or markup, code or a
/// field (`<Card title="AWS">`, `export const`, `` ### `fn` ``, `| a | b |`, `src: "…"`).
const NOT_PROSE_LINE: &str = r#"[ \t>#*+\-]*(?:(?:[^ \t\r\n]+[ \t]*){0,3}|(?:[<{}()\[\]`|!]|export\b|import\b|[\w-]+[ \t]*[:=][ \t]*["'{\[(])[^\r\n]*)"#;

/// A document with no prose line outside its front matter and fenced code — titles, badges,
/// links, generated API pages, MDX snippets, a template's fields — is in no language.
static NO_PROSE: LazyLock<String> = LazyLock::new(|| {
    let front = r"(?:(?:---|\+\+\+)[ \t]*\r?\n(?s:.*?)\r?\n(?:---|\+\+\+)[ \t]*(?:\r?\n|\z))?";
    let fence = r"(?:```|~~~)[^\n]*\n(?s:.*?)\n[ \t]*(?:```|~~~)[^\n]*(?:\n|\z)";
    format!(r"\A{front}(?:{fence}|{NOT_PROSE_LINE}\r?\n)*(?:{NOT_PROSE_LINE})?\z")
});

/// One word a document in the language writes and the other never does: a document asked to be
/// in a language passes with one (a comment's signs are stricter: commented-out code writes
/// short words).
const ENGLISH_DOCUMENT_WORD: &str = r"(?i:\b(?:the|and|is|are|was|were|this|that|these|with|you|your|we|our|of|to|for|from|by|on|in|it|its|can|will|be|an|which|or|not|do|does|how|see|use|using|when|if|all|each|has|have)\b)";
const SPANISH_DOCUMENT_WORD: &str = r"(?i:\b(?:el|la|los|las|del|que|para|con|por|una|es|son|est[áa]n?|como|c[óo]mo|m[áa]s|tambi[ée]n|este|esta|se)\b)";

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

/// Scripts that neither English nor Spanish comments are written in — two letters of one in a
/// row (a lone `π` or `μ` is maths, not Greek prose).
const OTHER_SCRIPT: &str = r"(?:[\p{Han}\p{Hiragana}\p{Katakana}]|\p{Hangul}|\p{Cyrillic}|\p{Arabic}|\p{Hebrew}|\p{Thai}|\p{Devanagari}){2}";

/// Spanish on its own: `¿`, `¡`, or a word English never writes (verbs comments open with,
/// accented function words, common nouns of code comments).
const SPANISH_ALONE: &str = "[¿¡]|(?i:\\b(?:obtener|obtiene|crear|crea|actualizar|actualiza|eliminar|elimina|verificar|verifica|calcular|calcula|devuelve|retorna|validar|valida|guardar|guarda|cargar|carga|mostrar|muestra|enviar|env[íi]a|filtrar|filtra|lanzar|lanza|inicializa|inicializar|est[áa]n?|m[áa]s|tambi[ée]n|seg[úu]n|aqu[íi]|despu[ée]s|funci[óo]n|c[óo]digo|n[úu]mero|p[áa]gina|usuarios?|contrase[ñn]a|informaci[óo]n|configuraci[óo]n)\\b)";
/// Spanish function words, two of which make a line Spanish.
const SPANISH_WORDS: &str = "que|para|los|las|una|el|la|del|de|con|por|un|se|al|lo|sin|si|cuando|porque|pero|este|esta|esto|hasta|desde|donde";
/// English on its own: "the", which Spanish never writes.
const ENGLISH_ALONE: &str = "(?i:\\bthe\\b)";
/// English as documentation opens: a verb then an article or a determiner ("Store a newly
/// created item", "Returns all rows", "Creates a new session") — Spanish writes neither word.
const ENGLISH_VERB_DETERMINER: &str = r"(?i:\b(?:store|stores|return|returns|get|gets|set|sets|create|creates|build|builds|load|loads|save|saves|find|finds|check|checks|handle|handles|send|sends|fetch|fetches|add|adds|remove|removes|update|updates|delete|deletes|compute|computes|render|renders|parse|parses|convert|converts|validate|validates|register|registers|initialize|initializes|display|displays|show|shows|run|runs|apply|applies|generate|generates|read|reads|write|writes)[ \t]+(?:a|an|all|each|every|new|its|their|our|your)\b)";
/// English function words, two of which make a line English (not `this`, `from`, `with`,
/// `and`, `is`, `then`, `has`: commented-out code writes them).
const ENGLISH_WORDS: &str = "that|which|should|returns|when|because|these|those|must|would|of|to|are|for|if|it|was|were|already|been|will|than|only";

/// Verbs an English commit subject opens with.
const ENGLISH_COMMIT_VERBS: &str = "add|adds|added|fix|fixes|fixed|update|updates|updated|remove|removes|removed|refactor|implement|implements|improve|improves|bump|rename|move|create|delete|change|allow|support|handle|introduce|replace|drop|prevent|enable|disable|upgrade|document|simplify|ensure|avoid|use";

/// The signs that a line is written in `foreign`, as alternatives: a word only it writes, two of
/// its function words, or (`other_scripts`) another script.
fn signs_of(foreign: Language, other_scripts: bool) -> String {
    let (alone, words): (&[&str], &str) = match foreign {
        Language::Spanish => (&[SPANISH_ALONE], SPANISH_WORDS),
        Language::English => (&[ENGLISH_ALONE, ENGLISH_VERB_DETERMINER], ENGLISH_WORDS),
    };
    // Two function words as prose writes them — each followed by a blank or punctuation, the
    // second after a blank: `nodesOut[si]`, `el.value` in commented-out code are not words.
    let mut signs: Vec<String> = alone.iter().map(|a| a.to_string()).collect();
    signs.push(format!(
        r"(?i:\b(?:{words})(?:[ \t,]+|[ \t,][^\r\n]*?[ \t,(])(?:{words})(?:[ \t,.;:!?)]|$))"
    ));
    if other_scripts {
        signs.push(OTHER_SCRIPT.to_string());
    }
    signs.join("|")
}

/// A comment line with signs of `foreign`; the hit runs from the first word of the phrase the
/// first sign is in (words, blanks, commas and brackets before it, from a letter: "Compute the next run", not
/// "the next run") to the end of the line, before a closing `*/` or XML tag
/// (`</summary>`) and trailing blanks. A license or copyright line, or
/// one holding a URL, is consumed without a hit. With `docs_only`, only inside a `/** … */`
/// block (never past its end), or after `///` or `//!`: the first foreign line of each (Python's
/// docstrings are [`docstring_pattern`]'s). `other_scripts` adds scripts that are neither
/// language.
fn foreign_pattern(foreign: Language, other_scripts: bool, docs_only: bool) -> String {
    let signs = signs_of(foreign, other_scripts);
    let line = format!(r#"(?P<hit>{LEAD}(?:{signs})[^\r\n]*?)[ \t]*(?:\*/|</[A-Za-z]+>)?[ \t]*$"#);
    if docs_only {
        format!(r#"{SKIPPED}|(?:/\*\*(?:[^*]|\*+[^*/])*?|//[/!][^\r\n]*?){line}"#)
    } else {
        format!(r"{SKIPPED}|{line}")
    }
}

/// A license or copyright line, or one holding a URL: consumed without a hit.
const SKIPPED: &str = r"(?i:^[^\r\n]*(?:licen[cs]e|copyright|spdx-|://)[^\r\n]*)";
/// Words, blanks, commas and brackets before a sign, from a letter: the phrase it is in.
const LEAD: &str = r"(?:\p{L}[\p{L}\p{N}'’ \t,()\-]*?)?";

/// The first line with signs of `foreign` in a `"""` docstring — one opening a line, as a
/// statement — the match running on to the docstring's end; any other triple-quoted string is
/// consumed whole. Either way no closing quotes open another: the code after a docstring is
/// not documentation (a test's Japanese data `("米津玄師", …)` is not a docstring), nor is a
/// string given to a name (`text = """…"""`).
fn docstring_pattern(foreign: Language, other_scripts: bool) -> String {
    let signs = signs_of(foreign, other_scripts);
    let body = r#"(?:[^"]|"[^"]|""[^"])"#;
    format!(
        r#"{SKIPPED}|^[ \t]*[rRuU]?"""{body}*?(?P<hit>{LEAD}(?:{signs})[^\r\n]*?)[ \t]*(?:"""[ \t]*$|\r?\n{body}*""")|"""{body}*""""#
    )
}

pub fn run(ctx: &Context, out: &mut Found) {
    // The first clause that asks; one language of comments per rule.
    // "La documentación en código (PHPDoc, JSDoc) debe estar en español", "Docs: English": the
    // aside or the label's colon would cut the clause in two.
    let tokens = without_asides(ctx.tokens);
    if let Some(asked) = clauses(&tokens).into_iter().find_map(comments_language) {
        // "in English": Spanish and other scripts are not; "never in Spanish": only Spanish is
        // forbidden, whatever else comments are written in.
        let (foreign, other_scripts) = if asked.negated {
            (asked.language, false)
        } else {
            (asked.language.other(), true)
        };
        // "Write commit messages in English", "… This includes commit messages": commits in
        // the clause that asks, or in a list the rule says its language includes — not a
        // rule that speaks of commits for another reason ("Commits follow Conventional Commits").
        if (asked.commits && !asked.comments) || (ctx.says(COMMIT_WORDS) && ctx.says(INCLUDING_WORDS)) {
            commit_messages(ctx, out, &asked, foreign, other_scripts);
        }
        // "Never write docs in Spanish" leaves every other language open: no one language a
        // document must show.
        if asked.documents && !asked.negated {
            documents(ctx, out, &asked);
        }
        // "Documentation in English": the documents, and the documentation comments of code.
        if !asked.comments && !asked.documents {
            return;
        }
        let docs_only = asked.docs_only || !asked.comments;
        let mut scope = FileScope::source_files(false);
        ctx.narrow(&mut scope);
        let what = if docs_only {
            "documentation comments (`/** */`, `///`, docstrings)"
        } else {
            "comments"
        };
        let rule = if asked.negated {
            format!("{what} not in {}", asked.language.name())
        } else {
            format!("{what} in {}", asked.language.name())
        };
        let signs = match foreign {
            Language::Spanish => "`¿`, `¡`, a word English never writes, or two Spanish function words",
            Language::English => {
                "\"the\", a verb then an article (\"Returns a\"), or two English function words"
            }
        };
        let reading = format!(
            "{rule} (\"{}\"): a line with {signs}{} is a violation (license, copyright and URL lines left alone)",
            asked.said,
            if other_scripts {
                ", or in another script"
            } else {
                ""
            },
        );
        let explanation = format!("{reading}; scope {}", scope.why);
        // Documentation comments are found by their delimiters (`/**`, `///`).
        let within = if docs_only { Within::Any } else { Within::Comments };
        out.check(
            At::Places,
            ctx.pattern_check(
                foreign_pattern(foreign, other_scripts, docs_only),
                scope,
                None,
                explanation,
                within,
            ),
        );
        // Docstrings are strings: found by their delimiters, in the languages that write them.
        // ("Documentation" names Markdown documents as a language: not one docstrings are in.)
        let named: Vec<Lang> = ctx
            .named
            .langs()
            .into_iter()
            .filter(|l| *l != Lang::Docs)
            .collect();
        let docstring_langs: Vec<Lang> = [Lang::Python, Lang::Elixir]
            .into_iter()
            .filter(|l| named.is_empty() || named.contains(l))
            .collect();
        if docs_only && !docstring_langs.is_empty() {
            let mut scope = FileScope::of_langs(&docstring_langs, String::new()).titled("docstrings");
            ctx.narrow(&mut scope);
            let explanation = format!(
                "{reading} — the first such line of each `\"\"\"` docstring; scope {}",
                scope.why
            );
            out.check(
                At::Places,
                ctx.pattern_check(
                    docstring_pattern(foreign, other_scripts),
                    scope,
                    None,
                    explanation,
                    Within::Any,
                ),
            );
        }
        // For precedence: "comments in Spanish" after "comments in English" retires it.
        let key = |l: Language| format!("comments:{}", l.name().to_lowercase());
        let term = |l: Language| Term {
            text: format!("{what} in {}", l.name()),
            key: key(l),
            exact: None,
            trigger: asked.said.clone(),
        };
        if asked.negated {
            out.forbids.push(term(asked.language));
        } else {
            out.mandates.push(term(asked.language));
            out.forbids.push(term(asked.language.other()));
        }
    }
}

/// The lines of a commit message (not its `#` comments) with signs of `foreign`: the whole line.
fn commit_messages(ctx: &Context, out: &mut Found, asked: &Asked, foreign: Language, other_scripts: bool) {
    let scope = FileScope::of_langs(&[Lang::Commit], "commit messages".to_string());
    let signs = signs_of(foreign, other_scripts);
    // An English subject says what it does with an English verb first: "Add weekly reminders",
    // "fix(api): handle nulls" — words Spanish never writes.
    let english_lead = if foreign == Language::English {
        format!(r"|(?:[a-z]+(?:\([^)\r\n]*\))?!?:[ \t]*)?(?i:{ENGLISH_COMMIT_VERBS})[ \t]")
    } else {
        String::new()
    };
    let pattern = format!(
        r"(?i:^[^\r\n]*(?:co-authored-by|signed-off-by|://)[^\r\n]*)|^(?P<hit>(?:[^#\s][^\r\n]*?(?:{signs}){english_lead})[^\r\n]*?)[ \t]*\r?$"
    );
    let explanation = format!(
        "commit messages in {} (\"{}\"): a line of the message (not a `#` comment, a trailer or a URL) in {} is a violation",
        asked.language.name(),
        asked.said,
        foreign.name()
    );
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// The project's Markdown documents without a word of the language asked: the violation is at
/// line 1, the document as a whole (agent instructions, licenses, changelogs and documents
/// without prose left alone).
fn documents(ctx: &Context, out: &mut Found, asked: &Asked) {
    let mut scope = FileScope::of_langs(&[Lang::Docs], String::new());
    for glob in DOCUMENTS_LEFT_OUT {
        scope.exclude.push(glob.to_string());
    }
    let mut scope = scope.titled("Markdown documents");
    ctx.narrow(&mut scope);
    let signs = match asked.language {
        Language::Spanish => {
            "`¿`, `¡`, or a word English never writes: \"el\", \"que\", \"para\", \"función\"…"
        }
        Language::English => "a word Spanish never writes: \"the\", \"and\", \"is\", \"of\"…",
    };
    let explanation = format!(
        "documents in {} (\"{}\"): a document with no line in {} ({signs}) is a violation at line 1 (agent instructions, licenses, changelogs and documents without a line of four words outside front matter and code left alone); scope {}",
        asked.language.name(),
        asked.said,
        asked.language.name(),
        scope.why
    );
    let word = match asked.language {
        Language::English => ENGLISH_DOCUMENT_WORD,
        Language::Spanish => SPANISH_DOCUMENT_WORD,
    };
    let pattern = format!("{}|{word}|{}", signs_of(asked.language, false), *NO_PROSE);
    out.check(At::Places, ctx.require_check(&scope, pattern, explanation));
}

/// The rule's tokens without what stands between brackets, and without a label's colon ("UI,
/// docs y PRs: castellano").
fn without_asides(tokens: &[Token]) -> Vec<Token> {
    let mut depth = 0usize;
    let mut kept = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        // A label's colon is followed by a few words only ("castellano", "in English"), not by
        // a sentence of its own ("**Documentación:** El código debe estar en inglés.").
        let label_colon = || {
            let rest = &tokens[i + 1..];
            rest.iter()
                .position(|t| t.kind == Kind::Sep)
                .unwrap_or(rest.len())
                <= 3
        };
        match (t.kind, t.text.as_str()) {
            (Kind::Sep, "(") => depth += 1,
            (Kind::Sep, ")" | "]") if depth > 0 => depth -= 1,
            (Kind::Sep, ":") if label_colon() => {}
            _ if depth == 0 => kept.push(t.clone()),
            _ => {}
        }
    }
    kept
}

/// What a clause asks of the language of comments.
struct Asked {
    language: Language,
    /// "never … in Spanish".
    negated: bool,
    /// Only documentation comments are named ("doc comments", "docstrings", "JSDoc" — not
    /// "javadoc and comments").
    docs_only: bool,
    /// Comments are named (else commit messages or documents are).
    comments: bool,
    /// Commit messages are named.
    commits: bool,
    /// The project's documents are named ("documentación", "docs", "README").
    documents: bool,
    /// The words that said so.
    said: String,
}

/// A comment word and one language word in the clause, in either order.
fn comments_language(clause: &[Token]) -> Option<Asked> {
    let words: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
    let lower: Vec<&str> = words.iter().map(|t| t.lower.as_str()).collect();
    let document = |i: usize| DOCUMENT_WORDS.contains(&lower[i]);
    // "la documentación en código", "inline documentation": documentation comments.
    let in_code = |i: usize| {
        document(i)
            && (IN_CODE_AFTER
                .iter()
                .any(|after| lower.get(i + 1..i + 1 + after.len()) == Some(after))
                || i.checked_sub(1)
                    .is_some_and(|k| IN_CODE_BEFORE.contains(&lower[k])))
    };
    // "documentation comments" is comments; "comentarios y documentación" both.
    let documents = |i: usize| {
        document(i) && !in_code(i) && !lower.get(i + 1).is_some_and(|next| COMMENT_WORDS.contains(next))
    };
    let named =
        |i: &usize| COMMENT_WORDS.contains(&lower[*i]) || DOC_WORDS.contains(&lower[*i]) || in_code(*i);
    let named_or_other = |i: &usize| named(i) || COMMIT_WORDS.contains(&lower[*i]) || documents(*i);
    let is_doc = |i: usize| {
        DOC_WORDS.contains(&lower[i])
            || in_code(i)
            || i.checked_sub(1)
                .is_some_and(|k| matches!(lower[k], "doc" | "documentation"))
            // "comentarios de documentación" — not "comentarios y documentación", which are two.
            || (lower.get(i + 1) == Some(&"de")
                && lower
                    .get(i + 2)
                    .is_some_and(|w| matches!(*w, "documentación" | "documentacion")))
    };
    let comment = (0..lower.len()).find(named_or_other)?;
    let comments = (0..lower.len()).any(|i| named(&i));
    let commits = lower.iter().any(|w| COMMIT_WORDS.contains(w));
    let documents = (0..lower.len()).any(documents);
    let docs_only = comments && (0..lower.len()).filter(named).all(is_doc);
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
        comments,
        commits,
        documents,
        said,
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::texts;

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
            [
                "クラムを取得する。",
                "Calcula el total para los pedidos que están abiertos"
            ]
        );
        assert_eq!(
            texts("Los comentarios deben estar en español.", "src/A.java", java),
            ["クラムを取得する。", "Returns the total of the open orders"]
        );
        assert_eq!(
            texts("Never write comments in Spanish.", "src/A.java", java),
            ["Calcula el total para los pedidos que están abiertos"],
            "only Spanish is forbidden: Japanese is not Spanish"
        );
        // Not prose: maths letters, URLs, commented-out code.
        let noise = concat!(
            "// π is approx 3.14; use μ for the mean\n",
            "// Ver https://example.com/blog/how-to-use-the-api-with-node\n",
            "// this.a = this.b;\n",
            "// Get the current user\n",
        );
        assert!(texts("Write comments in English", "src/a.ts", noise).is_empty());
        assert_eq!(
            texts("Los comentarios deben estar en español.", "src/a.ts", noise),
            ["use μ for the mean", "Get the current user"]
        );
        // Commented-out code whose short names are Spanish words (`si`, `el`) is not Spanish.
        let code = "/*\n  const s = si !== undefined ? nodesOut[si]._score : 0;\n  el.value = la;\n*/\n";
        assert!(texts("Write comments only in English", "src/a.ts", code).is_empty());
        let es = "// Obtener el usuario actual\n// Si el usuario no existe, lanzar error\n// ¿Hace falta?\n";
        assert_eq!(
            texts("Write comments in English", "src/a.ts", es),
            [
                "Obtener el usuario actual",
                "Si el usuario no existe, lanzar error",
                "¿Hace falta?"
            ]
        );
        // Documentation comments only: a line comment is not one.
        let ts = concat!(
            "/**\n * Carga la configuración para los paquetes que existen.\n * 設定を読み込む\n */\n",
            "// Calcula el total para los pedidos que están abiertos\n",
            "/// 合計を計算する\n",
        );
        assert_eq!(
            texts("Use English in doc comments", "src/a.ts", ts),
            [
                "Carga la configuración para los paquetes que existen.",
                "合計を計算する"
            ]
        );
        let py = "def f():\n    \"\"\"Calcula el total para los pedidos que están abiertos.\"\"\"\n    # comentario que no es docstring para nada\n";
        assert_eq!(
            texts("Docstrings in English.", "app/a.py", py),
            ["Calcula el total para los pedidos que están abiertos."]
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
    fn commit_messages_in_the_language_asked() {
        let msg = "名前付きパラメータの検証を追加\n\nAdds validation of the named parameters.\nCo-authored-by: Ana <ana@x.es>\n# Por favor escribe el mensaje de este commit\n";
        let i = "All documentation and source code comments must be written in English. This includes commit messages and PR descriptions.";
        assert_eq!(
            texts(i, ".git/COMMIT_EDITMSG", msg),
            ["名前付きパラメータの検証を追加"]
        );
        let es = "Agrega la validación de los parámetros\n\nFixes the bug\n";
        assert_eq!(
            texts("Write commit messages in English.", ".git/COMMIT_EDITMSG", es),
            ["Agrega la validación de los parámetros"]
        );
        assert_eq!(
            texts(
                "Los mensajes de commit en español.",
                ".git/COMMIT_EDITMSG",
                "Add the parser for the config files\n"
            ),
            ["Add the parser for the config files"]
        );
        // An English verb first is English, with few function words after it.
        let rule = "Mensajes de commit en español";
        for subject in [
            "Add weekly reminder scheduler for trainers",
            "fix(api): handle empty lists",
        ] {
            assert_eq!(
                texts(rule, ".git/COMMIT_EDITMSG", &format!("{subject}\n")),
                [subject]
            );
        }
        for spanish in [
            "Agrega el fix para el login",
            "feat: añade recordatorios semanales",
        ] {
            assert!(
                texts(rule, ".git/COMMIT_EDITMSG", &format!("{spanish}\n")).is_empty(),
                "{spanish}"
            );
        }
        // A rule about comments only says nothing of commits.
        for other in [
            "Write comments in English.",
            "Write comments in English; commits follow Conventional Commits.",
        ] {
            let conventional = "feat: agrega la validación de los parámetros\n";
            assert!(
                texts(other, ".git/COMMIT_EDITMSG", conventional).is_empty(),
                "{other}"
            );
        }
    }

    #[test]
    fn comments_and_documentation_are_all_comments_documentation_comments_are_not() {
        let py = "def f():\n    # Compute the average daily demand per SKU\n    return 1\n";
        let both = "Todas las respuestas, planes, comentarios y documentación deben estar estrictamente en **ESPAÑOL**.";
        assert_eq!(
            texts(both, "svc.py", py),
            ["Compute the average daily demand per SKU"]
        );
        let docs = "Los comentarios de documentación en español.";
        assert!(texts(docs, "svc.py", py).is_empty());
    }

    #[test]
    fn crlf_files_end_a_comment_line_at_the_carriage_return() {
        let hits = texts(
            "Comments in English.",
            "src/a.ts",
            "// Calcula el total para los pedidos\r\nlet a = 1;\r\n",
        );
        assert_eq!(hits, ["Calcula el total para los pedidos"]);
    }

    #[test]
    fn the_hit_is_the_comment_s_phrase_from_its_first_word() {
        let rule = "Comentarios en el código en español";
        let py = "    # Compute the next run date for the given weekday\n    x = 1  # Skip reminders that were already sent today\n";
        assert_eq!(
            texts(rule, "svc.py", py),
            [
                "Compute the next run date for the given weekday",
                "Skip reminders that were already sent today"
            ]
        );
        let cs = "    /// <summary>Marks the contact query as read.</summary>\n    // Only update when it was unread\n";
        assert_eq!(
            texts(rule, "Svc.cs", cs),
            [
                "Marks the contact query as read.",
                "Only update when it was unread"
            ]
        );
    }

    #[test]
    fn documents_in_another_language_are_flagged_at_their_first_line() {
        let english = "# Deployment guide\n\nThis guide explains how to deploy the agent to Vertex AI.\n";
        let spanish =
            "# Guía para desarrolladores\n\nEste agente atiende consultas del catastro usando Gemini.\n";
        for rule in [
            "Toda la documentación debe estar en español",
            "UI, docs y PRs: castellano.",
            "Mantén la documentación en español.",
        ] {
            assert_eq!(
                texts(rule, "docs/deployment.md", english),
                ["# Deployment guide"],
                "{rule}"
            );
            assert!(texts(rule, "README-DEVS.md", spanish).is_empty(), "{rule}");
        }
        assert_eq!(
            texts(
                "All documentation must be written in English.",
                "docs/guia.mdx",
                spanish
            ),
            ["# Guía para desarrolladores"]
        );
        assert!(
            texts(
                "All documentation must be written in English.",
                "docs/a.md",
                english
            )
            .is_empty()
        );
        // CRLF, emoji and CJK in an English document: still one violation, on line 1.
        let crlf = "# 🚀 Setup 設定\r\n\r\nRun the installer before you open the app.\r\n";
        assert_eq!(
            texts("Documentación en español", "docs/setup.md", crlf),
            ["# 🚀 Setup 設定"]
        );
        // Left alone: agent instructions, licenses, changelogs, documents with no prose, dot
        // folders, and files that are not documents.
        for path in [
            "AGENTS.md",
            "sub/CLAUDE.md",
            "CHANGELOG.md",
            "LICENSE.md",
            ".github/PULL_REQUEST_TEMPLATE.md",
        ] {
            assert!(
                texts("Documentación en español", path, english).is_empty(),
                "{path}"
            );
        }
        let stub = "# Scoring engine\n\n[![CI](https://ci.example.com/badge.svg)](https://ci.example.com)\n- `cargo run`\n";
        assert!(texts("Documentación en español", "README.md", stub).is_empty());
        assert!(
            texts(
                "Documentación en español",
                "src/a.py",
                "# The main entry of the app\n"
            )
            .is_empty()
        );
        // Never written in Spanish: any other language may be right — no document is checked.
        assert!(texts("Never write docs in Spanish.", "docs/a.md", spanish).is_empty());
        // Documentation comments are comments, not documents.
        assert!(texts("Documentation comments in Spanish.", "docs/a.md", english).is_empty());
    }

    #[test]
    fn documentation_in_code_is_documentation_comments() {
        let php = "<?php\n/**\n * Store a newly created menu item.\n */\nfunction store() {}\n/**\n * Elimina el producto del menú.\n */\n";
        let rule = "La documentación en código (PHPDoc, JSDoc) y el texto final para el usuario deben estar siempre en español.";
        assert_eq!(
            texts(rule, "app/Menu.php", php),
            ["Store a newly created menu item."]
        );
        assert_eq!(
            texts("Inline documentation in Spanish.", "app/Menu.php", php),
            ["Store a newly created menu item."]
        );
        // A verb then a name is not English enough: commented-out code writes it.
        let code = "// return value;\n// get user\n";
        assert!(texts("Comentarios en español", "src/a.ts", code).is_empty());
    }

    #[test]
    fn a_docstring_s_closing_quotes_open_nothing() {
        let py = "\"\"\"Tests for artist name romanization.\"\"\"\n\nimport pytest\n\n@pytest.mark.parametrize(\n    (\"name\", \"expected\"),\n    [(\"米津玄師\", \"Yonezu Kenshi\")],\n)\ndef test_romanize(name, expected):\n    \"\"\"\n    ローマ字に変換する。\n    Second line 二行目です。\n    \"\"\"\n    assert romanize(name) == expected  # 確認する\n";
        assert_eq!(
            texts(
                "All code and documentation must be written in English.",
                "tests/test_r.py",
                py
            ),
            ["ローマ字に変換する。"]
        );
        let crlf = py.replace('\n', "\r\n");
        assert_eq!(
            texts("Docstrings in English.", "tests/test_r.py", &crlf),
            ["ローマ字に変換する。"]
        );
        // A string given to a name, a Kotlin raw string: no docstrings.
        let data = "TEXT = \"\"\"\nMga modelo ng wika ay naging mas sopistikado\n\"\"\"\n";
        assert!(texts("Docstrings in English.", "examples/run.py", data).is_empty());
        let kt = "val sql = \"\"\"\n    SELECT * FROM usuarios WHERE activo = 1\n\"\"\"\n";
        assert!(texts("Docstrings in English.", "src/Repo.kt", kt).is_empty());
    }
}
