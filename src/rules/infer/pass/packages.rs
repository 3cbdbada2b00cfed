//! Packages pass: a package named in words or lists ("Don't use moment.js, dayjs, or luxon",
//! "NOT permitted: axios, lodash", "no uses moment ni lodash", "use pytest, not unittest") is
//! checked where it is a package — imports and manifests of its ecosystems (`imports`) — never
//! as a word. A word counts as a package when it is well known, spelled as one (`moment.js`,
//! `@scope/pkg`), a proper name after "never use", the replaced side of "instead of", or the
//! rule speaks of libraries.

use super::super::concepts::is_tool;
use super::super::files::Lang;
use super::super::imports::{self, Ecosystem};
use super::super::literal;
use super::super::phrases::{Entity, Mention, Role, Side, Trig};
use super::super::text::Kind;
use super::super::words::{
    CONTROL_FLOW_KEYWORDS, CSS_PROPERTIES, IMPORT_WORDS, LIBRARY_WORDS, NOT_PACKAGE_WORDS, TAILWIND_WORDS,
    WRITING_STYLE_WORDS,
};
use super::{At, Context, Found, Route};
use crate::rules::infer::files::FileScope;
use crate::rules::model::Within;

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Packages) {
        let at = At::Mention(i);
        match &f.entity {
            Entity::Code { text, .. } if unqualified_import(ctx, text) => unqualified(ctx, out, at, text, f),
            Entity::Code { text, .. }
                if ctx.says(IMPORT_WORDS) && imports::module_specifier(text).is_some() =>
            {
                module(ctx, out, at, text, f);
            }
            Entity::Code { text, .. } => {
                let Ok(lit) = literal::classify(text) else {
                    continue;
                };
                let known = imports::package_spelling(&lit.text) || imports::is_known_package(&lit.text);
                if CONTROL_FLOW_KEYWORDS.contains(&lit.text.as_str()) {
                    let why = if f.side == Some(Side::Replaced) {
                        "replaced only where it does the other thing's job"
                    } else {
                        "written in other constructs too (a comprehension's `for`, a conditional expression's `if`)"
                    };
                    out.note(
                        at,
                        format!(
                            "`{}` after \"{}\" not checked: a keyword, not a package — {why}",
                            lit.text, f.trigger
                        ),
                    );
                } else if known || f.side == Some(Side::Replaced) || ctx.says(LIBRARY_WORDS) {
                    package(ctx, out, at, &lit.text, f, "in code spans", Covered::Nothing);
                } else if prose_word(ctx, &lit.text) {
                    prose_word_check(ctx, out, at, &lit.text, f);
                } else {
                    out.note(
                        at,
                        format!(
                            "`{}` after \"{}\" not checked: also a common word, it would fire in prose and comments",
                            lit.text, f.trigger
                        ),
                    );
                }
            }
            // "Avoid BehaviorSubject": a name in code, written without its backticks.
            Entity::Term(term) if pascal_identifier(term) && !imports::is_known_package(term) => {
                super::literals::forbid_code(ctx, out, at, term, false, f, None);
            }
            Entity::Term(term) => {
                if let Some(how) = reads_as_package(ctx, term, f) {
                    package(ctx, out, at, term, f, how, Covered::Nothing);
                }
            }
            _ => {}
        }
    }
}

/// Whether `word` is a word of how documentation is written ("Never use \"simply\" or
/// \"just\""): a word of style, no name of code, in a rule that names no language.
fn prose_word(ctx: &Context, word: &str) -> bool {
    WRITING_STYLE_WORDS.contains(&word.to_lowercase().as_str()) && ctx.named.langs().is_empty()
}

/// Documentation prose — Markdown outside its code spans and blocks — that says `word`, as a
/// whole word in any case: not `Justifier`, `simplify()` or a code comment.
fn prose_word_check(ctx: &Context, out: &mut Found, at: At, word: &str, f: &Mention) {
    let scope = ctx.scope_for(&[Lang::Docs], &format!("the word \"{word}\""));
    // Fenced blocks, code spans and comments are matched first, reporting nothing.
    let pattern = literal::consumed_first(
        &format!(r"(?i)\b(?P<hit>{})\b", regex::escape(word)),
        r"^[ \t]*```[^\r\n]*(?s:.*?)^[ \t]*```|^[ \t]*~~~[^\r\n]*(?s:.*?)^[ \t]*~~~|`[^`\r\n]*`|<!--(?s:.*?)-->",
    );
    let explanation = format!(
        "word of style \"{word}\" after \"{}\"; scope {}; in prose only (not code spans, code blocks or comments)",
        f.trigger, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// A module path forbidden in a rule about imports: JS/TS import statements of it (or, for a
/// relative prefix, of anything under it) — a subpath of a package leaves the package allowed.
fn module(ctx: &Context, out: &mut Found, at: At, spec: &str, f: &Mention) {
    let what = if spec.ends_with('/') {
        "imports under"
    } else {
        "imports of"
    };
    js_import_check(ctx, out, at, imports::js_module_pattern(spec), |scope| {
        format!(
            "module path `{spec}` after \"{}\" in a rule about imports: JS/TS {what} `{spec}`; scope {scope}",
            f.trigger
        )
    });
}

/// A check of JS/TS import specifiers (`pattern`, in strings) in the rule's files, or in JS/TS
/// sources, confined by its folders and conditions; `explain` words it from the scope's why.
fn js_import_check(
    ctx: &Context,
    out: &mut Found,
    at: At,
    pattern: String,
    explain: impl FnOnce(&str) -> String,
) {
    let mut scope = ctx.named.scope().unwrap_or_else(|| source_scope(Ecosystem::Js));
    ctx.narrow(&mut scope);
    let explanation = explain(&scope.why);
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Strings),
    );
}

/// Words that say an import brings names in without their module ("unqualified imports").
const UNQUALIFIED_WORDS: &[&str] = &["unqualified", "non-qualified"];

/// Words after which code spans are exceptions: "except `temporalio.types`".
const EXCEPTION_LEADS: &[&str] = &["except", "excepto", "salvo", "besides", "but"];

/// `tree-sitter-sql`, `node-fetch`, `class-validator`: a lowercase name of two or more words
/// joined by hyphens, as packages are named and no identifier of code is — in a rule about no
/// styles or markup, where such a name is a CSS property, a class or an attribute (`border-radius`,
/// `text-red-500`, `data-testid`).
pub fn hyphenated_package(ctx: &Context, text: &str) -> bool {
    /// Prefixes of markup's attributes and directives: `data-*`, `aria-*`, `v-if`, `ng-model`.
    const MARKUP_PREFIXES: &[&str] = &["data", "aria", "x", "v", "ng", "hx", "wire", "on", "bind"];
    const DIRECTIVE_VERBS: &[&str] = &["disable", "enable", "ignore", "expect", "nocheck", "check"];
    let segments: Vec<&str> = text.split('-').collect();
    let words = segments.len() >= 2
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                && s.chars().any(|c| c.is_ascii_lowercase())
        })
        && segments[0].starts_with(|c: char| c.is_ascii_lowercase());
    if !words {
        return false;
    }
    let langs = ctx.named.langs();
    !MARKUP_PREFIXES.contains(&segments[0])
        // `eslint-disable`, `prettier-ignore`: a linter's directive.
        && !segments.iter().any(|s| DIRECTIVE_VERBS.contains(s))
        // `docker-compose`, `ts-node`: a command.
        && !is_tool(text)
        && !CSS_PROPERTIES.contains(&text)
        && !langs
            .iter()
            .any(|l| matches!(l, Lang::Css | Lang::Html | Lang::Vue | Lang::Svelte))
        // "`co-authored-by` in commit messages": where no package is imported.
        && (langs.is_empty() || langs.iter().any(|l| Ecosystem::of_lang(*l).is_some()))
        && !ctx.says(TAILWIND_WORDS)
        && !ctx.says(NOT_PACKAGE_WORDS)
}

/// Whether the rule forbids unqualified imports and `text` is a module's dotted name
/// ("avoid unqualified imports from `temporalio` packages").
pub fn unqualified_import(ctx: &Context, text: &str) -> bool {
    ctx.says(UNQUALIFIED_WORDS) && ctx.says(IMPORT_WORDS) && dotted_module(text)
}

/// `temporalio`, `temporalio.types`: a Python module path.
fn dotted_module(text: &str) -> bool {
    text.len() <= 100
        && text.split('.').all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// The code spans the rule names as exceptions: those after "except" in the same clause.
fn exceptions<'a>(ctx: &Context<'a>) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut open = false;
    for t in ctx.tokens {
        match t.kind {
            Kind::Word if EXCEPTION_LEADS.contains(&t.lower.as_str()) => open = true,
            Kind::Sep => open = false,
            Kind::Span(_) if open => out.push(t.text.as_str()),
            _ => {}
        }
    }
    out
}

/// "Avoid unqualified imports from `temporalio` packages except `temporalio.types`": Python's
/// `from temporalio.x import y` (the names come in without their module), not
/// `import temporalio.x` nor a use of `temporalio.x.y` — the qualified form the rule asks for.
/// A module the rule excepts, and its submodules, stay allowed.
fn unqualified(ctx: &Context, out: &mut Found, at: At, name: &str, f: &Mention) {
    let excepted = exceptions(ctx);
    if excepted.contains(&name) {
        return;
    }
    let mut scope = source_scope(Ecosystem::Python);
    ctx.narrow(&mut scope);
    let allowed: Vec<String> = excepted
        .iter()
        .filter(|e| e.starts_with(&format!("{name}.")) && dotted_module(e))
        .map(|e| regex::escape(e))
        .collect();
    let allowed = if allowed.is_empty() {
        String::new()
    } else {
        format!(r"(?:{})(?:\.[\w.]*)?[ \t]+import\b|", allowed.join("|"))
    };
    let pattern = format!(
        r"^[ \t]*from[ \t]+(?:{allowed}(?P<hit>{}(?:\.[A-Za-z_][\w.]*)?)[ \t]+import\b)",
        regex::escape(name)
    );
    let but = if excepted.is_empty() {
        String::new()
    } else {
        format!(
            " (except {})",
            excepted
                .iter()
                .map(|e| format!("`{e}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let explanation = format!(
        "unqualified imports of `{name}` after \"{}\": Python `from {name}… import` statements{but}, not `import {name}…` or qualified uses; scope {}",
        f.trigger, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
    );
}

/// The source files of an ecosystem, said by its name: "Python (*.py)".
fn source_scope(ecosystem: Ecosystem) -> FileScope {
    let mut scope = FileScope::of_globs(ecosystem.source_globs(), String::new());
    scope.why = format!("{} ({})", ecosystem.name(), scope.describe());
    scope
}

/// Whether an unquoted forbidden word is a package, and what made it one.
fn reads_as_package(ctx: &Context, term: &str, f: &Mention) -> Option<&'static str> {
    if term.contains(' ') {
        return None;
    }
    let lower = term.to_lowercase();
    let name = imports::package_name(term)?;
    if imports::known(&name).is_empty() && generic_acronym(term) {
        return None;
    }
    // "Use Bun instead of Node.js": a runtime, not a package its imports name.
    if RUNTIMES.contains(&name.as_str()) {
        return None;
    }
    let instead_like = matches!(f.trig, Some(Trig::Instead | Trig::Over | Trig::Replace));
    // A well-known package that is also a word ("moment") only right after "don't use" and the like.
    let use_like = instead_like || matches!(f.trig, Some(Trig::NegUse));
    let known = !imports::known(&name).is_empty();
    if literal::is_prose_word(&lower) && (!use_like || !known) {
        return None;
    }
    // A proper name after "never use" ("jQuery", "Axios") is a package too.
    let named_thing = matches!(f.trig, Some(Trig::NegUse)) && term.chars().any(char::is_uppercase);
    if imports::package_spelling(term) {
        Some("spelled as a package")
    } else if !imports::known(&name).is_empty() {
        Some("a well-known package")
    } else if named_thing || (instead_like && term.chars().any(char::is_uppercase)) {
        // An unknown name after "instead of" counts when written as a name ("Axios"); a
        // lowercase word ("composition over inheritance", "over raw `bash` calls") is prose.
        Some("unquoted")
    } else if matches!(f.trig, Some(Trig::NegUse))
        && ctx.says(LIBRARY_WORDS)
        // "Avoid libraries that use `eval`": the kind, not one of them.
        && !lower.split(' ').any(|w| LIBRARY_WORDS.contains(&w))
    {
        Some("in a rule about libraries")
    } else {
        None
    }
}

/// `BehaviorSubject`, `ChangeNotifier`, `HashMap`: two or more capitalised words run together,
/// as classes are named — not a product that writes so (`TypeScript`, `GitHub`) nor one with
/// capitals in a row (`FastAPI`, `GraphQL`, `NestJS`), which may be packages.
fn pascal_identifier(term: &str) -> bool {
    const PRODUCTS: &[&str] = &[
        "TypeScript",
        "JavaScript",
        "CoffeeScript",
        "PowerShell",
        "GitHub",
        "GitLab",
        "BitBucket",
        "WordPress",
        "YouTube",
        "LinkedIn",
        "PayPal",
        "DevOps",
        "DevTools",
        "CocoaPods",
        "NativeWind",
        "TanStack",
        "SvelteKit",
        "JetBrains",
        "CloudFormation",
        "CloudFlare",
        "CloudWatch",
        "DigitalOcean",
        "PlanetScale",
        "StackOverflow",
        "SonarQube",
        "SonarCloud",
        "DataDog",
        "PagerDuty",
        "OpenShift",
        "HashiCorp",
        "LiveView",
        "WebStorm",
        "WebAssembly",
        "LangChain",
        "LangGraph",
        "LlamaIndex",
        "HuggingFace",
        "OpenTelemetry",
        "OpenTofu",
        "SpringBoot",
        "ClickHouse",
        "HomeBrew",
        "MacBook",
        "JavaBeans",
        "TypeDoc",
        "ReScript",
        "PureScript",
    ];
    let humps: Vec<&str> = term
        .match_indices(|c: char| c.is_ascii_uppercase())
        .map(|(i, _)| i)
        .chain([term.len()])
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| &term[w[0]..w[1]])
        .collect();
    term.starts_with(|c: char| c.is_ascii_uppercase())
        && term.chars().all(|c| c.is_ascii_alphabetic())
        && humps.len() >= 2
        && humps.iter().all(|h| h.len() >= 3)
        && !PRODUCTS.contains(&term)
}

/// "APIs", "SDKs", "URLs", "JSON", "HTTP": a kind of thing written in capitals, not a
/// package's name ("Avoid deprecated methods or APIs").
fn generic_acronym(term: &str) -> bool {
    let plural = term
        .strip_suffix('s')
        .is_some_and(|stem| stem.len() >= 2 && stem.chars().all(|c| c.is_ascii_uppercase()));
    plural || GENERIC_ACRONYMS.contains(&term)
}

/// Runtimes and languages a rule names like packages ("Node.js").
const RUNTIMES: &[&str] = &[
    "node", "nodejs", "deno", "bun", "python", "ruby", "php", "java", "go", "rust",
];

/// Capitalized words for kinds of things, not packages.
const GENERIC_ACRONYMS: &[&str] = &[
    "API", "SDK", "UI", "UX", "CLI", "URL", "URI", "JSON", "YAML", "XML", "HTML", "CSS", "HTTP", "HTTPS",
    "REST", "SQL", "DOM", "CPU", "GPU", "IO", "ID", "UUID", "JWT", "DB", "OS", "CI", "CD", "PR", "TODO",
    "FIXME", "MVP", "DTO", "DTOs",
];

/// What checks of a package's name as written (a literal's) already report in source files, so
/// its imports there are left to them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Covered {
    /// Nothing: every import and manifest is checked.
    Nothing,
    /// Its name in code: imports whose name is code (Python, Rust) are left to it.
    Code,
    /// Its name in code and strings: imports whose name is a string (JS, Go) and CDN URLs are
    /// left to them; those in code spell it otherwise (`tree_sitter_sql` for `tree-sitter-sql`)
    /// and are checked, as are manifests.
    CodeAndStrings,
}

/// Checks a package where it is one: the imports and manifests of its ecosystems, less those
/// that checks of its name already report (`covered`).
pub fn package(ctx: &Context, out: &mut Found, at: At, word: &str, f: &Mention, how: &str, covered: Covered) {
    let Some(name) = imports::package_name(word) else {
        return;
    };
    let named = ctx.named.langs();
    let mut ecos: Vec<Ecosystem> = named.iter().filter_map(|l| Ecosystem::of_lang(*l)).collect();
    ecos.sort();
    ecos.dedup();
    if !named.is_empty() && ecos.is_empty() {
        out.note(
            at,
            format!(
                "\"{word}\" after \"{}\" read as a package, but the rule names no language with packages: not checked",
                f.trigger
            ),
        );
        return;
    }
    // "Do not import `log`. Import `log/slog`": the rule's other code says the language.
    if ecos.is_empty() {
        ecos = ctx
            .literal_langs
            .iter()
            .filter_map(|l| Ecosystem::of_lang(*l))
            .collect();
        ecos.sort();
        ecos.dedup();
    }
    if ecos.is_empty() {
        let known = imports::known(&name);
        ecos = if known.is_empty() {
            Ecosystem::ALL.to_vec()
        } else {
            known
        };
    }
    ecos.retain(|e| e.accepts(&name));
    // Folders, exceptions and test qualifiers say where code may not import it; a manifest is
    // the whole project's, so it is left out then.
    let conditioned = ctx.narrows();
    // "Avoid redux": its bindings and toolkit (`react-redux`, `@reduxjs/toolkit`) are redux too.
    let packages: Vec<(Ecosystem, &str)> = ecos
        .iter()
        .flat_map(|&eco| {
            let companions = if eco == Ecosystem::Js {
                companions_of(&name)
            } else {
                &[]
            };
            std::iter::once(name.as_str())
                .chain(companions.iter().copied())
                .map(move |pkg| (eco, pkg))
        })
        .collect();
    // "Use `@vitest/utils/*`. Never import from `@vitest/utils` main entry point": its subpaths
    // are the way, so only the bare entry is forbidden — as an import, not as a dependency.
    let subpath_of = |text: &str| {
        text.strip_prefix(name.as_str())
            .is_some_and(|rest| rest.starts_with('/'))
    };
    let subpath_mandated = ctx.tokens.iter().any(|t| t.is_code() && subpath_of(&t.text))
        && !ctx.found.iter().any(|m| {
            m.role == Role::Forbid && matches!(&m.entity, Entity::Code { text, .. } if subpath_of(text))
        });
    for (eco, pkg) in packages {
        if subpath_mandated && eco == Ecosystem::Js {
            if pkg == name {
                js_import_check(ctx, out, at, imports::js_entry_pattern(&name), |scope| {
                    format!(
                        "\"{word}\" ({how}) after \"{}\" read as a package: JS/TS imports of `{name}` itself, its subpaths being what the rule asks for; scope {scope}",
                        f.trigger
                    )
                });
            }
            continue;
        }
        let of = if pkg == name {
            format!("`{name}`")
        } else {
            format!("`{pkg}`, a companion of `{name}`")
        };
        for site in eco.sites(pkg) {
            let left_to_literal = match covered {
                Covered::Nothing => false,
                Covered::Code => site.within == Within::Code,
                Covered::CodeAndStrings => site.source && site.within != Within::Code,
            };
            if (!site.source && conditioned) || left_to_literal {
                continue;
            }
            let in_sources = site
                .files
                .iter()
                .map(String::as_str)
                .eq(eco.source_globs().iter().copied());
            let mut scope = if in_sources {
                match ctx.named.scope() {
                    Some(s) if named.iter().all(|l| Ecosystem::of_lang(*l) == Some(eco)) => s,
                    _ => {
                        let globs: Vec<&str> = site.files.iter().map(String::as_str).collect();
                        let mut s = FileScope::of_globs(&globs, String::new());
                        s.why = format!("{} ({})", eco.name(), s.describe());
                        s
                    }
                }
            } else {
                let globs: Vec<&str> = site.files.iter().map(String::as_str).collect();
                let mut s = FileScope::of_globs(&globs, String::new());
                s.why = s.describe();
                s
            };
            if site.source {
                ctx.narrow(&mut scope);
            }
            let explanation = format!(
                "\"{word}\" ({how}) after \"{}\" read as a package: {} of {of}; scope {}",
                f.trigger, site.what, scope.why
            );
            out.check(
                at,
                ctx.pattern_check(site.pattern, scope, None, explanation, site.within),
            );
        }
    }
}

/// The npm packages that come with a library and are it by another name: its bindings, its
/// toolkit, its types, its plugins — forbidding the library forbids them.
const COMPANIONS: &[(&str, &[&str])] = &[
    (
        "redux",
        &[
            "react-redux",
            "@reduxjs/toolkit",
            "redux-thunk",
            "redux-saga",
            "redux-persist",
        ],
    ),
    ("mobx", &["mobx-react", "mobx-react-lite", "mobx-state-tree"]),
    ("moment", &["moment-timezone"]),
    ("lodash", &["lodash-es", "@types/lodash"]),
    ("prisma", &["@prisma/client"]),
    ("jquery", &["@types/jquery"]),
    (
        "jest",
        &["ts-jest", "babel-jest", "@types/jest", "jest-environment-jsdom"],
    ),
    ("enzyme", &["@types/enzyme", "enzyme-adapter-react-16"]),
    (
        "styled-components",
        &["@types/styled-components", "babel-plugin-styled-components"],
    ),
    (
        "bootstrap",
        &["react-bootstrap", "bootstrap-vue", "ngx-bootstrap"],
    ),
    ("date-fns", &["date-fns-tz"]),
    ("tailwindcss", &["@tailwindcss/vite", "@tailwindcss/postcss"]),
];

fn companions_of(name: &str) -> &'static [&'static str] {
    COMPANIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[], |(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;
    use super::pascal_identifier;

    #[test]
    fn unqualified_imports_are_from_imports_and_exceptions_stay_allowed() {
        let rule = "Avoid unqualified imports from `temporalio` packages except `temporalio.types`. Relative imports are acceptable for private packages.";
        let py = "import temporalio.common\n\
                  from temporalio.client import Client\n\
                  from temporalio import workflow\n\
                  from temporalio.types import MethodAsync\n\
                  from temporalio.types.sub import X\n\
                  from ._private import helper\n\
                  policy: temporalio.common.RetryPolicy = temporalio.common.RetryPolicy()\n\
                  from temporalio_extra import y\n\
                  # from temporalio.client import Client\n";
        assert_eq!(
            texts(rule, "temporalio/worker/_worker.py", py),
            ["temporalio.client", "temporalio"]
        );
        // Without an exception, every `from` import of the package.
        let rule = "Avoid unqualified imports from `temporalio`.";
        assert_eq!(
            texts(rule, "a.py", py),
            [
                "temporalio.client",
                "temporalio",
                "temporalio.types",
                "temporalio.types.sub"
            ]
        );
    }

    #[test]
    fn a_hyphenated_name_is_also_checked_where_it_is_a_package() {
        let rule = "Do NOT use `tree-sitter-sql` — use `tree-sitter-sequel` for SQL parsing";
        let manifest = "[dependencies]\ntree-sitter-sequel.workspace = true\ntree-sitter-sql = \"0.0.2\"\n";
        assert_eq!(texts(rule, "crates/p/Cargo.toml", manifest), ["tree-sitter-sql"]);
        // Its crate as Rust names it, not the doc comment that mentions it.
        let rs = "//! The older tree-sitter-sql grammar could not parse PL/pgSQL.\nuse tree_sitter_sql::language;\n";
        assert_eq!(texts(rule, "crates/p/src/sql.rs", rs), ["tree_sitter_sql"]);
        // A commented-out dependency is no dependency.
        let workspace =
            "[workspace.dependencies]\n# tree-sitter-sql = \"0.21\"\ntree-sitter-sequel = \"0.3\"\n";
        assert!(texts(rule, "Cargo.toml", workspace).is_empty());
        // An import that writes it as written is reported once, not by both readings.
        let ts = "import sql from 'tree-sitter-sql';\n";
        assert_eq!(texts(rule, "src/a.ts", ts), ["tree-sitter-sql"]);
        let json = "{\n  \"dependencies\": { \"tree-sitter-sql\": \"^0.1.0\" }\n}\n";
        assert_eq!(texts(rule, "package.json", json), ["tree-sitter-sql"]);
        // A value spelled with hyphens is still checked where it is written.
        let csp = "Never use `unsafe-inline` in the Content-Security-Policy.";
        assert_eq!(
            texts(
                csp,
                "server/csp.ts",
                "const csp = \"script-src 'self' 'unsafe-inline'\";\n"
            ),
            ["unsafe-inline"]
        );
    }

    #[test]
    fn names_with_hyphens_that_are_no_packages() {
        use super::super::super::tests::explained;
        for (rule, name) in [
            ("No `border-radius` on buttons.", "border-radius"),
            ("Never use `data-testid`; query by role.", "data-testid"),
            ("Never use `eslint-disable` comments.", "eslint-disable"),
            (
                "Never use `docker-compose`; use `docker compose`.",
                "docker-compose",
            ),
            ("No uses clases `rounded-full` en botones.", "rounded-full"),
            (
                "Never use `co-authored-by` trailers in commit messages.",
                "co-authored-by",
            ),
            ("Never add the `no-console` rule.", "no-console"),
        ] {
            let said = explained(rule);
            assert!(
                !said.contains("a hyphenated name, as packages are named"),
                "{rule}: `{name}` read as a package: {said}"
            );
        }
        let said = explained("Never use `class-validator`.");
        assert!(
            said.contains("\"class-validator\" (a hyphenated name, as packages are named)"),
            "{said}"
        );
    }

    #[test]
    fn a_library_s_companions_are_the_library() {
        let i = "Avoid usage of redux and unnecessary state management libraries.";
        let json = "{\n  \"dependencies\": {\n    \"@reduxjs/toolkit\": \"^2.0.0\",\n    \"react\": \"^18.0.0\",\n    \"react-redux\": \"^9.0.0\"\n  }\n}\n";
        assert_eq!(
            texts(i, "package.json", json),
            ["@reduxjs/toolkit", "react-redux"]
        );
        let ts = "import { configureStore } from '@reduxjs/toolkit';\nimport { useState } from 'react';\n";
        assert_eq!(texts(i, "src/store.ts", ts), ["@reduxjs/toolkit"]);
        // A companion is only its library's: "no jest" leaves vitest alone.
        assert!(
            texts(
                "Use vitest, not jest",
                "package.json",
                "{\"devDependencies\": {\"vitest\": \"1\"}}\n"
            )
            .is_empty()
        );
        assert_eq!(
            texts(
                "Use vitest, not jest",
                "package.json",
                "{\"devDependencies\": {\"ts-jest\": \"29\"}}\n"
            ),
            ["ts-jest"]
        );
    }

    #[test]
    fn an_unquoted_class_name_is_checked_in_code_not_as_a_package() {
        let i = "State Management: Use Signals for all reactive states. Avoid BehaviorSubject.";
        let ts = "import { signal } from '@angular/core';\nimport { BehaviorSubject } from 'rxjs';\n// BehaviorSubject was replaced\nconst s = new BehaviorSubject<number>(0);\n";
        assert_eq!(
            texts(i, "src/app/store.ts", ts),
            ["BehaviorSubject", "BehaviorSubject"]
        );
        for name in ["BehaviorSubject", "ChangeNotifier", "HashMap"] {
            assert!(pascal_identifier(name), "{name}");
        }
        for name in [
            "TypeScript",
            "GitHub",
            "FastAPI",
            "GraphQL",
            "NestJS",
            "Axios",
            "MobX",
            "PyYAML",
        ] {
            assert!(!pascal_identifier(name), "{name}");
        }
    }
}
