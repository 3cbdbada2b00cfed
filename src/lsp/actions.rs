//! Code actions: a quick fix for each violation that has a `Fix`, fixing them all at once
//! (`source.fixAll.autofix`), and silencing a rule on a line with a comment in the file's own
//! comment syntax.

use std::path::Path;

use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse, Diagnostic,
    NumberOrString, Range, TextEdit,
};

use super::comments::{Comment, comment_for};
use super::edit::{FileEdits, workspace_edit};
use super::messages as m;
use super::session::Session;
use super::snapshot::DocumentSnapshot;
use crate::rules::{Violation, fix};
use crate::text::Source;
use crate::text::syntax::Syntax;

pub const FIX_ALL: &str = "source.fixAll.autofix";
pub const LEARN: &str = "refactor.autofix.learn";

pub fn kinds() -> Vec<CodeActionKind> {
    vec![
        CodeActionKind::QUICKFIX,
        CodeActionKind::new(FIX_ALL),
        CodeActionKind::new(LEARN),
    ]
}

/// Whether the client asked for actions of `kind` (no filter: every kind).
fn wanted(params: &CodeActionParams, kind: &CodeActionKind) -> bool {
    match &params.context.only {
        None => true,
        Some(only) => only
            .iter()
            .any(|o| kind.as_str() == o.as_str() || kind.as_str().starts_with(&format!("{}.", o.as_str()))),
    }
}

/// A versioned edit of the snapshot's document.
fn edit(doc: &DocumentSnapshot, edits: Vec<TextEdit>) -> tower_lsp_server::ls_types::WorkspaceEdit {
    let file = FileEdits {
        uri: doc.uri.clone(),
        version: Some(doc.version),
        edits,
        create: false,
    };
    workspace_edit(vec![file], &doc.ctx.caps, None)
}

pub async fn code_actions(session: &Session, params: &CodeActionParams) -> Option<CodeActionResponse> {
    let uri = &params.text_document.uri;
    let doc = session.snapshot(uri)?;
    if let Some(rules_path) = doc.path.as_deref().filter(|p| session.is_rules_path(p)) {
        session.rules_settled().await;
        return Some(super::rules_actions::code_actions(
            session, &doc, params, rules_path,
        ));
    }
    let checked = session.check(uri)?;
    if checked.version != doc.version {
        return None;
    }
    let locale = doc.locale();
    let rope = &doc.rope;
    let path = doc.path.clone();
    let language = doc.language.clone();
    let wanted_range = doc.bytes(params.range);
    let mut out: CodeActionResponse = Vec::new();
    if wanted(params, &CodeActionKind::new(super::lenses::ACTION_KIND)) {
        out.extend(super::lenses::code_actions(session, &doc, wanted_range.start));
    }
    let here: Vec<&Violation> = checked
        .visible
        .iter()
        .filter(|v| v.range.start <= wanted_range.end && wanted_range.start <= v.range.end)
        .collect();

    if wanted(params, &CodeActionKind::QUICKFIX) {
        for v in &here {
            let Some(replacement) = &v.fix else { continue };
            let range = doc.range(&v.range);
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: m::fix_title(locale, replacement),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(matching(&params.context.diagnostics, v.rule, range)),
                edit: Some(edit(&doc, vec![TextEdit::new(range, replacement.clone())])),
                is_preferred: Some(true),
                ..Default::default()
            }));
        }
        let extension = path.as_deref().and_then(Path::extension).and_then(|e| e.to_str());
        if let Some(comment) = comment_for(&language, extension) {
            let syntax = Syntax::detect(&language, extension);
            let mut done: Vec<(usize, u64)> = Vec::new();
            for v in &here {
                let line = rope.line_of(v.range.start);
                if done.contains(&(line, v.rule)) {
                    continue;
                }
                done.push((line, v.rule));
                let Some(ignore) = ignore_edit(&doc, line, v.rule, comment, syntax) else {
                    continue;
                };
                let range = doc.range(&v.range);
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: m::ignore_title(locale, v.rule),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(matching(&params.context.diagnostics, v.rule, range)),
                    edit: Some(edit(&doc, vec![ignore])),
                    ..Default::default()
                }));
            }
        }
    }

    let learn = CodeActionKind::new(LEARN);
    if wanted(params, &learn) && wanted_range.start < wanted_range.end {
        let selection = crate::text::Source::slice(rope, wanted_range.clone()).into_owned();
        if let Some(argument) = super::learn::draft_from_selection(&selection, path.as_deref(), locale, uri) {
            let title = match locale {
                crate::i18n::Locale::En => format!("Learn rule: never use `{}`", selection.trim()),
                crate::i18n::Locale::Es => format!("Aprender regla: nunca usar `{}`", selection.trim()),
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: title.clone(),
                kind: Some(learn),
                command: Some(tower_lsp_server::ls_types::Command {
                    title,
                    command: <super::protocol::LearnRule as super::protocol::Command>::NAME.into(),
                    arguments: Some(vec![argument]),
                }),
                ..Default::default()
            }));
        }
    }

    let fix_all = CodeActionKind::new(FIX_ALL);
    // Offered when asked for, or alongside quick fixes when several can be fixed at once.
    let asked = params
        .context
        .only
        .as_ref()
        .is_some_and(|_| wanted(params, &fix_all));
    let edits = fix::fix_once(&rope.to_string(), &checked.visible).edits;
    if !edits.is_empty() && (asked || (params.context.only.is_none() && edits.len() > 1)) {
        let text_edits = edits
            .iter()
            .map(|e| TextEdit::new(doc.range(&e.range), e.replacement.clone()))
            .collect();
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: m::fix_all_title(locale).into(),
            kind: Some(fix_all),
            edit: Some(edit(&doc, text_edits)),
            ..Default::default()
        }));
    }
    Some(out)
}

/// The client's diagnostics for `rule` at `range` (what the action resolves).
fn matching(diagnostics: &[Diagnostic], rule: u64, range: Range) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            d.source.as_deref() == Some(super::diagnostics::SOURCE)
                && d.code == Some(NumberOrString::Number(rule as i32))
                && d.range == range
        })
        .cloned()
        .collect()
}

/// The edit silencing `rule` on `line`, placed by [`crate::rules::ignore`]; `None` where no
/// comment can go without changing a string or breaking a continued line.
fn ignore_edit(
    doc: &DocumentSnapshot,
    line: usize,
    rule: u64,
    comment: Comment,
    syntax: Option<Syntax>,
) -> Option<TextEdit> {
    let upto = doc.rope.line_bounds(line).end;
    let text = Source::slice(&doc.rope, 0..upto);
    let insertion = crate::rules::ignore::silence(&text, line, rule, comment, syntax)?;
    Some(TextEdit::new(
        doc.range(&(insertion.at..insertion.at)),
        insertion.text,
    ))
}
