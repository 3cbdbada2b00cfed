//! The `autofix/status` notification: how many rules are in force and whether a rules file is
//! broken, for an editor's status bar.

use super::protocol::{RulesFileStatus, Status, StatusParams};
use super::session::Session;

pub fn current(session: &Session) -> StatusParams {
    let locale = session.context().locale;
    session.with_index(|index, _| {
        let mut params = StatusParams::default();
        for root in index.roots() {
            let Some(file) = &root.file else { continue };
            let active = root.good.as_ref().map_or(0, |g| g.set.active_rules().count());
            let broken = root.is_broken();
            let error = root.read_error.clone().or_else(|| {
                root.latest
                    .as_ref()
                    .and_then(|l| l.set.fatal_problems().next().map(|p| p.message(locale)))
            });
            params.rules += active;
            params.broken |= broken;
            params.rules_files.push(RulesFileStatus {
                path: file.clone(),
                rules: active,
                broken,
                error,
            });
        }
        if let Some(user) = index.user_rules() {
            let active = user.set.active_rules().count();
            params.rules += active;
            params.rules_files.push(RulesFileStatus {
                path: user.set.path.clone(),
                rules: active,
                broken: false,
                error: None,
            });
        }
        if let (Some(problem), Some(path)) = (session.user_rules_problem(), crate::rules::user::location()) {
            params.broken = true;
            match params.rules_files.iter_mut().find(|f| f.path == path) {
                Some(entry) => {
                    entry.broken = true;
                    entry.error = Some(problem);
                }
                None => params.rules_files.push(RulesFileStatus {
                    path,
                    rules: 0,
                    broken: true,
                    error: Some(problem),
                }),
            }
        }
        params
    })
}

pub async fn notify(session: &Session) {
    let params = current(session);
    session.client.send_notification::<Status>(params).await;
}
