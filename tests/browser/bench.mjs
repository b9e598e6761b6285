// The in-browser benchmark: runs a collection (a file, or every puzzle file under a folder) in the
// studio's worker in headless Chromium and prints the same summary line as `puzzle bench`.
// Usage: node bench.mjs KIND FILE|DIR [--first]
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, open } from './harness.mjs';

const [kind, target, ...rest] = process.argv.slice(2);
if (!kind || !target) {
  console.error('usage: node bench.mjs KIND FILE|DIR [--first]');
  process.exit(2);
}

/** The files `puzzle bench` reads under a folder: sorted, recursive, no docs or answer files. */
function files(p) {
  if (fs.statSync(p).isFile()) return [p];
  return fs.readdirSync(p).sort().flatMap((name) => {
    const full = path.join(p, name);
    if (fs.statSync(full).isDirectory()) return files(full);
    if (name.startsWith('.') || name.endsWith('.md') || name.includes('.solution')) return [];
    return [full];
  });
}

/** The same figures as `bench::Summary::of`. */
function summarise(records) {
  const ms = records.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (q) => (ms.length ? ms[Math.round((ms.length - 1) * q)] : 0);
  const f = (x) => x.toFixed(2);
  return `count ${records.length} solved ${records.filter((r) => !['timeout', 'error'].includes(r.verdict)).length} ` +
    `wrong ${records.filter((r) => r.wrong).length} unique ${records.filter((r) => r.verdict === 'unique').length} ` +
    `median_ms ${f(pick(0.5))} p90_ms ${f(pick(0.9))} max_ms ${f(ms.at(-1) ?? 0)} total_s ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(3)}`;
}

const server = await serve();
const chrome = await browser();
const records = [];
try {
  const page = await open(chrome.context, server.url, 'bench');
  for (const file of files(target)) {
    await page.goto(server.url + '#home');
    await page.goto(server.url + '#bench');
    await page.reload();
    await page.waitForSelector('#bench-run');
    await page.selectOption('#bench-kind', kind);
    if (rest.includes('--first')) await page.check('#bench-first');
    await page.$eval('#bench-text', (t, v) => { t.value = v; }, fs.readFileSync(file, 'utf8'));
    await page.click('#bench-run');
    const done = await page.waitForSelector('#bench-summary, #notice', { timeout: 60 * 60 * 1000 });
    if ((await done.getAttribute('id')) === 'notice') throw new Error(`${file}: ${await done.textContent()}`);
    for (const r of JSON.parse(await done.getAttribute('data-records'))) records.push({ ...r, id: `${path.basename(file)} ${r.id}` });
  }
  const slowest = records.reduce((a, b) => (b.ms > (a?.ms ?? -1) ? b : a), null);
  console.log(summarise(records) + `  (${path.basename(target)}; slowest ${slowest?.id} ${slowest?.ms.toFixed(2)} ms; ${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])})`);
} finally {
  await chrome.close();
  await server.close();
}
