//! Finding rules files — per root, in the seed's order of precedence, or the nearest above a
//! file — and reading them from disk.

use std::path::{Path, PathBuf};

/// Where a root's rules file may live, highest precedence first.
pub const LOCATIONS: [&str; 3] = [".agents/autofix.json", "autofix.json", ".rules/autofix.json"];

/// Where a new rules file is created when none exists.
pub const DEFAULT_LOCATION: &str = LOCATIONS[0];

/// The rules files that exist under `root`, highest precedence first. The first is in force.
/// Whatever is at a location counts: a folder or a FIFO there is a rules file that cannot be
/// read (and is reported so), not the absence of one.
pub fn rules_files_in(root: &Path) -> Vec<PathBuf> {
    LOCATIONS
        .iter()
        .map(|l| root.join(l))
        .filter(|p| p.exists())
        .collect()
}

/// The rules file in force under `root`, if any (see [`rules_files_in`]).
pub fn rules_file_in(root: &Path) -> Option<PathBuf> {
    LOCATIONS.iter().map(|l| root.join(l)).find(|p| p.exists())
}

/// The root a rules file belongs to: the folder holding `.agents/` or `.rules/` for those
/// locations, else the file's own folder.
pub fn root_of(rules_file: &Path) -> PathBuf {
    let dir = rules_file.parent().unwrap_or(Path::new(""));
    match dir.file_name().and_then(|n| n.to_str()) {
        Some(".agents" | ".rules") => dir.parent().unwrap_or(dir).to_path_buf(),
        _ => dir.to_path_buf(),
    }
}

/// True when `path` is at one of the three rules-file locations of some root.
pub fn is_rules_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "autofix.json") && {
        let root = root_of(path);
        LOCATIONS.iter().any(|l| root.join(l) == path)
    }
}

/// The nearest folder at or above `start` (a folder) that holds a rules file, with that file.
pub fn nearest(start: &Path) -> Option<(PathBuf, PathBuf)> {
    start
        .ancestors()
        .find_map(|dir| rules_file_in(dir).map(|file| (dir.to_path_buf(), file)))
}

/// Reads a rules file as text: a regular file of bounded size (a FIFO or a huge file planted in
/// a repository is refused, not waited on).
pub fn read(path: &Path) -> Result<String, ReadError> {
    crate::access::read_text(path, crate::access::MAX_RULES_BYTES).map_err(|e| match e {
        crate::access::ReadError::Io { source, .. } => ReadError::Io {
            path: path.to_path_buf(),
            source,
        },
        crate::access::ReadError::NotUtf8 { offset, .. } => ReadError::NotUtf8 {
            path: path.to_path_buf(),
            offset,
        },
        other => {
            // Said once: the access error names the path too.
            let text = other.to_string();
            let prefix = format!("{}: ", path.display());
            ReadError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::other(text.strip_prefix(&prefix).unwrap_or(&text).to_string()),
            }
        }
    })
}

/// True when a rules file's text looks finished: not empty, and valid JSON. What an editor saving
/// in place leaves for a moment (an empty or half-written file) is not.
pub fn looks_settled(text: &str) -> bool {
    !text.trim().is_empty() && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// How often, and how long apart, a rules file that does not look settled is read again.
pub const SETTLE_ATTEMPTS: u32 = 10;
pub const SETTLE_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// Reads a rules file (`None`: it does not exist), reading it again for a moment while it is
/// empty or not valid JSON — an editor may be in the middle of saving it. Returns what was read
/// last: the caller refuses it if it still does not look settled.
pub fn read_settled(path: &Path) -> Result<Option<String>, ReadError> {
    read_settled_with(path, None)
}

/// [`read_settled`]; with a policy, each read is the policy's race-free read (a file swapped for a
/// link out while it is read is refused, never read).
fn read_settled_with(
    path: &Path,
    policy: Option<&crate::access::AccessPolicy>,
) -> Result<Option<String>, ReadError> {
    let read = |path: &Path| match policy {
        None => read(path),
        Some(policy) => policy
            .read_checked(path, crate::access::Intent::Write, crate::access::MAX_RULES_BYTES)
            .map(|(_, text)| text)
            .map_err(|e| match e {
                crate::access::AccessError::Read(crate::access::ReadError::Io { source, .. })
                | crate::access::AccessError::Io { source, .. } => ReadError::Io {
                    path: path.to_path_buf(),
                    source,
                },
                other => ReadError::Io {
                    path: path.to_path_buf(),
                    source: std::io::Error::other(other.to_string()),
                },
            }),
    };
    let mut attempt = 0;
    loop {
        let text = match read(path) {
            Ok(text) => text,
            Err(ReadError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        attempt += 1;
        if looks_settled(&text) || attempt >= SETTLE_ATTEMPTS {
            return Ok(Some(text));
        }
        std::thread::sleep(SETTLE_PAUSE);
    }
}

/// Why a locked update of a rules file failed. Nothing was written in any of these cases.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{0}")]
    Refused(E),
    /// The access policy refuses the file (checked again under the lock, right before it is
    /// read and right before it is written: it may have become a link out of the project, a
    /// folder or a FIFO since the caller checked it).
    #[error(transparent)]
    Access(crate::access::AccessError),
    /// Someone else saved, replaced or removed the file after it was read: their version stays.
    #[error(
        "{}: changed on disk while the rule was being written (another program saved, replaced or removed it); nothing was written — try again",
        path.display()
    )]
    Changed { path: PathBuf },
}

/// How long a writer of a rules file (`learn`, `import --write`, `rules --enforce`, the editor's
/// learn, the agent's) waits for another to release the root's lock before it gives up and says
/// so — another may be an editor waiting for its user to approve a learned rule.
pub const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// An exclusive lock on one root while rules files under it are read and rewritten, so
/// concurrent learners (processes, threads, a language server awaiting an editor's approval) take
/// turns and never lose a rule or share a number.
#[derive(Debug)]
pub struct RootLock {
    _file: std::fs::File,
}

impl RootLock {
    fn open(root: &Path) -> std::io::Result<std::fs::File> {
        std::fs::create_dir_all(root)?;
        // The folder itself is locked where folders can be (no file left behind); elsewhere a
        // lock file beside the rules.
        #[cfg(unix)]
        return std::fs::File::open(root);
        #[cfg(not(unix))]
        return std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(root.join(".autofix.lock"));
    }

    /// Waits for the lock of `root` (the folder a rules file governs).
    pub fn acquire(root: &Path) -> std::io::Result<RootLock> {
        let file = Self::open(root)?;
        file.lock()?;
        Ok(RootLock { _file: file })
    }

    /// Takes the lock if nobody holds it.
    pub fn try_acquire(root: &Path) -> std::io::Result<Option<RootLock>> {
        let file = Self::open(root)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(RootLock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// Waits at most `patience` for the lock; `Ok(None)` when someone held it all along (an
    /// editor waiting for the user to approve a learned rule, say).
    pub fn acquire_within(root: &Path, patience: std::time::Duration) -> std::io::Result<Option<RootLock>> {
        let until = std::time::Instant::now() + patience;
        loop {
            if let Some(lock) = Self::try_acquire(root)? {
                return Ok(Some(lock));
            }
            if std::time::Instant::now() >= until {
                return Ok(None);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// Reads the rules file at `path` (`None` when it does not exist; read again for a moment while
/// it looks half-saved), lets `change` compute the new content, and writes it atomically — all
/// under the root's exclusive lock. Nothing is written when `change` refuses.
pub fn update<T, E>(
    path: &Path,
    change: impl FnOnce(Option<&str>) -> Result<(String, T), E>,
) -> Result<T, UpdateError<E>> {
    let root = root_of(path);
    let lock = RootLock::acquire(&root).map_err(|source| UpdateError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    update_locked(&lock, path, None, change)
}

/// [`update`], for a caller that already holds the root's lock. With a `policy`, the file must
/// pass it (for writing) before it is read and again right before it is written, and the write
/// goes to the path the policy resolved — never through a link made meanwhile. The new content
/// replaces the file only if it still holds what was read (or, when there was none, only if
/// none appeared): a save by someone else in between is kept, and the update fails with
/// [`UpdateError::Changed`].
pub fn update_locked<T, E>(
    _lock: &RootLock,
    path: &Path,
    policy: Option<&crate::access::AccessPolicy>,
    change: impl FnOnce(Option<&str>) -> Result<(String, T), E>,
) -> Result<T, UpdateError<E>> {
    let io = |source| UpdateError::Io {
        path: path.to_path_buf(),
        source,
    };
    let allowed = || match policy {
        Some(policy) => policy
            .check(path, crate::access::Intent::Write)
            .map_err(UpdateError::Access),
        None => Ok(path.to_path_buf()),
    };
    allowed()?;
    let current = read_settled_with(path, policy)?;
    let (content, result) = change(current.as_deref()).map_err(UpdateError::Refused)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let target = allowed()?;
    let written = match &current {
        Some(text) => crate::atomic::write_if_unchanged(&target, text.as_bytes(), content.as_bytes()),
        None => crate::atomic::create_new(&target, content.as_bytes()),
    };
    match written {
        Ok(()) => Ok(result),
        Err(crate::atomic::ReplaceError::Changed) => Err(UpdateError::Changed {
            path: path.to_path_buf(),
        }),
        Err(crate::atomic::ReplaceError::Io(source)) => Err(io(source)),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{}: cannot read the rules file: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{}: the rules file is not UTF-8 (invalid byte at offset {offset}) — save it as UTF-8", path.display())]
    NotUtf8 { path: PathBuf, offset: usize },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(root: &Path, rel: &str) -> PathBuf {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, "[]").unwrap();
        p
    }

    #[test]
    fn precedence_follows_the_seed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        assert_eq!(rules_file_in(root), None);
        let rules = touch(root, ".rules/autofix.json");
        assert_eq!(rules_file_in(root), Some(rules.clone()));
        let plain = touch(root, "autofix.json");
        let agents = touch(root, ".agents/autofix.json");
        assert_eq!(
            rules_files_in(root),
            [agents.clone(), plain.clone(), rules.clone()]
        );
        for f in [&agents, &plain, &rules] {
            assert_eq!(root_of(f), root);
            assert!(is_rules_file(f));
        }
        assert!(
            is_rules_file(&root.join("pkg/autofix.json")),
            "any folder may have its own"
        );
        assert!(!is_rules_file(&root.join("src/rules.json")));
    }

    #[test]
    fn nearest_walks_up() {
        let dir = tempfile::tempdir().unwrap();
        let outer = touch(dir.path(), "autofix.json");
        let inner = touch(dir.path(), "pkg/a/.agents/autofix.json");
        std::fs::create_dir_all(dir.path().join("pkg/a/src")).unwrap();
        std::fs::create_dir_all(dir.path().join("pkg/b")).unwrap();
        assert_eq!(
            nearest(&dir.path().join("pkg/a/src")),
            Some((dir.path().join("pkg/a"), inner))
        );
        assert_eq!(
            nearest(&dir.path().join("pkg/b")),
            Some((dir.path().to_path_buf(), outer))
        );
    }

    #[test]
    fn update_creates_rewrites_and_refuses_without_writing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DEFAULT_LOCATION);
        let seen = update(&path, |current| {
            Ok::<_, ()>(("[1]".to_string(), current.map(str::to_string)))
        })
        .unwrap();
        assert_eq!(seen, None, "created");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[1]");
        let err = update(&path, |_| Err::<(String, ()), _>("no")).unwrap_err();
        assert_eq!(err.to_string(), "no");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "[1]",
            "untouched on refusal"
        );
    }

    #[test]
    fn a_save_by_someone_else_between_the_read_and_the_write_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autofix.json");
        std::fs::write(&path, "[1]").unwrap();
        let err = update(&path, |_| {
            std::fs::write(&path, "[1, 2]").unwrap();
            Ok::<_, String>(("[1, 3]".to_string(), ()))
        })
        .unwrap_err();
        assert!(matches!(err, UpdateError::Changed { .. }), "{err:?}");
        assert!(err.to_string().contains("changed on disk"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[1, 2]");
        // Created meanwhile, when there was none.
        std::fs::remove_file(&path).unwrap();
        let err = update(&path, |_| {
            std::fs::write(&path, "[2]").unwrap();
            Ok::<_, String>(("[3]".to_string(), ()))
        })
        .unwrap_err();
        assert!(matches!(err, UpdateError::Changed { .. }), "{err:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[2]");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_root_made_meanwhile_is_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let path = dir.path().join("autofix.json");
        let theirs = outside.path().join("rules.json");
        std::fs::write(&path, "[1]").unwrap();
        std::fs::write(&theirs, "[1]").unwrap();
        let lock = RootLock::acquire(dir.path()).unwrap();
        let policy = crate::access::AccessPolicy::new([dir.path()]);
        let err = update_locked(&lock, &path, Some(&policy), |_| {
            std::fs::remove_file(&path).unwrap();
            std::os::unix::fs::symlink(&theirs, &path).unwrap();
            Ok::<_, String>(("[1, 2]".to_string(), ()))
        })
        .unwrap_err();
        assert!(err.to_string().contains("outside the workspace"), "{err}");
        assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "[1]");
        // Checked before reading too: nothing outside is read.
        let err = update_locked(&lock, &path, Some(&policy), |_| {
            Ok::<_, String>((String::new(), ()))
        })
        .unwrap_err();
        assert!(matches!(err, UpdateError::Access(_)), "{err:?}");
    }

    #[test]
    fn concurrent_updates_take_turns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autofix.json");
        std::thread::scope(|s| {
            for _ in 0..16 {
                s.spawn(|| {
                    update(&path, |current| {
                        let n: u64 = current.map_or(0, |t| t.trim().parse().unwrap());
                        Ok::<_, ()>(((n + 1).to_string(), ()))
                    })
                    .unwrap()
                });
            }
        });
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "16");
    }

    #[test]
    fn read_errors_name_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("autofix.json");
        assert!(
            read(&p)
                .unwrap_err()
                .to_string()
                .contains("cannot read the rules file")
        );
        std::fs::write(&p, b"[\xff]").unwrap();
        assert!(
            read(&p)
                .unwrap_err()
                .to_string()
                .contains("not UTF-8 (invalid byte at offset 1)")
        );
    }
}
