// Print: the blank puzzle with its clues, title and share link as text; no controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';

const shown = (page, sel) => page.$$eval(sel, (els) => els.some((e) => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0));

for (const [fragment, mark] of [['nonogram', 'filled'], [LINK, null], ['kenken', null], ['colournono', null]]) {
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

test('the solution prints on a second page when asked for, and only once it is proven', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken');
  await page.waitForSelector('#board .cell');
  // Before a solve there is nothing to print: the switch is off and disabled.
  assert.equal(await page.$eval('#print-solution', (i) => i.disabled), true);
  await page.click('#solve');
  await page.waitForSelector('#status[data-verdict="unique"]', { timeout: 60000 });
  await page.waitForSelector('#print-solution:not([disabled])');
  assert.equal(await page.$('#print-solution-page'), null, 'not printed unless asked for');
  await page.check('#print-solution');
  await page.waitForSelector('#print-solution-page svg', { state: 'attached' });
  assert.equal(await shown(page, '#print-solution-page'), false, 'never on screen');
  await page.emulateMedia({ media: 'print' });
  try {
    assert.ok(await shown(page, '#print-solution-page svg'));
    assert.equal(await page.$eval('#print-solution-page', (e) => getComputedStyle(e).breakBefore), 'page');
    // The printed digits are the proven answer's (the SVG carries them as text).
    const digits = await page.$$eval('#print-solution-page svg text.digit', (t) => t.map((x) => x.textContent));
    const cells = await page.$$eval('#board .cell', (c) => c.length);
    assert.equal(digits.length, cells, digits.join(''));
    assert.ok(digits.every((d) => /^([1-9]|1[0-2])$/.test(d)), digits.join(''));
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
  // The choice is remembered.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$eval('#print-solution', (i) => i.checked), true);
  assert.deepEqual(page.studioErrors, []);
});
