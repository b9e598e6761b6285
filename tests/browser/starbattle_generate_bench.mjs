// Star Battle generation time in headless Chromium: the page's New puzzle button, timed from the
// click until the new board is drawn (the worker generates, proves uniqueness and rates).
// Usage: node starbattle_generate_bench.mjs [SIZE] [STARS] [COUNT] [LEVEL...]
// LEVELs (easy, medium, hard, expert, logic, beyond, any) are set in the page's #gen-level
// select when the page has one; without it the page's default level is measured once.
import { serve, browser, open } from './harness.mjs';

const size = Number(process.argv[2] ?? 10);
const stars = Number(process.argv[3] ?? 2);
const count = Number(process.argv[4] ?? 10);
const levels = process.argv.slice(5);
const server = await serve();
const chrome = await browser();
try {
  const page = await open(chrome.context, server.url, 'starbattle');
  await page.waitForSelector('#generate');
  await page.selectOption('#gen-size', String(size));
  await page.selectOption('#gen-stars', String(stars));
  const hasLevels = (await page.$('#gen-level')) !== null;
  for (const level of hasLevels && levels.length ? levels : ['(page default)']) {
    if (hasLevels && levels.length) await page.selectOption('#gen-level', level);
    const ms = [];
    let failed = 0;
    for (let i = 0; i < count; i++) {
      const before = await page.$eval('#export-json', (e) => e.textContent).catch(() => '');
      const t = Date.now();
      await page.click('#generate');
      await page.waitForFunction((b) => {
        if (document.querySelector('#status[data-state="busy"]')) return false;
        const now = document.querySelector('#export-json')?.textContent ?? '';
        return now !== b || document.querySelector('#status[data-state="ended"]');
      }, before, { timeout: 200000 });
      const after = await page.$eval('#export-json', (e) => e.textContent).catch(() => '');
      if (after === before) {
        failed += 1;
        console.log(`  failed: ${await page.$eval('#status', (e) => e.textContent)}`);
        continue;
      }
      const p = JSON.parse(after);
      if (p.rows !== size || p.stars !== stars) throw new Error(`asked ${size}x${size} with ${stars}, got ${p.rows} with ${p.stars}`);
      ms.push(Date.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${size}x${size} ${stars} stars ${level}: median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms.at(-1)} ms over ${ms.length} (${failed} failed)`);
  }
  if (page.studioErrors.length) throw new Error(page.studioErrors.join('\n'));
} finally {
  await chrome.close();
  await server.close();
}
