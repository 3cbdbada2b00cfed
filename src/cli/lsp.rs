//! `autofix lsp`: the language server over stdio.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct LspArgs {
    /// Accepted for editors that always pass it; stdio is the only transport.
    #[arg(long)]
    pub stdio: bool,
}

pub fn run(_args: LspArgs) -> ExitCode {
    crate::lsp::logging::to_stderr();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("autofix lsp: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let ending = runtime.block_on(crate::lsp::serve_stdio());
    // Tasks still waiting (for an editor that is gone, on a blocked stdout) are not waited for.
    runtime.shutdown_background();
    if let Some(note) = ending.note() {
        eprintln!("autofix lsp: {note}");
    }
    ExitCode::from(ending.exit_code())
}
