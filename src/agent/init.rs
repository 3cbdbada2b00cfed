//! `autofix init`: registers the MCP server (`autofix mcp`) and the edit hook (`autofix hook`) in
//! the configuration of each agent a project uses — merged into the existing JSON/JSONC without
//! losing a key, a comment or the formatting of the rest, idempotent, atomic and through the
//! access policy.

use std::path::{Path, PathBuf};

use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
use serde_json::Value;

use crate::access::{AccessPolicy, Intent};
use crate::atomic::{self, ReplaceError};

/// The command an agent runs for the MCP server, and its arguments.
pub const MCP_COMMAND: &str = "autofix";
pub const MCP_ARGS: [&str; 1] = ["mcp"];
/// The hook command, and the tools it follows in Claude Code.
pub const HOOK_COMMAND: &str = "autofix hook";
pub const HOOK_MATCHER: &str = "Write|Edit|MultiEdit";

/// The largest configuration file read: real ones are a few KiB.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// An agent `init` can set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AgentKind {
    /// Claude Code: `.mcp.json` and the hook in `.claude/settings.json`.
    Claude,
    /// VS Code (Copilot agent mode): `.vscode/mcp.json`.
    Vscode,
    /// Cursor: `.cursor/mcp.json`.
    Cursor,
}

impl AgentKind {
    pub const ALL: [AgentKind; 3] = [AgentKind::Claude, AgentKind::Vscode, AgentKind::Cursor];

    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Claude => "claude",
            AgentKind::Vscode => "vscode",
            AgentKind::Cursor => "cursor",
        }
    }

    /// The folder whose presence says the project uses this agent.
    pub fn folder(self) -> &'static str {
        match self {
            AgentKind::Claude => ".claude",
            AgentKind::Vscode => ".vscode",
            AgentKind::Cursor => ".cursor",
        }
    }
}

/// What `init` does to one configuration file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The file does not exist: created with this text.
    Create(String),
    /// The file exists: this text replaces `old`.
    Update { old: String, new: String },
    /// Already set up: nothing to write.
    Unchanged,
}

/// One configuration file's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePlan {
    /// Relative to the root, with `/`.
    pub path: String,
    pub action: Action,
    /// What was left alone and why (an `autofix` entry the user wrote differently).
    pub notes: Vec<String>,
}

impl FilePlan {
    /// The lines the plan adds, for a dry run.
    pub fn added_lines(&self) -> Vec<String> {
        match &self.action {
            Action::Create(text) => text.lines().map(str::to_string).collect(),
            Action::Update { old, new } => added_lines(old, new),
            Action::Unchanged => Vec::new(),
        }
    }
}

/// The lines of `new` that are not in `old` (a longest-common-subsequence diff of lines).
fn added_lines(old: &str, new: &str) -> Vec<String> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // Config files are small; past this size, every line of `new` is listed.
    if a.len() * b.len() > 4_000_000 {
        return b.iter().map(|s| s.to_string()).collect();
    }
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while j < b.len() {
        if i < a.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if i < a.len() && lcs[i + 1][j] >= lcs[i][j + 1] {
            i += 1;
        } else {
            out.push(b[j].to_string());
            j += 1;
        }
    }
    out
}

/// Why `init` cannot go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitError(pub String);

impl std::fmt::Display for InitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The agents to set up: those asked for, else those whose folder exists in `root`.
pub fn agents(root: &Path, asked: &[AgentKind]) -> Result<Vec<AgentKind>, InitError> {
    let mut found: Vec<AgentKind> = if asked.is_empty() {
        AgentKind::ALL
            .into_iter()
            .filter(|a| root.join(a.folder()).is_dir())
            .collect()
    } else {
        asked.to_vec()
    };
    found.sort();
    found.dedup();
    if found.is_empty() {
        return Err(InitError(format!(
            "no agent found in {}: none of .claude/, .vscode/, .cursor/ exists — name the agents to set up: --agent claude, --agent vscode, --agent cursor (repeat for several)",
            root.display()
        )));
    }
    Ok(found)
}

/// The files `init` sets up in `root` for `agents`, read through `policy`: what each would
/// become. Nothing is written.
pub fn plan(root: &Path, agents: &[AgentKind], policy: &AccessPolicy) -> Result<Vec<FilePlan>, InitError> {
    let mut plans = Vec::new();
    for agent in agents {
        match agent {
            AgentKind::Claude => {
                plans.push(plan_file(root, ".mcp.json", policy, |o| {
                    mcp_server(o, "mcpServers", false)
                })?);
                plans.push(plan_file(root, ".claude/settings.json", policy, claude_hook)?);
            }
            AgentKind::Vscode => plans.push(plan_file(root, ".vscode/mcp.json", policy, |o| {
                mcp_server(o, "servers", true)
            })?),
            AgentKind::Cursor => plans.push(plan_file(root, ".cursor/mcp.json", policy, |o| {
                mcp_server(o, "mcpServers", false)
            })?),
        }
    }
    Ok(plans)
}

/// What a merge did to a root object: whether it changed, and notes.
type Merge = Result<(bool, Vec<String>), String>;

fn plan_file(
    root: &Path,
    relative: &str,
    policy: &AccessPolicy,
    merge: impl Fn(&CstObject) -> Merge,
) -> Result<FilePlan, InitError> {
    let path = root.join(relative);
    let refused = |e: &dyn std::fmt::Display| InitError(format!("{e} — {relative} is left as it is"));
    // Writing it is the point: the write policy decides, before anything is read.
    let resolved = policy.check(&path, Intent::Write).map_err(|e| refused(&e))?;
    let old = if resolved.exists() {
        Some(
            policy
                .read_checked(&path, Intent::Read, MAX_CONFIG_BYTES)
                .map_err(|e| refused(&e))?
                .1,
        )
    } else {
        None
    };
    let source = old.clone().unwrap_or_else(|| "{}\n".to_string());
    let cst = CstRootNode::parse(&source, &ParseOptions::default()).map_err(|e| {
        InitError(format!(
            "{relative}:{}:{}: {} — fix the file (it is not changed)",
            e.line_display(),
            e.column_display(),
            e.kind()
        ))
    })?;
    let object = match cst.value() {
        None => cst.object_value_or_set(),
        Some(_) => cst.object_value().ok_or_else(|| {
            InitError(format!(
                "{relative}: not a JSON object — fix the file (it is not changed)"
            ))
        })?,
    };
    let (changed, notes) = merge(&object)
        .map_err(|e| InitError(format!("{relative}: {e} — fix the file (it is not changed)")))?;
    let mut new = cst.to_string();
    if !new.ends_with('\n') {
        new.push('\n');
    }
    let action = match (old, changed) {
        (_, false) => Action::Unchanged,
        (None, true) => Action::Create(new),
        (Some(old), true) => Action::Update { old, new },
    };
    Ok(FilePlan {
        path: relative.to_string(),
        action,
        notes,
    })
}

/// Registers `autofix` under `key` (`mcpServers` or VS Code's `servers`).
fn mcp_server(root: &CstObject, key: &str, typed: bool) -> Merge {
    let servers = root
        .object_value_or_create(key)
        .ok_or_else(|| format!("`{key}` is not an object"))?;
    if let Some(existing) = servers.get("autofix") {
        let value = existing
            .value()
            .and_then(|v| v.to_serde_value())
            .unwrap_or(Value::Null);
        let command = value.get("command").and_then(Value::as_str).unwrap_or_default();
        let args: Vec<&str> = value
            .get("args")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        // Any command ending in `autofix` (a full path to the binary) running `mcp` is ours.
        let ours = (command == MCP_COMMAND || command.ends_with("/autofix")) && args == MCP_ARGS;
        let note = (!ours).then(|| {
            format!(
                "`{key}.autofix` already runs `{}` — left as you wrote it; autofix's server is `{MCP_COMMAND} {}`",
                [command].into_iter().chain(args).collect::<Vec<_>>().join(" ").trim(),
                MCP_ARGS.join(" ")
            )
        });
        return Ok((false, note.into_iter().collect()));
    }
    let mut entry = Vec::new();
    if typed {
        entry.push(("type".to_string(), CstInputValue::from("stdio")));
    }
    entry.push(("command".to_string(), CstInputValue::from(MCP_COMMAND)));
    entry.push((
        "args".to_string(),
        CstInputValue::Array(MCP_ARGS.iter().map(|a| CstInputValue::from(*a)).collect()),
    ));
    servers.append("autofix", CstInputValue::Object(entry));
    Ok((true, Vec::new()))
}

/// True when a Claude Code hook group already runs `autofix hook`.
fn runs_our_hook(group: &Value) -> bool {
    group.get("hooks").and_then(Value::as_array).is_some_and(|hooks| {
        hooks.iter().any(|h| {
            h.get("command")
                .and_then(Value::as_str)
                .is_some_and(|c| c.split_whitespace().take(2).collect::<Vec<_>>() == ["autofix", "hook"])
        })
    })
}

/// Registers `autofix hook` after Claude Code's file-edit tools (`hooks.PostToolUse`).
fn claude_hook(root: &CstObject) -> Merge {
    let hooks = root
        .object_value_or_create("hooks")
        .ok_or_else(|| "`hooks` is not an object".to_string())?;
    let post = hooks
        .array_value_or_create("PostToolUse")
        .ok_or_else(|| "`hooks.PostToolUse` is not a list".to_string())?;
    let present = post
        .elements()
        .iter()
        .filter_map(|e| e.to_serde_value())
        .any(|group| runs_our_hook(&group));
    if present {
        return Ok((false, Vec::new()));
    }
    post.append(CstInputValue::Object(vec![
        ("matcher".into(), CstInputValue::from(HOOK_MATCHER)),
        (
            "hooks".into(),
            CstInputValue::Array(vec![CstInputValue::Object(vec![
                ("type".into(), CstInputValue::from("command")),
                ("command".into(), CstInputValue::from(HOOK_COMMAND)),
            ])]),
        ),
    ]));
    Ok((true, Vec::new()))
}

/// Writes the plans that change something, atomically: a file created meanwhile, or changed
/// since it was read, is not overwritten. Returns the first failure.
pub fn apply(root: &Path, plans: &[FilePlan], policy: &AccessPolicy) -> Result<(), InitError> {
    for plan in plans {
        let path = root.join(&plan.path);
        let write_error = |e: &dyn std::fmt::Display| InitError(format!("{}: cannot write: {e}", plan.path));
        let (expected, new) = match &plan.action {
            Action::Unchanged => continue,
            Action::Create(text) => (None, text),
            Action::Update { old, new } => (Some(old), new),
        };
        // Checked again right before the write: a folder swapped for a link since the plan
        // must not take the write out of the project.
        let resolved = policy.check(&path, Intent::Write).map_err(|e| write_error(&e))?;
        if let Some(parent) = resolved.parent() {
            std::fs::create_dir_all(parent).map_err(|e| write_error(&e))?;
        }
        let result = match expected {
            Some(old) => atomic::write_if_unchanged(&resolved, old.as_bytes(), new.as_bytes()),
            None => atomic::create_new(&resolved, new.as_bytes()),
        };
        match result {
            Ok(()) => {}
            Err(ReplaceError::Changed) => {
                return Err(InitError(format!(
                    "{}: changed while autofix init ran; not written — run it again",
                    plan.path
                )));
            }
            Err(ReplaceError::Io(e)) => return Err(write_error(&e)),
        }
    }
    Ok(())
}

/// The project `init` sets up: `root` when given, else the nearest folder above `cwd` holding
/// `.git` or a rules file, else `cwd`.
pub fn project_root(root: Option<&Path>, cwd: &Path) -> PathBuf {
    match root {
        Some(root) => crate::paths::absolute(root),
        None => super::hook::project_root(cwd).unwrap_or_else(|| cwd.to_path_buf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_lines_are_the_lines_new_has_beyond_old() {
        assert_eq!(added_lines("a\nb\nc\n", "a\nx\nb\nc\ny\n"), ["x", "y"]);
        assert_eq!(added_lines("a\n", "a\n"), Vec::<String>::new());
        assert_eq!(added_lines("", "{}\n"), ["{}"]);
    }

    #[test]
    fn merge_keeps_comments_and_is_idempotent() {
        let text = "{\n  // mine\n  \"mcpServers\": {\n    \"other\": { \"command\": \"x\" }, // trailing\n  },\n}\n";
        let cst = CstRootNode::parse(text, &ParseOptions::default()).unwrap();
        let object = cst.object_value().unwrap();
        assert!(mcp_server(&object, "mcpServers", false).unwrap().0);
        let merged = cst.to_string();
        assert!(
            merged.contains("// mine") && merged.contains("// trailing"),
            "{merged}"
        );
        let again = CstRootNode::parse(&merged, &ParseOptions::default()).unwrap();
        assert_eq!(
            mcp_server(&again.object_value().unwrap(), "mcpServers", false).unwrap(),
            (false, vec![])
        );
    }
}
