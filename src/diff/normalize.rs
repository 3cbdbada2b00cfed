//! "The same text" as the reference sees it: typographic characters folded to ASCII, whitespace runs
//! collapsed, and the similarity score (`1 - levenshtein / longer length`) built on that.

use std::cmp::Ordering;

/// Whitespace as JavaScript's `\s` knows it, which is what the reference collapses.
pub(crate) fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    )
}

/// One line normalized: smart quotes to ASCII, `…` to `...`, em/en dashes to `-`, every
/// whitespace run (NBSP included) to one space, trimmed.
pub(crate) fn normalize_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut pending_space = false;
    for c in line.chars() {
        if is_js_space(c) {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        match c {
            '\u{201C}' | '\u{201D}' => out.push('"'),
            '\u{2018}' | '\u{2019}' => out.push('\''),
            '\u{2026}' => out.push_str("..."),
            '\u{2014}' | '\u{2013}' => out.push('-'),
            _ => out.push(c),
        }
    }
    out
}

/// The normalized text of several lines, as the reference normalizes them joined by newlines:
/// the non-empty normalized lines joined by single spaces.
pub(crate) fn join_normalized<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for line in lines {
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

/// A similarity kept as the integers it is made of, so that equal scores compare equal.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sim {
    /// Levenshtein distance in characters (or a lower bound of it).
    pub dist: usize,
    /// The longer of the two lengths, in characters.
    pub len: usize,
}

impl Sim {
    pub const PERFECT: Sim = Sim { dist: 0, len: 0 };

    pub fn value(self) -> f64 {
        if self.len == 0 {
            return 1.0;
        }
        1.0 - self.dist.min(self.len) as f64 / self.len as f64
    }

    /// Whether the score reaches `threshold`; a hair of tolerance so 0.9 reaches 0.9.
    pub fn reaches(self, threshold: f64) -> bool {
        self.value() + 1e-9 >= threshold
    }
}

impl PartialEq for Sim {
    fn eq(&self, other: &Sim) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Sim {}

impl PartialOrd for Sim {
    fn partial_cmp(&self, other: &Sim) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Sim {
    /// Higher similarity is greater: compares `1 - a/b` exactly by cross-multiplying.
    fn cmp(&self, other: &Sim) -> Ordering {
        let (d1, l1) = (self.dist.min(self.len) as u128, self.len as u128);
        let (d2, l2) = (other.dist.min(other.len) as u128, other.len as u128);
        match (l1, l2) {
            (0, 0) => Ordering::Equal,
            (0, _) => {
                if d2 == 0 {
                    Ordering::Equal
                } else {
                    Ordering::Greater
                }
            }
            (_, 0) => {
                if d1 == 0 {
                    Ordering::Equal
                } else {
                    Ordering::Less
                }
            }
            // 1 - d1/l1 vs 1 - d2/l2  <=>  d2/l2 vs d1/l1  <=>  d2*l1 vs d1*l2
            _ => (d2 * l1).cmp(&(d1 * l2)),
        }
    }
}

/// Levenshtein distance in characters and the number of matrix cells it took, or `None` when it
/// would take more than `max_cells` (a minified megabyte-long line must not stall a search). The
/// common prefix and suffix never change the distance, so they are cut first: a near-identical
/// candidate then costs almost nothing.
pub(crate) fn distance(a: &str, b: &str, max_cells: u64) -> Option<(usize, u64)> {
    let (a, b) = trim_common(a, b);
    if a.is_empty() || b.is_empty() {
        return Some((a.chars().count().max(b.chars().count()), 0));
    }
    let cells = (a.len() as u64).saturating_mul(b.len() as u64);
    (cells <= max_cells).then(|| (strsim::levenshtein(a, b), cells))
}

/// The parts of `a` and `b` left after removing their common prefix and suffix (on char boundaries).
pub(crate) fn trim_common<'a, 'b>(a: &'a str, b: &'b str) -> (&'a str, &'b str) {
    let prefix = common_prefix(a, b);
    let (a, b) = (
        a.get(prefix..).unwrap_or_default(),
        b.get(prefix..).unwrap_or_default(),
    );
    let suffix = common_suffix(a, b);
    (
        a.get(..a.len() - suffix).unwrap_or_default(),
        b.get(..b.len() - suffix).unwrap_or_default(),
    )
}

/// Length in bytes of the longest common prefix that ends on a char boundary of both.
pub(crate) fn common_prefix(a: &str, b: &str) -> usize {
    let mut n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while n > 0 && !(a.is_char_boundary(n) && b.is_char_boundary(n)) {
        n -= 1;
    }
    n
}

/// Length in bytes of the longest common suffix that starts on a char boundary of both.
pub(crate) fn common_suffix(a: &str, b: &str) -> usize {
    let mut n = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count();
    while n > 0 && !(a.is_char_boundary(a.len() - n) && b.is_char_boundary(b.len() - n)) {
        n -= 1;
    }
    n
}

/// Similarity of two texts as the reference computes it: both normalized, then
/// `1 - levenshtein / longer length`. An empty `search` scores 0, as in the reference.
pub fn similarity(original: &str, search: &str) -> f64 {
    if search.is_empty() {
        return 0.0;
    }
    let a = join_normalized(
        original
            .split('\n')
            .map(normalize_line)
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str),
    );
    let b = join_normalized(
        search
            .split('\n')
            .map(normalize_line)
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str),
    );
    if a == b {
        return 1.0;
    }
    let Some((dist, _)) = distance(&a, &b, u64::MAX) else {
        return 0.0;
    };
    Sim {
        dist,
        len: a.chars().count().max(b.chars().count()),
    }
    .value()
}

/// Histogram buckets: ASCII keeps its own bucket, everything else shares the upper half. Merging
/// characters into buckets only weakens the bound below; it never makes it wrong.
pub(crate) const BUCKETS: usize = 256;

pub(crate) fn bucket(c: char) -> usize {
    let code = c as usize;
    if code < 128 { code } else { 128 + code % 128 }
}

/// Tracks how a sliding window's character multiset differs from the needle's. A substitution
/// moves one character out and one in, an insertion or deletion one, so the Levenshtein distance
/// is at least the larger of the surplus and the deficit: a bound computed in O(1) per character.
pub(crate) struct CharBound {
    diff: [i32; BUCKETS],
    surplus: usize,
    deficit: usize,
}

impl CharBound {
    pub fn new(needle: &str) -> CharBound {
        let mut bound = CharBound {
            diff: [0; BUCKETS],
            surplus: 0,
            deficit: 0,
        };
        for c in needle.chars() {
            if let Some(slot) = bound.diff.get_mut(bucket(c)) {
                *slot -= 1;
            }
            bound.deficit += 1;
        }
        bound
    }

    pub fn add(&mut self, c: char) {
        if let Some(slot) = self.diff.get_mut(bucket(c)) {
            if *slot >= 0 {
                self.surplus += 1;
            } else {
                self.deficit = self.deficit.saturating_sub(1);
            }
            *slot += 1;
        }
    }

    pub fn remove(&mut self, c: char) {
        if let Some(slot) = self.diff.get_mut(bucket(c)) {
            *slot -= 1;
            if *slot >= 0 {
                self.surplus = self.surplus.saturating_sub(1);
            } else {
                self.deficit += 1;
            }
        }
    }

    /// A lower bound of the distance between the window and the needle.
    pub fn lower_bound(&self) -> usize {
        self.surplus.max(self.deficit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_typography_and_whitespace() {
        assert_eq!(
            normalize_line("  a\u{A0}\u{A0}b\t “q” ‘s’ … — – \u{FEFF}"),
            "a b \"q\" 's' ... - -"
        );
        assert_eq!(normalize_line("   "), "");
        assert_eq!(join_normalized(["a", "", "b c"]), "a b c");
    }

    #[test]
    fn similarity_matches_the_reference_formula() {
        assert_eq!(similarity("a  b", "a b"), 1.0);
        assert_eq!(similarity("    x\n\n    y", "x\ny"), 1.0);
        assert_eq!(similarity("abcd", "abce"), 0.75);
        assert_eq!(similarity("anything", ""), 0.0);
        assert_eq!(similarity("can’t", "can't"), 1.0);
    }

    #[test]
    fn distance_trims_common_ends() {
        assert_eq!(distance("hello world", "hello wxrld", 10), Some((1, 1)));
        assert_eq!(distance("abc", "abc", 0), Some((0, 0)));
        assert_eq!(distance("", "abc", 0), Some((3, 0)));
        assert_eq!(distance("été", "ete", 100).map(|d| d.0), Some(2));
        assert_eq!(distance("abcd", "wxyz", 15), None, "over the cap");
        assert_eq!(trim_common("aé", "aè"), ("é", "è"));
    }

    #[test]
    fn sim_ordering_is_exact() {
        assert_eq!(Sim { dist: 1, len: 10 }, Sim { dist: 2, len: 20 });
        assert!(Sim { dist: 1, len: 10 } > Sim { dist: 2, len: 10 });
        assert!(Sim::PERFECT > Sim { dist: 1, len: 1000 });
        assert!(Sim { dist: 1, len: 10 }.reaches(0.9));
        assert!(!Sim { dist: 2, len: 10 }.reaches(0.9));
    }

    #[test]
    fn char_bound_never_exceeds_the_distance() {
        let pairs = [
            ("kitten", "sitting"),
            ("abc", ""),
            ("", "abc"),
            ("aaaa", "bbbb"),
            ("ab", "ba"),
            ("éa", "ae"),
        ];
        for (window, needle) in pairs {
            let mut bound = CharBound::new(needle);
            window.chars().for_each(|c| bound.add(c));
            assert!(
                bound.lower_bound() <= strsim::levenshtein(window, needle),
                "{window} {needle}"
            );
            window.chars().for_each(|c| bound.remove(c));
            assert_eq!(bound.lower_bound(), needle.chars().count());
        }
    }
}
