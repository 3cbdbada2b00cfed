//! `--format json`: one object with the rules files, the count of files checked, every
//! violation, the checks cut short, the files skipped and the paths that could not be read, for
//! programs and agents.

use serde::Serialize;

use super::Report;
use crate::rules::user;

/// The report as it is written: borrowed, serialized straight to text (a tree of
/// `serde_json::Value`s for 30,000 violations took longer to build than checking them).
#[derive(Serialize)]
struct View<'a> {
    rules_files: &'a [String],
    files_checked: usize,
    violations: Vec<ViolationView<'a>>,
    truncated: Vec<TruncatedView<'a>>,
    files_skipped: Vec<PathAnd<'a>>,
    errors: Vec<ErrorView<'a>>,
}

#[derive(Serialize)]
struct ViolationView<'a> {
    path: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// The rule's number in its own file.
    rule: u64,
    category: &'static str,
    severity: &'static str,
    message: &'a str,
    inferred: bool,
    fix: &'a Option<String>,
    /// `user` for a rule of the user's own rules file.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'static str>,
}

#[derive(Serialize)]
struct TruncatedView<'a> {
    path: &'a str,
    rule: u64,
    limit: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'static str>,
}

#[derive(Serialize)]
struct PathAnd<'a> {
    path: &'a str,
    reason: &'static str,
}

#[derive(Serialize)]
struct ErrorView<'a> {
    path: &'a str,
    error: &'a str,
}

fn source(key: u64) -> Option<&'static str> {
    user::is_key(key).then_some("user")
}

fn view(report: &Report) -> View<'_> {
    View {
        rules_files: &report.rules_files,
        files_checked: report.files_checked,
        violations: report
            .findings
            .iter()
            .map(|f| ViolationView {
                path: &f.path,
                line: f.line,
                column: f.column,
                end_line: f.end_line,
                end_column: f.end_column,
                rule: user::number(f.rule),
                category: f.category.as_str(),
                severity: f.severity.as_str(),
                message: &f.message,
                inferred: f.inferred,
                fix: &f.fix,
                source: source(f.rule),
            })
            .collect(),
        truncated: report
            .truncated
            .iter()
            .map(|t| TruncatedView {
                path: &t.path,
                rule: user::number(t.rule),
                limit: t.limit,
                source: source(t.rule),
            })
            .collect(),
        files_skipped: report
            .skipped
            .iter()
            .map(|f| PathAnd {
                path: &f.path,
                reason: f.reason.code(),
            })
            .collect(),
        errors: report
            .errors
            .iter()
            .map(|e| ErrorView {
                path: &e.path,
                error: &e.message,
            })
            .collect(),
    }
}

/// Writes the report to `out` as it is serialized, with a final newline.
pub fn write(report: &Report, out: &mut impl std::io::Write) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &view(report))?;
    out.write_all(b"\n")
}

/// The report as a JSON value (the MCP `check` tool's structured result).
pub fn value(report: &Report) -> serde_json::Value {
    serde_json::to_value(view(report)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::format::{FileError, Finding, SkippedFile, Truncation};
    use crate::files::Skipped;
    use crate::rules::{Category, Severity};

    #[test]
    fn the_text_and_the_value_agree_field_for_field() {
        let finding = |rule: u64| Finding {
            path: "a.ts".into(),
            line: 1,
            column: 2,
            end_line: 1,
            end_column: 5,
            rule,
            category: Category::Code,
            severity: Severity::Warning,
            message: "m".into(),
            instruction: "i".into(),
            why: "w".into(),
            inferred: false,
            fix: None,
            rules_file: "autofix.json".into(),
            frame: Vec::new(),
        };
        let report = Report {
            rules_files: vec!["autofix.json".into()],
            files_checked: 2,
            findings: vec![finding(3), finding(user::key(4))],
            truncated: vec![Truncation {
                path: "a.ts".into(),
                rule: 3,
                limit: 1000,
            }],
            skipped: vec![SkippedFile {
                path: "b.bin".into(),
                reason: Skipped::Binary,
            }],
            errors: vec![FileError {
                path: "c".into(),
                message: "cannot read".into(),
            }],
            ..Report::default()
        };
        let value = value(&report);
        let mut written = Vec::new();
        write(&report, &mut written).unwrap();
        assert!(written.ends_with(b"}\n"));
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&written).unwrap(),
            value
        );
        assert_eq!(
            value["violations"][0],
            serde_json::json!({"path": "a.ts", "line": 1, "column": 2, "end_line": 1, "end_column": 5,
                "rule": 3, "category": "CODE", "severity": "warning", "message": "m", "inferred": false, "fix": null})
        );
        assert_eq!(value["violations"][1]["rule"], 4);
        assert_eq!(value["violations"][1]["source"], "user");
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "rules_files",
                "files_checked",
                "violations",
                "truncated",
                "files_skipped",
                "errors"
            ]
        );
    }
}
