//! The output formats of `autofix check`: a report of findings rendered for people (`human`),
//! programs (`json`), code scanning (`sarif`) or GitHub Actions annotations (`github`).

pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

use std::ops::Range;

use super::files::Skipped;
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

/// A violation located for output: positions are 1-based, columns in characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub rule: u64,
    pub category: Category,
    pub severity: Severity,
    pub message: String,
    pub instruction: String,
    pub why: String,
    pub inferred: bool,
    pub fix: Option<String>,
    pub rules_file: String,
    pub frame: Vec<FrameLine>,
}

/// Lines of a multi-line match shown in a frame before it is cut short.
const FRAME_LINES: usize = 4;

impl Finding {
    /// Locates `violation` in `text`.
    pub fn new(
        path: String,
        text: &str,
        index: &LineIndex,
        violation: &Violation,
        rule: (Category, &str, &str),
        rules_file: String,
    ) -> Finding {
        let (line, col) = index.line_col(text, violation.range.start);
        let (end_line, end_col) = index.line_col(text, violation.range.end);
        let frame = (line..=end_line.min(line + FRAME_LINES - 1))
            .map(|l| {
                let text = index.line_text(text, l).to_string();
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
            category: rule.0,
            severity: violation.severity,
            message: violation.message.to_string(),
            instruction: rule.1.to_string(),
            why: rule.2.to_string(),
            inferred: violation.inferred,
            fix: violation.fix.clone(),
            rules_file,
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
        let mut paths: Vec<&str> = self.findings.iter().map(|f| f.path.as_str()).collect();
        paths.dedup();
        paths.len()
    }
}
