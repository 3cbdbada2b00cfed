//! `--format json`: one object with the rules files, the count of files checked, every
//! violation, the checks cut short, the files skipped and the paths that could not be read, for
//! programs and agents.

use serde_json::json;

use super::Report;
use crate::rules::user;

/// A user rule's entry says so: `"source": "user"` (its number is the user file's).
fn mark_user(value: &mut serde_json::Value, key: u64) {
    if user::is_key(key)
        && let Some(map) = value.as_object_mut()
    {
        map.insert("source".into(), "user".into());
    }
}

pub fn render(report: &Report) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(&value(report)).unwrap_or_default()
    )
}

/// The report as a JSON value (the MCP `check` tool's structured result).
pub fn value(report: &Report) -> serde_json::Value {
    let violations: Vec<_> = report
        .findings
        .iter()
        .map(|f| {
            let mut v = json!({
                "path": f.path,
                "line": f.line,
                "column": f.column,
                "end_line": f.end_line,
                "end_column": f.end_column,
                "rule": user::number(f.rule),
                "category": f.category.as_str(),
                "severity": f.severity.as_str(),
                "message": f.message,
                "inferred": f.inferred,
                "fix": f.fix,
            });
            mark_user(&mut v, f.rule);
            v
        })
        .collect();
    let truncated: Vec<_> = report
        .truncated
        .iter()
        .map(|t| {
            let mut v = json!({ "path": t.path, "rule": user::number(t.rule), "limit": t.limit });
            mark_user(&mut v, t.rule);
            v
        })
        .collect();
    let skipped: Vec<_> = report
        .skipped
        .iter()
        .map(|f| json!({ "path": f.path, "reason": f.reason.code() }))
        .collect();
    let errors: Vec<_> = report
        .errors
        .iter()
        .map(|e| json!({ "path": e.path, "error": e.message }))
        .collect();
    json!({
        "rules_files": report.rules_files,
        "files_checked": report.files_checked,
        "violations": violations,
        "truncated": truncated,
        "files_skipped": skipped,
        "errors": errors,
    })
}
