//! Turning matched line ranges and their new lines into minimal, non-overlapping byte edits of
//! the original, with its line endings and its (missing) final newline kept.

use std::ops::Range;

use serde::Serialize;

use super::haystack::Haystack;
use super::normalize::{common_prefix, common_suffix};

/// One change to the original text: replace the bytes `range` with `new_text`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Edit {
    /// Byte range in the ORIGINAL text (never in an intermediate result).
    pub range: Range<usize>,
    /// What replaces those bytes.
    pub new_text: String,
    /// Index of the block (0-based, in diff order) that produced the edit.
    pub block: usize,
}

/// A located block: the original lines it replaces and what goes there.
pub(crate) struct Plan {
    pub block: usize,
    pub lines: Range<usize>,
    pub new_lines: Vec<String>,
}

struct Region {
    block: usize,
    lines: Range<usize>,
    bytes: Range<usize>,
    new_text: String,
}

/// The edits for non-overlapping plans, sorted by position. Each is trimmed to the bytes that
/// actually change, so an editor shows hunks rather than rewritten blocks; a plan that changes
/// nothing yields no edit.
pub(crate) fn build(hay: &Haystack<'_>, mut plans: Vec<Plan>) -> Vec<Edit> {
    plans.sort_by_key(|p| p.lines.start);
    let text = hay.text();
    let mut regions: Vec<Region> = plans
        .into_iter()
        .filter_map(|plan| {
            let first = hay.line_info(plan.lines.start)?;
            let last_index = plan.lines.end.checked_sub(1)?;
            let last = hay.line_info(last_index)?;
            let eol = hay.eol_near(plan.lines.start);
            let mut new_text = plan.new_lines.join(eol);
            let reaches_phantom = hay.has_phantom() && plan.lines.end == hay.len();
            let ends_blank = plan.new_lines.last().is_some_and(String::is_empty);
            // A final newline stays: after lines that had a terminator, and when the match took in
            // the empty line after the file's final newline but the new lines do not end with one.
            if !plan.new_lines.is_empty() && (last.next > last.end || (reaches_phantom && !ends_blank)) {
                new_text.push_str(eol);
            }
            Some(Region {
                block: plan.block,
                lines: plan.lines,
                bytes: first.start..last.next,
                new_text,
            })
        })
        .collect();
    keep_missing_final_newline(hay, &mut regions);
    regions
        .into_iter()
        .filter_map(|region| {
            let old = text.get(region.bytes.clone())?;
            let (prefix, suffix) = unchanged_ends(old, &region.new_text);
            let range = region.bytes.start + prefix..region.bytes.end - suffix;
            let new_text = region
                .new_text
                .get(prefix..region.new_text.len() - suffix)?
                .to_string();
            (!range.is_empty() || !new_text.is_empty()).then_some(Edit {
                range,
                new_text,
                block: region.block,
            })
        })
        .collect()
}

/// When the file has no final newline and a deletion reaches its end, the terminator before the
/// deleted lines must go too, or the file would gain a final newline. That terminator belongs to
/// an untouched line (the region grows back over it) or to an adjacent region (whose new text
/// drops its last terminator, or which is itself a deletion and passes the problem on).
fn keep_missing_final_newline(hay: &Haystack<'_>, regions: &mut [Region]) {
    let text = hay.text();
    if hay.has_phantom() {
        return;
    }
    let Some(mut index) = regions.len().checked_sub(1) else {
        return;
    };
    if regions.get(index).is_none_or(|last| last.bytes.end != text.len()) {
        return;
    }
    loop {
        let Some(region) = regions.get(index) else {
            return;
        };
        if !region.new_text.is_empty() {
            return;
        }
        let Some(previous_line) = region.lines.start.checked_sub(1) else {
            return;
        };
        let start = region.lines.start;
        if let Some(p) = index.checked_sub(1)
            && let Some(prev) = regions.get_mut(p)
            && prev.lines.end == start
        {
            if prev.new_text.is_empty() {
                // A deletion too: it now reaches the end of the file, so the question is its own.
                index = p;
                continue;
            }
            let eol = hay.terminator(previous_line);
            if let Some(stripped) = prev.new_text.strip_suffix(eol) {
                let len = stripped.len();
                prev.new_text.truncate(len);
            }
            return;
        }
        let Some(line) = hay.line_info(previous_line) else {
            return;
        };
        if let Some(region) = regions.get_mut(index) {
            region.bytes.start = line.end;
        }
        return;
    }
}

/// Bytes at the start and end that `old` and `new` share, never splitting a character or a CRLF.
fn unchanged_ends(old: &str, new: &str) -> (usize, usize) {
    let mut prefix = common_prefix(old, new);
    while prefix > 0 && (splits_crlf(old, prefix) || splits_crlf(new, prefix)) {
        prefix -= 1;
    }
    let old_rest = old.get(prefix..).unwrap_or_default();
    let new_rest = new.get(prefix..).unwrap_or_default();
    let mut suffix = common_suffix(old_rest, new_rest);
    while suffix > 0 && (splits_crlf(old, old.len() - suffix) || splits_crlf(new, new.len() - suffix)) {
        suffix -= 1;
    }
    (prefix, suffix)
}

fn splits_crlf(text: &str, at: usize) -> bool {
    at > 0 && text.as_bytes().get(at - 1) == Some(&b'\r') && text.as_bytes().get(at) == Some(&b'\n')
}

/// Applies edits to `original`. They must be sorted and must not overlap, as the engine produces
/// them; anything else gives `None` rather than a corrupted text.
pub fn apply_edits(original: &str, edits: &[Edit]) -> Option<String> {
    let mut out = String::with_capacity(original.len());
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at || edit.range.end < edit.range.start {
            return None;
        }
        out.push_str(original.get(at..edit.range.start)?);
        out.push_str(&edit.new_text);
        at = edit.range.end;
    }
    out.push_str(original.get(at..)?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(block: usize, lines: Range<usize>, new_lines: &[&str]) -> Plan {
        Plan {
            block,
            lines,
            new_lines: new_lines.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn run(text: &str, plans: Vec<Plan>) -> (Vec<Edit>, String) {
        let hay = Haystack::new(text);
        let edits = build(&hay, plans);
        let content = apply_edits(text, &edits).unwrap();
        (edits, content)
    }

    #[test]
    fn edits_are_trimmed_to_what_changes() {
        let (edits, content) = run(
            "a\nfunction f() {\n  return 1;\n}\nz\n",
            vec![plan(0, 1..4, &["function f() {", "  return 2;", "}"])],
        );
        assert_eq!(content, "a\nfunction f() {\n  return 2;\n}\nz\n");
        assert_eq!(
            edits,
            vec![Edit {
                range: 26..27,
                new_text: "2".into(),
                block: 0
            }]
        );
    }

    #[test]
    fn inserted_lines_become_an_insertion() {
        let (edits, content) = run("a\nb\n", vec![plan(0, 0..2, &["a", "x", "b"])]);
        assert_eq!(content, "a\nx\nb\n");
        assert_eq!(
            edits,
            vec![Edit {
                range: 2..2,
                new_text: "x\n".into(),
                block: 0
            }]
        );
    }

    #[test]
    fn unchanged_plans_give_no_edit() {
        let (edits, content) = run("a\nb\n", vec![plan(0, 0..1, &["a"])]);
        assert!(edits.is_empty());
        assert_eq!(content, "a\nb\n");
    }

    #[test]
    fn keeps_crlf_and_never_splits_it() {
        let (edits, content) = run("a\r\nb\r\nc\r\n", vec![plan(0, 1..2, &["b", "b2"])]);
        assert_eq!(content, "a\r\nb\r\nb2\r\nc\r\n");
        for edit in &edits {
            assert!(
                !splits_crlf("a\r\nb\r\nc\r\n", edit.range.start)
                    && !splits_crlf("a\r\nb\r\nc\r\n", edit.range.end)
            );
        }
    }

    #[test]
    fn keeps_a_missing_final_newline() {
        let (_, content) = run("a\nb", vec![plan(0, 1..2, &["c", "d"])]);
        assert_eq!(content, "a\nc\nd");
        let (_, content) = run("a\nb", vec![plan(0, 1..2, &[])]);
        assert_eq!(content, "a");
        let (_, content) = run("a\nb\n", vec![plan(0, 1..2, &[])]);
        assert_eq!(content, "a\n");
        let (_, content) = run("a", vec![plan(0, 0..1, &[])]);
        assert_eq!(content, "");
    }

    #[test]
    fn the_empty_line_after_a_final_newline_can_be_matched() {
        // SEARCH "}" + "" at the end of "x\n}\n": the final newline stays whatever REPLACE ends with
        let (_, content) = run("x\n}\n", vec![plan(0, 1..3, &["}", "y"])]);
        assert_eq!(content, "x\n}\ny\n");
        let (_, content) = run("x\n}\n", vec![plan(0, 1..3, &["}", "y", ""])]);
        assert_eq!(content, "x\n}\ny\n");
        let (_, content) = run("x\n}\n", vec![plan(0, 1..3, &[])]);
        assert_eq!(content, "x\n");
        // only the empty line: an append
        let (edits, content) = run("x\r\n", vec![plan(0, 1..2, &["y"])]);
        assert_eq!(content, "x\r\ny\r\n");
        assert_eq!(edits[0].range, 3..3);
        let (_, content) = run("", vec![plan(0, 0..1, &["first"])]);
        assert_eq!(content, "first\n");
    }

    #[test]
    fn adjacent_deletions_at_the_end_keep_it_missing() {
        let (_, content) = run("a\nb\nc", vec![plan(1, 2..3, &[]), plan(0, 1..2, &["B"])]);
        assert_eq!(content, "a\nB");
        let (edits, content) = run("a\nb\nc", vec![plan(1, 2..3, &[]), plan(0, 1..2, &[])]);
        assert_eq!(content, "a");
        assert!(edits.windows(2).all(|w| w[0].range.end <= w[1].range.start));
    }

    #[test]
    fn multibyte_characters_are_not_split() {
        let (edits, content) = run("é\n", vec![plan(0, 0..1, &["è"])]);
        assert_eq!(content, "è\n");
        assert_eq!(edits[0].range, 0..2);
    }

    #[test]
    fn apply_edits_refuses_overlaps() {
        let edits = [
            Edit {
                range: 0..2,
                new_text: String::new(),
                block: 0,
            },
            Edit {
                range: 1..3,
                new_text: String::new(),
                block: 1,
            },
        ];
        assert_eq!(apply_edits("abcd", &edits), None);
        assert_eq!(
            apply_edits(
                "ab",
                &[Edit {
                    range: 0..9,
                    new_text: String::new(),
                    block: 0
                }]
            ),
            None
        );
    }
}
