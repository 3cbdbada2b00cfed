// The autofix VS Code extension, packaged and installed into code-server (real VS Code 1.100.3),
// driven in headless Debian chromium by playwright-core. Started by run.sh:
//   node e2e.mjs BASE_URL WORKSPACE SHOTS_DIR EXTENSIONS_DIR USER_SETTINGS_DIR
// Exits non-zero on any failure. Screenshots go to SHOTS_DIR (printed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { harness } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [BASE, WS, SHOTS, EXTS, SETTINGS_DIR] = process.argv.slice(2);
const RULES = path.join(WS, '.agents', 'autofix.json');

/** The commands the packaged server offers (asked over stdio), to know which flows it supports. */
async function serverCommands() {
  const ext = fs.readdirSync(EXTS).find((d) => d.startsWith('autofix-dev.autofix-'));
  const bin = path.join(EXTS, ext, 'server', 'autofix');
  const child = spawn(bin, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  let buf = '';
  const result = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no initialize answer')), 10000);
    child.stdout.on('data', (d) => {
      buf += d;
      const i = buf.indexOf('\r\n\r\n');
      const len = /Content-Length: (\d+)/.exec(buf)?.[1];
      if (i >= 0 && len && Buffer.byteLength(buf.slice(i + 4)) >= Number(len)) {
        clearTimeout(timer);
        resolve(JSON.parse(buf.slice(i + 4)));
      }
    });
  });
  child.kill();
  return { bin, commands: result.result.capabilities.executeCommandProvider?.commands ?? [] };
}

const { log, step, check, page, shot, quickInput, quickInputBox, failed, finish } = await harness({ shots: SHOTS, clipboardOrigin: BASE });
// Closes every editor, answering "Don't Save" for a buffer an earlier step left modified (the
// edited proposal of 8a is a copy; the file itself was written): without it, the save question
// can keep every editor open, depending on timing.
const closeEverything = async () => {
  for (let i = 0; i < 3; i++) {
    await runCommand('View: Close All Editors');
    const dontSave = page.getByRole('button', { name: "Don't Save" });
    if (await dontSave.waitFor({ state: 'visible', timeout: 1000 }).then(() => true, () => false)) {
      log("a modified buffer was left open: Don't Save");
      await dontSave.click();
    }
    await page.waitForTimeout(300);
    if (await page.locator('.tabs-container .tab').count() === 0) return;
  }
};
const runCommand = async (label, { escape = true } = {}) => {
  step(`command ${label}`);
  // Escape closes a leftover quick input; not wanted when the editor selection matters (it clears it).
  if (escape) await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await quickInputBox.waitFor({ state: 'visible' });
  await quickInputBox.fill('>' + label);
  await quickInput.locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout: 15000 });
  await page.keyboard.press('Enter');
};
const openFile = async (rel) => {
  step(`open ${rel}`);
  // F1 opens the palette from anywhere; without the '>' prefix it is Quick Open (Go to File).
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await quickInputBox.waitFor({ state: 'visible' });
  await quickInputBox.fill(rel);
  await quickInput.locator('.monaco-list-row', { hasText: path.basename(rel) }).first().waitFor({ timeout: 15000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: path.basename(rel) }).waitFor({ timeout: 15000 });
  await page.locator('.editor-instance .monaco-editor').first().waitFor();
};
/** Selects `JSON.parse` on line 8 of format.ts (`  return JSON.parse(raw);`). */
const selectJsonParse = async () => {
  step('select JSON.parse');
  await page.keyboard.press('Control+G');
  await quickInputBox.waitFor({ state: 'visible' });
  await quickInputBox.fill(':8:10');
  await page.keyboard.press('Enter');
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 10000 });
  for (let i = 0; i < 'JSON.parse'.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.locator('.statusbar-item', { hasText: '(10 selected)' }).first().waitFor({ timeout: 10000 });
};
const editorText = async () =>
  (await page.locator('.editor-instance .monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
const statusItem = page.locator('.statusbar-item', { hasText: 'autofix' }).first();
const toast = (text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
const problems = page.locator('.markers-panel');
const problemRow = (text) => problems.locator('.monaco-list-row', { hasText: text }).first();
/** Ticks a boolean setting in the Settings editor, as a user would (found by `key`, its
 *  checkbox by a phrase of its description). */
const turnOnSetting = async (key, described) => {
  await runCommand('Preferences: Open User Settings');
  await page.locator('.settings-editor .settings-header').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(300); // the search box has the focus once the editor is up
  await page.keyboard.insertText(key);
  const setting = page.locator('.settings-editor .setting-item-contents', { hasText: described }).first();
  await setting.locator('.setting-value-checkbox').first().waitFor({ timeout: 20000 });
  await setting.locator('.setting-value-checkbox').first().click();
  await setting.locator('.setting-value-checkbox[aria-checked="true"]').first().waitFor({ timeout: 10000 });
};
const clearToasts = async () => {
  await runCommand('Notifications: Clear All Notifications').catch(() => {});
};

try {
  const server = await serverCommands();
  log('server commands:', server.commands.join(', '));
  const canLearn = server.commands.includes('autofix.learnRule');
  const canApplyDiff = server.commands.includes('autofix.applyDiff');

  await page.goto(`${BASE}/?folder=${encodeURIComponent(WS)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 90000 });
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'src' }).first().waitFor({ timeout: 90000 });
  log('workbench loaded');

  // 1. Status bar: the rule count from autofix/status (13 rules, #11 superseded by #12).
  await page.locator('.statusbar-item', { hasText: /autofix: \d+ rules/ }).first().waitFor({ timeout: 60000 });
  const statusText = await statusItem.innerText();
  check(/autofix: 12 rules/.test(statusText), 'status bar shows the active rule count', statusText);

  // 2. No rules file yet: deleting autofix.json on disk (the server watches it; VS Code has never
  // opened it, so no buffer keeps it alive) leaves "no rules"; Learn Rule… then proposes a new
  // .agents/autofix.json, reviewed as a new file. Then the demo rules are written back.
  if (canLearn) {
    step('no rules file');
    const demoRules = fs.readFileSync(RULES, 'utf8');
    fs.rmSync(RULES);
    await page.locator('.statusbar-item', { hasText: 'autofix: no rules' }).first().waitFor({ timeout: 30000 });
    check(true, 'autofix.json deleted on disk: the status bar says "autofix: no rules"');
    await runCommand('Autofix: Learn Rule');
    await quickInput.locator('.quick-input-title', { hasText: '(1/3)' }).waitFor();
    await quickInputBox.fill('TOOL');
    await quickInput.locator('.monaco-list-row', { hasText: 'TOOL' }).first().waitFor();
    await page.keyboard.press('Enter');
    await quickInput.locator('.quick-input-title', { hasText: '(2/3)' }).waitFor();
    await quickInputBox.fill('Always use pnpm instead of npm.');
    await page.keyboard.press('Enter');
    await quickInput.locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
    await quickInputBox.fill('one lockfile');
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json (new file ↔ proposed)' }).waitFor({ timeout: 30000 });
    await toast('Learn rule #1').locator('.monaco-button', { hasText: 'Accept' }).first().waitFor({ timeout: 15000 });
    await shot('01-learn-into-new-file.png', 'no rules file yet: Learn Rule… proposes a new .agents/autofix.json (new file ↔ proposed), Accept / Reject');
    // The question fades or gets cleared; the review still waits, and says so in the status bar.
    const waitingItem = page.locator('.statusbar-item', { hasText: 'autofix: review waiting' }).first();
    check(await waitingItem.isVisible(), 'while the review waits: "autofix: review waiting" in the status bar');
    await clearToasts();
    await openFile('README.md');
    await waitingItem.waitFor({ timeout: 5000 });
    await waitingItem.click();
    await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json (new file ↔ proposed)' }).waitFor({ timeout: 15000 });
    await toast('Learn rule #1').locator('.monaco-button', { hasText: 'Accept' }).first().waitFor({ timeout: 15000 });
    check(true, 'the status bar item brings the review back: its diff in front, Accept / Reject asked again');
    await shot('01b-pending-review-back.png', 'the question was cleared and another file opened; clicking "autofix: review waiting" brought the diff and the question back');
    await toast('Learn rule #1').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('Learned rule #1').waitFor({ timeout: 20000 });
    check(!(await waitingItem.isVisible()), 'answered: the "review waiting" item is gone');
    const created = fs.existsSync(RULES) ? JSON.parse(fs.readFileSync(RULES, 'utf8')) : null;
    check(Array.isArray(created) && created.length === 1 && created[0].Rule_number === 1 && created[0].Category === 'TOOL',
      'Accept created .agents/autofix.json with rule #1', JSON.stringify(created));
    await page.locator('.statusbar-item', { hasText: 'autofix: 1 rule' }).first().waitFor({ timeout: 20000 });
    check(true, 'status bar: autofix: 1 rule');
    // Back to the demo's rules, written on disk: the (saved, open) buffer follows, so does the server.
    fs.writeFileSync(RULES, demoRules);
    await page.locator('.statusbar-item', { hasText: 'autofix: 12 rules' }).first().waitFor({ timeout: 30000 });
    check(true, 'autofix.json rewritten on disk: the status bar is back to 12 rules');
    await runCommand('View: Close All Editors');
    await clearToasts();
  }

  // 3. Diagnostics in the Problems panel for the open file.
  await openFile('src/lib/format.ts');
  await page.locator('.editor-instance .squiggly-warning').first().waitFor({ timeout: 60000 });
  await runCommand('View: Focus Problems');
  await problemRow('Never use `any` in TypeScript').waitFor({ timeout: 30000 });
  await problemRow('camelCase').waitFor({ timeout: 30000 });
  const problemsText = await problems.innerText();
  check(/Never use `any` in TypeScript - use `unknown` with type guards\./.test(problemsText), 'Problems: rule #5 message', problemsText);
  check(/Always use camelCase for helper function names\./.test(problemsText), 'Problems: rule #7 message', problemsText);
  check(/autofix\s*\(?\s*5\b/.test(problemsText) && /autofix\s*\(?\s*7\b/.test(problemsText), 'Problems: source autofix with the rule number as code', JSON.stringify(problemsText));
  check(/\[Ln 11, Col 35\]/.test(problemsText), 'Problems: position of `: any` (line 11; line 7 is suppressed)', problemsText);
  check(!/\[Ln 7, /.test(problemsText), 'Problems: `autofix-ignore: 5` silences line 7', problemsText);
  await statusItem.hover();
  await page.locator('.monaco-hover', { hasText: 'active rule' }).first().waitFor({ timeout: 10000 }).catch(() => {});
  await shot('02-problems-and-status.png', 'Problems panel with rules #5 and #7 on format.ts; status bar "autofix: 12 rules" with its tooltip');

  // 4. Quick fix through the quick-fix UI: `: any` → `: unknown`.
  step('quick fix');
  const anyRow = problemRow('Never use `any` in TypeScript');
  await anyRow.click();
  await anyRow.dblclick();
  await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 10000 });
  const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Fix: replace with `: unknown`' });
  // Right after the jump, VS Code sometimes answers Ctrl+. with "No code actions available"
  // (its code-action request races the selection change): try again, as a user would.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    if (await fix.first().waitFor({ timeout: 5000 }).then(() => true, () => false)) break;
    if (attempt === 4) throw new Error('the quick-fix menu never offered "Fix: replace with `: unknown`"');
    log(`quick-fix menu not there yet (attempt ${attempt}); again`);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
  const menu = await page.locator('.action-widget').first().innerText();
  check(/Ignore rule #5 on this line/.test(menu), 'quick-fix menu also offers "Ignore rule #5 on this line"', menu);
  await shot('03-quickfix-menu.png', 'the quick-fix menu on `: any`: "Fix: replace with `: unknown`", "Ignore rule #5 on this line"');
  // The fix row is focused (preferred); the menu animates, so accept with Enter like a keyboard user.
  await page.keyboard.press('Enter');
  await page.locator('.editor-instance .view-lines', { hasText: 'parse(raw: string): unknown' }).waitFor({ timeout: 20000 });
  check(true, 'quick fix applied: parse(raw: string): unknown');
  await problems.locator('.monaco-list-row', { hasText: 'Never use `any`' }).first().waitFor({ state: 'detached', timeout: 20000 });
  check(true, 'the rule #5 problem is gone after the fix');
  await shot('04-after-quickfix.png', 'format.ts after the quick fix; only rule #7 left in Problems');

  // 5. Autofix: Show Active Rules → quick pick; choosing one opens autofix.json at its line.
  await runCommand('Autofix: Show Active Rules');
  await quickInput.locator('.monaco-list-row', { hasText: '#12 Always use native fetch' }).first().waitFor({ timeout: 15000 });
  const pick = await quickInput.innerText();
  check(/12 active rules in \.agents\/autofix\.json/.test(pick), 'rules quick pick title: 12 active rules', pick);
  await shot('05-show-active-rules.png', 'Autofix: Show Active Rules — newest first, with category, check kind and why');
  await quickInputBox.fill('Axios');
  const superseded = quickInput.locator('.monaco-list-row', { hasText: '#11 Always use Axios' }).first();
  await superseded.waitFor();
  const supersededText = await superseded.innerText();
  check(/superseded by #12/.test(supersededText), 'rules quick pick lists #11 as superseded by #12', supersededText);
  await quickInputBox.fill('pnpm');
  await quickInput.locator('.monaco-list-row', { hasText: '#6 Always use pnpm' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json' }).waitFor({ timeout: 15000 });
  const rules0 = fs.readFileSync(RULES, 'utf8');
  const rule6Line = rules0.split('\n').findIndex((l) => l.includes('"Rule_number": 6')); // its `{` line, 1-based
  const cursor = page.locator('.statusbar-item', { hasText: `Ln ${rule6Line},` }).first();
  const atRule = await cursor.waitFor({ timeout: 10000 }).then(() => true, () => false);
  check(atRule, `autofix.json opened with the cursor at rule #6 (line ${rule6Line})`,
    await page.locator('.statusbar-item', { hasText: /Ln \d+, Col/ }).first().innerText().catch(() => '?'));
  await shot('06-rule-opened.png', 'choosing rule #6 opened .agents/autofix.json at it');

  // 6. Learn Rule… with the review flow (when the server has autofix.learnRule).
  if (!canLearn) {
    log('SKIP learn-rule flows: this server does not offer autofix.learnRule');
  } else {
    const learn = async (why) => {
      await openFile('src/lib/format.ts');
      await selectJsonParse();
      await runCommand('Autofix: Learn Rule', { escape: false });
      await quickInput.locator('.quick-input-title', { hasText: '(1/3)' }).waitFor();
      await quickInputBox.fill('CODE');
      await quickInput.locator('.monaco-list-row', { hasText: 'CODE' }).first().waitFor();
      await page.keyboard.press('Enter');
      await quickInput.locator('.quick-input-title', { hasText: '(2/3)' }).waitFor();
      const prefilled = await quickInputBox.inputValue();
      check(prefilled === 'Never use `JSON.parse`', 'instruction prefilled from the selection', prefilled);
      await page.keyboard.press('End');
      await page.keyboard.type(' - parse with a validating schema instead.');
      await page.keyboard.press('Enter');
      await quickInput.locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
      await quickInputBox.fill(why);
      await page.keyboard.press('Enter');
      // The review: a diff editor of autofix.json (current ↔ proposed) and Accept / Reject.
      await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json (current ↔ proposed)' }).waitFor({ timeout: 30000 });
      await page.locator('.monaco-diff-editor').first().waitFor();
      await toast('review the change to .agents/autofix.json').waitFor({ timeout: 15000 });
    };

    await clearToasts();
    await learn('untrusted input must be validated');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().waitFor();
    const reviewText = await toast('review the change').innerText();
    check(/Learn rule #14/.test(reviewText), 'review notification names "Learn rule #14"', reviewText);
    const proposed = await page.locator('.monaco-diff-editor .editor.modified .view-lines').first().innerText().catch(() => '');
    check(/JSON\.parse/.test(proposed.replace(/\u00a0/g, ' ')), 'the proposed side shows the new rule', proposed.slice(-400));
    await shot('07-learn-rule-review.png', 'Learn Rule…: the diff editor (current ↔ proposed autofix.json) with Accept / Reject in the notification and the editor title');
    // Reject with the editor title button: autofix.json stays as it was.
    await page.locator('.editor-actions .action-label[aria-label*="Reject Change"]').first().click();
    await page.locator('.tabs-container .tab', { hasText: 'current ↔ proposed' }).first().waitFor({ state: 'detached', timeout: 15000 });
    await toast('was not learned').waitFor({ timeout: 15000 });
    check(fs.readFileSync(RULES, 'utf8') === rules0, 'Reject leaves autofix.json unchanged on disk');
    check(/autofix: 12 rules/.test(await statusItem.innerText()), 'status bar still counts 12 rules after Reject');
    await shot('08-after-reject.png', 'after Reject: review closed, "rule #14 was not learned", autofix.json untouched');

    // Learn again and Accept from the notification.
    await clearToasts();
    await learn('untrusted input must be validated');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await page.locator('.tabs-container .tab', { hasText: 'current ↔ proposed' }).first().waitFor({ state: 'detached', timeout: 15000 });
    await toast('Learned rule #14').waitFor({ timeout: 20000 });
    check(true, 'server says "Learned rule #14 …"');
    const rules1 = fs.readFileSync(RULES, 'utf8');
    check(rules1 !== rules0 && /"Rule_number": 14/.test(rules1) && /JSON\.parse/.test(rules1), 'Accept wrote rule #14 to autofix.json on disk', rules1.slice(-500));
    await page.locator('.statusbar-item', { hasText: 'autofix: 13 rules' }).first().waitFor({ timeout: 20000 });
    check(true, 'status bar counts 13 rules');
    // Rule #14 has no Check: whether it flags anything depends on the server inferring one from
    // its words. Ask the CLI (same engine); when it flags JSON.parse, the editor must too.
    const cli = JSON.parse(await new Promise((resolve) => {
      const c = spawn(server.bin, ['check', '--format', 'json', path.join(WS, 'src/lib/format.ts')], { cwd: WS });
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      c.on('close', () => resolve(out || '{}'));
    }));
    const inferred14 = (cli.violations ?? []).filter((v) => v.rule === 14);
    await openFile('src/lib/format.ts');
    await runCommand('View: Focus Problems');
    if (inferred14.length) {
      await problems.locator('.monaco-list-row', { hasText: /autofix\s*\(?\s*14\b/ }).first().waitFor({ timeout: 20000 });
      check(true, `rule #14 (inferred check) raises diagnostics in the open file (${inferred14.length})`);
    } else {
      log('note: this server infers no check from rule #14\'s words (autofix check agrees), so it flags nothing yet');
    }
    await shot('09-learned-rule.png', inferred14.length
      ? 'after Accept: status bar 13 rules; rule #14 (inferred from its words) flags both JSON.parse calls, as information'
      : 'after Accept: "Learned rule #14 …" from the server, status bar 13 rules');

    // The server's own "Learn rule: never use `…`" refactoring on a selection: a rule with an
    // explicit Check, through the same review; its diagnostics appear in the open file.
    await clearToasts();
    await openFile('src/lib/format.ts');
    await selectJsonParse();
    step('refactor: learn rule from the selection');
    await page.keyboard.press('Control+Shift+R');
    const learnAction = page.locator('.action-widget .monaco-list-row', { hasText: 'Learn rule: never use `JSON.parse`' }).first();
    await learnAction.waitFor({ timeout: 20000 });
    // Other extensions' refactorings come first; move the keyboard focus to ours, then Enter.
    const focused = page.locator('.action-widget .monaco-list-row.focused').first();
    for (let i = 0; i < 40 && !/Learn rule: never use/.test(await focused.innerText().catch(() => '')); i++) {
      await page.keyboard.press('ArrowDown');
    }
    check(/Learn rule: never use `JSON\.parse`/.test(await focused.innerText()), 'the Refactor menu offers "Learn rule: never use `JSON.parse`"');
    await shot('10-learn-from-selection-action.png', 'the Refactor menu on a selection offers "Learn rule: never use `JSON.parse`"');
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json (current ↔ proposed)' }).waitFor({ timeout: 30000 });
    await toast('Learn rule #15').waitFor({ timeout: 15000 });
    await page.locator('.editor-actions .action-label[aria-label*="Accept Change"]').first().click();
    await toast('Learned rule #15').waitFor({ timeout: 20000 });
    check(/"Rule_number": 15/.test(fs.readFileSync(RULES, 'utf8')), 'Accept (editor title button) wrote rule #15 to disk');
    await page.locator('.statusbar-item', { hasText: 'autofix: 14 rules' }).first().waitFor({ timeout: 20000 });
    await openFile('src/lib/format.ts');
    await runCommand('View: Focus Problems');
    await problems.locator('.monaco-list-row', { hasText: /autofix\s*\(?\s*15\b/ }).first().waitFor({ timeout: 20000 });
    const after = await problems.innerText();
    check(/Never use `JSON\.parse` in \*\.ts files\./.test(after) && /\[Ln 8, Col 10\]/.test(after) && /\[Ln 12, Col 10\]/.test(after),
      'the learned rule #15 flags both JSON.parse calls in the open file', JSON.stringify(after));
    await shot('11-learned-rule-diagnostics.png', 'after Accept: rule #15 diagnostics on both JSON.parse lines of format.ts, status bar 14 rules');
  }

  // 7. Apply Diff from Clipboard with the review flow (when the server has autofix.applyDiff).
  if (!canApplyDiff) {
    log('SKIP apply-diff flow: this server does not offer autofix.applyDiff');
  } else {
    await clearToasts();
    await openFile('src/lib/format.ts');
    const diff = [
      '<<<<<<< SEARCH',
      ':start_line:1',
      '-------',
      'export function format_date(date: Date): string {',
      '=======',
      'export function formatDate(date: Date): string {',
      '>>>>>>> REPLACE',
      '',
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), diff);
    const formatBefore = fs.readFileSync(path.join(WS, 'src/lib/format.ts'), 'utf8');
    // Reject first: nothing changes, and the command says the diff was not applied.
    await runCommand('Autofix: Apply Diff from Clipboard');
    await toast('review the change to src/lib/format.ts').locator('.monaco-button', { hasText: 'Reject' }).first().click();
    await toast('was not applied').waitFor({ timeout: 15000 });
    check(/export function format_date/.test(await editorText()) && fs.readFileSync(path.join(WS, 'src/lib/format.ts'), 'utf8') === formatBefore,
      'Reject leaves format.ts as it was (buffer and disk)');
    await clearToasts();
    await openFile('src/lib/format.ts');
    await runCommand('Autofix: Apply Diff from Clipboard');
    await page.locator('.tabs-container .tab.active', { hasText: 'format.ts (current ↔ proposed)' }).waitFor({ timeout: 30000 });
    await toast('review the change to src/lib/format.ts').waitFor({ timeout: 15000 });
    await shot('12-apply-diff-review.png', 'Apply Diff from Clipboard: the diff editor of format.ts (format_date → formatDate) awaiting Accept');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('applied 1 block').waitFor({ timeout: 20000 });
    await page.locator('.editor-instance .view-lines', { hasText: 'export function formatDate(date: Date)' }).waitFor({ timeout: 20000 });
    check(true, 'the diff was applied to format.ts after Accept');
    await problems.locator('.monaco-list-row', { hasText: 'camelCase' }).first().waitFor({ state: 'detached', timeout: 20000 });
    check(true, 'rule #7 problem gone after the diff renamed the function');
    await shot('13-after-apply-diff.png', 'after Accept: formatDate in format.ts, "applied 1 block", rule #7 gone');

    // A diff of which one block matches nothing: one line saying which and how close, and
    // "Show Details" opens a readable report (no JSON, no advice meant for an agent).
    await clearToasts();
    const partial = [
      '<<<<<<< SEARCH', ':start_line:1', '-------', 'export function formatDate(date: Date): string {',
      '=======', 'export function formatDay(date: Date): string {', '>>>>>>> REPLACE',
      '<<<<<<< SEARCH', ':start_line:8', '-------', '  return JSON.parse(text);',
      '=======', '  return JSON.parse(text) as unknown;', '>>>>>>> REPLACE', '',
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), partial);
    await runCommand('Autofix: Apply Diff from Clipboard');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    const partialToast = toast('applied 1 of 2 blocks to src/lib/format.ts');
    await partialToast.waitFor({ timeout: 20000 });
    const partialText = await partialToast.innerText();
    check(/block 2: no match \(closest: line \d+, [\d.]+%\)/.test(partialText) && !/[{}]|\\n|Re-read/.test(partialText),
      'a partial diff: one human line naming block 2 and its closest line', partialText);
    await shot('13b-partial-diff.png', 'a diff with one block that matches nothing: "applied 1 of 2 blocks … — block 2: no match (closest: line N, P%)" with Show Details');
    await partialToast.locator('.monaco-button', { hasText: 'Show Details' }).first().click();
    await page.locator('.tabs-container .tab.active', { hasText: 'autofix diff report' }).waitFor({ timeout: 15000 });
    const report = await editorText();
    check(/# autofix: diff to src\/lib\/format\.ts/.test(report) && /## Block 2: no match/.test(report) && /Best candidate/.test(report) && !/Tip:/.test(report),
      'Show Details: a Markdown report with each block, the closest lines, no agent advice', report.slice(0, 400));
    await shot('13c-diff-report.png', 'Show Details: the report as a read-only Markdown document');
    await runCommand('View: Close All Editors');
    check(await page.locator('.monaco-dialog-box').count() === 0, 'the report closes without asking to save');

    // The proposed side is editable: what the user leaves there is what lands, and they are told.
    step('edit the proposed change');
    await clearToasts();
    await openFile('src/lib/format.ts');
    const rename = [
      '<<<<<<< SEARCH', ':start_line:1', '-------', 'export function formatDay(date: Date): string {',
      '=======', 'export function formatDate(date: Date): string {', '>>>>>>> REPLACE', '',
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), rename);
    await runCommand('Autofix: Apply Diff from Clipboard');
    await page.locator('.tabs-container .tab.active', { hasText: 'format.ts (current ↔ proposed)' }).waitFor({ timeout: 30000 });
    await toast('review the change to src/lib/format.ts').waitFor({ timeout: 15000 });
    const modifiedSide = page.locator('.monaco-diff-editor .editor.modified .view-lines').first();
    await modifiedSide.locator('.view-line').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.type(' // checked by hand');
    await page.waitForTimeout(300);
    const editedSide = (await modifiedSide.innerText()).replace(/\u00a0/g, ' ');
    check(editedSide.includes('formatDate(date: Date): string { // checked by hand'), 'the proposed side takes the user\'s typing', editedSide.slice(0, 200));
    await shot('13d-edit-proposal.png', 'the review of a diff: the user typed " // checked by hand" into the proposed (right) side before accepting');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('applied your edited version of src/lib/format.ts').waitFor({ timeout: 20000 });
    const asEdited = await toast('as you edited it in the review').innerText().catch(() => '');
    check(/applied 1 block to src\/lib\/format\.ts — as you edited it in the review/.test(asEdited), 'the diff report says the edited version landed', asEdited);
    const formatNow = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(path.join(WS, 'src/lib/format.ts'), 'utf8');
        if (t.includes('checked by hand')) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(path.join(WS, 'src/lib/format.ts'), 'utf8');
    })();
    check(formatNow.startsWith('export function formatDate(date: Date): string { // checked by hand\n'), 'format.ts holds the edited version (saved)', formatNow.slice(0, 120));
    check(await page.locator('.monaco-dialog-box').count() === 0, 'the review closed without asking to save anything');
    await shot('13e-edited-applied.png', 'after Accept: format.ts as the user edited it, "applied your edited version of src/lib/format.ts"');

    // Rejecting a diff offers to learn a rule from it: the draft names what it would have
    // introduced, the user edits it, and it goes through the normal learn review.
    step('learn from a rejection');
    await clearToasts();
    const unwanted = [
      '<<<<<<< SEARCH', ':start_line:2', '-------', '  return date.toISOString().slice(0, 10);',
      '=======', '  return date.toLocaleDateString();', '>>>>>>> REPLACE', '',
    ].join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), unwanted);
    await runCommand('Autofix: Apply Diff from Clipboard');
    await toast('review the change to src/lib/format.ts').locator('.monaco-button', { hasText: 'Reject' }).first().click();
    const offer = toast('Learn a rule so it is not proposed again?');
    await offer.waitFor({ timeout: 15000 });
    await shot('13f-learn-from-rejection-offer.png', 'after Reject: "autofix: change rejected. Learn a rule so it is not proposed again?" with "Learn a Rule…"');
    await offer.locator('.monaco-button', { hasText: 'Learn a Rule' }).first().click();
    await quickInput.locator('.quick-input-title', { hasText: '(1/3)' }).waitFor({ timeout: 15000 });
    await quickInputBox.fill('CODE');
    await quickInput.locator('.monaco-list-row', { hasText: 'CODE' }).first().waitFor();
    await page.keyboard.press('Enter');
    await quickInput.locator('.quick-input-title', { hasText: '(2/3)' }).waitFor();
    const drafted = await quickInputBox.inputValue();
    check(drafted === 'Do not change `toISOString().slice(0, 10)` to `toLocaleDateString()` in src/lib/format.ts',
      'the draft names what the rejected diff would have introduced', drafted);
    await shot('13g-rejection-draft.png', 'Learn a Rule from the rejection: the instruction prefilled with the draft, editable');
    await quickInputBox.fill('Never use `toLocaleDateString` in src/lib/format.ts - dates stay ISO.');
    await page.keyboard.press('Enter');
    await quickInput.locator('.quick-input-title', { hasText: '(3/3)' }).waitFor();
    check(/rejected in review/.test(await quickInputBox.inputValue()), 'the why is prefilled too');
    await page.keyboard.press('Enter');
    await toast('review the change to .agents/autofix.json').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    const rulesAfter = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(RULES, 'utf8');
        if (t.includes('toLocaleDateString')) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(RULES, 'utf8');
    })();
    check(/"Instruction": "Never use `toLocaleDateString` in src\/lib\/format\.ts - dates stay ISO\."/.test(rulesAfter)
      && /rejected in review/.test(rulesAfter), 'the rule learned from the rejection is in autofix.json', rulesAfter.slice(-400));
    await clearToasts();
    await runCommand('View: Close All Editors');
  }

  // No error notifications from the extension at any point.
  const errors = await page.locator('.notifications-toasts .notification-toast:has(.codicon-error)').allTextContents();
  check(errors.length === 0, 'no error notifications', errors.join(' | '));

  // 8. Diffs inside a document (an agent's reply saved as markdown): a code lens above each block
  // says where it lands; clicking one runs `autofix.applyDiff` with `{path, source}` (the diff
  // named, not copied), reviewed like any other change and reported by the extension. A block
  // that matches nothing says so when clicked; a diff that names no file gets an informing lens
  // (`autofix.showMessage`).
  if (canApplyDiff) {
    step('code lenses in a chat document');
    const chat = path.join(WS, 'notes', 'agent-reply.md');
    fs.mkdirSync(path.dirname(chat), { recursive: true });
    // An agent's reply saved as markdown (the same fixture the Neovim suite uses).
    fs.copyFileSync(path.join(here, '..', 'fixtures', 'agent-reply.md'), chat);
    const logger = path.join(WS, 'src/lib/logger.ts');
    const loggerBefore = fs.readFileSync(logger, 'utf8');
    await clearToasts();
    await openFile('notes/agent-reply.md');
    // Room for the whole reply: the Problems panel is still open from before.
    if (await page.locator('.part.panel').isVisible()) {
      await page.keyboard.press('Control+J');
      await page.locator('.part.panel').waitFor({ state: 'hidden', timeout: 10000 });
    }
    step('code lenses: where each block lands');
    const lens = (text) => page.locator('.monaco-editor .codelens-decoration a', { hasText: text }).first();
    const ours = page.locator('.monaco-editor .codelens-decoration a', { hasText: /^autofix: / });
    await lens('autofix: Apply to src/lib/logger.ts — at line 3 (100%)').waitFor({ timeout: 30000 });
    await lens('autofix: no match').waitFor({ timeout: 15000 });
    await lens('no target path').waitFor({ state: 'attached', timeout: 15000 });
    const lensTexts = await ours.allInnerTexts();
    log('lenses:', JSON.stringify(lensTexts), 'and others on their lines:',
      JSON.stringify(await page.locator('.monaco-editor .codelens-decoration').allInnerTexts()));
    check(lensTexts.length === 3, 'one lens per block: applies / no match / no target path', lensTexts);
    await shot('14-chat-code-lenses.png', 'a markdown chat reply with three diffs: lenses "Apply to src/lib/logger.ts — at line 3 (100%)", "no match — best …", "no target path above the diff"');

    // The applying lens: the review opens on logger.ts; Accept applies and the extension reports.
    step('code lenses: apply through the review');
    await lens('autofix: Apply to src/lib/logger.ts').click();
    await page.locator('.tabs-container .tab.active', { hasText: 'logger.ts (current ↔ proposed)' }).waitFor({ timeout: 30000 });
    await toast('review the change to src/lib/logger.ts').waitFor({ timeout: 15000 });
    await shot('15-lens-review.png', 'clicking the lens: the diff editor of logger.ts (current ↔ proposed) with Accept / Reject');
    await toast('review the change').locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('applied 1 block to src/lib/logger.ts').waitFor({ timeout: 20000 });
    check(true, 'the lens\'s diff was applied and reported ("applied 1 block to src/lib/logger.ts")');
    const loggerAfter = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(logger, 'utf8');
        if (t !== loggerBefore) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(logger, 'utf8');
    })();
    check(loggerAfter.includes('toISOString().slice(11, 19)'), 'logger.ts changed (and saved) after Accept', loggerAfter);
    // The target changed: the lens above the applied block says so now.
    await page.locator('.tabs-container .tab.active', { hasText: 'agent-reply.md' }).waitFor({ timeout: 15000 });
    const stale = await lens('autofix: Apply to src/lib/logger.ts').waitFor({ state: 'detached', timeout: 15000 }).then(() => true, () => false);
    check(stale, 'the lens of the applied block is refreshed (it no longer says it applies)',
      await page.locator('.monaco-editor .codelens-decoration').allInnerTexts());
    await shot('16-lens-after-apply.png', 'after Accept: "applied 1 block to src/lib/logger.ts"; the first lens refreshed against the changed logger.ts');
    await clearToasts();

    // The failing lens only informs (autofix.showMessage): nothing to review, nothing applied,
    // the reason shown.
    step('code lenses: a block that matches nothing');
    const logger1 = fs.readFileSync(logger, 'utf8');
    await openFile('notes/agent-reply.md');
    await lens('autofix: no match').waitFor({ timeout: 15000 });
    // The second diff's lens (the first one's may say "no match" too now): the lowest on screen.
    const noMatches = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'autofix: no match' });
    let lowest = null;
    for (const a of await noMatches.all()) {
      const box = await a.boundingBox();
      if (box && (!lowest || box.y > lowest.y)) lowest = { a, y: box.y };
    }
    await lowest.a.click();
    await toast('No match for the SEARCH lines').waitFor({ timeout: 20000 });
    const failed = await toast('No match for the SEARCH lines').innerText();
    check(/autofix: no match — best/.test(failed), 'a lens whose block matches nothing says why when clicked', failed);
    check(fs.readFileSync(logger, 'utf8') === logger1, 'the failing lens changed nothing');
    await shot('17-lens-no-match.png', 'clicking "no match": a notification "autofix: no match — best …: No match for the SEARCH lines …"');
    await clearToasts();

    // The informing lens (autofix.showMessage): its text, as a notification.
    step('code lenses: autofix.showMessage');
    await openFile('notes/agent-reply.md');
    const bare = fs.readFileSync(chat, 'utf8').split('\n').indexOf('old words'); // 0-based line below the lens
    await page.keyboard.press('Control+G');
    await quickInputBox.waitFor({ state: 'visible' });
    await quickInputBox.fill(`:${bare + 1}`);
    await page.keyboard.press('Enter');
    await lens('no target path').waitFor({ timeout: 15000 });
    await lens('no target path').click();
    await toast('no target path').waitFor({ timeout: 15000 });
    const info = await toast('no target path').innerText();
    check(/no target path above the diff/.test(info), 'the autofix.showMessage lens shows its message', info);
    await shot('18-lens-show-message.png', 'clicking the informing lens: its message as a notification');
    await clearToasts();
    await runCommand('View: Close All Editors');
  }

  // 8b. Autofix: Export Rules to Agent Files — the project gets an AGENTS.md of its own; the
  // export is reviewed like any change (AGENTS.md current ↔ proposed: the user's text stays, the
  // autofix section is appended), and once accepted a second export says the files are current.
  if (server.commands.includes('autofix.exportRules')) {
    step('export rules to agent files');
    const agentsMd = path.join(WS, 'AGENTS.md');
    const userText = '# Agents\n\nRead the README before changing the build. (Ours: autofix must keep this.)\n';
    fs.writeFileSync(agentsMd, userText);
    await clearToasts();
    await runCommand('View: Close All Editors');
    await openFile('src/lib/format.ts');
    await runCommand('Autofix: Export Rules to Agent Files');
    await page.locator('.tabs-container .tab.active', { hasText: 'AGENTS.md (current ↔ proposed)' }).waitFor({ timeout: 30000 });
    await page.locator('.monaco-diff-editor').first().waitFor();
    const exportToast = toast('Export rules to agent files');
    await exportToast.locator('.monaco-button', { hasText: 'Accept' }).first().waitFor({ timeout: 15000 });
    const exportReview = await exportToast.innerText();
    check(/review the change to AGENTS\.md/.test(exportReview) && /project-wide rules of \.agents\/autofix\.json/.test(exportReview),
      'the review names AGENTS.md and whose rules it gets', exportReview);
    const proposedAgents = (await page.locator('.monaco-diff-editor .editor.modified .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
    check(/Read the README before changing the build/.test(proposedAgents) && /## Project rules \(autofix\)/.test(proposedAgents),
      'the proposed AGENTS.md keeps the user\'s text and adds the autofix section', proposedAgents.slice(0, 600));
    await shot('20-export-review.png', 'Export Rules to Agent Files: the diff editor of AGENTS.md (current ↔ proposed: the autofix section appended under the user\'s text) with Accept / Reject');
    await exportToast.locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('exported to AGENTS.md (updated) — the rules of .agents/autofix.json').waitFor({ timeout: 20000 });
    const written = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(agentsMd, 'utf8');
        if (t !== userText) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(agentsMd, 'utf8');
    })();
    check(written.startsWith(userText) && /<!-- autofix:begin sha256=[0-9a-f]+ -->/.test(written) && written.trimEnd().endsWith('<!-- autofix:end -->'),
      'Accept wrote the section into AGENTS.md on disk, the user\'s text byte for byte before it', written.slice(0, 400));
    await shot('21-exported.png', 'after Accept: "autofix: exported to AGENTS.md (updated) — the rules of .agents/autofix.json"');
    await clearToasts();
    await runCommand('Autofix: Export Rules to Agent Files');
    await toast('exports are current').waitFor({ timeout: 20000 });
    check(fs.readFileSync(agentsMd, 'utf8') === written, 'a second export changes nothing and says the exports are current');
    await shot('22-exports-current.png', 'a second export: "autofix: exports are current — 1 agent file already holds the rules of .agents/autofix.json"');
    await clearToasts();
    await runCommand('View: Close All Editors');

    // autofix.exportOnChange: a rule written into autofix.json on disk (an agent's `autofix
    // learn`) reaches AGENTS.md by itself — no review — and AGENTS.md, which no editor has
    // open, is saved rather than left modified in the background.
    step('autofix.exportOnChange');
    // Turned on in the Settings editor, as a user would (the extension pushes it to the server).
    await turnOnSetting('autofix.exportOnChange', 'Keep the agents');
    await page.waitForTimeout(500);
    await runCommand('View: Close All Editors');
    const rulesNow = JSON.parse(fs.readFileSync(RULES, 'utf8'));
    const next = Math.max(...rulesNow.map((r) => r.Rule_number)) + 1;
    rulesNow.push({ Rule_number: next, Category: 'PROCESS', Instruction: 'Always run `pnpm lint` before pushing.', Why: 'CI fails otherwise' });
    fs.writeFileSync(RULES, JSON.stringify(rulesNow, null, 2) + '\n');
    await toast('exported to AGENTS.md (updated)').waitFor({ timeout: 30000 });
    const followed = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(agentsMd, 'utf8');
        if (t.includes('Always run `pnpm lint` before pushing.')) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(agentsMd, 'utf8');
    })();
    check(followed.startsWith(userText) && followed.includes('- [PROCESS] Always run `pnpm lint` before pushing.'),
      'exportOnChange: the new rule reached AGENTS.md on disk by itself (saved, the user\'s text kept)', followed.slice(0, 400));
    check(await page.locator('.tabs-container .tab', { hasText: 'current ↔ proposed' }).count() === 0, 'no review was opened for it');
    check(await page.locator('.tabs-container .tab', { hasText: 'AGENTS.md' }).count() === 0, 'AGENTS.md was not opened in an editor');
    await shot('23-export-on-change.png', 'autofix.exportOnChange: a rule added to autofix.json on disk; "autofix: exported to AGENTS.md (updated)", no review, AGENTS.md saved');
    await clearToasts();
  }

  // 8b. "Autofix: Fix All Rule Violations in This File": both fixes of setup.sh at once, one
  // undoable edit, and a message saying how many.
  {
    step('fix all in this file');
    await clearToasts();
    await openFile('scripts/setup.sh');
    await page.waitForTimeout(800); // diagnostics in
    await runCommand('Autofix: Fix All Rule Violations in This File');
    await toast('autofix: fixed').waitFor({ timeout: 20000 });
    const said = await toast('autofix: fixed').innerText();
    check(/fixed 2 violations in scripts\/setup\.sh/.test(said), 'Fix All in This File: "fixed 2 violations in scripts/setup.sh"', said);
    const fixedText = await editorText();
    check(/pnpm install/.test(fixedText) && !/^npm /m.test(fixedText), 'both npm lines became pnpm', fixedText);
    await shot('23b-fix-all-in-file.png', 'Autofix: Fix All Rule Violations in This File on setup.sh: both `npm` lines now `pnpm`, "autofix: fixed 2 violations in scripts/setup.sh"');
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Z');
    await page.waitForTimeout(300);
    check(/npm install/.test(await editorText()) && await page.locator('.tabs-container .tab.active.dirty').count() === 0,
      'one Undo brings the file back as saved');
    await clearToasts();
    await openFile('src/lib/logger.ts');
    await runCommand('Autofix: Fix All Rule Violations in This File');
    await toast('autofix: nothing to fix in src/lib/logger.ts').waitFor({ timeout: 20000 });
    check(true, 'a file without fixes: "nothing to fix in src/lib/logger.ts"');
    await clearToasts();
    await runCommand('View: Close All Editors');
  }

  // 8c. Workspace diagnostics: off until here (the Problems panel above held open files only);
  // turned on in the Settings editor, every file that breaks a rule is listed with no editor
  // open; "Autofix: Fix All Rule Violations in Workspace" then fixes them across files in one
  // review (one multi-file diff editor), and files nobody opened are written.
  {
    step('workspace diagnostics');
    await closeEverything();
    await turnOnSetting('autofix.workspaceDiagnostics', 'every file in the workspace');
    await closeEverything();
    await runCommand('View: Focus Problems');
    await problemRow('users.ts').waitFor({ timeout: 30000 });
    await problemRow('API route handlers live in src/server/routes').waitFor({ timeout: 30000 });
    const wsProblems = await problems.innerText();
    check(/users\.ts/.test(wsProblems) && /API route handlers live in src\/server\/routes/.test(wsProblems),
      'Problems lists src/api/users.ts, which no editor has open', wsProblems.slice(0, 600));
    check(await page.locator('.tabs-container .tab').count() === 0, 'no editor is open');
    await shot('24-workspace-problems.png', 'autofix.workspaceDiagnostics on: the Problems panel lists the violations of files no editor has open (users.ts, orders.ts, setup.sh, …)');

    const orders = path.join(WS, 'src/server/routes/orders.ts');
    const setup = path.join(WS, 'scripts/setup.sh');
    const setupBefore = fs.readFileSync(setup, 'utf8');
    const fixToast = toast('— review the change to');
    // An agent writes a file while the review is open: accepting would put the fixes in the wrong
    // places, so nothing is applied.
    await runCommand('Autofix: Fix All Rule Violations in Workspace');
    await fixToast.locator('.monaco-button', { hasText: 'Accept' }).first().waitFor({ timeout: 30000 });
    fs.writeFileSync(setup, '# written by an agent\n' + setupBefore);
    await fixToast.locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('changed since the change was proposed').waitFor({ timeout: 20000 });
    check(!fs.readFileSync(orders, 'utf8').includes('body: unknown') && fs.readFileSync(setup, 'utf8') === '# written by an agent\n' + setupBefore,
      'a file written during the review: the fixes are not applied anywhere, the agent\'s text is kept');
    await clearToasts();
    fs.writeFileSync(setup, setupBefore);
    await page.waitForTimeout(500);
    await runCommand('Autofix: Fix All Rule Violations in Workspace');
    await fixToast.locator('.monaco-button', { hasText: 'Accept' }).first().waitFor({ timeout: 30000 });
    const fixText = await fixToast.innerText();
    check(/Fix \d+ violations? in \d+ files?/.test(fixText), 'one review names the fixes and the files', fixText);
    await page.waitForTimeout(800);
    await shot('25-fix-workspace-review.png', 'Fix All Rule Violations in Workspace: one multi-file diff editor (current ↔ proposed) with Accept / Reject');
    await fixToast.locator('.monaco-button', { hasText: 'Accept' }).first().click();
    await toast('autofix: fixed').waitFor({ timeout: 30000 });
    const ordersAfter = await (async () => {
      for (let i = 0; i < 50; i++) {
        const t = fs.readFileSync(orders, 'utf8');
        if (t.includes('body: unknown')) return t;
        await page.waitForTimeout(100);
      }
      return fs.readFileSync(orders, 'utf8');
    })();
    check(ordersAfter.includes('body: unknown'), 'orders.ts, never opened, is fixed and saved', ordersAfter);
    check(fs.readFileSync(setup, 'utf8') !== setupBefore, 'scripts/setup.sh is fixed too');
    await page.waitForTimeout(1500);
    await shot('26-fix-workspace-done.png', 'after Accept: "autofix: fixed N violations in M files", the fixed problems gone from the Problems panel');
    await clearToasts();
    await runCommand('View: Close All Editors');
  }

  // 8d. `autofix.enable` off for the folder (its .vscode/settings.json, a resource setting): the
  // Problems panel empties; on again, the violations come back. Then a task running
  // `autofix check` with the `$autofix` problem matcher puts its findings in the Problems panel.
  {
    step('autofix.enable');
    const settingsFile = path.join(WS, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    fs.writeFileSync(settingsFile, JSON.stringify({ 'autofix.enable': false }, null, 2));
    await runCommand('View: Focus Problems');
    await problems.getByText('No problems have been detected in the workspace.').waitFor({ timeout: 30000 });
    check(true, 'autofix.enable false in the folder: no problems left');
    await page.locator('.statusbar-item', { hasText: 'autofix: off' }).first().waitFor({ timeout: 10000 });
    check(true, 'the status bar says "autofix: off"');
    await shot('26b-enable-off.png', 'autofix.enable false in .vscode/settings.json: the Problems panel is empty');
    fs.writeFileSync(settingsFile, JSON.stringify({}, null, 2));
    await problemRow('No emojis in commit messages').waitFor({ timeout: 30000 });
    check(true, 'autofix.enable back on: the violations are back');

    step('$autofix problem matcher');
    const tasksFile = path.join(WS, '.vscode', 'tasks.json');
    fs.writeFileSync(tasksFile, JSON.stringify({
      version: '2.0.0',
      tasks: [{ label: 'autofix check', type: 'shell', command: `${server.bin} check`, problemMatcher: '$autofix' }],
    }, null, 2));
    await page.waitForTimeout(800);
    // Clicked rather than Enter: "Tasks: Rerun Last Task" and the like may be listed first.
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    await quickInputBox.waitFor({ state: 'visible' });
    await quickInputBox.fill('>Tasks: Run Task');
    const runTask = quickInput.locator('.monaco-list-row').filter({ hasText: /^Tasks: Run Task(?! )/ }).first();
    await runTask.waitFor({ timeout: 15000 });
    await runTask.click();
    await quickInput.locator('.monaco-list-row', { hasText: 'autofix check' }).first().waitFor({ timeout: 20000 });
    await quickInput.locator('.monaco-list-row', { hasText: 'autofix check' }).first().click();
    // The task's terminal takes the panel when it starts: look at the Problems panel once it ran.
    const fromTask = problems.locator('.monaco-list-row', { hasText: 'autofix check' });
    for (let i = 0; i < 30 && (await fromTask.count()) === 0; i++) {
      await page.waitForTimeout(1000);
      await runCommand('View: Focus Problems');
    }
    await fromTask.first().waitFor({ timeout: 5000 });
    const taskRows = await fromTask.allInnerTexts();
    check(taskRows.some((t) => /No emojis in commit messages/.test(t)),
      'the task\'s findings are in the Problems panel with the source "autofix check"', taskRows.join(' | ').slice(0, 600));
    await shot('26c-problem-matcher.png', 'a task running `autofix check` with "problemMatcher": "$autofix": its findings in the Problems panel, source "autofix check"');
    await runCommand('View: Close All Editors');
  }

  // 8e. A rule that forbids something only "unless the security team approved it" is not checked
  // (no file shows the approval): the rules file says so, and its quick fix "Enforce rule #N
  // everywhere" writes the check into the rule; saved, the violation shows where it is. (A
  // justification a comment gives — "without a comment explaining why" — is checked as it is.)
  {
    step('exception unseen → enforce rule everywhere');
    /** The Problems panel's filter box (in the panel's title bar). */
    const problemsFilter = () => page.getByPlaceholder(/^Filter \(e\.g\./).first();
    const current = JSON.parse(fs.readFileSync(RULES, 'utf8'));
    const n = Math.max(...current.map((r) => r.Rule_number)) + 1;
    current.push({
      Rule_number: n,
      Category: 'CODE',
      Instruction: 'Do not use `eval` unless the security team approved it.',
      Why: 'eval runs whatever it is given',
    });
    // Two uses: one justified (marked as the rule asks), one not.
    fs.writeFileSync(path.join(WS, 'src/lib/sandbox.ts'), [
      'export function run(code: string) {',
      '  return eval(code);',
      '}',
      `// autofix-ignore: ${n} the plugin sandbox evaluates reviewed snippets only`,
      'export const reviewed = (code: string) => eval(code);',
      '',
    ].join('\n'));
    fs.writeFileSync(RULES, JSON.stringify(current, null, 2) + '\n');
    await page.locator('.statusbar-item', { hasText: `autofix: ${current.length - 1} rules` }).first().waitFor({ timeout: 30000 }).catch(() => {});
    await openFile('.agents/autofix.json');
    // The instruction's line: the information sits on its text.
    const lineNo = fs.readFileSync(RULES, 'utf8').split('\n').findIndex((l) => l.includes('Do not use `eval` unless')) + 1;
    await page.keyboard.press('Control+G');
    await quickInputBox.waitFor({ state: 'visible' });
    await quickInputBox.fill(`:${lineNo}:30`);
    await page.keyboard.press('Enter');
    await page.locator('.editor-instance .monaco-editor.focused').waitFor({ timeout: 10000 });
    // Its information, in the Problems panel filtered on its words (the list is long).
    await runCommand('View: Focus Problems');
    await problemsFilter().fill('exception no file shows').catch(() => {});
    const unseen = problemRow('not checked: the rule makes an exception no file shows');
    await unseen.waitFor({ timeout: 30000 });
    check(true, 'the rules file says the rule is not checked, and why', await unseen.innerText());
    // On a busy machine a double click can arrive as two single clicks, which only select the
    // row: then Enter on the selected row opens it, as a keyboard user would.
    const editorFocused = page.locator('.editor-instance .monaco-editor.focused');
    await unseen.click();
    await unseen.dblclick();
    for (let attempt = 1; !(await editorFocused.waitFor({ timeout: 5000 }).then(() => true, () => false)); attempt++) {
      if (attempt === 4) throw new Error('opening the "not checked" problem never focused autofix.json');
      log(`the problem did not open yet (attempt ${attempt}); Enter on it`);
      await unseen.click();
      await page.keyboard.press('Enter');
    }
    const enforce = page.locator('.action-widget .monaco-list-row', { hasText: `Enforce rule #${n} everywhere` });
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('Control+.');
      if (await enforce.first().waitFor({ timeout: 5000 }).then(() => true, () => false)) break;
      if (attempt === 4) throw new Error(`the quick-fix menu never offered "Enforce rule #${n} everywhere"`);
      log(`quick-fix menu not there yet (attempt ${attempt}); again`);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
    }
    await shot('26d-enforce-quickfix.png', `autofix.json: rule #${n} ("Do not use \`eval\` unless the security team approved it") with its information "not checked: … exception no file shows" and the quick fix "Enforce rule #${n} everywhere"`);
    await page.keyboard.press('Enter');
    await page.locator('.editor-instance .view-lines', { hasText: '"Check"' }).first().waitFor({ timeout: 20000 });
    await page.keyboard.press('Control+S');
    await problemsFilter().fill('unless the security team approved').catch(() => {});
    await problems.locator('.monaco-list-row', { hasText: 'sandbox.ts' }).first().waitFor({ timeout: 30000 });
    const rows = await problems.locator('.monaco-list-row', { hasText: 'Do not use `eval`' }).allInnerTexts();
    check(rows.length === 1 && /Ln 2/.test(rows[0]), 'sandbox.ts: the unmarked eval on line 2 is reported, the marked one is not', rows.join(' | '));
    const written = JSON.parse(fs.readFileSync(RULES, 'utf8')).find((r) => r.Rule_number === n);
    check(written?.Check && !written.Check.Fix, 'the check is written into the rule, without a fix', JSON.stringify(written?.Check ?? null).slice(0, 300));
    await page.waitForTimeout(800);
    await shot('26e-enforced.png', `after the quick fix and a save: rule #${n} has its Check; the Problems panel (filtered on the rule's words) lists the unmarked eval of sandbox.ts, not the one marked autofix-ignore`);
    await problemsFilter().fill('').catch(() => {});
    await runCommand('View: Close All Editors');
  }

  // 9. `autofix.server.path` changes restart the server: a bad path gives one clear error and
  // "no server" in the status bar; clearing it brings the bundled server back.
  step('autofix.server.path → restart');
  const rulesNow = (await statusItem.innerText()).match(/autofix: \d+ rules/)?.[0] ?? 'autofix:';
  // Through the Settings editor, as a user would.
  await runCommand('Preferences: Open User Settings');
  await page.locator('.settings-editor .settings-header').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(300); // the search box has the focus once the editor is up
  await page.keyboard.insertText('autofix.server.path');
  // code-server runs the extension host "remotely": machine-scoped settings live in the Remote tab.
  await page.locator('.settings-editor .settings-tabs-widget .action-label', { hasText: 'Remote' }).first().click();
  const field = page.locator('.settings-editor .setting-item-contents', { hasText: 'Path to the' }).locator('input').first();
  await field.waitFor({ timeout: 20000 });
  await field.fill('/nonexistent/autofix');
  await toast('autofix.server.path').waitFor({ timeout: 30000 });
  await page.locator('.statusbar-item', { hasText: 'autofix: no server' }).first().waitFor({ timeout: 15000 });
  const missing = await toast('autofix.server.path').innerText();
  check(/not an executable file/.test(missing) && /Open Settings/.test(missing), 'a bad autofix.server.path: one error saying how to fix it', missing);
  await shot('19-bad-server-path.png', 'autofix.server.path set to a missing binary in the Settings editor: an error notification with "Open Settings", status "autofix: no server"');
  await field.fill('');
  await page.locator('.statusbar-item', { hasText: rulesNow }).first().waitFor({ timeout: 30000 });
  check(true, `server restarted with the bundled binary once the setting is cleared ("${rulesNow}")`);
  // textContent, not innerText: a toast still sliding in has no rendered text yet.
  const later = (await page.locator('.notifications-toasts .notification-toast:has(.codicon-error)').allTextContents())
    .filter((t) => !t.includes('autofix.server.path'));
  check(later.length === 0, 'no other error notifications around the restarts', later.join(' | '));
  // The output channel: the restarts' clean exits are information, not errors.
  const logs = path.join(path.dirname(SETTINGS_DIR), 'logs');
  const channelLogs = fs.readdirSync(logs, { recursive: true }).map(String).filter((f) => f.endsWith('-autofix.log'));
  const channel = channelLogs.map((f) => fs.readFileSync(path.join(logs, f), 'utf8')).join('\n');
  check(channelLogs.length > 0 && /exited with code 0 \(a clean stop\)/.test(channel), 'the output channel logs the restart\'s clean exit as information', channelLogs.join(', '));
  check(!/^\[Error/m.test(channel), 'and no error', (channel.match(/^\[Error.*$/gm) ?? []).join(' | '));

} catch (e) {
  await failed(e, '99-failure.png');
} finally {
  await finish('e2e passed');
}
