//! Watching the files that change the server's mind — the rules files — through a dynamically
//! registered file watcher (or by polling for clients that cannot watch), and pulling settings
//! from clients that want to be asked. Ignore files need no watching: the access policy
//! re-reads one whenever it changed on disk.

use std::path::Path;

use serde_json::json;
use tower_lsp_server::ls_types::{
    ConfigurationItem, DidChangeWatchedFilesRegistrationOptions, FileChangeType, FileEvent,
    FileSystemWatcher, GlobPattern, MessageType, Registration, Unregistration,
};

use super::convert::uri_to_path;
use super::state::State;
use crate::rules::store;

const WATCH_ID: &str = "autofix-watch";

/// Registers (again) the file watcher, when the client can watch for us.
pub async fn register(state: &State) {
    let (caps, custom) = {
        let session = state.session();
        (session.caps, session.config.rules_file.clone())
    };
    if !caps.watched_files_dynamic {
        return;
    }
    let mut globs: Vec<String> = store::LOCATIONS.iter().map(|l| format!("**/{l}")).collect();
    if let Some(custom) = custom {
        globs.push(format!("**/{}", custom.trim_start_matches("./")));
    }
    let watchers: Vec<FileSystemWatcher> = globs
        .into_iter()
        .map(|g| FileSystemWatcher {
            glob_pattern: GlobPattern::String(g),
            kind: None,
        })
        .collect();
    let options = DidChangeWatchedFilesRegistrationOptions { watchers };
    let registration = Registration {
        id: WATCH_ID.into(),
        method: "workspace/didChangeWatchedFiles".into(),
        register_options: Some(json!(options)),
    };
    // A second registration under the same id would be refused: drop the old one first.
    let _ = state
        .client
        .unregister_capability(vec![Unregistration {
            id: WATCH_ID.into(),
            method: "workspace/didChangeWatchedFiles".into(),
        }])
        .await;
    if let Err(e) = state.client.register_capability(vec![registration]).await {
        state
            .client
            .log_message(
                MessageType::WARNING,
                format!("autofix: could not watch the rules files: {e}"),
            )
            .await;
    }
}

/// Reacts to watched files changing on disk; true when rules changed.
pub fn changed(state: &State, events: &[FileEvent]) -> bool {
    let mut any = false;
    for event in events {
        let Some(path) = uri_to_path(&event.uri) else {
            continue;
        };
        if state.is_rules_path(&path) {
            // A rules file deleted on disk is gone even if an editor keeps its document open;
            // it counts again once edited in the buffer or written back.
            let deleted = event.typ == FileChangeType::DELETED;
            for mut doc in state.docs.iter_mut() {
                if doc.path.as_deref() == Some(path.as_path()) {
                    doc.orphaned = deleted;
                }
            }
            state.reload_rules_at(&path);
            any = true;
        }
    }
    any
}

/// Asks a pull-model client for the `autofix` settings and applies them.
pub async fn pull_configuration(state: &std::sync::Arc<State>) {
    if !state.session().caps.configuration {
        return;
    }
    let item = ConfigurationItem {
        scope_uri: None,
        section: Some("autofix".into()),
    };
    match state.client.configuration(vec![item]).await {
        Ok(values) => {
            let value = values.into_iter().next().unwrap_or_default();
            let (config, warnings) = super::config::Config::from_json(&value);
            {
                let mut session = state.session();
                let options = crate::rules::Options {
                    inferred: config.inferred_checks,
                };
                session.registry.set_options(options, config.rules_file.clone());
                session.config = config;
            }
            state.reload_all_rules();
            state.schedule_all();
            for w in warnings {
                state.client.log_message(MessageType::WARNING, w).await;
            }
        }
        Err(e) => {
            state
                .client
                .log_message(
                    MessageType::WARNING,
                    format!("autofix: cannot read settings: {e}"),
                )
                .await
        }
    }
}

/// How often files are polled for clients that cannot watch them for the server.
const POLL_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// A file's identity for change detection: modification time and length (`None`: absent).
fn stamp(path: &Path) -> Option<(std::time::SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// The files whose changes matter: every rules-file location of every known root.
fn watched(state: &State) -> Vec<std::path::PathBuf> {
    let session = state.session();
    let custom = session.config.rules_file.clone();
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    for root in session.registry.roots() {
        paths.extend(store::LOCATIONS.iter().map(|l| root.dir.join(l)));
        if let Some(custom) = &custom {
            paths.push(root.dir.join(custom));
        }
    }
    paths.sort();
    paths.dedup();
    paths
}

/// For clients that cannot register file watchers: polls the rules files, so a rule learned by
/// an agent from the shell reaches the editor anyway.
pub async fn poll(state: std::sync::Arc<State>) {
    if state.session().caps.watched_files_dynamic {
        return;
    }
    let mut known: std::collections::HashMap<std::path::PathBuf, Option<(std::time::SystemTime, u64)>> =
        watched(&state)
            .into_iter()
            .map(|p| {
                let s = stamp(&p);
                (p, s)
            })
            .collect();
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        let mut any = false;
        for path in watched(&state) {
            let now = stamp(&path);
            let before = known.insert(path.clone(), now);
            if before.is_some_and(|b| b == now) || (before.is_none() && now.is_none()) {
                continue;
            }
            // Open buffers are the editor's business: their changes arrive as didChange.
            if state.docs.iter().any(|d| d.path.as_deref() == Some(&path)) {
                continue;
            }
            state.reload_rules_at(&path);
            any = true;
        }
        if any {
            state.schedule_all();
            super::status::notify(&state).await;
        }
    }
}
