// The status bar item: how many rules are in force, or that a rules file is broken (from the
// server's `autofix/status` notification), that `autofix.enable` is off where the user works, or
// that the server is starting / missing. In VS Code's display language (`vscode.l10n`).
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
    this.set('$(loading~spin) autofix', vscode.l10n.t('autofix: starting the language server…'), 'autofix.showOutput');
  }

  stopped(reason: string): void {
    this.last = undefined;
    this.set(`$(error) ${vscode.l10n.t('autofix: no server')}`, reason, 'autofix.showOutput', 'statusBarItem.errorBackground');
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
        `$(circle-slash) ${vscode.l10n.t('autofix: off')}`,
        vscode.l10n.t('autofix: `autofix.enable` is off for {0} — no rule violations are shown or fixed there. Click to change the setting.', off),
        {
          title: vscode.l10n.t('Open the autofix.enable setting'),
          command: 'workbench.action.openSettings',
          arguments: ['autofix.enable'],
        },
      );
      return;
    }
    const files = p.rulesFiles;
    if (files.length === 0) {
      this.set(
        `$(law) ${vscode.l10n.t('autofix: no rules')}`,
        vscode.l10n.t('autofix: no autofix.json in this workspace yet. Click to learn a rule (creates .agents/autofix.json).'),
        'autofix.learnRuleInteractive',
      );
      return;
    }
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(
      `${p.rules === 1 ? vscode.l10n.t('**autofix** — 1 active rule') : vscode.l10n.t('**autofix** — {0} active rules', p.rules)}\n\n`,
    );
    for (const f of files) {
      const where = vscode.workspace.asRelativePath(f.path, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      const count = f.rules === 1 ? vscode.l10n.t('1 rule') : vscode.l10n.t('{0} rules', f.rules);
      tooltip.appendMarkdown(`- \`${where}\`: ${count}`);
      if (f.broken) tooltip.appendMarkdown(` — $(error) ${escape(f.error ?? vscode.l10n.t('has errors'))}`);
      tooltip.appendMarkdown('\n');
    }
    if (p.broken) {
      tooltip.appendMarkdown(`\n${vscode.l10n.t('The last good rules stay in force until the file is fixed. Click to open it.')}`);
      const first = files.find((f) => f.broken);
      this.set(`$(error) ${vscode.l10n.t('autofix: rules file broken')}`, tooltip, {
        title: vscode.l10n.t('Open the broken rules file'),
        command: 'vscode.open',
        arguments: [vscode.Uri.file(first?.path ?? '')],
      }, 'statusBarItem.errorBackground');
    } else {
      tooltip.appendMarkdown(`\n${vscode.l10n.t('Click to show the active rules.')}`);
      const count = p.rules === 1 ? vscode.l10n.t('autofix: 1 rule') : vscode.l10n.t('autofix: {0} rules', p.rules);
      this.set(`$(law) ${count}`, tooltip, 'autofix.showActiveRules');
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
    return vscode.workspace.getConfiguration('autofix').get<boolean>('enable', true) ? undefined : vscode.l10n.t('this window');
  }
  const off = folders.every((f) => !vscode.workspace.getConfiguration('autofix', f.uri).get<boolean>('enable', true));
  return off ? folders.map((f) => f.name).join(', ') : undefined;
}
