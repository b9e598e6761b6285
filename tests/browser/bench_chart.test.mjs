// The Benchmark page draws the run: per-puzzle times sorted on a log scale and the verdict counts,
// growing while the run goes and complete at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, open } from './harness.mjs';

const env = suite();
// A KrazyDad-style collection line (formats.md): the 6x6 example with its published answer.
const LINE = '6,6,1,"AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC","010000000100000001001000000010100000"';
const COUNT = 3000;

test('the chart appears during a run and shows every puzzle and verdict at the end', async () => {
  const page = await open(env.chrome.context, env.server.url, 'bench');
  await page.selectOption('#bench-kind', 'starbattle');
  await page.$eval('#bench-text', (t, v) => { t.value = v; }, Array(COUNT).fill(LINE).join('\n') + '\n');
  await page.click('#bench-run');
  // Live: a chart with some but not all of the puzzles while the status is busy.
  const live = await page.waitForFunction(() => {
    const chart = document.querySelector('#bench-chart');
    const busy = document.querySelector('#status[data-state="busy"]');
    return chart && busy ? Number(chart.dataset.points) : null;
  }, null, { timeout: 60000, polling: 50 });
  const during = await live.jsonValue();
  assert.ok(during > 0 && during < COUNT, `live chart with ${during} of ${COUNT} puzzles`);
  // The end: every puzzle is a dot and the verdict bars add up.
  await page.waitForSelector('#bench-summary', { timeout: 120000 });
  await page.waitForFunction((n) => Number(document.querySelector('#bench-chart')?.dataset.points) === n, COUNT);
  assert.equal(await page.$$eval('#bench-chart circle.dot', (d) => d.length), COUNT);
  const bars = await page.$$eval('#bench-chart rect.bar', (r) => r.map((b) => [b.dataset.verdict, Number(b.dataset.count)]));
  assert.deepEqual(bars, [['unique', COUNT]]);
  // Dots go fastest to slowest.
  const ms = await page.$$eval('#bench-chart circle.dot', (d) => d.map((c) => Number(c.dataset.ms)));
  assert.ok(ms.every((v, i) => i === 0 || ms[i - 1] <= v));
  assert.deepEqual(page.studioErrors, []);
});
