// Dark mode: follows prefers-color-scheme, a switch overrides it and is remembered, and every
// board keeps readable contrast (WCAG contrast ratios of the computed colours).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open, registryKinds } from './harness.mjs';

const env = suite();

/** Installs `window.contrast(a, b)`: the WCAG contrast ratio of two elements' computed colours. */
async function withContrast(page) {
  await page.evaluate(() => {
    const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (s) => {
      const [r, g, b] = rgb(s).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    window.ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    window.bg = (el) => getComputedStyle(el).backgroundColor;
    window.fg = (el) => getComputedStyle(el).color;
  });
}

test('the system dark preference gives the dark scheme, and every board stays readable', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await withContrast(page);
  // The page itself: dark background, light text.
  assert.ok(await page.evaluate(() => ratio(bg(document.documentElement), 'rgb(0,0,0)') < 1.5), 'a dark page');
  assert.ok(await page.evaluate(() => ratio(fg(document.querySelector('h1')), bg(document.documentElement))) >= 7);

  // Nonogram: a filled cell stands out from an empty one, clues read on the page.
  await page.waitForSelector('#board .cell');
  await page.click('#clear');
  await page.click('#board .cell[data-r="0"][data-c="0"]');
  await page.waitForSelector('#board .cell.filled');
  assert.ok(await page.evaluate(() => ratio(bg(document.querySelector('#board .cell.filled')), bg(document.querySelector('#board .cell:not(.filled)')))) >= 4.5);
  assert.ok(await page.evaluate(() => ratio(fg(document.querySelector('#board .clue.row')), bg(document.documentElement))) >= 4.5);

  // Star Battle: stars and walls on the region colours.
  await page.goto(env.server.url + '#starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC');
  await page.waitForSelector('#board .cell');
  await page.click('#board .cell[data-r="0"][data-c="1"]');
  await page.waitForSelector('#board .cell[data-star="1"]');
  await withContrast(page);
  const star = await page.evaluate(() => { const c = document.querySelector('#board .cell[data-star="1"]'); return ratio(fg(c), bg(c)); });
  assert.ok(star >= 7, `star contrast ${star}`);
  // Walls are the board's line layer (one SVG over the cells), drawn on the region colours.
  const wall = await page.evaluate(() => ratio(getComputedStyle(document.querySelector('#board .board-lines .walls')).stroke, bg(document.querySelector('#board .cell'))));
  assert.ok(wall >= 7, `wall contrast ${wall}`);

  // KenKen: cage clues and typed digits on dark cells.
  await page.goto(env.server.url + '#kenken');
  await page.waitForSelector('#board .cell .clue');
  await withContrast(page);
  const clue = await page.evaluate(() => { const c = document.querySelector('#board .cell .clue'); return ratio(fg(c), bg(c.closest('.cell'))); });
  assert.ok(clue >= 7, `cage clue contrast ${clue}`);
  assert.ok(await page.evaluate(() => ratio(bg(document.querySelector('#board .cell')), 'rgb(0,0,0)') < 2), 'dark KenKen cells');

  // Rectangle-free colouring: the colouring's picture sits on the dark surface, not a white box.
  await page.goto(env.server.url + '#rectfree');
  await page.waitForSelector('#run');
  await page.selectOption('#rf-rows', '7');
  await page.selectOption('#rf-cols', '7');
  await page.selectOption('#rf-colours', '3');
  await page.click('#run');
  await page.waitForSelector('#result-grid[data-checked="1"] svg .bg', { timeout: 60000 });
  await withContrast(page);
  const fill = (sel) => page.$eval(sel, (e) => getComputedStyle(e).fill);
  assert.ok(await page.evaluate((f) => ratio(f, 'rgb(0,0,0)') < 2, await fill('#result-grid svg .bg')), 'dark picture background');
  assert.ok(await page.evaluate((s) => ratio(s, 'rgb(0,0,0)') < 2, await page.$eval('#result-grid svg .cell', (e) => getComputedStyle(e).stroke)), 'cell gaps follow the surface');
  assert.deepEqual(page.studioErrors, []);
});

test('the theme switch overrides the system and is remembered across a reload', async () => {
  const page = await open(env.chrome.context, env.server.url, 'nonogram');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal(await page.getAttribute('#theme', 'data-choice'), 'auto');
  // system -> dark -> light
  await page.click('#theme');
  await page.click('#theme');
  assert.equal(await page.getAttribute('#theme', 'data-choice'), 'light');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await page.reload();
  await page.waitForSelector('#nav');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.getAttribute('#theme', 'data-choice'), 'light');
  // Back to following the system, which is dark; then the system turns light.
  await page.click('#theme');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
});

test('in the dark theme every board\'s focus ring, reached from the keyboard, stands out from the page', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  const kinds = await registryKinds(page);
  const rings = {};
  for (const kind of kinds) {
    // From the keyboard: the first Tab reaches the skip link, Enter puts focus on the board.
    await page.goto(env.server.url + '#' + kind);
    await page.reload();
    await page.waitForSelector(kind === 'rectfree' ? '#hand .cell' : '#board .cell');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await withContrast(page);
    // The ring as drawn: its colour, through any filter the board puts on itself (Star Battle's
    // paper is dimmed in the dark theme), against the page behind it.
    rings[kind] = Number((await page.evaluate(() => {
      const b = document.activeElement;
      const s = getComputedStyle(b);
      if (b === document.body || s.outlineStyle === 'none') return 0;
      const k = Number(s.filter.match(/brightness\(([\d.]+)\)/)?.[1] ?? 1);
      const [r, g, bl] = s.outlineColor.match(/[\d.]+/g).map(Number);
      return ratio(`rgb(${r * k},${g * k},${bl * k})`, bg(document.documentElement));
    })).toFixed(2));
  }
  assert.deepEqual(Object.entries(rings).filter(([, r]) => r < 3), [], `focus ring contrast ${JSON.stringify(rings)}`);
  assert.deepEqual(page.studioErrors, []);
});

for (const theme of ['dark', 'light']) test(`in the ${theme} theme every colour of a rectangle-free colouring by hand stands out from an uncoloured cell`, async () => {
  const page = await open(env.chrome.context, env.server.url, 'rectfree/v1/2x6c6');
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  await page.waitForSelector('#hand .cell');
  await page.focus('#hand');
  for (let k = 1; k <= 6; k++) {
    await page.keyboard.press(String(k));
    await page.keyboard.press('ArrowRight');
  }
  await withContrast(page);
  const colours = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('#hand .cell')];
    const empty = cells.at(-1); // row 2 is left uncoloured
    const paper = (c) => { const b = bg(c); return /rgba\(.*, 0\)$/.test(b) || b === 'transparent' ? bg(c.closest('.rf-board')) : b; };
    return cells.slice(0, 6).map((c) => Number(ratio(bg(c), paper(empty)).toFixed(2)));
  });
  assert.equal(colours.length, 6);
  assert.ok(colours.every((r) => r >= 3), `${theme}: colours against an uncoloured cell: ${colours}`);
  assert.deepEqual(page.studioErrors, []);
});
