//! The files a command works on: paths given explicitly (always taken, even when ignored) and
//! folders walked in parallel with `ignore` (respecting .gitignore and .ignore), and reading them
//! as text — binary and non-UTF-8 files are skipped with a reason.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::{WalkBuilder, WalkState};

use super::workspace::absolute;
use crate::rules::store;

/// Why a file was not checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skipped {
    Binary,
    NotUtf8,
    Unreadable(String),
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

/// Reads a file to check. Files with a NUL byte in their first 8 KiB are binary.
pub fn read_text(path: &Path) -> Result<String, Skipped> {
    let bytes = std::fs::read(path).map_err(|e| Skipped::Unreadable(e.to_string()))?;
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(Skipped::Binary);
    }
    String::from_utf8(bytes).map_err(|_| Skipped::NotUtf8)
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

    #[test]
    fn binary_and_non_utf8_files_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("a.png");
        std::fs::write(&bin, b"\x89PNG\0\0").unwrap();
        assert_eq!(read_text(&bin), Err(Skipped::Binary));
        let latin1 = dir.path().join("a.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        assert_eq!(read_text(&latin1), Err(Skipped::NotUtf8));
        assert!(matches!(
            read_text(&dir.path().join("none")),
            Err(Skipped::Unreadable(_))
        ));
    }
}
