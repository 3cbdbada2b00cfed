//! `autofix hook`: the arguments of the agent hook; the event, the decision and the report are in
//! `agent::hook`.

use std::io::{Read, Write};
use std::process::ExitCode;

use crate::agent::hook::{self, Event, MAX_EVENT_BYTES};
use crate::cli::check::Level;
use crate::rules::Severity;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HookEvent {
    /// After the edit is written: check the file on disk.
    Post,
    /// Before the edit is written: check the proposed content, block on new violations.
    Pre,
}

#[derive(clap::Args, Debug)]
#[command(after_help = "\
Reads one hook event as JSON on standard input: Claude Code's PreToolUse/PostToolUse (Write, Edit,
MultiEdit), Gemini CLI's BeforeTool/AfterTool (write_file, replace), Cursor's afterFileEdit, GitHub
Copilot's preToolUse/postToolUse (create, edit), Windsurf's pre_write_code/post_write_code, Cline's
PreToolUse/PostToolUse (write_to_file, replace_in_file).

Exit codes:
  0  clean, or nothing to check (an event or tool this hook does not handle, a file outside the
     project, no rules file, a broken rules file): a one-line note on standard error says why
  2  the edit breaks a rule: a report for the agent on standard error (before the edit: it is
     blocked; after: the agent is told to fix it). Copilot's preToolUse and Cline get the decision
     as JSON on standard output with exit 0, as they expect.")]
pub struct HookArgs {
    /// Before or after the edit. Default: what the event's name says.
    #[arg(long, value_enum)]
    pub event: Option<HookEvent>,
    /// The least severe violation that is reported (and blocks); default: any. `warning` leaves
    /// out inferred checks, which are `information` unless a rule says otherwise.
    #[arg(long, value_enum, default_value_t = Level::Hint)]
    pub fail_level: Level,
}

pub fn run(args: HookArgs) -> ExitCode {
    let mut input = Vec::new();
    // Bounded: a hostile or broken agent cannot make the hook hold unbounded memory.
    if let Err(e) = std::io::stdin().take(MAX_EVENT_BYTES + 1).read_to_end(&mut input) {
        eprintln!("autofix hook: cannot read the event from standard input ({e}); nothing checked");
        return ExitCode::SUCCESS;
    }
    if input.len() as u64 > MAX_EVENT_BYTES {
        eprintln!(
            "autofix hook: the event is larger than {} MiB; nothing checked",
            MAX_EVENT_BYTES >> 20
        );
        return ExitCode::SUCCESS;
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let forced = args.event.map(|e| match e {
        HookEvent::Post => Event::Post,
        HookEvent::Pre => Event::Pre,
    });
    // A bug must not block an agent: a panic becomes a note and exit 0.
    let fail_level = match args.fail_level {
        Level::Error => Severity::Error,
        Level::Warning => Severity::Warning,
        Level::Information => Severity::Information,
        Level::Hint => Severity::Hint,
    };
    let decision = std::panic::catch_unwind(|| hook::decide(&input, forced, fail_level, &cwd));
    let decision = match decision {
        Ok(decision) => decision,
        Err(_) => {
            eprintln!("autofix hook: failed on this event (a bug — please report it); nothing checked");
            return ExitCode::SUCCESS;
        }
    };
    let _ = std::io::stdout().write_all(decision.stdout.as_bytes());
    let _ = std::io::stderr().write_all(decision.stderr.as_bytes());
    ExitCode::from(decision.code)
}
