//! Apply diff in the editor: `autofix.applyDiff` lands an agent's SEARCH/REPLACE blocks as one
//! versioned, annotated edit per file (one minimal `TextEdit` per block) that the user approves in
//! the editor; `autofix.previewDiff` only reports. Diffs written inside any open document get an
//! "Apply diff to PATH" action and a code lens per block saying where it would land. Targets must
//! resolve inside a workspace folder and not be blocked by its `.aicockpitcodeignore`.

use std::path::{Path, PathBuf};

use ropey::Rope;
use serde::Deserialize;
use serde_json::{Value, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, TextEdit, Uri,
};

use super::convert::{path_to_uri, range_in_rope, range_in_str, uri_to_path};
use super::edit::{Confirm, FileEdits, workspace_edit};
use super::state::State;
use crate::access::{Intent, MAX_TEXT_BYTES};
use crate::diff::{self, BlockStatus, Options, Outcome};
use crate::i18n::Locale;
use crate::text::{Encoding, LineIndex};

pub const APPLY: &str = "autofix.applyDiff";
pub const PREVIEW: &str = "autofix.previewDiff";
pub const ACTION_KIND: &str = "refactor.autofix.applyDiff";
/// Documents larger than this are not searched for embedded diffs.
const MAX_SCAN: usize = 4 << 20;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DiffArgs {
    /// The target, absolute or relative to the workspace folder (default: the diff's `<path>`).
    pub path: Option<String>,
    pub uri: Option<Uri>,
    pub diff: String,
    pub threshold: Option<f64>,
    pub buffer_lines: Option<usize>,
}

/// The target text as the editor has it (open buffer) or as the disk has it.
enum Original {
    Open { uri: Uri, rope: Rope, version: i32 },
    Disk { text: String },
}

impl Original {
    fn text(&self) -> String {
        match self {
            Original::Open { rope, .. } => rope.to_string(),
            Original::Disk { text } => text.clone(),
        }
    }
}

/// The workspace folder holding `path` (lexically).
fn folder_of(state: &State, path: &Path) -> Option<PathBuf> {
    state.session().registry.folder_of(path).cloned()
}

/// Resolves and vets a target: inside a workspace folder, not blocked by its ignore file.
pub fn resolve_target(
    state: &State,
    given: &str,
    base: Option<&Path>,
) -> std::result::Result<PathBuf, String> {
    let folders = state.session().registry.folders().to_vec();
    let given_path = Path::new(given.trim());
    let absolute = if given_path.is_absolute() {
        given_path.to_path_buf()
    } else {
        let folder = base
            .and_then(|b| folder_of(state, b))
            .or_else(|| folders.first().cloned());
        match folder {
            Some(folder) => folder.join(given_path),
            None => return Err(format!("{given}: no workspace folder to resolve it in")),
        }
    };
    let policy = state.session().access.clone();
    policy
        .check(&crate::paths::absolute(&absolute), Intent::Write)
        .map_err(|e| e.to_string())
}

fn original(state: &State, target: &Path) -> std::result::Result<Original, String> {
    let open = state.docs.iter().find_map(|d| {
        let path = d.path.as_deref()?;
        // Only a document with the same file name can be the target under another spelling of
        // its path (a symlink): resolve those alone.
        let same = path == target
            || (path.file_name() == target.file_name()
                && std::fs::canonicalize(path).is_ok_and(|p| p == target));
        same.then(|| Original::Open {
            uri: d.key().clone(),
            rope: d.document.rope().clone(),
            version: d.document.version(),
        })
    });
    if let Some(open) = open {
        return Ok(open);
    }
    // Read as the policy allows: a regular file, bounded (a FIFO named by a diff must not hang
    // the server).
    crate::access::read_text(target, MAX_TEXT_BYTES)
        .map(|text| Original::Disk { text })
        .map_err(|e| e.to_string())
}

fn options(state: &State, args: &DiffArgs) -> Options {
    let config = &state.session().config;
    Options {
        threshold: args.threshold.unwrap_or(config.fuzzy_threshold),
        buffer_lines: args.buffer_lines.unwrap_or(config.buffer_lines),
        start_line: None,
    }
}

/// The report as `apply-diff --format json` gives it, with the target and whether it was applied.
fn report(outcome: &Outcome, target: Option<&Path>, applied: Option<bool>) -> Value {
    let mut value = serde_json::to_value(outcome).unwrap_or_else(|_| json!({ "success": false }));
    if let Some(map) = value.as_object_mut() {
        map.remove("content");
        if let Some(t) = target {
            map.insert("path".into(), json!(t));
        }
        if let Some(a) = applied {
            map.insert("applied".into(), json!(a));
        }
    }
    value
}

fn failure(error: String) -> Value {
    report(&Outcome::from_error(error), None, Some(false))
}

/// `autofix.applyDiff` (`preview: false`) and `autofix.previewDiff` (`preview: true`).
pub async fn run(state: &State, args: DiffArgs, preview: bool) -> Result<Value> {
    let (locale, caps, encoding) = {
        let s = state.session();
        (s.locale, s.caps, s.encoding)
    };
    let parsed_path = diff::parse(&args.diff).ok().and_then(|d| d.path);
    let given = match (&args.uri, &args.path, &parsed_path) {
        (Some(uri), _, _) => uri_to_path(uri).map(|p| p.display().to_string()),
        (None, Some(p), _) => Some(p.clone()),
        (None, None, Some(p)) => Some(p.clone()),
        _ => None,
    };
    let Some(given) = given else {
        return Err(Error::invalid_params(locale.pick(
            "autofix.applyDiff: give `path` or `uri` (or a diff with <path>)",
            "autofix.applyDiff: indica `path` o `uri` (o un diff con <path>)",
        )));
    };
    let target = match resolve_target(state, &given, None) {
        Ok(t) => t,
        Err(e) => return Ok(failure(e)),
    };
    let original = match original(state, &target) {
        Ok(o) => o,
        Err(e) => return Ok(failure(e)),
    };
    let text = original.text();
    let mut outcome = diff::apply_text(&text, &args.diff, &options(state, &args));
    if preview {
        return Ok(report(&outcome, Some(&target), None));
    }
    state.session().mistakes.record(&target, &mut outcome);
    if outcome.edits.is_empty() {
        return Ok(report(&outcome, Some(&target), Some(false)));
    }

    let sent = if caps.apply_edit {
        let (uri, version, edits) = match &original {
            Original::Open { uri, rope, version } => (
                uri.clone(),
                Some(*version),
                text_edits_rope(rope, &outcome, encoding),
            ),
            Original::Disk { text } => {
                let Some(uri) = path_to_uri(&target) else {
                    return Ok(failure(format!("{}: not a file path", target.display())));
                };
                (uri, None, text_edits_str(text, &outcome, encoding))
            }
        };
        let shown = folder_of(state, &target)
            .and_then(|f| target.strip_prefix(&f).ok().map(|p| p.display().to_string()))
            .unwrap_or_else(|| target.display().to_string());
        let blocks = outcome.applied_count();
        let label = match locale {
            Locale::En => format!(
                "Apply diff to {shown} ({blocks} block{})",
                if blocks == 1 { "" } else { "s" }
            ),
            Locale::Es => format!(
                "Aplicar diff a {shown} ({blocks} bloque{})",
                if blocks == 1 { "" } else { "s" }
            ),
        };
        // Said before the user decides: the blocks match, nothing is applied yet.
        let total = outcome.blocks.len();
        let description = match locale {
            Locale::En => format!(
                "{blocks} of {total} block{} will be applied",
                if total == 1 { "" } else { "s" }
            ),
            Locale::Es => format!(
                "se aplicarán {blocks} de {total} bloque{}",
                if total == 1 { "" } else { "s" }
            ),
        };
        let confirm = Confirm {
            id: "autofix.diff".into(),
            label,
            description: Some(description),
        };
        let edit = workspace_edit(
            vec![FileEdits {
                uri,
                version,
                edits,
                create: false,
            }],
            &caps,
            Some(confirm.clone()),
        );
        super::edit::send(state, edit, Some(&confirm), "the diff").await
    } else {
        // The client cannot take the edit: write the file ourselves, atomically.
        match outcome
            .content
            .as_deref()
            .map(|c| crate::atomic::write(&target, c.as_bytes()))
        {
            Some(Ok(())) => super::edit::Sent {
                applied: true,
                failure_reason: None,
            },
            Some(Err(e)) => return Ok(failure(format!("{}: cannot write: {e}", target.display()))),
            None => super::edit::Sent {
                applied: false,
                failure_reason: None,
            },
        }
    };
    let mut value = report(&outcome, Some(&target), Some(sent.applied));
    if let Some(reason) = sent.failure_reason {
        value["failure_reason"] = json!(reason);
    }
    Ok(value)
}

fn text_edits_rope(rope: &Rope, outcome: &Outcome, encoding: Encoding) -> Vec<TextEdit> {
    outcome
        .edits
        .iter()
        .map(|e| TextEdit::new(range_in_rope(rope, &e.range, encoding), e.new_text.clone()))
        .collect()
}

fn text_edits_str(text: &str, outcome: &Outcome, encoding: Encoding) -> Vec<TextEdit> {
    let index = LineIndex::new(text);
    outcome
        .edits
        .iter()
        .map(|e| TextEdit::new(range_in_str(text, &index, &e.range, encoding), e.new_text.clone()))
        .collect()
}

/// The embedded diffs of an open document, with their resolved targets (or why not).
fn embedded(
    state: &State,
    rope: &Rope,
    doc_path: Option<&Path>,
) -> Vec<(diff::EmbeddedDiff, std::result::Result<PathBuf, String>)> {
    if rope.len_bytes() > MAX_SCAN {
        return Vec::new();
    }
    let text = rope.to_string();
    if !text.contains("<<<<<<< SEARCH") {
        return Vec::new();
    }
    diff::find_embedded(&text)
        .into_iter()
        .map(|d| {
            let target = match &d.path {
                Some(p) => resolve_target(state, p, doc_path),
                None => Err("no target path above the diff".to_string()),
            };
            (d, target)
        })
        .collect()
}

fn apply_command(title: String, target: &Path, text: &str) -> Command {
    Command {
        title,
        command: APPLY.into(),
        arguments: Some(vec![
            json!({ "path": target.display().to_string(), "diff": text }),
        ]),
    }
}

/// "Apply diff to PATH" for the embedded diff under the cursor.
pub fn code_actions(state: &State, uri: &Uri, offset: usize) -> Vec<CodeActionOrCommand> {
    let Some((rope, _, _, path)) = state.snapshot(uri) else {
        return Vec::new();
    };
    let locale = state.session().locale;
    embedded(state, &rope, path.as_deref())
        .into_iter()
        .filter(|(d, _)| d.range.start <= offset && offset <= d.range.end)
        .filter_map(|(d, target)| {
            let target = target.ok()?;
            let shown = d.path.clone().unwrap_or_default();
            let n = d.blocks.len();
            let title = match locale {
                Locale::En => format!(
                    "Apply diff to {shown} ({n} block{})",
                    if n == 1 { "" } else { "s" }
                ),
                Locale::Es => format!(
                    "Aplicar diff a {shown} ({n} bloque{})",
                    if n == 1 { "" } else { "s" }
                ),
            };
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: title.clone(),
                kind: Some(CodeActionKind::new(ACTION_KIND)),
                command: Some(apply_command(title, &target, &d.text)),
                ..Default::default()
            }))
        })
        .collect()
}

/// One lens above each block: where it would apply, or why it would not.
pub fn code_lenses(state: &State, uri: &Uri) -> Vec<CodeLens> {
    let Some((rope, _, _, path)) = state.snapshot(uri) else {
        return Vec::new();
    };
    let (locale, encoding) = {
        let s = state.session();
        (s.locale, s.encoding)
    };
    let found = embedded(state, &rope, path.as_deref());
    let targets: Vec<PathBuf> = found
        .iter()
        .filter_map(|(_, t)| t.as_ref().ok().cloned())
        .collect();
    if let Some(mut doc) = state.docs.get_mut(uri) {
        doc.diff_targets = targets;
    }
    let options = options(state, &DiffArgs::default());
    let mut lenses = Vec::new();
    for (d, target) in found {
        let at = |block: usize| {
            let start = d.blocks.get(block).map_or(d.range.start, |b| b.start);
            range_in_rope(&rope, &(start..start), encoding)
        };
        let outcome = match &target {
            Ok(t) => match original(state, t) {
                Ok(o) => Ok(diff::apply_text(&o.text(), &d.text, &options)),
                Err(e) => Err(e),
            },
            Err(e) => Err(e.clone()),
        };
        match (outcome, target) {
            (Ok(outcome), Ok(target)) if outcome.error.is_none() || !outcome.blocks.is_empty() => {
                for block in &outcome.blocks {
                    let pct = block.similarity.map(diff::percent).unwrap_or_default();
                    let line = block.line.unwrap_or(0);
                    let title = match (block.status, locale) {
                        (BlockStatus::Applied, Locale::En) => {
                            format!("autofix: applies at line {line} ({pct})")
                        }
                        (BlockStatus::Applied, Locale::Es) => {
                            format!("autofix: se aplica en la línea {line} ({pct})")
                        }
                        (_, Locale::En) if block.line.is_some() => {
                            format!("autofix: no match — best {pct} at line {line}")
                        }
                        (_, Locale::Es) if block.line.is_some() => {
                            format!("autofix: sin coincidencia — la mejor, {pct} en la línea {line}")
                        }
                        (_, l) => l
                            .pick("autofix: no match", "autofix: sin coincidencia")
                            .to_string(),
                    };
                    lenses.push(CodeLens {
                        range: at(block.index),
                        command: Some(apply_command(title, &target, &d.text)),
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
    lenses
}

/// A lens command that only informs: clicking it shows its text.
fn info_command(title: String) -> Command {
    Command {
        arguments: Some(vec![json!({ "message": title })]),
        title,
        command: super::commands::SHOW_MESSAGE.into(),
    }
}

/// Asks the client to re-request code lenses when `changed` is the target of a diff shown in
/// another open document (its lenses say where the blocks land).
pub fn refresh_if_targeted(state: &std::sync::Arc<State>, changed: &Path) {
    let targeted = state
        .docs
        .iter()
        .any(|d| d.diff_targets.iter().any(|t| t == changed));
    if targeted && state.session().caps.code_lens_refresh {
        let state = state.clone();
        tokio::spawn(async move {
            let _ = state.client.code_lens_refresh().await;
        });
    }
}
