//! Where a comment silencing a rule on one line goes, so that it is a comment the language accepts
//! and never changes a string: at the end of the line when the line ends in code, in a comment, or
//! in JSX or markup text; else alone on a line of its own above it; else nowhere. (A comment above
//! the line before would silence that line, not this one.)

use super::suppress::{self, Silenced};
use crate::text::LineIndex;
use crate::text::syntax::{self, Comment, Context, Scan, Syntax};

/// Text to insert at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insertion {
    pub at: usize,
    pub text: String,
}

/// The insertion that silences `rule` on `line` of `text`: another number in a suppression that
/// already covers the line, or a new comment written in `comment`, placed by the lexical rules of
/// `syntax` (`None`: a language the lexer does not know). `None` when the rule is silenced there
/// already, or when no place is safe (the line ends inside a string and starts inside one, or
/// continues the line before).
///
/// Only `text` up to the end of `line` is read.
pub fn silence(
    text: &str,
    line: usize,
    rule: u64,
    comment: Comment,
    syntax: Option<Syntax>,
) -> Option<Insertion> {
    let index = LineIndex::new(text);
    if line >= index.line_count() {
        return None;
    }
    let marker = format!("autofix-ignore: {}", super::user::code(rule));
    let lexed = syntax.filter(|s| !s.comments_start_lines()).map(|s| {
        let end = index.line_range_with_terminator(line).end;
        syntax::scan(&text[..end], s)
    });
    let place = Place {
        text,
        index: &index,
        scan: lexed.as_ref(),
        syntax,
        comment,
        marker: &marker,
    };
    match place.existing(line, rule) {
        Some(Existing::Silenced) => return None,
        Some(Existing::Grows(insertion)) => return Some(insertion),
        None => {}
    }
    let Some(scan) = &lexed else {
        let own_line = syntax.is_some_and(Syntax::comments_start_lines) || {
            // Unknown: the end of the line is code unless a quote or a continuation says otherwise.
            let line_text = index.line_text(text, line);
            line_text.contains(['"', '\'', '`']) || line_text.ends_with('\\')
        };
        return Some(if own_line {
            place.own_line(line, Context::Code)
        } else {
            place.end_of_line(line, Context::Code)
        });
    };
    let here = scan.lines[line];
    let end_ok = match here.end {
        Context::Code
        | Context::EmbeddedCode
        | Context::LineComment
        | Context::BlockComment
        | Context::JsxTag => !here.continues,
        // A backslash means nothing in JSX or markup text.
        Context::JsxText | Context::MarkupText => true,
        Context::String | Context::Template | Context::MarkupTag => false,
    };
    if end_ok {
        return Some(place.end_of_line(line, here.end));
    }
    place
        .own_line_ok(scan, line)
        .then(|| place.own_line(line, here.start))
}

/// A suppression already on the line or alone above it.
enum Existing {
    /// It silences the rule.
    Silenced,
    /// Its list, in a comment, takes the rule.
    Grows(Insertion),
}

struct Place<'a> {
    text: &'a str,
    index: &'a LineIndex,
    scan: Option<&'a Scan>,
    syntax: Option<Syntax>,
    comment: Comment,
    marker: &'a str,
}

impl Place<'_> {
    fn line_text(&self, line: usize) -> &str {
        self.index.line_text(self.text, line)
    }

    fn existing(&self, line: usize, rule: u64) -> Option<Existing> {
        let here = suppress::suppression(self.line_text(line));
        let above = line
            .checked_sub(1)
            .and_then(|l| suppress::suppression(self.line_text(l)));
        if suppress::silences(rule, here.as_ref(), above.as_ref()) {
            return Some(Existing::Silenced);
        }
        let covering = [Some((line, here)), line.checked_sub(1).map(|l| (l, above))];
        for (l, suppression) in covering.into_iter().flatten() {
            if !suppression.is_some_and(|s| l == line || s.alone) {
                continue;
            }
            let start = self.index.line_start(l);
            for m in suppress::markers(self.line_text(l)) {
                let (Silenced::Rules(_), Some(end)) = (&m.silenced, m.list_end) else {
                    continue;
                };
                // A marker in a string is not a comment to edit.
                if self.scan.is_none_or(|s| s.context_at(start + m.at).is_comment()) {
                    return Some(Existing::Grows(Insertion {
                        at: start + end,
                        text: format!(", {}", super::user::code(rule)),
                    }));
                }
            }
        }
        None
    }

    /// The comment holding the marker where `context` is.
    fn comment_in(&self, context: Context) -> String {
        match context {
            Context::BlockComment => self.marker.to_string(),
            Context::JsxText => format!("{{/* {} */}}", self.marker),
            Context::EmbeddedCode => Comment::Block("/*", "*/").wrap(self.marker),
            _ => self.comment.wrap(self.marker),
        }
    }

    fn end_of_line(&self, line: usize, context: Context) -> Insertion {
        let start = self.index.line_start(line);
        let text = self.line_text(line);
        let trimmed = text.trim_end_matches([' ', '\t']);
        if context == Context::JsxText {
            // JSX keeps a space before `{` on a line of text: none goes in, and trailing
            // whitespace (dropped by JSX) stays after the comment.
            return Insertion {
                at: start + trimmed.len(),
                text: self.comment_in(context),
            };
        }
        let mut at = text.len();
        if self.syntax == Some(Syntax::Markdown) && context == Context::MarkupText {
            // Trailing spaces or a backslash are a hard line break: the comment goes before them.
            let backslashes = trimmed.len() - trimmed.trim_end_matches('\\').len();
            at = trimmed.len() - backslashes % 2;
        }
        let sep = if text[..at].is_empty() || text[..at].ends_with([' ', '\t']) {
            ""
        } else {
            " "
        };
        Insertion {
            at: start + at,
            text: format!("{sep}{}", self.comment_in(context)),
        }
    }

    /// A comment alone on a new line above `line` is safe: the line starts in code (or between
    /// JSX attributes, or in markup text) and does not continue the line before it.
    fn own_line_ok(&self, scan: &Scan, line: usize) -> bool {
        let start = scan.lines[line].start;
        let continued = line > 0 && scan.lines[line - 1].continues;
        let fits = match start {
            Context::Code | Context::EmbeddedCode | Context::JsxTag => true,
            Context::MarkupText if self.syntax == Some(Syntax::Markdown) => self.markdown_block_starts(line),
            Context::MarkupText => true,
            _ => false,
        };
        fits && !continued
    }

    /// In Markdown a comment line inside a paragraph or list would split it: only where a block
    /// starts anyway (the first line, after a blank line, at a fence, heading or comment).
    fn markdown_block_starts(&self, line: usize) -> bool {
        let text = self.line_text(line).trim_start_matches(' ');
        line == 0
            || self.line_text(line - 1).trim().is_empty()
            || ["```", "~~~", "#", "<!--"].iter().any(|p| text.starts_with(p))
    }

    fn own_line(&self, line: usize, context: Context) -> Insertion {
        let text = self.line_text(line);
        let indent = &text[..text.len() - text.trim_start_matches([' ', '\t']).len()];
        let range = self.index.line_range(self.text, line);
        let terminator = &self.text[range.end..self.index.line_range_with_terminator(line).end];
        let eol = if terminator.is_empty() {
            // The last line: the line ending of the one before, if any.
            line.checked_sub(1)
                .map(|l| {
                    let r = self.index.line_range(self.text, l);
                    &self.text[r.end..self.index.line_range_with_terminator(l).end]
                })
                .filter(|t| !t.is_empty())
                .unwrap_or("\n")
        } else {
            terminator
        };
        Insertion {
            at: range.start,
            text: format!("{indent}{}{eol}", self.comment_in(context)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::syntax::tests::{ALL, source_text};
    use proptest::prelude::*;

    fn apply(text: &str, i: &Insertion) -> String {
        format!("{}{}{}", &text[..i.at], i.text, &text[i.at..])
    }

    /// The text after silencing rule 2 on `line`, or `None`.
    fn silenced(text: &str, line: usize, syntax: Syntax) -> Option<String> {
        silence(text, line, 2, natural(syntax), Some(syntax)).map(|i| apply(text, &i))
    }

    /// The comment syntax of a lexer family's main language.
    fn natural(syntax: Syntax) -> Comment {
        use Syntax::*;
        match syntax {
            Python | Shell | Yaml | Toml | Ruby | Hash | Hcl | Config => Comment::Line("#"),
            Sql | MySql | Lua => Comment::Line("--"),
            Html | Markdown => Comment::Block("<!--", "-->"),
            Css => Comment::Block("/*", "*/"),
            _ => Comment::Line("//"),
        }
    }

    #[test]
    fn at_the_end_of_a_line_that_ends_in_code_or_a_comment() {
        let cases = [
            (
                Syntax::TypeScript,
                "x = 1; // TODO\n",
                0,
                "x = 1; // TODO // autofix-ignore: 2\n",
            ),
            (Syntax::Python, "x = '#'  \n", 0, "x = '#'  # autofix-ignore: 2\n"),
            (
                Syntax::Css,
                "a {} /* x\n TODO */\n",
                1,
                "a {} /* x\n TODO */ /* autofix-ignore: 2 */\n",
            ),
            (
                Syntax::Css,
                "/* x\n TODO\n*/\n",
                1,
                "/* x\n TODO autofix-ignore: 2\n*/\n",
            ),
            (
                Syntax::Html,
                "<!--\n TODO\n-->\n",
                1,
                "<!--\n TODO autofix-ignore: 2\n-->\n",
            ),
            (
                Syntax::Sql,
                "SELECT 'a'\r\n",
                0,
                "SELECT 'a' -- autofix-ignore: 2\r\n",
            ),
            (
                Syntax::Html,
                "<p>TODO</p>",
                0,
                "<p>TODO</p> <!-- autofix-ignore: 2 -->",
            ),
            (
                Syntax::Yaml,
                "run: |\n  x\n",
                0,
                "run: | # autofix-ignore: 2\n  x\n",
            ),
            (
                Syntax::Shell,
                "cat <<EOF\nx\nEOF\n",
                0,
                "cat <<EOF # autofix-ignore: 2\nx\nEOF\n",
            ),
        ];
        for (syntax, text, line, expected) in cases {
            assert_eq!(
                silenced(text, line, syntax).as_deref(),
                Some(expected),
                "{syntax:?} {text:?}"
            );
        }
    }

    #[test]
    fn jsx_text_gets_a_jsx_comment_after_its_last_character() {
        let text = "<p>\n  It's TODO \t\n</p>\n";
        assert_eq!(
            silenced(text, 1, Syntax::JavaScript).as_deref(),
            Some("<p>\n  It's TODO{/* autofix-ignore: 2 */} \t\n</p>\n")
        );
        let text = "<p>\n  {x} <b>TODO</b>\n</p>\n";
        assert_eq!(
            silenced(text, 1, Syntax::Tsx).as_deref(),
            Some("<p>\n  {x} <b>TODO</b>{/* autofix-ignore: 2 */}\n</p>\n")
        );
    }

    #[test]
    fn a_jsx_tag_line_gets_a_js_comment_or_one_above() {
        let text = "<a\n  b=\"TODO\"\n  c='multi\n  line'\n/>\n";
        assert_eq!(
            silenced(text, 1, Syntax::Tsx).as_deref(),
            Some("<a\n  b=\"TODO\" // autofix-ignore: 2\n  c='multi\n  line'\n/>\n")
        );
        assert_eq!(
            silenced(text, 2, Syntax::Tsx).as_deref(),
            Some("<a\n  b=\"TODO\"\n  // autofix-ignore: 2\n  c='multi\n  line'\n/>\n")
        );
        assert_eq!(
            silenced(text, 3, Syntax::Tsx).as_deref(),
            Some("<a\n  b=\"TODO\"\n  c='multi\n  line' // autofix-ignore: 2\n/>\n"),
            "the attribute closes: the line ends in the tag"
        );
        assert_eq!(silenced("<a b='x\nTODO\ny'/>", 1, Syntax::Tsx), None);
    }

    #[test]
    fn above_a_line_that_ends_in_a_string_or_continues() {
        let cases = [
            (
                Syntax::Python,
                "def f():\n\tx = \"\"\"TODO\n\"\"\"\n",
                1,
                "def f():\n\t# autofix-ignore: 2\n\tx = \"\"\"TODO\n\"\"\"\n",
            ),
            (
                Syntax::Shell,
                "  run \\\n  x\n",
                0,
                "  # autofix-ignore: 2\n  run \\\n  x\n",
            ),
            (
                Syntax::C,
                "#define X \\\n  1\n",
                0,
                "// autofix-ignore: 2\n#define X \\\n  1\n",
            ),
            (
                Syntax::Html,
                "<a\n  b='x'>\n",
                0,
                "<!-- autofix-ignore: 2 -->\n<a\n  b='x'>\n",
            ),
            (
                Syntax::Html,
                "<script>\n  f(`a\n  b`)\n</script>\n",
                1,
                "<script>\n  /* autofix-ignore: 2 */\n  f(`a\n  b`)\n</script>\n",
            ),
        ];
        for (syntax, text, line, expected) in cases {
            assert_eq!(
                silenced(text, line, syntax).as_deref(),
                Some(expected),
                "{syntax:?} {text:?}"
            );
        }
    }

    #[test]
    fn nothing_goes_above_a_line_inside_a_string_or_continuing_another() {
        // A comment above the opening line would silence the opening line only.
        assert_eq!(silenced("x = '''\nTODO\n'''\n", 1, Syntax::Python), None);
        let text = "docker run TODO \\\r\n  --rm TODO \\\r\n  TODO\r\n";
        assert_eq!(
            silenced(text, 0, Syntax::Shell).as_deref(),
            Some("# autofix-ignore: 2\r\ndocker run TODO \\\r\n  --rm TODO \\\r\n  TODO\r\n")
        );
        assert_eq!(silenced(text, 1, Syntax::Shell), None);
        assert_eq!(
            silenced(text, 2, Syntax::Shell).as_deref(),
            Some("docker run TODO \\\r\n  --rm TODO \\\r\n  TODO # autofix-ignore: 2\r\n"),
            "the command's last line ends in code"
        );
    }

    #[test]
    fn nowhere_deep_inside_a_multi_line_string() {
        let cases = [
            (Syntax::JavaScript, "s = `\na\nTODO\n`\n", 2),
            (Syntax::Python, "'''\na\nTODO\n'''\n", 2),
            (Syntax::Python, "x = '''\nTODO\n'''\n", 1),
            (Syntax::Rust, "let s = r#\"\na\nTODO\n\"#;\n", 2),
            (Syntax::Shell, "cat <<EOF\na\nTODO\nEOF\n", 2),
            (Syntax::Yaml, "run: |\n  a\n  TODO\n", 2),
            (Syntax::Markdown, "```\na\nTODO\n```\n", 2),
            (Syntax::Markdown, "```\nTODO\n```\n", 1),
            (Syntax::Toml, "a = \"\"\"\nb\nTODO\n\"\"\"\n", 2),
            (Syntax::Sql, "AS $$\na\nTODO\n$$;\n", 2),
            (Syntax::Lua, "s = [[\na\nTODO\n]]\n", 2),
        ];
        for (syntax, text, line) in cases {
            assert_eq!(silenced(text, line, syntax), None, "{syntax:?} {text:?}");
        }
    }

    #[test]
    fn markdown_keeps_hard_breaks_and_paragraphs() {
        let text = "a TODO  \nb TODO\\\nc\n";
        assert_eq!(
            silenced(text, 0, Syntax::Markdown).as_deref(),
            Some("a TODO <!-- autofix-ignore: 2 -->  \nb TODO\\\nc\n")
        );
        assert_eq!(
            silenced(text, 1, Syntax::Markdown).as_deref(),
            Some("a TODO  \nb TODO <!-- autofix-ignore: 2 -->\\\nc\n")
        );
        // A code span across lines in a paragraph: a line of its own would split the paragraph.
        assert_eq!(silenced("para\nsee `a\nTODO` b\n", 1, Syntax::Markdown), None);
        assert_eq!(
            silenced("para\n\nsee `TODO\nb` c\n", 2, Syntax::Markdown).as_deref(),
            Some("para\n\n<!-- autofix-ignore: 2 -->\nsee `TODO\nb` c\n")
        );
        // A blank line ends an unclosed code span: text on it would continue the span.
        assert_eq!(silenced("x `a\n\n", 1, Syntax::Markdown), None);
        // The info string of a fence is no place for a comment; above the fence is.
        assert_eq!(
            silenced("para\n```sh TODO\nx\n```\n", 1, Syntax::Markdown).as_deref(),
            Some("para\n<!-- autofix-ignore: 2 -->\n```sh TODO\nx\n```\n")
        );
    }

    #[test]
    fn an_existing_list_in_a_comment_grows() {
        let text = "x; // autofix-ignore: 1 see issue 42\n";
        assert_eq!(
            silenced(text, 0, Syntax::TypeScript).as_deref(),
            Some("x; // autofix-ignore: 1, 2 see issue 42\n")
        );
        let text = "  {/* autofix-ignore: 1 */}\n  TODO\n";
        assert_eq!(
            silenced(text, 1, Syntax::Tsx).as_deref(),
            Some("  {/* autofix-ignore: 1, 2 */}\n  TODO\n")
        );
        // A list in a string is not edited; one sharing the line above does not cover this line.
        let text = "s = 'autofix-ignore: 1'\n";
        assert_eq!(
            silenced(text, 0, Syntax::Python).as_deref(),
            Some("s = 'autofix-ignore: 1' # autofix-ignore: 2\n")
        );
        let text = "x # autofix-ignore: 1\ny\n";
        assert_eq!(
            silenced(text, 1, Syntax::Python).as_deref(),
            Some("x # autofix-ignore: 1\ny # autofix-ignore: 2\n")
        );
        assert_eq!(
            silenced("// autofix-ignore\nx\n", 1, Syntax::Go),
            None,
            "silenced already"
        );
    }

    #[test]
    fn config_formats_and_unknown_languages() {
        let hash = Comment::Line("#");
        let go = |text: &str, line, syntax| silence(text, line, 2, hash, syntax).map(|i| apply(text, &i));
        assert_eq!(
            go("feat: x\n", 0, Some(Syntax::Config)).as_deref(),
            Some("# autofix-ignore: 2\nfeat: x\n")
        );
        assert_eq!(go("x = 1", 0, None).as_deref(), Some("x = 1 # autofix-ignore: 2"));
        assert_eq!(
            go("a\r\n  x = \"y\"", 1, None).as_deref(),
            Some("a\r\n  # autofix-ignore: 2\r\n  x = \"y\"")
        );
        assert_eq!(go("x", 5, None), None, "no such line");
    }

    #[test]
    fn every_comment_written_alone_is_read_as_alone() {
        for comment in [
            Comment::Line("//"),
            Comment::Line("#"),
            Comment::Line("--"),
            Comment::Line(";"),
            Comment::Line("%"),
            Comment::Line("'"),
            Comment::Block("<!--", "-->"),
            Comment::Block("/*", "*/"),
            Comment::Block("{/*", "*/}"),
            Comment::Block("{#", "#}"),
            Comment::Block("{{!--", "--}}"),
            Comment::Block("(*", "*)"),
        ] {
            // A quote in a line of an unknown language: the comment goes alone above it.
            let i = silence("  'x'\n", 0, 2, comment, None).unwrap();
            assert_eq!(i.at, 0);
            let line = i.text.trim_end();
            assert!(suppress::suppression(line).unwrap().alone, "{comment:?}: {line}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Wherever it goes, the comment changes no string the lexer sees, is read back as
        /// silencing the line, and lands on the line (or on the line above, for a list that
        /// grows).
        #[test]
        fn the_comment_changes_no_string_and_silences_the_line(
            text in source_text(),
            line in 0usize..12,
            syntax in proptest::sample::select(&ALL[..]),
            rule in 1u64..3,
        ) {
            let index = LineIndex::new(&text);
            let comment = natural(syntax);
            let Some(insertion) = silence(&text, line, rule, comment, Some(syntax)) else {
                return Ok(());
            };
            prop_assert!(text.is_char_boundary(insertion.at));
            let after = apply(&text, &insertion);
            let strings = |t: &str| -> Vec<std::string::String> {
                syntax::scan(t, syntax)
                    .regions
                    .iter()
                    .filter(|r| r.context.is_string())
                    .map(|r| t[r.range.clone()].to_string())
                    .collect()
            };
            prop_assert_eq!(strings(&text), strings(&after), "{:?}", after);
            let above = insertion.text.ends_with(['\n', '\r']);
            let at_line = index.line_of(insertion.at);
            prop_assert!(at_line == line || Some(at_line) == line.checked_sub(1));
            prop_assert!(!above || index.line_start(at_line) == insertion.at);
            let new_line = line + usize::from(above);
            let new_index = LineIndex::new(&after);
            let here = suppress::suppression(new_index.line_text(&after, new_line));
            let before = new_line
                .checked_sub(1)
                .and_then(|l| suppress::suppression(new_index.line_text(&after, l)));
            prop_assert!(suppress::silences(rule, here.as_ref(), before.as_ref()), "{:?}", after);
        }

        #[test]
        fn any_text_any_line_any_comment_never_panics(
            text in "\\PC{0,120}",
            line in 0usize..6,
            syntax in proptest::option::of(proptest::sample::select(&ALL[..])),
        ) {
            for comment in [Comment::Line("//"), Comment::Block("<!--", "-->")] {
                if let Some(i) = silence(&text, line, 7, comment, syntax) {
                    prop_assert!(text.is_char_boundary(i.at));
                }
            }
        }
    }
}
