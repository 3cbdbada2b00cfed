// What the VS Code e2e scripts (e2e.mjs, e2e-es.mjs) share: timed logging, checks that count
// failures, headless Debian chromium on code-server through playwright-core, screenshots, the
// quick input, and the ending (the failure's screen, the list of screenshots, the exit code).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cache = process.env.AUTOFIX_VSCODE_CACHE || path.join(here, '.cache');
const require = createRequire(import.meta.url);
const { chromium } = require(path.join(cache, 'tools', 'node_modules', 'playwright-core'));

/** A browser page on code-server and the helpers around it. `clipboardOrigin`: the origin
 *  granted clipboard access (the diff flows read and write it). */
export async function harness({ shots: shotsDir, clipboardOrigin }) {
  const t0 = Date.now();
  const log = (...a) => console.log(`${String(Date.now() - t0).padStart(7)}ms`, ...a);
  let failures = 0;
  let stepName = 'start';
  const step = (name) => { stepName = name; log('--', name); };
  const check = (cond, what, extra) => {
    log(cond ? 'ok  ' : 'FAIL', what, cond ? '' : (extra ?? ''));
    if (!cond) failures++;
    return cond;
  };

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  if (clipboardOrigin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: clipboardOrigin });
  const page = await context.newPage();
  page.on('pageerror', (e) => log('pageerror:', e.message));

  const shots = [];
  const shot = async (name, what) => {
    await page.waitForTimeout(350); // toasts and menus animate in
    const p = path.join(shotsDir, name);
    await page.screenshot({ path: p });
    shots.push(`${name}: ${what}`);
    log('screenshot', p);
  };
  const quickInput = page.locator('.quick-input-widget');
  const quickInputBox = quickInput.locator('input').first();

  /** The step that threw: counted, logged, its screen saved as `shotName`. */
  const failed = async (e, shotName) => {
    failures++;
    log('ERROR in step:', stepName);
    log('ERROR', String(e.message ?? e).split('\n').slice(0, 8).join('\n'));
    await shot(shotName, 'the screen when the test failed').catch(() => {});
  };
  /** Closes the browser, lists the screenshots and exits with the verdict. */
  const finish = async (passedText) => {
    await browser.close();
    console.log(`\nscreenshots in ${shotsDir}:`);
    for (const s of shots) console.log(`  ${s}`);
    const passed = failures === 0;
    log(passed ? passedText : `${failures} failure(s)`);
    process.exit(passed ? 0 : 1);
  };
  return { log, step, check, page, shot, quickInput, quickInputBox, failed, finish };
}
