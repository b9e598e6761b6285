// Screenshots of every page, to look at as a person would: desktop (1280x900) and phone
// (375x740), light and dark. Not a test; run after scripts/build:
//   (cd tests/browser && node screens.mjs OUT_DIR [DIST_DIR])
// DIST_DIR defaults to the repository's dist/ (another build can be shown beside it).
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { browser } from './harness.mjs';

const [out = 'screens', distArg] = process.argv.slice(2);
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

const PAGES = [
  ['home', '', '.home'],
  ['nonogram', 'nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2', '#board .cell'],
  ['colournono', 'colournono', '#board .cell'],
  ['starbattle', 'starbattle', '#board .cell'],
  ['kenken', 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2', '#board .cell'],
  ['floodit', 'floodit', '#board .cell'],
  ['floodit20', null, '#board .cell'],
  ['rectfree', 'rectfree', '.workshop'],
  ['art', 'art', '.workshop'],
  ['bench', 'bench', '#bench-run'],
  ['mine', 'mine', '.mine'],
];

const chrome = await browser();
const page = await chrome.context.newPage();
for (const theme of ['light', 'dark']) {
  for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 375, 740]]) {
    await page.setViewportSize({ width, height });
    await page.goto(base);
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    for (const [name, fragment, ready] of PAGES) {
      if (fragment === null) {
        // A 20x20 Flood-It board with 6 colours, as a new user makes one.
        await page.goto(base + '#floodit');
        await page.waitForSelector('#board .cell');
        await page.selectOption('#gen-size', '20');
        await page.click('#generate');
        await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 400, null, { timeout: 30000 });
      } else {
        await page.goto(base + '#' + fragment);
        await page.reload();
        await page.waitForSelector(ready);
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out, `${name}-${device}-${theme}.png`) });
    }
  }
}
await chrome.close();
server.close();
console.log(`screenshots in ${out}`);
