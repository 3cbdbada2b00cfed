//! Checking an edited text without re-reading all of it: the result of the last check is kept,
//! and after an edit only the edited lines are searched again (the whole text only for patterns
//! that can cross lines); `Require` is re-decided from where its match was.

use std::ops::Range;

use super::check::{Checker, Violation, ViolationKind, first_line_end};
use super::scope::FileContext;
use super::suppress::{Silenced, parse_line};
use crate::text::Source;

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
}

impl Checker {
    /// Checks a whole text (suppressions not applied: see [`suppress`]).
    pub fn check_full(&self, text: &str, file: &FileContext) -> Checked {
        let applicable = self.applicable(file);
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
                let hit = require.find(text).map(|m| m.range());
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
        if !with_pattern.is_empty() {
            for i in self.prefilter(text, &with_pattern) {
                self.pattern_violations(i, text, 0, &mut violations);
            }
        }
        sort(&mut violations);
        Checked {
            violations,
            require_hits,
        }
    }

    /// Re-checks `source` after the edit `dirty` to the text `previous` was computed for.
    /// Equivalent to [`Checker::check_full`] on the new text, at a fraction of the cost.
    pub fn recheck(
        &self,
        previous: &Checked,
        dirty: Dirty,
        source: &dyn Source,
        file: &FileContext,
    ) -> Checked {
        let len = source.len();
        // The edited lines, whole, in the new text and in the old.
        let window = source.line_bounds(source.line_of(dirty.start)).start
            ..source.line_bounds(source.line_of(dirty.new_end.min(len))).end;
        let shift = |offset: usize| (offset + dirty.new_end).saturating_sub(dirty.old_end);
        let old_window_end = (window.end + dirty.old_end).saturating_sub(dirty.new_end);
        let window_text = source.slice(window.clone());
        let mut whole: Option<std::borrow::Cow<str>> = None;
        let mut whole_text =
            || -> std::borrow::Cow<str> { whole.get_or_insert_with(|| source.slice(0..len)).clone() };

        let applicable = self.applicable(file);
        let line_one = first_line_end(&source.line_text(0));
        let mut violations = Vec::with_capacity(previous.violations.len() + 4);

        // Pattern violations of single-line checks outside the edited lines are still right.
        for v in &previous.violations {
            if v.kind != ViolationKind::Pattern || self.checks()[v.check].needs_whole_text {
                continue;
            }
            if v.range.end <= window.start {
                violations.push(v.clone());
            } else if v.range.start >= old_window_end {
                let mut moved = v.clone();
                moved.range = shift(v.range.start)..shift(v.range.end);
                violations.push(moved);
            }
        }
        let (whole_checks, line_checks): (Vec<usize>, Vec<usize>) = applicable
            .iter()
            .copied()
            .filter(|&i| self.checks()[i].pattern().is_some())
            .partition(|&i| self.checks()[i].needs_whole_text);
        for i in self.prefilter(&window_text, &line_checks) {
            self.pattern_violations(i, &window_text, window.start, &mut violations);
        }
        if !whole_checks.is_empty() {
            let text = whole_text();
            for i in self.prefilter(&text, &whole_checks) {
                self.pattern_violations(i, &text, 0, &mut violations);
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
            let hit = match before {
                _ if check.require_needs_whole_text => require.find(&whole_text()).map(|m| m.range()),
                Some(r) if r.end <= window.start => Some(r),
                Some(r) if r.start >= old_window_end => Some(shift(r.start)..shift(r.end)),
                // The match was in the edited lines: it may have moved, or be gone.
                Some(_) => require
                    .find(&window_text)
                    .map(|m| m.start() + window.start..m.end() + window.start)
                    .or_else(|| require.find(&whole_text()).map(|m| m.range())),
                // Missing before: only the edited lines can have brought one.
                None => require
                    .find(&window_text)
                    .map(|m| m.start() + window.start..m.end() + window.start),
            };
            if hit.is_none() {
                violations.push(self.line_one_violation(i, line_one, ViolationKind::Require));
            }
            require_hits.push((i, hit));
        }
        sort(&mut violations);
        Checked {
            violations,
            require_hits,
        }
    }
}

fn sort(violations: &mut [Violation]) {
    violations.sort_by_key(|v| (v.range.start, v.range.end, v.rule, v.check));
}

/// Drops the violations silenced by `autofix-ignore` comments on their line or the line above.
pub fn suppress(violations: Vec<Violation>, source: &dyn Source) -> Vec<Violation> {
    let mut cache: Vec<(usize, Option<Silenced>)> = Vec::new();
    let mut silenced_at = |line: usize| -> Option<Silenced> {
        if let Some((_, s)) = cache.iter().find(|(l, _)| *l == line) {
            return s.clone();
        }
        let s = parse_line(&source.line_text(line));
        cache.push((line, s.clone()));
        s
    };
    violations
        .into_iter()
        .filter(|v| {
            let line = source.line_of(v.range.start);
            let covers = |s: Option<Silenced>| match s {
                Some(Silenced::All) => true,
                Some(Silenced::Rules(rules)) => rules.contains(&v.rule),
                None => false,
            };
            !(covers(silenced_at(line)) || (line > 0 && covers(silenced_at(line - 1))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
        {"Pattern": "(?:^|[^=!])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}, {"Require": "\\Astart"}, {"Pattern": "end\\z"}]"#;

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
        assert_eq!(
            again.violations.len(),
            4,
            "two `any`, one `==`, and no text-start `start`"
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
    fn suppressions_apply_to_the_line_and_the_next() {
        let c = checker(r#"{"Pattern": "TODO"}"#);
        let text = "TODO\n// autofix-ignore: 1\nTODO\nTODO // autofix-ignore\nTODO\nTODO\n";
        let v = suppress(
            c.check_full(text, &FileContext::default()).violations,
            &StrSource::new(text),
        );
        let lines: Vec<usize> = v
            .iter()
            .map(|v| StrSource::new(text).line_of(v.range.start))
            .collect();
        assert_eq!(lines, [0, 5]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn recheck_equals_a_full_check(
            text in "((any|foo|bar|==|===|// header|start|end| |\n|\r\n|x|😀){0,30})",
            edits in proptest::collection::vec((0usize..200, 0usize..8, "(any|foo bar|\n|==| |start|end|x|// header\n){0,3}"), 1..5),
        ) {
            let c = checker(CHECKS);
            let file = FileContext::default();
            let mut current = text.clone();
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
            let before = c.check_full(&text, &file);
            let again = c.recheck(&before, dirty.unwrap(), &Rope::from_str(&current), &file);
            let full = c.check_full(&current, &file);
            prop_assert_eq!(&again.violations, &full.violations);
        }
    }
}
