//! Rivals pass: a library the rule mandates for a role ("Use Riverpod for all state", "El
//! proyecto debe usar FastAPI como framework principal", "Use `log/slog` for logging") rules out
//! the other well-known libraries of that role in its ecosystem, checked where they are
//! packages (imports and manifests) — as a mandated package manager rules out its rivals where
//! commands run (`tools`). Only when the rule forbids no package itself (then what it names is
//! what it means), names no condition, and does not give the library as an example; libraries
//! that go together (`thiserror` and `anyhow`, Hilt and Dagger) are never each other's rivals.

use std::sync::LazyLock;

use regex::Regex;

use super::super::Term;
use super::super::imports::{Ecosystem, Site};
use super::super::phrases::{Entity, Mention, Role};
use super::super::text::Token;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A well-known library: how rules name it, the role it plays, and where it is a package.
struct Library {
    /// How rules name it, lowercase; the first is its key for precedence.
    names: &'static [&'static str],
    eco: Ecosystem,
    /// What it is for, as `--explain` says it; libraries of one role and ecosystem are rivals.
    role: &'static str,
    /// Its packages as imports and manifests name them (`Ecosystem::sites`).
    packages: &'static [&'static str],
    /// Where it is used that a package name does not say (JUnit 4's `org.junit.Test`).
    own_sites: &'static [OwnSite],
    /// Names (first names) of the libraries of its role it is used with, not instead of.
    companions: &'static [&'static str],
    /// A name that is also a common word ("echo", "provider"): mandated only when the rule
    /// names the ecosystem's language or the role.
    common_word: bool,
}

/// A place a library is used, as a pattern whose `hit` is what a diagnostic covers.
struct OwnSite {
    what: &'static str,
    files: &'static [&'static str],
    pattern: &'static str,
    within: Within,
}

const fn lib(
    names: &'static [&'static str],
    eco: Ecosystem,
    role: &'static str,
    packages: &'static [&'static str],
) -> Library {
    Library {
        names,
        eco,
        role,
        packages,
        own_sites: &[],
        companions: &[],
        common_word: false,
    }
}

impl Library {
    const fn with(mut self, companions: &'static [&'static str]) -> Library {
        self.companions = companions;
        self
    }

    const fn common(mut self) -> Library {
        self.common_word = true;
        self
    }

    const fn sites(mut self, own: &'static [OwnSite]) -> Library {
        self.own_sites = own;
        self
    }

    fn key(&self) -> &'static str {
        self.names[0]
    }
}

const STATE: &str = "state management";
const VUE_STATE: &str = "Vue state management";
const TESTS: &str = "tests";
const E2E: &str = "end-to-end tests";
const DATES: &str = "dates";
const VALIDATION: &str = "validation";
const HTTP: &str = "HTTP requests";
const ORM: &str = "database access";
const LOGGING: &str = "logging";
const WEB: &str = "web framework";
const FORMS: &str = "forms";
const DATAFRAMES: &str = "dataframes";
const CLI: &str = "command-line parsing";
const ERRORS: &str = "errors";
const RUNTIME: &str = "async runtime";
const MOCKS: &str = "mocking";
const DI: &str = "dependency injection";
const JSON: &str = "JSON serialization";

/// Python's `unittest` test cases — never its `mock`, which pytest suites use too.
const UNITTEST: &[OwnSite] = &[OwnSite {
    what: "Python imports of unittest's test cases",
    files: &["*.py"],
    pattern: r"^[ \t]*(?:import|from)[ \t]+(?P<hit>unittest)(?:[ \t]*(?:#[^\r\n]*)?$|[ \t]+import[ \t]+\(?[ \t]*(?:TestCase|IsolatedAsyncioTestCase|main|skip|skipIf|skipUnless|expectedFailure|TestSuite|TextTestRunner)\b)",
    within: Within::Code,
}];

/// JUnit 4: `org.junit.*` outside `org.junit.jupiter` and `org.junit.platform`, the `junit:junit`
/// artifact.
const JUNIT4: &[OwnSite] = &[
    OwnSite {
        what: "Java/Kotlin imports of JUnit 4",
        files: &["*.java", "*.kt", "*.kts"],
        pattern: r"^[ \t]*import[ \t]+(?:static[ \t]+)?(?P<hit>org\.junit\.(?:Test|Assert|Assume|Before|After|BeforeClass|AfterClass|Ignore|Rule|ClassRule|FixMethodOrder|runner|rules|experimental)\b[\w.*]*)",
        within: Within::Code,
    },
    OwnSite {
        what: "Maven dependencies of JUnit 4",
        files: &["pom.xml"],
        pattern: r"<artifactId>[ \t]*(?P<hit>junit)[ \t]*</artifactId>",
        within: Within::Any,
    },
    OwnSite {
        what: "Gradle dependencies of JUnit 4",
        files: &["build.gradle", "build.gradle.kts", "libs.versions.toml"],
        pattern: r#"["'](?P<hit>junit:junit)(?::[^"'\r\n]*)?["']"#,
        within: Within::Any,
    },
];

/// Android's own logger, the one Timber replaces.
const ANDROID_LOG: &[OwnSite] = &[OwnSite {
    what: "Kotlin/Java imports of android.util.Log",
    files: &["*.java", "*.kt"],
    pattern: r"^[ \t]*import[ \t]+(?P<hit>android\.util\.Log)\b",
    within: Within::Code,
}];

use Ecosystem::{Dart, Go, Js, Jvm, Python, Ruby, Rust};

const LIBRARIES: &[Library] = &[
    // JS/TS
    lib(
        &["redux", "redux toolkit", "rtk"],
        Js,
        STATE,
        &["redux", "@reduxjs/toolkit", "react-redux"],
    ),
    lib(&["zustand"], Js, STATE, &["zustand"]),
    lib(
        &["mobx"],
        Js,
        STATE,
        &["mobx", "mobx-react", "mobx-react-lite", "mobx-state-tree"],
    ),
    lib(&["jotai"], Js, STATE, &["jotai"]),
    lib(&["recoil"], Js, STATE, &["recoil"]),
    lib(&["valtio"], Js, STATE, &["valtio"]),
    lib(&["pinia"], Js, VUE_STATE, &["pinia"]),
    lib(&["vuex"], Js, VUE_STATE, &["vuex"]),
    lib(&["vitest"], Js, TESTS, &["vitest"]),
    lib(
        &["jest"],
        Js,
        TESTS,
        &["jest", "@jest/globals", "ts-jest", "babel-jest"],
    ),
    lib(&["mocha"], Js, TESTS, &["mocha"]),
    lib(&["jasmine"], Js, TESTS, &["jasmine", "jasmine-core"]),
    lib(&["playwright"], Js, E2E, &["@playwright/test", "playwright"]),
    lib(&["cypress"], Js, E2E, &["cypress"]),
    lib(&["selenium"], Js, E2E, &["selenium-webdriver"]),
    lib(&["webdriverio"], Js, E2E, &["webdriverio", "@wdio/cli"]),
    lib(&["date-fns"], Js, DATES, &["date-fns", "date-fns-tz"]),
    lib(&["dayjs", "day.js"], Js, DATES, &["dayjs"]),
    lib(
        &["moment", "moment.js", "momentjs"],
        Js,
        DATES,
        &["moment", "moment-timezone"],
    ),
    lib(&["luxon"], Js, DATES, &["luxon"]),
    lib(&["zod"], Js, VALIDATION, &["zod"]),
    lib(&["yup"], Js, VALIDATION, &["yup"]),
    lib(&["joi"], Js, VALIDATION, &["joi"]),
    lib(&["valibot"], Js, VALIDATION, &["valibot"]),
    lib(&["superstruct"], Js, VALIDATION, &["superstruct"]),
    lib(&["class-validator"], Js, VALIDATION, &["class-validator"]),
    lib(&["axios"], Js, HTTP, &["axios"]),
    lib(&["ky"], Js, HTTP, &["ky"]),
    lib(&["superagent"], Js, HTTP, &["superagent"]),
    lib(&["got"], Js, HTTP, &["got"]).common(),
    lib(&["prisma"], Js, ORM, &["prisma", "@prisma/client"]),
    lib(&["drizzle", "drizzle-orm"], Js, ORM, &["drizzle-orm"]),
    lib(&["typeorm"], Js, ORM, &["typeorm"]),
    lib(&["sequelize"], Js, ORM, &["sequelize"]),
    lib(&["mikro-orm", "mikroorm"], Js, ORM, &["@mikro-orm/core"]),
    lib(&["winston"], Js, LOGGING, &["winston"]),
    lib(&["pino"], Js, LOGGING, &["pino"]),
    lib(&["bunyan"], Js, LOGGING, &["bunyan"]),
    lib(&["express", "express.js", "expressjs"], Js, WEB, &["express"]).common(),
    lib(&["fastify"], Js, WEB, &["fastify"]),
    lib(&["koa"], Js, WEB, &["koa"]),
    lib(&["hapi"], Js, WEB, &["@hapi/hapi"]),
    lib(&["hono"], Js, WEB, &["hono"]),
    lib(
        &["react-hook-form", "react hook form"],
        Js,
        FORMS,
        &["react-hook-form"],
    ),
    lib(&["formik"], Js, FORMS, &["formik"]),
    // Python
    lib(&["pytest"], Python, TESTS, &[]),
    lib(&["unittest"], Python, TESTS, &[]).sites(UNITTEST),
    lib(&["nose"], Python, TESTS, &["nose", "nose2"]),
    lib(&["httpx"], Python, HTTP, &["httpx"]),
    lib(&["requests"], Python, HTTP, &["requests"]).common(),
    lib(&["aiohttp"], Python, HTTP, &["aiohttp"]),
    lib(&["fastapi"], Python, WEB, &["fastapi"]),
    lib(&["flask"], Python, WEB, &["flask"]),
    lib(&["django"], Python, WEB, &["django"]),
    lib(&["tornado"], Python, WEB, &["tornado"]),
    lib(&["bottle"], Python, WEB, &["bottle"]).common(),
    lib(&["sanic"], Python, WEB, &["sanic"]),
    lib(&["falcon"], Python, WEB, &["falcon"]),
    lib(&["polars"], Python, DATAFRAMES, &["polars"]),
    lib(&["pandas"], Python, DATAFRAMES, &["pandas"]),
    lib(&["loguru"], Python, LOGGING, &["loguru"]),
    lib(&["structlog"], Python, LOGGING, &["structlog"]),
    lib(&["typer"], Python, CLI, &["typer"]).with(&["click"]),
    lib(&["click"], Python, CLI, &["click"]).with(&["typer"]).common(),
    lib(&["argparse"], Python, CLI, &["argparse"]),
    lib(&["pydantic"], Python, VALIDATION, &["pydantic"]),
    lib(&["marshmallow"], Python, VALIDATION, &["marshmallow"]),
    // Rust
    lib(&["thiserror"], Rust, ERRORS, &["thiserror"]).with(&["anyhow", "eyre"]),
    lib(&["anyhow"], Rust, ERRORS, &["anyhow"]).with(&["thiserror"]),
    lib(&["eyre", "color-eyre"], Rust, ERRORS, &["eyre", "color-eyre"]).with(&["thiserror"]),
    lib(&["snafu"], Rust, ERRORS, &["snafu"]),
    lib(&["failure"], Rust, ERRORS, &["failure"]).common(),
    lib(&["error-chain"], Rust, ERRORS, &["error-chain"]),
    lib(&["tokio"], Rust, RUNTIME, &["tokio"]),
    lib(&["async-std"], Rust, RUNTIME, &["async-std"]),
    lib(&["smol"], Rust, RUNTIME, &["smol"]),
    lib(&["clap"], Rust, CLI, &["clap"]),
    lib(&["structopt"], Rust, CLI, &["structopt"]),
    lib(&["argh"], Rust, CLI, &["argh"]),
    lib(&["pico-args"], Rust, CLI, &["pico-args"]),
    lib(&["reqwest"], Rust, HTTP, &["reqwest"]),
    lib(&["ureq"], Rust, HTTP, &["ureq"]),
    lib(&["surf"], Rust, HTTP, &["surf"]).common(),
    lib(&["isahc"], Rust, HTTP, &["isahc"]),
    lib(&["axum"], Rust, WEB, &["axum"]),
    lib(&["actix-web", "actix"], Rust, WEB, &["actix-web"]),
    lib(&["rocket"], Rust, WEB, &["rocket"]).common(),
    lib(&["warp"], Rust, WEB, &["warp"]).common(),
    lib(&["poem"], Rust, WEB, &["poem"]).common(),
    // Go: the last element of the import path.
    lib(&["slog", "log/slog"], Go, LOGGING, &[]),
    lib(&["zap"], Go, LOGGING, &["zap"]).common(),
    lib(&["zerolog"], Go, LOGGING, &["zerolog"]),
    lib(&["logrus"], Go, LOGGING, &["logrus"]),
    lib(&["log"], Go, LOGGING, &["log"]).common(),
    lib(&["gin"], Go, WEB, &["gin"]).common(),
    lib(&["echo"], Go, WEB, &["echo"]).common(),
    lib(&["fiber"], Go, WEB, &["fiber"]).common(),
    lib(&["chi"], Go, WEB, &["chi"]).common(),
    lib(&["gorilla/mux", "gorilla mux"], Go, WEB, &["mux"]),
    lib(&["gorm"], Go, ORM, &["gorm"]),
    lib(&["sqlc"], Go, ORM, &[]),
    lib(&["sqlx"], Go, ORM, &["sqlx"]),
    // Dart / Flutter
    lib(
        &["riverpod", "flutter_riverpod", "hooks_riverpod"],
        Dart,
        STATE,
        &["riverpod", "flutter_riverpod", "hooks_riverpod"],
    ),
    lib(
        &["bloc", "flutter_bloc", "cubit"],
        Dart,
        STATE,
        &["bloc", "flutter_bloc", "hydrated_bloc"],
    ),
    lib(&["provider"], Dart, STATE, &["provider"]).common(),
    lib(&["getx"], Dart, STATE, &["get"]),
    lib(&["mobx"], Dart, STATE, &["mobx", "flutter_mobx"]),
    lib(&["redux"], Dart, STATE, &["redux", "flutter_redux"]),
    lib(&["dio"], Dart, HTTP, &["dio"]),
    lib(&["http"], Dart, HTTP, &["http"]).common(),
    // JVM
    lib(
        &["junit 5", "junit5", "junit jupiter", "jupiter"],
        Jvm,
        TESTS,
        &["junit-jupiter", "jupiter"],
    ),
    lib(&["junit 4", "junit4"], Jvm, TESTS, &[]).sites(JUNIT4),
    lib(&["testng"], Jvm, TESTS, &["testng"]),
    lib(&["mockk"], Jvm, MOCKS, &["mockk"]),
    lib(&["mockito"], Jvm, MOCKS, &["mockito"]),
    lib(&["easymock"], Jvm, MOCKS, &["easymock"]),
    lib(&["hilt"], Jvm, DI, &["hilt"]).with(&["dagger"]),
    lib(&["dagger"], Jvm, DI, &["dagger"]).with(&["hilt"]).common(),
    lib(&["koin"], Jvm, DI, &["koin"]),
    lib(
        &[
            "kotlinx.serialization",
            "kotlinx serialization",
            "kotlinx-serialization",
        ],
        Jvm,
        JSON,
        &["kotlinx-serialization-json"],
    ),
    lib(&["gson"], Jvm, JSON, &["gson"]),
    lib(&["moshi"], Jvm, JSON, &["moshi"]),
    lib(&["timber"], Jvm, LOGGING, &["timber"]),
    lib(&["android.util.log"], Jvm, LOGGING, &[]).sites(ANDROID_LOG),
    // Ruby
    lib(&["rspec"], Ruby, TESTS, &["rspec", "rspec-rails"]),
    lib(&["minitest"], Ruby, TESTS, &["minitest"]),
];

/// Words that make the name after them an example, not the library the rule mandates.
const EXAMPLE_WORDS: &[&str] = &["e.g", "eg", "such", "like", "example", "ejemplo", "ej", "como"];

/// What a mandated library is compared with: "(más flexible que unittest)", "better than Jest".
static COMPARED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:than|que)[ \t]+[\w.-]+")
        // A constant pattern, compiled by this module's tests (the pytest one reads it).
        .expect("a valid pattern")
});

/// Words that make a library the project's one for its role.
const SOLE_WORDS: &[&str] = &[
    "only",
    "exclusively",
    "all",
    "every",
    "main",
    "primary",
    "principal",
    "sole",
    "always",
    "solo",
    "sólo",
    "únicamente",
    "exclusivamente",
    "todo",
    "toda",
    "todos",
    "todas",
    "siempre",
    "único",
    "única",
];

/// Triggers that mandate following something, not using it.
const FOLLOWING: &[&str] = &[
    "follow", "follows", "sigue", "seguir", "siga", "respect", "respeta",
];

/// Words that make a mention a way of working with a library, not the library itself.
const PRACTICES: &[&str] = &[
    "practices",
    "practice",
    "conventions",
    "convention",
    "guidelines",
    "guide",
    "style",
    "patterns",
    "idioms",
    "idiomatic",
    "principles",
    "recommendations",
    "docs",
    "documentation",
    "prácticas",
    "practicas",
    "convenciones",
    "guía",
    "guia",
    "estilo",
    "patrones",
    "principios",
];

/// Words of a condition the rule's checks cannot see ("if using Redux, use RTK").
const CONDITION_WORDS: &[&str] = &[
    "if",
    "when",
    "unless",
    "except",
    "si",
    "cuando",
    "salvo",
    "excepto",
    "whether",
    "optionally",
];

/// Words that confine the mandate to a part of the project ("for the admin dashboard").
const PART_WORDS: &[&str] = &[
    "frontend",
    "backend",
    "docs",
    "site",
    "website",
    "dashboard",
    "admin",
    "prototype",
    "prototypes",
    "legacy",
    "new",
];

pub fn run(ctx: &Context, out: &mut Found) {
    let words = ctx.lower_words();
    if words
        .iter()
        .any(|w| CONDITION_WORDS.contains(w) || PART_WORDS.contains(w))
        || ctx.found.iter().any(|f| f.role == Role::Forbid && !the_others(f))
    {
        return;
    }
    let named: Vec<Ecosystem> = ctx
        .named
        .langs()
        .iter()
        .filter_map(|l| Ecosystem::of_lang(*l))
        .collect();
    let mut mandated: Vec<(&Library, String)> = Vec::new();
    for f in ctx
        .found
        .iter()
        .filter(|f| f.role == Role::Mandate && !f.conditional)
    {
        let (Entity::Term(name) | Entity::Code { text: name, .. }) = &f.entity else {
            continue;
        };
        // "Follow Django best practices" mandates practices, not Django over Flask.
        let lower_trigger = f.trigger.to_lowercase();
        if given_as_example(ctx.tokens, name)
            || FOLLOWING
                .iter()
                .any(|w| lower_trigger.split_whitespace().any(|t| t == *w))
            || name
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| PRACTICES.contains(&w.to_lowercase().as_str()))
        {
            continue;
        }
        // Longest names first, each taken out once read: "log/slog" is slog, not Go's `log`.
        let mut text = name.to_lowercase();
        for &(library, n) in NAMES_LONGEST_FIRST.iter() {
            let in_ecosystem = named.is_empty() || named.contains(&library.eco);
            // A library named by a common word needs its language or another word of its role:
            // "Always log errors" says `log` only as the verb.
            let role_said = role_words(library.role).iter().any(|w| *w != n && ctx.says(&[w]));
            let sure = !library.common_word || named.contains(&library.eco) || role_said;
            if in_ecosystem && sure && names(&text, n) {
                text = blank(&text, n);
                if !mandated.iter().any(|(m, _)| std::ptr::eq(*m, library)) {
                    mandated.push((library, f.trigger.clone()));
                }
            }
        }
    }
    // Every other library the rule names is not a rival either ("Use Jest or Vitest"); the
    // mandated names are taken out first, so that "log/slog" does not name Go's `log`.
    let mut spoken = ctx.rule.instruction.to_lowercase();
    let compared: String = COMPARED
        .find_iter(&spoken)
        .map(|m| m.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let mut mandated_names: Vec<&str> = mandated
        .iter()
        .flat_map(|(l, _)| l.names.iter().copied())
        .collect();
    mandated_names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in mandated_names {
        spoken = blank(&spoken, name);
    }
    // What the mandated one is compared with is a rival all the same: "(más flexible que
    // unittest)", "better than Jest".
    spoken = COMPARED.replace_all(&spoken, "").into_owned();
    for (library, trigger) in &mandated {
        let rivals: Vec<&Library> = LIBRARIES
            .iter()
            .filter(|r| {
                r.eco == library.eco
                    && r.role == library.role
                    && r.key() != library.key()
                    && !library.companions.contains(&r.key())
                    && !r.companions.contains(&library.key())
                    && !r.names.iter().any(|n| names(&spoken, n))
                    && !mandated.iter().any(|(m, _)| m.key() == r.key() && m.eco == r.eco)
            })
            .collect();
        // The rule says what the library is for, that it is the one, or what it beats: "Use
        // Riverpod for all state", "FastAPI como framework principal", "pytest (más flexible
        // que unittest)" — a bare "Use Zod" may sit beside a rival the project keeps.
        let stated = ctx.says(&role_words(library.role))
            || ctx.says(SOLE_WORDS)
            || rivals.iter().any(|r| r.names.iter().any(|n| names(&compared, n)));
        if rivals.is_empty() || !stated {
            continue;
        }
        let said = format!("{} {}", trigger, library.names[0]);
        for rival in &rivals {
            let term = Term {
                text: rival.key().to_string(),
                key: rival.key().to_string(),
                exact: None,
                trigger: said.clone(),
            };
            if !out.forbids.iter().any(|t| t.same(&term)) {
                out.forbids.push(term);
            }
        }
        check(ctx, out, library, &rivals, &said);
    }
}

/// Whether `text` (lowercase) names `name` as whole words: "pytest + pytest-django" names
/// `pytest`, "log/slog" names `slog`, "superstruct" does not name `superagent`.
fn names(text: &str, name: &str) -> bool {
    whole_words(text, name).next().is_some()
}

/// "No other logging libraries", "ninguna otra librería de estado": what is forbidden is the
/// rivals themselves.
fn the_others(f: &Mention) -> bool {
    let Entity::Term(term) = &f.entity else {
        return false;
    };
    let first = term.split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(
        first.as_str(),
        "other" | "others" | "otra" | "otras" | "otro" | "otros" | "alternative" | "alternatives"
    )
}

/// Every library's names, the longest first (sorted once).
static NAMES_LONGEST_FIRST: LazyLock<Vec<(&'static Library, &'static str)>> = LazyLock::new(|| {
    let mut all: Vec<(&Library, &str)> = LIBRARIES
        .iter()
        .flat_map(|l| l.names.iter().map(move |n| (l, *n)))
        .collect();
    all.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
    all
});

/// `text` with each whole-word `name` in it replaced by spaces.
fn blank(text: &str, name: &str) -> String {
    // One pass: a long instruction naming a library many times stays linear.
    let at: Vec<usize> = whole_words(text, name).collect();
    let mut out = text.to_string();
    for i in at {
        out.replace_range(i..i + name.len(), &" ".repeat(name.len()));
    }
    out
}

/// The positions of `name` in `text` as whole words.
fn whole_words<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = usize> + 't {
    let boundary = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-')));
    text.match_indices(name)
        .filter(move |(i, _)| {
            boundary(text[..*i].chars().next_back()) && boundary(text[i + name.len()..].chars().next())
        })
        .map(|(i, _)| i)
}

/// The words that name a role in rules ("state", "tests", "logging").
fn role_words(role: &str) -> Vec<&'static str> {
    match role {
        STATE | VUE_STATE => vec!["state", "estado", "store", "stores"],
        TESTS | E2E => vec!["test", "tests", "testing", "pruebas", "tests."],
        HTTP => vec!["http", "requests", "peticiones", "api", "client"],
        ORM => vec!["orm", "database", "db", "sql", "datos"],
        LOGGING => vec!["logging", "logs", "log", "logger", "registro"],
        WEB => vec![
            "framework",
            "server",
            "servidor",
            "router",
            "routing",
            "api",
            "http",
        ],
        CLI => vec!["cli", "clis", "command-line", "arguments", "argumentos"],
        ERRORS => vec!["error", "errors", "errores"],
        DI => vec!["injection", "di", "inyección", "dependencias"],
        DATES => vec![
            "date",
            "dates",
            "datetime",
            "datetimes",
            "time",
            "fechas",
            "fecha",
        ],
        VALIDATION => vec![
            "validation",
            "validate",
            "validating",
            "schema",
            "schemas",
            "validación",
            "validar",
        ],
        FORMS => vec!["form", "forms", "formularios"],
        DATAFRAMES => vec!["dataframe", "dataframes", "data"],
        RUNTIME => vec!["async", "runtime"],
        MOCKS => vec!["mock", "mocks", "mocking"],
        JSON => vec!["json", "serialization", "serialisation", "serialización"],
        _ => vec![],
    }
}

/// Whether the mention is given as an example ("a store such as Zustand", "p. ej. Riverpod").
fn given_as_example(tokens: &[Token], name: &str) -> bool {
    let first = name.split_whitespace().next().unwrap_or(name).to_lowercase();
    let first = first.trim_matches('`');
    let Some(at) = tokens.iter().position(|t| t.lower.trim_matches('`') == first) else {
        return false;
    };
    tokens[at.saturating_sub(4)..at]
        .iter()
        .filter(|t| t.is_word())
        .any(|t| EXAMPLE_WORDS.contains(&t.lower.trim_end_matches('.')))
}

fn check(ctx: &Context, out: &mut Found, mandated: &Library, rivals: &[&Library], said: &str) {
    let mut packages: Vec<&str> = rivals.iter().flat_map(|r| r.packages.iter().copied()).collect();
    packages.sort();
    let keys = rivals.iter().map(|r| r.key()).collect::<Vec<_>>().join(", ");
    if !packages.is_empty() {
        for site in mandated.eco.sites_of_any(&packages) {
            push(ctx, out, mandated, said, site, &keys);
        }
    }
    for rival in rivals {
        for own in rival.own_sites {
            let site = Site {
                pattern: own.pattern.to_string(),
                files: own.files.iter().map(|f| f.to_string()).collect(),
                what: own.what,
                source: own.files.iter().all(|f| f.starts_with("*.")),
                within: own.within,
            };
            push(ctx, out, mandated, said, site, rival.key());
        }
    }
}

fn push(ctx: &Context, out: &mut Found, mandated: &Library, said: &str, site: Site, rivals: &str) {
    let scope = ctx.site_scope(&site, mandated.eco.name());
    let explanation = format!(
        "\"{said}\" mandates it for {}: its rivals {rivals} ruled out — {}; scope {}",
        mandated.role, site.what, scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(site.pattern, scope, None, explanation, site.within),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn a_mandated_state_library_rules_out_its_rivals() {
        let i = "Use Riverpod for all state and business logic.";
        let dart = "import 'package:flutter/material.dart';\nimport 'package:flutter_bloc/flutter_bloc.dart';\nimport 'package:flutter_riverpod/flutter_riverpod.dart';\n// flutter_bloc was removed\n";
        assert_eq!(
            texts(i, "lib/a.dart", dart),
            ["package:flutter_bloc/flutter_bloc.dart"]
        );
        let pubspec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  flutter_riverpod: ^2.5.0\n  flutter_bloc: ^8.1.0\n  provider: ^6.0.0\n";
        assert_eq!(texts(i, "pubspec.yaml", pubspec), ["flutter_bloc", "provider"]);
        // "Utilize", "employ": other verbs of use.
        for i in [
            "**Riverpod**: Utilize Riverpod for state management within the application.",
            "Employ Riverpod for state management.",
        ] {
            assert_eq!(
                texts(i, "pubspec.yaml", pubspec),
                ["flutter_bloc", "provider"],
                "{i}"
            );
        }
    }

    #[test]
    fn a_main_framework_rules_out_the_others() {
        let i = "El proyecto debe usar **FastAPI** como framework principal";
        let py = "from flask import Blueprint\nfrom fastapi import APIRouter\nimport flask_cors\n";
        assert_eq!(texts(i, "app/api/reports.py", py), ["flask"]);
        let req = "fastapi==0.110\nFlask==3.0.2\nuvicorn\n";
        assert_eq!(texts(i, "requirements.txt", req), ["Flask"]);
    }

    #[test]
    fn companions_are_not_rivals() {
        let i = "Use `thiserror` for defining error types, `anyhow` for propagating in application code";
        let rs = "use thiserror::Error;\nuse anyhow::Context;\nuse snafu::Snafu;\nuse eyre::Result;\n";
        assert_eq!(texts(i, "src/error.rs", rs), ["snafu"]);
        let toml = "[dependencies]\nanyhow = \"1\"\nthiserror = \"1\"\nsnafu = \"0.8\"\n";
        assert_eq!(texts(i, "Cargo.toml", toml), ["snafu"]);
    }

    #[test]
    fn go_logging() {
        let i = "Use `log/slog` for logging. No other logging libraries.";
        let go = "package x\n\nimport (\n\t\"log\"\n\t\"log/slog\"\n\t\"github.com/sirupsen/logrus\"\n)\n";
        assert_eq!(
            texts(i, "internal/a.go", go),
            ["log", "github.com/sirupsen/logrus"]
        );
    }

    #[test]
    fn pytest_rules_out_unittest_test_cases_not_its_mock() {
        let i = "Usa pytest + pytest-django (más flexible que unittest).";
        // What pytest is compared with is a rival too.
        assert_eq!(texts(i, "tests/test_a.py", "import unittest\n"), ["unittest"]);
        let i = "Use pytest for all tests.";
        let py = "import unittest\nfrom unittest import mock\nfrom unittest.mock import patch\nfrom unittest import TestCase\n";
        assert_eq!(texts(i, "tests/test_a.py", py), ["unittest", "unittest"]);
    }

    #[test]
    fn a_long_instruction_is_read_in_one_pass() {
        // 200 mentions of two libraries, as long as a rule is read: each blanked in one pass,
        // not one scan per mention (quadratic in the instruction).
        let i = format!("Use pytest for all tests{}", " and pytest, typer".repeat(100));
        assert!(i.len() < crate::rules::infer::MAX_READ_CHARS);
        let hits = texts(&i, "tests/test_a.py", "import unittest\n");
        assert_eq!(hits, ["unittest"]);
        // Past that, the rule is not read at all (`infer::bounds`).
        let i = format!("Use pytest for all tests{}", " and pytest, typer".repeat(30_000));
        assert!(texts(&i, "tests/test_a.py", "import unittest\n").is_empty());
    }

    #[test]
    fn junit5_rules_out_junit4() {
        let i = "Use JUnit 5 for all tests.";
        let java = "import org.junit.Test;\nimport org.junit.jupiter.api.Test;\nimport static org.junit.Assert.assertEquals;\nimport org.junit.platform.suite.api.Suite;\n";
        assert_eq!(
            texts(i, "src/test/java/A.java", java),
            ["org.junit.Test", "org.junit.Assert.assertEquals"]
        );
        let pom = "<dependency>\n  <groupId>junit</groupId>\n  <artifactId>junit</artifactId>\n</dependency>\n<artifactId>junit-jupiter</artifactId>\n";
        assert_eq!(texts(i, "pom.xml", pom), ["junit"]);
    }

    #[test]
    fn no_rivals_when_the_rule_forbids_or_hedges() {
        let dart =
            "import 'package:flutter_bloc/flutter_bloc.dart';\nimport 'package:provider/provider.dart';\n";
        for i in [
            // Names what it forbids: that, not the rivals.
            "Use Riverpod instead of Provider.",
            // Conditions, examples, parts of the project, alternatives named.
            "If the screen has shared state, use Riverpod.",
            "Use a state library such as Riverpod.",
            "Use Riverpod for the admin dashboard.",
            "Use Riverpod or Bloc for state.",
        ] {
            let got = texts(i, "lib/a.dart", dart);
            let bloc = "package:flutter_bloc/flutter_bloc.dart".to_string();
            assert!(!got.contains(&bloc), "{i}: {got:?}");
        }
        // A bare mandate says neither what the library is for nor that it is the only one.
        let ts = "import * as yup from 'yup';\n";
        assert!(texts("Use Zod.", "src/a.ts", ts).is_empty());
        assert_eq!(texts("Use Zod for validation.", "src/a.ts", ts), ["yup"]);
        // Following a library's practices is not choosing it over its rivals.
        let py = "from flask import Flask\n";
        assert!(texts("Follow Django best practices", "app.py", py).is_empty());
        assert!(texts("Use Django conventions for models.", "app.py", py).is_empty());
        // A common word is a library only where the rule says its language or its role.
        let go = "package x\n\nimport \"github.com/gin-gonic/gin\"\n";
        assert!(texts("Use echo to print the version.", "main.go", go).is_empty());
        assert_eq!(
            texts("Use Echo as the HTTP framework.", "main.go", go),
            ["github.com/gin-gonic/gin"]
        );
    }
}
