//! `autofix init`: the arguments and the output of setting a project up for its agents; the
//! merging is in `agent::init`.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::access::AccessPolicy;
use crate::agent::init::{self, Action, AgentKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AgentArg {
    /// Claude Code: the MCP server in .mcp.json, the hook in .claude/settings.json.
    Claude,
    /// VS Code: the MCP server in .vscode/mcp.json.
    Vscode,
    /// Cursor: the MCP server in .cursor/mcp.json.
    Cursor,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Without --agent, sets up each agent whose folder exists in the project: .claude/ (claude),
.vscode/ (vscode), .cursor/ (cursor). Existing files are merged: other keys, comments and
formatting stay as they are; an `autofix` entry you wrote differently is left alone and reported.
Running it again changes nothing.

Exit codes: 0 done (or nothing to change), 2 an error (no agent found, a file that does not
parse or may not be written) — then nothing is written.")]
pub struct InitArgs {
    /// The agent to set up (repeat for several): claude, vscode, cursor. Default: the agents
    /// whose folder exists.
    #[arg(long = "agent", value_enum, value_name = "NAME")]
    pub agents: Vec<AgentArg>,
    /// Print what would change, write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The project folder. Default: the nearest folder above the current one with .git or a
    /// rules file, else the current folder.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
}

pub fn run(args: InitArgs) -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_default();
    let root = init::project_root(args.root.as_deref(), &cwd);
    if !root.is_dir() {
        eprintln!("autofix init: {} is not a folder", root.display());
        return ExitCode::from(2);
    }
    let asked: Vec<AgentKind> = args
        .agents
        .iter()
        .map(|a| match a {
            AgentArg::Claude => AgentKind::Claude,
            AgentArg::Vscode => AgentKind::Vscode,
            AgentArg::Cursor => AgentKind::Cursor,
        })
        .collect();
    let policy = AccessPolicy::new([&root]);
    let result = init::agents(&root, &asked).and_then(|agents| {
        let plans = init::plan(&root, &agents, &policy)?;
        Ok((agents, plans))
    });
    let (agents, plans) = match result {
        Ok(done) => done,
        Err(e) => {
            eprintln!("autofix init: {e}");
            return ExitCode::from(2);
        }
    };
    let names: Vec<&str> = agents.iter().map(|a| a.name()).collect();
    let mut out = String::new();
    for plan in &plans {
        let verb = match (&plan.action, args.dry_run) {
            (Action::Unchanged, _) => None,
            (Action::Create(_), true) => Some("would create"),
            (Action::Create(_), false) => Some("created"),
            (Action::Update { .. }, true) => Some("would update"),
            (Action::Update { .. }, false) => Some("updated"),
        };
        if let Some(verb) = verb {
            out.push_str(&format!("{verb} {}\n", plan.path));
            if args.dry_run {
                for line in plan.added_lines() {
                    out.push_str(&format!("  + {line}\n"));
                }
            }
        }
    }
    let changes = plans.iter().any(|p| p.action != Action::Unchanged);
    if !args.dry_run
        && let Err(e) = init::apply(&root, &plans, &policy)
    {
        eprintln!("autofix init: {e}");
        return ExitCode::from(2);
    }
    if !changes {
        out.push_str(&format!(
            "nothing to change: autofix is already set up for {}\n",
            names.join(", ")
        ));
    } else if args.dry_run {
        out.push_str("dry run: nothing written\n");
    } else {
        out.push_str(&format!("autofix is set up for {}\n", names.join(", ")));
    }
    print!("{out}");
    for plan in &plans {
        for note in &plan.notes {
            eprintln!("note: {}: {note}", plan.path);
        }
    }
    ExitCode::SUCCESS
}
