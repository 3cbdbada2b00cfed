//! The stdio transport of the built binary (`autofix lsp`) against clients that misbehave:
//! malformed frames are answered and the server keeps serving, an absurd `Content-Length` ends it
//! with a message, and the end of its input ends it promptly whatever is pending.
//!
//! Every wait has a deadline, so a server that hangs fails the test instead of hanging CI.

mod common;

use common::stdio::{frame, read_message};
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for a message that must come (generous: CI machines are slow).
const PATIENCE: Duration = Duration::from_secs(10);

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Messages from stdout, read by a thread (absent when the test leaves stdout unread).
    messages: Option<Receiver<Value>>,
    /// Kept open but unread, when the test wants a client that stopped reading.
    unread_stdout: Option<ChildStdout>,
    stderr: Option<JoinHandle<String>>,
}

impl Server {
    fn start() -> Server {
        Server::spawn(true)
    }

    /// A server whose client never reads its output.
    fn start_unread() -> Server {
        Server::spawn(false)
    }

    fn spawn(read_stdout: bool) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
            .args(["lsp", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (messages, unread_stdout) = if read_stdout {
            let (tx, rx) = channel();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                while let Some(m) = read_message(&mut reader) {
                    if tx.send(m).is_err() {
                        break;
                    }
                }
            });
            (Some(rx), None)
        } else {
            (None, Some(stdout))
        };
        let mut stderr = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Server {
            child,
            stdin,
            messages,
            unread_stdout,
            stderr: Some(stderr),
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(&frame(message));
    }

    /// The next message, within `within`.
    fn recv_within(&self, within: Duration) -> Value {
        let messages = self.messages.as_ref().expect("stdout is read");
        match messages.recv_timeout(within) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server within {within:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    fn recv(&self) -> Value {
        self.recv_within(PATIENCE)
    }

    /// Skips messages until one matches.
    fn recv_until(&self, what: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = self.recv_within(left);
            if what(&m) {
                return m;
            }
        }
    }

    /// The response to request `id`, within `within`.
    fn response_within(&self, id: i64, within: Duration) -> Value {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = self.recv_within(left);
            if m["id"] == id && m.get("method").is_none() {
                return m;
            }
        }
    }

    fn initialize(&mut self, root: &std::path::Path, capabilities: Value) {
        let root_uri = format!("file://{}", root.display());
        self.send(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": null, "rootUri": root_uri, "capabilities": capabilities,
            "workspaceFolders": [{"uri": root_uri, "name": "r"}]}}),
        );
        let init = self.response_within(1, PATIENCE);
        assert_eq!(init["result"]["serverInfo"]["name"], "autofix", "{init}");
        self.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to end, within `within`; a process still running fails the test.
    fn wait_within(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("the server was still running {within:?} later");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Everything the server wrote on stderr (once it has exited).
    fn stderr(&mut self) -> String {
        self.stderr.take().map(|h| h.join().unwrap()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        drop(self.unread_stdout.take());
    }
}

fn initialize_request(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {"processId": null,
        "rootUri": null, "capabilities": {}}})
}

fn assert_error(m: &Value, code: i64, id: Value) {
    assert_eq!(m["jsonrpc"], "2.0", "{m}");
    assert_eq!(m["error"]["code"], code, "{m}");
    assert_eq!(m["id"], id, "{m}");
    assert!(
        m["error"]["message"].as_str().is_some_and(|s| !s.is_empty()),
        "{m}"
    );
}

/// A workspace with a rules file, so that `autofix.learnRule` edits it through the editor.
fn workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("autofix.json"),
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any`.", "Why": "w"}]"#,
    )
    .unwrap();
    (dir, root)
}

/// Sends `autofix.learnRule` as request `id`.
fn learn(server: &mut Server, id: i64) {
    server.send(
        &json!({"jsonrpc": "2.0", "id": id, "method": "workspace/executeCommand", "params": {
        "command": "autofix.learnRule",
        "arguments": [{"category": "CODE", "instruction": format!("Never x{id}."), "why": "w"}]}}),
    );
}

/// Starts `autofix.learnRule` as request `id` and returns the `workspace/applyEdit` the server
/// then sends, left unanswered: a review the user has not finished.
fn start_review(server: &mut Server, id: i64) -> Value {
    learn(server, id);
    server.recv_until(|m| m["method"] == "workspace/applyEdit")
}

#[test]
fn a_body_that_is_not_json_is_answered_and_the_server_keeps_serving() {
    let mut server = Server::start();
    server.send_raw(b"Content-Length: 9\r\n\r\nnot json!");
    assert_error(&server.recv(), -32700, Value::Null);
    server.send(&initialize_request(1));
    let init = server.response_within(1, PATIENCE);
    assert_eq!(init["result"]["serverInfo"]["name"], "autofix", "{init}");
}

#[test]
fn json_that_is_not_a_message_is_an_invalid_request_and_the_server_keeps_serving() {
    let mut server = Server::start();
    server.send_raw(&frame(&json!({"foo": 1})));
    assert_error(&server.recv(), -32600, Value::Null);
    server.send_raw(&frame(&json!([])));
    assert_error(&server.recv(), -32600, Value::Null);
    // A request without a method: its id is readable, so the answer carries it.
    server.send_raw(&frame(&json!({"jsonrpc": "2.0", "id": 7})));
    assert_error(&server.recv(), -32600, json!(7));
    // An id that is neither an integer nor a string.
    server.send_raw(&frame(&json!({"jsonrpc": "2.0", "id": 1.5, "method": "x"})));
    assert_error(&server.recv(), -32600, Value::Null);
    server.send(&initialize_request(1));
    let init = server.response_within(1, PATIENCE);
    assert_eq!(init["result"]["serverInfo"]["name"], "autofix", "{init}");
}

#[test]
fn a_bad_content_length_is_answered_and_the_next_frame_is_served() {
    let mut server = Server::start();
    let body = initialize_request(1).to_string();
    server.send_raw(format!("Content-Length: twelve\r\n\r\n{body}").as_bytes());
    assert_error(&server.recv(), -32700, Value::Null);
    // Served (answered: the server is not initialized yet).
    server.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover"}));
    assert_eq!(server.recv()["id"], 2);
    // A frame without Content-Length, then garbage: one stretch skipped up to the next header.
    server.send_raw(format!("Content-Type: application/vscode-jsonrpc\r\n\r\n{body}}}}}]]").as_bytes());
    assert_error(&server.recv(), -32700, Value::Null);
    server.send(&initialize_request(3));
    let init = server.response_within(3, PATIENCE);
    assert_eq!(init["result"]["serverInfo"]["name"], "autofix", "{init}");
}

#[test]
fn other_headers_are_ignored_and_a_non_utf8_charset_is_answered() {
    let mut server = Server::start();
    let body = initialize_request(1).to_string();
    server.send_raw(
        format!(
            "Content-Length: {}\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_error(&server.recv(), -32700, Value::Null);
    // Three headers (tower-lsp-server's own reader takes two at most), one it does not know, and
    // a Content-Type without a charset (UTF-8 is the default).
    server.send_raw(
        format!(
            "X-Trace: 1\r\nContent-Type: application/vscode-jsonrpc\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    let init = server.response_within(1, PATIENCE);
    assert_eq!(init["result"]["serverInfo"]["name"], "autofix", "{init}");
}

#[test]
fn an_oversized_content_length_ends_the_server_with_a_message() {
    let mut server = Server::start();
    server.send_raw(b"Content-Length: 100000000\r\n\r\n{\"jsonrpc\":");
    let status = server.wait_within(PATIENCE);
    assert!(!status.success(), "{status:?}");
    let stderr = server.stderr();
    assert!(stderr.contains("Content-Length: 100000000"), "{stderr}");
    assert!(stderr.contains("64 MiB"), "{stderr}");
}

#[test]
fn closing_stdin_during_a_review_ends_the_server_within_a_second() {
    let (_dir, root) = workspace();
    let mut server = Server::start();
    server.initialize(&root, json!({"workspace": {"applyEdit": true}}));
    start_review(&mut server, 2);
    let closed = Instant::now();
    server.close_stdin();
    let status = server.wait_within(Duration::from_secs(1));
    assert!(closed.elapsed() < Duration::from_secs(1));
    // No shutdown came first: exit code 1, with a note saying why.
    assert_eq!(status.code(), Some(1), "{status:?}");
    let stderr = server.stderr();
    assert!(stderr.contains("shutdown"), "{stderr}");
}

#[test]
fn shutdown_is_answered_within_a_second_even_during_reviews() {
    let (_dir, root) = workspace();
    let mut server = Server::start();
    server.initialize(&root, json!({"workspace": {"applyEdit": true}}));
    // One review open, and more learners than tower-lsp-server's default of four concurrent
    // requests waiting for their turn on the rules file.
    start_review(&mut server, 2);
    for id in 3..8 {
        learn(&mut server, id);
    }
    let sent = Instant::now();
    server.send(&json!({"jsonrpc": "2.0", "id": 100, "method": "shutdown"}));
    let answer = server.response_within(100, Duration::from_secs(1));
    assert_eq!(answer["result"], Value::Null, "{answer}");
    assert!(sent.elapsed() < Duration::from_secs(1));
    // Input closed after shutdown: a normal end.
    server.close_stdin();
    let status = server.wait_within(Duration::from_secs(1));
    assert!(status.success(), "{status:?}");
}

#[test]
fn exit_ends_the_server_with_the_spec_exit_code() {
    // Without shutdown first: 1.
    let mut server = Server::start();
    server.send(&initialize_request(1));
    server.response_within(1, PATIENCE);
    server.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let status = server.wait_within(Duration::from_secs(1));
    assert_eq!(status.code(), Some(1), "{status:?}");
    let stderr = server.stderr();
    assert!(stderr.contains("`exit` came before any `shutdown`"), "{stderr}");
    // After shutdown: 0, with stdin still open.
    let mut server = Server::start();
    server.send(&initialize_request(1));
    server.response_within(1, PATIENCE);
    server.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    server.response_within(2, PATIENCE);
    server.send(&json!({"jsonrpc": "2.0", "method": "exit"}));
    let status = server.wait_within(Duration::from_secs(1));
    assert!(status.success(), "{status:?}");
    // A normal end: nothing to say.
    assert_eq!(server.stderr(), "");
}

#[test]
fn end_of_input_ends_the_server_even_when_its_output_is_blocked() {
    let mut server = Server::start_unread();
    // Each request is answered ("not initialized"), and nobody reads the answers: far more of
    // them than the pipe and every queue inside the server can hold.
    let mut requests = Vec::new();
    for id in 0..5000 {
        requests.extend(frame(
            &json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover"}),
        ));
    }
    let mut stdin = server.stdin.take().unwrap();
    let (done, written) = channel();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&requests);
        drop(stdin);
        let _ = done.send(());
    });
    written
        .recv_timeout(PATIENCE)
        .expect("the server keeps reading its input while its output is blocked");
    let closed = Instant::now();
    let status = server.wait_within(Duration::from_secs(1));
    assert!(closed.elapsed() < Duration::from_secs(1));
    assert_eq!(status.code(), Some(1), "{status:?}");
}

#[test]
fn a_client_that_closes_the_servers_output_ends_it() {
    let mut server = Server::start_unread();
    drop(server.unread_stdout.take());
    // The answer cannot be written: the server ends rather than serve nobody.
    server.send(&initialize_request(1));
    let status = server.wait_within(Duration::from_secs(1));
    assert_eq!(status.code(), Some(1), "{status:?}");
    let stderr = server.stderr();
    assert!(stderr.contains("cannot write to standard output"), "{stderr}");
}
