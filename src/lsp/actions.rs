//! Code actions: a quick fix for each violation that has a `Fix`, fixing them all at once
//! (`source.fixAll.autofix`), and silencing a rule on a line with a comment in the file's own
//! comment syntax.

use std::path::Path;

use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse, Diagnostic, Range,
    TextEdit,
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
        CodeActionKind::new(super::lenses::ACTION_KIND),
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
    let wanted_range = doc.bytes(params.range);
    let here: Vec<&Violation> = checked
        .visible
        .iter()
        .filter(|v| v.range.start <= wanted_range.end && wanted_range.start <= v.range.end)
        .collect();
    let mut out: CodeActionResponse = Vec::new();
    if wanted(params, &CodeActionKind::new(super::lenses::ACTION_KIND)) {
        out.extend(super::lenses::code_actions(session, &doc, wanted_range.start));
    }
    if wanted(params, &CodeActionKind::QUICKFIX) {
        out.extend(quick_fixes(&doc, params, &here));
        out.extend(ignore_actions(&doc, params, &here));
    }
    if wanted(params, &CodeActionKind::new(LEARN)) {
        out.extend(learn_action(&doc, wanted_range));
    }
    out.extend(fix_all(&doc, params, &checked.visible));
    Some(out)
}

/// A preferred quick fix for each violation here that has a `Fix`.
fn quick_fixes(
    doc: &DocumentSnapshot,
    params: &CodeActionParams,
    here: &[&Violation],
) -> Vec<CodeActionOrCommand> {
    here.iter()
        .filter_map(|v| {
            let replacement = v.fix.as_ref()?;
            let range = doc.range(&v.range);
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: m::fix_title(doc.locale(), replacement),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(matching(&params.context.diagnostics, v.rule, range)),
                edit: Some(edit(doc, vec![TextEdit::new(range, replacement.clone())])),
                is_preferred: Some(true),
                ..Default::default()
            }))
        })
        .collect()
}

/// "Ignore rule #N on this line", once per rule and line, where a comment can go.
fn ignore_actions(
    doc: &DocumentSnapshot,
    params: &CodeActionParams,
    here: &[&Violation],
) -> Vec<CodeActionOrCommand> {
    let extension = doc
        .path
        .as_deref()
        .and_then(Path::extension)
        .and_then(|e| e.to_str());
    let Some(comment) = comment_for(&doc.language, extension) else {
        return Vec::new();
    };
    let syntax = Syntax::detect(&doc.language, extension);
    let mut done: Vec<(usize, u64)> = Vec::new();
    let mut out = Vec::new();
    for v in here {
        let line = doc.rope.line_of(v.range.start);
        if done.contains(&(line, v.rule)) {
            continue;
        }
        done.push((line, v.rule));
        let Some(ignore) = ignore_edit(doc, line, v.rule, comment, syntax) else {
            continue;
        };
        let range = doc.range(&v.range);
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: m::ignore_title(doc.locale(), v.rule),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(matching(&params.context.diagnostics, v.rule, range)),
            edit: Some(edit(doc, vec![ignore])),
            ..Default::default()
        }));
    }
    out
}

/// "Learn rule: never use `<selection>`" for a one-line selection.
fn learn_action(doc: &DocumentSnapshot, selected: std::ops::Range<usize>) -> Option<CodeActionOrCommand> {
    if selected.is_empty() {
        return None;
    }
    let locale = doc.locale();
    let selection = crate::text::Source::slice(&doc.rope, selected).into_owned();
    let argument = super::learn::draft_from_selection(&selection, doc.path.as_deref(), locale, &doc.uri)?;
    let title = match locale {
        crate::i18n::Locale::En => format!("Learn rule: never use `{}`", selection.trim()),
        crate::i18n::Locale::Es => format!("Aprender regla: nunca usar `{}`", selection.trim()),
    };
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: title.clone(),
        kind: Some(CodeActionKind::new(LEARN)),
        command: Some(tower_lsp_server::ls_types::Command {
            title,
            command: <super::protocol::LearnRule as super::protocol::Command>::NAME.into(),
            arguments: Some(vec![argument]),
        }),
        ..Default::default()
    }))
}

/// Every fix of the document at once: offered when asked for, or alongside quick fixes when
/// several can be fixed together. Each fix applied once, as `check --fix` does.
fn fix_all(
    doc: &DocumentSnapshot,
    params: &CodeActionParams,
    visible: &[Violation],
) -> Option<CodeActionOrCommand> {
    let kind = CodeActionKind::new(FIX_ALL);
    let asked = params.context.only.is_some() && wanted(params, &kind);
    let edits = fix::fix_once(&doc.rope.to_string(), visible).edits;
    if edits.is_empty() || !(asked || (params.context.only.is_none() && edits.len() > 1)) {
        return None;
    }
    let text_edits = edits
        .iter()
        .map(|e| TextEdit::new(doc.range(&e.range), e.replacement.clone()))
        .collect();
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: m::fix_all_title(doc.locale()).into(),
        kind: Some(kind),
        edit: Some(edit(doc, text_edits)),
        ..Default::default()
    }))
}

/// The client's diagnostics for `rule` at `range` (what the action resolves).
fn matching(diagnostics: &[Diagnostic], rule: u64, range: Range) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| {
            d.source.as_deref() == Some(super::diagnostics::SOURCE)
                && d.code == Some(super::diagnostics::rule_code(rule))
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
