// The colour nonogram page in headless Chromium: open the sample, pick a colour by key and by
// the palette bar, paint by click, put a dot by right-click, Undo, Check (a wrong cell is
// ringed), a hint applied, Solve proves the sample unique and shows the answer in colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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

test('touch: a tap paints the chosen colour, a long press dots; number keys pick the colour', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$eval('#board', (b) => getComputedStyle(b).touchAction), 'none');
  await page.click('#clear'); // the test before left this puzzle solved
  const touch = (selector, type) => page.evaluate(([selector, type]) => {
    const el = document.querySelector(selector);
    const b = el.getBoundingClientRect();
    const e = new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 9, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, clientX: b.x + b.width / 2, clientY: b.y + b.height / 2 });
    return el.dispatchEvent(e);
  }, [selector, type]);
  await page.focus('#board');
  await page.keyboard.press('2');
  assert.equal(await page.$eval('.cn-palette [data-mark="3"]', (b) => b.getAttribute('aria-pressed')), 'true');
  // A tap: brown.
  await touch(cell(2, 2), 'pointerdown');
  await touch(cell(2, 2), 'pointerup');
  assert.equal(await page.$eval(cell(2, 2), (c) => c.dataset.v), MARK.b);
  // A long press: a dot, whatever the colour.
  await touch(cell(3, 3), 'pointerdown');
  await page.waitForTimeout(700);
  await touch(cell(3, 3), 'pointerup');
  assert.equal(await page.$eval(cell(3, 3), (c) => c.dataset.v), MARK['.']);
  // Key 4 is beyond this palette's three colours: the tool stays.
  await page.focus('#board');
  await page.keyboard.press('4');
  assert.equal(await page.$eval('.cn-palette [data-mark="3"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.deepEqual(page.studioErrors, []);
});

test('the editor: draw in colours, each change checked (unique / several, ringed), palette edits, play', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.$eval('.cn-edit', (d) => { d.open = true; });
  await page.fill('#cn-w', '4');
  await page.dispatchEvent('#cn-w', 'change');
  await page.click('#cn-new');
  await page.fill('#cn-w', '4');
  await page.dispatchEvent('#cn-w', 'change');
  await page.fill('#cn-h', '3');
  await page.dispatchEvent('#cn-h', 'change');
  const ecell = (r, c) => `#cn-editor .cell[data-r="${r}"][data-c="${c}"]`;
  await page.waitForSelector(ecell(2, 3));
  assert.equal(await page.$$eval('#cn-editor .cell', (c) => c.length), 12);
  // Two red cells on a diagonal: two answers, the four cells they differ in ringed.
  await page.click(ecell(0, 0));
  await page.click(ecell(1, 1));
  await page.waitForSelector('#cn-verdict[data-verdict="multiple"]', { timeout: 20000 });
  assert.equal(await page.$$eval('#cn-editor .cell.differs', (c) => c.length), 4);
  // A third cell makes it unique.
  await page.click(ecell(0, 1));
  await page.waitForSelector('#cn-verdict[data-verdict="unique"]', { timeout: 20000 });
  assert.equal(await page.$$eval('#cn-editor .cell.differs', (c) => c.length), 0);
  // A stroke in the second colour (blue) along the bottom row.
  await page.click('.cn-entry[data-colour="2"] .swatch');
  const a = await page.$eval(ecell(2, 0), (c) => { const b = c.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; });
  const b = await page.$eval(ecell(2, 3), (c) => { const b = c.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; });
  await page.mouse.move(a[0], a[1]);
  await page.mouse.down();
  await page.mouse.move(b[0], b[1], { steps: 6 });
  await page.mouse.up();
  assert.deepEqual(await page.$$eval('#cn-editor .cell[data-r="2"]', (cs) => cs.map((c) => c.dataset.v)), ['2', '2', '2', '2']);
  await page.waitForSelector('#cn-verdict[data-verdict="unique"]', { timeout: 20000 });
  // Palette: add a colour (it becomes the brush), name it, recolour it; remove red: its cells become background.
  await page.click('#cn-add');
  assert.equal(await page.$$eval('.cn-entry', (e) => e.length), 5);
  await page.fill('.cn-entry[data-colour="4"] .cn-name', 'sky');
  await page.dispatchEvent('.cn-entry[data-colour="4"] .cn-name', 'change');
  await page.$eval('.cn-entry[data-colour="4"] input[type="color"]', (i) => { i.value = '#55ccdd'; i.dispatchEvent(new Event('change', { bubbles: true })); });
  await page.waitForFunction(() => document.querySelector('.cn-entry[data-colour="4"] .swatch').getAttribute('aria-label').includes('sky'));
  await page.click('.cn-entry[data-colour="1"] .cn-remove');
  assert.deepEqual(await page.$$eval('#cn-editor .cell[data-r="0"]', (cs) => cs.map((c) => c.dataset.v)), ['0', '0', '0', '0']);
  assert.deepEqual(await page.$$eval('#cn-editor .cell[data-r="2"]', (cs) => cs.map((c) => c.dataset.v)), ['1', '1', '1', '1']);
  await page.waitForSelector('#cn-verdict[data-verdict="unique"]', { timeout: 20000 });
  // The draft survives a reload.
  await page.reload();
  await page.waitForSelector('#cn-editor .cell');
  assert.equal(await page.$$eval('#cn-editor .cell', (c) => c.length), 12);
  // Play: the board is the drawing's puzzle, blank, and the address is its link.
  await page.click('#cn-play');
  // The colour named sky keeps its name in the link (v2, `;n`).
  await page.waitForFunction(() => /^#colournono\/v2\/4x3:[^;]*;n[a-z.]*sky/.test(decodeURIComponent(location.hash)));
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 12);
  assert.deepEqual(await page.$$eval('#board .cell', (cs) => cs.map((c) => c.dataset.v).join('')), '000000000000');
  assert.deepEqual(page.studioErrors, []);
});

test('typed clues: checked (none / several) and played', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.$eval('.cn-edit', (d) => { d.open = true; });
  // Two rows of one red cell each and two columns of one red: two answers.
  await page.fill('#cn-rows', 'a\na');
  await page.fill('#cn-cols', '1a\na');
  await page.click('#cn-check-clues');
  await page.waitForSelector('#cn-verdict[data-verdict="multiple"]', { timeout: 20000 });
  // A clue in a colour the palette lacks is refused in words naming the line.
  await page.fill('#cn-rows', 'a\nq');
  await page.click('#cn-check-clues');
  await page.waitForSelector('#notice.error');
  assert.match(await page.textContent('#notice .notice-text'), /row 2/);
  await page.fill('#cn-rows', '2a\n0');
  await page.fill('#cn-cols', 'a\na');
  await page.click('#cn-play-clues');
  // v2 when the editor's palette has a named colour (the previous test's sky is kept in the draft).
  await page.waitForFunction(() => /^#colournono\/v[12]\/2x2:/.test(location.hash));
  assert.deepEqual(page.studioErrors, []);
});

test('the open editor with a drawing has no serious or critical axe violation, light and dark', async () => {
  const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const page = await open(env.chrome.context, env.server.url, LINK);
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.$eval('.cn-edit', (d) => { d.open = true; });
    await page.click('#cn-new');
    await page.click('#cn-editor .cell[data-r="1"][data-c="1"]');
    await page.waitForSelector('#cn-verdict[data-verdict="unique"]', { timeout: 20000 });
    await page.evaluate(AXE);
    const found = await page.evaluate(async () => {
      const r = await window.axe.run(document.querySelector('.cn-edit'), { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(found, [], theme);
  }
  assert.deepEqual(page.studioErrors, []);
});

test('an export whose format has no givens says that it leaves them out; Studio JSON keeps them', async () => {
  // Two answers (the diagonals) but for the given top-left cell.
  const page = await open(env.chrome.context, env.server.url, 'colournono/v1/2x2:fff.000:a/a/a/a,a');
  await page.waitForSelector('#board [data-r]');
  // The Export box may be open already (the page remembers it).
  if (!(await page.$eval('details.export', (d) => d.open))) await page.click('.export summary');
  const download = async (selector) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return fs.readFileSync(await d.path()).toString();
  };
  const json = await download('button.export-format:has-text("Studio JSON")');
  assert.deepEqual(JSON.parse(json).givens, ['a?', '??']);
  assert.equal(await page.$('#notice'), null);
  for (const format of ['webpbn XML', 'Coloured .non', 'Olšák .g']) {
    await download(`button.export-format:has-text("${format}")`);
    const notice = await page.waitForSelector('#notice.info');
    assert.match(await notice.textContent(), /leaves out the puzzle's 1 given cell .*share link and Studio JSON/, format);
    await page.click('#notice button');
    await page.waitForSelector('#notice', { state: 'detached' });
  }
});
