//! The rules engine: the autofix.json model, reading it with spans, finding rules files,
//! precedence, compiled checks, suppressions and where to write one, and the lints of autofix.json
//! itself.

pub mod check;
pub mod fix;
pub mod ignore;
pub mod incremental;
pub mod index;
pub mod infer;
pub mod learn;
pub mod lint;
pub mod listing;
pub mod model;
pub mod parse;
pub mod problem;
pub mod reach;
pub mod resolve;
pub mod ruleset;
pub mod scope;
pub mod store;
pub mod suppress;

pub use check::{Checker, FileCheck, Truncated, Violation, ViolationKind};
pub use model::{Category, CheckSpec, Origin, Rule, Severity};
pub use problem::{Problem, ProblemKind};
pub use resolve::Status;
pub use ruleset::{BuildOptions, RuleSet};
pub use scope::FileContext;
