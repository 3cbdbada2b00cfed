//! Paths as the command line and the server are given them: made absolute and tidied without
//! touching the filesystem (a target that does not exist yet still has a place), and shown
//! relative to a base.

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

/// `path` as shown to the user: relative to `base` with `/` separators when inside it.
pub fn display_path(path: &Path, base: &Path) -> String {
    match path.strip_prefix(base) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".into(),
        Ok(rel) => rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_relative_inside_the_base() {
        assert_eq!(
            display_path(Path::new("/r/src/a.ts"), Path::new("/r")),
            "src/a.ts"
        );
        assert_eq!(display_path(Path::new("/x/a.ts"), Path::new("/r")), "/x/a.ts");
        assert_eq!(display_path(Path::new("/r"), Path::new("/r")), ".");
    }

    #[test]
    fn absolute_resolves_dots() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(absolute(Path::new("a/../b/./c")), cwd.join("b/c"));
        assert_eq!(absolute(Path::new("/x/./y/../z")), Path::new("/x/z"));
    }
}
