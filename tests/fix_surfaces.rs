//! `autofix check --fix` and the editor's "fix all" make the same change to the same text: one
//! engine function applies each violation's fix once on both surfaces.

mod common;

use common::lsp::{TestClient, vscode_capabilities};
use serde_json::json;

const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always await fetch.", "Why": "w",
   "Check": {"Pattern": "fetch\\(", "Fix": "await fetch("}},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Always use strict equality.", "Why": "w",
   "Check": {"Pattern": "(?:^|[^=!])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}},
  {"Rule_number": 3, "Category": "CODE", "Instruction": "Never write ab.", "Why": "w", "Check": {"Pattern": "ab", "Fix": "xb"}},
  {"Rule_number": 4, "Category": "CODE", "Instruction": "Never write bc.", "Why": "w", "Check": {"Pattern": "bc", "Fix": "BC"}}
]"#;

const TEXT: &str = "const r = fetch(url);\nif (a == b) {}\nabc\n// autofix-ignore\nif (c == d) {}\n";

#[tokio::test]
async fn check_fix_and_the_editors_fix_all_agree() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::write(&root, &[("autofix.json", RULES), ("a.ts", TEXT)]);

    let mut client = TestClient::start(&root, vscode_capabilities(), json!({})).await;
    let uri = client.open("a.ts", "typescript", TEXT).await;
    let diags = client.diagnostics(&uri).await;
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
                "context": { "diagnostics": diags, "only": ["source.fixAll"] },
            }),
        )
        .await;
    let edits = actions[0]["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap_or_else(|| panic!("a fix-all action: {actions}"));
    let editor = common::lsp::apply_text_edits(TEXT, edits);

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["check", "--fix", "--no-inferred", "a.ts"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli = std::fs::read_to_string(root.join("a.ts")).unwrap();

    // `fetch(` → `await fetch(` would be found and fixed again on every run: withheld on both
    // surfaces; `==` → `===`, `ab` → `xb` once (the overlapping `bc` fix left for later), the
    // silenced line left alone.
    assert_eq!(
        editor,
        "const r = fetch(url);\nif (a === b) {}\nxbc\n// autofix-ignore\nif (c == d) {}\n"
    );
    assert_eq!(cli, editor);
}
