//! The other agents' instruction files (`AGENTS.md`, `CLAUDE.md`, `.cursor/rules/*.mdc`,
//! Copilot's instructions, …): which files each agent reads (`formats`), reading their rules in
//! (`import`, with `markdown`, `frontmatter`, `category` and the plan against the rules already
//! known in `plan`) and writing the active rules out to them (`export`, with the managed section
//! of a file people also edit in `section`).

pub mod category;
pub mod export;
pub mod formats;
pub mod frontmatter;
pub mod import;
pub mod markdown;
pub mod plan;
pub mod section;

/// The largest agent file read: real ones are a few KiB; a planted huge one is skipped.
pub const MAX_AGENT_FILE_BYTES: u64 = 1 << 20;
