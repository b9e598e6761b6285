// Screenshots of the boards, to look at as a person would: KenKen, Star Battle, nonograms of
// 15x15 and 50x50, rectangle-free colouring by hand and Flood-It, at 375 and 1280 pixels wide,
// light and dark. Not a test; run after a build:
//   (cd tests/browser && node board_shots.mjs OUT_DIR [DIST_DIR])
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { browser } from './harness.mjs';

const [out = 'board-shots', distArg] = process.argv.slice(2);
const dist = path.resolve(distArg ?? new URL('../../dist', import.meta.url).pathname);
fs.mkdirSync(out, { recursive: true });

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json' };
const server = http.createServer((req, res) => {
  let file = path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  fs.readFile(file, (err, body) => {
    if (err) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}/`;

/** A pseudo-random picture's clues (fixed seed), as the studio's JSON. */
function randomNonogram(w, h, seed = 7) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const g = Array.from({ length: h }, () => Array.from({ length: w }, () => rnd() < 0.5));
  const runs = (line) => line.reduce((acc, v, i) => (v ? (i && line[i - 1] ? acc.with(-1, acc.at(-1) + 1) : [...acc, 1]) : acc), []);
  return JSON.stringify({ kind: 'nonogram', rows: g.map(runs), cols: g[0].map((_, c) => runs(g.map((row) => row[c]))) });
}

const nonogram = (w, h) => async (page) => {
  await page.goto(base + '#nonogram');
  await page.reload();
  await page.waitForSelector('#board .cell');
  await page.fill('#import-text', randomNonogram(w, h));
  await page.click('#import-open');
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n, w * h, { timeout: 30000 });
  await page.click('#clear');
  // A few marks, so filled cells and crosses show.
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.click('#board .cell[data-r="1"][data-c="1"]', { button: 'right' });
};

const PAGES = [
  ['kenken', async (page) => {
    await page.goto(base + '#kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2');
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.click('#clear');
    for (const [r, c, d] of [[0, 0, '4'], [0, 1, '5'], [1, 1, '1'], [2, 2, '3']]) {
      await page.click(`#board .cell[data-r="${r}"][data-c="${c}"]`);
      await page.keyboard.press(d);
    }
    await page.click('#board .cell[data-r="3"][data-c="3"]');
    await page.keyboard.press('Shift+Digit2');
    await page.keyboard.press('Shift+Digit4');
  }],
  ['starbattle', async (page) => {
    await page.goto(base + '#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC');
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.click('#clear');
    await page.click('#board .cell[data-r="0"][data-c="1"]');
    await page.click('#board .cell[data-r="2"][data-c="2"]', { button: 'right' });
  }],
  ['nonogram15', nonogram(15, 15)],
  ['nonogram50', nonogram(50, 50)],
  ['rectfree', async (page) => {
    await page.goto(base + '#rectfree/v1/6x6c2');
    await page.reload();
    await page.waitForSelector('#hand .cell');
    await page.click('#clear');
    for (let i = 0; i < 8; i++) await page.click(`#hand .cell[data-r="${i % 6}"][data-c="${(i * 2) % 6}"]`);
    await page.click('#hand .cell[data-r="5"][data-c="5"]');
    await page.click('#hand .cell[data-r="5"][data-c="5"]');
    await page.$eval('#hand', (h) => h.scrollIntoView({ block: 'center' }));
  }],
  ['rectfree-chart', async (page) => {
    // A search's chart, kept after the run is stopped.
    await page.goto(base + '#rectfree/v1/17x17c4/manneal');
    await page.reload();
    await page.waitForSelector('#run');
    await page.click('#run');
    await page.waitForSelector('#rf-live svg.chart polyline.best', { timeout: 20000 });
    await page.waitForTimeout(2500);
    await page.click('#cancel');
    await page.waitForSelector('#rf-last svg.chart');
    await page.$eval('#rf-last', (h) => h.scrollIntoView({ block: 'center' }));
  }],
  ['floodit', async (page) => {
    await page.goto(base + '#floodit');
    await page.reload();
    await page.waitForSelector('#board .cell');
  }],
];

const chrome = await browser();
const page = await chrome.context.newPage();
for (const theme of ['light', 'dark']) {
  for (const [width, height] of [[1280, 900], [375, 740]]) {
    await page.setViewportSize({ width, height });
    await page.goto(base);
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    for (const [name, go] of PAGES) {
      await go(page);
      await page.waitForTimeout(400);
      if (!name.startsWith('rectfree')) await page.$eval('.zoom', (z) => z.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(100);
      await page.screenshot({ path: path.join(out, `${name}-${width}-${theme}.png`) });
    }
  }
}
await chrome.close();
server.close();
console.log(`screenshots in ${out}`);
