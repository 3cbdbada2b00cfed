//! Places pass: "never in `src/api/`", "nunca en 'src/…'" forbid paths (`Forbidden_paths`) for
//! the files the rule is about ("route handlers", "test files"), when those files are
//! recognizable by name or the folder is named for them; otherwise a note says why not.

use super::super::concepts::{CONCEPTS, Detector};
use super::super::files::{self, FileScope, TEST_NAMES};
use super::super::phrases::{Entity, Place, Role};
use super::super::text::Token;
use super::super::words::{FILE_NOUNS, NEW_FILE_WORDS};
use super::{At, Context, Found, NOT_THE_PROJECTS, Route, same_family};
use crate::rules::model::{CheckSpec, Origin, Within};

/// File kinds recognizable by name: the nouns that name them and their globs.
const SUBJECT_KINDS: &[(&[&str], &[&str])] = &[
    (
        &["test", "tests", "prueba", "pruebas", "spec", "specs"],
        TEST_NAMES,
    ),
    (&["stories", "story", "historias"], &["*.stories.*"]),
    (
        &["hooks", "hook"],
        &["use[A-Z]*.ts", "use[A-Z]*.tsx", "use[A-Z]*.js", "use[A-Z]*.jsx"],
    ),
];

/// Forbidden file names and patterns ("prohibido `package-lock.json`", "no `test_*.py` outside
/// `tests/`"): `Forbidden_paths`, in every file the rule's folders and exceptions leave in.
fn file_names(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.routed(Route::Places) {
        let Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        let said = format!("forbidden file name `{text}` after \"{}\"", f.trigger);
        out.check(At::Mention(i), file_name_check(ctx, path_glob(text), &said));
    }
}

/// The path rule forbidding files whose path matches `glob` (dependencies and git's files left
/// out), in every file the rule's folders and exceptions leave in, explained as "`said`: a path
/// rule …".
pub(super) fn file_name_check(ctx: &Context, glob: String, said: &str) -> CheckSpec {
    let mut scope = FileScope::default();
    ctx.narrow(&mut scope);
    let why = if scope.why.is_empty() {
        "every file".to_string()
    } else {
        format!("every file{}", scope.why)
    };
    let explanation = format!("{said}: a path rule, Forbidden_paths `{glob}`; files {why}");
    let mut forbidden = vec![glob];
    forbidden.extend(NOT_THE_PROJECTS.map(String::from));
    ctx.path_check(&scope, forbidden, explanation)
}

/// Languages whose files a rule can forbid outright ("❌ TypeScript - FORBIDDEN (use vanilla
/// JS)", "Do not use TypeScript"): the words, the files, and files of theirs that projects keep
/// whatever they are written in (type declarations, tool configurations).
const FORBIDDEN_LANGUAGES: &[(&[&str], &[&str], &[&str])] = &[
    (&["typescript"], &["*.ts", "*.tsx", "*.mts", "*.cts"], &["*.d.ts"]),
    (
        &["javascript"],
        &["*.js", "*.jsx", "*.mjs", "*.cjs"],
        &["*.config.*", ".*rc.*", "*.min.js"],
    ),
    // Template and transpiled languages: "Prefer HAML for templates over ERB".
    (&["erb"], &["*.erb"], &[]),
    (&["haml"], &["*.haml"], &[]),
    (&["slim"], &["*.slim"], &[]),
    (&["coffeescript"], &["*.coffee"], &[]),
    // "Use Kotlin, no Java": an Android or JVM project's Java sources.
    (&["java"], &["*.java"], &[]),
];

/// A language forbidden by name, with no condition on where: its files break the rule.
fn forbidden_languages(ctx: &Context, out: &mut Found) {
    // "Avoid TypeScript `enum`s": the language qualifies what is forbidden — not a concept of
    // another language ("TypeScript or any type annotations": Python's type hints). The
    // languages the rule names, forbidden ones included, say which.
    let of_a_language_said = |d: &Detector| {
        d.langs.is_empty()
            || files::named(ctx.tokens)
                .langs()
                .iter()
                .any(|l| d.langs.iter().any(|dl| same_family(*l, *dl)))
    };
    let qualifies = ctx.found.iter().any(|f| {
        f.role == Role::Forbid
            && match f.entity {
                Entity::Code { .. } => true,
                Entity::Concept { index, .. } => of_a_language_said(CONCEPTS[index].detector),
                _ => false,
            }
    });
    if ctx.narrows() || qualifies {
        return;
    }
    // "Components use plain JavaScript (no TypeScript)": only some files are meant, so files
    // are not forbidden by their extension; a component's `lang="ts"` still says TypeScript.
    let some_files = ctx.says(FILE_NOUNS);
    for (i, f) in ctx.mentions() {
        let (Entity::Term(term), Role::Forbid) = (&f.entity, f.role) else {
            continue;
        };
        let lower = term.to_lowercase();
        let Some((_, globs, kept)) = FORBIDDEN_LANGUAGES
            .iter()
            .find(|(w, _, _)| w.contains(&lower.as_str()))
        else {
            continue;
        };
        if lower == "typescript" {
            let scope = FileScope::of_globs(&["*.vue", "*.svelte"], String::new());
            out.check(
                At::Mention(i),
                ctx.pattern_check(
                    r#"<script\b[^>\r\n]*\b(?P<hit>lang=["']ts["'])"#.to_string(),
                    scope,
                    None,
                    format!(
                        "the language \"{term}\" forbidden after \"{}\": `lang=\"ts\"` on a Vue or Svelte component's script",
                        f.trigger
                    ),
                    Within::Any,
                ),
            );
        }
        if some_files && matches!(lower.as_str(), "typescript" | "javascript") {
            continue;
        }
        // "Avoid Java 8 APIs": a version of the language, not the language.
        if followed_by_version(&ctx.rule.instruction, term) {
            continue;
        }
        let mut forbidden: Vec<String> = globs.iter().map(|g| g.to_string()).collect();
        forbidden.extend(kept.iter().map(|g| format!("!{g}")));
        forbidden.extend(NOT_THE_PROJECTS.map(String::from));
        let explanation = format!(
            "the language \"{term}\" forbidden after \"{}\": its files ({}) break the rule{}",
            f.trigger,
            globs.join(", "),
            if kept.is_empty() {
                String::new()
            } else {
                format!(", except {}", kept.join(", "))
            }
        );
        out.check(
            At::Mention(i),
            ctx.path_check(&FileScope::default(), forbidden, explanation),
        );
    }
}

/// Whether `term` is written right before a version number somewhere in `text` ("Java 8").
fn followed_by_version(text: &str, term: &str) -> bool {
    text.match_indices(term).any(|(at, _)| {
        text[at + term.len()..]
            .trim_start_matches([' ', '\t'])
            .starts_with(|c: char| c.is_ascii_digit())
    })
}

/// A language a rule can mandate for the code, and the rival whose files break it.
struct MandatedLanguage {
    /// The words that name it, lowercase.
    names: &'static [&'static str],
    /// How it is written.
    shown: &'static str,
    /// The rival's name in [`FORBIDDEN_LANGUAGES`], and how it is written.
    rival: &'static str,
    rival_shown: &'static str,
    /// The folders that hold a project's own code, when the rule names none.
    sources: &'static [&'static str],
}

const MANDATED_LANGUAGES: &[MandatedLanguage] = &[
    MandatedLanguage {
        names: &["typescript"],
        shown: "TypeScript",
        rival: "javascript",
        rival_shown: "JavaScript",
        sources: &["**/src", "app", "lib", "components", "pages"],
    },
    MandatedLanguage {
        names: &["kotlin"],
        shown: "Kotlin",
        rival: "java",
        rival_shown: "Java",
        sources: &["**/src"],
    },
];

/// A language mandated for the code rules out its rival's files: "Use TypeScript when modifying
/// or adding source files in `src/`" in that folder; "Usa TypeScript para todo el código" in
/// the whole project (build outputs kept); a bare "Use TypeScript", "Always generate code in
/// TypeScript", "**Language**: Kotlin only" in the project's source folders (`src/`, `app/`…),
/// where its own code lives — a project may well keep JavaScript elsewhere (scripts, a service
/// worker). Configuration files and minified bundles are kept everywhere. Not for new code:
/// existing files cannot be told apart from new ones.
fn mandated_language(ctx: &Context, out: &mut Found) {
    if ctx.found.iter().any(|m| m.role == Role::Forbid) {
        return;
    }
    for language in MANDATED_LANGUAGES {
        let Some((at, trigger)) = language_mandate(ctx, language.names) else {
            continue;
        };
        let shown = language.shown;
        if let Some(word) = ctx.first_said(NEW_FILE_WORDS) {
            out.note(
                at,
                format!(
                    "{shown} mandated (after \"{trigger}\") with \"{word}\": the files it is meant for cannot be told apart from the others — not checked"
                ),
            );
            continue;
        }
        let Some((_, globs, kept)) = FORBIDDEN_LANGUAGES
            .iter()
            .find(|(w, _, _)| w.contains(&language.rival))
        else {
            continue;
        };
        // The folders the rule names ("in `src/`"), as written and as globs.
        let named: Vec<&String> = ctx
            .found
            .iter()
            .filter_map(|m| match &m.entity {
                Entity::Place {
                    path,
                    place: Place::Allowed | Place::Within,
                } if !files::names_a_file(path) => Some(path),
                _ => None,
            })
            .collect();
        let dirs: Vec<String> = named.iter().map(|p| format!("`{p}`")).collect();
        let folders: Vec<String> = named
            .iter()
            .map(|p| files::glob_of_words(p.trim_start_matches("./").trim_end_matches('/')))
            .collect();
        let whole = dirs.is_empty() && for_all_the_code(ctx);
        let (folders, places): (Vec<String>, String) = if !dirs.is_empty() {
            (folders, dirs.join(", "))
        } else if whole {
            (Vec::new(), "all the code".to_string())
        } else if ctx.says(FILE_NOUNS) {
            // "Use TypeScript for component files": only some files are meant.
            continue;
        } else {
            (
                language.sources.iter().map(|d| d.to_string()).collect(),
                format!(
                    "the project's source folders ({})",
                    language
                        .sources
                        .iter()
                        .map(|d| format!("`{}/`", d.trim_start_matches("**/")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        };
        let mut forbidden: Vec<String> = Vec::new();
        for dir in &folders {
            forbidden.extend(globs.iter().map(|g| format!("{dir}/**/{g}")));
        }
        let mut kept: Vec<&str> = kept.to_vec();
        if whole {
            forbidden.extend(globs.iter().map(|g| g.to_string()));
            kept.extend(BUILD_OUTPUTS);
        }
        forbidden.extend(kept.iter().map(|g| format!("!{g}")));
        forbidden.extend(NOT_THE_PROJECTS.map(String::from));
        let explanation = format!(
            "{shown} mandated in {places} (after \"{trigger}\"): {} files there ({}) break the rule{}",
            language.rival_shown,
            globs.join(", "),
            if kept.is_empty() {
                String::new()
            } else {
                format!(", except {}", kept.join(", "))
            }
        );
        out.check(at, ctx.path_check(&FileScope::default(), forbidden, explanation));
        // Components hold TypeScript too: not for a folder the rule names (its files only).
        if shown == "TypeScript" && dirs.is_empty() {
            let components = ["*.vue", "*.svelte"];
            let globs: Vec<String> = if whole {
                components.iter().map(|g| g.to_string()).collect()
            } else {
                folders
                    .iter()
                    .flat_map(|d| components.iter().map(move |g| format!("{d}/**/{g}")))
                    .collect()
            };
            let globs: Vec<&str> = globs.iter().map(String::as_str).collect();
            let mut scope = FileScope::of_globs(&globs, String::new());
            ctx.narrow(&mut scope);
            out.check(
                at,
                ctx.pattern_check(
                    SCRIPT_WITHOUT_TS.to_string(),
                    scope,
                    None,
                    format!(
                        "TypeScript mandated in {places} (after \"{trigger}\"): a Vue or Svelte component's `<script>` without `lang=\"ts\"`"
                    ),
                    Within::Any,
                ),
            );
        }
    }
}

/// Where the rule mandates the language named by `names` for the code, and the words that do:
/// a mandate of the bare name ("Use TypeScript", "Usar TypeScript y …" — not "Use TypeScript
/// strict mode", which mandates a setting), code written in it ("Always generate code in
/// TypeScript", "escribe el código en Kotlin"), or the name alone as the project's language
/// ("Kotlin only", "**Language**: Kotlin", "Lenguaje: TypeScript").
fn language_mandate(ctx: &Context, names: &[&str]) -> Option<(At, String)> {
    if let Some((i, f)) = ctx.mentions().find(|(_, f)| {
        f.role == Role::Mandate
            && matches!(&f.entity, Entity::Term(t) if names.contains(&t.to_lowercase().as_str()))
    }) {
        return Some((At::Mention(i), f.trigger.clone()));
    }
    let words: Vec<&Token> = ctx.tokens.iter().filter(|t| t.is_word()).collect();
    let at = words.iter().position(|t| names.contains(&t.lower.as_str()))?;
    let before: Vec<&str> = words[at.saturating_sub(3)..at]
        .iter()
        .map(|t| t.lower.as_str())
        .collect();
    let after = words.get(at + 1).map(|t| t.lower.as_str());
    let written_in =
        matches!(before.as_slice(), [.., "code" | "código" | "codigo", "in" | "en"]) && ctx.says(WRITE_VERBS);
    let only = matches!(
        after,
        Some("only" | "solo" | "sólo" | "únicamente" | "exclusively")
    );
    let labelled = at > 0
        && matches!(words[at - 1].lower.as_str(), "language" | "lenguaje" | "idioma")
        && (after.is_none() || only);
    let name = words[at].text.as_str();
    let trigger = if written_in {
        format!("code {} {name}", words[at - 1].text)
    } else if only {
        format!("{name} {}", words[at + 1].text)
    } else if labelled {
        format!("{}: {name}", words[at - 1].text)
    } else {
        return None;
    };
    Some((At::Places, trigger))
}

/// Verbs that write code: "generate code in TypeScript", "escribe el código en Kotlin".
const WRITE_VERBS: &[&str] = &[
    "write",
    "generate",
    "produce",
    "code",
    "implement",
    "escribe",
    "escribir",
    "genera",
    "generar",
    "implementa",
    "implementar",
    "programa",
    "programar",
];

/// Where builds write their JavaScript: not the project's code.
const BUILD_OUTPUTS: [&str; 4] = ["dist/**", "build/**", "out/**", "coverage/**"];

/// A component's `<script>` tag without `lang="ts"` (one with it is consumed without a hit).
const SCRIPT_WITHOUT_TS: &str =
    r#"<script\b[^>]*\blang=["'](?:ts|typescript)["'][^>]*>|(?P<hit><script\b[^>]*>)"#;

/// "TypeScript for all the code", "para todo el código": the whole project, said ("all new
/// code" is noted before this is asked).
fn for_all_the_code(ctx: &Context) -> bool {
    ctx.says(&[
        "all",
        "everything",
        "entire",
        "whole",
        "todo",
        "toda",
        "todos",
        "entero",
    ]) && ctx.says(&[
        "code",
        "codebase",
        "código",
        "codigo",
        "everything",
        "project",
        "proyecto",
    ])
}

pub fn run(ctx: &Context, out: &mut Found) {
    file_names(ctx, out);
    forbidden_languages(ctx, out);
    mandated_language(ctx, out);
    let places: Vec<(&String, Place, &str)> = ctx
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
    let Some((noun, words)) = file_subject(ctx) else {
        out.note(At::Places, format!(
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
        out.note(At::Places, format!(
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
    } else if let Some(s) = ctx.named.scope() {
        s
    } else {
        FileScope {
            why: format!("every file there (the folder is named for {noun})"),
            ..FileScope::default()
        }
    };
    ctx.named.qualify(&mut scope);
    let shown: Vec<String> = forbidden.iter().map(|(p, _)| format!("`{p}`")).collect();
    let message = match allowed.first() {
        Some(home) if ctx.spanish => {
            format!("Esto va en `{home}`, no en {}", shown.join(", "))
        }
        Some(home) => format!("This belongs in `{home}`, not in {}", shown.join(", ")),
        None => ctx.message(),
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
    out.check(
        At::Places,
        CheckSpec {
            files: scope.files(),
            forbidden_paths: globs,
            message: Some(message),
            origin: Origin::Inferred { explanation },
            ..CheckSpec::default()
        },
    );
}

/// The files a placement rule is about: the words before the first place word that is not
/// the instruction's opening ("In this repo, …"), when one of them is a file noun
/// ("los manejadores de rutas de API en 'src/…'"). Returns the noun and the words.
fn file_subject(ctx: &Context) -> Option<(String, Vec<String>)> {
    let place_words = ["in", "inside", "under", "into", "within", "en", "dentro", "bajo"];
    let end = ctx
        .tokens
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, t)| t.is_word() && place_words.contains(&t.lower.as_str()))
        .map(|(k, _)| k)?;
    let words: Vec<&Token> = ctx.tokens[..end].iter().filter(|t| t.is_word()).collect();
    let noun = words.iter().find(|t| FILE_NOUNS.contains(&t.lower.as_str()))?;
    Some((
        format!("\"{}\"", noun.text),
        words.iter().map(|t| t.lower.clone()).collect(),
    ))
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
