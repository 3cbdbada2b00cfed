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

const EXCEPTION: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `var`.", "Why": "scoping"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Do NOT suppress warnings with `#[allow(...)]` unless approved by a maintainer.", "Why": "reviewers", "Owner": "platform"},
  {"Rule_number": 3, "Category": "STYLE", "Instruction": "Write clean code.", "Why": "taste"}
]"#;

fn check(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("check")
        .args(args)
        .current_dir(cwd)
        .env("LANG", "C")
        .output()
        .unwrap()
}

#[test]
fn explain_shows_the_check_proposed_for_an_exception_no_file_shows() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[("autofix.json", EXCEPTION)]);
    let out = rules(dir.path(), &["--explain"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "proposed check 1 (not enforced: the rule makes an exception no file shows, \"unless approved\")"
        ) && text.contains("Pattern `(?P<hit>\\#\\[allow\\([^\\)\\n]*\\)\\])`"),
        "{text}"
    );
    assert!(
        text.contains("\"Enforce rule #2 everywhere\"") && text.contains("`autofix-ignore: 2`"),
        "{text}"
    );
    // For programs and agents: the proposal beside the (empty) checks, with its exception.
    let json: serde_json::Value =
        serde_json::from_slice(&rules(dir.path(), &["--format", "json"]).stdout).unwrap();
    let rule = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule_number"] == 2)
        .unwrap();
    assert_eq!(rule["checks"], serde_json::json!([]));
    assert_eq!(rule["proposed"][0]["origin"], "proposed");
    assert!(rule["proposed"][0]["pattern"].as_str().unwrap().contains("allow"));
    assert_eq!(rule["exception"], "unless approved");
}

#[test]
fn enforce_writes_the_proposed_check_and_check_then_reports_every_unmarked_use() {
    let dir = tempfile::tempdir().unwrap();
    let code = "#[allow(dead_code)]\nfn f() {}\n// autofix-ignore: 2 generated by bindgen\n#[allow(non_camel_case_types)]\nstruct c_t;\n";
    common::write(dir.path(), &[("autofix.json", EXCEPTION), ("src/lib.rs", code)]);
    assert_eq!(
        check(dir.path(), &["src/lib.rs"]).status.code(),
        Some(0),
        "not enforced yet"
    );

    let out = rules(dir.path(), &["--enforce", "2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("autofix: rule #2 now checks, as written in autofix.json:"),
        "{said}"
    );
    let written = std::fs::read_to_string(dir.path().join("autofix.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(value[1]["Owner"], "platform", "unknown fields kept");
    assert!(value[1]["Check"]["Pattern"].as_str().unwrap().contains("allow"));
    assert!(value[0].get("Check").is_none() && value[2].get("Check").is_none());

    let out = check(dir.path(), &["src/lib.rs", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines: Vec<u64> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(
        lines,
        [1],
        "the use marked as justified is not reported: {report}"
    );
}

#[test]
fn enforce_refuses_with_a_reason_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), &[("autofix.json", EXCEPTION)]);
    for (n, reason) in [
        ("9", "there is no rule #9"),
        ("3", "nothing is inferred or proposed for rule #3"),
    ] {
        let out = rules(dir.path(), &["--enforce", n]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(reason) && err.contains("nothing was written"),
            "{err}"
        );
    }
    assert_eq!(rules(dir.path(), &["--enforce", "1"]).status.code(), Some(0));
    let once = std::fs::read_to_string(dir.path().join("autofix.json")).unwrap();
    let out = rules(dir.path(), &["--enforce", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("rule #1 has a `Check` already"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
        once
    );

    let broken = "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never use `var`.\",";
    std::fs::write(dir.path().join("autofix.json"), broken).unwrap();
    let out = rules(dir.path(), &["--enforce", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fix the rules file first"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
        broken
    );
}

#[test]
fn enforce_with_a_check_written_by_hand_for_a_rule_its_words_do_not_check() {
    let dir = tempfile::tempdir().unwrap();
    common::write(
        dir.path(),
        &[
            ("autofix.json", EXCEPTION),
            ("src/a.js", "await fetch('/x'); // fetch( in a comment\n"),
        ],
    );
    // Rule 3 ("Write clean code.") infers nothing; the user (or an agent) writes its check.
    let out = rules(
        dir.path(),
        &[
            "--enforce",
            "3",
            "--check",
            r#"{"Pattern": "\\bfetch\\(", "Files": ["src/**"], "Within": "code"}"#,
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("rule #3 now checks"));
    let out = check(dir.path(), &["src/a.js"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("src/a.js:1:7") && stdout.contains("#3"),
        "{stdout}"
    );
    assert!(!stdout.contains("1:25"), "not in the comment: {stdout}");

    // Written once, it is replaced only when asked.
    let narrower = r#"{"Pattern": "\\bfetch\\(", "Files": ["src/pages/**"]}"#;
    let out = rules(dir.path(), &["--enforce", "3", "--check", narrower]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`replace`"));
    let out = rules(dir.path(), &["--enforce", "3", "--check", narrower, "--replace"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("autofix.json")).unwrap()).unwrap();
    assert_eq!(value[2]["Check"]["Files"][0], "src/pages/**");
    assert!(
        check(dir.path(), &["src/a.js"]).status.success(),
        "src/a.js is out of the narrower check"
    );

    // Refused, nothing written: a check the lints reject, JSON that is not JSON.
    common::write(dir.path(), &[("autofix.json", EXCEPTION)]);
    for (check, says) in [
        (r#"{"Pattern": "fetch("}"#, "regex"),
        (r#"{"Patern": "x"}"#, "Patern"),
        ("fetch(", "not JSON"),
    ] {
        let out = rules(dir.path(), &["--enforce", "3", "--check", check]);
        assert_eq!(out.status.code(), Some(2), "{check}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{check}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("autofix.json")).unwrap(),
            EXCEPTION
        );
    }
}

#[cfg(unix)]
#[test]
fn enforce_never_writes_through_a_rules_file_linked_out_of_the_project() {
    let outside = tempfile::tempdir().unwrap();
    let project = tempfile::tempdir().unwrap();
    common::write(outside.path(), &[("autofix.json", EXCEPTION)]);
    std::os::unix::fs::symlink(
        outside.path().join("autofix.json"),
        project.path().join("autofix.json"),
    )
    .unwrap();
    let out = rules(project.path(), &["--enforce", "1"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(outside.path().join("autofix.json")).unwrap(),
        EXCEPTION
    );
}

/// A reader that stops early (`autofix rules --explain | head`) ends the command quietly, as it
/// ends `cat`: no panic on the closed pipe.
#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    // Far more output than a pipe holds (64 kB).
    let rules: Vec<serde_json::Value> = (1..=2000)
        .map(|n| serde_json::json!({"Rule_number": n, "Category": "CODE", "Instruction": format!("Never use `legacy_api_{n}` in new code."), "Why": "w"}))
        .collect();
    common::write(
        dir.path(),
        &[("autofix.json", &serde_json::to_string(&rules).unwrap())],
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["rules", "--explain"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The pipe is closed here, as `head` closes it.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGPIPE),
        "{:?} {stderr}",
        out.status
    );
}
