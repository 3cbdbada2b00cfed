// The output channel as vscode-languageclient writes to it. The client logs every exit of the
// server process as an error — also the clean exit (code 0) of a restart or of a changed
// `autofix.server.path` — and, while a client is being stopped, each document notification it can
// no longer send (a file closed during the restart; the new server is told about the open files
// anyway), with a stack trace. That sent users looking for a crash that never happened. Here both
// read as information; everything else passes through as written.
import type * as vscode from 'vscode';

/** `[Error - 12:53:12 PM] Server process exited with code 0.` → `[Info  - …] … (a clean stop).` */
export function cleanExitAsInfo(line: string): string {
  const m = /^\[Error - ([^\]]+)\] Server process exited with code 0\.$/.exec(line);
  return m ? `[Info  - ${m[1]}] Server process exited with code 0 (a clean stop).` : line;
}

/** `[Error - …] Sending document notification textDocument/didClose failed.` and its stack trace,
 *  from a client being stopped → `[Info  - …] textDocument/didClose not sent: the server is being
 *  stopped.`; `undefined` for any other line. */
export function unsentWhileStopping(text: string): string | undefined {
  const m = /^\[Error - ([^\]]+)\] Sending (?:document )?notification (\S+) failed\./.exec(text);
  return m ? `[Info  - ${m[1]}] ${m[2]} not sent: the server is being stopped.` : undefined;
}

/** `channel`, with clean exits of the server logged as information, and (once `stopping()` says
 *  the client is being stopped) the notifications it could not send. */
export function clientOutput(channel: vscode.OutputChannel, stopping: () => boolean = () => false): vscode.OutputChannel {
  const line = (value: string) => (stopping() ? (unsentWhileStopping(value) ?? value) : value);
  return {
    get name() {
      return channel.name;
    },
    append: (value: string) => channel.append(value),
    appendLine: (value: string) => channel.appendLine(cleanExitAsInfo(line(value))),
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
