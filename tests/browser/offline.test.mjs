// Offline and installable: the service worker precaches the built site, so after one visit the
// studio loads and solves with the network off; the manifest makes it installable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
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
  assert.ok(files.some((f) => /^app-[0-9a-f]{1,16}_bg\.wasm$/.test(f)), 'a hashed app wasm was built');
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

/** A static server for a copy of the site in `root` (the harness serves dist/ itself). */
function serveCopy(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    let file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (file.endsWith('/')) file = path.join(file, 'index.html');
    if (!file.startsWith(root) || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })));
}

test('a new build replaces the old one whole: the old one keeps serving until the page switches', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-site-'));
  fs.cpSync(dist, root, { recursive: true });
  const site = await serveCopy(root);
  const page = await env.chrome.context.newPage();
  try {
    await page.goto(site.url + '#' + LINK);
    await page.waitForSelector('#board .cell');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.waitForSelector('#board .cell');
    // A new build: a changed page, and the service worker the build step writes for it.
    const index = path.join(root, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<head>', '<head><meta name="build" content="second">'));
    execFileSync('node', [path.join(dist, '..', 'tools', 'postbuild.mjs')], { env: { ...process.env, TRUNK_STAGING_DIR: root, TRUNK_PROFILE: 'release' }, stdio: 'pipe' });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('#update-reload', { timeout: 20000 });
    // Until the switch every load is the old build, whole.
    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.equal(await page.$('meta[name="build"]'), null, 'still the old build');
    await page.waitForSelector('#update-reload', { timeout: 20000 });
    // The switch: the new worker takes over and the page reloads onto the new build.
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('meta[name="build"][content="second"]', { state: 'attached', timeout: 20000 });
    await page.waitForSelector('#board .cell');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 20000 });
    assert.equal(await page.$eval('#status', (s) => s.dataset.verdict), 'unique');
  } finally {
    await page.close();
    await site.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
