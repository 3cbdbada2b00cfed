//! Atomic file replacement: the new content goes to a temporary file in the same folder, is
//! flushed, takes the old file's permissions (and owner, where allowed), and is renamed over it —
//! a reader sees the old content or the new, never half of either. A symlink is written through:
//! the link stays a link and its target gets the new content. A replacement can be made
//! conditional on the file still holding what was read (compare before replace).

use std::io::Write;
use std::path::Path;

/// Why [`write_if_unchanged`] did not replace a file.
#[derive(Debug, thiserror::Error)]
pub enum ReplaceError {
    /// The file no longer holds what was read: someone else saved it meanwhile.
    #[error("the file changed since it was read")]
    Changed,
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Replaces (or creates) `path` with `contents` atomically.
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let (target, tmp) = prepare(path, contents)?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// Replaces `path` with `contents` atomically, only if it still holds `expected` (what was read
/// and worked on): a save by someone else since then is never overwritten.
pub fn write_if_unchanged(path: &Path, expected: &[u8], contents: &[u8]) -> Result<(), ReplaceError> {
    replace_if(path, Some(expected), contents, || {})
}

/// Creates `path` with `contents` atomically, only if nothing is there yet: a file someone else
/// created meanwhile is never overwritten.
pub fn create_new(path: &Path, contents: &[u8]) -> Result<(), ReplaceError> {
    replace_if(path, None, contents, || {})
}

/// [`write_if_unchanged`] (`expected` is `Some`) or [`create_new`] (`None`), with `meanwhile`
/// run after the new content is on disk and before the comparison (where tests play the other
/// writer).
fn replace_if(
    path: &Path,
    expected: Option<&[u8]>,
    contents: &[u8],
    meanwhile: impl FnOnce(),
) -> Result<(), ReplaceError> {
    let (target, tmp) = prepare(path, contents)?;
    meanwhile();
    let Some(expected) = expected else {
        // Linked in place only if the name is free (never renamed over what appeared).
        return match tmp.persist_noclobber(&target) {
            Ok(_) => Ok(()),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Err(ReplaceError::Changed),
            Err(e) => Err(e.error.into()),
        };
    };
    // Compared as late as possible: after the new content is written and flushed, right before
    // the rename. A save landing between this read and the rename is still lost — POSIX has no
    // rename-if-unchanged, and editors take no lock autofix could honour — but the window
    // shrinks from the whole run to one read and one rename. What is there now is read the safe
    // way (a FIFO put in its place is not waited on), and anything but a regular file holding
    // `expected` — a folder, a FIFO, nothing at all — counts as changed. The temporary file is
    // removed when `tmp` is dropped.
    let unchanged = match crate::access::read_bytes(&target, expected.len() as u64) {
        Ok(now) => now == expected,
        Err(e) if e.is_not_found() => false,
        Err(crate::access::ReadError::Io { source, .. }) => return Err(source.into()),
        Err(_) => false,
    };
    if !unchanged {
        return Err(ReplaceError::Changed);
    }
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// The file `path` resolves to, and a flushed temporary file beside it holding `contents` with
/// its permissions, ready to be renamed over it.
fn prepare(path: &Path, contents: &[u8]) -> std::io::Result<(std::path::PathBuf, tempfile::NamedTempFile)> {
    // Write where a symlink points, so the link survives.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".autofix-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(contents)?;
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only root can give a file away; anyone else already owns what they create.
            let _ = std::os::unix::fs::chown(tmp.path(), Some(meta.uid()), Some(meta.gid()));
        }
    }
    tmp.as_file().sync_all()?;
    Ok((target, tmp))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_keeps_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.sh");
        std::fs::write(&p, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        write(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&p).unwrap().permissions().mode() & 0o777, 0o755);
        }
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left behind"
        );
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }

    #[test]
    fn replaces_only_what_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.ts");
        std::fs::write(&p, "old").unwrap();
        write_if_unchanged(&p, b"old", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        assert!(matches!(
            write_if_unchanged(&p, b"old", b"newer"),
            Err(ReplaceError::Changed)
        ));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
    }

    #[test]
    fn a_save_during_the_write_is_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.ts");
        std::fs::write(&p, "old").unwrap();
        // Someone saves while the new content is being written to the temporary file.
        let result = replace_if(&p, Some(b"old"), b"fixed", || {
            std::fs::write(&p, "theirs").unwrap()
        });
        assert!(matches!(result, Err(ReplaceError::Changed)), "{result:?}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "theirs");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left behind"
        );
    }

    #[test]
    fn what_is_no_longer_the_file_read_counts_as_changed() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.json");
        for (what, make) in [
            (
                "deleted",
                (|p: &Path| std::fs::remove_file(p).unwrap()) as fn(&Path),
            ),
            ("a folder", |p: &Path| {
                std::fs::remove_file(p).unwrap();
                std::fs::create_dir(p).unwrap();
            }),
            #[cfg(unix)]
            ("a FIFO", |p: &Path| {
                std::fs::remove_file(p).unwrap();
                let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
                // SAFETY: a valid NUL-terminated path.
                assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            }),
        ] {
            std::fs::write(&p, "").unwrap();
            // An empty file expected: a FIFO (size 0) must not be read, only refused.
            let result = replace_if(&p, Some(b""), b"new", || make(&p));
            assert!(matches!(result, Err(ReplaceError::Changed)), "{what}: {result:?}");
            if p.is_dir() {
                std::fs::remove_dir(&p).unwrap();
            } else {
                let _ = std::fs::remove_file(&p);
            }
            assert_eq!(
                std::fs::read_dir(dir.path()).unwrap().count(),
                0,
                "{what}: no temporary file left"
            );
        }
    }

    #[test]
    fn creating_never_replaces_what_appeared_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("new.json");
        let result = replace_if(&p, None, b"mine", || std::fs::write(&p, "theirs").unwrap());
        assert!(matches!(result, Err(ReplaceError::Changed)), "{result:?}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "theirs");
        std::fs::remove_file(&p).unwrap();
        create_new(&p, b"mine").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "mine");
    }

    #[test]
    fn creates_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("new.txt");
        write(&p, b"x").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"x");
    }
}
