//! `autofix check`: check files against the rules.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The file to change.
    pub file: Option<PathBuf>,
    /// The diff: a file path, or `-` (default) for standard input.
    pub diff: Option<String>,
}

pub fn run(_args: CheckArgs) -> ExitCode {
    eprintln!("check is being built");
    ExitCode::from(2)
}
