//! Conversions between LSP types and the engines' bytes and paths: URIs ↔ paths, byte ranges ↔
//! LSP ranges in the negotiated encoding, and severities.

use std::ops::Range;
use std::path::{Path, PathBuf};

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, DiagnosticSeverity, Uri};

use crate::rules::Severity;
use crate::text::position::{offset_to_pos, offset_to_pos_in_str, pos_to_offset};
use crate::text::{Encoding, LineIndex, Pos};

/// The local path of a `file:` URI; other schemes have none.
pub fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let is_file = uri.scheme().as_str().eq_ignore_ascii_case("file");
    if !is_file {
        return None;
    }
    uri.to_file_path().map(|p| p.into_owned())
}

/// The `file:` URI of an absolute path.
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    Uri::from_file_path(path)
}

pub fn to_pos(p: lsp::Position) -> Pos {
    Pos::new(p.line, p.character)
}

pub fn to_lsp_pos(p: Pos) -> lsp::Position {
    lsp::Position::new(p.line, p.character)
}

/// An LSP range for a byte range of a rope.
pub fn range_in_rope(rope: &Rope, range: &Range<usize>, encoding: Encoding) -> lsp::Range {
    lsp::Range::new(
        to_lsp_pos(offset_to_pos(rope, range.start, encoding)),
        to_lsp_pos(offset_to_pos(rope, range.end, encoding)),
    )
}

/// An LSP range for a byte range of a plain text with its line index.
pub fn range_in_str(text: &str, index: &LineIndex, range: &Range<usize>, encoding: Encoding) -> lsp::Range {
    lsp::Range::new(
        to_lsp_pos(offset_to_pos_in_str(text, index, range.start, encoding)),
        to_lsp_pos(offset_to_pos_in_str(text, index, range.end, encoding)),
    )
}

/// The byte range of an LSP range in a rope (clamped, start ≤ end).
pub fn byte_range(rope: &Rope, range: lsp::Range, encoding: Encoding) -> Range<usize> {
    let a = pos_to_offset(rope, to_pos(range.start), encoding);
    let b = pos_to_offset(rope, to_pos(range.end), encoding);
    a.min(b)..a.max(b)
}

pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Information => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn file_uris_round_trip_and_other_schemes_have_no_path() {
        let path = Path::new("/tmp/a b/ñ.ts");
        let uri = path_to_uri(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%B1.ts");
        assert_eq!(uri_to_path(&uri).unwrap(), path);
        assert_eq!(uri_to_path(&Uri::from_str("untitled:Untitled-1").unwrap()), None);
    }
}
