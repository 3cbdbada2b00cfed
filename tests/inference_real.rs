//! The corpus of real agent rules: every rule in
//! `tests/inference/real/{tune,tune-2,tune-3,tune-4,tune-5,tune-6,tune-7,tune-8,tune-9,tune-10,tune-11,tune-12,held-out,held-out-2,held-out-3}/*.json` is quoted verbatim
//! from a public agent rule file (AGENTS.md, CLAUDE.md, .cursorrules…), with sample files whose
//! expected violations are marked inline with `⟦…⟧`. Each rule goes through `RuleSet::from_text` (inference on) and
//! each sample through `RuleSet::check_file`; the violations found are compared with the marked
//! ones. Prints a per-rule table and the precision/recall per (split × class) and (split × lang),
//! and the wrong vague verdicts.
//!
//! Asserts sanity (cases in every split, balanced markers), a regression floor — the figures
//! measured when the corpus was written, rounded down to 0.05; raise the floors when the engine
//! gets better; never tune the engine on `held-out/`, `held-out-2/` or `held-out-3/` — and each
//! tuning rule's row, kept as the insta snapshot `tuning_rows`: a change to any row is reviewed
//! with `cargo insta review`, not hidden under the totals.
//!
//! Run with the table: `cargo test --test inference_real -- --nocapture`. The rows of the
//! held-out splits (and their wrong vague verdicts and unusable rule sets) are left out of it and
//! of the snapshot, so nobody tunes on them by accident; `AUTOFIX_SHOW_HELD_OUT=1` prints them,
//! for checking the labels only.

#[path = "common/corpus.rs"]
mod corpus;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use autofix::rules::infer::explicit_checks;
use autofix::rules::{BuildOptions, ProblemKind, RuleSet};
use autofix::text::LineIndex;
use corpus::{Counts, Hit, Sample, compare};
use serde::Deserialize;

const OPEN: char = '⟦';
const CLOSE: char = '⟧';

/// Regression floors: (split, lang, precision, recall) over the rules that should get checks
/// (`unambiguous` and `hard`), rounded down to 0.05 from the figures measured last. Per
/// language, so adding rules in another language cannot break them. Raise them as the engine
/// gets better; never tune on `held-out/`, `held-out-2/` or `held-out-3/`.
const FLOORS: &[(&str, &str, f64, f64)] = &[
    // When written (2026-11-30): English tune 0.721 / 0.440, held-out 0.744 / 0.382; Spanish
    // tune 0.667 / 0.233, held-out 0.765 / 0.433.
    // After round two (same day): English tune 0.979 / 0.674, held-out 0.886 / 0.408; Spanish
    // tune 0.951 / 0.650, held-out 0.929 / 0.433.
    // After round three (2026-12-01): English tune 0.990 / 0.738, held-out 0.842 / 0.421;
    // Spanish tune 0.956 / 0.717, held-out 1.000 / 0.500. Held-out English precision FELL
    // (31/35 → 32/38): its floor went down from 0.85 to 0.80, on purpose and in
    // docs/inference.md — nobody looked at which rows, as the split requires.
    // After round seven (2026-12-02): English 0.982 / 0.766, Spanish 0.958 / 0.767.
    ("tune", "en", 0.95, 0.75),
    ("held-out", "en", 0.80, 0.40),
    ("tune", "es", 0.95, 0.75),
    ("held-out", "es", 0.95, 0.50),
    // `held-out-2/` is a fresh batch collected after `held-out/` had been measured and reported;
    // first measured with the engine of round two: English 0.688 / 0.268, Spanish 1.000 / 0.500
    // (unchanged after round three).
    // After round seven: English 0.727 / 0.390 (aggregate only).
    ("held-out-2", "en", 0.70, 0.35),
    ("held-out-2", "es", 0.95, 0.50),
    // `tune-2/` is a batch written for round three; its first run (before anyone looked at its
    // rows): English 0.808 / 0.194, Spanish 0.900 / 0.290. After round three: English
    // 1.000 / 0.426, Spanish 0.971 / 0.532.
    // After round seven: English 1.000 / 0.574, Spanish 0.977 / 0.694.
    ("tune-2", "en", 0.95, 0.55),
    ("tune-2", "es", 0.95, 0.65),
    // `held-out-3/` is a third fresh batch (2026-12-01, 18 repositories not used before), first
    // measured with the engine of round four: English 0.625 / 0.114, Spanish 1.000 / 0.077.
    // After round six: English 0.727 / 0.182 (aggregate only, as for every hidden split).
    // After round seven: English 0.769 / 0.227.
    ("held-out-3", "en", 0.75, 0.20),
    // After round eight: Spanish 1.000 (2/2) / 0.154.
    ("held-out-3", "es", 0.95, 0.15),
    // `tune-3/` is a batch written for round six the way `held-out-3/` was (25 repositories not
    // used before, the first instructions of each file whatever their class); its first run,
    // before anyone looked at its rows: English 0.800 / 0.162, Spanish 1.000 / 0.095. After
    // round six: English 0.919 / 0.459, Spanish unchanged.
    // After round seven: English 0.939 / 0.622.
    ("tune-3", "en", 0.90, 0.60),
    ("tune-3", "es", 0.95, 0.05),
    // `tune-4/` is a batch written for round seven the way `tune-3/` was (27 repositories not
    // used before); its first run, before anyone looked at its rows: English 0.938 / 0.227,
    // Spanish 1.000 (0/0) / 0.000.
    // After round seven: English 0.978 / 0.682, Spanish 1.000 (2/2) / 0.167.
    ("tune-4", "en", 0.95, 0.65),
    ("tune-4", "es", 0.95, 0.15),
    // `tune-5/` is a batch written for round eight the way `tune-4/` was (26 repositories not
    // used before); its first run, before anyone looked at its rows: English 1.000 (7/7) /
    // 0.135, Spanish 0.000 (0/4) / 0.000 — the four were the comment-language check's hits
    // starting at the first English word instead of the comment's.
    // After round eight: English 1.000 (15/15) / 0.288, Spanish 1.000 (6/6) / 0.600.
    // After round nine: English 1.000 (16/16) / 0.308.
    // After round ten: English 1.000 (21/21) / 0.404.
    ("tune-5", "en", 0.95, 0.40),
    ("tune-5", "es", 0.95, 0.55),
    // `tune-6/` is a batch written for round nine the way `tune-5/` was (28 repositories not
    // used before); its first run, before anyone looked at its rows: English 0.769 (10/13) /
    // 0.200, Spanish 1.000 (4/4) / 0.222.
    // After round nine: English 0.842 (16/19) / 0.320, Spanish 1.000 (5/5) / 0.278.
    // After round ten: English 0.875 (21/24) / 0.420, Spanish 1.000 (7/7) / 0.389.
    // After round twelve: English 0.889 (24/27) / 0.480.
    ("tune-6", "en", 0.85, 0.45),
    ("tune-6", "es", 0.95, 0.35),
    // `tune-7/` is a batch written for round ten the way `tune-6/` was (25 repositories not
    // used before); its first run, before anyone looked at its rows: English 0.833 (15/18) /
    // 0.176, Spanish 1.000 (3/3) / 0.103.
    // After round ten: English 0.857 (18/21) / 0.212, Spanish 1.000 (9/9) / 0.310.
    // After round eleven: English 0.909 (30/33) / 0.353, Spanish 1.000 (9/9) / 0.310.
    ("tune-7", "en", 0.90, 0.35),
    ("tune-7", "es", 0.95, 0.30),
    // `tune-8/` is a batch written for round eleven the way `tune-7/` was (25 repositories not
    // used before); its first run, before anyone looked at its rows: English 0.778 (7/9) /
    // 0.082, Spanish 0.615 (8/13) / 0.235.
    // After round eleven: English 0.960 (24/25) / 0.282, Spanish 0.800 (12/15) / 0.353.
    // After round twelve: English 0.970 (32/33) / 0.376, Spanish 0.800 (12/15) / 0.353.
    ("tune-8", "en", 0.95, 0.35),
    ("tune-8", "es", 0.80, 0.35),
    // `tune-9/` is a batch written for round twelve the way `tune-8/` was (24 repositories not
    // used before); its first run, before anyone looked at its rows: English 1.000 (0/0) /
    // 0.000, Spanish 0.200 (1/5) / 0.048.
    // After round twelve: English 1.000 (14/14) / 0.255, Spanish 0.500 (4/8) / 0.190.
    ("tune-9", "en", 0.95, 0.25),
    ("tune-9", "es", 0.50, 0.15),
    // `tune-10/` is a tenth batch written for round thirteen the same way (39 repositories not
    // used before); its first run, before anyone looked at its rows: English 0.737 (14/19) /
    // 0.241, Spanish 1.000 (4/4) / 0.222.
    // After round thirteen: English 0.903 (28/31) / 0.483, Spanish 0.800 (4/5) / 0.222.
    ("tune-10", "en", 0.90, 0.45),
    ("tune-10", "es", 0.80, 0.20),
    // `tune-11/` is an eleventh batch written for round sixteen the same way (27 repositories
    // not used before); its first run, the engine as round fifteen left it: English 0.667 (4/6)
    // / 0.087, Spanish 0.750 (6/8) / 0.130 (a run before it, with 20 rules unusable for
    // categories the writers were wrongly told of, said 1.000 (2/2) / 0.043 and 0.750 / 0.130).
    // After round sixteen: English 1.000 (12/12) / 0.261, Spanish 1.000 (12/12) / 0.261.
    ("tune-11", "en", 0.95, 0.25),
    ("tune-11", "es", 0.95, 0.25),
    // `tune-12/` is a twelfth batch written for round seventeen the same way (27 repositories
    // not used before; 23 of its 92 rules checkable); its first run, the engine as round sixteen
    // left it: English 0.500 (1/2) / 0.037, Spanish 1.000 (1/1) / 0.038.
    ("tune-12", "en", 0.50, 0.03),
    ("tune-12", "es", 0.95, 0.03),
];
/// Floor on the share of `behaviour` and `vague` rules that get no hit at all, per split and
/// language (after round two: every one of them, in both splits and languages).
const SILENT_FLOORS: &[(&str, &str, f64)] = &[
    ("tune", "en", 1.0),
    ("held-out", "en", 1.0),
    ("tune", "es", 1.0),
    ("held-out", "es", 1.0),
    // Set from the first measured run of `held-out-2/`, as its FLOORS above (30/30).
    ("held-out-2", "en", 1.0),
    ("held-out-2", "es", 1.0),
    // `tune-2/`: its first run had one behaviour rule raising something (11/12); 12/12 since.
    ("tune-2", "en", 1.0),
    ("tune-2", "es", 1.0),
    // Set from the first measured run of `held-out-3/` (17/17).
    ("held-out-3", "en", 1.0),
    ("held-out-3", "es", 1.0),
    // Set from the first measured run of `tune-3/` (43/43).
    ("tune-3", "en", 1.0),
    ("tune-3", "es", 1.0),
    // Set from the first measured run of `tune-4/` (37/37).
    ("tune-4", "en", 1.0),
    ("tune-4", "es", 1.0),
    // Set from the first measured run of `tune-5/` (48/48).
    ("tune-5", "en", 1.0),
    ("tune-5", "es", 1.0),
    // Set from the first measured run of `tune-6/` (45/45).
    ("tune-6", "en", 1.0),
    ("tune-6", "es", 1.0),
    // Set from the first measured run of `tune-7/` (30/30).
    ("tune-7", "en", 1.0),
    ("tune-7", "es", 1.0),
    // Set from the first measured run of `tune-8/` (30/30).
    ("tune-8", "en", 1.0),
    ("tune-8", "es", 1.0),
    // Set from the first measured run of `tune-9/` (46/47: one Spanish behaviour rule raised
    // something).
    ("tune-9", "en", 1.0),
    ("tune-9", "es", 0.90),
    // Set from the first measured run of `tune-10/` (52/52).
    ("tune-10", "en", 1.0),
    ("tune-10", "es", 1.0),
    // Set from the first measured run of `tune-11/` (42/42).
    ("tune-11", "en", 1.0),
    ("tune-11", "es", 1.0),
    // Set from the first measured run of `tune-12/` (69/69).
    ("tune-12", "en", 1.0),
    ("tune-12", "es", 1.0),
];

const SPLITS: [&str; 15] = [
    "tune",
    "tune-2",
    "tune-3",
    "tune-4",
    "tune-5",
    "tune-6",
    "tune-7",
    "tune-8",
    "tune-9",
    "tune-10",
    "tune-11",
    "tune-12",
    "held-out",
    "held-out-2",
    "held-out-3",
];
/// The splits nobody tunes on: only their aggregate figures are printed.
const HIDDEN: [&str; 3] = ["held-out", "held-out-2", "held-out-3"];

const CLASSES: [&str; 4] = ["unambiguous", "hard", "behaviour", "vague"];

fn is_hidden(split: &str) -> bool {
    HIDDEN.contains(&split)
}

#[derive(Debug, Deserialize)]
struct Case {
    lang: String,
    class: String,
    #[allow(dead_code)]
    source: serde_json::Value,
    rule: serde_json::Value,
    files: Vec<Sample>,
    #[allow(dead_code)]
    #[serde(default)]
    note: String,
}

/// A sample with its markers stripped, and the hits they marked.
fn strip_markers(file: &str, marked: &str) -> Result<(String, Vec<Hit>), String> {
    let mut text = String::with_capacity(marked.len());
    let mut hits = Vec::new();
    let (mut line, mut col) = (1usize, 1usize);
    let mut open: Option<(usize, usize, usize)> = None;
    for c in marked.chars() {
        match c {
            OPEN => {
                if open.is_some() {
                    return Err(format!("{file}:{line}:{col}: nested {OPEN}"));
                }
                open = Some((line, col, text.len()));
            }
            CLOSE => {
                let Some((l, c0, start)) = open.take() else {
                    return Err(format!("{file}:{line}:{col}: {CLOSE} without {OPEN}"));
                };
                if start == text.len() {
                    return Err(format!("{file}:{line}:{col}: empty marker"));
                }
                hits.push(Hit {
                    file: file.to_string(),
                    line: l,
                    column: c0,
                    text: text[start..].to_string(),
                });
            }
            _ => {
                text.push(c);
                if c == '\n' {
                    line += 1;
                    col = 1;
                } else {
                    col += 1;
                }
            }
        }
    }
    if let Some((l, c0, _)) = open {
        return Err(format!("{file}:{l}:{c0}: {OPEN} never closed"));
    }
    Ok((text, hits))
}

struct Loaded {
    split: &'static str,
    name: String,
    case: Case,
    /// The samples without markers.
    texts: Vec<String>,
    expected: Vec<Hit>,
}

fn corpus() -> Vec<Loaded> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inference/real");
    let mut out = Vec::new();
    for split in SPLITS {
        let dir = root.join(split);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for p in paths {
            let raw = std::fs::read_to_string(&p).unwrap();
            let case: Case = serde_json::from_str(&raw).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            assert!(
                CLASSES.contains(&case.class.as_str()),
                "{}: unknown class {:?}",
                p.display(),
                case.class
            );
            let rule_text = case.rule.to_string();
            assert!(
                !rule_text.contains(OPEN) && !rule_text.contains(CLOSE),
                "{}: a marker inside the rule",
                p.display()
            );
            let mut texts = Vec::new();
            let mut expected = Vec::new();
            for s in &case.files {
                let (text, hits) =
                    strip_markers(&s.path, &s.text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                texts.push(text);
                expected.extend(hits);
            }
            if matches!(case.class.as_str(), "behaviour" | "vague") {
                assert!(
                    expected.is_empty(),
                    "{}: a {} rule marks violations",
                    p.display(),
                    case.class
                );
            }
            out.push(Loaded {
                split,
                name: p.file_stem().unwrap().to_string_lossy().into_owned(),
                case,
                texts,
                expected,
            });
        }
    }
    out
}

struct Outcome {
    hits: Vec<Hit>,
    /// The hits once the user enforces the checks proposed for an exception no file shows
    /// ("Enforce rule #N everywhere"); the same as `hits` when nothing was proposed.
    enforced_hits: Vec<Hit>,
    /// Whether a check was proposed.
    proposed: bool,
    vague: bool,
    checks: usize,
    /// Problems that made the rule set unusable, if any.
    unusable: Option<String>,
    /// When no check was inferred, which verdict stopped it.
    why_none: Option<&'static str>,
}

fn run(l: &Loaded) -> Outcome {
    let root = Path::new("/corpus");
    let rules = serde_json::to_string_pretty(&serde_json::Value::Array(vec![l.case.rule.clone()])).unwrap();
    let set = RuleSet::from_text(&root.join("autofix.json"), &rules, BuildOptions::default());
    if !set.is_usable() {
        return Outcome {
            hits: Vec::new(),
            enforced_hits: Vec::new(),
            proposed: false,
            vague: false,
            checks: 0,
            unusable: Some(format!("{:?}", set.problems)),
            why_none: None,
        };
    }
    let vague = set.problems.iter().any(|p| p.kind == ProblemKind::TooVague);
    let checks = set.inferences.iter().map(|i| i.checks.len()).sum();
    let why_none = (checks == 0).then(|| {
        let i = set.inferences.first();
        if i.is_some_and(|i| i.behaviour.is_some()) {
            "read as a behaviour rule"
        } else if vague {
            "judged too vague"
        } else if i.is_some_and(|i| !i.notes.is_empty()) {
            "read, then left unchecked (a note says why)"
        } else {
            "nothing read"
        }
    });
    let hits = hits_of(l, &set);
    let proposed = set.inferences.first().is_some_and(|i| !i.proposed.is_empty());
    let enforced_hits = if proposed {
        // What "Enforce rule #N everywhere" writes: the inferred and the proposed checks.
        let mut rule = l.case.rule.clone();
        rule["Check"] = explicit_checks(&set.rules[0], &set.inferences[0].enforced()).unwrap();
        let text = serde_json::to_string_pretty(&serde_json::Value::Array(vec![rule])).unwrap();
        let enforced = RuleSet::from_text(&root.join("autofix.json"), &text, BuildOptions::default());
        assert!(enforced.is_usable(), "{}: {:?}", l.name, enforced.problems);
        hits_of(l, &enforced)
    } else {
        hits.clone()
    };
    Outcome {
        hits,
        enforced_hits,
        proposed,
        vague,
        checks,
        unusable: None,
        why_none,
    }
}

/// Every violation `set` finds in the case's files.
fn hits_of(l: &Loaded, set: &RuleSet) -> Vec<Hit> {
    let root = Path::new("/corpus");
    let mut hits = Vec::new();
    for (sample, text) in l.case.files.iter().zip(&l.texts) {
        let index = LineIndex::new(text);
        for v in set
            .check_file(&root.join(&sample.path), text, sample.language.as_deref())
            .violations
        {
            let (line, col) = index.line_col(text, v.range.start);
            hits.push(Hit {
                file: sample.path.clone(),
                line: line + 1,
                column: col + 1,
                text: text[v.range.clone()].to_string(),
            });
        }
    }
    hits
}

fn line(label: &str, c: &Counts) {
    println!(
        "  {label:<34} precision {:.3} ({}/{})  recall {:.3} ({}/{})",
        c.precision(),
        c.tp,
        c.tp + c.fp,
        c.recall(),
        c.tp,
        c.tp + c.fn_
    );
}

#[test]
fn markers_strip_to_positions() {
    let (text, hits) = strip_markers("a.ts", "let x: ⟦any⟧ = 1;\n// é ⟦TODO⟧\n").unwrap();
    assert_eq!(text, "let x: any = 1;\n// é TODO\n");
    assert_eq!(hits[0].line, 1);
    assert_eq!(hits[0].column, 8);
    assert_eq!(hits[0].text, "any");
    assert_eq!((hits[1].line, hits[1].column), (2, 6));
    assert!(strip_markers("a", "⟦x").is_err());
    assert!(strip_markers("a", "x⟧").is_err());
    assert!(strip_markers("a", "⟦⟦x⟧⟧").is_err());
}

/// Whether two hits cover some of the same characters of the same line.
fn overlaps(a: &Hit, b: &Hit) -> bool {
    let end = |h: &Hit| h.column + h.text.chars().take_while(|c| *c != '\n').count();
    a.file == b.file && a.line == b.line && a.column < end(b) && b.column < end(a)
}

#[test]
fn inference_real_precision_and_recall() {
    let cases = corpus();

    // (split, class) and (split, lang) counts; behaviour/vague rules only ever add FPs.
    let mut by_class: BTreeMap<(&str, String), Counts> = BTreeMap::new();
    let mut by_lang: BTreeMap<(&str, String), Counts> = BTreeMap::new();
    let mut checkable: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut checkable_lang: BTreeMap<(&str, String), Counts> = BTreeMap::new();
    let mut silent: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut silent_lang: BTreeMap<(&str, String), (usize, usize)> = BTreeMap::new();
    let mut rules_of: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let mut vague_errors = Vec::new();
    let mut vague_wrong: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unusable = Vec::new();
    // Misses that a diagnostic did reach with another span (same line, overlapping text): the
    // difference between "not detected" and "detected, marked differently", per split.
    let mut near_misses: BTreeMap<&str, usize> = BTreeMap::new();
    // Rules that should get checks, and those of them that got none at all (nothing was read
    // from the words) or got some that missed every marked violation, per split.
    let mut unchecked: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    let mut why_none: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    // Per split: counts once every proposed check is enforced, and how many rules that should
    // (should not) get checks got a proposal.
    let mut if_enforced: BTreeMap<&str, (Counts, usize, usize)> = BTreeMap::new();
    let show_held_out = std::env::var_os("AUTOFIX_SHOW_HELD_OUT").is_some_and(|v| v == "1");
    let mut hidden = 0;
    // The tuning splits' rows, kept as a snapshot: a floor on the totals lets one rule lose its
    // finding while the others hold them up. (Held-out rows are never shown, nor kept.)
    let mut tuning_rows = String::new();
    println!(
        "\n{:<9} {:<40} {:<11} {:>3} {:>3} {:>3}  notes",
        "split", "rule", "class", "tp", "fp", "fn"
    );
    for l in &cases {
        let out = run(l);
        let (counts, extra, missing) = compare(&l.expected, &out.hits);
        {
            let (enforced, _, _) = compare(&l.expected, &out.enforced_hits);
            let e = if_enforced.entry(l.split).or_default();
            if matches!(l.case.class.as_str(), "unambiguous" | "hard") {
                e.0.add(enforced);
                e.1 += usize::from(out.proposed);
            } else {
                // Behaviour and vague rules should raise nothing, enforced or not.
                e.2 += usize::from(!out.enforced_hits.is_empty());
            }
        }
        let class = l.case.class.clone();
        *near_misses.entry(l.split).or_default() += missing
            .iter()
            .filter(|m| extra.iter().any(|e| overlaps(m, e)))
            .count();
        by_class.entry((l.split, class.clone())).or_default().add(counts);
        by_lang
            .entry((l.split, l.case.lang.clone()))
            .or_default()
            .add(counts);
        *rules_of.entry((l.split, class.clone())).or_default() += 1;
        let should_check = matches!(class.as_str(), "unambiguous" | "hard");
        let lang_key = (l.split, l.case.lang.clone());
        if should_check {
            let u = unchecked.entry(l.split).or_default();
            u.0 += 1;
            u.1 += usize::from(out.checks == 0);
            if let Some(why) = out.why_none {
                *why_none.entry((l.split, why)).or_default() += 1;
            }
            u.2 += usize::from(out.checks > 0 && counts.tp == 0 && counts.fn_ > 0);
            checkable.entry(l.split).or_default().add(counts);
            checkable_lang.entry(lang_key).or_default().add(counts);
        } else {
            let quiet = usize::from(out.hits.is_empty());
            let s = silent.entry(l.split).or_default();
            s.0 += quiet;
            s.1 += 1;
            let s = silent_lang.entry(lang_key).or_default();
            s.0 += quiet;
            s.1 += 1;
        }
        let expect_vague = class == "vague";
        if let Some(p) = &out.unusable {
            if is_hidden(l.split) && !show_held_out {
                unusable.push(format!("{}: (a hidden rule)", l.split));
            } else {
                unusable.push(format!("{}/{}: {p}", l.split, l.name));
            }
        } else if out.vague != expect_vague || (expect_vague && out.checks > 0) {
            *vague_wrong.entry(l.split).or_insert(0) += 1;
            if !is_hidden(l.split) || show_held_out {
                vague_errors.push(format!(
                    "{}/{} ({class}): vague {} (expected {expect_vague}), {} checks",
                    l.split, l.name, out.vague, out.checks
                ));
            }
        }
        let mut notes = Vec::new();
        if out.unusable.is_some() {
            notes.push("UNUSABLE".to_string());
        }
        for h in &extra {
            notes.push(format!("FP {}:{}:{} {:?}", h.file, h.line, h.column, h.text));
        }
        for h in &missing {
            notes.push(format!("FN {}:{}:{} {:?}", h.file, h.line, h.column, h.text));
        }
        if out.vague {
            notes.push("reported vague".into());
        }
        if let (true, Some(why)) = (should_check, out.why_none) {
            notes.push(why.into());
        }
        notes.push(format!("{} checks", out.checks));
        if is_hidden(l.split) && !show_held_out {
            hidden += 1;
            continue;
        }
        let row = format!(
            "{:<9} {:<40} {:<11} {:>3} {:>3} {:>3}  {}",
            l.split,
            l.name,
            class,
            counts.tp,
            counts.fp,
            counts.fn_,
            notes.join("; ")
        );
        println!("{row}");
        if !is_hidden(l.split) {
            tuning_rows.push_str(row.trim_end());
            tuning_rows.push('\n');
        }
    }
    insta::assert_snapshot!("tuning_rows", tuning_rows);

    if hidden > 0 {
        println!("({hidden} held-out rows not shown: AUTOFIX_SHOW_HELD_OUT=1 shows them)");
    }
    println!();
    for split in SPLITS {
        let n = cases.iter().filter(|l| l.split == split).count();
        println!("{split} ({n} rules)");
        line(
            "unambiguous + hard",
            &checkable.get(split).copied().unwrap_or_default(),
        );
        for ((s, class), c) in &by_class {
            if *s == split {
                line(
                    &format!("class {class} ({} rules)", rules_of[&(*s, class.clone())]),
                    c,
                );
            }
        }
        for ((s, lang), c) in &by_lang {
            if *s == split {
                line(&format!("lang {lang}"), c);
            }
        }
        for ((s, lang), c) in &checkable_lang {
            if *s == split {
                line(&format!("lang {lang}, unambiguous + hard"), c);
            }
        }
        let (quiet, of) = silent.get(split).copied().unwrap_or_default();
        println!("  behaviour + vague rules with no hit: {quiet}/{of}");
        let (of, none, blind) = unchecked.get(split).copied().unwrap_or_default();
        println!(
            "  of {of} rules that should get checks: {none} got none, {blind} got checks that found nothing"
        );
        let whys: Vec<String> = why_none
            .iter()
            .filter(|((s, _), _)| *s == split)
            .map(|((_, why), n)| format!("{n} {why}"))
            .collect();
        if !whys.is_empty() {
            println!("    those with none: {}", whys.join(", "));
        }
        println!(
            "  misses found with another span (same line, overlapping): {}",
            near_misses.get(split).unwrap_or(&0)
        );
        let (enforced, proposals, noisy) = if_enforced.get(split).copied().unwrap_or_default();
        println!(
            "  checks proposed for an exception no file shows: {proposals} rules that should get checks"
        );
        line("+ every proposal enforced", &enforced);
        println!("    behaviour + vague rules with a hit once enforced: {noisy}");
    }
    let wrong: Vec<String> = SPLITS
        .iter()
        .map(|s| format!("{s} {}", vague_wrong.get(s).unwrap_or(&0)))
        .collect();
    println!("\nvague verdicts wrong: {}", wrong.join(", "));
    for e in &vague_errors {
        println!("  {e}");
    }
    println!("unusable rule sets: {}", unusable.len());
    for e in &unusable {
        println!("  {e}");
    }

    for split in SPLITS {
        assert!(
            cases.iter().any(|l| l.split == split),
            "no case in tests/inference/real/{split}"
        );
    }
    for (split, lang, min_p, min_r) in FLOORS {
        let c = checkable_lang
            .get(&(*split, lang.to_string()))
            .copied()
            .unwrap_or_default();
        assert!(
            c.precision() >= *min_p,
            "{split}/{lang}: precision {:.3} below the floor {min_p}",
            c.precision()
        );
        assert!(
            c.recall() >= *min_r,
            "{split}/{lang}: recall {:.3} below the floor {min_r}",
            c.recall()
        );
    }
    for (split, lang, min) in SILENT_FLOORS {
        let (quiet, of) = silent_lang
            .get(&(*split, lang.to_string()))
            .copied()
            .unwrap_or_default();
        let share = if of == 0 { 1.0 } else { quiet as f64 / of as f64 };
        assert!(
            share >= *min,
            "{split}/{lang}: behaviour/vague rules without hits {share:.3} below the floor {min}"
        );
    }
}
