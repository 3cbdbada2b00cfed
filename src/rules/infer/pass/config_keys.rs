//! Config-keys pass: a key a rule forbids in a configuration file it names — "Do not add an npm
//! `workspaces` field", "No `version:` key (deprecated in Compose v2)", "no `[patch]` section in
//! `Cargo.toml`" — flags the key where that file sets it (`"workspaces":` in `package.json`,
//! `version:` opening a line of a compose file), not the word in code, prose or values.

use super::super::files::FileScope;
use super::super::text::{Kind, Token};
use super::{At, Context, Found, Route};
use crate::rules::model::Within;

/// How a file kind writes its keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Json,
    Yaml,
    Toml,
}

/// A configuration file a rule can name: the words (lowercase, any token kind) that name it,
/// its globs and its syntax.
struct ConfigFile {
    name: &'static str,
    words: &'static [&'static str],
    globs: &'static [&'static str],
    syntax: Syntax,
}

const COMPOSE_GLOBS: &[&str] = &[
    "**/compose.yaml",
    "**/compose.yml",
    "**/compose.*.yaml",
    "**/compose.*.yml",
    "**/docker-compose*.yml",
    "**/docker-compose*.yaml",
];

const CONFIG_FILES: &[ConfigFile] = &[
    ConfigFile {
        name: "package.json",
        words: &["npm", "package.json"],
        globs: &["**/package.json"],
        syntax: Syntax::Json,
    },
    ConfigFile {
        name: "compose files",
        words: &[
            "docker-compose",
            "docker-compose.yml",
            "docker-compose.yaml",
            "compose.yaml",
            "compose.yml",
        ],
        globs: COMPOSE_GLOBS,
        syntax: Syntax::Yaml,
    },
    ConfigFile {
        name: "tsconfig",
        words: &["tsconfig", "tsconfig.json"],
        globs: &["**/tsconfig*.json"],
        syntax: Syntax::Json,
    },
    ConfigFile {
        name: "composer.json",
        words: &["composer.json"],
        globs: &["**/composer.json"],
        syntax: Syntax::Json,
    },
    ConfigFile {
        name: "Cargo.toml",
        words: &["cargo.toml"],
        globs: &["**/Cargo.toml"],
        syntax: Syntax::Toml,
    },
    ConfigFile {
        name: "pyproject.toml",
        words: &["pyproject.toml", "pyproject"],
        globs: &["**/pyproject.toml"],
        syntax: Syntax::Toml,
    },
];

/// Keys the file defines at its top level: forbidden, they are matched there only — npm's
/// `"type"` is also `repository.type`, Compose's `version:` also a build argument or a label.
const TOP_LEVEL_KEYS: &[(&str, &[&str])] = &[
    (
        "package.json",
        &[
            "name",
            "version",
            "description",
            "type",
            "main",
            "module",
            "exports",
            "imports",
            "types",
            "typings",
            "files",
            "bin",
            "scripts",
            "workspaces",
            "dependencies",
            "devDependencies",
            "peerDependencies",
            "optionalDependencies",
            "bundledDependencies",
            "overrides",
            "resolutions",
            "engines",
            "packageManager",
            "private",
            "publishConfig",
            "browserslist",
            "prettier",
            "eslintConfig",
            "jest",
            "config",
            "sideEffects",
            "license",
            "repository",
        ],
    ),
    (
        "compose files",
        &[
            "version", "services", "networks", "volumes", "configs", "secrets", "name", "include",
        ],
    ),
];

/// Nouns that make a code span a key of a configuration file (en/es).
const KEY_NOUNS: &[&str] = &[
    "field",
    "fields",
    "key",
    "keys",
    "property",
    "properties",
    "entry",
    "entries",
    "section",
    "table",
    "campo",
    "campos",
    "clave",
    "claves",
    "propiedad",
    "propiedades",
    "sección",
    "seccion",
];

/// The configuration file the rule names, if exactly one: "Compose" counts beside "Docker",
/// "v2", "file(s)" or "service(s)" (not Jetpack Compose).
fn named_file(ctx: &Context) -> Option<&'static ConfigFile> {
    let said = |w: &str| ctx.tokens.iter().any(|t| t.lower == w);
    let compose = said("compose")
        && ["docker", "v2", "file", "files", "service", "services"]
            .iter()
            .any(|w| said(w));
    let mut named = CONFIG_FILES
        .iter()
        .filter(|f| f.words.iter().any(|w| said(w)) || (compose && f.syntax == Syntax::Yaml));
    let one = named.next()?;
    named.next().is_none().then_some(one)
}

/// Whether the code span `text` is a key in the rule's words: followed by a key noun ("npm
/// `workspaces` field"), or written as a YAML key (`version:`) in a rule that says "key".
fn is_key(tokens: &[Token], text: &str) -> bool {
    let key_noun = |t: &Token| t.is_word() && KEY_NOUNS.contains(&t.lower.as_str());
    tokens.iter().enumerate().any(|(i, t)| {
        matches!(t.kind, Kind::Span(_)) && t.text == text && tokens.get(i + 1).is_some_and(key_noun)
    }) || (text.ends_with(':') && tokens.iter().any(key_noun))
}

/// A key as a rule can write it: a name, dotted or dashed, maybe with its colon or brackets.
fn key_name(text: &str) -> Option<&str> {
    let name = text.trim_end_matches(':').trim_matches(['[', ']', '"', '\'']);
    let ok = !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '@')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '@' | '/'));
    ok.then_some(name)
}

/// Whether the mention `text` is a key this pass checks (see `Route::ConfigKeys`).
pub fn routes_here(ctx: &Context, text: &str) -> bool {
    key_name(text).is_some() && is_key(ctx.tokens, text) && named_file(ctx).is_some()
}

pub fn run(ctx: &Context, out: &mut Found) {
    let Some(file) = named_file(ctx) else { return };
    for (i, f) in ctx.routed(Route::ConfigKeys) {
        let super::super::phrases::Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        let Some(name) = key_name(text) else { continue };
        let key = regex::escape(name);
        // The hit is the key as the rule writes it: `version:` with its colon, `workspaces` alone.
        let colon = if text.ends_with(':') { ":" } else { "" };
        let top_level = TOP_LEVEL_KEYS
            .iter()
            .any(|(f, keys)| *f == file.name && keys.contains(&name));
        // A top-level key: a JSON key at the first level of a 2-space or tab indentation (as npm
        // writes package.json), a YAML key at the start of a line.
        let (json_indent, yaml_indent) = if top_level {
            (r"(?m)^(?:\{[ \t]*|  |\t)", "")
        } else {
            ("", "[ \t]*")
        };
        let pattern = match file.syntax {
            Syntax::Json => format!(r#"{json_indent}"(?P<hit>{key})"[ \t]*:"#),
            Syntax::Yaml if colon.is_empty() => {
                format!(r"(?m)^{yaml_indent}(?P<hit>{key})[ \t]*:(?:[ \t]|\r?$)")
            }
            Syntax::Yaml => format!(r"(?m)^{yaml_indent}(?P<hit>{key}:)(?:[ \t]|\r?$)"),
            Syntax::Toml => format!(r"(?m)^[ \t]*(?:\[[ \t]*(?P<hit>{key})[ \t]*[\].]|{key}[ \t]*=)"),
        };
        let mut scope = FileScope::of_globs(file.globs, file.name.to_string());
        ctx.narrow(&mut scope);
        let explanation = format!(
            "forbidden key `{name}` of {} after \"{}\": where the file sets it{}, not the word elsewhere; scope {}",
            file.name,
            f.trigger,
            if top_level { " at its top level" } else { "" },
            scope.why
        );
        out.check(
            At::Mention(i),
            ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn keys_of_the_named_file_where_it_sets_them() {
        let pkg = "{\n  \"name\": \"web\",\n  \"workspaces\": [\"packages/*\"],\n  \"scripts\": { \"build\": \"tsc\" },\n  \"config\": {\n    \"workspaces\": true\n  },\n  \"repository\": { \"type\": \"git\" }\n}\n";
        let rule = "Do not add an npm `workspaces` field.";
        // The top-level field only, not a key of the same name inside another.
        assert_eq!(texts(rule, "package.json", pkg), ["workspaces"]);
        assert!(texts("Do not add a `type` field to package.json.", "package.json", pkg).is_empty());
        // The word in code, in prose and in another file is not the key.
        assert!(texts(rule, "src/ws.ts", "const workspaces = [];\n").is_empty());
        assert!(texts(rule, "README.md", "npm workspaces are not used here.\n").is_empty());
        assert!(texts(rule, "pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n").is_empty());

        let compose = "version: \"3.8\"\nservices:\n  web:\n    image: nginx:1.27\n    container_name: web\n    build:\n      args:\n        version: \"1.2.3\"\n    environment:\n      - APP_VERSION=2\n    labels:\n      org.version: \"1\"\n";
        let rule = "No `version:` key (deprecated in Compose v2)";
        assert_eq!(texts(rule, "recipes/app/compose.yaml", compose), ["version:"]);
        assert!(texts(rule, "src/version.py", "version: int = 2\n").is_empty());
        // A service's key is nested wherever it is.
        assert_eq!(
            texts(
                "Avoid `container_name` keys in docker-compose files.",
                "compose.yaml",
                compose
            ),
            ["container_name"]
        );

        let cargo = "[package]\nname = \"x\"\n\n[patch.crates-io]\nfoo = { path = \"../foo\" }\n";
        assert_eq!(
            texts("No `[patch]` section in `Cargo.toml`.", "Cargo.toml", cargo),
            ["patch"]
        );
    }

    #[test]
    fn no_key_without_a_named_file_or_a_key_noun() {
        // Jetpack Compose is no compose file; a span without a key noun stays a literal.
        let rule = "Never use the `key` field in Compose.";
        assert!(texts(rule, "docker-compose.yml", "key: 1\n").is_empty());
        assert_eq!(
            texts(
                "Do not use `workspaces` with npm.",
                "package.json",
                "{\"workspaces\": []}\n"
            ),
            Vec::<String>::new()
        );
    }
}
