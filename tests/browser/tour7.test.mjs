// The seventh tour (making and sharing, desktop first, 2026-11-29), in headless Chromium: the
// colour nonogram editor's Width and Height make the first blank drawing that size (they were
// ignored until a drawing existed: 7x13 typed gave 10x10); a square Tatham Flood ID (`5:…`, read
// by Tatham and the command line) opens on the Flood-It page, not refused as a broken Keen ID; a
// file chosen in an import box can be chosen again (the box is emptied after reading, as a
// browser sends no change for the file already chosen); a blank picture made into a nonogram is
// said to have nothing to find, not only "Unique without givens"; KenKen says when the size
// chosen caps the level chosen (a 3x3 asked at unreasonable was made at normal without a word).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();

test('the colour editor makes its first blank drawing at the width and height typed', async () => {
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  assert.equal(await page.$('#cn-editor'), null, 'no drawing yet');
  // Typed as a person types: select, type, leave the box.
  for (const [box, value] of [['#cn-w', '7'], ['#cn-h', '13']]) {
    await page.click(box, { clickCount: 3 });
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  assert.deepEqual([await page.inputValue('#cn-w'), await page.inputValue('#cn-h')], ['7', '13']);
  await page.click('#cn-new');
  await page.waitForSelector('#cn-editor');
  const size = await page.$eval('#cn-editor', (e) => [e.dataset.cols, e.dataset.rows]);
  assert.deepEqual(size, ['7', '13'], 'the blank drawing is 7 wide and 13 high');
  assert.deepEqual([await page.inputValue('#cn-w'), await page.inputValue('#cn-h')], ['7', '13'], 'the boxes keep what was typed');
  // And the boxes go on resizing the drawing once it exists.
  await page.click('#cn-w', { clickCount: 3 });
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelector('#cn-editor').dataset.cols === '1');
  assert.equal(await page.$eval('#cn-editor', (e) => e.dataset.rows), '13');
  assert.deepEqual(page.studioErrors, []);
});

test('a square Tatham Flood ID opens on the Flood-It page; a broken one names both readers', async () => {
  const page = await open(env.chrome.context, env.server.url, 'floodit');
  await page.fill('#import-text', '5:2221312311324121224241343,12');
  await page.click('#import-open');
  await page.waitForFunction(() => decodeURIComponent(location.hash) === '#floodit/v1/5x5m12/2221312311324121224241343');
  assert.equal(await page.$('#import-error'), null, 'no error');
  assert.equal(await page.locator('#board .cell').count(), 25);
  // A Flood ID cut short reads as neither: the error says what each reader found, the page's
  // own first.
  await page.fill('#import-text', '5:222131231132412122424134,12');
  await page.click('#import-open');
  const error = await page.textContent('#import-error');
  assert.match(error, /^Could not read that as a Flood-It puzzle: cells: a 5x5 board needs 25 cells, found 24 \(nor as a KenKen puzzle: Keen ID/, error);
  // A Keen ID pasted on the Flood-It page still opens on the KenKen page.
  await page.fill('#import-text', '4:_a_6a_ab__ac,s1m8a10s1m12a1a4');
  await page.click('#import-open');
  await page.waitForFunction(() => location.hash.startsWith('#kenken/v1/4:'));
  assert.deepEqual(page.studioErrors, []);
});

test('an import box reads a file, then the same file chosen again after an edit', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  // A .non of the tour's own making, 1 wide and 3 high, with a comment line.
  const non = (rows, column) => ({ name: 'mine.non', mimeType: 'text/plain', buffer: Buffer.from(`# made for the tour\nwidth 1\nheight 3\n\nrows\n${rows.join('\n')}\n\ncolumns\n${column}\n`) });
  await page.setInputFiles('#import-file', non(['1', '0', '1'], '1,1'));
  await page.waitForFunction(() => decodeURIComponent(location.hash) === '#nonogram/v1/1x3:1.1/1//1');
  // Emptied after reading: a browser sends no change event when the chosen file is chosen
  // again, so a box still holding mine.non would ignore the edited mine.non.
  assert.equal(await page.$eval('#import-file', (e) => e.value), '', 'the file box is emptied');
  await page.setInputFiles('#import-file', non(['1', '1', '0'], '2'));
  await page.waitForFunction(() => decodeURIComponent(location.hash).startsWith('#nonogram/v1/1x3:2/1/1/'));
  assert.equal(await page.$eval('#import-file', (e) => e.value), '');
  assert.deepEqual(page.studioErrors, []);
});

test('a blank picture is said to have nothing to find', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  // A white PNG and a fully transparent one, drawn by the page's own canvas.
  const png = async (fill) => Buffer.from(await page.evaluate((fill) => {
    const c = document.createElement('canvas');
    c.width = 64; c.height = 48;
    const g = c.getContext('2d');
    if (fill) { g.fillStyle = fill; g.fillRect(0, 0, 64, 48); }
    return c.toDataURL('image/png').split(',')[1];
  }, fill), 'base64');
  for (const [name, fill] of [['white.png', '#ffffff'], ['clear.png', null]]) {
    await page.setInputFiles('#art-file', { name, mimeType: 'image/png', buffer: await png(fill) });
    await page.waitForSelector('#art-status[data-state="done"] #art-blank', { timeout: 30000 });
    const warning = await page.textContent('#art-blank');
    assert.match(warning, /^Every cell came out empty: this puzzle has nothing to find; /, `${name}: ${warning}`);
    assert.equal(await page.$eval('#art-status', (e) => e.dataset.blank), 'true');
  }
  // A picture with a subject has no such warning.
  const half = Buffer.from(await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64; c.height = 48;
    const g = c.getContext('2d');
    g.fillStyle = '#fff'; g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#000'; g.beginPath(); g.arc(32, 24, 16, 0, 7); g.fill();
    return c.toDataURL('image/png').split(',')[1];
  }), 'base64');
  await page.setInputFiles('#art-file', { name: 'disc.png', mimeType: 'image/png', buffer: half });
  await page.waitForFunction(() => {
    const s = document.querySelector('#art-status');
    return s?.dataset.state === 'done' && !s.querySelector('#art-blank') && s.dataset.blank === undefined;
  }, null, { timeout: 30000 });
  assert.deepEqual(page.studioErrors, []);
});

test('KenKen says a small grid is made at a lower level than the one chosen', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken');
  await page.selectOption('#gen-size', '3');
  await page.selectOption('#gen-level', 'unreasonable');
  assert.equal((await page.textContent('#gen-level-note')).trim(), "A 3x3 is made at normal at most (as in Tatham's Keen: so few cells need no harder rule).");
  await page.selectOption('#gen-size', '4');
  assert.match(await page.textContent('#gen-level-note'), /A 4x4 is made at extreme at most/);
  await page.selectOption('#gen-level', 'extreme');
  assert.equal(await page.$('#gen-level-note'), null, 'a 4x4 is made at extreme');
  await page.selectOption('#gen-size', '6');
  await page.selectOption('#gen-level', 'unreasonable');
  assert.equal(await page.$('#gen-level-note'), null, 'a 6x6 is made at every level');
  // What the note says is what the generator does: a 3x3 asked at hard comes out normal.
  await page.selectOption('#gen-size', '3');
  await page.selectOption('#gen-level', 'hard');
  await page.click('#generate');
  await page.waitForFunction(() => location.hash.startsWith('#kenken/v1/3:'), null, { timeout: 30000 });
  await page.click('#solve');
  // The answer shows at once and the rating follows.
  await page.waitForFunction(() => /Rating: \w+/.test(document.querySelector('.status[data-verdict="unique"]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.match(await page.textContent('.status[data-verdict="unique"]'), /Rating: normal\./);
  assert.deepEqual(page.studioErrors, []);
});
