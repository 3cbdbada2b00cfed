//! An agent file's YAML frontmatter (read with `serde_norway`) and what it says about scope:
//! Cursor's and Continue's `globs` (unless `alwaysApply: true`), Claude's and Cline's `paths`,
//! Copilot's `applyTo`, Windsurf's and Devin's `globs` under `trigger: glob`, Kiro's
//! `fileMatchPattern` under `inclusion: fileMatch`.

use serde_norway::Value;

use super::formats::AgentFormat;

/// What the frontmatter of one file says.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Frontmatter {
    /// The globs the file's rules apply to, relative to the folder the file speaks for; empty:
    /// every file.
    pub globs: Vec<String>,
    /// Why the frontmatter could not be read, when it could not (the rules are still read,
    /// unscoped).
    pub error: Option<String>,
}

/// Globs matching every file: no scope at all.
fn is_everything(glob: &str) -> bool {
    matches!(glob, "**" | "**/*" | "*" | "**/**" | "/**" | "./**")
}

/// A string or a list of strings; a string holds comma-separated globs (`"*.ts, *.tsx"`) —
/// but a comma inside braces belongs to the glob (`src/**/*.{ts,tsx}`).
fn globs_of(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |text: &str| {
        let mut depth = 0usize;
        let mut current = String::new();
        for c in text.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    out.push(std::mem::take(&mut current));
                    continue;
                }
                _ => {}
            }
            current.push(c);
        }
        out.push(current);
    };
    match value {
        Value::String(s) => push(s),
        Value::Sequence(items) => items.iter().filter_map(Value::as_str).for_each(&mut push),
        _ => {}
    }
    let cleaned: Vec<String> = out
        .into_iter()
        .map(|g| g.trim().trim_matches(['"', '\'']).trim().to_string())
        .filter(|g| !g.is_empty())
        .collect();
    if cleaned.iter().any(|g| is_everything(g)) {
        return Vec::new();
    }
    cleaned
}

fn truthy(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s.trim().eq_ignore_ascii_case("true"),
        _ => false,
    }
}

fn text_of(value: Option<&Value>) -> Option<String> {
    value
        .and_then(Value::as_str)
        .map(|s| s.trim().to_ascii_lowercase())
}

/// Cursor writes `globs: **/*.ts, src/*.tsx` — not YAML (`*` starts an alias). When the block
/// does not parse, each top-level `key: value` whose plain value YAML cannot take is quoted
/// (and only that); the result still goes through the YAML parser.
fn quote_plain_values(yaml: &str) -> String {
    yaml.lines()
        .map(|line| {
            let Some((key, value)) = line.split_once(':') else {
                return line.to_string();
            };
            let key_ok = !key.starts_with([' ', '\t', '-', '#'])
                && key.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-');
            let v = value.trim();
            let needs = v.starts_with(['*', '&', '!', '@', '`', '%', '|', '>'])
                || (v.contains(": ") && !v.starts_with(['"', '\'', '[', '{']));
            if key_ok && needs {
                format!("{key}: '{}'", v.replace('\'', "''"))
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn parse_yaml(yaml: &str) -> Result<Value, String> {
    match serde_norway::from_str::<Value>(yaml) {
        Ok(v) => Ok(v),
        Err(first) => {
            serde_norway::from_str::<Value>(&quote_plain_values(yaml)).map_err(|_| first.to_string())
        }
    }
}

/// Reads the YAML of a frontmatter block for a file of `format`.
pub fn read(yaml: &str, format: AgentFormat) -> Frontmatter {
    if yaml.trim().is_empty() {
        return Frontmatter::default();
    }
    let value = match parse_yaml(yaml) {
        Ok(Value::Mapping(m)) => Value::Mapping(m),
        Ok(Value::Null) => return Frontmatter::default(),
        Ok(_) => {
            return Frontmatter {
                globs: Vec::new(),
                error: Some("the frontmatter is not a mapping of keys to values".into()),
            };
        }
        Err(e) => {
            return Frontmatter {
                globs: Vec::new(),
                error: Some(format!(
                    "the frontmatter is not valid YAML ({e}); its rules are read unscoped"
                )),
            };
        }
    };
    let get = |key: &str| value.get(key);
    let globs = match format {
        AgentFormat::CursorMdc | AgentFormat::ContinueRule => {
            if truthy(get("alwaysApply")) {
                Vec::new()
            } else {
                get("globs").map(globs_of).unwrap_or_default()
            }
        }
        AgentFormat::ClaudeRule | AgentFormat::Clinerules => get("paths")
            .or_else(|| get("globs"))
            .map(globs_of)
            .unwrap_or_default(),
        AgentFormat::CopilotScoped => get("applyTo").map(globs_of).unwrap_or_default(),
        AgentFormat::WindsurfRule | AgentFormat::DevinRule | AgentFormat::AntigravityRule => {
            match text_of(get("trigger")).as_deref() {
                Some("glob") | None => get("globs").map(globs_of).unwrap_or_default(),
                _ => Vec::new(),
            }
        }
        AgentFormat::KiroSteering => match text_of(get("inclusion")).as_deref() {
            Some("filematch") => get("fileMatchPattern").map(globs_of).unwrap_or_default(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut notes = Vec::new();
    if let Some(v) = get("alwaysApply")
        && !matches!(v, Value::Bool(_))
        && !matches!(v, Value::String(s) if ["true", "false"].contains(&s.trim().to_ascii_lowercase().as_str()))
    {
        notes.push(format!(
            "`alwaysApply` should be true or false, not {}; read as false",
            shown(v)
        ));
    }
    // A glob autofix cannot compile would make the whole rules file fail to load: it is left
    // out, and said.
    let given = globs.len();
    let globs: Vec<String> = globs
        .into_iter()
        .filter(|glob| match crate::rules::glob_error(glob) {
            None => true,
            Some(why) => {
                notes.push(format!(
                    "the glob `{glob}` is not valid ({why}); left out — fix it in the file and import again"
                ));
                false
            }
        })
        .collect();
    if given > 0 && globs.is_empty() {
        notes.push("no valid glob is left: its rules are read unscoped".into());
    }
    Frontmatter {
        globs,
        error: (!notes.is_empty()).then(|| notes.join("; ")),
    }
}

/// A YAML value as the user wrote it, for a note.
fn shown(value: &Value) -> String {
    serde_norway::to_string(value)
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "that value".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globs(yaml: &str, format: AgentFormat) -> Vec<String> {
        let fm = read(yaml, format);
        assert_eq!(fm.error, None, "{yaml}");
        fm.globs
    }

    #[test]
    fn each_agent_s_scoping_key() {
        use AgentFormat::*;
        assert_eq!(
            globs(
                "description: TS\nglobs: src/**/*.ts, src/**/*.tsx\nalwaysApply: false",
                CursorMdc
            ),
            ["src/**/*.ts", "src/**/*.tsx"]
        );
        assert_eq!(
            globs("globs: **/*.ts\nalwaysApply: false", CursorMdc),
            ["**/*.ts"]
        );
        assert!(globs("globs: src/**\nalwaysApply: true", CursorMdc).is_empty());
        assert_eq!(
            globs("paths:\n  - \"src/api/**/*.ts\"\n  - tests/**", ClaudeRule),
            ["src/api/**/*.ts", "tests/**"]
        );
        assert_eq!(
            globs("applyTo: \"**/*.ts,**/*.tsx\"", CopilotScoped),
            ["**/*.ts", "**/*.tsx"]
        );
        assert!(globs("applyTo: \"**\"", CopilotScoped).is_empty());
        assert_eq!(globs("trigger: glob\nglobs: \"*.py\"", WindsurfRule), ["*.py"]);
        assert!(globs("trigger: always_on\nglobs: \"*.py\"", WindsurfRule).is_empty());
        assert_eq!(globs("trigger: glob\nglobs: \"*.py\"", AntigravityRule), ["*.py"]);
        assert!(globs("trigger: always_on", AntigravityRule).is_empty());
        assert_eq!(
            globs(
                "inclusion: fileMatch\nfileMatchPattern: \"components/**/*.tsx\"",
                KiroSteering
            ),
            ["components/**/*.tsx"]
        );
        assert!(globs("inclusion: always", KiroSteering).is_empty());
        assert_eq!(
            globs("name: x\nglobs: [\"docs/**/*.{md,mdx}\"]", ContinueRule),
            ["docs/**/*.{md,mdx}"]
        );
        assert_eq!(
            globs("globs: docs/**/*.{md,mdx}, *.ts", ContinueRule),
            ["docs/**/*.{md,mdx}", "*.ts"]
        );
    }

    #[test]
    fn a_glob_that_does_not_compile_is_left_out_and_said() {
        let fm = read(
            "globs: \"[src/**/*.{ts\"\nalwaysApply: maybe",
            AgentFormat::CursorMdc,
        );
        assert!(fm.globs.is_empty());
        let note = fm.error.unwrap();
        assert!(
            note.contains("`alwaysApply` should be true or false, not maybe"),
            "{note}"
        );
        assert!(note.contains("the glob `[src/**/*.{ts` is not valid"), "{note}");
        assert!(note.contains("read unscoped"), "{note}");
        let fm = read("applyTo: \"**/*.{ts,tsx, src/**\"", AgentFormat::CopilotScoped);
        assert_eq!(fm.globs, Vec::<String>::new());
        let fm = read("paths:\n  - \"src/[a-\"\n  - \"lib/**\"", AgentFormat::ClaudeRule);
        assert_eq!(fm.globs, ["lib/**"]);
        assert!(!fm.error.unwrap().contains("unscoped"));
    }

    #[test]
    fn broken_yaml_is_reported_not_fatal() {
        let fm = read("globs: [unclosed", AgentFormat::CursorMdc);
        assert!(fm.globs.is_empty());
        assert!(fm.error.unwrap().contains("not valid YAML"));
        let fm = read("- a\n- b", AgentFormat::CursorMdc);
        assert!(fm.error.unwrap().contains("not a mapping"));
    }
}
