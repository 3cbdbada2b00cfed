//! Learning a rule: the next number, the new rule object, and where it goes in the rules file —
//! appended before the closing `]` without touching a byte of the other rules.

use std::ops::Range;

use serde_json::{Map, Value, json};

use super::lint::is_imperative;
use super::model::{Category, Rule};
use super::parse::{self, Parsed};
use super::ruleset::{BuildOptions, RuleSet};
use crate::i18n::Locale;
use crate::text::LineIndex;

/// A rule to learn, as a person or an agent states it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewRule {
    pub category: String,
    pub instruction: String,
    pub why: String,
    /// A `Check` object (or array of them), written as given.
    pub check: Option<Value>,
    pub supersedes: Vec<u64>,
}

/// Why a rule cannot be learned. Nothing is written in any of these cases.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    #[error("unknown category `{0}` — use one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER")]
    UnknownCategory(String),
    #[error("the instruction is empty — write the rule as \"Never/Always do X - because Y\"")]
    EmptyInstruction,
    #[error("`why` is empty — say briefly why the rule exists (e.g. \"user preference\")")]
    EmptyWhy,
    #[error("{line}:{column}: {message}")]
    Broken {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("the check is not valid: {0}")]
    InvalidCheck(String),
    #[error(
        "the rules file is empty — an editor may be saving it right now; try again in a moment (to start a new rules file, write `[]` in it)"
    )]
    EmptyFile,
}

/// Something worth telling about a rule that is learned anyway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LearnWarning {
    NotImperative,
    /// No `Check`, and the words name nothing concrete to check ("write clean code").
    TooVague,
    /// No `Check`, and what the rule forbids is allowed under an exception no file shows
    /// ("without a documented reason"): not checked, but a check is proposed.
    ExceptionUnseen,
    /// No `Check`, and the instruction is too long to read as one rule: nothing is inferred.
    TooLongToRead,
}

impl LearnWarning {
    pub fn message(&self, locale: Locale) -> &'static str {
        match self {
            LearnWarning::NotImperative => locale.pick(
                "the instruction is not imperative: rules work best as \"Never/Always do X - because Y\"",
                "la instrucción no es imperativa: las reglas funcionan mejor como \"Nunca/Siempre haz X - porque Y\"",
            ),
            LearnWarning::TooVague => locale.pick(
                "the rule is too vague to check: name the concrete thing (a code span, a path, a tool), e.g. \"Never use `any` in TypeScript\"",
                "la regla es demasiado vaga para comprobarse: nombra lo concreto (código, una ruta, una herramienta), p. ej. \"Nunca uses `any` en TypeScript\"",
            ),
            LearnWarning::ExceptionUnseen => locale.pick(
                "not checked: the rule makes an exception no file shows; to check it everywhere, run `autofix rules --enforce <its number>` (or \"Enforce rule everywhere\" on it in the rules file; `autofix rules --explain` shows the check), then mark each justified use with `autofix-ignore: <its number>`",
                "no se comprueba: la regla hace una excepción que ningún archivo muestra; para comprobarla en todas partes, ejecuta `autofix rules --enforce <su número>` (o \"Aplicar la regla en todas partes\" sobre ella en el archivo de reglas; `autofix rules --explain` muestra la comprobación) y marca cada uso justificado con `autofix-ignore: <su número>`",
            ),
            LearnWarning::TooLongToRead => locale.pick(
                "not checked: the rule is too long to read as one rule (over 2,000 characters or 40 pieces of code) — split it into rules that each forbid or mandate a few things, or give it a Check",
                "no se comprueba: la regla es demasiado larga para leerse como una (más de 2.000 caracteres o 40 fragmentos de código) — divídela en reglas que prohíban u obliguen pocas cosas cada una, o dale un Check",
            ),
        }
    }
}

/// What is inferred from a rule of these words without a `Check` — the same verdicts the rules
/// file's lints give once it is learned.
fn inferred(category: Category, instruction: &str, why: &str) -> super::infer::Inference {
    let rule = Rule {
        number: 1,
        category,
        instruction: instruction.to_string(),
        why: why.to_string(),
        checks: Vec::new(),
        scope: Vec::new(),
        supersedes: Vec::new(),
        extra: serde_json::Map::new(),
        index: 0,
        span: Default::default(),
    };
    super::infer::infer(&rule)
}

/// What learning a rule does to a rules file.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub number: u64,
    pub category: Category,
    /// Replace this byte range of the current text (empty when creating the file)...
    pub replace: Range<usize>,
    /// ...with this text.
    pub insert: String,
    /// The whole new content of the file.
    pub content: String,
    pub warnings: Vec<LearnWarning>,
}

/// Plans learning `rule` into a rules file whose current text is `current` (`None`: the file
/// does not exist yet). An empty file is refused, never taken for "no rules": it is what an
/// editor saving in place (truncate, then write) leaves for a moment.
pub fn plan(current: Option<&str>, rule: &NewRule) -> Result<Plan, LearnError> {
    plan_from(current, rule, 0)
}

/// [`plan`], with a number above `at_least` too (numbers handed out whose rules have not reached
/// the text yet).
pub fn plan_from(current: Option<&str>, rule: &NewRule, at_least: u64) -> Result<Plan, LearnError> {
    let category =
        Category::parse(&rule.category).ok_or_else(|| LearnError::UnknownCategory(rule.category.clone()))?;
    if rule.instruction.trim().is_empty() {
        return Err(LearnError::EmptyInstruction);
    }
    if rule.why.trim().is_empty() {
        return Err(LearnError::EmptyWhy);
    }
    let mut warnings = Vec::new();
    if !is_imperative(&rule.instruction) {
        warnings.push(LearnWarning::NotImperative);
    }
    if rule.check.is_none() {
        let inference = inferred(category, &rule.instruction, &rule.why);
        if inference.vague {
            warnings.push(LearnWarning::TooVague);
        }
        if !inference.proposed.is_empty() {
            warnings.push(LearnWarning::ExceptionUnseen);
        }
        if inference.unread.is_some() {
            warnings.push(LearnWarning::TooLongToRead);
        }
    }
    if current.is_some_and(|t| t.trim().is_empty()) {
        return Err(LearnError::EmptyFile);
    }
    let parsed = match current {
        Some(text) => {
            refuse_broken(text)?;
            Some(parse::parse(text))
        }
        None => None,
    };
    let highest = parsed
        .as_ref()
        .and_then(|p| p.numbers.iter().max().copied())
        .unwrap_or(0)
        .max(at_least);
    // The validator bounds every number, so this never overflows; say so rather than wrap.
    let number = highest
        .checked_add(1)
        .filter(|n| *n <= super::parse::MAX_RULE_NUMBER)
        .ok_or_else(|| LearnError::InvalidCheck("no rule number is left above the highest one".into()))?;

    let mut object = Map::new();
    object.insert("Rule_number".into(), json!(number));
    object.insert("Category".into(), json!(category.as_str()));
    object.insert("Instruction".into(), json!(rule.instruction));
    object.insert("Why".into(), json!(rule.why));
    if let Some(check) = &rule.check {
        object.insert("Check".into(), check.clone());
    }
    match rule.supersedes.as_slice() {
        [] => {}
        [one] => {
            object.insert("Supersedes".into(), json!([one]));
        }
        many => {
            object.insert("Supersedes".into(), json!(many));
        }
    }

    let (replace, insert, content) = match (current, &parsed) {
        (Some(text), Some(parsed)) => {
            let indent = element_indent(text, parsed).unwrap_or_else(|| "  ".to_string());
            let rendered = render(&Value::Object(object), &indent);
            let (replace, insert) = match (parsed.last_element_end, parsed.array_start, parsed.array_end) {
                (Some(last), _, _) => (last..last, format!(",\n{indent}{rendered}")),
                (None, Some(open), Some(close)) => (open + 1..close, format!("\n{indent}{rendered}\n")),
                // `refuse_broken` let only arrays through; say so rather than panic if not.
                _ => return Err(not_an_array()),
            };
            let mut content = format!("{}{}{}", &text[..replace.start], insert, &text[replace.end..]);
            if !content.ends_with('\n') {
                content.push('\n');
            }
            (replace, insert, content)
        }
        _ => {
            let content = format!("[\n  {}\n]\n", render(&Value::Object(object), "  "));
            (0..0, content.clone(), content)
        }
    };

    // The safety net: the result must read back with the new rule in it and no new breakage.
    let set = RuleSet::from_text(
        std::path::Path::new("autofix.json"),
        &content,
        BuildOptions { inferred: false },
    );
    let new_problems: Vec<_> = set
        .problems
        .iter()
        .filter(|p| p.is_fatal() && p.rule == Some(number))
        .map(|p| p.message(Locale::En))
        .collect();
    if let Some(first) = new_problems.first() {
        return Err(LearnError::InvalidCheck(first.clone()));
    }
    if !set.rules.iter().any(|r| r.number == number) {
        return Err(LearnError::InvalidCheck("the new rule did not read back".into()));
    }
    Ok(Plan {
        number,
        category,
        replace,
        insert,
        content,
        warnings,
    })
}

/// A file that `check` would refuse is never written to: one validator for both, the rule set's
/// own (any fatal problem: invalid JSON, a broken rule, a number out of range, a bad regex…).
fn refuse_broken(text: &str) -> Result<(), LearnError> {
    let set = RuleSet::from_text(
        std::path::Path::new("autofix.json"),
        text,
        BuildOptions { inferred: false },
    );
    match set.fatal_problems().next() {
        Some(p) => {
            let index = LineIndex::new(text);
            let (line, col) = index.line_col(text, p.span.start);
            Err(LearnError::Broken {
                line: line + 1,
                column: col + 1,
                message: p.message(Locale::En),
            })
        }
        None => Ok(()),
    }
}

fn not_an_array() -> LearnError {
    LearnError::Broken {
        line: 1,
        column: 1,
        message: "the rules file is not a JSON array".into(),
    }
}

/// The indentation of the array's elements, as the file already has it.
fn element_indent(text: &str, parsed: &Parsed) -> Option<String> {
    let first = parsed.rules.first().map(|r| r.span.object.start)?;
    let line_start = text[..first].rfind('\n').map_or(0, |i| i + 1);
    let indent = &text[line_start..first];
    (indent.chars().all(|c| c == ' ' || c == '\t') && !indent.is_empty()).then(|| indent.to_string())
}

/// A rule object pretty-printed with 2-space steps, its lines after the first indented by
/// `indent` to sit inside the array.
fn render(value: &Value, indent: &str) -> String {
    let pretty = serde_json::to_string_pretty(value).unwrap_or_default();
    pretty
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                format!("{indent}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A renumbering that makes a just-learned rule's number unique again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renumber {
    /// The bytes of the rule's `Rule_number` value...
    pub span: Range<usize>,
    /// ...become this number.
    pub number: u64,
}

/// When the text a learned rule landed in holds `number` more than once (another learner took
/// the same number meanwhile — a defence: the learners take turns and should never collide),
/// the renumbering of the last rule with that number and `instruction` to the next free number
/// above `at_least`.
pub fn renumber_duplicate(text: &str, number: u64, instruction: &str, at_least: u64) -> Option<Renumber> {
    let parsed = parse::parse(text);
    let same: Vec<_> = parsed.rules.iter().filter(|r| r.number == number).collect();
    if same.len() < 2 {
        return None;
    }
    let ours = same.iter().rev().find(|r| r.instruction == instruction)?;
    let highest = parsed.numbers.iter().max().copied().unwrap_or(0).max(at_least);
    let next = highest
        .checked_add(1)
        .filter(|n| *n <= super::parse::MAX_RULE_NUMBER)?;
    Some(Renumber {
        span: ours.span.number.clone(),
        number: next,
    })
}

/// The sentence people see once a rule is recorded.
pub fn learned_message(
    locale: Locale,
    number: u64,
    category: Category,
    instruction: &str,
    path: &str,
) -> String {
    match locale {
        Locale::En => format!("Learned rule #{number} ([{category}]): {instruction} — recorded in {path}"),
        Locale::Es => {
            format!("Regla aprendida #{number} ([{category}]): {instruction} — registrada en {path}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(instruction: &str) -> NewRule {
        NewRule {
            category: "[code]".into(),
            instruction: instruction.into(),
            why: "user preference".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_new_file_starts_at_one_with_two_space_indentation() {
        let plan = plan(None, &rule("Never use `any`.")).unwrap();
        assert_eq!(plan.number, 1);
        assert_eq!(
            plan.content,
            "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Never use `any`.\",\n    \"Why\": \"user preference\"\n  }\n]\n"
        );
        assert_eq!(
            super::plan(Some("  \n"), &rule("Never x.")),
            Err(LearnError::EmptyFile),
            "an empty file is an editor saving in place, not a new file: refused, never overwritten"
        );
        assert_eq!(
            super::plan(Some("[]"), &rule("Never x."))
                .unwrap()
                .content
                .matches("Rule_number")
                .count(),
            1
        );
    }

    #[test]
    fn the_next_number_is_the_highest_plus_one_even_with_gaps_and_duplicates() {
        let text = r#"[
  {"Rule_number": 2, "Category": "CODE", "Instruction": "a", "Why": "w"},
  {"Rule_number": 7, "Category": "CODE", "Instruction": "b", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "c", "Why": "w"}
]"#;
        assert_eq!(plan(Some(text), &rule("Never d.")).unwrap().number, 8);
    }

    #[test]
    fn appending_keeps_every_other_byte() {
        let text = "[\n  {\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"a\", \"Why\": \"w\", \"Owner\": {\"team\": \"web\", \"n\": 1.50}}\n]\n";
        let p = plan(Some(text), &rule("Always use b.")).unwrap();
        let end = text.find("}}").unwrap() + 2;
        assert_eq!(p.replace, end..end);
        assert!(p.content.starts_with(&text[..end]), "untouched before");
        assert!(p.content.ends_with("\n]\n"));
        assert!(p.content.contains("\"n\": 1.50"), "numbers are not reformatted");
        let value: Value = serde_json::from_str(&p.content).unwrap();
        assert_eq!(value[1]["Rule_number"], 2);
        assert_eq!(value[0]["Owner"]["team"], "web");
    }

    #[test]
    fn indentation_follows_the_file() {
        let text =
            "[\n\t{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"a\", \"Why\": \"w\"}\n]";
        let p = plan(Some(text), &rule("Never b.")).unwrap();
        assert!(
            p.insert.starts_with(",\n\t{\n\t  \"Rule_number\": 2"),
            "{:?}",
            p.insert
        );
        assert!(p.content.ends_with("]\n"), "a final newline is added");
    }

    #[test]
    fn check_and_supersedes_are_written() {
        let mut r = rule("Never use `var`.");
        r.check = Some(json!({"Files": ["**/*.js"], "Pattern": "\\bvar\\b", "Fix": "let"}));
        r.supersedes = vec![1];
        let p = plan(None, &r).unwrap();
        let value: Value = serde_json::from_str(&p.content).unwrap();
        assert_eq!(value[0]["Check"]["Pattern"], "\\bvar\\b");
        assert_eq!(value[0]["Supersedes"], json!([1]));
    }

    #[test]
    fn refusals() {
        assert_eq!(
            plan(
                None,
                &NewRule {
                    category: "SECURITY".into(),
                    ..rule("x")
                }
            ),
            Err(LearnError::UnknownCategory("SECURITY".into()))
        );
        assert!(
            plan(
                None,
                &NewRule {
                    category: "SECURITY".into(),
                    ..rule("x")
                }
            )
            .unwrap_err()
            .to_string()
            .contains("STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER")
        );
        assert_eq!(plan(None, &rule("  ")), Err(LearnError::EmptyInstruction));
        assert_eq!(
            plan(
                None,
                &NewRule {
                    why: "".into(),
                    ..rule("Never x.")
                }
            ),
            Err(LearnError::EmptyWhy)
        );
        let broken = "[\n  {\"Rule_number\": 1,}\n]";
        let err = plan(Some(broken), &rule("Never x.")).unwrap_err();
        assert!(
            matches!(
                err,
                LearnError::Broken {
                    line: 2,
                    column: 20,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("2:20: invalid JSON"));
        assert!(matches!(
            plan(Some("{}"), &rule("Never x.")),
            Err(LearnError::Broken { .. })
        ));
        let mut bad = rule("Never x.");
        bad.check = Some(json!({"Pattern": "("}));
        assert!(matches!(plan(None, &bad), Err(LearnError::InvalidCheck(m)) if m.contains("invalid regex")));
    }

    #[test]
    fn a_file_check_refuses_is_refused_with_the_same_lint() {
        for (text, what) in [
            (
                r#"[{"Rule_number": 18446744073709551616, "Category": "CODE", "Instruction": "a", "Why": "w"}]"#,
                "too large",
            ),
            (
                r#"[{"Rule_number": -1, "Category": "CODE", "Instruction": "a", "Why": "w"}]"#,
                "positive integer",
            ),
            (
                r#"[{"Rule_number": "1", "Category": "CODE", "Instruction": "a", "Why": "w"}]"#,
                "Rule_number",
            ),
            (
                r#"[{"Rule_number": 1, "Category": "NOPE", "Instruction": "a", "Why": "w"}]"#,
                "NOPE",
            ),
            (
                r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "a", "Why": "w", "Check": {"Pattern": "("}}]"#,
                "regex",
            ),
        ] {
            let err = plan(Some(text), &rule("Never b.")).unwrap_err();
            assert!(matches!(err, LearnError::Broken { .. }), "{text}: {err:?}");
            assert!(err.to_string().contains(what), "{text}: {err}");
            let set = RuleSet::from_text(std::path::Path::new("a.json"), text, BuildOptions::default());
            assert!(!set.is_usable(), "check refuses it too: {text}");
        }
        let max = format!(
            r#"[{{"Rule_number": {}, "Category": "CODE", "Instruction": "a", "Why": "w"}}]"#,
            super::super::parse::MAX_RULE_NUMBER
        );
        assert!(matches!(
            plan(Some(&max), &rule("Never b.")),
            Err(LearnError::InvalidCheck(_))
        ));
    }

    #[test]
    fn numbers_handed_out_but_not_landed_yet_are_skipped() {
        let text = r#"[{"Rule_number": 2, "Category": "CODE", "Instruction": "a", "Why": "w"}]"#;
        assert_eq!(plan_from(Some(text), &rule("Never b."), 5).unwrap().number, 6);
        assert_eq!(plan_from(Some(text), &rule("Never b."), 1).unwrap().number, 3);
    }

    #[test]
    fn a_duplicated_number_is_moved_to_the_next_free_one() {
        let text = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "a", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "ours", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "theirs", "Why": "w"}
]"#;
        let fix = renumber_duplicate(text, 2, "ours", 0).unwrap();
        assert_eq!(&text[fix.span.clone()], "2");
        assert_eq!(fix.number, 3);
        assert_eq!(renumber_duplicate(text, 2, "ours", 7).unwrap().number, 8);
        assert_eq!(renumber_duplicate(text, 1, "a", 0), None, "unique: nothing to do");
        assert_eq!(
            renumber_duplicate(text, 2, "nobody", 0),
            None,
            "not ours: left alone"
        );
    }

    #[test]
    fn a_warning_not_a_refusal_for_non_imperative_words() {
        let p = plan(None, &rule("The code is messy.")).unwrap();
        assert_eq!(
            p.warnings,
            [LearnWarning::NotImperative, LearnWarning::TooVague],
            "and it names nothing to check"
        );
        let p = plan(None, &rule("The API uses `fetch`.")).unwrap();
        assert_eq!(p.warnings, [LearnWarning::NotImperative]);
    }

    #[test]
    fn a_rule_with_an_exception_no_file_shows_is_learned_with_a_warning() {
        let p = plan(None, &rule("Never use `any` unless approved by a maintainer.")).unwrap();
        assert_eq!(p.warnings, [LearnWarning::ExceptionUnseen]);
        assert!(
            LearnWarning::ExceptionUnseen
                .message(Locale::En)
                .contains("autofix-ignore")
        );
        let p = plan(None, &rule("No usar `any` sin aprobación del equipo.")).unwrap();
        assert_eq!(p.warnings, [LearnWarning::ExceptionUnseen]);
        // Checked as it is: nothing to warn about — also when the justification is one a
        // comment beside the use gives.
        let p = plan(None, &rule("Never use `any`.")).unwrap();
        assert!(p.warnings.is_empty());
        let p = plan(None, &rule("Never use `any` without a documented reason.")).unwrap();
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn a_vague_rule_is_learned_with_a_warning() {
        let rule = |instruction: &str| NewRule {
            category: "STYLE".into(),
            instruction: instruction.into(),
            why: "w".into(),
            check: None,
            supersedes: vec![],
        };
        let p = plan(None, &rule("Always write clean code.")).unwrap();
        assert_eq!(p.warnings, [LearnWarning::TooVague]);
        let p = plan(None, &rule("Nunca uses `any` en TypeScript.")).unwrap();
        assert!(p.warnings.is_empty());
        let with_check = NewRule {
            check: Some(serde_json::json!({"Pattern": "x"})),
            ..rule("Always write clean code.")
        };
        assert!(plan(None, &with_check).unwrap().warnings.is_empty());
    }

    #[test]
    fn a_rule_too_long_to_read_is_learned_with_a_warning() {
        let spans: Vec<String> = (0..50).map(|i| format!("`api{i}`")).collect();
        let rule = NewRule {
            category: "CODE".into(),
            instruction: format!("Never call {}.", spans.join(", ")),
            why: "w".into(),
            check: None,
            supersedes: vec![],
        };
        let p = plan(None, &rule).unwrap();
        assert_eq!(p.warnings, [LearnWarning::TooLongToRead]);
        // The message's figures are the bounds in force.
        let message = LearnWarning::TooLongToRead.message(Locale::En);
        let thousands = |n: usize| format!("{},{:03}", n / 1000, n % 1000);
        assert!(
            message.contains(&thousands(crate::rules::infer::MAX_READ_CHARS)),
            "{message}"
        );
        assert!(
            message.contains(&format!("{} pieces", crate::rules::infer::MAX_READ_CODE)),
            "{message}"
        );
    }

    #[test]
    fn messages_in_both_languages() {
        assert_eq!(
            learned_message(
                Locale::En,
                4,
                Category::Code,
                "Never use `any`.",
                ".agents/autofix.json"
            ),
            "Learned rule #4 ([CODE]): Never use `any`. — recorded in .agents/autofix.json"
        );
        assert_eq!(
            learned_message(
                Locale::Es,
                4,
                Category::Code,
                "Nunca uses `any`.",
                ".agents/autofix.json"
            ),
            "Regla aprendida #4 ([CODE]): Nunca uses `any`. — registrada en .agents/autofix.json"
        );
    }
}
