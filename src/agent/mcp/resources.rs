//! The MCP resources: `autofix://rules` (the active rules as markdown) and each rules file, and
//! the watch that tells subscribed clients when they change — the rules files are polled, which
//! costs a few small reads a second and sees edits from any program (an editor, `autofix learn`).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{Resource, ResourceContents};
use tower_lsp_server::ls_types::Uri;

use crate::agent::workspace::{AgentError, Workspace};
use crate::paths::display_path;

/// The resource holding every active rule, as markdown.
pub const RULES_URI: &str = "autofix://rules";

/// How often rules files are looked at for changes.
pub const POLL: Duration = Duration::from_millis(500);

/// A change a client may be told about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The content of this resource changed.
    Updated(String),
    /// Resources came or went.
    ListChanged,
}

/// The resources of `workspace`.
pub fn list(workspace: &Workspace) -> Vec<Resource> {
    let mut out = vec![
        Resource::new(RULES_URI, "rules")
            .with_title("Active rules")
            .with_description("Every rule in force, newest first, with why: read before a task.")
            .with_mime_type("text/markdown"),
    ];
    let base = workspace.roots().first().cloned().unwrap_or_default();
    for file in workspace.rules_files() {
        let Some(uri) = file_uri(&file) else { continue };
        let shown = display_path(&file, &base);
        out.push(
            Resource::new(uri, shown.clone())
                .with_title(format!("Rules file {shown}"))
                .with_description("A rules file as written (JSON): every rule, superseded ones too.")
                .with_mime_type("application/json"),
        );
    }
    out
}

/// Reads resource `uri`.
pub fn read(workspace: &Workspace, uri: &str) -> Result<ResourceContents, AgentError> {
    if uri == RULES_URI {
        let text = workspace.rules_markdown();
        return Ok(ResourceContents::text(text, uri).with_mime_type("text/markdown"));
    }
    let path = file_path(uri).ok_or_else(|| unknown(uri))?;
    let text = workspace.rules_file_text(&path).map_err(|_| unknown(uri))?;
    Ok(ResourceContents::text(text, uri).with_mime_type("application/json"))
}

fn unknown(uri: &str) -> AgentError {
    AgentError(format!(
        "no resource `{uri}`: this server has {RULES_URI} and one file: resource per rules file (resources/list names them)"
    ))
}

pub fn file_uri(path: &Path) -> Option<String> {
    Uri::from_file_path(path).map(|u| u.to_string())
}

fn file_path(uri: &str) -> Option<PathBuf> {
    let uri: Uri = uri.parse().ok()?;
    if !uri.scheme().as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

/// What the resources held when last looked at: each URI's text.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Snapshot(BTreeMap<String, String>);

impl Snapshot {
    pub fn take(workspace: &Workspace) -> Snapshot {
        let mut map = BTreeMap::new();
        map.insert(RULES_URI.to_string(), workspace.rules_markdown());
        for (file, text) in workspace.rules_file_texts() {
            if let Some(uri) = file_uri(&file) {
                map.insert(uri, text);
            }
        }
        Snapshot(map)
    }

    /// What changed from `self` to `now`.
    pub fn changes(&self, now: &Snapshot) -> Vec<Change> {
        let mut out = Vec::new();
        let before: HashSet<&String> = self.0.keys().collect();
        let after: HashSet<&String> = now.0.keys().collect();
        if before != after {
            out.push(Change::ListChanged);
        }
        for (uri, text) in &now.0 {
            if self.0.get(uri).is_some_and(|old| old != text) {
                out.push(Change::Updated(uri.clone()));
            }
        }
        out
    }
}

/// The URIs clients subscribed to (the legacy `resources/subscribe`).
#[derive(Debug, Default, Clone)]
pub struct Subscriptions(Arc<Mutex<HashSet<String>>>);

impl Subscriptions {
    pub fn add(&self, uri: String) {
        self.lock().insert(uri);
    }

    pub fn remove(&self, uri: &str) {
        self.lock().remove(uri);
    }

    pub fn contains(&self, uri: &str) -> bool {
        self.lock().contains(uri)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
