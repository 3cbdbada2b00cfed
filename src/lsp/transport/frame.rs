//! The frame reader: splits the bytes a client writes into LSP frames (headers, a blank line, a
//! body of `Content-Length` bytes) and never gives up on the stream because of one bad frame.
//!
//! - A header block that cannot be read (a line that is not `Name: value`, no `Content-Length`,
//!   one that is not a number, two that disagree, a block over [`MAX_HEADER_BYTES`]) is reported
//!   once as [`Frame::Malformed`], and reading resumes at the next `Content-Length:` (in any case),
//!   skipping what lies between: without a length the body's end is unknown. A body that happens to
//!   hold the text `Content-Length:` can make it resume inside that body; what follows is then
//!   reported like any other bad stretch.
//! - Headers other than `Content-Length` and `Content-Type` are ignored, as the specification
//!   allows. A `Content-Type` whose charset is not UTF-8 (`utf-8`, or `utf8` as the specification
//!   asks to accept) makes its frame [`Frame::Malformed`]; its body is skipped by its length.
//! - A `Content-Length` over [`MAX_CONTENT_LENGTH`] is the one error the reader cannot recover
//!   from ([`FrameError::TooLarge`]): skipping that many bytes would swallow everything the client
//!   writes next, and such a length is a corrupt stream, not a message.
//!
//! Lines may end in CRLF (the specification) or LF alone (which tower-lsp-server's reader took).
//! The result does not depend on how the input is split into reads: the property tests feed the
//! same bytes in arbitrary pieces.

use std::fmt;

use bytes::{Buf, Bytes, BytesMut};
use tokio_util::codec::Decoder;

/// The largest body a frame may declare: 64 MiB. The biggest legitimate messages carry a whole
/// document (`didOpen`, a full-text `didChange`), JSON-escaped; 64 MiB leaves room for a
/// generated file of tens of megabytes, and a length past it is far more likely a corrupt
/// header than a document. It also bounds the memory one frame can take.
pub const MAX_CONTENT_LENGTH: u64 = 64 << 20;

/// The largest header block, blank line included: 8 KiB (real clients send one or two short
/// headers). Past it, the bytes are not a header and are skipped like any other bad stretch.
pub const MAX_HEADER_BYTES: usize = 8 << 10;

/// Where reading resumes after a bad stretch, compared without regard to case.
const RESYNC: &[u8] = b"content-length:";

/// One unit of the input stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A body, announced by a well-formed header. `offset` is where its header starts in the input.
    Body { offset: u64, body: Bytes },
    /// Bytes that do not form a frame, starting at `offset`.
    Malformed { offset: u64, problem: Problem },
}

/// Why bytes do not form a frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A header line that is not `Name: value` (an excerpt of it).
    NotAHeader(String),
    MissingContentLength,
    /// A `Content-Length` that is not a decimal number (its value).
    InvalidContentLength(String),
    ConflictingContentLength,
    HeaderTooLong,
    /// A `Content-Type` with a charset other than UTF-8 (the charset).
    UnsupportedCharset(String),
    /// The input ended inside a frame.
    Truncated(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotAHeader(line) => write!(f, "{line:?} is not a `Name: value` header line"),
            Problem::MissingContentLength => f.write_str("the header has no Content-Length"),
            Problem::InvalidContentLength(value) => {
                write!(f, "Content-Length {value:?} is not a decimal number of bytes")
            }
            Problem::ConflictingContentLength => f.write_str("the header has two different Content-Lengths"),
            Problem::HeaderTooLong => {
                write!(f, "no blank line ends the header within {MAX_HEADER_BYTES} bytes")
            }
            Problem::UnsupportedCharset(charset) => write!(
                f,
                "Content-Type charset {charset:?} is not supported: bodies must be UTF-8"
            ),
            Problem::Truncated(what) => write!(f, "the input ended {what}"),
        }
    }
}

/// What ends the reading.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error(
        "the frame at byte {offset} of standard input declares `Content-Length: {declared}`, over the \
         {limit} MiB a message may have; that many bytes cannot be skipped safely, so the server stops \
         (is something other than an LSP client writing to it?)",
        limit = MAX_CONTENT_LENGTH >> 20
    )]
    TooLarge { offset: u64, declared: String },
    #[error("cannot read the input: {0}")]
    Io(#[from] std::io::Error),
}

/// Reads frames; see the module doc.
#[derive(Debug)]
pub struct FrameDecoder {
    state: Phase,
    /// Bytes consumed so far: the input offset of the buffer's first byte.
    consumed: u64,
    /// The largest `Content-Length` taken.
    limit: u64,
}

impl Default for FrameDecoder {
    /// A reader for a client's input: bodies up to [`MAX_CONTENT_LENGTH`].
    fn default() -> FrameDecoder {
        FrameDecoder::with_limit(MAX_CONTENT_LENGTH)
    }
}

#[derive(Debug, Default)]
enum Phase {
    /// At the start of a header block.
    #[default]
    Header,
    /// The header was read; the body is awaited.
    Body {
        offset: u64,
        length: usize,
        charset: Option<String>,
    },
    /// Skipping a bad stretch (already reported) up to the next `Content-Length:`.
    Resync,
}

/// What a header block amounts to, so far.
enum Header {
    Incomplete,
    Complete {
        len: usize,
        length: usize,
        charset: Option<String>,
    },
    /// Bad from the start: resume the search at `resync_from`.
    Bad {
        problem: Problem,
        resync_from: usize,
    },
    /// A `Content-Length` over the limit, or past what this machine can address (its value).
    TooLarge(String),
}

impl FrameDecoder {
    /// A reader that takes bodies up to `limit` bytes (the server's own output has no limit).
    pub fn with_limit(limit: u64) -> FrameDecoder {
        FrameDecoder {
            state: Phase::default(),
            consumed: 0,
            limit,
        }
    }

    fn consume(&mut self, src: &mut BytesMut, n: usize) {
        src.advance(n);
        self.consumed += n as u64;
    }
}

impl Decoder for FrameDecoder {
    type Item = Frame;
    type Error = FrameError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Frame>, FrameError> {
        loop {
            match &self.state {
                Phase::Header => {
                    if src.is_empty() {
                        return Ok(None);
                    }
                    let offset = self.consumed;
                    match read_header(src, self.limit) {
                        Header::Incomplete => return Ok(None),
                        Header::Complete { len, length, charset } => {
                            self.consume(src, len);
                            self.state = Phase::Body {
                                offset,
                                length,
                                charset,
                            };
                        }
                        Header::Bad { problem, resync_from } => {
                            self.consume(src, resync_from);
                            self.state = Phase::Resync;
                            return Ok(Some(Frame::Malformed { offset, problem }));
                        }
                        Header::TooLarge(declared) => {
                            return Err(FrameError::TooLarge { offset, declared });
                        }
                    }
                }
                Phase::Body {
                    offset,
                    length,
                    charset,
                } => {
                    let (offset, length) = (*offset, *length);
                    if src.len() < length {
                        // Room for the rest of the body at once, rather than growing step by step.
                        src.reserve(length - src.len());
                        return Ok(None);
                    }
                    let charset = charset.clone();
                    let body = src.split_to(length).freeze();
                    self.consumed += length as u64;
                    self.state = Phase::Header;
                    return Ok(Some(match charset {
                        Some(charset) => Frame::Malformed {
                            offset,
                            problem: Problem::UnsupportedCharset(charset),
                        },
                        None => Frame::Body { offset, body },
                    }));
                }
                Phase::Resync => match find_resync(src) {
                    Some(at) => {
                        self.consume(src, at);
                        self.state = Phase::Header;
                    }
                    None => {
                        // Keep what could be the start of a `Content-Length:` cut by the read.
                        let keep = (RESYNC.len() - 1).min(src.len());
                        self.consume(src, src.len() - keep);
                        return Ok(None);
                    }
                },
            }
        }
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<Frame>, FrameError> {
        if let Some(frame) = self.decode(src)? {
            return Ok(Some(frame));
        }
        let reported = match &self.state {
            Phase::Header if src.is_empty() => None,
            Phase::Header => Some((self.consumed, Problem::Truncated("inside a header".into()))),
            Phase::Body { offset, length, .. } => Some((
                *offset,
                Problem::Truncated(format!("{} bytes into a body of {length}", src.len())),
            )),
            Phase::Resync => None,
        };
        let n = src.len();
        self.consume(src, n);
        self.state = Phase::Header;
        Ok(reported.map(|(offset, problem)| Frame::Malformed { offset, problem }))
    }
}

/// Reads the header block at the start of `src`. Each line is judged as soon as it is complete,
/// so the verdict never depends on how much of the input has arrived.
fn read_header(src: &[u8], limit: u64) -> Header {
    let mut pos = 0;
    let mut length: Option<u64> = None;
    let mut charset = None;
    loop {
        let Some(newline) = memchr::memchr(b'\n', &src[pos..]) else {
            return if src.len() > MAX_HEADER_BYTES {
                Header::Bad {
                    problem: Problem::HeaderTooLong,
                    resync_from: 1,
                }
            } else {
                Header::Incomplete
            };
        };
        let end = pos + newline + 1;
        if end > MAX_HEADER_BYTES {
            return Header::Bad {
                problem: Problem::HeaderTooLong,
                resync_from: 1,
            };
        }
        let line = &src[pos..end - 1];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return match length {
                Some(length) => Header::Complete {
                    len: end,
                    // Checked to fit when read.
                    length: usize::try_from(length).unwrap_or(usize::MAX),
                    charset,
                },
                // Any `Content-Length:` in the block is not at a line start (else it would have
                // been read): the block may be a stray prefix glued to a good frame.
                None => Header::Bad {
                    problem: Problem::MissingContentLength,
                    resync_from: 1,
                },
            };
        }
        let Some((name, value)) = split_header(line) else {
            return Header::Bad {
                problem: Problem::NotAHeader(excerpt(line)),
                resync_from: 1,
            };
        };
        // After a bad length, resume past this header's own name, so it is not read twice.
        let after_name = pos + name.len() + 1;
        if name.eq_ignore_ascii_case(b"content-length") {
            let Some(value) = parse_length(value) else {
                return Header::Bad {
                    problem: Problem::InvalidContentLength(excerpt(value)),
                    resync_from: after_name,
                };
            };
            match value {
                Some(n) if n <= limit && usize::try_from(n).is_ok() => {
                    if length.is_some_and(|l| l != n) {
                        return Header::Bad {
                            problem: Problem::ConflictingContentLength,
                            resync_from: after_name,
                        };
                    }
                    length = Some(n);
                }
                _ => return Header::TooLarge(excerpt(trim(&line[name.len() + 1..]))),
            }
        } else if name.eq_ignore_ascii_case(b"content-type") {
            charset = unsupported_charset(value);
        }
        pos = end;
    }
}

/// `Name: value` with `Name` an HTTP token, the value trimmed; `None` for anything else.
fn split_header(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', line)?;
    let name = &line[..colon];
    let token = |b: &u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(b);
    (!name.is_empty() && name.iter().all(token)).then(|| (name, trim(&line[colon + 1..])))
}

fn trim(value: &[u8]) -> &[u8] {
    let start = value
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(value.len());
    let end = value
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t'))
        .map_or(start, |i| i + 1);
    &value[start..end]
}

/// A decimal length: `None` if it is not one, `Some(None)` if it overflows a `u64`.
fn parse_length(value: &[u8]) -> Option<Option<u64>> {
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(
        value
            .iter()
            .try_fold(0u64, |n, d| n.checked_mul(10)?.checked_add(u64::from(d - b'0'))),
    )
}

/// The charset of a `Content-Type`, when it is given and is not UTF-8.
fn unsupported_charset(value: &[u8]) -> Option<String> {
    let value = String::from_utf8_lossy(value);
    value.split(';').skip(1).find_map(|param| {
        let (name, charset) = param.split_once('=')?;
        if !name.trim().eq_ignore_ascii_case("charset") {
            return None;
        }
        let charset = charset.trim().trim_matches('"');
        let utf8 = charset.eq_ignore_ascii_case("utf-8") || charset.eq_ignore_ascii_case("utf8");
        (!utf8).then(|| charset.to_string())
    })
}

/// Where the next `Content-Length:` starts, if it is in `src` whole.
fn find_resync(src: &[u8]) -> Option<usize> {
    memchr::memchr2_iter(b'c', b'C', src).find(|&i| {
        src.get(i..i + RESYNC.len())
            .is_some_and(|candidate| candidate.eq_ignore_ascii_case(RESYNC))
    })
}

/// At most 60 characters of `bytes`, for a message.
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(60)]);
    if bytes.len() > 60 {
        format!("{text}…")
    } else {
        text.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `input` in one piece, then as the input ends.
    fn frames(input: &[u8]) -> Vec<Result<Frame, String>> {
        let mut decoder = FrameDecoder::default();
        let mut buf = BytesMut::from(input);
        let mut out = Vec::new();
        loop {
            match decoder.decode_eof(&mut buf) {
                Ok(Some(frame)) => out.push(Ok(frame)),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    fn body(offset: u64, text: &str) -> Result<Frame, String> {
        Ok(Frame::Body {
            offset,
            body: Bytes::copy_from_slice(text.as_bytes()),
        })
    }

    fn malformed(offset: u64, problem: Problem) -> Result<Frame, String> {
        Ok(Frame::Malformed { offset, problem })
    }

    #[test]
    fn reads_frames_with_any_header_case_order_and_line_ending() {
        let input = b"Content-Length: 2\r\n\r\n{}content-length:3\nX-Other: y\n\n[1]\
            CONTENT-TYPE: application/vscode-jsonrpc; charset=\"UTF8\"\r\nContent-Length:  1 \r\n\r\n1";
        assert_eq!(frames(input), vec![body(0, "{}"), body(23, "[1]"), body(55, "1")]);
    }

    #[test]
    fn a_bad_length_is_reported_once_and_reading_resumes_at_the_next_header() {
        let input =
            b"Content-Type: x\r\nContent-Length: twelve\r\n\r\n{\"a\":1}\r\n\r\nContent-Length: 2\r\n\r\n{}";
        assert_eq!(
            frames(input),
            vec![
                malformed(0, Problem::InvalidContentLength("twelve".into())),
                body(54, "{}"),
            ]
        );
    }

    #[test]
    fn a_missing_length_skips_the_body_up_to_the_next_header() {
        let input = b"Content-Type: x\r\n\r\n{\"a\":1}Content-Length: 2\r\n\r\n{}";
        assert_eq!(
            frames(input),
            vec![malformed(0, Problem::MissingContentLength), body(26, "{}")]
        );
    }

    #[test]
    fn garbage_glued_to_a_header_is_skipped() {
        assert_eq!(
            frames(b"}}garbage Content-Length: 2\r\n\r\n{}"),
            vec![
                malformed(0, Problem::NotAHeader("}}garbage Content-Length: 2".into())),
                body(10, "{}")
            ]
        );
        // A prefix that reads as a header name: no Content-Length in its block, so the search
        // resumes inside it.
        assert_eq!(
            frames(b"abcContent-Length: 2\r\n\r\n{}"),
            vec![malformed(0, Problem::MissingContentLength), body(3, "{}")]
        );
        // A bad value that holds the next header.
        assert_eq!(
            frames(b"Content-Length: Content-Length: 2\r\n\r\n{}"),
            vec![
                malformed(0, Problem::InvalidContentLength("Content-Length: 2".into())),
                body(16, "{}")
            ]
        );
    }

    #[test]
    fn a_non_utf8_charset_is_reported_and_its_body_skipped_by_length() {
        let input =
            b"Content-Length: 2\r\nContent-Type: a/b; charset=latin1\r\n\r\n{}Content-Length: 1\r\n\r\n1";
        assert_eq!(
            frames(input),
            vec![
                malformed(0, Problem::UnsupportedCharset("latin1".into())),
                body(58, "1")
            ]
        );
        // No charset: UTF-8, the default.
        assert_eq!(
            frames(b"Content-Type: application/vscode-jsonrpc\r\nContent-Length: 1\r\n\r\n1"),
            vec![body(0, "1")]
        );
    }

    #[test]
    fn conflicting_lengths_are_reported_equal_ones_accepted() {
        assert_eq!(
            frames(b"Content-Length: 1\r\nContent-Length: 1\r\n\r\n1"),
            vec![body(0, "1")]
        );
        assert_eq!(
            frames(b"Content-Length: 1\r\nContent-Length: 2\r\n\r\n12"),
            vec![malformed(0, Problem::ConflictingContentLength)]
        );
    }

    #[test]
    fn an_oversized_length_is_fatal_and_says_what_where_and_why() {
        let out = frames(b"Content-Length: 2\r\n\r\n{}Content-Length: 67108865\r\n\r\n");
        assert_eq!(out[0], body(0, "{}"));
        let Err(message) = &out[1] else { panic!("{out:?}") };
        assert!(message.contains("byte 23"), "{message}");
        assert!(message.contains("Content-Length: 67108865"), "{message}");
        assert!(message.contains("64 MiB"), "{message}");
        // Exactly the limit is allowed; a number past u64 is over it too.
        let out = frames(b"Content-Length: 67108864\r\n\r\n");
        assert!(matches!(out[..], [Ok(Frame::Malformed { .. })]), "{out:?}");
        let out = frames(b"Content-Length: 99999999999999999999999\r\n\r\n");
        assert!(matches!(out[..], [Err(_)]), "{out:?}");
    }

    #[test]
    fn the_servers_own_output_has_no_size_limit() {
        let mut decoder = FrameDecoder::with_limit(u64::MAX);
        let mut buf = BytesMut::from(&b"Content-Length: 100000000\r\n\r\n{"[..]);
        assert_eq!(decoder.decode(&mut buf).unwrap(), None);
    }

    #[test]
    fn a_header_without_end_is_bounded() {
        let mut input = vec![b'a'; MAX_HEADER_BYTES + 1];
        input.extend_from_slice(b"Content-Length: 1\r\n\r\n1");
        assert_eq!(
            frames(&input),
            vec![
                malformed(0, Problem::HeaderTooLong),
                body(MAX_HEADER_BYTES as u64 + 1, "1")
            ]
        );
        let mut decoder = FrameDecoder::default();
        let mut buf = BytesMut::from(&[b'x'; 100 * 1024][..]);
        assert!(decoder.decode(&mut buf).unwrap().is_some());
        assert_eq!(decoder.decode(&mut buf).unwrap(), None);
        assert!(buf.len() < RESYNC.len(), "garbage is not kept: {}", buf.len());
    }

    #[test]
    fn the_end_of_input_inside_a_frame_is_reported() {
        assert_eq!(
            frames(b"Content-Length: 5\r\n\r\n{}"),
            vec![malformed(
                0,
                Problem::Truncated("2 bytes into a body of 5".into())
            )]
        );
        assert_eq!(
            frames(b"Content-Len"),
            vec![malformed(0, Problem::Truncated("inside a header".into()))]
        );
        assert_eq!(frames(b""), vec![]);
    }

    #[test]
    fn a_stray_blank_line_is_reported() {
        assert_eq!(
            frames(b"\r\nContent-Length: 1\r\n\r\n1"),
            vec![malformed(0, Problem::MissingContentLength), body(2, "1")]
        );
    }
}
