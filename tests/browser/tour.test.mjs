// The third tour's phone and newcomer findings (issue 39), in headless Chromium: on a 375x740
// phone the cells a hint names and the hint panel are both on screen and apart (15x15 and 25x25
// nonograms), and on a 1280x900 desktop a 17x17 Star Battle's hint shows its cells, its figure
// and its sentence together; a mistake hint offers "Clear the wrong marks" as one undoable move and counts once;
// My puzzles tells two KenKens of one size apart and keeps an imported XML's title; the colour
// board has no stripes between its rows; "Solved!" and the bar's words are never broken.
// The fifth tour: a search started below the board (the Solver panel, "Colour it" on a phone)
// shows its progress and Cancel on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();

/** A staircase picture (row r has r + 1 cells from the left) as the studio's JSON: unique and
 * solved by line logic; the cell right of the stair in row n - 2 is empty in its answer. */
function stair(n) {
  const rows = Array.from({ length: n }, (_, r) => [r + 1]);
  const cols = Array.from({ length: n }, (_, c) => [n - c]);
  return JSON.stringify({ kind: 'nonogram', rows, cols });
}

/** Where the named cells, the first of them and the panel are on screen. */
const layout = (page) =>
  page.evaluate(() => {
    const box = (r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    const named = [...document.querySelectorAll('#board .hint-change, #board .hint-mistake')].map((c) => box(c.getBoundingClientRect()));
    const panel = document.querySelector('#hint-panel').getBoundingClientRect();
    const text = document.querySelector('#hint-text').getBoundingClientRect();
    return { named, panel: box(panel), text: box(text), width: innerWidth, height: innerHeight };
  });

/** The first named cell and the hint's sentence are on screen, and the panel covers no named
 * cell that is on screen. */
function assertApart(l, what) {
  assert.ok(l.named.length > 0, `${what}: the hint names cells`);
  const inside = (b) => b.top >= -0.5 && b.left >= -0.5 && b.bottom <= l.height + 0.5 && b.right <= l.width + 0.5;
  assert.ok(inside(l.named[0]), `${what}: the first named cell ${JSON.stringify(l.named[0])} is on screen`);
  assert.ok(inside(l.text), `${what}: the hint's sentence ${JSON.stringify(l.text)} is on screen`);
  for (const c of l.named.filter(inside)) {
    assert.ok(c.bottom <= l.panel.top + 0.5 || c.top >= l.panel.bottom - 0.5, `${what}: the panel (top ${l.panel.top}) covers a named cell ${JSON.stringify(c)}`);
  }
}

for (const n of [15, 25]) {
  test(`on a 375x740 phone a ${n}x${n} nonogram's hint and its cells are both in view`, async () => {
    const page = await open(env.chrome.context, env.server.url, 'nonogram');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.fill('#import-text', stair(n));
    await page.click('#import-open');
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n * n, n);
    await page.click('#clear');
    // A step from the empty grid.
    await page.click('#hint');
    await page.waitForSelector('#hint-text[data-kind="step"]', { timeout: 30000 });
    await page.waitForTimeout(300);
    assertApart(await layout(page), `${n}x${n} step`);
    await page.click('#hint-dismiss');
    // A wrong mark in the last rows, far right: the mistake hint names it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const wrong = page.locator(`#board .cell[data-r="${n - 2}"][data-c="${n - 1}"]`);
    await wrong.scrollIntoViewIfNeeded();
    await wrong.click();
    await page.waitForSelector(`#board .cell[data-r="${n - 2}"][data-c="${n - 1}"].filled`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#hint');
    await page.waitForSelector('#hint-text[data-kind="mistake"]', { timeout: 30000 });
    await page.waitForTimeout(300);
    const l = await layout(page);
    assertApart(l, `${n}x${n} mistake`);
    assert.match(await page.textContent('#hint-text'), new RegExp(`row ${n - 1}, column ${n}`));
    assert.deepEqual(page.studioErrors, []);
  });
}

// `sb17_beyond_1` (line 2 of bench/starbattle/hard_17_21_25.txt, made by `puzzle generate
// starbattle`): its first hint, 2x2 blocks in region C, names cells in rows 2 to 4 and draws blocks
// in row 1, the top of a board taller than most of the screen.
const SB17 = 'starbattle/v1/17x17s4/AABBBBCCCCCCDDDDDAABBBBCCCCDDDDDDDABBBEBECEEDFFFDDDAABBEEECEEFFFFDFFAABBBEEEEEGGFFFFFAAAABHEEEEGGFFFFFIAAIIHHHHEGGFFJFFIIIIIIHHGGGGGGJFFIIIIIIHGGGGGJJJJJIIIIKKHHHGGGJLLJJMIIIKKNNNNOOOLLLJMMKKKNNNNNNOOOLLLMMKKPPNNNNOOOOLLLMMMKKPNNNNOQOQLLLMMKKPPPNNQQQOQQLLMMMKKPPPQQPQQQQLLMMMKKPPPPPPQQQQLL';

test('on a 1280x900 desktop a 17x17 Star Battle hint pressed below the board shows its cells, its blocks and its sentence together', async () => {
  const page = await open(env.chrome.context, env.server.url, SB17);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 289);
  // A person scrolls down to the Hint button, below the board.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-kind="step"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  const l = await page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
    return {
      named: [...document.querySelectorAll('#board .hint-change')].map(box),
      shown: [...document.querySelectorAll('#board .hint-reason, #board .hint-figure')].map(box),
      text: box(document.querySelector('#hint-text')),
      height: innerHeight,
    };
  });
  const inside = (b) => b.top >= -0.5 && b.bottom <= l.height + 0.5;
  assert.ok(l.named.length > 0 && l.shown.length > 0, 'the hint names cells and draws why');
  for (const b of [...l.named, ...l.shown]) assert.ok(inside(b), `a cell of the hint ${JSON.stringify(b)} is on screen (height ${l.height})`);
  assert.ok(inside(l.text), `the sentence ${JSON.stringify(l.text)} is on screen`);
  assert.deepEqual(page.studioErrors, []);
});

test('a mistake hint offers "Clear the wrong marks": one undoable move, and one hint counted', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.fill('#import-text', stair(5));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await page.click('#clear');
  // Row 1 has one cell, at the left: a mark at its right end is wrong.
  await page.click('#board .cell[data-r="0"][data-c="4"]');
  await page.waitForSelector('#board .cell[data-r="0"][data-c="4"].filled');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-kind="mistake"]', { timeout: 30000 });
  assert.match(await page.textContent('#hints-used'), /Hints used: 1/);
  assert.equal(await page.$('#hint-apply'), null, 'a mistake has no step to apply');
  await page.click('#hint-clear-wrong');
  await page.waitForSelector('#board .cell[data-r="0"][data-c="4"]:not(.filled)');
  assert.equal(await page.$('#hint-text'), null, 'the mistake is gone with its mark');
  assert.match(await page.textContent('#hints-used'), /Hints used: 1/, 'clearing is not another hint');
  await page.click('#undo');
  await page.waitForSelector('#board .cell[data-r="0"][data-c="4"].filled');
  assert.deepEqual(page.studioErrors, []);
});

// A second 5x5 KenKen besides the home page's sample (`puzzle generate kenken --size 5 --seed 11`).
const KENKEN_SAMPLE = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const KENKEN_OTHER = 'kenken/v1/5:a_a_3b_3aba__a_3b__baa_,d2a20m6a1a5m24a6m24a2a9';

test('My puzzles tells two KenKens of one size apart by their pictures and names', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN_SAMPLE);
  for (const fragment of [KENKEN_SAMPLE, KENKEN_OTHER]) {
    await page.goto(env.server.url + '#' + fragment);
    await page.waitForSelector('#board .cell');
    await page.click('#board .cell >> nth=0');
    await page.keyboard.press('1');
    await page.waitForSelector('#board .cell[data-v="1"]');
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.click('#nav-menu');
  await page.click('#nav a[href="#mine"]');
  await page.waitForFunction(() => document.querySelectorAll('#mine-list tr[data-kind="kenken"]').length === 2);
  const rows = await page.$$eval('#mine-list tr[data-kind="kenken"]', (trs) =>
    trs.map((tr) => ({ picture: tr.querySelector('.mine-thumb svg')?.outerHTML ?? '', name: tr.querySelector('.mine-what').textContent, size: tr.querySelector('.mine-size').textContent })),
  );
  assert.equal(rows[0].size, rows[1].size, 'the same size');
  assert.ok(rows[0].picture.includes('<path') && rows[1].picture.includes('<path'), 'each has a picture with its cages');
  assert.notEqual(rows[0].picture, rows[1].picture, 'the pictures differ');
  assert.ok(rows.some((r) => /Sample: 5x5/.test(r.name)), 'the sample is named');
  // On a phone no word of the list is broken inside: every cell's words fit on their lines.
  const broken = await page.$$eval('#mine-list td', (tds) =>
    tds.filter((td) => td.textContent.trim() && td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent));
  assert.deepEqual(broken, [], 'cells wider than their place');
  const statusLines = await page.$$eval('#mine-list td.mine-status', (tds) => tds.map((td) => td.getBoundingClientRect().height / parseFloat(getComputedStyle(td).fontSize)));
  assert.ok(statusLines.every((l) => l < 1.8), `"In progress" on one line (${statusLines} font sizes high)`);
  assert.deepEqual(page.studioErrors, []);
});

const XML = `<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="white">
<title>Red heart on a green stem</title>
<color name="white" char=".">ffffff</color><color name="red" char="r">e02020</color><color name="green" char="g">20a040</color>
<clues type="columns"><line><count color="red">2</count></line><line><count color="red">2</count><count color="green">2</count></line><line><count color="red">2</count></line></clues>
<clues type="rows"><line><count color="red">1</count><count color="red">1</count></line><line><count color="red">3</count></line><line><count color="red">1</count></line><line><count color="green">1</count></line><line><count color="green">1</count></line></clues>
</puzzle></puzzleset>`;

test('an imported webpbn XML keeps its title on the page and in My puzzles', async () => {
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.fill('#import-text', XML);
  await page.click('#import-open');
  await page.waitForFunction(() => /Red heart on a green stem/.test(document.querySelector('h1').textContent));
  await page.click('#board .cell >> nth=0');
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.match(await page.textContent('h1'), /Red heart on a green stem/, 'after a reload too');
  await page.click('#nav a[href="#mine"]');
  const row = await page.waitForSelector('#mine-list tr[data-kind="colournono"]');
  assert.equal(await row.$eval('.mine-title', (t) => t.textContent), 'Red heart on a green stem');
  assert.deepEqual(page.studioErrors, []);
});

test('the colour board is continuous: each row of cells is exactly one cell high, at every zoom', async () => {
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await page.waitForSelector('#board .cell');
  for (const zoom of ['.zoom-in', '.zoom-out', '.zoom-fit']) {
    await page.click(zoom);
    await page.waitForTimeout(100);
    const gaps = await page.$$eval('#board .cell', (cells) => {
      const out = [];
      const byRow = new Map();
      for (const c of cells) byRow.set(Number(c.dataset.r), c.getBoundingClientRect());
      const rows = [...byRow.keys()].sort((a, b) => a - b);
      for (let i = 1; i < rows.length; i++) {
        const gap = byRow.get(rows[i]).top - byRow.get(rows[i - 1]).bottom;
        if (Math.abs(gap) > 0.5) out.push([rows[i], gap]);
      }
      return out;
    });
    assert.deepEqual(gaps, [], `${zoom}: gaps between rows of cells`);
  }
  // Clue numbers are never broken inside: each chip is one line high.
  const tall = await page.$$eval('#board .run', (runs) => runs.filter((r) => r.scrollHeight > r.clientHeight + 1 || r.getClientRects().length > 1).length);
  assert.equal(tall, 0);
  assert.deepEqual(page.studioErrors, []);
});

test('on a phone "Solved!" stays one word, the page name in the bar is whole, the theme says its choice', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.fill('#import-text', stair(3));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 9);
  await page.click('#clear');
  for (const [r, c] of [[0, 0], [1, 0], [1, 1], [2, 0], [2, 1], [2, 2]]) await page.click(`#board .cell[data-r="${r}"][data-c="${c}"]`);
  const solved = await page.waitForSelector('#solved-moment strong');
  assert.equal(await solved.evaluate((s) => s.getClientRects().length), 1, '"Solved!" on one line');
  for (const [fragment, name] of [['nonogram', 'Nonogram'], ['colournono', 'Colour nonogram'], ['starbattle', 'Star Battle']]) {
    if (fragment !== 'nonogram') {
      await page.goto(env.server.url + '#' + fragment);
      await page.waitForSelector('#board .cell');
    }
    const here = await page.$eval('#nav .nav-here', (e) => ({ cut: e.scrollWidth > e.clientWidth + 1, text: e.textContent }));
    assert.deepEqual(here, { cut: false, text: name });
  }
  await page.click('#nav-menu');
  assert.match(await page.$eval('#theme', (b) => b.innerText.trim()), /^[◐☾☀] (as the device|dark|light)$/);
  assert.deepEqual(page.studioErrors, []);
});

test('at 1280 pixels the bar is one line', async () => {
  const page = await open(env.chrome.context, env.server.url, 'mine');
  await page.setViewportSize({ width: 1280, height: 900 });
  // One line: every entry's middle within a few pixels of the others' (a second line is 30 px lower).
  const middles = await page.$$eval('#nav .nav-item, #nav .brand, #theme', (es) => es.map((e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; }));
  assert.ok(Math.max(...middles) - Math.min(...middles) < 8, `the bar's entries are not on one line: ${middles}`);
  assert.deepEqual(page.studioErrors, []);
});

test('each row clue sits level with its cells, so no separator pokes out below the board', async () => {
  for (const fragment of ['nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2', 'colournono']) {
    const page = await open(env.chrome.context, env.server.url, fragment);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.waitForSelector('#board .cell');
    await page.waitForTimeout(200);
    const off = await page.$$eval('#board .clue.row', (rows) => rows.flatMap((r) => {
      const cell = document.querySelector(`#board .cell[data-r="${r.dataset.r}"]`).getBoundingClientRect();
      const clue = r.getBoundingClientRect();
      return Math.abs(clue.top - cell.top) > 0.5 ? [[r.dataset.r, clue.top - cell.top]] : [];
    }));
    assert.deepEqual(off, [], `${fragment}: row clues off their cells`);
    const below = await page.evaluate(() => document.querySelector('#board .clue.row:last-of-type') && Math.max(...[...document.querySelectorAll('#board .clue.row')].map((r) => r.getBoundingClientRect().bottom)) - document.querySelector('#board').getBoundingClientRect().bottom);
    assert.ok(below <= 0.5, `${fragment}: the clue strip reaches ${below} px below the board`);
    assert.deepEqual(page.studioErrors, []);
  }
});

// The fourth tour (a demanding user's inputs, 2026-11-29).

test('on a phone, Check with a hint open says its finding above the stuck hint panel, not under it', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.fill('#import-text', stair(5));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 25);
  await page.click('#clear');
  await page.click('#board .cell[data-r="0"][data-c="4"]');
  await page.click('#hint');
  await page.waitForSelector('#hint-text[data-kind="mistake"]', { timeout: 30000 });
  await page.click('#check');
  await page.waitForSelector('#check-finding', { timeout: 30000 });
  await page.waitForTimeout(300);
  const l = await page.evaluate(() => {
    const f = document.querySelector('#check-finding').getBoundingClientRect();
    const p = document.querySelector('#hint-panel').getBoundingClientRect();
    return { top: f.top, bottom: f.bottom, panel: p.top, height: innerHeight };
  });
  assert.ok(l.top >= 0 && l.bottom <= l.panel + 0.5, `the finding ${JSON.stringify(l)} is on screen above the panel`);
  assert.deepEqual(page.studioErrors, []);
});

test('before any solve the play bar has no lone "My grid" toggle; after Solve it switches between my grid and the answer', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  // A puzzle not solved before in this browser (the test above checked the 5x5 stair).
  await page.fill('#import-text', stair(6));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 36);
  await page.waitForSelector('#play-bar #check');
  assert.equal(await page.$('.play-bar button:has-text("My grid")'), null, 'nothing to switch to yet');
  await page.click('#solve');
  await page.waitForSelector('.play-bar button:has-text("Answer 1")', { timeout: 30000 });
  assert.ok(await page.$('.play-bar button:has-text("My grid")'), 'My grid beside Answer 1');
  assert.deepEqual(page.studioErrors, []);
});

// (the fifth tour, 2026-11-29) A 30x30 Flood-It with 8 colours (the board of floodit.test.mjs:
// `puzzle generate floodit --size 30 --colours 8 --seed 5`): finding its minimum runs for minutes.
const FLOOD30 = 'floodit/v1/30x30/675357883767176826551851533474853635734838676331834568462688258523787726634743624852453615428688145637365847544464237543348834146572727748121151642163284376686767836686132545522371337574334442741437768472175564534214548751182648131235217628722715381783427227261252473471374483153166311443441478763722764151664652138686523612321357121887257215473867638725558486666428721144526231377447134461426685752634272142684131631177782643156235544421167883281858342537541735563152742742758544364267116525235523443674512126732343586246678726522882658454112187878765517225856273428361486136735347457365325387688783576184861731813525143752765783423645684851513747476221531772286822872628722756257337352567642788385452346664277781358423523647884162133546212748153534475332138574175661728426511825715861285218353424657667728155453431116753836364651887731817335125184122831283547461625785537378822182471674577327868626';

for (const [w, h] of [[360, 640], [1280, 900]]) {
  test(`at ${w}x${h} a search started from the Solver panel shows its progress and Cancel on screen`, async () => {
    const page = await open(env.chrome.context, env.server.url, FLOOD30);
    await page.setViewportSize({ width: w, height: h });
    await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 900);
    // The Solver panel is below the board: the status line above the board is off screen.
    await page.locator('#minimum').scrollIntoViewIfNeeded();
    await page.click('#minimum');
    await page.waitForSelector('#status[data-state="busy"] #cancel');
    await page.waitForTimeout(300);
    const seen = await page.evaluate(() => {
      const c = document.querySelector('#cancel').getBoundingClientRect();
      return { top: c.top, bottom: c.bottom, height: innerHeight, busy: document.querySelector('#status').dataset.state };
    });
    assert.equal(seen.busy, 'busy', 'still searching');
    assert.ok(seen.top >= 0 && seen.bottom <= seen.height, `Cancel ${JSON.stringify(seen)} is on screen`);
    await page.click('#cancel');
    await page.waitForSelector('#status:not([data-state="busy"])');
    assert.deepEqual(page.studioErrors, []);
  });
}

test('on a 375x740 phone "Colour it" on a 17x17 rectangle-free task shows Cancel under the button, above the live chart', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.selectOption('#rf-rows', '17');
  await page.selectOption('#rf-cols', '17');
  await page.click('#run');
  await page.waitForSelector('#status[data-state="busy"] #cancel');
  await page.waitForSelector('#rf-live .rf-chart', { timeout: 20000 });
  const at = await page.evaluate(() => {
    const y = (s) => document.querySelector(s).getBoundingClientRect();
    return { run: y('#run').bottom, cancel: [y('#cancel').top, y('#cancel').bottom], chart: y('#rf-live').top, height: innerHeight };
  });
  assert.ok(at.cancel[0] >= 0 && at.cancel[1] <= at.height, `Cancel ${JSON.stringify(at)} is on screen`);
  assert.ok(at.cancel[0] >= at.run && at.cancel[1] <= at.chart, `Cancel ${JSON.stringify(at)} is between "Colour it" and the chart`);
  await page.click('#cancel');
  await page.waitForSelector('#status:not([data-state="busy"])');
  assert.deepEqual(page.studioErrors, []);
});

test('on a 360x640 phone the Benchmark page\'s Run brings its chart and summary into view, the summary wrapping between words', async () => {
  const page = await open(env.chrome.context, env.server.url, 'bench');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.click('#bench-sample');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-summary');
  await page.waitForTimeout(300);
  const at = await page.evaluate(() => {
    const f = document.querySelector('.bench-figure').getBoundingClientRect();
    const run = document.querySelector('#bench-run').getBoundingClientRect();
    // "median_ms" is one word: on one line.
    const pre = document.querySelector('#bench-summary');
    const text = pre.firstChild;
    const at = text.textContent.indexOf('median_ms');
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 'median_ms'.length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return { figure: [f.top, f.bottom], run: run.top, height: innerHeight, lines };
  });
  assert.ok(at.figure[0] >= 0 && at.figure[0] < at.height - 80, `the chart ${JSON.stringify(at)} starts on screen`);
  assert.ok(at.run >= 0, `the Run button ${JSON.stringify(at)} stays on screen`);
  assert.equal(at.lines, 1, '"median_ms" is not broken across lines');
  assert.deepEqual(page.studioErrors, []);
});
