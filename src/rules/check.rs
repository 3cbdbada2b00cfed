//! Compiled checks and running them over a text: `Pattern` matches, missing `Require` matches
//! and `Forbidden_paths`, as violations with exact byte ranges and expanded fixes. All patterns
//! go through one `RegexSet` first, so a clean file costs a single pass.

use std::ops::Range;
use std::sync::Arc;

use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};

use super::model::{CheckSpec, Origin, Rule, Severity};
use super::problem::{Problem, ProblemKind};
use super::scope::{FileContext, Scope};
use super::suppress::Suppressions;
use crate::text::LineIndex;

/// Compiled size limits: a rules file must not be able to exhaust the editor's memory.
const REGEX_SIZE_LIMIT: usize = 1 << 20;
const REGEX_DFA_LIMIT: usize = 2 << 20;
const SET_SIZE_LIMIT: usize = 32 << 20;
/// A pattern matching everywhere (`.`) must not flood the editor: past this many violations
/// in one file, a check stops reporting.
pub const MAX_VIOLATIONS_PER_CHECK: usize = 1000;
/// The capture group that, when present, narrows the reported range of a `Pattern` match.
pub const HIT_GROUP: &str = "hit";

/// What kind of check found a violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    Pattern,
    Require,
    ForbiddenPath,
}

/// One place where a file breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: u64,
    /// Index of the compiled check in its [`Checker`].
    pub check: usize,
    pub kind: ViolationKind,
    /// Byte range in the text.
    pub range: Range<usize>,
    pub severity: Severity,
    pub message: Arc<str>,
    /// Replacement text for `range`, when the check has a `Fix`.
    pub fix: Option<String>,
    pub inferred: bool,
}

/// One check, compiled.
#[derive(Debug, Clone)]
pub struct CompiledCheck {
    pub rule: u64,
    scope: Scope,
    pattern: Option<Regex>,
    hit_group: Option<usize>,
    require: Option<Regex>,
    forbidden: Option<Scope>,
    fix: Option<String>,
    pub severity: Severity,
    pub message: Arc<str>,
    pub inferred: bool,
    /// True when the pattern can match across a line break (so an edit re-check must widen).
    pub multiline: bool,
}

impl CompiledCheck {
    pub fn covers(&self, file: &FileContext) -> bool {
        self.scope.covers(file)
    }

    pub fn pattern(&self) -> Option<&Regex> {
        self.pattern.as_ref()
    }

    pub fn require(&self) -> Option<&Regex> {
        self.require.as_ref()
    }

    pub fn has_fix(&self) -> bool {
        self.fix.is_some()
    }
}

fn build_regex(source: &str) -> Result<Regex, String> {
    RegexBuilder::new(source)
        .multi_line(true)
        .crlf(true)
        .size_limit(REGEX_SIZE_LIMIT)
        .dfa_size_limit(REGEX_DFA_LIMIT)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(limit) => {
                format!("the pattern is too large once compiled (limit {} KiB); simplify it", limit / 1024)
            }
            other => other.to_string().lines().last().unwrap_or_default().trim().to_string(),
        })
}

/// Whether a regex can match a line break: then an edit can change matches beyond its lines.
/// Unparseable sources are assumed to (the safe answer).
fn can_span_lines(source: &str) -> bool {
    regex_syntax::ParserBuilder::new()
        .multi_line(true)
        .crlf(true)
        .build()
        .parse(source)
        .map_or(true, |hir| hir_matches_newline(&hir))
}

fn hir_matches_newline(hir: &regex_syntax::hir::Hir) -> bool {
    use regex_syntax::hir::{Class, HirKind};
    match hir.kind() {
        HirKind::Literal(lit) => lit.0.iter().any(|b| *b == b'\n' || *b == b'\r'),
        HirKind::Class(Class::Unicode(c)) => {
            c.ranges().iter().any(|r| ['\n', '\r'].iter().any(|nl| (r.start()..=r.end()).contains(nl)))
        }
        HirKind::Class(Class::Bytes(c)) => {
            c.ranges().iter().any(|r| [b'\n', b'\r'].iter().any(|nl| (r.start()..=r.end()).contains(nl)))
        }
        HirKind::Repetition(r) => hir_matches_newline(&r.sub),
        HirKind::Capture(c) => hir_matches_newline(&c.sub),
        HirKind::Concat(hs) | HirKind::Alternation(hs) => hs.iter().any(hir_matches_newline),
        HirKind::Empty | HirKind::Look(_) => false,
    }
}

/// Every compiled check of a rule set, and the prefilter over their patterns.
#[derive(Debug, Clone, Default)]
pub struct Checker {
    checks: Vec<CompiledCheck>,
    /// One set over every pattern; `set_checks[i]` is the check of the set's pattern `i`.
    set: Option<RegexSet>,
    set_checks: Vec<usize>,
}

impl Checker {
    /// Compiles `(rule, check)` pairs; broken regexes and globs become problems (at the span of
    /// the offending string) and their checks are left out.
    pub fn compile<'a>(entries: impl IntoIterator<Item = (&'a Rule, &'a CheckSpec)>) -> (Checker, Vec<Problem>) {
        let mut checks = Vec::new();
        let mut problems = Vec::new();
        for (rule, spec) in entries {
            match compile_check(rule, spec) {
                Ok(check) => checks.push(check),
                Err(mut errs) => {
                    for p in &mut errs {
                        p.rule = Some(rule.number);
                    }
                    problems.extend(errs);
                }
            }
        }
        let mut checker = Checker { checks, set: None, set_checks: Vec::new() };
        checker.build_set();
        (checker, problems)
    }

    fn build_set(&mut self) {
        let (sources, owners): (Vec<&str>, Vec<usize>) = self
            .checks
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.pattern.as_ref().map(|p| (p.as_str(), i)))
            .unzip();
        if sources.is_empty() {
            return;
        }
        // A set too large to build is only a lost shortcut: each pattern then runs on its own.
        self.set = RegexSetBuilder::new(&sources)
            .multi_line(true)
            .crlf(true)
            .size_limit(SET_SIZE_LIMIT)
            .dfa_size_limit(SET_SIZE_LIMIT)
            .build()
            .ok();
        self.set_checks = owners;
    }

    pub fn checks(&self) -> &[CompiledCheck] {
        &self.checks
    }

    pub fn is_empty(&self) -> bool {
        self.checks.is_empty()
    }

    /// Indices of the checks that cover `file`.
    pub fn applicable(&self, file: &FileContext) -> Vec<usize> {
        (0..self.checks.len()).filter(|&i| self.checks[i].covers(file)).collect()
    }

    /// Checks a whole text. Suppression comments are honoured; violations come sorted by range.
    pub fn check(&self, text: &str, file: &FileContext) -> Vec<Violation> {
        let applicable = self.applicable(file);
        let mut out = Vec::new();
        for &i in &applicable {
            let check = &self.checks[i];
            if let Some(forbidden) = &check.forbidden
                && forbidden.covers(file)
            {
                out.push(self.line_one_violation(i, text, ViolationKind::ForbiddenPath));
            }
            if let Some(require) = &check.require
                && !require.is_match(text)
            {
                out.push(self.line_one_violation(i, text, ViolationKind::Require));
            }
        }
        let with_pattern: Vec<usize> =
            applicable.iter().copied().filter(|&i| self.checks[i].pattern.is_some()).collect();
        if !with_pattern.is_empty() {
            let matched: Vec<usize> = match &self.set {
                Some(set) => {
                    let hits = set.matches(text);
                    hits.iter().map(|s| self.set_checks[s]).filter(|i| with_pattern.contains(i)).collect()
                }
                None => with_pattern,
            };
            for i in matched {
                self.pattern_violations(i, text, 0, &mut out);
            }
        }
        self.finish(text, out)
    }

    /// The `Pattern` violations of check `i` in `window`, a slice of a larger text starting at
    /// byte `offset` of it (ranges are reported in the larger text's offsets).
    pub fn pattern_violations(&self, i: usize, window: &str, offset: usize, out: &mut Vec<Violation>) {
        let check = &self.checks[i];
        let Some(re) = &check.pattern else { return };
        let needs_captures = check.hit_group.is_some() || check.fix.as_deref().is_some_and(|f| f.contains('$'));
        let mut count = 0;
        let mut push = |range: Range<usize>, fix: Option<String>| {
            if range.is_empty() || count >= MAX_VIOLATIONS_PER_CHECK {
                return;
            }
            count += 1;
            out.push(Violation {
                rule: check.rule,
                check: i,
                kind: ViolationKind::Pattern,
                range: range.start + offset..range.end + offset,
                severity: check.severity,
                message: check.message.clone(),
                fix,
                inferred: check.inferred,
            });
        };
        if needs_captures {
            for caps in re.captures_iter(window) {
                let Some(whole) = caps.get(0) else { continue };
                let range = match check.hit_group.and_then(|g| caps.get(g)) {
                    Some(hit) => hit.range(),
                    None if check.hit_group.is_some() => continue,
                    None => whole.range(),
                };
                let fix = check.fix.as_ref().map(|template| {
                    let mut expanded = String::new();
                    caps.expand(template, &mut expanded);
                    // With a `hit` group the fix replaces the hit only: keep what surrounds it.
                    if range != whole.range() {
                        let (before, after) = (&window[whole.start()..range.start], &window[range.end..whole.end()]);
                        expanded = expanded
                            .strip_prefix(before)
                            .and_then(|e| e.strip_suffix(after))
                            .map(str::to_string)
                            .unwrap_or(expanded);
                    }
                    expanded
                });
                push(range, fix);
            }
        } else {
            for m in re.find_iter(window) {
                push(m.range(), check.fix.clone());
            }
        }
    }

    fn line_one_violation(&self, i: usize, text: &str, kind: ViolationKind) -> Violation {
        let check = &self.checks[i];
        let first_line_end = text.find(['\n', '\r']).unwrap_or(text.len());
        Violation {
            rule: check.rule,
            check: i,
            kind,
            range: 0..first_line_end,
            severity: check.severity,
            message: check.message.clone(),
            fix: None,
            inferred: check.inferred,
        }
    }

    /// Drops suppressed violations and sorts the rest.
    pub fn finish(&self, text: &str, mut violations: Vec<Violation>) -> Vec<Violation> {
        if text.contains("autofix-ignore") {
            let index = LineIndex::new(text);
            let suppressions = Suppressions::scan(text, &index);
            violations.retain(|v| !suppressions.silences(v.rule, index.line_of(v.range.start)));
        }
        violations.sort_by_key(|v| (v.range.start, v.range.end, v.rule));
        violations
    }
}

fn compile_check(rule: &Rule, spec: &CheckSpec) -> Result<CompiledCheck, Vec<Problem>> {
    let mut problems = Vec::new();
    let span_or_object = |s: &Option<Range<usize>>| s.clone().unwrap_or(spec.span.object.clone());
    let mut regex = |field: &'static str, source: &Option<String>, span: &Option<Range<usize>>| {
        source.as_ref().and_then(|s| {
            build_regex(s)
                .map_err(|error| problems.push(Problem::new(ProblemKind::InvalidRegex { field, error }, span_or_object(span))))
                .ok()
        })
    };
    let pattern = regex("Pattern", &spec.pattern, &spec.span.pattern);
    let require = regex("Require", &spec.require, &spec.span.require);
    let glob_problem = |field: &'static str, spans: &[Range<usize>], e: super::scope::GlobError| {
        let span = spans.get(e.index).cloned().unwrap_or(spec.span.object.clone());
        Problem::new(ProblemKind::InvalidGlob { field, glob: e.glob, error: e.error }, span)
    };
    let scope = Scope::new(&spec.files, &spec.languages)
        .map_err(|errs| problems.extend(errs.into_iter().map(|e| glob_problem("Files", &spec.span.files, e))))
        .ok();
    let forbidden = if spec.forbidden_paths.is_empty() {
        None
    } else {
        Scope::new(&spec.forbidden_paths, &[])
            .map_err(|errs| {
                problems.extend(errs.into_iter().map(|e| glob_problem("Forbidden_paths", &spec.span.forbidden_paths, e)))
            })
            .ok()
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let Some(scope) = scope else { return Err(problems) };
    let inferred = matches!(spec.origin, Origin::Inferred { .. });
    let default_severity = if inferred { Severity::Information } else { Severity::Warning };
    let message = spec.message.clone().unwrap_or_else(|| rule.instruction.clone());
    let hit_group = pattern.as_ref().and_then(|re| re.capture_names().position(|n| n == Some(HIT_GROUP)));
    Ok(CompiledCheck {
        rule: rule.number,
        scope,
        multiline: spec.pattern.as_deref().is_some_and(can_span_lines),
        pattern,
        hit_group,
        require,
        forbidden,
        fix: spec.fix.clone(),
        severity: spec.severity.unwrap_or(default_severity),
        message: message.into(),
        inferred,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::parse;

    fn checker(json: &str) -> (Checker, Vec<Problem>) {
        let parsed = parse(json);
        assert!(parsed.problems.iter().all(|p| !p.is_fatal()), "{:?}", parsed.problems);
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
        FileContext { rel_path: Some(path), language_id: None }
    }

    #[test]
    fn pattern_matches_are_violations_with_exact_byte_ranges() {
        let c = one(r#"{"Pattern": ":\\s*any\\b", "Files": ["*.ts"]}"#);
        let text = "let a: any = 1;\nlet b:any;\nlet c: anyway;";
        let v = c.check(text, &at("src/x.ts"));
        assert_eq!(v.iter().map(|v| &text[v.range.clone()]).collect::<Vec<_>>(), [": any", ":any"]);
        assert_eq!(v[0].rule, 7);
        assert_eq!(v[0].severity, Severity::Warning);
        assert_eq!(&*v[0].message, "Never do it.");
        assert!(c.check(text, &at("src/x.js")).is_empty(), "out of scope");
    }

    #[test]
    fn fix_expands_numbered_and_named_groups() {
        let c = one(r#"{"Pattern": "var (?P<name>\\w+) = (\\d+)", "Fix": "const ${name} = $2"}"#);
        let v = c.check("var x = 42;", &at("a.js"));
        assert_eq!(v[0].fix.as_deref(), Some("const x = 42"));
        let c = one(r#"{"Pattern": "console\\.log", "Fix": "logger.debug"}"#);
        assert_eq!(c.check("console.log(1)", &at("a.js"))[0].fix.as_deref(), Some("logger.debug"));
    }

    #[test]
    fn hit_group_narrows_the_range_and_the_fix() {
        let c = one(r#"{"Pattern": "(?:^|[^=!<>])(?P<hit>==)(?:[^=]|$)", "Fix": "==="}"#);
        let text = "a == b; c === d; e !== f; g==h";
        let v = c.check(text, &at("a.js"));
        assert_eq!(v.len(), 2);
        assert!(v.iter().all(|v| &text[v.range.clone()] == "=="));
        assert_eq!(v[0].fix.as_deref(), Some("==="));
    }

    #[test]
    fn require_is_a_violation_at_line_one_when_missing() {
        let c = one(r#"{"Require": "^// SPDX-License-Identifier:", "Files": ["src/**/*.rs"], "Severity": "error"}"#);
        let v = c.check("fn main() {}\r\n", &at("src/main.rs"));
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].kind, v[0].range.clone(), v[0].severity), (ViolationKind::Require, 0..12, Severity::Error));
        assert!(c.check("// SPDX-License-Identifier: MIT\nfn main() {}", &at("src/main.rs")).is_empty());
        assert!(c.check("fn main() {}", &at("tests/a.rs")).is_empty());
    }

    #[test]
    fn forbidden_paths_flag_the_file_itself() {
        let c = one(r#"{"Forbidden_paths": ["src/api/**"], "Message": "API routes live in src/server/routes/"}"#);
        let v = c.check("export const x = 1;\n", &at("src/api/users.ts"));
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::ForbiddenPath);
        assert_eq!(&*v[0].message, "API routes live in src/server/routes/");
        assert!(c.check("", &at("src/server/routes/users.ts")).is_empty());
    }

    #[test]
    fn suppressions_are_honoured() {
        let c = one(r#"{"Pattern": "TODO"}"#);
        let text = "TODO a\n// autofix-ignore: 7\nTODO b\nTODO c // autofix-ignore: 3\n";
        let v = c.check(text, &at("a.txt"));
        assert_eq!(v.iter().map(|v| v.range.start).collect::<Vec<_>>(), [0, text.find("TODO c").unwrap()]);
    }

    #[test]
    fn crlf_and_non_ascii_ranges() {
        let c = one(r#"{"Pattern": "übel$"}"#);
        let text = "😀 übel\r\nnot übel here\r\n世界 übel";
        let v = c.check(text, &at("a.txt"));
        assert_eq!(v.len(), 2);
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, v[0].range.start), (0, 2));
        assert_eq!(index.line_col(text, v[1].range.start), (2, 3));
    }

    #[test]
    fn empty_matches_are_ignored_and_floods_are_capped() {
        let c = one(r#"{"Pattern": "x*"}"#);
        assert!(c.check("abc", &at("a")).is_empty());
        let c = one(r#"{"Pattern": "."}"#);
        assert_eq!(c.check(&"a".repeat(5000), &at("a")).len(), MAX_VIOLATIONS_PER_CHECK);
    }

    #[test]
    fn bad_regexes_and_globs_are_problems_at_their_span() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Pattern": "(unclosed", "Files": ["ok/*", "bad/["]}}]"#;
        let (c, problems) = checker(json);
        assert!(c.is_empty());
        assert_eq!(problems.len(), 2);
        assert!(matches!(&problems[0].kind, ProblemKind::InvalidRegex { field: "Pattern", .. }));
        assert_eq!(&json[problems[0].span.clone()], "\"(unclosed\"");
        assert_eq!(&json[problems[1].span.clone()], "\"bad/[\"");
        assert!(problems.iter().all(|p| p.rule == Some(1) && p.is_fatal()));
    }

    #[test]
    fn huge_regexes_are_refused_not_built() {
        let json = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Pattern": "\\w{1000}\\w{1000}\\w{1000}"}}]"#;
        let (_, problems) = checker(json);
        assert!(matches!(&problems[0].kind, ProblemKind::InvalidRegex { error, .. } if error.contains("too large")), "{problems:?}");
    }

    #[test]
    fn multiline_patterns_are_detected() {
        assert!(can_span_lines(r"foo\s*bar"));
        assert!(can_span_lines(r"a\nb"));
        assert!(can_span_lines(r"[^x]+"));
        assert!(!can_span_lines(r"console\.log\("));
        assert!(!can_span_lines(r"[ \t]+$"));
        assert!(!can_span_lines(r"^import"));
        assert!(!can_span_lines(r"foo.*bar"), "`.` stops at line ends in CRLF mode");
    }

    #[test]
    fn the_prefilter_skips_patterns_that_cannot_match() {
        let (c, _) = checker(
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": [{"Pattern": "alpha"}, {"Pattern": "beta", "Files": ["*.md"]}]}]"#,
        );
        let v = c.check("alpha beta", &at("a.ts"));
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].check, 0);
    }
}
