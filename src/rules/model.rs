//! The autofix.json data model: rules, their categories, checks and severities, each with the
//! byte spans they came from so lints and edits can point at the exact text.

use std::fmt;
use std::ops::Range;

use serde::Serialize;

/// The eight categories of the seed schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Category {
    Style,
    Code,
    Arch,
    Tool,
    Process,
    Data,
    Ux,
    Other,
}

impl Category {
    pub const ALL: [Category; 8] = [
        Category::Style,
        Category::Code,
        Category::Arch,
        Category::Tool,
        Category::Process,
        Category::Data,
        Category::Ux,
        Category::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Style => "STYLE",
            Category::Code => "CODE",
            Category::Arch => "ARCH",
            Category::Tool => "TOOL",
            Category::Process => "PROCESS",
            Category::Data => "DATA",
            Category::Ux => "UX",
            Category::Other => "OTHER",
        }
    }

    /// Reads a category as people write it: `CODE`, `code`, `[CODE]`, ` [code] `.
    pub fn parse(text: &str) -> Option<Category> {
        let trimmed = text.trim();
        let inner = trimmed
            .strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .unwrap_or(trimmed)
            .trim();
        Category::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(inner))
    }

    /// The eight names, for error messages: `STYLE, CODE, …, OTHER`.
    pub fn list() -> String {
        Category::ALL.map(Category::as_str).join(", ")
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How loudly a violation is reported; LSP's four levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    #[default]
    Warning,
    Information,
    Hint,
}

impl Severity {
    pub const ALL: [Severity; 4] = [
        Severity::Error,
        Severity::Warning,
        Severity::Information,
        Severity::Hint,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }

    /// Reads `error`, `warning` (`warn`), `information` (`info`) or `hint`, any case.
    pub fn parse(text: &str) -> Option<Severity> {
        match text.trim().to_ascii_lowercase().as_str() {
            "error" => Some(Severity::Error),
            "warning" | "warn" => Some(Severity::Warning),
            "information" | "info" => Some(Severity::Information),
            "hint" => Some(Severity::Hint),
            _ => None,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The lexical context a `Pattern` match must start in (the start of its `hit` group when it has
/// one), as the file's language lexes it (`text::syntax`). In a file of no known language every
/// position is code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Within {
    /// Anywhere: the text as it is.
    #[default]
    Any,
    /// Code only: not in a comment, a string or docstring, or the text of markup.
    Code,
    /// Comments only (directives such as `@ts-ignore`, `eslint-disable`, `TODO`).
    Comments,
    /// String literals only (including template literals and docstrings).
    Strings,
}

impl Within {
    pub const ALL: [Within; 4] = [Within::Any, Within::Code, Within::Comments, Within::Strings];

    pub fn as_str(self) -> &'static str {
        match self {
            Within::Any => "any",
            Within::Code => "code",
            Within::Comments => "comments",
            Within::Strings => "strings",
        }
    }

    /// Reads `any`, `code`, `comments` (`comment`) or `strings` (`string`), any case.
    pub fn parse(text: &str) -> Option<Within> {
        match text.trim().to_ascii_lowercase().as_str() {
            "any" => Some(Within::Any),
            "code" => Some(Within::Code),
            "comments" | "comment" => Some(Within::Comments),
            "strings" | "string" => Some(Within::Strings),
            _ => None,
        }
    }
}

impl fmt::Display for Within {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a check came from: written in the rule, or inferred from its words.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub enum Origin {
    #[default]
    Explicit,
    /// Derived from the rule's text; `explanation` says from which words.
    Inferred { explanation: String },
}

/// One `Check` object of a rule (explicit or inferred), uncompiled.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CheckSpec {
    /// Globs relative to the root; `!` excludes. Empty: every file.
    pub files: Vec<String>,
    /// The rule's scope (see [`Rule::scope`]): a file must match these globs too. Set on the
    /// checks inferred for a scoped rule; empty otherwise.
    pub scope: Vec<String>,
    /// Language ids (`gitcommit`) that are in scope whatever their path; set by inference.
    pub languages: Vec<String>,
    /// Each match is a violation. A capture group named `hit` narrows the reported range.
    pub pattern: Option<String>,
    /// A file in scope without a match is a violation at line 1.
    pub require: Option<String>,
    /// A file in scope whose path matches one of these globs is a violation at line 1.
    pub forbidden_paths: Vec<String>,
    /// Spaces per nesting level: each line of a block indented otherwise is a violation (see
    /// `rules::indent`).
    pub indent: Option<usize>,
    /// Where in a file's text a `pattern` match counts: its code, comments or strings.
    pub within: Within,
    /// Replacement for `pattern` matches (`$1`, `${name}`).
    pub fix: Option<String>,
    /// Overrides the rule's default severity when set.
    pub severity: Option<Severity>,
    pub message: Option<String>,
    pub origin: Origin,
    pub span: CheckSpans,
}

/// Byte spans of a `Check` object's parts in autofix.json (empty for inferred checks).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CheckSpans {
    pub object: Range<usize>,
    pub files: Vec<Range<usize>>,
    pub pattern: Option<Range<usize>>,
    pub require: Option<Range<usize>>,
    pub forbidden_paths: Vec<Range<usize>>,
    pub indent: Option<Range<usize>>,
    pub fix: Option<Range<usize>>,
    pub severity: Option<Range<usize>>,
    pub within: Option<Range<usize>>,
}

/// One rule of autofix.json.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub number: u64,
    pub category: Category,
    pub instruction: String,
    pub why: String,
    /// The explicit `Check`s (an object or an array in the file).
    pub checks: Vec<CheckSpec>,
    /// Where the rule applies when its `Check` holds only `Files` (`{"Files": ["pkg/**"]}`, as
    /// `autofix import` writes a rule scoped by an agent file): no explicit check, so checks are
    /// still inferred from the words — and stay inside these globs. Empty: no such scope.
    pub scope: Vec<String>,
    pub supersedes: Vec<u64>,
    /// Fields autofix does not know, kept as they were.
    pub extra: serde_json::Map<String, serde_json::Value>,
    /// Index of the rule in the file's array.
    pub index: usize,
    pub span: RuleSpans,
}

/// Byte spans of a rule's parts in autofix.json.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RuleSpans {
    pub object: Range<usize>,
    pub number: Range<usize>,
    pub category: Range<usize>,
    pub instruction: Range<usize>,
    pub why: Range<usize>,
    pub check: Option<Range<usize>>,
    pub supersedes: Option<Range<usize>>,
}

/// An instruction reduced to what matters for comparing: lowercase, one space between words,
/// typographic quotes and dashes plain, emphasis marks and the final punctuation gone.
pub fn normalized_instruction(text: &str) -> String {
    let mapped: String = text
        .chars()
        .map(|c| match c {
            '‘' | '’' | '´' => '\'',
            '“' | '”' => '"',
            '—' | '–' => '-',
            '\u{a0}' => ' ',
            c => c,
        })
        .filter(|c| *c != '*')
        .collect();
    let words = mapped
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    words.trim_end_matches(['.', '!', ';', ':', ',', ' ']).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_are_read_in_any_case_and_brackets() {
        assert_eq!(Category::parse("[code]"), Some(Category::Code));
        assert_eq!(Category::parse(" [ UX ] "), Some(Category::Ux));
        assert_eq!(Category::parse("Process"), Some(Category::Process));
        assert_eq!(Category::parse("SECURITY"), None);
        assert_eq!(Category::parse("[]"), None);
        assert_eq!(
            Category::list(),
            "STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER"
        );
    }

    #[test]
    fn severities() {
        assert_eq!(Severity::parse("Info"), Some(Severity::Information));
        assert_eq!(Severity::parse("fatal"), None);
    }
}
