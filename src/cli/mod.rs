//! Command-line adapters: one module per subcommand, each turning arguments into engine calls and
//! engine results into output and an exit code.

pub mod apply_diff;
pub mod check;
pub mod export;
pub mod failures;
pub mod format;
pub mod hook;
pub mod import;
pub mod init;
pub mod learn;
pub mod lsp;
pub mod mcp;
pub mod rules;
