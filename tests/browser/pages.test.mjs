// Nothing lost or hidden between pages and tabs (issue 29, items 1, 2 and 14): a job belongs to
// its page, so a search left running on one page never greys out another, shows in the bar with
// its page's name, its visible end and a Cancel; two tabs on one puzzle keep in step and a
// reload loses neither tab's marks; My puzzles lists what was played and resumes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open } from './harness.mjs';

const env = suite();
// A 30x30 Flood-It board with 8 colours, far too hard to prove within the test.
const BIG = 'floodit/v1/30x30/675357883767176826551851533474853635734838676331834568462688258523787726634743624852453615428688145637365847544464237543348834146572727748121151642163284376686767836686132545522371337574334442741437768472175564534214548751182648131235217628722715381783427227261252473471374483153166311443441478763722764151664652138686523612321357121887257215473867638725558486666428721144526231377447134461426685752634272142684131631177782643156235544421167883281858342537541735563152742742758544364267116525235523443674512126732343586246678726522882658454112187878765517225856273428361486136735347457365325387688783576184861731813525143752765783423645684851513747476221531772286822872628722756257337352567642788385452346664277781358423523647884162133546212748153534475332138574175661728426511825715861285218353424657667728155453431116753836364651887731817335125184122831283547461625785537378822182471674577327868626';
const HEART = 'nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1';
const SB = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';

test('a search left running on Flood-It leaves the nonogram page free, shows in the bar with a Cancel, and has a visible end', async () => {
  const page = await open(env.chrome.context, env.server.url, BIG);
  await page.waitForSelector('#board .cell');
  await page.click('#restart');
  await page.click('#minimum');
  await page.waitForSelector('#status[data-state="busy"]');
  // Its end is said from the start.
  assert.match(await page.textContent('#status'), /Finding the minimum… [\d.]+ s \(stops at 2:00\)/);
  await page.goto(env.server.url + '#' + HEART);
  await page.waitForSelector('#board .cell');
  // The nonogram page is not busy: its buttons work, and the other page's job is in the bar.
  for (const id of ['#solve', '#check', '#hint', '#explain', '#generate']) {
    assert.equal(await page.$eval(id, (b) => b.disabled), false, `${id} is usable`);
  }
  const chip = await page.waitForSelector('#nav-jobs .nav-job[data-owner="floodit"]');
  assert.match(await chip.textContent(), /Flood-It: Finding the minimum.*\(stops at 2:00\)/);
  // A job of this page runs beside it.
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"][data-verdict="unique"]', { timeout: 30000 });
  assert.ok(await page.$('#nav-jobs .nav-job[data-owner="floodit"]'), 'the Flood-It search still runs');
  // Cancel in the bar stops that job alone; its page says so and keeps its best answer.
  await page.click('#nav-jobs .nav-job[data-owner="floodit"] .nav-job-cancel');
  await page.waitForFunction(() => !document.querySelector('#nav-jobs'));
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await page.click('#nav a[href="#floodit"]');
  await page.waitForSelector('#board.floodit-board');
  assert.match(await page.textContent('#status'), /Cancelled/);
  const text = await page.textContent('#certificate-text');
  assert.match(text, /Best found: \d+ moves, and no solution has fewer than \d+/);
  assert.doesNotMatch(await page.textContent('#certificate'), /search goes on/);
  assert.deepEqual(page.studioErrors, []);
});

test('two tabs on one Star Battle keep in step, say so, and a reload of either loses no star', async () => {
  const a = await open(env.chrome.context, env.server.url, SB);
  await a.waitForSelector('#board .cell');
  await a.click('#clear');
  const b = await env.chrome.context.newPage();
  b.on('pageerror', (e) => { throw e; });
  await b.goto(env.server.url + '#' + SB);
  await b.waitForSelector('#board .cell');
  const stars = (p) => p.$$eval('#board .cell[data-star="1"]', (cs) => cs.map((c) => `${c.dataset.r},${c.dataset.c}`).sort());
  await a.click('#board .cell[data-r="0"][data-c="0"]');
  // Tab b takes a's star, and says so.
  await b.waitForFunction(() => document.querySelectorAll('#board .cell[data-star="1"]').length === 1);
  assert.match(await b.textContent('#toasts'), /another tab/);
  await b.click('#board .cell[data-r="2"][data-c="3"]');
  await a.waitForFunction(() => document.querySelectorAll('#board .cell[data-star="1"]').length === 2);
  assert.deepEqual(await stars(a), ['0,0', '2,3']);
  await a.reload();
  await a.waitForSelector('#board .cell');
  assert.deepEqual(await stars(a), ['0,0', '2,3'], 'the reload keeps both tabs\' stars');
  await b.close();
  assert.deepEqual(a.studioErrors, []);
});

test('two tabs on different puzzles of one kind never overwrite each other', async () => {
  const other = 'starbattle/v1/5x5s1/AAAAABBBBBCCCCCDDDDDEEEEE';
  const a = await open(env.chrome.context, env.server.url, SB);
  await a.waitForSelector('#board .cell');
  await a.click('#clear');
  await a.click('#board .cell[data-r="1"][data-c="1"]');
  const b = await env.chrome.context.newPage();
  await b.goto(env.server.url + '#' + other);
  await b.waitForSelector('#board .cell');
  await b.click('#clear');
  await b.click('#board .cell[data-r="4"][data-c="4"]');
  await a.click('#board .cell[data-r="3"][data-c="5"]');
  await b.reload();
  await b.waitForSelector('#board .cell');
  assert.equal(await b.$eval('#board', (e) => e.querySelectorAll('.cell[data-star="1"]').length), 1);
  assert.ok(await b.$('#board .cell[data-r="4"][data-c="4"][data-star="1"]'));
  await a.reload();
  await a.waitForSelector('#board .cell');
  assert.ok(await a.$('#board .cell[data-r="1"][data-c="1"][data-star="1"]'));
  assert.ok(await a.$('#board .cell[data-r="3"][data-c="5"][data-star="1"]'));
  await b.close();
  assert.deepEqual(a.studioErrors, []);
});

test('My puzzles lists what was played with its time and moves, resumes it in one click, and moves to another browser as one file', async () => {
  const page = await open(env.chrome.context, env.server.url, HEART);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  await page.click('#board .cell >> nth=1');
  await page.click('#board .cell >> nth=2');
  await page.click('#nav a[href="#mine"]');
  const row = await page.waitForSelector('#mine-list tr[data-kind="nonogram"]');
  const cell = (cls) => row.$eval(`td.${cls}`, (t) => t.textContent);
  assert.equal(await row.$eval('.mine-kind', (t) => t.textContent), 'Nonogram');
  assert.equal(await row.$eval('.mine-title', (t) => t.textContent), 'Sample: Heart 5x5', 'a sample is named');
  assert.equal(await cell('mine-size'), '5x5');
  assert.equal(await cell('mine-status'), 'In progress');
  assert.equal(await cell('mine-moves'), '2');
  // Its picture shows the board as left: two filled cells.
  assert.equal(await row.$$eval('td.mine-thumb svg rect[fill="#1d2430"]', (r) => r.length), 2);
  // Export, then read the file back in a fresh browser.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#mine-export')]);
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'puzzle-studio-puzzles');
  assert.ok(saved.puzzles.some((p) => p.kind === 'nonogram'));
  await row.$eval('a', (a) => a.click());
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell.filled', (c) => c.length), 2, 'Resume brings the marks back');

  const { browser } = await import('./harness.mjs');
  const fresh = await browser();
  try {
    const p2 = await open(fresh.context, env.server.url, 'mine');
    await p2.waitForSelector('#mine-empty');
    await p2.setInputFiles('#mine-import', file);
    await p2.waitForSelector('#mine-list tr[data-kind="nonogram"]');
    // A file that is not a My puzzles file is refused in words.
    fs.writeFileSync(file + '.bad.json', '{"hello": 1}');
    await p2.setInputFiles('#mine-import', file + '.bad.json');
    await p2.waitForFunction(() => /not a My puzzles file/.test(document.querySelector('#toasts').textContent));
    assert.deepEqual(p2.studioErrors, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(page.studioErrors, []);
});

test('a page chosen from the menu by keyboard takes the focus along; the theme switch says what it does on a phone too', async () => {
  const page = await open(env.chrome.context, env.server.url, '');
  await page.focus('#nav-items a[href="#kenken"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .cell');
  await page.waitForFunction(() => !document.activeElement?.closest('#nav-items'));
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('#board, #page')), 'focus is on the page');
  await page.setViewportSize({ width: 375, height: 740 });
  // On a phone the switch unfolds with the menu.
  await page.click('#nav-menu');
  const theme = await page.$eval('#theme', (b) => ({ icon: b.querySelector('.theme-icon').textContent, label: b.getAttribute('aria-label'), visible: b.innerText.trim() }));
  assert.match(theme.label, /^Theme: (as the device|dark|light)$/);
  assert.match(theme.visible, /^[◐☾☀]\s*(as the device|dark|light)$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(page.studioErrors, []);
});
