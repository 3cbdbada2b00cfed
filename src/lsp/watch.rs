//! Watching the files that change the server's mind — the rules files, and every file for
//! workspace diagnostics — through a dynamically
//! registered file watcher (or by polling for clients that cannot watch), and pulling settings
//! from clients that want to be asked. Ignore files need no watching: the access policy
//! re-reads one whenever it changed on disk.

use std::path::Path;

use serde_json::json;
use tower_lsp_server::ls_types::{
    ConfigurationItem, DidChangeWatchedFilesRegistrationOptions, FileChangeType, FileEvent,
    FileSystemWatcher, GlobPattern, Registration, Unregistration,
};

use super::convert::uri_to_path;
use super::session::{Reload, Session};
use crate::rules::store;

const WATCH_ID: &str = "autofix-watch";

/// Registers (again) the file watcher, when the client can watch for us.
pub async fn register(session: &Session) {
    // After `shutdown` the client expects no more requests (eglot fails on one).
    if session.background.is_shut_down() {
        return;
    }
    let ctx = session.context();
    let (caps, custom) = (ctx.caps, ctx.config.rules_file.clone());
    if !caps.watched_files_dynamic {
        return;
    }
    let mut globs: Vec<String> = store::LOCATIONS.iter().map(|l| format!("**/{l}")).collect();
    if let Some(custom) = custom {
        globs.push(format!("**/{}", custom.trim_start_matches("./")));
    }
    // Workspace diagnostics follow every file; the rules files' globs stay, for clients that
    // match each event against every watcher.
    if ctx.config.workspace_diagnostics {
        globs.push("**/*".into());
    }
    {
        // Taken before the first `.await`: of two registrations racing (at start, and the
        // settings a client pushes right after), the second sees the first's globs.
        let mut watching = session.watching.lock().unwrap_or_else(|e| e.into_inner());
        if watching.as_ref() == Some(&globs) {
            return;
        }
        *watching = Some(globs.clone());
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
    let _ = session
        .client
        .unregister_capability(vec![Unregistration {
            id: WATCH_ID.into(),
            method: "workspace/didChangeWatchedFiles".into(),
        }])
        .await;
    if let Err(e) = session.client.register_capability(vec![registration]).await {
        *session.watching.lock().unwrap_or_else(|e| e.into_inner()) = None;
        session.log_warning(format!("autofix: could not watch the rules files: {e}"));
    }
}

/// Reacts to watched files changing on disk: rules files are read again, other files are
/// checked again for workspace diagnostics.
pub fn changed(session: &Session, events: &[FileEvent]) {
    let mut files = Vec::new();
    for event in events {
        let Some(path) = uri_to_path(&event.uri) else {
            continue;
        };
        if session.is_rules_path(&path) {
            // A rules file deleted on disk is gone even if an editor keeps its document open;
            // it counts again once edited in the buffer or written back.
            session.set_orphaned(&path, event.typ == FileChangeType::DELETED);
            session.request_reload(Reload::File(path));
        } else {
            files.push((path, event.typ));
        }
    }
    if !files.is_empty() {
        session.workspace.files_changed(files);
    }
}

/// Asks a pull-model client for the `autofix` settings and applies them.
pub async fn pull_configuration(session: &std::sync::Arc<Session>) {
    if !session.context().caps.configuration || session.background.is_shut_down() {
        return;
    }
    let item = ConfigurationItem {
        scope_uri: None,
        section: Some("autofix".into()),
    };
    match session.client.configuration(vec![item]).await {
        Ok(values) => {
            let value = values.into_iter().next().unwrap_or_default();
            let (config, warnings) = super::config::Config::from_json(&value);
            session.update_context(|ctx| ctx.config = config);
            session.configure(session.folders());
            session.request_reload(Reload::All);
            for w in warnings {
                session.log_warning(w);
            }
            settings_changed(session).await;
        }
        Err(e) => session.log_warning(format!("autofix: cannot read settings: {e}")),
    }
}

/// After the settings or the folders changed (or at start): each folder's `enable` asked for
/// first — a folder with checking off should show nothing, not a flash — then the file watcher
/// registered for what the settings now watch.
pub async fn settings_changed(session: &std::sync::Arc<Session>) {
    pull_folder_switches(session).await;
    register(session).await;
}

/// Asks the client whether checking is on in each workspace folder (`autofix.enable` is a
/// resource setting in VS Code: one folder of a multi-root workspace can turn it off), and
/// checks everything again when that changed. A folder the client gives no boolean for follows
/// the `enable` setting.
pub async fn pull_folder_switches(session: &std::sync::Arc<Session>) {
    if !session.context().caps.configuration || session.background.is_shut_down() {
        return;
    }
    let folders = session.folders();
    // One folder: the settings pushed or pulled for the window are that folder's already.
    if folders.len() < 2 {
        if !session.context().folder_enable.is_empty() {
            session.update_context(|ctx| ctx.folder_enable.clear());
            session.request_reload(Reload::All);
        }
        return;
    }
    let items: Vec<ConfigurationItem> = folders
        .iter()
        .map(|folder| ConfigurationItem {
            scope_uri: super::convert::path_to_uri(folder),
            section: Some("autofix.enable".into()),
        })
        .collect();
    let values = match session.client.configuration(items).await {
        Ok(values) => values,
        Err(e) => {
            session.log_warning(format!(
                "autofix: cannot read `autofix.enable` for each folder: {e}"
            ));
            return;
        }
    };
    let mut switches = std::collections::HashMap::new();
    for (folder, value) in folders.into_iter().zip(values) {
        match value {
            serde_json::Value::Bool(on) => {
                switches.insert(folder, on);
            }
            serde_json::Value::Null => {}
            other => session.log_warning(format!(
                "setting `autofix.enable` of {}: expected true or false, got {other}; using the default",
                folder.display()
            )),
        }
    }
    if session.context().folder_enable != switches {
        session.update_context(|ctx| ctx.folder_enable = switches);
        session.request_reload(Reload::All);
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
fn watched(session: &Session) -> Vec<std::path::PathBuf> {
    let custom = session.context().config.rules_file.clone();
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    session.with_index(|index, _| {
        for root in index.roots() {
            paths.extend(store::LOCATIONS.iter().map(|l| root.dir.join(l)));
            if let Some(custom) = &custom {
                paths.push(root.dir.join(custom));
            }
        }
    });
    paths.sort();
    paths.dedup();
    paths
}

/// Polls the user rules file, which lies outside every workspace folder (where few clients
/// watch for a server): once a second, whatever the client can do.
pub async fn poll_user_rules(session: std::sync::Arc<Session>) {
    let Some(path) = crate::rules::user::location() else {
        return;
    };
    let mut known = stamp(&path);
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        let now = stamp(&path);
        if now != known {
            known = now;
            session.request_reload(Reload::User);
        }
    }
}

/// For clients that cannot register file watchers: polls the rules files, so a rule learned by
/// an agent from the shell reaches the editor anyway.
pub async fn poll(session: std::sync::Arc<Session>) {
    if session.context().caps.watched_files_dynamic {
        return;
    }
    let mut known: std::collections::HashMap<std::path::PathBuf, Option<(std::time::SystemTime, u64)>> =
        watched(&session)
            .into_iter()
            .map(|p| {
                let s = stamp(&p);
                (p, s)
            })
            .collect();
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        for path in watched(&session) {
            let now = stamp(&path);
            let before = known.insert(path.clone(), now);
            if before.is_some_and(|b| b == now) || (before.is_none() && now.is_none()) {
                continue;
            }
            // Open buffers are the editor's business: their changes arrive as didChange.
            if session.is_open(&path) {
                continue;
            }
            session.request_reload(Reload::File(path));
        }
    }
}
