//! Conditions pass: what a rule forbids only under a condition is either checked with the
//! condition as part of the check — a folder, tests left out or only tests, a language, a kind
//! of file recognizable by name (seeds, Next.js page/layout/route files, frontend code,
//! components, controllers, templates) — or not
//! checked at all, and the notes say why: "in async functions", "for buttons", "when a type is
//! known", "for the project's HTTP APIs" cannot be seen in a file's text, and a check that
//! ignored them would fire where the rule allows. Also: what is forbidden "without" / "unless"
//! something is left unchecked.

use super::super::concepts::{example_in_context, example_of};
use super::super::files::{MAIN_FILES, Named};
use super::super::imports::is_known_package;
use super::super::phrases::{Entity, Mention, Role, Side, match_words};
use super::super::text::{
    Kind, Token, clause_ranges, clause_subject, clauses, clauses_with_ends, names_a_construct,
    says_or_quotes, usual_folder_word, wraps, written,
};
use super::super::words::{
    ASYNC_WORDS, COMMENT_JUSTIFIED, CONDITION_OPENERS, DECORATOR_WORDS, DETERMINERS, FILE_WORDS,
    GRANTED_JUSTIFIED, NEGATIONS, RELATIVE_SUBJECTS, RELATIVE_WORDS, TERM_STOPS, USING_VERBS,
};
use super::super::words::{
    CHECK_NOUNS, CONDITION_CONSTRUCTS, CONDITION_DETERMINERS, CONDITION_EXCEPT, CONDITION_GENERIC,
    CONDITION_PLACE, CONDITION_PURPOSE, CONDITION_SKIP, CONDITION_TARGET, CONDITION_TESTS, CONDITION_TYPES,
    CONDITION_USER, CONDITION_WHEN, FILE_POSITIONS, NEW_WORDS, ONLY_TESTS, RUN_TIMES, SCATTERED_WORDS,
    STRING_KIND_ADJECTIVES, STRING_NOUNS, TRIG_STOP_HARD, TRIG_UNLESS, USUAL_FOLDERS, WRAP_VERBS,
    ends_a_term,
};
use super::{At, Context, Found};

/// Words that make a "where" clause a judgement ("where custom types would be clearer", "donde
/// sea necesario"): not a place.
const JUDGED_WHERE: &[&str] = &[
    "would",
    "could",
    "might",
    "clearer",
    "better",
    "appropriate",
    "necessary",
    "needed",
    "sensible",
    "sea",
    "convenga",
    "necesario",
    "apropiado",
];

/// Kinds of UI elements a style is forbidden for ("for buttons", "para tarjetas").
const UI_ELEMENTS: &[&str] = &[
    "buttons",
    "button",
    "links",
    "inputs",
    "cards",
    "headings",
    "headers",
    "titles",
    "icons",
    "images",
    "modals",
    "dialogs",
    "badges",
    "labels",
    "tooltips",
    "menus",
    "tabs",
    "avatars",
    "chips",
    "botones",
    "enlaces",
    "tarjetas",
    "títulos",
    "encabezados",
    "iconos",
    "imágenes",
    "modales",
    "etiquetas",
];

/// Words that single out one of a kind ("the main component", "el componente principal").
const MAIN_WORDS: &[&str] = &["main", "primary", "top-level", "principal", "principales"];

/// A kind of file a condition names, recognizable by its path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileKind {
    /// The words that named it ("development seeds", "Next.js page/layout/route files").
    pub words: String,
    pub globs: Vec<String>,
    /// An exception ("except …"): these files are left out; else only these files count.
    pub except: bool,
}

/// What the conditions of a rule amount to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conditions {
    /// Kinds of files the checks are narrowed to or leave out.
    pub kinds: Vec<FileKind>,
    /// "inside the `@Component` decorator": the decorators whose arguments a forbidden property
    /// is looked for in.
    pub decorators: Option<Decorators>,
    /// Conditions no check can see: the rule is left unchecked.
    pub unreadable: Vec<String>,
}

/// Decorators a condition names, with its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decorators {
    /// Without `@`: `Component`, `Pipe`.
    pub names: Vec<String>,
    pub words: String,
}

const JS_FAMILY: &[&str] = &[
    "*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.vue", "*.svelte",
];
const NEXT_SPECIAL: &[&str] = &[
    "**/app/**/page.{js,jsx,ts,tsx}",
    "**/app/**/layout.{js,jsx,ts,tsx}",
    "**/app/**/route.{js,ts}",
    "**/app/**/template.{js,jsx,ts,tsx}",
    "**/app/**/loading.{js,jsx,ts,tsx}",
    "**/app/**/error.{js,jsx,ts,tsx}",
    "**/app/**/not-found.{js,jsx,ts,tsx}",
    "**/pages/**",
];

/// A kind of file named by the words of a condition.
fn kind_of(words: &[String]) -> Option<Vec<String>> {
    let has = |w: &[&str]| words.iter().any(|x| w.contains(&x.as_str()));
    let globs: Vec<&str> = if has(&["next.js", "nextjs", "next"])
        && has(&[
            "page",
            "pages",
            "layout",
            "layouts",
            "route",
            "routes",
            "page/layout/route",
            "files",
        ]) {
        NEXT_SPECIAL.to_vec()
    } else if has(&["e2e", "end-to-end"]) && has(&["test", "tests", "spec", "specs", "prueba", "pruebas"]) {
        // "in e2e tests": files and folders named for them (`e2e/`, `login.e2e.ts`,
        // `e2e.spec.ts`, `tests-e2e/`).
        vec!["**/*e2e*.*", "**/*e2e*/**", "**/*end-to-end*/**"]
    } else if has(&["adapter", "adapters", "adaptador", "adaptadores"]) {
        // "in adapter code": what an adapters folder holds.
        vec!["**/adapters/**", "**/adapter/**", "**/adaptadores/**"]
    } else if has(&["cookbooks", "cookbook", "examples", "ejemplos", "recetarios"]) {
        // "in cookbooks or examples": the folders a project keeps them in.
        vec![
            "**/cookbook/**",
            "**/cookbooks/**",
            "**/examples/**",
            "**/example/**",
            "**/ejemplos/**",
        ]
    } else if has(&["seeds", "seed", "seeders", "semillas"]) {
        vec!["**/seeds.*", "**/seeds/**", "**/seed.*", "**/seeders/**"]
    } else if has(&["migrations", "migration", "migraciones", "migración"]) {
        vec!["**/migrations/**", "**/migrate/**"]
    } else if has(&["frontend", "front-end", "client-side", "browser", "navegador"]) {
        JS_FAMILY.to_vec()
    } else if has(&["controllers", "controller", "controladores", "controlador"]) {
        vec![
            "**/controllers/**",
            "**/Controllers/**",
            "**/*Controller.*",
            "**/*_controller.*",
            "**/*.controller.*",
        ]
    } else if has(&[
        "routes",
        "route",
        "routing",
        "router",
        "routers",
        "rutas",
        "ruta",
        "enrutador",
        "enrutadores",
        "enrutamiento",
    ]) {
        // Where routes are declared: a routes folder, files named for routes or a router
        // (Express's `userRoutes.ts`, Angular's `app.routes.ts`, Rails' `routes.rb`, an
        // `AuthRouter.ts`), Next.js's route handlers and API pages, Django's `urls.py`.
        vec![
            "**/routes/**",
            "**/route/**",
            "**/routers/**",
            "**/router/**",
            "**/rutas/**",
            "**/*routes.*",
            "**/*Routes.*",
            "**/*router.*",
            "**/*Router.*",
            "**/*_routes.*",
            "**/route.*",
            "**/pages/api/**",
            "**/urls.py",
        ]
    } else if has(&["config", "configuration", "configuración", "configuracion"])
        && has(&[
            "files",
            "file",
            "archivos",
            "archivo",
            "ficheros",
            "folder",
            "directory",
            "carpeta",
        ])
    {
        vec![
            "**/config/**",
            "**/configs/**",
            "**/*.config.*",
            "**/config.*",
            "**/settings.py",
            "**/settings/**",
        ]
    } else if has(&["template", "templates", "plantilla", "plantillas"]) {
        // Server-side templates: a templates folder, files named for it, template engines'.
        vec![
            "**/templates/**",
            "**/*template*.*",
            "**/*.tpl",
            "**/*.twig",
            "**/*.blade.php",
            "**/*.erb",
            "**/*.hbs",
            "**/*.mustache",
            "**/*.j2",
            "**/*.jinja",
            "**/*.jinja2",
        ]
    } else if has(&["scripts", "script"]) && !has(&["package.json", "npm", "pnpm", "yarn"]) {
        vec!["**/scripts/**", "**/script/**", "**/bin/**"]
    } else if has(&["components", "component", "componentes", "componente"])
        && !has(&["ui", "presentational", "dumb", "pure", "presentacionales", "puros"])
        // "React components": the language's files are its components.
        && !has(&["react", "vue", "svelte", "angular", "jsx", "tsx", "blade", "livewire"])
    {
        // Components: what a components folder holds, and single-file components. "UI
        // components" are some of them only (the presentational ones), which no path tells.
        vec!["**/components/**", "**/*.vue", "**/*.svelte"]
    } else {
        return None;
    };
    Some(globs.iter().map(|g| g.to_string()).collect())
}

/// Reads the conditions of a rule's forbidding clauses.
/// `spanish`: the rule is written in Spanish (its "no" before a verb negates it).
pub fn read(tokens: &[Token], found: &[Mention], named: &Named, spanish: bool) -> Conditions {
    let mut out = Conditions::default();
    let said_langs: Vec<String> = named.langs.iter().map(|(_, s)| s.to_lowercase()).collect();
    let with_ends = clauses_with_ends(tokens);
    let clause_list: Vec<&[Token]> = with_ends.iter().map(|(c, _)| *c).collect();
    let forbids_in = |ci: usize| {
        found
            .iter()
            .any(|f| f.clause == ci && f.role == Role::Forbid && !matches!(f.entity, Entity::Place { .. }))
    };
    if let Some(said) = construct_label(tokens, found) {
        out.unreadable.push(said);
    }
    if let Some(said) = opening_condition(&with_ends, found, &said_langs) {
        out.unreadable.push(said);
    }
    for (ci, clause) in clause_list.iter().enumerate() {
        // "Use debug builds (not `--release`) when developing": the words after an aside go on
        // with the clause it interrupted, so its condition bears on what the aside forbade.
        let resumed = ci >= 2 && with_ends[ci - 1].1 == Some(")") && with_ends[ci - 2].1 == Some("(");
        let forbids = forbids_in(ci) || (resumed && (forbids_in(ci - 1) || forbids_in(ci - 2)));
        // "(unless explicitly justified)" after a forbidding clause.
        let first = clause.iter().find(|t| t.is_word()).map(|t| t.lower.as_str());
        let after_forbid = ci > 0
            && found.iter().any(|f| {
                f.clause == ci - 1 && f.role == Role::Forbid && !matches!(f.entity, Entity::Place { .. })
            })
            && !found.iter().any(|f| f.clause == ci);
        let at = clause.iter().position(Token::is_word).unwrap_or(0);
        // "Evitar `unknown`: a menos que se valide con guardas de tipo": "unless" in any of its
        // spellings.
        let opens_unless = matches!(first, Some("unless" | "except"))
            || TRIG_UNLESS.iter().any(|p| words_at(clause, at, p).is_some());
        if after_forbid && opens_unless {
            let words = phrase_words(clause, at + 1, 6);
            // "(except in tests)": the test files the scope leaves out.
            let rest: Vec<String> = clause[at + 1..]
                .iter()
                .filter(|t| t.is_word())
                .take(4)
                .map(|t| t.lower.clone())
                .collect();
            let tests_left_out = named.not_tests.is_some()
                && rest.len() <= 3
                && matches!(
                    rest.first().map(String::as_str),
                    Some("in" | "en" | "for" | "para")
                )
                && is_tests(&rest);
            if !user_granted(&words) && !tests_left_out {
                out.unreadable.push(said_whole(clause, at));
            }
            continue;
        }
        // "(config files are the exception)", "los tests son la excepción": files left out,
        // named before the verb.
        let forbade_before = found
            .iter()
            .any(|f| f.clause < ci && f.role == Role::Forbid && !matches!(f.entity, Entity::Place { .. }));
        if forbade_before && let Some(subject) = exempted(clause) {
            if let Some(globs) = kind_of(&subject) {
                out.kinds.push(FileKind {
                    words: written(clause),
                    globs,
                    except: true,
                });
            } else if !is_tests(&subject) && !user_granted(&subject) {
                out.unreadable.push(written(clause));
            }
            continue;
        }
        if !forbids {
            // "Always use named exports for new components & classes": a mandated concept,
            // checked through what it rules out, for a kind of construct — which no file scope
            // says (`export default router` is no component).
            let mandated_concept = found.iter().any(|f| {
                f.clause == ci && f.role == Role::Mandate && matches!(f.entity, Entity::Concept { .. })
            });
            if mandated_concept
                && let Some((i, len)) =
                    (0..clause.len()).find_map(|i| Some((i, for_a_kind_of_construct(clause, i)?)))
            {
                out.unreadable.push(as_written(clause, i, len));
            }
            continue;
        }
        // "instead of `sleep()` + `receive_nowait()`": the two together, which no match of
        // either alone shows.
        if let Some(w) = clause
            .windows(3)
            .find(|w| w[0].is_code() && w[1].text == "+" && w[2].is_code())
        {
            out.unreadable.push(format!("`{}` + `{}`", w[0].text, w[2].text));
            continue;
        }
        if let Some(kind) = subject_kind(clause) {
            out.kinds.push(kind);
        }
        let preferred = found
            .iter()
            .any(|f| f.clause == ci && f.role == Role::Mandate && f.side == Some(Side::Preferred));
        let mut i = 0;
        while i < clause.len() {
            let t = &clause[i];
            if !t.is_word() {
                i += 1;
                continue;
            }
            let w = t.lower.as_str();
            // A reason: the rest of the clause is not a condition.
            if TRIG_STOP_HARD.iter().any(|s| !s.contains(' ') && *s == w) {
                break;
            }
            let next = clause.get(i + 1);
            let next_is_word = next.is_some_and(Token::is_word);
            // "a component that both renders UI and calls `fetch()`": which ones, no file says.
            if (CONDITION_CONSTRUCTS.contains(&w) || RELATIVE_SUBJECTS.contains(&w))
                && next.is_some_and(|n| n.is_word() && RELATIVE_WORDS.contains(&n.lower.as_str()))
            {
                let determiner = i > 0
                    && clause[i - 1].is_word()
                    && CONDITION_SKIP.contains(&clause[i - 1].lower.as_str());
                let start = if determiner { i - 1 } else { i };
                let end = (i + 8).min(clause.len());
                let quoted: Vec<String> = clause[start..end]
                    .iter()
                    .take_while(|t| t.is_word())
                    .map(|t| t.text.clone())
                    .collect();
                out.unreadable.push(quoted.join(" "));
                break;
            }
            // "`# type: ignore` to suppress `Any` warnings": forbidden for one purpose, which no
            // file shows.
            if matches!(w, "to" | "para")
                && next.is_some_and(|n| {
                    n.is_word()
                        && matches!(
                            n.lower.as_str(),
                            "suppress"
                                | "silence"
                                | "hide"
                                | "bypass"
                                | "suprimir"
                                | "silenciar"
                                | "ocultar"
                                | "saltar"
                        )
                })
            {
                out.unreadable.push(as_written(clause, i, 6));
                break;
            }
            // "no whole-file `# pyright: ignore` at the top of a file": where in the file,
            // which a check over every line does not see.
            // "never call `TotalHeight` per frame": how often it runs, which no line shows.
            if let Some(len) = FILE_POSITIONS
                .iter()
                .chain(RUN_TIMES)
                .find_map(|p| words_at(clause, i, p))
            {
                out.unreadable.push(as_written(clause, i, len.max(4)));
                break;
            }
            // "over adding a new mock `Model`", "no new `any`": the ones to come, which no check
            // tells from those already there.
            if NEW_WORDS.contains(&w) && clause[i + 1..].iter().take(4).any(Token::is_code) {
                out.unreadable.push(as_written(clause, i, 4));
                break;
            }
            // "over scattered `isinstance` checks": only where it is spread about; "instead of
            // inline `isinstance()` checks": branching where a flag belongs (not "inline `style`
            // attributes", which are the thing itself).
            let inline_checks = w == "inline"
                && clause
                    .get(i + 2)
                    .is_some_and(|t| t.is_word() && CHECK_NOUNS.contains(&t.lower.as_str()));
            if let Some(len) = SCATTERED_WORDS
                .iter()
                .find_map(|p| words_at(clause, i, p))
                .or(inline_checks.then_some(1))
                && clause.get(i + len).is_some_and(Token::is_code)
            {
                out.unreadable.push(as_written(clause, i, len + 2));
                break;
            }
            // "after a block has been registered", "before passing it to …", "before `save()`":
            // when it runs, which no line shows.
            if let Some(len) = at_a_time(clause, i) {
                out.unreadable.push(written(&clause[i..i + len]));
                break;
            }
            // "to these elements", "en esos archivos": things named elsewhere, which the clause
            // does not say.
            // "delete those `None`-keyed entries": the ones named before.
            if DEMONSTRATIVES.contains(&w) && next.is_some_and(Token::is_code) {
                out.unreadable.push(written(&clause[i..i + 2]));
                break;
            }
            if matches!(w, "to" | "on" | "in" | "inside" | "for" | "a" | "en" | "para")
                && next.is_some_and(|n| n.is_word() && DEMONSTRATIVES.contains(&n.lower.as_str()))
                && clause.get(i + 2).is_some_and(Token::is_word)
                && clause[..i].iter().any(Token::is_code)
            {
                out.unreadable.push(written(&clause[i..i + 3]));
                break;
            }
            // "never compare auth tokens with `==`": which operands, no lexer tells — every
            // other `==` is fine.
            if let Some(len) = done_to_things_by(clause, i, spanish)
                // A concept reads those words itself: "never ignore returned errors with `_`"
                // is Go's blank error.
                && !found.iter().any(|f| f.clause == ci && matches!(f.entity, Entity::Concept { .. }))
                && example_of(&clause[i + len - 1].text)
                    .or_else(|| example_in_context(&clause[i + len - 1].text, |w| says_or_quotes(tokens, w)))
                    .is_none()
            {
                out.unreadable.push(written(&clause[i..i + len]));
                break;
            }
            if CONDITION_EXCEPT.contains(&w) {
                // Paths after "except"/"outside" are places (phrases); tests, the test qualifiers.
                let words = phrase_words(clause, i + 1, 6);
                let path_next = next_word_or_code(clause, i + 1)
                    .is_some_and(|t| matches!(t.kind, Kind::Path) || looks_path(t))
                    || usual_folder_word(clause, i + 1)
                    || next_word_or_code(clause, i + 1)
                        .is_some_and(|t| t.is_code() && USUAL_FOLDERS.contains(&t.text.as_str()));
                if let Some(globs) = kind_of(&words) {
                    out.kinds.push(FileKind {
                        words: as_written(clause, i, 6),
                        globs,
                        except: true,
                    });
                    i += 1 + words.len();
                    continue;
                }
                // "outside of `main`": an entry point's file is where it may be.
                let entry = next_word_or_code(clause, i + 1)
                    .map(|t| t.text.trim_end_matches("()").to_lowercase())
                    .is_some_and(|t| t == "main" || t == "main.go" || t == "main.rs");
                if entry {
                    out.kinds.push(FileKind {
                        words: "the files of `main` (\"outside of `main`\")".into(),
                        globs: MAIN_FILES.iter().map(|g| g.to_string()).collect(),
                        except: true,
                    });
                    i += 2;
                    continue;
                }
                // "outside `sandbox`": code that names no file is a place no path tells — the
                // condition is never dropped.
                if matches!(w, "outside" | "fuera")
                    && !path_next
                    && let Some(code) = next_word_or_code(clause, i + 1).filter(|c| c.is_code())
                {
                    out.unreadable
                        .push(format!("{} {}", t.text, render(clause, i + 1, code)));
                    i += 2;
                    continue;
                }
                if path_next || words.is_empty() {
                    i += 1;
                    continue;
                }
                if !is_tests(&words) && !user_granted(&words) {
                    out.unreadable.push(as_written(clause, i, 6));
                }
                i += 1 + words.len();
                continue;
            }
            if CONDITION_WHEN.contains(&w) && next_is_word {
                let mut words = phrase_words(clause, i + 1, 6);
                let mut said = as_written(clause, i, 6);
                // "If it passes, delete the `pytestmark`": a pronoun subject ends no phrase
                // when the condition opens the clause.
                if let Some(subject) =
                    next.filter(|n| matches!(n.lower.as_str(), "it" | "this" | "that" | "they"))
                    && words.is_empty()
                    && clause.iter().position(Token::is_word) == Some(i)
                {
                    let (rest, end) = phrase(clause, i + 2, 5);
                    words = std::iter::once(subject.lower.clone()).chain(rest).collect();
                    said = written(&clause[i..end]);
                }
                // "When testing code that …": test files, which the scope says (the same words
                // make it so).
                let testing = ONLY_TESTS.iter().any(|p| match_words(clause, i, p));
                if !user_granted(&words)
                    && !words.is_empty()
                    && !wrapping_errors_seen(&words, found)
                    && !testing
                {
                    out.unreadable.push(said);
                }
                break;
            }
            // "not `bool` or `Option` where custom types would be clearer": where a judgement
            // holds, which no line shows.
            if matches!(w, "where" | "donde") && next_is_word {
                let words = phrase_words(clause, i + 1, 6);
                if words.iter().any(|x| JUDGED_WHERE.contains(&x.as_str())) {
                    out.unreadable.push(as_written(clause, i, 6));
                    break;
                }
            }
            if CONDITION_PLACE.contains(&w)
                && let Some(names) = decorator_of_property(clause, i + 1, ci, found)
            {
                // "Do NOT set `standalone: true` inside the `@Component` … decorators": the
                // check looks inside the decorators' arguments.
                let end = clause[i..]
                    .iter()
                    .take(9)
                    .take_while(|t| t.kind != Kind::Sep)
                    .count();
                out.decorators = Some(Decorators {
                    names,
                    words: written(&clause[i..i + end]).replace(" ,", ","),
                });
                i += 1 + phrase_words(clause, i + 1, 6).len();
                continue;
            }
            if CONDITION_PLACE.contains(&w)
                && let Some(said) = wrapped_code(clause, i)
            {
                // "Never wrap `.interop_path()` in `Path::new()`": the wrapper around that code,
                // which neither name alone shows; "Never wrap in `Path::new()`": around what,
                // the clause does not say.
                out.unreadable.push(said);
                break;
            }
            if CONDITION_PLACE.contains(&w) {
                let target = next_word_or_code(clause, i + 1);
                // "inside the `@Component` decorator": a construct, not a folder.
                if let Some(c) = target.filter(|c| c.is_code() && !looks_path(c))
                    && (!matches!(w, "in" | "en") || names_a_construct(&c.text))
                    && !wraps(&clause[..i])
                {
                    out.unreadable
                        .push(format!("{} {}", t.text, render(clause, i + 1, c)));
                    i += 1;
                    continue;
                }
                let words = phrase_words(clause, i + 1, 4);
                if let Some(globs) = kind_of(&words) {
                    out.kinds.push(FileKind {
                        words: as_written(clause, i, 4),
                        globs,
                        except: false,
                    });
                } else if words.iter().any(|x| CONDITION_CONSTRUCTS.contains(&x.as_str()))
                    && !(words.iter().any(|x| ASYNC_WORDS.contains(&x.as_str())) && sleeps(found))
                    // "in React components": the language's files, which the scope says.
                    && !(words.iter().any(|x| x.starts_with("component")) && names_ui_language(&words))
                {
                    // "in async functions": no file scope says where a function is.
                    out.unreadable.push(as_written(clause, i, 4));
                } else if words.iter().any(|x| STRING_NOUNS.contains(&x.as_str()))
                    && words.iter().any(|x| STRING_KIND_ADJECTIVES.contains(&x.as_str()))
                {
                    // "in translatable strings": which strings, no lexer tells.
                    out.unreadable.push(as_written(clause, i, 4));
                } else if names_unknown_files(&words, &said_langs) {
                    // "inside widget files": a kind of file no path tells — never ignored.
                    out.unreadable.push(as_written(clause, i, 4));
                }
                i += 1 + words.len();
                continue;
            }
            // "… `push` on state objects": a target of what was forbidden before it ("relying
            // on inference through `as any`" is not one).
            let code_before = clause[..i].iter().any(Token::is_code);
            // "not `std::fs` on `interop_path()`": that code applied to other code, which
            // neither alone shows.
            // "never `v-if` on a `<template>`": past a determiner too.
            if CONDITION_TARGET.contains(&w)
                && code_before
                && let Some(code) = next_word_or_code(clause, i + 1).filter(|n| n.is_code())
            {
                out.unreadable
                    .push(format!("{} {}", t.text, render(clause, i + 1, code)));
                i += 2;
                continue;
            }
            // "or implicit conversions for secure types": for a kind of construct, which no
            // file scope says ("for logging" is a purpose, and stays one, as "for copying
            // objects" and "para copiar objetos" are: an action, not a kind of thing).
            if code_before
                && !preferred
                && let Some(len) = for_a_kind_of_construct(clause, i)
            {
                out.unreadable.push(as_written(clause, i, len));
                i += 1 + len;
                continue;
            }
            // "… en lugar de `const` para el componente principal": which one is the main one,
            // no file shows — even for a preference.
            if CONDITION_PURPOSE.contains(&w)
                && code_before
                && next.is_some_and(|n| n.is_word() && CONDITION_DETERMINERS.contains(&n.lower.as_str()))
            {
                let words = phrase_words(clause, i + 1, 4);
                if words.iter().any(|x| MAIN_WORDS.contains(&x.as_str())) {
                    out.unreadable.push(as_written(clause, i, words.len() + 1));
                    i += 1 + words.len();
                    continue;
                }
            }
            // "Never use `border-radius: 9999px` for buttons": on one kind of element, which
            // no file or line tells apart (`.settings-tabs` may be a pill).
            if CONDITION_PURPOSE.contains(&w)
                && code_before
                && !preferred
                && next.is_some_and(|n| n.is_word() && UI_ELEMENTS.contains(&n.lower.as_str()))
            {
                out.unreadable.push(as_written(clause, i, 2));
                i += 2;
                continue;
            }
            let target = (CONDITION_TARGET.contains(&w) && code_before)
                || (CONDITION_PURPOSE.contains(&w)
                    && !preferred
                    && next
                        .is_some_and(|n| n.is_word() && CONDITION_DETERMINERS.contains(&n.lower.as_str())));
            if target && next_is_word {
                let words = phrase_words(clause, i + 1, 5);
                let understood = words.is_empty()
                    || words.iter().all(|x| CONDITION_GENERIC.contains(&x.as_str()))
                    || is_tests(&words)
                    || names_a_said_language(&words, &said_langs);
                if let Some(globs) = kind_of(&words) {
                    out.kinds.push(FileKind {
                        words: as_written(clause, i, 5),
                        globs,
                        except: false,
                    });
                } else if !understood {
                    out.unreadable.push(as_written(clause, i, 5));
                }
                i += 1 + words.len();
                continue;
            }
            i += 1;
        }
    }
    allowed_elsewhere(&clause_list, found, &mut out);
    if let Some(said) = files_by_content(tokens) {
        out.unreadable.push(said);
    }
    out.unreadable.dedup();
    out
}

/// "For response schemas, use `.nullish()` …", "For Response Schemas (API responses), use …",
/// "… Inside the block, write through `tx` — never `defaultDb`.": a sentence that opens with a
/// "for"/"in" naming a kind of construct it holds for — which no file tells apart from the others
/// of its language — when that sentence forbids something.
fn construct_label(tokens: &[Token], found: &[Mention]) -> Option<String> {
    let clause_ranges = clause_ranges(tokens);
    let mut sentences = vec![0];
    sentences.extend(
        tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == Kind::Sep && matches!(t.text.as_str(), "." | "!" | "?"))
            .map(|(i, _)| i + 1),
    );
    sentences.iter().enumerate().find_map(|(n, &from)| {
        let end = sentences.get(n + 1).copied().unwrap_or(tokens.len());
        let said = label_opening(tokens.get(from..end)?)?;
        found
            .iter()
            .any(|f| {
                f.role == Role::Forbid
                    && !matches!(f.entity, Entity::Place { .. })
                    && clause_ranges
                        .get(f.clause)
                        .is_some_and(|(c, _)| (from..end).contains(&c.start))
            })
            .then_some(said)
    })
}

/// The label a sentence opens with, when it names a kind of construct (see [`construct_label`]).
fn label_opening(tokens: &[Token]) -> Option<String> {
    // A leading "For x y," / "In x y,": up to four words, an aside in parentheses maybe, then a
    // comma. (A label — "Return types:", "Constants and enums:" — names a topic.)
    let first = tokens.first()?;
    if !first.is_word()
        || !(CONDITION_PURPOSE.contains(&first.lower.as_str())
            || CONDITION_PLACE.contains(&first.lower.as_str()))
    {
        return None;
    }
    let n = tokens[1..].iter().take_while(|t| t.is_word()).count();
    if !(1..=4).contains(&n) {
        return None;
    }
    let mut end = 1 + n;
    if tokens.get(end).is_some_and(|t| t.text == "(") {
        end += tokens[end..].iter().position(|t| t.text == ")")? + 1;
    }
    if tokens.get(end).is_none_or(|t| t.kind != Kind::Comma) {
        return None;
    }
    let head = tokens[n].lower.as_str();
    (CONDITION_CONSTRUCTS.contains(&head) || CONDITION_TYPES.contains(&head)).then(|| written(&tokens[..end]))
}

/// "Never wrap `X` in `Y`", "Never wrap in `Y`": the wrapping, as written, when the place word
/// at `at` follows a wrapping verb and names code, and what is wrapped is code or unsaid ("never
/// wrap columns in `LOWER()`" forbids the wrapper itself, which is checked).
fn wrapped_code(clause: &[Token], at: usize) -> Option<String> {
    let verb = clause[..at]
        .iter()
        .rposition(|t| t.is_word() && WRAP_VERBS.contains(&t.lower.as_str()))?;
    let wrapper = next_word_or_code(clause, at + 1).filter(|c| c.is_code())?;
    let between = &clause[verb + 1..at];
    let object_is_code = between.iter().any(Token::is_code);
    let unsaid = between.iter().all(|t| !t.is_word() && !t.is_code());
    (object_is_code || unsaid).then(|| {
        format!(
            "{} {}",
            written(&clause[verb..=at]),
            render(clause, at + 1, wrapper)
        )
    })
}

/// The words before "are the exception" / "are exempt" / "son la excepción" in `clause`: what
/// a rule leaves out after it said what it forbids. `None` when the clause says no such thing.
fn exempted(clause: &[Token]) -> Option<Vec<String>> {
    let words: Vec<&str> = clause
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    let at = words
        .windows(3)
        .position(|w| {
            matches!(w[0], "is" | "are" | "es" | "son")
                && ((matches!(w[1], "the" | "an" | "la" | "una")
                    && matches!(w[2], "exception" | "excepción" | "excepcion"))
                    || matches!(w[1], "exempt" | "exentos" | "exentas" | "exento" | "exenta"))
        })
        .or_else(|| {
            words.windows(2).position(|w| {
                matches!(w[0], "is" | "are" | "es" | "son" | "están" | "estan")
                    && matches!(w[1], "exempt" | "exentos" | "exentas" | "exento" | "exenta")
            })
        })?;
    (at > 0).then(|| words[..at].iter().map(|w| w.to_string()).collect())
}

/// "Components must not call `fetch()`", "Ningún componente debe usar `axios`", "Controllers
/// should never use `console.log`": a forbidding clause whose subject — its first words, before
/// its modal or negation — is a kind of file a path tells is about those files only. A subject
/// no path tells ("UI components", "React components": the language's files) narrows nothing.
fn subject_kind(clause: &[Token]) -> Option<FileKind> {
    let (start, end) = clause_subject(clause, 3)?;
    let words: Vec<String> = clause[start..end].iter().map(|t| t.lower.clone()).collect();
    Some(FileKind {
        words: written(&clause[..end]),
        globs: kind_of(&words)?,
        except: false,
    })
}

/// "in files that already import from `beartype.typing`, use it; use built-in generics
/// elsewhere", "en los archivos que usan X": files told apart by what they hold, which no path
/// shows — a check over every file would fire where the rule asks for the other way.
fn files_by_content(tokens: &[Token]) -> Option<String> {
    let words: Vec<&Token> = tokens.iter().filter(|t| t.is_word()).collect();
    let lower: Vec<&str> = words.iter().map(|t| t.lower.as_str()).collect();
    (0..lower.len()).find_map(|i| {
        let files = matches!(
            lower[i],
            "files" | "modules" | "archivos" | "ficheros" | "módulos"
        );
        let relative = matches!(
            lower.get(i + 1),
            Some(&("that" | "which" | "que" | "where" | "donde"))
        );
        let rest = &lower[(i + 2).min(lower.len())..(i + 4).min(lower.len())];
        let by_content = rest.iter().any(|w| {
            matches!(
                *w,
                "import"
                    | "imports"
                    | "use"
                    | "uses"
                    | "contain"
                    | "contains"
                    | "define"
                    | "defines"
                    | "importan"
                    | "usan"
                    | "contienen"
                    | "definen"
            )
        });
        (files && relative && by_content).then(|| {
            words[i..(i + 4).min(words.len())]
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
    })
}

/// "Prefer `for...of` over `forEach`. However, allow use of `forEach` when chaining": another
/// clause allows what the rule forbids, under a circumstance no file shows — so the rule is
/// left unchecked rather than checked without its exception.
fn allowed_elsewhere(clause_list: &[&[Token]], found: &[Mention], out: &mut Conditions) {
    const ALLOW: &[&str] = &[
        "allow",
        "allowed",
        "acceptable",
        "ok",
        "okay",
        "fine",
        "permitted",
        "permit",
        "permitir",
        "permitido",
        "permitidos",
        "aceptable",
        "válido",
        "valido",
    ];
    const UNDER: &[&str] = &["when", "if", "while", "for", "cuando", "si", "para"];
    for (ci, clause) in clause_list.iter().enumerate() {
        let words: Vec<&str> = clause
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect();
        let Some(at) = words.iter().position(|w| ALLOW.contains(w)) else {
            continue;
        };
        if !words[at..].iter().any(|w| UNDER.contains(w)) {
            continue;
        }
        let forbidden_here = clause.iter().any(|t| {
            t.is_code()
                && found.iter().any(|f| {
                    f.clause != ci
                        && f.role == Role::Forbid
                        && matches!(&f.entity, Entity::Code { text, .. } if *text == t.text)
                })
        });
        if forbidden_here {
            out.unreadable.push(written(clause).replace(" ,", ","));
        }
    }
}

/// How many words from `i` spell `phrase` (words separated by spaces), if they do.
fn words_at(clause: &[Token], i: usize, phrase: &str) -> Option<usize> {
    let words: Vec<&str> = phrase.split(' ').collect();
    match_words(clause, i, &words).then_some(words.len())
}

/// The words of a condition's phrase from `i`: determiners skipped, up to `max` words, until a
/// stop word, a code span or the end of the clause.
fn phrase_words(clause: &[Token], i: usize, max: usize) -> Vec<String> {
    phrase(clause, i, max).0
}

/// Determiners that point at things named elsewhere ("these elements").
const DEMONSTRATIVES: &[&str] = &[
    "these", "those", "estos", "estas", "esos", "esas", "aquellos", "aquellas",
];

/// How many tokens a time condition takes at `i`: "after a block has been registered",
/// "before passing to subprocess", "antes de guardar", "before `save()`" — when the code runs,
/// which no line shows.
fn at_a_time(clause: &[Token], i: usize) -> Option<usize> {
    const AUXILIARIES: &[&str] = &[
        "has", "have", "had", "is", "are", "was", "were", "been", "ha", "han", "haya", "hayan", "sea",
        "sean", "está", "están",
    ];
    // "before committing", "antes de hacer commit": the code as it lands, which is all of it.
    const LANDING: &[&str] = &[
        "committing",
        "commit",
        "pushing",
        "merging",
        "submitting",
        "shipping",
        "releasing",
        "deploying",
        "publishing",
        "opening",
        "hacer",
        "commitear",
        "subir",
        "fusionar",
        "publicar",
        "desplegar",
        "enviar",
        "mergear",
        "pushear",
    ];
    let w = clause.get(i).filter(|t| t.is_word())?.lower.as_str();
    let spanish = matches!(w, "antes" | "después" | "despues")
        && clause.get(i + 1).is_some_and(|t| t.is_word() && t.lower == "de");
    if !matches!(w, "after" | "before" | "once") && !spanish {
        return None;
    }
    let from = if spanish { i + 2 } else { i + 1 };
    let next = clause.get(from)?;
    // "before `save()`": another call, which must come first.
    if next.is_code() && next.text.ends_with(')') && w != "once" {
        return Some(from + 1 - i);
    }
    if !next.is_word() {
        return None;
    }
    let first = next.lower.as_str();
    // "before passing …", "antes de guardar …"; "before committing" is all the code.
    let verb = if spanish {
        spanish_infinitive(first) && first.len() > 3
    } else {
        first.ends_with("ing") && first.len() > 4 && w != "once"
    };
    if verb && LANDING.contains(&first) {
        return None;
    }
    if verb {
        let end = clause[from..]
            .iter()
            .take(4)
            .take_while(|t| t.is_word() || t.is_code())
            .count();
        return Some(from - i + end);
    }
    // "after a block has been registered": a subject and its verb.
    let words: Vec<&Token> = clause[from..]
        .iter()
        .take(5)
        .take_while(|t| t.is_word())
        .collect();
    let mut aux = words
        .iter()
        .position(|t| AUXILIARIES.contains(&t.lower.as_str()))
        .filter(|&k| k >= 1)?;
    // "has been registered": every auxiliary, then the verb.
    while words
        .get(aux + 1)
        .is_some_and(|t| AUXILIARIES.contains(&t.lower.as_str()))
    {
        aux += 1;
    }
    let end = (aux + 2).min(words.len());
    Some(from - i + end)
}

/// How many tokens "<verb> <things> with `code`" takes at `i`, when the verb is negated or its
/// object is a pronoun: "never compare auth tokens with `==`", "do not sync form state via
/// `useEffect`", "query them with `findByRole`, not `getByRole`", "no compares los tokens con
/// `==`". The code is forbidden for doing that to those things only, which no lexer tells —
/// unless it is a package, whose every use is that job ("never format dates with `moment`").
fn done_to_things_by(clause: &[Token], i: usize, spanish: bool) -> Option<usize> {
    const MEANS: &[&str] = &["with", "using", "via", "through", "con", "mediante", "usando"];
    const GENERIC: &[&str] = &["values", "things", "objects", "valores", "cosas", "objetos"];
    // Words that qualify no noun: "declare new variables with `var`" is every variable.
    const PLAIN: &[&str] = &[
        "all",
        "any",
        "every",
        "each",
        "new",
        "your",
        "our",
        "todos",
        "todas",
        "cualquier",
        "nuevas",
        "nuevos",
        "nuevo",
        "nueva",
    ];
    const PRONOUNS: &[&str] = &["them", "these", "those", "ellos", "ellas", "estos", "estas"];
    const NEGATED: &[&str] = &["not", "never", "don't", "dont", "nunca", "jamás", "jamas"];
    let word_at = |k: usize| clause.get(k).filter(|t| t.is_word());
    let verb = word_at(i)?.lower.as_str();
    let before = i.checked_sub(1).and_then(word_at).map(|t| t.lower.as_str());
    // Spanish "no compares": a verb after "no"; English "no" is a determiner ("no files with").
    let negated = before.is_some_and(|b| {
        NEGATED.contains(&b) || (b == "no" && spanish && (verb.ends_with("es") || verb.ends_with("as")))
    });
    if USING_VERBS.contains(&verb) || NEGATIONS.contains(&verb) || verb.len() < 3 {
        return None;
    }
    let things: Vec<&str> = clause[i + 1..]
        .iter()
        .take_while(|t| t.is_word() && !MEANS.contains(&t.lower.as_str()))
        .map(|t| t.lower.as_str())
        .collect();
    let pronoun = things.len() == 1 && PRONOUNS.contains(&things[0]);
    // The things are some of a kind when a word qualifies the noun ("auth tokens", "form
    // state", "los tokens de sesión"); a bare noun is the kind the code is for ("declare
    // variables with `var`", "prefix tests with `test_`").
    let nouns = things
        .iter()
        .filter(|w| !DETERMINERS.contains(w) && !PLAIN.contains(w))
        .count();
    if !(negated && nouns >= 2 || pronoun)
        || things.len() > 5
        || things
            .iter()
            .all(|w| GENERIC.contains(w) || DETERMINERS.contains(w) || PLAIN.contains(w))
        || things.iter().any(|w| {
            NEGATIONS.contains(w)
                || (TERM_STOPS.contains(w)
                    && !DETERMINERS.contains(w)
                    && !PRONOUNS.contains(w)
                    && !matches!(*w, "of" | "de" | "del"))
        })
    {
        return None;
    }
    let means = word_at(i + 1 + things.len())?;
    let code = clause.get(i + 2 + things.len()).filter(|t| t.is_code())?;
    // "disable ESLint rules with `eslint-disable`": code named for the job does only that job.
    let code_text = code.text.to_lowercase();
    let named_for_the_job = std::iter::once(verb).chain(things.iter().copied()).any(|w| {
        let stem = w.strip_suffix('s').unwrap_or(w);
        stem.len() >= 3 && code_text.contains(stem)
    });
    (MEANS.contains(&means.lower.as_str()) && !is_known_package(code.text.trim()) && !named_for_the_job)
        .then_some(things.len() + 3)
}

/// Whether a Spanish word has an infinitive's ending ("guardar", "copiar").
fn spanish_infinitive(word: &str) -> bool {
    ["ar", "er", "ir"].iter().any(|e| word.ends_with(e))
}

/// How many words the purpose phrase at `i` takes when it names a kind of construct or type
/// ("for secure types", "for new components"), not an action ("for copying objects", "para
/// copiar objetos").
fn for_a_kind_of_construct(clause: &[Token], i: usize) -> Option<usize> {
    let w = clause.get(i).filter(|t| t.is_word())?.lower.as_str();
    if !CONDITION_PURPOSE.contains(&w) {
        return None;
    }
    let words = phrase_words(clause, i + 1, 3);
    let action = words
        .first()
        .is_some_and(|x| x.ends_with("ing") || (w == "para" && spanish_infinitive(x)));
    (words.len() >= 2
        && !action
        && words.last().is_some_and(|x| {
            CONDITION_CONSTRUCTS.contains(&x.as_str()) || CONDITION_TYPES.contains(&x.as_str())
        }))
    .then_some(words.len())
}

/// The phrase's words (lowercase) and the index after it.
fn phrase(clause: &[Token], mut i: usize, max: usize) -> (Vec<String>, usize) {
    let mut words = Vec::new();
    while let Some(t) = clause.get(i) {
        if !t.is_word() {
            if t.kind == Kind::Path && words.len() < max {
                words.push(t.lower.clone());
                i += 1;
                continue;
            }
            break;
        }
        let w = t.lower.as_str();
        if words.is_empty() && CONDITION_SKIP.contains(&w) {
            i += 1;
            continue;
        }
        if words.len() >= max || (ends_a_term(w) && !matches!(w, "of" | "de")) {
            break;
        }
        words.push(t.lower.clone());
        i += 1;
    }
    (words, i)
}

/// The condition as written, from its opening word at `from` to the end of its phrase.
fn as_written(clause: &[Token], from: usize, max: usize) -> String {
    let (_, end) = phrase(clause, from + 1, max);
    written(&clause[from..end.max(from + 1)])
}

/// Tokens as the rule wrote them, code in backticks.
fn next_word_or_code(clause: &[Token], mut i: usize) -> Option<&Token> {
    while let Some(t) = clause.get(i) {
        if t.is_word() && CONDITION_SKIP.contains(&t.lower.as_str()) {
            i += 1;
            continue;
        }
        return Some(t);
    }
    None
}

fn looks_path(t: &Token) -> bool {
    t.kind == Kind::Path || (t.is_code() && super::super::text::looks_like_path(&t.text))
}

fn render(clause: &[Token], from: usize, code: &Token) -> String {
    let skipped: Vec<&str> = clause[from..]
        .iter()
        .take_while(|t| t.is_word() && CONDITION_SKIP.contains(&t.lower.as_str()))
        .map(|t| t.text.as_str())
        .collect();
    let mut s = skipped.join(" ");
    if !s.is_empty() {
        s.push(' ');
    }
    s.push_str(&format!("`{}`", code.text));
    s
}

/// The rule forbids `time.sleep`: in async code, a detector sees that.
fn sleeps(found: &[Mention]) -> bool {
    found
        .iter()
        .any(|f| matches!(&f.entity, Entity::Code { text, .. } if text.starts_with("time.sleep")))
}

/// Whether the words of a place name a kind of file no path tells ("widget files", "archivos
/// de vista", "in service files"): the rule is then left unchecked, never checked everywhere.
/// File kinds other passes read ("docker-compose files", "YAML files") are not these.
fn names_unknown_files(words: &[String], said_langs: &[String]) -> bool {
    const UNTOLD_KINDS: &[&str] = &[
        "widget",
        "widgets",
        "view",
        "views",
        "screen",
        "screens",
        "page",
        "pages",
        "handler",
        "handlers",
        "service",
        "services",
        "model",
        "models",
        "helper",
        "helpers",
        "library",
        "module",
        "modules",
        "vista",
        "vistas",
        "pantalla",
        "pantallas",
        "página",
        "páginas",
        "servicio",
        "servicios",
        "modelo",
        "modelos",
        "módulo",
        "módulos",
    ];
    let Some(noun) = words.iter().position(|w| FILE_WORDS.contains(&w.as_str())) else {
        return false;
    };
    // English names the kind before the noun ("widget files"), Spanish after it ("archivos de
    // vista"); what follows in English is another phrase ("in source files → use `tests/`").
    let english = matches!(words[noun].as_str(), "files" | "file");
    let kind = if english { &words[..noun] } else { &words[noun..] };
    !is_tests(words)
        && !names_a_said_language(kind, said_langs)
        && kind.iter().any(|w| UNTOLD_KINDS.contains(&w.as_str()))
}

/// The decorators named after a place word at `at` (`@Component`, `@Pipe`; Angular's when the
/// rule says "decorators" and names none), when what clause `ci` forbids is a property written
/// as in an object (`standalone: true`), which their arguments hold.
fn decorator_of_property(clause: &[Token], at: usize, ci: usize, found: &[Mention]) -> Option<Vec<String>> {
    let property = found.iter().any(|f| {
        f.clause == ci
            && f.role == Role::Forbid
            && matches!(&f.entity, Entity::Code { text, .. } if is_property(text))
    });
    let place = &clause[at.min(clause.len())..];
    let named: Vec<String> = place
        .iter()
        .take(8)
        .filter(|t| t.is_code() && t.text.starts_with('@'))
        .map(|t| t.text.trim_start_matches('@').trim_end_matches("()").to_string())
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect();
    let said = place
        .iter()
        .take(8)
        .any(|t| t.is_word() && DECORATOR_WORDS.contains(&t.lower.as_str()));
    if !property || (named.is_empty() && !said) {
        return None;
    }
    Some(if named.is_empty() {
        ANGULAR_DECORATORS.iter().map(|d| d.to_string()).collect()
    } else {
        named
    })
}

/// The decorators whose arguments Angular's declarations are written in.
const ANGULAR_DECORATORS: &[&str] = &["Component", "Directive", "Pipe", "NgModule", "Injectable"];

/// `standalone: true`, `changeDetection: Default`: a key and a value as an object writes them.
pub fn is_property(text: &str) -> bool {
    let Some((key, value)) = text.split_once(':') else {
        return false;
    };
    let key = key.trim();
    !key.is_empty()
        && key.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !value.trim().is_empty()
        && !value.contains(':')
}

/// Whether one of `words` is (a word of) a language the rule names ("in Python module files").
fn names_a_said_language(words: &[String], said_langs: &[String]) -> bool {
    words
        .iter()
        .any(|w| said_langs.iter().any(|l| l.split(' ').any(|p| p == w)))
}

/// "`%w` (not `%v`) when wrapping errors": the literals pass checks a format verb only where
/// an error is made from another, which is this condition.
fn wrapping_errors_seen(words: &[String], found: &[Mention]) -> bool {
    words.first().is_some_and(|w| WRAP_VERBS.contains(&w.as_str()))
        && words
            .iter()
            .any(|w| matches!(w.as_str(), "error" | "errors" | "errores"))
        && found.iter().any(|f| {
            f.role == Role::Forbid && matches!(&f.entity, Entity::Code { text, .. } if text.starts_with('%'))
        })
}

fn is_tests(words: &[String]) -> bool {
    words.iter().any(|w| CONDITION_TESTS.contains(&w.as_str()))
}

/// "unless asked", "when the user requests it": the user's to grant, not the files'.
fn user_granted(words: &[String]) -> bool {
    words.iter().any(|w| CONDITION_USER.contains(&w.as_str()))
}

/// The rule's conditions as written, when every one of them only asks for a justification
/// ("`#[allow(...)]` without a comment explaining why", "no `any` unless justified", "sin
/// justificación documentada"): what the rule forbids is then forbidden by default, and a check
/// ignoring the condition can be proposed — the user marks each justified use. `None` when the
/// rule has no such condition, or also another one ("with negative numbers", "in async
/// functions"), where a check everywhere would mostly be wrong.
pub fn justification_only(ctx: &Context) -> Option<Vec<String>> {
    let clause_list = clauses(ctx.tokens);
    let mut conditions = ctx.conditions.unreadable.clone();
    for f in ctx.found.iter().filter(|f| f.conditional) {
        // The condition is in the mention's clause, or in one it resumes after an aside
        // ("Avoid force unwraps (`!`) unless absolutely safe and justified").
        let (clause, at) = clause_list.get(f.clause..)?.iter().take(3).find_map(|clause| {
            let at = clause
                .iter()
                .position(|t| t.is_word() && CONDITION_OPENERS.contains(&t.lower.as_str()))?;
            Some((clause, at))
        })?;
        // "unless absolutely safe and justified": the words after a conjunction still say what
        // the justification is.
        let said = as_written(clause, at, 6);
        let whole = said_whole(clause, at);
        conditions.push(if !is_justification(&said) && is_justification(&whole) {
            whole
        } else {
            said
        });
    }
    conditions.dedup();
    (!conditions.is_empty() && conditions.iter().all(|c| is_justification(c))).then_some(conditions)
}

/// A justification the rule asks for that no mention carries ("Never suppress ESLint rules
/// without a comment explaining why": the directives are read from the words, not mentioned),
/// as written; `None` when the rule's conditions say anything else.
pub fn unmentioned_justification(ctx: &Context) -> Option<Vec<String>> {
    let clause_list = clauses(ctx.tokens);
    let mut conditions = Vec::new();
    for clause in &clause_list {
        for (at, t) in clause.iter().enumerate() {
            if t.is_word() && CONDITION_OPENERS.contains(&t.lower.as_str()) {
                let said = said_whole(clause, at);
                if !is_justification(&said) {
                    return None;
                }
                conditions.push(said);
            }
        }
    }
    (!conditions.is_empty()).then_some(conditions)
}

/// Whether the justification `conditions` ask for is one a comment beside the code gives: each
/// asks for a reason, a comment or documentation ("without a comment explaining why", "unless
/// justified", "sin justificación documentada"), or the rule asks for comments elsewhere
/// ("unless absolutely necessary. If used, … documented with `// SAFETY:` comments"). Not an
/// approval or a need alone ("unless approved", "unless you need it").
pub fn comment_justified(ctx: &Context, conditions: &[String]) -> bool {
    !conditions.is_empty()
        && (conditions.iter().all(|c| says_one_of(c, &[COMMENT_JUSTIFIED]))
            || ctx.says(&["comment", "comments", "comentario", "comentarios"]))
}

/// Whether a condition, as written, says a word of one of `lists` (hyphenated words kept whole:
/// "sign-off").
fn says_one_of(condition: &str, lists: &[&[&str]]) -> bool {
    condition
        .split(|ch: char| !ch.is_alphanumeric() && ch != '-')
        .any(|w| {
            let w = w.to_lowercase();
            lists.iter().any(|list| list.contains(&w.as_str()))
        })
}

/// A condition as written from `at`, up to seven words ("except in test helpers that mock IO",
/// "When the conversion impls implied by the"): the phrase reader would stop at its first
/// preposition.
fn said_whole(clause: &[Token], at: usize) -> String {
    let end = clause[at..]
        .iter()
        .position(|t| !(t.is_word() || t.is_code() || t.kind == Kind::Path))
        .map_or(clause.len(), |p| at + p)
        .min(at + 7);
    written(&clause[at..end])
}

/// Words of a condition that is the agent's judgement, not a kind of code: "if possible",
/// "when in doubt", "si es necesario".
const JUDGEMENT_WORDS: &[&str] = &[
    "possible",
    "needed",
    "necessary",
    "appropriate",
    "applicable",
    "feasible",
    "unsure",
    "doubt",
    "practical",
    "posible",
    "necesario",
    "necesaria",
    "dudas",
    "duda",
];

/// "When the conversion impls … are mechanical (…), use `#[derive(…)]` rather than handwriting
/// an `impl` block": a sentence that opens with a condition holds it over the clauses after it,
/// where the forbidding is. Conditions the scope already says (tests, a language), the user's to
/// grant and the agent's judgement ("if possible") are left alone.
fn opening_condition(
    with_ends: &[(&[Token], Option<&str>)],
    found: &[Mention],
    said_langs: &[String],
) -> Option<String> {
    let mut start = 0;
    for (ci, (_, end)) in with_ends.iter().enumerate() {
        if !matches!(end, Some("." | ";" | "!" | "?") | None) {
            continue;
        }
        let sentence = start..=ci;
        start = ci + 1;
        let first = with_ends[*sentence.start()].0;
        let Some(at) = first.iter().position(Token::is_word) else {
            continue;
        };
        if !matches!(
            first[at].lower.as_str(),
            "when" | "whenever" | "if" | "cuando" | "si"
        ) {
            continue;
        }
        let forbids_later = found.iter().any(|f| {
            f.clause > *sentence.start()
                && f.clause <= ci
                && f.role == Role::Forbid
                && !matches!(f.entity, Entity::Place { .. })
        });
        let forbids_here = found
            .iter()
            .any(|f| f.clause == *sentence.start() && f.role == Role::Forbid);
        if !forbids_later || forbids_here {
            continue;
        }
        let words: Vec<String> = first[at + 1..]
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.clone())
            .collect();
        let testing = ONLY_TESTS.iter().any(|p| match_words(first, at, p));
        if testing
            || user_granted(&words)
            || is_tests(&words)
            || words.iter().any(|w| {
                JUDGEMENT_WORDS.contains(&w.as_str())
                    || said_langs.contains(w)
                    // "When writing git commits: …": the commit messages the commits pass checks.
                    || w.starts_with("commit")
            })
        {
            continue;
        }
        return Some(said_whole(first, at));
    }
    None
}

/// Whether a condition, as written, asks for a justification ("unless justified", "sin un
/// comentario que explique por qué").
pub fn is_justification(condition: &str) -> bool {
    // "except in comments", "salvo en los tests": a place, even when it names comments.
    let mut words = condition
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase);
    if matches!(
        (words.next().as_deref(), words.next().as_deref()),
        (
            Some("except" | "excepto" | "salvo" | "outside"),
            Some("in" | "en" | "within" | "inside" | "dentro")
        )
    ) {
        return false;
    }
    says_one_of(condition, &[COMMENT_JUSTIFIED, GRANTED_JUSTIFIED])
}

/// The note after what is forbidden only under a condition ("`any` not checked: …").
pub const UNDER_A_CONDITION: &str =
    "not checked: forbidden only under a condition (\"without\", \"unless\", \"sin\", \"a menos que\")";

/// Notes for what is forbidden only under a condition, and for conditions no check can see.
pub fn run(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx
        .found
        .iter()
        .enumerate()
        .filter(|(_, f)| f.conditional && super::concepts::seen_condition(ctx, f).is_none())
    {
        let what = match &f.entity {
            Entity::Code { text, .. } => format!("`{text}`"),
            Entity::Term(t) => format!("\"{t}\""),
            Entity::Concept { words, .. } => format!("\"{words}\""),
            Entity::Place { path, .. } => format!("`{path}`"),
        };
        out.note(At::Mention(i), format!("{what} {UNDER_A_CONDITION}"));
    }
    for c in &ctx.conditions.unreadable {
        out.unseen_condition(c, "not inferred");
    }
}

/// A UI framework whose components are its files (`*.tsx`, `*.vue`, `*.svelte`).
fn names_ui_language(words: &[String]) -> bool {
    words.iter().any(|w| {
        matches!(
            w.as_str(),
            "react" | "vue" | "svelte" | "angular" | "solid" | "preact"
        )
    })
}
