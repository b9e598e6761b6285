// The sixth tour (phone and desktop, 2026-11-29), in headless Chromium: on a 360x640 phone a
// hint's stuck panel is compact and leaves the board most of the screen, its whole sentence,
// Apply and Explain a press away; the Benchmark page's chart reads at 12 px on a 375-pixel phone; KenKen cage
// labels are 12 px as seen on a 9x9 and a 12x12 at 375 px (a long one fills its cell's width), clear
// of pencil marks and digits, and every pencil mark is inside its cell; a
// phone turned sideways keeps the phone's bar and puts the hint panel beside the board, so the
// board and the whole hint are on the first screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();

/** A finger's tap in the middle of `selector`: Chromium's touch input (touch, pointer and click
 * events, as on a phone), through the DevTools protocol since the shared browser has no touch. */
async function tap(page, selector) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const b = await target.boundingBox();
  if (!page.touch) {
    page.touch = await page.context().newCDPSession(page);
    await page.touch.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  }
  const at = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  await page.touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A staircase picture (row r has r + 1 cells from the left) as the studio's JSON: unique and
 * solved by line logic; the cell right of the stair in row n - 2 is empty in its answer. */
function stair(n) {
  const rows = Array.from({ length: n }, (_, r) => [r + 1]);
  const cols = Array.from({ length: n }, (_, c) => [n - c]);
  return JSON.stringify({ kind: 'nonogram', rows, cols });
}

/** The panel's box, the board's part above it, and whether the sentence shows all its words. */
const panelLayout = (page) =>
  page.evaluate(() => {
    const p = document.querySelector('#hint-panel').getBoundingClientRect();
    const b = document.querySelector('#board').getBoundingClientRect();
    const t = document.querySelector('#hint-text');
    const seen = (s) => { const e = document.querySelector(s); if (!e || !e.getClientRects().length) return null; const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
    return {
      panel: p.height, top: p.top, height: innerHeight,
      boardShown: Math.max(0, Math.min(b.bottom, p.top) - Math.max(b.top, 0)), board: b.height,
      whole: t.scrollHeight <= t.clientHeight + 1,
      apply: seen('#hint-apply'), more: seen('#hint-more'), explain: seen('#explain'), text: seen('#hint-text'),
      buttonLines: new Set([...document.querySelectorAll('#hint-panel > .row > button')].filter((e) => e.getClientRects().length).map((e) => Math.round(e.getBoundingClientRect().top))).size,
    };
  });

test('on a 360x640 phone a hint leaves the board most of the screen; More shows its whole sentence, Apply is on screen', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.fill('#import-text', stair(15));
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 225);
  await page.click('#clear');
  await tap(page, '#board .cell[data-r="13"][data-c="14"]');
  await page.waitForSelector('#board .cell[data-r="13"][data-c="14"].filled');
  await tap(page, '#hint');
  await page.waitForSelector('#hint-text[data-kind="mistake"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  let l = await panelLayout(page);
  assert.ok(l.panel <= 0.25 * l.height, `the mistake's panel is ${Math.round(l.panel)} px of ${l.height}`);
  assert.ok(l.boardShown >= Math.min(l.board, 0.45 * l.height), `${Math.round(l.boardShown)} px of the board above the panel`);
  assert.ok(l.text && l.more, `the sentence and More are on screen ${JSON.stringify(l)}`);
  // Explain is in the compact row, one press away (the seventh tour), its buttons on one line.
  assert.ok(l.explain, `Explain is on screen in the compact panel ${JSON.stringify(l)}`);
  assert.equal(l.buttonLines, 1, 'the compact buttons on one line');
  assert.equal(await page.getAttribute('#explain', 'aria-label'), 'Explain the solution');
  // More: every word of the sentence, the legend's place and Explain; Less folds it again.
  await tap(page, '#hint-more');
  l = await panelLayout(page);
  assert.ok(l.whole && l.explain, `unfolded: the whole sentence and Explain ${JSON.stringify(l)}`);
  assert.equal(await page.getAttribute('#hint-more', 'aria-expanded'), 'true');
  await tap(page, '#hint-more');
  await tap(page, '#hint-clear-wrong');
  await page.waitForSelector('#board .cell[data-r="13"][data-c="14"]:not(.filled)');
  // A step: Apply is on screen in the compact panel, and makes the step.
  await tap(page, '#hint');
  await page.waitForSelector('#hint-text[data-kind="step"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  l = await panelLayout(page);
  assert.ok(l.panel <= 0.25 * l.height, `the step's panel is ${Math.round(l.panel)} px of ${l.height}`);
  assert.ok(l.apply && l.explain, `Apply and Explain are on screen ${JSON.stringify(l)}`);
  assert.equal(l.buttonLines, 1, 'the compact buttons on one line');
  const before = await page.$$eval('#board .cell.filled, #board .cell.empty', (c) => c.length);
  await tap(page, '#hint-apply');
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell.filled, #board .cell.empty').length > n, before);
  // A step shown, then Explain pressed straight from the compact panel: the steps of the solution.
  await tap(page, '#hint');
  await page.waitForSelector('#hint-panel.compact #hint-text[data-kind="step"]', { timeout: 30000 });
  await tap(page, '#explain');
  await page.waitForSelector('#explain-steps li', { timeout: 30000 });
  assert.deepEqual(page.studioErrors, []);
});

test('on a 375-pixel phone the Benchmark chart\'s words are at least 11.5 px as seen, and inside the picture', async () => {
  const page = await open(env.chrome.context, env.server.url, 'bench');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.click('#bench-sample');
  await page.click('#bench-run');
  await page.waitForSelector('#bench-summary', { timeout: 60000 });
  const seen = await page.evaluate(() => {
    const svg = [...document.querySelectorAll('.bench-figure svg')].filter((s) => s.getClientRects().length > 0);
    return svg.map((s) => {
      const r = s.getBoundingClientRect();
      const scale = r.width / s.viewBox.baseVal.width;
      return {
        id: s.id,
        smallest: Math.min(...[...s.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
        out: [...s.querySelectorAll('text')].filter((t) => { const b = t.getBoundingClientRect(); return b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5; }).map((t) => t.textContent),
        right: r.right, width: innerWidth, points: Number(s.dataset.points),
      };
    });
  });
  assert.equal(seen.length, 1, `one chart shown: ${JSON.stringify(seen)}`);
  assert.ok(seen[0].points > 0, 'it has the run\'s points');
  assert.ok(seen[0].smallest >= 11.5, `its smallest words are ${seen[0].smallest.toFixed(1)} px`);
  assert.deepEqual(seen[0].out, [], 'words outside the picture');
  assert.ok(seen[0].right <= seen[0].width, 'the picture is inside the screen');
  assert.deepEqual(page.studioErrors, []);
});

// Line 129 of boards.test.mjs (a 9x9 with a 15552x cage) and `puzzle generate kenken --size 12 --seed 3`.
const K9 = 'kenken/v1/9:a_aa_a_a_a_3aa_aa__aa__aa_a__a_3a_3a3__aba_b_3ac__a_3a_15aa_a_3b_7aa__bb_aa_,m504a5s5a15a2a18a9d2a7a9a18s3m10s3a14a9d2a5a12a7a2a10s3a6m30a6s6m42m15552s1a8a12s7s3m63a8a11m14';
const K12 = 'kenken/v1/12:_3a_a_a__a_a_a_a__a__ac_a_3aa_5a__a_3a_a_3a_3a_3aa_a__a_5b_a_11a_a_a_4a_a__a_5aaba_4a5__a_3aa__b_ba__aba_ba_3a__a__ab_5a3_a_8aa_a_a_aa_c_aa_3a,a3a7a14m36m96s7a27s4a19a7m594m14400m280a16a26m99s1m10a14s1d3a10d10s7a1a8m44m1134a20m400a29a2a7a12d3a11m360m56a21m10m162d12a10a6m336a14a18m96a2s7m1056a19a4a15a1m50m5940a12a15a20d4a1s9a6a9';

for (const [name, link] of [['9x9', K9], ['12x12', K12]]) {
  test(`at 375 px a ${name} KenKen's cage labels are 12 px as seen (or fill their cell's width), inside their cells, every pencil mark in its cell and below them`, async () => {
    const page = await open(env.chrome.context, env.server.url, link);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.waitForSelector('#board .cell .clue');
    await page.waitForTimeout(300);
    await page.click('#fill-candidates');
    await page.waitForSelector('#board .cell .pencil');
    // One digit typed into a labelled cell, to see it clear of its label too.
    await tap(page, '#board .cell:has(.clue) >> nth=1');
    await page.keyboard.press('1');
    await page.waitForSelector('#board .cell:has(.clue)[data-v="1"]');
    const found = await page.evaluate(() => {
      const out = { small: [], wide: [], over: [], sizes: [] };
      for (const clue of document.querySelectorAll('#board .cell .clue')) {
        const cell = clue.closest('.cell');
        const b = clue.getBoundingClientRect();
        const room = cell.getBoundingClientRect().right - b.left;
        out.sizes.push(b.height);
        // Under 12 px only where 12 px would leave its cell: then it fills the cell's width.
        if (b.height < 11.95 && b.width < 0.8 * room) out.small.push(`${clue.textContent} ${b.height.toFixed(1)} px, ${b.width.toFixed(0)} of ${room.toFixed(0)} px`);
        if (b.right > cell.getBoundingClientRect().right + 0.5) out.wide.push(clue.textContent);
        for (const mark of cell.querySelectorAll('.pencil span, .digit')) {
          if (!mark.textContent) continue;
          const m = mark.getBoundingClientRect();
          if (m.top < b.bottom - 0.5) out.over.push(`${clue.textContent}/${mark.textContent} ${m.top.toFixed(1)}<${b.bottom.toFixed(1)}`);
        }
      }
      // Every pencil mark inside its own cell (a 12x12's 10, 11 and 12 ran under the cell below).
      const outside = [...document.querySelectorAll('#board .cell')].flatMap((cell) => {
        const box = cell.getBoundingClientRect();
        return [...cell.querySelectorAll('.pencil span:not(:empty), .digit')].filter((m) => { const r = m.getBoundingClientRect(); return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5; })
          .map((m) => `${cell.dataset.r},${cell.dataset.c}:${m.textContent}`);
      });
      return { ...out, outside: outside.slice(0, 12), marks: document.querySelectorAll('#board .cell:has(.clue) .pencil span:not(:empty)').length };
    });
    assert.deepEqual(found.small, [], 'labels under 12 px as seen');
    assert.deepEqual(found.wide, [], 'labels past their cell');
    assert.deepEqual(found.over, [], 'pencil marks or digits under a label');
    assert.deepEqual(found.outside, [], 'pencil marks outside their cell');
    assert.ok(found.marks > 0, 'labelled cells have pencil marks');
    assert.deepEqual(page.studioErrors, []);
  });
}

// `puzzle generate kenken --size 12 --seed 2 --difficulty unreasonable` (the seventh tour).
const K12B = 'kenken/v1/12:_b_5bba_a_4a__a__a_a_3a_cb__aba_a_4a_c__a_3b_a__b_3aa_c_4acaa__baa_a_ba3_3a_a_b_9b_9a_ba_a_aa_a_4a_ba_3a_a__a_3a_5b_4ab_8a3__a_aba__,a3a17m720a7m6336a22a4m2970m2m60s1a7a11s2a11a12a5s4m10560d6s4a10a34a26a9s1m38808s3a27m96m540m6a11m2304a9a11m3600a1a5s2m60m18a15s4a27a20m110d12m450m2464s6a6m144d3a11a8a12m80';

test('at 375x740 a 12x12 KenKen\'s pencil marks are at least 9 px as seen (five in a cell, with a cage label or without), inside their cell and under the label', async () => {
  const page = await open(env.chrome.context, env.server.url, K12B);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForSelector('#board .cell .clue');
  await page.waitForTimeout(300);
  await page.click('#pencil');
  const cells = { plain: '#board .cell[data-r="1"][data-c="2"]', labelled: '#board .cell[data-r="0"][data-c="1"]', twoDigits: '#board .cell[data-r="2"][data-c="2"]' };
  for (const [name, sel] of Object.entries(cells)) {
    await tap(page, sel);
    for (const k of name === 'twoDigits' ? ['1', '5', '0', 'b', 'c'] : ['1', '2', '5', '7', '9']) await page.keyboard.press(k);
    await page.waitForFunction((s) => document.querySelectorAll(`${s} .pencil span:not(:empty)`).length === 5, sel);
  }
  const seen = await page.evaluate((cells) => Object.fromEntries(Object.entries(cells).map(([name, sel]) => {
    const cell = document.querySelector(sel);
    const box = cell.getBoundingClientRect();
    const scale = box.width / cell.offsetWidth;
    const label = cell.querySelector('.clue')?.getBoundingClientRect();
    const marks = [...cell.querySelectorAll('.pencil span:not(:empty)')];
    return [name, {
      text: marks.map((m) => m.textContent).join(' '),
      smallest: Math.min(...marks.map((m) => parseFloat(getComputedStyle(m).fontSize) * scale)),
      outside: marks.filter((m) => { const r = m.getBoundingClientRect(); return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map((m) => m.textContent),
      under: label ? marks.filter((m) => m.getBoundingClientRect().top < label.bottom - 0.5).map((m) => m.textContent) : [],
      label: label ? label.height : null,
    }];
  })), cells);
  assert.equal(seen.plain.text, '1 2 5 7 9');
  assert.equal(seen.twoDigits.text, '1 5 10 11 12');
  for (const [name, s] of Object.entries(seen)) {
    assert.ok(s.smallest >= 9, `${name}: pencil marks ${s.smallest.toFixed(2)} px as seen`);
    assert.deepEqual(s.outside, [], `${name}: marks outside the cell`);
    assert.deepEqual(s.under, [], `${name}: marks under the cage label`);
  }
  assert.ok(seen.labelled.label >= 11.95, `the cage label is ${seen.labelled.label} px`);
  assert.deepEqual(page.studioErrors, []);
});

// A picture of a mug, as a .non file of the tour's own making (7x6, unique by line logic).
const MUG = `catalogue "sixth tour"
title "A mug"
width 7
height 6

rows
5
5,1
5,1
6
5
3

columns
5
6
6
6
5
1
2
`;

test('a phone turned sideways (740x375) keeps the phone\'s bar and puts the hint panel beside the board: the whole board and the whole hint on the first screen', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.setInputFiles('#import-file', { name: 'mug.non', mimeType: 'text/plain', buffer: Buffer.from(MUG) });
  await page.waitForFunction(() => /A mug/.test(document.querySelector('h1').textContent) && document.querySelectorAll('#board .cell').length === 42);
  await page.setViewportSize({ width: 740, height: 375 });
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForTimeout(400);
  const where = () => page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const text = document.querySelector('#hint-text');
    return {
      bar: document.querySelector('#nav').getBoundingClientRect().height,
      first: box(document.querySelector('#board .cell[data-r="0"]')),
      last: box(document.querySelector('#board .cell[data-r="5"]')),
      board: box(document.querySelector('.workshop > .zoom')),
      panel: box(document.querySelector('#hint-panel')),
      text: text && { ...box(text), clamped: text.scrollHeight > text.clientHeight + 1 },
      explain: !!document.querySelector('#explain')?.offsetParent,
      page: document.documentElement.scrollWidth,
      height: innerHeight,
    };
  });
  let at = await where();
  assert.ok(at.bar < 60, `the bar is ${at.bar} px high`);
  assert.ok(at.first.top >= 0 && at.first.bottom <= at.height, `the first row of cells is on screen: ${JSON.stringify(at)}`);
  assert.ok(at.panel.left >= at.board.right - 0.5 && at.panel.top <= at.first.top, `the hint panel is beside the board: ${JSON.stringify(at)}`);
  assert.ok(at.page <= 740, 'no sideways scroll');
  // A hint: its whole sentence (not the phone's two clamped lines), Explain, and the cells it names, together.
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 30000 });
  await page.waitForTimeout(300);
  at = await where();
  assert.ok(at.text.top >= 0 && at.text.bottom <= at.height && !at.text.clamped, `the whole sentence is on screen: ${JSON.stringify(at)}`);
  assert.ok(at.explain, 'Explain is shown, not folded under More');
  const named = await page.$$eval('#board .hint-change, #board .hint-mistake', (l) => l.map((c) => c.getBoundingClientRect().bottom));
  assert.ok(named.length > 0 && named.every((b) => b <= at.height), `the named cells are on screen: ${named}`);
  // Its menu still opens, and names every page.
  await page.click('#nav-menu');
  assert.ok(await page.isVisible('#nav a[href="#bench"]'));
  assert.deepEqual(page.studioErrors, []);
});
