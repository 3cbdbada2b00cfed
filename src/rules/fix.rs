//! Fixes: the replacements that violations carry, chosen so none overlap, and applied to a text.

use std::ops::Range;

use super::check::Violation;

/// One replacement in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixEdit {
    pub range: Range<usize>,
    pub replacement: String,
    pub rule: u64,
}

/// The fixes of `violations` that can be applied together: sorted, the first of any two that
/// overlap kept (the other is picked up by a later pass).
pub fn fix_edits(violations: &[Violation]) -> Vec<FixEdit> {
    let mut fixable: Vec<&Violation> = violations.iter().filter(|v| v.fix.is_some()).collect();
    fixable.sort_by_key(|v| (v.range.start, v.range.end));
    let mut edits: Vec<FixEdit> = Vec::with_capacity(fixable.len());
    for v in fixable {
        if edits.last().is_some_and(|last| last.range.end > v.range.start) {
            continue;
        }
        edits.push(FixEdit {
            range: v.range.clone(),
            replacement: v.fix.clone().unwrap_or_default(),
            rule: v.rule,
        });
    }
    edits
}

/// Applies sorted, non-overlapping `edits` to `text`. Edits out of bounds or off a character
/// boundary are skipped rather than corrupting the text.
pub fn apply(text: &str, edits: &[FixEdit]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in edits {
        let Range { start, end } = edit.range;
        if start < at || end > text.len() || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(&edit.replacement);
        at = end;
    }
    out.push_str(&text[at..]);
    out
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
    fn overlapping_fixes_keep_the_first() {
        let edits = fix_edits(&[
            v(4..8, Some("B")),
            v(0..2, Some("A")),
            v(6..9, Some("C")),
            v(9..10, None),
        ]);
        assert_eq!(
            edits.iter().map(|e| e.replacement.as_str()).collect::<Vec<_>>(),
            ["A", "B"]
        );
        assert_eq!(apply("0123456789", &edits), "A23B89");
    }

    #[test]
    fn bad_edits_are_skipped() {
        let text = "😀x";
        let edits = vec![
            FixEdit {
                range: 1..2,
                replacement: "?".into(),
                rule: 1,
            },
            FixEdit {
                range: 4..5,
                replacement: "y".into(),
                rule: 1,
            },
            FixEdit {
                range: 9..12,
                replacement: "z".into(),
                rule: 1,
            },
        ];
        assert_eq!(apply(text, &edits), "😀y");
    }
}
