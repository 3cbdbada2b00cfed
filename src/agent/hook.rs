//! `autofix hook`: an agent's file-edit hook. Reads one hook event (JSON on stdin) in the shape
//! Claude Code, Gemini CLI, Cursor, GitHub Copilot, Windsurf or Cline send it, checks the edited file (after the
//! edit) or the proposed content (before it) against the rules that govern it, and decides: exit
//! 0 and silence when clean; exit 2 with a compact report for the model on stderr when the edit
//! breaks a rule. Input it does not understand, and its own failures, never block an agent: they
//! exit 0 with a one-line note.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::access::{AccessError, AccessPolicy, Intent, MAX_TEXT_BYTES, ReadError, lexical};
use crate::cli::check::check_text;
use crate::cli::format::{Finding, Report};
use crate::paths::display_path;
use crate::rules::index::{Boundary, RulesIndex};
use crate::rules::store;
use crate::rules::{BuildOptions, Severity};

/// The largest event read from stdin: a `Write` carries the whole file, and files over
/// [`MAX_TEXT_BYTES`] are not checked anyway.
pub const MAX_EVENT_BYTES: u64 = MAX_TEXT_BYTES * 2 + (1 << 20);

/// Violations listed in a report before "and N more".
pub const MAX_LISTED: usize = 10;

/// A NUL byte in this many first bytes makes a file binary (as `autofix check` judges it).
const BINARY_PROBE_BYTES: usize = 8192;

/// When the hook runs: after the edit is on disk, or before it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The edit is written: check the file on disk.
    Post,
    /// The edit is proposed: check what it would write, and block it on a new violation.
    Pre,
}

/// Who sent the event: decides how a block is expressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Claude Code, and the agents that copied its shape (VS Code's `PreToolUse`/`PostToolUse`).
    Claude,
    /// Gemini CLI (`BeforeTool`/`AfterTool`).
    Gemini,
    /// Cursor (`afterFileEdit`).
    Cursor,
    /// GitHub Copilot CLI in its camelCase shape (`toolName`/`toolArgs`): a non-zero exit does
    /// not block there, a `permissionDecision` on stdout does.
    Copilot,
    /// Windsurf Cascade (`pre_write_code`/`post_write_code`, `tool_info`).
    Windsurf,
    /// Cline (`hookName`, `preToolUse`/`postToolUse`): any non-zero exit blocks there, so it is
    /// answered on stdout (`cancel`, `contextModification`) with exit 0.
    Cline,
}

/// What the hook decided: the exit code and what to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub code: u8,
    pub stdout: String,
    pub stderr: String,
}

impl Decision {
    fn allow() -> Decision {
        Decision {
            code: 0,
            stdout: String::new(),
            stderr: String::new(),
        }
    }

    /// Let the agent go on, saying why nothing was checked (one line).
    fn note(message: impl AsRef<str>) -> Decision {
        Decision {
            code: 0,
            stdout: String::new(),
            stderr: format!("autofix hook: {}\n", message.as_ref().trim_end()),
        }
    }
}

/// One text replacement of an edit tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    pub old: String,
    pub new: String,
    pub all: bool,
}

/// What a tool does to its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Writes this whole content.
    Write(String),
    /// Replaces text, in sequence.
    Edit(Vec<Replacement>),
    /// Applies SEARCH/REPLACE blocks (Cline's `replace_in_file`).
    Diff(String),
    /// Edited somehow (only the path is known: Cursor's `afterFileEdit`).
    Unknown,
}

/// The file edit an event describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    pub agent: Agent,
    /// The event its name says, if any.
    pub event: Option<Event>,
    pub tool: String,
    pub file_path: String,
    pub change: Change,
    /// The folder the agent works in.
    pub cwd: Option<PathBuf>,
}

/// Why an event is not one to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Not JSON, or not an object.
    Malformed(String),
    /// An event that is not about a tool (a `Stop`, a `SessionStart`…).
    NotAToolEvent(String),
    /// A tool that does not edit a file as text (`Bash`, `NotebookEdit`…).
    Tool(String),
    /// A file-edit tool whose input lacks what it needs.
    Incomplete(String),
}

impl Skip {
    fn message(&self) -> String {
        match self {
            Skip::Malformed(why) => {
                format!("the event is not a hook event this version understands ({why}); nothing checked")
            }
            Skip::NotAToolEvent(name) => format!("`{name}` is not a file-edit event; nothing checked"),
            Skip::Tool(name) => format!("tool `{name}` does not edit a file as text; nothing checked"),
            Skip::Incomplete(why) => format!("{why}; nothing checked"),
        }
    }
}

fn str_field<'a>(object: &'a Value, names: &[&str]) -> Option<&'a str> {
    names.iter().find_map(|n| object.get(*n).and_then(Value::as_str))
}

/// The event an agent's event name means.
fn event_of(name: &str) -> Option<Event> {
    match name {
        "PostToolUse" | "AfterTool" | "afterFileEdit" | "afterTabFileEdit" | "postToolUse"
        | "post_write_code" => Some(Event::Post),
        "PreToolUse" | "BeforeTool" | "preToolUse" | "pre_write_code" => Some(Event::Pre),
        _ => None,
    }
}

/// Reads an event. Field names follow each agent's documentation (see
/// `tests/fixtures/hooks/README.md`); unknown fields are ignored.
pub fn parse(input: &[u8]) -> Result<ToolCall, Skip> {
    let value: Value =
        serde_json::from_slice(input).map_err(|e| Skip::Malformed(format!("not JSON: {e}")))?;
    if !value.is_object() {
        return Err(Skip::Malformed("not a JSON object".into()));
    }
    let name = str_field(
        &value,
        &[
            "hook_event_name",
            "hookEventName",
            "agent_action_name",
            "hookName",
        ],
    )
    .map(str::to_string);
    let cwd = str_field(&value, &["cwd"])
        .map(PathBuf::from)
        .or_else(|| {
            ["workspace_roots", "workspaceRoots"]
                .iter()
                .find_map(|k| value.get(*k))
                .and_then(Value::as_array)
                .and_then(|roots| roots.first())
                .and_then(Value::as_str)
                .map(PathBuf::from)
        })
        .filter(|p| !p.as_os_str().is_empty());
    let event = name.as_deref().and_then(event_of);
    if let Some(name) = &name
        && event.is_none()
    {
        return Err(Skip::NotAToolEvent(name.clone()));
    }
    // Cursor: the file and its edits at the top level, no tool name.
    if matches!(name.as_deref(), Some("afterFileEdit" | "afterTabFileEdit")) {
        let file_path = str_field(&value, &["file_path"])
            .ok_or_else(|| Skip::Incomplete("the event names no `file_path`".into()))?;
        return Ok(ToolCall {
            agent: Agent::Cursor,
            event,
            tool: name.unwrap_or_default(),
            file_path: file_path.to_string(),
            change: Change::Unknown,
            cwd,
        });
    }
    // Windsurf: the file and its edits under `tool_info`.
    if value.get("agent_action_name").is_some() {
        let info = value.get("tool_info").cloned().unwrap_or(Value::Null);
        let file_path = str_field(&info, &["file_path"])
            .ok_or_else(|| Skip::Incomplete("the event names no `tool_info.file_path`".into()))?;
        let change = match (event, info.get("edits")) {
            (Some(Event::Pre), Some(_)) => change_of("MultiEdit", &info)?,
            _ => Change::Unknown,
        };
        return Ok(ToolCall {
            agent: Agent::Windsurf,
            event,
            tool: name.unwrap_or_default(),
            file_path: file_path.to_string(),
            change,
            cwd,
        });
    }
    // Cline: `hookName`, and the tool under `preToolUse` or `postToolUse`.
    let cline = ["preToolUse", "postToolUse"].iter().find_map(|k| value.get(*k));
    if let (Some(call), true) = (cline, value.get("hookName").is_some()) {
        let tool = str_field(call, &["toolName"]).unwrap_or_default().to_string();
        let input = call.get("parameters").cloned().unwrap_or(Value::Null);
        let change = change_of(&tool, &input)?;
        let file_path = str_field(&input, &["path"])
            .filter(|p| !p.is_empty())
            .ok_or_else(|| Skip::Incomplete(format!("tool `{tool}` names no `path`")))?;
        return Ok(ToolCall {
            agent: Agent::Cline,
            event,
            tool,
            file_path: file_path.to_string(),
            change,
            cwd,
        });
    }
    // Copilot CLI's camelCase shape: `toolName`, and `toolArgs` as an object or a JSON string.
    let (agent, tool, input, event) = if let Some(tool) = str_field(&value, &["toolName"]) {
        let args = match value.get("toolArgs") {
            Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
            Some(v) => v.clone(),
            None => Value::Null,
        };
        let event = event.or(value.get("toolResult").map(|_| Event::Post));
        (Agent::Copilot, tool.to_string(), args, event)
    } else {
        let tool = str_field(&value, &["tool_name"]).ok_or_else(|| {
            Skip::Malformed("no `tool_name`: not a PreToolUse/PostToolUse-style event".into())
        })?;
        let agent = match name.as_deref() {
            Some("AfterTool" | "BeforeTool") => Agent::Gemini,
            _ => Agent::Claude,
        };
        let event = event.or(value.get("tool_response").map(|_| Event::Post));
        (
            agent,
            tool.to_string(),
            value.get("tool_input").cloned().unwrap_or(Value::Null),
            event,
        )
    };
    let change = change_of(&tool, &input)?;
    let file_path = str_field(&input, &["file_path", "path", "filePath"])
        .filter(|p| !p.is_empty())
        .ok_or_else(|| Skip::Incomplete(format!("tool `{tool}` names no `file_path`")))?;
    Ok(ToolCall {
        agent,
        event,
        tool,
        file_path: file_path.to_string(),
        change,
        cwd,
    })
}

/// What tool `tool` does with `input`, for the file-edit tools of each agent.
fn change_of(tool: &str, input: &Value) -> Result<Change, Skip> {
    let replacement = |edit: &Value| -> Result<Replacement, Skip> {
        let old = str_field(edit, &["old_string", "old_str"]);
        let new = str_field(edit, &["new_string", "new_str"]);
        match (old, new) {
            (Some(old), Some(new)) => Ok(Replacement {
                old: old.to_string(),
                new: new.to_string(),
                all: edit.get("replace_all").and_then(Value::as_bool).unwrap_or(false)
                    || edit
                        .get("expected_replacements")
                        .and_then(Value::as_u64)
                        .unwrap_or(1)
                        > 1,
            }),
            _ => Err(Skip::Incomplete(format!(
                "tool `{tool}` has an edit without `old_string` and `new_string`"
            ))),
        }
    };
    match tool {
        // Claude Code `Write`, Gemini CLI `write_file`, Copilot CLI `create`, Cline `write_to_file`.
        "Write" | "write_file" | "create" | "write_to_file" => str_field(input, &["content", "file_text"])
            .map(|c| Change::Write(c.to_string()))
            .ok_or_else(|| Skip::Incomplete(format!("tool `{tool}` has no `content`"))),
        // Claude Code `Edit`, Gemini CLI `replace`, Copilot CLI `edit`.
        "Edit" | "replace" | "edit" => Ok(Change::Edit(vec![replacement(input)?])),
        // Cline: SEARCH/REPLACE blocks.
        "replace_in_file" => str_field(input, &["diff"])
            .map(|d| Change::Diff(d.to_string()))
            .ok_or_else(|| Skip::Incomplete(format!("tool `{tool}` has no `diff`"))),
        "MultiEdit" => {
            let edits = input
                .get("edits")
                .and_then(Value::as_array)
                .ok_or_else(|| Skip::Incomplete("tool `MultiEdit` has no `edits` list".into()))?;
            Ok(Change::Edit(
                edits.iter().map(replacement).collect::<Result<_, _>>()?,
            ))
        }
        other => Err(Skip::Tool(other.to_string())),
    }
}

/// Applies `edits` to `text` in sequence, as the agents' edit tools do; `Err` names the first
/// `old_string` not found. An empty `old_string` on an empty (or new) file is the whole content.
pub fn apply(text: &str, edits: &[Replacement]) -> Result<String, String> {
    let mut out = text.to_string();
    for (i, edit) in edits.iter().enumerate() {
        if edit.old.is_empty() {
            if out.is_empty() {
                out = edit.new.clone();
                continue;
            }
            return Err(format!(
                "edit {} has an empty `old_string` for a file that is not empty",
                i + 1
            ));
        }
        if !out.contains(&edit.old) {
            return Err(format!("the `old_string` of edit {} is not in the file", i + 1));
        }
        out = if edit.all {
            out.replace(&edit.old, &edit.new)
        } else {
            out.replacen(&edit.old, &edit.new, 1)
        };
    }
    Ok(out)
}

/// `diff` (SEARCH/REPLACE blocks, with Cline's `------- SEARCH` / `+++++++ REPLACE` markers or
/// Roo Code's) applied to `text` as autofix applies diffs; `None` unless every block applies.
fn apply_diff(text: &str, diff: &str) -> Option<String> {
    let normalized: String = diff
        .split_inclusive('\n')
        .map(|line| match line.trim_end_matches(['\r', '\n']) {
            "------- SEARCH" => line.replacen("------- SEARCH", "<<<<<<< SEARCH", 1),
            "+++++++ REPLACE" => line.replacen("+++++++ REPLACE", ">>>>>>> REPLACE", 1),
            _ => line.to_string(),
        })
        .collect();
    let outcome = crate::diff::apply_text(text, &normalized, &crate::diff::SearchOptions::default());
    match (outcome.error, outcome.content) {
        (None, Some(content)) => Some(content),
        (None, None) => Some(text.to_string()),
        _ => None,
    }
}

/// The project of a hook: the nearest folder at or above `cwd` holding `.git` or a rules file.
pub fn project_root(cwd: &Path) -> Option<PathBuf> {
    cwd.ancestors()
        .find(|dir| dir.join(".git").exists() || store::rules_file_in(dir).is_some())
        .map(Path::to_path_buf)
}

/// Why a file is not read: one line.
fn refusal(shown: &str, error: &AccessError) -> String {
    match error {
        AccessError::Read(ReadError::NotUtf8 { .. }) => {
            format!("{shown} is not UTF-8 text (binary?); not checked")
        }
        AccessError::Read(ReadError::TooLarge { .. }) => {
            format!("{shown} is larger than {} MiB; not checked", MAX_TEXT_BYTES >> 20)
        }
        other => format!("{other}; not checked"),
    }
}

fn is_binary(text: &str) -> bool {
    text.as_bytes().iter().take(BINARY_PROBE_BYTES).any(|&b| b == 0)
}

/// Decides on one event. `forced` is `--event`; violations less severe than `fail_level` are
/// left out; `fallback_cwd` is used when the event names no folder. Never panics on any input.
pub fn decide(input: &[u8], forced: Option<Event>, fail_level: Severity, fallback_cwd: &Path) -> Decision {
    let call = match parse(input) {
        Ok(call) => call,
        Err(skip) => return Decision::note(skip.message()),
    };
    let Some(event) = forced.or(call.event) else {
        return Decision::note(
            "the event does not say whether it comes before or after the edit; pass --event pre or --event post",
        );
    };
    let cwd = call
        .cwd
        .clone()
        .filter(|c| c.is_absolute())
        .unwrap_or_else(|| fallback_cwd.to_path_buf());
    let Some(root) = project_root(&cwd) else {
        return Decision::note(format!(
            "no project above {} (no .git and no rules file); nothing checked",
            cwd.display()
        ));
    };
    let policy = AccessPolicy::new([&root]);
    let Some(base) = policy.roots().first().cloned() else {
        return Decision::note(format!(
            "cannot resolve the project folder {}; nothing checked",
            root.display()
        ));
    };
    let target = lexical(&cwd.join(&call.file_path));
    let shown = display_path(&target, &root);
    if store::is_rules_file(&target) {
        return Decision::note(format!(
            "{shown} is a rules file: `autofix check` lints it; not checked against the rules"
        ));
    }
    match event {
        Event::Post => post(&call, &policy, &target, &shown, &base, fail_level),
        Event::Pre => pre(&call, &policy, &target, &shown, &base, fail_level),
    }
}

/// After the edit: the file on disk.
fn post(
    call: &ToolCall,
    policy: &AccessPolicy,
    target: &Path,
    shown: &str,
    base: &Path,
    fail_level: Severity,
) -> Decision {
    let (resolved, text) = match policy.read_checked(target, Intent::Read, MAX_TEXT_BYTES) {
        Ok(read) => read,
        Err(e) => return Decision::note(refusal(shown, &e)),
    };
    if is_binary(&text) {
        return Decision::note(format!("{shown} is binary; not checked"));
    }
    let report = match rules_report(&resolved, &text, base, fail_level) {
        Ok(report) => report,
        Err(note) => return note,
    };
    if report.findings.is_empty() {
        return Decision::allow();
    }
    let rules_file = report.rules_files.first().cloned().unwrap_or_default();
    let ending = format!(
        "The edit is written, but it breaks these rules: fix each violation in {} now (rules: {rules_file}).",
        display_path(&resolved, base)
    );
    block(call.agent, Event::Post, &report.findings, &ending)
}

/// Before the edit: the content it would write, compared with the file as it is.
fn pre(
    call: &ToolCall,
    policy: &AccessPolicy,
    target: &Path,
    shown: &str,
    base: &Path,
    fail_level: Severity,
) -> Decision {
    let resolved = match policy.check(target, Intent::Read) {
        Ok(resolved) => resolved,
        Err(e) => return Decision::note(refusal(shown, &e)),
    };
    let current = if resolved.exists() {
        match policy.read_checked(target, Intent::Read, MAX_TEXT_BYTES) {
            Ok((_, text)) => Some(text),
            Err(e) => return Decision::note(refusal(shown, &e)),
        }
    } else {
        None
    };
    let proposed = match &call.change {
        Change::Write(content) => content.clone(),
        Change::Edit(edits) => match apply(current.as_deref().unwrap_or(""), edits) {
            Ok(text) => text,
            Err(why) => {
                return Decision::note(format!("{why} ({shown}); not checked — the tool will say so"));
            }
        },
        Change::Diff(diff) => match apply_diff(current.as_deref().unwrap_or(""), diff) {
            Some(text) => text,
            None => {
                return Decision::note(format!(
                    "the diff does not apply to {shown}; not checked — the tool will say so"
                ));
            }
        },
        Change::Unknown => {
            return Decision::note("the event does not carry the proposed content; nothing checked");
        }
    };
    if proposed.len() as u64 > MAX_TEXT_BYTES {
        return Decision::note(format!(
            "the proposed {shown} is larger than {} MiB; not checked",
            MAX_TEXT_BYTES >> 20
        ));
    }
    if is_binary(&proposed) || current.as_deref().is_some_and(is_binary) {
        return Decision::note(format!("{shown} is binary; not checked"));
    }
    let after = match rules_report(&resolved, &proposed, base, fail_level) {
        Ok(report) => report,
        Err(note) => return note,
    };
    if after.findings.is_empty() {
        return Decision::allow();
    }
    let before = match &current {
        Some(text) => match rules_report(&resolved, text, base, fail_level) {
            Ok(report) => report.findings,
            Err(note) => return note,
        },
        None => Vec::new(),
    };
    let introduced = introduced(
        &before,
        &after.findings,
        current.as_deref().unwrap_or(""),
        &proposed,
    );
    if introduced.is_empty() {
        return Decision::allow();
    }
    let rules_file = after.rules_files.first().cloned().unwrap_or_default();
    let ending = format!(
        "Nothing was written: redo this edit of {} without these violations (rules: {rules_file}). Violations already in the file do not block.",
        display_path(&resolved, base)
    );
    block(call.agent, Event::Pre, &introduced, &ending)
}

/// The findings of the rules governing `path` over `text` at `fail_level` or above; a note when
/// none govern it or they cannot be used.
fn rules_report(path: &Path, text: &str, base: &Path, fail_level: Severity) -> Result<Report, Decision> {
    let options = BuildOptions { inferred: true };
    let mut index = RulesIndex::new(Boundary::nearest(), options);
    match crate::rules::user::load(options) {
        Ok(user) => index.set_user_rules(user),
        // The project's rules still count: the user's broken file is said, not a block.
        Err(e) => eprintln!("autofix hook: {e}"),
    }
    let mut report = check_text(&mut index, path, text, base).map_err(|e| {
        let e = e.trim_end();
        if e.starts_with("no rules file governs") {
            Decision::note(e)
        } else {
            // A broken rules file: said, never a block — the agent's edit is not the problem.
            Decision::note(format!(
                "the rules could not be used, so the edit was not checked:\n{e}"
            ))
        }
    })?;
    report.findings.retain(|f| f.severity <= fail_level);
    Ok(report)
}

/// What a finding matched: its rule and the text under it.
fn key(finding: &Finding) -> (u64, String) {
    let marked: Vec<String> = finding
        .frame
        .iter()
        .map(|line| {
            line.text
                .chars()
                .skip(line.marked.start)
                .take(line.marked.end.saturating_sub(line.marked.start))
                .collect()
        })
        .collect();
    (finding.rule, marked.join("\n"))
}

/// The findings of `after` that the edit introduced: for each rule and matched text, those
/// beyond the count `before` had — preferring the ones on the lines the edit changed.
pub fn introduced(before: &[Finding], after: &[Finding], old: &str, new: &str) -> Vec<Finding> {
    let mut had: HashMap<(u64, String), usize> = HashMap::new();
    for f in before {
        *had.entry(key(f)).or_default() += 1;
    }
    // The changed lines of `new`: between the common prefix and the common suffix.
    let prefix = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .bytes()
        .rev()
        .zip(new[prefix..].bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let first_line = new[..prefix].matches('\n').count() + 1;
    let last_line = new[..new.len() - suffix].matches('\n').count() + 1;
    let changed = |f: &Finding| f.line >= first_line && f.line <= last_line.max(first_line);
    let mut groups: HashMap<(u64, String), Vec<&Finding>> = HashMap::new();
    for f in after {
        groups.entry(key(f)).or_default().push(f);
    }
    let mut out = Vec::new();
    for (k, mut found) in groups {
        let excess = found.len().saturating_sub(had.get(&k).copied().unwrap_or(0));
        found.sort_by_key(|f| (!changed(f), f.line, f.column));
        out.extend(found.into_iter().take(excess).cloned());
    }
    out.sort_by_key(|f| (f.line, f.column, f.rule));
    out
}

/// The report for the model: one line per violation, the why once per rule, capped, and what
/// to do.
pub fn render(findings: &[Finding], ending: &str) -> String {
    let mut out = String::new();
    let mut explained = std::collections::HashSet::new();
    for f in findings.iter().take(MAX_LISTED) {
        let instead = match (&f.fix, f.message == f.instruction) {
            (Some(fix), _) => format!(" — instead: `{fix}`"),
            (None, false) if !f.instruction.is_empty() => format!(" — instead: {}", f.instruction),
            _ => String::new(),
        };
        let inferred = if f.inferred { " (inferred)" } else { "" };
        out.push_str(&format!(
            "{}:{}:{}  {} [{}] {}{inferred}{instead}\n",
            f.path,
            f.line,
            f.column,
            crate::rules::user::label(f.rule),
            f.category.as_str(),
            f.message
        ));
        if !f.why.is_empty() && explained.insert(f.rule) {
            out.push_str(&format!(
                "    why {}: {}\n",
                crate::rules::user::label(f.rule),
                f.why
            ));
        }
    }
    if findings.len() > MAX_LISTED {
        out.push_str(&format!("and {} more\n", findings.len() - MAX_LISTED));
    }
    out.push_str(ending);
    out.push('\n');
    out
}

/// Blocks (or, after the fact, reports) as the agent understands it.
fn block(agent: Agent, event: Event, findings: &[Finding], ending: &str) -> Decision {
    let report = render(findings, ending);
    match (agent, event) {
        // Copilot CLI ignores a failing hook; it denies a tool call on a decision on stdout.
        (Agent::Cline, _) => {
            let answer = match event {
                Event::Pre => {
                    serde_json::json!({ "cancel": true, "errorMessage": report, "contextModification": report })
                }
                Event::Post => serde_json::json!({ "cancel": false, "contextModification": report }),
            };
            Decision {
                code: 0,
                stdout: format!("{answer}\n"),
                stderr: report,
            }
        }
        (Agent::Copilot, Event::Pre) => Decision {
            code: 0,
            stdout: format!(
                "{}\n",
                serde_json::json!({ "permissionDecision": "deny", "permissionDecisionReason": report })
            ),
            stderr: report,
        },
        _ => Decision {
            code: 2,
            stdout: String::new(),
            stderr: report,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(old: &str, new: &str, all: bool) -> Replacement {
        Replacement {
            old: old.into(),
            new: new.into(),
            all,
        }
    }

    #[test]
    fn edits_apply_in_sequence() {
        assert_eq!(apply("a b a", &[edit("a", "x", false)]).unwrap(), "x b a");
        assert_eq!(apply("a b a", &[edit("a", "x", true)]).unwrap(), "x b x");
        assert_eq!(
            apply("a b", &[edit("a", "c", false), edit("c b", "d", false)]).unwrap(),
            "d"
        );
        assert!(apply("a", &[edit("z", "x", false)]).is_err());
        assert_eq!(apply("", &[edit("", "new", false)]).unwrap(), "new");
        assert!(apply("x", &[edit("", "new", false)]).is_err());
    }

    #[test]
    fn events_of_each_agent_parse() {
        let claude = br#"{"hook_event_name":"PreToolUse","tool_name":"MultiEdit","cwd":"/p",
            "tool_input":{"file_path":"a.ts","edits":[{"old_string":"a","new_string":"b","replace_all":true}]}}"#;
        let call = parse(claude).unwrap();
        assert_eq!((call.agent, call.event), (Agent::Claude, Some(Event::Pre)));
        assert_eq!(call.change, Change::Edit(vec![edit("a", "b", true)]));
        let gemini = br#"{"hook_event_name":"BeforeTool","tool_name":"replace","cwd":"/p",
            "tool_input":{"file_path":"/p/a.ts","old_string":"a","new_string":"b","expected_replacements":2}}"#;
        let call = parse(gemini).unwrap();
        assert_eq!(
            (call.agent, call.change),
            (Agent::Gemini, Change::Edit(vec![edit("a", "b", true)]))
        );
        let cursor = br#"{"hook_event_name":"afterFileEdit","workspace_roots":["/p"],"file_path":"/p/a.ts","edits":[]}"#;
        let call = parse(cursor).unwrap();
        assert_eq!(
            (call.agent, call.event, call.cwd),
            (Agent::Cursor, Some(Event::Post), Some("/p".into()))
        );
        let copilot =
            br#"{"cwd":"/p","toolName":"create","toolArgs":"{\"path\":\"a.ts\",\"file_text\":\"x\"}"}"#;
        let call = parse(copilot).unwrap();
        assert_eq!((call.agent, call.event), (Agent::Copilot, None));
        assert_eq!(call.change, Change::Write("x".into()));
        assert!(matches!(parse(b"[1]"), Err(Skip::Malformed(_))));
        assert!(matches!(
            parse(br#"{"hook_event_name":"Stop"}"#),
            Err(Skip::NotAToolEvent(_))
        ));
        assert!(matches!(
            parse(br#"{"hook_event_name":"PostToolUse","tool_name":"NotebookEdit","tool_input":{}}"#),
            Err(Skip::Tool(_))
        ));
    }
}
