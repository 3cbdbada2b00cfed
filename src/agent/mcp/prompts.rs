//! The MCP prompt `learn-from-correction`: turns "the user corrected X" into a `learn_rule`
//! call written as the rules engine wants rules — imperative, concrete, with why, superseding
//! the rule it replaces.

use rmcp::model::{GetPromptResult, JsonObject, Prompt, PromptArgument, PromptMessage, Role};

use crate::agent::workspace::{AgentError, Workspace};

pub const LEARN_FROM_CORRECTION: &str = "learn-from-correction";

/// The active rules shown in the prompt are cut here: the model needs the recent ones to spot
/// a rule to supersede, not a whole history.
const RULES_SHOWN_BYTES: usize = 12_000;

pub fn list() -> Vec<Prompt> {
    let mut prompt = Prompt::new(
        LEARN_FROM_CORRECTION,
        Some(
            "Turn a correction from the user into a project rule (a learn_rule call), so the mistake is not repeated in any later session.",
        ),
        Some(vec![
            PromptArgument::new("correction")
                .with_description("What the user corrected: what you did, and what they want instead.")
                .with_required(true),
            PromptArgument::new("file")
                .with_description("The file the correction was about, if any (scopes the rule's check).")
                .with_required(false),
        ]),
    );
    prompt.title = Some("Learn from a correction".to_string());
    vec![prompt]
}

pub fn get(
    workspace: &Workspace,
    name: &str,
    arguments: Option<&JsonObject>,
) -> Result<GetPromptResult, AgentError> {
    if name != LEARN_FROM_CORRECTION {
        return Err(AgentError(format!(
            "no prompt `{name}`: this server has {LEARN_FROM_CORRECTION}"
        )));
    }
    let argument = |key: &str| {
        arguments
            .and_then(|a| a.get(key))
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let Some(correction) = argument("correction") else {
        return Err(AgentError(
            "the prompt needs `correction`: what the user corrected".to_string(),
        ));
    };
    let file = argument("file");
    let mut rules = workspace.rules_markdown();
    if rules.len() > RULES_SHOWN_BYTES {
        let cut = (0..=RULES_SHOWN_BYTES)
            .rev()
            .find(|i| rules.is_char_boundary(*i))
            .unwrap_or(0);
        rules.truncate(cut);
        rules.push_str("\n…\n");
    }
    let scope = file.map_or(String::new(), |f| {
        format!("\nThe correction was about `{f}`: if the rule only concerns files like it, give the check a `Files` glob (e.g. `*.ts`, `src/**`).\n")
    });
    let text = format!(
        "The user corrected me:\n\n> {correction}\n{scope}
Learn it as a project rule so that no later session repeats the mistake: call the `learn_rule` tool once, with
- `category`: one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER;
- `instruction`: one imperative sentence, \"Never …\" or \"Always …\", naming the concrete thing in backticks (the API, package, command, file or pattern) — e.g. \"Never use `moment`; always use `date-fns`\";
- `why`: the reason the user gave, or the harm the mistake does;
- `check` (optional): when a regex can spot the mistake in code, `{{\"Pattern\": \"…\", \"Files\": [\"…\"], \"Fix\": \"…\"}}`; otherwise leave it out and autofix infers a check from the words;
- `supersedes`: the numbers of active rules below that this correction replaces or contradicts (newest rule wins; rules are never deleted).

Do not learn a rule that only restates an active one. After learning, fix the code the correction was about and call `check` on it.

Active rules now:

{rules}"
    );
    Ok(
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
            .with_description("Learn a project rule from the user's correction"),
    )
}
