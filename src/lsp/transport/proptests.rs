//! Fuzzing of the frame reader on a stable toolchain: properties over generated input, run by
//! `cargo test` with a fixed case budget ([`CASES`], and [`SERVER_CASES`] for the property that
//! runs tower-lsp-server itself). `PROPTEST_CASES=N` overrides both for a longer run; see
//! docs/fuzzing.md.
//!
//! - Any bytes, split anywhere: no panic, the same frames whatever the split, every answer a
//!   JSON-RPC error response.
//! - Any mix of good and bad frames, split anywhere: each good one forwarded byte for byte and in
//!   order, each bad one answered once, in its place.
//! - Whatever is forwarded keeps tower-lsp-server's own reader going: a request sent after it is
//!   still answered.

use bytes::BytesMut;
use proptest::prelude::*;
use serde_json::{Value, json};
use tokio_util::codec::Decoder;

use super::frame::{Frame, FrameDecoder, MAX_HEADER_BYTES};
use super::message::{self, INVALID_REQUEST, Kind, PARSE_ERROR, Rejection};

/// Cases per property under `cargo test`: enough to cover each kind of frame and split many
/// times over in a few seconds on two cores.
const CASES: u32 = 256;
/// Cases for the property that starts tower-lsp-server for each (slower per case).
const SERVER_CASES: u32 = 64;

fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}

/// What the transport does with a piece of input.
#[derive(Debug, Clone, PartialEq)]
enum Out {
    Forward(Vec<u8>, Kind),
    Answer(i64),
    /// The reader stopped (a `Content-Length` over the limit).
    Fatal,
}

/// Runs `input`, cut at `cuts`, through the frame reader and the message check, as the transport
/// does; also checks every answer is a JSON-RPC error response.
fn run(input: &[u8], cuts: &[usize]) -> Vec<Out> {
    let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (input.len() + 1)).collect();
    cuts.push(input.len());
    cuts.sort_unstable();
    let mut decoder = FrameDecoder::default();
    let mut buf = BytesMut::new();
    let mut out = Vec::new();
    let mut from = 0;
    for cut in cuts {
        buf.extend_from_slice(&input[from..cut]);
        from = cut;
        loop {
            match decoder.decode(&mut buf) {
                Ok(Some(frame)) => out.push(judge(frame)),
                Ok(None) => break,
                Err(_) => {
                    out.push(Out::Fatal);
                    return out;
                }
            }
            assert!(
                !matches!(out.last(), Some(Out::Fatal)),
                "nothing comes after a fatal error"
            );
        }
    }
    loop {
        match decoder.decode_eof(&mut buf) {
            Ok(Some(frame)) => out.push(judge(frame)),
            Ok(None) => return out,
            Err(_) => {
                out.push(Out::Fatal);
                return out;
            }
        }
    }
}

fn judge(frame: Frame) -> Out {
    let (offset, rejection) = match frame {
        Frame::Body { offset, body } => match message::validate(body) {
            Ok(m) => return Out::Forward(m.body.to_vec(), m.kind),
            Err(r) => (offset, r),
        },
        Frame::Malformed { offset, problem } => (offset, Rejection::from_problem(&problem)),
    };
    let answer: Value = serde_json::from_slice(&rejection.to_body(offset)).expect("answers are JSON");
    assert_eq!(answer["jsonrpc"], "2.0");
    assert!(answer["error"]["message"].is_string());
    assert!(answer["id"].is_null() || answer["id"].is_i64() || answer["id"].is_string());
    let code = answer["error"]["code"].as_i64().unwrap();
    assert!(code == PARSE_ERROR || code == INVALID_REQUEST, "{answer}");
    Out::Answer(code)
}

/// Pieces that make up frames, good and bad, and the bytes around them.
const PIECES: &[&[u8]] = &[
    b"Content-Length: ",
    b"content-length:",
    b"Content-Length: 2",
    b"Content-Length: 67108865",
    b"Content-Length: 99999999999999999999999",
    b"Content-Length: abc",
    b"Content-Type: application/vscode-jsonrpc; charset=utf-8",
    b"Content-Type: a/b; charset=latin1",
    b"X-Other: 1",
    b"0",
    b"7",
    b"42",
    b":",
    b" ",
    b"\r",
    b"\n",
    b"\r\n",
    b"\r\n\r\n",
    b"{}",
    b"[]",
    b"{\"jsonrpc\":\"2.0\",\"method\":\"x\"}",
    b"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}",
    b"{\"jsonrpc\":\"2.0\",\"id\":1}",
    b"{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}",
    b"\xff\xfe",
    "é😀".as_bytes(),
];

fn noise() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(PIECES).prop_map(<[u8]>::to_vec),
            1 => prop::collection::vec(any::<u8>(), 0..8),
        ],
        0..40,
    )
    .prop_map(|pieces| pieces.concat())
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        "[ -~é😀\\n\"]{0,10}".prop_map(Value::from),
        Just(Value::from("Content-Length: 3\r\n\r\n{}")),
    ]
}

fn params() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map("[a-z]{1,4}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn id() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        "[a-z0-9]{0,6}".prop_map(Value::from),
        Just(Value::Null),
    ]
}

const METHODS: &[&str] = &[
    "x",
    "textDocument/hover",
    "initialized",
    "$/cancelRequest",
    "workspace/didChangeConfiguration",
    "shutdown",
    "exit",
    "Content-Length: 2",
];

/// A JSON-RPC message the server must receive, compact or pretty-printed.
fn good_body() -> impl Strategy<Value = String> {
    let request = (
        prop::sample::select(METHODS),
        prop::option::of(id()),
        prop::option::of(params()),
    )
        .prop_map(|(method, id, params)| {
            let mut m = json!({"jsonrpc": "2.0", "method": method});
            if let Some(id) = id {
                m["id"] = id;
            }
            if let Some(params) = params {
                m["params"] = params;
            }
            m
        });
    let response =
        (id(), params()).prop_map(|(id, result)| json!({"jsonrpc": "2.0", "id": id, "result": result}));
    let error = (id(), any::<i32>(), "[ -~]{0,10}").prop_map(
        |(id, code, text)| json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": text}}),
    );
    (
        prop_oneof![3 => request, 1 => response, 1 => error],
        any::<bool>(),
    )
        .prop_map(|(m, pretty)| {
            if pretty {
                serde_json::to_string_pretty(&m).unwrap()
            } else {
                m.to_string()
            }
        })
}

const OTHER_HEADERS: &[&str] = &[
    "X-Trace: 1",
    "User-Agent: t/1.0",
    "Content-Type: application/vscode-jsonrpc; charset=utf-8",
    "Content-Type: application/vscode-jsonrpc; charset=utf8",
    "content-type: application/vscode-jsonrpc; charset=\"UTF-8\"",
    "Content-Type: application/vscode-jsonrpc",
];

/// A well-formed header for a body of `len` bytes: any case, order, spacing and line ending.
fn header(len: usize) -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["Content-Length", "content-length", "CONTENT-LENGTH"][..]),
        prop::sample::select(&["", " ", "  ", "\t"][..]),
        prop::sample::select(&["", " "][..]),
        prop::collection::vec(prop::sample::select(OTHER_HEADERS), 0..3),
        any::<prop::sample::Index>(),
        prop::sample::select(&["\r\n", "\n"][..]),
    )
        .prop_map(move |(name, before, after, mut lines, at, eol)| {
            let length = format!("{name}:{before}{len}{after}");
            lines.insert(at.index(lines.len() + 1), &length);
            let mut header: String = lines.iter().map(|l| format!("{l}{eol}")).collect();
            header.push_str(eol);
            header
        })
}

fn good_frame() -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    good_body().prop_flat_map(|body| {
        header(body.len()).prop_map(move |h| {
            (
                [h.as_bytes(), body.as_bytes()].concat(),
                body.clone().into_bytes(),
            )
        })
    })
}

fn framed(body: &[u8]) -> Vec<u8> {
    [format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(), body].concat()
}

/// Bytes without `Content-Length:` in them (no `:`), for bodies the reader has to skip.
fn skippable() -> impl Strategy<Value = Vec<u8>> {
    "[a-z0-9{}\"\\[\\] \r\n]{0,40}".prop_map(String::into_bytes)
}

/// A bad frame, or bad bytes between frames, and the error code that answers it.
fn bad() -> impl Strategy<Value = (Vec<u8>, i64)> {
    let not_json = "[ -~]{0,20}".prop_map(|s| (framed(format!("}}{s}").as_bytes()), PARSE_ERROR));
    let not_message = prop::sample::select(
        &[
            r#"{"foo":1}"#,
            "[]",
            "[{\"jsonrpc\":\"2.0\",\"method\":\"x\"}]",
            "1",
            "\"s\"",
            "null",
            r#"{"jsonrpc":"2.0"}"#,
            r#"{"jsonrpc":"2.0","id":1}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":""}"#,
            r#"{"jsonrpc":"1.0","method":"x"}"#,
            r#"{"method":"x"}"#,
            r#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#,
            r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"x"}"#,
            r#"{"jsonrpc":"2.0","id":{},"method":"x"}"#,
            r#"{"jsonrpc":"2.0","method":3}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#,
            r#"{"jsonrpc":"2.0","method":"a","method":"b"}"#,
        ][..],
    )
    .prop_map(|s| (framed(s.as_bytes()), INVALID_REQUEST));
    let not_utf8 = Just((framed(b"{\"a\":\"\xff\xfe\"}"), PARSE_ERROR));
    let empty = Just((framed(b""), PARSE_ERROR));
    let bad_charset = (prop::sample::select(&["latin1", "utf-16", "\"iso-8859-1\"", ""][..]), good_body())
        .prop_map(|(charset, body)| {
            let frame = format!(
                "Content-Length: {}\r\nContent-Type: application/vscode-jsonrpc; charset={charset}\r\n\r\n{body}",
                body.len()
            );
            (frame.into_bytes(), PARSE_ERROR)
        });
    let bad_length = (
        prop::sample::select(&["abc", "", "-1", "1.5", "0x10", "5 5", "+5", "٣"][..]),
        skippable(),
    )
        .prop_map(|(value, body)| {
            (
                [format!("Content-Length: {value}\r\n\r\n").as_bytes(), &body].concat(),
                PARSE_ERROR,
            )
        });
    let no_length = (
        prop::sample::select(
            &[
                "Content-Type: application/vscode-jsonrpc\r\n\r\n",
                "\r\n",
                "X-Trace: 1\n\n",
            ][..],
        ),
        skippable(),
    )
        .prop_map(|(header, body)| ([header.as_bytes(), &body].concat(), PARSE_ERROR));
    // Starts with a byte no header name can hold, so it cannot pass for a header.
    let garbage = (prop::sample::select(&b"{}[]\"@,;<>\\/?="[..]), skippable())
        .prop_map(|(first, rest)| ([&[first][..], &rest].concat(), PARSE_ERROR));
    prop_oneof![
        not_json,
        not_message,
        not_utf8,
        empty,
        bad_charset,
        bad_length,
        no_length,
        garbage
    ]
}

/// Good frames, each possibly preceded by bad bytes, and possibly bad bytes at the end; with the
/// input and what the transport must do with it.
fn stream() -> impl Strategy<Value = (Vec<u8>, Vec<Out>)> {
    (
        prop::collection::vec((prop::option::of(bad()), good_frame()), 0..12),
        prop::option::of(bad()),
    )
        .prop_map(|(pairs, last)| {
            let mut input = Vec::new();
            let mut expected = Vec::new();
            let answer = |(bytes, code): (Vec<u8>, i64), input: &mut Vec<u8>, expected: &mut Vec<Out>| {
                input.extend(bytes);
                expected.push(Out::Answer(code));
            };
            for (bad, (frame, body)) in pairs {
                if let Some(bad) = bad {
                    answer(bad, &mut input, &mut expected);
                }
                input.extend(frame);
                let kind = message::validate(body.clone().into())
                    .expect("good bodies are good")
                    .kind;
                expected.push(Out::Forward(body, kind));
            }
            if let Some(bad) = last {
                answer(bad, &mut input, &mut expected);
            }
            (input, expected)
        })
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn any_bytes_split_anywhere_give_the_same_frames_and_only_error_answers(
        input in prop_oneof![noise(), prop::collection::vec(any::<u8>(), 0..512)],
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        let whole = run(&input, &[]);
        prop_assert_eq!(&run(&input, &cuts), &whole);
        let byte_by_byte: Vec<usize> = (0..input.len()).collect();
        prop_assert_eq!(&run(&input, &byte_by_byte), &whole);
    }

    #[test]
    fn good_frames_are_forwarded_intact_and_bad_ones_answered_in_place(
        (input, expected) in stream(),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        prop_assert_eq!(run(&input, &cuts), expected);
    }

    #[test]
    fn a_header_block_is_never_buffered_past_its_limit(junk in prop::collection::vec(any::<u8>(), 0..64)) {
        // However long a header with no end, the reader gives up on it at MAX_HEADER_BYTES.
        let mut decoder = FrameDecoder::default();
        let mut buf = BytesMut::new();
        for _ in 0..(2 * MAX_HEADER_BYTES / 64 + 1) {
            buf.extend_from_slice(&junk.iter().map(|b| if *b == b'\n' { b' ' } else { *b }).collect::<Vec<_>>());
            buf.extend_from_slice(b"a");
            while decoder.decode(&mut buf).unwrap_or(None).is_some() {}
            prop_assert!(buf.len() <= MAX_HEADER_BYTES + 65, "{} bytes buffered", buf.len());
        }
    }
}

/// A language server that answers `initialize` and `shutdown` and nothing else.
struct Quiet;

impl tower_lsp_server::LanguageServer for Quiet {
    async fn initialize(
        &self,
        _: tower_lsp_server::ls_types::InitializeParams,
    ) -> tower_lsp_server::jsonrpc::Result<tower_lsp_server::ls_types::InitializeResult> {
        Ok(Default::default())
    }

    async fn shutdown(&self) -> tower_lsp_server::jsonrpc::Result<()> {
        Ok(())
    }
}

proptest! {
    #![proptest_config(config(SERVER_CASES))]

    #[test]
    fn what_is_forwarded_never_stops_tower_lsps_reader(
        (input, _) in stream(),
        noise in noise(),
    ) {
        // What the transport would forward, up to `exit` (after which it stops forwarding).
        let mut forwarded = Vec::new();
        for out in run(&[input, noise].concat(), &[]) {
            match out {
                Out::Forward(_, Kind::Exit) | Out::Fatal => break,
                Out::Forward(body, _) => forwarded.extend(framed(&body)),
                Out::Answer(_) => {}
            }
        }
        forwarded.extend(framed(br#"{"jsonrpc":"2.0","id":"sentinel","method":"textDocument/hover"}"#));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let mut output = Vec::new();
        let served = runtime.block_on(async {
            let (service, socket) = tower_lsp_server::LspService::new(|_| Quiet);
            let server = tower_lsp_server::Server::new(&forwarded[..], &mut output, socket).serve(service);
            tokio::time::timeout(std::time::Duration::from_secs(10), server).await
        });
        prop_assert!(served.is_ok(), "tower-lsp-server hung");
        let output = String::from_utf8_lossy(&output);
        prop_assert!(output.contains(r#""id":"sentinel""#), "the request after the forwarded ones is unanswered: {output}");
    }
}
