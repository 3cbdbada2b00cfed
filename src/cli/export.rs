//! `autofix export`: writes the active rules into each agent's files — only autofix's managed
//! section of a file people also edit, and autofix's own generated files (removing the stale
//! ones) — or, with `--check`, prints the diff of what is stale and exits 1. In a monorepo each
//! package's rules file exports next to it. Reads and writes go through the access policy;
//! writes are atomic and compare before replacing.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::access::{AccessPolicy, Intent};
use crate::agent_files::export::{self, Agent, Change};
use crate::atomic::{self, ReplaceError};
use crate::i18n::Locale;
use crate::paths::display_path;
use crate::rules::{BuildOptions, RuleSet, store};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AgentName {
    /// AGENTS.md (Codex, Jules, Amp, Zed, …).
    Agents,
    /// CLAUDE.md; scoped rules in .claude/rules/autofix-*.md (paths).
    Claude,
    /// .cursor/rules/autofix.mdc (or .cursorrules); scoped rules in .cursor/rules/autofix-*.mdc (globs).
    Cursor,
    /// .github/copilot-instructions.md; scoped rules in .github/instructions/autofix-*.instructions.md (applyTo).
    Copilot,
    /// .clinerules (the file, or .clinerules/autofix.md in the folder).
    Cline,
    /// .roo/rules/autofix.md (or .roorules).
    Roo,
    /// .windsurf/rules/autofix.md; scoped rules in .windsurf/rules/autofix-*.md (globs).
    Windsurf,
    /// GEMINI.md.
    Gemini,
    /// .continue/rules/autofix.md; scoped rules in .continue/rules/autofix-*.md (globs).
    Continue,
    /// .kiro/steering/autofix.md; scoped rules in .kiro/steering/autofix-*.md (fileMatchPattern).
    Kiro,
}

impl AgentName {
    fn agent(self) -> Agent {
        match self {
            AgentName::Agents => Agent::Agents,
            AgentName::Claude => Agent::Claude,
            AgentName::Cursor => Agent::Cursor,
            AgentName::Copilot => Agent::Copilot,
            AgentName::Cline => Agent::Cline,
            AgentName::Roo => Agent::Roo,
            AgentName::Windsurf => Agent::Windsurf,
            AgentName::Gemini => Agent::Gemini,
            AgentName::Continue => Agent::Continue,
            AgentName::Kiro => Agent::Kiro,
        }
    }
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Without --agent, exports to each agent whose files or folders exist in the project: AGENTS.md
(agents), CLAUDE.md or .claude/ (claude), .cursor/ or .cursorrules (cursor),
.github/copilot-instructions.md or .github/instructions/ (copilot), .clinerules (cline), .roo/ or
.roorules (roo), .windsurf/ or .windsurfrules (windsurf), GEMINI.md or .gemini/ (gemini),
.continue/ (continue), .kiro/ (kiro).

In files people also edit only the part between <!-- autofix:begin --> and <!-- autofix:end -->
is rewritten (appended at the end when missing); your text around it stays byte for byte. Rules
scoped with Check.Files go to generated files of their own (autofix-*.mdc, …). A section or
generated file edited by hand is reported and left alone (--force overwrites it).

Exit codes: 0 exported (or already current), 1 with --check: something is stale (the diff is
printed), or something was left alone, 2 an error.")]
pub struct ExportArgs {
    /// The agent to export to (repeat for several). Default: the agents the project uses.
    #[arg(long = "agent", value_enum, value_name = "NAME")]
    pub agents: Vec<AgentName>,
    /// Write nothing: exit 1 with a unified diff when any export is stale, 0 when all are current.
    #[arg(long)]
    pub check: bool,
    /// Overwrite autofix's sections and generated files even when they were edited by hand.
    #[arg(long)]
    pub force: bool,
    /// The project folder. Default: the nearest folder above the current one with .git or a
    /// rules file, else the current folder.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
}

/// Plans the export of the rules file `file` (in force in `dir`) to `agents` (`None`: the
/// agents found in `dir`, else in `root`).
fn plan_one(
    policy: &AccessPolicy,
    root: &Path,
    dir: &Path,
    file: &Path,
    agents: Option<&[Agent]>,
    force: bool,
    locale: Locale,
) -> Result<export::Plan, String> {
    let shown = display_path(file, root);
    let (_, text) = policy
        .read_checked(file, Intent::ReadConfig, crate::access::MAX_RULES_BYTES)
        .map_err(|e| e.to_string())?;
    let set = RuleSet::from_text(file, &text, BuildOptions::default());
    if !set.is_usable() {
        return Err(format!(
            "{}\n{shown} has errors; fix them first — nothing was exported from it",
            set.render_fatal(&shown, locale)
        ));
    }
    let agents = export::agents_for(dir, root, agents);
    if agents.is_empty() {
        return Err(format!(
            "no agent files in {} (AGENTS.md, CLAUDE.md, .cursor/, .github/copilot-instructions.md, …): name the agents with --agent (agents, claude, cursor, copilot, cline, roo, windsurf, gemini, continue, kiro)",
            root.display()
        ));
    }
    let read = |path: &Path| export::read_target(policy, path);
    Ok(export::plan(&set, file, dir, &agents, &read, force))
}

/// A unified diff of one change.
fn diff(path: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

/// Applies one change through the policy; `Err` says why it was not.
fn apply(policy: &AccessPolicy, dir: &Path, change: &Change) -> Result<(), String> {
    let path = dir.join(change.path());
    let target = policy.check(&path, Intent::Write).map_err(|e| e.to_string())?;
    let changed = |e: ReplaceError| match e {
        ReplaceError::Changed => {
            "changed on disk while exporting (someone saved it): nothing written — export again".to_string()
        }
        ReplaceError::Io(e) => e.to_string(),
    };
    match change {
        Change::Create { new, .. } => {
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            atomic::create_new(&target, new.as_bytes()).map_err(changed)
        }
        Change::Update { old, new, .. } => {
            atomic::write_if_unchanged(&target, old.as_bytes(), new.as_bytes()).map_err(changed)
        }
        Change::Remove { old, .. } => {
            let now = std::fs::read(&target).map_err(|e| e.to_string())?;
            if now != old.as_bytes() {
                return Err(changed(ReplaceError::Changed));
            }
            std::fs::remove_file(&target).map_err(|e| e.to_string())
        }
        Change::Current { .. } | Change::Conflict { .. } => Ok(()),
    }
}

pub fn run(args: ExportArgs) -> ExitCode {
    let locale = Locale::from_env();
    let cwd = std::env::current_dir().unwrap_or_default();
    let root = crate::agent::init::project_root(args.root.as_deref(), &cwd);
    let Ok(root) = std::fs::canonicalize(&root).and_then(|r| {
        if r.is_dir() {
            Ok(r)
        } else {
            Err(std::io::ErrorKind::NotADirectory.into())
        }
    }) else {
        eprintln!("autofix export: {} is not a folder", root.display());
        return ExitCode::from(2);
    };
    let policy = AccessPolicy::new([&root]);
    let roots = export::rules_roots(&root);
    if roots.is_empty() {
        eprintln!(
            "autofix export: no rules file under {} (looked for {}) — learn a rule (`autofix learn`) or import the agents' files (`autofix import --write`) first",
            root.display(),
            store::LOCATIONS.join(", ")
        );
        return ExitCode::from(2);
    }
    let asked: Vec<Agent> = args.agents.iter().map(|a| a.agent()).collect();
    let agents = (!asked.is_empty()).then_some(asked.as_slice());
    let mut error = false;
    let mut stale = false;
    let mut out = String::new();
    let mut notes = String::new();
    for (dir, file) in &roots {
        let exported = match plan_one(&policy, &root, dir, file, agents, args.force, locale) {
            Ok(e) => e,
            Err(message) => {
                eprintln!("autofix export: {message}");
                error = true;
                continue;
            }
        };
        let show = |rel: &str| display_path(&exported.dir.join(rel), &root);
        for refused in &exported.refused {
            notes.push_str(&format!(
                "left alone: {}: {}\n",
                show(&refused.path),
                refused.reason
            ));
            stale = true;
        }
        for change in &exported.changes {
            let shown = show(change.path());
            if let Change::Conflict { conflict, .. } = change {
                notes.push_str(&format!(
                    "left alone: {shown}: {}{}\n",
                    conflict.reason(),
                    conflict.forced().unwrap_or("")
                ));
                stale = true;
                continue;
            }
            if !change.writes() {
                continue;
            }
            stale = true;
            if args.check {
                let (old, new) = match change {
                    Change::Create { new, .. } => ("", new.as_str()),
                    Change::Update { old, new, .. } => (old.as_str(), new.as_str()),
                    Change::Remove { old, .. } => (old.as_str(), ""),
                    _ => continue,
                };
                out.push_str(&diff(&shown, old, new));
                continue;
            }
            match apply(&policy, &exported.dir, change) {
                Ok(()) => {
                    let verb = match change {
                        Change::Create { .. } => "created",
                        Change::Update { .. } => "updated",
                        _ => "removed",
                    };
                    out.push_str(&format!("{verb} {shown}\n"));
                }
                Err(e) => {
                    eprintln!("autofix export: {shown}: {e}");
                    error = true;
                }
            }
        }
    }
    print!("{out}");
    eprint!("{notes}");
    if error {
        return ExitCode::from(2);
    }
    if args.check {
        if stale {
            eprintln!("autofix export --check: the agent files are stale — run `autofix export`");
            return ExitCode::from(1);
        }
        println!("the agent files are current");
        return ExitCode::SUCCESS;
    }
    if out.is_empty() && notes.is_empty() {
        println!("nothing to change: the agent files are current");
    }
    if !notes.is_empty() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
