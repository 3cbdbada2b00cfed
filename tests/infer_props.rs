//! Properties of inference over arbitrary instructions: it never panics, and every check it
//! infers compiles under the engine's limits (so a rules file can never break the editor by
//! its words), and so do `explain`, `conflicts` and the make-explicit edit.

use autofix::rules::check::Checker;
use autofix::rules::infer::{self, conflicts, explain, explicit_checks, make_explicit_edit};
use autofix::rules::parse::parse;
use proptest::prelude::*;

fn rules_text(instructions: &[String]) -> String {
    let rules: Vec<serde_json::Value> = instructions
        .iter()
        .enumerate()
        .map(|(i, ins)| serde_json::json!({"Rule_number": i + 1, "Category": "CODE", "Instruction": ins, "Why": "w"}))
        .collect();
    serde_json::to_string_pretty(&rules).unwrap()
}

fn check_all(instructions: &[String]) -> Result<(), TestCaseError> {
    let text = rules_text(instructions);
    let parsed = parse(&text);
    let inferences: Vec<_> = parsed.rules.iter().map(infer::infer).collect();
    for (rule, inference) in parsed.rules.iter().zip(&inferences) {
        let (_, problems) = Checker::compile(inference.checks.iter().map(|c| (rule, c)));
        prop_assert!(
            problems.is_empty(),
            "{:?} → {:?}\n{:#?}",
            rule.instruction,
            problems,
            inference.checks
        );
        for check in &inference.checks {
            prop_assert!(
                check.pattern.is_some() || check.require.is_some() || !check.forbidden_paths.is_empty()
            );
            if let Some(p) = &check.pattern {
                // Every inferred pattern reports through `hit`, so comments it skips stay silent.
                prop_assert!(p.contains("(?P<hit>"), "{p}");
            }
        }
        let _ = explain(rule, inference);
        let _ = explicit_checks(rule, inference);
        if let Some((range, insert)) = make_explicit_edit(&text, rule, inference) {
            let mut edited = text.clone();
            edited.replace_range(range, &insert);
            prop_assert!(
                !parse(&edited).has_fatal(),
                "make-explicit broke the file:\n{edited}"
            );
        }
    }
    let _ = conflicts(&parsed.rules, &inferences);
    Ok(())
}

/// Words and spans that exercise the grammar: triggers, places, languages, tools, concepts.
fn piece() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "never",
        "use",
        "don't",
        "avoid",
        "instead of",
        "rather than",
        "prefer",
        "over",
        "to",
        "always",
        "not",
        "no",
        "in",
        "never in",
        "not in",
        "except in",
        "outside",
        "because",
        "for",
        "replace",
        "with",
        "is forbidden",
        "nunca",
        "usar",
        "no usar",
        "evitar",
        "en lugar de",
        "en vez de",
        "siempre",
        "en",
        "nunca en",
        "no en",
        "porque",
        "para",
        "TypeScript",
        "Python",
        "React components",
        "componentes React",
        "commit messages",
        "mensajes de commit",
        "docs",
        "CI",
        "shell",
        "Go code",
        "SQL",
        "CSS",
        "npm",
        "yarn",
        "pnpm",
        "emojis",
        "default exports",
        "exportaciones por defecto",
        "TODO",
        "tabs",
        "files",
        "test files",
        "archivos de prueba",
        "route handlers",
        "production code",
        "library code",
        "in tests",
        "return",
        "Axios",
        "jQuery",
        "-",
        ";",
        ",",
        ".",
        "(",
        ")",
        "or",
        "and",
        "y",
        "o",
    ]);
    let span_body = prop_oneof![
        "[a-zA-Z_$][a-zA-Z0-9_$.]{0,12}",
        "[=!<>&|+*/%^~?:.-]{1,4}",
        "[a-z]{1,8}\\([a-z, ]{0,6}\\)?",
        "(src|app|lib)/[a-z]{1,6}/?",
        "\\PC{0,12}",
        "[a-z]{1,6} [a-z*-]{1,8}",
    ];
    let quote = prop::sample::select(vec![
        ("`", "`"),
        ("'", "'"),
        ("\"", "\""),
        ("«", "»"),
        ("“", "”"),
        ("`", ""),
    ]);
    prop_oneof![
        3 => words.prop_map(str::to_string),
        2 => (quote, span_body).prop_map(|((open, close), body)| format!("{open}{body}{close}")),
        1 => "\\PC{0,10}",
    ]
}

fn instruction() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..16).prop_map(|p| p.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_and_compiles(text in "\\PC{0,200}") {
        check_all(&[text])?;
    }

    #[test]
    fn text_with_line_breaks_and_controls(text in "(?s).{0,120}") {
        check_all(&[text])?;
    }

    #[test]
    fn grammar_shaped_instructions(a in instruction(), b in instruction(), c in instruction()) {
        check_all(&[a, b, c])?;
    }
}
