// Unit tests of the pure helpers (node's test runner; `npm test`).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import type { WorkspaceEdit } from 'vscode-languageserver-protocol';

import { blockCount, diffPath, looksLikeDiff } from '../src/diffText';
import { applyTextEdits, lineStarts, needsConfirmation, rejectionDraft, summarize, withoutConfirmation } from '../src/edits';
import { cleanExitAsInfo, unsentWhileStopping } from '../src/clientOutput';
import { findServer, runningTarget, runsOn } from '../src/serverPath';

const r = (l1: number, c1: number, l2: number, c2: number) => ({
  start: { line: l1, character: c1 },
  end: { line: l2, character: c2 },
});

void test('applyTextEdits: inserts, replaces, same-position order, CRLF and UTF-16', () => {
  assert.equal(applyTextEdits('a\nb\n', [{ range: r(1, 0, 1, 1), newText: 'B' }]), 'a\nB\n');
  assert.equal(
    applyTextEdits('xy', [
      { range: r(0, 1, 0, 1), newText: '1' },
      { range: r(0, 1, 0, 1), newText: '2' },
    ]),
    'x12y',
  );
  // edits given out of order are applied against the original text
  assert.equal(
    applyTextEdits('one\r\ntwo\r\n', [
      { range: r(1, 0, 1, 3), newText: 'TWO' },
      { range: r(0, 0, 0, 3), newText: 'ONE' },
    ]),
    'ONE\r\nTWO\r\n',
  );
  // an emoji is two UTF-16 code units
  assert.equal(applyTextEdits('😀x', [{ range: r(0, 2, 0, 3), newText: 'y' }]), '😀y');
  // past the end of a line clamps to before its break; past the last line to the end
  assert.equal(applyTextEdits('ab\ncd', [{ range: r(0, 99, 0, 99), newText: '!' }]), 'ab!\ncd');
  assert.equal(applyTextEdits('ab', [{ range: r(5, 0, 5, 0), newText: '\nz' }]), 'ab\nz');
  assert.equal(applyTextEdits('', [{ range: r(0, 0, 0, 0), newText: '[]\n' }]), '[]\n');
  assert.throws(() => applyTextEdits('abcd', [
    { range: r(0, 0, 0, 3), newText: '' },
    { range: r(0, 2, 0, 4), newText: '' },
  ]));
  assert.deepEqual(lineStarts('a\r\nb\rc\n'), [0, 3, 5, 7]);
});

const learnEdit: WorkspaceEdit = {
  documentChanges: [
    { kind: 'create', uri: 'file:///w/.agents/autofix.json', options: { ignoreIfExists: true }, annotationId: 'learn' },
    {
      textDocument: { uri: 'file:///w/.agents/autofix.json', version: null },
      edits: [{ range: r(0, 0, 0, 0), newText: '[\n]\n', annotationId: 'learn' }],
    },
  ],
  changeAnnotations: { learn: { label: 'Learn rule #1', needsConfirmation: true, description: 'CODE' } },
};

void test('needsConfirmation / summarize / withoutConfirmation', () => {
  assert.equal(needsConfirmation(learnEdit), true);
  const s = summarize(learnEdit);
  assert.deepEqual(s.labels, ['Learn rule #1']);
  assert.deepEqual(s.descriptions, ['CODE']);
  assert.equal(s.files.length, 1);
  assert.equal(s.files[0].create, true);
  assert.equal(s.files[0].version, null);
  const cleared = withoutConfirmation(learnEdit);
  assert.equal(needsConfirmation(cleared), false);
  assert.equal(cleared.changeAnnotations?.learn.label, 'Learn rule #1');
  // an annotation nobody references does not make an edit confirm-first
  assert.equal(
    needsConfirmation({
      changes: { 'file:///a': [{ range: r(0, 0, 0, 0), newText: 'x' }] },
      changeAnnotations: { x: { label: 'x', needsConfirmation: true } },
    }),
    false,
  );
  const plain = summarize({ changes: { 'file:///a': [{ range: r(0, 0, 0, 0), newText: 'x' }] } });
  assert.equal(plain.files[0].uri, 'file:///a');
  assert.deepEqual(plain.labels, []);
});

void test('summarize: an export that creates, edits and deletes files, every part confirm-first', () => {
  const exportEdit: WorkspaceEdit = {
    documentChanges: [
      { textDocument: { uri: 'file:///w/AGENTS.md', version: 3 }, edits: [{ range: r(5, 0, 5, 0), newText: 'x\n', annotationId: 'e' }] },
      { kind: 'create', uri: 'file:///w/.cursor/rules/autofix.mdc', options: { overwrite: false, ignoreIfExists: false }, annotationId: 'e' },
      { textDocument: { uri: 'file:///w/.cursor/rules/autofix.mdc', version: null }, edits: [{ range: r(0, 0, 0, 0), newText: 'y\n', annotationId: 'e' }] },
      { kind: 'delete', uri: 'file:///w/.cursor/rules/autofix-old.mdc', annotationId: 'e' },
    ],
    changeAnnotations: { e: { label: 'Export rules to agent files', needsConfirmation: true, description: 'the 2 active rules of autofix.json' } },
  };
  assert.equal(needsConfirmation(exportEdit), true);
  const s = summarize(exportEdit);
  assert.deepEqual(s.files.map((f) => [f.uri, f.version, f.create]), [
    ['file:///w/AGENTS.md', 3, false],
    ['file:///w/.cursor/rules/autofix.mdc', null, true],
  ]);
  assert.deepEqual(s.deletes, ['file:///w/.cursor/rules/autofix-old.mdc']);
  assert.deepEqual(s.other, []);
  assert.deepEqual(s.labels, ['Export rules to agent files']);
  // Only the deletion carries the annotation: still confirm-first.
  assert.equal(
    needsConfirmation({ documentChanges: [exportEdit.documentChanges![3]], changeAnnotations: exportEdit.changeAnnotations }),
    true,
  );
});

void test('diff text: recognised, path read from <apply_diff>', () => {
  const diff = '<apply_diff><path>src/lib/format.ts</path><diff>\n<<<<<<< SEARCH\n:start_line:1\n-------\na\n=======\nb\n>>>>>>> REPLACE\n</diff></apply_diff>';
  assert.equal(looksLikeDiff(diff), true);
  assert.equal(diffPath(diff), 'src/lib/format.ts');
  assert.equal(blockCount(diff), 1);
  assert.equal(looksLikeDiff('hello'), false);
  assert.equal(diffPath('<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE'), undefined);
});

void test('findServer: setting, bundled, PATH, none', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'autofix-ext-'));
  const bundled = path.join(dir, 'server');
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bundled);
  fs.mkdirSync(bin);
  const none = findServer({ setting: '', folder: dir, bundledDir: bundled, envPath: '' });
  assert.equal(none.ok, false);
  assert.match(!none.ok ? none.message : '', /autofix\.server\.path/);
  fs.writeFileSync(path.join(bin, 'autofix'), '#!/bin/sh\n', { mode: 0o755 });
  const onPath = findServer({ setting: '', folder: dir, bundledDir: bundled, envPath: bin });
  assert.deepEqual(onPath, { ok: true, command: path.join(bin, 'autofix'), source: 'path' });
  fs.writeFileSync(path.join(bundled, 'autofix'), '#!/bin/sh\n', { mode: 0o644 });
  const inVsix = findServer({ setting: '', folder: dir, bundledDir: bundled, envPath: bin });
  assert.deepEqual(inVsix, { ok: true, command: path.join(bundled, 'autofix'), source: 'bundled' });
  const set = findServer({ setting: 'bin/autofix', folder: dir, bundledDir: bundled, envPath: '' });
  assert.deepEqual(set, { ok: true, command: path.join(bin, 'autofix'), source: 'setting' });
  const bad = findServer({ setting: '/nope/autofix', folder: dir, bundledDir: bundled, envPath: bin });
  assert.equal(bad.ok, false);
  assert.equal(!bad.ok && bad.fromSetting, true);
  fs.rmSync(dir, { recursive: true });
});

void test('findServer: a .vsix built for another platform says which one to install', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'autofix-ext-'));
  const bundled = path.join(dir, 'server');
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bundled);
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bundled, 'autofix'), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(bundled, 'platform.json'), JSON.stringify({ target: 'darwin-arm64' }));
  const on = (running: string, envPath = '') => findServer({ setting: '', folder: dir, bundledDir: bundled, envPath, running, version: '0.1.0' });
  // Its own platform: the bundled server.
  assert.deepEqual(on('darwin-arm64'), { ok: true, command: path.join(bundled, 'autofix'), source: 'bundled' });
  // Another platform: never started; the message names both platforms and the fix.
  const wrong = on('linux-x64');
  assert.equal(wrong.ok, false);
  const message = !wrong.ok ? wrong.message : '';
  assert.match(message, /built for darwin-arm64, but VS Code runs on linux-x64/);
  assert.match(message, /Install autofix-linux-x64-0\.1\.0\.vsix from https:\/\/github\.com\/autofix-dev\/autofix\/releases/);
  assert.match(message, /autofix\.server\.path/);
  // …but a server on PATH still serves.
  fs.writeFileSync(path.join(bin, 'autofix'), '#!/bin/sh\n', { mode: 0o755 });
  assert.deepEqual(on('linux-x64', bin), { ok: true, command: path.join(bin, 'autofix'), source: 'path' });
  // The universal extension has no server folder at all.
  fs.rmSync(bundled, { recursive: true });
  const universal = on('win32-x64');
  assert.match(!universal.ok ? universal.message : '', /universal autofix extension, which carries no server: install autofix-win32-x64-0\.1\.0\.vsix/);
  fs.rmSync(dir, { recursive: true });
});

void test('runsOn and runningTarget: the platforms a build also runs on', () => {
  assert.equal(runningTarget('linux', 'x64', false), 'linux-x64');
  assert.equal(runningTarget('linux', 'x64', true), 'alpine-x64');
  assert.equal(runningTarget('win32', 'arm64', false), 'win32-arm64');
  assert.equal(runsOn('linux-x64', 'linux-x64'), true);
  assert.equal(runsOn('alpine-x64', 'linux-x64'), true, 'the static musl build runs on any x64 Linux');
  assert.equal(runsOn('linux-x64', 'alpine-x64'), false, 'a glibc build does not run on Alpine');
  assert.equal(runsOn('darwin-x64', 'darwin-arm64'), true, 'Rosetta 2');
  assert.equal(runsOn('darwin-arm64', 'darwin-x64'), false);
  assert.equal(runsOn('linux-arm64', 'linux-x64'), false);
  assert.equal(runsOn('win32-x64', 'win32-arm64'), true);
});

void test('rejectionDraft: what a rejected change would have introduced, as an instruction to edit', () => {
  assert.equal(
    rejectionDraft('a\nexport function format_date(d: Date) {\nb\n', 'a\nexport function formatDate(d: Date) {\nb\n', 'src/f.ts'),
    'Do not change `format_date` to `formatDate` in src/f.ts',
  );
  assert.equal(
    rejectionDraft('a\n  return x.slice(0, 10);\nb\n', 'a\n  return x.toLocale();\nb\n', 'src/f.ts'),
    'Do not change `slice(0, 10)` to `toLocale()` in src/f.ts',
  );
  assert.equal(rejectionDraft('a\nb\n', 'a\nnew `code`\nb\n', 'f.ts'), 'Do not add `new code` to f.ts');
  assert.equal(rejectionDraft('a\nold\nb\n', 'a\nb\n', 'f.ts'), 'Keep `old` in f.ts');
  assert.equal(rejectionDraft('a\n  x\n', 'a\n    x\n', 'f.ts'), 'Do not reformat `x` in f.ts');
  assert.equal(rejectionDraft('same\n', 'same\n', 'f.ts'), undefined);
  assert.equal(rejectionDraft('a\r\nb\r\n', 'a\r\n\r\nb\r\n', 'f.ts'), undefined, 'only a blank line: nothing to name');
  const long = rejectionDraft('', 'x'.repeat(200), 'f.ts') ?? '';
  assert.ok(long.length < 90 && long.includes('…'), long);
});

void test('cleanExitAsInfo: a clean exit of the server is no error; other lines pass through', () => {
  assert.equal(
    cleanExitAsInfo('[Error - 12:53:12 PM] Server process exited with code 0.'),
    '[Info  - 12:53:12 PM] Server process exited with code 0 (a clean stop).',
  );
  for (const line of ['[Error - 1:00:00 PM] Server process exited with code 1.', '[Error - x] Server process exited with signal SIGKILL.', 'plain']) {
    assert.equal(cleanExitAsInfo(line), line);
  }
});

void test('unsentWhileStopping: a notification a stopping client could not send is information', () => {
  assert.equal(
    unsentWhileStopping('[Error - 1:38:35 PM] Sending document notification textDocument/didClose failed.\nError: Starting server failed\n\tat Ll.$start (x.js:1:2)'),
    '[Info  - 1:38:35 PM] textDocument/didClose not sent: the server is being stopped.',
  );
  assert.equal(unsentWhileStopping('[Error - x] Request textDocument/hover failed.'), undefined);
});
