//! One access policy for every read and write autofix does on a user's behalf — CLI
//! `apply-diff`, `learn` and `check --fix`, the language server's commands and code actions, the
//! agent tools: the target resolves (symlinks included) inside a root, every
//! `.aicockpitcodeignore` from the target up to the outermost root applies, `.git/` and the
//! ignore files are protected, and only regular files of bounded size are read.
//!
//! ```
//! use autofix::access::{AccessPolicy, Intent};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join(".aicockpitcodeignore"), "secrets/\n")?;
//! let policy = AccessPolicy::new([dir.path()]);
//! assert!(policy.check(&dir.path().join("src/app.ts"), Intent::Write).is_ok());
//! assert!(policy.check(&dir.path().join("secrets/key"), Intent::Write).is_err());
//! assert!(policy.check(&dir.path().join(".git/config"), Intent::Write).is_err());
//! assert!(policy.check(std::path::Path::new("/etc/passwd"), Intent::Read).is_err());
//! # Ok::<(), std::io::Error>(())
//! ```

mod policy;
pub mod read;

pub use policy::{AccessError, AccessPolicy, IGNORE_FILE, Intent, Protected, lexical};
pub use read::{MAX_IGNORE_BYTES, MAX_RULES_BYTES, MAX_TEXT_BYTES, ReadError, read_bytes, read_text};
