//! Comments as the place: "No non-ASCII characters in code comments", "`┌──┐` is forbidden in
//! source-code comments", "sin emojis en los comentarios" — what such a clause forbids is looked
//! for in comments only, whatever a pass would look for it in otherwise (code, or anywhere).

use super::super::phrases::Entity;
use super::super::text::{Token, clauses_with_ends, written};
use super::super::words::COMMENT_WORDS;
use super::{Context, Found};

/// Words that put something in a place ("in", "inside", "en", "dentro de").
const IN_WORDS: &[&str] = &["in", "inside", "within", "en", "dentro"];

/// Confines the checks of the mentions in a clause that places them in comments.
pub fn run(ctx: &Context, out: &mut Found) {
    let clauses = clauses_with_ends(ctx.tokens);
    // Per clause: the words that said it, and the code it names as what comments say (`None`:
    // everything the clause names is placed in comments).
    let placed: Vec<(usize, String, Option<Vec<String>>)> = clauses
        .iter()
        .enumerate()
        .filter_map(|(i, (clause, _))| {
            in_comments(clause)
                .map(|said| (i, said, None))
                .or_else(|| named_comments(clause).map(|(said, codes)| (i, said, Some(codes))))
        })
        .collect();
    if placed.is_empty() {
        return;
    }
    // "Glyphs (e.g. `┌──┐`) are forbidden in comments": the clause goes on after an aside, so
    // what the aside names is placed too.
    let aside =
        |from: usize, to: usize| (from..to).all(|k| matches!(clauses.get(k), Some((_, Some("(" | ")")))));
    for (i, f) in ctx.found.iter().enumerate() {
        // "(`webpackIgnore` comments, variable specifiers, `eval`)": only the code named
        // before "comments" is what comments say.
        let named = |codes: &Option<Vec<String>>| {
            codes
                .as_ref()
                .is_none_or(|codes| matches!(&f.entity, Entity::Code { text, .. } if codes.contains(text)))
        };
        let place = placed.iter().find(|(clause, _, codes)| {
            (*clause == f.clause || (f.clause < *clause && aside(f.clause, *clause))) && named(codes)
        });
        if let Some((_, said, _)) = place {
            out.confine_to_comments(i, said);
        }
    }
}

/// Words that may stand between "in" and "comments" and keep comments the only place: "in
/// source-code comments", "en los comentarios de código" — not "in code or comments", which
/// names two.
const COMMENT_MODIFIERS: &[&str] = &[
    "the",
    "your",
    "any",
    "its",
    "their",
    "code",
    "source",
    "source-code",
    "inline",
    "los",
    "las",
    "tus",
    "sus",
    "de",
    "del",
    "código",
];

/// The words that place a clause's things in comments: "in" (or "inside", "en", "dentro de")
/// and, at most three modifiers later ("in source-code comments", "en los comentarios"),
/// comments — nothing else between.
fn in_comments(clause: &[Token]) -> Option<String> {
    clause.iter().enumerate().find_map(|(i, t)| {
        if !t.is_word() || !IN_WORDS.contains(&t.lower.as_str()) {
            return None;
        }
        let end = clause[i + 1..]
            .iter()
            .take(4)
            .take_while(|w| {
                w.is_word()
                    && (COMMENT_MODIFIERS.contains(&w.lower.as_str())
                        || COMMENT_WORDS.contains(&w.lower.as_str()))
            })
            .position(|w| COMMENT_WORDS.contains(&w.lower.as_str()))?;
        let said: Vec<&str> = clause[i..=i + 1 + end].iter().map(|w| w.text.as_str()).collect();
        Some(said.join(" "))
    })
}

/// Code named as what comments say: "Do not emit \"Act\", \"Arrange\" or \"Assert\"
/// comments", "no `TODO` comments" — a list of code right before the word for comments: the
/// words, and the code.
fn named_comments(clause: &[Token]) -> Option<(String, Vec<String>)> {
    clause.iter().enumerate().find_map(|(k, t)| {
        if !t.is_word() || !COMMENT_WORDS.contains(&t.lower.as_str()) {
            return None;
        }
        let start = clause[..k]
            .iter()
            .rposition(|w| !w.lists_code())
            .map_or(0, |p| p + 1);
        let codes: Vec<String> = clause[start..k]
            .iter()
            .filter(|t| t.is_code())
            .map(|t| t.text.clone())
            .collect();
        (!codes.is_empty()).then(|| (written(&clause[start..=k]).replace(" ,", ","), codes))
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn what_a_clause_puts_in_comments_is_looked_for_there() {
        let i = "Box-drawing characters and other Unicode glyphs (e.g. `┌──┐`, `└──┘`) are forbidden in source-code comments.";
        let rs = "// ┌──┐ a box\nlet s = \"┌──┐\";\n/* └──┘ */\n";
        assert_eq!(texts(i, "src/ui.rs", rs), ["┌──┐", "└──┘"]);
        let e = "No emoji in comments";
        let ts = "// ship it 🚀\nconst label = \"🚀 Launch\";\n";
        assert_eq!(texts(e, "src/a.ts", ts), ["🚀"]);
        let es = "No uses `console.log` en los comentarios";
        assert_eq!(
            texts(es, "src/a.js", "// console.log(x)\nconsole.log(y);\n"),
            ["console.log"]
        );
        // Code and comments are two places: the check stays where it was.
        let both = "No emoji in code or comments";
        assert_eq!(texts(both, "src/a.ts", ts), ["🚀", "🚀"]);
        let listed = "Never use `var` in code, tests, or comments";
        assert_eq!(texts(listed, "src/a.js", "var x = 1;\n"), ["var"]);
        // Code named as what comments say is looked for in comments (dotnet/aspire's
        // copilot instructions).
        let aaa = "Do not emit \"Act\", \"Arrange\" or \"Assert\" comments.";
        let cs = "// Arrange\nvar x = 1;\n// Act\nvar y = F(x);\n// Assert\nAssert.Equal(1, y);\n";
        assert_eq!(texts(aaa, "tests/ATests.cs", cs), ["Arrange", "Act", "Assert"]);
        // Only the code named before "comments" is what comments say
        // (anthropic-sdk-typescript's CLAUDE.md).
        let hide =
            "Never hide imports from bundlers (`webpackIgnore` comments, variable specifiers, `eval`).";
        let js = "const m = await import(/* webpackIgnore: true */ p)\nconst webpackIgnore = 1\neval(src)\n";
        assert_eq!(texts(hide, "src/a.ts", js), ["webpackIgnore", "eval"]);
        // Elsewhere in the rule, comments are another subject.
        let other = "Never use `var`; explain tricky code in comments.";
        assert_eq!(texts(other, "src/a.js", "// var is old\nvar x = 1;\n"), ["var"]);
    }
}
