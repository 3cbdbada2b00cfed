//! The SEARCH/REPLACE grammar: markers, escapes, `N | ` line-number prefixes and the XML tool-call wrapper.

use std::ops::Range;

use thiserror::Error;

const SEARCH: &str = "<<<<<<< SEARCH";
const SEPARATOR: &str = "=======";
const REPLACE: &str = ">>>>>>> REPLACE";
const HEADER_END: &str = "-------";
const START_LINE: &str = ":start_line:";
const END_LINE: &str = ":end_line:";

/// What a well-formed block looks like; every marker error ends with it.
const FORMAT_EXAMPLE: &str = "A block must look like this:\n\n\
<<<<<<< SEARCH\n\
:start_line:12\n\
-------\n\
[exact lines to find, whitespace included]\n\
=======\n\
[lines to put in their place]\n\
>>>>>>> REPLACE\n\n\
`:start_line:` (the line of the original file where the SEARCH lines start) and `-------` are \
optional. A line of content that starts with a marker is written with a backslash in front of it: \
\\=======, \\<<<<<<< SEARCH, \\>>>>>>> REPLACE, \\-------, \\:start_line:.";

/// A parsed diff: its blocks in order, and the target path when the diff came wrapped in
/// `<apply_diff><path>…</path><diff>…</diff></apply_diff>`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diff {
    /// The `<path>` of the XML wrapper, trimmed; `None` for a bare diff.
    pub path: Option<String>,
    /// At least one block when produced by [`parse`].
    pub blocks: Vec<Block>,
}

/// One SEARCH/REPLACE block.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Block {
    /// Lines to find, without terminators: unescaped, `N | ` prefixes stripped.
    pub search: Vec<String>,
    /// Lines to put in their place; empty deletes the matched lines.
    pub replace: Vec<String>,
    /// 1-based line of the original file where `search` should start: `:start_line:`, or the first
    /// `N | ` prefix when the SEARCH lines carried them.
    pub start_line: Option<usize>,
    /// `:end_line:` as written; informative only (the SEARCH lines decide how many lines match).
    pub end_line: Option<usize>,
    /// Whether `N | ` prefixes were stripped from the SEARCH lines.
    pub line_numbers: bool,
    /// 1-based line of the `<<<<<<< SEARCH` marker in the parsed text.
    pub diff_line: usize,
    /// Byte range of the block in the parsed text: from the SEARCH marker to the end of the REPLACE
    /// marker, its line terminator excluded.
    pub span: Range<usize>,
}

impl Block {
    /// A block from its SEARCH and REPLACE lines, for callers that build diffs themselves.
    pub fn new(search: Vec<String>, replace: Vec<String>) -> Block {
        Block {
            search,
            replace,
            ..Block::default()
        }
    }

    /// The same block with a `:start_line:` hint.
    #[must_use]
    pub fn with_start_line(mut self, line: usize) -> Block {
        self.start_line = Some(line);
        self
    }
}

/// A marker the parser was waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// `<<<<<<< SEARCH`
    Search,
    /// `=======`
    Separator,
    /// `>>>>>>> REPLACE`
    Replace,
}

impl Marker {
    /// The marker as it is written.
    pub fn text(self) -> &'static str {
        match self {
            Marker::Search => SEARCH,
            Marker::Separator => SEPARATOR,
            Marker::Replace => REPLACE,
        }
    }

    fn role(self) -> &'static str {
        match self {
            Marker::Search => "`<<<<<<< SEARCH` (the start of a block)",
            Marker::Separator => "`=======` (the end of the SEARCH lines)",
            Marker::Replace => "`>>>>>>> REPLACE` (the end of the block)",
        }
    }
}

/// Why a diff is malformed. Every variant names the 1-based `line` of the parsed text; `found` is
/// that line as written, `expected` the marker the parser was waiting for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[allow(missing_docs)] // the fields are described above
pub enum ParseError {
    /// A marker where another was expected.
    #[error(
        "line {line}: found `{found}` where {} was expected.{}\n\n{FORMAT_EXAMPLE}",
        .expected.role(),
        advice(.found, .expected)
    )]
    UnexpectedMarker {
        line: usize,
        found: String,
        expected: Marker,
    },
    /// Something that looks like a SEARCH marker but is not one (`<<<<<<< SEARCH>>`).
    #[error(
        "line {line}: `{found}` is not a valid marker; write `<<<<<<< SEARCH` (a single `>` after it \
         is tolerated).\n\n{FORMAT_EXAMPLE}"
    )]
    MalformedMarker { line: usize, found: String },
    /// `:start_line:` or `:end_line:` among the REPLACE lines.
    #[error(
        "line {line}: line marker `{marker}` in the REPLACE section. Line markers (:start_line: and \
         :end_line:) belong right after `<<<<<<< SEARCH`. If the line is content, escape it as \
         `\\{marker}`.\n\nCorrect:\n<<<<<<< SEARCH\n:start_line:5\n-------\ncontent to find\n=======\n\
         replacement content\n>>>>>>> REPLACE\n\nIncorrect:\n<<<<<<< SEARCH\ncontent to find\n=======\n\
         {marker}5    <-- invalid location\nreplacement content\n>>>>>>> REPLACE"
    )]
    LineMarkerInReplace { line: usize, marker: &'static str },
    /// A line marker whose value is not a positive line number.
    #[error(
        "line {line}: `{found}` needs a positive line number, as in `:start_line:12`.\n\n{FORMAT_EXAMPLE}"
    )]
    BadLineNumber { line: usize, found: String },
    /// A line marker in the middle of the SEARCH lines.
    #[error(
        "line {line}: `{found}` in the middle of the SEARCH lines; line markers go right after \
         `<<<<<<< SEARCH`. If the line is content, escape it with a backslash.\n\n{FORMAT_EXAMPLE}"
    )]
    MisplacedLineMarker { line: usize, found: String },
    /// The text ended inside a block.
    #[error("line {line}: the diff ends before {} of the block that starts at line {block_line}.\n\n{FORMAT_EXAMPLE}", .expected.role())]
    UnexpectedEnd {
        line: usize,
        block_line: usize,
        expected: Marker,
    },
    /// No block at all.
    #[error("line {line}: no `<<<<<<< SEARCH` block found.\n\n{FORMAT_EXAMPLE}")]
    NoBlocks { line: usize },
}

impl ParseError {
    /// The 1-based line of the parsed text the error is about.
    pub fn line(&self) -> usize {
        match self {
            ParseError::UnexpectedMarker { line, .. }
            | ParseError::MalformedMarker { line, .. }
            | ParseError::LineMarkerInReplace { line, .. }
            | ParseError::BadLineNumber { line, .. }
            | ParseError::MisplacedLineMarker { line, .. }
            | ParseError::UnexpectedEnd { line, .. }
            | ParseError::NoBlocks { line } => *line,
        }
    }

    fn shift_lines(mut self, by: usize) -> ParseError {
        match &mut self {
            ParseError::UnexpectedMarker { line, .. }
            | ParseError::MalformedMarker { line, .. }
            | ParseError::LineMarkerInReplace { line, .. }
            | ParseError::BadLineNumber { line, .. }
            | ParseError::MisplacedLineMarker { line, .. }
            | ParseError::NoBlocks { line } => *line += by,
            ParseError::UnexpectedEnd { line, block_line, .. } => {
                *line += by;
                *block_line += by;
            }
        }
        self
    }
}

fn advice(found: &str, expected: &Marker) -> String {
    let expected = *expected;
    let is_content_like = found == SEPARATOR || (found.starts_with(">>>>>>>") && found != REPLACE);
    let mut text = String::new();
    if expected != Marker::Search && is_content_like {
        text.push_str(&format!(
            " If this line is part of the file's content (a merge conflict marker, say), escape it \
             with a backslash at the start of the line: `\\{found}`."
        ));
    }
    match (found, expected) {
        (SEARCH, Marker::Separator | Marker::Replace) => text.push_str(
            " The previous block is not finished: every block needs `=======` and `>>>>>>> REPLACE` \
             before the next `<<<<<<< SEARCH`.",
        ),
        (REPLACE, Marker::Separator) => {
            text.push_str(" The block has no `=======` between its SEARCH and REPLACE lines.")
        }
        (_, Marker::Search) => text.push_str(" Every block starts with `<<<<<<< SEARCH`."),
        _ => {}
    }
    text
}

/// Parses a diff: one or more SEARCH/REPLACE blocks, optionally inside the XML tool-call wrapper.
/// Text outside blocks (a file name, prose) is ignored; stray markers outside blocks are errors.
pub fn parse(text: &str) -> Result<Diff, ParseError> {
    let (path, body) = match unwrap_xml(text) {
        Some(wrapper) => (wrapper.path, wrapper.body),
        None => (None, 0..text.len()),
    };
    let body_text = text.get(body.clone()).unwrap_or_default();
    let line_offset = text
        .get(..body.start)
        .map_or(0, |before| before.matches('\n').count());
    let mut blocks = Vec::new();
    let mut scanner = Scanner::new(body_text, Mode::Strict);
    while let Some(item) = scanner.next_block() {
        let mut block = item.map_err(|e| e.shift_lines(line_offset))?;
        block.diff_line += line_offset;
        block.span = block.span.start + body.start..block.span.end + body.start;
        blocks.push(block);
    }
    if blocks.is_empty() {
        return Err(ParseError::NoBlocks {
            line: line_offset + 1,
        });
    }
    Ok(Diff { path, blocks })
}

/// Blocks found in any document, skipping malformed ones and ignoring stray markers outside blocks
/// (a markdown `=======` underline, a git conflict). Spans and lines are those of `document`.
pub(crate) fn scan_lenient(document: &str) -> Vec<Block> {
    let mut scanner = Scanner::new(document, Mode::Lenient);
    let mut blocks = Vec::new();
    while let Some(item) = scanner.next_block() {
        if let Ok(block) = item {
            blocks.push(block);
        }
    }
    blocks
}

/// True when a strict parse of `text` meets neither a block nor a stray marker: prose, blank
/// lines, a file name — what may stand between two blocks of one diff.
pub(crate) fn is_inert(text: &str) -> bool {
    Scanner::new(text, Mode::Strict).next_block().is_none()
}

struct Wrapper {
    path: Option<String>,
    body: Range<usize>,
}

/// Finds the `<diff>` body (and `<path>`) of an XML tool call. Only text that starts with one of
/// the tool call's tags counts, so a diff whose content mentions `<diff>` is left alone.
fn unwrap_xml(text: &str) -> Option<Wrapper> {
    let lead = text.len()
        - text
            .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}')
            .len();
    let rest = text.get(lead..)?;
    let tag_name: String = rest
        .strip_prefix('<')?
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !matches!(
        tag_name.as_str(),
        "apply_diff" | "path" | "diff" | "args" | "file"
    ) {
        return None;
    }
    let path = element(text, "path", 0..text.len()).and_then(|range| {
        let value = text.get(range)?.trim();
        (!value.is_empty()).then(|| value.to_string())
    });
    let mut body = match element(text, "diff", 0..text.len()) {
        Some(range) => range,
        None => text.len()..text.len(),
    };
    if let Some(inner) = element(text, "content", body.clone()) {
        body = inner;
    }
    let inner = text.get(body.clone())?;
    let trimmed = inner.trim();
    if let Some(cdata) = trimmed
        .strip_prefix("<![CDATA[")
        .and_then(|t| t.strip_suffix("]]>"))
    {
        let start = body.start + (inner.len() - inner.trim_start().len()) + "<![CDATA[".len();
        body = start..start + cdata.len();
    }
    Some(Wrapper { path, body })
}

/// The byte range inside `<name>…</name>` within `within`: first opening tag, last closing tag, so
/// content that itself mentions the closing tag survives.
fn element(text: &str, name: &str, within: Range<usize>) -> Option<Range<usize>> {
    let region = text.get(within.clone())?;
    let open = format!("<{name}>");
    let close = format!("</{name}>");
    let start = region.find(&open)? + open.len();
    let end = region
        .rfind(&close)
        .filter(|&end| end >= start)
        .unwrap_or(region.len());
    Some(within.start + start..within.start + end)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Strict,
    Lenient,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Outside,
    Header,
    Search,
    Replace,
}

/// What a line is, before the state machine decides what it means.
enum Kind<'a> {
    SearchMarker,
    MalformedSearch,
    Separator,
    ReplaceMarker,
    OtherCloser,
    HeaderEnd,
    LineMarker { name: &'static str, value: &'a str },
    Escaped(&'a str),
    Text,
}

fn classify(line: &str) -> Kind<'_> {
    if let Some(rest) = line.strip_prefix('\\') {
        let escapable = ["<<<<<<<", SEPARATOR, ">>>>>>>", HEADER_END, START_LINE, END_LINE];
        if escapable.iter().any(|m| rest.starts_with(m)) {
            return Kind::Escaped(rest);
        }
    }
    let end_trimmed = line.trim_end();
    if end_trimmed == SEARCH || end_trimmed == "<<<<<<< SEARCH>" {
        return Kind::SearchMarker;
    }
    if line.starts_with(SEARCH) {
        return Kind::MalformedSearch;
    }
    if end_trimmed == SEPARATOR {
        return Kind::Separator;
    }
    if end_trimmed == REPLACE {
        return Kind::ReplaceMarker;
    }
    if line.starts_with(">>>>>>>") {
        return Kind::OtherCloser;
    }
    if end_trimmed == HEADER_END {
        return Kind::HeaderEnd;
    }
    let trimmed = line.trim();
    for name in [START_LINE, END_LINE] {
        if let Some(value) = trimmed.strip_prefix(name) {
            return Kind::LineMarker {
                name,
                value: value.trim(),
            };
        }
    }
    Kind::Text
}

/// Walks the text line by line, yielding one block (or the error that ends it) at a time.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line_no: usize,
    mode: Mode,
    finished: bool,
}

struct Pending {
    diff_line: usize,
    span_start: usize,
    start_line: Option<usize>,
    end_line: Option<usize>,
    search: Vec<String>,
    replace: Vec<String>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str, mode: Mode) -> Scanner<'a> {
        Scanner {
            text,
            pos: 0,
            line_no: 0,
            mode,
            finished: false,
        }
    }

    /// The next line: its start offset, its content (no terminator) and the offset after its content.
    fn next_line(&mut self) -> Option<(usize, &'a str, usize)> {
        let rest = self.text.get(self.pos..)?;
        if rest.is_empty() {
            return None;
        }
        let start = self.pos;
        let (with_eol, advance) = match rest.find('\n') {
            Some(i) => (rest.get(..i).unwrap_or_default(), i + 1),
            None => (rest, rest.len()),
        };
        let mut content = with_eol.strip_suffix('\r').unwrap_or(with_eol);
        let mut start = start;
        // A byte-order mark would hide a marker on the first line.
        if start == 0
            && let Some(rest) = content.strip_prefix('\u{FEFF}')
        {
            content = rest;
            start = '\u{FEFF}'.len_utf8();
        }
        self.pos += advance;
        self.line_no += 1;
        Some((start, content, start + content.len()))
    }

    fn next_block(&mut self) -> Option<Result<Block, ParseError>> {
        if self.finished {
            return None;
        }
        let result = self.scan_block();
        if matches!(result, Some(Err(_))) && self.mode == Mode::Strict {
            self.finished = true;
        }
        result
    }

    fn scan_block(&mut self) -> Option<Result<Block, ParseError>> {
        let mut state = Section::Outside;
        let mut pending: Option<Pending> = None;
        loop {
            let Some((start, line, content_end)) = self.next_line() else {
                self.finished = true;
                let expected = match state {
                    Section::Outside => return None,
                    Section::Header | Section::Search => Marker::Separator,
                    Section::Replace => Marker::Replace,
                };
                let block_line = pending.as_ref().map_or(self.line_no, |p| p.diff_line);
                return Some(Err(ParseError::UnexpectedEnd {
                    line: self.line_no.max(1),
                    block_line,
                    expected,
                }));
            };
            let line_no = self.line_no;
            let kind = classify(line);
            match state {
                Section::Outside => match kind {
                    Kind::SearchMarker => {
                        pending = Some(Pending {
                            diff_line: line_no,
                            span_start: start,
                            start_line: None,
                            end_line: None,
                            search: Vec::new(),
                            replace: Vec::new(),
                        });
                        state = Section::Header;
                    }
                    _ if self.mode == Mode::Lenient => {}
                    Kind::MalformedSearch => {
                        return Some(Err(ParseError::MalformedMarker {
                            line: line_no,
                            found: line.trim_end().to_string(),
                        }));
                    }
                    Kind::Separator | Kind::ReplaceMarker | Kind::OtherCloser => {
                        return Some(Err(ParseError::UnexpectedMarker {
                            line: line_no,
                            found: line.trim_end().to_string(),
                            expected: Marker::Search,
                        }));
                    }
                    _ => {}
                },
                Section::Header | Section::Search => {
                    let block = pending.as_mut()?;
                    let header_allowed =
                        state == Section::Header || block.search.iter().all(|l| l.trim().is_empty());
                    match kind {
                        Kind::LineMarker { name, value } if header_allowed => {
                            let Some(number) = value.parse::<usize>().ok().filter(|n| *n > 0) else {
                                return Some(Err(ParseError::BadLineNumber {
                                    line: line_no,
                                    found: line.trim().to_string(),
                                }));
                            };
                            // Blank lines before a line marker are layout, not content.
                            block.search.clear();
                            if name == START_LINE {
                                block.start_line = Some(number);
                            } else {
                                block.end_line = Some(number);
                            }
                            state = Section::Header;
                        }
                        Kind::LineMarker { .. } => {
                            return Some(Err(ParseError::MisplacedLineMarker {
                                line: line_no,
                                found: line.trim().to_string(),
                            }));
                        }
                        Kind::HeaderEnd if state == Section::Header => state = Section::Search,
                        Kind::Separator => state = Section::Replace,
                        Kind::SearchMarker
                        | Kind::MalformedSearch
                        | Kind::ReplaceMarker
                        | Kind::OtherCloser => {
                            return Some(self.fail_at_marker(kind, line, line_no, start, Marker::Separator));
                        }
                        Kind::Escaped(rest) => {
                            block.search.push(rest.to_string());
                            state = Section::Search;
                        }
                        Kind::HeaderEnd | Kind::Text => {
                            block.search.push(line.to_string());
                            state = Section::Search;
                        }
                    }
                }
                Section::Replace => {
                    let block = pending.as_mut()?;
                    match kind {
                        Kind::ReplaceMarker => {
                            let done = pending.take()?;
                            return Some(Ok(finish(done, content_end)));
                        }
                        Kind::LineMarker { name, .. } => {
                            return Some(Err(ParseError::LineMarkerInReplace {
                                line: line_no,
                                marker: name,
                            }));
                        }
                        Kind::Separator | Kind::SearchMarker | Kind::MalformedSearch | Kind::OtherCloser => {
                            return Some(self.fail_at_marker(kind, line, line_no, start, Marker::Replace));
                        }
                        Kind::Escaped(rest) => block.replace.push(rest.to_string()),
                        Kind::HeaderEnd | Kind::Text => block.replace.push(line.to_string()),
                    }
                }
            }
        }
    }

    /// An unexpected marker inside a block. In lenient mode a SEARCH marker starts the next block,
    /// so the scan resumes from it.
    fn fail_at_marker(
        &mut self,
        kind: Kind<'_>,
        line: &str,
        line_no: usize,
        start: usize,
        expected: Marker,
    ) -> Result<Block, ParseError> {
        if self.mode == Mode::Lenient && matches!(kind, Kind::SearchMarker) {
            self.pos = start;
            self.line_no = line_no.saturating_sub(1);
        }
        let found = line.trim_end().to_string();
        if matches!(kind, Kind::MalformedSearch) {
            return Err(ParseError::MalformedMarker { line: line_no, found });
        }
        Err(ParseError::UnexpectedMarker {
            line: line_no,
            found,
            expected,
        })
    }
}

fn finish(pending: Pending, span_end: usize) -> Block {
    let Pending {
        diff_line,
        span_start,
        start_line,
        end_line,
        search,
        replace,
    } = pending;
    let mut block = Block {
        search,
        replace,
        start_line,
        end_line,
        line_numbers: false,
        diff_line,
        span: span_start..span_end,
    };
    if let Some((stripped, first_number)) = strip_line_numbers(&block.search) {
        block.search = stripped;
        block.line_numbers = true;
        if block.start_line.is_none() {
            block.start_line = first_number;
        }
        // A numbered REPLACE is stripped only beside a numbered SEARCH: on its own, `1 | x` in
        // REPLACE is more likely content (conformance case 087).
        if let Some((stripped, _)) = strip_line_numbers(&block.replace) {
            block.replace = stripped;
        }
    }
    block
}

/// `N | ` prefix of a line, as `read_file` prints them: the prefix length and N.
fn line_number_prefix(line: &str) -> Option<(usize, usize)> {
    let bytes = line.as_bytes();
    let mut i = 0;
    while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    let digits_start = i;
    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == digits_start {
        return None;
    }
    let number = line.get(digits_start..i)?.parse::<usize>().ok();
    let spaces_start = i;
    while bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    // `12|x` is too likely to be content (a table, a CSV); the tool's prefix has a space.
    if i == spaces_start || bytes.get(i) != Some(&b'|') || bytes.get(i + 1) == Some(&b'|') {
        return None;
    }
    i += 1;
    if bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    Some((i, number.unwrap_or(0)))
}

/// Strips `N | ` prefixes when every non-empty line has one; returns the stripped lines and the
/// line number of the first line (deduced through leading unnumbered empty lines).
fn strip_line_numbers(lines: &[String]) -> Option<(Vec<String>, Option<usize>)> {
    let mut first_number = None;
    let mut any = false;
    let mut stripped = Vec::with_capacity(lines.len());
    for (index, line) in lines.iter().enumerate() {
        if line.is_empty() {
            stripped.push(String::new());
            continue;
        }
        let (len, number) = line_number_prefix(line)?;
        if first_number.is_none() && number > 0 {
            first_number = number.checked_sub(index).filter(|n| *n > 0);
        }
        any = true;
        stripped.push(line.get(len..).unwrap_or_default().to_string());
    }
    any.then_some((stripped, first_number))
}

/// The fallback stripping of the reference: `|` prefixes, with or without a number, removed from
/// the lines that have them.
pub(crate) fn strip_pipes(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            if let Some((len, _)) = line_number_prefix(line) {
                return line.get(len..).unwrap_or_default().to_string();
            }
            let trimmed = line.trim_start_matches([' ', '\t']);
            match trimmed.strip_prefix('|') {
                Some(rest) if !rest.starts_with('|') => rest.strip_prefix(' ').unwrap_or(rest).to_string(),
                _ => line.clone(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(text: &str) -> Block {
        let diff = parse(text).unwrap();
        assert_eq!(diff.blocks.len(), 1, "{diff:?}");
        diff.blocks.into_iter().next().unwrap()
    }

    fn lines(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_a_minimal_block() {
        let b = block("<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n");
        assert_eq!(b.search, lines(&["old"]));
        assert_eq!(b.replace, lines(&["new"]));
        assert_eq!(b.start_line, None);
        assert_eq!(b.diff_line, 1);
        assert_eq!(b.span, 0..46);
    }

    #[test]
    fn parses_header_markers() {
        let b =
            block("<<<<<<< SEARCH\n:start_line:10\n:end_line:12\n-------\na\n=======\nb\n>>>>>>> REPLACE");
        assert_eq!((b.start_line, b.end_line), (Some(10), Some(12)));
        assert_eq!(b.search, lines(&["a"]));
        let b = block("<<<<<<< SEARCH>\n:start_line: 7 \na\n=======\nb\n>>>>>>> REPLACE");
        assert_eq!(b.start_line, Some(7));
    }

    #[test]
    fn ignores_text_outside_blocks_and_parses_several() {
        let diff = parse(
            "src/app.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\nthen\n\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n",
        )
        .unwrap();
        assert_eq!(diff.blocks.len(), 2);
        assert_eq!(diff.blocks[1].diff_line, 9);
        assert_eq!(diff.blocks[1].search, lines(&["c"]));
    }

    #[test]
    fn blank_lines_after_markers_are_content() {
        let b = block("<<<<<<< SEARCH\n\na\n=======\n\nb\n\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["", "a"]));
        assert_eq!(b.replace, lines(&["", "b", ""]));
        let b = block("<<<<<<< SEARCH\n:start_line:3\n-------\n\na\n=======\nb\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["", "a"]));
    }

    #[test]
    fn blank_lines_before_a_line_marker_are_layout() {
        let b = block("<<<<<<< SEARCH\n\n:start_line:3\n-------\na\n=======\nb\n>>>>>>> REPLACE");
        assert_eq!(b.start_line, Some(3));
        assert_eq!(b.search, lines(&["a"]));
    }

    #[test]
    fn empty_replace_means_delete() {
        let b = block("<<<<<<< SEARCH\na\n=======\n>>>>>>> REPLACE");
        assert!(b.replace.is_empty());
    }

    #[test]
    fn escaped_markers_are_unescaped_content() {
        let b = block(
            "<<<<<<< SEARCH\n\\<<<<<<< SEARCH\n\\=======\n\\>>>>>>> REPLACE\n\\-------\n=======\n\\:start_line:5\n\\:end_line:6\n\\<<<<<<< HEAD\n>>>>>>> REPLACE",
        );
        assert_eq!(
            b.search,
            lines(&["<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE", "-------"])
        );
        assert_eq!(
            b.replace,
            lines(&[":start_line:5", ":end_line:6", "<<<<<<< HEAD"])
        );
    }

    #[test]
    fn a_backslash_before_ordinary_text_stays() {
        let b = block("<<<<<<< SEARCH\n\\n\n=======\n\\\\\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["\\n"]));
        assert_eq!(b.replace, lines(&["\\\\"]));
    }

    #[test]
    fn unescaped_merge_markers_other_than_closers_are_content() {
        let b = block("<<<<<<< SEARCH\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["<<<<<<< HEAD", "x"]));
    }

    #[test]
    fn header_end_later_in_search_is_content() {
        let b = block("<<<<<<< SEARCH\nTitle\n-------\n=======\nx\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["Title", "-------"]));
    }

    #[test]
    fn crlf_diffs_and_trailing_spaces_on_markers() {
        let b = block(
            "<<<<<<< SEARCH  \r\n:start_line:2\r\n-------  \r\na\r\n=======\t\r\nb\r\n>>>>>>> REPLACE \r\n",
        );
        assert_eq!(b.search, lines(&["a"]));
        assert_eq!(b.replace, lines(&["b"]));
        assert_eq!(b.start_line, Some(2));
        let b = block("<<<<<<< SEARCH>  \nx\n=======\ny\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["x"]));
    }

    #[test]
    fn strips_line_numbers_and_deduces_the_start_line() {
        let b = block(
            "<<<<<<< SEARCH\n9 | function a() {\n10 |     return 1;\n=======\n9 | function b() {\n10 |     return 2;\n>>>>>>> REPLACE",
        );
        assert_eq!(b.search, lines(&["function a() {", "    return 1;"]));
        assert_eq!(b.replace, lines(&["function b() {", "    return 2;"]));
        assert_eq!(b.start_line, Some(9));
        assert!(b.line_numbers);
    }

    #[test]
    fn explicit_start_line_beats_prefixes() {
        let b = block("<<<<<<< SEARCH\n:start_line:3\n-------\n9 | a\n=======\nb\n>>>>>>> REPLACE");
        assert_eq!(b.start_line, Some(3));
        assert_eq!(b.search, lines(&["a"]));
    }

    #[test]
    fn line_numbers_need_every_non_empty_line() {
        let b = block("<<<<<<< SEARCH\n1 | a\nb\n=======\nc\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["1 | a", "b"]));
        assert!(!b.line_numbers);
        assert_eq!(b.start_line, None);
        // empty lines may go unnumbered; the start line accounts for them
        let b = block("<<<<<<< SEARCH\n\n5 | a\n=======\nc\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["", "a"]));
        assert_eq!(b.start_line, Some(4));
    }

    #[test]
    fn numbered_replace_alone_is_content() {
        let b = block("<<<<<<< SEARCH\n| a\n=======\n1 | | b\n>>>>>>> REPLACE");
        assert_eq!(b.replace, lines(&["1 | | b"]));
        let b = block("<<<<<<< SEARCH\n 1 | | a\n=======\n 1 | | b\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["| a"]));
        assert_eq!(b.replace, lines(&["| b"]));
    }

    #[test]
    fn pipes_without_space_or_doubled_are_not_prefixes() {
        assert_eq!(line_number_prefix("12|x"), None);
        assert_eq!(line_number_prefix("1 || x"), None);
        assert_eq!(line_number_prefix("  12 |   x"), Some((7, 12)));
        assert_eq!(line_number_prefix("3 |"), Some((3, 3)));
    }

    #[test]
    fn strip_pipes_is_the_aggressive_fallback() {
        let stripped = strip_pipes(&lines(&["1 | a", "    b", "| c", "|     d", "|| e"]));
        assert_eq!(stripped, lines(&["a", "    b", "c", "    d", "|| e"]));
    }

    #[test]
    fn unwraps_the_xml_tool_call() {
        let text = "<apply_diff>\n<path>src/app.ts</path>\n<diff>\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n</diff>\n</apply_diff>";
        let diff = parse(text).unwrap();
        assert_eq!(diff.path.as_deref(), Some("src/app.ts"));
        assert_eq!(diff.blocks.len(), 1);
        assert_eq!(diff.blocks[0].diff_line, 4);
        let span = diff.blocks[0].span.clone();
        assert!(text[span].starts_with("<<<<<<< SEARCH") && text.contains(">>>>>>> REPLACE"));
    }

    #[test]
    fn unwraps_args_content_and_cdata() {
        let text = "<args><file><path> a.ts </path><diff><content><![CDATA[<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE]]></content></diff></file></args>";
        let diff = parse(text).unwrap();
        assert_eq!(diff.path.as_deref(), Some("a.ts"));
        assert_eq!(diff.blocks[0].replace, lines(&["b"]));
    }

    #[test]
    fn xml_errors_count_lines_of_the_whole_text() {
        let err = parse(
            "<apply_diff>\n<path>a</path>\n<diff>\n<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n</diff></apply_diff>",
        )
        .unwrap_err();
        assert_eq!(err.line(), 6);
    }

    #[test]
    fn a_byte_order_mark_does_not_hide_the_first_marker() {
        let text = "\u{FEFF}<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE";
        let b = block(text);
        assert_eq!(b.span, 3..text.len());
        assert_eq!(b.search, lines(&["a"]));
        let wrapped = parse("\u{FEFF}<apply_diff><path>x</path><diff>\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n</diff></apply_diff>").unwrap();
        assert_eq!(wrapped.path.as_deref(), Some("x"));
    }

    #[test]
    fn content_mentioning_diff_tags_is_not_a_wrapper() {
        let b = block("<<<<<<< SEARCH\n<diff>\n=======\n</diff>\n>>>>>>> REPLACE");
        assert_eq!(b.search, lines(&["<diff>"]));
    }

    fn error(text: &str) -> ParseError {
        parse(text).unwrap_err()
    }

    #[test]
    fn missing_separator_names_line_found_and_expected() {
        let err = error("<<<<<<< SEARCH\ncontent\n>>>>>>> REPLACE");
        assert_eq!(
            err,
            ParseError::UnexpectedMarker {
                line: 3,
                found: REPLACE.into(),
                expected: Marker::Separator
            }
        );
        let text = err.to_string();
        assert!(
            text.starts_with("line 3: found `>>>>>>> REPLACE` where `=======`"),
            "{text}"
        );
        assert!(text.contains("<<<<<<< SEARCH\n:start_line:12\n-------"), "{text}");
    }

    #[test]
    fn separator_before_search() {
        let err = error("=======\ncontent\n>>>>>>> REPLACE");
        assert_eq!(
            err,
            ParseError::UnexpectedMarker {
                line: 1,
                found: SEPARATOR.into(),
                expected: Marker::Search
            }
        );
    }

    #[test]
    fn second_separator_suggests_escaping() {
        let err = error("<<<<<<< SEARCH\ncontent\n=======\n=======\n>>>>>>> REPLACE");
        assert_eq!(err.line(), 4);
        assert!(err.to_string().contains("`\\=======`"), "{err}");
    }

    #[test]
    fn bare_closer_is_a_merge_conflict_marker() {
        let err = error("<<<<<<< SEARCH\ncontent\n>>>>>>>");
        assert_eq!(
            err,
            ParseError::UnexpectedMarker {
                line: 3,
                found: ">>>>>>>".into(),
                expected: Marker::Separator
            }
        );
        assert!(err.to_string().contains("escape it"), "{err}");
    }

    #[test]
    fn incomplete_block() {
        let err = error("<<<<<<< SEARCH\ncontent\n=======\nnew content\n");
        assert_eq!(
            err,
            ParseError::UnexpectedEnd {
                line: 4,
                block_line: 1,
                expected: Marker::Replace
            }
        );
        let err = error("x\n<<<<<<< SEARCH\ncontent");
        assert_eq!(
            err,
            ParseError::UnexpectedEnd {
                line: 3,
                block_line: 2,
                expected: Marker::Separator
            }
        );
    }

    #[test]
    fn search_marker_inside_a_block() {
        let err = error("<<<<<<< SEARCH\ncontent\n=======\nnew\n<<<<<<< SEARCH");
        assert_eq!(
            err,
            ParseError::UnexpectedMarker {
                line: 5,
                found: SEARCH.into(),
                expected: Marker::Replace
            }
        );
    }

    #[test]
    fn malformed_search_markers() {
        for bad in ["<<<<<<< SEARCH>>", "<<<<<<< SEARCH  >", "<<<<<<< SEARCHING"] {
            let err = error(&format!("{bad}\na\n=======\nb\n>>>>>>> REPLACE"));
            assert_eq!(
                err,
                ParseError::MalformedMarker {
                    line: 1,
                    found: bad.into()
                }
            );
        }
    }

    #[test]
    fn line_markers_in_replace_are_rejected_unless_escaped() {
        let err = error("<<<<<<< SEARCH\na\n=======\n  :start_line:5  \nb\n>>>>>>> REPLACE");
        assert_eq!(
            err,
            ParseError::LineMarkerInReplace {
                line: 4,
                marker: START_LINE
            }
        );
        let text = err.to_string();
        assert!(
            text.contains("Correct:") && text.contains(":start_line:5    <-- invalid location"),
            "{text}"
        );
        let err = error("<<<<<<< SEARCH\na\n=======\nb\n:end_line:15\n>>>>>>> REPLACE");
        assert_eq!(
            err,
            ParseError::LineMarkerInReplace {
                line: 5,
                marker: END_LINE
            }
        );
        // the second block is the broken one
        let err = error(
            "<<<<<<< SEARCH\n:start_line:1\na\n=======\nb\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\nc\n=======\n:start_line:5\nd\n>>>>>>> REPLACE",
        );
        assert_eq!(err.line(), 11);
    }

    #[test]
    fn bad_and_misplaced_line_markers() {
        assert!(matches!(
            error("<<<<<<< SEARCH\n:start_line:abc\na\n=======\nb\n>>>>>>> REPLACE"),
            ParseError::BadLineNumber { line: 2, .. }
        ));
        assert!(matches!(
            error("<<<<<<< SEARCH\n:start_line:0\na\n=======\nb\n>>>>>>> REPLACE"),
            ParseError::BadLineNumber { .. }
        ));
        assert!(matches!(
            error("<<<<<<< SEARCH\n:start_line:99999999999999999999999\na\n=======\nb\n>>>>>>> REPLACE"),
            ParseError::BadLineNumber { .. }
        ));
        assert!(matches!(
            error("<<<<<<< SEARCH\na\n:start_line:4\n=======\nb\n>>>>>>> REPLACE"),
            ParseError::MisplacedLineMarker { line: 3, .. }
        ));
    }

    #[test]
    fn no_blocks() {
        assert_eq!(
            error("test.ts\nInvalid diff format"),
            ParseError::NoBlocks { line: 1 }
        );
        assert_eq!(error(""), ParseError::NoBlocks { line: 1 });
    }

    #[test]
    fn lenient_scan_skips_broken_blocks_and_stray_markers() {
        let doc = "Title\n=======\n\n<<<<<<< SEARCH\nbroken\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n>>>>>>> theirs\n";
        let blocks = scan_lenient(doc);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].search, lines(&["a"]));
        assert_eq!(blocks[0].diff_line, 6);
        assert_eq!(
            &doc[blocks[0].span.clone()],
            "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE"
        );
    }
}
