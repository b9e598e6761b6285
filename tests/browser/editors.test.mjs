// The puzzle editors in headless Chromium: a KenKen draft and a nonogram draft (typed clues,
// the drawing and its size) survive a reload and open in a second tab; a kept draft that no
// longer reads is set aside with a notice; Undo and Redo (buttons and keys) in the KenKen,
// nonogram and Star Battle editors, without taking Ctrl+Z from a text box; a Star Battle region
// drawn with keys only; a KenKen paste that does not read says what is wrong and where; the
// colour nonogram's typed clues and rectangle-free's pasted grid survive a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
const KENKEN = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const STARBATTLE = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';

/** Opens a kind's editor section (if it is not open already). */
async function openEditor(page) {
  await page.waitForSelector('.editor summary');
  if (!(await page.$eval('.editor', (d) => d.open))) await page.click('.editor summary');
}

/** A mouse drag across editor cells, from one (row, column) to another. */
async function drag(page, board, from, to) {
  const box = async ([r, c]) => (await page.$(`${board} .cell[data-r="${r}"][data-c="${c}"]`)).boundingBox();
  const a = await box(from);
  const b = await box(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

const clueAt = (page, r, c) => page.$eval(`#editor .cell[data-r="${r}"][data-c="${c}"]`, (e) => e.textContent);
const selectedCells = (page) => page.$$eval('#editor .cell.selected', (c) => c.map((e) => `${e.dataset.r}${e.dataset.c}`));

test('a KenKen draft survives a reload and opens in a second tab; Undo and Redo by buttons and keys', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', '3');
  await openEditor(page);
  await page.click('#edit-new');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 9);
  await drag(page, '#editor', [0, 0], [0, 2]);
  await page.selectOption('#cage-op', '+');
  await page.fill('#cage-target', '6');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="0"][data-c="0"]').textContent === '6+');

  // A reload finds the draft, the editor open on it.
  await page.reload();
  await page.waitForSelector('#editor .cell');
  assert.equal(await page.$eval('.editor', (d) => d.open), true);
  assert.equal(await clueAt(page, 0, 0), '6+');
  await page.click('#editor .cell[data-r="0"][data-c="1"]');
  assert.deepEqual(await selectedCells(page), ['00', '01', '02']);

  // The editor as text: each cell's clue, and the problems list.
  const state = (p) => p.$eval('.editor', (e) => [...e.querySelectorAll('#editor .cell')].map((c) => c.textContent || '.').join(' ') + ' | ' + e.querySelector('#problems').textContent);
  const before = await state(page);
  // A second tab of the page finds the draft too, and sees a change made in the first at once.
  const other = await env.chrome.context.newPage();
  await other.goto(env.server.url + '#' + KENKEN);
  await other.waitForSelector('#editor .cell');
  assert.equal(await state(other), before);
  await drag(page, '#editor', [1, 0], [1, 2]);
  await page.selectOption('#cage-op', '*');
  await page.fill('#cage-target', '6');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '6×');
  const after = await state(page);
  await other.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '6×');
  assert.equal(await state(other), after);
  await other.close();

  // Undo takes back the target, the operation, then the cage; Redo brings them back. Ctrl+Z
  // works while the focus is in the editor (here its grid).
  await page.click('#edit-undo');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '0×');
  await page.focus('#editor');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '');
  const unclued = await state(page);
  await page.keyboard.press('Control+z');
  await page.waitForFunction((s) => document.querySelector('#problems').textContent !== s, unclued.split(' | ')[1]);
  assert.equal(await state(page), before);
  await page.keyboard.press('Control+Shift+z');
  await page.waitForFunction((s) => document.querySelector('#problems').textContent === s, unclued.split(' | ')[1]);
  await page.keyboard.press('Control+y');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '0×');
  await page.click('#edit-redo');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '6×');
  assert.equal(await state(page), after);
  assert.equal(await page.$eval('#edit-redo', (b) => b.disabled), true);
  // What Undo reached is what a reload finds.
  await page.click('#edit-undo');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="1"][data-c="0"]').textContent === '0×');
  await page.reload();
  await page.waitForSelector('#editor .cell');
  assert.equal(await clueAt(page, 0, 0), '6+');
  assert.equal(await clueAt(page, 1, 0), '0×');
  assert.deepEqual(page.studioErrors, []);
});

test('a kept draft that no longer reads is set aside with a notice, and the editor works', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await page.waitForSelector('#board .cell');
  await page.evaluate(() => localStorage.setItem('puzzle-studio/kenken/draft', '{"kind":"kenken-draft","n":3,"cages":[{"op":"+","target":3,"cells":[0,1]}]}'));
  await page.reload();
  await page.waitForSelector('#notice');
  const text = await page.$eval('#notice .notice-text', (e) => e.textContent);
  assert.match(text, /KenKen editor's kept draft could not be read \(cell row 1, column 3 is in no cage\), so it was dropped/);
  assert.equal(await page.evaluate(() => localStorage.getItem('puzzle-studio/kenken/draft')), null);
  await page.selectOption('#gen-size', '3');
  await openEditor(page);
  await page.click('#edit-new');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 9);
  assert.deepEqual(page.studioErrors, []);
});

test('a nonogram draft (typed clues, the drawing and its size) survives a reload; Undo and Redo', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await openEditor(page);
  await page.fill('#edit-rows', '2\n1');
  await page.fill('#edit-cols', '1\n2\n0');
  await page.fill('#draw-w', '4');
  await page.fill('#draw-h', '3');
  await page.click('#draw-start');
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell').length === 12);
  // One stroke across the first row: one step.
  const a = await (await page.$('#drawing .dcell >> nth=0')).boundingBox();
  const b = await (await page.$('#drawing .dcell >> nth=2')).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
  // Then a cell from the keyboard: Down, Space.
  await page.focus('#drawing');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  const filled = () => page.$$eval('#drawing .dcell', (cs) => cs.map((c) => (c.classList.contains('filled') ? '#' : '.')).join(''));
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell.filled').length === 4);
  assert.equal(await filled(), '###.#.......');
  // Undo: the key-made cell, then the whole stroke; Redo brings them back.
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell.filled').length === 3);
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell.filled').length === 0);
  await page.click('#edit-redo');
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell.filled').length === 3);
  await page.focus('#drawing');
  await page.keyboard.press('Control+y');
  await page.waitForFunction(() => document.querySelectorAll('#drawing .dcell.filled').length === 4);

  await page.reload();
  await page.waitForSelector('#drawing .dcell');
  assert.equal(await page.$eval('.editor', (d) => d.open), true);
  assert.equal(await page.$eval('#edit-rows', (t) => t.value), '2\n1');
  assert.equal(await page.$eval('#edit-cols', (t) => t.value), '1\n2\n0');
  assert.equal(await page.$eval('#draw-w', (t) => t.value), '4');
  assert.equal(await page.$eval('#draw-h', (t) => t.value), '3');
  assert.equal(await filled(), '###.#.......');

  // Ctrl+Z in a text box is the box's own: the draft stays.
  await page.focus('#edit-rows');
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(200);
  assert.equal(await filled(), '###.#.......');
  assert.equal(await page.$eval('#edit-undo', (b) => b.disabled), true, 'no step yet in this visit');
  // Typing after an undo forgets the redo.
  await page.fill('#edit-rows', '3\n0');
  await page.waitForFunction(() => !document.querySelector('#edit-undo').disabled && document.querySelector('#edit-redo').disabled);
  await page.click('#edit-undo');
  await page.waitForFunction(() => document.querySelector('#edit-rows').value === '2\n1');
  assert.deepEqual(page.studioErrors, []);
});

test('a Star Battle region drawn with keys only; Undo and Redo', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await page.waitForSelector('#board .cell');
  await openEditor(page);
  await page.fill('#edit-rows', '3');
  await page.fill('#edit-cols', '3');
  await page.fill('#edit-stars', '1');
  await page.click('#edit-new');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 9);
  const rows = () => page.$$eval('#editor .cell', (cs) => {
    const out = [];
    for (const c of cs) {
      const r = Number(c.dataset.r);
      out[r] = (out[r] ?? '') + (c.dataset.region || '.');
    }
    return out;
  });
  // The grid is reached with Tab and shows where its cursor is.
  await page.focus('#edit-new');
  for (let i = 0; i < 8 && (await page.evaluate(() => document.activeElement.id)) !== 'editor'; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'editor');
  assert.match(await page.$eval('#editor', (e) => e.getAttribute('aria-label')), /cursor on row 1, column 1, no region; brush new region/);
  assert.equal(await page.$$eval('#editor .cell.cursor', (c) => c.length), 1);
  // Space paints a new region A; Shift+Right paints as it goes.
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell[data-region="A"]').length === 3);
  // + picks a new region: the second row is B.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('+');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  // The letter a picks region A again: the last row's first cell; Delete takes one out.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('a');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell[data-region="C"]').length === 2);
  assert.deepEqual(await rows(), ['AAA', 'BBB', 'ACC']);
  assert.match(await page.$eval('#editor', (e) => e.getAttribute('aria-label')), /cursor on row 3, column 3, region C; brush region C/);
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell[data-region="C"]').length === 1);
  assert.deepEqual(await rows(), ['AAA', 'BBB', 'AC.']);
  // Undo the erase, then the last stroke, then the paint before; Redo one.
  const count = (n) => page.waitForFunction((n) => document.querySelectorAll('#editor .cell[data-region="C"]').length === n, n);
  await page.keyboard.press('Control+z');
  await count(2);
  await page.keyboard.press('Control+z');
  await count(1);
  await page.keyboard.press('Control+z');
  await count(0);
  assert.deepEqual(await rows(), ['AAA', 'BBB', 'A..']);
  await page.keyboard.press('Control+y');
  await count(1);
  assert.deepEqual(await rows(), ['AAA', 'BBB', 'AC.']);
  assert.deepEqual(page.studioErrors, []);
});

test('a KenKen paste that does not read says what is wrong and where', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await page.waitForSelector('#board .cell');
  for (const [text, want] of [
    ['13:aaaa', /KenKen sizes are 3 to 12, got 13/],
    ['4:aaaa', /no comma after the cage layout `aaaa`/],
    ['4:a!a,a1', /cage layout, character 2: `!` is not a layout letter/],
  ]) {
    await page.fill('#import-text', text);
    await page.click('#import-open');
    await page.waitForFunction((w) => new RegExp(w).test(document.querySelector('#import-error')?.textContent ?? ''), want.source);
  }
  assert.deepEqual(page.studioErrors, []);
});

test("the colour nonogram's typed clues and rectangle-free's pasted grid survive a reload", async () => {
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await openEditor(page);
  await page.fill('#cn-rows', '2a\n0');
  await page.fill('#cn-cols', 'a\na');
  await page.reload();
  await page.waitForSelector('#cn-rows');
  assert.equal(await page.$eval('.editor', (d) => d.open), true, 'kept clues open the editor');
  assert.equal(await page.$eval('#cn-rows', (t) => t.value), '2a\n0');
  assert.equal(await page.$eval('#cn-cols', (t) => t.value), 'a\na');
  // The drawing from the keyboard (Shift+arrow paints the cell left and the one reached, like a
  // drag), with Undo.
  await page.click('#cn-new');
  await page.waitForSelector('#cn-editor .cell');
  await page.focus('#cn-editor');
  const values = () => page.$$eval('#cn-editor .cell', (cs) => cs.slice(0, 4).map((c) => c.dataset.v).join(''));
  await page.keyboard.press('Space');
  await page.keyboard.press('b');
  await page.keyboard.press('Shift+ArrowRight');
  await page.waitForFunction(() => [...document.querySelectorAll('#cn-editor .cell')].slice(0, 4).map((c) => c.dataset.v).join('') === '2200');
  assert.match(await page.$eval('#cn-editor', (e) => e.getAttribute('aria-label')), /cursor on row 1, column 2; brush colour b/);
  await page.focus('#cn-editor');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => [...document.querySelectorAll('#cn-editor .cell')].slice(0, 4).map((c) => c.dataset.v).join('') === '1000');
  assert.equal(await values(), '1000');
  const rf = await open(env.chrome.context, env.server.url, 'rectfree');
  await rf.waitForSelector('#check-text');
  await rf.fill('#check-text', '0001\n0002\n');
  await rf.reload();
  await rf.waitForSelector('#check-text');
  assert.equal(await rf.$eval('#check-text', (t) => t.value), '0001\n0002\n');
  assert.deepEqual(page.studioErrors, []);
});
