//! Compiled checks and running them over a text: `Pattern` matches, missing `Require` matches,
//! `Forbidden_paths` and lines off their `Indent`, as violations with exact byte ranges and
//! expanded fixes. All patterns
//! go through one `RegexSet` first, so a clean file costs a single pass.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex, OnceLock, Weak};

use regex::bytes::{RegexSet, RegexSetBuilder};

use super::model::{CheckSpec, Origin, Rule, Severity, Within};
use super::pattern::{CompiledPattern, Engine, Matcher, compiled};
use super::problem::{Problem, ProblemKind};
pub use super::reach::Reach;
use super::scope::{FileContext, Scope};
use crate::text::syntax::{self, Context, Scan};

const SET_SIZE_LIMIT: usize = 32 << 20;
/// A pattern matching everywhere (`.`) must not flood the editor: past this many violations
/// in one file, a check stops reporting (and says so: see [`Truncated`]).
pub const MAX_VIOLATIONS_PER_CHECK: usize = 1000;
/// A match this long that a pattern's hit-less branch may have made is tried against those
/// branches alone before the capture search (shorter ones are as cheap to capture).
const LONG_MATCH: usize = 2048;
pub use super::pattern::HIT_GROUP;

/// What kind of check found a violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    Pattern,
    Require,
    ForbiddenPath,
    /// A line indented off its nesting level (an `Indent` check).
    Indent,
}

/// One place where a file breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: u64,
    /// Index of the compiled check in its [`Checker`].
    pub check: usize,
    pub kind: ViolationKind,
    /// Byte range in the text (the `hit` group of a pattern, when it has one).
    pub range: Range<usize>,
    /// The whole match, for `Pattern` violations (else the same as `range`).
    pub matched: Range<usize>,
    pub severity: Severity,
    pub message: Arc<str>,
    /// Replacement text for `range`, when the check has a `Fix`.
    pub fix: Option<String>,
    pub inferred: bool,
}

/// A check that reached the violation limit in a file: its first violations are reported, the
/// rest are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Truncated {
    /// Index of the compiled check in its [`Checker`].
    pub check: usize,
    pub rule: u64,
}

/// What checking a whole file found: its violations, suppressions applied and sorted by range,
/// and the checks that stopped at the limit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileCheck {
    pub violations: Vec<Violation>,
    /// Sorted by check.
    pub truncated: Vec<Truncated>,
}

/// The prefilter over a checker's patterns: one regex set of what stands for each pattern (its
/// literals, or its widened form: see `CompiledPattern::prefilter`). It only narrows: each
/// candidate is confirmed by its own regex.
#[derive(Debug, Default)]
struct Prefilter {
    /// Sets of a few patterns each (see [`WIDENED_SET_CHUNK`]), with the check of each of their
    /// patterns; a set is `None` when too large to build, and every check of it a candidate.
    sets: Vec<(Option<RegexSet>, Vec<usize>)>,
}

/// Patterns per regex set. One set over every check's pattern searches the text once, but its
/// lazy DFA is the product of them all: with the widened forms of a dozen inferred checks its
/// states outgrow the cache on each file and the search keeps determinizing anew (3.5 s for a
/// 456-file Java/TypeScript project's 47 checks; 5.6 s for a 2,000-line file against the rules
/// corpus). Widened forms go in sets of eight, cached, for a few more passes over the text (sets
/// of four or sixteen were slower on one benchmark or the other); literal alternations, which
/// stay small together, in large sets.
const WIDENED_SET_CHUNK: usize = 8;
const LITERAL_SET_CHUNK: usize = 64;

impl Prefilter {
    fn new(patterns: &[(usize, &CompiledPattern)]) -> Prefilter {
        let (literal, widened): (Vec<_>, Vec<_>) = patterns
            .iter()
            .copied()
            .partition(|(_, p)| p.prefilter_is_literal);
        let sets = literal
            .chunks(LITERAL_SET_CHUNK)
            .chain(widened.chunks(WIDENED_SET_CHUNK))
            .map(|chunk| {
                let sources: Vec<&str> = chunk.iter().map(|(_, p)| p.prefilter.as_str()).collect();
                let set = RegexSetBuilder::new(&sources)
                    .multi_line(true)
                    .crlf(true)
                    .size_limit(SET_SIZE_LIMIT)
                    .dfa_size_limit(SET_SIZE_LIMIT)
                    .build()
                    .ok();
                (set, chunk.iter().map(|(check, _)| *check).collect())
            })
            .collect();
        Prefilter { sets }
    }

    /// Marks in `hit` (indexed by check) the checks whose pattern may match `text`.
    fn mark(&self, text: &[u8], hit: &mut [bool]) {
        for (set, checks) in &self.sets {
            match set {
                Some(set) => {
                    for i in set.matches(text).iter() {
                        hit[checks[i]] = true;
                    }
                }
                None => checks.iter().for_each(|&check| hit[check] = true),
            }
        }
    }
}

/// Prefilters by their patterns (joined with NUL), held alive only by the rule sets using them.
static PREFILTERS: LazyLock<Mutex<HashMap<String, Weak<Prefilter>>>> = LazyLock::new(Mutex::default);

/// The prefilter over `patterns` (each with its check's index), from the cache or built now.
fn shared_prefilter(patterns: &[(usize, &CompiledPattern)]) -> Arc<Prefilter> {
    if patterns.is_empty() {
        return Arc::default();
    }
    let key = patterns
        .iter()
        .map(|(check, p)| format!("{check}:{}", p.prefilter))
        .collect::<Vec<_>>()
        .join("\0");
    let cache = || PREFILTERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = cache().get(&key).and_then(Weak::upgrade) {
        return found;
    }
    let prefilter = Arc::new(Prefilter::new(patterns));
    let mut cache = cache();
    cache.retain(|_, s| s.strong_count() > 0);
    cache.insert(key, Arc::downgrade(&prefilter));
    prefilter
}

/// One check, compiled.
#[derive(Debug, Clone)]
pub struct CompiledCheck {
    pub rule: u64,
    scope: Arc<Scope>,
    pattern: Option<Arc<CompiledPattern>>,
    require: Option<Arc<CompiledPattern>>,
    forbidden: Option<Scope>,
    /// Spaces per nesting level, for an `Indent` check.
    pub indent: Option<usize>,
    fix: Option<String>,
    /// Where a `Pattern` match counts (code, comments, strings).
    pub within: Within,
    pub severity: Severity,
    pub message: Arc<str>,
    pub inferred: bool,
    /// For an inferred check: the words it was inferred from.
    pub explanation: Option<Arc<str>>,
    /// How far a `Pattern` match can reach: re-checking an edit reads that many lines around it.
    pub pattern_reach: Reach,
    /// The same for `Require`.
    pub require_reach: Reach,
    /// What the check is, as a hash of what it was compiled from (its rule's key, scope,
    /// patterns, fix, severity, message): equal identities find the same violations, so a rules
    /// change is told apart from a reload that changed nothing a file could see.
    pub identity: u64,
}

impl CompiledCheck {
    pub fn covers(&self, file: &FileContext) -> bool {
        self.scope.covers(file)
    }

    pub fn pattern(&self) -> Option<&Matcher> {
        self.pattern.as_ref().map(|p| &p.matcher)
    }

    pub fn require(&self) -> Option<&Matcher> {
        self.require.as_ref().map(|p| &p.matcher)
    }

    pub fn forbidden_covers(&self, file: &FileContext) -> bool {
        self.forbidden.as_ref().is_some_and(|f| f.covers(file))
    }

    pub fn has_fix(&self) -> bool {
        self.fix.is_some()
    }
}

/// Lines at the top of a file where a generator says it wrote the file.
pub const GENERATED_HEAD_LINES: usize = 8;

/// Bytes of those lines read at most: a minified first line is not lowercased whole on each
/// keystroke.
pub const GENERATED_HEAD_BYTES: usize = 4096;

/// A line at least this long at the top of a file is a minifier's, not a person's.
const MINIFIED_LINE_BYTES: usize = 2000;

/// Whether the head of a file (its first [`GENERATED_HEAD_LINES`] lines, or some of them) is
/// minified, or says in a comment that a tool generated it: "Code generated … DO NOT EDIT.", "@generated", "This file is
/// automatically generated", "Generated by Django", "All changes made in this file will be
/// lost". Inferred checks leave such files alone; written ones still apply.
pub fn is_generated(head: &str) -> bool {
    const MARKERS: &[&str] = &[
        "do not edit",
        "don't edit",
        "@generated",
        "auto-generated",
        "autogenerated",
        "automatically generated",
        "code generated by",
        "generated by ",
        "this file is generated",
        "changes made in this file will be lost",
    ];
    // In a comment: a name such as `computeAutoGeneratedIndexes` says nothing of the file.
    const COMMENT_OPENERS: &[&str] = &["//", "#", "/*", "*", "<!--", "--", ";", "\"\"\"", "'''", "{/*"];
    let head = &head[..crate::text::lines::floor_char_boundary(head, GENERATED_HEAD_BYTES.min(head.len()))];
    // Minified: a tool's output, one line of thousands of characters (a bundle kept under
    // `coverage-report/` or `public/`, whatever its name) — with few blanks, or packed with
    // statements (ApexCharts' bundle keeps its blanks: `{ var i = …; if (…) { var a = …; e && …`).
    // (Prose on one long line, a paragraph never wrapped, has a blank every few words and hardly
    // any brackets; so has a long string of data.)
    if head.lines().take(GENERATED_HEAD_LINES).any(|line| {
        line.len() >= MINIFIED_LINE_BYTES
            && (line.matches(' ').count() * 12 < line.len()
                || line.matches([';', '{', '}', '(', ')']).count() * 25 >= line.len())
    }) {
        return true;
    }
    head.lines().take(GENERATED_HEAD_LINES).any(|line| {
        let trimmed = line.trim_start();
        COMMENT_OPENERS.iter().any(|o| trimmed.starts_with(o)) && {
            let lower = trimmed.to_lowercase();
            MARKERS.iter().any(|m| lower.contains(m))
        }
    })
}

/// Whether a file is a copy of someone else's code or a build output committed with the
/// project: under `vendor/`, `third_party/`, `node_modules/`, a coverage report, generated
/// (`generated/`, `*.gen.ts`, `*_pb2.py`), minified (`*.min.js`, `*.bundle.js`) or a library's
/// build (`react-dom.development.js`, `*.umd.js`) — or an agent's rule file (`AGENTS.md`,
/// `CLAUDE.md`, `.cursor/rules/`…), which quotes what its rules forbid.
pub fn is_vendored(file: &FileContext) -> bool {
    static VENDORED: LazyLock<Option<globset::GlobSet>> = LazyLock::new(|| {
        let mut set = globset::GlobSetBuilder::new();
        for g in [
            "**/vendor/**",
            "**/vendors/**",
            "**/third_party/**",
            "**/third-party/**",
            "**/node_modules/**",
            "**/*.min.js",
            "**/*.min.mjs",
            "**/*.min.css",
            "**/*.bundle.js",
            // A library's own builds, copied in as they ship (k6 serves React's
            // `react-dom.development.js` to its browser tests).
            "**/*.development.js",
            "**/*.production.js",
            "**/*.umd.js",
            // The agents' rule files: they quote what the rules forbid (a code block of
            // `cargo build`, "NEVER use `$fillable`").
            "**/AGENTS.md",
            "**/AGENT.md",
            "**/CLAUDE.md",
            "**/CLAUDE.local.md",
            "**/GEMINI.md",
            "**/.cursorrules",
            "**/.cursor/**",
            "**/.clinerules",
            "**/.clinerules/**",
            "**/.roorules",
            "**/.roo/**",
            "**/.windsurfrules",
            "**/.windsurf/**",
            "**/.devin/**",
            "**/.continue/**",
            "**/.kiro/**",
            "**/.claude/**",
            "**/.agents/**",
            "**/.ai/**",
            "**/.github/copilot-instructions.md",
            "**/.github/instructions/**",
            // Generated code by where its tools put it: a `generated/` folder (ts-proto,
            // OpenAPI and GraphQL clients), Relay's `__generated__/`, TanStack Router's
            // `routeTree.gen.ts`, protobuf's and Dart's build outputs — not all say so at the top.
            "**/generated/**",
            "**/__generated__/**",
            "**/*.generated.*",
            "**/*.gen.*",
            "**/*_pb2.py",
            "**/*_pb2_grpc.py",
            "**/*_pb2.pyi",
            "**/*.pb.go",
            "**/*_pb.js",
            "**/*_pb.d.ts",
            "**/*.g.dart",
            "**/*.freezed.dart",
            // Test coverage reports: HTML and scripts a tool wrote.
            "**/coverage/**",
            "**/coverage-report/**",
            "**/htmlcov/**",
            "**/lcov-report/**",
        ] {
            set.add(globset::Glob::new(g).ok()?);
        }
        set.build().ok()
    });
    match (file.rel_path, VENDORED.as_ref()) {
        (Some(path), Some(set)) => set.is_match(path),
        _ => false,
    }
}

/// How a glob error of a check becomes a problem: the field, the spans of its globs, the error.
type GlobProblem<'a> = dyn Fn(&'static str, &[Range<usize>], super::scope::GlobError) -> Problem + 'a;

/// The scope of `spec`: its `Files` and languages, narrowed by its rule's scope; glob errors go to
/// `problems`.
fn compile_scope(
    spec: &CheckSpec,
    problems: &mut Vec<Problem>,
    glob_problem: &GlobProblem<'_>,
) -> Option<Scope> {
    let scope = Scope::new(&spec.files, &spec.languages)
        .map_err(|errs| {
            problems.extend(
                errs.into_iter()
                    .map(|e| glob_problem("Files", &spec.span.files, e)),
            )
        })
        .ok();
    // A scoped rule's inferred check: the rule's scope narrows it.
    match (scope, spec.scope.is_empty()) {
        (Some(scope), false) => Scope::new(&spec.scope, &[])
            .map_err(|errs| problems.extend(errs.into_iter().map(|e| glob_problem("Files", &[], e))))
            .ok()
            .map(|outer| scope.within(outer)),
        (scope, _) => scope,
    }
}

/// Compiled scopes by their globs and languages, held alive only by the checks using them.
static SCOPES: LazyLock<Mutex<HashMap<String, Weak<Scope>>>> = LazyLock::new(Mutex::default);

/// Every compiled check of a rule set, and the prefilter over their patterns.
#[derive(Debug, Clone)]
pub struct Checker {
    checks: Vec<CompiledCheck>,
    /// The prefilter over every pattern, built on first use (a reload need not wait for it)
    /// and shared by rule sets with the same patterns.
    prefilter: OnceLock<Arc<Prefilter>>,
    /// Violations one check reports in one file at most.
    limit: usize,
}

impl Default for Checker {
    fn default() -> Self {
        Checker {
            checks: Vec::new(),
            prefilter: OnceLock::new(),
            limit: MAX_VIOLATIONS_PER_CHECK,
        }
    }
}

impl Checker {
    /// Compiles `(rule, check)` pairs; broken regexes and globs become problems (at the span of
    /// the offending string) and their checks are left out.
    pub fn compile<'a>(
        entries: impl IntoIterator<Item = (&'a Rule, &'a CheckSpec)>,
    ) -> (Checker, Vec<Problem>) {
        use rayon::prelude::*;
        // Compiling is most of a load (a Unicode class compiles into a large automaton): the
        // checks compile on every core, and are kept in the rules' order.
        let entries: Vec<(&Rule, &CheckSpec)> = entries.into_iter().collect();
        let compiled: Vec<_> = entries
            .par_iter()
            .map(|&(rule, spec)| {
                let mut warnings = Vec::new();
                let compiled = compile_check(rule, spec, &mut warnings);
                (rule.number, compiled, warnings)
            })
            .collect();
        let mut checks = Vec::new();
        let mut problems = Vec::new();
        for ((number, compiled, mut warnings), (rule, spec)) in compiled.into_iter().zip(&entries) {
            for p in &mut warnings {
                p.rule = Some(number);
            }
            problems.extend(warnings);
            match compiled {
                Ok(check) => checks.push(check),
                Err(mut errs) => {
                    let inferred = matches!(spec.origin, Origin::Inferred { .. });
                    for p in &mut errs {
                        p.rule = Some(number);
                        // A check inferred from words that does not compile is autofix's fault,
                        // not the file's: that check alone is left out, said at the rule's
                        // instruction, and the rest of the file applies.
                        if let (true, ProblemKind::InvalidRegex { field, error }) = (inferred, &p.kind) {
                            p.kind = ProblemKind::InferredNotCompiled {
                                field,
                                error: error.clone(),
                            };
                            p.span = rule.span.instruction.clone();
                        }
                    }
                    problems.extend(errs);
                }
            }
        }
        let checker = Checker {
            checks,
            ..Checker::default()
        };
        (checker, problems)
    }

    fn prefilter_state(&self) -> &Prefilter {
        self.prefilter.get_or_init(|| {
            let patterns: Vec<(usize, &CompiledPattern)> = self
                .checks
                .iter()
                .enumerate()
                .filter_map(|(i, c)| c.pattern.as_deref().map(|p| (i, p)))
                .collect();
            shared_prefilter(&patterns)
        })
    }

    pub fn checks(&self) -> &[CompiledCheck] {
        &self.checks
    }

    /// Violations one check reports in one file at most.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// A lower limit, so tests can reach it with small texts.
    #[cfg(test)]
    pub(crate) fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// The prefilter: indices of the checks among `candidates` whose pattern may match `text`,
    /// in increasing order.
    pub fn prefilter(&self, text: &str, candidates: &[usize]) -> Vec<usize> {
        let mut hit = vec![false; self.checks.len()];
        self.prefilter_state().mark(text.as_bytes(), &mut hit);
        let mut found: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| hit.get(i) == Some(&true))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The lexical contexts of `text` when one of `checks` (indices) has a `Within` and the file's
    /// language is known; `None` otherwise (then nothing needs them, or every position is code).
    pub fn lex(&self, text: &str, file: &FileContext, checks: &[usize]) -> Option<Scan> {
        if !self.needs_lexing(checks) {
            return None;
        }
        file.syntax().map(|s| syntax::scan(text, s))
    }

    /// True when one of `checks` (indices) has a pattern that counts only in some contexts, or
    /// follows indentation (which reads only lines that start in code).
    pub fn needs_lexing(&self, checks: &[usize]) -> bool {
        checks.iter().any(|&i| {
            let c = &self.checks[i];
            (c.within != Within::Any && c.pattern().is_some()) || c.indent.is_some()
        })
    }

    /// Indices of the checks that cover `file`.
    /// The checks whose scope covers `file`; in a `generated` file (see [`is_generated`]) or a
    /// vendored or minified one (see [`is_vendored`]) the inferred ones about its text are
    /// left out — a rule's words are about code the project's people write (where a file may
    /// be, a forbidden path, still holds).
    pub fn applicable(&self, file: &FileContext, generated: bool) -> Vec<usize> {
        let not_ours = generated || is_vendored(file);
        // Each distinct scope is matched once: checks share them (see `SCOPES`).
        let mut seen: HashMap<*const Scope, bool> = HashMap::new();
        (0..self.checks.len())
            .filter(|&i| !(not_ours && self.checks[i].inferred && self.checks[i].forbidden.is_none()))
            .filter(|&i| {
                let scope = &self.checks[i].scope;
                *seen
                    .entry(Arc::as_ptr(scope))
                    .or_insert_with(|| scope.covers(file))
            })
            .collect()
    }

    /// Checks a whole text. Suppression comments are honoured; violations come sorted by range.
    pub fn check(&self, text: &str, file: &FileContext) -> FileCheck {
        let checked = self.check_whole(text, file, false);
        let visible = super::incremental::suppress(checked.violations, &crate::text::StrSource::new(text));
        FileCheck {
            violations: self.one_per_finding(visible),
            truncated: checked.truncated,
        }
    }

    /// The same finding of several rules — equivalent rules imported from `AGENTS.md`,
    /// `CLAUDE.md` and `.cursor/rules`, checked by the same inferred pattern at the same place —
    /// shown once, for the newest of them. Applied after suppression comments, so silencing one
    /// rule on a line leaves the others' finding there. Written checks are never merged.
    pub fn one_per_finding(&self, mut violations: Vec<Violation>) -> Vec<Violation> {
        if violations.len() < 2 {
            return violations;
        }
        let finding = |v: &Violation| -> Option<(ViolationKind, usize, usize, usize, &str)> {
            let check = self.checks.get(v.check)?;
            let pattern = match v.kind {
                ViolationKind::Pattern => check.pattern.as_ref()?,
                ViolationKind::Require => check.require.as_ref()?,
                ViolationKind::ForbiddenPath => return None,
                // The same line of equivalent rules: the same step finds it (and says the same).
                ViolationKind::Indent => {
                    return v.inferred.then_some((
                        v.kind,
                        v.range.start,
                        v.range.end,
                        check.indent.unwrap_or(0),
                        "",
                    ));
                }
            };
            v.inferred.then(|| {
                (
                    v.kind,
                    v.range.start,
                    v.range.end,
                    v.matched.end,
                    pattern.matcher.source(),
                )
            })
        };
        let mut newest: HashMap<(ViolationKind, usize, usize, usize, &str), u64> = HashMap::new();
        for v in &violations {
            if let Some(key) = finding(v) {
                let rule = newest.entry(key).or_insert(v.rule);
                *rule = (*rule).max(v.rule);
            }
        }
        violations.retain(|v| finding(v).is_none_or(|key| newest.get(&key) == Some(&v.rule)));
        violations
    }

    /// The violation check `i` reports for the match `whole` of its pattern in `hay`: the range
    /// (its `hit` group, when it has one) and the expanded fix. `None` when the match reports
    /// nothing (empty, or a branch without a hit, such as a comment an inferred check skips).
    /// `resume` is set to where its `ahead` group starts, when it has one that matched.
    fn reportable(
        &self,
        i: usize,
        re: Engine<'_>,
        hay: &str,
        whole: Range<usize>,
        resume: &mut Option<usize>,
    ) -> Option<(Range<usize>, Option<String>)> {
        let check = &self.checks[i];
        let pattern = check.pattern.as_ref()?;
        let needs_captures = pattern.hit_group.is_some()
            || pattern.ahead_group.is_some()
            || check.fix.as_deref().is_some_and(|f| f.contains('$'));
        if !needs_captures {
            let fix = check.fix.clone().filter(|f| !compounds(&pattern.matcher, f));
            return (!whole.is_empty()).then_some((whole, fix));
        }
        if let Some(filter) = &pattern.hit_filter
            && !hay
                .get(whole.clone())
                .is_some_and(|t| filter.is_match(t.as_bytes()))
        {
            return None;
        }
        if whole.len() >= LONG_MATCH
            && let Some(lead) = &pattern.hitless_lead
            && lead.made(hay.as_bytes(), whole.clone())
        {
            return None;
        }
        let caps = re.captures_at(hay, whole.start)?;
        *resume = pattern.ahead_group.and_then(|g| caps.get(g)).map(|a| a.start);
        let range = match pattern.hit_group.map(|g| caps.get(g)) {
            Some(Some(hit)) => hit,
            Some(None) => return None,
            None => whole.clone(),
        };
        if range.is_empty() {
            return None;
        }
        let fix = check.fix.as_ref().map(|template| {
            let mut expanded = caps.expand(template);
            // With a `hit` group the fix replaces the hit only: keep what surrounds it.
            if range != whole {
                let (before, after) = (&hay[whole.start..range.start], &hay[range.end..whole.end]);
                expanded = expanded
                    .strip_prefix(before)
                    .and_then(|e| e.strip_suffix(after))
                    .map(str::to_string)
                    .unwrap_or(expanded);
            }
            expanded
        });
        Some((range, fix.filter(|f| !compounds(&pattern.matcher, f))))
    }

    /// The `Pattern` violations of check `i` in `hay` (`ascii`: whether it is all ASCII, found
    /// once per text by the caller) found from byte `start` on (the text before
    /// `start` is context for `^` and `\b`), reported at `offset + position`: at most
    /// [`Checker::limit`] of them. Only reported violations count towards the limit, so matches
    /// that report nothing (in a comment a code check skips) cannot use it up. `lexed` holds the
    /// lexical contexts of the whole text (see [`Checker::lex`]). Returns true when the limit
    /// stopped the search with violations left unreported.
    pub fn pattern_violations(
        &self,
        i: usize,
        (hay, ascii): (&str, bool),
        start: usize,
        offset: usize,
        lexed: Option<&Scan>,
        out: &mut Vec<Violation>,
    ) -> bool {
        let check = &self.checks[i];
        let Some(matcher) = check.pattern() else {
            return false;
        };
        let re = matcher.engine(ascii);
        let mut reported = 0;
        let mut matches = MatchesFrom::new(re, hay, start);
        while let Some(whole) = matches.next() {
            let mut resume = None;
            let found = self.reportable(i, re, hay, whole.clone(), &mut resume);
            if let Some(at) = resume {
                matches.resume_at(whole.clone(), at);
            }
            let Some((range, fix)) = found else {
                continue;
            };
            if !within_accepts(check.within, lexed, range.start + offset) {
                continue;
            }
            if reported == self.limit {
                return true;
            }
            reported += 1;
            out.push(Violation {
                rule: check.rule,
                check: i,
                kind: ViolationKind::Pattern,
                range: range.start + offset..range.end + offset,
                matched: whole.start + offset..whole.end + offset,
                severity: check.severity,
                message: check.message.clone(),
                fix,
                inferred: check.inferred,
            });
        }
        false
    }

    /// The lines of `text` that check `i` (an `Indent` check) finds off their level, at most
    /// [`Checker::limit`] of them: true when the limit left some unreported. `lexed` holds the
    /// text's lexical contexts (see [`Checker::lex`]).
    pub fn indent_violations(
        &self,
        i: usize,
        text: &str,
        file: &FileContext,
        lexed: Option<&Scan>,
        out: &mut Vec<Violation>,
    ) -> bool {
        let check = &self.checks[i];
        let Some(step) = check.indent else { return false };
        let found = super::indent::misindented(text, step, lexed, file.syntax());
        let over = found.len() > self.limit;
        out.extend(found.into_iter().take(self.limit).map(|m| {
            let found_spaces = m.range.len();
            Violation {
                rule: check.rule,
                check: i,
                kind: ViolationKind::Indent,
                message: format!(
                    "{} ({found_spaces} spaces where this level takes {})",
                    check.message.trim_end_matches(['.', ' ']),
                    m.expected
                )
                .into(),
                range: m.range.clone(),
                matched: m.range,
                severity: check.severity,
                fix: None,
                inferred: check.inferred,
            }
        }));
        over
    }

    /// The violation of check `i` reported at line 1 (a missing `Require`, a forbidden path),
    /// spanning line 1's content (`first_line_end` bytes).
    pub fn line_one_violation(&self, i: usize, first_line_end: usize, kind: ViolationKind) -> Violation {
        let check = &self.checks[i];
        Violation {
            rule: check.rule,
            check: i,
            kind,
            range: 0..first_line_end,
            matched: 0..first_line_end,
            severity: check.severity,
            message: check.message.clone(),
            fix: None,
            inferred: check.inferred,
        }
    }
}

/// True when a match whose reported range starts at `at` is in the lexical context `within` asks
/// for. Without a lexed text (a language autofix cannot lex) every position is code.
fn within_accepts(within: Within, lexed: Option<&Scan>, at: usize) -> bool {
    let context = match (within, lexed) {
        (Within::Any, _) => return true,
        (within, None) => return within == Within::Code,
        (_, Some(scan)) => scan.context_at(at),
    };
    match within {
        Within::Any => true,
        // Inside a tag, between attributes, is code too: `<center>`, `<div onClick={…}>`; so is
        // the opening quote of a literal written in code.
        Within::Code => {
            context.is_code()
                || matches!(context, Context::JsxTag | Context::MarkupTag)
                || lexed.is_some_and(|scan| scan.string_opens_at(at))
        }
        Within::Comments => context.is_comment(),
        Within::Strings => context.is_string(),
    }
}

/// True when a fix's text is itself a match of the pattern it fixes: applied, it would be found
/// again and fixed again on every run (`fetch(` → `await fetch(` → `await await fetch(`). Such a
/// fix is withheld (the rule's lint says why), on the command line and in the editor alike.
fn compounds(pattern: &Matcher, fix: &str) -> bool {
    !fix.is_empty() && pattern.is_match(fix)
}

/// The successive non-overlapping matches of `re` in `hay` from byte `start`, as `find_iter`
/// gives them from the start of a text (an empty match right where the previous one ended is
/// skipped); the text before `start` is context for look-around assertions. The next search
/// can be moved back into the last match, where its `ahead` group starts — within a budget of
/// text read again ([`REWIND_BUDGET`]): a hostile pattern whose `ahead` opens a match that runs
/// to the end (`(?P<ahead>)x(?s:.*)`) would otherwise read the text once per character.
struct MatchesFrom<'h> {
    re: Engine<'h>,
    hay: &'h str,
    at: Option<usize>,
    last_end: Option<usize>,
    /// Bytes the resumed searches may still read again.
    rewind_left: usize,
}

/// How much text the searches of one pattern may read again after an `ahead` group, in times
/// the text's length, plus [`REWIND_SLACK`] bytes: a statement check reads each line about twice
/// (as a statement, then as the line before the next).
const REWIND_BUDGET: usize = 4;
const REWIND_SLACK: usize = 1 << 20;

impl<'h> MatchesFrom<'h> {
    fn new(re: Engine<'h>, hay: &'h str, start: usize) -> MatchesFrom<'h> {
        MatchesFrom {
            re,
            hay,
            at: Some(start.min(hay.len())),
            last_end: None,
            rewind_left: hay
                .len()
                .saturating_mul(REWIND_BUDGET)
                .saturating_add(REWIND_SLACK),
        }
    }

    /// Resumes the search at `at`, inside the match `last`: what follows `at` was only looked
    /// at, not consumed. At the match's start, one character on, so that the search moves on.
    fn resume_at(&mut self, last: Range<usize>, at: usize) {
        let again = last.end.saturating_sub(at);
        if at >= last.start && at < last.end && self.hay.is_char_boundary(at) && again <= self.rewind_left {
            self.rewind_left -= again;
            self.at = if at > last.start {
                Some(at)
            } else {
                next_char(self.hay, at)
            };
        }
    }
}

impl Iterator for MatchesFrom<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        loop {
            let pos = self.at?;
            let Some(m) = self.re.find_at(self.hay, pos) else {
                self.at = None;
                return None;
            };
            self.at = if m.is_empty() {
                next_char(self.hay, m.end)
            } else {
                Some(m.end)
            };
            if m.is_empty() && self.last_end == Some(m.end) {
                continue;
            }
            self.last_end = Some(m.end);
            return Some(m);
        }
    }
}

/// The char boundary after `at`, or `None` at the end.
fn next_char(hay: &str, at: usize) -> Option<usize> {
    hay.get(at..)?.chars().next().map(|c| at + c.len_utf8())
}

/// Bytes of line 1's content.
pub fn first_line_end(text: &str) -> usize {
    text.find(['\n', '\r']).unwrap_or(text.len())
}

/// Compiles one check; problems that leave it usable (lints) go to `warnings`.
fn compile_check(
    rule: &Rule,
    spec: &CheckSpec,
    warnings: &mut Vec<Problem>,
) -> Result<CompiledCheck, Vec<Problem>> {
    let mut problems = Vec::new();
    let span_or_object = |s: &Option<Range<usize>>| s.clone().unwrap_or(spec.span.object.clone());
    let mut regex = |field: &'static str, source: &Option<String>, span: &Option<Range<usize>>| {
        source.as_ref().and_then(|s| {
            compiled(s)
                .map_err(|error| {
                    problems.push(Problem::new(
                        ProblemKind::InvalidRegex { field, error },
                        span_or_object(span),
                    ))
                })
                .ok()
        })
    };
    let pattern = regex("Pattern", &spec.pattern, &spec.span.pattern);
    let require = regex("Require", &spec.require, &spec.span.require);
    let glob_problem = |field: &'static str, spans: &[Range<usize>], e: super::scope::GlobError| {
        let span = spans.get(e.index).cloned().unwrap_or(spec.span.object.clone());
        Problem::new(
            ProblemKind::InvalidGlob {
                field,
                glob: e.glob,
                error: e.error,
            },
            span,
        )
    };
    // Checks inferred from words mostly share a handful of scopes ("source files", "TypeScript"):
    // one compiled scope each, which `applicable` then matches once per file, not once per check.
    let scope_key = format!("{:?}\0{:?}\0{:?}", spec.files, spec.languages, spec.scope);
    let cached = SCOPES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&scope_key)
        .and_then(Weak::upgrade);
    let scope = match cached {
        Some(scope) => Some(scope),
        None => compile_scope(spec, &mut problems, &glob_problem).map(|scope| {
            let scope = Arc::new(scope);
            let mut cache = SCOPES.lock().unwrap_or_else(|e| e.into_inner());
            if cache.len() >= 64 && cache.len().is_power_of_two() {
                cache.retain(|_, s| s.strong_count() > 0);
            }
            cache.insert(scope_key, Arc::downgrade(&scope));
            scope
        }),
    };
    let forbidden = if spec.forbidden_paths.is_empty() {
        None
    } else {
        Scope::new(&spec.forbidden_paths, &[])
            .map_err(|errs| {
                problems.extend(
                    errs.into_iter()
                        .map(|e| glob_problem("Forbidden_paths", &spec.span.forbidden_paths, e)),
                )
            })
            .ok()
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let Some(scope) = scope else { return Err(problems) };
    // A literal fix (no group references) that the pattern matches would compound: lint it. It is
    // still a check; only its fix is withheld (see `compounds`).
    let compounding = match (&pattern, &spec.fix) {
        (Some(p), Some(fix)) if !fix.contains('$') && compounds(&p.matcher, fix) => Some(Problem::new(
            ProblemKind::FixMatchesPattern { fix: fix.clone() },
            spec.span.fix.clone().unwrap_or(spec.span.object.clone()),
        )),
        _ => None,
    };
    warnings.extend(compounding);
    let inferred = matches!(spec.origin, Origin::Inferred { .. });
    let explanation = match &spec.origin {
        Origin::Inferred { explanation } => Some(Arc::from(explanation.as_str())),
        Origin::Explicit => None,
    };
    let default_severity = if inferred {
        Severity::Information
    } else {
        Severity::Warning
    };
    let message = spec.message.clone().unwrap_or_else(|| rule.instruction.clone());
    let severity = spec.severity.unwrap_or(default_severity);
    let identity = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        let CheckSpec {
            files,
            scope,
            languages,
            pattern,
            require,
            forbidden_paths,
            indent,
            within,
            fix,
            severity: _,
            message: _,
            origin,
            span: _,
        } = spec;
        (
            (rule.number, files, scope, languages),
            (pattern, require, forbidden_paths, indent),
            (within, fix, severity, &message, origin),
        )
            .hash(&mut hasher);
        hasher.finish()
    };
    Ok(CompiledCheck {
        identity,
        rule: rule.number,
        within: spec.within,
        scope,
        pattern_reach: pattern.as_ref().map_or(Reach::Lines(0), |p| p.reach.clone()),
        require_reach: require.as_ref().map_or(Reach::Lines(0), |p| p.reach.clone()),
        pattern,
        require,
        forbidden,
        indent: spec.indent,
        fix: spec.fix.clone(),
        severity,
        message: message.into(),
        inferred,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse;
    use crate::text::LineIndex;

    #[test]
    fn a_fix_the_pattern_matches_again_is_withheld_and_linted() {
        let (c, problems) = checker(
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Always await fetch.", "Why": "w",
                 "Check": {"Pattern": "fetch\\(", "Fix": "await fetch("}},
                {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use var.", "Why": "w",
                 "Check": {"Pattern": "\\bvar\\b", "Fix": "let"}}]"#,
        );
        assert!(
            problems.iter().any(
                |p| matches!(&p.kind, ProblemKind::FixMatchesPattern { fix } if fix == "await fetch(")
                    && !p.is_fatal()
            ),
            "{problems:?}"
        );
        let file = FileContext::default();
        let v = c.check("var r = fetch(u);\n", &file).violations;
        let fetch = v.iter().find(|v| v.rule == 1).unwrap();
        assert_eq!(fetch.fix, None, "withheld: it would compound run after run");
        let var = v.iter().find(|v| v.rule == 2).unwrap();
        assert_eq!(var.fix.as_deref(), Some("let"), "an ordinary fix stays");
    }

    proptest::proptest! {
        /// The prefilter never misses a pattern that matches: on any text — accents, emoji, `ß`,
        /// digits and `_` around the words — each pattern that matches is among the set's
        /// candidates, so checking through the set finds exactly what each regex finds.
        #[test]
        fn the_prefilter_set_never_misses_a_match(
            words in proptest::collection::vec("[aé_1ß]{1,5}", 1..4),
            forms in proptest::collection::vec(0usize..11, 1..4),
            text in "[aAé_1ß😀 \n.-]{0,40}",
        ) {
            let patterns: Vec<String> = words
                .iter()
                .zip(forms.iter().cycle())
                .map(|(w, f)| match f {
                    0 => format!(r"\b{w}\b"),
                    1 => format!(r"\B{w}"),
                    2 => format!(r"{w}\b"),
                    3 => format!(r"\b{{start}}{w}"),
                    4 => format!(r"(?P<hit>{w})\b\s"),
                    5 => format!(r"(?i)\b{w}\w*"),
                    // Literals inside: required parts, alternatives, optional and repeated ones.
                    6 => format!(r"(?:^|[^\w$-])(?P<hit>{w})(?:[^\w$-]|$)"),
                    7 => format!(r"(?:{w}|_{w}a)\s*-"),
                    8 => format!(r"{w}?-{w}"),
                    9 => format!(r"(?:{w}){{2,}}|a\d"),
                    _ => format!(r"(?i){w}1"),
                })
                .collect();
            let rules: Vec<serde_json::Value> = patterns
                .iter()
                .enumerate()
                .map(|(i, p)| serde_json::json!({"Rule_number": i + 1, "Category": "CODE",
                    "Instruction": "Never x.", "Why": "w", "Check": {"Pattern": p}}))
                .collect();
            let (c, problems) = checker(&serde_json::Value::Array(rules).to_string());
            proptest::prop_assert!(problems.iter().all(|p| !p.is_fatal()), "{:?}", problems);
            let all: Vec<usize> = (0..c.checks().len()).collect();
            let candidates = c.prefilter(&text, &all);
            for (i, check) in c.checks().iter().enumerate() {
                if check.pattern().unwrap().is_match(&text) {
                    proptest::prop_assert!(candidates.contains(&i), "{} on {:?}", patterns[i], text);
                }
            }
        }
    }

    /// A hundred literal patterns and thirty widened ones go into several sets (the widened in
    /// sets of a few, whose automata stay cached), and each that matches is still a candidate.
    #[test]
    fn patterns_split_over_sets_are_all_candidates() {
        let mut patterns: Vec<String> = (0..100).map(|i| format!(r"\bname{i}x\(")).collect();
        patterns.extend((1..=30).map(|k| format!(r"(?m)^[ \t]*\d{{{k}}}[a-z]+;$")));
        let rules: Vec<serde_json::Value> = patterns
            .iter()
            .enumerate()
            .map(|(i, p)| {
                serde_json::json!({"Rule_number": i + 1, "Category": "CODE",
                "Instruction": "Never x.", "Why": "w", "Check": {"Pattern": p}})
            })
            .collect();
        let (c, problems) = checker(&serde_json::Value::Array(rules).to_string());
        assert!(problems.iter().all(|p| !p.is_fatal()), "{problems:?}");
        let text = "call(name7x(1), name99x());\n  1234567abc;\n123456789012345678901234567890z;\n";
        let all: Vec<usize> = (0..c.checks().len()).collect();
        let candidates = c.prefilter(text, &all);
        let matching: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| c.checks()[i].pattern().unwrap().is_match(text))
            .collect();
        assert_eq!(matching, [7, 99, 106, 129]);
        for i in &matching {
            assert!(candidates.contains(i), "{} is no candidate", patterns[*i]);
        }
        let sets = &c.prefilter.get().expect("built").sets;
        assert!(sets.len() >= 2 + 30 / WIDENED_SET_CHUNK, "{} sets", sets.len());
    }

    #[test]
    fn rule_sets_share_a_prefilter_only_when_it_is_the_same() {
        // `[aé]xyz` and `[aè]xyz` widen alike, but their literals differ: the second rule set
        // must not reuse the first one's prefilter.
        let rules = |pattern: &str| {
            serde_json::json!([{"Rule_number": 1, "Category": "CODE", "Instruction": "Never x.",
                "Why": "w", "Check": {"Pattern": pattern}}])
            .to_string()
        };
        let file = FileContext::default();
        let (first, _) = checker(&rules("[aé]xyz"));
        assert_eq!(first.check("éxyz\n", &file).violations.len(), 1);
        let (second, _) = checker(&rules("[aè]xyz"));
        assert_eq!(second.check("èxyz\n", &file).violations.len(), 1);
        drop(first);
    }

    #[test]
    fn patterns_are_compiled_once_and_shared_across_rebuilds() {
        let rules = |second: &str| {
            format!(
                r#"[{{"Rule_number": 1, "Category": "CODE", "Instruction": "Never a.", "Why": "w", "Check": {{"Pattern": "cached_one_\\w+"}}}},
                    {{"Rule_number": 2, "Category": "CODE", "Instruction": "Never b.", "Why": "w", "Check": {{"Pattern": "{second}"}}}}]"#
            )
        };
        let (a, _) = checker(&rules("cached_two"));
        let (b, _) = checker(&rules("cached_three"));
        let same = |x: &Checker, y: &Checker, i: usize| {
            std::ptr::eq(x.checks()[i].pattern().unwrap(), y.checks()[i].pattern().unwrap())
        };
        assert!(same(&a, &b, 0), "an unchanged pattern is not compiled again");
        assert!(!same(&a, &b, 1), "a changed one is");
        // A pattern no rule set uses any more is freed.
        let weak = Arc::downgrade(b.checks()[1].pattern.as_ref().unwrap());
        drop(b);
        assert!(weak.upgrade().is_none());
    }

    fn checker(json: &str) -> (Checker, Vec<Problem>) {
        let parsed = parse(json);
        assert!(
            parsed.problems.iter().all(|p| !p.is_fatal()),
            "{:?}",
            parsed.problems
        );
        let rules = parsed.rules;
        // Leak to keep the borrow simple in tests.
        let rules: &'static [Rule] = Box::leak(rules.into_boxed_slice());
        Checker::compile(rules.iter().flat_map(|r| r.checks.iter().map(move |c| (r, c))))
    }

    fn one(check: &str) -> Checker {
        let (c, p) = checker(&format!(
            r#"[{{"Rule_number": 7, "Category": "CODE", "Instruction": "Never do it.", "Why": "w", "Check": {check}}}]"#
        ));
        assert!(p.is_empty(), "{p:?}");
        c
    }

    fn at(path: &str) -> FileContext<'_> {
        FileContext {
            rel_path: Some(path),
            language_id: None,
        }
    }

    #[test]
    fn pattern_matches_are_violations_with_exact_byte_ranges() {
        let c = one(r#"{"Pattern": ":\\s*any\\b", "Files": ["*.ts"]}"#);
        let text = "let a: any = 1;\nlet b:any;\nlet c: anyway;";
        let v = c.check(text, &at("src/x.ts")).violations;
        assert_eq!(
            v.iter().map(|v| &text[v.range.clone()]).collect::<Vec<_>>(),
            [": any", ":any"]
        );
        assert_eq!(v[0].rule, 7);
        assert_eq!(v[0].severity, Severity::Warning);
        assert_eq!(&*v[0].message, "Never do it.");
        assert!(
            c.check(text, &at("src/x.js")).violations.is_empty(),
            "out of scope"
        );
    }

    #[test]
    fn fix_expands_numbered_and_named_groups() {
        let c = one(r#"{"Pattern": "var (?P<name>\\w+) = (\\d+)", "Fix": "const ${name} = $2"}"#);
        let v = c.check("var x = 42;", &at("a.js")).violations;
        assert_eq!(v[0].fix.as_deref(), Some("const x = 42"));
        let c = one(r#"{"Pattern": "console\\.log", "Fix": "logger.debug"}"#);
        assert_eq!(
            c.check("console.log(1)", &at("a.js")).violations[0]
                .fix
                .as_deref(),
            Some("logger.debug")
        );
    }

    #[test]
    fn hit_group_narrows_the_range_and_the_fix() {
        let c = one(r#"{"Pattern": "(?:^|[^=!<>])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}"#);
        let text = "a == b; c === d; e !== f; g==h";
        let v = c.check(text, &at("a.js")).violations;
        assert_eq!(v.len(), 2);
        assert!(v.iter().all(|v| &text[v.range.clone()] == "=="));
        assert_eq!(v[0].fix.as_deref(), Some("==="));
    }

    #[test]
    fn ahead_group_is_looked_at_not_consumed() {
        // A line not ending in `;` whose next line starts a word: without the look-ahead, the
        // first match would consume the next line's start and hide its own violation.
        let pattern = r#"{"Pattern": "^[ \\t]*(?P<hit>[a-z]+\\(\\))(?P<ahead>\\r?\\n[ \\t]*(?:\\b|\\z))"}"#;
        let c = one(pattern);
        let text = "  a()\n  b()\n  c()\n  .then()\n  d();\n  e()\n";
        let v = c.check(text, &at("a.js")).violations;
        let hits: Vec<&str> = v.iter().map(|v| &text[v.range.clone()]).collect();
        assert_eq!(hits, ["a()", "b()", "e()"]);
        // CRLF, and the same pattern with the group renamed: every other line only.
        let crlf = text.replace('\n', "\r\n");
        let v = c.check(&crlf, &at("a.js")).violations;
        assert_eq!(v.len(), 3);
        let consumed = one(&pattern.replace("?P<ahead>", "?P<next>"));
        assert_eq!(consumed.check(text, &at("a.js")).violations.len(), 2);
    }

    #[test]
    fn a_hostile_ahead_group_cannot_make_the_search_quadratic() {
        // `ahead` at the start of a match that runs to the end: resumed one character on each
        // time, the text would be read once per character. The budget stops resuming.
        let re = regex::Regex::new(r"(?P<ahead>)x(?s:.*)").unwrap();
        let text = "x".repeat(400_000);
        let mut matches = MatchesFrom::new(Engine::Unicode(&re), &text, 0);
        let mut searches = 0;
        while let Some(whole) = matches.next() {
            searches += 1;
            matches.resume_at(whole.clone(), whole.start);
            assert!(searches < 100, "{searches} searches");
        }
        // Within the budget (a line read twice), every resume is honoured.
        let re = regex::Regex::new(r"(?m)^(?P<ahead>)[a-z]+\n[a-z]").unwrap();
        let text = "ab\ncd\nef\ng\n".repeat(10_000);
        let mut matches = MatchesFrom::new(Engine::Unicode(&re), &text, 0);
        let mut found = 0;
        while let Some(whole) = matches.next() {
            found += 1;
            matches.resume_at(whole.clone(), whole.start);
        }
        assert_eq!(found, 40_000 - 1);
    }

    #[test]
    fn a_code_match_may_start_with_a_literal_written_in_code() {
        let c = one(r#"{"Pattern": "(?P<hit>'[a-z]+')", "Within": "code"}"#);
        let text = "const a = 'x';\n// 'y'\nconst b = \"'z'\";\n/* 'w' */'v';\n";
        let v = c.check(text, &at("a.js")).violations;
        let hits: Vec<&str> = v.iter().map(|v| &text[v.range.clone()]).collect();
        // Not the one in a comment, nor the one inside another string; the one right after a
        // comment opens in code.
        assert_eq!(hits, ["'x'", "'v'"]);
    }

    #[test]
    fn a_long_match_of_a_branch_without_hit_reports_nothing() {
        // A file left out whole by its first branch, longer than a capture search is cheap for.
        let c = one(r#"{"Pattern": "\\A(?s:.*?)^import Qt(?s:.*)|^def (?P<hit>[a-z]+[A-Z]\\w*)"}"#);
        let defs = "def fooBar():\n    pass\n".repeat(400);
        assert!(defs.len() > LONG_MATCH);
        let qt = format!("import Qt\n{defs}");
        assert!(c.check(&qt, &at("a.py")).violations.is_empty());
        assert_eq!(c.check(&defs, &at("a.py")).violations.len(), 400);
        // The whole file, from its start: a def before the import too.
        let late = format!("def earlyOne():\n    pass\nimport Qt\n{defs}");
        assert!(c.check(&late, &at("a.py")).violations.is_empty());
        // A long match of the `hit` branch is still reported in full.
        let c = one(r#"{"Pattern": "(?s:/\\*.*?\\*/)|(?P<hit>a{2100,})"}"#);
        let run = "a".repeat(3000);
        let v = c.check(&format!("/* x */ {run}"), &at("a.c")).violations;
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].range.len(), 3000);
        assert!(c.check(&format!("/* {run} */"), &at("a.c")).violations.is_empty());
    }

    #[test]
    fn require_is_a_violation_at_line_one_when_missing() {
        let c = one(
            r#"{"Require": "^// SPDX-License-Identifier:", "Files": ["src/**/*.rs"], "Severity": "error"}"#,
        );
        let v = c.check("fn main() {}\r\n", &at("src/main.rs")).violations;
        assert_eq!(v.len(), 1);
        assert_eq!(
            (v[0].kind, v[0].range.clone(), v[0].severity),
            (ViolationKind::Require, 0..12, Severity::Error)
        );
        assert!(
            c.check(
                "// SPDX-License-Identifier: MIT\nfn main() {}",
                &at("src/main.rs")
            )
            .violations
            .is_empty()
        );
        assert!(c.check("fn main() {}", &at("tests/a.rs")).violations.is_empty());
    }

    #[test]
    fn forbidden_paths_flag_the_file_itself() {
        let c =
            one(r#"{"Forbidden_paths": ["src/api/**"], "Message": "API routes live in src/server/routes/"}"#);
        let v = c
            .check("export const x = 1;\n", &at("src/api/users.ts"))
            .violations;
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::ForbiddenPath);
        assert_eq!(&*v[0].message, "API routes live in src/server/routes/");
        assert!(
            c.check("", &at("src/server/routes/users.ts"))
                .violations
                .is_empty()
        );
    }

    #[test]
    fn indent_flags_each_line_of_a_block_off_its_level() {
        let c = one(r#"{"Indent": 2, "Files": ["*.tf"], "Message": "Indent two spaces per level."}"#);
        let text = "# a comment\nvariable \"a\" {\n    type = string # autofix-ignore\n    default = 1\n  policy = <<EOT\n      raw\nEOT\n}\n";
        let v = c.check(text, &at("main.tf")).violations;
        // The suppressed line and the heredoc's body are not reported.
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].kind, ViolationKind::Indent);
        let start = text.find("    default").unwrap();
        assert_eq!(v[0].range, start..start + 4);
        assert_eq!(
            &*v[0].message,
            "Indent two spaces per level (4 spaces where this level takes 2)"
        );
        assert_eq!(v[0].fix, None);
        assert!(c.check(text, &at("main.py")).violations.is_empty());
        // Past the limit: the first lines are reported, and the check says it stopped.
        let many = format!("x {{\n{}}}\n", "    y\n".repeat(5));
        let capped = one(r#"{"Indent": 2}"#).with_limit(3).check(&many, &at("a.tf"));
        assert_eq!(capped.violations.len(), 3);
        assert_eq!(capped.truncated.len(), 1);
    }

    #[test]
    fn suppressions_are_honoured() {
        let c = one(r#"{"Pattern": "TODO"}"#);
        let text = "TODO a\n// autofix-ignore: 7\nTODO b\nTODO c // autofix-ignore: 3\n";
        let v = c.check(text, &at("a.txt")).violations;
        assert_eq!(
            v.iter().map(|v| v.range.start).collect::<Vec<_>>(),
            [0, text.find("TODO c").unwrap()]
        );
    }

    #[test]
    fn crlf_and_non_ascii_ranges() {
        let c = one(r#"{"Pattern": "übel$"}"#);
        let text = "😀 übel\r\nnot übel here\r\n世界 übel";
        let v = c.check(text, &at("a.txt")).violations;
        assert_eq!(v.len(), 2);
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, v[0].range.start), (0, 2));
        assert_eq!(index.line_col(text, v[1].range.start), (2, 3));
    }

    #[test]
    fn empty_matches_are_ignored_and_floods_are_capped() {
        let c = one(r#"{"Pattern": "x*"}"#);
        assert!(c.check("abc", &at("a")).violations.is_empty());
        let c = one(r#"{"Pattern": "."}"#);
        assert_eq!(
            c.check(&"a".repeat(5000), &at("a")).violations.len(),
            MAX_VIOLATIONS_PER_CHECK
        );
    }

    #[test]
    fn the_cap_counts_reported_violations_not_skipped_comments() {
        // An inferred check's first branch matches every comment and reports nothing.
        let c = one(
            r#"{"Pattern": "(?:(?:^|[^:])//[^\\r\\n]*|/\\*[\\s\\S]*?\\*/)|(?:\\b(?P<hit>console\\.log)\\b)"}"#,
        );
        let text = format!("{}console.log(1);\n", "// a note\n".repeat(1200));
        let found = c.check(&text, &at("a.ts"));
        assert_eq!(
            found.violations.len(),
            1,
            "the violation after 1,200 comments is reported"
        );
        assert!(found.truncated.is_empty());
    }

    #[test]
    fn a_check_stopped_at_the_limit_says_so() {
        let c = one(r#"{"Pattern": "."}"#);
        let found = c.check(&"a".repeat(MAX_VIOLATIONS_PER_CHECK), &at("a"));
        assert_eq!(found.violations.len(), MAX_VIOLATIONS_PER_CHECK);
        assert!(found.truncated.is_empty(), "exactly the limit is not truncated");
        let found = c.check(&"a".repeat(MAX_VIOLATIONS_PER_CHECK + 1), &at("a"));
        assert_eq!(found.violations.len(), MAX_VIOLATIONS_PER_CHECK);
        assert_eq!(found.truncated, [Truncated { check: 0, rule: 7 }]);
    }

    #[test]
    fn bad_regexes_and_globs_are_problems_at_their_span() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Pattern": "(unclosed", "Files": ["ok/*", "bad/["]}}]"#;
        let (c, problems) = checker(json);
        assert!(c.is_empty());
        assert_eq!(problems.len(), 2);
        assert!(matches!(
            &problems[0].kind,
            ProblemKind::InvalidRegex { field: "Pattern", .. }
        ));
        assert_eq!(&json[problems[0].span.clone()], "\"(unclosed\"");
        assert_eq!(&json[problems[1].span.clone()], "\"bad/[\"");
        assert!(problems.iter().all(|p| p.rule == Some(1) && p.is_fatal()));
    }

    #[test]
    fn huge_regexes_are_refused_not_built() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Pattern": "\\w{1000}\\w{1000}\\w{1000}"}}]"#;
        let (_, problems) = checker(json);
        assert!(
            matches!(&problems[0].kind, ProblemKind::InvalidRegex { error, .. } if error.contains("too large")),
            "{problems:?}"
        );
    }

    #[test]
    fn an_inferred_check_that_does_not_compile_is_left_out_not_fatal() {
        let json =
            r#"[{"Rule_number": 4, "Category": "CODE", "Instruction": "Never use `eval`.", "Why": "y"}]"#;
        let parsed = parse(json);
        let rule: &'static Rule = Box::leak(Box::new(parsed.rules[0].clone()));
        let broken = CheckSpec {
            require: Some(r"\w{1000}\w{1000}\w{1000}".into()),
            origin: Origin::Inferred {
                explanation: "a broken inference".into(),
            },
            ..CheckSpec::default()
        };
        let good = CheckSpec {
            pattern: Some(r"\beval\(".into()),
            origin: Origin::Inferred {
                explanation: "forbidden `eval`".into(),
            },
            ..CheckSpec::default()
        };
        let broken: &'static CheckSpec = Box::leak(Box::new(broken));
        let good: &'static CheckSpec = Box::leak(Box::new(good));
        let (c, problems) = Checker::compile([(rule, broken), (rule, good)]);
        assert_eq!(c.checks().len(), 1, "the good check stays");
        assert_eq!(problems.len(), 1, "{problems:?}");
        let p = &problems[0];
        assert!(
            matches!(&p.kind, ProblemKind::InferredNotCompiled { field: "Require", error } if error.contains("too large")),
            "{p:?}"
        );
        assert!(!p.is_fatal() && p.rule == Some(4));
        assert_eq!(&json[p.span.clone()], "\"Never use `eval`.\"");
        assert_eq!(p.code(), "inferred-not-compiled");
        assert!(
            p.message(crate::i18n::Locale::En).contains("left out"),
            "{}",
            p.message(crate::i18n::Locale::En)
        );
    }

    #[test]
    fn the_prefilter_skips_patterns_that_cannot_match() {
        let (c, _) = checker(
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": [{"Pattern": "alpha"}, {"Pattern": "beta", "Files": ["*.md"]}]}]"#,
        );
        let v = c.check("alpha beta", &at("a.ts")).violations;
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].check, 0);
    }
}
