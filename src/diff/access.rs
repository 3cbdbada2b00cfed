//! Which files a diff may touch: the target must resolve (symlinks included) inside the workspace
//! root, and must not be matched by the root's `.aicockpitcodeignore` (gitignore syntax).

use std::io;
use std::path::{Component, Path, PathBuf};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use thiserror::Error;

/// The ignore file, at the workspace root.
pub const IGNORE_FILE: &str = ".aicockpitcodeignore";

/// Why a path may not be changed. `path` is the path as given.
#[derive(Debug, Error)]
#[allow(missing_docs)] // the fields are the path as given, the root, the ignore pattern, the cause
pub enum AccessError {
    /// The path resolves outside the workspace root.
    #[error("{}: outside the workspace ({})", .path.display(), .root.display())]
    OutsideWorkspace { path: PathBuf, root: PathBuf },
    /// `.aicockpitcodeignore` matches the path (`pattern` is the matching line).
    #[error("{}: access blocked by .aicockpitcodeignore (pattern `{pattern}`)", .path.display())]
    Blocked { path: PathBuf, pattern: String },
    /// The path (or the ignore file) could not be resolved or read.
    #[error("{}: {source}", .path.display())]
    Io { path: PathBuf, source: io::Error },
}

/// The access rules of one workspace root. Cheap to clone; [`AccessPolicy::reload`] re-reads the
/// ignore file (call it when the file changes).
#[derive(Debug, Clone)]
pub struct AccessPolicy {
    root: PathBuf,
    ignore: Gitignore,
    warnings: Vec<String>,
}

impl AccessPolicy {
    /// The policy for `root` (which must exist), with its ignore file read if there is one.
    pub fn new(root: impl AsRef<Path>) -> Result<AccessPolicy, AccessError> {
        let given = root.as_ref();
        let root = std::fs::canonicalize(given).map_err(|source| AccessError::Io {
            path: given.to_path_buf(),
            source,
        })?;
        let (ignore, warnings) = load(&root)?;
        Ok(AccessPolicy {
            root,
            ignore,
            warnings,
        })
    }

    /// The canonical workspace root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Where the ignore file is (or would be), for file watchers.
    pub fn ignore_file(&self) -> PathBuf {
        self.root.join(IGNORE_FILE)
    }

    /// Re-reads the ignore file. On error the previous rules stay in force.
    pub fn reload(&mut self) -> Result<(), AccessError> {
        let (ignore, warnings) = load(&self.root)?;
        self.ignore = ignore;
        self.warnings = warnings;
        Ok(())
    }

    /// Lines of the ignore file that could not be parsed (and are therefore not in force).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Resolves `path` (relative to the root, or absolute) and checks it may be changed. Returns the
    /// canonical path; for a file that does not exist yet, its canonical parent joined with the
    /// remaining components.
    pub fn check(&self, path: impl AsRef<Path>) -> Result<PathBuf, AccessError> {
        let given = path.as_ref();
        let absolute = if given.is_absolute() {
            given.to_path_buf()
        } else {
            self.root.join(given)
        };
        let resolved = resolve(&absolute).map_err(|source| AccessError::Io {
            path: given.to_path_buf(),
            source,
        })?;
        let Ok(relative) = resolved.strip_prefix(&self.root) else {
            return Err(AccessError::OutsideWorkspace {
                path: given.to_path_buf(),
                root: self.root.clone(),
            });
        };
        self.refuse_ignored(given, relative, resolved.is_dir())?;
        // The name as written counts too: an ignored symlink must not be a way in.
        if let Ok(relative) = lexical(&absolute).strip_prefix(&self.root) {
            self.refuse_ignored(given, relative, false)?;
        }
        Ok(resolved)
    }

    fn refuse_ignored(&self, given: &Path, relative: &Path, is_dir: bool) -> Result<(), AccessError> {
        if relative.as_os_str().is_empty() {
            return Ok(());
        }
        match self.ignore.matched_path_or_any_parents(relative, is_dir) {
            Match::Ignore(glob) => Err(AccessError::Blocked {
                path: given.to_path_buf(),
                pattern: glob.original().to_string(),
            }),
            Match::None | Match::Whitelist(_) => Ok(()),
        }
    }
}

fn load(root: &Path) -> Result<(Gitignore, Vec<String>), AccessError> {
    let file = root.join(IGNORE_FILE);
    match std::fs::metadata(&file) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Ok((Gitignore::empty(), Vec::new()));
        }
        Err(source) => return Err(AccessError::Io { path: file, source }),
        Ok(_) => {}
    }
    // An unreadable ignore file must not silently open everything up.
    std::fs::read(&file).map_err(|source| AccessError::Io {
        path: file.clone(),
        source,
    })?;
    let mut builder = GitignoreBuilder::new(root);
    let mut warnings = Vec::new();
    if let Some(error) = builder.add(&file) {
        warnings.push(error.to_string());
    }
    let ignore = builder.build().map_err(|error| AccessError::Io {
        path: file.clone(),
        source: io::Error::other(error.to_string()),
    })?;
    Ok((ignore, warnings))
}

/// Canonicalizes `path`; when it does not exist, canonicalizes its deepest existing ancestor and
/// appends the rest. A dangling symlink on the way is refused: writing through it would create a
/// file wherever it points.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Ok(resolved) => return Ok(resolved),
        Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
        Err(_) => {}
    }
    let components: Vec<Component<'_>> = path.components().collect();
    for keep in (0..components.len()).rev() {
        let prefix: PathBuf = components.iter().take(keep).collect();
        if prefix.as_os_str().is_empty() {
            break;
        }
        let next: PathBuf = components.iter().take(keep + 1).collect();
        if std::fs::symlink_metadata(&next).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(io::Error::other("a dangling symbolic link is on the way"));
        }
        if let Ok(base) = std::fs::canonicalize(&prefix) {
            let mut full = base;
            full.extend(components.iter().skip(keep));
            return Ok(lexical(&full));
        }
    }
    Err(io::Error::new(io::ErrorKind::NotFound, "no existing ancestor"))
}

/// `.` and `..` resolved without looking at the file system.
fn lexical(path: &Path) -> PathBuf {
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

    fn workspace() -> (tempfile::TempDir, AccessPolicy) {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("src")).unwrap();
        fs::write(dir.path().join("src/app.ts"), "x").unwrap();
        fs::write(dir.path().join(IGNORE_FILE), "secrets/\n*.env\n!public.env\n").unwrap();
        let policy = AccessPolicy::new(dir.path()).unwrap();
        (dir, policy)
    }

    #[test]
    fn files_inside_are_allowed_and_canonical() {
        let (dir, policy) = workspace();
        let root = fs::canonicalize(dir.path()).unwrap();
        assert_eq!(policy.check("src/app.ts").unwrap(), root.join("src/app.ts"));
        assert_eq!(
            policy.check("./src/../src/app.ts").unwrap(),
            root.join("src/app.ts")
        );
        assert_eq!(
            policy.check(root.join("src/app.ts")).unwrap(),
            root.join("src/app.ts")
        );
        // not yet existing: the parent is canonicalized
        assert_eq!(
            policy.check("src/new/deep.ts").unwrap(),
            root.join("src/new/deep.ts")
        );
    }

    #[test]
    fn outside_the_root_is_refused() {
        let (_dir, policy) = workspace();
        let error = policy.check("../elsewhere.ts").unwrap_err();
        assert!(error.to_string().contains("outside the workspace"), "{error}");
        assert!(matches!(
            policy.check("/etc/passwd"),
            Err(AccessError::OutsideWorkspace { .. })
        ));
        assert!(matches!(
            policy.check("src/nope/../../../x"),
            Err(AccessError::OutsideWorkspace { .. })
        ));
    }

    #[test]
    fn symlinks_escaping_the_root_are_refused() {
        let (dir, policy) = workspace();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("target.ts"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("src/link")).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("target.ts"),
            dir.path().join("src/file-link.ts"),
        )
        .unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("missing.ts"),
            dir.path().join("src/dangling.ts"),
        )
        .unwrap();
        assert!(matches!(
            policy.check("src/link/target.ts"),
            Err(AccessError::OutsideWorkspace { .. })
        ));
        assert!(matches!(
            policy.check("src/link/new.ts"),
            Err(AccessError::OutsideWorkspace { .. })
        ));
        assert!(matches!(
            policy.check("src/file-link.ts"),
            Err(AccessError::OutsideWorkspace { .. })
        ));
        assert!(policy.check("src/dangling.ts").is_err());
    }

    #[test]
    fn ignored_paths_are_blocked() {
        let (dir, policy) = workspace();
        let error = policy.check("secrets/key.txt").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("access blocked by .aicockpitcodeignore"),
            "{error}"
        );
        assert!(matches!(
            policy.check("config/prod.env"),
            Err(AccessError::Blocked { .. })
        ));
        assert!(policy.check("public.env").is_ok(), "negated patterns allow");
        // an inside symlink to an ignored file, and an ignored symlink name, are blocked too
        fs::create_dir_all(dir.path().join("secrets")).unwrap();
        fs::write(dir.path().join("secrets/key.txt"), "k").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secrets/key.txt"), dir.path().join("src/key.txt"))
            .unwrap();
        assert!(matches!(
            policy.check("src/key.txt"),
            Err(AccessError::Blocked { .. })
        ));
        std::os::unix::fs::symlink(dir.path().join("src/app.ts"), dir.path().join("local.env")).unwrap();
        assert!(matches!(
            policy.check("local.env"),
            Err(AccessError::Blocked { .. })
        ));
    }

    #[test]
    fn reload_picks_up_changes() {
        let (dir, mut policy) = workspace();
        assert!(policy.check("src/app.ts").is_ok());
        fs::write(dir.path().join(IGNORE_FILE), "src/\n").unwrap();
        assert!(policy.check("src/app.ts").is_ok(), "not before reload");
        policy.reload().unwrap();
        assert!(matches!(
            policy.check("src/app.ts"),
            Err(AccessError::Blocked { .. })
        ));
        fs::remove_file(dir.path().join(IGNORE_FILE)).unwrap();
        policy.reload().unwrap();
        assert!(policy.check("src/app.ts").is_ok());
        assert_eq!(policy.ignore_file(), policy.root().join(IGNORE_FILE));
    }

    #[test]
    fn without_an_ignore_file_everything_inside_is_allowed() {
        let dir = tempfile::tempdir().unwrap();
        let policy = AccessPolicy::new(dir.path()).unwrap();
        assert!(policy.check("anything.env").is_ok());
        assert!(policy.warnings().is_empty());
        assert!(AccessPolicy::new(dir.path().join("missing")).is_err());
    }
}
