//! Concepts pass: named concepts ("emojis", "default exports", "exportaciones por defecto")
//! become their detectors — forbidding or requiring — and unquoted keywords ("any in
//! TypeScript") their keyword detectors when the rule names the language.

use super::super::concepts::{
    ASYNC_AWAIT, BLANK_ERROR, CLASS_KEYWORD, CONCAT_AFTER_STRING, CONCAT_BEFORE_STRING, CONCEPTS,
    CONSTRUCTOR_INJECTION, CONVENTIONAL_COMMITS, CONVENTIONAL_COMMITS_SHAPE, CSHARP_BLOCKING_WAIT, Detector,
    EXPECT_CALL, EXTENSIONLESS_IMPORT, Effect, FIELD_INJECTION, GO_CONTEXT_NOT_FIRST, HARDCODED_SECRET,
    I_PREFIXED_INTERFACE, INTERFACE_WITHOUT_EXTENDS, MOJIBAKE, OPTIONAL_FIELD_OR_PARAMETER, PANIC_CALL,
    PHP_UNTYPED_PARAMETER, PHP_UNTYPED_RETURN, PY_UNTYPED_PARAMETER, PY_UNTYPED_RETURN_OF_TYPED,
    RELATIVE_IMPORT, STDOUT_WRITE, SWIFT_GCD, TS_EXPECT_ERROR_BARE, UNPINNED_ACTION, UNPINNED_DEPENDENCY,
    UNPREFIXED_INTERFACE, UNPREFIXED_TYPE, UNTYPED_COMPONENT_RETURN, UNTYPED_EXPORTED_RETURN,
    UNTYPED_PYTHON_RETURN, UNTYPED_RETURN, VAR_DECL, VAR_INFERRED, VUE_IF_WITH_FOR, commit_body_pattern,
    commit_subject_pattern, example_in_context, example_of, file_length_pattern, home_of, host_pattern,
    is_module_extension, mandated_counterpart,
};
use super::super::files::{FileScope, Lang};
use super::super::phrases::{Entity, Mention, Role, Trig, read};
use super::super::text::{Kind, Token, clause_subject, clauses};
use super::super::words::{
    AVOID_WORDS, EXPLICIT_WORDS, EXPORTED_WORDS, EXTENSION_WORDS, FIELD_WORDS, FILE_WORDS, IMPORT_WORDS,
    LENGTH_UNITS, NEGATIONS, PARAMETER_WORDS, PART_NOUNS, REASON_WORDS, TYPING_WORDS,
};
use super::super::words::{
    CODE_SUBJECT_WORDS, COMMIT_BODY_WORDS, COMMIT_LIMIT_BEFORE, COMMIT_SUBJECT_WORDS, PREFIX_WORDS,
    SECRET_STORE_WORDS,
};
use super::{At, Context, Found, Route, lang_names, same_family, unquoted_keyword};
use crate::rules::model::Within;

pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Concepts) {
        let at = At::Mention(i);
        match &f.entity {
            Entity::Concept { index, words } => {
                let role = if negated_stdout(ctx, *index, words, f) {
                    Role::Forbid
                } else {
                    f.role
                };
                match only_after(ctx, f, words).or_else(|| declared(ctx, f, words)) {
                    Some(only) if f.role == Role::Neutral => {
                        let mandated = Mention {
                            role: Role::Mandate,
                            trigger: only.to_string(),
                            ..f.clone()
                        };
                        concept(ctx, out, at, *index, words, Role::Mandate, &mandated)
                    }
                    _ => concept(ctx, out, at, *index, words, role, f),
                }
            }
            Entity::Term(term) => keyword(ctx, out, at, term, f),
            Entity::Code { text, .. } => {
                match example_of(text).or_else(|| example_in_context(text, |w| ctx.says_or_quotes(w))) {
                    Some(d) => example(ctx, out, at, text, d, f),
                    None => host(ctx, out, at, text, f),
                }
            }
            _ => {}
        }
    }
    commit_lengths(ctx, out);
    file_length(ctx, out);
    interface_prefix(ctx, out);
    imports_with_extension(ctx, out);
    for (i, f) in ctx.found.iter().enumerate() {
        if let Some((d, what, said)) = seen_condition(ctx, f) {
            let scope = ctx.detector_scope(d, what);
            let check = ctx.detector_check(d, scope, said);
            // The detector that sees the condition is what the words mean: other readings of
            // them go (Java's `Optional` after "don't use" was also the npm package `optional`).
            out.drop_checks_of(i, |c| c.pattern.as_deref() != Some(d.pattern));
            out.check(At::Mention(i), check);
        }
    }
}

/// "Avoid CommonJS (`require`, `module.exports`)": code a forbidden concept's own check finds
/// is checked by it — the concept knows its forms (`require(…)`, not `loader.require`), a bare
/// literal check of the same code would fire where the concept does not. A literal with a fix
/// keeps its check (the fix is the user's gain).
pub fn drop_covered_literals(ctx: &Context, out: &mut Found) {
    let forbidden_code = |m: &Mention| m.role == Role::Forbid && matches!(m.entity, Entity::Code { .. });
    // Most rules name no code beside a concept: compile nothing for them.
    if !ctx.found.iter().any(forbidden_code) {
        return;
    }
    let concepts: Vec<(regex::Regex, &str)> = out
        .checks()
        .iter()
        .filter_map(|(at, c)| {
            let At::Mention(i) = *at else { return None };
            let m = ctx.found.get(i)?;
            let Entity::Concept { words, .. } = &m.entity else {
                return None;
            };
            let pattern = c.pattern.as_deref()?;
            (m.role == Role::Forbid && c.within == Within::Code)
                .then(|| regex::Regex::new(pattern).ok().map(|re| (re, words.as_str())))
                .flatten()
        })
        .collect();
    if concepts.is_empty() {
        return;
    }
    for (k, m) in ctx.found.iter().enumerate().filter(|(_, m)| forbidden_code(m)) {
        let Entity::Code { text, .. } = &m.entity else {
            continue;
        };
        let Some((_, words)) = concepts.iter().find(|(re, _)| concept_finds(re, text)) else {
            continue;
        };
        if out.drop_checks_of(k, |c| c.fix.is_none() && c.within == Within::Code) {
            out.note(
                At::Mention(k),
                format!("`{text}` is checked as one of the forms of \"{words}\""),
            );
        }
    }
}

/// Whether the concept check `re` finds `text` where code uses it: called, assigned, a member
/// read, or as written.
fn concept_finds(re: &regex::Regex, text: &str) -> bool {
    let text = text.trim();
    if text.is_empty() {
        return false;
    }
    [
        format!("{text}\n"),
        format!("{text}(x)\n"),
        format!("{text} = x\n"),
        format!("{text}.x\n"),
    ]
    .iter()
    .any(|probe| {
        re.captures(probe)
            .and_then(|c| c.name("hit").or_else(|| c.get(0)))
            .is_some_and(|hit| {
                hit.start() == 0
                    && !hit.as_str().is_empty()
                    && (text.starts_with(hit.as_str()) || hit.as_str().starts_with(text))
            })
    })
}

/// What is forbidden only under a condition a detector sees — the detector, what it finds and
/// why: `@ts-expect-error` "without a reason" (nothing after it on the line), `interface`
/// "unless extending" (one that extends nothing). The conditions pass leaves these unnoted.
pub fn seen_condition(ctx: &Context, f: &Mention) -> Option<(&'static Detector, &'static str, String)> {
    if expect_error_without_reason(ctx, f) {
        Some((
            &TS_EXPECT_ERROR_BARE,
            "`@ts-expect-error`",
            format!(
                "`@ts-expect-error` forbidden without a reason (\"{}\" … \"without\")",
                f.trigger
            ),
        ))
    } else if let Some((d, what, why)) = placed_construct(ctx, f) {
        Some((d, what, format!("{what} forbidden {why} (\"{}\")", f.trigger)))
    } else if interface_unless_extending(ctx, f) {
        Some((
            &INTERFACE_WITHOUT_EXTENDS,
            "`interface`",
            format!(
                "`interface` forbidden (\"{}\") unless it extends another",
                f.trigger
            ),
        ))
    } else {
        None
    }
}

/// The detector a concept's or a keyword's words mean in this rule: "pinned versions" of GitHub
/// Actions are commit SHAs in workflows, not exact versions in manifests; `var` is C#'s and
/// Java's when the rule names them or asks for explicit types ("Prefer explicit types instead
/// of 'var'"), which JavaScript has none of; return types by the functions the rule is about.
pub(super) fn detector_meant(ctx: &Context, d: &'static Detector) -> &'static Detector {
    if d.name == UNPINNED_DEPENDENCY.name && ctx.named.has(Lang::Ci) {
        return &UNPINNED_ACTION;
    }
    // "Conventional Commits, with one of the types `feat`, `fix`, `docs`": the shape here, the
    // type against the list in the commits pass.
    if d.name == CONVENTIONAL_COMMITS.name && super::commits::listed_types(ctx).is_some() {
        return &CONVENTIONAL_COMMITS_SHAPE;
    }
    if d.name == VAR_DECL.name && asks_explicit_types(ctx) {
        return &VAR_INFERRED;
    }
    // "In C#, use async/await": its blocking calls, not JavaScript's promise chains.
    if d.name == ASYNC_AWAIT.name
        && ctx.named.has(Lang::CSharp)
        && !ctx.named.has(Lang::TypeScript)
        && !ctx.named.has(Lang::JavaScript)
    {
        return &CSHARP_BLOCKING_WAIT;
    }
    // "Modern Swift concurrency (async/await, Task, actors)": GCD's dispatches.
    if d.name == ASYNC_AWAIT.name
        && ctx.named.has(Lang::Swift)
        && !ctx.named.has(Lang::TypeScript)
        && !ctx.named.has(Lang::JavaScript)
    {
        return &SWIFT_GCD;
    }
    if d.name == PY_UNTYPED_PARAMETER.name && php_only(ctx) {
        return if returns_only(ctx) {
            &PHP_UNTYPED_RETURN
        } else {
            &PHP_UNTYPED_PARAMETER
        };
    }
    if d.name == PY_UNTYPED_PARAMETER.name && returns_only(ctx) {
        return &UNTYPED_PYTHON_RETURN;
    }
    return_types_meant(ctx, d)
}

/// The rule names PHP and neither Python nor TypeScript: its typing words are PHP's.
fn php_only(ctx: &Context) -> bool {
    ctx.named.has(Lang::Php) && !ctx.named.has(Lang::Python) && !ctx.named.has(Lang::TypeScript)
}

/// Other languages' detectors for the same words, checked too when the rule names no language:
/// "type hints" and "explicit return types" are PHP's words as well as Python's and
/// TypeScript's.
fn siblings(d: &Detector) -> &'static [&'static Detector] {
    if d.name == ASYNC_AWAIT.name {
        &[&CSHARP_BLOCKING_WAIT, &SWIFT_GCD]
    } else if d.name == PY_UNTYPED_PARAMETER.name {
        &[&PHP_UNTYPED_PARAMETER]
    } else if d.name == UNTYPED_RETURN.name {
        &[&PHP_UNTYPED_RETURN]
    } else {
        &[]
    }
}

/// Whether a rule naming type hints asks for them on every signature: not when it is another
/// language's ("type hints in TypeScript interfaces"), when they are what replaces a forbidden
/// thing ("No `Any` types - use proper type hints"), or when only new functions are meant, which
/// a check cannot tell from old ones (said in a note).
fn signatures_meant(ctx: &Context, out: &mut Found, at: At, f: &Mention, d: &Detector) -> bool {
    if !ctx.detector_fits(d) {
        return false;
    }
    if ctx
        .found
        .iter()
        .any(|g| g.role == Role::Forbid && g.clause < f.clause)
    {
        return false;
    }
    if ctx.says(&["new", "nuevas", "nuevos", "nueva", "nuevo"]) {
        out.note(
            at,
            "type hints asked of new functions only: a check cannot tell them from the existing ones"
                .to_string(),
        );
        return false;
    }
    true
}

/// Words of a function's result.
const RETURN_WORDS: &[&str] = &["return", "returns", "retorno", "retornos", "outputs", "output"];

/// "Type hints on function returns": the rule speaks of returns and of no parameter.
fn returns_only(ctx: &Context) -> bool {
    ctx.says(RETURN_WORDS) && !ctx.says(PARAMETER_WORDS) && !ctx.says(INPUT_WORDS)
}

/// "Use appropriate PHP type hints for method parameters": the rule speaks of parameters and of
/// no return, nor of whole signatures.
fn parameters_only(ctx: &Context) -> bool {
    ctx.says(PARAMETER_WORDS)
        && !ctx.says(RETURN_WORDS)
        && !ctx.says(&["signature", "signatures", "firmas", "firma"])
}

/// Other words of a function's inputs and signature.
const INPUT_WORDS: &[&str] = &[
    "inputs",
    "input",
    "variables",
    "signature",
    "signatures",
    "firmas",
];

/// A detector that goes with another, to check what the first leaves out: a Python signature
/// whose parameters all have type hints can still lack the return's; a value joined after a
/// string, the one joined before it.
fn companion(d: &Detector) -> Option<&'static Detector> {
    if d.name == PY_UNTYPED_PARAMETER.name {
        Some(&PY_UNTYPED_RETURN_OF_TYPED)
    } else if d.name == CONCAT_AFTER_STRING.name {
        Some(&CONCAT_BEFORE_STRING)
    } else if d.name == PHP_UNTYPED_PARAMETER.name {
        Some(&PHP_UNTYPED_RETURN)
    } else {
        None
    }
}

/// The rule names C# or Java, or asks for explicit types.
fn asks_explicit_types(ctx: &Context) -> bool {
    ctx.named.has(Lang::CSharp)
        || ctx.named.has(Lang::Java)
        || (ctx.says(EXPLICIT_WORDS) && ctx.says(TYPING_WORDS))
}

/// Which functions "explicit return types" are about: Python's when the rule names Python (and
/// not TypeScript), exported ones when it says so ("on exported functions", "de las funciones
/// exportadas"), else every TypeScript function.
fn return_types_meant(ctx: &Context, d: &'static Detector) -> &'static Detector {
    if d.name != UNTYPED_RETURN.name {
        return d;
    }
    if php_only(ctx) {
        &PHP_UNTYPED_RETURN
    } else if ctx.named.has(Lang::Python) && !ctx.named.has(Lang::TypeScript) {
        &UNTYPED_PYTHON_RETURN
    } else if ctx.says(&["component", "components", "componente", "componentes"]) {
        &UNTYPED_COMPONENT_RETURN
    } else if ctx.says(EXPORTED_WORDS) {
        &UNTYPED_EXPORTED_RETURN
    } else {
        d
    }
}

/// "Prefer `type` over `interface` unless extending": forbidden only where it extends nothing,
/// which the declaration shows.
fn interface_unless_extending(ctx: &Context, f: &Mention) -> bool {
    // A conditional forbid reads as neutral; a mandate is never one.
    f.conditional
        && f.role != Role::Mandate
        && matches!(
            f.trig,
            Some(Trig::Over | Trig::Instead | Trig::Neg | Trig::NegUse)
        )
        && matches!(&f.entity, Entity::Code { text, .. } | Entity::Term(text)
            if matches!(text.to_lowercase().as_str(), "interface" | "interfaces"))
        && ctx.says(&[
            "extending",
            "extend",
            "extends",
            "inheritance",
            "heredar",
            "extender",
            "extiendan",
            "herencia",
        ])
}

/// A construct forbidden only where it is placed, which its detector sees — the detector, what
/// it finds and where: "Never combine `v-if` with `v-for` on the same element" (both on one tag),
/// "never `@Autowired` on fields" (field injection), "Use Optional only for return types, not
/// fields or method parameters" (a field's or a parameter's type). The rule forbids (a negation
/// or "avoid"; for `Optional`, "only" with return types too) and says the place.
pub(super) fn placed_construct(
    ctx: &Context,
    f: &Mention,
) -> Option<(&'static Detector, &'static str, &'static str)> {
    let text = match &f.entity {
        Entity::Code { text, .. } | Entity::Term(text) => text.as_str(),
        _ => return None,
    };
    let forbids = f.role == Role::Forbid
        || matches!(
            f.trig,
            Some(Trig::Over | Trig::Instead | Trig::Neg | Trig::NegUse)
        )
        || ctx.says(NEGATIONS)
        || ctx.says(AVOID_WORDS);
    let clause = clauses(ctx.tokens).get(f.clause).copied().unwrap_or_default();
    let named_in_clause = |name: &str| clause.iter().any(|t| t.text == name);
    match text.trim_start_matches('@') {
        // "Never combine `v-if` with `v-for`": the two in one clause ("Use `v-for` with `:key`;
        // never `v-if` on a `<template>`" is about something else).
        "v-if" | "v-for" if forbids && named_in_clause("v-if") && named_in_clause("v-for") => {
            Some((&VUE_IF_WITH_FOR, "`v-if`", "on the element that has `v-for`"))
        }
        // Forbidden, not described: "Spring beans get `@Autowired` fields" forbids nothing.
        "Autowired" if forbids && f.role != Role::Mandate && ctx.says(FIELD_WORDS) => {
            Some((&FIELD_INJECTION, "`@Autowired`", "on fields"))
        }
        "Optional" | "Optional<T>"
            if (forbids || ctx.says(&["only", "solo", "sólo", "únicamente"]))
                && ctx.says(FIELD_WORDS)
                && ctx.says(PARAMETER_WORDS)
                && !ctx.named.has(Lang::Python) =>
        {
            Some((
                &OPTIONAL_FIELD_OR_PARAMETER,
                "`Optional`",
                "as a field's or a parameter's type",
            ))
        }
        _ => None,
    }
}

/// Whether a condition, as written ("on fields"), names a place a [`placed_construct`]'s
/// detector sees.
pub(super) fn says_a_place(condition: &str) -> bool {
    condition
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .any(|w| {
            let w = w.to_lowercase();
            FIELD_WORDS.contains(&w.as_str()) || PARAMETER_WORDS.contains(&w.as_str())
        })
}

/// "`@ts-expect-error` without a description": forbidden only without a reason, which the
/// detector sees (nothing after it on the line).
fn expect_error_without_reason(ctx: &Context, f: &Mention) -> bool {
    f.conditional
        && matches!(&f.entity, Entity::Code { text, .. } if text.contains("ts-expect-error"))
        && ctx.says(REASON_WORDS)
}

/// Whether the concept at `index` of [`CONCEPTS`] names a construct in this rule: "classes" does
/// only when forbidden outright.
pub(super) fn names_a_construct(ctx: &Context, index: usize) -> bool {
    CONCEPTS[index].detector.pattern != CLASS_KEYWORD.pattern || classes_outright(ctx)
}

/// Whether the rule forbids classes as such: "classes" right after the forbidding words or the
/// verb of using ("avoid using classes", "NO classes", "functions, not classes", "evita usar
/// clases", "sin clases"), with nothing after it that makes it a kind of something else
/// ("classes for styling", "clases de Tailwind").
fn classes_outright(ctx: &Context) -> bool {
    let words: Vec<&str> = ctx
        .tokens
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        matches!(*w, "classes" | "clases")
            && i.checked_sub(1).is_some_and(|p| {
                matches!(
                    words[p],
                    "no" | "not"
                        | "avoid"
                        | "using"
                        | "use"
                        | "usar"
                        | "uses"
                        | "utilices"
                        | "utilizar"
                        | "evita"
                        | "evitar"
                        | "sin"
                        | "ni"
                        | "nunca"
                )
            })
            && !matches!(
                words.get(i + 1).copied(),
                Some("for" | "to" | "in" | "de" | "para" | "en" | "with" | "con")
            )
    })
}

/// "Functional components only", "HTTPS solo": a convention written as its subject and
/// "only" — the clause is the concept's words and "only", nothing else ("tabs for generated code
/// only" says where tabs go, not that they are mandated) — mandates the concept.
fn only_after<'a>(ctx: &'a Context, f: &Mention, concept: &str) -> Option<&'a str> {
    let clause = clauses(ctx.tokens).get(f.clause).copied()?;
    let words: Vec<&str> = clause
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    let (last, before) = words.split_last()?;
    let named: Vec<String> = concept.split_whitespace().map(str::to_lowercase).collect();
    (matches!(
        *last,
        "only" | "solo" | "únicamente" | "exclusively" | "exclusivamente"
    ) && before.iter().map(|w| w.to_string()).eq(named))
    .then_some(*last)
}

/// "Dependencies are pinned to exact versions", "Las dependencias están fijadas a versiones
/// exactas": a convention stated as a fact — the concept right after "is" / "are" / "must be",
/// in a clause that negates nothing — is what the rule mandates. Returns the verb.
fn declared<'a>(ctx: &'a Context, f: &Mention, words: &str) -> Option<&'a str> {
    let clause = clauses(ctx.tokens).get(f.clause).copied()?;
    if clause
        .iter()
        .any(|t| t.is_word() && NEGATIONS.contains(&t.lower.as_str()))
    {
        return None;
    }
    // "The extension host is ESM": a fact about one part of the project, which no file scope
    // locates, not a convention of the whole.
    if let Some((start, end)) = clause_subject(clause, 4)
        && clause[start..end]
            .iter()
            .any(|t| PART_NOUNS.contains(&t.lower.as_str()))
    {
        return None;
    }
    let first = words.split_whitespace().next()?.to_lowercase();
    let at = clause.iter().position(|t| t.is_word() && t.lower == first)?;
    let before = clause[..at].iter().rev().find(|t| t.is_word())?;
    matches!(
        before.lower.as_str(),
        "is" | "are" | "be" | "es" | "son" | "está" | "están" | "sea" | "sean"
    )
    .then_some(before.lower.as_str())
}

/// "Print nothing to stdout", "never write to stdout", "nada a stdout": the stdout concept in a
/// negative sentence is forbidden, whatever "to" did to the role.
fn negated_stdout(ctx: &Context, index: usize, words: &str, f: &Mention) -> bool {
    if CONCEPTS[index].detector.name != STDOUT_WRITE.name || f.role == Role::Mandate {
        return false;
    }
    let first = words.split(' ').next().unwrap_or("").to_lowercase();
    if matches!(first.as_str(), "nothing" | "nada") {
        return true;
    }
    clauses(ctx.tokens).get(f.clause).is_some_and(|c| {
        c.iter()
            .any(|t| t.is_word() && NEGATIONS.contains(&t.lower.as_str()))
    })
}

/// Whether the rule speaks of code: a language named, or a word for code.
fn about_code(ctx: &Context) -> bool {
    !ctx.named.langs().is_empty() || ctx.says(CODE_SUBJECT_WORDS)
}

fn concept(ctx: &Context, out: &mut Found, at: At, index: usize, words: &str, role: Role, f: &Mention) {
    let d = detector_meant(ctx, CONCEPTS[index].detector);
    // Read only where it can matter: a neutral mention of what the code must carry.
    let added_by = (role == Role::Neutral && d.effect == Effect::RulesOut)
        .then(|| added(ctx, f))
        .flatten();
    if [PY_UNTYPED_PARAMETER.name, PHP_UNTYPED_PARAMETER.name].contains(&d.name)
        && !signatures_meant(ctx, out, at, f, d)
    {
        return;
    }
    // "Use constructor injection in Angular services": Spring's field injection is no Angular
    // code; "Never ignore errors in TypeScript" is not about Go's `_`. (Not for every
    // detector: "no inline styles, use CSS" names CSS of JSX's `style`.)
    if [FIELD_INJECTION.name, CONSTRUCTOR_INJECTION.name, BLANK_ERROR.name].contains(&d.name)
        && !ctx.named.langs().is_empty()
        && !ctx
            .named
            .langs()
            .iter()
            .any(|l| d.langs.iter().any(|dl| same_family(*l, *dl)))
    {
        out.note(
            at,
            format!(
                "\"{words}\" not checked: its detector {} finds {} code, and the rule names {}",
                d.name,
                lang_names(d.langs),
                lang_names(&ctx.named.langs())
            ),
        );
        return;
    }
    // "avoid using classes", "NO classes anywhere": classes themselves, not a kind of them
    // ("Tailwind classes", "utility classes", "clases PSR-4").
    if !names_a_construct(ctx, index) {
        return;
    }
    match (d.effect, role) {
        // "Don't use ESM": forbidding what rules CommonJS out says nothing about CommonJS.
        (Effect::RulesOut, Role::Forbid) => {}
        // "Don't panic.", "never panic under pressure": advice, unless the rule is about code.
        (Effect::Forbid, Role::Forbid) if d.name == PANIC_CALL.name && !about_code(ctx) => {
            out.note(
                at,
                format!(
                    "\"{words}\" after \"{}\" not checked: the rule names no Go or Rust code (\"in library code\", \"in Go\"), so it may be advice",
                    f.trigger
                ),
            );
        }
        // "Never log passwords", "don't share API keys": what is done with secrets, not
        // secrets kept in the code.
        (Effect::Forbid, Role::Forbid)
            if d.name == HARDCODED_SECRET.name
                && !ctx.says(SECRET_STORE_WORDS)
                && home_said(ctx, d).is_none() =>
        {
            out.note(
                at,
                format!(
                    "\"{words}\" after \"{}\" not checked: the rule does not say they are kept in the code (\"hardcode\", \"commit\", \"in the code\")",
                    f.trigger
                ),
            );
        }
        // "avoid restricted relative imports between packages (enforced by ESLint)": which
        // ones are restricted, the linter's configuration says — not every `../`.
        (Effect::Forbid, Role::Forbid)
            if d.name == RELATIVE_IMPORT.name
                && let Some(which) = RESTRICTED_RELATIVE
                    .iter()
                    .find(|w| ctx.rule.instruction.to_lowercase().contains(*w)) =>
        {
            out.note(
                at,
                format!(
                    "\"{words}\" after \"{}\" not checked: \"{which}\" — which relative imports, the project's own configuration says, not the rule",
                    f.trigger
                ),
            );
        }
        (Effect::Forbid, Role::Forbid) => {
            let mut scope = ctx.detector_scope(d, &format!("\"{words}\""));
            if d.name == MOJIBAKE.name && ctx.named.scope().is_none() {
                // Garbled text is garbled in docs too.
                scope.add_globs(Lang::Docs.globs());
                scope.why.push_str(" and docs (*.md, *.mdx)");
            }
            let after = if f.role == Role::Forbid {
                format!("after \"{}\"", f.trigger)
            } else {
                "in a negative sentence".to_string()
            };
            let mut explanation = format!(
                "concept {} (\"{words}\") {after}: {}; scope {}",
                d.name, d.summary, scope.why
            );
            // "relative imports `../../`": the example says how deep is too deep.
            let (pattern, within) = match relative_depth(ctx, d) {
                Some(prefix) => {
                    explanation.push_str(&format!("; only under `{prefix}`, as the rule's example says"));
                    (super::super::imports::js_module_pattern(prefix), Within::Strings)
                }
                None => (d.pattern.to_string(), d.within),
            };
            out.check(at, ctx.pattern_check(pattern, scope, None, explanation, within));
            // "unwraps or anything that can panic": `.expect(…)` panics too.
            if d.name == PANIC_CALL.name && ctx.says(&["anything", "whatever"]) && ctx.named.has(Lang::Rust) {
                let scope = ctx.detector_scope(&EXPECT_CALL, "\"anything that can panic\"");
                out.check(
                    at,
                    ctx.detector_check(
                        &EXPECT_CALL,
                        scope,
                        format!("\"{words}\" {after}: anything that panics"),
                    ),
                );
            }
        }
        // "Always indent with tabs": what tabs rule out (spaces), checked like a RulesOut.
        (Effect::Forbid, Role::Mandate) if mandated_counterpart(d).is_some() => {
            let Some(counterpart) = mandated_counterpart(d) else {
                return;
            };
            let scope = ctx.detector_scope(counterpart, &format!("\"{words}\""));
            let said = format!(
                "mandated concept \"{words}\" after \"{}\" rules out its counterpart",
                f.trigger
            );
            out.check(at, ctx.detector_check(counterpart, scope, said));
        }
        // "React functional components with hooks": a rule that is only a noun phrase states
        // what the project uses, as "Use …" would.
        (Effect::RulesOut, Role::Neutral)
            if (verbless(ctx) || verbless_part(ctx, words)) && !commonjs_forbidden(ctx) =>
        {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let said = format!(
                "concept \"{words}\", which the rule states with no word that forbids or mandates, rules out its counterpart"
            );
            with_companion(ctx, out, at, d, &scope, &said);
        }
        (Effect::RulesOut, Role::Mandate) if !commonjs_forbidden(ctx) => {
            mandated(ctx, out, at, d, words, &f.trigger);
        }
        // "Add type hints for all function variables": what the code must carry, added.
        (Effect::RulesOut, Role::Neutral) if added_by.is_some() => {
            mandated(ctx, out, at, d, words, added_by.unwrap_or_default());
        }
        // "Context should be the first argument": the phrase itself says how code must be.
        (Effect::RulesOut, Role::Neutral) if SELF_MANDATING.contains(&d.name) && !ctx.says(NEGATIONS) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let said =
                format!("concept \"{words}\", which says how the code must be, rules out its counterpart");
            with_companion(ctx, out, at, d, &scope, &said);
        }
        // "Read credentials from the environment", "All user-facing strings in
        // `res/values/strings.xml`": where the thing belongs, said — written in the code, it
        // breaks the rule.
        (Effect::Forbid, Role::Mandate | Role::Neutral) if let Some(place) = home_said(ctx, d) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let explanation = format!(
                "concept {} (\"{words}\") kept in {place}, as the rule says: {}; scope {}",
                d.name, d.summary, scope.why
            );
            out.check(
                at,
                ctx.pattern_check(d.pattern.to_string(), scope, None, explanation, d.within),
            );
        }
        (Effect::Require, Role::Mandate | Role::Neutral) => {
            let scope = ctx.detector_scope(d, &format!("\"{words}\""));
            let said = if f.trigger.is_empty() {
                String::new()
            } else {
                format!(" after \"{}\"", f.trigger)
            };
            let explanation = format!(
                "mandated concept {} (\"{words}\"){said}: {}; scope {}",
                d.name, d.summary, scope.why
            );
            out.check(at, ctx.require_check(&scope, d.pattern.to_string(), explanation));
        }
        _ => {}
    }
}

/// Where the rule says the things `d` finds belong instead of the code, if it says it: in its
/// words, or a file of their home quoted in a code span.
fn home_said(ctx: &Context, d: &Detector) -> Option<&'static str> {
    let home = home_of(d)?;
    let quoted = ctx.tokens.iter().any(|t| {
        let lower = t.text.to_lowercase();
        t.is_code() && home.files.iter().any(|f| lower.ends_with(f))
    });
    (ctx.says(home.words) || quoted).then_some(home.told)
}

/// Concepts whose names are statements of how the code must be ("context should be the first
/// argument", "ctx as the first parameter"): a mention without a negation mandates them.
const SELF_MANDATING: &[&str] = &[GO_CONTEXT_NOT_FIRST.name];

/// A concept the rule mandates: its detector finds what it rules out (with its companion).
fn mandated(ctx: &Context, out: &mut Found, at: At, d: &'static Detector, words: &str, trigger: &str) {
    let scope = ctx.detector_scope(d, &format!("\"{words}\""));
    let said = format!("mandated concept \"{words}\" after \"{trigger}\" rules out its counterpart");
    with_companion(ctx, out, at, d, &scope, &said);
}

/// The checks of `d` and of its [`companion`], over one scope, explained alike.
fn with_companion(
    ctx: &Context,
    out: &mut Found,
    at: At,
    d: &'static Detector,
    scope: &FileScope,
    said: &str,
) {
    // "type hints for method parameters": the returns are not the rule's.
    let companion = |d| companion(d).filter(|_| !parameters_only(ctx));
    for d in std::iter::once(d).chain(companion(d)) {
        if !out.has_pattern(d.pattern) {
            out.check(at, ctx.detector_check(d, scope.clone(), said.to_string()));
        }
    }
    if !ctx.named.langs().is_empty() {
        return;
    }
    for sibling in siblings(d) {
        let scope = ctx.detector_scope(sibling, "the same words, no language named");
        for s in std::iter::once(*sibling).chain(companion(sibling)) {
            if !out.has_pattern(s.pattern) {
                out.check(at, ctx.detector_check(s, scope.clone(), said.to_string()));
            }
        }
    }
}

/// "Add type hints for all function variables", "Añade docstrings": a clause that opens with
/// "add" and negates nothing adds what it names, which the code then must carry. Not a trigger
/// of its own: "Don't add npm packages" forbids adding, and says nothing of npm. Returns the verb.
fn added<'a>(ctx: &'a Context, f: &Mention) -> Option<&'a str> {
    let clause = clauses(ctx.tokens).get(f.clause).copied()?;
    let first = clause.iter().find(|t| t.is_word())?;
    let negated = clause
        .iter()
        .any(|t| t.is_word() && NEGATIONS.contains(&t.lower.as_str()));
    (matches!(
        first.lower.as_str(),
        "add" | "añade" | "añadir" | "añada" | "agrega" | "agregar" | "agregue"
    ) && !negated)
        .then_some(first.text.as_str())
}

/// A rule that is a noun phrase ("React functional components with hooks"): short, nothing in
/// it forbids or mandates, no negation, and no verb that would make it a description ("The app
/// has functional components", "The API uses parameterized queries").
fn verbless(ctx: &Context) -> bool {
    noun_phrase(ctx.tokens) && ctx.found.iter().all(|f| f.role == Role::Neutral)
}

/// Short, no negation and no finite verb: the words of a noun phrase.
fn noun_phrase(tokens: &[Token]) -> bool {
    let said = |list: &[&str]| {
        tokens
            .iter()
            .any(|t| t.is_word() && list.contains(&t.lower.as_str()))
    };
    tokens.iter().filter(|t| t.is_word()).count() <= 10 && !said(NEGATIONS) && !said(FINITE_VERBS)
}

/// "Use strict typing; explicit return types for components": the part of the rule between
/// `;` or `.` that names the concept is a noun phrase of its own, as [`verbless`] reads a whole
/// rule.
fn verbless_part(ctx: &Context, words: &str) -> bool {
    let Some(first) = words.split_whitespace().next().map(str::to_lowercase) else {
        return false;
    };
    let part = ctx
        .tokens
        .split(|t| t.kind == Kind::Sep && matches!(t.text.as_str(), ";" | "." | "!" | "?"))
        .find(|part| part.iter().any(|t| t.is_word() && t.lower == first));
    part.is_some_and(|part| noun_phrase(part) && read(part).iter().all(|m| m.role == Role::Neutral))
}

/// Verbs and auxiliaries that make a sentence a statement rather than a noun phrase.
const FINITE_VERBS: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "uses", "used", "use", "does", "do",
    "did", "should", "must", "will", "can", "may", "shall", "needs", "need", "requires", "require",
    "follows", "contains", "includes", "runs", "lives", "live", "es", "son", "está", "están", "tiene",
    "tienen", "usa", "usan", "debe", "deben",
    // "Let TypeScript infer return types": what the compiler works out is not written.
    "let", "infer", "infers", "inferred", "rely", "relies", "deja", "dejar", "infiera", "inferir",
];

/// Words that single out some relative imports, which ones the rule does not say.
const RESTRICTED_RELATIVE: &[&str] = &[
    "restricted",
    "between packages",
    "across packages",
    "cross-package",
    "between workspaces",
    "entre paquetes",
    "restringid",
];

/// For the relative-import concept, a parent-folder prefix the rule gives as its example
/// (`../../`).
fn relative_depth<'a>(ctx: &'a Context, d: &Detector) -> Option<&'a str> {
    if d.name != RELATIVE_IMPORT.name {
        return None;
    }
    ctx.tokens
        .iter()
        .find(|t| t.is_code() && t.text.starts_with("../") && t.text.trim_start_matches("../").is_empty())
        .map(|t| t.text.as_str())
}

/// An unquoted keyword: an English-looking one needs the language named ("any in TypeScript").
/// Words that make a rule about types, so that "any" in it is the type.
const TYPE_WORDS: &[&str] = &[
    "type",
    "types",
    "typed",
    "typing",
    "typings",
    "generic",
    "generics",
    "tipo",
    "tipos",
    "tipado",
    "tipada",
    "genéricos",
    "genericos",
];

fn keyword(ctx: &Context, out: &mut Found, at: At, term: &str, f: &Mention) {
    if let Some(marker) = super::marker_comments(term) {
        let scope = ctx.scope_for(&[], &format!("\"{term}\""));
        let explanation = format!(
            "forbidden marker comments \"{term}\" after \"{}\": `{marker}` in comments; scope {}",
            f.trigger, scope.why
        );
        let pattern = format!(r"\b(?P<hit>{})\b", regex::escape(marker));
        out.check(
            at,
            ctx.pattern_check(pattern, scope, None, explanation, Within::Comments),
        );
        return;
    }
    let Some(k) = unquoted_keyword(&term.to_lowercase()) else {
        return;
    };
    let detector = detector_meant(ctx, k.detector);
    let named = ctx.named.langs();
    let lang_named = named
        .iter()
        .any(|l| detector.langs.iter().any(|dl| same_family(*l, *dl)));
    // "Avoid using any; use explicit types or generics": a rule about types means the type.
    let types_talk = k.word == "any" && ctx.says(TYPE_WORDS);
    if (k.english && !lang_named && !types_talk) || !ctx.detector_fits(detector) {
        out.note(
            at,
            format!(
                "\"{term}\" after \"{}\" not checked: unquoted, it reads as a word unless the rule names {}",
                f.trigger,
                lang_names(detector.langs)
            ),
        );
        return;
    }
    let scope = ctx.detector_scope(detector, &format!("the keyword \"{term}\""));
    let said = format!("forbidden keyword \"{term}\" (unquoted) after \"{}\"", f.trigger);
    out.check(at, ctx.detector_check(detector, scope, said));
}

/// "Use ES modules instead of CommonJS": CommonJS is checked once, by its own concept.
fn commonjs_forbidden(ctx: &Context) -> bool {
    ctx.mentions().any(|(_, m)| {
        m.role == Role::Forbid
            && matches!(m.entity, Entity::Concept { index, .. } if CONCEPTS[index].detector.name == "commonjs")
    })
}

/// A code span that is an example of a concept: forbidden (`from module import *`), its
/// detector; mandated (`set -euo pipefail`), its `Require`.
fn example(ctx: &Context, out: &mut Found, at: At, text: &str, d: &Detector, f: &Mention) {
    if !ctx.detector_fits(d) {
        return;
    }
    // "Never add `.js` to imports": forbidding what rules a counterpart out checks nothing.
    if d.effect == Effect::RulesOut && f.role == Role::Forbid {
        return;
    }
    // "Prefer `@/` imports over relative imports `../../`": the rule names what it rules out,
    // and that is checked as written.
    if d.effect == Effect::RulesOut
        && ctx
            .found
            .iter()
            .any(|m| m.role == Role::Forbid && !matches!(m.entity, Entity::Term(_)))
    {
        return;
    }
    if d.effect == Effect::Require {
        if f.role != Role::Mandate {
            return;
        }
        let scope = ctx.detector_scope(d, &format!("`{text}`"));
        let explanation = format!(
            "mandated `{text}` after \"{}\" → detector {} ({}); scope {}",
            f.trigger, d.name, d.summary, scope.why
        );
        out.check(at, ctx.require_check(&scope, d.pattern.to_string(), explanation));
        return;
    }
    let scope = ctx.detector_scope(d, &format!("`{text}`"));
    let said = format!("`{text}` after \"{}\" is an example of {}", f.trigger, d.name);
    out.check(at, ctx.detector_check(d, scope, said));
}

/// A forbidden host (`custom-icon-badges.demolab.com`): matched where it is used — in URLs,
/// addresses, as the end of a longer host — in source files, docs and config files, comments
/// and strings included; never named in prose.
fn host(ctx: &Context, out: &mut Found, at: At, host: &str, f: &Mention) {
    let mut scope = match ctx.named.scope() {
        Some(s) => s,
        None => {
            let mut s = FileScope::source_files(true);
            s.add_globs(HOST_FILES);
            s.why = format!("source files, docs and config files ({})", HOST_FILES.join(", "));
            s
        }
    };
    ctx.narrow(&mut scope);
    let explanation = format!(
        "forbidden host `{host}` after \"{}\" → matched in URLs (after `//`), addresses (after `@`) and as the end of a longer host name, not in prose; scope {}",
        f.trigger, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(host_pattern(host), scope, None, explanation, Within::Any),
    );
}

/// Config files a host name can appear in, besides source files and docs.
const HOST_FILES: &[&str] = &["*.json", "*.yml", "*.yaml", "*.toml", "*.xml"];

/// "Subject line under 50 characters, body wrapped at 72", "título de commit de máximo 72
/// caracteres": a limit on the commit subject and on body lines, read from a number right after
/// a limiting word ("under", "at most", "wrapped at", "máximo") or before "characters … max".
fn commit_lengths(ctx: &Context, out: &mut Found) {
    let limits = commit_limits(ctx.tokens);
    for (part, max, words) in limits {
        let (pattern, what) = match part {
            CommitPart::Subject => (commit_subject_pattern(max), "a subject line (the first line)"),
            CommitPart::Body => (commit_body_pattern(max), "body lines (not comments)"),
        };
        let scope = FileScope::of_langs(&[Lang::Commit], String::new()).titled(Lang::Commit.name());
        let explanation = format!(
            "commit length limit from \"{words}\": {what} longer than {max} characters; scope {}",
            scope.why
        );
        out.check(
            At::Mention(ctx.found.len()),
            ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
        );
    }
}

/// "Prefix interfaces with `I`", "Tipos/Interfaces: PascalCase con prefijo I (IUser)": names of
/// interfaces (and of types, when the rule says types) without the prefix; "Don't prefix
/// interfaces with I", "no `I` prefix": names with it. The rule must say a prefix, `I` and
/// interfaces; a negation in the clause of the prefix word turns the mandate around.
/// "Import with `.js` extensions", "imports must include the `.js` extension": an extension span
/// in a rule about imports and extensions that no trigger made mandated — the rule's imperative
/// says it — when nothing negates it and no check was read from the span already.
fn imports_with_extension(ctx: &Context, out: &mut Found) {
    let extension = ctx
        .tokens
        .iter()
        .find(|t| matches!(t.kind, Kind::Span(_)) && is_module_extension(&t.text));
    let Some(span) = extension else {
        return;
    };
    let read_already = ctx.found.iter().any(|f| {
        matches!(&f.entity, Entity::Code { text, .. } if *text == span.text) && f.role != Role::Neutral
    });
    if !ctx.says(EXTENSION_WORDS)
        || !ctx.says(IMPORT_WORDS)
        || ctx.says(NEGATIONS)
        || ctx.says(&["omit", "drop", "remove", "without", "sin", "omitir", "quitar"])
        || read_already
    {
        return;
    }
    let d = &EXTENSIONLESS_IMPORT;
    let scope = ctx.detector_scope(d, &format!("`{}`", span.text));
    let said = format!("`{}` extensions asked for in imports", span.text);
    out.check(At::Places, ctx.detector_check(d, scope, said));
}

fn interface_prefix(ctx: &Context, out: &mut Found) {
    let has = |t: &Token, words: &[&str]| t.is_word() && words.contains(&t.lower.as_str());
    // The prefix `I`: quoted, or the word right after "prefix … with" / "prefijo" — not the
    // pronoun ("When I add an interface, prefix its file name…").
    let says_i = ctx.tokens.iter().enumerate().any(|(k, t)| {
        t.text == "I"
            && (matches!(t.kind, Kind::Span(_))
                || k.checked_sub(1)
                    .and_then(|p| ctx.tokens.get(p))
                    .is_some_and(|p| has(p, &["with", "con", "prefix", "prefijo", "an", "un", "el", "the"])))
    });
    let interfaces = ctx
        .tokens
        .iter()
        .any(|t| has(t, &["interface", "interfaces", "interfaz"]));
    let types = ctx
        .tokens
        .iter()
        .any(|t| has(t, &["type", "types", "tipo", "tipos"]));
    let Some(clause) = clauses(ctx.tokens)
        .into_iter()
        .find(|c| c.iter().any(|t| has(t, PREFIX_WORDS)))
    else {
        return;
    };
    if !says_i || !interfaces {
        return;
    }
    // "Prefix interfaces with `I` except for props": which interfaces, the words do not fix.
    if ctx.says(&["except", "unless", "excepto", "salvo", "menos"]) {
        out.note(
            At::Mention(ctx.found.len()),
            "the `I` prefix convention not checked: it has an exception no name pattern can tell".to_string(),
        );
        return;
    }
    let negated = clause
        .iter()
        .any(|t| has(t, NEGATIONS) || has(t, &["without", "avoid", "sin", "evitar", "evita", "evites"]));
    let mut detectors: Vec<&Detector> = Vec::new();
    if negated {
        detectors.push(&I_PREFIXED_INTERFACE);
    } else {
        detectors.push(&UNPREFIXED_INTERFACE);
        if types {
            detectors.push(&UNPREFIXED_TYPE);
        }
    }
    let words: Vec<&str> = clause.iter().map(|t| t.text.as_str()).collect();
    let said = format!(
        "the `I` prefix {} for interfaces (\"{}\")",
        if negated { "forbidden" } else { "mandated" },
        words.join(" ")
    );
    for d in detectors {
        if !ctx.detector_fits(d) {
            continue;
        }
        let scope = ctx.detector_scope(d, "the `I` prefix");
        out.check(
            At::Mention(ctx.found.len()),
            ctx.detector_check(d, scope, said.clone()),
        );
    }
}

/// "Nunca crear archivos con más de 800 líneas", "keep files under 500 lines", "files must not
/// exceed 400 lines": a file longer than N lines, flagged at its first line. The unit nearest
/// before the number must be files ("functions under 50 lines" is not about files).
fn file_length(ctx: &Context, out: &mut Found) {
    let Some((max, words, components)) = file_limit(ctx.tokens) else {
        return;
    };
    let mut scope = ctx.named.scope().unwrap_or_else(|| {
        if components {
            FileScope::of_globs(COMPONENT_FILES, "component files (Vue, Svelte, JSX)".into())
        } else {
            FileScope::source_files(false)
        }
    });
    ctx.narrow(&mut scope);
    let explanation = format!(
        "file length limit from \"{words}\": a file with more than {max} lines, flagged at its first line; scope {}",
        scope.why
    );
    out.check(
        At::Mention(ctx.found.len()),
        ctx.pattern_check(file_length_pattern(max), scope, None, explanation, Within::Any),
    );
}

/// Where a component is a file of its own: single-file components and JSX modules.
const COMPONENT_FILES: &[&str] = &["**/*.vue", "**/*.svelte", "**/*.tsx", "**/*.jsx"];

/// What a rule asks of a file past its limit when the limit is the limit: split it up.
const SPLIT_WORDS: &[&str] = &[
    "split",
    "refactor",
    "break",
    "divide",
    "extract",
    "dividir",
    "divídelo",
    "dividirlo",
    "refactorizar",
    "refactoriza",
    "separar",
    "separa",
];

/// Components, whose length is their file's ("Mantén componentes bajo 300 líneas").
const COMPONENT_WORDS: &[&str] = &["components", "component", "componentes", "componente"];

/// The maximum number of lines of a file a rule states, with the words that said it and whether
/// they said components.
fn file_limit(tokens: &[Token]) -> Option<(usize, String, bool)> {
    let is_file = |t: &&Token| is_file_word(&t.lower);
    for clause in clauses(tokens) {
        let ws: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
        for (i, t) in ws.iter().enumerate() {
            let Some(n) = limit_number(&t.lower) else {
                continue;
            };
            let next = ws.get(i + 1).map(|t| t.lower.as_str());
            if !matches!(next, Some("lines" | "líneas" | "lineas" | "loc")) || !(50..=100_000).contains(&n) {
                continue;
            }
            let prev: Vec<&str> = ws[..i].iter().rev().take(2).map(|t| t.lower.as_str()).collect();
            let limited = matches!(
                prev.as_slice(),
                ["than", "more" | "longer" | "larger" | "bigger", ..]
                    | ["de", "más" | "mas" | "menos", ..]
                    | [
                        "over"
                            | "under"
                            | "bajo"
                            | "below"
                            | "exceed"
                            | "exceeds"
                            | "exceeding"
                            | "superar"
                            | "supera"
                            | "supere"
                            | "máximo"
                            | "maximo"
                            | "max",
                        ..
                    ]
            );
            // "Máximo 500 líneas por archivo/clase", "500 lines per file": the unit after.
            let unit_after = unit_after_lines(clause, ws[i + 1]);
            let limited = limited
                || (unit_after.is_some()
                    && matches!(
                        prev.first(),
                        None | Some(&"max" | &"maximum" | &"máximo" | &"maximo" | &"a")
                    ));
            let unit = unit_after.clone().or_else(|| {
                ws[..i]
                    .iter()
                    .rev()
                    .find(|t| is_file(t) || LENGTH_UNITS.contains(&t.lower.as_str()))
                    .map(|t| t.lower.clone())
            });
            // "If a file exceeds 600 lines, split it" states a limit; "One file per struct when
            // the file exceeds 200 lines" makes the length the condition of another demand.
            let conditional = ws[..i]
                .iter()
                .any(|t| matches!(t.lower.as_str(), "when" | "if" | "once" | "cuando" | "si"));
            let splits = tokens.iter().any(|t| SPLIT_WORDS.contains(&t.lower.as_str()));
            if limited
                && (!conditional || splits)
                && let Some(unit) = unit.filter(|u| is_file_word(u))
            {
                // From the file word before the number, or from the maximum when it comes after.
                let from = if unit_after.is_some() {
                    ws[..i]
                        .iter()
                        .rposition(|t| LIMIT_WORDS.contains(&t.lower.as_str()))
                } else {
                    ws[..i].iter().rposition(&is_file)
                };
                let said: Vec<&str> = ws[from.unwrap_or(i)..=i + 1]
                    .iter()
                    .map(|t| t.text.as_str())
                    .collect();
                let after = if unit_after.is_some() {
                    format!(" … {unit}")
                } else {
                    String::new()
                };
                return Some((
                    n,
                    format!("{}{after}", said.join(" ")),
                    COMPONENT_WORDS.contains(&unit.as_str()),
                ));
            }
        }
    }
    None
}

/// A word for files or for components, whose length is their file's.
fn is_file_word(word: &str) -> bool {
    FILE_WORDS.contains(&word) || COMPONENT_WORDS.contains(&word)
}

/// Words stating a maximum right before a number.
const LIMIT_WORDS: &[&str] = &["max", "maximum", "máximo", "maximo"];

/// "… 500 líneas por archivo/clase", "… 300 lines per component": the file or component word after
/// "per" / "por" / "each" right after the `lines` token (one of the parts of `archivo/clase`).
fn unit_after_lines(clause: &[Token], lines: &Token) -> Option<String> {
    let at = clause.iter().position(|t| std::ptr::eq(t, lines))?;
    let mut rest = clause[at + 1..].iter();
    let per = rest.next()?;
    if !(per.is_word() && matches!(per.lower.as_str(), "per" | "por" | "each" | "cada")) {
        return None;
    }
    // "por archivo/clase", "per class/component", "per a file": the first file or component word
    // among the alternatives.
    rest.take(4)
        .take_while(|t| t.is_word() || matches!(t.kind, Kind::Path | Kind::Comma))
        .flat_map(|t| t.lower.split('/'))
        .find(|part| is_file_word(part))
        .map(str::to_string)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CommitPart {
    Subject,
    Body,
}

/// The commit limits a rule states: (part, maximum characters, the words that said it).
fn commit_limits(tokens: &[Token]) -> Vec<(CommitPart, usize, String)> {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    let commit_named = words
        .iter()
        .any(|w| matches!(*w, "commit" | "commits" | "commit's" | "git"));
    let mut out: Vec<(CommitPart, usize, String)> = Vec::new();
    // "Subject line: Imperative mood, capitalized, no period, max 50 chars": a label before
    // the rule's first `:` names the part every clause after it is about.
    let label = label_part(tokens);
    for clause in clauses(tokens) {
        let ws: Vec<&Token> = clause.iter().filter(|t| t.is_word()).collect();
        let mut part: Option<(CommitPart, usize)> = label.map(|p| (p, 0));
        // Past a limit read with its part after it, up to that part.
        let mut read_to = 0;
        for (i, t) in ws.iter().enumerate() {
            if i < read_to {
                continue;
            }
            let w = t.lower.as_str();
            let next = ws.get(i + 1).map(|t| t.lower.as_str());
            if COMMIT_SUBJECT_WORDS.contains(&w) {
                // "subject line" needs nothing more; "title", "summary" need the commit named.
                let subject_line = w == "subject" && next == Some("line");
                if subject_line || (commit_named && w != "line") {
                    part = Some((CommitPart::Subject, i));
                }
                continue;
            }
            if COMMIT_BODY_WORDS.contains(&w) && commit_named_or_subject(&out, &part, commit_named) {
                part = Some((CommitPart::Body, i));
                continue;
            }
            // "Commit messages: first line max 72": the first line of a message is its subject.
            if commit_named
                && matches!(
                    (w, next),
                    ("first", Some("line")) | ("primera", Some("línea" | "linea"))
                )
            {
                part = Some((CommitPart::Subject, i));
                continue;
            }
            let Some(n) = limit_number(w) else {
                continue;
            };
            let prev = if i > 0 { ws[i - 1].lower.as_str() } else { "" };
            let prev2 = if i > 1 { ws[i - 2].lower.as_str() } else { "" };
            let prev3 = if i > 2 { ws[i - 3].lower.as_str() } else { "" };
            // "no more than 50 chars in subject": the part named after the limit, whose words
            // run from the limit's to the part's.
            let (p, from, to) = match part {
                Some((p, from)) => (p, from, i),
                None => match part_after_limit(&ws[i + 1..], commit_named) {
                    Some((p, len)) => (p, i.saturating_sub(3), i + len),
                    None => continue,
                },
            };
            let after: Vec<&str> = ws[i + 1..].iter().take(3).map(|t| t.lower.as_str()).collect();
            let limited_before = COMMIT_LIMIT_BEFORE.contains(&prev)
                || (prev == "than" && matches!(prev2, "less" | "fewer" | "shorter"))
                || (prev == "than" && prev2 == "more" && matches!(prev3, "no" | "not"))
                || (prev == "at" && matches!(prev2, "wrapped" | "wrap" | "wrapping" | "wraps"))
                || (prev == "de" && matches!(prev2, "máximo" | "maximo" | "más" | "mas"));
            let limited_after = after.windows(2).any(|p| {
                matches!(
                    p[0],
                    "characters" | "chars" | "caracteres" | "columns" | "columnas"
                ) && matches!(p[1], "max" | "maximum" | "máximo" | "maximo" | "or")
            });
            if (limited_before || limited_after)
                && (20..=200).contains(&n)
                && !out.iter().any(|(q, ..)| *q == p)
            {
                let said: Vec<&str> = ws[from..=to].iter().map(|t| t.text.as_str()).collect();
                out.push((p, n, said.join(" ")));
                part = None;
                read_to = to + 1;
            }
        }
    }
    out
}

/// "50 chars in subject", "72 characters for the first line": the part a limit is for, named
/// after its unit, "in" / "for" / "of" and an article — the subject, or when the rule names
/// commits their title, summary, first line or body — and how many words after the number it
/// took to say it.
fn part_after_limit(rest: &[&Token], commit_named: bool) -> Option<(CommitPart, usize)> {
    let words: Vec<&str> = rest.iter().take(6).map(|t| t.lower.as_str()).collect();
    let unit = matches!(
        words.first(),
        Some(&("characters" | "character" | "chars" | "char" | "caracteres" | "carácteres"))
    );
    let by = matches!(
        words.get(1),
        Some(&("in" | "for" | "on" | "of" | "en" | "para" | "del" | "de"))
    );
    if !unit || !by {
        return None;
    }
    let at = if matches!(
        words.get(2),
        Some(&("the" | "a" | "each" | "every" | "el" | "la" | "cada"))
    ) {
        3
    } else {
        2
    };
    let (part, next) = (*words.get(at)?, words.get(at + 1).copied());
    let first_line = matches!(
        (part, next),
        ("first", Some("line")) | ("primera", Some("línea" | "linea"))
    );
    let taken = if first_line || next == Some("line") {
        at + 2
    } else {
        at + 1
    };
    if part == "subject" || (commit_named && (first_line || COMMIT_SUBJECT_WORDS.contains(&part))) {
        Some((CommitPart::Subject, taken))
    } else if commit_named && COMMIT_BODY_WORDS.contains(&part) {
        Some((CommitPart::Body, taken))
    } else {
        None
    }
}

/// The commit part a rule's label names ("Subject line:", "Commit body:"): the words before the
/// rule's first `:` are all about commits and name the subject or the body.
fn label_part(tokens: &[Token]) -> Option<CommitPart> {
    let colon = tokens.iter().position(|t| t.kind == Kind::Sep && t.text == ":")?;
    let words: Vec<&str> = tokens[..colon]
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    let about_commits = |w: &&str| {
        matches!(*w, "commit" | "commits" | "git" | "line" | "message" | "messages")
            || COMMIT_SUBJECT_WORDS.contains(w)
            || COMMIT_BODY_WORDS.contains(w)
    };
    if words.is_empty() || words.len() > 4 || !words.iter().all(about_commits) {
        return None;
    }
    if words.iter().any(|w| COMMIT_BODY_WORDS.contains(w)) {
        Some(CommitPart::Body)
    } else if words.contains(&"subject")
        || (words.iter().any(|w| COMMIT_SUBJECT_WORDS.contains(w)) && words.contains(&"commit"))
    {
        Some(CommitPart::Subject)
    } else {
        None
    }
}

/// A body limit counts when the rule is about commits: named, or a subject limit read before.
fn commit_named_or_subject(
    out: &[(CommitPart, usize, String)],
    part: &Option<(CommitPart, usize)>,
    commit_named: bool,
) -> bool {
    commit_named
        || out.iter().any(|(p, ..)| *p == CommitPart::Subject)
        || matches!(part, Some((CommitPart::Subject, _)))
}

/// `50`, `72-character`, `72-char`: the number of characters.
fn limit_number(w: &str) -> Option<usize> {
    let digits = w
        .strip_suffix("-characters")
        .or_else(|| w.strip_suffix("-character"))
        .or_else(|| w.strip_suffix("-chars"))
        .or_else(|| w.strip_suffix("-char"))
        .unwrap_or(w);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::infer::tests::hits_of;
    use crate::rules::infer::text::tokenize;

    fn texts(instruction: &str, path: &str, text: &str) -> Vec<String> {
        hits_of(instruction, path, text)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    #[test]
    fn unwrap_in_a_fuzz_target_is_a_test_harness() {
        // From gitoxide: its `fuzz/fuzz_targets/*.rs` are cargo-fuzz harnesses.
        let i = "Handle all errors, never `unwrap()`";
        let rs = "fn f(x: Option<u8>) -> u8 {\n    x.unwrap()\n}\n";
        assert_eq!(texts(i, "gix-config/src/file.rs", rs), ["unwrap"]);
        assert!(texts(i, "gix-config/fuzz/fuzz_targets/fuzz_file.rs", rs).is_empty());
        assert!(texts(i, "fuzz/fuzz_targets/a.rs", rs).is_empty());
    }

    #[test]
    fn commit_limits_are_read_from_the_words() {
        let limits = |s: &str| -> Vec<(CommitPart, usize)> {
            commit_limits(&tokenize(s))
                .into_iter()
                .map(|(p, n, _)| (p, n))
                .collect()
        };
        assert_eq!(
            limits("Subject line: Imperative mood, capitalized, no period, max 50 chars."),
            [(CommitPart::Subject, 50)]
        );
        assert_eq!(
            limits("Commit subject: max 50 characters."),
            [(CommitPart::Subject, 50)]
        );
        assert_eq!(limits("Functions: under 50 lines."), []);
        assert_eq!(
            limits("Follow the 50-72 rule: subject line under 50 characters, body wrapped at 72."),
            [(CommitPart::Subject, 50), (CommitPart::Body, 72)]
        );
        assert_eq!(
            limits("Keep commit titles to at most 72 characters"),
            [(CommitPart::Subject, 72)]
        );
        assert_eq!(
            limits("El título del commit debe tener máximo 60 caracteres"),
            [(CommitPart::Subject, 60)]
        );
        // The part named after the limit, "no more than" a limit, a message's first line.
        assert_eq!(
            limits("Use good style (no more than 50 chars in subject, etc)"),
            [(CommitPart::Subject, 50)]
        );
        assert_eq!(
            limits("Commit subject: no more than 50 chars"),
            [(CommitPart::Subject, 50)]
        );
        assert_eq!(
            limits("Commit messages: max 72 chars for the first line, at most 100 chars in the body"),
            [(CommitPart::Subject, 72), (CommitPart::Body, 100)]
        );
        assert_eq!(
            limits("Commit messages: first line under 72 characters"),
            [(CommitPart::Subject, 72)]
        );
        assert!(limits("Commit subject: more than 10 chars").is_empty());
        assert!(limits("Keep lines under 100 chars in the first line of each file").is_empty());
        assert!(
            limits("max 72 chars in the title").is_empty(),
            "a title, commits unnamed"
        );
        // A page title, a minimum, a number that is not a length: nothing.
        assert!(limits("Page titles under 60 characters").is_empty());
        assert!(limits("Commit subject at least 10 characters").is_empty());
        assert!(limits("Reference the issue number in the commit subject, e.g. 1234").is_empty());
    }

    #[test]
    fn a_span_that_is_an_example_of_a_concept() {
        let i = "❌ Never use `from module import *`.";
        let build = "from app.reports.helpers import *\nfrom pathlib import Path\n";
        assert_eq!(
            texts(i, "app/reports/build.py", build),
            ["from app.reports.helpers import *"]
        );
        let init = "\"\"\"Avoid `from x import *` here; import names explicitly.\"\"\"\nfrom app.reports.build import build\n__all__ = [\"build\"]\n";
        assert!(texts(i, "app/reports/__init__.py", init).is_empty());
        assert!(texts(i, "app/reports/calc.py", "def area(w, h):\n    return w * h\n").is_empty());
    }

    #[test]
    fn php_return_types_and_parameter_type_hints() {
        let php = "<?php\nclass PostController extends Controller\n{\n    public function __construct(private PostService $posts) {}\n\n    public function index(Request $request)\n    {\n        return $this->posts->all();\n    }\n\n    public function store(CreatePostRequest $request): JsonResponse\n    {\n        return response()->json();\n    }\n\n    public function destroy(Request $request, $uuid, string $sep = ',', ?int $n = null): JsonResponse\n    {\n        $f = function ($x) { return $x; };\n        return response()->json(null, 204);\n    }\n\n    // public function old($a) in a comment\n    public function find(\n        #[FromRoute] string $id,\n        array $options = ['a' => 1],\n        ...$rest\n    ): ?Post {\n        return null;\n    }\n}\n";
        let i = "**Strict Typing**: Always use explicit return type declarations and parameter type hints.";
        assert_eq!(
            texts(i, "app/Http/Controllers/PostController.php", php),
            ["index", "$uuid", "$rest"]
        );
        assert!(texts(i, "tests/Feature/PostTest.php", php).is_empty());
        assert!(texts(i, "resources/views/a.blade.php", php).is_empty());
        // Named PHP: its detectors alone; another language named: none of PHP's.
        assert_eq!(
            texts("PHP: explicit return types everywhere.", "app/A.php", php),
            ["index"]
        );
        assert!(texts("Use explicit return types in TypeScript.", "app/A.php", php).is_empty());
        assert_eq!(
            texts("Use type hints in all PHP functions.", "app/A.php", php),
            ["index", "$uuid", "$rest"]
        );
        // Parameters named and no return: the returns are not the rule's (a real Laravel
        // project's AGENTS.md, FayazK/liar).
        assert_eq!(
            texts(
                "Use appropriate PHP type hints for method parameters.",
                "app/A.php",
                php
            ),
            ["$uuid", "$rest"]
        );
    }

    #[test]
    fn a_go_context_after_another_parameter() {
        let go = "package tools\n\n// Run(id string, ctx context.Context) was the old order.\nfunc Run(ctx context.Context, id string) error { return nil }\n\nfunc (t *Task) Start(id string, ctx context.Context) error {\n\treturn nil\n}\n\nfunc Fetch[T any](\n\turl string,\n\tctx context.Context,\n) (T, error) {\n\tvar zero T\n\treturn zero, nil\n}\n\nvar handler = func(id string, ctx context.Context) {}\n\nfunc Wrap(fn func(int) error, ctx context.Context) {}\n";
        for i in [
            "Context should be the first argument",
            "Always pass context.Context as the first parameter.",
            "Usa context como primer argumento.",
        ] {
            assert_eq!(
                texts(i, "tools/task.go", go),
                ["ctx context.Context", "ctx context.Context"],
                "{i}"
            );
            assert!(texts(i, "tools/task.ts", "function f(id: string, ctx: Context) {}\n").is_empty());
        }
        assert!(texts("Never pass context as the first argument.", "tools/task.go", go).is_empty());
    }

    #[test]
    fn mandated_es_modules_rule_out_commonjs() {
        for i in [
            "Use ES module syntax (import/export). Project \"type\": \"module\".",
            "✅ ES6 modules (import/export)",
        ] {
            let db =
                "const { Pool } = require(\"pg\");\nconst pool = new Pool();\nmodule.exports = { pool };\n";
            assert_eq!(texts(i, "db.js", db), ["require", "module.exports"], "{i}");
            let esm = "// requires the server to be running; import-only module\nimport assert from \"node:assert\";\nexport default app;\n";
            assert!(texts(i, "scripts/selftest.mjs", esm).is_empty());
            assert!(texts(i, "legacy.cjs", db).is_empty());
        }
        // Forbidding CommonJS too: one check, not two.
        let i = "Use ES modules instead of CommonJS";
        assert_eq!(texts(i, "db.js", "const a = require('a');\n"), ["require"]);
    }

    #[test]
    fn forbidding_what_rules_out_a_counterpart_checks_nothing() {
        for i in ["Don't use ESM", "Avoid the Composition API", "No ES6+"] {
            for (path, text) in [
                ("a.js", "const a = require('a');\nvar b = 1;\n"),
                (
                    "a.vue",
                    "<script>\nexport default {\n  data() {\n  },\n}\n</script>\n",
                ),
            ] {
                assert!(texts(i, path, text).is_empty(), "{i} {path}");
            }
        }
    }

    #[test]
    fn mandated_es6_rules_out_var() {
        let i = "Usa ES6+ (const, let, arrow functions, template literals, destructuring)";
        let js = "class Editor {\n  mount() {\n    var area = document.createElement('textarea');\n    const { length } = text;\n  }\n}\n";
        assert_eq!(texts(i, "js/editor.js", js), ["var"]);
        let ok = "// variable global: ninguna (no usamos var)\nconst ATAJOS = { guardar: 'Ctrl+S' };\n";
        assert!(texts(i, "js/atajos.js", ok).is_empty());
        assert!(texts("Use ES6 modules", "a.js", "var x = 1;\n").is_empty());
    }

    #[test]
    fn hard_coded_colors_in_style_sheets() {
        let i = "❌ No usar colores directos (`#fff`, `#f2cc0c`, etc.)";
        let navbar = "#navbar {\n  background: #f2cc0c;\n  color: var(--color-text);\n}\n\n#navbar .link {\n  color: #fff;\n  padding: var(--space-2);\n}\na:hover #abc {\n  border: 1px solid #ABCDEF80; /* #123 */\n}\n";
        assert_eq!(
            texts(i, "src/front/styles/Components/Navbar.css", navbar),
            ["#f2cc0c", "#fff", "#ABCDEF80"]
        );
        let tokens = ":root {\n  --color-primary: #f2cc0c;\n  --color-surface: #fff;\n}\n";
        assert!(texts(i, "src/front/styles/design-system.css", tokens).is_empty());
        let jsx = "export const Navbar = () => (\n  <nav id=\"navbar\">\n    <a className=\"link\" href=\"#rutas\">Rutas</a>\n  </nav>\n);\n";
        assert!(texts(i, "src/front/components/Navbar.jsx", jsx).is_empty());
        assert_eq!(
            texts(
                "Never use hardcoded colors",
                "a.scss",
                ".a { color: #333; }\n.b {\n  color: #333;\n}\n"
            ),
            ["#333"]
        );
    }

    #[test]
    fn section_comments() {
        let i = "Do not use section comments like `# -- some section --`";
        let py = "import asyncio\n\n# -- lifecycle --\n\n\nclass Agent:\n    # join the call after the edge connects\n    async def join(self) -> None:\n        x = a -- b\n        s = \"# -- not a comment --\"\n    # ==== Helpers ====\n# ----------\n";
        assert_eq!(
            texts(i, "agents-core/vision_agents/core/agents.py", py),
            ["# -- lifecycle --", "# ==== Helpers ====", "# ----------"]
        );
        let ts = "// ---- Helpers ----\nconst a = b; // -- trailing --\n// a -- b\n";
        assert_eq!(texts(i, "src/a.ts", ts), ["// ---- Helpers ----"]);
    }

    #[test]
    fn force_unwraps_in_swift() {
        let i = "No force unwraps (`!`) or `try!`.";
        let swift = "func load(from url: URL) {\n    let data = try! Data(contentsOf: url)\n    words = (try? JSONDecoder().decode([Word].self, from: data)) ?? []\n    current = words.first!\n}\nreturn answer != \"\" && a == b\nvar isValid: Bool { !text.isEmpty }\n";
        let found = texts(i, "Quiz.swift", swift);
        assert!(
            found.contains(&"try!".to_string()) && found.contains(&"!".to_string()),
            "{found:?}"
        );
        assert!(found.iter().all(|f| f == "try!" || f == "!"));
        assert!(
            texts(
                i,
                "Word.swift",
                "// `!` here is boolean negation.\nvar isValid: Bool { !text.isEmpty }\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn force_unwraps_after_calls_and_subscripts() {
        let i = "Avoid force unwraps (`!`).";
        let swift = "let data = image.pngData()!\nlet first = items[0]!\nlet name = user.name!\nif !(ready) { return }\nif image.pngData() != nil && !items.isEmpty { }\n";
        assert_eq!(texts(i, "ImageCache.swift", swift), ["!", "!", "!"]);
        // "unless … justified" after the aside still qualifies what came before it: a use a
        // comment justifies is left alone.
        let justified = "Avoid force unwraps (`!`) unless absolutely safe and justified.";
        assert_eq!(texts(justified, "ImageCache.swift", swift), ["!", "!", "!"]);
        let commented = "// The asset ships with the app bundle, so it always decodes.\nlet data = image.pngData()!\nlet name = user.name!\n";
        assert_eq!(texts(justified, "ImageCache.swift", commented), ["!"]);
    }

    #[test]
    fn a_path_alias_mandated_for_imports_rules_out_parent_folders() {
        let page = "import Navbar from \"../../components/Navbar\";\nimport { skills } from '../lib/skills';\nimport { meta } from \"./metadata\";\nimport { cn } from \"@/lib/utils\";\n// see ../../README\n";
        for i in [
            "**Path Aliases**: Use `@/*` for imports from root directory",
            "Prefer `@/` imports over relative paths",
        ] {
            assert_eq!(
                texts(i, "app/about/page.tsx", page),
                ["../../components/Navbar", "../lib/skills"],
                "{i}"
            );
        }
        // An alias that is no import's.
        assert!(texts("Use `~/` for the home folder in docs", "app/a.ts", page).is_empty());
        // What the rule rules out, named, is checked as written: only imports two levels up.
        assert_eq!(
            texts(
                "Always prefer `@/` imports over relative imports `../../`",
                "app/about/page.tsx",
                page
            ),
            ["../../components/Navbar"]
        );
    }

    #[test]
    fn component_return_types_stated_in_a_part_of_the_rule() {
        let tsx = "export default function SkillsSection() {\n  return <section />;\n}\nexport function Hero(): JSX.Element {\n  return <h1 />;\n}\nconst Card = ({ title }: Props) => <div>{title}</div>;\nconst Badge = (): ReactElement => <span />;\nexport const API = async () => fetch('x');\nexport function GET() {\n  return null;\n}\nexport function formatDate(d: Date) {\n  return d.toISOString();\n}\n";
        let i = "**TypeScript**: Use strict typing; explicit return types for components";
        assert_eq!(texts(i, "components/Skills.tsx", tsx), ["SkillsSection", "Card"]);
        // A part with a verb of its own describes, it does not state a convention.
        assert!(
            texts(
                "Use strict typing; the team has explicit return types for components in mind",
                "components/Skills.tsx",
                tsx
            )
            .is_empty()
        );
    }

    #[test]
    fn options_api_in_vue() {
        let i = "Use composition API and declarative programming patterns; avoid options API.";
        let card = "<script lang=\"ts\">\nexport default defineComponent({\n  props: { title: { type: String, required: true } },\n  data() {\n    return { expanded: false };\n  },\n  methods: {\n    toggle() {\n      this.expanded = !this.expanded;\n    },\n  },\n});\n</script>\n";
        assert_eq!(
            texts(i, "src/components/ReviewCard.vue", card),
            ["data", "methods"]
        );
        let setup = "<script setup lang=\"ts\">\nimport { computed, ref } from \"vue\";\nconst filtered = computed(() => 1);\nconst options = [\"all\", \"active\"];\nconst payload = {\n  data: { id: 1 },\n};\nonMounted(() => {});\n</script>\n";
        assert!(texts(i, "src/components/StaffList.vue", setup).is_empty());
        assert_eq!(
            texts(
                "Always use the Composition API",
                "a.vue",
                "<script>\nexport default {\n  mounted() {\n  },\n}\n</script>\n"
            ),
            ["mounted"]
        );
    }

    #[test]
    fn mandated_shell_strict_mode() {
        let i = "Always enable `set -euo pipefail` to fail fast on errors, catch unset variables, and surface pipeline failures";
        let bare = "#!/bin/bash\n# Container entrypoint.\nexec python -m backend.main\n";
        assert_eq!(texts(i, "scripts/entrypoint.sh", bare), ["#!/bin/bash"]);
        let strict = "#!/usr/bin/env bash\nset -euo pipefail\n\ncurl -fsSL x | tar -xz\n";
        assert!(texts(i, "scripts/update.sh", strict).is_empty());
        let doc = "# Install\n\nThe install scripts use set -euo pipefail.\n";
        assert!(texts(i, "docs/install.md", doc).is_empty());
    }

    #[test]
    fn a_noun_phrase_rule_states_what_the_project_uses() {
        let tsx = "export class MoleculeLegend extends React.Component<Props> {}\nexport function Legend() { return null }\n";
        assert_eq!(
            texts(
                "React functional components with hooks",
                "src/MoleculeLegend.tsx",
                tsx
            ),
            ["class MoleculeLegend extends React.Component"]
        );
        // A mention in a rule that forbids or mandates something else is no statement.
        assert!(
            texts("Write tests for functional components.", "src/A.tsx", tsx)
                .iter()
                .all(|t| !t.starts_with("class"))
        );
    }

    #[test]
    fn modern_type_hints_rule_out_the_typing_aliases() {
        let i = "Use modern type hinting syntax (Python 3.10+).";
        let py = "from typing import Any, Optional, Union\n\ndef f(a: Optional[str], b: Union[int, str]) -> str | None:\n    # Optional in a comment\n    return None\n";
        assert_eq!(
            texts(i, "core/utils.py", py),
            ["Optional", "Union", "Optional", "Union"]
        );
        assert!(texts(i, "src/a.ts", "let a: Optional<string>;\n").is_empty());
    }

    #[test]
    fn type_hints_on_hostile_signatures() {
        let i = "Use type hints for all functions and methods";
        // Twenty thousand typed parameters before the untyped one; an unclosed bracket; a
        // signature of comments only.
        let params: Vec<String> = (0..20_000).map(|n| format!("p{n}: int")).collect();
        let huge = format!("def f({}, last):\n    pass\n", params.join(", "));
        assert_eq!(texts(i, "huge.py", &huge), ["last"]);
        let unclosed = format!("def g(a: {}\n", "[".repeat(5_000));
        assert!(texts(i, "unclosed.py", &unclosed).is_empty());
        let comments = format!("def h(\n{}):\n    pass\n", "    # c\n".repeat(5_000));
        assert_eq!(texts(i, "comments.py", &comments), ["h"]);
    }

    #[test]
    fn type_hints_flag_each_signature_at_its_first_gap() {
        let py = "def load(path) -> list[str]:\n    return []\n\n\ndef run(client: Any, top_k: int = 10):\n    return 1\n\n\nclass Report:\n    def __init__(self, scores: dict[str, float]) -> None:\n        self.scores = scores\n\n    def summary(self):\n        return ''\n\n    def put(self, zip_code, snapshot) -> None:\n        pass\n\n    @classmethod\n    def make(cls, *, x: int = 3, sep: str = \",\") -> 'Report':\n        return cls({})\n\n\ndef multi(\n    a: int,  # the a\n    b: dict[str, tuple[int, int]] = {},\n    *args,\n    **kwargs: Any,\n) -> None:\n    pass\n\n\ndef selfish(selfish, clsx: int) -> None: pass\nformat_pct = lambda v: f'{v:.2f}%'\ndoc = \"\"\"\ndef fake(x):\n\"\"\"\n";
        let expected = ["path", "run", "summary", "zip_code", "args", "selfish"];
        for i in [
            "Use type hints for all functions and methods",
            "Usar type hints cuando sea posible",
            "Cada función, método y clase debe tener: Anotaciones de tipo (`type hints`)",
            "Add type annotations to every function signature.",
        ] {
            assert_eq!(texts(i, "app/report.py", py), expected, "{i}");
            assert!(
                texts(i, "tests/test_report.py", "def test_x(a):\n    pass\n").is_empty(),
                "{i}"
            );
            // A Django app's tests module.
            assert!(
                texts(i, "shop/tests.py", "def test_x(a):\n    pass\n").is_empty(),
                "{i}"
            );
        }
        // `__init__` with typed parameters implies its `-> None`, as mypy has it; alone, not.
        let init = "class A:\n    def __init__(self, n: int):\n        self.n = n\n\n\nclass B:\n    def __init__(self):\n        pass\n";
        assert_eq!(texts("Use type hints everywhere.", "a.py", init), ["__init__"]);
        // Returns only: the parameters are not the rule's.
        assert_eq!(
            texts(
                "Include type hints for function returns.",
                "a.py",
                "def f(x):\n    return x\n"
            ),
            ["f"]
        );
        for i in [
            "Use modern type hints (PEP 604).",
            "Never use type hints in tests.",
            "Use type hints in TypeScript interfaces.",
            // The replacement of what is forbidden; new functions only.
            "No `Any` types - use proper type hints or `object`",
            "All new functions must have type hints (Python 3.10+ syntax).",
        ] {
            assert!(
                !texts(i, "app/report.py", py).contains(&"path".to_string()),
                "{i}"
            );
        }
    }

    #[test]
    fn anything_that_can_panic_includes_expect() {
        let i = "Do NOT use unwraps or anything that can panic in Rust code, handle errors. Obviously in tests unwraps and panics are fine!";
        let rs = "fn f() {\n    let a = x.unwrap();\n    let b = y.expect(\"set\");\n    panic!(\"no\");\n}\n#[cfg(test)]\nmod tests { fn t() { z.expect(\"ok\"); } }\n";
        assert_eq!(texts(i, "src/config.rs", rs), ["unwrap", "expect", "panic!"]);
        assert_eq!(
            texts("Never use `unwrap()`; `expect()` is fine.", "src/config.rs", rs),
            ["unwrap"]
        );
    }

    #[test]
    fn pinned_versions_of_github_actions_are_commit_shas() {
        let i = "All GitHub Actions should be pinned versions (SHA-1) to avoid breaking changes.";
        let wf = "jobs:\n  a:\n    steps:\n      - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6\n      - uses: actions/setup-node@v4\n      - uses: ./.github/actions/run\n";
        assert_eq!(
            texts(i, ".github/workflows/ci.yml", wf),
            ["actions/setup-node@v4"]
        );
        assert!(texts(i, "package.json", "{\"dependencies\": {\"a\": \"^1.0.0\"}}\n").is_empty());
    }

    #[test]
    fn file_length_limits() {
        let limit = |s: &str| file_limit(&tokenize(s)).map(|(n, _, _)| n);
        assert_eq!(
            limit(
                "**Nunca crear archivos con más de 800 líneas de código.** Si se acerca al límite, refactorizar en módulos."
            ),
            Some(800)
        );
        assert_eq!(limit("Keep files under 500 lines"), Some(500));
        assert_eq!(limit("Files must not exceed 400 lines"), Some(400));
        assert_eq!(limit("Keep functions under 50 lines"), None);
        assert_eq!(limit("Split files when functions grow over 80 lines"), None);
        assert_eq!(
            limit("Never read files of more than 10 lines into memory at once"),
            None
        );
        let i = "**Nunca crear archivos con más de 800 líneas de código.**";
        let long: String = (1..=801).map(|k| format!("line {k}\n")).collect();
        assert_eq!(texts(i, "src/timeline/event_codes.rs", &long), ["line 1"]);
        let short: String = (1..=800).map(|k| format!("line {k}\n")).collect();
        assert!(texts(i, "src/timeline/mod.rs", &short).is_empty());
        // A component is its file in Vue, Svelte and JSX; elsewhere it is no file.
        let i = "Mantén componentes bajo 300 líneas";
        assert_eq!(limit(i), Some(300));
        assert_eq!(texts(i, "src/views/Historial.vue", &long), ["line 1"]);
        assert!(texts(i, "src/views/historial.ts", &long).is_empty());
        assert!(texts(i, "src/views/Historial.vue", &short[..short.len() / 3]).is_empty());
        assert_eq!(limit("Keep React components under 200 lines"), Some(200));
        assert_eq!(limit("Menos de 100 líneas por función"), None);
        // The unit after the number (a real project's Spanish AGENTS.md, Gmarm-org/gmarm).
        assert_eq!(limit("Máximo 500 líneas por archivo/clase"), Some(500));
        assert_eq!(limit("Máximo 500 líneas por clase/componente"), Some(500));
        assert_eq!(limit("500 lines per file max"), Some(500));
        assert_eq!(limit("Máximo 300 líneas por función"), None);
        assert_eq!(limit("Usa 500 líneas por archivo como referencia"), None);
        // A length that conditions another demand is no limit; one that asks for a split is.
        assert_eq!(
            limit("One file per struct/interface when the file exceeds 200 lines"),
            None
        );
        assert_eq!(
            limit("If a file exceeds 600 lines after your change, refactor it into smaller modules"),
            Some(600)
        );
        assert_eq!(limit("Si un archivo supera 500 líneas, dividirlo"), Some(500));
        assert_eq!(
            limit("Tipos en su propio archivo cuando el archivo supera 300 líneas"),
            None
        );
        assert_eq!(
            limit("Si un archivo tiene más de 500 líneas, dividirlo"),
            Some(500)
        );
    }

    #[test]
    fn mojibake_in_code_and_docs() {
        let i = "Evitar caracteres mojibake o raros (ej: �, Ã, Â, И, ツ). Si aparecen, corregirlos.";
        let py = "CONFIRMACION = \"¡Hola {nombre}! Tu cita está confirmada.\"\nRECORDATORIO = \"Â¡Hola {nombre}!\"\n";
        assert_eq!(texts(i, "bot/mensajes.py", py), ["Â"]);
        let md = "# Contacto\n\nAcepta ñ, ü y signos de apertura (¿¡).\nAlgunos CSV llegan con \u{FFFD} en los nombres.\n";
        assert_eq!(texts(i, "README.md", md), ["\u{FFFD}"]);
    }

    #[test]
    fn commit_subject_and_body_lengths() {
        let i = "Follow the 50-72 rule: subject line under 50 characters, body wrapped at 72.";
        let long = "Refactor the savings calculator so that recurring transfers are grouped by month.";
        let msg = format!("{long}\n\nGrouping happens before conversion now.\n");
        assert_eq!(texts(i, ".git/COMMIT_EDITMSG", &msg), [long]);
        let ok = "Add CSV export for the yearly report.\n\nThe export reuses the monthly grouping so totals match the web view.\n# Please enter the commit message for your changes. Lines starting with '#' will be ignored.\n";
        assert!(texts(i, ".git/COMMIT_EDITMSG", ok).is_empty());
        let body = "Fix x\n\nThis body line is much longer than seventy-two characters, so it should be wrapped.\nshort\n# ------------------------ >8 ------------------------\n+ a diff line that is far longer than seventy-two characters and does not count at all\n";
        assert_eq!(
            texts(i, ".git/COMMIT_EDITMSG", body),
            ["This body line is much longer than seventy-two characters, so it should be wrapped."]
        );
        // Not a commit message: a long first line in a source file is not checked.
        assert!(texts(i, "src/a.ts", &msg).is_empty());
    }

    #[test]
    fn a_forbidden_host_is_found_in_urls_not_in_prose() {
        let i = "Always use `img.shields.io` for badges — NEVER `custom-icon-badges.demolab.com` (unreliable, frequently down)";
        let readme = "# Hyper Fetch React\n\n[![npm](https://img.shields.io/npm/v/x)](https://www.npmjs.com/package/x)\n[![downloads](https://custom-icon-badges.demolab.com/npm/dm/x?logo=download)](https://www.npmjs.com/package/x)\n";
        assert_eq!(
            texts(i, "packages/react/README.md", readme),
            ["custom-icon-badges.demolab.com"]
        );
        let contributing = "# Contributing\n\nBadges come from img.shields.io only (we dropped custom-icon-badges because it was often down; custom-icon-badges.demolab.com is gone).\n";
        assert!(texts(i, "CONTRIBUTING.md", contributing).is_empty());
        let ts = "const badge = \"https://custom-icon-badges.demolab.com/x\";\n";
        assert_eq!(texts(i, "src/badge.ts", ts), ["custom-icon-badges.demolab.com"]);
    }

    #[test]
    fn deprecated_comments_in_comments_only() {
        let i = "No DEPRECATED comments";
        let service = "import { db } from \"@/db\";\n\n// DEPRECATED: use getProductBySlug instead\nexport async function getProduct(id: string) {}\n";
        assert_eq!(
            texts(i, "lib/services/product-service.ts", service),
            ["DEPRECATED"]
        );
        let types = "export type ProductStatus = \"active\" | \"deprecated\" | \"DEPRECATED\";\n\nexport const isDeprecated = (s: ProductStatus): boolean => s === \"deprecated\";\n/** @deprecated use y */\n";
        assert!(texts(i, "lib/types/product.ts", types).is_empty());
        // Lowercase words are not the marker.
        assert!(texts("No deprecated comments", "a.ts", "// DEPRECATED: x\n").is_empty());
    }

    #[test]
    fn horizontal_rules_in_docs() {
        let i = "Never use horizontal line separators in generated documents.";
        let runbook = "---\ntitle: Runbook\n---\n\n# Runbook\n\n## Restarting the worker\n\nRestart it.\n\n---\n\n## Rotating keys\n\nKeys rotate.\n\n***\n\n## Contacts\n\nOps channel.\n";
        assert_eq!(texts(i, "docs/runbook.md", runbook), ["---", "***"]);
        let table = "# Limits\n\n| name | value |\n|------|-------|\n| upload | 5 GiB |\n\n| a | b |\n| --- | --- |\n";
        assert!(texts(i, "docs/table.md", table).is_empty());
        let other = "Heading\n---\n\n```yaml\n\n---\nkey: v\n```\n";
        assert!(texts(i, "docs/x.md", other).is_empty());
        assert!(texts(i, "src/a.py", "x = 1\n\n# ---\n").is_empty());
    }

    #[test]
    fn emojis_in_documents_and_code() {
        let i = "Never use emojis in generated documents or code.";
        let readme = "# backup-tool\n\n## Status\n\n- ✅ Full backups\n- 🚧 Incremental backups\n- [TODO] Restore verification\n\nRun `make test` before sending a patch :)\n";
        assert_eq!(texts(i, "README.md", readme), ["✅", "🚧"]);
        let go = "package main\n\nfunc main() {\n\tfmt.Println(\"backup finished 🎉\")\n\tfmt.Println(\"[DONE] uploaded manifest\")\n}\n";
        assert_eq!(texts(i, "cmd/backup/main.go", go), ["🎉"]);
        let design =
            "# Design\n\nChunks are hashed with BLAKE3 -> stored under their digest: [DONE], [SKIP].\n";
        assert!(texts(i, "docs/design.md", design).is_empty());
        // The user's own exception ("unless the user asks") concerns the conversation: emojis in
        // files are still checked, in comments and strings too.
        let es = "No usar emojis, íconos ni símbolos decorativos, excepto cuando el usuario los solicite explícitamente.";
        let java = "class Inventario {\n    // ✅ validado\n    String s = \"Café 🚀\";\n}\n";
        assert_eq!(texts(es, "src/Inventario.java", java), ["✅", "🚀"]);
        let md = "# Arquitectura\n\n(año 2024, versión 1.0 — revisión ñandú).\n";
        assert!(texts(es, "docs/arquitectura.md", md).is_empty());
    }
}
