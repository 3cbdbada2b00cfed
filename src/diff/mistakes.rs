//! Consecutive failures per file: after two in a row the failure message says so and insists on
//! re-reading the file (the reference's `consecutiveMistakeCountForApplyDiff`). The LSP keeps one
//! tracker per server; the CLI keeps the counts in a state file between runs.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::report::Outcome;

/// From this many consecutive failures on a file, the message escalates.
pub const ESCALATE_AFTER: u32 = 2;

/// Consecutive failed applications, keyed by path.
#[derive(Debug, Default, Clone)]
pub struct Mistakes {
    counts: HashMap<PathBuf, u32>,
}

impl Mistakes {
    /// No failures yet.
    pub fn new() -> Mistakes {
        Mistakes::default()
    }

    /// Records an application to `path`. Any failed block (or a diff that did not parse) counts as
    /// a failure; an application where every block applied resets the count. From the second
    /// failure in a row the outcome's error gets a paragraph saying so. Returns the count.
    pub fn record(&mut self, path: &Path, outcome: &mut Outcome) -> u32 {
        if outcome.all_applied() {
            self.counts.remove(path);
            return 0;
        }
        let count = self.counts.entry(path.to_path_buf()).or_insert(0);
        *count = count.saturating_add(1);
        let count = *count;
        if count >= ESCALATE_AFTER {
            outcome.append_error(&format!(
                "This is failure number {count} in a row applying a diff to {}. Stop guessing: read the file \
                 again now and base the next diff on its current content, with SEARCH lines copied exactly \
                 and a `:start_line:` for each block. Prefer several small blocks, one per change.",
                path.display()
            ));
        }
        count
    }

    /// Counts kept elsewhere between runs (the command line keeps them in a state file).
    pub fn from_counts(counts: HashMap<PathBuf, u32>) -> Mistakes {
        Mistakes { counts }
    }

    /// Every file's current count.
    pub fn counts(&self) -> &HashMap<PathBuf, u32> {
        &self.counts
    }

    /// The current count for `path`.
    pub fn count(&self, path: &Path) -> u32 {
        self.counts.get(path).copied().unwrap_or(0)
    }

    /// Forgets `path` (the file was closed, deleted or rewritten).
    pub fn reset(&mut self, path: &Path) {
        self.counts.remove(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::{SearchOptions, apply_text};

    const OK: &str = "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE";
    const BAD: &str = "<<<<<<< SEARCH\nzzz\n=======\nb\n>>>>>>> REPLACE";

    #[test]
    fn escalates_after_two_failures_and_resets_on_success() {
        let mut mistakes = Mistakes::new();
        let path = Path::new("src/a.ts");
        let other = Path::new("src/b.ts");
        let mut first = apply_text("a\n", BAD, &SearchOptions::default());
        assert_eq!(mistakes.record(path, &mut first), 1);
        assert!(!first.error.as_deref().unwrap().contains("in a row"));
        let mut on_other = apply_text("a\n", BAD, &SearchOptions::default());
        assert_eq!(mistakes.record(other, &mut on_other), 1, "counted per file");
        let mut second = apply_text("a\n", "not a diff", &SearchOptions::default());
        assert_eq!(mistakes.record(path, &mut second), 2);
        let error = second.error.unwrap();
        assert!(
            error.contains("failure number 2 in a row") && error.contains("src/a.ts"),
            "{error}"
        );
        let mut success = apply_text("a\n", OK, &SearchOptions::default());
        assert_eq!(mistakes.record(path, &mut success), 0);
        assert_eq!(success.error, None);
        assert_eq!(mistakes.count(path), 0);
        assert_eq!(mistakes.count(other), 1);
        mistakes.reset(other);
        assert_eq!(mistakes.count(other), 0);
    }
}
