// How long one hint takes in the page: headless Chromium, the release build, a puzzle imported as
// JSON, then Hint and Apply step by step from the empty grid. Each hint is timed from the click on
// Hint until its sentence is on the page and the next frame is drawn (the worker round trip, the
// step itself and the render; see timedHint). The first press shows the step found from the
// marks alone while the worker goes on to solve the puzzle for the mistake check (it caches the
// answer), so it is reported apart; "from empty" is a second press on the empty grid; "half-way"
// is the hint after half of the steps the walk takes. PAUSE_MS (0 unless given) is how long the
// walk waits after each step shows before it presses Apply, as a person reads the sentence: the
// worker finds the next hint meanwhile (Request::Prefetch), so with a pause the press measures
// what a reader waits for, and without one what the hint costs.
// Usage: node hints_bench.mjs KIND FILE.json [MAX_STEPS] [PAUSE_MS]
import fs from 'node:fs';
import { serve, browser, open } from './harness.mjs';

const [kind, file, maxArg, pauseArg] = process.argv.slice(2);
if (!kind || !file) {
  console.error('usage: node hints_bench.mjs KIND FILE.json [MAX_STEPS] [PAUSE_MS]');
  process.exit(2);
}
const text = fs.readFileSync(file, 'utf8').trim();
const maxSteps = Number(maxArg ?? 1000);
const pauseMs = Number(pauseArg ?? 0);

/** Clicks `#hint` and resolves to the ms until `#hint-text` is in the page and the frame that
 * shows it is drawn: a MutationObserver sees the sentence arrive, then the next animation frame
 * runs and a task after it (the frame has been painted by then). Before 2026-11-28 the sentence
 * was looked for at each animation frame, which counted up to one frame more. */
async function timedHint(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    const seen = () => {
      const p = document.querySelector('#hint-text');
      if (!p) return false;
      requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - t0, kind: p.dataset.kind })));
      return true;
    };
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document.body, { childList: true, subtree: true });
    document.querySelector('#hint').click();
  }));
}

const server = await serve();
const chrome = await browser();
try {
  const page = await open(chrome.context, server.url, kind);
  await page.fill('#import-text', text);
  await page.click('#import-open');
  await page.waitForSelector('#board .cell');
  const clear = (await page.$('#clear')) ? '#clear' : '#restart';
  await page.click(clear);
  await page.waitForSelector('#hint:not([disabled])');
  const first = await timedHint(page);
  await page.click('#hint-dismiss');
  await page.waitForFunction(() => !document.querySelector('#hint-text'));
  const times = [];
  let end = 'step';
  for (let k = 0; k < maxSteps; k++) {
    await page.waitForSelector('#hint:not([disabled])');
    const h = await timedHint(page);
    times.push(h.ms);
    if (h.kind !== 'step') { end = h.kind; break; }
    if (pauseMs > 0) await page.waitForTimeout(pauseMs);
    await page.click('#hint-apply');
    await page.waitForFunction(() => !document.querySelector('#hint-text'));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const half = times[Math.floor((times.length - 1) / 2)];
  console.log(
    `${kind} ${file}${pauseMs > 0 ? ` (${pauseMs} ms to read each step)` : ''}: first press (shown before the answer is solved) ${first.ms.toFixed(1)} ms; from empty ${times[0].toFixed(1)} ms; half-way (hint ${Math.floor((times.length - 1) / 2) + 1} of ${times.length}) ${half.toFixed(1)} ms; ` +
      `median ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms; ended with ${end}  (${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])})`,
  );
  const slowest = times.map((ms, k) => [ms, k + 1]).sort((a, b) => b[0] - a[0]).slice(0, 5);
  console.log(`slowest hints (ms, which): ${slowest.map(([ms, k]) => `${ms.toFixed(1)} (#${k})`).join(', ')}; over 50 ms: ${times.filter((t) => t > 50).length} of ${times.length}`);
  if (page.studioErrors.length) console.log(page.studioErrors);
} finally {
  await chrome.close();
  await server.close();
}
