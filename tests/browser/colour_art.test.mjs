// Image to colour nonogram in headless Chromium: a photo (tests/data/images) uploaded in colour mode comes out
// proven unique, and "Play it" opens the colour nonogram page with the puzzle and its givens,
// whose solver proves it unique again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open } from './harness.mjs';

const env = suite();
const PHOTO = new URL('../data/images/chelsea.png', import.meta.url);

test('a photo in colour mode becomes a proven-unique colour nonogram that plays on its page', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  await page.check('#art-mode-colour');
  await page.waitForSelector('#colour-mode');
  assert.match(await page.textContent('#colour-mode'), /Colours \(background included\)/);
  await page.fill('#colour-count', '5');
  await page.dispatchEvent('#colour-count', 'change');
  await page.fill('#colour-width', '24');
  await page.dispatchEvent('#colour-width', 'change');
  await page.setInputFiles('#art-file', { name: 'chelsea.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) });
  // The end of the job for these settings (24 wide), not of one an earlier setting started.
  await page.waitForFunction(() => {
    const s = document.querySelector('#colour-status');
    const v = document.querySelector('#colour-verdict');
    return s && s.dataset.state === 'done' && s.dataset.final === 'true' && v && v.textContent.startsWith('24x');
  }, null, { timeout: 60000 });
  const d = await page.$eval('#colour-status', (s) => ({ ...s.dataset }));
  assert.equal(d.unique, 'true', JSON.stringify(d));
  assert.match(await page.textContent('#colour-verdict'), /^24x\d+ cells in 5 colours \(one of them the background\), .*proven unique/);
  // Three panes: cell colours, the reduced picture, the puzzle's given cells; and the original.
  assert.equal((await page.$$('.colour-panes img.art-grid')).length, 3);
  assert.ok(await page.$('img.art-original-plain'));
  // The black-and-white controls are away while the colour mode is on.
  assert.equal(await page.$('#art-method'), null);
  const href = await page.$eval('#colour-play', (a) => a.getAttribute('href'));
  // The picture is the puzzle's goal, but line logic from its clues gives it: the link leaves
  // it out and is v1, as short as before link v2 (src/kinds/colournono/formats goal_implied).
  assert.match(href, /^#colournono\/v1\/24x\d+:[^;]*$/);
  // The same exports as black and white, in the colour formats; the times say where they went.
  assert.match(await page.textContent('#colour-status .timings'), /choosing the colours .*a first puzzle with one answer was ready after .* in all\./);
  assert.doesNotMatch(await page.textContent('#colour-status'), /UNSAT/);
  assert.ok((await page.inputValue('#colour-exports #share-link')).endsWith(href));
  const saved = async (label) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#colour-exports button:has-text("${label}")`)]);
    return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
  };
  const xml = await saved('webpbn XML');
  assert.equal(xml.name, 'puzzle.xml');
  assert.match(xml.text, /<color name="[^"]+" char="[^"]+">/);
  assert.match((await saved('Coloured .non')).text, /^width 24$/m);
  assert.match((await saved('Olšák .g')).text, /^: rows$/m);
  assert.match((await saved('puzzle.svg')).text, /^<svg/);
  assert.match((await saved('solution.svg')).text, /^<svg/);
  const png = await Promise.all([page.waitForEvent('download'), page.click('#colour-exports button:has-text("puzzle.png")')]);
  assert.equal(png[0].suggestedFilename(), 'puzzle.png');
  const givens = Number(d.givens);
  await page.click('#colour-play');
  await page.waitForSelector('#board.cnono .cell');
  assert.equal(await page.$('#notice'), null, 'the link reads without an error');
  assert.equal(await page.$$eval('#board .cell', (c) => c.length) % 24, 0);
  if (givens > 0) assert.match(await page.textContent('#givens-note'), new RegExp(`^${givens} cells? (is|are) given`));
  // The given cells show their colours from the start (non-blank marks).
  const marked = await page.$$eval('#board .cell', (c) => c.filter((x) => x.dataset.v !== '0').length);
  assert.ok(marked >= givens, `${marked} marked, ${givens} givens`);
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"][data-verdict="unique"]', { timeout: 60000 });
  assert.deepEqual(page.studioErrors, []);
});

test('adjust the picture: a colour puzzle with no givens, its changed cells ringed, that plays unique', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  await page.check('#art-mode-colour');
  await page.waitForSelector('#colour-mode');
  await page.fill('#colour-count', '3');
  await page.dispatchEvent('#colour-count', 'change');
  await page.fill('#colour-width', '30');
  await page.dispatchEvent('#colour-width', 'change');
  await page.selectOption('#colour-unique', 'adjust');
  await page.setInputFiles('#art-file', { name: 'chelsea.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) });
  // The end of this job (30 wide, adjusted), not of one an earlier setting or picture started:
  // each change of a control restarts the job.
  await page.waitForFunction(() => {
    const s = document.querySelector('#colour-status');
    const v = document.querySelector('#colour-verdict');
    return s && s.dataset.state === 'done' && s.dataset.final === 'true' && s.dataset.adjusted === 'true' && v && v.textContent.startsWith('30x');
  }, null, { timeout: 60000 });
  const d = await page.$eval('#colour-status', (s) => ({ ...s.dataset }));
  assert.equal(d.unique, 'true', JSON.stringify(d));
  assert.equal(d.adjusted, 'true', JSON.stringify(d));
  assert.equal(d.givens, '0');
  const changed = Number(d.changed);
  assert.match(await page.textContent('#colour-verdict'), new RegExp(`no given cells: proven unique.*line logic alone solves it, ${changed} of its cells changed`));
  // The adjusted picture and the puzzle pane ring exactly the changed cells.
  const rings = await page.$$eval('.colour-panes img.art-grid', (imgs) => imgs.map((i) => (decodeURIComponent(i.src).match(/class="ring"/g) || []).length));
  assert.deepEqual(rings, [0, changed, changed]);
  assert.match(await page.textContent('.colour-panes'), /Adjusted picture/);
  await page.click('#colour-play');
  await page.waitForSelector('#board.cnono .cell');
  assert.equal(await page.$('#notice'), null, 'the link reads without an error');
  assert.equal(await page.$$eval('#board .cell', (c) => c.filter((x) => x.dataset.v !== '0').length), 0, 'no givens');
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"][data-verdict="unique"]', { timeout: 60000 });
  assert.deepEqual(page.studioErrors, []);
});
