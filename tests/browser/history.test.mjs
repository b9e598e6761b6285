// The Undo history of play survives a reload and follows a second tab (crate::play_history,
// kept in the workshop's record in local storage): on a nonogram, a KenKen and a Flood-It, moves
// played, the page reloaded, Undo walks the earlier marks back step by step and Redo forward
// again; a second tab on the same puzzle takes the first tab's moves with their history; a puzzle
// reopened from My puzzles (after another one, after a reload) walks its steps too; a kept
// history that does not read is dropped with a notice while the marks load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, boardRows } from './harness.mjs';

const env = suite();
const NONOGRAM = 'nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2';
const KENKEN = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const FLOODIT = 'floodit/v1/6x6/032242034203340350204502505323231342';
const HEART = 'nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1';

const cell = (r, c) => `#board .cell[data-r="${r}"][data-c="${c}"]`;
const nonoRows = (page) => boardRows(page, 'v', '1', '#');
const digits = (page) => page.$$eval('#board .cell', (cs) => cs.map((c) => c.dataset.v || '.').join(''));
const moves = (page) => page.$eval('#counter', (c) => Number(c.dataset.moves));

/** Presses `#undo` (or `#redo`) and waits until `read` gives something other than `before`. */
async function press(page, id, read, before) {
  await page.click(id);
  for (let i = 0; i < 100; i++) {
    const now = await read(page);
    if (JSON.stringify(now) !== JSON.stringify(before)) return now;
    await page.waitForTimeout(20);
  }
  return read(page);
}

/** After a reload: Undo walks back through `states` (oldest first, the last on screen), and
 * then is disabled; Redo walks forward to the last again. */
async function walk(page, states, read) {
  const last = states.length - 1;
  assert.deepEqual(await read(page), states[last], 'the reload keeps the marks');
  for (let i = last - 1; i >= 0; i--) {
    assert.equal(await page.$eval('#undo', (b) => b.disabled), false, `Undo is there for step ${i + 1}`);
    assert.deepEqual(await press(page, '#undo', read, states[i + 1]), states[i], `Undo back to state ${i}`);
  }
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true, 'nothing before the first move');
  for (let i = 1; i <= last; i++) {
    assert.deepEqual(await press(page, '#redo', read, states[i - 1]), states[i], `Redo to state ${i}`);
  }
  assert.equal(await page.$eval('#redo', (b) => b.disabled), true);
}

/** A second tab on `fragment` follows a move of `page` and takes its history: Undo there goes
 * back twice, the second time past anything that tab played itself. */
async function secondTab(page, fragment, play, read) {
  const b = await env.chrome.context.newPage();
  const errors = [];
  b.on('pageerror', (e) => errors.push(String(e)));
  await b.goto(env.server.url + '#' + fragment);
  await b.waitForSelector('#board');
  const before = await read(page);
  assert.deepEqual(await read(b), before, 'the second tab opens on the same marks');
  await play(page);
  let after = await read(page);
  for (let i = 0; i < 200 && JSON.stringify(after) === JSON.stringify(before); i++) {
    await page.waitForTimeout(25);
    after = await read(page);
  }
  assert.notDeepEqual(after, before, 'the move was played');
  for (let i = 0; i < 200 && JSON.stringify(await read(b)) !== JSON.stringify(after); i++) await b.waitForTimeout(25);
  assert.deepEqual(await read(b), after, 'the second tab sees the move');
  assert.match(await b.textContent('#toasts'), /another tab/);
  assert.deepEqual(await press(b, '#undo', read, after), before, 'Undo in the second tab takes the move back');
  const earlier = await press(b, '#undo', read, before);
  assert.notDeepEqual(earlier, before, "a second Undo goes on through the first tab's earlier moves");
  assert.deepEqual(await press(b, '#redo', read, earlier), before);
  assert.deepEqual(errors, []);
  await b.close();
}

test('nonogram: fills made, the page reloaded, Undo and Redo walk them step by step; a second tab takes the history', async () => {
  const page = await open(env.chrome.context, env.server.url, NONOGRAM);
  await page.waitForSelector('#board .cell');
  const states = [await nonoRows(page)];
  for (const [r, c] of [[0, 1], [0, 2], [1, 0], [2, 4]]) {
    await page.click(cell(r, c));
    states.push(await nonoRows(page));
  }
  await page.reload();
  await page.waitForSelector('#board .cell');
  await walk(page, states, nonoRows);
  await secondTab(page, NONOGRAM, (p) => p.click(cell(3, 3)), nonoRows);
  assert.deepEqual(page.studioErrors, []);
});

test('KenKen: digits typed, the page reloaded, Undo and Redo walk them step by step; a second tab takes the history', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await page.waitForSelector('#board .cell');
  const states = [await digits(page)];
  for (const [r, c, d] of [[0, 0, '4'], [0, 1, '2'], [1, 0, '3']]) {
    await page.click(cell(r, c));
    await page.keyboard.press(d);
    await page.waitForFunction(([s, d]) => document.querySelector(s).dataset.v === d, [cell(r, c), d]);
    states.push(await digits(page));
  }
  await page.reload();
  await page.waitForSelector('#board .cell');
  await walk(page, states, digits);
  await secondTab(page, KENKEN, async (p) => {
    await p.click(cell(4, 4));
    await p.keyboard.press('5');
  }, digits);
  assert.deepEqual(page.studioErrors, []);
});

test('Flood-It: colours played, the page reloaded, Undo takes back the last colour and the move count, Redo plays it again', async () => {
  const page = await open(env.chrome.context, env.server.url, FLOODIT);
  await page.waitForSelector('#swatches .swatch');
  const state = async (p) => [await moves(p), await p.$$eval('#board [data-i]', (cs) => cs.map((c) => c.dataset.colour).join(''))];
  const states = [await state(page)];
  for (let i = 1; i <= 3; i++) {
    const swatches = await page.$$('#swatches .swatch:not([aria-disabled])');
    await swatches[swatches.length - 1].click();
    await page.waitForFunction((n) => Number(document.querySelector('#counter').dataset.moves) === n, i);
    states.push(await state(page));
  }
  await page.reload();
  await page.waitForSelector('#swatches .swatch');
  await walk(page, states, state);
  assert.deepEqual((await state(page))[0], 3);
  await secondTab(page, FLOODIT, async (p) => {
    const swatches = await p.$$('#swatches .swatch:not([aria-disabled])');
    await swatches[0].click();
  }, state);
  assert.deepEqual(page.studioErrors, []);
});

/** Opens `fragment` in the page as a link would (the address's fragment changes). */
async function go(page, fragment) {
  await page.evaluate((f) => { location.hash = f; }, fragment);
}

/** `fragment` opened on a storage emptied first (earlier tests played the same puzzles). */
async function fresh(fragment) {
  const page = await open(env.chrome.context, env.server.url, fragment);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('#board .cell');
  return page;
}

/** My puzzles, then the Resume of the 5x10 nonogram there. */
async function resumeFromMyPuzzles(page) {
  await go(page, 'mine');
  const resume = '#mine-list a.button[href*="5x10"]';
  await page.waitForSelector(resume);
  await page.click(resume);
  await page.waitForSelector('#board .cell[data-r="9"]');
}

test('a puzzle reopened from My puzzles, after another one and after a reload, comes back with its Undo and Redo', async () => {
  const page = await fresh(NONOGRAM);
  const states = [await nonoRows(page)];
  for (const [r, c] of [[0, 1], [0, 2], [1, 0], [2, 4]]) {
    await page.click(cell(r, c));
    states.push(await nonoRows(page));
  }
  // Another puzzle opened and played, then the first one resumed from My puzzles.
  await go(page, KENKEN);
  await page.waitForSelector('#board .cell[data-r="4"]');
  await go(page, HEART);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await page.click(cell(2, 2));
  await resumeFromMyPuzzles(page);
  await walk(page, states, nonoRows);
  assert.equal(await page.$('#notice'), null, 'nothing to say');
  // Again after a reload on the other puzzle: the history comes from My puzzles' record.
  await go(page, HEART);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('puzzle-studio/nonogram/p/') && localStorage.getItem(k).includes('"history":"h1 ')));
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await resumeFromMyPuzzles(page);
  await walk(page, states, nonoRows);
  assert.deepEqual(page.studioErrors, []);
});

test("a kept puzzle's history that does not read is dropped with a notice when it is reopened; its marks load", async () => {
  const page = await fresh(NONOGRAM);
  await page.click(cell(4, 0));
  await page.click(cell(4, 1));
  const rows = await nonoRows(page);
  await go(page, HEART);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  const key = await page.waitForFunction(() => Object.keys(localStorage).find((k) => k.startsWith('puzzle-studio/nonogram/p/') && localStorage.getItem(k).includes('"history":"h1 ')));
  await page.evaluate((k) => {
    const record = JSON.parse(localStorage.getItem(k));
    record.history = 'h1 00000000|junk|';
    localStorage.setItem(k, JSON.stringify(record));
  }, await key.jsonValue());
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await resumeFromMyPuzzles(page);
  assert.deepEqual(await nonoRows(page), rows, 'the marks load');
  assert.match(await page.textContent('#notice'), /Undo history .* could not be read back \(it does not lead to the kept marks/);
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
  assert.deepEqual(page.studioErrors, []);
});

test("a full storage keeps a left puzzle's marks in My puzzles with fewer Undo steps, said once", async () => {
  const page = await fresh(NONOGRAM);
  // Forty moves (the last cell first, so that every step is a change of a full board): a
  // history longer than the room the other puzzle's smaller record leaves.
  await page.click(cell(9, 4));
  for (let i = 0; i < 39; i++) await page.click(cell(Math.floor(i / 5), i % 5));
  const rows = await nonoRows(page);
  const work = 'puzzle-studio/nonogram/work';
  await page.waitForFunction((k) => (JSON.parse(localStorage.getItem(k) ?? '{}').history ?? '').split(';').length === 40, work);
  // The workshop's record without its history (the heart's replaces it, leaving about 160
  // characters), then the storage filled to the last character: the left puzzle's record with
  // its whole history cannot fit, its marks alone can (they are stored already).
  await page.evaluate((k) => {
    const record = JSON.parse(localStorage.getItem(k));
    delete record.history;
    localStorage.setItem(k, JSON.stringify(record));
    let n = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try { localStorage.setItem(`filler-${n}`, chunk); n += 1; } catch { break; }
      }
    }
  }, work);
  await go(page, HEART);
  await page.waitForFunction(() => /storage is nearly full: the Nonogram puzzle you left is kept in My puzzles with its marks/.test(document.querySelector('#toasts')?.textContent ?? ''));
  const said = await page.textContent('#toasts');
  const m = said.match(/with its marks (and the last (\d+) of its|but without its) (\d+) Undo and Redo steps/);
  assert.ok(m, said);
  const [kept, had] = [Number(m[2] ?? 0), Number(m[3])];
  assert.equal(had, 40);
  assert.ok(kept < had, `${kept} of ${had}`);
  assert.equal(await page.$('#storage-trouble'), null, 'no failed save');
  const record = await page.evaluate(() => {
    const k = Object.keys(localStorage).find((k) => k.startsWith('puzzle-studio/nonogram/p/'));
    return k && JSON.parse(localStorage.getItem(k));
  });
  assert.ok(record, 'the left puzzle has its record');
  assert.equal((record.history ?? 'h1 x||').split('|')[1].split(';').filter(Boolean).length, kept);
  // After a reload: the marks, and the steps that were kept.
  await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k); });
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await resumeFromMyPuzzles(page);
  assert.deepEqual(await nonoRows(page), rows, 'the marks after a reload');
  for (let i = 0; i < kept; i++) await page.click('#undo');
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true, `${kept} steps after a reload`);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.studioErrors, []);
});

test('a kept history that does not read is dropped with a notice; the marks load and play goes on', async () => {
  const page = await open(env.chrome.context, env.server.url, NONOGRAM);
  await page.waitForSelector('#board .cell');
  await page.click(cell(4, 0));
  const rows = await nonoRows(page);
  const key = 'puzzle-studio/nonogram/work';
  await page.waitForFunction((k) => (localStorage.getItem(k) ?? '').includes('"history":"h1 '), key);
  await page.evaluate((k) => {
    const record = JSON.parse(localStorage.getItem(k));
    record.history = 'h1 00000000|junk|';
    localStorage.setItem(k, JSON.stringify(record));
  }, key);
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await nonoRows(page), rows, 'the marks load');
  assert.match(await page.textContent('#notice'), /Undo history .* could not be read back \(it does not lead to the kept marks/);
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
  await page.click(cell(4, 1));
  await page.waitForFunction((k) => !(localStorage.getItem(k) ?? '').includes('junk'), key);
  assert.deepEqual(page.studioErrors, []);
});

test('a history too big for a full storage is saved shorter, said once, and the move is not lost', async () => {
  const page = await open(env.chrome.context, env.server.url, NONOGRAM);
  await page.waitForSelector('#board .cell');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('#board .cell');
  const key = 'puzzle-studio/nonogram/work';
  // Twenty moves: the last cell first (so every later step is a change of a full board),
  // then fills across the top rows.
  await page.click(cell(9, 4));
  for (let i = 0; i < 19; i++) await page.click(cell(Math.floor(i / 5), i % 5));
  await page.waitForFunction((k) => (JSON.parse(localStorage.getItem(k) ?? '{}').history ?? '').split(';').length === 20, key);
  // Storage filled to the last character, then room made for the record less three quarters of
  // its history: the next move's whole record cannot fit, the marks with a shorter history can.
  const room = await page.evaluate((k) => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try { localStorage.setItem(`filler-${n}`, chunk); n += 1; } catch { break; }
      }
    }
    const record = JSON.parse(localStorage.getItem(k));
    localStorage.removeItem(k);
    localStorage.setItem('pad', 'x'.repeat(Math.floor(record.history.length * 3 / 4)));
    return record.history.length;
  }, key);
  assert.ok(room > 80, `a history of ${room} characters`);
  await page.click(cell(4, 4));
  await page.waitForFunction(() => /storage is nearly full/.test(document.querySelector('#toasts')?.textContent ?? ''));
  const said = await page.textContent('#toasts');
  const m = said.match(/your Nonogram marks are saved, with the last (\d+) of (\d+) Undo and Redo steps/);
  assert.ok(m, said);
  const [kept, had] = [Number(m[1]), Number(m[2])];
  assert.equal(had, 21);
  assert.ok(kept >= 1 && kept < had, `${kept} of ${had}`);
  assert.equal(await page.$('#storage-trouble'), null, 'no failed save');
  const record = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
  assert.equal(record.history.split('|')[1].split(';').length, kept);
  const rows = await nonoRows(page);
  assert.equal(rows[4][4], '#', 'the last move is on the board');
  // After a reload the move is there and Undo goes back the steps that were kept, no further.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await nonoRows(page), rows);
  for (let i = 0; i < kept; i++) {
    assert.equal(await page.$eval('#undo', (b) => b.disabled), false, `Undo step ${i + 1} of ${kept}`);
    await page.click('#undo');
  }
  assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
  assert.equal((await nonoRows(page))[4][4], '.', 'the first Undo took the last move back');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.studioErrors, []);
});
