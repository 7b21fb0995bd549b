// Event logo, favicon mark, sponsor wordmarks, lobby banner, stage background and venue map
// of the demo event, drawn as SVG so they stay small and sharp.

const FONT = 'font-family="Helvetica, Arial, sans-serif"';
const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

/** The aurora-over-mountains mark, drawn in a 100x100 box. */
const MARK = '<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2fd3a0"/><stop offset=".55" stop-color="#1b8fb8"/><stop offset="1" stop-color="#7b4fc9"/></linearGradient></defs>'
  + '<rect width="100" height="100" rx="22" fill="#0b2545"/>'
  + '<path d="M10 52C26 26 48 22 90 30 62 34 40 44 24 62z" fill="url(#a)"/>'
  + '<path d="M18 40C36 20 60 14 92 18 66 22 44 30 28 46z" fill="url(#a)" opacity=".55"/>'
  + '<path d="M8 86 34 56l14 14 16-22 28 38z" fill="#fff"/>';

export const faviconSvg = () => svg(256, 256, `<g transform="scale(2.56)">${MARK}</g>`);

export const logoSvg = () => svg(560, 120, `<rect width="560" height="120" rx="18" fill="#fff"/><g transform="translate(12 10)">${MARK}</g>`
  + `<text x="128" y="56" ${FONT} font-size="38" font-weight="700" fill="#0b2545">Northern Lights</text>`
  + `<text x="130" y="94" ${FONT} font-size="26" letter-spacing="9" fill="#0b6e69">SUMMIT</text>`);

/** Sponsor wordmarks: a simple mark per company beside its name. */
const SPONSOR_MARKS = {
  turbine: (c) => `<g stroke="${c}" stroke-width="9" stroke-linecap="round"><path d="M60 60V112M60 60 60 16M60 60 22 82M60 60l38 22"/></g><circle cx="60" cy="60" r="9" fill="${c}"/>`,
  hexagon: (c) => `<path d="M60 14l40 23v46L60 106 20 83V37z" fill="none" stroke="${c}" stroke-width="9"/><path d="M60 40v40M42 50l36 20M78 50 42 70" stroke="${c}" stroke-width="6"/>`,
  waves: (c) => `<path d="M16 46q22-22 44 0t44 0M16 70q22-22 44 0t44 0M16 94q22-22 44 0t44 0" stroke="${c}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  peaks: (c) => `<path d="M10 100 44 36l18 30 14-22 34 56z" fill="${c}"/><path d="M44 36l9 17-9-5-9 5z" fill="#fff"/>`,
  tree: (c) => `<path d="M60 12 96 62H76l22 30H22l22-30H24z" fill="${c}"/><rect x="53" y="92" width="14" height="18" fill="${c}"/>`,
  prism: (c) => `<path d="M60 12 106 96H14z" fill="none" stroke="${c}" stroke-width="9" stroke-linejoin="round"/><circle cx="60" cy="68" r="14" fill="${c}"/>`,
  iceberg: (c) => `<path d="M14 62h92" stroke="${c}" stroke-width="6"/><path d="M34 62 50 28l12 14 10-8 16 28z" fill="${c}"/><path d="M30 66h60L72 106H46z" fill="${c}" opacity=".45"/>`,
};

/** A wordmark: `mark` names one of SPONSOR_MARKS. */
export function sponsorLogoSvg({ name, tagline, mark, colour, text = '#14213d' }) {
  const size = name.length > 14 ? 40 : 48;
  return svg(480, 140, `<g transform="translate(8 10)">${SPONSOR_MARKS[mark](colour)}</g>`
    + `<text x="140" y="${tagline ? 72 : 84}" ${FONT} font-size="${size}" font-weight="700" fill="${text}">${name}</text>`
    + (tagline ? `<text x="142" y="108" ${FONT} font-size="20" letter-spacing="3" fill="${text}" opacity=".8">${tagline}</text>` : ''));
}

/** Deterministic pseudo-random numbers so regenerated images are byte-identical. */
function random(seed) {
  let s = seed;
  return () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
}

function stars(w, h, count, seed) {
  const r = random(seed);
  let out = '';
  for (let i = 0; i < count; i += 1) out += `<circle cx="${Math.round(r() * w)}" cy="${Math.round(r() * h)}" r="${(r() * 1.6 + 0.4).toFixed(1)}"/>`;
  return `<g fill="#fff" opacity=".8">${out}</g>`;
}

const AURORA = '<linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2fd3a0" stop-opacity="0"/><stop offset=".3" stop-color="#2fd3a0"/><stop offset=".7" stop-color="#1b8fb8"/><stop offset="1" stop-color="#7b4fc9" stop-opacity=".2"/></linearGradient>';

/** Night sky with aurora and mountains (lobby banner, timeline picture). */
export function bannerSvg(w, h, seed) {
  return svg(w, h, `<defs>${AURORA}<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06101f"/><stop offset="1" stop-color="#163a5f"/></linearGradient></defs>`
    + `<rect width="${w}" height="${h}" fill="url(#s)"/>${stars(w, h * 0.7, Math.round(w / 12), seed)}`
    + `<g transform="scale(${w / 1600} ${h / 400})" fill="url(#g)">`
    + '<path d="M0 220C300 60 700 40 1000 120s450 40 600-40v90c-200 60-380 60-620-10S280 140 0 300z" opacity=".75"/>'
    + '<path d="M0 170C380 30 760 10 1100 70s380 10 500-30v40c-180 50-330 70-540 20S320 90 0 230z" opacity=".4"/>'
    + '<path d="M0 400V300l180-110 120 80 170-150 160 130 120-70 200 150 140-90 190 110 150-80 170 70v160z" fill="#0a1a2e"/>'
    + '<path d="M0 400v-40l220-70 180 50 240-80 260 90 220-60 260 70 220-40v80z" fill="#050d18"/></g>');
}

/** A light stage background: pale sky with faint aurora at the top, so dark text stays readable. */
export function stageBackgroundSvg() {
  return svg(1920, 1080, `<defs>${AURORA}<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9f2"/><stop offset=".5" stop-color="#eef3f7"/></linearGradient></defs>`
    + '<rect width="1920" height="1080" fill="url(#s)"/><g fill="url(#g)" opacity=".22">'
    + '<path d="M0 260C360 80 860 60 1240 150s520 40 680-40v110c-240 70-440 70-720-10S340 170 0 360z"/>'
    + '<path d="M0 180C460 40 900 20 1320 90s460 10 600-30v50C1700 170 1540 190 1280 130S380 110 0 260z" opacity=".6"/></g>'
    + '<path d="M0 1080v-90l260-60 240 50 300-80 320 90 260-50 300 60 240-40v120z" fill="#d4e2ec"/>');
}

/** The venue floor plan (an image document). */
export function venueMapSvg() {
  const room = (x, y, w, h, fill, label, sub) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}"/>`
    + `<text x="${x + w / 2}" y="${y + h / 2}" text-anchor="middle" ${FONT} font-size="28" font-weight="700" fill="#fff">${label}</text>`
    + (sub ? `<text x="${x + w / 2}" y="${y + h / 2 + 34}" text-anchor="middle" ${FONT} font-size="20" fill="#fff">${sub}</text>` : '');
  return svg(1200, 800, `<rect width="1200" height="800" fill="#f4f6f8"/>`
    + `<text x="40" y="64" ${FONT} font-size="36" font-weight="700" fill="#14213d">Northern Lights Summit · Venue map, level 1</text>`
    + room(40, 100, 620, 380, '#0b6e69', 'Main stage', 'Aurora Hall · 600 seats')
    + room(690, 100, 470, 180, '#5b2a86', 'Room Fjord', 'Climate &amp; Energy track')
    + room(690, 300, 470, 180, '#9a3412', 'Room Fjell', 'Build &amp; Design track')
    + room(40, 510, 360, 250, '#1e4e8c', 'Expo', 'Sponsor booths 1–7')
    + room(420, 510, 360, 250, '#3f4b5b', 'Breakout rooms', 'B1 · B2 · B3')
    + room(800, 510, 360, 250, '#7a5c00', 'Café &amp; lounge', 'Coffee all day'));
}
