//! The MCP tools: their names, input and output schemas, and each call — arguments read and
//! checked here (a wrong type is a tool error the model can read, not a protocol error), the
//! work done by the [`Workspace`], and the result as structured content plus a short text
//! written for a model.

use std::fmt::Write as _;
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::agent::workspace::{
    AgentError, Applied, Checked, EnforceOptions, Enforced, Learned, Place, RulesFor, Sample, Workspace,
};
use crate::cli::format::Report;
use crate::rules::learn::NewRule;
use crate::rules::listing::CheckEntry;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesForArgs {
    /// The file you are about to edit: absolute inside the project, or relative to its root.
    pub path: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckArgs {
    /// The file to check: absolute inside the project, or relative to its root.
    pub path: String,
    /// The text to check as that file (unsaved or proposed content). Without it, the file on disk is checked.
    #[serde(default)]
    #[schemars(with = "String")]
    pub content: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LearnRuleArgs {
    /// STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX or OTHER.
    pub category: String,
    /// The rule, imperative and concrete: "Never/Always do X" (name the API, package, file or pattern, in backticks).
    pub instruction: String,
    /// Why the rule exists (the correction or incident behind it).
    pub why: String,
    /// An explicit check, as in autofix.json: `{"Pattern": "regex", "Files": ["*.ts"], "Fix": "…", "Within": "code", …}`. Without it, a check is inferred from the words.
    #[serde(default)]
    #[schemars(with = "serde_json::Map<String, Value>")]
    pub check: Option<Value>,
    /// Numbers of older rules this one replaces.
    #[serde(default)]
    #[schemars(with = "Vec<u32>")]
    pub supersedes: Vec<u64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnforceRuleArgs {
    /// The number of the rule to check: one in force, without a `Check` of its own.
    #[schemars(with = "u32")]
    pub rule_number: u64,
    /// The check, as in autofix.json: `{"Pattern": "regex", "Files": ["*.ts"], "Within": "code"}` (a regex; `Files` globs, `!` to leave out; `Within`: code, comments, strings or any), `{"Require": "regex", "Files": […]}` for what every file must hold, `{"Forbidden_paths": ["glob"]}` for files that must not exist, `{"Indent": 2, "Files": […]}` for the spaces each nesting level indents — or an array of them.
    #[schemars(schema_with = "check_schema")]
    pub check: Value,
    /// Validate the check and report what it finds, without writing it.
    #[serde(default)]
    pub dry_run: bool,
    /// Replace the rule's `Check` if it has one (to narrow a check written before).
    #[serde(default)]
    pub replace: bool,
    /// A text to try the check on, as the file `path` (it need not exist): the result says what the check finds in it — how to see that a check catches a violation the project does not hold today.
    #[serde(default)]
    pub sample: Option<SampleArgs>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SampleArgs {
    /// The file the text stands for: absolute inside the project, or relative to its root.
    pub path: String,
    /// The text.
    pub content: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyDiffArgs {
    /// The file to change: absolute inside the project, or relative to its root.
    pub path: String,
    /// One or more SEARCH/REPLACE blocks: `<<<<<<< SEARCH`, optional `:start_line:N` and `-------`, the exact current lines, `=======`, the new lines, `>>>>>>> REPLACE`.
    pub diff: String,
    /// Minimum similarity for a match, 0 to 1 (default 1: exact up to whitespace and typography).
    #[serde(default)]
    #[schemars(with = "f64", range(min = 0.0, max = 1.0))]
    pub threshold: Option<f64>,
    /// Report what would happen (with the new content) without writing the file.
    #[serde(default)]
    pub dry_run: bool,
}

/// A `Check` is one object or an array of them.
fn check_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "anyOf": [
            {"type": "object"},
            {"type": "array", "items": {"type": "object"}}
        ]
    })
}

/// The tools, as listed to clients.
pub fn list() -> Vec<Tool> {
    vec![
        tool::<RulesForArgs>(
            "rules_for",
            "Rules for a file",
            "The project's rules in force for a file, newest first: read them BEFORE you edit that file. Each rule has its number, category, instruction, why, what is checked and whether the check is inferred from its words.",
            rules_for_output(),
            true,
        ),
        tool::<CheckArgs>(
            "check",
            "Check a file against the rules",
            "Check a file — on disk, or `content` you are about to write — against the project's rules. Returns every violation with line, column, rule and fix (the `autofix check --format json` report). Call it after each edit and fix what it reports.",
            check_output(),
            true,
        ),
        tool::<LearnRuleArgs>(
            "learn_rule",
            "Learn a rule",
            "Append a rule to the project's rules file (autofix.json) so the mistake is never repeated: call it when the user corrects you. Rules are never deleted; a newer rule supersedes an older one (`supersedes`). The rule is enforced at once, in the editor too.",
            learn_output(),
            false,
        ),
        tool::<EnforceRuleArgs>(
            "enforce_rule",
            "Enforce a rule with a check",
            "Write a check into a rule that has none (its words name something a regex can find, but autofix could not infer it): validated like autofix.json, written atomically, enforced at once in the editor too. The result says what the check finds in the project now (up to 100 places) — read them: every one must be a real violation of the rule; if not, narrow the check and try again. `dry_run` tries a check without writing it; `sample` tries it on a text of yours too; `replace` replaces a check written before. Patterns are Rust regexes (no lookaround), matched over the whole file; `Within` looks at where the match's `hit` group (else the match) starts. A glob without `/` matches at any depth; a glob that matches a folder covers every file inside it.",
            enforce_output(),
            false,
        ),
        tool::<ApplyDiffArgs>(
            "apply_diff",
            "Apply a SEARCH/REPLACE diff",
            "Apply SEARCH/REPLACE blocks to a file inside the project (fuzzy matching, indentation kept). Returns a report per block; a failed block says where the closest match is — read the file again before retrying.",
            apply_diff_output(),
            false,
        ),
    ]
}

fn tool<A: JsonSchema>(
    name: &'static str,
    title: &str,
    description: &'static str,
    output: Value,
    read_only: bool,
) -> Tool {
    let input =
        object(serde_json::to_value(schemars::schema_for!(A)).unwrap_or_else(|_| json!({"type": "object"})));
    let mut tool = Tool::new(name, description, Arc::new(input));
    tool.title = Some(title.to_string());
    tool.output_schema = Some(Arc::new(object(output)));
    let mut annotations = ToolAnnotations::default();
    annotations.title = Some(title.to_string());
    annotations.read_only_hint = Some(read_only);
    annotations.destructive_hint = Some(false);
    annotations.idempotent_hint = Some(read_only);
    annotations.open_world_hint = Some(false);
    tool.annotations = Some(annotations);
    tool
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(mut map) => {
            // Clients expect a plain object schema at the top.
            map.remove("$schema");
            map.remove("title");
            map
        }
        _ => JsonObject::new(),
    }
}

/// Runs tool `name` with `arguments` (blocking: call it off the async runtime).
pub fn call(workspace: &Workspace, name: &str, arguments: Option<JsonObject>) -> CallToolResult {
    let arguments = Value::Object(arguments.unwrap_or_default());
    let result = match name {
        "rules_for" => args::<RulesForArgs>(name, arguments)
            .and_then(|a| workspace.rules_for(&a.path))
            .map(|r| rules_for_result(&r)),
        "check" => args::<CheckArgs>(name, arguments)
            .and_then(|a| workspace.check(&a.path, a.content.as_deref()))
            .map(|c| check_result(&c)),
        "learn_rule" => args::<LearnRuleArgs>(name, arguments)
            .and_then(|a| {
                workspace.learn(&NewRule {
                    category: a.category,
                    instruction: a.instruction,
                    why: a.why,
                    check: a.check.filter(|c| !c.is_null()),
                    supersedes: a.supersedes,
                })
            })
            .map(|l| learn_result(&l)),
        "enforce_rule" => args::<EnforceRuleArgs>(name, arguments)
            .and_then(|a| {
                workspace.enforce(
                    a.rule_number,
                    &a.check,
                    EnforceOptions {
                        dry_run: a.dry_run,
                        replace: a.replace,
                        sample: a.sample.map(|s| Sample {
                            path: s.path,
                            content: s.content,
                        }),
                    },
                )
            })
            .map(|e| enforce_result(&e)),
        "apply_diff" => args::<ApplyDiffArgs>(name, arguments)
            .and_then(|a| workspace.apply_diff(&a.path, &a.diff, a.threshold, a.dry_run))
            .map(|a| apply_diff_result(&a)),
        other => Err(AgentError(format!(
            "unknown tool `{other}`: this server has rules_for, check, learn_rule, enforce_rule and apply_diff"
        ))),
    };
    result.unwrap_or_else(|e| CallToolResult::error(vec![ContentBlock::text(e.0)]))
}

/// The arguments of tool `name`, or an error naming what is wrong and the expected shape.
fn args<A: DeserializeOwned + JsonSchema>(name: &str, arguments: Value) -> Result<A, AgentError> {
    serde_json::from_value(arguments).map_err(|e| {
        let schema = serde_json::to_value(schemars::schema_for!(A)).unwrap_or_default();
        let fields: Vec<String> = schema["properties"]
            .as_object()
            .map(|p| {
                p.iter()
                    .map(|(k, v)| {
                        let required = schema["required"]
                            .as_array()
                            .is_some_and(|r| r.iter().any(|x| x == k));
                        let kind = match &v["type"] {
                            Value::String(t) => t.clone(),
                            Value::Array(ts) => ts
                                .iter()
                                .filter_map(Value::as_str)
                                .filter(|t| *t != "null")
                                .collect::<Vec<_>>()
                                .join("|"),
                            _ => "any".to_string(),
                        };
                        format!("{k}: {kind}{}", if required { "" } else { " (optional)" })
                    })
                    .collect()
            })
            .unwrap_or_default();
        AgentError(format!(
            "invalid arguments for {name}: {e} — expected {{{}}}",
            fields.join(", ")
        ))
    })
}

fn success(structured: Value, text: String) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(structured);
    result
}

fn rules_for_result(r: &RulesFor) -> CallToolResult {
    let rules: Vec<Value> = r
        .rules
        .iter()
        .map(|entry| {
            let mut value = serde_json::to_value(entry).unwrap_or_default();
            value["checked"] = json!(
                entry
                    .checks
                    .iter()
                    .map(|c| c.described.clone())
                    .collect::<Vec<_>>()
            );
            value["inferred"] =
                json!(!entry.checks.is_empty() && entry.checks.iter().all(|c| c.origin == "inferred"));
            value
        })
        .collect();
    let mut structured = json!({ "rules_file": r.rules_file, "path": r.path, "rules": rules });
    if let Some(warning) = &r.warning {
        structured["warning"] = json!(warning);
    }
    let mut text = String::new();
    if let Some(warning) = &r.warning {
        let _ = writeln!(text, "warning: {warning}\n");
    }
    if r.rules.is_empty() {
        let _ = writeln!(text, "No rule in {} applies to {}.", r.rules_file, r.path);
    } else {
        let _ = writeln!(
            text,
            "{} rule{} in force for {} ({}), newest first — follow them in this edit:",
            r.rules.len(),
            if r.rules.len() == 1 { "" } else { "s" },
            r.path,
            r.rules_file
        );
    }
    for rule in &r.rules {
        let _ = write!(
            text,
            "- {} [{}] {} — why: {}",
            crate::rules::user::label(rule.key),
            rule.category,
            rule.instruction,
            rule.why
        );
        let checked: Vec<String> = rule.checks.iter().map(in_brief).collect();
        if !checked.is_empty() {
            let inferred = rule.checks.iter().all(|c| c.origin == "inferred");
            let _ = write!(
                text,
                " (checked{}: {})",
                if inferred { ", inferred from its words" } else { "" },
                checked.join("; ")
            );
        }
        text.push('\n');
    }
    success(json!(structured), text)
}

/// What a check looks for, in a few words for the text part (an inferred check can list a dozen
/// file globs); the structured part has it whole.
fn in_brief(check: &CheckEntry) -> String {
    let mut parts = Vec::new();
    if let Some(pattern) = &check.pattern {
        parts.push(format!("pattern `{pattern}`"));
    }
    if let Some(require) = &check.require {
        parts.push(format!("requires `{require}`"));
    }
    if !check.forbidden_paths.is_empty() {
        parts.push(format!("no files in {}", check.forbidden_paths.join(", ")));
    }
    if let Some(step) = check.indent {
        parts.push(format!("indents {step} spaces per level"));
    }
    if let Some(within) = check.within {
        parts.push(format!("in {within} only"));
    }
    let included: Vec<&str> = check
        .files
        .iter()
        .map(String::as_str)
        .filter(|f| !f.starts_with('!'))
        .collect();
    if !included.is_empty() {
        let shown = included.iter().take(4).copied().collect::<Vec<_>>().join(", ");
        let more = if included.len() > 4 { ", …" } else { "" };
        parts.push(format!("files {shown}{more}"));
    }
    if parts.is_empty() {
        check.described.clone()
    } else {
        parts.join(", ")
    }
}

/// The `check --format json` contract, as a value.
fn report_value(report: &Report) -> Value {
    crate::cli::format::json::value(report)
}

/// Violations listed in a check's text: enough to act on, few enough not to flood a model's
/// context (the structured result has them all).
const TEXT_VIOLATIONS: usize = 30;

fn check_result(c: &Checked) -> CallToolResult {
    let report = &c.report;
    let mut text = String::new();
    if let Some(warning) = &c.warning {
        let _ = writeln!(text, "warning: {warning}\n");
    }
    let path = report.findings.first().map(|f| f.path.clone());
    let mut listed = 0;
    if report.findings.is_empty() {
        let _ = writeln!(text, "Clean: no rule is broken.");
    } else {
        let count = report.findings.len();
        let _ = writeln!(
            text,
            "{count} violation{} in {} — fix each before you go on:",
            if count == 1 { "" } else { "s" },
            path.unwrap_or_default()
        );
        // Grouped by rule, in the order rules are first met.
        let mut order: Vec<u64> = Vec::new();
        for f in &report.findings {
            if !order.contains(&f.rule) {
                order.push(f.rule);
            }
        }
        for rule in order {
            if listed >= TEXT_VIOLATIONS {
                break;
            }
            let group: Vec<_> = report.findings.iter().filter(|f| f.rule == rule).collect();
            let first = group[0];
            let _ = writeln!(
                text,
                "{} [{}] {} — why: {}",
                crate::rules::user::label(rule),
                first.category.as_str(),
                first.instruction,
                first.why
            );
            for f in group.into_iter().take(TEXT_VIOLATIONS - listed) {
                listed += 1;
                let matched = f
                    .frame
                    .first()
                    .map(|l| {
                        l.text
                            .chars()
                            .skip(l.marked.start)
                            .take(l.marked.len())
                            .collect::<String>()
                    })
                    .unwrap_or_default();
                let _ = write!(text, "  line {}:{} `{}`", f.line, f.column, matched.trim());
                if f.message != f.instruction {
                    let _ = write!(text, " — {}", f.message);
                }
                if let Some(fix) = &f.fix {
                    let _ = write!(text, " → fix: `{fix}`");
                }
                text.push('\n');
            }
        }
    }
    if report.findings.len() > listed {
        let _ = writeln!(
            text,
            "… and {} more (every violation is in the structured result); fix these, then check again.",
            report.findings.len() - listed
        );
    }
    for t in &report.truncated {
        let _ = writeln!(text, "note: {}", t.message());
    }
    success(report_value(report), text)
}

fn learn_result(l: &Learned) -> CallToolResult {
    let structured = json!({
        "rule_number": l.rule_number,
        "category": l.category.as_str(),
        "path": l.path,
        "message": l.message,
        "warnings": l.warnings,
    });
    let mut text = l.message.clone();
    for w in &l.warnings {
        let _ = write!(text, "\nwarning: {w}");
    }
    success(structured, text)
}

fn enforce_result(e: &Enforced) -> CallToolResult {
    let found = &e.found;
    let mut structured = json!({
        "rule_number": e.rule_number,
        "path": e.path,
        "written": e.written,
        "checks": e.checks,
        "found": {
            "violations": found.violations,
            "files": found.files,
            "scanned": found.scanned,
            "truncated": found.truncated,
            "places": found.places,
        },
    });
    if let Some(replaced) = &e.replaced {
        structured["replaced"] = json!(replaced);
    }
    if e.inferred_replaced > 0 {
        structured["inferred_replaced"] = json!(e.inferred_replaced);
    }
    if let Some(sample) = &e.sample {
        structured["sample"] = json!({"violations": sample.violations, "places": sample.places});
    }
    let mut text = if e.written {
        format!("Rule #{} now checks (written to {}):", e.rule_number, e.path)
    } else {
        format!("Dry run: rule #{} would check (nothing written):", e.rule_number)
    };
    for check in &e.checks {
        let _ = write!(text, "\n- {check}");
    }
    if let Some(replaced) = &e.replaced {
        let _ = write!(text, "\nIt replaces: {}", crate::text::one_line(replaced));
    }
    if e.inferred_replaced > 0 {
        let _ = write!(
            text,
            "\nIt takes the place of the {} check(s) inferred from the rule's words (a rule's `Check` is all that is checked).",
            e.inferred_replaced
        );
    }
    if let Some(sample) = &e.sample {
        let end = if sample.places.is_empty() { "." } else { ":" };
        let _ = write!(text, "\nIn the sample it finds {}{end}", sample.violations);
        write_places(&mut text, &sample.places);
        if sample.violations > sample.places.len() {
            let _ = write!(text, "\n  … and {} more", sample.violations - sample.places.len());
        }
    }
    let more = if found.truncated { "at least " } else { "" };
    let _ = write!(
        text,
        "\nIn the project it finds {more}{} violation(s) in {} of the {} file(s) it covers, checked now:",
        found.violations, found.files, found.scanned
    );
    write_places(&mut text, &found.places);
    if found.violations > found.places.len() {
        let _ = write!(
            text,
            "\n  … and {} more (not listed: narrow the check, or try it on part of the project with `Files`)",
            found.violations - found.places.len()
        );
    }
    let caught = e.sample.as_ref().map(|s| s.violations > 0);
    text.push_str(match (found.violations, e.written) {
        (0, _) if caught == Some(true) => {
            "\nNothing matches in the project today; the sample shows the check catches a violation."
        }
        (0, _) if caught == Some(false) => {
            "\nNothing matches in the project today, nor in the sample: if the sample holds a violation, the check misses it."
        }
        (0, false) => {
            "\nNothing matches in the project today: it may be clean — pass a `sample` holding a violation to see the check catch it before you write it."
        }
        (0, true) => {
            "\nNothing matches in the project today: pass a `sample` (with `replace`) to see the check catch a violation."
        }
        (_, false) => {
            "\nEvery place above must break the rule; if one does not, narrow the check and try again."
        }
        (_, true) => {
            "\nEvery place above must break the rule; if one does not, narrow the check: call enforce_rule again with `replace: true`."
        }
    });
    success(structured, text)
}

fn write_places(text: &mut String, places: &[Place]) {
    for p in places {
        // Whitespace (a trailing space, an indentation) is shown escaped, or it would not show;
        // so is a match over several lines, or it would read as more places.
        let matched = if p.matched.trim().is_empty() || p.matched.contains(['\n', '\r']) {
            format!("{:?}", p.matched)
        } else {
            format!("`{}`", p.matched)
        };
        let path = if p.path.chars().any(char::is_control) {
            format!("{:?}", p.path)
        } else {
            p.path.clone()
        };
        let _ = write!(
            text,
            "\n  {path}:{}:{}  {matched}  | {}",
            p.line, p.column, p.line_text
        );
    }
}

fn apply_diff_result(a: &Applied) -> CallToolResult {
    let mut structured = serde_json::to_value(&a.outcome).unwrap_or_default();
    structured["path"] = json!(a.path);
    structured["written"] = json!(a.written);
    let outcome = &a.outcome;
    let mut text = String::new();
    for warning in &outcome.warnings {
        let _ = writeln!(text, "warning: {warning}");
    }
    let state = if a.written {
        "written"
    } else if outcome.content.is_some() {
        "dry run: not written"
    } else {
        "not written"
    };
    let _ = writeln!(text, "{}: {} ({state})", a.path, outcome.summary());
    for block in &outcome.blocks {
        let _ = writeln!(text, "{}", block.human());
    }
    if let Some(error) = &outcome.error {
        let _ = writeln!(text, "\n{error}");
    }
    let mut result = success(structured, text);
    // Some block failed: the model must see it as a failure to act on.
    result.is_error = Some(!outcome.all_applied());
    result
}

fn rules_for_output() -> Value {
    json!({
        "type": "object",
        "required": ["rules_file", "path", "rules"],
        "properties": {
            "rules_file": {"type": "string", "description": "The rules file, relative to the project root."},
            "path": {"type": "string", "description": "The file, relative to the rules file's folder."},
            "warning": {"type": "string"},
            "rules": {
                "type": "array",
                "description": "Newest first.",
                "items": {
                    "type": "object",
                    "required": ["rule_number", "category", "instruction", "why", "checks", "checked", "inferred"],
                    "properties": {
                        "rule_number": {"type": "integer"},
                        "category": {"type": "string"},
                        "instruction": {"type": "string"},
                        "why": {"type": "string"},
                        "status": {"type": "string"},
                        "line": {"type": "integer"},
                        "checks": {"type": "array", "items": {"type": "object"}},
                        "superseded_by": {"type": "integer"},
                        "retires": {"type": "array", "items": {"type": "object"}, "description": "Older rules this one retired, and why."},
                        "extra": {"type": "object"},
                        "source": {"type": "string", "enum": ["user"], "description": "A rule of the user's own rules file, in force under the project's (its number is that file's)."},
                        "checked": {"type": "array", "items": {"type": "string"}, "description": "What each check looks for, in words."},
                        "inferred": {"type": "boolean", "description": "The checks were inferred from the rule's words."}
                    }
                }
            }
        }
    })
}

fn check_output() -> Value {
    json!({
        "type": "object",
        "required": ["rules_files", "files_checked", "violations", "truncated", "files_skipped", "errors"],
        "properties": {
            "rules_files": {"type": "array", "items": {"type": "string"}},
            "files_checked": {"type": "integer"},
            "violations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["path", "line", "column", "end_line", "end_column", "rule", "category", "severity", "message", "inferred", "fix"],
                    "properties": {
                        "path": {"type": "string"},
                        "line": {"type": "integer"},
                        "column": {"type": "integer"},
                        "end_line": {"type": "integer"},
                        "end_column": {"type": "integer"},
                        "rule": {"type": "integer"},
                        "category": {"type": "string"},
                        "severity": {"type": "string"},
                        "message": {"type": "string"},
                        "inferred": {"type": "boolean"},
                        "fix": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                        "source": {"type": "string", "enum": ["user"], "description": "The rule broken belongs to the user's own rules file (`rule` is its number there)."}
                    }
                }
            },
            "truncated": {"type": "array", "items": {"type": "object"}},
            "files_skipped": {"type": "array", "items": {"type": "object"}},
            "errors": {"type": "array", "items": {"type": "object"}}
        }
    })
}

fn learn_output() -> Value {
    json!({
        "type": "object",
        "required": ["rule_number", "category", "path", "message", "warnings"],
        "properties": {
            "rule_number": {"type": "integer"},
            "category": {"type": "string"},
            "path": {"type": "string", "description": "The rules file written, relative to the project root."},
            "message": {"type": "string"},
            "warnings": {"type": "array", "items": {"type": "string"}}
        }
    })
}

fn enforce_output() -> Value {
    json!({
        "type": "object",
        "required": ["rule_number", "path", "written", "checks", "found"],
        "properties": {
            "rule_number": {"type": "integer"},
            "replaced": {"type": "string", "description": "The `Check` replaced, as it was written."},
            "inferred_replaced": {"type": "integer", "description": "Checks inferred from the rule's words that the written check takes the place of."},
            "sample": {"type": "object", "description": "What the check finds in the sample: `violations` and the first 100 `places`."},
            "path": {"type": "string", "description": "The rules file, relative to the project root."},
            "written": {"type": "boolean"},
            "checks": {"type": "array", "items": {"type": "string"}, "description": "Each check, in words."},
            "found": {
                "type": "object",
                "required": ["violations", "files", "scanned", "truncated", "places"],
                "properties": {
                    "violations": {"type": "integer"},
                    "files": {"type": "integer", "description": "Files with a violation."},
                    "scanned": {"type": "integer", "description": "Files the check covers, read and checked."},
                    "truncated": {"type": "boolean", "description": "The counts are a lower bound: the walk stopped at 20,000 files, or a file held more violations than a check reports."},
                    "places": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["path", "line", "column", "matched", "line_text"],
                            "properties": {
                                "path": {"type": "string"},
                                "line": {"type": "integer"},
                                "column": {"type": "integer"},
                                "matched": {"type": "string"},
                                "line_text": {"type": "string"}
                            }
                        }
                    }
                }
            }
        }
    })
}

fn apply_diff_output() -> Value {
    json!({
        "type": "object",
        "required": ["success", "blocks", "error", "path", "written"],
        "properties": {
            "success": {"type": "boolean", "description": "At least one block applied."},
            "path": {"type": "string"},
            "written": {"type": "boolean"},
            "content": {"type": "string", "description": "The new content (dry run only)."},
            "error": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "warnings": {"type": "array", "items": {"type": "string"}},
            "blocks": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["index", "status"],
                    "properties": {
                        "index": {"type": "integer"},
                        "status": {"type": "string"},
                        "line": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                        "similarity": {"anyOf": [{"type": "number"}, {"type": "null"}]},
                        "error": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                        "match": {"type": "string"},
                        "reason": {"type": "string"}
                    }
                }
            }
        }
    })
}
