//! The lexer behind [`super::scan`]: a stack of modes (code, comment, string, JSX, markup…) driven
//! byte by byte, recording the context at both ends of every line and the stretches that are not
//! code. The families' own rules are in the submodules.

mod c_like;
mod css;
mod dash;
mod hash;
mod markup;
mod resume;

pub(super) use resume::{Checkpoints, rescan};

use super::{Context, LineContext, Region, Scan, Syntax};

/// Lines between two of the lexer's saved states: an edit is lexed again from at most this many
/// lines (plus one) before it.
const CHECKPOINT_LINES: usize = 64;

pub(super) fn scan(text: &str, syntax: Syntax) -> Scan {
    scan_every(text, syntax, CHECKPOINT_LINES)
}

/// [`scan`] saving the lexer's state every `every` lines (tests use small values).
pub(super) fn scan_every(text: &str, syntax: Syntax, every: usize) -> Scan {
    let mut lexer = Lexer::new(text, family(syntax), every.max(1));
    lexer.lex(|_| None::<()>);
    lexer.finish(syntax)
}

/// The lexer family of a syntax, with its flags.
fn family(syntax: Syntax) -> Family {
    use Syntax::*;
    let c = CFlags::default();
    Family::C(match syntax {
        JavaScript => CFlags {
            js: true,
            jsx: true,
            ..c
        },
        TypeScript => CFlags { js: true, ..c },
        Tsx => CFlags {
            js: true,
            jsx: true,
            ..c
        },
        C => CFlags { splice: true, ..c },
        Rust => CFlags {
            rust: true,
            nest: true,
            multiline: true,
            quote: Quote::RustChar,
            ..c
        },
        Go => CFlags { go_raw: true, ..c },
        CSharp => CFlags {
            verbatim: true,
            triple_dq: true,
            ..c
        },
        Java => CFlags { triple_dq: true, ..c },
        Kotlin => CFlags {
            triple_dq: true,
            nest: true,
            ..c
        },
        Swift => CFlags {
            triple_dq: true,
            nest: true,
            quote: Quote::Code,
            ..c
        },
        Dart => CFlags {
            triple_dq: true,
            triple_sq: true,
            nest: true,
            ..c
        },
        Php => CFlags {
            hash: true,
            multiline: true,
            heredoc: Some(PHP_HEREDOC),
            ..c
        },
        Zig => CFlags { zig: true, ..c },
        Hcl => CFlags {
            hash: true,
            heredoc: Some(b"<<"),
            ..c
        },
        CLike => c,
        Python => return Family::Python,
        Shell => return Family::Shell,
        Yaml => return Family::Yaml,
        Toml => return Family::Toml,
        Ruby => return Family::Ruby,
        Hash => return Family::Hash,
        Sql => return Family::Sql { mysql: false },
        MySql => return Family::Sql { mysql: true },
        Lua => return Family::Lua,
        Html => return Family::Html,
        Markdown => return Family::Markdown,
        Css => return Family::Css { line: false },
        Scss => return Family::Css { line: true },
        Config => return Family::Config,
    })
}

/// A lexer family; the C-like one comes in dialects told apart by flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    C(CFlags),
    Python,
    Shell,
    Yaml,
    Toml,
    Ruby,
    Hash,
    Sql { mysql: bool },
    Lua,
    Html,
    Markdown,
    Css { line: bool },
    Config,
}

/// What a C-like dialect adds to `//`, `/* */`, `'…'` and `"…"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct CFlags {
    /// Template literals and regular expression literals.
    js: bool,
    /// JSX elements where an expression may start.
    jsx: bool,
    /// Backslash-newline joins lines anywhere, line comments included; `R"(…)"` raw strings.
    splice: bool,
    /// `r#"…"#` raw strings.
    rust: bool,
    /// `` `…` `` raw strings.
    go_raw: bool,
    /// `@"…"` verbatim strings; `"""…"""` without escapes.
    verbatim: bool,
    /// `"""…"""`.
    triple_dq: bool,
    /// `'''…'''`.
    triple_sq: bool,
    /// Block comments nest.
    nest: bool,
    /// `#` line comments (not `#[`).
    hash: bool,
    /// `'…'` and `"…"` may span lines.
    multiline: bool,
    /// `\\` strings to the end of the line.
    zig: bool,
    /// What opens a heredoc, whose body starts on the next line: `<<` (HCL's `<<EOT`, `<<-EOT`),
    /// [`PHP_HEREDOC`].
    heredoc: Option<&'static [u8]>,
    quote: Quote,
}

/// PHP's heredoc and nowdoc (`<<<EOT`, `<<<'EOT'`): the closing identifier may be indented and
/// followed by the rest of the statement (`EOT;`).
const PHP_HEREDOC: &[u8] = b"<<<";

/// What a `'` starts in a C-like language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Quote {
    #[default]
    Str,
    /// Rust: a character literal, or a lifetime without a closing quote.
    RustChar,
    /// Not a quote at all (Swift).
    Code,
}

/// What ends a stretch of code nested in something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Close {
    /// The whole text.
    Root,
    /// `}`: `${…}` in a template, `{…}` in JSX, `#{…}` in Ruby, `${…}` in shell.
    Brace,
    /// `)`: shell's `$(…)`; arithmetic `$((…))` has no heredocs.
    Paren { arith: bool },
    /// `</script` or `</style` in markup.
    EndTag(&'static str),
}

/// Interpolations a string may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interp {
    None,
    /// `$(…)`, `${…}`, `` `…` ``.
    Shell,
    /// `#{…}`.
    Ruby,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code {
        family: Family,
        close: Close,
        depth: u32,
        embedded: bool,
    },
    LineComment,
    Block {
        close: &'static [u8],
        open: Option<&'static [u8]>,
        depth: u32,
    },
    /// Ruby's `=begin` … `=end`, whole lines.
    LineBlock,
    /// Lua's `[==[ … ]==]`.
    Long {
        level: usize,
        comment: bool,
    },
    Str {
        quote: u8,
        esc: bool,
        multiline: bool,
        doubled: bool,
        interp: Interp,
    },
    Triple {
        quote: u8,
        esc: bool,
    },
    Template,
    GoRaw,
    RustRaw {
        hashes: usize,
    },
    /// C++ `R"delim(…)delim"`: the delimiter's range in the text.
    CppRaw {
        delim: (usize, usize),
    },
    /// SQL `$tag$…$tag$`: the opening tag's range in the text.
    Dollar {
        tag: (usize, usize),
    },
    CData,
    CodeSpan {
        ticks: usize,
    },
    Regex {
        class: bool,
    },
    /// A string to the end of the line (Zig's `\\`).
    LineString,
    Heredoc {
        delim: (usize, usize),
        indented: bool,
    },
    YamlBlock {
        indent: usize,
    },
    Fence {
        ch: u8,
        len: usize,
    },
    JsxTag {
        closing: bool,
    },
    JsxText,
    /// A quoted attribute value: no escapes, may span lines.
    Attr {
        quote: u8,
    },
    MarkupText,
    MarkupTag {
        braces: u32,
        raw: Option<&'static str>,
    },
}

/// The last token in JavaScript code, to tell a regular expression or JSX from division or a
/// comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Start,
    Punct,
    Value,
    Word,
    Keyword,
}

/// The lexer's state: a stack of modes whose top is the current context (the root is the whole
/// text's code or markup), the contexts recorded so far, and what a line's end must act on.
struct Lexer<'t> {
    text: &'t str,
    b: &'t [u8],
    /// The family of the whole text.
    base: Family,
    i: usize,
    stack: Vec<Mode>,
    lines: Vec<LineContext>,
    regions: Vec<Region>,
    current: (Context, usize),
    line_start: usize,
    escaped_eol: bool,
    pop_at_eol: bool,
    heredocs: Vec<((usize, usize), bool)>,
    last: Last,
    /// End of the last code byte on the line (YAML block scalar indicators).
    code_end: usize,
    /// The states saved so far at line starts, one every `every` lines.
    checkpoints: Vec<resume::Checkpoint>,
    every: usize,
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

fn is_eol(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

impl<'t> Lexer<'t> {
    fn new(text: &'t str, family: Family, every: usize) -> Self {
        let root = match family {
            Family::Html | Family::Markdown => Mode::MarkupText,
            _ => Mode::Code {
                family,
                close: Close::Root,
                depth: 0,
                embedded: false,
            },
        };
        let mut lexer = Lexer {
            text,
            b: text.as_bytes(),
            base: family,
            i: 0,
            stack: vec![root],
            lines: Vec::new(),
            regions: Vec::new(),
            current: (Context::Code, 0),
            line_start: 0,
            escaped_eol: false,
            pop_at_eol: false,
            heredocs: Vec::new(),
            last: Last::Start,
            code_end: 0,
            checkpoints: Vec::new(),
            every,
        };
        lexer.current = (lexer.context(), 0);
        lexer
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    fn starts(&self, i: usize, s: &[u8]) -> bool {
        self.b.get(i..i + s.len()) == Some(s)
    }

    fn starts_ci(&self, i: usize, s: &[u8]) -> bool {
        self.b
            .get(i..i + s.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(s))
    }

    fn top(&self) -> Mode {
        // The root is never popped.
        self.stack[self.stack.len() - 1]
    }

    /// The family of the innermost code (a `<script>` inside HTML lexes as TypeScript).
    fn family(&self) -> Family {
        self.stack
            .iter()
            .rev()
            .find_map(|m| match m {
                Mode::Code { family, .. } => Some(*family),
                _ => None,
            })
            .unwrap_or(self.base)
    }

    fn embedded(&self) -> bool {
        self.stack
            .iter()
            .rev()
            .any(|m| matches!(m, Mode::Code { embedded: true, .. }))
    }

    fn context(&self) -> Context {
        Self::context_of(self.top())
    }

    /// Whether the current context is nested in a literal: code in a template's `${…}`, a
    /// Ruby string's `#{…}`, a shell string's `$(…)`.
    fn in_literal(&self) -> bool {
        self.stack[..self.stack.len() - 1]
            .iter()
            .any(|&m| Self::context_of(m).is_string())
    }

    fn context_of(mode: Mode) -> Context {
        match mode {
            Mode::Code { embedded, .. } => {
                if embedded {
                    Context::EmbeddedCode
                } else {
                    Context::Code
                }
            }
            Mode::LineComment => Context::LineComment,
            Mode::Block { .. } | Mode::LineBlock => Context::BlockComment,
            Mode::Long { comment: true, .. } => Context::BlockComment,
            Mode::Str { .. } | Mode::CodeSpan { .. } | Mode::Regex { .. } | Mode::Attr { .. } => {
                Context::String
            }
            Mode::LineString => Context::String,
            Mode::Long { comment: false, .. }
            | Mode::Triple { .. }
            | Mode::Template
            | Mode::GoRaw
            | Mode::RustRaw { .. }
            | Mode::CppRaw { .. }
            | Mode::Dollar { .. }
            | Mode::CData
            | Mode::Heredoc { .. }
            | Mode::YamlBlock { .. }
            | Mode::Fence { .. } => Context::Template,
            Mode::JsxTag { .. } => Context::JsxTag,
            Mode::JsxText => Context::JsxText,
            Mode::MarkupText => Context::MarkupText,
            Mode::MarkupTag { .. } => Context::MarkupTag,
        }
    }

    /// Records a change of context at byte `at`.
    fn mark(&mut self, at: usize) {
        let context = self.context();
        if context == self.current.0 {
            return;
        }
        let (previous, start) = self.current;
        if previous != Context::Code && at > start {
            self.regions.push(Region {
                range: start..at,
                context: previous,
            });
        }
        self.current = (context, at.max(start));
    }

    fn enter(&mut self, mode: Mode, at: usize) {
        self.stack.push(mode);
        self.mark(at);
    }

    fn leave(&mut self, at: usize) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
        self.mark(at);
    }

    fn swap(&mut self, mode: Mode, at: usize) {
        let top = self.stack.len() - 1;
        self.stack[top] = mode;
        self.mark(at);
    }

    fn set_top(&mut self, mode: Mode) {
        let top = self.stack.len() - 1;
        self.stack[top] = mode;
    }

    fn enter_code(&mut self, close: Close, at: usize) {
        let family = self.family();
        let embedded = self.embedded();
        self.enter(
            Mode::Code {
                family,
                close,
                depth: 0,
                embedded,
            },
            at,
        );
        self.last = Last::Punct;
    }

    /// End of the current line (the offset of its terminator, or of the text's end).
    fn eol(&self, from: usize) -> usize {
        self.b[from.min(self.b.len())..]
            .iter()
            .position(|&b| is_eol(b))
            .map_or(self.b.len(), |p| from + p)
    }

    /// Lexes from a line start to the end of the text, saving a checkpoint every `every` lines;
    /// stops early, before a line begins, when `sync` says the state there is one already known
    /// (and returns what it said).
    fn lex<T>(&mut self, mut sync: impl FnMut(&Self) -> Option<T>) -> Option<T> {
        loop {
            if let Some(found) = sync(self) {
                return Some(found);
            }
            if self.lines.len().is_multiple_of(self.every)
                && self.checkpoints.last().is_none_or(|c| c.at < self.i)
            {
                self.checkpoints.push(self.checkpoint());
            }
            self.begin_line();
            loop {
                let Some(&b) = self.b.get(self.i) else {
                    self.end_of_text();
                    return None;
                };
                if is_eol(b) {
                    self.end_line();
                    break;
                }
                let before = self.i;
                self.step();
                if self.i <= before {
                    // Every step consumes; this only guards against a lexer bug looping forever.
                    self.i = before + 1;
                }
                // Never stop inside a character: the next byte would not be a boundary.
                while self.i < self.b.len() && (self.b[self.i] & 0xC0) == 0x80 {
                    self.i += 1;
                }
            }
        }
    }

    fn finish(mut self, syntax: Syntax) -> Scan {
        let end = self.b.len();
        let (context, start) = self.current;
        if context != Context::Code && end > start {
            self.regions.push(Region {
                range: start..end,
                context,
            });
        }
        Scan {
            lines: self.lines,
            regions: self.regions,
            checkpoints: Checkpoints {
                syntax: Some(syntax),
                every: self.every,
                len: self.b.len(),
                saved: self.checkpoints,
            },
        }
    }

    fn begin_line(&mut self) {
        self.line_start = self.i;
        self.code_end = self.i;
        self.escaped_eol = false;
        let context = self.context();
        self.lines.push(LineContext {
            start: context,
            end: context,
            continues: false,
            in_literal: context.is_string() || self.in_literal(),
        });
        let eol = self.eol(self.i);
        let line = &self.b[self.i..eol];
        match self.top() {
            Mode::Heredoc { delim, indented } => {
                let body = if indented { line.trim_ascii_start() } else { line };
                let delim = &self.b[delim.0..delim.1];
                let php = matches!(self.family(), Family::C(f) if f.heredoc == Some(PHP_HEREDOC));
                let closes = body == delim
                    || (php
                        && body.starts_with(delim)
                        && !body[delim.len()..]
                            .first()
                            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_'));
                if closes {
                    self.pop_at_eol = true;
                }
                self.i = eol;
            }
            Mode::YamlBlock { indent } => {
                let spaces = line.iter().take_while(|&&b| b == b' ').count();
                if line.trim_ascii().is_empty() || spaces > indent {
                    self.i = eol;
                } else {
                    self.leave(self.i);
                }
            }
            Mode::Fence { ch, len } => {
                let rest = line.trim_ascii_start();
                let run = rest.iter().take_while(|&&b| b == ch).count();
                if run >= len && rest[run..].trim_ascii().is_empty() {
                    self.pop_at_eol = true;
                }
                self.i = eol;
            }
            Mode::LineBlock => {
                if line.starts_with(b"=end") {
                    self.pop_at_eol = true;
                }
                self.i = eol;
            }
            Mode::CodeSpan { .. } if line.trim_ascii().is_empty() => {
                // A code span never crosses a blank line: its backticks were text. It ends after
                // the blank line, which cannot take text without continuing the span.
                self.pop_at_eol = true;
            }
            Mode::MarkupText if self.base == Family::Markdown => {
                // At any indentation: fences inside list items are indented.
                let rest = line.trim_ascii_start();
                let ch = rest.first().copied().unwrap_or(0);
                let run = rest.iter().take_while(|&&b| b == ch).count();
                let info_ok = ch != b'`' || !rest[run..].contains(&b'`');
                if (ch == b'`' || ch == b'~') && run >= 3 && info_ok {
                    self.enter(Mode::Fence { ch, len: run }, self.i);
                    self.i = eol;
                }
            }
            Mode::Code {
                family: Family::Ruby, ..
            } if line.starts_with(b"=begin") => {
                self.enter(Mode::LineBlock, self.i);
                self.i = eol;
            }
            _ => {}
        }
    }

    /// Records the end of the current line, then consumes its terminator.
    fn end_line(&mut self) {
        let at = self.i;
        self.record_end();
        let yaml_block = self.yaml_block_scalar();
        match self.top() {
            Mode::LineComment if !(self.escaped_eol && self.splices()) => self.leave(at),
            Mode::Str { multiline: false, .. } if !self.escaped_eol => self.leave(at),
            Mode::Regex { .. } | Mode::LineString => self.leave(at),
            _ => {}
        }
        self.consume_eol();
        if std::mem::take(&mut self.pop_at_eol) {
            self.leave(self.i);
        }
        if let Some(indent) = yaml_block {
            self.enter(Mode::YamlBlock { indent }, self.i);
        } else if !self.heredocs.is_empty() && self.context().is_code() {
            let (delim, indented) = self.heredocs.remove(0);
            self.enter(Mode::Heredoc { delim, indented }, self.i);
        }
    }

    fn end_of_text(&mut self) {
        self.record_end();
    }

    fn record_end(&mut self) {
        let context = self.context();
        let continues = self.escaped_eol
            && match self.top() {
                Mode::Code { .. } => true,
                Mode::LineComment => self.splices(),
                _ => false,
            };
        if let Some(line) = self.lines.last_mut() {
            line.end = context;
            line.continues = continues;
        }
    }

    fn consume_eol(&mut self) {
        if self.at(self.i) == Some(b'\r') && self.at(self.i + 1) == Some(b'\n') {
            self.i += 2;
        } else {
            self.i += 1;
        }
    }

    fn splices(&self) -> bool {
        matches!(self.family(), Family::C(f) if f.splice)
    }

    fn step(&mut self) {
        match self.top() {
            Mode::Code {
                family,
                close,
                depth,
                embedded,
            } => self.code(family, close, depth, embedded),
            Mode::LineComment => {
                // Only a backslash ending the line matters: the rest is skipped in one go.
                let j = self.next_of(self.i, b'\\', b'\\');
                if j > self.i {
                    self.i = j;
                    return;
                }
                if self.at(self.i + 1).is_some_and(is_eol) {
                    self.escaped_eol = true;
                }
                self.i += 1;
            }
            Mode::Block { close, open, depth } => {
                // Only where the close (or a nested open) may start matters.
                let j = self.next_of(self.i, close[0], open.map_or(close[0], |o| o[0]));
                if j > self.i {
                    self.i = j;
                    return;
                }
                if let Some(open) = open.filter(|o| self.starts(self.i, o)) {
                    self.set_top(Mode::Block {
                        close,
                        open: Some(open),
                        depth: depth + 1,
                    });
                    self.i += open.len();
                } else if self.starts(self.i, close) {
                    self.i += close.len();
                    if depth == 0 {
                        self.leave(self.i);
                    } else {
                        self.set_top(Mode::Block {
                            close,
                            open,
                            depth: depth - 1,
                        });
                    }
                } else {
                    self.i += 1;
                }
            }
            Mode::LineBlock | Mode::Heredoc { .. } | Mode::YamlBlock { .. } | Mode::Fence { .. } => {
                // Whole lines, consumed when they begin; only reached on a line a hook left.
                self.i = self.eol(self.i);
            }
            Mode::Long { level, .. } => {
                if self.b[self.i] == b']'
                    && self.b[self.i + 1..].iter().take(level).all(|&b| b == b'=')
                    && self.at(self.i + 1 + level) == Some(b']')
                {
                    self.i += level + 2;
                    self.leave(self.i);
                } else {
                    self.i += 1;
                }
            }
            Mode::Str {
                quote,
                esc,
                doubled,
                interp,
                ..
            } => {
                // Letters, digits, spaces and non-ASCII bytes mean nothing inside any string.
                let plain = |b: u8| b.is_ascii_alphanumeric() || b == b' ' || b == b'_' || b >= 0x80;
                let run = self.b[self.i..].iter().take_while(|&&b| plain(b)).count();
                if run > 0 {
                    self.i += run;
                    return;
                }
                self.string(quote, esc, doubled, interp)
            }
            Mode::Triple { quote, esc } => {
                let b = self.b[self.i];
                if esc && b == b'\\' {
                    self.escape();
                } else if b == quote && self.starts(self.i, &[quote; 3]) {
                    self.i += 3;
                    self.leave(self.i);
                    self.last = Last::Value;
                } else {
                    self.i += 1;
                }
            }
            Mode::Template => {
                let b = self.b[self.i];
                if b == b'\\' {
                    self.escape();
                } else if b == b'`' {
                    self.i += 1;
                    self.leave(self.i);
                    self.last = Last::Value;
                } else if b == b'$' && self.at(self.i + 1) == Some(b'{') {
                    self.i += 2;
                    self.enter_code(Close::Brace, self.i);
                } else {
                    self.i += 1;
                }
            }
            Mode::GoRaw => {
                self.i += 1;
                if self.b[self.i - 1] == b'`' {
                    self.leave(self.i);
                    self.last = Last::Value;
                }
            }
            Mode::RustRaw { hashes } => {
                if self.b[self.i] == b'"'
                    && self.b[self.i + 1..].iter().take_while(|&&b| b == b'#').count() >= hashes
                {
                    self.i += 1 + hashes;
                    self.leave(self.i);
                    self.last = Last::Value;
                } else {
                    self.i += 1;
                }
            }
            Mode::CppRaw { delim } => {
                let d = &self.b[delim.0..delim.1];
                if self.b[self.i] == b')'
                    && self.starts(self.i + 1, d)
                    && self.at(self.i + 1 + d.len()) == Some(b'"')
                {
                    self.i += d.len() + 2;
                    self.leave(self.i);
                    self.last = Last::Value;
                } else {
                    self.i += 1;
                }
            }
            Mode::Dollar { tag } => {
                let t = &self.b[tag.0..tag.1];
                if self.starts(self.i, t) {
                    self.i += t.len();
                    self.leave(self.i);
                } else {
                    self.i += 1;
                }
            }
            Mode::CData => {
                if self.starts(self.i, b"]]>") {
                    self.i += 3;
                    self.leave(self.i);
                } else {
                    self.i += 1;
                }
            }
            Mode::CodeSpan { ticks } => {
                let run = self.b[self.i..].iter().take_while(|&&b| b == b'`').count();
                if run == 0 {
                    self.i += 1;
                } else {
                    self.i += run;
                    if run == ticks {
                        self.leave(self.i);
                    }
                }
            }
            Mode::Regex { class } => {
                let b = self.b[self.i];
                match b {
                    b'\\' => self.escape(),
                    b'[' => {
                        self.set_top(Mode::Regex { class: true });
                        self.i += 1;
                    }
                    b']' => {
                        self.set_top(Mode::Regex { class: false });
                        self.i += 1;
                    }
                    b'/' if !class => {
                        self.i += 1;
                        while self.at(self.i).is_some_and(|b| b.is_ascii_alphabetic()) {
                            self.i += 1;
                        }
                        self.leave(self.i);
                        self.last = Last::Value;
                    }
                    _ => self.i += 1,
                }
            }
            Mode::LineString => self.i = self.eol(self.i),
            Mode::JsxTag { closing } => self.jsx_tag(closing),
            Mode::JsxText => self.jsx_text(),
            Mode::Attr { quote } => {
                self.i += 1;
                if self.b[self.i - 1] == quote {
                    self.leave(self.i);
                }
            }
            Mode::MarkupText => self.markup_text(),
            Mode::MarkupTag { braces, raw } => self.markup_tag(braces, raw),
        }
    }

    /// The first offset from `from` holding `a`, `b` or a line terminator (or the end).
    fn next_of(&self, from: usize, a: u8, b: u8) -> usize {
        self.b[from..]
            .iter()
            .position(|&c| c == a || c == b || is_eol(c))
            .map_or(self.b.len(), |p| from + p)
    }

    /// A backslash and what it escapes; a backslash ending the line escapes the terminator.
    fn escape(&mut self) {
        match self.at(self.i + 1) {
            Some(b) if is_eol(b) => {
                self.escaped_eol = true;
                self.i += 1;
            }
            Some(b) if b.is_ascii() => self.i += 2,
            _ => self.i += 1,
        }
    }

    fn string(&mut self, quote: u8, esc: bool, doubled: bool, interp: Interp) {
        let i = self.i;
        let b = self.b[i];
        let next = self.at(i + 1);
        if b == quote {
            if doubled && next == Some(quote) {
                self.i += 2;
            } else {
                self.i += 1;
                self.leave(self.i);
                self.last = Last::Value;
            }
        } else if b == b'\\' && esc {
            self.escape();
        } else if interp == Interp::Shell && b == b'$' && next == Some(b'(') {
            self.i += 2;
            let arith = self.at(self.i) == Some(b'(');
            self.enter_code(Close::Paren { arith }, self.i);
        } else if interp == Interp::Shell && b == b'$' && next == Some(b'{') {
            self.i += 2;
            self.enter_code(Close::Brace, self.i);
        } else if interp == Interp::Shell && b == b'`' && quote != b'`' {
            self.enter(
                Mode::Str {
                    quote: b'`',
                    esc: true,
                    multiline: true,
                    doubled: false,
                    interp,
                },
                i,
            );
            self.i += 1;
        } else if interp == Interp::Ruby && b == b'#' && next == Some(b'{') {
            self.i += 2;
            self.enter_code(Close::Brace, self.i);
        } else {
            self.i += 1;
        }
    }

    fn enter_str(&mut self, quote: u8, esc: bool, multiline: bool, at: usize) {
        self.enter(
            Mode::Str {
                quote,
                esc,
                multiline,
                doubled: false,
                interp: Interp::None,
            },
            at,
        );
    }

    fn line_comment(&mut self, len: usize) {
        let i = self.i;
        self.enter(Mode::LineComment, i);
        self.i += len;
    }

    fn block_comment(&mut self, open: &'static [u8], close: &'static [u8], nest: bool) {
        let i = self.i;
        self.enter(
            Mode::Block {
                close,
                open: nest.then_some(open),
                depth: 0,
            },
            i,
        );
        self.i += open.len();
    }

    fn code(&mut self, family: Family, close: Close, depth: u32, embedded: bool) {
        let i = self.i;
        let b = self.b[i];
        // What ends this stretch of code, and the nesting that hides its end.
        let set_depth = |lexer: &mut Self, depth: u32| {
            lexer.set_top(Mode::Code {
                family,
                close,
                depth,
                embedded,
            })
        };
        match (close, b) {
            (Close::Brace, b'{') | (Close::Paren { .. }, b'(') => set_depth(self, depth + 1),
            (Close::Brace, b'}') | (Close::Paren { .. }, b')') if depth > 0 => set_depth(self, depth - 1),
            (Close::Brace, b'}') | (Close::Paren { .. }, b')') => {
                self.i += 1;
                self.leave(self.i);
                self.last = Last::Value;
                return;
            }
            (Close::EndTag(tag), b'<')
                if self.at(i + 1) == Some(b'/') && self.starts_ci(i + 2, tag.as_bytes()) =>
            {
                self.leave(i);
                self.markup_text();
                return;
            }
            _ => {}
        }
        match family {
            Family::C(f) => self.c_code(f),
            Family::Python => self.python_code(),
            Family::Shell => self.shell_code(close),
            Family::Yaml => {
                self.yaml_code();
                if !b.is_ascii_whitespace() && self.top() != Mode::LineComment {
                    self.code_end = self.i;
                }
            }
            Family::Toml => self.toml_code(),
            Family::Ruby => self.ruby_code(),
            Family::Hash => self.hash_code(),
            Family::Sql { mysql } => self.sql_code(mysql),
            Family::Lua => self.lua_code(),
            Family::Css { line } => self.css_code(line),
            Family::Config => self.config_code(),
            Family::Html | Family::Markdown => self.i += 1,
        }
    }

    /// Comments that start a line, and nothing else.
    fn config_code(&mut self) {
        let i = self.i;
        if matches!(self.b[i], b'#' | b';') && self.b[self.line_start..i].iter().all(u8::is_ascii_whitespace)
        {
            self.line_comment(1);
        } else {
            self.i += 1;
        }
    }
}
