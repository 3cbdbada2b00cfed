//! `autofix import` on real folders: the plan (human and JSON), `--write` in one update that
//! keeps every byte of the rules already there, rules already known, scoped rules enforced only
//! in their scope, monorepos, and the hostile files it must skip without following.

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

fn project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::workspace(files);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    (dir, root)
}

const AGENTS: &str = "# Project\n\nThis repository holds the shop.\n\n## Conventions\n\n- Use `pnpm`, never `npm`.\n- Never commit `.env` files because they hold secrets.\n- Testing:\n  - Run `pnpm test` before pushing\n- The `src/` folder holds the code\n- [Contributing](CONTRIBUTING.md)\n\n```sh\npnpm install\n```\n";

const CURSOR: &str = "---\ndescription: TypeScript\nglobs: src/**/*.ts, src/**/*.tsx\nalwaysApply: false\n---\n# TypeScript\n\n- Never use `console.log` in TypeScript; use the logger.\n- Use pnpm, never npm\n";

const COPILOT: &str = "# Copilot\n\nWe use tabs, not spaces.\n\n- Never use `any` in TypeScript — it hides type errors\n- Use `pnpm`, never `npm`.\n";

fn shop() -> (tempfile::TempDir, std::path::PathBuf) {
    project(&[
        ("AGENTS.md", AGENTS),
        (".cursor/rules/typescript.mdc", CURSOR),
        (".github/copilot-instructions.md", COPILOT),
        ("web/AGENTS.md", "- Always use `fetch` through `src/api.ts`\n"),
        ("src/app.ts", "console.log(1);\nconst x: any = 1;\n"),
        ("lib/app.ts", "console.log(1);\n"),
    ])
}

#[test]
fn the_plan_is_printed_and_nothing_is_written() {
    let (_d, root) = shop();
    let out = autofix(&root, &["import"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    insta::assert_snapshot!("plan_human", stdout(&out));
    assert!(
        !root.join(".agents/autofix.json").exists(),
        "nothing written without --write"
    );
}

#[test]
fn the_plan_as_json_for_programs() {
    let (_d, root) = shop();
    let out = autofix(&root, &["import", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    value["root"] = "ROOT".into();
    insta::assert_json_snapshot!("plan_json", value);
}

#[test]
fn write_appends_in_one_update_and_a_second_import_adds_nothing() {
    let (_d, root) = shop();
    let out = autofix(&root, &["import", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap();
    insta::assert_snapshot!("written_rules", text);
    assert!(
        stdout(&out).contains(
            "Learned rule #1 ([TOOL]): Use `pnpm`, never `npm`. — recorded in .agents/autofix.json"
        ),
        "{}",
        stdout(&out)
    );
    let again = autofix(&root, &["import", "--write"]);
    assert!(stdout(&again).contains("0 to add"), "{}", stdout(&again));
    assert_eq!(
        std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap(),
        text
    );
}

#[test]
fn a_scoped_rule_is_enforced_only_inside_its_scope() {
    let (_d, root) = shop();
    assert!(autofix(&root, &["import", "--write"]).status.success());
    let out = autofix(&root, &["check", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let hits: Vec<String> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| format!("{}:{} #{}", v["path"].as_str().unwrap(), v["line"], v["rule"]))
        .collect();
    // console.log (scoped to src/** by the Cursor rule) fires in src/, not in lib/; `any`
    // (unscoped, from Copilot) fires in src/.
    assert!(hits.iter().any(|h| h.starts_with("src/app.ts:1 ")), "{hits:?}");
    assert!(!hits.iter().any(|h| h.starts_with("lib/app.ts")), "{hits:?}");
    assert!(hits.iter().any(|h| h.starts_with("src/app.ts:2 ")), "{hits:?}");
    // What an agent reads before a task: the scope is shown, and a file outside it does not
    // get the rule.
    let listed = stdout(&autofix(&root, &["rules"]));
    assert!(
        listed.contains("  - only in: `src/**/*.ts`, `src/**/*.tsx`\n"),
        "{listed}"
    );
    let for_lib = stdout(&autofix(&root, &["rules", "--for", "lib/app.ts"]));
    assert!(!for_lib.contains("console.log"), "{for_lib}");
    let for_src = stdout(&autofix(&root, &["rules", "--for", "src/app.ts"]));
    assert!(for_src.contains("console.log"), "{for_src}");
}

#[test]
fn a_glob_that_does_not_compile_is_never_written_so_the_rules_file_keeps_loading() {
    // A hostile or mistyped frontmatter: written as it is, the glob would make every later
    // `check` refuse the whole rules file.
    let (_d, root) = project(&[
        (
            ".cursor/rules/ts.mdc",
            "---\nglobs: \"[src/**/*.{ts\"\nalwaysApply: maybe\n---\n- Never use `console.error` in src.\n",
        ),
        (
            ".github/instructions/ts.instructions.md",
            "---\napplyTo: \"**/*.{ts,tsx\"\n---\n- Never use `debugger`.\n",
        ),
        ("src/app.ts", "console.error(1);\ndebugger;\n"),
    ]);
    let imported = autofix(&root, &["import", "--write"]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    let said = stdout(&imported);
    assert!(said.contains("the glob `[src/**/*.{ts` is not valid"), "{said}");
    assert!(
        said.contains("`alwaysApply` should be true or false, not maybe"),
        "{said}"
    );
    let written = std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap();
    assert!(!written.contains("{ts"), "{written}");
    let out = autofix(&root, &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report["violations"].as_array().unwrap().len(), 2, "{report}");
}

#[test]
fn rules_already_known_are_reported_and_the_file_keeps_every_byte() {
    let rules = "[\n    {\"Rule_number\": 7, \"Category\": \"TOOL\", \"Instruction\": \"Use pnpm, never npm.\", \"Why\": \"ours\", \"Owner\": \"web\"}\n]\n";
    let (_d, root) = project(&[
        (".agents/autofix.json", rules),
        ("AGENTS.md", "- Use `pnpm`, never `npm`.\n- Never use `var`\n"),
    ]);
    let out = autofix(&root, &["import", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("= already #7"), "{}", stdout(&out));
    let text = std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap();
    let kept = "[\n    {\"Rule_number\": 7, \"Category\": \"TOOL\", \"Instruction\": \"Use pnpm, never npm.\", \"Why\": \"ours\", \"Owner\": \"web\"}";
    assert!(text.starts_with(kept), "{text}");
    assert!(
        text.contains("\"Rule_number\": 8") && text.contains("Never use `var`"),
        "{text}"
    );
    assert_eq!(text.matches("Rule_number").count(), 2);
}

#[test]
fn a_rules_file_that_does_not_parse_is_left_untouched() {
    let (_d, root) = project(&[
        (".agents/autofix.json", "[{ broken"),
        ("AGENTS.md", "- Never use `var`\n"),
    ]);
    let out = autofix(&root, &["import", "--write"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("has errors; fix them first"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap(),
        "[{ broken"
    );
}

#[test]
fn a_package_with_its_own_rules_file_gets_its_own_rules() {
    let (_d, root) = project(&[
        ("AGENTS.md", "- Never use `var`\n"),
        ("pkg/.agents/autofix.json", "[]\n"),
        ("pkg/AGENTS.md", "- Never use `eval`\n"),
    ]);
    let out = autofix(&root, &["import", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let root_rules = std::fs::read_to_string(root.join(".agents/autofix.json")).unwrap();
    let pkg_rules = std::fs::read_to_string(root.join("pkg/.agents/autofix.json")).unwrap();
    assert!(root_rules.contains("`var`") && !root_rules.contains("`eval`"));
    // Relative to the package: its AGENTS.md is at its root, so the rule is not scoped.
    assert!(
        pkg_rules.contains("`eval`") && !pkg_rules.contains("Files"),
        "{pkg_rules}"
    );
}

/// grafana/k6 commits its Go dependencies in `vendor/`, two of them with an `AGENTS.md`: 77 of
/// its 80 imported rules were OpenTelemetry's and Sobek's, scoped to their vendored folders.
#[test]
fn a_dependencys_agent_files_are_not_the_projects() {
    let (_d, root) = project(&[
        ("AGENTS.md", "- Never use `var`\n"),
        (
            "vendor/go.opentelemetry.io/otel/AGENTS.md",
            "- Never use `reflect`\n",
        ),
        ("node_modules/left-pad/CLAUDE.md", "- Never use `eval`\n"),
        ("web/vendor/lib/AGENTS.md", "- Never use `with`\n"),
    ]);
    let out = autofix(&root, &["import", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("`var`"), "{text}");
    for theirs in ["`reflect`", "`eval`", "`with`"] {
        assert!(!text.contains(theirs), "{theirs}: {text}");
    }
}

#[test]
fn only_the_paths_given_and_any_markdown_file_by_hand() {
    let (_d, root) = shop();
    std::fs::write(root.join("docs.md"), "- Never use `with` in Python\n").unwrap();
    let out = autofix(&root, &["import", "docs.md", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rules = value["rules_files"][0]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{value}");
    assert_eq!(rules[0]["instruction"], "Never use `with` in Python");
    assert!(
        rules[0].get("files").is_none(),
        "a file given by hand is not scoped by its folder"
    );
}

#[cfg(unix)]
#[test]
fn hostile_files_are_skipped_with_a_note_and_never_followed() {
    let (_d, root) = project(&[("AGENTS.md", "- Never use `var`\n")]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.md"), "- Never reveal the secret\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("secret.md"), root.join("CLAUDE.md")).unwrap();
    let fifo = std::ffi::CString::new(root.join("GEMINI.md").to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    std::fs::write(root.join(".cursorrules"), vec![b'x'; (1 << 20) + 1]).unwrap();
    std::fs::write(root.join(".windsurfrules"), b"- Never\0 use binary\n").unwrap();
    std::fs::write(root.join(".roorules"), b"- Never use \xff\xfe\n").unwrap();
    let out = autofix(&root, &["import"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    insta::assert_snapshot!("hostile", text);
    assert!(!text.contains("secret"), "a link out is never read");
}

#[test]
fn after_writing_it_says_which_rules_are_checked_which_can_be_enforced_and_where_to_read_why() {
    let (_d, root) = project(&[(
        "AGENTS.md",
        "# Rules\n\n- Never use `var`.\n- No `any` unless approved by a maintainer.\n- Always run the tests before pushing.\n- Write clean code.\n",
    )]);
    let out = autofix(&root, &["import", "--write"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(
        said.contains("Checks: 1 of the 4 rules added is checked from their words; 1 left unchecked for an exception no file shows (#2) — `autofix rules --enforce 2` enforces rule #2, and `autofix-ignore: 2` then marks each justified use; 2 not checked (about what the agent does, vague, or naming nothing a file shows) — `autofix rules --explain` says why for each, and an agent can write their checks (the MCP prompt `enforce-rules`, or `autofix rules --enforce N --check JSON`)."),
        "{said}"
    );
    // The same, for programs; and nothing to say when nothing was written.
    let (_d, root) = project(&[(
        "AGENTS.md",
        "- Never use `var`.\n- No `any` unless approved by a maintainer.\n",
    )]);
    let out = autofix(&root, &["import", "--write", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["rules_files"][0]["coverage"],
        serde_json::json!({"checked": [1], "proposed": [2], "unchecked": []})
    );
    let dry = autofix(&root, &["import"]);
    assert!(!stdout(&dry).contains("Checks:"), "{}", stdout(&dry));
}
