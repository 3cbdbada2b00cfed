//! Hover: over a violation, the rule behind it in a few lines — the rule, why, the fix, a link to
//! where it is written (and the words an inferred check came from); over a rule in autofix.json,
//! its status and what it checks.

use std::fmt::Write as _;
use std::path::Path;

use tower_lsp_server::ls_types::{
    Hover, HoverContents, MarkupContent, MarkupKind, TextDocumentPositionParams,
};

use super::messages as m;
use super::session::Session;
use crate::i18n::Locale;
use crate::rules::index::LoadedRules;
use crate::rules::infer::JUSTIFIED_CLAUSE;
use crate::rules::{Rule, Status};

pub async fn hover(session: &Session, params: &TextDocumentPositionParams) -> Option<Hover> {
    let uri = &params.text_document.uri;
    let snapshot = session.snapshot(uri)?;
    let locale = snapshot.locale();
    let offset = snapshot.offset(params.position);
    if let Some(path) = snapshot.path.as_deref().filter(|p| session.is_rules_path(p)) {
        session.rules_settled().await;
        return rule_hover(session, path, offset, locale);
    }
    let checked = session.check(uri)?;
    if checked.version != snapshot.version {
        return None;
    }
    let rules = checked.rules.as_ref()?;
    let hits: Vec<_> = checked
        .visible
        .iter()
        .filter(|v| v.range.start <= offset && offset <= v.range.end)
        .collect();
    let first = hits.first()?;
    let mut text = String::new();
    let mut seen = Vec::new();
    for v in &hits {
        if seen.contains(&v.rule) {
            continue;
        }
        seen.push(v.rule);
        let Some((rule, _)) = rules.set.rule(v.rule) else {
            continue;
        };
        if !text.is_empty() {
            text.push_str("\n\n---\n\n");
        }
        let is_user = crate::rules::user::is_key(v.rule);
        let explanation = rules
            .set
            .checker
            .checks()
            .get(v.check)
            .and_then(|c| c.explanation.as_deref())
            .filter(|_| v.inferred);
        violation(
            &mut text,
            rules,
            (rule, is_user),
            v.fix.as_deref(),
            explanation,
            locale,
        );
    }
    Some(Hover {
        contents: markup(session, text),
        range: Some(snapshot.range(&first.range)),
    })
}

/// A violation's rule, short: its words on one line, why, the fix when there is one, and a link
/// to the rule (with the words an inferred check came from). The editor shows the diagnostic's
/// own message beside it, so nothing is said twice.
fn violation(
    out: &mut String,
    rules: &LoadedRules,
    (rule, is_user): (&Rule, bool),
    fix: Option<&str>,
    explanation: Option<&str>,
    locale: Locale,
) {
    let _ = write!(out, "{}", heading(rule, is_user, locale));
    let _ = write!(out, "\n\n**{}:** {}", m::why_label(locale), rule.why);
    if let Some(replacement) = fix {
        let _ = write!(
            out,
            "\n\n**{}:** {}",
            m::fix_label(locale),
            m::fix_what(locale, replacement)
        );
    }
    let (shown, line, uri) = definition(rules, rule, is_user);
    let _ = match uri {
        Some(uri) => write!(out, "\n\n[{shown}:{line}]({}#L{line})", uri.as_str()),
        None => write!(out, "\n\n`{shown}:{line}`"),
    };
    if let Some(explanation) = explanation {
        // What was read from which words, and whether a comment justifies a use; the scope and
        // the rest are for `autofix rules --explain`.
        let _ = write!(
            out,
            " · _{}: {}_",
            m::inferred_note(locale),
            shown_clauses(explanation)
        );
    }
}

/// The clauses of an explanation the hover shows: the first (what was read from which words) and
/// the one saying a commented use is left alone, since that decides which uses are reported.
fn shown_clauses(explanation: &str) -> String {
    let mut clauses = clauses(explanation);
    let first = clauses.next().unwrap_or_default();
    clauses
        .filter(|clause| clause.starts_with(JUSTIFIED_CLAUSE))
        .fold(first.to_string(), |shown, clause| format!("{shown}; {clause}"))
}

/// An explanation's clauses, split at each `; ` outside parentheses and code spans: a
/// detector's summary in parentheses may hold one ("tests left out; in Rust …"), which is not
/// where a clause ends, and a code span may hold a parenthesis of its own (`pytest.skip(`).
fn clauses(explanation: &str) -> impl Iterator<Item = &str> {
    let (mut depth, mut in_code) = (0usize, false);
    let mut ends = Vec::new();
    for (i, c) in explanation.char_indices() {
        match c {
            '`' => in_code = !in_code,
            _ if in_code => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ';' if depth == 0 && explanation[i + 1..].starts_with(' ') => ends.push(i),
            _ => {}
        }
    }
    ends.push(explanation.len());
    let mut start = 0;
    ends.into_iter().map(move |end| {
        let clause = &explanation[start..end];
        start = (end + 2).min(explanation.len());
        clause
    })
}

/// `**Rule #N** `[CATEGORY]` Instruction`: the rule in one line.
fn heading(rule: &Rule, is_user: bool, locale: Locale) -> String {
    let key = if is_user {
        crate::rules::user::key(rule.number)
    } else {
        rule.number
    };
    format!(
        "**{}** `[{}]` {}",
        m::rule_title(locale, key),
        rule.category,
        rule.instruction
    )
}

/// Where a rule is written: the file as people read it (relative to its project; a user rule's
/// file, outside every project, in full), the line, and the file's URI for a link.
fn definition(
    rules: &LoadedRules,
    rule: &Rule,
    is_user: bool,
) -> (String, usize, Option<tower_lsp_server::ls_types::Uri>) {
    let user = rules.set.user.as_ref().filter(|_| is_user);
    let (file, lines) = match user {
        Some(layer) => (&*layer.rules, &layer.rules.lines),
        None => (rules, &rules.lines),
    };
    let line = lines.line_col(&file.set.source, rule.span.object.start).0 + 1;
    let shown = if user.is_some() {
        file.set.path.display().to_string()
    } else {
        file.set
            .path
            .strip_prefix(&file.set.root)
            .unwrap_or(&file.set.path)
            .display()
            .to_string()
    };
    (shown, line, super::convert::path_to_uri(&file.set.path))
}

/// The hover's text in the format the client shows: Markdown, or the same words as plain text.
fn markup(session: &Session, markdown: String) -> HoverContents {
    let (kind, value) = if session.context().caps.hover_plaintext {
        (MarkupKind::PlainText, plain_text(&markdown))
    } else {
        (MarkupKind::Markdown, markdown)
    };
    HoverContents::Markup(MarkupContent { kind, value })
}

/// Markdown read as a person would read it rendered: no `**`, `_` or backticks; list items as
/// "- ", a rule as a line of dashes, paragraphs apart.
pub(crate) fn plain_text(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let mut out = String::new();
    let mut depth = 0usize;
    for event in Parser::new(markdown) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::InlineHtml(t) | Event::Html(t) => out.push_str(&t),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::Rule => out.push_str("────────\n\n"),
            Event::Start(Tag::List(_)) => {
                if depth > 0 && !out.ends_with('\n') {
                    out.push('\n');
                }
                depth += 1;
            }
            Event::End(TagEnd::List(_)) => {
                depth -= 1;
                if depth == 0 {
                    out.push('\n');
                }
            }
            Event::Start(Tag::Item) => {
                out.push_str(&"  ".repeat(depth.saturating_sub(1)));
                out.push_str("- ");
            }
            Event::End(TagEnd::Item) if !out.ends_with('\n') => out.push('\n'),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_)) => {
                out.push('\n');
                if depth == 0 {
                    out.push('\n');
                }
            }
            _ => {}
        }
    }
    out.trim_end().to_string()
}

/// Hover over a rule in its own rules file: its status and its checks.
fn rule_hover(session: &Session, path: &Path, offset: usize, locale: Locale) -> Option<Hover> {
    let loaded = session.with_index(|index, _| index.root_of_rules_file(path)?.latest.clone())?;
    let set = &loaded.set;
    let i = set.rules.iter().position(|r| r.span.object.contains(&offset))?;
    let (rule, status) = (&set.rules[i], &set.status[i]);
    let status_text = match status {
        Status::Active => m::status_active(locale).to_string(),
        Status::Superseded { by, reason } => crate::rules::Problem::new(
            crate::rules::ProblemKind::Superseded {
                by: *by,
                reason: reason.clone(),
            },
            0..0,
        )
        .message(locale),
    };
    let mut text = format!(
        "{} — {status_text}\n\n**{}:** {}",
        heading(rule, false, locale),
        m::why_label(locale),
        rule.why
    );
    let inferred = &set.inferences[i].checks;
    for check in rule.checks.iter().chain(inferred) {
        let origin = match &check.origin {
            crate::rules::Origin::Explicit => locale
                .pick("explicit check", "comprobación explícita")
                .to_string(),
            crate::rules::Origin::Inferred { explanation } => {
                format!(
                    "{}: {explanation}",
                    locale.pick("inferred check", "comprobación inferida")
                )
            }
        };
        let _ = write!(text, "\n\n- {origin}");
        for part in check.describe() {
            let _ = write!(text, "\n  - {}: `{}`", part.label, part.values.join("`, `"));
        }
    }
    // Left unchecked for an exception no file shows: what enforcing it would check.
    if rule.checks.is_empty() {
        let inference = &set.inferences[i];
        let exception = inference.unseen.join("; ");
        for check in &inference.proposed {
            let _ = write!(
                text,
                "\n\n- {} (\"{exception}\")",
                locale.pick(
                    "proposed check, not enforced: the rule makes an exception no file shows",
                    "comprobación propuesta, no aplicada: la regla hace una excepción que ningún archivo muestra"
                )
            );
            for part in check.describe() {
                let _ = write!(text, "\n  - {}: `{}`", part.label, part.values.join("`, `"));
            }
        }
    }
    Some(Hover {
        contents: markup(session, text),
        range: None,
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_first_clause_of_an_explanation_ends_outside_parentheses() {
        assert_eq!(
            super::shown_clauses(
                "concept panic-call (calls outside tests (left out; in Rust …)); scope Rust"
            ),
            "concept panic-call (calls outside tests (left out; in Rust …))"
        );
        assert_eq!(super::shown_clauses("forbidden `x`; scope TS"), "forbidden `x`");
        assert_eq!(super::shown_clauses("no clause end (a; b"), "no clause end (a; b");
        assert_eq!(super::shown_clauses(""), "");
        // A parenthesis in a code span opens nothing.
        assert_eq!(
            super::shown_clauses("detector d (calls `f(` and `g)`); scope Go"),
            "detector d (calls `f(` and `g)`)"
        );
    }

    #[test]
    fn the_hover_says_a_commented_use_is_the_justified_one() {
        let explanation = format!(
            "forbidden `any` (from \"any\"); scope **/*.ts; {} (from \"without a documented reason\")",
            super::JUSTIFIED_CLAUSE
        );
        assert_eq!(
            super::shown_clauses(&explanation),
            format!(
                "forbidden `any` (from \"any\"); {} (from \"without a documented reason\")",
                super::JUSTIFIED_CLAUSE
            )
        );
    }

    use super::plain_text;

    #[test]
    fn plain_text_keeps_the_words_and_drops_the_markup() {
        let markdown = "**Rule #5** (CODE) — active\n\nNever use `any` - use `unknown`.\n\n_Why:_ type safety\n\n---\n\n- explicit check\n  - pattern: `:\\s*any`";
        assert_eq!(
            plain_text(markdown),
            "Rule #5 (CODE) — active\n\nNever use any - use unknown.\n\nWhy: type safety\n\n────────\n\n- explicit check\n  - pattern: :\\s*any"
        );
    }
}
