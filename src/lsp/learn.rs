//! `autofix.learnRule`: a rule recorded in autofix.json as an edit the user approves in the
//! editor — inserted before the closing `]` of the open buffer (versioned), of the file on disk,
//! or in a new `.agents/autofix.json` — and enforced as soon as it lands.
//!
//! What keeps it safe: the rules file passes the access policy (inside the workspace, not
//! blocked, not a link out); learners take turns per rules file, and hold the root's lock while
//! the editor asks the user, so that `autofix learn` in a terminal waits instead of taking the
//! same number; an empty or half-saved file is read again, then refused, never taken for "no
//! rules"; a file `check` refuses is refused with the same lint; and once the rule landed, its
//! number is checked unique and moved to the next free one if not.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ropey::Rope;
use serde_json::{Value, json};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{MessageActionItem, MessageType, TextEdit, Uri};

use super::commands::{root_for, target_path};
use super::convert::{path_to_uri, range_in_rope, range_in_str};
use super::edit::{Confirm, FileEdits, Sent, confirm_without_edits, workspace_edit};
use super::protocol::{Command as _, LearnRule, LearnRuleArgs, LearnRuleResult};
use super::session::{Reload, Session};
use crate::access::Intent;
use crate::i18n::Locale;
use crate::rules::learn::{self, LearnError, NewRule, Plan};
use crate::rules::store::{self, LOCK_PATIENCE, RootLock};
use crate::rules::{Category, parse::MAX_RULE_NUMBER};
use crate::text::LineIndex;

/// How long the landed rule is looked for in the buffer or on disk, to check its number.
const LANDING_PATIENCE: Duration = Duration::from_secs(2);

/// Learners take turns per rules file; numbers handed out are remembered until their rules are
/// visible in the file (an editor may keep the edit unsaved for a while).
#[derive(Debug, Default)]
pub struct LearnGate {
    turns: Mutex<HashMap<PathBuf, Arc<tokio::sync::Mutex<()>>>>,
    issued: Mutex<HashMap<PathBuf, u64>>,
}

impl LearnGate {
    fn turn(&self, path: &Path) -> Arc<tokio::sync::Mutex<()>> {
        let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
        turns.entry(path.to_path_buf()).or_default().clone()
    }

    /// The highest number this server has seen land in `path`.
    fn floor(&self, path: &Path) -> u64 {
        let issued = self.issued.lock().unwrap_or_else(|e| e.into_inner());
        issued.get(path).copied().unwrap_or(0)
    }

    fn landed(&self, path: &Path, number: u64) {
        let mut issued = self.issued.lock().unwrap_or_else(|e| e.into_inner());
        let entry = issued.entry(path.to_path_buf()).or_default();
        *entry = (*entry).max(number);
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::invalid_params(message.into())
}

/// Where the rules of the root governing `path` live (the file in force, or where a new one
/// goes).
fn rules_file(session: &Session, path: &Path) -> Option<PathBuf> {
    let root = root_for(session, path)?;
    session.with_index(|index, _| {
        let entry = index.root(&root);
        Some(
            entry
                .and_then(|e| e.file.clone())
                .unwrap_or_else(|| root.join(store::DEFAULT_LOCATION)),
        )
    })
}

/// Asks the user for a category; `None` when they dismiss the question.
async fn ask_category(session: &Session, locale: Locale) -> Option<Category> {
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
    let answer = session
        .client
        .show_message_request(MessageType::INFO, question, Some(actions))
        .await
        .ok()??;
    Category::parse(&answer.title)
}

/// The text the rule goes into: the open buffer wins over the disk.
enum Current {
    Open { uri: Uri, rope: Rope, version: i32 },
    Disk(String),
    Missing,
}

impl Current {
    fn text(&self) -> Option<String> {
        match self {
            Current::Open { rope, .. } => Some(rope.to_string()),
            Current::Disk(text) => Some(text.clone()),
            Current::Missing => None,
        }
    }
}

/// Reads what the rule goes into. A file on disk that is empty or not valid JSON is read again
/// for a moment: an editor saving in place truncates it first.
async fn current(session: &Session, path: &Path, uri: &Uri) -> std::result::Result<Current, String> {
    if let Some(doc) = session.snapshot(uri) {
        return Ok(Current::Open {
            uri: doc.uri,
            rope: doc.rope,
            version: doc.version,
        });
    }
    let mut attempt = 0;
    loop {
        let text = match store::read(path) {
            Ok(text) => text,
            Err(store::ReadError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Current::Missing);
            }
            Err(e) => return Err(e.to_string()),
        };
        attempt += 1;
        if store::looks_settled(&text) || attempt >= store::SETTLE_ATTEMPTS {
            return Ok(Current::Disk(text));
        }
        tokio::time::sleep(store::SETTLE_PAUSE).await;
    }
}

/// Takes the root's lock, waiting politely (never blocking a thread of the server) for another
/// learner to finish.
async fn lock_root(path: &Path) -> std::result::Result<RootLock, String> {
    let root = store::root_of(path);
    let until = tokio::time::Instant::now() + LOCK_PATIENCE;
    loop {
        match RootLock::try_acquire(&root) {
            Ok(Some(lock)) => return Ok(lock),
            Ok(None) if tokio::time::Instant::now() < until => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Ok(None) => {
                return Err(format!(
                    "{}: another learner (a terminal `autofix learn`, another editor) has held the rules file for {} s; try again",
                    path.display(),
                    LOCK_PATIENCE.as_secs()
                ));
            }
            Err(e) => return Err(format!("{}: cannot lock the rules folder: {e}", root.display())),
        }
    }
}

/// The rule the request describes, or a draft once the user picked a category; `Ok(None)` when
/// the user dismissed the question.
async fn rule_of(session: &Session, args: &LearnRuleArgs) -> Result<Option<(NewRule, bool)>> {
    let ctx = session.context();
    let locale = ctx.locale;
    let supersedes = args.supersedes.to_vec();
    if args.category.is_none() && args.instruction.is_none() {
        if !ctx.caps.show_message_request {
            return Err(invalid("autofix.learnRule: give {category, instruction, why}"));
        }
        let Some(category) = ask_category(session, locale).await else {
            return Ok(None);
        };
        let rule = NewRule {
            category: category.as_str().to_string(),
            instruction: locale
                .pick(
                    "Never <what to avoid> - <what to do instead>.",
                    "Nunca <qué evitar> - <qué hacer en su lugar>.",
                )
                .to_string(),
            why: locale
                .pick("<why this rule exists>", "<por qué existe esta regla>")
                .to_string(),
            check: args.check.clone(),
            supersedes,
        };
        return Ok(Some((rule, true)));
    }
    let rule = NewRule {
        category: args.category.clone().unwrap_or_default(),
        instruction: args.instruction.clone().unwrap_or_default(),
        why: args.why.clone().unwrap_or_default(),
        check: args.check.clone(),
        supersedes,
    };
    Ok(Some((rule, false)))
}

/// Where a rule goes: the rules file (in force, or to be created) and how to name it.
struct Target {
    path: PathBuf,
    uri: Uri,
    shown: String,
}

/// A rule planned into the text it goes into, with the root's lock held until it lands.
struct Planned {
    current: Current,
    plan: Plan,
    /// Numbers handed out before this one.
    floor: u64,
    lock: RootLock,
}

pub async fn learn_rule(session: &Arc<Session>, args: LearnRuleArgs) -> Result<LearnRuleResult> {
    session.rules_settled().await;
    let target = target(session, &args)?;
    let Some((rule, draft)) = rule_of(session, &args).await? else {
        return Ok(LearnRuleResult {
            path: Some(target.path),
            cancelled: true,
            ..Default::default()
        });
    };
    // One learner at a time per rules file, here and (through the root's lock) in any other
    // process, for as long as the editor asks the user and until the landed rule is checked.
    let turn = session.learning.turn(&target.path).lock_owned().await;
    let planned = plan(session, &target, &rule).await?;
    let (sent, number) = propose(session, &target, &rule, &planned).await?;
    if sent.applied {
        let instruction = landed(session, &target, &rule, &planned, number, draft).await;
        session.let_messages_out().await;
        let path = target.path.clone();
        // The number is checked unique once the editor has the rule, without keeping the user
        // waiting: the turn and the lock go with the check.
        let checker = session.clone();
        tokio::spawn(async move {
            verify(&checker, &target, &instruction, &planned, number).await;
            drop(turn);
        });
        return Ok(LearnRuleResult {
            rule_number: Some(number),
            path: Some(path),
            applied: true,
            cancelled: false,
            failure_reason: None,
        });
    }
    Ok(LearnRuleResult {
        rule_number: Some(number),
        path: Some(target.path),
        applied: false,
        cancelled: false,
        failure_reason: sent.failure_reason,
    })
}

/// Decides the rules file a learn writes: the one governing the `uri` (or the first folder),
/// which must pass the same policy as a diff — inside the workspace (a rules file linking out, or
/// a setting naming a file elsewhere, is refused), not blocked by an ignore file, not protected.
fn target(session: &Session, args: &LearnRuleArgs) -> Result<Target> {
    let locale = session.context().locale;
    let start = target_path(session, args.uri.as_deref(), LearnRule::NAME)?.ok_or_else(|| {
        invalid(locale.pick(
            "autofix.learnRule: no uri and no workspace folder",
            "autofix.learnRule: sin uri ni carpeta de trabajo",
        ))
    })?;
    if session.folder_of(&start).is_none() {
        return Err(invalid(format!(
            "autofix.learnRule: {} is outside every workspace folder — rules are learned into a workspace folder's rules file",
            start.display()
        )));
    }
    let path = rules_file(session, &start).ok_or_else(|| {
        invalid(format!(
            "autofix.learnRule: {} is in no workspace folder",
            start.display()
        ))
    })?;
    session
        .access()
        .check(&path, Intent::Write)
        .map_err(|e| invalid(format!("autofix.learnRule: {e}")))?;
    let uri =
        path_to_uri(&path).ok_or_else(|| invalid(format!("{}: not a valid file path", path.display())))?;
    let shown = session.shown_path(&path);
    Ok(Target { path, uri, shown })
}

/// Takes the root's lock, reads what the rule goes into, and plans it (off the dispatcher: the
/// whole rules file is validated).
async fn plan(session: &Session, target: &Target, rule: &NewRule) -> Result<Planned> {
    let lock = lock_root(&target.path)
        .await
        .map_err(|e| invalid(format!("autofix.learnRule: {e}")))?;
    // Checked again now that the file is ours: while we waited, it may have become a link out
    // of the workspace, a folder or a FIFO.
    session
        .access()
        .check(&target.path, Intent::Write)
        .map_err(|e| invalid(format!("autofix.learnRule: {e}")))?;
    let current = current(session, &target.path, &target.uri)
        .await
        .map_err(|e| invalid(format!("autofix.learnRule: {e}")))?;
    let floor = session.learning.floor(&target.path);
    let text = current.text();
    let planned_rule = rule.clone();
    let plan = session
        .background
        .run(Duration::from_secs(30), move |_| {
            learn::plan_from(text.as_deref(), &planned_rule, floor)
        })
        .await
        .map_err(|stop| invalid(format!("autofix.learnRule: {}", stop.describe())))?
        .map_err(|e| refusal(&target.shown, e))?;
    Ok(Planned {
        current,
        plan,
        floor,
        lock,
    })
}

/// Proposes the rule to the user: an annotated edit the editor asks about, or — for a client
/// that cannot apply edits — a question, then a write by the server under the lock it holds.
/// Returns what was decided and the number the rule got.
async fn propose(
    session: &Session,
    target: &Target,
    rule: &NewRule,
    planned: &Planned,
) -> Result<(Sent, u64)> {
    let ctx = session.context();
    let plan = &planned.plan;
    let label = match ctx.locale {
        Locale::En => format!("Learn rule #{}", plan.number),
        Locale::Es => format!("Aprender la regla #{}", plan.number),
    };
    let confirm = Confirm {
        id: "autofix.learn".into(),
        label,
        description: Some(rule.instruction.clone()),
    };
    let creates = matches!(planned.current, Current::Missing);
    let client_can =
        ctx.caps.apply_edit && (!creates || (ctx.caps.document_changes && ctx.caps.resource_create));
    if client_can {
        let file = file_edits(&planned.current, &target.uri, plan, ctx.encoding);
        let edit = workspace_edit(vec![file], &ctx.caps, Some(confirm.clone()));
        let sent = super::edit::send(session, edit, Some(&confirm), "the rule").await;
        return Ok((sent, plan.number));
    }
    let how = format!(
        "autofix learn {} {} --why {}",
        quote(&rule.category),
        quote(&rule.instruction),
        quote(&rule.why)
    );
    match confirm_without_edits(session, &confirm, &how).await {
        Sent { applied: true, .. } => {
            // The file may have changed since it was read: the number written is the one that
            // counts.
            let written = store::update_locked(&planned.lock, &target.path, Some(&session.access()), |now| {
                let plan = learn::plan_from(now, rule, planned.floor)?;
                Ok::<_, LearnError>((plan.content.clone(), plan.number))
            });
            match written {
                Ok(n) => Ok((Sent::applied(), n)),
                Err(store::UpdateError::Refused(e)) => Err(refusal(&target.shown, e)),
                Err(e) => Err(invalid(e.to_string())),
            }
        }
        refused => Ok((refused, plan.number)),
    }
}

/// Once the rule landed: the rules reloaded at once, the user told, a draft opened. Returns the
/// instruction as it landed (the user may have edited it in the review).
async fn landed(
    session: &Session,
    target: &Target,
    rule: &NewRule,
    planned: &Planned,
    number: u64,
    draft: bool,
) -> String {
    let ctx = session.context();
    session.learning.landed(&target.path, number);
    // Enforced at once, without waiting for a file watcher.
    session.request_reload(Reload::File(target.path.clone()));
    session.rules_settled().await;
    // The rule as it landed: the user may have edited the proposal in the review.
    let as_landed = session.with_index(|index, _| {
        let latest = index.root_of_rules_file(&target.path)?.latest.clone()?;
        let landed = latest.set.rules.iter().find(|r| r.number == number)?;
        Some((landed.category, landed.instruction.clone(), landed.why.clone()))
    });
    let (category, instruction, edited) = match as_landed {
        Some((category, instruction, why)) => {
            let edited =
                category != planned.plan.category || instruction != rule.instruction || why != rule.why;
            (category, instruction, edited)
        }
        None => (planned.plan.category, rule.instruction.clone(), false),
    };
    let mut message = learn::learned_message(ctx.locale, number, category, &instruction, &target.shown);
    if edited {
        message.push_str(ctx.locale.pick(
            " (as you edited it in the review)",
            " (tal como la editaste en la revisión)",
        ));
    }
    // An editor that applies edits to its buffer without saving (Emacs with eglot): the rule is in
    // force, but only the buffer holds it.
    // Told by the disk, which such an editor leaves as the rule was planned against (its
    // didChange may come later), or by a buffer the server knows to differ from it.
    // (Read as the rules are: a regular file, bounded — a FIFO put there must not hang us.)
    let disk = store::read(&target.path).ok();
    let disk_as_planned = match &planned.current {
        Current::Missing => disk.is_none(),
        current => disk.is_some() && disk == current.text(),
    };
    let buffer_differs = session
        .buffer_text(&target.path)
        .is_some_and(|buffer| disk.as_deref() != Some(buffer.as_str()));
    let unsaved = disk_as_planned || buffer_differs;
    if unsaved {
        message.push_str(&match ctx.locale {
            Locale::En => format!(" — unsaved: save {} to keep it", target.shown),
            Locale::Es => format!(" — sin guardar: guarda {} para conservarla", target.shown),
        });
    }
    session.client.show_message(MessageType::INFO, message).await;
    for warning in &planned.plan.warnings {
        session.log_warning(format!("autofix: {}", warning.message(ctx.locale)));
    }
    if draft && ctx.caps.show_document {
        open_rule(session, &target.uri, &planned.plan).await;
    }
    instruction
}

/// Checks the landed rule's number is unique, and moves it to the next free one (telling the
/// user) when another learner that did not take turns took it too.
async fn verify(session: &Session, target: &Target, instruction: &str, planned: &Planned, number: u64) {
    let Some(renumbered) = ensure_unique(
        session,
        &planned.lock,
        &target.path,
        &target.uri,
        number,
        instruction,
    )
    .await
    else {
        return;
    };
    session.learning.landed(&target.path, renumbered);
    let locale = session.context().locale;
    let message = match locale {
        Locale::En => format!(
            "autofix: rule #{number} was renumbered #{renumbered} in {}: another rule took #{number} at the same time",
            target.shown
        ),
        Locale::Es => format!(
            "autofix: la regla #{number} pasó a ser la #{renumbered} en {}: otra regla tomó el #{number} a la vez",
            target.shown
        ),
    };
    session.client.show_message(MessageType::INFO, message).await;
}

/// A word for a shell command line.
fn quote(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| format!("'{word}'"), |q| q.into_owned())
}

/// The edit that inserts the planned rule.
fn file_edits(current: &Current, uri: &Uri, plan: &Plan, encoding: crate::text::Encoding) -> FileEdits {
    match current {
        Current::Open { uri, rope, version } => FileEdits {
            uri: uri.clone(),
            version: Some(*version),
            edits: vec![TextEdit::new(
                range_in_rope(rope, &plan.replace, encoding),
                plan.insert.clone(),
            )],
            create: false,
        },
        Current::Disk(text) => FileEdits {
            uri: uri.clone(),
            version: None,
            edits: vec![TextEdit::new(
                range_in_str(text, &LineIndex::new(text), &plan.replace, encoding),
                plan.insert.clone(),
            )],
            create: false,
        },
        Current::Missing => FileEdits {
            uri: uri.clone(),
            version: None,
            edits: vec![TextEdit::new(Default::default(), plan.content.clone())],
            create: true,
        },
    }
}

/// Once a rule landed: when its number turns out to be taken twice (another learner that did not
/// take turns — a person editing, an editor applying the edit to stale text), the new rule moves
/// to the next free number. Returns the new number when it moved.
async fn ensure_unique(
    session: &Session,
    lock: &RootLock,
    path: &Path,
    uri: &Uri,
    number: u64,
    instruction: &str,
) -> Option<u64> {
    let until = tokio::time::Instant::now() + LANDING_PATIENCE;
    let landed = loop {
        let text = match session.snapshot(uri) {
            Some(doc) => Some(doc.rope.to_string()),
            None => store::read(path).ok(),
        };
        if let Some(text) = text.filter(|t| {
            crate::rules::parse::parse(t)
                .rules
                .iter()
                .any(|r| r.number == number && r.instruction == instruction)
        }) {
            break text;
        }
        if tokio::time::Instant::now() >= until {
            // The editor keeps the edit to itself for now: numbers handed out are remembered,
            // so the next learn here cannot take this one.
            return None;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let floor = session.learning.floor(path);
    let fix = learn::renumber_duplicate(&landed, number, instruction, floor)?;
    if fix.number > MAX_RULE_NUMBER {
        return None;
    }
    let new_text = fix.number.to_string();
    match session.snapshot(uri) {
        Some(doc) => {
            let edit = workspace_edit(
                vec![FileEdits {
                    uri: doc.uri.clone(),
                    version: Some(doc.version),
                    edits: vec![TextEdit::new(doc.range(&fix.span), new_text)],
                    create: false,
                }],
                &doc.ctx.caps,
                None,
            );
            let sent = super::edit::send(session, edit, None, "the renumbering").await;
            sent.applied.then_some(fix.number)
        }
        None => {
            let written = store::update_locked(lock, path, Some(&session.access()), |now| {
                let Some(now) = now else {
                    return Err(());
                };
                let fix = learn::renumber_duplicate(now, number, instruction, floor).ok_or(())?;
                let mut text = now.to_string();
                text.replace_range(fix.span.clone(), &fix.number.to_string());
                Ok((text, fix.number))
            });
            written.ok()
        }
    }
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
        other => invalid(format!("autofix.learnRule: {shown}: {other}")),
    }
}

/// Shows the new draft rule in autofix.json so the user can write its words.
async fn open_rule(session: &Session, uri: &Uri, plan: &Plan) {
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
    let _ = session.client.show_document(params).await;
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
