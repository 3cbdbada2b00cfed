// The extension's own texts in English and Spanish: every message of the source (each
// `l10n.t('…')` call of src/*.ts — `vscode.l10n.t` and the pure modules' `Words`) has its Spanish
// in l10n/bundle.l10n.es.json, with the same placeholders, and every `%key%` of package.json has
// its English in package.nls.json and its Spanish in package.nls.es.json; nothing stale in either.
// The calls are found with the TypeScript parser, so a message built at run time (a template, a
// `+`, a variable) fails here instead of silently staying English.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

import { diffDetails, diffSummary } from '../src/diffReport';
import { rejectionDraft, summarize } from '../src/edits';
import type { DiffReport } from '../src/protocol';
import { findServer } from '../src/serverPath';
import { english, format, fromBundle } from '../src/words';

// npm test runs in editors/vscode.
const ext = process.cwd();
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ext, file), 'utf8')) as unknown;
const manifest = readJson('package.json') as Record<string, unknown>;
const nlsEn = readJson('package.nls.json') as Record<string, string>;
const nlsEs = readJson('package.nls.es.json') as Record<string, string>;
const bundleEs = readJson(path.join('l10n', 'bundle.l10n.es.json')) as Record<string, string>;
const spanish = fromBundle(bundleEs);

interface Call {
  message: string;
  args: number;
  where: string;
}

/** Every `….l10n.t(…)` / `l10n.t(…)` call of src/*.ts; fails on one whose message is not a
 *  single string literal. */
function messages(): Call[] {
  const calls: Call[] = [];
  const src = path.join(ext, 'src');
  for (const file of fs.readdirSync(src).filter((f) => f.endsWith('.ts')).sort()) {
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 't' &&
        /(^|\.)l10n$/.test(node.expression.expression.getText(sf))
      ) {
        const where = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
        const first = node.arguments[0];
        assert.ok(
          first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)),
          `${where}: the message of l10n.t must be one string literal, not \`${first?.getText(sf)}\``,
        );
        calls.push({ message: first.text, args: node.arguments.length - 1, where });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return calls;
}

/** The `{0}`, `{1}`… of a message, sorted. */
const placeholders = (s: string) => [...new Set(s.match(/\{\d+\}/g) ?? [])].sort();
/** Its code spans (`autofix.server.path`, `{0}`…), sorted: names a translation must keep. */
const codeSpans = (s: string) => (s.match(/`[^`]+`/g) ?? []).sort();

void test('every message of src/*.ts has its Spanish, with the same placeholders; no stale ones', () => {
  const calls = messages();
  assert.ok(calls.length > 100, `only ${calls.length} messages found`);
  const used = new Set(calls.map((c) => c.message));
  for (const c of calls) {
    const wanted = placeholders(c.message);
    assert.deepEqual(wanted, Array.from({ length: wanted.length }, (_, i) => `{${i}}`), `${c.where}: placeholders {0}…{n} in order: ${c.message}`);
    assert.equal(c.args, wanted.length, `${c.where}: ${c.args} arguments for ${wanted.length} placeholders: ${c.message}`);
    const es = bundleEs[c.message];
    assert.equal(typeof es, 'string', `${c.where}: no Spanish in l10n/bundle.l10n.es.json for ${JSON.stringify(c.message)}`);
    assert.ok(es.trim() !== '' && es !== c.message, `${c.where}: not translated: ${c.message}`);
    assert.deepEqual(placeholders(es), wanted, `placeholders differ: ${c.message} → ${es}`);
    assert.deepEqual(codeSpans(es), codeSpans(c.message), `code spans differ: ${c.message} → ${es}`);
    for (const prefix of ['autofix: ', 'Autofix: ', '# ', '## ', '**autofix** — ']) {
      if (c.message.startsWith(prefix)) assert.ok(es.startsWith(prefix), `"${prefix}" kept: ${c.message} → ${es}`);
    }
  }
  const stale = Object.keys(bundleEs).filter((k) => !used.has(k));
  assert.deepEqual(stale, [], 'l10n/bundle.l10n.es.json has messages no code uses');
});

/** Every `%key%` string of the manifest. */
function nlsKeys(o: unknown, out: string[] = []): string[] {
  if (typeof o === 'string') {
    const m = /^%(.+)%$/.exec(o);
    if (m) out.push(m[1]);
  } else if (Array.isArray(o)) {
    for (const v of o) nlsKeys(v, out);
  } else if (o && typeof o === 'object') {
    for (const v of Object.values(o)) nlsKeys(v, out);
  }
  return out;
}

void test('package.json: every %key% in package.nls.json and package.nls.es.json; no stale keys', () => {
  const keys = nlsKeys(manifest);
  assert.ok(keys.length >= 30, `only ${keys.length} %keys%`);
  assert.equal(new Set(keys).size, keys.length, 'a key is used twice');
  for (const k of keys) {
    assert.equal(typeof nlsEn[k], 'string', `package.nls.json lacks ${k}`);
    assert.equal(typeof nlsEs[k], 'string', `package.nls.es.json lacks ${k}`);
    assert.ok(nlsEs[k].trim() !== '' && nlsEs[k] !== nlsEn[k], `not translated: ${k}`);
    assert.deepEqual(codeSpans(nlsEs[k]), codeSpans(nlsEn[k]), `code spans differ in ${k}`);
  }
  assert.deepEqual(Object.keys(nlsEn).filter((k) => !keys.includes(k)), [], 'package.nls.json has keys package.json does not use');
  assert.deepEqual(Object.keys(nlsEs).filter((k) => !keys.includes(k)), [], 'package.nls.es.json has keys package.json does not use');
  // What other tools read stays literal: the problem matcher (tests/cli_check.rs), the command
  // category, the settings' types and defaults (tests/protocol.rs).
  const contributes = manifest.contributes as {
    commands: { title: string; category: string }[];
    problemPatterns: { regexp: string }[];
    problemMatchers: { pattern: string; source: string }[];
  };
  assert.ok(!contributes.problemPatterns[0].regexp.startsWith('%'));
  assert.equal(contributes.problemMatchers[0].pattern, '$autofix');
  assert.equal(contributes.problemMatchers[0].source, 'autofix check');
  for (const c of contributes.commands) {
    assert.equal(c.category, 'Autofix');
    assert.match(c.title, /^%command\.[A-Za-z]+\.title%$/);
  }
  assert.equal(manifest.l10n, './l10n');
});

void test('a command a message names is named by its title in that language', () => {
  // "Autofix: Show Output" in English is "Autofix: Mostrar salida" in Spanish, as the palette says.
  const titles = new Map<string, string>();
  for (const [k, en] of Object.entries(nlsEn)) if (k.startsWith('command.')) titles.set(`"Autofix: ${en}"`, `"Autofix: ${nlsEs[k]}"`);
  let named = 0;
  for (const [en, es] of Object.entries(bundleEs)) {
    for (const quoted of en.match(/"Autofix: [^"]+"/g) ?? []) {
      const title = titles.get(quoted);
      assert.ok(title, `${quoted} is no command title (in ${en})`);
      assert.ok(es.includes(title), `${es} should name ${title}`);
      named++;
    }
  }
  assert.ok(named >= 2);
});

void test('the .vsix carries the translations', () => {
  const ignore = fs.readFileSync(path.join(ext, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim());
  assert.ok(ignore.includes('!package.nls*.json'), '.vscodeignore keeps package.nls*.json');
  assert.ok(ignore.includes('!l10n/**'), '.vscodeignore keeps l10n/');
});

void test('format fills {0}… as vscode.l10n.t does', () => {
  assert.equal(format('{1} and {0}, {0}', ['a', 2]), '2 and a, a');
  assert.equal(format('{0} of {2}', ['x']), 'x of {2}');
  assert.equal(english.t('no args {0}'), 'no args {0}');
  assert.equal(spanish.t('not in the bundle {0}', 1), 'not in the bundle 1');
});

const report: DiffReport = {
  success: true,
  applied: true,
  path: '/w/src/app.js',
  error: 'No match for the SEARCH lines.',
  blocks: [
    { index: 0, status: 'applied', line: 5, similarity: 0.95, error: null, match: 'fuzzy' },
    { index: 1, status: 'failed', line: 2, similarity: 0.9048, error: 'No match for the SEARCH lines.', reason: 'not_found' },
  ],
};

void test('the pure modules speak Spanish when given its words', () => {
  assert.equal(
    diffSummary(report, 'src/app.js', 0, spanish).message,
    'autofix: 1 de 2 bloques aplicados a src/app.js — bloque 2: sin coincidencia (la más cercana: línea 2, 90.4%).',
  );
  assert.equal(
    diffSummary({ ...report, blocks: [report.blocks[0]] }, 'src/app.js', 0, spanish).message,
    'autofix: se aplicó 1 bloque a src/app.js.',
  );
  assert.equal(
    diffSummary({ ...report, applied: false, failure_reason: null }, 'src/app.js', 0, spanish).message,
    'autofix: el diff no se aplicó a src/app.js (no se aceptó el cambio).',
  );
  const details = diffDetails(report, 'src/app.js', spanish);
  assert.match(details, /^# autofix: diff a src\/app\.js\n\n1 de 2 bloques aplicados\.\n\n## Bloque 1: aplicado en la línea 5 \(95% de similitud\)\n/);
  assert.match(details, /## Bloque 2: sin coincidencia/);
  // The draft of a rule from a rejected diff: in Spanish, as the server's inferred checks read it.
  assert.equal(
    rejectionDraft('a\nexport function format_date(d: Date) {\n', 'a\nexport function formatDate(d: Date) {\n', 'src/f.ts', spanish),
    'No cambies `format_date` por `formatDate` en src/f.ts',
  );
  assert.equal(rejectionDraft('a\n', 'a\nnew\n', 'f.ts', spanish), 'No añadas `new` a f.ts');
  assert.equal(rejectionDraft('a\nold\n', 'a\n', 'f.ts', spanish), 'Conserva `old` en f.ts');
  assert.deepEqual(
    summarize({ documentChanges: [{ kind: 'rename', oldUri: 'file:///a', newUri: 'file:///b' }] }, spanish).other,
    ['renombraría file:///a → file:///b'],
  );
  const missing = findServer({
    setting: '/nonexistent/autofix',
    folder: undefined,
    bundledDir: '/nonexistent',
    envPath: '',
    l10n: spanish,
  });
  assert.match(!missing.ok ? missing.message : '', /^autofix: la ruta del servidor en el ajuste `autofix\.server\.path` \(\/nonexistent\/autofix\) no es un archivo ejecutable/);
});
