//! Diffs written inside any open document (a chat log, a markdown note): an "Apply diff to PATH"
//! code action under the cursor, and a code lens above each block saying where it would land or
//! why it would not. Lenses are computed off the dispatcher with a time budget, and name their
//! diff (`source: {uri, index}`) instead of carrying its text, so a response stays linear in the
//! size of the document.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::json;
use tower_lsp_server::ls_types::{CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, Uri};

use super::background::LENS_BUDGET;
use super::diff::{options, original, resolve_target};
use super::protocol::{self, ApplyDiff, Command as _, DiffSource, ShowMessage};
use super::session::Session;
use super::snapshot::DocumentSnapshot;
use crate::diff::{self, BlockStatus, EmbeddedDiff, PathSource};
use crate::i18n::Locale;

pub const ACTION_KIND: &str = "refactor.autofix.applyDiff";
/// Documents larger than this are not searched for embedded diffs.
const MAX_SCAN: usize = 4 << 20;

/// The embedded diffs of a document, with their resolved targets (or why not).
pub fn embedded(session: &Session, doc: &DocumentSnapshot) -> Vec<(EmbeddedDiff, Result<PathBuf, String>)> {
    if doc.rope.len_bytes() > MAX_SCAN {
        return Vec::new();
    }
    let text = doc.rope.to_string();
    if !text.contains("<<<<<<< SEARCH") {
        return Vec::new();
    }
    diff::find_embedded(&text)
        .into_iter()
        .map(|mut d| {
            let target = match &d.path {
                Some(p) => resolve_target(session, p, doc.path.as_deref()),
                None => match named_in_prose(session, &d, doc) {
                    Some((name, target)) => {
                        d.path = Some(name);
                        d.path_source = Some(PathSource::Prose);
                        Ok(target)
                    }
                    None => Err("no target path above the diff".to_string()),
                },
            };
            (d, target)
        })
        .collect()
}

/// The first path the prose above `d` names that is a file of the workspace the diff may change
/// ("Edit `src/a.ts`:" a line or two above the fence), as written and resolved.
fn named_in_prose(session: &Session, d: &EmbeddedDiff, doc: &DocumentSnapshot) -> Option<(String, PathBuf)> {
    d.mentioned.iter().find_map(|name| {
        let target = resolve_target(session, name, doc.path.as_deref()).ok()?;
        let exists = session.open_at(&target).is_some() || target.is_file();
        exists.then(|| (name.clone(), target))
    })
}

/// The command that applies diff `index` of `doc` to `target`.
fn apply_command(title: String, target: &Path, doc: &DocumentSnapshot, index: usize) -> Command {
    let source = DiffSource {
        uri: doc.uri.as_str().to_string(),
        index,
        version: Some(doc.version),
    };
    Command {
        title,
        command: ApplyDiff::NAME.into(),
        arguments: Some(vec![
            json!({ "path": target.display().to_string(), "source": source }),
        ]),
    }
}

/// "Apply diff to PATH" for the embedded diff under the cursor.
pub fn code_actions(session: &Session, doc: &DocumentSnapshot, offset: usize) -> Vec<CodeActionOrCommand> {
    let locale = doc.locale();
    embedded(session, doc)
        .into_iter()
        .enumerate()
        .filter(|(_, (d, _))| d.range.start <= offset && offset <= d.range.end)
        .filter_map(|(index, (d, target))| {
            let target = target.ok()?;
            let shown = d.path.clone().unwrap_or_default();
            let n = d.blocks.len();
            let title = match locale {
                Locale::En => format!("Apply diff to {shown} ({n} block{})", plural(n)),
                Locale::Es => format!("Aplicar diff a {shown} ({n} bloque{})", plural(n)),
            };
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: title.clone(),
                kind: Some(CodeActionKind::new(ACTION_KIND)),
                command: Some(apply_command(title, &target, doc, index)),
                ..Default::default()
            }))
        })
        .collect()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One lens above each block: where it would apply, or why it would not.
pub async fn code_lenses(session: &Arc<Session>, uri: &Uri) -> Vec<CodeLens> {
    let Some(doc) = session.snapshot(uri) else {
        return Vec::new();
    };
    let worker = session.clone();
    let job_doc = doc.clone();
    let lenses = session
        .background
        .run(LENS_BUDGET, move |budget| lenses(&worker, &job_doc, budget))
        .await;
    let (lenses, targets) = lenses.unwrap_or_default();
    session.set_diff_targets(uri, targets);
    lenses
}

fn lenses(
    session: &Session,
    doc: &DocumentSnapshot,
    budget: crate::budget::Budget,
) -> (Vec<CodeLens>, Vec<PathBuf>) {
    let locale = doc.locale();
    let found = embedded(session, doc);
    let targets: Vec<PathBuf> = found
        .iter()
        .filter_map(|(_, t)| t.as_ref().ok().cloned())
        .collect();
    let mut lenses = Vec::new();
    for (index, (d, target)) in found.into_iter().enumerate() {
        let at = |block: usize| {
            let start = d.blocks.get(block).map_or(d.range.start, |b| b.start);
            doc.range(&(start..start))
        };
        let outcome = target.as_ref().map_err(Clone::clone).and_then(|t| {
            let text = original(session, t)?.text();
            Ok(diff::apply_text(
                &text,
                &d.text,
                &options(&doc.ctx, None, None, budget.clone()),
            ))
        });
        match (outcome, target) {
            (Ok(outcome), Ok(target)) if outcome.error.is_none() || !outcome.blocks.is_empty() => {
                let shown = d.path.clone().unwrap_or_default();
                let applying = outcome.applied_count();
                for block in &outcome.blocks {
                    let title = lens_title(block, &shown, (applying, outcome.blocks.len()), locale);
                    // A block that matched applies the diff (its other matching blocks with it);
                    // one that did not only says why — clicking it must not apply the others.
                    let command = match block.status {
                        BlockStatus::Applied => apply_command(title, &target, doc, index),
                        BlockStatus::Failed => {
                            let why = block.error.as_deref().unwrap_or_default();
                            info_command_saying(title.clone(), format!("{title}: {why}"))
                        }
                    };
                    lenses.push(CodeLens {
                        range: at(block.index),
                        command: Some(command),
                        data: None,
                    });
                }
            }
            (Ok(outcome), _) => lenses.push(CodeLens {
                range: at(0),
                command: Some(info_command(format!(
                    "autofix: {}",
                    outcome.error.unwrap_or_default()
                ))),
                data: None,
            }),
            (Err(e), _) => lenses.push(CodeLens {
                range: at(0),
                command: Some(info_command(format!("autofix: {e}"))),
                data: None,
            }),
        }
    }
    (lenses, targets)
}

/// A block's lens: for one that matches, the action it runs — "autofix: Apply to src/x.ts — 2
/// blocks · block 1 at line 3 (100%)", so it reads apart from VS Code's merge-conflict "Accept
/// Incoming Change" above the same markers — else why it would not apply.
fn lens_title(
    block: &diff::BlockReport,
    shown: &str,
    (applying, total): (usize, usize),
    locale: Locale,
) -> String {
    let pct = block.similarity.map(diff::percent).unwrap_or_default();
    let line = block.line.unwrap_or(0);
    let number = block.index + 1;
    match (block.status, locale) {
        (BlockStatus::Applied, Locale::En) => match (applying, total) {
            (_, 1) => format!("autofix: Apply to {shown} — at line {line} ({pct})"),
            (a, t) if a == t => {
                format!("autofix: Apply to {shown} — {t} blocks · block {number} at line {line} ({pct})")
            }
            (a, t) => format!(
                "autofix: Apply to {shown} — {a} of {t} blocks · block {number} at line {line} ({pct})"
            ),
        },
        (BlockStatus::Applied, Locale::Es) => match (applying, total) {
            (_, 1) => format!("autofix: Aplicar a {shown} — en la línea {line} ({pct})"),
            (a, t) if a == t => format!(
                "autofix: Aplicar a {shown} — {t} bloques · bloque {number} en la línea {line} ({pct})"
            ),
            (a, t) => format!(
                "autofix: Aplicar a {shown} — {a} de {t} bloques · bloque {number} en la línea {line} ({pct})"
            ),
        },
        _ if block.reason == Some(diff::FailureKind::Interrupted) => locale
            .pick(
                "autofix: not checked yet (too much to search) — click to apply",
                "autofix: sin comprobar aún (demasiado que buscar) — pulsa para aplicar",
            )
            .to_string(),
        (_, Locale::En) if block.line.is_some() => format!("autofix: no match — best {pct} at line {line}"),
        (_, Locale::Es) if block.line.is_some() => {
            format!("autofix: sin coincidencia — la mejor, {pct} en la línea {line}")
        }
        (_, l) => l
            .pick("autofix: no match", "autofix: sin coincidencia")
            .to_string(),
    }
}

/// A lens command that only informs: clicking it shows its text.
fn info_command(title: String) -> Command {
    info_command_saying(title.clone(), title)
}

/// A lens command that only informs: clicking it shows `message`.
fn info_command_saying(title: String, message: String) -> Command {
    let args = protocol::ShowMessageArgs { message };
    Command {
        arguments: Some(vec![json!(args)]),
        title,
        command: ShowMessage::NAME.into(),
    }
}

/// Asks the client to re-request code lenses when `changed` is the target of a diff shown in
/// another open document (its lenses say where the blocks land).
pub fn refresh_if_targeted(session: &Arc<Session>, changed: &Path) {
    if session.is_diff_target(changed) && session.context().caps.code_lens_refresh {
        let session = session.clone();
        tokio::spawn(async move {
            let _ = session.client.code_lens_refresh().await;
        });
    }
}
