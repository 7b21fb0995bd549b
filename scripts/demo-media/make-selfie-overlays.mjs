// Writes the demo event's selfie overlays (public/demo/selfie/*.png): transparent PNGs drawn from
// SVG with sharp, 1080 × 1440 (3:4, a phone's portrait photo). Run: npx node scripts/demo-media/make-selfie-overlays.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const W = 1080;
const H = 1440;
const out = join(import.meta.dirname, '../../public/demo/selfie');

const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect x="24" y="24" width="${W - 48}" height="${H - 48}" rx="36" fill="none" stroke="#0b3d5c" stroke-width="28"/>
  <rect x="24" y="${H - 250}" width="${W - 48}" height="226" rx="0" fill="#0b3d5c" fill-opacity="0.88"/>
  <text x="${W / 2}" y="${H - 150}" font-family="DejaVu Sans, sans-serif" font-size="68" font-weight="700" fill="#ffffff" text-anchor="middle">Northern Lights Summit</text>
  <text x="${W / 2}" y="${H - 72}" font-family="DejaVu Sans, sans-serif" font-size="46" fill="#7ee0c3" text-anchor="middle">#NLSummit</text>
</svg>`;

const aurora = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="a" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#34d399"/><stop offset="0.5" stop-color="#22d3ee"/><stop offset="1" stop-color="#a78bfa"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <mask id="m"><rect width="${W}" height="420" fill="url(#fade)"/></mask>
  </defs>
  <path d="M0 0 H${W} V260 C${W * 0.75} 380 ${W * 0.55} 180 ${W * 0.35} 300 S0 220 0 330 Z" fill="url(#a)" mask="url(#m)"/>
  <text x="60" y="${H - 70}" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff" stroke="#0b3d5c" stroke-width="3">I was there ✦</text>
</svg>`;

mkdirSync(out, { recursive: true });
for (const [name, svg] of [['summit-frame', frame], ['aurora', aurora]]) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(join(out, `${name}.png`));
}
