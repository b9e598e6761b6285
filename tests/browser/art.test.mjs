// Image to nonogram in headless Chromium: upload, verdict, givens, and the link to the player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open } from './harness.mjs';

const env = suite();

test('an uploaded PNG becomes a unique nonogram whose share link opens the same puzzle', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  const png = fs.readFileSync(new URL('../../static/samples/smiley.png', import.meta.url));
  await page.setInputFiles('#art-file', { name: 'smiley.png', mimeType: 'image/png', buffer: png });
  await page.waitForSelector('#art-status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#art-status', (s) => s.dataset.verdict), 'unique');
  assert.ok(await page.$('#art-original'));
  assert.ok((await page.$$('.art-grid')).length >= 2);
  // The share link carries the puzzle with its givens: its payload is the Tatham ID shown.
  const share = await page.inputValue('#share-link');
  const id = await page.inputValue('#art-tatham');
  assert.ok(share.endsWith('#nonogram/v1/' + id), `${share} vs ${id}`);
  // Translucent squares on the same image: the figures appear and it is still made unique.
  await page.selectOption('#art-method', 'translucent');
  await page.waitForFunction(() => /Objective/.test(document.querySelector('#art-quality')?.textContent ?? ''), null, { timeout: 20000 });
  await page.waitForSelector('#art-status[data-state="done"][data-verdict="unique"]', { timeout: 20000 });
  const share2 = await page.inputValue('#share-link');
  // "Play this" and the share link open the same puzzle on the nonogram page.
  await page.click('#art-play');
  await page.waitForFunction((s) => location.href === s, share2);
  await page.waitForSelector('#board .cell');
  const cells = await page.$$eval('#board .cell', (c) => c.length);
  const again = await env.chrome.context.newPage();
  await again.goto(share2);
  await again.waitForSelector('#board .cell');
  assert.equal(await again.$('#notice'), null, 'the link reads without an error');
  assert.equal(await again.$$eval('#board .cell', (c) => c.length), cells);
  // Ready to play, and the solver proves it unique with the givens.
  await again.click('#solve');
  await again.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await again.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await again.close();
  assert.deepEqual(page.studioErrors, []);
});
