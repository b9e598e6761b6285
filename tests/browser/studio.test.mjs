// Real-browser tests: the trunk-built studio in headless Chromium, driven like a person would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, boardRows } from './harness.mjs';

// The puzz.link example of shared/reference/formats.md 2.2 and its published answer.
const PUZZLINK = 'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou';
const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';
const ANSWER = ['.*....', '...*..', '.....*', '..*...', '....*.', '*.....'];
// A 25x25 one-star puzzle whose regions are its rows: millions of answers, so counting runs long.
const LONG = 'starbattle/v1/25x25s1/' + Array.from({ length: 25 }, (_, i) => String.fromCharCode(65 + i).repeat(25)).join('');

const env = suite();

async function solved(page) {
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  return page.$eval('#status', (s) => s.dataset.verdict);
}

test('a share link opens the puzzle, Solve draws the proven unique answer', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 36);
  await page.click('#solve');
  assert.equal(await solved(page), 'unique');
  assert.match(await page.textContent('#verdict'), /Unique/);
  assert.deepEqual(await boardRows(page), ANSWER);
  assert.deepEqual(page.studioErrors, []);
});

test('a pasted puzz.link URL opens the same puzzle and the share link reopens it', async () => {
  const page = await open(env.chrome.context, env.server.url, 'starbattle');
  await page.fill('#import-text', PUZZLINK);
  await page.click('#import-open');
  await page.waitForFunction((l) => location.hash === '#' + l, LINK);
  const share = await page.inputValue('#share-link');
  assert.ok(share.endsWith('#' + LINK), share);
  const again = await env.chrome.context.newPage();
  await again.goto(share);
  await again.click('#solve');
  assert.equal(await solved(again), 'unique');
  assert.deepEqual(await boardRows(again), ANSWER);
  await again.close();
});

test('a malformed link gets a clear message and the page keeps working', async () => {
  const page = await open(env.chrome.context, env.server.url, 'starbattle/v1/6x6s1/AAAB');
  // The page says why where the board would be (issue 39 item 2).
  const notice = await page.waitForSelector('#status[data-state="unreadable"]');
  const text = await notice.textContent();
  assert.match(text, /could not be read/);
  assert.match(text, /expected 36 region letters/);
  // Still usable: a bad paste is refused with a message beside the box, then a good link solves.
  await page.fill('#import-text', 'https://puzz.link/p?starbattle/6/6/1/4ilb');
  await page.click('#import-open');
  await page.waitForFunction(() => /walls/.test(document.querySelector('#import-error')?.textContent ?? ''));
  await page.goto(env.server.url + '#' + LINK);
  await page.click('#solve');
  assert.equal(await solved(page), 'unique');
  assert.deepEqual(page.studioErrors, []);
});

test('Cancel stops a long count within half a second, and the next solve works', async () => {
  const page = await open(env.chrome.context, env.server.url, LONG);
  await page.waitForSelector('#board .cell');
  await page.click('#count');
  await page.waitForSelector('#status[data-state="busy"]');
  // Progress appears while the work runs.
  await page.waitForFunction(() => /conflicts/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 5000 });
  await page.waitForTimeout(1000);
  assert.equal(await page.$eval('#status', (s) => s.dataset.state), 'busy', 'still counting after a second');
  const t0 = Date.now();
  await page.click('#cancel');
  await page.waitForSelector('#status[data-state="ended"]');
  const stoppedMs = Date.now() - t0;
  assert.ok(stoppedMs <= 500, `stopped in ${stoppedMs} ms`);
  assert.match(await page.textContent('#status'), /Cancelled/);
  await page.click('#solve');
  assert.equal(await solved(page), 'multiple');
  assert.match(await page.textContent('#verdict'), /More than one solution/);
});

test('the back button returns to the previous puzzle', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.fill('#import-text', '#' + LONG);
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 625);
  await page.goBack();
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 36);
});

test('stars placed by hand survive a reload, and a finished board says so', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  for (const [r, row] of ANSWER.entries()) {
    const c = row.indexOf('*');
    await page.click(`#board .cell[data-r="${r}"][data-c="${c}"]`);
  }
  await page.waitForSelector('#solved-moment');
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await boardRows(page), ANSWER);
  await page.waitForSelector('#solved-moment');
  // Touching stars are shown as mistakes.
  await page.click('#clear');
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.click('#board .cell[data-r="1"][data-c="1"]');
  assert.equal(await page.$$eval('#board .cell.bad', (c) => c.length), 2);
});
