// Screenshots of the colour nonogram page to look at: desktop (1280x900) and phone (375x740),
// light and dark, with some cells painted, a dot, and a hint shown, and the editor with a drawing
// checked. Not a test; after a build (the docs keep them in docs/screens/colour/):
//   (cd tests/browser && node colournono_shots.mjs OUT_DIR)
import fs from 'node:fs';
import path from 'node:path';
import { serve, browser } from './harness.mjs';

const [out = 'screens'] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const server = await serve();
const chrome = await browser();
const page = await chrome.context.newPage();
const LINK = 'colournono/v1/10x10:fff.c23.fd4.ec9.642:a/3a/4ac/2ab2a4c/a3bacd2c/3ab2a4c/6a4c/6ac/2ababa/5a/4a/7a/2ab3aba/2a3b4a/3ab3aba/10a/4c/cd2c/4c/6c';
const cell = (r, c) => `#board .cell[data-r="${r}"][data-c="${c}"]`;
for (const theme of ['light', 'dark']) {
  for (const [device, width, height] of [['desktop', 1280, 900], ['phone', 375, 740]]) {
    await page.setViewportSize({ width, height });
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    await page.goto(server.url + '#' + LINK);
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.click('#clear');
    // The bottom row is all red (10a): paint it, dot a cell, then ask for a hint.
    for (let c = 0; c < 10; c++) await page.click(cell(5, c));
    await page.click('.cn-palette [data-mark="4"]');
    for (let c = 3; c < 7; c++) await page.click(cell(6, c));
    await page.click(cell(0, 0), { button: 'right' });
    await page.click('#hint');
    await page.waitForSelector('#hint-text', { timeout: 30000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `colournono-${device}-${theme}.png`), fullPage: device === 'phone' });
    // The editor: a new 10x10 drawing, a red disc and a blue bar drawn, checked.
    await page.$eval('.cn-edit', (d) => { d.open = true; });
    await page.click('#cn-new');
    await page.waitForSelector('#cn-editor .cell');
    const ecell = (r, c) => `#cn-editor .cell[data-r="${r}"][data-c="${c}"]`;
    for (const [r, c] of [[1, 3], [1, 4], [1, 5], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [4, 3], [4, 4], [4, 5]]) await page.click(ecell(r, c));
    await page.click('.cn-entry[data-colour="2"] .swatch');
    for (let c = 1; c < 9; c++) await page.click(ecell(7, c));
    await page.click('.cn-entry[data-colour="3"] .swatch');
    for (const [r, c] of [[5, 4], [6, 4], [5, 7], [6, 8]]) await page.click(ecell(r, c));
    await page.waitForSelector('#cn-verdict:not([data-verdict="checking"])', { timeout: 30000 });
    await page.waitForTimeout(300);
    await page.$eval('.cn-edit', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(out, `colournono-editor-${device}-${theme}.png`), fullPage: device === 'phone' });
    await page.click('#cn-close');
  }
}
await chrome.close();
server.close?.();
console.log(`screenshots in ${out}`);
