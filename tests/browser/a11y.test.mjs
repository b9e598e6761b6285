// Accessibility as a test: axe-core (npm `axe-core`, run inside the page) finds no serious or
// critical violation on any page of the studio, in the light and the dark theme, with a
// solved answer and the player's marks on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { suite, open, registryKinds } from './harness.mjs';

const env = suite();
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Every page, what shows it has rendered, and what to do first so more of it is on screen. A kind
// page's row comes from the registry (the home page's cards): a board of cells and a Solve
// button, unless KIND_PAGES says otherwise for that kind.
const KIND_PAGES = {
  floodit: ['#board .cell', '#minimum'],
  rectfree: ['.workshop'],
};
const kindRow = (k) => [k, ...(KIND_PAGES[k] ?? ['#board .cell', '#solve'])];
const OTHER_PAGES = [
  ['art', '.workshop'],
  ['bench', '#bench-run'],
];

/** The serious and critical violations axe finds on the page, as readable lines. */
async function violations(page) {
  // Evaluated through the DevTools protocol, so the page's Content Security Policy does not apply.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4} more)` : ''}`);
  });
  return found;
}

for (const theme of ['light', 'dark']) {
  test(`axe-core: no serious or critical violation on any page (${theme} theme)`, async () => {
    const page = await open(env.chrome.context, env.server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate((t) => localStorage.setItem('puzzle-studio/theme', t), theme);
    // Every kind of the registry is checked; a kind page without what its row waits for fails by name.
    const PAGES = [['', '.home'], ...(await registryKinds(page)).map(kindRow), ...OTHER_PAGES];
    const report = [];
    for (const [fragment, ready, press] of PAGES) {
      await page.goto(env.server.url + '#' + fragment);
      await page.reload();
      await page.waitForSelector(ready).catch((e) => assert.fail(`#${fragment}: ${ready} never showed (${e.message.split('\n')[0]})`));
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      if (press) {
        await page.click(press, { timeout: 10000 }).catch((e) => assert.fail(`#${fragment}: no ${press} to press (${e.message.split('\n')[0]})`));
        await page.waitForSelector('#status[data-state="done"], #certificate', { timeout: 30000 });
      }
      for (const line of await violations(page)) report.push(`#${fragment}: ${line}`);
    }
    assert.deepEqual(report, []);
    assert.deepEqual(page.studioErrors, []);
  });
}

test('a board a screen reader lands on names its kind, its size and the cursor, which follows the arrows', async () => {
  const page = await open(env.chrome.context, env.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Every kind whose board is played by keys (Flood-It's by its colour buttons; rectangle-free's
  // hand board names itself).
  const kinds = (await registryKinds(page)).filter((k) => !['floodit', 'rectfree'].includes(k));
  assert.ok(kinds.length >= 4, `kinds: ${kinds}`);
  for (const kind of kinds) {
    await page.goto(`${env.server.url}#${kind}`);
    const board = await page.waitForSelector('#board[tabindex="0"]');
    const [rows, cols] = await board.evaluate((b) => [b.dataset.rows, b.dataset.cols]);
    await board.focus();
    const name = () => page.evaluate(() => [document.activeElement.getAttribute('role'), document.activeElement.getAttribute('aria-label')]);
    const [role, label] = await name();
    assert.equal(role, 'application', kind);
    assert.match(label, new RegExp(`board, ${rows} by ${cols}: cursor on row 1, column 1$`), kind);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => /row 2, column 2$/.test(document.activeElement.getAttribute('aria-label') ?? ''));
  }
  assert.deepEqual(page.studioErrors, []);
});
