//! `autofix rules`: what an agent reads before a task.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn rules(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("rules")
        .args(args)
        .current_dir(cwd)
        .env("LANG", "C")
        .output()
        .unwrap()
}

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always use Axios.", "Why": "interceptors"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `any` in TypeScript.", "Why": "types",
   "Check": {"Files": ["**/*.ts"], "Pattern": ":\\s*any\\b"}},
  {"Rule_number": 3, "Category": "TOOL", "Instruction": "Always use native fetch instead of Axios.", "Why": "migration (replaces Rule 1)"},
  {"Rule_number": 4, "Category": "STYLE", "Instruction": "Never use tabs in Python.", "Why": "PEP 8",
   "Check": {"Files": ["**/*.py"], "Pattern": "^\\t"}}
]"#;

#[test]
fn markdown_lists_active_rules_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[(".agents/autofix.json", RULES)]);
    let out = rules(dir.path(), &["--no-inferred"]);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("rules_md", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn for_a_file_only_the_rules_that_concern_it_with_explanations() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[(".agents/autofix.json", RULES), ("src/a.ts", "")]);
    let out = rules(dir.path(), &["--for", "src/a.ts", "--explain", "--no-inferred"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(for src/a.ts)"));
    assert!(
        text.contains("#2 [CODE]") && text.contains("  - explicit: Files `**/*.ts`; Pattern `:\\s*any\\b`"),
        "{text}"
    );
    assert!(
        !text.contains("#4 [STYLE]"),
        "a Python rule does not concern a TypeScript file"
    );
    assert!(!text.contains("#1 [CODE]"), "superseded rules are dropped");
    let json: serde_json::Value = serde_json::from_slice(
        &rules(
            dir.path(),
            &["--for", "src/a.ts", "--format", "json", "--no-inferred"],
        )
        .stdout,
    )
    .unwrap();
    let numbers: Vec<u64> = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule_number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [3, 2]);
    assert_eq!(json["for"], "src/a.ts");
}

#[test]
fn explain_says_a_rule_about_the_agent_is_behaviour_and_not_checked() {
    let dir = tempfile::tempdir().unwrap();
    let rules_json = r#"[
  {"Rule_number": 1, "Category": "PROCESS", "Instruction": "Don't run `pnpm dev`; the server is already up.", "Why": "port clash"},
  {"Rule_number": 2, "Category": "TOOL", "Instruction": "Use pnpm, never npm.", "Why": "lockfile"}
]"#;
    common::write(dir.path(), &[(".agents/autofix.json", rules_json)]);
    let out = rules(dir.path(), &["--explain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "behaviour rule: about what the agent does, not checked in files (from \"Don't run `pnpm dev`\")"
        ),
        "{text}"
    );
    assert!(text.contains("forbidden command `npm`"), "{text}");
}

#[test]
fn errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = rules(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("looked for .agents/autofix.json, autofix.json, .rules/autofix.json")
    );
    common::write(dir.path(), &[("autofix.json", "[{]")]);
    let out = rules(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("autofix.json:1:"));
}

#[test]
fn explain_says_which_rule_retired_which_from_which_words() {
    let dir = tempfile::tempdir().unwrap();
    let rules_json = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log`; use the logger.", "Why": "noise"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Always use `console.log` for debugging output.", "Why": "the user changed their mind"}
]"#;
    common::write(dir.path(), &[(".agents/autofix.json", rules_json)]);
    let out = rules(dir.path(), &["--explain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("**#1 "), "the older rule is retired: {text}");
    assert!(
        text.contains(
            "  - retires #1, which forbids `console.log` (\"never use\"): this rule asks for `console.log` (\"always use\")"
        ),
        "{text}"
    );
    let json = rules(dir.path(), &["--format", "json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["rules"][0]["retires"],
        serde_json::json!([{"rule_number": 1, "reason": "conflict"}]),
        "{value}"
    );
}
