//! Pull diagnostics, driven in-process over an in-memory pipe: `workspace/diagnostic` for the
//! files nobody opened (result ids, long polling, partial results, progress, cancellation, the
//! file limit, the setting), `textDocument/diagnostic` for open documents in pull mode and in
//! push mode, `workspace/diagnostic/refresh` after a rules change, and `autofix.fixWorkspace`.

mod common;

use std::time::Duration;

use autofix::lsp::protocol::FixWorkspaceResult;
use common::lsp::{TestClient, vscode_capabilities};
use common::{workspace, write};
use serde_json::{Value, json};

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use var.", "Why": "block scope",
   "Check": {"Files": ["src/**/*.js"], "Pattern": "\\bvar\\b", "Fix": "let"}},
  {"Rule_number": 2, "Category": "PROCESS", "Instruction": "No TODO in docs.", "Why": "ship it",
   "Check": {"Files": ["docs/**"], "Pattern": "TODO"}}
]"#;

fn project() -> (tempfile::TempDir, std::path::PathBuf) {
    workspace(&[
        ("autofix.json", RULES),
        (".gitignore", "build/\n"),
        ("src/a.js", "var a = 1;\nvar b = 2;\n"),
        ("src/clean.js", "let c = 3;\n"),
        ("src/nested/d.js", "// 😀 世界\nlet s = \"😀 世界\"; var d;\n"),
        ("build/out.js", "var ignored;\n"),
        ("docs/guide.md", "TODO: write\n"),
        ("README.md", "var TODO\n"),
    ])
}

/// What VS Code announces for pull diagnostics (vscode-languageclient 9).
fn pull_capabilities() -> Value {
    let mut caps = vscode_capabilities();
    caps["textDocument"]["diagnostic"] =
        json!({ "dynamicRegistration": true, "relatedDocumentSupport": false });
    caps["workspace"]["diagnostics"] = json!({ "refreshSupport": true });
    caps["window"]["workDoneProgress"] = json!(true);
    caps
}

fn items(report: &Value) -> Vec<Value> {
    report["items"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("a report: {report}"))
}

/// The files of a report, relative to the root, with their diagnostics' rule codes and lines.
fn summary(client: &TestClient, items: &[Value]) -> Vec<(String, Vec<(i64, u64)>)> {
    let mut out: Vec<(String, Vec<(i64, u64)>)> = items
        .iter()
        .map(|item| {
            let uri = item["uri"].as_str().unwrap();
            let prefix = format!("{}/", client.uri("").trim_end_matches('/'));
            let rel = uri.strip_prefix(&prefix).unwrap_or(uri).to_string();
            let diags = item["items"]
                .as_array()
                .map(|d| {
                    d.iter()
                        .map(|d| {
                            (
                                d["code"].as_i64().unwrap_or(-1),
                                d["range"]["start"]["line"].as_u64().unwrap(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            (rel, diags)
        })
        .collect();
    out.sort();
    out
}

fn previous(items: &[Value]) -> Vec<Value> {
    items
        .iter()
        .map(|i| json!({ "uri": i["uri"], "value": i["resultId"] }))
        .collect()
}

async fn pull(client: &mut TestClient, previous: Vec<Value>) -> Vec<Value> {
    let report = client
        .request("workspace/diagnostic", json!({ "previousResultIds": previous }))
        .await;
    items(&report)
}

/// A request that must be held open: no answer for a while. Returns its id.
async fn held(client: &mut TestClient, previous: Vec<Value>) -> u64 {
    let id = client
        .send_request("workspace/diagnostic", json!({ "previousResultIds": previous }))
        .await;
    let early = tokio::time::timeout(Duration::from_millis(400), client.response(id)).await;
    assert!(
        early.is_err(),
        "held open while nothing changed, answered {early:?}"
    );
    id
}

#[tokio::test]
async fn files_nobody_opened_are_reported_and_unchanged_ones_are_not_sent_again() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    let first = pull(&mut client, Vec::new()).await;
    assert_eq!(
        summary(&client, &first),
        [
            ("docs/guide.md".into(), vec![(2, 0)]),
            ("src/a.js".into(), vec![(1, 0), (1, 1)]),
            ("src/nested/d.js".into(), vec![(1, 1)]),
        ],
        "ignored, clean and unreached files are not reported"
    );
    let mut d = first
        .iter()
        .find(|i| i["uri"].as_str().unwrap().ends_with("d.js"))
        .unwrap()
        .clone();
    assert_eq!(d["resultId"].as_str().map(str::len), Some(16), "{d}");
    d["resultId"] = json!("[ID]");
    // UTF-16 columns after an emoji and CJK: `var` is at 17.
    insta::assert_json_snapshot!("workspace_report_item", client.redact(&d));

    // The client has everything: the next request waits until something changes.
    let id = held(&mut client, previous(&first)).await;
    write(&root, &[("src/clean.js", "var now = 1;\n")]);
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("src/clean.js"), "type": 2 }] }),
        )
        .await;
    let second = items(&client.response(id).await);
    assert_eq!(summary(&client, &second), [("src/clean.js".into(), vec![(1, 0)])]);

    // A file deleted: reported empty, once.
    let mut known = previous(&first);
    known.extend(previous(&second));
    let id = held(&mut client, known.clone()).await;
    std::fs::remove_file(root.join("src/a.js")).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("src/a.js"), "type": 3 }] }),
        )
        .await;
    let third = items(&client.response(id).await);
    assert_eq!(summary(&client, &third), [("src/a.js".into(), vec![])]);
}

#[tokio::test]
async fn open_documents_are_left_to_document_pulls_and_come_back_when_closed() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    let uri = client
        .open("src/a.js", "javascript", "var a = 1;\nlet b = 2;\nvar c;\n")
        .await;
    let report = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    assert_eq!(report["kind"], "full");
    let lines: Vec<u64> = report["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [0, 2], "the buffer, not the disk");
    let again = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri }, "previousResultId": report["resultId"] }),
        )
        .await;
    assert_eq!(again["kind"], "unchanged");
    assert_eq!(again["resultId"], report["resultId"]);

    let first = pull(&mut client, Vec::new()).await;
    assert!(
        !summary(&client, &first).iter().any(|(f, _)| f == "src/a.js"),
        "open: not in the workspace report"
    );
    // In pull mode nothing is pushed for documents.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        client
            .received("textDocument/publishDiagnostics")
            .iter()
            .all(|p| p["uri"] != uri),
        "no push for a pulled document"
    );

    // Closed: the disk's violations come back, even to a client that had them before.
    let mut known = previous(&first);
    known.push(json!({ "uri": uri, "value": report["resultId"] }));
    let id = held(&mut client, known).await;
    client.close(&uri).await;
    let after = items(&client.response(id).await);
    assert_eq!(
        summary(&client, &after),
        [("src/a.js".into(), vec![(1, 0), (1, 1)])]
    );
    // A document pull of a file that is not open (VS Code pulls once more as it closes one):
    // the file on disk.
    let closed = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    assert_eq!(closed["items"].as_array().map(Vec::len), Some(2), "{closed}");
}

#[tokio::test]
async fn a_rules_change_refreshes_pulled_diagnostics_and_rereads_what_it_reaches() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    client.answer("workspace/diagnostic/refresh", |_| Value::Null);
    let first = pull(&mut client, Vec::new()).await;
    let id = held(&mut client, previous(&first)).await;
    // A rule learned on disk (an agent, the CLI): every file it reaches shows, none opened.
    let learned = RULES.replace(
        "\n]",
        r#",
  {"Rule_number": 3, "Category": "CODE", "Instruction": "No TODO in markdown.", "Why": "w",
   "Check": {"Files": ["*.md"], "Pattern": "TODO"}}
]"#,
    );
    write(&root, &[("autofix.json", &learned)]);
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("autofix.json"), "type": 2 }] }),
        )
        .await;
    let report = items(&client.response(id).await);
    assert_eq!(
        summary(&client, &report),
        [
            ("README.md".into(), vec![(3, 0)]),
            ("docs/guide.md".into(), vec![(2, 0), (3, 0)])
        ]
    );
    client.expect("workspace/diagnostic/refresh", |_| true).await;
}

#[tokio::test]
async fn partial_results_are_streamed_and_the_first_report_shows_progress() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    client.answer("window/workDoneProgress/create", |_| Value::Null);
    let report = client
        .request(
            "workspace/diagnostic",
            json!({ "previousResultIds": [], "partialResultToken": "p1" }),
        )
        .await;
    assert!(items(&report).is_empty(), "all of it went as partial results");
    let partial: Vec<Value> = client
        .received("$/progress")
        .into_iter()
        .filter(|p| p["token"] == "p1")
        .flat_map(|p| p["value"]["items"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(summary(&client, &partial).len(), 3, "{partial:?}");
    let progress: Vec<Value> = client
        .received("$/progress")
        .into_iter()
        .filter(|p| p["token"] == "autofix/workspace-diagnostics")
        .map(|p| p["value"].clone())
        .collect();
    assert_eq!(progress.first().map(|v| v["kind"].clone()), Some(json!("begin")));
    let end = progress.last().unwrap();
    assert_eq!(end["kind"], "end");
    assert_eq!(end["message"], "4 files checked: 4 violations in 3 files");
}

#[tokio::test]
async fn a_held_request_can_be_cancelled_and_shutdown_answers_it() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    let first = pull(&mut client, Vec::new()).await;
    let id = held(&mut client, previous(&first)).await;
    client.notify("$/cancelRequest", json!({ "id": id })).await;
    let cancelled = client.response(id).await;
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");

    let id = held(&mut client, previous(&first)).await;
    let shutdown = client.send_request("shutdown", Value::Null).await;
    assert!(items(&client.response(id).await).is_empty());
    assert!(client.response(shutdown).await.is_null());
}

#[tokio::test]
async fn the_setting_turns_it_off_and_the_limit_says_what_it_left_out() {
    let (_d, root) = project();
    let mut client = TestClient::start(
        &root,
        pull_capabilities(),
        json!({ "workspaceDiagnosticsMaxFiles": 2 }),
    )
    .await;
    let first = pull(&mut client, Vec::new()).await;
    assert_eq!(
        summary(&client, &first).len(),
        2,
        "the first two files reached, by path"
    );
    let message = client.shown_message().await;
    assert!(
        message.contains("first 2 files")
            && message.contains("leave out 2 more")
            && message.contains("workspaceDiagnosticsMaxFiles"),
        "{message}"
    );

    let id = held(&mut client, previous(&first)).await;
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": { "workspaceDiagnostics": false } } }),
        )
        .await;
    let cleared = items(&client.response(id).await);
    assert_eq!(
        summary(&client, &cleared),
        [("docs/guide.md".into(), vec![]), ("src/a.js".into(), vec![])],
        "what was shown goes away"
    );
}

#[tokio::test]
async fn a_client_that_is_pushed_to_gets_empty_document_pulls() {
    let (_d, root) = project();
    // Neovim 0.11: pulls documents, cannot be told to pull again.
    let mut caps = vscode_capabilities();
    caps["textDocument"]["diagnostic"] = json!({ "dynamicRegistration": false });
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let uri = client.open("src/a.js", "javascript", "var a;\n").await;
    assert_eq!(client.diagnostics(&uri).await.len(), 1, "pushed");
    let pulled = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    assert_eq!(pulled, json!({ "kind": "full", "items": [] }), "nothing twice");
    // Its workspace pulls still report the files nobody opened.
    let report = pull(&mut client, Vec::new()).await;
    assert_eq!(summary(&client, &report).len(), 2);
}

#[tokio::test]
async fn fix_workspace_fixes_open_and_closed_files_in_one_reviewed_edit() {
    let (_d, root) = project();
    write(
        &root,
        &[
            (".aicockpitcodeignore", "src/vendor/\n"),
            ("src/vendor/lib.js", "var v;\n"),
        ],
    );
    let mut client = TestClient::start(&root, pull_capabilities(), json!({})).await;
    let uri = client
        .open("src/nested/d.js", "javascript", "var d; var e;\n")
        .await;
    let result: FixWorkspaceResult = client.execute_as("autofix.fixWorkspace", json!([])).await;
    assert_eq!(
        (result.files, result.fixes, result.applied),
        (2, 4, true),
        "{result:?}"
    );
    assert_eq!(result.left_alone.len(), 1);
    assert!(result.left_alone[0].path.ends_with("src/vendor/lib.js"));
    let edit = client.edit_request().await;
    let changes = edit["edit"]["documentChanges"].as_array().unwrap();
    let open = changes.iter().find(|c| c["textDocument"]["uri"] == uri).unwrap();
    assert_eq!(open["textDocument"]["version"], 1, "the open document's version");
    assert_eq!(open["edits"].as_array().unwrap().len(), 2);
    let closed = changes
        .iter()
        .find(|c| c["textDocument"]["uri"] == client.uri("src/a.js"))
        .unwrap();
    assert!(closed["textDocument"]["version"].is_null(), "a file on disk");
    assert_eq!(closed["edits"][0]["annotationId"], "autofix.fixWorkspace");
    assert_eq!(
        edit["edit"]["changeAnnotations"]["autofix.fixWorkspace"]["needsConfirmation"],
        true
    );
    assert_eq!(
        edit["edit"]["changeAnnotations"]["autofix.fixWorkspace"]["label"],
        "Fix 4 violations in 2 files"
    );
}

/// How many diagnostics a document pull of `rel` gives.
async fn document_count(client: &mut TestClient, rel: &str) -> usize {
    let uri = client.uri(rel);
    let report = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    report["items"].as_array().map_or(0, Vec::len)
}

/// `autofix.enable` as VS Code keeps it: a resource setting, answered per workspace folder.
/// A folder with it off shows no violations (open documents, files nobody opened, fixes); the
/// other folder is untouched, and turning it on again brings them back.
#[tokio::test]
async fn enable_turns_checking_off_for_one_folder_of_several() {
    let (_d, root) = workspace(&[
        ("one/autofix.json", RULES),
        ("one/src/a.js", "var a = 1;\n"),
        ("two/autofix.json", RULES),
        ("two/src/a.js", "var a = 1;\n"),
        ("two/src/b.js", "var b = 2;\n"),
    ]);
    let (one, two) = (root.join("one"), root.join("two"));
    let mut client = TestClient::start_in(&root, &[&one, &two], pull_capabilities(), json!({}), None).await;
    let switches = std::sync::Arc::new(std::sync::Mutex::new(json!(null)));
    let two_uri = common::lsp::uri(&two);
    let answer = switches.clone();
    client.answer("workspace/configuration", move |params| {
        let items = params["items"].as_array().cloned().unwrap_or_default();
        let two_enable = answer.lock().unwrap().clone();
        json!(
            items
                .iter()
                .map(|item| match item["section"].as_str() {
                    Some("autofix.enable") if item["scopeUri"] == two_uri.as_str() => two_enable.clone(),
                    Some("autofix.enable") => Value::Null,
                    _ => json!({}),
                })
                .collect::<Vec<_>>()
        )
    });
    let open_b = client
        .open("two/src/b.js", "javascript", "var b = 2;\nvar c;\n")
        .await;
    let all = pull(&mut client, Vec::new()).await;
    assert_eq!(
        summary(&client, &all),
        [
            ("one/src/a.js".into(), vec![(1, 0)]),
            ("two/src/a.js".into(), vec![(1, 0)]),
        ]
    );
    assert_eq!(document_count(&mut client, "two/src/b.js").await, 2);

    // Off in `two` (the user ticks it off in that folder's settings; VS Code pushes the change).
    *switches.lock().unwrap() = json!(false);
    let id = client
        .send_request(
            "workspace/diagnostic",
            json!({ "previousResultIds": previous(&all) }),
        )
        .await;
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": {} } }),
        )
        .await;
    let after = items(&client.response(id).await);
    assert_eq!(
        summary(&client, &after),
        [("two/src/a.js".into(), vec![])],
        "two's violations are cleared, one's stay as they were"
    );
    assert_eq!(
        document_count(&mut client, "two/src/b.js").await,
        0,
        "nor in open documents"
    );
    let actions = client.code_actions(&open_b, [0, 0, 0, 3], &[], None).await;
    assert!(
        actions.iter().all(|a| a["kind"] == "refactor.autofix.learn"),
        "no fixes where checking is off (learning a rule from a selection still works): {actions:?}"
    );
    let fixed: FixWorkspaceResult = client.execute_as("autofix.fixWorkspace", Value::Null).await;
    assert_eq!(
        (fixed.files, fixed.fixes),
        (1, 1),
        "fix-all fixes `one` only: {fixed:?}"
    );

    // On again.
    *switches.lock().unwrap() = json!(true);
    let mut known = previous(&all);
    known.retain(|k| !k["uri"].as_str().unwrap().ends_with("two/src/a.js"));
    known.extend(previous(&after));
    let id = client
        .send_request("workspace/diagnostic", json!({ "previousResultIds": known }))
        .await;
    client
        .notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": { "autofix": {} } }),
        )
        .await;
    let back = items(&client.response(id).await);
    assert_eq!(summary(&client, &back), [("two/src/a.js".into(), vec![(1, 0)])]);
    assert_eq!(document_count(&mut client, "two/src/b.js").await, 2);
}

/// `enable: false` from a client that only pushes settings (Neovim's `settings`, eglot's
/// `workspace-configuration`): nothing is checked anywhere.
#[tokio::test]
async fn enable_false_turns_checking_off_everywhere() {
    let (_d, root) = project();
    let mut client = TestClient::start(&root, pull_capabilities(), json!({ "enable": false })).await;
    // Nothing to report: the request is held until something changes.
    held(&mut client, Vec::new()).await;
    let uri = client.open("src/a.js", "javascript", "var a;\n").await;
    let report = client
        .request(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    assert_eq!(report["items"], json!([]));
}
