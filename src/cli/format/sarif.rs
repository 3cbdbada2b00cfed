//! `--format sarif`: SARIF 2.1.0, as GitHub code scanning and other static-analysis viewers
//! read it. Columns are counted in code points (`columnKind`).

use serde_json::{Value, json};

use super::{Finding, Report};
use crate::rules::Severity;

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

/// Percent-encodes a relative path for a SARIF `uri` (RFC 3986: unreserved characters and `/`
/// stay as they are).
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn rule_id(f: &Finding, many_files: bool) -> String {
    if many_files {
        format!("{}#{}", f.rules_file, crate::rules::user::number(f.rule))
    } else {
        crate::rules::user::code(f.rule)
    }
}

/// A tool notification about `path` (SARIF's way to say something about the run itself).
fn notification(id: &str, level: &str, text: &str, path: &str) -> Value {
    json!({
        "descriptor": { "id": id },
        "level": level,
        "message": { "text": text },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": uri(path), "uriBaseId": "%SRCROOT%" },
            },
        }],
    })
}

/// The run's invocation: whether it completed, and what it has to say about files it did not
/// fully report.
fn invocation(report: &Report) -> Value {
    let truncated = report
        .truncated
        .iter()
        .map(|t| notification("truncated", "warning", &t.message(), &t.path));
    let skipped = report
        .skipped
        .iter()
        .map(|f| notification("skipped", "note", &f.message(), &f.path));
    let errors = report
        .errors
        .iter()
        .map(|e| notification("error", "error", &e.message(), &e.path));
    let notes: Vec<Value> = errors.chain(truncated).chain(skipped).collect();
    json!({
        "executionSuccessful": report.errors.is_empty(),
        "toolExecutionNotifications": notes,
    })
}

pub fn render(report: &Report) -> String {
    let many_files = report.rules_files.len() > 1;
    let mut rule_ids: Vec<String> = Vec::new();
    let mut rules: Vec<Value> = Vec::new();
    let mut results = Vec::new();
    for f in &report.findings {
        let id = rule_id(f, many_files);
        let index = match rule_ids.iter().position(|r| *r == id) {
            Some(i) => i,
            None => {
                rule_ids.push(id.clone());
                rules.push(json!({
                    "id": id,
                    "name": format!("{}rule{}", if crate::rules::user::is_key(f.rule) { "user-" } else { "" }, crate::rules::user::number(f.rule)),
                    "shortDescription": { "text": f.instruction },
                    "fullDescription": { "text": f.instruction },
                    "help": {
                        "text": format!("{}\nWhy: {}\nDefined in {}", f.instruction, f.why, f.rules_file),
                        "markdown": format!("**{}**\n\nWhy: {}\n\nDefined in `{}`", f.instruction, f.why, f.rules_file),
                    },
                    "defaultConfiguration": { "level": level(f.severity) },
                    "properties": { "category": f.category.as_str(), "tags": [f.category.as_str()] },
                }));
                rule_ids.len() - 1
            }
        };
        let inferred = if f.inferred { " (inferred)" } else { "" };
        results.push(json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": level(f.severity),
            "message": { "text": format!("{}{inferred}", f.message) },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": uri(&f.path), "uriBaseId": "%SRCROOT%" },
                    "region": {
                        "startLine": f.line,
                        "startColumn": f.column,
                        "endLine": f.end_line,
                        "endColumn": f.end_column,
                    },
                },
            }],
            "properties": { "inferred": f.inferred },
        }));
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "autofix",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": env!("CARGO_PKG_REPOSITORY"),
                    "rules": rules,
                },
            },
            "invocations": [invocation(report)],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    format!("{}\n", serde_json::to_string_pretty(&log).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(uri("src/my file#1.ts"), "src/my%20file%231.ts");
        assert_eq!(uri("src/ñ.ts"), "src/%C3%B1.ts");
    }
}
