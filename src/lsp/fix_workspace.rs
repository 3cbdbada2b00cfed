//! "Fix all in workspace" (`autofix.fixWorkspace`): every fixable violation of the workspace —
//! in open documents (versioned edits of what the editor holds) and in files nobody opened
//! (found by the workspace sweep, read again now) — in one workspace edit the user reviews.
//! Each file is fixed as `check --fix` would fix it: every fix applied once.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::TextEdit;

use super::commands::path_of_uri;
use super::convert::{path_to_uri, range_in_str};
use super::edit::{self, Confirm, FileEdits, workspace_edit};
use super::messages;
use super::protocol::{Command, FixWorkspace, FixWorkspaceArgs, FixWorkspaceResult, LeftAlone};
use super::session::Session;
use super::workspace_diagnostics;
use crate::access::Intent;
use crate::files::{self, Unread};
use crate::rules::fix;
use crate::text::{Encoding, LineIndex};

const ANNOTATION: &str = "autofix.fixWorkspace";

pub async fn fix_workspace(session: &Arc<Session>, args: FixWorkspaceArgs) -> Result<FixWorkspaceResult> {
    session.rules_settled().await;
    let within = args
        .uri
        .as_deref()
        .map(|uri| path_of_uri(uri, FixWorkspace::NAME))
        .transpose()?;
    let inside = |path: &Path| within.as_deref().is_none_or(|w| path.starts_with(w));
    let ctx = session.context();
    let locale = ctx.locale;

    // Open documents: what the editor holds.
    let mut files = Vec::new();
    let mut fixes = 0;
    let open = session.open_paths();
    for uri in session.open_uris() {
        let Some(doc) = session.snapshot(&uri) else {
            continue;
        };
        if !doc.path.as_deref().is_some_and(&inside) {
            continue;
        }
        let Some(checked) = session.check(&uri).filter(|c| c.version == doc.version) else {
            continue;
        };
        let fixed = fix::fix_once(&doc.rope.to_string(), &checked.visible);
        if fixed.edits.is_empty() {
            continue;
        }
        fixes += fixed.edits.len();
        files.push(FileEdits {
            uri: uri.clone(),
            version: Some(doc.version),
            edits: fixed
                .edits
                .iter()
                .map(|e| TextEdit::new(doc.range(&e.range), e.replacement.clone()))
                .collect(),
            create: false,
        });
    }

    // Files nobody opened: those the sweep found fixable, read again now.
    let fixable = workspace_diagnostics::fixable_files(session)
        .await
        .map_err(|stop| tower_lsp_server::jsonrpc::Error {
            code: tower_lsp_server::jsonrpc::ErrorCode::RequestCancelled,
            message: format!("autofix: {}", stop.describe()).into(),
            data: None,
        })?;
    let mut left_alone = Vec::new();
    let closed: Vec<PathBuf> = fixable
        .into_iter()
        .filter(|p| inside(p) && !open.contains(p))
        .collect();
    let worker = session.clone();
    let encoding = ctx.encoding;
    let read = session
        .background
        .run(workspace_diagnostics::SWEEP_BUDGET, move |_| {
            closed
                .iter()
                .map(|path| (path.clone(), fix_file(&worker, path, encoding)))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default();
    for (path, outcome) in read {
        match outcome {
            Ok(Some((edits, count))) => {
                let Some(uri) = path_to_uri(&path) else { continue };
                fixes += count;
                files.push(FileEdits {
                    uri,
                    version: None,
                    edits,
                    create: false,
                });
            }
            Ok(None) => {}
            Err(reason) => left_alone.push(LeftAlone { path, reason }),
        }
    }

    let mut result = FixWorkspaceResult {
        files: files.len(),
        fixes,
        left_alone,
        ..FixWorkspaceResult::default()
    };
    if files.is_empty() {
        session
            .client
            .show_message(
                tower_lsp_server::ls_types::MessageType::INFO,
                messages::nothing_to_fix(locale),
            )
            .await;
        return Ok(result);
    }
    let confirm = Confirm {
        id: ANNOTATION.into(),
        label: messages::fix_workspace_title(locale, fixes, result.files),
        description: None,
    };
    let edit = workspace_edit(files, &ctx.caps, Some(confirm.clone()));
    let sent = edit::send(session, edit, Some(&confirm), "the workspace fixes").await;
    result.applied = sent.applied;
    result.failure_reason = sent.failure_reason;
    Ok(result)
}

/// The edits fixing a file nobody opened, and how many fixes they hold; `None` when nothing is
/// left to fix; `Err` saying why the file is left alone.
fn fix_file(
    session: &Session,
    path: &Path,
    encoding: Encoding,
) -> std::result::Result<Option<(Vec<TextEdit>, usize)>, String> {
    session
        .access()
        .check(path, Intent::Write)
        .map_err(|e| e.to_string())?;
    let Some(rules) = session.rules_for(path) else {
        return Ok(None);
    };
    let text = match files::read_text(path) {
        Ok(text) => text,
        Err(Unread::Skipped(why)) => return Err(why.describe()),
        Err(Unread::Failed(why)) => return Err(why),
    };
    let found = rules.set.check_file(path, &text, None);
    let fixed = fix::fix_once(&text, &found.violations);
    if fixed.edits.is_empty() {
        return Ok(None);
    }
    let index = LineIndex::new(&text);
    let edits = fixed
        .edits
        .iter()
        .map(|e| {
            TextEdit::new(
                range_in_str(&text, &index, &e.range, encoding),
                e.replacement.clone(),
            )
        })
        .collect();
    Ok(Some((edits, fixed.edits.len())))
}
