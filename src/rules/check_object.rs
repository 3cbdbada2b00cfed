//! The `Check` object as autofix.json spells it — one serde model for every writer (make-explicit,
//! `learn`) and one description for every reader (hovers, `autofix rules`, `--explain`).

use serde::{Deserialize, Serialize};

use super::model::{CheckSpec, Origin, Rule, Severity, Within};

/// A `Check` object: `Files`, `Pattern`, `Require`, `Forbidden_paths`, `Indent`, `Within`, `Fix`,
/// `Severity`, `Message`, in that order, empty parts left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckObject {
    #[serde(rename = "Files", default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    #[serde(rename = "Pattern", default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(rename = "Require", default, skip_serializing_if = "Option::is_none")]
    pub require: Option<String>,
    #[serde(rename = "Forbidden_paths", default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_paths: Vec<String>,
    #[serde(rename = "Indent", default, skip_serializing_if = "Option::is_none")]
    pub indent: Option<usize>,
    #[serde(rename = "Within", default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    #[serde(rename = "Fix", default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
    #[serde(rename = "Severity", default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<String>,
    #[serde(rename = "Message", default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl CheckObject {
    /// The object that makes `spec` explicit in `rule`: it checks what `spec` checks and reports
    /// at the same level — an inferred check's `information` is written, the message left out
    /// when it is the instruction (the default). Editor language ids (`gitcommit`) have no key:
    /// `Files: ["COMMIT_EDITMSG"]` still covers `.git/COMMIT_EDITMSG`.
    pub fn of(rule: &Rule, spec: &CheckSpec) -> CheckObject {
        let inferred = matches!(spec.origin, Origin::Inferred { .. });
        let severity = spec.severity.or(inferred.then_some(Severity::Information));
        let message = spec
            .message
            .as_deref()
            .map(str::trim_end)
            .filter(|m| !m.is_empty() && *m != rule.instruction.trim())
            .map(str::to_string);
        CheckObject {
            files: spec.files.clone(),
            pattern: spec.pattern.clone(),
            require: spec.require.clone(),
            forbidden_paths: spec.forbidden_paths.clone(),
            indent: spec.indent,
            within: (spec.within != Within::Any).then(|| spec.within.as_str().to_string()),
            fix: spec.fix.clone(),
            severity: severity.map(|s| s.as_str().to_string()),
            message,
        }
    }

    /// As JSON, keys in the documented order.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// `None` when the object has no key at all.
    pub fn non_empty(self) -> Option<CheckObject> {
        (self != CheckObject::default()).then_some(self)
    }
}

/// One part of a check as people read it: `Pattern` and its value, `Files` and its globs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The key of the `Check` object (`languages` for the editor language ids of an inferred check).
    pub label: &'static str,
    pub values: Vec<String>,
}

impl Part {
    /// `` Label `a`, `b` ``.
    pub fn inline(&self) -> String {
        format!("{} `{}`", self.label, self.values.join("`, `"))
    }
}

impl CheckSpec {
    /// What the check checks, part by part, in the order of the `Check` object: Files (and the
    /// languages of an inferred check), Pattern, Require, Forbidden_paths, Indent, Within, Fix.
    pub fn describe(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut push = |label: &'static str, values: Vec<String>| {
            if !values.is_empty() {
                parts.push(Part { label, values });
            }
        };
        push("Files", self.files.clone());
        push("languages", self.languages.clone());
        push("Pattern", self.pattern.iter().cloned().collect());
        push("Require", self.require.iter().cloned().collect());
        push("Forbidden_paths", self.forbidden_paths.clone());
        push("Indent", self.indent.iter().map(|n| n.to_string()).collect());
        if self.within != Within::Any {
            push("Within", vec![self.within.as_str().to_string()]);
        }
        push("Fix", self.fix.iter().cloned().collect());
        parts
    }

    /// [`CheckSpec::describe`] on one line: `` Pattern `…`; Files `a`, `b` ``.
    pub fn describe_inline(&self) -> String {
        self.describe()
            .iter()
            .map(Part::inline)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse;

    #[test]
    fn an_object_reads_back_as_the_check_it_was_made_from() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w",
            "Check": {"Files": ["**/*.ts"], "Pattern": "\\bx\\b", "Within": "code", "Fix": "y", "Severity": "error", "Message": "no x"}}]"#;
        let rule = &parse(json).rules[0];
        let object = CheckObject::of(rule, &rule.checks[0]);
        let value = object.to_value();
        assert_eq!(
            serde_json::to_string(&value).unwrap(),
            r#"{"Files":["**/*.ts"],"Pattern":"\\bx\\b","Within":"code","Fix":"y","Severity":"error","Message":"no x"}"#
        );
        let again = format!(
            r#"[{{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {value}}}]"#
        );
        let reread = &parse(&again).rules[0];
        assert_eq!(reread.checks[0].within, Within::Code);
        assert_eq!(CheckObject::of(reread, &reread.checks[0]), object);
    }

    #[test]
    fn the_default_message_and_within_are_left_out() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w",
            "Check": {"Pattern": "x", "Message": "Never x."}}]"#;
        let rule = &parse(json).rules[0];
        assert_eq!(
            serde_json::to_string(&CheckObject::of(rule, &rule.checks[0])).unwrap(),
            r#"{"Pattern":"x"}"#
        );
    }

    #[test]
    fn describe_lists_the_parts_in_the_objects_order() {
        let spec = CheckSpec {
            files: vec!["**/*.py".into(), "!tests/**".into()],
            pattern: Some("x".into()),
            within: Within::Code,
            ..CheckSpec::default()
        };
        assert_eq!(
            spec.describe_inline(),
            "Files `**/*.py`, `!tests/**`; Pattern `x`; Within `code`"
        );
    }
}
