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
  assert.match(await page.textContent('#hint-text'), /Play \w+ \(\d\) now/);
  await page.click('#hint-apply');
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
    const swatches = await page.$$('#swatches .swatch:not([disabled])');
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
});
