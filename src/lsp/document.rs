//! An open document as the server keeps it: the text (a rope), its path, the edits made since it
//! was last checked (for an incremental re-check), and that last check.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use tower_lsp_server::ls_types::Uri;

use super::convert::uri_to_path;
use crate::rules::Violation;
use crate::rules::incremental::Checked;
use crate::rules::index::LoadedRules;
use crate::text::{ChangedSpan, Document};

/// Edits kept for an incremental re-check before a full check is cheaper to reason about.
const MAX_EDIT_LOG: usize = 512;

/// The result of checking one version of a document.
#[derive(Debug)]
pub struct CheckedDoc {
    pub version: i32,
    /// The rule set it was checked against (none when no rules file governs the document).
    pub rules: Option<Arc<LoadedRules>>,
    pub checked: Checked,
    /// The violations shown: `checked` minus suppressed ones.
    pub visible: Vec<Violation>,
}

/// An open document.
#[derive(Debug)]
pub struct OpenDocument {
    pub document: Document,
    pub path: Option<PathBuf>,
    /// Edits since `checked`: the version each produced, the bytes replaced and the new length.
    pub(super) edits: Vec<(i32, Range<usize>, usize)>,
    pub(super) checked: Option<Arc<CheckedDoc>>,
    /// Files targeted by SEARCH/REPLACE diffs written in this document (from its code lenses).
    pub diff_targets: Vec<PathBuf>,
    /// The file was deleted on disk while this unedited buffer stayed open (editors keep
    /// documents open after their tab closes): its text no longer counts as the file's.
    pub orphaned: bool,
}

impl OpenDocument {
    pub fn new(uri: &Uri, document: Document) -> Self {
        OpenDocument {
            path: uri_to_path(uri),
            document,
            edits: Vec::new(),
            checked: None,
            diff_targets: Vec::new(),
            orphaned: false,
        }
    }

    /// Records applied changes for the next incremental check.
    pub fn record(&mut self, version: i32, spans: Vec<ChangedSpan>) {
        if self.checked.is_none() {
            return;
        }
        self.edits
            .extend(spans.into_iter().map(|s| (version, s.old, s.new_len)));
        if self.edits.len() > MAX_EDIT_LOG {
            self.edits.clear();
            self.checked = None;
        }
    }
}
