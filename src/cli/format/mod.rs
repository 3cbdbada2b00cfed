//! The output formats of `autofix check`: a report of findings rendered for people (`human`),
//! programs (`json`), code scanning (`sarif`) or GitHub Actions annotations (`github`).

pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

use std::ops::Range;
use std::sync::Arc;

use crate::files::Skipped;
use crate::rules::{Category, Severity, Violation};
use crate::text::LineIndex;

/// Lines of source shown under a finding, with the matched part of each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameLine {
    /// 1-based line number.
    pub number: usize,
    pub text: String,
    /// The underlined columns (0-based, characters).
    pub marked: Range<usize>,
}

/// A violation located for output: positions are 1-based, columns in characters. The texts a
/// file's or a rule's findings have in common are shared, not copied: a run over a large tree
/// keeps every finding until the report is sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub path: Arc<str>,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub rule: u64,
    pub category: Category,
    pub severity: Severity,
    pub message: Arc<str>,
    pub instruction: Arc<str>,
    pub why: Arc<str>,
    pub inferred: bool,
    pub fix: Option<String>,
    pub rules_file: Arc<str>,
    /// Empty unless asked for (see [`Finding::new`]).
    pub frame: Vec<FrameLine>,
}

/// What the findings of one rule share: its category, instruction, why and rules file.
#[derive(Debug, Clone)]
pub struct RuleTexts {
    pub category: Category,
    pub instruction: Arc<str>,
    pub why: Arc<str>,
    pub rules_file: Arc<str>,
}

/// Lines of a multi-line match shown in a frame before it is cut short.
const FRAME_LINES: usize = 4;

impl Finding {
    /// Locates `violation` in `text`, with the lines of its frame when `frame` (only people read
    /// them: the other formats leave them out, and a large run does not keep them).
    pub fn new(
        path: Arc<str>,
        text: &str,
        index: &LineIndex,
        violation: &Violation,
        rule: &RuleTexts,
        frame: bool,
    ) -> Finding {
        // A byte-order mark is no character of the first line: editors hide it, and columns
        // count as theirs do.
        let bom = crate::text::bom_len(text) > 0;
        let shown = |(line, col): (usize, usize)| {
            (
                line,
                if bom && line == 0 {
                    col.saturating_sub(1)
                } else {
                    col
                },
            )
        };
        let (line, col) = shown(index.line_col(text, violation.range.start));
        let (end_line, end_col) = shown(index.line_col(text, violation.range.end));
        let last = end_line.min(line + FRAME_LINES - 1);
        let frame = (line..=last)
            .take_while(|_| frame)
            .map(|l| {
                let line_text = index.line_text(text, l);
                let shown_from = if l == 0 {
                    crate::text::bom_len(line_text)
                } else {
                    0
                };
                let text = line_text[shown_from..].to_string();
                let len = text.chars().count();
                let from = if l == line { col } else { 0 };
                let to = if l == end_line { end_col } else { len };
                FrameLine {
                    number: l + 1,
                    text,
                    marked: from..to.max(from),
                }
            })
            .collect();
        Finding {
            path,
            line: line + 1,
            column: col + 1,
            end_line: end_line + 1,
            end_column: end_col + 1,
            rule: violation.rule,
            category: rule.category,
            severity: violation.severity,
            message: violation.message.clone(),
            instruction: rule.instruction.clone(),
            why: rule.why.clone(),
            inferred: violation.inferred,
            fix: violation.fix.clone(),
            rules_file: rule.rules_file.clone(),
            frame,
        }
    }
}

/// A rule whose check stopped reporting in a file at the violation limit: the file may hold
/// more violations than are listed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Truncation {
    pub path: String,
    pub rule: u64,
    pub limit: usize,
}

impl Truncation {
    pub fn message(&self) -> String {
        format!(
            "rule {}: stopped after {} violations in {}",
            crate::rules::user::label(self.rule),
            self.limit,
            self.path
        )
    }
}

/// A file that was not checked, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct SkippedFile {
    pub path: String,
    pub reason: Skipped,
}

impl SkippedFile {
    pub fn message(&self) -> String {
        format!("{}: not checked ({})", self.path, self.reason.describe())
    }
}

/// A path that could not be read (or a fix that could not be written): the run is incomplete.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileError {
    pub path: String,
    /// What went wrong, after the path ("cannot read: permission denied").
    pub message: String,
}

impl FileError {
    pub fn message(&self) -> String {
        format!("{}: {}", self.path, self.message)
    }
}

/// Everything a check run found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The rules files used, as displayed.
    pub rules_files: Vec<String>,
    pub files_checked: usize,
    pub findings: Vec<Finding>,
    /// Violations repaired by `--fix`.
    pub fixed: usize,
    /// Checks that stopped at the limit, sorted by path and rule.
    pub truncated: Vec<Truncation>,
    /// Files not checked, sorted by path.
    pub skipped: Vec<SkippedFile>,
    /// Paths that could not be read or written, sorted by path: the run is incomplete.
    pub errors: Vec<FileError>,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == severity).count()
    }

    pub fn files_with_findings(&self) -> usize {
        let mut paths: Vec<&str> = self.findings.iter().map(|f| &*f.path).collect();
        paths.dedup();
        paths.len()
    }
}
