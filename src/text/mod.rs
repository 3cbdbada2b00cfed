//! Text primitives shared by the engines and the adapters: line indexing over `&str`, the ropey
//! document the server edits, conversions between byte offsets and LSP-style positions, and the
//! lexical contexts (code, comment, string…) of source text.

pub mod document;
pub mod lines;
pub mod position;
pub mod source;
pub mod syntax;

pub use document::{ChangedSpan, Document, TextChange};
pub use lines::{LineIndex, one_line};
pub use position::{Encoding, Pos};
pub use source::{Source, StrSource};
