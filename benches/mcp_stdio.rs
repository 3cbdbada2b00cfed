//! `autofix mcp` as an agent sees it, over stdio with the release binary: the time from a
//! `tools/call check` leaving the client to its result arriving, for a 20,000-line TypeScript
//! file checked against 50 rules — the file on disk, and the same text sent as `content`.
//!
//! `cargo bench --bench mcp_stdio`

#[path = "fixtures.rs"]
mod fixtures;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Server {
    fn start(root: &std::path::Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
            .args(["mcp", "--root"])
            .arg(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the release binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut server = Server {
            child,
            stdin,
            stdout,
            next_id: 0,
        };
        server.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"}}),
        );
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == id {
                return message;
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn measure(server: &mut Server, arguments: &Value, calls: usize) -> (Duration, Duration, usize) {
    let mut samples = Vec::with_capacity(calls);
    let mut violations = 0;
    for _ in 0..calls {
        let start = Instant::now();
        let response = server.request("tools/call", json!({"name": "check", "arguments": arguments}));
        samples.push(start.elapsed());
        violations = response["result"]["structuredContent"]["violations"]
            .as_array()
            .map_or(0, Vec::len);
    }
    samples.sort();
    (percentile(&samples, 0.5), percentile(&samples, 0.95), violations)
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test` this runs as a quick smoke test.
    let full = std::env::args().any(|a| a == "--bench");
    let calls = if full { 200 } else { 5 };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    std::fs::write(root.join("autofix.json"), fixtures::rules(50)).unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();
    let text = fixtures::typescript(20_000);
    std::fs::write(root.join("src/app.ts"), &text).unwrap();
    let mut server = Server::start(&root);

    let (p50, p95, found) = measure(&mut server, &json!({"path": "src/app.ts"}), calls);
    assert!(found > 0, "the fixture holds violations");
    println!(
        "check {{path}} (20,000 lines on disk, 50 rules, {found} violations): p50 {p50:.2?}, p95 {p95:.2?}"
    );
    let (p50, p95, _) = measure(
        &mut server,
        &json!({"path": "src/app.ts", "content": text}),
        calls,
    );
    println!(
        "check {{path, content}} (the same {} KiB sent as content): p50 {p50:.2?}, p95 {p95:.2?}",
        text.len() >> 10
    );
    let clean = "export const x = 1;\n".repeat(20_000);
    let (p50, p95, _) = measure(
        &mut server,
        &json!({"path": "src/clean.ts", "content": clean}),
        calls,
    );
    println!("check {{path, content}} of 20,000 clean lines: p50 {p50:.2?}, p95 {p95:.2?}");
}
