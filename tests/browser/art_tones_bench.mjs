// Browser benchmark of the strip of previews before the threshold: for every photo of a folder
// and width, the time the worker spent making the four tones' previews and their likeness
// (`Timings::tones_ms`, shown as the strip's data-ms), which tone the page chose, and the
// likeness figures shown. Uniqueness "verdict only", so each run is short.
// Run: node art_tones_bench.mjs DIR [--widths 30,60,100]
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
const files = fs.readdirSync(dir).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
const server = await serve();
const chrome = await browser();
const times = [];
console.log('| photo | width | strip (ms) | chosen | likeness shown |');
console.log('|---|---|---|---|---|');
for (const f of files) {
  for (const w of widths) {
    const page = await open(chrome.context, server.url, 'art');
    await page.waitForSelector('#art-file');
    await page.fill('#art-width', String(w));
    await page.dispatchEvent('#art-width', 'change');
    await page.selectOption('#art-unique', 'off');
    await page.setInputFiles('#art-file', { name: f, mimeType: /\.png$/i.test(f) ? 'image/png' : 'image/jpeg', buffer: fs.readFileSync(path.join(dir, f)) });
    await page.waitForFunction((w) => {
      const s = document.querySelector('#art-status[data-state="done"]');
      return s && s.textContent.includes(`${w}×`) && document.querySelector('.art-tones');
    }, w, { timeout: 60000 });
    const ms = Number(await page.$eval('.art-tones', (d) => d.dataset.ms));
    const chosen = await page.$eval('.art-tone.used', (b) => b.value);
    const likes = await page.$$eval('.art-tone .like', (s) => s.map((x) => x.textContent).join(' '));
    times.push(ms);
    console.log(`| ${f} | ${w} | ${ms.toFixed(2)} | ${chosen} | ${likes} |`);
    await page.close();
  }
}
times.sort((a, b) => a - b);
console.log(`preview strip in the worker: median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms over ${times.length} cases`);
await chrome.close();
await server.close();
