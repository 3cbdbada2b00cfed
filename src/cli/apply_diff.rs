//! `autofix apply-diff`: apply a SEARCH/REPLACE diff to a file from the shell.
//!
//! Exit 0 when every block applied, 1 when some or all failed, 2 for a malformed diff, a usage
//! error, an I/O error or a refusal of the access policy. With `--format json` stdout always
//! holds one JSON object, errors included. The file is written atomically, only when something
//! changed, and only when nobody changed it meanwhile.
//!
//! The same access policy as the editor's: the target must resolve inside the project root (the
//! nearest folder above the current one holding `.git` or a rules file, else the current folder,
//! or `--root`), no `.aicockpitcodeignore` on the way may block it, `.git/` and the ignore files
//! are protected; `--unrestricted` is the one documented way around it. Consecutive failures on
//! a file are counted across runs (see [`super::failures`]).

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::access::{AccessError, AccessPolicy, Intent, MAX_TEXT_BYTES};
use crate::diff::{self, Diff, Outcome, SearchOptions};
use crate::rules::store;

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  autofix apply-diff src/app.ts change.diff
  llm-tool | autofix apply-diff src/app.ts --format json
  autofix apply-diff --parse-only change.diff

Exit status: 0 every block applied, 1 some or all blocks failed, 2 malformed diff, usage or I/O
error, or a file the access policy refuses.

Access: FILE must be inside the project root (the nearest folder above the current one holding
.git or a rules file, else the current folder; or --root), not blocked by an .aicockpitcodeignore
on the way, and not inside .git/ or an ignore file itself. --unrestricted lifts this.")]
pub struct ApplyDiffArgs {
    /// The file to change. With --parse-only, the diff to check.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The diff: a file path, or `-` (the default) for standard input.
    #[arg(value_name = "DIFF")]
    pub diff: Option<String>,
    /// Minimum similarity for a match, 0 to 1 [default: 1.0: equal up to whitespace and typography].
    // Numbers arrive as text so that a bad value can still be reported as JSON.
    #[arg(long, value_name = "T")]
    pub threshold: Option<String>,
    /// Lines searched on each side of a block's start line [default: 40].
    #[arg(long, value_name = "B")]
    pub buffer_lines: Option<String>,
    /// Start line (1-based) for blocks that have no `:start_line:`.
    #[arg(long, value_name = "N")]
    pub start_line: Option<String>,
    /// Do not write the file (with --format json, print the new content).
    #[arg(long)]
    pub dry_run: bool,
    /// Output format: human or json.
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    pub format: String,
    /// Only check that the diff is well formed: `autofix apply-diff --parse-only [DIFF]`.
    #[arg(long)]
    pub parse_only: bool,
    /// The project root FILE must be inside [default: the nearest folder above the current one
    /// holding .git or a rules file, else the current folder].
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Write wherever this user can: no project root, no ignore files, no protected paths.
    #[arg(long)]
    pub unrestricted: bool,
}

/// A failure that ends the command with exit status 2.
struct Fatal(String);

pub fn run(args: ApplyDiffArgs) -> ExitCode {
    let json = args.format == "json";
    match execute(args) {
        Ok(code) => code,
        Err(Fatal(message)) => {
            if json {
                print_json(&json!({ "success": false, "blocks": [], "error": message }));
            } else {
                eprintln!("autofix apply-diff: {message}");
            }
            ExitCode::from(2)
        }
    }
}

fn execute(args: ApplyDiffArgs) -> Result<ExitCode, Fatal> {
    let json = match args.format.as_str() {
        "json" => true,
        "human" => false,
        other => {
            return Err(Fatal(format!("unknown --format `{other}`: use human or json")));
        }
    };
    if args.parse_only {
        let source = match (&args.file, &args.diff) {
            (Some(_), Some(_)) => {
                return Err(Fatal("--parse-only takes one argument, the diff".into()));
            }
            (Some(file), None) => file.to_string_lossy().into_owned(),
            (None, Some(diff)) => diff.clone(),
            (None, None) => "-".to_string(),
        };
        return parse_only(&source, json);
    }
    let Some(file) = args.file.as_deref() else {
        return Err(Fatal("missing FILE: autofix apply-diff FILE [DIFF|-]".into()));
    };
    let options = SearchOptions {
        threshold: number(args.threshold.as_deref(), "--threshold", 1.0, |t: &f64| {
            (0.0..=1.0).contains(t)
        })?,
        buffer_lines: number(args.buffer_lines.as_deref(), "--buffer-lines", 40, |_| true)?,
        start_line: args
            .start_line
            .as_deref()
            .map(|value| number(Some(value), "--start-line", 1, |n: &usize| *n > 0))
            .transpose()?,
        budget: crate::budget::Budget::unlimited(),
    };
    // The diff is read first: a caller piping it in should not get a broken pipe for a refusal.
    let diff_text = read_diff(args.diff.as_deref().unwrap_or("-"))?;
    let (target, original) = vetted_read(file, args.root.as_deref(), args.unrestricted)?;
    let diff = diff::parse(&diff_text).map_err(|error| Fatal(format!("malformed diff: {error}")))?;

    let mut outcome = diff::apply(&original, &diff, &options);
    outcome.warnings.extend(path_mismatch(&diff, file));
    if !args.dry_run {
        super::failures::with_counts(|counts| counts.record(&target, &mut outcome));
    }

    let changed = outcome.content.as_deref().is_some_and(|c| c != original);
    let mut written = false;
    if changed
        && !args.dry_run
        && let Some(content) = &outcome.content
    {
        // Nothing lost: a file saved by someone else while the diff was applied is left alone.
        if read_text(file)? != original {
            return Err(Fatal(format!(
                "{}: the file changed while the diff was applied; nothing was written — read it again and retry",
                file.display()
            )));
        }
        crate::atomic::write(&target, content.as_bytes())
            .map_err(|e| Fatal(format!("{}: cannot write: {e}", file.display())))?;
        written = true;
    }
    if json {
        if !args.dry_run {
            outcome.content = None;
        }
        print_json(&outcome);
    } else {
        print_human(&outcome, file, args.dry_run, written);
    }
    Ok(if outcome.all_applied() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn number<T: std::str::FromStr>(
    value: Option<&str>,
    flag: &str,
    default: T,
    valid: impl Fn(&T) -> bool,
) -> Result<T, Fatal> {
    let Some(text) = value else {
        return Ok(default);
    };
    match text.trim().parse::<T>() {
        Ok(parsed) if valid(&parsed) => Ok(parsed),
        _ => Err(Fatal(format!("invalid value `{text}` for {flag}"))),
    }
}

fn parse_only(source: &str, json: bool) -> Result<ExitCode, Fatal> {
    let text = read_diff(source)?;
    let diff = diff::parse(&text).map_err(|error| Fatal(format!("malformed diff: {error}")))?;
    if json {
        let blocks: Vec<_> = diff
            .blocks
            .iter()
            .enumerate()
            .map(|(index, b)| {
                json!({
                    "index": index,
                    "line": b.diff_line,
                    "start_line": b.start_line,
                    "search_lines": b.search.len(),
                    "replace_lines": b.replace.len(),
                })
            })
            .collect();
        print_json(&json!({ "success": true, "path": diff.path, "blocks": blocks, "error": null }));
    } else {
        let count = diff.blocks.len();
        let lines: Vec<String> = diff.blocks.iter().map(|b| b.diff_line.to_string()).collect();
        println!(
            "well-formed: {count} block{} (at line{} {})",
            if count == 1 { "" } else { "s" },
            if count == 1 { "" } else { "s" },
            lines.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads the diff: standard input, or a file the user named — a pipe too (`<(command)`), since
/// the diff is the caller's own input, not a file of the project; bounded in size either way.
fn read_diff(source: &str) -> Result<String, Fatal> {
    let limit = MAX_TEXT_BYTES;
    let mut bytes = Vec::new();
    let (read, what) = if source == "-" {
        (
            io::stdin().take(limit + 1).read_to_end(&mut bytes),
            "standard input".to_string(),
        )
    } else {
        let file = fs::File::open(source).map_err(|e| Fatal(format!("{source}: {e}")))?;
        (file.take(limit + 1).read_to_end(&mut bytes), source.to_string())
    };
    read.map_err(|e| Fatal(format!("cannot read the diff from {what}: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(Fatal(format!(
            "the diff in {what} is larger than {} MiB; split it into smaller diffs",
            limit >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| Fatal(format!("the diff in {what} is not UTF-8")))
}

/// Reads a regular file of bounded size (a FIFO or a huge file is refused, not waited on).
fn read_text(path: &Path) -> Result<String, Fatal> {
    crate::access::read_text(path, MAX_TEXT_BYTES).map_err(|e| match e {
        crate::access::ReadError::NotUtf8 { .. } => Fatal(format!("{}: not UTF-8 text", path.display())),
        other => Fatal(other.to_string()),
    })
}

/// The project root: `--root`, else the nearest folder above the current one holding `.git` or
/// a rules file, else the current folder.
pub fn project_root(given: Option<&Path>) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    if let Some(root) = given {
        return crate::paths::absolute(root);
    }
    cwd.ancestors()
        .find(|d| d.join(".git").exists() || store::rules_file_in(d).is_some())
        .map_or_else(|| cwd.clone(), Path::to_path_buf)
}

/// Vets `file` against the access policy of the project root, unless `--unrestricted`, and reads
/// it with no window between the two. Returns the path to write (symlinks resolved) and the text.
fn vetted_read(file: &Path, root: Option<&Path>, unrestricted: bool) -> Result<(PathBuf, String), Fatal> {
    let absolute = crate::paths::absolute(file);
    if unrestricted {
        let text = read_text(file)?;
        return Ok((std::fs::canonicalize(&absolute).unwrap_or(absolute), text));
    }
    let root = project_root(root);
    AccessPolicy::new([&root])
        .read_checked(&absolute, Intent::Write, MAX_TEXT_BYTES)
        .map_err(|e| match e {
            AccessError::Read(crate::access::ReadError::NotUtf8 { .. }) => {
                Fatal(format!("{}: not UTF-8 text", file.display()))
            }
            other => Fatal(refusal(&other, file, &absolute, &root)),
        })
}

/// A refusal as the user reads it: the path as they gave it, and the way forward that fits.
pub fn refusal(error: &AccessError, given: &Path, absolute: &Path, root: &Path) -> String {
    let text = error
        .to_string()
        .replacen(&absolute.display().to_string(), &given.display().to_string(), 1);
    match error {
        AccessError::OutsideWorkspace { .. } | AccessError::DanglingSymlink { .. } => format!(
            "{text} (the project root is {}; --root DIR picks another, --unrestricted lifts the policy)",
            root.display()
        ),
        AccessError::Blocked { .. }
        | AccessError::Protected { .. }
        | AccessError::IgnoreUnreadable { .. } => {
            format!("{text} (--unrestricted lifts the policy)")
        }
        AccessError::Read(_) | AccessError::Io { .. } => text,
    }
}

/// FILE wins over the XML wrapper's `<path>`; a different file is worth a warning.
fn path_mismatch(diff: &Diff, file: &Path) -> Option<String> {
    let named = diff.path.as_deref()?;
    let same = fs::canonicalize(named)
        .ok()
        .zip(fs::canonicalize(file).ok())
        .is_some_and(|(a, b)| a == b)
        || Path::new(named) == file
        || file.ends_with(named);
    (!same).then(|| {
        format!(
            "the diff names `{named}` but was applied to `{}` as asked",
            file.display()
        )
    })
}

fn print_json(value: &impl serde::Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(error) => println!("{{\"success\": false, \"error\": {:?}}}", error.to_string()),
    }
}

fn print_human(outcome: &Outcome, file: &Path, dry_run: bool, written: bool) {
    let mut out = String::new();
    for warning in &outcome.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    for block in &outcome.blocks {
        out.push_str(&block.human());
        out.push('\n');
        if let Some(error) = &block.error {
            for line in error.lines().skip(1) {
                if !line.is_empty() {
                    out.push_str("    ");
                }
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    let state = match (dry_run, written, outcome.success) {
        (true, _, true) => "dry run: not written".to_string(),
        (_, true, _) => "written".to_string(),
        (_, false, true) => "unchanged".to_string(),
        (_, _, false) => "not touched".to_string(),
    };
    out.push_str(&format!("{}: {} ({state})\n", file.display(), outcome.summary()));
    let _ = io::stdout().write_all(out.as_bytes());
}
