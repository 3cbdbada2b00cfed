// Review-then-accept for the server's `workspace/applyEdit` requests that carry a
// `needsConfirmation` change annotation (learned rules, applied diffs, exports of the rules to
// the agents' files). Rejecting an applied diff offers to learn a rule so it is not proposed again.
//
// VS Code's own handling routes such edits to Refactor Preview with the edit *unchecked*, so
// pressing Apply there applies nothing. Instead: open a diff editor per file (left: the content
// now, a read-only virtual document of the `autofix-review` scheme; right: the content with the
// edits applied, an *editable* in-memory file of the `autofix-proposed` scheme — what the user
// leaves there is what lands, and a message says the edited version was applied), ask Accept / Reject (notification buttons, editor title buttons, or the
// "Autofix: Accept Change" / "Autofix: Reject Change" commands; closing the diff rejects), then
// apply the edit with `vscode.workspace.applyEdit` — confirmation cleared, since the user just gave
// it — and answer the server `{applied}`. Edits without `needsConfirmation` are applied directly,
// as vscode-languageclient would; files such an edit had to open to change them (an automatic
// export into AGENTS.md) are saved, or they would stay unsaved in the background.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { ApplyWorkspaceEditParams, ApplyWorkspaceEditResult, WorkspaceEdit } from 'vscode-languageserver-protocol';

import { applyTextEdits, FileChange, needsConfirmation, rejectionDraft, summarize, withoutConfirmation } from './edits';

export const SCHEME = 'autofix-review';
/** The proposed side of a review: editable. */
export const PROPOSED_SCHEME = 'autofix-proposed';
const CONTEXT_KEY = 'autofix.reviewPending';
/** From this many files on, a change is reviewed in one multi-file diff editor (the fixes of a
 *  whole workspace), not one diff tab per file. */
const MULTI_DIFF_FROM = 3;

type Decision = 'accept' | 'reject' | 'closed';

interface Pending {
  id: number;
  decide: (d: Decision) => void;
  uris: vscode.Uri[];
  /** Brings the diff back to the front and asks again (the notification fades after a while). */
  reveal: () => Promise<void>;
}

/** The files of the proposed side, in memory: a file system so that VS Code lets the user edit
 *  them (and save them, which stays here). */
class ProposedFiles implements vscode.FileSystemProvider {
  private readonly files = new Map<string, { data: Uint8Array; mtime: number }>();
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;

  put(uri: vscode.Uri, text: string): void {
    this.files.set(uri.toString(), { data: new TextEncoder().encode(text), mtime: Date.now() });
  }

  drop(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
  }

  private get(uri: vscode.Uri): { data: Uint8Array; mtime: number } {
    const f = this.files.get(uri.toString());
    if (!f) throw vscode.FileSystemError.FileNotFound(uri);
    return f;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const f = this.get(uri);
    return { type: vscode.FileType.File, ctime: f.mtime, mtime: f.mtime, size: f.data.byteLength };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    // Only files live here.
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.get(uri).data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    this.get(uri);
    this.files.set(uri.toString(), { data: content, mtime: Date.now() });
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('a proposed change cannot be renamed'));
  }
}

/** The files a review applied in the version the user edited, until a report takes them. */
let lastEdited: string[] | undefined;

/** The files of the last accepted review that the user edited before accepting (once). */
export function takeEdited(): string[] | undefined {
  const edited = lastEdited;
  lastEdited = undefined;
  return edited;
}

export class ReviewController implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly proposed = new ProposedFiles();
  /** Offers to learn a rule from a rejected diff: its draft instruction and target. */
  onRejectedDiff: ((draft: string, target: vscode.Uri) => void) | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private readonly disposables: vscode.Disposable[] = [];
  /** Shown while a review waits, whatever the user looks at meanwhile: the way back to it. */
  private readonly waiting: vscode.StatusBarItem;

  constructor(private readonly log: vscode.OutputChannel) {
    this.waiting = vscode.window.createStatusBarItem('autofix.review', vscode.StatusBarAlignment.Left, 9);
    this.waiting.name = vscode.l10n.t('autofix review');
    this.waiting.command = 'autofix.showPendingReview';
    this.waiting.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.disposables.push(
      this.waiting,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, this),
      vscode.workspace.registerFileSystemProvider(PROPOSED_SCHEME, this.proposed, { isCaseSensitive: true }),
      vscode.window.tabGroups.onDidChangeTabs((e) => this.onTabsChanged(e)),
      this.changed,
    );
  }

  dispose(): void {
    this.pending?.decide('reject');
    for (const d of this.disposables) d.dispose();
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Whether a review is waiting for Accept / Reject. */
  get isPending(): boolean {
    return this.pending !== undefined;
  }

  accept(): void {
    this.pending?.decide('accept');
  }

  reject(): void {
    this.pending?.decide('reject');
  }

  /** "Autofix: Show Pending Review": the diff in front again, and Accept / Reject asked again. */
  async showPending(): Promise<boolean> {
    if (!this.pending) return false;
    await this.pending.reveal();
    return true;
  }

  /** The `workspace/applyEdit` handler. Reviews run one at a time, in arrival order. */
  handle(client: BaseLanguageClient, params: ApplyWorkspaceEditParams): Promise<ApplyWorkspaceEditResult> {
    const mode = vscode.workspace.getConfiguration('autofix').get<string>('review', 'diffEditor');
    if (mode === 'refactorPreview' || !needsConfirmation(params.edit)) {
      return this.applyDirectly(client, params.edit);
    }
    const run = this.queue.then(() => this.review(client, params));
    this.queue = run.catch(() => undefined);
    return run.catch((e: unknown) => {
      const failureReason = vscode.l10n.t('autofix: the review failed: {0}', e instanceof Error ? e.message : String(e));
      this.log.appendLine(failureReason);
      void vscode.window.showErrorMessage(failureReason);
      return { applied: false, failureReason };
    });
  }

  /** What vscode-languageclient does with an applyEdit: refuse stale versions, else apply. */
  private async applyDirectly(client: BaseLanguageClient, edit: WorkspaceEdit): Promise<ApplyWorkspaceEditResult> {
    const summary = summarize(edit, vscode.l10n);
    const stale = staleDocument(summary.files);
    if (stale) return { applied: false, failureReason: stale };
    const loadedBefore = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    const converted = await client.protocol2CodeConverter.asWorkspaceEdit(edit);
    const applied = await vscode.workspace.applyEdit(converted);
    if (!applied) return { applied, failureReason: vscode.l10n.t('VS Code did not apply the edit') };
    if (vscode.workspace.getConfiguration('autofix').get<boolean>('saveAfterAccept', true)) {
      for (const f of summary.files) {
        if (loadedBefore.has(vscode.Uri.parse(f.uri).toString())) continue;
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === vscode.Uri.parse(f.uri).toString());
        if (doc?.isDirty) await doc.save();
      }
    }
    return { applied };
  }

  private async review(client: BaseLanguageClient, params: ApplyWorkspaceEditParams): Promise<ApplyWorkspaceEditResult> {
    const edit = params.edit;
    const summary = summarize(edit, vscode.l10n);
    const stale = staleDocument(summary.files);
    if (stale) return { applied: false, failureReason: stale };

    const id = this.nextId++;
    // The server's words (in the language it was told), else ours.
    const label = summary.labels.join('; ') || params.label || vscode.l10n.t('autofix: proposed change');
    const shown: Shown[] = [];
    const show = (uri: vscode.Uri, before: string, after: string, status: string, create = false, deleted = false) => {
      const left = uri.with({ scheme: SCHEME, query: `review=${id}&side=current` });
      // The proposed side is editable, but a deletion has nothing to edit.
      const right = deleted
        ? uri.with({ scheme: SCHEME, query: `review=${id}&side=deleted` })
        : uri.with({ scheme: PROPOSED_SCHEME, query: `review=${id}` });
      this.contents.set(left.toString(), before);
      if (deleted) this.contents.set(right.toString(), after);
      else this.proposed.put(right, after);
      shown.push({ uri, left, right, status, before, after, create, deleted });
    };
    for (const file of summary.files) {
      const uri = vscode.Uri.parse(file.uri);
      const before = await currentText(uri, file.create);
      const status = file.create ? vscode.l10n.t('new file ↔ proposed') : vscode.l10n.t('current ↔ proposed');
      show(uri, before, applyTextEdits(before, file.edits), status, file.create);
    }
    // A deleted file: its text on the left, nothing on the right.
    for (const deleted of summary.deletes) {
      const uri = vscode.Uri.parse(deleted);
      show(uri, await currentText(uri, true), '', vscode.l10n.t('current ↔ deleted'), false, true);
    }

    let decide: (d: Decision) => void = () => undefined;
    const decision = new Promise<Decision>((resolve) => (decide = resolve));
    const names = shown.map((s) => relative(s.uri));
    const files = names.length > 5 ? vscode.l10n.t('{0} and {1} more files', names.slice(0, 5).join(', '), names.length - 5) : names.join(', ');
    const question = summary.descriptions.length
      ? vscode.l10n.t('{0} — review the change to {1}: {2}', label, files, summary.descriptions.join('; '))
      : vscode.l10n.t('{0} — review the change to {1}.', label, files);
    const extra = summary.other.length ? ` ${vscode.l10n.t('It would also {0}.', summary.other.join('; '))}` : '';
    const [accept, reject] = [vscode.l10n.t('Accept'), vscode.l10n.t('Reject')];
    let answeredInToast = false;
    const openDiffs = async () => {
      if (shown.length >= MULTI_DIFF_FROM) {
        await vscode.commands.executeCommand(
          'vscode.changes',
          // VS Code adds the file count itself.
          vscode.l10n.t('{0} (current ↔ proposed)', label),
          shown.map((s) => [s.uri, s.left, s.right]),
        );
      } else {
        for (const s of shown) {
          const title = `${path.basename(s.uri.path)} (${s.status}) — ${label}`;
          await vscode.commands.executeCommand('vscode.diff', s.left, s.right, title, { preview: false });
        }
      }
    };
    const ask = () => {
      void vscode.window.showInformationMessage(`${question}${extra}`, accept, reject).then((choice) => {
        if (choice === undefined) return;
        answeredInToast = true;
        if (choice === accept) decide('accept');
        else if (choice === reject) decide('reject');
      });
    };
    this.pending = {
      id,
      decide,
      uris: shown.map((s) => s.right),
      reveal: async () => {
        await openDiffs();
        ask();
      },
    };
    await vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    this.waiting.text = `$(git-compare) ${vscode.l10n.t('autofix: review waiting')}`;
    this.waiting.tooltip = vscode.l10n.t('{0} — waiting for Accept or Reject ({1}). Click to show it again.', label, files);
    this.waiting.show();
    this.log.appendLine(`[review ${id}] ${label}: ${shown.map((s) => relative(s.uri)).join(', ')}`);
    try {
      await openDiffs();
      ask();
      const verdict = await decision;
      // Decided elsewhere (editor title, palette, closing the diff): the toast's buttons would do
      // nothing now, and an extension cannot close its own notification; hide the toasts.
      if (!answeredInToast) await vscode.commands.executeCommand('notifications.hideToasts').then(undefined, () => undefined);
      this.log.appendLine(`[review ${id}] ${verdict}`);
      if (verdict === 'reject' && summary.kinds.includes('autofix.diff')) this.offerLearning(shown);
      if (verdict !== 'accept') {
        return {
          applied: false,
          failureReason:
            verdict === 'closed' ? vscode.l10n.t('the review was closed without accepting the change') : vscode.l10n.t('rejected in the review'),
        };
      }
      // The user may have edited a file while the diff was open, or something else (an agent, a
      // formatter) may have written one that no editor has open: the edit, made for the text
      // shown on the left, would then land in the wrong places.
      const staleNow = staleDocument(summary.files) ?? (await changedSince(shown));
      if (staleNow) {
        void vscode.window.showWarningMessage(vscode.l10n.t('autofix: not applied — {0}', staleNow));
        return { applied: false, failureReason: staleNow };
      }
      const dirtyBefore = new Set(
        vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()),
      );
      const edited = proposedNow(shown);
      const applied = edited.size
        ? await applyEdited(shown, edited)
        : await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(withoutConfirmation(edit)));
      if (!applied) return { applied: false, failureReason: vscode.l10n.t('VS Code did not apply the edit') };
      if (edited.size) {
        const names = shown.filter((s) => edited.has(s.right.toString())).map((s) => relative(s.uri));
        lastEdited = names;
        this.log.appendLine(`[review ${id}] applied as edited in the review: ${names.join(', ')}`);
        void vscode.window.showInformationMessage(vscode.l10n.t('autofix: applied your edited version of {0} ({1}).', names.join(', '), label));
      }
      if (vscode.workspace.getConfiguration('autofix').get<boolean>('saveAfterAccept', true)) {
        for (const s of shown) {
          if (dirtyBefore.has(s.uri.toString())) continue;
          const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === s.uri.toString());
          if (doc?.isDirty) await doc.save();
        }
      }
      return { applied: true };
    } finally {
      this.pending = undefined;
      this.waiting.hide();
      await vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
      // An edited proposal is saved into memory first: closing it must not ask to save it.
      for (const s of shown) {
        const doc = openDocument(s.right);
        if (doc?.isDirty) await doc.save().then(undefined, () => undefined);
      }
      await this.closeTabs(id);
      for (const s of shown) {
        this.contents.delete(s.left.toString());
        this.contents.delete(s.right.toString());
        this.proposed.drop(s.right);
      }
    }
  }

  /** After a diff was rejected: offer to learn a rule from what it would have introduced. */
  private offerLearning(shown: Shown[]): void {
    const file = shown.find((s) => !s.deleted);
    const draft = file && rejectionDraft(file.before, file.after, relative(file.uri), vscode.l10n);
    if (!file || !draft || !this.onRejectedDiff) return;
    const learn = vscode.l10n.t('Learn a Rule…');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('autofix: change rejected. Learn a rule so it is not proposed again?'), learn)
      .then((choice) => {
        if (choice === learn) this.onRejectedDiff?.(draft, file.uri);
      });
  }

  private reviewTabs(id: number): vscode.Tab[] {
    const query = `review=${id}&`;
    const ours = (diff: { modified: vscode.Uri }) =>
      (diff.modified.scheme === SCHEME && diff.modified.query.startsWith(query)) ||
      (diff.modified.scheme === PROPOSED_SCHEME && diff.modified.query === `review=${id}`);
    return vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => (t.input instanceof vscode.TabInputTextDiff && ours(t.input)) || multiDiffOf(t.input)?.some(ours));
  }

  private async closeTabs(id: number): Promise<void> {
    const tabs = this.reviewTabs(id);
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  }

  /** Closing every diff of the pending review counts as rejecting it. */
  private onTabsChanged(e: vscode.TabChangeEvent): void {
    const p = this.pending;
    if (!p || e.closed.length === 0) return;
    if (this.reviewTabs(p.id).length === 0) p.decide('closed');
  }
}

/** A file of a review: where it is, its two sides, and their texts when proposed. */
interface Shown {
  uri: vscode.Uri;
  left: vscode.Uri;
  right: vscode.Uri;
  status: string;
  before: string;
  after: string;
  create: boolean;
  deleted: boolean;
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

/** The proposed texts the user changed in the review, by the proposed side's URI. */
function proposedNow(shown: Shown[]): Map<string, string> {
  const edited = new Map<string, string>();
  for (const s of shown) {
    if (s.deleted) continue;
    const text = openDocument(s.right)?.getText();
    if (text !== undefined && text !== s.after) edited.set(s.right.toString(), text);
  }
  return edited;
}

/** Applies the review as the user left it: every file as its proposed side reads now (each
 *  replaced whole, created when new), files deleted as proposed. */
async function applyEdited(shown: Shown[], edited: Map<string, string>): Promise<boolean> {
  const we = new vscode.WorkspaceEdit();
  for (const s of shown) {
    if (s.deleted) {
      we.deleteFile(s.uri, { ignoreIfNotExists: true });
      continue;
    }
    const text = edited.get(s.right.toString()) ?? s.after;
    const exists = await vscode.workspace.fs.stat(s.uri).then(() => true, () => openDocument(s.uri) !== undefined);
    if (!exists) {
      we.createFile(s.uri, { ignoreIfExists: true });
      we.insert(s.uri, new vscode.Position(0, 0), text);
      continue;
    }
    const doc = await vscode.workspace.openTextDocument(s.uri);
    we.replace(s.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  }
  return vscode.workspace.applyEdit(we);
}

/** The diffs of a multi-file diff editor's tab (`vscode.TabInputTextMultiDiff`, typed here as
 *  the engines' minimum version predates it). */
function multiDiffOf(input: unknown): { modified: vscode.Uri }[] | undefined {
  const diffs = (input as { textDiffs?: unknown } | undefined)?.textDiffs;
  return Array.isArray(diffs) ? (diffs as { modified: vscode.Uri }[]) : undefined;
}

/** The text a file has now: its open buffer, else the file on disk, else empty (created). */
async function currentText(uri: vscode.Uri, create: boolean): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (e) {
    if (create) return '';
    throw e;
  }
}

/** Which file (not created by the change) no longer holds the text the review showed, if any. */
async function changedSince(shown: { uri: vscode.Uri; before: string; create: boolean }[]): Promise<string | undefined> {
  for (const s of shown) {
    if (s.create) continue;
    const now = await currentText(s.uri, true).catch(() => undefined);
    if (now !== s.before) return vscode.l10n.t('{0} changed since the change was proposed; run the command again', relative(s.uri));
  }
  return undefined;
}

/** Why the edit no longer fits an open document (its version moved on), if it does not. */
function staleDocument(files: FileChange[]): string | undefined {
  for (const f of files) {
    if (f.version === null || f.version < 0) continue;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === vscode.Uri.parse(f.uri).toString());
    if (doc && doc.version !== f.version) {
      return vscode.l10n.t(
        '{0} changed since the edit was computed (version {1}, now {2}); run the command again',
        relative(doc.uri),
        f.version,
        doc.version,
      );
    }
  }
  return undefined;
}

function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1);
}
