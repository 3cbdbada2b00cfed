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
    // The runtime as code (`tokio::spawn`, `#[tokio::main]`), not its name in data: the rivals
    // pass knows the crate among Rust's async runtimes.
    "tokio::",
];

#[test]
fn engines_know_nothing_of_the_protocol_the_command_line_or_the_runtime() {
    let src = src();
    let mut engine_files: Vec<PathBuf> = ["rules", "diff", "text", "access", "agent_files"]
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

/// The modules of `rules/infer/` another one of them uses (`pass/*` counts as one, `pass`),
/// from `super::x`, `super::super::x` (inside `pass/`) and `crate::rules::infer::x`, outside
/// `#[cfg(test)]` sections.
fn infer_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let dir = src().join("rules/infer");
    let modules: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|m| m != "mod" && m != "tests")
        .collect();
    let refs = regex::Regex::new(r"(?:crate::rules::infer::|super::super::|\bsuper::)(?:\{([^}]*)\}|(\w+))")
        .unwrap();
    let mut graph = std::collections::BTreeMap::new();
    for file in rust_files(&dir) {
        let rel = file.strip_prefix(&dir).unwrap();
        let in_pass = rel.starts_with("pass");
        let from = if in_pass {
            "pass".to_string()
        } else {
            rel.file_stem().unwrap().to_string_lossy().into_owned()
        };
        if from == "mod" || from == "tests" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let deps: &mut std::collections::BTreeSet<String> = graph.entry(from.clone()).or_default();
        for line in code.lines() {
            let line = line.split("//").next().unwrap_or_default();
            for c in refs.captures_iter(line) {
                let whole = c.get(0).unwrap().as_str();
                // Inside `pass/`, a single `super::` is the pass module itself.
                if in_pass && whole.starts_with("super::") && !whole.starts_with("super::super::") {
                    continue;
                }
                let names: Vec<&str> = match (c.get(1), c.get(2)) {
                    (Some(group), _) => group
                        .as_str()
                        .split(',')
                        .map(|item| item.trim().split("::").next().unwrap_or_default())
                        .collect(),
                    (_, Some(one)) => vec![one.as_str()],
                    _ => vec![],
                };
                for name in names {
                    if modules.iter().any(|m| m == name) && name != from {
                        deps.insert(name.to_string());
                    }
                }
            }
        }
    }
    graph
}

#[test]
fn the_inference_modules_have_no_import_cycle_and_the_word_lists_are_a_leaf() {
    let graph = infer_imports();
    assert!(
        graph.get("words").is_some_and(|d| d.is_empty()),
        "rules/infer/words.rs must use no other module: {:?}",
        graph.get("words")
    );
    // Depth-first search for a cycle.
    fn visit(
        m: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for d in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle in rules/infer/: {}", cycle.join(" → "));
        }
    }
}
