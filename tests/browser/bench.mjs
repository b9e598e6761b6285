// The in-browser benchmark: runs a collection in the studio's worker in headless Chromium and
// prints the same summary line as `puzzle bench`. Usage: node bench.mjs KIND FILE [--first]
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, open } from './harness.mjs';

const [kind, file, ...rest] = process.argv.slice(2);
if (!kind || !file) {
  console.error('usage: node bench.mjs KIND FILE [--first]');
  process.exit(2);
}
const text = fs.readFileSync(file, 'utf8');
const server = await serve();
const chrome = await browser();
try {
  const page = await open(chrome.context, server.url, 'bench');
  await page.selectOption('#bench-kind', kind);
  if (rest.includes('--first')) await page.check('#bench-first');
  await page.$eval('#bench-text', (t, v) => { t.value = v; }, text);
  await page.click('#bench-run');
  const summary = await page.waitForSelector('#bench-summary', { timeout: 30 * 60 * 1000 });
  const line = await summary.textContent();
  console.log(line + `  (${path.basename(file)}, ${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])})`);
} finally {
  await chrome.close();
  await server.close();
}
