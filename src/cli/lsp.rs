//! `autofix lsp`: the language server over stdio.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct LspArgs {
    /// The file to change.
    pub file: Option<PathBuf>,
    /// The diff: a file path, or `-` (default) for standard input.
    pub diff: Option<String>,
}

pub fn run(_args: LspArgs) -> ExitCode {
    eprintln!("lsp is being built");
    ExitCode::from(2)
}
