// The status bar item: how many rules are in force, or that a rules file is broken (from the
// server's `autofix/status` notification), that `autofix.enable` is off where the user works, or
// that the server is starting / missing.
import * as vscode from 'vscode';

import { StatusParams } from './protocol';

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  /** The last status the server sent (for the tooltip and for Show Active Rules). */
  last: StatusParams | undefined;

  constructor() {
    this.item = vscode.window.createStatusBarItem('autofix.status', vscode.StatusBarAlignment.Left, 10);
    this.item.name = 'autofix';
    this.starting();
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }

  starting(): void {
    this.set('$(loading~spin) autofix', 'autofix: starting the language server…', 'autofix.showOutput');
  }

  stopped(reason: string): void {
    this.last = undefined;
    this.set('$(error) autofix: no server', reason, 'autofix.showOutput', 'statusBarItem.errorBackground');
  }

  /** Shows the last status again (the active editor or `autofix.enable` changed). */
  refresh(): void {
    if (this.last) this.update(this.last);
  }

  update(p: StatusParams): void {
    this.last = p;
    const off = disabledHere();
    if (off) {
      this.set(
        '$(circle-slash) autofix: off',
        `autofix: \`autofix.enable\` is off for ${off} — no rule violations are shown or fixed there. Click to change the setting.`,
        { title: 'Open the autofix.enable setting', command: 'workbench.action.openSettings', arguments: ['autofix.enable'] },
      );
      return;
    }
    const files = p.rulesFiles;
    if (files.length === 0) {
      this.set(
        '$(law) autofix: no rules',
        'autofix: no autofix.json in this workspace yet. Click to learn a rule (creates .agents/autofix.json).',
        'autofix.learnRuleInteractive',
      );
      return;
    }
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**autofix** — ${p.rules} active rule${p.rules === 1 ? '' : 's'}\n\n`);
    for (const f of files) {
      const where = vscode.workspace.asRelativePath(f.path, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      tooltip.appendMarkdown(`- \`${where}\`: ${f.rules} rule${f.rules === 1 ? '' : 's'}`);
      if (f.broken) tooltip.appendMarkdown(` — $(error) ${escape(f.error ?? 'has errors')}`);
      tooltip.appendMarkdown('\n');
    }
    if (p.broken) {
      tooltip.appendMarkdown('\nThe last good rules stay in force until the file is fixed. Click to open it.');
      const first = files.find((f) => f.broken);
      this.set('$(error) autofix: rules file broken', tooltip, {
        title: 'Open the broken rules file',
        command: 'vscode.open',
        arguments: [vscode.Uri.file(first?.path ?? '')],
      }, 'statusBarItem.errorBackground');
    } else {
      tooltip.appendMarkdown('\nClick to show the active rules.');
      this.set(`$(law) autofix: ${p.rules} rule${p.rules === 1 ? '' : 's'}`, tooltip, 'autofix.showActiveRules');
    }
  }

  private set(
    text: string,
    tooltip: string | vscode.MarkdownString,
    command: string | vscode.Command,
    background?: string,
  ): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.command = command;
    this.item.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
    this.item.accessibilityInformation = { label: text.replace(/\$\([^)]*\)\s*/g, '') };
  }
}

function escape(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

/** Where `autofix.enable` is off, if it is off where the user works: the active editor's
 *  workspace folder, else every folder of the window. */
function disabledHere(): string | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  const own = doc ? vscode.workspace.getWorkspaceFolder(doc.uri) : undefined;
  const folders = own ? [own] : [...(vscode.workspace.workspaceFolders ?? [])];
  if (folders.length === 0) {
    return vscode.workspace.getConfiguration('autofix').get<boolean>('enable', true) ? undefined : 'this window';
  }
  const off = folders.every((f) => !vscode.workspace.getConfiguration('autofix', f.uri).get<boolean>('enable', true));
  return off ? folders.map((f) => f.name).join(', ') : undefined;
}
