//! Where a package is a package: per ecosystem (JS/TS, Python, Rust, Go; Swift, Dart, Ruby,
//! PHP, the JVM), the import statements of its source files and the dependency lists of its
//! manifests (`package.json`, `requirements*.txt`, `pyproject.toml`, `Cargo.toml`, `go.mod`,
//! `Package.swift`, `Podfile`, `pubspec.yaml`, `Gemfile`, `composer.json`, `pom.xml`, Gradle
//! builds), as patterns whose `hit` is the package name — never the name as a word in prose, a
//! comment or a similar identifier.
//! Also how a rule spells a package (`moment.js` → `moment`, `@scope/pkg`, `styled-components`)
//! and which well-known packages belong to which ecosystem.

use super::files::Lang;
use super::words::{
    COMPOSER_PACKAGES, CRATES, DART_PACKAGES, GEMS, GO_MODULES, JVM_ARTIFACTS, NPM_PACKAGES, PYPI_PACKAGES,
    SWIFT_MODULES,
};
use crate::rules::model::Within;

/// A package ecosystem: how its code imports and its manifests declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ecosystem {
    Js,
    Python,
    Rust,
    Go,
    Swift,
    Dart,
    Ruby,
    Php,
    Jvm,
}

/// One place a package is checked: a pattern and the files it runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    pub pattern: String,
    pub files: Vec<String>,
    /// "JS/TS imports", "package.json dependencies".
    pub what: &'static str,
    /// Source files (narrowed by the rule's folders), not a manifest.
    pub source: bool,
    /// Where the hit is: in the string that names the package (JS, Go), in code (Python,
    /// Rust), anywhere in a manifest.
    pub within: Within,
}

impl Ecosystem {
    /// Where a package no list knows is looked for when the rule names no language: the
    /// ecosystems most rules are about (the others when the rule names their language, or the
    /// package is known to be theirs).
    pub const ALL: [Ecosystem; 4] = [Ecosystem::Js, Ecosystem::Python, Ecosystem::Rust, Ecosystem::Go];

    pub fn name(self) -> &'static str {
        match self {
            Ecosystem::Js => "JS/TS",
            Ecosystem::Python => "Python",
            Ecosystem::Rust => "Rust",
            Ecosystem::Go => "Go",
            Ecosystem::Swift => "Swift",
            Ecosystem::Dart => "Dart",
            Ecosystem::Ruby => "Ruby",
            Ecosystem::Php => "PHP",
            Ecosystem::Jvm => "Java/Kotlin",
        }
    }

    /// The ecosystem a named language belongs to.
    pub fn of_lang(lang: Lang) -> Option<Ecosystem> {
        match lang {
            Lang::TypeScript | Lang::JavaScript | Lang::React | Lang::Vue | Lang::Svelte => {
                Some(Ecosystem::Js)
            }
            Lang::Python => Some(Ecosystem::Python),
            Lang::Rust => Some(Ecosystem::Rust),
            Lang::Go => Some(Ecosystem::Go),
            Lang::Swift => Some(Ecosystem::Swift),
            Lang::Dart => Some(Ecosystem::Dart),
            Lang::Ruby => Some(Ecosystem::Ruby),
            Lang::Php => Some(Ecosystem::Php),
            Lang::Java | Lang::Kotlin => Some(Ecosystem::Jvm),
            _ => None,
        }
    }

    /// Source files of the ecosystem.
    pub fn source_globs(self) -> &'static [&'static str] {
        match self {
            Ecosystem::Js => &[
                "*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.vue", "*.svelte",
            ],
            Ecosystem::Python => &["*.py"],
            Ecosystem::Rust => &["*.rs"],
            Ecosystem::Go => &["*.go"],
            Ecosystem::Swift => &["*.swift"],
            Ecosystem::Dart => &["*.dart"],
            Ecosystem::Ruby => &["*.rb"],
            Ecosystem::Php => &["*.php"],
            Ecosystem::Jvm => &["*.java", "*.kt", "*.kts"],
        }
    }

    /// Whether `name` can be a package of this ecosystem.
    pub fn accepts(self, name: &str) -> bool {
        let plain = |extra: &[char]| {
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_') || extra.contains(&c))
        };
        match self {
            Ecosystem::Js => true,
            Ecosystem::Python => plain(&['.']),
            Ecosystem::Rust | Ecosystem::Swift | Ecosystem::Dart | Ecosystem::Php => plain(&[]),
            Ecosystem::Go | Ecosystem::Ruby | Ecosystem::Jvm => plain(&['.']),
        }
    }

    /// Where `name` is checked in this ecosystem: imports, then manifests.
    pub fn sites(self, name: &str) -> Vec<Site> {
        let within = match self {
            Ecosystem::Js | Ecosystem::Go | Ecosystem::Dart | Ecosystem::Ruby => Within::Strings,
            Ecosystem::Python | Ecosystem::Rust | Ecosystem::Swift | Ecosystem::Php | Ecosystem::Jvm => {
                Within::Code
            }
        };
        let src = |pattern: String, what| Site {
            pattern,
            files: self.source_globs().iter().map(|s| s.to_string()).collect(),
            what,
            source: true,
            within,
        };
        let manifest = |pattern: String, files: &[&str], what| Site {
            pattern,
            files: files.iter().map(|s| s.to_string()).collect(),
            what,
            source: false,
            within: Within::Any,
        };
        match self {
            Ecosystem::Js => vec![
                src(js_import_pattern(name), "JS/TS imports"),
                src(cdn_pattern(name), "CDN URLs in JS/TS"),
                Site {
                    pattern: cdn_pattern(name),
                    files: ["*.html", "*.htm", "*.css", "*.scss"].map(String::from).to_vec(),
                    what: "CDN URLs in HTML and CSS",
                    source: true,
                    within: Within::Any,
                },
                manifest(
                    package_json_pattern(name),
                    &["package.json"],
                    "package.json dependencies",
                ),
            ],
            Ecosystem::Python => vec![
                src(py_import_pattern(name), "Python imports"),
                manifest(
                    requirements_pattern(name),
                    &["requirements*.txt", "requirements/*.txt"],
                    "requirements files",
                ),
                manifest(
                    pyproject_pattern(name),
                    &["pyproject.toml"],
                    "pyproject.toml dependencies",
                ),
            ],
            Ecosystem::Rust => vec![
                src(rust_use_pattern(name), "Rust `use` / `extern crate`"),
                manifest(cargo_pattern(name), &["Cargo.toml"], "Cargo.toml dependencies"),
            ],
            // The standard library's packages are imported by their own path and are never
            // required in `go.mod`.
            Ecosystem::Go => {
                let mut sites = vec![src(go_import_pattern(name), "Go imports")];
                if go_std_path(name).is_none() {
                    sites.push(manifest(go_mod_pattern(name), &["go.mod"], "go.mod require"));
                }
                sites
            }
            Ecosystem::Swift => vec![
                src(swift_import_pattern(name), "Swift imports"),
                manifest(
                    swift_package_pattern(name),
                    &["Package.swift", "Podfile"],
                    "Package.swift and Podfile dependencies",
                ),
            ],
            Ecosystem::Dart => vec![
                src(dart_import_pattern(name), "Dart imports"),
                manifest(
                    pubspec_pattern(name),
                    &["pubspec.yaml"],
                    "pubspec.yaml dependencies",
                ),
            ],
            Ecosystem::Ruby => vec![
                src(ruby_require_pattern(name), "Ruby requires"),
                manifest(
                    gem_pattern(name),
                    &["Gemfile", "*.gemspec"],
                    "Gemfile and gemspec gems",
                ),
            ],
            Ecosystem::Php => vec![
                src(php_use_pattern(name), "PHP `use` statements"),
                manifest(
                    composer_pattern(name),
                    &["composer.json"],
                    "composer.json packages",
                ),
            ],
            Ecosystem::Jvm => vec![
                src(jvm_import_pattern(name), "Java/Kotlin imports"),
                manifest(
                    jvm_artifact_pattern(name),
                    &[
                        "pom.xml",
                        "build.gradle",
                        "build.gradle.kts",
                        "libs.versions.toml",
                    ],
                    "Maven and Gradle dependencies",
                ),
            ],
        }
    }
}

impl Ecosystem {
    /// Where any of `names` is checked: the sites of [`Ecosystem::sites`], each pattern naming
    /// them as alternatives (in their order), spelled in source as the one-name patterns spell a
    /// name (`-` is `_` in Python and Rust imports, dropped in JVM ones).
    pub fn sites_of_any(self, names: &[&str]) -> Vec<Site> {
        const PLACEHOLDER: &str = "anyofplaceholder";
        // Go's standard library packages: by their own import path, and never in `go.mod`.
        let go_std = self == Ecosystem::Go && names.iter().any(|n| go_std_path(n).is_some());
        self.sites(PLACEHOLDER)
            .into_iter()
            .filter_map(|mut site| {
                if go_std && site.source {
                    site.pattern = go_imports_pattern(names);
                    return Some(site);
                }
                let mut spelled: Vec<String> = Vec::new();
                for name in names {
                    if go_std && go_std_path(name).is_some() {
                        continue;
                    }
                    let name = match self {
                        Ecosystem::Python | Ecosystem::Rust if site.source => name.replace('-', "_"),
                        Ecosystem::Jvm if site.source => name.replace('-', ""),
                        _ => name.to_string(),
                    };
                    let name = regex::escape(&name);
                    if !spelled.contains(&name) {
                        spelled.push(name);
                    }
                }
                if go_std && spelled.is_empty() {
                    return None;
                }
                site.pattern = site
                    .pattern
                    .replace(PLACEHOLDER, &format!("(?:{})", spelled.join("|")));
                Some(site)
            })
            .collect()
    }
}

/// A package name as a rule spells it, as imported: `Moment.js` → `moment`, `Axios` → `axios`,
/// `@scope/pkg` and `styled-components` as they are. `None` when it cannot be a package name.
pub fn package_name(word: &str) -> Option<String> {
    let lower = word.trim().to_lowercase();
    if let Some((_, name)) = PACKAGE_ALIASES.iter().find(|(product, _)| *product == lower) {
        return Some((*name).to_string());
    }
    let w = word
        .trim()
        .trim_end_matches(".js")
        .trim_end_matches(".JS")
        .to_lowercase();
    let ok = !w.is_empty()
        && w.len() <= 60
        && w.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '@')
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | '@'))
        && (!w.starts_with('@') || w.matches('/').count() == 1)
        && (w.starts_with('@') || !w.contains('/'));
    ok.then_some(w)
}

/// Products as rules name them, and the package they are installed as (`Tailwind` is
/// `tailwindcss`, `Day.js` is `dayjs`, `Chart.js` keeps its `.js`).
const PACKAGE_ALIASES: &[(&str, &str)] = &[
    ("tailwind", "tailwindcss"),
    ("day.js", "dayjs"),
    ("next.js", "next"),
    ("nextjs", "next"),
    ("nuxt.js", "nuxt"),
    ("vue.js", "vue"),
    ("vuejs", "vue"),
    ("express.js", "express"),
    ("expressjs", "express"),
    ("three.js", "three"),
    ("d3.js", "d3"),
    ("chart.js", "chart.js"),
    ("backbone.js", "backbone"),
    ("ember.js", "ember-source"),
    ("knockout.js", "knockout"),
    ("handlebars.js", "handlebars"),
    ("mui", "@mui/material"),
    ("materialui", "@mui/material"),
    ("angular", "@angular/core"),
    ("alpine.js", "alpinejs"),
    ("htmx", "htmx.org"),
    ("material-ui", "@mui/material"),
];

/// A word spelled only as a package is (`moment.js`, `@scope/pkg`): a package even unknown.
pub fn package_spelling(word: &str) -> bool {
    let w = word.trim();
    let js = w.len() > 3
        && (w.ends_with(".js") || w.ends_with(".JS"))
        && !w[..w.len() - 3].contains(['.', '/'])
        && w[..w.len() - 3]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'));
    let scoped = w.starts_with('@')
        && w.matches('/').count() == 1
        && !w.ends_with('/')
        && w[1..]
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.' | '/'));
    js || scoped
}

/// Whether a word names a well-known package (`Moment.js`, `lodash`, `ioutil`).
pub fn is_known_package(word: &str) -> bool {
    package_name(word).is_some_and(|n| !known(&n).is_empty())
}

/// The ecosystems a well-known package belongs to (empty when unknown).
pub fn known(name: &str) -> Vec<Ecosystem> {
    let mut out = Vec::new();
    for (list, eco) in [
        (NPM_PACKAGES, Ecosystem::Js),
        (PYPI_PACKAGES, Ecosystem::Python),
        (CRATES, Ecosystem::Rust),
        (GO_MODULES, Ecosystem::Go),
        (SWIFT_MODULES, Ecosystem::Swift),
        (DART_PACKAGES, Ecosystem::Dart),
        (GEMS, Ecosystem::Ruby),
        (COMPOSER_PACKAGES, Ecosystem::Php),
        (JVM_ARTIFACTS, Ecosystem::Jvm),
    ] {
        if list.contains(&name) {
            out.push(eco);
        }
    }
    out
}

/// Import of `name` in JS/TS (`from 'name'`, `require('name')`, `import('name')`, `import 'name'`);
/// the hit is the module string's content, a subpath included (`bootstrap/dist/css/x.css`).
pub fn js_import_pattern(name: &str) -> String {
    js_module_pattern(name.trim_end_matches('/'))
}

/// Import of `name`'s main entry point only in JS/TS (`from 'name'`, not `from 'name/sub'`).
pub fn js_entry_pattern(name: &str) -> String {
    js_specifier_pattern(&regex::escape(name.trim_end_matches('/')))
}

/// `name` loaded from a public CDN (`https://cdn.jsdelivr.net/npm/bootstrap@5/…`,
/// `unpkg.com/vue@3`, `esm.sh/react`, `cdnjs.cloudflare.com/ajax/libs/jquery/…`): a
/// dependency as much as an import is.
pub fn cdn_pattern(name: &str) -> String {
    format!(
        r"(?i)//(?:cdn\.jsdelivr\.net/npm/|unpkg\.com/|esm\.sh/|cdn\.skypack\.dev/|esm\.run/|cdnjs\.cloudflare\.com/ajax/libs/|ga\.jspm\.io/npm:)(?P<hit>{})(?:[@/?#\x22']|$)",
        regex::escape(name)
    )
}

/// A module path with a subpath or a relative one, as an import names it
/// (`@heroicons/react/24/outline`, `lodash/fp`, `../../`), not a bare package name.
pub fn module_specifier(text: &str) -> Option<String> {
    let t = text.trim();
    let ok = t.contains('/')
        && t.len() <= 120
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | '@' | '~'))
        && (t.starts_with("../")
            || t.starts_with("./")
            || t.starts_with('@')
            || t.starts_with(|c: char| c.is_ascii_lowercase()))
        && !t.contains("//")
        && !t.ends_with(".json")
        && (t.starts_with('.') || !t.ends_with('/'));
    ok.then(|| t.to_string())
}

/// An import of the module `spec` in JS/TS (`from 'x'`, `require('x')`, `import('x')`,
/// `import 'x'`), its subpaths included; a relative prefix (`../../`) matches every specifier
/// that starts with it. The hit is the specifier.
pub fn js_module_pattern(spec: &str) -> String {
    let rest = if spec.ends_with('/') {
        r#"[^"'\r\n]*"#
    } else {
        r#"(?:/[^"'\r\n]*)?"#
    };
    js_specifier_pattern(&format!("{}{rest}", regex::escape(spec)))
}

/// A JS/TS import (`from`, `require(`, `import(`, a bare `import`) of a quoted specifier that
/// `specifier` (a regex) matches whole; the hit is the specifier.
fn js_specifier_pattern(specifier: &str) -> String {
    format!(
        r#"(?:\bfrom[ \t]*|\brequire[ \t]*\([ \t]*|\bimport[ \t]*\([ \t]*|^[ \t]*import[ \t]+)["'](?P<hit>{specifier})["']"#
    )
}

/// Import of `name` in Python (`import name`, `from name import …`, `from name.sub import …`).
pub fn py_import_pattern(name: &str) -> String {
    format!(
        r"^[ \t]*(?:from|import)[ \t]+(?P<hit>{})(?:[ \t.,]|$)",
        regex::escape(&name.replace('-', "_"))
    )
}

/// `name` as a key of `dependencies`, `devDependencies`, `peerDependencies` or
/// `optionalDependencies` in `package.json` (those objects hold no nested braces).
pub fn package_json_pattern(name: &str) -> String {
    format!(
        r#""(?:dependencies|devDependencies|peerDependencies|optionalDependencies)"[ \t\r\n]*:[ \t\r\n]*\{{[^{{}}]*?"(?P<hit>{})"[ \t\r\n]*:"#,
        regex::escape(name)
    )
}

/// Python distribution names compare case-insensitively, with `-`, `_` and `.` alike.
fn pypi_name(name: &str) -> String {
    name.split(['-', '_', '.'])
        .map(regex::escape)
        .collect::<Vec<_>>()
        .join("[-_.]")
}

/// A requirement line: `name`, `name==1.2`, `name[extra]>=1`, `name ; python_version…`.
pub fn requirements_pattern(name: &str) -> String {
    format!(r"(?i)^[ \t]*(?P<hit>{})[ \t]*(?:[=<>!~;\[@]|$)", pypi_name(name))
}

/// Lines of a TOML table after its header, up to the line of a key: lines that do not open
/// another table (`[` first). A key's line may hold `[` later (`features = ["x"]`).
const TABLE_LINES: &str = r"[ \t]*\r?\n(?:(?:[ \t]*[^\[\r\n][^\r\n]*)?\r?\n)*?[ \t]*";

/// In `pyproject.toml`: a quoted requirement (`dependencies = ["name>=1"]`, optional and group
/// lists), or a key of a Poetry dependencies table (`[tool.poetry.dependencies]`, groups).
pub fn pyproject_pattern(name: &str) -> String {
    format!(
        r#"(?i)(?:["']|^\[tool\.poetry\.(?:[\w.-]*\.)?dependencies\]{TABLE_LINES}["']?)(?P<hit>{})(?:[ \t]*(?:[=<>!~;\[@][^"'\r\n]*)?["']|["']?[ \t]*=)"#,
        pypi_name(name)
    )
}

/// In `Cargo.toml`: a key of a `[dependencies]`-like table (`dev-`, `build-`, target tables) or a
/// `[dependencies.name]` table.
pub fn cargo_pattern(name: &str) -> String {
    format!(
        r#"^\[(?:[^\]\r\n]*\.)?(?:dev-|build-)?dependencies(?:\.|\]{TABLE_LINES})(?P<hit>{})(?:\][ \t]*$|[ \t]*=)"#,
        regex::escape(name)
    )
}

/// A `use name…` or `extern crate name` in Rust (`-` in a crate name is `_` in code).
pub fn rust_use_pattern(name: &str) -> String {
    format!(
        r"^[ \t]*(?:pub(?:\([^)\r\n]*\))?[ \t]+)?(?:use[ \t]+(?:::)?|extern[ \t]+crate[ \t]+)(?P<hit>{})\b",
        regex::escape(&name.replace('-', "_"))
    )
}

/// A Go import whose last path element is `name` (`"github.com/sirupsen/logrus"`, aliased or
/// in an import block), the hit being the import path.
pub fn go_import_pattern(name: &str) -> String {
    go_imports_pattern(&[name])
}

/// A Go import of any of `names`: a module by its last path element, a standard library
/// package (`log`, `ioutil`) by its own import path only.
pub fn go_imports_pattern(names: &[&str]) -> String {
    let (std, modules): (Vec<&str>, Vec<&str>) = names.iter().partition(|n| go_std_path(n).is_some());
    let mut alternatives: Vec<String> = Vec::new();
    if !modules.is_empty() {
        let spelled: Vec<String> = modules.iter().map(|n| regex::escape(n)).collect();
        let spelled = match spelled.as_slice() {
            [one] => one.clone(),
            _ => format!("(?:{})", spelled.join("|")),
        };
        alternatives.push(format!(r"(?:[\w.~-]+/)*{spelled}(?:/v[0-9]+)?"));
    }
    alternatives.extend(std.iter().filter_map(|n| go_std_path(n)).map(regex::escape));
    format!(
        r#"^[ \t]*(?:import[ \t]+)?(?:[\w.]+[ \t]+)?"(?P<hit>{})"[ \t]*(?://[^\r\n]*)?$"#,
        alternatives.join("|")
    )
}

/// Go standard library packages a rule names by their last element (`log`, `ioutil`), with
/// their import paths: `"log"` is the standard logger, `"go.opentelemetry.io/otel/log"` is not.
const GO_STD: &[(&str, &str)] = &[
    ("log", "log"),
    ("ioutil", "io/ioutil"),
    ("fmt", "fmt"),
    ("unsafe", "unsafe"),
    ("reflect", "reflect"),
    ("errors", "errors"),
];

/// The import path of the standard library package `name`, if it is one.
fn go_std_path(name: &str) -> Option<&'static str> {
    GO_STD
        .iter()
        .find(|(n, path)| *n == name || *path == name)
        .map(|(_, path)| *path)
}

/// A direct `require` of a module whose last path element is `name` in `go.mod`; the hit is the
/// module path. An `// indirect` requirement is another module's choice, not the project's.
pub fn go_mod_pattern(name: &str) -> String {
    format!(
        r"^(?:require[ \t]+|[ \t]+)(?P<hit>(?:[\w.~-]+/)*{}(?:/v[0-9]+)?)[ \t]+v[0-9][^\s]*[ \t]*(?://[ \t]*(?:[^i\s][^\r\n]*)?)?\r?$",
        regex::escape(name)
    )
}

/// A Swift `import NAME` (also `@testable`, `import struct NAME.X`); module names compare
/// case-insensitively (`UIKit` as a rule writes `uikit`).
pub fn swift_import_pattern(name: &str) -> String {
    format!(
        r"^[ \t]*(?:@testable[ \t]+|@_exported[ \t]+)?import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(?P<hit>(?i:{}))\b",
        regex::escape(name)
    )
}

/// A Swift package dependency named `name`: `.package(url: "…/name.git", …)`, `.product(name:
/// "name", …)`, or a CocoaPods `pod 'name'`; the hit is the name.
pub fn swift_package_pattern(name: &str) -> String {
    format!(
        r#"(?i)(?:\.package\([^)\r\n]*url:[ \t]*"[^"\r\n]*/|\.product\([ \t]*name:[ \t]*"|^[ \t]*pod[ \t]+["'])(?P<hit>{})(?:\.git|/[^"'\r\n]*)?["']"#,
        regex::escape(name)
    )
}

/// A Dart `import 'package:name/…'` (`export` too); the hit is the URI, as JS's is the module
/// specifier.
pub fn dart_import_pattern(name: &str) -> String {
    format!(
        r#"^[ \t]*(?:import|export)[ \t]+["'](?P<hit>package:{}/[^"'\r\n]*)["']"#,
        regex::escape(name)
    )
}

/// A dependency of `pubspec.yaml`: a key two spaces in, as `dependencies:` and
/// `dev_dependencies:` list them.
pub fn pubspec_pattern(name: &str) -> String {
    format!(r"^  (?P<hit>{}):", regex::escape(name))
}

/// A Ruby `require 'name'` (or `require "name/sub"`); the hit is the gem's name.
pub fn ruby_require_pattern(name: &str) -> String {
    format!(
        r#"^[ \t]*require[ \t(]*["'](?P<hit>{})(?:/[^"'\r\n]*)?["']"#,
        regex::escape(name)
    )
}

/// A `gem 'name'` in a Gemfile, or an `add_dependency "name"` in a gemspec.
pub fn gem_pattern(name: &str) -> String {
    format!(
        r#"^[ \t]*(?:gem|[\w.]*add_(?:runtime_|development_)?dependency)[ \t(]*["'](?P<hit>{})["']"#,
        regex::escape(name)
    )
}

/// A PHP `use` of a namespace whose first part is the package or vendor (`use
/// Doctrine\ORM\EntityManager;` for `doctrine`, `use GuzzleHttp\Client;` for `guzzle`, a name of
/// four letters or more may begin it); the hit is the name used.
pub fn php_use_pattern(name: &str) -> String {
    let n = regex::escape(name);
    let first = if name.chars().count() >= 4 {
        format!(r"(?i:{n})\w*")
    } else {
        format!(r"(?i:{n})")
    };
    format!(r"^[ \t]*use[ \t]+(?:function[ \t]+|const[ \t]+)?\\?(?P<hit>{first}(?:\\\w+)*)")
}

/// A `composer.json` package whose vendor or name is `name` (`"doctrine/orm"` for `doctrine`,
/// `"guzzlehttp/guzzle"` for `guzzle`), as a key (of `require`, `require-dev`).
pub fn composer_pattern(name: &str) -> String {
    let n = regex::escape(name);
    format!(r#""(?P<hit>{n}/[\w.-]+|[\w.-]+/{n})"[ \t]*:"#)
}

/// A Java/Kotlin import whose package path holds `name` as one of its parts (`import
/// lombok.Data`, `import com.fasterxml.jackson.databind.ObjectMapper`); the hit is the path.
pub fn jvm_import_pattern(name: &str) -> String {
    let n = regex::escape(&name.replace('-', ""));
    format!(r"^[ \t]*import[ \t]+(?:static[ \t]+)?(?P<hit>(?:[\w]+\.)*(?i:{n})\d*(?:\.[\w*]+)*)")
}

/// A Maven `<artifactId>` or Gradle coordinate (`"group:artifact:version"`, a version catalog's
/// `module = "group:artifact"`) whose artifact is `name` or begins with `name-` (`jackson` →
/// `jackson-databind`); the hit is the artifact.
pub fn jvm_artifact_pattern(name: &str) -> String {
    format!(
        r#"(?:<artifactId>[ \t]*|["'][\w.-]+:)(?P<hit>{}(?:-[\w.-]+)?)(?:[ \t]*</artifactId>|(?::[^"'\r\n]*)?["'])"#,
        regex::escape(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex::{Regex, RegexBuilder};

    fn re(p: &str) -> Regex {
        RegexBuilder::new(p).multi_line(true).crlf(true).build().unwrap()
    }

    fn hits(p: &str, text: &str) -> Vec<String> {
        re(p)
            .captures_iter(text)
            .filter_map(|c| c.name("hit").map(|m| m.as_str().to_string()))
            .collect()
    }

    #[test]
    fn swift_dart_ruby_php_and_jvm_packages() {
        let swift = "import SwiftUI\n@testable import UIKit\n// import UIKit\nlet uikitLike = 1\n";
        assert_eq!(hits(&swift_import_pattern("uikit"), swift), ["UIKit"]);
        let package = ".package(url: \"https://github.com/Alamofire/Alamofire.git\", from: \"5.0.0\"),\n.product(name: \"Alamofire\", package: \"Alamofire\"),\npod 'Alamofire', '~> 5.0'\n";
        assert_eq!(
            hits(&swift_package_pattern("alamofire"), package),
            ["Alamofire", "Alamofire", "Alamofire"]
        );
        let dart = "import 'package:firebase_auth/firebase_auth.dart';\nimport 'package:supabase_flutter/supabase_flutter.dart';\n";
        assert_eq!(
            hits(&dart_import_pattern("firebase_auth"), dart),
            ["package:firebase_auth/firebase_auth.dart"]
        );
        let pubspec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  firebase_core: ^2.0.0\n";
        assert_eq!(
            hits(&pubspec_pattern("firebase_core"), pubspec),
            ["firebase_core"]
        );
        assert!(hits(&pubspec_pattern("sdk"), pubspec).is_empty());
        let gemfile = "source 'https://rubygems.org'\ngem 'devise', '~> 4.9'\n# gem 'pry'\n";
        assert_eq!(hits(&gem_pattern("devise"), gemfile), ["devise"]);
        assert_eq!(
            hits(&ruby_require_pattern("httparty"), "require 'httparty'\n"),
            ["httparty"]
        );
        let php = "<?php\nuse Doctrine\\ORM\\EntityManagerInterface;\nuse GuzzleHttp\\Client;\nuse App\\Models\\User;\n";
        assert_eq!(
            hits(&php_use_pattern("doctrine"), php),
            ["Doctrine\\ORM\\EntityManagerInterface"]
        );
        assert_eq!(hits(&php_use_pattern("guzzle"), php), ["GuzzleHttp\\Client"]);
        let composer = "{\n  \"require\": {\n    \"php\": \"^8.2\",\n    \"doctrine/orm\": \"^3.0\",\n    \"guzzlehttp/guzzle\": \"^7.8\"\n  }\n}\n";
        assert_eq!(hits(&composer_pattern("doctrine"), composer), ["doctrine/orm"]);
        assert_eq!(hits(&composer_pattern("guzzle"), composer), ["guzzlehttp/guzzle"]);
        let pom = "<dependency>\n  <groupId>com.fasterxml.jackson.core</groupId>\n  <artifactId>jackson-databind</artifactId>\n</dependency>\n";
        assert_eq!(hits(&jvm_artifact_pattern("jackson"), pom), ["jackson-databind"]);
        let gradle = "dependencies {\n    implementation(\"org.projectlombok:lombok:1.18.30\")\n    compileOnly 'org.projectlombok:lombok'\n}\n";
        assert_eq!(
            hits(&jvm_artifact_pattern("lombok"), gradle),
            ["lombok", "lombok"]
        );
        let java = "import lombok.Data;\nimport com.fasterxml.jackson.databind.ObjectMapper;\nimport java.util.List;\n";
        assert_eq!(hits(&jvm_import_pattern("lombok"), java), ["lombok.Data"]);
        assert_eq!(
            hits(&jvm_import_pattern("jackson"), java),
            ["com.fasterxml.jackson.databind.ObjectMapper"]
        );
    }

    #[test]
    fn spellings() {
        assert_eq!(package_name("Moment.js").as_deref(), Some("moment"));
        assert_eq!(package_name("Tailwind").as_deref(), Some("tailwindcss"));
        assert_eq!(package_name("Day.js").as_deref(), Some("dayjs"));
        assert_eq!(package_name("Chart.js").as_deref(), Some("chart.js"));
        assert_eq!(package_name("Next.js").as_deref(), Some("next"));
        assert_eq!(package_name("@acme/ui").as_deref(), Some("@acme/ui"));
        assert_eq!(
            package_name("styled-components").as_deref(),
            Some("styled-components")
        );
        assert_eq!(package_name("src/api"), None);
        assert!(package_spelling("moment.js"));
        assert!(package_spelling("@acme/ui"));
        assert!(!package_spelling("next.config.js"));
        assert!(!package_spelling("package.json"));
        assert!(!package_spelling("src/a.js"));
        assert_eq!(known("unittest"), [Ecosystem::Python]);
        assert!(known("because").is_empty());
    }

    #[test]
    fn js_imports_and_package_json() {
        let js = js_import_pattern("axios");
        let t = "import axios from 'axios';\nconst a = require(\"axios/lib\");\nimport x from 'axios-retry';\n// axios is old\nconst axiosLike = 1;";
        assert_eq!(hits(&js, t), ["axios", "axios/lib"]);
        let pj = package_json_pattern("lodash");
        let t = r#"{"name": "lodash-user", "description": "no lodash", "dependencies": {"react": "18", "lodash": "^4"}, "devDependencies": {"lodash": "4"}, "scripts": {"lodash": "x"}}"#;
        assert_eq!(hits(&pj, t), ["lodash", "lodash"]);
        let scoped = package_json_pattern("@acme/ui");
        assert_eq!(
            hits(
                &scoped,
                "{\n  \"dependencies\": {\n    \"@acme/ui\": \"1\"\n  }\n}"
            ),
            ["@acme/ui"]
        );
    }

    #[test]
    fn python_imports_and_manifests() {
        let py = py_import_pattern("requests");
        assert_eq!(
            hits(
                &py,
                "import requests\nfrom requests.adapters import X\nimport requests_mock\n"
            )
            .len(),
            2
        );
        let req = requirements_pattern("python-dateutil");
        assert_eq!(
            hits(
                &req,
                "Python_Dateutil==2.8\npython-dateutil-extra\n# python-dateutil\npython-dateutil[x] ; python_version<'3'\n"
            ),
            ["Python_Dateutil", "python-dateutil"]
        );
        let pp = pyproject_pattern("requests");
        let t = "[project]\nname = \"requests-user\"\ndescription = \"uses requests\"\ndependencies = [\n  \"requests>=2\",\n  \"httpx\",\n]\n\n[tool.poetry.dependencies]\npython = \"^3.11\"\nrequests = { version = \"^2\", extras = [\"socks\"] }\n";
        assert_eq!(hits(&pp, t), ["requests", "requests"]);
    }

    #[test]
    fn rust_and_go() {
        let rs = rust_use_pattern("lazy-static");
        assert_eq!(
            hits(
                &rs,
                "use lazy_static::lazy_static;\npub(crate) use lazy_static;\nextern crate lazy_static;\nuse lazy_staticx;\n// use lazy_static\n"
            ),
            ["lazy_static", "lazy_static", "lazy_static"]
        );
        let cargo = cargo_pattern("anyhow");
        let t = "[package]\nname = \"anyhow-user\"\n\n[dependencies]\nserde = { version = \"1\", features = [\"derive\"] }\nanyhow = \"1\"\n\n[dev-dependencies.anyhow]\nversion = \"1\"\n\n[features]\nanyhow = []\n";
        assert_eq!(hits(&cargo, t), ["anyhow", "anyhow"]);
        let go = go_import_pattern("logrus");
        let t = "import (\n\t\"fmt\"\n\tlog \"github.com/sirupsen/logrus\"\n)\nimport \"github.com/sirupsen/logrus\"\nvar s = []string{\n\t\"logrus\",\n}\n";
        assert_eq!(
            hits(&go, t),
            ["github.com/sirupsen/logrus", "github.com/sirupsen/logrus"]
        );
        let gomod = go_mod_pattern("logrus");
        assert_eq!(
            hits(
                &gomod,
                "module x\n\nrequire github.com/sirupsen/logrus v1.9.0\nrequire (\n\tgithub.com/sirupsen/logrus v1.9.0 // indirect\n\tgithub.com/sirupsen/logrus v1.9.1 // pinned\r\n)\n"
            ),
            ["github.com/sirupsen/logrus", "github.com/sirupsen/logrus"],
            "direct requirements only"
        );
        // The standard logger by its own path: not a module ending in `/log`, never in go.mod.
        let std = go_import_pattern("log");
        assert_eq!(
            hits(
                &std,
                "import (\n\t\"log\"\n\t\"log/slog\"\n\t\"go.opentelemetry.io/otel/log\"\n)\n"
            ),
            ["log"]
        );
        assert_eq!(
            Ecosystem::Go
                .sites("log")
                .iter()
                .map(|s| s.what)
                .collect::<Vec<_>>(),
            ["Go imports"]
        );
        let any = Ecosystem::Go.sites_of_any(&["zap", "logrus", "log"]);
        assert_eq!(
            hits(
                &any[0].pattern,
                "import (\n\t\"log\"\n\t\"go.uber.org/zap\"\n\t\"go.opentelemetry.io/otel/log\"\n)\n"
            ),
            ["log", "go.uber.org/zap"]
        );
        assert_eq!(
            hits(
                &any[1].pattern,
                "require (\n\tgo.uber.org/zap v1.27.0\n\tgo.opentelemetry.io/otel/log v0.19.0\n)\n"
            ),
            ["go.uber.org/zap"]
        );
    }
}
