//! Checking an edited text without re-reading all of it: the result of the last check is kept,
//! and after an edit only the lines a match could reach are searched again (the whole text only
//! for patterns of unbounded reach); `Require` is re-decided from where its match was.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use super::check::{
    Checker, GENERATED_HEAD_BYTES, GENERATED_HEAD_LINES, Truncated, Violation, ViolationKind, first_line_end,
    is_generated,
};
use super::reach::{Reach, safe_line_before};
use super::scope::FileContext;
use super::suppress::{Suppression, silences, suppression};
use crate::text::Source;
use crate::text::syntax::Scan;

/// The region of a text changed since it was last checked, composed from successive edits:
/// `start..old_end` in the checked text became `start..new_end` in the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dirty {
    pub start: usize,
    pub old_end: usize,
    pub new_end: usize,
}

impl Dirty {
    /// One edit: `old` replaced by `new_len` bytes.
    pub fn new(old: Range<usize>, new_len: usize) -> Dirty {
        Dirty {
            start: old.start,
            old_end: old.end,
            new_end: old.start + new_len,
        }
    }

    /// Adds a later edit, given in the coordinates of the text after `self`.
    pub fn then(self, old: Range<usize>, new_len: usize) -> Dirty {
        let start = self.start.min(old.start);
        let end_before = self.new_end.max(old.end);
        let old_end = self.old_end + (end_before - self.new_end);
        let new_end = end_before - (old.end - old.start) + new_len;
        Dirty {
            start,
            old_end,
            new_end,
        }
    }

    /// Composes edits in order; `None` when there are none.
    pub fn compose(edits: impl IntoIterator<Item = (Range<usize>, usize)>) -> Option<Dirty> {
        edits.into_iter().fold(None, |acc, (old, len)| {
            Some(match acc {
                None => Dirty::new(old, len),
                Some(d) => d.then(old, len),
            })
        })
    }
}

/// The outcome of checking a text, kept so the next check after an edit can reuse it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    /// Every violation before suppression comments are applied, sorted by range.
    pub violations: Vec<Violation>,
    /// For each applicable `Require` check: where a match was found, if anywhere.
    require_hits: Vec<(usize, Option<Range<usize>>)>,
    /// The checks that stopped at the limit ([`Checker::limit`]), sorted by check.
    pub truncated: Vec<Truncated>,
    /// The lexical contexts of the text, when a check in force counts only in some of them.
    lexed: Option<Arc<Scan>>,
}

/// How an edit changed the lexical contexts of a text: before `diverge` and from `settle` on
/// (new offsets) they are the old ones (shifted after the edit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LexChange {
    diverge: usize,
    settle: usize,
}

impl LexChange {
    /// Compares the contexts before and after `dirty`; `None` when they never fall back in step
    /// (a `/*` typed above the rest of the file).
    fn between(old: &Scan, new: &Scan, dirty: Dirty) -> Option<LexChange> {
        let shift = |o: usize| (o + dirty.new_end).saturating_sub(dirty.old_end);
        // Regions wholly after the edit must be the old ones, shifted.
        let old_i = old.regions.partition_point(|r| r.range.start < dirty.old_end);
        let new_i = new.regions.partition_point(|r| r.range.start < dirty.new_end);
        let (old_tail, new_tail) = (&old.regions[old_i..], &new.regions[new_i..]);
        if old_tail.len() != new_tail.len()
            || old_tail.iter().zip(new_tail).any(|(o, n)| {
                o.context != n.context
                    || shift(o.range.start) != n.range.start
                    || shift(o.range.end) != n.range.end
            })
        {
            return None;
        }
        // A region holding the edit's end may have grown or shrunk: it settles past both ends.
        let straddling_old = old.regions[..old_i]
            .last()
            .filter(|r| r.range.end > dirty.old_end)
            .map_or(0, |r| shift(r.range.end));
        let straddling_new = new.regions[..new_i]
            .last()
            .filter(|r| r.range.end > dirty.new_end)
            .map_or(0, |r| r.range.end);
        let settle = dirty.new_end.max(straddling_old).max(straddling_new);
        // Before the first region that differs, nothing changed (a `/` before the edit may have
        // become the start of a comment).
        let differ = old
            .regions
            .iter()
            .zip(&new.regions)
            .position(|(o, n)| o != n)
            .unwrap_or(old.regions.len().min(new.regions.len()));
        let diverge = match (old.regions.get(differ), new.regions.get(differ)) {
            // The same region, grown or shrunk: the same context up to the nearer end.
            (Some(o), Some(n)) if o.range.start == n.range.start && o.context == n.context => {
                o.range.end.min(n.range.end)
            }
            (o, n) => [o, n]
                .into_iter()
                .flatten()
                .map(|r| r.range.start)
                .min()
                .unwrap_or(dirty.start),
        }
        .min(dirty.start);
        Some(LexChange { diverge, settle })
    }
}

/// A growing slice of the new text, from a line start, shared by the checks being re-run.
struct Hay<'s> {
    source: &'s dyn Source,
    start: usize,
    end: usize,
    text: Cow<'s, str>,
}

impl<'s> Hay<'s> {
    fn new(source: &'s dyn Source, start: usize, end: usize) -> Self {
        Hay {
            source,
            start,
            end,
            text: source.slice(start..end),
        }
    }

    fn complete(&self) -> bool {
        self.end >= self.source.len()
    }

    /// Doubles the slice (to a line end), up to the end of the text.
    fn grow(&mut self) {
        let wanted = self.end + (self.end - self.start).max(4096);
        let line = self.source.line_of(wanted.min(self.source.len()));
        self.end = self
            .source
            .line_bounds(line)
            .end
            .max(wanted.min(self.source.len()));
        self.text = self.source.slice(self.start..self.end);
    }
}

/// The end of the text a match touching line `last` can reach: the end of the first line below
/// it from which no match could still be going (the end of the text when none).
fn after_edit(reach: &Reach, source: &dyn Source, last: usize) -> usize {
    let len = source.len();
    let lines = source.line_of(len);
    let end = match reach {
        Reach::Lines(k) => last + k + 2,
        Reach::Spanning { opaque, .. } => {
            let mut seen = 0;
            let mut l = last + 1;
            while l <= lines.min(last + crate::rules::reach::MAX_WALK) {
                if reach.is_opaque(&source.line_text(l)) {
                    seen += 1;
                    if seen > *opaque {
                        break;
                    }
                }
                l += 1;
            }
            if l > last + crate::rules::reach::MAX_WALK {
                lines
            } else {
                l + 1
            }
        }
        Reach::Whole => lines,
    };
    source.line_bounds(end.min(lines)).end
}

/// The match of a sorted, non-overlapping list that strictly contains `at`, if any.
fn spans(sorted: &[Range<usize>], at: usize) -> bool {
    let i = sorted.partition_point(|m| m.start < at);
    i > 0 && sorted[i - 1].end > at
}

impl Checker {
    /// Checks a whole text (suppressions not applied: see [`suppress`]), keeping its lexical
    /// scan for the re-checks of later edits.
    pub fn check_full(&self, text: &str, file: &FileContext) -> Checked {
        self.check_whole(text, file, true)
    }

    /// [`Checker::check_full`]; without `keep_scan`, the text is lexed only when a check that
    /// the prefilter kept needs it (a whole-tree run lexes the few files that can break a
    /// code-only rule, not every file).
    pub(crate) fn check_whole(&self, text: &str, file: &FileContext, keep_scan: bool) -> Checked {
        let applicable = self.applicable(file, is_generated(text));
        let mut violations = Vec::new();
        let mut require_hits = Vec::new();
        for &i in &applicable {
            let check = &self.checks()[i];
            if check.forbidden_covers(file) {
                violations.push(self.line_one_violation(
                    i,
                    first_line_end(text),
                    ViolationKind::ForbiddenPath,
                ));
            }
            if let Some(require) = check.require() {
                let hit = require.find(text);
                if hit.is_none() {
                    violations.push(self.line_one_violation(i, first_line_end(text), ViolationKind::Require));
                }
                require_hits.push((i, hit));
            }
        }
        let with_pattern: Vec<usize> = applicable
            .iter()
            .copied()
            .filter(|&i| self.checks()[i].pattern().is_some())
            .collect();
        let mut truncated = Vec::new();
        let candidates = if with_pattern.is_empty() {
            Vec::new()
        } else {
            self.prefilter(text, &with_pattern)
        };
        let indented = self.indent_checks(&applicable);
        let mut lexing = if keep_scan {
            with_pattern
        } else {
            candidates.clone()
        };
        lexing.extend(&indented);
        let lexed = self.lex(text, file, &lexing).map(Arc::new);
        let ascii = text.is_ascii();
        for i in candidates {
            if self.pattern_violations(i, (text, ascii), 0, 0, lexed.as_deref(), &mut violations) {
                truncated.push(self.truncated(i));
            }
        }
        for i in indented {
            if self.indent_violations(i, text, file, lexed.as_deref(), &mut violations) {
                truncated.push(self.truncated(i));
            }
        }
        sort(&mut violations);
        truncated.sort();
        Checked {
            violations,
            require_hits,
            truncated,
            lexed,
        }
    }

    /// The `Indent` checks among `checks` (indices).
    fn indent_checks(&self, checks: &[usize]) -> Vec<usize> {
        checks
            .iter()
            .copied()
            .filter(|&i| self.checks()[i].indent.is_some())
            .collect()
    }

    fn truncated(&self, check: usize) -> Truncated {
        Truncated {
            check,
            rule: self.checks()[check].rule,
        }
    }

    /// Re-checks `source` after the edit `dirty` to the text `previous` was computed for.
    /// Equivalent to [`Checker::check_full`] on the new text: a pattern whose matches span at
    /// most `k` line breaks is re-run from `k + 1` lines before the edit until its matches fall
    /// back in step with the old ones (shifted); only unbounded patterns read the whole text.
    pub fn recheck(
        &self,
        previous: &Checked,
        dirty: Dirty,
        source: &dyn Source,
        file: &FileContext,
    ) -> Checked {
        let len = source.len();
        let new_end = dirty.new_end.min(len);
        let first_line = source.line_of(dirty.start.min(len));
        let last_line = source.line_of(new_end);
        // Offsets after the edit move by the same amount; `old_to_new` is only used on them.
        let old_to_new = |old: usize| (old + new_end).saturating_sub(dirty.old_end);
        let new_to_old = |new: usize| (new + dirty.old_end).saturating_sub(new_end);
        // An edit in a file's head may say (or stop saying) that a tool generated it, which
        // decides which checks apply: the whole text is checked again.
        if first_line < GENERATED_HEAD_LINES {
            return self.check_whole(&source.slice(0..len), file, true);
        }
        let mut whole: Option<Cow<str>> = None;
        let head_end = source
            .line_bounds(GENERATED_HEAD_LINES - 1)
            .end
            .min(len)
            .min(GENERATED_HEAD_BYTES);
        let applicable = self.applicable(file, is_generated(&source.slice(0..head_end)));
        let line_one = first_line_end(&source.line_text(0));
        let mut violations = Vec::with_capacity(previous.violations.len() + 4);
        let mut truncated = Vec::new();

        let mut old: std::collections::HashMap<usize, Vec<&Violation>> = std::collections::HashMap::new();
        for v in previous
            .violations
            .iter()
            .filter(|v| v.kind == ViolationKind::Pattern)
        {
            old.entry(v.check).or_default().push(v);
        }
        // Checks that count matches in some contexts only see the contexts of the new text: the
        // file is lexed again, and those checks re-run over what the edit changed lexically too.
        let with_pattern: Vec<usize> = applicable
            .iter()
            .copied()
            .filter(|&i| self.checks()[i].pattern().is_some())
            .collect();
        // Indentation follows the blocks from the top of the text: those checks read it whole.
        let indented = self.indent_checks(&applicable);
        let lexed = match file.syntax() {
            Some(syntax) if !indented.is_empty() || self.needs_lexing(&with_pattern) => {
                let text = whole.get_or_insert_with(|| source.slice(0..len));
                Some(Arc::new(match &previous.lexed {
                    // Lexed again from shortly before the edit to where the lexer's state agrees
                    // with the old scan's.
                    Some(old) => old.rescan(text, syntax, dirty.start..dirty.old_end, new_end),
                    None => crate::text::syntax::scan(text, syntax),
                }))
            }
            _ => None,
        };
        let lex_change = match (&previous.lexed, &lexed) {
            (Some(old), Some(new)) => LexChange::between(old, new, dirty),
            _ => None,
        };
        let contextual = |i: usize| self.checks()[i].within != crate::rules::model::Within::Any;

        // Each pattern re-runs from the first line a match touching the edit could start on.
        let line_text = |l: usize| source.line_text(l).into_owned();
        let mut local = Vec::new();
        let mut unbounded = Vec::new();
        for &i in &with_pattern {
            // A check at its limit is re-run whole: which violations fall under the limit
            // depends on every match before them.
            let capped = previous.truncated.iter().any(|t| t.check == i)
                || old.get(&i).is_some_and(|o| o.len() >= self.limit());
            let from_line = match (contextual(i), lex_change) {
                (false, _) => Some(first_line),
                (true, Some(change)) if lexed.is_some() => {
                    Some(first_line.min(source.line_of(change.diverge)))
                }
                // Lexed for the first time, or contexts changed to the end of the text.
                (true, _) if lexed.is_some() => None,
                // A language autofix cannot lex: every position is code, as before the edit.
                (true, _) => Some(first_line),
            };
            match from_line.and_then(|l| safe_line_before(&self.checks()[i].pattern_reach, l, line_text)) {
                Some(line) if !capped => local.push((i, source.line_bounds(line).start)),
                _ => unbounded.push(i),
            }
        }

        if let Some(hay_start) = local.iter().map(|(_, start)| *start).min() {
            // Past the line after the edit, the old matches (shifted) are right again as soon as
            // both scans agree that no match crosses a line start.
            let sync_line = last_line + 2;
            let mut hay = Hay::new(source, hay_start, source.line_bounds(sync_line + 8).end);
            let ids: Vec<usize> = local.iter().map(|(i, _)| *i).collect();
            let mut candidates = self.prefilter(&hay.text, &ids);
            for &(i, region) in &local {
                let reach = &self.checks()[i].pattern_reach;
                let old_matches: Vec<&Violation> = old.get(&i).cloned().unwrap_or_default();
                let old_ranges: Vec<Range<usize>> = old_matches.iter().map(|v| v.matched.clone()).collect();
                let before: Vec<&Violation> = old_matches
                    .iter()
                    .copied()
                    .filter(|v| v.matched.start < region)
                    .collect();
                let resume = before.last().map_or(region, |v| v.matched.end.max(region));
                let mut mine: Vec<Violation> = before.iter().map(|v| (*v).clone()).collect();
                let mut stopped = false;
                loop {
                    let mut found = Vec::new();
                    if candidates.contains(&i) {
                        stopped = self.pattern_violations(
                            i,
                            (&hay.text, hay.text.is_ascii()),
                            resume - hay.start,
                            hay.start,
                            lexed.as_deref(),
                            &mut found,
                        );
                    }
                    if stopped {
                        // Past the limit within the slice alone, where the last matches may be
                        // cut short: the whole text decides which ones are reported.
                        break;
                    }
                    let found_ranges: Vec<Range<usize>> = found.iter().map(|v| v.matched.clone()).collect();
                    // Matches starting near the end of the slice may have been cut short.
                    let trusted_until = if hay.complete() {
                        len + 1
                    } else {
                        let last = source.line_of(hay.end.saturating_sub(1));
                        safe_line_before(reach, last, line_text)
                            .map_or(0, |l| source.line_bounds(l.saturating_sub(1)).start)
                    };
                    // Old matches of a check in some contexts stand where the contexts do.
                    let settled = match lex_change {
                        Some(change) if contextual(i) => change.settle,
                        _ => 0,
                    };
                    let sync = (sync_line..)
                        .map(|l| source.line_bounds(l).start)
                        .take_while(|&q| q < trusted_until && q < len)
                        .find(|&q| {
                            q >= settled && !spans(&found_ranges, q) && !spans(&old_ranges, new_to_old(q))
                        });
                    if let Some(q) = sync {
                        mine.extend(found.into_iter().filter(|v| v.matched.start < q));
                        let q_old = new_to_old(q);
                        mine.extend(old_matches.iter().filter(|v| v.matched.start >= q_old).map(|v| {
                            let mut moved = (*v).clone();
                            moved.range = old_to_new(v.range.start)..old_to_new(v.range.end);
                            moved.matched = old_to_new(v.matched.start)..old_to_new(v.matched.end);
                            moved
                        }));
                        break;
                    }
                    if hay.complete() {
                        mine.extend(found);
                        break;
                    }
                    hay.grow();
                    candidates = self.prefilter(&hay.text, &ids);
                }
                if stopped {
                    unbounded.push(i);
                    continue;
                }
                // `mine` holds every violation of the check in the new text, in order: a full
                // check reports the first `limit` of them.
                if mine.len() > self.limit() {
                    mine.truncate(self.limit());
                    truncated.push(self.truncated(i));
                }
                violations.extend(mine);
            }
        }
        if !unbounded.is_empty() {
            let text = whole.get_or_insert_with(|| source.slice(0..len));
            let ascii = text.is_ascii();
            for i in self.prefilter(text, &unbounded) {
                if self.pattern_violations(i, (&**text, ascii), 0, 0, lexed.as_deref(), &mut violations) {
                    truncated.push(self.truncated(i));
                }
            }
        }
        if !indented.is_empty() {
            let text = whole.get_or_insert_with(|| source.slice(0..len));
            for i in indented {
                if self.indent_violations(i, text, file, lexed.as_deref(), &mut violations) {
                    truncated.push(self.truncated(i));
                }
            }
        }

        let mut require_hits = Vec::new();
        for &i in &applicable {
            let check = &self.checks()[i];
            if check.forbidden_covers(file) {
                violations.push(self.line_one_violation(i, line_one, ViolationKind::ForbiddenPath));
            }
            let Some(require) = check.require() else { continue };
            let before = previous
                .require_hits
                .iter()
                .find(|(c, _)| *c == i)
                .and_then(|(_, h)| h.clone());
            let mut whole_find = || require.find(whole.get_or_insert_with(|| source.slice(0..len)));
            let hit = match safe_line_before(&check.require_reach, first_line, line_text) {
                None => whole_find(),
                Some(from_line) => {
                    // Any match touching the edit starts at or after `from`, and (by the same
                    // reasoning read backwards from the end) ends before `to`.
                    let from = source.line_bounds(from_line).start;
                    let to = after_edit(&check.require_reach, source, last_line);
                    let old_to = new_to_old(to);
                    let local = || {
                        let text = source.slice(from..to);
                        require.find(&text).map(|m| m.start + from..m.end + from)
                    };
                    match before {
                        Some(r) if r.end < from => Some(r),
                        Some(r) if r.start > old_to && to < len => {
                            Some(old_to_new(r.start)..old_to_new(r.end))
                        }
                        Some(_) => local().or_else(whole_find),
                        // Missing before: only the edit can have brought one.
                        None => local(),
                    }
                }
            };
            if hit.is_none() {
                violations.push(self.line_one_violation(i, line_one, ViolationKind::Require));
            }
            require_hits.push((i, hit));
        }
        sort(&mut violations);
        truncated.sort();
        Checked {
            violations,
            require_hits,
            truncated,
            lexed,
        }
    }
}

fn sort(violations: &mut [Violation]) {
    violations.sort_by_key(|v| (v.range.start, v.range.end, v.rule, v.check));
}

/// Drops a match that another match of the same rule covers entirely (`confirm` inside
/// `window.confirm`, when the rule names both; the same name found by two of its checks),
/// inferred or written: one diagnostic per place.
/// Applied to what is shown, after checking, so the checker's limits and incremental
/// bookkeeping count every match alike.
fn one_per_place(mut violations: Vec<Violation>) -> Vec<Violation> {
    violations.sort_by_key(|v| (v.range.start, std::cmp::Reverse(v.range.end), v.rule, v.check));
    // Per rule, the match seen so far that reaches furthest: (end, start).
    let mut reach: std::collections::HashMap<u64, (usize, usize)> = std::collections::HashMap::new();
    let mut keep = Vec::with_capacity(violations.len());
    for v in &violations {
        // Only matches cover matches: a missing `Require` or a forbidden path spans line 1
        // whatever else is on it.
        if v.kind != ViolationKind::Pattern {
            keep.push(true);
            continue;
        }
        let covered = reach
            .get(&v.rule)
            .is_some_and(|&(end, start)| end > v.range.end || (end == v.range.end && start <= v.range.start));
        keep.push(!covered);
        let r = reach.entry(v.rule).or_insert((v.range.end, v.range.start));
        if v.range.end > r.0 {
            *r = (v.range.end, v.range.start);
        }
    }
    let mut k = keep.into_iter();
    violations.retain(|_| k.next().unwrap_or(true));
    sort(&mut violations);
    violations
}

/// What is shown of a file's violations: one per place ([`one_per_place`]), without those
/// silenced by `autofix-ignore` comments (on their line, or alone on the line above).
pub fn suppress(violations: Vec<Violation>, source: &dyn Source) -> Vec<Violation> {
    let violations = one_per_place(violations);
    let mut cache: Vec<(usize, Option<Suppression>)> = Vec::new();
    let mut at = |line: usize| -> Option<Suppression> {
        if let Some((_, s)) = cache.iter().find(|(l, _)| *l == line) {
            return s.clone();
        }
        let s = suppression(&source.line_text(line));
        cache.push((line, s.clone()));
        s
    };
    violations
        .into_iter()
        .filter(|v| {
            let line = source.line_of(v.range.start);
            let above = line.checked_sub(1).and_then(&mut at);
            !silences(v.rule, at(line).as_ref(), above.as_ref())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::check::Truncated;
    use crate::rules::model::Rule;
    use crate::rules::parse::parse;
    use crate::text::StrSource;
    use proptest::prelude::*;
    use ropey::Rope;

    fn checker(checks: &str) -> Checker {
        let json = format!(
            r#"[{{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {checks}}}]"#
        );
        let rules: &'static [Rule] = Box::leak(parse(&json).rules.into_boxed_slice());
        let (c, problems) = Checker::compile(rules.iter().flat_map(|r| r.checks.iter().map(move |c| (r, c))));
        assert!(problems.is_empty(), "{problems:?}");
        c
    }

    const CHECKS: &str = r#"[{"Pattern": "\\bany\\b"}, {"Pattern": "foo\\s+bar"}, {"Require": "^// header"},
        {"Pattern": "(?:^|[^=!])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}, {"Require": "\\Astart"}, {"Pattern": "end\\z"},
        {"Pattern": "x\\n+y"}, {"Pattern": "any\\s{0,2}x"}, {"Require": "end\\nstart"}, {"Pattern": "x*"}, {"Pattern": "(?:any|x)(?:\\r?\\n(?:any|x)){1,2}"},
        {"Pattern": ":\\s*any\\b"}, {"Require": "foo\\s+y"}, {"Pattern": "(?P<hit>x)\\s*\\n\\s*y"}, {"Indent": 4}]"#;

    fn apply(text: &str, at: Range<usize>, insert: &str) -> String {
        format!("{}{}{}", &text[..at.start], insert, &text[at.end..])
    }

    #[test]
    fn dirty_regions_compose() {
        // "abcdef": replace "cd" by "XYZ" → "abXYZef"; then insert "!" at 0 → "!abXYZef".
        let d = Dirty::new(2..4, 3).then(0..0, 1);
        assert_eq!(
            d,
            Dirty {
                start: 0,
                old_end: 4,
                new_end: 6
            }
        );
        // Then delete "ef" at the end (6..8 of "!abXYZef").
        let d = d.then(6..8, 0);
        assert_eq!(
            d,
            Dirty {
                start: 0,
                old_end: 6,
                new_end: 6
            }
        );
        assert_eq!(Dirty::compose([]), None);
    }

    #[test]
    fn an_edit_adds_and_removes_violations_like_a_full_check() {
        let c = checker(CHECKS);
        let file = FileContext::default();
        let text = "// header\nlet a: any = 1;\nlet b = 2;\nif (x == y) {}\n";
        let before = c.check_full(text, &file);
        let at = text.find("2;").unwrap();
        let edited = apply(text, at..at + 1, "any");
        let rope = Rope::from_str(&edited);
        let again = c.recheck(&before, Dirty::new(at..at + 1, 3), &rope, &file);
        assert_eq!(again, c.check_full(&edited, &file));
        let anys = again
            .violations
            .iter()
            .filter(|v| v.check == 0)
            .map(|v| &edited[v.range.clone()])
            .collect::<Vec<_>>();
        assert_eq!(
            anys,
            ["any", "any"],
            "the edit's new `any` is found, the old one kept"
        );
    }

    #[test]
    fn removing_the_required_line_is_noticed() {
        let c = checker(CHECKS);
        let file = FileContext::default();
        let text = "start\n// header\nx\n";
        let before = c.check_full(text, &file);
        let edited = apply(text, 6..16, "");
        let again = c.recheck(&before, Dirty::new(6..16, 0), &StrSource::new(&edited), &file);
        assert_eq!(again, c.check_full(&edited, &file));
        assert!(again.violations.iter().any(|v| v.kind == ViolationKind::Require));
    }

    #[test]
    fn suppressions_apply_to_the_line_and_the_next_when_alone() {
        // Deliberately changed: the trailing comment on line 3 no longer silences line 4.
        let c = checker(r#"{"Pattern": "TODO"}"#);
        let text = "TODO\n// autofix-ignore: 1\nTODO\nTODO // autofix-ignore\nTODO\n  {/* autofix-ignore */}\nTODO\nTODO\n";
        let v = suppress(
            c.check_full(text, &FileContext::default()).violations,
            &StrSource::new(text),
        );
        let lines: Vec<usize> = v
            .iter()
            .map(|v| StrSource::new(text).line_of(v.range.start))
            .collect();
        assert_eq!(lines, [0, 4, 7]);
    }

    /// `text` after `edits` (each clamped to it), and the region they changed.
    fn edited(text: &str, edits: Vec<(usize, usize, String)>) -> (String, Dirty) {
        let mut current = text.to_string();
        let mut dirty: Option<Dirty> = None;
        for (at, del, insert) in edits {
            let start = crate::text::lines::floor_char_boundary(&current, at.min(current.len()));
            let end = crate::text::lines::floor_char_boundary(&current, (start + del).min(current.len()));
            current = apply(&current, start..end, &insert);
            dirty = Some(match dirty {
                None => Dirty::new(start..end, insert.len()),
                Some(d) => d.then(start..end, insert.len()),
            });
        }
        (current, dirty.expect("at least one edit"))
    }

    #[test]
    fn a_check_past_its_limit_is_truncated_alike_after_an_edit() {
        let c = checker(CHECKS).with_limit(3);
        let file = FileContext::default();
        let text = "any\n\nany\n\nx\n";
        let before = c.check_full(text, &file);
        assert!(before.truncated.is_empty());
        // Two more below the limit's reach: only the lines around the edit are searched again.
        let (current, dirty) = edited(text, vec![(text.len(), 0, "any any\n".into())]);
        let again = c.recheck(&before, dirty, &StrSource::new(&current), &file);
        assert_eq!(again, c.check_full(&current, &file));
        assert_eq!(again.truncated, [Truncated { check: 0, rule: 1 }]);
        assert_eq!(again.violations.iter().filter(|v| v.check == 0).count(), 3);
    }

    #[test]
    fn a_rule_shows_one_diagnostic_per_place() {
        let c = checker(r#"[{"Pattern": "window\\.confirm"}, {"Pattern": "confirm"}, {"Require": "zzz"}]"#);
        let text = "window.confirm(1); confirm(2);\n";
        let shown = c.check(text, &FileContext::default()).violations;
        let ranges: Vec<_> = shown.iter().map(|v| (v.kind, v.range.clone())).collect();
        // The missing `Require` spans line 1 and covers nothing; `confirm` inside
        // `window.confirm` is that one diagnostic.
        assert_eq!(
            ranges,
            [
                (ViolationKind::Pattern, 0..14),
                (ViolationKind::Require, 0..30),
                (ViolationKind::Pattern, 19..26)
            ]
        );
        // The checker itself still counts every match (limits, incremental bookkeeping).
        assert_eq!(c.check_full(text, &FileContext::default()).violations.len(), 4);
        // Two checks of a rule finding the same text: one diagnostic.
        let twice = checker(r#"[{"Pattern": "\\bfoo_bar\\b"}, {"Pattern": "foo_bar"}]"#);
        let shown = twice.check("x foo_bar y\n", &FileContext::default()).violations;
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].range, 2..9);
    }

    /// Checks that count only in code, comments or strings, and one anywhere.
    const CONTEXTUAL: &str = r#"[{"Pattern": "\\bany\\b", "Within": "code"}, {"Pattern": "TODO", "Within": "comments"},
        {"Pattern": "(?P<hit>x)\\s*\\n\\s*y", "Within": "code"}, {"Pattern": "foo", "Within": "strings"}, {"Pattern": "foo"}, {"Indent": 2}]"#;

    fn ts() -> FileContext<'static> {
        FileContext {
            rel_path: Some("src/a.ts"),
            language_id: None,
        }
    }

    /// The texts of the violations of check `i`.
    fn hits(c: &Checked, text: &str, i: usize) -> Vec<String> {
        c.violations
            .iter()
            .filter(|v| v.check == i)
            .map(|v| format!("{}@{}", &text[v.range.clone()], v.range.start))
            .collect()
    }

    #[test]
    fn within_keeps_the_matches_of_its_context_only() {
        let c = checker(CONTEXTUAL);
        let text = "let a: any = 'any foo'; // any TODO foo
/* TODO any */ const s = `${any} foo`;
";
        let checked = c.check_full(text, &ts());
        let at = |what: &str, nth: usize| {
            let (i, m) = text.match_indices(what).nth(nth).unwrap();
            format!("{m}@{i}")
        };
        assert_eq!(
            hits(&checked, text, 0),
            [at("any", 0), at("any", 4)],
            "code only: not in strings or comments"
        );
        assert_eq!(hits(&checked, text, 1), [at("TODO", 0), at("TODO", 1)]);
        assert_eq!(
            hits(&checked, text, 3),
            [at("foo", 0), at("foo", 2)],
            "strings and templates"
        );
        assert_eq!(hits(&checked, text, 4).len(), 3, "no Within: anywhere");
        // A Python docstring is a string, `#` a comment.
        let py = "def f(x: any):
    \"\"\"any here is prose\"\"\"
    return any  # any
";
        let file = FileContext {
            rel_path: Some("a.py"),
            language_id: None,
        };
        let found: Vec<usize> = c
            .check_full(py, &file)
            .violations
            .iter()
            .filter(|v| v.check == 0)
            .map(|v| v.range.start)
            .collect();
        assert_eq!(
            found,
            [py.find("any").unwrap(), py.find("return any").unwrap() + 7]
        );
    }

    #[test]
    fn a_dockerfile_comment_is_a_comment() {
        let c = checker(CONTEXTUAL);
        let text = "# any base image\nFROM node AS any\n";
        let file = FileContext {
            rel_path: Some("docker/Dockerfile"),
            language_id: None,
        };
        assert_eq!(
            hits(&c.check_full(text, &file), text, 0),
            [format!("any@{}", text.rfind("any").unwrap())]
        );
    }

    #[test]
    fn in_a_language_autofix_cannot_lex_everything_is_code() {
        let c = checker(CONTEXTUAL);
        let text = "any // any TODO\n";
        let file = FileContext {
            rel_path: Some("notes.unknownext"),
            language_id: None,
        };
        let checked = c.check_full(text, &file);
        assert_eq!(hits(&checked, text, 0).len(), 2);
        assert!(
            hits(&checked, text, 1).is_empty(),
            "no comments in a text that does not lex"
        );
    }

    #[test]
    fn opening_a_comment_above_hides_what_follows_and_closing_it_shows_it_again() {
        let c = checker(CONTEXTUAL);
        let file = ts();
        let mut text = String::from("let a: any;\n");
        for _ in 0..50 {
            text.push_str("let b = 1;\n");
        }
        text.push_str("let z: any;\n");
        let before = c.check_full(&text, &file);
        assert_eq!(hits(&before, &text, 0).len(), 2);
        let (opened, dirty) = edited(&text, vec![(12, 0, "/*".into())]);
        let after = c.recheck(&before, dirty, &StrSource::new(&opened), &file);
        assert_eq!(after, c.check_full(&opened, &file));
        assert_eq!(
            hits(&after, &opened, 0).len(),
            1,
            "the second `any` is in the comment now"
        );
        let (closed, dirty) = edited(&opened, vec![(opened.len(), 0, "*/ any;".into())]);
        let again = c.recheck(&after, dirty, &StrSource::new(&closed), &file);
        assert_eq!(again, c.check_full(&closed, &file));
        assert_eq!(hits(&again, &closed, 0).len(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Edits that open and close comments, strings and templates anywhere: re-checking
        /// checks with a `Within` finds what a full check of the new text finds.
        #[test]
        fn recheck_with_contexts_equals_a_full_check(
            text in "((any|TODO|foo| |\n|\n\n|\r\n|x|y|//|/\\*|\\*/|'|\"|`|\\$\\{|\\}|\\\\|😀){0,80})",
            edits in proptest::collection::vec((0usize..300, 0usize..8, "(any|TODO|foo|\n|x|y|//|/\\*|\\*/|'|\"|`|\\$\\{|\\}| ){0,3}"), 1..5),
            path in "(a\\.ts|a\\.py|a\\.rs|a\\.md|a\\.sql|a\\.html|a\\.txt)",
        ) {
            let c = checker(CONTEXTUAL);
            let file = FileContext { rel_path: Some(&path), language_id: None };
            let (current, dirty) = edited(&text, edits);
            let before = c.check_full(&text, &file);
            let again = c.recheck(&before, dirty, &Rope::from_str(&current), &file);
            let full = c.check_full(&current, &file);
            prop_assert_eq!(&again.violations, &full.violations);
            prop_assert_eq!(&again.truncated, &full.truncated);
        }

        #[test]
        fn recheck_equals_a_full_check(
            text in "((any|foo|bar|==|===|// header|start|end|y| |   |\n|\n\n\n|\r\n|x|:|😀){0,80})",
            edits in proptest::collection::vec((0usize..300, 0usize..8, "(any|foo bar|\n|==| |start|end|x|y|// header\n){0,3}"), 1..5),
        ) {
            let c = checker(CHECKS);
            let file = FileContext::default();
            let (current, dirty) = edited(&text, edits);
            let before = c.check_full(&text, &file);
            let again = c.recheck(&before, dirty, &Rope::from_str(&current), &file);
            let full = c.check_full(&current, &file);
            prop_assert_eq!(&again.violations, &full.violations);
            prop_assert_eq!(&again.truncated, &full.truncated);
        }

        /// The same with a limit small enough for the texts to reach it: which checks are cut
        /// short, and where, does not depend on how the text was checked.
        #[test]
        fn recheck_equals_a_full_check_at_the_limit(
            limit in 1usize..4,
            text in "((any|foo|bar|==|===|// header|start|end|y| |   |\n|\n\n\n|\r\n|x|:|😀){0,80})",
            edits in proptest::collection::vec((0usize..300, 0usize..8, "(any|foo bar|\n|==| |start|end|x|y|// header\n){0,3}"), 1..5),
        ) {
            let c = checker(CHECKS).with_limit(limit);
            let file = FileContext::default();
            let (current, dirty) = edited(&text, edits);
            let before = c.check_full(&text, &file);
            let again = c.recheck(&before, dirty, &Rope::from_str(&current), &file);
            let full = c.check_full(&current, &file);
            prop_assert_eq!(&again.violations, &full.violations);
            prop_assert_eq!(&again.truncated, &full.truncated);
        }

        /// A linter's exemptions — branches without a hit that consume the next line, the line,
        /// or the file up to an `eslint-enable` — re-check as a full check does, whatever is
        /// edited around them.
        #[test]
        fn recheck_with_linter_exemptions_equals_a_full_check(
            text in "((x: any|any|// eslint-disable-next-line no-explicit-any\n|/\\* eslint-disable no-explicit-any \\*/|/\\* eslint-enable \\*/|// eslint-disable-line|\n| |x){0,40})",
            edits in proptest::collection::vec((0usize..300, 0usize..8, "(: any|\n|// eslint-disable-next-line no-explicit-any\n|/\\* eslint-disable \\*/|x| ){0,3}"), 1..5),
        ) {
            static C: std::sync::LazyLock<Checker> = std::sync::LazyLock::new(|| {
                let rules = parse(
                    r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "No explicit `any` (`typescript/no-explicit-any: error`)", "Why": "w"}]"#,
                )
                .rules;
                let inferred = crate::rules::infer::infer(&rules[0]);
                let pattern = inferred.checks[0].pattern.clone().expect("a pattern check");
                assert!(pattern.contains("lint-disable-next-line"), "{pattern}");
                let checks = serde_json::json!([{"Pattern": pattern, "Within": "code"}]).to_string();
                checker(&checks)
            });
            let file = ts();
            let (current, dirty) = edited(&text, edits);
            let before = C.check_full(&text, &file);
            let again = C.recheck(&before, dirty, &Rope::from_str(&current), &file);
            let full = C.check_full(&current, &file);
            prop_assert_eq!(&again.violations, &full.violations);
        }

        #[test]
        fn suppress_agrees_with_a_whole_text_scan(
            text in "((TODO|x|  |\n|\r\n|\r|// |# |<!-- | -->|\\{/\\* |autofix-ignore|autofix-ignored|: 1|: 2|, 1|😀){0,60})",
        ) {
            static C: std::sync::LazyLock<Checker> =
                std::sync::LazyLock::new(|| checker(r#"[{"Pattern": "TODO"}, {"Pattern": "x"}]"#));
            let full = C.check_full(&text, &FileContext::default()).violations;
            let index = crate::text::LineIndex::new(&text);
            let scan = crate::rules::suppress::Suppressions::scan(&text, &index);
            let expected: Vec<Violation> = full
                .iter()
                .filter(|v| !scan.silences(v.rule, index.line_of(v.range.start)))
                .cloned()
                .collect();
            prop_assert_eq!(suppress(full.clone(), &StrSource::new(&text)), expected.clone());
            prop_assert_eq!(suppress(full, &Rope::from_str(&text)), expected);
        }
    }
}
