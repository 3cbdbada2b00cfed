//! Enforcing a rule with a check the agent wrote: the check tried or written into the rule
//! (`enforce_rule`), what it finds in the files the rules file governs and in a sample text, and
//! the rules nothing checks yet (the `enforce-rules` prompt).

use std::path::{Path, PathBuf};

use super::{AgentError, Workspace};
use crate::access::{Intent, MAX_TEXT_BYTES};
use crate::paths::display_path;
use crate::rules::index::Disk;
use crate::rules::infer;
use crate::rules::store;
use crate::rules::{BuildOptions, FileContext, RuleSet};

/// A check written into a rule (or tried), and what it finds in the project now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enforced {
    pub rule_number: u64,
    /// The rules file, relative to the first root.
    pub path: String,
    /// Each check, in words (`` Pattern `…`; Files `*.ts` ``).
    pub checks: Vec<String>,
    /// The rules file was written (not a dry run).
    pub written: bool,
    /// The `Check` this one replaced, as it was written.
    pub replaced: Option<String>,
    /// How many checks inferred from the rule's words the written check takes the place of.
    pub inferred_replaced: usize,
    pub found: Found,
    /// What the check finds in the sample text it was tried on, if any.
    pub sample: Option<Sampled>,
}

/// What a check finds in a sample text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sampled {
    pub violations: usize,
    /// The first [`PLACES_SHOWN`].
    pub places: Vec<Place>,
}

/// Text to try a check on before it is written: as the file `path` (relative to the root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub path: String,
    pub content: String,
}

/// What one rule's checks find in the files its rules file governs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    pub violations: usize,
    /// Files with at least one violation.
    pub files: usize,
    /// Files the rule's checks cover, read and checked.
    pub scanned: usize,
    /// The first violations, in path order.
    pub places: Vec<Place>,
    /// The counts are a lower bound: the walk stopped at [`SWEEP_FILES`] files, or a file held
    /// more violations than a check reports.
    pub truncated: bool,
}

/// One violation found: where, and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Place {
    pub path: String,
    pub line: usize,
    pub column: usize,
    /// The text the check matched.
    pub matched: String,
    /// The line, trimmed (at most 160 characters).
    pub line_text: String,
}

/// A rule in force without a `Check` of its own: nothing checks it, or only what autofix read
/// in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithoutCheck {
    pub rule_number: u64,
    pub category: String,
    pub instruction: String,
    pub why: String,
    /// The checks inferred from its words, in words (`` Pattern `…`; Files `*.ts` ``); empty
    /// when nothing checks the rule.
    pub inferred: Vec<String>,
    /// Why the words gave no check (about the agent, too vague, the notes of `--explain`), or
    /// what they did not turn into one.
    pub reading: Vec<String>,
}

/// Files in a check's scope that a tried check reads at most: enough to judge a check by, bounded
/// so a huge repository does not keep the tool busy for minutes.
pub const SWEEP_FILES: usize = 20_000;
/// Violations listed in [`Found::places`].
pub const PLACES_SHOWN: usize = 100;

/// How [`Workspace::enforce`] goes about it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnforceOptions {
    /// Validate and report, write nothing.
    pub dry_run: bool,
    /// Replace the rule's `Check` if it has one.
    pub replace: bool,
    /// Text to try the check on.
    pub sample: Option<Sample>,
}

/// The first `limit` of `hits` in `text` (the file shown as `shown`) as places.
fn places(text: &str, shown: &str, hits: &[&crate::rules::Violation], limit: usize) -> Vec<Place> {
    let index = crate::text::LineIndex::new(text);
    hits.iter()
        .take(limit)
        .map(|v| {
            let (line, column) = index.line_col(text, v.range.start);
            Place {
                path: shown.to_string(),
                line: line + 1,
                column: column + 1,
                matched: text
                    .get(v.range.clone())
                    .unwrap_or("")
                    .chars()
                    .take(160)
                    .collect(),
                line_text: index.line_text(text, line).trim().chars().take(160).collect(),
            }
        })
        .collect()
}

/// Whether files in `dir` are governed by the rules file of `root`: no folder between them (`dir`
/// included, `root` not) holds a rules file of its own. Answers are kept per folder.
fn governed_by(dir: &Path, root: &Path, known: &mut std::collections::HashMap<PathBuf, bool>) -> bool {
    if dir == root || !dir.starts_with(root) {
        return dir == root;
    }
    if let Some(answer) = known.get(dir) {
        return *answer;
    }
    let answer = store::rules_file_in(dir).is_none()
        && dir
            .parent()
            .is_some_and(|parent| governed_by(parent, root, known));
    known.insert(dir.to_path_buf(), answer);
    answer
}

impl Workspace {
    /// Writes `check` (a `Check` as autofix.json holds it, which the agent wrote after reading
    /// the rule) into rule `number` of the project's rules file — or, with `dry_run`, only
    /// validates it — and says what it finds in the files that rules file governs now, so the
    /// agent can judge the check before it stands. Under the project's lock, atomically,
    /// through the access policy; refused, with nothing written, for a rule that has a `Check`
    /// (unless `replace`), is superseded or numbered twice, a broken rules file, or a check the
    /// lints reject. A `sample` is checked as that file, never written.
    pub fn enforce(
        &self,
        number: u64,
        check: &serde_json::Value,
        options: EnforceOptions,
    ) -> Result<Enforced, AgentError> {
        let EnforceOptions {
            dry_run,
            replace,
            sample,
        } = options;
        let root = self.base().to_path_buf();
        let Some(path) = store::rules_file_in(&root) else {
            return Err(AgentError(format!(
                "no rules file in {}: there is no rule to enforce — learn one with learn_rule",
                root.display()
            )));
        };
        let shown = display_path(&path, self.base());
        let refused = |e: infer::EnforceError| AgentError(format!("{shown}: {e}; nothing was written"));
        let sample_target = match &sample {
            Some(sample) => {
                if sample.content.len() as u64 > MAX_TEXT_BYTES {
                    return Err(AgentError(format!(
                        "the sample is larger than {} MiB; try the check on a smaller text",
                        MAX_TEXT_BYTES >> 20
                    )));
                }
                Some(self.resolve(&sample.path, Intent::Read)?)
            }
            None => None,
        };
        let enforcement = if dry_run {
            let current = self.read(&shown, &path, Intent::ReadConfig)?;
            infer::enforce_given(&current, number, check, replace).map_err(refused)?
        } else {
            let lock = self.lock_for_writing(&path, &shown)?;
            let result = store::update_locked(&lock, &path, Some(&self.policy), |current| {
                let enforcement = infer::enforce_given(current.unwrap_or_default(), number, check, replace)?;
                Ok::<_, infer::EnforceError>((enforcement.text.clone(), enforcement))
            });
            drop(lock);
            let written = match result {
                Ok(written) => written,
                Err(store::UpdateError::Refused(e)) => return Err(refused(e)),
                Err(store::UpdateError::Access(e)) => return Err(self.refusal(&e, &shown, &path)),
                Err(e) => return Err(AgentError(e.to_string())),
            };
            let mut state = self.state();
            state.index.forget_discovery();
            state.index.load(&root, &Disk);
            written
        };
        let set = RuleSet::from_text(&path, &enforcement.text, BuildOptions { inferred: true });
        let sample = sample.zip(sample_target).map(|(sample, target)| {
            let checked = set.check_file(&target, &sample.content, None);
            let hits: Vec<_> = checked.violations.iter().filter(|v| v.rule == number).collect();
            let shown = display_path(&target, self.base());
            Sampled {
                violations: hits.len(),
                places: places(&sample.content, &shown, &hits, PLACES_SHOWN),
            }
        });
        Ok(Enforced {
            rule_number: number,
            path: shown,
            checks: enforcement.checks.iter().map(|c| c.describe_inline()).collect(),
            written: !dry_run,
            replaced: enforcement.replaced,
            inferred_replaced: enforcement.inferred_replaced,
            found: self.find(&set, number, &root),
            sample,
        })
    }

    /// The rules in force in the project's rules file (at the first root) without a `Check` of
    /// their own — nothing checks them, or only what their words gave — in file order. Empty
    /// without a usable rules file.
    ///
    /// The second value says why the list may be wrong: the rules file cannot be read, or is
    /// broken (its last good version is listed, if there is one).
    pub fn rules_without_check(&self) -> (Vec<WithoutCheck>, Option<String>) {
        let root = self.base().to_path_buf();
        let mut state = self.state();
        state.index.root_for_dir(&root, &Disk);
        self.refresh(&mut state.index);
        let entry = state.index.root(&root);
        let shown = entry
            .and_then(|e| e.file.clone())
            .map(|f| display_path(&f, self.base()))
            .unwrap_or_else(|| "the rules file".to_string());
        let warning = entry.and_then(|e| {
            if let Some(error) = &e.read_error {
                Some(format!("{shown} cannot be used: {error}"))
            } else if e.is_broken() {
                let listed = if e.good.is_some() {
                    "; the rules below are its last good version"
                } else {
                    ""
                };
                Some(format!(
                    "{shown} has errors now (`autofix check` shows them){listed}; fix it before enforcing anything"
                ))
            } else {
                None
            }
        });
        let Some(good) = entry.and_then(|r| r.good.clone()) else {
            return (Vec::new(), warning);
        };
        drop(state);
        let set = &good.set;
        let rules = set
            .rules
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                r.checks.is_empty()
                    && r.span.check.is_none()
                    && matches!(set.status[*i], crate::rules::Status::Active)
            })
            .map(|(i, r)| {
                let inference = &set.inferences[i];
                let mut reading = Vec::new();
                if let Some(words) = &inference.behaviour {
                    reading.push(format!("read as about the agent, not the code (\"{words}\")"));
                }
                if inference.vague {
                    reading.push("read as too vague to check".to_string());
                }
                reading.extend(inference.notes.iter().cloned());
                if reading.is_empty() && inference.checks.is_empty() {
                    reading.push("nothing in its words read as a check (no code span, path, tool or known concept after a forbidding or mandating word)".to_string());
                }
                WithoutCheck {
                    rule_number: r.number,
                    category: r.category.as_str().to_string(),
                    instruction: r.instruction.clone(),
                    why: r.why.clone(),
                    inferred: inference.checks.iter().map(|c| c.describe_inline()).collect(),
                    reading,
                }
            })
            .collect();
        (rules, warning)
    }

    /// What rule `number` of `set` (the rules file of `root`) finds in the files it governs:
    /// those under `root` the walk yields (ignore files respected), not under another rules
    /// file, readable through the policy.
    fn find(&self, set: &RuleSet, number: u64, root: &Path) -> Found {
        let mut found = Found::default();
        let collected = crate::files::collect(&[root.to_path_buf()]);
        let mut governed: std::collections::HashMap<PathBuf, bool> = std::collections::HashMap::new();
        let mut files_hit = std::collections::BTreeSet::new();
        let checks: Vec<_> = set.checker.checks().iter().filter(|c| c.rule == number).collect();
        // Only the files the rule's checks cover are read (and count towards the limit): a check
        // on `src/d299/**` looks at that folder however large the project.
        let in_scope = |file: &Path| {
            let rel = set.relative_path(file);
            let context = FileContext {
                rel_path: rel.as_deref(),
                language_id: None,
            };
            checks
                .iter()
                .any(|c| c.covers(&context) || c.forbidden_covers(&context))
        };
        for file in collected.files {
            let Some(dir) = file.parent() else { continue };
            if !governed_by(dir, root, &mut governed) || !in_scope(&file) {
                continue;
            }
            if found.scanned >= SWEEP_FILES {
                found.truncated = true;
                break;
            }
            let Ok((_, text)) = self.policy.read_checked(&file, Intent::Read, MAX_TEXT_BYTES) else {
                continue;
            };
            found.scanned += 1;
            let checked = set.check_file(&file, &text, None);
            // A check stops at its limit of violations in one file: the count is a lower bound.
            found.truncated |= checked.truncated.iter().any(|t| t.rule == number);
            let hits: Vec<_> = checked.violations.iter().filter(|v| v.rule == number).collect();
            if hits.is_empty() {
                continue;
            }
            let shown = display_path(&file, self.base());
            files_hit.insert(shown.clone());
            found.violations += hits.len();
            let room = PLACES_SHOWN.saturating_sub(found.places.len());
            found.places.extend(places(&text, &shown, &hits, room));
        }
        found.files = files_hit.len();
        found
    }
}
