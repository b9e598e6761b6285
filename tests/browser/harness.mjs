// Shared test plumbing: a static server for dist/ on loopback, and headless Debian Chromium.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dist = path.resolve(here, '..', '..', 'dist');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves dist/ on 127.0.0.1 at a free port; resolves to { url, close }. */
export function serve() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`no built site in ${dist}: run scripts/build first`);
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let file = path.normalize(path.join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts headless Chromium with a fresh profile; resolves to a persistent browser context. */
export async function browser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
  });
  // The built site runs under a strict Content Security Policy (tools/csp.mjs); every page
  // records each violation it reports, and suite() fails the test that caused one.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
    });
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** Opens the studio at a fragment and waits until the app has rendered. */
export async function open(context, base, fragment = '') {
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + (fragment ? '#' + fragment : ''));
  await page.waitForSelector('#nav');
  page.studioErrors = errors;
  return page;
}

/** Starts the server and the browser before a test file's tests and stops them after. */
/** The kinds in the studio's registry, in menu order, as its home page lists them (one card each). */
export async function registryKinds(page) {
  await page.waitForSelector('.home .kind-card');
  return page.$$eval('.home .kind-card', (cs) => cs.map((c) => c.dataset.kind).filter((k) => k !== 'art'));
}

export function suite() {
  const s = {};
  before(async () => {
    s.server = await serve();
    s.chrome = await browser();
  });
  after(async () => {
    await s.chrome?.close();
    await s.server?.close();
  });
  // Any Content Security Policy violation fails the test during which it was reported.
  afterEach(async (t) => {
    const found = [];
    for (const page of s.chrome?.context.pages() ?? []) {
      found.push(...(await cspViolations(page, true)));
      await reportStalledFrames(page, t.name);
    }
    if (found.length > 0) throw new Error(`Content Security Policy violations: ${found.join('; ')}`);
  });
  return s;
}

/**
 * Prints a diagnostic line when `page` draws no frame within 3 s after a test. Playwright's
 * click waits for two animation frames (its "stable" check), so a page whose scripts answer but
 * whose frames stall fails clicks with a bare 30 s timeout; this line tells that case apart from
 * a busy page (whose scripts do not answer either) in the log.
 */
async function reportStalledFrames(page, name) {
  const probe = page
    .evaluate(() => new Promise((done) => {
      const t = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(() => done({
        ms: performance.now() - t,
        nodes: document.getElementsByTagName('*').length,
      })));
    }))
    .catch((e) => ({ error: String(e).split('\n')[0] }));
  const late = new Promise((done) => setTimeout(() => done(null), 3000).unref());
  const seen = await Promise.race([probe, late]);
  if (seen?.error) return; // a page that is closing or navigating draws nothing
  if (seen === null || seen.ms > 1000) {
    const scripts = await Promise.race([
      page.evaluate(() => document.visibilityState).then((v) => `scripts answer (${v})`, () => 'scripts fail'),
      new Promise((done) => setTimeout(() => done('scripts silent 3 s'), 3000).unref()),
    ]);
    console.log(`# after "${name}": no two frames within 3 s (${seen ? `${Math.round(seen.ms)} ms, ${seen.nodes} elements` : 'none'}); ${scripts}`);
  }
}

/** The Content Security Policy violations `page` reported so far (and forgets them when `clear`). */
export async function cspViolations(page, clear = false) {
  try {
    return await page.evaluate((clear) => {
      const v = window.__cspViolations ?? [];
      if (clear) window.__cspViolations = [];
      return v;
    }, clear);
  } catch {
    return []; // a page that is closing or navigating has nothing to report
  }
}

/** The board as text rows: `on` where the cell's `data-<attr>` equals `value`, else `.`. */
export async function boardRows(page, attr = 'star', value = '1', on = '*') {
  return page.$$eval('#board .cell', (cells, [attr, value, on]) => {
    const rows = [];
    for (const c of cells) {
      const r = Number(c.dataset.r);
      rows[r] = (rows[r] ?? '') + (c.dataset[attr] === value ? on : '.');
    }
    return rows;
  }, [attr, value, on]);
}

/** Waits until the page runs exactly `n` Web Workers (the studio's own worker is one). */
export async function workersBecome(page, n, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (page.workers().length === n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${n} workers, found ${page.workers().length}`);
}
