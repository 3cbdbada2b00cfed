//! `autofix import`: reads the other agents' instruction files (`AGENTS.md`, `CLAUDE.md`,
//! `.cursor/rules/*.mdc`, Copilot's, Cline's, Roo's, Windsurf's, Gemini's, Continue's, Kiro's)
//! into rules — prints the plan, and with `--write` appends the new rules to the rules file in
//! one locked, atomic update. Every read goes through the access policy: a huge file, a FIFO,
//! a link out of the project or a binary file is skipped with a note, never followed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::access::{AccessError, AccessPolicy, Intent, ReadError};
use crate::agent_files::MAX_AGENT_FILE_BYTES;
use crate::agent_files::formats::{self, AgentFormat};
use crate::agent_files::import::{self, Extracted};
use crate::agent_files::plan::{self, ImportPlan, Outcome};
use crate::i18n::Locale;
use crate::paths::{absolute, display_path};
use crate::rules::learn::{self, LearnError};
use crate::rules::store::{self, LOCK_PATIENCE, RootLock};
use crate::rules::{BuildOptions, RuleSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ImportFormat {
    Human,
    Json,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Without PATH, reads every agent file of the project (a walk that respects .gitignore):
AGENTS.md (nested ones too: pkg/AGENTS.md scopes its rules to pkg/**), CLAUDE.md,
.claude/rules/*.md (paths), .cursor/rules/*.mdc (globs, alwaysApply), .cursorrules,
.github/copilot-instructions.md, .github/instructions/*.instructions.md (applyTo), .clinerules,
.roo/rules/, .roorules, .windsurf/rules/ (trigger, globs), .devin/rules/, .agent/rules/
(Antigravity: trigger, globs), GEMINI.md, .continue/rules/ (globs), .kiro/steering/ (inclusion,
fileMatchPattern).

One imperative bullet or sentence becomes one rule, in its own words; headings, prose, code,
tables and link lists are skipped and listed. Rules already in autofix.json (the same words, or
nearly) are reported, not added. Nothing is written without --write.

Exit codes: 0 done, 2 an error (a rules file that does not parse, a lock held too long).")]
pub struct ImportArgs {
    /// Agent files or folders to read (default: the whole project).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Append the new rules to the rules file (one locked, atomic update).
    #[arg(long)]
    pub write: bool,
    /// The project folder. Default: the nearest folder above the current one with .git or a
    /// rules file, else the current folder.
    #[arg(long, value_name = "DIR", conflicts_with = "user")]
    pub root: Option<PathBuf>,
    /// Read the agents' user-level files instead (`~/.claude/CLAUDE.md`, `~/.codex/AGENTS.md`,
    /// `~/.gemini/GEMINI.md`, …) into your user rules file (`~/.config/autofix/autofix.json`).
    #[arg(long, conflicts_with = "paths")]
    pub user: bool,
    #[arg(long, value_enum, default_value_t = ImportFormat::Human)]
    pub format: ImportFormat,
}

/// Files under `dir` (a walk that respects .gitignore, dot-files included, `.git/` left out,
/// links not followed), with the walk's errors.
pub fn walk(dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
    crate::agent_files::project_files(dir)
}

/// An agent file found, and where its rules go.
struct Found {
    path: PathBuf,
    /// Relative to the project root.
    shown: String,
    format: AgentFormat,
    /// Relative to the folder of the rules file its rules go to (decides the scope).
    scope_path: String,
}

/// A file that was not read, and why.
#[derive(Debug, serde::Serialize)]
struct NotRead {
    path: String,
    reason: String,
}

/// The nearest folder from `dir` up to `root` that holds a rules file (a package's own, in a
/// monorepo), else `root`.
fn rules_root(dir: &Path, root: &Path) -> PathBuf {
    dir.ancestors()
        .take_while(|d| d.starts_with(root))
        .find(|d| store::rules_file_in(d).is_some())
        .unwrap_or(root)
        .to_path_buf()
}

fn rel(path: &Path, base: &Path) -> String {
    display_path(path, base)
}

/// Why a file was not read, in a few words.
fn not_read(error: &AccessError) -> String {
    match error {
        AccessError::Read(ReadError::TooLarge { .. }) => {
            format!(
                "larger than {} KiB: not an agent file autofix reads",
                MAX_AGENT_FILE_BYTES >> 10
            )
        }
        AccessError::Read(ReadError::NotUtf8 { .. }) => "not UTF-8 text (binary?)".into(),
        AccessError::Read(ReadError::NotRegular { kind, .. }) => format!("not a regular file ({kind})"),
        AccessError::OutsideWorkspace { .. } => "a link out of the project: not followed".into(),
        AccessError::DanglingSymlink { .. } => "a link that points nowhere".into(),
        other => other.to_string(),
    }
}

/// Where `--user` reads and writes: the home folder, and the user rules file.
fn user_target() -> Result<(PathBuf, PathBuf), String> {
    use etcetera::BaseStrategy;
    let home = etcetera::choose_base_strategy()
        .map(|b| b.home_dir().to_path_buf())
        .map_err(|e| format!("no home folder is known: {e}"))?;
    let file = crate::rules::user::location().ok_or_else(|| {
        format!(
            "user rules are switched off ({} is empty): set it to the file to import into",
            crate::rules::user::ENV
        )
    })?;
    Ok((home, file))
}

pub fn run(args: ImportArgs) -> ExitCode {
    let locale = Locale::from_env();
    let cwd = std::env::current_dir().unwrap_or_default();
    let user = if args.user {
        match user_target() {
            Ok(target) => Some(target),
            Err(e) => {
                eprintln!("autofix import: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        None
    };
    let root = match &user {
        Some((home, _)) => home.clone(),
        None => crate::agent::init::project_root(args.root.as_deref(), &cwd),
    };
    let Ok(root) = std::fs::canonicalize(&root) else {
        eprintln!("autofix import: {} is not a folder", root.display());
        return ExitCode::from(2);
    };
    if !root.is_dir() {
        eprintln!("autofix import: {} is not a folder", root.display());
        return ExitCode::from(2);
    }
    let policy = AccessPolicy::new([&root]);
    let mut not_read_files: Vec<NotRead> = Vec::new();

    // The agent files: the ones given (any Markdown file, by name or not), or every known one.
    let mut found: Vec<Found> = Vec::new();
    let mut add = |path: PathBuf, explicit: bool, not_read_files: &mut Vec<NotRead>| {
        let lexical = absolute(&path);
        // Inside the project, as written (a link is judged by the policy when it is read).
        let inside = lexical.strip_prefix(&root).is_ok();
        let shown = if inside {
            rel(&lexical, &root)
        } else {
            lexical.display().to_string()
        };
        if !inside {
            not_read_files.push(NotRead {
                path: shown,
                reason: format!("outside the project ({})", root.display()),
            });
            return;
        }
        let (format, known) = match formats::detect(&shown) {
            Some(f) => (f, true),
            None if explicit => (AgentFormat::AgentsMd, false),
            None => return,
        };
        let dir = lexical.parent().unwrap_or(&root).to_path_buf();
        let rules_root = rules_root(&dir, &root);
        // A file given by hand that no agent reads is not scoped by its folder.
        let scope_path = if known {
            rel(&lexical, &rules_root)
        } else {
            lexical
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        found.push(Found {
            path: lexical,
            shown,
            format,
            scope_path,
        });
    };
    if let Some((home, _)) = &user {
        // A person's own files: in force everywhere, so unscoped (their frontmatter still
        // scopes them).
        for (path, format) in formats::user_level_files(home) {
            let shown = format!("~/{}", rel(&path, home));
            let scope_path = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            found.push(Found {
                path,
                shown,
                format,
                scope_path,
            });
        }
    } else if args.paths.is_empty() {
        let (files, errors) = walk(&root);
        for e in errors {
            eprintln!("note: {e}");
        }
        for f in files {
            add(f, false, &mut not_read_files);
        }
    } else {
        for p in &args.paths {
            let p = absolute(&cwd.join(p));
            if p.is_dir() {
                let (files, errors) = walk(&p);
                for e in errors {
                    eprintln!("note: {e}");
                }
                for f in files {
                    add(f, false, &mut not_read_files);
                }
            } else if p.symlink_metadata().is_err() {
                eprintln!("autofix import: {}: no such file or folder", p.display());
                return ExitCode::from(2);
            } else {
                add(p, true, &mut not_read_files);
            }
        }
    }
    if user.is_some() && found.is_empty() {
        let looked: Vec<String> = formats::USER_LEVEL
            .iter()
            .map(|(p, _)| format!("~/{p}"))
            .collect();
        println!(
            "No user-level agent files found (looked for {}): nothing to import.",
            looked.join(", ")
        );
        return ExitCode::SUCCESS;
    }
    // Shallow files first (AGENTS.md before .github/…, .cursor/rules/…): the main file's
    // wording wins when the same rule is in several, and its rules get the first numbers.
    found.sort_by(|a, b| {
        let depth = |f: &Found| f.shown.matches('/').count();
        (depth(a), &a.shown).cmp(&(depth(b), &b.shown))
    });
    found.dedup_by(|a, b| a.path == b.path);

    // Read each one through the policy, grouped by the rules file its rules go to.
    let mut groups: BTreeMap<PathBuf, Vec<(String, AgentFormat, Extracted)>> = BTreeMap::new();
    for f in &found {
        let text = match policy.read_checked(&f.path, Intent::Read, MAX_AGENT_FILE_BYTES) {
            Ok((_, text)) => text,
            Err(e) => {
                not_read_files.push(NotRead {
                    path: f.shown.clone(),
                    reason: not_read(&e),
                });
                continue;
            }
        };
        if text.contains('\0') {
            not_read_files.push(NotRead {
                path: f.shown.clone(),
                reason: "binary (a NUL byte)".into(),
            });
            continue;
        }
        let extracted = import::extract_scoped(&f.shown, &f.scope_path, f.format, &text);
        let dir = f.path.parent().unwrap_or(&root).to_path_buf();
        let group = match &user {
            Some((_, file)) => store::root_of(file),
            None => rules_root(&dir, &root),
        };
        groups
            .entry(group)
            .or_default()
            .push((f.shown.clone(), f.format, extracted));
    }

    let mut reports = Vec::new();
    let mut failed = false;
    for (rules_root, files) in groups {
        let (rules_file, shown_rules, policy) = match &user {
            Some((_, file)) => {
                if let Some(dir) = file.parent()
                    && let Err(e) = std::fs::create_dir_all(dir)
                {
                    eprintln!("autofix import: cannot create {}: {e}", dir.display());
                    failed = true;
                    continue;
                }
                (
                    file.clone(),
                    file.display().to_string(),
                    AccessPolicy::new([&rules_root]),
                )
            }
            None => {
                let file = store::rules_file_in(&rules_root)
                    .unwrap_or_else(|| rules_root.join(store::DEFAULT_LOCATION));
                let shown = rel(&file, &root);
                (file, shown, policy.clone())
            }
        };
        let current = match read_rules(&policy, &rules_file) {
            Ok(current) => current,
            Err(message) => {
                eprintln!("autofix import: {shown_rules}: {message}");
                failed = true;
                continue;
            }
        };
        let set = current
            .as_deref()
            .map(|t| RuleSet::from_text(&rules_file, t, BuildOptions::default()));
        if let Some(set) = &set
            && !set.is_usable()
        {
            for p in set.fatal_problems() {
                eprintln!("{}", p.render(&shown_rules, &set.source, locale));
            }
            eprintln!(
                "autofix import: {shown_rules} has errors; fix them first — nothing was imported into it"
            );
            failed = true;
            continue;
        }
        let planned = plan::plan(files.clone(), set.as_ref());
        let mut learned = Vec::new();
        let mut coverage = None;
        if args.write && planned.new_rules().next().is_some() {
            match write(&policy, &rules_file, &rules_root, files) {
                Ok((l, written)) => {
                    coverage = coverage_of(&rules_file, &written, &l);
                    learned = l;
                }
                Err(message) => {
                    eprintln!("autofix import: {shown_rules}: {message}");
                    failed = true;
                }
            }
        }
        reports.push((shown_rules, planned, learned, coverage));
    }

    match args.format {
        ImportFormat::Json => {
            let value = json!({
                "root": root.display().to_string(),
                "written": args.write,
                "rules_files": reports.iter().map(|(path, plan, learned, coverage)| json!({
                    "path": path,
                    "rules": plan.rules,
                    "files": plan.files,
                    "learned": learned.iter().map(|l| json!({"rule_number": l.number, "category": l.category, "instruction": l.instruction})).collect::<Vec<_>>(),
                    "coverage": coverage.as_ref().map(|c| json!({"checked": c.checked, "proposed": c.proposed, "unchecked": c.unchecked})),
                })).collect::<Vec<_>>(),
                "not_read": not_read_files,
            });
            println!("{}", serde_json::to_string_pretty(&value).unwrap_or_default());
        }
        ImportFormat::Human => {
            print!(
                "{}",
                human(&reports, &not_read_files, args.write, found.is_empty(), locale)
            );
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// How the rules just written are checked, by number: from their words, only once the user
/// enforces a proposed check (an exception no file shows), or not at all.
struct Coverage {
    checked: Vec<u64>,
    proposed: Vec<u64>,
    unchecked: Vec<u64>,
}

/// The coverage of `learned` in `written`, the rules file's text as the import wrote it
/// (`None`: nothing was learned).
fn coverage_of(rules_file: &Path, written: &str, learned: &[plan::Learned]) -> Option<Coverage> {
    if learned.is_empty() {
        return None;
    }
    let set = RuleSet::from_text(rules_file, written, BuildOptions::default());
    let mut out = Coverage {
        checked: Vec::new(),
        proposed: Vec::new(),
        unchecked: Vec::new(),
    };
    for l in learned {
        let Some(i) = set.rules.iter().position(|r| r.number == l.number) else {
            continue;
        };
        let inference = &set.inferences[i];
        if !set.rules[i].checks.is_empty() || !inference.checks.is_empty() {
            out.checked.push(l.number);
        } else if !inference.proposed.is_empty() {
            out.proposed.push(l.number);
        } else {
            out.unchecked.push(l.number);
        }
    }
    Some(out)
}

/// One paragraph: how many of the rules added are checked, which can be enforced, and where
/// to read why the others are not.
fn coverage_text(c: &Coverage, locale: Locale) -> String {
    let total = c.checked.len() + c.proposed.len() + c.unchecked.len();
    let numbers = |ns: &[u64]| ns.iter().map(|n| format!("#{n}")).collect::<Vec<_>>().join(", ");
    let one = c.checked.len() == 1;
    let mut out = match locale {
        Locale::En => format!(
            "Checks: {} of the {total} rules added {} checked from their words",
            c.checked.len(),
            if one { "is" } else { "are" }
        ),
        Locale::Es => format!(
            "Comprobaciones: {} de las {total} reglas añadidas {} por sus palabras",
            c.checked.len(),
            if one { "se comprueba" } else { "se comprueban" }
        ),
    };
    if !c.proposed.is_empty() {
        // The command with the first such rule's number, as an example to copy.
        let n = c.proposed[0];
        out.push_str(&match locale {
            Locale::En => format!(
                "; {} left unchecked for an exception no file shows ({}) — `autofix rules --enforce {n}` enforces rule #{n}, and `autofix-ignore: {n}` then marks each justified use",
                c.proposed.len(),
                numbers(&c.proposed)
            ),
            Locale::Es => format!(
                "; {} sin comprobar por una excepción que ningún archivo muestra ({}) — `autofix rules --enforce {n}` aplica la regla #{n}, y `autofix-ignore: {n}` marca luego cada uso justificado",
                c.proposed.len(),
                numbers(&c.proposed)
            ),
        });
    }
    if !c.unchecked.is_empty() {
        out.push_str(&match locale {
            Locale::En => format!(
                "; {} not checked (about what the agent does, vague, or naming nothing a file shows) — `autofix rules --explain` says why for each, and an agent can write their checks (the MCP prompt `enforce-rules`, or `autofix rules --enforce N --check JSON`)",
                c.unchecked.len()
            ),
            Locale::Es => format!(
                "; {} sin comprobar (sobre lo que hace el agente, vagas, o sin nada que un archivo muestre) — `autofix rules --explain` dice por qué en cada una, y un agente puede escribir sus comprobaciones (el prompt MCP `enforce-rules`, o `autofix rules --enforce N --check JSON`)",
                c.unchecked.len()
            ),
        });
    }
    out.push_str(".\n");
    out
}

/// The rules file's text (`None`: none yet), read as autofix's own configuration.
fn read_rules(policy: &AccessPolicy, path: &Path) -> Result<Option<String>, String> {
    if path.symlink_metadata().is_err() {
        return Ok(None);
    }
    policy
        .read_checked(path, Intent::ReadConfig, crate::access::MAX_RULES_BYTES)
        .map(|(_, text)| Some(text))
        .map_err(|e| e.to_string())
}

/// Appends the new rules under the lock, planning again on the text read under it (another
/// learner may have added one of them meanwhile); the rules learned and the text written.
fn write(
    policy: &AccessPolicy,
    rules_file: &Path,
    rules_root: &Path,
    files: Vec<(String, AgentFormat, Extracted)>,
) -> Result<(Vec<plan::Learned>, String), String> {
    let lock = match RootLock::acquire_within(rules_root, LOCK_PATIENCE) {
        Ok(Some(lock)) => lock,
        Ok(None) => {
            return Err(format!(
                "locked by another learner for {} s — an editor may be waiting for you to approve a learned rule; accept or reject it, then import again",
                LOCK_PATIENCE.as_secs()
            ));
        }
        Err(e) => return Err(format!("cannot lock {}: {e}", rules_root.display())),
    };
    let result = store::update_locked(&lock, rules_file, Some(policy), |current| {
        let set = current.map(|t| RuleSet::from_text(rules_file, t, BuildOptions::default()));
        let planned = plan::plan(files, set.as_ref());
        let (content, learned) = plan::apply(current, &planned)?;
        // Nothing new after all: write the text back as it was.
        let content = content
            .or_else(|| current.map(str::to_string))
            .ok_or(LearnError::EmptyInstruction)?;
        Ok::<_, LearnError>((content.clone(), (learned, content)))
    });
    result.map_err(|e| e.to_string())
}

fn short(text: &str) -> String {
    let text = crate::text::one_line(text);
    if text.chars().count() > 72 {
        format!("{}…", text.chars().take(71).collect::<String>())
    } else {
        text
    }
}

/// The plan for people: per agent file, what is added, already a rule, or skipped.
fn human(
    reports: &[(String, ImportPlan, Vec<plan::Learned>, Option<Coverage>)],
    not_read: &[NotRead],
    written: bool,
    nothing_found: bool,
    locale: Locale,
) -> String {
    let mut out = String::new();
    if nothing_found {
        out.push_str("No agent files found (AGENTS.md, CLAUDE.md, .cursor/rules/, .github/copilot-instructions.md, …): nothing to import.\n");
    }
    for (rules_file, plan, learned, coverage) in reports {
        // Per file: (line, text) entries, rules and skipped together in file order.
        for file in &plan.files {
            out.push_str(&format!("{} ({})\n", file.path, file.format.name()));
            for note in &file.notes {
                out.push_str(&format!("  ! {note}\n"));
            }
            let mut lines: Vec<(usize, String)> = Vec::new();
            for rule in &plan.rules {
                for (i, source) in rule.sources.iter().enumerate() {
                    if source.path != file.path {
                        continue;
                    }
                    let scope = if rule.files.is_empty() {
                        String::new()
                    } else {
                        format!("  (Files: {})", rule.files.join(", "))
                    };
                    let entry = if i > 0 {
                        let first = &rule.sources[0];
                        format!(
                            "= same as {}:{}: {}",
                            first.path,
                            first.line,
                            short(&rule.instruction)
                        )
                    } else {
                        match &rule.outcome {
                            Outcome::New => {
                                format!("+ add [{}] {}{scope}", rule.category, short(&rule.instruction))
                            }
                            Outcome::Already { rule: n } => {
                                format!("= already #{n}: {}", short(&rule.instruction))
                            }
                            Outcome::Retired { rule: n, by } => format!(
                                "= retired #{n} (superseded by #{by}), not added again: {}",
                                short(&rule.instruction)
                            ),
                        }
                    };
                    lines.push((source.line, entry));
                }
            }
            for s in &file.skipped {
                lines.push((
                    s.line,
                    format!("- skipped ({}): {}", s.reason.message(), short(&s.text)),
                ));
            }
            lines.sort_by_key(|(line, _)| *line);
            for (line, entry) in lines {
                out.push_str(&format!("  {line:>4}  {entry}\n"));
            }
        }
        let count = |f: fn(&Outcome) -> bool| plan.rules.iter().filter(|r| f(&r.outcome)).count();
        let new = count(|o| *o == Outcome::New);
        let already = count(|o| matches!(o, Outcome::Already { .. }));
        let retired = count(|o| matches!(o, Outcome::Retired { .. }));
        let skipped: usize = plan.files.iter().map(|f| f.skipped.len()).sum();
        out.push_str(&format!(
            "\n{rules_file}: {new} to add, {already} already rules, {retired} retired, {skipped} skipped\n"
        ));
        if written {
            for l in learned {
                out.push_str(&learn::learned_message(
                    locale,
                    l.number,
                    l.category,
                    &l.instruction,
                    rules_file,
                ));
                out.push('\n');
            }
            if let Some(c) = coverage {
                out.push_str(&coverage_text(c, locale));
            }
        } else if new > 0 {
            out.push_str("nothing written: run again with --write to add them\n");
        }
        out.push('\n');
    }
    for n in not_read {
        out.push_str(&format!("not read: {}: {}\n", n.path, n.reason));
    }
    out
}
