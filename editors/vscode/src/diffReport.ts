// A diff report in words for people: a one-line summary (how many blocks applied, which failed and
// why, the closest lines), and a Markdown document with each block's details. The server's own
// `error` texts are written for AI agents ("Re-read the file…"); only their facts are kept here.
// The words are the extension's (`Words`: VS Code's display language); the server's facts stay as
// the server wrote them.
import type { BlockReport, DiffReport } from './protocol';
import { english, Words } from './words';

/** `90.4%`, rounded down as the server does: only a perfect match shows as 100%. */
export function percent(similarity: number): string {
  const tenths = Math.floor(Math.min(Math.max(similarity, 0), 1) * 1000) / 10;
  return `${tenths}%`;
}

/** Why a block failed, in a few words. */
export function blockProblem(b: BlockReport, l10n: Words = english): string {
  switch (b.reason) {
    case 'ambiguous':
      return l10n.t('matches more than one place');
    case 'overlap':
      return l10n.t('overlaps an earlier block');
    case 'empty_search':
      return l10n.t('its SEARCH part is empty');
    case 'interrupted':
      return l10n.t('not tried (the search was stopped)');
    default:
      return b.line != null && b.similarity != null
        ? l10n.t('no match (closest: line {0}, {1})', b.line, percent(b.similarity))
        : l10n.t('no match');
  }
}

/** How an applied block was found, in a few words. */
function blockFound(b: BlockReport, l10n: Words): string {
  const found = b.line != null ? l10n.t('applied at line {0}', b.line) : l10n.t('applied');
  const how =
    b.match === 'fuzzy' && b.similarity != null
      ? l10n.t('{0} similar', percent(b.similarity))
      : b.match === 'normalized'
        ? l10n.t('whitespace or quotes differ')
        : b.match === 'exact_outside_window'
          ? l10n.t('the only exact match, away from its line hint')
          : '';
  return how ? `${found} (${how})` : found;
}

export type Level = 'info' | 'warning' | 'error';

/** The one-line summary of a report, its level, and whether details are worth a document. */
export function diffSummary(
  report: DiffReport,
  shown: string,
  blocksInDiff = 0,
  l10n: Words = english,
): { level: Level; message: string; details: boolean } {
  const blocks = report.blocks;
  const failed = blocks.filter((b) => b.status !== 'applied');
  const total = blocks.length || blocksInDiff;
  if (report.success && report.applied === false) {
    return {
      level: 'warning',
      message: l10n.t(
        'autofix: the diff was not applied to {0} ({1}).',
        shown,
        report.failure_reason ?? l10n.t('the change was not accepted'),
      ),
      details: false,
    };
  }
  if (report.success && failed.length === 0) {
    const message = total === 1 ? l10n.t('autofix: applied 1 block to {0}.', shown) : l10n.t('autofix: applied {0} blocks to {1}.', total, shown);
    return { level: 'info', message, details: false };
  }
  const named = failed.slice(0, 3).map((b) => l10n.t('block {0}: {1}', b.index + 1, blockProblem(b, l10n)));
  if (failed.length > 3) named.push(l10n.t('{0} more', failed.length - 3));
  const why = named.length ? named.join('; ') : firstLine(report.error ?? '') || l10n.t('no block matched');
  if (report.success) {
    return {
      level: 'warning',
      message: l10n.t('autofix: applied {0} of {1} blocks to {2} — {3}.', total - failed.length, total, shown, why),
      details: true,
    };
  }
  return { level: 'error', message: l10n.t('autofix: diff not applied to {0} — {1}.', shown, why), details: blocks.length > 0 };
}

/** Each block of a report, as a Markdown document to read. */
export function diffDetails(report: DiffReport, shown: string, l10n: Words = english): string {
  const applied = report.blocks.filter((b) => b.status === 'applied').length;
  const out = [l10n.t('# autofix: diff to {0}', shown), ''];
  const total = report.blocks.length;
  out.push(
    report.applied === false && report.success
      ? l10n.t('Not applied: {0}.', report.failure_reason ?? l10n.t('the change was not accepted'))
      : total === 1
        ? l10n.t('{0} of 1 block applied.', applied)
        : l10n.t('{0} of {1} blocks applied.', applied, total),
    '',
  );
  for (const b of report.blocks) {
    const ok = b.status === 'applied';
    out.push(l10n.t('## Block {0}: {1}', b.index + 1, ok ? blockFound(b, l10n) : blockProblem(b, l10n)), '');
    if (!ok && b.error) out.push(...facts(b.error), '');
  }
  for (const w of report.warnings ?? []) out.push(`> ${w}`, '');
  return out.join('\n').replace(/\n+$/, '\n');
}

/** The facts of a block's error, without the advice addressed to an agent: the explanation as
 *  prose, and the listings ("SEARCH lines:", "Best candidate (…):") as code. */
function facts(error: string): string[] {
  const out: string[] = [];
  for (const paragraph of error.split(/\n\s*\n/)) {
    const text = paragraph.replace(/\s+$/, '');
    if (!text || /^Tip:/.test(text)) continue;
    const [head, ...rest] = text.split('\n');
    if (rest.length && /:$/.test(head)) {
      out.push(`**${head.slice(0, -1)}:**`, '', '```text', ...rest, '```', '');
    } else {
      out.push(text, '');
    }
  }
  return out;
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
