// The player's experience (issue 20): the address bar always names the puzzle on screen and a
// reload or Back never loses a puzzle or its marks; messages never outlive their puzzle and are
// seen where the eye is; boards are drawn without gaps; keyboard focus is visible; the clock and
// the solved moment; small things a new user tripped on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
const KEEN = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const KEEN_ANSWER = ['41352', '13524', '52413', '35241', '24135'];
const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));
const cellCount = (page) => page.$$eval('#board .cell', (c) => c.length);
/** The marks on the board: each cell's classes (but the keyboard cursor's), digit and colour. */
const marksOf = (page) => page.$$eval('#board .cell', (cells) => cells.map((c) =>
  [...c.classList].filter((k) => k !== 'cursor' && k !== 'preview').sort().join('.') + '|' + (c.dataset.v ?? '') + '|' + (c.getAttribute('style') ?? '') + '|' + c.textContent).join(' '));
const shareLink = (page) => page.$eval('#share-link', (i) => decodeURIComponent(i.value.split('#')[1]));

/** Waits for the board's puzzle (the share link) to change from `before`. */
async function newPuzzle(page, before) {
  await page.waitForFunction((b) => decodeURIComponent(document.querySelector('#share-link').value.split('#')[1]) !== b, before, { timeout: 60000 });
}

for (const [kind, sample, mark] of [
  ['kenken', KEEN, async (page) => { await page.click('#board .cell[data-r="0"][data-c="0"]'); await page.keyboard.press('3'); }],
  ['nonogram', 'nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1', async (page) => { await page.click('#board .cell >> nth=0'); }],
  ['starbattle', null, async (page) => { await page.click('#board .cell >> nth=0'); }],
  ['floodit', 'floodit/v1/6x6m17/032242034203340350204502505323231342', async (page) => { await page.click('#swatches .swatch:not([aria-disabled]) >> nth=0'); }],
]) {
  test(`${kind}: a new puzzle is named in the address bar, survives a reload with its marks, and Back returns to the previous one with its own`, async () => {
    const page = await open(env.chrome.context, env.server.url, sample ?? kind);
    await page.waitForSelector('#board .cell');
    const first = await shareLink(page);
    // Even a bare `#kind` address comes to name the puzzle on screen.
    await page.waitForFunction((f) => decodeURIComponent(location.hash) === '#' + f, first);
    await page.click('#clear, #restart');
    await mark(page);
    const firstMarks = await marksOf(page);
    await page.click('#generate');
    await newPuzzle(page, first);
    const second = await shareLink(page);
    assert.equal(await hash(page), '#' + second, 'the address bar names the new puzzle');
    await page.waitForSelector('#board .cell');
    await mark(page);
    const secondMarks = await marksOf(page);
    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.equal(await shareLink(page), second, 'the reload opens the new puzzle');
    assert.equal(await marksOf(page), secondMarks, 'with its marks');
    await page.goBack();
    await page.waitForFunction((f) => decodeURIComponent(document.querySelector('#share-link').value.split('#')[1]) === f, first);
    assert.equal(await marksOf(page), firstMarks, 'Back brings the first puzzle back with its own marks');
    await page.goForward();
    await page.waitForFunction((f) => decodeURIComponent(document.querySelector('#share-link').value.split('#')[1]) === f, second);
    assert.equal(await marksOf(page), secondMarks);
    assert.deepEqual(page.studioErrors, []);
  });
}

test('Check speaks about the grid only, in the status line, never moving the board; a notice is in view and goes with its puzzle', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForSelector('#board .cell');
  // A mistake, then Check: its count, in the status line (not the solver's "Unique" verdict).
  await page.click('#clear');
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.keyboard.press('1');
  const boardTop = await page.$eval('#board', (b) => b.getBoundingClientRect().top);
  await page.click('#check');
  await page.waitForSelector('#status[data-state="checked"]', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /^Your grid: 1 mistake, ringed in red\.$/);
  assert.doesNotMatch(await page.textContent('#status'), /Unique|only solution/);
  assert.equal(await page.$('#notice'), null, 'no toast covers the controls');
  assert.equal(await page.$eval('#board', (b) => b.getBoundingClientRect().top), boardTop, 'the board did not move');
  // Fixing the mark takes the finding away with the ring.
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.keyboard.press('Backspace');
  await page.waitForSelector('#status:not([data-state="checked"])');
  // An error from the Open box, far down the page, sits beside the box, inside the viewport, and
  // covers neither Open nor the file chooser (issue 39 item 14).
  await page.fill('#import-text', 'not a puzzle at all');
  await page.click('#import-open');
  await page.waitForSelector('#import-error');
  const box = await page.$eval('#import-error', (n) => { const r = n.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: innerHeight }; });
  assert.ok(box.top >= 0 && box.bottom <= box.h, `the error is on screen: ${JSON.stringify(box)}`);
  assert.equal(await page.$('#notice'), null, 'no toast covers the Open button');
  // A new puzzle starts with no notice and no rings from the last one.
  await page.click('#generate');
  await newPuzzle(page, KEEN);
  await page.waitForFunction(() => !document.querySelector('#notice'));
  assert.equal(await page.$$eval('#board .cell.mistake', (c) => c.length), 0);
});

test('Copy says "Copied" only for the link it copied', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN);
  await env.chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.waitForSelector('#share-link');
  const copy = page.locator('.share button', { hasText: /Cop/ });
  await copy.click();
  await page.waitForFunction(() => [...document.querySelectorAll('.share button')].some((b) => b.textContent === 'Copied'));
  await page.click('#generate');
  await newPuzzle(page, KEEN);
  assert.equal(await copy.textContent(), 'Copy');
});

test('Flood-It: square cells with no stripes, colours above the board, a clean slate on a new board, pickers that match it', async () => {
  const page = await open(env.chrome.context, env.server.url, 'floodit/v1/6x6m17/032242034203340350204502505323231342');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForSelector('#board .cell');
  const gaps = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('#board .cell')].map((c) => c.getBoundingClientRect());
    const cols = Number(document.querySelector('#board').dataset.cols);
    const bad = [];
    cells.forEach((r, i) => {
      if (Math.abs(r.width - r.height) > 0.5) bad.push(`cell ${i} is ${r.width}x${r.height}`);
      const below = cells[i + cols];
      if (below && Math.abs(below.top - r.bottom) > 0.5) bad.push(`gap of ${below.top - r.bottom} px under cell ${i}`);
    });
    return bad;
  });
  assert.deepEqual(gaps, []);
  assert.equal(await page.$eval('#gen-size', (s) => s.value), '6');
  assert.equal(await page.$eval('#gen-colours', (s) => s.value), '6');
  // The colour buttons come before the board, so a 20x20 never pushes them below the fold.
  const order = await page.evaluate(() => document.querySelector('#swatches').compareDocumentPosition(document.querySelector('#board')) & Node.DOCUMENT_POSITION_FOLLOWING);
  assert.ok(order, 'swatches precede the board');
  // Step through the proven solution, then a new board: no step-through left over.
  await page.click('#minimum');
  await page.waitForSelector('#step-next', { timeout: 30000 });
  await page.click('#step-next');
  await page.click('#step-next');
  await page.waitForSelector('#counter:has-text("move 2 of")');
  await page.selectOption('#gen-size', '12');
  await page.click('#generate');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 144, null, { timeout: 30000 });
  assert.doesNotMatch(await page.textContent('#counter'), /Optimal solution: move/);
  assert.equal(await page.$eval('#gen-size', (s) => s.value), '12');
  // No missing-glyph icons: the step buttons use glyphs every font has.
  assert.doesNotMatch(await page.content(), /⏮/);
});

test('finishing a Flood-It board without asking says how it went against the minimum', async () => {
  const page = await open(env.chrome.context, env.server.url, 'floodit/v1/3x3m10/001011112');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 9);
  await page.click('#restart');
  while ((await page.$eval('#board', (b) => b.dataset.done)) !== 'true') {
    await page.click('#swatches .swatch:not([aria-disabled]) >> nth=0');
  }
  await page.waitForFunction(() => /minimum/.test(document.querySelector('#counter').textContent), null, { timeout: 30000 });
  assert.match(await page.textContent('#counter'), /Flooded( in the minimum|, \d+ over the minimum)/);
  assert.deepEqual(page.studioErrors, []);
});

test('a clock and move count run while playing, are kept over a reload, and stop at the solved moment', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  assert.equal(await page.$eval('#play-clock', (c) => c.dataset.moves), '0');
  // Type the proven answer, cell by cell.
  let moves = 0;
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      if (r === 4 && c === 4) break;
      await page.click(`#board .cell[data-r="${r}"][data-c="${c}"]`);
      await page.keyboard.press(KEEN_ANSWER[r][c]);
      moves++;
    }
  }
  assert.equal(await page.$eval('#play-clock', (c) => c.dataset.moves), String(moves));
  await page.waitForTimeout(1100);
  assert.notEqual(await page.$eval('#play-clock .time', (t) => t.textContent), '0:00', 'the clock runs');
  await page.reload();
  await page.waitForSelector('#play-clock');
  assert.equal(await page.$eval('#play-clock', (c) => c.dataset.moves), String(moves), 'moves are kept over a reload');
  await page.click('#board .cell[data-r="4"][data-c="4"]');
  await page.keyboard.press(KEEN_ANSWER[4][4]);
  const moment = await page.waitForSelector('#solved-moment');
  assert.match(await moment.textContent(), new RegExp(`Solved! In \\d+:\\d\\d with ${moves + 1} moves`));
});

test('the solved moment offers a new puzzle with the settings of the New puzzle row', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  assert.equal(await page.$('#solved-next'), null, 'no offer before the puzzle is solved');
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      await page.click(`#board .cell[data-r="${r}"][data-c="${c}"]`);
      await page.keyboard.press(KEEN_ANSWER[r][c]);
    }
  }
  const next = await page.waitForSelector('#solved-moment #solved-next');
  assert.equal((await next.textContent()).trim(), 'New puzzle');
  // The New puzzle row's settings: a 4x4 this time.
  await page.selectOption('#gen-size', '4');
  const before = await page.evaluate(() => location.hash);
  await page.click('#solved-next');
  await page.waitForFunction((b) => location.hash !== b && document.querySelectorAll('#board .cell').length === 16, before, { timeout: 60000 });
  assert.match(await page.evaluate(() => location.hash), /^#kenken\/v1\/4:/);
  assert.equal(await page.$('#solved-moment'), null, 'the new puzzle starts unsolved');
  assert.deepEqual(page.studioErrors, []);
});

test('keyboard: the first Tab reaches a skip link that puts focus on the board, and the focus ring shows', async () => {
  for (const kind of ['starbattle', 'kenken', 'nonogram']) {
    const page = await open(env.chrome.context, env.server.url, kind);
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-link', kind);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board', kind);
    const ring = await page.$eval('#board', (b) => { const s = getComputedStyle(b); return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }; });
    assert.ok(ring.style !== 'none' && ring.width >= 2, `${kind}: focus ring ${JSON.stringify(ring)}`);
  }
});

test('phone: the bar is one line with a menu, and the board starts near the top with cells a finger can hit', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await page.waitForSelector('#board .cell');
  await page.waitForTimeout(150);
  const navHeight = await page.$eval('#nav', (n) => n.getBoundingClientRect().height);
  assert.ok(navHeight <= 56, `the bar is ${navHeight} px tall`);
  await page.click('#nav-menu');
  await page.click('#nav-items a:has-text("KenKen")');
  await page.waitForFunction(() => location.hash.startsWith('#kenken'));
  assert.equal(await page.$eval('#nav-menu', (b) => b.getAttribute('aria-expanded')), 'false', 'choosing a page closes the menu');
  // A 20x20 nonogram at Fit: cells stay at least 18 px (zoom.rs TOUCH_CELL_PX), the view scrolls instead.
  const rows = Array.from({ length: 20 }, (_, r) => (r % 2 ? '20' : '1.1.1.1.1.1.1.1.1.1')).join('/');
  const cols = Array.from({ length: 20 }, (_, c) => (c % 2 ? '20' : '10')).join('/');
  await page.goto(env.server.url + '#nonogram');
  await page.fill('#import-text', `20x20:${cols}/${rows}`);
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 400);
  await page.waitForTimeout(200);
  const cell = await page.$eval('#board .cell', (c) => c.getBoundingClientRect().width);
  assert.ok(cell >= 17.5, `cells are ${cell} px`);
  assert.ok(await page.$eval('.zoom-view', (v) => v.scrollWidth > v.clientWidth), 'the view scrolls');
});

test('small things: a garbage link says what it is, givens are explained, the Benchmark page offers a sample and says when nothing was pasted', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram/v1/garbage');
  // An unreadable link opens nothing else: the page says why where the board would be.
  const notice = await page.waitForSelector('#status[data-state="unreadable"]');
  assert.match(await notice.textContent(), /is not a nonogram/);
  assert.doesNotMatch(await notice.textContent(), /size only/);
  // Benchmark: an empty run is refused beside the button; the sample runs.
  await page.goto(env.server.url + '#bench');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-form-error');
  assert.doesNotMatch(await page.content(), /`puzzle bench`/);
  await page.click('#bench-sample');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-summary', { timeout: 30000 });
  assert.equal(await page.$$eval('#bench-form-error', (e) => e.length), 0);
});

test('a nonogram with given cells explains them', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.waitForSelector('#board .cell');
  await page.selectOption('#gen-size', '10');
  // A puzzle whose clues alone allow two pictures, with one given cell that settles it.
  assert.equal(await page.$$eval('#givens-note', (n) => n.length), 0, 'no note without givens');
  await page.fill('#import-text', JSON.stringify({ kind: 'nonogram', rows: [[1], [1]], cols: [[1], [1]], givens: ['#?', '??'] }));
  await page.click('#import-open');
  const note = await page.waitForSelector('#givens-note');
  const givens = await page.$$eval('#board .cell.given', (c) => c.length);
  assert.match(await note.textContent(), new RegExp(`^${givens} cells? (is|are) given`));
});
