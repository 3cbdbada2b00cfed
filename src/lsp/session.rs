//! The server's state, as ruff's `Session` and rust-analyzer's `GlobalState`: open documents
//! (ropes in a `DashMap`), the client context, the rules index, the access policy and the
//! apply-diff failure counts. Notification handlers change it before their first `.await`;
//! request handlers take a [`DocumentSnapshot`] and work on that, heavy ones off the dispatcher.
//!
//! Locking: the rules index may be locked while open buffers are read, never the other way
//! round; no lock or document guard is ever held across an `.await`. Rules are compiled outside
//! every lock (see [`Session::reload`]).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use dashmap::DashMap;
use tokio::sync::{mpsc, watch};
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{Diagnostic, Uri};

use super::background::Background;
use super::convert::{path_to_uri, uri_to_path};
use super::diagnostics;
use super::document::{CheckedDoc, OpenDocument};
use super::export::AutoExport;
use super::learn::LearnGate;
use super::snapshot::{ClientContext, DocumentSnapshot};
use super::workspace_diagnostics::WorkspaceDiagnostics;
use crate::access::AccessPolicy;
use crate::diff::Mistakes;
use crate::rules::incremental::{Checked, Dirty, suppress};
use crate::rules::index::{Boundary, LoadJob, LoadedRules, OpenBuffers, RulesIndex};
use crate::rules::{BuildOptions, FileContext};
use crate::text::{Document, TextChange};

/// Which rules to read again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reload {
    /// The root owning this rules file (it changed in its buffer or on disk).
    File(PathBuf),
    /// Every root (settings changed, folders changed, asked for), and the user's rules.
    All,
    /// The user rules file changed: every root is built again over it.
    User,
}

pub struct Session {
    pub client: Client,
    docs: DashMap<Uri, OpenDocument>,
    context: RwLock<Arc<ClientContext>>,
    index: Mutex<RulesIndex>,
    access: RwLock<Arc<AccessPolicy>>,
    mistakes: Mutex<Mistakes>,
    pub learning: LearnGate,
    pub exports: AutoExport,
    pub background: Background,
    pub workspace: WorkspaceDiagnostics,
    publisher: mpsc::UnboundedSender<Uri>,
    reloader: mpsc::UnboundedSender<Reload>,
    /// Reloads asked for and reloads done, so that a request can wait for the rules an earlier
    /// notification changed.
    rules_epoch: watch::Sender<(u64, u64)>,
    /// Why the user rules file could not be used, once per distinct reason: to be told.
    user_rules_problem: Mutex<UserRulesProblem>,
    /// The broken rules files a client without a status display was told about, with the
    /// problem it was told (see `status::announce_broken`).
    pub told_broken: Mutex<std::collections::HashMap<PathBuf, String>>,
    /// The file globs registered with the client for `didChangeWatchedFiles` (see
    /// `watch::register`): the same ones are not registered again.
    pub watching: Mutex<Option<Vec<String>>>,
}

/// The last problem with the user rules file, and whether it was told yet.
#[derive(Debug, Default)]
struct UserRulesProblem {
    current: Option<String>,
    told: bool,
}

/// The receiving ends of the session's queues, for the tasks that serve them.
pub struct Queues {
    pub publish: mpsc::UnboundedReceiver<Uri>,
    pub reload: mpsc::UnboundedReceiver<Reload>,
}

/// The session's open buffers, as the rules index reads them.
struct Buffers<'a>(&'a DashMap<Uri, OpenDocument>);

impl OpenBuffers for Buffers<'_> {
    fn text(&self, path: &Path) -> Option<String> {
        self.0
            .iter()
            .find(|d| d.path.as_deref() == Some(path) && !d.orphaned)
            .map(|d| d.document.text())
    }
}

impl Session {
    pub fn new(client: Client) -> (Arc<Session>, Queues) {
        let (publisher, publish) = mpsc::unbounded_channel();
        let (reloader, reload) = mpsc::unbounded_channel();
        let session = Arc::new(Session {
            client,
            docs: DashMap::new(),
            context: RwLock::default(),
            index: Mutex::default(),
            access: RwLock::default(),
            mistakes: Mutex::default(),
            learning: LearnGate::default(),
            exports: AutoExport::default(),
            background: Background::default(),
            workspace: WorkspaceDiagnostics::default(),
            publisher,
            reloader,
            rules_epoch: watch::Sender::new((0, 0)),
            user_rules_problem: Mutex::default(),
            told_broken: Mutex::default(),
            watching: Mutex::default(),
        });
        (session, Queues { publish, reload })
    }

    // --- the client context ---------------------------------------------------------------

    pub fn context(&self) -> Arc<ClientContext> {
        self.context.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Replaces the client context with a changed copy.
    pub fn update_context(&self, change: impl FnOnce(&mut ClientContext)) {
        let mut guard = self.context.write().unwrap_or_else(|e| e.into_inner());
        let mut next = (**guard).clone();
        change(&mut next);
        *guard = Arc::new(next);
    }

    // --- folders, the index and the access policy ------------------------------------------

    fn index(&self) -> MutexGuard<'_, RulesIndex> {
        self.index.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn access(&self) -> Arc<AccessPolicy> {
        self.access.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn folders(&self) -> Vec<PathBuf> {
        self.index().folders().to_vec()
    }

    /// The innermost workspace folder holding `path`.
    pub fn folder_of(&self, path: &Path) -> Option<PathBuf> {
        self.index().folder_of(path).cloned()
    }

    /// A path as people read it: relative to its workspace folder (else whole).
    pub fn shown_path(&self, path: &Path) -> String {
        shown_path(&self.folders(), path)
    }

    /// Sets the workspace folders and the settings that decide how rules are found and built;
    /// rules are read again on next use.
    pub fn configure(&self, folders: Vec<PathBuf>) {
        let config = self.context().config.clone();
        let policy = Arc::new(AccessPolicy::new(&folders));
        *self.access.write().unwrap_or_else(|e| e.into_inner()) = policy.clone();
        let boundary = Boundary::Nearest {
            folders,
            rules_file: config.rules_file.clone(),
            policy: Some(policy),
        };
        let options = BuildOptions {
            inferred: config.inferred_checks,
        };
        self.index().reconfigure(boundary, options);
    }

    /// Runs `f` with the rules index and the open buffers.
    pub fn with_index<T>(&self, f: impl FnOnce(&mut RulesIndex, &dyn OpenBuffers) -> T) -> T {
        let mut index = self.index();
        f(&mut index, &Buffers(&self.docs))
    }

    /// The text of the open buffer at `path`, if any.
    pub fn buffer_text(&self, path: &Path) -> Option<String> {
        Buffers(&self.docs).text(path)
    }

    /// True when `path` is a rules file the server reads rules from.
    pub fn is_rules_path(&self, path: &Path) -> bool {
        self.index().is_rules_path(path)
    }

    /// The usable rules a file at `path` is checked against: `None` where there are none, and
    /// where checking is off (`autofix.enable`, for its workspace folder or everywhere).
    pub fn rules_for(&self, path: &Path) -> Option<Arc<LoadedRules>> {
        let ctx = self.context();
        self.with_index(|index, buffers| {
            let enabled = index
                .folder_of(path)
                .and_then(|folder| ctx.folder_enable.get(folder))
                .copied()
                .unwrap_or(ctx.config.enable);
            enabled.then(|| index.rules_for(path, buffers)).flatten()
        })
    }

    /// The URIs of every rules file the index knows (in force or shadowed).
    pub fn rules_file_uris(&self) -> Vec<Uri> {
        self.index()
            .roots()
            .flat_map(|r| r.file.iter().chain(&r.shadowed))
            .filter_map(|p| path_to_uri(p))
            .collect()
    }

    /// For a client that drops command replies and hears the result as messages instead
    /// (Emacs with eglot): waits a moment so the messages just sent go out before the reply.
    /// tower-lsp-server merges its outgoing messages and the replies in no fixed order, and
    /// eglot reads what came after the reply it waits for only when the next message arrives.
    pub async fn let_messages_out(&self) {
        if !self.context().caps.shows_command_results {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    pub fn mistakes(&self) -> MutexGuard<'_, Mistakes> {
        self.mistakes.lock().unwrap_or_else(|e| e.into_inner())
    }

    // --- reloading rules ---------------------------------------------------------------------

    /// Asks for rules to be read again, off the dispatcher; diagnostics follow once they are.
    pub fn request_reload(&self, reload: Reload) {
        self.rules_epoch.send_modify(|(asked, _)| *asked += 1);
        if self.reloader.send(reload).is_err() {
            // No reloader task (a session without its tasks, in unit tests): nothing waits.
            self.rules_epoch.send_modify(|(asked, done)| *done = *asked);
        }
    }

    /// Waits until every reload asked for so far is done (at most a few seconds: a reload
    /// that takes longer leaves the previous rules in force, which is what anyone sees then).
    pub async fn rules_settled(&self) {
        let wanted = self.rules_epoch.borrow().0;
        let mut rx = self.rules_epoch.subscribe();
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(10),
            rx.wait_for(|(_, done)| *done >= wanted),
        )
        .await;
    }

    /// Reads and rebuilds rules now. The build, the expensive part, happens outside the index
    /// lock; call this off the dispatcher.
    pub fn reload(&self, reloads: &[Reload]) {
        let user_changed =
            (reloads.contains(&Reload::All) || reloads.contains(&Reload::User)) && self.reload_user_rules();
        let jobs: Vec<LoadJob> = self.with_index(|index, buffers| {
            if reloads.contains(&Reload::All) || user_changed {
                return index.prepare_all(buffers);
            }
            reloads
                .iter()
                .flat_map(|r| match r {
                    Reload::File(path) => index.prepare_rules_file(path, buffers),
                    Reload::All | Reload::User => Vec::new(),
                })
                .collect()
        });
        let built: Vec<_> = jobs.into_iter().map(LoadJob::build).collect();
        self.with_index(|index, buffers| {
            for b in built {
                index.install(b);
            }
            // A folder's rules are loaded even before a document is opened, so that a broken
            // rules file is reported at once.
            index.load_folders(buffers);
        });
    }

    /// Reads the user rules file again; true when the rules in force changed. A broken file
    /// leaves the last good user rules in force, and says why once (see
    /// [`Session::user_rules_notice`]).
    fn reload_user_rules(&self) -> bool {
        let (current, options) = {
            let index = self.index();
            (index.user_rules().cloned(), index.options())
        };
        let loaded = crate::rules::user::reload(current.as_ref(), options);
        let mut problem = self.user_rules_problem.lock().unwrap_or_else(|e| e.into_inner());
        match loaded {
            Ok(user) => {
                *problem = UserRulesProblem::default();
                drop(problem);
                let changed = !crate::rules::user::same(current.as_ref(), user.as_ref());
                if changed {
                    self.index().set_user_rules(user);
                }
                changed
            }
            Err(e) => {
                if problem.current.as_deref() != Some(&e.message) {
                    *problem = UserRulesProblem {
                        current: Some(e.message),
                        told: false,
                    };
                }
                false
            }
        }
    }

    /// The problem with the user rules file, once: `None` when there is none or it was told.
    pub fn user_rules_notice(&self) -> Option<String> {
        let mut problem = self.user_rules_problem.lock().unwrap_or_else(|e| e.into_inner());
        if problem.told {
            return None;
        }
        problem.told = true;
        problem.current.clone()
    }

    /// The problem with the user rules file, if it has one now.
    pub fn user_rules_problem(&self) -> Option<String> {
        self.user_rules_problem
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .current
            .clone()
    }

    /// Marks `n` reloads done.
    pub fn reloads_done(&self, n: u64) {
        self.rules_epoch
            .send_modify(|(asked, done)| *done = (*done + n).min(*asked));
    }

    // --- documents -----------------------------------------------------------------------------

    /// A snapshot of an open document.
    pub fn snapshot(&self, uri: &Uri) -> Option<DocumentSnapshot> {
        let doc = self.docs.get(uri)?;
        Some(DocumentSnapshot {
            uri: uri.clone(),
            rope: doc.document.rope().clone(),
            version: doc.document.version(),
            language: doc.document.language_id().to_string(),
            path: doc.path.clone(),
            ctx: self.context(),
        })
    }

    /// Opens a document; returns its path when it is a rules file.
    pub fn open(&self, uri: Uri, document: Document) -> Option<PathBuf> {
        let doc = OpenDocument::new(&uri, document);
        let rules_path = doc.path.clone().filter(|p| self.is_rules_path(p));
        self.docs.insert(uri, doc);
        rules_path
    }

    /// Applies changes to an open document. `Err` says why they were ignored; `Ok` holds the
    /// document's path.
    pub fn change(&self, uri: &Uri, version: i32, changes: &[TextChange]) -> Result<Option<PathBuf>, String> {
        let encoding = self.context().encoding;
        let Some(mut doc) = self.docs.get_mut(uri) else {
            return Err(format!(
                "didChange for {} which is not open; ignored",
                uri.as_str()
            ));
        };
        if version <= doc.document.version() {
            return Err(format!(
                "didChange for {} with old version {version}; ignored",
                uri.as_str()
            ));
        }
        let spans = doc.document.apply_changes(changes, encoding, version);
        doc.record(version, spans);
        doc.orphaned = false;
        Ok(doc.path.clone())
    }

    /// Closes a document; returns its path.
    pub fn close(&self, uri: &Uri) -> Option<PathBuf> {
        self.docs.remove(uri).and_then(|(_, d)| d.path)
    }

    /// Marks the open buffers of `path` as orphaned (the file was deleted on disk) or not.
    pub fn set_orphaned(&self, path: &Path, orphaned: bool) {
        for mut doc in self.docs.iter_mut() {
            if doc.path.as_deref() == Some(path) {
                doc.orphaned = orphaned;
            }
        }
    }

    /// The URIs of every open document.
    pub fn open_uris(&self) -> Vec<Uri> {
        self.docs.iter().map(|d| d.key().clone()).collect()
    }

    /// The paths of every open document.
    pub fn open_paths(&self) -> std::collections::HashSet<PathBuf> {
        self.docs.iter().filter_map(|d| d.path.clone()).collect()
    }

    /// True when an open buffer has `path`.
    pub fn is_open(&self, path: &Path) -> bool {
        self.docs.iter().any(|d| d.path.as_deref() == Some(path))
    }

    /// The open document at `target` (by path, or by the same file under another spelling: a
    /// symlink), with its snapshot.
    pub fn open_at(&self, target: &Path) -> Option<DocumentSnapshot> {
        let uri = self.docs.iter().find_map(|d| {
            let path = d.path.as_deref()?;
            // Only a document with the same file name can be the target under another spelling
            // of its path: resolve those alone.
            let same = path == target
                || (path.file_name() == target.file_name()
                    && std::fs::canonicalize(path).is_ok_and(|p| p == target));
            same.then(|| d.key().clone())
        })?;
        self.snapshot(&uri)
    }

    /// Records which files the diffs written in a document target (for lens refreshes).
    pub fn set_diff_targets(&self, uri: &Uri, targets: Vec<PathBuf>) {
        if let Some(mut doc) = self.docs.get_mut(uri) {
            doc.diff_targets = targets;
        }
    }

    /// True when some open document shows a diff targeting `path`.
    pub fn is_diff_target(&self, path: &Path) -> bool {
        self.docs.iter().any(|d| d.diff_targets.iter().any(|t| t == path))
    }

    // --- checking and publishing ---------------------------------------------------------------

    /// Asks for `uri`'s diagnostics to be (re)published.
    pub fn schedule(&self, uri: Uri) {
        let _ = self.publisher.send(uri);
    }

    /// True when the diagnostics of `uri` are pushed: to a client that does not pull, and a
    /// rules file's problems to every client.
    pub fn pushes(&self, uri: &Uri) -> bool {
        !self.context().caps.pulls_documents() || uri_to_path(uri).is_some_and(|p| self.is_rules_path(&p))
    }

    /// Schedules every open document and every known rules file.
    pub fn schedule_all(&self) {
        let mut uris: Vec<Uri> = self.docs.iter().map(|d| d.key().clone()).collect();
        uris.extend(self.rules_file_uris());
        for uri in uris {
            self.schedule(uri);
        }
    }

    /// Checks `uri` at its current version, reusing the last check when possible. `None` for
    /// unknown documents and for rules files (which get lint diagnostics instead).
    pub fn check(&self, uri: &Uri) -> Option<Arc<CheckedDoc>> {
        let (rope, version, path, language, edits, previous) = {
            let doc = self.docs.get(uri)?;
            let prev_version = doc.checked.as_ref().map(|c| c.version);
            let edits: Vec<_> = doc
                .edits
                .iter()
                .filter(|(v, _, _)| prev_version.is_none_or(|p| *v > p))
                .map(|(_, r, n)| (r.clone(), *n))
                .collect();
            (
                doc.document.rope().clone(),
                doc.document.version(),
                doc.path.clone(),
                doc.document.language_id().to_string(),
                edits,
                doc.checked.clone(),
            )
        };
        let path = path?;
        if self.is_rules_path(&path) {
            return None;
        }
        let Some(rules) = self.rules_for(&path) else {
            return Some(Arc::new(CheckedDoc {
                version,
                rules: None,
                checked: Checked::default(),
                visible: Vec::new(),
            }));
        };
        let rel = rules.set.relative_path(&path);
        let file = FileContext {
            rel_path: rel.as_deref(),
            language_id: Some(&language),
        };
        let same_rules = previous
            .as_ref()
            .and_then(|p| p.rules.as_ref())
            .is_some_and(|r| Arc::ptr_eq(r, &rules));
        if same_rules && edits.is_empty() && previous.as_ref().is_some_and(|p| p.version == version) {
            return previous;
        }
        let checked = match (&previous, Dirty::compose(edits)) {
            (Some(prev), Some(dirty)) if same_rules => {
                rules.set.checker.recheck(&prev.checked, dirty, &rope, &file)
            }
            _ => rules.set.checker.check_full(&rope.to_string(), &file),
        };
        let visible = rules
            .set
            .checker
            .one_per_finding(suppress(checked.violations.clone(), &rope));
        let result = Arc::new(CheckedDoc {
            version,
            rules: Some(rules),
            checked,
            visible,
        });
        if let Some(mut doc) = self.docs.get_mut(uri) {
            let unchanged = match (&doc.checked, &previous) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            };
            if unchanged {
                doc.checked = Some(result.clone());
                doc.edits.retain(|(v, _, _)| *v > version);
            }
        }
        Some(result)
    }

    /// The diagnostics to publish for `uri` now, with the document version they belong to.
    /// `None` when nothing should be published (a newer change is on its way).
    pub fn diagnostics(&self, uri: &Uri) -> Option<(Option<i32>, Vec<Diagnostic>)> {
        let path = uri_to_path(uri);
        let current = self
            .docs
            .get(uri)
            .map(|d| (d.document.version(), d.document.rope().clone()));
        let ctx = self.context();
        if let Some(path) = &path
            && self.is_rules_path(path)
        {
            let index = self.index();
            let root = index.root_of_rules_file(path)?;
            // Lints point into the text they were built from: a buffer that moved on since is
            // published once its reload is done.
            if let (Some((_, rope)), Some(latest)) = (&current, &root.latest)
                && root.file.as_deref() == Some(path.as_path())
                && *rope != *latest.set.source
            {
                return None;
            }
            return Some((
                current.map(|(v, _)| v),
                diagnostics::for_rules_file(root, path, ctx.encoding, ctx.locale),
            ));
        }
        let Some((version, rope)) = current else {
            // Closed: clear what was shown.
            return Some((None, Vec::new()));
        };
        let checked = self.check(uri)?;
        if checked.version != version {
            return None;
        }
        let Some(rules) = &checked.rules else {
            return Some((Some(version), Vec::new()));
        };
        let diags = diagnostics::for_violations(&checked, rules, &rope, &ctx);
        Some((Some(version), diags))
    }

    /// The diagnostics to publish for `uri`, unless the document changed while they were
    /// computed (then a newer check is already queued).
    pub fn to_publish(&self, uri: &Uri) -> Option<(Option<i32>, Vec<Diagnostic>)> {
        let (version, diags) = self.diagnostics(uri)?;
        let current = self.docs.get(uri).map(|d| d.document.version());
        if version.is_some() && current != version {
            return None;
        }
        Some((version, diags))
    }
}

/// `path` as people read it: relative to its (innermost) workspace folder, else whole; in a
/// workspace of several folders, after the folder's name (`web/.agents/autofix.json`), as VS
/// Code names files there. For code that holds the index already, where
/// [`Session::shown_path`] would lock it again.
pub fn shown_path(folders: &[PathBuf], path: &Path) -> String {
    let folder = folders
        .iter()
        .filter(|f| path.starts_with(f))
        .max_by_key(|f| f.as_os_str().len());
    match folder {
        Some(folder) => {
            let relative = crate::paths::display_path(path, folder);
            match folder.file_name().filter(|_| folders.len() > 1) {
                Some(name) => format!("{}/{relative}", name.to_string_lossy()),
                None => relative,
            }
        }
        None => path.display().to_string(),
    }
}
