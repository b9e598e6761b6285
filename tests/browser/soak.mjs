// Sustained use of one page (issue 24), a measurement script like the benchmarks, not a test:
// N solves in a row over mixed kinds (the home page's samples and two more, round robin, so
// every solve opens another puzzle than the one before it), then C Solve-then-Cancel cycles on a
// long count, in one page of headless Chromium against the built site (`scripts/build` first).
//
//   cd tests/browser && node soak.mjs [SOLVES=1000] [CANCELS=200]
//
// It prints memory at the start, after the solves and after the cancels: the page's JS heap
// (after a forced garbage collection, DevTools protocol `Runtime.getHeapUsage`), its DOM nodes
// (on the home page each time)
// and event listeners (`Performance.getMetrics`), the page's WebAssembly memory, the worker's
// WebAssembly memory (asked of the worker itself: `studio-test:memory`, see src/web/worker.rs;
// WebAssembly memory never shrinks, so it is the high-water mark) and the number of workers.
// Every solve must end with a verdict (no lost reply: each waits at most 60 s), the same verdict
// for the same puzzle every time, and no error notice (an answer drawn for another puzzle would
// fail the page's independent check and say so). Exit code 1 when one of these fails or memory
// grows past the bounds printed at the end.
import { serve, browser } from './harness.mjs';

const SOLVES = Number(process.argv[2] ?? 1000);
const CANCELS = Number(process.argv[3] ?? 200);
// Growth allowed from the start to the end of the solves (stated in docs/benchmarks.md, with the soak figures).
const BOUND = { pageHeapMB: 8, pageWasmMB: 16, workerWasmMB: 32, nodes: 2000, listeners: 200 };
const LONG = 'starbattle/v1/25x25s1/' + Array.from({ length: 25 }, (_, i) => String.fromCharCode(65 + i).repeat(25)).join('');
const EXTRA = ['starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC', 'starbattle/v1/5x5s1/AAABBCAABBCBBBBDEDDBDDDDB'];

const server = await serve();
const chrome = await browser();
let failed = false;
const fail = (why) => {
  failed = true;
  console.log(`FAIL: ${why}`);
};
try {
  await chrome.context.addInitScript(() => {
    // Only the newest worker is held (a list of them all would keep ended workers and their
    // listeners alive, and the listener count would measure this script).
    const Native = window.Worker;
    window.__studioWorker = null;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.__studioWorker = this;
      }
    };
    addEventListener('TrunkApplicationStarted', (e) => { window.__appMemory = e.detail?.wasm?.memory; });
  });
  const page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.waitForSelector('#nav');
  const cdp = await chrome.context.newCDPSession(page);
  await cdp.send('Performance.enable');

  // The puzzles: every home-page sample of a kind with a Solve button, and two more Star Battles.
  const samples = await page.$$eval('a.sample', (as) => as.map((a) => a.getAttribute('href').slice(1)));
  const puzzles = [...samples.filter((f) => /^(starbattle|nonogram|kenken|floodit)\//.test(f)), ...EXTRA];
  const kindOf = (f) => f.split('/')[0];
  // Round robin by kind, so two puzzles in a row are never the same one.
  puzzles.sort((a, b) => kindOf(a).localeCompare(kindOf(b)));
  const order = [];
  const byKind = {};
  for (const p of puzzles) (byKind[kindOf(p)] ??= []).push(p);
  const kinds = Object.keys(byKind);
  for (let i = 0; order.length < puzzles.length; i++) for (const k of kinds) if (byKind[k][i]) order.push(byKind[k][i]);

  async function memory() {
    // Always measured on the home page, so DOM figures compare like with like.
    await page.evaluate(() => { location.hash = ''; });
    await page.waitForSelector('.home');
    // A terminated worker leaves the page's list when its thread has closed; give it time.
    for (let i = 0; i < 50 && page.workers().length > 1; i++) await page.waitForTimeout(100);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const worker = await page.evaluate(() => new Promise((resolve) => {
      const w = window.__studioWorker;
      const on = (e) => {
        if (typeof e.data === 'string' && e.data.startsWith('studio-memory:')) {
          w.removeEventListener('message', on);
          resolve(Number(e.data.slice('studio-memory:'.length)));
        }
      };
      w.addEventListener('message', on);
      w.postMessage('studio-test:memory');
      setTimeout(() => resolve(NaN), 5000);
    }));
    const appWasm = await page.evaluate(() => window.__appMemory?.buffer.byteLength ?? NaN);
    return {
      pageHeapMB: heap.usedSize / 1e6,
      pageWasmMB: appWasm / 1e6,
      workerWasmMB: worker / 1e6,
      nodes: metrics.Nodes,
      listeners: metrics.JSEventListeners,
      workers: page.workers().length,
    };
  }
  const show = (label, m) => console.log(`${label}: page JS heap ${m.pageHeapMB.toFixed(2)} MB, page wasm ${m.pageWasmMB.toFixed(1)} MB, worker wasm ${m.workerWasmMB.toFixed(1)} MB, DOM nodes ${m.nodes}, listeners ${m.listeners}, workers ${m.workers}`);

  /** Clicks `selector` and resolves when the status has gone busy and then done (or ended). */
  const solveOnce = (selector) => page.evaluate((selector) => new Promise((resolve, reject) => {
    let sawBusy = false;
    const t0 = performance.now();
    const check = () => {
      const s = document.querySelector('#status');
      if (!s) return;
      if (s.dataset.state === 'busy') sawBusy = true;
      else if (sawBusy && (s.dataset.state === 'done' || s.dataset.state === 'ended')) {
        obs.disconnect();
        clearTimeout(timer);
        resolve({ verdict: s.dataset.state === 'done' ? s.dataset.verdict : `ended: ${s.textContent}`, ms: performance.now() - t0 });
      }
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no reply within 60 s')); }, 60000);
    document.querySelector(selector).click();
  }), selector);

  const go = async (fragment) => {
    await page.evaluate((f) => { location.hash = f; }, fragment);
    await page.waitForFunction(() => document.querySelector('#solve:not([disabled]), #minimum:not([disabled])'));
  };

  // Warm up once per puzzle (the first solve loads the worker), then measure.
  for (const f of order) {
    await go(f);
    await solveOnce((await page.$('#solve')) ? '#solve' : '#minimum');
  }
  const start = await memory();
  show('start', start);
  const verdicts = {};
  const times = [];
  const t0 = Date.now();
  for (let i = 0; i < SOLVES; i++) {
    const f = order[i % order.length];
    await go(f);
    const r = await solveOnce((await page.$('#solve')) ? '#solve' : '#minimum');
    times.push(r.ms);
    verdicts[f] ??= r.verdict;
    if (verdicts[f] !== r.verdict) fail(`solve ${i + 1} (${f}): ${r.verdict}, before ${verdicts[f]}`);
    const notice = await page.$('#notice.error');
    if (notice) fail(`solve ${i + 1} (${f}): ${await notice.textContent()}`);
    if ((i + 1) % 250 === 0 && i + 1 < SOLVES) show(`${i + 1} solves, ${((Date.now() - t0) / 1000).toFixed(0)} s`, await memory());
  }
  times.sort((a, b) => a - b);
  console.log(`${SOLVES} solves over ${order.length} puzzles of ${kinds.length} kinds in ${((Date.now() - t0) / 1000).toFixed(1)} s; click to verdict median ${times[times.length >> 1].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms; verdicts ${JSON.stringify(verdicts)}`);
  const solved = await memory();
  show(`after ${SOLVES} solves`, solved);

  // Solve-then-Cancel: a long count, cancelled after 0 to 300 ms; the worker restarts each time.
  await go(LONG);
  const t1 = Date.now();
  for (let i = 0; i < CANCELS; i++) {
    await page.click('#count');
    await page.waitForSelector('#status[data-state="busy"]');
    await page.waitForTimeout(Math.floor(Math.random() * 300));
    await page.click('#cancel');
    await page.waitForSelector('#status[data-state="ended"]');
  }
  console.log(`${CANCELS} Solve-then-Cancel cycles in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await page.click('#notice .close').catch(() => {});
  await go(order[0]);
  const last = await solveOnce((await page.$('#solve')) ? '#solve' : '#minimum');
  if (last.verdict !== verdicts[order[0]]) fail(`the solve after the cancels: ${last.verdict}`);
  const cancelled = await memory();
  show(`after ${CANCELS} cancels`, cancelled);
  if (cancelled.workers !== 1) fail(`${cancelled.workers} workers running after the cancels`);
  for (const [key, bound] of Object.entries(BOUND)) {
    const growth = solved[key] - start[key];
    console.log(`growth over the solves, ${key}: ${growth.toFixed(2)} (bound ${bound})`);
    if (!(growth <= bound)) fail(`${key} grew by ${growth} over the solves (bound ${bound})`);
    const growth2 = cancelled[key] - start[key];
    if (key !== 'workerWasmMB' && !(growth2 <= bound)) fail(`${key} grew by ${growth2} by the end (bound ${bound})`);
  }
  if (errors.length) fail(`page errors: ${errors.join('; ')}`);
} finally {
  await chrome.close();
  await server.close();
}
console.log(failed ? 'soak: FAILED' : 'soak: ok');
process.exit(failed ? 1 : 0);
