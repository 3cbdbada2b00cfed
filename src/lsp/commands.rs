//! `workspace/executeCommand`: one handler per command, each taking one JSON object argument.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Value, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ExecuteCommandParams, MessageType, Uri};

use super::convert::uri_to_path;
use super::messages as m;
use super::state::State;
use crate::rules::listing;

pub const LIST_RULES: &str = "autofix.listRules";
pub const RELOAD_RULES: &str = "autofix.reloadRules";
/// Shows a message: what a code lens that only informs does when clicked.
pub const SHOW_MESSAGE: &str = "autofix.showMessage";

/// Every command the server executes.
pub const NAMES: &[&str] = &[
    LIST_RULES,
    RELOAD_RULES,
    super::learn::COMMAND,
    super::diff::APPLY,
    super::diff::PREVIEW,
];

pub async fn execute(state: &std::sync::Arc<State>, params: ExecuteCommandParams) -> Result<Option<Value>> {
    let arg = params.arguments.into_iter().next().unwrap_or(Value::Null);
    let locale = state.session().locale;
    match params.command.as_str() {
        LIST_RULES => list_rules(state, parse(LIST_RULES, arg, locale)?).map(Some),
        RELOAD_RULES => Ok(Some(reload_rules(state).await)),
        super::learn::COMMAND => super::learn::learn_rule(state, parse(super::learn::COMMAND, arg, locale)?)
            .await
            .map(Some),
        super::diff::APPLY => {
            super::diff::run(state, parse_required(super::diff::APPLY, arg, locale)?, false)
                .await
                .map(Some)
        }
        super::diff::PREVIEW => {
            super::diff::run(state, parse_required(super::diff::PREVIEW, arg, locale)?, true)
                .await
                .map(Some)
        }
        SHOW_MESSAGE => {
            let message = arg
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            state.client.show_message(MessageType::INFO, message).await;
            Ok(None)
        }
        other => Err(Error::invalid_params(m::unknown_command(locale, other))),
    }
}

/// Reads a command's argument object; `null` is an empty object.
pub fn parse<T: for<'de> Deserialize<'de> + Default>(
    name: &str,
    arg: Value,
    locale: crate::i18n::Locale,
) -> Result<T> {
    if arg.is_null() {
        return Ok(T::default());
    }
    serde_json::from_value(arg)
        .map_err(|e| Error::invalid_params(m::bad_arguments(locale, name, &e.to_string())))
}

/// Reads a command's argument object, which must be given.
pub fn parse_required<T: for<'de> Deserialize<'de>>(
    name: &str,
    arg: Value,
    locale: crate::i18n::Locale,
) -> Result<T> {
    serde_json::from_value(arg)
        .map_err(|e| Error::invalid_params(m::bad_arguments(locale, name, &e.to_string())))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListRulesArgs {
    /// A document or folder whose rules to list; default: the first workspace folder.
    pub uri: Option<Uri>,
}

/// The folder (or file) a command is about: `uri` when given, else the first workspace folder.
pub fn target_path(state: &State, uri: Option<&Uri>) -> Option<PathBuf> {
    match uri {
        Some(uri) => uri_to_path(uri),
        None => state.session().registry.folders().first().cloned(),
    }
}

/// The rules root for a path: a document's governing root, or a folder's own.
pub fn root_for(state: &State, path: &Path) -> Option<PathBuf> {
    let buffers = |p: &Path| state.buffer_text(p);
    let mut session = state.session();
    if path.is_dir() {
        session.registry.root_for_dir(path, &buffers)
    } else {
        session.registry.root_for(path, &buffers)
    }
}

fn list_rules(state: &State, args: ListRulesArgs) -> Result<Value> {
    let locale = state.session().locale;
    let path = target_path(state, args.uri.as_ref()).ok_or_else(|| {
        Error::invalid_params(m::bad_arguments(
            locale,
            LIST_RULES,
            "no uri and no workspace folder",
        ))
    })?;
    let Some(root) = root_for(state, &path) else {
        return Ok(json!({ "rules_file": null, "root": null, "broken": false, "rules": [] }));
    };
    let session = state.session();
    let Some(entry) = session.registry.root(&root) else {
        return Ok(json!({ "rules_file": null, "root": root, "broken": false, "rules": [] }));
    };
    let broken = entry.latest.as_ref().is_some_and(|l| !l.set.is_usable());
    let rules = entry
        .good
        .as_ref()
        .map(|g| listing::entries(&g.set))
        .unwrap_or_default();
    Ok(json!({ "rules_file": entry.file, "root": entry.dir, "broken": broken, "rules": rules }))
}

async fn reload_rules(state: &State) -> Value {
    state.reload_all_rules();
    state.schedule_all();
    let status = super::status::current(state);
    let locale = state.session().locale;
    state
        .client
        .show_message(
            MessageType::INFO,
            m::rules_reloaded(locale, status.rules_files.len(), status.rules),
        )
        .await;
    super::status::notify(state).await;
    json!({ "rules": status.rules, "rules_files": status.rules_files, "broken": status.broken })
}
