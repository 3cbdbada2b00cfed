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
            "--within",
            "code",
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
        serde_json::json!({"Files": ["src/**/*.ts", "!**/*.d.ts"], "Pattern": "function [a-z]+_", "Within": "code", "Severity": "error"})
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
    let out = learn(
        dir.path(),
        &[
            "CODE",
            "Never x.",
            "--why",
            "w",
            "--pattern",
            "x",
            "--within",
            "docs",
        ],
        "C",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown `Within` `docs` — use \"code\", \"comments\", \"strings\" or \"any\""),
        "{}",
        stderr(&out)
    );
    let out = learn(dir.path(), &["CODE", "The code is messy.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("warning: the instruction is not imperative"));
    assert!(
        stderr(&out).contains("warning: the rule is too vague to check: name the concrete thing"),
        "{}",
        stderr(&out)
    );
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

const ONE_RULE: &str =
    "[\n  {\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never a.\", \"Why\": \"w\"}\n]\n";

#[test]
fn a_file_caught_mid_save_is_read_again_and_an_empty_one_is_refused_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("autofix.json");
    // An editor saving in place: the file is empty for a moment, then whole again.
    std::fs::write(&file, "").unwrap();
    let restorer = {
        let file = file.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(150));
            std::fs::write(file, ONE_RULE).unwrap();
        })
    };
    let out = learn(dir.path(), &["CODE", "Never b.", "--why", "w"], "C");
    restorer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rules: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(rules.as_array().unwrap().len(), 2, "rule #1 survived");
    assert_eq!(rules[1]["Rule_number"], 2);

    // A file that stays empty is refused, and stays as it was.
    std::fs::write(&file, "  \n").unwrap();
    let out = learn(dir.path(), &["CODE", "Never c.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the rules file is empty"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "  \n");
}

#[test]
fn a_file_check_refuses_is_refused_by_learn_with_the_same_lint() {
    for (number, lint) in [
        ("18446744073709551616", "too large"),
        ("-4", "must be a positive integer"),
        ("\"7\"", "Rule_number"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let text = format!(
            "[\n  {{\"Rule_number\": {number}, \"Category\": \"CODE\", \"Instruction\": \"Never a.\", \"Why\": \"w\"}}\n]\n"
        );
        common::write(dir.path(), &[("autofix.json", &text), ("a.ts", "let a = 1;\n")]);
        let out = learn(dir.path(), &["CODE", "Never b.", "--why", "w"], "C");
        assert_eq!(out.status.code(), Some(2), "{number}");
        assert!(
            stderr(&out).starts_with("autofix.json:2:"),
            "{number}: {}",
            stderr(&out)
        );
        assert!(stderr(&out).contains(lint), "{number}: {}", stderr(&out));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
            text
        );
        let check = Command::new(env!("CARGO_BIN_EXE_autofix"))
            .args(["check", "."])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(check.status.code(), Some(2), "check refuses it too");
        assert!(stderr(&check).contains(lint), "{}", stderr(&check));
    }
}

#[test]
fn a_rules_file_linking_outside_the_project_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("rules.json");
    std::fs::write(&target, ONE_RULE).unwrap();
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("autofix.json")).unwrap();
    let out = learn(dir.path(), &["CODE", "Never b.", "--why", "w"], "C");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("outside the workspace"), "{}", stderr(&out));
    assert!(stderr(&out).contains("--unrestricted"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), ONE_RULE);
    let out = learn(
        dir.path(),
        &["CODE", "Never b.", "--why", "w", "--unrestricted"],
        "C",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&target).unwrap().contains("Never b."));
}

#[test]
fn a_learner_waits_while_an_editor_holds_the_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[("autofix.json", ONE_RULE)]);
    // What the language server does while the user reviews a learned rule.
    let lock = autofix::rules::store::RootLock::acquire(dir.path()).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["learn", "CODE", "Never b.", "--why", "w"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
        ONE_RULE,
        "nothing written while the lock is held"
    );
    // The editor's rule lands, then the lock is released.
    std::fs::write(
        dir.path().join("autofix.json"),
        ONE_RULE.replace("\n]", ",\n  {\"Rule_number\": 2, \"Category\": \"CODE\", \"Instruction\": \"Never e.\", \"Why\": \"w\"}\n]"),
    )
    .unwrap();
    drop(lock);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("Learned rule #3"), "{}", stdout(&out));
}
