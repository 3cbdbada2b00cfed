//! `autofix.learnRule`: a rule recorded in autofix.json as an edit the user approves in the
//! editor — inserted before the closing `]` of the open buffer (versioned), of the file on disk,
//! or in a new `.agents/autofix.json` — and enforced as soon as it lands.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::{Value, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{MessageActionItem, MessageType, TextEdit, Uri};

use super::commands::{root_for, target_path};
use super::convert::{path_to_uri, range_in_rope, range_in_str};
use super::edit::{Confirm, FileEdits, workspace_edit};
use super::state::State;
use crate::i18n::Locale;
use crate::rules::learn::{self, LearnError, NewRule, Plan};
use crate::rules::{Category, store};
use crate::text::LineIndex;

pub const COMMAND: &str = "autofix.learnRule";

#[derive(Debug, Default, Deserialize)]
#[serde(untagged)]
pub enum Numbers {
    #[default]
    None,
    One(u64),
    Many(Vec<u64>),
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnArgs {
    pub category: Option<String>,
    pub instruction: Option<String>,
    pub why: Option<String>,
    pub check: Option<Value>,
    #[serde(default)]
    pub supersedes: Numbers,
    /// A document or folder that picks the workspace (and so the rules file).
    pub uri: Option<Uri>,
}

fn invalid(message: impl Into<String>) -> Error {
    Error::invalid_params(message.into())
}

/// Where the rules of the root governing `path` live, and whether that file exists.
fn rules_file(state: &State, path: &Path) -> Option<PathBuf> {
    let root = root_for(state, path)?;
    let session = state.session();
    let entry = session.registry.root(&root)?;
    Some(
        entry
            .file
            .clone()
            .unwrap_or_else(|| root.join(store::DEFAULT_LOCATION)),
    )
}

/// Asks the user for a category; `None` when they dismiss the question.
async fn ask_category(state: &State, locale: Locale) -> Option<Category> {
    let actions = Category::ALL
        .iter()
        .map(|c| MessageActionItem {
            title: c.as_str().into(),
            properties: Default::default(),
        })
        .collect();
    let question = locale.pick(
        "autofix: learn a rule — which category?",
        "autofix: aprender una regla — ¿qué categoría?",
    );
    let answer = state
        .client
        .show_message_request(MessageType::INFO, question, Some(actions))
        .await
        .ok()??;
    Category::parse(&answer.title)
}

pub async fn learn_rule(state: &State, args: LearnArgs) -> Result<Value> {
    let (locale, caps) = {
        let s = state.session();
        (s.locale, s.caps)
    };
    let target = target_path(state, args.uri.as_ref()).ok_or_else(|| {
        invalid(locale.pick(
            "autofix.learnRule: no uri and no workspace folder",
            "autofix.learnRule: sin uri ni carpeta de trabajo",
        ))
    })?;
    let path = rules_file(state, &target).ok_or_else(|| {
        invalid(format!(
            "autofix.learnRule: {} is in no workspace folder",
            target.display()
        ))
    })?;

    let mut draft = false;
    let (category, instruction, why) = match (&args.category, &args.instruction) {
        (None, None) => {
            if !caps.show_message_request {
                return Err(invalid("autofix.learnRule: give {category, instruction, why}"));
            }
            let Some(category) = ask_category(state, locale).await else {
                return Ok(json!({ "rule_number": null, "path": path, "applied": false, "cancelled": true }));
            };
            draft = true;
            (
                category.as_str().to_string(),
                locale
                    .pick(
                        "Never <what to avoid> - <what to do instead>.",
                        "Nunca <qué evitar> - <qué hacer en su lugar>.",
                    )
                    .to_string(),
                locale
                    .pick("<why this rule exists>", "<por qué existe esta regla>")
                    .to_string(),
            )
        }
        _ => (
            args.category.clone().unwrap_or_default(),
            args.instruction.clone().unwrap_or_default(),
            args.why.clone().unwrap_or_default(),
        ),
    };
    let supersedes = match args.supersedes {
        Numbers::None => Vec::new(),
        Numbers::One(n) => vec![n],
        Numbers::Many(v) => v,
    };
    let rule = NewRule {
        category,
        instruction,
        why,
        check: args.check.clone(),
        supersedes,
    };

    // The text the rule goes into: the open buffer wins over the disk.
    let uri =
        path_to_uri(&path).ok_or_else(|| invalid(format!("{}: not a valid file path", path.display())))?;
    let open = state
        .docs
        .get(&uri)
        .map(|d| (d.document.rope().clone(), d.document.version()));
    let disk = match &open {
        Some(_) => None,
        None => match store::read(&path) {
            Ok(text) => Some(text),
            Err(store::ReadError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(invalid(e.to_string())),
        },
    };
    let current = open.as_ref().map(|(rope, _)| rope.to_string()).or(disk.clone());
    let shown = path
        .strip_prefix(store::root_of(&path))
        .unwrap_or(&path)
        .display()
        .to_string();
    let plan = learn::plan(current.as_deref(), &rule).map_err(|e| refusal(&shown, e))?;

    let creates = current.is_none();
    let client_can = caps.apply_edit && (!creates || (caps.document_changes && caps.resource_create));
    let mut number = plan.number;
    let sent = if client_can {
        let edit = match (&open, &disk) {
            (Some((rope, version)), _) => FileEdits {
                uri: uri.clone(),
                version: Some(*version),
                edits: vec![TextEdit::new(
                    range_in_rope(rope, &plan.replace, state.session().encoding),
                    plan.insert.clone(),
                )],
                create: false,
            },
            (None, Some(text)) => FileEdits {
                uri: uri.clone(),
                version: None,
                edits: vec![TextEdit::new(
                    range_in_str(
                        text,
                        &LineIndex::new(text),
                        &plan.replace,
                        state.session().encoding,
                    ),
                    plan.insert.clone(),
                )],
                create: false,
            },
            (None, None) => FileEdits {
                uri: uri.clone(),
                version: None,
                edits: vec![TextEdit::new(Default::default(), plan.content.clone())],
                create: true,
            },
        };
        let label = match locale {
            Locale::En => format!("Learn rule #{}", plan.number),
            Locale::Es => format!("Aprender la regla #{}", plan.number),
        };
        let confirm = Confirm {
            id: "autofix.learn".into(),
            label,
            description: Some(rule.instruction.clone()),
        };
        let edit = workspace_edit(vec![edit], &caps, Some(confirm.clone()));
        super::edit::send(state, edit, Some(&confirm), "the rule").await
    } else {
        // The client cannot take the edit: record the rule ourselves, under the lock.
        let written = store::update(&path, |current| {
            let plan = learn::plan(current, &rule)?;
            Ok::<_, LearnError>((plan.content.clone(), plan.number))
        });
        // The file may have changed since it was read: the number written is the one that counts.
        number = match written {
            Ok(n) => n,
            Err(store::UpdateError::Refused(e)) => return Err(refusal(&shown, e)),
            Err(e) => return Err(invalid(e.to_string())),
        };
        state.reload_rules_at(&path);
        state.schedule_all();
        super::status::notify(state).await;
        super::edit::Sent {
            applied: true,
            failure_reason: None,
        }
    };
    let applied = sent.applied;

    if applied {
        let message = learn::learned_message(locale, number, plan.category, &rule.instruction, &shown);
        state.client.show_message(MessageType::INFO, message).await;
        for warning in &plan.warnings {
            state
                .client
                .log_message(
                    MessageType::WARNING,
                    format!("autofix: {}", warning.message(locale)),
                )
                .await;
        }
        if draft && caps.show_document {
            open_rule(state, &uri, &plan).await;
        }
    }
    let mut result = json!({ "rule_number": number, "path": path, "applied": applied });
    if let Some(reason) = sent.failure_reason {
        result["failure_reason"] = json!(reason);
    }
    Ok(result)
}

fn refusal(shown: &str, e: LearnError) -> Error {
    match e {
        LearnError::Broken {
            line,
            column,
            message,
        } => invalid(format!(
            "{shown}:{line}:{column}: {message} — the rules file was not changed; fix it first"
        )),
        other => invalid(format!("autofix.learnRule: {other}")),
    }
}

/// Shows the new draft rule in autofix.json so the user can write its words.
async fn open_rule(state: &State, uri: &Uri, plan: &Plan) {
    let index = LineIndex::new(&plan.content);
    let at = plan
        .content
        .find(&format!("\"Rule_number\": {}", plan.number))
        .unwrap_or(0);
    let line = index.line_of(at) as u32 + 2;
    let range = tower_lsp_server::ls_types::Range::new(
        tower_lsp_server::ls_types::Position::new(line, 0),
        tower_lsp_server::ls_types::Position::new(line, 200),
    );
    let params = tower_lsp_server::ls_types::ShowDocumentParams {
        uri: uri.clone(),
        external: Some(false),
        take_focus: Some(true),
        selection: Some(range),
    };
    let _ = state.client.show_document(params).await;
}

/// The argument of a "learn rule from this selection" action: a draft forbidding the selected
/// text in files of the same kind.
pub fn draft_from_selection(
    selection: &str,
    path: Option<&Path>,
    locale: Locale,
    uri: &Uri,
) -> Option<Value> {
    let text = selection.trim();
    if text.is_empty() || text.contains(['\n', '\r']) || text.chars().count() > 120 {
        return None;
    }
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut pattern = regex::escape(text);
    if word(text.chars().next()) {
        pattern = format!("\\b{pattern}");
    }
    if word(text.chars().last()) {
        pattern.push_str("\\b");
    }
    let name = path.and_then(Path::file_name).and_then(|n| n.to_str());
    let ext = path.and_then(Path::extension).and_then(|e| e.to_str());
    let (glob, kind) = match (ext, name) {
        (Some(ext), _) => (format!("**/*.{ext}"), format!("*.{ext}")),
        (None, Some(name)) => (format!("**/{name}"), name.to_string()),
        (None, None) => ("**/*".to_string(), "*".to_string()),
    };
    let instruction = match locale {
        Locale::En => format!("Never use `{text}` in {kind} files."),
        Locale::Es => format!("Nunca uses `{text}` en archivos {kind}."),
    };
    Some(json!({
        "category": "CODE",
        "instruction": instruction,
        "why": locale.pick("learned from a correction", "aprendida de una corrección"),
        "check": { "Files": [glob], "Pattern": pattern },
        "uri": uri.as_str(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn selection_drafts_escape_and_bound_the_literal() {
        let uri = Uri::from_str("file:///r/src/a.ts").unwrap();
        let d = draft_from_selection("any", Some(Path::new("/r/src/a.ts")), Locale::En, &uri).unwrap();
        assert_eq!(d["instruction"], "Never use `any` in *.ts files.");
        assert_eq!(d["check"], json!({"Files": ["**/*.ts"], "Pattern": "\\bany\\b"}));
        let d =
            draft_from_selection("console.log(", Some(Path::new("/r/Makefile")), Locale::Es, &uri).unwrap();
        assert_eq!(d["check"]["Pattern"], "\\bconsole\\.log\\(");
        assert_eq!(d["check"]["Files"], json!(["**/Makefile"]));
        assert_eq!(
            d["instruction"],
            "Nunca uses `console.log(` en archivos Makefile."
        );
        assert!(draft_from_selection("a\nb", None, Locale::En, &uri).is_none());
        assert!(draft_from_selection("   ", None, Locale::En, &uri).is_none());
    }
}
