//! Command-line arguments that are not UTF-8 (any byte string is a valid Unix argument): a path
//! works, a text argument is a clean usage error, never a panic.
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output};

fn autofix(cwd: &Path, args: &[&OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(args)
        .current_dir(cwd)
        .env("LANG", "C")
        .output()
        .expect("the binary runs")
}

/// `café` in Latin-1: not UTF-8.
const LATIN1: &[u8] = b"caf\xe9";

#[test]
fn a_path_that_is_not_utf8_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("autofix.json"),
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never leave TODO.", "Why": "w", "Check": {"Pattern": "TODO", "Files": ["src/*.ts"]}}]"#,
    )
    .unwrap();
    // Its name matters: the rule's `Files` glob must still see `src/….ts`.
    let name = [b"src/", LATIN1, b".ts"].concat();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join(OsStr::from_bytes(&name)), "// TODO\n").unwrap();
    let out = autofix(dir.path(), &["check".as_ref(), OsStr::from_bytes(&name)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("src/caf\u{fffd}.ts:1:4"), "{stdout}");
}

#[test]
fn a_text_argument_that_is_not_utf8_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = autofix(
        dir.path(),
        &[
            "learn".as_ref(),
            "CODE".as_ref(),
            OsStr::from_bytes(LATIN1),
            "--why".as_ref(),
            "w".as_ref(),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: argument 3 (`caf\\xE9`) is not valid UTF-8 where text is expected"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!dir.path().join(".agents").exists(), "nothing learned");
}

#[test]
fn apply_diff_still_answers_json_for_such_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.ts"), "x\n").unwrap();
    let out = autofix(
        dir.path(),
        &[
            "apply-diff".as_ref(),
            "--format".as_ref(),
            "json".as_ref(),
            "a.ts".as_ref(),
            "--threshold".as_ref(),
            OsStr::from_bytes(LATIN1),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(report["success"], false);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .starts_with("argument 6 (`caf\\xE9`) is not valid UTF-8"),
        "{report}"
    );
}

/// `--version` names the commit the binary was built from, so a bug report says which build.
#[test]
fn version_names_the_git_revision() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("--version")
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    let root = env!("CARGO_MANIFEST_DIR");
    let head = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success() && std::path::Path::new(root).join(".git").exists());
    match head {
        Some(head) => {
            let head = String::from_utf8(head.stdout).unwrap();
            assert_eq!(
                printed.trim(),
                format!("autofix {} ({})", env!("CARGO_PKG_VERSION"), head.trim())
            );
        }
        // Built outside a clone (a crate tarball without .cargo_vcs_info.json): the bare version.
        None => assert!(
            printed.starts_with(&format!("autofix {}", env!("CARGO_PKG_VERSION"))),
            "{printed}"
        ),
    }
}
