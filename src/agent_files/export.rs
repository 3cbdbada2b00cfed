//! The active rules written out to each agent's files: unscoped rules into the agent's shared
//! file (a managed section of a file people also edit, or a generated file), scoped rules (with
//! `Check.Files`) into generated files of their own under the agent's scoping key — and nowhere
//! else. Generated files are named `autofix.*` / `autofix-<slug>.*`; those no rule produces any
//! more are removed, and no other file is ever touched.
//!
//! [`plan`] is the whole export of one rules file, for the command line and the editor alike:
//! which agents ([`agents_for`]), what their files should hold ([`outputs`]), and the changes
//! that get them there ([`changes`]) — with files read by the caller (from disk through the
//! access policy, [`read_target`]; an editor reads its open buffers first), and files it may
//! not touch left alone. [`rules_roots`] finds each package's rules file in a monorepo.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::section::{self, Generated, Update};
use crate::access::{AccessPolicy, Intent};
use crate::paths::display_path;
use crate::rules::{Category, RuleSet, store};

/// An agent autofix exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Agent {
    /// `AGENTS.md` (Codex, Jules, Amp, Zed, Windsurf, …).
    Agents,
    /// Claude Code: `CLAUDE.md`; scoped rules in `.claude/rules/autofix-*.md` (`paths`).
    Claude,
    /// Cursor: `.cursor/rules/autofix.mdc` (or the section of a legacy `.cursorrules`); scoped
    /// rules in `.cursor/rules/autofix-*.mdc` (`globs`).
    Cursor,
    /// GitHub Copilot: `.github/copilot-instructions.md`; scoped rules in
    /// `.github/instructions/autofix-*.instructions.md` (`applyTo`).
    Copilot,
    /// Cline: the `.clinerules` file, or `.clinerules/autofix.md` when it is a folder.
    Cline,
    /// Roo Code: `.roo/rules/autofix.md` (or the section of `.roorules` when only it exists).
    Roo,
    /// Windsurf: `.windsurf/rules/autofix.md` (or a legacy `.windsurfrules`); scoped rules in
    /// `.windsurf/rules/autofix-*.md` (`trigger: glob`, `globs`).
    Windsurf,
    /// Gemini CLI: `GEMINI.md`.
    Gemini,
    /// Continue: `.continue/rules/autofix.md`; scoped rules in `.continue/rules/autofix-*.md`
    /// (`globs`).
    Continue,
    /// Kiro: `.kiro/steering/autofix.md`; scoped rules in `.kiro/steering/autofix-*.md`
    /// (`inclusion: fileMatch`, `fileMatchPattern`).
    Kiro,
}

impl Agent {
    pub const ALL: [Agent; 10] = [
        Agent::Agents,
        Agent::Claude,
        Agent::Cursor,
        Agent::Copilot,
        Agent::Cline,
        Agent::Roo,
        Agent::Windsurf,
        Agent::Gemini,
        Agent::Continue,
        Agent::Kiro,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Agent::Agents => "agents",
            Agent::Claude => "claude",
            Agent::Cursor => "cursor",
            Agent::Copilot => "copilot",
            Agent::Cline => "cline",
            Agent::Roo => "roo",
            Agent::Windsurf => "windsurf",
            Agent::Gemini => "gemini",
            Agent::Continue => "continue",
            Agent::Kiro => "kiro",
        }
    }

    pub fn parse(name: &str) -> Option<Agent> {
        Agent::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Files or folders whose presence in a project says it uses this agent.
    pub fn markers(self) -> &'static [&'static str] {
        match self {
            Agent::Agents => &["AGENTS.md"],
            Agent::Claude => &["CLAUDE.md", ".claude"],
            Agent::Cursor => &[".cursor", ".cursorrules"],
            Agent::Copilot => &[".github/copilot-instructions.md", ".github/instructions"],
            Agent::Cline => &[".clinerules"],
            Agent::Roo => &[".roo", ".roorules"],
            Agent::Windsurf => &[".windsurf", ".windsurfrules"],
            Agent::Gemini => &["GEMINI.md", ".gemini"],
            Agent::Continue => &[".continue"],
            Agent::Kiro => &[".kiro"],
        }
    }

    /// The folder its generated files go to (where stale ones are looked for), and the file
    /// extension they have.
    pub fn generated_dir(self) -> Option<(&'static str, &'static str)> {
        match self {
            Agent::Claude => Some((".claude/rules", ".md")),
            Agent::Cursor => Some((".cursor/rules", ".mdc")),
            Agent::Copilot => Some((".github/instructions", ".instructions.md")),
            Agent::Cline => Some((".clinerules", ".md")),
            Agent::Roo => Some((".roo/rules", ".md")),
            Agent::Windsurf => Some((".windsurf/rules", ".md")),
            Agent::Continue => Some((".continue/rules", ".md")),
            Agent::Kiro => Some((".kiro/steering", ".md")),
            Agent::Agents | Agent::Gemini => None,
        }
    }

    /// True when it has a key that scopes a file's rules to some paths (scoped rules reach only
    /// such agents).
    pub fn scopes(self) -> bool {
        matches!(
            self,
            Agent::Claude | Agent::Cursor | Agent::Copilot | Agent::Windsurf | Agent::Continue | Agent::Kiro
        )
    }
}

/// True for a file name autofix generates (`autofix.md`, `autofix-api.mdc`, …).
pub fn is_generated_name(name: &str) -> bool {
    name.starts_with("autofix-") || name.starts_with("autofix.")
}

/// A rule as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportRule {
    pub number: u64,
    pub category: Category,
    pub instruction: String,
    pub why: String,
    /// Where it applies; empty: everywhere.
    pub files: Vec<String>,
}

/// The active rules of `set`, newest first. A rule's scope is its Files-only `Check`, or the
/// `Files` of its explicit checks when every one of them has some.
pub fn rules_of(set: &RuleSet) -> Vec<ExportRule> {
    let mut out: Vec<ExportRule> = set
        .rules
        .iter()
        .zip(&set.status)
        .filter(|(_, s)| s.is_active())
        .map(|(r, _)| {
            let files = if !r.scope.is_empty() {
                r.scope.clone()
            } else if !r.checks.is_empty() && r.checks.iter().all(|c| !c.files.is_empty()) {
                let mut all: Vec<String> = Vec::new();
                for f in r.checks.iter().flat_map(|c| &c.files) {
                    if !all.contains(f) {
                        all.push(f.clone());
                    }
                }
                all
            } else {
                Vec::new()
            };
            ExportRule {
                number: r.number,
                category: r.category,
                instruction: r.instruction.clone(),
                why: r.why.clone(),
                files,
            }
        })
        .collect();
    out.sort_by_key(|r| std::cmp::Reverse(r.number));
    out
}

/// Markdown-escapes the text of a rule outside its code spans, on one line.
pub fn escape(text: &str) -> String {
    let text = crate::text::one_line(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '`' {
            in_code = !in_code;
            out.push(c);
            continue;
        }
        if !in_code {
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
            let escape = match c {
                '\\' | '*' | '[' | ']' | '<' | '>' | '&' | '~' | '|' => true,
                // `_` inside a word is never emphasis.
                '_' => !(word(i.checked_sub(1).and_then(|p| chars.get(p))) && word(chars.get(i + 1))),
                _ => false,
            };
            if escape {
                out.push('\\');
            }
        }
        out.push(c);
    }
    // An odd backtick left open would swallow the rest: close nothing, but keep it literal.
    if in_code {
        return text.replace('`', "\\`");
    }
    out
}

/// The bullets of `rules`: `- [CATEGORY] instruction`, its reason nested under it.
pub fn bullets(rules: &[&ExportRule]) -> String {
    let mut out = String::new();
    for r in rules {
        out.push_str(&format!("- [{}] {}\n", r.category, escape(&r.instruction)));
        let why = crate::text::one_line(&r.why);
        if !why.is_empty() {
            out.push_str(&format!("  - Why: {}\n", escape(&why)));
        }
    }
    out
}

/// The body of the shared section (or file) of unscoped rules.
fn shared_body(rules: &[&ExportRule], rules_file: &str) -> String {
    let mut out = String::from("## Project rules (autofix)\n\n");
    out.push_str(&format!(
        "These rules come from {rules_file}, newest first; autofix checks them in the editor and in CI.\n\n"
    ));
    if rules.is_empty() {
        out.push_str("There are no project-wide rules yet.\n");
    } else {
        out.push_str(&bullets(rules));
    }
    out
}

/// A file name for a scope: its globs as lowercase words joined by `-`.
fn slug(files: &[String]) -> String {
    let mut out = String::new();
    for c in files.join(" ").chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut out: String = out.trim_matches('-').chars().take(48).collect();
    out = out.trim_matches('-').to_string();
    if out.is_empty() { "scoped".into() } else { out }
}

fn yaml_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

fn yaml_list(items: &[String]) -> String {
    format!(
        "[{}]",
        items
            .iter()
            .map(|i| yaml_string(i))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The frontmatter of an agent's generated file: `files` empty for the unscoped one.
fn frontmatter(agent: Agent, files: &[String]) -> String {
    let describe = if files.is_empty() {
        "Project rules kept by autofix".to_string()
    } else {
        format!("Project rules kept by autofix for {}", files.join(", "))
    };
    let body = match (agent, files.is_empty()) {
        (Agent::Cursor, true) => format!("description: {}\nalwaysApply: true\n", yaml_string(&describe)),
        // Cursor writes globs as a comma-separated list without quotes.
        (Agent::Cursor, false) => format!(
            "description: {}\nglobs: {}\nalwaysApply: false\n",
            yaml_string(&describe),
            files.join(",")
        ),
        (Agent::Claude, false) => format!(
            "paths:\n{}",
            files
                .iter()
                .map(|f| format!("  - {}\n", yaml_string(f)))
                .collect::<String>()
        ),
        (Agent::Copilot, false) => format!("applyTo: {}\n", yaml_string(&files.join(","))),
        (Agent::Windsurf, true) => "trigger: always_on\n".into(),
        (Agent::Windsurf, false) => format!("trigger: glob\nglobs: {}\n", files.join(",")),
        (Agent::Continue, true) => format!("name: {}\nalwaysApply: true\n", yaml_string(&describe)),
        (Agent::Continue, false) => {
            format!("name: {}\nglobs: {}\n", yaml_string(&describe), yaml_list(files))
        }
        (Agent::Kiro, true) => "inclusion: always\n".into(),
        (Agent::Kiro, false) if files.len() == 1 => {
            format!(
                "inclusion: fileMatch\nfileMatchPattern: {}\n",
                yaml_string(&files[0])
            )
        }
        (Agent::Kiro, false) => format!("inclusion: fileMatch\nfileMatchPattern: {}\n", yaml_list(files)),
        _ => return String::new(),
    };
    format!("---\n{body}---\n")
}

/// What is where in a project folder: `Some(true)` a folder, `Some(false)` a file, `None`
/// nothing.
pub type Layout<'a> = &'a dyn Fn(&str) -> Option<bool>;

/// The agents a project folder uses.
pub fn agents_in(layout: Layout) -> Vec<Agent> {
    Agent::ALL
        .into_iter()
        .filter(|a| a.markers().iter().any(|m| layout(m).is_some()))
        .collect()
}

/// One file an export writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Relative to the folder of the rules file, `/`-separated.
    pub path: String,
    pub agent: Agent,
    pub content: Content,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// The managed section of a file people also edit.
    Section(String),
    /// A whole generated file.
    File(String),
}

/// What every agent in `agents` should hold for `rules` (newest first), read from the rules
/// file shown as `rules_file`.
pub fn outputs(agents: &[Agent], rules: &[ExportRule], rules_file: &str, layout: Layout) -> Vec<Output> {
    let unscoped: Vec<&ExportRule> = rules.iter().filter(|r| r.files.is_empty()).collect();
    // Scoped rules grouped by scope, in the order their newest rule comes.
    let mut scopes: Vec<(Vec<String>, Vec<&ExportRule>)> = Vec::new();
    for r in rules.iter().filter(|r| !r.files.is_empty()) {
        match scopes.iter_mut().find(|(f, _)| *f == r.files) {
            Some((_, list)) => list.push(r),
            None => scopes.push((r.files.clone(), vec![r])),
        }
    }
    // One slug per scope, the same for every agent.
    let mut used: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let slugs: Vec<String> = scopes
        .iter()
        .map(|(files, _)| {
            let base = slug(files);
            let name = match used.get(&base) {
                Some(other) if other != files => format!("{base}-{}", &section::hash(&files.join("\n"))[..6]),
                _ => base,
            };
            used.insert(name.clone(), files.clone());
            name
        })
        .collect();
    let body = shared_body(&unscoped, rules_file);
    let note = format!(
        "generated by `autofix export` from {rules_file}: change the rules there, this file is rewritten"
    );
    let file = |agent: Agent, path: &str, files: &[String], body: &str| Output {
        path: path.to_string(),
        agent,
        content: Content::File(section::generated(&frontmatter(agent, files), &note, body)),
    };
    let mut out = Vec::new();
    for &agent in agents {
        let shared = |path: &str| Output {
            path: path.to_string(),
            agent,
            content: Content::Section(body.clone()),
        };
        match agent {
            Agent::Agents => out.push(shared("AGENTS.md")),
            Agent::Claude => out.push(shared("CLAUDE.md")),
            Agent::Gemini => out.push(shared("GEMINI.md")),
            Agent::Copilot => out.push(shared(".github/copilot-instructions.md")),
            Agent::Cursor if layout(".cursorrules") == Some(false) => out.push(shared(".cursorrules")),
            Agent::Cursor => out.push(file(agent, ".cursor/rules/autofix.mdc", &[], &body)),
            Agent::Cline if layout(".clinerules") == Some(true) => {
                out.push(file(agent, ".clinerules/autofix.md", &[], &body))
            }
            Agent::Cline => out.push(shared(".clinerules")),
            Agent::Roo if layout(".roo").is_none() && layout(".roorules") == Some(false) => {
                out.push(shared(".roorules"))
            }
            Agent::Roo => out.push(file(agent, ".roo/rules/autofix.md", &[], &body)),
            Agent::Windsurf if layout(".windsurf").is_none() && layout(".windsurfrules") == Some(false) => {
                out.push(shared(".windsurfrules"))
            }
            Agent::Windsurf => out.push(file(agent, ".windsurf/rules/autofix.md", &[], &body)),
            Agent::Continue => out.push(file(agent, ".continue/rules/autofix.md", &[], &body)),
            Agent::Kiro => out.push(file(agent, ".kiro/steering/autofix.md", &[], &body)),
        }
        if !agent.scopes() {
            continue;
        }
        let Some((dir, ext)) = agent.generated_dir() else {
            continue;
        };
        for ((files, list), slug) in scopes.iter().zip(&slugs) {
            let body = format!(
                "## Project rules for {} (autofix)\n\n{}",
                files.join(", "),
                bullets(list)
            );
            out.push(file(agent, &format!("{dir}/autofix-{slug}{ext}"), files, &body));
        }
    }
    out
}

/// What an export does to one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum Change {
    Create {
        path: String,
        new: String,
    },
    Update {
        path: String,
        old: String,
        new: String,
    },
    /// A generated file no rule produces any more.
    Remove {
        path: String,
        old: String,
    },
    /// Already current.
    Current {
        path: String,
    },
    /// Left alone, and why.
    Conflict {
        path: String,
        conflict: Conflict,
    },
}

/// Why an export leaves a file alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum Conflict {
    /// The managed section was edited by hand since autofix wrote it.
    EditedSection,
    /// The section's markers do not pair up (what is wrong with them).
    Markers(String),
    /// A generated file was edited by hand.
    EditedGenerated,
    /// A file autofix did not write has the name of a generated one.
    Foreign,
    /// A generated file no rule produces any more was edited by hand.
    EditedStale,
}

impl Conflict {
    /// What is wrong, and what to do about it.
    pub fn reason(&self) -> String {
        match self {
            Conflict::EditedSection => "the autofix section was edited by hand since it was exported: move your edits out of it (or into the rules with `autofix learn`)".into(),
            Conflict::Markers(what) => format!("{what} — fix the markers, then export again"),
            Conflict::EditedGenerated => "this generated file was edited by hand: put the change in the rules (`autofix learn`)".into(),
            Conflict::Foreign => "a file autofix did not write has this name: rename it".into(),
            Conflict::EditedStale => "no rule produces this generated file any more, but it was edited by hand: delete it yourself".into(),
        }
    }

    /// How an export that overwrites hand edits (`autofix export --force`) gets past it, to
    /// follow [`Conflict::reason`]; `None` when forcing does not help.
    pub fn forced(&self) -> Option<&'static str> {
        match self {
            Conflict::EditedSection => Some(", or export with --force to overwrite them"),
            Conflict::Markers(_) => None,
            Conflict::EditedGenerated => Some(", or export with --force to overwrite it"),
            Conflict::Foreign => Some(", or export with --force to replace it"),
            Conflict::EditedStale => Some(", or export with --force"),
        }
    }
}

impl Change {
    pub fn path(&self) -> &str {
        match self {
            Change::Create { path, .. }
            | Change::Update { path, .. }
            | Change::Remove { path, .. }
            | Change::Current { path }
            | Change::Conflict { path, .. } => path,
        }
    }

    /// True when applying it changes a file.
    pub fn writes(&self) -> bool {
        matches!(
            self,
            Change::Create { .. } | Change::Update { .. } | Change::Remove { .. }
        )
    }
}

/// The changes that bring the files to `outputs`: `current` gives a file's text (`None`: it does
/// not exist); `existing_generated` lists the generated-looking files in the agents' folders
/// (for removing stale ones). With `force`, hand edits inside autofix's parts are overwritten.
pub fn changes(
    outputs: &[Output],
    current: &dyn Fn(&str) -> Option<String>,
    existing_generated: &[String],
    force: bool,
) -> Vec<Change> {
    let mut out = Vec::new();
    let mut produced = BTreeSet::new();
    for o in outputs {
        produced.insert(o.path.clone());
        let old = current(&o.path);
        let change = match &o.content {
            Content::Section(body) => match section::update(old.as_deref(), body, force) {
                Update::Current => Change::Current { path: o.path.clone() },
                Update::Write(new) => match old {
                    Some(old) => Change::Update {
                        path: o.path.clone(),
                        old,
                        new,
                    },
                    None => Change::Create {
                        path: o.path.clone(),
                        new,
                    },
                },
                Update::EditedByHand => Change::Conflict {
                    path: o.path.clone(),
                    conflict: Conflict::EditedSection,
                },
                Update::Broken(reason) => Change::Conflict {
                    path: o.path.clone(),
                    conflict: Conflict::Markers(reason),
                },
            },
            Content::File(new) => match old {
                None => Change::Create {
                    path: o.path.clone(),
                    new: new.clone(),
                },
                Some(old) if old == *new => Change::Current { path: o.path.clone() },
                Some(old) => match section::check_generated(&old) {
                    Generated::Intact => Change::Update {
                        path: o.path.clone(),
                        old,
                        new: new.clone(),
                    },
                    _ if force => Change::Update {
                        path: o.path.clone(),
                        old,
                        new: new.clone(),
                    },
                    Generated::Edited => Change::Conflict {
                        path: o.path.clone(),
                        conflict: Conflict::EditedGenerated,
                    },
                    Generated::Foreign => Change::Conflict {
                        path: o.path.clone(),
                        conflict: Conflict::Foreign,
                    },
                },
            },
        };
        out.push(change);
    }
    for path in existing_generated {
        if produced.contains(path) {
            continue;
        }
        let Some(old) = current(path) else { continue };
        match section::check_generated(&old) {
            Generated::Intact => out.push(Change::Remove {
                path: path.clone(),
                old,
            }),
            Generated::Edited if force => out.push(Change::Remove {
                path: path.clone(),
                old,
            }),
            Generated::Edited => out.push(Change::Conflict {
                path: path.clone(),
                conflict: Conflict::EditedStale,
            }),
            // Not ours: never touched.
            Generated::Foreign => {}
        }
    }
    out
}

/// A file an export leaves alone because it may not be read or written (the access policy
/// refused it, it is too large, it is not a regular file), and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Relative to the folder of the rules file, `/`-separated.
    pub path: String,
    pub reason: String,
}

/// The export of one rules file into the agent files next to it.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The folder of the rules file (the one its rules govern): every path is relative to it.
    pub dir: PathBuf,
    pub agents: Vec<Agent>,
    /// One per file involved, in a stable order; files refused are not among them.
    pub changes: Vec<Change>,
    pub refused: Vec<Refused>,
}

impl Plan {
    /// True when some file would be written.
    pub fn is_stale(&self) -> bool {
        self.changes.iter().any(Change::writes)
    }
}

/// What is in a project folder on disk, for [`agents_in`] and [`outputs`].
pub fn layout_of(dir: &Path) -> impl Fn(&str) -> Option<bool> + '_ {
    move |rel: &str| std::fs::symlink_metadata(dir.join(rel)).ok().map(|m| m.is_dir())
}

/// The agents an export of the rules file in force in `dir` goes to: those `asked` for, else
/// the agents whose files are in `dir`, else those of the project folder `project` (a package
/// of a monorepo without agent files of its own). Empty: there is nobody to export to.
pub fn agents_for(dir: &Path, project: &Path, asked: Option<&[Agent]>) -> Vec<Agent> {
    if let Some(asked) = asked {
        return asked.to_vec();
    }
    let here = agents_in(&layout_of(dir));
    if here.is_empty() {
        agents_in(&layout_of(project))
    } else {
        here
    }
}

/// The folders under `project` holding a rules file (the project first when it has one), each
/// with its rules file in force: in a monorepo, each package's rules export next to them.
pub fn rules_roots(project: &Path) -> Vec<(PathBuf, PathBuf)> {
    let (files, _) = super::project_files(project);
    let mut roots: Vec<PathBuf> = files
        .iter()
        .filter(|f| store::is_rules_file(f))
        .map(|f| store::root_of(f))
        .collect();
    if store::rules_file_in(project).is_some() {
        roots.push(project.to_path_buf());
    }
    roots.sort();
    roots.dedup();
    roots
        .into_iter()
        .filter_map(|r| store::rules_file_in(&r).map(|f| (r, f)))
        .collect()
}

/// An agent file as an export may change it: `Ok(None)` when it does not exist (and may be
/// created), its text when it may be rewritten, else why not — read with no window between the
/// policy's check and the read, so a file swapped for a link out meanwhile is refused, not read.
pub fn read_target(policy: &AccessPolicy, path: &Path) -> Result<Option<String>, String> {
    if path.symlink_metadata().is_err() {
        return policy
            .check(path, Intent::Write)
            .map(|_| None)
            .map_err(|e| e.to_string());
    }
    policy
        .read_checked(path, Intent::Write, super::MAX_AGENT_FILE_BYTES)
        .map(|(_, text)| Some(text))
        .map_err(|e| e.to_string())
}

/// Plans the export of `set` — the rules file `file`, in force in `dir` — to `agents`: what
/// each agent's files should hold, and what it takes to get there. `read` gives the current
/// text of a file (see [`read_target`]; an editor reads its open buffers first); a file it
/// refuses is left alone and listed. With `force`, hand edits inside autofix's parts are
/// overwritten.
pub fn plan(
    set: &RuleSet,
    file: &Path,
    dir: &Path,
    agents: &[Agent],
    read: &dyn Fn(&Path) -> Result<Option<String>, String>,
    force: bool,
) -> Plan {
    let layout = layout_of(dir);
    let rules = rules_of(set);
    let outputs = outputs(agents, &rules, &display_path(file, dir), &layout);
    let mut existing_generated = Vec::new();
    for agent in agents {
        let Some((gen_dir, ext)) = agent.generated_dir() else {
            continue;
        };
        let Ok(entries) = std::fs::read_dir(dir.join(gen_dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_generated_name(&name) && name.ends_with(ext) {
                existing_generated.push(format!("{gen_dir}/{name}"));
            }
        }
    }
    existing_generated.sort();
    existing_generated.dedup();
    // Every file involved, read once; one that may not be read is left alone.
    let mut texts: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut refused = Vec::new();
    for rel in outputs
        .iter()
        .map(|o| o.path.clone())
        .chain(existing_generated.clone())
    {
        if texts.contains_key(&rel) || refused.iter().any(|r: &Refused| r.path == rel) {
            continue;
        }
        match read(&dir.join(&rel)) {
            Ok(text) => {
                texts.insert(rel, text);
            }
            Err(reason) => refused.push(Refused { path: rel, reason }),
        }
    }
    let outputs: Vec<_> = outputs
        .into_iter()
        .filter(|o| texts.contains_key(&o.path))
        .collect();
    let existing_generated: Vec<_> = existing_generated
        .into_iter()
        .filter(|p| texts.contains_key(p))
        .collect();
    let current = |rel: &str| texts.get(rel).cloned().flatten();
    let changes = changes(&outputs, &current, &existing_generated, force);
    Plan {
        dir: dir.to_path_buf(),
        agents: agents.to_vec(),
        changes,
        refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(n: u64, category: Category, instruction: &str, files: &[&str]) -> ExportRule {
        ExportRule {
            number: n,
            category,
            instruction: instruction.into(),
            why: format!("reason {n}"),
            files: files.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn nothing(_: &str) -> Option<bool> {
        None
    }

    #[test]
    fn scoped_rules_go_only_to_the_scoping_files() {
        let rules = [
            rule(3, Category::Code, "Never use `any`", &["src/**/*.ts"]),
            rule(2, Category::Tool, "Use pnpm", &[]),
            rule(1, Category::Code, "Never use `var`", &["src/**/*.ts"]),
        ];
        let outs = outputs(
            &[Agent::Agents, Agent::Cursor, Agent::Copilot, Agent::Claude],
            &rules,
            ".agents/autofix.json",
            &nothing,
        );
        let paths: Vec<_> = outs.iter().map(|o| o.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "AGENTS.md",
                ".cursor/rules/autofix.mdc",
                ".cursor/rules/autofix-src-ts.mdc",
                ".github/copilot-instructions.md",
                ".github/instructions/autofix-src-ts.instructions.md",
                "CLAUDE.md",
                ".claude/rules/autofix-src-ts.md",
            ]
        );
        let Content::Section(shared) = &outs[0].content else {
            panic!()
        };
        assert!(shared.contains("- [TOOL] Use pnpm\n  - Why: reason 2\n") && !shared.contains("any"));
        let Content::File(mdc) = &outs[2].content else {
            panic!()
        };
        assert!(mdc.starts_with("---\ndescription: \"Project rules kept by autofix for src/**/*.ts\"\nglobs: src/**/*.ts\nalwaysApply: false\n---\n<!-- autofix:generated sha256="));
        assert!(
            mdc.find("Never use `any`") < mdc.find("Never use `var`"),
            "newest first"
        );
        let Content::File(copilot) = &outs[4].content else {
            panic!()
        };
        assert!(copilot.starts_with("---\napplyTo: \"src/**/*.ts\"\n---\n"));
        let Content::File(claude) = &outs[6].content else {
            panic!()
        };
        assert!(claude.starts_with("---\npaths:\n  - \"src/**/*.ts\"\n---\n"));
    }

    #[test]
    fn stale_generated_files_go_and_foreign_ones_stay() {
        let outs = outputs(&[Agent::Cursor], &[], "autofix.json", &nothing);
        let stale = section::generated("", "generated", "- [CODE] old\n");
        let files = |p: &str| match p {
            ".cursor/rules/autofix-old.mdc" => Some(stale.clone()),
            ".cursor/rules/autofix-mine.mdc" => Some("# my own file\n".to_string()),
            _ => None,
        };
        let got = changes(
            &outs,
            &files,
            &[
                ".cursor/rules/autofix-old.mdc".into(),
                ".cursor/rules/autofix-mine.mdc".into(),
            ],
            false,
        );
        assert!(matches!(&got[0], Change::Create { path, .. } if path == ".cursor/rules/autofix.mdc"));
        assert!(matches!(&got[1], Change::Remove { path, .. } if path == ".cursor/rules/autofix-old.mdc"));
        assert_eq!(got.len(), 2, "{got:?}");
    }

    #[test]
    fn escaping_keeps_code_spans_and_reads_back() {
        assert_eq!(
            escape("Use `a*b` and *not* <b>"),
            "Use `a*b` and \\*not\\* \\<b\\>"
        );
        assert_eq!(escape("use snake_case, not _x_"), "use snake_case, not \\_x\\_");
    }
}
