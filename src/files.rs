//! The files a command works on: paths given explicitly (always taken, even when ignored) and
//! folders walked in parallel with `ignore` (respecting .gitignore and .ignore), and reading them
//! as text — binary, non-UTF-8 and huge files are skipped with a reason.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};

use crate::access::read::{self, kind_of};
use crate::paths::absolute;
use crate::rules::store;

/// Files larger than this are not checked: far beyond any hand-written source file, and a
/// hostile or careless repository can ship a multi-gigabyte file that every parallel worker
/// would otherwise read whole into memory. Decided from the file's size before reading it. The
/// limit of every text autofix reads on a user's behalf.
pub const MAX_FILE_BYTES: u64 = read::MAX_TEXT_BYTES;

/// Bytes searched for a NUL to call a file binary (as git and ripgrep do).
const BINARY_PROBE_BYTES: usize = 8192;

/// Why a file was not checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Skipped {
    /// A NUL byte in its first 8 KiB.
    Binary,
    NotUtf8,
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge,
    /// Named on the command line (as pre-commit names staged files), but no rules file is
    /// above it: nothing governs it.
    NoRules,
}

impl Skipped {
    /// The reason as `--format json` names it.
    pub fn code(self) -> &'static str {
        match self {
            Skipped::Binary => "binary",
            Skipped::NotUtf8 => "not_utf8",
            Skipped::TooLarge => "too_large",
            Skipped::NoRules => "no_rules",
        }
    }

    /// The reason in words, for one file.
    pub fn describe(self) -> String {
        match self {
            Skipped::Binary => format!("binary: a NUL byte in its first {} KiB", BINARY_PROBE_BYTES >> 10),
            Skipped::NoRules => "no rules file above it".into(),
            Skipped::NotUtf8 | Skipped::TooLarge => self.counted(),
        }
    }

    /// The reason in a count ("1 binary, 2 not UTF-8").
    pub fn counted(self) -> String {
        match self {
            Skipped::Binary => "binary".into(),
            Skipped::NotUtf8 => "not UTF-8".into(),
            Skipped::TooLarge => format!("larger than {} MiB", MAX_FILE_BYTES >> 20),
            Skipped::NoRules => "without a rules file".into(),
        }
    }
}

/// Why a file could not be read as text.
#[derive(Debug)]
pub enum Unread {
    /// Not text a rule can be checked against.
    Skipped(Skipped),
    /// Not read at all: what went wrong, in words ("cannot read: permission denied — …").
    Failed(String),
}

/// A path that could not be read: the run is incomplete.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ReadError {
    pub path: PathBuf,
    /// What went wrong, in words ("cannot read: permission denied — …").
    pub cause: String,
}

/// What `paths` expand to.
#[derive(Debug, Default)]
pub struct Collected {
    /// The files to check, each once, in the order of the paths given (a folder's sorted).
    pub files: Vec<PathBuf>,
    /// The rules files met (walked or named), in the same order: linted, not checked.
    pub rules_files: Vec<PathBuf>,
    /// Paths given that do not exist.
    pub missing: Vec<PathBuf>,
    /// Paths given or walked that could not be read.
    pub errors: Vec<ReadError>,
}

/// An I/O error in words, with what to do about the usual ones.
pub fn io_cause(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => {
            "permission denied — check its permissions, or leave it out with an .ignore file".into()
        }
        _ => e.to_string(),
    }
}

/// Why a path given explicitly that is neither a file nor a folder cannot be read; `None`
/// when nothing is there at all.
fn unreadable(path: &Path) -> Option<String> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(link) => link,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => return Some(format!("cannot read: {}", io_cause(&e))),
    };
    if link.file_type().is_symlink() {
        let target = std::fs::read_link(path).map_or_else(|_| "?".into(), |t| t.display().to_string());
        return Some(match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                format!("cannot read: a broken symbolic link (to {target}, which does not exist)")
            }
            Err(e) => format!("cannot read: a symbolic link to {target}: {}", io_cause(&e)),
            Ok(meta) => format!("cannot read: not a regular file ({})", kind_of(&meta.file_type())),
        });
    }
    Some(format!(
        "cannot read: not a regular file ({})",
        kind_of(&link.file_type())
    ))
}

/// The path an error of the walk is about, and its cause.
fn walk_error(err: &ignore::Error, walked: &Path) -> ReadError {
    fn path_of(err: &ignore::Error) -> Option<&Path> {
        match err {
            ignore::Error::WithPath { path, .. } => Some(path),
            ignore::Error::Loop { child, .. } => Some(child),
            ignore::Error::WithLineNumber { err, .. } | ignore::Error::WithDepth { err, .. } => path_of(err),
            ignore::Error::Partial(errs) => errs.iter().find_map(path_of),
            _ => None,
        }
    }
    let path = path_of(err).unwrap_or(walked).to_path_buf();
    let what = if path.is_dir() {
        "cannot read the folder"
    } else {
        "cannot read"
    };
    let cause = match err.io_error() {
        Some(io) => io_cause(io),
        None => err.to_string(),
    };
    ReadError {
        path,
        cause: format!("{what}: {cause}"),
    }
}

fn push<T>(list: &Mutex<Vec<T>>, item: T) {
    list.lock().unwrap_or_else(|e| e.into_inner()).push(item);
}

/// The files under `dir` (walked in parallel, sorted), and the errors met on the way.
fn walk(dir: &Path) -> (Vec<PathBuf>, Vec<ReadError>) {
    let found = Mutex::new(Vec::new());
    let errors = Mutex::new(Vec::new());
    WalkBuilder::new(dir)
        .hidden(false)
        .require_git(false)
        .filter_entry(|e| e.file_name() != ".git")
        .build_parallel()
        .run(|| {
            let (found, errors) = (&found, &errors);
            Box::new(move |entry| {
                let entry = match entry {
                    Ok(entry) => entry,
                    Err(e) => {
                        push(errors, walk_error(&e, dir));
                        return WalkState::Continue;
                    }
                };
                // An ignore file that could not be read: what it ignores is unknown.
                if let Some(e) = entry.error().filter(|e| e.is_io()) {
                    push(errors, walk_error(e, entry.path()));
                }
                if entry.file_type().is_some_and(|t| t.is_file()) {
                    push(found, entry.into_path());
                }
                WalkState::Continue
            })
        });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // By bytes, not by components: a stable order either way (the report sorts its own), at a
    // fraction of the cost on thousands of paths.
    found.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
    (found, errors.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Expands `paths` into the files to check, each once. Rules files are set apart: their
/// problems are reported as such, not as rule violations. A file reached by several paths (a
/// symbolic link and its target, a linked folder) is kept under the first path given, so it is
/// checked and fixed once. Nothing is dropped silently: a path that does not exist is
/// `missing`, and one that cannot be read (a folder without permission, a broken symbolic
/// link, a FIFO) is an error.
pub fn collect(paths: &[PathBuf]) -> Collected {
    let mut collected = Collected::default();
    let mut seen = std::collections::HashSet::new();
    // A walk neither follows nor yields links, so below the walked folder no component of a
    // file's path is one: its real path is the folder's real path plus the rest — one
    // `realpath` per folder given instead of one per file (each costs a `readlink` per
    // component: 90,000 system calls on a tree of 9,000 files).
    for path in paths {
        let abs = absolute(path);
        let (found, walked) = if abs.is_file() {
            (vec![abs.clone()], false)
        } else if abs.is_dir() {
            let (found, errors) = walk(&abs);
            collected.errors.extend(errors);
            (found, true)
        } else {
            match unreadable(&abs) {
                Some(cause) => collected.errors.push(ReadError { path: abs, cause }),
                None => collected.missing.push(path.clone()),
            }
            continue;
        };
        let real_root = walked.then(|| std::fs::canonicalize(&abs).unwrap_or_else(|_| abs.clone()));
        // One folder walked yields each file once: only several paths given can name a file
        // twice (`src src/a.ts`, or through a link).
        let alone = paths.len() == 1 && walked;
        for file in found {
            if !alone {
                let real = match (&real_root, file.strip_prefix(&abs)) {
                    (Some(root), Ok(rest)) => root.join(rest),
                    _ => std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone()),
                };
                if !seen.insert(real) {
                    continue;
                }
            }
            if store::is_rules_file(&file) {
                collected.rules_files.push(file);
            } else {
                collected.files.push(file);
            }
        }
    }
    collected.errors.sort();
    collected.errors.dedup();
    collected
}

/// Reads a file to check: only a regular file, its size looked at before its content so a huge
/// file is never read; files with a NUL byte in their first 8 KiB are binary.
pub fn read_text(path: &Path) -> Result<String, Unread> {
    let bytes = read::read_bytes(path, MAX_FILE_BYTES).map_err(|e| match e {
        read::ReadError::TooLarge { .. } => Unread::Skipped(Skipped::TooLarge),
        read::ReadError::NotRegular { kind, .. } => {
            Unread::Failed(format!("cannot read: not a regular file ({kind})"))
        }
        read::ReadError::Io { source, .. } => Unread::Failed(format!("cannot read: {}", io_cause(&source))),
        other => Unread::Failed(other.to_string()),
    })?;
    if bytes.iter().take(BINARY_PROBE_BYTES).any(|&b| b == 0) {
        return Err(Unread::Skipped(Skipped::Binary));
    }
    String::from_utf8(bytes).map_err(|_| Unread::Skipped(Skipped::NotUtf8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_respecting_gitignore_but_takes_explicit_paths() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for (p, c) in [
            (".gitignore", "dist/\n"),
            ("src/a.ts", "x"),
            ("dist/out.js", "x"),
            (".github/workflows/ci.yml", "x"),
            (".git/HEAD", "x"),
            (".agents/autofix.json", "[]"),
        ] {
            std::fs::create_dir_all(root.join(p).parent().unwrap()).unwrap();
            std::fs::write(root.join(p), c).unwrap();
        }
        let Collected {
            files,
            rules_files,
            missing,
            errors,
        } = collect(&[root.to_path_buf(), root.join("dist/out.js"), root.join("nope")]);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(rules_files, [root.join(".agents/autofix.json")]);
        let rel: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            rel,
            [
                ".github/workflows/ci.yml",
                ".gitignore",
                "src/a.ts",
                "dist/out.js"
            ],
            "in the order of the paths given, a folder's sorted"
        );
        assert_eq!(missing, [root.join("nope")]);
    }

    #[cfg(unix)]
    #[test]
    fn paths_that_cannot_be_read_are_errors_not_missing() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::os::unix::fs::symlink("gone.ts", root.join("broken.ts")).unwrap();
        std::os::unix::fs::symlink(".", root.join("self")).unwrap();
        let collected = collect(&[root.join("broken.ts"), root.join("nope.ts")]);
        assert_eq!(collected.missing, [root.join("nope.ts")]);
        assert_eq!(
            collected.errors,
            [ReadError {
                path: root.join("broken.ts"),
                cause: "cannot read: a broken symbolic link (to gone.ts, which does not exist)".into(),
            }]
        );
        // Symbolic links met in a walk are not followed, so they are neither files nor errors.
        let walked = collect(&[root.to_path_buf()]);
        assert!(walked.files.is_empty() && walked.errors.is_empty(), "{walked:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_reached_by_several_paths_is_kept_once_under_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("a")).unwrap();
        std::fs::write(root.join("a/x.ts"), "x").unwrap();
        std::os::unix::fs::symlink("a/x.ts", root.join("link.ts")).unwrap();
        std::os::unix::fs::symlink("a", root.join("b")).unwrap();
        let collected = collect(&[
            root.join("link.ts"),
            root.join("a/../a/x.ts"),
            root.join("b"),
            root.join("a"),
        ]);
        assert_eq!(collected.files, [root.join("link.ts")]);
    }

    #[test]
    fn walk_errors_name_the_path_and_the_cause() {
        let denied = ignore::Error::WithDepth {
            depth: 1,
            err: Box::new(ignore::Error::WithPath {
                path: PathBuf::from("/r/locked"),
                err: Box::new(ignore::Error::Io(std::io::ErrorKind::PermissionDenied.into())),
            }),
        };
        let e = walk_error(&denied, Path::new("/r"));
        assert_eq!(e.path, Path::new("/r/locked"));
        assert!(
            e.cause.starts_with("cannot read: permission denied — "),
            "{}",
            e.cause
        );
    }

    fn skipped(result: Result<String, Unread>) -> Option<Skipped> {
        match result {
            Err(Unread::Skipped(why)) => Some(why),
            _ => None,
        }
    }

    #[test]
    fn binary_non_utf8_and_huge_files_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("a.png");
        std::fs::write(&bin, b"\x89PNG\0\0").unwrap();
        assert_eq!(skipped(read_text(&bin)), Some(Skipped::Binary));
        let latin1 = dir.path().join("a.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        assert_eq!(skipped(read_text(&latin1)), Some(Skipped::NotUtf8));
        // Sparse: 4 GiB on paper; reading it whole would take seconds and the memory.
        let huge = dir.path().join("huge.ts");
        std::fs::File::create(&huge).unwrap().set_len(4 << 30).unwrap();
        assert_eq!(skipped(read_text(&huge)), Some(Skipped::TooLarge));
        let limit = dir.path().join("limit.ts");
        std::fs::File::create(&limit)
            .unwrap()
            .set_len(MAX_FILE_BYTES)
            .unwrap();
        assert_eq!(
            skipped(read_text(&limit)),
            Some(Skipped::Binary),
            "at the limit, read"
        );
        assert!(matches!(
            read_text(&dir.path().join("none")),
            Err(Unread::Failed(_))
        ));
    }
}
