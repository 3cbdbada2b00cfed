//! A rule set: one rules file read, resolved, linted and compiled — what every consumer (the
//! CLI, the language server) checks files against.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::check::{Checker, FileCheck};
use super::index::LoadedRules;
use super::infer::{self, Inference};
use super::lint;
use super::model::{CheckSpec, Rule};
use super::parse::{self, Parsed};
use super::problem::Problem;
use super::resolve::{self, Status};
use super::scope::FileContext;
use super::store;
use super::user::{self, UserLayer};

/// How a rule set is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// Derive checks from the words of rules that have no `Check`.
    pub inferred: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { inferred: true }
    }
}

/// A compiled rules file.
#[derive(Debug, Clone)]
pub struct RuleSet {
    /// The rules file.
    pub path: PathBuf,
    /// The folder whose files it governs.
    pub root: PathBuf,
    /// The text it was built from.
    pub source: Arc<str>,
    /// Byte offset of the array's closing `]`, when the text parsed.
    pub array_end: Option<usize>,
    pub rules: Vec<Rule>,
    /// Parallel to `rules`.
    pub status: Vec<Status>,
    /// Parallel to `rules`: what was inferred from each rule's words (empty when disabled or
    /// when the rule has explicit checks).
    pub inferences: Vec<Inference>,
    /// Every problem found, sorted by position.
    pub problems: Vec<Problem>,
    /// The checks of the project's active rules and of the user rules in force under them.
    pub checker: Checker,
    /// The user's own rules under this project, when the user has a rules file.
    pub user: Option<UserLayer>,
    /// True when no project rules file exists: only the user's rules govern the folder, and
    /// `path` is the user rules file.
    pub user_only: bool,
}

impl RuleSet {
    /// Builds a rule set from the text of the rules file at `path`.
    pub fn from_text(path: &Path, text: &str, options: BuildOptions) -> RuleSet {
        RuleSet::from_text_layered(path, text, options, None)
    }

    /// The rule set of a folder with no rules file of its own: the user's rules alone.
    pub fn user_only(dir: &Path, user: Arc<LoadedRules>, options: BuildOptions) -> RuleSet {
        let mut set = RuleSet::from_text_layered(&user.set.path, "[]", options, Some(user.clone()));
        set.root = dir.to_path_buf();
        set.user_only = true;
        set
    }

    /// Builds a rule set from the text of the rules file at `path`, with the user's rules
    /// (`user`) in force under it.
    pub fn from_text_layered(
        path: &Path,
        text: &str,
        options: BuildOptions,
        user: Option<Arc<LoadedRules>>,
    ) -> RuleSet {
        let Parsed {
            rules,
            mut problems,
            array_end,
            ..
        } = parse::parse(text);
        let inferred = if options.inferred {
            infer::infer_file(&rules)
        } else {
            vec![None; rules.len()]
        };
        let inferences: Vec<Inference> = rules
            .iter()
            .zip(inferred)
            .map(|(r, inference)| {
                let mut inference = inference.unwrap_or_default();
                // A scoped rule's inferred checks stay inside its scope.
                for check in &mut inference.checks {
                    check.scope = r.scope.clone();
                }
                inference
            })
            .collect();
        let resolution = resolve::resolve(&rules, &infer::conflicts(&rules, &inferences));
        problems.extend(resolution.problems);
        for (rule, inference) in rules.iter().zip(&inferences) {
            problems.extend(lint::lint_rule(rule, Some(inference)));
        }

        let active = || {
            rules
                .iter()
                .zip(&resolution.status)
                .filter(|(_, s)| s.is_active())
                .map(|(r, _)| r)
        };
        let explicit = active().flat_map(|r| r.checks.iter().map(move |c| (r, c)));
        let inferred = active()
            .zip(
                rules
                    .iter()
                    .zip(&inferences)
                    .zip(&resolution.status)
                    .filter(|(_, s)| s.is_active())
                    .map(|((_, i), _)| i),
            )
            .flat_map(|(r, i)| i.checks.iter().map(move |c: &CheckSpec| (r, c)));
        let user = user.map(|u| {
            let active: Vec<(&Rule, &Inference)> = rules
                .iter()
                .zip(&inferences)
                .zip(&resolution.status)
                .filter(|(_, s)| s.is_active())
                .map(|(ri, _)| ri)
                .collect();
            UserLayer::under(u, &active)
        });
        // User rules go in under their keys, so each violation names its layer.
        let user_rules: Vec<(Rule, &[CheckSpec])> = user
            .iter()
            .flat_map(UserLayer::in_force)
            .map(|(r, checks)| {
                let mut keyed = r.clone();
                keyed.number = user::key(r.number);
                (keyed, checks)
            })
            .collect();
        let user_checks = user_rules
            .iter()
            .flat_map(|(r, checks)| checks.iter().map(move |c| (r, c)));
        let (checker, compile_problems) = Checker::compile(explicit.chain(inferred).chain(user_checks));
        // A broken check of a user rule is the user file's problem, reported there.
        problems.extend(
            compile_problems
                .into_iter()
                .filter(|p| !p.rule.is_some_and(user::is_key)),
        );
        problems.sort_by_key(|p| (p.span.start, p.span.end));

        RuleSet {
            path: path.to_path_buf(),
            root: store::root_of(path),
            source: text.into(),
            array_end,
            rules,
            status: resolution.status,
            inferences,
            problems,
            checker,
            user,
            user_only: false,
        }
    }

    /// Reads and builds the rules file at `path`.
    pub fn load(path: &Path, options: BuildOptions) -> Result<RuleSet, store::ReadError> {
        Ok(RuleSet::from_text(path, &store::read(path)?, options))
    }

    /// False when a problem makes the rules unusable (invalid JSON, a broken rule).
    pub fn is_usable(&self) -> bool {
        !self.problems.iter().any(Problem::is_fatal)
    }

    pub fn fatal_problems(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_fatal())
    }

    /// The fatal problems as `shown:line:col: message` lines (`shown` names the rules file).
    pub fn render_fatal(&self, shown: &str, locale: crate::i18n::Locale) -> String {
        self.fatal_problems()
            .map(|p| p.render(shown, &self.source, locale))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The rule in force under `number` (the later entry, when numbers repeat); a user rule by
    /// its key (see [`user::key`]).
    pub fn rule(&self, number: u64) -> Option<(&Rule, &Status)> {
        if user::is_key(number) {
            return self.user.as_ref()?.rule(user::number(number));
        }
        self.rules
            .iter()
            .zip(&self.status)
            .rev()
            .find(|(r, _)| r.number == number)
    }

    /// Rules that are in force.
    pub fn active_rules(&self) -> impl Iterator<Item = &Rule> {
        self.rules
            .iter()
            .zip(&self.status)
            .filter(|(_, s)| s.is_active())
            .map(|(r, _)| r)
    }

    /// The file that defines the rule `number` (a user rule by its key) and its line index.
    pub fn file_of(&self, number: u64) -> Option<(&Path, &str)> {
        if user::is_key(number) {
            let user = &self.user.as_ref()?.rules.set;
            return Some((&user.path, &user.source));
        }
        Some((&self.path, &self.source))
    }

    /// The highest rule number in the file (0 when it holds none).
    pub fn highest_number(&self) -> u64 {
        self.rules.iter().map(|r| r.number).max().unwrap_or(0)
    }

    /// `path` relative to the root with `/` separators, or `None` when outside it. A name that
    /// is not UTF-8 is read lossily (its odd bytes become U+FFFD), so globs such as `*.ts` still
    /// see it rather than every scoped check passing it by.
    pub fn relative_path(&self, path: &Path) -> Option<String> {
        let rel = path.strip_prefix(&self.root).ok()?;
        let parts: Vec<_> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect();
        Some(parts.join("/"))
    }

    /// Checks `text`, the content of the file at `path`.
    pub fn check_file(&self, path: &Path, text: &str, language_id: Option<&str>) -> FileCheck {
        let rel = self.relative_path(path);
        // A byte-order mark read from disk is no text of the file: `\A` and `^` patterns see the
        // first line as it reads, and no match starts with the invisible mark.
        let bom = crate::text::bom_len(text);
        let mut found = self.checker.check(
            &text[bom..],
            &FileContext {
                rel_path: rel.as_deref(),
                language_id,
            },
        );
        if bom > 0 {
            for v in &mut found.violations {
                v.range = v.range.start + bom..v.range.end + bom;
                v.matched = v.matched.start + bom..v.matched.end + bom;
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::problem::ProblemKind;

    const RULES: &str = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Always use Axios.", "Why": "w",
   "Check": {"Pattern": "\\bfetch\\(", "Files": ["src/**/*.ts"]}},
  {"Rule_number": 2, "Category": "CODE", "Instruction": "Always use native fetch instead of Axios.", "Why": "migration (replaces Rule 1)",
   "Check": {"Pattern": "axios\\.", "Files": ["src/**/*.ts"], "Severity": "error"}}
]"#;

    #[test]
    fn a_byte_order_mark_is_not_the_first_lines_text() {
        let rules = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "No use in a first line.", "Why": "w",
   "Check": {"Pattern": "\\A(?P<hit>use)\\b", "Files": ["*.rs"], "Fix": "pub use"}}]"#;
        let set = RuleSet::from_text(Path::new("/repo/autofix.json"), rules, BuildOptions::default());
        assert!(set.is_usable(), "{:?}", set.problems);
        let text = "\u{FEFF}use a;\n";
        let found = set.check_file(Path::new("/repo/src/a.rs"), text, None);
        assert_eq!(found.violations.len(), 1);
        let v = &found.violations[0];
        assert_eq!(&text[v.range.clone()], "use");
        // A fix lands after the mark, which stays.
        let fixed = crate::rules::fix::fix_once(text, &found.violations);
        assert_eq!(fixed.text, "\u{FEFF}pub use a;\n");
    }

    #[test]
    fn superseded_rules_raise_nothing() {
        let dir = Path::new("/repo");
        let set = RuleSet::from_text(&dir.join(".agents/autofix.json"), RULES, BuildOptions::default());
        assert!(set.is_usable());
        assert_eq!(set.root, dir);
        let v = set
            .check_file(&dir.join("src/a.ts"), "fetch(url); axios.get(url);", None)
            .violations;
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].rule, 2);
        assert!(
            set.problems
                .iter()
                .any(|p| matches!(p.kind, ProblemKind::Superseded { by: 2, .. }))
        );
        assert_eq!(set.highest_number(), 2);
        assert_eq!(set.active_rules().count(), 1);
        assert!(
            set.check_file(Path::new("/elsewhere/a.ts"), "axios.get()", None)
                .violations
                .is_empty()
        );
    }

    #[cfg(unix)]
    #[test]
    fn scoped_checks_see_names_that_are_not_utf8() {
        use std::os::unix::ffi::OsStrExt;
        let dir = Path::new("/repo");
        let set = RuleSet::from_text(&dir.join("autofix.json"), RULES, BuildOptions::default());
        let file = dir.join(std::ffi::OsStr::from_bytes(b"src/caf\xe9.ts"));
        assert_eq!(set.relative_path(&file).as_deref(), Some("src/caf\u{fffd}.ts"));
        assert_eq!(set.check_file(&file, "axios.get(url);", None).violations.len(), 1);
    }

    #[test]
    fn broken_files_are_not_usable() {
        let set = RuleSet::from_text(Path::new("/r/autofix.json"), "[{]", BuildOptions::default());
        assert!(!set.is_usable());
        assert_eq!(set.root, Path::new("/r"));
        let set = RuleSet::from_text(
            Path::new("/r/autofix.json"),
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.", "Why": "w", "Check": {"Pattern": "("}}]"#,
            BuildOptions::default(),
        );
        assert!(!set.is_usable());
        assert_eq!(set.fatal_problems().count(), 1);
    }
}
