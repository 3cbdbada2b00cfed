//! Apply diff in the editor: `autofix.applyDiff` lands an agent's SEARCH/REPLACE blocks as one
//! versioned, annotated edit per file (one minimal `TextEdit` per block) that the user approves
//! in the editor; `autofix.previewDiff` only reports. The search runs off the dispatcher with a
//! total time budget, and stops when the request is cancelled. Targets must pass the access
//! policy (inside a workspace folder, not blocked by an ignore file, not protected).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use ropey::Rope;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{MessageType, TextEdit, Uri};

use super::background::DIFF_BUDGET;
use super::convert::{path_to_uri, range_in_rope, range_in_str, uri_to_path};
use super::edit::{Confirm, FileEdits, Sent, workspace_edit};
use super::protocol::{DiffArgs, DiffReport, DiffSource};
use super::session::Session;
use super::snapshot::ClientContext;
use crate::access::{Intent, MAX_TEXT_BYTES};
use crate::budget::Budget;
use crate::diff::{self, Outcome, SearchOptions};
use crate::i18n::Locale;
use crate::text::{Encoding, LineIndex};

/// The target text as the editor has it (open buffer) or as the disk has it.
#[derive(Debug, Clone)]
pub enum Original {
    Open { uri: Uri, rope: Rope, version: i32 },
    Disk { text: String },
}

impl Original {
    pub fn text(&self) -> String {
        match self {
            Original::Open { rope, .. } => rope.to_string(),
            Original::Disk { text } => text.clone(),
        }
    }
}

/// Resolves and vets a target (absolute, or relative to the workspace folder of `base`, else
/// the first folder) for writing.
pub fn resolve_target(
    session: &Session,
    given: &str,
    base: Option<&Path>,
) -> std::result::Result<PathBuf, String> {
    let given_path = Path::new(given.trim());
    let absolute = if given_path.is_absolute() {
        given_path.to_path_buf()
    } else {
        let folder = base
            .and_then(|b| session.folder_of(b))
            .or_else(|| session.folders().first().cloned());
        match folder {
            Some(folder) => folder.join(given_path),
            None => return Err(format!("{given}: no workspace folder to resolve it in")),
        }
    };
    session
        .access()
        .check(&crate::paths::absolute(&absolute), Intent::Write)
        .map_err(|e| e.to_string())
}

/// The text a diff applies to: the open buffer when the editor has the file, else the file on
/// disk, read as the policy allows (a regular file, bounded: a FIFO named by a diff must not
/// hang the server).
pub fn original(session: &Session, target: &Path) -> std::result::Result<Original, String> {
    if let Some(doc) = session.open_at(target) {
        return Ok(Original::Open {
            uri: doc.uri,
            rope: doc.rope,
            version: doc.version,
        });
    }
    session
        .access()
        .read_checked(target, Intent::Write, MAX_TEXT_BYTES)
        .map(|(_, text)| Original::Disk { text })
        .map_err(|e| e.to_string())
}

/// The search options: the request's, else the settings'.
pub fn options(
    ctx: &ClientContext,
    threshold: Option<f64>,
    buffer_lines: Option<usize>,
    budget: Budget,
) -> SearchOptions {
    SearchOptions {
        threshold: threshold.unwrap_or(ctx.config.fuzzy_threshold),
        buffer_lines: buffer_lines.unwrap_or(ctx.config.buffer_lines),
        start_line: None,
        budget,
    }
}

fn report(mut outcome: Outcome, target: Option<&Path>, applied: Option<bool>) -> DiffReport {
    outcome.content = None;
    DiffReport {
        outcome,
        path: target.map(Path::to_path_buf),
        applied,
        failure_reason: None,
    }
}

fn failure(error: String) -> DiffReport {
    report(Outcome::from_error(error), None, Some(false))
}

/// The diff a request names: its text, or a diff inside an open document.
fn diff_text(
    session: &Session,
    args: &DiffArgs,
) -> std::result::Result<(String, Option<PathBuf>, Option<String>), String> {
    match (&args.diff, &args.source) {
        (Some(text), _) => Ok((text.clone(), None, None)),
        (None, Some(source)) => embedded_diff(session, source),
        (None, None) => Err("give `diff` (the diff's text) or `source` (a diff in an open document)".into()),
    }
}

/// The text of diff number `source.index` of an open document, with the document's path and
/// the target written above the diff.
fn embedded_diff(
    session: &Session,
    source: &DiffSource,
) -> std::result::Result<(String, Option<PathBuf>, Option<String>), String> {
    let uri = Uri::from_str(&source.uri).map_err(|e| format!("{}: not a URI: {e}", source.uri))?;
    let doc = session
        .snapshot(&uri)
        .ok_or_else(|| format!("{} is not open any more", source.uri))?;
    let found = super::lenses::embedded(session, &doc);
    let Some((d, _)) = found.into_iter().nth(source.index) else {
        return Err(format!(
            "the document no longer holds diff {} — run the action again",
            source.index + 1
        ));
    };
    Ok((d.text, doc.path, d.path))
}

/// A diff and the file it goes to, decided before anything is searched.
struct Request {
    /// The diff's text.
    text: String,
    target: PathBuf,
    original: Original,
}

/// `autofix.applyDiff` (`preview: false`) and `autofix.previewDiff` (`preview: true`). A client
/// that does not show command results itself also hears the result as a message.
pub async fn run(session: &Arc<Session>, args: DiffArgs, preview: bool) -> Result<DiffReport> {
    let named = args.path.clone().or_else(|| args.uri.clone());
    let result = run_quietly(session, args, preview).await;
    if !preview
        && !session.context().caps.shows_command_results
        && let Ok(report) = &result
    {
        tell(session, report, named.as_deref()).await;
        session.let_messages_out().await;
    }
    result
}

/// The report in words: a one-line summary as a message, the blocks' details in the log.
/// `named`: the target as the command named it, for a report without one (a refused target).
async fn tell(session: &Session, report: &DiffReport, named: Option<&str>) {
    let target = report
        .path
        .as_deref()
        .map(|p| session.shown_path(p))
        .or_else(|| named.map(str::to_string))
        .unwrap_or_else(|| "the file".into());
    let outcome = &report.outcome;
    let summary = if report.applied == Some(true) {
        format!("autofix: {target}: {}", outcome.summary())
    } else if let Some(reason) = &report.failure_reason {
        format!("autofix: diff to {target} not applied: {reason}")
    } else if let Some(error) = outcome.error.as_deref().and_then(|e| e.lines().next()) {
        format!("autofix: diff to {target} not applied: {error}")
    } else {
        format!("autofix: diff to {target} not applied: {}", outcome.summary())
    };
    let all = report.applied == Some(true) && outcome.applied_count() == outcome.blocks.len();
    let kind = if all {
        MessageType::INFO
    } else {
        MessageType::WARNING
    };
    // Blocks that matched in an edit the editor did not apply were not applied either.
    let applied = report.applied == Some(true);
    let details: Vec<String> = outcome
        .blocks
        .iter()
        .map(|b| match (b.status, applied) {
            (crate::diff::BlockStatus::Applied, false) => format!(
                "  block {}: matches at line {} (not applied)",
                b.index + 1,
                b.line.unwrap_or(0)
            ),
            _ => format!("  {}", b.human()),
        })
        .collect();
    let shown = if details.is_empty() {
        summary.clone()
    } else {
        format!("{summary} (details in the log)")
    };
    session.client.show_message(kind, shown).await;
    if !details.is_empty() {
        session
            .client
            .log_message(kind, format!("{summary}\n{}", details.join("\n")))
            .await;
    }
}

async fn run_quietly(session: &Arc<Session>, args: DiffArgs, preview: bool) -> Result<DiffReport> {
    let request = match decide(session, &args).await? {
        Ok(request) => request,
        Err(refused) => return Ok(refused),
    };
    let mut outcome = match search(session, &request, &args).await {
        Ok(outcome) => outcome,
        Err(stopped) => return Ok(stopped),
    };
    if preview {
        return Ok(report(outcome, Some(&request.target), None));
    }
    session.mistakes().record(&request.target, &mut outcome);
    if outcome.edits.is_empty() {
        return Ok(report(outcome, Some(&request.target), Some(false)));
    }
    let sent = send(session, &request, &outcome).await;
    let mut value = report(outcome, Some(&request.target), Some(sent.applied));
    value.failure_reason = sent.failure_reason;
    Ok(value)
}

/// Which diff, applied to which file: the target named by `uri`, `path` or the diff itself,
/// vetted by the access policy, and its text (the open buffer's, else the disk's). `Err` for a
/// request that makes no sense; `Ok(Err(report))` for a target that is refused or unreadable.
async fn decide(session: &Session, args: &DiffArgs) -> Result<std::result::Result<Request, DiffReport>> {
    let locale = session.context().locale;
    let (text, base, written_path) = match diff_text(session, args) {
        Ok(found) => found,
        Err(e) => return Err(Error::invalid_params(format!("autofix.applyDiff: {e}"))),
    };
    let uri_path = match &args.uri {
        Some(uri) => match Uri::from_str(uri).ok().as_ref().and_then(uri_to_path) {
            Some(p) => Some(p.display().to_string()),
            None => return Ok(Err(failure(format!("{uri}: not a file URI")))),
        },
        None => None,
    };
    let given = match uri_path.or(args.path.clone()).or(written_path) {
        Some(given) => Some(given),
        // Only the diff's own `<path>` is left: parsing a large diff is heavy work too.
        None => {
            let diff_text = text.clone();
            session
                .background
                .run(DIFF_BUDGET, move |_| {
                    diff::parse(&diff_text).ok().and_then(|d| d.path)
                })
                .await
                .ok()
                .flatten()
        }
    };
    let Some(given) = given else {
        return Err(Error::invalid_params(locale.pick(
            "autofix.applyDiff: give `path` or `uri` (or a diff with <path>)",
            "autofix.applyDiff: indica `path` o `uri` (o un diff con <path>)",
        )));
    };
    let target = match resolve_target(session, &given, base.as_deref()) {
        Ok(t) => t,
        Err(e) => return Ok(Err(failure(e))),
    };
    Ok(match original(session, &target) {
        Ok(original) => Ok(Request {
            text,
            target,
            original,
        }),
        Err(e) => Err(failure(e)),
    })
}

/// Looks for every block, off the dispatcher, within the diff budget.
async fn search(
    session: &Session,
    request: &Request,
    args: &DiffArgs,
) -> std::result::Result<Outcome, DiffReport> {
    let ctx = session.context();
    let (threshold, buffer_lines) = (args.threshold, args.buffer_lines);
    let (original, diff_text) = (request.original.text(), request.text.clone());
    session
        .background
        .run(DIFF_BUDGET, move |budget| {
            diff::apply_text(
                &original,
                &diff_text,
                &options(&ctx, threshold, buffer_lines, budget),
            )
        })
        .await
        .map_err(|stop| failure(format!("the diff was not applied: {}", stop.describe())))
}

/// Sends the edits for the user to approve — an annotated edit, or for a client that cannot
/// apply edits, a question and then a write by the server — and returns what was decided.
async fn send(session: &Session, request: &Request, outcome: &Outcome) -> Sent {
    let ctx = session.context();
    let target = &request.target;
    let shown = session
        .folder_of(target)
        .and_then(|f| target.strip_prefix(&f).ok().map(|p| p.display().to_string()))
        .unwrap_or_else(|| target.display().to_string());
    let blocks = outcome.applied_count();
    let total = outcome.blocks.len();
    let confirm = Confirm {
        id: "autofix.diff".into(),
        label: match ctx.locale {
            Locale::En => format!("Apply diff to {shown} ({blocks} block{})", plural(blocks)),
            Locale::Es => format!("Aplicar diff a {shown} ({blocks} bloque{})", plural(blocks)),
        },
        // Said before the user decides: the blocks match, nothing is applied yet.
        description: Some(match ctx.locale {
            Locale::En => format!("{blocks} of {total} block{} will be applied", plural(total)),
            Locale::Es => format!("se aplicarán {blocks} de {total} bloque{}", plural(total)),
        }),
    };
    if ctx.caps.apply_edit {
        let file = match file_edits(&request.original, target, outcome, ctx.encoding) {
            Ok(f) => f,
            Err(e) => return Sent::not_applied(Some(e)),
        };
        let edit = workspace_edit(vec![file], &ctx.caps, Some(confirm.clone()));
        return super::edit::send(session, edit, Some(&confirm), "the diff").await;
    }
    let how = format!("autofix apply-diff {} -", target.display());
    match super::edit::confirm_without_edits(session, &confirm, &how).await {
        Sent { applied: true, .. } => {
            write_checked(target, &request.original.text(), outcome.content.as_deref())
        }
        refused => refused,
    }
}

/// Writes `content` over `target` unless the file changed since `expected` was read from it
/// (then nothing is lost: the write is refused and says so).
fn write_checked(target: &Path, expected: &str, content: Option<&str>) -> Sent {
    let Some(content) = content else {
        return Sent::not_applied(None);
    };
    match crate::atomic::write_if_unchanged(target, expected.as_bytes(), content.as_bytes()) {
        Ok(()) => Sent::applied(),
        Err(crate::atomic::ReplaceError::Changed) => Sent::not_applied(Some(format!(
            "{}: the file changed while the diff was reviewed; nothing was written — apply it again",
            target.display()
        ))),
        Err(crate::atomic::ReplaceError::Io(e)) => {
            Sent::not_applied(Some(format!("{}: cannot write: {e}", target.display())))
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The edits of `outcome` for the file, versioned when it is open.
fn file_edits(
    original: &Original,
    target: &Path,
    outcome: &Outcome,
    encoding: Encoding,
) -> std::result::Result<FileEdits, String> {
    Ok(match original {
        Original::Open { uri, rope, version } => FileEdits {
            uri: uri.clone(),
            version: Some(*version),
            edits: outcome
                .edits
                .iter()
                .map(|e| TextEdit::new(range_in_rope(rope, &e.range, encoding), e.new_text.clone()))
                .collect(),
            create: false,
        },
        Original::Disk { text } => {
            let uri = path_to_uri(target).ok_or_else(|| format!("{}: not a file path", target.display()))?;
            let index = LineIndex::new(text);
            FileEdits {
                uri,
                version: None,
                edits: outcome
                    .edits
                    .iter()
                    .map(|e| {
                        TextEdit::new(range_in_str(text, &index, &e.range, encoding), e.new_text.clone())
                    })
                    .collect(),
                create: false,
            }
        }
    })
}
