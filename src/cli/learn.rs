//! `autofix learn`: append the next rule to the rules file — under an exclusive lock, written
//! atomically, never deleting or reformatting another rule. The rules file passes the access
//! policy (inside its project, not a link out, not blocked); `--unrestricted` lifts it. While an
//! editor waits for the user to approve a learned rule it holds the lock: `learn` waits a while,
//! then says so rather than take the same number.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

use crate::access::{AccessPolicy, Intent};
use crate::i18n::Locale;
use crate::paths::{absolute, display_path};
use crate::rules::CheckObject;
use crate::rules::index::{Disk, RulesIndex};
use crate::rules::learn::{self, LearnError, NewRule};
use crate::rules::store::{self, LOCK_PATIENCE, RootLock};

#[derive(clap::Args, Debug)]
pub struct LearnArgs {
    /// STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX or OTHER (any case, `[CODE]` too).
    pub category: String,
    /// The rule, imperative: "Never/Always do X - because Y".
    pub instruction: String,
    /// Why the rule exists.
    #[arg(long)]
    pub why: String,
    /// A regex whose matches are violations (the rule's `Check.Pattern`).
    #[arg(long)]
    pub pattern: Option<String>,
    /// A regex every file in scope must match (`Check.Require`).
    #[arg(long)]
    pub require: Option<String>,
    /// Globs of the files the check covers (repeat; `!` excludes).
    #[arg(long = "files", value_name = "GLOB")]
    pub files: Vec<String>,
    /// Globs of paths where files must not be (repeat).
    #[arg(long = "forbidden-path", value_name = "GLOB")]
    pub forbidden_paths: Vec<String>,
    /// Spaces per nesting level: lines of a block indented otherwise are violations
    /// (`Check.Indent`).
    #[arg(long, value_name = "SPACES")]
    pub indent: Option<usize>,
    /// Where a `--pattern` match counts: code, comments, strings or any (the default).
    #[arg(long, value_name = "CONTEXT")]
    pub within: Option<String>,
    /// Replacement for `--pattern` matches (`$1`, `${name}`).
    #[arg(long)]
    pub fix: Option<String>,
    /// error, warning, information or hint.
    #[arg(long)]
    pub severity: Option<String>,
    /// The diagnostic message (default: the instruction).
    #[arg(long)]
    pub message: Option<String>,
    /// Rule numbers this rule replaces (repeat).
    #[arg(long = "supersedes", value_name = "N")]
    pub supersedes: Vec<u64>,
    /// The project folder. Default: the nearest folder above the current one with a rules
    /// file, else the enclosing git repository, else the current folder.
    #[arg(long, value_name = "DIR", conflicts_with = "user")]
    pub root: Option<PathBuf>,
    /// Learn into your own user rules file (`~/.config/autofix/autofix.json`, or
    /// `$AUTOFIX_USER_RULES`), in force under every project's rules.
    #[arg(long)]
    pub user: bool,
    /// Write the rules file wherever it is: no containment, ignore files or protected paths.
    #[arg(long)]
    pub unrestricted: bool,
}

impl LearnArgs {
    fn check(&self) -> Option<Value> {
        let object = CheckObject {
            files: self.files.clone(),
            pattern: self.pattern.clone(),
            require: self.require.clone(),
            forbidden_paths: self.forbidden_paths.clone(),
            indent: self.indent,
            within: self.within.clone(),
            fix: self.fix.clone(),
            severity: self.severity.clone(),
            message: self.message.clone(),
        };
        object.non_empty().map(|o| o.to_value())
    }
}

/// The rules file a learner writes to: the root's file in force, or a new `.agents/autofix.json`.
pub fn target(root: Option<&Path>, cwd: &Path) -> PathBuf {
    if let Some(root) = root {
        return store::rules_file_in(root).unwrap_or_else(|| root.join(store::DEFAULT_LOCATION));
    }
    // The same discovery as `check` and the editor: the nearest rules file, never above the
    // repository root; else a new one at the repository root, else here.
    let index = RulesIndex::default();
    let found = index.discover(cwd, &Disk);
    if let Some(file) = found
        .rules
        .as_deref()
        .and_then(|dir| store::LOCATIONS.iter().map(|l| dir.join(l)).find(|p| p.exists()))
    {
        return file;
    }
    found
        .repository
        .unwrap_or_else(|| cwd.to_path_buf())
        .join(store::DEFAULT_LOCATION)
}

pub fn run(args: LearnArgs) -> ExitCode {
    let locale = Locale::from_env();
    let cwd = std::env::current_dir().unwrap_or_default();
    let path = if args.user {
        let Some(path) = crate::rules::user::location() else {
            eprintln!(
                "autofix learn: no place for user rules: no home folder is known and {} is empty — set {} to the file to use",
                crate::rules::user::ENV,
                crate::rules::user::ENV
            );
            return ExitCode::from(2);
        };
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            eprintln!("autofix learn: cannot create {}: {e}", dir.display());
            return ExitCode::from(2);
        }
        path
    } else {
        target(args.root.as_deref().map(absolute).as_deref(), &cwd)
    };
    let rule = NewRule {
        category: args.category.clone(),
        instruction: args.instruction.clone(),
        why: args.why.clone(),
        check: args.check(),
        supersedes: args.supersedes.clone(),
    };
    let shown = display_path(&path, &cwd);
    let root = store::root_of(&path);
    // The user's own file is no project's: it may be a link into a dotfiles repository.
    let policy = (!args.unrestricted && !args.user).then(|| AccessPolicy::new([&root]));
    if let Some(policy) = &policy
        && let Err(e) = policy.check(&path, Intent::Write)
    {
        let given = PathBuf::from(&shown);
        eprintln!(
            "autofix learn: {}",
            super::apply_diff::refusal(&e, &given, &path, &root)
        );
        return ExitCode::from(2);
    }
    let lock = match RootLock::acquire_within(&root, LOCK_PATIENCE) {
        Ok(Some(lock)) => lock,
        Ok(None) => {
            eprintln!(
                "autofix learn: {shown} has been locked by another learner for {} s — an editor may be waiting for you to approve a learned rule; accept or reject it, then learn again",
                LOCK_PATIENCE.as_secs()
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("autofix learn: cannot lock {}: {e}", root.display());
            return ExitCode::from(2);
        }
    };
    // The policy is checked again under the lock: the file may have changed while we waited.
    let result = store::update_locked(&lock, &path, policy.as_ref(), |current| {
        let plan = learn::plan(current, &rule)?;
        Ok::<_, LearnError>((plan.content.clone(), plan))
    });
    match result {
        Ok(plan) => {
            for warning in &plan.warnings {
                eprintln!("warning: {}", warning.message(locale));
            }
            println!(
                "{}",
                learn::learned_message(locale, plan.number, plan.category, &rule.instruction, &shown)
            );
            ExitCode::SUCCESS
        }
        Err(store::UpdateError::Refused(LearnError::Broken {
            line,
            column,
            message,
        })) => {
            eprintln!("{shown}:{line}:{column}: {message}");
            eprintln!("autofix learn: {shown} was not changed; fix it first, then learn again");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("autofix learn: {e}");
            ExitCode::from(2)
        }
    }
}
