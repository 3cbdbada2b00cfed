//! The labelled corpus of inferred checks: every rule in `tests/inference/*.json` goes through
//! `RuleSet::from_text` (inference on) and its sample files through `RuleSet::check_file`; the
//! violations found are compared with the ones a user would expect. Prints a per-rule table and
//! the precision/recall, overall and on the quoted-literal rules, and fails when they drop below
//! the bar: precision ≥ 0.95 (overall and quoted), recall ≥ 0.85 (quoted) — or when any rule's
//! outcome differs from the `per_rule` snapshot (review a change with `cargo insta review`).
//!
//! Run with the table: `cargo test --test inference_corpus -- --nocapture`.

#[path = "common/corpus.rs"]
mod corpus;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use autofix::rules::{BuildOptions, ProblemKind, RuleSet};
use autofix::text::LineIndex;
use corpus::{Counts, Hit, Sample, compare};
use serde::Deserialize;

const MIN_PRECISION: f64 = 0.95;
const MIN_QUOTED_RECALL: f64 = 0.85;

#[derive(Debug, Deserialize)]
struct Case {
    lang: String,
    /// The rule's forbidden things are code spans (backticks or quotes).
    quoted: bool,
    /// The rule must be reported as too vague to check.
    vague: bool,
    rule: serde_json::Value,
    files: Vec<Sample>,
    expected: Vec<Hit>,
}

fn corpus() -> Vec<(String, Case)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inference");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/inference exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let case: Case = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_stem().unwrap().to_string_lossy().into_owned(), case)
        })
        .collect()
}

/// Runs one case: the violations found, and whether the rule was reported as too vague.
fn run(case: &Case) -> (Vec<Hit>, bool, usize) {
    let root = Path::new("/corpus");
    let rules = serde_json::to_string_pretty(&serde_json::Value::Array(vec![case.rule.clone()])).unwrap();
    let set = RuleSet::from_text(&root.join("autofix.json"), &rules, BuildOptions::default());
    assert!(set.is_usable(), "{:?}", set.problems);
    let vague = set.problems.iter().any(|p| p.kind == ProblemKind::TooVague);
    let checks = set.inferences.iter().map(|i| i.checks.len()).sum();
    let mut hits = Vec::new();
    for sample in &case.files {
        let index = LineIndex::new(&sample.text);
        for v in set
            .check_file(&root.join(&sample.path), &sample.text, sample.language.as_deref())
            .violations
        {
            let (line, col) = index.line_col(&sample.text, v.range.start);
            hits.push(Hit {
                file: sample.path.clone(),
                line: line + 1,
                column: col + 1,
                text: sample.text[v.range.clone()].to_string(),
            });
        }
    }
    (hits, vague, checks)
}

#[test]
fn inference_corpus_precision_and_recall() {
    let cases = corpus();
    assert!(cases.len() >= 60, "the corpus holds at least 60 rules");
    assert!(
        cases.iter().filter(|(_, c)| c.lang == "es").count() >= 25,
        "at least 25 Spanish rules"
    );

    let (mut all, mut quoted) = (Counts::default(), Counts::default());
    let mut by_lang: BTreeMap<String, Counts> = BTreeMap::new();
    let mut vague_errors = Vec::new();
    println!("\n{:<42} {:>3} {:>3} {:>3}  notes", "rule", "tp", "fp", "fn");
    // Each rule's outcome, kept as a snapshot: the totals' bars let one rule lose its finding
    // while the others hold them up (a condition word once swallowed "for copying objects").
    let mut per_rule = String::new();
    for (name, case) in &cases {
        let (found, vague, checks) = run(case);
        let (counts, extra, missing) = compare(&case.expected, &found);
        all.add(counts);
        by_lang.entry(case.lang.clone()).or_default().add(counts);
        if case.quoted {
            quoted.add(counts);
        }
        if vague != case.vague || (case.vague && checks > 0) {
            vague_errors.push(format!(
                "{name}: vague {vague} (expected {}), {checks} checks",
                case.vague
            ));
        }
        let mut notes = Vec::new();
        for h in &extra {
            notes.push(format!("FP {}:{}:{} {:?}", h.file, h.line, h.column, h.text));
        }
        for h in &missing {
            notes.push(format!("FN {}:{}:{} {:?}", h.file, h.line, h.column, h.text));
        }
        if case.vague {
            notes.push("vague".into());
        }
        let row = format!(
            "{:<42} {:>3} {:>3} {:>3}  {}",
            name,
            counts.tp,
            counts.fp,
            counts.fn_,
            notes.join("; ")
        );
        println!("{row}");
        per_rule.push_str(row.trim_end());
        per_rule.push('\n');
    }
    let line = |label: &str, c: &Counts| {
        println!(
            "{label:<28} precision {:.3} ({}/{})  recall {:.3} ({}/{})",
            c.precision(),
            c.tp,
            c.tp + c.fp,
            c.recall(),
            c.tp,
            c.tp + c.fn_
        )
    };
    println!();
    line(&format!("all {} rules", cases.len()), &all);
    line(
        &format!(
            "quoted-literal {} rules",
            cases.iter().filter(|(_, c)| c.quoted).count()
        ),
        &quoted,
    );
    for (lang, c) in &by_lang {
        line(&format!("lang {lang}"), c);
    }
    println!("vague verdicts wrong: {}", vague_errors.len());

    insta::assert_snapshot!("per_rule", per_rule);
    assert!(vague_errors.is_empty(), "vague verdicts: {vague_errors:#?}");
    assert!(
        quoted.precision() >= MIN_PRECISION,
        "quoted-literal precision {:.3}",
        quoted.precision()
    );
    assert!(
        quoted.recall() >= MIN_QUOTED_RECALL,
        "quoted-literal recall {:.3}",
        quoted.recall()
    );
    assert!(
        all.precision() >= MIN_PRECISION,
        "overall precision {:.3}",
        all.precision()
    );
}
