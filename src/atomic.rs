//! Atomic file replacement: the new content goes to a temporary file in the same folder, is
//! flushed, takes the old file's permissions (and owner, where allowed), and is renamed over it —
//! a reader sees the old content or the new, never half of either. A symlink is written through:
//! the link stays a link and its target gets the new content.

use std::io::Write;
use std::path::Path;

/// Replaces (or creates) `path` with `contents` atomically.
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
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
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
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
    fn creates_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("new.txt");
        write(&p, b"x").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"x");
    }
}
