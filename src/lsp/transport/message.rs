//! Which bodies go on to tower-lsp-server, and the JSON-RPC error that answers the others.
//!
//! tower-lsp-server's reader ends its stream (and so the server) at the first body it cannot
//! decode. A body goes on only if it decodes exactly as that reader decodes it — UTF-8, then
//! `serde_json` into its `Message`: a `Response` (`jsonrpc: "2.0"`, `result` or a well-formed
//! `error`, an `id` that is an `i64`, a string or null) or else a `Request` (`jsonrpc: "2.0"`, an
//! optional string `method`, any `params`, an optional such `id`; unknown members ignored,
//! duplicate members refused) — through tower-lsp-server's own public `Request` and `Response`
//! types, so the two cannot drift apart. On top of that, a request without a method (which
//! tower-lsp-server would take as method `""`) is refused here, as JSON-RPC asks.
//!
//! Not UTF-8, not JSON → `-32700 Parse error`; JSON that is not such a message → `-32600 Invalid
//! Request`, with the message's id when it has a readable one, else `null`.

use bytes::Bytes;
use serde::Deserialize;
use serde_json::{Value, json};
use tower_lsp_server::jsonrpc;

use super::frame::Problem;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;

/// A body tower-lsp-server accepts, and what the transport needs to know of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub body: Bytes,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// The `shutdown` request.
    Shutdown,
    /// The `exit` notification (tower-lsp-server stops reading at any `exit`, id or not).
    Exit,
    Other,
}

/// A JSON-RPC error to send back instead of a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejection {
    pub code: i64,
    /// The offending message's id, or `null`.
    pub id: Value,
    /// What is wrong, for a person reading the client's log.
    pub detail: String,
}

/// Mirrors tower-lsp-server's `Message` (crate-private there) with its public parts.
#[derive(Deserialize)]
#[serde(untagged)]
enum Accepted {
    // Only its shape matters.
    Response(#[allow(dead_code)] jsonrpc::Response),
    Request(jsonrpc::Request),
}

impl Rejection {
    /// The answer to a frame that could not be read.
    pub fn from_problem(problem: &Problem) -> Rejection {
        Rejection {
            code: PARSE_ERROR,
            id: Value::Null,
            detail: problem.to_string(),
        }
    }

    /// The JSON-RPC response body; `offset` says where the frame started in the input.
    pub fn to_body(&self, offset: u64) -> Bytes {
        let title = if self.code == PARSE_ERROR {
            "Parse error"
        } else {
            "Invalid Request"
        };
        let message = format!(
            "{title}: {} (the frame at byte {offset} of the input)",
            self.detail
        );
        let response =
            json!({"jsonrpc": "2.0", "id": self.id, "error": {"code": self.code, "message": message}});
        Bytes::from(response.to_string())
    }
}

/// Checks a frame's body; see the module doc.
pub fn validate(body: Bytes) -> Result<Message, Rejection> {
    let text = std::str::from_utf8(&body).map_err(|e| Rejection {
        code: PARSE_ERROR,
        id: Value::Null,
        detail: format!("the body is not UTF-8 (invalid byte at {})", e.valid_up_to()),
    })?;
    let kind = match serde_json::from_str::<Accepted>(text) {
        Ok(Accepted::Response(_)) => Kind::Other,
        Ok(Accepted::Request(request)) if request.method().is_empty() => {
            return Err(Rejection {
                code: INVALID_REQUEST,
                id: request.id().and_then(|id| serde_json::to_value(id).ok()).unwrap_or(Value::Null),
                detail: "the message has no \"method\" and no \"result\" or \"error\": neither a request nor a response"
                    .into(),
            });
        }
        Ok(Accepted::Request(request)) => match request.method() {
            "exit" => Kind::Exit,
            "shutdown" if request.id().is_some() => Kind::Shutdown,
            _ => Kind::Other,
        },
        Err(e) if e.is_data() => {
            // Valid JSON (else the error would be a syntax one): say what is wrong with it.
            let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            return Err(Rejection {
                code: INVALID_REQUEST,
                id: readable_id(&value),
                detail: explain(&value).unwrap_or_else(|| shape_error(text, &value, e)),
            });
        }
        Err(e) => {
            let detail = if text.trim().is_empty() {
                "the body is empty".to_string()
            } else {
                format!("the body is not JSON ({e})")
            };
            return Err(Rejection {
                code: PARSE_ERROR,
                id: Value::Null,
                detail,
            });
        }
    };
    Ok(Message { body, kind })
}

/// serde's own words for what is wrong, from the variant the message looks like (an untagged
/// enum's error only says that no variant matched).
fn shape_error(text: &str, value: &Value, untagged: serde_json::Error) -> String {
    let response = value.get("result").is_some() || value.get("error").is_some();
    let specific = if response {
        serde_json::from_str::<jsonrpc::Response>(text).err()
    } else {
        serde_json::from_str::<jsonrpc::Request>(text).err()
    };
    specific.unwrap_or(untagged).to_string()
}

/// The message's id if it is one JSON-RPC allows (an integer tower-lsp-server can hold, or a string).
fn readable_id(value: &Value) -> Value {
    match value.get("id") {
        Some(id @ Value::String(_)) => id.clone(),
        Some(id) if id.is_i64() => id.clone(),
        _ => Value::Null,
    }
}

/// Why a JSON value is not a JSON-RPC message, in words; `None` when no simple reason is found.
fn explain(value: &Value) -> Option<String> {
    let kind = |v: &Value| match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    let Some(object) = value.as_object() else {
        return Some(match value {
            Value::Array(_) => "the body is a JSON array: LSP has no JSON-RPC batches".into(),
            other => format!("the body is {}, not a JSON-RPC message object", kind(other)),
        });
    };
    match object.get("jsonrpc") {
        Some(Value::String(v)) if v == "2.0" => {}
        Some(other) => return Some(format!("\"jsonrpc\" is {other}, not \"2.0\"")),
        None => return Some("the message has no \"jsonrpc\": \"2.0\"".into()),
    }
    match object.get("id") {
        None | Some(Value::Null | Value::String(_)) => {}
        Some(id) if id.is_i64() => {}
        Some(id) => {
            return Some(format!(
                "\"id\" is {}, not an integer or a string",
                if id.is_number() {
                    "a number out of range or with a fraction"
                } else {
                    kind(id)
                }
            ));
        }
    }
    match object.get("method") {
        Some(Value::String(_)) => None,
        Some(other) => Some(format!("\"method\" is {}, not a string", kind(other))),
        None if object.contains_key("error") => Some(
            "the response's \"error\" is not an object with an integer \"code\" and a string \"message\""
                .into(),
        ),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(body: &str) -> Result<Kind, (i64, Value, String)> {
        validate(Bytes::copy_from_slice(body.as_bytes()))
            .map(|m| m.kind)
            .map_err(|r| (r.code, r.id, r.detail))
    }

    #[test]
    fn messages_tower_lsp_reads_go_on() {
        assert_eq!(
            check(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
            Ok(Kind::Shutdown)
        );
        assert_eq!(check(r#"{"jsonrpc":"2.0","method":"exit"}"#), Ok(Kind::Exit));
        assert_eq!(check(r#"{"jsonrpc":"2.0","method":"shutdown"}"#), Ok(Kind::Other));
        assert_eq!(
            check(r#"{"jsonrpc":"2.0","id":"a","method":"x","params":[1],"extra":true}"#),
            Ok(Kind::Other)
        );
        assert_eq!(
            check(r#"{"jsonrpc":"2.0","id":1,"result":null}"#),
            Ok(Kind::Other)
        );
        assert_eq!(
            check(r#" {"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}} "#),
            Ok(Kind::Other)
        );
    }

    #[test]
    fn bodies_that_are_not_json_are_parse_errors() {
        for body in ["", "  ", "not json", "{", r#"{"jsonrpc":"2.0","method":"x"} x"#] {
            let (code, id, _) = check(body).unwrap_err();
            assert_eq!((code, id), (PARSE_ERROR, Value::Null), "{body:?}");
        }
        let err = validate(Bytes::from_static(b"{\"a\":\"\xff\"}")).unwrap_err();
        assert_eq!(err.code, PARSE_ERROR);
        assert!(err.detail.contains("not UTF-8"), "{}", err.detail);
    }

    #[test]
    fn json_that_is_no_message_is_an_invalid_request_with_its_readable_id() {
        let cases = [
            (r#"{"foo":1}"#, Value::Null, "no \"jsonrpc\""),
            ("[]", Value::Null, "batches"),
            ("1", Value::Null, "a number"),
            (r#"{"jsonrpc":"2.0","id":7}"#, json!(7), "no \"method\""),
            (
                r#"{"jsonrpc":"2.0","id":"s","method":""}"#,
                json!("s"),
                "no \"method\"",
            ),
            (r#"{"jsonrpc":"1.0","id":3,"method":"x"}"#, json!(3), "\"1.0\""),
            (
                r#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#,
                Value::Null,
                "fraction",
            ),
            (
                r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"x"}"#,
                Value::Null,
                "out of range",
            ),
            (
                r#"{"jsonrpc":"2.0","id":[1],"method":"x"}"#,
                Value::Null,
                "an array",
            ),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":5}"#,
                json!(1),
                "\"method\" is a number",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"a","method":"b"}"#,
                Value::Null,
                "duplicate",
            ),
        ];
        for (body, id, words) in cases {
            let (code, got, detail) = check(body).unwrap_err();
            assert_eq!((code, got), (INVALID_REQUEST, id), "{body}");
            assert!(detail.contains(words), "{body}: {detail}");
        }
    }

    #[test]
    fn a_rejection_is_a_json_rpc_error_response() {
        let rejection = Rejection {
            code: INVALID_REQUEST,
            id: json!(7),
            detail: "why".into(),
        };
        let body: Value = serde_json::from_slice(&rejection.to_body(12)).unwrap();
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["id"], 7);
        assert_eq!(body["error"]["code"], INVALID_REQUEST);
        assert_eq!(
            body["error"]["message"],
            "Invalid Request: why (the frame at byte 12 of the input)"
        );
    }
}
