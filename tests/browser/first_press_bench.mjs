// The first Hint press after a reload, in headless Chromium (the release build): walks Hint and
// Apply from the empty grid until a hint takes over SLOW_MS (a step the page waits for), then
// reloads three times (a fresh worker, no answer cached; the marks are kept) and times the first
// press: until its sentence shows (found from the marks alone) and until the job ends (the
// answer solved and the marks checked against it: Hint enabled again, no Cancel).
// Usage: node first_press_bench.mjs KIND FILE.json [SLOW_MS]
import fs from 'node:fs';
import * as H from './harness.mjs';
const [kind, file, slowArg] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8').trim();
const slow = Number(slowArg ?? 400);
const server = await H.serve();
const chrome = await H.browser();
const timed = (page) => page.evaluate(() => new Promise((resolve) => {
  const t0 = performance.now(); let shown = null;
  const tick = () => {
    const p = document.querySelector('#hint-text');
    if (p && shown === null) shown = performance.now() - t0;
    const b = document.querySelector('#hint');
    if (shown !== null && b && !b.disabled && !document.querySelector('#cancel')) resolve({ shown, done: performance.now() - t0, kind: p.dataset.kind });
    else setTimeout(tick, 2);
  };
  document.querySelector('#hint').click(); tick();
}));
try {
  const page = await H.open(chrome.context, server.url, kind);
  await page.fill('#import-text', text);
  await page.click('#import-open');
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  let k = 0;
  for (;; k++) {
    await page.waitForSelector('#hint:not([disabled])');
    const h = await timed(page);
    if (h.kind !== 'step') { console.log('ended', h.kind, 'at', k); break; }
    if (h.shown > slow && k > 0) { console.log(`hint ${k + 1}: shown ${h.shown.toFixed(0)} ms, job ${h.done.toFixed(0)} ms (answer cached)`); break; }
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-text'));
  }
  await page.click('#hint-dismiss').catch(() => {});
  await page.waitForTimeout(1500);
  for (let r = 0; r < 3; r++) {
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.waitForTimeout(1500);
    await page.waitForSelector('#hint:not([disabled])');
    const h = await timed(page);
    console.log(`after reload ${r + 1}: shown ${h.shown.toFixed(0)} ms, job ended ${h.done.toFixed(0)} ms (${h.kind})`);
    await page.click('#hint-dismiss').catch(() => {});
  }
  if (page.studioErrors.length) console.log(page.studioErrors);
} finally { await chrome.close(); await server.close(); }
