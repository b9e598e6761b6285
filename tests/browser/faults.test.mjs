// The studio under faults (issue 24), in headless Chromium against the built site:
// storage full (shown at once, export, clear old puzzles, nothing lost after a reload), garbage
// in every kind's saved work (reported once, kept aside, downloadable), saved data of version 1
// still read, the solver worker dying (a panic, running out of memory, terminated by the test,
// while idle and mid-job, with and without Web Locks) and the next request working, the Content
// Security Policy (present, strict, and blocking an injected inline script), and a truncated
// image refused in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { suite, open, boardRows, cspViolations, registryKinds } from './harness.mjs';

const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';
const LONG = 'starbattle/v1/25x25s1/' + Array.from({ length: 25 }, (_, i) => String.fromCharCode(65 + i).repeat(25)).join('');
const env = suite();

let watching = false;
/** Keeps a handle on every Web Worker the page starts, so a test can end one or send it a fault. */
async function watchWorkers() {
  if (watching) return;
  watching = true;
  await env.chrome.context.addInitScript(() => {
    const Native = window.Worker;
    window.__studioWorkers = [];
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.__studioWorkers.push(this);
      }
    };
  });
}

/** A fresh start: empty storage, then the page at `fragment`. */
async function clean(fragment) {
  await watchWorkers();
  const page = await open(env.chrome.context, env.server.url, '');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.server.url + '#' + fragment);
  await page.reload();
  await page.waitForSelector('#nav');
  return page;
}

async function solved(page) {
  await page.waitForSelector('#status[data-state="done"]', { timeout: 30000 });
  return page.$eval('#status', (s) => s.dataset.verdict);
}

/** Waits until the studio's current worker has loaded and answered (a solve goes through). */
async function solveWorks(page) {
  await page.click('#solve');
  assert.equal(await solved(page), 'unique');
}

test('storage full: the failed save is shown at once, the puzzle exports, clearing old puzzles saves the work, and a reload keeps it', async () => {
  let page = await clean('nonogram');
  await page.waitForSelector('#board .cell');
  await page.goto(env.server.url + '#' + LINK);
  await page.waitForSelector('#board .cell');
  await page.waitForFunction(() => localStorage.getItem('puzzle-studio/starbattle/work') !== null);
  assert.ok(await page.evaluate(() => localStorage.getItem('puzzle-studio/nonogram/work') !== null), 'the nonogram example was saved');
  // Fill local storage to the last character.
  const filled = await page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try { localStorage.setItem(`filler-${n}`, chunk); n += 1; } catch { break; }
      }
    }
    return n;
  });
  assert.ok(filled > 5, `filled with ${filled} items`);
  const before = await page.evaluate(() => localStorage.getItem('puzzle-studio/starbattle/work'));
  await page.click('#board .cell[data-r="0"][data-c="1"]');
  await page.waitForSelector('#storage-trouble', { timeout: 5000 });
  assert.match(await page.textContent('#storage-trouble'), /Not saved: the browser's storage is full/);
  assert.equal(await page.getAttribute('#storage-trouble', 'role'), 'alert');
  assert.equal(await page.evaluate(() => localStorage.getItem('puzzle-studio/starbattle/work')), before, 'nothing half saved');
  // Way out 1: the puzzle as a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#storage-export')]);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.equal(exported.kind, 'starbattle');
  assert.equal(exported.rows, 6);
  // Way out 2: clear the other kinds' saved puzzles; the save is tried again and succeeds.
  assert.match(await page.textContent('#storage-clear'), /Nonogram/);
  await page.click('#storage-clear');
  await page.waitForSelector('#storage-cleared');
  assert.match(await page.textContent('#storage-cleared'), /Cleared the saved puzzles of Nonogram; your work is saved again/);
  assert.equal(await page.$('#storage-trouble'), null);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('puzzle-studio/starbattle/work')));
  assert.equal(saved.version, 2);
  assert.match(saved.marks, /^01/);
  assert.equal(await page.evaluate(() => localStorage.getItem('puzzle-studio/nonogram/work')), null);
  // Nothing lost: after a reload the star is there.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal((await boardRows(page))[0][1], '*');
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.studioErrors, []);
});

test('garbage in every kind\'s saved work: every page loads, each is reported once, kept aside and downloadable', async () => {
  const page = await clean('');
  const KINDS = await registryKinds(page);
  assert.ok(KINDS.length >= 5 && KINDS.includes('rectfree'), KINDS.join());
  const garbage = (kind) => `\u0000{{not a ${kind} puzzle}} \u00ff`;
  await page.evaluate(([kinds, texts]) => {
    kinds.forEach((k, i) => {
      // Half in the version 2 record, half in version 1's two keys.
      if (i % 2 === 0) localStorage.setItem(`puzzle-studio/${k}/work`, texts[i]);
      else {
        localStorage.setItem(`puzzle-studio/${k}/puzzle`, texts[i]);
        localStorage.setItem(`puzzle-studio/${k}/marks`, 'zz');
      }
    });
  }, [KINDS, KINDS.map(garbage)]);
  await page.reload();
  await page.waitForSelector('#nav');
  await page.waitForFunction((n) => document.querySelectorAll('.aside-found').length === n, KINDS.length);
  for (const kind of KINDS) {
    const text = await page.textContent(`.aside-found[data-kind="${kind}"]`);
    assert.match(text, /could not be read back/);
    assert.match(text, /kept aside, not overwritten/);
    // Kept under its own key, whole.
    const kept = await page.evaluate((k) => localStorage.getItem(`puzzle-studio/${k}/unreadable`), kind);
    assert.ok(kept.includes(garbage(kind)), `${kind}: ${kept}`);
  }
  // Every page loads (with its example), and saving it does not touch what was set aside.
  for (const kind of KINDS.filter((k) => k !== 'rectfree')) {
    await page.goto(env.server.url + '#' + kind);
    await page.waitForSelector('#board .cell');
    await page.waitForFunction((k) => localStorage.getItem(`puzzle-studio/${k}/work`) !== null, kind);
  }
  await page.goto(env.server.url + '#rectfree');
  await page.waitForSelector('#page');
  for (const kind of KINDS) {
    assert.ok((await page.evaluate((k) => localStorage.getItem(`puzzle-studio/${k}/unreadable`), kind)).includes(garbage(kind)));
  }
  // Downloadable as text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.aside-download[data-kind="kenken"]')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  // Its key is the version 2 record or version 1's, by its place in the registry (see above).
  const kenkenKey = KINDS.indexOf('kenken') % 2 === 0 ? 'work' : 'puzzle';
  assert.ok(text.includes(garbage('kenken')) && text.includes(`puzzle-studio/kenken/${kenkenKey}`), text);
  // Reported once: after a reload there is no alert, and the home page lists them quietly.
  await page.goto(env.server.url + '#');
  await page.reload();
  await page.waitForSelector('#nav');
  assert.equal((await page.$$('.aside-found')).length, 0);
  await page.waitForFunction((n) => document.querySelectorAll('.aside-kept').length === n, KINDS.length);
  assert.equal(await page.$('.aside-kept[role="alert"]'), null);
  // Discarded on request.
  await page.click('.aside-discard[data-kind="floodit"]');
  await page.waitForFunction(() => !document.querySelector('.aside-kept[data-kind="floodit"]'));
  assert.equal(await page.evaluate(() => localStorage.getItem('puzzle-studio/floodit/unreadable')), null);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.studioErrors, []);
});

test('unreadable marks keep the puzzle; version 1 saves still read and are rewritten as version 2', async () => {
  const page = await clean('');
  const puzzle = await page.evaluate(async (link) => {
    location.hash = link;
    for (;;) {
      const w = localStorage.getItem('puzzle-studio/starbattle/work');
      if (w) return JSON.parse(w).puzzle;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, LINK);
  // Version 1: the puzzle and the marks under two keys, no version.
  await page.evaluate((p) => {
    localStorage.clear();
    localStorage.setItem('puzzle-studio/starbattle/puzzle', p);
    localStorage.setItem('puzzle-studio/starbattle/marks', '010000000200');
  }, puzzle);
  await page.goto(env.server.url + '#starbattle');
  await page.reload();
  await page.waitForSelector('#board .cell');
  const rows = await boardRows(page);
  assert.equal(rows[0], '.*....');
  assert.equal(await page.$eval('#board .cell[data-r="1"][data-c="3"]', (c) => c.dataset.dot), '1', 'the dot came back');
  assert.equal((await page.$$('.aside-found')).length, 0);
  await page.click('#board .cell[data-r="2"][data-c="5"]');
  await page.waitForFunction(() => localStorage.getItem('puzzle-studio/starbattle/work') !== null);
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('puzzle-studio/starbattle/work')));
  assert.equal(record.version, 2);
  assert.equal(record.marks.slice(0, 18), '010000000200000001');
  assert.equal(await page.evaluate(() => localStorage.getItem('puzzle-studio/starbattle/puzzle')), null);
  // Broken marks beside a good puzzle: the puzzle opens, the marks are reported and kept.
  await page.evaluate((p) => {
    localStorage.clear();
    localStorage.setItem('puzzle-studio/starbattle/puzzle', p);
    localStorage.setItem('puzzle-studio/starbattle/marks', '01?');
  }, puzzle);
  await page.reload();
  await page.waitForSelector('.aside-found[data-kind="starbattle"]');
  assert.match(await page.textContent('.aside-found'), /Star Battle marks could not be read back/);
  assert.equal((await boardRows(page)).join(''), '.'.repeat(36));
  assert.match(await page.evaluate(() => localStorage.getItem('puzzle-studio/starbattle/unreadable')), /01\?/);
  await page.evaluate(() => localStorage.clear());
});

/** The notice text once it mentions the solver stopping. */
async function deathNotice(page) {
  await page.waitForFunction(() => /The solver stopped/.test(document.querySelector('#notice')?.textContent ?? ''), null, { timeout: 15000 });
  return page.textContent('#notice');
}

test('the worker panics: the page says so, starts a fresh worker, and the next solve works', async () => {
  const page = await clean(LINK);
  await page.waitForSelector('#board .cell');
  await solveWorks(page);
  const started = await page.evaluate(() => window.__studioWorkers.length);
  await page.evaluate(() => window.__studioWorkers.at(-1).postMessage('studio-test:panic'));
  const text = await deathNotice(page);
  assert.match(text, /it hit an internal error \(internal error in job 0: panicked at [\s\S]*asked the worker to panic\)/);
  assert.match(text, /A fresh solver has been started/);
  await page.waitForFunction((n) => window.__studioWorkers.length === n + 1, started);
  await page.click('button:has-text("My stars")').catch(() => {});
  await solveWorks(page);
  assert.deepEqual(page.studioErrors, []);
});

test('the worker runs out of memory: the page says so in words and recovers', async () => {
  const page = await clean(LINK);
  await page.waitForSelector('#board .cell');
  await solveWorks(page);
  await page.evaluate(() => window.__studioWorkers.at(-1).postMessage('studio-test:out-of-memory'));
  const text = await deathNotice(page);
  assert.match(text, /it ran out of memory/);
  await solveWorks(page);
});

test('the worker is terminated while idle (Web Lock) and mid-job: each is noticed, and the next request works', async () => {
  const page = await clean(LONG);
  await page.waitForSelector('#board .cell');
  await page.click('#count');
  await page.waitForFunction(() => /conflicts/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 15000 });
  // Mid-job: the job is lost and said to be.
  await page.evaluate(() => window.__studioWorkers.at(-1).terminate());
  let text = await deathNotice(page);
  assert.match(text, /while it was working; that job is lost/);
  assert.match(text, /the browser ended it/);
  await page.waitForSelector('#status[data-state="ended"]');
  // Idle: nothing was running, still noticed at once.
  await page.click('#notice .close');
  await page.goto(env.server.url + '#' + LINK);
  await page.waitForSelector('#board .cell');
  await solveWorks(page);
  await page.evaluate(() => window.__studioWorkers.at(-1).terminate());
  text = await deathNotice(page);
  assert.doesNotMatch(text, /job is lost/);
  await solveWorks(page);
  assert.deepEqual(page.studioErrors, []);
});

test('two tabs of the studio each keep their own solver (the locks are per tab), and ending one tab\'s worker leaves the other alone', async () => {
  const first = await clean(LINK);
  await first.waitForSelector('#board .cell');
  await solveWorks(first);
  const second = await env.chrome.context.newPage();
  await second.goto(env.server.url + '#' + LINK);
  await second.waitForSelector('#board .cell');
  await solveWorks(second);
  await second.evaluate(() => window.__studioWorkers.at(-1).terminate());
  await deathNotice(second);
  assert.equal(await first.$('#notice'), null, 'the other tab noticed nothing');
  await solveWorks(first);
  await solveWorks(second);
  await second.close();
});

test('without Web Locks the heartbeat notices a dead worker: the request goes to a fresh one and is answered', async () => {
  const context = env.chrome.context;
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
  await page.goto(env.server.url + '#' + LINK);
  await page.waitForSelector('#board .cell');
  await solveWorks(page);
  await page.evaluate(() => window.__studioWorkers.at(-1).terminate());
  await page.waitForTimeout(300);
  assert.equal(await page.$('#notice'), null, 'nothing noticed yet: no lock, no event');
  const t0 = Date.now();
  await page.click('#solve');
  assert.equal(await solved(page), 'unique');
  const ms = Date.now() - t0;
  assert.ok(ms >= 3500, `answered after the heartbeat (${ms} ms)`);
  assert.equal(await page.evaluate(() => window.__studioWorkers.length), 2);
  await page.close();
});

test('the Content Security Policy: strict, in force, and no page of the studio violates it', async () => {
  const page = await clean('');
  const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  assert.doesNotMatch(policy.split(';').find((d) => d.includes('script-src')), /'unsafe-inline'|'unsafe-eval'|\*/);
  // The policy comes before every script of the document.
  const first = await page.evaluate(() => [...document.head.children].findIndex((e) => e.matches('meta[http-equiv="Content-Security-Policy"]')));
  const firstScript = await page.evaluate(() => [...document.head.children].findIndex((e) => e.tagName === 'SCRIPT'));
  assert.ok(first < firstScript, `${first} < ${firstScript}`);
  // An inline script that a bug might inject does not run, and is reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  await page.waitForFunction(() => window.__cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.__injected ?? false), false);
  assert.match((await cspViolations(page, true)).join(), /script-src/);
  // Every page, a solve and an image job run under it without a violation (checked after each test).
  for (const f of ['nonogram', 'kenken', LINK, 'floodit', 'rectfree', 'bench', 'art']) {
    await page.goto(env.server.url + '#' + f);
    await page.waitForSelector('#page');
  }
  await page.goto(env.server.url + '#' + LINK);
  await solveWorks(page);
});

test('a truncated JPEG is refused in words; the whole one is made into a puzzle', async () => {
  const page = await clean('art');
  await page.waitForSelector('#art-file');
  // A photo-like JPEG made by the browser itself.
  const jpeg = Buffer.from(await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 160;
    c.height = 120;
    const g = c.getContext('2d');
    const grad = g.createLinearGradient(0, 0, 160, 120);
    grad.addColorStop(0, '#123');
    grad.addColorStop(1, '#fed');
    g.fillStyle = grad;
    g.fillRect(0, 0, 160, 120);
    g.fillStyle = '#000';
    g.beginPath();
    g.arc(80, 60, 35, 0, 7);
    g.fill();
    const blob = await new Promise((r) => c.toBlob(r, 'image/jpeg', 0.9));
    return [...new Uint8Array(await blob.arrayBuffer())];
  }));
  const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
  await page.setInputFiles('#art-file', { name: 'cut.jpg', mimeType: 'image/jpeg', buffer: cut });
  await page.waitForFunction(() => /ends early/.test(document.querySelector('#notice')?.textContent ?? ''), null, { timeout: 20000 });
  assert.match(await page.textContent('#notice'), /This JPEG file ends early; the bottom part of the picture is missing/);
  await page.setInputFiles('#art-file', { name: 'whole.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.waitForSelector('#art-status[data-state="done"]', { timeout: 30000 });
});

test('the limits are stated on the home page, and a count that would outgrow the memory is lowered and said before it starts', async () => {
  const page = await clean('');
  await page.click('#limits summary');
  const limits = await page.textContent('#limits');
  for (const words of ['Star Battle: square boards 1 to 40 cells a side', 'Nonogram: 1 to 200 cells each way', 'KenKen: 3 to 12', 'Flood-It: 2 to 30', 'within 1 GiB of memory']) {
    assert.ok(limits.includes(words), `${words} in ${limits}`);
  }
  await page.goto(env.server.url + '#' + LONG);
  await page.waitForSelector('#board .cell');
  await page.click('#count');
  await page.waitForFunction(() => /Counting stops at/.test(document.querySelector('#notice')?.textContent ?? ''));
  assert.match(await page.textContent('#notice'), /Counting stops at 107,311 solutions on this board: each answer found adds a clause over its 625 cells, and 107,311 of them fill the solver's memory limit of 1 GiB/);
  await page.click('#cancel');
  // A small board's count is not touched and says nothing.
  await page.click('#notice .close');
  await page.goto(env.server.url + '#' + LINK);
  await page.waitForSelector('#board .cell');
  await page.click('#count');
  await page.waitForSelector('#status[data-state="done"]');
  assert.match(await page.textContent('#verdict'), /1 solution in all/);
  assert.equal(await page.$('#notice'), null);
});

test('a link cut short says it cannot be read and opens nothing else, in a fresh browser', async () => {
  const { browser } = await import('./harness.mjs');
  const fresh = await browser();
  try {
    // The Heart link with its last two clues cut off, as a chat app may cut it.
    const page = await open(fresh.context, env.server.url, 'nonogram/v1/5x5:2/4/4/4/2/1.1/5/5');
    await page.waitForSelector('#status[data-state="unreadable"]');
    const said = await page.textContent('#status');
    assert.match(said, /could not be read/);
    assert.match(said, /needs 10 clues/);
    assert.match(said, /Nothing else was opened/);
    await page.waitForTimeout(300);
    assert.equal(await page.$$eval('#board .cell', (c) => c.length), 0, 'no sample opened in its place');
    assert.match(page.url(), /5x5:2\/4\/4\/4\/2\/1\.1\/5\/5$/, 'the address bar keeps the link');
    // Opening a real puzzle afterwards works as usual.
    await page.fill('#import-text', '5x5:2/4/4/4/2/1.1/5/5/3/1');
    await page.click('#import-open');
    await page.waitForSelector('#board .cell');
    assert.deepEqual(page.studioErrors, []);
  } finally {
    await fresh.close();
  }
});
