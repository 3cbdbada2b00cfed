//! User-level rules: a person's own rules file (`~/.config/autofix/autofix.json`, or under
//! `$XDG_CONFIG_HOME`; `%APPDATA%\autofix\autofix.json` on Windows), in force under every
//! project's rules. A project rule that says the opposite — or the same thing — wins, and the
//! user's rule is then not checked in that project. User rules keep their own numbers; inside a
//! rule set they are told apart from the project's by [`key`].

use std::path::PathBuf;
use std::sync::Arc;

use super::index::LoadedRules;
use super::infer::{self, Inference};
use super::model::{Rule, normalized_instruction};
use super::problem::SupersededReason;
use super::resolve::Status;
use super::ruleset::{BuildOptions, RuleSet};
use super::store;

/// Overrides where the user rules file is: a path, or empty for none at all (CI, tests).
pub const ENV: &str = "AUTOFIX_USER_RULES";

/// Rule numbers at or above this are user rules inside a rule set (see [`key`]): above every
/// `Rule_number` a file may hold ([`super::parse::MAX_RULE_NUMBER`]). Keys never leave the
/// process as numbers (a JSON reader would round them): reports carry the number and the layer.
pub const KEY_BASE: u64 = 1 << 60;

/// The key of user rule `number` in a rule set's checks and violations: the project's rules
/// keep their numbers, so suppressions, fixes and actions tell the two apart by number alone.
pub fn key(number: u64) -> u64 {
    KEY_BASE.saturating_add(number)
}

/// True when `key` names a user rule.
pub fn is_key(key: u64) -> bool {
    key >= KEY_BASE
}

/// The number a rule has in its own file.
pub fn number(key: u64) -> u64 {
    if is_key(key) { key - KEY_BASE } else { key }
}

/// How a rule is named to people: `#3` for a project rule, `user #3` for a user rule.
pub fn label(key: u64) -> String {
    if is_key(key) {
        format!("user #{}", number(key))
    } else {
        format!("#{key}")
    }
}

/// A rule's code in diagnostics and reports: `3`, or `user#3` for a user rule.
pub fn code(key: u64) -> String {
    if is_key(key) {
        format!("user#{}", number(key))
    } else {
        key.to_string()
    }
}

/// Where the user rules file is (whether or not it exists), `None` when switched off with an
/// empty [`ENV`] or when no home folder is known.
pub fn location() -> Option<PathBuf> {
    match std::env::var_os(ENV) {
        Some(v) if v.is_empty() => None,
        Some(v) => Some(crate::paths::absolute(&PathBuf::from(v))),
        None => {
            use etcetera::BaseStrategy;
            let base = etcetera::choose_base_strategy().ok()?;
            Some(base.config_dir().join("autofix").join("autofix.json"))
        }
    }
}

/// The user rules file could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UserRulesError {
    pub path: PathBuf,
    pub message: String,
}

/// Reads and builds the user rules file: `Ok(None)` when there is none (or it is switched off).
pub fn load(options: BuildOptions) -> Result<Option<Arc<LoadedRules>>, UserRulesError> {
    reload(None, options)
}

/// Reads the user rules file again: `current` itself when its text has not changed (nothing is
/// built), else the file built anew (see [`load`]). Whoever holds the rules in force tells a
/// change by [`Arc::ptr_eq`].
pub fn reload(
    current: Option<&Arc<LoadedRules>>,
    options: BuildOptions,
) -> Result<Option<Arc<LoadedRules>>, UserRulesError> {
    let Some(path) = location() else {
        return Ok(None);
    };
    // Whatever is there counts (a FIFO, a folder): it is reported as unreadable, not ignored.
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(None);
    }
    let fail = |message: String| UserRulesError {
        path: path.clone(),
        message,
    };
    // The error names the file already ("cannot read the rules file: PATH: …").
    let text = store::read(&path).map_err(|e| fail(format!("user rules: {e}")))?;
    if let Some(current) = current.filter(|c| c.set.path == path && *c.set.source == *text) {
        return Ok(Some(current.clone()));
    }
    let loaded = LoadedRules::new(RuleSet::from_text(&path, &text, options));
    if !loaded.set.is_usable() {
        return Err(fail(format!(
            "the user rules file is broken: {} — fix it, or set {ENV}= (empty) to leave user rules out",
            loaded
                .set
                .render_fatal(&path.display().to_string(), crate::i18n::Locale::En)
        )));
    }
    Ok(Some(Arc::new(loaded)))
}

/// True when `a` and `b` are the same rules (both none, or one [`reload`] kept).
pub fn same(a: Option<&Arc<LoadedRules>>, b: Option<&Arc<LoadedRules>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    }
}

/// The user's rules as they stand under one project.
#[derive(Debug, Clone)]
pub struct UserLayer {
    pub rules: Arc<LoadedRules>,
    /// Parallel to the user file's rules: its own status, or superseded by the project's rule
    /// that overrides it ([`SupersededReason::Project`]).
    pub status: Vec<Status>,
}

impl UserLayer {
    /// The user rules under a project whose active rules (with what was inferred from each)
    /// are `project`.
    pub fn under(rules: Arc<LoadedRules>, project: &[(&Rule, &Inference)]) -> UserLayer {
        let user = &rules.set;
        let mut status = user.status.clone();
        let inferred: Vec<&Inference> = project.iter().map(|(_, i)| *i).collect();
        for (n, o, clash) in infer::conflicts_across(&inferred, &user.inferences) {
            if status[o].is_active() {
                status[o] = Status::Superseded {
                    by: project[n].0.number,
                    reason: SupersededReason::Project(Some(clash)),
                };
            }
        }
        // The project's words, normalized once; the newest rule saying them wins.
        let mut same_words: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
        for (rule, _) in project {
            same_words.insert(normalized_instruction(&rule.instruction), rule.number);
        }
        for (o, rule) in user.rules.iter().enumerate() {
            if let Some(&by) = same_words
                .get(&normalized_instruction(&rule.instruction))
                .filter(|_| status[o].is_active())
            {
                status[o] = Status::Superseded {
                    by,
                    reason: SupersededReason::Project(None),
                };
            }
        }
        UserLayer { rules, status }
    }

    /// The user rule `number` (its number in the user file) and its status here.
    pub fn rule(&self, number: u64) -> Option<(&Rule, &Status)> {
        self.rules
            .set
            .rules
            .iter()
            .zip(&self.status)
            .rev()
            .find(|(r, _)| r.number == number)
    }

    /// The user rules in force under this project, with their checks (explicit, else inferred).
    pub fn in_force(&self) -> impl Iterator<Item = (&Rule, &[super::model::CheckSpec])> {
        let set = &self.rules.set;
        set.rules
            .iter()
            .zip(&self.status)
            .zip(&set.inferences)
            .filter(|((_, s), _)| s.is_active())
            .map(|((r, _), i)| {
                let checks: &[super::model::CheckSpec] =
                    if r.checks.is_empty() { &i.checks } else { &r.checks };
                (r, checks)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn user(text: &str) -> Arc<LoadedRules> {
        Arc::new(LoadedRules::new(RuleSet::from_text(
            Path::new("/home/u/.config/autofix/autofix.json"),
            text,
            BuildOptions::default(),
        )))
    }

    #[test]
    fn keys_keep_the_two_numberings_apart() {
        assert!(!is_key(3));
        assert!(is_key(key(3)));
        assert_eq!(number(key(3)), 3);
        assert_eq!(number(3), 3);
        assert_eq!(label(key(3)), "user #3");
        assert_eq!(label(3), "#3");
        assert_eq!(code(key(3)), "user#3");
        assert_eq!(code(3), "3");
    }

    #[test]
    fn a_project_rule_that_says_the_opposite_or_the_same_wins() {
        let u = user(
            r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `console.log`.", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `var`.", "Why": "w"},
  {"Rule_number": 3, "Category": "STYLE", "Instruction": "Never use `TODO` comments.", "Why": "w"}
]"#,
        );
        let project = RuleSet::from_text(
            Path::new("/p/autofix.json"),
            r#"[
  {"Rule_number": 7, "Category": "CODE", "Instruction": "Always use `console.log` for debugging output.", "Why": "w"},
  {"Rule_number": 8, "Category": "CODE", "Instruction": "never use `var`", "Why": "same words"}
]"#,
            BuildOptions::default(),
        );
        let active: Vec<(&Rule, &Inference)> = project.rules.iter().zip(&project.inferences).collect();
        let layer = UserLayer::under(u, &active);
        assert!(matches!(
            &layer.status[0],
            Status::Superseded {
                by: 7,
                reason: SupersededReason::Project(Some(_))
            }
        ));
        assert!(matches!(
            &layer.status[1],
            Status::Superseded {
                by: 8,
                reason: SupersededReason::Project(None)
            }
        ));
        assert!(layer.status[2].is_active());
        let in_force: Vec<u64> = layer.in_force().map(|(r, _)| r.number).collect();
        assert_eq!(in_force, [3]);
        assert!(
            !layer.in_force().next().unwrap().1.is_empty(),
            "inferred checks come along"
        );
    }

    #[test]
    fn the_user_files_own_precedence_holds() {
        let u = user(
            r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `foo`.", "Why": "w"},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `bar` (replaces Rule 1).", "Why": "w"}
]"#,
        );
        let layer = UserLayer::under(u, &[]);
        assert!(!layer.status[0].is_active());
        assert_eq!(
            layer.rule(2).map(|(r, s)| (r.number, s.is_active())),
            Some((2, true))
        );
    }
}
