//! File-kinds pass: rules that forbid files themselves, checked as `Forbidden_paths` (a file that
//! matches is the violation, whatever it holds):
//! - "never create `.orig` or `.rej` files", "no crear archivos .txt": a creation verb after a
//!   negation, then extensions next to a file noun;
//! - "nunca crear archivos de configuración de bundlers", "no bundler config files": a named kind
//!   of file (`words::FILE_KINDS`) after a negation;
//! - "use `deno.json` for dependencies, not `package.json`": a config file name forbidden in
//!   favour of another file name;
//! - "Use `.yaml` extension for all files (never `.yml`)": one spelling of a format's extension
//!   forbidden in favour of the other (files whose names a tool fixes — dotfiles, files in dot
//!   folders like `.github/` — left out).

use super::super::files::{self, FileScope, Lang};
use super::super::phrases::{Entity, Role};
use super::super::text::{Kind, Token, clauses};
use super::super::words::{
    ACTING_VERBS, CREATE_VERBS, FILE_KINDS, FILE_NOUNS, NEGATIONS, NEW_FILE_WORDS, WELL_KNOWN_MD,
    WELL_KNOWN_TXT,
};
use super::{At, Context, Found, NOT_THE_PROJECTS};
use crate::rules::model::Within;

pub fn run(ctx: &Context, out: &mut Found) {
    let mut seen: Vec<String> = Vec::new();
    // "Never proactively create .md files unless asked", "no new .txt files": about what the
    // agent adds, which a check on existing files cannot tell apart.
    let about_new = ctx.says(NEW_FILE_WORDS);
    if about_new {
        // Nor does any other reading of its file names as path rules.
        out.retain_checks(|c| c.pattern.is_some() || c.require.is_some() || c.forbidden_paths.is_empty());
    }
    for clause in clauses(ctx.tokens) {
        if about_new {
            break;
        }
        if let Some((globs, words)) = created_extensions(clause, &ctx.rule.instruction) {
            forbid(
                ctx,
                out,
                &mut seen,
                globs,
                format!("files forbidden from \"{words}\""),
            );
        }
        if let Some((globs, words)) = named_kind(clause) {
            forbid(
                ctx,
                out,
                &mut seen,
                globs,
                format!("a kind of file forbidden from \"{words}\""),
            );
        }
    }
    if let Some(words) = kotlin_dsl(ctx) {
        forbid(
            ctx,
            out,
            &mut seen,
            vec!["**/*.gradle".to_string()],
            format!("Gradle's Kotlin DSL asked for (\"{words}\"): Groovy build scripts"),
        );
    }
    if let Some(words) = jetpack_compose(ctx) {
        forbid(
            ctx,
            out,
            &mut seen,
            LAYOUT_XML.iter().map(|g| g.to_string()).collect(),
            format!("Jetpack Compose asked for the UI (\"{words}\"): Android XML layouts"),
        );
        let mut scope = FileScope::of_langs(&[Lang::Kotlin, Lang::Java], String::new());
        ctx.narrow(&mut scope);
        out.check(
            At::Places,
            ctx.pattern_check(
                SET_CONTENT_VIEW_LAYOUT.to_string(),
                scope,
                None,
                format!(
                    "Jetpack Compose asked for the UI (\"{words}\"): an activity's `setContentView(R.layout.…)` inflates an XML layout"
                ),
                Within::Code,
            ),
        );
    }
    if let Some((dir, words)) = temporary_home(ctx) {
        let mut globs: Vec<String> = TEMP_ARTIFACTS.iter().map(|g| g.to_string()).collect();
        globs.push(format!("!{dir}/**"));
        forbid(
            ctx,
            out,
            &mut seen,
            globs,
            format!(
                "temporary artifacts kept under `{dir}/` from \"{words}\": known artifact names elsewhere"
            ),
        );
    }
    if !about_new && let Some((globs, words)) = forbidden_tests(ctx) {
        forbid(
            ctx,
            out,
            &mut seen,
            globs,
            format!("test files forbidden from \"{words}\""),
        );
    }
    if let Some((at, forbidden, instead)) = variant_extension(ctx) {
        // Read before as a member access (`.yml` after "never"): a file name, not code.
        out.drop_checks_of(at, |c| c.pattern.is_some());
        forbid(
            ctx,
            out,
            &mut seen,
            vec![
                format!("*.{forbidden}"),
                "!**/.*/**".to_string(),
                "!**/.*".to_string(),
            ],
            format!("the `.{instead}` spelling of the extension asked for, not `.{forbidden}`"),
        );
    }
    if let Some((forbidden, instead)) = file_for_file(ctx) {
        forbid(
            ctx,
            out,
            &mut seen,
            vec![forbidden.clone()],
            format!("file `{forbidden}` forbidden in favour of `{instead}`"),
        );
    }
}

/// Verbs that make tests (after a negation: "Never write unit tests", "No generar archivos de
/// pruebas", "DO NOT implement system tests").
const TEST_VERBS: &[&str] = &[
    "write",
    "create",
    "generate",
    "add",
    "implement",
    "escribir",
    "escribas",
    "crear",
    "crees",
    "generar",
    "generes",
    "agregar",
    "agregues",
    "añadir",
    "añadas",
    "implementar",
    "implementes",
];

/// Kinds of tests, and the files that hold them when a rule forbids that kind only; the
/// generic kinds (unit, automated) are all test files.
const TEST_KINDS: &[(&[&str], &[&str])] = &[
    (&["system"], &["**/test/system/**", "**/spec/system/**"]),
    (
        &["e2e", "end-to-end"],
        &["**/e2e/**", "**/*.e2e.*", "**/*.e2e-spec.*", "**/*.e2e-test.*"],
    ),
    (
        &["integration", "integración", "integracion"],
        &[
            "**/tests/integration/**",
            "**/test/integration/**",
            "**/*.integration.*",
            "**/*_integration_test.*",
        ],
    ),
];

/// Words for tests of any kind ("unit tests", "pruebas unitarias", "automated tests").
const ANY_KIND: &[&str] = &[
    "unit",
    "automated",
    "unitarias",
    "unitarios",
    "automatizadas",
    "automatizados",
];

/// Test file names beside the shared ones (`files::TEST_NAMES`), in the languages whose tools
/// name them by a suffix.
const MORE_TEST_NAMES: &[&str] = &[
    "*Test.java",
    "*Tests.java",
    "*Test.kt",
    "*Tests.kt",
    "*Test.cs",
    "*Tests.cs",
    "*Tests.swift",
    "*_test.rb",
    "*_spec.rb",
    "*_test.cpp",
    "*_test.cc",
    "*_test.c",
    "*_test.dart",
    "*_test.exs",
];

/// Test files: the shared test names and folders, and the suffixes above. A `spec/` folder is
/// left out: it holds API specifications as often as tests (RSpec's are `*_spec.rb`).
fn test_files() -> Vec<String> {
    let names = files::TEST_NAMES
        .iter()
        .chain(MORE_TEST_NAMES)
        .map(|n| format!("**/{n}"));
    let dirs = files::TEST_DIRS
        .iter()
        .filter(|d| !d.starts_with("spec"))
        .map(|d| format!("**/{d}/**"));
    names.chain(dirs).collect()
}

/// Mock files, when the rule lists mocks among the tests it forbids ("pruebas (unitarias, e2e,
/// mocks, etc.)").
const MOCK_FILES: &[&str] = &["**/mocks/**", "**/__mocks__/**", "**/*_mock.go", "**/*.mock.*"];

/// "Never write unit tests.", "No generar archivos de pruebas (unitarias, de integración, e2e,
/// mocks, etc.)", "DO NOT implement system tests - Focus on unit tests": a negation, a verb that
/// makes tests, then tests as its whole object — the files that hold them are the violation. Not
/// "Do not write tests for trivial getters" or "that hit the network" (some tests), nor "Don't
/// write tests in `src/`" (a place): anything after the tests but a separator or a list of kinds
/// leaves the rule alone. Returns the globs and the words.
fn forbidden_tests(ctx: &Context) -> Option<(Vec<String>, String)> {
    let tokens = ctx.tokens;
    // "Don't use mocks. Never write unit tests.": each negation may be the one.
    let (neg, verb) = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| is_negation(t))
        .find_map(|(neg, _)| {
            let verb = neg
                + 1
                + tokens[neg + 1..]
                    .iter()
                    .take(3)
                    .position(|t| t.is_word() && TEST_VERBS.contains(&t.lower.as_str()))?;
            tokens[neg + 1..verb]
                .iter()
                .all(Token::is_word)
                .then_some((neg, verb))
        })?;
    // The object: kinds, "archivos de", the tests, kinds again ("pruebas unitarias", "pruebas
    // de integración").
    let mut kinds: Vec<&str> = Vec::new();
    let mut at = verb + 1;
    let mut tests = false;
    while let Some(t) = tokens.get(at).filter(|t| t.is_word()) {
        let w = t.lower.as_str();
        let filler = ANY_KIND.contains(&w)
            || matches!(
                w,
                "any" | "ningún" | "ninguna" | "archivos" | "ficheros" | "files" | "de"
            );
        if matches!(w, "tests" | "test" | "pruebas" | "testing") {
            tests = true;
        } else if let Some(kind) = TEST_KINDS
            .iter()
            .flat_map(|(names, _)| names.iter())
            .find(|n| **n == w)
        {
            kinds.push(kind);
        } else if !filler {
            break;
        }
        at += 1;
    }
    // Only a separator after the object: "tests for trivial getters", "tests that hit the
    // network", "test code" are some tests, or something else.
    if !tests
        || tokens
            .get(at)
            .is_some_and(|t| t.kind != Kind::Sep && t.kind != Kind::Comma)
    {
        return None;
    }
    let mut globs: Vec<String> = if kinds.is_empty() {
        test_files()
    } else {
        TEST_KINDS
            .iter()
            .filter(|(names, _)| names.iter().any(|n| kinds.contains(n)))
            .flat_map(|(_, globs)| globs.iter().map(|g| g.to_string()))
            .collect()
    };
    // A parenthesis listing what is meant: mocks are test code too.
    if tokens[at..]
        .iter()
        .take_while(|t| t.text != ")")
        .any(|t| t.is_word() && t.lower == "mocks")
    {
        globs.extend(MOCK_FILES.iter().map(|g| g.to_string()));
    }
    let words = tokens[neg..at]
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some((globs, words))
}

/// "Usa Gradle Kotlin DSL", "Use the Kotlin DSL (`build.gradle.kts`)": Groovy's `*.gradle`
/// scripts are what it rules out — unless a negation stands right before it ("not the Kotlin
/// DSL", "no uses Kotlin DSL"). Returns the words.
fn kotlin_dsl(ctx: &Context) -> Option<String> {
    let words: Vec<&Token> = ctx.tokens.iter().filter(|t| t.is_word()).collect();
    let at = words
        .windows(2)
        .position(|w| w[0].lower == "kotlin" && w[1].lower == "dsl")?;
    let start = if at > 0 && words[at - 1].lower == "gradle" {
        at - 1
    } else {
        at
    };
    let negated = words[start.saturating_sub(3)..start]
        .iter()
        .any(|t| NEGATIONS.contains(&t.lower.as_str()));
    (!negated).then(|| {
        words[start..at + 2]
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// Android's XML layouts: what Jetpack Compose replaces.
const LAYOUT_XML: [&str; 2] = ["**/res/layout/*.xml", "**/res/layout-*/*.xml"];

/// An activity inflating an XML layout; the hit is `setContentView`.
const SET_CONTENT_VIEW_LAYOUT: &str = r"\b(?P<hit>setContentView)[ \t]*\([ \t]*R\.layout\.";

/// Words that say Compose is used: "Use Jetpack Compose", "Favor Compose", "Kotlin with Jetpack
/// Compose".
const COMPOSE_USE_WORDS: &[&str] = &[
    "use",
    "using",
    "favor",
    "favour",
    "prefer",
    "with",
    "usa",
    "usar",
    "utiliza",
    "utilizar",
    "prefiere",
    "con",
    "build",
    "write",
    "construye",
];

/// Words that make "Compose" Android's UI toolkit, not Docker Compose.
const COMPOSE_UI_WORDS: &[&str] = &[
    "jetpack",
    "ui",
    "xml",
    "layouts",
    "layout",
    "android",
    "kotlin",
    "composables",
    "interfaz",
    "pantallas",
    "screens",
];

/// "Use Jetpack Compose", "**UI**: XML layouts and Compose. Favor Compose.": Compose asked for
/// the UI rules out XML layouts — not after a negation ("don't use Compose"), not for "new UI"
/// (existing layouts cannot be told apart from new ones), not Docker Compose. Returns the words.
fn jetpack_compose(ctx: &Context) -> Option<String> {
    if !ctx.says(COMPOSE_UI_WORDS)
        || ctx.says(&["docker", "docker-compose", "services", "container", "containers"])
        || ctx.says(NEW_FILE_WORDS)
        || ctx.says(&["new"])
    {
        return None;
    }
    let words: Vec<&Token> = ctx.tokens.iter().filter(|t| t.is_word()).collect();
    words
        .iter()
        .enumerate()
        .filter(|(_, t)| t.lower == "compose")
        .find_map(|(at, _)| {
            let start = if at > 0 && words[at - 1].lower == "jetpack" {
                at - 1
            } else {
                at
            };
            let before = &words[start.saturating_sub(3)..start];
            let negated = before.iter().any(|t| NEGATIONS.contains(&t.lower.as_str()));
            // Compose used, not a style or a place named ("el estilo oficial de Kotlin y Jetpack
            // Compose", "cambios en código Kotlin o Compose").
            let used = before
                .iter()
                .any(|t| COMPOSE_USE_WORDS.contains(&t.lower.as_str()));
            (used && !negated).then(|| {
                words[start..=at]
                    .iter()
                    .map(|t| t.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        })
}

fn forbid(ctx: &Context, out: &mut Found, seen: &mut Vec<String>, globs: Vec<String>, why: String) {
    // A file name forbidden by name is the places pass's already.
    let globs: Vec<String> = globs
        .into_iter()
        .filter(|g| !seen.contains(g) && !out.forbids_path(g))
        .collect();
    if globs.is_empty() {
        return;
    }
    seen.extend(globs.iter().cloned());
    let mut paths = globs.clone();
    paths.extend(NOT_THE_PROJECTS.map(String::from));
    if globs.iter().any(|g| g.ends_with(".txt")) {
        paths.extend(WELL_KNOWN_TXT.iter().map(|g| format!("!**/{g}")));
    }
    if globs.iter().any(|g| g.ends_with(".md")) {
        paths.extend(WELL_KNOWN_MD.iter().map(|g| format!("!**/{g}")));
    }
    let explanation = format!(
        "{why} → Forbidden_paths {} (the file itself is the violation; dependencies, vendored code{} left out)",
        globs.join(", "),
        if globs.iter().any(|g| g.ends_with(".txt") || g.ends_with(".md")) {
            " and well-known .txt / .md files (requirements, CMakeLists, README, CHANGELOG…)"
        } else {
            ""
        }
    );
    // The same file name read as a plain path rule (`*.txt` after "no") has none of these
    // exceptions: this one replaces it.
    out.retain_checks(|c| !(c.pattern.is_none() && c.forbidden_paths.iter().all(|p| globs.contains(p))));
    let mut scope = super::super::files::FileScope::default();
    ctx.narrow(&mut scope);
    out.check(At::Places, ctx.path_check(&scope, paths, explanation));
}

/// `.txt`, `*.orig`: an extension written alone. An unquoted `.txt` reaches here as the word
/// `txt`: it counts when the instruction writes it with its dot.
fn extension(t: &Token, instruction: &str) -> Option<String> {
    let dotted = t.is_word()
        && ([" .", "\t.", "(."]
            .iter()
            .any(|p| instruction.contains(&format!("{p}{}", t.text)))
            || instruction.starts_with(&format!(".{}", t.text)));
    let text = if dotted {
        format!(".{}", t.text)
    } else if matches!(t.kind, Kind::Path | Kind::Span(_) | Kind::Bare) {
        t.text.clone()
    } else {
        return None;
    };
    let ext = text.strip_prefix('*').unwrap_or(&text).strip_prefix('.')?;
    (!ext.is_empty() && ext.len() <= 10 && ext.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| format!("*.{}", ext.to_lowercase()))
}

fn negated(clause: &[Token], before: usize) -> Option<usize> {
    clause[..before].iter().position(is_negation)
}

/// A negating word ("no", "not", "never", "nunca").
fn is_negation(t: &Token) -> bool {
    t.is_word() && (NEGATIONS.contains(&t.lower.as_str()) || t.lower == "never")
}

/// "Never create `.orig` or `.rej` files", "no crear archivos .txt", "don't add *.log files".
fn created_extensions(clause: &[Token], instruction: &str) -> Option<(Vec<String>, String)> {
    let verb = clause
        .iter()
        .position(|t| t.is_word() && CREATE_VERBS.contains(&t.lower.as_str()))?;
    let neg = negated(clause, verb)?;
    // Nothing but words like "new", "any", "extra" between the negation and the verb.
    if verb - neg > 3 {
        return None;
    }
    let rest = &clause[verb + 1..];
    let noun = rest
        .iter()
        .position(|t| t.is_word() && FILE_NOUNS[..4].contains(&t.lower.as_str()))?;
    // "Do not create, modify, or suggest `.eslintrc` files": acting on files that may be there,
    // which their presence does not show.
    if rest[..noun]
        .iter()
        .any(|t| t.is_word() && ACTING_VERBS.contains(&t.lower.as_str()))
    {
        return None;
    }
    // The extensions right before the noun ("`.orig` or `.rej` files") or right after it
    // ("archivos .txt"), with only "or", "and", "o", "y", commas between.
    let joins = |t: &Token| {
        t.kind == Kind::Comma || (t.is_word() && ["or", "and", "o", "y", "ni"].contains(&t.lower.as_str()))
    };
    let mut globs = Vec::new();
    for t in rest[..noun].iter().rev() {
        if let Some(g) = extension(t, instruction) {
            globs.push(g);
        } else if !joins(t) {
            break;
        }
    }
    globs.reverse();
    if globs.is_empty() {
        for t in &rest[noun + 1..] {
            if let Some(g) = extension(t, instruction) {
                globs.push(g);
            } else if !joins(t) {
                break;
            }
        }
    }
    if globs.is_empty() {
        return None;
    }
    let words: Vec<&str> = clause[neg..].iter().map(|t| t.text.as_str()).collect();
    Some((globs, words.join(" ")))
}

/// "Nunca crear archivos de configuración de bundlers", "no bundler config files".
fn named_kind(clause: &[Token]) -> Option<(Vec<String>, String)> {
    let words: Vec<(usize, &str)> = clause
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_word())
        .map(|(i, t)| (i, t.lower.as_str()))
        .collect();
    for (names, globs) in FILE_KINDS {
        for name in *names {
            let parts: Vec<&str> = name.split(' ').collect();
            let Some(k) = words
                .windows(parts.len())
                .position(|w| w.iter().zip(&parts).all(|((_, a), b)| a == b))
            else {
                continue;
            };
            let at = words[k].0;
            negated(clause, at)?;
            return Some((globs.iter().map(|g| g.to_string()).collect(), name.to_string()));
        }
    }
    None
}

/// "Place all temporary artifacts (work files, coverage, test binaries, etc.) under `./tmp`",
/// "archivos temporales en `tmp/`": the folder temporary files belong in, when the rule is about
/// temporary files and places them. Returns the folder (no `./`, no trailing `/`) and the words.
fn temporary_home(ctx: &Context) -> Option<(String, String)> {
    let words: Vec<&Token> = ctx.tokens.iter().filter(|t| t.is_word()).collect();
    let temp = words.windows(2).find(|w| {
        let (a, b) = (w[0].lower.as_str(), w[1].lower.as_str());
        (matches!(a, "temporary" | "temp" | "scratch")
            && matches!(b, "artifacts" | "artefacts" | "files" | "outputs"))
            || (matches!(a, "artefactos" | "archivos" | "ficheros") && matches!(b, "temporales"))
    })?;
    let place = ctx.tokens.windows(2).find_map(|w| {
        let placed = w[0].is_word()
            && ["under", "in", "inside", "into", "within", "en", "bajo"].contains(&w[0].lower.as_str());
        (placed && matches!(w[1].kind, Kind::Span(_) | Kind::Path)).then(|| w[1].text.clone())
    })?;
    let dir = place
        .trim_start_matches("./")
        .trim_end_matches("/**")
        .trim_end_matches('/')
        .to_string();
    let folder = !dir.is_empty() && !dir.contains('.') && !dir.contains('*') && !dir.contains(' ');
    folder.then(|| (dir, format!("{} {}", temp[0].text, temp[1].text)))
}

/// Files that are temporary artifacts by name: coverage profiles, Go test binaries, profiles,
/// `*.tmp`.
const TEMP_ARTIFACTS: &[&str] = &[
    "coverage.out",
    "cover.out",
    "*.coverprofile",
    "*.test",
    "*.prof",
    "*.tmp",
    "*.temp",
];

/// Config files a file-for-file rule can forbid: a manifest or config, never code (`moment.js`
/// is a package, `index.ts` a module).
const CONFIG_EXTS: &[&str] = &[
    "json",
    "jsonc",
    "json5",
    "toml",
    "yaml",
    "yml",
    "lock",
    "cfg",
    "ini",
    "xml",
    "properties",
    "gradle",
    "mod",
];

/// A bare config file name: `package.json`, `setup.cfg`, `go.mod`.
fn config_file(text: &str) -> bool {
    let Some((stem, ext)) = text.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty()
        && !text.contains('/')
        && !text.contains(' ')
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && CONFIG_EXTS.contains(&ext)
}

/// "Use `deno.json` …, not `package.json`": a forbidden config file name with a mandated config
/// file name in the same rule.
/// Two spellings of one format's extension.
const EXTENSION_SPELLINGS: &[[&str; 2]] =
    &[["yaml", "yml"], ["jpeg", "jpg"], ["html", "htm"], ["tiff", "tif"]];

/// "Use `.yaml` extension (never `.yml`)", "archivos `.yaml`, no `.yml`": the mention of the
/// forbidden spelling, it, and the mandated one.
fn variant_extension(ctx: &Context) -> Option<(usize, &'static str, &'static str)> {
    let ext = |e: &Entity| match e {
        Entity::Code { text, .. } => {
            let t = text.trim().trim_start_matches('*');
            let t = t.strip_prefix('.')?.to_ascii_lowercase();
            EXTENSION_SPELLINGS.iter().flatten().find(|s| **s == t).copied()
        }
        _ => None,
    };
    let (at, forbidden) = ctx
        .mentions()
        .filter(|(_, f)| f.role == Role::Forbid && !f.conditional)
        .find_map(|(i, f)| Some((i, ext(&f.entity)?)))?;
    let pair = EXTENSION_SPELLINGS.iter().find(|p| p.contains(&forbidden))?;
    let instead = ctx
        .mentions()
        .filter(|(_, f)| f.role != Role::Forbid)
        .find_map(|(_, f)| ext(&f.entity).filter(|e| *e != forbidden && pair.contains(e)))?;
    Some((at, forbidden, instead))
}

fn file_for_file(ctx: &Context) -> Option<(String, String)> {
    let name = |e: &Entity| match e {
        Entity::Code { text, .. } if config_file(text) => Some(text.clone()),
        _ => None,
    };
    let instead = ctx
        .mentions()
        .filter(|(_, f)| f.role == Role::Mandate)
        .find_map(|(_, f)| name(&f.entity));
    let forbidden = ctx
        .mentions()
        .filter(|(_, f)| f.role == Role::Forbid)
        .find_map(|(_, f)| name(&f.entity).filter(|n| Some(n) != instead.as_ref()));
    match (forbidden, instead) {
        (Some(f), Some(i)) => Some((f, i)),
        _ => clauses(ctx.tokens).into_iter().find_map(use_not),
    }
}

/// "Use `deno.json` for dependencies, not `package.json`" read from the tokens: a config file
/// right after "use" / "usar", then one right after "not" / "instead of" / "en lugar de" in the
/// same clause.
fn use_not(clause: &[Token]) -> Option<(String, String)> {
    let file = |t: &Token| matches!(t.kind, Kind::Span(_) | Kind::Path) && config_file(&t.text);
    let k = clause.iter().position(file)?;
    let before = clause[..k].iter().rev().find(|t| t.is_word())?;
    if !["use", "usar", "usa", "utilizar", "utiliza", "prefer", "preferir"].contains(&before.lower.as_str()) {
        return None;
    }
    let instead = &clause[k].text;
    let rest = &clause[k + 1..];
    let j = rest.iter().position(|t| file(t) && t.text != *instead)?;
    let words: Vec<&str> = rest[..j]
        .iter()
        .rev()
        .filter(|t| t.is_word())
        .take(3)
        .map(|t| t.lower.as_str())
        .collect();
    let negated = matches!(words.first(), Some(&("not" | "no" | "never" | "nunca")))
        || matches!(
            words.get(..2),
            Some(["of", "instead"] | ["than", "rather"] | ["de", "lugar"] | ["de", "vez"])
        );
    negated.then(|| (rest[j].text.clone(), instead.clone()))
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::{flags as flagged, texts};

    #[test]
    fn one_spelling_of_an_extension_is_asked_for() {
        for i in [
            "Use `.yaml` extension for all Ansible files (never `.yml`)",
            "Always use the `.yaml` extension, not `.yml`",
            "Usa la extensión `.yaml` en lugar de `.yml`",
        ] {
            assert!(flagged(i, "site.yml"), "{i}");
            assert!(flagged(i, "roles/nfs/tasks/main.yml"), "{i}");
            assert!(!flagged(i, "roles/nfs/tasks/main.yaml"), "{i}");
            // Names a tool fixes, and no member access read from the words.
            assert!(!flagged(i, ".github/workflows/ci.yml"), "{i}");
            assert!(!flagged(i, ".gitlab-ci.yml"), "{i}");
            assert!(texts(i, "a.ts", "const f = config.yml;\n").is_empty(), "{i}");
        }
        assert!(flagged("Images are `.jpg`, never `.jpeg`", "img/a.jpeg"));
        // Two different formats are not spellings of one.
        assert!(!flagged("Use `.yaml`, never `.json`", "a.json"));
    }

    #[test]
    fn created_extensions_are_forbidden_files() {
        let i = "No crear archivos .txt";
        assert!(flagged(i, "notas.txt"));
        assert!(flagged(i, "docs/notas.txt"));
        for ok in [
            "src/lib/export.ts",
            "README.md",
            "requirements.txt",
            "CMakeLists.txt",
            "node_modules/a/b.txt",
        ] {
            assert!(!flagged(i, ok), "{ok}");
        }
        let i = "Never create `.orig` or `.rej` files";
        assert!(flagged(i, "src/a.rs.orig"));
        assert!(flagged(i, "a.rej"));
        assert!(!flagged(i, "src/a.rs"));
        // Not a creation: nothing.
        assert!(!flagged("Never read `.txt` files", "a.txt"));
        // About what the agent adds: a check on existing files cannot tell.
        for i in [
            "Never proactively create `.md` files unless explicitly requested",
            "Don't create new .txt files",
            "No crear archivos .md salvo que se pida",
        ] {
            assert!(!flagged(i, "notes.md") && !flagged(i, "a.txt"), "{i}");
        }
        let i = "Never create `.md` files";
        assert!(flagged(i, "docs/notes.md"));
        assert!(!flagged(i, "README.md") && !flagged(i, "docs/CHANGELOG.md"));
    }

    #[test]
    fn the_kotlin_dsl_rules_out_groovy_build_scripts() {
        for i in [
            "Usa Gradle Kotlin DSL sin introducir plugins experimentales.",
            "Use the Kotlin DSL for all build scripts.",
        ] {
            assert!(flagged(i, "app/build.gradle"), "{i}");
            assert!(flagged(i, "settings.gradle"), "{i}");
            assert!(!flagged(i, "app/build.gradle.kts"), "{i}");
            assert!(!flagged(i, "node_modules/x/android/build.gradle"), "{i}");
        }
        assert!(!flagged("Don't use the Kotlin DSL.", "app/build.gradle"));
        assert!(!flagged("Never use Kotlin DSL here.", "app/build.gradle"));
    }

    #[test]
    fn jetpack_compose_rules_out_xml_layouts() {
        for i in [
            "Use Jetpack Compose",
            "**UI**: XML layouts and Compose. Favor Compose.",
            "Kotlin with Jetpack Compose, Koin for DI, Room for local storage",
        ] {
            assert!(flagged(i, "app/src/main/res/layout/activity_list.xml"), "{i}");
            assert!(
                flagged(
                    i,
                    "features/profile/src/main/res/layout-land/fragment_profile.xml"
                ),
                "{i}"
            );
            assert!(!flagged(i, "app/src/main/res/values/strings.xml"), "{i}");
        }
        let kt = "override fun onCreate(b: Bundle?) {\n    super.onCreate(b)\n    setContentView(R.layout.activity_list)\n    setContent { App() }\n}\n";
        assert_eq!(
            texts("Use Jetpack Compose", "app/src/main/java/a/ListActivity.kt", kt),
            ["setContentView"]
        );
        for other in [
            "Use Jetpack Compose for new UI (not XML layouts)",
            "Don't use Jetpack Compose.",
            "Use Docker Compose for local services.",
            "Compose files: never set `container_name`.",
            "Sigue el estilo de código oficial de Kotlin y Jetpack Compose.",
            "Ejecuta `./gradlew lint` antes de publicar cambios significativos en código Kotlin o Compose.",
        ] {
            assert!(
                !flagged(other, "app/src/main/res/layout/activity_list.xml"),
                "{other}"
            );
        }
    }

    #[test]
    fn named_kinds_of_files() {
        let i = "**Nunca** crear archivos de configuración de bundlers";
        assert!(flagged(i, "vite.config.js"));
        assert!(flagged(i, "webpack.config.ts"));
        assert!(!flagged(i, "js/main.js"));
        assert!(!flagged(i, "index.html"));
        assert!(flagged("Never add bundler config files", "rollup.config.mjs"));
        assert!(!flagged("Keep the bundler config files small", "vite.config.js"));
    }

    #[test]
    fn temporary_artifacts_outside_their_folder() {
        let i = "WD-001 (**MUST**) Place all temporary artifacts (work files, coverage, test binaries, etc.) **under `./tmp`**.";
        assert!(flagged(i, "coverage.out"));
        assert!(flagged(i, "internal/cli/cli.test"));
        assert!(!flagged(i, "tmp/coverage.out"));
        assert!(!flagged(i, "Makefile"));
        assert!(!flagged(i, "internal/cli/show_ap.go"));
        // No folder named: nothing.
        assert!(!flagged("Clean up temporary files when done", "coverage.out"));
    }

    #[test]
    fn a_config_file_in_favour_of_another() {
        let i = "Use `deno.json` for dependencies, not `package.json`";
        assert!(flagged(i, "package.json"));
        assert!(flagged(i, "apps/web/package.json"));
        assert!(!flagged(i, "deno.json"));
        assert!(!flagged(i, "README.md"));
        // Code and packages are not files to forbid.
        assert!(!flagged("Use `dayjs` instead of `moment.js`", "moment.js"));
        assert!(!flagged("Use `index.ts`, not `index.js`", "index.js"));
    }

    #[test]
    fn forbidden_tests_are_their_files() {
        let i = "Never write unit tests.";
        for test in [
            "tests/vec_math_test.cpp",
            "pkg/a_test.go",
            "src/a.test.ts",
            "app/tests/test_views.py",
            "src/test/java/AppTest.java",
        ] {
            assert!(flagged(i, test), "{test}");
        }
        // A shader named for a test pattern, the code under test: not tests.
        assert!(!flagged(i, "res/shaders/test_pattern.frag"));
        assert!(!flagged(i, "src/main.cpp"));
        let es = "No generar archivos de pruebas (unitarias, de integración, e2e, mocks, etc.).";
        assert!(flagged(es, "backend/internal/services/enrollment_test.go"));
        assert!(flagged(es, "backend/internal/mocks/course_repository_mock.go"));
        assert!(!flagged(es, "backend/internal/services/evaluationattempt.go"));
        // A kind of tests: its files only.
        let system = "DO NOT implement system tests - Focus on unit tests and integration tests only.";
        assert!(flagged(system, "test/system/habits_test.rb"));
        assert!(!flagged(system, "test/integration/habit_tracking_flow_test.rb"));
        assert!(!flagged(system, "test/services/habit_creator_test.rb"));
        // After another negation; an OpenAPI `spec/` folder is no test.
        assert!(flagged(
            "Don't use mocks. Never write unit tests.",
            "pkg/a_test.go"
        ));
        assert!(!flagged(i, "spec/openapi.yaml"));
        // Some tests, a place, new ones, another act on tests: not these.
        for other in [
            "Do not write tests for trivial getters.",
            "Never write tests that hit the network.",
            "Don't add tests in `src/`.",
            "Do not write new tests without asking.",
            "Never delete or skip tests.",
            "Do not modify tests to make them pass.",
            "Write unit tests for every service.",
            "Do not write test code in production files.",
        ] {
            assert!(!flagged(other, "pkg/a_test.go"), "{other}");
        }
    }
}
