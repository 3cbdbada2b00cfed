//! Fuzzing the rules-file parser (`autofix::rules::parse::parse`), the rule-set builder
//! (`RuleSet::from_text`: precedence, lints, inference, compiled checks) and the learner's plan
//! (`autofix::rules::learn::plan`) on the stable toolchain: property tests that `cargo test` runs
//! with a fixed case budget (`PROPTEST_CASES` raises it; see docs/fuzzing.md).
//!
//! - Arbitrary input (bytes read as text, any string, JSON-ish token soup): no panic; every
//!   problem and every rule span lies inside the text, on character boundaries; every problem
//!   renders as `path:line:col: message` in English and Spanish.
//! - Valid rules files generated from a model (any field order and indentation, unknown fields,
//!   checks with patterns, globs and fixes, supersedes, Unicode words): they read back as the
//!   model, each span pointing at its value; mutated (bytes deleted, inserted, duplicated, cut
//!   short, values swapped for ones of another type): the guarantees of arbitrary input.
//! - Learning into any text: no panic, and a plan keeps every byte around the insertion, every
//!   rule already there, and gives the new rule a number above all of them.

use std::path::Path;

use autofix::i18n::Locale;
use autofix::rules::learn::{self, NewRule};
use autofix::rules::parse;
use autofix::rules::{BuildOptions, RuleSet};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// The default number of cases of each property; `PROPTEST_CASES` overrides it.
const CASES: u32 = 256;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig::with_cases(cases)
}

const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "\\",
    "\\u",
    "\\ud83d",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1e999",
    "18446744073709551616",
    "1.5",
    "\"Rule_number\"",
    "\"Category\"",
    "\"Instruction\"",
    "\"Why\"",
    "\"Check\"",
    "\"Pattern\"",
    "\"Files\"",
    "\"Fix\"",
    "\"Supersedes\"",
    "\"Severity\"",
    "\"CODE\"",
    "\"[code]\"",
    "\"Never use `any`.\"",
    "\"(\"",
    "\"**/*.ts\"",
    "\"{a,b\"",
    "// c",
    "/* c */",
    " ",
    "\n",
    "\r\n",
    "\t",
    "é",
    "😀",
    "\u{FEFF}",
    "\u{0}",
    "\u{1b}",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..80).prop_map(|t| t.concat())
}

fn arbitrary_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..400).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "(?s).{0,200}",
        token_soup(),
    ]
}

/// The guarantees every reading gives, whatever the text.
fn check_reading(text: &str) -> Result<(), TestCaseError> {
    let inside = |span: &std::ops::Range<usize>, what: &str| -> Result<(), TestCaseError> {
        prop_assert!(
            span.start <= span.end && span.end <= text.len(),
            "{what} {span:?} outside the text of {} bytes",
            text.len()
        );
        prop_assert!(
            text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
            "{what} {span:?} not on character boundaries"
        );
        Ok(())
    };
    let parsed = parse::parse(text);
    for p in &parsed.problems {
        inside(&p.span, "problem")?;
    }
    for r in &parsed.rules {
        for (what, span) in [
            ("object", &r.span.object),
            ("number", &r.span.number),
            ("category", &r.span.category),
            ("instruction", &r.span.instruction),
            ("why", &r.span.why),
        ] {
            inside(span, what)?;
        }
        prop_assert!(parsed.numbers.contains(&r.number));
    }
    for inferred in [false, true] {
        let set = RuleSet::from_text(Path::new("autofix.json"), text, BuildOptions { inferred });
        for p in &set.problems {
            inside(&p.span, "problem")?;
            for locale in [Locale::En, Locale::Es] {
                let shown = p.render("autofix.json", text, locale);
                prop_assert!(shown.starts_with("autofix.json:"), "{shown}");
                prop_assert!(shown.len() > "autofix.json:1:1: ".len(), "{shown}");
            }
        }
        prop_assert_eq!(set.rules.len(), set.status.len());
        // Whatever the rules, checking a file with them never panics either.
        if set.is_usable() {
            let _ = set.check_file(Path::new("/r/src/a.ts"), "let a: any = eval(x); // TODO\n", None);
        }
    }
    Ok(())
}

// --- valid rules files from a model ----------------------------------------------------------

const CATEGORIES: &[&str] = &[
    "CODE", "STYLE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER", "[code]", "Style",
];
const WORDS: &[&str] = &[
    "Never use `any` in TypeScript - use `unknown`.",
    "Always use native fetch instead of Axios.",
    "Nunca uses `var` - usa `let`.",
    "Prefer `const` over `let`.",
    "Avoid emoji in commit messages 😀.",
    "Never commit to main - replaces Rule 1.",
    "Write clean code.",
    "Use \"quotes\" \\ backslashes\ttabs",
    "世界 e\u{301}",
];
const PATTERNS: &[&str] = &[
    ":\\s*any\\b",
    "\\bvar\\b",
    "TODO",
    "(?P<hit>==)",
    "console\\.log\\(",
    "^import .*$",
    "é+",
];
const GLOBS: &[&str] = &["**/*.ts", "src/**", "!**/*.d.ts", "*.py", "docs/", "a/{b,c}/*.rs"];

/// One rule, as JSON, from the model's choices.
fn rule_value() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(CATEGORIES),
        prop::sample::select(WORDS),
        prop::sample::select(WORDS),
        prop::option::of((
            prop::collection::vec(prop::sample::select(GLOBS), 0..3),
            prop::sample::select(PATTERNS),
            prop::option::of("[a-z$1 ]{0,6}"),
            prop::option::of(prop::sample::select(
                &["error", "warning", "information", "hint"][..],
            )),
        )),
        prop::option::of(prop::collection::vec(1u64..5, 1..3)),
        prop::option::of(("[A-Za-z_]{1,8}", any::<i32>())),
        any::<bool>(),
    )
        .prop_map(
            |(category, instruction, why, check, supersedes, extra, reorder)| {
                let mut rule = Map::new();
                let mut check_value = None;
                if let Some((files, pattern, fix, severity)) = check {
                    let mut c = Map::new();
                    if !files.is_empty() {
                        c.insert("Files".into(), json!(files));
                    }
                    c.insert("Pattern".into(), json!(pattern));
                    if let Some(fix) = fix {
                        c.insert("Fix".into(), json!(fix));
                    }
                    if let Some(severity) = severity {
                        c.insert("Severity".into(), json!(severity));
                    }
                    check_value = Some(Value::Object(c));
                }
                let mut fields: Vec<(String, Value)> = vec![
                    ("Category".into(), json!(category)),
                    ("Instruction".into(), json!(instruction)),
                    ("Why".into(), json!(why)),
                ];
                if let Some(c) = check_value {
                    fields.push(("Check".into(), c));
                }
                if let Some(s) = supersedes {
                    fields.push(("Supersedes".into(), json!(s)));
                }
                if let Some((name, value)) = extra {
                    fields.push((format!("x_{name}"), json!({ "kept": value })));
                }
                if reorder {
                    fields.reverse();
                }
                // The number is set by the caller; where it goes is part of the model.
                rule.insert("Rule_number".into(), Value::Null);
                for (k, v) in fields {
                    rule.insert(k, v);
                }
                Value::Object(rule)
            },
        )
}

/// A valid rules file: rules numbered upward (with gaps), pretty or compact.
fn rules_file() -> impl Strategy<Value = (String, Vec<(u64, String)>)> {
    (
        prop::collection::vec((rule_value(), 1u64..4), 0..6),
        prop::sample::select(&["", "  ", "    ", "\t"][..]),
        any::<bool>(),
    )
        .prop_map(|(rules, indent, crlf)| {
            let mut number = 0;
            let mut model = Vec::new();
            let values: Vec<Value> = rules
                .into_iter()
                .map(|(mut v, gap)| {
                    number += gap;
                    v["Rule_number"] = json!(number);
                    model.push((number, v["Instruction"].as_str().unwrap().to_string()));
                    v
                })
                .collect();
            let array = Value::Array(values);
            let mut text = if indent.is_empty() {
                serde_json::to_string(&array).unwrap()
            } else {
                let mut out = Vec::new();
                let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
                let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
                serde::Serialize::serialize(&array, &mut ser).unwrap();
                String::from_utf8(out).unwrap()
            };
            if crlf {
                text = text.replace('\n', "\r\n");
            }
            (text, model)
        })
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, &'static str),
    Duplicate(usize, usize),
    CutAt(usize),
    /// A number in the file becomes a string, or the other way round.
    Retype(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1usize..12).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), prop::sample::select(TOKENS)).prop_map(|(a, t)| Mutation::Insert(a, t)),
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        any::<usize>().prop_map(Mutation::CutAt),
        any::<usize>().prop_map(Mutation::Retype),
    ]
}

fn boundary(text: &str, at: usize) -> usize {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(text: &str, mutation: &Mutation) -> String {
    let mut out = text.to_string();
    match mutation {
        Mutation::Delete(a, n) => {
            let start = boundary(text, *a);
            let end = boundary(text, (start + n).min(text.len()));
            out.replace_range(start..end.max(start), "");
        }
        Mutation::Insert(a, token) => out.insert_str(boundary(text, *a), token),
        Mutation::Duplicate(a, n) => {
            let start = boundary(text, *a);
            let end = boundary(text, (start + n).min(text.len())).max(start);
            out.insert_str(end, &text[start..end]);
        }
        Mutation::CutAt(a) => out.truncate(boundary(text, *a)),
        Mutation::Retype(a) => {
            let digits: Vec<(usize, char)> =
                text.char_indices().filter(|(_, c)| c.is_ascii_digit()).collect();
            if let Some((i, c)) = digits.get(a % digits.len().max(1)) {
                out.replace_range(*i..*i + 1, &format!("\"{c}\""));
            }
        }
    }
    out
}

fn new_rule() -> NewRule {
    NewRule {
        category: "CODE".into(),
        instruction: "Never ship on Fridays.".into(),
        why: "fuzzing".into(),
        ..Default::default()
    }
}

/// A plan keeps the text around its insertion byte for byte, every rule already there, and
/// numbers the new rule above all of them.
fn check_plan(text: &str) -> Result<(), TestCaseError> {
    let Ok(plan) = learn::plan(Some(text), &new_rule()) else {
        return Ok(());
    };
    prop_assert!(plan.replace.end <= text.len() && text.is_char_boundary(plan.replace.start));
    prop_assert!(plan.content.starts_with(&text[..plan.replace.start]));
    let tail = &text[plan.replace.end..];
    let rest = &plan.content[plan.replace.start + plan.insert.len()..];
    prop_assert!(
        rest == tail || rest == format!("{tail}\n"),
        "{rest:?} vs {tail:?}"
    );
    let before = parse::parse(text);
    let after = parse::parse(&plan.content);
    let summary = |p: &parse::Parsed| -> Vec<(u64, String)> {
        p.rules
            .iter()
            .map(|r| (r.number, r.instruction.clone()))
            .collect()
    };
    let mut expected = summary(&before);
    expected.push((plan.number, new_rule().instruction));
    prop_assert_eq!(summary(&after), expected);
    prop_assert!(before.numbers.iter().all(|n| *n < plan.number));
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_text_never_panics_and_problems_point_inside_it(text in arbitrary_text()) {
        check_reading(&text)?;
        check_plan(&text)?;
    }

    #[test]
    fn valid_files_read_back_as_written_with_spans_on_their_values((text, model) in rules_file()) {
        check_reading(&text)?;
        let set = RuleSet::from_text(Path::new("autofix.json"), &text, BuildOptions { inferred: true });
        let fatal: Vec<String> = set.fatal_problems().map(|p| p.render("autofix.json", &text, Locale::En)).collect();
        prop_assert!(fatal.is_empty(), "{fatal:?}\n{text}");
        prop_assert_eq!(
            set.rules.iter().map(|r| (r.number, r.instruction.clone())).collect::<Vec<_>>(),
            model
        );
        for rule in &set.rules {
            prop_assert_eq!(text[rule.span.number.clone()].parse::<u64>().ok(), Some(rule.number));
            let instruction: String = serde_json::from_str(&text[rule.span.instruction.clone()]).unwrap();
            prop_assert_eq!(&instruction, &rule.instruction);
        }
        check_plan(&text)?;
    }

    #[test]
    fn mutated_files_never_panic_and_problems_point_inside_them(
        (text, _) in rules_file(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut text = text;
        for m in &mutations {
            text = mutate(&text, m);
        }
        check_reading(&text)?;
        check_plan(&text)?;
    }
}
