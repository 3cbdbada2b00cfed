//! `workspace/executeCommand`: each command of [`super::protocol`] to its handler, its one
//! argument object read as the command's typed `Args`.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ExecuteCommandParams, MessageType, Uri};

use super::convert::uri_to_path;
use super::messages as m;
use super::protocol::{
    ApplyDiff, Command, ExportRules, FixWorkspace, LearnRule, ListRules, ListRulesArgs, ListRulesResult,
    PreviewDiff, ReloadRules, ReloadRulesResult, ShowMessage,
};
use super::session::{Reload, Session};
use crate::i18n::Locale;
use crate::rules::listing;

pub async fn execute(session: &Arc<Session>, params: ExecuteCommandParams) -> Result<Option<Value>> {
    let arg = params.arguments.into_iter().next().unwrap_or(Value::Null);
    let locale = session.context().locale;
    match params.command.as_str() {
        LearnRule::NAME => answer(super::learn::learn_rule(session, parse::<LearnRule>(arg, locale)?).await),
        ExportRules::NAME => {
            answer(super::export::export_rules(session, parse::<ExportRules>(arg, locale)?).await)
        }
        ApplyDiff::NAME => answer(super::diff::run(session, parse::<ApplyDiff>(arg, locale)?, false).await),
        PreviewDiff::NAME => {
            answer(super::diff::run(session, parse::<PreviewDiff>(arg, locale)?, true).await)
        }
        FixWorkspace::NAME => {
            answer(super::fix_workspace::fix_workspace(session, parse::<FixWorkspace>(arg, locale)?).await)
        }
        ListRules::NAME => answer(list_rules(session, parse::<ListRules>(arg, locale)?).await),
        ReloadRules::NAME => {
            parse::<ReloadRules>(arg, locale)?;
            answer(Ok(reload_rules(session).await))
        }
        ShowMessage::NAME => {
            let args = parse::<ShowMessage>(arg, locale)?;
            session.client.show_message(MessageType::INFO, args.message).await;
            Ok(None)
        }
        other => Err(Error::invalid_params(m::unknown_command(locale, other))),
    }
}

fn answer<T: Serialize>(result: Result<T>) -> Result<Option<Value>> {
    let value = result?;
    serde_json::to_value(value)
        .map(Some)
        .map_err(|e| Error::invalid_params(format!("autofix: cannot encode the result: {e}")))
}

/// Reads a command's argument object; a left-out argument is an empty object for commands whose
/// arguments are all optional.
pub fn parse<C: Command>(arg: Value, locale: Locale) -> Result<C::Args> {
    let arg = if arg.is_null() && C::ARGS_OPTIONAL {
        Value::Object(Default::default())
    } else {
        arg
    };
    serde_json::from_value(arg)
        .map_err(|e| Error::invalid_params(m::bad_arguments(locale, C::NAME, &e.to_string())))
}

/// The local path of a command's `uri` argument.
pub fn path_of_uri(uri: &str, command: &str) -> Result<PathBuf> {
    Uri::from_str(uri)
        .ok()
        .as_ref()
        .and_then(uri_to_path)
        .ok_or_else(|| Error::invalid_params(format!("{command}: `{uri}` is not a file URI")))
}

/// The folder (or file) a command is about: `uri` when given, else the first workspace folder.
pub fn target_path(session: &Session, uri: Option<&str>, command: &str) -> Result<Option<PathBuf>> {
    match uri {
        Some(uri) => path_of_uri(uri, command).map(Some),
        None => Ok(session.folders().first().cloned()),
    }
}

/// The rules root for a path: a document's governing root, or a folder's own.
pub fn root_for(session: &Session, path: &std::path::Path) -> Option<PathBuf> {
    let is_dir = path.is_dir();
    session.with_index(|index, buffers| {
        if is_dir {
            index.root_for_dir(path, buffers)
        } else {
            index.root_for(path, buffers)
        }
    })
}

async fn list_rules(session: &Session, args: ListRulesArgs) -> Result<ListRulesResult> {
    session.rules_settled().await;
    let locale = session.context().locale;
    let path = target_path(session, args.uri.as_deref(), ListRules::NAME)?.ok_or_else(|| {
        Error::invalid_params(m::bad_arguments(
            locale,
            ListRules::NAME,
            "no uri and no workspace folder",
        ))
    })?;
    let Some(root) = root_for(session, &path) else {
        return Ok(ListRulesResult::default());
    };
    Ok(session.with_index(|index, _| {
        let Some(entry) = index.root(&root) else {
            return ListRulesResult {
                root: Some(root.clone()),
                ..Default::default()
            };
        };
        ListRulesResult {
            rules_file: entry.file.clone(),
            root: Some(entry.dir.clone()),
            broken: entry.is_broken(),
            rules: entry
                .good
                .as_ref()
                .map(|g| listing::entries(&g.set))
                .unwrap_or_default(),
            error: entry.read_error.clone(),
        }
    }))
}

async fn reload_rules(session: &Session) -> ReloadRulesResult {
    session.request_reload(Reload::All);
    session.rules_settled().await;
    let status = super::status::current(session);
    let locale = session.context().locale;
    session
        .client
        .show_message(
            MessageType::INFO,
            m::rules_reloaded(locale, status.rules_files.len(), status.rules),
        )
        .await;
    ReloadRulesResult {
        rules: status.rules,
        rules_files: status.rules_files,
        broken: status.broken,
    }
}
