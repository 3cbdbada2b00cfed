//! `--format github`: GitHub Actions workflow commands, shown as annotations on the pull
//! request's changed lines.

use super::Report;
use crate::rules::Severity;

/// Escapes a workflow command's message (`%`, CR, LF).
fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a workflow command's property value (also `:` and `,`).
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for e in &report.errors {
        out.push_str(&format!(
            "::error file={},title={}::{}\n",
            escape_property(&e.path),
            escape_property("autofix could not read"),
            escape_data(&e.message()),
        ));
    }
    for f in &report.findings {
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information | Severity::Hint => "notice",
        };
        let inferred = if f.inferred { " (inferred)" } else { "" };
        let title = format!(
            "autofix {} [{}]{inferred}",
            crate::rules::user::label(f.rule),
            f.category
        );
        out.push_str(&format!(
            "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            escape_property(&f.path),
            f.line,
            f.column,
            f.end_line,
            f.end_column,
            escape_property(&title),
            escape_data(&format!("{} (why: {})", f.message, f.why)),
        ));
    }
    for t in &report.truncated {
        out.push_str(&format!(
            "::notice file={},title={}::{}\n",
            escape_property(&t.path),
            escape_property(&format!("autofix {} stopped", crate::rules::user::label(t.rule))),
            escape_data(&t.message()),
        ));
    }
    for f in &report.skipped {
        out.push_str(&format!(
            "::notice file={},title={}::{}\n",
            escape_property(&f.path),
            escape_property("autofix skipped"),
            escape_data(&f.message()),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(escape_data("50%\nnext"), "50%25%0Anext");
        assert_eq!(escape_property("a:b,c"), "a%3Ab%2Cc");
    }
}
