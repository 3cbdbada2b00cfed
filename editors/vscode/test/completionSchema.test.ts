// The schema the extension ships for autofix.json: completion, hovers and snippets, no
// validation (the server reports every problem once, in its own words).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

// @ts-expect-error: a plain ES module of the packaging scripts, without type declarations.
import { completionSchema } from '../scripts/completion-schema.mjs';

// npm test runs in editors/vscode.
const full = JSON.parse(fs.readFileSync(path.join(process.cwd(), '..', '..', 'schemas', 'autofix.schema.json'), 'utf8')) as unknown;

function keys(o: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(o)) for (const v of o) keys(v, out);
  else if (o && typeof o === 'object') {
    for (const [k, v] of Object.entries(o)) {
      if (k === 'defaultSnippets' || k === 'default') continue;
      out.add(k);
      keys(v, out);
    }
  }
  return out;
}

/** The value at `keys` inside `o` (undefined when absent). */
function at(o: unknown, ...path: string[]): unknown {
  let cur = o;
  for (const k of path) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  return cur;
}

void test('completionSchema: no constraint left, suggestions and snippets kept', () => {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-call -- an untyped ES module (above)
  const shipped = completionSchema(full) as unknown;
  const left = keys(shipped);
  for (const k of ['required', 'type', 'pattern', 'minLength', 'minimum', 'minItems', 'uniqueItems', 'oneOf']) {
    assert.ok(!left.has(k), `no "${k}" left`);
  }
  const rule = at(shipped, 'definitions', 'rule');
  assert.ok(at(rule, 'properties', 'Why', 'markdownDescription'), 'hovers stay');
  assert.ok((at(rule, 'defaultSnippets') as unknown[]).length >= 2, 'snippets stay');
  const category = JSON.stringify(at(rule, 'properties', 'Category'));
  assert.match(category, /"enum":\["STYLE","CODE"/, 'categories are still suggested');
  assert.match(category, /,\{\}\]/, 'but any value is accepted (the server says what is wrong with it)');
  assert.ok(keys(full).has('required'), 'the full schema is left as it was');
});
