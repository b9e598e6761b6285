// Browser benchmark of the image page's colour mode in headless Chromium: for every photo of a
// folder (plus any extra files named with --extra), each colour count and width, the time from
// choosing the file to the first proven-unique colour puzzle shown (the quick answer while
// busy, or the final one if it came at once), the givens then, and at the end (the cap, then
// Stop keeps the puzzle) the givens and whether the final proof says unique.
// With --unique adjust, the end columns say whether an adjusted picture with no givens was reached
// and how many cells changed.
// Run: node colour_art_bench.mjs DIR [--widths 30,60,100] [--colours 3,6] [--cap 10] [--extra FILE,...] [--unique givens|logic|adjust]
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
const widths = opt('--widths', '30,60,100').split(',').map(Number);
const colours = opt('--colours', '3,6').split(',').map(Number);
const cap = Number(opt('--cap', '10')) * 1000;
const unique = opt('--unique', 'givens');
const files = fs.readdirSync(dir).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort().map((f) => path.join(dir, f));
for (const f of (opt('--extra', '') || '').split(',').filter(Boolean)) files.push(f);
const mime = (f) => (/\.png$/i.test(f) ? 'image/png' : 'image/jpeg');

const server = await serve();
const chrome = await browser();
const summary = (label, v) => {
  if (!v.length) return;
  v.sort((a, b) => a - b);
  console.log(`${label}: median ${v[Math.floor(v.length / 2)]} ms, max ${v[v.length - 1]} ms, total ${v.reduce((a, b) => a + b, 0)} ms over ${v.length} cases`);
};
console.log(`| photo | colours | width | first unique (ms) | givens at first | end (ms) | givens | proven unique | ${unique === 'adjust' ? 'adjusted (cells changed)' : 'proven minimal'} |`);
console.log('|---|---|---|---|---|---|---|---|---|');
const all = [];
try {
  for (const k of colours) {
    for (const width of widths) {
      const firsts = [];
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        const page = await open(chrome.context, server.url, 'art');
        await page.waitForSelector('#art-file');
        await page.check('#art-mode-colour');
        await page.fill('#colour-count', String(k));
        await page.dispatchEvent('#colour-count', 'change');
        await page.fill('#colour-width', String(width));
        await page.dispatchEvent('#colour-width', 'change');
        await page.selectOption('#colour-time', '10');
        await page.selectOption('#colour-unique', unique);
        await page.waitForTimeout(50);
        const t0 = Date.now();
        await page.setInputFiles('#art-file', { name: path.basename(file), mimeType: mime(file), buffer: bytes });
        await page.waitForSelector('#colour-status[data-state="busy"] #colour-current, #colour-status[data-state="done"]', { timeout: 120000 });
        const first = Date.now() - t0;
        const firstGivens = await page.$eval('#colour-current, #colour-status[data-state="done"]', (e) => e.dataset.givens);
        let done = await page.waitForSelector('#colour-status[data-state="done"]', { timeout: Math.max(1, cap + 5000 - first) }).catch(() => null);
        if (!done) {
          await page.click('#colour-stop, #cancel');
          done = await page.waitForSelector('#colour-status[data-state="done"]', { timeout: 10000 }).catch(() => null);
        }
        const end = Date.now() - t0;
        const d = done ? await page.$eval('#colour-status', (s) => ({ ...s.dataset })) : {};
        firsts.push(first);
        all.push(first);
        console.log(`| ${path.basename(file)} | ${k} | ${width} | ${first} | ${firstGivens} | ${end} | ${d.givens ?? '-'} | ${d.final === 'true' ? (d.unique === 'true' ? 'yes' : 'NO') : 'stopped (search proof)'} | ${unique === 'adjust' ? (d.adjusted === 'true' ? `yes (${d.changed})` : 'no') : d.minimal === 'true' ? 'yes' : 'no'} |`);
        await page.close();
      }
      summary(`first unique, ${k} colours, width ${width}`, firsts);
    }
  }
  summary('first unique, all', all);
} finally {
  await chrome.close();
  await server.close();
}
