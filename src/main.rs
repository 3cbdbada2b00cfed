//! The `autofix` binary: parses the command line and hands each subcommand to its module in `cli/`.

use std::ffi::{OsStr, OsString};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "autofix",
    version = env!("AUTOFIX_LONG_VERSION"),
    about = "Enforce a project's learned rules (autofix.json) and apply SEARCH/REPLACE diffs."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Run the language server over stdio.
    Lsp(autofix::cli::lsp::LspArgs),
    /// Check files against the rules; exit 0 clean, 1 violations, 2 error.
    Check(autofix::cli::check::CheckArgs),
    /// Print the active rules after precedence, newest first (for a file with --for).
    Rules(autofix::cli::rules::RulesArgs),
    /// Append a rule to the rules file (atomic, locked, never deletes).
    Learn(autofix::cli::learn::LearnArgs),
    /// Apply a SEARCH/REPLACE diff to a file; exit 0 all applied, 1 some failed, 2 error.
    ApplyDiff(autofix::cli::apply_diff::ApplyDiffArgs),
    /// Run the MCP server over stdio, for AI agents: rules_for, check, learn_rule, apply_diff.
    Mcp(autofix::cli::mcp::McpArgs),
    /// Agent hook: check an edit event (JSON on stdin); exit 2 with a report when it breaks a rule.
    Hook(autofix::cli::hook::HookArgs),
    /// Register the MCP server and the hook in each agent's configuration (claude, vscode, cursor).
    Init(autofix::cli::init::InitArgs),
    /// Read the other agents' rule files (AGENTS.md, CLAUDE.md, .cursor/rules, …) into rules.
    Import(autofix::cli::import::ImportArgs),
    /// Write the active rules into each agent's files (a managed section, or generated files).
    Export(autofix::cli::export::ExportArgs),
}

/// True when the command line asks `apply-diff` for JSON: then even a usage error is JSON, so a
/// caller can always parse standard output.
fn wants_json_errors(args: &[OsString]) -> bool {
    let diff = args.iter().any(|a| a == "apply-diff");
    let json = args.windows(2).any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json");
    diff && json
}

/// `arg` with its bytes that are not UTF-8 written `\xNN`.
fn escaped(arg: &OsStr) -> String {
    let mut out = String::new();
    for chunk in arg.as_encoded_bytes().utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// clap only says that some argument is not UTF-8: name it, and say what to do.
fn name_invalid_utf8(e: clap::Error, args: &[OsString]) -> clap::Error {
    if e.kind() != ErrorKind::InvalidUtf8 {
        return e;
    }
    let bad: Vec<String> = args
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, a)| a.to_str().is_none())
        .map(|(i, a)| format!("argument {i} (`{}`)", escaped(a)))
        .collect();
    let message = format!(
        "{} is not valid UTF-8 where text is expected (only paths may hold other bytes) — write it in UTF-8\n",
        bad.join(", ")
    );
    clap::Error::raw(ErrorKind::InvalidUtf8, message).with_cmd(&Cli::command())
}

/// A reader that stops early (`autofix rules --explain | head`) ends a command quietly, as it
/// ends `cat` or `grep`: Rust ignores SIGPIPE, so `println!` would panic on the closed pipe
/// instead. Not for the servers, which see their client leave and shut down in order. Files are
/// written atomically and the rules file's lock is the kernel's, so nothing is left half done.
fn end_quietly_on_closed_pipe() {
    // SAFETY: restores the default action of one signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    // Arguments as the OS gives them: any byte string is a valid Unix argument. Paths take them
    // as they are; a text argument that is not UTF-8 is a usage error from clap.
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args).map_err(|e| name_invalid_utf8(e, &args)) {
        Ok(cli) => cli,
        Err(e) if wants_json_errors(&args) && e.use_stderr() => {
            let message = e.render().to_string();
            let first = message
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string();
            println!("{}", serde_json::json!({ "success": false, "error": first }));
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
    if !matches!(cli.command, Command::Lsp(_) | Command::Mcp(_)) {
        end_quietly_on_closed_pipe();
    }
    match cli.command {
        Command::Lsp(args) => autofix::cli::lsp::run(args),
        Command::Check(args) => autofix::cli::check::run(args),
        Command::ApplyDiff(args) => autofix::cli::apply_diff::run(args),
        Command::Learn(args) => autofix::cli::learn::run(args),
        Command::Rules(args) => autofix::cli::rules::run(args),
        Command::Mcp(args) => autofix::cli::mcp::run(args),
        Command::Hook(args) => autofix::cli::hook::run(args),
        Command::Init(args) => autofix::cli::init::run(args),
        Command::Import(args) => autofix::cli::import::run(args),
        Command::Export(args) => autofix::cli::export::run(args),
    }
}
