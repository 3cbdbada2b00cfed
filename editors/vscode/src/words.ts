// The extension's own words in VS Code's display language. Code that runs under VS Code writes
// `vscode.l10n.t('…', args)`: VS Code looks the English message up in l10n/bundle.l10n.<language>.json
// (Spanish: bundle.l10n.es.json) and fills in `{0}`, `{1}`…; with no bundle for the language the
// English message is shown. The pure modules (no `vscode` import, unit-tested with node) take a
// `Words` — the vscode side passes `vscode.l10n`, tests pass `english` or a bundle of their own —
// and call it the same way (`l10n.t('…')`), so test/l10n.test.ts finds every message in one pass.
//
// Keep each message one string literal (no template, no `+`), with `{0}`-style placeholders;
// plurals are two messages chosen by the count.

/** What `vscode.l10n` offers that the pure modules use. */
export interface Words {
  t(message: string, ...args: (string | number)[]): string;
}

/** The message with `{0}`, `{1}`… replaced by the arguments, as `vscode.l10n.t` does. */
export function format(message: string, args: readonly (string | number)[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole));
}

/** The messages as written in the source: what VS Code shows in English. */
export const english: Words = { t: (message, ...args) => format(message, args) };

/** A `Words` from a bundle (`{ "English message": "translation" }`); messages it lacks stay English. */
export function fromBundle(bundle: Record<string, string>): Words {
  return { t: (message, ...args) => format(bundle[message] ?? message, args) };
}
