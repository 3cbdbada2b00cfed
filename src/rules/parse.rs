//! Reads autofix.json text into rules with byte spans, reporting every structural problem
//! (invalid JSON, wrong shapes and types, missing fields, unknown categories) where it occurs.

use std::ops::Range;

use jsonc_parser::ast::{Array, Object, ObjectProp, Value};
use jsonc_parser::{CollectOptions, ParseOptions, parse_to_ast};

use super::model::{Category, CheckSpans, CheckSpec, Rule, RuleSpans, Severity, Within};
use super::problem::{Problem, ProblemKind};

/// The rules a text holds and the problems found reading it. Rules with a fatal problem of
/// their own are left out; `problems` says why.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub rules: Vec<Rule>,
    pub problems: Vec<Problem>,
    /// Byte offset of the array's closing `]`, where new rules are inserted.
    pub array_end: Option<usize>,
    /// Byte offset of the array's opening `[`.
    pub array_start: Option<usize>,
    /// Byte offset just past the array's last element.
    pub last_element_end: Option<usize>,
    /// Every positive `Rule_number` written in the file, even in rules that are otherwise
    /// broken: the next rule's number must be above all of them.
    pub numbers: Vec<u64>,
}

impl Parsed {
    pub fn has_fatal(&self) -> bool {
        self.problems.iter().any(Problem::is_fatal)
    }
}

const KNOWN_RULE_KEYS: [&str; 6] = [
    "Rule_number",
    "Category",
    "Instruction",
    "Why",
    "Check",
    "Supersedes",
];
pub(super) const KNOWN_CHECK_KEYS: [&str; 9] = [
    "Files",
    "Pattern",
    "Require",
    "Forbidden_paths",
    "Indent",
    "Within",
    "Fix",
    "Severity",
    "Message",
];

fn strict() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

fn span(range: jsonc_parser::common::Range) -> Range<usize> {
    range.start..range.end
}

fn value_span(value: &Value) -> Range<usize> {
    use jsonc_parser::common::Ranged;
    span(value.range())
}

/// A JSON type name with its article, for messages.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::StringLit(_) => "a string",
        Value::NumberLit(_) => "a number",
        Value::BooleanLit(_) => "a boolean",
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::NullKeyword(_) => "null",
    }
}

/// Parses the text of a rules file. An empty (or whitespace-only) file holds no rules.
pub fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let ast = match parse_to_ast(text, &CollectOptions::default(), &strict()) {
        Ok(ast) => ast,
        Err(err) => {
            let range = span(err.range());
            parsed.problems.push(Problem::new(
                ProblemKind::InvalidJson {
                    detail: err.kind().to_string(),
                },
                range,
            ));
            return parsed;
        }
    };
    let Some(root) = ast.value else {
        return parsed;
    };
    let Value::Array(array) = &root else {
        parsed.problems.push(Problem::new(
            ProblemKind::NotAnArray {
                found: type_name(&root),
            },
            value_span(&root),
        ));
        return parsed;
    };
    parsed.array_end = Some(array.range.end.saturating_sub(1));
    parsed.array_start = Some(array.range.start);
    parsed.last_element_end = array.elements.last().map(|e| value_span(e).end);
    for element in &array.elements {
        if let Value::Object(o) = element
            && let Some(n) = o
                .get_number("Rule_number")
                .and_then(|n| n.value.parse::<u64>().ok())
            && n > 0
        {
            parsed.numbers.push(n);
        }
    }
    for (index, element) in array.elements.iter().enumerate() {
        match element {
            Value::Object(object) => {
                if let Some(rule) = read_rule(object, index, &mut parsed.problems) {
                    parsed.rules.push(rule);
                }
            }
            other => parsed.problems.push(Problem::new(
                ProblemKind::RuleNotObject {
                    index,
                    found: type_name(other),
                },
                value_span(other),
            )),
        }
    }
    parsed
}

/// The properties of an object by name, the last of duplicates winning (as JSON parsers do),
/// with a warning for each duplicate.
fn props<'a, 'b>(object: &'b Object<'a>, problems: &mut Vec<Problem>) -> Vec<&'b ObjectProp<'a>> {
    let mut out: Vec<&ObjectProp> = Vec::with_capacity(object.properties.len());
    for prop in &object.properties {
        let name = prop.name.as_str();
        if let Some(pos) = out.iter().position(|p| p.name.as_str() == name) {
            problems.push(Problem::new(
                ProblemKind::DuplicateKey {
                    key: name.to_string(),
                },
                span(prop.range),
            ));
            out.remove(pos);
        }
        out.push(prop);
    }
    out
}

fn find<'a, 'b>(props: &[&'b ObjectProp<'a>], name: &str) -> Option<&'b ObjectProp<'a>> {
    props.iter().copied().find(|p| p.name.as_str() == name)
}

fn read_rule(object: &Object, index: usize, problems: &mut Vec<Problem>) -> Option<Rule> {
    let props = props(object, problems);
    let first_problem = problems.len();
    let object_span = span(object.range);
    let missing = |field: &'static str, problems: &mut Vec<Problem>| {
        let similar = props
            .iter()
            .map(|p| p.name.as_str())
            .find(|n| !KNOWN_RULE_KEYS.contains(n) && normalize_key(n) == normalize_key(field))
            .map(str::to_string);
        problems.push(Problem::new(
            ProblemKind::MissingField { field, similar },
            object_span.clone(),
        ));
    };

    let mut rule_number = None;
    let mut spans = RuleSpans {
        object: object_span.clone(),
        ..Default::default()
    };
    match find(&props, "Rule_number") {
        None => missing("Rule_number", problems),
        Some(prop) => {
            spans.number = value_span(&prop.value);
            match &prop.value {
                Value::NumberLit(n) => match n.value.parse::<u64>() {
                    Ok(0) | Err(_) if n.value.parse::<i64>().is_ok() || is_negative_integer(n.value) => {
                        problems.push(Problem::new(
                            ProblemKind::NonPositiveNumber {
                                found: n.value.to_string(),
                            },
                            spans.number.clone(),
                        ))
                    }
                    Ok(number) if number > MAX_RULE_NUMBER => problems.push(Problem::new(
                        ProblemKind::NumberTooLarge {
                            found: n.value.to_string(),
                        },
                        spans.number.clone(),
                    )),
                    Err(_) if n.value.bytes().all(|b| b.is_ascii_digit()) => problems.push(Problem::new(
                        ProblemKind::NumberTooLarge {
                            found: n.value.to_string(),
                        },
                        spans.number.clone(),
                    )),
                    Ok(number) => rule_number = Some(number),
                    Err(_) => problems.push(Problem::new(
                        ProblemKind::WrongType {
                            field: "Rule_number".into(),
                            expected: "an integer",
                            found: "a number with a fraction or exponent",
                        },
                        spans.number.clone(),
                    )),
                },
                other => problems.push(wrong_type("Rule_number", "an integer", other)),
            }
        }
    }

    let mut category = None;
    match find(&props, "Category") {
        None => missing("Category", problems),
        Some(prop) => {
            spans.category = value_span(&prop.value);
            match &prop.value {
                Value::StringLit(s) => match Category::parse(&s.value) {
                    Some(c) => {
                        if s.value != c.as_str() {
                            problems.push(Problem::new(
                                ProblemKind::NonCanonicalCategory {
                                    found: s.value.to_string(),
                                    canonical: c,
                                },
                                spans.category.clone(),
                            ));
                        }
                        category = Some(c);
                    }
                    None => problems.push(Problem::new(
                        ProblemKind::UnknownCategory {
                            found: s.value.to_string(),
                        },
                        spans.category.clone(),
                    )),
                },
                other => problems.push(wrong_type("Category", "a string", other)),
            }
        }
    }

    let text_field =
        |field: &'static str, problems: &mut Vec<Problem>, span_out: &mut Range<usize>| match find(
            &props, field,
        ) {
            None => {
                missing(field, problems);
                None
            }
            Some(prop) => {
                *span_out = value_span(&prop.value);
                match &prop.value {
                    Value::StringLit(s) => {
                        if s.value.trim().is_empty() {
                            problems.push(Problem::new(ProblemKind::EmptyField { field }, span_out.clone()));
                        }
                        Some(s.value.to_string())
                    }
                    other => {
                        problems.push(wrong_type(field, "a string", other));
                        None
                    }
                }
            }
        };
    let instruction = text_field("Instruction", problems, &mut spans.instruction);
    let why = text_field("Why", problems, &mut spans.why);

    let mut checks = Vec::new();
    if let Some(prop) = find(&props, "Check") {
        spans.check = Some(value_span(&prop.value));
        match &prop.value {
            Value::Object(o) => checks.extend(read_check(o, problems)),
            Value::Array(a) => {
                for element in &a.elements {
                    match element {
                        Value::Object(o) => checks.extend(read_check(o, problems)),
                        other => problems.push(wrong_type("Check", "an object", other)),
                    }
                }
            }
            other => problems.push(wrong_type("Check", "an object or an array of objects", other)),
        }
    }

    // Checks of only `Files` scope the rule; beside real checks they say nothing.
    let (scopes, checks): (Vec<CheckSpec>, Vec<CheckSpec>) = checks.into_iter().partition(is_scope_only);
    let scope = if checks.is_empty() {
        // A scope glob that does not compile is reported here, at its place in the file, once
        // for the rule (not once for each check inferred from its words).
        for c in &scopes {
            for (i, glob) in c.files.iter().enumerate() {
                if let Some(error) = super::scope::glob_error(glob) {
                    let span = c.span.files.get(i).cloned().unwrap_or(c.span.object.clone());
                    problems.push(Problem::new(
                        ProblemKind::InvalidGlob {
                            field: "Files",
                            glob: glob.clone(),
                            error,
                        },
                        span,
                    ));
                }
            }
        }
        scopes.into_iter().flat_map(|c| c.files).collect()
    } else {
        for c in &scopes {
            problems.push(Problem::new(
                ProblemKind::CheckNeverMatches,
                c.span.object.clone(),
            ));
        }
        Vec::new()
    };

    let mut supersedes = Vec::new();
    if let Some(prop) = find(&props, "Supersedes") {
        spans.supersedes = Some(value_span(&prop.value));
        let mut push = |value: &Value, problems: &mut Vec<Problem>| match value {
            Value::NumberLit(n) if n.value.parse::<u64>().is_ok_and(|v| v > 0) => {
                supersedes.push(n.value.parse::<u64>().unwrap_or_default());
            }
            other => problems.push(wrong_type(
                "Supersedes",
                "an integer or an array of integers",
                other,
            )),
        };
        match &prop.value {
            Value::Array(a) => a.elements.iter().for_each(|e| push(e, problems)),
            other => push(other, problems),
        }
    }

    let extra = props
        .iter()
        .filter(|p| !KNOWN_RULE_KEYS.contains(&p.name.as_str()))
        .map(|p| (p.name.as_str().to_string(), to_json(&p.value)))
        .collect();

    let fatal = problems[first_problem..].iter().any(Problem::is_fatal);
    for problem in &mut problems[first_problem..] {
        problem.rule = rule_number;
    }
    if fatal {
        return None;
    }
    Some(Rule {
        number: rule_number?,
        category: category?,
        instruction: instruction?,
        why: why?,
        checks,
        scope,
        supersedes,
        extra,
        index,
        span: spans,
    })
}

/// True for a `Check` that holds `Files` and nothing that could report: the rule's scope.
fn is_scope_only(check: &CheckSpec) -> bool {
    !check.files.is_empty()
        && check.pattern.is_none()
        && check.require.is_none()
        && check.forbidden_paths.is_empty()
        && check.indent.is_none()
        && check.fix.is_none()
}

fn read_check(object: &Object, problems: &mut Vec<Problem>) -> Option<CheckSpec> {
    let props = props(object, problems);
    let first_problem = problems.len();
    let mut check = CheckSpec {
        span: CheckSpans {
            object: span(object.range),
            ..Default::default()
        },
        ..Default::default()
    };
    for prop in &props {
        let name = prop.name.as_str();
        let value_range = value_span(&prop.value);
        match name {
            "Files" => (check.files, check.span.files) = string_list("Files", &prop.value, problems),
            "Forbidden_paths" => {
                (check.forbidden_paths, check.span.forbidden_paths) =
                    string_list("Forbidden_paths", &prop.value, problems)
            }
            "Indent" => match &prop.value {
                Value::NumberLit(n) => match n.value.parse::<usize>() {
                    Ok(step @ 1..=crate::rules::indent::MAX_STEP) => {
                        (check.indent, check.span.indent) = (Some(step), Some(value_range))
                    }
                    _ => problems.push(Problem::new(
                        ProblemKind::InvalidIndent {
                            found: n.value.to_string(),
                        },
                        value_range,
                    )),
                },
                other => problems.push(wrong_type(name, "a number of spaces", other)),
            },
            "Pattern" | "Require" | "Fix" | "Message" | "Severity" | "Within" => {
                let Value::StringLit(s) = &prop.value else {
                    problems.push(wrong_type(name, "a string", &prop.value));
                    continue;
                };
                let value = s.value.to_string();
                match name {
                    "Pattern" => (check.pattern, check.span.pattern) = (Some(value), Some(value_range)),
                    "Require" => (check.require, check.span.require) = (Some(value), Some(value_range)),
                    "Fix" => (check.fix, check.span.fix) = (Some(value), Some(value_range)),
                    "Message" => check.message = Some(value),
                    "Within" => match Within::parse(&value) {
                        Some(within) => (check.within, check.span.within) = (within, Some(value_range)),
                        None => problems.push(Problem::new(
                            ProblemKind::InvalidWithin { found: value },
                            value_range,
                        )),
                    },
                    _ => match Severity::parse(&value) {
                        Some(sev) => (check.severity, check.span.severity) = (Some(sev), Some(value_range)),
                        None => problems.push(Problem::new(
                            ProblemKind::InvalidSeverity { found: value },
                            value_range,
                        )),
                    },
                }
            }
            other => {
                let suggestion = KNOWN_CHECK_KEYS.into_iter().find(|k| {
                    strsim::normalized_damerau_levenshtein(&normalize_key(k), &normalize_key(other)) >= 0.7
                });
                problems.push(Problem::new(
                    ProblemKind::UnknownCheckKey {
                        key: other.to_string(),
                        suggestion,
                    },
                    span(prop.range),
                ));
            }
        }
    }
    // A check of only `Files` is the rule's scope (see `Rule::scope`), not a check that never
    // matches; `read_rule` lints it when the rule has real checks beside it.
    if check.pattern.is_none()
        && check.require.is_none()
        && check.forbidden_paths.is_empty()
        && check.indent.is_none()
        && !is_scope_only(&check)
    {
        problems.push(Problem::new(
            ProblemKind::CheckNeverMatches,
            check.span.object.clone(),
        ));
    }
    if check.pattern.is_none()
        && let Some(span) = check.span.within.clone()
    {
        problems.push(Problem::new(ProblemKind::WithinWithoutPattern, span));
    }
    if check.fix.is_some() && check.pattern.is_none() {
        problems.push(Problem::new(
            ProblemKind::FixWithoutPattern,
            check.span.fix.clone().unwrap_or_default(),
        ));
    }
    if problems[first_problem..].iter().any(Problem::is_fatal) {
        None
    } else {
        Some(check)
    }
}

/// A string or an array of strings, with each string's span.
fn string_list(
    field: &'static str,
    value: &Value,
    problems: &mut Vec<Problem>,
) -> (Vec<String>, Vec<Range<usize>>) {
    let mut values = Vec::new();
    let mut spans = Vec::new();
    let elements: Vec<&Value> = match value {
        Value::Array(Array { elements, .. }) => elements.iter().collect(),
        other => vec![other],
    };
    for element in elements {
        match element {
            Value::StringLit(s) => {
                values.push(s.value.to_string());
                spans.push(span(s.range));
            }
            other => problems.push(wrong_type(field, "a string or an array of strings", other)),
        }
    }
    (values, spans)
}

fn wrong_type(field: &str, expected: &'static str, found: &Value) -> Problem {
    Problem::new(
        ProblemKind::WrongType {
            field: field.to_string(),
            expected,
            found: type_name(found),
        },
        value_span(found),
    )
}

/// The largest `Rule_number`: 2^53 − 1, the largest integer a JavaScript (or any IEEE double)
/// JSON reader keeps exact, so every tool reading the file sees the same numbers — and the next
/// number never overflows.
pub const MAX_RULE_NUMBER: u64 = (1 << 53) - 1;

fn is_negative_integer(text: &str) -> bool {
    text.strip_prefix('-')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Field names compared loosely, to suggest `Rule_number` for `rule-number` or `RuleNumber`.
fn normalize_key(key: &str) -> String {
    key.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Converts an AST value into serde_json, for fields autofix keeps without reading.
fn to_json(value: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match value {
        Value::StringLit(s) => J::String(s.value.to_string()),
        Value::NumberLit(n) => serde_json::from_str(n.value).unwrap_or(J::Null),
        Value::BooleanLit(b) => J::Bool(b.value),
        Value::NullKeyword(_) => J::Null,
        Value::Array(a) => J::Array(a.elements.iter().map(to_json).collect()),
        Value::Object(o) => J::Object(
            o.properties
                .iter()
                .map(|p| (p.name.as_str().to_string(), to_json(&p.value)))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;

    fn kinds(text: &str) -> Vec<ProblemKind> {
        parse(text).problems.into_iter().map(|p| p.kind).collect()
    }

    fn render(text: &str) -> Vec<String> {
        parse(text)
            .problems
            .iter()
            .map(|p| p.render("autofix.json", text, Locale::En))
            .collect()
    }

    #[test]
    fn reads_the_seed_schema_and_keeps_unknown_fields() {
        let text = r#"[
  {"Rule_number": 1, "Category": "[code]", "Instruction": "Never use `any`.", "Why": "types", "Owner": {"team": "web"}}
]"#;
        let parsed = parse(text);
        assert_eq!(parsed.rules.len(), 1);
        let rule = &parsed.rules[0];
        assert_eq!((rule.number, rule.category), (1, Category::Code));
        assert_eq!(rule.extra["Owner"]["team"], "web");
        assert_eq!(&text[rule.span.instruction.clone()], "\"Never use `any`.\"");
        assert!(matches!(
            parsed.problems[0].kind,
            ProblemKind::NonCanonicalCategory {
                canonical: Category::Code,
                ..
            }
        ));
        assert!(!parsed.has_fatal());
        assert_eq!(parsed.array_end, Some(text.len() - 1));
    }

    #[test]
    fn check_as_object_or_array_and_supersedes() {
        let text = r#"[{"Rule_number": 2, "Category": "CODE", "Instruction": "x", "Why": "y",
            "Check": [{"Pattern": "a", "Files": "*.ts", "Severity": "error"}, {"Require": "b", "Files": ["src/**", "!src/gen/**"]}],
            "Supersedes": [1]},
           {"Rule_number": 3, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Forbidden_paths": ["src/api/**"]}, "Supersedes": 2}]"#;
        let parsed = parse(text);
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let (a, b) = (&parsed.rules[0], &parsed.rules[1]);
        assert_eq!(a.checks.len(), 2);
        assert_eq!(a.checks[0].files, ["*.ts"]);
        assert_eq!(a.checks[0].severity, Some(Severity::Error));
        assert_eq!(a.checks[1].files, ["src/**", "!src/gen/**"]);
        assert_eq!(a.supersedes, [1]);
        assert_eq!(b.checks[0].forbidden_paths, ["src/api/**"]);
        assert_eq!(b.supersedes, [2]);
    }

    #[test]
    fn indent_is_a_number_of_spaces_per_level() {
        let rule = |check: &str| {
            format!(
                r#"[{{"Rule_number": 1, "Category": "STYLE", "Instruction": "Indent with two spaces.", "Why": "y", "Check": {check}}}]"#
            )
        };
        let text = rule(r#"{"Indent": 2, "Files": ["*.tf"]}"#);
        let parsed = parse(&text);
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        assert_eq!(parsed.rules[0].checks[0].indent, Some(2));
        assert_eq!(&text[parsed.rules[0].checks[0].span.indent.clone().unwrap()], "2");
        // Out of range, fractional or negative: reported where it is written, the rule left out.
        for bad in ["0", "17", "2.5", "-2", "1e400"] {
            let text = rule(&format!(r#"{{"Indent": {bad}}}"#));
            let parsed = parse(&text);
            assert!(parsed.rules.is_empty(), "{bad}");
            assert!(
                matches!(&parsed.problems[0].kind, ProblemKind::InvalidIndent { found } if found == bad),
                "{bad}: {:?}",
                parsed.problems
            );
            assert_eq!(&text[parsed.problems[0].span.clone()], bad);
        }
        let parsed = parse(&rule(r#"{"Indent": "2"}"#));
        assert!(
            matches!(&parsed.problems[0].kind, ProblemKind::WrongType { .. }),
            "{:?}",
            parsed.problems
        );
        // `Within` is a pattern's: beside `Indent` or `Require` alone it is linted, not fatal.
        let text = rule(r#"{"Indent": 2, "Within": "code"}"#);
        let parsed = parse(&text);
        assert_eq!(parsed.rules.len(), 1);
        assert!(
            matches!(
                parsed.problems[..],
                [Problem {
                    kind: ProblemKind::WithinWithoutPattern,
                    ..
                }]
            ),
            "{:?}",
            parsed.problems
        );
        assert_eq!(&text[parsed.problems[0].span.clone()], "\"code\"");
        assert!(
            parse(&rule(r#"{"Pattern": "x", "Within": "code"}"#))
                .problems
                .is_empty()
        );
    }

    #[test]
    fn malformed_json_names_line_and_column() {
        let out = render("[\n  {\"Rule_number\": 1,}\n]");
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with("autofix.json:2:"), "{out:?}");
        assert!(
            out[0].contains("invalid JSON") && out[0].contains(" — "),
            "{out:?}"
        );
    }

    #[test]
    fn comments_are_refused_with_a_hint() {
        let out = render("[ // rules\n]");
        assert!(
            out[0].contains("Comments are not allowed") && out[0].contains("no comments"),
            "{out:?}"
        );
    }

    #[test]
    fn not_an_array_and_not_an_object() {
        assert_eq!(kinds("{}"), [ProblemKind::NotAnArray { found: "an object" }]);
        assert_eq!(
            kinds("[1]"),
            [ProblemKind::RuleNotObject {
                index: 0,
                found: "a number"
            }]
        );
        assert_eq!(
            render("[\"x\"]")[0],
            "autofix.json:1:2: entry 1 of the array is a string, not a rule object — write it as {\"Rule_number\": N, \"Category\": \"CODE\", \"Instruction\": \"…\", \"Why\": \"…\"}"
        );
    }

    #[test]
    fn empty_file_holds_no_rules() {
        let parsed = parse("  \n");
        assert!(parsed.rules.is_empty() && parsed.problems.is_empty());
        assert_eq!(parse("[]").array_end, Some(1));
    }

    #[test]
    fn missing_and_mistyped_fields() {
        let parsed = parse(r#"[{"rule_number": 1, "Category": 5, "Instruction": "x", "Why": ["y"]}]"#);
        assert!(parsed.rules.is_empty());
        let kinds: Vec<_> = parsed.problems.iter().map(|p| &p.kind).collect();
        assert!(kinds.contains(&&ProblemKind::MissingField {
            field: "Rule_number",
            similar: Some("rule_number".into())
        }));
        assert!(kinds.contains(&&ProblemKind::WrongType {
            field: "Category".into(),
            expected: "a string",
            found: "a number"
        }));
        assert!(kinds.contains(&&ProblemKind::WrongType {
            field: "Why".into(),
            expected: "a string",
            found: "an array"
        }));
    }

    #[test]
    fn numbers_must_be_positive_integers() {
        let k = kinds(
            r#"[{"Rule_number": 0, "Category": "CODE", "Instruction": "x", "Why": "y"},
                         {"Rule_number": -3, "Category": "CODE", "Instruction": "x", "Why": "y"},
                         {"Rule_number": 1.5, "Category": "CODE", "Instruction": "x", "Why": "y"}]"#,
        );
        assert_eq!(k[0], ProblemKind::NonPositiveNumber { found: "0".into() });
        assert_eq!(k[1], ProblemKind::NonPositiveNumber { found: "-3".into() });
        assert!(matches!(k[2], ProblemKind::WrongType { .. }));
        let k = kinds(
            r#"[{"Rule_number": 18446744073709551616, "Category": "CODE", "Instruction": "x", "Why": "y"},
                {"Rule_number": 9007199254740992, "Category": "CODE", "Instruction": "x", "Why": "y"},
                {"Rule_number": -99999999999999999999, "Category": "CODE", "Instruction": "x", "Why": "y"},
                {"Rule_number": 9007199254740991, "Category": "CODE", "Instruction": "x", "Why": "y"}]"#,
        );
        assert!(matches!(&k[0], ProblemKind::NumberTooLarge { found } if found == "18446744073709551616"));
        assert!(matches!(&k[1], ProblemKind::NumberTooLarge { .. }));
        assert!(matches!(&k[2], ProblemKind::NonPositiveNumber { .. }));
        assert_eq!(k.len(), 3, "2^53 - 1 is the largest allowed: {k:?}");
    }

    #[test]
    fn unknown_category_is_fatal_and_unknown_check_keys_are_warned() {
        let parsed = parse(
            r#"[{"Rule_number": 1, "Category": "SECURITY", "Instruction": "x", "Why": "y"},
            {"Rule_number": 2, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Patern": "a"}}]"#,
        );
        assert!(parsed.has_fatal());
        assert_eq!(parsed.rules.len(), 1);
        assert!(parsed.problems.iter().any(|p| p.kind
            == ProblemKind::UnknownCheckKey {
                key: "Patern".into(),
                suggestion: Some("Pattern")
            }));
        assert!(
            parsed
                .problems
                .iter()
                .any(|p| p.kind == ProblemKind::CheckNeverMatches && p.rule == Some(2))
        );
    }

    #[test]
    fn a_check_of_only_files_is_the_rule_s_scope() {
        let parsed = parse(
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any`", "Why": "y", "Check": {"Files": ["web/**"]}},
            {"Rule_number": 2, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": [{"Files": ["web/**"]}, {"Pattern": "a"}]}]"#,
        );
        assert_eq!(parsed.rules[0].scope, ["web/**"]);
        assert!(
            parsed.rules[0].checks.is_empty(),
            "no explicit check: inference runs"
        );
        assert!(
            !parsed.problems.iter().any(|p| p.rule == Some(1)),
            "{:?}",
            parsed.problems
        );
        // Beside a real check it says nothing: linted as before.
        assert!(parsed.rules[1].scope.is_empty());
        assert!(
            parsed
                .problems
                .iter()
                .any(|p| p.kind == ProblemKind::CheckNeverMatches && p.rule == Some(2))
        );
    }

    #[test]
    fn a_broken_scope_glob_is_reported_once_where_it_is_and_the_other_rules_stand() {
        let text = r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any`", "Why": "y", "Check": {"Files": ["src/**", "[src/**/*.{ts"]}},
            {"Rule_number": 2, "Category": "CODE", "Instruction": "Never use `var`", "Why": "y"}]"#;
        let parsed = parse(text);
        let globs: Vec<&Problem> = parsed
            .problems
            .iter()
            .filter(|p| matches!(p.kind, ProblemKind::InvalidGlob { .. }))
            .collect();
        assert_eq!(globs.len(), 1, "{:?}", parsed.problems);
        assert_eq!(&text[globs[0].span.clone()], r#""[src/**/*.{ts""#);
        assert_eq!(globs[0].rule, Some(1));
        assert_eq!(parsed.rules.len(), 1);
        assert_eq!(parsed.rules[0].number, 2);
    }

    #[test]
    fn bad_severity_and_check_shapes() {
        let k = kinds(
            r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Pattern": "a", "Severity": "fatal"}},
                         {"Rule_number": 2, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": "a"},
                         {"Rule_number": 3, "Category": "CODE", "Instruction": "x", "Why": "y", "Check": {"Files": [1]}}]"#,
        );
        assert!(k.contains(&ProblemKind::InvalidSeverity {
            found: "fatal".into()
        }));
        assert!(
            k.iter()
                .any(|k| matches!(k, ProblemKind::WrongType { field, .. } if field == "Check"))
        );
        assert!(
            k.iter()
                .any(|k| matches!(k, ProblemKind::WrongType { field, .. } if field == "Files"))
        );
    }

    #[test]
    fn duplicate_keys_warn_and_the_last_wins() {
        let parsed = parse(
            r#"[{"Rule_number": 1, "Rule_number": 2, "Category": "CODE", "Instruction": "x", "Why": "y"}]"#,
        );
        assert_eq!(parsed.rules[0].number, 2);
        assert_eq!(
            parsed.problems[0].kind,
            ProblemKind::DuplicateKey {
                key: "Rule_number".into()
            }
        );
    }
}
