//! Read access to a text by byte range and by line, whether it is a `&str` or a rope, so the
//! engines can re-check part of an edited document without copying all of it.

use std::borrow::Cow;
use std::ops::Range;

use ropey::Rope;

use super::lines::LineIndex;

/// A text the engines can read piecewise. Lines end at `\n`, `\r\n` or a lone `\r`.
pub trait Source {
    /// Length in bytes.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The text of a byte range (clamped to the text, snapped to character boundaries).
    fn slice(&self, range: Range<usize>) -> Cow<'_, str>;
    /// The 0-based line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize;
    /// The byte range of `line`, terminator included.
    fn line_bounds(&self, line: usize) -> Range<usize>;
    /// The text of `line` without its terminator.
    fn line_text(&self, line: usize) -> Cow<'_, str> {
        let text = self.slice(self.line_bounds(line));
        let trimmed = text.trim_end_matches(['\n', '\r']).len();
        match text {
            Cow::Borrowed(s) => Cow::Borrowed(&s[..trimmed]),
            Cow::Owned(mut s) => {
                s.truncate(trimmed);
                Cow::Owned(s)
            }
        }
    }
}

/// A `&str` with its line index.
pub struct StrSource<'a> {
    text: &'a str,
    index: LineIndex,
}

impl<'a> StrSource<'a> {
    pub fn new(text: &'a str) -> Self {
        StrSource {
            text,
            index: LineIndex::new(text),
        }
    }
}

impl Source for StrSource<'_> {
    fn len(&self) -> usize {
        self.text.len()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        let end = super::lines::floor_char_boundary(self.text, range.end);
        let start = super::lines::floor_char_boundary(self.text, range.start.min(end));
        Cow::Borrowed(&self.text[start..end])
    }

    fn line_of(&self, offset: usize) -> usize {
        self.index.line_of(offset)
    }

    fn line_bounds(&self, line: usize) -> Range<usize> {
        self.index.line_range_with_terminator(line)
    }
}

impl Source for Rope {
    fn len(&self) -> usize {
        self.len_bytes()
    }

    fn slice(&self, range: Range<usize>) -> Cow<'_, str> {
        let end = self.byte_to_char(range.end.min(self.len_bytes()));
        let start = self.byte_to_char(range.start.min(self.len_bytes())).min(end);
        let slice = self.slice(start..end);
        match slice.as_str() {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(slice.to_string()),
        }
    }

    fn line_of(&self, offset: usize) -> usize {
        self.byte_to_line(offset.min(self.len_bytes()))
    }

    fn line_bounds(&self, line: usize) -> Range<usize> {
        if line >= self.len_lines() {
            return self.len_bytes()..self.len_bytes();
        }
        let start = self.line_to_byte(line);
        let end = if line + 1 >= self.len_lines() {
            self.len_bytes()
        } else {
            self.line_to_byte(line + 1)
        };
        start..end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agree(text: &str) {
        let s = StrSource::new(text);
        let r = Rope::from_str(text);
        assert_eq!(Source::len(&s), Source::len(&r));
        let lines = LineIndex::new(text).line_count();
        for line in 0..lines + 1 {
            assert_eq!(s.line_bounds(line), r.line_bounds(line), "{text:?} line {line}");
            assert_eq!(s.line_text(line), r.line_text(line));
        }
        for offset in 0..=text.len() {
            assert_eq!(s.line_of(offset), r.line_of(offset), "{text:?} offset {offset}");
        }
        assert_eq!(s.slice(1..text.len()), Source::slice(&r, 1..text.len()));
    }

    #[test]
    fn str_and_rope_agree() {
        for text in ["", "a", "a\nb", "a\r\nb\r\n", "x\ry\n😀\n世界", "\n\n"] {
            agree(text);
        }
    }

    #[test]
    fn slices_are_clamped() {
        let s = StrSource::new("😀ab");
        assert_eq!(s.slice(1..99), "😀ab".get(0..6).unwrap());
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = 9..3;
        assert_eq!(s.slice(reversed), "");
    }
}
