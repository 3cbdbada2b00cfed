//! The `#` family: Python, shell (words, quotes, substitutions, heredocs), YAML (scalars that may
//! be quoted, block scalars), TOML, Ruby (interpolation, heredocs, `=begin`) and the rest.

use super::*;

impl Lexer<'_> {
    /// At the end of a YAML line whose code ends in a block scalar indicator (`key: |`,
    /// `- >-`): the indentation of that line, which the scalar's content exceeds.
    pub(super) fn yaml_block_scalar(&self) -> Option<usize> {
        let at_root = self.stack.len() == 1 || (self.stack.len() == 2 && self.top() == Mode::LineComment);
        if !at_root || self.base != Family::Yaml {
            return None;
        }
        let line = &self.b[self.line_start..self.code_end.max(self.line_start)];
        let code = line.trim_ascii_end();
        let token_start = code
            .iter()
            .rposition(|b| b.is_ascii_whitespace())
            .map_or(0, |p| p + 1);
        let token = &code[token_start..];
        let indicator = matches!(token.first(), Some(b'|' | b'>'))
            && token.len() <= 3
            && token[1..].iter().all(|b| matches!(b, b'1'..=b'9' | b'+' | b'-'));
        if !indicator {
            return None;
        }
        let mut before = code[..token_start].trim_ascii_end();
        // Tags and anchors may stand between the key and the indicator.
        loop {
            let start = before
                .iter()
                .rposition(|b| b.is_ascii_whitespace())
                .map_or(0, |p| p + 1);
            match before.get(start) {
                Some(b'!' | b'&') => before = before[..start].trim_ascii_end(),
                _ => break,
            }
        }
        let keyed = before.is_empty() || matches!(before.last(), Some(b':' | b'-' | b'?'));
        keyed.then(|| line.iter().take_while(|&&b| b == b' ').count())
    }

    pub(super) fn python_code(&mut self) {
        let i = self.i;
        match self.b[i] {
            b'#' => self.line_comment(1),
            b'\\' => self.escape(),
            q @ (b'"' | b'\'') => {
                if self.starts(i, &[q; 3]) {
                    self.enter(Mode::Triple { quote: q, esc: true }, i);
                    self.i += 3;
                } else {
                    self.enter_str(q, true, false, i);
                    self.i += 1;
                }
            }
            _ => self.i += 1,
        }
    }

    /// `#` starts a shell comment only at the start of a word.
    fn word_start(&self, i: usize) -> bool {
        i == self.line_start
            || self
                .at(i.wrapping_sub(1))
                .is_some_and(|b| b.is_ascii_whitespace() || matches!(b, b';' | b'|' | b'&' | b'(' | b')'))
    }

    pub(super) fn shell_code(&mut self, close: Close) {
        let i = self.i;
        let next = self.at(i + 1);
        match self.b[i] {
            b'#' if self.word_start(i) => self.line_comment(1),
            b'\\' => self.escape(),
            b'\'' => {
                self.enter_str(b'\'', false, true, i);
                self.i += 1;
            }
            b'$' if next == Some(b'\'') => {
                self.enter_str(b'\'', true, true, i);
                self.i += 2;
            }
            b'$' if next == Some(b'(') => {
                self.i += 2;
                let arith = self.at(self.i) == Some(b'(');
                self.enter_code(Close::Paren { arith }, self.i);
            }
            b'$' if next == Some(b'{') => {
                self.i += 2;
                self.enter_code(Close::Brace, self.i);
            }
            b'$' => self.i += 1 + usize::from(next.is_some_and(|b| b == b'#')),
            q @ (b'"' | b'`') => {
                self.enter(
                    Mode::Str {
                        quote: q,
                        esc: true,
                        multiline: true,
                        doubled: false,
                        interp: Interp::Shell,
                    },
                    i,
                );
                self.i += 1;
            }
            b'<' if next == Some(b'<')
                && self.at(i + 2) != Some(b'<')
                && !matches!(close, Close::Paren { arith: true }) =>
            {
                self.heredoc(i + 2, true);
            }
            _ => self.i += 1,
        }
    }

    /// After `<<` at `from`: a heredoc's delimiter (`EOF`, `'EOF'`, `"EOF"`, `-EOF`, `~EOF`),
    /// whose body starts on the next line.
    pub(super) fn heredoc(&mut self, from: usize, shell: bool) {
        let mut j = from;
        let indented = matches!(self.at(j), Some(b'-')) || (!shell && self.at(j) == Some(b'~'));
        if indented {
            j += 1;
        }
        if shell {
            while self.at(j).is_some_and(|b| b == b' ' || b == b'\t') {
                j += 1;
            }
            if self.at(j) == Some(b'\\') {
                j += 1;
            }
        }
        let (delim, end) = match self.at(j) {
            Some(q @ (b'\'' | b'"')) => {
                let start = j + 1;
                let close = self.b[start..].iter().position(|&b| b == q || is_eol(b));
                match close.filter(|&n| n > 0 && self.b[start + n] == q) {
                    Some(n) => ((start, start + n), start + n + 1),
                    _ => {
                        self.i = from;
                        return;
                    }
                }
            }
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => {
                if !shell && !b.is_ascii_uppercase() {
                    self.i = from;
                    return;
                }
                let mut k = j;
                while self.at(k).is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
                    k += 1;
                }
                ((j, k), k)
            }
            _ => {
                self.i = from;
                return;
            }
        };
        self.heredocs.push((delim, indented));
        self.i = end;
    }

    pub(super) fn yaml_code(&mut self) {
        let i = self.i;
        let prev = self.at(i.wrapping_sub(1)).filter(|_| i > self.line_start);
        match self.b[i] {
            b'#' if prev.is_none_or(|b| b == b' ' || b == b'\t') => self.line_comment(1),
            q @ (b'\'' | b'"') if self.yaml_scalar_starts(i) => {
                self.enter(
                    Mode::Str {
                        quote: q,
                        esc: q == b'"',
                        multiline: true,
                        doubled: q == b'\'',
                        interp: Interp::None,
                    },
                    i,
                );
                self.i += 1;
            }
            _ => self.i += 1,
        }
    }

    /// A quote starts a YAML scalar only where a scalar may start: at the start of the line,
    /// after `key: `, `- `, `? ` or inside a flow collection.
    fn yaml_scalar_starts(&self, i: usize) -> bool {
        let before = &self.b[self.line_start..i];
        match before.last() {
            None => true,
            Some(b'[' | b'{' | b',') => true,
            Some(b' ' | b'\t') => matches!(
                before.trim_ascii_end().last(),
                None | Some(b':' | b'-' | b'[' | b'{' | b',' | b'?')
            ),
            _ => false,
        }
    }

    pub(super) fn toml_code(&mut self) {
        let i = self.i;
        match self.b[i] {
            b'#' => self.line_comment(1),
            q @ (b'"' | b'\'') => {
                let esc = q == b'"';
                if self.starts(i, &[q; 3]) {
                    self.enter(Mode::Triple { quote: q, esc }, i);
                    self.i += 3;
                } else {
                    self.enter_str(q, esc, false, i);
                    self.i += 1;
                }
            }
            _ => self.i += 1,
        }
    }

    pub(super) fn ruby_code(&mut self) {
        let i = self.i;
        let next = self.at(i + 1);
        match self.b[i] {
            b'#' => self.line_comment(1),
            b'\\' => self.escape(),
            b'?' if matches!(next, Some(b'\'' | b'"' | b'`')) => self.i += 2,
            b'\'' => {
                self.enter_str(b'\'', true, true, i);
                self.i += 1;
            }
            q @ (b'"' | b'`') => {
                self.enter(
                    Mode::Str {
                        quote: q,
                        esc: true,
                        multiline: true,
                        doubled: false,
                        interp: Interp::Ruby,
                    },
                    i,
                );
                self.i += 1;
            }
            b'<' if next == Some(b'<') => self.heredoc(i + 2, false),
            _ => self.i += 1,
        }
    }

    pub(super) fn hash_code(&mut self) {
        let i = self.i;
        match self.b[i] {
            b'#' if i == self.line_start || self.at(i - 1) != Some(b'$') => self.line_comment(1),
            b'\\' => self.escape(),
            q @ (b'"' | b'\'') => {
                if self.starts(i, &[q; 3]) {
                    self.enter(Mode::Triple { quote: q, esc: true }, i);
                    self.i += 3;
                } else {
                    self.enter_str(q, true, true, i);
                    self.i += 1;
                }
            }
            _ => self.i += 1,
        }
    }
}
