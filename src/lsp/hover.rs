//! Hover: over a violation, the rule behind it — number, category, instruction, why, whether it
//! was inferred; over a rule in autofix.json, its status and what it checks.

use std::fmt::Write as _;
use std::path::Path;

use tower_lsp_server::ls_types::{
    Hover, HoverContents, MarkupContent, MarkupKind, TextDocumentPositionParams,
};

use super::messages as m;
use super::session::Session;
use crate::i18n::Locale;
use crate::rules::index::LoadedRules;
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
        if !text.is_empty() {
            text.push_str("\n\n---\n\n");
        }
        let Some((rule, status)) = rules.set.rule(v.rule) else {
            continue;
        };
        let is_user = crate::rules::user::is_key(v.rule);
        describe(&mut text, rules, (rule, is_user), status, v.inferred, locale);
        let explanation = rules
            .set
            .checker
            .checks()
            .get(v.check)
            .and_then(|c| c.explanation.as_deref());
        if let Some(explanation) = explanation.filter(|_| v.inferred) {
            let _ = write!(text, "\n\n_{}: {explanation}_", m::inferred_note(locale));
        }
    }
    Some(Hover {
        contents: markup(session, text),
        range: Some(snapshot.range(&first.range)),
    })
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

fn describe(
    out: &mut String,
    rules: &LoadedRules,
    (rule, is_user): (&Rule, bool),
    status: &Status,
    inferred: bool,
    locale: Locale,
) {
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
    let user = rules.set.user.as_ref().filter(|_| is_user);
    let key = if is_user {
        crate::rules::user::key(rule.number)
    } else {
        rule.number
    };
    let _ = write!(
        out,
        "**autofix · {}** `[{}]` — {status_text}",
        m::rule_title(locale, key),
        rule.category
    );
    if inferred {
        let _ = write!(out, " · _{}_", m::inferred_note(locale));
    }
    let _ = write!(
        out,
        "\n\n{}\n\n**{}:** {}",
        rule.instruction,
        m::why_label(locale),
        rule.why
    );
    let (file, lines) = match user {
        Some(layer) => (&*layer.rules, &layer.rules.lines),
        None => (rules, &rules.lines),
    };
    let line = lines.line_col(&file.set.source, rule.span.object.start).0 + 1;
    // A user rule's file is outside the project: shown in full.
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
    let _ = write!(out, "\n\n{}", m::defined_in(locale, &shown, line));
}

/// Hover over a rule in its own rules file: its status and its checks.
fn rule_hover(session: &Session, path: &Path, offset: usize, locale: Locale) -> Option<Hover> {
    let loaded = session.with_index(|index, _| index.root_of_rules_file(path)?.latest.clone())?;
    let set = &loaded.set;
    let i = set.rules.iter().position(|r| r.span.object.contains(&offset))?;
    let (rule, status) = (&set.rules[i], &set.status[i]);
    let mut text = String::new();
    describe(&mut text, &loaded, (rule, false), status, false, locale);
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
    Some(Hover {
        contents: markup(session, text),
        range: None,
    })
}

#[cfg(test)]
mod tests {
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
