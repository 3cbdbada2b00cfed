//! The agent instruction files autofix knows: where each agent keeps them, and which frontmatter
//! key scopes a file's rules to some paths.

/// One kind of agent instruction file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AgentFormat {
    /// `AGENTS.md` (Codex, Jules, Amp, Zed, …), at any depth: a nested one governs its folder.
    AgentsMd,
    /// `CLAUDE.md` (also `.claude/CLAUDE.md`, `CLAUDE.local.md`).
    ClaudeMd,
    /// `.claude/rules/**/*.md`, scoped by `paths`.
    ClaudeRule,
    /// `.cursor/rules/**/*.mdc`, scoped by `globs` unless `alwaysApply: true`.
    CursorMdc,
    /// The legacy `.cursorrules`.
    Cursorrules,
    /// `.github/copilot-instructions.md`.
    CopilotInstructions,
    /// `.github/instructions/**/*.instructions.md`, scoped by `applyTo`.
    CopilotScoped,
    /// `.clinerules` (a file, or a folder of Markdown files scoped by `paths`).
    Clinerules,
    /// `.roo/rules/**`, `.roo/rules-<mode>/**`, `.roorules`, `.roorules-<mode>`.
    RooRules,
    /// `.windsurf/rules/**/*.md` (scoped by `globs` when `trigger: glob`), legacy `.windsurfrules`.
    WindsurfRule,
    /// `.devin/rules/**/*.md`, scoped by `globs` when `trigger: glob`.
    DevinRule,
    /// Google Antigravity's `.agent/rules/**/*.md`, scoped by `globs` when `trigger: glob`.
    AntigravityRule,
    /// `GEMINI.md`, at any depth.
    GeminiMd,
    /// `.continue/rules/**/*.md`, scoped by `globs` unless `alwaysApply: true`.
    ContinueRule,
    /// `.kiro/steering/**/*.md`, scoped by `fileMatchPattern` when `inclusion: fileMatch`.
    KiroSteering,
}

impl AgentFormat {
    pub const ALL: [AgentFormat; 15] = [
        AgentFormat::AgentsMd,
        AgentFormat::ClaudeMd,
        AgentFormat::ClaudeRule,
        AgentFormat::CursorMdc,
        AgentFormat::Cursorrules,
        AgentFormat::CopilotInstructions,
        AgentFormat::CopilotScoped,
        AgentFormat::Clinerules,
        AgentFormat::RooRules,
        AgentFormat::WindsurfRule,
        AgentFormat::DevinRule,
        AgentFormat::AntigravityRule,
        AgentFormat::GeminiMd,
        AgentFormat::ContinueRule,
        AgentFormat::KiroSteering,
    ];

    /// A short name for people and JSON.
    pub fn name(self) -> &'static str {
        match self {
            AgentFormat::AgentsMd => "AGENTS.md",
            AgentFormat::ClaudeMd => "CLAUDE.md",
            AgentFormat::ClaudeRule => "Claude rule",
            AgentFormat::CursorMdc => "Cursor rule",
            AgentFormat::Cursorrules => ".cursorrules",
            AgentFormat::CopilotInstructions => "Copilot instructions",
            AgentFormat::CopilotScoped => "Copilot scoped instructions",
            AgentFormat::Clinerules => "Cline rules",
            AgentFormat::RooRules => "Roo rules",
            AgentFormat::WindsurfRule => "Windsurf rule",
            AgentFormat::DevinRule => "Devin rule",
            AgentFormat::AntigravityRule => "Antigravity rule",
            AgentFormat::GeminiMd => "GEMINI.md",
            AgentFormat::ContinueRule => "Continue rule",
            AgentFormat::KiroSteering => "Kiro steering",
        }
    }

    /// True for the files whose folder is their scope when they are not at the root
    /// (`pkg/AGENTS.md` governs `pkg/**`).
    pub fn scoped_by_folder(self) -> bool {
        matches!(
            self,
            AgentFormat::AgentsMd | AgentFormat::ClaudeMd | AgentFormat::GeminiMd
        )
    }

    /// The dot-folder (or dot-file) a format lives in, for finding the project folder it
    /// belongs to: `pkg/.cursor/rules/x.mdc` belongs to `pkg`.
    fn anchor(self) -> Option<&'static str> {
        match self {
            AgentFormat::ClaudeRule => Some(".claude"),
            AgentFormat::CursorMdc => Some(".cursor"),
            AgentFormat::CopilotInstructions | AgentFormat::CopilotScoped => Some(".github"),
            AgentFormat::Clinerules => Some(".clinerules"),
            AgentFormat::RooRules => Some(".roo"),
            AgentFormat::WindsurfRule => Some(".windsurf"),
            AgentFormat::DevinRule => Some(".devin"),
            AgentFormat::AntigravityRule => Some(".agent"),
            AgentFormat::ContinueRule => Some(".continue"),
            AgentFormat::KiroSteering => Some(".kiro"),
            _ => None,
        }
    }
}

/// Where agents keep a person's own instructions (in force in every project), relative to the
/// home folder: a file, or a folder whose Markdown files all count.
pub const USER_LEVEL: [(&str, AgentFormat); 11] = [
    (".claude/CLAUDE.md", AgentFormat::ClaudeMd),
    (".claude/rules", AgentFormat::ClaudeRule),
    (".codex/AGENTS.md", AgentFormat::AgentsMd),
    (
        ".copilot/copilot-instructions.md",
        AgentFormat::CopilotInstructions,
    ),
    (".copilot/instructions", AgentFormat::CopilotScoped),
    (".gemini/GEMINI.md", AgentFormat::GeminiMd),
    (
        ".codeium/windsurf/memories/global_rules.md",
        AgentFormat::WindsurfRule,
    ),
    ("Documents/Cline/Rules", AgentFormat::Clinerules),
    (".roo/rules", AgentFormat::RooRules),
    (".continue/rules", AgentFormat::ContinueRule),
    (".kiro/steering", AgentFormat::KiroSteering),
];

/// The user-level agent files that exist under `home`, with their formats, in
/// [`USER_LEVEL`]'s order (a folder's Markdown files by name, links not followed).
pub fn user_level_files(home: &std::path::Path) -> Vec<(std::path::PathBuf, AgentFormat)> {
    let mut out = Vec::new();
    for (rel, format) in USER_LEVEL {
        let path = home.join(rel);
        let Ok(meta) = path.symlink_metadata() else {
            continue;
        };
        if !meta.is_dir() {
            out.push((path, format));
            continue;
        }
        let mut files: Vec<_> = walkdir_markdown(&path);
        files.sort();
        out.extend(files.into_iter().map(|f| (f, format)));
    }
    out
}

/// Markdown files under `dir`, at any depth, links not followed.
fn walkdir_markdown(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    ignore::WalkBuilder::new(dir)
        .hidden(false)
        .follow_links(false)
        .standard_filters(false)
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| !t.is_dir()))
        .map(ignore::DirEntry::into_path)
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(is_markdown))
        .collect()
}

fn is_markdown(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".md")
        || lower.ends_with(".mdc")
        || lower.ends_with(".markdown")
        || lower.ends_with(".txt")
}

/// The format of the agent file at `rel_path` (relative to the project root, `/`-separated), or
/// `None` when no agent reads it.
pub fn detect(rel_path: &str) -> Option<AgentFormat> {
    let path = rel_path.trim_start_matches("./");
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let (name, dirs) = parts.split_last()?;
    let name = *name;
    // The folders right above the file, nearest last, as written.
    let has = |seq: &[&str]| dirs.windows(seq.len()).any(|w| w == seq);
    match name {
        "AGENTS.md" | "AGENTS.override.md" => return Some(AgentFormat::AgentsMd),
        "CLAUDE.md" | "CLAUDE.local.md" => return Some(AgentFormat::ClaudeMd),
        "GEMINI.md" => return Some(AgentFormat::GeminiMd),
        ".cursorrules" => return Some(AgentFormat::Cursorrules),
        ".windsurfrules" => return Some(AgentFormat::WindsurfRule),
        ".clinerules" => return Some(AgentFormat::Clinerules),
        _ => {}
    }
    if name == ".roorules" || name.starts_with(".roorules-") {
        return Some(AgentFormat::RooRules);
    }
    if dirs.ends_with(&[".github"]) && name == "copilot-instructions.md" {
        return Some(AgentFormat::CopilotInstructions);
    }
    if has(&[".github", "instructions"]) && name.ends_with(".instructions.md") {
        return Some(AgentFormat::CopilotScoped);
    }
    if !is_markdown(name) {
        return None;
    }
    if has(&[".claude", "rules"]) && name.ends_with(".md") {
        return Some(AgentFormat::ClaudeRule);
    }
    if has(&[".cursor", "rules"]) && (name.ends_with(".mdc") || name.ends_with(".md")) {
        return Some(AgentFormat::CursorMdc);
    }
    if dirs.contains(&".clinerules") {
        return Some(AgentFormat::Clinerules);
    }
    if dirs
        .windows(2)
        .any(|w| w[0] == ".roo" && (w[1] == "rules" || w[1].starts_with("rules-")))
    {
        return Some(AgentFormat::RooRules);
    }
    if has(&[".windsurf", "rules"]) {
        return Some(AgentFormat::WindsurfRule);
    }
    if has(&[".devin", "rules"]) {
        return Some(AgentFormat::DevinRule);
    }
    if has(&[".agent", "rules"]) {
        return Some(AgentFormat::AntigravityRule);
    }
    if has(&[".continue", "rules"]) {
        return Some(AgentFormat::ContinueRule);
    }
    if has(&[".kiro", "steering"]) {
        return Some(AgentFormat::KiroSteering);
    }
    None
}

/// The project folder (relative, `/`-separated, empty for the root) an agent file at
/// `rel_path` speaks for: the file's own folder for `AGENTS.md`, `CLAUDE.md` and `GEMINI.md`
/// (but the folder holding a dot-folder they sit in: `.claude/CLAUDE.md`, `.agents/AGENTS.md`);
/// the folder holding the agent's dot-folder for the others.
pub fn base_dir(rel_path: &str, format: AgentFormat) -> String {
    let path = rel_path.trim_start_matches("./");
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let dirs = &parts[..parts.len().saturating_sub(1)];
    let base: &[&str] = match format.anchor() {
        Some(anchor) => match parts.iter().position(|p| *p == anchor) {
            Some(i) => &parts[..i],
            None => dirs,
        },
        None => {
            // `.claude/CLAUDE.md` speaks for the folder holding `.claude`, and so does an
            // `AGENTS.md` kept in `.agents/` or `.codex/`: a dot-folder holds an agent's or a
            // tool's settings, not the code its rules are about.
            match dirs.split_last() {
                Some((last, rest)) if last.len() > 1 && last.starts_with('.') => rest,
                _ => dirs,
            }
        }
    };
    match format {
        // Root-level single files are at their folder.
        AgentFormat::Cursorrules | AgentFormat::RooRules | AgentFormat::WindsurfRule
            if format.anchor().is_none_or(|a| !parts.contains(&a)) =>
        {
            dirs.join("/")
        }
        _ => base.join("/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_location_is_detected() {
        for (path, format) in [
            ("AGENTS.md", AgentFormat::AgentsMd),
            ("pkg/api/AGENTS.md", AgentFormat::AgentsMd),
            ("CLAUDE.md", AgentFormat::ClaudeMd),
            (".claude/CLAUDE.md", AgentFormat::ClaudeMd),
            (".claude/rules/testing.md", AgentFormat::ClaudeRule),
            (".claude/rules/frontend/react.md", AgentFormat::ClaudeRule),
            (".cursor/rules/ts.mdc", AgentFormat::CursorMdc),
            (".cursorrules", AgentFormat::Cursorrules),
            (
                ".github/copilot-instructions.md",
                AgentFormat::CopilotInstructions,
            ),
            (
                ".github/instructions/ts.instructions.md",
                AgentFormat::CopilotScoped,
            ),
            (".clinerules", AgentFormat::Clinerules),
            (".clinerules/01-style.md", AgentFormat::Clinerules),
            (".roo/rules/a.md", AgentFormat::RooRules),
            (".roo/rules-code/a.md", AgentFormat::RooRules),
            (".roorules", AgentFormat::RooRules),
            (".roorules-code", AgentFormat::RooRules),
            (".windsurf/rules/a.md", AgentFormat::WindsurfRule),
            (".windsurfrules", AgentFormat::WindsurfRule),
            (".devin/rules/a.md", AgentFormat::DevinRule),
            (".agent/rules/coding_principles.md", AgentFormat::AntigravityRule),
            ("GEMINI.md", AgentFormat::GeminiMd),
            (".continue/rules/a.md", AgentFormat::ContinueRule),
            (".kiro/steering/tech.md", AgentFormat::KiroSteering),
        ] {
            assert_eq!(detect(path), Some(format), "{path}");
        }
        for path in [
            "README.md",
            "docs/agents.md",
            ".github/workflows/ci.yml",
            ".cursor/mcp.json",
            ".claude/settings.json",
            ".kiro/steering/logo.png",
            "agents.md.bak",
        ] {
            assert_eq!(detect(path), None, "{path}");
        }
    }

    #[test]
    fn the_folder_an_agent_file_speaks_for() {
        assert_eq!(base_dir("AGENTS.md", AgentFormat::AgentsMd), "");
        assert_eq!(base_dir("pkg/api/AGENTS.md", AgentFormat::AgentsMd), "pkg/api");
        assert_eq!(base_dir(".claude/CLAUDE.md", AgentFormat::ClaudeMd), "");
        assert_eq!(base_dir(".agents/AGENTS.md", AgentFormat::AgentsMd), "");
        assert_eq!(base_dir("web/.agents/AGENTS.md", AgentFormat::AgentsMd), "web");
        assert_eq!(base_dir(".gemini/GEMINI.md", AgentFormat::GeminiMd), "");
        assert_eq!(
            base_dir("docs/.x/y/AGENTS.md", AgentFormat::AgentsMd),
            "docs/.x/y"
        );
        assert_eq!(base_dir(".cursor/rules/a/b.mdc", AgentFormat::CursorMdc), "");
        assert_eq!(base_dir("web/.cursor/rules/b.mdc", AgentFormat::CursorMdc), "web");
        assert_eq!(base_dir(".roorules", AgentFormat::RooRules), "");
        assert_eq!(base_dir("web/.cursorrules", AgentFormat::Cursorrules), "web");
        assert_eq!(
            base_dir(
                ".github/instructions/x.instructions.md",
                AgentFormat::CopilotScoped
            ),
            ""
        );
    }
}
