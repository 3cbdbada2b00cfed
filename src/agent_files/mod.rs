//! The other agents' instruction files (`AGENTS.md`, `CLAUDE.md`, `.cursor/rules/*.mdc`,
//! Copilot's instructions, …): which files each agent reads (`formats`), reading their rules in
//! (`import`, with `markdown`, `frontmatter`, `category`, its word lists in `words`, and the plan
//! against the rules already known in `plan`) and writing the active rules out to them
//! (`export`, with the managed section of a file people also edit in `section`).

pub mod category;
pub mod convention;
pub mod export;
pub mod formats;
pub mod frontmatter;
pub mod heading_scope;
pub mod import;
pub mod markdown;
pub mod plan;
pub mod section;
pub mod words;

/// The largest agent file read: real ones are a few KiB; a planted huge one is skipped.
pub const MAX_AGENT_FILE_BYTES: u64 = 1 << 20;

use std::path::{Path, PathBuf};

/// Files under `dir` (a walk that respects .gitignore, dot-files included, `.git/` left out,
/// links not followed), with the walk's errors.
pub fn project_files(dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(false)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| !matches!(e.file_name().to_str(), Some(".git" | ".hg" | ".svn" | ".jj")))
        .build();
    for entry in walker {
        match entry {
            Ok(e) if e.file_type().is_some_and(|t| !t.is_dir()) => files.push(e.into_path()),
            Ok(_) => {}
            Err(e) => errors.push(e.to_string()),
        }
    }
    files.sort();
    (files, errors)
}
