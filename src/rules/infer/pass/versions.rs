//! Versions pass: "Use Go 1.24 or higher", "PHP 8.4 only", "Python 3.11+", "Node 20 como
//! mínimo", "Swift 6.2 or later": a floor on a language's version, checked where projects
//! declare the version they target — `go.mod`, `composer.json`, `pyproject.toml`, `package.json`
//! engines, `.nvmrc`, `.python-version`, `pom.xml`, Xcode projects, `Package.swift`, Dockerfile
//! base images, CI `*-version:` keys. A declared version below the floor is the violation (its
//! constraint operator included: `^8.3`). Only with a floor word ("or higher", "at least", "+",
//! "only", "como mínimo") or a verb that makes the project use it ("debe usar Python 3.12"):
//! "Python 3.12" alone states a fact, which the project may have moved on from. Also Rust's
//! editions, "stable Rust" (no pinned nightly, no `#![feature]`) and PHPStan's levels.

use std::sync::LazyLock;

use regex::Regex;

use super::super::files::{FileScope, Lang};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A language, written as rules write it (case matters for the ones that are also words: "go",
/// "node").
const LANGUAGE: &str = r"(?P<lang>\b(?:Go|Golang|golang|(?i:php|python|java|ruby)|Node(?:\.?js|JS)?|node\.?js|iOS|iPadOS|Swift|(?i:macos)|Angular|React|Next(?:\.?js|JS)|Vue(?:\.?js)?|Nuxt(?:\.?js)?|SvelteKit|Svelte|Laravel|Django|Symfony|Rails|TypeScript|Tailwind(?:[ \t]+CSS)?)\b|\.NET(?:[ \t]+Core)?\b|\bC\#)";

/// Frameworks and tools a project declares as a package: the manifests and the key that holds
/// the version (`"@angular/core": "^19.2.0"`, `laravel/framework`, `django>=4.2`). A range
/// with more than one version (`^18 || ^19`) is what a library supports, not its floor: only a
/// single constraint is read.
fn package_declarations(lang: &str) -> Vec<(&'static [&'static str], String, &'static str)> {
    // A JSON manifest's `"name": "constraint"`, the name as a pattern (Angular's packages share
    // the framework's version).
    let json = |files: &'static [&'static str], name: &str| {
        (files, format!(r#""{name}"[ \t]*:[ \t]*"[ \t]*"#), r#"[ \t]*""#)
    };
    let npm = |name: &str| json(&["**/package.json"], name);
    let composer = |name: &str| json(&["**/composer.json"], name);
    match lang {
        "angular" => vec![npm(
            "@angular/(?:core|common|compiler|compiler-cli|router|forms|animations|platform-browser|platform-browser-dynamic|platform-server|cli|cdk|material)",
        )],
        "react" => vec![npm("react")],
        "next" => vec![npm("next")],
        "vue" => vec![npm("vue")],
        "nuxt" => vec![npm("nuxt")],
        "svelte" => vec![npm("svelte")],
        "sveltekit" => vec![npm("@sveltejs/kit")],
        "typescript" => vec![npm("typescript")],
        "tailwind" => vec![npm("tailwindcss")],
        "laravel" => vec![composer("laravel/framework")],
        "symfony" => vec![composer("symfony/framework-bundle")],
        "django" => vec![
            (
                &["**/requirements*.txt", "**/requirements/*.txt"][..],
                r"(?im)^django[ \t]*".to_string(),
                r"[ \t]*(?:#.*)?$",
            ),
            (
                &["**/pyproject.toml"][..],
                r#"(?i)["']django[ \t]*"#.to_string(),
                r#"[ \t]*["',;]"#,
            ),
        ],
        "rails" => vec![(
            &["**/Gemfile"][..],
            r#"(?m)^[ \t]*gem[ \t]+["']rails["'][ \t]*,[ \t]*["'][ \t]*"#.to_string(),
            r#"(?:\.\d+)*["']"#,
        )],
        _ => Vec::new(),
    }
}

/// A language, then an optional "version" (a label: "Go version: 1.22+"), then the version.
static LANGUAGE_VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"{LANGUAGE}(?:[ \t]+(?i:language|version|versión|lang))?[ \t]*:?[ \t]*(?:(?i:v|version|versión)[ \t]*)?(?P<version>\d+(?:\.\d+)?)(?P<plus>\+)?"
    ))
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// A version after a floor phrase, where the language was named elsewhere in the rule ("Go …
/// Use at least 1.24").
static FLOOR_VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:at least|minimum(?: of)?|min\.?|al menos|como mínimo|mínimo|>=|≥)[ \t]*(?:v|version[ \t]*)?(?P<version>\d+\.\d+)\b")
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

/// "stable Rust", "Rust stable", "toolchain stable".
static STABLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:stable[ \t]+(?:rust|toolchain|channel)|rust[ \t]+(?:stable|\(stable\))|(?:toolchain|channel)[ \t]+stable)\b")
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

/// "PHPStan Level 8", "phpstan at level max".
static PHPSTAN_LEVEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bphpstan\b[^.;\n]{0,24}?\b(?:level|nivel)[ \t:]*(?P<level>\d+|max)\b")
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

/// Words right after a version that make it a floor ("3.11 or higher", "8.4 only"); a long-term
/// support release is the one a project settles on ("Java 17 (LTS)", "Node 20 LTS").
const FLOOR_AFTER: &[&str] = &[
    "(lts)",
    "lts",
    "or higher",
    "or later",
    "or newer",
    "or above",
    "and above",
    "and up",
    "at minimum",
    "minimum",
    "only",
    "o superior",
    "o posterior",
    "o mayor",
    "como mínimo",
    "mínimo",
    "solo",
    "sólo",
    "únicamente",
];

/// Words right before the language that make its version a floor ("at least Python 3.11"): a
/// build target too ("must target .NET 9") — a project targeting less breaks it; the latest
/// ("Use the latest C# 13 features"); a version the project must use ("El proyecto debe usar
/// Python 3.12", "Use Python 3.11 and type hints") — a declared older one breaks it, a newer one
/// may be what the rule's writer did not foresee, and is left alone.
const FLOOR_BEFORE: &[&str] = &[
    "at least",
    "minimum",
    "al menos",
    "como mínimo",
    "mínimo",
    "target",
    "targets",
    "targeting",
    "latest",
    "use",
    "must use",
    "should use",
    "usa",
    "usar",
    "debe usar",
    "deben usar",
    "utiliza",
    "utilizar",
];

/// Prepositions right before a language's version that make it a circumstance ("on Python
/// 3.11+", "en PHP 8.3+"), not a floor.
const CIRCUMSTANCE_BEFORE: &[&str] = &["on", "under", "in", "en", "bajo"];

/// Words that make a version something else than the project's floor: a hedge ("3.12 syntax
/// where possible") or what the project supports ("supports 3.9+" asks for a floor no higher).
const NOT_A_FLOOR: &[&str] = &[
    "possible",
    "preferably",
    "prefer",
    "support",
    "supports",
    "supported",
    "compatible",
    "compatibility",
    "posible",
    "soporta",
    "soportar",
    "compatibilidad",
];

/// Where a language's targeted version is declared: (files, pattern before the version). The
/// version's own pattern follows, inside `hit`, with what precedes it in a constraint (`^`,
/// `>=`, `~`).
fn declarations(lang: &str) -> Vec<(&'static [&'static str], &'static str)> {
    let (dockerfiles, ci) = (Lang::Docker.globs(), Lang::Ci.globs());
    match lang {
        "go" => vec![
            (&["**/go.mod"], r"^go[ \t]+"),
            (dockerfiles, r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?golang:"),
            (ci, r#"\bgo-version:[ \t]*["']?"#),
        ],
        "php" => vec![
            (&["**/composer.json"], r#""php"[ \t]*:[ \t]*"[ \t]*"#),
            (dockerfiles, r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?php:"),
            (ci, r#"\bphp-version:[ \t]*["']?"#),
        ],
        "python" => vec![
            (
                &["**/pyproject.toml", "**/setup.cfg", "**/setup.py"],
                r#"\b(?:requires-python|python_requires)[ \t]*=[ \t]*["']?[ \t]*"#,
            ),
            (&["**/.python-version"], r"^"),
            (dockerfiles, r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?python:"),
            (ci, r#"\bpython-version:[ \t]*["']?"#),
        ],
        "node" => vec![
            (&["**/package.json"], r#""node"[ \t]*:[ \t]*"[ \t]*"#),
            (&["**/.nvmrc", "**/.node-version"], r"^v?"),
            (dockerfiles, r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?node:"),
            (ci, r#"\bnode-version:[ \t]*["']?"#),
        ],
        "java" => vec![
            (
                &["**/pom.xml"],
                r"<(?:java\.version|maven\.compiler\.(?:source|target|release))>[ \t]*",
            ),
            (
                &["**/build.gradle", "**/build.gradle.kts"],
                r"JavaLanguageVersion\.of\([ \t]*",
            ),
            (ci, r#"\bjava-version:[ \t]*["']?"#),
        ],
        "dotnet" => vec![
            (
                &[
                    "**/*.csproj",
                    "**/*.fsproj",
                    "**/*.vbproj",
                    "**/Directory.Build.props",
                ],
                r"<TargetFrameworks?>(?:[^<;]*;)*[ \t]*",
            ),
            (&["**/global.json"], r#""version"[ \t]*:[ \t]*"[ \t]*"#),
            (
                dockerfiles,
                r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?mcr\.microsoft\.com/dotnet/(?:sdk|aspnet|runtime(?:-deps)?):",
            ),
            (ci, r#"\bdotnet-version:[ \t]*["']?"#),
        ],
        "csharp" => vec![(
            &["**/*.csproj", "**/Directory.Build.props"],
            r"<LangVersion>[ \t]*",
        )],
        "ios" => vec![
            (&["**/project.yml", "**/project.yaml"], r#"\biOS:[ \t]*["']?"#),
            (&["**/Package.swift"], r#"\.iOS\([ \t]*(?:\.v|")"#),
            (&["**/Podfile"], r#"^[ \t]*platform[ \t]+:ios,[ \t]*["']"#),
            (
                &["**/*.pbxproj", "**/*.xcconfig"],
                r"\bIPHONEOS_DEPLOYMENT_TARGET[ \t]*=[ \t]*",
            ),
        ],
        "macos" => vec![
            (&["**/project.yml", "**/project.yaml"], r#"\bmacOS:[ \t]*["']?"#),
            (&["**/Package.swift"], r#"\.macOS\([ \t]*(?:\.v|")"#),
            (&["**/Podfile"], r#"^[ \t]*platform[ \t]+:osx,[ \t]*["']"#),
            (
                &["**/*.pbxproj", "**/*.xcconfig"],
                r"\bMACOSX_DEPLOYMENT_TARGET[ \t]*=[ \t]*",
            ),
        ],
        // The language mode a target compiles in, and the compiler a package asks for.
        "swift" => vec![
            (
                &["**/*.pbxproj", "**/*.xcconfig"],
                r#"\bSWIFT_VERSION[ \t]*=[ \t]*"?"#,
            ),
            (&["**/.swiftformat"], r"--swiftversion[ \t]+"),
            (
                &["**/project.yml", "**/project.yaml"],
                r#"\bSWIFT_VERSION:[ \t]*["']?"#,
            ),
            (
                &["**/Package.swift"],
                r"\A//[ \t]*swift-tools-version[ \t]*:[ \t]*",
            ),
        ],
        "ruby" => vec![
            (&["**/.ruby-version"], r"^(?:ruby-)?"),
            (&["**/Gemfile"], r#"^[ \t]*ruby[ \t]+["']"#),
            (dockerfiles, r"^[ \t]*FROM[ \t]+(?:--platform=\S+[ \t]+)?ruby:"),
            (ci, r#"\bruby-version:[ \t]*["']?"#),
        ],
        _ => Vec::new(),
    }
}

pub fn run(ctx: &Context, out: &mut Found) {
    let text = &ctx.rule.instruction;
    if ctx.says(NEGATIONS) || ctx.says(NOT_A_FLOOR) {
        return;
    }
    rust_edition(ctx, out, text);
    stable_rust(ctx, out, text);
    phpstan_level(ctx, out, text);
    let named: Vec<regex::Captures> = LANGUAGE_VERSION.captures_iter(text).collect();
    let floor = |c: &regex::Captures| (language(&c["lang"]), c["version"].to_string(), c[0].to_string());
    let floors: Vec<(String, String, String)> = match named.as_slice() {
        [one] if is_floor(text, one) => vec![floor(one)],
        // "Use the latest Go. Use at least 1.24 or higher": one language, the floor elsewhere —
        // in a sentence that names nothing else ("Use Django at least 5.0 with Python" is
        // Django's floor; "at least 2.0 of the CLI", the CLI's).
        [] => match (mentioned_language(text), FLOOR_VERSION.captures(text)) {
            (Some(lang), Some(f)) if names_nothing_else(text, &f) => {
                vec![(lang, f["version"].to_string(), f[0].to_string())]
            }
            _ => return,
        },
        // "Must target .NET 9 and use C# 13": a target names the versions the project builds
        // for, each of them; otherwise each version with its own floor words. A language named
        // again is no second floor ("Target macOS 15.0 or later. Note that macOS 26 exists").
        several => {
            let targeted = several.iter().any(|c| targets(text, c));
            let mut floors: Vec<(String, String, String)> = Vec::new();
            for c in several.iter().filter(|c| targeted || is_floor(text, c)) {
                let found = floor(c);
                if !floors.iter().any(|(lang, ..)| *lang == found.0) {
                    floors.push(found);
                }
            }
            floors
        }
    };
    for (lang, version, said) in floors {
        check_floor(ctx, out, &lang, &version, &said);
    }
}

/// Rust's editions, oldest first.
const RUST_EDITIONS: &[&str] = &["2015", "2018", "2021", "2024"];

/// "Use Rust 2024 edition", "edition 2021 of Rust": crates declaring an older edition in their
/// `Cargo.toml` break it (a newer one does not; `edition.workspace = true` defers to the
/// workspace's, checked where it is written).
fn rust_edition(ctx: &Context, out: &mut Found, text: &str) {
    static EDITION: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:rust[ \t]+(?P<a>20\d\d)[ \t]+edition|edition[ \t]+(?P<b>20\d\d)|(?P<c>20\d\d)[ \t]+edition)\b")
            // A constant pattern, compiled by this module's tests.
            .expect("a valid pattern")
    });
    if !ctx.named.has(Lang::Rust) && !text.to_lowercase().contains("rust") {
        return;
    }
    let Some(caps) = EDITION.captures(text) else {
        return;
    };
    let Some(edition) = ["a", "b", "c"].iter().find_map(|n| caps.name(n)) else {
        return;
    };
    let Some(at) = RUST_EDITIONS.iter().position(|e| *e == edition.as_str()) else {
        return;
    };
    if at == 0 {
        return;
    }
    out.floor("Rust edition", edition.as_str(), &caps[0]);
    let older = RUST_EDITIONS[..at].join("|");
    let scope = FileScope::of_globs(&["**/Cargo.toml"], "Cargo.toml".into());
    let explanation = format!(
        "Rust edition {} (\"{}\"): an older `edition` in a crate's Cargo.toml; scope {}",
        edition.as_str(),
        &caps[0],
        scope.why
    );
    let pattern = format!(r#"(?m)^[ \t]*edition[ \t]*=[ \t]*"(?P<hit>{older})""#);
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// "Use latest stable Rust", "Rust stable only": a toolchain pinned to a nightly breaks it —
/// `channel` in `rust-toolchain.toml`, the legacy `rust-toolchain` file — and so does a crate
/// root's `#![feature(…)]`, which only a nightly compiles. CI may run a nightly job of its own
/// (miri, fmt options): left alone.
fn stable_rust(ctx: &Context, out: &mut Found, text: &str) {
    // "Use the stable channel" of Flutter is no Rust toolchain.
    let lower = text.to_lowercase();
    if !ctx.named.has(Lang::Rust) && !["rust", "cargo"].iter().any(|w| lower.contains(w)) {
        return;
    }
    let Some(said) = STABLE.find(text) else {
        return;
    };
    let toolchain = FileScope::of_globs(
        &["**/rust-toolchain.toml", "**/rust-toolchain"],
        "rust-toolchain.toml, rust-toolchain".into(),
    );
    let explanation = format!(
        "stable Rust (\"{}\"): a nightly toolchain pinned in {}",
        said.as_str(),
        toolchain.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            r#"(?m)(?:^[ \t]*channel[ \t]*=[ \t]*"|\A[ \t]*)(?P<hit>nightly[\w.-]*)"#.into(),
            toolchain,
            None,
            explanation,
            Within::Any,
        ),
    );
    let sources = FileScope::of_globs(&["**/*.rs"], "Rust sources".into());
    let explanation = format!(
        "stable Rust (\"{}\"): a `#![feature(…)]` only a nightly compiles",
        said.as_str()
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            r"(?m)^[ \t]*(?P<hit>#!\[feature\()".into(),
            sources,
            None,
            explanation,
            Within::Code,
        ),
    );
}

/// PHPStan's levels, a floor by nature ("PHPStan Level 8", "phpstan at level max"): a lower
/// `level:` in its configuration, or a lower `--level` where it runs, breaks it.
fn phpstan_level(ctx: &Context, out: &mut Found, text: &str) {
    let Some(caps) = PHPSTAN_LEVEL.captures(text) else {
        return;
    };
    let below = match caps["level"].to_lowercase().as_str() {
        "max" => r"\d+".to_string(),
        "0" => return,
        level => match level.parse::<u32>() {
            Ok(n) if n <= 20 => numbers(0..n),
            _ => return,
        },
    };
    out.floor("PHPStan level", &caps["level"].to_lowercase(), &caps[0]);
    let config = FileScope::of_globs(
        &["**/phpstan.neon", "**/phpstan.neon.dist", "**/phpstan.dist.neon"],
        "phpstan.neon, phpstan.neon.dist, phpstan.dist.neon".into(),
    );
    let explanation = format!(
        "PHPStan level {} (\"{}\"): a lower level in {}",
        &caps["level"], &caps[0], config.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            format!(r"(?m)^[ \t]*level[ \t]*:[ \t]*(?P<hit>(?:{below}))[ \t]*(?:#.*)?$"),
            config,
            None,
            explanation,
            Within::Any,
        ),
    );
    let (ci, mut runs) = (Lang::Ci.globs(), vec!["**/composer.json", "**/Makefile"]);
    runs.extend_from_slice(ci);
    let scope = FileScope::of_globs(&runs, runs.join(", "));
    let explanation = format!(
        "PHPStan level {} (\"{}\"): a lower `--level` where it runs ({})",
        &caps["level"], &caps[0], scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            format!(r"\bphpstan(?:\.phar)?[ \t]+analy[sz]e\b[^\n]*?[ \t](?:--level[= \t]*|-l[ \t]*)(?P<hit>(?:{below}))\b"),
            scope,
            None,
            explanation,
            Within::Any,
        ),
    );
}

/// The checks of one floor: a declared version below it, wherever the language is declared.
fn check_floor(ctx: &Context, out: &mut Found, lang: &str, version: &str, said: &str) {
    let below = if lang == "java" {
        java_versions_below(version)
    } else {
        versions_below(version)
    };
    let Some(below) = below else {
        return;
    };
    out.floor(display_name(lang), version, said);
    for (files, before) in declarations(lang) {
        let scope = FileScope::of_globs(files, files.join(", "));
        let explanation = format!(
            "{lang} {version} at least (\"{said}\"): a version below it where the project declares the one it targets ({})",
            files.join(", ")
        );
        // A target framework is named with its version: `net8.0`, `netcoreapp3.1`.
        let named_with = if before.starts_with("<TargetFramework") {
            "net(?:coreapp)?"
        } else {
            ""
        };
        let pattern = format!(r#"{before}(?P<hit>[<>=~^ \t]*{named_with}{below})"#);
        out.check(
            At::Places,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
        );
    }
    for (files, before, after) in package_declarations(lang) {
        let scope = FileScope::of_globs(files, files.join(", "));
        let explanation = format!(
            "{} {version} at least (\"{said}\"): a single version constraint below it where the project declares the package ({})",
            display_name(lang),
            files.join(", ")
        );
        let pattern = format!(r"{before}(?P<hit>[<>=~^! \t]*{below}(?:\.[x*])*){after}");
        out.check(
            At::Places,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
        );
    }
}

/// Whether a language's version follows a build-target verb ("must target .NET 9").
fn targets(text: &str, named: &regex::Captures) -> bool {
    let Some(whole) = named.get(0) else {
        return false;
    };
    // "Target: .NET 8, C# 12": the word as a label.
    let before = text[..whole.start()]
        .trim_end()
        .trim_end_matches(':')
        .to_lowercase();
    ["target", "targets", "targeting"].iter().any(|w| {
        before
            .strip_suffix(w)
            .is_some_and(|r| !r.chars().next_back().is_some_and(char::is_alphanumeric))
    })
}

/// Our name of a language as a rule writes it.
fn language(said: &str) -> String {
    let lower = said.to_lowercase();
    if lower.starts_with("next") {
        "next".into()
    } else if lower.starts_with("vue") {
        "vue".into()
    } else if lower.starts_with("nuxt") {
        "nuxt".into()
    } else if lower.starts_with("tailwind") {
        "tailwind".into()
    } else if lower == "golang" || lower == "go" {
        "go".into()
    } else if lower.starts_with(".net") {
        "dotnet".into()
    } else if lower == "c#" {
        "csharp".into()
    } else if lower == "ipados" {
        "ios".into()
    } else if lower.starts_with("node") {
        "node".into()
    } else {
        lower
    }
}

/// A language key as people write it, for messages: "python" → "Python", "dotnet" → ".NET".
fn display_name(lang: &str) -> &str {
    match lang {
        "python" => "Python",
        "go" => "Go",
        "node" => "Node.js",
        "dotnet" => ".NET",
        "csharp" => "C#",
        "ios" => "iOS",
        "macos" => "macOS",
        "php" => "PHP",
        "java" => "Java",
        "ruby" => "Ruby",
        "swift" => "Swift",
        "angular" => "Angular",
        "react" => "React",
        "next" => "Next.js",
        "vue" => "Vue",
        "nuxt" => "Nuxt",
        "svelte" => "Svelte",
        "sveltekit" => "SvelteKit",
        "typescript" => "TypeScript",
        "tailwind" => "Tailwind CSS",
        "laravel" => "Laravel",
        "symfony" => "Symfony",
        "django" => "Django",
        "rails" => "Rails",
        other => other,
    }
}

/// The one language the rule names without a version next to it ("the Go language").
fn mentioned_language(text: &str) -> Option<String> {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(LANGUAGE)
            // A constant pattern, compiled by this module's tests.
            .expect("a valid pattern")
    });
    let mut found: Vec<String> = NAMED.find_iter(text).map(|m| language(m.as_str())).collect();
    found.dedup();
    match found.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether the version a rule names next to its language is a floor: a `+`, or a floor word
/// right after it ("3.11 or higher") or right before the language ("at least Python 3.11") —
/// not anywhere in the rule ("Python 3.12, Django 5.0 or later" is Django's floor).
fn is_floor(text: &str, named: &regex::Captures) -> bool {
    let Some(whole) = named.get(0) else {
        return false;
    };
    let after = text[whole.end()..].trim_start().to_lowercase();
    // "debe usar **Python 3.12**": emphasis is no word.
    let before = text[..whole.start()]
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_'))
        .to_lowercase();
    let ends_word = |rest: &str| !rest.chars().next().is_some_and(char::is_alphanumeric);
    let starts_word = |rest: &str| !rest.chars().next_back().is_some_and(char::is_alphanumeric);
    // "coverage.py misreports the arc on Python 3.11+", "In Python 3.11+, use `tomllib`":
    // where something happens, not the version the project targets.
    if CIRCUMSTANCE_BEFORE
        .iter()
        .any(|w| before.strip_suffix(w).is_some_and(starts_word))
    {
        return false;
    }
    named.name("plus").is_some()
        || FLOOR_AFTER
            .iter()
            .any(|w| after.strip_prefix(w).is_some_and(ends_word))
        || FLOOR_BEFORE
            .iter()
            .any(|w| before.strip_suffix(w).is_some_and(starts_word))
}

/// Whether the sentence of a floor phrase names nothing but the version: no capitalized word
/// after its first, and nothing "of" something after the version.
fn names_nothing_else(text: &str, floor: &regex::Captures) -> bool {
    let Some(at) = floor.get(0) else {
        return false;
    };
    let ends = ['.', ';', '!', '?', '\n'];
    // A version's own dot is no sentence end: look for one followed by a blank or the end.
    let start = text[..at.start()]
        .match_indices(ends)
        .rfind(|(i, _)| text[i + 1..].starts_with(char::is_whitespace))
        .map_or(0, |(i, _)| i + 1);
    let end = text[at.end()..]
        .match_indices(ends)
        .find(|(i, _)| {
            let rest = &text[at.end() + i + 1..];
            rest.is_empty() || rest.starts_with(char::is_whitespace)
        })
        .map_or(text.len(), |(i, _)| at.end() + i);
    // The sentence's first word (after a bullet's dash) is capitalized as any first word.
    let capitalized = text[start..end]
        .split_whitespace()
        .skip_while(|w| !w.chars().next().is_some_and(char::is_alphabetic))
        .skip(1)
        .any(|w| w.chars().next().is_some_and(char::is_uppercase));
    let of_something = text[at.end()..end]
        .split_whitespace()
        .next()
        .is_some_and(|w| matches!(w.to_lowercase().as_str(), "of" | "de" | "for" | "para"));
    !capitalized && !of_something
}

/// [`versions_below`] for Java, whose versions up to 8 were also written `1.N` (`1.8` is Java 8).
fn java_versions_below(floor: &str) -> Option<String> {
    let major: u32 = floor.split('.').next()?.parse().ok()?;
    if !(2..=100).contains(&major) {
        return None;
    }
    let mut alternatives = vec![format!(r"1\.(?:{})(?:\.\d+)*", numbers(0..major.min(9)))];
    if major > 2 {
        alternatives.push(format!(r"(?:{})(?:\.\d+)*", numbers(2..major)));
    }
    Some(format!(r"(?:{})\b", alternatives.join("|")))
}

/// The numbers of `range` as alternatives, larger first (`23` before `2`, though the boundary
/// after them would sort it out).
fn numbers(range: std::ops::Range<u32>) -> String {
    range.rev().map(|k| k.to_string()).collect::<Vec<_>>().join("|")
}

/// A pattern of the versions below `floor` ("1.24" → `0.x`, `1.0` … `1.23`, with any patch
/// part), ending at a word boundary so that `1.2` never matches the start of `1.24`.
fn versions_below(floor: &str) -> Option<String> {
    let (major, minor) = match floor.split_once('.') {
        Some((a, b)) => (a.parse::<u32>().ok()?, Some(b.parse::<u32>().ok()?)),
        None => (floor.parse::<u32>().ok()?, None),
    };
    let mut alternatives = Vec::new();
    if (1..=100).contains(&major) {
        alternatives.push(format!(r"(?:{})(?:\.\d+)*", numbers(0..major)));
    }
    if let Some(minor) = minor.filter(|m| (1..=100).contains(m)) {
        alternatives.push(format!(r"{major}\.(?:{})(?:\.\d+)*", numbers(0..minor)));
    }
    (!alternatives.is_empty()).then(|| format!(r"(?:{})\b", alternatives.join("|")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::infer::tests::texts;

    #[test]
    fn the_patterns_compile() {
        LazyLock::force(&LANGUAGE_VERSION);
        LazyLock::force(&FLOOR_VERSION);
        LazyLock::force(&STABLE);
        LazyLock::force(&PHPSTAN_LEVEL);
        assert_eq!(mentioned_language("Use the latest Go."), Some("go".into()));
    }

    #[test]
    fn versions_below_a_floor() {
        let re = Regex::new(&versions_below("1.24").unwrap()).unwrap();
        for below in ["1.23", "1.2", "1.9.3", "0.9"] {
            assert!(re.find(below).is_some_and(|m| m.as_str() == below), "{below}");
        }
        for not in ["1.24", "1.24.1", "1.30", "2.0"] {
            assert!(re.find(not).is_none_or(|m| m.as_str() != not), "{not}");
        }
        let node = Regex::new(&format!("^{}", versions_below("20").unwrap())).unwrap();
        assert!(node.is_match("18.17.0") && node.is_match("9"));
        assert!(!node.is_match("20.1") && !node.is_match("22"));
    }

    #[test]
    fn build_targets_of_dotnet_csharp_and_ios() {
        let i = "All code must target .NET 9 and use C# 13 features and syntax.";
        let csproj = "<Project>\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    <LangVersion>12</LangVersion>\n  </PropertyGroup>\n</Project>\n";
        assert_eq!(texts(i, "tests/A.Tests/A.Tests.csproj", csproj), ["net8.0", "12"]);
        let labelled = "Target: .NET 8 (`net8.0`), C# 12, nullable enabled.";
        assert_eq!(
            texts(
                labelled,
                "src/A/A.csproj",
                "<TargetFramework>net6.0</TargetFramework>\n<LangVersion>10.0</LangVersion>\n"
            ),
            ["net6.0", "10.0"]
        );
        let current = "<TargetFramework>net9.0</TargetFramework>\n<LangVersion>13</LangVersion>\n";
        assert!(texts(i, "src/A/A.csproj", current).is_empty());
        assert!(texts(i, "src/A/Program.cs", "// targets .NET 8\n").is_empty());
        // A fact, no target or floor word: nothing.
        assert!(texts("The API runs on .NET 9 and C# 13.", "src/A/A.csproj", csproj).is_empty());
        let ios = "Target **iOS 26.0+**.";
        let project = "options:\n  deploymentTarget:\n    iOS: \"18.0\"\n";
        assert_eq!(texts(ios, "project.yml", project), ["18.0"]);
        assert_eq!(
            texts(
                ios,
                "Packages/Kit/Package.swift",
                "platforms: [.iOS(.v17), .macOS(.v14)],\n"
            ),
            ["17"]
        );
        assert!(texts(ios, "Packages/Kit/Package.swift", "platforms: [.iOS(.v26)],\n").is_empty());
        assert_eq!(
            texts(
                ios,
                "App.xcodeproj/project.pbxproj",
                "IPHONEOS_DEPLOYMENT_TARGET = 15.0;\n"
            ),
            ["15.0"]
        );
    }

    #[test]
    fn a_floor_on_a_language_version_checks_where_it_is_declared() {
        let go_mod = "module example.com/x\n\ngo 1.23\n\nrequire golang.org/x/net v0.20.0\n";
        assert_eq!(texts("Use Go 1.24 or higher.", "go.mod", go_mod), ["1.23"]);
        assert_eq!(
            texts(
                "Use the latest version of the Go language. Use at least 1.24 or higher.",
                "go.mod",
                go_mod
            ),
            ["1.23"]
        );
        assert!(texts("Use Go 1.24 or higher.", "go.mod", "go 1.24.2\n").is_empty());
        let composer =
            "{\n  \"require\": {\n    \"php\": \"^8.3\",\n    \"laravel/framework\": \"^11.0\"\n  }\n}\n";
        assert_eq!(texts("PHP 8.4 only", "composer.json", composer), ["^8.3"]);
        assert!(
            texts(
                "PHP 8.4 only",
                "composer.json",
                "{\"require\": {\"php\": \">=8.4\"}}\n"
            )
            .is_empty()
        );
        let pyproject = "[project]\nrequires-python = \">=3.9\"\n";
        assert_eq!(
            texts("Python 3.11+ everywhere.", "pyproject.toml", pyproject),
            [">=3.9"]
        );
        assert_eq!(
            texts(
                "Python 3.11+ everywhere.",
                "Dockerfile",
                "FROM python:3.10-slim\n"
            ),
            ["3.10"]
        );
        assert_eq!(texts("Node 20 como mínimo.", ".nvmrc", "v18.17.0\n"), ["18.17.0"]);
        assert_eq!(
            texts(
                "Node 20 como mínimo.",
                ".github/workflows/ci.yml",
                "      - uses: actions/setup-node@v4\n        with:\n          node-version: 18\n"
            ),
            ["18"]
        );
        // The floor of something else, a hedge, what the project supports: nothing.
        for other in [
            "Use Django at least 5.0 with Python.",
            "Python 3.12, Django 5.0 or later.",
            "Go to the docs. Use at least 2.0 of the CLI.",
            "Use Python 3.12+ syntax where possible.",
            "Support Python 3.8 and above.",
        ] {
            assert!(texts(other, "pyproject.toml", pyproject).is_empty(), "{other}");
            assert!(texts(other, "go.mod", go_mod).is_empty(), "{other}");
        }
        assert_eq!(
            texts("At least Python 3.11.", "pyproject.toml", pyproject),
            [">=3.9"]
        );
        assert_eq!(
            texts(
                "Use the latest version of the Go language.   - Use at least 1.24 or higher.",
                "go.mod",
                go_mod
            ),
            ["1.23"]
        );
        // Java 8 was `1.8`.
        let pom = "<properties><maven.compiler.source>1.8</maven.compiler.source></properties>\n";
        assert!(texts("Java 8+", "pom.xml", pom).is_empty());
        assert_eq!(texts("Java 17+", "pom.xml", pom), ["1.8"]);
        assert_eq!(
            texts("Java 17+", "pom.xml", "<java.version>11</java.version>\n"),
            ["11"]
        );
        assert!(texts("Java 17+", "pom.xml", "<java.version>21</java.version>\n").is_empty());
        // A fact, a negation, two languages: nothing.
        assert!(texts("This service runs on Python 3.12.", "pyproject.toml", pyproject).is_empty());
        assert!(
            texts(
                "Never use Python 3.8 or higher features.",
                "pyproject.toml",
                pyproject
            )
            .is_empty()
        );
        assert!(texts("Go back to the docs at least once.", "go.mod", go_mod).is_empty());
        // Prose and other files are no declarations.
        assert!(texts("Use Go 1.24 or higher.", "README.md", "We used go 1.21 before.\n").is_empty());
    }

    #[test]
    fn a_version_the_project_must_use_or_the_latest_is_a_floor() {
        let dockerfile = "FROM python:3.10-slim\nRUN pip install -r requirements.txt\n";
        assert_eq!(
            texts("El proyecto debe usar **Python 3.12**", "Dockerfile", dockerfile),
            ["3.10"]
        );
        assert!(
            texts(
                "El proyecto debe usar **Python 3.12**",
                "Dockerfile",
                "FROM python:3.13\n"
            )
            .is_empty()
        );
        assert_eq!(
            texts(
                "Use Python 3.11 and type hints for all new code.",
                "pyproject.toml",
                "[project]\nrequires-python = \">=3.9\"\n"
            ),
            [">=3.9"]
        );
        assert_eq!(
            texts(
                "Use the latest C# 13 features.",
                "src/A/A.csproj",
                "<LangVersion>12.0</LangVersion>\n"
            ),
            ["12.0"]
        );
        // A long-term support release is the one the project settles on.
        let pom =
            "<project>\n  <properties>\n    <java.version>11</java.version>\n  </properties>\n</project>\n";
        assert_eq!(texts("Microservicios: Java 17 (LTS)", "svc/pom.xml", pom), ["11"]);
        assert_eq!(texts("Runtime: Node 20 LTS", ".nvmrc", "18\n"), ["18"]);
        assert!(texts("Runtime: Node 20 LTS", ".nvmrc", "22\n").is_empty());
        // A version as a label's value, with its floor mark.
        let gomod = "module example.com/x\n\ngo 1.21\n";
        assert_eq!(texts("Go version: 1.22+", "go.mod", gomod), ["1.21"]);
        assert!(texts("Go version: 1.22+", "go.mod", "module x\n\ngo 1.23\n").is_empty());
        // A fact, a hedge, a negation: nothing.
        for other in [
            "The service runs Python 3.12.",
            "Use Python 3.12 syntax where possible.",
            "Don't use Python 3.12 yet.",
            // Where something happens (modelcontextprotocol/python-sdk's CLAUDE.md).
            "`# pragma: no branch` — coverage.py misreports the `->exit` arc for nested `async with` on Python 3.11+.",
            "In Python 3.11+, use `tomllib`.",
        ] {
            assert!(texts(other, "Dockerfile", dockerfile).is_empty(), "{other}");
        }
    }

    #[test]
    fn swift_and_macos_floors_in_xcode_projects_and_packages() {
        let i = "Target macOS 15.0 or later. Note that macOS 26 exists and available.";
        let pbxproj = "\t\t\t\tMACOSX_DEPLOYMENT_TARGET = 14.0;\n\t\t\t\tSWIFT_VERSION = 5.0;\n";
        assert_eq!(texts(i, "App.xcodeproj/project.pbxproj", pbxproj), ["14.0"]);
        // The second mention of macOS is no second floor: 15.0 itself is fine.
        assert!(
            texts(
                i,
                "App.xcodeproj/project.pbxproj",
                "MACOSX_DEPLOYMENT_TARGET = 15.0;\n"
            )
            .is_empty()
        );
        assert_eq!(
            texts(i, "Package.swift", "platforms: [.macOS(.v14), .iOS(.v16)],\n"),
            ["14"]
        );
        let swift = "Swift 6.2 or later, using modern Swift concurrency.";
        assert_eq!(texts(swift, "App.xcodeproj/project.pbxproj", pbxproj), ["5.0"]);
        assert_eq!(
            texts(
                swift,
                "Package.swift",
                "// swift-tools-version:5.9\nimport PackageDescription\n"
            ),
            ["5.9"]
        );
        assert!(texts(swift, "Package.swift", "// swift-tools-version: 6.2\n").is_empty());
        assert_eq!(
            texts(swift, ".swiftformat", "--swiftversion 5.10\n--indent 4\n"),
            ["5.10"]
        );
        // SwiftUI is no Swift version; a fact is no floor.
        assert!(texts("SwiftUI 5 views only", "App.xcodeproj/project.pbxproj", pbxproj).is_empty());
        assert!(
            texts(
                "The app is written in Swift 5.",
                "App.xcodeproj/project.pbxproj",
                pbxproj
            )
            .is_empty()
        );
    }

    #[test]
    fn a_nightly_toolchain_or_feature_gate_breaks_stable_rust() {
        let i = "Use latest stable Rust; rustup toolchain stable recommended";
        let toolchain = "[toolchain]\nchannel = \"nightly-2024-11-01\"\ncomponents = [\"rustfmt\"]\n";
        assert_eq!(texts(i, "rust-toolchain.toml", toolchain), ["nightly-2024-11-01"]);
        assert_eq!(texts(i, "rust-toolchain", "nightly\n"), ["nightly"]);
        assert!(texts(i, "rust-toolchain.toml", "[toolchain]\nchannel = \"stable\"\n").is_empty());
        assert_eq!(
            texts(
                i,
                "src/lib.rs",
                "//! Docs.\n#![feature(let_chains)]\n// #![feature(x)]\n"
            ),
            ["#![feature("]
        );
        // CI may run a nightly job; other tools' stable channels are no Rust toolchain.
        let ci = "    - uses: dtolnay/rust-toolchain@nightly\n      with:\n        toolchain: nightly\n";
        assert!(texts(i, ".github/workflows/ci.yml", ci).is_empty());
        assert!(texts("Use the Flutter stable channel.", "rust-toolchain", "nightly\n").is_empty());
    }

    #[test]
    fn a_lower_phpstan_level_breaks_the_level_asked() {
        let i = "Static Analysis: PHPStan Level 8";
        let neon = "# modified\n\nparameters:\n  level: 6\n  paths:\n    - src\n";
        assert_eq!(texts(i, "phpstan.neon.dist", neon), ["6"]);
        assert!(texts(i, "phpstan.neon", "parameters:\n  level: 8\n").is_empty());
        assert!(texts(i, "phpstan.neon", "parameters:\n  level: 9\n").is_empty());
        assert!(texts(i, "phpstan.neon", "parameters:\n  level: max\n").is_empty());
        let ci = "      - run: vendor/bin/phpstan analyse --level=5 --no-progress\n      - run: vendor/bin/phpstan analyse --level=8\n";
        assert_eq!(texts(i, ".github/workflows/qa.yml", ci), ["5"]);
        assert_eq!(
            texts(
                "Code passes PHPStan at level max.",
                "phpstan.neon",
                "parameters:\n  level: 9\n"
            ),
            ["9"]
        );
        // Prose and other files say nothing of the level.
        assert!(texts(i, "README.md", "We ran phpstan analyse --level=5 once.\n").is_empty());
        assert!(texts(i, "config/other.neon", "level: 2\n").is_empty());
        assert!(texts("Never lower the PHPStan level 8.", "phpstan.neon", neon).is_empty());
    }

    #[test]
    fn an_older_rust_edition_in_a_crate_breaks_the_edition_asked() {
        let i = "Use Rust 2024 edition";
        let cargo = "[package]\nname = \"voice\"\nedition = \"2021\"\n";
        assert_eq!(texts(i, "Cargo.toml", cargo), ["2021"]);
        assert!(texts(i, "Cargo.toml", "[package]\nedition = \"2024\"\n").is_empty());
        assert!(texts(i, "rustfmt.toml", "edition = \"2021\"\n").is_empty());
        assert!(texts(i, "crates/a/Cargo.toml", "[package]\nedition.workspace = true\n").is_empty());
        assert_eq!(
            texts(
                "Crates use the 2021 edition of Rust",
                "Cargo.toml",
                "edition = \"2018\"\n"
            ),
            ["2018"]
        );
        assert!(
            texts(
                "Never use the 2024 edition of Rust",
                "Cargo.toml",
                "edition = \"2021\"\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn framework_floors_in_package_manifests() {
        let pkg = "{\n  \"peerDependencies\": {\n    \"@angular/common\": \"^19.2.0\",\n    \"@angular/core\": \"^19.2.0\",\n    \"react\": \"^18.0.0 || ^19.0.0\"\n  },\n  \"devDependencies\": { \"typescript\": \"~5.6.2\", \"next\": \"14.2.x\" }\n}\n";
        assert_eq!(
            texts(
                "- preparados para Angular 20 o superior",
                "projects/lib/package.json",
                pkg
            ),
            ["^19.2.0", "^19.2.0"]
        );
        assert_eq!(texts("TypeScript 5.7+ only", "package.json", pkg), ["~5.6.2"]);
        assert_eq!(texts("Use Next.js 15 or later.", "package.json", pkg), ["14.2.x"]);
        // A range of several versions is what a library supports; a fact is no floor; "React
        // Router v6" is another package.
        for other in [
            "Use React 19+ features.",
            "Next.js 14 with the App Router",
            "Use React Router v6",
        ] {
            assert!(texts(other, "package.json", pkg).is_empty(), "{other}");
        }
        let composer =
            "{\n  \"require\": {\n    \"php\": \"^8.3\",\n    \"laravel/framework\": \"^10.48\"\n  }\n}\n";
        assert_eq!(texts("Laravel 11+", "composer.json", composer), ["^10.48"]);
        let req = "Django==4.2.11  # LTS\nrequests>=2.31\n";
        assert_eq!(
            texts("Use Django 5.0 or newer.", "requirements.txt", req),
            ["==4.2.11"]
        );
        let gemfile = "source \"https://rubygems.org\"\ngem \"rails\", \"~> 7.0.8\"\n";
        assert_eq!(texts("Rails 7.1+", "Gemfile", gemfile), ["~> 7.0.8"]);
    }
}
