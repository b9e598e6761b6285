// Screenshots of the image page's colour mode to look at: desktop (1280x900) and phone
// (375x740), light and dark, with the cat photo of tests/data/images reduced to 5 colours (or COLOURS, in the
// uniqueness mode UNIQUE: givens, logic or adjust). Not a test; after a build:
//   (cd tests/browser && node colour_art_shots.mjs OUT_DIR [UNIQUE] [COLOURS])
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser } from './harness.mjs';

const [out = 'screens', unique = 'givens', colours = '5'] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const server = await serve();
const chrome = await browser();
const page = await chrome.context.newPage();
const photo = fs.readFileSync(new URL('../data/images/chelsea.png', import.meta.url));
for (const theme of ['light', 'dark']) {
  for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 375, 740]]) {
    await page.setViewportSize({ width, height });
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    await page.goto(server.url + '#art');
    await page.reload();
    await page.waitForSelector('#art-file');
    await page.check('#art-mode-colour');
    await page.fill('#colour-count', colours);
    await page.dispatchEvent('#colour-count', 'change');
    await page.selectOption('#colour-unique', unique);
    await page.setInputFiles('#art-file', { name: 'chelsea.png', mimeType: 'image/png', buffer: photo });
    await page.waitForSelector('#colour-status[data-state="done"]', { timeout: 60000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `colour-art-${unique === 'givens' ? '' : unique + '-'}${device}-${theme}.png`), fullPage: true });
  }
}
await chrome.close();
server.close?.();
console.log(`screenshots in ${out}`);
