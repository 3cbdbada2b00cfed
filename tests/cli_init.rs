//! `autofix init` on real folders: fresh projects, configs people wrote (comments, other keys,
//! their formatting), a second run, a dry run, and the files it must refuse.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn init(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("init")
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

fn git_project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::workspace(files);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    (dir, root)
}

const CLAUDE_MCP: &str = r#"{
  "mcpServers": {
    "autofix": {
      "command": "autofix",
      "args": ["mcp"]
    }
  }
}
"#;

const CLAUDE_SETTINGS: &str = r#"{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit|MultiEdit",
        "hooks": [
          {
            "type": "command",
            "command": "autofix hook"
          }
        ]
      }
    ]
  }
}
"#;

const VSCODE_MCP: &str = r#"{
  "servers": {
    "autofix": {
      "type": "stdio",
      "command": "autofix",
      "args": ["mcp"]
    }
  }
}
"#;

#[test]
fn a_fresh_project_gets_every_file_and_a_second_run_changes_nothing() {
    let (_dir, root) = git_project(&[]);
    let out = init(
        &root,
        &["--agent", "claude", "--agent", "vscode", "--agent", "cursor"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "created .mcp.json\ncreated .claude/settings.json\ncreated .vscode/mcp.json\ncreated .cursor/mcp.json\nautofix is set up for claude, vscode, cursor\n"
    );
    assert_eq!(read(&root, ".mcp.json"), CLAUDE_MCP);
    assert_eq!(read(&root, ".claude/settings.json"), CLAUDE_SETTINGS);
    assert_eq!(read(&root, ".vscode/mcp.json"), VSCODE_MCP);
    assert_eq!(read(&root, ".cursor/mcp.json"), CLAUDE_MCP);
    for file in [
        ".mcp.json",
        ".claude/settings.json",
        ".vscode/mcp.json",
        ".cursor/mcp.json",
    ] {
        let value: serde_json::Value = serde_json::from_str(&read(&root, file)).unwrap();
        assert!(value.is_object(), "{file} is plain JSON");
    }

    let before = std::fs::metadata(root.join(".mcp.json"))
        .unwrap()
        .modified()
        .unwrap();
    // Without --agent: the folders created by the first run say which agents are there.
    let again = init(&root, &[]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(
        stdout(&again),
        "nothing to change: autofix is already set up for claude, vscode, cursor\n"
    );
    let after = std::fs::metadata(root.join(".mcp.json"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "nothing is written");
}

#[test]
fn agents_are_found_by_their_folders_and_none_is_an_error_naming_the_flags() {
    let (_dir, root) = git_project(&[]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("--agent claude, --agent vscode, --agent cursor"),
        "{err}"
    );
    assert!(
        std::fs::read_dir(&root).unwrap().count() == 1,
        "nothing written besides .git"
    );

    std::fs::create_dir(root.join(".cursor")).unwrap();
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "created .cursor/mcp.json\nautofix is set up for cursor\n"
    );
    assert!(!root.join(".mcp.json").exists() && !root.join(".vscode").exists());
}

#[test]
fn init_from_a_subfolder_sets_up_the_project_root() {
    let (_dir, root) = git_project(&[("src/deep/a.ts", "")]);
    let out = init(&root.join("src/deep"), &["--agent", "cursor"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(root.join(".cursor/mcp.json").is_file());
}

const SETTINGS_WITH_COMMENTS: &str = "{\n\t// team settings: keep this comment\n\t\"permissions\": { \"allow\": [\"Bash(npm test)\"] },\n\t\"hooks\": {\n\t\t\"PostToolUse\": [\n\t\t\t{ \"matcher\": \"Bash\", \"hooks\": [{ \"type\": \"command\", \"command\": \"echo hi\" }] }, // keep\n\t\t],\n\t},\n\t/* trailing block comment */\n}\n";

#[test]
fn existing_configs_keep_every_key_comment_and_byte_outside_what_is_added() {
    let mcp = "{\n    // servers of the team\n    \"mcpServers\": {\n        \"github\": { \"command\": \"gh-mcp\", \"args\": [] }\n    },\n    \"other\": 1\n}\n";
    let (_dir, root) = git_project(&[
        (".claude/settings.json", SETTINGS_WITH_COMMENTS),
        (".mcp.json", mcp),
    ]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "updated .mcp.json\nupdated .claude/settings.json\nautofix is set up for claude\n"
    );
    let settings = read(&root, ".claude/settings.json");
    let added = "\t\t\t{\n\t\t\t\t\"matcher\": \"Write|Edit|MultiEdit\",\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"autofix hook\",\n\t\t\t\t\t},\n\t\t\t\t],\n\t\t\t},\n";
    assert!(
        settings.contains(added),
        "in the file's style (tabs, trailing commas):\n{settings}"
    );
    assert_eq!(
        settings.replacen(added, "", 1),
        SETTINGS_WITH_COMMENTS,
        "byte for byte outside the addition"
    );

    let merged = read(&root, ".mcp.json");
    // The one change to an existing line: the comma the new entry needs.
    let expected = mcp.replace(
        "\"args\": [] }\n",
        "\"args\": [] },\n        \"autofix\": {\n            \"command\": \"autofix\",\n            \"args\": [\"mcp\"]\n        }\n",
    );
    assert_eq!(merged, expected);
    assert_eq!(
        stdout(&init(&root, &[])),
        "nothing to change: autofix is already set up for claude\n"
    );
}

#[test]
fn a_dry_run_prints_the_lines_and_writes_nothing() {
    let (_dir, root) = git_project(&[(".claude/settings.json", SETTINGS_WITH_COMMENTS)]);
    let out = init(&root, &["--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    insta::assert_snapshot!("dry_run", stdout(&out));
    assert!(!root.join(".mcp.json").exists());
    assert_eq!(read(&root, ".claude/settings.json"), SETTINGS_WITH_COMMENTS);
}

#[test]
fn a_config_that_does_not_parse_is_named_and_nothing_is_written() {
    let (_dir, root) = git_project(&[
        (".vscode/mcp.json", "{\n  \"servers\": {\n    \"a\": \n}\n"),
        (".claude/x", ""),
    ]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("autofix init: .vscode/mcp.json:4:1: "), "{err}");
    assert!(err.contains("it is not changed"), "{err}");
    assert_eq!(
        read(&root, ".vscode/mcp.json"),
        "{\n  \"servers\": {\n    \"a\": \n}\n"
    );
    assert!(
        !root.join(".mcp.json").exists(),
        "no file is written when one fails"
    );

    let (_dir, root) = git_project(&[(".cursor/mcp.json", "[1, 2]\n")]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(".cursor/mcp.json: not a JSON object"),
        "{}",
        stderr(&out)
    );
    let (_dir, root) = git_project(&[(".cursor/mcp.json", "{\"mcpServers\": []}\n")]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`mcpServers` is not an object"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_autofix_entry_written_differently_is_left_and_reported() {
    let mine = "{\n  \"mcpServers\": {\n    \"autofix\": { \"command\": \"/opt/old/autofix-server\", \"args\": [\"--stdio\"] }\n  }\n}\n";
    let (_dir, root) = git_project(&[(".cursor/mcp.json", mine)]);
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&root, ".cursor/mcp.json"), mine);
    assert!(
        stderr(&out).contains(
            "`mcpServers.autofix` already runs `/opt/old/autofix-server --stdio` — left as you wrote it"
        ),
        "{}",
        stderr(&out)
    );
    // A full path to autofix running `mcp` is autofix: nothing to report.
    let path = "{\"mcpServers\": {\"autofix\": {\"command\": \"/home/me/.cargo/bin/autofix\", \"args\": [\"mcp\"]}}}\n";
    std::fs::write(root.join(".cursor/mcp.json"), path).unwrap();
    let out = init(&root, &[]);
    assert_eq!(
        (stdout(&out).as_str(), stderr(&out).as_str()),
        ("nothing to change: autofix is already set up for cursor\n", "")
    );
}

#[test]
fn a_config_that_links_out_of_the_project_is_refused() {
    let (_dir, root) = git_project(&[]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("mcp.json"), "{}\n").unwrap();
    std::fs::create_dir(root.join(".cursor")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("mcp.json"), root.join(".cursor/mcp.json")).unwrap();
    let out = init(&root, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("outside the workspace"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(outside.path().join("mcp.json")).unwrap(),
        "{}\n"
    );

    // A whole agent folder linked out: a new file would land outside.
    let (_dir, root) = git_project(&[]);
    std::os::unix::fs::symlink(outside.path(), root.join(".vscode")).unwrap();
    let out = init(&root, &["--agent", "vscode"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("outside the workspace"), "{}", stderr(&out));
    assert!(!outside.path().join("mcp.json").exists() || read(outside.path(), "mcp.json") == "{}\n");
}

#[test]
fn an_ignored_config_is_refused() {
    let (_dir, root) = git_project(&[(".aicockpitcodeignore", ".claude/\n")]);
    let out = init(&root, &["--agent", "claude"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("access blocked"), "{}", stderr(&out));
    assert!(!root.join(".mcp.json").exists());
}

#[test]
fn help_lists_the_agents() {
    let out = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["init", "--help"])
        .output()
        .unwrap();
    let help = stdout(&out);
    for name in ["claude", "vscode", "cursor", "--dry-run"] {
        assert!(help.contains(name), "{help}");
    }
}
