//! How long inference takes: it runs on every rules-file load, i.e. on every keystroke in
//! autofix.json in the editor. `cargo bench --bench infer`; the per-rule figure is recorded in
//! docs/inference.md.

use std::path::Path;

use autofix::rules::infer::infer;
use autofix::rules::parse::parse;
use autofix::rules::{BuildOptions, Rule, RuleSet};
use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

/// Every rule of the labelled corpus (realistic instructions, English and Spanish).
fn corpus_rules() -> Vec<Rule> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inference");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let rules: Vec<serde_json::Value> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let case: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            let mut rule = case["rule"].clone();
            rule["Rule_number"] = serde_json::json!(i + 1);
            rule
        })
        .collect();
    parse(&serde_json::to_string_pretty(&rules).unwrap()).rules
}

#[divan::bench]
fn infer_each_corpus_rule(bencher: Bencher) {
    let rules = corpus_rules();
    bencher.counter(ItemsCount::new(rules.len())).bench(|| {
        for rule in &rules {
            divan::black_box(infer(divan::black_box(rule)));
        }
    });
}

#[divan::bench(args = [
    "Never use `any` in TypeScript - use `unknown` with type guards.",
    "Usar siempre pnpm en lugar de npm o yarn.",
    "Colocar siempre los manejadores de rutas de API en 'src/server/routes/', nunca en 'src/api/' - mantener una arquitectura de backend consistente.",
    "Write clean, readable code.",
])]
fn infer_one_rule(bencher: Bencher, instruction: &str) {
    let text =
        serde_json::json!([{"Rule_number": 1, "Category": "CODE", "Instruction": instruction, "Why": "w"}])
            .to_string();
    let rule = parse(&text).rules.remove(0);
    bencher.bench(|| infer(divan::black_box(&rule)));
}

/// For scale: a whole rules-file load (parse, infer, resolve, lint, compile the regexes).
#[divan::bench]
fn load_corpus_rules_file(bencher: Bencher) {
    let rules = corpus_rules();
    let values: Vec<serde_json::Value> = rules
        .iter()
        .map(|r| serde_json::json!({"Rule_number": r.number, "Category": r.category.as_str(), "Instruction": r.instruction, "Why": r.why}))
        .collect();
    let text = serde_json::to_string_pretty(&values).unwrap();
    bencher.counter(ItemsCount::new(rules.len())).bench(|| {
        RuleSet::from_text(
            Path::new("/repo/autofix.json"),
            divan::black_box(&text),
            BuildOptions::default(),
        )
    });
}

/// "Avoid CommonJS (`require0`, …)" naming `n` pieces of code.
fn catalogue(n: usize) -> String {
    let spans: Vec<String> = (0..n).map(|i| format!("`require{i}`")).collect();
    format!("Avoid CommonJS ({})", spans.join(", "))
}

/// The most one rule can cost: 40 pieces of code (the most that is read), and past it (not read).
#[divan::bench(args = [40, 41, 5_000])]
fn infer_a_catalogue(bencher: Bencher, spans: usize) {
    let text = serde_json::json!([{"Rule_number": 1, "Category": "CODE", "Instruction": catalogue(spans), "Why": "w"}])
        .to_string();
    let rule = parse(&text).rules.remove(0);
    bencher.bench(|| infer(divan::black_box(&rule)));
}

/// The most one file can cost: 2,000 rules of 40 pieces of code each (4 MB, the most a rules
/// file may be), loaded whole — the newest rules give the file's 2,000 checks, the rest are
/// left unread.
#[divan::bench(sample_count = 10)]
fn load_a_hostile_rules_file(bencher: Bencher) {
    let rules: Vec<serde_json::Value> = (1..=2000)
        .map(|n| {
            let spans: Vec<String> = (0..40).map(|i| format!("`a{n}_{i}`")).collect();
            let instruction = format!(
                "Never use {} {}",
                spans.join(", "),
                "instead of moment ".repeat(100)
            );
            let instruction: String = instruction.chars().take(2000).collect();
            serde_json::json!({"Rule_number": n, "Category": "CODE", "Instruction": instruction, "Why": "w"})
        })
        .collect();
    let text = serde_json::to_string(&rules).unwrap();
    bencher.bench(|| {
        RuleSet::from_text(
            Path::new("/repo/autofix.json"),
            divan::black_box(&text),
            BuildOptions::default(),
        )
    });
}
