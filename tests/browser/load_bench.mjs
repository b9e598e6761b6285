// First-visit benchmark: what a new visitor downloads and how long until the studio is usable.
// Serves dist/ gzip-compressed (as any real host does), starts a fresh headless Chromium profile
// per run (an empty cache), optionally throttles the network, and prints per-run figures and medians.
// Usage: node load_bench.mjs [--runs N] [--mbps 10 --rtt 40]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { dist, browser } from './harness.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : Number(process.argv[i + 1]);
};
const runs = arg('--runs', 5);
const mbps = arg('--mbps', 0);
const rtt = arg('--rtt', 0);
// A Star Battle link: "usable" also means the first Solve answers, which needs the worker's WebAssembly.
const LINK = 'starbattle/v1/6x6s1/AAABBBABBBCCADDEECFFDDECFEEEECFCCCCC';

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** Every file of the built site with its raw and gzipped size. */
function siteFiles(dir = dist) {
  return fs.readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) return siteFiles(full);
    const body = fs.readFileSync(full);
    return [{ file: path.relative(dist, full), raw: body.length, gz: zlib.gzipSync(body, { level: 9 }).length }];
  });
}

/** A gzip-serving static server that counts the bytes it sends. */
function gzipServer() {
  const cache = new Map();
  let sent = 0;
  const server = http.createServer((req, res) => {
    let file = path.normalize(path.join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!file.startsWith(dist)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) { res.writeHead(404).end(); return; }
    if (!cache.has(file)) cache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
    const body = cache.get(file);
    sent += body.length;
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    sent: () => sent,
    close: () => new Promise((r) => server.close(r)),
  })));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;

const files = siteFiles();
const wasm = files.filter((f) => f.file.endsWith('.wasm'));
const sum = (xs, k) => xs.reduce((a, f) => a + f[k], 0);
console.log(`site: ${files.length} files, ${kb(sum(files, 'raw'))} raw, ${kb(sum(files, 'gz'))} gzipped; WebAssembly ${wasm.map((f) => `${f.file} ${kb(f.raw)} (${kb(f.gz)} gz)`).join(', ')}`);

const server = await gzipServer();
const rows = [];
try {
  for (let i = 0; i < runs; i++) {
    const chrome = await browser();
    try {
      const page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      if (mbps) {
        const cdp = await chrome.context.newCDPSession(page);
        await cdp.send('Network.enable');
        const bytesPerS = (mbps * 1e6) / 8;
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: bytesPerS, uploadThroughput: bytesPerS });
      }
      const before = server.sent();
      await page.goto(server.url + '#' + LINK);
      await page.waitForSelector('#board .cell');
      const usable = await page.evaluate(() => performance.now());
      const usableBytes = server.sent() - before;
      await page.click('#solve');
      await page.waitForSelector('#status[data-state="done"]', { timeout: 120000 });
      const answered = await page.evaluate(() => performance.now());
      rows.push({ usable, answered, usableBytes, bytes: server.sent() - before });
      console.log(`run ${i + 1}: usable ${usable.toFixed(0)} ms (${kb(usableBytes)} sent), first answer ${answered.toFixed(0)} ms (${kb(server.sent() - before)} sent so far)`);
    } finally {
      await chrome.close();
    }
  }
} finally {
  await server.close();
}
const net = mbps ? `${mbps} Mbit/s, ${rtt} ms latency` : 'loopback, unthrottled';
console.log(`median of ${runs} (${net}): usable ${median(rows.map((r) => r.usable)).toFixed(0)} ms, first answer ${median(rows.map((r) => r.answered)).toFixed(0)} ms, ` +
  `sent before usable ${kb(median(rows.map((r) => r.usableBytes)))}, by the first answer ${kb(median(rows.map((r) => r.bytes)))}`);
