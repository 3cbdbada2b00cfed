//! Apply diff in the language server: the annotated edit per file with one minimal edit per
//! block, previews, failures and their escalation, access rules, and diffs written inside open
//! documents (code action and code lenses).

mod common;

use common::lsp::{TestClient, lens_titles, of_kind, text_edits, vscode_capabilities};
use serde_json::{Value, json};

const APP: &str =
    "function greet(name) {\n  return 'hi ' + name;\n}\n\nfunction bye() {\n  return 'bye';\n}\n";

fn diff(search: &str, replace: &str, line: usize) -> String {
    format!("<<<<<<< SEARCH\n:start_line:{line}\n-------\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n")
}

use common::workspace;

/// Runs command `name` with one argument object: the report, or `{ "error": … }`.
async fn command(client: &mut TestClient, name: &str, args: Value) -> Value {
    client.execute(name, json!([args])).await
}

#[tokio::test]
async fn apply_diff_sends_one_versioned_annotated_edit_with_one_minimal_edit_per_block() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open_file("src/app.js", "javascript").await;
    client.change(&uri, Some([7, 0, 7, 0]), "").await;
    let two = format!(
        "{}{}",
        diff("  return 'hi ' + name;", "  return 'hello ' + name;", 2),
        diff("  return 'bye';", "  return 'goodbye';", 6)
    );
    let report = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "uri": uri, "diff": two }),
    )
    .await;
    // Both blocks applied; the report carries no content.
    insta::assert_json_snapshot!(client.redact(&report), @r###"
    {
      "success": true,
      "blocks": [
        {
          "index": 0,
          "status": "applied",
          "line": 2,
          "similarity": 1.0,
          "error": null,
          "match": "exact"
        },
        {
          "index": 1,
          "status": "applied",
          "line": 6,
          "similarity": 1.0,
          "error": null,
          "match": "exact"
        }
      ],
      "error": null,
      "path": "[ROOT]/src/app.js",
      "applied": true
    }
    "###);

    // Versioned against the open buffer, one edit per block (`i` becomes `ello`), annotated.
    let apply = client.edit_request().await;
    insta::assert_json_snapshot!(client.redact(&apply), @r###"
    {
      "edit": {
        "documentChanges": [
          {
            "textDocument": {
              "uri": "file://[ROOT]/src/app.js",
              "version": 2
            },
            "edits": [
              {
                "range": {
                  "start": {
                    "line": 1,
                    "character": 11
                  },
                  "end": {
                    "line": 1,
                    "character": 12
                  }
                },
                "newText": "ello",
                "annotationId": "autofix.diff"
              },
              {
                "range": {
                  "start": {
                    "line": 5,
                    "character": 10
                  },
                  "end": {
                    "line": 5,
                    "character": 10
                  }
                },
                "newText": "good",
                "annotationId": "autofix.diff"
              }
            ]
          }
        ],
        "changeAnnotations": {
          "autofix.diff": {
            "label": "Apply diff to src/app.js (2 blocks)",
            "needsConfirmation": true,
            "description": "2 of 2 blocks will be applied"
          }
        }
      }
    }
    "###);
}

#[tokio::test]
async fn a_file_that_is_not_open_gets_an_unversioned_edit_and_preview_only_reports() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let d = diff("function bye() {", "function farewell() {", 5);
    let preview = command(
        &mut client,
        "autofix.previewDiff",
        json!({ "path": "src/app.js", "diff": d }),
    )
    .await;
    // A preview: no `applied`.
    insta::assert_json_snapshot!(client.redact(&preview), @r###"
    {
      "success": true,
      "blocks": [
        {
          "index": 0,
          "status": "applied",
          "line": 5,
          "similarity": 1.0,
          "error": null,
          "match": "exact"
        }
      ],
      "error": null,
      "path": "[ROOT]/src/app.js"
    }
    "###);
    assert!(client.received("workspace/applyEdit").is_empty());

    let report = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": d }),
    )
    .await;
    assert_eq!(report["applied"], true);
    let apply = client.edit_request().await;
    assert_eq!(
        apply["edit"]["documentChanges"][0]["textDocument"],
        json!({ "uri": client.uri("src/app.js"), "version": null })
    );
    assert_eq!(
        std::fs::read_to_string(root.join("src/app.js")).unwrap(),
        APP,
        "the server never writes itself"
    );
}

#[tokio::test]
async fn failures_are_reported_per_block_and_escalate() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let mixed = format!(
        "{}{}",
        diff("function bye() {", "function farewell() {", 5),
        diff("  nowhere();", "  somewhere();", 2)
    );
    let report = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": mixed }),
    )
    .await;
    // A success: at least one block applied; the other failed, with what to do.
    insta::assert_json_snapshot!(client.redact(&report), @r###"
    {
      "success": true,
      "blocks": [
        {
          "index": 0,
          "status": "applied",
          "line": 5,
          "similarity": 1.0,
          "error": null,
          "match": "exact"
        },
        {
          "index": 1,
          "status": "failed",
          "line": 1,
          "similarity": 0.2727272727272727,
          "error": "No match for the SEARCH lines within 40 lines of line 2 (lines 1-7 searched). Nothing there resembles them (the closest lines, at line 1, are 27.2% similar).\n\nSEARCH lines:\n  nowhere();\n\nTip: the file may have changed since you last read it. Re-read it to get its current content, then copy the lines to change exactly, whitespace included, and give the line where they start as `:start_line:`.",
          "reason": "not_found"
        }
      ],
      "error": "1 of 2 blocks applied; 1 failed.\n\nBlock 2: No match for the SEARCH lines within 40 lines of line 2 (lines 1-7 searched). Nothing there resembles them (the closest lines, at line 1, are 27.2% similar).\n\nSEARCH lines:\n  nowhere();\n\nTip: the file may have changed since you last read it. Re-read it to get its current content, then copy the lines to change exactly, whitespace included, and give the line where they start as `:start_line:`.",
      "path": "[ROOT]/src/app.js",
      "applied": true
    }
    "###);
    let apply = client.edit_request().await;
    assert_eq!(text_edits(&apply["edit"]).len(), 1);

    let bad = diff("  nowhere();", "  somewhere();", 2);
    let first = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": bad }),
    )
    .await;
    assert_eq!(first["success"], false);
    assert_eq!(first["applied"], false);
    let second = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": bad }),
    )
    .await;
    assert!(
        second["error"]
            .as_str()
            .unwrap()
            .contains("failure number 3 in a row"),
        "{second}"
    );
    assert!(
        client.received("workspace/applyEdit").is_empty(),
        "nothing applied, nothing sent"
    );
    let malformed = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": "<<<<<<< SEARCH\nx\n" }),
    )
    .await;
    assert_eq!(malformed["success"], false);
    assert!(
        malformed["error"].as_str().unwrap().contains("======="),
        "{malformed}"
    );
}

#[tokio::test]
async fn targets_must_stay_in_the_workspace_and_respect_the_ignore_file() {
    let (_d, root) = workspace(&[
        ("ws/src/app.js", APP),
        ("ws/secrets/key.txt", "k\n"),
        ("ws/.aicockpitcodeignore", "secrets/\n"),
        ("outside.txt", "o\n"),
    ]);
    let mut client = TestClient::start(&root.join("ws"), vscode_capabilities(), json!({})).await;
    let d = diff("k", "stolen", 1);
    let blocked = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "secrets/key.txt", "diff": d }),
    )
    .await;
    assert!(
        blocked["error"]
            .as_str()
            .unwrap()
            .contains("access blocked by .aicockpitcodeignore"),
        "{blocked}"
    );
    let outside = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "../outside.txt", "diff": diff("o", "x", 1) }),
    )
    .await;
    assert!(
        outside["error"]
            .as_str()
            .unwrap()
            .contains("outside the workspace"),
        "{outside}"
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("outside.txt"), root.join("ws/link.txt")).unwrap();
        let through = command(
            &mut client,
            "autofix.applyDiff",
            json!({ "path": "link.txt", "diff": diff("o", "x", 1) }),
        )
        .await;
        assert!(
            through["error"]
                .as_str()
                .unwrap()
                .contains("outside the workspace"),
            "{through}"
        );
    }
    // The ignore file is read again when it changes, with no watcher event needed.
    std::fs::write(root.join("ws/.aicockpitcodeignore"), "src/\n").unwrap();
    let now_blocked = command(
        &mut client,
        "autofix.previewDiff",
        json!({ "path": "src/app.js", "diff": diff("}", "};", 3) }),
    )
    .await;
    assert!(
        now_blocked["error"].as_str().unwrap().contains("access blocked"),
        "{now_blocked}"
    );
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test]
async fn the_xml_wrapper_names_the_target() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let wrapped = format!(
        "<apply_diff>\n<path>src/app.js</path>\n<diff>\n{}</diff>\n</apply_diff>",
        diff("function bye() {", "function farewell() {", 5)
    );
    let report = command(&mut client, "autofix.applyDiff", json!({ "diff": wrapped })).await;
    assert_eq!(report["applied"], true, "{report}");
    assert_eq!(report["path"], root.join("src/app.js").display().to_string());
}

#[tokio::test]
async fn clients_that_cannot_edit_get_plain_changes_or_a_written_file() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut caps = vscode_capabilities();
    caps["workspace"]["workspaceEdit"] = json!({});
    let mut client = TestClient::start(&root, caps.clone(), json!({})).await;
    // Without change annotations the editor would not ask: the server does.
    client.answer("window/showMessageRequest", |params| {
        let message = params["message"].as_str().unwrap();
        assert!(
            message.starts_with("autofix: Apply diff to src/app.js (1 block)?"),
            "{params}"
        );
        json!({ "title": "Apply" })
    });
    let d = diff("function bye() {", "function farewell() {", 5);
    command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": d }),
    )
    .await;
    let apply = client.edit_request().await;
    insta::assert_json_snapshot!(client.redact(&apply["edit"]), @r###"
    {
      "changes": {
        "file://[ROOT]/src/app.js": [
          {
            "range": {
              "start": {
                "line": 4,
                "character": 9
              },
              "end": {
                "line": 4,
                "character": 12
              }
            },
            "newText": "farewell"
          }
        ]
      }
    }
    "###);

    // A client that cannot apply edits at all is asked first, then the server writes.
    caps["workspace"]["applyEdit"] = json!(false);
    let mut client = TestClient::start(&root, caps.clone(), json!({})).await;
    let rejected = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": d }),
    )
    .await;
    assert_eq!(rejected["applied"], false, "no answer is no: {rejected}");
    assert!(
        !std::fs::read_to_string(root.join("src/app.js"))
            .unwrap()
            .contains("farewell")
    );
    client.answer("window/showMessageRequest", |params| {
        assert!(
            params["message"]
                .as_str()
                .unwrap()
                .starts_with("autofix: Apply diff to src/app.js (1 block)? — 1 of 1 block will be applied"),
            "{params}"
        );
        json!({ "title": "Apply" })
    });
    let report = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": d }),
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    assert!(
        std::fs::read_to_string(root.join("src/app.js"))
            .unwrap()
            .contains("function farewell() {")
    );

    // A client that can neither apply edits nor ask: nothing is written, and the user is told
    // how to apply it.
    caps["window"] = json!({});
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let back = diff("function farewell() {", "function bye() {", 5);
    let report = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": back }),
    )
    .await;
    assert_eq!(report["applied"], false, "{report}");
    let reason = report["failure_reason"].as_str().unwrap();
    assert!(
        reason.contains("wrote nothing") && reason.contains("autofix apply-diff"),
        "{reason}"
    );
    let shown = client.expect("window/showMessage", |m| m["type"] == 2).await;
    assert!(
        shown["message"].as_str().unwrap().contains("autofix apply-diff"),
        "{shown}"
    );
    assert!(
        std::fs::read_to_string(root.join("src/app.js"))
            .unwrap()
            .contains("function farewell() {"),
        "untouched"
    );
    assert!(client.received("window/showMessageRequest").is_empty());
}

const CHAT: &str = "Here is the change:\n\n```diff:src/app.js\n<<<<<<< SEARCH\n:start_line:5\n-------\nfunction bye() {\n=======\nfunction farewell() {\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n:start_line:2\n-------\n  return 'hey ' + name;\n=======\n  return 'hello ' + name;\n>>>>>>> REPLACE\n```\n";

#[tokio::test]
async fn a_diff_in_a_chat_log_gets_an_action_and_live_code_lenses() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let chat = client.open("notes/chat.md", "markdown", CHAT).await;
    client.diagnostics(&chat).await;
    // A lens on each block's SEARCH line: the first applies, the second matches no line.
    let lenses = client.code_lenses(&chat).await;
    insta::assert_json_snapshot!(client.redact(&json!(lenses)), @r#"
    [
      {
        "range": {
          "start": {
            "line": 3,
            "character": 0
          },
          "end": {
            "line": 3,
            "character": 0
          }
        },
        "command": {
          "title": "autofix: Apply to src/app.js — 1 of 2 blocks · block 1 at line 5 (100%)",
          "command": "autofix.applyDiff",
          "arguments": [
            {
              "path": "[ROOT]/src/app.js",
              "source": {
                "uri": "file://[ROOT]/notes/chat.md",
                "index": 0,
                "version": 1
              }
            }
          ]
        }
      },
      {
        "range": {
          "start": {
            "line": 10,
            "character": 0
          },
          "end": {
            "line": 10,
            "character": 0
          }
        },
        "command": {
          "title": "autofix: no match — best 90.4% at line 2",
          "command": "autofix.showMessage",
          "arguments": [
            {
              "message": "autofix: no match — best 90.4% at line 2: No match for the SEARCH lines within 40 lines of line 2 (lines 1-7 searched). The most similar lines start at line 2 and are 90.4% similar; 100% is required.\n\nSEARCH lines:\n  return 'hey ' + name;\n\nBest candidate (line 2, 90.4% similar):\n2 |   return 'hi ' + name;\n\nTip: the file may have changed since you last read it. Re-read it to get its current content, then copy the lines to change exactly, whitespace included, and give the line where they start as `:start_line:`."
            }
          ]
        }
      }
    ]
    "#);

    // Editing the target makes the client ask again; the new lenses follow the new text.
    let target = client.open_file("src/app.js", "javascript").await;
    client.change(&target, Some([1, 10, 1, 12]), "hey").await;
    client.expect("workspace/codeLens/refresh", |_| true).await;
    let lenses = client.code_lenses(&chat).await;
    assert_eq!(
        lens_titles(&lenses)[1],
        "autofix: Apply to src/app.js — 2 blocks · block 2 at line 2 (100%)"
    );

    let actions = client.code_actions(&chat, [6, 0, 6, 0], &[], None).await;
    let apply = of_kind(&actions, "refactor.autofix.applyDiff").unwrap().clone();
    assert_eq!(apply["title"], "Apply diff to src/app.js (2 blocks)");
    let args = apply["command"]["arguments"][0].clone();
    let report = command(&mut client, "autofix.applyDiff", args).await;
    assert_eq!(report["applied"], true);
    let edit = client.edit_request().await;
    assert_eq!(edit["edit"]["documentChanges"][0]["textDocument"]["uri"], target);
}

/// Agents name the file in a sentence above the fence ("Edit `src/app.js`:"): the first path
/// named there that is a file of the workspace is the target; prose naming no such file (or
/// only files the diff may not change) leaves the diff without one.
#[tokio::test]
async fn a_path_named_in_the_prose_above_is_the_target_when_it_exists() {
    let (_d, root) = workspace(&[("src/app.js", APP), (".git/config", "")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let block = diff("function bye() {", "function farewell() {", 5);
    let chat = format!(
        "Sure. Edit `src/app.js` like in docs/old.js:\n\n```diff\n{block}```\n\n\
         In src/missing.js, and then .git/config:\n\n```diff\n{block}```\n"
    );
    let chat = client.open("notes/chat.md", "markdown", &chat).await;
    client.diagnostics(&chat).await;
    let lenses = client.code_lenses(&chat).await;
    assert_eq!(
        lens_titles(&lenses),
        [
            "autofix: Apply to src/app.js — at line 5 (100%)",
            "autofix: no target path above the diff"
        ]
    );
    let actions = client.code_actions(&chat, [4, 0, 4, 0], &[], None).await;
    let apply = of_kind(&actions, "refactor.autofix.applyDiff").unwrap().clone();
    assert_eq!(apply["title"], "Apply diff to src/app.js (1 block)");
    let report = command(
        &mut client,
        "autofix.applyDiff",
        apply["command"]["arguments"][0].clone(),
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    let edit = client.edit_request().await;
    let change = &edit["edit"]["documentChanges"][0];
    assert!(
        change["textDocument"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("/src/app.js"),
        "{edit}"
    );
    assert_eq!(change["edits"][0]["newText"], "farewell");
}

#[tokio::test]
async fn a_lens_that_only_informs_shows_its_text_when_clicked() {
    let (_d, root) = workspace(&[("src/app.js", APP), (".aicockpitcodeignore", "src/\n")]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let chat = client.open("chat.md", "markdown", CHAT).await;
    client.diagnostics(&chat).await;
    let lenses = client.code_lenses(&chat).await;
    let command = lenses[0]["command"].clone();
    assert!(
        command["title"]
            .as_str()
            .unwrap()
            .contains("access blocked by .aicockpitcodeignore"),
        "{command}"
    );
    assert_eq!(command["command"], "autofix.showMessage");
    // The editor sends the lens's command as it is.
    client.request("workspace/executeCommand", command.clone()).await;
    assert_eq!(client.shown_message().await, command["title"]);
}

#[tokio::test]
async fn nested_workspace_folders_keep_the_outer_ignore_file_in_force() {
    let (_d, root) = workspace(&[
        (".aicockpitcodeignore", "secrets/\n"),
        ("pkg/secrets/key.txt", "k\n"),
        ("pkg/src/a.js", "a\n"),
    ]);
    let pkg = root.join("pkg");
    let mut client =
        TestClient::start_in(&root, &[&root, &pkg], vscode_capabilities(), json!({}), None).await;
    let blocked = command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": pkg.join("secrets/key.txt"), "diff": diff("k", "stolen", 1) }),
    )
    .await;
    assert_eq!(blocked["applied"], false, "{blocked}");
    assert!(
        blocked["error"]
            .as_str()
            .unwrap()
            .contains("access blocked by .aicockpitcodeignore (pattern `secrets/`)"),
        "{blocked}"
    );
    let allowed = command(
        &mut client,
        "autofix.previewDiff",
        json!({ "path": pkg.join("src/a.js"), "diff": diff("a", "b", 1) }),
    )
    .await;
    assert_eq!(allowed["success"], true, "{allowed}");
    assert!(client.received("workspace/applyEdit").is_empty());
}

#[tokio::test]
async fn the_ignore_file_and_git_are_protected_from_diffs() {
    let (_d, root) = workspace(&[
        (".aicockpitcodeignore", "secrets/\n"),
        (".git/config", "[core]\n"),
        ("src/a.js", "a\n"),
    ]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    for (path, search, why) in [
        (".aicockpitcodeignore", "secrets/", "never changes an ignore file"),
        (".git/config", "[core]", "never reads or writes inside .git/"),
    ] {
        let report = command(
            &mut client,
            "autofix.applyDiff",
            json!({ "path": path, "diff": diff(search, "", 1) }),
        )
        .await;
        assert_eq!(report["applied"], false, "{report}");
        assert!(report["error"].as_str().unwrap().contains(why), "{report}");
    }
    assert!(client.received("workspace/applyEdit").is_empty());
    assert_eq!(
        std::fs::read_to_string(root.join(".aicockpitcodeignore")).unwrap(),
        "secrets/\n"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn a_diff_naming_a_fifo_does_not_hang_the_server() {
    let (_d, root) = workspace(&[("src/a.js", "a\n")]);
    let fifo = root.join("src/pipe.js");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let chat = format!(
        "Here is the change:\n\nsrc/pipe.js\n```\n{}```\n",
        diff("a", "b", 1)
    );
    let uri = client.open("chat.md", "markdown", &chat).await;
    let lenses = tokio::time::timeout(std::time::Duration::from_secs(5), client.code_lenses(&uri))
        .await
        .expect("code lenses must not block on a FIFO");
    let lenses = json!(lenses);
    assert!(
        lenses.to_string().contains("not a regular file (a FIFO)"),
        "{lenses}"
    );
    let report = command(
        &mut client,
        "autofix.previewDiff",
        json!({ "path": "src/pipe.js", "diff": diff("a", "b", 1) }),
    )
    .await;
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("not a regular file (a FIFO)"),
        "{report}"
    );
    let shutdown = tokio::time::timeout(
        std::time::Duration::from_secs(1),
        client.request("shutdown", json!(null)),
    )
    .await;
    assert!(shutdown.is_ok(), "shutdown answered within a second");
}

/// A client that drops command replies (eglot) hears the result anyway: a one-line summary as a
/// message, each block in the log. The editors that show the reply themselves (they announce
/// `experimental.autofixCommandResults`) get no second report.
#[tokio::test]
async fn clients_that_drop_command_replies_get_the_result_as_messages() {
    let (_d, root) = workspace(&[("src/app.js", APP)]);
    let mixed = format!(
        "{}{}",
        diff("function bye() {", "function farewell() {", 5),
        diff("  nowhere();", "  somewhere();", 2)
    );
    let mut eglot = vscode_capabilities();
    eglot.as_object_mut().unwrap().remove("experimental");
    let mut client = TestClient::start(&root, eglot, json!({})).await;
    command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": mixed }),
    )
    .await;
    let shown = client
        .expect("window/showMessage", |p| {
            p["message"].as_str().is_some_and(|m| m.contains("src/app.js"))
        })
        .await;
    assert_eq!(
        shown["message"], "autofix: src/app.js: 1 of 2 blocks applied, 1 failed (details in the log)",
        "{shown}"
    );
    assert_eq!(shown["type"], 2, "a partial result is a warning: {shown}");
    let logged = client
        .expect("window/logMessage", |p| {
            p["message"].as_str().is_some_and(|m| m.contains("block 2"))
        })
        .await;
    let log = logged["message"].as_str().unwrap();
    assert!(log.contains("block 1: applied at line 5 (100%)"), "{log}");
    assert!(log.contains("block 2: failed"), "{log}");

    // A refusal says why.
    command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": ".git/config", "diff": diff("a", "b", 1) }),
    )
    .await;
    let refused = client
        .expect("window/showMessage", |p| {
            p["message"].as_str().is_some_and(|m| m.contains("not applied"))
        })
        .await;
    assert_eq!(refused["type"], 2, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("autofix: diff to .git/config not applied: "),
        "the refused target is named as the command named it: {refused}"
    );

    // Declined by the editor: its own words, and the blocks that matched were not applied.
    client.answer(
        "workspace/applyEdit",
        |_| json!({ "applied": false, "failureReason": "User cancelled server edit" }),
    );
    command(
        &mut client,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": diff("function bye() {", "function ciao() {", 5) }),
    )
    .await;
    let declined = client
        .expect("window/logMessage", |p| {
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains("User cancelled"))
        })
        .await;
    assert_eq!(
        declined["message"],
        "autofix: diff to src/app.js not applied: User cancelled server edit\n  block 1: matches at line 5 (not applied)"
    );

    // The VS Code extension shows the reply itself: no message.
    let mut vscode = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    command(
        &mut vscode,
        "autofix.applyDiff",
        json!({ "path": "src/app.js", "diff": diff("function greet(name) {", "function hello(name) {", 1) }),
    )
    .await;
    let messages = vscode.received("window/showMessage");
    assert!(
        !messages
            .iter()
            .any(|m| m["message"].as_str().is_some_and(|t| t.contains("src/app.js"))),
        "{messages:?}"
    );
}
