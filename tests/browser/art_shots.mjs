// Screenshots of the image page with the strip of previews before the threshold and an easy
// adjusted puzzle with its changed cells ringed: desktop (1280x900) and phone (375x740), light
// and dark, full page. Not a test; run after scripts/build:
//   (cd tests/browser && node art_shots.mjs [OUT_DIR] [PHOTO])
// OUT_DIR defaults to docs/screens/art; PHOTO to tests/data/images/chelsea.png (a portrait of a cat).
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser } from './harness.mjs';

const [out = new URL('../../docs/screens/art', import.meta.url).pathname, photo = new URL('../data/images/chelsea.png', import.meta.url).pathname] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const server = await serve();
const chrome = await browser();
const page = await chrome.context.newPage();
const bytes = fs.readFileSync(photo);
const mime = /\.png$/i.test(photo) ? 'image/png' : 'image/jpeg';
for (const theme of ['light', 'dark']) {
  for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 375, 740]]) {
    await page.setViewportSize({ width, height });
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    await page.goto(server.url + '#art');
    await page.reload();
    await page.waitForSelector('#art-file');
    await page.fill('#art-width', '30');
    await page.dispatchEvent('#art-width', 'change');
    await page.selectOption('#art-unique', 'adjust');
    await page.selectOption('#art-level', 'easy');
    await page.setInputFiles('#art-file', { name: path.basename(photo), mimeType: mime, buffer: bytes });
    await page.waitForSelector('#art-status[data-state="done"][data-adjusted]', { timeout: 120000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `art-easy-${device}-${theme}.png`), fullPage: true });
  }
}
await chrome.close();
server.close();
console.log(`screenshots in ${out}`);
