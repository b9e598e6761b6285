import crypto from 'node:crypto';

// Content Security Policy (issue 24), release builds only: a meta tag first in <head>, so a
// future bug cannot turn a link or a pasted text into script. Scripts only from the site itself,
// plus each inline script of the built index.html by its SHA-256 (trunk's module loader, the
// theme-before-first-paint script, the service-worker registration), computed here from the
// built file so an edit can never outrun its hash; 'wasm-unsafe-eval' lets WebAssembly compile
// (and nothing else be evaluated). Styles may be inline (Yew sets style attributes); images also
// from data: and blob: URLs (pictures of puzzles, the image chosen for the art page, downloads).
export function cspFor(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1])) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

