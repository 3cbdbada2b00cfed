//! Suppression comments: `autofix-ignore` silences every rule, `autofix-ignore: 3, 5` only those
//! rules, on the comment's own line and on the line below it.

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
    fn covers(&self, rule: u64) -> bool {
        match self {
            Silenced::All => true,
            Silenced::Rules(rules) => rules.contains(&rule),
        }
    }
}

// A constant pattern, exercised by the tests: compiling it cannot fail at run time.
static LIST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*:\s*(#?\d+(?:\s*,\s*#?\d+)*)").expect("a constant regex compiles"));

/// Reads the suppression on one line of text, if any.
pub fn parse_line(line: &str) -> Option<Silenced> {
    let at = line.find(MARKER)?;
    let rest = &line[at + MARKER.len()..];
    // `autofix-ignore-next` or `autofix-ignored` are other words, not our marker.
    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_') {
        return None;
    }
    match LIST.captures(rest).and_then(|c| c.get(1)) {
        Some(list) => Some(Silenced::Rules(
            list.as_str()
                .split(',')
                .filter_map(|n| n.trim().trim_start_matches('#').parse().ok())
                .collect(),
        )),
        None => Some(Silenced::All),
    }
}

/// The suppressions of a whole text, by line.
#[derive(Debug, Clone, Default)]
pub struct Suppressions {
    by_line: Vec<(usize, Silenced)>,
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
                && let Some(silenced) = parse_line(index.line_text(text, line))
            {
                by_line.push((line, silenced));
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

    /// True when `rule` is silenced on `line` (by a comment on it or on the line above).
    pub fn silences(&self, rule: u64, line: usize) -> bool {
        self.by_line
            .iter()
            .any(|(l, s)| (*l == line || *l + 1 == line) && s.covers(rule))
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
    fn a_comment_covers_its_line_and_the_next() {
        let text = "a\n// autofix-ignore: 2\nb\nc // autofix-ignore\nd\ne\n";
        let index = LineIndex::new(text);
        let s = Suppressions::scan(text, &index);
        assert!(s.silences(2, 1) && s.silences(2, 2));
        assert!(!s.silences(3, 2), "only rule 2 on line 2");
        assert!(!s.silences(2, 0), "not the line above");
        assert!(s.silences(9, 3) && s.silences(9, 4));
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
