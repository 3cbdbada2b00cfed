//! Words to checks: what a rule without a `Check` can still enforce, inferred conservatively
//! from its instruction (English and Spanish).

use super::model::{CheckSpec, Rule};

/// What was inferred from one rule's words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inference {
    /// Checks derived from the words, each with `Origin::Inferred`.
    pub checks: Vec<CheckSpec>,
    /// True when the rule names nothing concrete enough to check ("write clean code").
    pub vague: bool,
}

/// Infers checks from a rule's words.
pub fn infer(_rule: &Rule) -> Inference {
    Inference::default()
}

/// `(newer, older)` pairs where the newer rule forbids what the older one mandates.
pub fn conflicts(_rules: &[Rule], _inferences: &[Inference]) -> Vec<(u64, u64)> {
    Vec::new()
}
