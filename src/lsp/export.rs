//! Exporting the rules to the agents' files from the editor: the command `autofix.exportRules`
//! (also a source action inside autofix.json) and the `exportOnChange` setting. The export is the
//! engine's (`agent_files::export`: which agents, what their files should hold, the changes);
//! this adapter picks the rules files, reads the agent files — open buffers first — through the
//! access policy, and sends the changes as ONE workspace edit: versioned, minimal edits of the
//! files that exist (autofix's section only), `CreateFile` for new files, `DeleteFile` for
//! generated files no rule produces any more. The server never writes a file itself.
//!
//! The command's edit carries a `needsConfirmation` annotation, so the editor shows it before
//! it applies; files left alone (a section edited by hand, a path the policy refuses) are
//! reported in the result and in a warning, and are not in the edit. With `exportOnChange`, a
//! change of a rules file's active rules is exported by itself — once its rules parse and stay
//! the same for [`DEBOUNCE`], only when something is stale, without confirmation (the user opted
//! in), each file left alone reported once.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{MessageType, Position, Range, TextEdit, Uri};

use super::commands::{root_for, target_path};
use super::convert::{path_to_uri, range_in_str};
use super::edit::{Confirm, FileEdits, FileOp, Sent, workspace_edit_ops};
use super::messages as m;
use super::protocol::{
    Command as _, ExportAction, ExportChange, ExportRules, ExportRulesArgs, ExportRulesResult,
};
use super::session::Session;
use crate::access::Intent;
use crate::agent_files::export::{self, Agent, Change, ExportRule};
use crate::i18n::Locale;
use crate::rules::index::LoadedRules;
use crate::rules::{BuildOptions, RuleSet};
use crate::text::{Encoding, LineIndex};

/// How long a rules file's active rules must stay the same (and parse) before they are exported
/// by themselves: someone typing in autofix.json is not exported keystroke by keystroke.
pub const DEBOUNCE: Duration = Duration::from_millis(1000);
/// How long planning an export may take (a walk of a large workspace for its rules files).
const PLAN_BUDGET: Duration = Duration::from_secs(30);
/// The id of the export's change annotation.
const ANNOTATION: &str = "autofix.export";

fn invalid(message: impl Into<String>) -> Error {
    Error::invalid_params(message.into())
}

/// The export of one rules file, planned, with the versions of the open documents it read.
struct Exported {
    dir: PathBuf,
    file: PathBuf,
    /// Active rules, and how many of them are scoped to some files.
    rules: usize,
    scoped: usize,
    plan: export::Plan,
    /// Agent files read from an open buffer: their URI and version then.
    opened: HashMap<PathBuf, (Uri, i32)>,
}

/// Who asked for an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The command (or the code action): the user confirms the edit; with `check`, nothing is
    /// sent.
    Command { check: bool },
    /// `exportOnChange`: sent without confirmation, only when something is stale.
    Auto,
}

pub async fn export_rules(session: &Arc<Session>, args: ExportRulesArgs) -> Result<ExportRulesResult> {
    session.rules_settled().await;
    let locale = session.context().locale;
    let asked = agents(&args.agents)?;
    let start = target_path(session, args.uri.as_deref(), ExportRules::NAME)?
        .ok_or_else(|| invalid(format!("{}: no uri and no workspace folder", ExportRules::NAME)))?;
    if session.folder_of(&start).is_none() {
        return Err(invalid(format!(
            "{}: {} is outside every workspace folder — the agent files of a workspace folder are exported",
            ExportRules::NAME,
            start.display()
        )));
    }
    let worker = session.clone();
    let (exported, problems) = session
        .background
        .run(PLAN_BUDGET, move |_| {
            let dirs = roots_for(&worker, &start);
            if dirs.is_empty() {
                let shown = worker.shown_path(&start);
                return (Vec::new(), vec![m::export_no_rules(locale, &shown)]);
            }
            prepare(&worker, &dirs, asked.as_deref())
        })
        .await
        .map_err(|stop| invalid(format!("{}: {}", ExportRules::NAME, stop.describe())))?;
    if exported.is_empty() {
        return Err(invalid(format!("{}: {}", ExportRules::NAME, problems.join("; "))));
    }
    for problem in &problems {
        session
            .client
            .show_message(MessageType::WARNING, format!("autofix: {problem}"))
            .await;
    }
    Ok(deliver(session, exported, Mode::Command { check: args.check }).await)
}

/// The agents named in a request (`None`: the ones the project uses).
fn agents(names: &[String]) -> Result<Option<Vec<Agent>>> {
    if names.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for name in names {
        let agent = Agent::parse(name).ok_or_else(|| {
            let known: Vec<&str> = Agent::ALL.iter().map(|a| a.name()).collect();
            invalid(format!(
                "{}: unknown agent `{name}` (known: {})",
                ExportRules::NAME,
                known.join(", ")
            ))
        })?;
        if !out.contains(&agent) {
            out.push(agent);
        }
    }
    Ok(Some(out))
}

/// The rules roots an export for `start` covers: the one governing a document; for a folder,
/// its own and every rules file's folder inside it (each package of a monorepo exports next to
/// its rules). Only roots with a rules file.
fn roots_for(session: &Session, start: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = root_for(session, start).into_iter().collect();
    if start.is_dir() {
        dirs.extend(export::rules_roots(start).into_iter().map(|(dir, _)| dir));
    }
    let mut seen = BTreeSet::new();
    dirs.retain(|d| seen.insert(d.clone()));
    dirs.retain(|dir| {
        session.with_index(|index, buffers| {
            index.root_for_dir(dir, buffers);
            index.root(dir).is_some_and(|r| r.file.is_some())
        })
    });
    dirs
}

/// The rule set an export writes: the one in force, built as `autofix export` builds it (with
/// inference, which decides some precedence), so the editor and the command line write the
/// same files whatever the editor's settings.
fn export_set(loaded: &LoadedRules, options: BuildOptions) -> RuleSet {
    if options == BuildOptions::default() {
        return loaded.set.clone();
    }
    let mut set = RuleSet::from_text(&loaded.set.path, &loaded.set.source, BuildOptions::default());
    set.root = loaded.set.root.clone();
    set
}

/// Plans the export of each root in `dirs` (off the dispatcher: files are read). A root whose
/// rules file is broken, or that has no agent to export to, is a problem, not an export.
fn prepare(session: &Session, dirs: &[PathBuf], asked: Option<&[Agent]>) -> (Vec<Exported>, Vec<String>) {
    let locale = session.context().locale;
    let policy = session.access();
    let mut exported = Vec::new();
    let mut problems = Vec::new();
    for dir in dirs {
        let found = session.with_index(|index, _| {
            let root = index.root(dir)?;
            let file = root.file.clone()?;
            Some((file, root.good.clone(), root.is_broken(), index.options()))
        });
        let Some((file, good, broken, options)) = found else {
            continue;
        };
        let shown_file = session.shown_path(&file);
        let Some(good) = good.filter(|_| !broken) else {
            problems.push(m::export_broken(locale, &shown_file));
            continue;
        };
        let project = session.folder_of(dir).unwrap_or_else(|| dir.clone());
        let agents = export::agents_for(dir, &project, asked);
        if agents.is_empty() {
            problems.push(m::export_no_agents(locale, &project.display().to_string()));
            continue;
        }
        let set = export_set(&good, options);
        let scoped = export::rules_of(&set)
            .iter()
            .filter(|r| !r.files.is_empty())
            .count();
        let opened: Mutex<HashMap<PathBuf, (Uri, i32)>> = Mutex::default();
        let read = |path: &Path| -> std::result::Result<Option<String>, String> {
            policy.check(path, Intent::Write).map_err(|e| e.to_string())?;
            if let Some(doc) = session.open_at(path) {
                let mut opened = opened.lock().unwrap_or_else(|e| e.into_inner());
                opened.insert(path.to_path_buf(), (doc.uri.clone(), doc.version));
                return Ok(Some(doc.rope.to_string()));
            }
            export::read_target(&policy, path)
        };
        let plan = export::plan(&set, &file, dir, &agents, &read, false);
        exported.push(Exported {
            dir: dir.clone(),
            file,
            rules: set.active_rules().count(),
            scoped,
            plan,
            opened: opened.into_inner().unwrap_or_else(|e| e.into_inner()),
        });
    }
    (exported, problems)
}

/// The smallest run of whole lines of `old` to replace to get `new`, and its replacement: the
/// diff view shows the section's lines, and the user's text around them is not in the edit.
fn changed_lines(old: &str, new: &str) -> (std::ops::Range<usize>, String) {
    let a: Vec<&str> = old.split_inclusive('\n').collect();
    let b: Vec<&str> = new.split_inclusive('\n').collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    let start: usize = a[..prefix].iter().map(|l| l.len()).sum();
    let old_tail: usize = a[a.len() - suffix..].iter().map(|l| l.len()).sum();
    let new_tail: usize = b[b.len() - suffix..].iter().map(|l| l.len()).sum();
    (
        start..old.len() - old_tail,
        new[start..new.len() - new_tail].to_string(),
    )
}

/// The edit of an existing file from `old` to `new`.
fn update_edit(old: &str, new: &str, encoding: Encoding) -> TextEdit {
    let (range, text) = changed_lines(old, new);
    TextEdit::new(range_in_str(old, &LineIndex::new(old), &range, encoding), text)
}

/// How many files a message names before it counts the rest.
const LISTED: usize = 4;

/// "AGENTS.md (updated), .cursor/rules/autofix.mdc (created)", and "and 5 more" past a few.
fn listed(locale: Locale, items: &[(String, ExportAction)]) -> String {
    let mut out: Vec<String> = items
        .iter()
        .take(if items.len() > LISTED + 1 {
            LISTED
        } else {
            items.len()
        })
        .map(|(path, action)| format!("{path} ({})", m::export_verb(locale, *action)))
        .collect();
    if out.len() < items.len() {
        out.push(m::and_more(locale, items.len() - out.len()));
    }
    out.join(", ")
}

/// Turns the plans into the result and one workspace edit, sends it (unless there is nothing to
/// send, or only a check was asked for) and says what happened.
async fn deliver(session: &Session, exported: Vec<Exported>, mode: Mode) -> ExportRulesResult {
    let ctx = session.context();
    let locale = ctx.locale;
    let caps = ctx.caps;
    let mut result = ExportRulesResult::default();
    let mut ops = Vec::new();
    // What the edit changes, and the files left alone (path as shown, reason).
    let mut writes: Vec<(String, ExportAction)> = Vec::new();
    let mut left_alone: Vec<(String, String)> = Vec::new();
    // The files that hold (or will hold) the rules.
    let mut targets: Vec<String> = Vec::new();
    let mut files = 0;
    let (mut rules, mut scoped) = (0, 0);
    let scoping = exported.iter().any(|e| e.plan.agents.iter().any(|a| a.scopes()));
    for e in &exported {
        result.rules_files.push(e.file.clone());
        rules += e.rules;
        scoped += e.scoped;
        for refused in &e.plan.refused {
            let path = e.dir.join(&refused.path);
            left_alone.push((session.shown_path(&path), refused.reason.clone()));
            result.changes.push(ExportChange {
                path,
                action: ExportAction::Refused,
                reason: Some(refused.reason.clone()),
            });
        }
        for change in &e.plan.changes {
            files += 1;
            let path = e.dir.join(change.path());
            let shown = session.shown_path(&path);
            if !matches!(change, Change::Remove { .. }) {
                targets.push(shown.clone());
            }
            let uri = path_to_uri(&path);
            let (action, op, reason) = match (change, uri) {
                (_, None) => (
                    ExportAction::Refused,
                    None,
                    Some(format!("{}: not a valid file path", path.display())),
                ),
                (Change::Current { .. }, _) => (ExportAction::Unchanged, None, None),
                (Change::Conflict { conflict, .. }, _) => (
                    ExportAction::Conflict,
                    None,
                    Some(m::export_conflict(locale, conflict)),
                ),
                (Change::Create { new, .. }, Some(uri)) => {
                    if caps.document_changes && caps.resource_create {
                        let op = FileOp::Edit(FileEdits {
                            uri,
                            version: None,
                            edits: vec![TextEdit::new(
                                Range::new(Position::new(0, 0), Position::new(0, 0)),
                                new.clone(),
                            )],
                            create: true,
                        });
                        (ExportAction::Created, Some(op), None)
                    } else {
                        (
                            ExportAction::Created,
                            None,
                            Some(m::export_not_sendable(locale, true).to_string()),
                        )
                    }
                }
                (Change::Update { old, new, .. }, Some(uri)) => {
                    let (uri, version) = match e.opened.get(&path) {
                        Some((uri, version)) => (uri.clone(), Some(*version)),
                        None => (uri, None),
                    };
                    let op = FileOp::Edit(FileEdits {
                        uri,
                        version,
                        edits: vec![update_edit(old, new, ctx.encoding)],
                        create: false,
                    });
                    (ExportAction::Updated, Some(op), None)
                }
                (Change::Remove { .. }, Some(uri)) => {
                    if caps.document_changes && caps.resource_delete {
                        (ExportAction::Removed, Some(FileOp::Delete(uri)), None)
                    } else {
                        (
                            ExportAction::Removed,
                            None,
                            Some(m::export_not_sendable(locale, false).to_string()),
                        )
                    }
                }
            };
            match (&op, action) {
                (Some(_), _) => writes.push((shown.clone(), action)),
                (None, ExportAction::Unchanged) => {}
                (None, _) => left_alone.push((shown.clone(), reason.clone().unwrap_or_default())),
            }
            ops.extend(op);
            result.changes.push(ExportChange { path, action, reason });
        }
    }
    result.current = writes.is_empty() && left_alone.is_empty();
    let rules_files = result
        .rules_files
        .iter()
        .map(|f| session.shown_path(f))
        .collect::<Vec<_>>()
        .join(", ");

    // Files left alone: a warning naming each (an automatic export says each only once).
    let fresh: Vec<&(String, String)> = match mode {
        Mode::Command { .. } => left_alone.iter().collect(),
        Mode::Auto => session.exports.unreported(&exported, &left_alone),
    };
    for (path, reason) in fresh {
        session
            .client
            .show_message(MessageType::WARNING, m::export_left_alone(locale, path, reason))
            .await;
    }
    if writes.is_empty() {
        if mode != Mode::Auto && left_alone.is_empty() {
            session
                .client
                .show_message(MessageType::INFO, m::exports_current(locale, files, &rules_files))
                .await;
        }
        return result;
    }
    if mode == (Mode::Command { check: true }) {
        session
            .client
            .show_message(
                MessageType::INFO,
                m::exports_stale(locale, &listed(locale, &writes)),
            )
            .await;
        return result;
    }
    if !caps.apply_edit {
        let reason = m::export_cannot_edit(locale).to_string();
        if mode != Mode::Auto {
            session
                .client
                .show_message(MessageType::WARNING, format!("autofix: {reason}"))
                .await;
        }
        result.failure_reason = Some(reason);
        return result;
    }
    let confirm = match mode {
        Mode::Command { .. } => Some(Confirm {
            id: ANNOTATION.into(),
            label: m::export_title(locale).into(),
            description: Some(m::export_description(
                locale,
                (rules, scoped, scoping),
                &rules_files,
                &targets,
                &left_alone.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
            )),
        }),
        Mode::Auto => None,
    };
    let edit = workspace_edit_ops(ops, &caps, confirm.clone());
    let sent: Sent = super::edit::send(session, edit, confirm.as_ref(), "the export").await;
    result.applied = sent.applied;
    result.failure_reason = sent.failure_reason;
    if result.applied {
        session
            .client
            .show_message(
                MessageType::INFO,
                m::exported(locale, &rules_files, &listed(locale, &writes)),
            )
            .await;
    }
    result
}

// --- exportOnChange ------------------------------------------------------------------------------

/// The automatic exports of `exportOnChange`: for each rules root, the active rules last seen
/// (an export follows when they change), the change waiting for its rules to settle, and the
/// files left alone already reported.
#[derive(Debug, Default)]
pub struct AutoExport {
    state: Mutex<AutoState>,
    /// One automatic export at a time.
    turn: tokio::sync::Mutex<()>,
}

/// What decides an export: the rules file and its active rules as they are exported.
type Fingerprint = (PathBuf, Vec<ExportRule>);

#[derive(Debug, Default)]
struct AutoState {
    /// Per root: the rules last exported, or first seen (a server starting exports nothing);
    /// `None` for a root without a rules file.
    seen: HashMap<PathBuf, Option<Fingerprint>>,
    /// Per root: the change waiting for [`DEBOUNCE`], as a generation and its rules.
    pending: HashMap<PathBuf, (u64, Fingerprint)>,
    generation: u64,
    /// Per root: the files left alone already reported (path and reason).
    reported: HashMap<PathBuf, BTreeSet<(String, String)>>,
}

/// What a rules root holds now, for [`AutoExport`].
enum Observed {
    /// The rules file does not parse or cannot be read: nothing is exported from it.
    Broken,
    Rules(Option<Fingerprint>),
}

impl AutoExport {
    fn state(&self) -> std::sync::MutexGuard<'_, AutoState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The files left alone that were not reported yet for the root of `exported` (an automatic
    /// export has one); what counts as reported from now on is exactly `left_alone`, so a file
    /// set right, then left alone again, is said again.
    fn unreported<'a>(
        &self,
        exported: &[Exported],
        left_alone: &'a [(String, String)],
    ) -> Vec<&'a (String, String)> {
        let Some(dir) = exported.first().map(|e| e.dir.clone()) else {
            return left_alone.iter().collect();
        };
        let now: BTreeSet<(String, String)> = left_alone.iter().cloned().collect();
        let before = self.state().reported.insert(dir, now).unwrap_or_default();
        left_alone.iter().filter(|item| !before.contains(*item)).collect()
    }

    /// Takes the pending export of `dir` when it is still generation `generation`.
    fn take(&self, dir: &Path, generation: u64) -> bool {
        let mut state = self.state();
        match state.pending.get(dir) {
            Some((g, _)) if *g == generation => {
                if let Some((_, fingerprint)) = state.pending.remove(dir) {
                    state.seen.insert(dir.to_path_buf(), Some(fingerprint));
                }
                true
            }
            _ => false,
        }
    }
}

/// Every known rules root and what it holds now.
fn observe(session: &Session) -> Vec<(PathBuf, Observed)> {
    session.with_index(|index, _| {
        index
            .roots()
            .map(|r| {
                let observed = match (&r.file, &r.latest) {
                    _ if r.is_broken() => Observed::Broken,
                    (Some(file), Some(latest)) => {
                        Observed::Rules(Some((file.clone(), export::rules_of(&latest.set))))
                    }
                    (Some(_), None) => Observed::Broken,
                    (None, _) => Observed::Rules(None),
                };
                (r.dir.clone(), observed)
            })
            .collect()
    })
}

/// Before rules are read again: the rules of roots loaded since the last reload (a package's,
/// when a document in it was opened) are what a change is measured against.
pub fn before_reload(session: &Session) {
    let observed = observe(session);
    let mut state = session.exports.state();
    for (dir, observed) in observed {
        if let Observed::Rules(fingerprint) = observed {
            state.seen.entry(dir).or_insert(fingerprint);
        }
    }
}

/// After rules were read again: each rules root whose active rules changed gets an export once
/// they stay the same (and parse) for [`DEBOUNCE`] — when `exportOnChange` is on. A broken rules
/// file cancels the export waiting for it; rules that change back cancel it too.
pub fn rules_reloaded(session: &Arc<Session>) {
    let on = session.context().config.export_on_change;
    let observed = observe(session);
    let mut due = Vec::new();
    {
        let mut state = session.exports.state();
        for (dir, observed) in observed {
            let fingerprint = match observed {
                Observed::Broken => {
                    state.pending.remove(&dir);
                    continue;
                }
                Observed::Rules(Some(f)) if on && state.seen.contains_key(&dir) => f,
                Observed::Rules(other) => {
                    // Off, a root seen for the first time, or no rules file: nothing to export.
                    state.pending.remove(&dir);
                    state.seen.insert(dir, other);
                    continue;
                }
            };
            if state.seen.get(&dir) == Some(&Some(fingerprint.clone())) {
                state.pending.remove(&dir);
                continue;
            }
            if state.pending.get(&dir).is_some_and(|(_, f)| *f == fingerprint) {
                continue; // already waiting for these rules
            }
            state.generation += 1;
            let generation = state.generation;
            state.pending.insert(dir.clone(), (generation, fingerprint));
            due.push((dir, generation));
        }
    }
    for (dir, generation) in due {
        let session = session.clone();
        tokio::spawn(async move {
            tokio::time::sleep(DEBOUNCE).await;
            // The rules changed again, broke, or changed back meanwhile: not this one.
            if session.exports.take(&dir, generation) {
                auto_export(&session, dir).await;
            }
        });
    }
}

/// The automatic export of one rules root.
async fn auto_export(session: &Arc<Session>, dir: PathBuf) {
    let _turn = session.exports.turn.lock().await;
    let worker = session.clone();
    let planned = session
        .background
        .run(PLAN_BUDGET, move |_| prepare(&worker, &[dir], None))
        .await;
    let (exported, problems) = match planned {
        Ok(done) => done,
        Err(stop) => {
            session.log_warning(format!(
                "autofix: the automatic export stopped: {}",
                stop.describe()
            ));
            return;
        }
    };
    for problem in problems {
        session.log(tracing::Level::INFO, format!("autofix: not exported: {problem}"));
    }
    if !exported.is_empty() {
        deliver(session, exported, Mode::Auto).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_lines_are_replaced() {
        let old = "# Mine\n\n<!-- begin -->\n- a\n<!-- end -->\n\nTail\n";
        let new = "# Mine\n\n<!-- begin -->\n- b\n- c\n<!-- end -->\n\nTail\n";
        let (range, text) = changed_lines(old, new);
        assert_eq!(&old[range.clone()], "- a\n");
        assert_eq!(text, "- b\n- c\n");
        let mut applied = old.to_string();
        applied.replace_range(range, &text);
        assert_eq!(applied, new);
        // Appending at the end, and a last line without its line end.
        let (range, text) = changed_lines("a\n", "a\n\nb\n");
        assert_eq!((range, text.as_str()), (2..2, "\nb\n"));
        let (range, text) = changed_lines("a\nb", "a\nc");
        assert_eq!((range, text.as_str()), (2..3, "c"));
        // Repeated lines never make the prefix and suffix overlap.
        let (range, text) = changed_lines("x\nx\n", "x\nx\nx\n");
        assert_eq!((range, text.as_str()), (4..4, "x\n"));
    }

    #[test]
    fn long_lists_of_files_are_cut_short() {
        let items: Vec<(String, ExportAction)> = (1..=6)
            .map(|i| (format!("f{i}.md"), ExportAction::Created))
            .collect();
        assert_eq!(
            listed(Locale::En, &items),
            "f1.md (created), f2.md (created), f3.md (created), f4.md (created), and 2 more"
        );
        assert_eq!(
            listed(Locale::Es, &items[..5]).matches("(creado)").count(),
            5,
            "five fit"
        );
    }

    #[test]
    fn agent_names_are_read_leniently_and_unknown_ones_refused() {
        assert_eq!(agents(&[]).unwrap(), None);
        assert_eq!(
            agents(&["Claude".into(), "agents".into(), "claude".into()]).unwrap(),
            Some(vec![Agent::Claude, Agent::Agents])
        );
        let e = agents(&["vim".into()]).unwrap_err();
        assert!(
            e.message.contains("unknown agent `vim`") && e.message.contains("kiro"),
            "{}",
            e.message
        );
    }
}
