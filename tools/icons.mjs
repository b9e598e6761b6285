// Draws the studio's icons (a small solved nonogram: a heart) as PNG and SVG into static/icons/.
// Run once by hand after changing the picture: node tools/icons.mjs (the files are committed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'static', 'icons');
const PICTURE = ['.#.#.', '#####', '#####', '.###.', '..#..'];
const BG = [0x2f, 0x6f, 0xd6];
const PAPER = [0xff, 0xff, 0xff];
const INK = [0x1d, 0x24, 0x30];

/** The colour of pixel (x, y) of a size x size icon; `pad` is the maskable safe-zone margin. */
function pixel(x, y, size, pad) {
  const inner = size * (1 - 2 * pad);
  const cell = inner / 5;
  const gx = (x - size * pad) / cell;
  const gy = (y - size * pad) / cell;
  if (gx < 0 || gy < 0 || gx >= 5 || gy >= 5) return BG;
  const fx = gx - Math.floor(gx);
  const fy = gy - Math.floor(gy);
  const gap = 0.06;
  if (fx < gap || fy < gap || fx > 1 - gap || fy > 1 - gap) return BG;
  return PICTURE[Math.floor(gy)][Math.floor(gx)] === '#' ? INK : PAPER;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pad) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x + 0.5, y + 0.5, size, pad);
      raw.set([r, g, b], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
function svg() {
  const hex = (c) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
  const cells = PICTURE.flatMap((row, y) => [...row].map((ch, x) =>
    `<rect x="${12 + x * 15.2 + 0.9}" y="${12 + y * 15.2 + 0.9}" width="13.4" height="13.4" fill="${hex(ch === '#' ? INK : PAPER)}"/>`));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="14" fill="${hex(BG)}"/>${cells.join('')}</svg>\n`;
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'icon-192.png'), png(192, 0.12));
fs.writeFileSync(path.join(out, 'icon-512.png'), png(512, 0.12));
// Maskable: the picture inside the central 80% safe zone.
fs.writeFileSync(path.join(out, 'maskable-512.png'), png(512, 0.2));
fs.writeFileSync(path.join(out, 'icon.svg'), svg());
console.log(`icons written to ${out}`);
