//! Tests of inference from a rule's words: one behaviour of the grammar each, in English and Spanish.

use std::path::Path;

use super::*;
use crate::i18n::Locale;
use crate::rules::parse::parse;
use crate::rules::problem::{ClashKind, ProblemKind, SupersededReason};
use crate::rules::{BuildOptions, RuleSet, Severity, Status};

/// [`rule`], for the passes' own tests.
pub(super) fn rule_of(instruction: &str) -> Rule {
    rule(instruction)
}

pub(super) fn rule(instruction: &str) -> Rule {
    let json =
        serde_json::json!([{"Rule_number": 1, "Category": "CODE", "Instruction": instruction, "Why": "w"}])
            .to_string();
    parse(&json).rules.remove(0)
}

fn set(instructions: &[&str]) -> RuleSet {
    let rules: Vec<serde_json::Value> = instructions
        .iter()
        .enumerate()
        .map(|(i, ins)| serde_json::json!({"Rule_number": i + 1, "Category": "CODE", "Instruction": ins, "Why": "w"}))
        .collect();
    let text = serde_json::to_string_pretty(&rules).unwrap();
    RuleSet::from_text(Path::new("/repo/autofix.json"), &text, BuildOptions::default())
}

/// The violations of `instruction` in `text` at `path`.
fn violations(instruction: &str, path: &str, text: &str) -> Vec<crate::rules::Violation> {
    let s = set(&[instruction]);
    assert!(s.is_usable(), "{:?}", s.problems);
    s.check_file(&Path::new("/repo").join(path), text, None)
        .violations
}

/// `(text hit, fix)` of each violation of `instruction` in `text` at `path`.
fn hits(instruction: &str, path: &str, text: &str) -> Vec<(String, Option<String>)> {
    violations(instruction, path, text)
        .into_iter()
        .map(|v| (text[v.range.clone()].to_string(), v.fix))
        .collect()
}

/// Whether `instruction` flags the file at `path` (a path rule flags line 1), for the passes'
/// own tests.
pub(super) fn flags(instruction: &str, path: &str) -> bool {
    !hits_of(instruction, path, "first line\n").is_empty()
}

/// `(line, text hit)` of each violation, 1-based lines, for the passes' own tests.
pub(super) fn lines_hit(instruction: &str, path: &str, text: &str) -> Vec<(usize, String)> {
    violations(instruction, path, text)
        .into_iter()
        .map(|v| {
            (
                text[..v.range.start].matches('\n').count() + 1,
                text[v.range].to_string(),
            )
        })
        .collect()
}

/// [`hits`], for the passes' own tests.
pub(super) fn hits_of(instruction: &str, path: &str, text: &str) -> Vec<(String, Option<String>)> {
    hits(instruction, path, text)
}

/// The texts [`hits`] covers, for these tests and the passes' own.
pub(super) fn texts(instruction: &str, path: &str, text: &str) -> Vec<String> {
    hits(instruction, path, text)
        .into_iter()
        .map(|(t, _)| t)
        .collect()
}

/// What `rules --explain` says of `rule`, its lines joined.
pub(super) fn explained(rule: &str) -> String {
    let s = set(&[rule]);
    super::explain(&s.rules[0], &s.inferences[0]).join("\n")
}

/// Asserts that `rule` raises nothing in `text` at `path` and that its explanation says why: a
/// line holding one of `said`.
fn assert_unchecked_because(rule: &str, path: &str, text: &str, said: &[&str]) {
    assert!(texts(rule, path, text).is_empty(), "{rule}");
    let s = set(&[rule]);
    let lines = super::explain(&s.rules[0], &s.inferences[0]);
    assert!(
        lines.iter().any(|l| said.iter().any(|w| l.contains(w))),
        "{rule}: {lines:#?}"
    );
}

#[test]
fn never_use_any_in_typescript() {
    let i = "Never use `any` in TypeScript - use `unknown` with type guards.";
    let ts = "let a: any = 1;\n// handles any input\nfunction f(x: unknown): any[] { return [] }\n";
    assert_eq!(
        hits(i, "src/a.ts", ts),
        // Found, but not fixed: `unknown` breaks each use that relied on `any`.
        [("any".into(), None), ("any".into(), None)]
    );
    assert!(
        texts(i, "src/a.py", "x: any = 1").is_empty(),
        "scope is TypeScript"
    );
    let inf = infer(&rule(i));
    assert_eq!(inf.checks.len(), 1);
    assert_eq!(inf.checks[0].files, ["*.ts", "*.tsx"]);
    let Origin::Inferred { explanation } = &inf.checks[0].origin else {
        panic!()
    };
    assert!(explanation.contains("after \"never use\""), "{explanation}");
    assert!(explanation.contains("from \"TypeScript\""), "{explanation}");
}

#[test]
fn inferred_diagnostics_are_information_and_say_so() {
    let s = set(&["Never use `eval()`."]);
    let v = s.check_file(Path::new("/repo/a.js"), "eval(x)", None).violations;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].severity, Severity::Information);
    assert!(v[0].inferred);
    assert!(
        !v[0].message.contains("(inferred)"),
        "the tag is added where the message is shown: {}",
        v[0].message
    );
}

#[test]
fn inference_can_be_turned_off() {
    let text =
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `eval()`.", "Why": "w"}]"#;
    let s = RuleSet::from_text(
        Path::new("/r/autofix.json"),
        text,
        BuildOptions { inferred: false },
    );
    assert!(
        s.check_file(Path::new("/r/a.js"), "eval(x)", None)
            .violations
            .is_empty()
    );
}

#[test]
fn boundaries() {
    assert_eq!(
        texts("Never use `var`.", "a.js", "var x = 1; const variable = 2;"),
        ["var"]
    );
    assert_eq!(
        texts(
            "Never use `print(` in Python.",
            "a.py",
            "print(1)\nblueprint(2)\n"
        ),
        ["print"]
    );
    assert_eq!(
        texts(
            "Always use `===` instead of `==`.",
            "a.js",
            "a == b; a === b; a !== b"
        ),
        ["=="]
    );
    assert_eq!(
        hits("Always use `===` instead of `==`.", "a.js", "a == b")[0]
            .1
            .as_deref(),
        Some("===")
    );
    assert!(
        texts("Always use `===` instead of `==`.", "a.py", "a == b").is_empty(),
        "`===` makes it JS/TS"
    );
}

#[test]
fn use_y_instead_of_x_fixes_only_same_kinds() {
    // `moment` is also a word: after "instead of" it is read as a package, and imports are flagged.
    assert_eq!(
        hits(
            "Use `dayjs` instead of `moment`.",
            "a.ts",
            "import moment from 'moment'; // a moment"
        ),
        [("moment".into(), None)]
    );
    let h = hits(
        "Use `pathlib` instead of `os.path`.",
        "a.py",
        "import os.path\nos.path.join(a, b)",
    );
    assert_eq!(h.len(), 2);
    assert!(
        h.iter().all(|(_, f)| f.is_none()),
        "a module for a qualified name is no fix"
    );
    let h = hits(
        "Use `logger.info()` instead of `print()` in Python.",
        "a.py",
        "print('x')",
    );
    assert_eq!(
        h,
        [("print".into(), None)],
        "checked, but renaming an API is no automatic fix: `logger` may not even be imported"
    );
    let h = hits(
        "Always use native `fetch` instead of `axios`.",
        "a.ts",
        "import axios from 'axios';\nawait axios.get(u);\n",
    );
    assert!(
        !h.is_empty() && h.iter().all(|(_, f)| f.is_none()),
        "{h:?}: `import fetch from 'fetch'` would break the file"
    );
    // `const` for `var` breaks a reassignment: found, not fixed; `let` keeps the program.
    let h = hits("Usa `const` en lugar de `var`.", "a.js", "var x = 1;");
    assert_eq!(h, [("var".into(), None)]);
    let h = hits("Usa `let` en lugar de `var`.", "a.js", "var x = 1;");
    assert_eq!(h, [("var".into(), Some("let".into()))]);
}

#[test]
fn spanish_rules() {
    assert_eq!(
        texts(
            "No usar nunca any en TypeScript; usar unknown con guards de tipo",
            "a.ts",
            "let a: any;"
        ),
        ["any"]
    );
    assert!(texts("No usar nunca any en TypeScript", "a.py", "a: any").is_empty());
    let i = "No usar nunca exportaciones por defecto para componentes React - usar siempre exportaciones con nombre.";
    assert_eq!(
        texts(i, "src/Button.tsx", "export default function Button() {}"),
        ["export default"]
    );
    assert!(
        texts(i, "src/util.ts", "export default 1").is_empty(),
        "React components only"
    );
    let i = "No agregar nunca emojis a los mensajes de commit - mantener títulos de commit como Conventional Commits simples.";
    let s = set(&[i]);
    let v = s
        .check_file(Path::new("/repo/.git/COMMIT_EDITMSG"), "feat: add login 🚀", None)
        .violations;
    assert_eq!(v.len(), 1);
    let v = s
        .check_file(Path::new("/elsewhere/msg"), "Add login ✨", Some("gitcommit"))
        .violations;
    assert_eq!(v.len(), 2, "emoji and not a conventional commit title: {v:?}");
    assert!(
        s.check_file(Path::new("/repo/src/a.ts"), "// 🚀", None)
            .violations
            .is_empty()
    );
}

#[test]
fn forbidden_paths_from_places() {
    let i = "Colocar siempre los manejadores de rutas de API en 'src/server/routes/', nunca en 'src/api/' - mantener una arquitectura de backend consistente.";
    let inf = infer(&rule(i));
    assert_eq!(inf.checks.len(), 1, "{inf:?}");
    assert_eq!(inf.checks[0].forbidden_paths, ["src/api/**"]);
    assert!(
        inf.checks[0]
            .message
            .as_deref()
            .unwrap()
            .contains("src/server/routes/")
    );
    let s = set(&[i]);
    assert_eq!(
        s.check_file(Path::new("/repo/src/api/users.ts"), "export {}", None)
            .violations
            .len(),
        1
    );
    assert!(
        s.check_file(Path::new("/repo/src/server/routes/users.ts"), "export {}", None)
            .violations
            .is_empty()
    );
    // Content in a place is not a file kind: nothing.
    assert!(
        infer(&rule("Keep business logic in services, never in `controllers/`."))
            .checks
            .is_empty()
    );
    let inf = infer(&rule("Never put test files in `src/`; they go in `tests/`."));
    assert_eq!(inf.checks[0].forbidden_paths, ["src/**"]);
    assert!(inf.checks[0].files.contains(&"*.test.*".to_string()));
}

#[test]
fn tools_only_in_command_contexts() {
    let i = "Usar siempre pnpm en lugar de npm o yarn";
    assert_eq!(
        texts(
            i,
            "scripts/setup.sh",
            "#!/bin/sh\nnpm install\nyarn build\npnpm i\n"
        ),
        ["npm", "yarn"]
    );
    assert_eq!(
        texts(
            i,
            "package.json",
            r#"{"scripts": {"build": "npm run gen && tsc"}}"#
        ),
        ["npm"]
    );
    assert!(texts(i, "src/a.ts", "// run npm install first\nconst npm = 1;").is_empty());
    assert_eq!(
        texts(i, "README.md", "Use npm carefully.\n\n```sh\nnpm install\n```\n"),
        ["npm"]
    );
}

#[test]
fn tools_named_as_invocations_are_commands_not_packages() {
    let i = "For typecheck/test, use the local `pnpm typecheck` / `pnpm test` scripts rather than writing `tsc`/`vitest` invocations from scratch.";
    // The test files' imports of Vitest are no invocation of it.
    assert!(texts(i, "test/a.test.ts", "import { describe, it } from 'vitest';\n").is_empty());
    assert!(texts(i, "package.json", r#"{"devDependencies": {"vitest": "^3"}}"#).is_empty());
    assert_eq!(
        texts(
            i,
            ".github/workflows/ci.yml",
            "jobs:\n  t:\n    steps:\n      - run: vitest run\n"
        ),
        ["vitest"]
    );
    // The scripts the rule mandates are defined in package.json: there they run `vitest`.
    assert!(
        texts(
            i,
            "packages/core/package.json",
            r#"{"scripts": {"test": "vitest run"}}"#
        )
        .is_empty()
    );
    // A mandated package manager is no script: its rivals stay checked in package.json.
    assert_eq!(
        texts(
            "Use `pnpm`, not `npm`.",
            "package.json",
            r#"{"scripts": {"b": "npm run gen"}}"#
        ),
        ["npm"]
    );
    // "the `x` command handlers": the noun is no command's.
    assert_eq!(
        texts(
            "Never use `vitest` command handlers.",
            "test/a.test.ts",
            "import { it } from 'vitest';\n"
        ),
        ["vitest"]
    );
}

#[test]
fn imports_of_a_named_library() {
    let i = "Always use native fetch instead of Axios.";
    assert_eq!(
        texts(
            i,
            "src/api.ts",
            "import axios from 'axios';\n// axios was removed\n"
        ),
        ["axios"]
    );
}

#[test]
fn packages_in_words_and_lists_are_checked_where_they_are_packages() {
    let i = "Don't use moment.js, dayjs, or luxon.";
    let ts = "import moment from 'moment';\nimport d from \"dayjs\";\n// luxon and moment.js are gone\nconst momentum = dayjsLike;\n";
    assert_eq!(texts(i, "src/a.ts", ts), ["moment", "dayjs"]);
    let pkg = "{\n  \"description\": \"no luxon\",\n  \"dependencies\": {\"luxon\": \"3\"}\n}\n";
    assert_eq!(texts(i, "package.json", pkg), ["luxon"]);
    assert!(texts(i, "README.md", "We dropped moment.js and luxon.\n").is_empty());
    // Known to be Python's: only Python imports and manifests.
    let i = "use pytest, not unittest";
    assert_eq!(
        texts(i, "tests/test_a.py", "import unittest\nimport pytest\n"),
        ["unittest"]
    );
    assert_eq!(
        texts(i, "requirements.txt", "unittest2==1\nUnitTest==1\n"),
        ["UnitTest"]
    );
    assert!(
        infer(&rule(i))
            .checks
            .iter()
            .all(|c| !c.files.iter().any(|f| f == "*.ts" || f == "package.json"))
    );
    // A word that is not a package: nothing.
    assert!(infer(&rule("No logging of secrets.")).checks.is_empty());
    assert!(infer(&rule("Never use recursion.")).checks.is_empty());
    // Rust and Go when named.
    let i = "Don't use anyhow in Rust code.";
    assert_eq!(
        texts(i, "src/lib.rs", "use anyhow::Result;\nuse crate::anyhow_x;\n"),
        ["anyhow"]
    );
    assert_eq!(
        texts(i, "Cargo.toml", "[dependencies]\nserde = \"1\"\nanyhow = \"1\"\n"),
        ["anyhow"]
    );
    // Conditions keep manifests out: they hold the whole project's dependencies.
    let inf = infer(&rule("Never use `lodash` in `src/server/`."));
    assert!(
        inf.checks
            .iter()
            .all(|c| !c.files.iter().any(|f| f == "package.json")),
        "{inf:?}"
    );
}

#[test]
fn rules_about_the_agent_are_behaviour_and_get_no_check() {
    for (i, words) in [
        ("Don't run `pnpm dev`.", "Don't run `pnpm dev`"),
        ("Never use curl against our API.", "Never use curl against"),
        ("Always run the tests before committing.", "Always run"),
        ("Ask before adding dependencies.", "Ask"),
        ("No hagas commit sin pasar los tests.", "No hagas commit"),
        (
            "Nunca ejecutes `npm run build`.",
            "Nunca ejecutes `npm run build`",
        ),
        (
            "Usa `rg` para buscar en el código en lugar de `grep`.",
            "para buscar",
        ),
        (
            "NO usar `Start-Process` ni `start cmd` para arrancar otro dev server",
            "para arrancar otro dev",
        ),
        ("Never use `nohup` to start the server.", "to start the server"),
        // Astro's AGENTS.md: trying out a problem is the agent's work.
        ("Do not use `curl` to test HMR issues.", "to test HMR issues"),
        ("Don't use `curl` to debug the API.", "to debug"),
        (
            "No uses `curl` para probar los cambios.",
            "para probar los cambios",
        ),
        // An order for the agent's suggestions (a real Laravel project's CLAUDE.md).
        (
            "Use Eloquent models and relationships before suggesting raw database queries",
            "before suggesting",
        ),
        (
            "Usa Eloquent antes de proponer consultas SQL.",
            "antes de proponer",
        ),
    ] {
        let inf = infer(&rule(i));
        assert!(inf.checks.is_empty() && !inf.vague, "{i}: {inf:?}");
        assert_eq!(inf.behaviour.as_deref(), Some(words), "{i}");
        let lines = explain(&rule(i), &inf);
        assert!(
            lines
                .iter()
                .any(|l| l
                    .starts_with("behaviour rule: about what the agent does, not checked in files (from")),
            "{lines:?}"
        );
    }
    // What the agent writes to the user, and keeping things current, are its doing.
    for agent in [
        "Your answers must be short and in Spanish.",
        "Tus respuestas deben incluir ejemplos de código.",
        "Keep the CHANGELOG up to date.",
        "Keep `docs/api.md` updated when you change an endpoint.",
        "Mantén la documentación actualizada.",
    ] {
        assert!(infer(&rule(agent)).behaviour.is_some(), "{agent}");
    }
    // Not when the rule says more: what else it forbids is still checked.
    for more in [
        "Keep dependencies up to date and never use `moment`.",
        "Your responses should be concise. Never use `any` in TypeScript.",
    ] {
        let inf = infer(&rule(more));
        assert!(
            inf.behaviour.is_none() && !inf.checks.is_empty(),
            "{more}: {inf:?}"
        );
    }
    // About the code, or a tool for the project: checked as before.
    for code in [
        "API responses must use camelCase keys.",
        "Keep functions under 40 lines.",
        "Print nothing to stdout in the MCP adapter.",
        "Use pnpm, never npm.",
        "Use pnpm only. Never run `npm install`.",
        "Nunca ejecutes `git push --force` en los scripts.",
        "Never commit `.only` in tests.",
        "Never use `eval`.",
    ] {
        assert_eq!(infer(&rule(code)).behaviour, None, "{code}");
    }
    assert_eq!(
        texts("Use pnpm, never npm.", "scripts/a.sh", "npm install\n"),
        ["npm"]
    );
    assert!(texts("Don't run `pnpm dev`.", "scripts/a.sh", "pnpm dev\n").is_empty());
    // A sentence of its own about what the agent runs, in a rule whose other sentences name
    // documentation (openai-agents-js's AGENTS.md).
    let i = "Structural: Changes documentation navigation, `docs/astro.config.mjs`, or sidebar configuration. Run `pnpm docs:build`. Do not run `pnpm docs:translate` as routine verification.";
    assert!(texts(i, "docs/README.md", "```bash\npnpm docs:translate\n```\n").is_empty());
    // With a tool mandated, the commands it replaces are the project's.
    assert_eq!(
        texts(
            "Use pnpm only. Never run `npm install`.",
            "scripts/a.sh",
            "npm install\n"
        ),
        ["npm install"]
    );
}

#[test]
fn conditions_become_part_of_the_check_or_leave_the_rule_unchecked() {
    // The tests as the subject: test files only.
    let i = "Tests MUST NOT use `time.Sleep` for synchronization; they should use channels.";
    let code = "func f() { time.Sleep(1) }\n";
    assert_eq!(texts(i, "pkg/worker_test.go", code), ["time.Sleep"]);
    assert!(texts(i, "pkg/worker.go", code).is_empty());
    let i = "Los tests no deben usar `time.sleep`.";
    assert_eq!(texts(i, "tests/test_api.py", "time.sleep(1)\n"), ["time.sleep"]);
    assert!(texts(i, "app/poll.py", "time.sleep(1)\n").is_empty());
    // gemini-cli's GEMINI.md: which relative imports are restricted, ESLint's config says.
    assert_unchecked_because(
        "Imports: Use specific imports and avoid restricted relative imports between packages (enforced by ESLint).",
        "packages/cli/src/a.ts",
        "import { x } from '../config/config.js';\n",
        &["which relative imports"],
    );
    assert_eq!(
        texts(
            "Avoid relative imports.",
            "src/a.ts",
            "import { x } from '../config.js';\n"
        )
        .len(),
        1
    );
    // rolldown's Rust API checklist: where a judgement holds, no line shows.
    assert_unchecked_because(
        "Parameters convey meaning through types, not `bool` or `Option` where custom types would be clearer (C-CUSTOM-TYPE)",
        "src/a.rs",
        "fn f(a: bool) -> Option<u8> { None }\n",
        &["where custom types would be clearer"],
    );
    // Effect-TS/effect: "in tests" says where the replacement is used; the ban holds everywhere.
    let i = "Do not use `Date.now` or `new Date`; use `Clock`, and use `TestClock` in tests.";
    assert_eq!(texts(i, "src/clock.ts", "const t = Date.now()\n"), ["Date.now"]);
    assert_eq!(texts(i, "test/a.test.ts", "const t = new Date()\n"), ["new Date"]);
    let i = "Use `Clock`; never use `Date.now` in tests.";
    assert!(texts(i, "src/clock.ts", "const t = Date.now()\n").is_empty());
    // Understood: tests, folders, kinds of files.
    let i = "No `console.log` except in tests.";
    assert_eq!(texts(i, "src/a.ts", "console.log(1)\n"), ["console.log"]);
    for test in [
        "tests/a.ts",
        "src/a.test.ts",
        "src/a.spec.ts",
        "src/__tests__/a.ts",
    ] {
        assert!(texts(i, test, "console.log(1)\n").is_empty(), "{test}");
    }
    let i = "Never use default exports, except Next.js page/layout/route files.";
    assert!(texts(i, "app/users/page.tsx", "export default function P() {}\n").is_empty());
    assert_eq!(
        texts(i, "src/Button.tsx", "export default function B() {}\n"),
        ["export default"]
    );
    let i = "NEVER include `destroy_all` in development seeds";
    assert_eq!(texts(i, "db/seeds.rb", "User.destroy_all\n"), ["destroy_all"]);
    assert!(texts(i, "app/models/user.rb", "User.destroy_all\n").is_empty());
    // UI components: a components folder, single-file components.
    let i = "Never call `fetch()` in components; use the api client.";
    assert_eq!(
        texts(
            i,
            "src/features/inventory/components/InventoryTable.tsx",
            "fetch(url)\n"
        ),
        ["fetch"]
    );
    assert!(texts(i, "src/api/client.ts", "fetch(url)\n").is_empty());
    // Controllers, in the language the framework named says.
    let i =
        "No uses `dd()` en controladores; usa `Log::info()` para que el MCP de Laravel pueda leer los logs.";
    assert_eq!(
        texts(
            i,
            "app/Http/Controllers/PredictionController.php",
            "<?php\n        dd($x);\n"
        ),
        ["dd"]
    );
    assert!(texts(i, "app/Services/Predict.php", "<?php\n        dd($x);\n").is_empty());
    assert!(texts(i, "src/main.rs", "fn main() { dd(); }\n").is_empty());
    // Files told apart by what they import: no path shows it, nothing is checked.
    let i = "in files that already import from `beartype.typing`, use it for imported typing constructs; use built-in generics (`list[...]`, `tuple[...]`) elsewhere";
    assert!(
        texts(
            i,
            "ripper/a.py",
            "from beartype.typing import List\nx: List[int] = []\n"
        )
        .is_empty()
    );
    assert!(
        !texts(
            "Use built-in generics (`list[...]`) instead of `typing.List`.",
            "a.py",
            "x: List[int] = []\n"
        )
        .is_empty()
    );
    // Production code leaves out tests and development tooling.
    let i = "No console.log in production code";
    assert!(texts(i, "scripts/seed.ts", "console.log(1)\n").is_empty());
    assert_eq!(texts(i, "src/a.ts", "console.log(1)\n"), ["console.log"]);
    // Not understood: no check, and --explain says why.
    for (i, condition) in [
        (
            "Never use `fetch` directly for the project's HTTP APIs.",
            "for the project's HTTP APIs",
        ),
        (
            "Don't use `any` when a specific type is known.",
            "when a specific type",
        ),
        ("Never call `setState` in loops.", "in loops"),
        ("Avoid `push` or `splice` on state objects.", "on state objects"),
        // (A justification a comment gives is checked: see
        // `a_justification_a_comment_gives_is_checked_and_the_commented_uses_left_alone`.)
        (
            "No committed `.only` (unless explicitly approved).",
            "unless explicitly approved",
        ),
        // A property "inside the `@Component` decorator" is looked for there (`implied`'s
        // Angular test); anything else inside it is a condition no check sees.
        (
            "Never use `any` inside the `@Component` decorator",
            "inside the `@Component`",
        ),
        (
            "No uses `print()` en funciones asíncronas.",
            "en funciones asíncronas",
        ),
    ] {
        let inf = infer(&rule(i));
        assert!(inf.checks.is_empty() && !inf.vague, "{i}: {inf:?}");
        let note = format!("condition \"{condition}\" cannot be checked: not inferred");
        assert!(inf.notes.contains(&note), "{i}: {:?}", inf.notes);
        assert!(explain(&rule(i), &inf).contains(&format!("note: {note}")));
    }
    // Purposes, reasons and the user's own exceptions are not conditions on the files.
    for i in [
        "Never use `fmt.Println` for logging.",
        "Never use `eval` for security reasons.",
        "Use `date-fns` instead of `moment` for date handling.",
        "No usar emojis, excepto cuando el usuario los solicite explícitamente.",
        "Never hardcode `localhost` URLs in the frontend.",
    ] {
        assert!(!infer(&rule(i)).checks.is_empty(), "{i}");
    }
}

#[test]
fn file_names_are_path_rules_and_quotes_read_like_backticks() {
    let paths = |i: &str| -> Vec<(Vec<String>, Vec<String>)> {
        infer(&rule(i))
            .checks
            .into_iter()
            .map(|c| {
                (
                    c.forbidden_paths
                        .into_iter()
                        .filter(|g| !g.starts_with('!'))
                        .collect(),
                    c.files,
                )
            })
            .collect()
    };
    assert_eq!(
        paths("Never put `test_*.py` files outside `tests/`."),
        [(vec!["test_*.py".to_string()], vec!["!tests/**".to_string()])]
    );
    assert_eq!(
        paths("Prohibido `package-lock.json`; usamos pnpm."),
        [(vec!["package-lock.json".to_string()], vec![])]
    );
    assert_eq!(paths("PROHIBIDO: `package-lock.json`, `yarn.lock`.").len(), 2);
    // Articles and adjectives between the verb and the file.
    for i in [
        "Do NOT use a separate `clippy.toml` file - keep lints in `Cargo.toml`.",
        "Do not add a `clippy.toml` file.",
        "No crees un archivo `clippy.toml`.",
    ] {
        assert_eq!(paths(i), [(vec!["clippy.toml".to_string()], vec![])], "{i}");
    }
    // TypeScript mandated for a folder rules out JavaScript files there; for no folder, nothing.
    assert_eq!(
        paths("Use TypeScript when modifying or adding source files in `src/`."),
        [(
            ["src/**/*.js", "src/**/*.jsx", "src/**/*.mjs", "src/**/*.cjs"]
                .map(String::from)
                .to_vec(),
            vec![]
        )]
    );
    // A bare mandate, or code written in it: JavaScript in the project's source folders, not in
    // its scripts or public assets; a component's script without `lang="ts"` there too.
    for bare in [
        "Use TypeScript.",
        "Usar TypeScript y seguir las mejores prácticas de NestJS.",
        "Always generate code in TypeScript, compatible with NestJS version 9 or later.",
        "**Lenguaje**: TypeScript",
    ] {
        for (path, flagged) in [
            ("src/users/users.controller.js", true),
            ("apps/backend/src/dto/create.dto.js", true),
            ("components/Button.jsx", true),
            ("scripts/release.js", false),
            ("public/sw.js", false),
            ("apps/backend/eslint.config.mjs", false),
        ] {
            assert_eq!(
                texts(bare, path, "export const f = 1;\n"),
                if flagged {
                    vec!["export const f = 1;".to_string()]
                } else {
                    vec![]
                },
                "{bare} on {path}"
            );
        }
        assert_eq!(
            texts(
                bare,
                "src/components/SearchBar.vue",
                "<script setup>\n</script>\n"
            ),
            ["<script setup>"],
            "{bare}"
        );
    }
    // The language qualifying something else mandates a setting, not the language.
    for other in [
        "Use TypeScript strict mode",
        "Write TypeScript types or interfaces for all component props.",
        "Use TypeScript for component files.",
    ] {
        assert!(
            texts(other, "src/a.js", "export const f = 1;\n").is_empty(),
            "{other}"
        );
    }
    // Kotlin said to be the language: Java sources are the rival's.
    for kotlin in [
        "Kotlin only",
        "**Language**: Kotlin",
        "Escribe el código en Kotlin.",
    ] {
        assert_eq!(
            texts(kotlin, "app/src/main/java/com/a/Dates.java", "package com.a;\n"),
            ["package com.a;"],
            "{kotlin}"
        );
    }
    assert!(
        texts(
            "Use Kotlin coroutines and Flow for async operations",
            "app/src/main/java/A.java",
            "package a;\n"
        )
        .is_empty()
    );
    // For all the code: JavaScript files anywhere (configuration, bundles and build outputs
    // kept), and a component's script without `lang="ts"`.
    let all = "Usa TypeScript para todo el código";
    assert_eq!(
        texts(all, "src/utils/formatPrice.js", "export const f = 1;\n"),
        ["export const f = 1;"]
    );
    for kept in [
        "vite.config.js",
        "dist/assets/index.js",
        "public/vendor.min.js",
        ".eslintrc.js",
    ] {
        assert!(texts(all, kept, "module.exports = {};\n").is_empty(), "{kept}");
    }
    assert_eq!(
        texts(
            all,
            "src/components/SearchBar.vue",
            "<script setup>\nconst q = 1\n</script>\n"
        ),
        ["<script setup>"]
    );
    assert!(
        texts(
            all,
            "src/components/Card.vue",
            "<script setup lang=\"ts\">\nconst q = 1\n</script>\n"
        )
        .is_empty()
    );
    // New code cannot be told from the existing.
    let new = "Use TypeScript for all new code";
    assert!(texts(new, "src/a.js", "export const f = 1;\n").is_empty());
    assert!(texts(new, "src/components/SearchBar.vue", "<script setup>\n</script>\n").is_empty());
    assert_unchecked_because(
        "**Language**: Kotlin only for new code",
        "app/src/main/java/A.java",
        "package a;\n",
        &[
            "Kotlin mandated (after \"Kotlin only\") with \"new\": the files it is meant for cannot be told apart",
        ],
    );
    // A verb that acts on the file forbids an action, not the file.
    assert!(paths("Never edit `package.json` by hand.").is_empty());
    assert!(paths("Never edit a generated `schema.ts` file.").is_empty());
    // Double quotes, single quotes and guillemets hold code as backticks do; prose stays prose.
    for i in [
        "Never use \"var\" in JavaScript.",
        "Nunca uses «var» en JavaScript.",
        "Never use 'var' in JavaScript.",
    ] {
        assert_eq!(texts(i, "src/a.js", "var x = 1;\n// var y\n"), ["var"], "{i}");
    }
    assert!(
        infer(&rule("Never write 'clean code' slogans in comments."))
            .checks
            .is_empty()
    );
}

#[test]
fn definitions_code_directives_and_names_in_strings() {
    // "Never override": definitions, not calls.
    let i = "Never override `onBackPressed()`.";
    let kt = "override fun onBackPressed() {\n    super.onBackPressed()\n}\n";
    assert_eq!(texts(i, "src/A.kt", kt), ["onBackPressed"]);
    // An annotation or an at-rule is code: not in comments.
    let i = "Avoid `@Data`.";
    assert_eq!(
        texts(i, "src/C.java", "@Data\nclass C {}\n// @Data is banned\n"),
        ["@Data"]
    );
    // A name in strings is a whole word there, where `-` continues it.
    let i = "Do NOT use `ngClass`.";
    let html = "<p [ngClass]=\"x\"></p>\n<p class=\"ngClass-note\"></p>\n";
    assert_eq!(texts(i, "src/a.html", html), ["ngClass"]);
    assert_eq!(
        texts(
            "Never use `unsafe-inline`.",
            "src/csp.ts",
            "const c = \"'self' 'unsafe-inline'\";\n"
        ),
        ["unsafe-inline"]
    );
    // A relative clause singles out which things: unchecked.
    let inf = infer(&rule(
        "Avoid: a component that both renders UI and calls `fetch()` directly.",
    ));
    assert!(inf.checks.is_empty(), "{inf:?}");
    assert!(
        inf.notes
            .iter()
            .any(|n| n.starts_with("condition \"a component that")),
        "{:?}",
        inf.notes
    );
}

#[test]
fn commit_text_extensions_and_marker_comments() {
    let i = "NO incluir \"Generated with Claude Code\" en los mensajes de commit";
    let s = set(&[i]);
    let v = s.check_file(
        Path::new("/repo/.git/COMMIT_EDITMSG"),
        "feat: x\n\ngenerated with claude code\n",
        Some("git-commit"),
    );
    assert_eq!(v.violations.len(), 1, "{:?}", v.violations);
    let paths: Vec<Vec<String>> = infer(&rule("No crear archivos .txt"))
        .checks
        .into_iter()
        .map(|c| c.forbidden_paths)
        .collect();
    assert_eq!(paths.len(), 1, "one path rule: {paths:?}");
    assert_eq!(paths[0][0], "*.txt");
    assert!(
        paths[0].contains(&"!**/requirements*.txt".to_string()),
        "well-known files left out"
    );
    let i = "No DEPRECATED comments";
    assert_eq!(
        texts(i, "src/a.ts", "// DEPRECATED: old\nconst DEPRECATED_X = 1;\n"),
        ["DEPRECATED"]
    );
}

#[test]
fn vague_rules_infer_nothing_and_are_flagged() {
    for v in [
        "Write clean code.",
        "Keep functions small.",
        "Follow best practices",
        "Escribir código limpio y legible",
        "Mantener las funciones pequeñas",
        // Deferring to a standard or to the project's ways, whatever names it holds.
        "Follow the Google Java Style Guide.",
        "Adhere to Laravel coding standards and best practices.",
        "Sigue las convenciones de nombres del proyecto.",
        "Respetar la estructura de carpetas existente.",
        // A title before the colon names a topic, not a thing.
        "**Simplicity First**: Make sure the code is correct.",
        "Código Limpio: escribe funciones claras.",
        // Degrees without a measure; architectures, patterns and documents deferred to.
        "Sé conciso.",
        "Ensure the code you write is secure.",
        "Don't write code that is too long.",
        "Follow Clean architecture",
        "Use functional patterns where possible",
        "Use the most modern coding styles and idioms.",
        "Sigue las normas definidas en `CONTRIBUTING.md`.",
        // Design principles and qualities named as words.
        "Composition > inheritance.",
        "Mantener la arquitectura modular y la separación de responsabilidades.",
        "Asegurar que todos los componentes sean responsivos.",
        "Minimalismo: Escribe solo el código necesario.",
        // Hedged: how possible is possible is not in the text.
        "Prefer standard library where possible.",
        "**Java**: JDK 21 (LTS) - use modern Java features where appropriate",
        "Use assertions liberally, where it makes sense to do so.",
        "Considera refactorizar el codigo cuando los ficheros excedan aproximadamente 300 lineas",
        // Deferring in a relative or modal clause; who the agent plays names nothing.
        "Always generate code that follows Spring Boot best practices and conventions.",
        "Design UI in a way that is idiomatic for the macOS platform and follows Apple Human Interface Guidelines.",
        "You are a Senior macOS Engineer, specializing in SwiftUI. Your code must always adhere to Apple's Human Interface Guidelines.",
        "**ALL CODE MUST FOLLOW** the established best practices documented in `docs/best-practice/development-guidelines.md`",
        // A version says which practices; an architecture and how words read are a reviewer's.
        "When working on Vue components, follow best practices for Vue 3.",
        "Use component-based architecture",
        "**Vocabulario accesible**: Profesional pero comprensible para la edad",
        // Qualities of names and focus; a principle spelled out.
        "Use descriptive names for variables, tasks, roles, and playbooks.",
        "Nombres de variables y funciones descriptivos.",
        "Keep scripts focused and single-responsibility.",
        "Componentes seguros y eficientes.",
        "Keep code DRY (Don't Repeat Yourself)",
    ] {
        let inf = infer(&rule(v));
        assert!(inf.checks.is_empty() && inf.vague, "{v}: {inf:?}");
    }
    for concrete in [
        "Keep functions under 40 lines.",
        "Always validate input with Zod schemas",
        "Usar siempre camelCase para funciones auxiliares",
        "Never use `eval`",
        "Write clean code in `src/`",
        "Follow the naming in `src/api/client.ts`.",
        "Follow PEP 8.",
        // A tool's style is the tool's to check; a clause that says more is read.
        "Use Black style formatting.",
        "Use Prettier's default style.",
        "Follow Go conventions: use gofmt.",
        "Follow the Google Java Style Guide; use 2-space indentation.",
        "Use the logger style of `log/slog`.",
        "Follow the conventions of `src/api/client.ts`.",
        "Keep functions under 40 lines, never too long.",
        // A hedge with the code it means; a mandate beside a deferral says more.
        "Use `StatelessWidget` when possible.",
        "Usar TypeScript y seguir las mejores prácticas de NestJS.",
        // A name beside a quality word; capitalized words that spell no principle.
        "Keep MonoBehaviour scripts focused.",
        "Use descriptive names in `src/`.",
        "Keep code DRY (Don't use Lodash)",
    ] {
        assert!(!infer(&rule(concrete)).vague, "{concrete}");
    }
    let s = set(&["Write clean code."]);
    assert!(s.problems.iter().any(|p| p.kind == ProblemKind::TooVague));
}

#[test]
fn code_in_an_aside_is_what_the_words_before_it_forbid() {
    let i = "Playwright tests must not use hard waits (`waitForTimeout`) for correctness.";
    let code = "await page.waitForTimeout(500);\n";
    assert_eq!(texts(i, "e2e/login.spec.ts", code), ["waitForTimeout"]);
    assert!(texts(i, "src/poll.ts", code).is_empty(), "tests only");
    // Code a forbidden concept knows is checked by the concept alone: `loader.require` is no
    // CommonJS.
    let i = "Avoid CommonJS (`require`, `module.exports`).";
    let code = "const fs = require('fs');\nmodule.exports = {};\nconst r = loader.require;\n";
    assert_eq!(texts(i, "a.js", code), ["require", "module.exports"]);
    let s = set(&[i]);
    let lines = super::explain(&s.rules[0], &s.inferences[0]);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("`require` is checked as one of the forms of \"CommonJS\"")),
        "{lines:#?}"
    );
}

/// Readings from a real Go project's conventions (barbacana-waf/barbacana, Apache-2.0), each of
/// which fired on every file before.
#[test]
fn go_conventions_as_a_real_project_writes_them() {
    let main = "package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"log/slog\"\n\t\"go.opentelemetry.io/otel/log\"\n)\n\nfunc run(ctx context.Context, id string) error {\n\tslog.Info(\"start\", \"request_id\", id)\n\tif ctx == nil {\n\t\treturn nil\n\t}\n\tfmt.Println(\"done\")\n\treturn nil\n}\n";
    // "non-`slog`" names no code: `slog` is what the rule wants.
    let i = "Do not use `fmt.Println`, `fmt.Printf`, `log.Printf`, or any non-`slog` logger.";
    assert_eq!(texts(i, "cmd/main.go", main), ["fmt.Println"]);
    // "`nil` context": a nil used as a context, which no pattern tells from other nils.
    assert!(texts("Never pass `nil` context.", "cmd/main.go", main).is_empty());
    // The span itself, not the letters `nil` inside an earlier word ("vanilla").
    assert!(
        texts(
            "Keep it vanilla Go; never pass `nil` context.",
            "cmd/main.go",
            main
        )
        .is_empty()
    );
    // "in a struct": where no file scope reaches.
    assert!(texts("Never store `context.Context` in a struct.", "cmd/main.go", main).is_empty());
    // Names beside a naming convention show it.
    let i = "Field naming: lowercase snake_case keys (`request_id`, not `RequestID` or `requestId`).";
    assert!(
        texts(
            i,
            "audit/entry.go",
            "type Entry struct {\n\tRequestID string\n}\n"
        )
        .is_empty()
    );
    // The standard logger, by its path, in Go only; `otel/log` and indirect requirements are not it.
    let i = "Do not import `log` (the standard `log` package). Import `log/slog`.";
    assert!(texts(i, "cmd/main.go", main).is_empty());
    assert_eq!(
        texts(i, "tests/upstream/main.go", "package main\n\nimport \"log\"\n"),
        ["log"]
    );
    assert!(texts(i, "src/app.rs", "use log::info;\n").is_empty());
    let i = "Use `log/slog` for logging. No other logging libraries.";
    let go_mod = "module x\n\nrequire (\n\tgo.uber.org/zap v1.27.1 // indirect\n\tgithub.com/sirupsen/logrus v1.9.4\n)\n";
    assert_eq!(texts(i, "go.mod", go_mod), ["github.com/sirupsen/logrus"]);
    // "Always log errors" (excalidraw's copilot instructions): `log` as the verb mandates no
    // logger; "Use `log` for logging" still does.
    let zap = "package main\n\nimport \"go.uber.org/zap\"\n";
    assert!(
        texts(
            "Always log errors with contextual information",
            "cmd/main.go",
            zap
        )
        .is_empty()
    );
    assert_eq!(
        texts("Use `log` for logging.", "cmd/main.go", zap),
        ["go.uber.org/zap"]
    );
}

/// Readings from a real TypeScript project's rules (jonit-dev/vibe-coder-3d, MIT).
#[test]
fn places_and_partial_requirements_as_a_real_project_writes_them() {
    // "in `defineScene`": where the call is forbidden, which no file scope reaches — neither
    // name is banned.
    let scene = "export default defineScene({ load: () => useStaticSceneLoader('a') });\n";
    for i in [
        "❌ Don't call useStaticSceneLoader in defineScene (causes double-loading)",
        "Don't call `useStaticSceneLoader` in `defineScene`",
    ] {
        assert!(texts(i, "src/game/scenes/a.scene.tsx", scene).is_empty(), "{i}");
    }
    // "not just `materialId`": not enough alone, not banned.
    let i = "Check that MeshRenderer has `material` property (not just `materialId`)";
    assert!(texts(i, "src/mesh.ts", "const r = { materialId: 'm1' };\n").is_empty());
    // "in `src`": a usual folder, not a name.
    let i = "No `console.log` in `src`";
    assert_eq!(texts(i, "src/a.ts", "console.log(src);\n"), ["console.log"]);
    assert!(texts(i, "scripts/a.ts", "console.log(src);\n").is_empty());
}

#[test]
fn prose_in_quotes_infers_nothing() {
    for r in [
        "Never write commit messages like 'fix stuff'.",
        "Don't say 'please' in prompts.",
        "Avoid 'clean' as a variable name.",
        "Never use \"we\" in docs.",
    ] {
        assert!(infer(&rule(r)).checks.is_empty(), "{r}");
    }
}

/// Why the rule at `i` of `s` was retired, told by the rule that retired it.
fn retired_because(s: &RuleSet, i: usize) -> Option<(u64, String)> {
    match &s.status[i] {
        Status::Superseded { by, reason } => Some((*by, reason.retires(s.rules[i].number, Locale::En))),
        Status::Active => None,
    }
}

#[test]
fn conflicts_from_words() {
    let s = set(&[
        "Use Axios for HTTP calls.",
        "Never use `var`.",
        "Always use native fetch instead of Axios.",
    ]);
    assert!(matches!(
        &s.status[0],
        Status::Superseded { by: 3, reason: SupersededReason::Conflict(c) } if c.kind == ClashKind::Forbids
    ));
    assert_eq!(
        retired_because(&s, 0).unwrap().1,
        "retires #1, which asks for Axios (\"use\"): this rule forbids Axios (\"instead of\")"
    );
    assert!(s.status[1].is_active());
    let s = set(&[
        "Always use `let` for loop counters.",
        "Never use `let`; use `const`.",
    ]);
    assert!(matches!(
        &s.status[0],
        Status::Superseded {
            by: 2,
            reason: SupersededReason::Conflict(_)
        }
    ));
    // Different languages never conflict.
    let s = set(&["Always use tabs in Makefiles.", "Never use tabs in Python."]);
    assert!(s.status.iter().all(Status::is_active));
}

#[test]
fn a_newer_mandate_retires_an_older_forbid() {
    let s = set(&[
        "Never use `console.log`; use the logger.",
        "Always use `console.log` for debugging output.",
    ]);
    assert!(matches!(
        &s.status[0],
        Status::Superseded { by: 2, reason: SupersededReason::Conflict(c) } if c.kind == ClashKind::Mandates
    ));
    assert!(s.status[1].is_active());
    let (by, why) = retired_because(&s, 0).unwrap();
    assert_eq!(by, 2);
    assert!(why.starts_with("retires #1, which forbids `console.log` (\"never use\"): this rule asks for `console.log` (\"always use\")"), "{why}");
    let s = set(&["Never use npm.", "Always use npm."]);
    assert!(!s.status[0].is_active(), "the newer mandate wins");
    // An older mandate and a newer forbid of something else: both stay.
    let s = set(&["Always use `let`.", "Never use `var`."]);
    assert!(s.status.iter().all(Status::is_active));
}

#[test]
fn a_mandated_package_manager_rules_out_its_rivals_where_commands_run() {
    let docker = "FROM python:3.12\nRUN pip install uv && uv sync\nRUN pip install -r requirements.txt\nRUN uv pip install x\n";
    assert_eq!(
        texts("Use `uv` for dependency management.", "Dockerfile", docker),
        ["pip"]
    );
    // Managing the project's environment, or its dependencies with it, is the project's tool.
    for i in [
        "Use `uv` to manage the project environment.",
        "Gestión de dependencias con `uv`.",
        "Dependency management with `uv`.",
        // Unquoted, with no verb: the clause is about nothing else, or a label says what it is.
        "Dependency Management using uv.",
        "**Dependency management**: uv",
        "uv for dependency management",
    ] {
        assert_eq!(texts(i, "Dockerfile", docker), ["pip"], "{i}");
    }
    assert!(
        texts(
            "Dependency management docs mention uv and pip.",
            "Dockerfile",
            docker
        )
        .is_empty()
    );
    let ci = "steps:\n  - run: npm i -g pnpm@9\n  - run: yarn build\n  - run: pnpm install\n";
    assert_eq!(
        texts("Always use pnpm.", ".github/workflows/ci.yml", ci),
        ["yarn"]
    );
    let json = "{\"scripts\": {\"setup\": \"npm install --global pnpm\", \"build\": \"npm run compile\"}}\n";
    assert_eq!(texts("Use pnpm only.", "package.json", json), ["npm"]);
    // Prose and code are no places of commands.
    assert!(texts("Always use pnpm.", "README.md", "We moved from npm to pnpm.\n").is_empty());
    // What the rule forbids itself is what it means: `yarn` stays allowed here.
    assert!(texts("Use pnpm, not npm.", "build.sh", "yarn build\n").is_empty());
    // Nor one for a part of the project or a purpose.
    for part in [
        "Use pnpm for the frontend only.",
        "Use pnpm to run the dev server.",
    ] {
        assert!(texts(part, "backend/build.sh", "npm ci\n").is_empty(), "{part}");
    }
    let s = set(&["Use pnpm.", "Use yarn for the docs site."]);
    assert!(
        s.status.iter().all(Status::is_active),
        "a part's tool retires nothing"
    );
    // A README's install section is for the project's users.
    assert!(
        texts(
            "Always use pnpm.",
            "README.md",
            "```sh\nnpm install @acme/widgets\n```\n"
        )
        .is_empty()
    );
    // But a line that sets the project itself up with a rival is the project's command.
    let readme = "```bash\nuv sync\npip install -e \".[dev]\"\npip install -r requirements-dev.txt\npip install .\npip install httpx\n$ pip install --upgrade pip uv\n```\n";
    assert_eq!(
        texts("Use uv for dependency management.", "README.md", readme),
        ["pip", "pip", "pip"]
    );
    assert_eq!(
        texts(
            "Always use pnpm.",
            "CONTRIBUTING.md",
            "```sh\nnpm install\nnpm ci --ignore-scripts\nnpm install @acme/widgets\n```\n"
        ),
        ["npm", "npm"]
    );
    assert!(texts("Use uv for dependency management.", "docs/guide/setup.md", readme).is_empty());
    // A command forbidden in place of a mandated one ("`uv run` (not `python`)") is a command:
    // where commands run, not an identifier in Python code; installing `uv` with pip still spared.
    let i = "Always use `uv` — use `uv pip` (not `pip`) and `uv run` (not `python`).";
    assert_eq!(
        texts(
            i,
            "README.md",
            "```bash\npython scripts/run_eval.py\nuv run python scripts/score.py\n```\n"
        ),
        ["python"]
    );
    assert!(texts(i, "app.py", "def f(python):\n    return python\n").is_empty());
    assert_eq!(texts(i, "setup.sh", "pip install uv\npip install x\n"), ["pip"]);
    // Another sentence forbids something of its own: `eval` is code, not a command.
    let other = "Use `uv run` for scripts. Avoid `eval` (not `exec` either).";
    assert_eq!(texts(other, "app.py", "x = eval(s)\n"), ["eval"]);
    // A command to run is not a package manager mandated for the project.
    assert!(
        texts(
            "Use `uv run pytest` to run the tests.",
            "build.sh",
            "pip install x\n"
        )
        .is_empty()
    );
    // Newest wins both ways: a newer "Use npm" retires "Always use pnpm", and its rivals apply.
    let s = set(&["Always use pnpm.", "Use npm for everything."]);
    assert_eq!(
        retired_because(&s, 0).unwrap().1,
        "retires #1, which asks for pnpm (\"always use\"): this rule forbids pnpm (\"use npm\")"
    );
    assert!(s.status[1].is_active());
    let s = set(&["Never use npm.", "Always use pnpm."]);
    assert!(
        s.status.iter().all(Status::is_active),
        "both forbid npm: no clash"
    );
}

#[test]
fn explain_says_what_and_why() {
    let r = rule("Always use pnpm instead of npm or yarn");
    let lines = explain(&r, &infer(&r));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("forbidden command `npm`, `yarn` after \"instead of\"")),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.contains("mandates pnpm")), "{lines:#?}");
    let r = rule("Write clean code");
    assert!(explain(&r, &infer(&r)).iter().any(|l| l.contains("too vague")));
    // A mandate with no known breach says so, not that it names no code.
    let r = rule("Use `@dataclass` for data models");
    let lines = explain(&r, &infer(&r));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("no known pattern breaks what it mandates")),
        "{lines:#?}"
    );
}

#[test]
fn make_explicit_writes_the_check_into_the_rule() {
    let source = "[\n  {\n    \"Rule_number\": 1,\n    \"Category\": \"CODE\",\n    \"Instruction\": \"Use `===` instead of `==`.\",\n    \"Why\": \"w\"\n  }\n]\n";
    let parsed = parse(source);
    let r = &parsed.rules[0];
    let inf = infer(r);
    let (range, text) = make_explicit_edit(source, r, &inf).unwrap();
    let mut edited = source.to_string();
    edited.replace_range(range, &text);
    let reparsed = parse(&edited);
    assert!(!reparsed.has_fatal(), "{edited}\n{:?}", reparsed.problems);
    let check = &reparsed.rules[0].checks[0];
    assert_eq!(check.pattern, inf.checks[0].pattern);
    assert_eq!(check.fix.as_deref(), Some("==="));
    assert_eq!(check.severity, Some(Severity::Information));
    assert!(
        edited.contains("    \"Check\": {\n      \"Files\": ["),
        "{edited}"
    );
    // The explicit check behaves like the inferred one.
    let before = RuleSet::from_text(Path::new("/r/autofix.json"), source, BuildOptions::default());
    let after = RuleSet::from_text(Path::new("/r/autofix.json"), &edited, BuildOptions::default());
    let text = "if (a == b && c === d) {}";
    let ranges = |s: &RuleSet| {
        s.check_file(Path::new("/r/x.ts"), text, None)
            .violations
            .into_iter()
            .map(|v| (v.range, v.fix))
            .collect::<Vec<_>>()
    };
    assert_eq!(ranges(&before), ranges(&after));
    assert!(
        make_explicit_edit(&edited, &reparsed.rules[0], &inf).is_none(),
        "already explicit"
    );
    // One-line rules get a one-line Check.
    let source =
        r#"[{"Rule_number": 1, "Category": "CODE", "Instruction": "Never use `eval()`.", "Why": "w"}]"#;
    let parsed = parse(source);
    let (range, text) = make_explicit_edit(source, &parsed.rules[0], &infer(&parsed.rules[0])).unwrap();
    let mut edited = source.to_string();
    edited.replace_range(range, &text);
    assert!(!edited.contains('\n') && !parse(&edited).has_fatal(), "{edited}");
}

#[test]
fn a_scoped_package_in_a_code_span_is_checked_in_imports_not_comments() {
    let s = set(&["No imports from `@hominem/auth`, `@hominem/db`."]);
    let ts = "import { db } from '@hominem/db';\n// use @hominem/db only on the server\nvi.mock('@hominem/auth');\n";
    let found: Vec<&str> = s
        .check_file(Path::new("/repo/src/a.ts"), ts, None)
        .violations
        .iter()
        .map(|v| &ts[v.range.clone()])
        .collect();
    assert_eq!(
        found,
        ["@hominem/db"],
        "the import only: not the comment, not a mock's string"
    );
}

#[test]
fn more_ways_to_say_do_not_use() {
    let ts = "let a: any = 1;\nconst b: unknown = 2;\n";
    assert_eq!(
        texts(
            "`unknown` and type guards are preferred over `any`.",
            "src/a.ts",
            ts
        ),
        ["any"]
    );
    let s = set(&["DO NOT attempt to use `gradlew`."]);
    assert!(s.inferences[0].mandates.is_empty(), "{:?}", s.inferences[0]);
    assert!(!s.inferences[0].forbids.is_empty(), "{:?}", s.inferences[0]);
}

#[test]
fn a_cross_mark_forbids_what_follows_a_check_mark_mandates_it() {
    let ts = "export default function A() {}\nlet a: any;\n";
    assert_eq!(texts("❌ Default exports", "src/a.tsx", ts), ["export default"]);
    assert_eq!(
        texts("❌ `any` - Usar `unknown` con type guards", "src/a.ts", ts),
        ["any"]
    );
    assert_eq!(
        texts("✅ Named exports", "src/a.tsx", ts),
        ["export default"],
        "mandated named exports rule out default ones"
    );
    assert!(texts("✅ Use `let`", "src/a.tsx", "let a = 1;\n").is_empty());
    let s = set(&["✅ Use `pnpm`"]);
    assert!(
        s.inferences[0].mandates.iter().any(|t| t.key == "pnpm"),
        "{:?}",
        s.inferences[0]
    );
    // What it forbids is pnpm's rivals only, never pnpm.
    let forbids: Vec<&str> = s.inferences[0].forbids.iter().map(|t| t.key.as_str()).collect();
    assert_eq!(forbids, ["npm", "yarn", "bun"]);
}

#[test]
fn a_negated_verb_that_acts_on_the_thing_checks_nothing() {
    let go = "package main\n\nfunc main() {}\n";
    assert!(
        texts(
            "NEVER duplicate `package` declarations - each Go file must have exactly ONE `package` line",
            "cmd/a.go",
            go
        )
        .is_empty()
    );
    let py = "import sys\nif root not in sys.path:\n    pass\n";
    assert!(texts("Never rename `sys.path`", "a.py", py).is_empty());
    assert_eq!(
        texts("Never use `sys.path`", "a.py", py),
        ["sys.path"],
        "use is presence"
    );
}

#[test]
fn a_negated_mutating_verb_forbids_mutations_not_reads() {
    let py = "import sys\nsys.path.insert(0, root)\nif root not in sys.path:\n    sys.path = []\nprint(sys.path[0])\nsys.path += extra\n";
    let found = texts("NEVER adjust `sys.path`.", "a.py", py);
    assert_eq!(
        found.len(),
        3,
        "insert, assignment and += — not the reads: {found:?}"
    );
    let js = "window.location.href = url;\nconst here = window.location;\nwindow.location = next;\n";
    assert_eq!(
        texts("Nunca modifiques `window.location`.", "src/a.ts", js),
        ["window.location", "window.location"],
        "a property assigned, the whole assigned; not the read"
    );
}

#[test]
fn without_governs_its_own_words_only() {
    let py = "logger.exception(\"failed\")\nlogger.error(\"bad input\")\n";
    assert!(
        texts(
            "Use `debug` for diagnostics, `error` for failures without a traceback, `exception` for errors with traceback.",
            "a.py",
            py
        )
        .is_empty()
    );
    let ts = "let a: any = 1;\nconst b = x!;\n";
    assert_eq!(
        texts(
            "Write TypeScript without `any`, `as` casts or non-null `!`.",
            "src/a.ts",
            ts
        )
        .first()
        .map(String::as_str),
        Some("any"),
        "a list of code after without stays forbidden"
    );
}

#[test]
fn a_capitalised_name_in_a_code_span_is_a_type_not_a_word() {
    let py =
        "from typing import Any\n\ndef f(x: Any) -> Any:\n    \"\"\"Any value.\"\"\"\n    return x  # any\n";
    assert_eq!(
        texts("Avoid using `Any` type.", "a.py", py),
        ["Any", "Any", "Any"],
        "the import and the annotations; not the docstring or the comment"
    );
}

#[test]
fn unknown_is_checked_as_a_type_like_any() {
    let ts = "const who: unknown = 'unknown user';\ntype S = 'ok' | 'unknown';\nconst x = y as unknown as Z;\nconst w = v as any as Z;\n";
    assert_eq!(
        texts("No `any` or `unknown` types ever.", "src/a.ts", ts),
        ["unknown", "unknown", "any"],
        "type positions (`as unknown as Z`, `as any as Z` too), not the strings"
    );
}

/// dotnet/aspire's Copilot instructions (MIT): "Always use `is null` or `is not null` instead of
/// `== null` or `!= null`" — C#'s patterns, so C#'s comparisons; SQL writes `IS NULL`.
#[test]
fn null_patterns_name_their_language() {
    let rule = "Always use `is null` or `is not null` instead of `== null` or `!= null`.";
    assert_eq!(texts(rule, "src/A.cs", "if (x == null) { }\n"), ["== null"]);
    assert!(texts(rule, "src/App.java", "if (x == null) { }\n").is_empty());
    assert!(texts(rule, "wwwroot/app.js", "if (c == null) { }\n").is_empty());
    let sql = "Use `IS NULL` instead of `= NULL`.";
    assert_eq!(
        texts(sql, "db/q.sql", "SELECT * FROM t WHERE a = NULL;\n"),
        ["= NULL"]
    );
}

/// astral-sh/uv's CLAUDE.md (MIT): "AVOID using `panic!`, `unreachable!`, `.unwrap()`, unsafe
/// code, and clippy rule ignores" — "unsafe code" names Rust's `unsafe` blocks.
#[test]
fn unsafe_code_named_in_words_is_rusts_unsafe() {
    let rs = "fn f(p: *const u8) -> u8 {\n    // unsafe { no }\n    unsafe { *p }\n}\nunsafe fn g() {}\nlet unsafe_ok = 1;\n";
    let rule = "AVOID using `panic!`, `unreachable!`, `.unwrap()`, unsafe code, and clippy rule ignores";
    assert_eq!(texts(rule, "crates/a/src/lib.rs", rs), ["unsafe", "unsafe"]);
    assert_eq!(
        texts("Evitar código unsafe.", "src/lib.rs", rs),
        ["unsafe", "unsafe"]
    );
    assert!(texts("Avoid unsafe code.", "src/a.ts", "const unsafe = {};\n").is_empty());
}

/// Readings from microsoft/playwright's (Apache-2.0) and astral-sh/ruff's (MIT) CLAUDE.md: a
/// "(no `x`)" aside after code that opens the rule describes that code's form; a condition
/// after an aside bears on what the aside forbade; Python keeps its `test_` prefix.
#[test]
fn a_form_aside_a_condition_after_an_aside_and_pythons_test_prefix() {
    let ts = "class A {\n  private _id: string;\n  _helper() {}\n}\n";
    let rule = "`_method()` (no `private`) — used by other code in the same file, but not outside the file";
    assert!(texts(rule, "src/a.ts", ts).is_empty());
    assert_eq!(texts("Use `#field` (no `private`).", "src/a.ts", ts), ["private"]);
    let ci = "steps:\n  - run: cargo build --release --locked\n";
    let rule = "Use debug builds (not `--release`) when developing, as release builds lack debug assertions.";
    assert_unchecked_because(rule, ".github/workflows/ci.yml", ci, &["cannot be checked"]);
    let rule = "Don't prefix tests with `test_`.";
    assert_eq!(
        texts(rule, "crates/a/src/lib.rs", "#[test]\nfn test_parse() {}\n"),
        ["test_"]
    );
    assert!(texts(rule, "tests/test_a.py", "def test_parse():\n    pass\n").is_empty());
    assert_eq!(
        texts(
            "In Python, don't prefix tests with `test_`.",
            "tests/a.py",
            "def test_parse():\n    pass\n"
        ),
        ["test_"]
    );
}

/// Readings from modelcontextprotocol/python-sdk's CLAUDE.md (MIT): a label naming tests
/// scopes the rule to them, two calls joined by "+" are a combination no single match shows,
/// and "not checked by `x`" names who does not act, banning nothing.
#[test]
fn a_tests_label_a_combination_and_a_passive_agent() {
    let py = "import asyncio\n\nasync def f():\n    await anyio.sleep(0.1)\n    x = recv.receive_nowait()\n";
    let rule = "Async testing: use anyio, not asyncio";
    assert!(texts(rule, "examples/client.py", py).is_empty());
    assert_eq!(texts(rule, "tests/test_client.py", py), ["asyncio"]);
    let rule = "For stream messages, use `await stream.receive()` instead of `sleep()` + `receive_nowait()`";
    assert_unchecked_because(rule, "tests/test_client.py", py, &["cannot be checked"]);
    let rule = "`# pragma: lax no cover` — excluded from coverage but not checked by `strict-no-cover`.";
    let doc = "def f():\n    \"\"\"Never runs (strict-no-cover fails CI if it does).\"\"\"\n    strict_no_cover = 1\n";
    assert!(texts(rule, "tests/test_a.py", doc).is_empty());
    // A label that is no tests' keeps the rule everywhere.
    assert_eq!(
        texts("Async code: use anyio, not asyncio", "examples/client.py", py),
        ["asyncio"]
    );
}

/// bun-book-crawler's AGENTS.md: "**Evitar `unknown`**: a menos que se valide con guardas de
/// tipo" and "Usar `export function NombreComponente` en lugar de `const` … para el componente
/// principal" — a condition after the colon, and "the main one", left unchecked.
#[test]
fn a_condition_after_a_colon_and_the_main_one_are_never_dropped() {
    let ts = "export function f(error: unknown): string {\n  const x = 1;\n  return String(error);\n}\n";
    for rule in [
        "Evitar `unknown`: a menos que se valide con guardas de tipo (type guards).",
        "Avoid `unknown`: unless narrowed with a type guard.",
        "Componentes Funcionales: Usar `export function NombreComponente` en lugar de `const` o arrow functions para el componente principal.",
        "Use `function App` instead of `const` for the main component.",
    ] {
        assert_unchecked_because(rule, "src/a.ts", ts, &["not checked", "cannot be checked"]);
    }
    // A condition the user grants is no condition on the files; nor is a plain colon.
    assert_eq!(
        texts("Avoid `unknown`: unless the user asks.", "src/a.ts", ts),
        ["unknown"]
    );
    assert_eq!(texts("Types: avoid `unknown`.", "src/a.ts", ts), ["unknown"]);
}

/// bun-book-crawler's AGENTS.md: "Se utiliza ';' para la ejecucion en la terminal. No se usa
/// '&&'." — the agent's terminal, not the project's TypeScript.
#[test]
fn chaining_commands_is_the_agents_terminal() {
    let ts = "if (a && b) {\n  run();\n}\n";
    for rule in [
        "No se usa '&&'.",
        "Se utiliza ';' para la ejecucion en la terminal. No se usa '&&'.",
        "Never chain commands with `&&`; use `;`.",
    ] {
        assert!(texts(rule, "src/a.ts", ts).is_empty(), "{rule}");
        let s = set(&[rule]);
        assert!(
            s.inferences[0].behaviour.is_some(),
            "{rule}: {:?}",
            s.inferences[0]
        );
    }
    // A rule on a language's code keeps it.
    let sh = "make build && make test\n";
    assert_eq!(
        texts(
            "In bash scripts, never use `&&`; use `set -e`.",
            "scripts/ci.sh",
            sh
        ),
        ["&&"]
    );
}

#[test]
fn moving_around_and_committing_are_the_agents_doing() {
    let sh = "ROOT=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\ncd packages/ui\nbun run lint\n";
    assert!(texts("Do NOT `cd` into packages.", "scripts/a.sh", sh).is_empty());
    assert!(
        texts(
            "Commit code without running `bun run lint` first.",
            "scripts/a.sh",
            sh
        )
        .is_empty()
    );
    let s = set(&["Commit code without running `bun run lint` first."]);
    assert!(
        !s.inferences[0].behaviour.as_deref().unwrap_or("").is_empty(),
        "{:?}",
        s.inferences[0]
    );
}

#[test]
fn a_cross_mark_before_an_action_is_a_behaviour_rule() {
    let s = set(&["❌ Responder en inglés"]);
    assert!(s.inferences[0].checks.is_empty(), "{:?}", s.inferences[0].checks);
    assert!(s.inferences[0].behaviour.is_some());
}

#[test]
fn in_ui_components_is_a_condition_no_file_shows() {
    let s = set(&["No `useNavigate`, `useSearchParams`, or `useComposerMode` in UI components"]);
    assert!(s.inferences[0].checks.is_empty(), "{:?}", s.inferences[0].checks);
    let ts = "export const A = () => { const n = useNavigate(); };\n";
    assert_eq!(
        texts("Never use `useNavigate` in React components.", "src/A.tsx", ts),
        ["useNavigate"],
        "a language's components are its files"
    );
}

#[test]
fn products_are_checked_as_the_packages_they_install() {
    let pkg =
        "{\n  \"dependencies\": {\n    \"tailwindcss\": \"^3.4.0\",\n    \"dayjs\": \"^1.11.0\"\n  }\n}\n";
    assert_eq!(
        texts(
            "❌ Bootstrap, Tailwind, Bulma - **FORBIDDEN**",
            "package.json",
            pkg
        ),
        ["tailwindcss"]
    );
    let ts = "import dayjs from 'dayjs';\n// Day.js was replaced\n";
    assert_eq!(
        texts("Never use Day.js; use `date-fns`.", "src/a.ts", ts),
        ["dayjs"]
    );
}

#[test]
fn round_three_frameworks_cdns_languages_and_installs() {
    // Frameworks forbidden by name are what is forbidden, not where: a Vue import in a `.js`
    // file counts, and so does Bootstrap loaded from a CDN.
    let i = "❌ React, Vue, Angular, Svelte - **FORBIDDEN**";
    assert_eq!(
        texts(
            i,
            "public/js/app.js",
            "import { createApp } from 'https://unpkg.com/vue@3/dist/vue.esm-browser.js';\n// not vue-like\n"
        ),
        ["vue"]
    );
    assert_eq!(
        texts(i, "src/app.ts", "import { Component } from '@angular/core';\n"),
        ["@angular/core"]
    );
    let b = "❌ Bootstrap, Tailwind, Bulma - **FORBIDDEN**";
    let html = "<link rel=\"stylesheet\" href=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css\">\n<!-- no bootstrap here -->\n<p>bootstrap your app</p>\n";
    assert_eq!(texts(b, "public/index.html", html), ["bootstrap"]);
    // A language forbidden outright forbids its files (not type declarations), and
    // `lang="ts"` on a component; "Avoid TypeScript `enum`s" does neither.
    let ts = "❌ TypeScript - **FORBIDDEN** (use vanilla JS)";
    assert_eq!(
        texts(ts, "public/js/score.ts", "export const x = 1;\n"),
        ["export const x = 1;"]
    );
    assert!(texts(ts, "types/globals.d.ts", "declare const x: number;\n").is_empty());
    let comp = "Components use plain JavaScript (no TypeScript)";
    assert!(texts(comp, "src/lib/utils/shuffle.ts", "export const x = 1;\n").is_empty());
    assert_eq!(
        texts(
            comp,
            "src/lib/Card.svelte",
            "<script lang=\"ts\">\n  let x = 1;\n</script>\n"
        ),
        ["lang=\"ts\""]
    );
    assert!(
        texts(
            "Avoid TypeScript `enum`s; use unions.",
            "src/a.ts",
            "const a = 1;\n"
        )
        .is_empty()
    );
    // Python's type annotations do not qualify TypeScript: its files are still forbidden.
    assert_eq!(
        texts(
            "Do not use TypeScript or any type annotations",
            "src/a.ts",
            "let a = 1;\n"
        ),
        ["let a = 1;"]
    );
    assert_eq!(
        texts(
            "Prefer HAML for templates over ERB",
            "app/views/show.html.erb",
            "<h1><%= t %></h1>\n"
        ),
        ["<h1><%= t %></h1>"]
    );
    // Java's sources, not a version of Java.
    let java = "package com.a.utils;\n\npublic final class DateFormats {}\n";
    assert_eq!(
        texts(
            "Use Kotlin, no Java",
            "app/src/main/java/com/a/utils/DateFormats.java",
            java
        ),
        ["package com.a.utils;"]
    );
    assert!(
        texts(
            "Use Kotlin, no Java",
            "app/src/main/java/com/a/Main.kt",
            "package com.a\n"
        )
        .is_empty()
    );
    assert!(texts("Avoid Java 8 APIs.", "src/A.java", java).is_empty());
    // "No instalar `moment.js`": a dependency the project must not have, not the agent's act.
    let m = "No instalar `moment.js` (pesado).";
    assert_eq!(
        texts(
            m,
            "package.json",
            "{\n  \"dependencies\": {\n    \"moment\": \"^2.30.1\"\n  }\n}\n"
        ),
        ["moment"]
    );
    assert!(
        set(&["Never install packages without asking."]).inferences[0]
            .behaviour
            .is_some()
    );
}

#[test]
fn round_three_sql_settings_commits_and_name_fragments() {
    // `SELECT *` unquoted, in capitals, is code.
    let sql =
        "CREATE PROCEDURE p AS\n  SELECT *\n  FROM t;\n  SELECT COUNT(*) FROM t;\n-- evitar SELECT * aquí\n";
    assert_eq!(texts("Evitar SELECT *", "db/p.sql", sql), ["SELECT *"]);
    // `key: value` is a setting: YAML (and `.properties`, and code) files.
    let y = "**Never** use `ddl-auto: create` or `ddl-auto: update`.";
    assert_eq!(
        texts(
            y,
            "src/main/resources/application.yml",
            "spring:\n  jpa:\n    hibernate:\n      ddl-auto: update\n"
        ),
        ["ddl-auto: update"]
    );
    assert!(texts(y, "src/main/resources/application.yml", "ddl-auto: validate\n").is_empty());
    // Conventional Commits types are about commit messages, not code that lists them.
    let c = "Do NOT use \"feat:\", \"fix:\", etc. prefixes.";
    let s = set(&[c]);
    let msg = "feat: add filters\n\nfix: later\n";
    let found: Vec<String> = s
        .check_file(Path::new("/repo/.git/COMMIT_EDITMSG"), msg, Some("gitcommit"))
        .violations
        .into_iter()
        .map(|v| msg[v.range].to_string())
        .collect();
    assert_eq!(found, ["feat:", "fix:"]);
    assert!(texts(c, "src/labels.ts", "const P = [\"feat:\", \"fix:\"];\n").is_empty());
    // A prefix or suffix is about the names being declared, not names someone else chose.
    let p = "Sin prefijo `sp_` (puede confundirse con SPs de sistema)";
    let proc = "CREATE OR ALTER PROCEDURE dbo.sp_ObtenerEquipos AS\nBEGIN\n  EXEC sp_executesql @q;\nEND\n";
    assert_eq!(texts(p, "db/procs.sql", proc), ["sp_"]);
    let v = "Fix original files, never create `_v2` or `_fixed` variants";
    assert_eq!(
        texts(
            v,
            "src/parse.py",
            "def parse_v2(x):\n    return parse(x, mode=\"_v2\")\n"
        ),
        ["_v2"]
    );
}

#[test]
fn one_diagnostic_per_place_and_spanish_ways_to_forbid() {
    // `confirm()` and `window.confirm` both match `window.confirm(`: the longer one is reported.
    let i = "**PROHIBIDO `alert()` / `confirm()`**: Bajo ninguna circunstancia se debe utilizar `window.alert`, `window.confirm` o `window.prompt`.";
    let ts = "if (window.confirm('¿Seguro?')) {}\nconst x = confirm('y');\nconst n = window.prompt('n');\n";
    assert_eq!(
        texts(i, "src/a.ts", ts),
        ["window.confirm", "confirm", "window.prompt"]
    );
}

#[test]
fn round_three_table_rows_prefixes_classes_and_pinned_actions() {
    // A table row of a deprecated form and its replacement.
    let row = "`bg-opacity-*` | `bg-black/50`";
    let jsx = "<div className=\"fixed inset-0 bg-black bg-opacity-50\" />\n// bg-opacity-* is gone\n";
    assert_eq!(texts(row, "src/Modal.jsx", jsx), ["bg-opacity-50"]);
    // A command table is not one.
    assert!(
        texts(
            "`npm run dev` | Start the dev server",
            "package.json",
            "{\"scripts\": {\"dev\": \"npm run dev\"}}"
        )
        .is_empty()
    );
    // Class declarations in the named language.
    let c = "Evitar la creación de clases de TypeScript.";
    let ts = "export class Calculator {}\nconst css = 'class names';\n// a class here\n";
    assert_eq!(texts(c, "src/calc.ts", ts), ["class Calculator"]);
    // Actions pinned to a full commit SHA rule out tags and branches.
    let a = "All GitHub Actions should use SHA-1 pinned versions.";
    let wf = "jobs:\n  lint:\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4\n      - uses: super-linter/super-linter/slim@v7\n      - uses: ./.github/actions/local\n      - uses: actions/setup-node@main\n";
    assert_eq!(
        texts(a, ".github/workflows/ci.yml", wf),
        ["super-linter/super-linter/slim@v7", "actions/setup-node@main"]
    );
}

#[test]
fn round_three_promise_chains_octal_literals_and_bundlers() {
    let r = "Use async/await, not Promises with then/catch";
    let ts =
        "fetch(u)\n  .then((r) => r.json())\n  .catch(() => null);\nconst then = 1; // .then( in a comment\n";
    assert_eq!(texts(r, "src/api.ts", ts), ["then", "catch"]);
    let o = "Use `0o755` not `0755`.";
    let go = "os.MkdirAll(out, 0755)\nos.MkdirAll(out, 0o755)\nlog.Printf(\"mode 0755\")\n";
    assert_eq!(texts(o, "main.go", go), ["0755"]);
    let v = "Use `bun` instead of npm, vite, etc.";
    let pkg = "{\n  \"scripts\": {\n    \"dev\": \"vite\",\n    \"build\": \"vite build\",\n    \"about\": \"vite is fast\"\n  }\n}\n";
    assert_eq!(texts(v, "package.json", pkg), ["vite", "vite"]);
}

#[test]
fn round_three_return_types_and_typing_aliases() {
    let r = "**Never use `JSX.Element`** as a return type – use `ReactNode` from `'react'`.";
    let tsx = "type P = { icon: JSX.Element };\nexport function Box(): JSX.Element {\n  return <div />;\n}\n";
    assert_eq!(texts(r, "src/Box.tsx", tsx), ["JSX.Element"]);
    let t = "Use native Python types (`list`, `dict`, `tuple`, `| None`) instead of `typing` equivalents.";
    let py = "from typing import Optional, Any\n\ndef f(x: Optional[str]) -> list[str]:\n    \"\"\"Optional[str] in a docstring.\"\"\"\n    return []\n";
    assert_eq!(texts(t, "app/tokens.py", py), ["Optional", "Optional"]);
}

#[test]
fn round_three_trials_tools_strings_and_format_verbs() {
    // A shell named in a rule about tools is a command, not a word in every string.
    let b = "Prefer `git` tool for structured git operations over raw `bash` calls";
    let go = "func (t *Bash) Name() string { return \"bash\" }\ncmd := exec.Command(\"bash\", \"-c\", s)\n";
    assert!(texts(b, "internal/tool/bash.go", go).is_empty());
    // "composition over inheritance" names no package.
    assert!(
        set(&["Prefer composition over inheritance."]).inferences[0]
            .checks
            .is_empty()
    );
    // A format verb is found in format strings.
    let v = "Never use `%v` to format errors; use `%w`.";
    assert_eq!(
        texts(
            v,
            "main.go",
            "return fmt.Errorf(\"load: %v\", err) // not %v here\n"
        ),
        ["%v"]
    );
    // "never import from the `typing` module" forbids the module, not its aliases only.
    let t = "NEVER import from the `typing` module.";
    assert_eq!(
        texts(t, "app/a.py", "from typing import Literal, cast\n"),
        ["typing"]
    );
    // A tool that is also a package is a dependency too.
    let r = "Ruff for linting and formatting (replaces black, isort, flake8)";
    let pyproject = "[project.optional-dependencies]\ndev = [\n  \"black>=24\",\n  \"ruff\",\n]\n";
    assert_eq!(texts(r, "pyproject.toml", pyproject), ["black"]);
}

#[test]
fn round_three_trials_relative_imports_entry_points_and_misspellings() {
    let r = "Never use relative imports.";
    assert_eq!(
        texts(
            r,
            "pkg/a.py",
            "from .models import Contract\nfrom pkg.models import X\nfrom . import b\n"
        ),
        [".models", "."]
    );
    assert_eq!(
        texts(r, "src/a.ts", "import a from '../lib/a';\nimport b from './b';\n"),
        ["../lib/a"]
    );
    let a = "Use absolute imports.";
    assert_eq!(texts(a, "pkg/a.py", "from ..core import x\n"), ["..core"]);
    // "outside of `main`": main's own file may.
    let m = "Do not use `log.Fatal` or `os.Exit` outside of `main`.";
    assert!(texts(m, "cmd/app/main.go", "func main() { os.Exit(0) }\n").is_empty());
    assert_eq!(
        texts(m, "cmd/root.go", "func Execute() { os.Exit(1) }\n"),
        ["os.Exit"]
    );
    // A misspelled keyword is the keyword.
    assert_eq!(
        texts(
            "Use `type` over `inteface`",
            "src/a.ts",
            "export interface A { a: number }\n"
        ),
        ["interface"]
    );
}

#[test]
fn a_hedged_rule_gets_no_automatic_fix() {
    let js = "var a = 1;\n";
    assert_eq!(
        hits("Use `let` over `var` as much as possible", "src/a.js", js),
        [("var".into(), None)]
    );
    assert_eq!(
        hits("Use `let` instead of `var`.", "src/a.js", js),
        [("var".into(), Some("let".into()))]
    );
}

#[test]
fn only_swaps_that_keep_every_program_compiling_are_fixes() {
    // `unknown` for `any` breaks each use that relied on `any`; `const` for `let` breaks each
    // reassignment: checked, never fixed.
    assert_eq!(
        hits("Use `unknown` instead of `any`.", "src/a.ts", "let a: any = 1;\n"),
        [("any".into(), None)]
    );
    assert_eq!(
        hits(
            "NEVER use `any` type - always use `unknown`.",
            "src/a.ts",
            "let a: any = 1;\n"
        ),
        [("any".into(), None)]
    );
    assert_eq!(
        hits("Use `const` instead of `let`.", "src/a.ts", "let a = 1;\n"),
        [("let".into(), None)]
    );
    assert_eq!(
        hits("Use `let` instead of `const`.", "src/a.ts", "const a = 1;\n"),
        [("const".into(), Some("let".into()))]
    );
}

#[test]
fn a_format_verb_about_wrapping_errors_is_checked_where_errors_are_wrapped() {
    let r = "Use `%w` (not `%v`) when wrapping errors to preserve the error chain.";
    let go = "return fmt.Errorf(\"load %s: %v\", name, err)\nt.Errorf(\"got %v\", x)\nlog.Printf(\"took %v\", d)\nreturn fmt.Errorf(\"timed out after %v\", timeout)\n";
    assert_eq!(texts(r, "main.go", go), ["%v"]);
    // Said in one clause, the condition is the same one the check sees.
    let r = "Never use `%v` when wrapping errors.";
    assert_eq!(texts(r, "main.go", go), ["%v"]);
}

#[test]
fn an_exception_in_another_sentence_leaves_the_rule_unchecked() {
    let r = "Prefer `for...of` statement over `forEach`. However, allow use of `forEach` when chaining.";
    let s = set(&[r]);
    assert!(s.inferences[0].checks.is_empty());
    assert!(
        s.inferences[0]
            .notes
            .iter()
            .any(|n| n.contains("allow use of `forEach` when chaining")),
        "{:?}",
        s.inferences[0].notes
    );
    // Without the exception, it is checked.
    assert!(
        !set(&["Prefer `for...of` statement over `forEach`."]).inferences[0]
            .checks
            .is_empty()
    );
}

#[test]
fn a_quoted_word_beside_quoted_prose_is_wording() {
    let r = "Use imperative mood (\"Add feature\" not \"Added\" or \"Adds\")";
    let s = set(&[r]);
    assert!(s.inferences[0].checks.is_empty(), "{:?}", s.inferences[0].checks);
    // A quoted name with no prose beside it is still code.
    assert_eq!(texts("Never use \"eval\".", "src/a.js", "eval(x);\n"), ["eval"]);
}

#[test]
fn a_justification_a_comment_gives_is_checked_and_the_commented_uses_left_alone() {
    for (i, condition, text, path, hit) in [
        (
            "Do NOT suppress warnings with `#[allow(...)]` without a comment explaining why",
            "without a comment explaining why",
            "#[allow(dead_code)]\nfn f() {}\n// Called through FFI.\n#[allow(dead_code)]\nfn g() {}\n",
            "src/lib.rs",
            "#[allow(dead_code)]",
        ),
        (
            "No usar `any` sin justificación documentada",
            "sin justificación documentada",
            "let x: any = 1;\nconst s = 'any';\nlet y: any = 2; // la API no tiene tipos\n",
            "src/a.ts",
            "any",
        ),
        (
            "No committed `.only` (unless explicitly justified).",
            "unless explicitly justified",
            "it.only('x', () => {});\n// flaky on Windows, see #142\nit.only('y', () => {});\n",
            "src/a.test.ts",
            "only",
        ),
    ] {
        let inf = infer(&rule(i));
        assert_eq!(inf.checks.len(), 1, "{i}: enforced, {:?}", inf.checks);
        assert!(
            inf.proposed.is_empty() && inf.unseen.is_empty(),
            "{i}: nothing left to propose"
        );
        assert_eq!(
            inf.checks[0].fix, None,
            "{i}: a justified use is the user's to keep"
        );
        let explained = explain(&rule(i), &inf).join("\n");
        assert!(
            explained.contains(&format!("a use with a comment on its line or the line above is the justified one (from \"{condition}\")")),
            "{i}: {explained}"
        );
        assert!(!explained.contains("cannot be checked"), "{i}: {explained}");
        // Made explicit, the check finds what the words name, in code only, and not the use a
        // comment explains.
        let mut explicit = rule(i);
        explicit.checks = inf.checks.clone();
        let json = serde_json::json!([{
            "Rule_number": 1, "Category": "CODE", "Instruction": i, "Why": "w",
            "Check": explicit_checks(&explicit, &inf),
        }])
        .to_string();
        let s = RuleSet::from_text(Path::new("/repo/autofix.json"), &json, BuildOptions::default());
        assert!(s.is_usable(), "{i}: {:?}", s.problems);
        let found: Vec<&str> = s
            .check_file(&Path::new("/repo").join(path), text, None)
            .violations
            .iter()
            .map(|v| &text[v.range.clone()])
            .collect();
        assert_eq!(found, [hit], "{i}");
    }
}

#[test]
fn an_approval_or_a_need_leaves_the_rule_unchecked_but_proposes_its_check() {
    for (i, condition) in [
        ("No `eval` unless approved by a maintainer.", "unless approved"),
        (
            "No usar `eval` salvo aprobación explícita.",
            "salvo aprobación explícita",
        ),
    ] {
        let inf = infer(&rule(i));
        assert!(inf.checks.is_empty(), "{i}: nothing enforced, {:?}", inf.checks);
        assert_eq!(inf.unseen, [condition], "{i}");
        assert!(!inf.proposed.is_empty(), "{i}: {:?}", inf.proposed);
        assert!(
            inf.proposed.iter().all(|c| c.fix.is_none()),
            "{i}: a proposal never fixes"
        );
    }
}

#[test]
fn other_conditions_propose_nothing() {
    for i in [
        // A circumstance of the code, not a justification: a check everywhere would be wrong.
        "Never call `setState` in loops.",
        "No `async` without `try/catch`.",
        "Never use `Math.floor` with negative numbers.",
        "No uses `print()` en funciones asíncronas.",
        // A justification and another condition together.
        "Avoid `any` in async functions unless justified.",
        // Unconditional: enforced, nothing to propose.
        "Never use `var`.",
        // About the agent.
        "Don't run `pnpm dev` without a reason.",
        // A place that happens to be comments.
        "Never use `TODO` except in comments.",
    ] {
        let inf = infer(&rule(i));
        assert!(inf.proposed.is_empty() && inf.unseen.is_empty(), "{i}: {inf:?}");
    }
}

#[test]
fn a_proposal_leaves_out_what_is_enforced_anyway() {
    let inf = infer(&rule("Never use `var`; no `any` without a documented reason."));
    let described: Vec<String> = inf.checks.iter().map(|c| c.describe_inline()).collect();
    let proposed: Vec<String> = inf.proposed.iter().map(|c| c.describe_inline()).collect();
    assert!(described.iter().any(|d| d.contains("var")), "{described:?}");
    assert!(proposed.iter().all(|d| !d.contains("var")), "{proposed:?}");
}

#[test]
fn https_and_exact_versions_rule_out_plain_urls_and_version_ranges() {
    let html = "<a href=\"http://instagram.com/shop\">x</a>\n<a href=\"http://localhost:8080\">dev</a>\n";
    for i in [
        "Usar HTTPS en todos los enlaces.",
        "Always use HTTPS for all links.",
    ] {
        let found: Vec<String> = hits_of(i, "index.html", html)
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        assert_eq!(found, ["http://instagram.com/shop"], "{i}");
    }
    // Not mandated, or not of links: nothing. A bare "HTTPS" is said of remotes, servers and
    // one API, not of every URL.
    for i in [
        "HTTPS is terminated at the load balancer.",
        "Never use HTTPS for the health check.",
        "Always use HTTPS.",
        "Prefer HTTPS over SSH for git remotes.",
        "Always use HTTPS when calling the payments API.",
    ] {
        assert!(hits_of(i, "index.html", html).is_empty(), "{i}");
    }
    let package = "{\n  \"dependencies\": {\n    \"vue\": \"^3.5.13\",\n    \"pinia\": \"2.2.6\"\n  }\n}\n";
    for i in [
        "Always pin exact versions of dependencies.",
        "Usar siempre versiones exactas en las dependencias.",
    ] {
        let found: Vec<String> = hits_of(i, "package.json", package)
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        assert_eq!(found, ["^3.5.13"], "{i}");
        assert!(
            hits_of(i, "src/a.ts", "const v = '^3.5.13';\n").is_empty(),
            "{i}: manifests only"
        );
    }
}

#[test]
fn sql_built_from_values_is_forbidden_by_its_name_or_by_parameterized_queries() {
    let ts = "const a = await db.query(`SELECT id FROM users WHERE id = ${id}`);\nconst b = await db.query(\"SELECT id FROM users WHERE id = $1\", [id]);\n";
    for i in [
        "Never use string interpolation in SQL — always use parameterized queries.",
        "Always use parameterized queries.",
        "Nunca uses interpolación de cadenas en SQL.",
        "Usar siempre consultas parametrizadas.",
    ] {
        let found: Vec<String> = hits_of(i, "src/db.ts", ts).into_iter().map(|(h, _)| h).collect();
        assert_eq!(found, ["`SELECT id FROM users WHERE id = ${id}`"], "{i}");
    }
    // Described, not mandated or forbidden: nothing.
    assert!(hits_of("The API uses parameterized queries.", "src/db.ts", ts).is_empty());
}

#[test]
fn code_that_differs_in_case_only_names_another_thing() {
    // Go: `MixedCaps` for names, and package names without `mixedCaps`: two subjects, two names.
    let s = set(&[
        "Use `MixedCaps` or `mixedCaps` rather than underscores for multi-word names.",
        "Package names are lowercase, single-word where possible. No `_` or `mixedCaps`.",
    ]);
    // A naming style is about some names, which the words rarely say: no retirement.
    assert!(s.status.iter().all(Status::is_active), "{:?}", s.status);
    // Code that differs in case only is another identifier.
    let s2 = set(&["Always use `getID()`.", "Never use `getId()`."]);
    assert!(s2.status.iter().all(Status::is_active), "{:?}", s2.status);
    let s3 = set(&["Always use `getId()`.", "Never use `getId()`."]);
    assert!(!s3.status[0].is_active());
    // Words are compared whatever their case: "axios" is "Axios".
    let s = set(&["Use Axios for HTTP calls.", "Never use axios; use native fetch."]);
    assert!(!s.status[0].is_active());
}

#[test]
fn a_naming_style_in_a_code_span_is_not_an_identifier() {
    for i in [
        "Package names are lowercase, single-word where possible. No `_` or `mixedCaps`.",
        "Never use `snake_case` for variables.",
        "No `SCREAMING_SNAKE_CASE` outside constants.",
    ] {
        let inf = infer(&rule(i));
        assert!(
            inf.checks.iter().all(
                |c| !c.pattern.as_deref().unwrap_or("").to_lowercase().contains("case")
                    && !c.pattern.as_deref().unwrap_or("").contains("mixedCaps")
            ),
            "{i}: {:?}",
            inf.checks
        );
    }
}

#[test]
fn names_the_rule_calls_commands_are_run_not_imported() {
    let i = "Never use system Python commands like `python3`, `python`, or `pytest` directly.";
    assert!(
        texts(
            i,
            "tests/test_a.py",
            "import pytest\nimport sys\nprint(sys.executable)  # python3\n"
        )
        .is_empty(),
        "a package the project requires, and a word in code, are not commands"
    );
    assert!(texts(i, "pyproject.toml", "[project]\ndependencies = [\"pytest>=8\"]\n").is_empty());
    assert_eq!(
        texts(i, "scripts/test.sh", "#!/bin/sh\npython3 -m pytest tests\n"),
        ["python3"]
    );
}

#[test]
fn default_exports_a_framework_requires_are_not_violations() {
    let code = "export default function Page() {\n  return null;\n}\n";
    for i in ["Prefer named exports", "Never use default exports."] {
        for required in [
            "src/app/dashboard/page.tsx",
            "src/app/layout.tsx",
            "next.config.ts",
            "postcss.config.mjs",
            "convex/schema.ts",
            "src/components/Button.stories.tsx",
            "pages/index.tsx",
        ] {
            assert!(texts(i, required, code).is_empty(), "{i}: {required}");
        }
        assert_eq!(texts(i, "src/middleware.ts", code), ["export default"], "{i}");
        assert_eq!(
            texts(i, "src/components/Button.tsx", code),
            ["export default"],
            "{i}"
        );
    }
}

#[test]
fn mandated_tabs_rule_out_indenting_with_spaces() {
    let go = "package a\n\nfunc f() {\n\tx := 1\n    y := 2\n\ts := `\n    kept in a raw string`\n\t// a comment\n\tz := T{A:   1}\n}\n";
    for i in [
        "Use tabs for all code formatting and indentation.",
        "Always indent with tabs.",
        "Usar siempre tabulaciones.",
    ] {
        assert_eq!(texts(i, "a.go", go), ["    "], "{i}");
        assert!(
            texts(i, ".github/workflows/ci.yml", "on:\n  push:\n").is_empty(),
            "{i}: YAML needs spaces"
        );
    }
    // Forbidden, tabs are what is checked (as before).
    assert_eq!(
        texts(
            "Use spaces, not tabs, for indentation.",
            "a.py",
            "def f():\n\treturn 1\n"
        ),
        ["\t"]
    );
    // With no language named, configuration files indented like code are in scope (YAML
    // forbids tabs itself); Go's own files and Makefiles are not.
    let i = "Use 2-space indentation (never tabs)";
    assert_eq!(
        texts(i, "roles/docker/tasks/main.yaml", "- name: x\n\t- docker-ce\n"),
        ["\t"]
    );
    assert_eq!(
        texts(i, "main.tf", "resource \"a\" \"b\" {\n\tname = 1\n}\n"),
        ["\t"]
    );
    for (path, text) in [
        ("go.mod", "require (\n\tgolang.org/x/net v0.1.0\n)\n"),
        ("Makefile", "all:\n\tcc a.c\n"),
        ("data.tsv", "a\tb\n\tc\n"),
    ] {
        assert!(texts(i, path, text).is_empty(), "{path}");
    }
}

#[test]
fn a_convention_written_as_its_subject_and_only_mandates_it() {
    let tsx = "export class Old extends React.Component {}\nexport function New() { return null; }\n";
    for i in [
        "Functional components only",
        "Use functional components.",
        "Componentes funcionales solo.",
    ] {
        assert_eq!(
            texts(i, "src/components/Old.tsx", tsx),
            ["class Old extends React.Component"],
            "{i}"
        );
    }
    assert_eq!(
        texts(
            "Named exports only.",
            "src/lib/a.ts",
            "export default 1;\nexport const b = 2;\n"
        ),
        ["export default"]
    );
    // Described, not "only": nothing.
    assert!(
        texts(
            "The app has functional components.",
            "src/components/Old.tsx",
            tsx
        )
        .is_empty()
    );
}

#[test]
fn a_convention_stated_as_a_fact_mandates_it() {
    let package = "{\n  \"dependencies\": {\n    \"vue\": \"^3.5.13\",\n    \"pinia\": \"2.2.6\"\n  }\n}\n";
    for i in [
        "Dependencies are pinned to exact versions.",
        "Las dependencias son versiones exactas.",
    ] {
        assert_eq!(texts(i, "package.json", package), ["^3.5.13"], "{i}");
    }
    // Negated, or not right after "is"/"are": nothing.
    for i in [
        "Dependencies are not pinned to exact versions.",
        "Our release notes are about exact versions we shipped.",
    ] {
        assert!(texts(i, "package.json", package).is_empty(), "{i}");
    }
}

#[test]
fn review_findings_stay_fixed() {
    // "command" elsewhere in the rule does not make `any` a command.
    assert_eq!(
        texts(
            "Never use `any` in command handlers.",
            "src/a.ts",
            "let a: any = 1;\n"
        ),
        ["any"]
    );
    // "only" qualifying something else does not mandate tabs.
    for i in [
        "Indent with 2 spaces; tabs for generated code only.",
        "Spaces for indentation, tabs for alignment only.",
    ] {
        assert!(
            texts(i, "src/a.ts", "function f() {\n  return 1;\n}\n").is_empty(),
            "{i}"
        );
    }
    // An ellipsis alone in brackets is code, not a pattern matching every bracket pair.
    assert!(
        texts(
            "Never use `[...]` to copy large arrays.",
            "src/a.ts",
            "x[1] = [2];\n"
        )
        .is_empty()
    );
}

#[test]
fn panics_nested_ternaries_blank_lines_and_runes_from_words() {
    let go = "package lib\n\nfunc New() {\n\tpanic(\"nil\") // do not panic\n}\n";
    assert_eq!(
        texts("Never panic in library code", "internal/lib/new.go", go),
        ["panic"]
    );
    // Library code: a program's entry point and the tests are not.
    assert!(texts("Never panic in library code", "cmd/app/main.go", go).is_empty());
    assert!(texts("Never panic in library code", "internal/lib/new_test.go", go).is_empty());
    let rs = "fn f() { panic!(\"x\"); std::panic!(\"y\") }\n#[panic_handler]\nfn panic(info: &PanicInfo) -> ! { loop {} }\n";
    assert_eq!(
        texts("No uses panic en Rust", "src/lib.rs", rs),
        ["panic!", "panic!"],
        "a macro's hit is its name with the `!`, as any macro literal's"
    );
    // Advice, not a rule about code.
    for advice in [
        "Don't panic.",
        "Stay calm and never panic under pressure.",
        "No panic buttons in the UI.",
    ] {
        assert!(texts(advice, "src/lib.rs", rs).is_empty(), "{advice}");
    }

    let ts = "const a = x ? 1 : y ? 2 : 3;\nconst b = x ? 1 : 2; // a ? b : c ? d : e\nconst c = o?.p ?? 0;\ntype A<T> = T extends string ? 'a' : T extends number ? 'b' : 'c';\nconst d = a ? b : (c ? e : f);\n";
    assert_eq!(
        texts("Avoid nested ternaries", "src/a.ts", ts),
        ["y ? 2 : 3", "c ? e : f"],
        "conditional types are not nested ternaries"
    );
    assert_eq!(
        texts("No usar ternarios anidados", "src/a.ts", ts),
        ["y ? 2 : 3", "c ? e : f"]
    );

    let rb = "def a\n  x = 1\n  \n\nend\n";
    assert_eq!(
        texts("Never create blank lines with leading whitespace", "app/a.rb", rb),
        ["  "]
    );

    let svelte = "<script>\n  let n = $state(0);\n  $: d = n * 2;\n</script>\n<p>$: {d}</p>\n";
    assert_eq!(
        texts(
            "Use Svelte 5 runes syntax ($state, $derived, $effect) instead of legacy reactive declarations",
            "src/A.svelte",
            svelte
        ),
        ["$:"]
    );
    assert_eq!(texts("Use Svelte 5 runes", "src/A.svelte", svelte), ["$:"]);
    // Forbidding the runes checks nothing.
    assert!(texts("Don't use runes yet", "src/A.svelte", svelte).is_empty());
}

#[test]
fn errors_ignored_in_go() {
    let go = "package a\n\nfunc f() error {\n\t_ = os.MkdirAll(dir, 0o755)\n\tentries, _ := os.ReadDir(dir)\n\tfor _, e := range entries {\n\t\t_ = e\n\t}\n\treturn nil\n}\n";
    for i in [
        "Never ignore errors",
        "Don't ignore errors; handle them",
        "Nunca ignores los errores",
        "In Go, never ignore errors.",
        // The means of it, not a condition on it.
        "Never discard errors with `_`",
        "Never ignore errors with `_`",
    ] {
        assert_eq!(texts(i, "session.go", go), ["_", "_"], "{i}");
    }
    // Another language named: Go's `_` is not what it means.
    assert!(texts("Never ignore errors in TypeScript", "session.go", go).is_empty());
    // Ignoring a linter is silencing it, and an instruction to ignore is no forbidding.
    assert!(
        texts(
            "Ignore errors from the linter in generated code",
            "session.go",
            go
        )
        .is_empty()
    );
}

#[test]
fn classes_forbidden_outright() {
    let ts = "export class AppError extends Error {}\nconst s = \"class Foo {\";\n// class Bar {\nexport abstract class Repo<T> {\n}\nconst el = <div className=\"x\" />;\n";
    for i in [
        "❌ NO classes anywhere - only functions and small factory functions",
        "Prioritize functional and declarative programming patterns; avoid using classes.",
        "Prefer functions, not classes",
        "Evita usar clases; usa funciones.",
    ] {
        assert_eq!(texts(i, "src/utils/appError.ts", ts), ["class", "class"], "{i}");
    }
    assert_eq!(
        texts(
            "Avoid using classes.",
            "app/models.py",
            "class Order(Base):\n    pass\n"
        ),
        ["class"]
    );
    // A kind of classes is not classes: CSS's, Tailwind's, classes for one purpose.
    for other in [
        "Avoid using Tailwind classes",
        "Avoid classes for styling",
        "No uses clases de CSS",
        "Use classes for services",
    ] {
        assert!(texts(other, "src/utils/appError.ts", ts).is_empty(), "{other}");
    }
    // The words that name one language's classes still report the declaration.
    assert_eq!(
        texts(
            "Evitar la creación de clases de TypeScript.",
            "src/calc.ts",
            "export class Calculator {}\n"
        ),
        ["class Calculator"]
    );
}

#[test]
fn bare_lint_directives_without_a_rationale() {
    let i = "No eslint-disable without a code-level fix or rule-level rationale";
    let ts = "// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport function f(raw: any) {}\n\n// eslint-disable-next-line no-unsafe-assignment -- the vendor SDK returns untyped JSON\nexport const r = 1;\n";
    assert_eq!(texts(i, "src/lib/p.ts", ts), ["eslint-disable-next-line"]);
    assert_eq!(
        texts(i, "src/app/page.tsx", "/* eslint-disable */\nexport default 1;\n"),
        ["eslint-disable"]
    );
    assert!(
        texts(i, "src/a.py", "# eslint-disable\n").is_empty(),
        "not JavaScript"
    );
}

#[test]
fn local_machine_paths_from_words() {
    let i = "No hard-coded local paths.";
    let sh = "cp dist/*.whl /Users/fderuiter/Downloads/wheels/\nmkdir -p \"${WHEEL_DIR:-$HOME/wheels}\"\ncurl https://example.com/home/fred/x\nls src/home/fred\n";
    assert_eq!(
        texts(i, "scripts/release.sh", sh),
        ["/Users/fderuiter/Downloads/wheels/"]
    );
    let py = "LEGACY = Path(\"/home/fred/imednet/schema.json\")\nDATA = \"C:\\\\Users\\\\fred\\\\data.csv\"\nBIN = \"/usr/local/bin\"\n";
    assert_eq!(
        texts(i, "scripts/export.py", py),
        [
            "/home/fred/imednet/schema.json",
            "C:\\\\Users\\\\fred\\\\data.csv"
        ]
    );
    // A container's paths and a README's examples are not this machine's.
    assert!(texts(i, "Dockerfile", "WORKDIR /home/node/app\n").is_empty());
    assert!(texts(i, "README.md", "Clone into /home/you/project\n").is_empty());
    assert_eq!(
        texts(
            "Nunca uses rutas absolutas",
            "a.ts",
            "const dir = '/Users/ana/proyecto';\n"
        ),
        ["/Users/ana/proyecto"]
    );
}

#[test]
fn latest_tags_interface_prefixes_and_word_operators_from_words() {
    let docker = "# FROM node:latest\nFROM node:latest AS build\nRUN npm ci --tag latest\n";
    assert_eq!(
        texts("Never use the `latest` tag", "Dockerfile", docker),
        ["latest"]
    );
    assert_eq!(
        texts(
            "`FROM imagen:latest` | Usar tags específicos",
            "docker/worker.Dockerfile",
            docker
        ),
        ["latest"]
    );
    // The tag as the rule writes it: with its colon.
    assert_eq!(
        texts(
            "Pin images to exact version tags — never `:latest`",
            "compose.yaml",
            "services:\n  db:\n    image: postgres:latest\n  web:\n    image: nginx:1.27\n"
        ),
        [":latest"]
    );
    assert!(
        texts(
            "Never use the `latest` tag",
            "src/a.ts",
            "const tag = 'latest';\n"
        )
        .is_empty()
    );

    let ts = "export interface IUser {}\ninterface Props {}\ntype Row = { id: string };\n";
    assert_eq!(texts("Prefix interfaces with I", "src/a.ts", ts), ["Props"]);
    assert_eq!(
        texts("Don't prefix TypeScript interfaces with I", "src/a.ts", ts),
        ["IUser"]
    );
    assert_eq!(
        texts(
            "Tipos/Interfaces: PascalCase con prefijo I (IUser, IArtist)",
            "src/a.ts",
            ts
        ),
        ["Props", "Row"]
    );
    // No interface said: nothing about prefixes; the pronoun is not the prefix; an exception
    // no name pattern can tell leaves the rule unchecked.
    assert!(texts("Prefix private fields with an underscore", "src/a.ts", ts).is_empty());
    for not_the_prefix in [
        "When I add a new interface, prefix its file name with the module name.",
        "I always prefix private fields with an underscore, and interfaces use PascalCase.",
        "Prefix interfaces with `I` except for props",
    ] {
        assert!(
            texts(not_the_prefix, "src/a.ts", ts).is_empty(),
            "{not_the_prefix}"
        );
    }

    let rb =
        "return unless user and user.admin?\nsave or raise 'no'\nUser.where(a: 1).or(User.where(b: 2))\n";
    assert_eq!(
        texts(
            "Prefer `&&` and `||` over `and` and `or` operators",
            "app/a.rb",
            rb
        ),
        ["and", "or"]
    );
    // Python has no `&&`: its `and` is not what such a rule means.
    assert!(
        texts(
            "Prefer `&&` and `||` over `and` and `or` operators",
            "a.py",
            "x = a and b\n"
        )
        .is_empty()
    );
    // `and` alone is a word, not a package to look for in imports.
    assert!(
        set(&["Prefer `&&` over `and`"]).rules[0].checks.iter().all(|c| !c
            .pattern
            .as_deref()
            .unwrap_or("")
            .contains("from"))
    );
}

#[test]
fn a_markdown_link_reads_as_its_words() {
    let inf = infer(&rule(
        "Apply the [general coding guidelines](./general-coding.instructions.md) to all code.",
    ));
    assert!(inf.checks.is_empty() && inf.vague, "{inf:?}");
}

#[test]
fn a_typing_alias_is_python_and_found_however_it_was_imported() {
    let py = "from typing import List, Optional\nimport typing\n\ndef f(a: List[int], b: typing.List[str]) -> Optional[int]:\n    # List[int] in a comment\n    return None\n";
    assert_eq!(
        texts("Use `list` instead of `typing.List`.", "app/a.py", py),
        ["List", "List", "List"]
    );
    assert!(
        texts(
            "Use `list` instead of `typing.List`.",
            "main.go",
            "var x = typing.List\n"
        )
        .is_empty()
    );
    // Go's own members stay Go's.
    assert_eq!(
        texts(
            "Never call `os.Exit` in libraries.",
            "pkg/a.go",
            "func f() { os.Exit(1) }\n"
        ),
        ["os.Exit"]
    );
}

#[test]
fn a_bracket_pair_with_a_gap_is_the_construct_around_anything() {
    let sh = "if [[ -f \"$x\" ]]; then\n  echo '[[ quoted ]]'\nfi\nif [ -d y ]; then :; fi\n";
    assert_eq!(
        texts("Prefer single-bracket `[ ]` tests over `[[ ]]`.", "lib/a.sh", sh),
        ["[["]
    );
}

#[test]
fn a_keyword_that_is_no_english_word_may_be_plural() {
    let rs = "fn main() {\n    let v = x.unwrap();\n}\n";
    assert_eq!(texts("No unwraps in Rust code.", "src/main.rs", rs), ["unwrap"]);
}

#[test]
fn where_a_thing_is_fine_in_tests_is_an_exception_not_the_scope() {
    let rule = "Do not use unwraps in Rust code. In tests unwraps and panics are fine!";
    let rs = "fn main() {\n    let v = x.unwrap();\n}\n";
    assert_eq!(texts(rule, "src/main.rs", rs), ["unwrap"]);
    assert!(texts(rule, "tests/cli.rs", rs).is_empty());
    let es = "Nunca uses `console.log`; en los tests está permitido.";
    assert_eq!(texts(es, "src/a.ts", "console.log(1);\n"), ["console.log"]);
    assert!(texts(es, "src/a.test.ts", "console.log(1);\n").is_empty());
    // Tests only, as before, when nothing allows it there.
    assert_eq!(
        texts(
            "Never use `.only` in tests.",
            "src/a.test.ts",
            "it.only('x', f);\n"
        ),
        ["only"]
    );
}

#[test]
fn explicit_return_types_rule_out_functions_without_one() {
    let ts = concat!(
        "export function load(id: string): Promise<User> {\n",
        "export function save(u: User) {\n",
        "export const count = async (q: Query) => {\n",
        "export const total = (a: number, b: number): number => a + b;\n",
        "function helper(x: number) {\n",
        "const handler = useCallback((e) => {}, []);\n",
        "for (const x of xs) {\n",
        "// function commented(x) {\n",
        "export function multi(\n  a: string,\n) {\n",
    );
    assert_eq!(
        texts("Use explicit return types on exported functions", "src/a.ts", ts),
        ["save", "count"]
    );
    assert_eq!(
        texts("Always use explicit return types.", "src/a.ts", ts),
        ["save", "count", "helper"]
    );
    assert!(texts("Always use explicit return types.", "src/a.d.ts", ts).is_empty());
    let py = "def typed(a: int) -> int:\n    return a\n\ndef untyped(a: int):\n    return a\n";
    assert_eq!(
        texts("Always add return types to Python functions.", "app/a.py", py),
        ["untyped"]
    );
    assert!(texts("Never use explicit return types.", "src/a.ts", ts).is_empty());
}

#[test]
fn extensions_mandated_in_relative_imports_rule_out_imports_without_one() {
    let ts = concat!(
        "import { a } from './users';\n",
        "import { b } from './routes/index.js';\n",
        "export * from \"../lib/db\";\n",
        "import express from 'express';\n",
        "const c = await import('./lazy');\n",
        "// import { d } from './commented';\n",
        "const s = \"from './not-an-import'\";\n",
        "import {\n  e,\n} from './multi';\n",
    );
    for rule in [
        "Use `.js` extensions in relative imports.",
        "Always include file extensions in relative imports.",
        "Import with `.js` extensions for ES module compatibility",
    ] {
        assert_eq!(
            texts(rule, "src/a.ts", ts),
            ["./users", "../lib/db", "./lazy", "./multi"],
            "{rule}"
        );
    }
    for not in [
        "Never add `.js` extensions to imports.",
        "Omit the `.ts` extension in imports.",
        "Import without the `.js` extension.",
    ] {
        assert!(texts(not, "src/a.ts", ts).is_empty(), "{not}");
    }
}

#[test]
fn interfaces_mandated_for_shapes_rule_out_object_type_aliases() {
    let ts = concat!(
        "export type Row = {\n  id: string;\n};\n",
        "type Id = string | number;\n",
        "type Both = A & { b: 1 };\n",
        "export interface User {\n  id: Id;\n}\n",
        "// type Commented = {\n",
        "type B = { a: number } | { b: string };\n",
        "type C = { a: number } & Base;\n",
        "type E = { [K in keyof T]: T[K] };\n",
        "type L = { a: number }[];\n",
        "type Dict = { [key: string]: number };\n",
    );
    for rule in [
        "Use interfaces for data structures and type definitions",
        "Prefer interfaces over type aliases for object shapes.",
        "Usa interfaces para definir objetos.",
    ] {
        assert_eq!(texts(rule, "src/a.ts", ts), ["type", "type"], "{rule}");
    }
    // About something else interfaces do, or forbidding them: no such check.
    assert!(texts("Use interfaces for dependency injection.", "src/a.ts", ts).is_empty());
    // Either will do: neither rules the other out.
    for either in [
        "Write TypeScript types or interfaces for all component props.",
        "Define props with interfaces or types.",
    ] {
        assert!(texts(either, "src/a.ts", ts).is_empty(), "{either}");
    }
    assert_eq!(
        texts("Prefer `type` over `interface`.", "src/a.ts", ts),
        ["interface"]
    );
}

#[test]
fn interfaces_forbidden_unless_extending_are_the_ones_that_extend_nothing() {
    let ts = concat!(
        "export interface User {\n  id: string;\n}\n",
        "interface Admin extends User {\n  role: string;\n}\n",
        "export type Row = { id: string };\n",
        "declare global {\n  interface Window { x: number }\n}\n",
    );
    for rule in [
        "Prefer `type` over `interface` unless extending",
        "Use `type` instead of `interface`, except when extending another interface.",
    ] {
        assert_eq!(texts(rule, "src/a.ts", ts), ["interface"], "{rule}");
    }
}

#[test]
fn a_newer_language_of_comments_retires_the_older() {
    let s = set(&[
        "Write comments in English.",
        "Los comentarios deben estar en español.",
    ]);
    assert!(!s.status[0].is_active(), "{:?}", s.status);
    assert!(s.status[1].is_active());
}

#[test]
fn generated_files_are_left_to_written_checks() {
    let i = "Never use `var`.";
    let generated = "// Code generated by protoc-gen-ts. DO NOT EDIT.\nvar a = 1;\n";
    assert!(texts(i, "src/gen/a.ts", generated).is_empty());
    assert_eq!(texts(i, "src/a.ts", "// Hand-written.\nvar a = 1;\n"), ["var"]);
    assert_eq!(texts(i, "src/generator/a.ts", "var a = 1;\n"), ["var"]);
    // Said in a comment, not by a name.
    let named = "import { computeAutoGeneratedIndexes } from './shared';\nvar a = 1;\n";
    assert_eq!(texts(i, "src/dialect.ts", named), ["var"]);
    for head in [
        "# Generated by Django 5.0.6 on 2025-10-14\n",
        "/* @generated */\n",
        "# WARNING! All changes made in this file will be lost!\n",
    ] {
        assert!(
            texts(i, "src/a.ts", &format!("{head}var a = 1;\n")).is_empty(),
            "{head}"
        );
    }
    // Vendored copies and minified bundles too.
    for path in [
        "public/vendor/livewire/livewire.js",
        "static/js/chart.umd.min.js",
        "third_party/x/a.js",
        "internal/js/modules/k6/browser/tests/static/react-dom.development.js",
        "static/lodash.umd.js",
        "coverage-report/class.js",
        "htmlcov/coverage_html.js",
        // Generated where its tools put it, whatever its head says (Trigger.dev's ts-proto
        // output under `src/generated/` opens with `/* eslint-disable */`).
        "internal-packages/otlp-importer/src/generated/proto/logs.ts",
        "src/__generated__/Query.graphql.ts",
        "src/routeTree.gen.ts",
        "src/api.generated.ts",
        // The agents' rule files quote what their rules forbid.
        "AGENTS.md",
        "web/CLAUDE.md",
        ".cursor/rules/ts.mdc",
        ".github/copilot-instructions.md",
        ".ai/guidelines/project.blade.php",
    ] {
        assert!(texts(i, path, "var a = 1;\n").is_empty(), "{path}");
    }
    // A rule file's own code block is no violation of its rule; the project's other docs are.
    let just = "Always reference `just` recipes in instructions, never raw `cargo` commands";
    let md = "# Build\n\n```sh\ncargo build --release\n```\n";
    assert_eq!(texts(just, "docs/build.md", md).len(), 1);
    assert!(texts(just, "CLAUDE.md", md).is_empty());
    // Minified, whatever its name: a license comment, then one line of thousands of characters.
    let minified = format!(
        "/* Chartist.js 0.11.4\n * MIT\n */\n{}\n",
        "var a=1,b=function(c){return c};".repeat(80)
    );
    assert!(texts(i, "public/js/main.js", &minified).is_empty());
    // Coolify's `public/js/apexcharts.js`: minified with its blanks kept, packed with statements.
    let spaced = format!(
        "/*!\n * ApexCharts v3.49.1\n */\n!function (t, e) {{ {}}}\n",
        "var i = Object.keys(t); if (i < 0) { var a = 1; e && (a = 2); } ".repeat(60)
    );
    assert!(texts(i, "public/js/apexcharts.js", &spaced).is_empty());
    // A paragraph on one long line is prose, not a minifier's output.
    let prose = format!("# Notes\n{}\n", "Use the tabs here 🎉 and there. ".repeat(80));
    assert_eq!(
        texts("Never use emojis in docs", "docs/notes.md", &prose).len(),
        80
    );
    assert_eq!(
        texts(i, "public/js/main.js", &"var a = 1;\n".repeat(400)).len(),
        400
    );
    // Where a file may be still holds for a generated one.
    assert_eq!(
        texts(
            "No `package-lock.json` (we use pnpm).",
            "package-lock.json",
            "{\n  \"generated by\": \"npm\"\n}\n"
        )
        .len(),
        1
    );
    // An edit in the head that makes (or unmakes) the file generated: a re-check equals a
    // fresh check.
    use crate::rules::incremental::Dirty;
    use crate::rules::scope::FileContext;
    use crate::text::StrSource;
    let s = set(&[i]);
    let file = FileContext {
        rel_path: Some("src/a.ts"),
        language_id: None,
    };
    let before_text = "// Hand-written.\nvar a = 1;\n";
    let before = s.checker.check_full(before_text, &file);
    assert_eq!(before.violations.len(), 1);
    let after_text = "// Hand-written. DO NOT EDIT.\nvar a = 1;\n";
    let again = s.checker.recheck(
        &before,
        Dirty::new(16..16, 13),
        &StrSource::new(after_text),
        &file,
    );
    assert_eq!(again, s.checker.check_full(after_text, &file));
    assert!(again.violations.is_empty());
}

#[test]
fn a_label_naming_its_topic_is_no_header_over_the_sentence_after_it() {
    // mebo's AGENTS.md: the calls are examples of functions without parameters, not bans.
    for v in [
        "**No parameters:** Omit Parameters section (e.g., `Bytes()`, `Len()`, `Size()`)",
        "No return values: Omit Returns section (e.g., `Write()`, `Reset()`)",
    ] {
        let inf = infer(&rule(v));
        assert!(inf.checks.is_empty(), "{v}: {inf:?}");
    }
    // A header over a list still forbids what it lists.
    for v in [
        "No heavy libraries: `moment`, `lodash`",
        "NOT permitted: axios, lodash",
    ] {
        assert!(!infer(&rule(v)).checks.is_empty(), "{v}");
    }
}

#[test]
fn files_a_rule_says_are_the_exception_are_left_out() {
    let i = "Use `config()` not `env()` in application code (config files are the exception).";
    let code = "<?php\n$key = env('APP_KEY');\n";
    assert_eq!(texts(i, "app/Services/Billing.php", code), ["env"]);
    assert!(texts(i, "config/app.php", code).is_empty());
    // Application code is not its configuration either.
    let app = "Use `config()` not `env()` in application code";
    assert_eq!(texts(app, "app/Services/Billing.php", code), ["env"]);
    assert!(texts(app, "config/services.php", code).is_empty());
    let i = "Never use `print` (scripts are the exception).";
    assert_eq!(texts(i, "src/app.py", "print(1)\n"), ["print"]);
    assert!(texts(i, "scripts/seed.py", "print(1)\n").is_empty());
    // An exception no path shows leaves the rule unchecked.
    let inf = infer(&rule("Never use `print` (one-off notebooks are the exception)."));
    assert!(inf.checks.is_empty(), "{inf:?}");
}

#[test]
fn var_against_explicit_types_is_c_sharp_s_and_java_s() {
    let i = "Prefer explicit types instead of 'var'";
    let cs = "var total = 0;\nforeach (var item in items) { }\nint count = 1;\n";
    assert_eq!(texts(i, "src/Game.cs", cs), ["var", "var"]);
    assert!(texts(i, "coverage-report/main.js", "var a = 1;\n").is_empty());
    let i = "Use `int` instead of `var` in C#";
    assert_eq!(
        hits(i, "src/Game.cs", cs),
        [("var".into(), None), ("var".into(), None)],
        "no token swap fixes C#'s var"
    );
    // JavaScript's `var` stays JavaScript's.
    assert_eq!(texts("Never use `var`", "src/a.js", "var a = 1;\n"), ["var"]);
    assert!(texts("Never use `var`", "src/Game.cs", cs).is_empty());
}

#[test]
fn a_kind_of_thing_in_capitals_is_no_package() {
    for v in [
        "Avoid deprecated methods or APIs",
        "Never use undocumented SDKs",
        "Don't use raw URLs",
    ] {
        let inf = infer(&rule(v));
        assert!(inf.checks.is_empty(), "{v}: {inf:?}");
    }
    // A package's name in capitals still is one.
    assert!(!infer(&rule("Never use Axios")).checks.is_empty());
    // A runtime is not a package.
    assert!(infer(&rule("Use Bun instead of Node.js")).checks.is_empty());
}

#[test]
fn a_hyphenated_phrase_is_no_identifier() {
    for v in [
        "avoid “fire-and-forget” tasks",
        "Never use \"quick-and-dirty\" fixes",
        "Keep docs up-to-date",
    ] {
        let inf = infer(&rule(v));
        assert!(inf.checks.is_empty(), "{v}: {inf:?}");
    }
    // A kebab-case name is still one.
    assert!(
        !infer(&rule("Never use the `btn-primary-old` class"))
            .checks
            .is_empty()
    );
}

#[test]
fn wildcards_with_no_name_are_no_file_pattern() {
    let inf = infer(&rule("Never use `.*` in code."));
    assert!(
        inf.checks.iter().all(|c| c.forbidden_paths.is_empty()),
        "`.*` would forbid every dotfile: {inf:?}"
    );
    let inf = infer(&rule("No `test_*.py` outside `tests/`"));
    assert!(inf.checks.iter().any(|c| !c.forbidden_paths.is_empty()));
}

#[test]
fn the_same_finding_of_equivalent_rules_is_shown_once_for_the_newest() {
    // As imported from AGENTS.md, CLAUDE.md and a Cursor rule of one project.
    let s = set(&[
        "Never use `any`.",
        "Don't use `any` in TypeScript.",
        "Use `unknown` instead of `any`.",
    ]);
    let ts = "let a: any = 1;\n";
    let rules = |text: &str| -> Vec<u64> {
        s.check_file(Path::new("/repo/src/a.ts"), text, None)
            .violations
            .iter()
            .map(|v| v.rule)
            .collect()
    };
    assert_eq!(rules(ts), [3]);
    // Silencing the newest on its line leaves the others' finding there.
    assert_eq!(rules("// autofix-ignore: 3\nlet a: any = 1;\n"), [2]);
    // Different findings at other places are each shown.
    let s = set(&["Never use `var`.", "Never use `var`."]);
    let got = s.check_file(Path::new("/repo/src/a.js"), "var a = 1;\nvar b = 2;\n", None);
    assert_eq!(got.violations.len(), 2, "{:#?}", got.violations);
    assert!(got.violations.iter().all(|v| v.rule == 2));
    // An indentation width: one finding per line for equivalent rules; another width's finding
    // of the same line is another finding.
    let s = set(&[
        "Use 2-space indentation.",
        "Indent with 2 spaces.",
        "Indent with 3 spaces.",
    ]);
    let got = s.check_file(Path::new("/repo/src/a.ts"), "if (a) {\n    b();\n}\n", None);
    let rules: Vec<u64> = got.violations.iter().map(|v| v.rule).collect();
    assert_eq!(rules, [2, 3], "{:#?}", got.violations);
}

#[test]
fn a_camel_case_name_written_without_quotes_is_code() {
    let i = "Let React Compiler handle optimization - no manual useMemo/useCallback";
    let tsx = "const v = useMemo(() => 1, []);\n// useMemo is gone\nconst f = useCallback(g, []);\n";
    assert_eq!(texts(i, "src/App.tsx", tsx), ["useMemo", "useCallback"]);
    // Not a package: the name in code, not in imports and manifests.
    let i = "Don't use dangerouslySetInnerHTML";
    assert_eq!(
        texts(
            i,
            "src/A.tsx",
            "<div dangerouslySetInnerHTML={{ __html: x }} />\n"
        ),
        ["dangerouslySetInnerHTML"]
    );
    assert!(
        texts(
            i,
            "package.json",
            "{\"dependencies\": {\"dangerouslysetinnerhtml\": \"1\"}}\n"
        )
        .is_empty()
    );
    // Brand names are words.
    assert!(infer(&rule("Never mention iOS or macOS")).checks.is_empty());
}

#[test]
fn a_form_with_a_placeholder_is_no_code_to_find() {
    // A commit subject's form: not TypeScript's `type` keyword.
    let inf = infer(&rule(
        "**Subject:** Use the format `type: description` (no scope like `type(scope): ...`).",
    ));
    assert!(inf.checks.is_empty(), "{inf:?}");
    // A call's elided arguments are still a call.
    assert_eq!(
        texts("Never use `console.log(...)`", "src/a.ts", "console.log(1);\n").len(),
        1
    );
}

#[test]
fn a_js_package_in_code_spans_is_checked_where_it_is_a_package() {
    let i = "`WebSocket` is built-in. Don't use `ws`.";
    let ts = "import WebSocket from 'ws';\nconst ws = new WebSocket(url);\nhandle(ws);\n";
    assert_eq!(texts(i, "src/server.ts", ts), ["ws"]);
    assert_eq!(
        texts(i, "package.json", "{\"dependencies\": {\"ws\": \"8\"}}\n"),
        ["ws"]
    );
}

#[test]
fn what_the_agent_answers_and_explains_is_its_behaviour() {
    for agent in [
        "Prefer brief, clear, and concise responses of a single paragraph",
        "Keep responses concise and practical, focusing on database best practices (idempotence, rollback safety, performance).",
        "Explica los cambios y propuestas utilizando un lenguaje técnico adecuado, pero claro y entendible.",
        // The size of its own changes; thinking and telling, also after a title.
        "Keep changes scoped and minimal.",
        "**Safety:** Prefer small, reversible steps.",
        "Revisa la estructura de directorios y los archivos necesarios para tener el contexto del proyecto",
        "Sugiere buenas prácticas de diseño, testing automatizado y seguridad.",
        "**Claridad**: Explicar conceptos técnicos de forma sencilla.",
    ] {
        let inf = infer(&rule(agent));
        assert!(inf.behaviour.is_some() && !inf.vague, "{agent}: {inf:?}");
    }
    // A change the code makes, a step of a workflow, are the code's.
    for code in [
        "Never use `git add -A` in small steps scripts",
        "Keep `CHANGELOG.md` changes small",
    ] {
        assert!(infer(&rule(code)).behaviour.is_none(), "{code}");
    }
    // The code's responses are the code's.
    for code in [
        "Keep API responses under 1 MB",
        "Error responses must include a `code` field",
        "Always validate responses with Zod",
    ] {
        assert!(infer(&rule(code)).behaviour.is_none(), "{code}");
    }
    let inf = infer(&rule(
        "**NO incluir comentarios inline extensos** que expliquen código evidente.",
    ));
    assert!(inf.vague && inf.checks.is_empty(), "{inf:?}");
}

#[test]
fn a_class_s_members_by_wildcard_are_calls_not_files() {
    let i = "Use Timber for logging, never `println` or `Log.*`";
    let kt = "Log.d(TAG, \"x\")\nTimber.d(\"x\")\nval log = myLog.d\n";
    assert_eq!(texts(i, "app/src/main/Map.kt", kt), ["Log.d"]);
    assert!(
        texts(i, "Log.kt", "class A\n").is_empty(),
        "no file named Log is forbidden"
    );
    // A file's name with any extension is still a file pattern.
    let inf = infer(&rule("No `Dockerfile.*` copies in the repository"));
    assert!(inf.checks.iter().all(|c| c.pattern.is_none()), "{inf:?}");
}

#[test]
fn glob_imports_are_wildcard_imports() {
    let i = "Imports: group std, external, crate; no glob imports; prefer explicit use; keep crate::… paths";
    let rs = "use std::fmt;\nuse itertools::*;\n// use foo::*; in a comment\nuse crate::language::expression::*;\n";
    assert_eq!(
        texts(i, "src/rewriting/extraction.rs", rs),
        ["use itertools::*", "use crate::language::expression::*"]
    );
    // pnpm's AGENTS.md allows the two forms clippy's `wildcard_imports` allows: a crate's
    // prelude and a re-export (241 of its 243 findings were those).
    let i = "No star imports inside module bodies. Write `use super::{Foo, bar}` instead of `use super::*;`.";
    let rs = "use rayon::prelude::*;
pub use hoist::*;
pub(crate) use inner::*;
mod tests {
    use super::*;
}
";
    assert_eq!(texts(i, "src/lib.rs", rs), ["use super::*"]);
}

#[test]
fn test_runner_members_named_unquoted_are_code() {
    let i = "Evita usar it.skip o describe.skip para garantizar cobertura completa.";
    let spec = "describe.skip('policy', () => {\n  it.skip('saves', () => {});\n  it('loads', () => {});\n  // it.skip in a comment\n});\nconst audit = { skip: 1 };\naudit.skip;\n";
    assert_eq!(
        texts(i, "src/app/policy.spec.ts", spec),
        ["describe.skip", "it.skip"]
    );
    assert!(texts(i, "src/app/policy.py", "it.skip = 1\n").is_empty());
}

#[test]
fn c_headers_and_fixed_width_types_make_a_rule_about_c() {
    let i = "**Integer Types:** Use types from `<stdint.h>` (e.g., `uint32_t`, `int64_t`) instead of `int`, `long`, etc., to ensure consistent size and representation.";
    let c = "#include <stdint.h>\n\nint count(const char *s) {\n    long n = 0; // an int or a long\n    uint32_t k = 0;\n    return (int)n;\n}\n";
    assert_eq!(texts(i, "src/count.c", c), ["int", "long", "int"]);
    // Not HTML, not the npm package `long`.
    assert!(texts(i, "index.html", "<p>a long int</p>\n").is_empty());
    assert!(texts(i, "src/a.ts", "import Long from 'long';\n").is_empty());
    assert!(texts(i, "package.json", "{\"dependencies\": {\"long\": \"^5.0.0\"}}\n").is_empty());
    // A forbidden header is matched where it is included.
    assert_eq!(
        texts(
            "Never include `<windows.h>`.",
            "src/io.c",
            "#include <windows.h>\n// <windows.h>\n"
        ),
        ["<windows.h>"]
    );
}

/// Hostile files against this round's checks: unbalanced and deep parentheses, a run of `%`,
/// unclosed `/**` and `{{--`, a signature of 20,000 parameters, 20,000 doc lines. Each finishes
/// (the regexes are linear) with at most the per-file cap of findings.
#[test]
fn hostile_files_against_braces_wrapping_docs_and_suppressions() {
    let n = 20_000;
    let head = "// header\n".repeat(10);
    let ts = format!("{head}{}\n{}", "if (".repeat(n), "if (a) b;\n".repeat(2_000));
    let found = texts(
        "Always use curly braces, even for single-line bodies.",
        "src/a.ts",
        &ts,
    );
    assert!(!found.is_empty() && found.len() <= 1_000 && found.iter().all(|t| t == "if"));
    let go = format!(
        "package x\n{head}func f() {{\n\tfmt.Errorf(\"{}\n{}func g({}ctx context.Context) {{}}\n{}}}\n",
        "%".repeat(n),
        "\treturn fmt.Errorf(\"a %v\", err)\n".repeat(500),
        "a int, ".repeat(n),
        "//nolint\n".repeat(500)
    );
    assert_eq!(texts("Use error wrapping with `%w`", "x.go", &go).len(), 500);
    assert_eq!(
        texts("Context should be the first argument", "x.go", &go),
        ["ctx context.Context"]
    );
    assert_eq!(
        texts("Use `golangci-lint`, never suppress errors", "x.go", &go).len(),
        500
    );
    let rs = format!(
        "{head}{}\n{}pub fn f() {{}}\n{}{}",
        "/**".repeat(n),
        "///\n".repeat(n),
        "pub struct S;\n".repeat(500),
        "#[derive(\n".repeat(n)
    );
    let found = texts(
        "All public types and functions must have `///` doc comments",
        "src/a.rs",
        &rs,
    );
    assert!(found.len() <= 1_000);
    let blade = format!("<?php\n{head}{}\nif ($a) b();\n", "{{--".repeat(n));
    assert!(
        texts(
            "Always use curly braces, even for single-line bodies.",
            "a.php",
            &blade
        )
        .is_empty()
    );
    let php = format!(
        "<?php\n{head}function f({}$b) {{}}\nfunction g(string $s = '{}') {{}}\n{}function k({}\nfunction z(array $o = [{}\n",
        "int $a, ".repeat(n),
        ",".repeat(n),
        "function h($x) {}\n".repeat(500),
        "(".repeat(n),
        "[".repeat(n)
    );
    let found = texts(
        "**Strict Typing**: Always use explicit return type declarations and parameter type hints.",
        "app/a.php",
        &php,
    );
    assert!(found.contains(&"$b".to_string()) && found.len() <= 2_000);
}

#[test]
fn markers_in_backticks_are_the_markers_concepts() {
    let rb = "class Manager\n  # TODO: retry on 502\n  TODO_LIMIT = 3\n  def run; end # TODO later\nend\n";
    for i in [
        "Never leave `TODO` comments",
        "**Production-Ready Code**: Code must be complete and self-contained. Do not use placeholders or `TODOs` in production files.",
    ] {
        assert_eq!(texts(i, "lib/manager.rb", rb), ["TODO", "TODO"], "{i}");
    }
    // A lowercase or mixed name in backticks stays a literal.
    assert_eq!(
        texts("Never use `Todo`", "src/a.ts", "const x: Todo = y;\n"),
        ["Todo"]
    );
}

#[test]
fn svelte_reactive_statements_by_their_form() {
    let svelte = "<script>\n    let { damage = {} } = $props();\n    $: total = Object.values(damage).length;\n    $: if (total > 20) warn();\n    $: {\n        console.warn('lethal');\n    }\n    const ok = $derived(total > 0);\n</script>\n\n<p>{total}</p>\n";
    let derived = "Use `$derived(expression)` for derived values instead of `$: derived = expression;`.";
    assert_eq!(texts(derived, "src/Zones.svelte", svelte), ["$:"]);
    let effect = "Use `$effect(() => { ... })` for side effects instead of `$: { ... }`.";
    assert_eq!(texts(effect, "src/Zones.svelte", svelte), ["$:"]);
    assert_eq!(
        texts("Never use `$:` reactive statements.", "src/Zones.svelte", svelte).len(),
        3
    );
    // A label in plain JavaScript is no Svelte statement.
    assert!(texts(derived, "src/zones.js", "$: x = 1;\n").is_empty());
}

#[test]
fn mandated_f_strings_rule_out_format_and_percent_formatting() {
    let i = "**Use f-strings for formatting** - Cleaner than .format() or %";
    let py = "def f(name, n):\n    \"\"\"Say \"hi {}\".format(x) or \"%s\" % y.\"\"\"\n    a = \"Hello {}\".format(name)\n    b = \"Total: %d items\" % n\n    c = f\"{name}\"\n    d = \"x\" + name  # \"a\" % b\n    logger.info(\"%s\", name)\n    e = 10 % 3\n    return s.format(1)\n";
    assert_eq!(texts(i, "app/report.py", py), ["format", "%"]);
    // Python's only: a JS template is not its business.
    assert!(texts(i, "src/a.js", "const a = 'x %s' % y;\n").is_empty());
}

#[test]
fn cpp_exceptions_are_try_catch_and_throw_in_cpp_code() {
    let i = "Never use C++ exceptions or try-catch blocks.";
    let cpp = "// try { x } catch (...) is banned\nvoid f() {\n  try {\n    g();\n  } catch (const std::exception& e) {\n    throw std::runtime_error(\"try again\");\n  }\n  m.try_lock();\n}\n";
    assert_eq!(texts(i, "src/renderer.cpp", cpp), ["try", "catch", "throw"]);
    assert!(texts(i, "src/app.ts", "try { f() } catch (e) {}\n").is_empty());
}

#[test]
fn a_mandated_script_may_run_the_command_it_replaces() {
    let i = "**IMPORTANT**: Use `./start_server.sh` instead of `mix phx.server`";
    let script = "#!/usr/bin/env bash\nset -euo pipefail\nsource .env.oauth\nexec mix phx.server\n";
    assert!(texts(i, "start_server.sh", script).is_empty());
    assert_eq!(
        texts(i, "scripts/dev.sh", "mix deps.get\nmix phx.server\n"),
        ["mix phx.server"]
    );
    assert_eq!(
        texts(i, "Makefile", "dev:\n\tmix phx.server\n"),
        ["mix phx.server"]
    );
    assert_eq!(
        texts(i, "README.md", "```bash\nmix setup\nmix phx.server\n```\n"),
        ["mix phx.server"]
    );
}

#[test]
fn a_mandated_runner_named_by_its_command_may_run_what_it_replaces() {
    // rolldown's AGENTS.md: the justfile's recipes are where `cargo` runs.
    let i = "Always prefer `just` commands over direct `npm` or `cargo` commands.";
    assert!(texts(i, "justfile", "lint:\n  cargo clippy\n").is_empty());
    assert_eq!(
        texts(i, ".github/workflows/ci.yml", "steps:\n  - run: cargo build\n"),
        ["cargo"]
    );
}

#[test]
fn hardcoded_secrets_are_secret_looking_literals_bound_to_secret_names() {
    let i = "Do NOT commit secrets, API keys, or credentials";
    let py = concat!(
        "ESI_BASE = \"https://esi.evetech.net/latest\"\n",
        "ESI_CLIENT_ID = \"4c1f0e3b9a7d4e2f8b6a5c3d2e1f0a9b\"\n",
        "ESI_CLIENT_SECRET = \"eat_7Hq2xZpL9mVw3RkT8nYc5bFd1sGj6uAe\"\n",
        "SECRET_KEY = 'django-insecure-0a9x7k2m5q'\n",
        "secret = os.environ.get(\"ARGUS_ESI_SECRET\", ESI_CLIENT_SECRET)\n",
        "api_key = os.getenv(\"API_KEY\", \"fallback-value\")\n",
        "password = \"changeme123\"\n",
        "token = \"your-token-here-1\"\n",
        "secret_name = \"prod/db/password1\"\n",
        "TOKEN_KEY = \"auth_token_v2\"\n",
        "tokenizer = \"bert-base-uncased-v2\"\n",
        "author = \"Jane Doe 2nd edition\"\n",
        "DB_PASSWORD = \"DATABASE_PASSWORD\"\n",
        "# api_key = \"sk-live-4f9a8b7c6d\"\n",
        // OpenAI's Python SDK: an example value ending in a counter is fake.
        "client_secret = \"chatkit_token_123\"\n",
        "client_secret = \"chatkit-token-123\"\n",
    );
    assert_eq!(
        texts(i, "src/argus/esi_client.py", py),
        [
            "eat_7Hq2xZpL9mVw3RkT8nYc5bFd1sGj6uAe",
            "django-insecure-0a9x7k2m5q",
            "sk-live-4f9a8b7c6d"
        ]
    );
    let tf = "resource \"google_sql_user\" \"app\" {\n  password = \"s3cr3t-Pa55w0rd!\"\n  secret_data = var.api_key\n}\n";
    assert_eq!(
        texts(
            "Never hardcode secret values in `.tf` files.",
            "terraform/sql.tf",
            tf
        ),
        ["s3cr3t-Pa55w0rd!"]
    );
    // "in `.tf` files" is an extension, not a folder named `.tf`.
    assert!(texts("Never hardcode secret values in `.tf` files.", "src/a.py", py).is_empty());
    let ts = "const apiKey = 'AIzaSyD4-9fKx1LmQ8wE2rT';\nexport const config = { accessToken: \"ghp_16C7e42F292c6912E7710c838347Ae178B4a\" };\nconst url = `${base}/token`;\n";
    assert_eq!(
        texts(
            "No hardcodees credenciales ni claves de API en el código.",
            "src/config.ts",
            ts
        ),
        [
            "AIzaSyD4-9fKx1LmQ8wE2rT",
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
        ]
    );
    // Tests, their helpers, stories and examples hold fake secrets; so do runs of digits and
    // masked keys (Langfuse's `"sk-lf-1234567890"`, `"sk-lf-...5678"`).
    assert!(texts(i, "tests/test_client.py", py).is_empty());
    for path in [
        "packages/shared/src/server/test-utils/tracing-factory.py",
        "src/__mocks__/client.py",
    ] {
        assert!(texts(i, path, py).is_empty(), "{path}");
    }
    let fake = "const a = { secretKey: \"sk-lf-1234567890abcdef\", displaySecretKey: \"sk-lf-...5678\", apiKey: \"key_XXXX9999\" };\n";
    assert!(texts(i, "src/keys.ts", fake).is_empty());
    assert!(texts(i, "src/ApiKeys.stories.tsx", ts).is_empty());
    // What is done with secrets, not where they are kept.
    assert!(texts("Never log passwords or API keys.", "src/a.ts", ts).is_empty());
    // Where they belong, said: a secret in the code breaks it; so does one passed to a setter.
    let go = "client, err := sdk.New(\n\tsdk.WithBearerToken(\"oxi_live_4Jd9Qm2VtX7pLk3RzW8nHc6Y\"),\n\tsdk.WithToken(token),\n)\nid := cache.GetToken(\"session_2024_01\")\n";
    for i in [
        "Read credentials from the environment.",
        "Use environment variables for API keys.",
        "Las claves de API van en variables de entorno.",
        "Never log API keys; read them from the environment.",
    ] {
        assert_eq!(
            texts(i, "cmd/app/main.go", go),
            ["oxi_live_4Jd9Qm2VtX7pLk3RzW8nHc6Y"],
            "{i}"
        );
    }
    assert!(
        texts(
            "Set the environment variable `GITHUB_TOKEN` before running.",
            "cmd/app/main.go",
            go
        )
        .is_empty()
    );
}

#[test]
fn the_language_of_names_newest_wins_both_ways() {
    let s = set(&["Código en inglés.", "Los nombres de variables en español."]);
    let (by, why) = retired_because(&s, 0).unwrap();
    assert_eq!(by, 2);
    assert!(why.contains("names in English"), "{why}");
    assert!(s.status[1].is_active());
    let s = set(&[
        "Nombres de variables en español.",
        "All code must be written in English.",
    ]);
    assert_eq!(retired_because(&s, 0).map(|(by, _)| by), Some(2));
}

#[test]
fn trailing_whitespace_is_every_text_file_s_but_markdown_s() {
    let i = "Be sure lines do not end in whitespace.";
    let text = "#!/usr/bin/env bash\necho hi  \nexit 0\t\n";
    // A script without an extension, a configuration file, code.
    for path in ["bin/backup-photos", "config/app.toml", "src/a.py"] {
        assert_eq!(texts(i, path, text), ["  ", "\t"], "{path}");
    }
    // Two trailing spaces break a Markdown line; a diff quotes what it quotes; a drawing tool
    // writes SVG.
    for path in ["README.md", "fix.patch", "assets/logo.svg"] {
        assert!(texts(i, path, text).is_empty(), "{path}");
    }
}

#[test]
fn examples_of_a_forbidden_kind_are_forbidden() {
    let ts = "import moment from 'moment';\nimport libraries from './libraries';\n";
    for i in [
        "Don't use libraries such as moment",
        "Don't use external tools like moment.",
        "No usar librerías externas como moment.",
    ] {
        assert_eq!(texts(i, "src/a.ts", ts), ["moment"], "{i}");
    }
    // "como" is also "as": the framework mandated still rules out its rivals.
    let i = "El proyecto debe usar **FastAPI** como framework principal";
    assert_eq!(texts(i, "app/main.py", "from flask import Flask\n"), ["flask"]);
    let inf = infer(&rule(i));
    assert!(
        inf.mandates.iter().all(|m| m.text != "framework principal"),
        "{:?}",
        inf.mandates
    );
}

#[test]
fn the_use_of_a_thing_names_the_thing() {
    let ts = "import moment from 'moment';\nconst usage = 1;\n";
    for i in [
        "Avoid the use of moment",
        "Avoid usage of moment.",
        "Evitar el uso de moment",
        "Queda prohibida la utilización de moment",
    ] {
        assert_eq!(texts(i, "src/a.ts", ts), ["moment"], "{i}");
    }
}

#[test]
fn a_newer_floor_retires_an_older_floor_on_the_same_version() {
    // Higher or lower, the newest floor is the one in force.
    for (older, newer, told) in [
        (
            "Python 3.10+ required.",
            "Use Python 3.12 or later.",
            "retires #1, which sets the floor at Python 3.10 (\"Python 3.10+\"): this rule sets the floor at Python 3.12 (\"Python 3.12\")",
        ),
        (
            "Use Go 1.24 or higher.",
            "Go 1.22+ is enough.",
            "retires #1, which sets the floor at Go 1.24 (\"Go 1.24\"): this rule sets the floor at Go 1.22 (\"Go 1.22+\")",
        ),
        (
            "Use Rust 2024 edition.",
            "Use Rust 2021 edition.",
            "retires #1, which sets the floor at Rust edition 2024 (\"Rust 2024 edition\"): this rule sets the floor at Rust edition 2021 (\"Rust 2021 edition\")",
        ),
    ] {
        let s = set(&[older, newer]);
        assert!(
            matches!(
                &s.status[0],
                Status::Superseded { by: 2, reason: SupersededReason::Conflict(c) } if c.kind == ClashKind::Floor
            ),
            "{older} / {newer}"
        );
        assert_eq!(retired_because(&s, 0).unwrap().1, told);
        assert!(s.status[1].is_active());
    }
    // Told in Spanish too.
    let s = set(&["Python 3.10 como mínimo.", "Usa Python 3.12 o superior."]);
    let Status::Superseded { reason, .. } = &s.status[0] else {
        panic!("{:?}", s.status[0]);
    };
    assert_eq!(
        reason.retires(1, Locale::Es),
        "reemplaza a #1, que fija como mínimo Python 3.10 («Python 3.10»): esta fija como mínimo Python 3.12 («Python 3.12»)"
    );
    // The same floor twice, floors on two languages, and an older rule the newer one does not
    // floor are left alone.
    for pair in [
        ["Python 3.12+ only.", "Use Python 3.12 or later."],
        ["Python 3.10+ required.", "Use Go 1.24 or higher."],
        ["Python 3.10+ required.", "Use type hints everywhere."],
    ] {
        let s = set(&pair);
        assert!(s.status.iter().all(Status::is_active), "{pair:?}");
    }
}

#[test]
fn a_mandated_wrapper_rules_out_the_tool_it_wraps() {
    let script = "#!/bin/sh\nmvn -q package\n./mvnw -q package\necho \"mvn is not used\"\n";
    for i in [
        "Use the Maven wrapper: `./mvnw ...` (wrapper config uses Maven 3.9.15).",
        "Always use the Maven wrapper.",
    ] {
        assert_eq!(texts(i, "scripts/build.sh", script), ["mvn"], "{i}");
    }
    let docker = "FROM gradle:8-jdk21\nRUN gradle build\nRUN ./gradlew build\n";
    assert_eq!(
        texts("Always use the Gradle wrapper.", "Dockerfile", docker),
        ["gradle"]
    );
    // Said of the wrapper only, nothing is mandated.
    assert!(texts("The Maven wrapper is checked in.", "scripts/build.sh", script).is_empty());
}

#[test]
fn an_indentation_width_in_words_is_read() {
    let js = "function f() {\n    return 1;\n}\n";
    assert_eq!(hits("Use two-space indentation.", "src/a.js", js).len(), 1);
    let rb = "class A\n   def f\n  end\nend\n";
    let i = "Keep code in standard Ruby style (two-space indentation, no trailing spaces).";
    assert_eq!(hits(i, "app/a.rb", rb).len(), 1);
}

#[test]
fn a_decorator_written_as_its_call_names_the_decorator() {
    let ts = "export class B {\n  @Input() label = '';\n  @Input({ required: true }) kind!: string;\n  @Output() clicked = new EventEmitter<void>();\n  @InputSignal() other = 1;\n  // @Input() in a comment\n}\n";
    assert_eq!(
        texts(
            "No uses `@Input()` ni `@Output()` clásicos.",
            "src/b.component.ts",
            ts
        ),
        ["@Input", "@Input", "@Output"]
    );
}

#[test]
fn a_kind_of_file_a_place_names_is_never_ignored() {
    // Test files: only there.
    let i = "Never use `console.log` inside test files.";
    assert!(texts(i, "src/a.ts", "console.log(1);\n").is_empty());
    assert_eq!(texts(i, "tests/a.test.ts", "console.log(1);\n"), ["console.log"]);
    // Templates: the templates folder and template engines' files, not the plugin's classes.
    let i = "**Enqueuing:** NEVER use `wp_enqueue_style` or `wp_enqueue_script` inside template files.";
    let php = "<?php\nwp_enqueue_style('x');\n";
    assert_eq!(
        texts(i, "templates/pages/list-template.php", php),
        ["wp_enqueue_style"]
    );
    assert!(texts(i, "includes/class-asset-manager.php", php).is_empty());
    // A kind of file no path tells: unchecked, with a note — never checked everywhere.
    let widget = infer(&rule("Never use `var` in widget files."));
    assert!(widget.checks.is_empty());
    assert!(
        widget.notes.iter().any(|n| n.contains("in widget files")),
        "{:?}",
        widget.notes
    );
    // A language's files are its scope.
    assert_eq!(
        texts("Never use `var` in JavaScript files.", "src/a.js", "var x = 1;\n"),
        ["var"]
    );
}

#[test]
fn source_files_are_the_code_in_general() {
    let i = "**Testing** | No `#[cfg(test)]` in source files → use `tests/` directory";
    assert_eq!(
        texts(i, "src/board.rs", "#[cfg(test)]\nmod tests {}\n"),
        ["#[cfg(test)]"]
    );
    let i = "No uses `var` en los archivos de vista.";
    assert!(infer(&rule(i)).checks.is_empty());
}

#[test]
fn a_name_prefix_kept_out_of_the_repository_is_a_path_rule() {
    let i = "Prohibido versionar `tmp-*`, logs, screenshots, `*.pid`, dumps y outputs locales de debugging.";
    let forbidden = |i: &str| -> Vec<String> {
        infer(&rule(i))
            .checks
            .iter()
            .flat_map(|c| c.forbidden_paths.iter().filter(|p| !p.starts_with('!')).cloned())
            .collect()
    };
    assert_eq!(forbidden(i), ["tmp-*", "*.pid"]);
    // Without a word for versioning, a prefix is a class name's (`bg-opacity-*`).
    assert!(forbidden("Never use `bg-opacity-*` classes.").is_empty());
}

#[test]
fn a_header_every_code_file_starts_with_is_required() {
    for i in [
        "**ABOUTME:** Todo archivo debe iniciar con 2 líneas `ABOUTME:` explicando su propósito.",
        "All code files should start with a brief 2 line comment explaining what the file does. Each line of the comment should start with the string \"ABOUTME: \" to make it easy to grep for.",
    ] {
        let without = "import { Email } from './Email';\n";
        assert_eq!(hits(i, "server/User.ts", without).len(), 1, "{i}");
        let with = "// ABOUTME: the user entity\n// ABOUTME: validates its email\nexport class User {}\n";
        assert!(hits(i, "server/User.ts", with).is_empty(), "{i}");
        // Data, docs and empty files hold no header.
        assert!(hits(i, "package.json", "{}\n").is_empty(), "{i}");
        assert!(hits(i, "README.md", "# x\n").is_empty(), "{i}");
        assert!(hits(i, "src/__init__.py", "").is_empty(), "{i}");
    }
    // A header no file kind is said for: still nothing.
    assert!(
        infer(&rule("Files should start with `// @flow`."))
            .checks
            .is_empty()
    );
}

#[test]
fn a_formatters_width_is_its_indentation_in_the_language_named() {
    let i = "Formatting: Default elixir formatter (2 spaces, LF, UTF-8)";
    let ex = "defmodule Growth.ZScore do\n\tdef compute(x), do: x\nend\n";
    assert_eq!(hits(i, "lib/growth/zscore.ex", ex).len(), 1);
    // Elixir's width, not Python's.
    assert!(hits(i, "scripts/plot.py", "def f():\n    return 1\n").is_empty());
}

#[test]
fn text_shown_to_the_user_belongs_in_string_resources() {
    let kt = concat!(
        "private const val TAG = \"SettingsUi\"\n",
        "@Composable\nfun SettingsUi() {\n",
        "    Text(stringResource(R.string.settings_title))\n",
        "    Text(text = \"Termux integration\", style = MaterialTheme.typography.titleMedium)\n",
        "    Log.d(TAG, \"termux toggled\")\n",
        "    Button(onClick = {}) { Text(\"Manage permissions\") }\n",
        "    Icon(Icons.Default.Add, contentDescription = \"Add task\")\n",
        "    Text(\"$count tasks\")\n",
        "}\n",
    );
    for i in [
        "All user-facing strings in `res/values/strings.xml`",
        "No hardcoded UI strings; use string resources.",
        "Use AppLocalizations for all user-facing text.",
    ] {
        assert_eq!(
            texts(i, "app/src/main/java/a/SettingsUi.kt", kt),
            ["Termux integration", "Manage permissions", "Add task"],
            "{i}"
        );
        assert!(
            texts(i, "app/src/test/java/a/SettingsUiTest.kt", kt).is_empty(),
            "{i}"
        );
    }
    let dart = "Text('Welcome back'),\nText(AppLocalizations.of(context)!.title),\n";
    assert_eq!(
        texts(
            "Use AppLocalizations for all user-facing text.",
            "lib/home.dart",
            dart
        ),
        ["Welcome back"]
    );
    // Said of the strings, not of where they live: nothing; and no mandate to retire others.
    assert!(infer(&rule("Keep user-facing strings short.")).checks.is_empty());
    let s = set(&["Never hardcode API keys.", "Keep API keys in the environment."]);
    assert!(s.status.iter().all(Status::is_active));
}

#[test]
fn spanish_bans_by_nobody_and_by_label_forbid_and_an_assumption_checks_nothing() {
    let ts = "import axios from 'axios';\n";
    assert_eq!(
        texts(
            "Ningún componente debe usar `axios`.",
            "src/components/Api.ts",
            ts
        ),
        ["axios"]
    );
    assert_eq!(
        texts(
            "Está prohibido el uso de emojis.",
            "src/a.py",
            "print('listo ✅')\n"
        ),
        ["✅"]
    );
    // What the agent must not assume is no code it must not write.
    for r in [
        "Nunca asumir que un campo es `T[]`.",
        "Never assume a field is `T[]`.",
    ] {
        assert!(infer(&rule(r)).checks.is_empty(), "{r}");
    }
}

#[test]
fn two_different_spans_of_one_name_are_not_one_thing() {
    // Only a call loses its parentheses: these two spans both start `const Button =`, and a
    // rule asking for one must not retire a rule forbidding the other.
    let s = set(&[
        "Never write `const Button = (): JSX.Element => {}`.",
        "Write components as `const Button = (props: ButtonProps) => …`.",
    ]);
    assert!(s.status.iter().all(Status::is_active));
    // A call is still its callee: `console.log(x)` and `console.log` are one thing.
    let s = set(&["Never use `console.log(x)`.", "Always use `console.log`."]);
    assert!(!s.status[0].is_active());
}

#[test]
fn in_route_declarations_is_the_files_that_declare_routes() {
    let ts = "const r = container.resolve(UserService);\n";
    for i in [
        "Prohibido usar `container.resolve()` en la declaración de rutas",
        "Never use `container.resolve()` in route declarations.",
        "Don't call `container.resolve()` in routers.",
    ] {
        for routes in [
            "api/src/modules/auth/infrastructure/http/routes/AuthRouter.ts",
            "src/app.routes.ts",
            "src/userRoutes.ts",
            "app/api/users/route.ts",
        ] {
            assert_eq!(texts(i, routes, ts), ["container.resolve"], "{i} {routes}");
        }
        // The composition root and the container itself are where it belongs.
        for other in [
            "api/src/core/shared/infrastructure/di/container.ts",
            "api/src/core/shared/infrastructure/http/server.ts",
        ] {
            assert!(texts(i, other, ts).is_empty(), "{i} {other}");
        }
    }
}

#[test]
fn a_ban_whose_subject_is_a_kind_of_file_is_checked_in_those_files() {
    let ts = "import axios from 'axios';\nconst r = await fetch(url);\nconsole.log(r);\n";
    for (i, hit) in [
        ("Components must not call `fetch()` directly.", "fetch"),
        ("Ningún componente debe usar `axios`.", "axios"),
        ("No component should import `axios`.", "axios"),
        ("Los componentes no deben usar `console.log`.", "console.log"),
    ] {
        assert_eq!(texts(i, "src/components/Card.tsx", ts), [hit], "{i}");
        assert!(texts(i, "src/api/client.ts", ts).is_empty(), "{i}");
    }
    let i = "Controllers should never use `console.log`.";
    assert_eq!(
        texts(i, "app/controllers/UsersController.ts", ts),
        ["console.log"]
    );
    assert!(texts(i, "app/services/users.ts", ts).is_empty());
    // A subject no path tells narrows nothing: React's components are its language's files.
    let i = "React components must not call `fetch()` directly.";
    assert_eq!(texts(i, "src/pages/Home.tsx", ts), ["fetch"]);
    // No subject of words: as before.
    let i = "Never use `console.log` in production code.";
    assert_eq!(texts(i, "src/api/client.ts", ts), ["console.log"]);
}

#[test]
fn production_code_leaves_out_tooling_ci_and_the_runners_configuration() {
    // From the Vercel AI SDK's AGENTS.md.
    let i = "Never use `JSON.parse` directly in production code to prevent security risks.";
    let js = "const c = JSON.parse(text);\n";
    assert_eq!(texts(i, "packages/ai/src/parse.ts", js), ["JSON.parse"]);
    assert_eq!(texts(i, "apps/docs/lib/a.ts", js), ["JSON.parse"]);
    for tooling in [
        ".github/scripts/notify-released/index.mjs",
        ".github/workflows/actions/verify-changesets/index.js",
        "packages/ai/vitest.node.config.js",
        "packages/mcp/scripts/gen.ts",
        "tools/split-ts-references.mjs",
        "packages/test-server/src/create-test-server.ts",
        "packages/ai/src/parse.test.ts",
    ] {
        assert!(texts(i, tooling, js).is_empty(), "{tooling}");
    }
}

#[test]
fn outside_of_type_tests_leaves_the_tests_out() {
    // From Prisma's AGENTS.md: a type test's `@ts-expect-error` is what the rule allows.
    let i = "Never use `@ts-expect-error` outside of negative type tests; never use `@ts-nocheck`.";
    let ts = "// @ts-expect-error wrong operand\nf(null);\n// @ts-nocheck\n";
    assert_eq!(texts(i, "src/a.ts", ts), ["@ts-expect-error", "@ts-nocheck"]);
    let expect_error = "// @ts-expect-error wrong operand\nf(null);\n";
    assert!(texts(i, "test/orm-types.test-d.ts", expect_error).is_empty());
    assert!(texts(i, "src/filters.test.ts", expect_error).is_empty());
    assert!(
        texts(
            "Use `unwrap()` except in unit tests.",
            "tests/a.rs",
            "x.unwrap();\n"
        )
        .is_empty()
    );
}

#[test]
fn a_tool_to_test_code_is_the_projects_choice() {
    // Testing code, not a problem: the project's tooling, still checked where commands run.
    let i = "Do not use `jest` to test components; use `vitest`.";
    assert_eq!(texts(i, "scripts/t.sh", "jest --watch\n"), ["jest"]);
    // Code used to debug is code: "no `print` to debug" forbids the debug prints.
    assert_eq!(
        texts("Never use `print()` to debug.", "a.py", "print(x)\n"),
        ["print"]
    );
}

#[test]
fn the_doer_of_a_forbidden_passive_act_is_not_forbidden() {
    // The MCP TypeScript SDK's test/e2e/CLAUDE.md: `verifies()` may be called; what it must not
    // cite is a deferred id, which no line tells apart.
    let ts = "verifies('tools:call', async () => {});\n";
    for i in [
        "Deferred ids must not be cited by any `verifies()` call.",
        "Los ids diferidos no deben ser citados por ninguna llamada a `verifies()`.",
    ] {
        assert!(texts(i, "test/e2e/scenarios/a.test.ts", ts).is_empty(), "{i}");
    }
    // "by" that is no passive's: the thing stays forbidden.
    assert_eq!(
        texts("Never use `verifies()` by hand.", "a.test.ts", ts),
        ["verifies"]
    );
}

#[test]
fn a_kind_of_construct_the_rule_holds_for_is_a_condition() {
    // The Vercel AI SDK's AGENTS.md: `.optional()` is right in provider options schemas, not in
    // response schemas — which no file tells apart.
    let ts = "const s = z.object({ a: z.string().optional() });\n";
    for i in [
        "For Response Schemas (API responses), use `.nullish()` instead of `.optional()`",
        "For response schemas, use `.nullish()` instead of `.optional()`.",
        "In API response schemas, use `.nullish()` instead of `.optional()`.",
    ] {
        assert_unchecked_because(i, "src/a.ts", ts, &["cannot be seen", "condition"]);
    }
    // A topic label, or no condition: checked.
    assert_eq!(
        texts(
            "Schemas: use `.nullish()` instead of `.optional()`.",
            "src/a.ts",
            ts
        ),
        ["optional"]
    );
    assert_eq!(
        texts(
            "Response Schemas: use `.nullish()` instead of `.optional()`.",
            "src/a.ts",
            ts
        ),
        ["optional"]
    );
    let any = "async function f(): Promise<any> {}\n";
    assert_eq!(
        texts(
            "**Return types**: Functions should return `Promise<T>` (not `Promise<any>`).",
            "a.ts",
            any
        ),
        ["Promise<any>"]
    );
    assert_eq!(
        texts("Use `.nullish()` instead of `.optional()`.", "src/a.ts", ts),
        ["optional"]
    );
}

#[test]
fn what_a_named_thing_cannot_do_is_a_fact_not_a_rule() {
    // From NNTmux's AGENTS.md: 49 findings of `ALTER` in its SQL.
    let sql = "ALTER TABLE releases ADD COLUMN x INT;\n";
    for fact in [
        "Changing column types requires dropping and recreating the RT table(s); Manticore cannot `ALTER` attribute types in place.",
        "SQLite no puede `ALTER COLUMN`.",
    ] {
        assert!(texts(fact, "db/a.sql", sql).is_empty(), "{fact}");
    }
    // Whoever reads the rule, or a kind of code, as the subject: a rule.
    assert_eq!(texts("You cannot use `ALTER`.", "db/a.sql", sql), ["ALTER"]);
    assert_eq!(
        texts("Migrations cannot use `ALTER`.", "db/migrations/a.sql", sql),
        ["ALTER"]
    );
    assert_eq!(
        texts(
            "Tests cannot use `time.Sleep`.",
            "a_test.go",
            "func TestA(t *testing.T) { time.Sleep(1) }\n"
        ),
        ["time.Sleep"]
    );
}

#[test]
fn a_usual_folder_written_as_a_word_after_a_place_word_is_the_folder() {
    // From NNTmux's AGENTS.md: "outside config" was a condition left unread.
    let php = "<?php\nreturn ['key' => env('APP_KEY')];\n";
    for i in [
        "Never `env()` outside config - use `config('key')`",
        "Never `env()` outside `config` - use `config('key')`",
        "Nunca uses `env()` fuera de config.",
    ] {
        assert!(texts(i, "config/app.php", php).is_empty(), "{i}");
        assert_eq!(texts(i, "app/Models/User.php", php), ["env"], "{i}");
    }
    let ts = "console.log(1);\n";
    assert_eq!(
        texts("Never use `console.log` in src.", "src/a.ts", ts),
        ["console.log"]
    );
    assert!(texts("Never use `console.log` in src.", "test/a.ts", ts).is_empty());
    // A part of the system, or a kind of file, is not the folder.
    assert_eq!(
        texts("Never use `console.log` in the app.", "lib/a.ts", ts),
        ["console.log"]
    );
    assert!(texts("Never use `console.log` outside the server.", "lib/a.ts", ts).is_empty());
    assert!(texts("Never use `console.log` outside config files.", "config/a.ts", ts).is_empty());
    // Code after "outside" that names no file: the condition is left unread, never dropped.
    for i in [
        "Never use `eval` outside `sandbox`.",
        "Nunca uses `eval` fuera de `sandbox`.",
    ] {
        assert!(texts(i, "src/a.ts", "eval(x);\n").is_empty(), "{i}");
        let inference = infer(&rule(i));
        assert!(
            inference
                .notes
                .iter()
                .any(|n| n.contains("`sandbox`\" cannot be checked")),
            "{:?}",
            inference.notes
        );
    }
}

#[test]
fn an_abbreviation_that_opens_examples_is_no_term() {
    // From NNTmux: "repopulate what you use, e.g. `php artisan …`" mandated "e.g".
    for i in [
        "Then repopulate what you use, e.g. `php artisan nntmux:populate --all`.",
        "Then repopulate what you use, i.e. `php artisan nntmux:populate --all`.",
    ] {
        let inference = infer(&rule(i));
        let mandated: Vec<&str> = inference.mandates.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(mandated, ["`php artisan nntmux:populate --all`"], "{i}");
    }
}

/// Readings from a real Rust library's rules (DK26/strict-path-rs, MIT OR Apache-2.0), each of
/// which flagged every use of the code it names before.
#[test]
fn code_applied_to_code_is_a_condition_never_dropped() {
    let rs = "use std::fs;\nfn f(p: &StrictPath) {\n    let a = p.interop_path();\n    let b = Path::new(\"x\");\n    let c = PathBuf::from(a);\n    fs::read(a).ok();\n}\nimpl<T: AsRef<Path>> PartialEq<T> for StrictPath {}\n";
    for rule in [
        // The wrapper around that code, which neither name alone shows.
        "Never wrap `.interop_path()` in `Path::new()` or `PathBuf::from()`.",
        // Around what, the clause does not say.
        "Pass directly to `AsRef<Path>` APIs. Never wrap in `Path::new()`/`PathBuf::from()`.",
        // That code applied to other code.
        "Use built-in I/O helpers, not `std::fs` on `interop_path()`",
        // For a kind of type.
        "No `AsRef<Path>`, `Deref<Target = Path>`, or implicit conversions for secure types.",
    ] {
        assert_unchecked_because(rule, "src/lib.rs", rs, &["cannot be checked"]);
    }
    // The wrapper forbidden around words is the wrapper itself; a purpose stays a purpose.
    let sql = "SELECT * FROM t WHERE LOWER(name) = 'a';\n";
    assert_eq!(texts("Never wrap columns in `LOWER()`.", "q.sql", sql), ["LOWER"]);
    let js = "console.log('x');\n";
    assert_eq!(
        texts("No `console.log` for debugging.", "a.js", js),
        ["console.log"]
    );
}

/// "NO usar && en PowerShell" (a real project's Spanish AGENTS.md, Gmarm-org/gmarm): PowerShell
/// is a language of its own, not every source file — `&&` in Java and TypeScript is no finding.
#[test]
fn a_rule_about_powershell_holds_in_powershell_scripts() {
    for i in [
        "NO usar && en PowerShell, usar ; en su lugar",
        "Don't use `&&` in PowerShell; use `;` instead.",
    ] {
        assert!(texts(i, "src/A.java", "if (a && b) {}\n").is_empty(), "{i}");
        assert!(texts(i, "web/a.ts", "const x = a && b;\n").is_empty(), "{i}");
        assert_eq!(
            texts(i, "scripts/build.ps1", "npm ci && npm run build\n"),
            ["&&"],
            "{i}"
        );
    }
}

/// From two real projects' agent files (pydantic/pydantic-ai, MIT; cline/cline, Apache-2.0):
/// code named as what a rule keeps, holds, lacks, or acts on is no violation where it appears.
#[test]
fn code_kept_held_lacked_or_acted_on_is_not_forbidden() {
    let py = "import pytest\nfrom x import blockbuster, reportDeprecated\n\n\ndef f(msg):\n    msg.id = 1\n    return msg.content, msg.args, google_thinking_budget\n";
    for rule in [
        // Kept: what must not be replaced or removed.
        "Do not replace the autouse `blockbuster` fixture.",
        "Never remove `blockbuster` from conftest.",
        // Turned off: the thing suppressed is no violation where it appears.
        "Don't blanket-suppress `reportDeprecated` at file scope.",
        // Held: where something must not be stored.
        "Store provider-specific metadata in structured `provider_details` or `provider_metadata` fields, not in `id`, `content`, or `args`",
        // Acted on, in a relative clause: what the forbidden thing does to other code.
        "Don't add preemptive client-side guards that reject provider-namespaced settings (`google_*`, `openai_*`, …) based on assumed capability limits",
    ] {
        assert!(texts(rule, "src/a.py", py).is_empty(), "{rule}");
    }
    // Lacked: what a named thing has not is a fact about it.
    let js = "const fs = require('node:fs');\n";
    assert!(
        texts(
            "`ext.evaluate` has no `require`; set a breakpoint instead.",
            "a.js",
            js
        )
        .is_empty()
    );
    // A fact about one part of the project is no convention of every file; of the project, it is.
    let part = "The extension host is ESM (`VSCODE_ESM_ENTRYPOINT`), so module-internal functions aren't reachable as globals.";
    assert!(texts(part, "a.js", js).is_empty());
    assert_eq!(texts("The project is ESM.", "a.js", js), ["require"]);
    // What the reader must not try is the reader's attempt, not the code's use.
    assert!(
        texts(
            "To inspect builders, set a breakpoint — don't try to `require()` the bundle.",
            "a.js",
            js
        )
        .is_empty()
    );
    // The means of suppressing, after "with", stays forbidden; so does what a relative clause
    // says of the forbidden thing itself, and what it uses.
    assert_eq!(
        texts(
            "nunca suprimir con `# type: ignore`",
            "a.py",
            "x = f()  # type: ignore\n"
        ),
        ["# type: ignore"]
    );
    assert_eq!(
        texts("Avoid libraries that use `eval`.", "a.js", "eval(s);\n"),
        ["eval"]
    );
    let rs = "fn main() {\n    panic!(\"x\");\n}\n";
    assert_eq!(
        texts(
            "Do NOT use unwraps or anything that can panic in Rust code.",
            "src/main.rs",
            rs
        ),
        ["panic!"]
    );
}

/// "no whole-file `# pyright: ignore` … at the top of a file" (pydantic-ai's tests/AGENTS.md):
/// where in the file is a condition a check over every line cannot see — left unchecked, with
/// the reason, not a check on every `# pyright: ignore[…]` comment.
#[test]
fn a_position_in_the_file_is_a_condition_never_dropped() {
    let py = "x = f()  # pyright: ignore[reportPrivateUsage]\n";
    for rule in [
        "No whole-file `# pyright: ignore` at the top of a file.",
        "Never put `# pyright: basic` at file scope.",
        "No uses `# type: ignore` a nivel de archivo.",
    ] {
        assert_unchecked_because(rule, "tests/test_a.py", py, &["cannot be checked"]);
    }
}

/// "Never call `TotalHeight` per frame during a resize" (crush's AGENTS.md): how often or when
/// code runs, which no line shows — the rule is left unchecked and says why.
#[test]
fn how_often_or_when_code_runs_is_a_condition_never_dropped() {
    let go = "func (c *Chat) View() string {\n\th := c.list.TotalHeight()\n\treturn render(h)\n}\n";
    for rule in [
        "Never call `TotalHeight` per frame during a resize — warm the cache on settle instead.",
        "Never call `TotalHeight` during a resize.",
        "Don't call `TotalHeight` on every render.",
        "No `TotalHeight` in the hot path.",
        "Nunca llames a `TotalHeight` durante el redimensionado.",
    ] {
        assert_unchecked_because(rule, "internal/ui/chat.go", go, &["cannot be checked"]);
    }
    // Without the condition, the call is the rule's.
    assert_eq!(
        texts("Never call `TotalHeight`.", "internal/ui/chat.go", go),
        ["TotalHeight"]
    );
}

/// "over scattered `isinstance` checks", "never `isinstance` checks at use sites" (pydantic-ai's
/// AGENTS.md files): forbidden only where spread about or at some sites, which no check sees.
#[test]
fn code_forbidden_where_scattered_is_a_condition_never_dropped() {
    let py = "if isinstance(x, int):\n    pass\n";
    for rule in [
        "Prefer explicit capability fields over scattered `isinstance` or provider-name checks.",
        "Capability differences go through `RealtimeModelProfile` flags, never `isinstance`/provider-name checks at use sites.",
        "Add capability flags to model profile classes instead of inline `isinstance()` checks",
        "Settle everything on close so history never ends on a dangling `isinstance`.",
        "For workflow tests, prefer `ScriptedModel` from `agents.testing` over adding a new mock or fake `isinstance`.",
    ] {
        assert_unchecked_because(rule, "src/a.py", py, &["cannot be checked"]);
    }
    assert_eq!(
        texts("Never use `isinstance` checks.", "src/a.py", py),
        ["isinstance"]
    );
    let html = "<p style=\"color: red\">x</p>\n";
    assert_eq!(
        texts("No inline `style` attributes in HTML.", "a.html", html),
        ["style"]
    );
}

/// "after the streaming function returns" (cline's .clinerules): a function returning is no
/// concept of return types; "(no `ts-node` / `tsx`)": `tsx` is a command, not an identifier.
#[test]
fn a_function_returning_is_no_return_type_and_tsx_is_a_command() {
    let ts = "export function handle(a) {\n  return a;\n}\nconst langs = { tsx: 'tsx' };\n";
    assert!(texts(
        "When streaming is cancelled, clean up by checking `taskState.abort` after the streaming function returns.",
        "src/a.ts",
        ts
    )
    .is_empty());
    let rule = "`bun <file>.ts` to run a TS entrypoint directly (no `ts-node` / `tsx`)";
    assert!(texts(rule, "src/a.ts", ts).is_empty());
    assert_eq!(texts(rule, "scripts/run.sh", "tsx src/main.ts\n"), ["tsx"]);
}

/// "Do not use npm/yarn/pnpm." (cline's AGENTS.md): a README line installing a named package
/// (`npm i -g cline`) is how its readers get it, and a changelog records past releases — the
/// project's own commands (`npm run build`) in its docs are still found.
#[test]
fn readers_installs_and_changelogs_are_not_the_projects_commands() {
    let md = "# x\n\n    npm i -g cline\n    npm install @cline/sdk\n    npm run build\n";
    let rule = "Do not use npm/yarn/pnpm.";
    assert_eq!(lines_hit(rule, "README.md", md), [(5, "npm".to_string())]);
    assert!(texts(rule, "CHANGELOG.md", md).is_empty());
    assert!(texts(rule, "apps/cli/CHANGELOG.md", md).is_empty());
    // prefect's "Never use `pip install` or `uv pip`": the forbidden command installs, and a
    // README line installing named packages with it is still the readers' way to get them.
    let md =
        "# x\n\n```bash\npip install -U prefect\nuv pip install prefect-gcp\npip install\nuv pip sync\n```\n";
    let rule = "Never use `pip install` or `uv pip` — use `uv` for all dependency management";
    assert_eq!(
        lines_hit(rule, "README.md", md),
        [(6, "pip install".to_string()), (7, "uv pip".to_string())]
    );
    assert_eq!(
        texts(rule, "Dockerfile", "RUN uv pip install prefect\n"),
        ["uv pip"]
    );
}

/// "In `src/`, never use `print`", and "When adding code in `examples/` … Prefer `tool` over
/// `function_tool`" (openai/openai-agents-python's AGENTS.md, MIT): a place the rule opens with
/// is where what it then forbids is forbidden.
#[test]
fn a_place_a_rule_opens_with_scopes_what_it_forbids() {
    let py = "print('x')\nfunction_tool(f)\n";
    for rule in [
        "In `src/`, never use `print`.",
        "Inside `src/`: never use `print`.",
    ] {
        assert_eq!(texts(rule, "src/a.py", py), ["print"], "{rule}");
        assert!(texts(rule, "scripts/a.py", py).is_empty(), "{rule}");
    }
    let rule = "When adding or updating code in `examples/`, import decorators from `agents.decorators`. Prefer `tool` over `function_tool`.";
    assert_eq!(texts(rule, "examples/a.py", py), ["function_tool"]);
    assert!(texts(rule, "src/agents/tool.py", py).is_empty());
}

/// "use `str | None` instead of `Optional[str]`, and `list[str]` instead of `List[str]`"
/// (browser-use's AGENTS.md, MIT): each pair's first side is the one preferred.
#[test]
fn pairs_of_instead_of_in_one_clause_prefer_each_first_side() {
    let rule = "Use the modern typing style, e.g. use `str | None` instead of `Optional[str]`, and `list[str]` instead of `List[str]`, `dict[str, Any]` instead of `Dict[str, Any]`";
    let py = "def f(a: list[str], b: dict[str, Any]) -> Optional[str]:\n    c: List[str] = []\n    d: Dict[str, Any] = {}\n";
    assert_eq!(
        texts(rule, "a.py", py),
        ["Optional[str]", "List[str]", "Dict[str, Any]"]
    );
}

#[test]
fn an_action_on_a_folder_or_files_is_no_code_check() {
    let code = "use crate::generated::ast;\nmod generated;\ndist.push(x);\n";
    // "avoid" before an acting verb's gerund forbids the action, not the name.
    assert_unchecked_because(
        "Avoid editing `generated` subdirectories.",
        "src/lib.rs",
        code,
        &["nothing inferred", "acts on"],
    );
    assert!(
        texts(
            "Avoid touching `legacy/` files.",
            "src/legacy/a.rs",
            "let legacy = 1;\n"
        )
        .is_empty()
    );
    // A mutating verb on a folder or files acts on files, which no line shows.
    assert!(texts("Do not modify the `dist` folder.", "src/main.rs", code).is_empty());
    assert!(texts("Nunca modifiques la carpeta `dist`.", "src/main.rs", code).is_empty());
    // The mutation of a value is still a mutation.
    assert_eq!(texts("Never modify `dist`.", "src/main.rs", code), ["dist"]);
    // "avoid" before a thing still forbids the thing.
    assert_eq!(
        texts("Avoid `generated`.", "src/lib.rs", code),
        ["generated", "generated"]
    );
}

/// "Never change Volta, Yarn, or package manager versions unless explicitly asked" (Sentry's
/// AGENTS.md): a mutating verb acts on tools named as words — their versions — and no use of
/// `yarn` mutates anything; a value in code is still mutated ("never adjust `sys.path`").
#[test]
fn a_mutating_verb_on_tools_named_as_words_checks_nothing() {
    let sh = "yarn install\nyarn build\n";
    for rule in [
        "Never change Volta, Yarn, or package manager versions unless explicitly asked",
        "Nunca cambies Yarn ni la versión de Node",
    ] {
        assert!(texts(rule, "scripts/build.sh", sh).is_empty(), "{rule}");
    }
    assert_eq!(
        texts(
            "Never adjust `sys.path`.",
            "a.py",
            "import sys\nsys.path.append('x')\n"
        ),
        ["sys.path"]
    );
}

/// "Never run `eslint`, `npx eslint`, or any ESLint CLI — use `yarn lint` (Oxlint) instead"
/// (Sentry's AGENTS.md): what is run is a command, not a package — the e2e apps' `eslint`
/// dependencies are no violation; the command is.
#[test]
fn a_tool_named_after_a_verb_of_running_is_a_command_not_a_package() {
    let pkg = "{\n  \"devDependencies\": {\n    \"eslint\": \"^9\"\n  }\n}\n";
    let rule = "Never run `eslint`, `npx eslint`, or any ESLint CLI — use `yarn lint` (Oxlint) instead";
    assert!(texts(rule, "apps/a/package.json", pkg).is_empty());
    assert!(texts(rule, "src/a.ts", "import eslint from 'eslint';\n").is_empty());
    assert_eq!(texts(rule, "scripts/lint.sh", "eslint .\n"), ["eslint"]);
    assert!(
        texts(
            "No ejecutes `pytest` directamente",
            "tests/t.py",
            "import pytest\n"
        )
        .is_empty()
    );
    // Forbidden without a verb of running, the tool is a package too.
    assert_eq!(
        texts("Never use `eslint`.", "apps/a/package.json", pkg),
        ["eslint"]
    );
}

/// "Do not add a repository lock, host-wide mutex, sentinel file, or user-triggered `finalize`
/// step." (openai-agents-python's AGENTS.md): a span before "step" names a step of a process, not
/// code; `weakref.finalize(…)` is no violation.
#[test]
fn a_span_naming_a_step_is_no_identifier() {
    let py = "import weakref\nweakref.finalize(obj, cleanup)\n";
    assert!(texts(
        "Do not add a repository lock, host-wide mutex, sentinel file, or user-triggered `finalize` step.",
        "src/a.py",
        py
    )
    .is_empty());
    assert!(texts("Nunca añadas la fase `finalize`.", "src/a.py", py).is_empty());
    assert_eq!(texts("Never call `finalize`.", "src/a.py", py), ["finalize"]);
}

/// "Do not create, modify, or suggest `.eslintrc`, `eslint.config.*`, or `.prettierrc` files"
/// (Sentry's AGENTS.md): acting on files that may be there — the e2e apps' own
/// `eslint.config.mjs` — which no file's presence shows; creating them alone is a path rule.
#[test]
fn modifying_files_named_in_a_list_checks_nothing() {
    let rule = "Do not create, modify, or suggest `.eslintrc`, `eslint.config.*`, or `.prettierrc` files";
    assert!(!flags(rule, "apps/a/eslint.config.mjs"));
    assert!(!flags(rule, "apps/a/.prettierrc"));
    assert!(flags(
        "Do not create `eslint.config.*` files",
        "apps/a/eslint.config.mjs"
    ));
}

/// Sentry's workflows pass `--allowedTools "Bash(npm info *)"` to an agent: a name before `(`
/// makes it no subshell, and nothing runs; `(cd app && npm ci)` still runs `npm`.
#[test]
fn a_name_before_a_parenthesis_opens_no_subshell() {
    let rule = "Use yarn: `yarn install`, `yarn build:dev`, `yarn test`, `yarn lint`";
    let yml = "jobs:\n  a:\n    steps:\n      - run: claude --allowedTools \"Write,Bash(npm info *)\"\n      - run: (cd app && npm ci)\n";
    assert_eq!(
        lines_hit(rule, ".github/workflows/a.yml", yml),
        [(5, "npm".to_string())]
    );
}

/// "Access via `env` export from `app/env.server.ts`. Never use `process.env` directly."
/// (Trigger.dev's `apps/webapp/CLAUDE.md`): the module the rule's way comes from wraps the
/// forbidden thing, as it must — 218 of 437 findings were in it.
#[test]
fn the_module_a_rules_way_comes_from_may_use_what_it_wraps() {
    let rule = "Access via `env` export from `app/env.server.ts`. Never use `process.env` directly.";
    let ts = "export const port = process.env.PORT;\n";
    assert!(texts(rule, "apps/webapp/app/env.server.ts", ts).is_empty());
    assert_eq!(texts(rule, "apps/webapp/app/routes/a.ts", ts), ["process.env"]);
    let rule =
        "Always use the `$transaction` helper from `~/db.server`, never `prisma.$transaction` directly.";
    let ts = "await prisma.$transaction(async (tx) => {});\n";
    assert!(texts(rule, "apps/webapp/app/db.server.ts", ts).is_empty());
    assert_eq!(
        texts(rule, "apps/webapp/app/models/a.ts", ts),
        ["prisma.$transaction"]
    );
    // A package is no file of the project: nothing is left out.
    let rule = "Import `task` from `@trigger.dev/sdk`, never use `process.env` directly.";
    assert_eq!(texts(rule, "sdk/index.ts", "process.env.X\n"), ["process.env"]);
}

/// "Apps and internal packages (`apps/*`, `internal-packages/*`): Use `typecheck`. Never use
/// `build` for these" (Trigger.dev's AGENTS.md): a choice of the scripts the agent runs — 167
/// `build` identifiers in code were none; "Do not flag … in reviews" is the agent's reviewing.
#[test]
fn a_choice_between_scripts_and_what_a_review_flags_are_the_agents() {
    let ts = "const out = this.build.outputPath;\nbuild.onResolve({});\n";
    let rule = "Apps and internal packages (`apps/*`, `internal-packages/*`): Use `typecheck`. Never use `build` for these — building proves almost nothing about correctness.";
    assert_unchecked_because(rule, "apps/a/src/a.ts", ts, &["scripts to run"]);
    let rule =
        "Do not flag `// @crumbs` markers, `#region @crumbs` blocks, or agentcrumbs imports in reviews.";
    assert!(texts(rule, "src/a.ts", "// @crumbs - a trail\n").is_empty());
    // A script name beside other code is code: "Never call `build()` before `init()`".
    assert_eq!(texts("Never use `build`; use `make`.", "src/a.ts", ts).len(), 2);
}

/// Langfuse's `web/AGENTS.md`: "In flex layouts, prefer `gap-*` over margin-based
/// `space-x-*`/`space-y-*`" holds for flex containers, which no class list alone shows (446
/// findings); "do not leak `EvalTemplate` … naming into the public contract" acts on where a
/// name goes (47).
#[test]
fn a_construct_a_rule_opens_with_and_a_leak_check_nothing() {
    let tsx = "<div className=\"space-y-2\">\n  <EvalTemplate />\n</div>\n";
    assert_unchecked_because(
        "In flex layouts, prefer `gap-*` over margin-based `space-x-*`/`space-y-*`.",
        "src/a.tsx",
        tsx,
        &["cannot be checked"],
    );
    assert!(texts(
        "Public eval endpoints should keep the split between reusable `evaluators` and ingestion-scoped `evaluation-rules`; do not leak `EvalTemplate` or `JobConfiguration` naming into the public contract.",
        "src/a.tsx",
        tsx
    )
    .is_empty());
    assert_eq!(
        texts(
            "Prefer `gap-*` over margin-based `space-x-*`/`space-y-*`.",
            "src/a.tsx",
            tsx
        ),
        ["space-y-2"]
    );
}

/// Formbricks' AGENTS.md: "Do not use Next.js `unstable_cache()`" forbids the call, not Next.js
/// (396 `next` imports were flagged); "Do not add a `tailwind.config.js` that nothing
/// `@config`s": the `@config` lines are what the rule wants, not what it forbids.
#[test]
fn a_name_before_code_and_a_negation_in_a_relative_clause_forbid_nothing_more() {
    let ts = "import { redirect } from \"next/navigation\";\nimport { unstable_cache } from \"next/cache\";\nconst a = unstable_cache(f);\n";
    assert_eq!(
        texts("Do not use Next.js `unstable_cache()`.", "src/a.ts", ts),
        ["unstable_cache"]
    );
    let css = "@config \"../../tailwind.config.ts\";\n";
    assert!(
        texts(
            "Do not add a `tailwind.config.js` that nothing `@config`s",
            "src/a.css",
            css
        )
        .is_empty()
    );
}

/// OpenStatus' `packages/services/AGENTS.md`: "… Inside the block, write through `tx` — never
/// `defaultDb`." — a later sentence opening with the construct it holds in (91 findings were
/// every `defaultDb`); a label of a sentence that forbids nothing leaves the others checked.
#[test]
fn a_later_sentence_opening_with_a_construct_is_a_condition() {
    let ts = "import { db as defaultDb } from \"@openstatus/db\";\nconst db = ctx.db ?? defaultDb;\n";
    assert_unchecked_because(
        "`withTransaction(ctx, async (tx) => …)` wraps every mutation. Inside the block, write through `tx` — never `defaultDb`.",
        "src/a.ts",
        ts,
        &["cannot be checked"],
    );
    assert_eq!(
        texts("For schemas, use zod. Never use `defaultDb`.", "src/a.ts", ts),
        ["defaultDb", "defaultDb"]
    );
}

/// better-auth's AGENTS.md: "ALWAYS use `pnpm` (never npm, yarn, or bun)" then "NEVER run `pnpm
/// test` (runs all packages). Use `vitest path/to/test -t <pattern>`" — forbidding a subcommand
/// of the mandated tool retired the first rule, and a command line with blanks to fill in made
/// the second a tool choice checked in CONTRIBUTING.md.
#[test]
fn a_subcommand_forbidden_and_an_invocation_template_are_the_agents() {
    let s = set(&[
        "ALWAYS use `pnpm` (never npm, yarn, or bun)",
        "NEVER run `pnpm test` (runs all packages). Use `vitest path/to/test -t <pattern>`",
    ]);
    assert!(matches!(s.status[0], Status::Active), "{:?}", s.status[0]);
    let md = "Run the suite:\n\n```bash\npnpm test\n```\n";
    assert!(
        texts(
            "NEVER run `pnpm test` (runs all packages). Use `vitest path/to/test -t <pattern>`",
            "CONTRIBUTING.md",
            md
        )
        .is_empty()
    );
    assert_unchecked_because(
        "NEVER run `pnpm test` (runs all packages). Use `vitest path/to/test -t <pattern>`",
        "CONTRIBUTING.md",
        md,
        &["behaviour rule"],
    );
    // A tool mandated as such still makes the rival's commands the project's.
    assert_eq!(
        texts(
            "Never run `npm install`. Use `pnpm install`.",
            "CONTRIBUTING.md",
            "npm install\n"
        ),
        ["npm install"]
    );
    // A newer rule forbidding the tool itself still retires the older one.
    let s = set(&["Always use `pnpm`.", "Never use `pnpm`; use `bun`."]);
    assert!(
        matches!(s.status[0], Status::Superseded { by: 2, .. }),
        "{:?}",
        s.status[0]
    );
}

/// Crush's AGENTS.md: "If `gofumpt` is not available, use `goimports`." forbade `gofumpt` and
/// retired "Use `goimports` formatting" before it; "update the state in the main `Update`
/// loop" mandated the word "update", which retired "not `Update(tea.Msg)`".
#[test]
fn a_missing_tool_and_a_verb_spelled_like_code_are_no_contradiction() {
    for i in [
        "If `gofumpt` is not available, use `goimports`.",
        "Si `pnpm` no está disponible, usa `npm`.",
    ] {
        assert!(infer(&rule(i)).forbids.is_empty(), "{i}");
        assert!(
            texts(i, "main.go", "// gofumpt\nvar pnpm = gofumpt\n").is_empty(),
            "{i}"
        );
    }
    assert_eq!(texts("`eval` is not allowed.", "a.js", "eval(x)\n"), ["eval"]);
    let s = set(&[
        "Use `goimports` formatting.",
        "If `goimports` is not available, use `gofmt`.",
    ]);
    assert!(matches!(s.status[0], Status::Active), "{:?}", s.status[0]);
    let s = set(&[
        "Never change the model state inside of a command. Use messages and update the state in the main `Update` loop.",
        "Expose imperative methods for state changes (not `Update(tea.Msg)`).",
    ]);
    assert!(matches!(s.status[0], Status::Active), "{:?}", s.status[0]);
    // "Never do IO in `Update`": where, not what — a condition no check sees.
    assert_unchecked_because(
        "Never do IO or expensive work in `Update`; always use a `tea.Cmd`.",
        "ui.go",
        "func (m M) Update(msg tea.Msg) { m.list.Update(msg) }\n",
        &["in `Update`"],
    );
}

/// Vitest's and better-auth's AGENTS.md: where a forbidden thing is allowed, in a list or an
/// aside ("never `global` or `self` (allowed only in `docs/`, `packages/web-worker/`, and
/// `test/unit/`)", "Use `Uint8Array` instead of `Buffer` (except in tests)").
#[test]
fn places_where_it_is_allowed_are_left_out_each_of_them() {
    let i = "Use `globalThis`, never `global` (allowed only in `docs/`, `packages/web-worker/`, and `test/unit/`).";
    let js = "global.x = 1\n";
    assert_eq!(texts(i, "packages/vitest/src/a.ts", js), ["global"]);
    for path in ["docs/a.ts", "packages/web-worker/src/a.ts", "test/unit/a.test.ts"] {
        assert!(texts(i, path, js).is_empty(), "{path}");
    }
    let i = "Never use `global` except in `docs/` and `test/unit/`.";
    assert!(texts(i, "test/unit/a.ts", js).is_empty());
    assert_eq!(texts(i, "src/a.ts", js), ["global"]);
    // A list of folders where it is forbidden: under any of them, not one inside the other.
    let i = "No `console.log` in `src/` or `lib/`.";
    for path in ["src/a.ts", "lib/a.ts"] {
        assert_eq!(texts(i, path, "console.log(1)\n"), ["console.log"], "{path}");
    }
    assert!(texts(i, "scripts/a.ts", "console.log(1)\n").is_empty());
    let i = "Use `Uint8Array` instead of `Buffer` (except in tests)";
    let ts = "const b = Buffer.from(x);\n";
    assert_eq!(texts(i, "src/a.ts", ts), ["Buffer"]);
    assert!(texts(i, "src/a.test.ts", ts).is_empty());
    // Any other exception in an aside leaves the rule unchecked, said whole.
    assert_unchecked_because(
        "Never use `Buffer` (except in test helpers that mock IO).",
        "src/a.ts",
        ts,
        &["condition \"except in test helpers that mock IO\""],
    );
}

/// Vitest's AGENTS.md: "Use utilities from `@vitest/utils/*` when available. Never import from
/// `@vitest/utils` main entry point directly." flagged 161 subpath imports; "No top-level
/// `await` in `packages/*/src`" flagged every `await` (1,207).
#[test]
fn a_main_entry_point_and_a_top_level_await() {
    let i = "Use utilities from `@vitest/utils/*` when available. Never import from `@vitest/utils` main entry point directly.";
    let ts = "import { a } from '@vitest/utils/helpers'\nimport type { B } from '@vitest/utils'\n";
    assert_eq!(texts(i, "src/a.ts", ts), ["@vitest/utils"]);
    let manifest = "{\"dependencies\": {\"@vitest/utils\": \"1\"}}\n";
    assert!(texts(i, "package.json", manifest).is_empty());
    // Forbidden with its subpaths when no subpath is the way.
    assert_eq!(
        texts(
            "Never import `lodash`.",
            "src/a.ts",
            "import fp from 'lodash/fp'\n"
        ),
        ["lodash/fp"]
    );
    let i = "No top-level `await` in `packages/*/src`; no `const enum`.";
    let ts = "const config = await load()\nexport async function f() {\n  await g()\n}\nawait main()\n";
    assert_eq!(
        lines_hit(i, "packages/core/src/a.ts", ts),
        [(1, "await".to_string()), (5, "await".to_string())]
    );
    assert!(texts(i, "test/a.ts", ts).is_empty());
    assert_eq!(lines_hit("Avoid top-level await.", "src/a.mjs", ts).len(), 2);
    assert!(
        texts(
            "Avoid top-level await.",
            "src/a.py",
            "await x
"
        )
        .is_empty()
    );
}

/// Vitest's and better-auth's docs sites show each package manager to the library's users
/// ("npm create convex@latest", "yarn test --project e2e"): a project's "use pnpm" rule is not
/// theirs. The contributors' docs and READMEs stay checked.
#[test]
fn a_docs_sites_commands_are_the_readers() {
    let i = "ALWAYS use `pnpm` (never npm, yarn, or bun)";
    let md = "```bash\nnpm create convex@latest\nyarn test --project e2e\n```\n";
    for path in [
        "docs/guide/projects.md",
        "docs/content/docs/integrations/convex.mdx",
        "examples/lit/README.md",
        "demo/nextjs/README.md",
        "website/src/pages/a.md",
    ] {
        assert!(texts(i, path, md).is_empty(), "{path}");
    }
    for path in ["README.md", "CONTRIBUTING.md", "docs/build.md"] {
        assert_eq!(texts(i, path, md), ["npm", "yarn"], "{path}");
    }
    // An example app's scripts are its users' too; the project's own are checked.
    let manifest = "{\n  \"scripts\": {\"ui\": \"npm run test:ui\"}\n}\n";
    assert!(texts(i, "examples/lit/package.json", manifest).is_empty());
    assert_eq!(texts(i, "packages/core/package.json", manifest), ["npm"]);
}

/// tRPC's `.cursor/rules`: "NEVER use `waitFor` from Testing Library - use `vi.waitFor`
/// instead" flagged the 418 `vi.waitFor` it asks for; "Let TypeScript infer return types"
/// flagged 702 functions without one; "AVOID importing from `@trpc/server` in adapter code"
/// flagged every import of it (575).
#[test]
fn the_qualified_way_inferred_types_and_adapter_code() {
    let i = "NEVER use `waitFor` from Testing Library - use `vi.waitFor` instead";
    let ts = "import { waitFor } from '@testing-library/react'\nawait waitFor(() => x)\nawait vi.waitFor(() => x)\n";
    assert_eq!(
        lines_hit(i, "a.test.ts", ts),
        [(1, "waitFor".to_string()), (2, "waitFor".to_string())]
    );
    assert!(
        texts(
            "Let TypeScript infer return types from implementation",
            "a.ts",
            "function f() {\n  return 1\n}\n"
        )
        .is_empty()
    );
    let i = "AVOID importing from `@trpc/server` in adapter code";
    let ts = "import { initTRPC } from '@trpc/server';\n";
    assert_eq!(
        texts(i, "packages/server/src/adapters/next.ts", ts),
        ["@trpc/server"]
    );
    assert!(texts(i, "packages/tests/server/links.test.ts", ts).is_empty());
}

/// Agno's and pnpm's AGENTS.md: "Don't use `OpenAIChat` in cookbooks or examples" flagged the
/// library's own tests (1,387); "`a.py` and `b.py` configure no `db`" states what two files do;
/// "Do not collapse the brand into a plain `String` or `&str`" flagged every `&str` (4,682);
/// "Do not dismiss a failing test as a \"pre-existing\" failure" is the agent's reporting;
/// a sentence opening with "When …" holds its condition over the forbidding after it (1,588
/// `impl` blocks).
#[test]
fn examples_files_described_destinations_and_opening_conditions() {
    let i = "Don't use `OpenAIChat` in cookbooks or examples — use `OpenAIResponses` instead";
    let py = "model = OpenAIChat(id=\"x\")\n";
    assert_eq!(texts(i, "cookbook/teams/a.py", py), ["OpenAIChat"]);
    assert_eq!(texts(i, "examples/a.py", py), ["OpenAIChat"]);
    assert!(texts(i, "libs/agno/tests/test_a.py", py).is_empty());
    for i in [
        "`confirmation_rejected.py` and `team_tool_confirmation.py` configure no `db`, so they need no database setup",
        "Declare a newtype wrapper. Do not collapse the brand into a plain `String` or `&str`.",
        "Do not dismiss a failing test as a \"pre-existing\" failure that is unrelated to your changes.",
    ] {
        assert!(
            texts(
                i,
                "src/a.rs",
                "fn f(db: &str) -> String { \"pre-existing\".into() }\n"
            )
            .is_empty(),
            "{i}"
        );
        assert!(texts(i, "a.py", "db = SqliteDb()\n").is_empty(), "{i}");
    }
    assert_unchecked_because(
        "Derive simple conversions with `derive_more`. When the conversion impls are mechanical (a one-liner), use `#[derive(derive_more::From)]` rather than handwriting an `impl` block.",
        "src/a.rs",
        "impl Foo {\n    fn new() -> Self { Foo }\n}\n",
        &["condition \"When the conversion impls are mechanical\""],
    );
    // A condition the scope says, or the agent's judgement, is no such condition.
    assert_eq!(
        texts(
            "When writing git commits: Don't mention `Claude`.",
            "src/a.ts",
            "Claude\n"
        )
        .len(),
        0
    );
    assert_eq!(
        texts(
            "When writing tests, never use `sleep`.",
            "tests/test_a.py",
            "sleep(1)\n"
        ),
        ["sleep"]
    );
}

/// "Do not rely on global component registration": Vue's `app.component('Name', …)`, not a
/// directive, a plugin or a local import.
#[test]
fn vue_global_component_registration() {
    let i = "Do not rely on global component registration";
    let ts = "const app = createApp(App)\napp.component('BaseButton', BaseButton)\napp.directive('focus', vFocus)\napp.use(router)\nVue.component(\"Old\", Old)\nthis.component('x')\n";
    assert_eq!(
        lines_hit(i, "src/main.ts", ts),
        [(2, "component".to_string()), (5, "component".to_string())]
    );
    assert!(texts(i, "README.md", "app.component('BaseButton', BaseButton)\n").is_empty());
}

/// A kind of file ("in controllers", "in Python route files") confines the check to those files
/// of the rule's languages: the kind's globs had replaced them, so the TypeScript `any` detector
/// flagged a Python controller and the Python `print` detector a JavaScript route file.
#[test]
fn kinds_of_files_keep_the_languages_and_drop_the_language_id() {
    let s = set(&["Never use `any` in controllers."]);
    let at = |path: &str, text: &str, language_id| {
        s.check_file(&Path::new("/repo").join(path), text, language_id)
            .violations
            .len()
    };
    let ts = "let x: any = 1\n";
    assert_eq!(at("src/controllers/users.ts", ts, Some("typescript")), 1);
    assert_eq!(at("src/users.controller.ts", ts, None), 1);
    assert_eq!(at("src/UsersController.tsx", ts, None), 1);
    assert_eq!(at("src/lib/util.ts", ts, Some("typescript")), 0);
    assert_eq!(at("src/lib/untitled", ts, Some("typescript")), 0);
    assert_eq!(
        at(
            "app/controllers/users.py",
            "def f(x: any): pass\n",
            Some("python")
        ),
        0
    );

    let s = set(&["Never use `print()` in Python route files."]);
    let at = |path: &str, language_id| {
        s.check_file(&Path::new("/repo").join(path), "print(1)\n", language_id)
            .violations
            .len()
    };
    assert_eq!(at("app/routes/users.py", Some("python")), 1);
    assert_eq!(at("app/urls.py", None), 1);
    assert_eq!(at("app/users_routes.py", None), 1);
    assert_eq!(at("app/models.py", Some("python")), 0);
    assert_eq!(at("web/routes/print.js", Some("javascript")), 0);
}

/// "en los scripts" said a folder and a kind of file at once: their meet left no glob, and the
/// command checks ran on every file (`rm -rf build` in the README, in `src/notes.txt`). The
/// command files' own exclusions (`!CHANGELOG*`) stay exclusions when folders narrow the rest.
#[test]
fn a_folder_and_a_kind_of_file_together_confine_commands() {
    let i = "Nunca uses `rm -rf` en los scripts.";
    assert_eq!(texts(i, "scripts/clean.sh", "rm -rf build\n"), ["rm -rf"]);
    assert_eq!(texts(i, "scripts/README.md", "rm -rf build\n"), ["rm -rf"]);
    for elsewhere in ["README.md", "src/notes.txt", "docs/setup.md", "Makefile"] {
        assert!(texts(i, elsewhere, "rm -rf build\n").is_empty(), "{elsewhere}");
    }
    let s = set(&["No usar `sudo` en los scripts de instalación."]);
    for check in &s.inferences[0].checks {
        assert!(!check.files.is_empty(), "{check:?}");
        assert!(!check.files.iter().any(|g| g.contains("/!")), "{:?}", check.files);
    }
    assert!(
        s.inferences[0]
            .checks
            .iter()
            .any(|c| c.files.iter().any(|g| g == "!CHANGELOG*"))
    );
}

/// GitHub's MCP server: "Use `ID` not `Id`, `API` not `Api`, `URL` not `Url`, `HTTP` not
/// `Http`" forbade `API`, `URL` and `HTTP` — every pair after the first read as more of what
/// "not" forbids (336 `URL`s, the spelling the rule asks for).
#[test]
fn pairs_of_mandated_and_replaced_in_a_list() {
    let i = "Acronyms in identifiers: Use `ID` not `Id`, `API` not `Api`, `URL` not `Url`, `HTTP` not `Http`";
    let go = "u.URL = r.Url\nid := x.ID + x.Id\nc := HTTP(Http)\n";
    assert_eq!(texts(i, "a.go", go), ["Url", "Id", "Http"]);
    let i = "Usa `ID` y no `Id`, `API` y no `Api`";
    assert_eq!(texts(i, "a.go", "x.API(x.Api, x.ID)\n"), ["Api"]);
    let i = "Prefer `const` not `let`, `===` not `==`";
    assert_eq!(
        texts(i, "a.ts", "let a = b === c\nconst d = e == f\n"),
        ["let", "=="]
    );
    // One mandate with a list of what it replaces stays one pair.
    let i = "Use `const`, not `let` or `var`";
    assert_eq!(
        texts(i, "a.ts", "let a = 1\nvar b = 2\nconst c = 3\n"),
        ["let", "var"]
    );
}

/// The MCP Inspector's AGENTS.md and copilot instructions: what a thing does not support, a
/// consequence after ", so", a negation in a relative clause or a condition, and "without"
/// before an action described or conditioned — no ban (571 `.withProps(` calls flagged three
/// times, 14 `stopChild` calls the rule asks for, `:root` and `@keyframes` in App.css).
#[test]
fn negations_that_describe_condition_or_require() {
    let ts = "const A = Paper.withProps({ p: 1 });\nawait stopChild(child);\n";
    for i in [
        "`Box` — does not support `.withProps()`. Use `Group`/`Stack` instead, chosen by purpose.",
        "Headless, non-`factory()` components such as `Transition` — no Styles API, so no `.withProps` static at all.",
        "`data-*` attributes — not part of a component's typed props, so excess-property-checked out of a `withProps` literal. Pass at the call site.",
        "`Box` does not support `.withProps()`",
        "A new smoke, or teardown that removes a work dir without first awaiting `stopChild`, should be flagged.",
    ] {
        assert!(
            texts(i, "src/a.ts", ts).is_empty(),
            "{i}: {:?}",
            texts(i, "src/a.ts", ts)
        );
    }
    let css = ":root {\n  --c: #ddd;\n}\n@keyframes pulse {}\n.a { color: rgba(0, 0, 0, 1); }\n";
    assert_eq!(
        texts(
            "Never use raw color literals — no hex (`#ddd`), no `rgba()`. If no token fits, add one to `:root` first.",
            "src/a.css",
            css
        ),
        ["#ddd", "rgba"]
    );
    assert!(
        texts(
            "App.css must contain ONLY styles that cannot be expressed in the theme: `@keyframes`, `:hover`.",
            "src/App.css",
            css
        )
        .is_empty()
    );
    // Still bans: a negation that opens what must hold, a clause's own "do not", a forbidden
    // item conditioned by "without".
    assert_eq!(
        texts("Ensure that no `console.log` remains", "a.ts", "console.log(1)\n"),
        ["console.log"]
    );
    assert_eq!(
        texts("Do not support `var` — use `let`", "a.ts", "var a = 1\n"),
        ["var"]
    );
    assert!(
        texts(
            "No `async` without `try/catch`",
            "a.ts",
            "async function f() {}\n"
        )
        .is_empty()
    );
}

/// Zod's AGENTS.md: "Never stack prose across consecutive `//` lines" read `//` as an operator
/// — Python's floor division.
#[test]
fn a_comment_marker_before_lines_names_comments() {
    let i = "Never stack prose across consecutive `//` lines. Lines have no maximum width here";
    assert!(texts(i, "a.py", "half = n // 2\n").is_empty());
    assert!(texts(i, "a.ts", "const u = a // b\n").is_empty());
    // The operator itself, named as one, is still checked.
    assert_eq!(
        texts(
            "Never use `//` for division; use `math.floor`",
            "a.py",
            "half = n // 2\n"
        ),
        ["//"]
    );
}

/// The MCP Inspector's AGENTS.md: "…, so a Node built-in in the browser graph now fails `npm
/// run build` instead of shipping a `{}` stub" states what a build gate does — it flagged 1,665
/// empty objects and function bodies; a command after ", so" still commands.
#[test]
fn a_consequence_after_so_states_and_bans_nothing() {
    let i = "A Vite plugin turns the warning into a hard error, so a Node built-in now fails `npm run build` instead of shipping a `{}` stub.";
    assert!(texts(i, "a.ts", "const o = {};\nfunction f() {}\n").is_empty());
    let i = "The clients keep their tests in `__tests__/`, so a co-located test lands in no tsconfig project and fails `npm run verify`.";
    assert!(texts(i, "package.json", "{\"scripts\": {\"v\": \"npm run verify\"}}\n").is_empty());
    assert_eq!(
        texts(
            "Keep the bundle small, so never use `moment`",
            "a.ts",
            "import moment from 'moment'\n"
        ),
        ["moment"]
    );
    assert_eq!(
        texts(
            "Use `===`, so the types stay strict, instead of `==`",
            "a.ts",
            "if (a == b) {}\n"
        ),
        ["=="]
    );
}

/// Cloudflare workers-sdk's AGENTS.md: "obtain `expect` from the test context rather than
/// importing it from `vitest`" forbade the package itself — 1,428 findings on every
/// `from "vitest"`, the manifests' `vitest` dependency — and retired "Use the Vitest plugin".
/// What the pronoun stands for is forbidden, where that package's import brings it in.
#[test]
fn importing_it_from_a_package_forbids_the_name_it_stands_for() {
    let i = "In Vitest tests, obtain `expect` from the test context rather than importing it from `vitest`.";
    let ts = "import { describe, expect, it } from \"vitest\";\nimport { vi } from \"vitest\";\n";
    assert_eq!(lines_hit(i, "src/a.test.ts", ts), [(1, "expect".to_string())]);
    let manifest = "{\n  \"devDependencies\": {\"vitest\": \"^3.0.0\"}\n}\n";
    assert!(texts(i, "package.json", manifest).is_empty());
    let es = "Obtén `expect` del contexto del test en lugar de importarlo de `vitest`.";
    assert_eq!(texts(es, "src/a.test.ts", ts), ["expect"]);
    let s = set(&["Use the Vitest plugin for workerd tests.", i]);
    assert!(s.status.iter().all(Status::is_active), "{:?}", s.status);
}

/// workers-sdk's "No global `fetch` — use undici's fetch": 453 findings, most in files that
/// import undici's `fetch` or on `app.fetch`, a `fetch:` key, a Worker's `async fetch(req)`
/// handler. The global is what the rule forbids.
#[test]
fn the_global_one_is_not_an_imported_member_or_method_of_that_name() {
    let i = "No global `fetch` — use undici's fetch";
    let plain = "const r = await fetch(url);\nexport default { fetch: app.fetch };\nconst w = {\n  async fetch(request) {\n    return app.fetch(request);\n  },\n};\n";
    assert_eq!(lines_hit(i, "src/a.ts", plain), [(1, "fetch".to_string())]);
    let imported = "import { fetch, Agent } from \"undici\";\nconst r = await fetch(url);\n";
    assert!(texts(i, "src/b.ts", imported).is_empty());
    let inline = "const worker = { async fetch(request) { return new Response(); } };\nconst w2 = { fetch(r) { return r; } };\ntype Env = { ASSETS: { fetch: typeof fetch } };\n";
    assert!(texts(i, "src/d.ts", inline).is_empty());
    let declared = "const fetch = makeFetch();\nawait fetch(url);\n";
    assert!(texts(i, "src/c.ts", declared).is_empty());
    // Without "global", every `fetch` is the name the rule forbids.
    assert_eq!(texts("Never use `fetch`.", "src/b.ts", imported).len(), 2);
}

/// workers-sdk: "Do not use `telemetryMessage: true` unless the user-facing message cannot
/// include user input" is a condition on the code, not an exception the user grants ("unless
/// the user asks"): the word "user" there qualifies a message and an input.
#[test]
fn a_user_facing_condition_is_no_exception_the_user_grants() {
    assert_unchecked_because(
        "Do not use `telemetryMessage: true` unless the user-facing message cannot include user input.",
        "src/errors.ts",
        "throw new UserError(msg, { telemetryMessage: true });\n",
        &["forbidden only under a condition"],
    );
    for i in [
        "Never use `console.log` unless the user asks.",
        "Never use `console.log` unless the user explicitly requests it.",
        "Never add `console.log` unless requested by the user.",
    ] {
        assert_eq!(texts(i, "src/a.ts", "console.log(1);\n"), ["console.log"], "{i}");
    }
}

/// workers-sdk's "Use `pnpm`, not npm or yarn": the README offers each package manager to
/// its readers ("npm create cloudflare@latest / # or / pnpm create …"), a test fixture's
/// container runs `RUN npm install`, and a package's README installs it with `npm install
/// miniflare --save-dev` — none is the project's own command. Its scripts and Makefiles are.
#[test]
fn named_rivals_of_a_mandated_manager_spare_readers_and_fixtures() {
    let i = "Use `pnpm`, not npm or yarn.";
    let readme = "```bash\nnpm create cloudflare@latest\n# or\npnpm create cloudflare@latest\n# or\nyarn create cloudflare@latest\n```\n\n```sh\n$ npm install miniflare --save-dev\n```\n\n```sh\nnpm install\nnpm run build\n```\n";
    assert_eq!(
        lines_hit(i, "README.md", readme),
        [(14, "npm".to_string()), (15, "npm".to_string())]
    );
    let docker = "FROM node:22\nRUN npm install -g pnpm\nRUN npm install\n";
    assert_eq!(lines_hit(i, "Dockerfile", docker), [(3, "npm".to_string())]);
    assert!(texts(i, "fixtures/container-app/Dockerfile", docker).is_empty());
    let manifest = "{\n  \"scripts\": {\"check\": \"npm run check --workspaces\"}\n}\n";
    assert!(texts(i, "fixtures/import-npm/package.json", manifest).is_empty());
    assert_eq!(texts(i, "packages/core/package.json", manifest), ["npm"]);
    assert!(texts(i, "package.json", "{\n  \"packageManager\": \"yarn@4.1.0\"\n}\n") == ["yarn"]);
}

/// E2B's "Use pnpm for node and uv for python to install and update dependencies" named its
/// package managers for their ecosystems — read as a part of the project ("for the docs
/// site"), the rule checked nothing, and "and uv for python" lost its mandate to "for". Its
/// publishing workflows' `npm install -g npm@^11.6` and `npm --version` upgrade and query
/// the rival itself: no install of the project's.
#[test]
fn managers_named_for_their_ecosystems_rule_out_their_rivals() {
    for i in [
        "Use pnpm for node and uv for python to install and update dependencies.",
        "Usa pnpm para node y uv para python.",
    ] {
        let ci = "steps:\n  - run: npm ci\n  - run: pip install -r requirements.txt\n  - run: |\n      npm install -g npm@^11.6\n      npm --version\n";
        assert_eq!(
            lines_hit(i, ".github/workflows/ci.yml", ci),
            [(2, "npm".to_string()), (3, "pip".to_string())],
            "{i}"
        );
    }
}

/// TanStack Router's "Always use curly braces for `if`, `else`, loops, and similar control
/// statements. Never write one-line bodies like `if (foo) x = 1`.": the second sentence's
/// "never" hid the first one's mandate, and its example was checked as the code to find.
/// "Always prefer `pnpm nx ...` over `npx nx ...`": a command and its subcommand, any
/// arguments after them.
#[test]
fn an_example_with_placeholders_shows_a_form_and_a_trailing_ellipsis_any_arguments() {
    let i = "Always use curly braces for `if`, `else`, loops, and similar control statements. Never write one-line bodies like `if (foo) x = 1`.";
    let ts = "if (content === undefined) continue\nif (ok) {\n  go()\n}\n";
    assert_eq!(lines_hit(i, "src/a.ts", ts), [(1, "if".to_string())]);
    let s = set(&[i]);
    let lines = super::explain(&s.rules[0], &s.inferences[0]);
    assert!(
        lines.iter().any(|l| l.contains("placeholder names")),
        "{lines:#?}"
    );
    let nx = "Always prefer `pnpm nx ...` over `npx nx ...`.";
    let md = "```sh\nnpx nx test:unit @package-name\npnpm nx run build\n```\n";
    assert_eq!(lines_hit(nx, "DEBUGGING.md", md), [(2, "npx nx".to_string())]);
    // A tool alone before the ellipsis stands for all it does: a form, not a command.
    assert!(texts("Never a raw `cargo …` command.", "ci.sh", "cargo build\n").is_empty());
}

/// Cloudflare agents' examples/AGENTS.md: "Use the `data-mode` attribute for dark mode — no
/// `dark:` Tailwind variants" was checked in code only, where a class list never is: 31
/// `className="… dark:bg-red-950/20"` went unseen. A variant is found in strings and markup.
#[test]
fn a_tailwind_variant_is_found_in_class_lists() {
    let i = "Use the `data-mode` attribute for dark mode — no `dark:` Tailwind variants";
    let tsx = "export const A = () => <div className=\"p-2 dark:bg-black\">x</div>;\nconst c = cn(\"text-sm\", \"dark:text-white\");\nconst theme = { dark: 1 };\n// dark:bg-black in a comment\n";
    assert_eq!(
        lines_hit(i, "src/a.tsx", tsx),
        [(1, "dark:".to_string()), (2, "dark:".to_string())]
    );
    assert_eq!(
        texts(i, "index.html", "<div class=\"dark:bg-black\"></div>\n"),
        ["dark:"]
    );
}

/// The inspector's "Do not \"improve\" their phrasing" checked `improve` as code: a word in
/// quotation marks right after the negation, its object after it, is the verb in scare
/// quotes. "Never use \"eval\" the way …" still names code.
#[test]
fn a_verb_in_scare_quotes_is_an_action_not_code() {
    assert_unchecked_because(
        "Do not \"improve\" their phrasing.",
        "src/a.ts",
        "const improve = 1;\nimprove();\n",
        &["a verb in quotation marks"],
    );
    assert_unchecked_because(
        "No \"mejores\" su redacción.",
        "src/a.ts",
        "mejores();\n",
        &["a verb in quotation marks"],
    );
    assert_eq!(
        texts(
            "Never use \"eval\" the way tutorials do.",
            "src/a.js",
            "eval(code);\n"
        ),
        ["eval"]
    );
}

/// AutoGen's "Use uv exclusively: Do not use pip/conda for dependency management" mandated
/// "uv exclusively", no package manager: `pip install uv` (how the project gets uv) and
/// `pip install --upgrade pip` were reported as uses of the rival.
#[test]
fn an_exclusive_mandate_names_the_manager_alone() {
    for i in [
        "Use uv exclusively: Do not use pip/conda for dependency management",
        "Usa uv exclusivamente: no uses pip ni conda.",
    ] {
        let sh = "pip install uv\npip install --upgrade pip\npip install -e .\n";
        assert_eq!(
            lines_hit(i, "scripts/setup.sh", sh),
            [(3, "pip".to_string())],
            "{i}"
        );
    }
}

/// langchainjs' "**No explicit `any`** - Use proper types (`typescript/no-explicit-any:
/// error`)": the project keeps its linter's exemptions — 1,090 of 2,430 findings were lines
/// its own `// oxlint-disable-next-line @typescript-eslint/no-explicit-any` exempts.
#[test]
fn a_rule_naming_its_linter_rule_keeps_the_linters_exemptions() {
    let i = "No explicit `any` - Use proper types (`typescript/no-explicit-any: error`)";
    let ts = concat!(
        "const a: any = 1;\n",
        "// oxlint-disable-next-line @typescript-eslint/no-explicit-any\n",
        "const b: any = 2;\n",
        "const c: any = 3; // eslint-disable-line no-explicit-any\n",
        "// eslint-disable-next-line no-explicit-any-ish\n",
        "const d: any = 4;\n",
        "// biome-ignore lint/suspicious/noExplicitAny: legacy\n",
        "const e: any = 5;\n",
        "// eslint-disable-next-line\n",
        "const f: any = 6;\n",
        "// eslint-disable-next-line no-console\n",
        "const g: any = 7;\n",
        "/* eslint-disable @typescript-eslint/no-explicit-any */\n",
        "const h: any = 8;\n",
        "/* eslint-enable @typescript-eslint/no-explicit-any */\n",
        "const k: any = 9;\n",
        "function m(\n",
        "  // oxlint-disable-next-line @typescript-eslint/no-explicit-any\n",
        "  x: any\n",
        "): // oxlint-disable-next-line @typescript-eslint/no-explicit-any\n",
        "  Promise<any> {}\n",
    );
    let lines: Vec<usize> = lines_hit(i, "src/a.ts", ts).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, [1, 6, 12, 16]);
    let s = set(&[i]);
    let explained = super::explain(&s.rules[0], &s.inferences[0]);
    assert!(
        explained.iter().any(|l| l.contains("`no-explicit-any`")),
        "{explained:#?}"
    );
    // A rule against the directives themselves still finds them.
    for d in [
        "Never disable ESLint rules such as `no-explicit-any`.",
        "Do not use `eslint-disable` comments (`no-explicit-any: error` stays on).",
    ] {
        let ts = "// eslint-disable-next-line no-explicit-any\nconst b: any = 2;\n";
        assert_eq!(texts(d, "src/a.ts", ts), ["eslint-disable-next-line"], "{d}");
    }
    // Python: a code, among words that speak of the linter.
    let py = "No bare `except:` (ruff `E722`).";
    let src = "try:\n    x()\nexcept:  # noqa: E722\n    pass\ntry:\n    y()\nexcept:\n    pass\n";
    let lines: Vec<usize> = lines_hit(py, "app/a.py", src)
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    assert_eq!(lines, [7]);
    // Without a linter's word or a level, a kebab-case span is no linter rule.
    let plain = "No `any` in `my-module`.";
    let s = set(&[plain]);
    assert!(
        s.inferences[0]
            .checks
            .iter()
            .all(|c| !c.pattern.as_deref().unwrap_or("").contains("lint-disable"))
    );
}

/// langchainjs' "**Prefer template literals** - Over string concatenation (`prefer-template:
/// error`)" checked nothing: a mandate no known pattern broke. `+` joining a string literal and
/// a value breaks it; two literals joined, `+=` and arithmetic do not (as ESLint's
/// `prefer-template` has it), nor a file that disables that linter rule.
#[test]
fn mandated_template_literals_rule_out_string_concatenation() {
    let i = "Prefer template literals - Over string concatenation (`prefer-template: error`)";
    let ts = concat!(
        "const a = \"Hello, \" + name;\n",
        "const b = name + '!';\n",
        "const c = \"a\" + \"b\";\n",
        "const d = x + y + 1;\n",
        "s += \"tail\";\n",
        "const e = `id: ` + id;\n",
        "const f = \"1 + 2\"; // \"a\" + b\n",
        "const g = \"long line \" +\n  suffix;\n",
        "const h = items[0] + \" items\";\n",
        "const k = start + \"<think>\".length;\n",
        "const m = start + 'it\\'s'.length + `x`.length;\n",
    );
    assert_eq!(
        lines_hit(i, "src/a.ts", ts),
        [1, 2, 6, 8, 10].map(|l| (l, "+".to_string()))
    );
    for off in [
        "/* oxlint-disable prefer-template */\nconst a = \"Hello, \" + name;\n",
        "/*eslint-disable prefer-template*/\nconst a = \"Hello, \" + name;\n",
        "/* eslint-disable no-console, prefer-template -- legacy */\nconst a = \"Hello, \" + name;\n",
    ] {
        assert!(texts(i, "src/b.ts", off).is_empty(), "{off}");
    }
    // Another rule disabled, or one line only, leaves the file checked.
    for on in [
        "/* eslint-disable no-console */\nconst a = \"Hello, \" + name;\n",
        "/* eslint-disable-next-line prefer-template */\nconst b = 1;\nconst a = \"Hello, \" + name;\n",
        "/* eslint-disable prefer-templates */\nconst a = \"Hello, \" + name;\n",
    ] {
        assert_eq!(texts(i, "src/b.ts", on), ["+"], "{on}");
    }
    assert!(texts(i, "app/a.py", "a = 'x' + y\n").is_empty());
    assert!(
        texts(
            "Never use template literals.",
            "src/a.ts",
            "const a = \"x\" + y;\n"
        )
        .is_empty()
    );
}

/// "Never use \"simply\" or \"just\" - they dismiss complexity": words of style in quotes, left
/// unchecked as common words that would fire in code. They are documentation's words: found
/// in Markdown prose, not in its code, nor in code (`Justifier`, `simplify()`, comments).
#[test]
fn words_of_style_in_quotes_are_checked_in_documentation_prose() {
    let i = "Never use \"simply\" or \"just\" - they dismiss complexity";
    let md = "# Deploying\n\nTo deploy, simply run the playbook:\n\n```bash\njust deploy\n```\n\nIf it fails, Just rerun it with `just -v`. <!-- just a note -->\n";
    assert_eq!(
        lines_hit(i, "docs/deploy.md", md),
        [(3, "simply".to_string()), (9, "Just".to_string())]
    );
    let php = "<?php\n// simplify() merges blank lines; just a helper.\nfinal class Justifier {}\n";
    assert!(texts(i, "src/Justifier.php", php).is_empty());
    // A rule that names a language means its code; a word of code stays unchecked.
    assert!(texts("Never use \"any\" in docs", "docs/a.md", "Use any tool.\n").is_empty());
}

/// "**Build Tool**: Maven 3.9+ (use `./mvnw` wrapper, NOT system Maven)": the wrapper script,
/// quoted, read as a path with no place word — nothing checked. A wrapper mandated in its
/// script's name rules out the tool it wraps, as "Use the Maven wrapper" does.
#[test]
fn a_wrapper_script_mandated_rules_out_the_tool_it_wraps() {
    for i in [
        "**Build Tool**: Maven 3.9+ (use `./mvnw` wrapper, NOT system Maven)",
        "Use `./mvnw`.",
        "Usa `./gradlew` para compilar.",
    ] {
        let ci = "steps:\n  - run: mvn -B package\n  - run: ./mvnw -B verify\n  - run: gradle build\n  - run: ./gradlew build\n";
        let hits: Vec<String> = texts(i, ".github/workflows/ci.yml", ci);
        assert!(hits == ["mvn"] || hits == ["gradle"], "{i}: {hits:?}");
    }
    assert!(texts("Never edit `./mvnw`.", "ci.sh", "mvn package\n").is_empty());
}

/// "Fix original files, never create `_v2` or `_fixed` variants": the parts of names were
/// checked in declared names only; the rule speaks of files, and `imports_v2.py` is the copy
/// it forbids — a path rule. A part of a name in a rule about code stays a name's.
#[test]
fn a_part_of_a_name_in_a_rule_about_files_names_files() {
    let i = "Fix original files, never create `_v2` or `_fixed` variants";
    let hits = texts(i, "nodestradamus/analyzers/imports_v2.py", "import ast\n");
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(
        texts(
            i,
            "nodestradamus/analyzers/imports.py",
            "import ast\n# no imports_v2 copy\n"
        )
        .is_empty()
    );
    assert!(texts(i, "node_modules/x/a_fixed.js", "x\n").is_empty());
    assert!(
        texts(
            "Never name functions with `_v2`.",
            "src/imports_v2.py",
            "import ast\n"
        )
        .is_empty()
    );
}

/// payload's "Use `err` not `error`, use `msg` not `message` in object form" (under "Logger
/// Usage") reported 1,421 `message`s — every one in code that is no logger's object. Which
/// objects, no line tells: the condition leaves the rule unchecked, and `--explain` says so.
#[test]
fn a_condition_on_the_form_of_an_object_is_unreadable() {
    assert_unchecked_because(
        "Use `err` not `error`, use `msg` not `message` in object form",
        "src/a.ts",
        "const message = 'x';\nlogger.error({ message, error });\n",
        &["in object form"],
    );
    // A purpose of the forbidden thing is no condition, whatever it acts on.
    for i in [
        "Don't use `Object.assign` for copying objects - use the spread operator.",
        "No uses `Object.assign` para copiar objetos.",
    ] {
        assert_eq!(
            texts(i, "src/a.ts", "const b = Object.assign({}, a);\n"),
            ["Object.assign"],
            "{i}"
        );
    }
}

/// payload's "Always use explicit named exports." (the paragraph under "Avoid barrel exports
/// (`export *`)") reported 379 default exports: explicit names are said against `export *`,
/// not against `export default` — which "named exports" alone still rules out.
#[test]
fn explicit_named_exports_rule_out_star_re_exports() {
    let ts = "export * from './a'\nexport * as ns from './b'\nexport default App\nexport { x } from './c'\n";
    for i in [
        "Always use explicit named exports.",
        "Usa exportaciones nombradas explícitas.",
    ] {
        let lines: Vec<usize> = lines_hit(i, "src/index.ts", ts)
            .into_iter()
            .map(|(l, _)| l)
            .collect();
        assert_eq!(lines, [1, 2], "{i}");
    }
    let lines: Vec<usize> = lines_hit("Prefer named exports.", "src/index.ts", ts)
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    assert_eq!(lines, [3]);
}

/// payload's "No sub-pixel precision (`plugin/no-subpixel-values`)" forbade the text
/// `plugin/no-subpixel-values`, and "No floating promises
/// (`@typescript-eslint/no-floating-promises`)" read it as a package: a linter rule cited
/// with its plugin names what enforces the rule. Its Stylelint comments exempt CSS lines.
#[test]
fn a_linter_rule_cited_with_its_plugin_is_no_forbidden_text() {
    for i in [
        "No sub-pixel precision (`plugin/no-subpixel-values`)",
        "No floating promises (`@typescript-eslint/no-floating-promises`)",
    ] {
        let s = set(&[i]);
        assert!(
            s.inferences[0].checks.is_empty(),
            "{i}: {:#?}",
            s.inferences[0].checks
        );
    }
    let i = "Never use `!important` (`plugin/no-important`).";
    let css = concat!(
        ".a { color: red !important; }\n",
        "/* stylelint-disable-next-line plugin/no-important */\n",
        ".b { color: red !important; }\n",
        ".c { color: red !important; } /* stylelint-disable-line plugin/no-important */\n",
        "/* stylelint-disable plugin/no-important */\n",
        ".d { color: red !important; }\n",
        "/* stylelint-enable plugin/no-important */\n",
        ".e { color: red !important; }\n",
    );
    let lines: Vec<usize> = lines_hit(i, "src/a.css", css)
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    assert_eq!(lines, [1, 8]);
    let s = set(&[i]);
    let explained = super::explain(&s.rules[0], &s.inferences[0]);
    assert!(
        explained
            .iter()
            .any(|l| l.contains("stylelint-disable-next-line")),
        "{explained:#?}"
    );
    // A package of that shape with no rule verb stays a package; a kebab name in a rule about
    // the directives stays what the rule forbids.
    assert!(!super::pass::linter_exemptions::is_linter_rule_reference(
        "@scope/ui-kit"
    ));
    assert!(!super::pass::linter_exemptions::is_linter_rule_reference(
        "no-case"
    ));
}

/// huggingface_hub's "Don't accept parameters without a use case." retired two older rules
/// that "asked for case (\"use\")" — "the current use case", "each specific use case": "use
/// case" is a noun, and a rule about it neither asks for nor forbids a "case".
#[test]
fn a_use_case_is_no_use_of_a_case() {
    let s = set(&[
        "Hints should preferably reuse the input args to be specific to the current use case.",
        "Do not add a test for each specific use case / parameter set.",
        "Don't accept parameters without a use case.",
    ]);
    assert!(s.status.iter().all(Status::is_active), "{:?}", s.status);
    // The verb still reads as one.
    let s = set(&["Use Axios for HTTP calls.", "Never use Axios; use fetch."]);
    assert!(!s.status[0].is_active());
}

/// payload's "Do not use `try {} finally {}` in e2e tests; prefer Playwright cleanup hooks":
/// the phrase, taken as written, matched no code (blocks are never empty), and "in e2e tests"
/// narrowed nothing. The empty blocks stand for any block: `} finally {` is found, in files and
/// folders named for e2e tests only.
#[test]
fn a_keyword_pair_with_empty_blocks_in_e2e_tests() {
    let i = "Do not use `try {} finally {}` in e2e tests; prefer Playwright cleanup hooks (`afterEach`, `afterAll`)";
    let spec = "try {\n  await page.goto(url)\n} finally {\n  await cleanup()\n}\ntry { a() } catch (e) { b() }\nconst finallyDone = true\n";
    for path in ["test/fields/e2e.spec.ts", "e2e/login.spec.ts", "src/login.e2e.ts"] {
        assert_eq!(lines_hit(i, path, spec), [(3, "finally".to_string())], "{path}");
    }
    assert!(texts(i, "test/fields/int.spec.ts", spec).is_empty());
    assert!(texts(i, "src/a.ts", spec).is_empty());
    let same_line = "try { a() } finally { b() }\n";
    assert_eq!(texts(i, "e2e/a.spec.ts", same_line), ["finally"]);
    assert_eq!(
        texts(
            "Never write `if {} else {}`.",
            "src/a.js",
            "if (a) {\n  b()\n} else {\n  c()\n}\n"
        ),
        ["else"]
    );
}

/// lazygit's "Never put `fmt.Sprintf`-style placeholders (`%s`, `%d`, …) in translatable
/// strings" reported 364 `fmt.Sprintf` calls: the span says what the placeholders are like, and
/// which strings are translatable, no lexer tells — the rule is left unchecked and says why.
#[test]
fn a_span_saying_what_something_is_like_and_translatable_strings() {
    let go = "s := fmt.Sprintf(\"%s\", x)\n";
    assert_unchecked_because(
        "Never put `fmt.Sprintf`-style placeholders (`%s`, `%d`, …) in translatable strings",
        "pkg/a.go",
        go,
        &["in translatable strings"],
    );
    assert!(
        texts(
            "Avoid `printf`-like formatting in log calls.",
            "src/a.c",
            "printf(\"%d\", x);\n"
        )
        .is_empty()
    );
    // Strings, said without which ones, are all of them.
    assert_eq!(texts("Never put `%s` in strings.", "pkg/a.go", go), ["%s"]);
    // The span itself, forbidden, is still checked.
    assert_eq!(texts("Never use `fmt.Sprintf`.", "pkg/a.go", go), ["fmt.Sprintf"]);
}

/// lazygit's "Don't hard-wrap the doc comments on `userConfig` fields" reported 177 uses of
/// `userConfig`: the span says which comments the verb is about, not code to avoid.
#[test]
fn code_that_qualifies_the_object_of_an_action_is_not_forbidden() {
    let go = "// A field.\nuserConfig := config.GetUserConfig()\n";
    for i in [
        "Don't hard-wrap the doc comments on `userConfig` fields.",
        "Never reorder the fields of `Config`.",
    ] {
        assert!(texts(i, "pkg/a.go", go).is_empty(), "{i}");
        assert!(texts(i, "pkg/a.go", "type Config struct{}\n").is_empty(), "{i}");
    }
    // A verb of using still reaches the code it names.
    assert_eq!(
        texts("Never call the methods of `userConfig` directly.", "pkg/a.go", go),
        ["userConfig"]
    );
    assert_eq!(texts("Don't use `userConfig`.", "pkg/a.go", go), ["userConfig"]);
}

/// lazygit's "Prefer `assert.Equal` (and friends) over hand-rolled `if` checks" read `if` as a
/// package to find in Go imports and go.mod: a keyword is code, never a package, and replaced
/// only where it does the other thing's job. Forbidden outright, the keyword is found in code.
#[test]
fn control_flow_keywords_are_code_not_packages() {
    let i = "Prefer `assert.Equal` (and friends) over hand-rolled `if` checks.";
    assert_unchecked_because(
        i,
        "pkg/a_test.go",
        "if x != 1 {\n\tt.Fatal()\n}\n",
        &["a keyword, not a package"],
    );
    let s = set(&[i]);
    assert!(s.inferences[0].checks.is_empty(), "{:?}", s.inferences[0].checks);
    let ts =
        "if (a) {\n  b()\n} else {\n  c()\n}\n// else we fail\nconst s = 'else'\nconst o = { else: 1 }\n";
    assert_eq!(
        lines_hit("Avoid `else` statements.", "src/a.ts", ts),
        [(3, "else".to_string())]
    );
    // Python: the statement, not a conditional expression.
    let py = "if a:\n    b()\nelse:\n    c()\nx = 1 if a else 2\n";
    assert_eq!(
        lines_hit("Avoid `else` statements.", "a.py", py),
        [(3, "else".to_string())]
    );
    // A keyword written in expressions too is not checked as a word.
    assert_unchecked_because(
        "Avoid `for` loops.",
        "a.py",
        "ys = [f(x) for x in xs]\n",
        &["written in other constructs too"],
    );
}

/// outline's "Do not import React unless it is used directly" reported 612 imports from
/// `react`: "unless" makes a package named in words conditional, as it does one in code.
#[test]
fn a_package_named_in_words_is_forbidden_only_under_its_condition() {
    let ts = "import React from \"react\";\nimport { useState } from \"react\";\n";
    assert_unchecked_because(
        "Do not import React unless it is used directly.",
        "src/App.tsx",
        ts,
        &["forbidden only under a condition"],
    );
    assert_eq!(
        texts("Do not import React.", "src/App.tsx", ts),
        ["react", "react"]
    );
}

/// outline's "Always use named exports for new components & classes" reported 1,139 `export
/// default`s — routers and arrays among them. A mandate checked through what it rules out
/// ignored its "for …" condition, which only forbidding rules were read for: which exports are
/// components or classes, no file scope says — unchecked, and `--explain` says why.
#[test]
fn a_mandate_for_a_kind_of_construct_is_unreadable() {
    let ts = "const router = new Router();\nexport default router;\n";
    assert_unchecked_because(
        "Always use named exports for new components & classes.",
        "server/routes/auth.ts",
        ts,
        &["for new components"],
    );
    assert_eq!(
        texts("Always use named exports.", "server/routes/auth.ts", ts),
        ["export default"]
    );
}

/// maybe's "NEVER use `lucide_icon` helper directly" reported 16 lines, none a call of the
/// helper: a `:lucide_icon` symbol, a `category.lucide_icon` attribute, a `lucide_icon:` key, a
/// migration's column. A name the rule calls a helper or a function is called by that name:
/// not a member, a key, a Ruby symbol, nor a word in a string.
#[test]
fn a_helper_is_its_calls_not_members_keys_or_symbols() {
    let i = "NEVER use `lucide_icon` helper directly.";
    let rb = "validates :name, :lucide_icon, presence: true\ncategory.lucide_icon = icon\nx = { lucide_icon: \"circle\" }\nadd_column :categories, :lucide_icon, :string\nputs \"lucide_icon\"\nlucide_icon \"check\"\nlucide_icon(key, class: c)\n";
    assert_eq!(
        lines_hit(i, "app/models/category.rb", rb),
        [(6, "lucide_icon".to_string()), (7, "lucide_icon".to_string())]
    );
    // Without the noun, a member is still the name.
    assert_eq!(
        texts("NEVER use `lucide_icon`.", "a.rb", "category.lucide_icon = 1\n"),
        ["lucide_icon"]
    );
}

/// maybe's "Always use the `icon` helper in application_helper.rb for icons. NEVER use
/// `lucide_icon` helper directly": the file the mandated wrapper lives in is where it wraps the
/// forbidden helper — left out of the check, not reported.
#[test]
fn the_file_of_the_mandated_wrapper_is_left_out() {
    let i = "Always use the `icon` helper in application_helper.rb for icons. NEVER use `lucide_icon` helper directly.";
    let wrapper = "def icon(key)\n  lucide_icon(key)\nend\n";
    assert!(texts(i, "app/helpers/application_helper.rb", wrapper).is_empty());
    assert_eq!(
        texts(
            i,
            "app/helpers/other_helper.rb",
            "def badge(key)\n  lucide_icon(key)\nend\n"
        ),
        ["lucide_icon"]
    );
    // The wrapper named in the same sentence, the ban on what it wraps "directly".
    let i = "Always use `icon` helper in `application_helper.rb`, NEVER `lucide_icon` directly";
    assert!(texts(i, "app/helpers/application_helper.rb", wrapper).is_empty());
    let rb = "category.lucide_icon = icon
validates :lucide_icon
lucide_icon \"check\"\n";
    assert_eq!(
        lines_hit(i, "app/models/category.rb", rb),
        [(3, "lucide_icon".to_string())]
    );
    // No file named: the file that defines the mandated helper is where it calls what it wraps.
    let i = "Use `icon` helper for icons, never `lucide_icon` directly";
    assert!(texts(i, "app/helpers/application_helper.rb", wrapper).is_empty());
    assert!(texts(i, "src/icons.js", "export const icon = (k) => lucide_icon(k)\n").is_empty());
    assert_eq!(
        texts(i, "app/views/a.rb", "lucide_icon \"check\"\n"),
        ["lucide_icon"]
    );
    // A place for the forbidden thing itself narrows it, as before.
    assert_eq!(
        texts(
            "Never use `lucide_icon` in application_helper.rb.",
            "app/helpers/application_helper.rb",
            wrapper
        ),
        ["lucide_icon"]
    );
}

/// maybe's "Always prefer using the functional "tokens" defined in @maybe-design-system.css when
/// possible. Example 1: use `text-primary` rather than `text-white`" reported the design
/// system's own `@apply text-white` — the tokens' definitions. The file the rule says the
/// mandated things are defined in, and the folder named after it, are left out.
#[test]
fn the_file_the_mandated_things_are_defined_in_is_left_out() {
    let i = "Always prefer using the functional \"tokens\" defined in @maybe-design-system.css when possible. Example 1: use `text-primary` rather than `text-white`.";
    let css = "@utility fg-inverse {\n  @apply text-white;\n}\n";
    assert!(texts(i, "app/assets/tailwind/maybe-design-system.css", css).is_empty());
    assert!(texts(i, "app/assets/tailwind/maybe-design-system/text-utils.css", css).is_empty());
    assert_eq!(
        texts(i, "app/assets/tailwind/application.css", css),
        ["text-white"]
    );
    assert_eq!(
        texts(i, "app/views/a.html", "<p class=\"text-white\"></p>\n"),
        ["text-white"]
    );
}

/// prefect's "never compare auth tokens with `==` or `!=`" reported 757 comparisons: which
/// operands are tokens, no lexer tells — the rule is left unchecked and says why.
#[test]
fn an_operator_forbidden_for_things_named_in_words_is_unchecked() {
    let py = "if token == expected:\n    pass\nif state == RUNNING:\n    pass\n";
    assert_unchecked_because(
        "Auth token comparisons must use `hmac.compare_digest` — never compare auth tokens with `==` or `!=`.",
        "src/api/server.py",
        py,
        &["compare auth tokens"],
    );
    assert_unchecked_because(
        "No compares los tokens de sesión con `==`.",
        "src/api/server.py",
        py,
        &["compares los tokens de sesión"],
    );
    // prefect's ui-v2 rules: what a hook or a query is used for, and what the pronoun stands
    // for ("Off-screen items … query them"), no lexer tells.
    let tsx = "useEffect(() => { setName(entity.name) }, [entity]);\nscreen.getByRole(\"row\");\n";
    assert_unchecked_because(
        "Use `useState` lazy initializers to capture default values once — do not sync form state via `useEffect`, which overwrites in-flight user edits on every refetch.",
        "src/components/form.tsx",
        tsx,
        &["sync form state via"],
    );
    assert_unchecked_because(
        "Off-screen items aren't in the DOM until measured, so query them with `findByRole`/`waitFor`, not `getByRole`.",
        "src/components/list.test.tsx",
        tsx,
        &["query them with"],
    );
    // Not negated and not a pronoun: the alternative is forbidden.
    assert_eq!(
        texts(
            "Query elements with `findByRole`, not `getByRole`.",
            "src/a.test.tsx",
            tsx
        ),
        ["getByRole"]
    );
    // Said of every comparison, the operator is checked.
    assert_eq!(
        texts("Never compare with `==`; use `is`.", "src/a.py", py),
        ["==", "=="]
    );
    assert_eq!(
        texts("Never compare values with `==`.", "src/a.py", py),
        ["==", "=="]
    );
}

/// prefect's "If it passes, delete the `pytestmark` (or per-test marker) and commit." reported
/// every `pytestmark` (240): a condition whose subject is a pronoun is still a condition.
#[test]
fn a_condition_with_a_pronoun_subject_is_a_condition() {
    assert_unchecked_because(
        "If it passes, delete the `pytestmark` (or per-test marker) and commit.",
        "tests/test_a.py",
        "pytestmark = pytest.mark.clear_db\n",
        &["If it passes"],
    );
    assert_eq!(
        texts(
            "Delete the `pytestmark` and commit.",
            "tests/test_a.py",
            "pytestmark = pytest.mark.clear_db\n"
        ),
        ["pytestmark"]
    );
}

/// prefect's "NEVER use `document.querySelector` in components" reported 28 uses, all in the
/// components' tests beside them: a kind of file the rule names is not its tests.
#[test]
fn a_kind_of_file_is_not_its_tests() {
    let rule = "NEVER use `document.querySelector` in components";
    let tsx = "const el = document.querySelector(\"svg\");\n";
    assert_eq!(
        texts(rule, "src/components/icon.tsx", tsx),
        ["document.querySelector"]
    );
    assert!(texts(rule, "src/components/icon.test.tsx", tsx).is_empty());
    assert!(texts(rule, "src/components/__tests__/icon.tsx", tsx).is_empty());
}

/// prefect's "Prefer string keys in new tests to avoid importing legacy `Setting` objects"
/// reported `Setting` in the settings module that defines it: "in new tests" is test files.
#[test]
fn new_tests_are_tests() {
    let rule = "Prefer string keys in new tests to avoid importing legacy `Setting` objects.";
    let py = "from prefect.settings import Setting\n";
    assert_eq!(texts(rule, "tests/test_a.py", py), ["Setting"]);
    assert!(texts(rule, "src/prefect/settings/legacy.py", "x = Setting(1)\n").is_empty());
    let rule = "No uses `Setting` en los tests nuevos.";
    assert_eq!(texts(rule, "tests/test_a.py", py), ["Setting"]);
    assert!(texts(rule, "src/prefect/settings/legacy.py", "x = Setting(1)\n").is_empty());
}

/// prefect's "Any action model that accepts flow run or deployment parameters must use this type
/// instead of `Dict[str, Any]`" reported every `Dict[str, Any]` of the server (70): which models
/// accept parameters, no file tells.
#[test]
fn a_model_that_does_something_is_a_condition() {
    let py = "def f() -> Dict[str, Any]:\n    pass\n";
    assert_unchecked_because(
        "Any action model that accepts flow run or deployment parameters must use this type instead of `Dict[str, Any]`.",
        "src/server/actions.py",
        py,
        &["model that accepts"],
    );
    assert_eq!(
        texts(
            "Use `SizedParameters` instead of `Dict[str, Any]`.",
            "src/server/actions.py",
            py
        ),
        ["Dict[str, Any]"]
    );
}

/// prefect's "Use `get_logger()` from `prefect.logging` instead of raw `logging.getLogger()`"
/// reported the calls inside `get_logger` itself: a mandated call's defining file is where it
/// calls what it replaces.
#[test]
fn the_file_defining_a_mandated_call_is_left_out() {
    let i = "Use `get_logger()` from `prefect.logging` instead of raw `logging.getLogger()`";
    let wrapper = "def get_logger(name=None):\n    return logging.getLogger(name)\n";
    assert!(texts(i, "src/prefect/logging/loggers.py", wrapper).is_empty());
    assert_eq!(
        texts(
            i,
            "src/prefect/blocks/a.py",
            "logger = logging.getLogger(__name__)\n"
        ),
        ["logging.getLogger"]
    );
    let i = "Never access `EngineContext.run_results` directly via `id(obj)`. Always call `get_state_for_result(obj)`.";
    let wrapper = "def get_state_for_result(obj):\n    return ctx.run_results.get(id(obj))\n";
    assert!(texts(i, "src/prefect/utilities/engine.py", wrapper).is_empty());
}

/// prefect's "Don't use `load(validate=False)` as the normal path" reported `def load(`, and
/// "Don't call `register_type_and_schema()` manually" its own definition: a call with keyword
/// arguments is a call passing them, and a function's definition is no call of it.
#[test]
fn a_call_passes_its_keyword_arguments_and_a_definition_is_no_call() {
    let py = "def load(cls, name, validate=True):\n    pass\nBlock.load(\"x\", validate=False)\nBlock.load(\"y\")\nload(validate = False)\n";
    assert_eq!(
        lines_hit("Never use `load(validate=False)`.", "src/blocks/core.py", py),
        [(3, "load".to_string()), (5, "load".to_string())]
    );
    let py = "def register_type_and_schema(cls):\n    pass\nself.register_type_and_schema(_sync=True)\n";
    assert_eq!(
        lines_hit(
            "Don't call `register_type_and_schema()`.",
            "src/blocks/core.py",
            py
        ),
        [(3, "register_type_and_schema".to_string())]
    );
    let js = "function register() {}\nregister();\n";
    assert_eq!(
        lines_hit("Never call `register()`.", "src/a.js", js),
        [(2, "register".to_string())]
    );
    // "No `init()` functions": the functions themselves, defined.
    assert_eq!(
        texts("No `init()` functions.", "pkg/a.go", "func init() {\n}\n"),
        ["init"]
    );
}

/// prefect's "Don't change `_block_type_slug` after a block has been registered", "Don't call
/// `register_type_and_schema()` manually before `save()`" and "Do not add `stopPropagation()`
/// to these elements inside rows": when the code runs, and which things "these" are, no line
/// shows — left unchecked, and said.
#[test]
fn times_and_things_named_elsewhere_are_conditions() {
    let py = "class A(Block):\n    _block_type_slug = \"a\"\n    def f(self):\n        self.register_type_and_schema()\n        save()\n";
    assert_unchecked_because(
        "Don't change `_block_type_slug` after a block has been registered",
        "src/blocks/a.py",
        py,
        &["after a block has been registered"],
    );
    assert_unchecked_because(
        "Don't call `register_type_and_schema()` manually before `save()`",
        "src/blocks/a.py",
        py,
        &["before `save()`"],
    );
    assert_unchecked_because(
        "Never call `flush()` before closing the stream.",
        "src/a.py",
        "s.flush()\n",
        &["before closing the stream"],
    );
    assert_unchecked_because(
        "Pass `remove_from=os.environ` to also delete those `None`-keyed entries from an existing mapping.",
        "src/a.py",
        "def f(env: dict | None = None):\n    pass\n",
        &["those `None`"],
    );
    assert_unchecked_because(
        "No llames `save()` antes de validar el modelo.",
        "src/blocks/a.py",
        py,
        &["antes de validar"],
    );
    let tsx = "<button onClick={(e) => e.stopPropagation()} />\n";
    assert_unchecked_because(
        "Do not add `stopPropagation()` to these elements inside rows",
        "src/components/row.tsx",
        tsx,
        &["to these elements"],
    );
    // A place in the text, or said outright: checked.
    assert_eq!(
        texts("Never call `register_type_and_schema()`.", "src/blocks/a.py", py),
        ["register_type_and_schema"]
    );
    assert_eq!(
        texts(
            "Do not add `stopPropagation()` to buttons.",
            "src/components/row.tsx",
            tsx
        ),
        ["stopPropagation"]
    );
}

/// "Remove `debugger` statements before committing": the code as it lands is all of it — no
/// time condition.
#[test]
fn before_committing_is_no_condition() {
    let js = "function f() {\n  debugger;\n}\n";
    for rule in [
        "Remove `debugger` statements before committing.",
        "Eliminar las sentencias `debugger` antes de hacer commit.",
    ] {
        assert_eq!(texts(rule, "src/a.js", js), ["debugger"], "{rule}");
    }
}

#[test]
fn a_skip_forbidden_in_tests_is_a_skipped_test_not_any_skip() {
    let rule = "No dejes tests pendientes usando `skip`.";
    let spec =
        "it.skip('pays', () => {});\n// it.skip stays out of main\nconst page = { skip: 10, take: 5 };\n";
    assert_eq!(texts(rule, "src/app/pay.spec.ts", spec), ["it.skip"]);
    assert!(texts(rule, "src/db.ts", "await db.find({ skip: 10 });\n").is_empty());
}

#[test]
fn mandated_lombok_rules_out_hand_written_accessors() {
    let i = "Use Lombok for boilerplate (Getter, Setter, Builder, RequiredArgsConstructor).";
    let dto = "public class BrandDto {\n    private String id;\n    private List<String> tags;\n\n    public String getId() { return id; }\n\n    public void setId(String id) { this.id = id; }\n\n    public List<String> getTags() {\n        return this.tags;\n    }\n\n    public boolean isEmpty() { return tags.isEmpty(); }\n\n    public String getLabel() {\n        return String.format(\"%s\", id);\n    }\n    // public String getOld() { return old; }\n}\n";
    assert_eq!(
        texts(i, "src/main/java/BrandDto.java", dto),
        ["getId", "setId", "getTags"]
    );
    let preferred = "The use of Lombok is preferred over writing custom code";
    assert_eq!(texts(preferred, "src/main/java/BrandDto.java", dto).len(), 3);
    // Forbidden, Lombok rules out nothing (its imports are the packages pass's); Kotlin's
    // properties are no accessors.
    assert!(texts("Do not use Lombok.", "src/main/java/BrandDto.java", dto).is_empty());
    assert!(
        texts(
            i,
            "src/main/kotlin/Brand.kt",
            "fun getId(): String { return id }\n"
        )
        .is_empty()
    );
}

#[test]
fn v_if_with_v_for_is_read_as_both_on_one_element() {
    let vue = "<template>\n  <li v-for=\"t in todos\" v-if=\"!t.done\" :key=\"t.id\">{{ t }}</li>\n  <option v-if=\"advanced\" v-for=\"o in options\">{{ o }}</option>\n  <template v-for=\"t in todos\">\n    <span v-if=\"t.done\">{{ t }}</span>\n  </template>\n  <p v-if=\"empty\">None</p>\n</template>\n";
    for rule in [
        "Never combine `v-if` with `v-for` on the same element.",
        "Never use v-if and v-for on the same element",
        "Avoid `v-if` with `v-for`.",
        "Use a computed property instead of `v-if` with `v-for`.",
        "No uses `v-if` junto con `v-for` en el mismo elemento.",
    ] {
        assert_eq!(
            lines_hit(rule, "src/List.vue", vue),
            [(2, "v-if".into()), (3, "v-if".into())],
            "{rule}"
        );
    }
    // The two in different clauses: the rule is about something else.
    assert!(
        !explained("Always use `v-for` with `:key`; never `v-if` on the root element")
            .contains("vue-if-with-for")
    );
}

#[test]
fn field_injection_forbidden_or_ruled_out_by_constructor_injection() {
    let java = "@Service\npublic class QuizService {\n    @Autowired\n    private QuizRepository quizRepository;\n\n    private final TopicRepository topics;\n\n    @Autowired\n    public QuizService(TopicRepository topics) {\n        this.topics = topics;\n    }\n}\n";
    for rule in [
        "Use `@RequiredArgsConstructor` (Lombok) for constructor injection — never `@Autowired` on fields.",
        "Avoid `@Autowired` on fields.",
        "Prefer constructor injection over field injection.",
        "Use constructor injection (not @Autowired fields).",
        "Avoid field injection.",
        "Usa inyección de dependencias por constructor.",
    ] {
        assert_eq!(
            lines_hit(rule, "src/main/java/QuizService.java", java),
            [(3, "@Autowired".into())],
            "{rule}"
        );
    }
    // Mandated on fields, described, or the rule is about another language's injection:
    // nothing.
    assert!(
        texts(
            "Our Spring beans get `@Autowired` fields.",
            "src/main/java/QuizService.java",
            java
        )
        .is_empty()
    );
    assert!(
        texts(
            "Use `@Autowired` on fields.",
            "src/main/java/QuizService.java",
            java
        )
        .is_empty()
    );
    assert!(
        texts(
            "Use constructor injection in Angular services",
            "src/main/java/QuizService.java",
            java
        )
        .is_empty()
    );
    assert!(
        explained("Use constructor injection in Angular services")
            .contains("not checked: its detector constructor-injection")
    );
}

#[test]
fn optional_forbidden_as_field_or_parameter_not_as_return_type() {
    let java = "public class CouponService {\n    private Optional<String> lastCode = Optional.empty();\n\n    public Optional<Coupon> find(String code) {\n        Optional<Coupon> found = repo.find(code);\n        return found;\n    }\n\n    public Coupon issue(String id, Optional<String> userId) {\n        return null;\n    }\n}\n";
    for rule in [
        "Use Optional only for return types, not fields or method parameters.",
        "Don't use Optional as a field or parameter type.",
        "No uses `Optional` en campos ni parámetros.",
    ] {
        assert_eq!(
            lines_hit(rule, "src/main/java/CouponService.java", java),
            [(2, "Optional".into()), (9, "Optional".into())],
            "{rule}"
        );
        // Java's `Optional`, not the npm package `optional`.
        assert!(!explained(rule).contains("read as a package"), "{rule}");
    }
    // Python's `Optional` is a type hint, and "Use Optional for return types" forbids nothing.
    assert!(
        !explained("In Python, don't use Optional for fields or parameters")
            .contains("optional-field-or-parameter")
    );
    assert!(
        texts(
            "Use Optional for return types.",
            "src/main/java/CouponService.java",
            java
        )
        .is_empty()
    );
}

#[test]
fn a_two_word_concept_written_as_two_code_spans() {
    let js = "export async function load(u) {\n  return fetch(u).then((r) => r.json());\n}\n";
    for rule in [
        "`async`/`await` para asincronía.",
        "`async`/`await` for async code.",
        "Use `async` `await`, not callbacks.",
    ] {
        assert_eq!(texts(rule, "src/lib/data.js", js), ["then"], "{rule}");
    }
    // Forbidden, the two spans are the keywords themselves.
    assert_eq!(
        texts("Do not use `async` / `await`.", "src/lib/data.js", js),
        ["async"]
    );
    // One span alone is still the code it spells: no concept is read from `await`.
    assert!(!explained("Never use `await` in loops.").contains("async-await"));
}

#[test]
fn async_await_mandated_in_csharp_rules_out_blocking_on_tasks() {
    let cs = "class OrderService {\n    Order Get(int id) {\n        var order = _repo.FindAsync(id, ct).Result;\n        _repo.ArchiveAsync(id, ct).Wait();\n        var ok = validation.Result;\n        _repo.SaveAsync()\n            .GetAwaiter().GetResult();\n        return order;\n    }\n}\n";
    for rule in [
        "Prefer async and await over synchronous code.",
        "Use `async`/`await` end-to-end with `CancellationToken` propagation",
        "In C#, always use async/await.",
    ] {
        assert_eq!(
            texts(rule, "src/OrderService.cs", cs),
            ["Result", "Wait", "GetResult"],
            "{rule}"
        );
    }
    // A rule about TypeScript checks no C#.
    assert!(texts("Use async/await in TypeScript", "src/OrderService.cs", cs).is_empty());
}

#[test]
fn swift_concurrency_mandated_rules_out_grand_central_dispatch() {
    let swift = "actor FileStore {\n    func load(completion: @escaping (String?) -> Void) {\n        DispatchQueue.global(qos: .userInitiated).async {\n            completion(nil)\n        }\n    }\n    func show() {\n        // no more DispatchQueue.main.async here\n        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { }\n        Task { try await Task.sleep(for: .seconds(2)) }\n    }\n}\n";
    for rule in [
        "modern Swift concurrency (async/await, Task, actors)",
        "Use Swift concurrency instead of GCD",
        "Prefer async/await over completion handlers",
    ] {
        assert_eq!(
            texts(rule, "Services/FileStore.swift", swift),
            ["DispatchQueue.global", "DispatchQueue.main.asyncAfter"],
            "{rule}"
        );
    }
    // A rule about TypeScript checks no Swift.
    assert!(texts("Use async/await in TypeScript", "Services/FileStore.swift", swift).is_empty());
}

#[test]
fn a_target_after_on_and_a_determiner_is_a_condition() {
    // A style forbidden for one kind of element, which no file or line tells apart.
    assert_unchecked_because(
        "**Never** use `border-radius: 9999px` for buttons — that's the pill container shape only",
        "src/a.scss",
        ".tabs {\n  border-radius: 9999px;\n}\n.save-button {\n  border-radius: 9999px;\n}\n",
        &["for buttons"],
    );
    // The element it is put on, which no check of `v-if` alone sees.
    let vue = "<template>\n  <template v-if=\"ok\"><p v-if=\"y\">b</p></template>\n</template>\n";
    assert_unchecked_because(
        "never `v-if` on a `<template>`",
        "src/A.vue",
        vue,
        &["on a `<template>`"],
    );
    assert_unchecked_because(
        "Never put `onClick` on a `<div>`",
        "src/A.tsx",
        "<div onClick={f} />\n<button onClick={f} />\n",
        &["on a `<div>`"],
    );
}

/// Angular: "no NgModules" flags a declaration put into one (`standalone: false`) beside the
/// module itself; "don't add standalone properties to decorators" flags the redundant
/// `standalone: true` (sandbox's and tecnualng's rules).
#[test]
fn angular_modules_and_the_standalone_property() {
    let ts = concat!(
        "@NgModule({ declarations: [A] })\n",
        "export class M {}\n",
        "@Component({\n  selector: 'a',\n  standalone: false,\n})\nexport class A {}\n",
        "@Pipe({ name: 'p', standalone: true })\nexport class P {}\n",
        "// standalone: false was needed before Angular 19\n",
    );
    assert_eq!(
        texts(
            "4. **Componentes standalone con OnPush** - no usar NgModules",
            "src/a.ts",
            ts
        ),
        ["@NgModule", "standalone: false"]
    );
    assert_eq!(
        texts(
            "Use standalone components by default - don't add standalone properties to decorators as it's implicit",
            "src/a.ts",
            ts
        ),
        ["standalone: false", "standalone: true"]
    );
    // Mandated, the property is not a thing a file lacks.
    assert!(texts("Always set the standalone property.", "src/a.ts", ts).is_empty());
}
