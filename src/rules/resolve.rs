//! Precedence: the newest rule wins. Works out which rules are superseded — listed in a newer
//! rule's `Supersedes`, named in its words ("replaces Rule 1", "reemplaza la Regla 1"), in
//! conflict with it, or repeated under the same number — and reports the mistakes made doing so.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::model::Rule;
use super::problem::{Clash, Problem, ProblemKind, SupersededReason};

/// Whether a rule is in force.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Status {
    #[default]
    Active,
    Superseded {
        by: u64,
        reason: SupersededReason,
    },
}

impl Status {
    pub fn is_active(&self) -> bool {
        matches!(self, Status::Active)
    }
}

/// The status of each rule (parallel to the rules slice) and the problems found.
#[derive(Debug, Clone, Default)]
pub struct Resolution {
    pub status: Vec<Status>,
    pub problems: Vec<Problem>,
}

// The patterns below are constants checked by the tests: compiling them cannot fail at run time.
static NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?xi)
        \b(?:replaces|replacing|supersedes|superseding|overrides|overriding|reemplaza|reemplazando|sustituye|sustituyendo|anula|anulando)
        \s+(?:the\s+|a\s+|la\s+|el\s+|las\s+|los\s+)?
        (?:rules?|reglas?)\s*
        ((?:\#|n[º°o]\.?\s*)?\d+(?:\s*(?:,|and|y|&|/|or|o)\s*(?:\#|n[º°o]\.?\s*)?\d+)*)",
    )
    .expect("a constant regex compiles")
});

static DIGITS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+").expect("a constant regex compiles"));

/// The rule numbers a text says it replaces.
pub fn named_in_text(text: &str) -> Vec<u64> {
    NAMED
        .captures_iter(text)
        .filter_map(|c| c.get(1))
        .flat_map(|m| {
            DIGITS
                .find_iter(m.as_str())
                .filter_map(|d| d.as_str().parse().ok())
                .collect::<Vec<u64>>()
        })
        .collect()
}

/// Works out each rule's status. `conflicts` are `(newer, older, words)` where the newer rule
/// forbids what the older mandates or the other way round (found by inference).
pub fn resolve(rules: &[Rule], conflicts: &[(u64, u64, Clash)]) -> Resolution {
    let mut status = vec![Status::Active; rules.len()];
    let mut problems = Vec::new();

    // Later entries win over earlier ones with the same number.
    let mut last_index: HashMap<u64, usize> = HashMap::new();
    for (i, rule) in rules.iter().enumerate() {
        if let Some(earlier) = last_index.insert(rule.number, i) {
            status[earlier] = Status::Superseded {
                by: rule.number,
                reason: SupersededReason::Duplicate,
            };
            problems.push(
                Problem::new(
                    ProblemKind::DuplicateNumber { number: rule.number },
                    rules[earlier].span.number.clone(),
                )
                .for_rule(Some(rule.number)),
            );
        }
    }

    let retire = |older: u64, newer: u64, reason: SupersededReason, status: &mut Vec<Status>| {
        let Some(&i) = last_index.get(&older) else { return };
        let replace = match &status[i] {
            Status::Active => true,
            Status::Superseded { by, reason: current } => {
                *current != SupersededReason::Duplicate && newer > *by
            }
        };
        if replace {
            status[i] = Status::Superseded { by: newer, reason };
        }
    };

    for (i, rule) in rules.iter().enumerate() {
        if last_index.get(&rule.number) != Some(&i) {
            continue;
        }
        let listed_span = rule.span.supersedes.clone().unwrap_or(rule.span.object.clone());
        for &older in &rule.supersedes {
            if older >= rule.number {
                problems.push(
                    Problem::new(
                        ProblemKind::SupersedesNewer { number: older },
                        listed_span.clone(),
                    )
                    .for_rule(Some(rule.number)),
                );
            } else if !last_index.contains_key(&older) {
                problems.push(
                    Problem::new(
                        ProblemKind::SupersedesUnknown { number: older },
                        listed_span.clone(),
                    )
                    .for_rule(Some(rule.number)),
                );
            } else {
                retire(older, rule.number, SupersededReason::Listed, &mut status);
            }
        }
        for text in [&rule.instruction, &rule.why] {
            for older in named_in_text(text) {
                if older < rule.number && last_index.contains_key(&older) {
                    retire(older, rule.number, SupersededReason::Named, &mut status);
                }
            }
        }
    }
    for (newer, older, clash) in conflicts {
        if older < newer && last_index.contains_key(newer) {
            retire(
                *older,
                *newer,
                SupersededReason::Conflict(clash.clone()),
                &mut status,
            );
        }
    }

    for (rule, status) in rules.iter().zip(&status) {
        if let Status::Superseded { by, reason } = status
            && *reason != SupersededReason::Duplicate
        {
            problems.push(
                Problem::new(
                    ProblemKind::Superseded {
                        by: *by,
                        reason: reason.clone(),
                    },
                    rule.span.object.clone(),
                )
                .for_rule(Some(rule.number)),
            );
        }
    }
    Resolution { status, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse;
    use crate::rules::problem::ClashKind;

    fn rules(json: &str) -> Vec<Rule> {
        let parsed = parse(json);
        assert!(!parsed.has_fatal(), "{:?}", parsed.problems);
        parsed.rules
    }

    fn rule(n: u64, instruction: &str, extra: &str) -> String {
        format!(
            r#"{{"Rule_number": {n}, "Category": "CODE", "Instruction": "{instruction}", "Why": "w"{extra}}}"#
        )
    }

    #[test]
    fn names_in_english_and_spanish() {
        assert_eq!(named_in_text("Use fetch (replaces Rule 1)"), [1]);
        assert_eq!(named_in_text("this supersedes rule #12"), [12]);
        assert_eq!(
            named_in_text("usuario solicitó migración a fetch nativo (reemplaza la Regla 1)"),
            [1]
        );
        assert_eq!(named_in_text("Overrides rules 2, 3 and #5"), [2, 3, 5]);
        assert_eq!(named_in_text("sustituye las reglas 4 y 6"), [4, 6]);
        assert!(named_in_text("Rule 1 is about replacing things").is_empty());
        assert!(named_in_text("replaces the old rule").is_empty());
    }

    #[test]
    fn supersedes_field_and_named_text_retire_older_rules() {
        let rs = rules(&format!(
            "[{}, {}, {}, {}]",
            rule(1, "Always use Axios", ""),
            rule(2, "Never use tabs", ""),
            rule(3, "Always use spaces", r#", "Supersedes": [2]"#),
            rule(
                4,
                "Always use native fetch instead of Axios - replaces Rule 1",
                ""
            ),
        ));
        let res = resolve(&rs, &[]);
        assert_eq!(
            res.status[0],
            Status::Superseded {
                by: 4,
                reason: SupersededReason::Named
            }
        );
        assert_eq!(
            res.status[1],
            Status::Superseded {
                by: 3,
                reason: SupersededReason::Listed
            }
        );
        assert!(res.status[2].is_active() && res.status[3].is_active());
        assert_eq!(
            res.problems
                .iter()
                .filter(|p| matches!(p.kind, ProblemKind::Superseded { .. }))
                .count(),
            2
        );
    }

    #[test]
    fn a_rule_cannot_supersede_a_newer_or_missing_one() {
        let rs = rules(&format!(
            "[{}, {}]",
            rule(1, "a", r#", "Supersedes": [2, 9]"#),
            rule(2, "b replaces rule 3", "")
        ));
        let res = resolve(&rs, &[]);
        assert!(res.status.iter().all(Status::is_active));
        let kinds: Vec<_> = res.problems.iter().map(|p| p.kind.clone()).collect();
        assert_eq!(
            kinds,
            [
                ProblemKind::SupersedesNewer { number: 2 },
                ProblemKind::SupersedesNewer { number: 9 }
            ]
        );
    }

    #[test]
    fn duplicate_numbers_keep_the_later_entry_and_report_an_error() {
        let rs = rules(&format!("[{}, {}]", rule(1, "first", ""), rule(1, "second", "")));
        let res = resolve(&rs, &[]);
        assert_eq!(
            res.status[0],
            Status::Superseded {
                by: 1,
                reason: SupersededReason::Duplicate
            }
        );
        assert!(res.status[1].is_active());
        assert_eq!(res.problems.len(), 1);
        assert_eq!(res.problems[0].kind, ProblemKind::DuplicateNumber { number: 1 });
        assert_eq!(res.problems[0].span, rs[0].span.number);
    }

    #[test]
    fn conflicts_retire_the_older_rule_only() {
        let rs = rules(&format!("[{}, {}]", rule(1, "a", ""), rule(2, "b", "")));
        let clash = Clash {
            kind: ClashKind::Forbids,
            newer_text: "x".into(),
            newer_trigger: "never use".into(),
            older_text: "x".into(),
            older_trigger: "always use".into(),
        };
        let res = resolve(&rs, &[(2, 1, clash.clone()), (1, 2, clash.clone())]);
        assert_eq!(
            res.status[0],
            Status::Superseded {
                by: 2,
                reason: SupersededReason::Conflict(clash)
            }
        );
        assert!(res.status[1].is_active());
    }

    #[test]
    fn the_newest_superseder_is_named() {
        let rs = rules(&format!(
            "[{}, {}, {}]",
            rule(1, "a", ""),
            rule(2, "b", r#", "Supersedes": [1]"#),
            rule(3, "c", r#", "Supersedes": [1]"#)
        ));
        assert_eq!(
            resolve(&rs, &[]).status[0],
            Status::Superseded {
                by: 3,
                reason: SupersededReason::Listed
            }
        );
    }
}
