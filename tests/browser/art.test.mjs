// Image to nonogram in headless Chromium: upload, verdict, givens, and the link to the player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open } from './harness.mjs';

const env = suite();

test('an uploaded PNG becomes a unique nonogram whose share link opens the same puzzle', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  const png = fs.readFileSync(new URL('../../static/samples/smiley.png', import.meta.url));
  await page.setInputFiles('#art-file', { name: 'smiley.png', mimeType: 'image/png', buffer: png });
  await page.waitForSelector('#art-status[data-state="done"]', { timeout: 20000 });
  assert.equal(await page.$eval('#art-status', (s) => s.dataset.verdict), 'unique');
  assert.ok(await page.$('#art-original'));
  assert.ok((await page.$$('.art-grid')).length >= 2);
  // The share link carries the puzzle with its givens: its payload is the Tatham ID shown.
  const share = await page.inputValue('#share-link');
  const id = await page.inputValue('#art-tatham');
  assert.ok(share.endsWith('#nonogram/v1/' + id), `${share} vs ${id}`);
  // Translucent squares on the same image: the figures appear and it is still made unique.
  await page.selectOption('#art-method', 'translucent');
  await page.waitForSelector('#art-status[data-state="done"][data-verdict="unique"] #art-quality', { timeout: 20000 });
  // Said in words; the raw figures wait under a closed toggle.
  const words = await page.textContent('#art-quality');
  assert.match(words, /^The shading matches the picture (to within about [\d.]+% of the best possible match|as closely as any choice of filled cells can) \(proven\)\.$/);
  assert.doesNotMatch(words, /Objective|bound|gap/);
  assert.equal(await page.$eval('#art-figures', (d) => d.open), false);
  const figures = await page.$eval('#art-figures p', (p) => p.textContent);
  const m = /Objective ([\d.]+) .*lower bound ([\d.]+) .*gap ([\d.]+)%/.exec(figures);
  assert.ok(m, figures);
  // The words agree with the figures: objective / bound - 1, as a percentage.
  const [objective, bound] = [Number(m[1]), Number(m[2])];
  const pct = /about ([\d.]+)%/.exec(words);
  if (pct) assert.ok(Math.abs(Number(pct[1]) - 100 * (objective / bound - 1)) < 0.6, `${words} vs ${figures}`);
  else assert.ok(objective - bound < 0.05 * Math.max(1, bound), figures);
  const share2 = await page.inputValue('#share-link');
  // "Play this" and the share link open the same puzzle on the nonogram page.
  await page.click('#art-play');
  await page.waitForFunction((s) => location.href === s, share2);
  await page.waitForSelector('#board .cell');
  const cells = await page.$$eval('#board .cell', (c) => c.length);
  const again = await env.chrome.context.newPage();
  await again.goto(share2);
  await again.waitForSelector('#board .cell');
  assert.equal(await again.$('#notice'), null, 'the link reads without an error');
  assert.equal(await again.$$eval('#board .cell', (c) => c.length), cells);
  // Ready to play, and the solver proves it unique with the givens.
  await again.click('#solve');
  await again.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
  assert.equal(await again.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await again.close();
  assert.deepEqual(page.studioErrors, []);
});

test('an image dropped on the page or pasted is read too; a file that is not an image gets a message', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  const sample = (name) => fs.readFileSync(new URL(`../../static/samples/${name}.png`, import.meta.url)).toString('base64');
  const send = (type, name, data, mime) => page.evaluate(([type, name, data, mime]) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name, { type: mime }));
    const target = document.querySelector('section.art');
    if (type === 'drop') {
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    } else {
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }
  }, [type, name, data, mime]);
  const shows = (size) => page.waitForFunction((size) => {
    const s = document.querySelector('#art-status[data-state="done"]');
    return s && s.textContent.includes(`from a ${size} image`);
  }, size, { timeout: 20000 });
  // The house (320x280) dropped on the page.
  await send('drop', 'house.png', sample('house'), 'image/png');
  await shows('320×280');
  assert.equal(await page.$eval('#art-status', (s) => s.dataset.verdict), 'unique');
  // A clipboard paste of a generated 64x48 PNG (the house sample cropped by the canvas).
  const pasted = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 64; c.height = 48;
    const g = c.getContext('2d');
    g.fillStyle = 'white'; g.fillRect(0, 0, 64, 48);
    g.fillStyle = 'black'; g.fillRect(8, 8, 30, 20);
    const url = c.toDataURL('image/png');
    return url.slice(url.indexOf(',') + 1);
  });
  await send('paste', 'pasted.png', pasted, 'image/png');
  await shows('64×48');
  assert.equal(await page.$eval('#art-status', (s) => s.dataset.verdict), 'unique');
  // Text that claims to be a PNG is refused with a message; the page stays usable.
  await send('drop', 'fake.png', Buffer.from('not an image at all').toString('base64'), 'image/png');
  const notice = await page.waitForSelector('#notice', { timeout: 20000 });
  assert.match(await notice.textContent(), /image|format|decode/i);
  // The status line says so too (not "Choose an image to begin"), and no broken original shows.
  const failed = await page.waitForSelector('#art-status[data-state="failed"]', { timeout: 20000 });
  assert.match(await failed.textContent(), /not a supported image.*Choose another picture/);
  assert.equal(await page.$('#art-original'), null);
  await page.click('text=Smiley');
  await page.waitForSelector('#art-status[data-state="done"][data-verdict="unique"]', { timeout: 20000 });
});

test('a textured photo-like picture shows a unique puzzle at once, shrinks its givens while busy, shows the pass and the time left, and Stop here keeps the best one', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  await page.fill('#art-width', '60');
  await page.dispatchEvent('#art-width', 'change');
  await page.selectOption('#art-method', 'translucent');
  // Waves with seeded noise, 400x300: translucent squares at 60 wide need a hundred or more
  // givens, and minimising them takes many seconds.
  const noise = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 400; c.height = 300;
    const g = c.getContext('2d');
    const img = g.createImageData(400, 300);
    let s = 12345;
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const v = 128 + 60 * Math.sin(x / 23) * Math.cos(y / 17) + 50 * Math.sin((x + y) / 41) + (s / 2147483648 - 0.5) * 120;
      const i = 4 * (y * 400 + x);
      img.data[i] = img.data[i + 1] = img.data[i + 2] = Math.max(0, Math.min(255, v));
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    const url = c.toDataURL('image/png');
    return url.slice(url.indexOf(',') + 1);
  });
  await page.setInputFiles('#art-file', { name: 'waves.png', mimeType: 'image/png', buffer: Buffer.from(noise, 'base64') });
  // The quick answer lands while the job goes on: unique, not yet proven minimal, playable.
  const current = await page.waitForSelector('#art-status[data-state="busy"] #art-current', { timeout: 30000 });
  assert.equal(await current.getAttribute('data-verdict'), 'unique');
  assert.equal(await current.getAttribute('data-minimal'), 'false');
  const first = Number(await current.getAttribute('data-givens'));
  assert.ok(first > 0);
  assert.ok(await page.$('#share-link'), 'the quick answer can be shared at once');
  // Improvements stream in: fewer givens while still busy.
  await page.waitForFunction((first) => {
    const c = document.querySelector('#art-status[data-state="busy"] #art-current');
    return c && Number(c.dataset.givens) < first;
  }, first, { timeout: 60000 });
  // The end is in sight: the pass of at most how many, and the time left of the default 30 s.
  await page.waitForFunction(() => /Removing given cells: pass \d+ of at most \d+, \d+ given cells, \d+ not yet tried without, stops within \d+ s/
    .test(document.querySelector('#art-status[data-state="busy"]')?.textContent ?? ''), null, { timeout: 30000 });
  const left = Number(/stops within (\d+) s/.exec(await page.textContent('#art-status'))[1]);
  assert.ok(left > 0 && left <= 30, `${left} s left`);
  assert.equal(await page.$eval('#art-time', (s) => s.value), '30');
  // Stop here is labelled as keeping the puzzle, and keeps it.
  assert.equal(await page.$('#cancel'), null, 'no bare Cancel once a unique puzzle is shown');
  assert.match(await page.textContent('#art-stop'), /Stop here, keep this puzzle/);
  await page.click('#art-stop');
  const done = await page.waitForSelector('#art-status[data-state="done"]', { timeout: 10000 });
  assert.match(await page.textContent('#art-stopped'), /Stopped here as you asked: this puzzle is proven unique/);
  assert.equal(await done.getAttribute('data-verdict'), 'unique');
  const kept = Number(await done.getAttribute('data-givens'));
  assert.ok(kept < first, `${kept} givens kept after ${first} at first`);
  assert.equal(await done.getAttribute('data-minimal'), 'false');
  assert.match(await page.textContent('#art-verdict'), /perhaps not the fewest/);
  // The kept puzzle is the one shared, and the engine proves it unique.
  const share = await page.inputValue('#share-link');
  const again = await env.chrome.context.newPage();
  await again.goto(share);
  await again.waitForSelector('#board .cell');
  await again.click('#solve');
  await again.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  assert.equal(await again.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await again.close();
  assert.deepEqual(page.studioErrors, []);
});

test('dragging a rectangle on the original crops it; the aspect lock keeps the ratio', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  await page.click('#sample-house');
  await page.waitForFunction(() => {
    const s = document.querySelector('#art-status[data-state="done"]');
    return s && s.textContent.includes('from a 320×280 image');
  }, null, { timeout: 20000 });
  const cells = async () => {
    const m = /(\d+)×(\d+) cells/.exec(await page.textContent('#art-status'));
    return [Number(m[1]), Number(m[2])];
  };
  const [w0, h0] = await cells();
  await page.waitForFunction(() => {
    const i = document.querySelector('#art-original');
    return i && i.complete && i.naturalWidth > 0;
  });
  const natural = await page.$eval('#art-original', (i) => [i.naturalWidth, i.naturalHeight]);
  // The mouse reaches only what is in the viewport: bring the whole picture into view first.
  await page.locator('#art-original').scrollIntoViewIfNeeded();
  const box = await page.locator('#art-original').boundingBox();
  const at = (fx, fy) => [box.x + 1 + fx * (box.width - 2), box.y + 1 + fy * (box.height - 2)];
  // A wide, low rectangle dragged from the lower right to the upper left.
  await page.mouse.move(...at(0.9, 0.5));
  await page.mouse.down();
  await page.mouse.move(...at(0.5, 0.4), { steps: 4 });
  await page.mouse.move(...at(0.1, 0.3), { steps: 4 });
  // Drawn while the button is still down (the page renders after the move event, so wait for it).
  assert.ok(await page.waitForSelector('#art-crop-box', { timeout: 5000 }).catch(() => null), 'the rectangle is drawn while dragging');
  await page.mouse.up();
  const crop = async () => Promise.all([0, 1, 2, 3].map(async (k) => Number(await page.inputValue(`#art-crop-${k}`))));
  const [x, y, cw, ch] = await crop();
  const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 0.03 * Math.max(...natural), `${what}: ${a} vs ${b}`);
  near(x, 0.1 * natural[0], 'x');
  near(y, 0.3 * natural[1], 'y');
  near(cw, 0.8 * natural[0], 'width');
  near(ch, 0.2 * natural[1], 'height');
  // The grid follows the cropped shape: same width, far fewer rows.
  await page.waitForFunction((h0) => {
    const s = document.querySelector('#art-status[data-state="done"]');
    const m = s && /(\d+)×(\d+) cells/.exec(s.textContent);
    return m && Number(m[2]) < h0 / 2;
  }, h0, { timeout: 20000 });
  assert.equal((await cells())[0], w0);
  // Lock the aspect to the current crop's shape, then drag a tall rectangle: the ratio holds.
  await page.click('details.crop summary');
  await page.check('#art-crop-lock');
  await page.mouse.move(...at(0.2, 0.1));
  await page.mouse.down();
  await page.mouse.move(...at(0.4, 0.9), { steps: 6 });
  await page.mouse.up();
  const [, , lw, lh] = await crop();
  assert.ok(Math.abs(lw / lh - cw / ch) / (cw / ch) < 0.05, `locked ${lw}x${lh} vs ${cw}x${ch}`);
  // No crop: back to the whole picture.
  await page.click('#art-crop-clear');
  assert.equal(await page.inputValue('#art-crop-0'), '');
  await page.waitForFunction(([w0, h0]) => {
    const s = document.querySelector('#art-status[data-state="done"]');
    return s && s.textContent.includes(`${w0}×${h0} cells`);
  }, [w0, h0], { timeout: 20000 });
  assert.deepEqual(page.studioErrors, []);
});

/** The picture pane's cells (true = filled), read from its SVG: one rect per run of a colour. */
async function pictureCells(page) {
  return page.$eval('img.art-grid[alt^="Picture"]', (img) => {
    const svg = new DOMParser().parseFromString(decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1)), 'image/svg+xml');
    const [, , w, h] = svg.documentElement.getAttribute('viewBox').split(' ').map(Number);
    const cells = Array.from({ length: h }, () => Array(w).fill(false));
    for (const r of svg.querySelectorAll('rect')) {
      const [x, y, rw] = ['x', 'y', 'width'].map((a) => Number(r.getAttribute(a)));
      const filled = ['#000', '#c00'].includes(r.getAttribute('fill'));
      for (let i = x; i < x + rw; i++) cells[y][i] = filled;
    }
    return cells;
  });
}

test('the House sample looks like a house at the default settings: walls filled around a white door and windows', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.reload(); // the page's own defaults, not an earlier test's width
  await page.waitForSelector('#sample-house');
  await page.click('#sample-house');
  await page.waitForFunction(() => {
    const s = document.querySelector('#art-status[data-state="done"]');
    return s && s.textContent.includes('25×22 cells from a 320×280 image');
  }, null, { timeout: 20000 });
  assert.match(await page.textContent('.art-controls'), /Threshold \d+ \(Otsu\)/);
  const cells = await pictureCells(page);
  const [w, h] = [cells[0].length, cells.length];
  // The drawing's geometry (examples/art_samples.rs) in cells: walls x 64..256, y 124..250 of
  // 320x280; door x 142..178 from y 172; windows x 84..122 and 198..236, y 146..190.
  const cell = (x, y) => cells[Math.floor((y * h) / 280)][Math.floor((x * w) / 320)];
  for (const [x, y] of [[70, 230], [250, 230], [70, 135], [250, 135], [130, 230], [190, 230], [160, 140]]) {
    assert.ok(cell(x, y), `wall at (${x}, ${y}) is filled:\n${cells.map((r) => r.map((b) => (b ? '#' : '.')).join('')).join('\n')}`);
  }
  for (const [x, y] of [[160, 215], [103, 168], [217, 168], [20, 200], [300, 200]]) {
    assert.ok(!cell(x, y), `door, window or sky at (${x}, ${y}) is empty`);
  }
  // The roof and the ground are filled too.
  assert.ok(cell(160, 100) && cell(160, 270));
  assert.deepEqual(page.studioErrors, []);
});

test('minimising the givens ends by itself at the chosen time and says so', async () => {
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.reload();
  await page.waitForSelector('#art-time');
  // The choices a person reads, the default first.
  assert.deepEqual(await page.$$eval('#art-time option', (o) => o.map((x) => x.textContent)), ['10 s', '30 s', '2 min', '10 min']);
  await page.selectOption('#art-time', '10');
  await page.fill('#art-width', '80');
  await page.dispatchEvent('#art-width', 'change');
  await page.selectOption('#art-method', 'translucent');
  // Seeded noise over waves, 400x400: at 80 wide its givens take far longer than 10 s to minimise.
  const noise = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 400; c.height = 400;
    const g = c.getContext('2d');
    const img = g.createImageData(400, 400);
    let s = 777;
    for (let y = 0; y < 400; y++) for (let x = 0; x < 400; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const v = 128 + 50 * Math.sin(x / 13) * Math.cos(y / 11) + (s / 2147483648 - 0.5) * 160;
      const i = 4 * (y * 400 + x);
      img.data[i] = img.data[i + 1] = img.data[i + 2] = Math.max(0, Math.min(255, v));
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    const url = c.toDataURL('image/png');
    return url.slice(url.indexOf(',') + 1);
  });
  const started = Date.now();
  await page.setInputFiles('#art-file', { name: 'noise.png', mimeType: 'image/png', buffer: Buffer.from(noise, 'base64') });
  await page.waitForSelector('#art-status[data-state="busy"] #art-current', { timeout: 60000 });
  const done = await page.waitForSelector('#art-status[data-state="done"]', { timeout: 60000 });
  const seconds = (Date.now() - started) / 1000;
  assert.equal(await done.getAttribute('data-verdict'), 'unique');
  if ((await done.getAttribute('data-minimal')) === 'false') {
    assert.match(await page.textContent('#art-verdict'), /perhaps not the fewest: the time ran out (in pass \d+|before the given cells were tried one by one), with \d+ of them not yet tried without/);
  }
  // 10 s of minimising, plus the optimiser, the verdict and the quick answer before it.
  assert.ok(seconds < 45, `ended after ${seconds.toFixed(1)} s`);
  assert.deepEqual(page.studioErrors, []);
});

test('adjust the picture: the puzzle with givens at once, then a no-given puzzle line logic finishes, its changed cells ringed; Stop keeps the best', async () => {
  // A fresh page: no result of an earlier test on screen.
  await (await open(env.chrome.context, env.server.url)).goto('about:blank');
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.waitForSelector('#art-file');
  assert.equal(await page.$('#art-status[data-state="done"]'), null);
  await page.fill('#art-width', '30');
  await page.dispatchEvent('#art-width', 'change');
  await page.selectOption('#art-unique', 'adjust');
  assert.equal(await page.$eval('#art-level', (s) => s.value), 'medium');
  // Waves with seeded noise, 400x300: at 30 wide line logic alone does not finish the thresholded picture.
  const noise = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 400; c.height = 300;
    const g = c.getContext('2d');
    const img = g.createImageData(400, 300);
    let s = 777;
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const v = 128 + 60 * Math.sin(x / 23) * Math.cos(y / 17) + 50 * Math.sin((x + y) / 41) + (s / 2147483648 - 0.5) * 120;
      const i = 4 * (y * 400 + x);
      img.data[i] = img.data[i + 1] = img.data[i + 2] = Math.max(0, Math.min(255, v));
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    const url = c.toDataURL('image/png');
    return url.slice(url.indexOf(',') + 1);
  });
  await page.setInputFiles('#art-file', { name: 'waves.png', mimeType: 'image/png', buffer: Buffer.from(noise, 'base64') });
  const done = await page.waitForSelector('#art-status[data-state="done"][data-adjusted]', { timeout: 60000 });
  assert.equal(await done.getAttribute('data-verdict'), 'unique');
  assert.equal(await done.getAttribute('data-adjusted'), 'true');
  assert.equal(await done.getAttribute('data-givens'), '0');
  const changed = Number(await done.getAttribute('data-changed'));
  assert.ok(changed > 0, 'the picture needed changes');
  const verdict = await page.textContent('#art-verdict');
  assert.match(verdict, new RegExp(`^${changed} cells? changed \\([\\d.]+%\\), no givens; medium: finished by line logic \\(.*\\): rated line logic; proven unique`));
  // The before and after pictures, the changes ringed; the toggle takes the rings away.
  const alts = await page.$$eval('.art-grid', (imgs) => imgs.map((i) => i.alt));
  assert.ok(alts.includes('Before adjusting') && alts.includes('Adjusted (changes ringed)'), alts.join());
  const ringed = await page.$eval('img[alt="Adjusted (changes ringed)"]', (i) => decodeURIComponent(i.src));
  assert.equal((ringed.match(/class="ring"/g) ?? []).length, changed);
  await page.click('#art-ring');
  await page.waitForSelector('img[alt="Adjusted picture"]');
  // The share link is the puzzle with no givens, and the solver proves it unique.
  const share = await page.inputValue('#share-link');
  const again = await env.chrome.context.newPage();
  await again.goto(share);
  await again.waitForSelector('#board .cell');
  await again.click('#solve');
  await again.waitForSelector('#status[data-state="done"]', { timeout: 60000 });
  assert.equal(await again.$eval('#status', (s) => s.dataset.verdict), 'unique');
  await again.close();
  // Translucent squares at 60 wide, hard: the puzzle with givens shows at once while the
  // picture is adjusted for seconds more; Stop here keeps the best so far.
  await page.selectOption('#art-level', 'hard');
  await page.fill('#art-width', '60');
  await page.dispatchEvent('#art-width', 'change');
  await page.selectOption('#art-method', 'translucent');
  // The job of the last change (on a slow machine each change may have started its own).
  await page.waitForSelector('#art-status[data-state="busy"] #art-current[data-method="translucent"][data-width="60"]', { timeout: 60000 });
  assert.match(await page.textContent('#art-status'), /Adjusting the picture|adjusting the picture|Unique with/);
  // A change just before Stop starts nothing: Stop also drops the re-run waiting out its calm moment.
  await page.evaluate(() => new Promise((resolve) => {
    const w = document.querySelector('#art-width');
    w.value = '59';
    w.dispatchEvent(new Event('change', { bubbles: true }));
    setTimeout(() => { document.querySelector('#art-stop').click(); resolve(); }, 50);
  }));
  const stopped = await page.waitForSelector('#art-status[data-state="done"]', { timeout: 10000 });
  await page.waitForTimeout(1000);
  assert.equal(await page.$eval('#art-status', (s) => s.dataset.state), 'done', 'no job started after Stop');
  assert.equal(await stopped.getAttribute('data-verdict'), 'unique');
  assert.equal(await stopped.getAttribute('data-width'), '60', 'the puzzle of the stopped job stays');
  assert.match(await page.textContent('#art-stopped'), /Stopped here as you asked: this is the best puzzle found so far, proven unique/);
  assert.deepEqual(page.studioErrors, []);
});

test('the strip of previews: one per tone with its likeness, the most like the photo chosen and said; a click picks another; easy adjusts to a no-given puzzle with its changes ringed', async () => {
  await (await open(env.chrome.context, env.server.url)).goto('about:blank');
  const page = await open(env.chrome.context, env.server.url, 'art');
  await page.reload();
  await page.waitForSelector('#sample-house');
  await page.fill('#art-width', '30');
  await page.dispatchEvent('#art-width', 'change');
  await page.click('#sample-house');
  await page.waitForFunction(() => {
    const s = document.querySelector('#art-status[data-state="done"]');
    return s && s.textContent.includes('30×26 cells');
  }, null, { timeout: 20000 });
  const tones = await page.$$eval('.art-tone', (b) => b.map((x) => [x.value, x.getAttribute('aria-pressed'), x.textContent]));
  assert.deepEqual(tones.map((t) => t[0]), ['auto', 'plain', 'stretch', 'local', 'edges']);
  assert.equal(tones[0][1], 'true', 'the default is the most like the photo');
  // The likeness figures shown, and the one in use is the highest.
  const likes = tones.slice(1).map((t) => Number(/(-?[\d.]+)$/.exec(t[2])[1]));
  const used = await page.$eval('.art-tone.used', (b) => b.value);
  assert.equal(likes[['plain', 'stretch', 'local', 'edges'].indexOf(used)], Math.max(...likes));
  assert.match(await page.textContent('#art-tone-why'), /^[A-Z][a-z ]+ is chosen: its picture is the most like the photo(, by a small margin)? \(likeness [\d.]+ by SSIM, against [\d.]+ for [a-z ]+\)\.$/);
  // Another tone (one less like the photo) on a click; the sentence says it was chosen.
  const other = ['plain', 'stretch', 'local', 'edges'].find((t) => t !== used);
  const label = { plain: 'Plain', stretch: 'Contrast stretch', local: 'Local contrast', edges: 'Sharper edges' }[other];
  await page.click(`.art-tone[value="${other}"]`);
  await page.waitForFunction((label) => (document.querySelector('#art-tone-why')?.textContent ?? '').startsWith(`${label}, as chosen`), label, { timeout: 20000 });
  assert.equal(await page.$eval(`.art-tone[value="${other}"]`, (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await page.$eval('.art-tone.used', (b) => b.value), other);
  await page.click('.art-tone[value="auto"]');
  await page.waitForFunction(() => / is chosen: /.test(document.querySelector('#art-tone-why')?.textContent ?? ''), null, { timeout: 20000 });
  // Easy: a no-given puzzle the easy rules finish, its changed cells ringed.
  await page.selectOption('#art-unique', 'adjust');
  await page.selectOption('#art-level', 'easy');
  const done = await page.waitForSelector('#art-status[data-state="done"][data-adjusted="true"]', { timeout: 60000 });
  assert.equal(await done.getAttribute('data-givens'), '0');
  const changed = Number(await done.getAttribute('data-changed'));
  assert.match(await page.textContent('#art-verdict'), new RegExp(`^${changed} cells? changed \\([\\d.]+%\\), no givens; easy: finished by empty and finished lines, overlaps, simple boxes and simple spaces \\(.*\\): rated line logic; proven unique`));
  if (changed > 0) {
    const ringed = await page.$eval('img[alt="Adjusted (changes ringed)"]', (i) => decodeURIComponent(i.src));
    assert.equal((ringed.match(/class="ring"/g) ?? []).length, changed);
  }
  assert.deepEqual(page.studioErrors, []);
});
