//! What a request handler works on: an immutable snapshot of one open document (rope, version,
//! language, path) and of the client context (encoding, locale, capabilities, settings). The
//! snapshot converts between byte ranges and LSP ranges itself, in the negotiated encoding.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::capabilities::ClientCaps;
use super::config::Config;
use super::convert::{byte_range, range_in_rope};
use crate::i18n::Locale;
use crate::text::Encoding;
use crate::text::position::pos_to_offset;

/// What the client negotiated and configured, replaced as a whole when settings change.
#[derive(Debug, Clone, Default)]
pub struct ClientContext {
    pub encoding: Encoding,
    pub locale: Locale,
    pub caps: ClientCaps,
    pub config: Config,
    /// `autofix.enable` as the client answered it for each workspace folder (resource-scoped
    /// settings can differ by folder); folders it did not answer for follow `config.enable`.
    pub folder_enable: std::collections::HashMap<std::path::PathBuf, bool>,
}

/// One document, as it was when the request arrived.
#[derive(Debug, Clone)]
pub struct DocumentSnapshot {
    pub uri: Uri,
    pub rope: Rope,
    pub version: i32,
    pub language: String,
    pub path: Option<PathBuf>,
    pub ctx: Arc<ClientContext>,
}

impl DocumentSnapshot {
    /// The LSP range of a byte range of the text.
    pub fn range(&self, bytes: &Range<usize>) -> lsp::Range {
        range_in_rope(&self.rope, bytes, self.ctx.encoding)
    }

    /// The byte range of an LSP range (clamped, start ≤ end).
    pub fn bytes(&self, range: lsp::Range) -> Range<usize> {
        byte_range(&self.rope, range, self.ctx.encoding)
    }

    /// The byte offset of an LSP position (clamped).
    pub fn offset(&self, position: lsp::Position) -> usize {
        pos_to_offset(&self.rope, super::convert::to_pos(position), self.ctx.encoding)
    }

    pub fn locale(&self) -> Locale {
        self.ctx.locale
    }
}
