// The Star Battle page in headless Chromium: the region editor (regions painted by dragging,
// problems as you go, the draft kept across a reload, Solve this draft, Play this), keyboard
// play, a touch long press, dot drags, the Automatic check switch, the difficulty select and
// rating, and the exports (puzz.link URL, pzprv3, SVG and PNG downloads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open, boardRows } from './harness.mjs';

// The puzz.link example of shared/reference/formats.md 2.2.
const PUZZLINK = 'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou';
const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';
/** The worked example in StarBattleLab's notation (checked against an independent encoder). */
const SBN = '661W9Agum9_Rym';
const ANSWER = ['.*....', '...*..', '.....*', '..*...', '....*.', '*.....'];
// A 5x5 one-star puzzle with a unique answer (`puzzle generate starbattle --size 5 --stars 1 --seed 1`),
// drawn in the editor below, and its answer.
const DRAWN = ['AAABB', 'CAABB', 'CBBBB', 'DEDDB', 'DDDDB'];
const DRAWN_ANSWER = ['..*..', '*....', '....*', '.*...', '...*.'];

const env = suite();
const cell = (board, r, c) => `${board} .cell[data-r="${r}"][data-c="${c}"]`;

async function centre(page, selector) {
  const b = await (await page.$(selector)).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** A mouse stroke through the given cells of the editor (each move a straight line). */
async function paint(page, path, button = 'left') {
  await page.$eval('#editor', (e) => e.scrollIntoView({ block: 'center' }));
  const [x0, y0] = await centre(page, cell('#editor', ...path[0]));
  await page.mouse.move(x0, y0);
  await page.mouse.down({ button });
  for (const at of path.slice(1)) {
    const [x, y] = await centre(page, cell('#editor', ...at));
    await page.mouse.move(x, y, { steps: 8 });
  }
  await page.mouse.up({ button });
}

async function problems(page) {
  return page.$$eval('#problems li', (li) => li.map((l) => l.textContent));
}

async function editorRows(page) {
  return page.$$eval('#editor .cell', (cells) => {
    const rows = [];
    for (const c of cells) rows[Number(c.dataset.r)] = (rows[Number(c.dataset.r)] ?? '') + (c.dataset.region || '.');
    return rows;
  });
}

/** Opens the worked example (an earlier test may have left another puzzle open in this page). */
async function example() {
  const page = await open(env.chrome.context, env.server.url, LINK);
  await page.waitForFunction((l) => document.querySelector('#share-link')?.value.endsWith('#' + l), LINK);
  return page;
}

/** Opens the worked example with no marks, showing the player's marks. */
async function fresh() {
  const page = await example();
  await page.click('#clear');
  await page.click('button:has-text("My stars")');
  return page;
}

/** Opens the worked example and starts a blank draft of the given size in the editor. */
async function blankDraft(rows, cols, stars) {
  const page = await example();
  await page.$eval('.editor', (d) => { d.open = true; });
  await page.fill('#edit-rows', String(rows));
  await page.fill('#edit-cols', String(cols));
  await page.fill('#edit-stars', String(stars));
  await page.click('#edit-new');
  await page.waitForFunction((n) => document.querySelectorAll('#editor .cell').length === n, rows * cols);
  return page;
}

test('the editor: paint regions by dragging, problems as you go, the draft survives a reload, Solve it, Play it', async () => {
  const page = await blankDraft(5, 5, 1);
  assert.deepEqual(await problems(page), ['0 regions so far; 5 rows need 5 regions (each holds 1 star): paint 5 more.']);
  assert.equal(await page.$eval('#edit-solve', (b) => b.disabled), true);

  // Region A, then B, each a stroke with the New region brush (the brush then stays on it).
  await paint(page, [[0, 0], [0, 2], [1, 2], [1, 1]]);
  assert.equal(await page.$eval('#brush-A', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.click('#brush-new');
  await paint(page, [[0, 3], [0, 4], [1, 4], [1, 3], [2, 3], [2, 1], [2, 4], [4, 4]]);
  assert.deepEqual(await editorRows(page), ['AAABB', '.AABB', '.BBBB', '....B', '....B']);
  let listed = await problems(page);
  assert.match(listed[0], /^2 regions so far; 5 rows need 5 regions \(each holds 1 star\): paint 3 more\.$/);
  assert.match(listed[1], /^10 cells are in no region \(the first at row 2, column 1\)/);
  // Rows and columns that differ are named plainly; the draft stays editable.
  await page.fill('#edit-cols', '6');
  await page.dispatchEvent('#edit-cols', 'change');
  await page.waitForFunction(() => /5 rows by 6 columns.*must be square/.test(document.querySelector('#problems').textContent));
  assert.equal(await page.$eval('#edit-play', (b) => b.disabled), true);
  await page.fill('#edit-cols', '5');
  await page.dispatchEvent('#edit-cols', 'change');
  await page.waitForFunction(() => !/square/.test(document.querySelector('#problems').textContent));
  // A region in two pieces is flagged, then the eraser (right-drag) takes the stray cell back.
  await page.click('#brush-A');
  await paint(page, [[4, 0]]);
  await page.waitForFunction(() => /Region A is in 2 separate pieces/.test(document.querySelector('#problems').textContent));
  await paint(page, [[4, 0]], 'right');
  await page.waitForFunction(() => !/separate pieces/.test(document.querySelector('#problems').textContent));
  // C, D and E.
  await page.click('#brush-new');
  await paint(page, [[1, 0], [2, 0]]);
  await page.click('#brush-new');
  await paint(page, [[3, 0], [4, 0], [4, 3], [3, 3], [3, 2]]);
  listed = await problems(page);
  assert.ok(listed.some((t) => /^4 regions so far.*paint 1 more\.$/.test(t)), listed.join('\n'));
  assert.ok(listed.some((t) => /^1 cell is in no region \(the first at row 4, column 2\)/.test(t)), listed.join('\n'));
  await page.click('#brush-new');
  await paint(page, [[3, 1]]);
  await page.waitForFunction(() => document.querySelectorAll('#problems li').length === 0);
  assert.deepEqual(await editorRows(page), DRAWN);

  // A reload keeps the draft.
  await page.reload();
  await page.waitForSelector('#editor .cell');
  assert.deepEqual(await editorRows(page), DRAWN);

  // Solve this draft: unique, drawn on the board, said in the editor.
  await page.click('#edit-solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  assert.equal(await page.$eval('#draft-verdict', (p) => p.dataset.verdict), 'unique');
  assert.match(await page.textContent('#draft-verdict'), /Unique.*Rating: /);
  assert.deepEqual(await boardRows(page), DRAWN_ANSWER);

  // Play this: the editor closes and the board is the new puzzle, ready for stars.
  await page.click('#edit-play');
  await page.waitForFunction(() => !document.querySelector('#editor'));
  await page.click('button:has-text("My stars")');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length), 25);
  assert.match(await page.inputValue('#share-link'), /#starbattle\/v1\/5x5s1\/AAABBCAABBCBBBBDEDDBDDDDB$/);
  await page.click(cell('#board', 3, 1));
  assert.equal(await page.$eval(cell('#board', 3, 1), (c) => c.dataset.star), '1');
  assert.deepEqual(page.studioErrors, []);
});

test('the editor shows several answers with the differing cells ringed', async () => {
  const page = await blankDraft(4, 4, 1);
  // Each row its own region: 4x4 one-star answers are the two "knight" permutations.
  for (let r = 0; r < 4; r++) {
    await page.click('#brush-new');
    await paint(page, [[r, 0], [r, 3]]);
  }
  await page.waitForFunction(() => document.querySelectorAll('#problems li').length === 0);
  await page.click('#edit-solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#draft-verdict', (p) => p.dataset.verdict), 'multiple');
  assert.equal(await page.$$eval('#editor .cell.differs', (c) => c.length), 8);
  assert.equal(await page.$$eval('#board .cell.differs', (c) => c.length), 8);
  // Edit this puzzle's regions starts a draft from the puzzle on the board (the example here).
  await page.goto(env.server.url + '#' + LINK);
  await page.waitForFunction((l) => document.querySelector('#share-link')?.value.endsWith('#' + l), LINK);
  await page.click('#edit-this');
  await page.waitForFunction(() => document.querySelectorAll('#editor .cell').length === 36);
  assert.deepEqual(await editorRows(page), ['AAABBB', 'ABBBCC', 'ADDEEC', 'FFDDEC', 'FEEEEC', 'FCCCCC']);
  assert.deepEqual(await problems(page), []);
  await page.click('#edit-close');
  await page.waitForFunction(() => !document.querySelector('#editor'));
});

test('keyboard: arrows move the cursor, S and Space star, X and . dot, Backspace clears; Automatic check hides the red', async () => {
  const page = await fresh();
  await page.focus('#board');
  // Home: the cursor stops at the edges.
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
  }
  assert.ok(await page.$(`${cell('#board', 0, 0)}.cursor`));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('s');
  assert.equal(await page.$eval(cell('#board', 0, 1), (c) => c.dataset.star), '1');
  assert.ok(await page.$(`${cell('#board', 0, 1)}.cursor`));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('x');
  assert.equal(await page.$eval(cell('#board', 1, 1), (c) => c.dataset.dot), '1');
  await page.keyboard.press('Backspace');
  assert.equal(await page.$eval(cell('#board', 1, 1), (c) => c.dataset.dot), '0');
  await page.keyboard.press('.');
  assert.equal(await page.$eval(cell('#board', 1, 1), (c) => c.dataset.dot), '1');
  await page.keyboard.press('x');
  assert.equal(await page.$eval(cell('#board', 1, 1), (c) => c.dataset.dot), '0', 'x again takes the dot away');
  // A star touching another turns both red...
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  assert.equal(await page.$eval(cell('#board', 1, 2), (c) => c.dataset.star), '1');
  await page.waitForSelector(`${cell('#board', 1, 2)}.bad`);
  assert.equal(await page.$$eval('#board .cell.bad', (c) => c.length), 2);
  // Ctrl+Z takes the star back, Ctrl+Shift+Z puts it back.
  await page.keyboard.press('Control+z');
  assert.equal(await page.$eval(cell('#board', 1, 2), (c) => c.dataset.star), '0');
  await page.keyboard.press('Control+Shift+z');
  assert.equal(await page.$eval(cell('#board', 1, 2), (c) => c.dataset.star), '1');
  // Red until Automatic check is switched off, which a reload remembers.
  await page.uncheck('#autocheck');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.bad').length === 0);
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.isChecked('#autocheck'), false);
  assert.equal(await page.$$eval('#board .cell.bad', (c) => c.length), 0);
  assert.equal(await page.$eval(cell('#board', 1, 2), (c) => c.dataset.star), '1', 'the marks survive the reload');
  await page.check('#autocheck');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.bad').length === 2);
  assert.deepEqual(page.studioErrors, []);
});

test('touch: a tap stars, a long press dots (shown before the finger lifts); the board neither scrolls nor opens a menu', async () => {
  const page = await fresh();
  assert.equal(await page.$eval('#board', (b) => getComputedStyle(b).touchAction), 'none');
  const touch = (selector, type) => page.evaluate(([selector, type]) => {
    const el = document.querySelector(selector);
    const b = el.getBoundingClientRect();
    const e = new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, clientX: b.x + b.width / 2, clientY: b.y + b.height / 2 });
    el.dispatchEvent(e);
    return e.defaultPrevented;
  }, [selector, type]);
  // A quick tap: a star.
  assert.equal(await touch(cell('#board', 2, 2), 'pointerdown'), true, 'the press is taken, not scrolled');
  await page.waitForTimeout(100);
  await touch(cell('#board', 2, 2), 'pointerup');
  assert.equal(await page.$eval(cell('#board', 2, 2), (c) => c.dataset.star), '1');
  // A long press: a dot, shown while the finger still rests.
  await touch(cell('#board', 4, 4), 'pointerdown');
  await page.waitForFunction((s) => document.querySelector(s).dataset.dot === '1', cell('#board', 4, 4), { timeout: 1500 });
  await touch(cell('#board', 4, 4), 'pointerup');
  assert.equal(await page.$eval(cell('#board', 4, 4), (c) => c.dataset.dot), '1');
  assert.equal(await page.$eval(cell('#board', 4, 4), (c) => c.dataset.star), '0');
  // The long press stays a dot after the release, and the context menu is refused.
  const menu = await page.evaluate((s) => {
    const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    document.querySelector(s).dispatchEvent(e);
    return e.defaultPrevented;
  }, cell('#board', 4, 4));
  assert.equal(menu, true);
  assert.deepEqual(page.studioErrors, []);
});

test('a right-drag dots the cells it passes and leaves stars alone', async () => {
  const page = await fresh();
  await page.click(cell('#board', 5, 2));
  const [x0, y0] = await centre(page, cell('#board', 5, 0));
  const [x1, y1] = await centre(page, cell('#board', 5, 4));
  await page.mouse.move(x0, y0);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x1, y1, { steps: 12 });
  await page.mouse.up({ button: 'right' });
  const row = await page.$$eval('#board .cell[data-r="5"]', (c) => c.map((x) => (x.dataset.star === '1' ? '*' : x.dataset.dot === '1' ? 'x' : '.')).join(''));
  assert.equal(row, 'xx*xx.');
  // One undo takes the whole drag back.
  await page.click('#undo');
  const after = await page.$$eval('#board .cell[data-r="5"]', (c) => c.map((x) => (x.dataset.star === '1' ? '*' : x.dataset.dot === '1' ? 'x' : '.')).join(''));
  assert.equal(after, '..*...');
});

test('exports: the puzz.link URL byte for byte, SBN, pzprv3, JSON, SVG and PNG of the puzzle and of the solution', async () => {
  const page = await example();
  await page.click('.export summary');
  assert.equal(await page.inputValue('#export-puzzlink'), PUZZLINK);
  assert.equal(await page.inputValue('#export-sbn'), SBN);
  assert.match(await page.inputValue('#export-share'), new RegExp('#' + LINK.replace(/\//g, '\\/') + '$'));
  assert.match(await page.textContent('#export-pzprv3'), /^pzprv3\nstarbattle\n6\n6\n1\n6\n0 0 0 1 1 1 \n/);
  const download = async (selector) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return { name: d.suggestedFilename(), bytes: fs.readFileSync(await d.path()) };
  };
  const svg = await download('button:has-text("puzzle.svg")');
  assert.equal(svg.name, 'puzzle.svg');
  assert.equal((svg.bytes.toString().match(/class="region"/g) ?? []).length, 36);
  assert.equal((svg.bytes.toString().match(/class="star"/g) ?? []).length, 0);
  const png = await download('button:has-text("puzzle.png")');
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.equal(await page.$eval('button:has-text("solution.svg")', (b) => b.disabled), true, 'no solution before a solve');
  const pz = await download('button.export-format:has-text("pzprv3 file")');
  assert.match(pz.bytes.toString(), /^pzprv3\nstarbattle\n/);
  const json = await download('button.export-format:has-text("Studio JSON")');
  assert.deepEqual(JSON.parse(json.bytes.toString()).regions, ['AAABBB', 'ABBBCC', 'ADDEEC', 'FFDDEC', 'FEEEEC', 'FCCCCC']);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.deepEqual(await boardRows(page), ANSWER);
  const solution = await download('button:has-text("solution.svg")');
  assert.equal((solution.bytes.toString().match(/class="star"/g) ?? []).length, 6);
  const solutionPng = await download('button:has-text("solution.png")');
  assert.deepEqual([...solutionPng.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.ok(solutionPng.bytes.length > 1000);
});

test('a pasted SBN string opens its puzzle, on the Star Battle page and on another kind\'s page (recognised)', async () => {
  for (const kind of ['starbattle', 'nonogram']) {
    const page = await open(env.chrome.context, env.server.url, kind);
    await page.fill('#import-text', ` ${SBN}\n`);
    await page.click('#import-open');
    await page.waitForFunction((l) => document.querySelector('#share-link')?.value.endsWith('#' + l), LINK, { timeout: 10000 });
    assert.deepEqual(page.studioErrors, []);
  }
});

test('the generator takes a difficulty, and Solve shows the rating', async () => {
  const page = await example();
  // Only the star counts that fit the size are offered; a count too big for a smaller size is
  // taken down to the largest that fits.
  const counts = () => page.$$eval('#gen-stars option', (os) => os.map((o) => o.textContent));
  await page.selectOption('#gen-size', '25x25');
  assert.deepEqual(await counts(), ['1', '2', '3', '4', '5', '6']);
  await page.selectOption('#gen-stars', '6');
  await page.selectOption('#gen-size', '6x6');
  assert.deepEqual(await counts(), ['1', '2']);
  assert.equal(await page.$eval('#gen-stars', (s) => s.selectedOptions[0].textContent), '2');
  await page.selectOption('#gen-size', '5x5');
  assert.deepEqual(await counts(), ['1']);
  await page.selectOption('#gen-size', '6x6');
  await page.selectOption('#gen-stars', '1');
  await page.selectOption('#gen-level', 'easy');
  await page.click('#generate');
  await page.waitForFunction(() => !/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC$/.test(document.querySelector('#share-link').value), null, { timeout: 30000 });
  assert.match(await page.inputValue('#share-link'), /#starbattle\/v1\/6x6s1\//);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  // The generator made it at the level asked for, and the solver rates it so.
  assert.match(await page.textContent('#status .rating'), /Rating: easy/);
});

// The first 17x17 of bench/starbattle/hard_17_21_25.txt: its direct rules stop, so SAT gives
// the answer and the whole ladder rates the puzzle after it.
const BIG = 'starbattle/v1/17x17s4/AABBBBCCCCCCDDDDDAABBBBCCCCDDDDDDDABBBEBECEEDFFFDDDAABBEEECEEFFFFDFFAABBBEEEEEGGFFFFFAAAABHEEEEGGFFFFFIAAIIHHHHEGGFFJFFIIIIIIHHGGGGGGJFFIIIIIIHGGGGGJJJJJIIIIKKHHHGGGJLLJJMIIIKKNNNNOOOLLLJMMKKKNNNNNNOOOLLLMMKKPPNNNNOOOOLLLMMMKKPNNNNOQOQLLLMMKKPPPNNQQQOQQLLMMMKKPPPQQPQQQQLLMMMKKPPPPPPQQQQLL';

test('Solve on a big board shows the proven answer first, then the rating', async () => {
  const page = await open(env.chrome.context, env.server.url, BIG);
  await page.waitForSelector('#board .cell');
  // Every state the status bar passes through, with the stars the board shows then.
  await page.evaluate(() => {
    window.seen = [];
    const note = () => {
      const s = document.querySelector('#status');
      if (!s) return;
      const stars = document.querySelectorAll('#board .cell[data-star="1"]').length;
      window.seen.push({ state: s.dataset.state, text: s.textContent, stars });
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  const seen = await page.evaluate(() => window.seen);
  const early = seen.find((s) => s.state === 'busy' && /Working out the rating/.test(s.text));
  assert.ok(early, `the answer came before its rating: ${JSON.stringify(seen.map((s) => s.text))}`);
  assert.match(early.text, /Unique: this is the only solution/);
  assert.equal(early.stars, 17 * 4, 'the board shows the answer while the rating is worked out');
  assert.match(await page.textContent('#status .rating'), /Rating: beyond logic \(needs search\)\./);
  assert.equal((await boardRows(page)).join('').split('*').length - 1, 17 * 4);
  assert.deepEqual(page.studioErrors, []);
});

test('On a short wide screen the early answer scrolls its status into view, before the rating', async () => {
  const page = await open(env.chrome.context, env.server.url, BIG);
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.waitForSelector('#board .cell');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const inView = () =>
    page.evaluate(() => {
      const r = document.querySelector('#status').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
  assert.equal(await inView(), false, 'scrolled to the bottom, the status line is off screen');
  // Whether the status line is in view while it says the rating is being worked out.
  await page.evaluate(() => {
    window.seenInView = false;
    const note = () => {
      const s = document.querySelector('#status');
      const r = s.getBoundingClientRect();
      if (/Working out the rating/.test(s.textContent) && r.top >= 0 && r.bottom <= window.innerHeight) {
        window.seenInView = true;
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    window.addEventListener('scroll', note);
  });
  // Pressed where it is, as a person would, without the test scrolling to it.
  await page.evaluate(() => document.querySelector('#solve').click());
  await page.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.seenInView), true, 'the status showed its early answer on screen');
  assert.equal(await inView(), true);
  assert.deepEqual(page.studioErrors, []);
});
