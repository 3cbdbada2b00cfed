//! The server as an editor sees it, over stdio with the release binary:
//! - latency from a `didChange` leaving the client to its `publishDiagnostics` arriving, for
//!   one-character edits in a 20,000-line TypeScript file checked against 50 rules;
//! - resident memory with 200 open documents of 100 KB each;
//! - the same latency with 500 rules;
//! - 1,000 rules of the costly kind (`\bfooN(bar|baz)\w*\b`, Unicode word classes): time to the
//!   first diagnostics, peak memory, and an edit of autofix.json (open in the editor) → the
//!   document's diagnostics published again.
//!
//! `cargo bench --bench lsp_stdio`

#[path = "fixtures.rs"]
mod fixtures;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    fn start(root: &std::path::Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_autofix"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the release binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut server = Server { child, stdin, stdout };
        let root_uri = format!("file://{}", root.display());
        server.send(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": null, "rootUri": root_uri, "capabilities": {},
            "workspaceFolders": [{"uri": root_uri, "name": "bench"}]}}),
        );
        while server.read()["id"] != 1 {}
        server.send(&json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
        server
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    /// Waits for the diagnostics of `uri` at `version`.
    fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        loop {
            let m = self.read();
            if m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
            {
                return m["params"]["diagnostics"].clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.open_as(uri, "typescript", text);
    }

    fn open_as(&mut self, uri: &str, language: &str, text: &str) {
        self.send(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}}}),
        );
    }

    /// One-character edits in the middle of `text` (open as `uri`), each timed until its
    /// diagnostics arrive.
    fn keystrokes(&mut self, uri: &str, text: &str, edits: i64) -> Vec<Duration> {
        let line = text.lines().count() / 2;
        let mut samples = Vec::new();
        for i in 0..edits {
            let version = i + 2;
            let ch = if i % 2 == 0 { "x" } else { "" };
            let range = if i % 2 == 0 {
                json!({"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}})
            } else {
                json!({"start": {"line": line, "character": 0}, "end": {"line": line, "character": 1}})
            };
            let started = Instant::now();
            self.send(&json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": range, "text": ch}]}}));
            self.diagnostics(uri, version);
            samples.push(started.elapsed());
        }
        samples.sort();
        samples
    }

    fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    fn rss_kib(&self) -> u64 {
        self.status_kib("VmRSS:")
    }

    /// Peak resident memory so far.
    fn hwm_kib(&self) -> u64 {
        self.status_kib("VmHWM:")
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

fn main() {
    // `BENCH_FIXTURES=DIR` writes the workspace used here, for profiling the server by hand
    // (`BENCH_RULES=N`: with N rules instead of 50; `BENCH_DISTINCT=1`: each of its own).
    if let Some(out) = std::env::var_os("BENCH_FIXTURES") {
        let out = std::path::PathBuf::from(out);
        let rules = std::env::var("BENCH_RULES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(50);
        std::fs::create_dir_all(out.join("src")).unwrap();
        let rules = match std::env::var("BENCH_DISTINCT") {
            Ok(_) => fixtures::distinct_rules(rules),
            Err(_) => fixtures::rules(rules),
        };
        std::fs::write(out.join("autofix.json"), rules).unwrap();
        std::fs::write(out.join("src/app.ts"), fixtures::typescript(20_000)).unwrap();
        return;
    }
    // `cargo bench` passes `--bench`; under `cargo test` this runs as a quick smoke test.
    let full = std::env::args().any(|a| a == "--bench");
    let (edits, documents) = if full { (300, 200) } else { (10, 10) };
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("autofix.json"), fixtures::rules(50)).unwrap();
    std::fs::create_dir_all(root.join("src")).unwrap();

    // Latency of one-character edits in a 20,000-line file.
    let mut server = Server::start(&root);
    let uri = format!("file://{}/src/app.ts", root.display());
    let text = fixtures::typescript(20_000);
    server.open(&uri, &text);
    let first = server.diagnostics(&uri, 1);
    let samples = server.keystrokes(&uri, &text, edits);
    println!(
        "lsp_stdio: 20,000-line file, 50 rules, {} diagnostics",
        first.as_array().map_or(0, Vec::len)
    );
    print_latency(&samples);
    drop(server);

    // Memory with 200 open 100 KB documents.
    let mut server = Server::start(&root);
    let doc = fixtures::typescript(4_000);
    let doc = &doc[..doc.len().min(100 * 1024)];
    for i in 0..documents {
        server.open(&format!("file://{}/src/file{i}.ts", root.display()), doc);
    }
    for i in 0..documents {
        server.diagnostics(&format!("file://{}/src/file{i}.ts", root.display()), 1);
    }
    println!(
        "  {documents} open documents of {} KB: RSS {} MiB",
        doc.len() / 1024,
        server.rss_kib() / 1024
    );
    drop(server);

    // The same keystrokes with 500 rules: each with a pattern of its own, then the 15 kinds of
    // the 50 rules repeated over and over (every violation is reported by some 30 rules).
    for (label, rules) in [
        ("500 distinct rules", fixtures::distinct_rules(500)),
        ("500 rules repeating 15 patterns", fixtures::rules(500)),
    ] {
        std::fs::write(root.join("autofix.json"), rules).unwrap();
        let mut server = Server::start(&root);
        server.open(&uri, &text);
        let first = server.diagnostics(&uri, 1);
        let samples = server.keystrokes(&uri, &text, edits);
        println!("  {label}, {} diagnostics", first.as_array().map_or(0, Vec::len));
        print_latency(&samples);
        drop(server);
    }

    thousand_costly_rules(&root, if full { 30 } else { 3 });
}

fn print_latency(samples: &[Duration]) {
    println!(
        "  didChange → publishDiagnostics over {} edits: median {:.2?}, p95 {:.2?}, max {:.2?}",
        samples.len(),
        percentile(samples, 0.5),
        percentile(samples, 0.95),
        samples[samples.len() - 1]
    );
}

/// 1,000 rules whose patterns hold Unicode word classes, a 20,000-line document that breaks 50
/// of them (ASCII, then with one accented comment), and edits of autofix.json in the editor.
fn thousand_costly_rules(root: &std::path::Path, edits: usize) {
    let rule = |i: usize, extra: &str| {
        format!(
            r#"{{"Rule_number": {i}, "Category": "CODE", "Instruction": "Never use foo{i}bar{extra}.", "Why": "w", "Check": {{"Files": ["**/*.ts"], "Pattern": "\\bfoo{i}(bar|baz)\\w*\\b{extra}"}}}}"#
        )
    };
    let rules_text = |edit: Option<usize>| {
        let items: Vec<String> = (1..=1000)
            .map(|i| match edit {
                Some(n) if i == 17 => rule(i, &format!("|edit{n}")),
                _ => rule(i, ""),
            })
            .collect();
        format!("[\n{}\n]\n", items.join(",\n"))
    };
    std::fs::write(root.join("autofix.json"), rules_text(None)).unwrap();
    let mut text = fixtures::typescript(20_000);
    for i in 1..=50 {
        text.push_str(&format!("const use{i} = foo{}bar_value;\n", i * 20 - 3));
    }
    for (label, text) in [
        ("ASCII", text.clone()),
        ("one accented comment", format!("// café\n{text}")),
    ] {
        let started = Instant::now();
        let mut server = Server::start(root);
        let uri = format!("file://{}/src/app.ts", root.display());
        server.open(&uri, &text);
        let found = server.diagnostics(&uri, 1);
        let first = started.elapsed();
        let rules_uri = format!("file://{}/autofix.json", root.display());
        server.open_as(&rules_uri, "json", &rules_text(None));
        let mut samples = Vec::new();
        for n in 0..edits {
            let started = Instant::now();
            server.send(
                &json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": rules_uri, "version": n + 2},
                "contentChanges": [{"text": rules_text(Some(n))}]}}),
            );
            // Rule 17's message changes with each edit: the document is published again.
            server.diagnostics(&uri, 1);
            samples.push(started.elapsed());
        }
        samples.sort();
        println!(
            "  1,000 rules `\\bfooN(bar|baz)\\w*\\b`, 20,000 lines ({label}), {} diagnostics: first diagnostics {:.2?} after start, peak RSS {} MiB; autofix.json edited → republished: median {:.2?}, p95 {:.2?}",
            found.as_array().map_or(0, Vec::len),
            first,
            server.hwm_kib() / 1024,
            percentile(&samples, 0.5),
            percentile(&samples, 0.95),
        );
    }
}
