//! Fixes: each violation's replacement applied once to a text — the one way both `check --fix`
//! and the editor's "fix all" change a file, so the two never disagree.

use std::ops::Range;

use super::check::Violation;

/// One replacement in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixEdit {
    pub range: Range<usize>,
    pub replacement: String,
    pub rule: u64,
}

/// What fixing a text once did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The text with the fixes applied.
    pub text: String,
    /// The replacements made, sorted and non-overlapping, in the coordinates of the original
    /// text (what an editor applies to it).
    pub edits: Vec<FixEdit>,
    /// Fixable violations whose fix was not applied, because it overlaps one applied before it
    /// (or its range does not fit the text). They are still violations.
    pub left: Vec<Violation>,
}

/// Applies the fix of each of `violations` (found in `text`, suppressions already applied) once.
/// The output of a fix is never fixed again in the same run: a replacement that still matches
/// its pattern (`fetch(` → `await fetch(`) would otherwise compound. Of fixes that overlap, the
/// one starting first (then the shorter) is applied; the others are `left`.
pub fn fix_once(text: &str, violations: &[Violation]) -> Fixed {
    let mut fixable: Vec<&Violation> = violations.iter().filter(|v| v.fix.is_some()).collect();
    fixable.sort_by_key(|v| (v.range.start, v.range.end));
    let mut fixed = Fixed {
        text: String::with_capacity(text.len()),
        ..Fixed::default()
    };
    let mut at = 0;
    for v in fixable {
        let Range { start, end } = v.range;
        let fits =
            start >= at && end <= text.len() && text.is_char_boundary(start) && text.is_char_boundary(end);
        // Two empty-range edits at one place would not commute: keep the first only.
        let repeats = fixed.edits.last().is_some_and(|e| e.range == v.range);
        if !fits || repeats {
            fixed.left.push(v.clone());
            continue;
        }
        let replacement = v.fix.clone().unwrap_or_default();
        fixed.text.push_str(&text[at..start]);
        fixed.text.push_str(&replacement);
        at = end;
        fixed.edits.push(FixEdit {
            range: v.range.clone(),
            replacement,
            rule: v.rule,
        });
    }
    fixed.text.push_str(&text[at..]);
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::check::ViolationKind;
    use crate::rules::model::Severity;

    fn v(range: Range<usize>, fix: Option<&str>) -> Violation {
        Violation {
            rule: 1,
            check: 0,
            kind: ViolationKind::Pattern,
            matched: range.clone(),
            range,
            severity: Severity::Warning,
            message: "m".into(),
            fix: fix.map(str::to_string),
            inferred: false,
        }
    }

    #[test]
    fn overlapping_fixes_keep_the_first_and_leave_the_rest() {
        let fixed = fix_once(
            "0123456789",
            &[
                v(4..8, Some("B")),
                v(0..2, Some("A")),
                v(6..9, Some("C")),
                v(9..10, None),
            ],
        );
        assert_eq!(
            fixed
                .edits
                .iter()
                .map(|e| e.replacement.as_str())
                .collect::<Vec<_>>(),
            ["A", "B"]
        );
        assert_eq!(fixed.text, "A23B89");
        assert_eq!(fixed.left, [v(6..9, Some("C"))]);
    }

    #[test]
    fn a_fix_whose_output_still_matches_is_applied_once() {
        let text = "r = fetch(u); a == b";
        let fixed = fix_once(text, &[v(4..10, Some("await fetch(")), v(16..18, Some("==="))]);
        assert_eq!(fixed.text, "r = await fetch(u); a === b");
        assert_eq!(fixed.edits.len(), 2);
    }

    #[test]
    fn edits_off_the_text_are_left_rather_than_corrupting_it() {
        let fixed = fix_once(
            "😀x",
            &[v(1..2, Some("?")), v(4..5, Some("y")), v(9..12, Some("z"))],
        );
        assert_eq!(fixed.text, "😀y");
        assert_eq!(fixed.edits.len(), 1);
        assert_eq!(fixed.left.len(), 2);
    }

    #[test]
    fn insertions_at_one_place_are_made_once() {
        let fixed = fix_once("ab", &[v(1..1, Some("-")), v(1..1, Some("+"))]);
        assert_eq!(fixed.text, "a-b");
    }
}
