//! Cargo workspace pass: "All dependencies MUST be declared at the workspace root and inherited
//! by subcrates", "reference them via `dep = { workspace = true }`", "avoid per-crate version
//! drift", "Configure all lints at the workspace level in `Cargo.toml`". A member crate's
//! `Cargo.toml` that declares a dependency with its own version (or git source) instead of
//! `workspace = true`, or its own `[lints…]` table, is flagged; the workspace root (any manifest
//! with a `[workspace…]` table), path dependencies of the workspace's own crates, `Cargo.lock`
//! and prose are not.

use std::sync::LazyLock;

use super::super::files::FileScope;
use super::super::text::Token;
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

const MANIFESTS: &[&str] = &["**/Cargo.toml"];

/// A whole manifest that is a workspace root, consumed without a hit (leftmost-first: tried
/// first, at the start of the text only).
const ROOT: &str = r"\A(?s:.*?)^[ \t]*\[workspace(?:\.[^\]\r\n]*)?\](?s:.*)";

/// A line of a table's body: blank, or not opening another table.
const BODY_LINE: &str = r"\r?\n[ \t]*(?:[^\[\s][^\r\n]*)?";

/// An array value, which may span lines inside an inline table (`features = [\n "x",\n]`).
const ARRAY: &str = r"\[[^\]]*\]";

/// `[dependencies`, `[dev-dependencies`, `[target.'cfg(unix)'.build-dependencies` …
const DEPENDENCY_TABLE: &str = r"\[(?:target\.[^\]\r\n]*\.)?(?:dev-|build-)?dependencies";

/// Words that make a rule about dependencies; versions count with a word of centralizing them.
const DEPENDENCY_WORDS: &[&str] = &[
    "dependencies",
    "dependency",
    "deps",
    "dep",
    "dependencias",
    "dependencia",
];
const VERSION_WORDS: &[&str] = &["versions", "version", "versiones"];
const CENTRAL_WORDS: &[&str] = &[
    "centralized",
    "centralised",
    "centralize",
    "centralise",
    "drift",
    "centralizadas",
    "centralizar",
    "centralizada",
];
const LINT_WORDS: &[&str] = &["lints", "lint", "clippy"];

/// A member's dependency of its own: the root and every other table consumed without a hit, so
/// a dependency line is only ever read inside a dependency table. Built once.
static OWN_DEPENDENCY: LazyLock<String> = LazyLock::new(|| {
    format!(
        concat!(
            "{root}",
            // An inherited or path dependency line, a dotted table that inherits: no hit.
            r"|^[ \t]*[A-Za-z0-9_][A-Za-z0-9_-]*[ \t]*=[ \t]*\{{(?:[^}}\[\r\n]|{array})*?\b(?:workspace|path)[ \t]*=[^\r\n]*",
            r"|^[ \t]*[A-Za-z0-9_][A-Za-z0-9_-]*[ \t]*\.[ \t]*workspace[ \t]*=[^\r\n]*",
            r"|^[ \t]*{table}\.[^\]\r\n]+\][^\r\n]*(?:{body})*?\r?\n[ \t]*(?:workspace|path)[ \t]*=[^\r\n]*(?:{body})*",
            // A dependency table's header: its lines are read one by one after it.
            r"|^[ \t]*{table}\][^\r\n]*",
            // A dependency of its own: `name = "1.0"`, `name = {{ version = … }}`, `[dependencies.name]`.
            r#"|^[ \t]*(?:{table}\.)?(?P<hit>[A-Za-z0-9_][A-Za-z0-9_-]*)(?:\][^\r\n]*(?:{body})*|[ \t]*=[ \t]*(?:"[^"\r\n]*"|'[^'\r\n]*'|\{{))"#,
            // Any other table, whole: `[package]`'s `version = "…"` is no dependency.
            r"|^[ \t]*\[[^\r\n]*(?:{body})*",
        ),
        root = ROOT,
        table = DEPENDENCY_TABLE,
        body = BODY_LINE,
        array = ARRAY,
    )
});

/// A member's own `[lints…]` table, unless it is `[lints] workspace = true`. Built once.
static OWN_LINTS: LazyLock<String> = LazyLock::new(|| {
    format!(
        concat!(
            "{root}",
            r"|^[ \t]*\[lints\][^\r\n]*(?:\r?\n[ \t]*(?:#[^\r\n]*)?)*\r?\n[ \t]*workspace[ \t]*=[ \t]*true\b",
            r"|^[ \t]*(?P<hit>\[lints(?:\.[A-Za-z0-9_-]+)?\])",
        ),
        root = ROOT,
    )
});

pub fn run(ctx: &Context, out: &mut Found) {
    if !about_a_workspace(ctx.tokens) || !about_cargo(ctx.tokens) {
        return;
    }
    let dependencies = ctx.says(DEPENDENCY_WORDS) || (ctx.says(VERSION_WORDS) && ctx.says(CENTRAL_WORDS));
    if dependencies {
        add(
            ctx,
            out,
            OWN_DEPENDENCY.clone(),
            "dependencies declared at the workspace root: a member crate's dependency with its own version or source instead of `workspace = true`",
        );
    }
    if ctx.says(LINT_WORDS) && !dependencies {
        add(
            ctx,
            out,
            OWN_LINTS.clone(),
            "lints configured at the workspace level: a member crate's own `[lints]` table instead of `[lints] workspace = true`",
        );
    }
}

fn add(ctx: &Context, out: &mut Found, pattern: String, said: &str) {
    let mut scope = FileScope::of_globs(MANIFESTS, "member crates' manifests (Cargo.toml)".into());
    ctx.narrow(&mut scope);
    let explanation = format!(
        "{said}; the workspace root's manifest is left out; scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
    );
}

/// The rule speaks of the workspace — "workspace root", `workspace = true`,
/// `[workspace.dependencies]` — and does not forbid it ("never use `workspace = true`").
fn about_a_workspace(tokens: &[Token]) -> bool {
    let mut found = false;
    for (i, t) in tokens.iter().enumerate() {
        if t.lower.contains("workspace") {
            let before = &tokens[i.saturating_sub(3)..i];
            if before
                .iter()
                .any(|b| b.is_word() && NEGATIONS.contains(&b.lower.as_str()))
            {
                return false;
            }
            found = true;
        }
    }
    found
}

/// The rule is about Cargo: it names crates, Cargo or `Cargo.toml` (a pnpm workspace's
/// dependencies are another matter).
fn about_cargo(tokens: &[Token]) -> bool {
    tokens
        .iter()
        .any(|t| t.lower.contains("crate") || t.lower.contains("cargo") || t.lower.contains("clippy"))
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const ROOT: &str = "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.dependencies]\nrayon = { version = \"1\", features = [\"rt\"] }\nserde_json = \"1.0\"\n\n[dependencies]\nanyhow = \"1\"\n";
    const MEMBER: &str = "[package]\nname = \"web\"\nversion = \"0.2.1\"\nedition.workspace = true\n\n[dependencies]\ncore = { path = \"../core\" }\nserde = { workspace = true }\nserde_json.workspace = true\nrquest = { workspace = true, features = [\"gzip\"] }\n# old = \"0.1\"\naxum = \"0.7\"\ntower-http = { version = \"0.5\", features = [\"cors\"] }\nmine = { git = \"https://example.com/mine\" }\n\n[dev-dependencies]\ntempfile.workspace = true\ninsta = \"1\"\n\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\nwindows = { version = \"0.61\", features = [\n  \"Win32\",\n] }\nwin-util = { features = [\n  \"a\",\n], path = \"../win-util\" }\n\n[dependencies.regex]\nversion = \"1\"\ndefault-features = false\n\n[dependencies.inherited]\nworkspace = true\nfeatures = [\n  \"x\",\n]\n\n[features]\ndefault = [\"std\"]\nstd = []\n\n[lints]\nworkspace = true\n";

    #[test]
    fn member_dependencies_with_their_own_versions() {
        for i in [
            "All dependencies MUST be declared at the workspace root and inherited by subcrates.",
            "Do NOT add dependencies directly to crate Cargo.toml — add to workspace deps first, then `workspace = true`",
            "Prefer adding dependencies at the **workspace root** `Cargo.toml` under `[workspace.dependencies]`.",
            "In crate `Cargo.toml` files, reference them via **workspace dependency resolution**: `dep = { workspace = true }`",
            "Keep versions **centralized** in the workspace; avoid per-crate version drift.",
            "Declara todas las dependencias en el workspace raíz y usa `workspace = true` en cada crate.",
        ] {
            assert_eq!(
                texts(i, "crates/web/Cargo.toml", MEMBER),
                ["axum", "tower-http", "mine", "insta", "libc", "windows", "regex"],
                "{i}"
            );
            assert!(texts(i, "Cargo.toml", ROOT).is_empty(), "{i}");
            let crlf = MEMBER.replace('\n', "\r\n");
            assert_eq!(texts(i, "crates/web/Cargo.toml", &crlf).len(), 7, "{i}");
            assert!(
                texts(
                    i,
                    "Cargo.lock",
                    "[[package]]\nname = \"anyhow\"\nversion = \"1.0.98\"\n"
                )
                .is_empty(),
                "{i}"
            );
        }
    }

    #[test]
    fn hostile_manifests() {
        let i = "All dependencies MUST be declared at the workspace root and inherited by subcrates.";
        // Twenty thousand dependencies (a check reports its first thousand per file), an array
        // never closed, a table header never closed.
        let mut big = String::from("[package]\nname = \"x\"\n\n[dependencies]\n");
        for k in 0..20_000 {
            big.push_str(&format!("dep{k} = \"1.{k}\"\n"));
        }
        let found = texts(i, "crates/x/Cargo.toml", &big);
        assert_eq!((found.len(), found[999].as_str()), (1_000, "dep999"));
        let unclosed = format!("[dependencies]\nwin = {{ features = [\n{big}");
        let found = texts(i, "crates/x/Cargo.toml", &unclosed);
        assert_eq!(
            (found.len(), found[0].as_str(), found[1].as_str()),
            (1_000, "win", "dep0")
        );
        assert!(texts(i, "crates/x/Cargo.toml", "[dependencies\nanyhow = \"1\"\n[").is_empty());
        assert!(texts(i, "crates/x/Cargo.toml", "").is_empty());
    }

    #[test]
    fn not_about_cargo_workspaces() {
        for i in [
            // A pnpm workspace, a forbidden inheritance, a package's own version.
            "All dependencies are declared in the workspace root package.json.",
            "Never use `workspace = true` for crate dependencies.",
            "Bump the crate version in the workspace on every release.",
        ] {
            assert!(texts(i, "crates/web/Cargo.toml", MEMBER).is_empty(), "{i}");
        }
    }

    #[test]
    fn member_lint_tables() {
        let i = "Configure all lints (Rust and Clippy) at the workspace level in `Cargo.toml`.";
        let member = "[package]\nname = \"rt\"\n\n[dependencies]\nanyhow.workspace = true\n\n[lints.clippy]\npedantic = \"warn\"\n";
        assert_eq!(texts(i, "crates/rt/Cargo.toml", member), ["[lints.clippy]"]);
        let inherits = "[package]\nname = \"cli\"\n\n[lints]\n# shared\nworkspace = true\n";
        assert!(texts(i, "crates/cli/Cargo.toml", inherits).is_empty());
        let root = "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.lints.clippy]\npedantic = \"warn\"\n\n[lints]\nworkspace = true\n";
        assert!(texts(i, "Cargo.toml", root).is_empty());
    }
}
