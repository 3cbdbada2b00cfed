//! `autofix check` as a user runs it: the built binary on temporary workspaces, asserting
//! output, JSON shape and exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn autofix(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(args)
        .current_dir(cwd)
        .env_remove("NO_COLOR")
        .env("LANG", "C")
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, content) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn demo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/demo"),
        dir.path(),
    );
    dir
}

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "type safety",
   "Check": {"Files": ["*.ts"], "Pattern": ":\\s*any\\b", "Fix": ": unknown"}}
]"#;

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("stdout is JSON ({e}): {}", stdout(o)))
}

#[test]
fn demo_human_output_lists_every_planted_violation_with_a_code_frame() {
    let dir = demo();
    let out = autofix(dir.path(), &["check", "--no-inferred"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        !stdout(&out).contains('\u{1b}'),
        "no colours when stdout is not a terminal"
    );
    insta::assert_snapshot!("demo_human", stdout(&out));
}

#[test]
fn demo_sarif_is_valid_for_code_scanning() {
    let dir = demo();
    let out = autofix(dir.path(), &["check", "--no-inferred", "--format", "sarif"]);
    assert_eq!(out.status.code(), Some(1));
    let sarif = json(&out);
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(sarif["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(
            rules[index]["id"], result["ruleId"],
            "ruleIndex points at its rule"
        );
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().unwrap() >= 1 && region["startColumn"].as_u64().unwrap() >= 1);
        assert!(["error", "warning", "note"].contains(&result["level"].as_str().unwrap()));
    }
    let mut sarif = sarif;
    sarif["runs"][0]["tool"]["driver"]["version"] = "[version]".into();
    insta::assert_json_snapshot!("demo_sarif", sarif);
}

#[test]
fn json_output_has_the_documented_shape_and_one_based_character_columns() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", RULES),
            ("src/a.ts", "// 😀 世界\nconst x: any = 1;\n"),
        ],
    );
    let out = autofix(dir.path(), &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(report["rules_files"], serde_json::json!(["autofix.json"]));
    assert_eq!(report["files_checked"], 1);
    assert_eq!(
        report["violations"][0],
        serde_json::json!({
            "path": "src/a.ts", "line": 2, "column": 8, "end_line": 2, "end_column": 13,
            "rule": 1, "category": "CODE", "severity": "warning",
            "message": "Never use `any` in TypeScript - use `unknown`.", "inferred": false, "fix": ": unknown"
        })
    );
}

#[test]
fn a_byte_order_mark_is_neither_shown_nor_counted_and_survives_a_fix() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[("autofix.json", RULES), ("src/a.ts", "\u{FEFF}let x: any = 1;\n")],
    );
    let out = autofix(dir.path(), &["check", "--format", "json"]);
    let v = &json(&out)["violations"][0];
    assert_eq!((v["line"].as_u64(), v["column"].as_u64()), (Some(1), Some(6)));
    let human = stdout(&autofix(dir.path(), &["check", "--color", "never"]));
    assert!(human.contains("src/a.ts:1:6:"), "{human}");
    assert!(human.contains("1 | let x: any = 1;"), "{human}");
    assert!(!human.contains('\u{FEFF}'), "{human}");
    autofix(dir.path(), &["check", "--fix"]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("src/a.ts")).unwrap(),
        "\u{FEFF}let x: unknown = 1;\n"
    );
}

#[test]
fn a_clean_tree_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[("autofix.json", RULES), ("src/a.ts", "const x: unknown = 1;\n")],
    );
    let out = autofix(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "All clear: no violations in 1 file checked.\n");
}

#[test]
fn fix_repairs_the_fixable_and_reports_the_rest() {
    let dir = demo();
    let out = autofix(
        dir.path(),
        &["check", "--no-inferred", "--fix", "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(1), "unfixable violations remain");
    let remaining = json(&out)["violations"].as_array().unwrap().clone();
    assert!(remaining.iter().all(|v| v["fix"].is_null()), "{remaining:?}");
    let read = |p: &str| std::fs::read_to_string(dir.path().join(p)).unwrap();
    assert!(read("src/components/Button.tsx").contains("export function Button("));
    assert!(read("src/lib/format.ts").contains("export function parse(raw: string): unknown {"));
    assert!(
        read("src/lib/format.ts").contains("parseLegacy(raw: string): any {"),
        "suppressed lines are left alone"
    );
    assert_eq!(
        read("scripts/setup.sh"),
        "#!/bin/sh\nset -e\npnpm install\npnpm run build\n"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("scripts/setup.sh"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o111, 0o111, "the script stays executable");
    }
    let again = autofix(dir.path(), &["check", "--no-inferred", "--fix"]);
    assert!(
        stdout(&again).contains("Found 7 violations"),
        "{}",
        stdout(&again)
    );
    assert!(!stdout(&again).contains("Fixed"), "nothing left to fix");
}

#[test]
fn root_with_only_its_rules_file_is_a_clean_run() {
    // A new project: `autofix learn` wrote the rules file, nothing else is there yet.
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES)]);
    let out = autofix(dir.path(), &["check", "--root", ".", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("no violations"), "{}", stdout(&out));
    // Its rules file broken: that is still the error, named.
    write(dir.path(), &[("autofix.json", "[")]);
    let out = autofix(dir.path(), &["check", "--root", ".", "."]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("autofix.json:1:1"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn root_whose_rules_file_is_a_fifo_or_a_link_out_is_refused_not_read() {
    // A hostile checkout: `--root` now loads its rules file even with nothing to check, so that
    // load must refuse a FIFO (no hang) and a link out of the folder (nothing read).
    let fifo = tempfile::tempdir().unwrap();
    let status = Command::new("mkfifo")
        .arg(fifo.path().join("autofix.json"))
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let out = autofix(fifo.path(), &["check", "--root", ".", "."]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));

    let link = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    write(outside.path(), &[("autofix.json", RULES)]);
    std::os::unix::fs::symlink(
        outside.path().join("autofix.json"),
        link.path().join("autofix.json"),
    )
    .unwrap();
    let out = autofix(link.path(), &["check", "--root", ".", "."]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("outside the workspace"), "{}", stderr(&out));
}

#[test]
fn the_nearest_rules_file_governs_each_file_and_root_overrides() {
    let dir = tempfile::tempdir().unwrap();
    let other = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use TODO.", "Why": "w", "Check": {"Pattern": "TODO"}}]"#;
    write(
        dir.path(),
        &[
            ("autofix.json", RULES),
            ("a.ts", "let a: any; // TODO\n"),
            ("pkg/.rules/autofix.json", other),
            ("pkg/b.ts", "let b: any; // TODO\n"),
        ],
    );
    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    let got: Vec<(String, String)> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["path"].as_str().unwrap().to_string(),
                v["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "a.ts".to_string(),
                "Never use `any` in TypeScript - use `unknown`.".to_string()
            ),
            ("pkg/b.ts".to_string(), "Never use TODO.".to_string()),
        ]
    );
    assert_eq!(
        report["rules_files"],
        serde_json::json!(["autofix.json", "pkg/.rules/autofix.json"])
    );

    let report = json(&autofix(
        dir.path(),
        &["check", "--root", "pkg", "--format", "json", "."],
    ));
    let paths: Vec<&str> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["path"].as_str().unwrap())
        .collect();
    let outside = dir
        .path()
        .canonicalize()
        .unwrap()
        .join("a.ts")
        .display()
        .to_string();
    assert_eq!(
        paths,
        [outside.as_str(), "b.ts"],
        "paths relative to --root; outside it, absolute"
    );
    assert!(
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["message"] == "Never use TODO.")
    );
}

#[test]
fn gitignored_files_are_skipped_unless_named() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", RULES),
            (".gitignore", "dist/\n"),
            ("dist/x.ts", "let a: any;\n"),
        ],
    );
    let walked = json(&autofix(dir.path(), &["check", "--format", "json"]));
    assert_eq!(walked["violations"].as_array().unwrap().len(), 0);
    let named = json(&autofix(dir.path(), &["check", "--format", "json", "dist/x.ts"]));
    assert_eq!(named["violations"][0]["path"], "dist/x.ts");
}

/// A file larger than the limit, without writing its bytes (sparse).
fn huge(path: &Path) {
    let file = std::fs::File::create(path).unwrap();
    file.set_len(16 * 1024 * 1024 + 1).unwrap();
}

#[test]
fn skipped_files_are_reported_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[("autofix.json", RULES), ("ok.ts", "let a: unknown;\n")],
    );
    std::fs::write(dir.path().join("latin1.ts"), b"let a: any; // caf\xe9\n").unwrap();
    std::fs::write(dir.path().join("img.ts"), b"let a: any;\0\n").unwrap();
    huge(&dir.path().join("big.ts"));

    let out = autofix(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "All clear: no violations in 1 file checked.\n\
         Skipped 3 files: 1 binary, 1 not UTF-8, 1 larger than 16 MiB (--verbose lists them).\n"
    );
    let verbose = stdout(&autofix(dir.path(), &["check", "--verbose"]));
    assert!(
        verbose.starts_with(
            "skipped: big.ts (larger than 16 MiB)\n\
             skipped: img.ts (binary: a NUL byte in its first 8 KiB)\n\
             skipped: latin1.ts (not UTF-8)\n"
        ),
        "{verbose}"
    );

    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    assert_eq!(
        report["files_skipped"],
        serde_json::json!([
            {"path": "big.ts", "reason": "too_large"},
            {"path": "img.ts", "reason": "binary"},
            {"path": "latin1.ts", "reason": "not_utf8"},
        ])
    );
    assert_eq!(report["files_checked"], 1);

    let sarif = json(&autofix(dir.path(), &["check", "--format", "sarif"]));
    let notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap()
        .clone();
    let texts: Vec<&str> = notes
        .iter()
        .map(|n| n["message"]["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "big.ts: not checked (larger than 16 MiB)",
            "img.ts: not checked (binary: a NUL byte in its first 8 KiB)",
            "latin1.ts: not checked (not UTF-8)",
        ]
    );
    assert!(notes.iter().all(|n| n["level"] == "note"));

    let github = stdout(&autofix(dir.path(), &["check", "--format", "github"]));
    assert!(
        github.contains("::notice file=img.ts,title=autofix skipped::img.ts: not checked (binary: a NUL byte in its first 8 KiB)\n"),
        "{github}"
    );
}

#[test]
fn github_annotations() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES), ("a.ts", "let a: any;\n")]);
    let out = autofix(dir.path(), &["check", "--format", "github"]);
    assert_eq!(
        stdout(&out),
        "::warning file=a.ts,line=1,col=6,endLine=1,endColumn=11,title=autofix #1 [CODE]::Never use `any` in TypeScript - use `unknown`. (why: type safety)\n"
    );
}

#[test]
fn colours_on_request() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES), ("a.ts", "let a: any;\n")]);
    assert!(stdout(&autofix(dir.path(), &["check", "--color", "always"])).contains("\u{1b}["));
}

#[test]
fn fail_level_decides_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES), ("a.ts", "let a: any;\n")]);
    assert_eq!(
        autofix(dir.path(), &["check", "--fail-level", "error"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        autofix(dir.path(), &["check", "--fail-level", "warning"])
            .status
            .code(),
        Some(1)
    );
}

fn broken(rules: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", rules), ("a.ts", "let a: any;\n")]);
    let out = autofix(dir.path(), &["check"]);
    assert!(
        stdout(&out).is_empty(),
        "nothing is reported as checked: {}",
        stdout(&out)
    );
    (out.status.code().unwrap(), stderr(&out))
}

#[test]
fn bad_rules_files_exit_2_with_file_line_col_what_and_how() {
    let cases = [
        (
            "[\n  {\"Rule_number\": 1,}\n]",
            "autofix.json:2:20: invalid JSON: Trailing commas are not allowed",
        ),
        (
            "{\"rules\": []}",
            "autofix.json:1:1: the rules file must be a JSON array of rules, found an object — wrap the rules in [ … ]",
        ),
        (
            "[\n  42\n]",
            "autofix.json:2:3: entry 1 of the array is a number, not a rule object",
        ),
        (
            "[{\"Rule_number\": \"1\", \"Category\": \"CODE\", \"Instruction\": \"Never x.\", \"Why\": \"w\"}]",
            "autofix.json:1:18: `Rule_number` must be an integer, found a string — change `Rule_number` to an integer",
        ),
        (
            "[{\"Rule_number\": 1, \"Instruction\": \"Never x.\", \"Why\": \"w\"}]",
            "autofix.json:1:2: missing required field `Category` — add \"Category\" to this rule",
        ),
        (
            "[{\"Rule_number\": 1, \"Category\": \"SECURITY\", \"Instruction\": \"Never x.\", \"Why\": \"w\"}]",
            "autofix.json:1:33: unknown category `SECURITY` — use one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER",
        ),
        (
            "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never x.\", \"Why\": \"w\", \"Check\": {\"Pattern\": \"a(\"}}]",
            "autofix.json:1:101: invalid regex in `Pattern`: unclosed group — fix the pattern",
        ),
        (
            "[{\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never x.\", \"Why\": \"w\", \"Check\": {\"Pattern\": \"a\", \"Files\": [\"src/[\"]}}]",
            "autofix.json:1:116: invalid glob `src/[` in `Files`: unclosed character class",
        ),
    ];
    for (rules, expected) in cases {
        let (code, err) = broken(rules);
        assert_eq!(code, 2, "{rules}");
        assert!(
            err.contains(expected),
            "{rules}\nexpected: {expected}\ngot: {err}"
        );
        assert!(err.contains("nothing was checked"), "{err}");
    }
}

#[test]
fn no_rules_file_names_the_three_places() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("a.ts", "let a: any;\n")]);
    let out = autofix(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("looked for .agents/autofix.json, autofix.json, .rules/autofix.json"),
        "{}",
        stderr(&out)
    );
    let out = autofix(dir.path(), &["check", "--root", "."]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no rules file in"), "{}", stderr(&out));
}

#[test]
fn missing_paths_are_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES)]);
    let out = autofix(dir.path(), &["check", "nope.ts"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nope.ts: no such file or folder"));
}

#[test]
fn the_demo_enforces_a_words_only_rule_by_inference() {
    let dir = demo();
    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    let inferred: Vec<&serde_json::Value> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["inferred"] == true)
        .collect();
    assert_eq!(inferred.len(), 1, "{inferred:?}");
    assert_eq!(
        (
            inferred[0]["path"].as_str(),
            inferred[0]["line"].as_u64(),
            inferred[0]["rule"].as_u64()
        ),
        (Some("src/server/routes/orders.ts"), Some(4), Some(13))
    );
    assert_eq!(inferred[0]["severity"], "information");
    let human = stdout(&autofix(dir.path(), &["check"]));
    assert!(
        human.contains("information #13 [CODE] Nunca uses `console.log`") && human.contains("(inferred)"),
        "{human}"
    );
}

const CONSOLE_LOG: &str = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log` in TypeScript.", "Why": "noise"}]"#;

#[test]
fn an_inferred_check_still_reports_after_a_thousand_comments() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{}console.log(1);\n", "// a note\n".repeat(1200));
    write(dir.path(), &[("autofix.json", CONSOLE_LOG), ("a.ts", &text)]);
    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    let lines: Vec<u64> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1201], "{report}");
}

const COMPOUNDING: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always await fetch.", "Why": "w",
   "Check": {"Files": ["*.ts"], "Pattern": "fetch\\(", "Fix": "await fetch("}},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Always use strict equality.", "Why": "w",
   "Check": {"Files": ["*.ts"], "Pattern": "==", "Fix": "==="}}
]"#;

#[test]
fn a_fix_its_own_pattern_matches_again_is_withheld_so_nothing_compounds() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", COMPOUNDING),
            ("a.ts", "const r = fetch(url);\nif (a == b) {}\n"),
        ],
    );
    // However often --fix runs (a pre-commit hook runs it on every commit), nothing compounds.
    for _ in 0..3 {
        let out = autofix(dir.path(), &["check", "--fix", "--no-inferred"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stdout(&out).contains("Found 2 violations"), "{}", stdout(&out));
        assert!(!stdout(&out).contains("Fixed"), "{}", stdout(&out));
        let lint = stderr(&out);
        assert!(
            lint.contains("the `Fix` `await fetch(` is itself matched by the `Pattern`"),
            "the rules file's lint says why: {lint}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.ts")).unwrap(),
        "const r = fetch(url);\nif (a == b) {}\n",
    );
}

#[test]
fn each_fix_is_applied_once_per_run_and_what_it_uncovers_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let rules = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never write ab.", "Why": "w", "Check": {"Pattern": "ab", "Fix": "b"}}]"#;
    write(dir.path(), &[("autofix.json", rules), ("a.txt", "aab\n")]);
    let out = autofix(dir.path(), &["check", "--fix"]);
    // `aab` → `ab`: fixed once; the `ab` the fix made is found, not fixed again in the same run.
    assert_eq!(std::fs::read_to_string(dir.path().join("a.txt")).unwrap(), "ab\n");
    assert!(stdout(&out).contains("Fixed 1 violation."), "{}", stdout(&out));
    assert!(stdout(&out).contains("Found 1 violation"), "{}", stdout(&out));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn of_two_overlapping_fixes_the_first_is_applied_and_the_other_reported() {
    let rules = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never write ab.", "Why": "w", "Check": {"Pattern": "ab", "Fix": "xb"}},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never write bc.", "Why": "w", "Check": {"Pattern": "bc", "Fix": "BC"}}
]"#;
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", rules), ("a.txt", "abc\n")]);
    let out = autofix(dir.path(), &["check", "--fix", "--format", "json"]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "xbc\n"
    );
    let report = json(&out);
    let rules: Vec<u64> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_u64().unwrap())
        .collect();
    assert_eq!(rules, [2], "{report}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_check_stopped_at_its_limit_says_so_in_every_format() {
    let rules = r#"[{"Rule_number": 4, "Category": "STYLE", "Instruction": "Never leave TODO.", "Why": "w", "Check": {"Pattern": "TODO", "Severity": "hint"}}]"#;
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", rules),
            ("many.txt", &"TODO\n".repeat(1005)),
            ("few.txt", &"TODO\n".repeat(1000)),
        ],
    );
    let human = stdout(&autofix(dir.path(), &["check"]));
    let notes: Vec<&str> = human.lines().filter(|l| l.contains("stopped after")).collect();
    assert_eq!(
        notes,
        ["note: rule #4: stopped after 1000 violations in many.txt"],
        "exactly the limit is not a truncation"
    );
    assert!(human.contains("Found 2000 violations"), "{human}");

    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    assert_eq!(
        report["truncated"],
        serde_json::json!([{"path": "many.txt", "rule": 4, "limit": 1000}])
    );
    assert_eq!(report["violations"].as_array().unwrap().len(), 2000);

    let sarif = json(&autofix(dir.path(), &["check", "--format", "sarif"]));
    let notes = &sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"];
    assert_eq!(notes.as_array().map(Vec::len), Some(1), "{notes}");
    assert_eq!(
        notes[0]["message"]["text"],
        "rule #4: stopped after 1000 violations in many.txt"
    );
    assert_eq!(
        notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "many.txt"
    );

    let github = stdout(&autofix(dir.path(), &["check", "--format", "github"]));
    assert!(
        github.contains(
            "::notice file=many.txt,title=autofix #4 stopped::rule #4: stopped after 1000 violations in many.txt\n"
        ),
        "{}",
        github.lines().filter(|l| !l.starts_with("::notice file=few.txt,line")).collect::<Vec<_>>().join("\n")
    );
}

#[cfg(unix)]
#[test]
fn paths_named_that_cannot_be_read_are_errors_and_the_rest_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[("autofix.json", RULES), ("ok.ts", "let a: unknown;\n")],
    );
    std::os::unix::fs::symlink("nowhere.ts", dir.path().join("dangling.ts")).unwrap();
    let fifo = Command::new("mkfifo")
        .arg(dir.path().join("pipe.ts"))
        .status()
        .unwrap();
    assert!(fifo.success());

    let out = autofix(dir.path(), &["check", "ok.ts", "dangling.ts", "pipe.ts"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "error: dangling.ts: cannot read: a broken symbolic link (to nowhere.ts, which does not exist)"
        ),
        "{err}"
    );
    assert!(
        err.contains("error: pipe.ts: cannot read: not a regular file (a FIFO)"),
        "{err}"
    );
    assert_eq!(
        stdout(&out),
        "No violations in 1 file checked.\nIncomplete: errors on 2 paths (listed on standard error).\n",
        "what was checked is still reported, and never as all clear"
    );

    let report = json(&autofix(
        dir.path(),
        &["check", "--format", "json", "ok.ts", "dangling.ts", "pipe.ts"],
    ));
    assert_eq!(report["files_checked"], 1);
    assert_eq!(
        report["errors"],
        serde_json::json!([
            {"path": "dangling.ts", "error": "cannot read: a broken symbolic link (to nowhere.ts, which does not exist)"},
            {"path": "pipe.ts", "error": "cannot read: not a regular file (a FIFO)"},
        ])
    );
    let sarif = json(&autofix(
        dir.path(),
        &["check", "--format", "sarif", "ok.ts", "pipe.ts"],
    ));
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert_eq!(invocation["toolExecutionNotifications"][0]["level"], "error");
    let github = stdout(&autofix(
        dir.path(),
        &["check", "--format", "github", "ok.ts", "pipe.ts"],
    ));
    assert_eq!(
        github,
        "::error file=pipe.ts,title=autofix could not read::pipe.ts: cannot read: not a regular file (a FIFO)\n"
    );
}

/// Runs `autofix` where permissions bind: as is, or as `nobody` when the tests run as root
/// (root reads a file whatever its mode). `None`, with a message, when that cannot be arranged.
#[cfg(unix)]
fn autofix_without_privileges(cwd: &Path, args: &[&str]) -> Option<Output> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    use std::os::unix::process::CommandExt;
    let probe = cwd.join(".probe");
    std::fs::write(&probe, "").unwrap();
    let root = std::fs::metadata(&probe).unwrap().uid() == 0;
    std::fs::remove_file(&probe).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_autofix"));
    command.args(args).current_dir(cwd).env("LANG", "C");
    if root {
        std::fs::set_permissions(cwd, std::fs::Permissions::from_mode(0o755)).unwrap();
        command.uid(65534).gid(65534);
    }
    match command.output() {
        Ok(out) if out.status.code() != Some(127) => Some(out),
        other => {
            eprintln!("skipped: cannot run autofix without privileges: {other:?}");
            None
        }
    }
}

#[cfg(unix)]
#[test]
fn unreadable_folders_and_files_in_a_walk_are_errors() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", RULES),
            ("ok.ts", "let a: any;\n"),
            ("locked/x.ts", "let b: any;\n"),
            ("secret.ts", "let c: any;\n"),
        ],
    );
    let locked = dir.path().join("locked");
    let secret = dir.path().join("secret.ts");
    for path in [&locked, &secret] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o000)).unwrap();
    }
    let out = autofix_without_privileges(dir.path(), &["check"]);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let Some(out) = out else { return };
    let err = stderr(&out);
    if stdout(&out).contains("in 3 files checked") {
        eprintln!("skipped: permissions do not bind here (a capability?): {err}");
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("error: locked: cannot read the folder: permission denied"),
        "{err}"
    );
    assert!(
        err.contains("error: secret.ts: cannot read: permission denied"),
        "{err}"
    );
    assert!(
        stdout(&out).contains("Found 1 violation (1 warning) in 1 of 1 file checked."),
        "{}",
        stdout(&out)
    );
}

#[test]
fn help_documents_the_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let help = stdout(&autofix(dir.path(), &["check", "--help"]));
    assert!(help.contains("Exit codes:"), "{help}");
    assert!(
        help.contains("or a path that could not be read (permission denied, a broken symbolic link,"),
        "{help}"
    );
}

#[test]
fn a_folder_holding_only_a_rules_file_is_checked_and_its_rules_linted() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("autofix.json", RULES)]);
    let out = autofix(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "All clear: no violations in 0 files checked.\n");
    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    assert_eq!(report["rules_files"], serde_json::json!(["autofix.json"]));
    assert_eq!(report["files_checked"], 0);

    // Named, a rules file is linted too, not checked against its own rules.
    let never = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never write Rule_number.", "Why": "w", "Check": {"Pattern": "Rule_number"}}]"#;
    write(dir.path(), &[("autofix.json", never)]);
    let out = autofix(dir.path(), &["check", "autofix.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

    // Broken, it stops the run as a broken rules file always does.
    write(dir.path(), &[("autofix.json", "[{]")]);
    let out = autofix(dir.path(), &["check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("autofix.json:1:"), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing was checked"), "{}", stderr(&out));
}

#[test]
fn only_the_rules_file_in_force_of_a_folder_is_loaded_from_a_walk() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("a/.agents/autofix.json", RULES),
            ("a/.rules/autofix.json", "[{]"),
            ("b/.rules/autofix.json", RULES),
        ],
    );
    let out = autofix(dir.path(), &["check", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        json(&out)["rules_files"],
        serde_json::json!(["a/.agents/autofix.json", "b/.rules/autofix.json"]),
        "a/.rules/autofix.json is not in force: .agents/autofix.json comes first"
    );
}

#[cfg(unix)]
#[test]
fn a_file_reached_by_two_paths_is_checked_and_fixed_once_under_the_first() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("autofix.json", COMPOUNDING),
            ("src/a.ts", "const r = fetch(url);\n"),
        ],
    );
    std::os::unix::fs::symlink("src/a.ts", dir.path().join("link.ts")).unwrap();
    std::os::unix::fs::symlink("src", dir.path().join("lib")).unwrap();
    let paths = |report: &serde_json::Value| -> Vec<String> {
        report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["path"].as_str().unwrap().to_string())
            .collect()
    };

    let report = json(&autofix(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "link.ts",
            "src/a.ts",
            "src/../src/a.ts",
            "lib",
        ],
    ));
    assert_eq!(report["files_checked"], 1, "{report}");
    assert_eq!(paths(&report), ["link.ts"], "shown under the first path given");

    std::fs::write(dir.path().join("src/a.ts"), "if (a == b) {}\n").unwrap();
    let strict = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Always use strict equality.", "Why": "w",
        "Check": {"Pattern": "(?:^|[^=!])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}}]"#;
    std::fs::write(dir.path().join("autofix.json"), strict).unwrap();
    let out = autofix(dir.path(), &["check", "--fix", "src", "link.ts", "lib/a.ts"]);
    assert!(stdout(&out).contains("Fixed 1 violation."), "{}", stdout(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("src/a.ts")).unwrap(),
        "if (a === b) {}\n",
        "fixed once, not three times"
    );
}

#[test]
fn fixes_are_writes_under_the_access_policy() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let rules = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `var`.", "Why": "w", "Check": {"Pattern": "\\bvar\\b", "Fix": "let"}}]"#;
    write(
        dir.path(),
        &[
            ("autofix.json", rules),
            (".aicockpitcodeignore", "vendor/\n"),
            ("src/a.js", "var a = 1;\n"),
            ("vendor/lib.js", "var b = 2;\n"),
        ],
    );
    std::fs::write(outside.path().join("elsewhere.js"), "var c = 3;\n").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("elsewhere.js"),
        dir.path().join("src/link.js"),
    )
    .unwrap();
    let out = autofix(
        dir.path(),
        &[
            "check",
            "--fix",
            "--format",
            "json",
            "src/a.js",
            "vendor/lib.js",
            "src/link.js",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "files not fixed are errors: {}",
        stdout(&out)
    );
    let report = json(&out);
    let errors = report["errors"].to_string();
    assert!(
        errors.contains("access blocked by .aicockpitcodeignore"),
        "{errors}"
    );
    assert!(errors.contains("outside the workspace"), "{errors}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("src/a.js")).unwrap(),
        "let a = 1;\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("vendor/lib.js")).unwrap(),
        "var b = 2;\n"
    );
    assert_eq!(
        std::fs::read_to_string(outside.path().join("elsewhere.js")).unwrap(),
        "var c = 3;\n"
    );
}

/// What a pre-commit hook passes: every staged file, in folders with rules and without, text
/// and binary.
#[test]
fn staged_files_without_rules_or_binary_are_skipped_not_errors() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(
        root,
        &[
            (
                "pkg/.agents/autofix.json",
                r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript.", "Why": "safety",
                     "Check": {"Files": ["**/*.ts"], "Pattern": ":\\s*any\\b"}}]"#,
            ),
            ("pkg/a.ts", "let x: any;\n"),
            ("other/b.ts", "let y: any;\n"),
        ],
    );
    std::fs::write(root.join("pkg/logo.png"), b"\x89PNG\0\0").unwrap();

    // Only files outside every rules file: nothing to check, not an error.
    let out = autofix(root, &["check", "--format", "json", "other/b.ts"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["files_checked"], 0);
    assert_eq!(json["files_skipped"][0]["reason"], "no_rules");

    // Mixed: the governed file is checked, the others are counted as skipped.
    let out = autofix(root, &["check", "other/b.ts", "pkg/a.ts", "pkg/logo.png"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("pkg/a.ts:1:6"), "{text}");
    assert!(
        text.contains("Skipped 2 files: 1 binary, 1 without a rules file"),
        "{text}"
    );

    // A folder without rules is still an error: it was meant to be checked.
    let out = autofix(root, &["check", "other"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no rules file found"), "{}", stderr(&out));
}

/// The VS Code extension's `$autofix` problem matcher (editors/vscode/package.json) reads every
/// violation of the human report: file, line, column, severity, rule and message (without the
/// category), in color or not.
#[test]
fn the_vscode_problem_matcher_reads_every_violation_of_the_report() {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("editors/vscode/package.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let pattern = &manifest["contributes"]["problemPatterns"][0];
    assert_eq!(
        manifest["contributes"]["problemMatchers"][0]["pattern"],
        "$autofix"
    );
    let regex = regex::Regex::new(pattern["regexp"].as_str().unwrap()).unwrap();
    let dir = demo();
    let report = json(&autofix(dir.path(), &["check", "--format", "json"]));
    let expected = report["violations"].as_array().unwrap().len();
    assert!(expected > 5, "{report}");
    let ansi = regex::Regex::new("\x1b\\[[0-9;]*m").unwrap();
    for color in ["never", "always"] {
        let out = stdout(&autofix(dir.path(), &["check", "--color", color]));
        // VS Code strips the terminal's colors before matching.
        let plain = ansi.replace_all(&out, "");
        let matched: Vec<_> = plain.lines().filter_map(|l| regex.captures(l)).collect();
        assert_eq!(
            matched.len(),
            expected,
            "every violation, once ({color}):\n{plain}"
        );
        for m in &matched {
            let group = |key: &str| m.get(pattern[key].as_u64().unwrap() as usize).unwrap().as_str();
            assert!(dir.path().join(group("file")).is_file(), "{}", group("file"));
            assert!(group("line").parse::<u32>().unwrap() > 0);
            assert!(group("column").parse::<u32>().unwrap() > 0);
            assert!(["error", "warning", "info", "hint"].contains(&group("severity")));
            assert!(group("code").parse::<u64>().is_ok());
            assert!(
                !group("message").starts_with('['),
                "the category is left out: {}",
                group("message")
            );
        }
    }
}
