// How long a click takes to show on a big nonogram: the studio's page in headless Chromium, a
// random SIZE x SIZE picture (default 100), N clicks on different cells. A click "shows" when the
// cell is committed as filled and the next frame has been drawn; timed from the pointerdown event.
// Usage: node click_bench.mjs [SIZE] [N]
import { serve, browser, open } from './harness.mjs';

const size = Number(process.argv[2] ?? 100);
const clicks = Number(process.argv[3] ?? 15);
// Extra CSS to try (an experiment without a rebuild), e.g. '.nono .cell { contain: strict }'.
const extraCss = process.argv[4];

/** Clues of a pseudo-random picture (a fixed linear congruential generator, so runs compare). */
function puzzle(n) {
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const g = Array.from({ length: n }, () => Array.from({ length: n }, () => rnd() < 0.55));
  const runs = (line) => line.reduce((acc, v, i) => (v ? (i && line[i - 1] ? acc.with(-1, acc.at(-1) + 1) : [...acc, 1]) : acc), []);
  return { kind: 'nonogram', rows: g.map(runs), cols: g[0].map((_, c) => runs(g.map((row) => row[c]))) };
}

const server = await serve();
const chrome = await browser();
try {
  await chrome.context.pages()[0]?.setViewportSize({ width: 1280, height: 900 });
  const page = await open(chrome.context, server.url, 'nonogram');
  await page.fill('#import-text', JSON.stringify(puzzle(size)));
  await page.click('#import-open');
  await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n * n, size, { timeout: 60000 });
  if (extraCss) await page.addStyleTag({ content: extraCss });
  const times = [];
  for (let k = 0; k < clicks; k++) {
    const r = (k * 37) % size;
    const c = (k * 53 + 11) % size;
    const sel = `#board .cell[data-r="${r}"][data-c="${c}"]`;
    await page.$eval(sel, (el) => {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      window.clickDone = new Promise((resolve) => {
        let t0 = null;
        addEventListener('pointerdown', (e) => { t0 = e.timeStamp; }, { once: true, capture: true });
        const check = () => {
          const cell = document.querySelector(`#board .cell[data-r="${el.dataset.r}"][data-c="${el.dataset.c}"]`);
          if (t0 !== null && cell?.classList.contains('filled') && !cell.classList.contains('preview')) {
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
          } else requestAnimationFrame(check);
        };
        check();
      });
    });
    await page.click(sel);
    times.push(await page.evaluate(() => window.clickDone));
  }
  times.sort((a, b) => a - b);
  console.log(`nonogram ${size}x${size} clicks ${times.length}: median_ms ${times[Math.floor((times.length - 1) / 2)].toFixed(1)} max_ms ${times.at(-1).toFixed(1)}  (${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])})`);
  if (page.studioErrors.length) console.log(page.studioErrors);
} finally {
  await chrome.close();
  await server.close();
}
