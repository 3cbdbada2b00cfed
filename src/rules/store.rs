//! Finding rules files — per root, in the seed's order of precedence, or the nearest above a
//! file — and reading them from disk.

use std::path::{Path, PathBuf};

/// Where a root's rules file may live, highest precedence first.
pub const LOCATIONS: [&str; 3] = [".agents/autofix.json", "autofix.json", ".rules/autofix.json"];

/// Where a new rules file is created when none exists.
pub const DEFAULT_LOCATION: &str = LOCATIONS[0];

/// The rules files that exist under `root`, highest precedence first. The first is in force.
pub fn rules_files_in(root: &Path) -> Vec<PathBuf> {
    LOCATIONS
        .iter()
        .map(|l| root.join(l))
        .filter(|p| p.is_file())
        .collect()
}

/// The rules file in force under `root`, if any.
pub fn rules_file_in(root: &Path) -> Option<PathBuf> {
    LOCATIONS.iter().map(|l| root.join(l)).find(|p| p.is_file())
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

/// Reads a rules file as text.
pub fn read(path: &Path) -> Result<String, ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Why a locked update of a rules file failed.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{0}")]
    Refused(E),
}

/// Holds an exclusive lock for one root while rules files under it are read and rewritten, so
/// concurrent learners (processes or threads) take turns and never lose a rule.
struct RootLock {
    _file: std::fs::File,
}

impl RootLock {
    fn acquire(root: &Path) -> std::io::Result<RootLock> {
        // The folder itself is locked where folders can be (no file left behind); elsewhere a
        // lock file beside the rules.
        #[cfg(unix)]
        let file = std::fs::File::open(root)?;
        #[cfg(not(unix))]
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(root.join(".autofix.lock"))?;
        file.lock()?;
        Ok(RootLock { _file: file })
    }
}

/// Reads the rules file at `path` (`None` when it does not exist), lets `change` compute the new
/// content, and writes it atomically — all under the root's exclusive lock. Nothing is written
/// when `change` refuses.
pub fn update<T, E>(
    path: &Path,
    change: impl FnOnce(Option<&str>) -> Result<(String, T), E>,
) -> Result<T, UpdateError<E>> {
    let io = |source| UpdateError::Io {
        path: path.to_path_buf(),
        source,
    };
    let root = root_of(path);
    std::fs::create_dir_all(&root).map_err(io)?;
    let _lock = RootLock::acquire(&root).map_err(io)?;
    let current = match read(path) {
        Ok(text) => Some(text),
        Err(ReadError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.into()),
    };
    let (content, result) = change(current.as_deref()).map_err(UpdateError::Refused)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    crate::atomic::write(path, content.as_bytes()).map_err(io)?;
    Ok(result)
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
