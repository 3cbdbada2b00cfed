//! Which rules govern which file, for the command line and the language server alike: rules
//! files are discovered from a file's folder upward (the nearest folder holding one wins, never
//! above the repository root), read from an open editor buffer first and else from disk through
//! the access policy, built once, and kept as the last good set while the file is broken.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::ruleset::{BuildOptions, RuleSet};
use super::store;
use crate::access::{AccessPolicy, Intent, MAX_RULES_BYTES};
use crate::text::LineIndex;

/// Why an empty rules file on disk is not used.
const EMPTY_FILE: &str =
    "the rules file is empty — an editor may be saving it right now (a rules file without rules holds `[]`)";

/// A built rule set with the line index of its text, to point into the rules file.
#[derive(Debug)]
pub struct LoadedRules {
    pub set: RuleSet,
    pub lines: LineIndex,
}

impl LoadedRules {
    pub fn new(set: RuleSet) -> LoadedRules {
        let lines = LineIndex::new(&set.source);
        LoadedRules { set, lines }
    }
}

/// One folder whose files a rules file governs (or would, once one is learned).
#[derive(Debug, Default)]
pub struct RulesRoot {
    pub dir: PathBuf,
    /// The rules file in force, if any.
    pub file: Option<PathBuf>,
    /// Lower-priority rules files that exist too (they are not used).
    pub shadowed: Vec<PathBuf>,
    /// The last rule set that was usable: what files are checked against.
    pub good: Option<Arc<LoadedRules>>,
    /// The last rule set built, usable or not: what the rules file's own lints show.
    pub latest: Option<Arc<LoadedRules>>,
    /// Why the rules file could not be read, when it could not.
    pub read_error: Option<String>,
}

impl RulesRoot {
    /// True when the rules file in force cannot be read or does not build.
    pub fn is_broken(&self) -> bool {
        self.read_error.is_some() || self.latest.as_ref().is_some_and(|l| !l.set.is_usable())
    }
}

/// Where discovery may look.
#[derive(Debug, Clone)]
pub enum Boundary {
    /// Every file is governed by this folder's rules file (`--root`).
    Fixed(PathBuf),
    /// From a file's folder upward to the repository root (a folder holding `.git`), else to
    /// the file system root. `folders` (the editor's workspace folders) are where a new rules
    /// file goes when none governs a file, and where the `rules_file` setting replaces the
    /// standard places.
    Nearest {
        folders: Vec<PathBuf>,
        rules_file: Option<String>,
        /// Who may read rules files beyond their own folder (the workspace folders' policy in
        /// the editor, for a `rules_file` setting that points elsewhere in the workspace).
        policy: Option<Arc<AccessPolicy>>,
    },
}

impl Boundary {
    /// The command line's boundary: nearest rules file, no workspace folders.
    pub fn nearest() -> Boundary {
        Boundary::Nearest {
            folders: Vec::new(),
            rules_file: None,
            policy: None,
        }
    }
}

/// What discovery found going up from a folder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Discovery {
    /// The nearest folder holding a rules file.
    pub rules: Option<PathBuf>,
    /// The repository root met before any rules file (a folder holding `.git`).
    pub repository: Option<PathBuf>,
}

/// The text of an open editor buffer at a path, if the editor has that file open.
pub trait OpenBuffers {
    fn text(&self, path: &Path) -> Option<String>;
}

/// No editor: everything comes from disk.
pub struct Disk;

impl OpenBuffers for Disk {
    fn text(&self, _: &Path) -> Option<String> {
        None
    }
}

impl<F: Fn(&Path) -> Option<String>> OpenBuffers for F {
    fn text(&self, path: &Path) -> Option<String> {
        self(path)
    }
}

/// A reload of one root, prepared: the rules file in force and its text.
#[derive(Debug)]
pub struct LoadJob {
    dir: PathBuf,
    file: Option<PathBuf>,
    shadowed: Vec<PathBuf>,
    /// The text, or why it could not be read (`None`: no rules file).
    text: Option<Result<String, String>>,
    options: BuildOptions,
    user: Option<Arc<LoadedRules>>,
    generation: u64,
}

impl LoadJob {
    /// Compiles the rules: the expensive half of a reload, done without the index.
    pub fn build(self) -> Built {
        let set = match (&self.file, &self.text) {
            (Some(file), Some(Ok(text))) => {
                let mut set = RuleSet::from_text_layered(file, text, self.options, self.user.clone());
                set.root = self.dir.clone();
                Some(Arc::new(LoadedRules::new(set)))
            }
            (None, _) => self.user.clone().map(|user| {
                Arc::new(LoadedRules::new(RuleSet::user_only(
                    &self.dir,
                    user,
                    self.options,
                )))
            }),
            _ => None,
        };
        Built { job: self, set }
    }
}

/// A reload, built and ready to install.
#[derive(Debug)]
pub struct Built {
    job: LoadJob,
    set: Option<Arc<LoadedRules>>,
}

/// The rule sets known so far.
#[derive(Debug)]
pub struct RulesIndex {
    boundary: Boundary,
    options: BuildOptions,
    roots: BTreeMap<PathBuf, RulesRoot>,
    /// Folder of a file → the root governing it (`None`: nothing governs it).
    dir_cache: HashMap<PathBuf, Option<PathBuf>>,
    /// Folder → the nearest folder at or above it holding a rules file, for every folder a
    /// discovery went through: a later one stops at the first such folder instead of probing
    /// every ancestor again (a walk of thousands of folders probed each ancestor of each).
    governed: HashMap<PathBuf, PathBuf>,
    /// Per root: the last reload prepared, and the last installed.
    generations: HashMap<PathBuf, u64>,
    installed: HashMap<PathBuf, u64>,
    /// The user's own rules, in force under every root's (see [`super::user`]).
    user: Option<Arc<LoadedRules>>,
}

impl Default for RulesIndex {
    fn default() -> Self {
        RulesIndex::new(Boundary::nearest(), BuildOptions::default())
    }
}

impl RulesIndex {
    pub fn new(boundary: Boundary, options: BuildOptions) -> RulesIndex {
        RulesIndex {
            boundary,
            options,
            roots: BTreeMap::new(),
            dir_cache: HashMap::new(),
            governed: HashMap::new(),
            generations: HashMap::new(),
            installed: HashMap::new(),
            user: None,
        }
    }

    /// Puts the user's rules under every root's. Roots loaded already keep their rules until
    /// they are built again ([`RulesIndex::prepare_all`], [`RulesIndex::reload_all`]), so a
    /// broken rules file keeps its last good rules.
    pub fn set_user_rules(&mut self, user: Option<Arc<LoadedRules>>) {
        self.user = user;
        self.dir_cache.clear();
        self.governed.clear();
    }

    /// The user's rules in force under every root's, if any.
    pub fn user_rules(&self) -> Option<&Arc<LoadedRules>> {
        self.user.as_ref()
    }

    pub fn boundary(&self) -> &Boundary {
        &self.boundary
    }

    pub fn options(&self) -> BuildOptions {
        self.options
    }

    /// The workspace folders (none on the command line).
    pub fn folders(&self) -> &[PathBuf] {
        match &self.boundary {
            Boundary::Nearest { folders, .. } => folders,
            Boundary::Fixed(_) => &[],
        }
    }

    /// Changes where discovery looks or how sets are built; every root is read again on next
    /// use.
    pub fn reconfigure(&mut self, boundary: Boundary, options: BuildOptions) {
        self.boundary = boundary;
        self.options = options;
        self.roots.clear();
        self.dir_cache.clear();
        self.governed.clear();
    }

    /// The innermost workspace folder holding `path`.
    pub fn folder_of(&self, path: &Path) -> Option<&PathBuf> {
        self.folders()
            .iter()
            .filter(|f| path.starts_with(f))
            .max_by_key(|f| f.components().count())
    }

    /// The `rules_file` setting, when it replaces the standard places in `dir` (a workspace
    /// folder).
    fn custom_file(&self, dir: &Path) -> Option<PathBuf> {
        match &self.boundary {
            Boundary::Nearest {
                folders,
                rules_file: Some(custom),
                ..
            } if folders.iter().any(|f| f == dir) => Some(crate::paths::absolute(&dir.join(custom))),
            _ => None,
        }
    }

    /// The rules files of `dir` that exist (on disk or in a buffer), highest precedence first.
    fn existing(&self, dir: &Path, buffers: &dyn OpenBuffers) -> Vec<PathBuf> {
        let candidates: Vec<PathBuf> = match self.custom_file(dir) {
            Some(custom) => vec![custom],
            None => store::LOCATIONS
                .iter()
                .map(|l| dir.join(l))
                // `X/.agents/autofix.json` is X's rules file, not the rules file of `.agents/`.
                .filter(|p| store::root_of(p) == dir)
                .collect(),
        };
        // Whatever is there counts, not only a regular file: a folder or a FIFO in place of the
        // rules file is a rules file that cannot be read (reported, the last good rules kept),
        // not the absence of one.
        candidates
            .into_iter()
            .filter(|p| p.exists() || buffers.text(p).is_some())
            .collect()
    }

    /// The root governing a file at `path` (see [`RulesIndex::root_for_dir`]).
    pub fn root_for(&mut self, path: &Path, buffers: &dyn OpenBuffers) -> Option<PathBuf> {
        self.root_for_dir(path.parent()?, buffers)
    }

    /// The root governing files in folder `start`: the nearest folder at or above it holding a
    /// rules file, not looking above the repository root. When none does, the folder where one
    /// would be created: the repository root inside a workspace folder, else the innermost
    /// workspace folder (the command line has none: `None`).
    pub fn root_for_dir(&mut self, start: &Path, buffers: &dyn OpenBuffers) -> Option<PathBuf> {
        if let Boundary::Fixed(root) = &self.boundary {
            let root = root.clone();
            if !self.roots.contains_key(&root) {
                self.load(&root, buffers);
            }
            return Some(root);
        }
        let start = start.to_path_buf();
        if let Some(cached) = self.dir_cache.get(&start) {
            return cached.clone();
        }
        let Discovery {
            rules: found,
            repository,
        } = self.discover(&start, buffers);
        if let Some(rules) = &found {
            for dir in start.ancestors().take_while(|d| d.starts_with(rules)) {
                self.governed.insert(dir.to_path_buf(), rules.clone());
            }
        }
        let found = found.or_else(|| {
            let Some(folder) = self.folder_of(&start).cloned() else {
                // No workspace folder (the command line): the user's rules still govern a
                // repository that has no rules file of its own.
                return repository.filter(|_| self.user.is_some());
            };
            Some(repository.filter(|r| r.starts_with(&folder)).unwrap_or(folder))
        });
        if let Some(root) = &found
            && !self.roots.contains_key(root)
        {
            self.load(root, buffers);
        }
        self.dir_cache.insert(start, found.clone());
        found
    }

    /// Where discovery stops going up from folder `start`, without reading any rules: the
    /// nearest folder holding a rules file, else the repository root it met.
    pub fn discover(&self, start: &Path, buffers: &dyn OpenBuffers) -> Discovery {
        for dir in start.ancestors() {
            if let Some(rules) = self.governed.get(dir) {
                return Discovery {
                    rules: Some(rules.clone()),
                    repository: None,
                };
            }
            // A rules file already loaded counts whatever the disk says this instant: one that
            // is missing for a moment (an editor saving it by renaming) must not leave some
            // files governed by it and others by nothing.
            let loaded = self.roots.get(dir).is_some_and(|r| r.file.is_some());
            if loaded || !self.existing(dir, buffers).is_empty() {
                return Discovery {
                    rules: Some(dir.to_path_buf()),
                    repository: None,
                };
            }
            if dir.join(".git").exists() {
                return Discovery {
                    rules: None,
                    repository: Some(dir.to_path_buf()),
                };
            }
        }
        Discovery::default()
    }

    pub fn root(&self, dir: &Path) -> Option<&RulesRoot> {
        self.roots.get(dir)
    }

    pub fn roots(&self) -> impl Iterator<Item = &RulesRoot> {
        self.roots.values()
    }

    /// The usable rule set governing a file at `path`.
    pub fn rules_for(&mut self, path: &Path, buffers: &dyn OpenBuffers) -> Option<Arc<LoadedRules>> {
        let root = self.root_for(path, buffers)?;
        self.roots.get(&root).and_then(|r| r.good.clone())
    }

    /// (Re)reads and rebuilds the rules of `dir`.
    pub fn load(&mut self, dir: &Path, buffers: &dyn OpenBuffers) {
        let job = self.prepare(dir, buffers);
        self.install(job.build());
    }

    /// The first half of a reload, cheap enough to do under a lock: which rules file is in
    /// force in `dir`, and its text. [`LoadJob::build`] compiles it (without the index), and
    /// [`RulesIndex::install`] puts the result in place unless a newer reload got there first.
    pub fn prepare(&mut self, dir: &Path, buffers: &dyn OpenBuffers) -> LoadJob {
        let existing = self.existing(dir, buffers);
        let generation = self.generations.entry(dir.to_path_buf()).or_default();
        *generation += 1;
        let generation = *generation;
        let (file, shadowed, text) = match existing.split_first() {
            Some((file, shadowed)) => (
                Some(file.clone()),
                shadowed.to_vec(),
                Some(self.read(dir, file, buffers)),
            ),
            None => (None, Vec::new(), None),
        };
        LoadJob {
            dir: dir.to_path_buf(),
            file,
            shadowed,
            text,
            options: self.options,
            user: self.user.clone(),
            generation,
        }
    }

    /// Puts a built rule set in place; a result older than one already installed is dropped.
    pub fn install(&mut self, built: Built) {
        let Built { job, set } = built;
        let installed = self.installed.entry(job.dir.clone()).or_default();
        if job.generation < *installed {
            return;
        }
        *installed = job.generation;
        let previous = self.roots.remove(&job.dir).unwrap_or_default();
        let mut root = RulesRoot {
            dir: job.dir.clone(),
            file: job.file,
            shadowed: job.shadowed,
            ..Default::default()
        };
        match (set, job.text) {
            (Some(loaded), _) => {
                root.good = if loaded.set.is_usable() {
                    Some(loaded.clone())
                } else {
                    previous.good
                };
                root.latest = Some(loaded);
            }
            (None, Some(Err(e))) => {
                root.read_error = Some(e);
                root.good = previous.good;
            }
            (None, _) => {}
        }
        self.roots.insert(job.dir, root);
    }

    /// Reads a rules file as the access policy allows autofix to read its own configuration: it
    /// must resolve inside the folder it governs (or, for the editor's `rules_file` setting,
    /// inside the workspace) and be a regular file of bounded size.
    fn read(&self, dir: &Path, file: &Path, buffers: &dyn OpenBuffers) -> Result<String, String> {
        let own = AccessPolicy::new([dir]);
        let policy = match (own.check(file, Intent::ReadConfig), &self.boundary) {
            (Ok(_), _) => &own,
            (Err(_), Boundary::Nearest { policy: Some(p), .. }) => {
                p.check(file, Intent::ReadConfig)
                    .map_err(|e| format!("cannot read the rules file: {e}"))?;
                p.as_ref()
            }
            (Err(e), _) => return Err(format!("cannot read the rules file: {e}")),
        };
        if let Some(text) = buffers.text(file) {
            return Ok(text);
        }
        // Read with no window between the check and the read: a rules file swapped for a link
        // out meanwhile is refused, never read.
        match policy.read_checked(file, Intent::ReadConfig, MAX_RULES_BYTES) {
            // An empty buffer is someone editing; an empty file on disk is what an editor saving
            // in place leaves for a moment (or a file emptied by mistake), not a rules file
            // without rules: the last good rules stay in force, and `check` does not report a
            // clean run.
            Ok((_, text)) if text.trim().is_empty() => Err(EMPTY_FILE.into()),
            Ok((_, text)) => Ok(text),
            Err(e) => Err(format!("cannot read the rules file: {e}")),
        }
    }

    /// Loads the rules of every workspace folder not loaded yet, so a broken rules file is
    /// reported before any document is opened.
    pub fn load_folders(&mut self, buffers: &dyn OpenBuffers) {
        for folder in self.folders().to_vec() {
            if let Some(root) = self.root_for_dir(&folder, buffers)
                && !self.roots.contains_key(&root)
            {
                self.load(&root, buffers);
            }
        }
    }

    /// Forgets which folders map to which roots (a rules file appeared or vanished).
    pub fn forget_discovery(&mut self) {
        self.dir_cache.clear();
        self.governed.clear();
    }

    /// Rebuilds every known root.
    pub fn reload_all(&mut self, buffers: &dyn OpenBuffers) {
        for job in self.prepare_all(buffers) {
            self.install(job.build());
        }
    }

    /// Reloads the root that owns the rules file at `path` (in force or shadowed), and the
    /// root of its standard location if that root is known, after forgetting discovery: a new
    /// rules file can change which root a folder belongs to.
    pub fn reload_rules_file(&mut self, path: &Path, buffers: &dyn OpenBuffers) {
        for job in self.prepare_rules_file(path, buffers) {
            self.install(job.build());
        }
    }

    /// The reloads [`RulesIndex::reload_rules_file`] does, prepared.
    pub fn prepare_rules_file(&mut self, path: &Path, buffers: &dyn OpenBuffers) -> Vec<LoadJob> {
        self.forget_discovery();
        let mut dirs: Vec<PathBuf> = self
            .root_of_rules_file(path)
            .map(|r| r.dir.clone())
            .into_iter()
            .collect();
        let standard = store::root_of(path);
        if self.roots.contains_key(&standard) && !dirs.contains(&standard) {
            dirs.push(standard);
        }
        dirs.iter().map(|dir| self.prepare(dir, buffers)).collect()
    }

    /// Every known root's reload, prepared (after a settings change or on request).
    pub fn prepare_all(&mut self, buffers: &dyn OpenBuffers) -> Vec<LoadJob> {
        self.dir_cache.clear();
        self.governed.clear();
        let dirs: Vec<PathBuf> = self.roots.keys().cloned().collect();
        dirs.iter().map(|dir| self.prepare(dir, buffers)).collect()
    }

    /// The root whose rules file (in force or shadowed) is `path`.
    pub fn root_of_rules_file(&self, path: &Path) -> Option<&RulesRoot> {
        self.roots
            .values()
            .find(|r| r.file.as_deref() == Some(path) || r.shadowed.iter().any(|s| s == path))
    }

    /// True when `path` could be a rules file of some root (standard places or the setting).
    pub fn is_rules_path(&self, path: &Path) -> bool {
        store::is_rules_file(path) || self.roots.values().any(|r| r.file.as_deref() == Some(path))
    }

    /// Every rule set loaded so far (usable or not), once each, in a stable order.
    pub fn loaded(&self) -> Vec<Arc<LoadedRules>> {
        let mut sets: Vec<Arc<LoadedRules>> = self.roots.values().filter_map(|r| r.latest.clone()).collect();
        sets.sort_by(|a, b| a.set.path.cmp(&b.set.path));
        sets.dedup_by(|a, b| a.set.path == b.set.path);
        sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use TODO.", "Why": "w", "Check": {"Pattern": "TODO"}}]"#;

    fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    fn editor(folders: Vec<PathBuf>, rules_file: Option<&str>) -> RulesIndex {
        let policy = Arc::new(AccessPolicy::new(&folders));
        RulesIndex::new(
            Boundary::Nearest {
                folders,
                rules_file: rules_file.map(str::to_string),
                policy: Some(policy),
            },
            BuildOptions::default(),
        )
    }

    fn tmp() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        (dir, root)
    }

    #[test]
    fn the_nearest_rules_file_governs_and_the_editor_and_the_command_line_agree() {
        let (_d, top) = tmp();
        let ws = top.join("ws");
        write(&ws, ".git/HEAD", "ref");
        write(&ws, "autofix.json", GOOD);
        write(&ws, "pkg/.agents/autofix.json", GOOD);
        write(&ws, "src/a.ts", "");
        std::fs::create_dir_all(top.join("elsewhere")).unwrap();
        let mut cli = RulesIndex::default();
        // The workspace folder is a subfolder of the repository: the editor still finds the
        // repository's rules, as the command line does.
        let mut ed = editor(vec![ws.join("src")], None);
        for index in [&mut cli, &mut ed] {
            assert_eq!(index.root_for(&ws.join("src/a.ts"), &Disk), Some(ws.clone()));
            assert_eq!(
                index.root_for(&ws.join("pkg/x/a.ts"), &Disk),
                Some(ws.join("pkg"))
            );
            assert!(index.rules_for(&ws.join("src/a.ts"), &Disk).is_some());
        }
        assert_eq!(cli.root_for(&top.join("elsewhere/a.ts"), &Disk), None);
        assert_eq!(ed.root_for(&top.join("elsewhere/a.ts"), &Disk), None);
    }

    #[test]
    fn files_inside_agents_belong_to_the_folder_above() {
        let (_d, root) = tmp();
        write(&root, ".agents/autofix.json", GOOD);
        let mut index = RulesIndex::default();
        assert_eq!(
            index.root_for(&root.join(".agents/notes.md"), &Disk),
            Some(root.clone())
        );
        assert_eq!(
            index.root_for(&root.join(".agents/autofix.json"), &Disk),
            Some(root.clone())
        );
    }

    #[test]
    fn discovery_stops_at_the_repository_root() {
        let (_d, top) = tmp();
        write(&top, "autofix.json", GOOD);
        write(&top, "repo/.git/HEAD", "ref");
        let mut cli = RulesIndex::default();
        assert_eq!(cli.root_for(&top.join("repo/src/a.ts"), &Disk), None);
        let mut ed = editor(vec![top.join("repo")], None);
        assert_eq!(
            ed.root_for(&top.join("repo/src/a.ts"), &Disk),
            Some(top.join("repo")),
            "the repository root is where a rules file would go"
        );
        assert!(ed.rules_for(&top.join("repo/src/a.ts"), &Disk).is_none());
    }

    #[test]
    fn a_folder_without_rules_is_its_own_root_with_none() {
        let (_d, root) = tmp();
        let mut index = editor(vec![root.clone()], None);
        assert_eq!(index.root_for(&root.join("a.ts"), &Disk), Some(root.clone()));
        assert!(index.rules_for(&root.join("a.ts"), &Disk).is_none());
        assert!(index.root(&root).unwrap().file.is_none());
    }

    #[test]
    fn broken_rules_keep_the_last_good_set() {
        let (_d, root) = tmp();
        let file = write(&root, "autofix.json", GOOD);
        let mut index = editor(vec![root.clone()], None);
        let good = index.rules_for(&root.join("a.ts"), &Disk).unwrap();
        let broken = |p: &Path| (p == file).then(|| "[{".to_string());
        index.load(&root, &broken);
        let entry = index.root(&root).unwrap();
        assert!(
            Arc::ptr_eq(entry.good.as_ref().unwrap(), &good),
            "last good set stays"
        );
        assert!(!entry.latest.as_ref().unwrap().set.is_usable());
        assert!(entry.is_broken());
    }

    #[cfg(unix)]
    #[test]
    fn a_rules_file_that_became_empty_a_folder_or_a_fifo_is_broken_not_gone() {
        let (_d, root) = tmp();
        let file = write(&root, "autofix.json", GOOD);
        write(&root, ".rules/autofix.json", GOOD);
        let mut index = editor(vec![root.clone()], None);
        let good = index.rules_for(&root.join("a.ts"), &Disk).unwrap();
        let fifo = |p: &Path| {
            let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        };
        for (what, make, why) in [
            (
                "empty",
                (|p: &Path| std::fs::write(p, " \n").unwrap()) as fn(&Path),
                "empty",
            ),
            (
                "a folder",
                |p: &Path| std::fs::create_dir(p).unwrap(),
                "(a folder)",
            ),
            ("a FIFO", fifo, "(a FIFO)"),
        ] {
            if file.is_dir() {
                std::fs::remove_dir(&file).unwrap();
            } else {
                std::fs::remove_file(&file).unwrap();
            }
            make(&file);
            index.reload_rules_file(&file, &Disk);
            let entry = index.root(&root).unwrap();
            assert_eq!(
                entry.file.as_deref(),
                Some(file.as_path()),
                "{what}: still the one in force"
            );
            assert!(
                entry.read_error.as_deref().is_some_and(|e| e.contains(why)),
                "{what}: {:?}",
                entry.read_error
            );
            assert!(
                Arc::ptr_eq(entry.good.as_ref().unwrap(), &good),
                "{what}: last good set stays"
            );
        }
    }

    #[test]
    fn a_loaded_rules_file_missing_for_a_moment_still_governs_until_reloaded() {
        let (_d, root) = tmp();
        write(&root, ".git/HEAD", "ref");
        let file = write(&root, "autofix.json", GOOD);
        let mut index = RulesIndex::default();
        assert!(index.rules_for(&root.join("a/x.ts"), &Disk).is_some());
        // Renamed away by an editor saving it: discovery from another folder still finds it.
        std::fs::remove_file(&file).unwrap();
        index.forget_discovery();
        assert_eq!(index.root_for(&root.join("b/y.ts"), &Disk), Some(root.clone()));
        assert!(index.rules_for(&root.join("b/y.ts"), &Disk).is_some());
        // Reloaded while gone: gone.
        index.reload_rules_file(&file, &Disk);
        assert!(index.rules_for(&root.join("b/y.ts"), &Disk).is_none());
    }

    #[test]
    fn a_reload_that_finishes_late_does_not_replace_a_newer_one() {
        let (_d, root) = tmp();
        let file = write(&root, "autofix.json", GOOD);
        let mut index = editor(vec![root.clone()], None);
        index.root_for(&root.join("a.ts"), &Disk);
        let older = index.prepare(&root, &Disk);
        std::fs::write(&file, GOOD.replace("TODO", "FIXME")).unwrap();
        let newer = index.prepare(&root, &Disk);
        index.install(newer.build());
        index.install(older.build());
        let set = &index.root(&root).unwrap().latest.as_ref().unwrap().set;
        assert!(set.source.contains("FIXME"), "the newer text stays in force");
    }

    #[test]
    fn the_rules_file_setting_replaces_discovery_in_folders_but_stays_inside_the_workspace() {
        let (_d, top) = tmp();
        let ws = top.join("ws");
        write(&ws, "config/rules.json", GOOD);
        write(&top, "outside.json", GOOD);
        let mut index = editor(vec![ws.clone()], Some("config/rules.json"));
        let loaded = index.rules_for(&ws.join("a.ts"), &Disk).unwrap();
        assert_eq!(loaded.set.path, ws.join("config/rules.json"));
        assert_eq!(loaded.set.root, ws);
        assert!(index.is_rules_path(&ws.join("config/rules.json")));
        for setting in ["../outside.json", top.join("outside.json").to_str().unwrap()] {
            let mut index = editor(vec![ws.clone()], Some(setting));
            assert!(index.rules_for(&ws.join("a.ts"), &Disk).is_none(), "{setting}");
            let error = index.root(&ws).unwrap().read_error.clone().unwrap();
            assert!(error.contains("outside the workspace"), "{error}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_rules_file_that_links_outside_is_not_read() {
        let (_d, top) = tmp();
        let outside = write(&top, "secret.json", GOOD);
        std::fs::create_dir_all(top.join("ws")).unwrap();
        std::os::unix::fs::symlink(&outside, top.join("ws/autofix.json")).unwrap();
        for mut index in [editor(vec![top.join("ws")], None), RulesIndex::default()] {
            assert!(index.rules_for(&top.join("ws/a.ts"), &Disk).is_none());
            let error = index.root(&top.join("ws")).unwrap().read_error.clone().unwrap();
            assert!(error.contains("outside the workspace"), "{error}");
        }
    }

    #[test]
    fn shadowed_files_are_listed_and_a_fixed_root_governs_everything() {
        let (_d, root) = tmp();
        write(&root, "autofix.json", GOOD);
        write(&root, ".rules/autofix.json", GOOD);
        let mut index = editor(vec![root.clone()], None);
        index.root_for(&root.join("a.ts"), &Disk);
        let entry = index.root(&root).unwrap();
        assert_eq!(entry.file, Some(root.join("autofix.json")));
        assert_eq!(entry.shadowed, [root.join(".rules/autofix.json")]);
        let mut fixed = RulesIndex::new(Boundary::Fixed(root.clone()), BuildOptions::default());
        assert_eq!(
            fixed.root_for(Path::new("/anywhere/a.ts"), &Disk),
            Some(root.clone())
        );
    }
}
