//! Round trip: importing what `autofix export` wrote gives back the active rules — the same
//! text, category and scope — over generated rule sets (proptest) and a fixture.

use std::path::Path;

use autofix::agent_files::export::{self, Agent, Content};
use autofix::agent_files::formats;
use autofix::agent_files::import;
use autofix::agent_files::plan::{self, Outcome};
use autofix::rules::{BuildOptions, Category, RuleSet};
use proptest::prelude::*;

/// A rule as compared: its text, category and scope.
type Seen = (String, Category, Vec<String>);

/// What importing the outputs yields, and the active rules exported (both sorted).
fn round_trip(text: &str, agents: &[Agent]) -> (Vec<Seen>, Vec<Seen>) {
    let set = RuleSet::from_text(
        Path::new("/p/.agents/autofix.json"),
        text,
        BuildOptions::default(),
    );
    assert!(set.is_usable(), "{:?}", set.problems);
    let rules = export::rules_of(&set);
    let nothing = |_: &str| None;
    let outputs = export::outputs(agents, &rules, ".agents/autofix.json", &nothing);
    let mut found = Vec::new();
    for o in &outputs {
        let text = match &o.content {
            Content::Section(body) => autofix::agent_files::section::render(body, "\n"),
            Content::File(text) => text.clone(),
        };
        let format = formats::detect(&o.path).unwrap_or_else(|| panic!("{} is not detected", o.path));
        found.push((o.path.clone(), format, import::extract(&o.path, format, &text)));
    }
    let planned = plan::plan(found, None);
    let mut got: Vec<_> = planned
        .rules
        .iter()
        .inspect(|r| assert_eq!(r.outcome, Outcome::New))
        .map(|r| (r.instruction.clone(), r.category, r.files.clone()))
        .collect();
    let mut want: Vec<_> = rules
        .iter()
        .map(|r| {
            (
                autofix::text::one_line(&r.instruction),
                r.category,
                r.files.clone(),
            )
        })
        .collect();
    got.sort();
    want.sort();
    (got, want)
}

const ALL_SCOPING: [Agent; 7] = [
    Agent::Agents,
    Agent::Claude,
    Agent::Cursor,
    Agent::Copilot,
    Agent::Windsurf,
    Agent::Continue,
    Agent::Kiro,
];

#[test]
fn a_fixture_round_trips_through_every_agent() {
    let text = r#"[
  {"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `any` in TypeScript - use `unknown` with type guards.", "Why": "prevents runtime errors"},
  {"Rule_number": 2, "Category": "STYLE", "Instruction": "Use snake_case for *Python* names & keep <b>tags</b> out [of] docs.", "Why": "w",
   "Check": {"Files": ["**/*.py", "scripts/**"]}},
  {"Rule_number": 3, "Category": "TOOL", "Instruction": "Use pnpm, never npm", "Why": "faster", "Check": {"Files": ["web/**"]}},
  {"Rule_number": 4, "Category": "UX", "Instruction": "Every button has a visible label because screen readers need it", "Why": "a11y",
   "Check": {"Files": ["src/components/**/*.{ts,tsx}"], "Pattern": "<button>\\s*</button>"}},
  {"Rule_number": 5, "Category": "OTHER", "Instruction": "Components are pure: Testing", "Why": "w"}
]"#;
    for agents in [
        &ALL_SCOPING[..],
        &[Agent::Cursor][..],
        &[Agent::Copilot, Agent::Claude][..],
    ] {
        let (got, want) = round_trip(text, agents);
        assert_eq!(want.len(), 5);
        assert_eq!(
            want.iter().filter(|r| !r.2.is_empty()).count(),
            3,
            "scoped rules too"
        );
        assert_eq!(got, want, "agents {agents:?}");
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "use",
            "never",
            "keep",
            "the",
            "files",
            "small",
            "tests",
            "before",
            "push",
            "write",
            "names",
            "with",
            "and",
            "a",
            "for",
            "API",
            "routes",
            "*stars*",
            "snake_case",
            "<tag>",
            "[x]",
            "a&b",
            "50%",
            "x|y",
            "e.g.",
            "—",
            "-",
            "why:",
            "~tilde~",
            "\\back",
        ])
        .prop_map(str::to_string),
        "[a-z]{2,8}",
        "[a-z]{1,6}".prop_map(|c| format!("`{c}`")),
    ]
}

fn rule_set() -> impl Strategy<Value = Vec<(String, Category, Vec<String>)>> {
    let scope = prop_oneof![
        3 => Just(Vec::<String>::new()),
        1 => Just(vec!["src/**/*.ts".to_string()]),
        1 => Just(vec!["web/**".to_string(), "!web/gen/**".to_string()]),
        1 => Just(vec!["docs/**/*.{md,mdx}".to_string()]),
    ];
    let rule = (
        prop::collection::vec(word(), 2..10),
        prop::sample::select(Category::ALL.to_vec()),
        scope,
    );
    prop::collection::vec(rule, 1..8).prop_map(|rules| {
        rules
            .into_iter()
            .enumerate()
            .map(|(i, (words, category, files))| {
                // A number of its own, so that no two rules are one.
                (format!("{} {}", words.join(" "), i + 1), category, files)
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn import_of_export_gives_back_the_active_rules(rules in rule_set()) {
        let json: Vec<serde_json::Value> = rules
            .iter()
            .enumerate()
            .map(|(i, (instruction, category, files))| {
                let mut rule = serde_json::json!({
                    "Rule_number": i + 1,
                    "Category": category.as_str(),
                    "Instruction": instruction,
                    "Why": "because",
                });
                if !files.is_empty() {
                    rule["Check"] = serde_json::json!({ "Files": files });
                }
                rule
            })
            .collect();
        let text = serde_json::to_string_pretty(&json).unwrap();
        let (got, want) = round_trip(&text, &ALL_SCOPING);
        prop_assert_eq!(got, want);
    }
}
