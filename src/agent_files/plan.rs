//! What importing agent files would do to a rules file: each candidate is new, already a rule
//! (same words, or nearly — see [`same_rule`]), or a rule the project retired; duplicates across
//! agent files collapse into one, listing every source. Writing appends the new rules in one
//! text, numbered on from the highest, without touching a byte of the others.

use serde::Serialize;
use serde_json::json;

use super::formats::AgentFormat;
use super::import::{Candidate, Extracted, Skipped};
use super::markdown::blank_code_spans;
use crate::rules::learn::{self, LearnError, NewRule};
use crate::rules::{Category, RuleSet, Status};

/// Where a candidate was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Source {
    pub path: String,
    pub line: usize,
}

/// What becomes of a candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Outcome {
    /// Added by `--write`.
    New,
    /// Already an active rule: not added.
    Already { rule: u64 },
    /// The same as a rule the project superseded: not added again (the agent file is stale).
    Retired { rule: u64, by: u64 },
}

/// One candidate of the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Planned {
    #[serde(flatten)]
    pub outcome: Outcome,
    pub category: Category,
    pub instruction: String,
    pub why: String,
    /// `Check.Files`; empty: the rule has no `Check`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// The scope of the file it came from, before a language's section narrowed `files`.
    #[serde(skip)]
    pub file_scope: Vec<String>,
    /// Every place it was found, first first.
    pub sources: Vec<Source>,
}

/// One agent file read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileReport {
    pub path: String,
    pub format: AgentFormat,
    pub rules: usize,
    pub skipped: Vec<Skipped>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The whole plan for one rules file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ImportPlan {
    pub rules: Vec<Planned>,
    pub files: Vec<FileReport>,
}

impl ImportPlan {
    pub fn new_rules(&self) -> impl Iterator<Item = &Planned> {
        self.rules.iter().filter(|r| r.outcome == Outcome::New)
    }
}

/// A text's clauses: its parts between " - ", " — ", " – " and "; " outside code spans.
fn clauses(text: &str) -> Vec<&str> {
    // Code spans filled with a byte no separator contains: offsets stay those of `text`.
    let plain = blank_code_spans(text, '\u{1}');
    let mut out = Vec::new();
    let mut start = 0;
    while let Some((at, sep)) = [" - ", " — ", " – ", "; "]
        .iter()
        .filter_map(|sep| plain[start..].find(sep).map(|i| (start + i, sep.len())))
        .min()
    {
        out.push(&text[start..at]);
        start = at + sep;
    }
    out.push(&text[start..]);
    out
}

/// The numbers of a text ("Limit lines to 80 characters" is not "… to 100 characters").
fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect()
}

/// The code spans of a text, as written.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// True when a text forbids (never, don't, avoid, no …) rather than mandates.
fn forbids(text: &str) -> bool {
    let lower = format!(" {} ", text.to_lowercase());
    [
        " never ",
        " don't ",
        " do not ",
        " avoid ",
        " no ",
        " not ",
        " nunca ",
        " evita",
        " without ",
        " mustn't ",
        " shouldn't ",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Words left out when comparing: articles and quantifiers ("run *the* tests", "for *all*
/// features") — the inference's determiners, and a few more.
fn filler(word: &str) -> bool {
    crate::rules::infer::words::DETERMINERS.contains(&word)
        || matches!(word, "all" | "every" | "each" | "todos" | "todas")
}

/// The words that carry the meaning: normalized, `-` read as a space, fillers dropped, plurals
/// made singular (outside code spans), backticks dropped ("Use `pnpm`" is "Use pnpm").
fn reduced(text: &str) -> String {
    let n = crate::rules::normalized_instruction(text);
    let mut out = Vec::new();
    let mut in_code = false;
    for word in n.split(' ') {
        let ticks = word.matches('`').count();
        let code = in_code || ticks > 0;
        if ticks % 2 == 1 {
            in_code = !in_code;
        }
        if code {
            let bare = word.replace('`', "");
            let bare = bare.trim_end_matches([',', ';', ':', '.']);
            // A code span that is a plain word ("`fetch`", "`axios`") reads as the same word in
            // prose ("Always use native fetch instead of Axios"); anything else stays exact.
            if bare.chars().all(char::is_alphanumeric) {
                out.push(singular(bare).to_string());
            } else {
                out.push(bare.to_string());
            }
            continue;
        }
        for w in word.split('-').filter(|w| !w.is_empty()) {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
            if w.is_empty() || filler(w) {
                continue;
            }
            out.push(singular(w).to_string());
        }
    }
    out.join(" ")
}

/// A word with a plural `s` dropped ("tests" → "test"; not "class" or "has").
fn singular(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if word.len() > 3 && !word.ends_with("ss") => stem,
        _ => word,
    }
}

/// The similarity (`strsim::normalized_levenshtein` of the [`reduced`] texts) from which two
/// instructions with the same code spans and the same polarity are one rule. Typos and small
/// rewordings score above it ("Always use pnpm for instalations" / "… installations" 0.97);
/// one swapped word of meaning scores below it even in short rules ("Prefer named exports" /
/// "Prefer named imports" 0.89, "Use tabs for indentation" / "Use spaces …" 0.85, "Write tests
/// for new features" / "… for features" 0.85). Articles, quantifiers, plurals and hyphens are
/// left out before measuring, so "Always run the tests before you push" / "Always run tests
/// before you push" and "Never commit `.env` files" / "Never commit a `.env` file" are equal.
pub const SAME_RULE_SIMILARITY: f64 = 0.92;

/// True when two instructions say the same: equal once [`reduced`], or at least
/// [`SAME_RULE_SIMILARITY`] alike with the same code spans (in order), the same numbers and
/// the same polarity — so "Never use `var`" and "Never use `let`", "Limit lines to 80
/// characters" and "… to 100 characters", or "Always X" and "Never X", stay two rules.
pub fn same_rule(a: &str, b: &str) -> bool {
    Compared::of(a).same(&Compared::of(b))
}

/// What [`same_rule`] compares of an instruction, worked out once: an import compares each
/// rule with every other, and a file of thousands of rules must not work them out per pair.
struct Compared {
    reduced: String,
    /// Its clauses, each [`reduced`].
    clauses: Vec<String>,
    spans: Vec<String>,
    numbers: Vec<String>,
    forbids: bool,
}

impl Compared {
    fn of(text: &str) -> Compared {
        Compared {
            reduced: reduced(text),
            clauses: clauses(text).into_iter().map(reduced).collect(),
            spans: code_spans(text).into_iter().map(str::to_string).collect(),
            numbers: numbers(text).into_iter().map(str::to_string).collect(),
            forbids: forbids(text),
        }
    }

    fn same(&self, other: &Compared) -> bool {
        if self.reduced == other.reduced {
            return true;
        }
        // A rule written with its reason or a second clause ("Never use default exports for
        // React components - always use named exports") holds the bare one, either of them: a
        // section's bold lead "Avoid barrel exports (`export *`) - always use explicit named
        // exports" and its paragraph's "Always use explicit named exports." are one rule.
        if self.clauses.contains(&other.reduced) || other.clauses.contains(&self.reduced) {
            return true;
        }
        // Lengths further apart than the similarity allows: no edit distance can reach it.
        let (la, lb) = (self.reduced.chars().count(), other.reduced.chars().count());
        let longest = la.max(lb).max(1) as f64;
        let reachable = 1.0 - la.abs_diff(lb) as f64 / longest >= SAME_RULE_SIMILARITY;
        reachable
            && self.spans == other.spans
            && self.numbers == other.numbers
            && self.forbids == other.forbids
            && strsim::normalized_levenshtein(&self.reduced, &other.reduced) >= SAME_RULE_SIMILARITY
    }
}

/// Plans importing the rules `found` (per file: its path as shown, format and what was read)
/// into the rules file whose rule set is `existing` (`None`: there is none yet).
pub fn plan(found: Vec<(String, AgentFormat, Extracted)>, existing: Option<&RuleSet>) -> ImportPlan {
    let mut out = ImportPlan::default();
    let known: Vec<(u64, &str, &Status)> = existing
        .map(|set| {
            set.rules
                .iter()
                .zip(&set.status)
                .map(|(r, s)| (r.number, r.instruction.as_str(), s))
                .collect()
        })
        .unwrap_or_default();
    let known_compared: Vec<Compared> = known.iter().map(|(_, text, _)| Compared::of(text)).collect();
    let mut planned_compared: Vec<Compared> = Vec::new();
    for (path, format, extracted) in found {
        out.files.push(FileReport {
            path: path.clone(),
            format,
            rules: extracted.rules.len(),
            skipped: extracted.skipped,
            notes: extracted.notes,
        });
        for candidate in extracted.rules {
            add(
                &mut out.rules,
                &mut planned_compared,
                candidate,
                &known,
                &known_compared,
            );
        }
    }
    out
}

/// Adds `c` to the plan; `compared` holds what is compared of each planned rule, and
/// `known_compared` of each known one, in their order.
fn add(
    rules: &mut Vec<Planned>,
    compared: &mut Vec<Compared>,
    c: Candidate,
    known: &[(u64, &str, &Status)],
    known_compared: &[Compared],
) {
    let own = Compared::of(&c.instruction);
    let source = Source {
        path: c.source.clone(),
        line: c.line,
    };
    // The same rule from another agent file (same scope): one candidate, every source. A scope
    // only a language's section gave one of them ("## Laravel 12" in one file, "## Laravel 12
    // Structure" in the other) does not make two rules: the wider reading, the file's, holds.
    if let Some(same) = rules
        .iter_mut()
        .zip(compared.iter())
        .find(|(p, pc)| (p.files == c.files || p.file_scope == c.file_scope) && pc.same(&own))
        .map(|(p, _)| p)
    {
        if same.files != c.files {
            same.files = c.file_scope.clone();
        }
        same.sources.push(source);
        if same.why.starts_with("imported from ") {
            if let Some(why) = c.why {
                same.why = why;
            } else {
                same.why = format!("{}, {}", same.why, c.source);
            }
        }
        return;
    }
    // Active rules first: a rule both active and retired under the same words is active.
    let matching = |active: bool| {
        known
            .iter()
            .zip(known_compared)
            .rev()
            .filter(|((_, _, s), _)| s.is_active() == active)
            .find(|(_, kc)| kc.same(&own))
            .map(|(k, _)| k)
    };
    let outcome = match (matching(true), matching(false)) {
        (Some((n, _, _)), _) => Outcome::Already { rule: *n },
        (None, Some((n, _, Status::Superseded { by, .. }))) => Outcome::Retired { rule: *n, by: *by },
        _ => Outcome::New,
    };
    compared.push(own);
    rules.push(Planned {
        outcome,
        category: c.category,
        why: c.why.unwrap_or_else(|| format!("imported from {}", c.source)),
        instruction: c.instruction,
        files: c.files,
        file_scope: c.file_scope,
        sources: vec![source],
    });
}

/// A learned rule of the plan: its number and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learned {
    pub number: u64,
    pub category: Category,
    pub instruction: String,
}

/// The new text of the rules file whose text is `current` (`None`: to be created) with the
/// plan's new rules appended, numbered on from the highest; each goes through the learner's
/// validator. Nothing else of the text changes.
pub fn apply(current: Option<&str>, plan: &ImportPlan) -> Result<(Option<String>, Vec<Learned>), LearnError> {
    let mut text: Option<String> = current.map(str::to_string);
    let mut learned = Vec::new();
    let mut at_least = 0;
    for rule in plan.new_rules() {
        let new = NewRule {
            category: rule.category.as_str().to_string(),
            instruction: rule.instruction.clone(),
            why: rule.why.clone(),
            check: (!rule.files.is_empty()).then(|| json!({ "Files": rule.files })),
            supersedes: Vec::new(),
        };
        let planned = learn::plan_from(text.as_deref(), &new, at_least)?;
        at_least = planned.number;
        learned.push(Learned {
            number: planned.number,
            category: planned.category,
            instruction: rule.instruction.clone(),
        });
        text = Some(planned.content);
    }
    Ok((if learned.is_empty() { None } else { text }, learned))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent_files::import::extract;
    use crate::rules::BuildOptions;
    use std::path::Path;

    #[test]
    fn a_plain_word_in_backticks_is_the_same_word_in_prose() {
        assert!(same_rule(
            "Always use native `fetch` instead of `axios`.",
            "Always use native fetch instead of Axios."
        ));
        assert!(!same_rule("Never use `var`", "Never use `let`"));
        assert!(!same_rule("Never call `console.log`", "Never call console"));
    }

    #[test]
    fn the_threshold_keeps_near_copies_together_and_different_rules_apart() {
        let score = |a: &str, b: &str| strsim::normalized_levenshtein(&reduced(a), &reduced(b));
        assert!(
            score(
                "Always use pnpm for instalations",
                "Always use pnpm for installations"
            ) > 0.92
        );
        assert!(score("Prefer named exports", "Prefer named imports") < 0.92);
        assert!(score("Use tabs for indentation", "Use spaces for indentation") < 0.92);
        assert!(score("Write tests for new features", "Write tests for all features") < 0.92);
        assert_eq!(
            reduced("Always run the tests before you push"),
            reduced("Always run tests before you push")
        );
        assert_eq!(
            reduced("Never commit `.env` files"),
            reduced("Never commit a `.env` file")
        );
        for (a, b, same) in [
            ("Use pnpm, never npm.", "use pnpm, never npm", true),
            ("Use `pnpm`, never `npm`.", "Use pnpm, never npm", true),
            (
                "Always run the tests before you push",
                "Always run tests before you push.",
                true,
            ),
            ("Never use `var`", "Never use `let`", false),
            ("Always use semicolons", "Never use semicolons", false),
            ("Prefer `const` over `let`", "Prefer `let` over `const`", false),
            (
                "Use “double” quotes — always",
                "Use \"double\" quotes - always",
                true,
            ),
            ("Prefer named exports", "Prefer named imports", false),
            (
                "Limit every line of Markdown documentation to 80 characters",
                "Limit every line of Markdown documentation to 100 characters",
                false,
            ),
            (
                "Never use default exports for React components",
                "Never use default exports for React components - always use named exports.",
                true,
            ),
            // The clause a section's lead ends with, repeated by its paragraph.
            (
                "Avoid barrel exports (`export *`) - always use explicit named exports:",
                "Always use explicit named exports.",
                true,
            ),
            (
                "Prefer types over interfaces; never use `any`",
                "Never use `any`.",
                true,
            ),
            // A clause is not a word of one: "always use named exports" is no "use named".
            (
                "Avoid barrel exports - always use named exports",
                "Use named exports for components",
                false,
            ),
            (
                "Add a changelog entry for every user-facing change",
                "Add a changelog entry for each user facing change",
                true,
            ),
        ] {
            assert_eq!(same_rule(a, b), same, "{a} / {b}");
        }
    }

    fn set(text: &str) -> RuleSet {
        RuleSet::from_text(Path::new("/r/autofix.json"), text, BuildOptions::default())
    }

    #[test]
    fn already_retired_new_and_collapsed_across_files() {
        let existing = set(r#"[
  {"Rule_number": 1, "Category": "TOOL", "Instruction": "Use npm for installs.", "Why": "w"},
  {"Rule_number": 2, "Category": "TOOL", "Instruction": "Use pnpm instead of npm.", "Why": "replaces rule 1"},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Never use `any`.", "Why": "w"}
]"#);
        let a = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "- Never use `any`\n- Use npm for installs\n- Keep functions small because they read better\n",
        );
        let b = extract("CLAUDE.md", AgentFormat::ClaudeMd, "- Keep functions small\n");
        let plan = plan(
            vec![
                ("AGENTS.md".into(), AgentFormat::AgentsMd, a),
                ("CLAUDE.md".into(), AgentFormat::ClaudeMd, b),
            ],
            Some(&existing),
        );
        let outcomes: Vec<_> = plan.rules.iter().map(|r| r.outcome.clone()).collect();
        assert_eq!(
            outcomes,
            [
                Outcome::Already { rule: 3 },
                Outcome::Retired { rule: 1, by: 2 },
                Outcome::New
            ]
        );
        assert_eq!(plan.rules[2].sources.len(), 2);
        assert_eq!(plan.rules[2].why, "they read better");

        let current = existing.source.to_string();
        let (text, learned) = apply(Some(&current), &plan).unwrap();
        let text = text.unwrap();
        assert_eq!(learned[0].number, 4);
        assert!(
            text.starts_with(current.trim_end_matches(['\n', ']']).trim_end()),
            "nothing else changes"
        );
        assert!(text.contains("\"Instruction\": \"Keep functions small\""));
    }

    #[test]
    fn a_file_of_thousands_of_rules_is_planned_without_comparing_them_all_anew() {
        // An attack: 4,000 labelled lists that contrast and 2,000 copies of a wrapped sentence.
        // Before, every pair was reduced anew and each item scanned the whole document: the
        // import took minutes; now it is a pass (its speed: `cargo bench --bench import`).
        let mut text = String::from("## Schemas\n\n");
        for i in 0..4000 {
            text.push_str(&format!(
                "**Kind{i} Schemas** (part {i}):\n\n- Use `.nullish()` instead of `.optional()`\n\n"
            ));
        }
        let wrapped = "When the behavior cannot be expressed against the public surface at all (e.g. an API removed in v2), mark the requirement\n`deferred: '<reason>'` instead — deferred ids must not be cited by any `verifies()` call.\n\n";
        text.push_str(&wrapped.repeat(2000));
        let found = extract("AGENTS.md", AgentFormat::AgentsMd, &text);
        let plan = plan(vec![("AGENTS.md".into(), AgentFormat::AgentsMd, found)], None);
        assert_eq!(plan.rules.len(), 4001);
        assert!(
            plan.rules[..4000]
                .iter()
                .all(|r| r.instruction.starts_with("For Kind"))
        );
        assert_eq!(plan.rules[4000].sources.len(), 2000, "the copies are one rule");
    }

    #[test]
    fn a_rule_a_section_scoped_in_one_file_only_is_one_rule_of_the_wider_scope() {
        let a = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "## Laravel 12\n\n- No middleware files in `app/Http/Middleware/`\n\n## PHP\n\n- Never use `extract()`\n",
        );
        let b = extract(
            "CLAUDE.md",
            AgentFormat::ClaudeMd,
            "## Laravel 12 upgrade notes\n\n- No middleware files in `app/Http/Middleware/`\n\n## PHP\n\n- Never use `extract()`\n",
        );
        assert_eq!(a.rules[0].section.as_deref(), Some("Laravel 12"));
        assert_eq!(b.rules[0].section, None);
        let plan = plan(
            vec![
                ("AGENTS.md".into(), AgentFormat::AgentsMd, a),
                ("CLAUDE.md".into(), AgentFormat::ClaudeMd, b),
            ],
            None,
        );
        assert_eq!(plan.rules.len(), 2, "{:?}", plan.rules);
        assert!(plan.rules[0].files.is_empty());
        assert_eq!(plan.rules[0].sources.len(), 2);
        // Both under "## PHP": the section's scope stays.
        assert_eq!(plan.rules[1].files[0], "*.php");
        assert_eq!(plan.rules[1].sources.len(), 2);
    }

    #[test]
    fn a_scoped_rule_gets_a_files_only_check_and_still_infers_within_it() {
        let found = extract(
            "web/AGENTS.md",
            AgentFormat::AgentsMd,
            "- Never use `console.log` in TypeScript\n",
        );
        let plan = plan(vec![("web/AGENTS.md".into(), AgentFormat::AgentsMd, found)], None);
        let (text, _) = apply(None, &plan).unwrap();
        let text = text.unwrap();
        assert!(
            text.contains("\"Files\": [\n        \"web/**\"\n      ]"),
            "{text}"
        );
        let set = set(&text);
        assert!(set.is_usable(), "{:?}", set.problems);
        assert_eq!(set.rules[0].scope, ["web/**"]);
        let inferred = &set.inferences[0].checks;
        assert!(!inferred.is_empty(), "inference still runs for a scoped rule");
        let check = |path: &str| {
            set.checker
                .check(
                    "console.log(1);\n",
                    &crate::rules::FileContext {
                        rel_path: Some(path),
                        language_id: None,
                    },
                )
                .violations
                .len()
        };
        assert_eq!(check("web/src/a.ts"), 1, "inside the scope");
        assert_eq!(check("api/src/a.ts"), 0, "outside the scope");
        assert_eq!(check("web/src/a.py"), 0, "the words' own scope still holds");
    }
}
