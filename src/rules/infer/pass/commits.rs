//! Commits pass: the style a rule mandates for a commit's subject line — "Subject line:
//! Imperative mood, capitalized, no period", "Use the imperative mood in the subject line",
//! "Capitalize the subject line", "Do not end the subject line with a period" — flags the
//! subject (the whole first line of the message) that breaks it: one opening with a past-tense,
//! third-person or -ing verb ("Added …", "Fixes …", "Updating …", after a Conventional Commits
//! prefix too), one opening in lowercase (unless it has such a prefix), one ending with a period.

use super::super::files::{FileScope, Lang};
use super::super::text::Token;
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A prefix before the subject proper: Conventional Commits' `feat: `, `fix(parser)!: `, and the
/// area prefixes of Go and infrastructure projects (`go.mod: `, `smtp-in: `, `postilion README: `).
const PREFIX: &str = r"[\w./-]+(?:[ \t][\w./-]+)?(?:\([^)\r\n]*\))?!?:[ \t]+";

/// Verbs a subject opens with when it is not in the imperative mood.
const NOT_IMPERATIVE: &str = "added|adds|adding|fixed|fixes|fixing|updated|updates|updating|removed|removes|removing|changed|changes|changing|improved|improves|improving|refactored|refactors|refactoring|implemented|implements|implementing|created|creates|creating|deleted|deletes|deleting|moved|moves|moving|renamed|renames|renaming|bumped|bumps|bumping|upgraded|upgrades|upgrading|introduced|introduces|introducing|cleaned|cleans|cleaning|replaced|replaces|replacing|converted|converts|converting|enabled|enables|enabling|disabled|disables|disabling|optimized|optimizes|optimizing|documented|documents|documenting|made|makes|making|wrote|writes|writing|reverted|reverts|reverting";

pub fn run(ctx: &Context, out: &mut Found) {
    unmentioned_names(ctx, out);
    allowed_types(ctx, out);
    if !about_subject(ctx) {
        return;
    }
    let negated = ctx.says(NEGATIONS);
    let scope = FileScope::of_langs(&[Lang::Commit], String::new()).titled(Lang::Commit.name());
    let mut check = |pattern: String, what: &str| {
        let explanation = format!("commit subject style: {what}; scope {}", scope.why);
        out.check(
            At::Places,
            ctx.pattern_check(pattern, scope.clone(), None, explanation, Within::Any),
        );
    };
    if ctx.says(&["imperative", "imperativo"]) || present_tense(ctx) {
        check(
            format!(r"\A(?P<hit>(?:{PREFIX})?(?i:{NOT_IMPERATIVE})\b[^\r\n]*?)[ \t]*\r?$"),
            "a subject opening with a past-tense, third-person or -ing verb (\"Added\", \"Fixes\", \"Updating\"), not the imperative mood",
        );
    }
    // "no period", "sin punto final"; "Capitalize …", "capitalized": unless negated.
    if ctx.says(&["period", "full-stop", "punto"]) && (negated || ctx.says(&["sin", "without"])) {
        check(
            r"\A(?P<hit>[^\r\n#][^\r\n]*\.)[ \t]*\r?$".to_string(),
            "a subject ending with a period",
        );
    }
    if ctx.says(&[
        "capitalized",
        "capitalize",
        "capitalised",
        "capitalise",
        "mayúscula",
        "mayuscula",
    ]) && !negated_capital(ctx)
    {
        check(
            format!(r"\A{PREFIX}|\Av\d|\A(?P<hit>[a-z][^\r\n]*?)[ \t]*\r?$"),
            "a subject opening in lowercase (not after a prefix such as `feat: ` or `go.mod: `, nor a version)",
        );
    }
}

/// Verbs of naming something in a message.
const MENTION_VERBS: &[&str] = &[
    "mention",
    "mentions",
    "mencionar",
    "menciones",
    "mencionen",
    "menciona",
];

/// "When writing git commits: Don't mention Claude", "No menciones a Copilot en los commits": the
/// capitalized name after a negated verb of mentioning, in commit messages, where the rule is
/// about them — the name as written (case matters: `claude-code` in a URL is no mention).
fn unmentioned_names(ctx: &Context, out: &mut Found) {
    if !ctx.named.has(Lang::Commit) {
        return;
    }
    let words: Vec<&Token> = ctx.tokens.iter().filter(|t| t.is_word()).collect();
    for (i, verb) in words.iter().enumerate() {
        if !MENTION_VERBS.contains(&verb.lower.as_str())
            || !words[i.saturating_sub(3)..i]
                .iter()
                .any(|t| NEGATIONS.contains(&t.lower.as_str()))
        {
            continue;
        }
        // "No menciones a Copilot": the personal "a" before a name.
        let from = if words.get(i + 1).is_some_and(|t| t.lower == "a") {
            i + 2
        } else {
            i + 1
        };
        let names: Vec<&str> = words
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|t| t.text.chars().next().is_some_and(char::is_uppercase))
            .map(|t| t.text.as_str())
            .collect();
        if names.is_empty() {
            continue;
        }
        let name = names.join(" ");
        let scope = FileScope::of_langs(&[Lang::Commit], String::new()).titled(Lang::Commit.name());
        let explanation = format!(
            "\"{name}\" not to be mentioned (after \"{} {}\"): the name, as written, in {}",
            words[i.saturating_sub(1)].text,
            verb.text,
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                format!(r"\b(?P<hit>{})\b", regex::escape(&name)),
                scope,
                None,
                explanation,
                Within::Any,
            ),
        );
    }
}

/// The types of Conventional Commits: a list of words holding three of them is a list of commit
/// types, whether or not the rule says "commit" (it is often under a "Commits" heading).
const COMMIT_TYPES: &[&str] = &[
    "feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore", "revert",
];

/// Words that make a list of types a list of examples, not the only ones allowed.
const EXAMPLE_WORDS: &[&str] = &[
    "e.g", "eg", "e.g.", "example", "examples", "like", "such", "etc", "ej", "ejemplo", "como",
];

/// "**Types:** Use one of the following types: `feat`, `fix`, `refactor`, …", "Tipos permitidos:
/// feat, fix, docs, chore": the type of a subject written `type(scope): …` that is not on the
/// list is flagged (`feature: add x`). The list is the rule's code spans (or, with none, its
/// words that are Conventional Commits types), three of which are such types; examples ("e.g.",
/// "like", "etc.") are not the whole list, and a negated rule forbids, which this does not read.
fn allowed_types(ctx: &Context, out: &mut Found) {
    let Some(types) = listed_types(ctx) else {
        return;
    };
    let alternatives = types
        .iter()
        .map(|t| regex::escape(t))
        .collect::<Vec<_>>()
        .join("|");
    let scope = FileScope::of_langs(&[Lang::Commit], String::new()).titled(Lang::Commit.name());
    let explanation = format!(
        "commit types allowed: {}; a subject's `type:` or `type(scope):` of another type is flagged; scope {}",
        types
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", "),
        scope.why
    );
    // The first line that is not blank or a comment; its type, when it is none of the list (a
    // listed type is consumed by the alternative without a hit).
    let pattern = format!(
        r"\A(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?:(?:{alternatives})(?:\([^)\r\n]*\))?!?:|(?P<hit>[A-Za-z][\w-]*)(?:\([^)\r\n]*\))?!?:[ \t])"
    );
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// The commit types the rule allows, sorted, when it lists them (see [`allowed_types`]).
pub fn listed_types<'a>(ctx: &Context<'a>) -> Option<Vec<&'a str>> {
    if ctx.says(EXAMPLE_WORDS)
        || ctx.says(NEGATIONS)
        || !ctx.says(&["type", "types", "tipo", "tipos", "commit", "commits"])
    {
        return None;
    }
    let spans: Vec<&str> = ctx
        .tokens
        .iter()
        .filter(|t| t.is_code())
        .map(|t| t.text.trim_end_matches(':'))
        .collect();
    let mut listed: Vec<&str> = if spans.is_empty() {
        ctx.tokens
            .iter()
            .filter(|t| t.is_word() && COMMIT_TYPES.contains(&t.lower.as_str()))
            .map(|t| t.text.as_str())
            .collect()
    } else {
        spans
    };
    let typed = listed.iter().filter(|t| COMMIT_TYPES.contains(t)).count();
    let words = listed
        .iter()
        .all(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_lowercase() || c == '-'));
    if typed < 3 || !words {
        return None;
    }
    listed.sort_unstable();
    listed.dedup();
    Some(listed)
}

/// Whether the rule is about the commit subject line: "subject line", "commit subject", or
/// commit messages, titles or summaries.
fn about_subject(ctx: &Context) -> bool {
    let commit = ctx.says(&["commit", "commits", "git"]);
    ctx.says(&["subject", "asunto"])
        || (commit
            && ctx.says(&[
                "title", "titles", "summary", "message", "messages", "mensaje", "mensajes", "título",
                "titulo",
            ]))
}

/// "present tense", "present-tense" (a non-breaking hyphen too).
fn present_tense(ctx: &Context) -> bool {
    let words = ctx.lower_words();
    words
        .iter()
        .any(|w| w.starts_with("present") && (w.ends_with("tense") || *w == "presente"))
        || words.windows(2).any(|p| p[0] == "present" && p[1] == "tense")
}

/// "Don't capitalize the subject": lowercase is what is mandated (not checked).
fn negated_capital(ctx: &Context) -> bool {
    let words = ctx.lower_words();
    words.iter().enumerate().any(|(i, w)| {
        w.starts_with("capitali")
            && words[i.saturating_sub(2)..i]
                .iter()
                .any(|p| NEGATIONS.contains(p))
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const MSG: &str = ".git/COMMIT_EDITMSG";

    #[test]
    fn names_not_to_mention_in_commits() {
        let msg = "Add CSV import\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n";
        let i = "When writing git commits: Don't mention Claude.";
        assert_eq!(texts(i, MSG, msg), ["Claude", "Claude"]);
        // Code that names it is not a commit.
        assert!(texts(i, "app/services/claude.rb", "# Asks Claude for a hint\n").is_empty());
        assert!(
            texts("Don't mention Claude.", MSG, msg).is_empty(),
            "commits unnamed"
        );
        let promo = "Do not include promotional lines like \"🤖 Generated with [Claude Code]\" or similar.";
        assert_eq!(texts(promo, MSG, msg), ["🤖 Generated with [Claude Code]"]);
        assert!(texts(promo, "docs/tools.md", "Drafted with Claude Code.\n").is_empty());
    }

    #[test]
    fn commit_types_listed() {
        let i = "**Types:** Use one of the following types: `feat`, `fix`, `refactor`, `perf`, `style`, `test`, `docs`, `build`, `ci`, `chore`, `revert`.";
        let msg = "feature: add fzf keybindings\n\nBind ctrl-r.\n";
        assert_eq!(texts(i, MSG, msg), ["feature"]);
        assert_eq!(texts(i, MSG, "# a comment\n\nwip(ui)!: x\n"), ["wip"]);
        for good in [
            "feat: add x\n",
            "fix(parser)!: y\n",
            "Merge branch 'main'\n",
            "Add x\n\nfeature: not the subject\n",
        ] {
            assert!(texts(i, MSG, good).is_empty(), "{good}");
        }
        assert!(texts(i, "notes.md", msg).is_empty(), "not a commit message");
        // Unquoted, in Spanish.
        let es = "Tipos permitidos: feat, fix, docs, chore";
        assert_eq!(texts(es, MSG, "refactor: x\n"), ["refactor"]);
        // Examples are not the whole list; two types are no list of them; a negation forbids.
        for other in [
            "Use types such as `feat`, `fix`, `docs`",
            "Types: `feat`, `fix`, etc.",
            "Prefix with `feat` or `fix`",
            "Never use the `feat`, `fix`, `chore` types for docs changes",
        ] {
            assert!(texts(other, MSG, "feature: x\n").is_empty(), "{other}");
        }
    }

    #[test]
    fn subject_style() {
        let i = "Subject line: Imperative mood, capitalized, no period, max 50 chars.";
        assert_eq!(
            texts(
                i,
                MSG,
                "added retry when the GitHub API returns a 502 error.\n\nBody.\n"
            ),
            ["added retry when the GitHub API returns a 502 error."]
        );
        for good in ["Add retry on 502 errors\n\nAdded because.\n", "Fix the parser\n"] {
            assert!(texts(i, MSG, good).is_empty(), "{good}");
        }
        let mood = "Use the imperative mood in the subject line.";
        assert_eq!(texts(mood, MSG, "Fixes the login bug\n"), ["Fixes the login bug"]);
        assert_eq!(
            texts(mood, MSG, "fix(auth): updated token refresh\n"),
            ["fix(auth): updated token refresh"]
        );
        assert!(texts(mood, MSG, "Address review comments\n").is_empty());
        assert!(texts(mood, "src/a.ts", "Fixes the login bug\n").is_empty());
        let cap = "Capitalize the subject line.";
        assert_eq!(texts(cap, MSG, "add parser\n"), ["add parser"]);
        for prefixed in [
            "feat: add parser\n",
            "go.mod: init module\n",
            "smtp-in: bump x\n",
            "postilion README: note y\n",
            "v0.0.156 — consume z\n",
        ] {
            assert!(texts(cap, MSG, prefixed).is_empty(), "{prefixed}");
        }
        assert!(texts("Don't capitalize the commit subject.", MSG, "add parser\n").is_empty());
        let period = "Do not end the subject line with a period.";
        assert_eq!(texts(period, MSG, "Add parser.\n"), ["Add parser."]);
        assert!(texts(period, MSG, "Add parser\n\nIt parses.\n").is_empty());
    }
}
