//! Behaviour: rules about what the agent does rather than about the code — "don't run `pnpm
//! dev`", "always run the tests before committing", "ask before adding dependencies", "never use
//! curl against our API", "no ejecutes comandos de build", "usa `rg` para buscar". Read from a
//! verb of acting (run, execute, commit, push, ask, ejecutar…) after a negation or "always" (or
//! opening the rule), a tool used against something or for the agent's own work, or "the command
//! `x`" — and no word putting the rule in the project's files (a language, a folder, tests,
//! "scripts", "code"). Such a rule gets no check: it would fire on the user's own scripts and
//! READMEs. A rule that mandates a tool for the project ("Use pnpm only. Never run `npm
//! install`", "use pnpm, never npm") is not one: its forbidden tools stay checked where commands
//! run.

use super::super::concepts::{CONCEPTS, HARDCODED_SECRET, is_tool};
use super::super::imports;
use super::super::phrases::{Entity, Role};
use super::super::text::{Kind, Token, clauses};
use super::super::words::{
    AGENT_INVESTIGATIONS, AGENT_PURPOSES, AGENT_RULE_WORDS, AGENT_TRIALS, AGENT_VERB_FILLER, AGENT_VERBS,
    CODE_PLACE_WORDS, SERVER_STARTS, SERVER_WORDS, TRIAL_OBJECTS,
};
use super::super::{files::Named, phrases::Mention};

/// The agent's proposing, after "before" / "antes de".
const SUGGESTING: &[&str] = &[
    "suggesting",
    "proposing",
    "recommending",
    "sugerir",
    "proponer",
    "recomendar",
];

/// Whether the rule mandates a tool ("Use pnpm only"): then the commands it forbids are the
/// project's, checked where commands run.
pub fn mandates_a_tool(found: &[Mention]) -> bool {
    found.iter().any(|f| {
        f.role == Role::Mandate
            && match &f.entity {
                Entity::Term(t) => t.split(' ').next().is_some_and(|w| is_tool(&w.to_lowercase())),
                Entity::Code { text, .. } => {
                    text.split(' ').next().is_some_and(is_tool) && !is_invocation_template(text)
                }
                _ => false,
            }
    })
}

/// "Use `vitest path/to/test -t <pattern>`": a command line with blanks to fill in is what the
/// agent types, not the project's choice of tool.
fn is_invocation_template(command: &str) -> bool {
    command.split(' ').skip(1).any(|arg| {
        (arg.starts_with('<') && arg.ends_with('>'))
            || (arg.starts_with('{') && arg.ends_with('}'))
            || arg.starts_with("path/to")
            || arg.contains("...")
            || arg.contains('…')
    })
}

/// The names projects give their scripts (`npm run build`, `make test`): a rule choosing
/// between them chooses what to run.
const SCRIPT_NAMES: &[&str] = &[
    "build",
    "test",
    "tests",
    "dev",
    "start",
    "lint",
    "typecheck",
    "type-check",
    "check",
    "format",
    "fmt",
    "serve",
    "watch",
    "preview",
    "clean",
    "bench",
    "coverage",
    "e2e",
    "ci",
    "verify",
];

/// The words that make a rule about the agent's actions, if it is one.
pub fn agent_words(tokens: &[Token], found: &[Mention], named: &Named) -> Option<String> {
    // "Do NOT `cd` into packages": moving around the tree is the agent's doing, never code's.
    // "Se utiliza ';' para la ejecucion en la terminal. No se usa '&&'.": so is chaining
    // commands when no language is named — not every `&&` of the project's JavaScript (a rule on
    // shell scripts names them: "in bash scripts, …").
    let sessions = |span: &str| is_navigation(span) || (span.trim() == "&&" && named.langs().is_empty());
    let forbidden = |span: &Token| {
        found.iter().any(|f| {
            f.role == Role::Forbid && matches!(&f.entity, Entity::Code { text, .. } if *text == span.text)
        })
    };
    if let Some(span) = tokens
        .iter()
        .find(|t| t.is_code() && sessions(&t.text) && forbidden(t))
    {
        return Some(format!("`{}`", span.text));
    }
    // "Use `typecheck`. Never use `build` for these": a choice between the project's scripts,
    // which is what the agent runs to verify — `this.build` in code is no such choice.
    let script = |t: &&Token| t.is_code() && SCRIPT_NAMES.contains(&t.text.as_str());
    // Folders the rule names (`apps/*`) are where, not what.
    let spans: Vec<&Token> = tokens
        .iter()
        .filter(|t| t.is_code() && !t.text.contains(['/', '*']))
        .collect();
    if spans.len() >= 2
        && spans.iter().all(script)
        && found
            .iter()
            .any(|f| f.role == Role::Mandate && matches!(f.entity, Entity::Code { .. }))
        && found
            .iter()
            .any(|f| f.role == Role::Forbid && matches!(f.entity, Entity::Code { .. }))
    {
        let names: Vec<String> = spans.iter().map(|t| format!("`{}`", t.text)).collect();
        return Some(format!("{} (scripts to run)", names.join(", ")));
    }
    // "Use Eloquent models before suggesting raw queries": an order for the agent's suggestions,
    // which the project's files hold no trace of.
    let words: Vec<&Token> = tokens.iter().filter(|t| t.is_word()).collect();
    for (i, w) in words.iter().enumerate() {
        let end = match w.lower.as_str() {
            "before" => i + 1,
            "antes" if words.get(i + 1).is_some_and(|d| d.lower == "de") => i + 2,
            _ => continue,
        };
        if words
            .get(end)
            .is_some_and(|v| SUGGESTING.contains(&v.lower.as_str()))
        {
            let said: Vec<&str> = words[i..=end].iter().map(|t| t.text.as_str()).collect();
            return Some(said.join(" "));
        }
    }
    // "Your responses should include examples", "Keep README.md up to date": what the agent
    // writes to the user, and keeping things current, are its doing — when that is the whole
    // rule: "Keep dependencies up to date and never use `moment`" still forbids `moment`.
    let alone = sentences_with_words(tokens) <= 1
        && !found
            .iter()
            .any(|f| f.role == Role::Forbid || matches!(f.entity, Entity::Code { .. }));
    for clause in clauses(tokens).into_iter().filter(|_| alone) {
        let words: Vec<(usize, &Token)> = clause.iter().enumerate().filter(|(_, t)| t.is_word()).collect();
        let lower: Vec<&str> = words.iter().map(|(_, t)| t.lower.as_str()).collect();
        // "Responses from the API …" is about code: only the agent's own ("your", "tus").
        if let [possessive, what, ..] = lower.as_slice()
            && matches!(*possessive, "your" | "tus")
            && AGENT_OUTPUTS.contains(what)
        {
            return Some(said(clause, words[0].0, words[1].0));
        }
        // "Keep responses concise", "Prefer brief, clear responses": the agent's, unless a
        // word before says whose ("API responses", "error responses").
        if let Some(k) = lower.iter().position(|w| AGENT_OUTPUTS.contains(w))
            && !lower[..k].last().is_some_and(|w| OUTPUT_OWNERS.contains(w))
            && !clause.iter().any(Token::is_code)
            // Their length or tone, not what the code does with them ("Validate responses").
            && lower.iter().any(|w| TONE_WORDS.contains(w))
        {
            return Some(said(clause, words[k].0, words[k].0));
        }
        // "Explica los cambios …", "Explain your changes": telling the user what it did.
        if let [verb, rest @ ..] = lower.as_slice()
            && EXPLAIN_VERBS.contains(verb)
            && rest.iter().take(3).any(|w| CHANGE_WORDS.contains(w))
        {
            let j = 1 + rest.iter().position(|w| CHANGE_WORDS.contains(w)).unwrap_or(0);
            return Some(said(clause, words[0].0, words[j].0));
        }
        // "Keep changes scoped and minimal", "Prefer small, reversible steps": the size of the
        // agent's own changes, which no file shows.
        if let Some(k) = lower.iter().position(|w| WORK_UNITS.contains(w))
            && lower.iter().any(|w| CHANGE_SIZES.contains(w))
            && !clause.iter().any(Token::is_code)
        {
            return Some(said(clause, words[0].0, words[k].0));
        }
        if let Some(i) = lower.iter().position(|w| KEEP_VERBS.contains(w)) {
            let current = lower[i + 1..].iter().position(|w| CURRENT_WORDS.contains(w));
            let up_to_date = lower[i + 1..]
                .windows(3)
                .position(|w| w == ["up", "to", "date"])
                .map(|k| k + 2);
            if let Some(j) = current.or(up_to_date) {
                return Some(said(clause, words[i].0, words[i + 1 + j].0));
            }
        }
    }
    // "Commit code without …": the object of a verb the rule opens with is no place of code.
    let opening_verb = tokens
        .first()
        .is_some_and(|t| t.is_word() && AGENT_VERBS.contains(&t.lower.as_str()));
    // Named places of code: languages, command contexts, tests, folders, "scripts", "code".
    let in_files = !named.langs.is_empty()
        || named.not_tests.is_some()
        || named.only_tests.is_some()
        || found.iter().any(|f| matches!(f.entity, Entity::Place { .. }))
        || tokens.iter().enumerate().any(|(i, t)| {
            t.is_word() && CODE_PLACE_WORDS.contains(&t.lower.as_str()) && !(opening_verb && i == 1)
        });
    // "usa `rg` para buscar en el código": searching is the agent's work wherever it searches.
    for clause in clauses(tokens) {
        let words: Vec<(usize, &Token)> = clause.iter().enumerate().filter(|(_, t)| t.is_word()).collect();
        for pair in words.windows(2) {
            let ((at, before), (i, w)) = (pair[0], pair[1]);
            if AGENT_PURPOSES.contains(&w.lower.as_str())
                && matches!(before.lower.as_str(), "to" | "for" | "para")
            {
                return Some(said(clause, at, i));
            }
        }
        // "Don't use `gdb` to debug the parser", "Do not use `curl` to test HMR issues": a tool
        // used to investigate, or to try out a problem or a change.
        for (k, &(at, before)) in words.iter().enumerate() {
            let Some(&(_, verb)) = words.get(k + 1) else { break };
            let uses_a_tool = clause[..at].iter().any(names_a_tool);
            if !uses_a_tool || !matches!(before.lower.as_str(), "to" | "para") {
                continue;
            }
            if AGENT_INVESTIGATIONS.contains(&verb.lower.as_str()) {
                return Some(said(clause, at, words[k + 1].0));
            }
            let object = words[k + 2..]
                .iter()
                .take(3)
                .find(|(_, t)| TRIAL_OBJECTS.contains(&t.lower.as_str()));
            if AGENT_TRIALS.contains(&verb.lower.as_str())
                && let Some(&(end, _)) = object
            {
                return Some(said(clause, at, end));
            }
        }
        // "NO usar `Start-Process` para arrancar otro dev server", "never use `nohup` to start
        // the server": starting a server is the agent's work.
        for (k, &(at, before)) in words.iter().enumerate() {
            let Some(&(_, verb)) = words.get(k + 1) else { break };
            let server = words[k + 2..]
                .iter()
                .take(3)
                .find(|(_, t)| SERVER_WORDS.contains(&t.lower.as_str()));
            if matches!(before.lower.as_str(), "to" | "para")
                && SERVER_STARTS.contains(&verb.lower.as_str())
                && let Some(&(end, _)) = server
            {
                return Some(said(clause, at, end));
            }
        }
    }
    // "Use pnpm only. Never run `npm install`": a tool for the project, checked where commands run.
    let mandates_tool = mandates_a_tool(found);
    // "No instalar `moment.js`", "never add lodash": a package named is one the project must
    // not depend on — its manifests and imports say whether it does.
    let installs = tokens
        .iter()
        .any(|t| t.is_word() && INSTALL_VERBS.contains(&t.lower.as_str()));
    let names_package = found.iter().any(|f| {
        f.role == Role::Forbid
            && match &f.entity {
                Entity::Code { text, .. } | Entity::Term(text) => {
                    imports::package_spelling(text) || imports::is_known_package(text)
                }
                _ => false,
            }
    });
    // "Do NOT commit secrets, API keys, or credentials": what is committed is the files' text.
    let commits_secrets = found.iter().any(|f| {
        f.role == Role::Forbid
            && matches!(f.entity, Entity::Concept { index, .. } if CONCEPTS[index].detector.name == HARDCODED_SECRET.name)
    });
    if in_files || mandates_tool || (installs && names_package) || commits_secrets {
        return None;
    }
    // "❌ Responder en inglés" reads "Forbidden: Responder en inglés": the rule opens after the
    // header.
    let all = clauses(tokens);
    let header_only = all.first().is_some_and(|c| {
        c.iter()
            .all(|t| t.is_word() && super::super::words::TRIG_HEADER.contains(&t.lower.as_str()))
    });
    // "**Claridad**: Explicar conceptos …": a title names the topic; the rule opens after it.
    let titled = super::vague::label_end(tokens) > 0;
    let opening_clause = usize::from((header_only || titled) && all.len() > 1);
    for (ci, clause) in all.into_iter().enumerate() {
        let words: Vec<(usize, &Token)> = clause.iter().enumerate().filter(|(_, t)| t.is_word()).collect();
        for (wi, &(i, t)) in words.iter().enumerate() {
            let w = t.lower.as_str();
            if AGENT_VERBS.contains(&w) {
                // Back over fillers to a rule word, or to the start of the rule.
                let mut k = wi;
                while k > 0 && AGENT_VERB_FILLER.contains(&words[k - 1].1.lower.as_str()) && wi - k < 2 {
                    k -= 1;
                }
                let adjacent = |a: usize, b: usize| a >= b || clause[a + 1..b].iter().all(Token::is_word);
                let ruled = k > 0
                    && AGENT_RULE_WORDS.contains(&words[k - 1].1.lower.as_str())
                    && adjacent(words[k - 1].0, i);
                // "Ask before adding dependencies", "Responder en inglés": the rule opens with it.
                let opening = k == 0 && ci == opening_clause && words[0].0 == 0 && adjacent(0, i);
                if ruled || opening {
                    let from = if ruled { words[k - 1].0 } else { words[k].0 };
                    return Some(said(clause, from, i));
                }
            }
            // "for running commands", "para ejecutar comandos".
            if matches!(w, "commands" | "comandos")
                && wi > 0
                && matches!(words[wi - 1].1.lower.as_str(), "running" | "run" | "ejecutar")
            {
                return Some(said(clause, words[wi - 1].0, i));
            }
            // "never use curl against our API".
            if matches!(w, "against" | "contra") && clause[..i].iter().any(names_a_tool) {
                return Some(said(clause, 0, i));
            }
        }
        // "the command `tail`", "el comando `tail`".
        for (i, t) in clause.iter().enumerate() {
            if matches!(t.lower.as_str(), "command" | "comando")
                && clause.get(i + 1).is_some_and(|n| matches!(n.kind, Kind::Span(_)))
            {
                return Some(said(clause, i, i + 1));
            }
        }
    }
    None
}

/// Whether `t` names a tool: a word (`curl`) or a code span opening with one (`` `curl -s` ``).
fn names_a_tool(t: &Token) -> bool {
    is_tool(&t.lower) || (t.is_code() && is_tool(t.text.split(' ').next().unwrap_or("")))
}

/// How many sentences (ended by `.`, `;`, `!`, `?`) hold a word.
fn sentences_with_words(tokens: &[Token]) -> usize {
    let mut count = 0;
    let mut has_word = false;
    for t in tokens {
        if t.kind == Kind::Sep && matches!(t.text.as_str(), "." | ";" | "!" | "?") {
            count += usize::from(has_word);
            has_word = false;
        } else if t.is_word() {
            has_word = true;
        }
    }
    count + usize::from(has_word)
}

/// What the agent writes to the user: "Your responses …", "Tus respuestas …".
const AGENT_OUTPUTS: &[&str] = &[
    "responses",
    "response",
    "answers",
    "replies",
    "explanations",
    "suggestions",
    "output",
    "respuestas",
    "explicaciones",
    "sugerencias",
];

/// Words before "responses" that make them the code's: "API responses", "error responses".
const OUTPUT_OWNERS: &[&str] = &[
    "api",
    "http",
    "https",
    "server",
    "error",
    "json",
    "rest",
    "endpoint",
    "endpoints",
    "network",
    "graphql",
    "grpc",
    "backend",
    "service",
    "webhook",
    "cli",
    "command",
    "tool",
    "llm",
    "model",
    "test",
    "mock",
];

/// How an answer reads: "concise", "brief", "breves".
const TONE_WORDS: &[&str] = &[
    "concise",
    "brief",
    "short",
    "shorter",
    "succinct",
    "clear",
    "detailed",
    "verbose",
    "practical",
    "direct",
    "terse",
    "concisas",
    "concisos",
    "breves",
    "cortas",
    "claras",
    "detalladas",
    "directas",
];

/// Verbs of telling the user what was done.
const EXPLAIN_VERBS: &[&str] = &[
    "explain",
    "summarize",
    "summarise",
    "describe",
    "explica",
    "explicar",
    "explique",
    "resume",
    "resumir",
    "describir",
];

/// What was done: "changes", "cambios".
const CHANGE_WORDS: &[&str] = &[
    "changes",
    "change",
    "cambios",
    "cambio",
    "edits",
    "reasoning",
    "razonamiento",
];

/// What the agent delivers its work in: changes, steps, diffs.
const WORK_UNITS: &[&str] = &[
    "changes",
    "steps",
    "diffs",
    "edits",
    "increments",
    "cambios",
    "pasos",
    "incrementos",
];

/// How big or how safe the agent's changes are to be.
const CHANGE_SIZES: &[&str] = &[
    "small",
    "smaller",
    "minimal",
    "scoped",
    "focused",
    "reversible",
    "incremental",
    "atomic",
    "surgical",
    "pequeños",
    "mínimos",
    "acotados",
    "reversibles",
    "incrementales",
];

/// "Keep … up to date", "Mantén … actualizada".
const KEEP_VERBS: &[&str] = &[
    "keep",
    "maintain",
    "mantén",
    "manten",
    "mantener",
    "mantenga",
    "mantengan",
];
const CURRENT_WORDS: &[&str] = &[
    "up-to-date",
    "updated",
    "actualizado",
    "actualizada",
    "actualizados",
    "actualizadas",
];

/// Verbs of adding a dependency.
const INSTALL_VERBS: &[&str] = &[
    "install",
    "installing",
    "add",
    "adding",
    "instalar",
    "instales",
    "instala",
    "añadir",
    "añadas",
    "agregar",
    "agregues",
];

/// The words from `from` to `to` (inclusive), and the code span right after, as written.
fn said(clause: &[Token], from: usize, to: usize) -> String {
    let mut parts: Vec<String> = clause[from..=to.min(clause.len() - 1)]
        .iter()
        .map(|t| {
            if t.is_word() {
                t.text.clone()
            } else {
                format!("`{}`", t.text)
            }
        })
        .collect();
    if let Some(next) = clause.get(to + 1).filter(|n| n.is_code()) {
        parts.push(format!("`{}`", next.text));
    }
    parts.join(" ")
}

/// Shell commands that move the shell around (`cd`, `pushd`): forbidding them is about the
/// agent's session, whatever scripts do.
fn is_navigation(span: &str) -> bool {
    matches!(span.split_whitespace().next(), Some("cd" | "pushd" | "popd"))
}
