// Boards drawn and sized well: lines as one SVG layer (no CSS border joins), KenKen cage labels
// clear of the digits on a phone, Fit that fits (small boards grow, big ones shrink to the
// finger minimum and scroll), nonogram clue numbers apart at every zoom, a focus ring on all
// four sides, and the rectangle-free counting bound shown live while colouring by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();

/** A pseudo-random picture's clues (fixed seed), as the studio's JSON. */
function randomNonogram(w, h, seed = 7) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const g = Array.from({ length: h }, () => Array.from({ length: w }, () => rnd() < 0.5));
  const runs = (line) => line.reduce((acc, v, i) => (v ? (i && line[i - 1] ? acc.with(-1, acc.at(-1) + 1) : [...acc, 1]) : acc), []);
  return JSON.stringify({ kind: 'nonogram', rows: g.map(runs), cols: g[0].map((_, c) => runs(g.map((row) => row[c]))) });
}

async function phoneNonogram(w, h) {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForSelector('#board .cell');
  await page.fill('#import-text', randomNonogram(w, h));
  await page.click('#import-open');
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n, w * h, { timeout: 30000 });
  await page.waitForTimeout(300); // the zoom fits after layout
  return page;
}

test('phone: Fit shows all 15 columns of a 15x15 nonogram, cells still big enough to touch', async () => {
  const page = await phoneNonogram(15, 15);
  const seen = await page.evaluate(() => {
    const view = document.querySelector('.zoom-view').getBoundingClientRect();
    const cells = [...document.querySelectorAll('#board .cell[data-r="0"]')].map((c) => c.getBoundingClientRect());
    const board = document.querySelector('#board').getBoundingClientRect();
    return { visible: cells.filter((r) => r.left >= view.left - 0.5 && r.right <= view.right + 0.5).length, cell: cells[0].width, boardRight: board.right, viewRight: view.right };
  });
  assert.equal(seen.visible, 15, `only ${seen.visible} of 15 columns in view (board ends at ${seen.boardRight}, view at ${seen.viewRight})`);
  assert.ok(seen.cell >= 17.5, `cells are ${seen.cell} px`);
  assert.deepEqual(page.studioErrors, []);
});

test('phone: a 50x50 nonogram at Fit keeps every row clue\'s numbers apart, and the view scrolls', async () => {
  const page = await phoneNonogram(50, 50);
  const found = await page.evaluate(() => {
    let tight = [];
    for (const clue of document.querySelectorAll('#board .clue')) {
      const spans = [...clue.children].map((s) => s.getBoundingClientRect());
      const col = clue.classList.contains('col');
      for (let i = 1; i < spans.length; i++) {
        // A row's numbers stand side by side: apart by at least 0.3 of their height (a third of
        // a digit's width or more); a column's stand one above the other, on lines of their own.
        const gap = col ? spans[i].top - spans[i - 1].bottom : spans[i].left - spans[i - 1].right;
        if (gap < (col ? -0.5 : spans[i].height * 0.3)) tight.push(`${clue.className} ${clue.textContent}: ${gap.toFixed(1)} px`);
      }
    }
    const view = document.querySelector('.zoom-view');
    return { tight: tight.slice(0, 5), count: tight.length, scrolls: view.scrollWidth > view.clientWidth, cell: document.querySelector('#board .cell').getBoundingClientRect().width };
  });
  assert.equal(found.count, 0, `numbers run together: ${found.tight.join('; ')}`);
  assert.ok(found.scrolls, 'a 50x50 board scrolls on a phone');
  assert.ok(found.cell >= 17.5, `cells are ${found.cell} px`);
  // At the smallest zoom the numbers stay apart too.
  for (let i = 0; i < 8; i++) await page.click('.zoom-out');
  const small = await page.evaluate(() => [...document.querySelectorAll('#board .clue.row')].some((clue) => {
    const s = [...clue.children].map((e) => e.getBoundingClientRect());
    return s.some((r, i) => i > 0 && r.left - s[i - 1].right < r.height * 0.3);
  }));
  assert.equal(small, false, 'numbers run together at the smallest zoom');
  assert.deepEqual(page.studioErrors, []);
});

test('small boards grow to use the screen, on a phone and on a desktop', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2');
  for (const [width, height] of [[375, 740], [1280, 900]]) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await page.waitForSelector('#board .cell');
    await page.waitForTimeout(300);
    const z = Number(await page.getAttribute('.zoom', 'data-zoom'));
    const board = await page.$eval('#board', (b) => b.getBoundingClientRect());
    assert.ok(z > 1.2, `${width} px: a 5x5 KenKen stays at zoom ${z}`);
    assert.ok(board.right <= width && board.bottom - board.top <= height, `${width} px: the grown board fits (${JSON.stringify(board)})`);
  }
  assert.deepEqual(page.studioErrors, []);
});

test('KenKen and Star Battle draw their lines as one SVG layer, cells keep no borders', async () => {
  const page = await open(env.chrome.context, env.server.url, 'kenken');
  for (const [fragment, walls] of [['kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2', true], ['starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC', true]]) {
    await page.goto(env.server.url + '#' + fragment);
    await page.waitForSelector('#board .cell');
    const drawn = await page.evaluate(() => {
      const svg = document.querySelector('#board > svg.board-lines');
      const cell = getComputedStyle(document.querySelector('#board .cell'));
      return {
        svg: !!svg,
        thin: svg?.querySelector('path.thin')?.getAttribute('d')?.length ?? 0,
        walls: svg?.querySelector('path.walls')?.getAttribute('d')?.length ?? 0,
        cap: svg ? getComputedStyle(svg.querySelector('path.walls')).strokeLinecap : '',
        border: ['Top', 'Right', 'Bottom', 'Left'].map((s) => parseFloat(cell[`border${s}Width`])),
      };
    });
    assert.ok(drawn.svg && drawn.thin > 0 && drawn.walls > 0, `${fragment}: ${JSON.stringify(drawn)}`);
    assert.equal(drawn.cap, 'square', 'walls end square, so their joins are clean');
    assert.deepEqual(drawn.border, [0, 0, 0, 0], 'cells draw no borders of their own');
  }
  assert.deepEqual(page.studioErrors, []);
});

/** The cells of the open KenKen whose cage label reaches into the digit's ink. */
async function labelOverlaps(page) {
  return page.evaluate(() => [...document.querySelectorAll('#board .cell')].filter((c) => c.querySelector('.clue') && c.querySelector('.digit')).map((c) => {
    const a = c.querySelector('.clue').getBoundingClientRect();
    // The digit's ink: a text node's box is its line box, so measure the glyphs with a range.
    const range = document.createRange();
    range.selectNodeContents(c.querySelector('.digit'));
    const b = range.getBoundingClientRect();
    const inkTop = b.top + b.height * 0.2; // digits have no ascenders: the top fifth of the box is empty
    const cell = c.getBoundingClientRect();
    const outside = a.right > cell.right + 0.5 || a.bottom > cell.bottom + 0.5;
    return (a.bottom > inkTop && a.right > b.left && a.left < b.right) || outside ? `${c.dataset.r},${c.dataset.c} "${c.querySelector('.clue').textContent}"` : null;
  }).filter(Boolean));
}

test('phone: KenKen cage labels never overlap the digits', async () => {
  // A generated 9x9 with a six-character label (15552×), which once wrapped onto the digit.
  const fixed = 'kenken/v1/9:a_aa_a_a_a_3aa_aa__aa__aa_a__a_3a_3a3__aba_b_3ac__a_3a_15aa_a_3b_7aa__bb_aa_,m504a5s5a15a2a18a9d2a7a9a18s3m10s3a14a9d2a5a12a7a2a10s3a6m30a6s6m42m15552s1a8a12s7s3m63a8a11m14';
  const page = await open(env.chrome.context, env.server.url, fixed);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 81, null, { timeout: 60000 });
  await page.waitForTimeout(300);
  await page.click('#solve');
  await page.waitForSelector('#board .cell.answer .digit', { timeout: 60000 });
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('#board .clue')].some((c) => c.textContent === '15552×')), 'the long label is drawn');
  assert.deepEqual(await labelOverlaps(page), [], 'cells whose label overlaps the digit or leaves its cell (fixed 9x9)');
  // And a fresh 9x9 from the generator, as a player makes them.
  await page.selectOption('#gen-size', '9');
  await page.click('#generate');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell').length === 81 && !document.querySelector('#board .cell.answer'), null, { timeout: 60000 });
  await page.waitForTimeout(300);
  await page.click('#solve');
  await page.waitForSelector('#board .cell.answer .digit', { timeout: 60000 });
  assert.deepEqual(await labelOverlaps(page), [], 'cells whose label overlaps the digit or leaves its cell (generated 9x9)');
  assert.deepEqual(page.studioErrors, []);
});

test('the focus ring shows on all four sides of every board', async () => {
  const boards = {
    kenken: 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2',
    starbattle: 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC',
    nonogram: 'nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2',
  };
  for (const [kind, fragment] of Object.entries(boards)) {
    for (const width of [375, 1280]) {
      const page = await open(env.chrome.context, env.server.url, fragment);
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await page.waitForSelector('#board .cell');
      await page.waitForTimeout(300);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
      const clipped = await page.evaluate(() => {
        const b = document.querySelector('#board');
        const s = getComputedStyle(b);
        const zoom = Number(document.querySelector('.zoom').dataset.zoom);
        const reach = (parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth)) * zoom;
        const r = b.getBoundingClientRect();
        const v = document.querySelector('.zoom-view').getBoundingClientRect();
        const out = [];
        if (r.left - reach < v.left - 0.5) out.push('left');
        if (r.top - reach < v.top - 0.5) out.push('top');
        if (r.right + reach > v.right + 0.5) out.push('right');
        if (r.bottom + reach > v.bottom + 0.5) out.push('bottom');
        return out;
      });
      assert.deepEqual(clipped, [], `${kind} at ${width} px: the ring is cut on these sides`);
    }
  }
});

test('rectangle-free by hand: the counting bound shows and follows the colouring', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/6x6c2');
  await page.waitForSelector('#hand .cell');
  const text = () => page.textContent('#hand-bound');
  // 6x6: at most 16 cells of one colour (the counting bound); 2 x 16 < 36 cells.
  assert.match(await text(), /at most 16 cells of one colour/i);
  assert.match(await text(), /cannot be done|can't be done|impossible/i);
  await page.click('#hand .cell[data-r="0"][data-c="0"]');
  await page.click('#hand .cell[data-r="0"][data-c="1"]');
  await page.click('#hand .cell[data-r="1"][data-c="0"]');
  await page.click('#hand .cell[data-r="1"][data-c="0"]');
  await page.waitForFunction(() => document.querySelector('#hand-bound [data-colour="1"]')?.dataset.count === '2');
  assert.equal(await page.$eval('#hand-bound [data-colour="2"]', (e) => e.dataset.count), '1');
  assert.equal(await page.$eval('#hand-bound [data-colour="1"]', (e) => e.dataset.bound), '16');
  assert.deepEqual(page.studioErrors, []);
});
