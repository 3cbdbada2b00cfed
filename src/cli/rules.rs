//! `autofix rules`: the active constraints after precedence, newest first — what an agent reads
//! before a task — for the whole project or for one file; `--enforce N` writes rule N's inferred
//! and proposed checks into it as its `Check` (or, with `--check JSON`, a check written by hand
//! or by an agent for a rule whose words give none).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::access::{AccessPolicy, Intent};
use crate::i18n::Locale;
use crate::paths::{absolute, display_path};
use crate::rules::index::{Boundary, Disk, RulesIndex};
use crate::rules::listing::{self, RuleEntry};
use crate::rules::store::{LOCK_PATIENCE, RootLock, UpdateError};
use crate::rules::{BuildOptions, RuleSet, infer, store, user};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesFormat {
    Md,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// Only the rules that concern this file (rules with a check covering it, and rules with
    /// no check at all).
    #[arg(long = "for", value_name = "PATH")]
    pub for_path: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = RulesFormat::Md)]
    pub format: RulesFormat,
    /// Show each rule's checks, and for inferred ones the words they were inferred from.
    #[arg(long)]
    pub explain: bool,
    /// Only explicit checks: do not infer checks from the words of rules without one.
    #[arg(long)]
    pub no_inferred: bool,
    /// The project folder whose rules file to read (default: the nearest above the file given
    /// with --for, or above the current folder).
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Write rule N's inferred checks, and the check proposed for an exception no file shows
    /// ("without a documented reason"), into the rule as its `Check` — then they are enforced as
    /// written. Mark each justified use with `autofix-ignore: N`.
    #[arg(long, value_name = "N", conflicts_with_all = ["for_path", "format", "explain", "no_inferred"])]
    pub enforce: Option<u64>,
    /// With --enforce: write this `Check` (JSON, as in autofix.json: an object or an array of
    /// them) into the rule instead of what its words give; validated like autofix.json.
    #[arg(long, value_name = "JSON", requires = "enforce")]
    pub check: Option<String>,
    /// With --check: replace the rule's `Check` if it has one.
    #[arg(long, requires = "check")]
    pub replace: bool,
}

pub fn run(args: RulesArgs) -> ExitCode {
    let locale = Locale::from_env();
    let cwd = std::env::current_dir().unwrap_or_default();
    let start = args.for_path.as_deref().map(absolute).map(|p| {
        if p.is_dir() {
            p
        } else {
            p.parent().map(PathBuf::from).unwrap_or(p)
        }
    });
    let options = BuildOptions {
        inferred: !args.no_inferred,
    };
    let boundary = args
        .root
        .as_deref()
        .map(absolute)
        .map_or_else(Boundary::nearest, Boundary::Fixed);
    let mut index = RulesIndex::new(boundary, options);
    match user::load(options) {
        Ok(user) => index.set_user_rules(user),
        Err(e) => {
            eprintln!("autofix rules: {e}");
            return ExitCode::from(2);
        }
    }
    let here = start.as_deref().unwrap_or(&cwd);
    // A folder with no rules file of its own may still be governed by the user's rules.
    let entry = index
        .root_for_dir(here, &Disk)
        .and_then(|root| index.root(&root))
        .filter(|r| r.file.is_some() || r.good.is_some());
    let Some(entry) = entry else {
        eprintln!(
            "autofix rules: no rules file found: looked for {} in each folder above {} — create one with `autofix learn`",
            store::LOCATIONS.join(", "),
            here.display()
        );
        return ExitCode::from(2);
    };
    let file = entry
        .file
        .clone()
        .or_else(|| entry.good.as_ref().map(|g| g.set.path.clone()))
        .unwrap_or_default();
    if let Some(error) = &entry.read_error {
        eprintln!("autofix rules: {}: {error}", file.display());
        return ExitCode::from(2);
    }
    if let Some(number) = args.enforce {
        let Some(file) = &entry.file else {
            eprintln!(
                "autofix rules: --enforce writes into a project's rules file, and {} has none — learn a rule first (`autofix learn`)",
                here.display()
            );
            return ExitCode::from(2);
        };
        let check = match args
            .check
            .as_deref()
            .map(serde_json::from_str::<serde_json::Value>)
        {
            None => None,
            Some(Ok(check)) => Some(check),
            Some(Err(e)) => {
                eprintln!(
                    "autofix rules: --check is not JSON ({e}): give a `Check` object, e.g. --check '{{\"Pattern\": \"\\\\bfetch\\\\(\", \"Files\": [\"src/**\"]}}'"
                );
                return ExitCode::from(2);
            }
        };
        let check = check.as_ref().map(|c| (c, args.replace));
        return enforce(file, &display_path(file, &cwd), number, check, locale);
    }
    let Some(loaded) = entry.latest.clone() else {
        eprintln!(
            "autofix rules: {}: the rules file could not be read",
            file.display()
        );
        return ExitCode::from(2);
    };
    let set = &loaded.set;
    let shown = display_path(&file, &cwd);
    if !set.is_usable() {
        for p in set.fatal_problems() {
            eprintln!("{}", p.render(&shown, &set.source, locale));
        }
        eprintln!("autofix rules: the rules file has errors; fix them first");
        return ExitCode::from(2);
    }
    let rel = args
        .for_path
        .as_deref()
        .map(absolute)
        .and_then(|p| set.relative_path(&p));
    let rules = listing::active_for(set, rel.as_deref());
    let out = match args.format {
        RulesFormat::Json => {
            let mut value = json!({ "rules_file": shown, "for": rel, "rules": rules });
            if let Some(layer) = &set.user {
                value["user_rules_file"] = json!(layer.rules.set.path.display().to_string());
            }
            format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
        }
        RulesFormat::Md => markdown(set, &shown, rel.as_deref(), &rules, args.explain, locale),
    };
    print!("{out}");
    ExitCode::SUCCESS
}

/// `--enforce N`: rule N's checks written into it, atomically, under the root's lock, inside the
/// project (the file is checked for writing like every write of ours).
fn enforce(
    file: &Path,
    shown: &str,
    number: u64,
    check: Option<(&serde_json::Value, bool)>,
    locale: Locale,
) -> ExitCode {
    let root = store::root_of(file);
    let policy = AccessPolicy::new([&root]);
    if let Err(e) = policy.check(file, Intent::Write) {
        let refusal = super::apply_diff::refusal(&e, Path::new(shown), file, &root);
        eprintln!("autofix rules: {refusal}");
        return ExitCode::from(2);
    }
    let lock = match RootLock::acquire_within(&root, LOCK_PATIENCE) {
        Ok(Some(lock)) => lock,
        Ok(None) => {
            eprintln!(
                "autofix rules: {shown} has been locked by another writer for {} s — an editor may be waiting for you to approve a learned rule; accept or reject it, then try again",
                LOCK_PATIENCE.as_secs()
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("autofix rules: cannot lock {}: {e}", root.display());
            return ExitCode::from(2);
        }
    };
    let result = store::update_locked(&lock, file, Some(&policy), |current| {
        let current = current.unwrap_or_default();
        match check {
            Some((check, replace)) => {
                infer::enforce_given(current, number, check, replace).map(|e| (e.text, e.checks))
            }
            None => infer::enforce(current, number),
        }
    });
    match result {
        Ok(checks) => {
            println!(
                "{}",
                match locale {
                    Locale::En => format!("autofix: rule #{number} now checks, as written in {shown}:"),
                    Locale::Es => format!(
                        "autofix: la regla #{number} comprueba ahora, tal como está escrito en {shown}:"
                    ),
                }
            );
            for check in &checks {
                println!("  - {}", check.describe_inline());
            }
            ExitCode::SUCCESS
        }
        Err(UpdateError::Refused(e)) => {
            eprintln!("autofix rules: {shown}: {e}; nothing was written");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("autofix rules: {e}");
            ExitCode::from(2)
        }
    }
}

fn markdown(
    set: &RuleSet,
    file: &str,
    for_path: Option<&str>,
    rules: &[RuleEntry],
    explain: bool,
    locale: Locale,
) -> String {
    let mut out = String::new();
    let title = locale.pick("Active rules", "Reglas activas");
    match for_path {
        Some(p) => {
            let _ = writeln!(out, "# {title} — {file} ({} {p})\n", locale.pick("for", "para"));
        }
        None => {
            let _ = writeln!(out, "# {title} — {file}\n");
        }
    }
    if let Some(layer) = set
        .user
        .as_ref()
        .filter(|_| rules.iter().any(|r| r.source.is_some()))
    {
        let _ = writeln!(
            out,
            "_{} {}; {}_\n",
            locale.pick("User rules from", "Reglas de usuario de"),
            layer.rules.set.path.display(),
            locale.pick(
                "the project's rules win over them",
                "las del proyecto prevalecen sobre ellas"
            )
        );
    }
    if rules.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            locale.pick("No active rules.", "No hay reglas activas.")
        );
    }
    for r in rules {
        let _ = writeln!(
            out,
            "- **{} [{}]** {} — _{}: {}_",
            user::label(r.key),
            r.category,
            r.instruction,
            locale.pick("why", "por qué"),
            r.why
        );
        if !r.scope.is_empty() {
            let globs: Vec<String> = r.scope.iter().map(|g| format!("`{g}`")).collect();
            let _ = writeln!(
                out,
                "  - {}: {}",
                locale.pick("only in", "solo en"),
                globs.join(", ")
            );
        }
        if !explain {
            continue;
        }
        for retired in &r.retires {
            let _ = writeln!(out, "  - {}", retired.detail.retires(retired.rule_number, locale));
        }
        // A user rule is explained from the user's own file.
        let file = match &set.user {
            Some(layer) if user::is_key(r.key) => &layer.rules.set,
            _ => set,
        };
        let index = file.rules.iter().rposition(|rule| rule.number == r.rule_number);
        let explicit = index.is_some_and(|i| !file.rules[i].checks.is_empty());
        if let Some(i) = index.filter(|_| !explicit) {
            // Words only: what was inferred from them, and why (or why nothing was).
            let lines = crate::rules::infer::explain(&file.rules[i], &file.inferences[i]);
            if lines.is_empty() {
                let _ = writeln!(
                    out,
                    "  - {}",
                    locale.pick(
                        "no check: nothing could be inferred",
                        "sin comprobación: no se pudo inferir nada"
                    )
                );
            }
            for line in lines {
                let _ = writeln!(
                    out,
                    "  {}- {}",
                    "  ".repeat(line.len() - line.trim_start().len()),
                    line.trim_start()
                );
            }
            continue;
        }
        for c in &r.checks {
            let _ = writeln!(
                out,
                "  - {}: {}",
                locale.pick("explicit", "explícita"),
                c.described
            );
        }
    }
    out
}
