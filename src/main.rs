//! The `autofix` binary: parses the command line and hands each subcommand to its module in `cli/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "autofix",
    version,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Lsp(args) => autofix::cli::lsp::run(args),
        Command::Check(args) => autofix::cli::check::run(args),
        Command::ApplyDiff(args) => autofix::cli::apply_diff::run(args),
        Command::Learn(args) => autofix::cli::learn::run(args),
        Command::Rules(args) => autofix::cli::rules::run(args),
    }
}
