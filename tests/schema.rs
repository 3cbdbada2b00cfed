//! The JSON schema editors use for autofix.json (`schemas/autofix.schema.json`) says what the
//! engine reads: the same required fields, categories, `Check` keys and severities — and the
//! bundled example conforms to it as far as these checks go.

use autofix::rules::{Category, Severity, Within};
use serde_json::Value;

fn schema() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/schemas/autofix.schema.json"
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn required_fields_and_categories_match_the_engine() {
    let s = schema();
    let rule = &s["definitions"]["rule"];
    assert_eq!(
        strings(&rule["required"]),
        ["Rule_number", "Category", "Instruction", "Why"]
    );
    assert_eq!(
        rule["additionalProperties"], true,
        "unknown fields are kept, so they are allowed"
    );
    let canonical = rule["properties"]["Category"]["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|a| a.get("enum"))
        .map(strings)
        .unwrap();
    assert_eq!(canonical, Category::ALL.map(|c| c.as_str().to_string()));
}

#[test]
fn check_keys_and_severities_match_the_engine() {
    let s = schema();
    let check = &s["definitions"]["check"];
    let keys: Vec<String> = check["properties"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        keys,
        [
            "Files",
            "Pattern",
            "Require",
            "Forbidden_paths",
            "Indent",
            "Within",
            "Fix",
            "Severity",
            "Message"
        ]
    );
    assert_eq!(check["properties"]["Indent"]["maximum"], 16, "indent::MAX_STEP");
    for within in strings(&check["properties"]["Within"]["enum"]) {
        assert!(Within::parse(&within).is_some(), "the engine reads `{within}`");
    }
    for within in Within::ALL {
        assert!(strings(&check["properties"]["Within"]["enum"]).contains(&within.as_str().to_string()));
    }
    for severity in strings(&check["properties"]["Severity"]["enum"]) {
        assert!(
            Severity::parse(&severity).is_some(),
            "the engine reads `{severity}`"
        );
    }
    for severity in Severity::ALL {
        assert!(strings(&check["properties"]["Severity"]["enum"]).contains(&severity.as_str().to_string()));
    }
}

#[test]
fn the_demo_rules_use_only_what_the_schema_describes() {
    let s = schema();
    let check_keys: Vec<String> = s["definitions"]["check"]["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/demo/.agents/autofix.json"
    ))
    .unwrap();
    let rules: Value = serde_json::from_str(&text).unwrap();
    for rule in rules.as_array().unwrap() {
        for field in ["Rule_number", "Category", "Instruction", "Why"] {
            assert!(rule.get(field).is_some(), "{rule}");
        }
        let checks = match &rule["Check"] {
            Value::Array(a) => a.clone(),
            Value::Null => vec![],
            one => vec![one.clone()],
        };
        for check in checks {
            for key in check.as_object().unwrap().keys() {
                assert!(check_keys.contains(key), "`{key}` is not in the schema");
            }
        }
    }
}
