//! The `autofix/status` notification: how many rules are in force and whether a rules file is
//! broken, for an editor's status bar.

use tower_lsp_server::ls_types::MessageType;

use super::protocol::{RulesFileStatus, Status, StatusParams};
use super::session::{Session, shown_path};

pub fn current(session: &Session) -> StatusParams {
    let locale = session.context().locale;
    session.with_index(|index, _| {
        let mut params = StatusParams::default();
        for root in index.roots() {
            let Some(file) = &root.file else { continue };
            let active = root.good.as_ref().map_or(0, |g| g.set.active_rules().count());
            let broken = root.is_broken();
            // The first problem with where it is (`autofix.json:3:5: …`), as people look for it.
            let error = root.read_error.clone().or_else(|| {
                root.latest.as_ref().and_then(|l| {
                    let first = l.set.fatal_problems().next()?;
                    let shown = shown_path(index.folders(), file);
                    Some(first.render(&shown, &l.set.source, locale))
                })
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
    if !session.context().caps.shows_status {
        announce_broken(session, &params).await;
    }
    session.client.send_notification::<Status>(params).await;
}

/// A client that shows no `autofix/status` (eglot, Helix, …) is told once about each broken
/// rules file, with where the problem is: one broken on disk and never opened would otherwise
/// go unnoticed. Told again only when the problem changes or after the file was mended.
async fn announce_broken(session: &Session, params: &StatusParams) {
    // The user rules file has its own notice (`Session::user_rules_notice`).
    let user = crate::rules::user::location();
    let messages: Vec<String> = {
        let mut told = session.told_broken.lock().unwrap_or_else(|e| e.into_inner());
        told.retain(|path, _| params.rules_files.iter().any(|f| f.broken && f.path == *path));
        params
            .rules_files
            .iter()
            .filter(|f| f.broken && Some(&f.path) != user.as_ref())
            .filter_map(|f| {
                let error = f.error.clone().unwrap_or_else(|| "has errors".into());
                if told.get(&f.path) == Some(&error) {
                    return None;
                }
                told.insert(f.path.clone(), error.clone());
                let name = session.shown_path(&f.path);
                let what = if error.starts_with(&name) {
                    error
                } else {
                    format!("{name}: {error}")
                };
                let in_force = if f.rules > 0 {
                    format!("its last good rules stay in force ({})", f.rules)
                } else {
                    "none of its rules apply until it is fixed".to_string()
                };
                Some(format!("autofix: {what} ({in_force})"))
            })
            .collect()
    };
    for message in messages {
        session.client.show_message(MessageType::ERROR, message).await;
    }
}
