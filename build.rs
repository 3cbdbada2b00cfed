//! Build script: stamps the binary with the git revision it was built from (`autofix --version`).
//!
//! The revision comes from, in order: `AUTOFIX_GIT_REVISION` (release builds that are not run
//! from a clone), `.cargo_vcs_info.json` (written by `cargo package`, so `cargo install autofix`
//! still knows its commit), or `git` — but only when the git work tree *is* this crate: a crate
//! vendored into someone else's repository must not take that repository's commit as its own.
//! Without any of them the version is the bare package version.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=AUTOFIX_GIT_REVISION");
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let revision = std::env::var("AUTOFIX_GIT_REVISION")
        .ok()
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.trim().to_owned())
        .or_else(|| from_cargo_vcs_info(&manifest_dir))
        .or_else(|| from_git(&manifest_dir));
    let version = std::env::var("CARGO_PKG_VERSION").expect("set by cargo");
    let long = match revision {
        Some(rev) => format!("{version} ({rev})"),
        None => version,
    };
    println!("cargo:rustc-env=AUTOFIX_LONG_VERSION={long}");
}

/// `cargo package` records the commit it packaged in `.cargo_vcs_info.json`.
fn from_cargo_vcs_info(manifest_dir: &Path) -> Option<String> {
    let path = manifest_dir.join(".cargo_vcs_info.json");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(path).ok()?;
    let key = "\"sha1\"";
    let after = &text[text.find(key)? + key.len()..];
    let start = after.find('"')? + 1;
    let sha: String = after[start..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    let dirty = text.contains("\"dirty\": true") || text.contains("\"dirty\":true");
    (sha.len() >= 12).then(|| short(&sha, dirty))
}

fn from_git(manifest_dir: &Path) -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .args(args)
            .current_dir(manifest_dir)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    let toplevel = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if std::fs::canonicalize(&toplevel).ok()? != std::fs::canonicalize(manifest_dir).ok()? {
        return None;
    }
    // Rebuild when HEAD moves: HEAD itself (branch switches, detached checkouts), the file of the
    // branch it points to (commits) and packed-refs (after a gc). A worktree keeps its HEAD in its
    // own git dir and the branches in the common one.
    let git_dir = PathBuf::from(git(&["rev-parse", "--absolute-git-dir"])?);
    let common_dir =
        git(&["rev-parse", "--git-common-dir"]).map_or_else(|| git_dir.clone(), |d| manifest_dir.join(d));
    println!("cargo:rerun-if-changed={}", git_dir.join("HEAD").display());
    println!(
        "cargo:rerun-if-changed={}",
        common_dir.join("packed-refs").display()
    );
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        println!("cargo:rerun-if-changed={}", common_dir.join(branch).display());
    }
    // No "-modified" mark: whether the work tree differs from HEAD changes with every edit, and
    // re-running this script on every edit would cost more than the mark is worth.
    Some(short(&git(&["rev-parse", "HEAD"])?, false))
}

fn short(sha: &str, dirty: bool) -> String {
    let sha = &sha[..sha.len().min(12)];
    if dirty {
        format!("{sha}-modified")
    } else {
        sha.to_owned()
    }
}
