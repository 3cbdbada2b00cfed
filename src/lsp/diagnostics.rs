//! Diagnostics: rule violations in a document, and the problems of a rules file itself, as LSP
//! diagnostics — with the rule's number as code, a link to its line, its why, and the fix.

use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;

use ropey::Rope;
use serde_json::json;
use tower_lsp_server::ls_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location,
    NumberOrString, Range, Uri,
};

use super::config::Override;
use super::convert::path_to_uri;
use super::convert::{range_in_rope, range_in_str, severity, to_lsp_pos};
use super::document::CheckedDoc;
use super::messages;
use super::snapshot::ClientContext;
use crate::i18n::Locale;
use crate::rules::index::{LoadedRules, RulesRoot};
use crate::rules::sweep::FileFindings;
use crate::rules::{Problem, ProblemKind, Truncated, Violation, user};
use crate::text::Encoding;

pub const SOURCE: &str = "autofix";

/// How a rule is pointed at from its diagnostics, computed once per rule.
struct RuleLink {
    location: Option<Location>,
    href: Option<Uri>,
    related: String,
}

/// A rule's code in diagnostics: its number, or `user#N` for a user rule.
pub fn rule_code(key: u64) -> NumberOrString {
    if user::is_key(key) {
        NumberOrString::String(user::code(key))
    } else {
        NumberOrString::Number(i32::try_from(key).unwrap_or(i32::MAX))
    }
}

fn rule_link(rules: &LoadedRules, number: u64, encoding: Encoding, locale: Locale) -> RuleLink {
    let Some((rule, _)) = rules.set.rule(number) else {
        return RuleLink {
            location: None,
            href: None,
            related: String::new(),
        };
    };
    // A user rule points into the user's rules file.
    let (range, uri) = match rules.set.user.as_ref().filter(|_| user::is_key(number)) {
        Some(layer) => (
            range_in_str(
                &layer.rules.set.source,
                &layer.rules.lines,
                &rule.span.object,
                encoding,
            ),
            path_to_uri(&layer.rules.set.path),
        ),
        None => (
            range_in_str(&rules.set.source, &rules.lines, &rule.span.object, encoding),
            path_to_uri(&rules.set.path),
        ),
    };
    let uri = uri.as_ref();
    let location = uri.cloned().map(|uri| Location { uri, range });
    let href = uri.and_then(|u| Uri::from_str(&format!("{}#L{}", u.as_str(), range.start.line + 1)).ok());
    RuleLink {
        location,
        href,
        related: messages::related(locale, number, rule.category, &rule.why),
    }
}

/// The diagnostics of a document's visible violations, and a note for each check that stopped
/// at the violation limit (`truncated`): shown on its last violation, so the Problems panel
/// never suggests a file has only a thousand when it has more.
pub fn for_violations(
    checked: &CheckedDoc,
    rules: &LoadedRules,
    rope: &Rope,
    ctx: &ClientContext,
) -> Vec<Diagnostic> {
    render(
        &checked.visible,
        &checked.checked.truncated,
        rules,
        ctx,
        |_, v| range_in_rope(rope, &v.range, ctx.encoding),
    )
}

/// The diagnostics of a file's violations as found on disk by the workspace sweep, whose
/// positions were worked out when it was read.
pub fn for_findings(found: &FileFindings, rules: &LoadedRules, ctx: &ClientContext) -> Vec<Diagnostic> {
    render(&found.violations, &found.truncated, rules, ctx, |i, _| {
        let (start, end) = found.positions.get(i).copied().unwrap_or_default();
        Range::new(to_lsp_pos(start), to_lsp_pos(end))
    })
}

/// Violations as diagnostics; `range_of` gives the range of the violation at an index.
fn render(
    violations: &[Violation],
    truncated: &[Truncated],
    rules: &LoadedRules,
    ctx: &ClientContext,
    range_of: impl Fn(usize, &Violation) -> Range,
) -> Vec<Diagnostic> {
    let limit = rules.set.checker.limit();
    let (encoding, locale, config) = (ctx.encoding, ctx.locale, &ctx.config);
    let mut links: HashMap<u64, RuleLink> = HashMap::new();
    let mut out = Vec::with_capacity(violations.len());
    for (i, v) in violations.iter().enumerate() {
        let category = rules.set.rule(v.rule).map(|(r, _)| r.category);
        let mut level = v.severity;
        if let Some(category) = category {
            match config.override_for(v.rule, category) {
                Some(Override::Off) => continue,
                Some(Override::Severity(s)) => level = s,
                None => {}
            }
        }
        let link = links
            .entry(v.rule)
            .or_insert_with(|| rule_link(rules, v.rule, encoding, locale));
        let range = range_of(i, v);
        let mut message = v.message.to_string();
        if v.inferred {
            message.push_str(messages::inferred_suffix(locale));
        }
        out.push(Diagnostic {
            range,
            severity: Some(severity(level)),
            code: Some(rule_code(v.rule)),
            code_description: link.href.clone().map(|href| CodeDescription { href }),
            source: Some(SOURCE.into()),
            message,
            related_information: link.location.clone().map(|location| {
                vec![DiagnosticRelatedInformation {
                    location,
                    message: link.related.clone(),
                }]
            }),
            tags: None,
            // The number as the rule's file has it, and the layer: a key would not survive a
            // JSON reader's doubles.
            data: Some(if user::is_key(v.rule) {
                json!({
                    "rule": user::number(v.rule),
                    "user": true,
                    "fix": v.fix,
                    "inferred": v.inferred
                })
            } else {
                json!({
                    "rule": v.rule,
                    "fix": v.fix,
                    "inferred": v.inferred
                })
            }),
        });
    }
    for cut in truncated {
        let Some(last) = violations.iter().rposition(|v| v.check == cut.check) else {
            continue;
        };
        out.push(Diagnostic {
            range: range_of(last, &violations[last]),
            severity: Some(DiagnosticSeverity::INFORMATION),
            // No `code`: a note about rule N is not one more violation of it.
            source: Some(SOURCE.into()),
            message: messages::truncated(locale, cut.rule, limit),
            data: Some(if user::is_key(cut.rule) {
                json!({ "rule": user::number(cut.rule), "user": true, "truncated": true })
            } else {
                json!({ "rule": cut.rule, "truncated": true })
            }),
            ..Default::default()
        });
    }
    out
}

fn problem_diagnostic(problem: &Problem, range: Range, locale: Locale) -> Diagnostic {
    Diagnostic {
        range,
        severity: Some(severity(problem.severity())),
        code: Some(NumberOrString::String(problem.code().into())),
        code_description: None,
        source: Some(SOURCE.into()),
        message: problem.message(locale),
        related_information: None,
        tags: problem.is_unnecessary().then(|| vec![DiagnosticTag::UNNECESSARY]),
        data: problem
            .rule
            .map(|rule| json!({ "rule": rule, "problem": problem.code() })),
    }
}

/// The diagnostics of a rules file at `path`: its own problems when it is the file in force, or
/// a note saying which file is when it is shadowed.
pub fn for_rules_file(root: &RulesRoot, path: &Path, encoding: Encoding, locale: Locale) -> Vec<Diagnostic> {
    if root.shadowed.iter().any(|p| p == path) {
        let in_force = root.file.clone().unwrap_or_default();
        let shown = in_force
            .strip_prefix(&root.dir)
            .map(Path::to_path_buf)
            .unwrap_or(in_force);
        let problem = Problem::new(ProblemKind::LowerPriorityFile { in_force: shown }, 0..0);
        return vec![problem_diagnostic(&problem, Range::default(), locale)];
    }
    if root.file.as_deref() != Some(path) {
        return Vec::new();
    }
    if let Some(error) = &root.read_error {
        return vec![Diagnostic {
            range: Range::default(),
            severity: Some(severity(crate::rules::Severity::Error)),
            source: Some(SOURCE.into()),
            message: error.clone(),
            ..Default::default()
        }];
    }
    let Some(latest) = &root.latest else {
        return Vec::new();
    };
    latest
        .set
        .problems
        .iter()
        .map(|p| {
            problem_diagnostic(
                p,
                range_in_str(&latest.set.source, &latest.lines, &p.span, encoding),
                locale,
            )
        })
        .collect()
}
