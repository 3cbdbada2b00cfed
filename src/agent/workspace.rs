//! A project as an agent's tools see it: its roots, the access policy over them, the rules that
//! govern each file (re-read when a rules file changes on disk), and the operations offered to
//! an agent — the rules for a file, a check, learning a rule, enforcing a rule with a check it
//! wrote, applying a diff — each returning a typed result or an error written for the agent
//! that reads it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::access::{AccessError, AccessPolicy, Intent, MAX_RULES_BYTES, MAX_TEXT_BYTES, ReadError};
use crate::cli::check::report_text;
use crate::cli::format::Report;
use crate::diff::{self, Mistakes, Outcome, SearchOptions};
use crate::i18n::Locale;
use crate::paths::display_path;
use crate::rules::index::{Boundary, Disk, LoadedRules, RulesIndex};
use crate::rules::learn::{self, LearnError, NewRule};
use crate::rules::listing::{self, RuleEntry};
use crate::rules::store::{self, LOCK_PATIENCE, RootLock};
use crate::rules::{BuildOptions, Category, user};

mod enforce;
pub use enforce::{EnforceOptions, Enforced, Found, Place, Sample, Sampled, WithoutCheck};

/// An error for the agent: what went wrong and what to do, in one message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AgentError(pub String);

impl AgentError {
    fn new(message: impl Into<String>) -> AgentError {
        AgentError(message.into())
    }
}

/// The rules in force for one file, newest first.
#[derive(Debug, Clone)]
pub struct RulesFor {
    /// The rules file, relative to the first root.
    pub rules_file: String,
    /// The file asked about, relative to the rules file's folder.
    pub path: String,
    pub rules: Vec<RuleEntry>,
    /// Why the rules shown may not be the file's latest text (it is broken: the last good rules
    /// are in force).
    pub warning: Option<String>,
}

/// A check's report, and a warning when the rules used are not the latest text.
#[derive(Debug, Clone)]
pub struct Checked {
    pub report: Report,
    pub warning: Option<String>,
}

/// A rule learned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learned {
    pub rule_number: u64,
    pub category: Category,
    /// The rules file written, relative to the first root.
    pub path: String,
    /// The seed's message ("Learned rule #N …" / "Regla aprendida #N …").
    pub message: String,
    pub warnings: Vec<String>,
}

/// A diff applied (or tried).
#[derive(Debug, Clone)]
pub struct Applied {
    /// The file, relative to the first root.
    pub path: String,
    pub outcome: Outcome,
    /// The file was written (not a dry run, something changed).
    pub written: bool,
}

/// What a rules file looked like when its rules were loaded, to notice that it changed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    file: Option<PathBuf>,
    text: Option<String>,
}

struct State {
    index: RulesIndex,
    mistakes: Mistakes,
}

/// One project (or several roots) served to an agent.
pub struct Workspace {
    roots: Vec<PathBuf>,
    policy: Arc<AccessPolicy>,
    locale: Locale,
    state: Mutex<State>,
    /// Why the user rules file cannot be used now, if it cannot.
    user_problem: Mutex<Option<String>>,
}

impl Workspace {
    /// A workspace over `roots` (folders that exist; the first one is where relative paths start).
    pub fn new(roots: Vec<PathBuf>, locale: Locale) -> Workspace {
        let roots: Vec<PathBuf> = roots
            .iter()
            .map(|r| std::fs::canonicalize(r).unwrap_or_else(|_| crate::paths::absolute(r)))
            .collect();
        let policy = Arc::new(AccessPolicy::new(&roots));
        let boundary = Boundary::Nearest {
            folders: roots.clone(),
            rules_file: None,
            policy: Some(policy.clone()),
        };
        Workspace {
            state: Mutex::new(State {
                index: RulesIndex::new(boundary, BuildOptions { inferred: true }),
                mistakes: Mistakes::new(),
            }),
            roots,
            policy,
            locale,
            user_problem: Mutex::default(),
        }
    }

    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    fn base(&self) -> &Path {
        self.roots.first().map_or(Path::new("/"), PathBuf::as_path)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the state leaves nothing half-written that matters: the index
        // is rebuilt from disk on the next call.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `given` (absolute inside a root, or relative to the first) as a path the policy allows
    /// for `intent`: the canonical path. A refusal says which rule refused and what to do.
    pub fn resolve(&self, given: &str, intent: Intent) -> Result<PathBuf, AgentError> {
        let given = given.trim();
        if given.is_empty() {
            return Err(AgentError::new(
                "`path` is empty: give a file path, absolute inside the project or relative to its root",
            ));
        }
        if given.contains('\0') {
            return Err(AgentError::new(
                "`path` holds a NUL character: give a real file path",
            ));
        }
        let path = Path::new(given);
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.base().join(path)
        };
        let absolute = crate::paths::absolute(&absolute);
        self.policy
            .check(&absolute, intent)
            .map_err(|e| self.refusal(&e, given, &absolute))
    }

    fn refusal(&self, error: &AccessError, given: &str, absolute: &Path) -> AgentError {
        let text = error
            .to_string()
            .replacen(&absolute.display().to_string(), given, 1);
        let hint = match error {
            AccessError::OutsideWorkspace { .. } => {
                " (the root comes from `autofix mcp --root DIR`, else the client's roots, else the folder the server started in)"
            }
            _ => "",
        };
        AgentError(format!("{text}{hint}"))
    }

    /// Brings the loaded rules up to date with the disk: a rules file edited, created, removed
    /// or broken since it was read is read again. Cheap: rules files are small.
    fn refresh(&self, index: &mut RulesIndex) {
        index.forget_discovery();
        if self.refresh_user_rules(index) {
            index.reload_all(&Disk);
            return;
        }
        let stale: Vec<PathBuf> = index
            .roots()
            .filter(|root| {
                let now = seen_on_disk(&root.dir);
                let then = root.latest.as_ref().map(|l| &*l.set.source);
                now.file != root.file || now.text.as_deref() != then
            })
            .map(|root| root.dir.clone())
            .collect();
        for dir in stale {
            index.load(&dir, &Disk);
        }
    }

    /// Reads the user rules file again when it changed; true when the rules in force changed.
    /// A broken one leaves the last good user rules in force, and [`Workspace::governing`] says so.
    fn refresh_user_rules(&self, index: &mut RulesIndex) -> bool {
        let current = index.user_rules().cloned();
        let mut problem = self.user_problem.lock().unwrap_or_else(|e| e.into_inner());
        match user::reload(current.as_ref(), index.options()) {
            Ok(rules) => {
                *problem = None;
                let changed = !user::same(current.as_ref(), rules.as_ref());
                if changed {
                    index.set_user_rules(rules);
                }
                changed
            }
            Err(e) => {
                *problem = Some(e.message);
                false
            }
        }
    }

    /// The rule set governing `path` (last good one), and a warning when the rules file is
    /// broken now. `Err` when no rules file governs it or none was ever usable.
    fn governing(
        &self,
        index: &mut RulesIndex,
        path: &Path,
    ) -> Result<(Arc<LoadedRules>, Option<String>), AgentError> {
        self.refresh(index);
        let base = self.base().to_path_buf();
        let root = index.root_for(path, &Disk);
        let entry = root.as_deref().and_then(|r| index.root(r));
        // A folder with no rules file of its own may still be governed by the user's rules.
        let Some(entry) = entry.filter(|e| e.file.is_some() || e.good.is_some()) else {
            return Err(AgentError(format!(
                "no rules file governs {}: looked for {} in each folder above it — learn a first rule with the learn_rule tool",
                display_path(path, &base),
                store::LOCATIONS.join(", ")
            )));
        };
        let file = entry
            .file
            .clone()
            .or_else(|| entry.good.as_ref().map(|g| g.set.path.clone()))
            .unwrap_or_default();
        let file = display_path(&file, &base);
        let user_problem = self
            .user_problem
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .map(|p| format!("{p}; the last good user rules stay in force"));
        let broken = match (&entry.read_error, &entry.latest) {
            (Some(error), _) => Some(format!("{file}: {error}")),
            (None, Some(latest)) if !latest.set.is_usable() => {
                Some(latest.set.render_fatal(&file, self.locale))
            }
            _ => None,
        };
        match (&entry.good, broken) {
            (Some(good), None) => Ok((good.clone(), user_problem)),
            (Some(good), Some(problems)) => Ok((
                good.clone(),
                Some(format!(
                    "{file} has errors, so the last good version of its rules is in force — fix it:\n{problems}"
                )),
            )),
            (None, Some(problems)) => Err(AgentError(format!(
                "{problems}\n{file} has errors and no earlier version of it was usable; nothing was checked — fix it first"
            ))),
            (None, None) => Err(AgentError(format!("{file}: the rules file could not be read"))),
        }
    }

    /// The rules in force for `path` after precedence, newest first.
    pub fn rules_for(&self, path: &str) -> Result<RulesFor, AgentError> {
        let target = self.resolve(path, Intent::ReadConfig)?;
        let mut state = self.state();
        let (loaded, warning) = self.governing(&mut state.index, &target)?;
        let set = &loaded.set;
        let rel = set.relative_path(&target).unwrap_or_else(|| path.to_string());
        Ok(RulesFor {
            rules_file: display_path(&set.path, self.base()),
            rules: listing::active_for(set, Some(&rel)),
            path: rel,
            warning,
        })
    }

    /// Checks `path`: its text on disk, or `content` (an agent's unsaved text) as that file.
    pub fn check(&self, path: &str, content: Option<&str>) -> Result<Checked, AgentError> {
        let target = self.resolve(path, Intent::Read)?;
        let text = match content {
            Some(text) => {
                if text.len() as u64 > MAX_TEXT_BYTES {
                    return Err(AgentError(format!(
                        "`content` is larger than {} MiB; check a smaller file",
                        MAX_TEXT_BYTES >> 20
                    )));
                }
                text.to_string()
            }
            None => self.read(path, &target, Intent::Read)?,
        };
        let mut state = self.state();
        let (loaded, warning) = self.governing(&mut state.index, &target)?;
        drop(state);
        let report = report_text(&loaded.set, &target, &text, self.base());
        Ok(Checked { report, warning })
    }

    fn read(&self, given: &str, target: &Path, intent: Intent) -> Result<String, AgentError> {
        match self.policy.read_checked(target, intent, MAX_TEXT_BYTES) {
            Ok((_, text)) => Ok(text),
            Err(AccessError::Read(ReadError::NotUtf8 { .. })) => Err(AgentError(format!(
                "{given}: not UTF-8 text; autofix checks and edits text files only"
            ))),
            Err(AccessError::Read(e)) if e.is_not_found() => Err(AgentError(format!(
                "{given}: no such file — to check text not saved yet, pass it as `content`"
            ))),
            Err(e) => Err(self.refusal(&e, given, target)),
        }
    }

    /// The rules file a learned rule goes to: the one in force at the first root, else a new
    /// `.agents/autofix.json` there.
    fn learn_target(&self) -> PathBuf {
        let root = self.base();
        store::rules_file_in(root).unwrap_or_else(|| root.join(store::DEFAULT_LOCATION))
    }

    /// The lock of the project of rules file `path` (shown to the agent as `shown`), once the
    /// policy allows writing it; a refusal, or a wait for another writer, said for the agent.
    fn lock_for_writing(&self, path: &Path, shown: &str) -> Result<RootLock, AgentError> {
        self.policy
            .check(path, Intent::Write)
            .map_err(|e| self.refusal(&e, shown, path))?;
        let root = store::root_of(path);
        match RootLock::acquire_within(&root, LOCK_PATIENCE) {
            Ok(Some(lock)) => Ok(lock),
            Ok(None) => Err(AgentError(format!(
                "{shown} has been locked by another writer for {} s — an editor may be waiting for its user to approve a learned rule; try again in a moment",
                LOCK_PATIENCE.as_secs()
            ))),
            Err(e) => Err(AgentError(format!("cannot lock {}: {e}", root.display()))),
        }
    }

    /// Appends `rule` as the next rule: under the project's lock, validated as the command line
    /// does, written atomically through the access policy.
    pub fn learn(&self, rule: &NewRule) -> Result<Learned, AgentError> {
        let path = self.learn_target();
        let shown = display_path(&path, self.base());
        let root = store::root_of(&path);
        let lock = self.lock_for_writing(&path, &shown)?;
        let result = store::update_locked(&lock, &path, Some(&self.policy), |current| {
            let plan = learn::plan(current, rule)?;
            Ok::<_, LearnError>((plan.content.clone(), plan))
        });
        drop(lock);
        match result {
            Ok(plan) => {
                // The next call re-reads it anyway; loading now keeps the index warm.
                let mut state = self.state();
                state.index.forget_discovery();
                state.index.load(&root, &Disk);
                Ok(Learned {
                    rule_number: plan.number,
                    category: plan.category,
                    message: learn::learned_message(
                        self.locale,
                        plan.number,
                        plan.category,
                        &rule.instruction,
                        &shown,
                    ),
                    path: shown,
                    warnings: plan
                        .warnings
                        .iter()
                        .map(|w| w.message(self.locale).to_string())
                        .collect(),
                })
            }
            Err(store::UpdateError::Refused(LearnError::Broken {
                line,
                column,
                message,
            })) => Err(AgentError(format!(
                "{shown}:{line}:{column}: {message}\n{shown} was not changed; it must be fixed before a rule can be learned"
            ))),
            Err(store::UpdateError::Refused(e)) => Err(AgentError(format!("{e}; nothing was written"))),
            Err(store::UpdateError::Access(e)) => Err(self.refusal(&e, &shown, &path)),
            Err(e) => Err(AgentError(e.to_string())),
        }
    }

    /// Applies a SEARCH/REPLACE `diff` to `path` (or only reports, with `dry_run`): the access
    /// policy for writing, the file compared before it is replaced, and consecutive failures
    /// on the same file counted so the report escalates its advice.
    pub fn apply_diff(
        &self,
        path: &str,
        diff_text: &str,
        threshold: Option<f64>,
        dry_run: bool,
    ) -> Result<Applied, AgentError> {
        let threshold = threshold.unwrap_or(1.0);
        if !(0.0..=1.0).contains(&threshold) || threshold.is_nan() {
            return Err(AgentError(format!(
                "`threshold` is {threshold}: give a similarity between 0 and 1 (1 = exact up to whitespace, the default)"
            )));
        }
        if diff_text.len() as u64 > MAX_TEXT_BYTES {
            return Err(AgentError(format!(
                "the diff is larger than {} MiB; split it into smaller diffs",
                MAX_TEXT_BYTES >> 20
            )));
        }
        let target = self.resolve(path, Intent::Write)?;
        let original = self.read(path, &target, Intent::Write)?;
        let parsed = diff::parse(diff_text).map_err(|e| AgentError(format!("malformed diff: {e}")))?;
        let options = SearchOptions {
            threshold,
            buffer_lines: 40,
            start_line: None,
            budget: crate::budget::Budget::unlimited(),
        };
        let mut outcome = diff::apply(&original, &parsed, &options);
        if !dry_run {
            self.state().mistakes.record(&target, &mut outcome);
        }
        let shown = display_path(&target, self.base());
        let changed = outcome.content.as_deref().is_some_and(|c| c != original);
        let mut written = false;
        if changed
            && !dry_run
            && let Some(content) = &outcome.content
        {
            match crate::atomic::write_if_unchanged(&target, original.as_bytes(), content.as_bytes()) {
                Ok(()) => written = true,
                Err(crate::atomic::ReplaceError::Changed) => {
                    return Err(AgentError(format!(
                        "{shown}: the file changed while the diff was applied (an editor saved it?); nothing was written — read it again and retry"
                    )));
                }
                Err(crate::atomic::ReplaceError::Io(e)) => {
                    return Err(AgentError(format!("{shown}: cannot write: {e}")));
                }
            }
        }
        if !dry_run {
            outcome.content = None;
        }
        Ok(Applied {
            path: shown,
            outcome,
            written,
        })
    }

    /// Every rules file in force over the roots found so far (those of the roots themselves,
    /// and any met while answering), with its folder.
    pub fn rules_files(&self) -> Vec<PathBuf> {
        let mut state = self.state();
        self.fresh_files(&mut state)
    }

    /// The roots' rules files, loaded and brought up to date with the disk.
    fn fresh_files(&self, state: &mut State) -> Vec<PathBuf> {
        for root in &self.roots {
            state.index.root_for_dir(root, &Disk);
        }
        self.refresh(&mut state.index);
        let mut files: Vec<PathBuf> = state.index.roots().filter_map(|r| r.file.clone()).collect();
        files.sort();
        files.dedup();
        files
    }

    /// The text of a rules file in force, as on disk now.
    pub fn rules_file_text(&self, path: &Path) -> Result<String, AgentError> {
        self.rules_file_texts()
            .into_iter()
            .find(|(file, _)| file == path)
            .map(|(_, text)| text)
            .ok_or_else(|| AgentError(format!("{}: not a rules file of this project", path.display())))
    }

    /// Every rules file in force with its text. The texts are those the index just compared with
    /// the disk (read through the policy), so nothing is read twice; a file that cannot be read
    /// is left out.
    pub fn rules_file_texts(&self) -> Vec<(PathBuf, String)> {
        let mut state = self.state();
        let files = self.fresh_files(&mut state);
        files
            .into_iter()
            .filter_map(|file| {
                let root = state.index.root(&store::root_of(&file))?;
                let latest = root.latest.as_ref().filter(|_| root.read_error.is_none())?;
                (latest.set.path == file).then(|| (file, latest.set.source.to_string()))
            })
            .collect()
    }

    /// The active rules of every rules file, as markdown for a model to read.
    pub fn rules_markdown(&self) -> String {
        let files = self.rules_files();
        let locale = self.locale;
        let mut out = format!("# {}\n", locale.pick("Active rules", "Reglas activas"));
        if files.is_empty() {
            out.push_str(&format!(
                "\n{}\n",
                locale.pick(
                    "No rules file yet: learn a first rule with the learn_rule tool.",
                    "Aún no hay archivo de reglas: aprende una primera regla con la herramienta learn_rule."
                )
            ));
            return out;
        }
        let state = self.state();
        for file in files {
            let dir = store::root_of(&file);
            let shown = display_path(&file, self.base());
            out.push_str(&format!("\n## {shown}\n\n"));
            let Some(entry) = state.index.root(&dir) else {
                continue;
            };
            if let Some(error) = &entry.read_error {
                out.push_str(&format!("- {error}\n"));
            }
            let Some(good) = entry.good.clone() else {
                out.push_str(&format!(
                    "{}\n",
                    locale.pick(
                        "The rules file has errors and no usable version.",
                        "El archivo de reglas tiene errores y ninguna versión utilizable."
                    )
                ));
                continue;
            };
            if entry.is_broken() {
                out.push_str(&format!(
                    "> {}\n\n",
                    locale.pick(
                        "The rules file has errors: the last good version is shown.",
                        "El archivo de reglas tiene errores: se muestra la última versión buena."
                    )
                ));
            }
            let rules = listing::active_for(&good.set, None);
            if rules.is_empty() {
                out.push_str(&format!(
                    "{}\n",
                    locale.pick("No active rules.", "No hay reglas activas.")
                ));
            }
            // One line per rule: a rule's line breaks would let a hostile rules file write what
            // reads as other rules, or as instructions to the model.
            for r in rules {
                out.push_str(&format!(
                    "- **{} [{}]** {} — _{}: {}_\n",
                    user::label(r.key),
                    r.category,
                    crate::text::one_line(&r.instruction),
                    locale.pick("why", "por qué"),
                    crate::text::one_line(&r.why)
                ));
            }
        }
        drop(state);
        out
    }
}

/// The rules file in force in `dir` now, and its text (`None` when it cannot be read: the
/// index records why on its next load).
fn seen_on_disk(dir: &Path) -> Seen {
    let file = store::rules_file_in(dir);
    let text = file
        .as_deref()
        .and_then(|f| crate::access::read_text(f, MAX_RULES_BYTES).ok());
    Seen { file, text }
}
