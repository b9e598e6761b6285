// Print: the blank puzzle with its clues, title and share link as text; no controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';

const shown = (page, sel) => page.$$eval(sel, (els) => els.some((e) => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0));

for (const [fragment, mark] of [['nonogram', 'filled'], [LINK, null], ['kenken', null]]) {
  test(`printing ${fragment.split('/')[0]} shows the puzzle, title and link, and no controls`, async () => {
    const page = await open(env.chrome.context, env.server.url, fragment);
    await page.waitForSelector('#board .cell');
    if (mark) {
      await page.click('#clear');
      await page.click('#board .cell[data-r="0"][data-c="0"]');
      await page.waitForSelector(`#board .cell.${mark}`);
    }
    await page.emulateMedia({ media: 'print' });
    try {
      for (const control of ['#nav', '#solve', '.toolbar', '.zoom-bar', '.import', '#share-link', 'button']) {
        assert.equal(await shown(page, control), false, `${control} is hidden in print`);
      }
      assert.ok(await shown(page, '#board .cell'));
      assert.ok(await shown(page, 'h1'));
      const link = await page.textContent('#print-link');
      assert.ok(await shown(page, '#print-link'));
      assert.ok(link.includes('#'), link);
      // The printed link is the share link, which reopens this puzzle.
      assert.equal(link, await page.inputValue('#share-link'));
      assert.ok(link.split('#')[1].startsWith(fragment.split('/')[0]), link);
      if (mark) {
        // Blank: the player's fills are not printed.
        const bg = await page.$eval(`#board .cell.${mark}`, (c) => getComputedStyle(c).backgroundColor);
        assert.equal(bg, 'rgb(255, 255, 255)');
      }
      // Clues print in black on white.
      assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(255, 255, 255)');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
}
