//! The VS Code extension's view of the server's protocol comes from the Rust source:
//!
//! - `editors/vscode/src/protocol.ts` — the command names, one TypeScript interface per command
//!   argument and result and per custom notification's params, and the server's settings keys —
//!   is rendered here from the JSON schemas of the types in `src/lsp/protocol.rs` (schemars) and
//!   compared with the checked-in file. `UPDATE_PROTOCOL=1 cargo test --test protocol` rewrites it.
//! - `editors/vscode/package.json` declares every setting the server reads
//!   (`autofix::lsp::config::SETTINGS`), with the same JSON type and a default the server reads as
//!   its own; the other `autofix.*` settings are the extension's own. The editors' READMEs name
//!   the same settings.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use autofix::lsp::config::{Config, SETTINGS};
use autofix::lsp::protocol::{
    self, ApplyDiff, Command, ExportRules, FixWorkspace, LearnRule, ListRules, Notification, PreviewDiff,
    ReloadRules, ShowMessage, Status,
};
use schemars::JsonSchema;
use schemars::generate::{SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value, json};

const OUT: &str = "editors/vscode/src/protocol.ts";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The last segment of a type's path (`LearnRule`).
fn short_name<T: ?Sized>() -> &'static str {
    let full = std::any::type_name::<T>();
    full.rsplit("::").next().unwrap_or(full)
}

/// One entry of the generated command table.
struct CommandEntry {
    /// The Rust type's name (`LearnRule`), for the constant's name.
    rust: &'static str,
    name: &'static str,
    args: String,
    result: String,
    args_optional: bool,
}

/// Renders JSON schemas as TypeScript, collecting the named definitions they refer to.
struct Renderer {
    /// Argument types are what the server deserializes; results and params what it serializes.
    de: SchemaGenerator,
    ser: SchemaGenerator,
    /// Which of the two the type being rendered comes from.
    serialize: bool,
    /// Named declarations, in the order they were first needed.
    decls: Vec<String>,
    /// Name → its declaration, per contract (deserialize, serialize).
    seen: [HashMap<String, String>; 2],
}

impl Renderer {
    fn new() -> Self {
        Renderer {
            de: SchemaSettings::draft2020_12().for_deserialize().into_generator(),
            ser: SchemaSettings::draft2020_12().for_serialize().into_generator(),
            serialize: false,
            decls: Vec::new(),
            seen: Default::default(),
        }
    }

    /// The TypeScript type of `T` as the server reads it.
    fn input<T: JsonSchema>(&mut self) -> String {
        self.serialize = false;
        let schema = self.de.subschema_for::<T>().to_value();
        let defs = self.de.definitions().clone();
        self.ty(&schema, &defs, 0)
    }

    /// The TypeScript type of `T` as the server writes it.
    fn output<T: JsonSchema>(&mut self) -> String {
        self.serialize = true;
        let schema = self.ser.subschema_for::<T>().to_value();
        let defs = self.ser.definitions().clone();
        self.ty(&schema, &defs, 0)
    }

    /// Declares definition `name` (once; a type both read and written must look the same both ways).
    fn declare(&mut self, name: &str, defs: &Map<String, Value>) {
        let contract = usize::from(self.serialize);
        if self.seen[contract].contains_key(name) {
            return;
        }
        let schema = defs
            .get(name)
            .unwrap_or_else(|| panic!("no definition {name} in the schema"));
        // Reserved before its body is rendered: parents come before the types they use, and a
        // recursive type ends.
        self.seen[contract].insert(name.to_string(), String::new());
        let slot = self.decls.len();
        let other = self.seen[1 - contract].get(name).cloned();
        if other.is_none() {
            self.decls.push(String::new());
        }
        let mut out = String::new();
        doc(&mut out, schema.get("description"), "");
        let is_object = schema.get("type") == Some(&json!("object"));
        let has_props = schema
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| !p.is_empty());
        if is_object && has_props {
            let body = self.object(schema, defs, 0);
            write!(out, "export interface {name} {body}").unwrap();
        } else {
            let ty = self.ty(schema, defs, 0);
            write!(out, "export type {name} = {ty};").unwrap();
        }
        match other {
            Some(earlier) if earlier != out => panic!(
                "{name} reads differently from how the server writes it:\n{earlier}\n---\n{out}\n\
                 give the argument and the result types different names in src/lsp/protocol.rs"
            ),
            Some(_) => {}
            None => self.decls[slot] = out.clone(),
        }
        self.seen[contract].insert(name.to_string(), out);
    }

    /// An object schema's properties as a TypeScript object type (`{ … }`).
    fn object(&mut self, schema: &Value, defs: &Map<String, Value>, depth: usize) -> String {
        let props = schema
            .get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let required: BTreeSet<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let indent = "  ".repeat(depth + 1);
        let mut out = String::from("{\n");
        for (key, prop) in &props {
            doc(&mut out, prop.get("description"), &indent);
            let optional = if required.contains(key.as_str()) { "" } else { "?" };
            let ty = self.ty(prop, defs, depth + 1);
            writeln!(out, "{indent}{}{optional}: {ty};", property_name(key)).unwrap();
        }
        out.push_str(&"  ".repeat(depth));
        out.push('}');
        out
    }

    fn ty(&mut self, schema: &Value, defs: &Map<String, Value>, depth: usize) -> String {
        let obj = match schema {
            Value::Bool(true) => return "unknown".into(),
            Value::Bool(false) => return "never".into(),
            Value::Object(o) => o,
            other => panic!("not a schema: {other}"),
        };
        if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
            let name = reference
                .strip_prefix("#/$defs/")
                .unwrap_or_else(|| panic!("unexpected $ref {reference}"))
                .to_string();
            self.declare(&name, defs);
            return name;
        }
        if let Some(c) = obj.get("const") {
            return c.to_string();
        }
        if let Some(values) = obj.get("enum").and_then(Value::as_array) {
            return values
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(" | ");
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(options) = obj.get(key).and_then(Value::as_array) {
                return union(options.iter().map(|o| self.ty(o, defs, depth)).collect());
            }
        }
        if let Some([only]) = obj.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
            return self.ty(only, defs, depth);
        }
        let types: Vec<&str> = match obj.get("type") {
            None => return "unknown".into(),
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            Some(other) => panic!("unexpected type {other}"),
        };
        union(
            types
                .into_iter()
                .map(|t| self.simple(t, obj, defs, depth))
                .collect(),
        )
    }

    fn simple(
        &mut self,
        ty: &str,
        obj: &Map<String, Value>,
        defs: &Map<String, Value>,
        depth: usize,
    ) -> String {
        match ty {
            "null" => "null".into(),
            "boolean" => "boolean".into(),
            "string" => "string".into(),
            "integer" | "number" => "number".into(),
            "array" => match obj.get("items") {
                Some(items) => {
                    let item = self.ty(items, defs, depth);
                    if item.contains(' ') && !item.starts_with('{') {
                        format!("({item})[]")
                    } else {
                        format!("{item}[]")
                    }
                }
                None => "unknown[]".into(),
            },
            "object" => {
                let schema = Value::Object(obj.clone());
                let has_props = obj
                    .get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| !p.is_empty());
                match obj.get("additionalProperties") {
                    _ if has_props => self.object(&schema, defs, depth),
                    Some(Value::Bool(false)) => "Record<string, never>".into(),
                    Some(extra @ Value::Object(_)) => {
                        format!("Record<string, {}>", self.ty(extra, defs, depth))
                    }
                    _ => "Record<string, unknown>".into(),
                }
            }
            other => panic!("unexpected JSON type {other}"),
        }
    }
}

fn union(mut parts: Vec<String>) -> String {
    let mut seen = BTreeSet::new();
    parts.retain(|p| seen.insert(p.clone()));
    // `null` last reads best: `string | null`.
    parts.sort_by_key(|p| p == "null");
    parts.join(" | ")
}

fn property_name(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        key.to_string()
    } else {
        format!("{key:?}")
    }
}

/// A JSDoc comment from a schema's `description`.
fn doc(out: &mut String, description: Option<&Value>, indent: &str) {
    let Some(text) = description.and_then(Value::as_str) else {
        return;
    };
    // Rust doc comments wrap lines; the comment keeps them as written.
    let lines: Vec<&str> = text.lines().collect();
    if let [line] = lines.as_slice() {
        writeln!(out, "{indent}/** {line} */").unwrap();
    } else {
        writeln!(out, "{indent}/**").unwrap();
        for line in lines {
            writeln!(out, "{indent} *{}{line}", if line.is_empty() { "" } else { " " }).unwrap();
        }
        writeln!(out, "{indent} */").unwrap();
    }
}

fn command<C: Command>(r: &mut Renderer) -> CommandEntry {
    CommandEntry {
        rust: short_name::<C>(),
        name: C::NAME,
        args: r.input::<C::Args>(),
        result: r.output::<C::Result>(),
        args_optional: C::ARGS_OPTIONAL,
    }
}

/// `LearnRule` → `LEARN_RULE`.
fn constant(rust: &str) -> String {
    let mut out = String::new();
    for (i, c) in rust.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The whole of protocol.ts.
fn render() -> String {
    let mut r = Renderer::new();
    let commands = vec![
        command::<LearnRule>(&mut r),
        command::<ApplyDiff>(&mut r),
        command::<PreviewDiff>(&mut r),
        command::<ListRules>(&mut r),
        command::<ReloadRules>(&mut r),
        command::<ShowMessage>(&mut r),
        command::<ExportRules>(&mut r),
        command::<FixWorkspace>(&mut r),
    ];
    let rendered: BTreeSet<&str> = commands.iter().map(|c| c.name).collect();
    let advertised: BTreeSet<&str> = protocol::COMMANDS.iter().copied().collect();
    assert_eq!(
        rendered, advertised,
        "tests/protocol.rs must render every command of protocol::COMMANDS (add it to render())"
    );
    let status = (
        short_name::<Status>(),
        <Status as Notification>::METHOD,
        r.output::<<Status as Notification>::Params>(),
    );

    let mut out = String::new();
    out.push_str(
        "// GENERATED by tests/protocol.rs from src/lsp/protocol.rs and src/lsp/config.rs — do not edit.\n\
         // After changing the server's protocol: UPDATE_PROTOCOL=1 cargo test --test protocol\n\
         //\n\
         // The server's `workspace/executeCommand` commands (one JSON object argument each) with their\n\
         // argument and result types, its custom notifications, and the settings it reads.\n\n",
    );
    for c in &commands {
        let optional = if c.args_optional { " (may be left out)" } else { "" };
        writeln!(
            out,
            "/** `{}`: argument `{}`{optional}, result `{}`. */",
            c.name, c.args, c.result
        )
        .unwrap();
        writeln!(out, "export const {} = '{}';", constant(c.rust), c.name).unwrap();
    }
    out.push_str("\n/** Every command the server advertises in `executeCommandProvider`. */\n");
    out.push_str("export const COMMANDS = [\n");
    for c in &commands {
        writeln!(out, "  {},", constant(c.rust)).unwrap();
    }
    out.push_str("] as const;\n\n");
    out.push_str("/** Each command's argument and result. */\nexport interface CommandTypes {\n");
    for c in &commands {
        writeln!(
            out,
            "  '{}': {{ args: {}; result: {}; argsOptional: {} }};",
            c.name, c.args, c.result, c.args_optional
        )
        .unwrap();
    }
    out.push_str("}\n\nexport type CommandName = keyof CommandTypes;\n\n");
    let (rust, method, params) = status;
    writeln!(out, "/** `{method}` (server → client): params `{params}`. */").unwrap();
    writeln!(out, "export const {} = '{method}';\n", constant(rust)).unwrap();
    out.push_str("/** Each custom notification the server sends, with its params. */\nexport interface NotificationTypes {\n");
    writeln!(out, "  '{method}': {params};").unwrap();
    out.push_str("}\n\n");
    out.push_str(
        "/** The settings the server reads (`autofix.<key>`), with their JSON types. */\n\
         export const SERVER_SETTINGS = {\n",
    );
    for (key, ty) in SETTINGS {
        writeln!(out, "  {key}: '{ty}',").unwrap();
    }
    out.push_str("} as const;\n\nexport type ServerSetting = keyof typeof SERVER_SETTINGS;\n");
    for decl in &r.decls {
        out.push('\n');
        out.push_str(decl);
        out.push('\n');
    }
    out
}

#[test]
fn protocol_ts_is_generated_from_the_rust_types() {
    let path = repo().join(OUT);
    let want = render();
    if std::env::var_os("UPDATE_PROTOCOL").is_some() {
        std::fs::write(&path, &want).unwrap();
        eprintln!("wrote {OUT}");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        let first = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| have.lines().count().min(want.lines().count()));
        let line = |text: &str| text.lines().nth(first).unwrap_or("<end of file>").to_string();
        panic!(
            "{OUT} is out of date with src/lsp/protocol.rs (first difference at line {}:\n  checked in: {}\n  generated:  {}\n)\n\
             Regenerate it with `UPDATE_PROTOCOL=1 cargo test --test protocol`, check the extension still \
             builds (`scripts/test-vscode --no-e2e`) and commit both.",
            first + 1,
            line(&have),
            line(&want),
        );
    }
}

fn package_json() -> Value {
    let text = std::fs::read_to_string(repo().join("editors/vscode/package.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The extension's own settings: the server never reads them.
const CLIENT_ONLY: &[&str] = &["server.path", "trace.server", "review", "saveAfterAccept"];

#[test]
fn package_json_declares_every_server_setting() {
    let pkg = package_json();
    let props = pkg["contributes"]["configuration"]["properties"]
        .as_object()
        .expect("contributes.configuration.properties");
    let server: HashMap<&str, &str> = SETTINGS.iter().copied().collect();
    let mut problems = Vec::new();
    for (key, ty) in SETTINGS {
        let Some(declared) = props.get(&format!("autofix.{key}")) else {
            problems.push(format!(
                "autofix.{key} ({ty}) is read by the server but not declared"
            ));
            continue;
        };
        if declared["type"] != json!(ty) {
            problems.push(format!(
                "autofix.{key}: declared as {}, the server reads {ty}",
                declared["type"]
            ));
        }
        // The extension sends every value, defaults included: its default must be the server's.
        match declared.get("default") {
            None => problems.push(format!("autofix.{key} has no default")),
            Some(default) => {
                let (config, warnings) = Config::from_json(&json!({ *key: default }));
                if !warnings.is_empty() || config != Config::default() {
                    problems.push(format!(
                        "autofix.{key}: the default {default} is not the server's default ({warnings:?})"
                    ));
                }
            }
        }
    }
    for key in props.keys() {
        let short = key
            .strip_prefix("autofix.")
            .unwrap_or_else(|| panic!("{key}: not under autofix."));
        if !server.contains_key(short) && !CLIENT_ONLY.contains(&short) {
            problems.push(format!(
                "{key} is declared but the server does not read it (add it to SETTINGS in src/lsp/config.rs, \
                 or to CLIENT_ONLY in tests/protocol.rs if it is the extension's own)"
            ));
        }
    }
    for short in CLIENT_ONLY {
        if !props.contains_key(&format!("autofix.{short}")) {
            problems.push(format!(
                "CLIENT_ONLY names autofix.{short}, which package.json does not declare"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "editors/vscode/package.json and the server's settings drifted:\n  {}",
        problems.join("\n  ")
    );
}

/// The settings named in the first column of a README's tables (`` `key` `` or `` `autofix.key` ``).
fn readme_settings(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| {
            l.split_once('`')
                .map(|(key, _)| key.trim_start_matches("autofix.").to_string())
        })
        .collect()
}

#[test]
fn the_editors_readmes_name_every_server_setting() {
    for readme in ["editors/vscode/README.md", "editors/nvim/README.md"] {
        let named = readme_settings(&repo().join(readme));
        let missing: Vec<&str> = SETTINGS
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| !named.contains(*k))
            .collect();
        assert!(
            missing.is_empty(),
            "{readme} does not describe these server settings: {missing:?}"
        );
    }
    let named = readme_settings(&repo().join("editors/vscode/README.md"));
    let pkg = package_json();
    let props = pkg["contributes"]["configuration"]["properties"]
        .as_object()
        .unwrap();
    let missing: Vec<&String> = props
        .keys()
        .filter(|k| !named.contains(k.trim_start_matches("autofix.")))
        .collect();
    assert!(
        missing.is_empty(),
        "editors/vscode/README.md does not describe these settings: {missing:?}"
    );
}

/// Where `value` does not fit `schema` (a key the schema lacks, a required key missing, a value
/// of another type).
fn misfits(value: &Value, schema: &Value, defs: &Map<String, Value>, at: &str) -> Vec<String> {
    let Value::Object(obj) = schema else {
        return Vec::new(); // `true`: anything
    };
    if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/$defs/");
        return misfits(value, &defs[name], defs, at);
    }
    if let Some(options) = obj.get("anyOf").and_then(Value::as_array) {
        let each: Vec<Vec<String>> = options.iter().map(|o| misfits(value, o, defs, at)).collect();
        return if each.iter().any(Vec::is_empty) {
            Vec::new()
        } else {
            each.concat()
        };
    }
    if let Some(values) = obj.get("enum").and_then(Value::as_array) {
        return if values.contains(value) {
            Vec::new()
        } else {
            vec![format!("{at}: {value} is not one of {values:?}")]
        };
    }
    let types: Vec<&str> = match obj.get("type") {
        None => return Vec::new(),
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        Some(_) => return Vec::new(),
    };
    let fits = |t: &str| match (t, value) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("string", Value::String(_)) => true,
        ("number", Value::Number(_)) | ("array", Value::Array(_)) | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => n.is_u64() || n.is_i64(),
        _ => false,
    };
    if !types.iter().any(|t| fits(t)) {
        return vec![format!("{at}: {value} is not {}", types.join(" | "))];
    }
    let mut out = Vec::new();
    match value {
        Value::Object(fields) => {
            let props = obj
                .get("properties")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            for key in obj
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !fields.contains_key(key) {
                    out.push(format!(
                        "{at}.{key}: required by the type, absent in what the server sends"
                    ));
                }
            }
            for (key, v) in fields {
                match props.get(key) {
                    Some(s) => out.extend(misfits(v, s, defs, &format!("{at}.{key}"))),
                    None if !props.is_empty() => out.push(format!("{at}.{key}: sent, but not in the type")),
                    None => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = obj.get("items") {
                for v in items {
                    out.extend(misfits(v, item, defs, &format!("{at}[]")));
                }
            }
        }
        _ => {}
    }
    out
}

/// Where a report the server really sends does not fit the generated `DiffReport` (whose shape
/// is hand-written in src/lsp/protocol.rs as `DiffOutcomeSchema` / `BlockReport`).
fn diff_report_misfits() -> BTreeSet<String> {
    use autofix::diff::{SearchOptions, apply_text};
    use autofix::lsp::protocol::DiffReport;
    let mut generator = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let schema = generator.subschema_for::<DiffReport>().to_value();
    let defs = generator.definitions().clone();
    let file = "a\nb\nc\n";
    let diffs = [
        "<<<<<<< SEARCH\nb\n=======\nB\n>>>>>>> REPLACE\n",
        "<<<<<<< SEARCH\nb\n=======\nB\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nzzz\n=======\ny\n>>>>>>> REPLACE\n",
        "not a diff",
    ];
    let mut out = BTreeSet::new();
    for diff in diffs {
        for applied in [None, Some(true), Some(false)] {
            let mut outcome = apply_text(file, diff, &SearchOptions::default());
            outcome.content = None;
            let report = DiffReport {
                outcome,
                path: Some("/w/a.txt".into()),
                applied,
                failure_reason: None,
            };
            let value = serde_json::to_value(&report).unwrap();
            out.extend(misfits(&value, &schema, &defs, "DiffReport"));
        }
    }
    out
}

/// Known gaps between the hand-written report schema (`DiffOutcomeSchema` / `BlockReport` in
/// src/lsp/protocol.rs) and what the server sends. None today: a new one fails the test.
const KNOWN_REPORT_MISFITS: &[&str] = &[];

#[test]
fn the_generated_diff_report_fits_what_the_server_sends() {
    let found = diff_report_misfits();
    let known: BTreeSet<String> = KNOWN_REPORT_MISFITS.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = found.difference(&known).collect();
    let gone: Vec<&String> = known.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "the DiffReport type in protocol.ts and the reports the server sends differ:\n  new: {new:#?}\n  fixed (drop from KNOWN_REPORT_MISFITS): {gone:#?}"
    );
}
