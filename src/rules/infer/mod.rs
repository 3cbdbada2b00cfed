//! Words to checks: what a rule without a `Check` can still enforce, inferred conservatively
//! from its instruction (English and Spanish).
//!
//! The instruction is tokenized (`text`), read clause by clause by the trigger grammar
//! (`phrases`: "never use", "instead of", "no usar", "en lugar de"…), and what it forbids becomes
//! checks: code spans as boundary-aware literals (`literal`), named concepts and keyword-like
//! literals through detectors (`concepts`), unquoted tools in command contexts only, and places
//! as `Forbidden_paths`; language words decide the files (`files`). What it mandates is kept for
//! precedence (`conflict`). Precision beats recall: anything doubtful infers nothing.

pub mod concepts;
mod conflict;
mod explicit;
pub mod files;
pub mod literal;
pub mod phrases;
pub mod text;

use super::model::{CheckSpec, Origin, Rule};
use concepts::{CONCEPTS, Detector, Effect, KEYWORDS};
use files::{FileScope, Lang, Named};
use literal::{LitKind, Literal};
use phrases::{Entity, Mention, Place, Role, Side, Trig};
use text::{Kind, Token};

pub use conflict::conflicts;
pub use explicit::{explicit_check, explicit_checks, make_explicit_edit};

/// What was inferred from one rule's words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inference {
    /// Checks derived from the words, each with `Origin::Inferred`.
    pub checks: Vec<CheckSpec>,
    /// True when the rule names nothing concrete enough to check ("write clean code").
    pub vague: bool,
    /// What the rule says to always use (for precedence).
    pub mandates: Vec<Term>,
    /// What the rule forbids (for precedence), checked or not.
    pub forbids: Vec<Term>,
    /// Languages the rule names, for telling whether two rules can conflict.
    pub languages: Vec<String>,
    /// What was read but not turned into a check, and why (for `--explain`).
    pub notes: Vec<String>,
}

/// Something a rule mandates or forbids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// As written: "`any`", "pnpm", "emojis".
    pub text: String,
    /// Normalized for comparison: lowercase, no call parentheses; `concept:emoji` for concepts.
    pub key: String,
    /// The words that made it mandated or forbidden ("always use", "instead of").
    pub trigger: String,
}

/// Infers checks from a rule's words.
pub fn infer(rule: &Rule) -> Inference {
    let tokens = text::tokenize(&rule.instruction);
    let found = phrases::read(&tokens);
    let named = files::named(&tokens);
    let mut b = Builder::new(rule, &tokens, &found, named);
    b.run();
    b.inf
}

/// Per rule, what was inferred and why, one line each — for `autofix rules --explain` and hovers.
pub fn explain(rule: &Rule, inference: &Inference) -> Vec<String> {
    let mut lines = Vec::new();
    if !rule.checks.is_empty() {
        lines.push("explicit Check: nothing inferred".into());
        return lines;
    }
    for (i, check) in inference.checks.iter().enumerate() {
        let why = match &check.origin {
            Origin::Inferred { explanation } => explanation.clone(),
            Origin::Explicit => "explicit".into(),
        };
        lines.push(format!("check {}: {why}", i + 1));
        lines.push(format!("  {}", check.describe_inline()));
    }
    for m in &inference.mandates {
        lines.push(format!(
            "mandates {} (after \"{}\"; used for precedence)",
            m.text, m.trigger
        ));
    }
    for note in &inference.notes {
        lines.push(format!("note: {note}"));
    }
    if inference.vague {
        lines.push(
            "too vague to check: name the concrete thing, e.g. \"Always export types alongside components in .types.ts files\""
                .into(),
        );
    } else if inference.checks.is_empty() {
        lines.push(
            "nothing inferred: no code span, path, tool or known concept after a forbidding word".into(),
        );
    }
    lines
}

/// Folder and file nouns: a rule about where *these* go can forbid paths.
const FILE_NOUNS: &[&str] = &[
    "files",
    "file",
    "archivos",
    "archivo",
    "ficheros",
    "fichero",
    "modules",
    "module",
    "módulos",
    "modulos",
    "handlers",
    "handler",
    "manejadores",
    "manejador",
    "routes",
    "route",
    "rutas",
    "components",
    "component",
    "componentes",
    "componente",
    "tests",
    "test",
    "pruebas",
    "migrations",
    "migraciones",
    "hooks",
    "stories",
    "scripts",
    "fixtures",
    "models",
    "modelos",
    "schemas",
    "esquemas",
    "pages",
    "páginas",
    "endpoints",
    "controllers",
    "controladores",
    "services",
    "servicios",
    "utils",
    "helpers",
    "assets",
    "images",
    "imágenes",
    "stylesheets",
    "configs",
    "mocks",
    "snapshots",
    "specs",
    "views",
    "vistas",
    "layouts",
    "templates",
    "plantillas",
    "screens",
    "pantallas",
    "resolvers",
    "middlewares",
    "middleware",
    "reducers",
    "stores",
    "entities",
    "entidades",
    "dtos",
    "repositories",
    "repositorios",
    "migration",
    "migración",
    "story",
    "fixture",
    "mock",
];

/// File kinds recognizable by name: the nouns that name them and their globs.
const SUBJECT_KINDS: &[(&[&str], &[&str])] = &[
    (
        &["test", "tests", "prueba", "pruebas", "spec", "specs"],
        files::TEST_NAMES,
    ),
    (&["stories", "story", "historias"], &["*.stories.*"]),
    (
        &["hooks", "hook"],
        &["use[A-Z]*.ts", "use[A-Z]*.tsx", "use[A-Z]*.js", "use[A-Z]*.jsx"],
    ),
];

/// Words that make a rule about libraries: a common word in quotes is then a package name.
const LIBRARY_WORDS: &[&str] = &[
    "library",
    "libraries",
    "package",
    "packages",
    "dependency",
    "dependencies",
    "module",
    "import",
    "imports",
    "librería",
    "librerías",
    "libreria",
    "biblioteca",
    "bibliotecas",
    "paquete",
    "paquetes",
    "dependencia",
    "dependencias",
    "importar",
    "importes",
];

const VAGUE_WORDS: &[&str] = &[
    "clean",
    "cleaner",
    "good",
    "better",
    "best",
    "nice",
    "readable",
    "maintainable",
    "simple",
    "simpler",
    "small",
    "smaller",
    "short",
    "shorter",
    "proper",
    "properly",
    "meaningful",
    "clear",
    "clearly",
    "careful",
    "carefully",
    "quality",
    "elegant",
    "idiomatic",
    "robust",
    "efficient",
    "performant",
    "consistent",
    "consistently",
    "tidy",
    "beautiful",
    "messy",
    "sensible",
    "reasonable",
    "appropriate",
    "appropriately",
    "limpio",
    "limpia",
    "limpios",
    "limpias",
    "buen",
    "bueno",
    "buena",
    "buenos",
    "buenas",
    "mejor",
    "mejores",
    "legible",
    "legibles",
    "mantenible",
    "mantenibles",
    "sencillo",
    "sencilla",
    "sencillos",
    "sencillas",
    "pequeño",
    "pequeña",
    "pequeños",
    "pequeñas",
    "corto",
    "corta",
    "cortos",
    "cortas",
    "claro",
    "clara",
    "claros",
    "claras",
    "significativo",
    "significativos",
    "significativa",
    "significativas",
    "cuidado",
    "calidad",
    "elegante",
    "eficiente",
    "robusto",
    "consistente",
    "ordenado",
    "ordenada",
    "adecuado",
    "adecuada",
    "apropiado",
];

const SPANISH_MARKERS: &[&str] = &[
    "de", "la", "el", "los", "las", "en", "nunca", "siempre", "usar", "para", "con", "por", "que", "un",
    "una", "del", "al", "evitar", "usa", "uses", "mensajes", "código", "archivos", "lugar", "vez", "sin",
    "y",
];
const ENGLISH_MARKERS: &[&str] = &[
    "the", "never", "always", "use", "in", "of", "to", "for", "with", "and", "instead", "avoid", "don't",
    "files", "code", "messages", "a", "an", "not", "do",
];

struct Builder<'a> {
    rule: &'a Rule,
    tokens: &'a [Token],
    found: &'a [Mention],
    named: Named,
    inf: Inference,
    spanish: bool,
    /// Languages implied by the rule's own literals (`===` → JS/TS), for literals without any.
    literal_langs: Vec<Lang>,
    within: Vec<String>,
    except: Vec<String>,
    tools: Vec<(String, String)>,
    commands: Vec<(String, String)>,
}

impl<'a> Builder<'a> {
    fn new(rule: &'a Rule, tokens: &'a [Token], found: &'a [Mention], named: Named) -> Builder<'a> {
        let words: Vec<&str> = tokens
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect();
        let es = words.iter().filter(|w| SPANISH_MARKERS.contains(w)).count();
        let en = words.iter().filter(|w| ENGLISH_MARKERS.contains(w)).count();
        Builder {
            rule,
            tokens,
            found,
            named,
            inf: Inference::default(),
            spanish: es > en,
            literal_langs: Vec::new(),
            within: Vec::new(),
            except: Vec::new(),
            tools: Vec::new(),
            commands: Vec::new(),
        }
    }

    /// The diagnostic's text: the rule's own words. Whoever shows it adds "(inferred)" in the
    /// reader's language, from `Violation::inferred`.
    fn message(&self) -> String {
        self.rule.instruction.trim().to_string()
    }

    fn run(&mut self) {
        self.inf.languages = self.named.langs().iter().map(|l| l.name().to_string()).collect();
        for f in self.found {
            if let Entity::Code { text, .. } = &f.entity
                && let Ok(lit) = literal::classify(text)
            {
                for l in lit.langs {
                    if !self.literal_langs.contains(&l) {
                        self.literal_langs.push(l);
                    }
                }
            }
            if let Entity::Place { path, place } = &f.entity {
                match place {
                    Place::Within => self.within.push(path.clone()),
                    Place::Except => self.except.push(path.clone()),
                    _ => {}
                }
            }
        }
        let fixes = self.pair_fixes();
        for (i, f) in self.found.iter().enumerate() {
            if f.conditional {
                let what = match &f.entity {
                    Entity::Code { text, .. } => format!("`{text}`"),
                    Entity::Term(t) => format!("\"{t}\""),
                    Entity::Concept { words, .. } => format!("\"{words}\""),
                    Entity::Place { path, .. } => format!("`{path}`"),
                };
                self.inf.notes.push(format!(
                    "{what} not checked: forbidden only under a condition (\"without\", \"unless\", \"sin\", \"a menos que\")"
                ));
                continue;
            }
            self.record_term(f);
            match (&f.entity, f.role) {
                (Entity::Code { text, returned, .. }, Role::Forbid) => {
                    self.forbid_code(text, *returned, f, fixes[i].as_ref())
                }
                (Entity::Concept { index, words }, role) => self.concept(*index, words, role, f),
                (Entity::Term(term), Role::Forbid) => self.forbid_term(term, f),
                _ => {}
            }
        }
        self.command_checks();
        self.forbidden_paths();
        self.dedup();
        self.inf.vague = self.inf.checks.is_empty() && self.is_vague();
    }

    fn record_term(&mut self, f: &Mention) {
        let (text, key) = match &f.entity {
            Entity::Code { text, .. } => (format!("`{text}`"), normalize_key(text)),
            Entity::Concept { index, words } => (
                words.clone(),
                format!("concept:{}", CONCEPTS[*index].detector.name),
            ),
            Entity::Term(t) => {
                // Only the object of a use-type verb is a thing ("never use X"), not "never put …".
                let use_like = matches!(
                    f.trig,
                    Some(
                        Trig::NegUse
                            | Trig::Instead
                            | Trig::Over
                            | Trig::Replace
                            | Trig::Always
                            | Trig::Use
                            | Trig::Prefer
                            | Trig::With
                    )
                );
                // A bare "always" / "siempre" is followed by a verb ("always run …").
                let bare_always = matches!(f.trigger.as_str(), "always" | "siempre");
                if !use_like || bare_always {
                    return;
                }
                (t.clone(), normalize_key(t))
            }
            Entity::Place { .. } => return,
        };
        if key.is_empty() {
            return;
        }
        let term = Term {
            text,
            key,
            trigger: f.trigger.clone(),
        };
        let list = match f.role {
            Role::Forbid => &mut self.inf.forbids,
            Role::Mandate => &mut self.inf.mandates,
            Role::Neutral => return,
        };
        if !list.iter().any(|t| t.key == term.key) {
            list.push(term);
        }
    }

    /// Fixes from "use Y instead of X" (and "prefer Y over X", "replace X with Y", "never X - use
    /// Y"): X's index → (Y, the words that paired them), when X and Y are of the same kind.
    fn pair_fixes(&self) -> Vec<Option<(Literal, String)>> {
        let mut fixes = vec![None; self.found.len()];
        let code = |f: &Mention| match &f.entity {
            Entity::Code { text, .. } => literal::classify(text).ok(),
            _ => None,
        };
        let clauses = self.found.iter().map(|f| f.clause).max().map_or(0, |m| m + 1);
        for c in 0..clauses {
            let in_clause: Vec<usize> = (0..self.found.len())
                .filter(|&i| self.found[i].clause == c)
                .collect();
            let preferred: Vec<usize> = in_clause
                .iter()
                .copied()
                .filter(|&i| self.found[i].side == Some(Side::Preferred) && code(&self.found[i]).is_some())
                .collect();
            let replaced: Vec<usize> = in_clause
                .iter()
                .copied()
                .filter(|&i| self.found[i].side == Some(Side::Replaced) && code(&self.found[i]).is_some())
                .collect();
            let pairs: Vec<(usize, usize)> = if preferred.len() == 1 {
                replaced.iter().map(|&r| (r, preferred[0])).collect()
            } else if preferred.len() == replaced.len() {
                replaced.iter().copied().zip(preferred.iter().copied()).collect()
            } else {
                Vec::new()
            };
            for (r, p) in pairs {
                if let (Some(x), Some(y)) = (code(&self.found[r]), code(&self.found[p]))
                    && same_kind(&x, &y)
                {
                    fixes[r] = Some((y, self.found[r].trigger.clone()));
                }
            }
            // "Never use `X` - use `Y`": one forbidden literal, then one mandated in the next clause.
            let forbidden: Vec<usize> = in_clause
                .iter()
                .copied()
                .filter(|&i| self.found[i].role == Role::Forbid && code(&self.found[i]).is_some())
                .collect();
            let has_mandate = in_clause.iter().any(|&i| self.found[i].role == Role::Mandate);
            if forbidden.len() == 1 && !has_mandate && fixes[forbidden[0]].is_none() {
                let next: Vec<usize> = (0..self.found.len())
                    .filter(|&i| self.found[i].clause == c + 1)
                    .collect();
                let mandated: Vec<usize> = next
                    .iter()
                    .copied()
                    .filter(|&i| {
                        self.found[i].role == Role::Mandate
                            && matches!(self.found[i].entity, Entity::Code { .. })
                    })
                    .collect();
                let next_forbids = next.iter().any(|&i| self.found[i].role == Role::Forbid);
                if mandated.len() == 1
                    && !next_forbids
                    && let (Some(x), Some(y)) =
                        (code(&self.found[forbidden[0]]), code(&self.found[mandated[0]]))
                    && same_kind(&x, &y)
                {
                    fixes[forbidden[0]] = Some((
                        y,
                        format!(
                            "{} … {}",
                            self.found[forbidden[0]].trigger, self.found[mandated[0]].trigger
                        ),
                    ));
                }
            }
        }
        fixes
    }

    /// The scope for a literal or detector: named languages, else the literal's own, else the
    /// rule's other literals', else source files; then folders and test qualifiers.
    fn scope_for(&self, own: &[Lang], what: &str) -> FileScope {
        let mut scope = if let Some(s) = self.named.scope() {
            s
        } else if !own.is_empty() {
            let mut s = FileScope::of_langs(own, String::new());
            s.why = format!("{} ({}) from {what}", lang_names(own), s.describe());
            s
        } else if !self.literal_langs.is_empty() {
            let mut s = FileScope::of_langs(&self.literal_langs, String::new());
            s.why = format!(
                "{} ({}) from the rule's other code spans",
                lang_names(&self.literal_langs),
                s.describe()
            );
            s
        } else {
            FileScope::source_files(false)
        };
        if own.contains(&Lang::Sql) || (own.is_empty() && self.literal_langs.contains(&Lang::Sql)) {
            // SQL lives in `.sql` files and in strings of code.
            scope.add_globs(&[files::source_glob().as_str()]);
            scope.why.push_str(" and source files (SQL is embedded in code)");
        }
        self.narrow(&mut scope);
        scope
    }

    fn narrow(&self, scope: &mut FileScope) {
        for dir in &self.within {
            scope.within(dir);
            scope.why.push_str(&format!("; only under `{dir}`"));
        }
        for path in &self.except {
            scope.except(path);
            scope.why.push_str(&format!("; except `{path}`"));
        }
        self.named.qualify(scope);
    }

    /// Adds a pattern check. With `skip_comments`, comments of the scope's files are matched
    /// first (without a `hit`), so a literal inside a comment is never reported.
    fn push_check(
        &mut self,
        pattern: String,
        scope: FileScope,
        fix: Option<String>,
        mut explanation: String,
        skip_comments: bool,
    ) {
        let files = scope.files();
        let comments = if skip_comments && pattern.contains("(?P<hit>") {
            files::comment_pattern(&files)
        } else {
            None
        };
        let pattern = match comments {
            Some(c) => {
                explanation.push_str("; comments skipped");
                format!("(?:{c})|(?:{pattern})")
            }
            None => pattern,
        };
        self.inf.checks.push(CheckSpec {
            files,
            languages: scope.languages.clone(),
            pattern: Some(pattern),
            fix,
            message: Some(self.message()),
            origin: Origin::Inferred { explanation },
            ..CheckSpec::default()
        });
    }

    fn forbid_code(&mut self, text: &str, returned: bool, f: &Mention, fix: Option<&(Literal, String)>) {
        let lit = match literal::classify(text) {
            Ok(l) => l,
            Err(why) => {
                self.inf
                    .notes
                    .push(format!("`{text}` after \"{}\" not checked: {why}", f.trigger));
                return;
            }
        };
        match lit.kind {
            LitKind::Path => {
                self.inf.notes.push(format!(
                    "`{text}` is a path with no place word (\"in\", \"en\") before it: not checked"
                ));
                return;
            }
            LitKind::Command | LitKind::Flag => {
                if literal::TOOLS.contains(&lit.text.as_str()) {
                    self.tools.push((lit.text.clone(), f.trigger.clone()));
                } else {
                    self.commands.push((lit.text.clone(), f.trigger.clone()));
                }
                return;
            }
            _ => {}
        }
        // "Never return `null`": the literal as a returned value only.
        if returned && lit.kind == LitKind::Identifier {
            let own: Vec<Lang> =
                concepts::keyword(&lit.text).map_or(lit.langs.clone(), |k| k.detector.langs.to_vec());
            let scope = self.scope_for(&own, &format!("the keyword `{}`", lit.text));
            let fix_text = fix.map(|(y, _)| fix_text_for(y));
            let explanation = format!(
                "forbidden returned value `{}` after \"{}\" + \"return\"; scope {}{}",
                lit.text,
                f.trigger,
                scope.why,
                fix_note(fix)
            );
            let pattern = format!(r"\breturn[ \t]+(?P<hit>{})\b", regex::escape(&lit.text));
            self.push_check(pattern, scope, fix_text, explanation, true);
            return;
        }
        // A keyword with a detector (`any` → type positions, `var` → declarations).
        if let Some(k) = concepts::keyword(&lit.text)
            && self.detector_fits(k.detector)
        {
            let scope = self.detector_scope(k.detector, &format!("the keyword `{}`", lit.text));
            let fix_text = fix.map(|(y, _)| fix_text_for(y));
            let explanation = format!(
                "forbidden {} `{}` after \"{}\" → detector {} ({}); scope {}{}",
                lit.kind.describe(),
                lit.text,
                f.trigger,
                k.detector.name,
                k.detector.summary,
                scope.why,
                fix_note(fix)
            );
            let skip = !concepts::counts_in_comments(k.detector);
            self.push_check(k.detector.pattern.to_string(), scope, fix_text, explanation, skip);
            return;
        }
        if lit.kind == LitKind::Identifier && literal::is_prose_word(&lit.text) {
            if f.side == Some(Side::Replaced) || self.mentions(LIBRARY_WORDS) {
                self.imports(&lit.text, f, "in code spans");
            } else {
                self.inf.notes.push(format!(
                    "`{}` after \"{}\" not checked: also a common word, it would fire in prose and comments",
                    lit.text, f.trigger
                ));
            }
            return;
        }
        let scope = self.scope_for(&lit.langs, &format!("the {} `{}`", lit.kind.describe(), lit.text));
        let fix_text = fix.map(|(y, _)| fix_text_for(y));
        let explanation = format!(
            "forbidden {} `{}` after \"{}\"; scope {}{}",
            lit.kind.describe(),
            lit.text,
            f.trigger,
            scope.why,
            fix_note(fix)
        );
        let skip = lit.kind != LitKind::Directive;
        self.push_check(literal::pattern(&lit), scope, fix_text, explanation, skip);
    }

    /// A keyword detector applies when the rule names no language, or one of its family.
    fn detector_fits(&self, d: &Detector) -> bool {
        let named = self.named.langs();
        named.is_empty()
            || named
                .iter()
                .any(|l| d.langs.iter().any(|dl| same_family(*l, *dl)))
    }

    fn detector_scope(&self, d: &Detector, what: &str) -> FileScope {
        let mut scope = match self.named.scope() {
            Some(s)
                if d.langs.is_empty()
                    || self
                        .named
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
            _ => FileScope::source_files(false),
        };
        for e in d.exclude {
            if !scope.exclude.iter().any(|x| x == e) {
                scope.exclude.push(e.to_string());
            }
        }
        self.narrow(&mut scope);
        scope
    }

    fn concept(&mut self, index: usize, words: &str, role: Role, f: &Mention) {
        let d = CONCEPTS[index].detector;
        match (d.effect, role) {
            (Effect::Forbid, Role::Forbid) => {
                let scope = self.detector_scope(d, &format!("\"{words}\""));
                let explanation = format!(
                    "concept {} (\"{words}\") after \"{}\": {}; scope {}",
                    d.name, f.trigger, d.summary, scope.why
                );
                let skip = !concepts::counts_in_comments(d);
                self.push_check(d.pattern.to_string(), scope, None, explanation, skip);
            }
            (Effect::Require, Role::Mandate | Role::Neutral) => {
                let scope = self.detector_scope(d, &format!("\"{words}\""));
                let said = if f.trigger.is_empty() {
                    String::new()
                } else {
                    format!(" after \"{}\"", f.trigger)
                };
                let explanation = format!(
                    "mandated concept {} (\"{words}\"){said}: {}; scope {}",
                    d.name, d.summary, scope.why
                );
                self.inf.checks.push(CheckSpec {
                    files: scope.files(),
                    languages: scope.languages.clone(),
                    require: Some(d.pattern.to_string()),
                    message: Some(self.message()),
                    origin: Origin::Inferred { explanation },
                    ..CheckSpec::default()
                });
            }
            _ => {}
        }
    }

    fn forbid_term(&mut self, term: &str, f: &Mention) {
        let single = !term.contains(' ');
        let lower = term.to_lowercase();
        let instead_like = matches!(f.trig, Some(Trig::Instead | Trig::Over | Trig::Replace));
        if single && concepts::is_tool(&lower) {
            if !literal::WORDLIKE_TOOLS.contains(&lower.as_str()) || instead_like {
                self.tools.push((lower, f.trigger.clone()));
            }
            return;
        }
        if single && let Some(k) = KEYWORDS.iter().find(|k| k.word == lower) {
            // Unquoted, an English-looking keyword needs the language named ("any in TypeScript").
            let named = self.named.langs();
            let lang_named = named
                .iter()
                .any(|l| k.detector.langs.iter().any(|dl| same_family(*l, *dl)));
            if (k.english && !lang_named) || !self.detector_fits(k.detector) {
                self.inf.notes.push(format!(
                    "\"{term}\" after \"{}\" not checked: unquoted, it reads as a word unless the rule names {}",
                    f.trigger,
                    lang_names(k.detector.langs)
                ));
                return;
            }
            let scope = self.detector_scope(k.detector, &format!("the keyword \"{term}\""));
            let explanation = format!(
                "forbidden keyword \"{term}\" (unquoted) after \"{}\" → detector {} ({}); scope {}",
                f.trigger, k.detector.name, k.detector.summary, scope.why
            );
            self.push_check(k.detector.pattern.to_string(), scope, None, explanation, true);
            return;
        }
        // A proper name after "never use" ("jQuery", "Axios") is a package too.
        let named_thing = matches!(f.trig, Some(Trig::NegUse)) && term.chars().any(char::is_uppercase);
        if single && (instead_like || named_thing) && !literal::is_prose_word(&lower) {
            self.imports(term, f, "unquoted");
        }
    }

    /// Imports of a package named by a word ("instead of Axios" → `from 'axios'`).
    fn imports(&mut self, word: &str, f: &Mention, how: &str) {
        let Some(name) = concepts::package_name(word) else {
            return;
        };
        let named = self.named.langs();
        let js_family = [
            Lang::TypeScript,
            Lang::JavaScript,
            Lang::React,
            Lang::Vue,
            Lang::Svelte,
        ];
        let want_js = named.is_empty() || named.iter().any(|l| js_family.contains(l));
        let want_py = named.is_empty() || named.contains(&Lang::Python);
        if want_js {
            let mut scope = match self.named.scope() {
                Some(s) if named.iter().all(|l| js_family.contains(l)) => s,
                _ => {
                    let mut s = FileScope::of_langs(&[Lang::TypeScript, Lang::JavaScript], String::new());
                    s.why = format!("JS/TS ({})", s.describe());
                    s
                }
            };
            self.narrow(&mut scope);
            let explanation = format!(
                "\"{word}\" ({how}) after \"{}\" read as a package: JS/TS imports of `{name}`; scope {}",
                f.trigger, scope.why
            );
            self.push_check(concepts::js_import_pattern(&name), scope, None, explanation, true);
        }
        if want_py {
            let mut scope = FileScope::of_langs(&[Lang::Python], String::new());
            scope.why = "Python (*.py)".into();
            self.narrow(&mut scope);
            let explanation = format!(
                "\"{word}\" ({how}) after \"{}\" read as a package: Python imports of `{name}`; scope {}",
                f.trigger, scope.why
            );
            self.push_check(concepts::py_import_pattern(&name), scope, None, explanation, true);
        }
    }

    fn command_checks(&mut self) {
        if self.tools.is_empty() && self.commands.is_empty() {
            return;
        }
        let tools: Vec<String> = dedup_strings(self.tools.iter().map(|(t, _)| t.clone()));
        let commands: Vec<String> = dedup_strings(self.commands.iter().map(|(c, _)| c.clone()));
        let triggers = dedup_strings(self.tools.iter().chain(&self.commands).map(|(_, w)| w.clone()));
        let only: Vec<Lang> = self
            .named
            .langs()
            .into_iter()
            .filter(|l| l.is_command_context())
            .collect();
        // "in docs and scripts": scripts are shell files and package.json scripts.
        let scripts = !only.is_empty() && self.mentions(&["scripts", "script"]);
        let mut only = only;
        if scripts && !only.contains(&Lang::Shell) {
            only.push(Lang::Shell);
        }
        // Flags alone (`--force`) are matched anywhere in command files, not at a command position.
        let (flags, full): (Vec<String>, Vec<String>) =
            commands.into_iter().partition(|c| c.starts_with('-'));
        let what = tools
            .iter()
            .chain(&full)
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ");
        for c in concepts::command_checks(&tools, &full, &only, scripts) {
            let mut scope = FileScope {
                include: c.files.clone(),
                ..FileScope::default()
            };
            self.narrow(&mut scope);
            let explanation = format!(
                "forbidden command {what} after \"{}\", matched only where commands run: {}",
                triggers.join("\", \""),
                c.context
            );
            self.push_check(c.pattern, scope, None, explanation, false);
        }
        for flag in flags {
            let mut files: Vec<String> = files::COMMAND_FILES.iter().map(|s| s.to_string()).collect();
            files.push("package.json".into());
            let scope = FileScope {
                include: files,
                ..FileScope::default()
            };
            let explanation = format!(
                "forbidden flag `{flag}` after \"{}\", matched in command files (scripts, CI, Makefiles, Dockerfiles, package.json)",
                triggers.join("\", \"")
            );
            self.push_check(literal::generic(&flag), scope, None, explanation, true);
        }
    }

    fn forbidden_paths(&mut self) {
        let places: Vec<(&String, Place, &str)> = self
            .found
            .iter()
            .filter_map(|f| match &f.entity {
                Entity::Place { path, place } => Some((path, *place, f.trigger.as_str())),
                _ => None,
            })
            .collect();
        let forbidden: Vec<(&String, &str)> = places
            .iter()
            .filter(|(_, p, _)| *p == Place::Forbidden)
            .map(|(path, _, w)| (*path, *w))
            .collect();
        if forbidden.is_empty() {
            return;
        }
        let allowed: Vec<&String> = places
            .iter()
            .filter(|(_, p, _)| *p == Place::Allowed)
            .map(|(path, _, _)| *path)
            .collect();
        let Some((noun, words)) = self.file_subject() else {
            self.inf.notes.push(format!(
                "`{}` named as a forbidden place, but the rule does not say which files (\"route handlers\", \"test files\"): not checked",
                forbidden[0].0
            ));
            return;
        };
        // Which files: a kind recognizable by name (test files, stories, hooks), or — when the
        // forbidden folder is named for the subject (`src/api/` for "API route handlers") — every
        // file there. A folder that is not ("migrations … never in `src/`") would flag everything.
        let kind = SUBJECT_KINDS
            .iter()
            .find(|(nouns, _)| words.iter().any(|w| nouns.contains(&w.as_str())));
        let named_for_subject = forbidden.iter().all(|(p, _)| {
            let last = p
                .trim_end_matches("/**")
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or("")
                .to_lowercase();
            let singular = |w: &str| w.trim_end_matches('s').to_string();
            !last.is_empty() && words.iter().any(|w| singular(w) == singular(&last))
        });
        if kind.is_none() && !named_for_subject {
            self.inf.notes.push(format!(
                "`{}` named as a forbidden place for {noun}, but those files are not recognizable by name and the folder is not named for them: not checked (it would flag every file there)",
                forbidden[0].0
            ));
            return;
        }
        let globs: Vec<String> = forbidden.iter().map(|(p, _)| path_glob(p)).collect();
        let mut scope = if let Some((_, kind_globs)) = kind {
            let mut s = FileScope::of_globs(kind_globs, String::new());
            s.why = format!("{noun} by name ({})", kind_globs.join(", "));
            s
        } else if let Some(s) = self.named.scope() {
            s
        } else {
            FileScope {
                why: format!("every file there (the folder is named for {noun})"),
                ..FileScope::default()
            }
        };
        self.named.qualify(&mut scope);
        let shown: Vec<String> = forbidden.iter().map(|(p, _)| format!("`{p}`")).collect();
        let message = match allowed.first() {
            Some(home) if self.spanish => {
                format!("Esto va en `{home}`, no en {}", shown.join(", "))
            }
            Some(home) => format!("This belongs in `{home}`, not in {}", shown.join(", ")),
            None => self.message(),
        };
        let home = allowed
            .first()
            .map_or(String::new(), |h| format!("; allowed place `{h}`"));
        let explanation = format!(
            "forbidden place {} after \"{}\" for {noun}{home}; files {}",
            shown.join(", "),
            forbidden[0].1,
            scope.why
        );
        self.inf.checks.push(CheckSpec {
            files: scope.files(),
            forbidden_paths: globs,
            message: Some(message),
            origin: Origin::Inferred { explanation },
            ..CheckSpec::default()
        });
    }

    /// The files a placement rule is about: the words before the first place word that is not
    /// the instruction's opening ("In this repo, …"), when one of them is a file noun
    /// ("los manejadores de rutas de API en 'src/…'"). Returns the noun and the words.
    fn file_subject(&self) -> Option<(String, Vec<String>)> {
        let place_words = ["in", "inside", "under", "into", "within", "en", "dentro", "bajo"];
        let end = self
            .tokens
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, t)| t.is_word() && place_words.contains(&t.lower.as_str()))
            .map(|(k, _)| k)?;
        let words: Vec<&Token> = self.tokens[..end].iter().filter(|t| t.is_word()).collect();
        let noun = words.iter().find(|t| FILE_NOUNS.contains(&t.lower.as_str()))?;
        Some((
            format!("\"{}\"", noun.text),
            words.iter().map(|t| t.lower.clone()).collect(),
        ))
    }

    fn mentions(&self, words: &[&str]) -> bool {
        self.tokens
            .iter()
            .any(|t| t.is_word() && words.contains(&t.lower.as_str()))
    }

    fn is_vague(&self) -> bool {
        let mut vague_word = false;
        let mut sentence_start = true;
        for t in self.tokens {
            match t.kind {
                Kind::Span(_) | Kind::Bare | Kind::Path => return false,
                Kind::Sep => {
                    sentence_start = true;
                    continue;
                }
                Kind::Comma => continue,
                Kind::Word => {}
            }
            let w = t.lower.as_str();
            if VAGUE_WORDS.contains(&w) || (w == "practices" || w == "prácticas") {
                vague_word = true;
            }
            let camel =
                t.text.chars().skip(1).any(|c| c.is_uppercase()) && t.text.chars().any(|c| c.is_lowercase());
            let proper = !sentence_start
                && t.text.chars().next().is_some_and(char::is_uppercase)
                && t.text
                    .chars()
                    .skip(1)
                    .all(|c| c.is_lowercase() || c.is_ascii_digit())
                && t.text.chars().count() > 1;
            let digits = t.text.chars().any(|c| c.is_ascii_digit());
            let technical = t.text.contains('_') || concepts::is_tool(w);
            let language = self
                .named
                .langs
                .iter()
                .any(|(_, said)| said.eq_ignore_ascii_case(&t.text));
            if (camel || proper || digits || technical) && !language {
                return false;
            }
            sentence_start = false;
        }
        let concept = self
            .found
            .iter()
            .any(|f| matches!(f.entity, Entity::Concept { .. } | Entity::Place { .. }));
        vague_word && !concept
    }

    fn dedup(&mut self) {
        type Key = (Option<String>, Option<String>, Vec<String>, Vec<String>);
        let mut seen: Vec<Key> = Vec::new();
        self.inf.checks.retain(|c| {
            let key: Key = (
                c.pattern.clone(),
                c.require.clone(),
                c.files.clone(),
                c.forbidden_paths.clone(),
            );
            if seen.contains(&key) {
                false
            } else {
                seen.push(key);
                true
            }
        });
    }
}

fn dedup_strings(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in items {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn lang_names(langs: &[Lang]) -> String {
    langs.iter().map(|l| l.name()).collect::<Vec<_>>().join(" + ")
}

/// JS-like languages count as one family for detectors (`any` applies to TSX too).
fn same_family(a: Lang, b: Lang) -> bool {
    let js = [
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::React,
        Lang::Vue,
        Lang::Svelte,
    ];
    a == b || (js.contains(&a) && js.contains(&b))
}

/// An inferred fix may replace X by Y only when the swap is safe wherever X matches: operators
/// (`==` → `===`), a declaration keyword for another (`var` → `let`), `any` for `unknown`. Renaming an identifier, a
/// package, a call or an API (`axios` → `fetch` turns `import axios from 'axios'` into
/// `import fetch from 'fetch'`) is a migration the user does, never an automatic fix; the rule is
/// still checked.
fn same_kind(x: &Literal, y: &Literal) -> bool {
    /// Keywords that can stand for one another where one is written: declarations, and
    /// TypeScript's top types.
    const SWAPPABLE: [&[&str]; 2] = [&["var", "let", "const"], &["any", "unknown"]];
    match (&x.kind, &y.kind) {
        (LitKind::Operator, LitKind::Operator) => true,
        (LitKind::Identifier, LitKind::Identifier) => SWAPPABLE
            .iter()
            .any(|set| set.contains(&x.text.as_str()) && set.contains(&y.text.as_str())),
        _ => false,
    }
}

/// `$` in a fix is a group reference to the engine: write it as `$$`.
fn dollar_escape(s: &str) -> String {
    s.replace('$', "$$")
}

/// The fix text: literal and detector hits are names without a dot or parentheses.
fn fix_text_for(y: &Literal) -> String {
    dollar_escape(&y.replacement())
}

fn fix_note(fix: Option<&(Literal, String)>) -> String {
    fix.map_or(String::new(), |(y, words)| {
        format!("; fix `{}` from \"{words}\"", y.text)
    })
}

/// `src/api/` → `src/api/**`; `.env`, `*.log` stay.
fn path_glob(path: &str) -> String {
    let p = &files::glob_of_words(path.trim_start_matches("./"));
    if p.ends_with('/') {
        format!("{}/**", p.trim_end_matches('/'))
    } else if p.contains('*') || p.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        p.to_string()
    } else {
        format!("{p}/**")
    }
}

/// Comparison key: lowercase, without call parentheses or a leading dot.
fn normalize_key(text: &str) -> String {
    let t = text.trim().trim_start_matches('.');
    let t = t.split('(').next().unwrap_or(t);
    t.trim().to_lowercase()
}

#[cfg(test)]
mod tests;
