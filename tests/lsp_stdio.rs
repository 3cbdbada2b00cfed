//! The built binary as an editor starts it: `autofix lsp --stdio`, spoken to over pipes.

mod common;

use common::stdio::{frame, read_message};
use std::io::{BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

#[test]
fn the_binary_serves_lsp_over_stdio() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("autofix.json"),
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any`.", "Why": "w", "Check": {"Pattern": ":\\s*any\\b"}}]"#,
    )
    .unwrap();
    let root_uri = format!("file://{}", root.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
        .args(["lsp", "--stdio"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |m: Value| stdin.write_all(&frame(&m)).unwrap();
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": null, "rootUri": root_uri, "capabilities": {},
        "workspaceFolders": [{"uri": root_uri, "name": "r"}]}}),
    );
    let init = read_message(&mut stdout).unwrap();
    assert_eq!(init["result"]["serverInfo"]["name"], "autofix");
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-16");
    send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let uri = format!("{root_uri}/a.ts");
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "typescript", "version": 1, "text": "let a: any;\n"}}}),
    );
    let diagnostics = loop {
        let m = read_message(&mut stdout).expect("the server keeps talking");
        if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri.as_str() {
            break m["params"]["diagnostics"].clone();
        }
    };
    assert_eq!(diagnostics[0]["code"], 1);
    assert_eq!(diagnostics[0]["source"], "autofix");
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    loop {
        let m = read_message(&mut stdout).unwrap();
        if m["id"] == 2 {
            assert_eq!(m["result"], Value::Null);
            break;
        }
    }
    send(json!({"jsonrpc": "2.0", "method": "exit"}));
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
}
