//! The whole tree checked and kept checked: every file under some folders that a rule can reach,
//! read and checked once, its violations kept, and brought up to date cheaply — a file is read
//! again only when it changed on disk or a rule that changed can reach it. What the language
//! server's workspace diagnostics are made of.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use rayon::prelude::*;

use super::check::{Truncated, Violation};
use super::index::LoadedRules;
use super::scope::FileContext;
use crate::budget::{Budget, Stop};
use crate::files::{self, Skipped, Unread};
use crate::text::position::offset_to_pos_in_str;
use crate::text::{Encoding, LineIndex, Pos};

/// What a file on disk looked like when it was read: a change of either means read it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
}

impl Stamp {
    fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Stamp {
            modified: meta.modified().ok(),
            len: meta.len(),
        })
    }
}

/// What checking one file found, with each violation's start and end in the encoding asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct FileFindings {
    pub violations: Vec<Violation>,
    pub truncated: Vec<Truncated>,
    /// Parallel to `violations`.
    pub positions: Vec<(Pos, Pos)>,
}

impl FileFindings {
    /// How many violations a fix can repair.
    pub fn fixable(&self) -> usize {
        self.violations.iter().filter(|v| v.fix.is_some()).count()
    }
}

/// What became of one file.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// No check of its rules covers it: not read.
    Unreached,
    Checked(Arc<FileFindings>),
    Skipped(Skipped),
    /// It could not be read (the cause, in words).
    Failed(String),
}

/// One file as last seen.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The rules it was checked against (`None`: no rules file governs it).
    pub rules: Option<Arc<LoadedRules>>,
    pub outcome: Outcome,
    stamp: Option<Stamp>,
}

/// How many files a sweep saw, and what became of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Files under the folders that the ignore files leave in.
    pub walked: usize,
    /// Files a rule can reach, read and checked.
    pub checked: usize,
    /// Files with at least one violation.
    pub with_violations: usize,
    pub violations: usize,
    /// Files a rule can reach that were not read: too many of them (see [`Sweep::limit`]).
    pub over_limit: usize,
    pub skipped: BTreeMap<Skipped, usize>,
    /// Files, and folders of the walk, that could not be read.
    pub failed: usize,
}

/// Why a sweep could not finish.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    #[error("stopped: {}", .0.describe())]
    Stopped(Stop),
}

/// Every file of some folders, checked and kept up to date.
#[derive(Debug)]
pub struct Sweep {
    folders: Vec<PathBuf>,
    /// By path, in byte order (a comparison is a `memcmp`, not a walk over components).
    entries: BTreeMap<OsString, Entry>,
    /// At most this many files a rule can reach are read; the rest are counted.
    limit: usize,
    /// The folders must be walked again (never walked, files created or deleted).
    walk_needed: bool,
    /// Files that changed on disk since the last update.
    changed: HashSet<PathBuf>,
    /// Every file's stamp must be looked at again (nothing tells us what changed).
    restamp_all: bool,
    /// Paths the last walk could not read (a folder without permission): counted as failed.
    unreadable: usize,
    tally: Tally,
}

/// What an update changed: the files whose entry is new, different, or gone.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changes {
    pub updated: Vec<PathBuf>,
    pub removed: Vec<PathBuf>,
    /// Files read (their content: a file whose stamp had not moved is not).
    pub read: usize,
}

/// The rules governing a file (the usable ones), as the caller knows them.
pub type RulesOf<'a> = dyn Fn(&Path) -> Option<Arc<LoadedRules>> + Sync + 'a;

/// Hears what an update does while it does it, from the worker threads.
pub trait Observer: Sync {
    /// A file's entry changed (read again and found different, rules changed, left out).
    fn updated(&self, _path: &Path, _entry: &Entry) {}
    /// `done` of the `total` files an update reads are read.
    fn progress(&self, _done: usize, _total: usize) {}
}

/// An observer that hears nothing.
pub struct Quiet;

impl Observer for Quiet {}

impl Sweep {
    pub fn new(folders: Vec<PathBuf>, limit: usize) -> Sweep {
        Sweep {
            folders,
            entries: BTreeMap::new(),
            limit,
            walk_needed: true,
            changed: HashSet::new(),
            restamp_all: false,
            unreadable: 0,
            tally: Tally::default(),
        }
    }

    pub fn folders(&self) -> &[PathBuf] {
        &self.folders
    }

    /// A different limit; files it now leaves out or lets in are dealt with on the next update
    /// (which weighs every file against the limit anyway).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// A file changed on disk (its content: creations and deletions are [`Sweep::files_moved`]).
    pub fn file_changed(&mut self, path: PathBuf) {
        self.changed.insert(path);
    }

    /// Files were created, deleted or renamed: the folders are walked again on the next update.
    pub fn files_moved(&mut self) {
        self.walk_needed = true;
    }

    /// Nothing says what changed on disk (no file watcher): the next update walks the folders
    /// again and looks at every file's stamp.
    pub fn anything_changed(&mut self) {
        self.walk_needed = true;
        self.restamp_all = true;
    }

    pub fn entries(&self) -> impl Iterator<Item = (&Path, &Entry)> {
        self.entries.iter().map(|(k, e)| (Path::new(k), e))
    }

    pub fn entry(&self, path: &Path) -> Option<&Entry> {
        self.entries.get(path.as_os_str())
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Brings every entry up to date: walks the folders when files came or went, reads files that
    /// changed on disk, and files whose rules changed in a way that can reach them. Work done
    /// before `budget` stops is kept. `observer` hears of each file whose entry changed as soon
    /// as it is checked.
    pub fn update(
        &mut self,
        rules_of: &RulesOf<'_>,
        encoding: Encoding,
        budget: &Budget,
        observer: &dyn Observer,
    ) -> Result<Changes, SweepError> {
        let mut changes = Changes::default();
        if self.walk_needed {
            let collected = files::collect(&self.folders);
            self.unreadable = collected.errors.len();
            // The walk's files come sorted by bytes, as the map keeps them: built in one go.
            let mut old = std::mem::take(&mut self.entries);
            self.entries = collected
                .files
                .into_iter()
                .map(|path| {
                    let key = path.into_os_string();
                    let entry = old.remove(&key).unwrap_or(Entry {
                        rules: None,
                        outcome: Outcome::Unreached,
                        stamp: None,
                    });
                    (key, entry)
                })
                .collect();
            changes.removed.extend(old.into_keys().map(PathBuf::from));
            self.walk_needed = false;
            self.tally.walked = self.entries.len();
        }
        if let Some(stop) = budget.stopped() {
            return Err(SweepError::Stopped(stop));
        }

        // The rules of each folder, looked up once (a folder's files mostly come together).
        let mut by_dir: HashMap<&Path, Option<Arc<LoadedRules>>> = HashMap::new();
        let mut last: Option<(&Path, Option<Arc<LoadedRules>>)> = None;
        let mut governing = Vec::with_capacity(self.entries.len());
        for key in self.entries.keys() {
            let path = Path::new(key);
            let dir = path.parent().unwrap_or(Path::new(""));
            let rules = match &last {
                Some((d, rules)) if *d == dir => rules.clone(),
                _ => {
                    let rules = by_dir.entry(dir).or_insert_with(|| rules_of(path)).clone();
                    last = Some((dir, rules.clone()));
                    rules
                }
            };
            governing.push(rules);
        }
        // Whether a check covers each file: matched on every core.
        let reach: Vec<bool> = self
            .entries
            .keys()
            .zip(&governing)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|(key, rules)| rules.as_ref().is_some_and(|r| reaches(r, Path::new(key))))
            .collect();
        drop(by_dir);
        // Which checks differ between an old rule set and the new one, worked out once per pair.
        let mut differences: HashMap<(usize, usize), ChangedChecks> = HashMap::new();
        let restamp_all = std::mem::take(&mut self.restamp_all);
        let changed = std::mem::take(&mut self.changed);
        // What to read: the entry's position, its path, its rules and what it was.
        let mut work: Vec<(usize, PathBuf, Option<Arc<LoadedRules>>, Entry)> = Vec::new();
        let mut reached = 0usize;
        let mut over_limit = 0usize;
        let rows = self.entries.iter_mut().zip(governing).zip(reach).enumerate();
        for (index, (((key, entry), rules), reaches)) in rows {
            let path = Path::new(key);
            if reaches {
                reached += 1;
            }
            let within_limit = reaches && reached <= self.limit;
            if reaches && !within_limit {
                over_limit += 1;
            }
            let same_rules = same(&entry.rules, &rules);
            let read_before = entry.outcome != Outcome::Unreached;
            let needs_read = if !within_limit {
                false
            } else if !read_before || changed.contains(path) || restamp_all {
                true
            } else if same_rules {
                false
            } else {
                // New rules: read again only when a check that changed can reach the file.
                match (&entry.rules, &rules) {
                    (Some(old), Some(new)) => {
                        let key = (Arc::as_ptr(old) as usize, Arc::as_ptr(new) as usize);
                        differences
                            .entry(key)
                            .or_insert_with(|| ChangedChecks::between(old, new))
                            .reach(old, new, path)
                    }
                    _ => true,
                }
            };
            if needs_read {
                work.push((index, path.to_path_buf(), rules, entry.clone()));
                continue;
            }
            if !within_limit {
                if entry.outcome != Outcome::Unreached || !same_rules {
                    entry.outcome = Outcome::Unreached;
                    entry.stamp = None;
                    entry.rules = rules;
                    changes.updated.push(path.to_path_buf());
                    observer.updated(path, entry);
                }
                continue;
            }
            if !same_rules {
                // Same violations; what they are shown with (the rule's words, its line) may not be.
                entry.rules = rules;
                changes.updated.push(path.to_path_buf());
                observer.updated(path, entry);
            }
        }
        self.tally.over_limit = over_limit;

        // Stamps first: a file whose stamp did not move keeps its findings under the same rules.
        let (total, read) = (work.len(), std::sync::atomic::AtomicUsize::new(0));
        let done: Vec<Option<Looked>> = work
            .into_par_iter()
            .map(|(index, path, rules, old)| {
                if budget.stopped().is_some() {
                    return None;
                }
                let stamp = Stamp::of(&path);
                // An entry never read (new, or left out by the limit) is nothing to compare with.
                let old = Some(&old).filter(|o| o.outcome != Outcome::Unreached);
                let same_rules = old.is_some_and(|o| same(&o.rules, &rules));
                if let Some(old) = old.filter(|o| same_rules && o.stamp.is_some() && o.stamp == stamp) {
                    let n = read.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    observer.progress(n, total);
                    return Some((index, path, old.clone(), false, false));
                }
                let outcome = match &rules {
                    Some(r) => read_and_check(r, &path, encoding),
                    None => Outcome::Unreached,
                };
                let entry = Entry {
                    rules,
                    outcome,
                    stamp,
                };
                let differs = old.is_none_or(|o| o.outcome != entry.outcome || !same_rules);
                if differs {
                    observer.updated(&path, &entry);
                }
                let n = read.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                observer.progress(n, total);
                Some((index, path, entry, differs, true))
            })
            .collect();
        // Back in place by position: `done` is in the map's order.
        let mut done = done.into_iter().flatten().peekable();
        for (index, slot) in self.entries.values_mut().enumerate() {
            let Some((_, path, entry, differs, read)) = done.next_if(|d| d.0 == index) else {
                continue;
            };
            changes.read += usize::from(read);
            if differs {
                changes.updated.push(path);
            }
            *slot = entry;
        }
        self.recount();
        if let Some(stop) = budget.stopped() {
            // What was not reached is looked at again next time.
            self.restamp_all |= restamp_all;
            self.changed.extend(changed);
            return Err(SweepError::Stopped(stop));
        }
        // The files read come after the others: one order, whatever was read.
        changes.updated.sort();
        Ok(changes)
    }

    fn recount(&mut self) {
        let over_limit = self.tally.over_limit;
        let walked = self.entries.len();
        let mut tally = Tally {
            walked,
            over_limit,
            failed: self.unreadable,
            ..Tally::default()
        };
        for entry in self.entries.values() {
            match &entry.outcome {
                Outcome::Unreached => {}
                Outcome::Checked(found) => {
                    tally.checked += 1;
                    if !found.violations.is_empty() {
                        tally.with_violations += 1;
                        tally.violations += found.violations.len();
                    }
                }
                Outcome::Skipped(why) => *tally.skipped.entry(*why).or_default() += 1,
                Outcome::Failed(_) => tally.failed += 1,
            }
        }
        self.tally = tally;
    }
}

/// What the parallel phase of an update made of one file: its position in the map, its path, its
/// new entry, whether that differs from the old one, and whether the file was read.
type Looked = (usize, PathBuf, Entry, bool, bool);

/// True when both are the same rule set (or both none).
fn same(a: &Option<Arc<LoadedRules>>, b: &Option<Arc<LoadedRules>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// True when some check of `rules` covers `path` (so it must be read).
fn reaches(rules: &LoadedRules, path: &Path) -> bool {
    let rel = rules.set.relative_path(path);
    let file = FileContext {
        rel_path: rel.as_deref(),
        language_id: None,
    };
    !rules.set.checker.applicable(&file, false).is_empty()
}

/// Reads and checks one file, as a sweep does.
pub fn read_and_check(rules: &LoadedRules, path: &Path, encoding: Encoding) -> Outcome {
    let text = match files::read_text(path) {
        Ok(text) => text,
        Err(Unread::Skipped(why)) => return Outcome::Skipped(why),
        Err(Unread::Failed(why)) => return Outcome::Failed(why),
    };
    let found = rules.set.check_file(path, &text, None);
    let index = LineIndex::new(if found.violations.is_empty() { "" } else { &text });
    let positions = found
        .violations
        .iter()
        .map(|v| {
            (
                offset_to_pos_in_str(&text, &index, v.range.start, encoding),
                offset_to_pos_in_str(&text, &index, v.range.end, encoding),
            )
        })
        .collect();
    Outcome::Checked(Arc::new(FileFindings {
        violations: found.violations,
        truncated: found.truncated,
        positions,
    }))
}

/// The checks of two rule sets that the other set lacks: what a file must be read again for.
#[derive(Debug)]
struct ChangedChecks {
    /// Indices into the old set's checks.
    old: Vec<usize>,
    /// Indices into the new set's checks.
    new: Vec<usize>,
}

impl ChangedChecks {
    fn between(old: &LoadedRules, new: &LoadedRules) -> ChangedChecks {
        let count = |checks: &[super::check::CompiledCheck]| {
            let mut counts: HashMap<u64, usize> = HashMap::new();
            for c in checks {
                *counts.entry(c.identity).or_default() += 1;
            }
            counts
        };
        let (a, b) = (old.set.checker.checks(), new.set.checker.checks());
        let (in_a, in_b) = (count(a), count(b));
        let unmatched = |checks: &[super::check::CompiledCheck], other: &HashMap<u64, usize>| {
            let mut left = other.clone();
            (0..checks.len())
                .filter(|&i| match left.get_mut(&checks[i].identity) {
                    Some(n) if *n > 0 => {
                        *n -= 1;
                        false
                    }
                    _ => true,
                })
                .collect()
        };
        ChangedChecks {
            old: unmatched(a, &in_b),
            new: unmatched(b, &in_a),
        }
    }

    /// True when a changed check of either set covers `path`.
    fn reach(&self, old: &LoadedRules, new: &LoadedRules, path: &Path) -> bool {
        let covers = |rules: &LoadedRules, indices: &[usize]| {
            if indices.is_empty() {
                return false;
            }
            let rel = rules.set.relative_path(path);
            let file = FileContext {
                rel_path: rel.as_deref(),
                language_id: None,
            };
            indices
                .iter()
                .any(|&i| rules.set.checker.checks()[i].covers(&file))
        };
        // A different root (the rules file moved) sees the file under another relative path.
        old.set.root != new.set.root || covers(old, &self.old) || covers(new, &self.new)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::rules::{BuildOptions, RuleSet};

    const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use var.", "Why": "w",
   "Check": {"Files": ["src/**/*.js"], "Pattern": "\\bvar\\b", "Fix": "let"}},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "No TODO in docs.", "Why": "w",
   "Check": {"Files": ["docs/**"], "Pattern": "TODO"}}
]"#;

    fn write(root: &Path, files: &[(&str, &str)]) {
        for (rel, text) in files {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }

    /// A temporary folder (its real path) holding `files`.
    fn tree(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        write(&root, files);
        (dir, root)
    }

    fn rules(root: &Path, text: &str) -> Arc<LoadedRules> {
        Arc::new(LoadedRules::new(RuleSet::from_text(
            &root.join("autofix.json"),
            text,
            BuildOptions { inferred: false },
        )))
    }

    /// Records the files an update read (its observer hears progress for each file it looks at).
    #[derive(Default)]
    struct Seen {
        updated: Mutex<Vec<PathBuf>>,
    }

    impl Observer for Seen {
        fn updated(&self, path: &Path, _: &Entry) {
            self.updated.lock().unwrap().push(path.to_path_buf());
        }
    }

    fn update(sweep: &mut Sweep, rules: &Arc<LoadedRules>) -> (Changes, Vec<PathBuf>) {
        let seen = Seen::default();
        let rules_of = |_: &Path| Some(rules.clone());
        let changes = sweep
            .update(&rules_of, Encoding::Utf16, &Budget::unlimited(), &seen)
            .unwrap();
        let mut updated = seen.updated.into_inner().unwrap();
        updated.sort();
        (changes, updated)
    }

    fn violations(sweep: &Sweep, path: &Path) -> Vec<u64> {
        match &sweep.entry(path).unwrap().outcome {
            Outcome::Checked(found) => found.violations.iter().map(|v| v.rule).collect(),
            other => panic!("{path:?}: {other:?}"),
        }
    }

    #[test]
    fn reads_only_what_a_rule_reaches_and_keeps_it_until_it_changes() {
        let (_dir, root) = tree(&[
            (".gitignore", "build/\n"),
            ("src/a.js", "var x = 1;\n"),
            ("src/b.js", "let y = 2;\n"),
            ("src/image.js", "var\0binary"),
            ("build/out.js", "var z;\n"),
            ("docs/guide.md", "TODO: write\n"),
            ("README.md", "var TODO\n"),
        ]);
        let rules = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 100);
        let (changes, _) = update(&mut sweep, &rules);
        assert_eq!(violations(&sweep, &root.join("src/a.js")), [1]);
        assert_eq!(violations(&sweep, &root.join("docs/guide.md")), [2]);
        assert!(violations(&sweep, &root.join("src/b.js")).is_empty());
        assert_eq!(
            sweep.entry(&root.join("README.md")).unwrap().outcome,
            Outcome::Unreached
        );
        assert!(
            sweep.entry(&root.join("build/out.js")).is_none(),
            "ignored by .gitignore"
        );
        assert_eq!(
            sweep.entry(&root.join("src/image.js")).unwrap().outcome,
            Outcome::Skipped(Skipped::Binary)
        );
        let tally = sweep.tally();
        assert_eq!(
            (tally.checked, tally.with_violations, tally.violations),
            (3, 2, 2)
        );
        assert_eq!(tally.skipped.get(&Skipped::Binary), Some(&1));
        assert!(changes.updated.contains(&root.join("src/a.js")));

        // Nothing changed: nothing is read, nothing reported.
        let (changes, updated) = update(&mut sweep, &rules);
        assert_eq!(changes, Changes::default());
        assert!(updated.is_empty());

        // A file changed on disk, and the sweep is told: that file alone is read again.
        write(&root, &[("src/b.js", "var y = 2;\n")]);
        sweep.file_changed(root.join("src/b.js"));
        let (changes, updated) = update(&mut sweep, &rules);
        assert_eq!(updated, [root.join("src/b.js")]);
        assert_eq!(changes.updated, [root.join("src/b.js")]);
        assert_eq!(changes.read, 1, "one file read");
        assert_eq!(violations(&sweep, &root.join("src/b.js")), [1]);

        // Created and deleted files: after a walk.
        std::fs::remove_file(root.join("src/a.js")).unwrap();
        write(&root, &[("src/c.js", "var c;\n")]);
        sweep.files_moved();
        let (changes, _) = update(&mut sweep, &rules);
        assert_eq!(changes.removed, [root.join("src/a.js")]);
        assert_eq!(changes.updated, [root.join("src/c.js")]);
        assert!(sweep.entry(&root.join("src/a.js")).is_none());
    }

    #[test]
    fn without_being_told_every_stamp_is_looked_at() {
        let (_dir, root) = tree(&[("src/a.js", "let a;\n")]);
        let rules = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 100);
        update(&mut sweep, &rules);
        write(&root, &[("src/a.js", "var a; var b;\n")]);
        let (_, updated) = update(&mut sweep, &rules);
        assert!(updated.is_empty(), "not told, not looked at");
        sweep.anything_changed();
        let (_, updated) = update(&mut sweep, &rules);
        assert_eq!(updated, [root.join("src/a.js")]);
        assert_eq!(violations(&sweep, &root.join("src/a.js")), [1, 1]);
    }

    #[test]
    fn a_rules_change_rereads_only_the_files_a_changed_check_reaches() {
        let (_dir, root) = tree(&[("src/a.js", "var a;\n"), ("docs/guide.md", "TODO\nFIXME\n")]);
        let old = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 100);
        update(&mut sweep, &old);
        // Change rule 2 only (docs), and let the JS file change on disk unseen: if the JS file
        // were read again, its new violation would show.
        write(&root, &[("src/a.js", "var a; var b;\n")]);
        let new = rules(&root, &RULES.replace("\"TODO\"", "\"FIXME\""));
        let read = Seen::default();
        let rules_of = |_: &Path| Some(new.clone());
        let changes = sweep
            .update(&rules_of, Encoding::Utf16, &Budget::unlimited(), &read)
            .unwrap();
        assert_eq!(changes.read, 1, "only the file the changed check reaches is read");
        assert_eq!(violations(&sweep, &root.join("src/a.js")), [1], "not read again");
        assert_eq!(violations(&sweep, &root.join("docs/guide.md")), [2]);
        let found = match &sweep.entry(&root.join("docs/guide.md")).unwrap().outcome {
            Outcome::Checked(found) => found.clone(),
            _ => unreachable!(),
        };
        assert_eq!(found.positions, [(Pos::new(1, 0), Pos::new(1, 5))], "FIXME now");
        // The JS file is under the new rules all the same (its diagnostics show the new set).
        assert!(Arc::ptr_eq(
            sweep
                .entry(&root.join("src/a.js"))
                .unwrap()
                .rules
                .as_ref()
                .unwrap(),
            &new
        ));

        // A new rule reaching JS files: they are read again.
        let newer = rules(
            &root,
            &RULES.replace(
                "\n]",
                r#",
  {"Rule_number": 3, "Category": "CODE", "Instruction": "No b.", "Why": "w",
   "Check": {"Files": ["**/*.js"], "Pattern": "\\bb\\b"}}
]"#,
            ),
        );
        let (_, updated) = update(&mut sweep, &newer);
        assert!(updated.contains(&root.join("src/a.js")));
        assert_eq!(violations(&sweep, &root.join("src/a.js")), [1, 1, 3]);
    }

    #[test]
    fn the_limit_leaves_files_unread_and_counts_them() {
        let (_dir, root) = tree(&[
            ("src/a.js", "var a;\n"),
            ("src/b.js", "var b;\n"),
            ("src/c.js", "var c;\n"),
        ]);
        let rules = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 2);
        update(&mut sweep, &rules);
        assert_eq!(sweep.tally().checked, 2);
        assert_eq!(sweep.tally().over_limit, 1);
        assert_eq!(
            sweep.entry(&root.join("src/c.js")).unwrap().outcome,
            Outcome::Unreached
        );
        sweep.set_limit(10);
        update(&mut sweep, &rules);
        assert_eq!(sweep.tally().over_limit, 0);
        assert_eq!(violations(&sweep, &root.join("src/c.js")), [1]);
    }

    #[test]
    fn a_stopped_update_keeps_its_work_and_goes_on_next_time() {
        let (_dir, root) = tree(&[("src/a.js", "var a;\n")]);
        let rules = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 100);
        let rules_of = |_: &Path| Some(rules.clone());
        let stopped = sweep.update(
            &rules_of,
            Encoding::Utf16,
            &Budget::for_at_most(std::time::Duration::ZERO),
            &Quiet,
        );
        assert_eq!(stopped, Err(SweepError::Stopped(Stop::OutOfTime)));
        update(&mut sweep, &rules);
        assert_eq!(violations(&sweep, &root.join("src/a.js")), [1]);
    }

    #[cfg(unix)]
    #[test]
    fn links_out_of_the_folder_and_fifos_are_not_read() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.js"), "var secret;\n").unwrap();
        let (_dir, root) = tree(&[("src/a.js", "let a;\n")]);
        std::os::unix::fs::symlink(outside.path().join("secret.js"), root.join("src/link.js")).unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("src/out")).unwrap();
        let fifo = root.join("src/pipe.js");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let rules = rules(&root, RULES);
        let mut sweep = Sweep::new(vec![root.clone()], 100);
        update(&mut sweep, &rules);
        let walked: Vec<&Path> = sweep.entries().map(|(p, _)| p).collect();
        assert_eq!(walked, [root.join("src/a.js").as_path()]);
    }
}
