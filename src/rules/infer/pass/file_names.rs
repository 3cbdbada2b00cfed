//! File-names pass: a naming case mandated for file names — "Filenames should be in
//! `kebab-case`", "Files: kebab-case (`analysis-result.ts`)", "Nombrar los componentes Svelte
//! usando PascalCase (ej: `LoginModal.svelte`)" — is checked as `Forbidden_paths`: the names that
//! break the case (an uppercase letter or `_` for kebab-case…), in the files the rule is about
//! (the extensions of its examples, else the languages it names, else every file for kebab- and
//! snake_case). Names tools and conventions fix (`README.md`, `Makefile`, `__init__.py`,
//! `+page.svelte`, `index.ts`, dotfiles) are left out. A case for identifiers ("camelCase for
//! functions") is not about files and gets nothing here.

use super::super::files::FileScope;
use super::super::naming::{Case, Subject, is_naming_case, mandates, sentences};
use super::super::text::{Kind, Token};
use super::super::words::{FILE_EXTENSIONS, FILE_NAME_NOUNS};
use super::{At, Context, Found};

/// Globs of the file names that break a case. Each ends in `.*`: a glob also matches the
/// folders it names (and all below), so it must only fit a file's name — one with an extension
/// (folders rarely have one; a name without one is not checked).
fn breaking(case: Case) -> &'static [&'static str] {
    match case {
        // An uppercase letter, or an underscore after the first character (`_app.tsx`,
        // `__init__.py` start with theirs by convention).
        Case::Kebab => &["**/*[A-Z]*.*", "**/[!_]*_*.*"],
        Case::Snake => &["**/*[A-Z]*.*", "**/*-*.*"],
        Case::Camel => &["**/[A-Z]*.*", "**/[!_]*[-_]*.*"],
        Case::Pascal => &["**/[!A-Z]*.*", "**/*[-_]*.*"],
        Case::Lower => &["**/*[A-Z]*.*"],
        // "UPPERCASE for documentation files" (`CI-INTEGRATION.md`): a lowercase letter before
        // the extension.
        Case::UpperSnake => &["**/*[a-z]*.*"],
        // Field names' conventions, no file's.
        Case::Underscored | Case::UnderscoreCamel => &[],
    }
}

/// Whether a case can be checked on every file of a project: kebab-, snake_ and lowercase can
/// (a project's files are mostly lowercase); camelCase and PascalCase only on the files a rule
/// is about (components), or every `package.json` would break them.
fn fits_every_file(case: Case) -> bool {
    matches!(case, Case::Kebab | Case::Snake | Case::Lower)
}

/// File names that tools, platforms and conventions fix, whatever a project's case.
const CONVENTIONAL: &[&str] = &[
    "!**/.*",
    "!**/.*/**",
    // Under a folder whose name has a dot (`Acme.Web/`, `v1.2/`) the globs above would read the
    // folder as the file's name: those files are left out rather than misread.
    "!**/*.*/**",
    // Names tools write.
    "!**/package-lock.json",
    "!**/*-lock.*",
    "!**/*.lock",
    "!**/docker-compose*",
    "!**/requirements*.txt",
    "!**/node_modules/**",
    "!**/vendor/**",
    "!**/README*",
    // `Readme.md`, `readme.md`: the same file, as some projects spell it.
    "!**/Readme*",
    "!**/readme*",
    "!**/LICENSE*",
    "!**/LICENCE*",
    "!**/CHANGELOG*",
    "!**/CONTRIBUTING*",
    "!**/CODE_OF_CONDUCT*",
    "!**/SECURITY*",
    "!**/AUTHORS*",
    "!**/NOTICE*",
    "!**/CODEOWNERS",
    "!**/AGENTS.md",
    "!**/CLAUDE.md",
    "!**/GEMINI.md",
    // An agent skill's file (Claude's and Codex's Agent Skills).
    "!**/SKILL.md",
    // The test suffix Go's and OPA's test runners require.
    "!**/*_test.go",
    "!**/*_test.rego",
    "!**/Makefile",
    "!**/Dockerfile*",
    "!**/Containerfile",
    "!**/Gemfile*",
    "!**/Rakefile",
    "!**/Procfile",
    "!**/Jenkinsfile",
    "!**/Vagrantfile",
    "!**/Brewfile",
    "!**/Pipfile*",
    "!**/Justfile",
    "!**/Cargo.*",
    "!**/CMakeLists.txt",
    "!**/__*__.py",
    "!**/*.d.ts",
    // Migrations are named by their tools (`20250221163139_initial_schema.sql`,
    // `0001_initial.py`, `V2__add_users.sql`): a timestamp and the tool's separator.
    "!**/migrations/**",
    "!**/migrate/**",
    "!**/db/migration/**",
];

/// Names frameworks give by role, whatever the case of the components beside them.
const ROLE_NAMES: &[&str] = &[
    "!**/index.*",
    "!**/main.*",
    "!**/+*",
    "!**/_*",
    "!**/[[]*",
    "!**/page.*",
    "!**/layout.*",
    "!**/route.*",
    "!**/loading.*",
    "!**/error.*",
    "!**/not-found.*",
    "!**/template.*",
    "!**/*.config.*",
];

/// Globs of the files under a folder whose name breaks a case (any folder of the path).
fn breaking_folders(case: Case) -> Option<&'static [&'static str]> {
    Some(match case {
        Case::Kebab => &["**/*[A-Z]*/**", "**/[!_]*_*/**"],
        Case::Snake => &["**/*[A-Z]*/**", "**/*-*/**"],
        Case::Lower => &["**/*[A-Z]*/**"],
        Case::Camel | Case::Pascal | Case::UpperSnake | Case::Underscored | Case::UnderscoreCamel => {
            return None;
        }
    })
}

/// Folder names tools and conventions fix: dot folders, `__tests__`, `node_modules`, dynamic
/// routes (`[id]`), folders with a dot (`Acme.Web`), migrations, locales (`pt-BR`).
const CONVENTIONAL_FOLDERS: &[&str] = &[
    "!**/.*/**",
    "!**/*.*/**",
    "!**/__*__/**",
    "!**/_*/**",
    "!**/[[]*/**",
    "!**/node_modules/**",
    "!**/vendor/**",
    "!**/target/**",
    "!**/dist/**",
    "!**/build/**",
    // Prisma's `migrations/20231028095542_use_now/`: named by the tool, from a timestamp.
    "!**/migrations/**",
    // Locales (`translations/pt-BR/`, `locale/zh_CN/`): named by their standard's tags.
    "!**/[a-z][a-z]-[A-Z][A-Z]/**",
    "!**/[a-z][a-z]_[A-Z][A-Z]/**",
];

/// Words for folders.
const FOLDER_NOUNS: &[&str] = &[
    "directories",
    "directory",
    "folders",
    "folder",
    "dirs",
    "directorios",
    "directorio",
    "carpetas",
    "carpeta",
];

/// "Use kebab-case for directories": the files under a folder whose name breaks the case.
fn folder_names(ctx: &Context, out: &mut Found, sentence: &[Token]) -> bool {
    let names = |list: &[&str]| {
        sentence
            .iter()
            .any(|t| t.is_word() && list.contains(&t.lower.as_str()))
    };
    if !names(FOLDER_NOUNS) || names(FILE_NAME_NOUNS) {
        return false;
    }
    let Some((case, said, _)) = mandated_case(sentence) else {
        return false;
    };
    let Some(breaks) = breaking_folders(case) else {
        return false;
    };
    // "Directories: lowercase with dashes (e.g., `app/Http/Controllers`)": an example that
    // breaks the case itself leaves the rule's meaning to a reader.
    let breaks_case = |segment: &str| match case {
        Case::Kebab => {
            segment.chars().any(|c| c.is_ascii_uppercase()) || segment.trim_start_matches('_').contains('_')
        }
        Case::Snake => segment.chars().any(|c| c.is_ascii_uppercase()) || segment.contains('-'),
        _ => segment.chars().any(|c| c.is_ascii_uppercase()),
    };
    let contradicted = sentence
        .iter()
        .filter(|t| (t.is_code() || t.kind == Kind::Path) && t.text.contains('/'))
        .any(|t| {
            let path = t.text.trim_end_matches('/');
            // The folders of the example: every segment but a file name.
            let folders = match path.rsplit_once('/') {
                Some((dirs, last)) if last.contains('.') => dirs,
                _ => path,
            };
            folders.split('/').any(breaks_case)
        });
    if contradicted {
        out.note(
            At::Places,
            format!(
                "folder names in {} not checked: the rule's own example breaks it",
                case.name()
            ),
        );
        return true;
    }
    let mut scope = FileScope::default();
    ctx.narrow(&mut scope);
    let mut paths: Vec<String> = breaks.iter().map(|g| g.to_string()).collect();
    paths.extend(CONVENTIONAL_FOLDERS.iter().map(|g| g.to_string()));
    // A Python package cannot have a dash in its name: kebab-case never meant its folders.
    if case == Case::Kebab {
        paths.push("!**/*.py".to_string());
    }
    let explanation = format!(
        "folder names in {} from \"{said}\" → Forbidden_paths {} (the files under such a folder; dot folders, `__tests__`, `_layouts`, `[id]`, `node_modules`, build output, migrations, locales left out)",
        case.name(),
        breaks.join(", ")
    );
    out.check(At::Places, ctx.path_check(&scope, paths, explanation));
    true
}

pub fn run(ctx: &Context, out: &mut Found) {
    if cases_written_as_file_names(ctx, out) {
        return;
    }
    for sentence in sentences(ctx.tokens) {
        if folder_names(ctx, out, sentence) {
            return;
        }
        let Some((case, said, files_alone)) = mandated_case(sentence) else {
            continue;
        };
        let examples = example_extensions(sentence);
        let about_files = sentence
            .iter()
            .any(|t| t.is_word() && FILE_NAME_NOUNS.contains(&t.lower.as_str()));
        if !about_files && examples.is_empty() {
            continue;
        }
        // "Files: kebab-case for utilities", "Convex functions: camelCase (`getDevices.ts`)":
        // the names of some files only, which no path tells apart.
        if let Some(subset) = subset_named(sentence).filter(|_| !files_alone) {
            out.note(
                At::Places,
                format!(
                    "file names in {} not checked: they are the names of {subset} only, which no path tells apart",
                    case.name()
                ),
            );
            return;
        }
        // "Place all other examples in the same provider folder using descriptive `kebab-case`
        // file names": the examples' names, which their folder tells apart.
        let placed = placed_subject(sentence);
        let scope = if let Some((globs, word)) = placed {
            FileScope::of_globs(globs, format!("the {word} ({})", globs.join(", ")))
        } else if !examples.is_empty() {
            let globs: Vec<&str> = examples.iter().map(String::as_str).collect();
            FileScope::of_globs(
                &globs,
                format!("files like the examples ({})", examples.join(", ")),
            )
        } else if let Some(scope) = ctx.named.scope() {
            scope
        } else if fits_every_file(case) {
            FileScope::default()
        } else {
            continue;
        };
        let roles = !fits_every_file(case) || !examples.is_empty();
        check_case(ctx, out, case, scope, &format!("\"{said}\""), roles);
        return;
    }
}

/// "Naming: `snake_case.py`, `snake_case.ts`, `kebab-case` for config and manifest files": a
/// case written as a file name is that extension's case, whatever else the rule names (a case
/// for "config and manifest files", which no path tells apart, is left alone). One check per
/// case, over its extensions; none when two cases claim one extension.
fn cases_written_as_file_names(ctx: &Context, out: &mut Found) -> bool {
    let mut by_case: Vec<(Case, Vec<String>, String)> = Vec::new();
    for (i, t) in ctx.tokens.iter().enumerate() {
        let Some((stem, ext)) = t.text.rsplit_once('.').filter(|_| t.is_code()) else {
            continue;
        };
        let ext = ext.to_ascii_lowercase();
        if !FILE_EXTENSIONS.contains(&ext.as_str()) || !is_naming_case(stem) {
            continue;
        }
        let Some((case, _)) = Case::read(ctx.tokens, i) else {
            continue;
        };
        let glob = format!("*.{ext}");
        match by_case.iter_mut().find(|(c, _, _)| *c == case) {
            Some((_, globs, said)) => {
                if !globs.contains(&glob) {
                    globs.push(glob);
                    said.push_str(&format!(", `{}`", t.text));
                }
            }
            None => by_case.push((case, vec![glob], format!("`{}`", t.text))),
        }
    }
    if by_case.is_empty() {
        return false;
    }
    let claimed_twice = by_case.iter().enumerate().any(|(i, (_, globs, _))| {
        by_case[i + 1..]
            .iter()
            .any(|(_, other, _)| other.iter().any(|g| globs.contains(g)))
    });
    if claimed_twice {
        out.note(
            At::Places,
            "file names not checked: two cases are given for the same kind of file".to_string(),
        );
        return true;
    }
    for (case, globs, said) in by_case {
        let globs: Vec<&str> = globs.iter().map(String::as_str).collect();
        let scope = FileScope::of_globs(&globs, format!("files like the examples ({})", globs.join(", ")));
        check_case(ctx, out, case, scope, &said, true);
    }
    true
}

/// The path check of file names in `case` over `scope` (narrowed by the rule's folders and
/// conditions), as `said`: the names that break the case, less the names tools and conventions
/// fix — and, with `roles`, the names frameworks give files by their role (`index`, `+page`).
fn check_case(ctx: &Context, out: &mut Found, case: Case, mut scope: FileScope, said: &str, roles: bool) {
    let breaks = breaking(case);
    if breaks.is_empty() {
        return;
    }
    ctx.narrow(&mut scope);
    let mut paths: Vec<String> = breaks.iter().map(|g| g.to_string()).collect();
    // Files that all live in a dot folder (`.github/workflows/*.yml`) are the rule's subject:
    // dot folders are left out only of a wider scope.
    let in_dot_folders = !scope.include.is_empty() && scope.include.iter().all(|g| g.starts_with('.'));
    paths.extend(
        CONVENTIONAL
            .iter()
            .filter(|g| !(in_dot_folders && matches!(**g, "!**/.*" | "!**/.*/**" | "!**/*.*/**")))
            .map(|g| g.to_string()),
    );
    if roles {
        paths.extend(ROLE_NAMES.iter().map(|g| g.to_string()));
    }
    // A Python module cannot have a dash in its name: kebab-case never meant it.
    if case == Case::Kebab {
        paths.push("!**/*.py".to_string());
    }
    let files = if scope.why.is_empty() {
        "every file".to_string()
    } else {
        scope.why.trim_start_matches("; ").to_string()
    };
    let explanation = format!(
        "file names in {} from {said} → Forbidden_paths {} ({files}; names tools and conventions fix — README, Makefile, dotfiles, __init__.py{} — left out)",
        case.name(),
        breaks.join(", "),
        if roles { ", index, +page, _app" } else { "" }
    );
    out.check(At::Places, ctx.path_check(&scope, paths, explanation));
}

/// Nouns for kinds of code a naming rule may be about, other than files and components.
const OTHER_SUBJECTS: &[&str] = &[
    "function",
    "functions",
    "method",
    "methods",
    "utility",
    "utilities",
    "util",
    "utils",
    "helper",
    "helpers",
    "hook",
    "hooks",
    "class",
    "classes",
    "variable",
    "variables",
    "constant",
    "constants",
    "type",
    "types",
    "interface",
    "interfaces",
    "enum",
    "enums",
    "service",
    "services",
    "store",
    "stores",
    "test",
    "tests",
    "route",
    "routes",
    "endpoint",
    "endpoints",
    "model",
    "models",
    "función",
    "funciones",
    "método",
    "métodos",
    "utilidad",
    "utilidades",
    "clase",
    "clases",
    "variable",
    "variables",
    "constante",
    "constantes",
    "tipo",
    "tipos",
    "servicio",
    "servicios",
    "prueba",
    "pruebas",
    "ruta",
    "rutas",
    "modelo",
    "modelos",
];

/// Kinds of files their folder tells apart, and the folders.
const PLACED_SUBJECTS: &[(&[&str], &[&str])] = &[(
    &["examples", "example", "ejemplos", "ejemplo"],
    &["**/examples/**", "**/example/**"],
)];

/// The folders of the kind of files a sentence narrows its file names to, when a folder tells
/// them apart ("examples"), with the word that named them.
fn placed_subject(sentence: &[Token]) -> Option<(&'static [&'static str], String)> {
    sentence.iter().filter(|t| t.is_word()).find_map(|t| {
        PLACED_SUBJECTS
            .iter()
            .find(|(words, _)| words.contains(&t.lower.as_str()))
            .map(|(_, globs)| (*globs, t.lower.clone()))
    })
}

/// The kind of code a sentence narrows its file names to ("utilities", "Convex functions"),
/// if it names one.
fn subset_named(sentence: &[Token]) -> Option<String> {
    sentence
        .iter()
        .find(|t| t.is_word() && OTHER_SUBJECTS.contains(&t.lower.as_str()))
        .map(|t| t.text.clone())
}

/// The one case a sentence mandates for file names, with the words as written: its only case
/// (a case after a negation or "instead of" is the one it replaces), or, when it mandates
/// several, the one said for files alone ("kebab-case (files/directories)").
fn mandated_case(sentence: &[Token]) -> Option<(Case, String, bool)> {
    let mut all = mandates(sentence);
    if all.len() == 1 {
        let m = all.remove(0);
        // "SQL keywords in UPPERCASE in migration files": the keywords' case, not the files'.
        if !m.subjects.is_empty() && m.subjects.iter().all(|s| *s == Subject::Keywords) {
            return None;
        }
        return Some((m.case, m.said, false));
    }
    let m = all.into_iter().find(|m| m.only_files())?;
    Some((m.case, m.said, true))
}

/// `*.svelte` for an example `LoginModal.svelte`: the extensions of the file names a sentence
/// gives as examples.
fn example_extensions(sentence: &[Token]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in sentence.iter().filter(|t| t.is_code() || t.kind == Kind::Path) {
        let name = t.text.rsplit('/').next().unwrap_or(&t.text);
        let Some((stem, ext)) = name.split_once('.') else {
            continue;
        };
        let ext = ext.rsplit('.').next().unwrap_or(ext);
        // A file's extension, not a member (`controls.div`, `controls.Button`).
        let plausible = !stem.is_empty()
            && stem.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && FILE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str());
        let glob = format!("*.{}", ext.to_ascii_lowercase());
        if plausible && !out.contains(&glob) {
            out.push(glob);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::flags;

    /// instructor's "Use consistent file naming (lowercase with .mdc extension)" flagged
    /// `examples/…/Readme.md`: a README however it is spelled is a conventional name.
    #[test]
    fn a_readme_in_any_case_is_conventional() {
        let i = "Use consistent file naming (lowercase)";
        assert!(flags(i, "examples/chain/SomeFile.md"));
        for ok in ["examples/chain/Readme.md", "docs/readme.md", "README.md"] {
            assert!(!flags(i, ok), "{ok}");
        }
    }

    #[test]
    fn uppercase_documentation_file_names() {
        let i = "**Documentation**: Use UPPERCASE for documentation files";
        assert!(flags(i, "doc/installation-guide.md"));
        for ok in ["doc/CI-INTEGRATION.md", "README.md", "src/main.rs"] {
            assert!(!flags(i, ok), "{ok}");
        }
        // The case of keywords, of constants: not of the files they are in.
        assert!(!flags(
            "SQL keywords in UPPERCASE in migration files",
            "db/migrations/001_init.sql"
        ));
        assert!(!flags(
            "Use UPPER_SNAKE_CASE for constants in config files",
            "src/config.ts"
        ));
    }

    #[test]
    fn the_examples_names_are_their_folders_files() {
        // The Vercel AI SDK's AGENTS.md, under "AI Functions Example Layout".
        let i =
            "Place all other examples in the same provider folder using descriptive `kebab-case` file names";
        assert!(flags(
            i,
            "examples/ai-functions/src/generate-text/openai/toolCall.ts"
        ));
        assert!(!flags(
            i,
            "examples/ai-functions/src/generate-text/openai/tool-call.ts"
        ));
        assert!(!flags(i, "packages/anthropic/src/tool/bash_20241022.ts"));
        // Names their tools fix: an agent skill's file, a test runner's suffix.
        assert!(!flags(i, "examples/ai-functions/data/island-rescue/SKILL.md"));
        assert!(!flags(
            i,
            "packages/policy-opa/examples/git-in-bash/policy_test.rego"
        ));
    }

    #[test]
    fn kebab_case_file_names_everywhere_but_conventional_names() {
        for i in [
            "Filenames should be in `kebab-case`.",
            "Files: kebab-case (`analysis-result.ts`)",
            "Usar kebab-case para los nombres de archivo.",
        ] {
            for bad in ["src/components/TextInput.ts", "src/user_profile.ts"] {
                assert!(flags(i, bad), "{i}: {bad}");
            }
            for good in [
                "src/user-profile.ts",
                // Folders are not file names.
                "src/Components/Button/text-input.ts",
                "src/my_dir/text-input.ts",
                "src/Acme.Web/program.ts",
                "package-lock.json",
                "docker-compose.override.yml",
                "python/pkg/my_module.py",
                "README.md",
                "src/__init__.py",
                "pages/_app.ts",
                ".github/workflows/CI.yml",
                "src/types.d.ts",
                // Named by migration tools.
                "supabase/migrations/20250221163139_agentsmith_initial_schema.sql",
                "app/migrations/0001_initial.py",
                "db/migrate/20240101000000_create_users.rb",
                "src/main/resources/db/migration/V2__add_users.sql",
            ] {
                assert!(!flags(i, good), "{i}: {good}");
            }
        }
        // The example's extension sets the files: a Markdown file is not about this rule.
        assert!(!flags(
            "Files: kebab-case (`analysis-result.ts`)",
            "docs/Guide.md"
        ));
        assert!(flags("Filenames should be in `kebab-case`.", "docs/Guide.md"));
    }

    #[test]
    fn kebab_case_folders() {
        let i = "**Directories**: Use kebab-case for directories";
        for bad in ["src/lib/test_utils/fixtures.sh", "src/Components/button.ts"] {
            assert!(flags(i, bad), "{bad}");
        }
        for good in [
            "test/bats/fixtures/problem-simulators/cpu_bound.sh",
            "src/__tests__/a.test.ts",
            ".github/workflows/ci.yml",
            "app/[id]/page.tsx",
            "src/Acme.Web/program.cs",
            "node_modules/Foo_bar/index.js",
            "README_FIRST.md",
            // Documenso's Prisma migrations: named by the tool.
            "packages/prisma/migrations/20231028095542_use_now_for_last_signed_in/migration.sql",
            "packages/lib/translations/pt-BR/web.po",
            "locale/zh_CN/LC_MESSAGES/app.po",
            "src/my_pkg/models.py",
        ] {
            assert!(!flags(i, good), "{good}");
        }
        // An example that breaks the case itself: not checked.
        assert!(!flags(
            "Directories: Use lowercase with dashes (e.g., `app/Http/Controllers`)",
            "app/Http/Controllers/Auth/Login.php"
        ));
        // Files and folders both named: the file rule's.
        assert!(!flags(
            "Use kebab-case for files and directories",
            "src/my_dir/text-input.ts"
        ));
    }

    #[test]
    fn pascal_case_components_by_their_example() {
        let i = "Nombrar los componentes Svelte usando PascalCase (ej: `LoginModal.svelte`).";
        for bad in ["src/lib/message-list.svelte", "src/lib/chatInput.svelte"] {
            assert!(flags(i, bad), "{bad}");
        }
        for good in [
            "src/lib/ChatInput.svelte",
            "src/routes/+page.svelte",
            "src/lib/utils.ts",
            "src/lib/chat-ui/ChatInput.svelte",
        ] {
            assert!(!flags(i, good), "{good}");
        }
    }

    #[test]
    fn identifier_cases_and_unscoped_camel_case_are_not_file_rules() {
        for i in [
            "Always use camelCase for helper function names.",
            "Use `snake_case` for Python functions, not `camelCase`.",
            "Tipos/Interfaces: PascalCase con prefijo I (IUser, IArtist)",
            "Use camelCase for file names.",
        ] {
            assert!(!flags(i, "src/SomeFile_name.ts"), "{i}");
        }
    }

    #[test]
    fn the_case_said_for_files_among_several() {
        for i in [
            "Use kebab-case for file names and camelCase for file contents.",
            "Follow naming conventions: PascalCase (classes/types/interfaces), camelCase (variables/functions), kebab-case (files/directories), UPPER_SNAKE_CASE (constants/env vars)",
        ] {
            assert!(flags(i, "src/SomeFile_name.ts"), "{i}");
            assert!(flags(i, "src/utils/dateUtils.ts"), "{i}");
            assert!(!flags(i, "src/utils/date-utils.ts"), "{i}");
        }
        // Several cases, none for files alone: nothing about file names.
        assert!(!flags(
            "PascalCase for classes and camelCase for functions and files.",
            "src/dateUtils.ts"
        ));
    }

    #[test]
    fn a_label_naming_files_with_several_cases_names_subsets() {
        // Components and utilities: which files are which, no path tells.
        let i = "File naming: PascalCase for components (`UserProfile.tsx`), kebab-case for utilities (`chart-utils.ts`)";
        for path in ["gpt-api/src/app.ts", "src/chart-utils.ts", "src/UserProfile.tsx"] {
            assert!(!flags(i, path), "{path}");
        }
        // Members are not file names.
        for i in [
            "HTML elements: lowercase (`controls.div`)",
            "Composites: PascalCase (`controls.Button`)",
        ] {
            assert!(!flags(i, "src/App.div"), "{i}");
            assert!(!flags(i, "src/app.Button"), "{i}");
        }
    }

    #[test]
    fn lowercase_with_dashes_in_the_dot_folder_the_rule_names() {
        let i = "GitHub Actions filenames should be all lowercase, with dashes separating words.";
        assert!(flags(i, ".github/workflows/Super_Linter.yml"));
        assert!(flags(i, ".github/workflows/release_build.yml"));
        assert!(!flags(i, ".github/workflows/super-linter.yml"));
        assert!(!flags(i, "src/Component.tsx"));
    }

    #[test]
    fn the_names_of_some_files_only_are_not_checked() {
        for i in [
            "Files: kebab-case for utilities (e.g., `format-date.ts`)",
            "Convex functions: camelCase (e.g., `getDevices.ts`)",
            "Hooks: camelCase starting with use (`useAuth.ts`)",
            "Archivos de utilidades en kebab-case (`format-date.ts`)",
        ] {
            for path in ["convex/apkStorage.ts", "src/lib/auth-device.ts", "src/Thing_x.ts"] {
                assert!(!flags(i, path), "{i}: {path}");
            }
        }
        // Components are what their files are.
        assert!(flags(
            "Components: PascalCase (e.g., `DeviceList.tsx`)",
            "src/components/device-list.tsx"
        ));
    }

    #[test]
    fn a_case_written_as_a_file_name() {
        let i = "Archivos: `snake_case.go` (ej: `user_handler.go`)";
        assert!(flags(i, "internal/handlers/categories/restoreCategory.go"));
        assert!(!flags(i, "internal/handlers/categories/restore_test.go"));
        assert!(!flags(i, "internal/db/files_categories.sql.go"));
        assert!(!flags(i, "web/src/UserCard.tsx"));
        let i = "File names: `kebab-case.ts`";
        assert!(flags(i, "src/userCard.ts"));
        assert!(!flags(i, "src/user-card.ts"));
    }

    #[test]
    fn the_case_replaced_is_not_the_case_mandated() {
        let i = "Use kebab-case for file names instead of camelCase.";
        assert!(flags(i, "src/userProfile.ts"));
        assert!(!flags(i, "src/user-profile.ts"));
    }
}
