//! The passes that turn what a rule's words mention into checks. Each is a function over the
//! same read-only [`Context`] (the rule, its tokens, its mentions, the languages it names) that
//! writes what it found — checks, notes, terms — into one [`Found`]; `infer()` runs them in order:
//! terms, conditions, then — unless the rule is about the agent's behaviour — literals, packages,
//! concepts, tools, places, file kinds, implied counterparts, required text, version floors;
//! then the vagueness verdict.

/// A JS string literal on one line (`'…'`, `"…"`, a template without a line break), a piece of
/// the passes' patterns (defined before the passes, which use it).
macro_rules! js_string {
    () => {
        r#"(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`)"#
    };
}

pub mod abbreviations;
pub mod backtick_names;
pub mod behaviour;
pub mod boolean_names;
pub mod brace_placement;
pub mod braces;
pub mod cargo_workspace;
pub mod class_per_file;
pub mod comment_markers;
pub mod comments_only;
pub mod commits;
pub mod concepts;
pub mod conditions;
pub mod config_keys;
pub mod css_values;
pub mod document_start;
pub mod documented;
pub mod explicit_types;
pub mod families;
pub mod file_kinds;
pub mod file_names;
pub mod final_newline;
pub mod identifier_language;
pub mod identifiers;
pub mod implied;
pub mod import_order;
pub mod indent_width;
pub mod line_length;
pub mod linter_exemptions;
pub mod literals;
pub mod locales;
pub mod no_comments;
pub mod nullable;
pub mod packages;
pub mod places;
pub mod quotes;
pub mod required;
pub mod rivals;
pub mod semicolons;
pub mod shebang;
pub mod shell_options;
pub mod suppressions;
pub mod terms;
pub mod tools;
pub mod trailing_commas;
pub mod tsconfig;
pub mod vague;
pub mod versions;
pub mod workflows;
pub mod written_language;

use super::concepts::{Detector, KEYWORDS, Keyword};
use super::files::{self, FileScope, Lang, Named};
use super::literal::{self, LitKind, Literal};
use super::phrases::{Entity, Mention, Place, Role, Trig};
use super::text::{Kind, Token};
use super::words::{
    DEFINED_WORDS, ENGLISH_MARKERS, GO_STD_IMPORT_PATHS, IMPORT_WORDS, LIST_WORDS, SPANISH_MARKERS,
    VERSIONING_WORDS, WORDLIKE_TOOLS, ends_a_term,
};
use super::{Inference, Term};
use crate::rules::model::{CheckSpec, Origin, Rule, Within};

/// Nouns that make the names beside them commands to run.
const COMMAND_NOUNS: &[&str] = &[
    "command",
    "commands",
    "comando",
    "comandos",
    "invocation",
    "invocations",
    "invocación",
    "invocaciones",
];

/// "Access via `env` export from `app/env.server.ts`. Never use `process.env` directly.", "use
/// the `$transaction` helper from `~/db.server`": the project's own modules a rule's way comes
/// from, as globs of their files — the wrapper is where the forbidden thing is used, as it must
/// be. A package ("from `@trigger.dev/sdk`") is no file of the project.
fn providers(tokens: &[Token]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for w in tokens.windows(2) {
        let from = w[0].is_word() && matches!(w[0].lower.as_str(), "from" | "desde");
        if !from || !(w[1].is_code() || w[1].kind == Kind::Path) {
            continue;
        }
        if let Some(glob) = local_module_glob(&w[1].text)
            && !out.iter().any(|(g, _)| *g == glob)
        {
            out.push((glob, w[1].text.clone()));
        }
    }
    out
}

/// The files a local module specifier or path names: `~/db.server` → `**/db.server.*`,
/// `app/env.server.ts` → `**/app/env.server.ts`; `None` for a package or a pattern.
fn local_module_glob(text: &str) -> Option<String> {
    let t = text.trim();
    let mut rest = t;
    let mut local = false;
    for prefix in ["~/", "@/", "#/", "$lib/", "./", "../"] {
        while let Some(r) = rest.strip_prefix(prefix) {
            rest = r;
            local = true;
        }
    }
    let ok_chars = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
        && !rest.starts_with(['.', '/'])
        && !rest.ends_with('/');
    if !ok_chars {
        return None;
    }
    let extension = rest
        .rsplit_once('.')
        .map(|(_, e)| e)
        .filter(|e| files::is_source_or_config_extension(e) && !e.contains('/'));
    match (local, extension) {
        (_, Some(_)) if local || rest.contains('/') => Some(format!("**/{rest}")),
        (true, None) => Some(format!("**/{rest}.*")),
        _ => None,
    }
}

/// Verbs of running a command: what they act on is run, not imported.
const RUN_VERBS: &[&str] = &[
    "run", "execute", "invoke", "launch", "ejecutar", "ejecutes", "ejecuta", "ejecute", "correr", "corras",
    "lanzar", "lances",
];

/// What every pass reads: the rule, what was read from its words, and what follows from them
/// for every check (the languages its literals imply, the folders it confines to or excepts).
pub struct Context<'a> {
    pub rule: &'a Rule,
    pub tokens: &'a [Token],
    pub found: &'a [Mention],
    pub named: Named,
    /// More Spanish marker words than English ones.
    pub spanish: bool,
    /// Languages implied by the rule's own literals (`===` → JS/TS), for literals without any.
    pub literal_langs: Vec<Lang>,
    /// Folders checks are confined to ("only in `src/`").
    pub within: Vec<String>,
    /// Folders checks leave out ("except in `scripts/`").
    pub except: Vec<String>,
    /// Clauses that judge a degree ("avoid excessive `watch` usage"): nothing in them is checked.
    pub judged_clauses: Vec<usize>,
    /// The words that make the rule about the agent's actions ("do not run `cd`"): then no
    /// check is inferred.
    pub behaviour: Option<String>,
    /// Kinds of files the rule's conditions narrow to or leave out, and conditions no check
    /// can see (then no check is inferred).
    pub conditions: conditions::Conditions,
    /// Set while the checks a justification-only condition leaves aside are proposed: what the
    /// rule forbids is then read as forbidden outright.
    pub proposing: bool,
    /// The project's modules the rule's way comes from ("from `~/db.server`"), as globs with the
    /// words that named them: where what the rule forbids is wrapped, and allowed.
    pub providers: Vec<(String, String)>,
    /// The code a hardcoding word governs beside a CSS property ("hardcoded `box-shadow`/`rgba()`
    /// value"): its written-out values are what is forbidden (see [`css_values::governed`]).
    pub hardcoded: Vec<String>,
}

/// Where a finding goes in the output: mention-driven findings in the order of their mentions,
/// then command checks, then place checks — the order `--explain` numbers them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum At {
    Mention(usize),
    Commands,
    Places,
}

/// What the passes found, gathered into an [`Inference`] at the end.
#[derive(Debug, Default)]
pub struct Found {
    checks: Vec<(At, CheckSpec)>,
    notes: Vec<(At, String)>,
    /// A condition no check can see was noted (see [`Found::unseen_condition`]).
    unseen_condition: bool,
    pub mandates: Vec<Term>,
    pub forbids: Vec<Term>,
    pub floors: Vec<Term>,
}

/// What an inferred check's explanation says of a check counted in code only.
const IN_CODE_ONLY: &str = "; in code only (not comments or strings)";

impl Found {
    pub fn check(&mut self, at: At, check: CheckSpec) {
        self.checks.push((at, check));
    }

    /// Whether a check with this pattern was found already (two concepts of one rule may reach
    /// the same detector: "return types and parameter type hints" in PHP).
    pub fn has_pattern(&self, pattern: &str) -> bool {
        self.checks
            .iter()
            .any(|(_, c)| c.pattern.as_deref() == Some(pattern))
    }

    /// A floor on `what`'s version ("Python", "3.12"), from the words `said` ("Python 3.12+"):
    /// a newer rule that sets another floor on it retires this one.
    pub fn floor(&mut self, what: &str, version: &str, said: &str) {
        let text = format!("{what} {version}");
        if !self.floors.iter().any(|f| f.text == text) {
            self.floors.push(Term {
                key: format!("floor:{what}"),
                text,
                exact: None,
                trigger: said.to_string(),
            });
        }
    }

    /// Notes a reading; the same note twice (two mentions of one concept) is said once.
    pub fn note(&mut self, at: At, note: String) {
        if !self.notes.iter().any(|(_, n)| *n == note) {
            self.notes.push((at, note));
        }
    }

    /// Notes a condition, as written, that no check can see, and why: the rule is left
    /// unchecked for it, which `--explain` then says only once.
    pub fn unseen_condition(&mut self, said: &str, why: &str) {
        self.note(
            At::Places,
            format!("condition \"{said}\" cannot be checked: {why}"),
        );
        self.unseen_condition = true;
    }

    /// Keeps only the checks found so far that `keep` accepts (a later pass replacing an
    /// earlier reading of the same words).
    pub fn retain_checks(&mut self, mut keep: impl FnMut(&CheckSpec) -> bool) {
        self.checks.retain(|(_, c)| keep(c));
    }

    /// The checks found so far, each with the mention it came from.
    pub fn checks(&self) -> &[(At, CheckSpec)] {
        &self.checks
    }

    /// Drops the checks of mention `mention` that `drop` picks; whether it dropped any.
    pub fn drop_checks_of(&mut self, mention: usize, mut drop: impl FnMut(&CheckSpec) -> bool) -> bool {
        let before = self.checks.len();
        self.checks
            .retain(|(at, c)| !(*at == At::Mention(mention) && drop(c)));
        self.checks.len() < before
    }

    /// Whether a check found so far forbids the path glob `glob` already.
    pub fn forbids_path(&self, glob: &str) -> bool {
        self.checks
            .iter()
            .any(|(_, c)| c.forbidden_paths.iter().any(|g| g == glob))
    }

    /// Confines the pattern checks of mention `mention` to comments (the rule's `said` places
    /// it there), dropping their fixes: a fix written for code is no edit of prose.
    pub fn confine_to_comments(&mut self, mention: usize, said: &str) {
        for (at, c) in &mut self.checks {
            if *at != At::Mention(mention)
                || c.pattern.is_none()
                || !matches!(c.within, Within::Code | Within::Any)
            {
                continue;
            }
            c.within = Within::Comments;
            c.fix = None;
            if let Origin::Inferred { explanation } = &mut c.origin {
                let base = explanation.strip_suffix(IN_CODE_ONLY).unwrap_or(explanation);
                *explanation = format!("{base}; in comments only (\"{said}\")");
            }
        }
    }

    /// Changes every check found so far.
    pub fn map_checks(&mut self, mut change: impl FnMut(&mut CheckSpec)) {
        self.checks.iter_mut().for_each(|(_, c)| change(c));
    }

    pub fn has_checks(&self) -> bool {
        !self.checks.is_empty()
    }

    /// Whether a check finding the same thing in the same files was found already.
    pub fn has_same(&self, check: &CheckSpec) -> bool {
        self.checks.iter().any(|(_, c)| same_finding(c, check))
    }

    /// The inference: findings in output order, identical checks once.
    pub fn into_inference(mut self, languages: Vec<String>, behaviour: Option<String>) -> Inference {
        self.checks.sort_by_key(|(at, _)| *at);
        self.notes.sort_by_key(|(at, _)| *at);
        let mut checks: Vec<CheckSpec> = Vec::new();
        for (_, c) in self.checks {
            if !checks.iter().any(|seen| same_finding(seen, &c)) {
                checks.push(c);
            }
        }
        Inference {
            checks,
            vague: false,
            mandates: self.mandates,
            forbids: self.forbids,
            floors: self.floors,
            languages,
            behaviour,
            notes: self.notes.into_iter().map(|(_, n)| n).collect(),
            unseen_condition: self.unseen_condition,
            proposed: Vec::new(),
            unseen: Vec::new(),
            unread: None,
        }
    }
}

/// Two checks that find the same thing in the same files (whatever their fix or wording).
fn same_finding(a: &CheckSpec, b: &CheckSpec) -> bool {
    a.pattern == b.pattern
        && a.require == b.require
        && a.files == b.files
        && a.forbidden_paths == b.forbidden_paths
        && a.within == b.within
}

/// Dependencies, vendored code and git's own files: never the project's files a path rule forbids.
pub const NOT_THE_PROJECTS: [&str; 3] = ["!**/node_modules/**", "!**/vendor/**", "!**/.git/**"];

/// Which pass handles a mention: each is handled by exactly one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// A forbidden code span: a literal, a returned value or a keyword with a detector.
    Literals,
    /// A package named by a common word in a code span, or by a proper name.
    Packages,
    /// A named concept, or an unquoted keyword.
    Concepts,
    /// A command-line tool, command or flag.
    Tools,
    /// A forbidden file name or pattern (`package-lock.json`, `test_*.py`): a path rule.
    Places,
    /// A key of a configuration file the rule names ("npm `workspaces` field").
    ConfigKeys,
    /// A CSS property whose hardcoded values the rule forbids ("no hardcoded `z-index`").
    CssValues,
    /// Nothing to check (mandated, neutral, places).
    Other,
}

impl<'a> Context<'a> {
    pub fn new(rule: &'a Rule, tokens: &'a [Token], found: &'a [Mention], named: Named) -> Context<'a> {
        let words: Vec<&str> = tokens
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect();
        let es = words.iter().filter(|w| SPANISH_MARKERS.contains(w)).count();
        let en = words.iter().filter(|w| ENGLISH_MARKERS.contains(w)).count();
        let mut named = named;
        // "❌ React, Vue, Svelte - FORBIDDEN", "Do not use TypeScript": languages and frameworks
        // forbidden by name are what the rule forbids, not where it applies.
        if !found
            .iter()
            .any(|f| f.role == Role::Forbid && matches!(f.entity, Entity::Code { .. }))
        {
            named.langs.retain(|(_, said)| {
                !found.iter().any(|f| {
                    f.role == Role::Forbid
                        && matches!(&f.entity, Entity::Term(t) if t.eq_ignore_ascii_case(said))
                })
            });
        }
        let mut ctx = Context {
            rule,
            tokens,
            found,
            named,
            spanish: es > en,
            literal_langs: Vec::new(),
            within: Vec::new(),
            except: Vec::new(),
            judged_clauses: vague::judged_clauses(tokens),
            behaviour: None,
            conditions: conditions::Conditions::default(),
            proposing: false,
            providers: Vec::new(),
            hardcoded: css_values::governed(tokens),
        };
        ctx.behaviour = behaviour::agent_words(tokens, found, &ctx.named);
        // "In `src/`, never use `print`": a place the rule opens with, before anything it names,
        // is where what it then forbids is forbidden.
        let forbids_code = found.iter().any(|f| {
            f.role == Role::Forbid && matches!(f.entity, Entity::Code { .. } | Entity::Concept { .. })
        });
        let opening_places = found
            .iter()
            .take_while(|f| {
                matches!(
                    f.entity,
                    Entity::Place {
                        place: Place::Allowed,
                        ..
                    }
                ) && f.trig == Some(Trig::Loc)
            })
            .count();
        if forbids_code {
            for f in &found[..opening_places] {
                if let Entity::Place { path, .. } = &f.entity {
                    ctx.within.push(path.clone());
                }
            }
        }
        for f in found {
            // `log/slog`, `net/http`: Go's standard library by import path.
            if let Entity::Code { text, .. } = &f.entity
                && GO_STD_IMPORT_PATHS.contains(&text.as_str())
                && !ctx.literal_langs.contains(&Lang::Go)
            {
                ctx.literal_langs.push(Lang::Go);
            }
            if let Entity::Code { text, .. } = &f.entity
                && let Ok(lit) = literal::classify(text)
            {
                for l in lit.langs {
                    if !ctx.literal_langs.contains(&l) {
                        ctx.literal_langs.push(l);
                    }
                }
            }
            if let Entity::Place { path, place } = &f.entity {
                match place {
                    Place::Within => ctx.within.push(path.clone()),
                    Place::Except => ctx.except.push(path.clone()),
                    _ => {}
                }
            }
        }
        // "Always use the `icon` helper in application_helper.rb. NEVER use `lucide_icon`
        // directly": the file the mandated wrapper lives in is where it wraps what is forbidden.
        for f in found {
            if let Entity::Place {
                path,
                place: Place::Allowed,
            } = &f.entity
                && f.role == Role::Mandate
                && files::names_a_file(path)
                && found.iter().any(|m| {
                    m.clause == f.clause && m.role == Role::Mandate && matches!(m.entity, Entity::Code { .. })
                })
                && found
                    .iter()
                    .any(|m| m.role == Role::Forbid && matches!(m.entity, Entity::Code { .. }))
                && !ctx.except.contains(path)
            {
                ctx.except.push(path.clone());
            }
        }
        // "Always prefer the functional tokens defined in @maybe-design-system.css … use
        // `text-primary` rather than `text-white`": the file the mandated things are defined in,
        // and the folder named after it, write out what they stand for.
        if found.iter().any(|m| m.role == Role::Mandate) {
            for w in tokens.windows(3) {
                let file = w[2].text.trim_start_matches('@');
                if w[0].is_word()
                    && DEFINED_WORDS.contains(&w[0].lower.as_str())
                    && w[1].is_word()
                    && matches!(w[1].lower.as_str(), "in" | "en")
                    && files::names_a_file(file)
                {
                    let name = file.rsplit('/').next().unwrap_or(file);
                    let stem = name.split('.').next().unwrap_or(name);
                    for path in [file.to_string(), format!("**/{stem}/")] {
                        if !stem.is_empty() && !ctx.except.contains(&path) {
                            ctx.except.push(path);
                        }
                    }
                }
            }
        }
        ctx.conditions = conditions::read(tokens, found, &ctx.named, ctx.spanish);
        // "never `@Autowired` on fields": a place the construct's detector sees.
        if found
            .iter()
            .any(|f| concepts::placed_construct(&ctx, f).is_some())
        {
            ctx.conditions.unreadable.retain(|c| !concepts::says_a_place(c));
        }
        // "except Next.js page/layout/route files": a kind of file, not the folders it names.
        let in_kind = |p: &String| {
            ctx.conditions
                .kinds
                .iter()
                .any(|k| k.words.split(' ').any(|w| w.eq_ignore_ascii_case(p)))
        };
        let (within, except): (Vec<String>, Vec<String>) = (
            ctx.within.iter().filter(|p| !in_kind(p)).cloned().collect(),
            ctx.except.iter().filter(|p| !in_kind(p)).cloned().collect(),
        );
        ctx.within = within;
        ctx.except = except;
        if forbids_code {
            ctx.providers = providers(tokens);
        }
        ctx
    }

    /// The mentions that count (not forbidden only under a condition, nor only past a degree:
    /// "excessive", "unnecessary"), with their indices.
    pub fn mentions(&self) -> impl Iterator<Item = (usize, &'a Mention)> + '_ {
        self.found
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.conditional && self.judgment_on(f).is_none())
    }

    /// The judgment word that makes a mention a matter of degree, if one does.
    fn judgment_on(&self, f: &Mention) -> Option<&'a str> {
        if !self.judged_clauses.contains(&f.clause) {
            return None;
        }
        vague::judgment_on(self.tokens, f.clause, f.named())
    }

    /// The forbidding mentions left unchecked because their clause judges a degree, with the
    /// judging word.
    pub fn judged(&self) -> impl Iterator<Item = (usize, &'a Mention, &'a str)> + '_ {
        self.found.iter().enumerate().filter_map(|(i, f)| {
            let word = self.judgment_on(f)?;
            (f.role == Role::Forbid && !f.conditional).then_some((i, f, word))
        })
    }

    /// The mentions a pass handles.
    pub fn routed(&self, route: Route) -> impl Iterator<Item = (usize, &'a Mention)> + '_ {
        self.mentions().filter(move |(_, f)| self.route(f) == route)
    }

    /// Which pass handles a mention.
    pub fn route(&self, f: &Mention) -> Route {
        match (&f.entity, f.role) {
            // "No `_` or `mixedCaps`": a naming style, not an identifier.
            (Entity::Code { text, .. }, _) if super::naming::is_naming_case(text) => Route::Other,
            // "an npm `workspaces` field", "No `version:` key (… Compose v2)": a configuration key.
            (Entity::Code { text, .. }, Role::Forbid) if config_keys::routes_here(self, text) => {
                Route::ConfigKeys
            }
            // "No sub-pixel precision (`plugin/no-subpixel-values`)": the linter rule that
            // enforces it, named — not a text the rule forbids.
            (Entity::Code { text, .. }, Role::Forbid)
                if linter_exemptions::is_linter_rule_reference(text)
                    && !linter_exemptions::about_directives(self) =>
            {
                Route::Other
            }
            // "instead of the `-left`/`-right` equivalents" of `padding-inline`: names' ends.
            (Entity::Code { text, .. }, Role::Forbid) if css_values::is_property_suffix(self, text) => {
                Route::Other
            }
            // "no hardcoded `z-index` values": the property's written-out values, not its name.
            (Entity::Code { text, .. }, Role::Forbid) if self.hardcoded.contains(text) => Route::CssValues,
            // "Avoid unqualified imports from `temporalio`": the module's `from … import`
            // statements, not its name wherever it is written.
            (Entity::Code { text, .. }, Role::Forbid) if packages::unqualified_import(self, text) => {
                Route::Packages
            }
            // `from module import *`: an example of a concept, checked by its detector.
            (Entity::Code { text, .. }, Role::Forbid)
                if super::concepts::example_of(text).is_some()
                    || super::concepts::example_in_context(text, |w| self.says_or_quotes(w)).is_some() =>
            {
                Route::Concepts
            }
            // `set -euo pipefail`, mandated: an example of a required concept; `@/*` "for imports",
            // one that rules a counterpart out.
            (Entity::Code { text, .. }, Role::Mandate)
                if super::concepts::example_of(text)
                    .or_else(|| super::concepts::example_in_context(text, |w| self.says_or_quotes(w)))
                    .is_some_and(|d| {
                        matches!(
                            d.effect,
                            super::concepts::Effect::Require | super::concepts::Effect::RulesOut
                        )
                    }) =>
            {
                Route::Concepts
            }
            // `custom-icon-badges.demolab.com`: a host, checked in URLs (concepts pass).
            (Entity::Code { text, .. }, Role::Forbid) if super::concepts::is_host(text) => Route::Concepts,
            // `@scope/pkg`, `moment.js`: spelled only as a package is, checked where it is one.
            (Entity::Code { text, .. }, Role::Forbid) if super::imports::package_spelling(text) => {
                Route::Packages
            }
            // "prohibido importar de `@heroicons/react/24/outline`", "relative imports `../../`":
            // a module path in a rule about imports, checked in import statements.
            (Entity::Code { text, .. }, Role::Forbid)
                if self.says(IMPORT_WORDS) && super::imports::module_specifier(text).is_some() =>
            {
                Route::Packages
            }
            // `package-lock.json`, `test_*.py`: a file name forbidden is a path rule.
            (Entity::Code { text, .. }, Role::Forbid) if super::text::is_file_pattern(text) => Route::Places,
            // "Prohibido versionar `tmp-*`", "never commit `debug_*`": what is kept out of the
            // repository is files, a name's prefix too.
            (Entity::Code { text, .. }, Role::Forbid)
                if self.says(VERSIONING_WORDS) && super::text::is_name_prefix_glob(text) =>
            {
                Route::Places
            }
            // "Never use system Python commands like `python3` or `pytest`": names of commands,
            // run where commands run — not identifiers in code, nor packages to import.
            (Entity::Code { text, .. }, Role::Forbid)
                if (self.called_a_command(text) || self.in_place_of_a_command(f))
                    && literal::classify(text).is_ok_and(|l| {
                        l.kind == LitKind::Identifier
                            && l.text
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                    }) =>
            {
                Route::Tools
            }
            (Entity::Code { text, returned, .. }, Role::Forbid) => match literal::classify(text) {
                Err(_) => Route::Literals,
                Ok(lit) => match lit.kind {
                    LitKind::Path => Route::Literals,
                    LitKind::Command | LitKind::Flag => Route::Tools,
                    LitKind::Identifier if *returned => Route::Literals,
                    _ if super::concepts::keyword(&lit.text)
                        .or_else(|| super::concepts::misspelled_keyword(&lit.text))
                        .is_some_and(|k| self.detector_fits(k.detector)) =>
                    {
                        Route::Literals
                    }
                    // A common word (`moment`): a package in imports, or nothing.
                    // A capitalised name in a code span (`Any`, `Optional`) is a type, matched
                    // as written in code; a lowercase prose word (`moment`) may be a package.
                    // "Avoid `else` statements": a control-flow keyword forbidden outright is the
                    // keyword in code, though it is a word too.
                    LitKind::Identifier
                        if super::words::STATEMENT_ONLY_KEYWORDS.contains(&lit.text.as_str())
                            && f.side != Some(super::phrases::Side::Replaced) =>
                    {
                        Route::Literals
                    }
                    LitKind::Identifier
                        if literal::is_prose_word(&lit.text)
                            && !lit.text.starts_with(|c: char| c.is_ascii_uppercase())
                            && !self.c_type_keyword(&lit.text) =>
                    {
                        Route::Packages
                    }
                    _ => Route::Literals,
                },
            },
            (Entity::Concept { .. }, _) => Route::Concepts,
            (Entity::Term(term), Role::Forbid) => {
                let lower = term.to_lowercase();
                if marker_comments(term).is_some() {
                    Route::Concepts
                } else if term.contains(' ') {
                    Route::Packages
                } else if super::concepts::is_tool(&lower) {
                    Route::Tools
                } else if unquoted_keyword(&lower).is_some() {
                    Route::Concepts
                } else {
                    Route::Packages
                }
            }
            _ => Route::Other,
        }
    }

    /// `long`, `short`, `double` in a rule about C or C++ (named, or the language of its other
    /// spans: `<stdint.h>`, `uint32_t`): a type keyword, not the npm package of that name.
    fn c_type_keyword(&self, text: &str) -> bool {
        matches!(
            text,
            "long" | "short" | "double" | "float" | "char" | "signed" | "unsigned"
        ) && (self.named.has(Lang::Cpp) || self.literal_langs.contains(&Lang::Cpp))
    }

    /// The diagnostic's text: the rule's own words. Whoever shows it adds "(inferred)" in the
    /// reader's language, from `Violation::inferred`.
    pub fn message(&self) -> String {
        self.rule.instruction.trim().to_string()
    }

    /// The rule speaks of commands ("Python commands like `python3`", "el comando `rm`"): the
    /// names it forbids are commands to run.
    pub fn speaks_of_commands(&self) -> bool {
        self.says(COMMAND_NOUNS)
    }

    /// "use `uv run` (not `python`)", "`uv pip` instead of `pip`": a name forbidden right after
    /// a mandated command (in its clause or the aside that follows, not another sentence) is
    /// that command's rival — a command too.
    fn in_place_of_a_command(&self, f: &Mention) -> bool {
        let Some(at) = self.found.iter().position(|m| std::ptr::eq(m, f)) else {
            return false;
        };
        // Clauses are split only when the mention before is a mandated command.
        let same_sentence = |clause: usize| {
            let ends = super::text::clauses_with_ends(self.tokens);
            !matches!(ends.get(clause).and_then(|(_, end)| *end), Some("." | "!" | "?"))
        };
        at.checked_sub(1)
            .and_then(|i| self.found.get(i))
            .is_some_and(|m| {
                m.role == Role::Mandate
                    && matches!(&m.entity, Entity::Code { text, .. }
                    if text.contains(' ')
                        && literal::classify(text).is_ok_and(|l| l.kind == LitKind::Command))
                    && (m.clause == f.clause || (m.clause + 1 == f.clause && same_sentence(m.clause)))
            })
    }

    /// The rule calls the code span `text` a command: "commands like `python3`", "commands such
    /// as `x`", "el comando `x`" (the noun among the four words before it), "the `x` command"
    /// (the noun right after it, ending the phrase) — "`any` in command handlers" is not one.
    pub fn called_a_command(&self, text: &str) -> bool {
        let Some(at) = self.tokens.iter().position(|t| t.is_code() && t.text == text) else {
            return false;
        };
        let noun = |t: &Token| t.is_word() && COMMAND_NOUNS.contains(&t.lower.as_str());
        let before = self.tokens[..at]
            .iter()
            .rev()
            .filter(|t| t.is_word())
            .take(4)
            .any(noun);
        // "`tsc`/`vitest` invocations from scratch": past the rest of a list of names, the noun
        // ends the phrase or a preposition follows it.
        let mut after = self.tokens[at + 1..]
            .iter()
            .skip_while(|t| t.lists_code() || t.text == "/");
        let named_after = after.next().is_some_and(noun)
            && !after
                .next()
                .is_some_and(|t| t.is_word() && !ends_a_term(&t.lower));
        // "Never run `eslint`, `npx eslint`, or any ESLint CLI": the object of a verb of running,
        // past the names listed before it.
        let ran = self.tokens[..at]
            .iter()
            .rev()
            .find(|t| {
                !(t.is_code()
                    || matches!(t.kind, Kind::Comma)
                    || t.text == "/"
                    || (t.is_word() && LIST_WORDS.contains(&t.lower.as_str())))
            })
            .is_some_and(|t| t.is_word() && RUN_VERBS.contains(&t.lower.as_str()));
        before || named_after || ran
    }

    /// The instruction's words, lowercase, in order.
    pub fn lower_words(&self) -> Vec<&'a str> {
        self.tokens
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect()
    }

    /// True when one of the instruction's words is in the list.
    pub fn says(&self, words: &[&str]) -> bool {
        self.first_said(words).is_some()
    }

    /// The first of the instruction's words that is in the list, as written ("New", "unless").
    pub fn first_said(&self, words: &[&str]) -> Option<&'a str> {
        self.tokens
            .iter()
            .find(|t| t.is_word() && words.contains(&t.lower.as_str()))
            .map(|t| t.text.as_str())
    }

    /// Whether the rule says one of `words` or quotes one (`&&` is only ever quoted).
    pub fn says_or_quotes(&self, words: &[&str]) -> bool {
        super::text::says_or_quotes(self.tokens, words)
    }

    /// The scope for a literal or detector: named languages, else the literal's own, else the
    /// rule's other literals', else source files; then folders and test qualifiers.
    pub fn scope_for(&self, own: &[Lang], what: &str) -> FileScope {
        let mut scope = if let Some(s) = self.named.scope() {
            s
        } else if !own.is_empty() {
            let mut s = FileScope::of_langs(own, String::new());
            s.why = format!("{} ({}) from {what}", lang_names(own), s.describe());
            s
        } else if !self.literal_langs.is_empty() {
            // Another span's React, Vue or Svelte means a JS/TS project: its plain code too.
            let mut langs = self.literal_langs.clone();
            super::files::with_plain_code(&mut langs);
            let mut s = FileScope::of_langs(&langs, String::new());
            s.why = format!(
                "{} ({}) from the rule's other code spans",
                lang_names(&langs),
                s.describe()
            );
            s
        } else {
            FileScope::source_files(false)
        };
        if self.named.scope().is_none()
            && (own.contains(&Lang::Yaml) || (own.is_empty() && self.literal_langs.contains(&Lang::Yaml)))
        {
            // A setting (`ddl-auto: update`) is written in YAML, `.properties` files and code.
            scope.add_globs(&["*.properties", files::source_glob().as_str()]);
            scope
                .why
                .push_str(", `.properties` files and source files (settings are written in code too)");
        }
        if own.contains(&Lang::Sql) || (own.is_empty() && self.literal_langs.contains(&Lang::Sql)) {
            // SQL lives in `.sql` files and in strings of code.
            scope.add_globs(&[files::source_glob().as_str()]);
            scope.why.push_str(" and source files (SQL is embedded in code)");
        }
        self.narrow(&mut scope);
        scope
    }

    /// Whether the rule's folders, exceptions, kinds of files or test qualifiers narrow where it
    /// applies.
    pub fn narrows(&self) -> bool {
        let mut probe = FileScope::default();
        self.narrow(&mut probe);
        probe != FileScope::default()
    }

    /// The files a package site is checked in, titled for its ecosystem: a site in source files
    /// confined to the rule's folders, a manifest never.
    pub fn site_scope(&self, site: &super::imports::Site, title: &str) -> FileScope {
        let globs: Vec<&str> = site.files.iter().map(String::as_str).collect();
        let mut scope = FileScope::of_globs(&globs, String::new()).titled(title);
        if site.source {
            self.narrow(&mut scope);
        }
        scope
    }

    /// The languages of `own` the rule is about: all of them when it names none, else those in
    /// the family of one it names ("in TypeScript": React and Vue too).
    pub fn named_among(&self, own: &[Lang]) -> Vec<Lang> {
        let named = self.named.langs();
        own.iter()
            .copied()
            .filter(|l| named.is_empty() || named.iter().any(|n| same_family(*n, *l)))
            .collect()
    }

    /// [`Context::named_among`], or `None` with a note when the rule names only other
    /// languages: "\"{said}\" not checked: {what} in …, and the rule names …" (`what`: "brace
    /// placement is checked").
    pub fn langs_or_note(&self, out: &mut Found, own: &[Lang], said: &str, what: &str) -> Option<Vec<Lang>> {
        let langs = self.named_among(own);
        if langs.is_empty() {
            out.note(
                At::Places,
                format!(
                    "\"{said}\" not checked: {what} in {}, and the rule names {}",
                    lang_names(own),
                    lang_names(&self.named.langs())
                ),
            );
            return None;
        }
        Some(langs)
    }

    /// Confines a scope to the rule's folders, leaves out its excepted ones, applies its test
    /// qualifiers.
    pub fn narrow(&self, scope: &mut FileScope) {
        match self.within.as_slice() {
            [] => {}
            [dir] => {
                scope.within(dir);
                // "in `.ts` files": an extension, not a folder.
                match dir
                    .strip_prefix('.')
                    .filter(|ext| files::is_source_or_config_extension(ext))
                {
                    Some(ext) => scope.why.push_str(&format!("; only `*.{ext}` files")),
                    None => scope.why.push_str(&format!("; only under `{dir}`")),
                }
            }
            dirs => {
                // "in `src/` or `lib/`": under any of the folders.
                scope.within_any(dirs);
                let dirs: Vec<String> = dirs.iter().map(|d| format!("`{d}`")).collect();
                scope.why.push_str(&format!("; only under {}", dirs.join(" or ")));
            }
        }
        for path in &self.except {
            scope.except(path);
            scope.why.push_str(&format!("; except `{path}`"));
        }
        for (glob, said) in &self.providers {
            files::push_unique(&mut scope.exclude, &format!("!{glob}"));
            scope
                .why
                .push_str(&format!("; except `{said}`, which the rule's way comes from"));
        }
        for kind in &self.conditions.kinds {
            if kind.except {
                for g in &kind.globs {
                    scope.except(g);
                }
                scope
                    .why
                    .push_str(&format!("; {} left out ({})", kind.words, kind.globs.join(", ")));
            } else {
                // "in adapter code", "in TypeScript controllers": those files, of the kinds the
                // scope had (not the docs pages under `docs/adapters/`, not Ruby controllers).
                scope.confine(&kind.globs);
                scope
                    .why
                    .push_str(&format!("; only {} ({})", kind.words, kind.globs.join(", ")));
                // "in components": a component's tests, beside it, are no component ("in e2e
                // tests" are the tests).
                let of_tests = ["test", "spec", "e2e", "prueba"]
                    .iter()
                    .any(|w| kind.words.to_lowercase().contains(w));
                if self.named.only_tests.is_none() && !of_tests {
                    scope.except_tests();
                    scope.why.push_str(", not their tests");
                }
            }
        }
        self.named.qualify(scope);
    }

    /// A keyword detector applies when the rule names no language, or one of its family.
    pub fn detector_fits(&self, d: &Detector) -> bool {
        let named = self.named.langs();
        named.is_empty()
            || named
                .iter()
                .any(|l| d.langs.iter().any(|dl| same_family(*l, *dl)))
    }

    /// The scope for a detector: the named languages when they fit it, else its own.
    pub fn detector_scope(&self, d: &Detector, what: &str) -> FileScope {
        // "string interpolation in SQL": SQL is the language of the strings, not of the files.
        let named = if super::concepts::embeds_sql(d) {
            let mut named = self.named.clone();
            named.langs.retain(|(l, _)| *l != Lang::Sql);
            named
        } else {
            self.named.clone()
        };
        let mut scope = match named.scope() {
            Some(s)
                if d.langs.is_empty()
                    || named
                        .langs()
                        .iter()
                        .any(|l| d.langs.iter().any(|dl| same_family(*l, *dl))) =>
            {
                s
            }
            _ if !d.langs.is_empty() => {
                let mut s = FileScope::of_langs(d.langs, String::new());
                s.why = format!("{} ({}) from {what}", lang_names(d.langs), s.describe());
                s
            }
            _ => match d.text_files() {
                Some((globs, why)) => {
                    let globs: Vec<&str> = globs.iter().map(String::as_str).collect();
                    FileScope::of_globs(&globs, why.into())
                }
                None => FileScope::source_files(false),
            },
        };
        for e in d.exclude {
            if !scope.exclude.iter().any(|x| x == e) {
                scope.exclude.push(e.to_string());
            }
        }
        self.narrow(&mut scope);
        scope
    }

    /// A check by the detector `d` over `scope`, its matches counted where the detector's own
    /// `within` says, explained as "`said` → detector NAME (SUMMARY); scope WHY".
    pub fn detector_check(&self, d: &Detector, scope: FileScope, said: String) -> CheckSpec {
        let explanation = format!(
            "{said} → detector {} ({}); scope {}",
            d.name, d.summary, scope.why
        );
        self.pattern_check(d.pattern.to_string(), scope, None, explanation, d.within)
    }

    /// A check of the files in `scope` that must hold a match of `pattern`: one without is a
    /// violation at line 1.
    pub fn require_check(&self, scope: &FileScope, pattern: String, explanation: String) -> CheckSpec {
        CheckSpec {
            require: Some(pattern),
            ..self.inferred_check(scope, explanation)
        }
    }

    /// A check of the files in `scope` that sit where `forbidden_paths` says they may not.
    pub fn path_check(
        &self,
        scope: &FileScope,
        forbidden_paths: Vec<String>,
        explanation: String,
    ) -> CheckSpec {
        CheckSpec {
            files: scope.files(),
            forbidden_paths,
            message: Some(self.message()),
            origin: Origin::Inferred { explanation },
            ..CheckSpec::default()
        }
    }

    /// A check that each nesting level of `scope`'s files indents by `step` spaces.
    pub fn indent_check(&self, step: usize, scope: FileScope, explanation: String) -> CheckSpec {
        CheckSpec {
            indent: Some(step),
            ..self.inferred_check(&scope, explanation)
        }
    }

    /// An inferred check of the files in `scope`, with the rule's message, that checks nothing
    /// yet: each kind of check fills in what it looks for.
    fn inferred_check(&self, scope: &FileScope, explanation: String) -> CheckSpec {
        CheckSpec {
            files: scope.files(),
            languages: scope.languages.clone(),
            message: Some(self.message()),
            origin: Origin::Inferred { explanation },
            ..CheckSpec::default()
        }
    }

    /// A pattern check whose matches count only where `within` says: code checks never fire
    /// in comments, docstrings or strings; directives only in comments; imports of JS and Go
    /// only in the string that names the package.
    pub fn pattern_check(
        &self,
        pattern: String,
        scope: FileScope,
        fix: Option<String>,
        mut explanation: String,
        within: Within,
    ) -> CheckSpec {
        match within {
            Within::Any => {}
            Within::Code => explanation.push_str(IN_CODE_ONLY),
            Within::Comments => explanation.push_str("; in comments only"),
            Within::Strings => explanation.push_str("; in strings only"),
        }
        CheckSpec {
            pattern: Some(pattern),
            within,
            fix,
            ..self.inferred_check(&scope, explanation)
        }
    }
}

/// "DEPRECATED comments", "comentarios HACK": a marker word in capitals that comments carry.
pub fn marker_comments(term: &str) -> Option<&str> {
    let words: Vec<&str> = term.split(' ').collect();
    let marker = |w: &str| w.len() >= 3 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    match words.as_slice() {
        [m, c] if marker(m) && matches!(c.to_lowercase().as_str(), "comments" | "comment" | "markers") => {
            Some(m)
        }
        [c, m] if marker(m) && matches!(c.to_lowercase().as_str(), "comentarios" | "comentario") => Some(m),
        _ => None,
    }
}

/// A keyword with a detector, written unquoted ("any in TypeScript"); one that is no English
/// word may be plural ("no unwraps").
pub fn unquoted_keyword(lower: &str) -> Option<&'static Keyword> {
    KEYWORDS
        .iter()
        .find(|k| k.word == lower || (!k.english && lower.strip_suffix('s') == Some(k.word)))
}

/// Tools whose names are plain words count unquoted only after "instead of" and the like.
pub fn wordlike_tool(lower: &str) -> bool {
    WORDLIKE_TOOLS.contains(&lower)
}

pub fn dedup_strings(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in items {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

pub fn lang_names(langs: &[Lang]) -> String {
    langs.iter().map(|l| l.name()).collect::<Vec<_>>().join(" + ")
}

/// JS-like languages count as one family for detectors (`any` applies to TSX too).
pub fn same_family(a: Lang, b: Lang) -> bool {
    let js = [
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::React,
        Lang::Vue,
        Lang::Svelte,
    ];
    a == b || (js.contains(&a) && js.contains(&b))
}

/// `$` in a fix is a group reference to the engine: write it as `$$`.
fn dollar_escape(s: &str) -> String {
    s.replace('$', "$$")
}

/// The fix text: literal and detector hits are names without a dot or parentheses.
pub fn fix_text_for(y: &Literal) -> String {
    dollar_escape(&y.replacement())
}

pub fn fix_note(fix: Option<&(Literal, String)>) -> String {
    fix.map_or(String::new(), |(y, words)| {
        format!("; fix `{}` from \"{words}\"", y.text)
    })
}
