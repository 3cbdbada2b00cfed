//! Applying a parsed diff: every block is located in the ORIGINAL text (hints are line numbers of
//! the original, whatever the other blocks do), re-indented, and turned into edits in original
//! coordinates; a block that fails, or that overlaps an earlier one, is reported and skipped.

use super::edits::{self, Plan, apply_edits};
use super::haystack::Haystack;
use super::indent;
use super::parse::{Block, Diff, parse, strip_pipes};
use super::report::{BlockReport, FailureKind, Outcome, TIP, list_lines, numbered, percent};
use super::search::{self, Claim, Located, Miss, Needle, Query};
use crate::budget::Budget;

/// How hard to look for each block.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// Minimum similarity (0..=1) of a fuzzy match. 1.0, the default, accepts only lines equal up
    /// to whitespace and typography.
    pub threshold: f64,
    /// How many lines around the hint are searched (default 40).
    pub buffer_lines: usize,
    /// 1-based hint for blocks that carry none (`--start-line`).
    pub start_line: Option<usize>,
    /// When to stop looking: blocks left when it runs out are reported as not tried, and
    /// nothing is applied.
    pub budget: Budget,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threshold: 1.0,
            buffer_lines: 40,
            start_line: None,
            budget: Budget::unlimited(),
        }
    }
}

/// Parses `diff_text` and applies it; a malformed diff becomes an [`Outcome`] with its error.
pub fn apply_text(original: &str, diff_text: &str, options: &SearchOptions) -> Outcome {
    match parse(diff_text) {
        Ok(diff) => apply(original, &diff, options),
        Err(error) => Outcome::from_error(error.to_string()),
    }
}

/// Applies every block of `diff` to `original`. Never panics; never produces overlapping edits.
pub fn apply(original: &str, diff: &Diff, options: &SearchOptions) -> Outcome {
    if diff.blocks.is_empty() {
        return Outcome::from_error("the diff has no SEARCH/REPLACE block");
    }
    let threshold = if options.threshold.is_nan() {
        1.0
    } else {
        options.threshold.clamp(0.0, 1.0)
    };
    let options = SearchOptions {
        threshold,
        ..options.clone()
    };
    let mut hay = Haystack::new(original);
    let mut claims: Vec<Claim> = Vec::new();
    let mut plans = Vec::new();
    let mut reports = Vec::with_capacity(diff.blocks.len());
    let mut stopped = None;
    for (index, block) in diff.blocks.iter().enumerate() {
        if stopped.is_none() {
            stopped = options.budget.stopped();
        }
        if let Some(stop) = stopped {
            reports.push(BlockReport::failed(
                index,
                FailureKind::Interrupted,
                format!("Not tried: {} before this block.", stop.describe()),
                None,
            ));
            continue;
        }
        match locate(&mut hay, block, &options, &claims) {
            Ok((found, search)) => {
                let lines = found.start..found.start + search.len();
                let matched: Vec<&str> = hay.lines(lines.clone()).collect();
                let context_start = found.start.saturating_sub(200);
                let context_end = (lines.end + 200).min(hay.len());
                let new_lines = indent::reindent(&search, &matched, &block.replace, || {
                    indent::detect(hay.lines(context_start..context_end))
                });
                reports.push(BlockReport::applied(
                    index,
                    found.start + 1,
                    found.sim.value(),
                    found.kind,
                ));
                claims.push(Claim {
                    lines: lines.clone(),
                    block: index,
                });
                plans.push(Plan {
                    block: index,
                    lines,
                    new_lines,
                });
            }
            Err(miss) => reports.push(failure(&hay, block, index, &options, miss)),
        }
    }
    // Half a diff is not what was asked for: an interrupted run applies nothing.
    if stopped.is_some() {
        plans.clear();
    }
    let edits = edits::build(&hay, plans);
    let applied = if stopped.is_some() {
        0
    } else {
        reports.iter().filter(|r| r.is_applied()).count()
    };
    let content = if applied > 0 {
        apply_edits(original, &edits)
    } else {
        None
    };
    let mut outcome = Outcome {
        success: applied > 0 && content.is_some(),
        content,
        blocks: reports,
        error: None,
        warnings: Vec::new(),
        edits,
    };
    let failed: Vec<&BlockReport> = outcome.blocks.iter().filter(|r| !r.is_applied()).collect();
    if !failed.is_empty() {
        let total = outcome.blocks.len();
        let mut text = if let Some(stop) = stopped {
            format!(
                "Nothing applied: {} after {} of {total} blocks were looked for; try a smaller diff.",
                stop.describe(),
                total
                    - failed
                        .iter()
                        .filter(|r| r.reason == Some(FailureKind::Interrupted))
                        .count()
            )
        } else if applied == 0 {
            format!("No block applied: {} of {total} failed.", failed.len())
        } else {
            format!("{applied} of {total} blocks applied; {} failed.", failed.len())
        };
        for report in failed {
            text.push_str(&format!(
                "\n\nBlock {}: {}",
                report.index + 1,
                report.error.as_deref().unwrap_or("failed")
            ));
        }
        outcome.error = Some(text);
    }
    outcome
}

enum Failure {
    Empty,
    Miss(Miss),
}

impl From<Miss> for Failure {
    fn from(miss: Miss) -> Failure {
        Failure::Miss(miss)
    }
}

/// Finds a block: as written, then (if that finds nothing) with `|` prefixes stripped from the
/// lines that have them, as the reference retries. Returns the SEARCH lines that matched.
fn locate(
    hay: &mut Haystack<'_>,
    block: &Block,
    options: &SearchOptions,
    claims: &[Claim],
) -> Result<(Located, Vec<String>), Failure> {
    if block.search.is_empty() {
        return Err(Failure::Empty);
    }
    let hint = hint_of(block, options);
    let attempt = |hay: &mut Haystack<'_>, lines: &[String]| {
        let needle = Needle::new(lines);
        search::find(
            hay,
            &Query {
                needle: &needle,
                hint,
                threshold: options.threshold,
                buffer: options.buffer_lines,
                claims,
            },
        )
    };
    match attempt(hay, &block.search) {
        Ok(found) => Ok((found, block.search.clone())),
        Err(miss @ Miss::NotFound { .. }) => {
            let stripped = strip_pipes(&block.search);
            if stripped != block.search
                && let Ok(found) = attempt(hay, &stripped)
            {
                return Ok((found, stripped));
            }
            Err(miss.into())
        }
        Err(miss) => Err(miss.into()),
    }
}

/// Below this similarity a candidate is noise, not a near miss worth quoting.
const WORTH_SHOWING: f64 = 0.5;

fn hint_of(block: &Block, options: &SearchOptions) -> Option<usize> {
    block
        .start_line
        .or(options.start_line)
        .filter(|l| *l > 0)
        .map(|l| l - 1)
}

fn failure(
    hay: &Haystack<'_>,
    block: &Block,
    index: usize,
    options: &SearchOptions,
    failure: Failure,
) -> BlockReport {
    let miss = match failure {
        Failure::Empty => {
            let text = "The SEARCH section is empty. To insert lines, search for an existing line next to \
                        the insertion point and repeat it in the REPLACE section together with the new lines."
                .to_string();
            return BlockReport::failed(index, FailureKind::EmptySearch, text, None);
        }
        Failure::Miss(miss) => miss,
    };
    let n = block.search.len();
    let hint = hint_of(block, options);
    match miss {
        Miss::NotFound {
            best,
            searched,
            elsewhere,
            outside,
        } => {
            let total = hay.real_len();
            let mut text = String::from("No match for the SEARCH lines");
            match (hint, &searched) {
                (Some(h), Some(range)) => text.push_str(&format!(
                    " within {} lines of line {} (lines {}-{} searched).",
                    options.buffer_lines,
                    h + 1,
                    range.start + 1,
                    range.end.min(total)
                )),
                (Some(h), None) if n > total => text.push_str(&format!(
                    " (line {}): the SEARCH section has {n} lines and the file only {total}.",
                    h + 1
                )),
                (Some(h), None) => text.push_str(&format!(
                    ": the hint, line {}, is past the end of the file ({total} line{}).",
                    h + 1,
                    if total == 1 { "" } else { "s" }
                )),
                (None, _) if n > total => text.push_str(&format!(
                    ": the SEARCH section has {n} lines and the file only {total}."
                )),
                (None, _) => text.push_str(" anywhere in the file."),
            }
            let required = percent(options.threshold);
            match (best, outside) {
                (_, Some((start, sim))) => text.push_str(&format!(
                    " {} Outside them, the most similar lines start at line {} and are {} similar \
                     ({required} is required): is the `:start_line:` right?",
                    match best {
                        Some((_, in_window)) =>
                            format!("The best there is only {} similar.", percent(in_window.value())),
                        None => "Nothing there resembles them.".to_string(),
                    },
                    start + 1,
                    percent(sim.value())
                )),
                (Some((start, sim)), None) if sim.value() < WORTH_SHOWING => text.push_str(&format!(
                    " Nothing there resembles them (the closest lines, at line {}, are {} similar).",
                    start + 1,
                    percent(sim.value())
                )),
                (Some((start, sim)), None) => text.push_str(&format!(
                    " The most similar lines start at line {} and are {} similar; {required} is required.",
                    start + 1,
                    percent(sim.value())
                )),
                (None, None) if n <= total => text.push_str(" Nothing there resembles them."),
                (None, None) => {}
            }
            if elsewhere.len() > 1 {
                let lines: Vec<usize> = elsewhere.iter().map(|s| s + 1).collect();
                text.push_str(&format!(
                    " The exact SEARCH lines appear {} times outside the searched lines (at lines {}), so none \
                     was chosen: give the right `:start_line:`.",
                    lines.len(),
                    list_lines(&lines)
                ));
            }
            text.push_str("\n\nSEARCH lines:\n");
            text.push_str(&block.search.join("\n"));
            let shown = outside.or(best);
            if let Some((start, sim)) = shown.filter(|(_, sim)| sim.value() >= WORTH_SHOWING) {
                let candidate: Vec<&str> = hay.lines(start..(start + n).min(hay.real_len())).collect();
                let span = match candidate.len() {
                    0 | 1 => format!("line {}", start + 1),
                    len => format!("lines {}-{}", start + 1, start + len),
                };
                text.push_str(&format!(
                    "\n\nBest candidate ({span}, {} similar):\n{}",
                    percent(sim.value()),
                    numbered(start + 1, &candidate)
                ));
            }
            text.push_str("\n\n");
            text.push_str(TIP);
            BlockReport::failed(
                index,
                FailureKind::NotFound,
                text,
                shown.map(|(s, sim)| (s + 1, sim.value())),
            )
        }
        Miss::Ambiguous { starts, sim } => {
            let lines: Vec<usize> = starts.iter().map(|s| s + 1).collect();
            let how = if sim.value() >= 1.0 {
                String::new()
            } else {
                format!(", {} similar", percent(sim.value()))
            };
            let why = match hint {
                Some(h) => format!("the hint, line {}, is as close to one as to the other", h + 1),
                None => "the block has no `:start_line:` to choose between them".to_string(),
            };
            let text = format!(
                "The SEARCH lines match {} places equally well (lines {}{how}) and {why}. Add `:start_line:N` \
                 right after `<<<<<<< SEARCH` with the line where the lines to change start, or include more \
                 surrounding lines so the SEARCH lines are unique.",
                lines.len(),
                list_lines(&lines)
            );
            BlockReport::failed(
                index,
                FailureKind::Ambiguous,
                text,
                lines.first().map(|l| (*l, sim.value())),
            )
        }
        Miss::Overlap { start, block: other } => {
            let lines = if n == 1 {
                format!("line {}", start + 1)
            } else {
                format!("lines {}-{}", start + 1, start + n)
            };
            let text = format!(
                "The SEARCH lines match {lines}, which block {} of this diff already changes. Merge the two \
                 blocks into one, or make their SEARCH sections cover separate lines.",
                other + 1
            );
            BlockReport::failed(index, FailureKind::Overlap, text, Some((start + 1, 1.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::report::{BlockStatus, MatchKind};

    fn opts() -> SearchOptions {
        SearchOptions::default()
    }

    fn run(original: &str, diff: &str) -> Outcome {
        apply_text(original, diff, &opts())
    }

    fn block(search: &str, replace: &str) -> String {
        format!("<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n")
    }

    #[test]
    fn replaces_and_reports() {
        let out = run("a\nb\nc\n", &block("b", "B"));
        assert!(out.success && out.all_applied());
        assert_eq!(out.content.as_deref(), Some("a\nB\nc\n"));
        assert_eq!(out.blocks[0].line, Some(2));
        assert_eq!(out.blocks[0].similarity, Some(1.0));
        assert_eq!(out.blocks[0].matched, Some(MatchKind::Exact));
        assert_eq!(out.error, None);
    }

    #[test]
    fn hints_refer_to_the_original_whatever_earlier_blocks_do() {
        let original = "one\ntwo\nthree\nfour\nfive\n";
        let diff = "<<<<<<< SEARCH\n:start_line:1\n-------\none\n=======\nzero\nhalf\none\n>>>>>>> REPLACE\n\
             <<<<<<< SEARCH\n:start_line:4\n-------\nfour\n=======\nFOUR\n>>>>>>> REPLACE\n";
        let out = run(original, diff);
        assert_eq!(
            out.content.as_deref(),
            Some("zero\nhalf\none\ntwo\nthree\nFOUR\nfive\n")
        );
        assert_eq!(out.blocks[1].line, Some(4));
        // edits are in original coordinates
        assert_eq!(out.edits.len(), 2);
        assert_eq!(&original[out.edits[1].range.clone()], "four");
    }

    #[test]
    fn reports_every_failed_block() {
        let diff = format!(
            "{}{}{}",
            block("a", "A"),
            block("nope", "x"),
            block("also nope", "y")
        );
        let out = run("a\nb\n", &diff);
        assert!(out.success);
        assert!(!out.all_applied());
        assert_eq!(out.content.as_deref(), Some("A\nb\n"));
        let error = out.error.unwrap();
        assert!(error.starts_with("1 of 3 blocks applied; 2 failed."), "{error}");
        assert!(
            error.contains("Block 2: No match") && error.contains("Block 3: No match"),
            "{error}"
        );
        assert_eq!(out.blocks[2].status, BlockStatus::Failed);
        assert_eq!(out.blocks[2].reason, Some(FailureKind::NotFound));
    }

    #[test]
    fn failure_shows_the_candidate_with_line_numbers_and_the_tip() {
        let original = "function hello() {\n    console.log(\"hello\")\n}\n";
        let out = run(
            original,
            &block("function hello() {\n    console.log(\"wrong\")\n}", "x"),
        );
        assert!(!out.success);
        assert_eq!(out.content, None);
        assert!(out.edits.is_empty());
        let report = &out.blocks[0];
        assert_eq!(report.line, Some(1));
        let error = report.error.as_deref().unwrap();
        assert!(
            error.contains("1 | function hello() {\n2 |     console.log(\"hello\")\n3 | }"),
            "{error}"
        );
        assert!(error.contains("Re-read it"), "{error}");
        assert!(error.contains("100% is required"), "{error}");
    }

    #[test]
    fn a_wrong_hint_is_pointed_out() {
        let mut original: String = (1..=200).map(|i| format!("line {i}\n")).collect();
        original.push_str("let target = compute(alpha, beta);\n");
        let diff = "<<<<<<< SEARCH\n:start_line:10\n-------\nlet target = compute(alpha, gamma);\n=======\nx\n>>>>>>> REPLACE";
        let out = run(&original, diff);
        let error = out.blocks[0].error.as_deref().unwrap();
        assert!(
            error.contains("within 40 lines of line 10 (lines 1-50 searched)"),
            "{error}"
        );
        assert!(
            error.contains("Outside them, the most similar lines start at line 201"),
            "{error}"
        );
        assert!(
            error.contains("201 | let target = compute(alpha, beta);"),
            "{error}"
        );
        assert_eq!(out.blocks[0].line, Some(201));
    }

    #[test]
    fn ambiguity_without_hint() {
        let out = run("x\ny\nx\n", &block("x", "z"));
        assert_eq!(out.blocks[0].reason, Some(FailureKind::Ambiguous));
        let error = out.blocks[0].error.as_deref().unwrap();
        assert!(error.contains("lines 1 and 3"), "{error}");
        let out = apply_text(
            "x\ny\nx\n",
            &block("x", "z"),
            &SearchOptions {
                start_line: Some(3),
                ..opts()
            },
        );
        assert_eq!(out.content.as_deref(), Some("x\ny\nz\n"));
    }

    #[test]
    fn overlapping_blocks_the_later_one_fails() {
        let diff = format!("{}{}", block("a\nb", "A\nB"), block("b\nc", "X"));
        let out = run("a\nb\nc\n", &diff);
        assert_eq!(out.content.as_deref(), Some("A\nB\nc\n"));
        assert_eq!(out.blocks[1].reason, Some(FailureKind::Overlap));
        assert!(
            out.blocks[1]
                .error
                .as_deref()
                .unwrap()
                .contains("block 1 of this diff")
        );
    }

    #[test]
    fn identical_blocks_take_successive_occurrences_when_hinted() {
        let diff = "<<<<<<< SEARCH\n:start_line:1\n-------\nx\n=======\ny\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n:start_line:1\n-------\nx\n=======\ny\n>>>>>>> REPLACE";
        let out = run("x\nx\n", diff);
        assert_eq!(out.content.as_deref(), Some("y\ny\n"));
    }

    #[test]
    fn deletes_lines() {
        let out = run("a\nb\nc\n", &block("b", "").replace("\n\n>>>>>>>", "\n>>>>>>>"));
        assert_eq!(out.content.as_deref(), Some("a\nc\n"));
        assert_eq!(out.edits[0].range, 2..4);
    }

    #[test]
    fn crlf_files_and_missing_final_newline() {
        let out = run("a\r\nb\r\nc", &block("b\nc", "B\nC\nD"));
        assert_eq!(out.content.as_deref(), Some("a\r\nB\r\nC\r\nD"));
        let out = run("a\r\nb\r\n", &block("a\nb", "x").replace('\n', "\r\n"));
        assert_eq!(out.content.as_deref(), Some("x\r\n"));
    }

    #[test]
    fn empty_search_is_reported() {
        let out = run("a\n", "<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE");
        assert_eq!(out.blocks[0].reason, Some(FailureKind::EmptySearch));
    }

    #[test]
    fn pipe_prefixes_are_retried_stripped() {
        let out = run(
            "function test() {\n    return true;\n}\n",
            "<<<<<<< SEARCH\n| function test() {\n|     return true;\n| }\n=======\nx\n>>>>>>> REPLACE",
        );
        assert_eq!(out.content.as_deref(), Some("x\n"));
    }

    #[test]
    fn malformed_diff_is_an_outcome_error() {
        let out = run("a\n", "<<<<<<< SEARCH\na\n>>>>>>> REPLACE");
        assert!(!out.success);
        assert!(out.blocks.is_empty());
        assert!(out.error.unwrap().starts_with("line 3:"));
        let out = apply("a", &Diff::default(), &opts());
        assert!(!out.success);
    }

    #[test]
    fn blocks_built_by_hand() {
        let diff = Diff {
            path: None,
            blocks: vec![Block::new(vec!["b".into()], vec!["c".into()]).with_start_line(2)],
        };
        let out = apply("a\nb\n", &diff, &opts());
        assert_eq!(out.content.as_deref(), Some("a\nc\n"));
    }

    #[test]
    fn nan_threshold_is_strict() {
        let out = apply_text(
            "abc\n",
            &block("abd", "x"),
            &SearchOptions {
                threshold: f64::NAN,
                ..opts()
            },
        );
        assert!(!out.success);
    }

    #[test]
    fn a_spent_budget_applies_nothing_and_says_which_blocks_were_not_tried() {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let out = apply_text(
            "a\nb\n",
            &format!("{}{}", block("a", "x"), block("b", "y")),
            &SearchOptions {
                budget: Budget::unlimited().cancelled_by(flag),
                ..opts()
            },
        );
        assert!(!out.success);
        assert!(out.content.is_none() && out.edits.is_empty());
        assert!(
            out.blocks
                .iter()
                .all(|b| b.reason == Some(FailureKind::Interrupted))
        );
        assert!(
            out.error
                .as_deref()
                .unwrap()
                .starts_with("Nothing applied: the request was cancelled"),
            "{:?}",
            out.error
        );
        let out = apply_text(
            "a\n",
            &block("a", "x"),
            &SearchOptions {
                budget: Budget::for_at_most(std::time::Duration::ZERO),
                ..opts()
            },
        );
        assert!(out.error.unwrap().contains("the time budget ran out"));
    }
}
