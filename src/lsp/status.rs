//! The `autofix/status` notification: how many rules are in force and whether a rules file is
//! broken, for an editor's status bar.

use serde::Serialize;
use serde_json::json;
use tower_lsp_server::ls_types::notification::Notification;

use super::state::State;

/// The custom notification the server sends after rules load or change.
pub enum StatusNotification {}

#[derive(Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusParams {
    /// Active rules across every rules file.
    pub rules: usize,
    /// True when a rules file in use does not parse or has a broken rule.
    pub broken: bool,
    pub rules_files: Vec<serde_json::Value>,
}

impl Notification for StatusNotification {
    type Params = StatusParams;
    const METHOD: &'static str = "autofix/status";
}

pub fn current(state: &State) -> StatusParams {
    let session = state.session();
    let mut params = StatusParams {
        rules: 0,
        broken: false,
        rules_files: Vec::new(),
    };
    for root in session.registry.roots() {
        let Some(file) = &root.file else { continue };
        let active = root.good.as_ref().map_or(0, |g| g.set.active_rules().count());
        let broken = root.read_error.is_some() || root.latest.as_ref().is_some_and(|l| !l.set.is_usable());
        let first_error = root.read_error.clone().or_else(|| {
            root.latest
                .as_ref()
                .and_then(|l| l.set.fatal_problems().next().map(|p| p.message(session.locale)))
        });
        params.rules += active;
        params.broken |= broken;
        params
            .rules_files
            .push(json!({ "path": file, "rules": active, "broken": broken, "error": first_error }));
    }
    params
}

pub async fn notify(state: &State) {
    let params = current(state);
    state.client.send_notification::<StatusNotification>(params).await;
}
