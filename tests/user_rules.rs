//! User-level rules (`~/.config/autofix/autofix.json`, here `$AUTOFIX_USER_RULES`): learned with
//! `learn --user`, in force under every project's rules on every surface — `check`, `rules`, the
//! language server, the hook — where a project rule that says the opposite or the same wins, and
//! never exported into a project.

mod common;

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::stdio::{frame, read_message};
use serde_json::{Value, json};

struct Setup {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
    user_file: PathBuf,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let home = base.join("home");
    let project = base.join("project");
    std::fs::create_dir_all(project.join(".git")).unwrap();
    Setup {
        user_file: home.join(".config/autofix/autofix.json"),
        _dir: dir,
        home,
        project,
    }
}

/// The binary with the user's home in the temporary folder: the user rules file is found where a
/// real user's would be (`$XDG_CONFIG_HOME` unset, `$HOME/.config/autofix/autofix.json`).
fn autofix(s: &Setup, cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(args)
        .current_dir(cwd)
        .env("HOME", &s.home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("AUTOFIX_USER_RULES")
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn learn_user(s: &Setup, category: &str, instruction: &str, why: &str) {
    let out = autofix(
        s,
        &s.project,
        &["learn", "--user", category, instruction, "--why", why],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(&s.user_file.display().to_string()));
}

#[test]
fn learned_user_rules_govern_a_repository_without_rules_of_its_own() {
    let s = setup();
    learn_user(&s, "CODE", "Never use `var`.", "block scoping");
    assert!(
        s.user_file.is_file(),
        "learn --user creates the file and its folders"
    );
    std::fs::write(s.project.join("a.js"), "var a = 1;\nlet b = 2;\n").unwrap();

    let out = autofix(&s, &s.project, &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["rules_files"], json!([s.user_file.display().to_string()]));
    let v = &report["violations"][0];
    assert_eq!(
        (v["rule"].clone(), v["source"].clone(), v["line"].clone()),
        (json!(1), json!("user"), json!(1))
    );

    let human = text(&autofix(&s, &s.project, &["check"]).stdout);
    assert!(human.contains("user #1 [CODE]"), "{human}");

    // Switched off: nothing governs the repository any more.
    let off = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["check", "a.js"])
        .current_dir(&s.project)
        .env("HOME", &s.home)
        .env("AUTOFIX_USER_RULES", "")
        .output()
        .unwrap();
    assert_eq!(off.status.code(), Some(0), "{}", text(&off.stderr));
}

#[test]
fn the_projects_rules_win_over_the_users() {
    let s = setup();
    learn_user(&s, "CODE", "Never use `console.log`.", "noise");
    learn_user(&s, "CODE", "Never use `var`.", "block scoping");
    learn_user(&s, "STYLE", "Never use `TODO` in code.", "track work in issues");
    let project = |args: &[&str]| autofix(&s, &s.project, args);
    let out = project(&[
        "learn",
        "CODE",
        "Always use `console.log` for debugging output.",
        "--why",
        "stdout is shipped",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = project(&[
        "learn",
        "STYLE",
        "never use `TODO` in code",
        "--why",
        "the same words",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(
        s.project.join("a.js"),
        "console.log(1);\nvar a = 1; // TODO\nvar b = 2; // autofix-ignore: user#2\n",
    )
    .unwrap();

    let report: Value = serde_json::from_slice(&project(&["check", "--format", "json"]).stdout).unwrap();
    let found: Vec<(Value, Value, Value)> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["line"].clone(), v["rule"].clone(), v["source"].clone()))
        .collect();
    // console.log: the project asks for it. `var` on line 2: user rule #2. The TODO comment: the
    // project's own rule #2 reports it, once. `var` on line 3: silenced by its user-rule
    // suppression.
    assert_eq!(
        found,
        [
            (json!(2), json!(2), json!("user")),
            (json!(2), json!(2), Value::Null)
        ],
        "{report:#}"
    );
    assert_eq!(
        report["rules_files"],
        json!([".agents/autofix.json", s.user_file.display().to_string()])
    );

    let rules: Value = serde_json::from_slice(&project(&["rules", "--format", "json"]).stdout).unwrap();
    let listed: Vec<(Value, Value)> = rules["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["rule_number"].clone(), r["source"].clone()))
        .collect();
    assert_eq!(
        listed,
        [
            (json!(2), Value::Null),
            (json!(1), Value::Null),
            (json!(2), json!("user"))
        ],
        "only user rule #2 is in force under this project: {rules:#}"
    );
    assert_eq!(rules["user_rules_file"], json!(s.user_file.display().to_string()));
    let md = text(&project(&["rules"]).stdout);
    assert!(md.contains("**user #2 [CODE]** Never use `var`."), "{md}");
}

#[test]
fn a_broken_user_rules_file_is_reported_with_its_place_and_the_way_out() {
    let s = setup();
    std::fs::create_dir_all(s.user_file.parent().unwrap()).unwrap();
    std::fs::write(&s.user_file, "[\n  {\"Rule_number\": 1,\n").unwrap();
    std::fs::write(s.project.join("a.js"), "var a;\n").unwrap();
    let out = autofix(&s, &s.project, &["check"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("{}:", s.user_file.display())), "{err}");
    assert!(err.contains("AUTOFIX_USER_RULES="), "{err}");
    // Learning into it is refused rather than overwriting it.
    let out = autofix(
        &s,
        &s.project,
        &["learn", "--user", "CODE", "Never use `eval`.", "--why", "w"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&s.user_file).unwrap(),
        "[\n  {\"Rule_number\": 1,\n"
    );
}

#[test]
fn user_rules_are_never_exported_into_a_project() {
    let s = setup();
    learn_user(&s, "CODE", "Never use `var`.", "block scoping");
    let out = autofix(
        &s,
        &s.project,
        &["learn", "CODE", "Never use `eval`.", "--why", "security"],
    );
    assert!(out.status.success());
    std::fs::write(s.project.join("AGENTS.md"), "# Agents\n").unwrap();
    let out = autofix(&s, &s.project, &["export", "--agent", "agents"]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let agents = std::fs::read_to_string(s.project.join("AGENTS.md")).unwrap();
    assert!(agents.contains("Never use `eval`."), "{agents}");
    assert!(!agents.contains("Never use `var`."), "{agents}");
}

#[test]
fn the_hook_reports_user_rules_by_name() {
    let s = setup();
    learn_user(&s, "CODE", "Never use `var`.", "block scoping");
    let file = s.project.join("a.js");
    std::fs::write(&file, "var a = 1;\n").unwrap();
    let event = json!({"hook_event_name": "PostToolUse", "tool_name": "Write", "cwd": s.project,
        "tool_input": {"file_path": file, "content": "var a = 1;\n"}});
    let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["hook"])
        .current_dir(&s.project)
        .env("HOME", &s.home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("AUTOFIX_USER_RULES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(event.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("user #1 [CODE]"),
        "{}",
        text(&out.stderr)
    );
}

/// The language server: a user rule's diagnostic is coded `user#N` and links into the user's
/// file; hover and "ignore" name it; a change of the user file on disk reaches open documents,
/// and a broken one leaves the last good user rules in force and says so.
#[test]
fn the_language_server_lives_by_user_rules() {
    let s = setup();
    learn_user(&s, "CODE", "Never use `var`.", "block scoping");
    let root = &s.project;
    let root_uri = format!("file://{}", root.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["lsp", "--stdio"])
        .env("HOME", &s.home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("AUTOFIX_USER_RULES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |m: Value| stdin.write_all(&frame(&m)).unwrap();
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": null, "rootUri": root_uri, "capabilities": {},
        "workspaceFolders": [{"uri": root_uri, "name": "p"}]}}),
    );
    let mut next = |want: &dyn Fn(&Value) -> bool| -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            assert!(Instant::now() < deadline, "timed out");
            let m = read_message(&mut stdout).expect("the server keeps talking");
            if want(&m) {
                return m;
            }
        }
    };
    next(&|m| m["id"] == 1);
    send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let uri = format!("{root_uri}/a.js");
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "javascript", "version": 1, "text": "var a = 1;\nlet b = eval(a);\n"}}}),
    );
    let is_diags =
        |m: &Value| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri.as_str();
    let diags = loop {
        let m = next(&is_diags);
        if !m["params"]["diagnostics"].as_array().unwrap().is_empty() {
            break m["params"]["diagnostics"].clone();
        }
    };
    let d = &diags[0];
    assert_eq!(d["code"], "user#1", "{diags:#}");
    assert_eq!(d["data"]["rule"], 1);
    assert_eq!(d["data"]["user"], true);
    let user_uri = format!("file://{}", s.user_file.display());
    assert!(
        d["codeDescription"]["href"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{user_uri}#L")),
        "{d:#}"
    );
    assert_eq!(d["relatedInformation"][0]["location"]["uri"], user_uri.as_str());
    assert!(
        d["relatedInformation"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("User rule #1 [CODE]")
    );

    send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}}),
    );
    let hover = next(&|m| m["id"] == 2);
    let value = hover["result"]["contents"]["value"].as_str().unwrap().to_string();
    assert!(
        value.starts_with("**User rule #1** `[CODE]` Never use `var`."),
        "{value}"
    );
    assert!(value.contains(&s.user_file.display().to_string()), "{value}");

    send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}}),
    );
    let actions = next(&|m| m["id"] == 3)["result"].clone();
    let ignore = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Ignore user rule #1 on this line")
        .unwrap_or_else(|| panic!("{actions:#}"));
    assert_eq!(ignore["diagnostics"][0]["code"], "user#1");
    assert!(
        ignore.to_string().contains("autofix-ignore: user#1"),
        "{ignore:#}"
    );

    // A rule learned into the user file from the shell reaches the open document.
    learn_user(&s, "CODE", "Never use `eval`.", "security");
    let codes = loop {
        let m = next(&is_diags);
        let codes: Vec<Value> = m["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].clone())
            .collect();
        if codes.len() == 2 {
            break codes;
        }
    };
    assert_eq!(codes, [json!("user#1"), json!("user#2")]);

    // Broken: said once, and the last good user rules stay in force.
    std::fs::write(&s.user_file, "[{").unwrap();
    let shown = next(&|m| m["method"] == "window/showMessage");
    let message = shown["params"]["message"].as_str().unwrap();
    assert!(
        message.contains(&s.user_file.display().to_string()) && message.contains("broken"),
        "{message}"
    );
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": "var a = 1;\nlet b = eval(a);\nvar c;\n"}]}}),
    );
    let m = next(&|m| is_diags(m) && m["params"]["version"] == 2);
    assert_eq!(m["params"]["diagnostics"].as_array().unwrap().len(), 3, "{m:#}");

    send(json!({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}));
    next(&|m| m["id"] == 9);
    send(json!({"jsonrpc": "2.0", "method": "exit"}));
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_agents_user_level_files_import_into_the_user_rules_file() {
    let s = setup();
    std::fs::create_dir_all(s.home.join(".claude")).unwrap();
    std::fs::create_dir_all(s.home.join(".codex")).unwrap();
    std::fs::write(
        s.home.join(".claude/CLAUDE.md"),
        "# Mine\n\n- Never use `var` in JavaScript.\n\nSome prose about me.\n",
    )
    .unwrap();
    std::fs::write(
        s.home.join(".codex/AGENTS.md"),
        "- Never use `eval` - it runs anything.\n",
    )
    .unwrap();
    // A project's own AGENTS.md is not a user-level file.
    std::fs::write(s.project.join("AGENTS.md"), "- Never use `with`.\n").unwrap();

    let plan = autofix(&s, &s.project, &["import", "--user"]);
    assert!(plan.status.success(), "{}", text(&plan.stderr));
    let shown = text(&plan.stdout);
    assert!(
        shown.contains("~/.claude/CLAUDE.md (CLAUDE.md)") && shown.contains("~/.codex/AGENTS.md"),
        "{shown}"
    );
    assert!(!shown.contains("`with`"), "{shown}");
    assert!(!s.user_file.exists(), "nothing is written without --write");

    let out = autofix(&s, &s.project, &["import", "--user", "--write"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rules: Value = serde_json::from_str(&std::fs::read_to_string(&s.user_file).unwrap()).unwrap();
    let instructions: Vec<&str> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["Instruction"].as_str().unwrap())
        .collect();
    assert_eq!(
        instructions,
        ["Never use `var` in JavaScript.", "Never use `eval`"]
    );
    assert!(!s.project.join(".agents").exists(), "the project is left alone");

    // Again: already there, nothing added.
    let again = text(&autofix(&s, &s.project, &["import", "--user", "--write"]).stdout);
    assert!(again.contains("0 to add"), "{again}");
}
