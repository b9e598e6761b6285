// The in-browser benchmark: runs a collection (a file, or every puzzle file under a folder) in the
// studio's worker in headless Chromium and prints the same summary line as `puzzle bench`.
// Usage: node bench.mjs KIND FILE|DIR [--first] [--timeout SECONDS] [--rounds N]
// (--timeout: the page's time limit per puzzle, as `puzzle bench --timeout`; --rounds: run the
// collection N times in the same page and worker, print each pass, then the fastest pass. The
// first pass includes V8's tiering of the WebAssembly from its baseline compiler to the optimising
// one, which on a collection that solves in under a second is a large share; native code has no
// such warm-up, so a comparison with `puzzle bench` should give both the first and the best pass.)
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, open } from './harness.mjs';

const [kind, target, ...rest] = process.argv.slice(2);
if (!kind || !target) {
  console.error('usage: node bench.mjs KIND FILE|DIR [--first] [--timeout SECONDS] [--rounds N]');
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
    `median_ms ${f(pick(0.5))} p90_ms ${f(pick(0.9))} max_ms ${f(ms.at(-1) ?? 0)} total_s ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(3)}` +
    // Kinds judged by a measure (Flood-It: moves) add its total, as `Summary::line` does.
    (records.some((r) => r.measure != null) ? ` total_moves ${records.reduce((a, r) => a + (r.measure ?? 0), 0)}` : '') +
    // Answers not proven optimal (verdict `bounded`): how many, and the proven bounds summed.
    (records.some((r) => r.verdict === 'bounded')
      ? ` optimal ${records.filter((r) => r.verdict === 'optimal').length} bounded ${records.filter((r) => r.verdict === 'bounded').length}` +
        (records.every((r) => r.lower != null) ? ` total_lower ${records.reduce((a, r) => a + r.lower, 0)}` : '')
      : '');
}

const roundsAt = rest.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(rest[roundsAt + 1]) : 1;
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('bench: --rounds needs a whole number of at least 1');
  process.exit(2);
}

const server = await serve();
const chrome = await browser();
const passes = [];
try {
  // One page and one warm worker for the whole run, as `puzzle bench` is one warm process.
  const page = await open(chrome.context, server.url, 'bench');
  await page.waitForSelector('#bench-run');
  await page.selectOption('#bench-kind', kind);
  if (rest.includes('--first')) await page.check('#bench-first');
  const limit = rest.indexOf('--timeout');
  if (limit >= 0) await page.fill('#bench-timeout', rest[limit + 1] ?? '');
  for (let round = 1; round <= rounds; round++) {
  const records = [];
  for (const file of files(target)) {
    const before = await page.$eval('#bench-summary', (e) => e.dataset.records).catch(() => null);
    await page.$eval('#bench-text', (t, v) => { t.value = v; }, fs.readFileSync(file, 'utf8'));
    // The run's name goes into its records' ids, so each run's records differ from the last.
    await page.fill('#bench-name', `${rounds > 1 ? `${round}:` : ''}${records.length} ${path.basename(file)}`);
    await page.click('#bench-run');
    await page.waitForFunction((before) => {
      if (document.querySelector('#notice')) return true;
      const s = document.querySelector('#bench-summary');
      return s && s.dataset.records !== before && !document.querySelector('#status[data-state="busy"]');
    }, before, { timeout: 60 * 60 * 1000 });
    const notice = await page.$('#notice');
    if (notice) throw new Error(`${file}: ${await notice.textContent()}`);
    const done = await page.$('#bench-summary');
    for (const r of JSON.parse(await done.getAttribute('data-records'))) records.push(r);
  }
  passes.push(records);
  if (rounds > 1) console.log(`round ${round}: ${summarise(records)}`);
  }
  const total = (records) => records.reduce((a, r) => a + r.ms, 0);
  const best = passes.reduce((a, b) => (total(b) < total(a) ? b : a));
  const slowest = best.reduce((a, b) => (b.ms > (a?.ms ?? -1) ? b : a), null);
  const which = rounds > 1
    ? `; the fastest of ${rounds} passes, the first ${(total(passes[0]) / 1000).toFixed(3)} s`
    : '';
  console.log(summarise(best) + `  (${path.basename(target)}; slowest ${slowest?.id} ${slowest?.ms.toFixed(2)} ms${which}; ${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])})`);
} finally {
  await chrome.close();
  await server.close();
}
