// Screenshots of a hint on the board, to look at as a person would: a KenKen Extreme part-way
// through (a hard step shown, candidates filled), desktop and phone, light and dark. Not a test:
//   (cd tests/browser && node hint_shots.mjs OUT_DIR [FRAGMENT] [HINTS])
import fs from 'node:fs';
import { serve, browser, open } from './harness.mjs';

const [out = 'shots', fragment = 'kenken/v1/6:a_a_a_3a_5aa_3aa__b_4aa_a_a_aa_baa,s2a8m6m12a12s1s1s2s4m12m6d3a12d3d3a7', hints = '13'] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const server = await serve();
const chrome = await browser();
for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 375, 740]]) {
  for (const scheme of ['light', 'dark']) {
    const page = await open(chrome.context, server.url, fragment);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForSelector('#board .cell');
    if (await page.$('#clear')) await page.click('#clear');
    for (let i = 0; i < Number(hints); i++) {
      await page.click('#hint');
      await page.waitForSelector('#hint-apply');
      await page.click('#hint-apply');
      await page.waitForFunction(() => !document.querySelector('#hint-apply'));
    }
    if (await page.$('#fill-candidates')) await page.click('#fill-candidates');
    await page.click('#hint');
    await page.waitForSelector('#hint-text');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/hint-${name}-${scheme}.png` });
  }
}
await chrome.close();
await server.close();
