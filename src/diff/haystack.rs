//! The original file as lines: byte offsets, line terminators, and the per-line caches (hashes,
//! normalized text) that every block's search shares, so each line is hashed or normalized once.

use std::hash::Hasher;
use std::ops::Range;

use rustc_hash::FxHasher;

use super::normalize::normalize_line;

/// One line: content `start..end`, terminator (`\n` or `\r\n`, or none on the last line) `end..next`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line {
    pub start: usize,
    pub end: usize,
    pub next: usize,
}

/// A normalized line with its hash and length in characters.
#[derive(Debug)]
pub(crate) struct Norm {
    pub text: Box<str>,
    pub hash: u64,
    pub chars: usize,
}

pub(crate) fn hash_str(s: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(s.as_bytes());
    hasher.write_u8(0xff);
    hasher.finish()
}

pub(crate) struct Haystack<'a> {
    text: &'a str,
    /// Where each line starts; a line ends where the next starts (or at the end of the text).
    /// One offset per line keeps a 100,000-line file's index small.
    starts: Vec<usize>,
    /// Whether the last line is the empty one after a final newline (or of an empty text).
    phantom: bool,
    raw_hashes: Option<Vec<u64>>,
    /// Filled on first use: most searches never normalize most lines.
    norms: Vec<Option<Norm>>,
}

impl<'a> Haystack<'a> {
    pub fn new(text: &'a str) -> Haystack<'a> {
        // A byte-order mark is not part of line 1: it must neither spoil a match nor be replaced.
        let bom = crate::text::bom_len(text);
        let body = text.get(bom..).unwrap_or_default();
        let mut starts = Vec::with_capacity(body.len() / 32 + 1);
        if !body.is_empty() {
            starts.push(bom);
        }
        starts.extend(
            body.match_indices('\n')
                .map(|(i, _)| bom + i + 1)
                .filter(|&next| next < text.len()),
        );
        // The reference splits on newlines, so "a\n" is "a" and an empty last line: a SEARCH that
        // ends with a blank line can match the end of the file. That line has no bytes.
        let phantom = body.is_empty() || body.ends_with('\n');
        if phantom {
            starts.push(text.len());
        }
        Haystack {
            text,
            starts,
            phantom,
            raw_hashes: None,
            norms: Vec::new(),
        }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Lines, the empty one after a final newline included.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Lines as people count them: without the empty one after a final newline.
    pub fn real_len(&self) -> usize {
        self.starts.len() - usize::from(self.phantom)
    }

    /// Whether the text ends with a newline (or is empty), so its last line is an empty one without bytes.
    pub fn has_phantom(&self) -> bool {
        self.phantom
    }

    pub fn line_info(&self, index: usize) -> Option<Line> {
        let start = *self.starts.get(index)?;
        let next = self.starts.get(index + 1).copied().unwrap_or(self.text.len());
        let bytes = self.text.as_bytes();
        let mut end = next;
        if end > start && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
            if end > start && bytes.get(end - 1) == Some(&b'\r') {
                end -= 1;
            }
        }
        Some(Line { start, end, next })
    }

    /// The content of line `index` (0-based), terminator excluded; empty past the end.
    pub fn line(&self, index: usize) -> &'a str {
        self.line_info(index)
            .and_then(|l| self.text.get(l.start..l.end))
            .unwrap_or_default()
    }

    pub fn lines(&self, range: Range<usize>) -> impl Iterator<Item = &'a str> + '_ {
        range.map(move |i| self.line(i))
    }

    /// The terminator of line `index`: `""` for a last line without one.
    pub fn terminator(&self, index: usize) -> &'a str {
        self.line_info(index)
            .and_then(|l| self.text.get(l.end..l.next))
            .unwrap_or_default()
    }

    /// The line ending to write near line `index`: that line's own, else the file's first, else `\n`.
    pub fn eol_near(&self, index: usize) -> &'static str {
        let own = self.terminator(index);
        let chosen = if own.is_empty() { self.terminator(0) } else { own };
        if chosen == "\r\n" { "\r\n" } else { "\n" }
    }

    /// Hashes of every raw line, computed on first use.
    pub fn raw_hashes(&mut self) -> &[u64] {
        if self.raw_hashes.is_none() {
            let hashes = (0..self.starts.len()).map(|i| hash_str(self.line(i))).collect();
            self.raw_hashes = Some(hashes);
        }
        self.raw_hashes.as_deref().unwrap_or_default()
    }

    /// Normalizes the lines in `range` that are not normalized yet.
    pub fn ensure_norm(&mut self, range: Range<usize>) {
        let end = range.end.min(self.starts.len());
        if self.norms.len() < self.starts.len() {
            self.norms.resize_with(self.starts.len(), || None);
        }
        for i in range.start..end {
            let line = self.line(i);
            if let Some(slot) = self.norms.get_mut(i)
                && slot.is_none()
            {
                let text = normalize_line(line);
                let hash = hash_str(&text);
                let chars = text.chars().count();
                *slot = Some(Norm {
                    text: text.into_boxed_str(),
                    hash,
                    chars,
                });
            }
        }
    }

    /// Line `index` normalized, if [`Haystack::ensure_norm`] covered it.
    pub fn norm(&self, index: usize) -> Option<&Norm> {
        self.norms.get(index).and_then(Option::as_ref)
    }

    pub fn norm_text(&self, index: usize) -> &str {
        self.norm(index).map_or("", |n| &n.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_with_offsets_and_terminators() {
        let hay = Haystack::new("a\r\nb\n\nc");
        assert_eq!(hay.len(), 4);
        assert!(!hay.has_phantom());
        assert_eq!((hay.line(0), hay.terminator(0)), ("a", "\r\n"));
        assert_eq!((hay.line(1), hay.terminator(1)), ("b", "\n"));
        assert_eq!((hay.line(2), hay.terminator(2)), ("", "\n"));
        assert_eq!((hay.line(3), hay.terminator(3)), ("c", ""));
        assert_eq!(hay.eol_near(3), "\r\n");
        assert_eq!(hay.line(99), "");
    }

    #[test]
    fn a_final_newline_is_followed_by_an_empty_line_without_bytes() {
        let hay = Haystack::new("a\nb\n");
        assert_eq!((hay.len(), hay.real_len()), (3, 2));
        assert_eq!((hay.line(2), hay.terminator(2)), ("", ""));
        assert_eq!(hay.line_info(2).unwrap().start, 4);
        assert_eq!(hay.eol_near(2), "\n");
        assert_eq!(Haystack::new("").len(), 1);
        assert_eq!(Haystack::new("\n").len(), 2);
        assert_eq!(Haystack::new("x").len(), 1);
        assert_eq!(Haystack::new("x").eol_near(0), "\n");
    }

    #[test]
    fn skips_a_byte_order_mark() {
        let hay = Haystack::new("\u{FEFF}first\nsecond");
        assert_eq!(hay.line(0), "first");
        assert_eq!(hay.line_info(0).unwrap().start, 3);
    }

    #[test]
    fn lone_carriage_return_is_content() {
        let hay = Haystack::new("a\rb\n");
        assert_eq!(hay.real_len(), 1);
        assert_eq!(hay.line(0), "a\rb");
    }

    #[test]
    fn caches_normalized_lines() {
        let mut hay = Haystack::new("  a   b\nc");
        assert!(hay.norm(0).is_none());
        hay.ensure_norm(0..5);
        assert_eq!(hay.norm_text(0), "a b");
        assert_eq!(hay.norm(1).unwrap().chars, 1);
        assert_eq!(hay.raw_hashes().len(), 2);
        assert_eq!(Haystack::new("\u{FEFF}").len(), 1);
    }
}
