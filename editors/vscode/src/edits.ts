// Pure helpers over LSP workspace edits (no `vscode` import, so they are unit-tested with node):
// does an edit ask for confirmation, which files does it touch, and what does a file look like
// with its text edits applied. Their words come from a `Words` (VS Code's display language).
import type {
  AnnotatedTextEdit,
  ChangeAnnotation,
  CreateFile,
  Position,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';

import { english, Words } from './words';

/** The edits a workspace edit makes to one file, in the order the server sent them. */
export interface FileChange {
  uri: string;
  /** The document version the edits were computed against (`null`: the file as on disk). */
  version: number | null;
  /** The file is created by the edit (it may not exist yet). */
  create: boolean;
  edits: TextEdit[];
}

/** Everything a review shows: the file changes, plus resource operations it cannot diff. */
export interface EditSummary {
  files: FileChange[];
  /** The URIs of the files the edit deletes (a stale generated file of an export). */
  deletes: string[];
  /** Renames, described in words (the server sends none today). */
  other: string[];
  /** The labels of the annotations that ask for confirmation. */
  labels: string[];
  descriptions: string[];
  /** Their ids (`autofix.diff`, `autofix.learn`, …): what kind of change it is. */
  kinds: string[];
}

function isTextDocumentEdit(change: unknown): change is TextDocumentEdit {
  return typeof change === 'object' && change !== null && 'textDocument' in change && 'edits' in change;
}

function annotationsOf(edit: WorkspaceEdit): Record<string, ChangeAnnotation> {
  return edit.changeAnnotations ?? {};
}

/** The annotation ids the edit's changes actually reference. */
function usedAnnotationIds(edit: WorkspaceEdit): Set<string> {
  const used = new Set<string>();
  for (const change of edit.documentChanges ?? []) {
    if (isTextDocumentEdit(change)) {
      for (const e of change.edits) {
        const id = (e as AnnotatedTextEdit).annotationId;
        if (typeof id === 'string') used.add(id);
      }
    } else {
      const id = (change as CreateFile).annotationId;
      if (typeof id === 'string') used.add(id);
    }
  }
  for (const edits of Object.values(edit.changes ?? {})) {
    for (const e of edits) {
      const id = (e as AnnotatedTextEdit).annotationId;
      if (typeof id === 'string') used.add(id);
    }
  }
  return used;
}

/** True when a change annotation that the edit uses has `needsConfirmation: true`. */
export function needsConfirmation(edit: WorkspaceEdit): boolean {
  const annotations = annotationsOf(edit);
  for (const id of usedAnnotationIds(edit)) {
    if (annotations[id]?.needsConfirmation === true) return true;
  }
  return false;
}

/** The same edit with every annotation's `needsConfirmation` cleared (labels are kept, for undo). */
export function withoutConfirmation(edit: WorkspaceEdit): WorkspaceEdit {
  if (!edit.changeAnnotations) return edit;
  const changeAnnotations: Record<string, ChangeAnnotation> = {};
  for (const [id, a] of Object.entries(annotationsOf(edit))) {
    changeAnnotations[id] = { ...a, needsConfirmation: false };
  }
  return { ...edit, changeAnnotations };
}

/** The files an edit touches, grouped (several TextDocumentEdits to one file are merged). */
export function summarize(edit: WorkspaceEdit, l10n: Words = english): EditSummary {
  const byUri = new Map<string, FileChange>();
  const get = (uri: string, version: number | null): FileChange => {
    let f = byUri.get(uri);
    if (!f) {
      f = { uri, version, create: false, edits: [] };
      byUri.set(uri, f);
    }
    return f;
  };
  const other: string[] = [];
  const deletes: string[] = [];
  if (edit.documentChanges) {
    for (const change of edit.documentChanges) {
      if (isTextDocumentEdit(change)) {
        const f = get(change.textDocument.uri, change.textDocument.version ?? null);
        if (f.version === null && change.textDocument.version != null) f.version = change.textDocument.version;
        f.edits.push(...change.edits.map((e) => ({ range: e.range, newText: e.newText })));
      } else if (change.kind === 'create') {
        get((change).uri, null).create = true;
      } else if (change.kind === 'rename') {
        const r = change;
        other.push(l10n.t('rename {0} → {1}', r.oldUri, r.newUri));
      } else if (change.kind === 'delete') {
        deletes.push(change.uri);
      }
    }
  } else if (edit.changes) {
    for (const [uri, edits] of Object.entries(edit.changes)) {
      get(uri, null).edits.push(...edits.map((e) => ({ range: e.range, newText: e.newText })));
    }
  }
  const annotations = annotationsOf(edit);
  const usedIds = [...usedAnnotationIds(edit)];
  const used = usedIds.map((id) => annotations[id]).filter((a) => a !== undefined);
  const confirm = used.filter((a) => a.needsConfirmation === true);
  const kinds = usedIds.filter((id) => annotations[id]?.needsConfirmation === true);
  const unique = (xs: (string | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  return {
    files: [...byUri.values()],
    deletes,
    other,
    labels: unique(confirm.map((a) => a.label)),
    descriptions: unique(confirm.map((a) => a.description)),
    kinds: unique(kinds),
  };
}

/** Offsets (UTF-16 code units, as LSP positions count them here) where each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The offset of a position, clamped like VS Code does: past the last line → end of text, past a
 *  line's end → before its line break. */
export function offsetAt(text: string, starts: number[], pos: Position): number {
  if (pos.line < 0) return 0;
  if (pos.line >= starts.length) return text.length;
  const start = starts[pos.line];
  let end = pos.line + 1 < starts.length ? starts[pos.line + 1] : text.length;
  while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return Math.min(start + Math.max(0, pos.character), end);
}

/** Applies LSP text edits (all relative to `text`, non-overlapping) and returns the new text.
 *  Edits at the same position apply in the order given. Throws on overlapping edits. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  const starts = lineStarts(text);
  const spans = edits
    .map((e, index) => ({
      start: offsetAt(text, starts, e.range.start),
      end: offsetAt(text, starts, e.range.end),
      newText: e.newText,
      index,
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.index - b.index);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) throw new Error('overlapping edits');
    out += text.slice(at, s.start) + s.newText;
    at = Math.max(at, s.end);
  }
  return out + text.slice(at);
}

/** A code span of at most `max` characters of one line (backticks dropped, so it stays a span). */
function span(line: string, max = 60): string {
  const t = line.trim().replace(/`/g, '');
  return `\`${t.length > max ? `${t.slice(0, max - 1)}…` : t}\``;
}

const WORD = /[\p{L}\p{N}_]/u;

/** The part of two lines that differs, widened to whole words: `format_date` and `formatDate`
 *  out of two declarations. */
function differing(a: string, b: string): [string, string] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  let start = p;
  while (start > 0 && WORD.test(a[start - 1])) start--;
  let endA = a.length - s;
  let endB = b.length - s;
  while (endA < a.length && WORD.test(a[endA])) {
    endA++;
    endB++;
  }
  // A bracket opened in the part is closed in it (`slice(0, 10)`, not `slice(0, 10`).
  const open = (t: string) => (t.match(/[([]/g) ?? []).length - (t.match(/[)\]]/g) ?? []).length;
  while (endA < a.length && /[)\]]/.test(a[endA]) && (open(a.slice(start, endA)) > 0 || open(b.slice(start, endB)) > 0)) {
    endA++;
    endB++;
  }
  return [a.slice(start, endA).trim(), b.slice(start, endB).trim()];
}

/** A rule drafted from a change the user rejected — what it would have introduced, as an
 *  instruction to edit: "Do not change `format_date` to `formatDate` in src/x.ts", "Do not add
 *  `…` to PATH", or for a removal "Keep `…` in PATH" (the server reads "do not remove `x`" as
 *  forbidding `x`) — in the user's language, read by the server's inferred checks in either ("No
 *  cambies `format_date` por `formatDate` en src/x.ts", "No añadas", "Conserva"). The same words
 *  as the Neovim plugin's. `undefined` when the two texts do not differ in a line with words. */
export function rejectionDraft(before: string, after: string, file: string, l10n: Words = english): string | undefined {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const removed = a.slice(start, endA).find((l) => l.trim() !== '');
  const added = b.slice(start, endB).find((l) => l.trim() !== '');
  if (removed !== undefined && added !== undefined) {
    let [x, y] = differing(removed, added);
    if (!x || !y) [x, y] = [removed.trim(), added.trim()];
    return x === y
      ? l10n.t('Do not reformat {0} in {1}', span(x), file)
      : l10n.t('Do not change {0} to {1} in {2}', span(x), span(y), file);
  }
  if (added !== undefined) return l10n.t('Do not add {0} to {1}', span(added), file);
  if (removed !== undefined) return l10n.t('Keep {0} in {1}', span(removed), file);
  return undefined;
}
