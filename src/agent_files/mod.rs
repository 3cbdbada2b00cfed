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

/// Folders whose files are other projects': version control's own, and dependencies (Go's,
/// PHP's and Ruby's `vendor/`, committed; `node_modules/`, usually ignored) — a dependency's
/// `AGENTS.md` speaks for the dependency, and no export writes into one.
const NOT_THE_PROJECTS_FOLDERS: &[&str] = &[".git", ".hg", ".svn", ".jj", "vendor", "node_modules"];

/// Files under `dir` (a walk that respects .gitignore, dot-files included, version control's
/// folders and dependencies left out, links not followed), with the walk's errors.
pub fn project_files(dir: &Path) -> (Vec<PathBuf>, Vec<String>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(false)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| {
            !e.file_name()
                .to_str()
                .is_some_and(|n| NOT_THE_PROJECTS_FOLDERS.contains(&n))
        })
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
