//! Words to checks: what a rule without a `Check` can still enforce, inferred conservatively
//! from its instruction (English and Spanish).
//!
//! The instruction is tokenized (`text`), read clause by clause by the trigger grammar
//! (`phrases`: "never use", "instead of", "no usar", "en lugar de"…), and what it mentions goes
//! through the passes (`pass`): terms for precedence, conditions, behaviour (a rule about what
//! the agent does gets no check), literals (`literal`), packages (`imports`), concepts and
//! keywords (`concepts`), tools in command contexts, places as `Forbidden_paths`, forbidden
//! files, implied counterparts, required text, language-version floors, then the vagueness
//! verdict; language words decide the files (`files`). The word lists are in `words`, which uses
//! no other module. What a rule mandates is kept for precedence (`conflict`). Precision beats
//! recall: anything doubtful infers nothing.

mod bounds;
pub mod concepts;
mod conflict;
mod explicit;
pub mod files;
pub mod imports;
mod justified;
pub use justified::JUSTIFIED_CLAUSE;
pub mod literal;
mod naming;
mod pass;
pub mod phrases;
pub mod text;
pub mod words;

use super::model::{CheckSpec, Origin, Rule};

pub use bounds::{MAX_FILE_CHARS, MAX_FILE_CHECKS, MAX_READ_CHARS, MAX_READ_CODE, Unread, infer_file};
pub use conflict::{conflicts, conflicts_across};
pub use explicit::{
    EnforceError, Enforcement, enforce, enforce_given, explicit_check, explicit_checks, make_explicit_edit,
};

/// What was inferred from one rule's words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inference {
    /// Checks derived from the words, each with `Origin::Inferred`.
    pub checks: Vec<CheckSpec>,
    /// True when the rule names nothing concrete enough to check ("write clean code").
    pub vague: bool,
    /// What the rule says to always use (for precedence).
    pub mandates: Vec<Term>,
    /// What the rule forbids (for precedence), checked or not.
    pub forbids: Vec<Term>,
    /// The versions the rule sets a floor on (for precedence): key `floor:Python`, text
    /// "Python 3.12".
    pub floors: Vec<Term>,
    /// Languages the rule names, for telling whether two rules can conflict.
    pub languages: Vec<String>,
    /// What was read but not turned into a check, and why (for `--explain`).
    pub notes: Vec<String>,
    /// A condition no check can see left the rule unchecked; a note says which.
    pub unseen_condition: bool,
    /// The words that make the rule about what the agent does ("do not run `cd`", "never
    /// push"): it gets no check.
    pub behaviour: Option<String>,
    /// Checks the words name but that are not enforced: the rule allows what they find only
    /// with a justification no file shows ("no `any` without a documented reason"). Offered
    /// to the user, who can enforce them and mark each justified use with `autofix-ignore`.
    pub proposed: Vec<CheckSpec>,
    /// The conditions, as written, that `proposed` leaves aside ("without a documented reason").
    pub unseen: Vec<String>,
    /// Set when the rule was not read (too long, or its file's reading budget spent): nothing
    /// else is inferred.
    pub unread: Option<Unread>,
}

/// Something a rule mandates or forbids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// As written: "`any`", "pnpm", "emojis".
    pub text: String,
    /// Normalized for comparison: lowercase, no call parentheses; `concept:emoji` for concepts.
    pub key: String,
    /// A code span's text as written (no call parentheses): two code spans that differ in case
    /// only are different identifiers (`MixedCaps`, `mixedCaps`), though their keys match.
    pub exact: Option<String>,
    /// The words that made it mandated or forbidden ("always use", "instead of").
    pub trigger: String,
}

impl Inference {
    /// What "Enforce rule #N everywhere" writes into a rule: its inferred checks and the
    /// proposed ones, as one inference to make explicit.
    pub fn enforced(&self) -> Inference {
        Inference {
            checks: self.checks.iter().chain(&self.proposed).cloned().collect(),
            ..Default::default()
        }
    }
}

impl Term {
    /// Whether two terms name the same thing: the same key, and the same case when both are code.
    pub fn same(&self, other: &Term) -> bool {
        self.key == other.key
            && match (&self.exact, &other.exact) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
    }
}

/// Infers checks from a rule's words: reads them, then runs the passes in order over one
/// read-only context into one accumulator.
pub fn infer(rule: &Rule) -> Inference {
    let unread = |why| Inference {
        unread: Some(why),
        ..Default::default()
    };
    if let Some(why) = Unread::too_long(&rule.instruction, None) {
        return unread(why);
    }
    let tokens = text::tokenize(&text::reading_of(&rule.instruction));
    if let Some(why) = Unread::too_long(&rule.instruction, Some(&tokens)) {
        return unread(why);
    }
    let found = phrases::read(&tokens);
    let named = files::named(&tokens);
    let ctx = pass::Context::new(rule, &tokens, &found, named.clone());
    let mut out = pass::Found::default();
    pass::terms::run(&ctx, &mut out);
    pass::conditions::run(&ctx, &mut out);
    if ctx.behaviour.is_none() && ctx.conditions.unreadable.is_empty() {
        check_passes(&ctx, &mut out);
    }
    let vague = !out.has_checks()
        && ctx.behaviour.is_none()
        && ctx.conditions.unreadable.is_empty()
        && (pass::vague::is_vague(&ctx) || ctx.judged().next().is_some());
    let languages = ctx.named.langs().iter().map(|l| l.name().to_string()).collect();
    let justification = pass::conditions::justification_only(&ctx).or_else(|| {
        (!out.has_checks() && ctx.behaviour.is_none())
            .then(|| pass::conditions::unmentioned_justification(&ctx))
            .flatten()
    });
    let (proposed, unseen) = match justification {
        Some(unseen) if ctx.behaviour.is_none() => (propose(rule, &tokens, &found, named, &out), unseen),
        _ => (Vec::new(), Vec::new()),
    };
    let mut inference = out.into_inference(languages, ctx.behaviour.clone());
    inference.vague = vague;
    if !proposed.is_empty() && pass::conditions::comment_justified(&ctx, &unseen) {
        enforce_unless_commented(&mut inference, proposed, &unseen);
        return inference;
    }
    inference.unseen = if proposed.is_empty() { Vec::new() } else { unseen };
    inference.proposed = proposed;
    inference
}

/// Enforces the checks proposed for a rule that allows what it forbids with a justification a
/// comment gives ("without a comment explaining why"): the uses with a comment on their line or
/// the line above are left alone. A check whose pattern cannot be rewritten stays proposed.
fn enforce_unless_commented(inference: &mut Inference, proposed: Vec<CheckSpec>, unseen: &[String]) {
    let condition = unseen.join("\", \"");
    for check in proposed {
        match justified::unless_commented(&check, &condition) {
            Some(enforced) => inference.checks.push(enforced),
            None => inference.proposed.push(check),
        }
    }
    if !inference.proposed.is_empty() {
        inference.unseen = unseen.to_vec();
    }
    inference.vague = false;
    inference.unseen_condition = !inference.proposed.is_empty();
    // What is now checked is no longer "not checked: forbidden only under a condition".
    let checked: Vec<String> = inference
        .checks
        .iter()
        .filter_map(|c| match &c.origin {
            Origin::Inferred { explanation } => Some(explanation.clone()),
            Origin::Explicit => None,
        })
        .collect();
    let seen: Vec<String> = unseen
        .iter()
        .map(|c| format!("condition \"{c}\" cannot be checked"))
        .collect();
    inference.notes.retain(|note| {
        !seen.iter().any(|s| note.starts_with(s.as_str()))
            && note
                .strip_suffix(pass::conditions::UNDER_A_CONDITION)
                .is_none_or(|what| !checked.iter().any(|e| e.contains(what.trim_end())))
    });
}

/// The passes that turn mentions into checks, in order.
fn check_passes(ctx: &pass::Context, out: &mut pass::Found) {
    pass::literals::run(ctx, out);
    pass::packages::run(ctx, out);
    pass::concepts::run(ctx, out);
    pass::tools::run(ctx, out);
    pass::places::run(ctx, out);
    pass::config_keys::run(ctx, out);
    pass::css_values::run(ctx, out);
    pass::file_kinds::run(ctx, out);
    pass::file_names::run(ctx, out);
    pass::identifiers::run(ctx, out);
    pass::documented::run(ctx, out);
    pass::explicit_types::run(ctx, out);
    pass::import_order::run(ctx, out);
    pass::workflows::run(ctx, out);
    pass::quotes::run(ctx, out);
    pass::semicolons::run(ctx, out);
    pass::trailing_commas::run(ctx, out);
    pass::shebang::run(ctx, out);
    pass::shell_options::run(ctx, out);
    pass::line_length::run(ctx, out);
    pass::indent_width::run(ctx, out);
    pass::final_newline::run(ctx, out);
    pass::boolean_names::run(ctx, out);
    pass::braces::run(ctx, out);
    pass::brace_placement::run(ctx, out);
    pass::class_per_file::run(ctx, out);
    pass::locales::run(ctx, out);
    pass::backtick_names::run(ctx, out);
    pass::abbreviations::run(ctx, out);
    pass::suppressions::run(ctx, out);
    pass::families::run(ctx, out);
    pass::rivals::run(ctx, out);
    pass::commits::run(ctx, out);
    pass::tsconfig::run(ctx, out);
    pass::cargo_workspace::run(ctx, out);
    pass::comment_markers::run(ctx, out);
    pass::nullable::run(ctx, out);
    pass::implied::run(ctx, out);
    pass::required::run(ctx, out);
    pass::document_start::run(ctx, out);
    pass::versions::run(ctx, out);
    pass::written_language::run(ctx, out);
    pass::identifier_language::run(ctx, out);
    pass::vague::judged(ctx, out);
    pass::comments_only::run(ctx, out);
    pass::no_comments::run(ctx, out);
    pass::concepts::drop_covered_literals(ctx, out);
    pass::linter_exemptions::run(ctx, out);
}

/// The checks the rule would get if what it forbids only without a justification were simply
/// forbidden, less those it gets anyway. No fix: a justified use may be anywhere until the user
/// has marked it.
fn propose(
    rule: &Rule,
    tokens: &[text::Token],
    found: &[phrases::Mention],
    named: files::Named,
    enforced: &pass::Found,
) -> Vec<CheckSpec> {
    let forbidden: Vec<phrases::Mention> = found
        .iter()
        .cloned()
        .map(|mut f| {
            if f.conditional {
                f.conditional = false;
                f.role = phrases::Role::Forbid;
            }
            f
        })
        .collect();
    let mut ctx = pass::Context::new(rule, tokens, &forbidden, named);
    // Read as forbidden, what else conditions it ("in async functions … unless justified")?
    if !ctx
        .conditions
        .unreadable
        .iter()
        .all(|c| pass::conditions::is_justification(c))
    {
        return Vec::new();
    }
    ctx.conditions.unreadable.clear();
    ctx.proposing = true;
    let mut proposals = pass::Found::default();
    check_passes(&ctx, &mut proposals);
    proposals
        .into_inference(Vec::new(), None)
        .checks
        .into_iter()
        .filter(|c| !enforced.has_same(c))
        .map(|mut c| {
            c.fix = None;
            c
        })
        .collect()
}

/// Per rule, what was inferred and why, one line each — for `autofix rules --explain` and hovers.
pub fn explain(rule: &Rule, inference: &Inference) -> Vec<String> {
    let mut lines = Vec::new();
    if !rule.checks.is_empty() {
        lines.push("explicit Check: nothing inferred".into());
        return lines;
    }
    if let Some(unread) = inference.unread {
        lines.push(format!("not read: {} — {}", unread.describe(), unread.remedy()));
        return lines;
    }
    for (i, check) in inference.checks.iter().enumerate() {
        let why = match &check.origin {
            Origin::Inferred { explanation } => explanation.clone(),
            Origin::Explicit => "explicit".into(),
        };
        lines.push(format!("check {}: {why}", i + 1));
        lines.push(format!("  {}", check.describe_inline()));
    }
    let unseen = inference
        .unseen
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect::<Vec<_>>()
        .join(", ");
    for (i, check) in inference.proposed.iter().enumerate() {
        let why = match &check.origin {
            Origin::Inferred { explanation } => explanation.clone(),
            Origin::Explicit => "explicit".into(),
        };
        lines.push(format!(
            "proposed check {} (not enforced: the rule makes an exception no file shows, {unseen}): {why}",
            i + 1
        ));
        lines.push(format!("  {}", check.describe_inline()));
    }
    if !inference.proposed.is_empty() {
        lines.push(format!(
            "to enforce it: \"Enforce rule #{n} everywhere\" (a code action in the rules file) writes it as the rule's Check; mark each justified use with `autofix-ignore: {n}`",
            n = rule.number
        ));
    }
    for m in &inference.mandates {
        lines.push(format!(
            "mandates {} (after \"{}\"; used for precedence)",
            m.text, m.trigger
        ));
    }
    for note in &inference.notes {
        lines.push(format!("note: {note}"));
    }
    if let Some(words) = &inference.behaviour {
        lines.push(format!(
            "behaviour rule: about what the agent does, not checked in files (from \"{words}\")"
        ));
    } else if inference.vague {
        lines.push(
            "too vague to check: name the concrete thing, e.g. \"Always export types alongside components in .types.ts files\""
                .into(),
        );
    } else if inference.checks.is_empty() && inference.proposed.is_empty() && inference.unseen_condition {
        // A condition no check can see: its note says why nothing is checked.
    } else if inference.checks.is_empty() && inference.proposed.is_empty() && !inference.mandates.is_empty() {
        // "Use `@dataclass` for data models": what is mandated is read, but no known form
        // of code stands against it to look for.
        lines.push(
            "nothing inferred: the rule mandates, and no known pattern breaks what it mandates — a forbidding rule (\"never X\") or an explicit Check would be checked".into(),
        );
    } else if inference.checks.is_empty() && inference.proposed.is_empty() {
        lines.push(
            "nothing inferred: no code span, path, tool or known concept after a forbidding word".into(),
        );
    }
    lines
}

#[cfg(test)]
mod tests;
