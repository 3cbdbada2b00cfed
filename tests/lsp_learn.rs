//! `autofix.learnRule` in the language server: the annotated edit, its three shapes (open
//! buffer, file on disk, new file), approval and rejection, clients that cannot edit, the
//! questions asked without arguments, and the "learn from selection" action.

mod common;

use autofix::lsp::protocol::LearnRuleResult;
use common::lsp::{Diagnostics, TestClient, error_message, of_kind, text_edits, vscode_capabilities};
use serde_json::{Value, json};

const RULES: &str = "[\n  {\"Rule_number\": 1, \"Category\": \"STYLE\", \"Instruction\": \"Never leave TODO.\", \"Why\": \"w\", \"Owner\": \"web\", \"Check\": {\"Pattern\": \"TODO\"}}\n]\n";

use common::workspace;

/// `autofix.learnRule` with one argument object: the result, or `{ "error": … }`.
async fn learn(client: &mut TestClient, args: Value) -> Value {
    client.execute("autofix.learnRule", json!([args])).await
}

fn learn_args(client: &TestClient) -> Value {
    json!({
        "category": "code",
        "instruction": "Never use `any` in TypeScript - use `unknown`.",
        "why": "type safety",
        "check": { "Files": ["**/*.ts"], "Pattern": ":\\s*any\\b", "Fix": ": unknown" },
        "uri": client.uri("src/a.ts"),
    })
}

#[tokio::test]
async fn learning_into_the_open_rules_buffer_is_a_versioned_annotated_edit_and_applies_at_once() {
    let (_d, root) = workspace(&[(".agents/autofix.json", RULES), ("src/a.ts", "let a: any = 1;\n")]);
    let mut client =
        TestClient::start(&root, vscode_capabilities(), json!({ "inferredChecks": false })).await;
    let doc = client.open_file("src/a.ts", "typescript").await;
    assert!(client.diagnostics(&doc).await.is_empty());
    let rules = client.open_file(".agents/autofix.json", "json").await;
    client.change(&rules, Some([2, 0, 2, 0]), "").await; // an edit, so the buffer is at version 2
    client.diagnostics(&rules).await;

    let args = learn_args(&client);
    let result = learn(&mut client, args).await;
    insta::assert_json_snapshot!(client.redact(&result), @r###"
    {
      "rule_number": 2,
      "path": "[ROOT]/.agents/autofix.json",
      "applied": true
    }
    "###);

    // Versioned against the open buffer (version 2), one edit, annotated for confirmation.
    let apply = client.edit_request().await;
    insta::assert_json_snapshot!(client.redact(&apply), @r###"
    {
      "edit": {
        "documentChanges": [
          {
            "textDocument": {
              "uri": "file://[ROOT]/.agents/autofix.json",
              "version": 2
            },
            "edits": [
              {
                "range": {
                  "start": {
                    "line": 1,
                    "character": 135
                  },
                  "end": {
                    "line": 1,
                    "character": 135
                  }
                },
                "newText": ",\n  {\n    \"Rule_number\": 2,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Never use `any` in TypeScript - use `unknown`.\",\n    \"Why\": \"type safety\",\n    \"Check\": {\n      \"Files\": [\n        \"**/*.ts\"\n      ],\n      \"Pattern\": \":\\\\s*any\\\\b\",\n      \"Fix\": \": unknown\"\n    }\n  }",
                "annotationId": "autofix.learn"
              }
            ]
          }
        ],
        "changeAnnotations": {
          "autofix.learn": {
            "label": "Learn rule #2",
            "needsConfirmation": true,
            "description": "Never use `any` in TypeScript - use `unknown`."
          }
        }
      }
    }
    "###);
    let new_text = common::lsp::apply_text_edits(RULES, text_edits(&apply["edit"]));
    assert!(
        new_text.starts_with(RULES.trim_end_matches("\n]\n")),
        "the first rule is untouched, byte for byte"
    );
    let parsed: Value = serde_json::from_str(&new_text).unwrap();
    assert_eq!(
        parsed[1]["Instruction"],
        "Never use `any` in TypeScript - use `unknown`."
    );
    assert_eq!(parsed[0]["Owner"], "web");

    // Applied (the test client says so) but the disk still holds what the rule was planned
    // against: only the editor's buffer has it.
    assert_eq!(
        client.shown_message().await,
        "Learned rule #2 ([CODE]): Never use `any` in TypeScript - use `unknown`. — recorded in .agents/autofix.json — unsaved: save .agents/autofix.json to keep it"
    );

    // The editor applies the edit to its buffer: the new rule is enforced in open files at once.
    client.change(&rules, None, &new_text).await;
    let diags = client.diagnostics_where(&doc, |d| !d.is_empty()).await;
    assert_eq!(diags[0]["code"], 2);
}

#[tokio::test]
async fn learning_into_a_file_on_disk_and_into_no_file() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let args = learn_args(&client);
    learn(&mut client, args).await;
    let apply = client.edit_request().await;
    assert_eq!(
        apply["edit"]["documentChanges"][0]["textDocument"],
        json!({ "uri": client.uri("autofix.json"), "version": null }),
        "not open: an unversioned edit"
    );

    let (_d2, empty) = workspace(&[("src/a.ts", "")]);
    let mut client = TestClient::start(&empty, vscode_capabilities(), json!({})).await;
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert_eq!(result.rule_number, Some(1));
    // No rules file: one is created, never over an existing one, and the rule written into it.
    let apply = client.edit_request().await;
    insta::assert_json_snapshot!(client.redact(&apply["edit"]), @r###"
    {
      "documentChanges": [
        {
          "kind": "create",
          "uri": "file://[ROOT]/.agents/autofix.json",
          "options": {
            "overwrite": false,
            "ignoreIfExists": false
          },
          "annotationId": "autofix.learn"
        },
        {
          "textDocument": {
            "uri": "file://[ROOT]/.agents/autofix.json",
            "version": null
          },
          "edits": [
            {
              "range": {
                "start": {
                  "line": 0,
                  "character": 0
                },
                "end": {
                  "line": 0,
                  "character": 0
                }
              },
              "newText": "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Never use `any` in TypeScript - use `unknown`.\",\n    \"Why\": \"type safety\",\n    \"Check\": {\n      \"Files\": [\n        \"**/*.ts\"\n      ],\n      \"Pattern\": \":\\\\s*any\\\\b\",\n      \"Fix\": \": unknown\"\n    }\n  }\n]\n",
              "annotationId": "autofix.learn"
            }
          ]
        }
      ],
      "changeAnnotations": {
        "autofix.learn": {
          "label": "Learn rule #1",
          "needsConfirmation": true,
          "description": "Never use `any` in TypeScript - use `unknown`."
        }
      }
    }
    "###);
}

#[tokio::test]
async fn a_rejected_edit_records_nothing_and_says_so() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer(
        "workspace/applyEdit",
        |_| json!({ "applied": false, "failureReason": "rejected by the user" }),
    );
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(!result.applied);
    assert!(client.received("window/showMessage").is_empty());
    assert_eq!(std::fs::read_to_string(root.join("autofix.json")).unwrap(), RULES);
}

#[tokio::test]
async fn a_client_that_cannot_edit_is_asked_then_gets_the_file_written_under_the_lock() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut caps = vscode_capabilities();
    caps["workspace"]["applyEdit"] = json!(false);
    let mut client =
        TestClient::start_with(&root, caps, json!({ "inferredChecks": false }), Some("es")).await;
    client.answer("window/showMessageRequest", |params| {
        assert!(
            params["message"]
                .as_str()
                .unwrap()
                .starts_with("autofix: Aprender la regla #2?"),
            "{params}"
        );
        json!({ "title": "Aplicar" })
    });
    let doc = client.open("src/a.ts", "typescript", "let a: any;\n").await;
    assert!(client.diagnostics(&doc).await.is_empty());
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(result.applied);
    assert!(client.received("workspace/applyEdit").is_empty());
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("autofix.json")).unwrap()).unwrap();
    assert_eq!(written[1]["Rule_number"], 2);
    assert_eq!(
        client.shown_message().await,
        "Regla aprendida #2 ([CODE]): Never use `any` in TypeScript - use `unknown`. — registrada en autofix.json"
    );
    let diags = client.diagnostics_where(&doc, |d| !d.is_empty()).await;
    assert_eq!(diags[0]["code"], 2);
}

#[tokio::test]
async fn a_client_that_can_neither_edit_nor_ask_gets_nothing_written_and_the_command_to_run() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut caps = vscode_capabilities();
    caps["workspace"]["applyEdit"] = json!(false);
    caps["window"] = json!({});
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(!result.applied, "{result:?}");
    let reason = result.failure_reason.unwrap();
    assert!(
        reason.contains(
            "autofix learn code 'Never use `any` in TypeScript - use `unknown`.' --why 'type safety'"
        ),
        "{reason}"
    );
    assert_eq!(std::fs::read_to_string(root.join("autofix.json")).unwrap(), RULES);
}

#[tokio::test]
async fn without_arguments_the_server_asks_for_a_category_and_opens_the_draft() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("window/showMessageRequest", |params| {
        let titles: Vec<&str> = params["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap())
            .collect();
        assert_eq!(
            titles,
            ["STYLE", "CODE", "ARCH", "TOOL", "PROCESS", "DATA", "UX", "OTHER"]
        );
        json!({ "title": "TOOL" })
    });
    client.answer("window/showDocument", |_| json!({ "success": true }));
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([])).await;
    assert!(result.applied);
    let apply = client.edit_request().await;
    let inserted = text_edits(&apply["edit"])[0]["newText"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        inserted.contains("\"Category\": \"TOOL\"") && inserted.contains("Never <what to avoid>"),
        "{inserted}"
    );
    let shown = client.expect("window/showDocument", |_| true).await;
    assert_eq!(shown["uri"], client.uri("autofix.json"));

    // Dismissing the question learns nothing.
    client.answer("window/showMessageRequest", |_| Value::Null);
    let result = client.execute("autofix.learnRule", Value::Null).await;
    insta::assert_json_snapshot!(client.redact(&result), @r###"
    {
      "rule_number": null,
      "path": "[ROOT]/autofix.json",
      "applied": false,
      "cancelled": true
    }
    "###);
}

#[tokio::test]
async fn a_broken_rules_file_is_refused_with_its_position() {
    let (_d, root) = workspace(&[("autofix.json", "[\n  {\"Rule_number\": 1,}\n]\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let args = learn_args(&client);
    let result = learn(&mut client, args).await;
    let message = error_message(&result);
    assert!(
        message.starts_with("autofix.json:2:20: invalid JSON"),
        "{message}"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
    let result = learn(
        &mut client,
        json!({ "category": "SECURITY", "instruction": "Never x.", "why": "w" }),
    )
    .await;
    assert!(
        error_message(&result).contains("use one of STYLE, CODE"),
        "{result}"
    );
}

#[tokio::test]
async fn a_selection_offers_to_learn_a_rule_that_forbids_it() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client
        .open("src/a.ts", "typescript", "let a: any = 1;\nlet b: any = 2;\n")
        .await;
    client.diagnostics(&uri).await;
    let actions = client.code_actions(&uri, [0, 7, 0, 10], &[], None).await;
    let action = of_kind(&actions, "refactor.autofix.learn").unwrap().clone();
    insta::assert_json_snapshot!(client.redact(&action), @r###"
    {
      "title": "Learn rule: never use `any`",
      "kind": "refactor.autofix.learn",
      "command": {
        "title": "Learn rule: never use `any`",
        "command": "autofix.learnRule",
        "arguments": [
          {
            "category": "CODE",
            "instruction": "Never use `any` in *.ts files.",
            "why": "learned from a correction",
            "check": {
              "Files": [
                "**/*.ts"
              ],
              "Pattern": "\\bany\\b"
            },
            "uri": "file://[ROOT]/src/a.ts"
          }
        ]
      }
    }
    "###);
    let args = &action["command"]["arguments"][0];
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert_eq!(result.rule_number, Some(2));
    let apply = client.edit_request().await;
    let new_text = common::lsp::apply_text_edits(RULES, text_edits(&apply["edit"]));
    std::fs::write(root.join("autofix.json"), &new_text).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("autofix.json"), "type": 2 }] }),
        )
        .await;
    let diags = client.diagnostics_where(&uri, |d| d.len() == 2).await;
    assert_eq!(diags.codes(), [json!(2), json!(2)]);
}

#[tokio::test]
async fn clients_without_change_annotations_are_asked_before_the_edit_and_reasons_come_back() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut caps = vscode_capabilities();
    caps["workspace"]["workspaceEdit"] = json!({ "documentChanges": true });
    let mut client = TestClient::start(&root, caps, json!({})).await;
    client.answer("window/showMessageRequest", |params| {
        assert!(
            params["message"]
                .as_str()
                .unwrap()
                .starts_with("autofix: Learn rule #2?"),
            "{params}"
        );
        json!({ "title": "Cancel" })
    });
    let args = learn_args(&client);
    let result = learn(&mut client, args).await;
    insta::assert_json_snapshot!(client.redact(&result), @r###"
    {
      "rule_number": 2,
      "path": "[ROOT]/autofix.json",
      "applied": false,
      "failure_reason": "rejected by the user"
    }
    "###);
    assert!(
        client.received("workspace/applyEdit").is_empty(),
        "nothing is sent without a yes"
    );

    client.answer("window/showMessageRequest", |_| json!({ "title": "Apply" }));
    client.answer(
        "workspace/applyEdit",
        |_| json!({ "applied": false, "failureReason": "the file changed" }),
    );
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    let apply = client.edit_request().await;
    assert!(apply["edit"].get("changeAnnotations").is_none());
    assert!(!result.applied);
    assert_eq!(result.failure_reason.as_deref(), Some("the file changed"));
}

fn rule(instruction: &str, uri: &str) -> Value {
    json!({ "category": "CODE", "instruction": instruction, "why": "w", "uri": uri })
}

#[tokio::test]
async fn rules_are_never_learned_outside_the_workspace() {
    let (_d, top) = workspace(&[
        ("ws/src/a.ts", "let a = 1;\n"),
        ("elsewhere/autofix.json", RULES),
        ("outside.json", RULES),
    ]);
    let ws = top.join("ws");
    let mut client = TestClient::start(&ws, vscode_capabilities(), json!({})).await;
    // A document outside every folder picks no rules file.
    let outside_uri = common::lsp::uri(&top.join("elsewhere/x.ts"));
    let refused = learn(&mut client, rule("Never a.", &outside_uri)).await;
    assert!(
        error_message(&refused).contains("outside every workspace folder"),
        "{refused}"
    );
    // A workspace rules file that is a link to a file outside.
    std::os::unix::fs::symlink(top.join("outside.json"), ws.join("autofix.json")).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("autofix.json"), "type": 1 }] }),
        )
        .await;
    let refused = {
        let a = rule("Never b.", &client.uri("src/a.ts"));
        learn(&mut client, a).await
    };
    assert!(
        error_message(&refused).contains("outside the workspace"),
        "{refused}"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
    assert_eq!(std::fs::read_to_string(top.join("outside.json")).unwrap(), RULES);
    std::fs::remove_file(ws.join("autofix.json")).unwrap();

    // A rulesFile setting pointing outside, relative or absolute: neither read nor written,
    // even by a server that writes itself (a client without applyEdit, saying yes).
    for setting in [
        "../outside.json".to_string(),
        top.join("outside.json").display().to_string(),
    ] {
        let mut caps = vscode_capabilities();
        caps["workspace"]["applyEdit"] = json!(false);
        let mut client = TestClient::start(&ws, caps, json!({ "rulesFile": setting })).await;
        client.answer("window/showMessageRequest", |_| json!({ "title": "Apply" }));
        let listed = client.execute("autofix.listRules", json!([])).await;
        assert_eq!(listed["rules"], json!([]), "not read: {listed}");
        assert!(
            listed["error"]
                .as_str()
                .unwrap()
                .contains("outside the workspace"),
            "{listed}"
        );
        let refused = {
            let a = rule("Never c.", &client.uri("src/a.ts"));
            learn(&mut client, a).await
        };
        assert!(refused.get("error").is_some(), "{setting}: {refused}");
        assert_eq!(std::fs::read_to_string(top.join("outside.json")).unwrap(), RULES);
    }
}

#[tokio::test]
async fn a_rules_file_caught_mid_save_is_read_again_and_an_empty_one_is_refused() {
    let (_d, root) = workspace(&[("autofix.json", ""), ("src/a.ts", "x\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    let file = root.join("autofix.json");
    let restorer = {
        let file = file.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(150));
            std::fs::write(file, RULES).unwrap();
        })
    };
    let result = {
        let a = rule("Never b.", &client.uri("src/a.ts"));
        learn(&mut client, a).await
    };
    restorer.join().unwrap();
    assert_eq!(result["rule_number"], 2, "{result}");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        written.as_array().unwrap().len(),
        2,
        "rule #1 survived: {written}"
    );

    std::fs::write(&file, "").unwrap();
    let refused = {
        let a = rule("Never c.", &client.uri("src/a.ts"));
        learn(&mut client, a).await
    };
    assert!(
        error_message(&refused).contains("the rules file is empty"),
        "{refused}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "");
}

#[tokio::test]
async fn a_rules_file_that_check_refuses_is_refused_by_learn_too() {
    let broken = "[\n  {\"Rule_number\": 18446744073709551616, \"Category\": \"CODE\", \"Instruction\": \"Never a.\", \"Why\": \"w\"}\n]\n";
    let (_d, root) = workspace(&[("autofix.json", broken), ("src/a.ts", "x\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let refused = {
        let a = rule("Never b.", &client.uri("src/a.ts"));
        learn(&mut client, a).await
    };
    let message = error_message(&refused);
    assert!(
        message.starts_with("autofix.json:2:19: `Rule_number` 18446744073709551616 is too large"),
        "{message}"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_learners_in_the_editor_and_the_shell_never_share_a_number() {
    let (_d, root) = workspace(&[("autofix.json", RULES), ("src/a.ts", "x\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    // An editor that approves each learned rule at once but saves it a moment later, and a
    // terminal `autofix learn` started while the first review is open.
    let shell = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let reviews = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    {
        let (shell, reviews, root) = (shell.clone(), reviews.clone(), root.clone());
        client.answer("workspace/applyEdit", move |params| {
            if reviews.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0 {
                for i in 0..2 {
                    let child = std::process::Command::new(env!("CARGO_BIN_EXE_autofix"))
                        .args([
                            "learn",
                            "CODE",
                            &format!("Never do shell thing {i}."),
                            "--why",
                            "race",
                        ])
                        .current_dir(&root)
                        .stdout(std::process::Stdio::null())
                        .spawn()
                        .unwrap();
                    shell.lock().unwrap().push(child);
                }
                std::thread::sleep(std::time::Duration::from_millis(300));
            }
            let params = params.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(150));
                common::lsp::apply_to_disk(&params);
            });
            json!({ "applied": true })
        });
    }
    let uri = client.uri("src/a.ts");
    let params: Vec<Value> = (0..8)
        .map(|i| json!({ "command": "autofix.learnRule", "arguments": [rule(&format!("Never do editor thing {i}."), &uri)] }))
        .collect();
    let results = client.request_all("workspace/executeCommand", params).await;
    let children: Vec<_> = std::mem::take(&mut *shell.lock().unwrap());
    assert_eq!(children.len(), 2);
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for r in &results {
        assert_eq!(r["applied"], true, "{r}");
    }
    let rules: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("autofix.json")).unwrap()).unwrap();
    let mut numbers: Vec<u64> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["Rule_number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers.len(), 11, "no rule lost: {rules:#}");
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 11, "every number unique: {rules:#}");
    let reported: Vec<u64> = results
        .iter()
        .map(|r| r["rule_number"].as_u64().unwrap())
        .collect();
    for (n, r) in reported.iter().zip(&results) {
        assert!(
            numbers.contains(n),
            "the number reported is the one in the file: {r}"
        );
    }
}

/// In a workspace of several folders the confirmation names the folder, and a rule learned into
/// a rules file nobody has open is enforced as soon as the editor says the edit is applied — no
/// file watcher involved (the test client sends no `didChangeWatchedFiles`).
#[tokio::test]
async fn a_learned_rule_is_enforced_at_once_and_named_with_its_folder() {
    let (_d, root) = workspace(&[("one/autofix.json", RULES), ("two/autofix.json", RULES)]);
    let (one, two) = (root.join("one"), root.join("two"));
    let mut client = TestClient::start_in(&root, &[&one, &two], vscode_capabilities(), json!({}), None).await;
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    let uri = client.open("two/src/a.ts", "typescript", "let a: any;\n").await;
    assert!(client.diagnostics(&uri).await.is_empty());
    let mut args = learn_args(&client);
    args["uri"] = json!(uri);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(result.applied, "{result:?}");
    let shown = client.shown_message().await;
    assert_eq!(
        shown,
        "Learned rule #2 ([CODE]): Never use `any` in TypeScript - use `unknown`. — recorded in two/autofix.json"
    );
    let diags = client.diagnostics_where(&uri, |d| !d.is_empty()).await;
    assert_eq!(diags.brief()[0].code, 2, "enforced without a watcher event");
}

/// The user edits the proposed rule in the review before accepting (here: the editor writes the
/// proposal with a changed instruction): the confirmation names the rule as it landed and says
/// it was edited.
#[tokio::test]
async fn a_rule_edited_in_the_review_is_confirmed_as_it_landed() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let file = root.join("autofix.json");
    client.answer("workspace/applyEdit", move |params| {
        let answer = common::lsp::apply_to_disk(params);
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(
            &file,
            text.replace("use `unknown`.", "use `unknown` with type guards."),
        )
        .unwrap();
        answer
    });
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(result.applied, "{result:?}");
    assert_eq!(
        client.shown_message().await,
        "Learned rule #2 ([CODE]): Never use `any` in TypeScript - use `unknown` with type guards. — recorded in autofix.json (as you edited it in the review)"
    );
}

/// An editor that applies the edit to its buffer and does not save it (Emacs with eglot): the
/// confirmation says the rule is only in the buffer, and how to keep it.
#[tokio::test]
async fn a_rule_learned_into_an_unsaved_buffer_says_so() {
    let (_d, root) = workspace(&[("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    // The buffer differs from the disk, as it does after an editor applied an edit without saving.
    client
        .open("autofix.json", "json", &RULES.replace("\"w\"", "\"why\""))
        .await;
    let args = learn_args(&client);
    let result: LearnRuleResult = client.execute_as("autofix.learnRule", json!([args])).await;
    assert!(result.applied, "{result:?}");
    let shown = client.shown_message().await;
    assert!(
        shown.starts_with("Learned rule #2 ([CODE]): ")
            && shown.ends_with(" — recorded in autofix.json — unsaved: save autofix.json to keep it"),
        "{shown}"
    );
}
