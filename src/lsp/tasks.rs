//! The session's background tasks: the diagnostics publisher (coalescing — when edits arrive
//! faster than checks finish, queued requests for a document collapse into one check of its
//! newest version) and the rules reloader (coalescing reloads, building rules off the
//! dispatcher, then republishing everything they govern).

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc;
use tower_lsp_server::ls_types::{Diagnostic, Uri};

use super::session::{Queues, Reload, Session};

/// Starts the tasks serving the session's queues.
pub fn spawn(session: &Arc<Session>, queues: Queues) {
    tokio::spawn(publisher(session.clone(), queues.publish));
    tokio::spawn(reloader(session.clone(), queues.reload));
}

async fn publisher(session: Arc<Session>, mut queue: mpsc::UnboundedReceiver<Uri>) {
    let mut pending: Vec<Uri> = Vec::new();
    // What each document was last told: the same diagnostics for the same version are not sent
    // again (a rules change that does not concern a document leaves it alone).
    let mut published: HashMap<Uri, (Option<i32>, Vec<Diagnostic>)> = HashMap::new();
    while let Some(first) = queue.recv().await {
        pending.push(first);
        let debounce = session.context().config.debounce_ms;
        if debounce > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(debounce)).await;
        }
        while let Ok(uri) = queue.try_recv() {
            if !pending.contains(&uri) {
                pending.push(uri);
            }
        }
        for uri in pending.drain(..) {
            if !session.pushes(&uri) {
                continue;
            }
            let Some((version, diags)) = session.to_publish(&uri) else {
                continue;
            };
            if published
                .get(&uri)
                .is_some_and(|last| last.0 == version && last.1 == diags)
            {
                continue;
            }
            if version.is_none() && diags.is_empty() {
                published.remove(&uri);
            } else {
                published.insert(uri.clone(), (version, diags.clone()));
            }
            session.client.publish_diagnostics(uri, diags, version).await;
        }
    }
}

async fn reloader(session: Arc<Session>, mut queue: mpsc::UnboundedReceiver<Reload>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        let mut received = 1u64;
        while let Ok(next) = queue.try_recv() {
            received += 1;
            if !batch.contains(&next) {
                batch.push(next);
            }
        }
        super::export::before_reload(&session);
        let worker = session.clone();
        let started = std::time::Instant::now();
        let what = format!("{batch:?}");
        let done = tokio::task::spawn_blocking(move || worker.reload(&batch)).await;
        session.log(
            tracing::Level::INFO,
            format!(
                "autofix: rules read again ({what}) in {} ms",
                started.elapsed().as_millis()
            ),
        );
        if done.is_err() {
            session.log_warning(
                "autofix: reading the rules failed unexpectedly; the previous rules stay in force".into(),
            );
        }
        session.reloads_done(received);
        if let Some(problem) = session.user_rules_notice() {
            session.log_warning(format!("autofix: {problem}"));
            let client = session.client.clone();
            tokio::spawn(async move {
                client
                    .show_message(
                        tower_lsp_server::ls_types::MessageType::WARNING,
                        format!("autofix: {problem}"),
                    )
                    .await
            });
        }
        super::export::rules_reloaded(&session);
        session.schedule_all();
        session.workspace.nudge();
        if session.context().caps.pulls_documents() {
            // The client pulls: tell it to pull again (off this task, which must not wait for it).
            let client = session.client.clone();
            tokio::spawn(async move { client.workspace_diagnostic_refresh().await });
        }
        super::status::notify(&session).await;
    }
}
