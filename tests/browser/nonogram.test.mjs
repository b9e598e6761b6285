// The nonogram player and solver in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, boardRows, workersBecome } from './harness.mjs';

// webpbn #1 "Dancer" (formats.md 3.2): its Tatham ID, its puzz.link URL and its unique answer.
const TATHAM = '5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2';
const PUZZLINK = 'https://puzz.link/p?nonogram/5/10/12i312h7j31i12i2h12g11g3h11g11g2h11g21g2h';
const GOAL = ['.##..', '.##.#', '..#.#', '.###.', '#.#..', '#.#..', '..##.', '.#.#.', '.#.##', '##...'];
const LINK = 'nonogram/v1/' + TATHAM;

const env = suite();

const cell = (r, c) => `#board .cell[data-r="${r}"][data-c="${c}"]`;

const gridRows = (page) => boardRows(page, 'v', '1', '#');

test('a nonogram link opens, Solve proves it unique and rates it', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 50);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  assert.match(await page.textContent('#status'), /Rating: line logic/i);
  assert.deepEqual(await gridRows(page), GOAL);
  assert.deepEqual(page.studioErrors, []);
});

test('Solve with a portfolio of 3 workers: the first checked answer wins, the report names it, and every race worker stops', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await workersBecome(page, 1);
  await page.selectOption('#nono-workers', '3');
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 30000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  assert.match(await page.textContent('#status'), /Portfolio: 3 workers raced; worker [123] answered first \(its answer passed the independent checker\) and the other 2 were stopped\./);
  assert.deepEqual(await gridRows(page), GOAL);
  await workersBecome(page, 1);
  assert.deepEqual(page.studioErrors, []);
});

/** Clues and givens of a 200x200 random picture (half black, 16% of cells given; mulberry32
 * from `seed`) as the studio's JSON. Line logic runs long on it (natively about 0.8 s and
 * 14,800 line solves for seed 1, then SAT settles some 600 cells): long enough to watch. */
function bigLineLogicPuzzle(seed) {
  let a = seed;
  const rnd = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const side = 200;
  const pic = Array.from({ length: side }, () => Array.from({ length: side }, () => rnd() < 0.5));
  const runs = (line) => line.map((b) => (b ? '#' : '.')).join('').split('.').filter((r) => r).map((r) => r.length);
  const givens = pic.map((row) => row.map((b) => (rnd() < 0.16 ? (b ? '#' : '.') : '?')).join(''));
  const cols = pic[0].map((_, c) => runs(pic.map((row) => row[c])));
  return JSON.stringify({ kind: 'nonogram', rows: pic.map(runs), cols, givens });
}

test('while line logic runs on a 200x200 puzzle the status says how many cells are known', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.fill('#import-text', bigLineLogicPuzzle(1));
  await page.click('#import-open');
  await page.waitForFunction(() => location.hash.length > 1000);
  await page.waitForSelector('#board .cell[data-r="199"][data-c="199"]');
  // Every text the status bar shows, caught as it changes (a report lasts 250 ms at most).
  await page.evaluate(() => {
    window.statusTexts = [];
    new MutationObserver(() => window.statusTexts.push(document.querySelector('#status')?.textContent ?? '')).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  const texts = await page.evaluate(() => window.statusTexts);
  const known = texts.map((t) => t.match(/Solving… [\d.]+ s \(stops at [\d:]+\) · Line logic: (\d+) of (\d+) cells known/)).filter(Boolean);
  assert.ok(known.length > 0, `no line-logic progress among ${JSON.stringify([...new Set(texts)].slice(0, 5))}`);
  for (const [, n, total] of known) {
    assert.equal(total, '40000');
    assert.ok(Number(n) > 0 && Number(n) < 40000, n);
  }
  assert.match(await page.textContent('#status'), /Line logic fixed \d+ of 40000 cells/);
  assert.deepEqual(page.studioErrors, []);
});

test('playing by hand: fill, mark, drag a line, undo and redo, clues grey out, Check finds a mistake', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  // A drag from (0,1) to (0,2) fills a straight line as one step.
  const a = await page.$(cell(0, 1));
  const b = await page.$(cell(0, 2));
  const boxA = await a.boundingBox();
  const boxB = await b.boundingBox();
  await page.mouse.move(boxA.x + 5, boxA.y + 5);
  await page.mouse.down();
  await page.mouse.move(boxB.x + 5, boxB.y + 5, { steps: 3 });
  await page.mouse.up();
  assert.equal((await gridRows(page))[0], '.##..');
  // Row 0's clue "2" is satisfied and greys out.
  await page.waitForSelector('#board .clue.row.sat[data-r="0"]');
  await page.click('#undo');
  assert.equal((await gridRows(page))[0], '.....');
  await page.click('#redo');
  assert.equal((await gridRows(page))[0], '.##..');
  // Right-click marks a cell empty.
  await page.click(cell(0, 0), { button: 'right' });
  assert.equal(await page.$eval(cell(0, 0), (c) => c.dataset.v), '2');
  // A wrong fill turns the row's clue red and Check rings it.
  await page.click(cell(0, 4));
  await page.waitForSelector('#board .clue.row.bad[data-r="0"]');
  await page.click('#check');
  await page.waitForSelector('#board .cell.mistake');
  assert.equal(await page.$$eval('#board .cell.mistake', (c) => c.map((x) => x.dataset.r + ',' + x.dataset.c).join(' ')), '0,4');
  assert.match(await page.textContent('#status'), /Your grid: 1 mistake/);
});

test('the keyboard moves a cursor and fills; a finished grid says so and survives a reload', async () => {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  // A click fills (0,0) and puts the cursor there; the keys move on and fill (0,1).
  await page.click(cell(0, 0));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.equal((await gridRows(page))[0], '##...');
  await page.keyboard.press('Control+z');
  assert.equal((await gridRows(page))[0], '#....');
  await page.click('#clear');
  for (const [r, row] of GOAL.entries()) {
    for (const [c, ch] of [...row].entries()) if (ch === '#') await page.click(cell(r, c));
  }
  await page.waitForSelector('#solved-moment');
  await page.reload();
  await page.waitForSelector('#solved-moment');
  assert.deepEqual(await gridRows(page), GOAL);
});

test('a pasted puzz.link URL opens; a bad Tatham ID gets a message naming the problem', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.fill('#import-text', PUZZLINK);
  await page.click('#import-open');
  await page.waitForFunction((l) => decodeURIComponent(location.hash) === '#' + l, LINK);
  await page.fill('#import-text', '5x10:2.1/2.1.3/7/1.3');
  await page.click('#import-open');
  // Said beside the box, with what the page reads; no notice covers the controls.
  const said = await page.waitForSelector('#import-error');
  assert.match(await said.textContent(), /Could not read that as a Nonogram puzzle.*This page reads a studio share link, a Tatham Pattern ID/s);
  assert.equal(await page.$('#notice'), null);
  // The page still works.
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]');
});

test('the editor makes a puzzle from typed clues and from a drawing', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.click('.editor summary');
  await page.fill('#edit-rows', '1\n1');
  await page.fill('#edit-cols', '1\n1');
  await page.click('#edit-make');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 4);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]');
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'multiple');
  assert.ok((await page.$$('#board .cell.differs')).length > 0, 'cells where the two answers differ are marked');
  await page.fill('#draw-w', '3');
  await page.fill('#draw-h', '2');
  await page.click('#draw-start');
  // Rows `##.` and `.#.`: clues 2 / 1 and 1 / 2 / 0, which only this picture satisfies.
  await page.click('#drawing .dcell >> nth=0');
  await page.click('#drawing .dcell >> nth=1');
  await page.click('#drawing .dcell >> nth=4');
  await page.click('#draw-take');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 6);
  // The drawing's clues are in the boxes, to be changed there.
  assert.deepEqual(await page.$$eval('#edit-rows, #edit-cols', (t) => t.map((x) => x.value)), ['2\n1', '1\n2\n0']);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]');
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
});

test('exports download in the outside formats, and as SVG and PNG pictures', async () => {
  const fs = await import('node:fs');
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForSelector('#board .cell');
  await page.click('.export summary');
  const download = async (selector) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return { name: d.suggestedFilename(), bytes: fs.readFileSync(await d.path()) };
  };
  const non = await download('button.export-format:has-text(".non")');
  assert.equal(non.name, 'puzzle.non');
  assert.equal(await page.$('#notice'), null, 'nothing is given, so nothing is left out');
  assert.match(non.bytes.toString(), /width 5/);
  assert.match(non.bytes.toString(), /rows\n2\n2,1\n/);
  const xml = await download('button.export-format:has-text("webpbn XML")');
  assert.match(xml.bytes.toString(), /<puzzleset>/);
  const tatham = await download('button.export-format:has-text("Tatham")');
  assert.equal(tatham.bytes.toString().trim(), TATHAM);
  const svg = await download('button:has-text("puzzle.svg")');
  assert.match(svg.bytes.toString(), /^<svg/);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]');
  const png = await download('button:has-text("solution.png")');
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});

test('an export whose format has no givens says that it leaves them out; the Tatham ID keeps them', async () => {
  const fs = await import('node:fs');
  // A 4x4 with a given cell (Tatham's givens `Ap`).
  const page = await open(env.chrome.context, env.server.url, 'nonogram/v1/4x4:2/1/2/1/1.1/2/1/1,Ap');
  await page.waitForSelector('#board .cell');
  // The Export box may be open already (the page remembers it).
  if (!(await page.$eval('details.export', (d) => d.open))) await page.click('.export summary');
  const download = async (selector) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return fs.readFileSync(await d.path()).toString();
  };
  const tatham = await download('button.export-format:has-text("Tatham")');
  assert.equal(tatham.trim(), '4x4:2/1/2/1/1.1/2/1/1,Ap');
  assert.equal(await page.$('#notice'), null);
  for (const format of ['.non', '.nin', 'webpbn XML', 'puzz.link']) {
    await download(`button.export-format:has-text("${format}")`);
    const notice = await page.waitForSelector('#notice.info');
    assert.match(await notice.textContent(), /leaves out the puzzle's 1 given cell .*Tatham Pattern ID/, format);
    await page.click('#notice button');
    await page.waitForSelector('#notice', { state: 'detached' });
  }
});
