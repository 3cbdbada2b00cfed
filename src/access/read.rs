//! Reading a file the way a hostile repository cannot abuse: only regular files (a FIFO, socket
//! or device is refused without blocking on it), and never more than a size limit.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The largest text autofix reads on a user's behalf: a diff target, a file to fix. Real source
/// files are far smaller; a larger one is a generated or hostile file, not worth holding in the
/// editor's memory.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;

/// The largest rules file read: thousands of rules fit in a few hundred KiB.
pub const MAX_RULES_BYTES: u64 = 4 << 20;

/// The largest ignore file read.
pub const MAX_IGNORE_BYTES: u64 = 1 << 20;

/// Why a file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Not a regular file: a folder, a FIFO, a socket, a device.
    #[error("{}: not a regular file ({kind}) — autofix reads only regular files", .path.display())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is instead.
        kind: &'static str,
    },
    /// Larger than the limit.
    #[error(
        "{}: too large ({} MiB; the limit is {} MiB) — autofix does not read files this big",
        .path.display(), .size.div_ceil(1 << 20), .limit >> 20
    )]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// Its size in bytes (at least this much).
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("{}: not UTF-8 text (invalid byte at offset {offset}) — save it as UTF-8", .path.display())]
    NotUtf8 {
        /// The path as given.
        path: PathBuf,
        /// Where the first invalid byte is.
        offset: usize,
    },
    /// Any other failure (missing, permission denied…).
    #[error("{}: {source}", .path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
}

impl ReadError {
    /// True when the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}

/// What a file system entry is, in words, when it is not a regular file.
pub fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "not a file"
    }
}

/// Opens `path` for reading without blocking on a FIFO, and checks what was opened (not what
/// was there a moment before) is a regular file.
fn open_regular(path: &Path) -> Result<(File, u64), ReadError> {
    open_regular_with(path, false).map(|(file, meta)| (file, meta.len()))
}

/// [`open_regular`]; with `no_follow`, a symbolic link as the last component is refused instead
/// of followed (for a path already resolved: a link appearing there since was swapped in).
fn open_regular_with(path: &Path, no_follow: bool) -> Result<(File, std::fs::Metadata), ReadError> {
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading blocks until a writer appears; non-blocking mode returns at
        // once, and the type check below refuses it.
        let follow = if no_follow { libc::O_NOFOLLOW } else { 0 };
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | follow);
    }
    #[cfg(not(unix))]
    let _ = no_follow;
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            kind: kind_of(&meta.file_type()),
        });
    }
    Ok((file, meta))
}

/// A file opened for reading, checked regular, with its metadata: what a caller that must know
/// *which* file it read (not merely which path) compares against.
pub(crate) fn open_resolved(path: &Path) -> Result<(File, std::fs::Metadata), ReadError> {
    open_regular_with(path, true)
}

/// Reads at most `limit` bytes of an opened file as UTF-8 text (`path` names it in errors).
pub(crate) fn read_opened(file: File, len: u64, path: &Path, limit: u64) -> Result<String, ReadError> {
    utf8(bounded(file, len, path, limit)?, path)
}

/// Reads a regular file of at most `limit` bytes.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let (file, len) = open_regular(path)?;
    bounded(file, len, path, limit)
}

/// Reads a regular file of at most `limit` bytes as UTF-8 text.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    utf8(read_bytes(path, limit)?, path)
}

/// The bytes of an opened file of `len` bytes, refused past `limit`.
fn bounded(file: File, len: u64, path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let too_large = |size| ReadError::TooLarge {
        path: path.to_path_buf(),
        size,
        limit,
    };
    if len > limit {
        return Err(too_large(len));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // The file may grow while it is read: never take more than the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| ReadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

fn utf8(bytes: Vec<u8>, path: &Path) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        std::fs::write(&p, "héllo").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "héllo");
    }

    #[test]
    fn folders_large_files_and_bad_utf8_are_refused_with_the_reason() {
        let dir = tempfile::tempdir().unwrap();
        let error = read_text(dir.path(), 100).unwrap_err();
        assert!(
            error.to_string().contains("not a regular file (a folder)"),
            "{error}"
        );
        let big = dir.path().join("big.txt");
        std::fs::write(&big, vec![b'x'; 3 << 20]).unwrap();
        let error = read_text(&big, 1 << 20).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("too large (3 MiB; the limit is 1 MiB)"),
            "{error}"
        );
        let latin1 = dir.path().join("l.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        assert!(matches!(
            read_text(&latin1, 100),
            Err(ReadError::NotUtf8 { offset: 3, .. })
        ));
        assert!(
            read_text(&dir.path().join("missing"), 100)
                .unwrap_err()
                .is_not_found()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo has no other preconditions.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || tx.send(read_text(&path, 100)).unwrap());
        let result = rx
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("reading a FIFO must not block");
        let error = result.unwrap_err();
        assert!(
            error.to_string().contains("not a regular file (a FIFO)"),
            "{error}"
        );
    }
}
