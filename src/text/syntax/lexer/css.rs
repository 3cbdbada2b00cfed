//! CSS: `/* */` comments, quoted strings, unquoted `url(…)`; SCSS and Less add `//`.

use super::*;

impl Lexer<'_> {
    pub(super) fn css_code(&mut self, line: bool) {
        let i = self.i;
        match self.b[i] {
            b'/' if self.at(i + 1) == Some(b'*') => self.block_comment(b"/*", b"*/", false),
            b'/' if line && self.at(i + 1) == Some(b'/') => self.line_comment(2),
            q @ (b'"' | b'\'') => {
                self.enter_str(q, true, false, i);
                self.i += 1;
            }
            b'\\' => self.escape(),
            b'u' | b'U' if self.starts_ci(i, b"url(") && (i == 0 || !is_word(self.b[i - 1])) => {
                // An unquoted URL may hold `//`: it runs to its `)`.
                let mut j = i + 4;
                while self.at(j).is_some_and(|b| b == b' ' || b == b'\t') {
                    j += 1;
                }
                if matches!(self.at(j), Some(b'"' | b'\'')) {
                    self.i = j;
                } else {
                    let stop = self.b[j..]
                        .iter()
                        .position(|&b| b == b')' || is_eol(b))
                        .map_or(self.b.len(), |p| j + p);
                    self.i = stop + usize::from(self.at(stop) == Some(b')'));
                }
            }
            _ => self.i += 1,
        }
    }
}
