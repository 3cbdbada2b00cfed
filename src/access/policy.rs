//! The access policy: a path may be read or written on a user's behalf only when it resolves
//! (symlinks included) inside one of the roots, no `.aicockpitcodeignore` between it and the
//! outermost root that holds it blocks it, and it is not protected (`.git/`, the ignore files).

use std::collections::HashMap;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use thiserror::Error;

use super::read::{self, MAX_IGNORE_BYTES, ReadError};

/// The ignore file: gitignore syntax, in any folder of a root.
pub const IGNORE_FILE: &str = ".aicockpitcodeignore";

/// Version-control folders: never read or written on anyone's behalf (a planted
/// `core.fsmonitor` in `.git/config` runs a program on the next `git status`).
const VCS_DIRS: [&str; 4] = [".git", ".hg", ".svn", ".jj"];

/// What is about to be done to a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Read it (a diff preview, a rules file).
    Read,
    /// Change or create it.
    Write,
    /// Read autofix's own configuration (a rules file): containment, protected folders and the
    /// file type apply, ignore files do not — they say what agents may touch, and a rules file
    /// hidden from agents must still be enforced.
    ReadConfig,
}

/// Why a path is protected whatever the ignore files say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Protected {
    /// Inside a version-control folder such as `.git/`.
    VersionControl(&'static str),
    /// An ignore file itself: emptying it would open everything it blocks.
    IgnoreFile,
}

/// Why a path may not be read or written. `path` is the path as given.
#[derive(Debug, Error)]
pub enum AccessError {
    /// The path resolves outside every root.
    #[error(
        "{}: {}outside the workspace ({}) — autofix reads and writes only inside it",
        .path.display(),
        .resolved.as_ref().map(|r| format!("a link to {}, ", r.display())).unwrap_or_default(),
        show_roots(.roots)
    )]
    OutsideWorkspace {
        /// The path as given.
        path: PathBuf,
        /// Where symbolic links on the way took it, when that is not where it was written.
        resolved: Option<PathBuf>,
        /// The roots it is outside of.
        roots: Vec<PathBuf>,
    },
    /// An ignore file matches the path.
    #[error(
        "{}: access blocked by {} (pattern `{pattern}`) — remove that pattern there to allow it",
        .path.display(), .ignore_file.display()
    )]
    Blocked {
        /// The path as given.
        path: PathBuf,
        /// The ignore file holding the pattern, relative to the outermost root holding it.
        ignore_file: PathBuf,
        /// The pattern, as written.
        pattern: String,
    },
    /// A protected path.
    #[error("{}: {}", .path.display(), protected_reason(.what))]
    Protected {
        /// The path as given.
        path: PathBuf,
        /// What protects it.
        what: Protected,
    },
    /// An ignore file on the way exists but cannot be read: nothing under it is allowed rather
    /// than everything.
    #[error(
        "{}: refused because the ignore file {} cannot be read ({reason}) — fix or remove it",
        .path.display(), .ignore_file.display()
    )]
    IgnoreUnreadable {
        /// The path as given.
        path: PathBuf,
        /// The ignore file.
        ignore_file: PathBuf,
        /// Why it cannot be read.
        reason: String,
    },
    /// A symbolic link on the way points nowhere: writing through it would create a file
    /// wherever it points.
    #[error("{}: a dangling symbolic link is on the way — remove it or point it inside the workspace", .path.display())]
    DanglingSymlink {
        /// The path as given.
        path: PathBuf,
    },
    /// Reading failed (not a regular file, too large, not UTF-8…).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The path could not be resolved.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
}

fn show_roots(roots: &[PathBuf]) -> String {
    if roots.is_empty() {
        return "no workspace folder is open".into();
    }
    roots
        .iter()
        .map(|r| r.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn protected_reason(what: &Protected) -> String {
    match what {
        Protected::VersionControl(dir) => {
            format!("protected — autofix never reads or writes inside {dir}/")
        }
        Protected::IgnoreFile => {
            format!("protected — autofix never changes an ignore file ({IGNORE_FILE}); edit it yourself")
        }
    }
}

/// A file's identity for change detection (`None`: absent).
type Stamp = Option<(SystemTime, u64)>;

#[derive(Debug, Clone)]
struct CachedIgnore {
    stamp: Stamp,
    /// The matcher (`None` when there is no ignore file), or why it cannot be read.
    matcher: Result<Option<Arc<Gitignore>>, String>,
}

/// The access rules of a set of roots (the workspace folders, or the command line's project
/// root). Ignore files are read on demand and re-read when they change on disk.
#[derive(Debug, Default)]
pub struct AccessPolicy {
    roots: Vec<PathBuf>,
    ignores: Mutex<HashMap<PathBuf, CachedIgnore>>,
}

impl Clone for AccessPolicy {
    fn clone(&self) -> Self {
        AccessPolicy {
            roots: self.roots.clone(),
            ignores: Mutex::new(self.cache().clone()),
        }
    }
}

impl AccessPolicy {
    /// The policy of `roots`. Roots that do not exist are left out (a deleted workspace folder
    /// holds nothing to allow).
    pub fn new<P: AsRef<Path>>(roots: impl IntoIterator<Item = P>) -> AccessPolicy {
        let mut canonical: Vec<PathBuf> = roots
            .into_iter()
            .filter_map(|r| std::fs::canonicalize(r.as_ref()).ok())
            .collect();
        canonical.sort();
        canonical.dedup();
        AccessPolicy {
            roots: canonical,
            ignores: Mutex::default(),
        }
    }

    /// The canonical roots.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, CachedIgnore>> {
        self.ignores.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The outermost root holding `path` (a canonical or lexically clean absolute path).
    pub fn outermost_root(&self, path: &Path) -> Option<&Path> {
        self.roots
            .iter()
            .filter(|r| path.starts_with(r))
            .min_by_key(|r| r.components().count())
            .map(PathBuf::as_path)
    }

    /// Decides whether `path` (absolute, or relative to the first root) may be read or written.
    /// Returns the canonical path; for a file that does not exist yet, its canonical parent
    /// joined with the remaining components.
    pub fn check(&self, path: &Path, intent: Intent) -> Result<PathBuf, AccessError> {
        let absolute = match (path.is_absolute(), self.roots.first()) {
            (true, _) => path.to_path_buf(),
            (false, Some(root)) => root.join(path),
            (false, None) => {
                return Err(AccessError::OutsideWorkspace {
                    path: path.to_path_buf(),
                    resolved: None,
                    roots: Vec::new(),
                });
            }
        };
        let lexical = lexical(&absolute);
        let resolved = resolve(&absolute).map_err(|e| match e {
            Resolve::Dangling => AccessError::DanglingSymlink {
                path: path.to_path_buf(),
            },
            Resolve::Io(source) => AccessError::Io {
                path: path.to_path_buf(),
                source,
            },
        })?;
        let Some(top) = self.outermost_root(&resolved).map(Path::to_path_buf) else {
            // Say where a link took it when the name as written looked inside.
            let through_a_link = self.outermost_root(&lexical).is_some();
            return Err(AccessError::OutsideWorkspace {
                path: path.to_path_buf(),
                resolved: through_a_link.then(|| resolved.clone()),
                roots: self.roots.clone(),
            });
        };
        let meta = std::fs::metadata(&resolved).ok();
        let is_dir = meta.as_ref().is_some_and(|m| m.is_dir());
        // The name as written counts too: a symlink with an ignored or protected name must not
        // be a way in.
        let mut spellings = vec![(resolved.clone(), top.clone())];
        if lexical != resolved
            && let Some(lexical_top) = self.outermost_root(&lexical)
        {
            spellings.push((lexical.clone(), lexical_top.to_path_buf()));
        }
        for (spelling, top) in &spellings {
            protected(path, spelling, top, intent)?;
        }
        if intent != Intent::ReadConfig {
            for (spelling, top) in &spellings {
                self.refuse_ignored(path, spelling, top, is_dir)?;
            }
        }
        if let Some(meta) = meta
            && !meta.is_file()
        {
            return Err(AccessError::Read(ReadError::NotRegular {
                path: path.to_path_buf(),
                kind: read::kind_of(&meta.file_type()),
            }));
        }
        Ok(resolved)
    }

    /// Checks `path` for reading, then reads it as UTF-8 text of at most `limit` bytes. Returns
    /// the canonical path and the text.
    pub fn read_text(&self, path: &Path, limit: u64) -> Result<(PathBuf, String), AccessError> {
        self.read_checked(path, Intent::Read, limit)
    }

    /// Reads `path` as `intent` allows, without a window between the check and the read: the
    /// resolved path is opened without following a link at its end, and the path is checked
    /// again afterwards — it must still resolve to the very file opened. A file swapped for a
    /// link out (or a folder swapped on the way) in between is refused, never read.
    pub fn read_checked(
        &self,
        path: &Path,
        intent: Intent,
        limit: u64,
    ) -> Result<(PathBuf, String), AccessError> {
        self.read_checked_with(path, intent, limit, || {})
    }

    /// [`AccessPolicy::read_checked`], with `meanwhile` run between the check and the open
    /// (where tests play the one who swaps the file).
    fn read_checked_with(
        &self,
        path: &Path,
        intent: Intent,
        limit: u64,
        meanwhile: impl FnOnce(),
    ) -> Result<(PathBuf, String), AccessError> {
        let resolved = self.check(path, intent)?;
        meanwhile();
        let (file, meta) = read::open_resolved(&resolved).map_err(|e| self.swapped(path, e))?;
        let again = self.check(path, intent)?;
        if again != resolved || !same_file(&meta, &again) {
            return Err(AccessError::Io {
                path: path.to_path_buf(),
                source: io::Error::other(
                    "it changed while it was being read (replaced or linked elsewhere) — try again",
                ),
            });
        }
        let text = read::read_opened(file, meta.len(), path, limit)?;
        Ok((resolved, text))
    }

    /// A link met where a resolved path had none was swapped in since the check: check again,
    /// which says where it leads.
    fn swapped(&self, path: &Path, error: ReadError) -> AccessError {
        let link_swapped_in =
            matches!(&error, ReadError::Io { source, .. } if source.raw_os_error() == Some(ELOOP));
        match link_swapped_in {
            true => match self.check(path, Intent::Read) {
                Err(e) => e,
                Ok(_) => AccessError::Read(error),
            },
            false => AccessError::Read(error),
        }
    }

    /// Refuses `path` when an ignore file in any folder from `top` down to the path's own
    /// folder blocks it. Each file is read on its own: a deeper file cannot reopen what an
    /// outer one blocks.
    fn refuse_ignored(&self, given: &Path, path: &Path, top: &Path, is_dir: bool) -> Result<(), AccessError> {
        let Ok(relative) = path.strip_prefix(top) else {
            return Ok(());
        };
        let mut dir = top.to_path_buf();
        let mut dirs = vec![dir.clone()];
        let components: Vec<Component<'_>> = relative.components().collect();
        for component in components.iter().take(components.len().saturating_sub(1)) {
            dir.push(component);
            dirs.push(dir.clone());
        }
        for dir in dirs {
            let ignore_file = dir.join(IGNORE_FILE);
            let matcher = self
                .matcher(&dir)
                .map_err(|reason| AccessError::IgnoreUnreadable {
                    path: given.to_path_buf(),
                    ignore_file: ignore_file.clone(),
                    reason,
                })?;
            let Some(matcher) = matcher else { continue };
            let Ok(inside) = path.strip_prefix(&dir) else {
                continue;
            };
            if inside.as_os_str().is_empty() {
                continue;
            }
            if let Match::Ignore(glob) = matcher.matched_path_or_any_parents(inside, is_dir) {
                return Err(AccessError::Blocked {
                    path: given.to_path_buf(),
                    ignore_file: ignore_file
                        .strip_prefix(top)
                        .unwrap_or(&ignore_file)
                        .to_path_buf(),
                    pattern: glob.original().to_string(),
                });
            }
        }
        Ok(())
    }

    /// The matcher of the ignore file in `dir`, read again when the file changed on disk.
    fn matcher(&self, dir: &Path) -> Result<Option<Arc<Gitignore>>, String> {
        let file = dir.join(IGNORE_FILE);
        let stamp = match std::fs::metadata(&file) {
            Ok(meta) => Some((meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), meta.len())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e.to_string()),
        };
        if let Some(cached) = self.cache().get(dir)
            && cached.stamp == stamp
        {
            return cached.matcher.clone();
        }
        let matcher = match stamp {
            None => Ok(None),
            Some(_) => load(dir, &file).map(|g| Some(Arc::new(g))),
        };
        self.cache().insert(
            dir.to_path_buf(),
            CachedIgnore {
                stamp,
                matcher: matcher.clone(),
            },
        );
        matcher
    }
}

/// `O_NOFOLLOW` on a link: the error number `open` gives.
#[cfg(unix)]
const ELOOP: i32 = libc::ELOOP;
#[cfg(not(unix))]
const ELOOP: i32 = -1;

/// True when `opened` (the metadata of an open file) is the file `path` names now.
fn same_file(opened: &std::fs::Metadata, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).is_ok_and(|now| now.dev() == opened.dev() && now.ino() == opened.ino())
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(path)
            .is_ok_and(|now| now.len() == opened.len() && now.modified().ok() == opened.modified().ok())
    }
}

/// Builds the matcher of one ignore file, read safely (a FIFO or a huge file is refused).
fn load(dir: &Path, file: &Path) -> Result<Gitignore, String> {
    let text = read::read_text(file, MAX_IGNORE_BYTES).map_err(|e| match e {
        ReadError::Io { source, .. } => source.to_string(),
        other => other.to_string(),
    })?;
    let mut builder = GitignoreBuilder::new(dir);
    for (n, line) in text.lines().enumerate() {
        // A pattern that cannot be read would leave open what its author meant to block: the
        // whole file is refused instead (fail closed), naming the line.
        builder
            .add_line(Some(file.to_path_buf()), line)
            .map_err(|e| format!("line {}: {e}", n + 1))?;
    }
    builder.build().map_err(|e| e.to_string())
}

/// Refuses writes to the ignore files and anything inside a version-control folder.
fn protected(given: &Path, path: &Path, top: &Path, intent: Intent) -> Result<(), AccessError> {
    let Ok(relative) = path.strip_prefix(top) else {
        return Ok(());
    };
    for component in relative.components() {
        if let Component::Normal(name) = component
            && let Some(dir) = VCS_DIRS
                .iter()
                .find(|d| name.to_str().is_some_and(|n| n.eq_ignore_ascii_case(d)))
        {
            return Err(AccessError::Protected {
                path: given.to_path_buf(),
                what: Protected::VersionControl(dir),
            });
        }
    }
    if intent == Intent::Write && path.file_name().is_some_and(|n| n == IGNORE_FILE) {
        return Err(AccessError::Protected {
            path: given.to_path_buf(),
            what: Protected::IgnoreFile,
        });
    }
    Ok(())
}

enum Resolve {
    Dangling,
    Io(io::Error),
}

/// Canonicalizes `path`; when it does not exist, canonicalizes its deepest existing ancestor and
/// appends the rest. A dangling symlink on the way is refused.
fn resolve(path: &Path) -> Result<PathBuf, Resolve> {
    match std::fs::canonicalize(path) {
        Ok(resolved) => return Ok(resolved),
        Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(Resolve::Io(error)),
        Err(_) => {}
    }
    let path = lexical(path);
    let components: Vec<Component<'_>> = path.components().collect();
    for keep in (0..components.len()).rev() {
        let prefix: PathBuf = components.iter().take(keep).collect();
        if prefix.as_os_str().is_empty() {
            break;
        }
        let next: PathBuf = components.iter().take(keep + 1).collect();
        if std::fs::symlink_metadata(&next).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Resolve::Dangling);
        }
        if let Ok(base) = std::fs::canonicalize(&prefix) {
            let mut full = base;
            full.extend(components.iter().skip(keep));
            return Ok(full);
        }
    }
    Err(Resolve::Io(io::Error::new(
        io::ErrorKind::NotFound,
        "no existing ancestor",
    )))
}

/// `.` and `..` resolved without looking at the file system.
pub fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::symlink;

    fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
        let p = root.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, text).unwrap();
        p
    }

    fn workspace() -> (tempfile::TempDir, PathBuf, AccessPolicy) {
        let dir = tempfile::tempdir().unwrap();
        let root = fs::canonicalize(dir.path()).unwrap();
        write(&root, "src/app.ts", "x");
        write(&root, IGNORE_FILE, "secrets/\n*.env\n!public.env\n");
        let policy = AccessPolicy::new([&root]);
        (dir, root, policy)
    }

    fn write_ok(policy: &AccessPolicy, p: impl AsRef<Path>) -> PathBuf {
        policy.check(p.as_ref(), Intent::Write).unwrap()
    }

    fn write_err(policy: &AccessPolicy, p: impl AsRef<Path>) -> AccessError {
        policy.check(p.as_ref(), Intent::Write).unwrap_err()
    }

    #[test]
    fn files_inside_are_allowed_and_canonical() {
        let (_dir, root, policy) = workspace();
        assert_eq!(write_ok(&policy, "src/app.ts"), root.join("src/app.ts"));
        assert_eq!(write_ok(&policy, "./src/../src/app.ts"), root.join("src/app.ts"));
        assert_eq!(
            write_ok(&policy, root.join("src/app.ts")),
            root.join("src/app.ts")
        );
        assert_eq!(write_ok(&policy, "src/new/deep.ts"), root.join("src/new/deep.ts"));
    }

    #[test]
    fn outside_every_root_is_refused() {
        let (_dir, _root, policy) = workspace();
        let error = write_err(&policy, "../elsewhere.ts");
        assert!(error.to_string().contains("outside the workspace"), "{error}");
        assert!(matches!(
            write_err(&policy, "/etc/passwd"),
            AccessError::OutsideWorkspace { .. }
        ));
        assert!(matches!(
            write_err(&policy, "src/nope/../../../x"),
            AccessError::OutsideWorkspace { .. }
        ));
        let none = AccessPolicy::new(Vec::<PathBuf>::new());
        let error = none.check(Path::new("/tmp/x"), Intent::Read).unwrap_err();
        assert!(
            error.to_string().contains("no workspace folder is open"),
            "{error}"
        );
    }

    #[test]
    fn symlinks_escaping_the_root_are_refused() {
        let (_dir, root, policy) = workspace();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("target.ts"), "x").unwrap();
        symlink(outside.path(), root.join("src/link")).unwrap();
        symlink(outside.path().join("target.ts"), root.join("src/file-link.ts")).unwrap();
        symlink(outside.path().join("missing.ts"), root.join("src/dangling.ts")).unwrap();
        for p in ["src/link/target.ts", "src/link/new.ts", "src/file-link.ts"] {
            assert!(
                matches!(write_err(&policy, p), AccessError::OutsideWorkspace { .. }),
                "{p}"
            );
            assert!(policy.check(Path::new(p), Intent::Read).is_err(), "{p}");
        }
        assert!(matches!(
            write_err(&policy, "src/dangling.ts"),
            AccessError::DanglingSymlink { .. }
        ));
    }

    #[test]
    fn ignored_paths_are_blocked_naming_the_file_and_pattern() {
        let (_dir, root, policy) = workspace();
        let error = write_err(&policy, "secrets/key.txt");
        assert_eq!(
            error.to_string(),
            "secrets/key.txt: access blocked by .aicockpitcodeignore (pattern `secrets/`) — remove that pattern there to allow it"
        );
        assert!(matches!(
            write_err(&policy, "config/prod.env"),
            AccessError::Blocked { .. }
        ));
        assert!(policy.check(Path::new("public.env"), Intent::Write).is_ok());
        write(&root, "secrets/key.txt", "k");
        symlink(root.join("secrets/key.txt"), root.join("src/key.txt")).unwrap();
        assert!(matches!(
            write_err(&policy, "src/key.txt"),
            AccessError::Blocked { .. }
        ));
        symlink(root.join("src/app.ts"), root.join("local.env")).unwrap();
        assert!(matches!(
            write_err(&policy, "local.env"),
            AccessError::Blocked { .. }
        ));
    }

    #[test]
    fn every_ignore_file_up_to_the_outermost_root_applies() {
        let (_dir, root, _) = workspace();
        write(&root, "pkg/src/a.ts", "x");
        write(&root, "pkg/secrets/k.txt", "x");
        write(&root, "pkg/generated/g.ts", "x");
        write(&root, "pkg/.aicockpitcodeignore", "generated/\n!secrets/\n");
        // Nested workspace folders: [repo, repo/pkg].
        let policy = AccessPolicy::new([root.clone(), root.join("pkg")]);
        assert!(
            matches!(
                write_err(&policy, root.join("pkg/secrets/k.txt")),
                AccessError::Blocked { .. }
            ),
            "the outer file blocks, and an inner `!` does not reopen it"
        );
        let error = write_err(&policy, root.join("pkg/generated/g.ts"));
        assert!(
            error
                .to_string()
                .contains("blocked by pkg/.aicockpitcodeignore (pattern `generated/`)"),
            "{error}"
        );
        assert!(matches!(
            write_err(&policy, root.join("pkg/x.env")),
            AccessError::Blocked { .. }
        ));
        assert!(policy.check(&root.join("pkg/src/a.ts"), Intent::Write).is_ok());
        // An ignore file deep in a single root applies too.
        let single = AccessPolicy::new([&root]);
        assert!(matches!(
            write_err(&single, root.join("pkg/generated/g.ts")),
            AccessError::Blocked { .. }
        ));
    }

    #[test]
    fn ignore_files_and_version_control_folders_are_protected() {
        let (_dir, root, policy) = workspace();
        write(&root, ".git/config", "[core]\n");
        write(&root, "pkg/.aicockpitcodeignore", "");
        for p in [
            IGNORE_FILE,
            "pkg/.aicockpitcodeignore",
            ".git/config",
            ".git/hooks/pre-commit",
            ".GIT/config",
        ] {
            let error = write_err(&policy, p);
            assert!(matches!(error, AccessError::Protected { .. }), "{p}: {error}");
        }
        let error = write_err(&policy, ".git/config");
        assert!(
            error.to_string().contains("never reads or writes inside .git/"),
            "{error}"
        );
        let error = write_err(&policy, IGNORE_FILE);
        assert!(
            error.to_string().contains("never changes an ignore file"),
            "{error}"
        );
        // Our own configuration is read even where agents may not look.
        assert!(
            policy
                .check(Path::new("secrets/autofix.json"), Intent::ReadConfig)
                .is_ok()
        );
        assert!(
            policy
                .check(Path::new(".git/autofix.json"), Intent::ReadConfig)
                .is_err()
        );
        // Reading an ignore file is harmless; reading inside .git is not our business.
        assert!(policy.check(Path::new(IGNORE_FILE), Intent::Read).is_ok());
        assert!(policy.check(Path::new(".git/config"), Intent::Read).is_err());
        // A symlink named innocently that points into .git is refused too.
        symlink(root.join(".git/config"), root.join("src/cfg")).unwrap();
        assert!(matches!(
            write_err(&policy, "src/cfg"),
            AccessError::Protected { .. }
        ));
    }

    #[test]
    fn changes_to_ignore_files_are_seen_without_a_reload() {
        let (_dir, root, policy) = workspace();
        assert!(policy.check(Path::new("src/app.ts"), Intent::Write).is_ok());
        fs::write(
            root.join(IGNORE_FILE),
            "src/\n# a longer file so the length changes\n",
        )
        .unwrap();
        assert!(matches!(
            write_err(&policy, "src/app.ts"),
            AccessError::Blocked { .. }
        ));
        fs::remove_file(root.join(IGNORE_FILE)).unwrap();
        assert!(policy.check(Path::new("src/app.ts"), Intent::Write).is_ok());
    }

    #[test]
    fn an_unreadable_ignore_file_blocks_rather_than_opens() {
        let (_dir, root, policy) = workspace();
        fs::remove_file(root.join(IGNORE_FILE)).unwrap();
        fs::create_dir(root.join(IGNORE_FILE)).unwrap();
        let error = write_err(&policy, "src/app.ts");
        assert!(matches!(error, AccessError::IgnoreUnreadable { .. }), "{error}");
        assert!(error.to_string().contains("cannot be read"), "{error}");
        // A pattern that cannot be read closes the folder too, naming the line.
        fs::remove_dir(root.join(IGNORE_FILE)).unwrap();
        fs::write(root.join(IGNORE_FILE), "ok/\nsecrets/{a,b\n").unwrap();
        let error = write_err(&policy, "src/app.ts");
        assert!(error.to_string().contains("line 2"), "{error}");
    }

    #[test]
    fn a_file_swapped_between_the_check_and_the_read_is_never_read() {
        let (_dir, root, policy) = workspace();
        let outside = tempfile::tempdir().unwrap();
        let secret = write(outside.path(), "secret.txt", "secret");
        let file = write(&root, "src/rules.json", "[]");
        // The file itself becomes a link out.
        let error = policy
            .read_checked_with(&file, Intent::Read, 100, || {
                fs::remove_file(&file).unwrap();
                symlink(&secret, &file).unwrap();
            })
            .unwrap_err();
        assert!(error.to_string().contains("outside the workspace"), "{error}");
        // A folder on the way becomes a link out.
        fs::remove_file(&file).unwrap();
        write(&root, "conf/rules.json", "[]");
        write(outside.path(), "conf/rules.json", "secret");
        let nested = root.join("conf/rules.json");
        let error = policy
            .read_checked_with(&nested, Intent::Read, 100, || {
                fs::rename(root.join("conf"), root.join("conf.old")).unwrap();
                symlink(outside.path().join("conf"), root.join("conf")).unwrap();
            })
            .unwrap_err();
        assert!(error.to_string().contains("outside the workspace"), "{error}");
        // Replaced by another file inside: read the new file or refuse, never mix them up.
        write(&root, "a.txt", "old");
        let a = root.join("a.txt");
        let read = policy.read_checked_with(&a, Intent::Read, 100, || {
            fs::write(root.join("b.txt"), "new").unwrap();
            fs::rename(root.join("b.txt"), &a).unwrap();
        });
        assert!(
            read.as_ref().is_err() || read.as_ref().unwrap().1 == "new",
            "{read:?}"
        );
        assert_eq!(policy.read_checked(&a, Intent::Read, 100).unwrap().1, "new");
    }

    #[test]
    fn only_regular_files() {
        let (_dir, root, policy) = workspace();
        let error = policy.check(&root.join("src"), Intent::Write).unwrap_err();
        assert!(
            error.to_string().contains("not a regular file (a folder)"),
            "{error}"
        );
        let fifo = root.join("src/pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let error = policy.read_text(&fifo, 100).unwrap_err();
        assert!(
            error.to_string().contains("not a regular file (a FIFO)"),
            "{error}"
        );
    }
}
