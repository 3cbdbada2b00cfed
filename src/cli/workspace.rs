//! Which rules govern which file on the command line: `--root`'s rules file, else the nearest
//! folder above the file that holds one (as ruff and ESLint find their configs). Rule sets are
//! loaded once each.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use crate::paths::absolute;
use crate::rules::{Options, RuleSet, store};

#[derive(Debug, thiserror::Error)]
pub enum WorkspaceError {
    #[error(
        "no rules file in {}: looked for {} — create one with `autofix learn`",
        root.display(),
        store::LOCATIONS.join(", ")
    )]
    NoRulesFile { root: PathBuf },
    #[error(transparent)]
    Read(#[from] store::ReadError),
}

/// Finds and caches rule sets.
pub struct Workspace {
    root: Option<PathBuf>,
    options: Options,
    by_dir: HashMap<PathBuf, Option<PathBuf>>,
    sets: HashMap<PathBuf, Arc<RuleSet>>,
}

impl Workspace {
    /// `root`: the `--root` folder, whose rules file then governs every file.
    pub fn new(root: Option<PathBuf>, options: Options) -> Result<Workspace, WorkspaceError> {
        let mut ws = Workspace {
            root: None,
            options,
            by_dir: HashMap::new(),
            sets: HashMap::new(),
        };
        if let Some(root) = root {
            let root = absolute(&root);
            let file = store::rules_file_in(&root)
                .ok_or_else(|| WorkspaceError::NoRulesFile { root: root.clone() })?;
            ws.load(&file)?;
            ws.root = Some(root);
        }
        Ok(ws)
    }

    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    fn load(&mut self, file: &Path) -> Result<Arc<RuleSet>, WorkspaceError> {
        if let Some(set) = self.sets.get(file) {
            return Ok(set.clone());
        }
        let mut set = RuleSet::load(file, self.options)?;
        if let Some(root) = &self.root {
            set.root = root.clone();
        }
        let set = Arc::new(set);
        self.sets.insert(file.to_path_buf(), set.clone());
        Ok(set)
    }

    /// The rule set governing `file` (an absolute path), or `None` when no rules file is above it.
    pub fn rules_for(&mut self, file: &Path) -> Result<Option<Arc<RuleSet>>, WorkspaceError> {
        if let Some(root) = &self.root {
            let rules = store::rules_file_in(root)
                .ok_or_else(|| WorkspaceError::NoRulesFile { root: root.clone() })?;
            return self.load(&rules).map(Some);
        }
        let dir = file.parent().unwrap_or(Path::new("/")).to_path_buf();
        let rules_file = match self.by_dir.get(&dir) {
            Some(found) => found.clone(),
            None => {
                let found = store::nearest(&dir).map(|(_, f)| f);
                self.by_dir.insert(dir, found.clone());
                found
            }
        };
        rules_file.map(|f| self.load(&f)).transpose()
    }

    /// Every rule set loaded so far, in a stable order.
    pub fn loaded(&self) -> Vec<Arc<RuleSet>> {
        let mut sets: Vec<_> = self.sets.values().cloned().collect();
        sets.sort_by(|a, b| a.path.cmp(&b.path));
        sets
    }
}

/// `path` as shown to the user: relative to `base` with `/` separators when inside it.
pub fn display_path(path: &Path, base: &Path) -> String {
    match path.strip_prefix(base) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".into(),
        Ok(rel) => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_relative_inside_the_base() {
        assert_eq!(
            display_path(Path::new("/r/src/a.ts"), Path::new("/r")),
            "src/a.ts"
        );
        assert_eq!(display_path(Path::new("/x/a.ts"), Path::new("/r")), "/x/a.ts");
    }
}
