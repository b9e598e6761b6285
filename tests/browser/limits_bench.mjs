// The largest boards solved in the page (issue 24), a measurement script, not a test: for each
// kind a board at (or near) its model's size limit, opened by share link in headless Chromium
// against the built site, solved with the page's own button, timed from the click to the verdict.
//
//   cd tests/browser && node limits_bench.mjs [EXTRA_FRAGMENT…]
//
// The boards are made here, deterministically: Star Battle 40x40 with rows as regions (1 and 6
// stars), a 200x200 nonogram of a seeded random picture with 70 % black (its clues computed
// here), and any fragments given (a generated KenKen 12x12, a Flood-It board) as extra arguments.
import { serve, browser } from './harness.mjs';

function rowsAsRegions(n, stars) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn';
  return `starbattle/v1/${n}x${n}s${stars}/` + Array.from({ length: n }, (_, i) => letters[i].repeat(n)).join('');
}

function nonogram(n, density, seed) {
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const grid = Array.from({ length: n }, () => Array.from({ length: n }, () => rand() < density));
  const runs = (line) => {
    const out = [];
    let run = 0;
    for (const b of line) {
      if (b) run += 1;
      else if (run) { out.push(run); run = 0; }
    }
    if (run) out.push(run);
    return out.length ? out.join('.') : '0';
  };
  const cols = Array.from({ length: n }, (_, c) => runs(grid.map((r) => r[c])));
  const rows = grid.map(runs);
  return `nonogram/v1/${n}x${n}:${[...cols, ...rows].join('/')}`;
}

const boards = [
  ['Star Battle 40x40, 1 star, rows as regions', rowsAsRegions(40, 1)],
  ['Star Battle 40x40, 6 stars, rows as regions', rowsAsRegions(40, 6)],
  ['Nonogram 200x200, random picture 70 % black', nonogram(200, 0.7, 24)],
  ...process.argv.slice(2).map((f, i) => [`extra ${i + 1}: ${f.split('/').slice(0, 2).join('/')}`, f.replace(/^#/, '')]),
];

const server = await serve();
const chrome = await browser();
try {
  const page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
  await page.goto(server.url);
  await page.waitForSelector('#nav');
  for (const [name, fragment] of boards) {
    await page.evaluate((f) => { location.hash = f; }, fragment);
    const button = await page.waitForSelector('#solve:not([disabled]), #minimum:not([disabled]), #notice.error', { timeout: 30000 });
    if (await button.evaluate((b) => b.id === 'notice')) {
      console.log(`${name}: refused: ${await button.textContent()}`);
      await page.click('#notice .close');
      continue;
    }
    const r = await page.evaluate((id) => new Promise((resolve) => {
      let sawBusy = false;
      const t0 = performance.now();
      const obs = new MutationObserver(() => {
        const s = document.querySelector('#status');
        if (s?.dataset.state === 'busy') sawBusy = true;
        else if (sawBusy && s && (s.dataset.state === 'done' || s.dataset.state === 'ended')) {
          obs.disconnect();
          resolve({ state: s.dataset.state, verdict: s.dataset.verdict, text: s.textContent.slice(0, 160), ms: performance.now() - t0 });
        }
      });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      document.getElementById(id).click();
      setTimeout(() => { obs.disconnect(); resolve({ state: 'timeout', ms: performance.now() - t0 }); }, 120000);
    }), await button.evaluate((b) => b.id));
    const notice = await page.$('#notice');
    console.log(`${name}: ${r.state} ${r.verdict ?? ''} in ${(r.ms / 1000).toFixed(2)} s${notice ? ` (notice: ${(await notice.textContent()).slice(0, 120)})` : ''}`);
    if (r.state === 'timeout') await page.click('#cancel').catch(() => {});
  }
} finally {
  await chrome.close();
  await server.close();
}
