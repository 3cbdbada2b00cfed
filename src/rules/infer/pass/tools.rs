//! Tools pass: forbidden tools, commands and flags ("`npm`", "instead of pnpm", "`git push
//! --force`") are matched only where commands run — scripts, CI files, Makefiles, Dockerfiles,
//! `package.json` scripts, shell blocks in docs — never in prose.

use super::super::Term;
use super::super::concepts;
use super::super::files::{self, FileScope, Lang};
use super::super::imports;
use super::super::literal::{self, LitKind};
use super::super::phrases::{Entity, Role, Trig};
use super::super::text::{Token, clauses_with_ends};
use super::super::words::{self, TOOLS};
use super::{At, Context, Found, Route, dedup_strings, wordlike_tool};
use crate::rules::model::Within;

pub fn run(ctx: &Context, out: &mut Found) {
    // (tool or command, the words that forbade it), in the order of the mentions.
    let mut tools: Vec<(String, String)> = Vec::new();
    let mut commands: Vec<(String, String)> = Vec::new();
    for (i, f) in ctx.routed(Route::Tools) {
        // A tool that is also a package (`eslint`, `black`, `vite`): a dependency of the
        // project's manifests too — unless the rule speaks of it as a command to run.
        let name = match &f.entity {
            Entity::Code { text, .. } => Some(text.as_str()),
            Entity::Term(term) => Some(term.as_str()),
            _ => None,
        };
        if let Some(name) = name.filter(|n| !n.contains(' '))
            && imports::is_known_package(name)
            && !matches!(&f.entity, Entity::Code { text, .. } if ctx.called_a_command(text))
            && !matches!(&f.entity, Entity::Term(_) if ctx.speaks_of_commands())
        {
            super::packages::package(
                ctx,
                out,
                At::Mention(i),
                name,
                f,
                "a tool that is also a package",
                super::packages::Covered::Nothing,
            );
        }
        match &f.entity {
            Entity::Code { text, .. } => {
                let Ok(lit) = literal::classify(text) else {
                    continue;
                };
                // An identifier when the rule names it as a command (`Context::route`).
                debug_assert!(matches!(
                    lit.kind,
                    LitKind::Command | LitKind::Flag | LitKind::Identifier
                ));
                // "… Do not run `pnpm docs:translate` as routine verification.": a sentence of
                // its own about what the agent runs, whatever the rule's other sentences name.
                if lit.kind == LitKind::Command
                    && let Some(words) = agent_sentence(ctx, f.clause)
                {
                    out.note(
                        At::Mention(i),
                        format!(
                            "`{}` not checked: its sentence is about what the agent does (from \"{words}\")",
                            lit.text
                        ),
                    );
                    continue;
                }
                if TOOLS.contains(&lit.text.as_str()) {
                    tools.push((lit.text.clone(), f.trigger.clone()));
                } else {
                    commands.push((lit.text.clone(), f.trigger.clone()));
                }
            }
            Entity::Term(term) => {
                let lower = term.to_lowercase();
                let instead_like = matches!(f.trig, Some(Trig::Instead | Trig::Over | Trig::Replace));
                if !wordlike_tool(&lower) || instead_like {
                    tools.push((lower, f.trigger.clone()));
                }
            }
            _ => {}
        }
    }
    if tools.is_empty() && commands.is_empty() {
        rivals_of_mandated(ctx, out);
    } else {
        let spared = mandated_manager(ctx, &tools, &commands);
        command_checks(ctx, out, &tools, &commands, &spared, true);
    }
}

/// "Use `pnpm`, not npm or yarn": when every tool the rule forbids is a rival of a package
/// manager it mandates, that manager is spared as in "Use pnpm" alone: a line installing it
/// with a rival is how the project gets it.
fn mandated_manager(ctx: &Context, tools: &[(String, String)], commands: &[(String, String)]) -> Vec<String> {
    let mandated: Vec<&'static str> = ctx
        .found
        .iter()
        .filter(|f| f.role == Role::Mandate && !f.conditional)
        .filter_map(|f| match &f.entity {
            Entity::Term(name) | Entity::Code { text: name, .. } => words::package_manager(name),
            _ => None,
        })
        .collect();
    let rival = |tool: &str| mandated.iter().any(|m| words::named_rival_of(m, tool));
    // Commands forbidden beside them (`python` for "`uv run` (not `python`)") install nothing.
    let installers = commands.iter().all(|(c, _)| !c.contains(' '));
    if mandated.is_empty() || !installers || tools.is_empty() || !tools.iter().all(|(t, _)| rival(t)) {
        return Vec::new();
    }
    dedup_strings(mandated.iter().map(|m| m.to_string()))
}

/// The words that make the sentence holding clause `clause` about the agent's actions, read as a
/// rule of its own — when the rule has other sentences and mandates no tool ("Use pnpm only.
/// Never run `npm install`" forbids the project's commands).
fn agent_sentence(ctx: &Context, clause: usize) -> Option<String> {
    let all = clauses_with_ends(ctx.tokens);
    let ends = |c: &(&[Token], Option<&str>)| matches!(c.1, Some("." | "!" | "?") | None);
    let first = all[..clause.min(all.len())]
        .iter()
        .rposition(ends)
        .map_or(0, |k| k + 1);
    let last = all.iter().skip(clause).position(ends).map(|k| k + clause)?;
    if (first == 0 && last + 1 >= all.len()) || super::behaviour::mandates_a_tool(ctx.found) {
        return None;
    }
    let at = |t: &Token| ctx.tokens.iter().position(|x| std::ptr::eq(x, t));
    let start = at(all.get(first)?.0.first()?)?;
    let end = at(all.get(last)?.0.last()?)? + 1;
    let sentence = &ctx.tokens[start..end];
    let found = super::super::phrases::read(sentence);
    let named = files::named(sentence);
    super::behaviour::agent_words(sentence, &found, &named)
}

/// "Use pnpm", "`uv` for dependency management": a package manager the rule mandates rules out
/// the others of its ecosystem where commands run, and a wrapper ("Use the Maven wrapper:
/// `./mvnw`") the tool it wraps — when the rule forbids no tool itself (then
/// what it names is what it means), and never where the mandated one is installed with a rival.
fn rivals_of_mandated(ctx: &Context, out: &mut Found) {
    let mut mandated: Vec<(String, String)> = Vec::new();
    let mut wrapped: Vec<(String, String)> = Vec::new();
    let ends = clauses_with_ends(ctx.tokens);
    let all: Vec<&[Token]> = ends.iter().map(|(clause, _)| *clause).collect();
    for f in ctx.found.iter().filter(|f| {
        !f.conditional
            && (f.role == Role::Mandate
                || (f.role == Role::Neutral && all.get(f.clause).is_some_and(|c| names_the_manager(c))))
    }) {
        let (Entity::Term(name) | Entity::Code { text: name, .. }) = &f.entity else {
            continue;
        };
        // "Use the Maven wrapper: `./mvnw …`": the system-wide tool it wraps is what it rules
        // out, wherever the rule says it.
        if f.role == Role::Mandate
            && let Some(tool) = words::wrapped_tool(name)
        {
            if !wrapped.iter().any(|(t, _)| t == tool) {
                wrapped.push((tool.to_string(), format!("{} {name}", f.trigger)));
            }
            continue;
        }
        let Some(tool) = words::package_manager(name) else {
            continue;
        };
        // "Use yarn for the docs site" asks for yarn in a part of the project: no rivals, and
        // no precedence over a rule for the whole of it.
        if !all.get(f.clause).is_some_and(|clause| for_the_project(clause)) {
            out.mandates.retain(|t| t.key != tool);
            continue;
        }
        if !mandated.iter().any(|(t, _)| t == tool) {
            let said = if f.trigger.is_empty() {
                format!("{tool} for dependency management")
            } else {
                format!("{} {tool}", f.trigger)
            };
            mandated.push((tool.to_string(), said));
        }
    }
    // "Dependency Management using uv.": a clause of nothing but managing the project's
    // dependencies names its manager, unquoted and with no verb; so does the clause after such
    // a label ("Dependency management: uv").
    let said = |c: &[Token]| c.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
    for (k, clause) in all.iter().enumerate() {
        let labelled = k > 0
            && ends.get(k - 1).is_some_and(|(label, end)| {
                *end == Some(":") && names_the_manager(label) && for_the_project(label)
            });
        if !(labelled || names_the_manager(clause)) || !for_the_project(clause) {
            continue;
        }
        for t in clause.iter().filter(|t| t.is_word()) {
            if let Some(tool) = words::package_manager(&t.lower)
                && !mandated.iter().any(|(m, _)| m == tool)
            {
                let words = if labelled {
                    format!("{}: {}", said(ends[k - 1].0), said(clause))
                } else {
                    said(clause)
                };
                mandated.push((tool.to_string(), words));
            }
        }
    }
    let rivals: Vec<(String, String)> = mandated
        .iter()
        .flat_map(|(tool, trigger)| {
            words::package_manager_rivals(tool)
                .filter(|r| !mandated.iter().any(|(t, _)| t == r))
                .map(move |r| (r.to_string(), trigger.clone()))
        })
        .chain(wrapped)
        .collect();
    if rivals.is_empty() {
        return;
    }
    // For precedence too: a newer "Use npm" retires an older "Use pnpm", and the other way.
    for (rival, trigger) in &rivals {
        let term = Term {
            text: rival.clone(),
            key: rival.clone(),
            exact: None,
            trigger: trigger.clone(),
        };
        if !out.forbids.iter().any(|t| t.same(&term)) {
            out.forbids.push(term);
        }
    }
    let spared: Vec<String> = mandated.into_iter().map(|(t, _)| t).collect();
    // A README's install lines are its readers' where a package manager is mandated; a
    // wrapper's tool (`mvn` for `./mvnw`) is the project's own command there too.
    let readme = spared.is_empty();
    command_checks(ctx, out, &rivals, &[], &spared, readme);
}

/// Whether a clause mandating a package manager is about the whole project — its words are
/// the mandate and "for dependency management", "only", "always" — not a part of it or a
/// purpose ("for the frontend only", "to run the dev server", "for the docs site").
fn for_the_project(clause: &[Token]) -> bool {
    clause.iter().filter(|t| t.is_word()).all(|t| {
        words::package_manager(&t.lower).is_some()
            || words::EXCLUSIVE_WORDS.contains(&t.lower.as_str())
            || matches!(
                t.lower.as_str(),
                "use"
                    | "always"
                    | "only"
                    | "must"
                    | "should"
                    | "we"
                    | "the"
                    | "a"
                    | "as"
                    | "our"
                    | "for"
                    | "and"
                    | "all"
                    | "everything"
                    | "package"
                    | "packages"
                    | "manager"
                    | "management"
                    | "dependency"
                    | "dependencies"
                    | "deps"
                    | "installing"
                    | "installs"
                    | "formatting"
                    | "instead"
                    | "usa"
                    | "usar"
                    | "siempre"
                    | "solo"
                    | "sólo"
                    | "únicamente"
                    | "para"
                    | "el"
                    | "la"
                    | "los"
                    | "como"
                    | "gestor"
                    | "gestión"
                    | "de"
                    | "paquetes"
                    | "dependencias"
                    | "todo"
                    | "y"
                    | "to"
                    | "manage"
                    | "managing"
                    | "using"
                    | "project"
                    | "environment"
                    | "environments"
                    | "venv"
                    | "virtualenv"
                    | "python"
                    | "node"
                    | "nodejs"
                    | "javascript"
                    | "typescript"
                    | "js"
                    | "ts"
                    | "install"
                    | "update"
                    | "upgrade"
                    | "instalar"
                    | "actualizar"
                    | "gestionar"
                    | "entorno"
                    | "entornos"
                    | "proyecto"
                    | "del"
                    | "con"
                    | "with"
            )
    })
}

/// "Gestión de dependencias con `uv`", "Dependency management with `uv`", "Dependency Management
/// using uv": a clause about managing dependencies names the package manager the project uses,
/// with no word that mandates it.
fn names_the_manager(clause: &[Token]) -> bool {
    clause
        .iter()
        .any(|t| t.is_word() && matches!(t.lower.as_str(), "management" | "manager" | "gestión" | "gestor"))
}

/// Files that run commands for the project, by the word a rule mandates them with and the
/// runner's own command (`just`, quoted: "prefer `just` commands over direct `cargo` commands").
const MANDATED_RUNNERS: &[(&str, &str, &[&str])] = &[
    ("makefile", "make", &["**/Makefile", "**/*.mk"]),
    ("justfile", "just", &["**/Justfile", "**/justfile", "**/*.just"]),
    ("taskfile", "task", &["**/Taskfile.yml", "**/Taskfile.yaml"]),
];

/// A package manager's subcommands that are not a script of the project's.
const MANAGER_SUBCOMMANDS: &[&str] = &[
    "install",
    "i",
    "ci",
    "add",
    "remove",
    "rm",
    "uninstall",
    "update",
    "up",
    "upgrade",
    "dlx",
    "exec",
    "x",
    "create",
    "init",
    "publish",
    "link",
    "audit",
    "pack",
    "version",
];

/// "Use the local `pnpm typecheck` / `pnpm test` scripts rather than writing `tsc`/`vitest`
/// invocations": the rule mandates the project's package scripts, whose definitions in
/// `package.json` run the forbidden commands — what they are for.
fn mandates_package_scripts(ctx: &Context) -> bool {
    ctx.found.iter().any(|f| {
        f.role == Role::Mandate
            && matches!(&f.entity, Entity::Code { text, .. } if {
                let mut words = text.split_whitespace();
                let manager = words.next().is_some_and(|w| matches!(w, "npm" | "pnpm" | "yarn" | "bun"));
                let script = match words.next() {
                    Some("run" | "run-script") => words.next().is_some(),
                    Some(w) => !MANAGER_SUBCOMMANDS.contains(&w) && !w.starts_with('-'),
                    None => false,
                };
                manager && script
            })
    })
}

/// The scripts a rule names and does not forbid — "Use `./start_server.sh` instead of `mix
/// phx.server`": the script the rule asks for runs the forbidden command itself, which is what
/// it is for.
fn named_scripts(ctx: &Context) -> Vec<String> {
    let forbidden: Vec<&str> = ctx
        .found
        .iter()
        .filter(|f| f.role == Role::Forbid)
        .filter_map(|f| match &f.entity {
            Entity::Code { text, .. } | Entity::Place { path: text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    ctx.tokens
        .iter()
        .map(|t| t.text.trim_matches('`'))
        .filter(|text| !forbidden.contains(text))
        .filter_map(|text| {
            let path = text.trim().trim_start_matches("./");
            let script = [".sh", ".bash", ".zsh", ".ps1"].iter().any(|e| path.ends_with(e))
                || (text.starts_with("./") && !path.contains(' '));
            let plain = !path.is_empty()
                && path
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-'))
                && !path.starts_with('.')
                && !path.contains("..");
            (script && plain).then(|| path.to_string())
        })
        .collect()
}

/// `spared`: the package managers the rule mandates, whose rivals `tools` are; `readme`: the
/// project's Markdown command lines are checked too.
fn command_checks(
    ctx: &Context,
    out: &mut Found,
    tools: &[(String, String)],
    commands: &[(String, String)],
    spared: &[String],
    readme: bool,
) {
    if tools.is_empty() && commands.is_empty() {
        return;
    }
    let triggers = dedup_strings(tools.iter().chain(commands).map(|(_, w)| w.clone()));
    let tools: Vec<String> = dedup_strings(tools.iter().map(|(t, _)| t.clone()));
    let commands: Vec<String> = dedup_strings(commands.iter().map(|(c, _)| c.clone()));
    let only: Vec<Lang> = ctx
        .named
        .langs()
        .into_iter()
        .filter(|l| l.is_command_context())
        .collect();
    // "in docs and scripts": scripts are shell files and package.json scripts.
    let scripts = !only.is_empty() && ctx.says(&["scripts", "script"]);
    let mut only = only;
    if scripts && !only.contains(&Lang::Shell) {
        only.push(Lang::Shell);
    }
    // Flags alone (`--force`) are matched anywhere in command files, not at a command position.
    let (flags, full): (Vec<String>, Vec<String>) = commands.into_iter().partition(|c| c.starts_with('-'));
    let what = tools
        .iter()
        .chain(&full)
        .map(|t| format!("`{t}`"))
        .collect::<Vec<_>>()
        .join(", ");
    // "Always use the Makefile. Never run raw `go test`": the mandated runner is where the
    // command belongs.
    let runners: Vec<String> = MANDATED_RUNNERS
        .iter()
        .filter(|(word, command, _)| {
            ctx.found.iter().any(|f| {
                f.role == Role::Mandate
                    && match &f.entity {
                        Entity::Term(t) => t.to_lowercase().split(' ').any(|w| w == *word),
                        Entity::Code { text, .. } => {
                            text.to_lowercase().split(' ').any(|w| w == *word)
                                || text.split(' ').next() == Some(*command)
                        }
                        _ => false,
                    }
            })
        })
        .flat_map(|(_, _, globs)| globs.iter().map(|g| g.to_string()))
        .chain(named_scripts(ctx))
        .chain(mandates_package_scripts(ctx).then(|| "**/package.json".to_string()))
        .collect();
    for c in concepts::command_checks(&tools, &full, &only, scripts, spared, readme) {
        // The files' own exclusions (`!CHANGELOG*`) stay exclusions when folders narrow the rest.
        let (exclude, include): (Vec<String>, Vec<String>) =
            c.files.iter().cloned().partition(|g| g.starts_with('!'));
        let mut scope = FileScope {
            include,
            exclude,
            ..FileScope::default()
        };
        ctx.narrow(&mut scope);
        for glob in &runners {
            scope.except(glob);
        }
        let mandated = spared
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let explanation = if spared.is_empty() {
            format!(
                "forbidden command {what} after \"{}\", matched only where commands run: {}",
                triggers.join("\", \""),
                c.context
            )
        } else if readme {
            // The rule names the rivals itself ("Use `pnpm`, not npm or yarn").
            format!(
                "forbidden command {what} after \"{}\" — installing {mandated} with them is left alone; matched only where commands run: {}",
                triggers.join("\", \""),
                c.context
            )
        } else {
            format!(
                "forbidden command {what}: the rivals of {mandated}, which the rule mandates (\"{}\") — installing {mandated} with them is left alone; matched only where commands run: {}",
                triggers.join("\", \""),
                c.context
            )
        };
        out.check(
            At::Commands,
            ctx.pattern_check(c.pattern, scope, None, explanation, Within::Any),
        );
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
        out.check(
            At::Commands,
            ctx.pattern_check(literal::generic(&flag), scope, None, explanation, Within::Code),
        );
    }
}
