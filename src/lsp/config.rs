//! Settings, from `initializationOptions` and `workspace/didChangeConfiguration`: read leniently —
//! a bad value is reported and its default kept, never a failure.

use std::collections::HashMap;

use serde_json::Value;

use crate::rules::{Category, Severity};

/// What a severity override does to a rule's diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Override {
    Severity(Severity),
    Off,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Check files at all (`false`: no violations are reported or fixed; the rules files are
    /// still linted and commands still run). A client that answers `workspace/configuration`
    /// per folder can turn it off for one folder (see `watch::pull_folder_switches`).
    pub enable: bool,
    /// A rules file to use instead of the three standard places (relative to each workspace
    /// folder, or absolute).
    pub rules_file: Option<String>,
    /// Apply-diff similarity threshold (0–1).
    pub fuzzy_threshold: f64,
    /// Apply-diff search window around a hint, in lines.
    pub buffer_lines: usize,
    /// Derive checks from the words of rules without one.
    pub inferred_checks: bool,
    /// By rule number (`"3"`) or category (`"CODE"`): a severity or `"off"`.
    pub severity_overrides: HashMap<String, Override>,
    /// Wait this long after the last edit before checking (0: check as soon as possible).
    pub debounce_ms: u64,
    /// The least severe log message sent to the editor's output (`None`: none).
    pub log_level: Option<tracing::Level>,
    /// Export the rules to the agents' files whenever the active rules of a rules file change.
    pub export_on_change: bool,
    /// Report the violations of files nobody opened (`workspace/diagnostic`).
    pub workspace_diagnostics: bool,
    /// Workspace diagnostics read at most this many files (those a rule can reach); the report
    /// says so when it leaves files out.
    pub workspace_diagnostics_max_files: usize,
}

/// The default of `workspaceDiagnosticsMaxFiles`: a large repository (the Linux kernel has
/// 80,000 files) is left to `autofix check`, while one of 20,000 is checked in a few seconds
/// and held in well under 200 MB (docs/benchmarks.md).
pub const WORKSPACE_MAX_FILES: usize = 20_000;

impl Default for Config {
    fn default() -> Self {
        Config {
            enable: true,
            rules_file: None,
            fuzzy_threshold: 1.0,
            buffer_lines: 40,
            inferred_checks: true,
            severity_overrides: HashMap::new(),
            debounce_ms: 0,
            log_level: Some(tracing::Level::WARN),
            export_on_change: false,
            workspace_diagnostics: true,
            workspace_diagnostics_max_files: WORKSPACE_MAX_FILES,
        }
    }
}

/// Every setting [`Config::from_json`] reads, with its JSON type (`string`, `number`, `integer`,
/// `boolean`, `object`): what editors declare (tests keep the VS Code extension's
/// `contributes.configuration` and its generated `protocol.ts` in step).
pub const SETTINGS: &[(&str, &str)] = &[
    ("enable", "boolean"),
    ("rulesFile", "string"),
    ("fuzzyThreshold", "number"),
    ("bufferLines", "integer"),
    ("inferredChecks", "boolean"),
    ("logLevel", "string"),
    ("severityOverrides", "object"),
    ("debounceMs", "integer"),
    ("exportOnChange", "boolean"),
    ("workspaceDiagnostics", "boolean"),
    ("workspaceDiagnosticsMaxFiles", "integer"),
];

impl Config {
    /// Reads settings over the defaults. Accepts `{ "autofix": { … } }` or the bare object;
    /// returns the config and a warning for each value that was not understood.
    pub fn from_json(value: &Value) -> (Config, Vec<String>) {
        let mut config = Config::default();
        let mut warnings = Vec::new();
        let obj = match value.get("autofix").unwrap_or(value) {
            Value::Object(o) => o,
            Value::Null => return (config, warnings),
            other => {
                warnings.push(format!("autofix settings must be an object, got {other}"));
                return (config, warnings);
            }
        };
        for (key, v) in obj {
            let mut bad = |expected: &str| {
                warnings.push(format!(
                    "setting `{key}`: expected {expected}, got {v}; using the default"
                ))
            };
            match key.as_str() {
                "enable" => match v.as_bool() {
                    Some(b) => config.enable = b,
                    None => bad("true or false"),
                },
                "rulesFile" => match v {
                    Value::String(s) if !s.trim().is_empty() => config.rules_file = Some(s.clone()),
                    Value::String(_) | Value::Null => config.rules_file = None,
                    _ => bad("a path"),
                },
                "fuzzyThreshold" => match v.as_f64() {
                    Some(t) if (0.0..=1.0).contains(&t) => config.fuzzy_threshold = t,
                    _ => bad("a number from 0 to 1"),
                },
                "bufferLines" => match v.as_u64() {
                    Some(n) => config.buffer_lines = n as usize,
                    None => bad("a non-negative integer"),
                },
                "inferredChecks" => match v.as_bool() {
                    Some(b) => config.inferred_checks = b,
                    None => bad("true or false"),
                },
                "logLevel" => match v.as_str().and_then(super::logging::parse_level) {
                    Some(level) => config.log_level = level,
                    None => bad("off, error, warn, info, debug or trace"),
                },
                "exportOnChange" => match v.as_bool() {
                    Some(b) => config.export_on_change = b,
                    None => bad("true or false"),
                },
                "workspaceDiagnostics" => match v.as_bool() {
                    Some(b) => config.workspace_diagnostics = b,
                    None => bad("true or false"),
                },
                "workspaceDiagnosticsMaxFiles" => match v.as_u64() {
                    Some(n) if n >= 1 => {
                        config.workspace_diagnostics_max_files = usize::try_from(n).unwrap_or(usize::MAX)
                    }
                    _ => bad("a number of files, at least 1"),
                },
                "debounceMs" => match v.as_u64() {
                    Some(n) if n <= 10_000 => config.debounce_ms = n,
                    _ => bad("milliseconds from 0 to 10000"),
                },
                "severityOverrides" => match v {
                    Value::Object(map) => {
                        for (target, level) in map {
                            let valid_target =
                                target.parse::<u64>().is_ok() || Category::parse(target).is_some();
                            let level = level.as_str().and_then(|l| {
                                if l.eq_ignore_ascii_case("off") {
                                    Some(Override::Off)
                                } else {
                                    Severity::parse(l).map(Override::Severity)
                                }
                            });
                            match (valid_target, level) {
                                (true, Some(level)) => {
                                    let key = Category::parse(target).map_or(target.clone(), |c| c.as_str().to_string());
                                    config.severity_overrides.insert(key, level);
                                }
                                _ => warnings.push(format!(
                                    "severityOverrides: `{target}` must be a rule number or category mapped to error, warning, information, hint or off"
                                )),
                            }
                        }
                    }
                    _ => bad("an object"),
                },
                // Client-side settings (server path, trace) are not the server's business.
                _ => {}
            }
        }
        (config, warnings)
    }

    /// The override for a rule, by number first, then by category.
    pub fn override_for(&self, rule: u64, category: Category) -> Option<Override> {
        self.severity_overrides
            .get(&crate::rules::user::code(rule))
            .or_else(|| self.severity_overrides.get(category.as_str()))
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_nested_or_bare_settings() {
        let (c, w) = Config::from_json(&json!({"autofix": {"debounceMs": 50, "inferredChecks": false,
            "severityOverrides": {"3": "error", "code": "off"}, "rulesFile": "config/rules.json", "fuzzyThreshold": 0.9, "bufferLines": 10, "exportOnChange": true,
            "workspaceDiagnostics": false, "workspaceDiagnosticsMaxFiles": 500}}));
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(c.debounce_ms, 50);
        assert!(!c.inferred_checks);
        assert_eq!(
            c.override_for(3, Category::Style),
            Some(Override::Severity(Severity::Error))
        );
        assert_eq!(c.override_for(4, Category::Code), Some(Override::Off));
        assert_eq!(c.override_for(4, Category::Ux), None);
        assert_eq!(c.rules_file.as_deref(), Some("config/rules.json"));
        assert_eq!((c.fuzzy_threshold, c.buffer_lines), (0.9, 10));
        assert!(c.export_on_change);
        assert!(!c.workspace_diagnostics);
        assert_eq!(c.workspace_diagnostics_max_files, 500);
        assert_eq!(Config::from_json(&json!({"debounceMs": 5})).0.debounce_ms, 5);
    }

    #[test]
    fn settings_lists_every_key_from_json_reads() {
        // The keys `from_json` matches on, read from its source: none may be missing from SETTINGS.
        let source = include_str!("config.rs");
        let body =
            &source[source.find("pub fn from_json").unwrap()..source.find("pub fn override_for").unwrap()];
        let mut read: Vec<&str> = body
            .lines()
            .filter_map(|l| {
                l.trim()
                    .strip_prefix('"')?
                    .split_once("\" =>")
                    .map(|(key, _)| key)
            })
            .collect();
        let mut listed: Vec<&str> = SETTINGS.iter().map(|(key, _)| *key).collect();
        read.sort_unstable();
        listed.sort_unstable();
        assert_eq!(
            read, listed,
            "from_json reads these keys; SETTINGS must list the same"
        );
        // And each listed key is read with the type given: a value of another type warns. (That a
        // value of the type is taken, tests/protocol.rs checks with the editors' defaults.)
        for (key, ty) in SETTINGS {
            let wrong = match *ty {
                "string" | "object" => json!(1),
                "number" | "integer" | "boolean" => json!("x"),
                other => panic!("{key}: unknown JSON type {other}"),
            };
            let (_, w) = Config::from_json(&json!({ *key: wrong }));
            assert!(w.len() == 1 && w[0].contains(key), "{key} ({ty}): {w:?}");
        }
    }

    #[test]
    fn bad_values_warn_and_keep_defaults() {
        let (c, w) = Config::from_json(
            &json!({"debounceMs": "soon", "fuzzyThreshold": 3, "severityOverrides": {"x": "loud"}}),
        );
        assert_eq!(c, Config::default());
        assert_eq!(w.len(), 3, "{w:?}");
        assert_eq!(Config::from_json(&json!(null)).0, Config::default());
        assert_eq!(Config::from_json(&json!([1])).1.len(), 1);
    }
}
