// The diff report in words for people (src/diffReport.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { blockProblem, diffDetails, diffSummary } from '../src/diffReport';
import type { DiffReport } from '../src/protocol';

const NO_MATCH =
  "No match for the SEARCH lines within 40 lines of line 2 (lines 1-7 searched). The most similar lines start at line 2 and are 90.4% similar; 100% is required.\n\nSEARCH lines:\n  return 'hey ' + name;\n\nBest candidate (line 2, 90.4% similar):\n2 |   return 'hi ' + name;\n\nTip: the file may have changed since you last read it. Re-read it to get its current content.";

const partial: DiffReport = {
  success: true,
  applied: true,
  path: '/w/src/app.js',
  error: NO_MATCH,
  blocks: [
    { index: 0, status: 'applied', line: 5, similarity: 1, error: null, match: 'exact' },
    { index: 1, status: 'failed', line: 2, similarity: 0.9048, error: NO_MATCH, reason: 'not_found' },
  ],
};

void test('diffSummary: one line naming the failed blocks, the closest line and similarity', () => {
  assert.deepEqual(diffSummary(partial, 'src/app.js'), {
    level: 'warning',
    message: 'autofix: applied 1 of 2 blocks to src/app.js — block 2: no match (closest: line 2, 90.4%).',
    details: true,
  });
  const none: DiffReport = { ...partial, success: false, applied: null, blocks: [partial.blocks[1]] };
  assert.equal(diffSummary(none, 'src/app.js').message, 'autofix: diff not applied to src/app.js — block 2: no match (closest: line 2, 90.4%).');
  assert.equal(diffSummary(none, 'src/app.js').level, 'error');
  const all: DiffReport = { ...partial, error: null, blocks: [partial.blocks[0]] };
  assert.deepEqual(diffSummary(all, 'src/app.js'), { level: 'info', message: 'autofix: applied 1 block to src/app.js.', details: false });
  const many: DiffReport = {
    ...none,
    blocks: [0, 1, 2, 3, 4].map((index) => ({ index, status: 'failed' as const, line: null, similarity: null, error: 'x', reason: 'not_found' as const })),
  };
  assert.match(diffSummary(many, 'a').message, /block 3: no match; 2 more\.$/);
  assert.equal(blockProblem({ ...partial.blocks[1], reason: 'ambiguous' }), 'matches more than one place');
  for (const m of [diffSummary(partial, 'x').message, diffSummary(none, 'x').message]) {
    assert.ok(!m.includes('\n') && !/Re-read|Tip:/.test(m), m);
  }
});

void test('diffDetails: a readable document, the listings as code, no advice for agents', () => {
  const doc = diffDetails(partial, 'src/app.js');
  assert.equal(
    doc,
    [
      '# autofix: diff to src/app.js',
      '',
      '1 of 2 blocks applied.',
      '',
      '## Block 1: applied at line 5',
      '',
      '## Block 2: no match (closest: line 2, 90.4%)',
      '',
      'No match for the SEARCH lines within 40 lines of line 2 (lines 1-7 searched). The most similar lines start at line 2 and are 90.4% similar; 100% is required.',
      '',
      '**SEARCH lines:**',
      '',
      '```text',
      "  return 'hey ' + name;",
      '```',
      '',
      '**Best candidate (line 2, 90.4% similar):**',
      '',
      '```text',
      "2 |   return 'hi ' + name;",
      '```',
      '',
    ].join('\n'),
  );
});
