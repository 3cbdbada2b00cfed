//! An open document: a rope edited incrementally, its version and language.

use std::ops::Range;

use ropey::Rope;

use super::position::{Encoding, Pos, pos_to_offset};

/// One content change as a client sends it: a range (start, end) or `None` for the whole text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextChange {
    pub range: Option<(Pos, Pos)>,
    pub text: String,
}

/// What one change did, in byte offsets of the text just before it: `old` was replaced by
/// `new_len` bytes. A whole-text replacement reports the whole old text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedSpan {
    pub old: Range<usize>,
    pub new_len: usize,
}

#[derive(Debug, Clone)]
pub struct Document {
    rope: Rope,
    version: i32,
    language_id: String,
}

impl Document {
    pub fn new(text: &str, version: i32, language_id: impl Into<String>) -> Self {
        Document {
            rope: Rope::from_str(text),
            version,
            language_id: language_id.into(),
        }
    }

    pub fn rope(&self) -> &Rope {
        &self.rope
    }

    pub fn version(&self) -> i32 {
        self.version
    }

    pub fn language_id(&self) -> &str {
        &self.language_id
    }

    pub fn text(&self) -> String {
        self.rope.to_string()
    }

    /// Applies `changes` in order (each against the result of the previous, as LSP specifies)
    /// and sets the new version. Positions are clamped; a reversed range is read forwards.
    pub fn apply_changes(
        &mut self,
        changes: &[TextChange],
        encoding: Encoding,
        version: i32,
    ) -> Vec<ChangedSpan> {
        let mut spans = Vec::with_capacity(changes.len());
        for change in changes {
            let (start, end) = match change.range {
                None => (0, self.rope.len_bytes()),
                Some((a, b)) => {
                    let a = pos_to_offset(&self.rope, a, encoding);
                    let b = pos_to_offset(&self.rope, b, encoding);
                    (a.min(b), a.max(b))
                }
            };
            let (start_char, end_char) = (self.rope.byte_to_char(start), self.rope.byte_to_char(end));
            self.rope.remove(start_char..end_char);
            self.rope.insert(start_char, &change.text);
            spans.push(ChangedSpan {
                old: start..end,
                new_len: change.text.len(),
            });
        }
        self.version = version;
        spans
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(l1: u32, c1: u32, l2: u32, c2: u32, text: &str) -> TextChange {
        TextChange {
            range: Some((Pos::new(l1, c1), Pos::new(l2, c2))),
            text: text.into(),
        }
    }

    #[test]
    fn incremental_changes_apply_in_order() {
        let mut doc = Document::new("hello\nworld\n", 1, "plaintext");
        let spans = doc.apply_changes(
            &[change(0, 0, 0, 5, "HELLO"), change(1, 0, 1, 0, ">> ")],
            Encoding::Utf16,
            2,
        );
        assert_eq!(doc.text(), "HELLO\n>> world\n");
        assert_eq!(doc.version(), 2);
        assert_eq!(
            spans[1],
            ChangedSpan {
                old: 6..6,
                new_len: 3
            }
        );
    }

    #[test]
    fn utf16_positions_after_an_emoji_edit_the_right_place() {
        let mut doc = Document::new("😀x\r\n世y", 1, "plaintext");
        doc.apply_changes(
            &[change(0, 2, 0, 3, "X"), change(1, 1, 1, 2, "Y")],
            Encoding::Utf16,
            2,
        );
        assert_eq!(doc.text(), "😀X\r\n世Y");
    }

    #[test]
    fn full_replacement_and_out_of_range_edits_never_panic() {
        let mut doc = Document::new("abc", 1, "plaintext");
        doc.apply_changes(
            &[TextChange {
                range: None,
                text: "new".into(),
            }],
            Encoding::Utf8,
            2,
        );
        assert_eq!(doc.text(), "new");
        doc.apply_changes(&[change(9, 9, 3, 0, "!")], Encoding::Utf8, 3);
        assert_eq!(doc.text(), "new!");
        doc.apply_changes(&[change(0, 2, 0, 1, "")], Encoding::Utf8, 4);
        assert_eq!(doc.text(), "nw!", "a reversed range is read forwards");
    }
}
