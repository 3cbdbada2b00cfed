//! The server's own protocol, typed: one type per `workspace/executeCommand` command and per
//! custom notification, with the JSON shapes of their arguments and results. The advertised
//! command list is derived from here, and the VS Code extension's `protocol.ts` is generated from
//! these types (a test keeps it in step).

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diff::Outcome;
use crate::rules::listing::RuleEntry;

/// A command the server executes: its name, its one argument object and its result.
pub trait Command {
    const NAME: &'static str;
    type Args: DeserializeOwned + JsonSchema;
    type Result: Serialize + JsonSchema;
    /// Whether the argument may be left out (`null` reads as the default).
    const ARGS_OPTIONAL: bool;
}

/// A custom notification the server sends.
pub trait Notification {
    const METHOD: &'static str;
    type Params: Serialize + JsonSchema;
}

/// Every command the server executes, as advertised in `executeCommandProvider`.
pub const COMMANDS: &[&str] = &[
    LearnRule::NAME,
    ApplyDiff::NAME,
    PreviewDiff::NAME,
    ListRules::NAME,
    ReloadRules::NAME,
    ShowMessage::NAME,
    ExportRules::NAME,
    FixWorkspace::NAME,
];

/// `autofix.learnRule`: append the next rule to the rules file, as an edit the user approves.
pub enum LearnRule {}

/// Rule numbers, one or several.
#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Numbers {
    #[default]
    None,
    One(u64),
    Many(Vec<u64>),
}

impl Numbers {
    pub fn to_vec(&self) -> Vec<u64> {
        match self {
            Numbers::None => Vec::new(),
            Numbers::One(n) => vec![*n],
            Numbers::Many(v) => v.clone(),
        }
    }
}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LearnRuleArgs {
    /// STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX or OTHER. With neither this nor
    /// `instruction`, the server asks for a category and opens a draft.
    pub category: Option<String>,
    pub instruction: Option<String>,
    pub why: Option<String>,
    /// A `Check` object (or array of them), written as given.
    pub check: Option<Value>,
    #[serde(default)]
    pub supersedes: Numbers,
    /// A document or folder that picks the workspace folder, and so the rules file.
    pub uri: Option<String>,
}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
pub struct LearnRuleResult {
    pub rule_number: Option<u64>,
    pub path: Option<PathBuf>,
    pub applied: bool,
    /// The user dismissed the question before anything was proposed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
    /// Why the edit was not applied, when the editor or the user said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
}

impl Command for LearnRule {
    const NAME: &'static str = "autofix.learnRule";
    type Args = LearnRuleArgs;
    type Result = LearnRuleResult;
    const ARGS_OPTIONAL: bool = true;
}

/// `autofix.applyDiff`: land a SEARCH/REPLACE diff as one reviewed workspace edit.
pub enum ApplyDiff {}
/// `autofix.previewDiff`: the same report, nothing applied.
pub enum PreviewDiff {}

/// A diff written inside an open document, named instead of copied (code lenses carry this, so
/// a response stays linear in the size of the diff).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DiffSource {
    /// The document holding the diff.
    pub uri: String,
    /// Which diff of the document (0-based, in order of appearance).
    pub index: usize,
    /// The document version the lens was computed for; a newer version is read afresh.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<i32>,
}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DiffArgs {
    /// The target, absolute or relative to the workspace folder (default: the diff's `<path>`).
    pub path: Option<String>,
    pub uri: Option<String>,
    /// The diff text; or `source`, a diff inside an open document.
    pub diff: Option<String>,
    pub source: Option<DiffSource>,
    pub threshold: Option<f64>,
    pub buffer_lines: Option<usize>,
}

/// The report of `autofix.applyDiff` / `autofix.previewDiff`: the `apply-diff --format json`
/// report with the target and whether the edit was applied.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DiffReport {
    #[serde(flatten)]
    #[schemars(with = "DiffOutcomeSchema")]
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<PathBuf>,
    /// Absent for a preview.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub applied: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
}

/// The JSON shape of [`Outcome`] as reports show it (for the generated TypeScript).
#[derive(JsonSchema)]
#[allow(dead_code)]
struct DiffOutcomeSchema {
    success: bool,
    blocks: Vec<BlockReport>,
    error: Option<String>,
    /// Things worth knowing that did not stop anything; absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<String>>,
}

/// One block of a diff report.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct BlockReport {
    /// 0-based position of the block in the diff.
    index: usize,
    status: BlockStatus,
    /// Applied: where the SEARCH lines matched (1-based); failed: the best candidate's line.
    line: Option<usize>,
    similarity: Option<f64>,
    error: Option<String>,
    /// How an applied block was found.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    matched: Option<MatchKind>,
    /// Why a failed block failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<FailureKind>,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum BlockStatus {
    Applied,
    Failed,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum MatchKind {
    Exact,
    Normalized,
    Fuzzy,
    ExactOutsideWindow,
}

#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum FailureKind {
    NotFound,
    Ambiguous,
    Overlap,
    EmptySearch,
    Interrupted,
}

impl Command for ApplyDiff {
    const NAME: &'static str = "autofix.applyDiff";
    type Args = DiffArgs;
    type Result = DiffReport;
    const ARGS_OPTIONAL: bool = false;
}

impl Command for PreviewDiff {
    const NAME: &'static str = "autofix.previewDiff";
    type Args = DiffArgs;
    type Result = DiffReport;
    const ARGS_OPTIONAL: bool = false;
}

/// `autofix.listRules`: the rules governing a document or folder, with their status.
pub enum ListRules {}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListRulesArgs {
    /// A document or folder whose rules to list; default: the first workspace folder.
    pub uri: Option<String>,
}

#[derive(Debug, Default, Clone, Serialize, JsonSchema)]
pub struct ListRulesResult {
    pub rules_file: Option<PathBuf>,
    pub root: Option<PathBuf>,
    pub broken: bool,
    #[schemars(with = "Vec<Value>")]
    pub rules: Vec<RuleEntry>,
    /// Why the rules file could not be read, when it could not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Command for ListRules {
    const NAME: &'static str = "autofix.listRules";
    type Args = ListRulesArgs;
    type Result = ListRulesResult;
    const ARGS_OPTIONAL: bool = true;
}

/// `autofix.reloadRules`: read every rules file again.
pub enum ReloadRules {}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

#[derive(Debug, Default, Clone, Serialize, JsonSchema)]
pub struct ReloadRulesResult {
    pub rules: usize,
    pub rules_files: Vec<RulesFileStatus>,
    pub broken: bool,
}

impl Command for ReloadRules {
    const NAME: &'static str = "autofix.reloadRules";
    type Args = NoArgs;
    type Result = ReloadRulesResult;
    const ARGS_OPTIONAL: bool = true;
}

/// `autofix.showMessage`: show a message (what a code lens that only informs does when clicked).
pub enum ShowMessage {}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShowMessageArgs {
    pub message: String,
}

impl Command for ShowMessage {
    const NAME: &'static str = "autofix.showMessage";
    type Args = ShowMessageArgs;
    type Result = Option<()>;
    const ARGS_OPTIONAL: bool = false;
}

/// `autofix.fixWorkspace`: every fixable violation of the workspace — open documents and files
/// nobody opened — fixed in one workspace edit the user reviews.
pub enum FixWorkspace {}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixWorkspaceArgs {
    /// Only files under this folder (or this one file); default: every workspace folder.
    pub uri: Option<String>,
}

/// A file the workspace fix leaves alone, and why.
#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
pub struct LeftAlone {
    pub path: PathBuf,
    pub reason: String,
}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
pub struct FixWorkspaceResult {
    /// Files the edit changes.
    pub files: usize,
    /// Fixes in the edit.
    pub fixes: usize,
    /// True when an edit was sent and the editor applied it.
    pub applied: bool,
    /// Files with fixes that are not in the edit (refused by the access policy, unreadable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_alone: Vec<LeftAlone>,
    /// Why the edit was not applied, when the editor or the user said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
}

impl Command for FixWorkspace {
    const NAME: &'static str = "autofix.fixWorkspace";
    type Args = FixWorkspaceArgs;
    type Result = FixWorkspaceResult;
    const ARGS_OPTIONAL: bool = true;
}

/// `autofix.exportRules`: write the active rules into the agents' files (`AGENTS.md`,
/// `CLAUDE.md`, `.cursor/rules/`, …) as one workspace edit the user approves.
pub enum ExportRules {}

#[derive(Debug, Default, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportRulesArgs {
    /// A document (the rules governing it are exported) or a folder (every rules file in it,
    /// each next to its own files); default: the first workspace folder.
    pub uri: Option<String>,
    /// The agents to export to (agents, claude, cursor, copilot, cline, roo, windsurf, gemini,
    /// continue, kiro); default: those whose files the project has.
    #[serde(default)]
    pub agents: Vec<String>,
    /// Only report what an export would change; send no edit.
    #[serde(default)]
    pub check: bool,
}

/// What an export does to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExportAction {
    /// A new file (a generated one, or a shared file that did not exist).
    Created,
    /// autofix's section, or its generated file, rewritten.
    Updated,
    /// A generated file no rule produces any more.
    Removed,
    /// Already holds the rules.
    Unchanged,
    /// Left alone: its autofix section or generated file was edited by hand (or its markers
    /// are broken, or a file autofix did not write has the name) — `reason` says which.
    Conflict,
    /// Left alone: the access policy refuses it (outside the workspace, a link out, blocked by
    /// an ignore file, not a regular file, too large) — `reason` says why.
    Refused,
}

/// One file of an export.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ExportChange {
    pub path: PathBuf,
    /// What the export does to it; with `check`, or when the edit was not applied, what it
    /// would do.
    pub action: ExportAction,
    /// Why a file is left alone (conflict, refused), or why a change could not be sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Default, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ExportRulesResult {
    /// The rules files exported (in force for the `uri`).
    pub rules_files: Vec<PathBuf>,
    /// Every agent file involved, by rules file, in a stable order.
    pub changes: Vec<ExportChange>,
    /// True when every agent file already holds the rules (nothing to write, nothing left
    /// alone).
    pub current: bool,
    /// True when an edit was sent and the editor applied it.
    pub applied: bool,
    /// Why the edit was not applied, when the editor or the user said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
}

impl Command for ExportRules {
    const NAME: &'static str = "autofix.exportRules";
    type Args = ExportRulesArgs;
    type Result = ExportRulesResult;
    const ARGS_OPTIONAL: bool = true;
}

/// `autofix/status`: how many rules are in force and whether a rules file is broken, for an
/// editor's status bar; sent after rules load or change.
pub enum Status {}

#[derive(Debug, Default, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusParams {
    /// Active rules across every rules file.
    pub rules: usize,
    /// True when a rules file in use does not parse or has a broken rule.
    pub broken: bool,
    pub rules_files: Vec<RulesFileStatus>,
}

/// One rules file in a status report.
#[derive(Debug, Default, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RulesFileStatus {
    pub path: PathBuf,
    pub rules: usize,
    pub broken: bool,
    pub error: Option<String>,
}

impl Notification for Status {
    const METHOD: &'static str = "autofix/status";
    type Params = StatusParams;
}

impl tower_lsp_server::ls_types::notification::Notification for Status {
    type Params = StatusParams;
    const METHOD: &'static str = <Status as Notification>::METHOD;
}
