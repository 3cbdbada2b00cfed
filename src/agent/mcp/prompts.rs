//! The MCP prompts: `learn-from-correction` turns "the user corrected X" into a `learn_rule`
//! call written as the rules engine wants rules — imperative, concrete, with why, superseding
//! the rule it replaces; `enforce-rules` has the agent write checks (`enforce_rule`) for the
//! rules whose words autofix could not turn into one.

use rmcp::model::{GetPromptResult, JsonObject, Prompt, PromptArgument, PromptMessage, Role};

use crate::agent::workspace::{AgentError, Workspace};
// A rules file's line breaks would let a hostile rules file write what reads as the prompt's
// own entries or instructions: each field is shown on one line.
use crate::text::one_line;

pub const LEARN_FROM_CORRECTION: &str = "learn-from-correction";
pub const ENFORCE_RULES: &str = "enforce-rules";

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
    let mut enforce = Prompt::new(
        ENFORCE_RULES,
        Some(
            "Write checks for the project's rules that nothing checks yet (imported rules autofix could not read as a check), so they are enforced in the editor, in CI and after your edits.",
        ),
        None,
    );
    enforce.title = Some("Enforce unchecked rules".to_string());
    vec![prompt, enforce]
}

pub fn get(
    workspace: &Workspace,
    name: &str,
    arguments: Option<&JsonObject>,
) -> Result<GetPromptResult, AgentError> {
    match name {
        LEARN_FROM_CORRECTION => learn_from_correction(workspace, arguments),
        ENFORCE_RULES => Ok(enforce_rules(workspace)),
        _ => Err(AgentError(format!(
            "no prompt `{name}`: this server has {LEARN_FROM_CORRECTION} and {ENFORCE_RULES}"
        ))),
    }
}

/// The rules listed in `enforce-rules` are cut here, oldest kept (a real rules file has far
/// fewer; the cut only bounds the prompt).
const UNCHECKED_SHOWN: usize = 200;

fn enforce_rules(workspace: &Workspace) -> GetPromptResult {
    let (rules, warning) = workspace.rules_without_check();
    let (inferred, unchecked): (Vec<_>, Vec<_>) = rules.iter().partition(|r| !r.inferred.is_empty());
    let mut list = String::new();
    let skipped = unchecked.len().saturating_sub(UNCHECKED_SHOWN);
    for rule in unchecked.iter().take(UNCHECKED_SHOWN) {
        list.push_str(&format!(
            "- #{} [{}] {} — why: {}\n",
            rule.rule_number,
            one_line(&rule.category),
            one_line(&rule.instruction),
            one_line(&rule.why)
        ));
        for reading in &rule.reading {
            list.push_str(&format!("  - autofix: {}\n", one_line(reading)));
        }
    }
    if skipped > 0 {
        list.push_str(&format!(
            "\n({skipped} newer unchecked rules not shown: ask again once these are done.)\n"
        ));
    }
    let mut from_words = String::new();
    for rule in inferred.iter().take(UNCHECKED_SHOWN) {
        from_words.push_str(&format!(
            "- #{} [{}] {}\n",
            rule.rule_number,
            one_line(&rule.category),
            one_line(&rule.instruction)
        ));
        for check in &rule.inferred {
            from_words.push_str(&format!("  - checked: {}\n", one_line(check)));
        }
        for reading in &rule.reading {
            from_words.push_str(&format!("  - not checked: {}\n", one_line(reading)));
        }
    }
    let from_words = if from_words.is_empty() {
        String::new()
    } else {
        format!(
            "\nThese rules are checked only by what autofix read in their words. Read each check against the rule: if it misses what the rule means or would flag what the rule allows, write a better one the same way (it takes the place of the inferred ones); if it is right, leave it.\n\n{from_words}"
        )
    };
    let text = if let (true, Some(warning)) = (rules.is_empty(), &warning) {
        format!("Nothing can be enforced now: {warning}.")
    } else if rules.is_empty() {
        "Every rule in force in this project's rules file has a check of its own (or there is no rules file yet): nothing to enforce.".to_string()
    } else {
        let list = if unchecked.is_empty() {
            "(none: every rule in force is checked, at least from its words)\n".to_string()
        } else {
            list
        };
        format!(
            "{}These rules of the project are in force but nothing checks them: autofix could not turn their words into a check.

{list}{from_words}
For each rule whose violation a file's text shows — a name, an API, a call, an import, a package, a file name, a line every file must hold — write a check and call the `enforce_rule` tool:
1. Read the code the rule is about (search the project) so the check matches how violations look here.
2. Call `enforce_rule` with `dry_run: true`, `rule_number`, and `check`: `{{\"Pattern\": \"<regex>\", \"Files\": [\"<glob>\", \"!<glob left out>\"], \"Within\": \"code\"}}`, or `{{\"Require\": \"<regex>\", \"Files\": [...]}}` for what each file must contain, or `{{\"Forbidden_paths\": [\"<glob>\"]}}` for files that must not exist, or `{{\"Indent\": 2, \"Files\": [...]}}` for the spaces each nesting level indents; an array for several. Patterns are Rust regexes (no lookaround, no backreferences) run over the whole file; a named group `hit` marks the part to underline, and `Within` (code, comments, strings or any; without it, any) looks at where the `hit` (else the match) starts — the rest of a match may cross into comments. A glob without `/` matches at any depth (`tsconfig.json` is every tsconfig; `/tsconfig.json` only the root's), and a glob that matches a folder covers every file inside it (`src/**/*Test*` takes every file under `src/Tests/`). Add a `sample` (`{{\"path\": \"src/x.ts\", \"content\": \"…\"}}`) holding a violation to see the check catch it.
3. Read every place it reports (up to 100). Each one must break the rule as its author meant it; tests, generated files, comments and prose are usually not violations — leave them out with `!` globs or `Within`. If a place is not a violation, narrow the check and try again; if no regex can tell them apart, leave the rule unchecked.
4. Call `enforce_rule` again without `dry_run` to write the check. To change a check written before, call it with `replace: true`.

Leave alone the rules about what you do rather than what the code holds (\"don't run the dev server\", \"ask before pushing\") and the ones too vague to check (\"write clean code\"): a check would only raise false alarms. Do not change the code in this task; say which rules you enforced and which you left, and why.",
            warning.map_or(String::new(), |w| format!("Note: {w}.\n\n"))
        )
    };
    GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
        .with_description("Write checks for the rules nothing checks yet")
}

fn learn_from_correction(
    workspace: &Workspace,
    arguments: Option<&JsonObject>,
) -> Result<GetPromptResult, AgentError> {
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
