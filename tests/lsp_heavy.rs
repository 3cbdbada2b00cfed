//! Nothing hangs: heavy requests (huge diffs, many lenses) run off the dispatcher within a time
//! budget, other requests are answered meanwhile, `$/cancelRequest` stops them, `shutdown` is
//! answered within a second, and responses stay linear in the size of their input.

mod common;

use std::time::{Duration, Instant};

use common::lsp::{TestClient, vscode_capabilities};
use serde_json::{Value, json};

/// A file of `n` distinct lines.
fn file(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "let value_{i} = compute({i}, \"{:08x}\");\n",
                i.wrapping_mul(2654435761)
            )
        })
        .collect()
}

/// A diff of `n` blocks, each close to a line of the file but matching none exactly: every block
/// needs a fuzzy search of the whole file.
fn heavy_diff(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "<<<<<<< SEARCH\nlet valeu_{i} = compute({i}, \"{:08x}\")\n=======\nlet value_{i} = 0;\n>>>>>>> REPLACE\n",
                i.wrapping_mul(2654435761)
            )
        })
        .collect()
}

use common::workspace;

const RULES: &str = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any`.", "Why": "w", "Check": {"Pattern": ":\\s*any\\b"}}]"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_preview_neither_freezes_other_requests_nor_survives_its_cancellation() {
    let (_d, root) = workspace(&[("big.ts", &file(5000)), ("autofix.json", RULES)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open("a.ts", "typescript", "let a: any;\n").await;
    assert_eq!(client.diagnostics(&doc).await.len(), 1);
    let preview = client
        .send_request(
            "workspace/executeCommand",
            json!({ "command": "autofix.previewDiff", "arguments": [{ "path": "big.ts", "diff": heavy_diff(5000), "threshold": 0.8 }] }),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Meanwhile, the editor is served.
    let started = Instant::now();
    let hover = client.hover(&doc, 0, 8).await;
    assert!(hover.as_ref().is_some_and(|h| h.contains("#1")), "{hover:?}");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "hover took {:?}",
        started.elapsed()
    );
    // And the preview stops when cancelled.
    let started = Instant::now();
    client.notify("$/cancelRequest", json!({ "id": preview })).await;
    let cancelled = client.response(preview).await;
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "cancel took {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_has_a_total_budget_and_says_what_it_did_not_try() {
    let (_d, root) = workspace(&[("big.ts", &file(5000))]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let started = Instant::now();
    let report = client
        .execute(
            "autofix.previewDiff",
            json!([{ "path": "big.ts", "diff": heavy_diff(10_000), "threshold": 0.8 }]),
        )
        .await;
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "took {:?}",
        started.elapsed()
    );
    let blocks = report["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), 10_000);
    assert!(
        blocks.iter().any(|b| b["reason"] == "interrupted"),
        "the budget ran out before 10,000 fuzzy searches of 5,000 lines"
    );
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .starts_with("Nothing applied: the time budget ran out"),
        "{}",
        report["error"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_is_answered_within_a_second_while_heavy_requests_run() {
    let (_d, root) = workspace(&[("big.ts", &file(5000))]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    for _ in 0..3 {
        client
            .send_request(
                "workspace/executeCommand",
                json!({ "command": "autofix.previewDiff", "arguments": [{ "path": "big.ts", "diff": heavy_diff(10_000), "threshold": 0.8 }] }),
            )
            .await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(1), client.request("shutdown", Value::Null)).await;
    assert!(answer.is_ok(), "shutdown took more than a second");
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_lenses_name_their_diff_so_the_response_is_linear() {
    let blocks = 2000;
    let (_d, root) = workspace(&[("big.ts", &file(blocks))]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let diff: String = (0..blocks)
        .map(|i| {
            format!(
                "<<<<<<< SEARCH\n:start_line:{}\n-------\nlet value_{i} = compute({i}, \"{:08x}\");\n=======\nlet value_{i} = 0;\n>>>>>>> REPLACE\n",
                i + 1,
                i.wrapping_mul(2654435761)
            )
        })
        .collect();
    let chat = format!("Apply this:\n\nbig.ts\n```\n{diff}```\n");
    let uri = client.open("chat.md", "markdown", &chat).await;
    let lenses = client.code_lenses(&uri).await;
    assert_eq!(lenses.len(), blocks);
    let size = serde_json::to_string(&lenses).unwrap().len();
    assert!(
        size < blocks * 600,
        "{size} bytes for {blocks} lenses: a lens must not carry the diff"
    );
    // A lens applies its diff by name.
    insta::assert_json_snapshot!(client.redact(&lenses[7]), @r###"
    {
      "range": {
        "start": {
          "line": 53,
          "character": 0
        },
        "end": {
          "line": 53,
          "character": 0
        }
      },
      "command": {
        "title": "autofix: Apply to big.ts — 2000 blocks · block 8 at line 8 (100%)",
        "command": "autofix.applyDiff",
        "arguments": [
          {
            "path": "[ROOT]/big.ts",
            "source": {
              "uri": "file://[ROOT]/chat.md",
              "index": 0,
              "version": 1
            }
          }
        ]
      }
    }
    "###);
    let command = &lenses[7]["command"];
    let report = client
        .execute("autofix.previewDiff", json!([command["arguments"][0]]))
        .await;
    assert_eq!(report["success"], true, "{report}");
    assert_eq!(report["blocks"].as_array().unwrap().len(), blocks);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typing_in_a_rules_file_of_hundreds_of_patterns_never_blocks_the_editor() {
    let rules: Vec<Value> = (1..=400)
        .map(|i| {
            json!({ "Rule_number": i, "Category": "CODE", "Instruction": format!("Never use foo{i}bar."), "Why": "w",
                    "Check": { "Files": ["**/*.ts"], "Pattern": format!("\\bfoo{i}(bar|baz)\\w*\\b") } })
        })
        .collect();
    let text = serde_json::to_string_pretty(&rules).unwrap();
    let (_d, root) = workspace(&[("autofix.json", &text)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open("a.ts", "typescript", "let x = foo12bar;\n").await;
    client.diagnostics_where(&doc, |d| d.len() == 1).await;
    let rules_uri = client.open("autofix.json", "json", &text).await;
    // Keystrokes in the rules buffer: each one changes rule 7's pattern.
    let line = text.lines().position(|l| l.contains("foo7(bar")).unwrap() as u32;
    let column = text.lines().nth(line as usize).unwrap().find("bar|").unwrap() as u32;
    for (i, c) in ["x", "y", "z"].iter().enumerate() {
        let at = column + i as u32;
        client.change(&rules_uri, Some([line, at, line, at]), c).await;
        let started = Instant::now();
        let hover = client.hover(&doc, 0, 10).await;
        assert!(hover.as_ref().is_some_and(|h| h.contains("#12")), "{hover:?}");
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "hover took {:?}",
            started.elapsed()
        );
    }
    // The edit is in force once rebuilt: only rule 7 was compiled again.
    let started = Instant::now();
    client.diagnostics_where(&rules_uri, |d| d.is_empty()).await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "rebuilt in {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rules_file_of_hostile_catalogues_is_read_within_bounds() {
    // One rule of 20,000 code spans (a megabyte: it never finished, at 4 GB), two thousand rules
    // of forty spans each (a minute and 3.8 GB of compiled patterns), and the newest rule, which
    // is ordinary and must be in force.
    let catalogue: Vec<String> = (0..20_000).map(|i| format!("`require{i}`")).collect();
    let mut rules = vec![json!({ "Rule_number": 1, "Category": "CODE", "Why": "w",
        "Instruction": format!("Avoid CommonJS ({})", catalogue.join(", ")) })];
    for n in 2..=2001 {
        let spans: Vec<String> = (0..40).map(|i| format!("`api{n}_{i}`")).collect();
        rules.push(json!({ "Rule_number": n, "Category": "CODE", "Why": "w",
            "Instruction": format!("Never call {}.", spans.join(", ")) }));
    }
    rules.push(
        json!({ "Rule_number": 2002, "Category": "CODE", "Why": "w", "Instruction": "Never use `var`." }),
    );
    let text = serde_json::to_string_pretty(&rules).unwrap();
    let (_d, root) = workspace(&[("autofix.json", &text)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let doc = client.open("a.js", "javascript", "var x = api2001_3();\n").await;
    let found = client.diagnostics_where(&doc, |d| d.len() == 2).await;
    let rules_found: Vec<u64> = found.iter().filter_map(|d| d["code"].as_u64()).collect();
    assert!(
        rules_found.contains(&2002) && rules_found.contains(&2001),
        "{found:?}"
    );
    let rules_uri = client.open("autofix.json", "json", &text).await;
    let problems = client
        .diagnostics_where(&rules_uri, |d| d.iter().any(|p| p["code"] == "not-read"))
        .await;
    let not_read: Vec<&Value> = problems.iter().filter(|p| p["code"] == "not-read").collect();
    // The megabyte rule, and the oldest of the catalogues once the newest gave all a file may.
    assert!(not_read.len() > 1000, "{}", not_read.len());
    let megabyte = not_read.iter().find(|p| p["data"]["rule"] == 1).unwrap();
    assert!(
        megabyte["message"]
            .as_str()
            .unwrap()
            .contains("characters; at most 2000 are read)"),
        "{megabyte}"
    );
}
