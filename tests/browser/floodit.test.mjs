// Flood-It in headless Chromium: open a link, ask for the minimum, play hints to a flooded board,
// the SAT certificate, and moves that survive a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

// The Tatham example of shared/reference/formats.md 1.2 (optimum 11) as a studio link.
const LINK = 'floodit/v1/6x6/032242034203340350204502505323231342';

const env = suite();

async function done(page) {
  await page.waitForSelector('#status[data-state="done"]', { timeout: 30000 });
  return page.$eval('#status', (s) => s.dataset.verdict);
}

const moves = (page) => page.$eval('#counter', (c) => Number(c.dataset.moves));

// A hint shows its sentence first; Apply plays it.
async function applyHint(page) {
  await page.click('#hint');
  await page.waitForSelector('#hint-apply', { timeout: 20000 });
  const named = (await page.textContent('#hint-text')).match(/Play \w+ \((\d)\) now/);
  assert.ok(named, 'the hint names a colour and its number');
  // Its swatch, and only its, is ringed as the hint's move.
  assert.deepEqual(await page.$$eval('#swatches .swatch.hinted', (s) => s.map((b) => b.textContent.trim())), [named[1]]);
  // The cells the move floods are ringed as such, none as "to leave empty".
  assert.ok((await page.$$('#board .hint-change')).length > 0);
  assert.equal((await page.$$('#board .hint-out')).length, 0);
  assert.match(await page.textContent('#hint-legend'), /flooded by the move/);
  assert.doesNotMatch(await page.textContent('#hint-legend'), /empty/);
  await page.click('#hint-apply');
  await page.waitForFunction(() => !document.querySelector('#swatches .swatch.hinted'));
}

test('a link opens the board, the minimum is 11, hints flood the board in 11 moves', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 36);
  await page.click('#restart');
  await page.click('#minimum');
  assert.equal(await done(page), 'optimal');
  assert.equal(await page.$eval('#counter', (c) => c.dataset.minimum), '11');
  for (let i = 1; i <= 11; i++) {
    await applyHint(page);
    await page.waitForFunction((n) => Number(document.querySelector('#counter').dataset.moves) === n, i);
  }
  assert.equal(await page.$eval('#board', (b) => b.dataset.done), 'true');
  assert.match(await page.textContent('#counter'), /Flooded in the minimum/);
  assert.deepEqual(page.studioErrors, []);
});

test('after a move off the optimal line, a hint comes from the worker and the board still floods', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#restart');
  // Play the last colour that adds something, twice.
  for (let i = 1; i <= 2; i++) {
    const swatches = await page.$$('#swatches .swatch:not([aria-disabled])');
    await swatches[swatches.length - 1].click();
    await page.waitForFunction((n) => Number(document.querySelector('#counter').dataset.moves) === n, i);
  }
  // The moves survive a reload.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await moves(page), 2);
  for (let guard = 0; guard < 40; guard++) {
    if ((await page.$eval('#board', (b) => b.dataset.done)) === 'true') break;
    const before = await moves(page);
    await applyHint(page);
    await page.waitForFunction((n) => Number(document.querySelector('#counter').dataset.moves) === n + 1, before, { timeout: 20000 });
  }
  assert.equal(await page.$eval('#board', (b) => b.dataset.done), 'true');
  assert.ok((await moves(page)) >= 11);
  assert.deepEqual(page.studioErrors, []);
});

test('Prove with SAT shows the certificate one move short, and the solution steps through', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#certify');
  assert.equal(await done(page), 'optimal');
  assert.match(await page.textContent('#certificate-text'), /with 10 moves the solver proved it impossible/);
  assert.match(await page.textContent('#certificate'), /UNSAT/);
  await page.click('#step-start');
  for (let i = 0; i < 11; i++) await page.click('#step-next');
  assert.equal(await page.$eval('#board', (b) => b.dataset.done), 'true');
  await page.click('#step-exit');
  assert.deepEqual(page.studioErrors, []);
});

test('a Tatham ID pasted in shows his move limit beside the proven minimum', async () => {
  const page = await open(env.chrome.context, env.server.url, 'floodit');
  await page.fill('#import-text', '6x6:032242034203340350204502505323231342,17');
  await page.click('#import-open');
  await page.waitForFunction(() => location.hash.startsWith('#floodit/v1/6x6m17/'));
  await page.click('#minimum');
  assert.equal(await done(page), 'optimal');
  assert.match(await page.textContent('#counter'), /proven minimum 11 · Tatham's limit 17/);
  // The exported ID keeps his limit once the minimum is known.
  assert.equal(await page.textContent('#export-tatham'), '6x6:032242034203340350204502505323231342,17');
});

test("a board that came without Tatham's limit exports his ID with the greedy's count, never 0", async () => {
  // A limit of 0 reads in his game as out of moves before the first.
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  const id = await page.textContent('#export-tatham');
  const limit = Number(id.split(',')[1]);
  assert.ok(limit >= 11 && limit <= 17, id);
  // Finding the minimum does not change it.
  await page.click('#minimum');
  assert.equal(await done(page), 'optimal');
  assert.equal(await page.textContent('#export-tatham'), id);
});

// A 30x30 board with 8 colours (puzzle generate floodit --size 30 --colours 8 --seed 5): far too
// hard to prove at once, so the page shows the best solution so far with its proven lower bound
// while the search goes on, and Cancel keeps that answer.
const BIG = 'floodit/v1/30x30/675357883767176826551851533474853635734838676331834568462688258523787726634743624852453615428688145637365847544464237543348834146572727748121151642163284376686767836686132545522371337574334442741437768472175564534214548751182648131235217628722715381783427227261252473471374483153166311443441478763722764151664652138686523612321357121887257215473867638725558486666428721144526231377447134461426685752634272142684131631177782643156235544421167883281858342537541735563152742742758544364267116525235523443674512126732343586246678726522882658454112187878765517225856273428361486136735347457365325387688783576184861731813525143752765783423645684851513747476221531772286822872628722756257337352567642788385452346664277781358423523647884162133546212748153534475332138574175661728426511825715861285218353424657667728155453431116753836364651887731817335125184122831283547461625785537378822182471674577327868626';

test('a board too hard to prove shows the best so far and a proven bound; Cancel keeps them', async () => {
  const page = await open(env.chrome.context, env.server.url, BIG);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 900);
  await page.click('#restart');
  await page.click('#minimum');
  // While the search works: a best solution and a bound below it, the search still running.
  await page.waitForSelector('#certificate[data-lower]', { timeout: 30000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.state), 'busy');
  // Figures and sentence read at one instant (the search improves them as it goes).
  const read = () => page.$eval('#certificate', (c) => [Number(c.dataset.best), Number(c.dataset.lower), c.querySelector('#certificate-text').textContent]);
  const [best, lower, text] = await read();
  assert.ok(lower >= 8 && lower < best, `bound ${lower}, best ${best}`);
  assert.match(text, new RegExp(`Best found: ${best} moves, and no solution has fewer than ${lower}`));
  // Let it improve a little, then cancel: the answer stays, never worse than before.
  await page.waitForTimeout(3000);
  await page.click('#cancel');
  await page.waitForSelector('#status:not([data-state="busy"])');
  const [best2, lower2, text2] = await read();
  assert.match(text2, new RegExp(`Best found: ${best2} moves, and no solution has fewer than ${lower2}`));
  assert.ok(best2 <= best && lower2 >= lower && lower2 < best2, `${lower2} < ${best2}`);
  assert.equal(await page.$eval('#counter', (c) => c.dataset.minimum), '');
  assert.match(await page.textContent('#counter'), new RegExp(`best found ${best2}, none shorter than ${lower2}`));
  // The kept solution steps through to a flooded board.
  await page.click('#step-start');
  for (let i = 0; i < best2; i++) await page.click('#step-next');
  assert.equal(await page.$eval('#board', (b) => b.dataset.done), 'true');
  await page.click('#step-exit');
  // A hint works here too, and says that it rests on the best finish found, not a proven one;
  // Apply plays it.
  await page.click('#hint');
  await page.waitForSelector('#hint-apply', { timeout: 30000 });
  assert.match(await page.textContent('#hint-panel'), /best finish found .* not proven shortest: no finish has fewer than \d+ moves \(proven\)/);
  await page.click('#hint-apply');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 1);
  assert.deepEqual(page.studioErrors, []);
});

// A 3x3 board of 3 colours, played with the keyboard alone: the Skip link lands on the
// swatches, the arrows move among them, Enter plays the focused one, a colour's key plays it
// from the swatches or the board, Ctrl+Z and Ctrl+Y undo and redo, and the game is won.
test('keyboard only: Skip to the board lands on the swatches and keys play a small board to the end', async () => {
  const page = await open(env.chrome.context, env.server.url, 'floodit/v1/3x3/012120201');
  await page.reload();
  await page.waitForSelector('#board .cell');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-link');
  await page.keyboard.press('Enter');
  const focused = () => page.evaluate(() => document.activeElement.id);
  assert.match(await focused(), /^swatch-\d$/, 'Skip lands on a swatch');
  // Each swatch says its key.
  assert.deepEqual(await page.$$eval('#swatches .swatch', (s) => s.map((b) => b.getAttribute('aria-keyshortcuts'))), ['1', '2', '3']);
  // The arrows go round the swatches; only the focused one is in the tab order.
  const first = await focused();
  await page.keyboard.press('ArrowRight');
  const second = await focused();
  assert.notEqual(second, first);
  assert.equal(second, `swatch-${(Number(first.slice(7)) + 1) % 3}`);
  assert.deepEqual(await page.$$eval('#swatches .swatch[tabindex="0"]', (s) => s.map((b) => b.id)), [second]);
  // Enter plays a focused swatch that is a move; the focus stays on the swatches.
  while (await page.$eval('#' + (await focused()), (b) => b.getAttribute('aria-disabled') === 'true')) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 1);
  assert.match(await focused(), /^swatch-\d$/, 'the focus stays on the swatches after a move');
  // Ctrl+Z takes the move back, Ctrl+Y puts it back.
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 0);
  await page.keyboard.press('Control+y');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 1);
  // A key that is not a move now plays nothing.
  const idle = await page.$$eval('#swatches .swatch[aria-disabled="true"]', (s) => s.map((b) => b.getAttribute('aria-keyshortcuts')));
  assert.ok(idle.length > 0);
  await page.keyboard.press(idle[0]);
  await page.waitForTimeout(100);
  assert.equal(await moves(page), 1);
  // The colours' keys play the rest, until the board is flooded.
  for (let guard = 0; guard < 9; guard++) {
    if ((await page.$eval('#board', (b) => b.dataset.done)) === 'true') break;
    const before = await moves(page);
    const key = await page.$eval('#swatches .swatch:not([aria-disabled])', (b) => b.getAttribute('aria-keyshortcuts'));
    await page.keyboard.press(key);
    await page.waitForFunction((n) => Number(document.querySelector('#counter').dataset.moves) === n + 1, before);
  }
  assert.equal(await page.$eval('#board', (b) => b.dataset.done), 'true');
  assert.match(await page.textContent('#counter'), /Flooded/);
  assert.match(await page.textContent('#solved-moment'), /Solved! In \d+:\d\d with \d moves and no hints/);
  assert.deepEqual(page.studioErrors, []);
});

test('keyboard: a colour key plays on the board itself once it has focus, and on a 16-colour board the swatches past 9 show their letter', async () => {
  // 4x4, colours 0..f: every colour once, so each key is a move while its cell touches the flood.
  const page = await open(env.chrome.context, env.server.url, 'floodit/v1/4x4/0123456789abcdef');
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await page.$$eval('#swatches .swatch-key', (k) => k.map((e) => e.textContent)), ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  await page.focus('#board');
  // Colour 2 (key 2) is to the right of the start: a move.
  await page.keyboard.press('2');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 1);
  // Colour 10 (key A) is a move only once the flood touches it; B (colour 11) is not yet.
  await page.keyboard.press('b');
  await page.waitForTimeout(100);
  assert.equal(await moves(page), 1);
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => Number(document.querySelector('#counter').dataset.moves) === 0);
  assert.deepEqual(page.studioErrors, []);
});

test('New board: the Colours menu offers only what the size can hold, and its choice makes a board', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-colours', '16');
  await page.selectOption('#gen-size', '2');
  const offered = await page.$$eval('#gen-colours option', (o) => o.map((e) => e.value));
  assert.deepEqual(offered, ['2', '3', '4']);
  assert.equal(await page.$eval('#gen-colours', (s) => s.value), '4');
  await page.click('#generate');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 4, null, { timeout: 30000 });
  assert.equal(await page.$$eval('#swatches .swatch', (s) => s.length), 4);
  assert.equal(await page.$('#status[data-state="ended"]'), null, 'no failure');
  assert.deepEqual(page.studioErrors, []);
});
