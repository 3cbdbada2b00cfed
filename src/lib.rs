//! autofix: a project's learned rules (`autofix.json`) enforced in the editor and the shell, and
//! AI-written SEARCH/REPLACE diffs applied safely.
//!
//! The engines (`rules`, `diff`, `text`) know nothing of LSP; `lsp` and `cli` are thin adapters.

pub mod access;
pub mod agent;
pub mod agent_files;
pub mod atomic;
pub mod budget;
pub mod cli;
pub mod diff;
pub mod files;
pub mod i18n;
pub mod lsp;
pub mod paths;
pub mod rules;
pub mod text;
