//! `autofix apply-diff`: apply a SEARCH/REPLACE diff to a file from the shell.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct ApplyDiffArgs {
    /// The file to change.
    pub file: Option<PathBuf>,
    /// The diff: a file path, or `-` (default) for standard input.
    pub diff: Option<String>,
}

pub fn run(_args: ApplyDiffArgs) -> ExitCode {
    eprintln!("apply-diff is being built");
    ExitCode::from(2)
}
