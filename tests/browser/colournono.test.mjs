// The colour nonogram page in headless Chromium: open the sample, pick a colour by key and by
// the palette bar, paint by click, put a dot by right-click, Undo, Check (a wrong cell is
// ringed), a hint applied, Solve proves the sample unique and shows the answer in colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

// The first sample (Cherries 8x8) and its unique answer in the link's letters (a red, b brown, c green).
const LINK = 'colournono/v1/8x8:fff.d22.764.4a3:2a/4a/2b3a/b/2b2a/2c2b4a/2c3a/0/b2c/2b2c/bb/bb/2a2a/3a3a/3a3a/aa';
const ANSWER = ['....bcc.', '...bbcc.', '..b..b..', '..b..b..', '.aa..aa.', 'aaa.aaa.', 'aaa.aaa.', '.a...a..'];
const MARK = { '.': '1', a: '2', b: '3', c: '4' };

const env = suite();
const cell = (r, c) => `#board .cell[data-r="${r}"][data-c="${c}"]`;
/** The board's marks as rows of letters (`?` blank, `.` dot). */
const rows = (page) =>
  page.$$eval('#board .cell', (cells) => {
    const out = [];
    const letter = { 0: '?', 1: '.', 2: 'a', 3: 'b', 4: 'c' };
    for (const c of cells) out[Number(c.dataset.r)] = (out[Number(c.dataset.r)] ?? '') + letter[c.dataset.v];
    return out;
  });

test('paint with the palette, dot, undo, check, hint and solve a colour nonogram', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 64);
  // Clue chips carry their colour and a readable number.
  const chip = await page.$eval('#board .clue.row[data-r="4"] .run', (s) => [s.textContent, getComputedStyle(s).backgroundColor, getComputedStyle(s).color]);
  assert.deepEqual(chip, ['2', 'rgb(221, 34, 34)', 'rgb(255, 255, 255)']);
  // Key 1 picks red (the default); click paints row 5, column 2 red.
  await page.click(cell(4, 1));
  assert.equal(await page.$eval(cell(4, 1), (c) => [c.dataset.v, getComputedStyle(c).backgroundColor].join()), '2,rgb(221, 34, 34)');
  // Key 3 picks green; the palette bar says so.
  await page.keyboard.press('3');
  assert.equal(await page.$eval('.cn-palette [data-mark="4"]', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click(cell(0, 5));
  assert.equal(await page.$eval(cell(0, 5), (c) => c.dataset.v), '4');
  // The palette bar picks brown; a right-click puts a dot.
  await page.click('.cn-palette [data-mark="3"]');
  await page.click(cell(0, 4));
  await page.click(cell(0, 0), { button: 'right' });
  assert.deepEqual((await rows(page))[0], '.???bc??');
  // Undo takes the dot back.
  await page.click('#undo');
  assert.deepEqual((await rows(page))[0], '????bc??');
  // A wrong mark: green where the answer has background; Check rings it.
  await page.click('.cn-palette [data-mark="4"]');
  await page.click(cell(7, 7));
  await page.click('#check');
  await page.waitForSelector('#status[data-state="checked"]', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /^Your grid: 1 mistake, ringed in red\.$/);
  await page.waitForSelector(`${cell(7, 7)}.mistake`);
  assert.equal(await page.$$eval('#board .cell.mistake', (c) => c.length), 1);
  await page.click(cell(7, 7)); // green again: cleared
  // A hint: a step in words naming its line, applied to exactly its highlighted cells.
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 30000 });
  assert.equal(await page.$eval('#hint-text', (p) => p.dataset.kind), 'step');
  assert.match(await page.textContent("#hint-text"), /^[^:]+: (Row|Column) \d+ /);
  const lit = await page.$$eval('#board .cell', (cells) => cells.flatMap((c, i) => (c.classList.contains('hint-change') ? [i] : [])));
  assert.ok(lit.length > 0);
  const before = await rows(page);
  await page.click('#hint'); // Apply
  const after = await rows(page);
  const changed = [];
  for (let i = 0; i < 64; i++) if (before[Math.floor(i / 8)][i % 8] !== after[Math.floor(i / 8)][i % 8]) changed.push(i);
  assert.deepEqual(changed, lit);
  for (const i of changed) assert.equal(after[Math.floor(i / 8)][i % 8], ANSWER[Math.floor(i / 8)][i % 8] === '.' ? '.' : ANSWER[Math.floor(i / 8)][i % 8]);
  // Solve: proven unique, rated, and the answer drawn in its colours.
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"][data-verdict="unique"]', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /Rating: line logic/i);
  const shown = await rows(page);
  assert.deepEqual(shown, ANSWER);
  assert.equal(await page.$eval(cell(0, 5), (c) => c.dataset.v), MARK.c);
  assert.deepEqual(page.studioErrors, []);
});

test('painting the whole answer by hand is the solved moment', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#clear').catch(() => {});
  for (const [tool, letter] of [['2', 'a'], ['3', 'b'], ['4', 'c']]) {
    await page.click(`.cn-palette [data-mark="${tool}"]`);
    for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) if (ANSWER[r][c] === letter) await page.click(cell(r, c));
  }
  await page.waitForSelector('#solved-moment');
  // Finished runs are greyed.
  assert.ok((await page.$$eval('#board .run.done', (r) => r.length)) > 20);
  assert.deepEqual(page.studioErrors, []);
});
