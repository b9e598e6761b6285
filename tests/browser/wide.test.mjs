// Wide screens (1100 px and more): the hint panel sits beside the board, its buttons level with
// the board's top, so a hint's sentence and the cells it names are on one screen without
// scrolling; the panel takes the board's height and a long explanation scrolls inside it rather
// than pushing the page apart; below 1100 px the panel stays under the board. From 1100 to
// 1280 px the bar is one line (the theme switch shows its icon, its label says the choice).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();

/** A staircase picture (row r has r + 1 cells from the left) as the studio's JSON. */
function stair(n) {
  const rows = Array.from({ length: n }, (_, r) => [r + 1]);
  const cols = Array.from({ length: n }, (_, c) => [n - c]);
  return JSON.stringify({ kind: 'nonogram', rows, cols });
}

const KEEN = 'kenken/v1/6:a_a_a_3a_5aa_3aa__b_4aa_a_a_aa_baa,s2a8m6m12a12s1s1s2s4m12m6d3a12d3d3a7';
const KEEN5 = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const FLOOD = 'floodit/v1/6x6/032242034203340350204502505323231342';

/** Where the board, the panel, its sentence, the named cells and what follows are. */
const layout = (page) =>
  page.evaluate(() => {
    const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const panel = document.querySelector('#hint-panel');
    return {
      board: box(document.querySelector('.workshop > .zoom')),
      panel: box(panel),
      text: box(document.querySelector('#hint-text')),
      named: [...document.querySelectorAll('#board .hint-change, #board .hint-mistake')].map(box),
      clock: box(document.querySelector('#play-clock')),
      share: box(document.querySelector('.workshop > .share')),
      scroll: { y: scrollY, panelScrolls: panel.scrollHeight > panel.clientHeight + 1 },
      width: innerWidth,
      height: innerHeight,
    };
  });

const onScreen = (l, b) => b.top >= -0.5 && b.left >= -0.5 && b.bottom <= l.height + 0.5 && b.right <= l.width + 0.5;

async function hintBeside(fragment, prepare) {
  const page = await open(env.chrome.context, env.server.url, fragment);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForSelector('#board .cell');
  if (prepare) await prepare(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 30000 });
  await page.waitForTimeout(300);
  const l = await layout(page);
  const what = `${fragment.split('/')[0]}: ${JSON.stringify(l)}`;
  // Beside the board, level with its top (the zoom bar), not under it.
  assert.ok(l.panel.left >= l.board.right - 0.5, `the panel is right of the board: ${what}`);
  assert.ok(Math.abs(l.panel.top - l.board.top) < 24, `the panel's top is level with the board's: ${what}`);
  assert.ok(l.panel.right <= l.width + 0.5, `the panel is on screen: ${what}`);
  // The sentence and every named cell are on one screen.
  assert.ok(onScreen(l, l.text), `the sentence is on screen: ${what}`);
  assert.ok(l.named.length > 0, `the hint names cells: ${what}`);
  for (const c of l.named) assert.ok(onScreen(l, c), `a named cell is on screen: ${what}`);
  assert.deepEqual(page.studioErrors, []);
  return page;
}

test('at 1280x900 a hint on a 15x15 nonogram shows beside the board, and a long explanation scrolls inside the panel', async () => {
  const page = await hintBeside('nonogram', async (page) => {
    await page.fill('#import-text', stair(15));
    await page.click('#import-open');
    await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 225);
  });
  const before = await layout(page);
  // The explanation of all 15 rows and columns: longer than the board is tall.
  await page.click('#explain');
  await page.waitForSelector('#explain-steps li', { timeout: 30000 });
  await page.waitForTimeout(300);
  const l = await layout(page);
  const what = JSON.stringify(l);
  assert.ok(Math.abs(l.board.top - before.board.top) < 1, `the board did not move: ${what}`);
  assert.ok(l.panel.bottom <= l.clock.bottom + 16, `the panel ends with the board's column: ${what}`);
  assert.ok(l.scroll.panelScrolls, `the explanation scrolls inside the panel: ${what}`);
  if (l.share) assert.ok(l.share.top >= l.panel.bottom - 0.5, `what follows starts below the panel: ${what}`);
  assert.deepEqual(page.studioErrors, []);
});

test('at 1280x900 a KenKen hint and a Flood-It hint show beside their boards', async () => {
  await hintBeside(KEEN, async (page) => { await page.click('#clear'); });
  await hintBeside(FLOOD);
});

test('below 1100 px the hint panel stays under the board', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN5);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 30000 });
  const l = await layout(page);
  assert.ok(l.panel.top >= l.board.bottom - 0.5, `the panel is under the board: ${JSON.stringify(l)}`);
  assert.deepEqual(page.studioErrors, []);
});

test('from 1100 to 1280 px the bar is one line, the theme switch still named by its label', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN5);
  for (const width of [1100, 1180, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(100);
    const bar = await page.evaluate(() => {
      const tops = [...document.querySelectorAll('#nav .nav-item, #nav .brand, #theme')].map((e) => e.getBoundingClientRect().top);
      const t = document.querySelector('#theme');
      return { spread: Math.max(...tops) - Math.min(...tops), label: t.getAttribute('aria-label'), right: t.getBoundingClientRect().right };
    });
    assert.ok(bar.spread < 10, `${width} px: the bar's entries are on one line (tops spread ${bar.spread} px)`);
    assert.ok(bar.right <= width, `${width} px: the theme switch is on screen`);
    assert.match(bar.label, /^Theme: (as the device|dark|light)$/);
  }
  assert.deepEqual(page.studioErrors, []);
});
