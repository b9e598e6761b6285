// trunk post_build hook (Trunk.toml): writes the service worker into the staged site.
// Release builds get Workbox's generated worker, precaching every built file (trunk's hashed names
// included) so the studio loads and solves offline after one visit; a new build's worker installs
// the new set beside the old and the page swaps to it whole (see index.html), never a mix.
// Debug builds get a worker that unregisters itself, so `trunk serve` never serves stale files.
import fs from 'node:fs';
import path from 'node:path';
import { cspFor } from './csp.mjs';
import { generateSW } from 'workbox-build';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('postbuild: TRUNK_STAGING_DIR is not set (this script runs as a trunk hook)');
  process.exit(2);
}
const swDest = path.join(staging, 'sw.js');

// Content Security Policy (issue 24): see tools/csp.mjs. Release builds only (`trunk serve`
// injects its own reload script).
function addCsp(file) {
  let html = fs.readFileSync(file, 'utf8');
  html = html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
  const policy = cspFor(html);
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  // Right after <meta charset>, before any script, so it governs them all.
  if (!/<meta charset[^>]*>/i.test(html)) throw new Error('postbuild: index.html has no <meta charset> to put the policy after');
  html = html.replace(/(<meta charset[^>]*>)/i, `$1\n  ${tag}`);
  fs.writeFileSync(file, html);
  const count = (policy.match(/'sha256-/g) ?? []).length;
  console.log(`postbuild: Content-Security-Policy with ${count} inline script hash${count === 1 ? '' : 'es'}`);
}

if (process.env.TRUNK_PROFILE !== 'release') {
  fs.writeFileSync(swDest, `// Debug build: no offline cache; remove any worker a release build left.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.registration.unregister()));
`);
  console.log('postbuild: debug build, wrote a self-removing sw.js');
} else {
  addCsp(path.join(staging, 'index.html'));
  const { count, size, warnings } = await generateSW({
    globDirectory: staging,
    globPatterns: ['**/*.{html,js,css,wasm,webmanifest,png,svg,txt,json,non,xml}'],
    globIgnores: ['sw.js'],
    swDest,
    // trunk's content-hashed names (app-<hash>.js, app-<hash>_bg.wasm, style-<hash>.css) need no
    // cache-busting; the unhashed ones (index.html, worker.js, worker_bg.wasm) get a revision.
    dontCacheBustURLsMatching: /-[0-9a-f]{1,16}(_bg)?\.[a-z]+$/, // trunk prints its u64 hash in hex without leading zeros
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
    // The app routes by #fragment, so every navigation is index.html.
    navigateFallback: 'index.html',
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
  });
  for (const w of warnings) console.warn(`postbuild: ${w}`);
  console.log(`postbuild: sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KiB`);
}
