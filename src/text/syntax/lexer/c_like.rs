//! The C-like family: `//` and `/* */` comments, quoted strings, and each dialect's own literals —
//! JavaScript's template and regular expression literals and JSX, Rust's raw strings and lifetimes,
//! C++ raw strings, Go raw strings, C# verbatim strings, text blocks, PHP's `#`, Zig's `\\`.

use super::*;

/// Keywords after which an expression starts.
const JS_KEYWORDS: &[&[u8]] = &[
    b"return",
    b"typeof",
    b"instanceof",
    b"in",
    b"of",
    b"new",
    b"delete",
    b"void",
    b"throw",
    b"case",
    b"do",
    b"else",
    b"yield",
    b"await",
];

impl Lexer<'_> {
    pub(super) fn c_code(&mut self, f: CFlags) {
        let i = self.i;
        let b = self.b[i];
        let next = self.at(i + 1);
        match b {
            b'/' if next == Some(b'/') => self.line_comment(2),
            b'/' if next == Some(b'*') => self.block_comment(b"/*", b"*/", f.nest),
            b'#' if f.hash && next != Some(b'[') => self.line_comment(1),
            // PHP's dialect is also Blade's (`*.blade.php`): `{{-- … --}}` is its comment, and
            // `{{--` cannot start PHP code anyone writes.
            b'{' if f.hash && self.starts(i, b"{{--") => self.block_comment(b"{{--", b"--}}", false),
            b'<' if f.heredoc.is_some_and(|h| self.starts(i, h)) => {
                let opener = f.heredoc.unwrap_or_default();
                let pending = self.heredocs.len();
                self.heredoc(i + opener.len(), false);
                if opener == PHP_HEREDOC
                    && let Some(last) = self.heredocs.get_mut(pending)
                {
                    last.1 = true;
                }
            }
            b'\\' if f.zig && next == Some(b'\\') => {
                self.enter(Mode::LineString, i);
                self.i += 2;
            }
            b'\\' => self.escape(),
            b'"' if f.triple_dq && self.starts(i, b"\"\"\"") => {
                self.enter(
                    Mode::Triple {
                        quote: b'"',
                        esc: !f.verbatim,
                    },
                    i,
                );
                self.i += 3;
            }
            b'"' => {
                self.enter_str(b'"', true, f.multiline, i);
                self.i += 1;
            }
            b'\'' if f.triple_sq && self.starts(i, b"'''") => {
                self.enter(
                    Mode::Triple {
                        quote: b'\'',
                        esc: true,
                    },
                    i,
                );
                self.i += 3;
            }
            b'\'' => match f.quote {
                Quote::Str => {
                    self.enter_str(b'\'', true, f.multiline, i);
                    self.i += 1;
                }
                Quote::RustChar => self.rust_quote(),
                Quote::Code => {
                    self.i += 1;
                    self.last = Last::Punct;
                }
            },
            b'`' if f.js => {
                self.enter(Mode::Template, i);
                self.i += 1;
            }
            b'`' if f.go_raw => {
                self.enter(Mode::GoRaw, i);
                self.i += 1;
            }
            b'`' => {
                self.enter_str(b'`', false, false, i);
                self.i += 1;
            }
            b'@' if f.verbatim && next == Some(b'"') => {
                self.enter(
                    Mode::Str {
                        quote: b'"',
                        esc: false,
                        multiline: true,
                        doubled: true,
                        interp: Interp::None,
                    },
                    i,
                );
                self.i += 2;
            }
            b'/' if f.js && self.expression_position() => {
                self.enter(Mode::Regex { class: false }, i);
                self.i += 1;
            }
            b'<' if f.jsx && self.expression_position() && self.jsx_starts(i) => {
                self.enter(Mode::JsxTag { closing: false }, i);
                self.i += 1;
            }
            b if b.is_ascii_digit() => {
                while self.at(self.i).is_some_and(|b| is_word(b) || b == b'.') {
                    self.i += 1;
                }
                self.last = Last::Value;
            }
            b if is_word(b) => self.c_word(f),
            b')' | b']' | b'}' => {
                self.i += 1;
                self.last = Last::Value;
            }
            b if b.is_ascii_whitespace() => {
                self.i += 1;
                while matches!(self.at(self.i), Some(b' ' | b'\t')) {
                    self.i += 1;
                }
            }
            _ => {
                self.i += 1;
                self.last = Last::Punct;
            }
        }
    }

    /// An identifier or keyword, or the prefix of a raw string (`r#"`, `R"(`).
    fn c_word(&mut self, f: CFlags) {
        let start = self.i;
        while self.at(self.i).is_some_and(is_word) {
            self.i += 1;
        }
        let word = &self.b[start..self.i];
        let next = self.at(self.i);
        if f.rust && matches!(word, b"r" | b"br" | b"cr") && matches!(next, Some(b'"' | b'#')) {
            let hashes = self.b[self.i..].iter().take_while(|&&b| b == b'#').count();
            if self.at(self.i + hashes) == Some(b'"') {
                self.enter(Mode::RustRaw { hashes }, start);
                self.i += hashes + 1;
                return;
            }
        }
        if f.splice && matches!(word, b"R" | b"LR" | b"uR" | b"UR" | b"u8R") && next == Some(b'"') {
            let from = self.i + 1;
            let delim_len = self.b[from..]
                .iter()
                .take(17)
                .position(|&b| b == b'(')
                .filter(|&n| {
                    self.b[from..from + n]
                        .iter()
                        .all(|&b| !b.is_ascii_whitespace() && !matches!(b, b')' | b'\\' | b'"'))
                });
            if let Some(n) = delim_len {
                self.enter(
                    Mode::CppRaw {
                        delim: (from, from + n),
                    },
                    start,
                );
                self.i = from + n + 1;
                return;
            }
        }
        self.last = if JS_KEYWORDS.contains(&word) {
            Last::Keyword
        } else {
            Last::Word
        };
    }

    /// Rust's `'`: a character literal (`'a'`, `'\n'`, `'"'`) or a lifetime or label (`'a`).
    fn rust_quote(&mut self) {
        let i = self.i;
        if self.at(i + 1) == Some(b'\\') {
            self.enter_str(b'\'', true, false, i);
            self.i += 1;
            return;
        }
        // `'` is ASCII, so the next byte starts a character.
        let width = self.text[i + 1..].chars().next().map_or(1, char::len_utf8);
        if self.at(i + 1).is_some_and(|b| !is_eol(b)) && self.at(i + 1 + width) == Some(b'\'') {
            self.enter_str(b'\'', false, false, i);
            self.i += 1 + width;
        } else {
            self.i += 1;
            self.last = Last::Punct;
        }
    }

    fn expression_position(&self) -> bool {
        matches!(self.last, Last::Start | Last::Punct | Last::Keyword)
    }

    /// `<` in expression position opens JSX when a name or `>` follows, unless it is a type
    /// parameter list (`<T,>`, `<T extends U>`).
    fn jsx_starts(&self, i: usize) -> bool {
        match self.at(i + 1) {
            Some(b'>') => true,
            Some(b) if b.is_ascii_alphabetic() || b == b'_' || b == b'$' => {
                let mut j = i + 1;
                while self
                    .at(j)
                    .is_some_and(|b| is_word(b) || b == b'.' || b == b'-' || b == b':')
                {
                    j += 1;
                }
                while self.at(j).is_some_and(|b| b == b' ' || b == b'\t') {
                    j += 1;
                }
                !(self.at(j) == Some(b',') || self.starts(j, b"extends "))
            }
            _ => false,
        }
    }

    /// The children of a JSX element: text, child elements, `{…}` expressions.
    pub(super) fn jsx_text(&mut self) {
        let i = self.i;
        match self.b[i] {
            b'<' if self.at(i + 1) == Some(b'/') => {
                self.swap(Mode::JsxTag { closing: true }, i);
                self.i += 2;
            }
            b'<' => {
                self.enter(Mode::JsxTag { closing: false }, i);
                self.i += 1;
            }
            b'{' => {
                self.i += 1;
                self.enter_code(Close::Brace, i);
            }
            _ => self.i += 1,
        }
    }

    pub(super) fn jsx_tag(&mut self, closing: bool) {
        let i = self.i;
        match self.b[i] {
            b'>' => {
                self.i += 1;
                if closing {
                    self.leave(self.i);
                } else {
                    self.swap(Mode::JsxText, self.i);
                }
                self.last = Last::Value;
            }
            b'/' if self.at(i + 1) == Some(b'>') => {
                self.i += 2;
                self.leave(self.i);
                self.last = Last::Value;
            }
            b'/' if self.at(i + 1) == Some(b'/') => self.line_comment(2),
            b'/' if self.at(i + 1) == Some(b'*') => self.block_comment(b"/*", b"*/", false),
            q @ (b'"' | b'\'') => {
                self.enter(Mode::Attr { quote: q }, i);
                self.i += 1;
            }
            b'{' => {
                self.i += 1;
                self.enter_code(Close::Brace, self.i);
            }
            _ => self.i += 1,
        }
    }
}
