//! The layout holds: the engines (`rules/`, `diff/`, `text/`, `access/` and the small shared
//! modules) know nothing of the language server, the command line or the async runtime, and
//! every module says what it holds in a `//!` line at its top.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// What an engine module must never mention.
const ADAPTER_ONLY: [&str; 6] = [
    "tower_lsp_server",
    "ls_types",
    "crate::lsp",
    "crate::cli",
    "clap::",
    "tokio",
];

#[test]
fn engines_know_nothing_of_the_protocol_the_command_line_or_the_runtime() {
    let src = src();
    let mut engine_files: Vec<PathBuf> = ["rules", "diff", "text", "access"]
        .iter()
        .flat_map(|d| rust_files(&src.join(d)))
        .collect();
    engine_files.extend(["budget.rs", "atomic.rs", "paths.rs", "i18n.rs"].map(|f| src.join(f)));
    let mut offenders = Vec::new();
    for file in &engine_files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for word in ADAPTER_ONLY {
                if code.contains(word) {
                    offenders.push(format!(
                        "{}:{}: {word}",
                        file.strip_prefix(&src).unwrap().display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "engine modules must not use adapter types; move this into lsp/ or cli/:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_module_says_what_it_holds() {
    let missing: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "these modules lack a `//!` line saying what they hold:\n{}",
        missing.join("\n")
    );
}
