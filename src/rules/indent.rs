//! The `Indent` check: each nesting level indents by a set number of spaces. Lines are read in
//! order, following the blocks the code opens; a line of a block whose indentation is not its
//! level's is a violation, its leading spaces the range.
//!
//! A line deeper than the one before opens a block when that line ends in an opener (`{`, `(`,
//! `[`, `:`, `=>`, `->`, `do`, `then`, an open markup tag…) or starts with a keyword that opens
//! one (`def`, `if`, `function`…): the block's level is its parent's plus the step (or twice the
//! step after `(`, `[` or `=>`, the hanging indent style guides allow). Any other deeper line
//! is a continuation (after `,`, an operator, a bracket left open mid-line, `\`): it sets a level
//! of its own, never reported — alignment is a style the rule's words do not reach. Lines that
//! start in a comment or inside a string, and lines indented with tabs, are not read.

use std::ops::Range;

use crate::text::LineIndex;
use crate::text::syntax::{Scan, Syntax};

/// The largest step an `Indent` check takes (spaces per level).
pub const MAX_STEP: usize = 16;

/// A line whose indentation is not its level's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misindented {
    /// The line's leading spaces.
    pub range: Range<usize>,
    /// How many spaces its level asks for.
    pub expected: usize,
}

/// One level of the blocks open at a line.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The indentation of the level's lines.
    actual: usize,
    /// The indentation the level should have; `None` for a continuation's level, whose lines are
    /// not judged (its blocks are, from its actual indentation).
    expected: Option<usize>,
}

/// The level of a file's top: no indentation, judged.
const ROOT: Level = Level {
    actual: 0,
    expected: Some(0),
};

/// How a line ends, as the next, deeper line reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opens {
    /// Nothing: a deeper next line continues this one.
    No,
    /// Nothing, and the statement ended (`;`, a closing `}` line): the next line is not deeper.
    Ended,
    /// A block, one step deeper.
    Block,
    /// A bracket or arrow: one step, or two (a hanging indent).
    Hanging,
}

/// Markup elements that hold no content: `<br>` does not open a block.
const VOID_ELEMENTS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
];

/// First words of a line that opens a block even when its last character does not say so
/// (`def run(self)` in Ruby, a brace-less `if (x)`, `function M.f()` in Lua).
const OPENING_KEYWORDS: &[&str] = &[
    "def", "class", "module", "if", "unless", "elsif", "elif", "else", "case", "when", "while", "until",
    "for", "foreach", "begin", "function", "rescue", "ensure", "where", "repeat", "try", "catch", "finally",
    "with",
];

/// Blade's block directives (`@if (…)`, `@foreach`, `@section('x')`), closed by `@end…`.
const BLADE_BLOCKS: &[&str] = &[
    "if",
    "elseif",
    "else",
    "unless",
    "foreach",
    "forelse",
    "empty",
    "for",
    "while",
    "switch",
    "case",
    "section",
    "push",
    "prepend",
    "slot",
    "component",
    "auth",
    "guest",
    "can",
    "cannot",
    "isset",
    "error",
    "env",
    "production",
    "php",
    "once",
    "fragment",
];

/// Last words of a line that open a block (`do`, `then` in Ruby, Lua, Elixir, shell; `in` of a
/// shell `case`).
const OPENING_LAST_WORDS: &[&str] = &["do", "then", "else", "begin", "repeat", "in"];

/// The lines of `text` whose indentation is not `step` spaces per level (see the module doc).
/// `lexed` holds the text's lexical contexts (`None`: every position is code); `syntax` its
/// language, for what only some languages write (YAML's `- ` items, C's `#` directives).
pub fn misindented(
    text: &str,
    step: usize,
    lexed: Option<&Scan>,
    syntax: Option<Syntax>,
) -> Vec<Misindented> {
    let step = step.clamp(1, MAX_STEP);
    let index = LineIndex::new(text);
    let mut levels = vec![ROOT];
    let mut previous = Opens::No;
    // The column just after the bracket that ends the line before, where arguments may align
    // (`find(\n     from: x,` in Ruby, a hanging indent lined up under the first argument).
    let mut aligned: Option<usize> = None;
    let mut found = Vec::new();
    for line in 0..index.line_count() {
        let range = index.line_range(text, line);
        let content = &text[range.clone()];
        let Some(first) = content.find(|c: char| c != ' ' && c != '\t') else {
            continue;
        };
        if content[..first].contains('\t') {
            continue;
        }
        let in_literal = lexed
            .and_then(|scan| scan.lines.get(line))
            .is_some_and(|l| l.in_literal);
        if in_literal || !starts_in_code(lexed, range.start + first) {
            // Inside a literal — its text, or code in a template's `${…}`, indented with the
            // template's text rather than the code around it: not read, and what follows it
            // starts afresh.
            previous = Opens::No;
            continue;
        }
        let code = &content[first..];
        if syntax == Some(Syntax::C) && code.starts_with('#') {
            continue;
        }
        let actual = first;
        let mut left = None;
        while levels.len() > 1 && levels.last().is_some_and(|l| l.actual > actual) {
            left = levels.pop();
        }
        // The root is never popped.
        let top = *levels.last().unwrap_or(&ROOT);
        if actual > top.actual {
            let base = top.expected.unwrap_or(top.actual);
            let expected = match previous {
                _ if continues_before(code) => None,
                // Back from a block, but not as far as the block around it: a line of the
                // block it left, misaligned.
                // (A closing bracket may line up with the opening line or with its contents.)
                _ if left.is_some_and(|l| l.expected.is_some()) && !code.starts_with([')', ']', '}']) => {
                    left.and_then(|l| l.expected)
                }
                _ if left.is_some() => None,
                // After a statement's end nothing goes on: a line of the same level.
                Opens::Ended => top.expected,
                Opens::No => None,
                Opens::Block => Some(base + step),
                Opens::Hanging if actual == base + 2 * step || Some(actual) == aligned => Some(actual),
                Opens::Hanging => Some(base + step),
            };
            levels.push(Level { actual, expected });
        }
        let level = *levels.last().unwrap_or(&top);
        if let Some(expected) = level.expected.filter(|&e| e != actual) {
            found.push(Misindented {
                range: range.start..range.start + actual,
                expected,
            });
        }
        if let Some(width) = prefix_width(code, syntax) {
            // What follows `- ` (a YAML item), `? ` or `: ` (a ternary's branches), `| ` (a
            // union's member) is a level of its own, where the blocks it opens start.
            levels.push(Level {
                actual: actual + width,
                expected: level.expected.map(|e| e + width),
            });
        }
        let start = range.start + first;
        let tail = &text[start..significant(text, start..range.end, lexed)];
        let last_in_code = tail
            .char_indices()
            .next_back()
            .is_none_or(|(i, _)| lexed.is_none_or(|scan| scan.context_at(start + i).is_code()));
        previous = opens(tail, last_in_code);
        aligned = (previous == Opens::Hanging).then(|| actual + tail.chars().count());
        // A ternary's branch (`? {`, `: [`): formatters align its blocks with the whole chain.
        if code.starts_with(['?', ':']) && !code.starts_with("::") {
            previous = Opens::No;
        }
        if previous == Opens::No && opens_by_keyword(code) {
            previous = Opens::Block;
        }
    }
    found
}

/// Whether the first character of a line, at `at`, is code: not in a comment, and not in a
/// string the line did not open (a template literal's or a docstring's later lines).
fn starts_in_code(lexed: Option<&Scan>, at: usize) -> bool {
    let Some(scan) = lexed else { return true };
    let context = scan.context_at(at);
    !(context.is_comment() || (context.is_string() && !scan.string_opens_at(at)))
}

/// Where the code of a line ends: before a trailing comment and spaces.
fn significant(text: &str, line: Range<usize>, lexed: Option<&Scan>) -> usize {
    let mut end = line.end;
    if let Some(scan) = lexed {
        // Each step drops one comment that ends the line: a region, skipped whole.
        loop {
            let code = text[line.start..end].trim_end();
            let Some((last, _)) = code.char_indices().next_back() else {
                return line.start;
            };
            match scan.region_at(line.start + last) {
                Some(r) if r.context.is_comment() => end = r.range.start.max(line.start),
                _ => break,
            }
        }
    }
    line.start + text[line.start..end].trim_end().len()
}

/// What the end of a line's code opens; `last_in_code`: whether its last character is code (not
/// the text of markup or JSX, where `;` ends `&nbsp;`).
fn opens(code: &str, last_in_code: bool) -> Opens {
    let Some(last) = code.chars().next_back() else {
        return Opens::No;
    };
    match last {
        ';' | '}' | ')' if last_in_code && ends_statement(code) => Opens::Ended,
        '{' | ':' => {
            if code.ends_with("::") {
                Opens::No
            } else {
                Opens::Block
            }
        }
        '(' | '[' => Opens::Hanging,
        '>' if code.ends_with("=>") => Opens::Hanging,
        '>' if code.ends_with("->") => Opens::Block,
        '>' if opens_markup(code) => Opens::Block,
        '|' if ends_with_block_parameters(code) => Opens::Block,
        _ if last.is_alphabetic() => {
            let word = code
                .rsplit(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or_default();
            let before = code[..code.len() - word.len()].trim_end();
            // `x.then` and `obj.do` are names, not keywords.
            if OPENING_LAST_WORDS.contains(&word) && !before.ends_with('.') {
                Opens::Block
            } else {
                Opens::No
            }
        }
        _ => Opens::No,
    }
}

/// A line that ends a statement: `;` (not `&nbsp;` in markup text), or a block's closing line
/// (`}`, `});`; a `)` may close an `if`'s condition, whose body follows) — and leaves no bracket
/// open (`for (i = 0;`).
fn ends_statement(code: &str) -> bool {
    (code.ends_with(';') || code.starts_with('}')) && !leaves_open(code)
}

/// `do |item|` (Ruby) and `{ |x|` (Rust closures keep their block on the same line: only `do`).
fn ends_with_block_parameters(code: &str) -> bool {
    let Some(inner) = code.strip_suffix('|') else {
        return false;
    };
    let Some(open) = inner.rfind('|') else {
        return false;
    };
    inner[..open].trim_end().ends_with("do")
}

/// A line ending an opening tag: `<div class="x">`, or a lone `>` closing a tag's attributes
/// (not `<br>`, `<a>x</a>`, `/>`, `-->`, `?>`).
fn opens_markup(code: &str) -> bool {
    if code == ">" {
        return true;
    }
    if code.ends_with("/>") || code.ends_with("-->") || code.ends_with("?>") || code.ends_with("%>") {
        return false;
    }
    if code.contains("</") {
        return false;
    }
    let Some(open) = code.rfind('<') else { return false };
    let name: String = code[open + 1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':' || *c == '.')
        .collect();
    !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && !VOID_ELEMENTS.contains(&name.to_ascii_lowercase().as_str())
}

/// A line that opens a block by its first word (`def run(self)`, `if (x)`, `local function f()`,
/// `config = function()`): one that ends in a name or a closing bracket and leaves no bracket
/// open (`if (a &&` goes on in the next line).
fn opens_by_keyword(code: &str) -> bool {
    if let Some(directive) = code.strip_prefix('@') {
        let name = directive
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or_default();
        // `@section('title', 'Home')` says it all on its line.
        return BLADE_BLOCKS.contains(&name) && !(name == "section" && directive.contains(','));
    }
    let code = code.strip_prefix("local ").unwrap_or(code);
    let ends_a_clause = code
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ')' | ']' | '"' | '\'' | '?' | '!'));
    if !ends_a_clause || leaves_open(code) {
        return false;
    }
    let first = code
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or_default();
    if OPENING_KEYWORDS.contains(&first) {
        return true;
    }
    // Lua and JavaScript: a function value whose body follows (`x = function(a, b)`).
    code.ends_with(')')
        && code.match_indices("function").any(|(at, _)| {
            let before = code[..at].chars().next_back();
            before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'))
                && code[at + "function".len()..].trim_start().starts_with('(')
        })
}

/// Whether a line opens more brackets than it closes.
fn leaves_open(code: &str) -> bool {
    let mut depth = 0i64;
    for c in code.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    depth > 0
}

/// A line that goes on from the one before by how it starts: a method chain, an operator.
fn continues_before(code: &str) -> bool {
    const LEADING: &[&str] = &["?.", "&&", "||", "|>", "->", "+ ", "? ", ": ", "and ", "or "];
    (code.starts_with('.') && !code.starts_with("..")) || LEADING.iter().any(|p| code.starts_with(p))
}

/// The width of the marker a line starts with and the spaces after it — a YAML item's `- `, a
/// ternary's `? ` and `: `, a union's or a pipeline's `| `, a condition's `&& ` — when content
/// follows it.
fn prefix_width(code: &str, syntax: Option<Syntax>) -> Option<usize> {
    let markers: &[&str] = match syntax {
        Some(Syntax::Yaml) => &["-"],
        // A TypeScript union's members; elsewhere `|` goes on with an expression (Python's
        // `| Literal[`), its operands aligned as the formatter likes.
        Some(Syntax::TypeScript | Syntax::Tsx | Syntax::JavaScript) => &["?", ":", "|", "||", "&&", "|>"],
        _ => &["?", ":", "||", "&&", "|>"],
    };
    let marker = markers
        .iter()
        .filter(|m| code.starts_with(**m))
        .max_by_key(|m| m.len())?;
    let rest = &code[marker.len()..];
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    (spaces > 0 && !rest.trim().is_empty()).then_some(marker.len() + spaces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::syntax::scan;

    /// The misindented lines of `text` (1-based) with their expected indentation.
    fn lines(text: &str, step: usize, syntax: Syntax) -> Vec<(usize, usize)> {
        let lexed = scan(text, syntax);
        let index = LineIndex::new(text);
        misindented(text, step, Some(&lexed), Some(syntax))
            .into_iter()
            .map(|m| {
                assert!(text[m.range.clone()].bytes().all(|b| b == b' '), "{m:?}");
                assert_eq!(index.line_start(index.line_of(m.range.start)), m.range.start);
                (index.line_of(m.range.start) + 1, m.expected)
            })
            .collect()
    }

    #[test]
    fn every_line_of_a_block_indented_off_its_level_is_reported() {
        let tf = "variable \"a\" {\n    type = string\n    default = 1\n}\n\nvariable \"b\" {\n  type = string\n}\n";
        assert_eq!(lines(tf, 2, Syntax::Hcl), [(2, 2), (3, 2)]);
        // A level of its own: the nested table is reported against its parent's right level.
        let lua = "return {\n  \"oil\",\n  opts = {\n    hidden = true,\n  },\n}\n";
        assert_eq!(lines(lua, 4, Syntax::Lua), [(2, 4), (3, 4), (4, 8), (5, 4)]);
        assert_eq!(lines(lua, 2, Syntax::Lua), []);
    }

    #[test]
    fn python_blocks_and_hanging_indents() {
        let py = "def f(a):\n  return a\n\n\nclass A:\n    def g(self):\n        x = foo(\n                1,\n        )\n        y = bar(a,\n                b)\n        return [\n            x,\n        ]\n";
        assert_eq!(lines(py, 4, Syntax::Python), [(2, 4)]);
        // A docstring's lines and comments are not read.
        let doc = "def f():\n    \"\"\"Doc.\n\n      More.\n    \"\"\"\n    # note\n      # odd comment\n    return 1\n";
        assert_eq!(lines(doc, 4, Syntax::Python), []);
        // A backslash continuation, and a condition wrapped in parentheses.
        let cont = "if a and \\\n        b:\n    pass\nif (a and\n        b):\n    pass\nx: (\n    A\n    | Literal[\n        \"a\",\n    ]\n)\n";
        assert_eq!(lines(cont, 4, Syntax::Python), []);
    }

    #[test]
    fn javascript_chains_callbacks_templates_and_jsx() {
        let js = "promise\n  .then(() => {\n    go();\n  })\n  .catch(fail);\nconst s = `a\n      b`;\nconst x = foo(a,\n              function () {\n                return 1;\n              });\n";
        assert_eq!(lines(js, 2, Syntax::JavaScript), []);
        let bad = "function f() {\n    return 1;\n}\nif (x) {\n  y();\n}\n";
        assert_eq!(lines(bad, 2, Syntax::JavaScript), [(2, 2)]);
        assert_eq!(lines(bad, 4, Syntax::JavaScript), [(5, 4)]);
        let jsx = "return (\n  <div\n    className=\"x\"\n  >\n    hi\n    <br>\n    <img src=\"a\" />\n  </div>\n);\n";
        assert_eq!(lines(jsx, 2, Syntax::Tsx), []);
        assert_eq!(
            lines(jsx, 4, Syntax::Tsx),
            [(2, 4), (4, 4), (5, 8), (6, 8), (7, 8), (8, 4)]
        );
    }

    #[test]
    fn keyword_blocks_of_ruby_lua_shell_and_elixir() {
        let aligned = "x = find_rate(\n              from: a,\n              to: b\n            )\n";
        assert_eq!(lines(aligned, 2, Syntax::Ruby), []);
        let blade = "<div>\n    @if ($a)\n        <p>x</p>\n    @endif\n    @section('t', 'Home')\n    <b>y</b>\n</div>\n";
        assert_eq!(lines(blade, 4, Syntax::Php), []);
        assert_eq!(
            lines(&blade.replace("        <p>", "      <p>"), 4, Syntax::Php),
            [(3, 8)]
        );
        let rb = "class A\n  def run(x)\n    items.each do |i|\n      puts i\n    end\n  end\nend\n";
        assert_eq!(lines(rb, 2, Syntax::Ruby), []);
        assert_eq!(
            lines(rb, 4, Syntax::Ruby),
            [(2, 4), (3, 8), (4, 12), (5, 8), (6, 4)]
        );
        let lua = "local function f()\n  return 1\nend\nconfig = function()\n    go()\nend\n";
        assert_eq!(lines(lua, 2, Syntax::Lua), [(5, 2)]);
        let sh = "if [ -n \"$x\" ]; then\n  echo hi\nfi\ncase \"$1\" in\n  start)\n      go\n    ;;\nesac\ncat <<EOF\n      text\nEOF\n";
        assert_eq!(lines(sh, 2, Syntax::Shell), []);
        let ex = "defmodule A do\n    def x, do: 1\nend\n";
        assert_eq!(lines(ex, 2, Syntax::Hash), [(2, 2)]);
    }

    #[test]
    fn yaml_items_indent_their_content() {
        let yaml = "- name: a\n  apt:\n    name: x\n- name: b\n  list:\n  - one\n  - two:\n      three: 3\n";
        assert_eq!(lines(yaml, 2, Syntax::Yaml), []);
        let bad = "key:\n    sub: 1\n";
        assert_eq!(lines(bad, 2, Syntax::Yaml), [(2, 2)]);
    }

    #[test]
    fn tabs_crlf_wide_characters_and_directives() {
        // Tab-indented lines are another check's; CRLF and wide characters do not move ranges.
        let text = "fn a() {\r\n\tlet x = 1;\r\n    let 名前 = \"🚀\";\r\n}\r\n";
        let found = misindented(text, 2, Some(&scan(text, Syntax::Rust)), Some(Syntax::Rust));
        let start = text.find("    let").unwrap();
        assert_eq!(
            found,
            [Misindented {
                range: start..start + 4,
                expected: 2
            }]
        );
        let c = "int f() {\n#ifdef X\n  return 1;\n#endif\n  return 0;\n}\n";
        assert_eq!(lines(c, 2, Syntax::C), []);
    }

    #[test]
    fn code_inside_a_template_is_not_read() {
        let ts = "function f() {\n  const p = {\n    prompt: `Sender:\n  ${JSON.stringify({\n    name: n,\n  })}`,\n  };\n  try {\n    go();\n  } catch (e) {\n    throw e;\n  }\n}\n";
        assert_eq!(lines(ts, 2, Syntax::TypeScript), []);
        assert_eq!(
            lines(&ts.replace("    go();", "      go();"), 2, Syntax::TypeScript),
            [(9, 4)]
        );
    }

    #[test]
    fn after_a_statement_or_half_way_back_a_line_is_misaligned() {
        // Deeper after `}` or `;`: nothing goes on from a finished statement.
        let js = "function b(v) {\n  if (v) {\n    return 1;\n  }\n   return 2;\n  x();\n     y();\n}\n";
        assert_eq!(lines(js, 2, Syntax::JavaScript), [(5, 2), (7, 2)]);
        // Back from a block but not as far as the one around it: a misaligned line of the block.
        let kt = "fun f() {\n    val x = 1\n   y()\n}\n";
        assert_eq!(lines(kt, 4, Syntax::Kotlin), [(3, 4)]);
        // `for (i = 0;` leaves its bracket open; `&nbsp;` ends no statement; template tags and
        // Svelte blocks end in `}` and open a block.
        let loops = "for (let i = 0;\n     i < n;\n     i++) {\n  go();\n}\n";
        assert_eq!(lines(loops, 2, Syntax::JavaScript), []);
        let html = "<p>Hello&nbsp;\n    world</p>\n{% if x %}\n  <b>y</b>\n{% endif %}\n";
        assert_eq!(lines(html, 2, Syntax::Html), []);
    }

    /// Hostile shapes: thousands of open levels, a line of a million spaces, a heredoc that never
    /// closes — a level per line at most, one pass, nothing reported from inside the literal.
    #[test]
    fn deep_wide_and_unclosed_texts_stay_linear() {
        let deep: String = (0..5000)
            .map(|i| format!("{}a {{\n", " ".repeat(i * 2)))
            .collect();
        assert_eq!(lines(&deep, 2, Syntax::TypeScript), []);
        let wide = format!("x {{\n{}y\n}}\n", " ".repeat(1_000_000));
        assert_eq!(lines(&wide, 2, Syntax::TypeScript), [(2, 2)]);
        let open = format!("p = <<EOT\n{}", "    x\n".repeat(10_000));
        assert_eq!(lines(&open, 2, Syntax::Hcl), []);
    }

    #[test]
    fn without_a_lexer_every_line_is_code() {
        let text = "a {\n   b\n}\n";
        let found = misindented(text, 2, None, None);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].expected, 2);
    }
}
