//! Paths as the command line and the server are given them: made absolute and tidied without
//! touching the filesystem (a target that does not exist yet still has a place).

use std::path::{Component, Path, PathBuf};

/// `path` made absolute against the current directory, `.` and `..` resolved lexically.
pub fn absolute(path: &Path) -> PathBuf {
    let joined = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_resolves_dots() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(absolute(Path::new("a/../b/./c")), cwd.join("b/c"));
        assert_eq!(absolute(Path::new("/x/./y/../z")), Path::new("/x/z"));
    }
}
