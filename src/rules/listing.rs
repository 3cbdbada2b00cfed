//! The rules as people and agents read them: each with its status (active, or superseded and by
//! which rule), its checks (explicit or inferred, with why) and where it is defined — shared by
//! `autofix rules` and the server's `autofix.listRules`.

use std::collections::HashMap;

use serde::Serialize;

use super::model::{CheckSpec, Origin, Rule, Within};
use super::problem::SupersededReason;
use super::resolve::Status;
use super::ruleset::RuleSet;
use super::scope::FileContext;
use crate::text::LineIndex;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckEntry {
    /// `explicit`, `inferred`, or `proposed` (not enforced: see [`RuleEntry::proposed`]).
    pub origin: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// The rule's scope this check stays inside (a scoped rule's inferred check).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scope: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub require: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forbidden_paths: Vec<String>,
    /// Spaces per nesting level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub indent: Option<usize>,
    /// `code`, `comments` or `strings` when a match counts only there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub severity: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For inferred checks: which words it came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// What it checks on one line, for people (see [`CheckSpec::describe`]).
    #[serde(skip)]
    pub described: String,
}

impl CheckEntry {
    fn new(spec: &CheckSpec) -> Self {
        let (origin, explanation) = match &spec.origin {
            Origin::Explicit => ("explicit", None),
            Origin::Inferred { explanation } => ("inferred", Some(explanation.clone())),
        };
        CheckEntry {
            origin,
            files: spec.files.clone(),
            scope: spec.scope.clone(),
            languages: spec.languages.clone(),
            pattern: spec.pattern.clone(),
            require: spec.require.clone(),
            forbidden_paths: spec.forbidden_paths.clone(),
            indent: spec.indent,
            within: (spec.within != Within::Any).then(|| spec.within.as_str()),
            fix: spec.fix.clone(),
            severity: spec.severity.map(|s| s.as_str()),
            message: spec.message.clone(),
            explanation,
            described: spec.describe_inline(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleEntry {
    pub rule_number: u64,
    pub category: &'static str,
    pub instruction: String,
    pub why: String,
    /// `active` or `superseded`.
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<u64>,
    /// Why it was superseded: `listed`, `named`, `conflict` or `duplicate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub superseded_reason: Option<&'static str>,
    /// 1-based line of the rule in its file.
    pub line: usize,
    pub checks: Vec<CheckEntry>,
    /// Checks proposed, not enforced: the rule allows what they find under an exception no file
    /// shows (`exception`); `autofix rules --enforce N` writes them into the rule.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub proposed: Vec<CheckEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception: Option<String>,
    /// The older rules this one retired, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retires: Vec<Retired>,
    /// Fields autofix does not know, as written.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extra: serde_json::Map<String, serde_json::Value>,
    /// Where the rule applies, when its `Check` holds only `Files` (see `Rule::scope`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scope: Vec<String>,
    /// `user` for a rule of the user's own rules file (its number and line are that file's);
    /// left out for the project's rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
    /// The rule's key in the rule set's checks (see [`super::user::key`]).
    #[serde(skip)]
    pub key: u64,
}

/// An older rule a rule retired.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Retired {
    pub rule_number: u64,
    /// `listed`, `named`, `conflict` or `duplicate`.
    pub reason: &'static str,
    #[serde(skip)]
    pub detail: SupersededReason,
}

fn reason_name(reason: &SupersededReason) -> &'static str {
    match reason {
        SupersededReason::Listed => "listed",
        SupersededReason::Named => "named",
        SupersededReason::Conflict(_) => "conflict",
        SupersededReason::Duplicate => "duplicate",
        SupersededReason::Project(_) => "project",
    }
}

/// Every rule of `set` in file order, then the user's rules under it.
pub fn entries(set: &RuleSet) -> Vec<RuleEntry> {
    let mut out = file_entries(set, &set.status);
    if let Some(layer) = &set.user {
        out.extend(
            file_entries(&layer.rules.set, &layer.status)
                .into_iter()
                .map(|mut e| {
                    e.source = Some("user");
                    e.key = super::user::key(e.rule_number);
                    e
                }),
        );
    }
    out
}

/// The rules of one file with their status (`status` parallel to its rules).
fn file_entries(set: &RuleSet, status: &[Status]) -> Vec<RuleEntry> {
    let index = LineIndex::new(&set.source);
    // Who retired whom, gathered once: by the retiring rule's number.
    let mut retired: HashMap<u64, Vec<Retired>> = HashMap::new();
    for (older, status) in set.rules.iter().zip(status) {
        if let Status::Superseded { by, reason } = status
            && !matches!(reason, SupersededReason::Duplicate | SupersededReason::Project(_))
        {
            retired.entry(*by).or_default().push(Retired {
                rule_number: older.number,
                reason: reason_name(reason),
                detail: reason.clone(),
            });
        }
    }
    set.rules
        .iter()
        .zip(status)
        .zip(&set.inferences)
        .map(|((rule, status), inference)| {
            let retires = retired.get(&rule.number).cloned().unwrap_or_default();
            entry(set, &index, rule, status, inference, retires)
        })
        .collect()
}

fn entry(
    set: &RuleSet,
    index: &LineIndex,
    rule: &Rule,
    status: &Status,
    inference: &super::infer::Inference,
    retires: Vec<Retired>,
) -> RuleEntry {
    let inferred: &[CheckSpec] = &inference.checks;
    // Proposals stand for a rule without a `Check` of its own only.
    let proposed: Vec<CheckEntry> = if rule.checks.is_empty() {
        inference
            .proposed
            .iter()
            .map(|c| CheckEntry {
                origin: "proposed",
                ..CheckEntry::new(c)
            })
            .collect()
    } else {
        Vec::new()
    };
    let exception = (!proposed.is_empty()).then(|| inference.unseen.join("; "));
    let (status_name, by, reason) = match status {
        Status::Active => ("active", None, None),
        Status::Superseded { by, reason } => ("superseded", Some(*by), Some(reason_name(reason))),
    };
    RuleEntry {
        rule_number: rule.number,
        category: rule.category.as_str(),
        instruction: rule.instruction.clone(),
        why: rule.why.clone(),
        status: status_name,
        superseded_by: by,
        superseded_reason: reason,
        line: index.line_col(&set.source, rule.span.object.start).0 + 1,
        checks: rule.checks.iter().chain(inferred).map(CheckEntry::new).collect(),
        proposed,
        exception,
        retires,
        extra: rule.extra.clone(),
        scope: rule.scope.clone(),
        source: None,
        key: rule.number,
    }
}

/// The active rules, newest first — optionally only those that concern the file at `rel_path`
/// (relative to the root): rules with a check covering it, and rules with no check at all
/// (words an agent must still follow).
pub fn active_for(set: &RuleSet, rel_path: Option<&str>) -> Vec<RuleEntry> {
    let mut out: Vec<RuleEntry> = entries(set)
        .into_iter()
        .filter(|e| e.status == "active")
        .collect();
    if let Some(path) = rel_path {
        let file = FileContext {
            rel_path: Some(path),
            language_id: None,
        };
        out.retain(|e| {
            let mut checks = set.checker.checks().iter().filter(|c| c.rule == e.key).peekable();
            if checks.peek().is_none() {
                // No check: words to follow everywhere — or, for a scoped rule, inside its scope.
                return e.scope.is_empty()
                    || super::scope::Scope::new(&e.scope, &[]).is_ok_and(|s| s.covers(&file));
            }
            checks.any(|c| c.covers(&file) || c.forbidden_covers(&file))
        });
    }
    // Newest first, the project's before the user's.
    out.sort_by_key(|e| (e.source.is_some(), std::cmp::Reverse(e.rule_number)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BuildOptions;
    use std::path::Path;

    const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always use Axios.", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `any`.", "Why": "w", "Owner": "web",
   "Check": {"Files": ["*.ts"], "Pattern": ":\\s*any\\b"}},
  {"Rule_number": 3, "Category": "ARCH", "Instruction": "Always use fetch instead of Axios.", "Why": "replaces Rule 1"},
  {"Rule_number": 4, "Category": "STYLE", "Instruction": "Never use tabs in Python.", "Why": "w",
   "Check": {"Files": ["*.py"], "Pattern": "^\\t"}}
]"#;

    #[test]
    fn lists_status_checks_and_lines() {
        let set = RuleSet::from_text(
            Path::new("/r/autofix.json"),
            RULES,
            BuildOptions { inferred: false },
        );
        let all = entries(&set);
        assert_eq!(all[0].status, "superseded");
        assert_eq!(
            (all[0].superseded_by, all[0].superseded_reason),
            (Some(3), Some("named"))
        );
        assert_eq!(all[1].line, 3);
        assert_eq!(all[1].checks[0].origin, "explicit");
        assert_eq!(all[1].extra["Owner"], "web");
        let json = serde_json::to_value(&all[1]).unwrap();
        assert_eq!(
            json["checks"][0],
            serde_json::json!({"origin": "explicit", "files": ["*.ts"], "pattern": ":\\s*any\\b"})
        );
    }

    #[test]
    fn active_rules_for_a_file_newest_first() {
        let set = RuleSet::from_text(
            Path::new("/r/autofix.json"),
            RULES,
            BuildOptions { inferred: false },
        );
        let numbers = |v: Vec<RuleEntry>| v.iter().map(|e| e.rule_number).collect::<Vec<_>>();
        assert_eq!(numbers(active_for(&set, None)), [4, 3, 2]);
        assert_eq!(numbers(active_for(&set, Some("src/a.ts"))), [3, 2]);
        assert_eq!(numbers(active_for(&set, Some("tool.py"))), [4, 3]);
    }

    #[test]
    fn a_scoped_rule_concerns_only_files_in_its_scope() {
        let set = RuleSet::from_text(
            Path::new("/r/autofix.json"),
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Keep handlers small.", "Why": "w", "Check": {"Files": ["api/**"]}}]"#,
            BuildOptions::default(),
        );
        assert_eq!(active_for(&set, Some("api/a.ts")).len(), 1);
        assert!(active_for(&set, Some("web/a.ts")).is_empty());
        assert_eq!(active_for(&set, None)[0].scope, ["api/**"]);
    }
}
