//! Line indexing over a `&str`: byte offset ↔ (line, column) with the LSP's line terminators
//! (`\n`, `\r\n`, lone `\r`), columns counted in characters.

use std::ops::Range;

/// Start offsets of every line of a text. Line 0 starts at 0; a text ending in a terminator has a
/// final empty line, as editors show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        // memchr finds the breaks with SIMD: this runs on every check of a whole file.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n') {
                starts.push(i + 1);
            }
        }
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding `offset` (offsets past the end belong to the last line).
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// Byte offset where `line` starts; lines past the end map to the text's end.
    pub fn line_start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(self.len)
    }

    /// The byte range of `line` including its terminator.
    pub fn line_range_with_terminator(&self, line: usize) -> Range<usize> {
        self.line_start(line)..self.line_start(line + 1)
    }

    /// The byte range of `line` without its terminator.
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let Range { start, mut end } = self.line_range_with_terminator(line);
        let bytes = text.as_bytes();
        if end > start && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > start && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end
    }

    /// The text of `line` without its terminator.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        text.get(self.line_range(text, line)).unwrap_or("")
    }

    /// 0-based line and 0-based column in characters of `offset`; offsets inside a character or
    /// past the end are clamped.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.line_start(line);
        let col = text.get(start..offset).map_or(0, |s| s.chars().count());
        (line, col)
    }
}

/// The largest char boundary of `text` at or below `offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// `text` on one line: whitespace, line breaks included, collapsed to single spaces. How a rule's
/// words are shown where a line break would change what they read as (a list entry, a prompt).
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lf_crlf_and_lone_cr_all_end_lines() {
        let text = "a\nb\r\nc\rd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!(index.line_text(text, 0), "a");
        assert_eq!(index.line_text(text, 1), "b");
        assert_eq!(index.line_text(text, 2), "c");
        assert_eq!(index.line_text(text, 3), "d");
        assert_eq!(index.line_of(3), 1);
        assert_eq!(index.line_of(4), 1, "the \\n of \\r\\n belongs to its line");
    }

    #[test]
    fn trailing_terminator_makes_an_empty_last_line() {
        let text = "x\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 2);
        assert_eq!(index.line_text(text, 1), "");
        assert_eq!(index.line_col(text, 2), (1, 0));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "héllo 😀 世界\nx";
        let index = LineIndex::new(text);
        let offset = text.find('世').unwrap();
        assert_eq!(index.line_col(text, offset), (0, 8));
        assert_eq!(index.line_col(text, text.len()), (1, 1));
    }

    #[test]
    fn offsets_inside_a_character_or_past_the_end_are_clamped() {
        let text = "😀a";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 2), (0, 0));
        assert_eq!(index.line_col(text, 99), (0, 2));
        assert_eq!(index.line_text(text, 7), "");
    }
}
