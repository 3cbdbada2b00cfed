//! `autofix check`: the rules of each file's nearest rules file (or `--root`'s) run over a tree,
//! for CI and pre-commit hooks. Exit 0 clean, 1 violations, 2 error.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use rayon::prelude::*;

use super::format::{self, FileError, Finding, Report, RuleTexts, SkippedFile, Truncation};
use crate::access::{AccessPolicy, Intent};
use crate::atomic::{self, ReplaceError};
use crate::files::{self, Unread};
use crate::i18n::Locale;
use crate::paths::display_path;
use crate::rules::index::{Boundary, Disk, LoadedRules, RulesIndex};
use crate::rules::{BuildOptions, FileCheck, RuleSet, Severity, Violation, fix, store, user};
use crate::text::LineIndex;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Sarif,
    Github,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    Error,
    Warning,
    Information,
    Hint,
}

impl Level {
    fn includes(self, severity: Severity) -> bool {
        let rank = |s: Severity| Severity::ALL.iter().position(|x| *x == s).unwrap_or(0);
        let me = match self {
            Level::Error => Severity::Error,
            Level::Warning => Severity::Warning,
            Level::Information => Severity::Information,
            Level::Hint => Severity::Hint,
        };
        rank(severity) <= rank(me)
    }
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Exit codes:
  0  no violations at or above --fail-level
  1  violations at or above --fail-level
  2  an error: a broken rules file, no rules file or a path that does not exist (nothing is
     checked); or a path that could not be read (permission denied, a broken symbolic link,
     not a regular file) or fixed — named on standard error, while the report shows the rest")]
pub struct CheckArgs {
    /// Files or folders to check (default: the current folder). Files named here are checked
    /// even when .gitignore ignores them.
    pub paths: Vec<PathBuf>,
    /// Use this folder's rules file for every file, and show paths relative to it. Without it,
    /// each file follows the nearest rules file above it.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Apply the fixes of fixable violations, then report what remains.
    #[arg(long)]
    pub fix: bool,
    /// Only explicit checks: do not infer checks from the words of rules without one.
    #[arg(long)]
    pub no_inferred: bool,
    /// The least severe violation that makes the exit code 1.
    #[arg(long, value_enum, default_value_t = Level::Hint)]
    pub fail_level: Level,
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// List each file skipped (binary, not UTF-8, larger than 16 MiB) with the reason; the
    /// summary only counts them.
    #[arg(long, short)]
    pub verbose: bool,
}

pub fn run(args: CheckArgs) -> ExitCode {
    match execute(&args) {
        Ok((report, failed)) => {
            let color = match args.color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            };
            // The errors first: on a terminal the report's summary then comes last.
            for e in &report.errors {
                eprintln!("error: {}", e.message());
            }
            // Large chunks: a report of megabytes in 8 KiB writes cost a tenth of a run when
            // standard output is a file.
            let mut stdout = std::io::BufWriter::with_capacity(1 << 18, std::io::stdout().lock());
            let _ = match args.format {
                Format::Human => {
                    stdout.write_all(format::human::render(&report, color, args.verbose).as_bytes())
                }
                // Streamed: a report of 100,000 violations is not held twice.
                Format::Json => format::json::write(&report, &mut stdout),
                Format::Sarif => stdout.write_all(format::sarif::render(&report).as_bytes()),
                Format::Github => stdout.write_all(format::github::render(&report).as_bytes()),
            };
            let _ = stdout.flush();
            drop(stdout);
            if !report.errors.is_empty() {
                ExitCode::from(2)
            } else if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(message) => {
            eprintln!("{}", message.trim_end());
            ExitCode::from(2)
        }
    }
}

struct Job {
    path: PathBuf,
    rules: Arc<LoadedRules>,
}

/// The rule set governing `path` as built (usable or not: a broken one stops the run), `None`
/// when no rules file governs it; `Err` when its rules file cannot be read.
fn rules_for(index: &mut RulesIndex, path: &Path) -> Result<Option<Arc<LoadedRules>>, String> {
    let Some(root) = index.root_for(path, &Disk) else {
        return Ok(None);
    };
    let Some(entry) = index.root(&root) else {
        return Ok(None);
    };
    if let (Some(file), Some(error)) = (&entry.file, &entry.read_error) {
        return Err(format!("{}: {error}", file.display()));
    }
    Ok(entry.latest.clone())
}

/// Runs the check; `Err` holds the message of an error that stops the run (exit 2).
pub fn execute(args: &CheckArgs) -> Result<(Report, bool), String> {
    let locale = Locale::from_env();
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let options = BuildOptions {
        inferred: !args.no_inferred,
    };
    let root = args.root.as_deref().map(crate::paths::absolute);
    if let Some(root) = &root
        && store::rules_file_in(root).is_none()
    {
        return Err(format!(
            "no rules file in {}: looked for {} — create one with `autofix learn`",
            root.display(),
            store::LOCATIONS.join(", ")
        ));
    }
    let boundary = root.clone().map_or_else(Boundary::nearest, Boundary::Fixed);
    let mut index = RulesIndex::new(boundary, options);
    index.set_user_rules(user::load(options).map_err(|e| e.to_string())?);
    let base = root.clone().unwrap_or_else(|| cwd.clone());

    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let collected = files::collect(&paths);
    if let Some(first) = collected.missing.first() {
        return Err(format!("{}: no such file or folder", first.display()));
    }
    let mut jobs = Vec::with_capacity(collected.files.len());
    let mut unruled = Vec::new();
    // A walk yields a folder's files together: the folder's rules are looked up once.
    let mut last: Option<(PathBuf, Option<Arc<LoadedRules>>)> = None;
    for path in collected.files {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let rules = match &last {
            Some((d, rules)) if *d == dir => rules.clone(),
            _ => {
                let rules = rules_for(&mut index, &path)?;
                last = Some((dir, rules.clone()));
                rules
            }
        };
        match rules {
            Some(rules) => jobs.push(Job { path, rules }),
            None => unruled.push(path),
        }
    }
    // The rules over a path that could not be read are in force too: they are linted, and a
    // run that read nothing is not a run without rules.
    for error in &collected.errors {
        rules_for(&mut index, &error.path)?;
    }
    // A rules file met on the way is linted even when no file it governs is checked. Only the
    // one in force in its folder: a lower-priority file beside it governs nothing. With
    // `--root`, its rules file is the only one in force, and in force even when no file is
    // checked (a folder holding only the rules file): that run is clean, not "no rules file".
    if let Some(root) = &root {
        index.root_for_dir(root, &Disk);
        if let Some(error) = index.root(root).and_then(|r| r.read_error.clone()) {
            let file = store::rules_file_in(root).unwrap_or_else(|| root.clone());
            return Err(format!("{}: {error}", file.display()));
        }
    } else {
        for rules_file in &collected.rules_files {
            let in_force = store::rules_file_in(&store::root_of(rules_file));
            if in_force.as_deref() == Some(rules_file.as_path()) {
                let root = store::root_of(rules_file);
                index.root_for_dir(&root, &Disk);
                if let Some(error) = index.root(&root).and_then(|r| r.read_error.clone()) {
                    return Err(format!("{}: {error}", rules_file.display()));
                }
            }
        }
    }
    // A file that found no rules looks again now that every rules file met is loaded: its
    // rules file may have been missing for a moment when it looked (an editor saving it by
    // renaming), and it must not go unchecked in a run that reports on the others.
    // Files named on the command line that no rules file governs are said to be skipped (a
    // pre-commit hook names every staged file, in folders with rules or without).
    let named: std::collections::HashSet<PathBuf> = args
        .paths
        .iter()
        .map(|p| crate::paths::absolute(p))
        .filter(|p| p.is_file())
        .collect();
    let mut ungoverned = Vec::new();
    if !unruled.is_empty() {
        index.forget_discovery();
        for path in unruled {
            if let Some(rules) = rules_for(&mut index, &path)? {
                jobs.push(Job { path, rules });
            } else if named.contains(&path) {
                ungoverned.push(SkippedFile {
                    path: display_path(&path, &base),
                    reason: files::Skipped::NoRules,
                });
            }
        }
    }
    let loaded = index.loaded();
    let sets: Vec<&RuleSet> = loaded.iter().map(|l| &l.set).collect();
    // Only files were named, and none has rules above it: nothing to check, which is not an
    // error (a commit touching only files outside the governed packages). A folder without
    // rules still is: it was meant to be checked.
    let only_files = !args.paths.is_empty() && named.len() == args.paths.len();
    if sets.is_empty() && only_files {
        let mut skipped = ungoverned;
        skipped.sort();
        let report = Report {
            errors: collected
                .errors
                .iter()
                .map(|e| FileError {
                    path: display_path(&e.path, &base),
                    message: e.cause.clone(),
                })
                .collect(),
            skipped,
            ..Report::default()
        };
        return Ok((report, false));
    }
    if sets.is_empty() {
        let looked = store::LOCATIONS.join(", ");
        let user_note = index
            .user_rules()
            .map(|u| {
                format!(
                    " (your user rules in {} apply inside a git repository or under a rules file)",
                    u.set.path.display()
                )
            })
            .unwrap_or_default();
        return Err(format!(
            "no rules file found for {}: looked for {looked} in each folder above the files{user_note} — create one with `autofix learn`, or pass --root DIR",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    // A broken rules file stops the run: checking with part of the rules would pretend to be clean.
    let mut errors = String::new();
    for set in &sets {
        let shown = display_path(&set.path, &cwd);
        for problem in &set.problems {
            if problem.is_fatal() {
                errors.push_str(&problem.render(&shown, &set.source, locale));
                errors.push('\n');
            } else if problem.severity() <= Severity::Warning {
                eprintln!("warning: {}", problem.render(&shown, &set.source, locale));
            }
        }
    }
    if !errors.is_empty() {
        errors.push_str("autofix: the rules file has errors; nothing was checked. Fix them and run again.");
        return Err(errors);
    }

    let results = map_files(&jobs, |job| {
        check_one(job, args.fix, args.format == Format::Human, &base, &cwd)
    });
    let mut report = Report {
        rules_files: rules_files_of(&sets, &base),
        files_checked: 0,
        findings: Vec::new(),
        errors: collected
            .errors
            .iter()
            .map(|e| FileError {
                path: display_path(&e.path, &base),
                message: e.cause.clone(),
            })
            .collect(),
        skipped: ungoverned,
        ..Report::default()
    };
    for (job, result) in jobs.iter().zip(results) {
        let outcome = result.unwrap_or_else(|panic| {
            Outcome::Failed(FileError {
                path: display_path(&job.path, &base),
                message: format!(
                    "autofix failed on this file ({panic}); it is not checked — please report this bug"
                ),
            })
        });
        match outcome {
            Outcome::Checked(checked) => {
                report.files_checked += 1;
                report.fixed += checked.fixed;
                report.findings.extend(checked.findings);
                report.truncated.extend(checked.truncated);
                report.errors.extend(checked.error);
            }
            Outcome::Skipped(skipped) => report.skipped.push(skipped),
            Outcome::Failed(error) => report.errors.push(error),
        }
    }
    report.skipped.sort();
    report.errors.sort();
    report
        .findings
        .sort_by(|a, b| (&a.path, a.line, a.column, a.rule).cmp(&(&b.path, b.line, b.column, b.rule)));
    report.truncated.sort();
    let failed = report
        .findings
        .iter()
        .any(|f| args.fail_level.includes(f.severity));
    Ok((report, failed))
}

/// Checks one file's text — as saved, or an agent's unsaved content — against the rules that
/// govern `path` in `index`, for the agent's surfaces (MCP `check`, hooks). Paths are shown
/// relative to `base`. `Err` when no rules file governs `path` or it cannot be used, saying why.
pub fn check_text(index: &mut RulesIndex, path: &Path, text: &str, base: &Path) -> Result<Report, String> {
    let locale = Locale::from_env();
    let Some(loaded) = rules_for(index, path)? else {
        return Err(format!(
            "no rules file governs {}: looked for {} in each folder above it — create one with `autofix learn`",
            display_path(path, base),
            store::LOCATIONS.join(", ")
        ));
    };
    let rules = &loaded.set;
    if !rules.is_usable() {
        let rules_file = display_path(&rules.path, base);
        return Err(format!(
            "{}\nthe rules file has errors; nothing was checked — fix them and check again",
            rules.render_fatal(&rules_file, locale)
        ));
    }
    Ok(report_text(rules, path, text, base))
}

/// The report of checking `text` as the file at `path` against `rules` (usable), with paths
/// shown relative to `base`.
pub fn report_text(rules: &RuleSet, path: &Path, text: &str, base: &Path) -> Report {
    let rules_file = display_path(&rules.path, base);
    let shown = display_path(path, base);
    let found = rules.check_file(path, text, None);
    let index = LineIndex::new(if found.violations.is_empty() { "" } else { text });
    let mut findings = findings(
        &shown,
        text,
        &index,
        &found.violations,
        rules,
        (&rules_file, base),
        true,
    );
    findings.sort_by_key(|f| (f.line, f.column, f.rule));
    Report {
        rules_files: rules_files_of(&[rules], base),
        files_checked: 1,
        findings,
        truncated: truncations(&found, rules, &shown),
        ..Report::default()
    }
}

/// What checking one file found.
struct Checked {
    findings: Vec<Finding>,
    truncated: Vec<Truncation>,
    /// Violations fixed.
    fixed: usize,
    /// Checked, but its fixes could not be written.
    error: Option<FileError>,
}

/// What became of one file.
enum Outcome {
    Checked(Checked),
    Skipped(SkippedFile),
    Failed(FileError),
}

/// Checks (and with `fix`, repairs) one file.
fn check_one(job: &Job, fix: bool, frames: bool, base: &Path, cwd: &Path) -> Outcome {
    let shown = display_path(&job.path, base);
    let mut text = match files::read_text(&job.path) {
        Ok(text) => text,
        Err(Unread::Skipped(reason)) => return Outcome::Skipped(SkippedFile { path: shown, reason }),
        Err(Unread::Failed(message)) => return Outcome::Failed(FileError { path: shown, message }),
    };
    let mut error = None;
    let mut fixed_count = 0;
    let rules = &job.rules.set;
    let mut found = rules.check_file(&job.path, &text, None);
    if fix {
        let fixed = fix::fix_once(&text, &found.violations);
        // Fixes are writes on the user's behalf: the same policy as a diff, with the folder the
        // rules govern as the root (a link out of it, an ignored or protected file is not fixed).
        let allowed = AccessPolicy::new([&rules.root]).check(&job.path, Intent::Write);
        if let (false, Err(e)) = (fixed.edits.is_empty(), &allowed) {
            error = Some(FileError {
                path: shown.clone(),
                message: format!("not fixed: {e}"),
            });
        } else if !fixed.edits.is_empty() {
            match atomic::write_if_unchanged(&job.path, text.as_bytes(), fixed.text.as_bytes()) {
                Ok(()) => {
                    fixed_count = fixed.edits.len();
                    text = fixed.text;
                    // What remains: fixes left out for overlapping, and fixes whose output
                    // still breaks a rule.
                    found = rules.check_file(&job.path, &text, None);
                }
                // The file is not written: the violations found in what was read stand.
                Err(ReplaceError::Changed) => {
                    error = Some(FileError {
                        path: shown.clone(),
                        message: "changed during the run; not fixed — run again".into(),
                    });
                }
                Err(ReplaceError::Io(e)) => {
                    error = Some(FileError {
                        path: shown.clone(),
                        message: format!("cannot write the fixed file: {}", files::io_cause(&e)),
                    });
                }
            }
        }
    }
    // Most files break no rule: their lines are never counted.
    let index = LineIndex::new(if found.violations.is_empty() { "" } else { &text });
    let rules_file = display_path(&rules.path, cwd);
    Outcome::Checked(Checked {
        findings: findings(
            &shown,
            &text,
            &index,
            &found.violations,
            rules,
            (&rules_file, cwd),
            frames,
        ),
        truncated: truncations(&found, rules, &shown),
        fixed: fixed_count,
        error,
    })
}

/// The rules files of `sets` as a report lists them: each project's, then the user's when its
/// rules are in force under some project.
fn rules_files_of(sets: &[&RuleSet], base: &Path) -> Vec<String> {
    let mut out: Vec<String> = sets
        .iter()
        .filter(|s| !s.user_only)
        .map(|s| display_path(&s.path, base))
        .collect();
    if let Some(layer) = sets.iter().find_map(|s| s.user.as_ref())
        && sets
            .iter()
            .any(|s| s.user.as_ref().is_some_and(|l| l.in_force().next().is_some()))
    {
        out.push(display_path(&layer.rules.set.path, base));
    }
    out
}

/// The rules whose checks stopped at the limit in a file, once each.
fn truncations(found: &FileCheck, rules: &RuleSet, path: &str) -> Vec<Truncation> {
    let mut out: Vec<Truncation> = found
        .truncated
        .iter()
        .map(|t| Truncation {
            path: path.to_string(),
            rule: t.rule,
            limit: rules.checker.limit(),
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The findings of `violations` in `text` (the file shown as `path`), the texts of each rule
/// made once.
fn findings(
    path: &str,
    text: &str,
    index: &LineIndex,
    violations: &[Violation],
    rules: &RuleSet,
    (rules_file, base): (&str, &Path),
    frames: bool,
) -> Vec<Finding> {
    let path: Arc<str> = path.into();
    let rules_file: Arc<str> = rules_file.into();
    let mut texts: HashMap<u64, RuleTexts> = HashMap::new();
    violations
        .iter()
        .map(|v| {
            let rule = texts.entry(v.rule).or_insert_with(|| {
                // A user rule is defined in the user's own rules file.
                let rules_file = match rules.file_of(v.rule) {
                    Some((file, _)) if user::is_key(v.rule) => display_path(file, base).into(),
                    _ => rules_file.clone(),
                };
                let (category, instruction, why) = rules
                    .rule(v.rule)
                    .map(|(r, _)| (r.category, r.instruction.as_str(), r.why.as_str()))
                    .unwrap_or((crate::rules::Category::Other, "", ""));
                RuleTexts {
                    category,
                    instruction: instruction.into(),
                    why: why.into(),
                    rules_file,
                }
            });
            Finding::new(path.clone(), text, index, v, rule, frames)
        })
        .collect()
}

/// Maps `f` over `items` on every core (rayon), keeping the order. A panic in `f` — a bug —
/// becomes that item's `Err` with the panic's message: the run then names the file and exits 2
/// rather than quietly reporting fewer files.
fn map_files<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<Result<R, String>> {
    items
        .par_iter()
        // `f` shares nothing that a panic could leave half-updated.
        .map(|item| std::panic::catch_unwind(AssertUnwindSafe(|| f(item))).map_err(|p| panic_message(&*p)))
        .collect()
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fail_levels() {
        assert!(Level::Hint.includes(Severity::Information));
        assert!(Level::Warning.includes(Severity::Error));
        assert!(!Level::Warning.includes(Severity::Information));
        assert!(!Level::Error.includes(Severity::Warning));
    }

    #[test]
    fn files_are_mapped_in_order_and_a_panic_is_that_files_error() {
        let items: Vec<usize> = (0..100).collect();
        let results = map_files(&items, |&i| {
            assert!(i != 42, "bug on item {i}");
            i * 2
        });
        assert_eq!(results.len(), 100, "no result is lost");
        for (i, r) in results.iter().enumerate() {
            match r {
                Ok(v) => assert_eq!(*v, i * 2),
                Err(message) => {
                    assert_eq!(i, 42);
                    assert_eq!(message, "bug on item 42");
                }
            }
        }
        assert!(results[42].is_err());
    }
}
