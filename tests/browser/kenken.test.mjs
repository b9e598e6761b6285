// The KenKen workshop in headless Chromium: Keen IDs, a proven solve, playing digits and pencil
// marks that survive a reload, the editor, generating, exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, boardRows } from './harness.mjs';

// Tatham's worked example (formats.md 1.3) and its unique answer.
const KEEN = '5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const KEEN_LINK = 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#5de:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const ANSWER = ['41352', '13524', '52413', '35241', '24135'];
const LINK = 'kenken/v1/' + KEEN;

const env = suite();
const cell = (r, c) => `#board .cell[data-r="${r}"][data-c="${c}"]`;

/** The board's digits as rows, `.` for an empty cell. */
async function digits(page) {
  return page.$$eval('#board .cell', (cells) => {
    const rows = [];
    for (const c of cells) {
      const r = Number(c.dataset.r);
      rows[r] = (rows[r] ?? '') + (c.dataset.v || '.');
    }
    return rows;
  });
}

test('a pasted Keen ID opens, Solve proves it unique, and the answer is drawn', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken');
  await page.fill('#import-text', KEEN);
  await page.click('#import-open');
  await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, LINK);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  assert.equal(await page.textContent('#keen-id'), KEEN);
  // Its Copy button puts the ID on the clipboard, to paste into Tatham's Keen.
  await env.chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.click('button[aria-label="Copy the Tatham Keen ID"]');
  await page.waitForFunction(() => document.querySelector('button[aria-label="Copy the Tatham Keen ID"]').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), KEEN);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  assert.deepEqual(await digits(page), ANSWER);
  assert.deepEqual(page.studioErrors, []);
});

test('a keen.html link opens too; a seed ID is refused with a message', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken');
  await page.fill('#import-text', KEEN_LINK);
  await page.click('#import-open');
  await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, LINK);
  await page.fill('#import-text', 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#5de%23846699649745236');
  await page.click('#import-open');
  const said = await page.waitForSelector('#import-error');
  assert.match(await said.textContent(), /random-seed IDs.*This page reads a studio share link, a Tatham Keen ID/s);
  // Editing the box clears it.
  await page.fill('#import-text', '5:');
  await page.waitForFunction(() => !document.querySelector('#import-error'));
});

test('digits and pencil marks by keyboard and keypad, highlights, undo, Check, and a reload keeps them', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  await page.click('button:has-text("My grid")');
  // A digit from the keyboard.
  await page.click(cell(0, 0));
  await page.keyboard.press('4');
  assert.equal(await page.$eval(cell(0, 0), (c) => c.dataset.v), '4');
  // A pencil mark with Shift, and one from the keypad in pencil mode.
  await page.click(cell(0, 1));
  await page.keyboard.press('Shift+Digit1');
  await page.click('#pencil');
  await page.click('.keypad .key[data-d="3"]');
  await page.click('#pencil');
  assert.equal(await page.$eval(cell(0, 1), (c) => c.dataset.pencil), '13');
  assert.equal(await page.$$eval(`${cell(0, 1)} .pencil span`, (s) => s.length), 9, 'a fixed 3x3 layout');
  // A repeated digit turns red; undo takes it back.
  await page.click(cell(1, 0));
  await page.click('.keypad .key[data-d="4"]');
  await page.waitForSelector(`${cell(1, 0)}.bad`);
  await page.click('#undo');
  assert.equal(await page.$eval(cell(1, 0), (c) => c.dataset.v), '');
  // A full cage breaking its rule is highlighted: 4 + 2 is not 5.
  await page.click(cell(0, 1));
  await page.keyboard.press('2');
  await page.waitForSelector(`${cell(0, 0)}.cage-bad`);
  // Check against the proven answer rings the wrong digit.
  await page.click('#check');
  await page.waitForSelector('#board .cell.mistake');
  assert.equal(await page.$$eval('#board .cell.mistake', (c) => c.map((x) => x.dataset.r + ',' + x.dataset.c).join(' ')), '0,1');
  await page.click(cell(0, 1));
  await page.keyboard.press('Backspace');
  assert.equal(await page.$eval(cell(0, 1), (c) => c.dataset.pencil), '13');
  // Everything survives a reload.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$eval(cell(0, 0), (c) => c.dataset.v), '4');
  assert.equal(await page.$eval(cell(0, 1), (c) => c.dataset.pencil), '13');
  // Filling in the answer says so.
  for (const [r, row] of ANSWER.entries()) {
    for (const [c, ch] of [...row].entries()) {
      await page.click(cell(r, c));
      await page.keyboard.press(ch);
    }
  }
  await page.waitForSelector('#solved-moment');
  assert.deepEqual(page.studioErrors, []);
});

test('the editor: drag a cage, type its clue, problems as you go, solve the draft', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', '3');
  await page.click('.editor summary');
  await page.click('#edit-new');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 9);
  const drag = async (from, to) => {
    const a = await (await page.$(`#editor .cell[data-r="${from[0]}"][data-c="${from[1]}"]`)).boundingBox();
    const b = await (await page.$(`#editor .cell[data-r="${to[0]}"][data-c="${to[1]}"]`)).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
  };
  // The first row as one sum cage; an unreachable target is listed at once.
  await drag([0, 0], [0, 2]);
  await page.selectOption('#cage-op', '+');
  await page.fill('#cage-target', '20');
  await page.waitForFunction(() => /cage 20\+ at row 1, column 1: no digits/.test(document.querySelector('#problems').textContent));
  assert.equal(await page.$eval('#edit-solve', (b) => b.disabled), true);
  await page.fill('#cage-target', '6');
  await page.waitForFunction(() => !/no digits/.test(document.querySelector('#problems').textContent));
  // Solve at this moment: several answers, with the differing cells ringed.
  await page.click('#edit-solve');
  await page.waitForSelector('#status[data-state="done"]');
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'multiple');
  assert.ok((await page.$$('#board .cell.differs')).length > 0);
});

test('the editor from the keyboard: arrows, Shift+arrows and Space pick cells, Enter makes the cage, Tab reaches its clue', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', '3');
  // The editor may be open still (the tab is the last test's): opened from the keyboard if not.
  if (!(await page.$eval('.editor', (d) => d.open))) {
    await page.focus('.editor summary');
    await page.keyboard.press('Enter');
  }
  await page.focus('#edit-new');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 9);
  // The grid is in the tab order, right after the editor's buttons (Redo is disabled: nothing
  // to redo yet).
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'edit-this');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'edit-undo');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'editor');
  const picked = () => page.$$eval('#editor .cell.preview', (c) => c.map((e) => `${e.dataset.r}${e.dataset.c}`));
  // The first row: Shift+Right twice picks it, as a drag would.
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  assert.deepEqual(await picked(), ['00', '01', '02']);
  // Space takes a cell out and puts it back; Escape drops them all.
  await page.keyboard.press('Space');
  assert.deepEqual(await picked(), ['00', '01']);
  await page.keyboard.press('Escape');
  assert.deepEqual(await picked(), []);
  for (const k of ['ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#cage-op');
  assert.deepEqual(await page.$$eval('#editor .cell.selected', (c) => c.map((e) => `${e.dataset.r}${e.dataset.c}`)), ['00', '01', '02']);
  assert.deepEqual(await picked(), []);
  // Tab goes on to the cage's operation, then its target.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cage-op');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('#cage-op').value === '+');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'cage-target');
  await page.keyboard.type('6');
  await page.waitForFunction(() => document.querySelector('#editor .cell[data-r="0"][data-c="0"]').textContent === '6+');
  // Enter on a cell alone selects its cage.
  await page.focus('#editor');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell.selected').length === 1);
  assert.deepEqual(page.studioErrors, []);
});

test('generate a 9x9 and export the Tatham ID and pictures', async () => {
  const fs = await import('node:fs');
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', '9');
  await page.selectOption('#gen-level', 'hard');
  await page.click('#generate');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 81, null, { timeout: 30000 });
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await page.click('.export summary');
  const download = async (selector) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return { name: d.suggestedFilename(), bytes: fs.readFileSync(await d.path()) };
  };
  const id = await download('button.export-format:has-text("Tatham Keen ID")');
  assert.match(id.bytes.toString(), /^9:[_a-y0-9]+,[amsd0-9]+$/);
  const svg = await download('button:has-text("puzzle.svg")');
  assert.match(svg.bytes.toString(), /^<svg/);
  const png = await download('button:has-text("solution.png")');
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});
