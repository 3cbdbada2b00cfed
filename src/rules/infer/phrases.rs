//! The trigger grammar (English and Spanish): which words make what follows forbidden
//! ("never use", "avoid", "instead of", "no usar", "en lugar de"…), mandated ("always use",
//! "prefer", "usar siempre"…), a place ("never in `src/api/`", "nunca en"), or irrelevant (a
//! reason: "because", "porque"). Reads each clause left to right and records what it finds.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::concepts::{CONCEPTS, is_tool};
use super::imports::{is_known_package, package_spelling};
use super::literal::{self, LitKind};
use super::text::{
    self, Kind, Quote, Token, clauses_with_ends, is_file_pattern, looks_like_path, names_a_construct,
    names_a_settings_group, wraps,
};
use super::words;
use super::words::{
    CONDITION_USER, DETERMINERS, FILE_ADJECTIVES, FILE_WORDS, LIST_WORDS, PLACE_FILLER, PLACING_VERBS,
    RETURN_WORDS, ends_a_term,
};

/// Whether something is forbidden, mandated, or merely mentioned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Forbid,
    Mandate,
    Neutral,
}

/// What a path after a place word means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// "always in `src/server/routes/`": where things belong.
    Allowed,
    /// "never in `src/api/`": files there break the rule.
    Forbidden,
    /// "never use `x` in `src/`": narrows where a literal is forbidden.
    Within,
    /// "except in `scripts/`": left out of where a literal is forbidden.
    Except,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entity {
    /// A code span or an unquoted code token; `returned` when it follows "return"
    /// ("never return `null`"), which narrows it to `return null`.
    Code {
        text: String,
        quote: Option<Quote>,
        returned: bool,
    },
    /// Unquoted words right after a trigger ("pnpm", "native fetch").
    Term(String),
    /// A named concept: index into `CONCEPTS`, and the words that named it.
    Concept {
        index: usize,
        words: String,
    },
    Place {
        path: String,
        place: Place,
    },
}

/// Which side of "use Y instead of X" an item is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Preferred,
    Replaced,
}

/// The trigger that gave an item its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trig {
    /// "never use", "don't use", "avoid", "no usar", "evitar".
    NegUse,
    /// "never", "not", "no", "nunca", "without".
    Neg,
    /// "instead of", "rather than", "en lugar de", "en vez de".
    Instead,
    /// "over" / "to" / "sobre" / "antes que" after "prefer".
    Over,
    /// "always use", "always", "must use", "usar siempre", "siempre".
    Always,
    /// "use", "usar", "usa", "keep", "follow".
    Use,
    /// "prefer", "preferir".
    Prefer,
    /// "replace", "reemplazar", "migrate from", "migrar de".
    Replace,
    /// "with" / "by" / "por" / "to" after "replace" or "migrate from".
    With,
    /// "remove", "eliminar", "quitar".
    Remove,
    /// "is forbidden", "está prohibido", "should never be used": forbids what came before.
    Postfix,
    /// "Forbidden:", "NOT permitted:", "PROHIBIDO": forbids what follows, or what came before.
    Header,
    /// "because", "since", "porque", "ya que": the rest of the clause is a reason.
    StopHard,
    /// "for", "if", "unless", "when", "para", "si", "cuando": ends the current role.
    StopSoft,
    /// "unless", "except when", "a menos que", "si no": what was forbidden is conditional.
    Unless,
    /// "not in", "never in", "nunca en", "no en".
    LocNeg,
    /// "in", "inside", "under", "en", "dentro de".
    Loc,
    /// "except in", "outside", "excepto en", "fuera de".
    Except,
    /// A bare negation followed by a verb that changes a value ("never adjust", "no
    /// modifiques"): what follows is forbidden as the target of a mutation.
    Mutate,
    /// A bare negation followed by "override" / "redefine": what follows is forbidden as a
    /// method defined, not as a name called ("Never override `onBackPressed()`").
    Override,
}

impl Trig {
    pub fn forbids(self) -> bool {
        matches!(
            self,
            Trig::NegUse
                | Trig::Neg
                | Trig::Instead
                | Trig::Over
                | Trig::Replace
                | Trig::Remove
                | Trig::Postfix
                | Trig::Header
                | Trig::Mutate
                | Trig::Override
        )
    }
}

/// Each trigger's phrases (in `words`) and what it does.
const TRIGGERS: &[(&[&str], Trig)] = &[
    (words::TRIG_NEG_USE, Trig::NegUse),
    (words::TRIG_NEG, Trig::Neg),
    (words::TRIG_INSTEAD, Trig::Instead),
    (words::TRIG_OVER, Trig::Over),
    (words::TRIG_REMOVE, Trig::Remove),
    (words::TRIG_REPLACE, Trig::Replace),
    (words::TRIG_WITH, Trig::With),
    (words::TRIG_POSTFIX, Trig::Postfix),
    (words::TRIG_HEADER, Trig::Header),
    (words::TRIG_ALWAYS, Trig::Always),
    (words::TRIG_USE, Trig::Use),
    (words::TRIG_PREFER, Trig::Prefer),
    (words::TRIG_STOP_HARD, Trig::StopHard),
    (words::TRIG_STOP_SOFT, Trig::StopSoft),
    (words::TRIG_UNLESS, Trig::Unless),
    (words::TRIG_LOC_NEG, Trig::LocNeg),
    (words::TRIG_LOC, Trig::Loc),
    (words::TRIG_EXCEPT, Trig::Except),
];

/// Triggers by first word, each as its words, longest first.
type Phrases<T> = Vec<(Vec<&'static str>, T)>;

static TRIGGER_INDEX: LazyLock<HashMap<&'static str, Phrases<Trig>>> = LazyLock::new(|| {
    let mut map: HashMap<&'static str, Phrases<Trig>> = HashMap::new();
    for (phrases, trig) in TRIGGERS {
        for phrase in *phrases {
            let words: Vec<&str> = phrase.split(' ').collect();
            map.entry(words[0]).or_default().push((words, *trig));
        }
    }
    for v in map.values_mut() {
        v.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
    }
    map
});

/// Concept phrases by first word (lowercase), longest first.
static CONCEPT_INDEX: LazyLock<HashMap<String, Phrases<usize>>> = LazyLock::new(|| {
    let mut map: HashMap<String, Phrases<usize>> = HashMap::new();
    for (i, c) in CONCEPTS.iter().enumerate() {
        for phrase in c.phrases {
            let words: Vec<&str> = phrase.split(' ').collect();
            map.entry(words[0].to_lowercase()).or_default().push((words, i));
        }
    }
    for v in map.values_mut() {
        v.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
    }
    map
});

fn names_files(clause: &[Token], i: usize) -> bool {
    let file_word = |t: &Token| t.is_word() && FILE_WORDS.contains(&t.lower.as_str());
    if i > 0 && file_word(&clause[i - 1]) {
        return true;
    }
    let mut j = i + 1;
    while let Some(t) = clause.get(j) {
        let in_list = t.kind == Kind::Comma
            || (t.is_word() && LIST_WORDS.contains(&t.lower.as_str()))
            || (matches!(t.kind, Kind::Span(_)) && t.text.starts_with('.'));
        if !in_list {
            return file_word(t);
        }
        j += 1;
    }
    false
}

/// One thing an instruction mentions, and how it is meant (forbidden, mandated, neutral).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub entity: Entity,
    pub role: Role,
    /// The words that gave the role ("never use"), empty when neutral.
    pub trigger: String,
    pub trig: Option<Trig>,
    pub clause: usize,
    pub side: Option<Side>,
    /// Forbidden only under a condition ("no `async` without `try/catch`", "never `x` unless
    /// …"): not checked.
    pub conditional: bool,
}

impl Mention {
    /// The text of what is mentioned when it is code or a term (not a place, not a concept).
    pub fn named(&self) -> Option<&str> {
        match &self.entity {
            Entity::Code { text, .. } | Entity::Term(text) => Some(text),
            _ => None,
        }
    }
}

/// Whether `word` turns a check off ("suppress", "ignore", "desactivar").
fn silencing(word: &str) -> bool {
    words::SUPPRESS_WORDS.contains(&word) || words::IGNORE_WORDS.contains(&word)
}

/// Whether the object starting at `i` is a folder or files named by a code span: "the `dist`
/// folder", "`generated` subdirectories", "los archivos `*.lock`".
fn acts_on_a_folder(clause: &[Token], mut i: usize) -> bool {
    let place_word = |t: &Token| {
        t.is_word()
            && (words::FOLDER_WORDS.contains(&t.lower.as_str())
                || words::FILE_WORDS.contains(&t.lower.as_str()))
    };
    let list_mark =
        |t: &Token| t.kind == Kind::Comma || (t.is_word() && LIST_WORDS.contains(&t.lower.as_str()));
    // "do not create, modify, or suggest `.eslintrc` or `.prettierrc` files": past the other
    // verbs of a list, and the names listed before the place word.
    while clause.get(i).is_some_and(|t| {
        list_mark(t) || (t.is_word() && clause.get(i + 1).is_some_and(|n| list_mark(n) || !n.is_word()))
    }) {
        i += 1;
    }
    let mut k = i;
    while clause.get(k).is_some_and(|t| !t.is_word() || list_mark(t)) {
        k += 1;
    }
    if k > i + 1 && clause.get(k).is_some_and(place_word) {
        return true;
    }
    while word_at(clause, i).is_some_and(|t| words::DETERMINERS.contains(&t.lower.as_str()) || place_word(t))
    {
        if clause.get(i).is_some_and(place_word) {
            return clause.get(i + 1).is_some_and(|t| !t.is_word());
        }
        i += 1;
    }
    clause.get(i).is_some_and(|t| !t.is_word()) && clause.get(i + 1).is_some_and(place_word)
}

/// Whether what a mutating verb acts on, from `i`, is written as code: "never adjust
/// `sys.path`" mutates a value; "never change Volta, Yarn, or package manager versions" acts on
/// tools named as words, whose uses are no mutation.
fn mutates_code(clause: &[Token], mut i: usize) -> bool {
    while word_at(clause, i).is_some_and(|t| words::DETERMINERS.contains(&t.lower.as_str())) {
        i += 1;
    }
    clause.get(i).is_some_and(|t| !t.is_word())
}

/// "Do not use Next.js `unstable_cache()`": a name right before code (at `next`) says whose the
/// code is — the code is what is meant, not the name.
fn owns_the_code_after(clause: &[Token], next: usize) -> bool {
    clause.get(next).is_some_and(|t| matches!(t.kind, Kind::Span(_)))
}

/// Whether a passive verb ends right before `i`: "be cited", "been logged", "ser citados".
fn passive_before(clause: &[Token], i: usize) -> bool {
    let Some(participle) = i.checked_sub(1).and_then(|k| word_at(clause, k)) else {
        return false;
    };
    let p = participle.lower.as_str();
    let is_participle = (p.len() > 4 && (p.ends_with("ed") || p.ends_with("en")))
        || words::IRREGULAR_PARTICIPLES.contains(&p)
        || ["ado", "ido", "ados", "idos", "ada", "ida", "adas", "idas"]
            .iter()
            .any(|e| p.len() > e.len() + 2 && p.ends_with(e));
    is_participle
        && clause[..i - 1].iter().rev().take(3).any(|t| {
            t.is_word()
                && matches!(
                    t.lower.as_str(),
                    "be" | "been" | "being" | "ser" | "sido" | "siendo"
                )
        })
}

fn word_at(clause: &[Token], i: usize) -> Option<&Token> {
    clause.get(i).filter(|t| t.is_word())
}

pub(super) fn match_words(clause: &[Token], i: usize, words: &[&str]) -> bool {
    match_words_with(clause, i, words, word_at)
}

/// Like [`match_words`], reading a plain word in quotes (not backticks) as a word: `No "bare"
/// excepts` names bare excepts.
fn match_words_quoted(clause: &[Token], i: usize, words: &[&str]) -> bool {
    match_words_with(clause, i, words, word_or_quoted_at)
        // "top-level `await`": the phrase's last word as code, after its words written bare.
        || (words.len() >= 2
            && match_words_with(clause, i, &words[..words.len() - 1], word_or_quoted_at)
            && clause
                .get(i + words.len() - 1)
                .is_some_and(|t| t.kind == Kind::Span(Quote::Backtick) && t.text == words[words.len() - 1]))
}

/// "`async`/`await` para asincronía": a two-word concept written as two code spans, joined by
/// nothing or a slash — the tokens it takes and the concept. Not after a negation or "avoid"
/// ("Do not use `async` / `await`"): forbidden, the spans are the keywords, which their literal
/// checks find. (One span alone stays code: `var` is the keyword's own check.)
fn concept_in_code_pair(clause: &[Token], i: usize) -> Option<(usize, usize)> {
    let forbidden = clause[..i.min(clause.len())].iter().any(|t| {
        t.is_word()
            && (words::NEGATIONS.contains(&t.lower.as_str())
                || words::AVOID_WORDS.contains(&t.lower.as_str()))
    });
    if forbidden {
        return None;
    }
    let code = |k: usize| clause.get(k).filter(|t| t.kind == Kind::Span(Quote::Backtick));
    let first = code(i)?;
    let (second, len) = match clause.get(i + 1) {
        Some(t) if t.text == "/" => (code(i + 2)?, 3),
        _ => (code(i + 1)?, 2),
    };
    let candidates = CONCEPT_INDEX.get(&first.text.to_lowercase())?;
    candidates
        .iter()
        .find(|(words, _)| {
            words.len() == 2
                && first.text.to_lowercase() == words[0]
                && second.text.to_lowercase() == words[1]
        })
        .map(|(_, c)| (len, *c))
}

fn word_or_quoted_at(clause: &[Token], i: usize) -> Option<&Token> {
    clause.get(i).filter(|t| {
        t.is_word()
            || (matches!(t.kind, Kind::Span(q) if q != Quote::Backtick)
                && !t.text.is_empty()
                && t.text.chars().all(char::is_alphabetic))
            // A marker or acronym in backticks names the same thing as written bare: `TODO`,
            // `TODOs`, `FIXME`, `ESM`.
            || (matches!(t.kind, Kind::Span(Quote::Backtick)) && is_marker_word(&t.text))
            // A dotted name written bare, which a phrase spells out ("context.Context as the
            // first parameter").
            || (t.kind == Kind::Bare && t.text.contains('.'))
    })
}

/// An all-capitals word, perhaps with a plural `s`: `TODO`, `TODOs`, `CJS`.
fn is_marker_word(text: &str) -> bool {
    let stem = text.strip_suffix('s').unwrap_or(text);
    stem.chars().count() >= 2 && stem.chars().all(|c| c.is_ascii_uppercase())
}

fn match_words_with<'a>(
    clause: &'a [Token],
    i: usize,
    words: &[&str],
    at: fn(&'a [Token], usize) -> Option<&'a Token>,
) -> bool {
    words.iter().enumerate().all(|(k, w)| {
        at(clause, i + k).is_some_and(|t| {
            if w.chars().any(|c| c.is_uppercase()) {
                t.text == *w
            } else {
                t.text.to_lowercase() == *w
            }
        })
    })
}

fn trigger_at(clause: &[Token], i: usize) -> Option<(usize, Trig, String)> {
    let first = word_at(clause, i)?;
    // "the current use case", "without a use case": a noun, not the verb.
    if first.lower == "use"
        && word_at(clause, i + 1).is_some_and(|t| matches!(t.lower.as_str(), "case" | "cases"))
    {
        return None;
    }
    let candidates = TRIGGER_INDEX.get(first.lower.as_str())?;
    candidates
        .iter()
        .find(|(words, _)| match_words(clause, i, words))
        .map(|(words, trig)| (words.len(), *trig, words.join(" ")))
}

fn concept_at(clause: &[Token], i: usize) -> Option<(usize, usize)> {
    if let Some(found) = concept_in_code_pair(clause, i) {
        return Some(found);
    }
    let first = word_or_quoted_at(clause, i)?;
    let candidates = CONCEPT_INDEX.get(&first.text.to_lowercase())?;
    candidates
        .iter()
        .find(|(words, _)| match_words_quoted(clause, i, words))
        .map(|(words, c)| (words.len(), *c))
}

struct Reading {
    role: Role,
    trigger: String,
    trig: Option<Trig>,
    side: Option<Side>,
    hard_stop: bool,
    /// Word index and whether anything was found since the last negation.
    neg_at: Option<usize>,
    found_since_neg: bool,
    prefer: bool,
    /// "Use X over Y": a mandate by "use" that "over" can pair with, like "prefer".
    used: bool,
    replace: bool,
    instead_seen: bool,
    /// How many mentions there were when "instead of" last forbade: "`A` instead of `B`, and
    /// `C` instead of `D`" — `C`, found after `B`, is the next pair's preferred side.
    instead_from: Option<usize>,
    /// The same for a negation that pairs with a mandate: "use `ID` not `Id`, `API` not
    /// `Api`" — `API`, found after `Id` and right before the next "not", is preferred.
    paired_from: Option<usize>,
    /// After ", so a …", ", so the …": the clause states a consequence ("…, so a Node built-in
    /// now fails the build instead of shipping a `{}` stub") — its "instead of" and negations
    /// describe what happens, no ban.
    consequence: bool,
    term_open: bool,
    /// A place word waiting for its path: trigger, token index it fired at, words.
    place: Option<(Trig, usize, String)>,
    /// A mandate "for" ended ("Use pnpm for node and uv for python"): its trigger, for a
    /// parallel tool after "and" that is followed by "for" too.
    parallel: Option<(String, Option<Trig>)>,
}

impl Reading {
    fn new() -> Reading {
        Reading {
            role: Role::Neutral,
            trigger: String::new(),
            trig: None,
            side: None,
            hard_stop: false,
            neg_at: None,
            found_since_neg: false,
            prefer: false,
            used: false,
            replace: false,
            instead_seen: false,
            instead_from: None,
            paired_from: None,
            consequence: false,
            term_open: false,
            place: None,
            parallel: None,
        }
    }
}

impl Reading {
    /// Ends the role the last trigger gave: what follows is neither forbidden nor mandated.
    fn drop_role(&mut self) {
        self.role = Role::Neutral;
        self.trigger.clear();
        self.trig = None;
        self.term_open = false;
    }

    /// Whether a negation forbade within `reach` words before `i`, with nothing found since.
    fn just_negated(&self, i: usize, reach: usize) -> bool {
        self.role == Role::Forbid && self.neg_at.is_some_and(|at| i <= at + reach) && !self.found_since_neg
    }
}

/// Where a clause's reading ends: the role its words gave, its trigger words and kind.
type ClauseReading = (Role, String, Option<Trig>);

/// Reads an instruction's tokens into what it forbids, mandates and places.
pub fn read(tokens: &[Token]) -> Vec<Mention> {
    let mut out: Vec<Mention> = Vec::new();
    let mut last: Option<ClauseReading> = None;
    let mut header = false;
    // The header names a thing ("No parameters:"), not only forbids ("NOT permitted:").
    let mut header_named = false;
    // The reading of a clause an aside in parentheses interrupted, and where its mentions start.
    let mut interrupted: Option<(ClauseReading, usize)> = None;
    for (ci, (clause, end)) in clauses_with_ends(tokens).into_iter().enumerate() {
        // "Prefer pytest equivalents (e.g. `pytest-mock`) over `unittest.mock`": the words right
        // after the closing parenthesis go on with the clause the aside interrupted.
        let resumed = if right_after_aside(tokens, clause) {
            interrupted.take()
        } else {
            None
        };
        // "Avoid deprecated APIs (e.g. `componentWillMount`)": examples keep the role; so does
        // the list after a header ("NOT permitted: axios, lodash").
        // A label that names its topic ("**No parameters:** Omit the Parameters section") is
        // no header when a sentence of its own follows: only a list goes on with its role.
        let list_follows = header && !(header_named && opens_with_verb(clause));
        let before = out.len();
        // "Do not use hard waits (`waitForTimeout`)": code alone in parentheses after words that
        // forbid and named no code is what the words meant.
        let examples_aside = end == Some(")")
            && (code_alone(clause) || examples_listed(clause))
            && last.as_ref().is_some_and(|(role, ..)| *role == Role::Forbid)
            && interrupted
                .as_ref()
                .is_some_and(|(_, at)| !out[*at..].iter().any(|f| matches!(f.entity, Entity::Code { .. })));
        let (inherit, start) = match resumed {
            _ if starts_examples(clause) || list_follows || examples_aside => (last.clone(), before),
            // A resumed clause's words ("… unless justified", "… over `moment`") bear on what
            // it named before the aside too.
            Some((reading, at)) => (Some(reading), at),
            None => (None, before),
        };
        let read = read_clause(clause, ci, &mut out, inherit, list_follows, start);
        // "`_method()` (no `private`) — used by other code in the same file": the aside says
        // what the code before it is written without, a form it describes — no ban.
        if end == Some(")") && describes_form(tokens, clause) {
            for f in out[before..].iter_mut().filter(|f| f.role == Role::Forbid) {
                f.role = Role::Neutral;
            }
        }
        if end == Some("(") {
            interrupted = Some((read.clone(), start));
        } else if end != Some(")") {
            interrupted = None;
        }
        // A header: a clause ending in `:` that forbids or mandates and names no code yet.
        header = end == Some(":")
            && read.0 != Role::Neutral
            && !out[before..].iter().any(|f| !matches!(f.entity, Entity::Term(_)));
        header_named = out[before..].iter().any(|f| matches!(f.entity, Entity::Term(_)));
        last = Some(read);
    }
    table_row(tokens, &mut out);
    import_by_pronoun(tokens, &mut out);
    out
}

/// "Obtain `expect` from the test context rather than importing it from `vitest`": what is
/// forbidden is the name the pronoun stands for, as that package's import brings it in — not
/// the package (a project's test runner). The forbidden package's mention takes the name.
fn import_by_pronoun(tokens: &[Token], out: &mut [Mention]) {
    for found in pronoun_imports(tokens) {
        for f in out
            .iter_mut()
            .filter(|f| f.clause == found.clause && f.role == Role::Forbid)
        {
            if let Entity::Code { text, .. } = &mut f.entity
                && *text == found.package
            {
                *text = found.name.clone();
            }
        }
    }
}

/// A name a rule says is imported from a package through a pronoun ("`expect` … rather than
/// importing it from `vitest`").
pub struct PronounImport {
    /// The clause of "importing it from".
    pub clause: usize,
    /// What the pronoun stands for: the last identifier in code before the verb, in this
    /// clause or the ones before it in the same sentence.
    pub name: String,
    /// The package named after "from".
    pub package: String,
}

/// Each "importing it/them from `P`", "importarlo de `P`" of a rule, with the name it stands for.
pub fn pronoun_imports(tokens: &[Token]) -> Vec<PronounImport> {
    let clauses = clauses_with_ends(tokens);
    let mut found = Vec::new();
    for (ci, (clause, _)) in clauses.iter().enumerate() {
        let Some(k) = (0..clause.len()).find(|&k| pronoun_import_at(clause, k)) else {
            continue;
        };
        let Some(package) = clause[k..].iter().find(|t| t.is_code()) else {
            continue;
        };
        let mut before: Vec<&Token> = clause[..k].iter().rev().collect();
        for (earlier, end) in clauses[..ci].iter().rev() {
            if matches!(*end, Some(".") | Some(";") | Some("!") | Some("?")) {
                break;
            }
            before.extend(earlier.iter().rev());
        }
        if let Some(name) = before
            .into_iter()
            .find(|t| t.is_code() && literal::classify(&t.text).is_ok_and(|l| l.kind == LitKind::Identifier))
        {
            found.push(PronounImport {
                clause: ci,
                name: name.text.clone(),
                package: package.text.clone(),
            });
        }
    }
    found
}

/// After "user" in a condition, whether the user is who acts ("unless the user asks",
/// "unless the user explicitly requests it") — not a noun the word qualifies ("unless the
/// message cannot include user input", "user-facing").
fn user_acts(rest: &[&str]) -> bool {
    let rest = match rest.first() {
        Some(&("explicitly" | "specifically" | "directly" | "has" | "have" | "does" | "do")) => &rest[1..],
        _ => rest,
    };
    match rest.first() {
        None => true,
        Some(w) => words::USER_ACTS.contains(w),
    }
}

/// Whether `clause[k..]` reads "importing it from", "import them from", "importarlo de".
fn pronoun_import_at(clause: &[Token], k: usize) -> bool {
    let word = |i: usize| clause.get(i).filter(|t| t.is_word()).map(|t| t.lower.as_str());
    match word(k) {
        Some("import" | "importing" | "imports") => {
            matches!(word(k + 1), Some("it" | "them")) && word(k + 2) == Some("from")
        }
        Some("importarlo" | "importarla" | "importarlos" | "importarlas") => word(k + 1) == Some("de"),
        _ => false,
    }
}

/// A clause of code spans only, listed with commas, "or", "and": "`a`, `b` or `c`".
fn code_alone(clause: &[Token]) -> bool {
    clause.iter().any(Token::is_code) && clause.iter().all(Token::lists_code)
}

/// "(`webpackIgnore` comments, variable specifiers, `eval`)": a list of examples, some of them
/// code — code alone or before one noun ("comments") — the others a short name in words.
fn examples_listed(clause: &[Token]) -> bool {
    let items: Vec<&[Token]> = clause
        .split(|t| t.kind == Kind::Comma || (t.is_word() && LIST_WORDS.contains(&t.lower.as_str())))
        .filter(|item| !item.is_empty())
        .collect();
    items.len() >= 2
        && items.iter().any(|item| item.iter().any(Token::is_code))
        && items.iter().all(|item| match item {
            [code] if code.is_code() => true,
            [code, noun] if code.is_code() => noun.is_word() && !EXAMPLE_LEADS.contains(&noun.lower.as_str()),
            words => {
                words.len() <= 3
                    && words.iter().all(Token::is_word)
                    && !words.iter().any(|w| {
                        EXAMPLE_LEADS.contains(&w.lower.as_str()) || opens_with_verb(std::slice::from_ref(w))
                    })
            }
        })
}

/// Words that make an aside something other than a list of examples ("see", "unless").
const EXAMPLE_LEADS: &[&str] = &[
    "see", "unless", "except", "when", "if", "not", "no", "without", "only", "ver", "salvo", "excepto",
    "cuando", "si", "sin", "solo",
];

/// A clause that opens with an imperative verb: a sentence of its own, not a list.
fn opens_with_verb(clause: &[Token]) -> bool {
    word_at(clause, 0).is_some_and(|t| {
        crate::rules::lint::VERBS.contains(&t.lower.as_str()) || SENTENCE_VERBS.contains(&t.lower.as_str())
    })
}

/// Verbs a sentence after a label opens with that the lint's list of rule verbs lacks.
const SENTENCE_VERBS: &[&str] = &[
    "omit", "skip", "leave", "describe", "mention", "explain", "list", "show",
];

/// Where `clause`, a slice of `tokens`, starts in them.
fn start_in(tokens: &[Token], clause: &[Token]) -> Option<usize> {
    let first = clause.first()?;
    tokens.iter().position(|t| std::ptr::eq(t, first))
}

/// Whether a clause is an aside of only "no `x`" (or "without", "sin") right after code that
/// opens its clause alone: "`_method()` (no `private`)" — not "Use `fetch` (no `axios`)".
fn describes_form(tokens: &[Token], clause: &[Token]) -> bool {
    let ([negation, rest @ ..], Some(at)) = (clause, start_in(tokens, clause)) else {
        return false;
    };
    at >= 2
        && tokens[at - 1].text == "("
        && tokens[at - 2].is_code()
        && (at == 2 || tokens[at - 3].kind == Kind::Sep)
        && negation.is_word()
        && matches!(negation.lower.as_str(), "no" | "without" | "sin")
        && !rest.is_empty()
        && rest.iter().all(Token::lists_code)
}

/// Whether `clause` (a slice of `tokens`) starts right after a closing parenthesis: no other
/// separator between them.
fn right_after_aside(tokens: &[Token], clause: &[Token]) -> bool {
    let Some(at) = start_in(tokens, clause) else {
        return false;
    };
    at > 0 && tokens[at - 1].kind == Kind::Sep && tokens[at - 1].text == ")"
}

/// "`require()` | ESM imports", "`FROM imagen:latest` | Usar tags específicos", "`bg-opacity-*`
/// | `bg-black/50`": a row of a "don't | do" table — code alone in the first cell, words or code
/// in the second — forbids the code. A command in the first cell is a row of a table of commands
/// ("`npm run dev` | Start the dev server") unless the second cell is code, a mandate or an
/// order to use something.
fn table_row(tokens: &[Token], out: &mut [Mention]) {
    let cells = clauses_with_ends(tokens);
    let [(first, Some("|")), (second, _), ..] = cells.as_slice() else {
        return;
    };
    let code_only =
        |cell: &[Token]| !cell.is_empty() && cell.iter().all(|t| t.is_code() || t.kind == Kind::Comma);
    let replacement = code_only(second)
        || second
            .iter()
            .find(|t| t.is_word())
            .is_some_and(|t| USE_LEADS.contains(&t.lower.as_str()))
        || out.iter().any(|f| f.clause == 1 && f.role == Role::Mandate);
    let command = first
        .iter()
        .any(|t| t.is_code() && literal::classify(&t.text).is_ok_and(|l| matches!(l.kind, LitKind::Command)));
    let second_ok = if command {
        replacement
    } else {
        replacement || second.iter().any(Token::is_word)
    };
    if !code_only(first) || !second_ok || cells.len() > 3 {
        return;
    }
    for f in out
        .iter_mut()
        .filter(|f| f.clause == 0 && f.role == Role::Neutral)
    {
        if matches!(f.entity, Entity::Code { .. }) {
            f.role = Role::Forbid;
            f.trigger = "|".into();
            f.trig = Some(Trig::NegUse);
        }
    }
}

/// Words an order to use something opens with, in a table's second cell.
const USE_LEADS: &[&str] = &[
    "use",
    "prefer",
    "always",
    "replace",
    "usar",
    "usa",
    "utilizar",
    "utiliza",
    "preferir",
    "prefiere",
    "siempre",
    "reemplazar",
];

/// A clause that lists examples of what the previous one said: "e.g.", "such as", "p. ej.".
fn starts_examples(clause: &[Token]) -> bool {
    example_lead(clause, 0).is_some()
}

/// Reads one clause into `out`, going on with `inherit`'s reading; the clause's own mentions
/// start at `clause_start` in `out` (earlier, for a clause resumed after an aside).
fn read_clause(
    clause: &[Token],
    ci: usize,
    out: &mut Vec<Mention>,
    inherit: Option<ClauseReading>,
    list: bool,
    clause_start: usize,
) -> ClauseReading {
    let mut st = Reading::new();
    if let Some((role, trigger, trig)) = inherit {
        st.role = role;
        st.trigger = trigger;
        st.trig = trig;
        // "prefer X (…) over Y", "use X (…) over Y": "over" pairs with them.
        st.prefer = trig == Some(Trig::Prefer);
        st.used = trig == Some(Trig::Use);
        // After a header, the clause is the list: its words are terms.
        st.term_open = list;
    }
    let mut i = 0;
    while i < clause.len() {
        let t = &clause[i];
        if st.hard_stop {
            // A reason can still end in "… is forbidden"? No: a reason is ignored entirely.
            break;
        }
        match t.kind {
            Kind::Word => {
                if let Some((len, trig, words)) = trigger_at(clause, i)
                    && apply(&mut st, trig, &words, i, clause, clause_start, out)
                {
                    i += len;
                    continue;
                }
                // "Use pnpm for node and uv for python": a tool after "and", "for" after it,
                // is mandated as the first one was.
                if st.role == Role::Neutral
                    && i > 0
                    && matches!(clause[i - 1].lower.as_str(), "and" | "y")
                    && words::package_manager(&t.lower).is_some()
                    && word_at(clause, i + 1).is_some_and(|n| matches!(n.lower.as_str(), "for" | "para"))
                    && let Some((trigger, trig)) = st.parallel.clone()
                {
                    st.role = Role::Mandate;
                    st.trigger = trigger;
                    st.trig = trig;
                    st.term_open = true;
                }
                // "`data-*` attributes — not part of a component's typed props, so
                // excess-property-checked out of a `withProps` literal": what follows ", so" is a
                // consequence the rule states, not more of what it forbids.
                if matches!(t.lower.as_str(), "so" | "hence" | "thus")
                    && i > 0
                    && clause[i - 1].kind == Kind::Comma
                {
                    // "…, so a Node built-in now fails …": a subject after "so" opens a
                    // statement of what follows, not a command ("…, so never use X").
                    if word_at(clause, i + 1)
                        .is_some_and(|n| CONSEQUENCE_SUBJECTS.contains(&n.lower.as_str()))
                    {
                        st.consequence = true;
                    }
                    if st.role == Role::Forbid || st.consequence {
                        st.drop_role();
                        i += 1;
                        continue;
                    }
                }
                // "what you use, e.g. `php artisan …`": an abbreviation that opens examples is
                // no term; what follows it is.
                if matches!(t.lower.as_str(), "e.g" | "eg" | "i.e" | "ie")
                    || (t.lower == "p" && word_at(clause, i + 1).is_some_and(|n| n.lower == "ej"))
                {
                    i += if t.lower == "p" { 2 } else { 1 };
                    continue;
                }
                // "Never `env()` outside config": a project's usual folder, written as a word
                // right after a place word (not "outside config files", a kind of file).
                if words::FOLDER_ONLY_WORDS.contains(&t.lower.as_str())
                    && text::usual_folder_word(clause, i)
                    && let Some((trig, _, words)) = st.place.take_if(|(_, at, _)| i <= *at + 2)
                {
                    push_place(out, &st, clause_start, trig, words, format!("{}/", t.lower), ci);
                    i += 1;
                    continue;
                }
                // "Never duplicate `package` declarations": a negated verb that acts on the thing
                // forbids an action, not the thing's presence.
                if st.role == Role::Forbid
                    && st.trig == Some(Trig::Neg)
                    && !st.found_since_neg
                    && words::OVERRIDING_VERBS.contains(&t.lower.as_str())
                {
                    // "Never override `onBackPressed()`": its definitions are forbidden.
                    st.trig = Some(Trig::Override);
                    st.trigger = format!("{} {}", st.trigger, t.lower);
                    i += 1;
                    continue;
                }
                // "Avoid editing `generated` subdirectories": "avoid" before an acting verb's
                // gerund forbids the action as a bare negation does.
                let avoided_action = st.trig == Some(Trig::NegUse)
                    && !st.found_since_neg
                    && words::AVOID_WORDS.contains(&st.trigger.as_str())
                    && words::ACTING_GERUNDS.contains(&t.lower.as_str());
                // "Never ignore errors": a concept named with its verb is the concept.
                if st.role == Role::Forbid
                    && (avoided_action
                        || (st.trig == Some(Trig::Neg)
                            && !st.found_since_neg
                            && (words::ACTING_VERBS.contains(&t.lower.as_str())
                                || words::MUTATING_VERBS.contains(&t.lower.as_str())
                                || silencing(&t.lower))))
                    && concept_at(clause, i).is_none()
                {
                    if silencing(&t.lower) {
                        // "never suppress with `# type: ignore`": the means stays forbidden.
                        let means = clause[i + 1..]
                            .iter()
                            .any(|n| n.is_word() && words::TRIG_WITH.contains(&n.lower.as_str()));
                        if !means {
                            st.role = Role::Neutral;
                            st.term_open = false;
                        }
                    } else if words::MUTATING_VERBS.contains(&t.lower.as_str())
                        && !acts_on_a_folder(clause, i + 1)
                        && mutates_code(clause, i + 1)
                    {
                        // "Never adjust `sys.path`": its mutations are forbidden; "never modify
                        // the `dist` folder" acts on files, which no line shows.
                        st.trig = Some(Trig::Mutate);
                        st.trigger = format!("{} {}", st.trigger, t.lower);
                    } else {
                        st.role = Role::Neutral;
                        st.term_open = false;
                    }
                    i += 1;
                    continue;
                }
                // "Don't add guards that reject provider settings (`google_*`)": what the
                // forbidden thing does to other code, in a relative clause, is not forbidden.
                if st.role == Role::Forbid
                    && words::RELATIVE_WORDS.contains(&t.lower.as_str())
                    && i > 0
                    && clause[i - 1].is_word()
                    && !words::RELATIVE_OWN_SUBJECTS.contains(&clause[i - 1].lower.as_str())
                    && word_at(clause, i + 1).is_some_and(|v| {
                        !words::RELATIVE_USING_VERBS.contains(&v.lower.as_str())
                            && !words::RELATIVE_MODALS.contains(&v.lower.as_str())
                    })
                {
                    st.drop_role();
                    i += 1;
                    continue;
                }
                // "a `tailwind.config.js` that nothing `@config`s": a negation inside a relative
                // clause says what is missing, not what is forbidden.
                if st.role == Role::Forbid
                    && words::RELATIVE_WORDS.contains(&t.lower.as_str())
                    && word_at(clause, i + 1).is_some_and(|n| words::NO_ONE.contains(&n.lower.as_str()))
                {
                    st.drop_role();
                    i += 2;
                    continue;
                }
                if let Some((len, index)) = concept_at(clause, i) {
                    push_concept(out, &mut st, &clause[i..i + len], index, ci);
                    i += len;
                    continue;
                }
                // "Avoid the use of moment", "evitar el uso de moment": the thing used is named.
                if st.term_open
                    && st.role != Role::Neutral
                    && let Some(len) = use_noun_at(clause, i)
                {
                    if st.role == Role::Forbid {
                        st.trig = Some(Trig::NegUse);
                    }
                    let said: Vec<&str> = clause[i..i + len].iter().map(|t| t.lower.as_str()).collect();
                    st.trigger = format!("{} {}", st.trigger, said.join(" "));
                    i += len;
                    continue;
                }
                if st.term_open && st.role != Role::Neutral {
                    let (term, next) = take_term(clause, i);
                    // "libraries such as moment", "herramientas externas como Prisma": the kind
                    // the examples are of, which names no package itself.
                    if let Some(kind) = term.as_deref()
                        && let Some(lead) = example_lead(clause, next)
                        && is_kind_of_thing(kind, clause, next)
                    {
                        st.term_open = true;
                        i = next + lead;
                        continue;
                    }
                    // "deferred ids must not be cited by any `verifies()` call": a passive verb,
                    // and after its "by" the doer of the forbidden act, not a thing forbidden.
                    if st.role == Role::Forbid
                        && term.is_some()
                        && word_at(clause, next).is_some_and(|t| matches!(t.lower.as_str(), "by" | "por"))
                        && passive_before(clause, next)
                    {
                        st.drop_role();
                        i = next + 1;
                        // "no deben ser citados por ninguna llamada": Spanish repeats the
                        // negation after "por"; it forbids nothing new.
                        if word_at(clause, i).is_some_and(|t| {
                            matches!(t.lower.as_str(), "ninguna" | "ningún" | "ninguno" | "ningun")
                        }) {
                            i += 1;
                        }
                        continue;
                    }
                    if term.is_some() && owns_the_code_after(clause, next) {
                        i = next;
                        continue;
                    }
                    if let Some(term) = term {
                        // "yarn/pnpm/bun", "npm yarn": several tools are a list, not one term.
                        let words: Vec<&str> = term.split(' ').collect();
                        if words.len() > 1 && words.iter().all(|w| is_tool(&w.to_lowercase())) {
                            for w in words {
                                push(out, &mut st, Entity::Term(w.to_string()), ci);
                            }
                        } else {
                            push(out, &mut st, Entity::Term(term), ci);
                        }
                        // "… without a traceback, `exception` for …": "without" governs its words
                        // up to the comma.
                        if st.trig == Some(Trig::Neg)
                            && matches!(st.trigger.as_str(), "without" | "sin")
                            && clause.get(next).is_some_and(|t| t.kind == Kind::Comma)
                        {
                            st.drop_role();
                            i = next;
                            continue;
                        }
                        // A list keeps the term open: "npm or yarn", "npm, yarn y bun".
                        let (open, j) = list_continues(clause, next);
                        st.term_open = open;
                        i = if open { j } else { next };
                        continue;
                    }
                }
                if !DETERMINERS.contains(&t.lower.as_str()) && !LIST_WORDS.contains(&t.lower.as_str()) {
                    st.term_open = false;
                }
                i += 1;
            }
            Kind::Span(_) | Kind::Bare | Kind::Path => {
                let quote = match t.kind {
                    Kind::Span(q) => Some(q),
                    _ => None,
                };
                // `No "bare" excepts`: a plain word in quotes that starts a concept's name; a
                // dotted name that does ("context.Context as the first parameter"); a marker in
                // backticks (`TODO`) — which tokens may start one, `word_or_quoted_at` says.
                if let Some((len, index)) = concept_at(clause, i) {
                    push_concept(out, &mut st, &clause[i..i + len], index, ci);
                    i += len;
                    continue;
                }
                // "Don't use moment.js, dayjs…", "no `@acme/legacy`": a package spelled so, not a
                // file, when no place word waits for a path.
                if st.term_open
                    && st.role != Role::Neutral
                    && st.place.is_none()
                    && t.kind != Kind::Bare
                    && package_spelling(&t.text)
                {
                    if t.kind != Kind::Span(Quote::Backtick) && owns_the_code_after(clause, i + 1) {
                        i += 1;
                        continue;
                    }
                    push(out, &mut st, Entity::Term(t.text.clone()), ci);
                    let (open, j) = list_continues(clause, i + 1);
                    st.term_open = open;
                    i = if open { j } else { i + 1 };
                    continue;
                }
                // "`.orig` or `.rej` files", "archivos `.env`": a span that names files is a path.
                let names_files = quote.is_some() && t.text.starts_with('.') && names_files(clause, i);
                // `@/*`, `~/`: a path alias, how an import path starts, is code.
                let pending = st.place.take().filter(|(_, at, _)| i <= at + 3);
                // "No `console.log` in `src`": a project's usual folder, after a place word.
                let usual_folder = pending.is_some() && words::USUAL_FOLDERS.contains(&t.text.as_str());
                let is_path = t.kind == Kind::Path
                    || (quote.is_some() && looks_like_path(&t.text) && !import_path_prefix(&t.text))
                    || names_files
                    || usual_folder;
                if is_path {
                    if let Some((trig, _, words)) = pending {
                        push_place(out, &st, clause_start, trig, words.clone(), t.text.clone(), ci);
                        // "except in `docs/`, `scripts/` and `test/unit/`": the place word
                        // holds for each path of its list.
                        let (open, j) = list_continues(clause, i + 1);
                        if open && clause.get(j).is_some_and(is_pathish) {
                            st.place = Some((trig, j - 1, words));
                        }
                    } else if st.role == Role::Forbid
                        && matches!(st.trig, Some(Trig::Neg | Trig::Instead))
                        && out.iter().any(|f| {
                            matches!(
                                f.entity,
                                Entity::Place {
                                    place: Place::Allowed,
                                    ..
                                }
                            )
                        })
                    {
                        // "live in `src/server/routes/`, not `src/api/`".
                        out.push(Mention {
                            entity: Entity::Place {
                                path: t.text.clone(),
                                place: Place::Forbidden,
                            },
                            role: st.role,
                            trigger: st.trigger.clone(),
                            trig: st.trig,
                            clause: ci,
                            side: None,
                            conditional: false,
                        });
                    }
                    // "prohibido `package-lock.json`", "no `*.log` files": a file name forbidden
                    // right after the forbidding words (or a verb of placing) is a path rule.
                    else if file_forbidden(&st, clause, i) {
                        push(
                            out,
                            &mut st,
                            Entity::Code {
                                text: file_pattern_at(clause, i).unwrap_or_else(|| t.text.clone()),
                                quote,
                                returned: false,
                            },
                            ci,
                        );
                        let (open, _) = list_continues(clause, i + 1);
                        st.term_open = open;
                        i += 1;
                        continue;
                    }
                    // "use `./mvnw` wrapper": a build tool's wrapper script, mandated, is the
                    // project's command — and rules out the tool it wraps.
                    else if st.role == Role::Mandate && words::wrapped_tool(&t.text).is_some() {
                        push(
                            out,
                            &mut st,
                            Entity::Code {
                                text: t.text.clone(),
                                quote,
                                returned: false,
                            },
                            ci,
                        );
                    }
                    // A path with no place word ("never edit `dist/`") says nothing checkable.
                } else if pending.is_some()
                    && (names_a_construct(&t.text) || names_a_settings_group(&t.text))
                    && !wraps(&clause[..i])
                {
                    // "Don't call `useStaticSceneLoader` in `defineScene`": where the call is
                    // forbidden, not a second thing forbidden.
                    out.push(neutral_code(&t.text, quote, ci));
                } else if [Some(i + 1), i.checked_sub(1)].into_iter().flatten().any(|k| {
                    word_at(clause, k).is_some_and(|n| words::STEP_NOUNS.contains(&n.lower.as_str()))
                }) {
                    // "a user-triggered `finalize` step": the name of a step of a process, not
                    // code — a `weakref.finalize(…)` call is no such step.
                    out.push(neutral_code(&t.text, quote, ci));
                } else if st.role == Role::Forbid
                    && st.trig == Some(Trig::Neg)
                    && qualifies_the_object(clause, i)
                {
                    // "Don't hard-wrap the doc comments on `userConfig` fields": the code says
                    // which things the action must not touch — `userConfig` itself is fine.
                    out.push(neutral_code(&t.text, quote, ci));
                } else if st.role == Role::Forbid && changed_into(clause, i) {
                    // "Do not collapse the brand into a plain `String` or `&str`": what a thing
                    // must not become, which only the thing's uses show — not every `&str`.
                    out.push(neutral_code(&t.text, quote, ci));
                } else if t.kind != Kind::Path {
                    let returned = i > 0
                        && clause[i - 1].is_word()
                        && RETURN_WORDS.contains(&clause[i - 1].lower.as_str());
                    let entity = Entity::Code {
                        text: t.text.clone(),
                        quote,
                        returned,
                    };
                    push(out, &mut st, entity, ci);
                    // "`moment`, dayjs or luxon": the list goes on in words.
                    if st.role != Role::Neutral && list_continues(clause, i + 1).0 {
                        st.term_open = true;
                        i += 1;
                        continue;
                    }
                }
                st.term_open = false;
                i += 1;
            }
            Kind::Comma => {
                // A stated consequence ends with its clause part: "…, so the lockfile stays
                // small, instead of `npm`".
                st.consequence = false;
                i += 1;
            }
            Kind::Sep => {
                i += 1;
            }
        }
    }
    (st.role, st.trigger, st.trig)
}

/// Whether the code at `i` only qualifies the object of the verb before it: "hard-wrap the doc
/// comments on `userConfig` fields", "reorder the fields of `Config`" — a verb, an article, one
/// to three words and "on" / "of" / "about" right before the code. A verb of using ("call the
/// methods of `moment`") still reaches the code.
fn qualifies_the_object(clause: &[Token], i: usize) -> bool {
    if !i
        .checked_sub(1)
        .and_then(|k| word_at(clause, k))
        .is_some_and(|t| matches!(t.lower.as_str(), "on" | "of" | "about"))
    {
        return false;
    }
    let mut k = i - 1;
    let mut nouns = 0;
    while k > 0 && clause[k - 1].is_word() && !DETERMINERS.contains(&clause[k - 1].lower.as_str()) {
        nouns += 1;
        k -= 1;
    }
    let article = k.checked_sub(1).and_then(|j| word_at(clause, j));
    let verb = k.checked_sub(2).and_then(|j| word_at(clause, j));
    (1..=3).contains(&nouns)
        && article.is_some_and(|t| DETERMINERS.contains(&t.lower.as_str()))
        && verb.is_some_and(|t| !words::USING_VERBS.contains(&t.lower.as_str()))
}

/// Whether the code at `i` is what something is turned into after a verb of changing ("collapse
/// the brand into a plain `String` or `&str`", "convertir el ID en un `number`"): back from it
/// over a list, articles and plain adjectives to "into" / "en", with such a verb before it.
fn changed_into(clause: &[Token], i: usize) -> bool {
    let mut k = i;
    while k > 0 {
        let t = &clause[k - 1];
        let passable = t.kind == Kind::Comma
            || t.is_code()
            || (t.is_word()
                && (DETERMINERS.contains(&t.lower.as_str())
                    || LIST_WORDS.contains(&t.lower.as_str())
                    || matches!(
                        t.lower.as_str(),
                        "plain" | "bare" | "raw" | "simple" | "single" | "mere"
                    )));
        if !passable {
            break;
        }
        k -= 1;
    }
    let Some(into) = k.checked_sub(1).and_then(|j| word_at(clause, j)) else {
        return false;
    };
    matches!(into.lower.as_str(), "into" | "en")
        && clause[..k - 1]
            .iter()
            .any(|t| t.is_word() && words::CHANGING_VERBS.contains(&t.lower.as_str()))
}

/// Code mentioned without a role: where something is forbidden, or the name of a step.
fn neutral_code(text: &str, quote: Option<Quote>, clause: usize) -> Mention {
    Mention {
        entity: Entity::Code {
            text: text.to_string(),
            quote,
            returned: false,
        },
        role: Role::Neutral,
        trigger: String::new(),
        trig: None,
        clause,
        side: None,
        conditional: false,
    }
}

/// A concept named by `words` (as written) — which closes any open term.
fn push_concept(out: &mut Vec<Mention>, st: &mut Reading, words: &[Token], index: usize, clause: usize) {
    let words = words
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    push(out, st, Entity::Concept { index, words }, clause);
    st.term_open = false;
}

fn push(out: &mut Vec<Mention>, st: &mut Reading, entity: Entity, clause: usize) {
    // Words after a bare negation are often a verb or an adverb ("never directly use"): only
    // code and concepts end the negation's reach.
    if !matches!(entity, Entity::Term(_)) {
        st.found_since_neg = true;
    }
    out.push(Mention {
        entity,
        role: st.role,
        trigger: st.trigger.clone(),
        trig: st.trig,
        clause,
        side: st.side,
        conditional: false,
    });
}

/// A place the clause's place word (`trig`, as `words`) puts `path` in: where the rule holds,
/// where it does not, or where something is forbidden.
fn push_place(
    out: &mut Vec<Mention>,
    st: &Reading,
    clause_start: usize,
    trig: Trig,
    words: String,
    path: String,
    ci: usize,
) {
    let place = match trig {
        Trig::LocNeg => Place::Forbidden,
        Trig::Except => Place::Except,
        _ if st.role == Role::Forbid => {
            let literal_here = out[clause_start..].iter().any(|f| {
                f.role == Role::Forbid && matches!(f.entity, Entity::Code { .. } | Entity::Concept { .. })
            });
            if literal_here {
                Place::Within
            } else {
                Place::Forbidden
            }
        }
        _ => Place::Allowed,
    };
    out.push(Mention {
        entity: Entity::Place { path, place },
        role: st.role,
        trigger: words,
        trig: Some(trig),
        clause: ci,
        side: None,
        conditional: false,
    });
}

/// Whether the negation `words` at `i` says what the clause's subject cannot do ("Manticore
/// cannot …", "SQLite no puede …"): a subject that is neither whoever reads the rule ("you",
/// "agents") nor a kind of code or files ("components", "tests") is a thing described.
fn states_a_capability(clause: &[Token], i: usize, words: &str) -> bool {
    let named_thing = |head: &str| {
        !words::READER_SUBJECTS.contains(&head)
            && !words::CODE_SUBJECT_NOUNS.contains(&head)
            && !words::TEST_SUBJECT_NOUNS.contains(&head)
    };
    // "`confirmation_rejected.py` and `team_tool_confirmation.py` configure no `db`": what
    // named files do or lack is a fact about them, whatever the verb.
    if words == "no"
        && let Some(verb) = i.checked_sub(1).and_then(|k| word_at(clause, k))
        && !words::READER_SUBJECTS.contains(&verb.lower.as_str())
        && verb.lower.ends_with(|c: char| c.is_alphabetic())
        && i.checked_sub(2).and_then(|k| clause.get(k)).is_some_and(|s| {
            s.kind == Kind::Path || (s.is_code() && text::looks_like_path(&s.text) && s.text.contains('.'))
        })
    {
        return true;
    }
    // "`ext.evaluate` has no `require`": what a named thing lacks is a fact about it.
    if matches!(words, "no" | "not")
        && let Some(verb) = i.checked_sub(1).and_then(|k| word_at(clause, k))
        && words::HAVING_VERBS.contains(&verb.lower.as_str())
        && let Some(subject) = i.checked_sub(2).and_then(|k| clause.get(k))
    {
        return subject.is_code() || (subject.is_word() && named_thing(subject.lower.as_str()));
    }
    // "`Box` — does not support `.withProps()`": a clause opening with "does not" has its
    // subject before the dash — it says what that thing does; "`Box` does not support `x`",
    // "`Box` no soporta `x`": what a named thing supports is a fact about it.
    let does = |k: usize| word_at(clause, k).is_some_and(|t| matches!(t.lower.as_str(), "does" | "do"));
    if words == "not" && i == 1 && does(0) {
        return true;
    }
    if word_at(clause, i + words.split(' ').count())
        .is_some_and(|t| words::SUPPORT_VERBS.contains(&t.lower.as_str()))
    {
        let k = if words == "not" && i > 0 && does(i - 1) {
            i - 1
        } else {
            i
        };
        if k > 0 && clause[k - 1].is_code() {
            return true;
        }
    }
    let can_not = match words {
        "cannot" | "can't" | "can not" => true,
        "no" => word_at(clause, i + 1).is_some_and(|t| matches!(t.lower.as_str(), "puede" | "pueden")),
        _ => false,
    };
    let Some((start, end)) = text::clause_subject(clause, 3).filter(|_| can_not) else {
        return false;
    };
    end == i && end > start && named_thing(clause[end - 1].lower.as_str())
}

/// Makes the last mention, if it is forbidden code, the next pair's preferred side: `C` in
/// "`A` instead of `B`, and `C` instead of `D`", `API` in "`ID` not `Id`, `API` not `Api`" —
/// with the trigger of the mandate the pairs share, when given.
fn prefer_last(out: &mut [Mention], trigger: Option<String>, trig: Option<Trig>) {
    if let Some(last) = out.last_mut()
        && last.role == Role::Forbid
        && matches!(last.entity, Entity::Code { .. })
    {
        last.role = Role::Mandate;
        last.side = Some(Side::Preferred);
        if let Some(trigger) = trigger {
            last.trigger = trigger;
        }
        last.trig = trig;
    }
}

/// Words that open a stated consequence's subject after ", so" ("…, so a built-in now fails",
/// "…, so no `.withProps` static at all").
const CONSEQUENCE_SUBJECTS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "it", "its", "each", "every", "any", "we", "they",
    "our", // "…, so no `.withProps` static at all".
    "no",
];

/// Whether an action follows "without" / "sin" at `j` ("awaiting", "first running",
/// "ejecutar"): a gerund, or after "sin" an infinitive, past at most one adverb.
fn action_follows(clause: &[Token], j: usize, spanish: bool) -> bool {
    let verb = |t: &Token| {
        let w = t.lower.as_str();
        if spanish {
            w.chars().count() > 4 && (w.ends_with("ar") || w.ends_with("er") || w.ends_with("ir"))
        } else {
            w.len() > 5 && w.ends_with("ing")
        }
    };
    match word_at(clause, j) {
        Some(t) if verb(t) => true,
        Some(t) if matches!(t.lower.as_str(), "first" | "properly" | "explicitly" | "primero") => {
            word_at(clause, j + 1).is_some_and(verb)
        }
        _ => false,
    }
}

/// Whether the negation `words` at `i` describes a thing in a relative clause ("styles that
/// cannot be expressed in the theme") or states a condition ("If no token fits, add one to
/// `:root`"): no ban either way.
fn describes_or_conditions(clause: &[Token], i: usize, words: &str) -> bool {
    let Some(before) = i.checked_sub(1).and_then(|k| word_at(clause, k)) else {
        return false;
    };
    match before.lower.as_str() {
        // "Ensure that no secrets are committed": "that no" opens what must hold.
        "that" | "which" | "who" => words != "no",
        "if" | "when" | "whether" | "unless" | "si" | "cuando" => true,
        _ => false,
    }
}

/// Whether the negation `words` at `i` says a thing is missing ("is not available", "isn't
/// installed", "no está disponible"): a copula before it, a word of presence after it.
fn states_an_absence(clause: &[Token], i: usize, words: &str) -> bool {
    const PRESENT: &[&str] = &[
        "available",
        "installed",
        "present",
        "found",
        "supported",
        "running",
        "reachable",
        "accessible",
        "configured",
        "disponible",
        "disponibles",
        "instalado",
        "instalada",
        "instalados",
        "configurado",
    ];
    let copula = match words {
        "isn't" | "aren't" => true,
        "not" | "no" => i
            .checked_sub(1)
            .and_then(|k| word_at(clause, k))
            .is_some_and(|t| {
                matches!(
                    t.lower.as_str(),
                    "is" | "are" | "was" | "were" | "está" | "están" | "esté" | "estén"
                )
            }),
        _ => false,
    };
    // "no está disponible": the copula follows the Spanish negation.
    let after = i + words.split(' ').count();
    let (copula, after) = match word_at(clause, after) {
        Some(t) if words == "no" && matches!(t.lower.as_str(), "está" | "están" | "esté" | "estén") => {
            (true, after + 1)
        }
        _ => (copula, after),
    };
    copula && word_at(clause, after).is_some_and(|t| PRESENT.contains(&t.lower.as_str()))
}

/// Whether the negation `words` at `i` opens a passive with its agent ("not checked by `x`",
/// "not covered by `y`", "no cubierto por `z`"): a past participle, then "by" or "por".
fn passive_by(clause: &[Token], i: usize, words: &str) -> bool {
    let after = i + words.split(' ').count();
    let participle = word_at(clause, after).is_some_and(|t| {
        let w = t.lower.as_str();
        w.len() > 4
            && (w.ends_with("ed")
                || w.ends_with("ado")
                || w.ends_with("ido")
                || w.ends_with("ada")
                || w.ends_with("ida"))
    });
    participle && word_at(clause, after + 1).is_some_and(|t| matches!(t.lower.as_str(), "by" | "por"))
}

/// Applies a trigger; false when the words are not a trigger here (so they are read as words).
fn apply(
    st: &mut Reading,
    trig: Trig,
    words: &str,
    i: usize,
    clause: &[Token],
    clause_start: usize,
    out: &mut [Mention],
) -> bool {
    let set = |st: &mut Reading, role: Role, side: Option<Side>| {
        st.role = role;
        st.trigger = words.to_string();
        st.trig = Some(trig);
        st.side = side;
        st.term_open = true;
    };
    // "Do not replace the autouse `blockbuster` fixture", "never remove `X`": what must not be
    // replaced or removed is kept, not forbidden.
    if matches!(trig, Trig::Replace | Trig::Remove) && st.trig == Some(Trig::Neg) && st.just_negated(i, 3) {
        st.drop_role();
        return true;
    }
    if st.consequence && matches!(trig, Trig::Instead | Trig::Over | Trig::Neg | Trig::NegUse) {
        return false;
    }
    match trig {
        Trig::NegUse | Trig::Remove => {
            set(st, Role::Forbid, None);
            st.neg_at = Some(i);
            st.found_since_neg = false;
        }
        Trig::Neg if matches!(words, "without" | "sin") && forbidden_here(&out[clause_start..]) => {
            // "No `async` without `try/catch`": the earlier items are forbidden only conditionally.
            make_conditional(&mut out[clause_start..]);
            st.hard_stop = true;
        }
        Trig::Neg if matches!(words, "without" | "sin") && action_follows(clause, i + 1, words == "sin") => {
            // "teardown that removes a work dir without first awaiting `stopChild`", "never
            // commit without running `pnpm test`": what must be done, not a ban on it.
            st.drop_role();
        }
        Trig::Neg if describes_or_conditions(clause, i, words) => return false,
        Trig::Unless => {
            // "unless the user asks", "excepto cuando el usuario lo solicite": the user's to
            // grant, not a condition on the files.
            let words_after: Vec<&str> = clause[i..]
                .iter()
                .filter(|t| t.is_word())
                .map(|t| t.lower.as_str())
                .collect();
            let users = words_after.iter().enumerate().any(|(k, w)| {
                CONDITION_USER.contains(w)
                    && (!matches!(*w, "user" | "users") || user_acts(&words_after[k + 1..]))
            });
            if forbidden_here(&out[clause_start..]) && !users {
                make_conditional(&mut out[clause_start..]);
            }
            st.hard_stop = true;
        }
        Trig::Neg if passive_by(clause, i, words) => {
            // "excluded from coverage but not checked by `strict-no-cover`": who does not act
            // on a thing, named after "by" — no ban on the one named.
            st.drop_role();
        }
        Trig::Neg if states_an_absence(clause, i, words) => {
            // "If `gofumpt` is not available, use `goimports`": what is missing is the
            // condition of a fallback, not a ban on it.
            st.drop_role();
        }
        Trig::Neg if states_a_capability(clause, i, words) => {
            // "Manticore cannot `ALTER` attribute types in place": what a named thing cannot
            // do is a fact about it, not a rule on the code.
            st.drop_role();
        }
        Trig::Neg
            if word_at(clause, i + words.split(' ').count())
                .is_some_and(|t| words::NOT_ENOUGH_ALONE.contains(&t.lower.as_str())) =>
        {
            // "`material` (not just `materialId`)", "no solo `X`": what follows is not enough
            // alone, not forbidden.
            st.drop_role();
        }
        Trig::Neg => {
            // "Use `const`, not `let`": the negation pairs with what was mandated before it.
            let after_mandate = out[clause_start..]
                .iter()
                .any(|f| f.role == Role::Mandate && matches!(f.entity, Entity::Code { .. }));
            if after_mandate && matches!(words, "not" | "no" | "never" | "nunca") {
                // The next pair's preferred side: code right before this negation ("`API` not",
                // "`API` y no"), found after the last pair's replaced side.
                let before = match word_at(clause, i.wrapping_sub(1)) {
                    Some(t) if matches!(t.lower.as_str(), "and" | "y" | "e") => i.checked_sub(2),
                    _ => i.checked_sub(1),
                };
                let mandated_by = out[clause_start..]
                    .iter()
                    .find(|f| f.role == Role::Mandate)
                    .map(|f| (f.trigger.clone(), f.trig));
                if let Some(from) = st.paired_from
                    && out.len() >= from + 2
                    && before.is_some_and(|b| clause[b].is_code())
                    && let Some((trigger, trig)) = mandated_by
                {
                    prefer_last(out, Some(trigger), trig);
                }
                mark_preferred(&mut out[clause_start..]);
                set(st, Role::Forbid, Some(Side::Replaced));
                st.paired_from = Some(out.len());
            } else {
                set(st, Role::Forbid, None);
            }
            st.neg_at = Some(i);
            st.found_since_neg = false;
        }
        Trig::Instead => {
            if let Some(from) = st.instead_from
                && out.len() >= from + 2
            {
                // "… instead of `Optional[str]`, and `list[str]` instead of `List[str]`".
                prefer_last(out, None, None);
            }
            mark_preferred(&mut out[clause_start..]);
            set(st, Role::Forbid, Some(Side::Replaced));
            st.instead_seen = true;
            st.instead_from = Some(out.len());
        }
        Trig::Over => {
            // "Use literal unions over enums" pairs like "prefer"; "use HTTPS over the network"
            // does not.
            let next = clause.get(i + words.split(' ').count());
            let determiner = next.is_some_and(|t| {
                t.is_word()
                    && matches!(
                        t.lower.as_str(),
                        "the" | "a" | "an" | "el" | "la" | "los" | "las" | "un" | "una"
                    )
            });
            if !st.prefer && (!st.used || determiner) {
                return false;
            }
            mark_preferred(&mut out[clause_start..]);
            set(st, Role::Forbid, Some(Side::Replaced));
        }
        Trig::Always => {
            let side = st.instead_seen.then_some(Side::Preferred);
            set(st, Role::Mandate, side);
            st.neg_at = None;
            // "Always use X over Y" pairs "over" as "use X over Y" does.
            st.used |= words
                .rsplit(' ')
                .next()
                .is_some_and(|w| matches!(w, "use" | "usa" | "usar" | "utiliza" | "utilizar"));
        }
        Trig::Use | Trig::Prefer => {
            if st.just_negated(i, 4) {
                // "never directly use", "no deben usar": still forbidding.
                st.trigger = format!("{} … {words}", st.trigger);
                st.trig = Some(Trig::NegUse);
                st.term_open = true;
                return true;
            }
            let side = st.instead_seen.then_some(Side::Preferred);
            set(st, Role::Mandate, side);
            if trig == Trig::Prefer {
                st.prefer = true;
            } else {
                st.used = true;
            }
            st.neg_at = None;
        }
        Trig::Replace => {
            set(st, Role::Forbid, Some(Side::Replaced));
            st.replace = true;
        }
        Trig::With => {
            if !st.replace {
                // "Never use `Math.floor` with negative numbers": a condition on what was forbidden.
                // Not the means of a forbidden concept: "never discard errors with `_`".
                if st.role == Role::Forbid
                    && matches!(words, "with" | "con")
                    && forbidden_here(&out[clause_start..])
                    && !means_of_concept(clause, i + 1, &out[clause_start..])
                {
                    make_conditional(&mut out[clause_start..]);
                    st.hard_stop = true;
                }
                // Otherwise "with" only ends a term.
                st.term_open = false;
                return true;
            }
            set(st, Role::Mandate, Some(Side::Preferred));
        }
        Trig::Header => {
            let before = out[clause_start..]
                .iter()
                .any(|f| f.role == Role::Neutral && !matches!(f.entity, Entity::Place { .. }));
            if before {
                // "`eval` forbidden", "`var` prohibido".
                return apply(st, Trig::Postfix, words, i, clause, clause_start, out);
            }
            // "PROHIBIDO: …", "prohibido `package-lock.json`": a forbidding verb.
            set(st, Role::Forbid, None);
            st.trig = Some(Trig::NegUse);
            st.neg_at = None;
        }
        Trig::Postfix => {
            // "Está prohibido el uso de emojis": with nothing before it, it forbids what follows.
            let before = out[clause_start..]
                .iter()
                .any(|f| f.role == Role::Neutral && !matches!(f.entity, Entity::Place { .. }));
            if !before && clause[..i].iter().all(|t| !t.is_word() && !t.is_code()) {
                set(st, Role::Forbid, None);
                st.trig = Some(Trig::NegUse);
                st.neg_at = None;
                return true;
            }
            for f in out[clause_start..].iter_mut() {
                if f.role == Role::Neutral && !matches!(f.entity, Entity::Place { .. }) {
                    f.role = Role::Forbid;
                    f.trigger = words.to_string();
                    f.trig = Some(Trig::Postfix);
                }
            }
            st.role = Role::Neutral;
            st.term_open = false;
        }
        Trig::StopHard => {
            st.hard_stop = true;
        }
        Trig::StopSoft => {
            // "prefer `unknown` to `any`", "migrate from X to Y".
            if words == "to" && st.prefer && next_is_code_or_word(clause, i + 1) {
                mark_preferred(&mut out[clause_start..]);
                set(st, Role::Forbid, Some(Side::Replaced));
                return true;
            }
            if words == "to" && st.replace {
                set(st, Role::Mandate, Some(Side::Preferred));
                return true;
            }
            if words == "to" && clause.get(i + 1).is_some_and(Token::is_code) {
                // "assign to `innerHTML`": a preposition, not a purpose.
                st.term_open = false;
                return true;
            }
            if matches!(words, "for" | "para") && st.role == Role::Mandate {
                st.parallel = Some((st.trigger.clone(), st.trig));
            }
            st.drop_role();
        }
        // Set by the reader after a negation, never spelled by a trigger word.
        Trig::Mutate | Trig::Override => return false,
        Trig::LocNeg | Trig::Loc | Trig::Except => {
            // "in TypeScript": a place word followed by no path is only a word.
            st.place = Some((trig, i + words.split(' ').count() - 1, words.to_string()));
            // Skip filler words so the path can be further away.
            let mut j = i + words.split(' ').count();
            while word_at(clause, j).is_some_and(|t| PLACE_FILLER.contains(&t.lower.as_str())) {
                j += 1;
            }
            if let Some(p) = st.place.as_mut() {
                p.1 = j.saturating_sub(1);
            }
            st.term_open = false;
            if matches!(trig, Trig::LocNeg) && clause.get(j).is_some_and(|t| t.is_code() && !is_pathish(t)) {
                // "store metadata in `details`, not in `id` or `content`": code that holds
                // something, named as where it must not go — the code itself is no violation.
                st.drop_role();
                st.place = None;
                return true;
            }
            if matches!(trig, Trig::LocNeg) && !clause.get(j).is_some_and(is_pathish) {
                // "never in production": a plain negation.
                return apply(
                    st,
                    Trig::Neg,
                    words.split(' ').next().unwrap_or(""),
                    i,
                    clause,
                    clause_start,
                    out,
                );
            }
            // "inside the `@Component` decorator", "in Angular decorators": a construct where
            // the forbidden thing sits, not more of what is forbidden.
            let decorator = clause[j.min(clause.len())..].iter().take(4).any(|t| {
                (t.is_code() && t.text.starts_with('@') && t.text.len() > 1)
                    || (t.is_word() && words::DECORATOR_WORDS.contains(&t.lower.as_str()))
            });
            if trig == Trig::Loc && decorator {
                st.role = Role::Neutral;
                st.trig = None;
                st.trigger.clear();
                return true;
            }
            if trig == Trig::Except && !clause.get(j).is_some_and(is_pathish) {
                // "except for debugging": the rest is an exception, not a target.
                st.role = Role::Neutral;
                st.trig = None;
                st.trigger.clear();
            }
        }
    }
    true
}

/// A path alias quoted alone, as an import path starts with it: `@/`, `@/*`, `~/`, `#/`, `$lib/`.
fn import_path_prefix(text: &str) -> bool {
    matches!(text.trim_end_matches('*'), "@/" | "~/" | "#/" | "$lib/" | "$lib")
}

/// A file name or pattern at `i` forbidden as such: right after the forbidding words, in their
/// list, or after a verb of placing ("never put `test_*.py` …"); not after a verb that acts on
/// it ("never edit `package.json`").
fn file_forbidden(st: &Reading, clause: &[Token], i: usize) -> bool {
    // "never put `x`", "no crear archivos .txt": a verb of placing, maybe then a file word.
    let placing_at = |k: usize| clause[k].is_word() && PLACING_VERBS.contains(&clause[k].lower.as_str());
    // "do not add a separate `clippy.toml` file", "no crear archivos .txt": articles, adjectives
    // and file words between.
    let mut k = i;
    while k > 0
        && clause[k - 1].is_word()
        && (DETERMINERS.contains(&clause[k - 1].lower.as_str())
            || FILE_ADJECTIVES.contains(&clause[k - 1].lower.as_str())
            || FILE_WORDS.contains(&clause[k - 1].lower.as_str()))
    {
        k -= 1;
    }
    // "do not use a separate `clippy.toml`": the forbidding verb, before them.
    let using =
        k < i && st.trig == Some(Trig::NegUse) && k > 0 && st.trigger.ends_with(clause[k - 1].lower.as_str());
    let placing = (k > 0 && placing_at(k - 1)) || using;
    st.role == Role::Forbid
        && !matches!(st.trig, Some(Trig::Mutate | Trig::Override))
        && st.place.is_none()
        && file_pattern_at(clause, i).is_some()
        && (st.term_open || placing)
}

/// The file name or pattern at `i`, as written. (Extensions that name files — "archivos .txt",
/// "`.orig` files" — are the file-kinds pass's.)
fn file_pattern_at(clause: &[Token], i: usize) -> Option<String> {
    let text = &clause[i].text;
    let extension = text.starts_with('.') && names_files(clause, i);
    (!extension && is_file_pattern(text)).then(|| text.clone())
}

/// Whether a list goes on at `j` (a comma or a list word: "npm, yarn or bun"), and where its
/// next item starts.
fn list_continues(clause: &[Token], mut j: usize) -> (bool, usize) {
    let mut open = false;
    while let Some(t) = clause.get(j) {
        if t.kind == Kind::Comma || (t.is_word() && LIST_WORDS.contains(&t.lower.as_str())) {
            open = true;
            j += 1;
        } else if let Some(len) = example_lead(clause, j).filter(|_| clause[j].lower != "como") {
            // "moment, luxon, e.g. dayjs": examples go on with the list ("como" also means "as":
            // "usar FastAPI como framework").
            open = true;
            j += len;
        } else {
            break;
        }
    }
    (open, j)
}

/// Whether `term`, before the example lead at `lead`, is a kind of thing rather than a thing:
/// not a known package or tool, and — before the Spanish "como", which also means "as" ("usar
/// FastAPI como framework") — plural ("herramientas externas como Prisma").
fn is_kind_of_thing(term: &str, clause: &[Token], lead: usize) -> bool {
    let lower = term.to_lowercase();
    let last = lower.rsplit(' ').next().unwrap_or(&lower);
    let named = is_tool(&lower) || is_known_package(&lower);
    let plural_before_como = word_at(clause, lead).is_none_or(|t| t.lower != "como") || last.ends_with('s');
    !named && plural_before_como
}

/// How many words at `i` say "the use of" ("usage of", "el uso de", "la utilización de").
fn use_noun_at(clause: &[Token], i: usize) -> Option<usize> {
    let mut k = i;
    while word_at(clause, k).is_some_and(|t| DETERMINERS.contains(&t.lower.as_str())) {
        k += 1;
    }
    let noun = word_at(clause, k)?;
    let of = word_at(clause, k + 1)?;
    (matches!(
        noun.lower.as_str(),
        "use" | "usage" | "uso" | "utilización" | "utilizacion" | "empleo"
    ) && matches!(of.lower.as_str(), "of" | "de" | "del"))
    .then_some(k + 2 - i)
}

/// How many words at `j` introduce examples of what was named before them ("like", "such as",
/// "e.g.", "i.e.", "including", "como", "tales como", "por ejemplo", "p. ej.").
fn example_lead(clause: &[Token], j: usize) -> Option<usize> {
    let w = |k: usize| word_at(clause, k).map(|t| t.lower.as_str());
    match (w(j)?, w(j + 1)) {
        ("such", Some("as"))
        | ("tales", Some("como"))
        | ("por", Some("ejemplo"))
        | ("for", Some("example"))
        | ("p", Some("ej")) => Some(2),
        ("like" | "including" | "incluyendo" | "como" | "e.g" | "eg" | "i.e" | "ie", _) => Some(1),
        _ => None,
    }
}

fn is_pathish(t: &Token) -> bool {
    t.kind == Kind::Path || (matches!(t.kind, Kind::Span(_)) && looks_like_path(&t.text))
}

fn next_is_code_or_word(clause: &[Token], i: usize) -> bool {
    clause.get(i).is_some_and(|t| t.is_code() || t.is_word())
}

/// Whether code or a concept is forbidden so far in the clause (terms after a bare negation
/// are mostly verbs: "never disable ESLint rules with `eslint-disable`"; after a verb of using —
/// "do not import React" — a term is the package).
fn forbidden_here(found: &[Mention]) -> bool {
    found.iter().any(|f| {
        f.role == Role::Forbid
            && (matches!(f.entity, Entity::Code { .. } | Entity::Concept { .. })
                || (matches!(f.entity, Entity::Term(_)) && f.trig == Some(Trig::NegUse)))
    })
}

/// Whether the code span at `i` (after "with") is an example of a concept forbidden in the
/// clause — the means of it ("never discard errors with `_`"), not a condition on it.
fn means_of_concept(clause: &[Token], i: usize, found: &[Mention]) -> bool {
    let Some(span) = clause.get(i).filter(|t| matches!(t.kind, Kind::Span(_))) else {
        return false;
    };
    let words: Vec<&str> = clause
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    let Some(example) = super::concepts::example_in_context(&span.text, |list: &[&str]| {
        words.iter().any(|w| list.contains(w))
    }) else {
        return false;
    };
    found.iter().any(|f| {
        f.role == Role::Forbid
            && matches!(f.entity, Entity::Concept { index, .. } if CONCEPTS[index].detector.name == example.name)
    })
}

fn make_conditional(found: &mut [Mention]) {
    for f in found.iter_mut() {
        if f.role == Role::Forbid && !matches!(f.entity, Entity::Place { .. }) {
            f.role = Role::Neutral;
            f.conditional = true;
        }
    }
}

fn mark_preferred(found: &mut [Mention]) {
    for f in found.iter_mut() {
        if f.role == Role::Mandate && f.side.is_none() {
            f.side = Some(Side::Preferred);
        }
    }
}

/// Nouns that say how a package named before them is used ("axios usage", "lodash imports").
const USE_NOUNS_AFTER: &[&str] = &[
    "usage",
    "usages",
    "use",
    "uses",
    "calls",
    "call",
    "imports",
    "import",
    "dependency",
    "dependencies",
];

/// Up to three words from `i`, after articles, until a stop word; and the index after them.
fn take_term(clause: &[Token], mut i: usize) -> (Option<String>, usize) {
    let package_at = |k: usize| {
        clause
            .get(k)
            .is_some_and(|t| is_known_package(&t.lower) || package_spelling(&t.text))
    };
    while word_at(clause, i).is_some_and(|t| {
        DETERMINERS.contains(&t.lower.as_str())
            // "No direct axios usage": how the package is used, before it.
            || (matches!(t.lower.as_str(), "direct" | "raw") && package_at(i + 1))
    }) {
        i += 1;
    }
    let mut words = Vec::new();
    while let Some(t) = word_at(clause, i) {
        // "no axios usage", "avoid lodash imports": the package, then how it is used.
        let use_of_a_package =
            words.len() == 1 && USE_NOUNS_AFTER.contains(&t.lower.as_str()) && package_at(i - 1);
        if words.len() == 3
            || use_of_a_package
            || ends_a_term(&t.lower)
            || (!words.is_empty() && example_lead(clause, i).is_some())
            || trigger_at(clause, i).is_some()
            || concept_at(clause, i).is_some()
        {
            break;
        }
        words.push(t.text.as_str());
        i += 1;
    }
    if words.is_empty() {
        (None, i.max(1))
    } else {
        (Some(words.join(" ")), i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::infer::text::tokenize;

    fn code(text: &str) -> Vec<(String, Role, Option<Side>)> {
        read(&tokenize(text))
            .into_iter()
            .filter_map(|f| match f.entity {
                Entity::Code { text, .. } => Some((text, f.role, f.side)),
                _ => None,
            })
            .collect()
    }

    fn roles(text: &str) -> Vec<(String, Role)> {
        code(text).into_iter().map(|(t, r, _)| (t, r)).collect()
    }

    fn terms(text: &str) -> Vec<(String, Role)> {
        read(&tokenize(text))
            .into_iter()
            .filter_map(|f| match f.entity {
                Entity::Term(t) => Some((t, f.role)),
                _ => None,
            })
            .collect()
    }

    fn places(text: &str) -> Vec<(String, Place)> {
        read(&tokenize(text))
            .into_iter()
            .filter_map(|f| match f.entity {
                Entity::Place { path, place } => Some((path, place)),
                _ => None,
            })
            .collect()
    }

    use Role::*;

    #[test]
    fn a_package_named_with_how_it_is_used() {
        for (text, package) in [
            ("No direct axios usage inside components.", "axios"),
            ("Avoid lodash imports.", "lodash"),
            ("No moment.js calls in new code.", "moment.js"),
        ] {
            assert_eq!(terms(text), [(package.to_string(), Forbid)], "{text}");
        }
        // Not a package: the words stay one term.
        assert_eq!(
            terms("No dynamic imports."),
            [("dynamic imports".to_string(), Forbid)]
        );
        assert_eq!(
            terms("No direct access."),
            [("direct access".to_string(), Forbid)]
        );
    }

    #[test]
    fn forbidding_words_in_english() {
        assert_eq!(
            roles("Never use `any` in TypeScript - use `unknown` with type guards."),
            [("any".into(), Forbid), ("unknown".into(), Mandate)]
        );
        assert_eq!(
            roles("Don't use `var`; use `let` or `const`."),
            [
                ("var".into(), Forbid),
                ("let".into(), Mandate),
                ("const".into(), Mandate)
            ]
        );
        assert_eq!(
            roles("Avoid `print()` and `pprint` in library code"),
            [("print()".into(), Forbid), ("pprint".into(), Forbid)]
        );
        assert_eq!(
            roles("Never call `unwrap()` because it panics on `None`"),
            [("unwrap()".into(), Forbid)]
        );
        assert_eq!(roles("`eval` is forbidden"), [("eval".into(), Forbid)]);
        assert_eq!(
            roles("Components must never directly use `fetch`"),
            [("fetch".into(), Forbid)]
        );
    }

    #[test]
    fn an_aside_in_parentheses_does_not_end_the_clause() {
        let roles = |s: &str| {
            code(s)
                .into_iter()
                .map(|(c, role, _)| (c, role))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            roles("Prefer pytest equivalents (e.g. `pytest-mock`, `monkeypatch`) over `unittest.mock`"),
            [
                ("pytest-mock".into(), Mandate),
                ("monkeypatch".into(), Mandate),
                ("unittest.mock".into(), Forbid)
            ]
        );
        // anthropic-sdk-typescript's CLAUDE.md: examples in a list that mixes code and words.
        assert_eq!(
            roles(
                "Never hide imports from bundlers (`webpackIgnore` comments, variable specifiers, `eval`)."
            ),
            [("webpackIgnore".into(), Forbid), ("eval".into(), Forbid)]
        );
        // An aside that is no list of examples names no ban.
        assert!(
            roles("Never hide imports (see `docs/bundlers.md`, `eval`).")
                .iter()
                .all(|(_, role)| *role == Neutral)
        );
        assert_eq!(
            roles("Use `dayjs` (smaller) over `moment`"),
            [("dayjs".into(), Mandate), ("moment".into(), Forbid)]
        );
        // "not just": not enough alone, not forbidden.
        assert_eq!(
            roles("Check that MeshRenderer has `material` property (not just `materialId`)"),
            [("material".into(), Neutral), ("materialId".into(), Neutral)]
        );
        assert_eq!(
            roles("Valida la entrada, no solo `typeof x`"),
            [("typeof x".into(), Neutral)]
        );
        // Code alone in an aside after forbidding words: what they meant.
        assert_eq!(
            roles("Do not use hard waits (`waitForTimeout`)."),
            [("waitForTimeout".into(), Forbid)]
        );
        assert_eq!(
            roles("No usar esperas fijas (`sleep`, `waitForTimeout`)"),
            [("sleep".into(), Forbid), ("waitForTimeout".into(), Forbid)]
        );
        // Not after code (a replacement or a remark), nor after a mandate, nor with words.
        assert_eq!(
            roles("Never use `var` (`let`)"),
            [("var".into(), Forbid), ("let".into(), Neutral)]
        );
        assert_eq!(
            roles("Use fake clocks (`clockwork`)"),
            [("clockwork".into(), Neutral)]
        );
        assert_eq!(
            roles("Avoid hard waits (see `waitFor`)"),
            [("waitFor".into(), Neutral)]
        );
        // A sentence after the aside starts afresh.
        assert_eq!(
            roles("Use `dayjs` (smaller). `moment` is in the lockfile"),
            [("dayjs".into(), Mandate), ("moment".into(), Neutral)]
        );
    }

    #[test]
    fn instead_of_and_prefer_over_pair_sides() {
        assert_eq!(
            code("Use `===` instead of `==`"),
            [
                ("===".into(), Mandate, Some(Side::Preferred)),
                ("==".into(), Forbid, Some(Side::Replaced))
            ]
        );
        assert_eq!(
            code("Prefer `const` over `let`"),
            [
                ("const".into(), Mandate, Some(Side::Preferred)),
                ("let".into(), Forbid, Some(Side::Replaced))
            ]
        );
        assert_eq!(
            code("Prefer `unknown` to `any`"),
            [
                ("unknown".into(), Mandate, Some(Side::Preferred)),
                ("any".into(), Forbid, Some(Side::Replaced))
            ]
        );
        assert_eq!(
            code("Instead of `moment`, use `dayjs`"),
            [
                ("moment".into(), Forbid, Some(Side::Replaced)),
                ("dayjs".into(), Mandate, Some(Side::Preferred))
            ]
        );
        assert_eq!(
            code("Replace `var` with `const`"),
            [
                ("var".into(), Forbid, Some(Side::Replaced)),
                ("const".into(), Mandate, Some(Side::Preferred))
            ]
        );
        assert_eq!(
            code("Use `const`, not `let`"),
            [
                ("const".into(), Mandate, Some(Side::Preferred)),
                ("let".into(), Forbid, Some(Side::Replaced))
            ]
        );
    }

    #[test]
    fn forbidding_words_in_spanish() {
        assert_eq!(
            roles("No usar nunca `any` en TypeScript; usar `unknown`"),
            [("any".into(), Forbid), ("unknown".into(), Mandate)]
        );
        assert_eq!(
            roles("Usa `const` en lugar de `var`"),
            [("const".into(), Mandate), ("var".into(), Forbid)]
        );
        assert_eq!(
            roles("Nunca uses `==`, usa `===`"),
            [("==".into(), Forbid), ("===".into(), Mandate)]
        );
        assert_eq!(
            roles("Evitar `console.log` en código de producción"),
            [("console.log".into(), Forbid)]
        );
        assert_eq!(roles("`eval` está prohibido"), [("eval".into(), Forbid)]);
        assert_eq!(
            roles("Los componentes no deben usar `any`"),
            [("any".into(), Forbid)]
        );
    }

    #[test]
    fn unquoted_terms() {
        assert_eq!(
            terms("Always use pnpm instead of npm or yarn"),
            [
                ("pnpm".into(), Mandate),
                ("npm".into(), Forbid),
                ("yarn".into(), Forbid)
            ]
        );
        assert_eq!(
            terms("Usar siempre pnpm en lugar de npm o yarn"),
            [
                ("pnpm".into(), Mandate),
                ("npm".into(), Forbid),
                ("yarn".into(), Forbid)
            ]
        );
        assert_eq!(
            terms("Always use native fetch instead of Axios"),
            [("native fetch".into(), Mandate), ("Axios".into(), Forbid)]
        );
        assert_eq!(terms("Use Axios."), [("Axios".into(), Mandate)]);
        assert_eq!(terms("No usar nunca any en TypeScript"), [("any".into(), Forbid)]);
    }

    #[test]
    fn places_after_place_words() {
        assert_eq!(
            places(
                "Colocar siempre los manejadores de rutas de API en 'src/server/routes/', nunca en 'src/api/'"
            ),
            [
                ("src/server/routes/".into(), Place::Allowed),
                ("src/api/".into(), Place::Forbidden)
            ]
        );
        assert_eq!(
            places("Las rutas de API viven en src/server/routes/, no en src/api/"),
            [
                ("src/server/routes/".into(), Place::Allowed),
                ("src/api/".into(), Place::Forbidden)
            ]
        );
        assert_eq!(
            places("Never use `console.log` in the `src/` folder"),
            [("src/".into(), Place::Within)]
        );
        assert_eq!(
            places("Never use `print()` except in `scripts/`"),
            [("scripts/".into(), Place::Except)]
        );
        assert_eq!(
            places("Never put test files in `src/`"),
            [("src/".into(), Place::Forbidden)]
        );
        assert!(places("Never use `any` in TypeScript").is_empty());
    }

    #[test]
    fn conditions_examples_and_double_negatives() {
        assert_eq!(
            roles("No `async` functions without `try/catch`."),
            [("async".into(), Neutral)]
        );
        assert_eq!(
            roles("Never call `fetch` unless a timeout is set"),
            [("fetch".into(), Neutral)]
        );
        assert_eq!(
            roles("No usar `any` sin justificación"),
            [("any".into(), Neutral)]
        );
        assert_eq!(
            roles("Handle errors without `unwrap()`"),
            [("unwrap()".into(), Forbid)]
        );
        assert_eq!(
            roles("Never use `Math.floor` with negative numbers"),
            [("Math.floor".into(), Neutral)]
        );
        assert_eq!(
            roles("Replace `var` with `const`"),
            [("var".into(), Forbid), ("const".into(), Mandate)]
        );
        assert_eq!(
            roles("Never forget `await` on promises"),
            [("await".into(), Mandate)]
        );
        assert_eq!(roles("No olvides `await`"), [("await".into(), Mandate)]);
        assert_eq!(
            roles("Avoid deprecated lifecycle methods (e.g. `componentWillMount`)."),
            [("componentWillMount".into(), Forbid)]
        );
        assert_eq!(
            roles("Evitar APIs obsoletas (por ejemplo `document.write`)"),
            [("document.write".into(), Forbid)]
        );
    }

    #[test]
    fn concepts_carry_the_role() {
        let f = read(&tokenize(
            "No agregar nunca emojis a los mensajes de commit - mantener títulos como Conventional Commits",
        ));
        let concepts: Vec<(&str, Role)> = f
            .iter()
            .filter_map(|f| match f.entity {
                Entity::Concept { index, .. } => Some((CONCEPTS[index].detector.name, f.role)),
                _ => None,
            })
            .collect();
        assert_eq!(concepts, [("emoji", Forbid), ("conventional-commits", Mandate)]);
    }

    #[test]
    fn package_lists_headers_and_spellings() {
        let f = |w: &str| (w.to_string(), Role::Forbid);
        assert_eq!(
            terms("Don't use moment.js, dayjs, or luxon."),
            [f("moment.js"), f("dayjs"), f("luxon")]
        );
        assert_eq!(terms("NOT permitted: axios, lodash"), [f("axios"), f("lodash")]);
        assert_eq!(terms("PROHIBIDO: moment, lodash"), [f("moment"), f("lodash")]);
        assert_eq!(terms("no uses moment ni lodash"), [f("moment"), f("lodash")]);
        assert_eq!(
            terms("Never use `moment`, dayjs or luxon."),
            [f("dayjs"), f("luxon")]
        );
        assert_eq!(terms("no `@acme/legacy-ui`"), [f("@acme/legacy-ui")]);
        // Tools joined by slashes are a list.
        assert_eq!(terms("no yarn/pnpm/bun"), [f("yarn"), f("pnpm"), f("bun")]);
        // A header that names code already is not a list header: what follows is a reason.
        assert!(
            code("Never use `any`: it hides `foo()` errors.")
                .iter()
                .all(|(c, role, _)| c == "any" || *role == Role::Neutral)
        );
        // A postfix use of the header words still forbids what came before.
        assert_eq!(
            code("`eval` prohibido"),
            [("eval".to_string(), Role::Forbid, None)]
        );
    }
}
