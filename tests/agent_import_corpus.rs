//! Precision and recall of rule extraction from real agent files (issue 14): every
//! `tests/agents/corpus/labels/*.json` names a file stored verbatim under
//! `tests/agents/corpus/files/<label>/<its original path>` and lists the rules a careful reader
//! finds in it (see `tests/agents/corpus/README.md`). Each file goes through
//! `agent_files::import::extract` with its original path (which decides the scope of a nested
//! `AGENTS.md`) and its format; the extracted rules are matched to the labelled ones.
//!
//! A match: the extracted rule starts on the labelled line ±1, or its normalized text equals the
//! labelled text, or their normalized Levenshtein similarity is at least 0.8. Pairs are taken
//! best first (similar text on the same line before anything else), each rule at most once.
//! Unmatched extracted rules are false positives, unmatched labelled ones are misses.
//!
//! Prints precision/recall per file, per format, per language and overall, every false positive
//! and every miss, and how often a matched rule got the labelled scope; asserts floors on the
//! overall precision and recall.
//!
//! Run with the table: `cargo test --test agent_import_corpus -- --nocapture`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use autofix::agent_files::formats::AgentFormat;
use autofix::agent_files::import::{Candidate, extract};
use serde::Deserialize;

/// Floors on the overall precision and recall. They are set from the first measured run, rounded
/// down to 0.05; raise them when extraction gets better.
const PRECISION_FLOOR: f64 = 0.95;
const RECALL_FLOOR: f64 = 0.85;

/// At least this many labelled files (the issue asks for 30).
const MIN_FILES: usize = 30;
/// Lines apart that still count as the same place.
const LINE_SLACK: usize = 1;
/// Normalized Levenshtein similarity that counts as the same rule wherever it starts.
const SIMILAR: f64 = 0.8;

#[derive(Debug, Deserialize)]
struct Label {
    source: Source,
    format: String,
    lang: String,
    rules: Vec<LabelledRule>,
    #[allow(dead_code)]
    not_rules_note: String,
}

#[derive(Debug, Deserialize)]
struct Source {
    repo: String,
    path: String,
    #[allow(dead_code)]
    commit: String,
    #[allow(dead_code)]
    license: String,
}

#[derive(Debug, Deserialize)]
struct LabelledRule {
    line: usize,
    text: String,
    files: Vec<String>,
}

fn format_of(name: &str) -> AgentFormat {
    match name {
        "AgentsMd" => AgentFormat::AgentsMd,
        "ClaudeMd" => AgentFormat::ClaudeMd,
        "ClaudeRule" => AgentFormat::ClaudeRule,
        "CursorMdc" => AgentFormat::CursorMdc,
        "Cursorrules" => AgentFormat::Cursorrules,
        "CopilotInstructions" => AgentFormat::CopilotInstructions,
        "CopilotScoped" => AgentFormat::CopilotScoped,
        "Clinerules" => AgentFormat::Clinerules,
        "RooRules" => AgentFormat::RooRules,
        "WindsurfRule" => AgentFormat::WindsurfRule,
        "DevinRule" => AgentFormat::DevinRule,
        "GeminiMd" => AgentFormat::GeminiMd,
        "ContinueRule" => AgentFormat::ContinueRule,
        "KiroSteering" => AgentFormat::KiroSteering,
        "AntigravityRule" => AgentFormat::AntigravityRule,
        other => panic!("unknown format {other:?}"),
    }
}

/// Lowercase, Markdown emphasis and code marks dropped, whitespace collapsed, trailing
/// punctuation trimmed.
fn normalize(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`'))
        .flat_map(char::to_lowercase)
        .collect();
    kept.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(['.', ':', ';', ',', '!'])
        .to_string()
}

/// How alike a labelled and an extracted rule are, or `None` when they do not match at all.
/// Higher is better: text similarity, plus a bonus for starting on the same line.
fn affinity(label: &LabelledRule, found: &Candidate) -> Option<f64> {
    let (a, b) = (normalize(&label.text), normalize(&found.instruction));
    let similarity = if a == b {
        1.0
    } else {
        strsim::normalized_levenshtein(&a, &b)
    };
    let distance = label.line.abs_diff(found.line);
    if distance > LINE_SLACK && similarity < SIMILAR {
        return None;
    }
    let place = match distance {
        0 => 0.5,
        d if d <= LINE_SLACK => 0.25,
        _ => 0.0,
    };
    Some(similarity + place)
}

/// Pairs of (labelled index, extracted index), best first, each side used once.
fn pair(labels: &[LabelledRule], found: &[Candidate]) -> Vec<(usize, usize)> {
    let mut options = Vec::new();
    for (i, l) in labels.iter().enumerate() {
        for (j, f) in found.iter().enumerate() {
            if let Some(score) = affinity(l, f) {
                options.push((score, i, j));
            }
        }
    }
    options.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let (mut used_l, mut used_f) = (vec![false; labels.len()], vec![false; found.len()]);
    let mut pairs = Vec::new();
    for (_, i, j) in options {
        if !used_l[i] && !used_f[j] {
            used_l[i] = true;
            used_f[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

/// Globs that cover every file mean "no scope".
fn scope(files: &[String]) -> Vec<String> {
    let mut v: Vec<String> = files
        .iter()
        .filter(|g| !matches!(g.as_str(), "**" | "**/*" | "*"))
        .cloned()
        .collect();
    v.sort();
    v
}

#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    tp: usize,
    fp: usize,
    fn_: usize,
    scope_ok: usize,
}

impl Counts {
    fn add(&mut self, o: Counts) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
        self.scope_ok += o.scope_ok;
    }

    fn precision(&self) -> f64 {
        ratio(self.tp, self.tp + self.fp)
    }

    fn recall(&self) -> f64 {
        ratio(self.tp, self.tp + self.fn_)
    }
}

fn ratio(n: usize, d: usize) -> f64 {
    if d == 0 { 1.0 } else { n as f64 / d as f64 }
}

fn row(name: &str, c: Counts) -> String {
    format!(
        "{name:<44} {:>4} {:>4} {:>4}   P {:.3}  R {:.3}  scope {}/{}",
        c.tp,
        c.fp,
        c.fn_,
        c.precision(),
        c.recall(),
        c.scope_ok,
        c.tp
    )
}

fn clip(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.char_indices().nth(100) {
        Some((i, _)) => format!("{}…", &one_line[..i]),
        None => one_line,
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/corpus")
}

#[test]
fn extraction_precision_and_recall_on_real_agent_files() {
    let dir = corpus_dir();
    let mut labels: Vec<PathBuf> = std::fs::read_dir(dir.join("labels"))
        .expect("tests/agents/corpus/labels")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    labels.sort();
    assert!(
        labels.len() >= MIN_FILES,
        "only {} labelled files (at least {MIN_FILES})",
        labels.len()
    );

    let mut total = Counts::default();
    let mut by_format: BTreeMap<String, Counts> = BTreeMap::new();
    let mut by_lang: BTreeMap<String, Counts> = BTreeMap::new();
    let mut rows = Vec::new();
    let mut details = Vec::new();
    for path in &labels {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let label: Label = serde_json::from_str(&std::fs::read_to_string(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stored = dir.join("files").join(&stem).join(&label.source.path);
        let text = std::fs::read_to_string(&stored).unwrap_or_else(|e| panic!("{}: {e}", stored.display()));
        let found = extract(&label.source.path, format_of(&label.format), &text).rules;

        let pairs = pair(&label.rules, &found);
        let mut c = Counts {
            tp: pairs.len(),
            fp: found.len() - pairs.len(),
            fn_: label.rules.len() - pairs.len(),
            scope_ok: 0,
        };
        let mut lines = Vec::new();
        for &(i, j) in &pairs {
            if scope(&label.rules[i].files) == scope(&found[j].files) {
                c.scope_ok += 1;
            } else {
                lines.push(format!(
                    "  ~ L{} scope {:?}, labelled {:?}: {}",
                    found[j].line,
                    found[j].files,
                    label.rules[i].files,
                    clip(&found[j].instruction)
                ));
            }
        }
        for (j, f) in found.iter().enumerate() {
            if !pairs.iter().any(|&(_, pj)| pj == j) {
                lines.push(format!("  + L{} {}", f.line, clip(&f.instruction)));
            }
        }
        for (i, l) in label.rules.iter().enumerate() {
            if !pairs.iter().any(|&(pi, _)| pi == i) {
                lines.push(format!("  - L{} {}", l.line, clip(&l.text)));
            }
        }
        if !lines.is_empty() {
            details.push(format!(
                "{stem} ({} {}):\n{}",
                label.source.repo,
                label.source.path,
                lines.join("\n")
            ));
        }
        rows.push(row(&stem, c));
        total.add(c);
        by_format.entry(label.format.clone()).or_default().add(c);
        by_lang.entry(label.lang.clone()).or_default().add(c);
    }

    println!("\nRule extraction on {} real agent files", labels.len());
    println!("(+ extracted, not labelled; - labelled, not extracted; ~ matched, other scope)\n");
    println!("{:<44} {:>4} {:>4} {:>4}", "file", "tp", "fp", "fn");
    for r in &rows {
        println!("{r}");
    }
    println!("\nper format");
    for (name, c) in &by_format {
        println!("{}", row(name, *c));
    }
    println!("\nper language");
    for (name, c) in &by_lang {
        println!("{}", row(name, *c));
    }
    println!("\n{}\n", row("overall", total));
    for d in &details {
        println!("{d}\n");
    }

    assert!(
        total.precision() >= PRECISION_FLOOR,
        "precision {:.3} under the floor {PRECISION_FLOOR}",
        total.precision()
    );
    assert!(
        total.recall() >= RECALL_FLOOR,
        "recall {:.3} under the floor {RECALL_FLOOR}",
        total.recall()
    );
}

#[test]
fn matching_pairs_each_rule_once_and_prefers_the_same_line() {
    let labelled = |line, text: &str| LabelledRule {
        line,
        text: text.into(),
        files: Vec::new(),
    };
    let found = |line, text: &str| Candidate {
        instruction: text.into(),
        why: None,
        category: autofix::rules::Category::Other,
        files: Vec::new(),
        section: None,
        file_scope: Vec::new(),
        source: "AGENTS.md".into(),
        line,
    };
    let labels = [
        labelled(9, "Never use inline imports."),
        labelled(9, "Always use trailing commas in calls."),
        labelled(20, "Use `uv run` for everything"),
    ];
    let extracted = [
        found(9, "Always use trailing commas in calls"),
        found(9, "never use **inline** imports"),
        found(40, "use uv run for everything"),
        found(3, "An unrelated sentence."),
    ];
    let mut pairs = pair(&labels, &extracted);
    pairs.sort();
    assert_eq!(pairs, vec![(0, 1), (1, 0), (2, 2)]);
    assert!(affinity(&labels[0], &extracted[3]).is_none());
}
