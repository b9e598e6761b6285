// Browser benchmark of the image pipeline: a 12-megapixel JPEG to a unique 40x40 nonogram by
// translucent squares, through the page (file input -> worker -> result), in headless Chromium.
// Make the JPEG first: cargo run --release --example art_bench (writes target/art_bench_12mp.jpg).
// Run: node art_bench.mjs [JPEG] [runs]
import fs from 'node:fs';
import { serve, browser, open } from './harness.mjs';

const file = process.argv[2] ?? new URL('../../target/art_bench_12mp.jpg', import.meta.url).pathname;
const runs = Number(process.argv[3] ?? 5);
const jpeg = fs.readFileSync(file);
const server = await serve();
const chrome = await browser();
try {
  for (let i = 1; i <= runs; i++) {
    const page = await open(chrome.context, server.url, 'art');
    await page.fill('#art-width', '40');
    await page.dispatchEvent('#art-width', 'change');
    await page.fill('#art-height', '40');
    await page.dispatchEvent('#art-height', 'change');
    await page.selectOption('#art-method', 'translucent');
    const t0 = Date.now();
    await page.setInputFiles('#art-file', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.waitForSelector('#art-status[data-state="busy"]', { timeout: 20000 });
    const t1 = Date.now();
    // The first proven-unique puzzle on show (the quick answer while the givens are minimised).
    await page.waitForSelector('#art-status[data-state="busy"] #art-current, #art-status[data-state="done"]', { timeout: 60000 });
    const first = Date.now() - t0;
    await page.waitForSelector('#art-status[data-state="done"]', { timeout: 60000 });
    const wall = Date.now() - t0;
    const job = Date.now() - t1;
    const text = await page.textContent('#art-status');
    const worker = /in (\d+) ms/.exec(text)?.[1];
    const verdict = await page.$eval('#art-status', (s) => s.dataset.verdict);
    const givens = await page.$eval('#art-status', (s) => s.dataset.givens);
    const quality = await page.textContent('#art-quality');
    console.log(`run ${i}: first unique puzzle shown ${first} ms after choosing the file; worker pipeline ${worker} ms; job (sent to result) ${job} ms; wall from choosing the file ${wall} ms; ${verdict} with ${givens} givens; ${quality}`);
    await page.goto('about:blank');
  }
} finally {
  await chrome.close();
  await server.close();
}
