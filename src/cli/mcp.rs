//! `autofix mcp`: the Model Context Protocol server over stdio, for AI agents.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::agent::mcp::{Options, serve_stdio};
use crate::i18n::Locale;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LocaleArg {
    En,
    Es,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Tools: rules_for {path}, check {path, content?}, learn_rule {category, instruction, why, check?,
supersedes?}, apply_diff {path, diff, threshold?, dry_run?}. Resources: autofix://rules and each
rules file. Prompt: learn-from-correction.

Register it in an agent's MCP configuration as the command `autofix mcp` (`autofix init` does it).
Logs go to standard error (AUTOFIX_LOG=info for more); standard output is the protocol.")]
pub struct McpArgs {
    /// The project root every path must be inside [default: the client's MCP roots, else the
    /// current folder].
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// The language of messages such as "Learned rule #N" [default: from LANG].
    #[arg(long, value_enum)]
    pub locale: Option<LocaleArg>,
}

pub fn run(args: McpArgs) -> ExitCode {
    crate::lsp::logging::to_stderr();
    let cwd = match std::env::current_dir() {
        Ok(cwd) => cwd,
        Err(e) => {
            eprintln!("autofix mcp: cannot read the current folder: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(root) = &args.root
        && !root.is_dir()
    {
        eprintln!("autofix mcp: --root {}: not a folder", root.display());
        return ExitCode::from(2);
    }
    let locale = match args.locale {
        Some(LocaleArg::En) => Locale::En,
        Some(LocaleArg::Es) => Locale::Es,
        None => Locale::from_env(),
    };
    let options = Options {
        root: args.root.as_deref().map(crate::paths::absolute),
        cwd,
        locale,
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("autofix mcp: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let result = runtime.block_on(serve_stdio(options));
    runtime.shutdown_background();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("autofix mcp: {e}");
            ExitCode::from(2)
        }
    }
}
