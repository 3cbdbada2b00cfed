//! Workspace diagnostics (`workspace/diagnostic`): the violations of files nobody opened, from
//! the workspace sweep (`rules::sweep`). Result ids keep unchanged files out of a report;
//! partial results are streamed as files are checked; the first full report shows progress;
//! and a request with nothing new to say is held open until something changes — a file on
//! disk, the rules, the settings — as the LSP's long polling has it, so a client does not ask
//! again every few seconds for nothing.
//!
//! Open documents are left out: their diagnostics come from the document itself (pulled or
//! pushed), which wins over a workspace report.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::{OwnedMutexGuard, mpsc, watch};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::notification::Notification;
use tower_lsp_server::ls_types::request::WorkDoneProgressCreate;
use tower_lsp_server::ls_types::{
    Diagnostic, FileChangeType, FullDocumentDiagnosticReport, MessageType, NumberOrString, ProgressParams,
    ProgressParamsValue, ProgressToken, WorkDoneProgress, WorkDoneProgressBegin,
    WorkDoneProgressCreateParams, WorkDoneProgressEnd, WorkDoneProgressReport, WorkspaceDiagnosticParams,
    WorkspaceDiagnosticReport, WorkspaceDiagnosticReportPartialResult, WorkspaceDiagnosticReportResult,
    WorkspaceDocumentDiagnosticReport, WorkspaceFullDocumentDiagnosticReport,
};

use super::convert::{path_to_uri, uri_to_path};
use super::diagnostics;
use super::messages;
use super::pull::result_id;
use super::session::Session;
use super::snapshot::ClientContext;
use crate::budget::Stop;
use crate::rules::index::LoadedRules;
use crate::rules::sweep::{Entry, FileFindings, Observer, Outcome, Sweep, Tally};

/// How long one sweep may take before it stops (and the next pull goes on from there).
pub const SWEEP_BUDGET: Duration = Duration::from_secs(600);
/// For a client that cannot watch files: how often a held request looks at the disk again.
const POLL_EVERY: Duration = Duration::from_secs(5);
/// Streamed results go out in batches of at most this many files.
const BATCH: usize = 200;

/// What the session keeps for workspace diagnostics.
pub struct WorkspaceDiagnostics {
    state: Arc<tokio::sync::Mutex<State>>,
    pending: Mutex<Pending>,
    /// Bumped whenever something a report depends on may have changed; held requests wake up.
    epoch: watch::Sender<u64>,
}

impl Default for WorkspaceDiagnostics {
    fn default() -> Self {
        WorkspaceDiagnostics {
            state: Arc::default(),
            pending: Mutex::default(),
            epoch: watch::Sender::new(0),
        }
    }
}

/// The sweep and what each of its files was last shown as.
#[derive(Default)]
pub struct State {
    sweep: Option<Sweep>,
    /// By path, as bytes (hashing a `Path` walks its components).
    rendered: HashMap<OsString, Rendered>,
    /// The limit message was shown for this (limit, files left out).
    told_limit: Option<usize>,
    /// A first full report was made (later ones show no progress).
    reported: bool,
}

/// Changes heard of since the last sweep.
#[derive(Default)]
struct Pending {
    changed: HashSet<PathBuf>,
    moved: bool,
    /// Documents closed since: reported in full again, whatever the client last had.
    closed: HashSet<PathBuf>,
    shutting_down: bool,
}

/// A file's diagnostics as last rendered, and what they were rendered from.
#[derive(Clone)]
struct Rendered {
    rules: Arc<LoadedRules>,
    findings: Arc<FileFindings>,
    ctx: Arc<ClientContext>,
    result_id: String,
    items: Arc<Vec<Diagnostic>>,
}

impl Rendered {
    fn of(rules: &Arc<LoadedRules>, findings: &Arc<FileFindings>, ctx: &Arc<ClientContext>) -> Rendered {
        let items = diagnostics::for_findings(findings, rules, ctx);
        Rendered {
            rules: rules.clone(),
            findings: findings.clone(),
            ctx: ctx.clone(),
            result_id: result_id(&items),
            items: Arc::new(items),
        }
    }

    fn is_for(
        &self,
        rules: &Arc<LoadedRules>,
        findings: &Arc<FileFindings>,
        ctx: &Arc<ClientContext>,
    ) -> bool {
        Arc::ptr_eq(&self.rules, rules)
            && Arc::ptr_eq(&self.findings, findings)
            && Arc::ptr_eq(&self.ctx, ctx)
    }
}

/// `$/progress` carrying a partial workspace report.
enum PartialResults {}

#[derive(Debug, Serialize, Deserialize)]
struct PartialResultsParams {
    token: ProgressToken,
    value: WorkspaceDiagnosticReportPartialResult,
}

impl Notification for PartialResults {
    type Params = PartialResultsParams;
    const METHOD: &'static str = "$/progress";
}

impl WorkspaceDiagnostics {
    fn pending(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Something a report depends on may have changed (rules, settings, folders): held
    /// requests look again.
    pub fn nudge(&self) {
        self.epoch.send_modify(|e| *e += 1);
    }

    /// Files changed on disk (the client's file watcher).
    pub fn files_changed(&self, events: Vec<(PathBuf, FileChangeType)>) {
        let mut pending = self.pending();
        for (path, typ) in events {
            if typ == FileChangeType::CHANGED {
                pending.changed.insert(path);
            } else {
                pending.moved = true;
            }
        }
        drop(pending);
        self.nudge();
    }

    /// A document was saved: its file changed on disk.
    pub fn saved(&self, path: PathBuf) {
        self.pending().changed.insert(path);
        self.nudge();
    }

    /// A document was closed: its file is reported again from the disk.
    pub fn closed(&self, path: PathBuf) {
        let mut pending = self.pending();
        pending.changed.insert(path.clone());
        pending.closed.insert(path);
        drop(pending);
        self.nudge();
    }

    /// The server is shutting down: held requests answer now.
    pub fn shut_down(&self) {
        self.pending().shutting_down = true;
        self.nudge();
    }

    fn shutting_down(&self) -> bool {
        self.pending().shutting_down
    }
}

/// A request's view of what the client has: the result id of each file it was told about.
type Known = HashMap<OsString, String>;

/// Answers `workspace/diagnostic`.
pub async fn pull(
    session: &Arc<Session>,
    params: WorkspaceDiagnosticParams,
) -> Result<WorkspaceDiagnosticReportResult> {
    let known: Known = params
        .previous_result_ids
        .into_iter()
        .filter_map(|p| Some((uri_to_path(&p.uri)?.into_os_string(), p.value)))
        .collect();
    let partial = params.partial_result_params.partial_result_token;
    let progress = params.work_done_progress_params.work_done_token;
    let wd = &session.workspace;
    let mut epoch = wd.epoch.subscribe();
    loop {
        epoch.borrow_and_update();
        // Cancelled (the request's future is gone, or the server is shutting down), or out of
        // time: what is done is kept, and the next pull goes on from there.
        let (items, streamed) = report(session, &known, partial.as_ref(), progress.clone())
            .await
            .unwrap_or_default();
        if !items.is_empty() || streamed > 0 || wd.shutting_down() {
            return Ok(answer(items));
        }
        // Nothing new for this client: hold the request until something changes.
        let watching = session.context().caps.watched_files_dynamic;
        if watching {
            if epoch.changed().await.is_err() {
                return Ok(answer(Vec::new()));
            }
        } else {
            tokio::select! {
                changed = epoch.changed() => if changed.is_err() { return Ok(answer(Vec::new())) },
                () = tokio::time::sleep(POLL_EVERY) => {}
            }
        }
    }
}

fn answer(items: Vec<WorkspaceDocumentDiagnosticReport>) -> WorkspaceDiagnosticReportResult {
    WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport { items })
}

/// The result id of a file without diagnostics.
fn clean_id() -> &'static str {
    static CLEAN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CLEAN.get_or_init(|| result_id(&[]))
}

fn full_report(path: &Path, rendered: Option<&Rendered>) -> Option<WorkspaceDocumentDiagnosticReport> {
    let uri = path_to_uri(path)?;
    let (result_id, items) = match rendered {
        Some(r) => (r.result_id.clone(), r.items.as_ref().clone()),
        None => (clean_id().to_string(), Vec::new()),
    };
    Some(WorkspaceDocumentDiagnosticReport::Full(
        WorkspaceFullDocumentDiagnosticReport {
            uri,
            version: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                result_id: Some(result_id),
                items,
            },
        },
    ))
}

/// What the client should be told about a file now shown as `rendered` (`None`: nothing to show),
/// given what it has: nothing when that is what it has.
fn tell(
    path: &Path,
    rendered: Option<&Rendered>,
    known: &Known,
    forced: bool,
) -> Option<WorkspaceDocumentDiagnosticReport> {
    let id = rendered.map_or(clean_id(), |r| r.result_id.as_str());
    let has = known.get(path.as_os_str()).map(String::as_str);
    let same = match has {
        Some(has) => has == id,
        // Never told, and nothing to tell.
        None => id == clean_id(),
    };
    if same && !forced {
        return None;
    }
    full_report(path, rendered)
}

/// Hears the sweep's updates: streams them when the client takes partial results, and counts
/// progress.
struct Listener<'a> {
    ctx: Arc<ClientContext>,
    open: &'a HashSet<PathBuf>,
    known: &'a Known,
    stream: Option<mpsc::UnboundedSender<WorkspaceDocumentDiagnosticReport>>,
    rendered: Mutex<HashMap<OsString, Rendered>>,
    /// Files streamed, with the result id sent.
    sent: Mutex<HashMap<OsString, String>>,
    done: &'a AtomicUsize,
    total: &'a AtomicUsize,
}

impl Observer for Listener<'_> {
    fn updated(&self, path: &Path, entry: &Entry) {
        let Some(stream) = &self.stream else { return };
        if self.open.contains(path) {
            return;
        }
        let rendered = match (&entry.rules, &entry.outcome) {
            (Some(rules), Outcome::Checked(found)) => Some(Rendered::of(rules, found, &self.ctx)),
            _ => None,
        };
        if let Some(report) = tell(path, rendered.as_ref(), self.known, false) {
            let id = rendered
                .as_ref()
                .map_or(clean_id().to_string(), |r| r.result_id.clone());
            self.sent
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(path.as_os_str().to_owned(), id);
            let _ = stream.send(report);
        }
        if let Some(rendered) = rendered {
            self.rendered
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(path.as_os_str().to_owned(), rendered);
        }
    }

    fn progress(&self, done: usize, total: usize) {
        self.done.fetch_max(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }
}

/// Brings the sweep up to date and works out the report for a client that has `known`.
/// Returns the items to answer with, and how many were streamed instead.
async fn report(
    session: &Arc<Session>,
    known: &Known,
    partial: Option<&ProgressToken>,
    progress: Option<ProgressToken>,
) -> std::result::Result<(Vec<WorkspaceDocumentDiagnosticReport>, usize), Stop> {
    let ctx = session.context();
    let folders = session.folders();
    if !ctx.config.workspace_diagnostics || folders.is_empty() {
        // Off: whatever the client was told goes away.
        let items = known
            .iter()
            .filter(|(_, id)| id.as_str() != clean_id())
            .filter_map(|(path, _)| full_report(Path::new(path), None))
            .collect();
        return Ok((items, 0));
    }
    let state = session.workspace.state.clone().lock_owned().await;
    let first = !state.reported;
    let (stream_tx, stream_rx) = match partial {
        Some(_) => {
            let (tx, rx) = mpsc::unbounded_channel();
            (Some(tx), Some(rx))
        }
        None => (None, None),
    };
    let counters = Arc::new((AtomicUsize::new(0), AtomicUsize::new(0)));
    let progress = match (progress, first && ctx.caps.work_done_progress) {
        (Some(token), _) => Some(token),
        (None, true) => create_progress(session).await,
        (None, false) => None,
    };
    let forwarder = stream_rx.map(|rx| {
        let token = partial.cloned().unwrap_or(NumberOrString::Number(0));
        tokio::spawn(forward(session.clone(), token, rx))
    });
    if let Some(token) = &progress {
        begin_progress(session, token.clone()).await;
    }
    let ticker = progress
        .clone()
        .map(|token| tokio::spawn(tick(session.clone(), token, counters.clone())));

    let outcome = {
        let worker = session.clone();
        let known = known.clone();
        let counters = counters.clone();
        session
            .background
            .run(SWEEP_BUDGET, move |budget| {
                sweep(
                    &worker, state, &ctx, folders, &known, stream_tx, &counters, &budget,
                )
            })
            .await
    };
    if let Some(ticker) = ticker {
        ticker.abort();
    }
    // Every streamed item is out before the answer.
    let streamed = match forwarder {
        Some(forwarder) => forwarder.await.unwrap_or(0),
        None => 0,
    };
    let swept = match outcome {
        Ok(Ok(swept)) => swept,
        Ok(Err(stop)) | Err(stop) => {
            if let Some(token) = progress {
                end_progress(
                    session,
                    token,
                    messages::workspace_stopped(session.context().locale, stop),
                )
                .await;
            }
            return Err(stop);
        }
    };
    if let Some(token) = progress {
        end_progress(
            session,
            token,
            messages::workspace_summary(session.context().locale, &swept.tally),
        )
        .await;
    }
    tell_about_limit(session, &swept).await;
    match partial {
        // What the sweep did not stream goes the same way: the answer itself stays empty.
        Some(token) if !swept.items.is_empty() => {
            let count = swept.items.len();
            for chunk in swept.items.chunks(BATCH) {
                send_partial(session, token, chunk.to_vec()).await;
            }
            Ok((Vec::new(), streamed + count))
        }
        _ => Ok((swept.items, streamed)),
    }
}

/// What a sweep found for one request.
struct Swept {
    items: Vec<WorkspaceDocumentDiagnosticReport>,
    tally: Tally,
    /// (limit, files left out) when the limit cut the report and the user was not told yet.
    untold_cut: Option<(usize, usize)>,
}

/// The blocking part: update the sweep, render what changed, and work out what the client is
/// told.
#[allow(clippy::too_many_arguments)]
fn sweep(
    session: &Arc<Session>,
    mut state: OwnedMutexGuard<State>,
    ctx: &Arc<ClientContext>,
    folders: Vec<PathBuf>,
    known: &Known,
    stream: Option<mpsc::UnboundedSender<WorkspaceDocumentDiagnosticReport>>,
    counters: &(AtomicUsize, AtomicUsize),
    budget: &crate::budget::Budget,
) -> std::result::Result<Swept, Stop> {
    let limit = ctx.config.workspace_diagnostics_max_files;
    let State {
        sweep: slot,
        rendered: cache,
        told_limit,
        reported,
    } = &mut *state;
    let sweep = up_to_date(session, slot, cache, ctx, folders);
    let closed = std::mem::take(&mut session.workspace.pending().closed);
    let open = session.open_paths();
    let listener = Listener {
        ctx: ctx.clone(),
        open: &open,
        known,
        stream,
        rendered: Mutex::default(),
        sent: Mutex::default(),
        done: &counters.0,
        total: &counters.1,
    };
    let rules_of = |path: &Path| session.rules_for(path);
    let started = std::time::Instant::now();
    let updated = sweep.update(&rules_of, ctx.encoding, budget, &listener);
    if let Ok(changes) = &updated {
        session.log(
            tracing::Level::INFO,
            format!(
                "autofix: workspace diagnostics: {} files read, {} changed, {} gone, in {} ms ({} files walked)",
                changes.read,
                changes.updated.len(),
                changes.removed.len(),
                started.elapsed().as_millis(),
                sweep.tally().walked
            ),
        );
    }
    let Listener { rendered, sent, .. } = listener;
    cache.extend(rendered.into_inner().unwrap_or_else(|e| e.into_inner()));
    if let Err(crate::rules::sweep::SweepError::Stopped(stop)) = updated {
        // Closed documents are told about next time.
        session.workspace.pending().closed.extend(closed);
        return Err(stop);
    }
    let sent = sent.into_inner().unwrap_or_else(|e| e.into_inner());
    let sweep = &*sweep;
    let mut items = Vec::new();
    for (path, entry) in sweep.entries() {
        if open.contains(path) {
            continue;
        }
        let rendered = match (&entry.rules, &entry.outcome) {
            (Some(rules), Outcome::Checked(found))
                if !found.violations.is_empty() || known.contains_key(path.as_os_str()) =>
            {
                let r = cache
                    .entry(path.as_os_str().to_owned())
                    .and_modify(|r| {
                        if !r.is_for(rules, found, ctx) {
                            *r = Rendered::of(rules, found, ctx);
                        }
                    })
                    .or_insert_with(|| Rendered::of(rules, found, ctx));
                Some(r.clone())
            }
            _ => {
                cache.remove(path.as_os_str());
                None
            }
        };
        let id = rendered.as_ref().map_or(clean_id(), |r| r.result_id.as_str());
        if sent.get(path.as_os_str()).is_some_and(|s| s == id) {
            continue;
        }
        items.extend(tell(path, rendered.as_ref(), known, closed.contains(path)));
    }
    // Files the client was told about that are gone (deleted, ignored now, outside the folders).
    for (key, id) in known {
        let path = Path::new(key);
        if sweep.entry(path).is_none() && !open.contains(path) && id != clean_id() {
            cache.remove(key);
            items.extend(full_report(path, None));
        }
    }
    cache.retain(|p, _| sweep.entry(Path::new(p)).is_some());
    *reported = true;
    let tally = sweep.tally().clone();
    let untold_cut = (tally.over_limit > 0 && *told_limit != Some(limit)).then(|| {
        *told_limit = Some(limit);
        (limit, tally.over_limit)
    });
    Ok(Swept {
        items,
        tally,
        untold_cut,
    })
}

/// Brings the sweep up to date (whether workspace diagnostics are on or not) and returns the
/// files nobody opened that have fixable violations.
pub async fn fixable_files(session: &Arc<Session>) -> std::result::Result<Vec<PathBuf>, Stop> {
    let ctx = session.context();
    let folders = session.folders();
    let state = session.workspace.state.clone().lock_owned().await;
    let worker = session.clone();
    session
        .background
        .run(SWEEP_BUDGET, move |budget| {
            let mut state = state;
            let State {
                sweep: slot,
                rendered,
                ..
            } = &mut *state;
            let sweep = up_to_date(&worker, slot, rendered, &ctx, folders);
            let rules_of = |path: &Path| worker.rules_for(path);
            sweep
                .update(&rules_of, ctx.encoding, &budget, &crate::rules::sweep::Quiet)
                .map_err(|crate::rules::sweep::SweepError::Stopped(stop)| stop)?;
            Ok(sweep
                .entries()
                .filter(|(_, e)| matches!(&e.outcome, Outcome::Checked(f) if f.fixable() > 0))
                .map(|(p, _)| p.to_path_buf())
                .collect())
        })
        .await?
}

/// The sweep of `folders`, made anew when they changed, with the changes heard of since the
/// last update handed to it (the documents closed since stay pending for the next report).
fn up_to_date<'a>(
    session: &Session,
    slot: &'a mut Option<Sweep>,
    rendered: &mut HashMap<OsString, Rendered>,
    ctx: &ClientContext,
    folders: Vec<PathBuf>,
) -> &'a mut Sweep {
    let limit = ctx.config.workspace_diagnostics_max_files;
    if slot.as_ref().is_some_and(|s| s.folders() != folders.as_slice()) {
        *slot = None;
        rendered.clear();
    }
    let sweep = slot.get_or_insert_with(|| Sweep::new(folders, limit));
    sweep.set_limit(limit);
    let mut pending = session.workspace.pending();
    for path in pending.changed.drain() {
        sweep.file_changed(path);
    }
    if std::mem::take(&mut pending.moved) {
        sweep.files_moved();
    }
    if !ctx.caps.watched_files_dynamic {
        sweep.anything_changed();
    }
    sweep
}

async fn tell_about_limit(session: &Session, swept: &Swept) {
    let Some((limit, left_out)) = swept.untold_cut else {
        return;
    };
    let text = messages::workspace_limit(session.context().locale, limit, left_out);
    session.log_warning(text.clone());
    let client = session.client.clone();
    tokio::spawn(async move { client.show_message(MessageType::WARNING, text).await });
}

/// Sends streamed reports in batches as they come, until the sweep is done; returns how many.
async fn forward(
    session: Arc<Session>,
    token: ProgressToken,
    mut rx: mpsc::UnboundedReceiver<WorkspaceDocumentDiagnosticReport>,
) -> usize {
    let mut count = 0;
    let mut batch = Vec::new();
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(item) => batch.push(item),
                Err(_) => break,
            }
        }
        count += batch.len();
        send_partial(&session, &token, std::mem::take(&mut batch)).await;
    }
    count
}

async fn send_partial(
    session: &Session,
    token: &ProgressToken,
    items: Vec<WorkspaceDocumentDiagnosticReport>,
) {
    let params = PartialResultsParams {
        token: token.clone(),
        value: WorkspaceDiagnosticReportPartialResult { items },
    };
    session.client.send_notification::<PartialResults>(params).await;
}

/// A progress token of the server's own, when the client takes them.
async fn create_progress(session: &Session) -> Option<ProgressToken> {
    let token = NumberOrString::String("autofix/workspace-diagnostics".into());
    session
        .client
        .send_request::<WorkDoneProgressCreate>(WorkDoneProgressCreateParams { token: token.clone() })
        .await
        .ok()?;
    Some(token)
}

async fn send_progress(session: &Session, token: ProgressToken, value: WorkDoneProgress) {
    session
        .client
        .send_notification::<tower_lsp_server::ls_types::notification::Progress>(ProgressParams {
            token,
            value: ProgressParamsValue::WorkDone(value),
        })
        .await;
}

async fn begin_progress(session: &Session, token: ProgressToken) {
    let locale = session.context().locale;
    let begin = WorkDoneProgressBegin {
        title: messages::workspace_progress_title(locale).into(),
        cancellable: Some(false),
        message: None,
        percentage: Some(0),
    };
    send_progress(session, token, WorkDoneProgress::Begin(begin)).await;
}

/// Reports the sweep's progress every few hundred milliseconds until aborted.
async fn tick(session: Arc<Session>, token: ProgressToken, counters: Arc<(AtomicUsize, AtomicUsize)>) {
    let locale = session.context().locale;
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let (done, total) = (
            counters.0.load(Ordering::Relaxed),
            counters.1.load(Ordering::Relaxed),
        );
        if total == 0 {
            continue;
        }
        let report = WorkDoneProgressReport {
            cancellable: Some(false),
            message: Some(messages::workspace_progress(locale, done, total)),
            percentage: Some(u32::try_from(done * 100 / total).unwrap_or(100)),
        };
        send_progress(&session, token.clone(), WorkDoneProgress::Report(report)).await;
    }
}

async fn end_progress(session: &Session, token: ProgressToken, message: String) {
    let end = WorkDoneProgressEnd {
        message: Some(message),
    };
    send_progress(session, token, WorkDoneProgress::End(end)).await;
}
