//! Inferred fixes never break code: every fix the inference corpora offer (`tests/inference/`,
//! `tests/inference/real/`) and the bundled example's rules is applied to its sample file, and a
//! file that parsed before (tree-sitter's grammar for its language) must parse after.
//!
//! Run with the tally: `cargo test --test fix_parses -- --nocapture`.

#[path = "common/corpus.rs"]
mod corpus;

use std::path::{Path, PathBuf};

use autofix::rules::fix::fix_once;
use autofix::rules::{BuildOptions, RuleSet};
use corpus::every_rule;
use tree_sitter::{Language, Parser};

/// The grammar for a file, by extension; `None` for languages without one here.
fn grammar(path: &str) -> Option<Language> {
    let ext = path.rsplit_once('.')?.1;
    Some(match ext {
        "ts" | "mts" | "cts" => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        "tsx" => tree_sitter_typescript::LANGUAGE_TSX.into(),
        "js" | "jsx" | "mjs" | "cjs" => tree_sitter_javascript::LANGUAGE.into(),
        "py" | "pyi" => tree_sitter_python::LANGUAGE.into(),
        "rs" => tree_sitter_rust::LANGUAGE.into(),
        "go" => tree_sitter_go::LANGUAGE.into(),
        _ => return None,
    })
}

/// The syntax errors tree-sitter finds in `text` (error and missing nodes), or `None` when it
/// cannot parse at all.
fn errors(language: &Language, text: &str) -> Option<usize> {
    let mut parser = Parser::new();
    parser.set_language(language).ok()?;
    let tree = parser.parse(text, None)?;
    let mut count = 0;
    let mut cursor = tree.walk();
    let mut done = false;
    while !done {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            count += 1;
        }
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                done = true;
                break;
            }
        }
    }
    Some(count)
}

#[derive(Default)]
struct Tally {
    fixed_files: usize,
    edits: usize,
    unparsable_before: usize,
    broken: Vec<String>,
}

impl Tally {
    fn run(
        &mut self,
        label: &str,
        set: &RuleSet,
        path: &Path,
        rel: &str,
        text: &str,
        language: Option<&str>,
    ) {
        let Some(grammar) = grammar(rel) else { return };
        let violations = set.check_file(path, text, language).violations;
        if violations.iter().all(|v| v.fix.is_none()) {
            return;
        }
        let fixed = fix_once(text, &violations);
        if fixed.edits.is_empty() {
            return;
        }
        let before = errors(&grammar, text).expect("tree-sitter parses");
        if before > 0 {
            self.unparsable_before += 1;
            return;
        }
        self.fixed_files += 1;
        self.edits += fixed.edits.len();
        let after = errors(&grammar, &fixed.text).expect("tree-sitter parses");
        if after > 0 {
            let edits: Vec<String> = fixed
                .edits
                .iter()
                .map(|e| format!("{:?} → {:?}", &text[e.range.clone()], e.replacement))
                .collect();
            self.broken.push(format!(
                "{label} {rel}: {after} syntax errors after {}\n{}",
                edits.join(", "),
                fixed.text
            ));
        }
    }
}

#[test]
fn every_inferred_fix_leaves_the_file_parsing() {
    let root = Path::new("/corpus");
    let mut tally = Tally::default();
    for (path, case) in every_rule() {
        let rules = serde_json::to_string(&serde_json::Value::Array(vec![case.rule])).unwrap();
        let set = RuleSet::from_text(&root.join("autofix.json"), &rules, BuildOptions::default());
        let label = path.file_stem().unwrap().to_string_lossy().into_owned();
        for sample in &case.files {
            tally.run(
                &label,
                &set,
                &root.join(&sample.path),
                &sample.path,
                &sample.text,
                sample.language.as_deref(),
            );
        }
    }
    // The bundled example: its rules over its own files.
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/demo");
    let rules_path = demo.join(".agents/autofix.json");
    let set = RuleSet::from_text(
        &rules_path,
        &std::fs::read_to_string(&rules_path).unwrap(),
        BuildOptions::default(),
    );
    for entry in walk(&demo) {
        let rel = entry
            .strip_prefix(&demo)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(text) = std::fs::read_to_string(&entry) else {
            continue;
        };
        tally.run("examples/demo", &set, &entry, &rel, &text, None);
    }
    println!(
        "fixes applied: {} edits in {} files that parsed before; {} files skipped (did not parse before)",
        tally.edits, tally.fixed_files, tally.unparsable_before
    );
    // Five since `any` → `unknown` and `var`/`let` → `const` are no longer fixes (they break
    // type checks and reassignments, which no parser sees): fewer fixes, none unsafe.
    assert!(
        tally.fixed_files >= 5,
        "the corpora exercise fixes ({} files)",
        tally.fixed_files
    );
    assert!(
        tally.broken.is_empty(),
        "fixes that break code:\n\n{}",
        tally.broken.join("\n\n")
    );
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The parser tells broken code from good code, so a pass above means something.
#[test]
fn the_grammars_reject_broken_code() {
    let ts = grammar("a.ts").unwrap();
    assert_eq!(errors(&ts, "const a: unknown = 1;\n"), Some(0));
    assert!(errors(&ts, "import fetch from 'fetch';\nfetch.get(u) = = 1;\n").unwrap() > 0);
    let py = grammar("a.py").unwrap();
    assert!(errors(&py, "def f(:\n  pass\n").unwrap() > 0);
}
