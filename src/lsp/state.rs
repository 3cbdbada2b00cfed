//! The server's state: open documents (ropes in a `DashMap`), the session (client capabilities,
//! settings, rule sets) behind one mutex, and the queue of documents waiting for diagnostics.
//!
//! Locking rules: the session mutex may be taken before a document guard, never after one;
//! neither is ever held across an `.await`.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use dashmap::DashMap;
use ropey::Rope;
use tokio::sync::mpsc;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{Diagnostic, Uri};

use super::config::Config;
use super::convert::uri_to_path;
use super::diagnostics;
use super::registry::{Loaded, Registry};
use crate::i18n::Locale;
use crate::rules::incremental::{Checked, Dirty, suppress};
use crate::rules::{FileContext, Options, Violation};
use crate::text::{ChangedSpan, Document, Encoding};

/// Edits kept for an incremental re-check before a full check is cheaper to reason about.
const MAX_EDIT_LOG: usize = 512;

/// The result of checking one version of a document.
#[derive(Debug)]
pub struct CheckedDoc {
    pub version: i32,
    /// The rule set it was checked against (none when no rules file governs the document).
    pub rules: Option<Arc<Loaded>>,
    pub checked: Checked,
    /// The violations shown: `checked` minus suppressed ones.
    pub visible: Vec<Violation>,
}

/// An open document.
#[derive(Debug)]
pub struct Doc {
    pub document: Document,
    pub path: Option<PathBuf>,
    /// Edits since `checked`: the version each produced, the bytes replaced and the new length.
    edits: Vec<(i32, Range<usize>, usize)>,
    checked: Option<Arc<CheckedDoc>>,
    /// Files targeted by SEARCH/REPLACE diffs written in this document (from its code lenses).
    pub diff_targets: Vec<PathBuf>,
    /// The file was deleted on disk while this unedited buffer stayed open (editors keep
    /// documents open after their tab closes): its text no longer counts as the file's.
    pub orphaned: bool,
}

impl Doc {
    pub fn new(uri: &Uri, document: Document) -> Self {
        Doc {
            path: uri_to_path(uri),
            document,
            edits: Vec::new(),
            checked: None,
            diff_targets: Vec::new(),
            orphaned: false,
        }
    }

    /// Records applied changes for the next incremental check.
    pub fn record(&mut self, version: i32, spans: Vec<ChangedSpan>) {
        if self.checked.is_none() {
            return;
        }
        self.edits
            .extend(spans.into_iter().map(|s| (version, s.old, s.new_len)));
        if self.edits.len() > MAX_EDIT_LOG {
            self.edits.clear();
            self.checked = None;
        }
    }
}

/// What the client can do, read once from `initialize`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientCaps {
    pub document_changes: bool,
    pub change_annotations: bool,
    pub resource_create: bool,
    pub apply_edit: bool,
    pub watched_files_dynamic: bool,
    pub watched_files_relative: bool,
    pub show_message_request: bool,
    pub show_document: bool,
    pub configuration: bool,
    pub code_lens_refresh: bool,
}

#[derive(Debug, Default)]
pub struct Session {
    pub encoding: Encoding,
    pub locale: Locale,
    pub caps: ClientCaps,
    pub config: Config,
    pub registry: Registry,
    /// The access policy of the workspace folders (every read and write on a user's behalf).
    pub access: Arc<crate::access::AccessPolicy>,
    /// Consecutive apply-diff failures per file.
    pub mistakes: crate::diff::Mistakes,
}

impl Session {
    pub fn options(&self) -> Options {
        Options {
            inferred: self.config.inferred_checks,
        }
    }
}

pub struct State {
    pub client: Client,
    pub docs: DashMap<Uri, Doc>,
    session: Mutex<Session>,
    queue: mpsc::UnboundedSender<Uri>,
}

impl State {
    pub fn new(client: Client) -> (Arc<State>, mpsc::UnboundedReceiver<Uri>) {
        let (queue, rx) = mpsc::unbounded_channel();
        let state = Arc::new(State {
            client,
            docs: DashMap::new(),
            session: Mutex::new(Session::default()),
            queue,
        });
        (state, rx)
    }

    /// The session. A panic elsewhere while it was held does not make it unusable.
    pub fn session(&self) -> MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks for `uri`'s diagnostics to be (re)published.
    pub fn schedule(&self, uri: Uri) {
        let _ = self.queue.send(uri);
    }

    /// Schedules every open document and every known rules file.
    pub fn schedule_all(&self) {
        let mut uris: Vec<Uri> = self.docs.iter().map(|d| d.key().clone()).collect();
        uris.extend(self.rules_file_uris());
        for uri in uris {
            self.schedule(uri);
        }
    }

    /// The URIs of every rules file the registry knows (in force or shadowed).
    pub fn rules_file_uris(&self) -> Vec<Uri> {
        let session = self.session();
        session
            .registry
            .roots()
            .flat_map(|r| r.file.iter().chain(&r.shadowed))
            .filter_map(|p| super::convert::path_to_uri(p))
            .collect()
    }

    /// The text of the open buffer at `path`, if any.
    pub fn buffer_text(&self, path: &Path) -> Option<String> {
        self.docs
            .iter()
            .find(|d| d.path.as_deref() == Some(path) && !d.orphaned)
            .map(|d| d.document.text())
    }

    /// True when `path` is a rules file the server reads rules from.
    pub fn is_rules_path(&self, path: &Path) -> bool {
        self.session().registry.is_rules_path(path)
    }

    /// Reloads the rules root that owns the rules file at `path`, and forgets cached discovery:
    /// a new rules file can change which root a folder belongs to.
    pub fn reload_rules_at(&self, path: &Path) {
        let buffers = |p: &Path| self.buffer_text(p);
        let mut session = self.session();
        session.registry.forget_discovery();
        let mut dirs: Vec<PathBuf> = session
            .registry
            .root_of_rules_file(path)
            .map(|r| r.dir.clone())
            .into_iter()
            .collect();
        let standard = crate::rules::store::root_of(path);
        if session.registry.root(&standard).is_some() && !dirs.contains(&standard) {
            dirs.push(standard);
        }
        for dir in dirs {
            session.registry.load(&dir, &buffers);
        }
    }

    /// Rebuilds every rule set (after a settings change or on request).
    pub fn reload_all_rules(&self) {
        let buffers = |p: &Path| self.buffer_text(p);
        let mut session = self.session();
        session.registry.reload_all(&buffers);
        session.registry.load_folders(&buffers);
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
        let rules = {
            let buffers = |p: &Path| self.buffer_text(p);
            self.session().registry.rules_for(&path, &buffers)
        };
        let Some(rules) = rules else {
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
        let visible = suppress(checked.violations.clone(), &rope);
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
    /// `None` when nothing should be published (a document closed meanwhile is cleared).
    pub fn diagnostics(&self, uri: &Uri) -> Option<(Option<i32>, Vec<Diagnostic>)> {
        let path = uri_to_path(uri);
        let version = self.docs.get(uri).map(|d| d.document.version());
        if let Some(path) = &path
            && self.is_rules_path(path)
        {
            let session = self.session();
            let root = session.registry.root_of_rules_file(path)?;
            return Some((
                version,
                diagnostics::for_rules_file(root, path, session.encoding, session.locale),
            ));
        }
        let Some(version) = version else {
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
        let rope = self.docs.get(uri).map(|d| d.document.rope().clone())?;
        let session = self.session();
        let diags = diagnostics::for_violations(
            &checked.visible,
            rules,
            &rope,
            session.encoding,
            session.locale,
            &session.config,
        );
        Some((Some(version), diags))
    }

    /// Publishes `uri`'s diagnostics unless the document changed while they were computed
    /// (then a newer check is already queued).
    pub async fn publish(&self, uri: Uri) {
        let Some((version, diags)) = self.diagnostics(&uri) else {
            return;
        };
        let current = self.docs.get(&uri).map(|d| d.document.version());
        if version.is_some() && current != version {
            return;
        }
        self.client.publish_diagnostics(uri, diags, version).await;
    }

    /// The current rope and language of an open document.
    pub fn snapshot(&self, uri: &Uri) -> Option<(Rope, i32, String, Option<PathBuf>)> {
        let doc = self.docs.get(uri)?;
        Some((
            doc.document.rope().clone(),
            doc.document.version(),
            doc.document.language_id().to_string(),
            doc.path.clone(),
        ))
    }
}

/// Publishes diagnostics as documents change, coalescing: when edits arrive faster than checks
/// finish, queued requests for a document collapse into one check of its newest version.
pub async fn run_publisher(state: Arc<State>, mut queue: mpsc::UnboundedReceiver<Uri>) {
    let mut pending: Vec<Uri> = Vec::new();
    while let Some(first) = queue.recv().await {
        pending.push(first);
        let debounce = state.session().config.debounce_ms;
        if debounce > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(debounce)).await;
        }
        while let Ok(uri) = queue.try_recv() {
            if !pending.contains(&uri) {
                pending.push(uri);
            }
        }
        for uri in pending.drain(..) {
            state.publish(uri).await;
        }
    }
}
