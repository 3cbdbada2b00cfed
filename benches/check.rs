//! Checking a document: a full check of a 20,000-line TypeScript file against 50 rules (and of a
//! Python GUI file against an inferred naming rule; against an indentation rule), and the
//! re-check after a one-line edit.
//!
//! `cargo bench --bench check`

#[path = "fixtures.rs"]
mod fixtures;

use std::path::Path;

use autofix::rules::incremental::Dirty;
use autofix::rules::{BuildOptions, FileContext, RuleSet};
use ropey::Rope;

fn main() {
    divan::main();
}

fn setup() -> (RuleSet, String) {
    let rules = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        &fixtures::rules(50),
        BuildOptions { inferred: false },
    );
    assert!(rules.is_usable(), "{:?}", rules.problems);
    (rules, fixtures::typescript(20_000))
}

const FILE: FileContext = FileContext {
    rel_path: Some("src/app/service.ts"),
    language_id: Some("typescript"),
};

#[divan::bench]
fn full_check_20k_lines_50_rules(bencher: divan::Bencher) {
    let (rules, text) = setup();
    bencher.bench(|| rules.checker.check_full(divan::black_box(&text), &FILE));
}

#[divan::bench]
fn full_check_with_suppressions(bencher: divan::Bencher) {
    let (rules, text) = setup();
    bencher.bench(|| rules.checker.check(divan::black_box(&text), &FILE));
}

/// A full check of the 20,000-line file against `rules`.
fn bench_full_check(bencher: divan::Bencher, rules: &RuleSet) {
    let text = fixtures::typescript(20_000);
    bencher.bench(|| rules.checker.check_full(divan::black_box(&text), &FILE));
}

/// The re-check of the 20,000-line file against `rules` after one character typed mid-file.
fn bench_recheck(bencher: divan::Bencher, rules: &RuleSet) {
    let text = fixtures::typescript(20_000);
    let previous = rules.checker.check_full(&text, &FILE);
    let (rope, dirty) = type_one_character_mid_file(&text);
    bencher.bench(|| {
        rules
            .checker
            .recheck(&previous, dirty, divan::black_box(&rope), &FILE)
    });
}

/// `text` with one character typed in its middle, and the edit as a re-check sees it.
fn type_one_character_mid_file(text: &str) -> (Rope, Dirty) {
    let at = (text.len() / 2..).find(|&i| text.is_char_boundary(i)).unwrap();
    let mut rope = Rope::from_str(text);
    rope.insert(rope.byte_to_char(at), "x");
    (rope, Dirty::new(at..at, 1))
}

#[divan::bench]
fn recheck_after_one_line_edit(bencher: divan::Bencher) {
    let (rules, text) = setup();
    let previous = rules.checker.check_full(&text, &FILE);
    let (rope, dirty) = type_one_character_mid_file(&text);
    bencher.bench(|| {
        rules
            .checker
            .recheck(&previous, dirty, divan::black_box(&rope), &FILE)
    });
}

/// The same edit with rules that have no `Check`: their checks are inferred from the words, and
/// skipping comments makes them read from further up.
#[divan::bench]
fn recheck_after_one_line_edit_inferred_rules(bencher: divan::Bencher) {
    let words = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log` in production code - use the logger.", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "w"},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Avoid `var` in JavaScript and TypeScript; use `let` or `const`.", "Why": "w"}
]"#;
    let rules = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        words,
        BuildOptions { inferred: true },
    );
    bench_recheck(bencher, &rules);
}

/// "No explicit `any`", as is or naming the linter rule that enforces it: then its check tries
/// the linter's exemption comments first (the next line, the line, the rest of the file).
fn linter_rule(which: &str) -> RuleSet {
    let instruction = match which {
        "plain" => "No explicit `any`.",
        _ => "No explicit `any` (`typescript/no-explicit-any: error`).",
    };
    let json =
        format!(r#"[{{"Rule_number": 1, "Category": "CODE", "Instruction": "{instruction}", "Why": "w"}}]"#);
    RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        &json,
        BuildOptions { inferred: true },
    )
}

#[divan::bench(args = ["plain", "names its linter rule"])]
fn full_check_linter_rule(bencher: divan::Bencher, which: &str) {
    bench_full_check(bencher, &linter_rule(which));
}

#[divan::bench(args = ["plain", "names its linter rule"])]
fn recheck_after_one_line_edit_linter_rule(bencher: divan::Bencher, which: &str) {
    bench_recheck(bencher, &linter_rule(which));
}

/// Three explicit checks, counted anywhere or only in code (`Within`): the file is lexed once per
/// check, and once more per edit.
fn within_rules(within: &str) -> RuleSet {
    let json = format!(
        r#"[
  {{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {{"Pattern": "\\bconsole\\.log\\b", "Within": "{within}"}}}},
  {{"Rule_number": 2, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {{"Pattern": ":[ \\t]*(?P<hit>any)\\b", "Within": "{within}"}}}},
  {{"Rule_number": 3, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {{"Pattern": "\\bvar\\b", "Within": "{within}"}}}}
]"#
    );
    let rules = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        &json,
        BuildOptions { inferred: false },
    );
    assert!(rules.is_usable(), "{:?}", rules.problems);
    rules
}

#[divan::bench(args = ["any", "code"])]
fn full_check_within(bencher: divan::Bencher, within: &str) {
    bench_full_check(bencher, &within_rules(within));
}

#[divan::bench(args = ["any", "code"])]
fn recheck_after_one_line_edit_within(bencher: divan::Bencher, within: &str) {
    bench_recheck(bencher, &within_rules(within));
}

/// "Use 2-space indentation": an `Indent` check follows the blocks from the top of the file, so
/// an edit re-reads the whole text (the lexer's scan, re-lexed only around the edit, is shared).
fn indent_rule() -> RuleSet {
    let json =
        r#"[{"Rule_number": 1, "Category": "STYLE", "Instruction": "Use 2-space indentation.", "Why": "w"}]"#;
    let rules = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        json,
        BuildOptions { inferred: true },
    );
    assert!(
        rules.checker.checks().iter().any(|c| c.indent == Some(2)),
        "an Indent check is inferred"
    );
    rules
}

#[divan::bench]
fn full_check_indent_rule(bencher: divan::Bencher) {
    bench_full_check(bencher, &indent_rule());
}

#[divan::bench]
fn recheck_after_one_line_edit_indent_rule(bencher: divan::Bencher) {
    bench_recheck(bencher, &indent_rule());
}

/// Loading a rules file — what happens on every keystroke in autofix.json: parse, infer,
/// resolve, lint and compile.
#[divan::bench(args = ["demo", "50 explicit rules"])]
fn load_rules_file(bencher: divan::Bencher, which: &str) {
    let text = match which {
        "demo" => std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/demo/.agents/autofix.json"
        ))
        .unwrap(),
        _ => fixtures::rules(50),
    };
    bencher.bench(|| {
        RuleSet::from_text(
            Path::new("/bench/autofix.json"),
            divan::black_box(&text),
            BuildOptions::default(),
        )
    });
}

/// A rules file of 1,000 regex rules (`\bfooN(bar|baz)\w*\b`, Unicode word classes, the costly
/// kind) rebuilt after one rule's pattern changed — a keystroke in autofix.json. Patterns are
/// compiled once per process and shared, so only the changed one is compiled again.
#[divan::bench(sample_count = 20)]
fn reload_1000_regex_rules_after_one_edit(bencher: divan::Bencher) {
    let rules: Vec<String> = (1..=1000)
        .map(|i| {
            format!(
                r#"{{"Rule_number": {i}, "Category": "CODE", "Instruction": "Never use foo{i}bar.", "Why": "w", "Check": {{"Files": ["**/*.ts"], "Pattern": "\\bfoo{i}(bar|baz)\\w*\\b"}}}}"#
            )
        })
        .collect();
    let text = format!("[\n{}\n]\n", rules.join(",\n"));
    let path = Path::new("/bench/autofix.json");
    let _warm = RuleSet::from_text(path, &text, BuildOptions::default());
    let mut n = 0u64;
    bencher.bench_local(|| {
        n += 1;
        let edited = text.replacen("foo17(bar", &format!("foo17(b{n}r"), 1);
        RuleSet::from_text(path, divan::black_box(&edited), BuildOptions::default())
    });
}

/// A 20,000-line PySide file against "Functions/methods: `snake_case`" (inferred): the check
/// leaves files importing Qt out whole, in one match of a branch with no `hit` — told without a
/// capture search over the file; and the same file without the import, every `def` reported.
#[divan::bench(args = ["imports Qt", "no Qt import"])]
fn full_check_python_gui_file(bencher: divan::Bencher, which: &str) {
    let rules = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        r#"[{"Rule_number": 1, "Category": "STYLE", "Instruction": "Functions/methods: `snake_case`", "Why": "PEP 8"}]"#,
        BuildOptions { inferred: true },
    );
    assert!(rules.is_usable(), "{:?}", rules.problems);
    let head = if which == "imports Qt" {
        "from PySide6.QtWidgets import QWidget\n"
    } else {
        "import os\n"
    };
    let body = "class View(QWidget):\n    def mousePressEvent(self, event):\n        \"\"\"Señal — pulsación.\"\"\"\n        return self.sizeHint()\n\n"
        .repeat(4_000);
    let text = format!("{head}{body}");
    let file = FileContext {
        rel_path: Some("app/view.py"),
        language_id: Some("python"),
    };
    bencher.bench(|| rules.checker.check_full(divan::black_box(&text), &file));
}

/// Every tuning rule of the real-rules corpus (`tests/inference/real/tune*`, 1,164 rules as
/// projects wrote them; sources and licenses in its SOURCES.md) as one rules file: the checks
/// inferred for a TypeScript file number in the dozens, as in a project that imported several
/// agents' files. Their prefilter is split into small regex sets, whose lazy DFAs stay cached.
fn corpus_rules() -> RuleSet {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inference/real");
    let mut rules = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("the corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("tune"))
        })
        .collect();
    dirs.sort();
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("a split")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for file in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "json"))
        {
            let text = std::fs::read_to_string(file).expect("a corpus file");
            let case: serde_json::Value = serde_json::from_str(&text).expect("corpus JSON");
            let mut rule = case["rule"].clone();
            rule["Rule_number"] = (rules.len() + 1).into();
            rules.push(rule);
        }
    }
    let json = serde_json::to_string(&rules).expect("rules JSON");
    let set = RuleSet::from_text(
        Path::new("/bench/autofix.json"),
        &json,
        BuildOptions { inferred: true },
    );
    assert!(set.is_usable(), "{:?}", set.problems);
    set
}

#[divan::bench(sample_count = 20)]
fn full_check_2k_lines_against_the_rules_corpus(bencher: divan::Bencher) {
    let rules = corpus_rules();
    let text = fixtures::typescript(2_000);
    bencher.bench(|| rules.checker.check_full(divan::black_box(&text), &FILE));
}
