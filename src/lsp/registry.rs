//! The rule sets the server knows: one per rules root (a workspace folder, or the nearest folder
//! above a file that holds a rules file), each read from its open buffer when the editor has it,
//! else from disk, keeping the last good set while the file is broken.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tower_lsp_server::ls_types::Uri;

use super::convert::path_to_uri;
use crate::rules::{Options, RuleSet, store};
use crate::text::LineIndex;

/// A built rule set with what the server needs to point into its file.
#[derive(Debug)]
pub struct Loaded {
    pub set: RuleSet,
    pub index: LineIndex,
    pub uri: Option<Uri>,
}

impl Loaded {
    fn new(set: RuleSet) -> Self {
        let index = LineIndex::new(&set.source);
        let uri = path_to_uri(&set.path);
        Loaded { set, index, uri }
    }
}

/// One rules root.
#[derive(Debug, Default)]
pub struct Root {
    pub dir: PathBuf,
    /// The rules file in force, if any.
    pub file: Option<PathBuf>,
    /// Lower-priority rules files that exist too (they are not used).
    pub shadowed: Vec<PathBuf>,
    /// The last rule set that was usable: what documents are checked against.
    pub good: Option<Arc<Loaded>>,
    /// The last rule set built, usable or not: what the rules file's own diagnostics show.
    pub latest: Option<Arc<Loaded>>,
    /// Why the rules file could not be read, when it could not.
    pub read_error: Option<String>,
}

/// Text of the open buffer at a path, if the editor has that file open.
pub type Buffers<'a> = &'a dyn Fn(&Path) -> Option<String>;

#[derive(Debug, Default)]
pub struct Registry {
    folders: Vec<PathBuf>,
    roots: BTreeMap<PathBuf, Root>,
    /// Folder of a document → its root (None: no rules apply).
    dir_cache: HashMap<PathBuf, Option<PathBuf>>,
    options: Options,
    /// The `rulesFile` setting.
    rules_file: Option<String>,
}

impl Registry {
    pub fn new(folders: Vec<PathBuf>, options: Options, rules_file: Option<String>) -> Self {
        Registry {
            folders,
            options,
            rules_file,
            ..Default::default()
        }
    }

    pub fn folders(&self) -> &[PathBuf] {
        &self.folders
    }

    pub fn set_folders(&mut self, folders: Vec<PathBuf>) {
        self.folders = folders;
        self.roots.clear();
        self.dir_cache.clear();
    }

    /// Changes how rule sets are built; every root is rebuilt on next use.
    pub fn set_options(&mut self, options: Options, rules_file: Option<String>) {
        if self.options != options || self.rules_file != rules_file {
            self.options = options;
            self.rules_file = rules_file;
            self.roots.clear();
            self.dir_cache.clear();
        }
    }

    /// The innermost workspace folder holding `path`.
    pub fn folder_of(&self, path: &Path) -> Option<&PathBuf> {
        self.folders
            .iter()
            .filter(|f| path.starts_with(f))
            .max_by_key(|f| f.components().count())
    }

    /// The candidate rules files of `dir`, highest precedence first (the `rulesFile` setting
    /// replaces the standard places in workspace folders).
    fn candidates(&self, dir: &Path) -> Vec<PathBuf> {
        match &self.rules_file {
            Some(custom) if self.folders.iter().any(|f| f == dir) => vec![dir.join(custom)],
            _ => store::LOCATIONS.iter().map(|l| dir.join(l)).collect(),
        }
    }

    fn existing(&self, dir: &Path, buffers: Buffers) -> Vec<PathBuf> {
        self.candidates(dir)
            .into_iter()
            .filter(|p| p.is_file() || buffers(p).is_some())
            .collect()
    }

    /// The root governing a document at `path`: the nearest folder at or above it holding a
    /// rules file, not looking above its workspace folder (which is its root when it has none);
    /// `None` outside every folder with no rules file above.
    pub fn root_for(&mut self, path: &Path, buffers: Buffers) -> Option<PathBuf> {
        self.root_for_dir(path.parent()?, buffers)
    }

    /// The root governing files in folder `start` (see [`Registry::root_for`]).
    pub fn root_for_dir(&mut self, start: &Path, buffers: Buffers) -> Option<PathBuf> {
        let start = start.to_path_buf();
        if let Some(cached) = self.dir_cache.get(&start) {
            return cached.clone();
        }
        let folder = self.folder_of(&start).cloned();
        let mut found = None;
        for dir in start.ancestors() {
            if !self.existing(dir, buffers).is_empty() || folder.as_deref() == Some(dir) {
                found = Some(dir.to_path_buf());
                break;
            }
        }
        if let Some(root) = &found
            && !self.roots.contains_key(root)
        {
            self.load(root, buffers);
        }
        self.dir_cache.insert(start, found.clone());
        found
    }

    pub fn root(&self, dir: &Path) -> Option<&Root> {
        self.roots.get(dir)
    }

    pub fn roots(&self) -> impl Iterator<Item = &Root> {
        self.roots.values()
    }

    /// The usable rule set for a document at `path`.
    pub fn rules_for(&mut self, path: &Path, buffers: Buffers) -> Option<Arc<Loaded>> {
        let root = self.root_for(path, buffers)?;
        self.roots.get(&root).and_then(|r| r.good.clone())
    }

    /// (Re)reads the rules of `dir`.
    pub fn load(&mut self, dir: &Path, buffers: Buffers) {
        let existing = self.existing(dir, buffers);
        let previous = self.roots.remove(dir).unwrap_or_default();
        let mut root = Root {
            dir: dir.to_path_buf(),
            ..Default::default()
        };
        if let Some((file, shadowed)) = existing.split_first() {
            root.file = Some(file.clone());
            root.shadowed = shadowed.to_vec();
            let text = match buffers(file) {
                Some(text) => Ok(text),
                None => store::read(file).map_err(|e| e.to_string()),
            };
            match text {
                Ok(text) => {
                    let mut set = RuleSet::from_text(file, &text, self.options);
                    set.root = dir.to_path_buf();
                    let loaded = Arc::new(Loaded::new(set));
                    root.good = if loaded.set.is_usable() {
                        Some(loaded.clone())
                    } else {
                        previous.good
                    };
                    root.latest = Some(loaded);
                }
                Err(e) => {
                    root.read_error = Some(e);
                    root.good = previous.good;
                }
            }
        }
        self.roots.insert(dir.to_path_buf(), root);
    }

    /// Loads the rules of every workspace folder not loaded yet, so a broken rules file is
    /// reported before any document is opened.
    pub fn load_folders(&mut self, buffers: Buffers) {
        for folder in self.folders.clone() {
            if !self.roots.contains_key(&folder) {
                self.load(&folder, buffers);
            }
        }
    }

    /// Forgets which folders map to which roots (a rules file appeared or vanished).
    pub fn forget_discovery(&mut self) {
        self.dir_cache.clear();
    }

    /// Rebuilds every known root.
    pub fn reload_all(&mut self, buffers: Buffers) {
        self.dir_cache.clear();
        let dirs: Vec<PathBuf> = self.roots.keys().cloned().collect();
        for dir in dirs {
            self.load(&dir, buffers);
        }
    }

    /// The root whose rules file (in force or shadowed) is `path`.
    pub fn root_of_rules_file(&self, path: &Path) -> Option<&Root> {
        self.roots
            .values()
            .find(|r| r.file.as_deref() == Some(path) || r.shadowed.iter().any(|s| s == path))
    }

    /// True when `path` could be a rules file of some root (standard places or the setting).
    pub fn is_rules_path(&self, path: &Path) -> bool {
        store::is_rules_file(path) || self.roots.values().any(|r| r.file.as_deref() == Some(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use TODO.", "Why": "w", "Check": {"Pattern": "TODO"}}]"#;

    fn no_buffers(_: &Path) -> Option<String> {
        None
    }

    #[test]
    fn folders_nearest_files_and_outside_files() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join("src")).unwrap();
        std::fs::create_dir_all(ws.join("pkg/.agents")).unwrap();
        std::fs::write(ws.join("autofix.json"), GOOD).unwrap();
        std::fs::write(ws.join("pkg/.agents/autofix.json"), GOOD).unwrap();
        std::fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
        let mut reg = Registry::new(vec![ws.clone()], Options::default(), None);
        assert_eq!(reg.root_for(&ws.join("src/a.ts"), &no_buffers), Some(ws.clone()));
        assert_eq!(
            reg.root_for(&ws.join("pkg/x/a.ts"), &no_buffers),
            Some(ws.join("pkg"))
        );
        assert_eq!(
            reg.root_for(&dir.path().join("elsewhere/a.ts"), &no_buffers),
            None
        );
        assert!(reg.rules_for(&ws.join("src/a.ts"), &no_buffers).is_some());
    }

    #[test]
    fn a_folder_without_rules_is_its_own_root_with_none() {
        let dir = tempfile::tempdir().unwrap();
        let mut reg = Registry::new(vec![dir.path().to_path_buf()], Options::default(), None);
        assert_eq!(
            reg.root_for(&dir.path().join("a.ts"), &no_buffers),
            Some(dir.path().to_path_buf())
        );
        assert!(reg.rules_for(&dir.path().join("a.ts"), &no_buffers).is_none());
        assert!(reg.root(dir.path()).unwrap().file.is_none());
    }

    #[test]
    fn broken_rules_keep_the_last_good_set() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("autofix.json");
        std::fs::write(&file, GOOD).unwrap();
        let mut reg = Registry::new(vec![dir.path().to_path_buf()], Options::default(), None);
        let good = reg.rules_for(&dir.path().join("a.ts"), &no_buffers).unwrap();
        let broken = |p: &Path| (p == file).then(|| "[{".to_string());
        reg.load(dir.path(), &broken);
        let root = reg.root(dir.path()).unwrap();
        assert!(
            Arc::ptr_eq(root.good.as_ref().unwrap(), &good),
            "last good set stays in force"
        );
        assert!(!root.latest.as_ref().unwrap().set.is_usable());
    }

    #[test]
    fn the_rules_file_setting_replaces_discovery_in_folders() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("config")).unwrap();
        std::fs::write(dir.path().join("config/rules.json"), GOOD).unwrap();
        let mut reg = Registry::new(
            vec![dir.path().to_path_buf()],
            Options::default(),
            Some("config/rules.json".into()),
        );
        let loaded = reg.rules_for(&dir.path().join("a.ts"), &no_buffers).unwrap();
        assert_eq!(loaded.set.path, dir.path().join("config/rules.json"));
        assert_eq!(loaded.set.root, dir.path());
        assert!(reg.is_rules_path(&dir.path().join("config/rules.json")));
    }

    #[test]
    fn shadowed_files_are_listed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".rules")).unwrap();
        std::fs::write(dir.path().join("autofix.json"), GOOD).unwrap();
        std::fs::write(dir.path().join(".rules/autofix.json"), GOOD).unwrap();
        let mut reg = Registry::new(vec![dir.path().to_path_buf()], Options::default(), None);
        reg.root_for(&dir.path().join("a.ts"), &no_buffers);
        let root = reg.root(dir.path()).unwrap();
        assert_eq!(root.file, Some(dir.path().join("autofix.json")));
        assert_eq!(root.shadowed, [dir.path().join(".rules/autofix.json")]);
    }
}
