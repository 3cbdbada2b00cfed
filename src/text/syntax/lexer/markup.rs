//! Markup: HTML and XML (tags, quoted attributes, comments, CDATA, `<script>` and `<style>` lexed
//! as TypeScript and CSS) and Markdown (comments, code spans; fences are whole lines).

use super::*;

impl Lexer<'_> {
    pub(super) fn markup_text(&mut self) {
        let i = self.i;
        let html = self.family() == Family::Html;
        match self.b[i] {
            b'<' if self.starts(i, b"<!--") => self.block_comment(b"<!--", b"-->", false),
            b'<' if html && self.starts(i, b"<![CDATA[") => {
                self.enter(Mode::CData, i);
                self.i += 9;
            }
            b'<' if html
                && self
                    .at(i + 1)
                    .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'/' | b'!' | b'?')) =>
            {
                let name_start = i + 1;
                let name_len = self.b[name_start..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric())
                    .count();
                let name = &self.b[name_start..name_start + name_len];
                let raw = if name.eq_ignore_ascii_case(b"script") {
                    Some("script")
                } else if name.eq_ignore_ascii_case(b"style") {
                    Some("style")
                } else {
                    None
                };
                self.enter(Mode::MarkupTag { braces: 0, raw }, i);
                self.i += 1;
            }
            b'`' if !html => {
                let ticks = self.b[i..].iter().take_while(|&&b| b == b'`').count();
                self.enter(Mode::CodeSpan { ticks }, i);
                self.i += ticks;
            }
            b'\\' if !html => self.escape(),
            _ => self.i += 1,
        }
    }

    pub(super) fn markup_tag(&mut self, braces: u32, raw: Option<&'static str>) {
        let i = self.i;
        match self.b[i] {
            // In a DOCTYPE's internal subset.
            b'<' if self.starts(i, b"<!--") => self.block_comment(b"<!--", b"-->", false),
            q @ (b'"' | b'\'') => {
                self.enter(Mode::Attr { quote: q }, i);
                self.i += 1;
            }
            b'{' => {
                self.set_top(Mode::MarkupTag {
                    braces: braces + 1,
                    raw,
                });
                self.i += 1;
            }
            b'}' => {
                self.set_top(Mode::MarkupTag {
                    braces: braces.saturating_sub(1),
                    raw,
                });
                self.i += 1;
            }
            b'>' if braces == 0 => {
                let self_closing = i > 0 && self.b[i - 1] == b'/';
                self.i += 1;
                self.leave(self.i);
                if let Some(tag) = raw.filter(|_| !self_closing) {
                    let family = if tag == "script" {
                        family(Syntax::TypeScript)
                    } else {
                        family(Syntax::Css)
                    };
                    self.enter(
                        Mode::Code {
                            family,
                            close: Close::EndTag(tag),
                            depth: 0,
                            embedded: true,
                        },
                        self.i,
                    );
                    self.last = Last::Start;
                }
            }
            _ => self.i += 1,
        }
    }
}
