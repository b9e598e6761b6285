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

test('import a bad grid: its rectangles are counted and outlined', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree');
  await page.waitForSelector('#check-text');
  // Rows 0 and 1 agree in colour 0 on columns 0..2: C(3,2) = 3 rectangles; row 2 is harmless.
  await page.fill('#check-text', '0001\n0002\n1210\n');
  await page.click('#check');
  await page.waitForSelector('#check-grid');
  assert.equal(await page.$eval('#check-grid', (d) => d.dataset.rectangles), '3');
  assert.equal(await page.$$eval('#check-grid svg rect.rect', (r) => r.length), 3);
  assert.match(await page.textContent('#check-result'), /3 monochromatic rectangles/);
  // The spaced 1..K form of a valid grid passes.
  await page.fill('#check-text', '1 2\n2 1\n');
  await page.click('#check');
  await page.waitForSelector('#check-grid[data-rectangles="0"]');
  assert.match(await page.textContent('#check-result'), /Valid/);
  // The checked grid survives a reload.
  await page.reload();
  await page.waitForSelector('#check-grid[data-rectangles="0"]');
  // Garbage says what is wrong.
  await page.fill('#check-text', '01\n0x\n');
  await page.click('#check');
  assert.match(await page.textContent('#check-error'), /line 2/);
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
  assert.match(await page.textContent('#rf-portfolio'), /^Portfolio: 2 workers raced; worker [12] answered first .* the other 1 were stopped\.$/);
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
