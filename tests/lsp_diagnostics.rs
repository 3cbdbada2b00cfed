//! The language server's diagnostics, driven in-process over an in-memory pipe: what is
//! published on open, on edits, on close, as the rules file changes in the editor or on disk,
//! across workspace folders, in both position encodings, and under bad input.

mod common;

use common::lsp::{Diag, Diagnostics, TestClient, vscode_capabilities};
use serde_json::{Value, json};

const TS_RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "type safety",
   "Check": {"Files": ["**/*.ts"], "Pattern": ":\\s*any\\b", "Fix": ": unknown"}}
]"#;

fn demo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/demo"),
        dir.path(),
    );
    dir
}

use common::workspace;

#[tokio::test]
async fn opening_a_file_publishes_its_violations() {
    let dir = demo();
    let root = dir.path().canonicalize().unwrap();
    let mut client =
        TestClient::start(&root, vscode_capabilities(), json!({ "inferredChecks": false })).await;
    let uri = client.open_file("src/lib/format.ts", "typescript").await;
    let diags = client.diagnostics(&uri).await;
    insta::assert_json_snapshot!("format_ts_diagnostics", client.redact(&json!(diags)));
}

#[tokio::test]
async fn utf8_is_negotiated_when_offered_and_utf16_otherwise() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let text = "// 😀 世界\nlet 名前: any = 1;\n";
    let mut caps = vscode_capabilities();
    caps["general"]["positionEncodings"] = json!(["utf-8", "utf-16"]);
    let mut utf8 = TestClient::start(&root, caps, json!({})).await;
    let uri = utf8.open("a.ts", "typescript", text).await;
    assert_eq!(
        utf8.diagnostics(&uri).await.ranges(),
        [[1, 10, 1, 15]],
        "bytes: `let 名前` is 10 bytes"
    );

    let mut utf16 = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = utf16.open("a.ts", "typescript", text).await;
    assert_eq!(
        utf16.diagnostics(&uri).await.ranges(),
        [[1, 6, 1, 11]],
        "UTF-16 units"
    );
    // An edit after the emoji, in UTF-16 units: replace `any` on line 1.
    utf16.change(&uri, Some([1, 9, 1, 12]), "unknown").await;
    assert!(utf16.diagnostics(&uri).await.is_empty());
    utf16.change(&uri, Some([0, 3, 0, 5]), "any: any").await; // replaces the emoji's two units
    assert_eq!(utf16.diagnostics(&uri).await.ranges(), [[0, 6, 0, 11]]);
}

#[tokio::test]
async fn edits_update_diagnostics_with_the_version() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("src/a.ts", "typescript", "let a = 1;\n").await;
    assert!(client.diagnostics(&uri).await.is_empty());
    let v = client.change(&uri, Some([0, 5, 0, 5]), ": any").await;
    let diags = client.diagnostics(&uri).await;
    assert_eq!(diags.ranges(), [[0, 5, 0, 10]]);
    assert_eq!(v, 2);
    client.change(&uri, Some([0, 5, 0, 10]), "").await;
    assert!(client.diagnostics(&uri).await.is_empty());
}

#[tokio::test]
async fn a_burst_of_300_edits_ends_with_exact_diagnostics() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let mut text = String::from("const x = 1;\n");
    let uri = client.open("src/a.ts", "typescript", &text).await;
    client.diagnostics(&uri).await;
    for i in 0..300u32 {
        // Alternate: add a line with a violation, or turn the last `any` into `unknown`.
        if i % 3 == 2 {
            let line = text.lines().position(|l| l.contains(": any")).unwrap() as u32;
            let col = text.lines().nth(line as usize).unwrap().find(": any").unwrap() as u32;
            client
                .change(&uri, Some([line, col, line, col + 5]), ": unknown")
                .await;
            let start = text
                .lines()
                .take(line as usize)
                .map(|l| l.len() + 1)
                .sum::<usize>()
                + col as usize;
            text.replace_range(start..start + 5, ": unknown");
        } else {
            let lines = text.lines().count() as u32;
            let added = format!("let v{i}: any = {i};\n");
            client.change(&uri, Some([lines, 0, lines, 0]), &added).await;
            text.push_str(&added);
        }
    }
    let last = client.diagnostics(&uri).await;
    // The reference: a fresh server opening the final text.
    let mut fresh = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let fresh_uri = fresh.open("src/a.ts", "typescript", &text).await;
    let expected = fresh.diagnostics(&fresh_uri).await;
    assert_eq!(last.ranges(), expected.ranges());
    assert_eq!(last.len(), 200 - 100);
    // Nothing stale was published after the final version.
    let publishes = client.received("textDocument/publishDiagnostics");
    assert!(publishes.iter().all(|p| p["version"].as_i64() <= Some(301)));
}

#[tokio::test]
async fn closing_clears_diagnostics() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    assert_eq!(client.diagnostics(&uri).await.len(), 1);
    client.close(&uri).await;
    let cleared = client
        .expect("textDocument/publishDiagnostics", |p| p["uri"] == uri.as_str())
        .await;
    assert_eq!(cleared["diagnostics"], json!([]));
}

#[tokio::test]
async fn the_watcher_is_registered_for_the_rules_files() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let reg = client.expect("client/registerCapability", |_| true).await;
    insta::assert_json_snapshot!(reg, @r###"
    {
      "registrations": [
        {
          "id": "autofix-watch",
          "method": "workspace/didChangeWatchedFiles",
          "registerOptions": {
            "watchers": [
              {
                "globPattern": "**/.agents/autofix.json"
              },
              {
                "globPattern": "**/autofix.json"
              },
              {
                "globPattern": "**/.rules/autofix.json"
              },
              {
                "globPattern": "**/*"
              }
            ]
          }
        }
      ]
    }
    "###);
    // Without workspace diagnostics, only the rules files are watched.
    let client = TestClient::start(
        &root,
        vscode_capabilities(),
        json!({ "workspaceDiagnostics": false }),
    )
    .await;
    let reg = client.expect("client/registerCapability", |_| true).await;
    let globs = &reg["registrations"][0]["registerOptions"]["watchers"];
    assert_eq!(globs.as_array().map(Vec::len), Some(3), "{globs}");
}

#[tokio::test]
async fn editing_the_rules_buffer_applies_on_every_keystroke_and_a_broken_file_keeps_the_last_good_rules() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open("a.ts", "typescript", "let a: any; // TODO\n").await;
    assert_eq!(client.diagnostics(&doc).await.codes(), [json!(1)]);
    let rules = client.open_file("autofix.json", "json").await;
    assert!(
        client.diagnostics(&rules).await.is_empty(),
        "a clean rules file has no diagnostics"
    );

    // Break it: a trailing comma. The error is at the exact spot; `a.ts` keeps rule 1.
    let last_line = TS_RULES.lines().count() as u32 - 1;
    client
        .change(&rules, Some([last_line - 1, 84, last_line - 1, 84]), ",")
        .await;
    let diags = client.diagnostics(&rules).await;
    insta::assert_json_snapshot!(diags.brief(), @r###"
    [
      {
        "code": "invalid-json",
        "range": [
          2,
          81,
          2,
          82
        ],
        "severity": 1,
        "message": "invalid JSON: Trailing commas are not allowed — fix the syntax here; autofix.json is plain JSON (no comments, no trailing commas)"
      }
    ]
    "###);
    let status = client.expect("autofix/status", |s| s["broken"] == true).await;
    assert_eq!(status["rules"], 1);
    // The last good rules stay in force: `a.ts` is not told anything new (its diagnostics did
    // not change), and its violation is still there.
    assert!(
        client
            .received("textDocument/publishDiagnostics")
            .iter()
            .all(|p| p["uri"] != doc.as_str()),
        "a.ts keeps what it was shown"
    );
    let hover = client.hover(&doc, 0, 8).await.unwrap();
    assert!(hover.contains("#1"), "{hover}");

    // Mend it with a second rule: both now apply in the open file, without saving.
    let mended = TS_RULES.replace(
        "\n]",
        ",\n  {\"Rule_number\": 2, \"Category\": \"STYLE\", \"Instruction\": \"Never leave TODO comments.\", \"Why\": \"w\", \"Check\": {\"Pattern\": \"TODO\"}}\n]",
    );
    client.change(&rules, None, &mended).await;
    assert!(client.diagnostics(&rules).await.is_empty());
    let both = client.diagnostics_where(&doc, |d| d.len() == 2).await;
    assert_eq!(both.codes(), [json!(1), json!(2)]);
}

#[tokio::test]
async fn rules_changed_on_disk_arrive_through_watched_files() {
    let (_d, root) = workspace(&[("src/a.ts", "let a: any;\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open_file("src/a.ts", "typescript").await;
    assert!(client.diagnostics(&doc).await.is_empty(), "no rules file yet");

    // A rules file created after start is picked up.
    common::write(&root, &[(".agents/autofix.json", TS_RULES)]);
    let rules_uri = client.uri(".agents/autofix.json");
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": rules_uri, "type": 1 }] }),
        )
        .await;
    assert_eq!(
        client.diagnostics_where(&doc, |d| !d.is_empty()).await.codes(),
        [json!(1)]
    );

    // Changed on disk: the rule now also forbids `let`.
    common::write(
        &root,
        &[(
            ".agents/autofix.json",
            &TS_RULES.replace(":\\\\s*any\\\\b", "\\\\blet\\\\b"),
        )],
    );
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": rules_uri, "type": 2 }] }),
        )
        .await;
    let diags = client
        .diagnostics_where(&doc, |d| d.len() == 1 && d.ranges()[0][1] == 0)
        .await;
    assert_eq!(diags.ranges(), [[0, 0, 0, 3]]);

    // Deleted: no rules, no diagnostics.
    std::fs::remove_file(root.join(".agents/autofix.json")).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": rules_uri, "type": 3 }] }),
        )
        .await;
    client.diagnostics_where(&doc, |d| d.is_empty()).await;
}

#[tokio::test]
async fn each_workspace_folder_has_its_own_rules_and_folders_can_be_added() {
    let (_d, root) = workspace(&[
        ("one/autofix.json", TS_RULES),
        ("one/a.ts", "let a: any; // TODO\n"),
        (
            "two/autofix.json",
            r#"[{"Rule_number": 9, "Category": "STYLE", "Instruction": "Never leave TODO.", "Why": "w", "Check": {"Pattern": "TODO"}}]"#,
        ),
        ("two/b.ts", "let b: any; // TODO\n"),
    ]);
    let mut client = TestClient::start(&root.join("one"), vscode_capabilities(), json!({})).await;
    client.root = root.clone();
    let a = client.open_file("one/a.ts", "typescript").await;
    assert_eq!(client.diagnostics(&a).await.codes(), [json!(1)]);
    client
        .notify(
            "workspace/didChangeWorkspaceFolders",
            json!({ "event": { "added": [{ "uri": client.uri("two"), "name": "two" }], "removed": [] } }),
        )
        .await;
    let b = client.open_file("two/b.ts", "typescript").await;
    assert_eq!(client.diagnostics(&b).await.codes(), [json!(9)]);
}

#[tokio::test]
async fn files_outside_every_folder_use_the_nearest_rules_file_above_or_none() {
    let (_d, root) = workspace(&[
        ("ws/autofix.json", TS_RULES),
        ("elsewhere/autofix.json", TS_RULES),
        ("elsewhere/deep/x.ts", "let a: any;\n"),
        ("nowhere/y.ts", "let a: any;\n"),
    ]);
    let mut client = TestClient::start(&root.join("ws"), vscode_capabilities(), json!({})).await;
    client.root = root.clone();
    let x = client.open_file("elsewhere/deep/x.ts", "typescript").await;
    assert_eq!(client.diagnostics(&x).await.codes(), [json!(1)]);
    let y = client.open_file("nowhere/y.ts", "typescript").await;
    assert!(client.diagnostics(&y).await.is_empty());
}

#[tokio::test]
async fn the_rules_file_shows_superseded_rules_and_lower_priority_files() {
    let rules = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always use Axios.", "Why": "interceptors"},
  {"Rule_number": 2, "Category": "[code]", "Instruction": "Always use native fetch instead of Axios.", "Why": "migration (replaces Rule 1)"}
]"#;
    let (_d, root) = workspace(&[(".agents/autofix.json", rules), ("autofix.json", "[]")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open_file(".agents/autofix.json", "json").await;
    let diags = client.diagnostics(&uri).await;
    insta::assert_json_snapshot!("rules_file_lints", client.redact(&json!(diags)));
    let shadowed = client.uri("autofix.json");
    let note = client.diagnostics(&shadowed).await.brief();
    assert_eq!(note[0].severity, 3);
    assert!(
        note[0].message.contains(".agents/autofix.json takes precedence"),
        "{note:?}"
    );
}

#[tokio::test]
async fn a_broken_rules_file_is_reported_without_opening_it() {
    let (_d, root) = workspace(&[("autofix.json", "[{\"Rule_number\": 1,}]")]);
    let client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let diags = client.diagnostics(&client.uri("autofix.json")).await;
    assert_eq!(diags.ranges(), [[0, 18, 0, 19]]);
    let status = client.expect("autofix/status", |_| true).await;
    assert_eq!(status["broken"], true);
    // Where the problem is, as people look for it: the status bar's tooltip shows it.
    let error = status["rulesFiles"][0]["error"].as_str().unwrap();
    assert!(error.starts_with("autofix.json:1:19: invalid JSON"), "{error}");
    // The editor shows the status itself: no message on top.
    assert!(client.received("window/showMessage").is_empty());
}

/// A client that shows no `autofix/status` (eglot) is told once about a rules file broken on
/// disk, with its position — again only when the problem changes or after it was mended.
#[tokio::test]
async fn clients_without_a_status_display_are_told_once_about_a_broken_rules_file() {
    let (_d, root) = workspace(&[("autofix.json", "[{\"Rule_number\": 1,}]")]);
    let mut eglot = vscode_capabilities();
    eglot.as_object_mut().unwrap().remove("experimental");
    let client = TestClient::start(&root, eglot, json!({})).await;
    let told = client
        .expect("window/showMessage", |m| {
            m["message"].as_str().is_some_and(|t| t.contains("autofix.json"))
        })
        .await;
    assert_eq!(told["type"], 1, "an error: {told}");
    let message = told["message"].as_str().unwrap();
    assert!(
        message.starts_with("autofix: autofix.json:1:19: invalid JSON")
            && message.ends_with("(none of its rules apply until it is fixed)"),
        "{message}"
    );
    // The same problem, reloaded: not told again.
    let changes = json!({ "changes": [{ "uri": client.uri("autofix.json"), "type": 2 }] });
    client
        .notify("workspace/didChangeWatchedFiles", changes.clone())
        .await;
    client.expect("autofix/status", |_| true).await;
    client.expect("autofix/status", |_| true).await;
    let again = client.received("window/showMessage");
    assert!(
        again
            .iter()
            .all(|m| !m["message"].as_str().unwrap_or("").contains("autofix.json")),
        "{again:?}"
    );
    // Mended, then broken again: told again, and that its good rules stay in force.
    let one_rule =
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use TODO.", "Why": "w"}]"#;
    std::fs::write(root.join("autofix.json"), one_rule).unwrap();
    client
        .notify("workspace/didChangeWatchedFiles", changes.clone())
        .await;
    client.expect("autofix/status", |s| s["broken"] == false).await;
    std::fs::write(root.join("autofix.json"), "[{").unwrap();
    client
        .notify("workspace/didChangeWatchedFiles", changes.clone())
        .await;
    let retold = client
        .expect("window/showMessage", |m| {
            m["message"].as_str().is_some_and(|t| t.contains("autofix.json"))
        })
        .await;
    let retold = retold["message"].as_str().unwrap();
    assert!(
        retold.starts_with("autofix: autofix.json:1:")
            && retold.ends_with("(its last good rules stay in force (1))"),
        "{retold}"
    );
}

#[tokio::test]
async fn severity_overrides_and_settings_changes() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(
        &root,
        vscode_capabilities(),
        json!({ "severityOverrides": { "1": "error" } }),
    )
    .await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    assert_eq!(client.diagnostics(&uri).await.brief()[0].severity, 1);
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": { "severityOverrides": { "CODE": "off" } } } }),
        )
        .await;
    client.diagnostics_where(&uri, |d| d.is_empty()).await;
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": {} } }),
        )
        .await;
    let back = client.diagnostics_where(&uri, |d| !d.is_empty()).await;
    assert_eq!(back.brief()[0].severity, 2);
}

#[tokio::test]
async fn pull_model_clients_are_asked_for_settings() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer(
        "workspace/configuration",
        |_| json!([{ "severityOverrides": { "1": "hint" } }]),
    );
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    client.diagnostics(&uri).await;
    client
        .notify("workspace/didChangeConfiguration", json!({ "settings": null }))
        .await;
    let diags = client
        .diagnostics_where(&uri, |d| d.first().is_some_and(|d| d["severity"] == 4))
        .await;
    assert_eq!(diags.len(), 1);
}

#[tokio::test]
async fn debounce_still_publishes_the_last_version() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({ "debounceMs": 30 })).await;
    let uri = client.open("a.ts", "typescript", "").await;
    for i in 0..20 {
        client.change(&uri, Some([i, 0, i, 0]), "let a: any;\n").await;
    }
    assert_eq!(client.diagnostics(&uri).await.len(), 20);
}

#[tokio::test]
async fn spanish_locale() {
    let rules = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Usar siempre Axios.", "Why": "interceptores"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Usar siempre fetch nativo en lugar de Axios.", "Why": "migración (reemplaza la Regla 1)"}
]"#;
    let (_d, root) = workspace(&[("autofix.json", rules)]);
    let mut client = TestClient::start_with(&root, vscode_capabilities(), json!({}), Some("es-ES")).await;
    let uri = client.open_file("autofix.json", "json").await;
    let diags = client.diagnostics(&uri).await;
    let superseded = diags.iter().find(|d| d["code"] == "superseded").unwrap();
    assert_eq!(
        superseded["message"],
        "reemplazada por #2 (la regla #2 dice que la reemplaza)"
    );
    assert_eq!(superseded["tags"], json!([1]));
}

#[tokio::test]
async fn bad_input_never_takes_the_server_down() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({ "debounceMs": "soon" })).await;
    // A change for a document that is not open, positions far out of range, unknown URIs.
    client
        .change("file:///nowhere/x.ts", Some([0, 0, 0, 0]), "x")
        .await;
    let uri = client.open("a.ts", "typescript", "let a = 1;\n").await;
    client.change(&uri, Some([99, 99, 120, 3]), "let b: any;").await;
    assert_eq!(client.diagnostics(&uri).await.len(), 1);
    assert_eq!(client.hover("file:///nowhere/y.ts", 0, 0).await, None);
    assert_eq!(client.hover("untitled:Untitled-1", 5000, 5000).await, None);
    let warnings = client.received("window/logMessage");
    assert!(
        warnings
            .iter()
            .any(|w| w["message"].as_str().unwrap().contains("debounceMs")),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w["message"].as_str().unwrap().contains("not open")),
        "{warnings:?}"
    );
    // A regex that would be too large is a diagnostic in the rules file, not a crash.
    let rules = client.open_file("autofix.json", "json").await;
    client.diagnostics(&rules).await;
    let huge = TS_RULES.replace(":\\\\s*any\\\\b", "\\\\w{1000}\\\\w{1000}\\\\w{1000}");
    client.change(&rules, None, &huge).await;
    let diags = client.diagnostics(&rules).await.brief();
    assert!(diags[0].message.contains("too large"), "{diags:?}");
    let answered = client.execute("autofix.listRules", json!([])).await;
    assert_eq!(answered["rules"][0]["rule_number"], 1);
}

#[tokio::test]
async fn clients_that_cannot_watch_files_still_see_rules_change_on_disk() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut caps = vscode_capabilities();
    caps["workspace"]["didChangeWatchedFiles"] = json!({});
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let doc = client.open("a.ts", "typescript", "let a: any; // TODO\n").await;
    assert_eq!(client.diagnostics(&doc).await.codes(), [json!(1)]);
    assert!(client.received("client/registerCapability").is_empty());
    // An agent learns a rule from the shell: the server notices within a poll.
    let learned = TS_RULES.replace(
        "\n]",
        ",\n  {\"Rule_number\": 2, \"Category\": \"STYLE\", \"Instruction\": \"Never leave TODO.\", \"Why\": \"w\", \"Check\": {\"Pattern\": \"TODO\"}}\n]",
    );
    std::fs::write(root.join("autofix.json"), learned).unwrap();
    let both = client.diagnostics_where(&doc, |d| d.len() == 2).await;
    assert_eq!(both.codes(), [json!(1), json!(2)]);
}

#[tokio::test]
async fn a_rules_file_deleted_on_disk_stops_counting_even_while_its_document_stays_open() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open("a.ts", "typescript", "let a: any;\n").await;
    assert_eq!(client.diagnostics(&doc).await.len(), 1);
    let rules = client.open_file("autofix.json", "json").await;
    client.diagnostics(&rules).await;
    std::fs::remove_file(root.join("autofix.json")).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": rules, "type": 3 }] }),
        )
        .await;
    client.diagnostics_where(&doc, |d| d.is_empty()).await;
    // Typing in the still-open buffer makes it the rules again.
    client.change(&rules, None, TS_RULES).await;
    client.diagnostics_where(&doc, |d| d.len() == 1).await;
}

#[tokio::test]
async fn a_check_that_stops_at_the_limit_says_so_and_comments_do_not_use_it_up() {
    let (_d, root) = workspace(&[(
        "autofix.json",
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log` in TypeScript.", "Why": "w"}]"#,
    )]);
    let client_text: String =
        "// console.log in a comment\n".repeat(1200) + &"console.log(1);\n".repeat(1005);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", &client_text).await;
    let diags = client.diagnostics(&uri).await;
    let notes: Vec<&Value> = diags.iter().filter(|d| d["data"]["truncated"] == true).collect();
    assert_eq!(
        diags.len() - notes.len(),
        1000,
        "the first thousand, past 1,200 comments"
    );
    insta::assert_json_snapshot!(client.redact(&json!(notes)), @r#"
    [
      {
        "range": {
          "start": {
            "line": 2199,
            "character": 0
          },
          "end": {
            "line": 2199,
            "character": 11
          }
        },
        "severity": 3,
        "source": "autofix",
        "message": "autofix: rule #1 stopped after 1000 violations in this file; the rest are not shown — fix these, or narrow the rule's `Files`, to see them",
        "data": {
          "rule": 1,
          "truncated": true
        }
      }
    ]
    "#);
    assert_eq!(Diag::of(&diags[0]).line(), 1200, "comments are not violations");
}

#[tokio::test]
async fn the_log_level_setting_decides_what_reaches_the_editors_output() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let client = TestClient::start(&root, vscode_capabilities(), json!({ "logLevel": "info" })).await;
    let reloaded = client
        .expect("window/logMessage", |m| {
            m["message"].as_str().unwrap().contains("rules read again") && m["type"] == 3
        })
        .await;
    assert!(
        reloaded["message"].as_str().unwrap().ends_with(" ms"),
        "{reloaded}"
    );
    // The default (`warn`) leaves information out.
    let quiet = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    quiet.expect("autofix/status", |_| true).await;
    assert!(
        quiet
            .received("window/logMessage")
            .iter()
            .all(|m| m["type"].as_u64() <= Some(2)),
        "{:?}",
        quiet.received("window/logMessage")
    );
}

/// Inferred code checks count in code only, and typing a comment or a string delimiter moves
/// that boundary at once: what a `/*` hides disappears, and comes back when it is closed — as
/// a fresh server opening each text would publish.
#[tokio::test]
async fn opening_and_closing_a_comment_hides_and_shows_code_violations() {
    let rules = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "types"}
]"#;
    let (_d, root) = workspace(&[("autofix.json", rules)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let text = "let a: any = 1;\n// any in a comment\nconst s = 'as any';\nlet b: any = 2;\n";
    let uri = client.open("src/a.ts", "typescript", text).await;
    assert_eq!(
        client.diagnostics(&uri).await.ranges(),
        [[0, 7, 0, 10], [3, 7, 3, 10]]
    );
    client.change(&uri, Some([1, 0, 1, 0]), "/*").await;
    assert_eq!(
        client.diagnostics(&uri).await.ranges(),
        [[0, 7, 0, 10]],
        "the open comment hides the `any` below it"
    );
    client.change(&uri, Some([2, 0, 2, 0]), "*/").await;
    assert_eq!(
        client.diagnostics(&uri).await.ranges(),
        [[0, 7, 0, 10], [3, 7, 3, 10]],
        "closed again: only the comment and the string are left out"
    );
}

/// Emacs with eglot in a project without `.git` makes the file's own folder the workspace
/// folder: the rules file above it still governs the file (as `autofix check` finds it).
#[tokio::test]
async fn a_rules_file_above_the_workspace_folder_governs_its_files() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES), ("src/lib/a.ts", "let a: any;\n")]);
    let folder = root.join("src/lib");
    let mut client = TestClient::start(&folder, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    let diags = client.diagnostics_where(&uri, |d| !d.is_empty()).await;
    assert_eq!(diags.brief()[0].code, 1);
}

/// Settings pushed right after start (eglot does) do not register the same watchers again; a
/// setting that changes what is watched does.
#[tokio::test]
async fn the_same_watchers_are_registered_once() {
    let (_d, root) = workspace(&[("autofix.json", TS_RULES)]);
    let client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.expect("client/registerCapability", |_| true).await;
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": {} } }),
        )
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        client.received("client/registerCapability").is_empty(),
        "the same watchers again: {:?}",
        client.received("client/registerCapability")
    );
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": { "workspaceDiagnostics": false } } }),
        )
        .await;
    client
        .expect("client/registerCapability", |p| {
            p["registrations"][0]["registerOptions"]["watchers"]
                .as_array()
                .map(Vec::len)
                == Some(3)
        })
        .await;
}
