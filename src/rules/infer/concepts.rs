//! Named detectors: the things a rule's words can name unambiguously ("emojis", "default
//! exports", "class components", `any`, `var`…), each with the regex that finds it and the files
//! it applies to by default; plus the parameterized one for forbidden tools in command contexts
//! (packages are in `imports`).

use super::files::{COMMAND_FILES, Lang};
use super::words;
use super::words::{SUBCOMMANDS, TOOLS};
use crate::rules::model::Within;

/// What a detector does when its concept is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Each match is a violation (the concept is forbidden).
    Forbid,
    /// A file in scope without a match is a violation (the concept is mandated).
    Require,
    /// The concept rules out a counterpart, which the detector finds: mandated ("use ES
    /// modules"), each match of the counterpart is a violation; forbidden, nothing is checked.
    RulesOut,
}

/// One named detector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detector {
    pub name: &'static str,
    /// One line for docs and `--explain`.
    pub summary: &'static str,
    pub pattern: &'static str,
    /// Default scope; empty means source files.
    pub langs: &'static [Lang],
    /// Globs left out of the default scope (tabs are required in Makefiles and gofmt'd Go).
    pub exclude: &'static [&'static str],
    /// Where its matches count: code for most; comments for markers such as a bare
    /// `@ts-expect-error`; anywhere for what lives in any text (emoji, TODO, whitespace).
    pub within: Within,
    pub effect: Effect,
}

const JS_TS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript];

pub const EMOJI: Detector = Detector {
    name: "emoji",
    summary: "emoji characters (Emoji_Presentation, or a pictograph with VS16, with modifiers and ZWJ sequences)",
    pattern: r"(?P<hit>(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\x{FE0F})(?:\x{FE0F}|\p{Emoji_Modifier}|\x{200D}(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\x{FE0F}?))*)",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// Files whose default export a framework or tool requires: config files, Next.js app and
/// pages router files, Remix routes, Storybook stories, Convex's schema and HTTP router. A rule
/// against default exports cannot mean them.
const REQUIRED_DEFAULT_EXPORTS: &[&str] = &[
    "!*.config.*",
    "!**/app/**/page.*",
    "!**/app/**/layout.*",
    "!**/app/**/template.*",
    "!**/app/**/loading.*",
    "!**/app/**/error.*",
    "!**/app/**/global-error.*",
    "!**/app/**/not-found.*",
    "!**/app/**/default.*",
    "!**/app/**/opengraph-image.*",
    "!**/app/**/twitter-image.*",
    "!**/app/**/icon.*",
    "!**/app/**/apple-icon.*",
    "!**/app/**/robots.*",
    "!**/app/**/sitemap.*",
    "!**/app/**/manifest.*",
    "!**/pages/**",
    "!**/app/routes/**",
    "!**/app/root.*",
    "!*.stories.*",
    "!**/.storybook/**",
    "!**/convex/schema.*",
    "!**/convex/http.*",
];

pub const DEFAULT_EXPORT: Detector = Detector {
    name: "default-export",
    summary: "`export default …` and `export { x as default }` in JS/TS (not in files whose framework requires one: configs, Next.js pages and layouts, stories…)",
    pattern: r"^[ \t]*(?P<hit>export[ \t]+default\b|export[ \t]*\{[^}\r\n]*\bas[ \t]+default\b)",
    langs: JS_TS,
    exclude: REQUIRED_DEFAULT_EXPORTS,
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const NAMED_EXPORTS: Detector = Detector {
    name: "named-exports",
    summary: "default exports where named exports are mandated: `export default …`, `export { x as default }`",
    pattern: DEFAULT_EXPORT.pattern,
    langs: JS_TS,
    exclude: REQUIRED_DEFAULT_EXPORTS,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Always use explicit named exports (no `export *`)": explicit names are said against star
/// re-exports — barrels — not against a default export.
pub const EXPLICIT_EXPORTS: Detector = Detector {
    name: "explicit-exports",
    summary: "star re-exports where explicit named exports are mandated: `export * from …`, `export * as ns from …`",
    pattern: r"^[ \t]*(?P<hit>export[ \t]*\*)",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Don't add standalone properties to decorators as it's implicit" (Angular 19 made standalone
/// the default): the property set anyway.
pub const STANDALONE_FLAG: Detector = Detector {
    name: "standalone-flag",
    summary: "an Angular decorator that sets the default `standalone: true`",
    pattern: r"\b(?P<hit>standalone[ \t]*:[ \t]*true)\b",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Componentes standalone", "Use standalone components": an Angular component, directive or
/// pipe declared `standalone: false` (belonging to an NgModule), ruled out.
pub const STANDALONE_COMPONENTS: Detector = Detector {
    name: "standalone-components",
    summary: "an Angular declaration opted out of standalone: `standalone: false`",
    pattern: r"\b(?P<hit>standalone[ \t]*:[ \t]*false)\b",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Use Lombok for boilerplate (Getter, Setter, …)", "The use of Lombok is preferred over writing
/// custom code": the accessors Lombok generates, written by hand — a public getter whose body
/// only returns a field (`return id;`, `return this.id;`) and a public setter whose body only
/// assigns one — ruled out. A computed getter (`return String.format(…)`) is no boilerplate.
pub const LOMBOK_ACCESSORS: Detector = Detector {
    name: "lombok-accessors",
    summary: "hand-written Java getters and setters that only return or assign a field, where Lombok is mandated",
    pattern: r"^[ \t]*public[ \t]+(?:final[ \t]+)?[\w.$]+(?:<[^>\r\n]*>)?(?:\[\])*[ \t]+(?P<hit>(?:get|is|set)[A-Z]\w*)[ \t]*\([ \t]*(?:(?:final[ \t]+)?[\w.$]+(?:<[^>\r\n]*>)?(?:\[\])*[ \t]+\w+[ \t]*)?\)[ \t]*\{[ \t\r\n]*(?:return[ \t]+(?:this\.)?\w+|(?:this\.)?\w+[ \t]*=[ \t]*\w+)[ \t]*;[ \t\r\n]*\}",
    langs: &[Lang::Java],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Functional components only", "Use function components": class components, ruled out.
pub const FUNCTION_COMPONENTS: Detector = Detector {
    name: "function-components",
    summary: "React class components where function components are mandated: `class X extends (React.)(Pure)Component`",
    pattern: CLASS_COMPONENT.pattern,
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

pub const CLASS_COMPONENT: Detector = Detector {
    name: "class-component",
    summary: "React class components: `class X extends (React.)(Pure)Component`",
    pattern: r"(?P<hit>\bclass[ \t]+[A-Za-z_$][\w$]*[ \t]+extends[ \t]+(?:React\.)?(?:Pure)?Component)\b",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// `.then(` / `.catch(` on a promise.
const PROMISE_CHAIN_PATTERN: &str = r"\.(?P<hit>then|catch)[ \t]*\(";

/// "Use async/await, not Promises with then/catch": promise chains.
pub const PROMISE_CHAIN: Detector = Detector {
    name: "promise-chain",
    summary: "promise chains: `.then(…)`, `.catch(…)`",
    pattern: PROMISE_CHAIN_PATTERN,
    langs: JS_TS_COMPONENTS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "`async`/`await` para asincronía", "always use async/await": mandated, it rules out promise
/// chains.
pub const ASYNC_AWAIT: Detector = Detector {
    name: "async-await",
    summary: "promise chains (`.then(…)`, `.catch(…)`) where async/await is mandated",
    pattern: PROMISE_CHAIN_PATTERN,
    langs: JS_TS_COMPONENTS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// C#'s blocking on a task — `.Result`, `.Wait()`, `.GetAwaiter().GetResult()` right after a
/// call (`FindAsync(id).Result`) — where async/await is mandated. A `.Result` read off a
/// variable may be any object's property, and is left alone.
pub const CSHARP_BLOCKING_WAIT: Detector = Detector {
    name: "csharp-blocking-wait",
    summary: "C# code blocking on a task right after a call (`….Result`, `….Wait()`, `.GetAwaiter().GetResult()`) where async/await is mandated",
    pattern: r"\)[ \t\r\n]*\.[ \t]*(?P<hit>Result|Wait|GetResult)(?:[ \t]*\([ \t]*\)|[^\w(]|$)",
    langs: &[Lang::CSharp],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Swift's Grand Central Dispatch — `DispatchQueue.main.async`, `.asyncAfter`, `.sync`,
/// `DispatchQueue.global(…)` — where Swift concurrency (async/await, tasks, actors) is mandated.
pub const SWIFT_GCD: Detector = Detector {
    name: "swift-gcd",
    summary: "Swift work dispatched with Grand Central Dispatch (`DispatchQueue.main.async`, `DispatchQueue.global(…)`) where async/await is mandated",
    pattern: r"\b(?P<hit>DispatchQueue\.(?:main\.(?:asyncAfter|async|sync)|global))\b",
    langs: &[Lang::Swift],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Use native Python types (`list`, `dict`, `| None`) instead of `typing` equivalents": the
/// aliases PEP 585 and 604 made redundant, imported or used.
pub const TYPING_ALIASES: Detector = Detector {
    name: "typing-aliases",
    summary: "`typing` aliases of built-in types: `Optional`, `List`, `Dict`, `Tuple`, `Set`, `FrozenSet`, `Type`, `Union`",
    pattern: r"(?:^|[^\w.])(?:typing\.)?(?P<hit>Optional|List|Dict|Tuple|Set|FrozenSet|Type|Union)\b(?:[ \t]*\[|[ \t]*,|[ \t]*\)|[ \t]*$)",
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use modern type hinting syntax (Python 3.10+)", "PEP 604 unions": mandated, it rules out
/// the same `typing` aliases.
pub const MODERN_TYPE_HINTS: Detector = Detector {
    name: "modern-type-hints",
    summary: "`typing` aliases of built-in types where modern type hints are mandated: `Optional`, `List`, `Dict`, `Tuple`, `Set`, `FrozenSet`, `Type`, `Union`",
    pattern: TYPING_ALIASES.pattern,
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// The alias `typing.X` names, when `name` is one of [`TYPING_ALIASES`]'s (`typing.List` → `List`).
pub fn typing_alias(name: &str) -> Option<&str> {
    let alias = name.trim().strip_prefix("typing.")?;
    TYPING_ALIAS_NAMES.contains(&alias).then_some(alias)
}

/// The aliases [`TYPING_ALIASES`] finds (its pattern spells them out; a test keeps the two the
/// same).
const TYPING_ALIAS_NAMES: &[&str] = &[
    "Optional",
    "List",
    "Dict",
    "Tuple",
    "Set",
    "FrozenSet",
    "Type",
    "Union",
];

/// [`TYPING_ALIASES`] for one alias: "Use `list` instead of `typing.List`" means `List` however
/// it was imported.
pub fn typing_alias_pattern(alias: &str) -> String {
    format!(
        r"(?:^|[^\w.])(?:typing\.)?(?P<hit>{})\b(?:[ \t]*\[|[ \t]*,|[ \t]*\)|[ \t]*$)",
        regex::escape(alias)
    )
}

/// "Never use `_` to discard an error value", "no ignorar errores con `_`": Go's blank
/// identifier taking what a call returns last (its error), not `_ = x`, `for _, v := range`,
/// `_, err :=` or a blank import.
pub const BLANK_ERROR: Detector = Detector {
    name: "blank-error",
    summary: "Go: `_` taking a call's last result (its error): `x, _ := f()`, `_ = f.Close()`",
    pattern: r"(?:^|[{;])[ \t]*(?:[\w.]+[ \t]*,[ \t]*)*(?P<hit>_)[ \t]*:?=[ \t]*[\w.]+(?:\[[^\]\r\n]*\])?[ \t]*\(",
    langs: &[Lang::Go],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Context should be the first argument", "Always pass context.Context as the first
/// parameter": a Go function or method whose `context.Context` parameter comes after another
/// one; the hit is that parameter. Signatures whose parameters hold parentheses (a `func(…)`
/// parameter) are not read, nor function literals.
pub const GO_CONTEXT_NOT_FIRST: Detector = Detector {
    name: "context-not-first",
    summary: "Go: a function whose `context.Context` parameter is not its first (`func f(id string, ctx context.Context)`)",
    pattern: r"\bfunc[ \t]*(?:\([^()]*\)[ \t]*)?\w+[ \t]*(?:\[[^\[\]()]*\])?\([^()]*?,[ \t\r\n]*(?P<hit>\w+[ \t]+context\.Context)\b",
    langs: &[Lang::Go],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "No top-level `await` in `packages/*/src`": an `await` at the top of a module, which a
/// formatted file writes on a line without indentation (`await x`, `const a = await x`,
/// `export const a = await x`, `for await`); an `await` inside a function is indented.
pub const TOP_LEVEL_AWAIT: Detector = Detector {
    name: "top-level-await",
    summary: "`await` at a module's top level: on a line without indentation (`await x`, `const a = await x`)",
    pattern: r"(?m)^(?:export[ \t]+)?(?:(?:const|let|var)[ \t]+[^=\r\n]+=[ \t]*|for[ \t]+)?(?P<hit>await)\b",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Do not rely on global component registration": Vue's `app.component('Name', …)` (and Vue
/// 2's `Vue.component`) — a component registered for the whole app instead of imported where
/// it is used. A directive (`app.directive`) or a plugin (`app.use`) is no component.
pub const VUE_GLOBAL_COMPONENT: Detector = Detector {
    name: "vue-global-component",
    summary: "Vue components registered globally: `app.component('Name', …)`, `Vue.component('Name', …)`",
    pattern: r#"(?:^|[^\w$.])(?:app|Vue|vueApp)[ \t]*\.[ \t]*(?P<hit>component)[ \t]*\([ \t]*["'`]"#,
    langs: &[Lang::TypeScript, Lang::JavaScript, Lang::Vue],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Avoid TypeScript classes", "evitar la creación de clases": class declarations in JS/TS.
pub const CLASS_DECLARATION: Detector = Detector {
    name: "class-declaration",
    summary: "class declarations in JS/TS: `class X`",
    pattern: r"(?:^|[^\w$.])(?P<hit>class[ \t]+[A-Za-z_$][\w$]*)",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Pin actions to a full commit SHA": a GitHub Actions `uses:` whose ref is a tag or branch
/// (anything but 40 hexadecimal digits); local actions (`./…`) and `docker://` are left out.
pub const UNPINNED_ACTION: Detector = Detector {
    name: "unpinned-action",
    summary: "GitHub Actions `uses: owner/repo@ref` whose ref is not a full commit SHA",
    pattern: r#"^[ \t-]*uses:[ \t]*["']?(?P<hit>[\w.-]+/[\w./-]+@(?:[0-9a-fA-F]{0,39}[^0-9a-fA-F\s"'#][^\s"'#]*|[0-9a-fA-F]{1,39}|[0-9a-fA-F]{41,}))["']?[ \t]*(?:#[^\r\n]*)?$"#,
    langs: &[Lang::Ci],
    exclude: &[],
    within: Within::Any,
    effect: Effect::RulesOut,
};

/// "HTTPS for all links", "Usar HTTPS en todos los enlaces": a plain `http://` URL in a string.
/// Local, private and test hosts (`localhost`, `127.x`, `10.x`, `192.168.x`, `169.254.x`,
/// `*.local`, `example.com`), licence URLs and the names XML and JSON use for their namespaces
/// and schemas (`w3.org`, `schemas.…`, `json-schema.org`, `maven.apache.org/POM`) are consumed by
/// the first alternative, which has no `hit`: not violations.
pub const INSECURE_URL: Detector = Detector {
    name: "insecure-url",
    summary: "a plain `http://` URL in a string (not local, private or test hosts, not licence, XML/JSON namespace and schema URLs)",
    pattern: r#"(?i)\bhttp://(?:localhost\b|127\.\d+\.\d+\.\d+|0\.0\.0\.0\b|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|[\w.-]*\.(?:local|localhost|test|example|invalid|internal)\b|(?:www\.)?w3\.org\b|[\w.-]*schemas?\.[\w.-]+|json-schema\.org\b|purl\.org\b|ns\.adobe\.com\b|(?:www\.)?example\.(?:com|org|net)\b|(?:www\.)?(?:apache\.org/licenses|gnu\.org/licenses|opensource\.org|creativecommons\.org)\b|maven\.apache\.org/(?:POM|xsd)\b|xmlns\.[\w.-]+)|\b(?P<hit>http://[\w-][^\s"'`<>)\]]*)"#,
    langs: &[],
    exclude: &[],
    // In strings (links, requests, config values), not in comments: a licence header's URL is
    // no link the project follows.
    within: Within::Strings,
    effect: Effect::RulesOut,
};

/// "Pin dependencies to exact versions", "versiones exactas": a version range in a manifest —
/// `"react": "^18.2.0"` (`^`, `~`, `*`, `x`, `latest`) in `package.json`, a requirement without
/// `==` in `requirements.txt` (`requests>=2`, a bare `flask`). The hit is the range (or the
/// requirement). Left alone: comparison ranges (`>=18`), ranges of alternatives (`^18 || ^19`, as
/// peer dependencies are), and the values of `engines` and `publishConfig` keys (`"node"`,
/// `"vscode"`, `"tag": "latest"`), consumed by a first alternative without `hit`.
/// One `hit` for both files: the requirement branch must reach the end of the line (a line with a
/// trailing comment is not read), which a `package.json` value, ending in `"`, never does; and
/// `": "` never occurs in a requirements file.
pub const UNPINNED_DEPENDENCY: Detector = Detector {
    name: "unpinned-dependency",
    summary: "a dependency version range: `^`/`~`/`*`/`x`/`latest` in package.json, a requirement without `==` in requirements.txt",
    pattern: r#"(?m)"(?:node|npm|pnpm|yarn|bun|deno|vscode|tag)"[ \t]*:[ \t]*"[^"\r\n]*"|(?:"[ \t]*:[ \t]*"|^[ \t]*)(?P<hit>[\^~]\d[^"|\r\n]*|\*|latest|\d+\.x[^"|\r\n]*|[A-Za-z0-9][\w.-]*(?:\[[\w, -]*\])?[ \t]*(?:(?:>=|<=|~=|!=|>|<)[ \t]*[^\s#;,]+(?:[ \t]*,[ \t]*(?:>=|<=|~=|!=|>|<)[ \t]*[^\s#;,]+)*)?[ \t]*\r?$)(?:"|$)"#,
    langs: &[Lang::Manifest],
    exclude: &[],
    within: Within::Any,
    effect: Effect::RulesOut,
};

/// "Never use string interpolation in SQL", "always use parameterized queries": a string that
/// holds SQL (`SELECT … FROM`, `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`, in capitals, as
/// queries are written — "Select a file from ${dir}" is prose) and is built from values: a
/// template literal with `${…}`, an f-string, C#'s `$"…"`, Ruby's `#{…}`, a string followed by
/// `.format(`, `%` or `+`. The hit is the string (with the operator that builds it). A query
/// with placeholders passed apart (`"… WHERE id = $1", [id]`, `"… %s", (id,)`) is not a match.
pub const SQL_INTERPOLATION: Detector = Detector {
    name: "sql-interpolation",
    summary: "an SQL string built from values: `${…}` in a template, an f-string, `$\"…\"`, `#{…}`, `.format(`, `%` or `+` after the string",
    pattern: r#"(?P<hit>`[^`]*?\b(?:SELECT\b[^`]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^`]*?\bSET|DELETE[ \t]+FROM)\b[^`]*?\$\{[^`]*`|\b[fF][rR]?"[^"\r\n]*\b(?:SELECT\b[^"\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^"\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^"\r\n]*"|\b[fF][rR]?'[^'\r\n]*\b(?:SELECT\b[^'\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^'\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^'\r\n]*'|\$"[^"\r\n]*\b(?:SELECT\b[^"\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^"\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^"\r\n]*"|"[^"\r\n]*\b(?:SELECT\b[^"\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^"\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^"\r\n]*"(?:\.format\(|[ \t]*%|[ \t]*\+[ \t]*[A-Za-z_$(])|'[^'\r\n]*\b(?:SELECT\b[^'\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^'\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^'\r\n]*'(?:\.format\(|[ \t]*%|[ \t]*\+[ \t]*[A-Za-z_$(])|"[^"\r\n]*\b(?:SELECT\b[^"\r\n]*?\bFROM|INSERT[ \t]+INTO|UPDATE\b[^"\r\n]*?\bSET|DELETE[ \t]+FROM)\b[^"\r\n]*#\{[^"\r\n]*")"#,
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// The same strings, ruled out by a mandate: "always use parameterized queries", "consultas
/// parametrizadas", "prepared statements".
pub const PARAMETERIZED_QUERIES: Detector = Detector {
    name: "parameterized-queries",
    summary: SQL_INTERPOLATION.summary,
    pattern: SQL_INTERPOLATION.pattern,
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::RulesOut,
};

/// Whether the detector finds SQL inside another language's strings (so a rule naming SQL does
/// not confine it to `*.sql` files).
pub fn embeds_sql(d: &Detector) -> bool {
    d.name == SQL_INTERPOLATION.name || d.name == PARAMETERIZED_QUERIES.name
}

pub const WILDCARD_IMPORT: Detector = Detector {
    name: "wildcard-import",
    summary: "`from m import *` (Python), `import a.b.*` (Java/Kotlin), `import * as m from 'm'` (JS/TS), `use m::*` (Rust; not a crate's `prelude::*` nor a `pub use` re-export, as clippy's `wildcard_imports`)",
    // A prelude is meant to be glob-imported and a `pub use m::*` re-exports a module's API:
    // both are consumed first, without a hit.
    pattern: r#"^[ \t]*(?:pub(?:\([\w: ]+\))?[ \t]+use[ \t]+[\w:]+::\*|use[ \t]+(?:[\w]+::)*prelude::\*|(?P<hit>from[ \t]+[\w.]+[ \t]+import[ \t]+\*|import[ \t]+(?:static[ \t]+)?[\w.]+\.\*|import[ \t]+\*[ \t]+as[ \t]+[\w$]+[ \t]+from[ \t]+["'][^"'\r\n]+["']|use[ \t]+[\w:]+::\*))"#,
    langs: &[
        Lang::Python,
        Lang::Java,
        Lang::Kotlin,
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::Rust,
    ],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const TODO_COMMENT: Detector = Detector {
    name: "todo-comment",
    summary: "`TODO` in a comment (`//`, `#`, `/*`, `--`, `<!--`, `*`)",
    pattern: r"(?://+|#+|/\*+|--|<!--|^[ \t]*\*)[ \t]*(?P<hit>TODO)\b",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

pub const FIXME_COMMENT: Detector = Detector {
    name: "fixme-comment",
    summary: "`FIXME` in a comment",
    pattern: r"(?://+|#+|/\*+|--|<!--|^[ \t]*\*)[ \t]*(?P<hit>FIXME)\b",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// "Use tabs for indentation", "Always indent with tabs": a code line indented with spaces
/// (spaces after tabs align and are left alone; comments, strings and docstrings are not code).
/// Not in YAML, Markdown or reStructuredText, where indentation must be spaces.
pub const SPACE_INDENT: Detector = Detector {
    name: "space-indentation",
    summary: "a code line indented with spaces where tabs are mandated (not YAML or docs, not alignment after a tab)",
    pattern: r"^(?P<hit> +)\S",
    langs: &[],
    exclude: &["!*.yml", "!*.yaml", "!*.md", "!*.mdx", "!*.rst"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// The counterpart a mandate of a forbidden-by-default concept rules out: mandating tabs rules
/// out indenting with spaces.
pub fn mandated_counterpart(d: &Detector) -> Option<&'static Detector> {
    (d.name == TAB_INDENT.name).then_some(&SPACE_INDENT)
}

/// Every text file — scripts without an extension too — but Markdown, where two trailing spaces
/// break a line, diffs, whose context lines keep what they quote, snapshots, and SVG images a
/// tool drew.
const EVERY_TEXT_FILE: &[&str] = &["*", "!*.md", "!*.mdx", "!*.diff", "!*.patch", "!*.snap", "!*.svg"];

/// Configuration files indented like code, where a tab is as wrong as in a source file (YAML
/// forbids tabs outright).
const INDENTED_CONFIG_FILES: &str = "*.{yml,yaml,json,toml,tf,tfvars,hcl}";

impl Detector {
    /// The files it checks when the rule names no language, when they are not the source files:
    /// "Lines do not end in whitespace" is every text file's; "never tabs" is configuration
    /// files' too.
    pub fn text_files(&self) -> Option<(Vec<String>, &'static str)> {
        if self.name == TRAILING_WHITESPACE.name {
            Some((
                EVERY_TEXT_FILE.iter().map(|g| g.to_string()).collect(),
                "every text file but Markdown, diffs, snapshots and SVG images (no language named)",
            ))
        } else if self.name == TAB_INDENT.name {
            Some((
                vec![super::files::source_glob(), INDENTED_CONFIG_FILES.to_string()],
                "source files and YAML, JSON, TOML and Terraform files (no language named)",
            ))
        } else {
            None
        }
    }
}

pub const TRAILING_WHITESPACE: Detector = Detector {
    name: "trailing-whitespace",
    summary: "spaces or tabs at the end of a line",
    pattern: r"(?P<hit>[ \t]+)$",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

pub const TAB_INDENT: Detector = Detector {
    name: "tab-indentation",
    summary: "tabs indenting a line (not in Go or Makefiles, where tabs are the rule)",
    pattern: r"^(?P<hit>\t+)",
    langs: &[],
    exclude: &["!*.go", "!Makefile", "!*.mk"],
    within: Within::Any,
    effect: Effect::Forbid,
};

pub const INLINE_STYLE: Detector = Detector {
    name: "inline-style",
    summary: "`style={{…}}` in JSX, `style=\"…\"` in HTML/Vue/Svelte",
    // A quoted value only right after `=`: `const style = 'compact'` is an assignment.
    pattern: r#"(?:^|[\s<])(?P<hit>style)(?:[ \t]*=[ \t]*\{\{|=["'])"#,
    langs: &[Lang::React, Lang::Html, Lang::Vue, Lang::Svelte],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// A commit title of Conventional Commits' shape, its type one of `$types`: after blank lines,
/// `type(scope)!: subject`; a comment (an untouched template), a merge, a revert or a fixup pass.
macro_rules! conventional_title {
    ($types:literal) => {
        concat!(
            r"\A(?:[ \t]*\r?\n)*(?:#|",
            $types,
            r"(?:\([^)\r\n]+\))?!?: \S|Merge |Revert |fixup! |squash! |amend! )"
        )
    };
}

pub const CONVENTIONAL_COMMITS: Detector = Detector {
    name: "conventional-commits",
    summary: "the commit title must read `type(scope)!: subject` (merges, reverts, fixups and an untouched template pass)",
    pattern: conventional_title!(r"(?:feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert)"),
    langs: &[Lang::Commit],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Require,
};

/// Conventional Commits when the rule lists its types: the title's shape, any type — the commits
/// pass flags a type off the list, where it is written (one finding, not two).
pub const CONVENTIONAL_COMMITS_SHAPE: Detector = Detector {
    name: "conventional-commits",
    summary: "the commit title must read `type(scope)!: subject`, the type one the rule lists (merges, reverts, fixups and an untouched template pass)",
    pattern: conventional_title!(r"[A-Za-z][\w-]*"),
    langs: &[Lang::Commit],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Require,
};

pub const ANY_TYPE: Detector = Detector {
    name: "any-type",
    summary: "`any` in a type position: `: any`, `<any>`, `any[]`, `as any`, `| any`, `=> any`",
    pattern: r"(?:[:<,|&]|\bas|=>)[ \t]*(?P<hit>any)[ \t]*(?:[\]>,;)=|&\[{}?]|\bas\b|$)",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Standalone components, no NgModules": an Angular module declaration, and a component,
/// directive or pipe declared into one (`standalone: false`).
pub const NG_MODULE: Detector = Detector {
    name: "ng-module",
    summary: "an Angular `@NgModule(…)` declaration, or a declaration that belongs to one (`standalone: false`)",
    pattern: r"(?P<hit>@NgModule\b|\bstandalone[ \t]*:[ \t]*false\b)",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const UNKNOWN_TYPE: Detector = Detector {
    name: "unknown-type",
    summary: "`unknown` in a type position: `: unknown`, `<unknown>`, `unknown[]`, `as unknown`, `| unknown`, `=> unknown`",
    pattern: r"(?:[:<,|&]|\bas|=>)[ \t]*(?P<hit>unknown)[ \t]*(?:[\]>,;)=|&\[{}?]|\bas\b|$)",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

const VAR_PATTERN: &str =
    r"\b(?P<hit>var)[ \t]+(?:[A-Za-z_$][\w$]*|\[[^\]\r\n]*\]|\{[^}\r\n]*\})[ \t]*(?:[=,;:)]|\bin\b|\bof\b|$)";

pub const VAR_DECL: Detector = Detector {
    name: "var-declaration",
    summary: "`var` declarations",
    pattern: VAR_PATTERN,
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// C#'s and Java's `var` (the type left to the compiler), for rules that want explicit types.
pub const VAR_INFERRED: Detector = Detector {
    name: "var-inferred-type",
    summary: "`var` declarations whose type the compiler infers",
    pattern: r"\b(?P<hit>var)[ \t]+(?:[A-Za-z_]\w*|\([^)\r\n]*\))[ \t]*(?:=|:|\bin\b)",
    langs: &[Lang::CSharp, Lang::Java],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const LET_DECL: Detector = Detector {
    name: "let-declaration",
    summary: "`let` declarations",
    pattern: r"\b(?P<hit>let)[ \t]+(?:[A-Za-z_$][\w$]*|\[[^\]\r\n]*\]|\{[^}\r\n]*\})[ \t]*(?:[=,;:)]|\bin\b|\bof\b|$)",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const ENUM_DECL: Detector = Detector {
    name: "enum-declaration",
    summary: "`enum` declarations",
    pattern: r"\b(?P<hit>enum)[ \t]+[A-Za-z_$]",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const INTERFACE_DECL: Detector = Detector {
    name: "interface-declaration",
    summary: "`interface X` declarations",
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?P<hit>interface)[ \t]+[A-Za-z_$]",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use interfaces for data structures", "prefer interfaces over type aliases for object shapes":
/// a type alias of an object type (`type User = {`), which an interface would declare. Unions,
/// intersections and mapped types are left alone: no interface can say them.
pub const OBJECT_TYPE_ALIAS: Detector = Detector {
    name: "object-type-alias",
    summary: "type aliases of object types (`type User = {`) where interfaces are mandated; the hit is `type`",
    // The alias is the object type and nothing else: closed on its line and followed by no
    // `|`, `&`, `[]` or `extends`, or opened at the end of the line (a multi-line object type).
    // Brackets inside only as index signatures (`[key: string]`), never mapped (`[K in T]`).
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?P<hit>type)[ \t]+[A-Za-z_$][\w$]*(?:<[^=\r\n]*>)?[ \t]*=[ \t]*\{(?:[ \t]*(?:\r?\n|$)|(?:[^{}\[\]\r\n]|\[[^\]\r\n]*:[^\]\r\n]*\])*\}[ \t]*;?[ \t]*(?://[^\r\n]*)?(?:\r?\n|$))",
    langs: &[Lang::TypeScript, Lang::Vue, Lang::Svelte],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use Kotlin coroutines and Flow for async operations": a raw thread — `Thread { … }`,
/// `Thread(runnable)`, `thread { … }` (kotlin.concurrent), an `AsyncTask` — where coroutines
/// are mandated; the hit is the name (`Thread.sleep`, `Thread.currentThread()` are no threads
/// started).
pub const KOTLIN_RAW_THREAD: Detector = Detector {
    name: "kotlin-raw-thread",
    summary: "a thread started by hand (`Thread { … }`, `Thread(…)`, `thread { … }`, `AsyncTask`) where coroutines are mandated",
    pattern: r"(?:^|[^\w.$])(?P<hit>Thread|thread|AsyncTask)\b[ \t]*(?:\{|\(|<)",
    langs: &[Lang::Kotlin],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Use Coroutines and Flow, no callbacks": Retrofit's callback style — `call.enqueue(object :
/// Callback<…>)` — where coroutines are mandated; the hit is `enqueue` (WorkManager's
/// `enqueue(request)` takes no callback object).
pub const KOTLIN_CALLBACK_ENQUEUE: Detector = Detector {
    name: "kotlin-callback-enqueue",
    summary: "a Retrofit call run with a callback object (`.enqueue(object : Callback<…>)`) where coroutines are mandated",
    pattern: r"\.(?P<hit>enqueue)[ \t]*\([ \t]*object[ \t]*:[ \t]*Callback\b",
    langs: &[Lang::Kotlin],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Use Eloquent ORM for database interactions": a query through Laravel's `DB` facade —
/// `DB::table`, `DB::select`, `DB::insert`… — where Eloquent is mandated; `DB::transaction`, the
/// other connection helpers and `DB::raw` (an expression inside an Eloquent query) are not
/// queries; migrations, seeders and tests may read the tables directly.
pub const LARAVEL_DB_QUERY: Detector = Detector {
    name: "laravel-db-facade-query",
    summary: "a query through Laravel's `DB` facade (`DB::table`, `DB::select`, `DB::statement`…); the hit is the call",
    pattern: r"(?:^|[^\w$:])\\?(?P<hit>DB::(?:table|select|selectOne|scalar|insert|update|delete|statement|unprepared|query|cursor))\b",
    langs: &[Lang::Php],
    exclude: &[
        "!**/database/migrations/**",
        "!**/database/seeders/**",
        "!**/tests/**",
    ],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Prefer `type` over `interface` unless extending": an interface that extends nothing.
pub const INTERFACE_WITHOUT_EXTENDS: Detector = Detector {
    name: "interface-without-extends",
    summary: "`interface X {` declarations that extend nothing (`interface X extends Y {` is the exception)",
    // At the top level only: an interface inside `declare global { … }` or `declare module`
    // augments another (which only an interface can), and so do declaration files.
    pattern: r"^(?:export[ \t]+)?(?:declare[ \t]+)?(?P<hit>interface)[ \t]+[A-Za-z_$][\w$]*[ \t]*(?:<[^{}\r\n]*>)?[ \t]*\{",
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const TYPE_ALIAS: Detector = Detector {
    name: "type-alias",
    summary: "`type X = { … }` object type aliases (the ones an interface can replace)",
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?P<hit>type)[ \t]+[A-Za-z_$][\w$]*[ \t]*(?:<[^=\r\n]*>)?[ \t]*=[ \t]*\{",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const NULL_VALUE: Detector = Detector {
    name: "null-value",
    summary: "`null` used as a value (after `=`, `(`, `,`, `:`, `?`, `return`…)",
    pattern: r"(?:[=(,:?!<>\[{|&]|\breturn|\byield)[ \t]*(?P<hit>null)\b",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const UNDEFINED_VALUE: Detector = Detector {
    name: "undefined-value",
    summary: "`undefined` used as a value",
    pattern: r"(?:[=(,:?!<>\[{|&]|\breturn|\byield)[ \t]*(?P<hit>undefined)\b",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const PRINT_CALL: Detector = Detector {
    name: "print-call",
    summary: "calls of the `print` builtin (not `x.print(` or `pprint(`)",
    pattern: r"(?:^|[^\w.$])(?P<hit>print)[ \t]*\(",
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Rust files that are tests, benches, examples or fuzz targets (cargo-fuzz's `fuzz/`, a test
/// harness): `unwrap()` there is fine.
const RUST_TESTS: &[&str] = &[
    "!**/tests/**",
    "!**/benches/**",
    "!**/examples/**",
    "!**/fuzz/**",
    "!**/*_test.rs",
    "!**/tests.rs",
];

pub const UNWRAP_CALL: Detector = Detector {
    name: "unwrap-call",
    summary: "`.unwrap()` calls outside tests (tests/, benches/, examples/, fuzz/, *_test.rs left out; everything after a file's first `#[cfg(test)]` is skipped, test module or not)",
    pattern: r"(?:#\[cfg\(test\)\][\s\S]*)|\.(?P<hit>unwrap)[ \t]*\([ \t]*\)",
    langs: &[Lang::Rust],
    exclude: RUST_TESTS,
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const EXPECT_CALL: Detector = Detector {
    name: "expect-call",
    summary: "`.expect(…)` calls outside tests (tests/, benches/, examples/, fuzz/, *_test.rs left out; everything after a file's first `#[cfg(test)]` is skipped, test module or not)",
    pattern: r"(?:#\[cfg\(test\)\][\s\S]*)|\.(?P<hit>expect)[ \t]*\(",
    langs: &[Lang::Rust],
    exclude: RUST_TESTS,
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const BARE_EXCEPT: Detector = Detector {
    name: "bare-except",
    summary: "bare `except:` clauses in Python (no exception type)",
    pattern: r"(?:^[ \t]*|;[ \t]*)(?P<hit>except)[ \t]*:",
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use f-strings for formatting": `str.format()` on a string literal and `%` formatting,
/// ruled out. The hit is `format` or the `%` operator right after the literal's closing quote.
pub const F_STRINGS: Detector = Detector {
    name: "f-strings",
    summary: "`\"…\".format(…)` and `\"…\" % x` where f-strings are mandated",
    pattern: r#"["'](?:[ \t]*\.)?[ \t]*(?P<hit>format\b|%)[ \t]*[\w(\[{]"#,
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "All user-facing strings in `res/values/strings.xml`", "No hardcoded UI strings: use string
/// resources", "Use AppLocalizations for all user-facing text": text shown to the user written
/// in the code — Compose's and Flutter's `Text("…")` (`Text(text = "…")` too) and a
/// `contentDescription = "…"`. Not a `$`-template's value, not a `@string/` reference; tests left
/// out. The hit is the text, inside its quotes.
pub const HARDCODED_UI_TEXT: Detector = Detector {
    name: "hardcoded-ui-text",
    summary: "text shown to the user written in the code: `Text(\"…\")`, `Text(text = \"…\")`, `contentDescription = \"…\"` (Compose, Flutter)",
    pattern: r#"(?:\bText\([ \t]*(?:text[ \t]*=[ \t]*)?|\bcontentDescription[ \t]*=[ \t]*)["'](?P<hit>[^"'$@\\\r\n][^"'$\\\r\n]*)["']"#,
    langs: &[Lang::Kotlin, Lang::Dart],
    exclude: &[
        "!**/test/**",
        "!**/androidTest/**",
        "!**/*Test.kt",
        "!**/*_test.dart",
    ],
    within: Within::Strings,
    effect: Effect::Forbid,
};

/// Where the things two detectors find in the code belong instead, as rules say it: their
/// words ("from the environment", "string resources") and the files they name in code spans
/// (`res/values/strings.xml`). A rule that says it rules the things out of the code; a mandate
/// of their name ("Keep API keys in the environment") mandates nothing else.
pub struct Home {
    pub detector: &'static str,
    pub words: &'static [&'static str],
    /// Endings of file names quoted in the rule that are the home.
    pub files: &'static [&'static str],
    /// How `--explain` says it.
    pub told: &'static str,
}

const HOMES: &[Home] = &[
    Home {
        detector: HARDCODED_SECRET.name,
        words: words::SECRET_PLACES,
        files: &[],
        told: "the environment",
    },
    Home {
        detector: HARDCODED_UI_TEXT.name,
        words: words::UI_TEXT_PLACES,
        files: &["strings.xml", ".arb"],
        told: "string resources",
    },
];

/// The home of what `d` finds, for the detectors of things kept in the wrong place.
pub fn home_of(d: &Detector) -> Option<&'static Home> {
    HOMES.iter().find(|h| h.detector == d.name)
}

/// "Never hardcode API keys or passwords", "Do NOT commit secrets, API keys, or credentials",
/// "No hardcodees credenciales": a string literal bound to a name that ends in a secret's word
/// (`ESI_CLIENT_SECRET = "…"`, `password = "…"`, `apiKey: '…'`, `SECRET_KEY = "…"`,
/// `GITHUB_TOKEN="…"`) or passed to a setter named for one (`WithBearerToken("…")`,
/// `setPassword("…")`): eight characters or more with a digit, no blank. Not a placeholder
/// (`your-…`, `changeme`, `example…`, `xxx…`, `<…>`, a run of digits `…1234567890`, a masked
/// `sk-…5678`, a counter at the end `chatkit_token_123`), a reference (`${…}`, `%(…)s`,
/// `{{ … }}`), a path or URL, an environment variable's name (`"API_KEY"`), a name that only
/// holds a secret's word (`secret_name`, `TOKEN_KEY`, `tokenizer`, `author`) — nor in tests,
/// their helpers and mocks, fixtures, examples and stories, whose secrets are fake. The hit is
/// the value, inside its quotes.
pub const HARDCODED_SECRET: Detector = Detector {
    name: "hardcoded-secret",
    summary: "a secret-looking string literal (8+ characters with a digit) bound to a name ending in secret, password, token, API key, access/private key or credentials, or passed to a setter named for one",
    pattern: r#"(?:(?i:\b[\w.-]*?(?:secret(?:[_-]?key)?|passw(?:or)?d|pwd|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)(?:[_-]?value)?)["']?[ \t]*(?::=|=>|=|:)|\b(?i:with|set)\w*?(?i:token|secret|passw(?:or)?d|api[_-]?key|credentials?)[ \t]*\()[ \t]*(?:["'](?:(?i:your|my[-_]|change|replace|example|dummy|fake|placeholder|xxx|todo|test|sample|insert|<|\$|\{|%|/|\.|https?:)[^"'\r\n]*|[A-Z][A-Z0-9_]*["'])|["'][^"'\r\n]*?(?:123456|\.\.\.|(?i:xxxx))[^"'\r\n]*["']|["'][^"'\s]*?[_-]123["']|["'](?P<hit>[^"'\s]{0}[0-9][^"'\s]{7,}|[^"'\s]{1}[0-9][^"'\s]{6,}|[^"'\s]{2}[0-9][^"'\s]{5,}|[^"'\s]{3}[0-9][^"'\s]{4,}|[^"'\s]{4}[0-9][^"'\s]{3,}|[^"'\s]{5}[0-9][^"'\s]{2,}|[^"'\s]{6}[0-9][^"'\s]{1,}|[^"'\s]{7,}[0-9][^"'\s]*)["'])"#,
    langs: &[
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::Python,
        Lang::Rust,
        Lang::Go,
        Lang::Java,
        Lang::Kotlin,
        Lang::CSharp,
        Lang::Ruby,
        Lang::Php,
        Lang::Swift,
        Lang::Dart,
        Lang::Shell,
        Lang::Vue,
        Lang::Svelte,
        Lang::Yaml,
        Lang::Terraform,
    ],
    exclude: &[
        "!**/test/**",
        "!**/tests/**",
        "!**/__tests__/**",
        "!**/test-utils/**",
        "!**/test_utils/**",
        "!**/testutils/**",
        "!**/__mocks__/**",
        "!**/mocks/**",
        "!**/spec/**",
        "!**/fixtures/**",
        "!**/testdata/**",
        "!**/examples/**",
        "!*.test.*",
        "!*.spec.*",
        "!test_*.py",
        "!*_test.py",
        "!*_test.go",
        "!*.example.*",
        "!*.sample.*",
        // Storybook stories render made-up data.
        "!*.stories.*",
    ],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// "Never use C++ exceptions or try-catch blocks": `try`, `catch` and `throw` in C++ code.
pub const CPP_EXCEPTIONS: Detector = Detector {
    name: "cpp-exceptions",
    summary: "`try`, `catch` and `throw` in C++ code",
    pattern: r"\b(?P<hit>try|catch|throw)\b(?:[ \t]*[{(;]|[ \t]+[\w:]|[ \t]*$)",
    langs: &[Lang::Cpp],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const MUTABLE_DEFAULT: Detector = Detector {
    name: "mutable-default",
    summary: "mutable default arguments in Python `def`s: `[]`, `{}`, `dict()`, `list()`, `set()` (the first one of each `def`)",
    pattern: r"(?:^|[ \t])def[ \t]+\w+[ \t]*\((?:[^()]|\([^()]*\))*?\b\w+[ \t]*(?::[^=,()]*)?=[ \t]*(?P<hit>\[[ \t]*\]|\{[ \t]*\}|dict\(\)|list\(\)|set\(\))",
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const TS_EXPECT_ERROR_BARE: Detector = Detector {
    name: "ts-expect-error-without-reason",
    summary: "`// @ts-expect-error` with nothing after it on the line (no reason given)",
    pattern: r"(?P<hit>@ts-expect-error)[ \t]*(?:\*/[ \t]*)?$",
    langs: JS_TS,
    exclude: &[],
    within: Within::Comments,
    effect: Effect::Forbid,
};

/// CommonJS: a `require(…)` call, `module.exports` or `exports.x` / `exports[…]` assigned or
/// called, `exports = …`. Not a read of a binding named `exports` (Workers'
/// `import { exports } from "cloudflare:workers"`, then `exports.default.fetch(…)`), nor one
/// declared (`const exports = …`, `typeof exports`, `const require = createRequire(…)`, the
/// ES-module way to load CommonJS): the first alternative consumes those, with no hit.
const COMMONJS_PATTERN: &str = r"\b(?:const|let|var|typeof|function)[ \t]+(?:require|exports)\b|(?:^|[^\w.$])(?P<hit>require|module\.exports|exports)(?:[ \t]*\(|(?:\.[\w$]+|\[[^\]\r\n]*\])[ \t]*=(?:[^=]|$)|[ \t]*=(?:[^=]|$))";

pub const COMMONJS: Detector = Detector {
    name: "commonjs",
    summary: "CommonJS: `require(…)`, `module.exports`, `exports.x = …` (not `x.require(`)",
    pattern: COMMONJS_PATTERN,
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const STDOUT_WRITE: Detector = Detector {
    name: "stdout-write",
    summary: "writes to stdout: `print(`, `console.log(`, `console.info(`, `fmt.Print*(`, `println!(`/`print!(`, `System.out.print*(`, `process.stdout.write(`, `sys.stdout.write(`",
    pattern: r"(?:^|[^\w.$])(?P<hit>print|console\.log|console\.info|fmt\.Print(?:ln|f)?|println!|print!|System\.out\.print(?:ln|f)?|process\.stdout\.write|sys\.stdout\.write)[ \t]*\(",
    langs: &[],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// `time.sleep(` inside an `async def`, Python's indentation read without backreferences: the
/// `async def` at 0, 2, 4, 8 or 12 spaces (a top-level one may have a tab-indented body), then
/// lines indented deeper (or blank) down to the call. Limits: the first call of each function
/// only; a call in a plain `def` nested inside it counts too.
pub const ASYNC_SLEEP: Detector = Detector {
    name: "async-sleep",
    summary: "`time.sleep(` inside an `async def` (the first one of each function; a plain `def` nested inside is not told apart)",
    pattern: concat!(
        r"(?:",
        r"^async[ \t]+def\b[^\n]*\n(?:[ \t]*\n|[ \t]+[^\n]*\n)*?[ \t]+[^\n]*?",
        r"|^ {2}async[ \t]+def\b[^\n]*\n(?:[ \t]*\n| {3,}[^\n]*\n)*? {3,}[^\n]*?",
        r"|^ {4}async[ \t]+def\b[^\n]*\n(?:[ \t]*\n| {5,}[^\n]*\n)*? {5,}[^\n]*?",
        r"|^ {8}async[ \t]+def\b[^\n]*\n(?:[ \t]*\n| {9,}[^\n]*\n)*? {9,}[^\n]*?",
        r"|^ {12}async[ \t]+def\b[^\n]*\n(?:[ \t]*\n| {13,}[^\n]*\n)*? {13,}[^\n]*?",
        r")\b(?P<hit>time\.sleep)[ \t]*\("
    ),
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const SEMICOLON_END: Detector = Detector {
    name: "semicolons",
    summary: "a `;` ending a line of JS/TS (not inside `for (…;…;…)` headers on one line)",
    pattern: r"(?:^|[^;])(?P<hit>;)[ \t]*(?://[^\n]*)?$",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const FUNCTION_DECL: Detector = Detector {
    name: "function-declaration",
    summary: "`function` declarations and expressions in JS/TS (`function f(`, `export default function`, `= function (`), not arrow functions",
    pattern: r"(?:^|[^\w$.])(?P<hit>function)\b[ \t]*\*?[ \t]*[\w$]*[ \t]*(?:<[^()\r\n]*>[ \t]*)?\(",
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const NON_NULL_ASSERTION: Detector = Detector {
    name: "non-null-assertion",
    summary: "TypeScript non-null assertions: `x!.y`, `x!;`, `f(x!)` (not `!=`, not `!x`)",
    pattern: r"[\w$)\]](?P<hit>!)(?:\.|;|,|\)|\]|[ \t]*$)",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const THROW_STRING: Detector = Detector {
    name: "throw-string",
    summary: "`throw \"…\"`, `throw '…'`, `` throw `…` `` in JS/TS: the string thrown (not an `Error`)",
    pattern: r#"\bthrow[ \t]+(?P<hit>"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'|`[^`]*`)"#,
    langs: JS_TS,
    exclude: &[],
    within: Within::Strings,
    effect: Effect::Forbid,
};

pub const UNSAFE_BLOCK: Detector = Detector {
    name: "unsafe-code",
    summary: "`unsafe` blocks, functions, impls and traits",
    pattern: r"\b(?P<hit>unsafe)[ \t]*(?:\{|fn\b|impl\b|trait\b|extern\b)",
    langs: &[Lang::Rust],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const DEPRECATED_COMMENT: Detector = Detector {
    name: "deprecated-comment",
    summary: "the word `DEPRECATED` (in capitals) in a comment",
    pattern: r"\b(?P<hit>DEPRECATED)\b",
    langs: &[],
    exclude: &[],
    within: Within::Comments,
    effect: Effect::Forbid,
};

/// Markdown thematic breaks (`---`, `***`, `___`, spaced or not) on their own line after a
/// blank line (so never a setext heading's underline). YAML front matter at the top, fenced code
/// blocks and table delimiter rows (they hold `|`) are consumed or never match: the first two
/// alternatives have no `hit`, so what they cover is skipped.
pub const HORIZONTAL_RULE: Detector = Detector {
    name: "horizontal-rule",
    summary: "Markdown thematic breaks (`---`, `***`, `___` alone on a line after a blank line; not YAML front matter, fenced code or table rows)",
    pattern: concat!(
        r"\A---[ \t]*\r?\n(?:[^\n]*\n)*?(?:---|\.\.\.)[ \t]*$",
        r"|^[ \t]*(?:```|~~~)[^\n]*\n(?:[^\n]*\n)*?[ \t]*(?:```|~~~)[ \t]*$",
        r"|(?:\A|\n[ \t]*\r?\n) {0,3}(?P<hit>-(?:[ \t]*-){2,}|\*(?:[ \t]*\*){2,}|_(?:[ \t]*_){2,})[ \t]*$"
    ),
    langs: &[Lang::Docs],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// Hard-coded hex colors in style sheets: a `#fff` / `#f2cc0c` in a property's value — not in a
/// custom property's definition (`--color-primary: #f2cc0c`, the design tokens), nor in a
/// selector (`#navbar`, `a:hover #abc {`).
pub const HEX_COLOR: Detector = Detector {
    name: "hex-color",
    summary: "a hex color (`#fff`, `#f2cc0c`) in a CSS property value, not in `--custom-property` definitions or selectors",
    pattern: r"^[ \t]*[A-Za-z][\w-]*[ \t]*:[^;{}\r\n]*?(?P<hit>#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4}))\b[^{\r\n]*$",
    langs: &[Lang::Css, Lang::Vue, Lang::Svelte],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Section comments: a comment line that is a banner — a title between runs of `-`, `=`, `*`,
/// `#` or `~` (`# -- lifecycle --`, `// ===== Helpers =====`), or only such a run (`# --------`).
pub const SECTION_COMMENT: Detector = Detector {
    name: "section-comment",
    summary: "banner comment lines: `# -- title --`, `// ==== title ====`, `# --------`",
    pattern: r"^[ \t]*(?P<hit>(?:#+|//+|--)[ \t]*(?:[-=*#~]{2,}[ \t]*\S[^\r\n]*?[ \t]*[-=*#~]{2,}|[-=*#~]{4,}))[ \t]*$",
    langs: &[],
    exclude: &[],
    within: Within::Comments,
    effect: Effect::Forbid,
};

/// Any comment, marker included: `// …`, `/* … */` (JSX's `{/* … */}` too), `<!-- … -->`, `# …`
/// (a `#` then a space: not `#include`, `#[derive]`, CSS's `#id`). Leading branches with no
/// hit consume what is no comment a reader reads: tool directives (`// eslint-disable`,
/// `// @ts-…`, `# type: ignore`, `# noqa`, `//go:build`, `// autofix-ignore` …), shebangs, and
/// license headers (a first line naming a copyright or license).
pub const COMMENT: Detector = Detector {
    name: "comment",
    summary: "every comment (`// …`, `/* … */`, `<!-- … -->`, `# …`), marker included; not tool directives, shebangs or license headers",
    // Each hit-less branch stays inside its own comment: a directive's `//` line, a block's
    // `*/` (a lazy `[\s\S]*?` after a line comment ran on to the next `*/`, in a string three
    // lines down, and swallowed the comments between).
    pattern: concat!(
        r"(?i)(?://+|#)[ \t]*(?:eslint|@ts-|prettier-ignore|istanbul|c8 |v8 |biome-ignore|deno-lint|jshint|tslint|global |noinspection|nolint|nosonar|autofix-ignore|type:|noqa|pylint:|mypy:|pyright:|fmt:|isort:|ruff:|nosec|pragma|rubocop:|frozen_string_literal|-\*-|region\b|endregion\b|#region|#endregion|webpack|@vite|@refresh|@jsx|@flow|@license|@preserve)[^\r\n]*",
        r"|/\*+[ \t]*(?:eslint|@ts-|prettier-ignore|istanbul|c8 |v8 |biome-ignore|deno-lint|jshint|tslint|global |webpack|@vite|@jsx|@flow|@license|@preserve|autofix-ignore)(?:[^*]|\*+[^*/])*\*+/",
        r"|//go:[^\r\n]*|//[ \t]*\+build[^\r\n]*|#![^\r\n]*",
        r"|(?://+|#)[^\r\n]*(?:copyright|spdx-license|licensed under|\(c\) \d{4})[^\r\n]*",
        r"|/\*+(?:[^*]|\*+[^*/])*?(?:copyright|spdx-license|licensed under|\(c\) \d{4})(?:[^*]|\*+[^*/])*\*+/",
        r"|(?P<hit>//[^\r\n]*|/\*[\s\S]*?\*/|<!--[\s\S]*?-->|#[ \t][^\r\n]*|#$)"
    ),
    langs: &[],
    exclude: &[],
    within: Within::Comments,
    effect: Effect::Forbid,
};

/// Swift force unwraps: `try!` and a postfix `!` right after a name, a call or a subscript
/// (`words.first!`, `image.pngData()!`, `items[0]!`) — not `!x`, `!=`, `try?`.
pub const FORCE_UNWRAP: Detector = Detector {
    name: "force-unwrap",
    summary: "Swift force unwraps: `try!` and postfix `!` (`x!`, `f()!`, `x!.y`), not `!x`, `!=` or `try?`",
    pattern: r"(?:[)\]]|\b)(?P<hit>try!|!)(?:[^=:\w]|$)",
    langs: &[Lang::Swift],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

const OPTIONS_API_PATTERN: &str = r"^[ \t]+data[ \t]*:[ \t]*\{|^[ \t]+(?P<hit>data|methods|computed|watch|mounted|created|beforeMount|beforeUnmount|beforeDestroy|unmounted|destroyed)(?:[ \t]*\([ \t]*\)[ \t]*\{|[ \t]*:[ \t]*function\b|[ \t]*:[ \t]*\{)";

/// Vue's Options API: a component's `data()`, `methods: {`, `computed: {`, `watch: {` and
/// lifecycle hooks (`mounted() {`) — not `computed(() => …)` or `onMounted(` in `<script setup>`.
/// `data: {` (an object, not a function) is consumed by a first alternative with no `hit`: API
/// payloads look like that.
pub const OPTIONS_API: Detector = Detector {
    name: "options-api",
    summary: "Vue Options API members: `data()`, `methods: {`, `computed: {`, `watch: {`, lifecycle hooks like `mounted() {`",
    pattern: OPTIONS_API_PATTERN,
    langs: &[Lang::Vue],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use (the) Composition API": mandated, it rules out the Options API.
pub const COMPOSITION_API: Detector = Detector {
    name: "composition-api",
    summary: "Options API members where the Composition API is mandated (same matches as options-api)",
    pattern: OPTIONS_API_PATTERN,
    langs: &[Lang::Vue],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Vue's `v-if` on the element that also has a `v-for` (the Vue style guide's "never"), in
/// either order; the hit is `v-if`. A tag without `v-for` is consumed whole by a first branch
/// with no hit — its attributes, quoted values whole (a `>` or `v-for` inside one is text), any
/// other character unless it starts `v-for` — so a `v-if` on a `<template v-for>`'s child (the
/// guide's own fix) is no match; `v-else-if` is not `v-if`.
pub const VUE_IF_WITH_FOR: Detector = Detector {
    name: "vue-if-with-for",
    summary: "`v-if` on the same element as `v-for` (either order), not on a child of the `v-for` element",
    pattern: concat!(
        r#"<[A-Za-z][\w.-]*"#,
        r#"(?:"[^"]*"|'[^']*'|[^>"'v]|v(?:[^->"']|-(?:[^f>"']|f(?:[^o>"']|o[^r>"']))))*>"#,
        r#"|<[A-Za-z][\w.-]*(?:"[^"]*"|'[^']*'|[^>"'])*?\s(?P<hit>v-if)\b"#
    ),
    langs: &[Lang::Vue],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Spring's field injection: `@Autowired` on a field (`private Repo repo;`, Kotlin's
/// `lateinit var repo: Repo`), after any other annotations — not on a constructor or a setter.
/// The hit is the annotation.
pub const FIELD_INJECTION: Detector = Detector {
    name: "field-injection",
    summary: "`@Autowired` on a field (Java `private Repo repo;`, Kotlin `lateinit var repo: Repo`), not on a constructor or setter",
    pattern: r"(?P<hit>@Autowired)\b(?:[ \t]*\([^)\r\n]*\))?[ \t\r\n]+(?:@[\w.]+(?:[ \t]*\([^)\r\n]*\))?[ \t\r\n]+)*(?:(?:(?:private|protected|public|final|static|transient|volatile|lateinit|internal)[ \t]+)*[\w.$]+(?:[ \t]*<[^;(){}\r\n]*>)?(?:\[\])*[ \t]+\w+[ \t]*[;=]|(?:(?:private|protected|public|internal|lateinit)[ \t]+)*(?:lateinit[ \t]+)?var[ \t]+\w+[ \t]*:)",
    langs: &[Lang::Java, Lang::Kotlin],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Prefer constructor injection": mandated, it rules out field injection.
pub const CONSTRUCTOR_INJECTION: Detector = Detector {
    name: "constructor-injection",
    summary: "`@Autowired` fields where constructor injection is mandated (same matches as field-injection)",
    pattern: FIELD_INJECTION.pattern,
    langs: &[Lang::Java, Lang::Kotlin],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Java's `Optional` where it is no return type: a field's type (`private Optional<String>
/// code;`, an access modifier makes it a field) or a parameter's (`Optional<String> userId,` /
/// `)`). A local variable (`Optional<Coupon> found = …`, at a line's start) is consumed by a
/// first branch with no hit; a method returning one (`Optional<T> find(…)`) is not matched.
pub const OPTIONAL_FIELD_OR_PARAMETER: Detector = Detector {
    name: "optional-field-or-parameter",
    summary: "Java `Optional<…>` as a field's type (`private Optional<String> x;`) or a parameter's, not as a return type or a local variable",
    pattern: concat!(
        r"^[ \t]*(?:final[ \t]+)?Optional[ \t]*<[^;(){}=<>\r\n]*(?:<[^;(){}=<>\r\n]*>[^;(){}=<>\r\n]*)*>[ \t]+\w+[ \t]*[;=]",
        r"|(?:^[ \t]*(?:@\w+(?:\([^)\r\n]*\))?[ \t]+)*(?:private|protected|public)[ \t]+(?:(?:static|final|transient|volatile)[ \t]+)*)?",
        r"(?:java\.util\.)?(?P<hit>Optional)[ \t]*<[^;(){}=<>\r\n]*(?:<[^;(){}=<>\r\n]*>[^;(){}=<>\r\n]*)*>[ \t]+\w+[ \t\r\n]*[,);=]"
    ),
    langs: &[Lang::Java],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Go and Rust tests, where panicking is how a test fails.
const GO_RUST_TESTS: &[&str] = &[
    "!**/tests/**",
    "!**/benches/**",
    "!**/examples/**",
    "!**/*_test.rs",
    "!**/tests.rs",
    "!**/*_test.go",
    "!**/testdata/**",
];

/// Go's `panic(…)` and Rust's `panic!(…)`: what "never panic" forbids. Not a method `x.panic(`,
/// not `panic::catch_unwind`; tests left out, and in Rust everything after a file's first
/// `#[cfg(test)]`.
pub const PANIC_CALL: Detector = Detector {
    name: "panic-call",
    summary: "`panic(…)` (Go) and `panic!(…)` (Rust) calls outside tests (`*_test.go`, tests/, benches/, examples/, *_test.rs left out; in Rust everything after the first `#[cfg(test)]`)",
    // `fn panic(` (a `#[panic_handler]`) is consumed without a hit; `std::panic!(` counts.
    pattern: r"(?:#\[cfg\(test\)\][\s\S]*)|\bfn[ \t]+panic\b|(?:^|[^\w.:]|(?:std|core)::)(?P<hit>panic!?)[ \t]*\(",
    langs: &[Lang::Go, Lang::Rust],
    exclude: GO_RUST_TESTS,
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Use explicit return types", "tipos de retorno explícitos": a TypeScript `function` declaration
/// or an arrow function bound to a `const` whose parameter list is followed by the body (`{` or
/// `=>`), not by `: T`. One-line signatures only: a parameter list broken over lines is not seen
/// (a miss, never a false hit). The hit is the function's name.
pub const UNTYPED_RETURN: Detector = Detector {
    name: "untyped-return",
    summary: "TypeScript functions (`function f(…) {`, `const f = (…) =>`) whose one-line signature has no return type; the hit is the name",
    pattern: r"(?:^|[^\w$.])(?:function[ \t]*\*?[ \t]+|(?:const|let|var)[ \t]+)(?P<hit>[A-Za-z_$][\w$]*)(?:[ \t]*=[ \t]*(?:async[ \t]+)?)?[ \t]*(?:<[^<>\r\n]*>)?[ \t]*\((?:[^()\r\n]|\([^()\r\n]*\))*\)[ \t]*(?:\{|=>)",
    // Not Vue or Svelte: their scripts may be plain JavaScript (`<script setup>`).
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// PHP test files and Blade templates: not what a typing rule is about.
const PHP_NOT_TYPED: &[&str] = &["!**/tests/**", "!**/*Test.php", "!**/*.blade.php"];

/// "Always use explicit return type declarations" in PHP: a named function or method whose
/// parameter list is followed by its body or `;` with no `: type`; the hit is the name.
/// Constructors, destructors and `__clone` declare none; closures are not read.
pub const PHP_UNTYPED_RETURN: Detector = Detector {
    name: "untyped-php-return",
    summary: "a PHP function or method without a return type declaration (constructors left out); the hit is the name",
    pattern: r"\bfunction[ \t]+&?(?:__construct|__destruct|__clone)\b|\bfunction[ \t]+&?(?P<hit>[A-Za-z_]\w*)[ \t]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)[ \t\r\n]*[{;]",
    langs: &[Lang::Php],
    exclude: PHP_NOT_TYPED,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "parameter type hints" in PHP: a named function's first parameter without a type (after
/// any typed ones, their defaults and attributes read); the hit is the variable. One hit per
/// signature, as for Python's.
pub const PHP_UNTYPED_PARAMETER: Detector = Detector {
    name: "untyped-php-parameter",
    summary: "a PHP function's first parameter without a type hint; the hit is the variable",
    pattern: concat!(
        r"\bfunction[ \t]+&?[A-Za-z_]\w*[ \t]*\(",
        // Typed parameters: attributes, promotion modifiers, a (nullable, union) type, the
        // variable, a default.
        r#"(?:[ \t\r\n]*(?:#\[[^\]]*\][ \t\r\n]*)*(?:(?:public|private|protected|readonly)[ \t]+)*\??[\\\w]+(?:[|&]\??[\\\w]+)*[ \t]+&?(?:\.\.\.)?\$\w+(?:[ \t]*=[ \t]*(?:[^,()'"\r\n]|'[^'\r\n]*'|"[^"\r\n]*"|\([^()]*\))*)?[ \t\r\n]*,)*"#,
        r"[ \t\r\n]*(?:#\[[^\]]*\][ \t\r\n]*)*(?:(?:public|private|protected|readonly)[ \t]+)*&?(?:\.\.\.)?(?P<hit>\$\w+)"
    ),
    langs: &[Lang::Php],
    exclude: PHP_NOT_TYPED,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// [`UNTYPED_RETURN`] for exported functions only ("explicit return types on exported functions").
pub const UNTYPED_EXPORTED_RETURN: Detector = Detector {
    name: "untyped-exported-return",
    summary: "exported TypeScript functions (`export function f(…) {`, `export const f = (…) =>`) whose one-line signature has no return type; the hit is the name",
    pattern: r"(?:^|[^\w$.])export[ \t]+(?:default[ \t]+)?(?:async[ \t]+)?(?:function[ \t]*\*?[ \t]+|(?:const|let|var)[ \t]+)(?P<hit>[A-Za-z_$][\w$]*)(?:[ \t]*=[ \t]*(?:async[ \t]+)?)?[ \t]*(?:<[^<>\r\n]*>)?[ \t]*\((?:[^()\r\n]|\([^()\r\n]*\))*\)[ \t]*(?:\{|=>)",
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// [`UNTYPED_RETURN`] for React components only ("explicit return types for components"): a
/// PascalCase function or arrow function in a `.tsx` file whose one-line signature has no
/// return type (not an all-capitals `API` or `GET`); the hit is the name.
pub const UNTYPED_COMPONENT_RETURN: Detector = Detector {
    name: "untyped-component-return",
    summary: "React components (`function Card(…) {`, `const Card = (…) =>` in `.tsx`) whose one-line signature has no return type; the hit is the name",
    pattern: r"(?:^|[^\w$.])(?:export[ \t]+(?:default[ \t]+)?)?(?:async[ \t]+)?(?:function[ \t]+|(?:const|let)[ \t]+)(?P<hit>[A-Z][A-Z0-9_]*[a-z][\w$]*)(?:[ \t]*=[ \t]*(?:async[ \t]+)?)?[ \t]*(?:<[^<>\r\n]*>)?[ \t]*\((?:[^()\r\n]|\([^()\r\n]*\))*\)[ \t]*(?:\{|=>)",
    langs: &[Lang::React],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Python test files and generated migrations: their functions are tests, named for what they
/// test, or written by a tool.
pub const PY_TEST_FILES: &[&str] = &[
    "!**/tests/**",
    "!**/test/**",
    "!**/test_*.py",
    "!**/*_test.py",
    "!**/tests.py",
    "!**/conftest.py",
    "!**/migrations/**",
];

/// "Include type hints for function returns" in Python: a one-line `def` without `->`.
pub const UNTYPED_PYTHON_RETURN: Detector = Detector {
    name: "untyped-python-return",
    summary: "Python functions whose one-line `def` has no return annotation (`def f(x):`, not `def f(x) -> int:`); the hit is the name",
    pattern: r"^[ \t]*(?:async[ \t]+)?def[ \t]+(?P<hit>\w+)[ \t]*(?:\[[^\]\r\n]*\])?\((?:[^()\r\n]|\([^()\r\n]*\))*\)[ \t]*:",
    langs: &[Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

// Pieces of Python signatures, for the type-hint detectors: blanks, line breaks and comments
// between parameters; a name other than `self` and `cls` (spelt out: the regex crate has no
// look-ahead); an annotation or a default value, brackets, parentheses and strings included
// (`dict[str, int]`, `Field(gt=0)`, `","`); a parameter that needs no annotation or has one.
macro_rules! py_blank {
    () => {
        r"(?:[ \t\r\n]|#[^\r\n]*)*"
    };
}
macro_rules! py_not_self {
    () => {
        r"(?:[A-Zabd-rt-z_]\w*|s(?:[^\We]\w*|e(?:[^\Wl]\w*|l(?:[^\Wf]\w*|f\w+)?)?)?|c(?:[^\Wl]\w*|l(?:[^\Ws]\w*|s\w+)?)?)"
    };
}
macro_rules! py_value {
    () => {
        r#"(?:"[^"\r\n]*"|'[^'\r\n]*'|[^,()\[\]{}=\r\n#"']|\[(?:[^\[\]]|\[(?:[^\[\]]|\[[^\[\]]*\])*\])*\]|\((?:[^()]|\([^()]*\))*\)|\{[^{}]*\})+"#
    };
}
macro_rules! py_typed_param {
    () => {
        concat!(
            r"(?:\*{0,2}[A-Za-z_]\w*[ \t]*:",
            py_blank!(),
            py_value!(),
            "(?:",
            py_blank!(),
            "=",
            py_blank!(),
            py_value!(),
            r")?|(?:self|cls)\b|[*/])"
        )
    };
}
/// Typed parameters (or ones that need no type), each followed by its comma: the run before
/// the first gap.
macro_rules! py_typed_params {
    () => {
        concat!("(?:", py_typed_param!(), py_blank!(), ",", py_blank!(), ")*")
    };
}
/// `def name[T](` at the start of a line, `async` or not, up to the parameters' first one.
macro_rules! py_def {
    ($name:literal) => {
        concat!(
            r"^[ \t]*(?:async[ \t]+)?def[ \t]+",
            $name,
            r"[ \t]*(?:\[[^\]\r\n]*\])?\(",
            py_blank!()
        )
    };
}

/// "Use type hints for all functions and methods", "Usar type hints": a Python function's first
/// parameter without an annotation (`path` in `def load(path)`, `args` in `*args`); `self`,
/// `cls`, `*` and `/` need none. Test files are left out: their functions are tests.
pub const PY_UNTYPED_PARAMETER: Detector = Detector {
    name: "untyped-python-parameter",
    summary: "a Python function's first parameter without a type hint (`self`, `cls`, `*`, `/` need none); test files left out",
    pattern: concat!(
        py_def!(r"\w+"),
        py_typed_params!(),
        r"\*{0,2}(?P<hit>",
        py_not_self!(),
        ")",
        py_blank!(),
        "[=,)]"
    ),
    langs: &[Lang::Python],
    exclude: PY_TEST_FILES,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// With [`PY_UNTYPED_PARAMETER`]: a Python function whose parameters all have type hints but
/// whose return has none (the hit is its name), so that a signature is reported once, at its
/// first gap. An `__init__` with typed parameters besides `self` is consumed without a hit: its
/// `-> None` is implied, as mypy has it (and typed projects such as Flask write it).
pub const PY_UNTYPED_RETURN_OF_TYPED: Detector = Detector {
    name: "untyped-python-return-of-typed",
    summary: "a Python function whose parameters have type hints and whose return has none (not `__init__` with typed parameters, as mypy has it); the hit is the name",
    pattern: concat!(
        py_def!("__init__"),
        "self",
        py_blank!(),
        ",",
        py_blank!(),
        r"[^)\s]|",
        py_def!(r"(?P<hit>\w+)"),
        py_typed_params!(),
        "(?:",
        py_typed_param!(),
        py_blank!(),
        r")?\)",
        py_blank!(),
        ":"
    ),
    langs: &[Lang::Python],
    exclude: PY_TEST_FILES,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A conditional expression inside another one, chained in its alternative (`a ? x : b ? y :
/// z`) or as its consequent (`a ? (b ? x : y) : z`); the hit is the inner one. Only ` ? ` with
/// blanks around it is a ternary: `?.`, `??`, `x?: T` and C#'s `int?` are not. Nothing with a
/// statement, block, list or call between (`f(a ? 1 : 2, b ? 3 : 4)` holds two ternaries, not a
/// nested one).
pub const NESTED_TERNARY: Detector = Detector {
    name: "nested-ternary",
    summary: "a ternary inside another ternary, chained (`a ? x : b ? y : z`) or as its consequent (`a ? (b ? x : y) : z`); the inner one is the hit",
    // A TypeScript type alias is consumed without a hit: chained conditional types (`T extends A
    // ? X : T extends B ? Y : Z`) are how types are written, not nested ternaries.
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?type[ \t]+[\w$]+[^=;\r\n]*=[^;]*;?|[ \t\r\n]\?[ \t\r\n]+(?:[^;{}?:,]*?[ \t\r\n]:[ \t\r\n]+\(?|\(?)(?P<hit>[^;{}?:,()\s][^;{}?:,()]*?[ \t\r\n]\?[ \t\r\n]+[^;{}?:,]+?[ \t\r\n]:[ \t\r\n]+[^;{}?:,()\r\n]*[^;{}?:,()\s])",
    langs: &[
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::Vue,
        Lang::Svelte,
        Lang::Java,
        Lang::CSharp,
        Lang::Php,
        Lang::Cpp,
        Lang::Swift,
        Lang::Ruby,
    ],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// A line of blanks only: what "no whitespace on blank lines" forbids.
pub const WHITESPACE_ONLY_LINE: Detector = Detector {
    name: "whitespace-only-line",
    summary: "a blank line holding spaces or tabs",
    pattern: r"^(?P<hit>[ \t]+)\r?$",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

const SVELTE_REACTIVE_PATTERN: &str = r"^[ \t]*(?P<hit>\$:)";

/// Svelte's legacy reactive statements, `$: x = …` (Svelte 5's runes replace them).
pub const LEGACY_REACTIVE: Detector = Detector {
    name: "svelte-reactive-statement",
    summary: "Svelte's legacy reactive declarations and statements (`$: …`)",
    pattern: SVELTE_REACTIVE_PATTERN,
    langs: &[Lang::Svelte],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Mandated Svelte 5 runes rule out the legacy reactive statements they replace.
pub const SVELTE_RUNES: Detector = Detector {
    name: "svelte-runes",
    summary: "legacy reactive statements (`$: …`) where Svelte 5 runes are mandated (same matches as svelte-reactive-statement)",
    pattern: SVELTE_REACTIVE_PATTERN,
    langs: &[Lang::Svelte],
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A test left skipped: the test frameworks' ways to skip one — `it.skip`/`test.skip`/
/// `describe.skip` and `xit`/`xdescribe` (Jest, Vitest, Mocha, Jasmine), `@pytest.mark.skip(if)`,
/// `@unittest.skip…` and `pytest.skip()`, Go's `t.Skip…()`, Rust's `#[ignore]`, JUnit's
/// `@Disabled`/`@Ignore`. The hit is the whole marker (`it.skip`), not a `skip` that may be any
/// variable's name (`{ skip: 10 }` in a query).
pub const SKIPPED_TEST: Detector = Detector {
    name: "skipped-test",
    summary: "a test left skipped: `it.skip`, `test.skip`, `describe.skip`, `xit`, `xdescribe`, `@pytest.mark.skip`, `@unittest.skip`, `pytest.skip()`, Go's `t.Skip()`, Rust's `#[ignore]`, JUnit's `@Disabled`/`@Ignore`",
    pattern: r"(?P<hit>\b(?:it|test|describe|context|suite|specify)\.skip\b|\bx(?:it|test|describe|context)\b|@pytest\.mark\.skip(?:if)?\b|@unittest\.skip\w*|\bpytest\.skip\b|\b[bt]\.Skip(?:Now|f)?\b|#\[ignore\b[^\]\r\n]*\]|@Disabled\b|@Ignore\b)",
    langs: &[
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::Python,
        Lang::Go,
        Lang::Rust,
        Lang::Java,
        Lang::Kotlin,
    ],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// An image reference up to its tag, in a Dockerfile's `FROM` or a YAML `image:` value.
macro_rules! image_before_tag {
    () => {
        r#"(?:(?i:^[ \t]*FROM[ \t]+(?:--\S+[ \t]+)*)|^[ \t]*(?:-[ \t]+)?image:[ \t]*["']?)[^\s:@"'#]+(?::[0-9]+/[^\s:@"']+)?"#
    };
}

/// "❌ NO classes anywhere - only functions", "avoid using classes": classes forbidden outright,
/// as a construct — the `class` keyword of a declaration, where a name and a body, a base or an
/// interface follow (TypeScript's generics and `abstract` too; Python's `class Name:` /
/// `class Name(Base):`). Not `className`, nor a `class` in a string or a comment. (The words
/// that name one language's classes, [`CLASS_DECLARATION`], report the declaration.)
pub const CLASS_KEYWORD: Detector = Detector {
    name: "class-declaration",
    summary: "a class declared (`class Name {`, `class Name extends …`, Python's `class Name:`)",
    pattern: r"(?:^|[^\w$.@-])(?P<hit>class)[ \t]+[A-Za-z_$][\w$]*(?:[ \t]*<[^>\r\n]*>)?[ \t]*(?:extends\b|implements\b|\{|\(|:)",
    langs: &[Lang::TypeScript, Lang::JavaScript, Lang::Python],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// A path into one person's home folder — `/Users/fred/…`, `/home/fred/…`, `C:\Users\fred\…` —
/// written into source code or a script: it works on one machine only. Where a path starts (not
/// inside a URL or a longer path), to the next blank or quote; `$HOME`, `~` are portable.
pub const LOCAL_MACHINE_PATH: Detector = Detector {
    name: "local-machine-path",
    summary: "a path into one user's home folder (`/Users/name/…`, `/home/name/…`, `C:\\Users\\name\\…`) in source files and scripts",
    pattern: r#"(?:^|[\s"'`=(\[,{])(?P<hit>(?:/Users|/home)/[A-Za-z0-9._-]+(?:/[^\s"'`]*)?|[A-Za-z]:(?:\\{1,2}|/)Users(?:\\{1,2}|/)[A-Za-z0-9._ -]+(?:(?:\\{1,2}|/)[^\s"'`]*)?)"#,
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// The `latest` tag of a container image: in a Dockerfile's `FROM` and a YAML `image:` (Compose,
/// Kubernetes, CI). Comments never match (the line must start with the instruction or key).
pub const LATEST_TAG: Detector = Detector {
    name: "latest-image-tag",
    summary: "the `latest` tag of an image in a Dockerfile `FROM` line or a YAML `image:` value",
    pattern: concat!(image_before_tag!(), r#":(?P<hit>latest)(?:[\s"'@]|$)"#),
    langs: &[Lang::Docker, Lang::Yaml],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// The same, reported with its colon (`:latest`) for a rule that writes it so.
pub const LATEST_TAG_WITH_COLON: Detector = Detector {
    name: "latest-image-tag",
    summary: "the `:latest` tag of an image in a Dockerfile `FROM` line or a YAML `image:` value",
    pattern: concat!(image_before_tag!(), r#"(?P<hit>:latest)(?:[\s"'@]|$)"#),
    langs: &[Lang::Docker, Lang::Yaml],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// Interfaces (TypeScript, C#, Java) and the `I` prefix convention. "Prefix interfaces with
/// `I`": an interface whose name does not start with `I` and a capital.
pub const UNPREFIXED_INTERFACE: Detector = Detector {
    name: "interface-without-i-prefix",
    summary: "an interface whose name does not start with `I` and a capital (`interface User`, not `IUser`)",
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:(?:public|internal|private|protected|sealed|partial)[ \t]+)*interface[ \t]+(?P<hit>(?:[A-HJ-Za-z_$]|I[a-z0-9_$])[\w$]*|I)(?:[^\w$]|$)",
    langs: &[Lang::TypeScript, Lang::CSharp, Lang::Java],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// The `I` prefix convention applied to type aliases too ("Tipos/Interfaces: prefijo I").
pub const UNPREFIXED_TYPE: Detector = Detector {
    name: "type-without-i-prefix",
    summary: "a type alias whose name does not start with `I` and a capital (`type User = …`)",
    pattern: r"^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?type[ \t]+(?P<hit>(?:[A-HJ-Za-z_$]|I[a-z0-9_$])[\w$]*|I)[ \t]*(?:<[^=\r\n]*>)?[ \t]*=",
    langs: &[Lang::TypeScript],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// "Don't prefix interfaces with `I`": `interface IUser` — an `I`, a capital and a lowercase
/// letter, so acronyms (`IPAddress`, `IOStream`) are not read as the prefix.
pub const I_PREFIXED_INTERFACE: Detector = Detector {
    name: "interface-with-i-prefix",
    summary: "an interface named with the `I` prefix (`IUser`, Go's `type IReader interface`; not acronyms such as `IPAddress`)",
    pattern: r"^[ \t]*(?:(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:(?:public|internal|private|protected|sealed|partial)[ \t]+)*interface|type)[ \t]+(?P<hit>I[A-Z][a-z][\w$]*)(?:[ \t]+(?:interface|extends)\b|[ \t]*[<{:]|[ \t]*\r?$)",
    langs: &[Lang::TypeScript, Lang::CSharp, Lang::Java, Lang::Go],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Ruby's (and PHP's) word operators, where a rule prefers `&&` / `||`: `x and y`, `a or
/// raise` — not a method `.or(`, a symbol `:or` or a key `or:`.
pub const AND_OPERATOR: Detector = Detector {
    name: "and-operator",
    summary: "the `and` word operator (Ruby, PHP) where `&&` is preferred",
    pattern: r"(?:^|[^\w.:@$])(?P<hit>and)(?:[ \t]|\r?$)",
    langs: &[Lang::Ruby, Lang::Php],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

pub const OR_OPERATOR: Detector = Detector {
    name: "or-operator",
    summary: "the `or` word operator (Ruby, PHP) where `||` is preferred",
    pattern: r"(?:^|[^\w.:@$])(?P<hit>or)(?:[ \t]|\r?$)",
    langs: &[Lang::Ruby, Lang::Php],
    exclude: &[],
    within: Within::Code,
    effect: Effect::Forbid,
};

/// Mojibake: UTF-8 read as Latin-1 / Windows-1252 (`Ã©` for `é`, `Â¡` for `¡`, `â€™` for `’`) and
/// the replacement character `�`. A lone `Ã` or `Â` before an ordinary character (Portuguese
/// "SÃO") is consumed by the first alternative, which has no `hit`.
pub const MOJIBAKE: Detector = Detector {
    name: "mojibake",
    summary: "mojibake: `Ã`/`Â` followed by a Latin-1 or Windows-1252 continuation character, `â€`, and the replacement character `�`",
    pattern: r"[ÂÃ](?:[^\x{80}-\x{BF}€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]|$)|(?P<hit>[ÂÃ\x{FFFD}]|â€)",
    langs: &[],
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// A file with more than `max` lines: the hit is its first line (some content follows line
/// `max`; blank lines at the end do not count, a blank line `max + 1` before more code does).
pub fn file_length_pattern(max: usize) -> String {
    format!(
        r"\A(?P<hit>[^\r\n]*)[^\n]*(?:\n[^\n]*){{{}}}\n\s*\S",
        max.saturating_sub(1)
    )
}

/// "Use ES modules", "✅ ES6 modules (import/export)": mandated, they rule out CommonJS (the
/// same matches as `commonjs`; `.cjs` files, CommonJS by name, left out).
pub const ES_MODULES: Detector = Detector {
    name: "es-modules",
    summary: "CommonJS where ES modules are mandated: `require(…)`, `module.exports`, `exports.x = …` (`.cjs` files left out)",
    pattern: COMMONJS_PATTERN,
    langs: JS_TS,
    exclude: &["!*.cjs"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A JS/TS import of a parent folder's module (`'../../lib/x'`), or a Python relative import
/// (`from .models import x`, `from .. import y`); the hit is the specifier.
/// Anchored at a statement's start (or a `require(`/`import(` call), so a commented-out import
/// does not count.
const PARENT_IMPORT_PATTERN: &str = r#"(?:^[ \t]*from[ \t]+|(?:^[ \t]*(?:import\b[^'"\r\n]*?\bfrom[ \t]*|import[ \t]+|export\b[^'"\r\n]*?\bfrom[ \t]*|\}[ \t]*from[ \t]*)|\b(?:require|import)[ \t]*\([ \t]*)["'])(?P<hit>\.\./[^"'\r\n]*|\.+[\w.]*)(?:["']|[ \t]+import\b)"#;

const JS_TS_COMPONENTS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript, Lang::Vue, Lang::Svelte];
const IMPORTING: &[Lang] = &[
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Vue,
    Lang::Svelte,
    Lang::Python,
];

/// "Use `.js` extensions in relative imports", "always include file extensions in imports": a
/// relative module specifier (`'./x'`, `"../lib/y"`) in an import, export-from, `require` or
/// dynamic `import(…)` whose last part has no extension (`./routes/index`, and a folder such
/// as `./components`, which NodeNext does not resolve). The hit is the specifier.
pub const EXTENSIONLESS_IMPORT: Detector = Detector {
    name: "extensionless-import",
    summary: "relative imports without a file extension (`from './users'`, `require('../lib/db')`) in JS/TS",
    // A `from` opens the line's statement (`import … from`, `export … from`, `} from`): the words
    // "from './x'" inside a string are no import.
    pattern: r#"(?:^[ \t]*(?:(?:import|export)\b[^'"\r\n]*?\bfrom|\}[ \t]*from|import)[ \t]*|\bimport[ \t]*\([ \t]*|\brequire[ \t]*\([ \t]*)['"](?P<hit>\.{1,2}/(?:[^'"\r\n]*/)?[^'"\r\n/.]+)['"]"#,
    langs: &[Lang::TypeScript, Lang::JavaScript, Lang::Vue, Lang::Svelte],
    exclude: &["!**/*.d.ts"],
    within: Within::Strings,
    effect: Effect::RulesOut,
};

/// "No relative imports", "evitar imports relativos".
pub const RELATIVE_IMPORT: Detector = Detector {
    name: "relative-import",
    summary: "imports from a parent folder (`'../x'`) in JS/TS, relative imports in Python (`from .x import`)",
    pattern: PARENT_IMPORT_PATTERN,
    langs: IMPORTING,
    exclude: &[],
    within: Within::Any,
    effect: Effect::Forbid,
};

/// "Always use path aliases", "SIEMPRE usar alias de paths": mandated, they rule out imports
/// that climb to a parent folder.
pub const PATH_ALIASES: Detector = Detector {
    name: "path-aliases",
    summary: "imports from a parent folder (`'../x'`), Python relative imports, where path aliases or absolute imports are mandated",
    pattern: PARENT_IMPORT_PATTERN,
    langs: IMPORTING,
    exclude: &[],
    within: Within::Any,
    effect: Effect::RulesOut,
};

/// "Usa ES6+ (const, let, arrow functions…)": mandated, it rules out `var` declarations.
pub const ES6_PLUS: Detector = Detector {
    name: "es6-plus",
    summary: "`var` declarations where ES6+ is mandated",
    pattern: VAR_PATTERN,
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// "Prefer template literals over string concatenation", "Use template strings": mandated,
/// they rule out `+` joining a string literal and a value — `"Hello, " + name` here, `name +
/// "!"` in [`CONCAT_BEFORE_STRING`] (one `hit` per pattern). Two literals joined (`"a" + "b"`,
/// a long string split over lines) are left alone, as ESLint's `prefer-template` leaves them.
pub const CONCAT_AFTER_STRING: Detector = Detector {
    name: "string-concatenation",
    summary: "`\"…\" + value` where template literals are mandated",
    pattern: r#"["'`][ \t]*(?:\r?\n[ \t]*)?(?P<hit>\+)[ \t]*(?:\r?\n[ \t]*)?[\w$(]"#,
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// `value + "…"` where template literals are mandated: see [`CONCAT_AFTER_STRING`]. A number
/// plus a literal's length (`start + "<think>".length`) is arithmetic.
pub const CONCAT_BEFORE_STRING: Detector = Detector {
    name: "string-concatenation-before",
    summary: "`value + \"…\"` where template literals are mandated",
    pattern: concat!(
        r#"[\w$)\]][ \t]*(?:\r?\n[ \t]*)?\+[ \t]*(?:\r?\n[ \t]*)?"#,
        r#"(?:"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'|`[^`\r\n]*`)[ \t]*\.[ \t]*length\b"#,
        r#"|[\w$)\]][ \t]*(?:\r?\n[ \t]*)?(?P<hit>\+)[ \t]*(?:\r?\n[ \t]*)?["'`]"#
    ),
    langs: JS_TS,
    exclude: &[],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A code span that is an example of a concept rather than a literal: `from module import *`
/// names every wildcard import, whatever the module (a placeholder word).
pub fn example_of(text: &str) -> Option<&'static Detector> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["from", m, "import", "*"] if m.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.') => {
            Some(&WILDCARD_IMPORT)
        }
        ["import", "*"] => Some(&WILDCARD_IMPORT),
        // "not `export default`": default exports, with the files whose framework requires one
        // left out (a Next.js `page.tsx`, a config) — the bare phrase would flag them all.
        ["export", "default"] => Some(&DEFAULT_EXPORT),
        // `FROM imagen:latest`, `node:latest`: an image's `latest` tag, whatever the image.
        ["FROM" | "from", image] | [image] if is_latest_image(image) => Some(&LATEST_TAG),
        _ => None,
    }
}

/// `node:latest`, `ghcr.io/acme/api:latest`: an image reference with the `latest` tag.
fn is_latest_image(text: &str) -> bool {
    text.strip_suffix(":latest").is_some_and(|name| {
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-' | '_' | ':' | '<' | '>'))
    })
}

/// A code span that stands for a concept given the rule's other words (`rule_words` tells
/// whether the rule says one of them): "native types instead of `typing` equivalents" means
/// `typing`'s aliases of built-in types (but "never import from `typing`" forbids the module);
/// "never ignore errors with `_`" means Go's blank identifier taking an error.
pub fn example_in_context(text: &str, rule_words: impl Fn(&[&str]) -> bool) -> Option<&'static Detector> {
    match text.trim() {
        "typing" | "typing.List" | "typing.Optional" | "typing.Dict"
            if rule_words(&[
                "equivalents",
                "equivalent",
                "aliases",
                "alias",
                "native",
                "built-in",
                "builtin",
                "nativos",
                "equivalentes",
            ]) =>
        {
            Some(&TYPING_ALIASES)
        }
        "_" if rule_words(&["error", "errors", "err", "error's", "errores"]) => Some(&BLANK_ERROR),
        // "No dejes tests pendientes usando `skip`", "never commit `it.skip`": a skipped test,
        // however its framework writes it — not a `skip` anywhere in code.
        "skip" | ".skip" | "it.skip" | "test.skip" | "describe.skip" | "xit" | "xdescribe" | "xtest"
            if rule_words(words::TEST_SUBJECT_NOUNS) =>
        {
            Some(&SKIPPED_TEST)
        }
        // "Use `.js` extensions in relative imports": the extension every relative import needs.
        ext if is_module_extension(ext)
            && rule_words(words::EXTENSION_WORDS)
            && rule_words(words::IMPORT_WORDS) =>
        {
            Some(&EXTENSIONLESS_IMPORT)
        }
        // "Use `@/*` for imports from root directory", "imports con `~/`": a path alias, mandated
        // for imports, rules out climbing to a parent folder.
        "@/" | "@/*" | "~/" | "~/*" | "#/" | "#/*" | "$lib" | "$lib/" | "@src/" | "@app/"
            if rule_words(words::IMPORT_WORDS) =>
        {
            Some(&PATH_ALIASES)
        }
        // "Never use the `latest` tag", "no `:latest` images" (the tag with its colon, as the
        // rule writes it).
        "latest" | ":latest"
            if rule_words(&[
                "tag",
                "tags",
                "image",
                "images",
                "docker",
                "dockerfile",
                "dockerfiles",
                "container",
                "containers",
                "imagen",
                "imágenes",
                "etiqueta",
                "etiquetas",
            ]) =>
        {
            Some(if text == ":latest" {
                &LATEST_TAG_WITH_COLON
            } else {
                &LATEST_TAG
            })
        }
        // "Prefer `&&` and `||` over `and` and `or`": Ruby's and PHP's word operators. Only
        // with the symbols or "operators" said: alone, `and` is a word.
        "and" if rule_words(&["&&", "operators", "operator", "operadores", "operador"]) => {
            Some(&AND_OPERATOR)
        }
        "or" if rule_words(&["||", "operators", "operator", "operadores", "operador"]) => Some(&OR_OPERATOR),
        _ => None,
    }
}

/// The extensions a JS/TS module specifier ends with: `.js`, `.mjs`, `.cjs`, `.ts`.
pub fn is_module_extension(text: &str) -> bool {
    matches!(text, ".js" | ".mjs" | ".cjs" | ".ts")
}

/// A commit message's subject (its first line that is not blank or a `#` comment) longer than
/// `max` characters; the hit is the whole line.
pub fn commit_subject_pattern(max: usize) -> String {
    format!(r"\A(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?P<hit>[^#\s][^\r\n]{{{max},}})")
}

/// A commit message's body line (not the subject, not a `#` comment, nothing after git's
/// scissors line) longer than `max` characters. The first two alternatives have no `hit`: they
/// consume the subject and the scissors' diff.
pub fn commit_body_pattern(max: usize) -> String {
    format!(
        r"\A(?:[ \t]*(?:#[^\n]*)?\r?\n)*[^\r\n]*|^#[^\n]*-+ >8 -+[\s\S]*|^(?P<hit>[^#\r\n][^\r\n]{{{max},}})"
    )
}

/// Top-level domains a forbidden host may end with. With one dot only `com` and `org` count
/// (`java.net`, `socket.io`, `std.io` are code); with two or more, any of these.
const HOST_TLDS: &[&str] = &[
    "com", "org", "net", "io", "dev", "app", "co", "ai", "cloud", "xyz", "me", "info", "biz", "edu", "gov",
    "us", "uk", "de", "fr", "es", "eu", "ca", "au", "jp", "tech", "site", "page", "gg", "ly", "tv", "fm",
];

/// Whether a code span is a host name: `custom-icon-badges.demolab.com`, `example.com` — lowercase
/// labels of letters, digits and `-`, ending with a known top-level domain.
pub fn is_host(text: &str) -> bool {
    let labels: Vec<&str> = text.split('.').collect();
    let Some(tld) = labels.last() else {
        return false;
    };
    let well_formed = labels.iter().all(|l| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    });
    well_formed
        && HOST_TLDS.contains(tld)
        && (labels.len() >= 3 || (labels.len() == 2 && matches!(*tld, "com" | "org")))
}

/// A forbidden host where it is used: in a URL (after `//`), an address (after `@`) or as the end
/// of a longer host name — never named in prose ("we dropped example.com").
pub fn host_pattern(host: &str) -> String {
    format!(
        r"(?i)(?://|@|[\w-]\.)(?P<hit>{})(?:[^\w.-]|\.(?:[^\w]|$)|$)",
        regex::escape(host)
    )
}

/// A concept named by words: "emojis", "exportaciones por defecto".
#[derive(Debug, Clone, Copy)]
pub struct Concept {
    pub detector: &'static Detector,
    /// Word sequences that name it (EN and ES), space-separated; a word written with capitals
    /// must appear exactly so (`TODO`, not Spanish "todo"), others in any case.
    pub phrases: &'static [&'static str],
}

pub const CONCEPTS: &[Concept] = &[
    Concept {
        detector: &EMOJI,
        phrases: words::EMOJI_NAMES,
    },
    Concept {
        detector: &LOMBOK_ACCESSORS,
        phrases: &["lombok"],
    },
    Concept {
        detector: &FIELD_INJECTION,
        phrases: &[
            "field injection",
            "field-based injection",
            "inyección por campo",
            "inyección por campos",
            "inyección de campos",
            "inyección en campos",
        ],
    },
    Concept {
        detector: &CONSTRUCTOR_INJECTION,
        phrases: &[
            "constructor injection",
            "constructor-based injection",
            "constructor-based dependency injection",
            "inyección por constructor",
            "inyección de constructor",
            "inyección en el constructor",
            "inyección de dependencias por constructor",
            "inyección de dependencias en el constructor",
        ],
    },
    Concept {
        detector: &DEFAULT_EXPORT,
        phrases: words::DEFAULT_EXPORT_NAMES,
    },
    Concept {
        detector: &EXPLICIT_EXPORTS,
        phrases: words::EXPLICIT_EXPORT_NAMES,
    },
    Concept {
        detector: &NAMED_EXPORTS,
        phrases: words::NAMED_EXPORT_NAMES,
    },
    Concept {
        detector: &CPP_EXCEPTIONS,
        phrases: words::CPP_EXCEPTION_NAMES,
    },
    Concept {
        detector: &F_STRINGS,
        phrases: words::F_STRING_NAMES,
    },
    Concept {
        detector: &CLASS_KEYWORD,
        phrases: &["classes", "clases"],
    },
    Concept {
        detector: &LOCAL_MACHINE_PATH,
        phrases: words::LOCAL_PATH_NAMES,
    },
    Concept {
        detector: &HARDCODED_SECRET,
        phrases: words::SECRET_NAMES,
    },
    Concept {
        detector: &HARDCODED_UI_TEXT,
        phrases: words::UI_TEXT_NAMES,
    },
    Concept {
        detector: &CLASS_COMPONENT,
        phrases: words::CLASS_COMPONENT_NAMES,
    },
    Concept {
        detector: &FUNCTION_COMPONENTS,
        phrases: words::FUNCTION_COMPONENT_NAMES,
    },
    Concept {
        detector: &STANDALONE_COMPONENTS,
        phrases: words::STANDALONE_COMPONENT_NAMES,
    },
    Concept {
        detector: &STANDALONE_FLAG,
        phrases: &[
            "standalone property",
            "standalone properties",
            "standalone flag",
            "standalone flags",
            "propiedad standalone",
            "propiedades standalone",
        ],
    },
    Concept {
        detector: &PROMISE_CHAIN,
        phrases: words::PROMISE_CHAIN_NAMES,
    },
    Concept {
        detector: &ASYNC_AWAIT,
        phrases: words::ASYNC_AWAIT_NAMES,
    },
    Concept {
        detector: &BLANK_ERROR,
        phrases: words::BLANK_ERROR_NAMES,
    },
    Concept {
        detector: &GO_CONTEXT_NOT_FIRST,
        phrases: words::CONTEXT_FIRST_NAMES,
    },
    Concept {
        detector: &CLASS_DECLARATION,
        phrases: words::CLASS_DECLARATION_NAMES,
    },
    Concept {
        detector: &TOP_LEVEL_AWAIT,
        phrases: words::TOP_LEVEL_AWAIT_NAMES,
    },
    Concept {
        detector: &VUE_GLOBAL_COMPONENT,
        phrases: words::VUE_GLOBAL_COMPONENT_NAMES,
    },
    Concept {
        detector: &UNPINNED_ACTION,
        phrases: words::PINNED_ACTION_NAMES,
    },
    Concept {
        detector: &MODERN_TYPE_HINTS,
        phrases: words::MODERN_TYPE_HINT_NAMES,
    },
    Concept {
        detector: &PY_UNTYPED_PARAMETER,
        phrases: words::TYPE_HINT_NAMES,
    },
    Concept {
        detector: &INSECURE_URL,
        phrases: words::HTTPS_NAMES,
    },
    Concept {
        detector: &SQL_INTERPOLATION,
        phrases: words::SQL_INTERPOLATION_NAMES,
    },
    Concept {
        detector: &PARAMETERIZED_QUERIES,
        phrases: words::PARAMETERIZED_QUERY_NAMES,
    },
    Concept {
        detector: &UNPINNED_DEPENDENCY,
        phrases: words::EXACT_VERSION_NAMES,
    },
    Concept {
        detector: &WILDCARD_IMPORT,
        phrases: words::WILDCARD_IMPORT_NAMES,
    },
    Concept {
        detector: &TODO_COMMENT,
        phrases: words::TODO_COMMENT_NAMES,
    },
    Concept {
        detector: &FIXME_COMMENT,
        phrases: words::FIXME_COMMENT_NAMES,
    },
    Concept {
        detector: &TRAILING_WHITESPACE,
        phrases: words::TRAILING_WHITESPACE_NAMES,
    },
    Concept {
        detector: &TAB_INDENT,
        phrases: words::TAB_INDENT_NAMES,
    },
    Concept {
        detector: &INLINE_STYLE,
        phrases: words::INLINE_STYLE_NAMES,
    },
    Concept {
        detector: &PRINT_CALL,
        phrases: words::PRINT_CALL_NAMES,
    },
    Concept {
        detector: &CONVENTIONAL_COMMITS,
        phrases: words::CONVENTIONAL_COMMITS_NAMES,
    },
    Concept {
        detector: &BARE_EXCEPT,
        phrases: words::BARE_EXCEPT_NAMES,
    },
    Concept {
        detector: &UNSAFE_BLOCK,
        phrases: words::UNSAFE_CODE_NAMES,
    },
    Concept {
        detector: &MUTABLE_DEFAULT,
        phrases: words::MUTABLE_DEFAULT_NAMES,
    },
    Concept {
        detector: &COMMONJS,
        phrases: words::COMMONJS_NAMES,
    },
    Concept {
        detector: &STDOUT_WRITE,
        phrases: words::STDOUT_NAMES,
    },
    Concept {
        detector: &SEMICOLON_END,
        phrases: words::SEMICOLON_NAMES,
    },
    Concept {
        detector: &NON_NULL_ASSERTION,
        phrases: words::NON_NULL_NAMES,
    },
    Concept {
        detector: &THROW_STRING,
        phrases: words::THROW_STRING_NAMES,
    },
    Concept {
        detector: &DEPRECATED_COMMENT,
        phrases: words::DEPRECATED_COMMENT_NAMES,
    },
    Concept {
        detector: &HORIZONTAL_RULE,
        phrases: words::HORIZONTAL_RULE_NAMES,
    },
    Concept {
        detector: &MOJIBAKE,
        phrases: words::MOJIBAKE_NAMES,
    },
    Concept {
        detector: &ES_MODULES,
        phrases: words::ES_MODULES_NAMES,
    },
    Concept {
        detector: &RELATIVE_IMPORT,
        phrases: words::RELATIVE_IMPORT_NAMES,
    },
    Concept {
        detector: &PATH_ALIASES,
        phrases: words::PATH_ALIAS_NAMES,
    },
    Concept {
        detector: &ES6_PLUS,
        phrases: words::ES6_PLUS_NAMES,
    },
    Concept {
        detector: &CONCAT_AFTER_STRING,
        phrases: words::TEMPLATE_LITERAL_NAMES,
    },
    Concept {
        detector: &HEX_COLOR,
        phrases: words::HEX_COLOR_NAMES,
    },
    Concept {
        detector: &SECTION_COMMENT,
        phrases: words::SECTION_COMMENT_NAMES,
    },
    Concept {
        detector: &FORCE_UNWRAP,
        phrases: words::FORCE_UNWRAP_NAMES,
    },
    Concept {
        detector: &OPTIONS_API,
        phrases: words::OPTIONS_API_NAMES,
    },
    Concept {
        detector: &COMPOSITION_API,
        phrases: words::COMPOSITION_API_NAMES,
    },
    Concept {
        detector: &PANIC_CALL,
        phrases: words::PANIC_NAMES,
    },
    Concept {
        detector: &NESTED_TERNARY,
        phrases: words::NESTED_TERNARY_NAMES,
    },
    Concept {
        detector: &UNTYPED_RETURN,
        phrases: words::RETURN_TYPE_NAMES,
    },
    Concept {
        detector: &EXTENSIONLESS_IMPORT,
        phrases: words::IMPORT_EXTENSION_NAMES,
    },
    Concept {
        detector: &WHITESPACE_ONLY_LINE,
        phrases: words::WHITESPACE_ONLY_LINE_NAMES,
    },
    Concept {
        detector: &LEGACY_REACTIVE,
        phrases: words::LEGACY_REACTIVE_NAMES,
    },
    Concept {
        detector: &SVELTE_RUNES,
        phrases: words::SVELTE_RUNES_NAMES,
    },
    Concept {
        detector: &LATEST_TAG,
        phrases: words::LATEST_TAG_NAMES,
    },
];

/// A keyword-like literal with a detector better than a bare word match.
#[derive(Debug, Clone, Copy)]
pub struct Keyword {
    pub word: &'static str,
    pub detector: &'static Detector,
    /// Also an English word: unquoted, it counts only when the rule names the language.
    pub english: bool,
}

pub const KEYWORDS: &[Keyword] = &[
    Keyword {
        word: "ngmodule",
        detector: &NG_MODULE,
        english: false,
    },
    Keyword {
        word: "ngmodules",
        detector: &NG_MODULE,
        english: false,
    },
    Keyword {
        word: "@ngmodule",
        detector: &NG_MODULE,
        english: false,
    },
    Keyword {
        word: "any",
        detector: &ANY_TYPE,
        english: true,
    },
    Keyword {
        word: "unknown",
        detector: &UNKNOWN_TYPE,
        english: true,
    },
    Keyword {
        word: "var",
        detector: &VAR_DECL,
        english: false,
    },
    Keyword {
        word: "let",
        detector: &LET_DECL,
        english: true,
    },
    Keyword {
        word: "enum",
        detector: &ENUM_DECL,
        english: false,
    },
    Keyword {
        word: "enums",
        detector: &ENUM_DECL,
        english: false,
    },
    Keyword {
        word: "interface",
        detector: &INTERFACE_DECL,
        english: true,
    },
    Keyword {
        word: "type",
        detector: &TYPE_ALIAS,
        english: true,
    },
    Keyword {
        word: "null",
        detector: &NULL_VALUE,
        english: true,
    },
    Keyword {
        word: "undefined",
        detector: &UNDEFINED_VALUE,
        english: false,
    },
    Keyword {
        word: "print",
        detector: &PRINT_CALL,
        english: true,
    },
    Keyword {
        word: "unwrap",
        detector: &UNWRAP_CALL,
        english: false,
    },
    Keyword {
        word: "expect",
        detector: &EXPECT_CALL,
        english: true,
    },
    Keyword {
        word: "unsafe",
        detector: &UNSAFE_BLOCK,
        english: true,
    },
    Keyword {
        word: "except",
        detector: &BARE_EXCEPT,
        english: true,
    },
    Keyword {
        word: "except:",
        detector: &BARE_EXCEPT,
        english: false,
    },
    Keyword {
        word: "function",
        detector: &FUNCTION_DECL,
        english: true,
    },
];

/// The keyword entry for a literal (`print()`, `.unwrap()`, `any`), if any.
pub fn keyword(literal: &str) -> Option<&'static Keyword> {
    let call = literal.ends_with(')') || literal.ends_with('(');
    let word = literal.trim_start_matches('.').split('(').next().unwrap_or("");
    // The keyword alone or called (`print()`, `.unwrap(…)`) — not a template that opens with it
    // (`type(scope): ...`, a commit subject's form).
    let rest = &literal.trim_start_matches('.')[word.len()..];
    if !(rest.is_empty() || rest == "(" || (rest.starts_with('(') && rest.ends_with(')'))) {
        return None;
    }
    KEYWORDS.iter().find(|k| {
        k.word == word && (!call || matches!(k.detector.name, "print-call" | "unwrap-call" | "expect-call"))
    })
}

/// A keyword the rule misspelled (`inteface`): one letter off (an edit or a swap) a keyword of
/// five letters or more, the literal itself no keyword. Checking the misspelling would find
/// nothing, ever.
pub fn misspelled_keyword(literal: &str) -> Option<&'static Keyword> {
    if keyword(literal).is_some() || literal.len() < 5 || !literal.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    KEYWORDS
        .iter()
        .find(|k| k.word.len() >= 5 && strsim::damerau_levenshtein(k.word, literal) == 1)
}

/// Every named detector, for docs and tests.
pub const ALL_DETECTORS: &[&Detector] = &[
    &EMOJI,
    &INSECURE_URL,
    &UNPINNED_DEPENDENCY,
    &SPACE_INDENT,
    &FUNCTION_COMPONENTS,
    &SQL_INTERPOLATION,
    &PARAMETERIZED_QUERIES,
    &DEFAULT_EXPORT,
    &NAMED_EXPORTS,
    &EXPLICIT_EXPORTS,
    &CLASS_COMPONENT,
    &WILDCARD_IMPORT,
    &TODO_COMMENT,
    &FIXME_COMMENT,
    &TRAILING_WHITESPACE,
    &TAB_INDENT,
    &INLINE_STYLE,
    &CONVENTIONAL_COMMITS,
    &ANY_TYPE,
    &VAR_DECL,
    &VAR_INFERRED,
    &LET_DECL,
    &ENUM_DECL,
    &INTERFACE_DECL,
    &TYPE_ALIAS,
    &NULL_VALUE,
    &UNDEFINED_VALUE,
    &PRINT_CALL,
    &UNWRAP_CALL,
    &EXPECT_CALL,
    &UNSAFE_BLOCK,
    &BARE_EXCEPT,
    &MUTABLE_DEFAULT,
    &F_STRINGS,
    &CPP_EXCEPTIONS,
    &HARDCODED_SECRET,
    &HARDCODED_UI_TEXT,
    &SKIPPED_TEST,
    &TS_EXPECT_ERROR_BARE,
    &COMMONJS,
    &STDOUT_WRITE,
    &ASYNC_SLEEP,
    &SEMICOLON_END,
    &FUNCTION_DECL,
    &NON_NULL_ASSERTION,
    &THROW_STRING,
    &DEPRECATED_COMMENT,
    &HORIZONTAL_RULE,
    &MOJIBAKE,
    &ES_MODULES,
    &ES6_PLUS,
    &CONCAT_AFTER_STRING,
    &CONCAT_BEFORE_STRING,
    &HEX_COLOR,
    &SECTION_COMMENT,
    &FORCE_UNWRAP,
    &OPTIONS_API,
    &COMPOSITION_API,
    &VUE_IF_WITH_FOR,
    &CSHARP_BLOCKING_WAIT,
    &COMMENT,
    &FIELD_INJECTION,
    &CONSTRUCTOR_INJECTION,
    &OPTIONAL_FIELD_OR_PARAMETER,
    &LOMBOK_ACCESSORS,
    &KOTLIN_RAW_THREAD,
    &KOTLIN_CALLBACK_ENQUEUE,
    &LARAVEL_DB_QUERY,
    &PANIC_CALL,
    &NESTED_TERNARY,
    &OBJECT_TYPE_ALIAS,
    &INTERFACE_WITHOUT_EXTENDS,
    &UNTYPED_RETURN,
    &UNTYPED_EXPORTED_RETURN,
    &EXTENSIONLESS_IMPORT,
    &UNTYPED_PYTHON_RETURN,
    &WHITESPACE_ONLY_LINE,
    &LEGACY_REACTIVE,
    &SVELTE_RUNES,
    &LATEST_TAG,
    &LATEST_TAG_WITH_COLON,
    &CONVENTIONAL_COMMITS_SHAPE,
    &LOCAL_MACHINE_PATH,
    &CLASS_KEYWORD,
    &UNPREFIXED_INTERFACE,
    &UNPREFIXED_TYPE,
    &I_PREFIXED_INTERFACE,
    &AND_OPERATOR,
    &OR_OPERATOR,
];

/// `names` escaped, as one regex alternation, the longest first.
pub fn alternation(names: &[String]) -> String {
    let mut sorted: Vec<&String> = names.iter().collect();
    // Longest first, so `pip3` is tried before `pip`.
    sorted.sort_by_key(|t| std::cmp::Reverse(t.len()));
    sorted
        .iter()
        .map(|t| regex::escape(t))
        .collect::<Vec<_>>()
        .join("|")
}

/// Where a project's documentation speaks to its users rather than its contributors. A `docs/`
/// folder may be the contributors' too (`docs/build.md`): only a docs site's guides and pages
/// are left out, and the examples ([`EXAMPLE_DIRS`]).
const READER_DOCS: &[&str] = &[
    "**/docs/guide/**",
    "**/docs/guides/**",
    "**/docs/content/**",
    "**/docs/pages/**",
    "**/docs/src/**",
    "website/**",
    "site/**",
];

/// Example and demo apps, which the library's users copy and run with their own package
/// manager (`"startCommand": "npm run test:ui"` for StackBlitz, `yarn dev` in their README),
/// and test fixtures, which play such apps (`fixtures/import-npm`, a container's `RUN npm
/// install`).
const EXAMPLE_DIRS: &[&str] = &[
    "examples/**",
    "example/**",
    "demo/**",
    "demos/**",
    "fixtures/**",
    "**/__fixtures__/**",
];

/// A command-context check: pattern and files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandCheck {
    pub context: &'static str,
    pub pattern: String,
    pub files: Vec<String>,
}

/// Where `tools` (or a full command like `npm install`) are run: shell scripts, CI files,
/// Makefiles and Dockerfiles (at a command position), `package.json` scripts (a JSON string
/// value starting a command), and command lines in Markdown (a line starting with the command,
/// optionally after a `$ ` prompt). `commands` are literal commands, matched whole.
///
/// `spared` are tools the rule mandates: a line installing one of them with a forbidden tool
/// (`npm install -g pnpm`, `pip install uv`) is how the project gets it, not a use of the
/// rival — such a match takes no `hit`, so it reports nothing. `readme`: the project's Markdown
/// command lines are checked too (a rule that names the rivals it forbids, not one that only
/// mandates a package manager).
pub fn command_checks(
    tools: &[String],
    commands: &[String],
    only: &[Lang],
    package_json: bool,
    spared: &[String],
    readme: bool,
) -> Vec<CommandCheck> {
    let mut alts: Vec<String> = Vec::new();
    if !tools.is_empty() {
        alts.push(format!("(?:{})", alternation(tools)));
    }
    for c in commands {
        let words: Vec<String> = c.split_whitespace().map(regex::escape).collect();
        alts.push(words.join("[ \\t]+"));
    }
    if alts.is_empty() {
        return Vec::new();
    }
    // Flags may stand around it (`pip install --upgrade pip uv`), and it may be quoted or carry a
    // version (`"pnpm@8"`, `uv==0.4.0`, `"uv>=0.4"`); pnpm also comes as `@pnpm/exe`, and
    // through corepack. Any other package on the line (`pip install --upgrade pip gunicorn`) is
    // the rival installing it: reported.
    let installs = if spared.is_empty() || tools.is_empty() {
        String::new()
    } else {
        // The rival upgrading itself (`npm install -g npm@^11.6`, for trusted publishing) or
        // telling its version runs no install of the project's.
        let mut got: Vec<String> = spared.to_vec();
        got.extend(tools.iter().cloned());
        format!(
            r#"(?:{})[ \t]+(?:install|i|add|global[ \t]+add)(?:[ \t]+(?:-[^\s;&|]*|["']?(?:{}|@pnpm/exe|corepack)(?:[@=<>~!][^\s"';&|]*)?["']?))+[ \t]*(?:$|[;&|)]|"[ \t]*(?:[,}}]|$))|(?:{})[ \t]+(?:--version|-v)(?:[ \t"]|$|[;&|)])|"#,
            alternation(tools),
            alternation(&got),
            alternation(tools)
        )
    };
    let hit = alts.join("|");
    // Only full commands: the end guard keeps `--force` from firing in `--force-with-lease`;
    // `npm create svelte@latest` names a version.
    let end = r"(?:[ \t@]|$|[;&|)])";
    let needs_sub = !tools.is_empty();
    let sub = if needs_sub && commands.is_empty() {
        format!("[ \\t]+(?:{SUBCOMMANDS})")
    } else {
        String::new()
    };
    // In a script value, a tool runs when a subcommand, another tool (`yarn eslint .`) or
    // nothing (`"dev": "vite"`) follows — not in `"description": "npm package for x"`.
    let script_end = if sub.is_empty() {
        r#"(?:[ \t"]|$)"#.to_string()
    } else {
        let all_tools: Vec<String> = TOOLS.iter().map(|t| t.to_string()).collect();
        format!(
            r#"(?:{sub}(?:[ \t"]|$)|[ \t]+(?:{})(?:[ \t"]|$)|")"#,
            alternation(&all_tools)
        )
    };
    let mut out = Vec::new();
    let wanted = |lang: Lang| only.is_empty() || only.contains(&lang);
    let shell_files: Vec<String> = if only.is_empty() {
        COMMAND_FILES.iter().map(|s| s.to_string()).collect()
    } else {
        only.iter()
            .filter(|l| l.is_command_context() && **l != Lang::Docs)
            .flat_map(|l| l.globs().iter().map(|s| s.to_string()))
            .collect()
    };
    if !shell_files.is_empty() {
        let shell_files = shell_files
            .into_iter()
            .chain(EXAMPLE_DIRS.iter().map(|g| format!("!{g}")))
            .collect();
        out.push(CommandCheck {
            context: "shell scripts, CI files, Makefiles and Dockerfiles (at a command position)",
            // A whole-line comment ("# but `npm publish` (and some CI flows) don't") is
            // consumed first, without a hit: it runs nothing. A subshell's `(` follows no name:
            // `Bash(npm info *)` in an agent's allowed tools runs nothing.
            pattern: format!(
                r"^[ \t]*#[^\r\n]*|(?:^|[;&|`]|(?:^|[^\w\r\n])\(|\$\()[ \t]*(?:(?:-|RUN|run:|script:|command:|cmd:|\$|sudo|then|do|else|exec|env|cross-env|--mount=[^\s]+|[A-Za-z_][A-Za-z0-9_]*=[^\s;&|]*)[ \t]+)*(?:{installs}(?P<hit>{hit}){end})"
            ),
            files: shell_files,
        });
    }
    if only.is_empty() || package_json {
        out.push(CommandCheck {
            context: "package.json scripts (a JSON string value that runs the command)",
            // The fields package.json defines for prose and metadata (`"description": "npm
            // wrapper for …"`) are consumed first, without a hit: only other keys' values — the
            // scripts — run commands.
            pattern: format!(
                r#""(?:name|version|description|keywords|homepage|license|author|email|url|main|module|types|typings|type|directory|funding|packageManager|private)"[ \t]*:[ \t]*"[^"\r\n]*"|"[^"\r\n]+"[ \t]*:[ \t]*"(?:[^"\r\n]*?(?:&&|\|\||;|\|)[ \t]*)?(?:(?:cross-env|env|[A-Za-z_][A-Za-z0-9_]*=[^\s"]*)[ \t]+)*(?:{installs}(?P<hit>{hit}){script_end})"#
            ),
            files: std::iter::once("package.json".to_string())
                .chain(EXAMPLE_DIRS.iter().map(|g| format!("!{g}")))
                .collect(),
        });
    }
    // The field that names the project's package manager: a rival there is the plainest case.
    if !spared.is_empty() && (only.is_empty() || package_json) {
        out.push(CommandCheck {
            context: "the `packageManager` field of package.json",
            pattern: format!(
                r#""packageManager"[ \t]*:[ \t]*"(?P<hit>{})@"#,
                alternation(tools)
            ),
            files: vec!["package.json".into()],
        });
    }
    // Hooks run linters; the rivals of a mandated package manager are not hooks.
    if only.is_empty() && !tools.is_empty() && spared.is_empty() {
        let tools = alternation(tools);
        out.push(CommandCheck {
            context: "pre-commit hooks (a hook `id`)",
            pattern: format!(r#"^[ \t]*-?[ \t]*id:[ \t]*["']?(?P<hit>{tools})["']?[ \t]*(?:#[^\r\n]*)?$"#),
            files: vec![".pre-commit-config.yaml".into(), ".pre-commit-hooks.yaml".into()],
        });
        out.push(CommandCheck {
            context: "pre-commit hooks (the hook's repository)",
            pattern: format!(
                r#"^[ \t]*-?[ \t]*repo:[ \t]*["']?https?://[^\s"']*/(?P<hit>{tools})(?:-pre-commit|-mirror|-hooks)?(?:\.git)?["']?[ \t]*(?:#[^\r\n]*)?$"#
            ),
            files: vec![".pre-commit-config.yaml".into()],
        });
    }
    // A README shows how others install the project — with every package manager, for a
    // library: where a rule only mandates one, the rivals are not the project's commands.
    // Nor is a line that installs a named package (`npm i -g cline`, `pip install httpx`,
    // `npm install miniflare --save-dev`): the reader's way to get it, consumed without a hit;
    // a changelog records past releases.
    // Where only a package manager is mandated, a README's lines that set the project itself
    // up with a rival — `pip install -e ".[dev]"`, `pip install -r requirements.txt`, a bare
    // `npm install` — are the project's commands, not its readers'.
    if wanted(Lang::Docs) && !readme && !spared.is_empty() && !tools.is_empty() {
        let rivals = alternation(tools);
        out.push(CommandCheck {
            context: "the project's own setup in Markdown command lines (`pip install -e .`, `-r requirements.txt`, a bare `npm install`)",
            pattern: format!(
                r#"^[ \t]*(?:[$>%][ \t]+)?(?:sudo[ \t]+)?(?P<hit>{rivals})[ \t]+(?:(?:install|i|ci|sync)(?:[ \t]+-[^\s;&|]+)*[ \t]*(?:$|[;&|#])|install(?:[ \t]+-[^\s;&|]+)*?[ \t]+(?:(?:-e|--editable|-r|--requirement)[ \t=]|["']?\.(?:\[[^\]\s]*\])?["']?(?:[ \t]|$)))"#
            ),
            files: docs_files(),
        });
    }
    if wanted(Lang::Docs) && readme {
        // A forbidden command that installs (`pip install`, `uv pip`) is the reader's way too
        // when it names packages: `pip install prefect-gcp`.
        let mut installers: Vec<String> = Vec::new();
        if !tools.is_empty() {
            installers.push(format!(r"(?:{})[ \t]+(?:install|i|add)", alternation(tools)));
        }
        for c in commands {
            let words: Vec<&str> = c.split_whitespace().collect();
            let escaped: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
            let command = escaped.join("[ \\t]+");
            match words.last() {
                Some(&("install" | "i" | "add")) => installers.push(command),
                Some(_) if words.len() >= 2 => installers.push(format!(r"{command}[ \t]+(?:install|i|add)")),
                _ => {}
            }
        }
        let reader_installs = if installers.is_empty() {
            String::new()
        } else {
            format!(
                r#"(?:{})(?:[ \t]+-[^\s;&|]+)*(?:[ \t]+["']?[@\w][^\s;&|]*)+(?:[ \t]+-[^\s;&|]+)*[ \t]*$|"#,
                installers.join("|")
            )
        };
        let files = docs_files();
        // "npm create cloudflare@latest / # or / pnpm create cloudflare@latest": the same step
        // offered with several package managers, "or" between them, is the reader's choice —
        // the block is consumed whole, without a hit.
        let managers = alternation(
            &words::PACKAGE_MANAGER_FAMILIES
                .iter()
                .flat_map(|f| f.iter().map(|m| m.to_string()))
                .collect::<Vec<_>>(),
        );
        let line = format!(r"[ \t]*(?:[$>%][ \t]+)?(?:{managers})[ \t][^\r\n]*");
        let or = r"(?:\r?\n[ \t]*)*\r?\n[ \t]*(?:(?:#|//|--)[ \t]*)?(?i:or)\b[^\r\n]*(?:\r?\n[ \t]*)*\r?\n";
        out.push(CommandCheck {
            context: "command lines in Markdown (a line starting with the command, optionally after `$ `)",
            pattern: format!(
                r"^{line}(?:{or}{line})+|^[ \t]*(?:[$>%][ \t]+)?(?:sudo[ \t]+)?(?:{reader_installs}{installs}(?P<hit>{hit}){sub}{end})"
            ),
            files,
        });
    }
    out
}

/// The project's own docs, where its commands are: its README, CONTRIBUTING and agent files — a
/// docs site's pages (MDX among them) and the examples' READMEs speak to the library's users,
/// who run their own package manager ("npm create convex@latest"); a changelog records past
/// releases.
fn docs_files() -> Vec<String> {
    let mut files: Vec<String> = Lang::Docs
        .globs()
        .iter()
        .filter(|g| **g != "*.mdx")
        .map(|s| s.to_string())
        .collect();
    files.push("!CHANGELOG*".into());
    for g in READER_DOCS.iter().chain(EXAMPLE_DIRS) {
        files.push(format!("!{g}"));
    }
    files
}

/// Whether `word` names a command-line tool.
pub fn is_tool(word: &str) -> bool {
    TOOLS.contains(&word)
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
    fn typing_aliases_are_the_ones_the_detector_finds() {
        assert_eq!(
            TYPING_ALIASES.pattern,
            typing_alias_pattern("Optional|List|Dict|Tuple|Set|FrozenSet|Type|Union").replace(r"\|", "|")
        );
        assert!(TYPING_ALIASES.pattern.contains(&TYPING_ALIAS_NAMES.join("|")));
    }

    #[test]
    fn rivals_of_a_mandated_manager_but_not_installing_it() {
        let checks = command_checks(
            &["npm".into(), "yarn".into()],
            &[],
            &[],
            false,
            &["pnpm".into()],
            false,
        );
        let shell = &checks[0].pattern;
        assert_eq!(
            hits(
                shell,
                "npm install -g pnpm@9 && pnpm i\nRUN npm ci\n- run: npm i --global pnpm\nyarn build\n"
            ),
            ["npm", "yarn"]
        );
        assert_eq!(hits(shell, "npm i -g pnpm && npm run build\n"), ["npm"]);
        let json = &checks[1].pattern;
        let one_line = r#"  "scripts": { "setup": "npm install --global pnpm", "build": "npm run compile", "dev": "pnpm vite" } }"#;
        assert_eq!(hits(json, one_line), ["npm"]);
        assert_eq!(
            hits(json, "\"setup\": \"npm i -g pnpm\",\n\"b\": \"yarn build\"\n"),
            ["yarn"]
        );
        // No pre-commit hooks for rivals; the `packageManager` field instead; in Markdown, only
        // the lines that set the project itself up.
        let contexts: Vec<&str> = checks.iter().map(|c| c.context).collect();
        assert_eq!(contexts.len(), 4, "{contexts:?}");
        assert!(contexts.iter().all(|c| !c.contains("pre-commit")));
        let setup = &checks[3].pattern;
        assert!(
            checks[3]
                .context
                .starts_with("the project's own setup in Markdown")
        );
        assert_eq!(
            hits(
                setup,
                "npm install
$ yarn install --frozen-lockfile
npm ci # clean
npm i left-pad
yarn add react
"
            ),
            ["npm", "yarn", "npm"]
        );
        let field = &checks[2].pattern;
        assert_eq!(hits(field, "  \"packageManager\": \"yarn@4.1.0\",\n"), ["yarn"]);
        assert!(hits(field, "  \"packageManager\": \"pnpm@9.0.0\",\n").is_empty());
        // Installs written other ways; commands after environment variables and mounts.
        for install in [
            "RUN npm i -g \"pnpm@8\"\n",
            "RUN yarn global add pnpm\n",
            "RUN npm install -g corepack@latest\n",
            "  \"f\": \"npm install -g @pnpm/exe\"\n",
        ] {
            assert!(
                hits(shell, install).is_empty() && hits(json, install).is_empty(),
                "{install}"
            );
        }
        assert_eq!(
            hits(
                shell,
                "RUN CI=true npm ci\nRUN --mount=type=cache,target=/root/.npm npm ci\n  - run: env CI=1 npm test\n"
            ),
            ["npm", "npm", "npm"]
        );
        assert_eq!(
            hits(
                json,
                "  \"b\": \"NODE_ENV=production npm run build\",\n  \"a\": \"cross-env NODE_ENV=production npm run build\"\n"
            ),
            ["npm", "npm"]
        );
        // Metadata fields are prose, whatever they say.
        assert!(hits(json, "  \"description\": \"npm install wrapper that helps\",\n").is_empty());
        assert_eq!(
            hits(
                json,
                "{\"description\": \"npm install x\", \"scripts\": {\"b\": \"npm run c\"}}\n"
            ),
            ["npm"]
        );
        let uv = command_checks(&["pip".into()], &[], &[], false, &["uv".into()], false);
        for install in [
            "RUN pip install uv==0.4.0\n",
            "RUN pip install \"uv>=0.4\"\n",
            "RUN pip install --upgrade pip uv\n",
        ] {
            assert!(hits(&uv[0].pattern, install).is_empty(), "{install}");
        }
        for install in [
            "RUN pip install -r requirements.txt\n",
            "RUN pip install --upgrade pip gunicorn\n",
            "RUN pip install uv gunicorn && uv sync\n",
            "  pip install -e \".[dev,mem0]\"\n",
        ] {
            assert_eq!(hits(&uv[0].pattern, install), ["pip"], "{install}");
        }
        let pnpm = command_checks(&["npm".into()], &[], &[], true, &["pnpm".into()], false);
        for install in [
            "RUN npm install -g pnpm@8 && pnpm install\n",
            "  - run: npm i -g pnpm --force\n",
        ] {
            assert!(hits(&pnpm[0].pattern, install).is_empty(), "{install}");
        }
        assert!(hits(&pnpm[1].pattern, "  \"setup\": \"npm install -g pnpm\",\n").is_empty());
    }

    #[test]
    fn insecure_urls_but_not_local_hosts_or_namespaces() {
        let t = concat!(
            "<a href=\"http://instagram.com/shop\">x</a> <a href=\"https://ok.example.org\">y</a>\n",
            "fetch('http://localhost:3000/api'); fetch('http://127.0.0.1:8080');\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n",
            "const api = \"HTTP://api.acme.io/v1\";\n",
            "\"$schema\": \"http://json-schema.org/draft-07/schema#\"\n",
            "see http://www.mercadolibre.com.ar/perfil).\n",
            "// Licensed under http://www.apache.org/licenses/LICENSE-2.0\n",
            "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n",
            "fetch('http://169.254.169.254/latest/meta-data'); fetch('http://192.168.1.10:3000');\n",
        );
        assert_eq!(
            hits(INSECURE_URL.pattern, t),
            [
                "http://instagram.com/shop",
                "HTTP://api.acme.io/v1",
                "http://www.mercadolibre.com.ar/perfil"
            ]
        );
    }

    #[test]
    fn version_ranges_in_manifests() {
        let package = concat!(
            "{\n  \"name\": \"app\",\n  \"version\": \"1.0.0\",\n",
            "  \"scripts\": { \"dev\": \"vite\", \"x\": \"~/bin/run\" },\n",
            "  \"dependencies\": {\n    \"vue\": \"^3.5.13\",\n    \"pinia\": \"2.2.6\",\n",
            "    \"axios\": \"~1.7.0\",\n    \"left-pad\": \"*\",\n    \"@scope/ui\": \"latest\",\n",
            "    \"old\": \"1.x\"\n  },\n  \"engines\": { \"node\": \">=18\" }\n}\n"
        );
        assert_eq!(
            hits(UNPINNED_DEPENDENCY.pattern, package),
            ["^3.5.13", "~1.7.0", "*", "latest", "1.x"]
        );
        // Ranges meant as ranges: peer alternatives, engines, a publish tag.
        let meant = "{\n  \"peerDependencies\": { \"react\": \"^18 || ^19\" },\n  \"engines\": { \"node\": \"^18\", \"vscode\": \"^1.80.0\" },\n  \"publishConfig\": { \"tag\": \"latest\" }\n}\n";
        assert_eq!(hits(UNPINNED_DEPENDENCY.pattern, meant), Vec::<String>::new());
        let requirements = "# pinned\nrequests==2.32.3\nflask\ndjango>=4.2,<5\n-r base.txt\nuvicorn[standard]~=0.30\npydantic==2.9 ; python_version >= \"3.9\"\nnumpy  # trailing comment\n";
        assert_eq!(
            hits(UNPINNED_DEPENDENCY.pattern, requirements),
            ["flask", "django>=4.2,<5", "uvicorn[standard]~=0.30"]
        );
    }

    #[test]
    fn sql_built_from_values_but_not_placeholders_or_prose() {
        let t = concat!(
            "pool.query(`SELECT id FROM users WHERE id = ${id}`);\n",
            "pool.query(\"SELECT id FROM users WHERE email = $1\", [email]);\n",
            "conn.execute(f\"INSERT INTO audit (u) VALUES ('{user}')\")\n",
            "conn.execute(\"UPDATE users SET seen = now() WHERE id = %s\", (uid,))\n",
            "q = \"DELETE FROM t WHERE id = \" + id;\n",
            "q = 'SELECT * FROM t WHERE n = {}'.format(n)\n",
            "db.Query(\"SELECT * FROM t WHERE id = #{id}\")\n",
            "var q = $\"UPDATE t SET a = {a}\";\n",
            "label = `Select a file from ${dir}`;\n",
            "log.info(f\"recorded {action} for {user_id}\")\n",
            // Java: one query across lines, parameterized.
            "String sql = \"SELECT id, name FROM users \" +\n    \"WHERE id = ?\";\n",
            // A closing backtick and the next opening one hold no template.
            "const t = `abc`; // ${ in a comment\ndb.query(\"SELECT id FROM users WHERE id = $1\", [id]);\nconst s = `x`;\n",
        );
        assert_eq!(
            hits(SQL_INTERPOLATION.pattern, t),
            [
                "`SELECT id FROM users WHERE id = ${id}`",
                "f\"INSERT INTO audit (u) VALUES ('{user}')\"",
                "\"DELETE FROM t WHERE id = \" + i",
                "'SELECT * FROM t WHERE n = {}'.format(",
                "\"SELECT * FROM t WHERE id = #{id}\"",
                "$\"UPDATE t SET a = {a}\"",
            ]
        );
    }

    #[test]
    fn every_detector_compiles() {
        for d in ALL_DETECTORS {
            re(d.pattern);
            assert!(
                d.effect == Effect::Require || d.pattern.contains("(?P<hit>"),
                "{}",
                d.name
            );
        }
    }

    #[test]
    fn vue_if_with_for_on_one_element_in_either_order() {
        let t = concat!(
            "<ul v-if=\"todos.length\">\n",
            "  <li\n    v-for=\"t in todos\"\n    v-if=\"!t.done\"\n    :key=\"t.id\"\n  >{{ t }}</li>\n",
            "  <option v-if=\"advanced\" v-for=\"o in options\" :key=\"o\">{{ o }}</option>\n",
            "  <template v-for=\"t in todos\" :key=\"t.id\">\n    <span v-if=\"show\">{{ t }}</span>\n  </template>\n",
            "  <p v-else-if=\"x\" v-for=\"y in ys\">a</p>\n",
            "  <p :title=\"a > b ? 'v-for' : ''\" v-if=\"c\">b</p>\n",
            "  <nav v-show=\"open\" v-if=\"ok\">c</nav>\n",
            "</ul>\n"
        );
        assert_eq!(hits(VUE_IF_WITH_FOR.pattern, t), ["v-if", "v-if"]);
    }

    #[test]
    fn field_injection_is_autowired_on_a_field() {
        let t = concat!(
            "    @Autowired\n    private QuizRepository quizRepository;\n",
            "    @Autowired(required = false)\n    @Qualifier(\"main\")\n    private Map<String, Producer> producers;\n",
            "    @Autowired\n    public QuizService(QuizRepository r) {}\n",
            "    @Autowired\n    public void setRepo(QuizRepository r) {}\n",
            "class A @Autowired constructor(private val b: B)\n",
            "    @Autowired\n    private lateinit var repo: Repo\n",
            "    // @Autowired fields are gone\n",
        );
        assert_eq!(
            hits(FIELD_INJECTION.pattern, t),
            ["@Autowired", "@Autowired", "@Autowired"]
        );
    }

    #[test]
    fn optional_as_a_field_or_a_parameter_not_a_return_or_a_local() {
        let t = concat!(
            "    private Optional<String> lastIssuedCode = Optional.empty();\n",
            "    public Optional<CouponDto> findByCode(String code) {\n",
            "        Optional<CouponEntity> available =\n",
            "            repo.find();\n",
            "    public CouponDto issue(String campaignId, Optional<String> userId) {\n",
            "    void save(final Optional<List<String>> tags,\n",
            "            Optional<Integer> limit) {\n",
            "    Optional<CouponEntity> findFirst(String id);\n",
            "    private final Map<String, Optional<Foo>> cache = new HashMap<>();\n",
            "    protected static final java.util.Optional<Clock> clock;\n",
        );
        assert_eq!(
            hits(OPTIONAL_FIELD_OR_PARAMETER.pattern, t),
            ["Optional", "Optional", "Optional", "Optional", "Optional"]
        );
    }

    #[test]
    fn emoji() {
        assert_eq!(
            hits(EMOJI.pattern, "feat: 🚀 launch ✅ © ™ → ❤️ 👍🏽 👨‍👩‍👧"),
            ["🚀", "✅", "❤\u{fe0f}", "👍🏽", "👨‍👩‍👧"]
        );
        assert!(hits(EMOJI.pattern, "fix(api): handle ñ, 世界 and ©").is_empty());
    }

    #[test]
    fn default_exports() {
        let t = "export default function App() {}\nexport const x = 1;\n  export { App as default };\nconst s = 'export default';";
        assert_eq!(
            hits(DEFAULT_EXPORT.pattern, t),
            ["export default", "export { App as default"]
        );
    }

    #[test]
    fn any_in_type_positions_only() {
        let t = "let a: any = 1;\nfunction f(x: any): any[] {}\nconst y = z as any;\nMap<string, any>\n// accepts any value\nconst anyway = 1; company";
        assert_eq!(hits(ANY_TYPE.pattern, t).len(), 5);
    }

    #[test]
    fn declarations() {
        assert_eq!(
            hits(
                VAR_DECL.pattern,
                "var x = 1;\nvariable = 2;\n// var is bad\nvar {a} = o;"
            )
            .len(),
            2
        );
        assert_eq!(
            hits(
                LET_DECL.pattern,
                "let x = 1;\n// let the user decide\nconst y = 2;"
            )
            .len(),
            1
        );
    }

    #[test]
    fn comments_and_whitespace() {
        assert_eq!(
            hits(
                TODO_COMMENT.pattern,
                "// TODO: x\n# TODO y\nconst TODO_LIST = 1;\n/* TODO */"
            )
            .len(),
            3
        );
        assert_eq!(hits(TRAILING_WHITESPACE.pattern, "a  \r\nb\nc\t\n").len(), 2);
        assert_eq!(hits(TAB_INDENT.pattern, "\tx\n  y\n\t\tz").len(), 2);
    }

    #[test]
    fn conventional_commits_require() {
        let r = re(CONVENTIONAL_COMMITS.pattern);
        for ok in [
            "feat: add x",
            "fix(api)!: y\n\nbody",
            "Merge branch 'a'",
            "\n# Please enter the commit message",
            "chore(deps): bump",
        ] {
            assert!(r.is_match(ok), "{ok}");
        }
        for bad in ["Add login", "feat:missing space", "🚀 feat: x", "update stuff"] {
            assert!(!r.is_match(bad), "{bad}");
        }
        // The shape alone, when the rule lists the types (the commits pass checks the type).
        let shape = re(CONVENTIONAL_COMMITS_SHAPE.pattern);
        for ok in ["feature: add x", "wip(ui)!: y", "feat: z", "Merge branch 'a'"] {
            assert!(shape.is_match(ok), "{ok}");
        }
        for bad in ["Add login", "feat:missing space", "🚀 feat: x", "update stuff"] {
            assert!(!shape.is_match(bad), "{bad}");
        }
    }

    #[test]
    fn deprecated_comment_and_horizontal_rule() {
        assert_eq!(
            hits(
                DEPRECATED_COMMENT.pattern,
                "// DEPRECATED: x\nconst deprecated = 1; // NOT_DEPRECATED_X"
            ),
            ["DEPRECATED"]
        );
        assert_eq!(DEPRECATED_COMMENT.within, Within::Comments);
        let md = "---\ntitle: T\n---\n\n# T\n\n---\n\n* * *\n\nSetext\n---\n\n```\n\n---\n```\n\n|---|---|\n\n___\n";
        assert_eq!(hits(HORIZONTAL_RULE.pattern, md), ["---", "* * *", "___"]);
        // A file that starts with a break and no closing fence: a break.
        assert_eq!(hits(HORIZONTAL_RULE.pattern, "---\n\ntext\n"), ["---"]);
    }

    #[test]
    fn es_modules() {
        assert_eq!(ES_MODULES.pattern, COMMONJS.pattern);
        assert!(ES_MODULES.effect == Effect::RulesOut && COMMONJS.effect == Effect::Forbid);
        // Shell options are the shell-options pass's, whatever they are.
        assert!(example_of("set -euo pipefail").is_none());
        assert!(example_of("set -x").is_none());
    }

    #[test]
    fn mojibake_and_file_length() {
        let t = "¡Hola! Â¡Hola! Ã‰xito Ã©té SÃO PAULO it’s itâ€™s año ñ ü ¿ \u{FFFD}x";
        assert_eq!(hits(MOJIBAKE.pattern, t), ["Â", "Ã", "Ã", "â€", "\u{FFFD}"]);
        let p = file_length_pattern(3);
        assert_eq!(hits(&p, "a\nb\nc\nd\n"), ["a"]);
        assert!(hits(&p, "a\nb\nc\n").is_empty());
        assert!(hits(&p, "a\nb\nc").is_empty());
        assert!(hits(&p, "a\nb\nc\n\n").is_empty());
        assert!(hits(&p, "a\nb\nc\n\n \r\n\t\n").is_empty());
        // Line 4 is blank, line 5 is not: five lines (a real file whose line 601 was blank was
        // not flagged).
        assert_eq!(hits(&p, "a\nb\nc\n\ne\n"), ["a"]);
        assert_eq!(hits(&p, "a\r\nb\r\nc\r\n\r\ne\r\n"), ["a"]);
    }

    #[test]
    fn commit_lengths_and_hosts() {
        let subject = commit_subject_pattern(50);
        let long = "x".repeat(51);
        assert_eq!(
            hits(&subject, &format!("\n# c\n{long}\n\n{long}\n")),
            [long.as_str()]
        );
        assert!(hits(&subject, &format!("{}\n\n{long}\n", "x".repeat(50))).is_empty());
        let body = commit_body_pattern(72);
        let wide = "y".repeat(73);
        let msg = format!(
            "{wide}\n\n{wide}\n# {wide}\nok\n# ------------------------ >8 ------------------------\n{wide}\n"
        );
        assert_eq!(hits(&body, &msg), [wide.as_str()]);
        assert!(is_host("custom-icon-badges.demolab.com"));
        assert!(is_host("example.com"));
        assert!(is_host("img.shields.io"));
        for not in [
            "socket.io",
            "java.net",
            "std.io",
            "moment.js",
            "os.path",
            "install.sh",
            "Example.com",
            "a_b.c.com",
        ] {
            assert!(!is_host(not), "{not}");
        }
        let p = host_pattern("demolab.com");
        assert_eq!(
            hits(
                &p,
                "https://demolab.com/x\nhttps://cdn.demolab.com/y\nwe left demolab.com.\nhttps://demolab.community/\n"
            ),
            ["demolab.com", "demolab.com"]
        );
    }

    #[test]
    fn tools_in_command_contexts() {
        let checks = command_checks(&["npm".into(), "yarn".into()], &[], &[], false, &[], true);
        assert_eq!(checks.len(), 5);
        let shell = &checks[0].pattern;
        let t = "npm install\nRUN npm ci && yarn build\n# npm is fine in comments\necho \"npm\"\n  - run: npm test\npnpm install";
        assert_eq!(hits(shell, t), ["npm", "npm", "yarn", "npm"]);
        // A comment line names commands without running them (Prisma's publish workflow).
        let t = "      # its own, but `npm publish` (and some CI flows) don't\n    # (npm rejects provenance)\n      - run: npm publish\n";
        assert_eq!(hits(shell, t), ["npm"]);
        let pkg = &checks[1].pattern;
        let t = r#"{"description": "npm package for x", "scripts": {"build": "tsc && npm run gen", "test": "yarn test", "lint": "yarn eslint .", "x": "pnpm i"}}"#;
        assert_eq!(hits(pkg, t), ["npm", "yarn", "yarn"]);
        let t = r#"{"scripts": {"dev": "vite", "build": "vite build", "about": "vite is fast"}}"#;
        let vite = command_checks(&["vite".into()], &[], &[], false, &[], true);
        assert_eq!(hits(&vite[1].pattern, t), ["vite", "vite"]);
        let md = &checks[4].pattern;
        // The project's own commands; not a line that installs a named package, the reader's
        // way to get it (`npm install foo`, `yarn add foo`).
        let t =
            "Build it:\n\n```sh\n$ npm run build\nyarn test\nnpm install\n```\n\nnpm is a package manager.\n";
        assert_eq!(hits(md, t), ["npm", "yarn", "npm"]);
        let t = "Install it:\n\n```sh\n$ npm install foo\nyarn add foo bar\nnpm i -g \"@scope/cli\"\n```\n";
        assert!(hits(md, t).is_empty());
        // `.pre-commit-config.yaml`: a hook's id and its repository, not its name or args.
        let flake8 = command_checks(&["flake8".into()], &[], &[], false, &[], true);
        let (id, repo) = (&flake8[2].pattern, &flake8[3].pattern);
        let t = "repos:\n  - repo: https://github.com/pycqa/flake8\n    rev: 7.1.1\n    hooks:\n      - id: flake8\n        name: flake8 (legacy)\n      - id: flake8-docstrings\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n";
        assert_eq!(hits(id, t), ["flake8"]);
        assert_eq!(hits(repo, t), ["flake8"]);
        let ruff = command_checks(&["ruff".into()], &[], &[], false, &[], true);
        assert_eq!(hits(&ruff[3].pattern, t), ["ruff"]);
        // `npm create svelte@latest`: a command with a version is that command.
        let create = command_checks(&[], &["npm create svelte".into()], &[], false, &[], true);
        assert_eq!(
            hits(
                &create[0].pattern,
                "npm create svelte@latest app\nnpm create sveltekit\n"
            ),
            ["npm create svelte"]
        );
    }

    #[test]
    fn round_two_detectors() {
        let bare = BARE_EXCEPT.pattern;
        assert_eq!(
            hits(
                bare,
                "try:\n    x()\nexcept:\n    pass\n    except :\nexcept ValueError:\n"
            ),
            ["except", "except"]
        );
        let mutable = MUTABLE_DEFAULT.pattern;
        assert_eq!(
            hits(
                mutable,
                "def f(a, b=[]):\ndef g(x: dict = {}, y=None):\ndef h(z=None):\ndef k(q=set()):\nitems = []\ndef m(f=g(), s=dict()):\n"
            ),
            ["[]", "{}", "set()", "dict()"]
        );
        let unwrap = UNWRAP_CALL.pattern;
        assert_eq!(
            hits(
                unwrap,
                "a.unwrap();\nb.unwrap_or(1);\n#[cfg(test)]\nmod tests { c.unwrap(); }\n"
            ),
            ["unwrap"]
        );
        assert!(UNWRAP_CALL.exclude.contains(&"!**/tests/**"));
        let ts = TS_EXPECT_ERROR_BARE.pattern;
        assert_eq!(
            hits(
                ts,
                "// @ts-expect-error\n// @ts-expect-error: why\n/* @ts-expect-error */\n// @ts-expect-error   \n"
            ),
            ["@ts-expect-error", "@ts-expect-error", "@ts-expect-error"]
        );
        let cjs = COMMONJS.pattern;
        assert_eq!(
            hits(
                cjs,
                "const a = require('a');\nmodule.exports = x;\nexports.y = 1;\nlib.require('z');\nrequired(1);\n"
            ),
            ["require", "module.exports", "exports"]
        );
        // Cloudflare Workers' `exports` binding, comparisons and declarations are no CommonJS.
        assert_eq!(
            hits(
                cjs,
                "await exports.default.fetch(u);\nconst s = exports.LogSession.get(1);\nconst exports = (x);\nif (typeof exports === \"string\") {}\nconst require = createRequire(import.meta.url);\nconst p = require.resolve(\"esbuild\");\nmodule.exports.b = 2;\nexports[\"c\"] = 3;\nexports.d == 4;\n"
            ),
            ["module.exports", "exports"]
        );
        let out = STDOUT_WRITE.pattern;
        assert_eq!(
            hits(
                out,
                "print(1)\npprint(2)\nconsole.log(3)\nconsole.error(4)\nfmt.Println(5)\nprintln!(\"6\")\nlog.Print(7)\n"
            ),
            ["print", "console.log", "fmt.Println", "println!"]
        );
        let sleep = ASYNC_SLEEP.pattern;
        let py = "import time\n\nasync def a():\n    await x()\n\n    time.sleep(1)\n\ndef b():\n    time.sleep(2)\n\nclass C:\n    async def d(self):\n        time.sleep(3)\n    def e(self):\n        time.sleep(4)\n";
        assert_eq!(hits(sleep, py), ["time.sleep", "time.sleep"]);
        let found: Vec<usize> = re(sleep)
            .captures_iter(py)
            .map(|c| py[..c.name("hit").unwrap().start()].lines().count())
            .collect();
        assert_eq!(found, [6, 13]);
    }

    #[test]
    fn more_round_two_detectors() {
        assert_eq!(
            hits(
                SEMICOLON_END.pattern,
                "const a = 1;\nconst b = 2\nfor (;;) {}\nx(); // done\n"
            ),
            [";", ";"]
        );
        assert_eq!(
            hits(
                FUNCTION_DECL.pattern,
                "function f() {}\nconst g = function* gen() {};\nx.function(1);\nconst h = () => 1;\nfunction getExecutor<T extends Op[\"type\"]>(op: T) {}\n"
            ),
            ["function", "function", "function"]
        );
        assert_eq!(
            hits(
                NON_NULL_ASSERTION.pattern,
                "a!.b;\nif (a != b) {}\nc = !d;\nf(e!);\n"
            ),
            ["!", "!"]
        );
        assert_eq!(
            hits(
                THROW_STRING.pattern,
                "throw 'a';\nthrow new Error('b');\nthrow \"c\\\"d\";\n"
            ),
            ["'a'", "\"c\\\"d\""]
        );
    }

    #[test]
    fn panics_in_go_and_rust_code() {
        let go = "func New() *T {\n\tif x == nil {\n\t\tpanic(\"nil\")\n\t}\n\tlog.Printf(\"do not panic\")\n\tr.panic(1)\n}\n";
        assert_eq!(hits(PANIC_CALL.pattern, go), ["panic"]);
        let rust = "fn f() { panic!(\"boom\"); std::panic::catch_unwind(g); }\n#[cfg(test)]\nmod tests { fn t() { panic!(\"x\") } }\n";
        assert_eq!(hits(PANIC_CALL.pattern, rust), ["panic!"]);
        assert!(PANIC_CALL.exclude.contains(&"!**/*_test.go"));
    }

    #[test]
    fn nested_ternaries_but_not_optional_chaining_or_two_ternaries() {
        let t = concat!(
            "return armor ? (armor.isMagic ? 'Mágica' : 'Normal') : 'Sin armadura';\n",
            "return size === 'small' ? 1 : size === 'large' ? -1 : 0;\n",
            "const label = isActive ? 'Activo' : 'Inactivo';\n",
            "const s = a?.b ?? 0; function f(x?: string) {}\n",
            "f(a ? 1 : 2, b ? 3 : 4);\n",
            "int? n = null; var m = n ?? 2;\n",
            "const v =\n  a === 1\n    ? 'one'\n    : a === 2\n      ? 'two'\n      : 'other';\n",
        );
        assert_eq!(
            hits(NESTED_TERNARY.pattern, t),
            [
                "armor.isMagic ? 'Mágica' : 'Normal'",
                "size === 'large' ? -1 : 0",
                "a === 2\n      ? 'two'\n      : 'other'"
            ]
        );
    }

    #[test]
    fn whitespace_only_lines_and_latest_tags() {
        assert_eq!(
            hits(WHITESPACE_ONLY_LINE.pattern, "a\n  \n\n\t\r\n  b  \n"),
            ["  ", "\t"]
        );
        let docker = concat!(
            "FROM node:latest AS build\n",
            "# FROM python:latest\n",
            "from --platform=linux/amd64 localhost:5000/api:latest\n",
            "FROM node:20-alpine\n",
            "RUN echo latest\n",
        );
        assert_eq!(hits(LATEST_TAG.pattern, docker), ["latest", "latest"]);
        let compose = "services:\n  db:\n    image: \"postgres:latest\"\n  web:\n    image: nginx:1.27\n    # image: redis:latest\n";
        assert_eq!(hits(LATEST_TAG.pattern, compose), ["latest"]);
        assert_eq!(example_of("FROM imagen:latest"), Some(&LATEST_TAG));
        assert_eq!(example_of("node:latest"), Some(&LATEST_TAG));
        assert_eq!(example_of("latest"), None);
        assert_eq!(example_of("export default"), Some(&DEFAULT_EXPORT));
        assert_eq!(
            example_in_context("latest", |w| w.contains(&"tag")),
            Some(&LATEST_TAG)
        );
        assert_eq!(example_in_context("latest", |w| w.contains(&"version")), None);
    }

    #[test]
    fn skipped_tests_however_their_framework_writes_them() {
        let ts = concat!(
            "it.skip('a', () => {});\n",
            "test.skip('b', () => {});\n",
            "describe.skip('c', () => {});\n",
            "xit('d', () => {});\n",
            "const page = await db.find({ skip: 10 });\n",
            "items.skip(2);\n",
            "it('e', () => {});\n",
        );
        assert_eq!(
            hits(SKIPPED_TEST.pattern, ts),
            ["it.skip", "test.skip", "describe.skip", "xit"]
        );
        let py = "@pytest.mark.skipif(sys.platform == 'win32', reason='posix')\n@unittest.skipUnless(HAS_GPU, 'gpu')\ndef test_x():\n    pytest.skip('later')\n";
        assert_eq!(
            hits(SKIPPED_TEST.pattern, py),
            ["@pytest.mark.skipif", "@unittest.skipUnless", "pytest.skip"]
        );
        let go = "func TestX(t *testing.T) {\n\tt.Skip(\"flaky\")\n\tt.Skipf(\"%s\", x)\n}\n";
        assert_eq!(hits(SKIPPED_TEST.pattern, go), ["t.Skip", "t.Skipf"]);
        let rs = "#[test]\n#[ignore = \"slow\"]\nfn big() {}\n";
        assert_eq!(hits(SKIPPED_TEST.pattern, rs), ["#[ignore = \"slow\"]"]);
        assert_eq!(
            hits(SKIPPED_TEST.pattern, "@Disabled(\"flaky\")\nvoid x() {}\n"),
            ["@Disabled"]
        );
        // A rule about tests that names the marker means the detector; `skip` elsewhere does not.
        let about_tests = |w: &[&str]| w.contains(&"tests");
        for example in ["skip", ".skip", "it.skip", "xit"] {
            assert_eq!(
                example_in_context(example, about_tests),
                Some(&SKIPPED_TEST),
                "{example}"
            );
        }
        assert_eq!(example_in_context("skip", |w| w.contains(&"pagination")), None);
    }

    #[test]
    fn svelte_reactive_statements() {
        let t = "<script>\n  let count = $state(0);\n  $: doubled = count * 2;\n  // $: old\n</script>\n";
        assert_eq!(hits(LEGACY_REACTIVE.pattern, t), ["$:"]);
        assert_eq!(SVELTE_RUNES.effect, Effect::RulesOut);
    }

    #[test]
    fn interface_prefixes() {
        let t = concat!(
            "export interface IUser { id: string }\n",
            "interface ArtistProps {}\n",
            "public interface IPAddress {}\n",
            "interface Image {}\n",
            "export type CraftType = 'a' | 'b';\n",
            "type IArtist = { name: string };\n",
            "type IDocFetcher interface {\n",
            "type IPhone struct {}\n",
            "    IEnumerable<int> items,\n",
        );
        assert_eq!(hits(UNPREFIXED_INTERFACE.pattern, t), ["ArtistProps", "Image"]);
        assert_eq!(hits(UNPREFIXED_TYPE.pattern, t), ["CraftType"]);
        assert_eq!(hits(I_PREFIXED_INTERFACE.pattern, t), ["IUser", "IDocFetcher"]);
    }

    #[test]
    fn word_operators() {
        let t = "return false unless user and user.admin?\nsave or raise Error\nscope.where(a: 1).or(where(b: 2))\nsym = :or\nx = { and: 1 }\n";
        assert_eq!(hits(AND_OPERATOR.pattern, t), ["and"]);
        assert_eq!(hits(OR_OPERATOR.pattern, t), ["or"]);
        assert_eq!(
            example_in_context("and", |w| w.contains(&"&&")),
            Some(&AND_OPERATOR)
        );
        assert_eq!(example_in_context("and", |w| w.contains(&"files")), None);
    }

    #[test]
    fn inline_styles_but_not_a_variable_named_style() {
        let t = "const style = 'compact';\n<p style={{ color: 'red' }}>x</p>\n<div style=\"margin: 0\"></div>\n<b data-style={style}/>\n";
        assert_eq!(hits(INLINE_STYLE.pattern, t), ["style", "style"]);
    }
}
