// autofix for VS Code: starts `autofix lsp` for every file of the workspace, shows the rule count in
// the status bar, reviews the server's confirm-first edits in a diff editor, and adds the palette
// commands (Learn Rule…, Apply Diff from Clipboard, Show Active Rules, Export Rules to Agent Files,
// Fix All Rule Violations in This File / in Workspace, Restart Server), the `$autofix` problem
// matcher for tasks running `autofix check`, and `autofix.enable` per folder (asked by the server). Diagnostics are pulled
// (vscode-languageclient's pull diagnostics): open files as they change, and the whole workspace
// (the server holds the request until something changes) into the Problems panel.
//
// Settings: `autofix.server.path` restarts the server; `autofix.trace.server` is applied live by
// vscode-languageclient; the server's own settings (SERVER_SETTINGS in the generated protocol.ts)
// reach it through `initializationOptions` at start and `workspace/didChangeConfiguration` after
// (and a server that pulls `workspace/configuration` gets the `autofix` section);
// `autofix.review` and `autofix.saveAfterAccept` are the extension's own.
//
// The results of server commands run from code lenses and code actions are reported here (see
// the `executeCommand` middleware), as the palette commands report theirs.
//
// Language: the extension's own texts follow VS Code's display language — package.nls.<language>.json
// for the contributions (command titles, setting descriptions), l10n/bundle.l10n.<language>.json
// for the messages (`vscode.l10n.t`); the server gets the same language as `locale` in `initialize`
// (vscode-languageclient sends `vscode.env.language`) and says its own messages in it. The output
// channel's log lines stay English, like the language client's own.
import * as vscode from 'vscode';
import {
  ApplyWorkspaceEditRequest,
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';

import { clientOutput } from './clientOutput';
import {
  applyDiffFromClipboard,
  exportRules,
  fixAllInFile,
  fixAllInWorkspace,
  learnRule,
  reportDiff,
  reportExport,
  reportFixWorkspace,
  reportLearn,
  showActiveRules,
} from './commands';
import { APPLY_DIFF, CommandTypes, EXPORT_RULES, FIX_WORKSPACE, LEARN_RULE, SERVER_SETTINGS, ServerSetting, STATUS, StatusParams } from './protocol';
import { registerReportDocuments } from './reportDocument';
import { ReviewController } from './review';
import { findServer, RELEASES } from './serverPath';
import { StatusItem } from './status';

/** The settings the server reads, from protocol.ts (client-only ones — server path, trace,
 *  review — stay here). */
const SERVER_KEYS = Object.keys(SERVER_SETTINGS) as ServerSetting[];

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let status: StatusItem;
let review: ReviewController;
let extensionContext: vscode.ExtensionContext;
let notifiedMissing = false;
/** Serializes start / stop / restart. */
let lifecycle: Promise<unknown> = Promise.resolve();

export function serverSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('autofix');
  const out: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) out[key] = config.get(key);
  return out;
}

export async function activate(context: vscode.ExtensionContext): Promise<{ getClient: () => LanguageClient | undefined }> {
  extensionContext = context;
  output = vscode.window.createOutputChannel('autofix');
  status = new StatusItem();
  review = new ReviewController(output);
  const getClient = () => client;
  // A rejected diff: the rule that keeps it from being proposed again, drafted from what it
  // would have introduced, edited by the user, then learned through the normal review.
  review.onRejectedDiff = (instruction, uri) =>
    void learnRule(getClient, { instruction, why: vscode.l10n.t('rejected in review: this change is not wanted'), uri });
  context.subscriptions.push(
    output,
    status,
    review,
    vscode.commands.registerCommand('autofix.learnRuleInteractive', () => learnRule(getClient)),
    vscode.commands.registerCommand('autofix.applyDiffFromClipboard', () => applyDiffFromClipboard(getClient, output)),
    vscode.commands.registerCommand('autofix.showActiveRules', () => showActiveRules(getClient)),
    vscode.commands.registerCommand('autofix.exportRulesToAgentFiles', () => exportRules(getClient)),
    registerReportDocuments(),
    vscode.commands.registerCommand('autofix.fixAllInFile', () => fixAllInFile()),
    vscode.commands.registerCommand('autofix.fixAllInWorkspace', () => fixAllInWorkspace(getClient)),
    vscode.commands.registerCommand('autofix.restartServer', () => restart()),
    vscode.commands.registerCommand('autofix.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('autofix.acceptChange', () => review.accept()),
    vscode.commands.registerCommand('autofix.rejectChange', () => review.reject()),
    vscode.commands.registerCommand('autofix.showPendingReview', async () => {
      if (!(await review.showPending())) void vscode.window.showInformationMessage(vscode.l10n.t('autofix: no change waits for your review.'));
    }),
    vscode.window.onDidChangeActiveTextEditor(() => status.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('autofix.enable')) status.refresh();
      if (e.affectsConfiguration('autofix.server.path')) {
        output.appendLine('autofix.server.path changed: restarting the server');
        void restart();
      } else if (SERVER_KEYS.some((key) => e.affectsConfiguration(`autofix.${key}`))) {
        // Pushed by hand rather than through `synchronize.configurationSection`, so a restart
        // never races a notification to a client that is stopping, and only server keys go out.
        const c = client;
        if (c?.isRunning()) {
          c.sendNotification(DidChangeConfigurationNotification.type, { settings: { autofix: serverSettings() } }).catch(
            (err: unknown) => output.appendLine(`didChangeConfiguration: ${String(err)}`),
          );
        }
      }
    }),
  );
  await queue(start);
  return { getClient };
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}

function queue(step: () => Promise<void>): Promise<void> {
  const run = lifecycle.then(step);
  lifecycle = run.catch(() => undefined);
  return run;
}

function restart(): Promise<void> {
  return queue(async () => {
    await stop();
    await start();
  });
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (!c) return;
  try {
    if (c.isRunning()) await c.stop(2000);
    else await c.dispose(2000);
  } catch (e) {
    output.appendLine(`stopping the server: ${String(e)}`);
  }
}

async function start(): Promise<void> {
  status.starting();
  const found = findServer({
    setting: vscode.workspace.getConfiguration('autofix').get<string>('server.path'),
    folder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    bundledDir: extensionContext.asAbsolutePath('server'),
    envPath: process.env.PATH,
    version: (extensionContext.extension.packageJSON as { version?: string }).version,
    l10n: vscode.l10n,
  });
  if (!found.ok) {
    output.appendLine(found.message);
    status.stopped(found.message);
    if (!notifiedMissing || found.fromSetting) {
      notifiedMissing = true;
      const [openReleases, openSettings, showOutput] = [
        vscode.l10n.t('Open Releases'),
        vscode.l10n.t('Open Settings'),
        vscode.l10n.t('Show Output'),
      ];
      const choices = found.message.includes(RELEASES) ? [openReleases, openSettings] : [openSettings, showOutput];
      // Not awaited: a restart (e.g. the user fixing the setting) must not wait for this answer.
      void vscode.window.showErrorMessage(found.message, ...choices).then((choice) => {
        if (choice === openSettings) void vscode.commands.executeCommand('workbench.action.openSettings', 'autofix.server.path');
        else if (choice === showOutput) output.show(true);
        else if (choice === openReleases) void vscode.env.openExternal(vscode.Uri.parse(RELEASES));
      });
    }
    return;
  }
  output.appendLine(`starting ${found.command} lsp (${found.source})`);
  const serverOptions: ServerOptions = {
    command: found.command,
    args: ['lsp'],
    transport: TransportKind.stdio,
  };
  // This client, once made: stop() replaces `client` first, so a client that is not `client`
  // any more is being stopped.
  const made: { client?: LanguageClient } = {};
  const clientOptions: LanguageClientOptions = {
    // Rules apply to every language, so every file (and unsaved buffers) is sent.
    documentSelector: [{ scheme: 'file' }, { scheme: 'untitled' }],
    diagnosticCollectionName: 'autofix',
    // The client's own errors (a notification failing while the server restarts) go to the
    // output channel only; failures the user must act on get this extension's own message.
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    outputChannel: clientOutput(output, () => made.client !== undefined && made.client !== client),
    traceOutputChannel: clientOutput(output, () => made.client !== undefined && made.client !== client),
    initializationOptions: { autofix: serverSettings() },
    markdown: { isTrusted: false, supportHtml: false },
    middleware: {
      // The server's commands run from code lenses and code actions ("Apply diff to PATH",
      // "Learn rule: never use …", "Export rules to agent files"): vscode-languageclient would
      // drop their results, so report
      // them as the palette commands do.
      executeCommand: async (command, args, next) => {
        const result: unknown = await next(command, args);
        if (result && typeof result === 'object') {
          if (command === APPLY_DIFF) {
            const arg = args[0] as CommandTypes[typeof APPLY_DIFF]['args'] | undefined;
            reportDiff(result as CommandTypes[typeof APPLY_DIFF]['result'], arg?.path ?? undefined, output);
          } else if (command === LEARN_RULE) {
            reportLearn(result as CommandTypes[typeof LEARN_RULE]['result']);
          } else if (command === EXPORT_RULES) {
            reportExport(result as CommandTypes[typeof EXPORT_RULES]['result']);
          } else if (command === FIX_WORKSPACE) {
            reportFixWorkspace(result as CommandTypes[typeof FIX_WORKSPACE]['result']);
          }
        }
        return result;
      },
    },
  };
  const c = new LanguageClient('autofix', 'autofix', serverOptions, clientOptions);
  made.client = c;
  // The extension shows the reply of every autofix command itself (reports, reviews) and the
  // autofix/status notification (the status bar): the server need not repeat them as messages,
  // as it does for clients that drop command replies or know no autofix/status.
  c.registerFeature({
    fillClientCapabilities: (caps) => {
      caps.experimental = { ...(caps.experimental as object | undefined), autofixCommandResults: true, autofixStatus: true };
    },
    initialize: () => undefined,
    getState: () => ({ kind: 'static' }),
    clear: () => undefined,
  });
  // Registered before start: the client installs these after its own defaults, so this
  // replaces vscode-languageclient's applyEdit handler (see review.ts).
  c.onRequest(ApplyWorkspaceEditRequest.type, (params) => review.handle(c, params));
  c.onNotification(STATUS, (p: StatusParams) => {
    if (client === c) status.update(p);
  });
  c.onDidChangeState((e) => {
    if (client !== c) return;
    if (e.newState === State.Stopped) status.stopped(vscode.l10n.t('autofix: the language server stopped. Run "Autofix: Restart Server".'));
    else if (e.newState === State.Starting) status.starting();
  });
  client = c;
  try {
    await c.start();
  } catch (e) {
    const message = vscode.l10n.t(
      'autofix: the language server ({0}) failed to start: {1}',
      found.command,
      e instanceof Error ? e.message : String(e),
    );
    output.appendLine(message);
    status.stopped(message);
    void vscode.window.showErrorMessage(message, vscode.l10n.t('Show Output')).then((x) => x && output.show(true));
  }
}
