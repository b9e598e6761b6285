// The rectangle-free colouring lab in headless Chromium: colour a small grid and get a checked
// colouring; watch the live chart and cancel; import a bad grid and see its rectangles outlined.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, workersBecome } from './harness.mjs';

const env = suite();

/** Monochromatic rectangles of text rows, counted here in the test (independent of the app). */
function rectangles(rows) {
  let n = 0;
  for (let r1 = 0; r1 < rows.length; r1++)
    for (let r2 = r1 + 1; r2 < rows.length; r2++)
      for (let c1 = 0; c1 < rows[0].length; c1++)
        for (let c2 = c1 + 1; c2 < rows[0].length; c2++) {
          const k = rows[r1][c1];
          if (rows[r1][c2] === k && rows[r2][c1] === k && rows[r2][c2] === k) n++;
        }
  return n;
}

test('pick 7x7 with 3 colours, run, get a colouring the checker passed', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree');
  await page.waitForSelector('#run');
  await page.selectOption('#rf-rows', '7');
  await page.selectOption('#rf-cols', '7');
  await page.selectOption('#rf-colours', '3');
  assert.match(await page.textContent('#rf-explanation'), /SAT/);
  await page.click('#run');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'solved');
  await page.waitForSelector('#result-grid[data-checked="1"]');
  const rows = (await page.textContent('#result-text')).trim().split('\n');
  assert.equal(rows.length, 7);
  assert.ok(rows.every((r) => /^[0-2]{7}$/.test(r)), rows.join('/'));
  assert.equal(rectangles(rows), 0);
  // The share box carries the task.
  assert.match(await page.$eval('#share-link', (i) => i.value), /rectfree\/v1\/7x7c3/);
  assert.deepEqual(page.studioErrors, []);
});

test('2 colours on 5x5 is proven impossible by the counting bound', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/5x5c2');
  await page.waitForSelector('#run');
  await page.click('#run');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 30000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'none');
  assert.match(await page.textContent('#status'), /Counting bound/);
});

test('annealing shows the live chart and the best grid, and Cancel stops it', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/17x17c4/manneal');
  await page.waitForSelector('#run');
  await page.click('#run');
  await page.waitForSelector('#rf-live svg.chart polyline.best', { timeout: 20000 });
  await page.waitForSelector('#rf-live .rf-best svg rect');
  const its = Number(await page.$eval('#rf-live', (d) => d.dataset.iterations));
  assert.ok(its > 0);
  await page.click('#cancel');
  await page.waitForSelector('#status[data-state="ended"]');
  assert.match(await page.textContent('#status'), /Cancelled/);
});

/** The hand board's colours as text rows (digit = colour, '.' = uncoloured). */
async function handRows(page) {
  return page.$$eval('#hand .cell', (cells) => {
    const rows = [];
    for (const c of cells) {
      const r = Number(c.dataset.r);
      rows[r] = (rows[r] ?? '') + (c.dataset.colour === '' ? '.' : c.dataset.colour);
    }
    return rows;
  });
}

/** Monochromatic rectangles among coloured cells of text rows with '.' for uncoloured. */
function partialRectangles(rows) {
  let n = 0;
  for (let r1 = 0; r1 < rows.length; r1++)
    for (let r2 = r1 + 1; r2 < rows.length; r2++)
      for (let c1 = 0; c1 < rows[0].length; c1++)
        for (let c2 = c1 + 1; c2 < rows[0].length; c2++) {
          const k = rows[r1][c1];
          if (k !== '.' && rows[r1][c2] === k && rows[r2][c1] === k && rows[r2][c2] === k) n++;
        }
  return n;
}

test('a pasted grid goes on the board with its rectangles ringed; garbage replaces the old verdict', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/3x4c3');
  await page.waitForSelector('#check-text');
  // Rows 0 and 1 agree in colour 0 on columns 0..2: C(3,2) = 3 rectangles; row 2 is harmless.
  await page.fill('#check-text', '0001\n0002\n1210\n');
  await page.click('#check');
  await page.waitForSelector('#check-result[data-rectangles="3"]');
  assert.match(await page.textContent('#check-result'), /3 monochromatic rectangles/);
  assert.deepEqual(await handRows(page), ['0001', '0002', '1210']);
  assert.equal(await page.$eval('#hand', (d) => d.dataset.rectangles), '3');
  // Corners ringed: the six cells of rows 0 and 1 in columns 0..2.
  assert.equal(await page.$$eval('#hand .cell.corner', (c) => c.length), 6);
  assert.equal(await page.$$eval('#hand .rf-outlines rect', (r) => r.length), 3);
  // The spaced 1..K form of a valid grid passes.
  await page.fill('#check-text', '1 2 3 1\n2 3 1 1\n3 1 2 2\n');
  await page.click('#check');
  await page.waitForSelector('#check-result[data-rectangles="0"]');
  assert.match(await page.textContent('#check-result'), /Valid/);
  // Garbage says what is wrong and where, and the "Valid" verdict is gone with it.
  await page.fill('#check-text', '01\n0x\n');
  await page.click('#check');
  assert.match(await page.textContent('#check-error'), /line 2/);
  assert.equal(await page.$('#check-result'), null, 'no stale verdict beside the error');
  // The board keeps its colouring, and it survives a reload.
  assert.deepEqual(await handRows(page), ['0120', '1200', '2011']);
  await page.reload();
  await page.waitForSelector('#hand');
  assert.deepEqual(await handRows(page), ['0120', '1200', '2011']);
  assert.deepEqual(page.studioErrors, []);
});

test('a grid of another size changes nothing until the switch is asked for', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/12x12c4');
  await page.waitForSelector('#check-text');
  const link = await page.$eval('#share-link', (i) => i.value);
  assert.match(link, /rectfree\/v1\/12x12c4/);
  await page.fill('#check-text', '01\n10\n');
  await page.click('#check');
  const misfit = await page.waitForSelector('#check-misfit');
  assert.match(await misfit.textContent(), /2x2 with 2 colours, but the task on screen is 12x12 with 4 colours/);
  // Nothing moved: size, colours, share link, board.
  assert.equal(await page.$eval('#share-link', (i) => i.value), link);
  assert.equal(await page.$eval('#rf-rows', (s) => s.value), '12');
  assert.equal(await page.$eval('#rf-colours', (s) => s.value), '4');
  assert.equal(await page.$$eval('#hand .cell', (c) => c.length), 144);
  assert.equal(await page.$('#check-result'), null);
  // Switching is explicit, and then the grid is checked on the new task.
  await page.click('#check-switch');
  await page.waitForSelector('#check-result[data-rectangles="0"]');
  assert.match(await page.$eval('#share-link', (i) => i.value), /rectfree\/v1\/2x2c2/);
  assert.deepEqual(await handRows(page), ['01', '10']);
  assert.deepEqual(page.studioErrors, []);
});

test('"What runs, and why" starts closed and shows only what applies to the task on screen', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/5x5c2');
  await page.waitForSelector('#rf-explain');
  assert.equal(await page.$eval('#rf-explain', (d) => d.open), false);
  assert.match(await page.textContent('#rf-explanation'), /Counting bound/);
  assert.equal(await page.$('#rf-bounds'), null, 'no 16..19 four-colour table on a 5x5 two-colour task');
  // The famous sizes get the table, their own row marked.
  await page.selectOption('#rf-rows', '17');
  await page.selectOption('#rf-cols', '17');
  await page.selectOption('#rf-colours', '4');
  await page.waitForSelector('#rf-bounds tr.this', { state: 'attached' });
  assert.equal(await page.$eval('#rf-bounds tr.this td', (t) => t.textContent), '17');
  assert.match(await page.$eval('#share-link', (i) => i.value), /rectfree\/v1\/17x17c4/);
});

test('colour by hand: clicks cycle, rectangles ring live, the checker says solved, and it is kept', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/3x3c2');
  await page.waitForSelector('#hand');
  const cell = (r, c) => `#hand .cell[data-r="${r}"][data-c="${c}"]`;
  // Colour 1 (two clicks) at the four corners: one rectangle, its corners ringed.
  for (const [r, c] of [[0, 0], [0, 2], [2, 0], [2, 2]]) {
    await page.click(cell(r, c));
    await page.click(cell(r, c));
  }
  assert.deepEqual(await handRows(page), ['1.1', '...', '1.1']);
  assert.equal(await page.$eval('#hand', (d) => d.dataset.rectangles), '1');
  assert.equal(await page.$$eval('#hand .cell.corner', (c) => c.length), 4);
  assert.match(await page.textContent('#hand-status'), /1 monochromatic rectangle.*5 cells still uncoloured/);
  // Right-click goes back a colour (1 -> 0), Shift-click too (0 -> uncoloured).
  await page.click(cell(0, 0), { button: 'right' });
  assert.deepEqual(await handRows(page), ['0.1', '...', '1.1']);
  assert.equal(await page.$eval('#hand', (d) => d.dataset.rectangles), '0');
  await page.click(cell(0, 0), { modifiers: ['Shift'] });
  assert.deepEqual(await handRows(page), ['..1', '...', '1.1']);
  // The keyboard: arrows move, digits pick colours, 0 clears, Space cycles.
  await page.click('#clear');
  await page.focus('#hand');
  await page.keyboard.press('ArrowUp'); // at the top row already: stays
  const want = ['001', '010', '100'];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      await page.keyboard.press(String(Number(want[r][c]) + 1));
      if (c < 2) await page.keyboard.press('ArrowRight');
    }
    if (r < 2) for (const k of ['ArrowDown', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  }
  const rows = await handRows(page);
  assert.deepEqual(rows, want);
  assert.equal(partialRectangles(rows), 0, 'rectangle-free by the test\'s own count');
  await page.waitForSelector('#hand[data-solved="true"]');
  assert.match(await page.textContent('#hand-status'), /^Solved!/);
  // Space cycles the cursor's cell (the last one): colour 0, 1, then uncoloured; 0 clears too.
  await page.keyboard.press(' ');
  assert.deepEqual(await handRows(page), ['001', '010', '101']);
  await page.keyboard.press(' ');
  assert.deepEqual(await handRows(page), ['001', '010', '10.']);
  assert.equal(await page.$eval('#hand', (d) => d.dataset.solved), 'false');
  await page.keyboard.press('1');
  await page.waitForSelector('#hand[data-solved="true"]');
  await page.keyboard.press('0');
  assert.deepEqual(await handRows(page), ['001', '010', '10.']);
  // Undo and Redo step through the clicks and keys.
  await page.click('#undo');
  await page.waitForSelector('#hand[data-solved="true"]');
  await page.click('#redo');
  assert.deepEqual(await handRows(page), ['001', '010', '10.']);
  await page.click('#undo');
  await page.waitForSelector('#hand[data-solved="true"]');
  // Kept across a reload.
  await page.reload();
  await page.waitForSelector('#hand[data-solved="true"]');
  assert.deepEqual(await handRows(page), want);
  assert.deepEqual(page.studioErrors, []);
});

test('changing the size keeps each size\'s hand colouring, and the board fits a phone', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/4x4c2');
  await page.waitForSelector('#hand');
  await page.click('#hand .cell[data-r="1"][data-c="2"]');
  assert.deepEqual(await handRows(page), ['....', '..0.', '....', '....']);
  await page.selectOption('#rf-rows', '5');
  await page.waitForFunction(() => document.querySelectorAll('#hand .cell').length === 20);
  assert.match(await page.$eval('#share-link', (i) => i.value), /rectfree\/v1\/5x4c2/);
  assert.equal(await page.$eval('#hand', (d) => d.dataset.coloured), '0');
  await page.selectOption('#rf-rows', '4');
  await page.waitForFunction(() => document.querySelectorAll('#hand .cell').length === 16);
  assert.deepEqual(await handRows(page), ['....', '..0.', '....', '....']);
  // On a 375 px phone the 12x12 board fits the screen and a tap colours a cell.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.selectOption('#rf-rows', '12');
  await page.selectOption('#rf-cols', '12');
  await page.waitForFunction(() => document.querySelectorAll('#hand .cell').length === 144);
  const box = await page.locator('#hand').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `board from ${box.x} to ${box.x + box.width}`);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= 375), 'no sideways scrolling');
  const cellBox = await page.locator('#hand .cell[data-r="0"][data-c="0"]').boundingBox();
  assert.ok(cellBox.width >= 24, `cells of ${cellBox.width} px`);
  await page.click('#hand .cell[data-r="11"][data-c="11"]');
  assert.equal(await page.$eval('#hand .cell[data-r="11"][data-c="11"]', (c) => c.dataset.colour), '0');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(page.studioErrors, []);
});

test('a portfolio of 2 workers: the first checked colouring wins and every worker is stopped', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/12x12c4/s5');
  await page.waitForSelector('#run');
  await workersBecome(page, 1);
  await page.selectOption('#rf-workers', '2');
  assert.match(await page.textContent('#rf-explanation'), /Tabu search/);
  await page.click('#run');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'solved');
  await page.waitForSelector('#result-grid[data-checked="1"]');
  const rows = (await page.textContent('#result-text')).trim().split('\n');
  assert.equal(rows.length, 12);
  assert.ok(rows.every((r) => /^[0-3]{12}$/.test(r)), rows.join('/'));
  assert.equal(rectangles(rows), 0);
  assert.match(await page.textContent('#rf-portfolio'), /^Portfolio: 2 workers raced; worker [12] answered first .* the other one was stopped\.$/);
  // Both race workers are terminated; the studio's own worker stays.
  await workersBecome(page, 1);
  assert.deepEqual(page.studioErrors, []);
});

test('a racing portfolio shows the leading worker on the chart, and Cancel stops every worker', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/17x17c4/s2');
  await page.waitForSelector('#run');
  await page.selectOption('#rf-workers', '3');
  await page.click('#run');
  await page.waitForSelector('#rf-race[data-workers="3"]', { timeout: 30000 });
  await workersBecome(page, 4);
  const leader = Number(await page.$eval('#rf-race', (d) => d.dataset.leader));
  assert.ok(leader >= 1 && leader <= 3);
  await page.waitForSelector('#rf-live svg.chart polyline.best');
  await page.click('#cancel');
  await page.waitForSelector('#status[data-state="ended"]');
  assert.match(await page.textContent('#status'), /Cancelled/);
  await workersBecome(page, 1);
  assert.deepEqual(page.studioErrors, []);
});

test('keyboard: Skip to the board lands on the hand-colouring board, where keys colour', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree');
  await page.reload();
  await page.waitForSelector('#hand .cell');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'hand');
  const before = await page.$eval('#hand', (h) => Number(h.dataset.coloured));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('2');
  await page.waitForFunction((b) => Number(document.querySelector('#hand').dataset.coloured) !== b, before);
  assert.deepEqual(page.studioErrors, []);
});
