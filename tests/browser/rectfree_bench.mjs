// Browser benchmark of the rectangle-free lab: runs a task several times with different seeds
// through the page (worker, checker, drawing) in headless Chromium and prints each time.
// Local search races a portfolio of `workers` Web Workers (seeds seed .. seed + workers - 1;
// 1 = one worker alone); the line says which worker won, or the best across workers at the end.
// Run: node rectfree_bench.mjs [SIZE e.g. 16x16c4] [runs] [method] [timeout seconds] [workers]
import { serve, browser, open } from './harness.mjs';

const size = process.argv[2] ?? '16x16c4';
const runs = Number(process.argv[3] ?? 5);
const method = process.argv[4] ?? 'auto';
const timeout = Number(process.argv[5] ?? 120);
const workers = process.argv[6] ?? '1';
const server = await serve();
const chrome = await browser();
const times = [];
try {
  for (let seed = 1; seed <= runs; seed++) {
    const m = method === 'auto' ? '' : `/m${method}`;
    const page = await open(chrome.context, server.url, `rectfree/v1/${size}${m}/s${seed}`);
    await page.waitForSelector('#run');
    await page.selectOption('#rf-workers', workers);
    const t0 = Date.now();
    await page.click('#run');
    let line;
    try {
      await page.waitForSelector('#status[data-state="done"]', { timeout: timeout * 1000 });
      const ms = Date.now() - t0;
      times.push(ms);
      const verdict = await page.$eval('#status', (s) => s.dataset.verdict);
      const won = await page.$eval('#rf-portfolio', (e) => e.textContent).catch(() => '');
      line = `seed ${seed}: ${verdict} in ${ms} ms (click to checked grid drawn)${won ? '; ' + won : ''}`;
    } catch {
      const best = await page.$eval('#rf-live', (d) => `${d.dataset.best} rectangles at best after ${d.dataset.iterations} iterations`).catch(() => 'no progress seen');
      const when = await page.$eval('#rf-live p', (p) => p.textContent).catch(() => '');
      const leader = await page.$eval('#rf-race', (d) => `, worker ${d.dataset.leader} of ${d.dataset.workers} leading`).catch(() => '');
      line = `seed ${seed}: no answer within ${timeout} s; ${best}${leader} (${when})`;
      times.push(Infinity);
      await page.click('#cancel').catch(() => {});
    }
    console.log(line);
    await page.goto('about:blank');
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${size} ${method}, ${workers} worker(s): median ${sorted[Math.floor(sorted.length / 2)]} ms over ${runs} runs`);
} finally {
  await chrome.close();
  await server.close();
}
