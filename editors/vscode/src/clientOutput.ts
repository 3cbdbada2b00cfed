// The output channel as vscode-languageclient writes to it. The client logs every exit of the
// server process as an error — also the clean exit (code 0) of a restart or of a changed
// `autofix.server.path` — which sent users looking for a crash that never happened. Here a clean
// exit reads as information; everything else passes through as written.
import type * as vscode from 'vscode';

/** `[Error - 12:53:12 PM] Server process exited with code 0.` → `[Info  - …] … (a clean stop).` */
export function cleanExitAsInfo(line: string): string {
  const m = /^\[Error - ([^\]]+)\] Server process exited with code 0\.$/.exec(line);
  return m ? `[Info  - ${m[1]}] Server process exited with code 0 (a clean stop).` : line;
}

/** `channel`, with clean exits of the server logged as information. */
export function clientOutput(channel: vscode.OutputChannel): vscode.OutputChannel {
  return {
    get name() {
      return channel.name;
    },
    append: (value: string) => channel.append(value),
    appendLine: (value: string) => channel.appendLine(cleanExitAsInfo(value)),
    replace: (value: string) => channel.replace(value),
    clear: () => channel.clear(),
    show: (columnOrPreserve?: vscode.ViewColumn | boolean, preserveFocus?: boolean) =>
      typeof columnOrPreserve === 'boolean' || columnOrPreserve === undefined
        ? channel.show(columnOrPreserve)
        : channel.show(columnOrPreserve, preserveFocus),
    hide: () => channel.hide(),
    // The extension owns the channel: the client must not dispose of it when it stops.
    dispose: () => undefined,
  };
}
