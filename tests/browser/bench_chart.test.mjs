// The Benchmark page draws the run: per-puzzle times sorted on a log scale and the verdict counts,
// growing while the run goes and complete at the end, drawn once, in the layout for the screen's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
// A KrazyDad-style collection line (formats.md): a 10x10 two-star puzzle with its answer, made once
// with `puzzle generate starbattle --size 10 --stars 2 --seed 3`. The run must last well past the
// worker's first progress report (250 ms) for the chart to be drawn live; the 6x6 example that
// stood here solved 3000 times in 0.3 s once the logic-first solver landed.
const LINE = '10,10,2,"AABBCCCCCDAAABCCECCDAAABBEECCDAAABBFECDDAAAFBFECGDHAHFFFFIGDHHHFFIIIGGJJHFFIGGGGJJJFFFFGGGJJFFGGGGGG","0000000101010100000000000010100010100000000000100110001000000010000100100001000000010000100100010000"';
const COUNT = 3000;

test('the chart appears during a run and shows every puzzle and verdict at the end', async () => {
  const page = await open(env.chrome.context, env.server.url, 'bench');
  await page.selectOption('#bench-kind', 'starbattle');
  await page.$eval('#bench-text', (t, v) => { t.value = v; }, Array(COUNT).fill(LINE).join('\n') + '\n');
  // Record every chart the page draws while the run is busy: a MutationObserver sees each render,
  // however fast the solver is (a polling loop can miss a run that ends in a few hundred ms).
  await page.evaluate(() => {
    window.liveCharts = [];
    new MutationObserver(() => {
      const chart = document.querySelector('#bench-chart');
      const busy = document.querySelector('#status[data-state="busy"]');
      if (chart && busy) window.liveCharts.push(Number(chart.dataset.points));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.click('#bench-run');
  // The end: every puzzle is a dot and the verdict bars add up.
  await page.waitForSelector('#bench-summary', { timeout: 120000 });
  await page.waitForFunction((n) => Number(document.querySelector('#bench-chart')?.dataset.points) === n, COUNT);
  // Live: the chart was drawn with some but not all of the puzzles while the status was busy.
  const live = await page.evaluate(() => window.liveCharts);
  assert.ok(live.some((n) => n > 0 && n < COUNT), `live charts while busy: ${JSON.stringify(live.slice(0, 20))}`);
  assert.equal(await page.$$eval('#bench-chart circle.dot', (d) => d.length), COUNT);
  const bars = await page.$$eval('#bench-chart rect.bar', (r) => r.map((b) => [b.dataset.verdict, Number(b.dataset.count)]));
  assert.deepEqual(bars, [['unique', COUNT]]);
  // Dots go fastest to slowest.
  const ms = await page.$$eval('#bench-chart circle.dot', (d) => d.map((c) => Number(c.dataset.ms)));
  assert.ok(ms.every((v, i) => i === 0 || ms[i - 1] <= v));
  // One picture is drawn, the one for the screen's width (both were drawn on every update and CSS
  // hid one); turning to a phone's width draws the narrow one in its place, with every point.
  const drawn = () => page.$$eval('.bench-figure svg', (s) => s.map((v) => `${v.id}:${v.dataset.points}`));
  assert.deepEqual(await drawn(), [`bench-chart:${COUNT}`]);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForFunction(() => document.querySelector('#bench-chart-narrow'));
  assert.deepEqual(await drawn(), [`bench-chart-narrow:${COUNT}`]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() => document.querySelector('#bench-chart'));
  assert.deepEqual(await drawn(), [`bench-chart:${COUNT}`]);
  assert.deepEqual(page.studioErrors, []);
});

test('a time limit per puzzle: a Flood-It board too big to prove ends at the limit with its best line and proven bound; a bad limit is refused in words', async () => {
  const page = await open(env.chrome.context, env.server.url, 'bench');
  await page.selectOption('#bench-kind', 'floodit');
  // The 30x30 board with 8 colours of floodit.test.mjs (`puzzle generate floodit --size 30 --colours 8 --seed 5`).
  const board = (await import('node:fs')).readFileSync(new URL('./floodit.test.mjs', import.meta.url), 'utf8').match(/floodit\/v1\/30x30\/(\d{900})/)[1];
  await page.$eval('#bench-text', (t, v) => { t.value = v; }, `${board}\n`);
  await page.fill('#bench-timeout', '-1');
  await page.click('#bench-run');
  assert.match(await (await page.waitForSelector('#bench-form-error')).textContent(), /more than 0 and at most 86400 seconds/);
  assert.equal(await page.$$eval('#status[data-state="busy"]', (s) => s.length), 0, 'nothing ran');
  await page.fill('#bench-timeout', '1.5');
  const started = Date.now();
  await page.click('#bench-run');
  // The summary of this run (an earlier test's may still be on screen until it ends).
  await page.waitForFunction(() => {
    const s = document.querySelector('#bench-summary');
    return s && s.textContent.includes('bounded') && !document.querySelector('#status[data-state="busy"]');
  }, null, { timeout: 30000 });
  const summary = await page.$('#bench-summary');
  const seconds = (Date.now() - started) / 1000;
  const [record] = JSON.parse(await summary.getAttribute('data-records'));
  assert.equal(record.verdict, 'bounded');
  assert.ok(record.lower > 0 && record.lower < record.measure, `bound ${record.lower}, best ${record.measure}`);
  assert.ok(record.ms >= 1500 && seconds < 20, `${record.ms} ms, ${seconds} s`);
  assert.match(await summary.textContent(), /bounded 1/);
});
