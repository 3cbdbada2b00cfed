//! Hover, code actions and commands of the language server, in-process.

mod common;

use common::lsp::{
    Diag, Diagnostics, TestClient, error_message, lsp_range, text_edits, titled, vscode_capabilities,
};
use serde_json::{Value, json};

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown`.", "Why": "type safety",
   "Check": {"Pattern": ":\\s*any\\b", "Fix": ": unknown"}},
  {"Rule_number": 2, "Category": "STYLE", "Instruction": "Never leave TODO comments.", "Why": "track work in issues",
   "Check": {"Pattern": "TODO"}},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Always use Axios.", "Why": "interceptors"},
  {"Rule_number": 4, "Category": "CODE", "Instruction": "Always use fetch instead of Axios.", "Why": "migration", "Supersedes": [3]}
]"#;

fn workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::write(&root, &[(".agents/autofix.json", RULES)]);
    (dir, root)
}

/// The whole of `line`, as an editor asks for actions with the cursor on it.
fn whole(line: u32) -> [u32; 4] {
    [line, 0, line, 200]
}

/// Titles of the actions, leaving out "learn rule from the selection" (offered because the
/// requested range covers the whole line).
fn titles(actions: &[Value]) -> Vec<&str> {
    actions
        .iter()
        .filter(|a| a["kind"] != "refactor.autofix.learn")
        .map(|a| a["title"].as_str().unwrap())
        .collect()
}

/// Applies the single TextDocumentEdit of an action to `text`.
fn apply(text: &str, action: &Value) -> String {
    common::lsp::apply_text_edits(text, text_edits(&action["edit"]))
}

#[tokio::test]
async fn hover_over_a_violation_shows_the_rule() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any; // TODO\n").await;
    client.diagnostics(&uri).await;
    let hover = client.hover_response(&uri, 0, 8).await;
    insta::assert_json_snapshot!("hover_violation", client.redact(&hover));
    assert_eq!(client.hover(&uri, 0, 1).await, None);
}

/// A client that asks for plain text (eglot without markdown-mode sends `["plaintext"]`) gets
/// the same words without Markdown; one that lists Markdown first gets Markdown.
#[tokio::test]
async fn hover_honours_the_clients_content_format() {
    let (_d, root) = workspace();
    let mut caps = vscode_capabilities();
    caps["textDocument"]["hover"] = json!({ "contentFormat": ["plaintext"] });
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any; // TODO\n").await;
    client.diagnostics(&uri).await;
    let plain = client.hover_response(&uri, 0, 8).await;
    assert_eq!(plain["contents"]["kind"], "plaintext", "{plain}");
    let text = plain["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("Never use any in TypeScript - use unknown."),
        "{text}"
    );
    assert!(
        !text.contains("**") && !text.contains('`') && !text.contains("\n_"),
        "no Markdown left: {text}"
    );

    let mut caps = vscode_capabilities();
    caps["textDocument"]["hover"] = json!({ "contentFormat": ["markdown", "plaintext"] });
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any; // TODO\n").await;
    client.diagnostics(&uri).await;
    let markdown = client.hover_response(&uri, 0, 8).await;
    assert_eq!(markdown["contents"]["kind"], "markdown", "{markdown}");
    assert!(
        markdown["contents"]["value"].as_str().unwrap().contains("`any`"),
        "{markdown}"
    );
}

#[tokio::test]
async fn hover_over_a_rule_retired_by_a_newer_mandate_says_from_which_words() {
    let rules = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log`; use the logger.", "Why": "noise"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Always use `console.log` for debugging output.", "Why": "changed"}
]"#;
    let (_d, root) = common::workspace(&[(".agents/autofix.json", rules)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open_file(".agents/autofix.json", "json").await;
    client.diagnostics(&uri).await;
    let text = client.hover(&uri, 1, 10).await.unwrap();
    assert!(
        text.contains(
            "superseded by #2 (rule #2 asks for `console.log` (\"always use\"); this one forbids `console.log` (\"never use\"))"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn hover_in_the_rules_file_shows_status_and_checks() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open_file(".agents/autofix.json", "json").await;
    client.diagnostics(&uri).await;
    let text = client.hover(&uri, 5, 10).await.unwrap();
    assert!(
        text.contains("#3") && text.contains("superseded by #4 (rule #4 lists it in Supersedes)"),
        "{text}"
    );
    let text = client.hover(&uri, 1, 10).await.unwrap();
    assert!(
        text.contains("explicit check") && text.contains("Pattern: `:\\s*any\\b`"),
        "{text}"
    );
}

#[tokio::test]
async fn a_quick_fix_applies_the_rules_fix_as_a_versioned_edit() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let text = "let a: any = 1;\n";
    let uri = client.open("src/a.ts", "typescript", text).await;
    let diags = client.diagnostics(&uri).await;
    let actions = client.code_actions(&uri, whole(0), &diags, None).await;
    assert_eq!(
        titles(&actions),
        ["Fix: replace with `: unknown`", "Ignore rule #1 on this line"]
    );
    let fix = &actions[0];
    insta::assert_json_snapshot!(client.redact(fix), @r###"
    {
      "title": "Fix: replace with `: unknown`",
      "kind": "quickfix",
      "diagnostics": [
        {
          "range": {
            "start": {
              "line": 0,
              "character": 5
            },
            "end": {
              "line": 0,
              "character": 10
            }
          },
          "severity": 2,
          "code": 1,
          "codeDescription": {
            "href": "file://[ROOT]/.agents/autofix.json#L2"
          },
          "source": "autofix",
          "message": "Never use `any` in TypeScript - use `unknown`.",
          "relatedInformation": [
            {
              "location": {
                "uri": "file://[ROOT]/.agents/autofix.json",
                "range": {
                  "start": {
                    "line": 1,
                    "character": 2
                  },
                  "end": {
                    "line": 2,
                    "character": 59
                  }
                }
              },
              "message": "Rule #1 [CODE] — why: type safety"
            }
          ],
          "data": {
            "rule": 1,
            "fix": ": unknown",
            "inferred": false
          }
        }
      ],
      "edit": {
        "documentChanges": [
          {
            "textDocument": {
              "uri": "file://[ROOT]/src/a.ts",
              "version": 1
            },
            "edits": [
              {
                "range": {
                  "start": {
                    "line": 0,
                    "character": 5
                  },
                  "end": {
                    "line": 0,
                    "character": 10
                  }
                },
                "newText": ": unknown"
              }
            ]
          }
        ]
      },
      "isPreferred": true
    }
    "###);
    assert_eq!(apply(text, fix), "let a: unknown = 1;\n");
}

#[tokio::test]
async fn ignore_comments_follow_the_language() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    for (file, language, text, expected) in [
        (
            "a.ts",
            "typescript",
            "x; // TODO\n",
            "x; // TODO // autofix-ignore: 2\n",
        ),
        (
            "a.py",
            "python",
            "x = 1  # TODO\n",
            "x = 1  # TODO # autofix-ignore: 2\n",
        ),
        (
            "a.sql",
            "sql",
            "SELECT 1; -- TODO\n",
            "SELECT 1; -- TODO -- autofix-ignore: 2\n",
        ),
        (
            "a.md",
            "markdown",
            "- TODO\n",
            "- TODO <!-- autofix-ignore: 2 -->\n",
        ),
        (
            "a.css",
            "css",
            "a {} /* TODO */\n",
            "a {} /* TODO */ /* autofix-ignore: 2 */\n",
        ),
        (
            "COMMIT_EDITMSG",
            "gitcommit",
            "feat: TODO\n",
            "# autofix-ignore: 2\nfeat: TODO\n",
        ),
        (
            "b.ts",
            "typescript",
            "x; // TODO autofix-ignore: 1\n",
            "x; // TODO autofix-ignore: 1, 2\n",
        ),
    ] {
        let uri = client.open(file, language, text).await;
        let diags = client.diagnostics(&uri).await;
        let actions = client
            .code_actions(&uri, whole(0), &diags, Some(&["quickfix"]))
            .await;
        let ignore = titled(&actions, "Ignore rule #2 on this line").unwrap();
        let fixed = apply(text, ignore);
        assert_eq!(fixed, expected, "{file}");
        // The comment really silences the rule.
        let version = client.change(&uri, None, &fixed).await;
        assert!(
            client.diagnostics(&uri).await.lines_of(2).is_empty(),
            "{file} v{version}"
        );
    }
    let uri = client.open("a.json", "json", "{\"TODO\": 1}\n").await;
    let diags = client.diagnostics(&uri).await;
    let actions = client.code_actions(&uri, whole(0), &diags, None).await;
    assert!(
        titles(&actions).iter().all(|t| !t.starts_with("Ignore")),
        "JSON has no comments"
    );
}

/// The "Ignore rule #2 on this line" action for the violation on `line` of a new document, if
/// one is offered.
async fn ignore_action(
    client: &mut TestClient,
    file: &str,
    language: &str,
    text: &str,
    line: u32,
) -> (String, Option<Value>) {
    let uri = client.open(file, language, text).await;
    let diags = client.diagnostics(&uri).await;
    let here: Vec<Value> = diags
        .into_iter()
        .filter(|d| {
            let d = Diag::of(d);
            d.code == 2 && d.line() == line
        })
        .collect();
    assert_eq!(here.len(), 1, "{file}: one violation of rule 2 on line {line}");
    let actions = client
        .code_actions(&uri, whole(line), &here, Some(&["quickfix"]))
        .await;
    let ignore = titled(&actions, "Ignore rule #2 on this line").cloned();
    (uri, ignore)
}

/// Offers, applies and re-checks the ignore action of each case: `Some(expected)` is the text
/// after the edit, where that violation of rule 2 (and only it) is silenced; `None` means no
/// action at all.
async fn ignore_cases(cases: &[(&str, &str, &str, u32, Option<&str>)]) {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    for &(file, language, text, line, expected) in cases {
        let (uri, ignore) = ignore_action(&mut client, file, language, text, line).await;
        let Some(expected) = expected else {
            assert!(ignore.is_none(), "{file}: no safe place, no action: {ignore:?}");
            continue;
        };
        let ignore = ignore.unwrap_or_else(|| panic!("{file}: an ignore action"));
        let fixed = apply(text, &ignore);
        assert_eq!(fixed, expected, "{file}");
        client.change(&uri, None, &fixed).await;
        // One `TODO` less is reported: the one on the line, moved down by a line added above.
        let moved = line + (fixed.lines().count() - text.lines().count()) as u32;
        let left = client.diagnostics(&uri).await.lines_of(2);
        assert_eq!(left.len() + 1, text.matches("TODO").count(), "{file}: {left:?}");
        assert!(
            !left.contains(&moved),
            "{file}: the comment silences the violation"
        );
    }
}

#[tokio::test]
async fn ignore_in_jsx_text_is_a_jsx_comment_container() {
    ignore_cases(&[
        (
            "a.tsx",
            "typescriptreact",
            "export const A = () => (\n  <div>\n    Hello TODO world\n  </div>\n);\n",
            2,
            Some("export const A = () => (\n  <div>\n    Hello TODO world{/* autofix-ignore: 2 */}\n  </div>\n);\n"),
        ),
        // An apostrophe in JSX text is text, not a string; trailing spaces stay after the comment.
        (
            "b.js",
            "javascript",
            "const B = () => <p>\n  Don't TODO  \n</p>;\n",
            1,
            Some("const B = () => <p>\n  Don't TODO{/* autofix-ignore: 2 */}  \n</p>;\n"),
        ),
        // After the element closes, the line ends in code again.
        (
            "c.jsx",
            "javascriptreact",
            "const C = <b>TODO</b>;\n",
            0,
            Some("const C = <b>TODO</b>; // autofix-ignore: 2\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_in_a_jsx_tag_is_a_js_comment() {
    ignore_cases(&[(
        "a.tsx",
        "typescriptreact",
        "const a = (\n  <input\n    placeholder=\"TODO\"\n    value={x}\n  />\n);\n",
        2,
        Some(
            "const a = (\n  <input\n    placeholder=\"TODO\" // autofix-ignore: 2\n    value={x}\n  />\n);\n",
        ),
    )])
    .await;
}

#[tokio::test]
async fn ignore_on_a_shell_continuation_line() {
    ignore_cases(&[
        // A comment after `\` would end the command: on its own line above the command.
        (
            "a.sh",
            "shellscript",
            "docker run TODO \\\n  --rm \\\n  image\n",
            0,
            Some("# autofix-ignore: 2\ndocker run TODO \\\n  --rm \\\n  image\n"),
        ),
        // Inside the command no line can come between, and a comment above the command would
        // silence its first line only.
        (
            "b.sh",
            "shellscript",
            "docker run \\\n  --name TODO \\\n  image\n",
            1,
            None,
        ),
        // The command's last line ends in code.
        (
            "c.sh",
            "shellscript",
            "docker run \\\n  --rm \\\n  TODO\n",
            2,
            Some("docker run \\\n  --rm \\\n  TODO # autofix-ignore: 2\n"),
        ),
        // A `#` inside quotes is not a comment: the line still ends in code.
        (
            "d.sh",
            "shellscript",
            "echo \"# TODO\" 'it''s'\n",
            0,
            Some("echo \"# TODO\" 'it''s' # autofix-ignore: 2\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_inside_a_template_literal_spanning_lines() {
    ignore_cases(&[
        // Every line around the violation is string content: no action.
        (
            "a.ts",
            "typescript",
            "const s = `\n  first\n  TODO\n`;\n",
            2,
            None,
        ),
        // The line right after the opening line: above the opening line would silence only that.
        ("b.ts", "typescript", "  const s = `\n  TODO\n`;\n", 1, None),
        // A line that opens a template: its own line above.
        (
            "c.js",
            "javascript",
            "f(`TODO ${x}\n  more`);\n",
            0,
            Some("// autofix-ignore: 2\nf(`TODO ${x}\n  more`);\n"),
        ),
        // The template closes on the violation's line: the end of the line is code.
        (
            "d.ts",
            "typescript",
            "const s = `a\n  TODO ${`${y}`}`; // note\n",
            1,
            Some("const s = `a\n  TODO ${`${y}`}`; // note // autofix-ignore: 2\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_inside_python_triple_quoted_strings() {
    ignore_cases(&[
        // Deep in a docstring: the line above is string content too.
        (
            "a.py",
            "python",
            "def f():\n    \"\"\"Docs.\n\n    TODO: write\n    \"\"\"\n",
            3,
            None,
        ),
        // Right after the opening line: a comment above the opening line would silence only
        // the opening line.
        (
            "b.py",
            "python",
            "def f():\n    x = '''\n    TODO\n    '''\n",
            2,
            None,
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_on_a_python_line_ending_inside_a_string_goes_above() {
    ignore_cases(&[
        (
            "a.py",
            "python",
            "def f():\n    s = \"\"\"TODO\n    text\"\"\"\n",
            1,
            Some("def f():\n    # autofix-ignore: 2\n    s = \"\"\"TODO\n    text\"\"\"\n"),
        ),
        (
            "b.py",
            "python",
            "s = 'TODO \\\n  more'\n",
            0,
            Some("# autofix-ignore: 2\ns = 'TODO \\\n  more'\n"),
        ),
        // A `#` in a string is no comment; the line ends in code.
        (
            "c.py",
            "python",
            "s = '# TODO'\n",
            0,
            Some("s = '# TODO' # autofix-ignore: 2\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_keeps_crlf_line_endings() {
    ignore_cases(&[
        (
            "a.py",
            "python",
            "x = 1\r\n  s = \"\"\"TODO\r\n\"\"\"\r\n",
            1,
            Some("x = 1\r\n  # autofix-ignore: 2\r\n  s = \"\"\"TODO\r\n\"\"\"\r\n"),
        ),
        (
            "b.ts",
            "typescript",
            "let a = 1;\r\nlet b = 'TODO';\r\n",
            1,
            Some("let a = 1;\r\nlet b = 'TODO'; // autofix-ignore: 2\r\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_lands_after_emoji_and_cjk_in_utf16_columns() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    // 😀 is two UTF-16 units, 世 and 界 one each.
    let text = "<p>\n  😀 世界 TODO\n</p>\n";
    let (_, ignore) = ignore_action(&mut client, "a.jsx", "javascriptreact", text, 1).await;
    let edits = text_edits(&ignore.expect("an ignore action")["edit"]).to_vec();
    let end = "  😀 世界 TODO".encode_utf16().count() as u32;
    assert_eq!(
        edits,
        [json!({ "range": lsp_range([1, end, 1, end]), "newText": "{/* autofix-ignore: 2 */}" })]
    );
    let text = "let s = \"😀世界\"; // TODO\n";
    let (_, ignore) = ignore_action(&mut client, "b.ts", "typescript", text, 0).await;
    let edits = text_edits(&ignore.expect("an ignore action")["edit"]).to_vec();
    let end = text.trim_end().encode_utf16().count() as u32;
    assert_eq!(
        edits,
        [json!({ "range": lsp_range([0, end, 0, end]), "newText": " // autofix-ignore: 2" })]
    );
}

#[tokio::test]
async fn ignore_in_html_script_and_style_uses_their_comments() {
    ignore_cases(&[
        (
            "a.vue",
            "vue",
            "<template>\n  <p>TODO</p>\n</template>\n<script>\nconst a = 'TODO';\n</script>\n",
            4,
            Some("<template>\n  <p>TODO</p>\n</template>\n<script>\nconst a = 'TODO'; /* autofix-ignore: 2 */\n</script>\n"),
        ),
        (
            "b.html",
            "html",
            "<style>\n  a::after { content: 'TODO' }\n</style>\n",
            1,
            Some("<style>\n  a::after { content: 'TODO' } /* autofix-ignore: 2 */\n</style>\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ignore_in_unknown_languages_and_formats_whose_comments_start_a_line() {
    ignore_cases(&[
        // A language the lexer does not know: the end of the line, unless a quote says otherwise.
        (
            "a.hs",
            "haskell",
            "f x = TODO\n",
            0,
            Some("f x = TODO -- autofix-ignore: 2\n"),
        ),
        (
            "b.hs",
            "haskell",
            "  f x = \"TODO\"\n",
            0,
            Some("  -- autofix-ignore: 2\n  f x = \"TODO\"\n"),
        ),
        // In a Dockerfile `#` after an instruction is not a comment.
        (
            "Dockerfile",
            "dockerfile",
            "FROM x\nENV A=TODO\n",
            1,
            Some("FROM x\n# autofix-ignore: 2\nENV A=TODO\n"),
        ),
    ])
    .await;
}

#[tokio::test]
async fn a_comment_sharing_its_line_silences_that_line_only() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let text =
        "x; // TODO autofix-ignore: 2\nTODO\n// autofix-ignore: 2\nTODO\n{/* autofix-ignore: 2 */}\nTODO\n";
    let uri = client.open("a.tsx", "typescriptreact", text).await;
    assert_eq!(client.diagnostics(&uri).await.lines_of(2), [1]);
}

#[tokio::test]
async fn fix_all_fixes_every_fixable_violation() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let text = "let a: any;\nlet b:any;\n// TODO\n";
    let uri = client.open("a.ts", "typescript", text).await;
    let diags = client.diagnostics(&uri).await;
    let actions = client
        .code_actions(&uri, whole(0), &diags, Some(&["source.fixAll"]))
        .await;
    assert_eq!(titles(&actions), ["Fix all autofix violations"]);
    assert_eq!(actions[0]["kind"], "source.fixAll.autofix");
    assert_eq!(
        apply(text, &actions[0]),
        "let a: unknown;\nlet b: unknown;\n// TODO\n"
    );
}

#[tokio::test]
async fn clients_without_document_changes_get_plain_changes() {
    let (_d, root) = workspace();
    let mut caps = vscode_capabilities();
    caps["workspace"]["workspaceEdit"] = json!({});
    let mut client = TestClient::start(&root, caps, json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    let diags = client.diagnostics(&uri).await;
    let actions = client
        .code_actions(&uri, whole(0), &diags, Some(&["quickfix"]))
        .await;
    insta::assert_json_snapshot!(client.redact(&actions[0]["edit"]), @r###"
    {
      "changes": {
        "file://[ROOT]/a.ts": [
          {
            "range": {
              "start": {
                "line": 0,
                "character": 5
              },
              "end": {
                "line": 0,
                "character": 10
              }
            },
            "newText": ": unknown"
          }
        ]
      }
    }
    "###);
}

#[tokio::test]
async fn spanish_titles() {
    let (_d, root) = workspace();
    let mut client = TestClient::start_with(&root, vscode_capabilities(), json!({}), Some("es")).await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    let diags = client.diagnostics(&uri).await;
    let actions = client.code_actions(&uri, whole(0), &diags, None).await;
    assert_eq!(
        titles(&actions),
        [
            "Corregir: reemplazar por `: unknown`",
            "Ignorar la regla #1 en esta línea"
        ]
    );
}

#[tokio::test]
async fn list_rules_reports_status_and_checks() {
    let (_d, root) = workspace();
    let mut client =
        TestClient::start(&root, vscode_capabilities(), json!({ "inferredChecks": false })).await;
    let listed = client.execute("autofix.listRules", json!([{}])).await;
    insta::assert_json_snapshot!("list_rules", client.redact(&listed));
    let by_uri = client
        .execute("autofix.listRules", json!([{ "uri": client.uri("src/a.ts") }]))
        .await;
    assert_eq!(by_uri["rules"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn reload_rules_rereads_disk_and_says_so() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", "let a: any;\n").await;
    assert_eq!(client.diagnostics(&uri).await.len(), 1);
    common::write(&root, &[(".agents/autofix.json", "[]")]);
    let result = client.execute("autofix.reloadRules", Value::Null).await;
    assert_eq!(result["rules"], 0);
    client.diagnostics_where(&uri, |d| d.is_empty()).await;
    assert_eq!(
        client.shown_message().await,
        "autofix: reloaded 0 rules from 1 rules file(s)"
    );
}

#[tokio::test]
async fn unknown_commands_and_bad_arguments_are_errors() {
    let (_d, root) = workspace();
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let unknown = client.execute("autofix.nope", Value::Null).await;
    insta::assert_json_snapshot!(unknown, @r###"
    {
      "error": {
        "code": -32602,
        "message": "unknown command `autofix.nope`"
      }
    }
    "###);
    let bad = client.execute("autofix.listRules", json!([{ "uri": 5 }])).await;
    assert!(
        error_message(&bad).contains("autofix.listRules: invalid arguments"),
        "{bad}"
    );
}

const WORDS: &str = "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"code\",\n    \"Instruction\": \"Never use `console.log` in TypeScript - use the logger.\",\n    \"Why\": \"structured logs\"\n  }\n]\n";

#[tokio::test]
async fn inferred_violations_say_so_and_hover_tells_from_which_words() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::write(&root, &[("autofix.json", WORDS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client
        .open(
            "src/a.ts",
            "typescript",
            "console.log(1);\n// console.log in a comment\n",
        )
        .await;
    // Inferred checks default to information.
    insta::assert_json_snapshot!(client.diagnostics(&uri).await.brief(), @r###"
    [
      {
        "code": 1,
        "range": [
          0,
          0,
          0,
          11
        ],
        "severity": 3,
        "message": "Never use `console.log` in TypeScript - use the logger. (inferred)"
      }
    ]
    "###);
    let text = client.hover(&uri, 0, 3).await.unwrap();
    assert!(
        text.contains("inferred from the rule's words: forbidden qualified name `console.log`"),
        "{text}"
    );

    let mut off = TestClient::start(&root, vscode_capabilities(), json!({ "inferredChecks": false })).await;
    let uri = off.open("src/a.ts", "typescript", "console.log(1);\n").await;
    assert!(
        off.diagnostics(&uri).await.is_empty(),
        "inferred checks can be turned off"
    );
}

#[tokio::test]
async fn the_rules_file_offers_to_make_an_inferred_check_explicit_and_to_fix_a_category() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::write(&root, &[("autofix.json", WORDS)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open_file("autofix.json", "json").await;
    let diags = client.diagnostics(&uri).await;
    let category = diags
        .iter()
        .find(|d| d["code"] == "non-canonical-category")
        .unwrap()
        .clone();
    let actions = client.code_actions(&uri, [3, 5, 3, 5], &[category], None).await;
    assert_eq!(
        common::lsp::action_titles(&actions),
        [
            "Make the check of rule #1 explicit",
            "Write the category as \"CODE\""
        ]
    );
    let explicit = apply(WORDS, &actions[0]);
    let rules: Value = serde_json::from_str(&explicit).unwrap();
    let check = &rules[0]["Check"];
    assert!(
        check["Pattern"].as_str().unwrap().contains("console\\.log"),
        "{check}"
    );
    assert_eq!(check["Severity"], "information");
    assert_eq!(apply(WORDS, &actions[1]), WORDS.replace("\"code\"", "\"CODE\""));
    // The explicit check reports what the inferred one did.
    client.change(&uri, None, &explicit).await;
    assert!(
        client
            .diagnostics(&uri)
            .await
            .brief()
            .iter()
            .all(|d| d.severity != 1)
    );
    let doc = client.open("src/a.ts", "typescript", "console.log(1);\n").await;
    let diags = client.diagnostics(&doc).await.brief();
    assert_eq!(diags.len(), 1);
    assert_eq!(
        diags[0].message, "Never use `console.log` in TypeScript - use the logger.",
        "no longer inferred"
    );
}

/// The ranges of the diagnostics published for `doc`.
async fn ranges(client: &TestClient, doc: &str) -> Vec<Vec<u32>> {
    client
        .diagnostics(doc)
        .await
        .brief()
        .iter()
        .map(|d| d.range.to_vec())
        .collect()
}

/// Whether the rules file `uri` carries an `exception-unseen` information.
async fn has_exception_unseen(client: &TestClient, uri: &str) -> bool {
    client
        .diagnostics(uri)
        .await
        .iter()
        .any(|d| d["code"] == "exception-unseen")
}

const EXCEPTION: &str = "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"No `any` unless approved by a maintainer.\",\n    \"Why\": \"type safety\"\n  }\n]\n";

#[tokio::test]
async fn a_rule_left_unchecked_for_an_exception_offers_to_enforce_its_proposed_check() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::write(&root, &[("autofix.json", EXCEPTION)]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let code =
        "let a: any = 1;\n// autofix-ignore: 1 the JSON shape is checked by zod below\nlet b: any = 2;\n";
    let doc = client.open("src/a.ts", "typescript", code).await;
    assert!(
        client.diagnostics(&doc).await.is_empty(),
        "not enforced until the user says so"
    );

    // The rules file says why the rule is not checked, and how to check it.
    let uri = client.open_file("autofix.json", "json").await;
    let diags = client.diagnostics(&uri).await;
    insta::assert_json_snapshot!(diags.brief(), @r###"
    [
      {
        "code": "exception-unseen",
        "range": [
          4,
          19,
          4,
          62
        ],
        "severity": 3,
        "message": "not checked: the rule makes an exception no file shows (\"unless approved\") — to check it everywhere, use the code action \"Enforce rule #1 everywhere\" and mark each justified use with `autofix-ignore: 1`"
      }
    ]
    "###);
    let hover = client.hover(&uri, 4, 30).await.unwrap();
    assert!(
        hover.contains("proposed check, not enforced") && hover.contains("unless approved"),
        "{hover}"
    );

    // Its quick fix writes the proposed check, without a fix.
    let hint = diags[0].clone();
    let actions = client.code_actions(&uri, [4, 30, 4, 30], &[hint], None).await;
    assert_eq!(
        common::lsp::action_titles(&actions),
        ["Enforce rule #1 everywhere"]
    );
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(action["diagnostics"][0]["code"], "exception-unseen");
    let enforced = apply(EXCEPTION, action);
    let rules: Value = serde_json::from_str(&enforced).unwrap();
    let check = &rules[0]["Check"];
    assert!(check["Pattern"].as_str().unwrap().contains("any"), "{check}");
    assert!(check.get("Fix").is_none(), "{check}");

    // Enforced: the hint is gone, and every use not marked as justified is reported.
    client.change(&uri, None, &enforced).await;
    assert!(!has_exception_unseen(&client, &uri).await);
    client.change(&doc, None, code).await;
    let found = ranges(&client, &doc).await;
    assert_eq!(
        found,
        [[0, 7, 0, 10]],
        "the justified `any` on line 3 is not reported"
    );
}

#[tokio::test]
async fn a_justification_a_comment_gives_is_checked_and_a_commented_use_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let rules = EXCEPTION.replace(
        "unless approved by a maintainer.",
        "without a documented justification.",
    );
    common::write(&root, &[("autofix.json", rules.as_str())]);
    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let code = "let a: any = 1;\n// The JSON shape is checked by zod below.\nlet b: any = 2;\nlet c: any = 3; // untyped plugin API\n";
    let doc = client.open("src/a.ts", "typescript", code).await;
    let found = ranges(&client, &doc).await;
    assert_eq!(
        found,
        [[0, 7, 0, 10]],
        "the `any`s a comment explains are not reported"
    );
    // The hover on the reported one says why the others are not.
    let hover = client.hover(&doc, 0, 8).await.expect("a hover on the violation");
    assert!(
        hover.contains("a use with a comment on its line or the line above is the justified one (from \"without a documented justification\")"),
        "{hover}"
    );
    // Typing a comment above the first one justifies it too.
    client
        .change(
            &doc,
            None,
            &format!(
                "// Generated types lag behind the API.
{code}"
            ),
        )
        .await;
    assert!(client.diagnostics(&doc).await.is_empty());
    // Nothing is left to enforce: the rules file raises no `exception-unseen`.
    let uri = client.open_file("autofix.json", "json").await;
    assert!(!has_exception_unseen(&client, &uri).await);
}
