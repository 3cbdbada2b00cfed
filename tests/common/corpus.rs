//! What the inference corpus tests share: a case's sample files, the hits a rule is expected to
//! report, counting them, and every rule of both corpora for tests that apply something to each.
//! Included by path (`#[path = "common/corpus.rs"] mod corpus;`), so these tests do not build
//! the language-server helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One sample file of a case: its path (which decides the scope) and text.
#[derive(Debug, Deserialize)]
pub struct Sample {
    pub path: String,
    pub text: String,
    /// An editor language id for files whose path does not say it (`gitcommit`).
    #[serde(default)]
    pub language: Option<String>,
}

/// One violation: 1-based line and column (in characters) and the covered text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub struct Hit {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub text: String,
}

/// True positives, false positives and misses.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
}

impl Counts {
    pub fn add(&mut self, o: Counts) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
    }

    pub fn precision(&self) -> f64 {
        if self.tp + self.fp == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fp) as f64
        }
    }

    pub fn recall(&self) -> f64 {
        if self.tp + self.fn_ == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fn_) as f64
        }
    }
}

/// The counts of `found` against `expected`, with the extra hits and the missing ones.
pub fn compare(expected: &[Hit], found: &[Hit]) -> (Counts, Vec<Hit>, Vec<Hit>) {
    let mut missing: Vec<Hit> = expected.to_vec();
    let mut extra = Vec::new();
    for h in found {
        match missing.iter().position(|m| m == h) {
            Some(i) => {
                missing.remove(i);
            }
            None => extra.push(h.clone()),
        }
    }
    let tp = found.len() - extra.len();
    (
        Counts {
            tp,
            fp: extra.len(),
            fn_: missing.len(),
        },
        extra,
        missing,
    )
}

/// A rule of either corpus with its sample files.
#[derive(Debug, Deserialize)]
pub struct RuleCase {
    pub rule: serde_json::Value,
    pub files: Vec<Sample>,
}

/// Every rule of both corpora — `tests/inference/` and every split of the real rules —
/// with the markers of expected violations (⟦ ⟧) removed from its samples.
pub fn every_rule() -> Vec<(PathBuf, RuleCase)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inference");
    let mut paths = Vec::new();
    for dir in [
        root.clone(),
        root.join("real/tune"),
        root.join("real/tune-2"),
        root.join("real/held-out"),
        root.join("real/held-out-2"),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        paths.extend(
            entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap().replace(['⟦', '⟧'], "");
            let case: RuleCase =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, case)
        })
        .collect()
}
