// KenKen generation time in headless Chromium: the page's New puzzle button, timed from the
// click until the new board is drawn (the worker generates, proves uniqueness and rates).
// Usage: node kenken_generate_bench.mjs [SIZE] [COUNT]
import { serve, browser, open } from './harness.mjs';

const size = Number(process.argv[2] ?? 9);
const count = Number(process.argv[3] ?? 10);
const server = await serve();
const chrome = await browser();
try {
  const page = await open(chrome.context, server.url, 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2');
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', String(size));
  for (const level of ["easy", "normal", "hard", "extreme", "unreasonable"]) {
    await page.selectOption('#gen-level', level);
    const ms = [];
    for (let i = 0; i < count; i++) {
      const before = await page.$eval('#keen-id', (e) => e.textContent).catch(() => '');
      const t = Date.now();
      await page.click('#generate');
      await page.waitForFunction((b) => {
        const id = document.querySelector('#keen-id')?.textContent ?? '';
        return id !== b && !document.querySelector('#status[data-state="busy"]');
      }, before, { timeout: 120000 });
      ms.push(Date.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${size}x${size} ${level}: median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms.at(-1)} ms over ${count}`);
  }
} finally {
  await chrome.close();
  await server.close();
}
