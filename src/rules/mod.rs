//! The rules engine: the autofix.json model, reading it with spans, finding rules files,
//! precedence, compiled checks, suppressions and where to write one, and the lints of autofix.json
//! itself.
//!
//! The surface: the types re-exported below, and the modules an adapter works with — `index`
//! (which rules govern a file), `check`/`incremental`/`fix`/`suppress`/`ignore` (violations and
//! what to do about them), `learn`/`store` (writing a rule), `listing`, `infer` and `parse`. The
//! model, problems, lints, precedence, reach analysis, indentation and scopes are internal.

pub mod check;
mod check_object;
pub mod fix;
pub mod ignore;
pub mod incremental;
mod indent;
pub mod index;
pub mod infer;
pub mod learn;
pub(crate) mod lint;
pub mod listing;
mod model;
pub mod parse;
mod pattern;
mod problem;
mod reach;
mod resolve;
mod ruleset;
mod scope;
pub mod store;
pub mod suppress;
pub mod sweep;
pub mod user;

pub use check::{Checker, FileCheck, Truncated, Violation, ViolationKind};
pub use check_object::{CheckObject, Part};
pub use model::{Category, CheckSpec, Origin, Rule, Severity, Within, normalized_instruction};
pub use problem::{Problem, ProblemKind};
pub use resolve::Status;
pub use ruleset::{BuildOptions, RuleSet};
pub use scope::FileContext;
pub use scope::glob_error;
