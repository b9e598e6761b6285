// Links in the address bar (issue 39): a link cut short opens nothing even where a puzzle of its
// kind is saved, Tatham's own names and page links open their puzzles, and a link shared "with my
// progress" carries the marks and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, boardRows } from './harness.mjs';

const env = suite();
const KEEN = '5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const LINKS = {
  kenken: 'kenken/v1/' + KEEN,
  starbattle: 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC',
};

/** Opens `fragment` as a fresh load (as a link from another app would), keeping storage. */
async function load(page, fragment) {
  await page.goto(env.server.url + '#' + fragment);
  await page.reload();
  await page.waitForSelector('#nav');
}

test('a cut link opens nothing in a browser that holds a saved puzzle of its kind', async () => {
  const page = await open(env.chrome.context, env.server.url, '');
  await page.evaluate(() => localStorage.clear());
  for (const [kind, link] of Object.entries(LINKS)) {
    await load(page, link);
    await page.waitForSelector('#board .cell');
    // A mark, so the saved puzzle has progress to keep.
    await page.click('#board .cell[data-r="0"][data-c="0"]');
    await page.keyboard.press('1').catch(() => {});
    await page.waitForFunction((k) => localStorage.getItem(`puzzle-studio/${k}/work`) !== null, kind);
    const cut = link.slice(0, Math.floor(link.length * 0.6));
    await load(page, cut);
    await page.waitForSelector('#status[data-state="unreadable"]');
    const said = await page.textContent('#status');
    assert.match(said, /This link could not be read/, kind);
    assert.match(said, /Nothing else was opened in its place/, kind);
    await page.waitForTimeout(500);
    assert.equal(await page.$$eval('#board .cell', (c) => c.length), 0, `${kind}: the saved puzzle is not shown`);
    assert.equal(decodeURIComponent(new URL(page.url()).hash), '#' + cut, `${kind}: the address bar keeps the bad link`);
    // The kind's own page brings the saved puzzle back.
    await page.click(`#nav a[href="#${kind}"]`);
    await page.waitForSelector('#board .cell');
    await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, link);
  }
  assert.deepEqual(page.studioErrors, []);
});

test("Tatham's names and page links in the address bar open their puzzles", async () => {
  const page = await open(env.chrome.context, env.server.url, '');
  for (const fragment of ['keen:' + KEEN, 'https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/keen.html#' + KEEN]) {
    await load(page, fragment);
    await page.waitForSelector('#board .cell');
    assert.equal(await page.$$eval('#board .cell', (c) => c.length), 25, fragment);
    await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, LINKS.kenken);
    assert.equal(await page.$('#notice.error'), null, fragment);
  }
  await load(page, 'flood:6x6:032242034203340350204502505323231342,17');
  await page.waitForSelector('#board .cell');
  assert.match(decodeURIComponent(new URL(page.url()).hash), /^#floodit\/v1\/6x6/);
  assert.deepEqual(page.studioErrors, []);
});

test('share with my progress: the link carries the marks, and opening it says so', async () => {
  const page = await open(env.chrome.context, env.server.url, '');
  await page.evaluate(() => localStorage.clear());
  await load(page, LINKS.starbattle);
  await page.waitForSelector('#board .cell');
  // No marks yet: only the puzzle can be shared.
  assert.equal(await page.$eval('#share-progress', (b) => b.disabled), true);
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.click('#board .cell[data-r="2"][data-c="4"]');
  const marked = await boardRows(page);
  await page.waitForFunction(() => !document.querySelector('#share-progress').disabled);
  const count = Number((await page.textContent('.share-what')).match(/With my progress \((\d+) marks?\)/)[1]);
  assert.ok(count >= 2, `${count} marks`);
  const plain = await page.inputValue('#share-link');
  assert.ok(plain.endsWith('#' + LINKS.starbattle), plain);
  await page.check('#share-progress');
  await page.waitForFunction(() => document.querySelector('#share-link').dataset.progress === 'true');
  const progress = await page.inputValue('#share-link');
  assert.match(progress, /#starbattle\/m1\.[0-9a-zA-Z_-]+\/v1\/6x6s1\//);
  // Another browser's first visit: the marks arrive with the puzzle, and the page says so.
  await page.evaluate(() => localStorage.clear());
  await load(page, progress.split('#')[1]);
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await boardRows(page), marked);
  assert.match(await page.textContent('#notice'), new RegExp(`This link carries the sharer's progress: ${count} marks on the board`));
  // The plain link opens the puzzle without them, and says nothing of marks.
  await page.evaluate(() => localStorage.clear());
  await load(page, plain.split('#')[1]);
  await page.waitForSelector('#board .cell');
  assert.equal((await boardRows(page)).join('').replace(/\./g, ''), '');
  assert.equal(await page.$('#notice'), null);
  assert.deepEqual(page.studioErrors, []);
});

test('a link edited by hand to a version or marks this studio does not read is its kind\'s unreadable page, loaded or typed over another', async () => {
  const page = await open(env.chrome.context, env.server.url, LINKS.starbattle);
  await page.waitForSelector('#board');
  const bad = LINKS.starbattle.replace('/v1/', '/v3/');
  // Typed over the puzzle on screen (a hash change), then loaded afresh: the Star Battle page says why.
  for (const how of ['typed', 'loaded']) {
    if (how === 'typed') await page.goto(env.server.url + '#' + bad);
    else await load(page, bad);
    const status = await page.waitForSelector('#status[data-state="unreadable"]');
    assert.match(await status.textContent(), /share link: version v3 is unknown to this studio \(it reads v1 to v2\)/, how);
    assert.match(await page.textContent('h1'), /Star Battle/, how);
    assert.equal(await page.$('#board'), null, how);
  }
  // A second bad link replaces the first one's words.
  await page.goto(env.server.url + '#starbattle/m2.1/' + LINKS.starbattle.slice('starbattle/'.length));
  await page.waitForFunction(() => /marks version m2 is unknown/.test(document.querySelector('#status')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('#status'), /v3 is unknown/);
  // The kind's own address brings the puzzle back.
  await page.goto(env.server.url + '#starbattle');
  await page.waitForSelector('#board');
  assert.deepEqual(page.studioErrors, []);
});

test('the page\'s own address typed, or its menu link clicked, while its puzzle is on screen: the address bar names the puzzle again', async () => {
  const page = await open(env.chrome.context, env.server.url, LINKS.starbattle);
  await page.waitForSelector('#board');
  const named = () => page.waitForFunction((link) => location.hash === '#' + link, LINKS.starbattle, { timeout: 5000 });
  await named();
  await page.goto(env.server.url + '#starbattle');
  await named();
  await page.click('#nav a[href="#starbattle"]');
  await named();
  assert.deepEqual(page.studioErrors, []);
});

test('a link of a kind the studio does not know, typed over a puzzle, says so and leaves the address bar naming the puzzle still on screen', async () => {
  const page = await open(env.chrome.context, env.server.url, LINKS.kenken);
  await page.waitForSelector('#board .cell');
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.keyboard.press('3');
  await page.evaluate(() => { location.hash = 'sudoku/v1/abc'; });
  const notice = await page.waitForSelector('.notice.error');
  assert.match(await notice.textContent(), /unknown puzzle kind `sudoku`/);
  assert.equal(await page.textContent('h1'), 'KenKen', 'the KenKen puzzle stays on screen');
  await page.waitForFunction((link) => location.hash === '#' + link, LINKS.kenken, { timeout: 5000 });
  // So a reload (or a bookmark) opens that puzzle, with its mark, not the home page's error.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.textContent('h1'), 'KenKen');
  assert.equal((await page.textContent('#board .cell[data-r="0"][data-c="0"] .digit'))?.trim(), '3');
  assert.deepEqual(page.studioErrors, []);
});

test('a rectangle-free link that cannot be read offers no share link to copy (it was the bare address ending in #)', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/17x17c9');
  await page.waitForSelector('#status[data-state="unreadable"]');
  assert.match(await page.textContent('#status'), /colours: 9 is outside 2 to 6/);
  assert.equal(await page.$('#share-link'), null);
  // A readable link has its share box again.
  await page.goto(env.server.url + '#rectfree/v1/5x5c2');
  const link = await page.waitForSelector('#share-link');
  assert.match(await link.inputValue(), /#rectfree\/v1\/5x5c2/);
  assert.deepEqual(page.studioErrors, []);
});

// Share links v2 (the nonograms' title, goal and colour names): tests/link_v2.rs checks the same
// literal links natively.
// Dancer's clues fix its picture by line logic, so its link carries the title and not the goal.
const DANCER_V2 = 'nonogram/v2/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2;tDancer';
const HEART_V2 = 'nonogram/v2/5x5:2/4/4/4/2/1.1/5/5/3/1;tSrdce_~E2~99~A5';

test('a v2 link opens a nonogram with its title; the share box, a reload and My puzzles keep it', async () => {
  const page = await open(env.chrome.context, env.server.url, '');
  await page.evaluate(() => localStorage.clear());
  await load(page, DANCER_V2);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.textContent('h1'), 'Nonogram: Dancer');
  await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, DANCER_V2);
  assert.ok((await page.inputValue('#share-link')).endsWith('#' + DANCER_V2), 'the share box gives the v2 link');
  // A reload with nothing saved reads the title from the link alone.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.textContent('h1'), 'Nonogram: Dancer', 'after a reload');
  // A title in any letters: the link's text keeps it through the address bar.
  await load(page, HEART_V2);
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Nonogram: Srdce ♥');
  await page.click('#board .cell[data-r="0"][data-c="1"]');
  await page.click('#nav a[href="#mine"]');
  const row = await page.waitForSelector('#mine-list tr[data-kind="nonogram"]');
  assert.equal(await row.$eval('.mine-title', (t) => t.textContent), 'Srdce ♥');
  // An old v1 link still opens its puzzle, untitled, and stays v1.
  await load(page, 'nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1');
  await page.waitForSelector('#board .cell');
  assert.equal(await page.textContent('h1'), 'Nonogram');
  await page.waitForFunction(() => decodeURIComponent(location.hash) === '#nonogram/v1/5x5:2/4/4/4/2/1.1/5/5/3/1');
  assert.deepEqual(page.studioErrors, []);
});

test('a colour webpbn XML opened from its v2 link keeps title and colour names in the XML export', async () => {
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await page.evaluate(() => localStorage.clear());
  const fs = await import('node:fs');
  const happy = fs.readFileSync(new URL('../data/colournono/happy.pbn', import.meta.url), 'utf8');
  await page.fill('#import-text', happy);
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Colour nonogram: In a cheerful mood');
  // Its goal is left out of the link: line logic from the clues gives it.
  await page.waitForFunction(() => decodeURIComponent(location.hash).endsWith(';tIn_a_cheerful_mood;nwhite.black.yellow'));
  const link = decodeURIComponent(new URL(page.url()).hash).slice(1);
  assert.match(link, /^colournono\/v2\//);
  await page.evaluate(() => localStorage.clear());
  await load(page, link);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.textContent('h1'), 'Colour nonogram: In a cheerful mood');
  assert.deepEqual(page.studioErrors, []);
});
