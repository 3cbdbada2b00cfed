//! Suppression comments: `autofix-ignore` silences every rule, `autofix-ignore: 3, 5` only those
//! rules (`user#3` or `u3`: the user's rule 3). A comment that shares its line with code silences
//! that line only; a comment alone on its line (only whitespace and comment punctuation before the
//! marker) silences its line and the next.

use std::sync::LazyLock;

use regex::Regex;

use crate::text::LineIndex;

const MARKER: &str = "autofix-ignore";

/// What one suppression comment silences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Silenced {
    All,
    Rules(Vec<u64>),
}

impl Silenced {
    pub fn covers(&self, rule: u64) -> bool {
        match self {
            Silenced::All => true,
            Silenced::Rules(rules) => rules.contains(&rule),
        }
    }

    /// Both silenced: `All` wins, lists are joined.
    fn union(self, other: Silenced) -> Silenced {
        match (self, other) {
            (Silenced::Rules(mut a), Silenced::Rules(b)) => {
                a.extend(b.into_iter().filter(|n| !a.contains(n)).collect::<Vec<_>>());
                Silenced::Rules(a)
            }
            _ => Silenced::All,
        }
    }
}

/// One `autofix-ignore` marker in a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// Byte offset of `autofix-ignore` in the line.
    pub at: usize,
    pub silenced: Silenced,
    /// Byte offset just after the last rule number of its list, when it has one: where another
    /// number is appended.
    pub list_end: Option<usize>,
}

/// The suppression a line holds: every marker on it, joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppression {
    pub silenced: Silenced,
    /// Only whitespace and comment punctuation before the first marker: the comment is alone on
    /// its line and also silences the next line.
    pub alone: bool,
}

// A constant pattern, exercised by the tests: compiling it cannot fail at run time.
static LIST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*:\s*((?:#|user\s*#?|u)?\d+(?:\s*,\s*(?:#|user\s*#?|u)?\d+)*)")
        .expect("a constant regex compiles")
});

/// One number of a suppression's list: `3` or `#3` (a project rule), `user#3` or `u3` (a user
/// rule, by its key).
fn list_item(item: &str) -> Option<u64> {
    let item = item.trim().to_ascii_lowercase();
    let (user, digits) = match item.strip_prefix("user").or_else(|| item.strip_prefix('u')) {
        Some(rest) => (true, rest.trim_start().trim_start_matches('#')),
        None => (false, item.trim_start_matches('#')),
    };
    let n: u64 = digits.parse().ok()?;
    Some(if user { super::user::key(n) } else { n })
}

/// Characters that open a comment in some language (`//`, `#`, `--`, `;`, `%`, `'`, `<!--`,
/// `{/*`, `{#`, `{{!--`, `(*`, `--[[`): what may precede a marker that is alone on its line.
fn comment_punctuation(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '/' | '*' | '#' | '-' | ';' | '%' | '\'' | '!' | '<' | '{' | '(' | '['
        )
}

/// Every marker on one line of text, in order.
pub fn markers(line: &str) -> Vec<Marker> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices(MARKER) {
        let rest = &line[at + MARKER.len()..];
        // `autofix-ignore-next` or `autofix-ignored` are other words, not our marker.
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
            continue;
        }
        let marker = match LIST.captures(rest).and_then(|c| c.get(1)) {
            Some(list) => Marker {
                at,
                silenced: Silenced::Rules(list.as_str().split(',').filter_map(list_item).collect()),
                list_end: Some(at + MARKER.len() + list.end()),
            },
            None => Marker {
                at,
                silenced: Silenced::All,
                list_end: None,
            },
        };
        out.push(marker);
    }
    out
}

/// Reads the suppression on one line of text, if any.
pub fn suppression(line: &str) -> Option<Suppression> {
    let mut markers = markers(line).into_iter();
    let first = markers.next()?;
    let alone = line[..first.at].chars().all(comment_punctuation);
    let silenced = markers.fold(first.silenced, |all, m| all.union(m.silenced));
    Some(Suppression { silenced, alone })
}

/// What the suppression on one line of text silences, if it has one.
pub fn parse_line(line: &str) -> Option<Silenced> {
    suppression(line).map(|s| s.silenced)
}

/// Whether `rule` is silenced on a line whose own suppression is `here` and whose line above
/// holds `above`.
pub fn silences(rule: u64, here: Option<&Suppression>, above: Option<&Suppression>) -> bool {
    here.is_some_and(|s| s.silenced.covers(rule)) || above.is_some_and(|s| s.alone && s.silenced.covers(rule))
}

/// The suppressions of a whole text, by line.
#[derive(Debug, Clone, Default)]
pub struct Suppressions {
    by_line: Vec<(usize, Suppression)>,
}

impl Suppressions {
    /// Scans `text`; cheap when no marker appears at all.
    pub fn scan(text: &str, index: &LineIndex) -> Suppressions {
        let mut by_line = Vec::new();
        if !text.contains(MARKER) {
            return Suppressions { by_line };
        }
        let mut from = 0;
        while let Some(found) = text[from..].find(MARKER) {
            let line = index.line_of(from + found);
            if by_line.last().is_none_or(|(l, _)| *l != line)
                && let Some(suppression) = suppression(index.line_text(text, line))
            {
                by_line.push((line, suppression));
            }
            from = index.line_start(line + 1).max(from + found + MARKER.len());
            if from >= text.len() {
                break;
            }
        }
        Suppressions { by_line }
    }

    pub fn is_empty(&self) -> bool {
        self.by_line.is_empty()
    }

    fn at(&self, line: usize) -> Option<&Suppression> {
        self.by_line.iter().find(|(l, _)| *l == line).map(|(_, s)| s)
    }

    /// True when `rule` is silenced on `line`: by a comment on it, or by a comment alone on the
    /// line above.
    pub fn silences(&self, rule: u64, line: usize) -> bool {
        silences(rule, self.at(line), line.checked_sub(1).and_then(|l| self.at(l)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_alone_or_with_a_list() {
        assert_eq!(parse_line("x = 1 // autofix-ignore"), Some(Silenced::All));
        assert_eq!(
            parse_line("# autofix-ignore: 3, 5"),
            Some(Silenced::Rules(vec![3, 5]))
        );
        assert_eq!(
            parse_line("<!-- autofix-ignore:#7 -->"),
            Some(Silenced::Rules(vec![7]))
        );
        assert_eq!(parse_line("-- autofix-ignore - legacy"), Some(Silenced::All));
        assert_eq!(parse_line("// autofix-ignored"), None);
        assert_eq!(parse_line("nothing here"), None);
    }

    #[test]
    fn user_rules_are_named_apart() {
        use crate::rules::user::key;
        assert_eq!(
            parse_line("# autofix-ignore: user#3, 3, u4, User #5"),
            Some(Silenced::Rules(vec![key(3), 3, key(4), key(5)]))
        );
    }

    #[test]
    fn every_marker_of_a_line_counts() {
        assert_eq!(
            parse_line("s = 'autofix-ignore: 1' # autofix-ignore: 2, 1"),
            Some(Silenced::Rules(vec![1, 2]))
        );
        assert_eq!(
            parse_line("// autofix-ignored, autofix-ignore: 4"),
            Some(Silenced::Rules(vec![4]))
        );
        assert_eq!(
            parse_line("// autofix-ignore: 4 autofix-ignore"),
            Some(Silenced::All)
        );
    }

    #[test]
    fn a_list_ends_at_its_last_number() {
        let line = "x // autofix-ignore: 1, #2 see issue 42";
        let m = markers(line);
        assert_eq!(m.len(), 1);
        assert_eq!(&line[..m[0].list_end.unwrap()], "x // autofix-ignore: 1, #2");
        assert_eq!(markers("# autofix-ignore")[0].list_end, None);
    }

    #[test]
    fn alone_means_only_comment_punctuation_before_the_marker() {
        for alone in [
            "// autofix-ignore: 2",
            "  # autofix-ignore",
            "\t-- autofix-ignore: 1",
            "<!-- autofix-ignore: 2 -->",
            "    {/* autofix-ignore: 2 */}",
            " * autofix-ignore",
            "{{!-- autofix-ignore --}}",
            "(* autofix-ignore *)",
            "' autofix-ignore",
            "autofix-ignore: 3",
        ] {
            assert!(suppression(alone).unwrap().alone, "{alone}");
        }
        for shared in [
            "x; // autofix-ignore: 2",
            "TODO <!-- autofix-ignore -->",
            "Hello{/* autofix-ignore: 2 */}",
            "s = \"autofix-ignore\"",
        ] {
            assert!(!suppression(shared).unwrap().alone, "{shared}");
        }
    }

    #[test]
    fn a_comment_alone_covers_its_line_and_the_next_one_sharing_a_line_only_its_line() {
        // Deliberately changed: a trailing comment used to silence the line below it too.
        let text = "a\n// autofix-ignore: 2\nb\nc // autofix-ignore\nd\ne\n";
        let index = LineIndex::new(text);
        let s = Suppressions::scan(text, &index);
        assert!(s.silences(2, 1) && s.silences(2, 2));
        assert!(!s.silences(3, 2), "only rule 2 on line 2");
        assert!(!s.silences(2, 0), "not the line above");
        assert!(s.silences(9, 3));
        assert!(
            !s.silences(9, 4),
            "a comment sharing its line silences that line only"
        );
        assert!(!s.silences(9, 5));
    }

    #[test]
    fn crlf_text() {
        let text = "x\r\n# autofix-ignore: 1\r\ny\r\n";
        let index = LineIndex::new(text);
        let s = Suppressions::scan(text, &index);
        assert!(s.silences(1, 2));
    }
}
