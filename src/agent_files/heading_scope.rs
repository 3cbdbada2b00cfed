//! The language a topic heading gives the code rules under it: "## Python Code Style" scopes its
//! bullets to `*.py`, "### Android" to Kotlin and Java files, "- **TypeScript:**" over nested
//! bullets to `*.ts`/`*.tsx` — so a rule written for one language's section is not checked on
//! another's code. Only labels made of language names and topic words count ("Setup (Node.js 20,
//! Python 3.12)" names versions, not a section's language), only code, style and architecture
//! rules take the scope (a tool or process rule under "## Python" — "use uv, never pip" — is
//! about commands and manifests), and a rule that names its own language keeps its words'.

use crate::rules::Category;
use crate::rules::infer::files::{Lang, named, with_plain_code};
use crate::rules::infer::text::{Kind, Token, tokenize};

/// Words a topic label may hold beside its language names (en/es), lowercase.
const TOPIC_WORDS: &[&str] = &[
    "code",
    "coding",
    "style",
    "styles",
    "styling",
    "guide",
    "guides",
    "guidelines",
    "guideline",
    "conventions",
    "convention",
    "rules",
    "rule",
    "standards",
    "standard",
    "best",
    "practices",
    "patterns",
    "specific",
    "specifics",
    "frontend",
    "front-end",
    "backend",
    "back-end",
    "development",
    "dev",
    "files",
    "file",
    "components",
    "component",
    "scripts",
    "services",
    "app",
    "apps",
    "project",
    "structure",
    "projects",
    "service",
    "packages",
    "modules",
    "script",
    "naming",
    "formatting",
    "typing",
    "types",
    "imports",
    "testing",
    "tests",
    "error",
    "errors",
    "handling",
    "documentation",
    "docs",
    "and",
    "or",
    "with",
    "for",
    "in",
    "the",
    "notes",
    "código",
    "codigo",
    "estilo",
    "guía",
    "guia",
    "convenciones",
    "reglas",
    "normas",
    "estándares",
    "estandares",
    "buenas",
    "prácticas",
    "practicas",
    "archivos",
    "componentes",
    "pruebas",
    "específicas",
    "especificas",
    "para",
    "de",
    "del",
    "en",
    "y",
    "o",
    "con",
    "el",
    "la",
    "los",
    "las",
];

/// Platforms a heading names for their languages (only headings: in a rule's words "Android"
/// says less).
fn platform(word: &Token) -> &'static [Lang] {
    match word.lower.as_str() {
        "android" => &[Lang::Kotlin, Lang::Java],
        // Frameworks of one language: "Python/FastAPI", a `django.mdc`.
        "fastapi" | "django" | "flask" | "pydantic" => &[Lang::Python],
        "laravel" | "symfony" => &[Lang::Php],
        "rails" => &[Lang::Ruby],
        "flutter" => &[Lang::Dart],
        "ios" | "swiftui" => &[Lang::Swift],
        _ if word.text == "Go" => &[Lang::Go],
        _ => &[],
    }
}

/// Languages a section can be about: code, styles, queries, scripts, build and CI files — not
/// docs ("## Documentation" over "document every public function" is about code), commit
/// messages or manifests.
fn sectionable(lang: Lang) -> bool {
    !matches!(lang, Lang::Docs | Lang::Commit | Lang::Manifest)
}

/// The files that configure a language's projects: its section's rules hold there too ("## TypeScript
/// — strict mode always enabled (`strict: true`)" is a tsconfig setting, "## Python — use httpx,
/// not requests" a requirement).
fn config_files(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::TypeScript => &["tsconfig*.json", "package.json"],
        Lang::JavaScript => &["jsconfig*.json", "package.json"],
        Lang::React | Lang::Vue | Lang::Svelte => &["package.json"],
        Lang::Python => &[
            "pyproject.toml",
            "setup.cfg",
            "requirements*.txt",
            "requirements/*.txt",
            "Pipfile",
        ],
        Lang::Rust => &["Cargo.toml"],
        Lang::Go => &["go.mod"],
        Lang::Java | Lang::Kotlin => &["pom.xml", "build.gradle", "settings.gradle"],
        Lang::Ruby => &["Gemfile", "*.gemspec"],
        Lang::Php => &["composer.json"],
        Lang::CSharp => &["*.csproj"],
        Lang::Dart => &["pubspec.yaml"],
        _ => &[],
    }
}

/// The languages `label` is a topic heading of: every word a language name or a topic word.
pub fn label_langs(label: &str) -> Vec<Lang> {
    // "React/TypeScript": names side by side, not a path (a path has no topic words).
    let tokens = tokenize(&label.replace('/', " "));
    let named = named(&tokens);
    let naming_words: Vec<String> = named.langs.iter().map(|(_, w)| w.to_lowercase()).collect();
    let mut langs: Vec<Lang> = Vec::new();
    let add = |l: Lang, langs: &mut Vec<Lang>| {
        if sectionable(l) && !langs.contains(&l) {
            langs.push(l);
        }
    };
    for (lang, _) in &named.langs {
        add(*lang, &mut langs);
    }
    for t in &tokens {
        match t.kind {
            // "Node.js", "C#": a language named by a token that is not a plain word.
            _ if naming_words.contains(&t.lower) => {}
            // "PHP 8.3", "Laravel 12", "Inertia v2": which version of the language.
            _ if is_version(&t.lower) => {}
            _ if t.is_code() || t.kind == Kind::Path => return Vec::new(),
            _ if !t.is_word() => {}
            _ if !platform(t).is_empty() => platform(t).iter().for_each(|l| add(*l, &mut langs)),
            _ if TOPIC_WORDS.contains(&t.lower.as_str()) => {}
            _ if t.lower.chars().all(|c| c.is_ascii_digit()) => {}
            _ => return Vec::new(),
        }
    }
    langs
}

/// `8.3`, `12`, `v2`, `3.x`: a version number.
fn is_version(word: &str) -> bool {
    let digits = word.strip_prefix('v').unwrap_or(word);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.' || c == 'x')
}

/// The globs of the innermost label (headings outermost first, then a parent bullet) that is a
/// topic heading of some language, and that label.
pub fn section_globs<'a>(labels: &[&'a str]) -> Option<(Vec<&'static str>, &'a str)> {
    labels.iter().rev().find_map(|label| {
        let langs = label_langs(label);
        if langs.is_empty() {
            return None;
        }
        // A framework's section is about its project's code too: a React project's hooks and
        // utilities are `.ts` files.
        let mut langs = langs;
        with_plain_code(&mut langs);
        // The languages' own files first, then their project files.
        let mut globs: Vec<&'static str> = Vec::new();
        let all = langs
            .iter()
            .flat_map(|l| l.globs())
            .chain(langs.iter().flat_map(|l| config_files(*l)));
        for g in all {
            if !globs.contains(g) {
                globs.push(g);
            }
        }
        Some((globs, *label))
    })
}

/// Whether a rule of `category` and these words takes its section's language.
pub fn takes_section_scope(category: Category, instruction: &str) -> bool {
    matches!(category, Category::Code | Category::Style | Category::Arch)
        && named(&tokenize(instruction)).langs.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topic_headings_name_their_languages() {
        assert_eq!(label_langs("Python Code Style"), [Lang::Python]);
        assert_eq!(label_langs("3. TypeScript conventions"), [Lang::TypeScript]);
        assert_eq!(
            label_langs("Frontend (React / TypeScript)"),
            [Lang::React, Lang::TypeScript]
        );
        assert_eq!(label_langs("Android"), [Lang::Kotlin, Lang::Java]);
        assert_eq!(
            label_langs("Android App Code Guidelines"),
            [Lang::Kotlin, Lang::Java]
        );
        assert_eq!(label_langs("iOS"), [Lang::Swift]);
        assert_eq!(label_langs("Go/Rust services"), [Lang::Rust, Lang::Go]);
        assert_eq!(label_langs("Backend (Go)"), [Lang::Go]);
        assert_eq!(label_langs("🐍 Python"), [Lang::Python]);
        assert_eq!(label_langs("Convenciones de código Python"), [Lang::Python]);
        assert_eq!(label_langs("**Kotlin:**"), [Lang::Kotlin]);
        // With the version the section is about.
        assert_eq!(label_langs("PHP 8.3"), [Lang::Php]);
        assert_eq!(label_langs("Laravel 12 Structure"), [Lang::Php]);
        assert_eq!(label_langs("React 19"), [Lang::React]);
        assert_eq!(label_langs("Python 3.x"), [Lang::Python]);
    }

    #[test]
    fn other_labels_name_none() {
        for label in [
            "Setup (Node.js 20, Python 3.12)",
            "Migrating the Python API to the new client",
            "Code Style",
            "Documentation",
            "Commit messages",
            "Let's go",
            "Go to the dashboard",
            "Python in `scripts/`",
            "Dependencies (requirements.txt)",
        ] {
            assert_eq!(label_langs(label), [], "{label}");
        }
    }

    #[test]
    fn the_innermost_language_label_wins() {
        let (globs, label) = section_globs(&["Python", "Testing", "TypeScript tests"]).unwrap();
        assert_eq!(label, "TypeScript tests");
        assert_eq!(globs, ["*.ts", "*.tsx", "tsconfig*.json", "package.json"]);
        let (globs, _) = section_globs(&["React Development Standards"]).unwrap();
        assert_eq!(
            globs,
            [
                "*.tsx",
                "*.jsx",
                "*.ts",
                "*.js",
                "*.mjs",
                "*.cjs",
                "package.json",
                "tsconfig*.json",
                "jsconfig*.json"
            ]
        );
        let (globs, _) = section_globs(&["Python Code Style", "Errors"]).unwrap();
        assert_eq!(globs[0], "*.py");
        assert!(globs.contains(&"pyproject.toml"), "{globs:?}");
        assert_eq!(section_globs(&["Guidelines", "Commits"]), None);
    }

    #[test]
    fn code_rules_take_the_section_and_tool_rules_do_not() {
        assert!(takes_section_scope(Category::Code, "Never use bare `except:`"));
        assert!(takes_section_scope(
            Category::Style,
            "Use snake_case for functions"
        ));
        assert!(!takes_section_scope(Category::Tool, "Use uv, never pip"));
        assert!(!takes_section_scope(
            Category::Process,
            "Run the tests before committing"
        ));
        // Its own words name where it applies.
        assert!(!takes_section_scope(
            Category::Code,
            "Shell scripts start with `set -e`"
        ));
    }
}
