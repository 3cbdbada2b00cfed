//! What applying a diff reports, block by block, in the JSON shape of `apply-diff --format json`
//! (which the LSP's `autofix.applyDiff` / `autofix.previewDiff` return too), and the wording of
//! failures: why, the best candidate with line numbers, and the tip to re-read the file.

use serde::Serialize;

use super::edits::Edit;

/// How a block's SEARCH lines were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// Byte for byte (line endings aside), in the window around the hint or anywhere without one.
    Exact,
    /// Equal once typography and whitespace are normalized (similarity 100%).
    Normalized,
    /// Similar enough for the threshold.
    Fuzzy,
    /// Outside the window around the hint, accepted because it is the only exact match in the file.
    ExactOutsideWindow,
}

/// Whether a block made it into the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockStatus {
    /// Located and replaced.
    Applied,
    /// Skipped; `error` says why.
    Failed,
}

/// Why a block failed, for programs; the `error` text says it for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// Nothing similar enough where the block was looked for.
    NotFound,
    /// Several equally good places and nothing to choose between them.
    Ambiguous,
    /// The only match is in lines an earlier block of the diff changes.
    Overlap,
    /// The block has no SEARCH lines.
    EmptySearch,
    /// Not tried: the work was cancelled or ran out of time before this block.
    Interrupted,
}

/// The result of one block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BlockReport {
    /// 0-based position of the block in the diff (messages say "block 1" for index 0).
    pub index: usize,
    /// Applied or failed.
    pub status: BlockStatus,
    /// Applied: the 1-based line where the SEARCH lines matched. Failed: the best candidate's line.
    pub line: Option<usize>,
    /// 0..=1, of the match or of the best candidate.
    pub similarity: Option<f64>,
    /// Why the block failed, with the best candidate and the tip to re-read the file.
    pub error: Option<String>,
    /// How an applied block was found (`"match"` in JSON).
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub matched: Option<MatchKind>,
    /// Why a failed block failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<FailureKind>,
}

impl BlockReport {
    pub(crate) fn applied(index: usize, line: usize, similarity: f64, matched: MatchKind) -> BlockReport {
        BlockReport {
            index,
            status: BlockStatus::Applied,
            line: Some(line),
            similarity: Some(similarity),
            error: None,
            matched: Some(matched),
            reason: None,
        }
    }

    pub(crate) fn failed(
        index: usize,
        reason: FailureKind,
        error: String,
        best: Option<(usize, f64)>,
    ) -> BlockReport {
        BlockReport {
            index,
            status: BlockStatus::Failed,
            line: best.map(|b| b.0),
            similarity: best.map(|b| b.1),
            error: Some(error),
            matched: None,
            reason: Some(reason),
        }
    }

    /// Whether the block applied.
    pub fn is_applied(&self) -> bool {
        self.status == BlockStatus::Applied
    }

    /// One line for people: `block 1: applied at line 12 (100%)` or `block 2: failed: …` (the
    /// first line of the error).
    pub fn human(&self) -> String {
        let number = self.index + 1;
        match self.status {
            BlockStatus::Applied => {
                let line = self.line.unwrap_or(0);
                let pct = self.similarity.map(percent).unwrap_or_default();
                let how = match self.matched {
                    Some(MatchKind::ExactOutsideWindow) => {
                        ", the only exact match, outside the window around the hint"
                    }
                    Some(MatchKind::Normalized) => ", whitespace or typography differ",
                    _ => "",
                };
                format!("block {number}: applied at line {line} ({pct}{how})")
            }
            BlockStatus::Failed => {
                let first = self
                    .error
                    .as_deref()
                    .and_then(|e| e.lines().next())
                    .unwrap_or("failed");
                format!("block {number}: failed: {first}")
            }
        }
    }
}

/// The result of applying a diff.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// At least one block applied (the reference's meaning).
    pub success: bool,
    /// The new text, when at least one block applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// One report per block, in diff order.
    pub blocks: Vec<BlockReport>,
    /// Every failed block's error (not only the last), or a diff-level error; `None` when all applied.
    pub error: Option<String>,
    /// Things worth knowing that did not stop anything (a `<path>` that names another file, say).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Edits of the original, sorted and non-overlapping, one per applied block that changes
    /// something, each trimmed to the bytes that change.
    #[serde(skip)]
    pub edits: Vec<Edit>,
}

impl Outcome {
    /// A diff-level failure (a malformed diff, an unreadable file): nothing applied.
    pub fn from_error(error: impl Into<String>) -> Outcome {
        Outcome {
            success: false,
            content: None,
            blocks: Vec::new(),
            error: Some(error.into()),
            warnings: Vec::new(),
            edits: Vec::new(),
        }
    }

    /// Every block applied.
    pub fn all_applied(&self) -> bool {
        !self.blocks.is_empty() && self.blocks.iter().all(BlockReport::is_applied)
    }

    /// How many blocks applied.
    pub fn applied_count(&self) -> usize {
        self.blocks.iter().filter(|b| b.is_applied()).count()
    }

    /// Appends a paragraph to `error`.
    pub fn append_error(&mut self, paragraph: &str) {
        match &mut self.error {
            Some(error) => {
                error.push_str("\n\n");
                error.push_str(paragraph);
            }
            None => self.error = Some(paragraph.to_string()),
        }
    }

    /// One line for people: how many blocks applied.
    pub fn summary(&self) -> String {
        let total = self.blocks.len();
        let applied = self.applied_count();
        match (total, applied) {
            (0, _) => "no block applied".to_string(),
            (t, a) if t == a => format!("{a} of {t} block{} applied", plural(t)),
            (t, a) => format!("{a} of {t} block{} applied, {} failed", plural(t), t - a),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `87.5%`, rounded down so that only a perfect match shows as 100%.
pub fn percent(similarity: f64) -> String {
    let tenths = (similarity.clamp(0.0, 1.0) * 1000.0).floor() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}%")
    } else {
        format!("{tenths:.1}%")
    }
}

pub(crate) const TIP: &str = "Tip: the file may have changed since you last read it. Re-read it to get its \
current content, then copy the lines to change exactly, whitespace included, and give the line \
where they start as `:start_line:`.";

/// `a, b and c`
pub(crate) fn list_lines(lines: &[usize]) -> String {
    let shown: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
    let mut text = match shown.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    if lines.len() > shown.len() {
        text.push_str(&format!(" (and {} more)", lines.len() - shown.len()));
    }
    text
}

/// `12 | text` lines, the way `read_file` shows them.
pub(crate) fn numbered(first_line: usize, lines: &[&str]) -> String {
    let width = (first_line + lines.len()).to_string().len();
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| format!("{:>width$} | {line}", first_line + i))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_up_to_100() {
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.9999), "99.9%");
        assert_eq!(percent(0.875), "87.5%");
        assert_eq!(percent(0.9), "90%");
    }

    #[test]
    fn lists_and_numbers() {
        assert_eq!(list_lines(&[3]), "3");
        assert_eq!(list_lines(&[3, 8, 12]), "3, 8 and 12");
        assert_eq!(
            list_lines(&(1..=12).collect::<Vec<_>>()),
            "1, 2, 3, 4, 5, 6, 7, 8, 9 and 10 (and 2 more)"
        );
        assert_eq!(numbered(9, &["a", "b"]), " 9 | a\n10 | b");
    }

    #[test]
    fn serializes_in_the_cli_shape() {
        let outcome = Outcome {
            success: true,
            content: None,
            blocks: vec![
                BlockReport::applied(0, 3, 1.0, MatchKind::Exact),
                BlockReport::failed(1, FailureKind::NotFound, "no".into(), Some((7, 0.5))),
            ],
            error: Some("no".into()),
            warnings: Vec::new(),
            edits: Vec::new(),
        };
        let json = serde_json::to_string(&outcome).unwrap();
        assert_eq!(
            json,
            r#"{"success":true,"blocks":[{"index":0,"status":"applied","line":3,"similarity":1.0,"error":null,"match":"exact"},{"index":1,"status":"failed","line":7,"similarity":0.5,"error":"no","reason":"not_found"}],"error":"no"}"#
        );
        assert_eq!(outcome.summary(), "1 of 2 blocks applied, 1 failed");
        assert_eq!(outcome.blocks[0].human(), "block 1: applied at line 3 (100%)");
        assert_eq!(outcome.blocks[1].human(), "block 2: failed: no");
    }
}
