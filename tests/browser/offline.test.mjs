// Offline and installable: the service worker precaches the built site, so after one visit the
// studio loads and solves with the network off; the manifest makes it installable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { suite, open, dist } from './harness.mjs';

const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';
const env = suite();

/** Every file of the built site, as a path relative to dist/. */
function built(dir = dist) {
  return fs.readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return fs.statSync(full).isDirectory() ? built(full) : [path.relative(dist, full)];
  });
}

test('the service worker precaches every built file, hashed names included', () => {
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const files = built().filter((f) => f !== 'sw.js');
  assert.ok(files.some((f) => /^app-[0-9a-f]{16}_bg\.wasm$/.test(f)), 'a hashed app wasm was built');
  for (const f of files) assert.ok(sw.includes(JSON.stringify(f)), `${f} is precached`);
});

test('after one visit the studio reloads and solves with the network off', async () => {
  const { context } = env.chrome;
  const page = await open(context, env.server.url, LINK);
  // The worker is active once its install step has cached every file.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // The page that installed the worker is not controlled by it; the next load is.
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
  await context.setOffline(true);
  try {
    assert.equal(await page.evaluate(() => fetch('/no-such-file-' + Date.now()).then(() => 'online', () => 'offline')), 'offline');
    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
    assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
    // Another page of the studio, never visited, opens offline too.
    await page.goto(env.server.url + '#kenken');
    await page.waitForSelector('#board .cell');
  } finally {
    await context.setOffline(false);
  }
  assert.deepEqual(page.studioErrors, []);
});

test('the manifest and its icons make the studio installable', async () => {
  const page = await open(env.chrome.context, env.server.url);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.name, 'Puzzle Studio');
  for (const icon of manifest.icons) {
    const ok = await page.evaluate((src) => fetch(src).then((r) => r.ok && r.headers.get('content-type')), icon.src);
    assert.equal(ok, icon.type, icon.src);
  }
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await env.chrome.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
});
