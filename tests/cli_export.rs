//! `autofix export` on real folders: the files each agent gets, the user's text kept byte for
//! byte around autofix's section, a second export that changes nothing, `--check` (stale or
//! current), a section edited by hand, stale and foreign generated files, monorepos, and the
//! hostile files it must leave alone.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn autofix(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "TOOL", "Instruction": "Use npm for installs.", "Why": "old habit"},
  {"Rule_number": 2, "Category": "TOOL", "Instruction": "Use pnpm instead of npm.", "Why": "replaces rule 1: faster installs"},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "prevents runtime errors",
   "Check": {"Files": ["src/**/*.ts"], "Pattern": ":\\s*any\\b"}},
  {"Rule_number": 4, "Category": "ARCH", "Instruction": "Always call the API through `src/api.ts`.", "Why": "one place for auth",
   "Check": {"Files": ["web/**"]}}
]
"#;

const USER_AGENTS: &str = "# Our agents file\n\nWritten by people, for people.\n\n- Be kind in reviews\n";

fn project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::workspace(files);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    (dir, root)
}

fn shop() -> (tempfile::TempDir, std::path::PathBuf) {
    project(&[
        (".agents/autofix.json", RULES),
        ("AGENTS.md", USER_AGENTS),
        (
            ".cursor/rules/mine.mdc",
            "---\nalwaysApply: true\n---\n- My own rule\n",
        ),
        (".github/copilot-instructions.md", "Copilot, read this.\r\n"),
    ])
}

#[test]
fn each_agent_gets_its_files_and_the_user_s_text_stays() {
    let (_d, root) = shop();
    let out = autofix(&root, &["export"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    insta::assert_snapshot!("export_first", stdout(&out));
    let agents = read(&root, "AGENTS.md");
    assert!(agents.starts_with(USER_AGENTS), "the user's text, byte for byte");
    insta::assert_snapshot!("agents_md", agents);
    insta::assert_snapshot!("cursor_scoped", read(&root, ".cursor/rules/autofix-src-ts.mdc"));
    insta::assert_snapshot!(
        "copilot_scoped",
        read(&root, ".github/instructions/autofix-web.instructions.md")
    );
    // Superseded rules are left out; scoped ones only in the scoped files.
    assert!(!agents.contains("Use npm for installs"));
    assert!(!agents.contains("`any`") && !agents.contains("src/api.ts"));
    // CRLF stays CRLF, the user's line untouched.
    let copilot = read(&root, ".github/copilot-instructions.md");
    assert!(copilot.starts_with("Copilot, read this.\r\n\r\n<!-- autofix:begin"));
    assert!(
        !copilot.replace("\r\n", "").contains('\n'),
        "one kind of line end"
    );
    assert_eq!(
        read(&root, ".cursor/rules/mine.mdc"),
        "---\nalwaysApply: true\n---\n- My own rule\n"
    );
}

#[test]
fn a_second_export_changes_nothing_and_check_says_current() {
    let (_d, root) = shop();
    assert!(autofix(&root, &["export"]).status.success());
    let before = read(&root, "AGENTS.md");
    let again = autofix(&root, &["export"]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(stdout(&again), "nothing to change: the agent files are current\n");
    assert_eq!(read(&root, "AGENTS.md"), before);
    let check = autofix(&root, &["export", "--check"]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert_eq!(stdout(&check), "the agent files are current\n");
}

#[test]
fn check_prints_the_diff_when_an_export_is_stale_and_writes_nothing() {
    let (_d, root) = shop();
    assert!(autofix(&root, &["export"]).status.success());
    let learned = autofix(
        &root,
        &[
            "learn",
            "STYLE",
            "Use tabs for indentation.",
            "--why",
            "team choice",
        ],
    );
    assert!(learned.status.success(), "{}", stderr(&learned));
    let before = read(&root, "AGENTS.md");
    let check = autofix(&root, &["export", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(stderr(&check).contains("stale"), "{}", stderr(&check));
    let diff = stdout(&check);
    assert!(diff.contains("--- a/AGENTS.md\n+++ b/AGENTS.md\n"), "{diff}");
    assert!(
        diff.contains("+- [STYLE] Use tabs for indentation.\n+  - Why: team choice\n"),
        "{diff}"
    );
    assert_eq!(read(&root, "AGENTS.md"), before, "--check writes nothing");
}

#[test]
fn a_section_edited_by_hand_is_reported_and_left_alone_unless_forced() {
    let (_d, root) = shop();
    assert!(autofix(&root, &["export"]).status.success());
    let edited = read(&root, "AGENTS.md").replace("- [TOOL] Use pnpm", "- [TOOL] Use yarn");
    std::fs::write(root.join("AGENTS.md"), &edited).unwrap();
    autofix(
        &root,
        &[
            "learn",
            "STYLE",
            "Use tabs for indentation.",
            "--why",
            "team choice",
        ],
    );
    let out = autofix(&root, &["export"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("left alone: AGENTS.md: the autofix section was edited by hand"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(&root, "AGENTS.md"), edited, "not clobbered");
    let forced = autofix(&root, &["export", "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    let now = read(&root, "AGENTS.md");
    assert!(now.contains("Use pnpm") && !now.contains("Use yarn") && now.contains("Use tabs"));
    assert!(now.starts_with(USER_AGENTS));
}

#[test]
fn stale_generated_files_go_and_other_files_stay() {
    let (_d, root) = shop();
    assert!(autofix(&root, &["export"]).status.success());
    assert!(root.join(".cursor/rules/autofix-web.mdc").exists());
    // Someone's own file with a generated-looking name: no autofix marker, never touched.
    std::fs::write(root.join(".cursor/rules/autofix-mine.mdc"), "- mine\n").unwrap();
    // Rule 4 loses its scope: its generated files are stale.
    let rules = read(&root, ".agents/autofix.json").replace(",\n   \"Check\": {\"Files\": [\"web/**\"]}", "");
    std::fs::write(root.join(".agents/autofix.json"), rules).unwrap();
    let out = autofix(&root, &["export"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("removed .cursor/rules/autofix-web.mdc"),
        "{}",
        stdout(&out)
    );
    assert!(!root.join(".cursor/rules/autofix-web.mdc").exists());
    assert!(
        !root
            .join(".github/instructions/autofix-web.instructions.md")
            .exists()
    );
    assert_eq!(read(&root, ".cursor/rules/autofix-mine.mdc"), "- mine\n");
    assert!(
        read(&root, "AGENTS.md").contains("src/api.ts"),
        "now in the shared section"
    );
}

#[test]
fn agents_can_be_named_and_a_project_without_any_is_told_how() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES)]);
    let none = autofix(&root, &["export"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        stderr(&none).contains("name the agents with --agent"),
        "{}",
        stderr(&none)
    );
    let out = autofix(&root, &["export", "--agent", "gemini", "--agent", "kiro"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "created GEMINI.md\ncreated .kiro/steering/autofix.md\ncreated .kiro/steering/autofix-web.md\ncreated .kiro/steering/autofix-src-ts.md\n"
    );
    assert!(
        read(&root, ".kiro/steering/autofix-web.md")
            .starts_with("---\ninclusion: fileMatch\nfileMatchPattern: \"web/**\"\n---\n")
    );
}

#[test]
fn each_package_exports_next_to_its_rules_file() {
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("AGENTS.md", ""),
        (
            "pkg/.agents/autofix.json",
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `eval`.", "Why": "security"}]"#,
        ),
    ]);
    let out = autofix(&root, &["export"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let pkg = read(&root, "pkg/AGENTS.md");
    assert!(pkg.contains("Never use `eval`") && !pkg.contains("pnpm"), "{pkg}");
    assert!(pkg.contains("These rules come from .agents/autofix.json"));
    assert!(!read(&root, "AGENTS.md").contains("eval"));
}

#[test]
fn export_then_import_gives_back_the_same_rules() {
    let (_d, root) = shop();
    assert!(
        autofix(
            &root,
            &[
                "export", "--agent", "agents", "--agent", "cursor", "--agent", "claude"
            ]
        )
        .status
        .success()
    );
    let out = autofix(&root, &["import", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rules = value["rules_files"][0]["rules"].as_array().unwrap();
    let mine: Vec<_> = rules
        .iter()
        // The user's own rules around autofix's parts are new; every exported one is known.
        .filter(|r| r["instruction"] != "My own rule" && r["instruction"] != "Be kind in reviews")
        .collect();
    assert!(mine.iter().all(|r| r["status"] == "already"), "{rules:#?}");
    let numbers: std::collections::BTreeSet<u64> = mine.iter().map(|r| r["rule"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [2, 3, 4].into(), "every active rule, and only those");
}

#[cfg(unix)]
#[test]
fn hostile_targets_are_left_alone() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES)]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("theirs.md"), "theirs\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("theirs.md"), root.join("AGENTS.md")).unwrap();
    let fifo = std::ffi::CString::new(root.join("GEMINI.md").to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    let huge = vec![b'x'; (1 << 20) + 1];
    std::fs::write(root.join("CLAUDE.md"), &huge).unwrap();
    let out = autofix(
        &root,
        &[
            "export", "--agent", "agents", "--agent", "gemini", "--agent", "claude",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("left alone: CLAUDE.md") && err.contains("too large"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(root.join("CLAUDE.md")).unwrap(),
        huge,
        "not rewritten"
    );
    assert!(
        err.contains("left alone: AGENTS.md") && err.contains("outside the workspace"),
        "{err}"
    );
    assert!(
        err.contains("left alone: GEMINI.md") && err.contains("FIFO"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(outside.path().join("theirs.md")).unwrap(),
        "theirs\n"
    );
}

#[test]
fn broken_markers_are_reported_not_guessed() {
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("AGENTS.md", "mine\n<!-- autofix:begin -->\nno end\n"),
    ]);
    let out = autofix(&root, &["export"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("has no `<!-- autofix:end -->` after it"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(&root, "AGENTS.md"), "mine\n<!-- autofix:begin -->\nno end\n");
}
