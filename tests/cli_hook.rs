//! `autofix hook` as agents run it: recorded events (tests/fixtures/hooks) on standard input,
//! the exit code and the report on standard error; and every input that must not block an agent.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const RULES: &str = r#"[
  {
    "Rule_number": 1,
    "Category": "CODE",
    "Instruction": "Never use `any` in TypeScript - use `unknown` with type guards.",
    "Why": "prevents runtime errors",
    "Check": { "Files": ["**/*.ts"], "Pattern": ":\\s*any\\b", "Fix": ": unknown", "Severity": "error" }
  },
  {
    "Rule_number": 2,
    "Category": "STYLE",
    "Instruction": "Never leave console.log in committed code.",
    "Why": "noise in production logs",
    "Check": { "Files": ["**/*.ts"], "Pattern": "console\\.log\\(" }
  }
]
"#;

/// A project (a git repository with rules) holding `files`, besides the rules.
fn project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::workspace(files);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    common::write(&root, &[(".agents/autofix.json", RULES)]);
    (dir, root)
}

fn fixture(name: &str, root: &Path) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hooks")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .replace("$PROJECT", root.to_str().unwrap())
}

fn hook_in(cwd: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("hook")
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The hook may stop reading early (a huge event): a broken pipe is its right.
    let _ = child.stdin.take().unwrap().write_all(input);
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the hook hangs");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn hook(root: &Path, input: &str) -> Output {
    hook_in(root, &[], input.as_bytes())
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Exit 0 with one line on stderr that holds `needle`, nothing on stdout.
fn assert_note(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.starts_with("autofix hook: ") && err.contains(needle), "{err}");
    assert!(stdout(out).is_empty(), "{}", stdout(out));
}

#[test]
fn post_write_with_a_violation_is_reported_for_the_model() {
    let (_dir, root) = project(&[(
        "src/app.ts",
        "export function parse(input: any) {\n  return input;\n}\n",
    )]);
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    insta::assert_snapshot!("post_write", stderr(&out));
}

#[test]
fn post_write_of_a_clean_file_is_silent() {
    let (_dir, root) = project(&[(
        "src/app.ts",
        "export function parse(input: unknown) {\n  return input;\n}\n",
    )]);
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!((stdout(&out), stderr(&out)), (String::new(), String::new()));
}

#[test]
fn pre_write_blocks_the_proposed_content_before_anything_is_written() {
    let (_dir, root) = project(&[]);
    let out = hook(&root, &fixture("claude-pre-write.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    insta::assert_snapshot!("pre_write", stderr(&out));
    assert!(!root.join("src/new.ts").exists(), "the hook never writes");
}

#[test]
fn pre_edit_blocks_only_what_the_edit_introduces() {
    let legacy = "export const a: any = 1;\nexport const b = 2;\nconsole.log(a);\n";
    let (_dir, root) = project(&[("src/legacy.ts", legacy)]);
    // The edit adds a second `: any`: the legacy one is not reported, the new one is.
    let out = hook(&root, &fixture("claude-pre-edit.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("src/legacy.ts:2:15  #1 [CODE]"), "{err}");
    assert!(
        !err.contains("legacy.ts:1:"),
        "a legacy violation is not blamed on the edit: {err}"
    );
    assert!(!err.contains("#2"), "{err}");
    assert_eq!(
        std::fs::read_to_string(root.join("src/legacy.ts")).unwrap(),
        legacy
    );

    // An edit elsewhere in a file full of legacy violations passes.
    let clean =
        fixture("claude-pre-edit.json", &root).replace("export const b: any = 2;", "export const b = 3;");
    let out = hook(&root, &clean);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn pre_multiedit_applies_edits_in_sequence_and_resolves_a_relative_path() {
    let (_dir, root) = project(&[("src/legacy.ts", "export const b = 2;\n")]);
    let out = hook(&root, &fixture("claude-pre-multiedit.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.starts_with("src/legacy.ts:2:1  #2 [STYLE] Never leave console.log in committed code.\n"),
        "{err}"
    );
    assert!(err.contains("    why #2: noise in production logs\n"), "{err}");
}

#[test]
fn an_old_string_not_found_is_left_to_the_tool() {
    let (_dir, root) = project(&[("src/legacy.ts", "export const c = 2;\n")]);
    let out = hook(&root, &fixture("claude-pre-edit.json", &root));
    assert_note(&out, "is not in the file");
}

#[test]
fn gemini_cli_events() {
    let (_dir, root) = project(&[
        (
            "src/app.ts",
            "export function parse(input: any) {\n  return input;\n}\n",
        ),
        ("src/legacy.ts", "export const b = 2;\n"),
    ]);
    let out = hook(&root, &fixture("gemini-after-write_file.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("src/app.ts:1:28  #1 [CODE]"),
        "{}",
        stderr(&out)
    );
    let out = hook(&root, &fixture("gemini-before-replace.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("Nothing was written"), "{}", stderr(&out));
}

#[test]
fn cursor_after_file_edit() {
    let (_dir, root) = project(&[("src/app.ts", "export function parse(input: any) {}\n")]);
    // Cursor runs hooks from elsewhere: the project comes from `workspace_roots`.
    let elsewhere = tempfile::tempdir().unwrap();
    let out = hook_in(
        elsewhere.path(),
        &[],
        fixture("cursor-afterFileEdit.json", &root).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("src/app.ts:1:28  #1 [CODE]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn copilot_denies_through_stdout() {
    let (_dir, root) = project(&[]);
    let out = hook_in(
        &root,
        &["--event", "pre"],
        fixture("copilot-preToolUse.json", &root).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let decision: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(decision["permissionDecision"], "deny");
    let reason = decision["permissionDecisionReason"].as_str().unwrap();
    assert!(reason.starts_with("src/new.ts:1:15  #1 [CODE]"), "{reason}");
    // Without --event, an event with no name and no result is not guessed.
    let out = hook(&root, &fixture("copilot-preToolUse.json", &root));
    assert_note(&out, "--event pre");
}

#[test]
fn event_overrides_the_name() {
    let (_dir, root) = project(&[("src/new.ts", "export const x = 1;\n")]);
    // A PreToolUse event checked as post: the file on disk is clean.
    let out = hook_in(
        &root,
        &["--event", "post"],
        fixture("claude-pre-write.json", &root).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn the_report_is_capped() {
    let many: String = (0..15)
        .map(|i| format!("export const v{i}: any = {i};\n"))
        .collect();
    let (_dir, root) = project(&[("src/app.ts", &many)]);
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.matches("#1 [CODE]").count(), 10, "{err}");
    assert_eq!(err.matches("why #1").count(), 1, "the why once per rule: {err}");
    assert!(err.contains("\nand 5 more\n"), "{err}");
}

#[test]
fn events_that_are_not_file_edits_pass_with_a_note() {
    let (_dir, root) = project(&[]);
    assert_note(
        &hook(&root, &fixture("claude-post-notebookedit.json", &root)),
        "tool `NotebookEdit`",
    );
    assert_note(
        &hook(&root, &fixture("claude-stop.json", &root)),
        "`Stop` is not a file-edit event",
    );
    assert_note(&hook(&root, "{not json"), "not JSON");
    assert_note(&hook(&root, ""), "not JSON");
    assert_note(&hook(&root, "[1, 2]"), "not a JSON object");
    assert_note(
        &hook(&root, r#"{"hook_event_name":"PostToolUse"}"#),
        "no `tool_name`",
    );
    assert_note(
        &hook(
            &root,
            r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#,
        ),
        "tool `Bash`",
    );
    assert_note(
        &hook(
            &root,
            r#"{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":7}}"#,
        ),
        "no `content`",
    );
    assert_note(&hook_in(&root, &[], b"\xff\xfe\x00garbage"), "not JSON");
}

#[test]
fn a_file_no_rules_file_governs_passes_with_a_note() {
    let (dir, root) = common::workspace(&[("src/app.ts", "let x: any;\n")]);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    assert_note(&out, "no rules file governs src/app.ts");
    drop(dir);
}

#[test]
fn a_broken_rules_file_is_said_but_never_blocks() {
    let (_dir, root) = project(&[("src/app.ts", "let x: any;\n")]);
    common::write(&root, &[(".agents/autofix.json", "[{\"Rule_number\": 1,")]);
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("the rules could not be used") && err.contains(".agents/autofix.json"),
        "{err}"
    );
}

#[test]
fn an_edit_of_the_rules_file_is_not_checked_against_the_rules() {
    let (_dir, root) = project(&[]);
    let event = fixture("claude-post-write.json", &root).replace("src/app.ts", ".agents/autofix.json");
    assert_note(&hook(&root, &event), "is a rules file");
}

// Hostile input: every path is resolved inside the project and read the bounded way.

#[test]
fn a_path_outside_the_project_is_not_read() {
    let (_dir, root) = project(&[]);
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.ts");
    std::fs::write(&secret, "let x: any;\n").unwrap();
    let event = fixture("claude-post-write.json", &root).replace(
        &format!("{}/src/app.ts", root.display()),
        secret.to_str().unwrap(),
    );
    assert_note(&hook(&root, &event), "outside the workspace");
    let climbing =
        fixture("claude-pre-multiedit.json", &root).replace("src/legacy.ts", "../../../../etc/passwd");
    assert_note(&hook(&root, &climbing), "outside the workspace");
}

#[test]
fn a_symlink_out_of_the_project_is_not_read() {
    let (_dir, root) = project(&[]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("app.ts"), "let x: any;\n").unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("app.ts"), root.join("src/app.ts")).unwrap();
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    assert_note(&out, "a link to");
    let out = hook(
        &root,
        &fixture("claude-pre-write.json", &root).replace("src/new.ts", "src/app.ts"),
    );
    assert_note(&out, "a link to");
}

#[test]
fn a_fifo_is_not_waited_on() {
    let (_dir, root) = project(&[]);
    std::fs::create_dir_all(root.join("src")).unwrap();
    let fifo = root.join("src/app.ts");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    assert_note(
        &hook(&root, &fixture("claude-post-write.json", &root)),
        "not a regular file",
    );
    assert_note(
        &hook(
            &root,
            &fixture("claude-pre-write.json", &root).replace("src/new.ts", "src/app.ts"),
        ),
        "not a regular file",
    );
}

#[test]
fn huge_and_binary_files_are_not_read() {
    let (_dir, root) = project(&[("src/logo.ts", "\u{0}PNG\u{0}: any")]);
    // Sparse: 4 GiB on paper, never read.
    std::fs::File::create(root.join("src/app.ts"))
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    assert_note(
        &hook(&root, &fixture("claude-post-write.json", &root)),
        "larger than 16 MiB",
    );
    let binary = fixture("claude-post-write.json", &root).replace("src/app.ts", "src/logo.ts");
    assert_note(&hook(&root, &binary), "binary");
    std::fs::write(root.join("src/latin1.ts"), b"caf\xe9: any").unwrap();
    let latin1 = fixture("claude-post-write.json", &root).replace("src/app.ts", "src/latin1.ts");
    assert_note(&hook(&root, &latin1), "not UTF-8");
}

#[test]
fn a_huge_event_is_not_held() {
    let (_dir, root) = project(&[]);
    let huge = vec![b' '; 40 << 20];
    assert_note(&hook_in(&root, &[], &huge), "larger than");
}

#[test]
fn a_folder_with_no_project_above_passes_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let out = hook(&root, &fixture("claude-post-write.json", &root));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    // A temporary folder may have a .git above it on some machines; either note is right.
    assert!(err.starts_with("autofix hook: "), "{err}");
}

#[test]
fn windsurf_events() {
    let (_dir, root) = project(&[
        ("src/app.ts", "export function parse(input: any) {}\n"),
        ("src/legacy.ts", "export const a: any = 1;\nexport const b = 2;\n"),
    ]);
    // Windsurf names no folder: the hook runs in the workspace.
    let out = hook(&root, &fixture("windsurf-pre_write_code.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.starts_with("src/legacy.ts:2:15  #1 [CODE]"),
        "only the new `any`: {err}"
    );
    let out = hook(&root, &fixture("windsurf-post_write_code.json", &root));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("src/app.ts:1:28  #1 [CODE]"),
        "{}",
        stderr(&out)
    );
    let other = r#"{"agent_action_name":"pre_run_command","tool_info":{"command_line":"ls"}}"#;
    assert_note(&hook(&root, other), "`pre_run_command` is not a file-edit event");
}

#[test]
fn cline_is_answered_on_stdout_with_exit_0() {
    let (_dir, root) = project(&[
        (
            "src/app.ts",
            "export function parse(input: any) {\n  return input;\n}\n",
        ),
        ("src/legacy.ts", "export const b = 2;\n"),
    ]);
    // Cline blocks on any non-zero exit: the decision is JSON on stdout.
    let elsewhere = tempfile::tempdir().unwrap();
    let out = hook_in(
        elsewhere.path(),
        &[],
        fixture("cline-PreToolUse-replace_in_file.json", &root).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(answer["cancel"], true);
    let message = answer["errorMessage"].as_str().unwrap();
    assert!(message.starts_with("src/legacy.ts:1:15  #1 [CODE]"), "{message}");

    let out = hook_in(
        elsewhere.path(),
        &[],
        fixture("cline-PostToolUse-write_to_file.json", &root).as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(answer["cancel"], false);
    assert!(
        answer["contextModification"]
            .as_str()
            .unwrap()
            .contains("The edit is written"),
        "{answer}"
    );

    // A diff that does not apply, and a clean edit: no answer, the action proceeds.
    let stale = fixture("cline-PreToolUse-replace_in_file.json", &root)
        .replace("export const b = 2;\\n=", "export const c = 2;\\n=");
    let out = hook_in(elsewhere.path(), &[], stale.as_bytes());
    assert_note(&out, "the diff does not apply");
    let clean = fixture("cline-PreToolUse-replace_in_file.json", &root).replace("b: any", "b: number");
    let out = hook_in(elsewhere.path(), &[], clean.as_bytes());
    assert_eq!(
        (out.status.code(), stdout(&out), stderr(&out)),
        (Some(0), String::new(), String::new())
    );
}

#[test]
fn fail_level_leaves_out_less_severe_violations() {
    // Rule 1 is an error, rule 2 a warning.
    let (_dir, root) = project(&[("src/app.ts", "console.log(1);\n")]);
    let event = fixture("claude-post-write.json", &root);
    let out = hook_in(&root, &["--fail-level", "error"], event.as_bytes());
    assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()));
    let out = hook_in(&root, &["--fail-level", "warning"], event.as_bytes());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
