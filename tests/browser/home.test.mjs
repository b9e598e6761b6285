// The home page: every kind with a picture and one-click samples that open a playable puzzle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, registryKinds } from './harness.mjs';

const env = suite();

test('each kind has a picture and samples, and a sample opens its puzzle in one click', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.waitForSelector('.home .kind-card');
  const cards = await page.$$eval('.home .kind-card', (cs) => cs.map((c) => ({
    kind: c.dataset.kind,
    picture: c.querySelectorAll('svg.kind-picture rect').length,
    samples: [...c.querySelectorAll('a.sample')].map((a) => a.getAttribute('href')),
  })));
  // One card per kind of the registry, in the menu's order, then the image tool.
  const kinds = await registryKinds(page);
  const menu = await page.$$eval('#nav-items a', (as) => as.map((a) => a.getAttribute('href').slice(1)));
  assert.deepEqual(menu, [...kinds, 'art', 'bench', 'mine']);
  assert.deepEqual(cards.map((c) => c.kind), [...kinds, 'art']);
  for (const k of ['nonogram', 'kenken', 'starbattle', 'floodit', 'rectfree']) assert.ok(kinds.includes(k), k);
  for (const c of cards) {
    assert.ok(c.picture >= 9, `${c.kind} has a picture`);
    if (c.kind !== 'art') {
      assert.ok(c.samples.length >= 1, `${c.kind} has a sample`);
      for (const href of c.samples) assert.ok(href.startsWith(`#${c.kind}/`), href);
    }
  }
  // One click: the Star Battle sample opens its 6x6 board, and Solve proves it unique.
  await page.click('.kind-card[data-kind="starbattle"] a.sample');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 36);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  // And the nonogram heart: 5x5.
  await page.goto(env.server.url);
  await page.click('.kind-card[data-kind="nonogram"] a.sample');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  assert.deepEqual(page.studioErrors, []);
});
