//! `autofix.exportRules` in the language server: one annotated workspace edit that rewrites only
//! autofix's section of `AGENTS.md` (the user's text around it kept byte for byte, and the same
//! files `autofix export` writes), creates new generated files and deletes stale ones; versioned
//! edits of open documents; check mode; a hand-edited section reported and left out; paths the
//! access policy refuses; "exports are current"; the source action in autofix.json; and
//! `exportOnChange` — after a learned rule, after the rules buffer settles, never from a broken
//! rules file, each file left alone reported once.

mod common;

use std::path::Path;
use std::time::Duration;

use autofix::lsp::protocol::{ExportAction, ExportRulesResult};
use common::lsp::{TestClient, apply_text_edits, error_message, of_kind, vscode_capabilities};
use serde_json::{Value, json};

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "TOOL", "Instruction": "Use npm for installs.", "Why": "old habit"},
  {"Rule_number": 2, "Category": "TOOL", "Instruction": "Use pnpm instead of npm.", "Why": "replaces rule 1: faster installs"},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "prevents runtime errors",
   "Check": {"Files": ["src/**/*.ts"], "Pattern": ":\\s*any\\b"}}
]
"#;

/// RULES with a fourth rule.
fn rules_with_tabs() -> String {
    RULES.replace(
        "\n]\n",
        ",\n  {\"Rule_number\": 4, \"Category\": \"STYLE\", \"Instruction\": \"Use tabs for indentation.\", \"Why\": \"team choice\"}\n]\n",
    )
}

const USER_AGENTS: &str = "# Our agents file\n\nWritten by people, for people.\n\n- Be kind in reviews\n";

fn project(files: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::workspace(files);
    std::fs::create_dir_all(root.join(".git")).unwrap();
    (dir, root)
}

fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap()
}

/// `autofix.exportRules` with one argument object: the result, or `{ "error": … }`.
async fn export(client: &mut TestClient, args: Value) -> Value {
    client.execute("autofix.exportRules", json!([args])).await
}

async fn export_as(client: &mut TestClient, args: Value) -> ExportRulesResult {
    client.execute_as("autofix.exportRules", json!([args])).await
}

/// Each change of a result as `(path relative to root, action)`.
fn actions(result: &ExportRulesResult, root: &Path) -> Vec<(String, ExportAction)> {
    result
        .changes
        .iter()
        .map(|c| {
            let rel = c.path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            (rel, c.action)
        })
        .collect()
}

/// What `autofix export` writes into a copy of `root`, for comparing with the editor's export.
fn cli_export(root: &Path, rel: &str) -> String {
    let copy = tempfile::tempdir().unwrap();
    common::copy_dir(root, copy.path());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autofix"))
        .arg("export")
        .current_dir(copy.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    read(copy.path(), rel)
}

/// The text edits a workspace edit makes to the document at `uri`.
fn edits_of<'a>(edit: &'a Value, uri: &str) -> Vec<&'a Value> {
    edit["documentChanges"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["textDocument"]["uri"] == uri)
        .flat_map(|c| c["edits"].as_array().unwrap())
        .collect()
}

/// The URIs a workspace edit touches, with what it does to each (`edit`, `create`, `delete`).
fn touched(client: &TestClient, edit: &Value) -> Vec<(String, String)> {
    let root = common::lsp::uri(&client.root);
    edit["documentChanges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let uri = c["uri"].as_str().or(c["textDocument"]["uri"].as_str()).unwrap();
            let kind = c["kind"].as_str().unwrap_or("edit").to_string();
            (
                uri.trim_start_matches(&root).trim_start_matches('/').to_string(),
                kind,
            )
        })
        .collect()
}

/// Tells the server a rules file changed on disk and waits until it has read it again.
async fn rules_changed_on_disk(client: &TestClient, rel: &str) {
    client.clear();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri(rel), "type": 2 }] }),
        )
        .await;
    client.expect("autofix/status", |_| true).await;
}

#[tokio::test]
async fn export_rewrites_only_the_section_of_agents_md_as_one_annotated_edit() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);

    let args = json!({ "uri": client.uri("src/app.ts") });
    let result = export(&mut client, args).await;
    insta::assert_json_snapshot!("first_export_result", client.redact(&result));
    let apply = client.edit_request().await;
    insta::assert_json_snapshot!("first_export_edit", client.redact(&apply));
    let agents = read(&root, "AGENTS.md");
    assert!(agents.starts_with(USER_AGENTS), "the user's text, byte for byte");
    assert_eq!(
        agents,
        cli_export(&root, "AGENTS.md"),
        "what `autofix export` writes"
    );
    assert_eq!(
        client.shown_message().await,
        "autofix: exported to AGENTS.md (updated) — the rules of .agents/autofix.json"
    );

    // Text of the user's after the section too, and a new rule: the edit covers the section's
    // changed lines only; everything around them stays byte for byte.
    let tail = "\n## Ours\n\nKeep this, *exactly*.  \n";
    std::fs::write(root.join("AGENTS.md"), format!("{agents}{tail}")).unwrap();
    std::fs::write(root.join(".agents/autofix.json"), rules_with_tabs()).unwrap();
    rules_changed_on_disk(&client, ".agents/autofix.json").await;
    let before = read(&root, "AGENTS.md");
    let result = export_as(&mut client, json!({})).await;
    assert!(result.applied && !result.current);
    let apply = client.edit_request().await;
    let edits = edits_of(&apply["edit"], &client.uri("AGENTS.md"));
    assert_eq!(edits.len(), 1);
    let start = edits[0]["range"]["start"]["line"].as_u64().unwrap() as usize;
    let end = edits[0]["range"]["end"]["line"].as_u64().unwrap() as usize;
    let lines: Vec<&str> = before.lines().collect();
    assert!(
        lines[start].starts_with("<!-- autofix:begin")
            && end < lines.iter().position(|l| *l == "<!-- autofix:end -->").unwrap(),
        "only lines inside the section: {start}..{end}"
    );
    let after = read(&root, "AGENTS.md");
    assert!(after.starts_with(USER_AGENTS) && after.ends_with(tail), "{after}");
    assert!(after.contains("- [STYLE] Use tabs for indentation.\n  - Why: team choice\n"));
    assert_eq!(after, cli_export(&root, "AGENTS.md"));
    assert_eq!(
        after,
        apply_text_edits(&before, &edits.into_iter().cloned().collect::<Vec<_>>())
    );
}

#[tokio::test]
async fn new_files_are_created_stale_generated_ones_deleted_and_open_documents_edited_at_their_version() {
    let stale =
        autofix::agent_files::section::generated("---\nglobs: old/**\n---\n", "generated", "- [CODE] old\n");
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("CLAUDE.md", "# Claude\n"),
        (".cursor/rules/autofix-old.mdc", &stale),
        (
            ".cursor/rules/mine.mdc",
            "---\nalwaysApply: true\n---\n- My own rule\n",
        ),
    ]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let claude = client.open("CLAUDE.md", "markdown", "# Claude, as typed\n").await;
    client.change(&claude, Some([1, 0, 1, 0]), "More.\n").await;

    let result = export_as(&mut client, json!({})).await;
    assert!(result.applied);
    assert_eq!(
        actions(&result, &root),
        [
            ("CLAUDE.md".into(), ExportAction::Updated),
            (".claude/rules/autofix-src-ts.md".into(), ExportAction::Created),
            (".cursor/rules/autofix.mdc".into(), ExportAction::Created),
            (".cursor/rules/autofix-src-ts.mdc".into(), ExportAction::Created),
            (".cursor/rules/autofix-old.mdc".into(), ExportAction::Removed),
        ]
    );
    let apply = client.edit_request().await;
    let edit = &apply["edit"];
    assert_eq!(
        touched(&client, edit),
        [
            ("CLAUDE.md".into(), "edit".into()),
            (".claude/rules/autofix-src-ts.md".into(), "create".into()),
            (".claude/rules/autofix-src-ts.md".into(), "edit".into()),
            (".cursor/rules/autofix.mdc".into(), "create".into()),
            (".cursor/rules/autofix.mdc".into(), "edit".into()),
            (".cursor/rules/autofix-src-ts.mdc".into(), "create".into()),
            (".cursor/rules/autofix-src-ts.mdc".into(), "edit".into()),
            (".cursor/rules/autofix-old.mdc".into(), "delete".into()),
        ]
    );
    // The open CLAUDE.md: versioned against the buffer (version 2), from its text, not the disk's.
    assert_eq!(edit["documentChanges"][0]["textDocument"]["version"], 2);
    let claude_edits: Vec<Value> = edits_of(edit, &claude).into_iter().cloned().collect();
    let new_claude = apply_text_edits("# Claude, as typed\nMore.\n", &claude_edits);
    assert!(
        new_claude.starts_with("# Claude, as typed\nMore.\n\n<!-- autofix:begin sha256="),
        "{new_claude}"
    );
    // New files: never over an existing one; their whole text in one edit; every part annotated.
    insta::assert_json_snapshot!(
        "created_and_deleted",
        client.redact(&json!([
            edit["documentChanges"][3],
            edit["documentChanges"][4],
            edit["documentChanges"][7],
            edit["changeAnnotations"]
        ]))
    );
    assert_eq!(
        read(&root, ".cursor/rules/mine.mdc"),
        "---\nalwaysApply: true\n---\n- My own rule\n",
        "not autofix's: never touched"
    );
}

#[tokio::test]
async fn check_reports_what_would_change_and_sends_nothing() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    std::fs::create_dir_all(root.join(".cursor")).unwrap();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let result = export_as(&mut client, json!({ "check": true })).await;
    assert!(!result.applied && !result.current);
    assert_eq!(
        actions(&result, &root),
        [
            ("AGENTS.md".into(), ExportAction::Updated),
            (".cursor/rules/autofix.mdc".into(), ExportAction::Created),
            (".cursor/rules/autofix-src-ts.mdc".into(), ExportAction::Created),
        ]
    );
    assert_eq!(
        client.shown_message().await,
        "autofix: exports are stale — an export would change AGENTS.md (updated), .cursor/rules/autofix.mdc (created), .cursor/rules/autofix-src-ts.mdc (created)"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
    assert_eq!(read(&root, "AGENTS.md"), USER_AGENTS);
    assert!(!root.join(".cursor/rules").exists());
}

#[tokio::test]
async fn a_hand_edited_section_is_reported_and_left_out_of_the_edit() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    export(&mut client, json!({})).await;
    client.edit_request().await;
    // Someone edits autofix's section by hand; the project starts using Cursor too.
    let edited = read(&root, "AGENTS.md").replace("Use pnpm instead of npm.", "Use pnpm (or bun).");
    std::fs::write(root.join("AGENTS.md"), &edited).unwrap();
    std::fs::create_dir_all(root.join(".cursor")).unwrap();
    client.clear();

    let result = export_as(&mut client, json!({})).await;
    assert!(result.applied && !result.current);
    let conflict = &result.changes[0];
    assert_eq!(
        (conflict.path.as_path(), conflict.action),
        (root.join("AGENTS.md").as_path(), ExportAction::Conflict)
    );
    let reason = conflict.reason.as_deref().unwrap();
    assert_eq!(
        reason,
        "the autofix section was edited by hand since it was exported: move your edits out of it (or into the rules with `autofix learn`)",
        "the editor has no --force: not offered"
    );
    let warning = client.expect("window/showMessage", |m| m["type"] == 2).await;
    assert_eq!(
        warning["message"],
        format!("autofix: AGENTS.md was left alone: {reason}")
    );
    let apply = client.edit_request().await;
    assert!(
        touched(&client, &apply["edit"])
            .iter()
            .all(|(p, _)| p.starts_with(".cursor/")),
        "AGENTS.md is not in the edit"
    );
    assert_eq!(
        apply["edit"]["changeAnnotations"]["autofix.export"]["description"],
        "the 2 active rules of .agents/autofix.json, newest first (1 scoped to some files, in files of their own) — left alone: AGENTS.md"
    );
    assert_eq!(read(&root, "AGENTS.md"), edited);
    assert!(root.join(".cursor/rules/autofix.mdc").exists());
}

#[cfg(unix)]
#[tokio::test]
async fn paths_the_access_policy_refuses_are_reported_and_never_written() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("AGENTS.md"), "someone else's\n").unwrap();
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("CLAUDE.md", "# Claude\n"),
        ("GEMINI.md", "# Gemini\n"),
        (".aicockpitcodeignore", "CLAUDE.md\n"),
    ]);
    std::os::unix::fs::symlink(outside.path().join("AGENTS.md"), root.join("AGENTS.md")).unwrap();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let result = export_as(&mut client, json!({ "agents": ["agents", "claude", "gemini"] })).await;
    assert!(result.applied);
    let refused: Vec<(String, ExportAction)> = actions(&result, &root)
        .into_iter()
        .filter(|(_, a)| *a == ExportAction::Refused)
        .collect();
    assert_eq!(
        refused,
        [
            ("AGENTS.md".into(), ExportAction::Refused),
            ("CLAUDE.md".into(), ExportAction::Refused),
        ]
    );
    let reasons: Vec<&str> = result
        .changes
        .iter()
        .filter_map(|c| c.reason.as_deref())
        .collect();
    assert!(reasons[0].contains("outside the workspace"), "{reasons:?}");
    assert!(reasons[1].contains(".aicockpitcodeignore"), "{reasons:?}");
    let warnings: Vec<String> = client
        .received("window/showMessage")
        .iter()
        .filter(|m| m["type"] == 2)
        .map(|m| m["message"].as_str().unwrap().to_string())
        .collect();
    assert!(
        warnings.len() == 2
            && warnings[0].starts_with("autofix: AGENTS.md was left alone: ")
            && warnings[1].starts_with("autofix: CLAUDE.md was left alone: "),
        "{warnings:?}"
    );
    let apply = client.edit_request().await;
    let sent = touched(&client, &apply["edit"]);
    assert!(
        sent.contains(&("GEMINI.md".into(), "edit".into()))
            && !sent.iter().any(|(p, _)| p == "AGENTS.md" || p == "CLAUDE.md"),
        "{sent:?}"
    );
    assert_eq!(
        std::fs::read_to_string(outside.path().join("AGENTS.md")).unwrap(),
        "someone else's\n"
    );
}

#[tokio::test]
async fn exports_that_are_current_say_so_in_the_client_s_language() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    export(&mut client, json!({})).await;
    client.edit_request().await;
    client.clear();
    let result = export_as(&mut client, json!({})).await;
    assert!(result.current && !result.applied);
    assert_eq!(
        actions(&result, &root),
        [("AGENTS.md".into(), ExportAction::Unchanged)]
    );
    assert_eq!(
        client.shown_message().await,
        "autofix: exports are current — 1 agent file already holds the rules of .agents/autofix.json"
    );
    assert!(client.received("workspace/applyEdit").is_empty());

    let mut es = TestClient::start_with(&root, vscode_capabilities(), json!({}), Some("es")).await;
    export(&mut es, json!({})).await;
    assert_eq!(
        es.shown_message().await,
        "autofix: las exportaciones están al día — 1 archivo de agente ya tiene las reglas de .agents/autofix.json"
    );
}

#[tokio::test]
async fn bad_requests_say_what_to_do() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let unknown = export(&mut client, json!({ "agents": ["vim"] })).await;
    assert!(error_message(&unknown).contains("unknown agent `vim` (known: agents, claude, cursor"));
    let none = export(&mut client, json!({})).await;
    assert!(
        error_message(&none).contains(&format!(
            "no agent files in {} (AGENTS.md, CLAUDE.md",
            root.display()
        )),
        "{none}"
    );
    // A broken rules file exports nothing (not even its last good rules).
    std::fs::write(root.join("AGENTS.md"), "# Agents\n").unwrap();
    std::fs::write(root.join(".agents/autofix.json"), "[{\"Rule_number\": 1,").unwrap();
    rules_changed_on_disk(&client, ".agents/autofix.json").await;
    let broken = export(&mut client, json!({})).await;
    assert!(
        error_message(&broken).contains(".agents/autofix.json has errors: fix them first"),
        "{broken}"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test]
async fn each_package_of_a_monorepo_exports_next_to_its_rules() {
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("AGENTS.md", "# Top\n"),
        ("web/autofix.json", &rules_with_tabs()),
        ("web/AGENTS.md", "# Web\n"),
        ("web/src/app.ts", ""),
    ]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    // A document picks its package; the folder exports every package.
    let args = json!({ "uri": client.uri("web/src/app.ts") });
    let one = export_as(&mut client, args).await;
    assert_eq!(one.rules_files, [root.join("web/autofix.json")]);
    assert_eq!(
        actions(&one, &root),
        [("web/AGENTS.md".into(), ExportAction::Updated)]
    );
    client.edit_request().await;
    let all = export_as(&mut client, json!({ "uri": common::lsp::uri(&root) })).await;
    assert_eq!(
        actions(&all, &root),
        [
            ("AGENTS.md".into(), ExportAction::Updated),
            ("web/AGENTS.md".into(), ExportAction::Unchanged),
        ]
    );
    client.edit_request().await;
    assert!(read(&root, "web/AGENTS.md").contains("Use tabs for indentation."));
    assert!(!read(&root, "AGENTS.md").contains("Use tabs for indentation."));
    assert_eq!(read(&root, "web/AGENTS.md"), cli_export(&root, "web/AGENTS.md"));
}

#[tokio::test]
async fn the_rules_file_offers_the_export_as_a_source_action() {
    let (_d, root) = project(&[
        (".agents/autofix.json", RULES),
        ("AGENTS.md", USER_AGENTS),
        ("src/a.ts", "let a = 1;\n"),
    ]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let rules = client.open_file(".agents/autofix.json", "json").await;
    client.diagnostics(&rules).await;
    let actions = client
        .code_actions(&rules, [0, 0, 0, 0], &[], Some(&["source"]))
        .await;
    let action = of_kind(&actions, "source.autofix.exportRules").expect("the export action");
    assert_eq!(action["title"], "Export rules to agent files");
    assert_eq!(
        action["command"],
        json!({ "title": "Export rules to agent files", "command": "autofix.exportRules", "arguments": [{ "uri": rules }] })
    );
    let quickfixes = client
        .code_actions(&rules, [0, 0, 0, 0], &[], Some(&["quickfix"]))
        .await;
    assert!(of_kind(&quickfixes, "source.autofix.exportRules").is_none());
    let unasked = client.code_actions(&rules, [0, 0, 0, 0], &[], None).await;
    assert!(
        of_kind(&unasked, "source.autofix.exportRules").is_none(),
        "only when source actions are asked for, not among the fixes under the cursor"
    );
    let ts = client.open_file("src/a.ts", "typescript").await;
    let elsewhere = client
        .code_actions(&ts, [0, 0, 0, 0], &[], Some(&["source"]))
        .await;
    assert!(of_kind(&elsewhere, "source.autofix.exportRules").is_none());
    // Running it exports the rules of that file.
    let args = action["command"]["arguments"].clone();
    let result: ExportRulesResult = client.execute_as("autofix.exportRules", args).await;
    assert_eq!(result.rules_files, [root.join(".agents/autofix.json")]);
    let apply = client.edit_request().await;
    assert_eq!(
        apply["edit"]["changeAnnotations"]["autofix.export"]["needsConfirmation"],
        true
    );
}

// --- exportOnChange ------------------------------------------------------------------------------

/// How long to wait for an automatic export (the debounce, plus room for a slow machine).
const AUTO: Duration = Duration::from_secs(15);

#[tokio::test]
async fn export_on_change_follows_a_learned_rule_without_asking() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({ "exportOnChange": true })).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    // Starting the server exports nothing: only changes do.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(client.received("workspace/applyEdit").is_empty());

    let learned = client
        .execute(
            "autofix.learnRule",
            json!([{ "category": "STYLE", "instruction": "Use tabs for indentation.", "why": "team choice" }]),
        )
        .await;
    assert_eq!(learned["applied"], true, "{learned}");
    let learn_edit = client.edit_request().await;
    assert_eq!(
        learn_edit["edit"]["changeAnnotations"]["autofix.learn"]["label"],
        "Learn rule #4"
    );
    let auto = tokio::time::timeout(AUTO, client.edit_request())
        .await
        .expect("an automatic export");
    assert!(
        auto["edit"].get("changeAnnotations").is_none(),
        "opted in: no confirmation asked: {auto}"
    );
    assert_eq!(
        touched(&client, &auto["edit"]),
        [("AGENTS.md".into(), "edit".into())]
    );
    let agents = read(&root, "AGENTS.md");
    assert!(agents.starts_with(USER_AGENTS) && agents.contains("- [STYLE] Use tabs for indentation."));
    assert_eq!(agents, cli_export(&root, "AGENTS.md"));
    client
        .expect("window/showMessage", |m| {
            m["message"] == "autofix: exported to AGENTS.md (updated) — the rules of .agents/autofix.json"
        })
        .await;
    // Once: nothing more follows.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test]
async fn export_on_change_waits_for_the_rules_buffer_to_settle_and_never_exports_a_broken_file() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({ "exportOnChange": true })).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    let rules = client.open_file(".agents/autofix.json", "json").await;
    client.diagnostics(&rules).await;

    // Typing a new rule: the file does not parse for a while. Nothing is exported from it.
    let new_rules = rules_with_tabs();
    let cut = new_rules.find("\"Instruction\": \"Use tabs").unwrap();
    client.change(&rules, None, &new_rules[..cut]).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    client.change(&rules, None, &new_rules[..cut + 20]).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(
        client.received("workspace/applyEdit").is_empty(),
        "a broken rules file is never exported"
    );
    assert_eq!(read(&root, "AGENTS.md"), USER_AGENTS);

    // The rule is complete, then typed on quickly (the rules change again within a second):
    // one export, of the rules as they settled — from the buffer, not yet saved.
    client.change(&rules, None, &new_rules).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let settled = new_rules.replace("team choice", "team choice, agreed in March");
    client.change(&rules, None, &settled).await;
    let auto = tokio::time::timeout(AUTO, client.edit_request())
        .await
        .expect("an automatic export");
    assert_eq!(
        touched(&client, &auto["edit"]),
        [("AGENTS.md".into(), "edit".into())]
    );
    let agents = read(&root, "AGENTS.md");
    assert!(
        agents.contains("  - Why: team choice, agreed in March\n"),
        "{agents}"
    );
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert!(client.received("workspace/applyEdit").is_empty(), "one export");
    assert_eq!(
        read(&root, ".agents/autofix.json"),
        RULES,
        "the buffer was not saved"
    );

    // Breaking the file again and restoring it as it was exports nothing.
    client.change(&rules, None, "[").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    client.change(&rules, None, &settled).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test]
async fn an_automatic_export_reports_a_file_left_alone_once() {
    let (_d, root) = project(&[(".agents/autofix.json", RULES), ("AGENTS.md", USER_AGENTS)]);
    std::fs::create_dir_all(root.join(".cursor")).unwrap();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({ "exportOnChange": true })).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    export(&mut client, json!({})).await;
    client.edit_request().await;
    let edited = read(&root, "AGENTS.md").replace("Use pnpm instead of npm.", "Use pnpm (or bun).");
    std::fs::write(root.join("AGENTS.md"), &edited).unwrap();

    let warnings = |client: &TestClient| {
        client
            .received("window/showMessage")
            .iter()
            .filter(|m| m["type"] == 2)
            .map(|m| m["message"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    for (n, why) in ["team choice", "team choice, agreed"].into_iter().enumerate() {
        std::fs::write(
            root.join(".agents/autofix.json"),
            rules_with_tabs().replace("team choice", why),
        )
        .unwrap();
        rules_changed_on_disk(&client, ".agents/autofix.json").await;
        let auto = tokio::time::timeout(AUTO, client.edit_request())
            .await
            .expect("an automatic export");
        assert!(
            touched(&client, &auto["edit"])
                .iter()
                .all(|(p, _)| p.starts_with(".cursor/")),
            "AGENTS.md is left out"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
        let said = warnings(&client);
        if n == 0 {
            assert_eq!(said.len(), 1, "{said:?}");
            assert!(
                said[0]
                    .starts_with("autofix: AGENTS.md was left alone: the autofix section was edited by hand")
            );
        } else {
            assert!(said.is_empty(), "said once, not on every change: {said:?}");
        }
    }
    assert_eq!(read(&root, "AGENTS.md"), edited);
}
