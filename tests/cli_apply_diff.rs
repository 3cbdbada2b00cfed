//! `autofix apply-diff` end to end: the built binary on temporary directories.

use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const ORIGINAL: &str = "export function add(a: number, b: number) {\n\treturn a + b;\n}\n\nexport function sub(a: number, b: number) {\n\treturn a - b;\n}\n";

const GOOD_BLOCK: &str = "<<<<<<< SEARCH\n:start_line:2\n-------\n\treturn a + b;\n=======\n\treturn a + b + 0;\n>>>>>>> REPLACE\n";
const BAD_BLOCK: &str = "<<<<<<< SEARCH\n\treturn a * b;\n=======\n\treturn 0;\n>>>>>>> REPLACE\n";

struct Workspace {
    dir: tempfile::TempDir,
    /// The user's state folder, where failure counts are kept between runs.
    state: tempfile::TempDir,
}

impl Workspace {
    fn new() -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("math.ts"), ORIGINAL).unwrap();
        Workspace {
            dir,
            state: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> std::path::PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, text: &str) {
        fs::write(self.path(name), text).unwrap();
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.path(name)).unwrap()
    }

    /// Runs the binary in the workspace, so paths in its output are relative and stable.
    fn run(&self, args: &[&str], stdin: Option<&str>) -> Output {
        self.run_in(self.dir.path(), args, stdin)
    }

    fn run_in(&self, cwd: &Path, args: &[&str], stdin: Option<&str>) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
            .arg("apply-diff")
            .args(args)
            .current_dir(cwd)
            .env("XDG_STATE_HOME", self.state.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        // A run that does not read its input (the diff is a file) may be gone already.
        match input.write_all(stdin.unwrap_or_default().as_bytes()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            other => other.unwrap(),
        }
        drop(input);
        child.wait_with_output().unwrap()
    }

    fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", stdout(output)))
}

#[test]
fn applies_writes_and_exits_0() {
    let ws = Workspace::new();
    ws.write("change.diff", GOOD_BLOCK);
    let out = ws.run(&["math.ts", "change.diff"], None);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert_eq!(ws.read("math.ts"), ORIGINAL.replace("a + b;", "a + b + 0;"));
    insta::assert_snapshot!(stdout(&out), @r"
    block 1: applied at line 2 (100%)
    math.ts: 1 of 1 block applied (written)
    ");
}

#[test]
fn keeps_permissions_and_leaves_no_temporary_file() {
    let ws = Workspace::new();
    fs::set_permissions(ws.path("math.ts"), fs::Permissions::from_mode(0o640)).unwrap();
    ws.write("change.diff", GOOD_BLOCK);
    let out = ws.run(&["math.ts", "change.diff"], None);
    assert_eq!(code(&out), 0);
    let mode = fs::metadata(ws.path("math.ts")).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(ws.entries(), vec!["change.diff", "math.ts"]);
}

#[test]
fn writes_through_a_symlink_and_keeps_it() {
    let ws = Workspace::new();
    std::os::unix::fs::symlink(ws.path("math.ts"), ws.path("link.ts")).unwrap();
    ws.write("change.diff", GOOD_BLOCK);
    let out = ws.run(&["link.ts", "change.diff"], None);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        fs::symlink_metadata(ws.path("link.ts"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(ws.read("math.ts").contains("a + b + 0;"));
}

#[test]
fn reads_the_diff_from_stdin() {
    let ws = Workspace::new();
    let out = ws.run(&["math.ts"], Some(GOOD_BLOCK));
    assert_eq!(code(&out), 0);
    let out = ws.run(
        &["math.ts", "-", "--dry-run", "--format", "json"],
        Some(BAD_BLOCK),
    );
    assert_eq!(code(&out), 1);
    assert_eq!(json(&out)["blocks"][0]["status"], "failed");
}

#[test]
fn partial_failure_exits_1_and_reports_every_block() {
    let ws = Workspace::new();
    ws.write("change.diff", &format!("{GOOD_BLOCK}{BAD_BLOCK}{BAD_BLOCK}"));
    let out = ws.run(&["math.ts", "change.diff", "--format", "json"], None);
    assert_eq!(code(&out), 1);
    let report = json(&out);
    assert_eq!(report["success"], true, "at least one block applied");
    assert!(report.get("content").is_none(), "content only with --dry-run");
    let statuses: Vec<&str> = report["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["applied", "failed", "failed"]);
    let error = report["error"].as_str().unwrap();
    assert!(
        error.contains("Block 2:") && error.contains("Block 3:"),
        "{error}"
    );
    assert!(
        ws.read("math.ts").contains("a + b + 0;"),
        "the applied block is written"
    );
    insta::assert_json_snapshot!("partial_failure", report);
}

#[test]
fn total_failure_leaves_the_file_untouched() {
    let ws = Workspace::new();
    ws.write("change.diff", BAD_BLOCK);
    let before = fs::metadata(ws.path("math.ts")).unwrap().modified().unwrap();
    let out = ws.run(&["math.ts", "change.diff"], None);
    assert_eq!(code(&out), 1);
    assert_eq!(ws.read("math.ts"), ORIGINAL);
    assert_eq!(
        fs::metadata(ws.path("math.ts")).unwrap().modified().unwrap(),
        before
    );
    assert_eq!(ws.entries(), vec!["change.diff", "math.ts"]);
    insta::assert_snapshot!("total_failure_human", stdout(&out));
}

#[test]
fn dry_run_prints_content_and_writes_nothing() {
    let ws = Workspace::new();
    ws.write("change.diff", GOOD_BLOCK);
    let out = ws.run(&["math.ts", "change.diff", "--dry-run", "--format", "json"], None);
    assert_eq!(code(&out), 0);
    let report = json(&out);
    assert_eq!(
        report["content"].as_str().unwrap(),
        ORIGINAL.replace("a + b;", "a + b + 0;")
    );
    assert_eq!(ws.read("math.ts"), ORIGINAL);
    insta::assert_json_snapshot!("dry_run", report);
    let out = ws.run(&["math.ts", "change.diff", "--dry-run"], None);
    assert!(
        stdout(&out).ends_with("math.ts: 1 of 1 block applied (dry run: not written)\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn malformed_diff_exits_2_with_json() {
    let ws = Workspace::new();
    ws.write("change.diff", "<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\n");
    let out = ws.run(&["math.ts", "change.diff", "--format", "json"], None);
    assert_eq!(code(&out), 2);
    let report = json(&out);
    assert_eq!(report["success"], false);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .starts_with("malformed diff: line 3: found `>>>>>>> REPLACE`")
    );
    assert_eq!(ws.read("math.ts"), ORIGINAL);
    let out = ws.run(&["math.ts", "change.diff"], None);
    assert_eq!(code(&out), 2);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 3"));
}

#[test]
fn usage_and_io_errors_are_json_too() {
    let ws = Workspace::new();
    ws.write("change.diff", GOOD_BLOCK);
    for args in [
        &["math.ts", "change.diff", "--threshold", "1.5", "--format", "json"][..],
        &[
            "math.ts",
            "change.diff",
            "--buffer-lines",
            "many",
            "--format",
            "json",
        ],
        &["math.ts", "change.diff", "--start-line", "0", "--format", "json"],
        &["--format", "json"],
        &["missing.ts", "change.diff", "--format", "json"],
        &["math.ts", "missing.diff", "--format", "json"],
        &["--parse-only", "a", "b", "--format", "json"],
    ] {
        let out = ws.run(args, Some(""));
        assert_eq!(code(&out), 2, "{args:?}");
        let report = json(&out);
        assert_eq!(report["success"], false, "{args:?}");
        assert!(!report["error"].as_str().unwrap().is_empty(), "{args:?}");
    }
    fs::write(ws.path("binary.ts"), [0xff, 0xfe, 0x00]).unwrap();
    let out = ws.run(&["binary.ts", "change.diff", "--format", "json"], None);
    assert_eq!(code(&out), 2);
    assert!(json(&out)["error"].as_str().unwrap().contains("not UTF-8"));
    let out = ws.run(&["math.ts", "change.diff", "--format", "yaml"], None);
    assert_eq!(code(&out), 2);
}

#[test]
fn parse_only() {
    let ws = Workspace::new();
    ws.write("change.diff", &format!("{GOOD_BLOCK}\n{BAD_BLOCK}"));
    let out = ws.run(&["--parse-only", "change.diff"], None);
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out), "well-formed: 2 blocks (at lines 1, 9)\n");
    let out = ws.run(&["change.diff", "--parse-only", "--format", "json"], None);
    assert_eq!(code(&out), 0);
    insta::assert_json_snapshot!("parse_only", json(&out));
    let out = ws.run(
        &["--parse-only"],
        Some("<<<<<<< SEARCH\na\n=======\nb\n=======\n>>>>>>> REPLACE\n"),
    );
    assert_eq!(code(&out), 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 5: found `=======`"), "{stderr}");
    assert_eq!(ws.read("math.ts"), ORIGINAL);
}

#[test]
fn xml_wrapper_path_mismatch_is_a_warning() {
    let ws = Workspace::new();
    let wrapped =
        format!("<apply_diff>\n<path>src/other.ts</path>\n<diff>\n{GOOD_BLOCK}</diff>\n</apply_diff>\n");
    ws.write("call.xml", &wrapped);
    let out = ws.run(&["math.ts", "call.xml", "--format", "json"], None);
    assert_eq!(code(&out), 0);
    let report = json(&out);
    assert_eq!(
        report["warnings"][0],
        "the diff names `src/other.ts` but was applied to `math.ts` as asked"
    );
    let same = wrapped.replace("src/other.ts", "math.ts");
    ws.write("call.xml", &same);
    let out = ws.run(&["math.ts", "call.xml", "--format", "json"], None);
    assert!(json(&out).get("warnings").is_none());
}

#[test]
fn start_line_is_the_hint_for_blocks_without_one() {
    let ws = Workspace::new();
    let diff = "<<<<<<< SEARCH\nexport function\n=======\n// edited\n>>>>>>> REPLACE\n"
        .replace("export function", "}");
    ws.write("change.diff", &diff);
    let out = ws.run(&["math.ts", "change.diff", "--format", "json", "--dry-run"], None);
    assert_eq!(code(&out), 1);
    assert_eq!(json(&out)["blocks"][0]["reason"], "ambiguous");
    let out = ws.run(&["math.ts", "change.diff", "--start-line", "7"], None);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(ws.read("math.ts").ends_with("\treturn a - b;\n// edited\n"));
}

#[test]
fn crlf_and_missing_final_newline_survive() {
    let ws = Workspace::new();
    let crlf = "a\r\nb\r\nc";
    ws.write("win.txt", crlf);
    ws.write(
        "change.diff",
        "<<<<<<< SEARCH\r\nc\r\n=======\r\nC\r\nD\r\n>>>>>>> REPLACE\r\n",
    );
    let out = ws.run(&["win.txt", "change.diff"], None);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert_eq!(ws.read("win.txt"), "a\r\nb\r\nC\r\nD");
}

#[test]
fn help_mentions_every_option() {
    let out = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["apply-diff", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--threshold",
        "--buffer-lines",
        "--start-line",
        "--dry-run",
        "--format",
        "--parse-only",
    ] {
        assert!(help.contains(flag), "{flag} missing from help:\n{help}");
    }
    assert!(Path::new(env!("CARGO_BIN_EXE_autofix")).exists());
}

#[test]
fn usage_errors_are_json_too_when_json_is_asked_for() {
    let out = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["apply-diff", "a.ts", "--bogus", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(code(&out), 2);
    assert_eq!(
        json(&out),
        serde_json::json!({ "success": false, "error": "unexpected argument '--bogus' found" })
    );
}

fn error_of(out: &Output) -> String {
    json(out)["error"].as_str().unwrap_or_default().to_string()
}

#[test]
fn the_access_policy_refuses_ignored_protected_and_outside_files() {
    let ws = Workspace::new();
    fs::create_dir_all(ws.path("project/.git")).unwrap();
    fs::create_dir_all(ws.path("project/src")).unwrap();
    fs::write(ws.path("project/.git/config"), "[core]\n").unwrap();
    fs::write(ws.path("project/src/secret.ts"), ORIGINAL).unwrap();
    fs::write(ws.path("project/src/ok.ts"), ORIGINAL).unwrap();
    fs::write(ws.path("project/.aicockpitcodeignore"), "secret.ts\n").unwrap();
    std::os::unix::fs::symlink(ws.path("math.ts"), ws.path("project/src/link.ts")).unwrap();
    let project = ws.path("project");
    let run = |file: &str, diff: &str| ws.run_in(&project, &[file, "-", "--format", "json"], Some(diff));
    let core = "<<<<<<< SEARCH\n[core]\n=======\n[core]\n\tfsmonitor = evil\n>>>>>>> REPLACE\n";
    let empty_ignore = "<<<<<<< SEARCH\nsecret.ts\n=======\n\n>>>>>>> REPLACE\n";
    for (file, diff, why) in [
        (
            "src/secret.ts",
            GOOD_BLOCK,
            "access blocked by .aicockpitcodeignore (pattern `secret.ts`)",
        ),
        (".git/config", core, "never reads or writes inside .git/"),
        (
            ".aicockpitcodeignore",
            empty_ignore,
            "never changes an ignore file",
        ),
        ("../math.ts", GOOD_BLOCK, "outside the workspace"),
        ("src/link.ts", GOOD_BLOCK, "outside the workspace"),
    ] {
        let out = run(file, diff);
        assert_eq!(code(&out), 2, "{file}: {}", stdout(&out));
        let error = error_of(&out);
        assert!(error.contains(why), "{file}: {error}");
        assert!(error.contains("--unrestricted"), "says how to proceed: {error}");
    }
    assert_eq!(
        fs::read_to_string(ws.path("project/.git/config")).unwrap(),
        "[core]\n"
    );
    assert_eq!(
        fs::read_to_string(ws.path("project/.aicockpitcodeignore")).unwrap(),
        "secret.ts\n"
    );
    assert_eq!(ws.read("math.ts"), ORIGINAL);
    // Inside and allowed.
    assert_eq!(code(&run("src/ok.ts", GOOD_BLOCK)), 0);
    // The explicit ways out: another root, or no policy at all.
    let out = ws.run_in(&project, &["../math.ts", "-", "--root", ".."], Some(GOOD_BLOCK));
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let out = ws.run_in(
        &project,
        &["src/secret.ts", "-", "--unrestricted"],
        Some(GOOD_BLOCK),
    );
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn a_fifo_target_is_refused_at_once_and_a_diff_may_come_from_a_pipe() {
    let ws = Workspace::new();
    let fifo = ws.path("pipe.ts");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let started = std::time::Instant::now();
    let out = ws.run(&["pipe.ts", "-", "--format", "json"], Some(GOOD_BLOCK));
    assert_eq!(code(&out), 2);
    assert!(
        error_of(&out).contains("not a regular file (a FIFO)"),
        "{}",
        stdout(&out)
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // The diff itself may come from a pipe (`<(generate-diff)`).
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, GOOD_BLOCK).unwrap())
    };
    let out = ws.run(&["math.ts", "pipe.ts"], None);
    writer.join().unwrap();
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn consecutive_failures_are_counted_across_runs_and_reset_by_a_success() {
    let ws = Workspace::new();
    let fail = || ws.run(&["math.ts", "-", "--format", "json"], Some(BAD_BLOCK));
    assert!(!error_of(&fail()).contains("in a row"));
    let dry = ws.run(
        &["math.ts", "-", "--format", "json", "--dry-run"],
        Some(BAD_BLOCK),
    );
    assert!(
        !error_of(&dry).contains("in a row"),
        "a dry run is not an attempt"
    );
    let second = error_of(&fail());
    assert!(second.contains("failure number 2 in a row"), "{second}");
    assert!(error_of(&fail()).contains("failure number 3 in a row"));
    assert_eq!(code(&ws.run(&["math.ts", "-"], Some(GOOD_BLOCK))), 0);
    assert!(!error_of(&fail()).contains("in a row"), "a success starts again");
    // The counts live in the user's state folder, not in the project.
    assert!(ws.state.path().join("autofix/apply-diff-failures.json").is_file());
    assert_eq!(ws.entries(), vec!["math.ts"]);
}
