//! How much of a rules file is read: one rule past a length or a count of code is a document,
//! not an imperative, and one file may give only so many checks — so that a hostile rules file
//! (a megabyte in one rule, thousands of rules) cannot hold the server or its memory.

use super::{Inference, infer, text};
use crate::rules::model::Rule;

/// Why a rule's words were not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// The instruction is a document or a catalogue rather than one imperative: `chars`
    /// characters, `code` pieces of code (0 when the length alone stopped the reading).
    TooLong { chars: usize, code: usize },
    /// Newer rules of the same file already gave all the checks, or used all the reading, one
    /// file is allowed.
    FileBudget,
}

/// Past this many characters an instruction is not read. Real rules stay far below (the longest
/// of 1,400 imported from public projects has 700), and reading costs grow faster than the
/// text: one hostile rule of a megabyte would otherwise hold a language server for minutes.
pub const MAX_READ_CHARS: usize = 2_000;

/// Past this many pieces of code an instruction is not read: each can become two compiled
/// checks, and real rules name at most a dozen.
pub const MAX_READ_CODE: usize = 40;

/// What one rules file may have read, newest rule first: a dozen public projects' imported
/// rules give at most 47 checks from 80 kB, while a hostile file of 4 MB (the most a rules file
/// may be) of rules at the bounds above would compile 176,000 patterns (a minute, 3.8 GB).
pub const MAX_FILE_CHECKS: usize = 2_000;
/// See [`MAX_FILE_CHECKS`].
pub const MAX_FILE_CHARS: usize = 400_000;

impl Unread {
    /// Whether `instruction` (or its `tokens`, once read) is past what is read.
    pub(super) fn too_long(instruction: &str, tokens: Option<&[text::Token]>) -> Option<Unread> {
        let chars = instruction.chars().count();
        if chars > MAX_READ_CHARS {
            return Some(Unread::TooLong { chars, code: 0 });
        }
        let code = tokens?.iter().filter(|t| t.is_code()).count();
        (code > MAX_READ_CODE).then_some(Unread::TooLong { chars, code })
    }

    /// Why the rule was not read, in words.
    pub fn describe(&self) -> String {
        match *self {
            Unread::TooLong { code, .. } if code > MAX_READ_CODE => {
                format!("it names {code} pieces of code (more than {MAX_READ_CODE})")
            }
            Unread::TooLong { chars, .. } => {
                format!("it is {chars} characters long (more than {MAX_READ_CHARS})")
            }
            Unread::FileBudget => format!(
                "newer rules of this file already gave all one file may have ({MAX_FILE_CHECKS} inferred checks, or {MAX_FILE_CHARS} characters read)"
            ),
        }
    }

    /// What to do about it.
    pub fn remedy(&self) -> &'static str {
        match self {
            Unread::TooLong { .. } => {
                "one rule should forbid or mandate a few things: split it, or give it an explicit Check"
            }
            Unread::FileBudget => "give the rules explicit Checks, or retire the ones that no longer matter",
        }
    }
}

/// Infers the checks of every rule of one file that has no `Check` (`None` for those that have
/// one), newest rule first, within the file's budget: once newer rules used it up, older ones
/// are left unread.
pub fn infer_file(rules: &[Rule]) -> Vec<Option<Inference>> {
    let mut order: Vec<usize> = (0..rules.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(rules[i].number));
    let mut out: Vec<Option<Inference>> = vec![None; rules.len()];
    let (mut checks, mut chars) = (0usize, 0usize);
    for i in order {
        let rule = &rules[i];
        if !rule.checks.is_empty() {
            continue;
        }
        // A rule too long to read costs nothing to skip.
        let len = rule.instruction.chars().count();
        if len <= MAX_READ_CHARS {
            chars += len;
        }
        let spent = checks >= MAX_FILE_CHECKS || chars > MAX_FILE_CHARS;
        let inference = match Unread::too_long(&rule.instruction, None) {
            // Its own length is the reason worth giving: splitting the rule is the cure.
            Some(too_long) if spent => Inference {
                unread: Some(too_long),
                ..Default::default()
            },
            None if spent => Inference {
                unread: Some(Unread::FileBudget),
                ..Default::default()
            },
            _ => infer(rule),
        };
        checks += inference.checks.len() + inference.proposed.len();
        out[i] = Some(inference);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::rules::parse::parse;
    use crate::rules::problem::ProblemKind;
    use crate::rules::{BuildOptions, RuleSet};

    fn rules(instructions: &[String]) -> Vec<Rule> {
        let json: Vec<serde_json::Value> = instructions
            .iter()
            .enumerate()
            .map(|(i, ins)| serde_json::json!({"Rule_number": i + 1, "Category": "CODE", "Instruction": ins, "Why": "w"}))
            .collect();
        parse(&serde_json::to_string(&json).unwrap()).rules
    }

    /// "Avoid CommonJS (`a0`, `a1`, …)" naming `n` pieces of code.
    fn catalogue(n: usize) -> String {
        let spans: Vec<String> = (0..n).map(|i| format!("`require{i}`")).collect();
        format!("Avoid CommonJS ({})", spans.join(", "))
    }

    #[test]
    fn a_rule_naming_a_few_dozen_things_is_read() {
        let inference = infer(&rules(&[catalogue(MAX_READ_CODE - 1)])[0]);
        assert_eq!(inference.unread, None);
        assert!(
            inference.checks.len() > MAX_READ_CODE,
            "{}",
            inference.checks.len()
        );
    }

    #[test]
    fn a_catalogue_of_code_is_not_read_and_says_why() {
        // The attack: 5,000 spans took 10 s and 2.3 GB to infer, 20,000 never finished.
        let rule = &rules(&[catalogue(MAX_READ_CODE + 1)])[0];
        let inference = infer(rule);
        assert_eq!(
            inference.unread,
            Some(Unread::TooLong {
                chars: rule.instruction.chars().count(),
                code: MAX_READ_CODE + 1
            })
        );
        assert!(inference.checks.is_empty() && inference.forbids.is_empty());
        assert_eq!(
            super::super::explain(rule, &inference),
            [format!(
                "not read: it names {} pieces of code (more than {MAX_READ_CODE}) — one rule should forbid or mandate a few things: split it, or give it an explicit Check",
                MAX_READ_CODE + 1
            )]
        );
    }

    #[test]
    fn a_megabyte_rule_is_not_read() {
        let long = format!("Never pass `nil` context{}", " context".repeat(130_000));
        let inference = infer(&rules(std::slice::from_ref(&long))[0]);
        assert_eq!(
            inference.unread,
            Some(Unread::TooLong {
                chars: long.chars().count(),
                code: 0
            })
        );
        // Characters, not bytes: 2,000 accented letters are read.
        let accents = format!("Nunca uses `var` {}", "é".repeat(MAX_READ_CHARS - 20));
        assert_eq!(infer(&rules(&[accents])[0]).unread, None);
    }

    #[test]
    fn a_file_gives_so_many_checks_newest_rule_first() {
        // Each rule gives 2 × 40 checks: the newest 25 fill the file's budget.
        let instructions: Vec<String> = (0..40)
            .map(|r| {
                let spans: Vec<String> = (0..MAX_READ_CODE).map(|i| format!("`r{r}_{i}`")).collect();
                format!("Never use {}.", spans.join(", "))
            })
            .collect();
        let inferred = infer_file(&rules(&instructions));
        let read: Vec<bool> = inferred
            .iter()
            .map(|i| i.as_ref().unwrap().unread.is_none())
            .collect();
        let given: usize = inferred.iter().flatten().map(|i| i.checks.len()).sum();
        assert!(given <= MAX_FILE_CHECKS + 2 * MAX_READ_CODE, "{given}");
        // The oldest rules go unread, the newest are all read.
        assert!(!read[0] && read[39], "{read:?}");
        let first_read = read.iter().position(|r| *r).unwrap();
        assert!(read[first_read..].iter().all(|r| *r), "{read:?}");
        assert_eq!(inferred[0].as_ref().unwrap().unread, Some(Unread::FileBudget));
    }

    #[test]
    fn a_rule_with_a_check_is_not_inferred_and_costs_nothing() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `var`.", "Why": "w", "Check": {"Pattern": "var"}}]"#;
        assert_eq!(infer_file(&parse(json).rules), [None]);
    }

    #[test]
    fn an_unread_rule_is_shown_in_the_rules_file() {
        let json = serde_json::json!([
            {"Rule_number": 1, "Category": "CODE", "Instruction": catalogue(100), "Why": "w"},
            {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `var`.", "Why": "w"},
        ]);
        let set = RuleSet::from_text(
            Path::new("/repo/autofix.json"),
            &json.to_string(),
            BuildOptions::default(),
        );
        let not_read: Vec<_> = set
            .problems
            .iter()
            .filter(|p| matches!(p.kind, ProblemKind::NotRead { .. }))
            .collect();
        assert_eq!(not_read.len(), 1, "{:?}", set.problems);
        assert_eq!(not_read[0].rule, Some(1));
        assert_eq!(
            not_read[0].message(crate::i18n::Locale::En),
            "not checked: too long to read as one rule (100 pieces of code; at most 40 are read) — split it into rules that each forbid or mandate a few things, or give it an explicit Check"
        );
        assert_eq!(not_read[0].severity(), crate::rules::Severity::Information);
        // The other rule is in force.
        let found = set
            .check_file(Path::new("/repo/a.js"), "var x = 1;\n", None)
            .violations;
        assert_eq!(found.len(), 1);
    }
}
