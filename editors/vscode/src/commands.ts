// The palette commands that talk to the server: Learn Rule…, Apply Diff from Clipboard, Show
// Active Rules, Export Rules to Agent Files, Fix All Rule Violations in Workspace. Each sends one `workspace/executeCommand` with one
// JSON object argument. Their words are in VS Code's display language (`vscode.l10n`), as are the
// server's (it is told the same language).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';

import { diffDetails, diffSummary } from './diffReport';
import { blockCount, diffPath, looksLikeDiff } from './diffText';
import { showReport } from './reportDocument';
import { takeEdited } from './review';
import {
  APPLY_DIFF,
  CommandName,
  CommandTypes,
  DiffReport,
  EXPORT_RULES,
  ExportRulesResult,
  FIX_WORKSPACE,
  FixWorkspaceResult,
  LEARN_RULE,
  LearnRuleResult,
  LIST_RULES,
} from './protocol';

/** The categories of a rule, described in the user's language (built when asked: the language
 *  bundle is not loaded yet while the module itself loads). */
export function categories(): { label: string; description: string }[] {
  return [
    { label: 'CODE', description: vscode.l10n.t('code patterns, APIs, types, libraries') },
    { label: 'STYLE', description: vscode.l10n.t('naming, formatting, comments') },
    { label: 'ARCH', description: vscode.l10n.t('where code lives, module boundaries, layering') },
    { label: 'TOOL', description: vscode.l10n.t('tools, package managers, scripts, CI') },
    { label: 'PROCESS', description: vscode.l10n.t('commits, reviews, workflow') },
    { label: 'DATA', description: vscode.l10n.t('schemas, migrations, data handling') },
    { label: 'UX', description: vscode.l10n.t('user-facing behaviour, accessibility, wording') },
    { label: 'OTHER', description: vscode.l10n.t('anything else') },
  ];
}

/** One entry of `ListRulesResult.rules`. Written here, not generated: the server's
 *  `listing::RuleEntry` has no JSON schema yet, so protocol.ts types the list as `unknown[]`. */
export interface RuleEntry {
  rule_number: number;
  category: string;
  instruction: string;
  why: string;
  status: 'active' | 'superseded';
  superseded_by?: number;
  line: number;
  checks: { origin: 'explicit' | 'inferred' }[];
}

export type ClientGetter = () => LanguageClient | undefined;

/** Runs a server command; errors (server missing, command unknown) become one error message,
 *  unless `handled` takes the server's error message (returning true). */
async function serverCommand<K extends CommandName>(
  getClient: ClientGetter,
  command: K,
  arg: CommandTypes[K]['args'],
  handled?: (message: string) => boolean,
): Promise<CommandTypes[K]['result'] | undefined> {
  const client = getClient();
  if (!client?.isRunning()) {
    void vscode.window.showErrorMessage(vscode.l10n.t('autofix: the language server is not running (see "Autofix: Show Output").'));
    return undefined;
  }
  try {
    return (await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] })) as CommandTypes[K]['result'];
  } catch (e) {
    // The server's own messages start with "autofix: "; this one says so already.
    const message = (e instanceof Error ? e.message : String(e)).replace(/^autofix: /, '');
    if (handled?.(message)) return undefined;
    // The server says it in the user's language too.
    const unknown = /unknown command|comando desconocido/i.test(message);
    void vscode.window.showErrorMessage(
      unknown
        ? vscode.l10n.t('autofix: this autofix server does not offer `{0}` yet; update the autofix binary (setting `autofix.server.path`).', command)
        : vscode.l10n.t('autofix: {0} failed: {1}', command, message),
    );
    return undefined;
  }
}

/** The document the user is working on, or the first workspace folder: which rules a command is about. */
function contextUri(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (doc && doc.uri.scheme === 'file') return doc.uri;
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

/** The selection, when it is short enough to name in a rule. */
function selectionText(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) return undefined;
  const text = editor.document.getText(editor.selection).trim();
  if (!text || text.includes('\n') || text.length > 80) return undefined;
  return text;
}

const IMPERATIVE = /^(never|always|don['’]?t|do not|avoid|prefer|use|keep|put|write|make|nunca|siempre|no |usa|evita|prefiere)\b/i;

/** A rule to start from: the instruction and why to edit, and the file it is learned for. */
export interface RuleDraft {
  instruction: string;
  why: string;
  uri: vscode.Uri;
}

/** "Autofix: Learn Rule…": category, then instruction, then why (prefilled from a `draft`: a
 *  rejected diff's); the server writes the rule
 *  (through the review flow) and answers `{rule_number, path, applied}`. */
export async function learnRule(getClient: ClientGetter, draft?: RuleDraft): Promise<void> {
  const uri = draft?.uri ?? contextUri();
  if (!uri) {
    void vscode.window.showErrorMessage(vscode.l10n.t('autofix: open a folder first — rules are learned into its autofix.json.'));
    return;
  }
  const selected = selectionText();
  const pick = await vscode.window.showQuickPick(categories(), {
    title: vscode.l10n.t('Autofix: Learn Rule (1/3) — category'),
    placeHolder: vscode.l10n.t('What kind of rule is it?'),
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  if (!pick) return;
  // In the user's language: the server infers checks from English and Spanish rules alike.
  const prefill = draft?.instruction ?? (selected ? vscode.l10n.t('Never use `{0}`', selected.replace(/`/g, '')) : '');
  const instruction = await vscode.window.showInputBox({
    title: vscode.l10n.t('Autofix: Learn Rule (2/3) — instruction [{0}]', pick.label),
    prompt: vscode.l10n.t('An imperative: "Never/Always do X - because Y". Code in backticks becomes a check.'),
    placeHolder: vscode.l10n.t('Never use `any` in TypeScript - use `unknown` with type guards.'),
    value: prefill,
    valueSelection: [prefill.length, prefill.length],
    ignoreFocusOut: true,
    validateInput: (v) => {
      if (!v.trim()) return vscode.l10n.t('The instruction is required.');
      if (!IMPERATIVE.test(v.trim())) {
        return {
          message: vscode.l10n.t('Rules work best as imperatives: "Never …" or "Always …".'),
          severity: vscode.InputBoxValidationSeverity.Warning,
        };
      }
      return undefined;
    },
  });
  if (instruction === undefined) return;
  const why = await vscode.window.showInputBox({
    title: vscode.l10n.t('Autofix: Learn Rule (3/3) — why'),
    prompt: vscode.l10n.t('Why the rule exists (the reason agents and people will read).'),
    placeHolder: vscode.l10n.t('prevents runtime errors'),
    value: draft?.why,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The reason is required.')),
  });
  if (why === undefined) return;
  const result = await serverCommand(getClient, LEARN_RULE, {
    category: pick.label,
    instruction: instruction.trim(),
    why: why.trim(),
    uri: uri.toString(),
  });
  if (result) reportLearn(result);
}

/** What `autofix.learnRule` answered, when the rule was not learned (on success the server says
 *  "Learned rule #N …" itself). */
export function reportLearn(result: LearnRuleResult): void {
  if (result.applied || result.cancelled) return;
  const file = result.path ? vscode.workspace.asRelativePath(result.path) : 'autofix.json';
  const why = result.failure_reason ?? vscode.l10n.t('the change to {0} was not accepted', file);
  void vscode.window.showWarningMessage(vscode.l10n.t('autofix: rule #{0} was not learned ({1}).', result.rule_number ?? '?', why));
}

/** "Autofix: Apply Diff from Clipboard": a SEARCH/REPLACE diff (or `<apply_diff>` tool call) to the
 *  file it names in `<path>`, else to the active file, reviewed before it is applied. */
export async function applyDiffFromClipboard(getClient: ClientGetter, log: vscode.OutputChannel): Promise<void> {
  const text = await vscode.env.clipboard.readText();
  if (!looksLikeDiff(text)) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('autofix: the clipboard holds no SEARCH/REPLACE diff (<<<<<<< SEARCH … ======= … >>>>>>> REPLACE).'),
    );
    return;
  }
  const target = diffTarget(diffPath(text));
  if (!target) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('autofix: the diff names no <path> and no file is active: open the file the diff is for, then run the command again.'),
    );
    return;
  }
  const report = await serverCommand(getClient, APPLY_DIFF, { uri: target.toString(), diff: text });
  if (!report) return;
  reportDiff(report, target.fsPath, log, blockCount(text));
}

/** Tells the user what `autofix.applyDiff` did: applied (how many blocks), not accepted, or
 *  which blocks failed and why (details in the output channel). */
export function reportDiff(report: DiffReport, target: string | undefined, log: vscode.OutputChannel, blocksInDiff = 0): void {
  const where = report.path ?? target;
  const shown = where ? vscode.workspace.asRelativePath(where) : vscode.l10n.t('the file');
  log.appendLine(`applyDiff ${shown}: ${JSON.stringify(report)}`);
  const summary = diffSummary(report, shown, blocksInDiff, vscode.l10n);
  const { level, details } = summary;
  // The review applied the user's edited version: the blocks were only where it started.
  const message = takeEdited()
    ? vscode.l10n.t('{0} — as you edited it in the review.', summary.message.replace(/\.$/, ''))
    : summary.message;
  const show =
    level === 'info'
      ? vscode.window.showInformationMessage
      : level === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showErrorMessage;
  if (!details) {
    void show(message);
    return;
  }
  void show(message, vscode.l10n.t('Show Details')).then(async (choice) => {
    if (!choice) return;
    await showReport(vscode.l10n.t('autofix diff report — {0}', path.basename(shown)), diffDetails(report, shown, vscode.l10n));
  });
}

function diffTarget(named: string | undefined): vscode.Uri | undefined {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (!named) return active?.scheme === 'file' ? active : undefined;
  if (path.isAbsolute(named)) return vscode.Uri.file(named);
  const folder =
    (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, named) : undefined;
}

/** The agents `autofix.exportRules` knows, with the files each gets. */
export const AGENTS: { label: string; description: string }[] = [
  { label: 'agents', description: 'AGENTS.md (Codex, Jules, Amp, Zed, …)' },
  { label: 'claude', description: 'CLAUDE.md, .claude/rules/' },
  { label: 'cursor', description: '.cursor/rules/' },
  { label: 'copilot', description: '.github/copilot-instructions.md, .github/instructions/' },
  { label: 'cline', description: '.clinerules' },
  { label: 'roo', description: '.roo/rules/' },
  { label: 'windsurf', description: '.windsurf/rules/' },
  { label: 'gemini', description: 'GEMINI.md' },
  { label: 'continue', description: '.continue/rules/' },
  { label: 'kiro', description: '.kiro/steering/' },
];

/** "Autofix: Export Rules to Agent Files": the rules governing the active file (or the first
 *  folder's, each package's next to it) written into the files of the agents the project uses,
 *  through the review. A project with no agent file yet is asked which agents to write for. */
export async function exportRules(getClient: ClientGetter, agents?: string[]): Promise<void> {
  const uri = contextUri();
  let noAgents = false;
  const result = await serverCommand(
    getClient,
    EXPORT_RULES,
    { uri: uri?.toString(), ...(agents ? { agents } : {}) },
    // (The server's words, in the user's language.)
    (message) => (noAgents = /no agent files|no hay archivos de agentes/i.test(message)),
  );
  if (noAgents) {
    const picked = await vscode.window.showQuickPick(AGENTS, {
      title: vscode.l10n.t('Autofix: Export Rules — this project has no agent files yet: which agents should get the rules?'),
      canPickMany: true,
      ignoreFocusOut: true,
    });
    if (picked?.length) await exportRules(getClient, picked.map((p) => p.label));
    return;
  }
  if (result) reportExport(result);
}

/** What `autofix.exportRules` answered, when the export did not land (the server itself says
 *  "exported …", "exports are current" and which files it left alone). */
export function reportExport(result: ExportRulesResult): void {
  if (result.applied || result.current || !result.failure_reason) return;
  void vscode.window.showWarningMessage(vscode.l10n.t('autofix: the rules were not exported ({0}).', result.failure_reason));
}

interface RuleItem extends vscode.QuickPickItem {
  rule?: RuleEntry;
}

/** "Autofix: Show Active Rules": the rules governing the active file (newest first), superseded ones
 *  last; picking one opens autofix.json at it. */
export async function showActiveRules(getClient: ClientGetter): Promise<void> {
  const uri = contextUri();
  const listing = await serverCommand(getClient, LIST_RULES, uri ? { uri: uri.toString() } : {});
  if (!listing) return;
  const rulesFile = listing.rules_file;
  if (!rulesFile) {
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('autofix: no autofix.json governs this workspace yet.'),
      vscode.l10n.t('Learn Rule…'),
    );
    if (choice) await vscode.commands.executeCommand('autofix.learnRuleInteractive');
    return;
  }
  const byNewest = [...(listing.rules as RuleEntry[])].sort((a, b) => b.rule_number - a.rule_number);
  const active = byNewest.filter((r) => r.status === 'active');
  const superseded = byNewest.filter((r) => r.status !== 'active');
  const item = (r: RuleEntry): RuleItem => {
    const checks =
      r.checks.length === 0
        ? vscode.l10n.t('no check')
        : r.checks.some((c) => c.origin === 'explicit')
          ? vscode.l10n.t('checked')
          : vscode.l10n.t('inferred check');
    const status = r.status === 'active' ? checks : vscode.l10n.t('superseded by #{0}', r.superseded_by ?? '?');
    return {
      label: `#${r.rule_number} ${r.instruction}`,
      description: `[${r.category}] · ${status}`,
      detail: vscode.l10n.t('Why: {0}', r.why),
      rule: r,
    };
  };
  const items: RuleItem[] = [
    ...active.map(item),
    ...(superseded.length ? [{ label: vscode.l10n.t('superseded'), kind: vscode.QuickPickItemKind.Separator } as RuleItem] : []),
    ...superseded.map(item),
  ];
  const file = vscode.workspace.asRelativePath(rulesFile);
  const title =
    active.length === 1
      ? vscode.l10n.t('autofix: 1 active rule in {0}', file)
      : vscode.l10n.t('autofix: {0} active rules in {1}', active.length, file);
  const chosen = await vscode.window.showQuickPick(items, {
    title: listing.broken ? vscode.l10n.t('{0} — the file has errors; the last good rules are shown', title) : title,
    placeHolder: vscode.l10n.t('Pick a rule to open it in autofix.json'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!chosen?.rule) return;
  const line = Math.max(0, chosen.rule.line - 1);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(rulesFile));
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  const pos = new vscode.Position(line, doc.lineAt(Math.min(line, doc.lineCount - 1)).firstNonWhitespaceCharacterIndex);
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** "Autofix: Fix All Rule Violations in This File": the server's `source.fixAll.autofix` action
 *  for the active editor (what fix-on-save and the Ctrl+. menu apply), as one undoable edit. */
export async function fixAllInFile(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('autofix: open a file to fix its rule violations.'));
    return;
  }
  const doc = editor.document;
  const whole = new vscode.Range(0, 0, doc.lineCount, 0);
  const actions =
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      whole,
      FIX_ALL_KIND.value,
    )) ?? [];
  const action = actions.find((a) => a.kind && FIX_ALL_KIND.contains(a.kind) && a.edit);
  const name = vscode.workspace.asRelativePath(doc.uri);
  if (!action?.edit) {
    void vscode.window.showInformationMessage(vscode.l10n.t('autofix: nothing to fix in {0}.', name));
    return;
  }
  const fixes = action.edit.get(doc.uri).length;
  if (await vscode.workspace.applyEdit(action.edit)) {
    void vscode.window.showInformationMessage(fixed(fixes, name));
  } else {
    void vscode.window.showWarningMessage(vscode.l10n.t('autofix: the fixes of {0} were not applied (the file changed meanwhile?).', name));
  }
}

/** "autofix: fixed 3 violations in src/a.ts" (or "in 2 files"). */
function fixed(fixes: number, where: string): string {
  return fixes === 1
    ? vscode.l10n.t('autofix: fixed 1 violation in {0}.', where)
    : vscode.l10n.t('autofix: fixed {0} violations in {1}.', fixes, where);
}

/** The server's fix-all code action kind. */
const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('autofix');

/** "Autofix: Fix All Rule Violations in Workspace": every fixable violation — in open editors and
 *  in files nobody opened — as one edit, reviewed like any other (one diff editor listing every
 *  file when there are several). */
export async function fixAllInWorkspace(getClient: ClientGetter): Promise<void> {
  // No progress of our own: the answer comes once the review is decided, and a spinner saying
  // "gathering" during the review would be wrong.
  const result = await serverCommand(getClient, FIX_WORKSPACE, {});
  if (result) reportFixWorkspace(result);
}

/** What `autofix.fixWorkspace` answered: what was fixed, or why not, and the files left alone
 *  (the server itself says when nothing has a fix). */
export function reportFixWorkspace(result: FixWorkspaceResult): void {
  const left = result.left_alone ?? [];
  if (left.length) {
    const names = left.slice(0, 3).map((l) => `${vscode.workspace.asRelativePath(l.path)} (${l.reason})`).join('; ');
    void vscode.window.showWarningMessage(
      left.length > 3
        ? vscode.l10n.t('autofix: left alone: {0} and {1} more.', names, left.length - 3)
        : vscode.l10n.t('autofix: left alone: {0}.', names),
    );
  }
  if (result.files === 0) return;
  if (result.applied) {
    const files = result.files === 1 ? vscode.l10n.t('1 file') : vscode.l10n.t('{0} files', result.files);
    void vscode.window.showInformationMessage(fixed(result.fixes, files));
  } else if (result.failure_reason) {
    void vscode.window.showWarningMessage(vscode.l10n.t('autofix: the workspace fixes were not applied ({0}).', result.failure_reason));
  }
}
