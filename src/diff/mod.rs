//! SEARCH/REPLACE diffs (Roo Code's multi-block format): parse them, find each block in the
//! original text, and turn them into minimal edits in original byte coordinates.
//!
//! ```
//! use autofix::diff::{self, SearchOptions};
//!
//! let original = "fn main() {\n    println!(\"hi\");\n}\n";
//! let diff = diff::parse("<<<<<<< SEARCH\n:start_line:2\n-------\n    println!(\"hi\");\n=======\n    println!(\"hello\");\n>>>>>>> REPLACE")?;
//! let outcome = diff::apply(original, &diff, &SearchOptions::default());
//! assert!(outcome.all_applied());
//! assert_eq!(outcome.content.as_deref(), Some("fn main() {\n    println!(\"hello\");\n}\n"));
//! assert_eq!(outcome.edits.len(), 1); // `hi` → `hello`, in original byte coordinates
//! # Ok::<(), diff::ParseError>(())
//! ```
//!
//! The engine knows nothing of LSP: byte offsets over `&str`, 1-based lines in reports.
//! [`find_embedded`] finds diffs inside any document; [`Mistakes`] counts consecutive failures per
//! file. Which files a diff may touch is [`crate::access`]'s business.

#![warn(missing_docs)]
#![cfg_attr(
    not(test),
    warn(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod apply;
mod edits;
mod embedded;
mod haystack;
mod indent;
mod mistakes;
mod normalize;
mod parse;
mod report;
mod search;

pub use apply::{SearchOptions, apply, apply_text};
pub use edits::{Edit, apply_edits};
pub use embedded::{EmbeddedDiff, PathSource, find_embedded};
pub use mistakes::{ESCALATE_AFTER, Mistakes};
pub use normalize::similarity;
pub use parse::{Block, Diff, Marker, ParseError, parse};
pub use report::{BlockReport, BlockStatus, FailureKind, MatchKind, Outcome, percent};

#[cfg(test)]
mod proptests;
