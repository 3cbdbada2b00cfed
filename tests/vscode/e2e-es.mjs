// The autofix VS Code extension with VS Code's display language Spanish (code-server `--locale es`
// and the stand-in language pack of tests/vscode/langpack-es, see run.sh): the extension's own
// texts come from package.nls.es.json (command titles in the palette, setting descriptions) and
// l10n/bundle.l10n.es.json (status bar, notifications, quick inputs), the server's from its own
// Spanish (the language client sends `vscode.env.language` as `locale`). VS Code's own texts stay
// English: the stand-in pack carries no translations of them. Started by run.sh:
//   node e2e-es.mjs BASE_URL WORKSPACE SHOTS_DIR EXTENSIONS_DIR USER_SETTINGS_DIR
// Exits non-zero on any failure. Screenshots go to SHOTS_DIR as es-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { harness } from './harness.mjs';

const [BASE, WS, SHOTS] = process.argv.slice(2);
const RULES = path.join(WS, '.agents', 'autofix.json');

const { log, step, check, page, shot, quickInput, quickInputBox, failed, finish } = await harness({ shots: SHOTS });
const palette = async (text) => {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await quickInputBox.waitFor({ state: 'visible' });
  await quickInputBox.fill('>' + text);
};
const runCommand = async (label) => {
  step(`command ${label}`);
  await palette(label);
  await quickInput.locator('.monaco-list-row', { hasText: label }).first().waitFor({ timeout: 15000 });
  await page.keyboard.press('Enter');
};
const statusItem = page.locator('.statusbar-item', { hasText: 'autofix' }).first();
const toast = (text) => page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
const clearToasts = () => runCommand('Notifications: Clear All Notifications').catch(() => {});

try {
  await page.goto(`${BASE}/?folder=${encodeURIComponent(WS)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 90000 });
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'src' }).first().waitFor({ timeout: 90000 });
  log('workbench loaded');

  // 1. The status bar, from the Spanish bundle: "autofix: 12 reglas" (English would say "rules":
  // then VS Code did not run in Spanish, and nothing below would mean anything).
  step('status bar');
  await page.locator('.statusbar-item', { hasText: /autofix: \d+ (reglas|rules)/ }).first().waitFor({ timeout: 60000 });
  const statusText = await statusItem.innerText();
  if (!check(/autofix: 12 reglas/.test(statusText), 'status bar in Spanish: "autofix: 12 reglas"', statusText)) {
    throw new Error('VS Code did not run with the Spanish display language (see run.sh: --locale es and the stand-in language pack)');
  }
  await statusItem.hover();
  const tooltip = page.locator('.monaco-hover', { hasText: 'reglas activas' }).first();
  check(await tooltip.waitFor({ timeout: 10000 }).then(() => true, () => false), 'its tooltip: "autofix — 12 reglas activas … Haz clic para mostrar las reglas activas."',
    await page.locator('.monaco-hover').first().innerText().catch(() => ''));
  await shot('es-01-status.png', 'the status bar item in Spanish: "autofix: 12 reglas", its tooltip "autofix — 12 reglas activas"');

  // 2. The palette: the command titles of package.nls.es.json, in the category "Autofix".
  step('palette');
  await palette('Autofix: ');
  await quickInput.locator('.monaco-list-row', { hasText: 'Autofix: Aprender regla…' }).first().waitFor({ timeout: 15000 });
  // Each row: the title in the display language, then (VS Code's own doing, for a title that was
  // translated) the English one below it, greyed.
  const rows = (await quickInput.locator('.monaco-list-row').allInnerTexts()).map((t) => t.split('\n').map((l) => l.trim()).filter(Boolean));
  const shown = rows.map((r) => r[0]).join(' | ');
  for (const title of ['Autofix: Aprender regla…', 'Autofix: Aplicar diff del portapapeles', 'Autofix: Mostrar reglas activas',
    'Autofix: Exportar reglas a los archivos de los agentes', 'Autofix: Reiniciar servidor']) {
    check(rows.some((r) => r[0] === title), `the palette lists "${title}"`, shown);
  }
  check(rows.length >= 8 && rows.every((r) => r.length === 2 && r[0] !== r[1]),
    'every title is translated (VS Code shows the English one under it)', JSON.stringify(rows).slice(0, 800));
  await shot('es-02-palette.png', 'the command palette filtered on "Autofix: ": the extension\'s commands with their Spanish titles (VS Code adds the English one below each)');

  // 3. A notification of the extension's own.
  await runCommand('Autofix: Mostrar revisión pendiente');
  await toast('ningún cambio espera tu revisión').waitFor({ timeout: 15000 });
  check(/autofix: ningún cambio espera tu revisión\./.test(await toast('ningún cambio').innerText()),
    'Autofix: Mostrar revisión pendiente → "autofix: ningún cambio espera tu revisión."');
  await shot('es-03-notification.png', 'Autofix: Mostrar revisión pendiente with nothing pending: "autofix: ningún cambio espera tu revisión."');
  await clearToasts();

  // 4. Learn Rule… in Spanish: the extension's steps, then the server's label and the
  // extension's question in one notification ("Aprender la regla #14 — revisa el cambio en …").
  step('learn a rule');
  const rules0 = fs.readFileSync(RULES, 'utf8');
  await runCommand('Autofix: Aprender regla');
  await quickInput.locator('.quick-input-title', { hasText: 'Autofix: Aprender regla (1/3) — categoría' }).waitFor({ timeout: 15000 });
  await quickInputBox.fill('CODE');
  const code = quickInput.locator('.monaco-list-row', { hasText: 'CODE' }).first();
  await code.waitFor();
  check(/patrones de código/.test(await code.innerText()), 'the categories are described in Spanish', await code.innerText());
  await page.keyboard.press('Enter');
  await quickInput.locator('.quick-input-title', { hasText: '(2/3) — instrucción [CODE]' }).waitFor();
  await quickInputBox.fill('Nunca uses `eval` - interpreta los datos con JSON.parse.');
  await page.keyboard.press('Enter');
  await quickInput.locator('.quick-input-title', { hasText: '(3/3) — por qué' }).waitFor();
  await quickInputBox.fill('ejecutar texto ajeno es inseguro');
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: 'autofix.json (actual ↔ propuesto)' }).waitFor({ timeout: 30000 });
  const review = toast('revisa el cambio en .agents/autofix.json');
  await review.locator('.monaco-button', { hasText: 'Aceptar' }).first().waitFor({ timeout: 15000 });
  const reviewText = await review.innerText();
  check(/Aprender la regla #14 — revisa el cambio en \.agents\/autofix\.json/.test(reviewText) && /Rechazar/.test(reviewText),
    'the review: "Aprender la regla #14 — revisa el cambio en .agents/autofix.json: …" with Aceptar / Rechazar', reviewText);
  check(await page.locator('.statusbar-item', { hasText: 'autofix: revisión pendiente' }).first().isVisible(), 'status bar: "autofix: revisión pendiente"');
  await shot('es-04-review.png', 'Learn Rule in Spanish: the diff "autofix.json (actual ↔ propuesto) — Aprender la regla #14", the notification "Aprender la regla #14 — revisa el cambio en .agents/autofix.json: …" with Aceptar / Rechazar, status "autofix: revisión pendiente"');
  await review.locator('.monaco-button', { hasText: 'Rechazar' }).first().click();
  const notLearned = toast('no se aprendió');
  await notLearned.waitFor({ timeout: 15000 });
  check(/autofix: la regla #14 no se aprendió \(rechazado en la revisión\)\./.test(await notLearned.innerText()),
    'Rechazar: "autofix: la regla #14 no se aprendió (rechazado en la revisión)."', await notLearned.innerText());
  check(fs.readFileSync(RULES, 'utf8') === rules0, 'autofix.json unchanged');
  await shot('es-05-rejected.png', 'after Rechazar: "autofix: la regla #14 no se aprendió (rechazado en la revisión)."');
  await clearToasts();
  await runCommand('View: Close All Editors');

  // 5. The settings, described in Spanish.
  step('settings');
  await runCommand('Preferences: Open User Settings');
  await page.locator('.settings-editor .settings-header').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(300); // the search box has the focus once the editor is up
  await page.keyboard.insertText('autofix.review');
  const reviewSetting = page.locator('.settings-editor .setting-item-contents', { hasText: 'Cómo se revisan las ediciones' }).first();
  check(await reviewSetting.waitFor({ timeout: 20000 }).then(() => true, () => false), 'autofix.review: "Cómo se revisan las ediciones que el servidor te pide confirmar …"',
    await page.locator('.settings-editor .setting-item-contents').first().innerText().catch(() => ''));
  // Its choices, described in Spanish too (enumDescriptions): the open drop-down shows the
  // description of the selected one.
  await reviewSetting.locator('.monaco-select-box').first().click();
  const choice = page.locator('.monaco-select-box-dropdown-container', { hasText: 'Abre un editor de diferencias del cambio propuesto' }).first();
  check(await choice.waitFor({ timeout: 10000 }).then(() => true, () => false), 'the choice diffEditor: "Abre un editor de diferencias del cambio propuesto con Aceptar / Rechazar (recomendado)."',
    await page.locator('.monaco-select-box-dropdown-container').first().innerText().catch(() => ''));
  await shot('es-06-settings.png', 'the Settings editor on autofix.review: its description and the description of its choice diffEditor in Spanish');
  await page.keyboard.press('Escape');

  const errors = await page.locator('.notifications-toasts .notification-toast:has(.codicon-error)').allTextContents();
  check(errors.length === 0, 'no error notifications', errors.join(' | '));
} catch (e) {
  await failed(e, 'es-99-failure.png');
} finally {
  await finish('e2e (es) passed');
}
