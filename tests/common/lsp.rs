//! An LSP client for tests: drives the real `LspService` over an in-memory pipe, answers the
//! server's requests (applyEdit, registerCapability, …) as told, and records what it receives.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream, WriteHalf};
use tokio::sync::Notify;

type Answer = Box<dyn Fn(&Value) -> Value + Send + Sync>;

#[derive(Default)]
struct Inbox {
    /// Notifications and server requests, in arrival order.
    messages: Vec<Value>,
    /// Responses to our requests, by id.
    responses: HashMap<u64, Value>,
}

pub struct TestClient {
    writer: Arc<tokio::sync::Mutex<WriteHalf<DuplexStream>>>,
    inbox: Arc<Mutex<Inbox>>,
    arrived: Arc<Notify>,
    answers: Arc<Mutex<HashMap<String, Answer>>>,
    next_id: u64,
    pub root: PathBuf,
    versions: HashMap<String, i32>,
}

async fn send(writer: &tokio::sync::Mutex<WriteHalf<DuplexStream>>, message: &Value) {
    let body = serde_json::to_string(message).unwrap();
    let mut w = writer.lock().await;
    w.write_all(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
        .await
        .unwrap();
    w.flush().await.unwrap();
}

/// The default client capabilities: what VS Code announces that matters here.
pub fn vscode_capabilities() -> Value {
    json!({
        "general": { "positionEncodings": ["utf-16"] },
        "workspace": {
            "applyEdit": true,
            "workspaceEdit": { "documentChanges": true, "changeAnnotationSupport": { "groupsOnLabel": true },
                               "resourceOperations": ["create", "rename", "delete"] },
            "didChangeWatchedFiles": { "dynamicRegistration": true, "relativePatternSupport": true },
            "configuration": true,
            "workspaceFolders": true,
            "codeLens": { "refreshSupport": true }
        },
        "window": { "showMessage": {}, "showDocument": { "support": true } },
        "textDocument": { "publishDiagnostics": { "versionSupport": true, "codeDescriptionSupport": true, "dataSupport": true } }
    })
}

impl TestClient {
    /// Starts a server and initializes it with `root` as the workspace folder.
    pub async fn start(root: &Path, capabilities: Value, options: Value) -> TestClient {
        Self::start_with(root, capabilities, options, None).await
    }

    pub async fn start_with(
        root: &Path,
        capabilities: Value,
        options: Value,
        locale: Option<&str>,
    ) -> TestClient {
        Self::start_in(root, &[root], capabilities, options, locale).await
    }

    /// Starts a server with several workspace folders; relative paths in the helpers are
    /// relative to `root`.
    pub async fn start_in(
        root: &Path,
        folders: &[&Path],
        capabilities: Value,
        options: Value,
        locale: Option<&str>,
    ) -> TestClient {
        let (client_end, server_end) = tokio::io::duplex(1 << 22);
        let (server_read, server_write) = tokio::io::split(server_end);
        tokio::spawn(autofix::lsp::serve(server_read, server_write));
        let (client_read, client_write) = tokio::io::split(client_end);
        let mut client = TestClient {
            writer: Arc::new(tokio::sync::Mutex::new(client_write)),
            inbox: Arc::default(),
            arrived: Arc::default(),
            answers: Arc::default(),
            next_id: 0,
            root: root.to_path_buf(),
            versions: HashMap::new(),
        };
        client.answer("client/registerCapability", |_| Value::Null);
        client.answer("client/unregisterCapability", |_| Value::Null);
        client.answer("workspace/applyEdit", |_| json!({ "applied": true }));
        client.answer("workspace/configuration", |_| json!([{}]));
        client.spawn_reader(client_read);
        let mut init = json!({
            "processId": null,
            "rootUri": uri(root),
            "capabilities": capabilities,
            "workspaceFolders": folders
                .iter()
                .map(|f| json!({ "uri": uri(f), "name": f.file_name().map(|n| n.to_string_lossy().into_owned()) }))
                .collect::<Vec<_>>(),
            "initializationOptions": options,
        });
        if let Some(locale) = locale {
            init["locale"] = json!(locale);
        }
        let result = client.request("initialize", init).await;
        assert!(
            result.get("capabilities").is_some(),
            "initialize failed: {result}"
        );
        client.notify("initialized", json!({})).await;
        client
    }

    /// How to answer a server request (the default answers say yes).
    pub fn answer(&mut self, method: &str, f: impl Fn(&Value) -> Value + Send + Sync + 'static) {
        self.answers
            .lock()
            .unwrap()
            .insert(method.to_string(), Box::new(f));
    }

    fn spawn_reader(&self, read: tokio::io::ReadHalf<DuplexStream>) {
        let inbox = self.inbox.clone();
        let arrived = self.arrived.clone();
        let answers = self.answers.clone();
        let writer = self.writer.clone();
        tokio::spawn(async move {
            let mut reader = BufReader::new(read);
            loop {
                let mut length = 0usize;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length: ") {
                        length = v.parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).await.unwrap();
                let message: Value = serde_json::from_slice(&body).unwrap();
                let is_request = message.get("method").is_some() && message.get("id").is_some();
                if is_request {
                    let method = message["method"].as_str().unwrap().to_string();
                    let result = answers
                        .lock()
                        .unwrap()
                        .get(&method)
                        .map(|f| f(&message["params"]));
                    let reply = match result {
                        Some(result) => json!({ "jsonrpc": "2.0", "id": message["id"], "result": result }),
                        None => {
                            json!({ "jsonrpc": "2.0", "id": message["id"], "error": { "code": -32601, "message": "not answered by the test" } })
                        }
                    };
                    send(&writer, &reply).await;
                }
                {
                    let mut inbox = inbox.lock().unwrap();
                    if message.get("method").is_some() {
                        inbox.messages.push(message);
                    } else if let Some(id) = message["id"].as_u64() {
                        inbox.responses.insert(id, message);
                    }
                }
                arrived.notify_waiters();
            }
        });
    }

    /// Sends a request and waits for its response; returns `result`, or the `error` object.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        send(
            &self.writer,
            &json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }),
        )
        .await;
        let response = self.wait_for(|inbox| inbox.responses.remove(&id)).await;
        response
            .get("result")
            .cloned()
            .unwrap_or_else(|| json!({ "error": response["error"] }))
    }

    /// Sends a request without waiting for its response; returns its id.
    pub async fn send_request(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        send(
            &self.writer,
            &json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }),
        )
        .await;
        id
    }

    /// Waits for the response to request `id`: its `result`, or `{ "error": … }`.
    pub async fn response(&self, id: u64) -> Value {
        let response = self.wait_for(|inbox| inbox.responses.remove(&id)).await;
        response
            .get("result")
            .cloned()
            .unwrap_or_else(|| json!({ "error": response["error"] }))
    }

    /// Sends several requests at once and waits for all their responses, in order.
    pub async fn request_all(&mut self, method: &str, params: Vec<Value>) -> Vec<Value> {
        let mut ids = Vec::new();
        for p in params {
            self.next_id += 1;
            ids.push(self.next_id);
            send(
                &self.writer,
                &json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": p }),
            )
            .await;
        }
        let mut out = Vec::new();
        for id in ids {
            let response = self.wait_for(|inbox| inbox.responses.remove(&id)).await;
            out.push(
                response
                    .get("result")
                    .cloned()
                    .unwrap_or_else(|| json!({ "error": response["error"] })),
            );
        }
        out
    }

    pub async fn notify(&self, method: &str, params: Value) {
        send(
            &self.writer,
            &json!({ "jsonrpc": "2.0", "method": method, "params": params }),
        )
        .await;
    }

    async fn wait_for<T>(&self, mut f: impl FnMut(&mut Inbox) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let notified = self.arrived.notified();
            if let Some(v) = f(&mut self.inbox.lock().unwrap()) {
                return v;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let inbox = self.inbox.lock().unwrap();
                panic!("timed out; received: {:#?}", inbox.messages);
            }
        }
    }

    /// The first message (notification or server request) with `method` satisfying `pred`,
    /// removed from the inbox.
    pub async fn expect(&self, method: &str, pred: impl Fn(&Value) -> bool) -> Value {
        self.wait_for(|inbox| {
            let i = inbox
                .messages
                .iter()
                .position(|m| m["method"] == method && pred(&m["params"]))?;
            Some(inbox.messages.remove(i)["params"].clone())
        })
        .await
    }

    /// Every message received so far with `method`, left in the inbox.
    pub fn received(&self, method: &str) -> Vec<Value> {
        self.inbox
            .lock()
            .unwrap()
            .messages
            .iter()
            .filter(|m| m["method"] == method)
            .map(|m| m["params"].clone())
            .collect()
    }

    /// Drops every recorded message.
    pub fn clear(&self) {
        self.inbox.lock().unwrap().messages.clear();
    }

    pub fn uri(&self, rel: &str) -> String {
        uri(&self.root.join(rel))
    }

    pub async fn open(&mut self, rel: &str, language: &str, text: &str) -> String {
        let uri = self.uri(rel);
        self.versions.insert(uri.clone(), 1);
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": language, "version": 1, "text": text } }),
        )
        .await;
        uri
    }

    /// Opens a file with its content on disk.
    pub async fn open_file(&mut self, rel: &str, language: &str) -> String {
        let text = std::fs::read_to_string(self.root.join(rel)).unwrap();
        self.open(rel, language, &text).await
    }

    /// Sends one change (range `[l1, c1, l2, c2]`, or `None` for the whole text); returns the
    /// new version.
    pub async fn change(&mut self, uri: &str, range: Option<[u32; 4]>, text: &str) -> i32 {
        let version = self.versions.get(uri).copied().unwrap_or(0) + 1;
        self.versions.insert(uri.to_string(), version);
        let change = match range {
            Some([l1, c1, l2, c2]) => {
                json!({ "range": { "start": { "line": l1, "character": c1 }, "end": { "line": l2, "character": c2 } }, "text": text })
            }
            None => json!({ "text": text }),
        };
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] }),
        )
        .await;
        version
    }

    pub async fn close(&mut self, uri: &str) {
        self.versions.remove(uri);
        self.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }))
            .await;
    }

    pub fn version(&self, uri: &str) -> i32 {
        self.versions.get(uri).copied().unwrap_or(0)
    }

    /// Waits for the diagnostics of `uri` at its current version (or unversioned, for files
    /// not open) and returns them.
    pub async fn diagnostics(&self, uri: &str) -> Vec<Value> {
        let version = self.versions.get(uri).copied();
        let params = self
            .expect("textDocument/publishDiagnostics", |p| {
                p["uri"] == uri && (version.is_none() || p["version"] == json!(version))
            })
            .await;
        params["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    /// Waits for a publish of `uri`'s diagnostics that satisfies `pred` (older publishes that
    /// do not are skipped and dropped).
    pub async fn diagnostics_where(&self, uri: &str, pred: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let params = self
            .expect("textDocument/publishDiagnostics", |p| {
                p["uri"] == uri && pred(p["diagnostics"].as_array().map(Vec::as_slice).unwrap_or(&[]))
            })
            .await;
        params["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    /// Replaces the workspace root's path with `[ROOT]` everywhere in `value`, for snapshots.
    pub fn redact(&self, value: &Value) -> Value {
        let text = serde_json::to_string(value).unwrap();
        let root_uri = uri(&self.root);
        let text = text
            .replace(&root_uri, "file://[ROOT]")
            .replace(&self.root.display().to_string(), "[ROOT]");
        serde_json::from_str(&text).unwrap()
    }
}

pub fn uri(path: &Path) -> String {
    autofix::lsp::path_to_uri(path).unwrap().as_str().to_string()
}

/// Applies a `workspace/applyEdit` request to the files on disk, as an editor that saves at once
/// would: every text document edit of `params["edit"]` (created files included). Returns
/// `{ "applied": true }`.
pub fn apply_to_disk(params: &Value) -> Value {
    let changes = params["edit"]["documentChanges"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for change in changes {
        let Some(uri) = change["textDocument"]["uri"].as_str() else {
            continue;
        };
        let path = autofix::lsp::uri_to_path(&uri.parse().unwrap()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let edits: Vec<Value> = change["edits"].as_array().cloned().unwrap_or_default();
        let new = apply_text_edits(&text, &edits);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, new).unwrap();
    }
    json!({ "applied": true })
}

/// Applies LSP text edits to `text` (ASCII text, so UTF-16 columns are bytes), as an editor would.
pub fn apply_text_edits(text: &str, edits: &[Value]) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        starts.get(line).copied().unwrap_or(text.len()) + p["character"].as_u64().unwrap() as usize
    };
    let mut out = text.to_string();
    let mut sorted: Vec<&Value> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    for e in sorted {
        out.replace_range(
            offset(&e["range"]["start"])..offset(&e["range"]["end"]),
            e["newText"].as_str().unwrap(),
        );
    }
    out
}
