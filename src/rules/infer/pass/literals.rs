//! Literals pass: forbidden code spans become boundary-aware literal checks (`==`, `print(`,
//! `eslint-disable`), returned values (`return null`) or keyword detectors (`any`, `var`), with a
//! fix only when "use Y instead of X" pairs two literals a swap cannot break.

use super::super::concepts;
use super::super::files::Lang;
use super::super::files::{self, FileScope};
use super::super::imports::{self, Ecosystem};
use super::super::literal::{self, LitKind, Literal};
use super::super::naming;
use super::super::phrases::{self, Entity, Mention, Role, Side, Trig};
use super::super::text::{Quote, Token};
use super::super::words::{
    ASYNC_WORDS, DEFINING_VERBS, DETERMINERS, FILE_WORDS, FUNCTION_NOUNS, NEGATIONS, NULL_KIND_NOUNS,
    NULL_VALUES, POSSESSIVES, TAILWIND_WORDS, WRAP_VERBS, ends_a_term, is_tailwind_variant,
};
use super::packages::Covered;
use super::{At, Context, Found, Route, fix_note, fix_text_for};
use crate::rules::model::Within;

pub fn run(ctx: &Context, out: &mut Found) {
    // "Use `unknown` over `any` as much as possible": the rule allows exceptions, so no swap is
    // made for the user — fix-all and fix-on-save would take every exception away.
    let instruction = ctx.rule.instruction.to_lowercase();
    let hedged = HEDGES.iter().any(|h| instruction.contains(h));
    let fixes = pair_fixes(ctx.found);
    // "Use imperative mood ("Add feature" not "Added")": when a rule quotes prose in quotation
    // marks, a single word in quotation marks beside it is wording too, not code.
    let quoted_prose = ctx.found.iter().find_map(|f| match &f.entity {
        Entity::Code {
            text, quote: Some(q), ..
        } if *q != Quote::Backtick && literal::classify(text).is_err() => Some(text.as_str()),
        _ => None,
    });
    for (i, f) in ctx.routed(Route::Literals) {
        if let (
            Some(prose),
            Entity::Code {
                text, quote: Some(q), ..
            },
        ) = (quoted_prose, &f.entity)
            && *q != Quote::Backtick
            && text.chars().all(char::is_alphabetic)
        {
            out.note(
                At::Mention(i),
                format!(
                    "\"{text}\" not checked: quoted beside the prose \"{prose}\", it is wording, not code"
                ),
            );
            continue;
        }
        // "Do not \"improve\" their phrasing": a word in quotation marks that takes an object is
        // the sentence's verb in scare quotes — an action, not code.
        if let Entity::Code {
            text, quote: Some(q), ..
        } = &f.entity
            && *q != Quote::Backtick
            && scare_quoted_verb(ctx, text)
        {
            out.note(
                At::Mention(i),
                format!(
                    "\"{text}\" not checked: a verb in quotation marks, an action on what follows, not code"
                ),
            );
            continue;
        }
        if let Entity::Code { text, returned, .. } = &f.entity {
            let fix = fixes[i].as_ref().filter(|_| !hedged);
            forbid_code(ctx, out, At::Mention(i), text, *returned, f, fix);
            file_variants(ctx, out, At::Mention(i), text, f);
        }
    }
}

/// "Fix original files, never create `_v2` or `_fixed` variants": a part of a name in a rule
/// that speaks of files names files too — a file whose name carries it (`imports_v2.py`) is a
/// path rule, besides the declared names that carry it.
fn file_variants(ctx: &Context, out: &mut Found, at: At, text: &str, f: &Mention) {
    if f.role != Role::Forbid || !ctx.says(FILE_WORDS) {
        return;
    }
    let glob = match literal::fragment(text) {
        Some(literal::Fragment::Suffix) => format!("**/*{text}.*"),
        Some(literal::Fragment::Prefix) => format!("**/{text}*"),
        None => return,
    };
    let said = format!(
        "files named with `{text}` after \"{}\" (the rule speaks of files)",
        f.trigger
    );
    out.check(at, super::places::file_name_check(ctx, glob, &said));
}

/// The package a rule takes `name` from ("`expect` from Vitest", "`assert` from `node:assert`",
/// "`expect` … rather than importing it from `vitest`"),
/// with its ecosystems, when the package is one a list knows or is spelled as only a package is.
fn imported_from(ctx: &Context, name: &str) -> Option<(String, Vec<Ecosystem>)> {
    let instruction = &ctx.rule.instruction;
    let direct = instruction.find(&format!("`{name}` from ")).and_then(|at| {
        let word: String = instruction[at + name.len() + 8..]
            .trim_start_matches(['`', '\'', '"'])
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '@' | '/' | '-' | '_' | '.' | ':'))
            .collect();
        package_named(word.trim_end_matches('.'))
    });
    direct.or_else(|| {
        phrases::pronoun_imports(ctx.tokens)
            .into_iter()
            .find(|p| p.name == name)
            .and_then(|p| package_named(&p.package))
    })
}

/// The package `word` names, with its ecosystems.
fn package_named(word: &str) -> Option<(String, Vec<Ecosystem>)> {
    let package = imports::package_name(word)?;
    let ecosystems = imports::known(&package);
    if ecosystems.is_empty() && !imports::package_spelling(word) {
        return None;
    }
    let ecosystems = if ecosystems.is_empty() {
        vec![Ecosystem::Js]
    } else {
        ecosystems
    };
    Some((package, ecosystems))
}

/// Whether `text`, a lowercase word quoted in the rule, stands where the verb does — right
/// after the negation — with the object it acts on after it ("do not \"improve\" their
/// phrasing", "never \"fix\" the tests"): a verb in scare quotes. ("Never use \"eval\" the way
/// …" names code: "use" is the verb.)
fn scare_quoted_verb(ctx: &Context, text: &str) -> bool {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_lowercase()) {
        return false;
    }
    ctx.tokens.windows(3).any(|w| {
        let negation = NEGATIONS.contains(&w[0].lower.as_str())
            || matches!(w[0].lower.as_str(), "doesn't" | "shouldn't");
        let object = DETERMINERS.contains(&w[2].lower.as_str()) || POSSESSIVES.contains(&w[2].lower.as_str());
        w[0].is_word() && negation && w[1].is_code() && w[1].text == text && w[2].is_word() && object
    })
}

/// Whether the rule qualifies `name` as the global one ("no global `fetch`", "el `fetch`
/// global"): the word beside its code span — or calls it a function of its own ("`lucide_icon`
/// helper", "the `eval` function"), which is called by that name, not a member or a key.
fn says_global(ctx: &Context, name: &str) -> bool {
    let global = |t: &Token| t.is_word() && t.lower == "global";
    let named = |t: &Token| t.is_code() && t.text.eq_ignore_ascii_case(name);
    ctx.tokens
        .windows(2)
        .any(|w| (global(&w[0]) && named(&w[1])) || (named(&w[0]) && global(&w[1])))
        || names_a_function(ctx, name)
}

/// Whether the word right after `name`'s code span calls it a function ("`lucide_icon`
/// helper", "the `eval` function"), or the rule forbids it "directly" beside a helper it
/// mandates ("use `icon` helper, NEVER `lucide_icon` directly": not called but through it).
fn names_a_function(ctx: &Context, name: &str) -> bool {
    called_a_function(ctx, name) || mandated_wrapper(ctx).is_some()
}

/// Whether a code span naming `name` is followed by "helper" / "function".
fn called_a_function(ctx: &Context, name: &str) -> bool {
    ctx.tokens.windows(2).any(|w| {
        w[0].is_code()
            && w[0].text.trim_end_matches("()").eq_ignore_ascii_case(name)
            && w[1].is_word()
            && FUNCTION_NOUNS.contains(&w[1].lower.as_str())
    })
}

/// The helper a rule mandates in place of calling something "directly" ("Use `icon` helper for
/// icons, never `lucide_icon` directly"): `icon`.
fn mandated_wrapper<'c>(ctx: &Context<'c>) -> Option<&'c str> {
    if !ctx.says(&["directly"]) {
        return None;
    }
    ctx.found.iter().find_map(|m| match &m.entity {
        Entity::Code { text, .. }
            if m.role == Role::Mandate && called_a_function(ctx, text.trim_end_matches("()")) =>
        {
            Some(text.trim_end_matches("()"))
        }
        _ => None,
    })
}

/// The function a rule mandates as a call ("Use `get_logger()` from `prefect.logging` instead
/// of raw `logging.getLogger()`", "Always call `get_state_for_result(obj)`"): `get_logger`,
/// its last segment.
fn mandated_call<'c>(ctx: &Context<'c>) -> Option<&'c str> {
    ctx.found.iter().find_map(|m| match &m.entity {
        Entity::Code { text, .. } if m.role == Role::Mandate && text.ends_with(')') => {
            let name = last_segment(&text[..text.find('(')?]);
            (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(name)
        }
        _ => None,
    })
}

/// The last segment of a qualified name (`prefect.logging.get_logger` → `get_logger`): the
/// name a function is defined by.
fn last_segment(name: &str) -> &str {
    name.rsplit(['.', ':']).next().unwrap_or(name)
}

/// Whether the rule's words modify `name` ("avoid modifying `process.env`", "never mutate
/// `state`", "no reasignes `config`").
fn mutated(instruction: &str, name: &str) -> bool {
    let lower = instruction.to_lowercase();
    let name = name.to_lowercase();
    MUTATION_VERBS.iter().any(|v| {
        lower.match_indices(v).any(|(i, _)| {
            let rest = lower[i + v.len()..].trim_start();
            let rest = ["the ", "el ", "la ", "los ", "las "]
                .iter()
                .find_map(|d| rest.strip_prefix(d))
                .unwrap_or(rest);
            let rest = rest.trim_start_matches(['`', '\'', '"']);
            (i == 0 || !lower[..i].ends_with(char::is_alphanumeric)) && rest.starts_with(&name)
        })
    })
}

/// Verbs that write to what follows them.
const MUTATION_VERBS: &[&str] = &[
    "modify",
    "modifying",
    "modifies",
    "mutate",
    "mutating",
    "mutates",
    "reassign",
    "reassigning",
    "assign to",
    "assigning to",
    "write to",
    "writing to",
    "overwrite",
    "overwriting",
    "modificar",
    "modifiques",
    "mutar",
    "mutes",
    "reasignar",
    "reasignes",
];

/// "Functions accept `&str`", "parameters": the types a rule names are those functions take.
const ACCEPT_WORDS: &[&str] = &[
    "accept",
    "accepts",
    "accepting",
    "parameter",
    "parameters",
    "params",
];

/// Words that let a rule's exceptions stand.
const HEDGES: &[&str] = &[
    "as much as possible",
    "where possible",
    "when possible",
    "whenever possible",
    "if possible",
    "where practical",
    "when practical",
    "en lo posible",
    "siempre que sea posible",
    "cuando sea posible",
    "en la medida de lo posible",
    "si es posible",
];

/// Forbidden prose (`what`: "text", "AI attribution") checked as written, in any case, anywhere
/// in the files of `scope` — commit messages and docs, where prose is what is checked.
fn forbid_prose(
    ctx: &Context,
    out: &mut Found,
    at: At,
    what: &str,
    text: &str,
    f: &Mention,
    scope: FileScope,
) {
    let explanation = format!(
        "forbidden {what} `{text}` after \"{}\" in {}; scope {}",
        f.trigger,
        scope.describe(),
        scope.why
    );
    let pattern = format!("(?i){}", literal::generic(text));
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// Names of AI tools, which the lines they add to commits carry ("Generated with [Claude Code]",
/// "Co-Authored-By: Claude") — not "generated by" alone: code generators sign their files so.
const AI_ATTRIBUTION_WORDS: &[&str] = &[
    "claude",
    "copilot",
    "chatgpt",
    "openai",
    "anthropic",
    "gemini",
    "codex",
];

/// Prose (two words or more) that names an AI tool — not a package name (`anthropic`,
/// `claude-3-5-haiku`), nor a code generator's header ("Code generated by protoc").
/// Whether the sentence that writes `name` states a naming convention: a case for names
/// ("snake_case keys", "PascalCase types", "lowercase, no underscores").
fn says_a_naming_case(ctx: &Context, name: &str) -> bool {
    naming::sentences(ctx.tokens)
        .into_iter()
        .filter(|s| s.iter().any(|t| t.is_code() && t.text == name))
        .any(|s| {
            let words: Vec<&str> = s
                .iter()
                .filter(|t| t.is_word())
                .map(|t| t.lower.as_str())
                .collect();
            !naming::mandates(s).is_empty()
                || s.iter().any(|t| naming::is_naming_case(&t.text))
                || words
                    .windows(2)
                    .any(|w| matches!(w, ["no", "underscores"] | ["sin", "guiones"]))
        })
}

/// "Never pass `nil` context", "no `null` props": the noun a null value written in the rule
/// qualifies, if one follows it. "`null` values", "`nil` in …" qualify nothing.
fn null_as_something(ctx: &Context, text: &str) -> Option<String> {
    if !NULL_VALUES.contains(&text) {
        return None;
    }
    let at = ctx.tokens.iter().position(|t| t.is_code() && t.text == text)?;
    let noun = ctx.tokens.get(at + 1).filter(|t| {
        t.is_word()
            && t.text.chars().count() > 1
            && t.text.chars().all(char::is_alphabetic)
            && !ends_a_term(&t.lower)
            && !NULL_KIND_NOUNS.contains(&t.lower.as_str())
    })?;
    Some(noun.text.clone())
}

fn ai_attribution(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.split_whitespace().count() >= 2 && AI_ATTRIBUTION_WORDS.iter().any(|w| lower.contains(w))
}

pub(super) fn forbid_code(
    ctx: &Context,
    out: &mut Found,
    at: At,
    text: &str,
    returned: bool,
    f: &Mention,
    fix: Option<&(Literal, String)>,
) {
    // "Do not include promotional lines like \"🤖 Generated with [Claude Code]\"": an AI
    // attribution is text of commit messages (and docs, when named), even as an example.
    if ai_attribution(text)
        && ctx
            .named
            .langs()
            .iter()
            .all(|l| matches!(l, Lang::Commit | Lang::Docs))
    {
        let scope = ctx.named.scope().unwrap_or_else(|| {
            FileScope::of_langs(&[Lang::Commit], String::new()).titled(Lang::Commit.name())
        });
        forbid_prose(ctx, out, at, "AI attribution", text, f, scope);
        return;
    }
    let lit = match literal::classify(text) {
        Ok(l) => l,
        Err(why) => {
            // "NO incluir \"Generated with Claude Code\" en los mensajes de commit": in commit
            // messages and docs, prose is what is checked.
            let prose_files = ctx
                .named
                .langs()
                .iter()
                .any(|l| matches!(l, Lang::Commit | Lang::Docs));
            // "like 'fix stuff'": an example of a kind of message, not the text itself.
            let example = ctx.rule.instruction.find(text).is_some_and(|at| {
                let before = ctx.rule.instruction[..at].trim_end_matches(['\'', '"', '`', '“', '«', ' ']);
                let before = before.to_lowercase();
                ["like", "such as", "como", "e.g.", "e.g", "ej."]
                    .iter()
                    .any(|w| before.ends_with(w))
            });
            if prose_files
                && !example
                && text.chars().any(char::is_alphabetic)
                && text.chars().count() >= 4
                && let Some(scope) = ctx.named.scope()
            {
                forbid_prose(ctx, out, at, "text", text, f, scope);
                return;
            }
            out.note(at, format!("`{text}` after \"{}\" not checked: {why}", f.trigger));
            return;
        }
    };
    // "Never stack prose across consecutive `//` lines": a comment marker before "lines" or
    // "comments" names comments, not the operator (Python's `//` divides).
    if matches!(lit.text.as_str(), "//" | "///" | "#" | "/*" | "--" | "<!--")
        && marker_names_comments(&ctx.rule.instruction, &lit.text)
    {
        out.note(
            at,
            format!(
                "`{}` after \"{}\" names comments (\"`{}` lines\"), not code: not checked",
                lit.text, f.trigger, lit.text
            ),
        );
        return;
    }
    if lit.kind == LitKind::Path {
        out.note(
            at,
            format!("`{text}` is a path with no place word (\"in\", \"en\") before it: not checked"),
        );
        return;
    }
    // "Field naming: snake_case keys (`request_id`, not `RequestID`)": a name beside a naming
    // convention shows the convention — the style is the rule (the identifiers pass checks it
    // where it can), not that one name.
    if lit.kind == LitKind::Identifier
        && f.trig != Some(Trig::Override)
        && !returned
        && concepts::keyword(&lit.text).is_none()
        && says_a_naming_case(ctx, &lit.text)
    {
        out.note(
            at,
            format!(
                "`{}` after \"{}\" is an example of the naming convention the rule states, not a name to ban",
                lit.text, f.trigger
            ),
        );
        return;
    }
    // "Never pass `nil` context": the value as a kind of argument no pattern tells from every
    // other `nil`.
    if let Some(noun) = null_as_something(ctx, &lit.text) {
        out.note(
            at,
            format!(
                "`{}` {noun} after \"{}\" not checked: the value used as a {noun}, which no text pattern tells from its other uses",
                lit.text, f.trigger
            ),
        );
        return;
    }
    // "`time.sleep` in async functions": the call inside an `async def`.
    if lit.text.trim_end_matches("()").trim_end_matches('(') == "time.sleep" && ctx.says(ASYNC_WORDS) {
        let d = &concepts::ASYNC_SLEEP;
        let scope = ctx.detector_scope(d, "`time.sleep` in async code");
        let said = format!("forbidden `{}` after \"{}\" in async code", lit.text, f.trigger);
        out.check(at, ctx.detector_check(d, scope, said));
        return;
    }
    // "`from module import *`", "`import *`": wildcard imports, whatever the module.
    if lit.text.contains("import *") || lit.text.ends_with(".*") && lit.text.starts_with("import ") {
        let d = &concepts::WILDCARD_IMPORT;
        let scope = ctx.detector_scope(d, &format!("`{}`", lit.text));
        let said = format!("forbidden `{}` after \"{}\"", lit.text, f.trigger);
        out.check(at, ctx.detector_check(d, scope, said));
        return;
    }
    if f.trig == Some(Trig::Mutate) {
        mutation(ctx, out, at, &lit, f);
        return;
    }
    if f.trig == Some(Trig::Override) {
        definition(ctx, out, at, &lit, f);
        return;
    }
    // "Never use `JSX.Element` as a return type": the type where a function's return type is.
    if matches!(lit.kind, LitKind::Identifier | LitKind::Dotted) && says_return_type(ctx) {
        let scope = ctx.scope_for(&lit.langs, &format!("the type `{}`", lit.text));
        let explanation = format!(
            "forbidden type `{}` after \"{}\", as a return type (`): T`, `-> T`); scope {}",
            lit.text, f.trigger, scope.why
        );
        let pattern = format!(r"(?:\)[ \t]*:|->)[ \t]*(?P<hit>{})\b", regex::escape(&lit.text));
        out.check(
            at,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
        );
        return;
    }
    // "Never return `null`": the literal as a returned value only.
    if returned && lit.kind == LitKind::Identifier {
        let own: Vec<_> =
            concepts::keyword(&lit.text).map_or(lit.langs.clone(), |k| k.detector.langs.to_vec());
        let scope = ctx.scope_for(&own, &format!("the keyword `{}`", lit.text));
        let fix_text = fix.map(|(y, _)| fix_text_for(y));
        let explanation = format!(
            "forbidden returned value `{}` after \"{}\" + \"return\"; scope {}{}",
            lit.text,
            f.trigger,
            scope.why,
            fix_note(fix)
        );
        let pattern = format!(r"\breturn[ \t]+(?P<hit>{})\b", regex::escape(&lit.text));
        out.check(
            at,
            ctx.pattern_check(pattern, scope, fix_text, explanation, Within::Code),
        );
        return;
    }
    // "Do not use `expect` from Vitest": the name as that package's import brings it in — not
    // Rust's `.expect(…)`, nor every `expect` a file calls.
    if lit.kind == LitKind::Identifier
        && let Some((package, ecosystems)) = imported_from(ctx, &lit.text)
    {
        let name = regex::escape(&lit.text);
        let pkg = regex::escape(&package);
        for eco in ecosystems {
            let (lang, patterns) = match eco {
                Ecosystem::Js => (
                    Lang::TypeScript,
                    vec![
                        format!(
                            r#"\bimport[ \t]+(?:type[ \t]+)?(?:[\w$]+[ \t]*,[ \t]*)?\{{[^}}]*?\b(?P<hit>{name})\b[^}}]*\}}[ \t]*from[ \t]*["']{pkg}["']"#
                        ),
                        format!(
                            r#"\{{[^}}]*?\b(?P<hit>{name})\b[^}}]*\}}[ \t]*=[ \t]*require\([ \t]*["']{pkg}["']"#
                        ),
                    ],
                ),
                Ecosystem::Python => (
                    Lang::Python,
                    vec![format!(
                        r"(?m)^[ \t]*from[ \t]+{pkg}(?:\.[\w.]+)?[ \t]+import[ \t]+(?:\([^)]*?|[^\r\n#]*?)\b(?P<hit>{name})\b"
                    )],
                ),
                _ => continue,
            };
            let mut langs = vec![lang];
            if lang == Lang::TypeScript {
                langs.push(Lang::JavaScript);
            }
            let scope = ctx.scope_for(&langs, &format!("`{}` from `{package}`", lit.text));
            let explanation = format!(
                "forbidden `{}` imported from `{package}` after \"{}\": where an import brings it in; scope {}",
                lit.text, f.trigger, scope.why
            );
            for pattern in patterns {
                out.check(
                    at,
                    ctx.pattern_check(pattern, scope.clone(), None, explanation.clone(), Within::Code),
                );
            }
        }
        return;
    }
    // "accept `IntoIterator`, not `Vec`" (the Rust API guidelines' C-GENERIC): a type the
    // functions it defines take, in their parameter lists only (`collect::<Vec<_>>()` is no
    // parameter).
    if lit.kind == LitKind::Identifier
        && lit.text.starts_with(|c: char| c.is_ascii_uppercase())
        && ctx.says(ACCEPT_WORDS)
    {
        let scope = ctx.scope_for(&lit.langs, &format!("the type `{}`", lit.text));
        let explanation = format!(
            "forbidden parameter type `{}` after \"{}\" + \"accept\": in the parameter lists of functions defined; scope {}",
            lit.text, f.trigger, scope.why
        );
        let pattern = format!(
            r"\b(?:fn|def|func|function)[ \t]+(?:\([^()]*\)[ \t]*)?[\w$]+[ \t]*(?:<[^<>(){{}};]*>)?[ \t]*\([^()]*?\b(?P<hit>{})\b",
            regex::escape(&lit.text)
        );
        out.check(
            at,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
        );
        return;
    }
    // A keyword with a detector (`any` → type positions, `var` → declarations).
    let misspelled = concepts::misspelled_keyword(&lit.text);
    if let Some((k, detector)) = concepts::keyword(&lit.text)
        .or(misspelled)
        .map(|k| (k, super::concepts::detector_meant(ctx, k.detector)))
        && ctx.detector_fits(detector)
    {
        let scope = ctx.detector_scope(detector, &format!("the keyword `{}`", k.word));
        // C#'s `var` becomes a type only the compiler knows: no token swap fixes it.
        let fix = fix.filter(|_| detector.name != concepts::VAR_INFERRED.name);
        let fix_text = fix.map(|(y, _)| fix_text_for(y));
        let read_as = if misspelled.is_some() {
            format!(" (read as `{}`: the rule writes `{}`)", k.word, lit.text)
        } else {
            String::new()
        };
        let explanation = format!(
            "forbidden {} `{}`{read_as} after \"{}\" → detector {} ({}); scope {}{}",
            lit.kind.describe(),
            k.word,
            f.trigger,
            detector.name,
            detector.summary,
            scope.why,
            fix_note(fix)
        );
        let within = detector.within;
        out.check(
            at,
            ctx.pattern_check(detector.pattern.to_string(), scope, fix_text, explanation, within),
        );
        return;
    }
    let mut scope = ctx.scope_for(&lit.langs, &format!("the {} `{}`", lit.kind.describe(), lit.text));
    // "Don't prefix tests with `test_`" (ruff's CLAUDE.md): Python's test runners find tests by
    // that prefix, so a rule naming no language cannot mean Python's.
    if lit.text.eq_ignore_ascii_case("test_") && ctx.named.langs().is_empty() {
        scope.except("**/*.py");
        scope
            .why
            .push_str("; Python left out (pytest and unittest find tests by the `test_` prefix)");
    }
    let fix_text = fix.map(|(y, _)| fix_text_for(y));
    let explanation = format!(
        "forbidden {} `{}` after \"{}\"; scope {}{}",
        lit.kind.describe(),
        lit.text,
        f.trigger,
        scope.why,
        fix_note(fix)
    );
    let pattern = literal::pattern(&lit);
    // "Avoid modifying `process.env` directly": writes to it — reading it is not modifying it.
    if matches!(lit.kind, LitKind::Identifier | LitKind::Dotted) && mutated(&ctx.rule.instruction, &lit.text)
    {
        let explanation = format!(
            "forbidden writes to `{}` (an assignment to it or to a member of it, or a `delete`) after \"{}\" + \"modify\"; scope {}",
            lit.text, f.trigger, scope.why
        );
        let name = regex::escape(&lit.text);
        // An assignment to it or to a member of it (`process.env.X = …`, `process.env['X'] ??=
        // …`), and a member deleted (`delete process.env.X`).
        for pattern in [
            format!(
                r"(?:^|[^\w$.])(?P<hit>{name})(?:\.[\w$]+|\[[^\]\r\n]*\])*[ \t]*(?:[-+*/%&|^]|\?\?|\|\||&&)?=[^=>]"
            ),
            format!(r"\bdelete[ \t]+(?P<hit>{name})\b"),
        ] {
            out.check(
                at,
                ctx.pattern_check(pattern, scope.clone(), None, explanation.clone(), Within::Code),
            );
        }
        return;
    }
    if let Some(d) = &ctx.conditions.decorators
        && super::conditions::is_property(&lit.text)
    {
        // "inside the `@Component` decorator": in the object its arguments open with (one
        // level of nested braces), in TypeScript.
        let mut scope = FileScope::of_langs(&[Lang::TypeScript], String::new());
        scope.why = format!("TypeScript ({})", scope.describe());
        ctx.narrow(&mut scope);
        let names: Vec<String> = d.names.iter().map(|n| regex::escape(n)).collect();
        let inside = format!(
            r"@(?:{})[ \t]*\([ \t\r\n]*\{{(?:[^{{}}]|\{{[^{{}}]*\}})*?(?:{pattern})",
            names.join("|")
        );
        let decorators: Vec<String> = d.names.iter().map(|n| format!("`@{n}`")).collect();
        let explanation = format!(
            "forbidden {} `{}` after \"{}\", only in the arguments of {} (\"{}\"); scope {}",
            lit.kind.describe(),
            lit.text,
            f.trigger,
            decorators.join(", "),
            d.words,
            scope.why
        );
        out.check(
            at,
            ctx.pattern_check(inside, scope, None, explanation, Within::Code),
        );
        return;
    }
    // "no `dark:` Tailwind variants": a variant prefix lives in class lists — strings in
    // components, attribute values in markup — not in code, where `dark:` is an object's key.
    if is_tailwind_variant(&lit.text) && ctx.says(TAILWIND_WORDS) {
        let langs = [
            Lang::React,
            Lang::TypeScript,
            Lang::JavaScript,
            Lang::Html,
            Lang::Vue,
            Lang::Svelte,
        ];
        let scope = ctx.scope_for(&langs, "the Tailwind variant");
        let explanation = format!(
            "forbidden Tailwind variant `{}` after \"{}\", in class lists (strings and attribute values); scope {}",
            lit.text, f.trigger, scope.why
        );
        let pattern = format!(
            r#"(?:^|[\s"'`{{(,])(?P<hit>{})[\w\[!-]"#,
            regex::escape(&lit.text)
        );
        out.check(
            at,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Strings),
        );
        return;
    }
    // "Don't use `StreamingSceneSerializer`": the class's own definition is not a use of it —
    // unless the rule is about defining it ("never create a `Helpers` class").
    let pattern = if lit.kind == LitKind::Identifier
        && literal::fragment(&lit.text).is_none()
        && !lit.text.ends_with('*')
        && !ctx.says(DEFINING_VERBS)
    {
        literal::as_the_keyword(&literal::outside_its_definition(&pattern, &lit.text), &lit.text)
    } else if lit.kind == LitKind::Call
        && let name = super::super::text::callee(&lit.text)
        && !name.starts_with('.')
        && !ctx.says(DEFINING_VERBS)
        // "No `init()` functions": the functions themselves, defined.
        && !called_a_function(ctx, name)
    {
        // "Don't call `register_type_and_schema()`": `def register_type_and_schema(` defines it.
        literal::outside_its_definition(&pattern, last_segment(name))
    } else {
        pattern
    };
    // "NEVER use `waitFor` from Testing Library - use `vi.waitFor` instead": the mandated
    // qualified name is no use of the bare one — a member access is consumed without a hit.
    let qualified_way = lit.kind == LitKind::Identifier
        && ctx.found.iter().any(|m| {
            m.role == Role::Mandate
                && matches!(&m.entity, Entity::Code { text, .. }
                    if text.trim_end_matches("()").strip_suffix(lit.text.as_str()).is_some_and(|q| q.len() > 1 && q.ends_with('.')))
        });
    let pattern = if qualified_way {
        literal::consumed_first(&pattern, &format!(r"\.[ \t]*{}\b", regex::escape(&lit.text)))
    } else {
        pattern
    };
    // "No global `fetch` — use undici's fetch": the global only — not a member (`app.fetch`),
    // a key (`fetch: handler`), nor in a file that imports or declares its own.
    let pattern = if lit.kind == LitKind::Identifier && says_global(ctx, &lit.text) {
        literal::as_the_global(&pattern, &lit.text)
    } else {
        pattern
    };
    // "Use `icon` helper for icons, never `lucide_icon` directly", "Use `get_logger()` instead
    // of raw `logging.getLogger()`": the file that defines the helper is where it calls what it
    // wraps.
    let wrapper = mandated_wrapper(ctx).or_else(|| mandated_call(ctx));
    let pattern = match wrapper {
        Some(wrapper)
            if matches!(
                lit.kind,
                LitKind::Identifier | LitKind::Call | LitKind::Dotted | LitKind::Member
            ) =>
        {
            literal::outside_files_defining(&pattern, wrapper)
        }
        _ => pattern,
    };
    if lit.kind == LitKind::Directive {
        // `@ts-ignore`, `eslint-disable` live in comments; `!important`, `#[allow]`, `@Data`,
        // `@tailwind` in code.
        let within = if literal::in_comments(&lit.text) {
            Within::Comments
        } else {
            Within::Code
        };
        out.check(
            at,
            ctx.pattern_check(pattern, scope, fix_text, explanation, within),
        );
    } else if let Some((sql, embedded)) = split_embedded_sql(&scope) {
        // SQL in `.sql` files is code; in other source files it lives in strings.
        out.check(
            at,
            ctx.pattern_check(
                pattern.clone(),
                sql,
                fix_text.clone(),
                explanation.clone(),
                Within::Code,
            ),
        );
        out.check(
            at,
            ctx.pattern_check(pattern, embedded, fix_text, explanation, Within::Strings),
        );
    } else if lit.kind == LitKind::Identifier && imports::is_known_package(&lit.text) {
        // A well-known package: where it is a package — the strings of imports, the
        // manifests. Its uses in code too where code can use it unimported (a Rust crate path,
        // `jQuery` as a global); a Go, Python or npm module is only usable once imported, its
        // import says it once per file, and its name in code is often a variable of the code
        // that obeys the rule (`const ws = new WebSocket(…)` for "Don't use `ws`").
        let imported_only = !lit.text.chars().any(|c| c.is_ascii_uppercase())
            && imports::package_name(&lit.text).is_some_and(|n| {
                let ecos = imports::known(&n);
                !ecos.is_empty() && !ecos.contains(&Ecosystem::Rust)
            });
        if !imported_only {
            out.check(
                at,
                ctx.pattern_check(pattern, scope, fix_text, explanation, Within::Code),
            );
        }
        let covered = if imported_only {
            Covered::Nothing
        } else {
            Covered::Code
        };
        super::packages::package(ctx, out, at, &lit.text, f, "a well-known package", covered);
    } else if lit.kind == LitKind::Identifier && !lit.text.starts_with(|c: char| c.is_ascii_uppercase()) {
        // A name can be a value in strings (`localhost`, `unsafe-inline`, `latest`): code and
        // strings, never comments. (A capitalised one, `Any`, `Optional`, is a type: code only,
        // so "Any value." in a docstring is prose.)
        // A plain word (`bash`, `admin`) in a string is mostly a message or a name; a value
        // spelled as one (`unsafe-inline`, `sp_`, `v1`) is the value.
        // A function ("the `lucide_icon` helper") is called in code; its name in a string is
        // a message or a key.
        let value_like = (lit.text.chars().any(|c| !c.is_ascii_alphabetic())
            || VALUE_WORDS.contains(&lit.text.as_str()))
            && !names_a_function(ctx, &lit.text);
        out.check(
            at,
            ctx.pattern_check(
                pattern,
                scope.clone(),
                fix_text.clone(),
                explanation.clone(),
                Within::Code,
            ),
        );
        if value_like {
            let in_strings = literal::in_strings_pattern(&lit);
            out.check(
                at,
                ctx.pattern_check(in_strings, scope, fix_text, explanation, Within::Strings),
            );
            // `tree-sitter-sql`, `class-validator`: spelled as packages are named, so also where
            // a package is one — its manifests, and imports that write it otherwise
            // (`use tree_sitter_sql`).
            if super::packages::hyphenated_package(ctx, &lit.text) {
                let how = "a hyphenated name, as packages are named";
                super::packages::package(ctx, out, at, &lit.text, f, how, Covered::CodeAndStrings);
            }
        }
    } else {
        // A commit message is all text: no code, comments or strings in it.
        let commit_only = scope.languages.iter().all(|l| l == "gitcommit")
            && !scope.languages.is_empty()
            && scope.include.iter().all(|g| g.ends_with("COMMIT_EDITMSG"));
        // `%v`, `%s`: a format verb lives in format strings.
        let format_verb = lit.text.starts_with('%')
            && (2..=4).contains(&lit.text.len())
            && lit.text[1..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '#' | '+' | '.'));
        let within = if commit_only {
            Within::Any
        } else if format_verb {
            Within::Strings
        } else {
            Within::Code
        };
        // "Use `%w` (not `%v`) when wrapping errors": in the format of an error being made.
        let (pattern, explanation) = if format_verb && ctx.says(WRAP_VERBS) {
            (
                format!(
                    r#"\b(?:fmt|errors|xerrors|pkgerrors)\.(?:Errorf|Wrapf)[ \t]*\([ \t]*(?:[\w.]+[ \t]*,[ \t]*)?"[^"\r\n]*?(?P<hit>{})[^"\r\n]*"[^\r\n]*?\b\w*[eE]rr\w*\b"#,
                    regex::escape(&lit.text)
                ),
                format!(
                    "{explanation}; only where an error is made from another (`fmt.Errorf(\"…%v\", err)`), as \"wrapping\" says (`t.Errorf` is a test's log)"
                ),
            )
        } else {
            (pattern, explanation)
        };
        out.check(
            at,
            ctx.pattern_check(pattern, scope, fix_text, explanation, within),
        );
    }
}

/// A scope of `.sql` files plus source files (SQL embedded in code), split in two.
fn split_embedded_sql(scope: &FileScope) -> Option<(FileScope, FileScope)> {
    let source = files::source_glob();
    if !scope.include.contains(&source) || !scope.include.iter().any(|g| g == "*.sql") {
        return None;
    }
    let mut sql = scope.clone();
    sql.include.retain(|g| *g != source);
    let mut embedded = scope.clone();
    embedded.include = vec![source];
    Some((sql, embedded))
}

/// Fixes from "use Y instead of X" (and "prefer Y over X", "replace X with Y", "never X - use
/// Y"): X's index → (Y, the words that paired them), when X and Y are of the same kind.
fn pair_fixes(found: &[Mention]) -> Vec<Option<(Literal, String)>> {
    let mut fixes = vec![None; found.len()];
    let code = |f: &Mention| match &f.entity {
        Entity::Code { text, .. } => literal::classify(text).ok(),
        _ => None,
    };
    let clauses = found.iter().map(|f| f.clause).max().map_or(0, |m| m + 1);
    for c in 0..clauses {
        let in_clause: Vec<usize> = (0..found.len()).filter(|&i| found[i].clause == c).collect();
        let preferred: Vec<usize> = in_clause
            .iter()
            .copied()
            .filter(|&i| found[i].side == Some(Side::Preferred) && code(&found[i]).is_some())
            .collect();
        let replaced: Vec<usize> = in_clause
            .iter()
            .copied()
            .filter(|&i| found[i].side == Some(Side::Replaced) && code(&found[i]).is_some())
            .collect();
        let pairs: Vec<(usize, usize)> = if preferred.len() == 1 {
            replaced.iter().map(|&r| (r, preferred[0])).collect()
        } else if preferred.len() == replaced.len() {
            replaced.iter().copied().zip(preferred.iter().copied()).collect()
        } else {
            Vec::new()
        };
        for (r, p) in pairs {
            if let (Some(x), Some(y)) = (code(&found[r]), code(&found[p]))
                && same_kind(&x, &y)
            {
                fixes[r] = Some((y, found[r].trigger.clone()));
            }
        }
        // "Never use `X` - use `Y`": one forbidden literal, then one mandated in the next clause.
        let forbidden: Vec<usize> = in_clause
            .iter()
            .copied()
            .filter(|&i| found[i].role == Role::Forbid && code(&found[i]).is_some())
            .collect();
        let has_mandate = in_clause.iter().any(|&i| found[i].role == Role::Mandate);
        if forbidden.len() == 1 && !has_mandate && fixes[forbidden[0]].is_none() {
            let next: Vec<usize> = (0..found.len()).filter(|&i| found[i].clause == c + 1).collect();
            let mandated: Vec<usize> = next
                .iter()
                .copied()
                .filter(|&i| found[i].role == Role::Mandate && matches!(found[i].entity, Entity::Code { .. }))
                .collect();
            let next_forbids = next.iter().any(|&i| found[i].role == Role::Forbid);
            if mandated.len() == 1
                && !next_forbids
                && let (Some(x), Some(y)) = (code(&found[forbidden[0]]), code(&found[mandated[0]]))
                && same_kind(&x, &y)
            {
                fixes[forbidden[0]] = Some((
                    y,
                    format!("{} … {}", found[forbidden[0]].trigger, found[mandated[0]].trigger),
                ));
            }
        }
    }
    fixes
}

/// An inferred fix may replace X by Y only when the swap is safe wherever X matches: operators
/// (`==` → `===`), a declaration keyword for another (`var` → `let`), `any` for `unknown`. Renaming an identifier, a
/// package, a call or an API (`axios` → `fetch` turns `import axios from 'axios'` into
/// `import fetch from 'fetch'`) is a migration the user does, never an automatic fix; the rule is
/// still checked.
fn same_kind(x: &Literal, y: &Literal) -> bool {
    /// Keyword swaps that keep every program compiling, as (replaced, replacement): a `let` can
    /// stand where `var` or `const` was. Not the other way (`const` breaks a reassignment), and
    /// not `any` → `unknown`, which breaks every use that relied on `any` (`x.y` no longer
    /// type-checks) — tried on a real project, all nine such fixes broke `tsc`.
    const SAFE_SWAPS: &[(&str, &str)] = &[("var", "let"), ("const", "let")];
    match (&x.kind, &y.kind) {
        // "use `!!` instead of `!!`": a swap for itself fixes nothing.
        (LitKind::Operator, LitKind::Operator) => x.text != y.text,
        (LitKind::Identifier, LitKind::Identifier) => SAFE_SWAPS
            .iter()
            .any(|(from, to)| x.text == *from && y.text == *to),
        _ => false,
    }
}

/// Methods that change the value they are called on (lists, maps, sets, arrays, objects).
const MUTATING_METHODS: &str = "insert|append|extend|remove|pop|clear|update|add|discard|push|unshift|shift|splice|sort|reverse|fill|delete|set[A-Za-z]*|assign";

/// "Never override `onBackPressed()`": definitions of the method — after `fun`, `def`, `fn`,
/// `function`, `void`, `override`, or a capitalized return type — not its calls.
fn definition(ctx: &Context, out: &mut Found, at: At, lit: &Literal, f: &Mention) {
    let name = super::super::text::callee(&lit.text).trim_start_matches('.');
    if !matches!(lit.kind, LitKind::Identifier | LitKind::Call | LitKind::Member)
        || name.is_empty()
        || !name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    {
        out.note(
            at,
            format!(
                "`{}` after \"{}\" not checked: not a method name",
                lit.text, f.trigger
            ),
        );
        return;
    }
    let scope = ctx.scope_for(&lit.langs, &format!("the method `{name}`"));
    let pattern = format!(
        r"(?:\b(?:fun|def|fn|function|void|override)[ \t]+(?:fun[ \t]+)?|\b[A-Z]\w*(?:<[^>\r\n]*>)?[ \t]+)(?P<hit>{})[ \t]*\(",
        regex::escape(name)
    );
    let explanation = format!(
        "`{name}` forbidden as a definition after \"{}\": `fun`/`def`/`fn`/`function`/`void`/`override` or a return type before it, not its calls; scope {}",
        f.trigger, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
    );
}

/// "Never adjust `sys.path`": a mutating method called on the name, or an assignment to it (or
/// to one of its items or properties) — not a read. Only names and dotted names; other code is left alone.
fn mutation(ctx: &Context, out: &mut Found, at: At, lit: &Literal, f: &Mention) {
    if !matches!(lit.kind, LitKind::Identifier | LitKind::Dotted | LitKind::Member) {
        out.note(
            at,
            format!(
                "`{}` after \"{}\" not checked: only the mutations of a name can be told in code",
                lit.text, f.trigger
            ),
        );
        return;
    }
    let name = regex::escape(lit.text.trim_start_matches('.'));
    let pattern = format!(
        r"(?:^|[^\w$.])(?P<hit>{name})(?:[ \t]*\.[ \t]*(?:{MUTATING_METHODS})[ \t]*\(|(?:\.[\w$]+|\[[^\]\r\n]*\])*[ \t]*(?:[-+*/%|&^]|<<|>>|\?\?|//|\*\*)?=[^=>])"
    );
    let scope = ctx.scope_for(&lit.langs, &format!("the {} `{}`", lit.kind.describe(), lit.text));
    let explanation = format!(
        "mutations of `{}` after \"{}\" (a mutating method called on it, or an assignment to it); scope {}",
        lit.text, f.trigger, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
    );
}

/// "as a return type", "as return types", "como tipo de retorno".
fn says_return_type(ctx: &Context) -> bool {
    let english = ctx.tokens.windows(2).any(|w| {
        w[0].is_word()
            && w[0].lower == "return"
            && w[1].is_word()
            && matches!(w[1].lower.as_str(), "type" | "types")
    });
    english || (ctx.says(&["tipo", "tipos"]) && ctx.says(&["retorno"]))
}

/// Plain words that are values when a string holds them: image tags, hosts, modes.
const VALUE_WORDS: &[&str] = &[
    "latest",
    "localhost",
    "master",
    "main",
    "root",
    "admin",
    "password",
    "secret",
    "debug",
    "http",
    "eval",
    "unsafe",
    "null",
    "undefined",
    "none",
    "true",
    "false",
    "any",
];

/// Whether `marker`, written as a code span in `instruction`, is followed by a word for comment
/// lines ("`//` lines", "`#` comments", "comentarios `//`" before it).
fn marker_names_comments(instruction: &str, marker: &str) -> bool {
    const COMMENT_NOUNS: &[&str] = &[
        "line",
        "lines",
        "comment",
        "comments",
        "línea",
        "líneas",
        "comentario",
        "comentarios",
    ];
    let span = format!("`{marker}`");
    instruction.match_indices(&span).any(|(at, _)| {
        let after = instruction[at + span.len()..]
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let before = instruction[..at]
            .split_whitespace()
            .next_back()
            .unwrap_or_default()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        COMMENT_NOUNS.contains(&after.as_str()) || matches!(before.as_str(), "comentarios" | "comentario")
    })
}

#[cfg(test)]
mod tests {
    use super::ai_attribution;
    use crate::rules::infer::tests::texts;

    #[test]
    fn a_ban_on_using_a_name_does_not_reach_its_definition() {
        // From vibe-coder-3d: the class's own file defined it, and was flagged there. One
        // finding of the two mentions: the use.
        let ts = "export class StreamingSceneSerializer {\n  run() {}\n}\nexport const s = new StreamingSceneSerializer();\n";
        let i = "Don't use StreamingSceneSerializer for static scenes";
        assert_eq!(texts(i, "src/a.ts", ts), ["StreamingSceneSerializer"]);
        let py = "def legacy_fetch(url):\n    return url\n\nlegacy_fetch('x')\n";
        assert_eq!(texts("Never use `legacy_fetch`.", "a.py", py), ["legacy_fetch"]);
        let go = "func OldHandler(w http.ResponseWriter) {}\nvar h = OldHandler\ntype OldHandler2 struct{}\n";
        assert_eq!(texts("Nunca uses `OldHandler`.", "a.go", go), ["OldHandler"]);
        // A rule about defining the name: its definition is what it forbids.
        let helpers = "export class Helpers {}\n";
        assert_eq!(
            texts("Never create a `Helpers` class.", "src/a.ts", helpers),
            ["Helpers"]
        );
    }

    #[test]
    fn a_banned_keyword_is_not_a_method_or_a_key_of_that_name() {
        // Effect-TS/effect: its own APIs are named `catch` and `await`, and `tryPromise` takes
        // `try` and `catch` keys; only the statements and operators are what the rule bans.
        let i = "Do not use `async` / `await` or `try` / `catch`; use Effect APIs such as `Effect.gen`.";
        let ts = "const a = Effect.tryPromise({ try: () => f(), catch: (e) => e })\nconst b = Effect.catch(a, g)\nconst c = Fiber.await(fiber)\np.catch(h)\nexport { catch_ as catch, await_ as await }\nasync function run() {\n  try { await g() } catch (e) {}\n}\n";
        assert_eq!(texts(i, "src/a.ts", ts), ["async", "try", "await", "catch"]);
        // Python's `try:` is the statement.
        let py = "try:\n    f()\nexcept E:\n    pass\ntry:  # retry\n    g()\nfinally:\n    h()\n";
        assert_eq!(
            texts("Never use `try` or `finally`.", "a.py", py),
            ["try", "try", "finally"]
        );
        // Rust's `.await` is the keyword.
        let rs = "async fn f() { g().await; }\n";
        assert_eq!(texts(i, "src/a.rs", rs), ["async", "await"]);
        // Other names are still methods when called after a dot.
        assert_eq!(texts("Never use `fetch`.", "a.ts", "api.fetch(u)\n"), ["fetch"]);
    }

    #[test]
    fn a_type_functions_must_not_accept_is_looked_for_in_parameter_lists() {
        // rolldown's Rust API checklist (C-GENERIC): `collect::<Vec<_>>()` and a returned
        // `Vec` are not parameters.
        let i = "Uses generics to minimize assumptions (accept `IntoIterator`, not `Vec`) (C-GENERIC)";
        let rs = "pub fn ids(items: &[u8], out: Vec<u8>) -> Vec<u8> {\n    items.iter().copied().collect::<Vec<_>>()\n}\nfn g<T: Clone>(\n    a: u8,\n    b: Vec<T>,\n) {}\n";
        assert_eq!(texts(i, "src/lib.rs", rs), ["Vec", "Vec"]);
        let go = "func (s *S) Run(xs []int, m Vec) {}\nvar v Vec\n";
        assert_eq!(texts(i, "a.go", go), ["Vec"]);
    }

    #[test]
    fn modifying_a_name_is_writing_to_it() {
        // gemini-cli's GEMINI.md: reading `process.env` is not modifying it; the rule is about
        // tests ("When testing code …").
        let i = "Environment Variables: When testing code that depends on environment variables, use `vi.stubEnv('NAME', 'value')` in `beforeEach`. Avoid modifying `process.env` directly as it can lead to test leakage.";
        let ts = "const a = process.env['GEMINI_KEY']\nif (process.env.X === 'y') {}\nprocess.env['GEMINI_KEY'] = 'k'\nprocess.env.DEBUG ??= '1'\ndelete process.env.X\nprocess.env = orig\n";
        assert_eq!(
            texts(i, "src/a.test.ts", ts),
            ["process.env", "process.env", "process.env", "process.env"]
        );
        assert!(texts(i, "src/a.ts", ts).is_empty());
        // Without a verb of writing, every use is what the rule names.
        assert_eq!(texts("Never use `process.env`.", "src/a.ts", ts).len(), 6);
    }

    #[test]
    fn a_name_from_a_package_is_its_import() {
        // Effect-TS/effect: Vitest's `expect`, not Rust's `.expect(…)` nor every `expect(…)`.
        let i = "Do not use `expect` from Vitest; use `assert` from `@effect/vitest`.";
        let ts = "import { describe, expect, it } from \"vitest\"\nimport { assert } from \"@effect/vitest\"\nexpect(1).toBe(1)\n";
        assert_eq!(texts(i, "test/a.test.ts", ts), ["expect"]);
        assert!(texts(i, "src/lib.rs", "let v = x.expect(\"y\");\n").is_empty());
        let multi = "import {\n  expect,\n  it,\n} from 'vitest'\n";
        assert_eq!(texts(i, "test/b.test.ts", multi), ["expect"]);
        // An unknown word after "from" is no package: the name is read as before.
        assert_eq!(
            texts("Never use `fetchData` from now on.", "a.ts", "fetchData()\n"),
            ["fetchData"]
        );
    }

    #[test]
    fn ai_attributions_name_an_ai_tool_in_prose() {
        for text in [
            "🤖 Generated with [Claude Code]",
            "Co-Authored-By: Claude",
            "escrito por Copilot",
        ] {
            assert!(ai_attribution(text), "{text}");
        }
        for text in [
            "Code generated by protoc",
            "anthropic",
            "claude-3-5-haiku",
            "Co-authored-by: Ana",
        ] {
            assert!(!ai_attribution(text), "{text}");
        }
    }
}
