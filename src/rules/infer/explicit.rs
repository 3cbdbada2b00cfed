//! "Make this check explicit": an inferred `CheckSpec` written as the JSON `Check` object of
//! autofix.json, and the edit that inserts it into the rule; [`enforce`], the same for a whole
//! rules file and one rule number, with its inferred and proposed checks (`autofix rules
//! --enforce N`); [`enforce_given`], with a `Check` someone wrote for a rule its words do not
//! check (an agent through MCP, `--enforce N --check JSON`).

use std::ops::Range;

use serde_json::Value;

use super::Inference;
use crate::i18n::Locale;
use crate::rules::check_object::CheckObject;
use crate::rules::model::{CheckSpec, Rule, Severity};
use crate::rules::ruleset::{BuildOptions, RuleSet};
use crate::text::LineIndex;

/// Why a rule's checks cannot be written into it. Nothing is written in any of these cases.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnforceError {
    #[error("{line}:{column}: {message} — fix the rules file first")]
    Broken {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("there is no rule #{0} — `autofix rules` lists the rules and their numbers")]
    NoSuchRule(u64),
    #[error(
        "rule #{0} has a `Check` already: its checks are explicit (to replace it with another, say so: `replace`)"
    )]
    HasCheck(u64),
    #[error("rule #{0} appears more than once — renumber one of them first (the last one is in force)")]
    Duplicate(u64),
    #[error("rule #{0} is superseded by rule #{1}: enforce that one, or learn a new rule")]
    Superseded(u64, u64),
    #[error(
        "nothing is inferred or proposed for rule #{0}: write its `Check` by hand (`autofix rules --explain` says what was read from its words)"
    )]
    NothingToEnforce(u64),
    #[error("the check given for rule #{0} is not usable: {1}")]
    BadCheck(u64, String),
}

/// `text` (a rules file) with rule `number`'s inferred and proposed checks written into it as
/// its `Check`, and those checks.
pub fn enforce(text: &str, number: u64) -> Result<(String, Vec<CheckSpec>), EnforceError> {
    let set = RuleSet::from_text(
        std::path::Path::new("autofix.json"),
        text,
        BuildOptions::default(),
    );
    let i = enforceable(text, &set, number)?;
    let rule = &set.rules[i];
    let all = set.inferences[i].enforced();
    let (range, insert) =
        make_explicit_edit(text, rule, &all).ok_or(EnforceError::NothingToEnforce(number))?;
    Ok((spliced(text, range, &insert), all.checks))
}

/// `text` with `check` — a `Check` as autofix.json holds it (one object or an array of them),
/// written by someone who read the rule — put into rule `number`, and the checks it compiles
/// to. The refusals of [`enforce`], and the check must build without a problem: an invalid
/// regex or glob, an unknown key, a check that can never match are refused with the lint's
/// words.
///
/// With `replace`, a rule that has a `Check` gets `check` in its place (the value only; every
/// other byte stays) — how a check written this way is narrowed afterwards; the check replaced
/// is returned as written.
pub fn enforce_given(
    text: &str,
    number: u64,
    check: &Value,
    replace: bool,
) -> Result<Enforcement, EnforceError> {
    let set = RuleSet::from_text(
        std::path::Path::new("autofix.json"),
        text,
        BuildOptions::default(),
    );
    let (i, replaced) = match enforceable(text, &set, number) {
        Err(EnforceError::HasCheck(_)) if replace => {
            let i = in_force(&set, number)?;
            (i, set.rules[i].span.check.clone())
        }
        other => (other?, None),
    };
    if !matches!(check, Value::Object(_) | Value::Array(_)) {
        return Err(EnforceError::BadCheck(
            number,
            "a `Check` is an object (`{\"Pattern\": \"…\", \"Files\": [\"*.ts\"]}`) or an array of them"
                .to_string(),
        ));
    }
    let (range, insert) = match &replaced {
        Some(range) => (range.clone(), replacement(text, range.start, check)),
        None => insert_check(text, &set.rules[i], check).ok_or(EnforceError::NothingToEnforce(number))?,
    };
    let out = spliced(text, range, &insert);
    let written = RuleSet::from_text(
        std::path::Path::new("autofix.json"),
        &out,
        BuildOptions::default(),
    );
    // The text had no fatal problem before: one now is the check's (a `Pattern` that is not a
    // string, a `Within` that does not exist…), and the rule may not even be read any more.
    let fatal: Vec<String> = written.fatal_problems().map(|p| p.message(Locale::En)).collect();
    if !fatal.is_empty() {
        return Err(EnforceError::BadCheck(number, fatal.join("; ")));
    }
    let Some(rule) = written.rules.iter().find(|r| r.number == number) else {
        return Err(EnforceError::NoSuchRule(number));
    };
    // Only the check's own problems refuse it: the rule's others (a category in lowercase, a
    // `Supersedes` naming no rule) were there before and are the rules file's to fix.
    let check_span = rule.span.check.clone().unwrap_or(0..0);
    let problems: Vec<String> = written
        .problems
        .iter()
        .filter(|p| {
            p.span.start >= check_span.start
                && p.span.end <= check_span.end
                && matches!(p.severity(), Severity::Error | Severity::Warning)
        })
        .map(|p| p.message(Locale::En))
        .collect();
    if !problems.is_empty() {
        return Err(EnforceError::BadCheck(number, problems.join("; ")));
    }
    if rule.checks.is_empty() {
        return Err(EnforceError::BadCheck(
            number,
            "it holds no `Pattern`, `Require`, `Forbidden_paths` or `Indent`".to_string(),
        ));
    }
    if let Some(why) = rule.checks.iter().find_map(matches_everything) {
        return Err(EnforceError::BadCheck(number, why));
    }
    let checks = rule.checks.clone();
    Ok(Enforcement {
        checks,
        inferred_replaced: if replaced.is_some() {
            0
        } else {
            set.inferences[i].checks.len()
        },
        replaced: replaced.and_then(|r| text.get(r)).map(str::to_string),
        text: out,
    })
}

/// Why a check would flag every file, if it would: a pattern that matches the empty text (every
/// file holds it, at its start), a `Require` that every file meets, a forbidden path that is
/// empty.
fn matches_everything(check: &CheckSpec) -> Option<String> {
    let empty = |p: &str| regex::Regex::new(p).is_ok_and(|r| r.is_match(""));
    if let Some(p) = check.pattern.as_deref().filter(|p| empty(p)) {
        return Some(format!(
            "`Pattern` {p:?} matches the empty text, so every file would break the rule — make it match the violation itself"
        ));
    }
    if let Some(p) = check.require.as_deref().filter(|p| empty(p)) {
        return Some(format!(
            "`Require` {p:?} matches the empty text, so every file already holds it — make it match what each file must contain"
        ));
    }
    check
        .forbidden_paths
        .iter()
        .any(|g| g.trim().is_empty())
        .then(|| "an empty `Forbidden_paths` entry names no file — remove it".to_string())
}

/// What [`enforce_given`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enforcement {
    /// The rules file with the check in it.
    pub text: String,
    /// The checks it compiles to.
    pub checks: Vec<CheckSpec>,
    /// The `Check` replaced, as it was written.
    pub replaced: Option<String>,
    /// The checks inferred from the rule's words that the written `Check` takes the place of.
    pub inferred_replaced: usize,
}

/// `check` as the JSON that replaces a `Check` value starting at byte `at` of `source`:
/// pretty-printed and indented like the line it starts on, or on one line when the file is.
fn replacement(source: &str, at: usize, check: &Value) -> String {
    let line_start = source[..at].rfind('\n').map_or(0, |n| n + 1);
    let indent: String = source[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    if !source.contains('\n') {
        return serde_json::to_string(check).unwrap_or_default();
    }
    let pretty = serde_json::to_string_pretty(check).unwrap_or_default();
    let eol = if source.contains("\r\n") { "\r\n" } else { "\n" };
    pretty.lines().collect::<Vec<_>>().join(&format!("{eol}{indent}"))
}

/// The index of rule `number` in `set` if a `Check` may be written into it: the file parses,
/// the number is the rule's alone, the rule is in force and has no `Check` of its own.
fn enforceable(text: &str, set: &RuleSet, number: u64) -> Result<usize, EnforceError> {
    if let Some(p) = set.fatal_problems().next() {
        let index = LineIndex::new(text);
        let (line, col) = index.line_col(text, p.span.start);
        return Err(EnforceError::Broken {
            line: line + 1,
            column: col + 1,
            message: p.message(Locale::En),
        });
    }
    let i = in_force(set, number)?;
    let rule = &set.rules[i];
    if !rule.checks.is_empty() || rule.span.check.is_some() {
        return Err(EnforceError::HasCheck(number));
    }
    Ok(i)
}

/// The index of rule `number` if it is numbered once and in force.
fn in_force(set: &RuleSet, number: u64) -> Result<usize, EnforceError> {
    // A number written twice is a warning only, and the later rule is in force: writing into
    // either would surprise; the user renumbers first.
    let mut found = set.rules.iter().enumerate().filter(|(_, r)| r.number == number);
    let (i, _) = found.next().ok_or(EnforceError::NoSuchRule(number))?;
    if found.next().is_some() {
        return Err(EnforceError::Duplicate(number));
    }
    if let crate::rules::Status::Superseded { by, .. } = &set.status[i] {
        return Err(EnforceError::Superseded(number, *by));
    }
    Ok(i)
}

fn spliced(text: &str, range: Range<usize>, insert: &str) -> String {
    let mut out = String::with_capacity(text.len() + insert.len());
    out.push_str(&text[..range.start]);
    out.push_str(insert);
    out.push_str(&text[range.end..]);
    out
}

/// One check as a `Check` object (see [`CheckObject::of`]).
pub fn explicit_check(rule: &Rule, spec: &CheckSpec) -> Value {
    CheckObject::of(rule, spec).to_value()
}

/// The whole `Check` value for a rule's inferred checks: one object, or an array of them;
/// `None` when nothing was inferred.
pub fn explicit_checks(rule: &Rule, inference: &Inference) -> Option<Value> {
    let mut checks: Vec<Value> = inference.checks.iter().map(|c| explicit_check(rule, c)).collect();
    match checks.len() {
        0 => None,
        1 => checks.pop(),
        _ => Some(Value::Array(checks)),
    }
}

/// The edit that writes the inferred checks into the rule as `"Check": …`: a byte range of
/// `source` (empty: an insertion) and the text to put there, indented like the rule's other
/// properties. `None` when the rule already has a `Check`, nothing was inferred, or the span
/// does not hold the rule's object.
pub fn make_explicit_edit(
    source: &str,
    rule: &Rule,
    inference: &Inference,
) -> Option<(Range<usize>, String)> {
    if !rule.checks.is_empty() || rule.span.check.is_some() {
        return None;
    }
    insert_check(source, rule, &explicit_checks(rule, inference)?)
}

/// The edit that writes `value` into `rule` as its `"Check"` property, after its last property
/// and indented like them.
fn insert_check(source: &str, rule: &Rule, value: &Value) -> Option<(Range<usize>, String)> {
    let object = source.get(rule.span.object.clone())?;
    if !object.starts_with('{') || !object.ends_with('}') {
        return None;
    }
    let inner = &object[1..object.len() - 1];
    let last = inner.trim_end();
    if last.is_empty() {
        return None;
    }
    let at = rule.span.object.start + 1 + last.len();
    let first_prop = inner.len() - inner.trim_start().len();
    let leading = &inner[..first_prop];
    match leading.rfind('\n') {
        Some(nl) => {
            let indent: String = leading[nl + 1..]
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            let pretty = serde_json::to_string_pretty(value).ok()?;
            let body = pretty.lines().collect::<Vec<_>>().join(&format!("\n{indent}"));
            let eol = if source.contains("\r\n") { "\r\n" } else { "\n" };
            let body = if eol == "\r\n" {
                body.replace('\n', "\r\n")
            } else {
                body
            };
            Some((at..at, format!(",{eol}{indent}\"Check\": {body}")))
        }
        None => Some((
            at..at,
            format!(", \"Check\": {}", serde_json::to_string(value).ok()?),
        )),
    }
}

#[cfg(test)]
mod enforce_tests {
    use super::*;

    const RULES: &str = "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Never use `var`.\",\n    \"Why\": \"w\"\n  },\n  {\n    \"Rule_number\": 2,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"No `any` unless approved by a maintainer.\",\n    \"Why\": \"w\",\n    \"Owner\": \"kept\"\n  },\n  {\n    \"Rule_number\": 3,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Write clean code.\",\n    \"Why\": \"w\"\n  }\n]\n";

    #[test]
    fn a_proposed_check_is_written_into_its_rule_and_nothing_else_moves() {
        let (text, checks) = enforce(RULES, 2).unwrap();
        assert_eq!(checks.len(), 1);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let check = &value[1]["Check"];
        assert!(check["Pattern"].as_str().unwrap().contains("any"), "{check}");
        assert!(check.get("Fix").is_none(), "a proposal carries no fix: {check}");
        assert_eq!(value[1]["Owner"], "kept");
        // Only an insertion: every byte before and after it is as it was.
        let at = text.find(",\n    \"Check\"").unwrap();
        assert_eq!(&text[..at], &RULES[..at]);
        assert!(text.ends_with(&RULES[at..]));
        // Written, the check is in force and nothing is proposed any more.
        let set = RuleSet::from_text(
            std::path::Path::new("autofix.json"),
            &text,
            BuildOptions::default(),
        );
        assert!(set.is_usable() && set.inferences[1].proposed.is_empty());
        assert_eq!(set.rules[1].checks.len(), 1);
    }

    #[test]
    fn an_inferred_check_is_made_explicit_too() {
        let (text, checks) = enforce(RULES, 1).unwrap();
        assert_eq!(checks.len(), 1);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(value[0]["Check"]["Pattern"].as_str().unwrap().contains("var"));
    }

    #[test]
    fn refusals_say_why_and_write_nothing() {
        assert_eq!(enforce(RULES, 9), Err(EnforceError::NoSuchRule(9)));
        assert_eq!(enforce(RULES, 3), Err(EnforceError::NothingToEnforce(3)));
        let (once, _) = enforce(RULES, 1).unwrap();
        assert_eq!(enforce(&once, 1), Err(EnforceError::HasCheck(1)));
        let twice = "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never use `var`.\", \"Why\": \"w\"},\n {\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"No `eval` unless justified.\", \"Why\": \"w\"}]";
        assert_eq!(enforce(twice, 1), Err(EnforceError::Duplicate(1)));
        let retired = "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Use Axios.\", \"Why\": \"w\"},\n {\"Rule_number\": 2, \"Category\": \"CODE\", \"Instruction\": \"Never use `eval`; use native fetch instead of Axios.\", \"Why\": \"w\", \"Supersedes\": [1]}]";
        assert_eq!(enforce(retired, 1), Err(EnforceError::Superseded(1, 2)));
        let broken = "[{\"Rule_number\": 1,";
        assert!(matches!(
            enforce(broken, 1),
            Err(EnforceError::Broken { line: 1, .. })
        ));
        assert!(enforce("", 1).is_err());
    }

    #[test]
    fn a_check_someone_wrote_is_written_into_a_rule_its_words_do_not_check() {
        let check = serde_json::json!({"Pattern": "\\bfoo\\(", "Files": ["*.ts"], "Within": "code"});
        let Enforcement { text, checks, .. } = enforce_given(RULES, 3, &check, false).unwrap();
        assert_eq!(checks.len(), 1);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value[2]["Check"], check);
        let at = text.find(",\n    \"Check\"").unwrap();
        assert_eq!(&text[..at], &RULES[..at]);
        // An array of checks, into a rule with inferred checks: the written ones replace them.
        let two = serde_json::json!([{"Pattern": "\\bvar\\b"}, {"Forbidden_paths": ["legacy/**"]}]);
        let Enforcement { text, checks, .. } = enforce_given(RULES, 1, &two, false).unwrap();
        assert_eq!(checks.len(), 2);
        let set = RuleSet::from_text(
            std::path::Path::new("autofix.json"),
            &text,
            BuildOptions::default(),
        );
        assert!(set.is_usable());
        assert_eq!(set.rules[0].checks.len(), 2);
    }

    #[test]
    fn a_check_that_cannot_work_is_refused_with_the_lints_words() {
        let bad = |check: serde_json::Value| match enforce_given(RULES, 3, &check, false) {
            Err(EnforceError::BadCheck(3, why)) => why,
            other => panic!("{other:?}"),
        };
        assert!(bad(serde_json::json!({"Pattern": "foo("})).contains("regex"));
        assert!(bad(serde_json::json!({"Pattern": "x", "Files": ["src/[a"]})).contains("glob"));
        assert!(bad(serde_json::json!({"Pattern": "x", "Colour": "red"})).contains("Colour"));
        assert!(bad(serde_json::json!({"Files": ["*.ts"]})).contains("Pattern"));
        assert!(bad(serde_json::json!("foo")).contains("object"));
        // The rule's own refusals come first.
        let (once, _) = enforce(RULES, 1).unwrap();
        assert_eq!(
            enforce_given(&once, 1, &serde_json::json!({"Pattern": "x"}), false),
            Err(EnforceError::HasCheck(1))
        );
        assert_eq!(
            enforce_given(RULES, 7, &serde_json::json!({"Pattern": "x"}), false),
            Err(EnforceError::NoSuchRule(7))
        );
    }

    #[test]
    fn a_check_is_replaced_only_when_asked_and_nothing_else_moves() {
        let first = serde_json::json!({"Pattern": "\\bfoo\\(", "Files": ["*.ts"]});
        let once = enforce_given(RULES, 3, &first, false).unwrap().text;
        let narrower = serde_json::json!({"Pattern": "\\bfoo\\(", "Files": ["src/**/*.ts", "!**/*.test.ts"]});
        let twice = enforce_given(&once, 3, &narrower, true).unwrap();
        assert_eq!(
            twice
                .replaced
                .as_deref()
                .map(|r| serde_json::from_str::<serde_json::Value>(r).unwrap()),
            Some(first)
        );
        let value: serde_json::Value = serde_json::from_str(&twice.text).unwrap();
        assert_eq!(value[2]["Check"], narrower);
        // Everything before the check's value is as it was.
        let at = once.find("\"Check\": ").unwrap() + "\"Check\": ".len();
        assert_eq!(&twice.text[..at], &once[..at]);
        assert!(twice.text.ends_with("\n  }\n]\n"), "{}", twice.text);
        // A hand-written check too, when asked; and still the lints.
        let hand = "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never use `var`.\", \"Why\": \"w\", \"Check\": {\"Pattern\": \"var\"}}]";
        let replaced = enforce_given(hand, 1, &serde_json::json!({"Pattern": "\\bvar\\b"}), true).unwrap();
        assert_eq!(replaced.replaced.as_deref(), Some("{\"Pattern\": \"var\"}"));
        assert!(
            replaced
                .text
                .contains("\"Check\": {\"Pattern\":\"\\\\bvar\\\\b\"}"),
            "{}",
            replaced.text
        );
        assert!(matches!(
            enforce_given(hand, 1, &serde_json::json!({"Pattern": "("}), true),
            Err(EnforceError::BadCheck(1, _))
        ));
    }

    #[test]
    fn only_the_checks_own_problems_refuse_it_and_each_says_what_is_wrong() {
        // The rule's own problems (a lowercase category, a `Supersedes` naming no rule) are not
        // the check's.
        let lowercase = "[{\"Rule_number\": 1, \"Category\": \"code\", \"Instruction\": \"Keep a.\", \"Why\": \"w\", \"Supersedes\": [9]}]";
        assert!(enforce_given(lowercase, 1, &serde_json::json!({"Pattern": "zz"}), false).is_ok());
        // A value of the wrong type is the check's, and said so (not "there is no rule").
        for (check, says) in [
            (serde_json::json!({"Pattern": null}), "Pattern"),
            (serde_json::json!({"Pattern": 1}), "Pattern"),
            (
                serde_json::json!({"Pattern": "x", "Within": "nowhere"}),
                "nowhere",
            ),
            (serde_json::json!([1, 2]), ""),
        ] {
            match enforce_given(RULES, 3, &check, false) {
                Err(EnforceError::BadCheck(3, why)) => assert!(why.contains(says), "{check}: {why}"),
                other => panic!("{check}: {other:?}"),
            }
        }
        // A check that would flag every file.
        for check in [
            serde_json::json!({"Pattern": ""}),
            serde_json::json!({"Pattern": "^"}),
            serde_json::json!({"Require": "\\s*"}),
            serde_json::json!({"Forbidden_paths": [""]}),
        ] {
            assert!(
                matches!(
                    enforce_given(RULES, 3, &check, false),
                    Err(EnforceError::BadCheck(3, _))
                ),
                "{check}"
            );
        }
    }
}
