// Reading a SEARCH/REPLACE diff off the clipboard: is it one, and which file does it name.

/** True when the text holds at least one SEARCH/REPLACE block. */
export function looksLikeDiff(text: string): boolean {
  return /^\s*<{7} SEARCH/m.test(text) && /^\s*>{7} REPLACE/m.test(text);
}

/** The target path named by an `<apply_diff>` tool call (`<path>src/a.ts</path>`), if any. */
export function diffPath(text: string): string | undefined {
  const m = /<path>\s*([^<>\r\n]+?)\s*<\/path>/.exec(text);
  return m?.[1];
}

/** How many SEARCH blocks the diff has. */
export function blockCount(text: string): number {
  return (text.match(/^\s*<{7} SEARCH/gm) ?? []).length;
}
