// A diff report in words for people: a one-line summary (how many blocks applied, which failed and
// why, the closest lines), and a Markdown document with each block's details. The server's own
// `error` texts are written for AI agents ("Re-read the file…"); only their facts are kept here.
import type { BlockReport, DiffReport } from './protocol';

/** `90.4%`, rounded down as the server does: only a perfect match shows as 100%. */
export function percent(similarity: number): string {
  const tenths = Math.floor(Math.min(Math.max(similarity, 0), 1) * 1000) / 10;
  return `${tenths}%`;
}

/** Why a block failed, in a few words. */
export function blockProblem(b: BlockReport): string {
  switch (b.reason) {
    case 'ambiguous':
      return 'matches more than one place';
    case 'overlap':
      return 'overlaps an earlier block';
    case 'empty_search':
      return 'its SEARCH part is empty';
    case 'interrupted':
      return 'not tried (the search was stopped)';
    default:
      return b.line != null && b.similarity != null
        ? `no match (closest: line ${b.line}, ${percent(b.similarity)})`
        : 'no match';
  }
}

/** How an applied block was found, in a few words. */
function blockFound(b: BlockReport): string {
  const where = b.line != null ? ` at line ${b.line}` : '';
  const how =
    b.match === 'fuzzy' && b.similarity != null
      ? ` (${percent(b.similarity)} similar)`
      : b.match === 'normalized'
        ? ' (whitespace or quotes differ)'
        : b.match === 'exact_outside_window'
          ? ' (the only exact match, away from its line hint)'
          : '';
  return `applied${where}${how}`;
}

export type Level = 'info' | 'warning' | 'error';

/** The one-line summary of a report, its level, and whether details are worth a document. */
export function diffSummary(
  report: DiffReport,
  shown: string,
  blocksInDiff = 0,
): { level: Level; message: string; details: boolean } {
  const blocks = report.blocks;
  const failed = blocks.filter((b) => b.status !== 'applied');
  const total = blocks.length || blocksInDiff;
  const s = (n: number) => (n === 1 ? '' : 's');
  if (report.success && report.applied === false) {
    return {
      level: 'warning',
      message: `autofix: the diff was not applied to ${shown} (${report.failure_reason ?? 'the change was not accepted'}).`,
      details: false,
    };
  }
  if (report.success && failed.length === 0) {
    return { level: 'info', message: `autofix: applied ${total} block${s(total)} to ${shown}.`, details: false };
  }
  const named = failed.slice(0, 3).map((b) => `block ${b.index + 1}: ${blockProblem(b)}`);
  if (failed.length > 3) named.push(`${failed.length - 3} more`);
  const why = named.length ? named.join('; ') : firstLine(report.error ?? '') || 'no block matched';
  if (report.success) {
    return {
      level: 'warning',
      message: `autofix: applied ${total - failed.length} of ${total} blocks to ${shown} — ${why}.`,
      details: true,
    };
  }
  return { level: 'error', message: `autofix: diff not applied to ${shown} — ${why}.`, details: blocks.length > 0 };
}

/** Each block of a report, as a Markdown document to read. */
export function diffDetails(report: DiffReport, shown: string): string {
  const applied = report.blocks.filter((b) => b.status === 'applied').length;
  const out = [`# autofix: diff to ${shown}`, ''];
  out.push(
    report.applied === false && report.success
      ? `Not applied: ${report.failure_reason ?? 'the change was not accepted'}.`
      : `${applied} of ${report.blocks.length} block${report.blocks.length === 1 ? '' : 's'} applied.`,
    '',
  );
  for (const b of report.blocks) {
    const ok = b.status === 'applied';
    out.push(`## Block ${b.index + 1}: ${ok ? blockFound(b) : blockProblem(b)}`, '');
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
