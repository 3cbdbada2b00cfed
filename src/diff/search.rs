//! Where a block's SEARCH lines are in the original: exact, then normalized, then fuzzy, within
//! ±buffer lines of the hint and nearest to it first; beyond the window only a unique exact match.
//!
//! Speed comes from doing little: exact candidates come from line hashes (first line, then verify),
//! fuzzy candidates are ranked by an upper bound of their similarity (a character-count bound,
//! kept up to date in O(1) per character as the window slides) and scored best-first, so the
//! Levenshtein distance is computed only for the few windows that could still win.

use std::ops::Range;

use super::haystack::{Haystack, hash_str};
use super::normalize::{CharBound, Sim, distance, join_normalized, normalize_line};
use super::report::MatchKind;

/// Levenshtein cells a fuzzy search may compute before it settles for what it has. Only very long
/// blocks against many look-alike windows get near it; it bounds the time of a pathological diff.
const ACCEPT_BUDGET: u64 = 600_000_000;
/// The same for finding the best near miss to show in a failure report.
const REPORT_BUDGET: u64 = 25_000_000;

/// A block's SEARCH lines with what the searches need precomputed.
pub(crate) struct Needle {
    lines: Vec<String>,
    raw_hashes: Vec<u64>,
    norm: Vec<String>,
    norm_hashes: Vec<u64>,
    joined: String,
    joined_chars: usize,
}

impl Needle {
    pub fn new(lines: &[String]) -> Needle {
        let norm: Vec<String> = lines.iter().map(|l| normalize_line(l)).collect();
        let joined = join_normalized(norm.iter().map(String::as_str));
        Needle {
            raw_hashes: lines.iter().map(|l| hash_str(l)).collect(),
            norm_hashes: norm.iter().map(|l| hash_str(l)).collect(),
            joined_chars: joined.chars().count(),
            joined,
            norm,
            lines: lines.to_vec(),
        }
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }
}

/// Lines an earlier block of the same diff already changes.
#[derive(Debug, Clone)]
pub(crate) struct Claim {
    pub lines: Range<usize>,
    pub block: usize,
}

pub(crate) struct Query<'q> {
    pub needle: &'q Needle,
    /// 0-based line where the SEARCH lines should start.
    pub hint: Option<usize>,
    pub threshold: f64,
    pub buffer: usize,
    pub claims: &'q [Claim],
}

impl Query<'_> {
    fn claimed_by(&self, start: usize) -> Option<usize> {
        let end = start + self.needle.len();
        self.claims
            .iter()
            .find(|c| c.lines.start < end && start < c.lines.end)
            .map(|c| c.block)
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Located {
    pub start: usize,
    pub sim: Sim,
    pub kind: MatchKind,
}

#[derive(Debug, Clone)]
pub(crate) enum Miss {
    NotFound {
        /// The most similar window (0-based start) and its score, if any was scored.
        best: Option<(usize, Sim)>,
        /// The 0-based lines the window covered; `None` when the whole file was searched.
        searched: Option<Range<usize>>,
        /// Exact matches outside the window when there are several (so none could be chosen).
        elsewhere: Vec<usize>,
        /// A better candidate than `best` outside the window, when the window had nothing good.
        outside: Option<(usize, Sim)>,
    },
    Ambiguous {
        starts: Vec<usize>,
        sim: Sim,
    },
    Overlap {
        start: usize,
        block: usize,
    },
}

pub(crate) fn find(hay: &mut Haystack<'_>, q: &Query<'_>) -> Result<Located, Miss> {
    let n = q.needle.len();
    let total = hay.len();
    if n == 0 || n > total {
        return Err(Miss::NotFound {
            best: None,
            searched: None,
            elsewhere: Vec::new(),
            outside: None,
        });
    }
    let last = total - n;
    match q.hint {
        Some(hint) => near(hay, q, hint, last),
        None => anywhere(hay, q, last),
    }
}

/// With a hint: the window around it, then a unique exact match anywhere.
fn near(hay: &mut Haystack<'_>, q: &Query<'_>, hint: usize, last: usize) -> Result<Located, Miss> {
    let n = q.needle.len();
    let lo = hint.saturating_sub(q.buffer);
    let hi = hint.saturating_add(q.buffer).min(last);
    let window = (lo <= hi).then_some((lo, hi));
    if let Some((lo, hi)) = window {
        let exact = nearest(q, hint, lo, hi, |s| exact_at(hay, q.needle, s));
        if let Some(result) = exact.settle(Sim::PERFECT, MatchKind::Exact) {
            return result;
        }
        if !q.needle.joined.is_empty() {
            hay.ensure_norm(lo..hi + n);
            let normalized = nearest(q, hint, lo, hi, |s| normalized_at(hay, q.needle, s));
            if let Some(result) = normalized.settle(Sim::PERFECT, MatchKind::Normalized) {
                return result;
            }
            // The reference's first try: the hinted lines themselves, if similar enough.
            if hint <= last
                && q.claimed_by(hint).is_none()
                && let Some(sim) = score_at(hay, q.needle, hint, q.threshold)
                && sim.reaches(q.threshold)
            {
                return Ok(Located {
                    start: hint,
                    sim,
                    kind: kind_of(sim),
                });
            }
            let fuzzy = fuzzy(hay, q, lo, hi, Some(hint), q.threshold, ACCEPT_BUDGET);
            if let Some(result) = fuzzy.settle() {
                return result;
            }
        }
    }
    let everywhere = exact_everywhere(hay, q.needle, last);
    let free: Vec<usize> = everywhere
        .iter()
        .copied()
        .filter(|s| q.claimed_by(*s).is_none())
        .collect();
    if let [only] = free.as_slice() {
        return Ok(Located {
            start: *only,
            sim: Sim::PERFECT,
            kind: MatchKind::ExactOutsideWindow,
        });
    }
    let (report_lo, report_hi) = window.unwrap_or((0, last));
    let best = fuzzy(hay, q, report_lo, report_hi, Some(hint), 0.0, REPORT_BUDGET)
        .best
        .map(|b| (b.start, b.sim));
    // A hint far off is a common mistake: say where the lines may really be.
    let outside = match window {
        Some(_) => fuzzy(hay, q, 0, last, Some(hint), 0.0, REPORT_BUDGET)
            .best
            .map(|b| (b.start, b.sim))
            .filter(|(_, sim)| best.is_none_or(|(_, window_best)| *sim > window_best)),
        None => None,
    };
    let searched = window.map(|(lo, hi)| lo..hi + n);
    Err(Miss::NotFound {
        best,
        searched,
        elsewhere: free,
        outside,
    })
}

/// Without a hint: the whole file, and several equally good candidates are an ambiguity.
fn anywhere(hay: &mut Haystack<'_>, q: &Query<'_>, last: usize) -> Result<Located, Miss> {
    let n = q.needle.len();
    let exact = exact_everywhere(hay, q.needle, last);
    if let Some(result) = settle_all(q, exact, MatchKind::Exact) {
        return result;
    }
    if !q.needle.joined.is_empty() {
        hay.ensure_norm(0..last + n);
        let first = q.needle.norm_hashes.first().copied().unwrap_or_default();
        let normalized: Vec<usize> = (0..=last)
            .filter(|&s| hay.norm(s).is_some_and(|l| l.hash == first) && normalized_at(hay, q.needle, s))
            .collect();
        if let Some(result) = settle_all(q, normalized, MatchKind::Normalized) {
            return result;
        }
        let fuzzy = fuzzy(hay, q, 0, last, None, q.threshold, ACCEPT_BUDGET);
        if let Some(result) = fuzzy.settle() {
            return result;
        }
    }
    let best = fuzzy(hay, q, 0, last, None, 0.0, REPORT_BUDGET).best;
    Err(Miss::NotFound {
        best: best.map(|b| (b.start, b.sim)),
        searched: None,
        elsewhere: Vec::new(),
        outside: None,
    })
}

/// Exact or normalized candidates over the whole file: one is a match, several an ambiguity.
fn settle_all(q: &Query<'_>, starts: Vec<usize>, kind: MatchKind) -> Option<Result<Located, Miss>> {
    let blocked = starts
        .iter()
        .find_map(|&s| q.claimed_by(s).map(|block| (s, block)));
    let free: Vec<usize> = starts
        .into_iter()
        .filter(|s| q.claimed_by(*s).is_none())
        .collect();
    match free.as_slice() {
        [] => blocked.map(|(start, block)| Err(Miss::Overlap { start, block })),
        [only] => Some(Ok(Located {
            start: *only,
            sim: Sim::PERFECT,
            kind,
        })),
        _ => Some(Err(Miss::Ambiguous {
            starts: free,
            sim: Sim::PERFECT,
        })),
    }
}

fn kind_of(sim: Sim) -> MatchKind {
    if sim == Sim::PERFECT {
        MatchKind::Normalized
    } else {
        MatchKind::Fuzzy
    }
}

fn exact_at(hay: &Haystack<'_>, needle: &Needle, start: usize) -> bool {
    needle
        .lines
        .iter()
        .enumerate()
        .all(|(i, line)| hay.line(start + i) == line)
}

fn normalized_at(hay: &Haystack<'_>, needle: &Needle, start: usize) -> bool {
    needle
        .norm
        .iter()
        .zip(&needle.norm_hashes)
        .enumerate()
        .all(|(i, (line, hash))| {
            hay.norm(start + i)
                .is_some_and(|l| l.hash == *hash && *l.text == **line)
        })
}

/// Every exact match in the file: candidates by the first line's hash, verified line by line.
fn exact_everywhere(hay: &mut Haystack<'_>, needle: &Needle, last: usize) -> Vec<usize> {
    let Some(&first) = needle.raw_hashes.first() else {
        return Vec::new();
    };
    let hashes = hay.raw_hashes();
    let candidates: Vec<usize> = hashes
        .iter()
        .take(last + 1)
        .enumerate()
        .filter(|(s, h)| {
            **h == first
                && needle
                    .raw_hashes
                    .iter()
                    .enumerate()
                    .all(|(i, nh)| hashes.get(s + i) == Some(nh))
        })
        .map(|(s, _)| s)
        .collect();
    candidates
        .into_iter()
        .filter(|&s| exact_at(hay, needle, s))
        .collect()
}

/// Candidates of one kind nearest to the hint.
struct Nearest {
    found: Vec<usize>,
    blocked: Option<(usize, usize)>,
}

impl Nearest {
    fn settle(self, sim: Sim, kind: MatchKind) -> Option<Result<Located, Miss>> {
        match self.found.as_slice() {
            [] => self
                .blocked
                .map(|(start, block)| Err(Miss::Overlap { start, block })),
            [only] => Some(Ok(Located {
                start: *only,
                sim,
                kind,
            })),
            _ => Some(Err(Miss::Ambiguous {
                starts: self.found,
                sim,
            })),
        }
    }
}

/// Scans middle-out from the hint (hint, hint+1, hint-1, …) and stops at the first distance that
/// has a match; two matches at that distance (one each side) are returned together.
fn nearest(
    q: &Query<'_>,
    hint: usize,
    lo: usize,
    hi: usize,
    mut is_match: impl FnMut(usize) -> bool,
) -> Nearest {
    let mut blocked = None;
    // Only distances that reach into the window: a hint far past the end costs nothing.
    let min_distance = if hint > hi {
        hint - hi
    } else {
        lo.saturating_sub(hint)
    };
    let max_distance = hint.abs_diff(lo).max(hint.abs_diff(hi));
    for d in min_distance..=max_distance {
        let mut found = Vec::new();
        let after = hint.checked_add(d);
        let before = if d == 0 { None } else { hint.checked_sub(d) };
        for s in [before, after].into_iter().flatten() {
            if s < lo || s > hi || !is_match(s) {
                continue;
            }
            match q.claimed_by(s) {
                Some(block) => {
                    blocked.get_or_insert((s, block));
                }
                None => found.push(s),
            }
        }
        if !found.is_empty() {
            return Nearest { found, blocked };
        }
    }
    Nearest {
        found: Vec::new(),
        blocked,
    }
}

/// The normalized text of the window starting at `start` (lines must be normalized).
fn window_text(hay: &Haystack<'_>, start: usize, n: usize) -> String {
    join_normalized((start..start + n).map(|i| hay.norm_text(i)))
}

/// The similarity at one position, unless the character bound already rules out `min`.
fn score_at(hay: &mut Haystack<'_>, needle: &Needle, start: usize, min: f64) -> Option<Sim> {
    let n = needle.len();
    hay.ensure_norm(start..start + n);
    let text = window_text(hay, start, n);
    let chars = text.chars().count();
    let len = chars.max(needle.joined_chars);
    let mut bound = CharBound::new(&needle.joined);
    text.chars().for_each(|c| bound.add(c));
    if !(Sim {
        dist: bound.lower_bound(),
        len,
    })
    .reaches(min)
    {
        return None;
    }
    let (dist, _) = distance(&text, &needle.joined, ACCEPT_BUDGET)?;
    Some(Sim { dist, len })
}

struct Scored {
    start: usize,
    sim: Sim,
    distance: usize,
}

#[derive(Default)]
struct Fuzzy {
    best: Option<Scored>,
    ties: Vec<usize>,
    blocked: Option<(usize, usize)>,
}

impl Fuzzy {
    fn settle(self) -> Option<Result<Located, Miss>> {
        match self.best {
            Some(best) if !self.ties.is_empty() => {
                let mut starts = vec![best.start];
                starts.extend(self.ties);
                starts.sort_unstable();
                Some(Err(Miss::Ambiguous {
                    starts,
                    sim: best.sim,
                }))
            }
            Some(best) => Some(Ok(Located {
                start: best.start,
                sim: best.sim,
                kind: kind_of(best.sim),
            })),
            None => self
                .blocked
                .map(|(start, block)| Err(Miss::Overlap { start, block })),
        }
    }
}

/// The best window in `lo..=hi` scoring at least `min`: highest similarity, then (with a hint)
/// nearest to it; equals on both counts are ties.
fn fuzzy(
    hay: &mut Haystack<'_>,
    q: &Query<'_>,
    lo: usize,
    hi: usize,
    hint: Option<usize>,
    min: f64,
    budget: u64,
) -> Fuzzy {
    let needle = q.needle;
    let n = needle.len();
    let mut result = Fuzzy::default();
    if needle.joined.is_empty() || lo > hi {
        return result;
    }
    hay.ensure_norm(lo..hi + n);

    // Upper bounds for every window, sliding one line at a time.
    let mut bound = CharBound::new(&needle.joined);
    let mut nonempty = 0usize;
    let mut chars = 0usize;
    for i in lo..lo + n {
        slide_in(hay, &mut bound, i, &mut nonempty, &mut chars);
    }
    let mut free = Vec::new();
    let mut claimed = Vec::new();
    for s in lo..=hi {
        if s > lo {
            slide_out(hay, &mut bound, s - 1, &mut nonempty, &mut chars);
            slide_in(hay, &mut bound, s + n - 1, &mut nonempty, &mut chars);
        }
        let upper = Sim {
            dist: bound.lower_bound(),
            len: chars.max(needle.joined_chars),
        };
        if !upper.reaches(min) {
            continue;
        }
        let distance = hint.map_or(0, |h| h.abs_diff(s));
        match q.claimed_by(s) {
            None => free.push((upper, distance, s)),
            Some(block) => claimed.push((upper, block, s)),
        }
    }
    free.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));

    let mut spent = 0u64;
    for (upper, distance_to_hint, start) in free {
        if let Some(best) = &result.best
            && (upper < best.sim || (upper == best.sim && distance_to_hint > best.distance))
        {
            if upper < best.sim {
                break;
            }
            continue;
        }
        let text = window_text(hay, start, n);
        let Some((dist, cells)) = distance(&text, &needle.joined, budget.saturating_sub(spent)) else {
            break;
        };
        spent = spent.saturating_add(cells);
        let sim = Sim {
            dist,
            len: text.chars().count().max(needle.joined_chars),
        };
        if sim.reaches(min) {
            match &result.best {
                Some(best) if sim < best.sim => {}
                Some(best) if sim == best.sim && distance_to_hint > best.distance => {}
                Some(best) if sim == best.sim && distance_to_hint == best.distance => result.ties.push(start),
                _ => {
                    result.best = Some(Scored {
                        start,
                        sim,
                        distance: distance_to_hint,
                    });
                    result.ties.clear();
                }
            }
        }
        if spent > budget {
            break;
        }
    }
    if result.best.is_none() {
        claimed.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        for (_, block, start) in claimed.into_iter().take(8) {
            if score_at(hay, needle, start, min).is_some_and(|sim| sim.reaches(min)) {
                result.blocked = Some((start, block));
                break;
            }
        }
    }
    result
}

/// Adds line `i` to the sliding window: its characters, and a separating space when it is not
/// the first non-empty line.
fn slide_in(hay: &Haystack<'_>, bound: &mut CharBound, i: usize, nonempty: &mut usize, chars: &mut usize) {
    let text = hay.norm_text(i);
    if text.is_empty() {
        return;
    }
    text.chars().for_each(|c| bound.add(c));
    *chars += hay.norm(i).map_or(0, |l| l.chars);
    *nonempty += 1;
    if *nonempty >= 2 {
        bound.add(' ');
        *chars += 1;
    }
}

fn slide_out(hay: &Haystack<'_>, bound: &mut CharBound, i: usize, nonempty: &mut usize, chars: &mut usize) {
    let text = hay.norm_text(i);
    if text.is_empty() {
        return;
    }
    text.chars().for_each(|c| bound.remove(c));
    *chars = chars.saturating_sub(hay.norm(i).map_or(0, |l| l.chars));
    if *nonempty >= 2 {
        bound.remove(' ');
        *chars = chars.saturating_sub(1);
    }
    *nonempty = nonempty.saturating_sub(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needle(text: &str) -> Needle {
        Needle::new(&text.split('\n').map(String::from).collect::<Vec<_>>())
    }

    fn run(
        file: &str,
        search: &str,
        hint: Option<usize>,
        threshold: f64,
        buffer: usize,
    ) -> Result<Located, Miss> {
        run_claimed(file, search, hint, threshold, buffer, &[])
    }

    fn run_claimed(
        file: &str,
        search: &str,
        hint: Option<usize>,
        threshold: f64,
        buffer: usize,
        claims: &[Claim],
    ) -> Result<Located, Miss> {
        let mut hay = Haystack::new(file);
        let needle = needle(search);
        find(
            &mut hay,
            &Query {
                needle: &needle,
                hint,
                threshold,
                buffer,
                claims,
            },
        )
    }

    fn numbered(count: usize) -> String {
        (1..=count).map(|i| format!("line {i}\n")).collect()
    }

    #[test]
    fn exact_unique_without_hint() {
        let found = run("a\nb\nc\n", "b\nc", None, 1.0, 40).unwrap();
        assert_eq!((found.start, found.kind), (1, MatchKind::Exact));
    }

    #[test]
    fn ambiguous_without_hint_lists_every_candidate() {
        let Err(Miss::Ambiguous { starts, .. }) = run("x\na\nx\nb\nx\n", "x", None, 1.0, 40) else {
            panic!()
        };
        assert_eq!(starts, vec![0, 2, 4]);
    }

    #[test]
    fn hint_picks_the_nearest_exact_match() {
        let file = "x\na\nx\nb\nx\nc\n";
        assert_eq!(run(file, "x", Some(2), 1.0, 40).unwrap().start, 2);
        assert_eq!(run(file, "x", Some(0), 1.0, 40).unwrap().start, 0);
        assert_eq!(run(file, "x", Some(5), 1.0, 40).unwrap().start, 4);
    }

    #[test]
    fn equally_near_matches_on_both_sides_are_ambiguous() {
        let Err(Miss::Ambiguous { starts, .. }) = run("x\na\nx\n", "x", Some(1), 1.0, 40) else {
            panic!("expected an ambiguity")
        };
        assert_eq!(starts, vec![0, 2]);
    }

    #[test]
    fn exact_beats_a_nearer_normalized_match() {
        let found = run("  x  y\nz\nx y\n", "x y", Some(0), 1.0, 40).unwrap();
        assert_eq!((found.start, found.kind), (2, MatchKind::Exact));
    }

    #[test]
    fn normalized_match_ignores_indentation_and_typography() {
        let found = run("    return “a”;\n", "return \"a\";", None, 1.0, 40).unwrap();
        assert_eq!((found.start, found.kind), (0, MatchKind::Normalized));
    }

    #[test]
    fn fuzzy_respects_the_threshold() {
        let file = "function getData() {\n    const results = fetchData();\n}\n";
        let search = "function getData() {\n    const result = fetchData();\n}";
        assert!(run(file, search, None, 1.0, 40).is_err());
        let found = run(file, search, None, 0.9, 40).unwrap();
        assert_eq!((found.start, found.kind), (0, MatchKind::Fuzzy));
        assert!(found.sim.value() > 0.9 && found.sim.value() < 1.0);
    }

    #[test]
    fn blank_line_differences_still_score_perfect() {
        // the needle's lines are "a", "b", "": the window "a", "", "b" normalizes to the same text
        let found = run("a\n\nb\n", "a\nb\n", None, 1.0, 40).unwrap();
        assert_eq!((found.start, found.kind), (0, MatchKind::Normalized));
    }

    #[test]
    fn outside_the_window_only_a_unique_exact_match() {
        let mut file = numbered(200);
        file.push_str("target\n");
        let found = run(&file, "target", Some(10), 1.0, 40).unwrap();
        assert_eq!((found.start, found.kind), (200, MatchKind::ExactOutsideWindow));
        file.push_str("target\n");
        let Err(Miss::NotFound {
            elsewhere, searched, ..
        }) = run(&file, "target", Some(10), 1.0, 40)
        else {
            panic!()
        };
        assert_eq!(elsewhere, vec![200, 201]);
        assert_eq!(searched, Some(0..51));
        // a fuzzy candidate outside the window is never taken, but it is reported
        let file = format!("{}targex\n", numbered(200));
        let Err(Miss::NotFound { outside, .. }) = run(&file, "target", Some(10), 0.5, 40) else {
            panic!()
        };
        assert_eq!(outside.map(|o| o.0), Some(200));
    }

    #[test]
    fn window_edges_are_inclusive() {
        let file = format!("{}target\n{}", numbered(50), numbered(10));
        assert_eq!(
            run(&file, "target", Some(10), 1.0, 40).unwrap().kind,
            MatchKind::Exact
        );
        assert_eq!(
            run(&file, "target", Some(9), 1.0, 40).unwrap().kind,
            MatchKind::ExactOutsideWindow
        );
    }

    #[test]
    fn hint_past_the_end_still_finds_a_unique_exact_match() {
        let found = run("a\nb\nc\n", "c", Some(999), 1.0, 5).unwrap();
        assert_eq!((found.start, found.kind), (2, MatchKind::ExactOutsideWindow));
    }

    #[test]
    fn the_hinted_lines_win_when_similar_enough() {
        // line 0 is 0.9-similar and hinted; line 2 is identical but farther: the reference keeps the hint
        let file = "abcdefghij\nzzz\nabcdefghiX\n";
        let found = run(file, "abcdefghiX", Some(0), 0.9, 40).unwrap();
        assert_eq!(found.start, 2, "an exact match in the window comes first");
        let file = "abcdefghij\nzzz\nabcdefghiY\n";
        let found = run(file, "abcdefghiX", Some(0), 0.9, 40).unwrap();
        assert_eq!(found.start, 0);
    }

    #[test]
    fn fuzzy_prefers_the_best_then_the_nearest() {
        let file = "abcdefghXX\nabcdefghiX\nq\nq\nabcdefghiX\n";
        let found = run(file, "abcdefghij", Some(3), 0.5, 40).unwrap();
        assert_eq!(found.start, 4);
        let Err(Miss::Ambiguous { starts, .. }) = run(file, "abcdefghij", None, 0.5, 40) else {
            panic!()
        };
        assert_eq!(starts, vec![1, 4]);
    }

    #[test]
    fn claimed_lines_are_skipped_or_reported() {
        let claims = [Claim {
            lines: 0..1,
            block: 0,
        }];
        let found = run_claimed("x\na\nx\n", "x", None, 1.0, 40, &claims).unwrap();
        assert_eq!(found.start, 2);
        let Err(Miss::Overlap { start, block }) = run_claimed("x\na\n", "x", None, 1.0, 40, &claims) else {
            panic!()
        };
        assert_eq!((start, block), (0, 0));
        let Err(Miss::Overlap { .. }) = run_claimed("x\na\n", "x", Some(0), 1.0, 40, &claims) else {
            panic!()
        };
    }

    #[test]
    fn not_found_reports_the_best_candidate() {
        let file = "function hello() {\n    console.log(\"hello\")\n}\n";
        let search = "function hello() {\n    console.log(\"wrong\")\n}";
        let Err(Miss::NotFound {
            best: Some((start, sim)),
            ..
        }) = run(file, search, None, 1.0, 40)
        else {
            panic!()
        };
        assert_eq!(start, 0);
        assert!(sim.value() > 0.8 && sim.value() < 1.0);
    }

    #[test]
    fn needle_longer_than_file() {
        assert!(matches!(
            run("a", "a\nb", None, 1.0, 40),
            Err(Miss::NotFound { best: None, .. })
        ));
    }

    #[test]
    fn huge_lines_cannot_stall_the_search() {
        // same characters (so the bound lets it through), different ends (so nothing trims):
        // 30,000 × 30,000 cells is over the budget, and the search gives up instead of grinding
        let body = "a".repeat(30_000);
        let file = format!("b{body}c\n");
        let started = std::time::Instant::now();
        assert!(run(&file, &format!("c{body}b"), None, 0.9, 40).is_err());
        assert!(run(&file, &format!("c{body}b"), Some(0), 0.9, 40).is_err());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn blank_needles_match_only_exactly() {
        let found = run("a\n\nb\n", "", Some(1), 0.5, 40).unwrap();
        assert_eq!((found.start, found.kind), (1, MatchKind::Exact));
        assert!(run("a\n  \nb", "", Some(1), 0.5, 40).is_err());
        // the empty line after a final newline is one too
        assert_eq!(run("a\n  \nb\n", "", Some(1), 0.5, 40).unwrap().start, 3);
    }
}
