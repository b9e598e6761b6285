// Browser benchmark of the nonogram page's Solve with a portfolio of workers: each chosen puzzle
// of a TAAI / TCGA file (`$n`, column clues, row clues) opens as a share link, Solve runs with
// 1 worker and with N workers (varisat, batsat, batsat with the line solver, shuffled varisat),
// and the wall time from the click to the verdict is printed, with the worker that won.
// Run: node nonogram_portfolio_bench.mjs FILE [puzzle numbers, e.g. 1,7,42] [workers, default 3] [timeout s]
import fs from 'node:fs';
import { serve, browser, open } from './harness.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node nonogram_portfolio_bench.mjs FILE [numbers] [workers] [timeout]');
  process.exit(2);
}
const wanted = (process.argv[3] ?? '1,2,3,4,5').split(',').map(Number);
const workers = process.argv[4] ?? '3';
const timeout = Number(process.argv[5] ?? 120);

/** The puzzles of a TAAI file as Tatham IDs, by number. */
function taai(text) {
  const out = new Map();
  const blocks = text.split(/^\$/m).filter((b) => b.trim());
  for (const b of blocks) {
    const lines = b.split('\n').map((l) => l.trim());
    const n = Number(lines[0]);
    const clues = lines.slice(1).filter((l) => l.length).map((l) => l.split(/\s+/).join('.'));
    const size = clues.length / 2;
    out.set(n, `${size}x${size}:${clues.map((c) => c || '0').join('/')}`);
  }
  return out;
}

const puzzles = taai(fs.readFileSync(file, 'utf8'));
const server = await serve();
const chrome = await browser();
const totals = { 1: [], [workers]: [] };
try {
  for (const n of wanted) {
    const id = puzzles.get(n);
    if (!id) throw new Error(`no puzzle ${n} in ${file}`);
    const cells = [];
    for (const w of ['1', workers]) {
      const page = await open(chrome.context, server.url, 'nonogram/v1/' + id);
      await page.waitForSelector('#board .cell');
      await page.selectOption('#nono-workers', w);
      const t0 = Date.now();
      await page.click('#solve');
      try {
        await page.waitForSelector('#status[data-state="done"]', { timeout: timeout * 1000 });
        const ms = Date.now() - t0;
        const verdict = await page.$eval('#status', (s) => s.dataset.verdict);
        const status = await page.textContent('#status');
        const won = (status.match(/worker (\d) answered first/) ?? [])[1];
        const search = (status.match(/SAT \(([^)]*)\)/) ?? [])[1] ?? 'line logic';
        cells.push(`${w} worker${w === '1' ? '' : 's'}: ${verdict} ${ms} ms${won ? ` (worker ${won}, ${search})` : ''}`);
        totals[w].push(ms);
      } catch {
        cells.push(`${w} worker${w === '1' ? '' : 's'}: no verdict within ${timeout} s`);
        totals[w].push(timeout * 1000);
        await page.click('#cancel').catch(() => {});
      }
      await page.close();
    }
    console.log(`#${n}: ${cells.join('; ')}`);
  }
  for (const [w, t] of Object.entries(totals)) {
    const s = [...t].sort((a, b) => a - b);
    console.log(`${w} worker(s): total ${(t.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, median ${s[Math.floor(s.length / 2)]} ms, max ${s[s.length - 1]} ms over ${t.length} puzzles`);
  }
} finally {
  await chrome.close();
  await server.close();
}
