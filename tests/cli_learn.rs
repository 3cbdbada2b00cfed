//! `autofix learn` as a user and a swarm of agents run it.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn learn(cwd: &Path, args: &[&str], lang: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("learn")
        .args(args)
        .current_dir(cwd)
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn creates_agents_autofix_json_when_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let out = learn(
        dir.path(),
        &[
            "[code]",
            "Never use `any` in TypeScript - use `unknown`.",
            "--why",
            "type safety",
        ],
        "C",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "Learned rule #1 ([CODE]): Never use `any` in TypeScript - use `unknown`. — recorded in .agents/autofix.json\n"
    );
    let text = std::fs::read_to_string(dir.path().join(".agents/autofix.json")).unwrap();
    assert!(
        text.starts_with("[\n  {\n    \"Rule_number\": 1,") && text.ends_with("}\n]\n"),
        "{text}"
    );
}

#[test]
fn spanish_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = learn(
        dir.path(),
        &[
            "process",
            "Nunca agregues emojis a los commits.",
            "--why",
            "preferencia",
        ],
        "es_MX.UTF-8",
    );
    assert_eq!(
        stdout(&out),
        "Regla aprendida #1 ([PROCESS]): Nunca agregues emojis a los commits. — registrada en .agents/autofix.json\n"
    );
}

#[test]
fn numbering_follows_the_highest_number_and_other_rules_stay_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let before = "[\n    {\"Rule_number\": 3, \"Category\": \"CODE\", \"Instruction\": \"Never a.\", \"Why\": \"w\", \"Owner\":  {\"team\": \"web\"}, \"Score\": 1.50},\n    {\"Rule_number\": 9, \"Category\": \"CODE\", \"Instruction\": \"Never b.\", \"Why\": \"w\"},\n    {\"Rule_number\": 3, \"Category\": \"CODE\", \"Instruction\": \"Never c.\", \"Why\": \"w\"}\n]";
    common::write(dir.path(), &[("autofix.json", before)]);
    let out = learn(
        dir.path(),
        &[
            "STYLE",
            "Always use camelCase.",
            "--why",
            "convention",
            "--pattern",
            "function [a-z]+_",
            "--files",
            "src/**/*.ts",
            "--files",
            "!**/*.d.ts",
            "--severity",
            "error",
            "--supersedes",
            "3",
        ],
        "C",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("Learned rule #10 ([STYLE])"),
        "{}",
        stdout(&out)
    );
    let after = std::fs::read_to_string(dir.path().join("autofix.json")).unwrap();
    let last_object_end = before.rfind('}').unwrap() + 1;
    assert_eq!(
        &after[..last_object_end],
        &before[..last_object_end],
        "the other rules are untouched"
    );
    let rules: Value = serde_json::from_str(&after).unwrap();
    assert_eq!(rules[3]["Rule_number"], 10);
    assert_eq!(
        rules[3]["Check"],
        serde_json::json!({"Files": ["src/**/*.ts", "!**/*.d.ts"], "Pattern": "function [a-z]+_", "Severity": "error"})
    );
    assert_eq!(rules[3]["Supersedes"], serde_json::json!([3]));
    assert!(after.contains("\"Score\": 1.50") && after.ends_with("\n]\n"));
}

#[test]
fn a_broken_file_is_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "[\n  {\"Rule_number\": 1,}\n]\n";
    common::write(dir.path(), &[("autofix.json", broken)]);
    let out = learn(dir.path(), &["CODE", "Never x.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("autofix.json:2:20: invalid JSON: Trailing commas are not allowed"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("autofix.json was not changed"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
        broken
    );
}

#[test]
fn bad_input_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let out = learn(dir.path(), &["SECURITY", "Never x.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(
        "unknown category `SECURITY` — use one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER"
    ));
    let out = learn(
        dir.path(),
        &["CODE", "Never x.", "--why", "w", "--pattern", "("],
        "C",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid regex in `Pattern`"),
        "{}",
        stderr(&out)
    );
    let out = learn(dir.path(), &["CODE", "The code is messy.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("warning: the instruction is not imperative"));
}

#[test]
fn the_nearest_rules_file_and_root() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[(".rules/autofix.json", "[]"), ("pkg/src/x.ts", "")]);
    let out = learn(
        &dir.path().join("pkg/src"),
        &["CODE", "Never x.", "--why", "w"],
        "C",
    );
    let expected = format!(
        "recorded in {}\n",
        dir.path().join(".rules/autofix.json").display()
    );
    assert!(stdout(&out).ends_with(&expected), "{}", stdout(&out));
    let text = std::fs::read_to_string(dir.path().join(".rules/autofix.json")).unwrap();
    assert!(text.contains("Never x."));
    let out = learn(
        dir.path(),
        &["CODE", "Never y.", "--why", "w", "--root", "pkg"],
        "C",
    );
    assert!(
        stdout(&out).contains("recorded in pkg/.agents/autofix.json"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn forty_concurrent_learners_end_with_forty_consecutive_rules() {
    let dir = tempfile::tempdir().unwrap();
    common::write(
        dir.path(),
        &[(
            "autofix.json",
            "[\n  {\"Rule_number\": 5, \"Category\": \"CODE\", \"Instruction\": \"Never a.\", \"Why\": \"w\"}\n]\n",
        )],
    );
    let children: Vec<_> = (0..40)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_autofix"))
                .args(["learn", "CODE", &format!("Never do thing {i}."), "--why", "race"])
                .current_dir(dir.path())
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let rules: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("autofix.json")).unwrap()).unwrap();
    let numbers: Vec<u64> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["Rule_number"].as_u64().unwrap())
        .collect();
    assert_eq!(
        numbers,
        (5..=45).collect::<Vec<_>>(),
        "41 rules, unique and consecutive"
    );
    let mut instructions: Vec<&str> = rules.as_array().unwrap()[1..]
        .iter()
        .map(|r| r["Instruction"].as_str().unwrap())
        .collect();
    instructions.sort();
    instructions.dedup();
    assert_eq!(instructions.len(), 40, "no rule lost");
}
