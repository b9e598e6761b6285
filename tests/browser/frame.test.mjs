// The frame every kind page shares (src/web/frame): on a 375x740 phone the title, the rules
// line, the play bar and the board are on screen together; a solve's verdict is brought into
// view; Play this and links open pages at their top.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open, registryKinds } from './harness.mjs';

const env = suite();

/** How much of `sel` is inside the viewport, vertically: [top, bottom, visible share]. */
const inView = (page, sel) => page.$eval(sel, (e) => {
  const r = e.getBoundingClientRect();
  const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
  return [r.top, r.bottom, Math.max(0, seen) / Math.max(1, r.height)];
});

test('phone: on every kind page the title, the rules line, the play bar and the board are on screen together', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.setViewportSize({ width: 375, height: 740 });
  // Every kind's first puzzle, then a new 15x15 nonogram as the tour played it.
  const kinds = (await registryKinds(page)).filter((k) => k !== 'rectfree');
  for (const fragment of [...kinds, 'nonogram 15x15']) {
    await page.goto(env.server.url + '#' + fragment.split(' ')[0]);
    await page.waitForSelector('#board .cell');
    if (fragment.endsWith('15x15')) {
      await page.selectOption('#gen-size', '15');
      await page.click('#generate');
      await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 225, null, { timeout: 30000 });
    }
    await page.waitForTimeout(150); // the zoom fits after layout
    await page.evaluate(() => window.scrollTo(0, 0));
    const [, h1Bottom] = await inView(page, 'h1');
    assert.ok(h1Bottom > 0, `#${fragment}: the title is on screen`);
    const rules = await page.$eval('#rules', (p) => p.getBoundingClientRect().height);
    assert.ok(rules < 30, `#${fragment}: the rules take one line (${rules} px) until opened`);
    for (const button of ['#undo', '#redo', '#hint']) {
      const [top, bottom] = await inView(page, button);
      assert.ok(top >= 0 && bottom <= 740, `#${fragment}: ${button} on screen (${top}..${bottom})`);
    }
    const [top, , share] = await inView(page, '#board');
    assert.ok(top >= 0 && top < 740 * 0.5, `#${fragment}: the board starts on screen (${top})`);
    assert.ok(share >= 0.6, `#${fragment}: most of the board is on screen (${Math.round(share * 100)}%)`);
  }
  // The rules open in full, and close again.
  await page.click('.rules-more');
  assert.ok(await page.$eval('#rules', (p) => p.getBoundingClientRect().height) > 30);
  assert.equal(await page.getAttribute('.rules-more', 'aria-expanded'), 'true');
  await page.click('.rules-more');
  assert.ok(await page.$eval('#rules', (p) => p.getBoundingClientRect().height) < 30);
  assert.deepEqual(page.studioErrors, []);
});

test('phone: Check sits with the board, and its finding and Solve\'s verdict show where the eye is', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(env.server.url + '#starbattle');
  await page.waitForSelector('#board .cell');
  // Solve is far down the page, in the solver panel; its verdict comes into view.
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  await page.waitForTimeout(200);
  const [top, bottom] = await inView(page, '#status');
  assert.ok(top >= 0 && top < 740 && bottom > 0, `the verdict is on screen (${top}..${bottom})`);
  // Check on the nonogram: its button and its finding are on screen with the board.
  await page.goto(env.server.url + '#nonogram');
  await page.waitForSelector('#board .cell');
  await page.evaluate(() => window.scrollTo(0, 0));
  const [ct, cb] = await inView(page, '#check');
  assert.ok(ct >= 0 && cb <= 740, `Check on screen (${ct}..${cb})`);
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.click('#check');
  await page.waitForSelector('#check-finding', { timeout: 60000 });
  await page.waitForTimeout(200);
  const [ft, fb] = await inView(page, '#check-finding');
  assert.ok(ft >= 0 && fb <= 740, `the finding is on screen (${ft}..${fb})`);
  assert.deepEqual(page.studioErrors, []);
});

test('Play this and a link open the page at its top, not where the last page was scrolled', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForSelector('#art-file');
  const png = fs.readFileSync(new URL('../../static/samples/smiley.png', import.meta.url));
  await page.setInputFiles('#art-file', { name: 'smiley.png', mimeType: 'image/png', buffer: png });
  await page.waitForSelector('#art-status[data-state="done"]', { timeout: 20000 });
  // Play this is at the bottom of the result: the page is scrolled down to press it.
  await page.locator('#art-play').scrollIntoViewIfNeeded();
  assert.ok(await page.evaluate(() => window.scrollY) > 200, 'scrolled down to Play this');
  await page.click('#art-play');
  await page.waitForSelector('#board .cell');
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the nonogram page opens at its top');
  const [top] = await inView(page, '#board');
  assert.ok(top >= 0 && top < 740, `the board is on screen (${top})`);
  // A link from far down one kind page to another page opens that page at its top too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await page.evaluate(() => window.scrollY) > 200);
  await page.evaluate(() => { location.hash = 'kenken'; });
  await page.waitForSelector('#board.kk .cell');
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the KenKen page opens at its top');
  assert.deepEqual(page.studioErrors, []);
});

// The verdict of a solve the player asked for is about the puzzle: a hint or an explanation
// (about the player's marks) keeps it on the status line while it runs and after, on every
// kind; a new solve replaces it.
test('after Solve, Hint and Explain keep the verdict line on every kind', async () => {
  const page = await open(env.chrome.context, env.server.url);
  // A wide screen (the tests above leave a phone's): on a phone Explain waits under More while a
  // hint shows (tour6.test.mjs).
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const kind of ['starbattle', 'kenken', 'nonogram', 'colournono', 'floodit']) {
    await page.goto(env.server.url + '#' + kind);
    await page.waitForSelector('#board .cell');
    await page.click('#clear, #restart');
    await page.click(kind === 'floodit' ? '#minimum' : '#solve');
    await page.waitForSelector('#status[data-state="done"] #verdict', { timeout: 60000 });
    const verdict = await page.textContent('#verdict');
    // Every drawing of the status line from here on is recorded.
    await page.evaluate(() => {
      window.__lost = [];
      const status = () => document.querySelector('#status');
      new MutationObserver(() => {
        const s = status();
        if (!s || !s.querySelector('#verdict')) window.__lost.push(s ? `${s.dataset.state}: ${s.textContent.slice(0, 80)}` : 'no status');
      }).observe(document.querySelector('.workshop'), { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.click('#hint');
    await page.waitForSelector('#hint-text', { timeout: 60000 });
    await page.click('#explain');
    await page.waitForSelector('#explain-close', { timeout: 60000 });
    await page.waitForSelector('#status[data-state="done"]');
    assert.deepEqual(await page.evaluate(() => window.__lost), [], `${kind}: the verdict line went`);
    assert.equal(await page.textContent('#verdict'), verdict, kind);
    await page.click('#explain-close');
  }
  assert.deepEqual(page.studioErrors, []);
});
