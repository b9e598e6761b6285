// Explained hints in headless Chromium, on every kind: the first press highlights the step's
// cells and shows its sentence (naming the line, region or cage), Apply changes exactly those
// cells, Undo takes it back; a wrong mark is reported before any step; hints are counted; the
// whole solve is explained and scrubbable on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open } from './harness.mjs';

const STARBATTLE = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';
// Its unique answer (puzzle solve), one row after another.
const STARBATTLE_ANSWER = '.*.......*.......*..*.......*.*.....';
const NONOGRAM = 'nonogram/v1/5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2';
const KENKEN = 'kenken/v1/5:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2';
const FLOODIT = 'floodit/v1/6x6/032242034203340350204502505323231342';

const env = suite();

/** Counts, in every page of the browser, the requests posted to a worker by their variant
 * (`window.__studioPosted.Hint`, `.Prefetch`, …). */
let counting = false;
async function countPosts() {
  if (counting) return;
  counting = true;
  await env.chrome.context.addInitScript(() => {
    window.__studioPosted = {};
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      const body = message && typeof message === 'object' ? message.body : null;
      const variant = body && typeof body === 'object' ? Object.keys(body)[0] : String(body);
      window.__studioPosted[variant] = (window.__studioPosted[variant] ?? 0) + 1;
      return post.call(this, message, ...rest);
    };
  });
}

/** What each board cell shows, in reading order (marks, digits, pencil marks, flood). */
const snapshot = (page) =>
  page.$$eval('#board .cell', (cells) =>
    cells.map((c) => [c.dataset.star, c.dataset.dot, c.dataset.v, c.dataset.pencil, c.classList.contains('filled'), c.classList.contains('cross'), c.classList.contains('flooded')].join('|')),
  );

/** The indices of board cells with a class. */
const withClass = (page, cls) =>
  page.$$eval('#board .cell', (cells, cls) => cells.flatMap((c, i) => (c.classList.contains(cls) ? [i] : [])), cls);

/** Starts from a clean board: clears the marks (a hint shown for old marks goes too). */
async function fresh(page, fragment, clear) {
  await page.waitForSelector('#board .cell');
  if (clear) await page.click(clear);
  await page.waitForSelector('#hint:not([disabled])');
}

/** Presses Hint and waits for its sentence. */
async function askHint(page) {
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 30000 });
  return { kind: await page.$eval('#hint-text', (p) => p.dataset.kind), text: await page.textContent('#hint-text') };
}

/** The shared check: highlight, sentence, Apply changes exactly the highlighted cells, Undo. */
async function hintAppliesAndUndoes(page, sentence) {
  const before = await snapshot(page);
  const h = await askHint(page);
  assert.equal(h.kind, 'step', h.text);
  assert.match(h.text, sentence);
  const lit = await withClass(page, 'hint-change');
  assert.ok(lit.length > 0, 'the step highlights its cells');
  assert.deepEqual(await snapshot(page), before, 'showing a hint changes no mark');
  assert.match(await page.textContent('#hints-used'), /Hints used: 1/);
  await page.click('#hint-apply');
  await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  const after = await snapshot(page);
  const changed = after.flatMap((s, i) => (s !== before[i] ? [i] : []));
  assert.deepEqual(changed, lit, 'Apply changes exactly the highlighted cells');
  assert.equal((await withClass(page, 'hint-change')).length, 0, 'the highlight goes once applied');
  await page.click('#undo');
  await page.waitForFunction((b) => {
    const now = [...document.querySelectorAll('#board .cell')].map((c) => [c.dataset.star, c.dataset.dot, c.dataset.v, c.dataset.pencil, c.classList.contains('filled'), c.classList.contains('cross'), c.classList.contains('flooded')].join('|'));
    return JSON.stringify(now) === JSON.stringify(b);
  }, before);
}

test('Star Battle: a hint names its unit, Apply makes exactly it, Undo takes it back', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await fresh(page, STARBATTLE, '#clear');
  await hintAppliesAndUndoes(page, /(Row|Column|Region) \w+|star at row \d+, column \d+|Suppose row \d+, column \d+ held a star.*(row|column|region) \w+/);
  assert.deepEqual(page.studioErrors, []);
});

test('Hint by keyboard keeps the focus on Hint, so Enter again applies; two presses at once ask once', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await fresh(page, STARBATTLE, '#clear');
  // Two presses in one go, before any answer: one hint is asked for and counted.
  await page.evaluate(() => { const b = document.querySelector('#hint'); b.click(); b.click(); });
  await page.waitForSelector('#hint-apply');
  await page.waitForTimeout(300);
  assert.match(await page.textContent('#hints-used'), /Hints used: 1$/);
  await page.click('#hint-dismiss');
  await page.waitForFunction(() => !document.querySelector('#hint-text'));
  // From the keyboard: the pressed button is patched, not drawn again, so it keeps the focus.
  await page.focus('#hint');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#hint-apply');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hint', 'the focus stays on Hint');
  const before = await snapshot(page);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  assert.notDeepEqual(await snapshot(page), before, 'the second Enter made the step');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hint', 'and the focus is still on Hint');
  assert.deepEqual(page.studioErrors, []);
});

test('While a step is read, the hints after it are found ahead: the next presses ask the worker nothing', async () => {
  await countPosts();
  // A 10x10 with two stars (tests/data/starbattle/generated_10x10_2star.txt, line 2): 50 steps.
  const link = 'starbattle/v1/10x10s2/ABBCCCCCCCAABBCCCDDDAABBBCCDEEABBFFCCCCEABFFCCCCEEABGGGCCCEEAGGGHHHCIIAGGGHHHIIIGGGGJJJIIIGGGJJJJIII';
  const page = await open(env.chrome.context, env.server.url, link);
  await page.reload();
  await fresh(page, link, '#clear');
  const posted = () => page.evaluate(() => ({ ...window.__studioPosted }));
  assert.equal((await posted()).Hint ?? 0, 0);
  const first = await askHint(page);
  assert.equal(first.kind, 'step', first.text);
  assert.equal((await posted()).Hint, 1);
  // While the step is read the worker is asked for the hints after it, one at a time.
  await page.waitForFunction(() => (window.__studioPosted.Prefetch ?? 0) >= 6, null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const seen = [first.text];
  for (let i = 0; i < 5; i++) {
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-apply'));
    const h = await askHint(page);
    assert.equal(h.kind, 'step', h.text);
    assert.ok(!seen.includes(h.text), `a new step each time: ${h.text}`);
    seen.push(h.text);
  }
  assert.equal((await posted()).Hint, 1, 'the five presses after the first were answered by the page');
  // Six found ahead of the first step, then one more as each kept one was shown: each once.
  assert.equal((await posted()).Prefetch, 11);
  assert.match(await page.textContent('#hints-used'), /Hints used: 6$/);
  // Marks off the hints' path: the press goes to the worker again.
  await page.click('#hint-apply');
  await page.click('#undo');
  await page.click('#undo');
  await page.waitForSelector('#hint:not([disabled])');
  const cells = await page.$$('#board .cell');
  await cells[cells.length - 1].click();
  const off = await askHint(page);
  assert.ok(['step', 'mistake'].includes(off.kind), off.text);
  assert.equal((await posted()).Hint, 2);
  assert.deepEqual(page.studioErrors, []);
});

test('Solve pressed while a hint is on its way replaces it: the verdict is shown, not the hint', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await fresh(page, STARBATTLE, '#clear');
  // In one go, before the hint's reply: the hint is not yet filed as a job, Solve is.
  await page.evaluate(() => { document.querySelector('#hint').click(); document.querySelector('#solve').click(); });
  await page.waitForSelector('#status[data-verdict="unique"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  assert.equal(await page.$('#hint-text'), null, 'the hint Solve replaced is not shown');
  assert.equal(await page.$('#status[data-verdict="unique"]') !== null, true, 'the verdict stays');
  assert.deepEqual(page.studioErrors, []);
});

test('a hint speaks of my grid: while Solve shows an answer its rings are off the board, and back on My grid', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await fresh(page, KENKEN, '#clear');
  await askHint(page);
  assert.ok((await withClass(page, 'hint-change')).length > 0, 'the hint rings its cells');
  await page.click('#solve');
  await page.waitForSelector('#status[data-verdict="unique"]', { timeout: 30000 });
  await page.waitForSelector('.play-bar button.active:has-text("Answer 1")');
  assert.deepEqual(await withClass(page, 'hint-change'), [], 'no ring on the answer');
  await page.click('.play-bar button:has-text("My grid")');
  await page.waitForFunction(() => document.querySelectorAll('#board .hint-change').length > 0);
  assert.ok(await page.$('#hint-text'), 'the hint is still there for my grid');
  assert.deepEqual(page.studioErrors, []);
});

test('Star Battle: a wrong star is reported before any deduction', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await fresh(page, STARBATTLE, '#clear');
  // The first cell holds no star in the answer: star it.
  assert.equal(STARBATTLE_ANSWER[0], '.');
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.waitForSelector('#board .cell[data-r="0"][data-c="0"][data-star="1"]');
  const h = await askHint(page);
  assert.equal(h.kind, 'mistake', h.text);
  assert.match(h.text, /row 1, column 1/);
  assert.deepEqual(await withClass(page, 'hint-mistake'), [0]);
  assert.equal(await page.$('#hint-apply'), null, 'a mistake has nothing to apply');
  assert.deepEqual(page.studioErrors, []);
});

test('Nonogram: a hint names its line and clue, Apply makes exactly it, Undo takes it back', async () => {
  const page = await open(env.chrome.context, env.server.url, NONOGRAM);
  await fresh(page, NONOGRAM, '#clear');
  await hintAppliesAndUndoes(page, /(Row|Column) \d+, clue [\d ]+:/);
  assert.deepEqual(page.studioErrors, []);
});

test('KenKen: a hint names its cage or line, Apply makes exactly it, Undo takes it back', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await fresh(page, KENKEN, '#clear');
  await hintAppliesAndUndoes(page, /cage at row \d+, column \d+|given|Row \d+|Column \d+|row \d+, column \d+/);
  assert.deepEqual(page.studioErrors, []);
});

test('Flood-It: the hint says why before it plays, Apply plays it, Undo takes it back', async () => {
  const page = await open(env.chrome.context, env.server.url, FLOODIT);
  await fresh(page, FLOODIT, '#restart');
  await hintAppliesAndUndoes(page, /Play \w+ \(\d\) now\. After this move the rest can be finished in 10 moves, and no move now leaves fewer than 10 more .*so it starts a shortest finish, an 11-move one/);
  assert.deepEqual(page.studioErrors, []);
});

test('Rectangle-free colouring: Hint says it is a search problem', async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/5x5c2');
  await page.waitForSelector('#hint:not([disabled])');
  const h = await askHint(page);
  assert.equal(h.kind, 'nologic');
  assert.match(h.text, /search problem/);
  assert.deepEqual(page.studioErrors, []);
});

test('Explain the solution: every step listed, scrubbable on the board, back to my marks', async () => {
  const page = await open(env.chrome.context, env.server.url, STARBATTLE);
  await fresh(page, STARBATTLE, '#clear');
  const mine = await snapshot(page);
  await page.click('#explain');
  await page.waitForSelector('#explain-steps li', { timeout: 30000 });
  const n = await page.$$eval('#explain-steps li', (l) => l.length);
  assert.ok(n > 3);
  assert.match(await page.textContent('#explain-summary'), /steps from the empty grid to the answer; hardest rule: .* \(rating: /);
  // The last position is the answer.
  await page.$eval('#explain-scrub', (el, n) => { el.value = String(n); el.dispatchEvent(new Event('input', { bubbles: true })); }, n);
  await page.waitForFunction(() => document.querySelectorAll('#board .cell[data-star="1"]').length === 6);
  const stars = await page.$$eval('#board .cell', (cells) => cells.map((c) => (c.dataset.star === '1' ? '*' : '.')).join(''));
  assert.equal(stars, STARBATTLE_ANSWER);
  // A middle step: its cells are highlighted and its sentence shown.
  await page.click('#explain-steps li[data-step="2"]');
  await page.waitForSelector('#explain-steps li.active[data-step="2"]');
  assert.ok((await withClass(page, 'hint-change')).length > 0);
  assert.match(await page.textContent('#explain-shown'), /^Step 3 of \d+: /);
  // Back to the player's own (empty) marks.
  await page.click('#explain-mine');
  await page.waitForFunction((m) => JSON.stringify([...document.querySelectorAll('#board .cell')].map((c) => [c.dataset.star, c.dataset.dot, c.dataset.v, c.dataset.pencil, c.classList.contains('filled'), c.classList.contains('cross'), c.classList.contains('flooded')].join('|'))) === JSON.stringify(m), mine);
  assert.deepEqual(page.studioErrors, []);
});

test('rings: a solid ring places, a dashed ring rules out, and the legend names only the rings shown', async () => {
  for (const [fragment, placed, ruledOut] of [
    [NONOGRAM, (c) => c.filled, (c) => c.cross],
    [STARBATTLE, (c) => c.star, (c) => c.dot],
  ]) {
    const page = await open(env.chrome.context, env.server.url, fragment);
    await fresh(page, fragment, '#clear');
    const seen = new Set();
    for (let guard = 0; guard < 60; guard++) {
      if (await page.$('#solved-moment')) break;
      const h = await askHint(page);
      assert.equal(h.kind, 'step', h.text);
      const rings = await page.$$eval('#board .cell', (cells) => cells.flatMap((c, i) => (c.classList.contains('hint-change') ? [[i, c.classList.contains('hint-out')]] : [])));
      const shown = new Set(rings.map(([, out]) => (out ? 'hint-out' : 'hint-change')));
      const legend = await page.$$eval('#hint-legend .legend-item', (items) => items.map((i) => i.dataset.ring));
      assert.deepEqual(legend.filter((r) => r === 'hint-change' || r === 'hint-out').sort(), [...shown].sort(), `${fragment}: the legend names the rings on the board (${h.text})`);
      for (const r of shown) seen.add(r);
      await page.click('#hint-apply');
      await page.waitForFunction(() => !document.querySelector('#hint-apply'));
      const after = await page.$$eval('#board .cell', (cells) => cells.map((c) => ({ filled: c.classList.contains('filled'), cross: c.classList.contains('cross'), star: c.dataset.star === '1', dot: c.dataset.dot === '1' })));
      for (const [i, out] of rings) {
        assert.ok(out ? ruledOut(after[i]) : placed(after[i]), `${fragment}: cell ${i} ringed ${out ? 'dashed' : 'solid'} became ${JSON.stringify(after[i])} (${h.text})`);
      }
    }
    assert.deepEqual([...seen].sort(), ['hint-change', 'hint-out'], `${fragment}: the walk showed both rings`);
    assert.deepEqual(page.studioErrors, []);
  }
});

test('hints from the empty grid finish the puzzle, and the finish counts them', async () => {
  const page = await open(env.chrome.context, env.server.url, KENKEN);
  await fresh(page, KENKEN, '#clear');
  for (let guard = 0; guard < 200; guard++) {
    if (await page.$('#solved-moment')) break;
    const h = await askHint(page);
    if (h.kind !== 'step') break;
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  }
  const used = Number((await page.textContent('#hints-used')).match(/\d+/)[0]);
  assert.ok(used > 5);
  assert.match(await page.textContent('#solved-moment'), new RegExp(`and ${used} hints\.`));
  assert.deepEqual(page.studioErrors, []);
});

/** Presses Hint and Apply until the finish (at most `most` steps); every hint must be a step. The rules used. */
async function walkToEnd(page, most) {
  const rules = new Set();
  for (let guard = 0; guard < most; guard++) {
    if (await page.$('#solved-moment')) break;
    const h = await askHint(page);
    assert.equal(h.kind, 'step', h.text);
    rules.add(await page.textContent('#hint-text .hint-rule'));
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  }
  return rules;
}

// A Tatham Keen Extreme (made with `sgt-keen --generate 1 6dx`): his solver needs Extreme
// deductions for it, and the hints walk it to the end with one of theirs.
const KEEN_EXTREME = 'kenken/v1/6:a_a_a_3a_5aa_3aa__b_4aa_a_a_aa_baa,s2a8m6m12a12s1s1s2s4m12m6d3a12d3d3a7';

test('KenKen: hints walk a Tatham Extreme to the end, using an extreme rule on the way', async () => {
  const page = await open(env.chrome.context, env.server.url, KEEN_EXTREME);
  await fresh(page, KEEN_EXTREME, '#clear');
  const rules = await walkToEnd(page, 300);
  assert.ok(await page.$('#solved-moment'), 'the hints finish the puzzle');
  assert.ok([...rules].some((r) => /X-wing|Swordfish|Jellyfish|Line sum|Forcing chain/.test(r)), [...rules].join(', '));
  assert.deepEqual(page.studioErrors, []);
});

// A 14x14 Star Battle with 3 stars at the generator's expert level (needs short contradictions),
// from tests/data/starbattle/generated_5to14.txt: the hints walk it to the end.
const SB_SIZES = new URL('../data/starbattle/generated_5to14.txt', import.meta.url);

test('Star Battle: hints walk an expert 14x14 to the end', async () => {
  const lines = fs.readFileSync(SB_SIZES, 'utf8').split('\n').filter((l) => l.includes('# sb14_expert_3 '));
  assert.equal(lines.length, 1, 'sb14_expert_3 in tests/data/starbattle/generated_5to14.txt');
  const page = await open(env.chrome.context, env.server.url, 'starbattle');
  await page.waitForSelector('#import-text');
  await page.fill('#import-text', lines[lines.length - 1]);
  await page.click('#import-open');
  await page.waitForSelector('#board .cell');
  await fresh(page, null, '#clear');
  const rules = await walkToEnd(page, 400);
  assert.ok(await page.$('#solved-moment'), `the hints finish the puzzle (rules used: ${[...rules].join(', ')})`);
  assert.deepEqual(page.studioErrors, []);
});

// A 17x17 Star Battle with 4 stars generated beyond the solver's rules
// (bench/starbattle/hard_17_21_25.txt, sb17_beyond_1: the solver's walk stops at 35 of 289
// cells; the hints' contradictions, whose chains count over unions too, go on to the finish).
// Where a hint gives a cell of the proven answer, it is the answer's, by a contradiction chain
// or said to come from the search; and the hints finish the puzzle.
const SB_BEYOND = 'starbattle/v1/17x17s4/AABBBBCCCCCCDDDDDAABBBBCCCCDDDDDDDABBBEBECEEDFFFDDDAABBEEECEEFFFFDFFAABBBEEEEEGGFFFFFAAAABHEEEEGGFFFFFIAAIIHHHHEGGFFJFFIIIIIIHHGGGGGGJFFIIIIIIHGGGGGJJJJJIIIIKKHHHGGGJLLJJMIIIKKNNNNOOOLLLJMMKKKNNNNNNOOOLLLMMKKPPNNNNOOOOLLLMMMKKPNNNNOQOQLLLMMKKPPPNNQQQOQQLLMMMKKPPPQQPQQQQLLMMMKKPPPPPPQQQQLL';
const SB_BEYOND_ANSWER = '0100000000010101000010101010000000010000000000101010001010101000000001000000000101010000101010100000000100000000010010100010101010000000100000000001010100010101010000000000000000001010101101000101000000000000100000101010010000010100000001001010000010010001000001010000001000101000001010000';

test('Star Battle beyond the solver\'s rules: the hints finish it, any cell of the proven answer they give is the answer\'s', async () => {
  const page = await open(env.chrome.context, env.server.url, SB_BEYOND);
  await fresh(page, SB_BEYOND, '#clear');
  let reveal = null;
  for (let guard = 0; guard < 500 && !(await page.$('#solved-moment')); guard++) {
    const h = await askHint(page);
    assert.equal(h.kind, 'step', h.text);
    if (!reveal && /^(From the proven answer|Contradiction chain): /.test(h.text)) {
      reveal = h.text;
      // One cell, the answer's: a star where the answer has one. A contradiction chain supposes
      // the other value and ends where the rules break; else the value is said to come from the
      // solver's search.
      const lit = await withClass(page, 'hint-change');
      assert.equal(lit.length, 1, h.text);
      const star = SB_BEYOND_ANSWER[lit[0]] === '1';
      const at = `row ${Math.floor(lit[0] / 17) + 1}, column ${(lit[0] % 17) + 1}`;
      if (h.text.startsWith('Contradiction chain: ')) {
        assert.match(h.text, new RegExp(`No rule decides another cell here \\(\\d+ of 289 decided\\), but one assumption breaks the rules\\. Suppose ${at} held ${star ? 'no star' : 'a star'}\\.(?: .*)? But now .+\\. So ${at} ${star ? 'holds a star' : 'has no star'}\\.`));
      } else {
        assert.match(h.text, new RegExp(`No rule decides another cell from here \\(\\d+ of 289 decided\\), and no assumption breaks the rules within the hint's bounds \\(chains of up to 40 steps\\), so this step comes from the solver's search: its answer, proven the only one, has ${star ? 'a star' : 'no star'} at ${at}\\.`));
      }
    }
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  }
  assert.ok(await page.$('#solved-moment'), `the hints finish the puzzle (a reveal: ${reveal})`);
  assert.deepEqual(page.studioErrors, []);
});

// A 21x21 Star Battle with 5 stars where even the hints' rules stop: made with `puzzle generate
// starbattle --size 21 --stars 5 --difficulty beyond --seed 1`; `puzzle explain` takes 27 steps
// and stops at 41 of 441 cells (26 and 40 before the deep pass tried the furthest chains first).
// The 28th hint gives one cell of the proven answer (its answer below, from `puzzle solve`), by a
// contradiction chain or said to come from the solver's search.
const SB_STOP = 'starbattle/v1/21x21s5/ABBBBBBBBCCCCCCCDDDDDAAAABEEEBCCCCCCCDDDDDFAFABEEEECCCCCCCGDDDDFFFAAAAEECCCCCGGGDGDDHHFAAAAAEEICCGGGGDGGDHFFFAAAAEIIIGGJJGGGGGHHHFFFAAEIIIIGJJJJJKKHHFFFAAAEIIJIJJJLJJKKMHHFFFAAEIIJJJJJLLJKKMHHFHHHEEIIILLLLLLNNKMHHHHEEEEIIILLLLLLNKKMHHHHHOOOIIILLLLNLNNKMMMMHPPPOOOLLLLNNNNKKMMMMMPPPOOOOOOONNNNKKMMMPPPPQOQOOOOONRRNKKMMMMPQQQQQOOOOORRRKKKMMMMPQQQQQSSSSSRRRKKRTTMPPQQQQQSUUUSSSRKRRTTTTPPQQUUSUUUSSSRRRRTTTTTQQUUUUUUUUSSRRRRTTTTTTQQUUUUUUSSSSRRR';
const SB_STOP_ANSWER = '010100101000000000100000000000010101010001010010101000000000100000000000010101010001101010101000000000000000000000001010101010010101010100000000000000000000001010101010010101010100000000000000000000001010101010101001010100000000000000000000000101010101001010101010000000000100000000000010101010000101010101000000000100000000000010101010001010010101000000000100000000000001010101001010100010100000000000000001000001010101010101000010100000000';

test('Star Battle where the hints\' rules stop: the hint gives a cell of the proven answer and says why', async () => {
  const page = await open(env.chrome.context, env.server.url, SB_STOP);
  await fresh(page, SB_STOP, '#clear');
  let h = null;
  for (let guard = 0; guard < 60; guard++) {
    h = await askHint(page);
    assert.equal(h.kind, 'step', h.text);
    if (/^(From the proven answer|Contradiction chain): /.test(h.text)) break;
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  }
  assert.match(h.text, /^(From the proven answer|Contradiction chain): /, 'the rules stop and a hint gives a cell');
  const lit = await withClass(page, 'hint-change');
  assert.equal(lit.length, 1, h.text);
  const star = SB_STOP_ANSWER[lit[0]] === '1';
  const at = `row ${Math.floor(lit[0] / 21) + 1}, column ${(lit[0] % 21) + 1}`;
  if (h.text.startsWith('Contradiction chain: ')) {
    assert.match(h.text, new RegExp(`No rule decides another cell here \\(41 of 441 decided\\), but one assumption breaks the rules\\. Suppose ${at} held ${star ? 'no star' : 'a star'}\\.(?: .*)? But now .+\\. So ${at} ${star ? 'holds a star' : 'has no star'}\\.`));
  } else {
    assert.match(h.text, new RegExp(`No rule decides another cell from here \\(41 of 441 decided\\), and no assumption breaks the rules within the hint's bounds \\(chains of up to 40 steps\\), so this step comes from the solver's search: its answer, proven the only one, has ${star ? 'a star' : 'no star'} at ${at}\\.`));
  }
  // Apply makes the answer's value there.
  await page.click('#hint-apply');
  await page.waitForFunction(() => !document.querySelector('#hint-apply'));
  const cell = await page.$$eval('#board .cell', (cells, i) => cells[i].dataset.star, lit[0]);
  assert.equal(cell === '1', star, `${at} after Apply`);
  assert.deepEqual(page.studioErrors, []);
});

/** Imports `text` (a puzzle of `cells` cells) through the open page's import box, from a clean board. */
async function importAndClear(page, text, cells) {
  await page.waitForSelector('#import-text');
  await page.fill('#import-text', text);
  await page.click('#import-open');
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n, cells);
  await fresh(page, null, '#clear');
}

// A 21x21 Star Battle with 5 stars at the generator's expert level, kept in the repository
// (bench/starbattle/hard_17_21_25.txt, sb21_expert_3): the hints walk all 441 cells to the end.
const HARD_SET = new URL('../../bench/starbattle/hard_17_21_25.txt', import.meta.url);

test('Star Battle: hints walk a 21x21 with 5 stars to the end', async () => {
  const lines = fs.readFileSync(HARD_SET, 'utf8').split('\n').filter((l) => l.includes('# sb21_expert_3'));
  assert.equal(lines.length, 1, 'sb21_expert_3 in bench/starbattle/hard_17_21_25.txt');
  const page = await open(env.chrome.context, env.server.url, 'starbattle');
  await importAndClear(page, lines[0], 441);
  const rules = await walkToEnd(page, 600);
  assert.ok(await page.$('#solved-moment'), `the hints finish the puzzle (rules used: ${[...rules].join(', ')})`);
  assert.deepEqual(page.studioErrors, []);
});

// A 20x20 colour picture where colour-set logic and one-cell contradictions stop at 95 of 400
// cells (tests/data/colournono/random_20x20_chain.txt): the hints walk it to the end, with
// contradiction chains where the rules stop, each chain's conclusion agreeing with the answer.
const COLOUR_CHAIN = new URL('../data/colournono/random_20x20_chain.txt', import.meta.url);

test('Colour nonogram: hints walk a 20x20 to the end, with contradiction chains where the rules stop', async () => {
  const text = fs.readFileSync(COLOUR_CHAIN, 'utf8').trim();
  const page = await open(env.chrome.context, env.server.url, 'colournono');
  await importAndClear(page, text, 400);
  const rules = await walkToEnd(page, 600);
  assert.ok(await page.$('#solved-moment'), `the hints finish the puzzle (rules used: ${[...rules].join(', ')})`);
  assert.ok([...rules].some((r) => /Contradiction chain/.test(r)), [...rules].join(', '));
  assert.deepEqual(page.studioErrors, []);
});
