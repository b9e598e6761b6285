// Phones and big boards: every page fits a 375-pixel-wide viewport with no sideways page scroll;
// a 100x82 nonogram fits a 1280-pixel window at a readable size, and its clue bars stay in view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, registryKinds } from './harness.mjs';

const env = suite();

// Every page of the studio and what shows that it has rendered: a kind page's row comes from the
// registry (the home page's cards), a board of cells unless KIND_READY says otherwise.
const KIND_READY = { rectfree: '.workshop' };
const OTHER_PAGES = [
  ['art', '.workshop'],
  ['bench', '#bench-run'],
];

/** A pseudo-random picture's clues (fixed seed), as the studio's JSON. */
function bigNonogram(w, h) {
  let s = 7;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const g = Array.from({ length: h }, () => Array.from({ length: w }, () => rnd() < 0.5));
  const runs = (line) => line.reduce((acc, v, i) => (v ? (i && line[i - 1] ? acc.with(-1, acc.at(-1) + 1) : [...acc, 1]) : acc), []);
  return JSON.stringify({ kind: 'nonogram', rows: g.map(runs), cols: g[0].map((_, c) => runs(g.map((row) => row[c]))) });
}

test('at 375 pixels wide no page scrolls sideways and the board and its buttons are on screen', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.setViewportSize({ width: 375, height: 740 });
  // Every kind of the registry is checked; a kind page without what its row waits for fails by name.
  const PAGES = [['', '.home'], ...(await registryKinds(page)).map((k) => [k, KIND_READY[k] ?? '#board .cell']), ...OTHER_PAGES];
  for (const [fragment, ready] of PAGES) {
    await page.goto(env.server.url + '#' + fragment);
    await page.waitForSelector(ready).catch((e) => assert.fail(`#${fragment}: ${ready} never showed (${e.message.split('\n')[0]})`));
    await page.waitForTimeout(100); // the zoom fits after layout
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
    assert.ok(scroll <= width, `#${fragment}: page is ${scroll} px wide in a ${width} px viewport`);
    const off = await page.evaluate(() => [...document.querySelectorAll('#board, #solve, #nav a, #theme, button')]
      .filter((e) => e.offsetParent !== null && !e.closest('details:not([open])'))
      .map((e) => [e.id || e.className || e.textContent, e.getBoundingClientRect().right])
      .filter(([, right]) => right > document.documentElement.clientWidth + 0.5));
    assert.deepEqual(off, [], `#${fragment}: elements past the right edge`);
  }
  assert.deepEqual(page.studioErrors, []);
});

test('a 100x82 nonogram fits a 1280-pixel window readably, zooms, and keeps its clue bars in view', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.fill('#import-text', bigNonogram(100, 82));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 8200, null, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelector('.zoom').dataset.zoom !== '1.000');
  const fit = await page.evaluate(() => {
    const cell = document.querySelector('#board .cell').getBoundingClientRect();
    const view = document.querySelector('.zoom-view').getBoundingClientRect();
    // Column clues: every number inside its own column (none spills into the next).
    const spills = [...document.querySelectorAll('#board .clue.col')].filter((c) => c.scrollWidth > c.clientWidth + 1).length;
    return { cell: cell.width, viewRight: view.right, page: document.documentElement.scrollWidth, spills };
  });
  assert.ok(fit.page <= 1280, `page ${fit.page} px wide`);
  assert.ok(fit.viewRight <= 1280, 'the board view is inside the window');
  assert.ok(fit.cell >= 14, `cells ${fit.cell} px: still readable`);
  assert.equal(fit.spills, 0, 'no column clue overlaps the next');

  // Scrolled down and right, the clue bars are still at the view's top and left edges.
  await page.$eval('.zoom-view', (v) => v.scrollTo(v.scrollWidth, v.scrollHeight));
  const stuck = await page.evaluate(() => {
    const view = document.querySelector('.zoom-view').getBoundingClientRect();
    const col = document.querySelector('#board .clue.col[data-c="99"]').getBoundingClientRect();
    const row = document.querySelector('#board .clue.row[data-r="81"]').getBoundingClientRect();
    return { colTop: col.top - view.top, rowLeft: row.left - view.left };
  });
  assert.ok(Math.abs(stuck.colTop) < 2, `column clues at ${stuck.colTop} px from the top`);
  assert.ok(Math.abs(stuck.rowLeft) < 2, `row clues at ${stuck.rowLeft} px from the left`);

  // Larger, then Fit again.
  const before = Number(await page.getAttribute('.zoom', 'data-zoom'));
  await page.click('.zoom-in');
  assert.ok(Number(await page.getAttribute('.zoom', 'data-zoom')) > before);
  await page.click('.zoom-fit');
  assert.equal(Number(await page.getAttribute('.zoom', 'data-zoom')), before);
  // Clicking a cell at this zoom fills that very cell.
  await page.click('#board .cell[data-r="3"][data-c="4"]');
  await page.waitForSelector('#board .cell.filled[data-r="3"][data-c="4"]');
  assert.deepEqual(page.studioErrors, []);
});

test('on a phone the image page with its puzzle made does not scroll sideways (its Tatham ID field fits)', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.click('#sample-house');
  await page.waitForSelector('#art-tatham', { timeout: 60000 });
  const fit = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
    field: document.querySelector('#art-tatham').getBoundingClientRect().right,
    column: document.querySelector('.art-exports').getBoundingClientRect().right,
  }));
  assert.ok(fit.page <= fit.width, `the page is ${fit.page} px wide in ${fit.width}`);
  assert.ok(fit.field <= fit.column + 0.5, `the Tatham ID field ends at ${fit.field}, its column at ${fit.column}`);
  assert.deepEqual(page.studioErrors, []);
});

test('on a phone every control a finger uses is at least 40 px each way (check boxes by their label)', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.setViewportSize({ width: 375, height: 740 });
  const PAGES = [['', '.home'], ...(await registryKinds(page)).map((k) => [k, KIND_READY[k] ?? '#board .cell']), ['art', '#art-tatham'], ['bench', '#bench-run'], ['mine', '.mine']];
  const small = [];
  for (const [fragment, ready] of PAGES) {
    await page.goto(env.server.url + '#' + fragment);
    if (fragment === 'art') await page.click('#sample-house');
    await page.waitForSelector(ready, { timeout: 60000 });
    // Everything folded away unfolds (the editors, Export, the import box), and the bar's menu opens.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    if ((await page.getAttribute('#nav-menu', 'aria-expanded')) !== 'true') await page.click('#nav-menu');
    await page.waitForTimeout(150);
    small.push(...await page.evaluate((where) => {
      const target = (e) => (e.matches('input[type=checkbox], input[type=radio]') ? (e.closest('label') ?? document.querySelector(`label[for="${e.id}"]`) ?? e) : e);
      const seen = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
      return [...document.querySelectorAll('button, select, input:not([type=hidden]), summary, #nav a, .home .sample')]
        .filter((e) => e.id !== 'skip-link' && seen(e))
        .map((e) => [e, target(e).getBoundingClientRect()])
        .filter(([, r]) => r.width < 39.5 || r.height < 39.5)
        .map(([e, r]) => `#${where}: ${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${(e.textContent || e.value || '').trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }, fragment));
  }
  assert.deepEqual(small, []);
  assert.deepEqual(page.studioErrors, []);
});
