//! Text primitives shared by the engines and the adapters: line indexing over `&str`, the ropey
//! document the server edits, conversions between byte offsets and LSP-style positions, and the
//! lexical contexts (code, comment, string…) of source text.

pub mod document;
pub mod lines;
pub mod position;
pub mod source;
pub mod syntax;

pub use document::{ChangedSpan, Document, TextChange};

/// Bytes of the byte-order mark `text` opens with (0 without one). Editors hide the mark: it is
/// no character of line 1 for a match, a column or a replacement.
pub fn bom_len(text: &str) -> usize {
    if text.starts_with('\u{FEFF}') {
        '\u{FEFF}'.len_utf8()
    } else {
        0
    }
}
pub use lines::{LineIndex, one_line};
pub use position::{Encoding, Pos};
pub use source::{Source, StrSource};
