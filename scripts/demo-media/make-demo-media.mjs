// Writes the demo event's images and documents under public/demo/ (committed; rerun after
// changing a drawing). Raster files are rendered by headless Chromium and ffmpeg.
// Usage: npx node scripts/demo-media/make-demo-media.mjs   (from the repository root)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bannerSvg, faviconSvg, logoSvg, sponsorLogoSvg, stageBackgroundSvg, venueMapSvg } from './brand.mjs';
import { DOCUMENTS } from './documents.mjs';
import { faceSvg, initialsSvg } from './faces.mjs';
import { makePdf } from './pdf.mjs';
import { ATTENDEE_FACES, ATTENDEE_INITIALS, SPEAKER_FACES } from './people.mjs';

const OUT = 'public/demo';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

const SPONSORS = {
  nordvind: { name: 'Nordvind Energy', mark: 'turbine', colour: '#0b6e69', tagline: 'FLEXIBLE POWER' },
  'polar-grid': { name: 'Polar Grid', mark: 'hexagon', colour: '#1e4e8c', tagline: 'CLIMATE DATA' },
  'aurora-studio': { name: 'Aurora Studio', mark: 'prism', colour: '#7b2d8e' },
  'tidewater-cloud': { name: 'Tidewater Cloud', mark: 'waves', colour: '#0369a1' },
  fjellnett: { name: 'Fjellnett', mark: 'peaks', colour: '#334155', tagline: 'NETWORKS' },
  'boreal-ventures': { name: 'Boreal Ventures', mark: 'tree', colour: '#3f6212' },
  'arctic-ocean-institute': { name: 'Arctic Ocean', mark: 'iceberg', colour: '#075985', tagline: 'INSTITUTE' },
};

function write(path, content) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

/** Renders an SVG file to PNG at its own size with headless Chromium (transparent background). */
function render(svgPath, pngPath, width, height) {
  execFileSync(CHROMIUM, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--default-background-color=00000000',
    `--window-size=${width},${height}`, `--screenshot=${pngPath}`, `file://${resolve(svgPath)}`], { stdio: 'ignore' });
}

rmSync(OUT, { recursive: true, force: true });
for (const [key, face] of Object.entries(SPEAKER_FACES)) write(`${OUT}/speakers/${key}.svg`, faceSvg(face));
for (const [key, face] of Object.entries(ATTENDEE_FACES)) write(`${OUT}/attendees/${key}.svg`, faceSvg(face));
for (const [key, [initials, bg, fg]] of Object.entries(ATTENDEE_INITIALS)) write(`${OUT}/attendees/${key}.svg`, initialsSvg(initials, bg, fg));
for (const [key, sponsor] of Object.entries(SPONSORS)) write(`${OUT}/sponsors/${key}.svg`, sponsorLogoSvg(sponsor));
write(`${OUT}/logo.svg`, logoSvg());
write(`${OUT}/favicon.svg`, faviconSvg());
write(`${OUT}/lobby-banner.svg`, bannerSvg(1600, 400, 11));
write(`${OUT}/stage-background.svg`, stageBackgroundSvg());
for (const [key, doc] of Object.entries(DOCUMENTS)) write(`${OUT}/documents/${key}.pdf`, makePdf(doc));

const scratch = mkdtempSync(join(tmpdir(), 'demo-media-'));
try {
  render(`${OUT}/favicon.svg`, `${OUT}/favicon.png`, 256, 256);
  write(join(scratch, 'map.svg'), venueMapSvg());
  render(join(scratch, 'map.svg'), join(scratch, 'map.png'), 1200, 800);
  // Flat colours: a 64-colour palette keeps the PNG small without visible loss.
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-i', join(scratch, 'map.png'), '-vf', 'split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=none',
    `${OUT}/documents/venue-map.png`]);
  write(join(scratch, 'night.svg'), bannerSvg(960, 540, 5));
  render(join(scratch, 'night.svg'), join(scratch, 'night.png'), 960, 540);
  mkdirSync(`${OUT}/timeline`, { recursive: true });
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-i', join(scratch, 'night.png'), '-q:v', '5', `${OUT}/timeline/aurora-night.jpg`]);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
