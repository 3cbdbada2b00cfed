//! "Make this check explicit": an inferred `CheckSpec` written as the JSON `Check` object of
//! autofix.json, and the edit that inserts it into the rule.

use std::ops::Range;

use serde_json::Value;

use super::Inference;
use crate::rules::check_object::CheckObject;
use crate::rules::model::{CheckSpec, Rule};

/// One check as a `Check` object (see [`CheckObject::of`]).
pub fn explicit_check(rule: &Rule, spec: &CheckSpec) -> Value {
    CheckObject::of(rule, spec).to_value()
}

/// The whole `Check` value for a rule's inferred checks: one object, or an array of them;
/// `None` when nothing was inferred.
pub fn explicit_checks(rule: &Rule, inference: &Inference) -> Option<Value> {
    let mut checks: Vec<Value> = inference.checks.iter().map(|c| explicit_check(rule, c)).collect();
    match checks.len() {
        0 => None,
        1 => checks.pop(),
        _ => Some(Value::Array(checks)),
    }
}

/// The edit that writes the inferred checks into the rule as `"Check": …`: a byte range of
/// `source` (empty: an insertion) and the text to put there, indented like the rule's other
/// properties. `None` when the rule already has a `Check`, nothing was inferred, or the span
/// does not hold the rule's object.
pub fn make_explicit_edit(
    source: &str,
    rule: &Rule,
    inference: &Inference,
) -> Option<(Range<usize>, String)> {
    if !rule.checks.is_empty() || rule.span.check.is_some() {
        return None;
    }
    let value = explicit_checks(rule, inference)?;
    let object = source.get(rule.span.object.clone())?;
    if !object.starts_with('{') || !object.ends_with('}') {
        return None;
    }
    let inner = &object[1..object.len() - 1];
    let last = inner.trim_end();
    if last.is_empty() {
        return None;
    }
    let at = rule.span.object.start + 1 + last.len();
    let first_prop = inner.len() - inner.trim_start().len();
    let leading = &inner[..first_prop];
    match leading.rfind('\n') {
        Some(nl) => {
            let indent: String = leading[nl + 1..]
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            let pretty = serde_json::to_string_pretty(&value).ok()?;
            let body = pretty.lines().collect::<Vec<_>>().join(&format!("\n{indent}"));
            let eol = if source.contains("\r\n") { "\r\n" } else { "\n" };
            let body = if eol == "\r\n" {
                body.replace('\n', "\r\n")
            } else {
                body
            };
            Some((at..at, format!(",{eol}{indent}\"Check\": {body}")))
        }
        None => Some((
            at..at,
            format!(", \"Check\": {}", serde_json::to_string(&value).ok()?),
        )),
    }
}
