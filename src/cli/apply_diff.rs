//! `autofix apply-diff`: apply a SEARCH/REPLACE diff to a file from the shell.
//!
//! Exit 0 when every block applied, 1 when some or all failed, 2 for a malformed diff, a usage
//! error or an I/O error. With `--format json` stdout always holds one JSON object, errors
//! included. The file is written atomically, and only when something changed.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::diff::{self, Diff, Mistakes, Options, Outcome};

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  autofix apply-diff src/app.ts change.diff
  llm-tool | autofix apply-diff src/app.ts --format json
  autofix apply-diff --parse-only change.diff

Exit status: 0 every block applied, 1 some or all blocks failed, 2 malformed diff, usage or I/O error.")]
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
    let options = Options {
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
    let diff_text = read_diff(args.diff.as_deref().unwrap_or("-"))?;
    let original = read_text(file)?;
    let diff = diff::parse(&diff_text).map_err(|error| Fatal(format!("malformed diff: {error}")))?;

    let mut outcome = diff::apply(&original, &diff, &options);
    outcome.warnings.extend(path_mismatch(&diff, file));
    Mistakes::new().record(file, &mut outcome);

    let changed = outcome.content.as_deref().is_some_and(|c| c != original);
    let mut written = false;
    if changed
        && !args.dry_run
        && let Some(content) = &outcome.content
    {
        crate::atomic::write(file, content.as_bytes())
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

fn read_diff(source: &str) -> Result<String, Fatal> {
    if source == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Fatal(format!("cannot read the diff from standard input: {e}")))?;
        return String::from_utf8(bytes).map_err(|_| Fatal("the diff on standard input is not UTF-8".into()));
    }
    read_text(Path::new(source))
}

fn read_text(path: &Path) -> Result<String, Fatal> {
    let bytes = fs::read(path).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| Fatal(format!("{}: not UTF-8 text", path.display())))
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
