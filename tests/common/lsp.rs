//! An LSP client for tests: drives the real `LspService` over an in-memory pipe, answers the
//! server's requests (applyEdit, registerCapability, …) as told, and records what it receives.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
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

/// The default client capabilities: what VS Code (with the autofix extension, which shows the
/// results of autofix's commands and its status itself) announces that matters here.
pub fn vscode_capabilities() -> Value {
    json!({
        "experimental": { "autofixCommandResults": true, "autofixStatus": true },
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
        // As VS Code answers: the `autofix` section is an object, `autofix.enable` unset.
        client.answer("workspace/configuration", |params| {
            let items = params["items"].as_array().cloned().unwrap_or_default();
            json!(
                items
                    .iter()
                    .map(|item| if item["section"] == "autofix" {
                        json!({})
                    } else {
                        Value::Null
                    })
                    .collect::<Vec<_>>()
            )
        });
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
        let id = self.send_request(method, params).await;
        self.response(id).await
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
            ids.push(self.send_request(method, p).await);
        }
        let mut out = Vec::new();
        for id in ids {
            out.push(self.response(id).await);
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

    /// `workspace/executeCommand`: `arguments` is the JSON array sent as is, or `null` to leave
    /// the key out. Returns the result, or `{ "error": … }`.
    pub async fn execute(&mut self, command: &str, arguments: Value) -> Value {
        let params = match arguments {
            Value::Null => json!({ "command": command }),
            Value::Array(_) => json!({ "command": command, "arguments": arguments }),
            other => panic!("the arguments of {command} are an array or null, not {other}"),
        };
        self.request("workspace/executeCommand", params).await
    }

    /// [`execute`](Self::execute), the result read as `T` (one of `autofix::lsp::protocol`'s
    /// result types); panics with the response when it is an error or another shape.
    pub async fn execute_as<T: DeserializeOwned>(&mut self, command: &str, arguments: Value) -> T {
        let result = self.execute(command, arguments).await;
        serde_json::from_value(result.clone())
            .unwrap_or_else(|e| panic!("{command}: not a {}: {e}: {result}", std::any::type_name::<T>()))
    }

    /// `textDocument/hover` at a position: the whole response (`null` for nothing).
    pub async fn hover_response(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
        .await
    }

    /// The markdown text of the hover at a position, `None` when the server has nothing there.
    pub async fn hover(&mut self, uri: &str, line: u32, character: u32) -> Option<String> {
        let hover = self.hover_response(uri, line, character).await;
        if hover.is_null() {
            return None;
        }
        assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
        let text = hover["contents"]["value"].as_str();
        Some(
            text.unwrap_or_else(|| panic!("a hover with text: {hover}"))
                .to_string(),
        )
    }

    /// `textDocument/codeAction` over `range` (`[l1, c1, l2, c2]`), with `diagnostics` as the
    /// context's and the kinds asked for in `only`. A `null` result is no action; an error
    /// panics.
    pub async fn code_actions(
        &mut self,
        uri: &str,
        range: [u32; 4],
        diagnostics: &[Value],
        only: Option<&[&str]>,
    ) -> Vec<Value> {
        let mut context = json!({ "diagnostics": diagnostics });
        if let Some(only) = only {
            context["only"] = json!(only);
        }
        let result = self
            .request(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": lsp_range(range), "context": context }),
            )
            .await;
        match result {
            Value::Null => Vec::new(),
            Value::Array(actions) => actions,
            other => panic!("code actions: {other}"),
        }
    }

    /// `textDocument/codeLens`: the lenses of a document.
    pub async fn code_lenses(&mut self, uri: &str) -> Vec<Value> {
        let result = self
            .request("textDocument/codeLens", json!({ "textDocument": { "uri": uri } }))
            .await;
        match result {
            Value::Array(lenses) => lenses,
            other => panic!("code lenses: {other}"),
        }
    }

    /// The next `workspace/applyEdit` request the server sent (its params: `label`, `edit`),
    /// removed from the inbox.
    pub async fn edit_request(&self) -> Value {
        self.expect("workspace/applyEdit", |_| true).await
    }

    /// The text of the next `window/showMessage`, removed from the inbox.
    pub async fn shown_message(&self) -> String {
        let shown = self.expect("window/showMessage", |_| true).await;
        let text = shown["message"].as_str();
        text.unwrap_or_else(|| panic!("a message: {shown}")).to_string()
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

/// The message of a JSON-RPC error response (`{ "error": { "code", "message" } }`, as
/// [`TestClient::request`] returns it); panics on a result.
pub fn error_message(response: &Value) -> &str {
    response["error"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("an error response: {response}"))
}

/// An LSP range from `[l1, c1, l2, c2]`.
pub fn lsp_range([l1, c1, l2, c2]: [u32; 4]) -> Value {
    json!({ "start": { "line": l1, "character": c1 }, "end": { "line": l2, "character": c2 } })
}

/// An LSP range as `[l1, c1, l2, c2]`.
pub fn span(range: &Value) -> [u32; 4] {
    let at = |p: &Value, k: &str| {
        let n = p[k].as_u64().unwrap_or_else(|| panic!("a range: {range}"));
        u32::try_from(n).unwrap()
    };
    [
        at(&range["start"], "line"),
        at(&range["start"], "character"),
        at(&range["end"], "line"),
        at(&range["end"], "character"),
    ]
}

/// What tests compare of a diagnostic, for assertions and snapshots.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diag {
    pub code: Value,
    /// `[l1, c1, l2, c2]`.
    pub range: [u32; 4],
    pub severity: u64,
    pub message: String,
}

impl Diag {
    pub fn of(d: &Value) -> Diag {
        Diag {
            code: d["code"].clone(),
            range: span(&d["range"]),
            severity: d["severity"]
                .as_u64()
                .unwrap_or_else(|| panic!("a severity: {d}")),
            message: d["message"]
                .as_str()
                .unwrap_or_else(|| panic!("a message: {d}"))
                .to_string(),
        }
    }

    /// The line the diagnostic starts on.
    pub fn line(&self) -> u32 {
        self.range[0]
    }
}

/// Published diagnostics (the JSON the editor sees), seen as tests compare them.
pub trait Diagnostics {
    /// Each one's code, in order.
    fn codes(&self) -> Vec<Value>;
    /// Each one's range, `[l1, c1, l2, c2]`.
    fn ranges(&self) -> Vec<[u32; 4]>;
    /// Code, range, severity and message of each.
    fn brief(&self) -> Vec<Diag>;
    /// The start lines of those with `code`.
    fn lines_of(&self, code: impl Into<Value>) -> Vec<u32>;
}

impl Diagnostics for [Value] {
    fn codes(&self) -> Vec<Value> {
        self.iter().map(|d| d["code"].clone()).collect()
    }

    fn ranges(&self) -> Vec<[u32; 4]> {
        self.iter().map(|d| span(&d["range"])).collect()
    }

    fn brief(&self) -> Vec<Diag> {
        self.iter().map(Diag::of).collect()
    }

    fn lines_of(&self, code: impl Into<Value>) -> Vec<u32> {
        let code = code.into();
        self.iter()
            .filter(|d| d["code"] == code)
            .map(|d| span(&d["range"])[0])
            .collect()
    }
}

/// The titles of code actions, in order.
pub fn action_titles(actions: &[Value]) -> Vec<&str> {
    actions
        .iter()
        .map(|a| a["title"].as_str().unwrap_or_else(|| panic!("a title: {a}")))
        .collect()
}

/// The titles of code lenses (their commands'), in order.
pub fn lens_titles(lenses: &[Value]) -> Vec<&str> {
    lenses
        .iter()
        .map(|l| {
            l["command"]["title"]
                .as_str()
                .unwrap_or_else(|| panic!("a command: {l}"))
        })
        .collect()
}

/// The action titled `title`, if offered.
pub fn titled<'a>(actions: &'a [Value], title: &str) -> Option<&'a Value> {
    actions.iter().find(|a| a["title"] == title)
}

/// The first action of `kind`, if offered.
pub fn of_kind<'a>(actions: &'a [Value], kind: &str) -> Option<&'a Value> {
    actions.iter().find(|a| a["kind"] == kind)
}

/// The text edits of the one document a workspace edit (`documentChanges`) changes first.
pub fn text_edits(edit: &Value) -> &[Value] {
    edit["documentChanges"][0]["edits"]
        .as_array()
        .unwrap_or_else(|| panic!("a text document edit first: {edit}"))
}

pub fn uri(path: &Path) -> String {
    autofix::lsp::path_to_uri(path).unwrap().as_str().to_string()
}

/// Applies a `workspace/applyEdit` request to the files on disk, as an editor that saves at once
/// would: every text document edit of `params["edit"]` (created files included) and every file
/// deletion. Returns `{ "applied": true }`.
pub fn apply_to_disk(params: &Value) -> Value {
    let changes = params["edit"]["documentChanges"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for change in changes {
        if change["kind"] == "delete" {
            let uri = change["uri"].as_str().unwrap();
            let path = autofix::lsp::uri_to_path(&uri.parse().unwrap()).unwrap();
            std::fs::remove_file(path).unwrap();
            continue;
        }
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
