// Browser benchmark of the budgeted image pipeline through the page, in headless Chromium:
// for every photo of a folder, width and method, the time to the first proven-unique puzzle
// shown (from choosing the file: includes reading it; a new image runs at once, without the 300 ms calm of control changes), the time until the page says
// "minimal" (every given refused), or at the cap the givens still undecided (then Cancel,
// which keeps the best unique puzzle), and the givens.
// Run: node art_photos_bench.mjs DIR [--widths 30,40,50,75,100] [--cap 60] [--methods threshold,translucent] [--unique adjust --level medium]
// (with --unique adjust the last columns say whether a no-given picture was reached and how many cells changed).
// DIR is a folder of photos, for example the benchmark photos kept beside the repository (the
// shared bench's images folder); they are not part of it, so there is no default.
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser, open } from './harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
if (!args[0] || args[0].startsWith('--')) {
  console.error('usage: node ' + new URL(import.meta.url).pathname.split('/').pop() + ' DIR [options]: DIR is a folder of photos');
  process.exit(2);
}
const dir = args[0];
const widths = opt('--widths', '30,40,50,75,100').split(',').map(Number);
const cap = Number(opt('--cap', '60')) * 1000;
const methods = opt('--methods', 'threshold,translucent').split(',');
const unique = opt('--unique', 'givens');
const level = opt('--level', 'medium');
const files = fs.readdirSync(dir).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
const mime = (f) => (/\.png$/i.test(f) ? 'image/png' : 'image/jpeg');

const server = await serve();
const chrome = await browser();
const summary = (label, v) => {
  if (!v.length) return;
  v.sort((a, b) => a - b);
  console.log(`${label}: median ${v[Math.floor(v.length / 2)]} ms, max ${v[v.length - 1]} ms, total ${v.reduce((a, b) => a + b, 0)} ms over ${v.length} cases`);
};
console.log('| photo | method | width | first unique (ms) | givens at first | end (ms) | givens | proven minimal | undecided | adjusted | cells changed |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
try {
  for (const method of methods) {
    const firsts = [];
    const minimal = [];
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(dir, file));
      for (const width of widths) {
        const page = await open(chrome.context, server.url, 'art');
        await page.goto('about:blank');
        await page.goto(server.url + '#art');
        await page.waitForSelector('#art-file');
        await page.fill('#art-width', String(width));
        await page.dispatchEvent('#art-width', 'change');
        await page.selectOption('#art-method', method);
        if (unique !== 'givens') await page.selectOption('#art-unique', unique);
        if (unique === 'adjust') await page.selectOption('#art-level', level);
        if (unique === 'adjust') await page.selectOption('#art-time', '10');
        const t0 = Date.now();
        await page.setInputFiles('#art-file', { name: file, mimeType: mime(file), buffer: bytes });
        // First unique: the quick answer while busy, or the final answer if it came at once.
        await page.waitForSelector('#art-status[data-state="busy"] #art-current, #art-status[data-state="done"]', { timeout: 120000 });
        const first = Date.now() - t0;
        const firstGivens = await page.$eval('#art-current, #art-status[data-state="done"]', (e) => e.dataset.givens);
        let done = await page.waitForSelector('#art-status[data-state="done"]', { timeout: Math.max(1, cap - first) }).catch(() => null);
        if (!done) {
          await page.click('#art-stop, #cancel');
          done = await page.waitForSelector('#art-status[data-state="done"]', { timeout: 10000 });
        }
        const end = Date.now() - t0;
        const d = await page.$eval('#art-status', (s) => ({ ...s.dataset }));
        firsts.push(first);
        if (d.minimal === 'true') minimal.push(end);
        console.log(`| ${file} | ${method} | ${width} | ${first} | ${firstGivens} | ${end} | ${d.givens} | ${d.minimal === 'true' ? 'yes' : 'no'} | ${d.undecided} | ${d.adjusted ?? '-'} | ${d.changed ?? '-'} |`);
      }
    }
    summary(`${method}: first unique`, firsts);
    summary(`${method}: until proven minimal (proven cases only)`, minimal);
  }
} finally {
  await chrome.close();
  await server.close();
}
