//! The files a command works on: paths given explicitly (always taken, even when ignored) and
//! folders walked in parallel with `ignore` (respecting .gitignore and .ignore), and reading them
//! as text — binary, non-UTF-8 and huge files are skipped with a reason.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};

use super::workspace::absolute;
use crate::rules::store;

/// Files larger than this are not checked: far beyond any hand-written source file, and a
/// hostile or careless repository can ship a multi-gigabyte file that every parallel worker
/// would otherwise read whole into memory. Decided from the file's size before reading it.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

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
}

impl Skipped {
    /// The reason as `--format json` names it.
    pub fn code(self) -> &'static str {
        match self {
            Skipped::Binary => "binary",
            Skipped::NotUtf8 => "not_utf8",
            Skipped::TooLarge => "too_large",
        }
    }

    /// The reason in words, for one file.
    pub fn describe(self) -> &'static str {
        match self {
            Skipped::Binary => "binary: a NUL byte in its first 8 KiB",
            Skipped::NotUtf8 => "not UTF-8",
            Skipped::TooLarge => "larger than 16 MiB",
        }
    }

    /// The reason in a count ("1 binary, 2 not UTF-8").
    pub fn counted(self) -> &'static str {
        match self {
            Skipped::Binary => "binary",
            Skipped::NotUtf8 => "not UTF-8",
            Skipped::TooLarge => "larger than 16 MiB",
        }
    }
}

/// Why a file could not be read as text.
#[derive(Debug)]
pub enum Unread {
    /// Read, and not text a rule can be checked against.
    Skipped(Skipped),
    /// Not read at all.
    Failed(std::io::Error),
}

/// Expands `paths` into the files to check, sorted and without duplicates. Rules files are
/// left out: their problems are reported as such, not as rule violations. Missing paths are
/// returned as errors.
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let found = Mutex::new(Vec::new());
    let mut missing = Vec::new();
    for path in paths {
        let abs = absolute(path);
        if abs.is_file() {
            found.lock().unwrap_or_else(|e| e.into_inner()).push(abs);
        } else if abs.is_dir() {
            WalkBuilder::new(&abs)
                .hidden(false)
                .require_git(false)
                .filter_entry(|e| e.file_name() != ".git")
                .build_parallel()
                .run(|| {
                    let found = &found;
                    Box::new(move |entry| {
                        if let Ok(entry) = entry
                            && entry.file_type().is_some_and(|t| t.is_file())
                            && !store::is_rules_file(entry.path())
                        {
                            found
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push(entry.into_path());
                        }
                        WalkState::Continue
                    })
                });
        } else {
            missing.push(path.clone());
        }
    }
    let mut files = found.into_inner().unwrap_or_else(|e| e.into_inner());
    files.sort();
    files.dedup();
    (files, missing)
}

/// Reads a file to check: its size is looked at before its content, so a huge file is never
/// read; files with a NUL byte in their first 8 KiB are binary.
pub fn read_text(path: &Path) -> Result<String, Unread> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(Unread::Failed)?;
    let size = file.metadata().map_err(Unread::Failed)?.len();
    if size > MAX_FILE_BYTES {
        return Err(Unread::Skipped(Skipped::TooLarge));
    }
    // The file may grow between the size and the read: never read past the limit.
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(Unread::Failed)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Unread::Skipped(Skipped::TooLarge));
    }
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
        let (files, missing) = collect(&[root.to_path_buf(), root.join("dist/out.js"), root.join("nope")]);
        let rel: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            rel,
            [
                ".github/workflows/ci.yml",
                ".gitignore",
                "dist/out.js",
                "src/a.ts"
            ]
        );
        assert_eq!(missing, [root.join("nope")]);
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
