//! The `--` family: SQL dialects (`''` quotes, `$tag$` bodies, MySQL's `#` and backslashes) and Lua
//! (long brackets).

use super::*;

impl Lexer<'_> {
    pub(super) fn sql_code(&mut self, mysql: bool) {
        let i = self.i;
        let next = self.at(i + 1);
        match self.b[i] {
            b'-' if next == Some(b'-') => self.line_comment(2),
            b'#' if mysql => self.line_comment(1),
            b'/' if next == Some(b'*') => self.block_comment(b"/*", b"*/", !mysql),
            q @ (b'\'' | b'"' | b'`') if q != b'`' || mysql => {
                let e_string = q == b'\''
                    && i > 0
                    && matches!(self.b[i - 1], b'E' | b'e')
                    && (i < 2 || !is_word(self.b[i - 2]));
                self.enter(
                    Mode::Str {
                        quote: q,
                        esc: q != b'`' && (mysql || e_string),
                        multiline: true,
                        doubled: true,
                        interp: Interp::None,
                    },
                    i,
                );
                self.i += 1;
            }
            b'$' if i == 0 || !is_word(self.b[i - 1]) => {
                let name = self.b[i + 1..]
                    .iter()
                    .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
                    .count();
                let named_ok = name == 0 || !self.b[i + 1].is_ascii_digit();
                if named_ok && self.at(i + 1 + name) == Some(b'$') {
                    let tag = (i, i + name + 2);
                    self.enter(Mode::Dollar { tag }, i);
                    self.i = tag.1;
                } else {
                    self.i += 1;
                }
            }
            _ => self.i += 1,
        }
    }

    /// Lua's long bracket at `i`: `[`, any `=`, `[`; its level.
    fn long_bracket(&self, i: usize) -> Option<usize> {
        if self.at(i) != Some(b'[') {
            return None;
        }
        let level = self.b[i + 1..].iter().take_while(|&&b| b == b'=').count();
        (self.at(i + 1 + level) == Some(b'[')).then_some(level)
    }

    pub(super) fn lua_code(&mut self) {
        let i = self.i;
        match self.b[i] {
            b'-' if self.at(i + 1) == Some(b'-') => match self.long_bracket(i + 2) {
                Some(level) => {
                    self.enter(Mode::Long { level, comment: true }, i);
                    self.i += level + 4;
                }
                None => self.line_comment(2),
            },
            b'[' if self.long_bracket(i).is_some() => {
                let level = self.long_bracket(i).unwrap_or(0);
                self.enter(
                    Mode::Long {
                        level,
                        comment: false,
                    },
                    i,
                );
                self.i += level + 2;
            }
            q @ (b'"' | b'\'') => {
                self.enter_str(q, true, false, i);
                self.i += 1;
            }
            _ => self.i += 1,
        }
    }
}
