// Illustrated portrait avatars for the demo event: a few shapes, each person's own colours
// and hair, so every speaker and attendee is recognisable without shipping photos.

const SKIN = ['#f6d3b3', '#eab58f', '#d39a6a', '#a86b43', '#7a4a2c', '#5a3620'];
const EYE = '#2b2118';

/** Hair drawn behind the head (long styles). */
function hairBack(style, colour) {
  if (style === 'long') return `<path d="M70 118c0-50 26-80 58-80s58 30 58 80v78H70z" fill="${colour}"/>`;
  if (style === 'bob') return `<path d="M72 120c0-48 24-76 56-76s56 28 56 76v34H72z" fill="${colour}"/>`;
  if (style === 'bun') return `<circle cx="128" cy="42" r="22" fill="${colour}"/>`;
  return '';
}

/** Hair drawn over the top of the head. */
function hairFront(style, colour) {
  switch (style) {
    case 'short': return `<path d="M76 108c-4-40 20-62 52-62s58 20 52 62c-8-18-26-28-52-28s-44 10-52 28z" fill="${colour}"/>`;
    case 'sidepart': return `<path d="M76 112c-6-44 18-68 54-68s54 24 48 66c-10-22-30-34-64-30-16 2-30 12-38 32z" fill="${colour}"/>`;
    case 'curly': return `<g fill="${colour}">${[[84, 86], [100, 66], [122, 56], [146, 60], [166, 74], [176, 96], [80, 108], [178, 114]]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20"/>`).join('')}</g>`;
    case 'long': case 'bob': case 'bun': return `<path d="M76 112c0-42 22-64 52-64s52 22 52 64c-14-26-40-36-60-34-20 2-36 14-44 34z" fill="${colour}"/>`;
    case 'buzz': return `<path d="M78 104c0-36 22-54 50-54s50 18 50 54c-12-14-30-20-50-20s-38 6-50 20z" fill="${colour}" opacity=".85"/>`;
    default: return '';
  }
}

/**
 * One portrait as SVG text. `p` picks background, shirt, skin (0-5), hair style and colour,
 * and optional glasses, beard and earrings.
 */
export function faceSvg(p) {
  const skin = SKIN[p.skin];
  const parts = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">',
    `<rect width="256" height="256" fill="${p.bg}"/>`,
    `<circle cx="208" cy="48" r="64" fill="#fff" opacity=".12"/>`,
    hairBack(p.hair, p.hairColour),
    `<path d="M36 256c4-52 40-82 92-82s88 30 92 82z" fill="${p.shirt}"/>`,
    `<path d="M108 150h40v34c-6 10-34 10-40 0z" fill="${skin}"/>`,
    `<path d="M108 176c8 10 32 10 40 0l12 6c-12 18-52 18-64 0z" fill="#000" opacity=".12"/>`,
    `<circle cx="78" cy="122" r="11" fill="${skin}"/><circle cx="178" cy="122" r="11" fill="${skin}"/>`,
    `<ellipse cx="128" cy="116" rx="50" ry="58" fill="${skin}"/>`,
    p.earrings ? `<circle cx="77" cy="138" r="4" fill="#f2c14e"/><circle cx="179" cy="138" r="4" fill="#f2c14e"/>` : '',
    p.beard ? `<path d="M80 124c4 44 24 50 48 50s44-6 48-50c-8 18-20 22-48 22s-40-4-48-22z" fill="${p.hairColour}"/>` : '',
    hairFront(p.hair, p.hairColour),
    `<path d="M98 98q10-6 20 0M138 98q10-6 20 0" stroke="${p.hairColour}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="108" cy="116" r="5" fill="${EYE}"/><circle cx="148" cy="116" r="5" fill="${EYE}"/>`,
    `<path d="M128 120v14h-6" stroke="#000" stroke-opacity=".25" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    `<path d="M110 146q18 ${p.smile ?? 12} 36 0" stroke="#7a2e2e" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    p.glasses ? `<g stroke="${p.glasses}" stroke-width="4" fill="none"><circle cx="108" cy="116" r="15"/><circle cx="148" cy="116" r="15"/><path d="M123 114h10M93 112l-14-4M163 112l14-4"/></g>` : '',
    '</svg>',
  ];
  return parts.filter(Boolean).join('');
}

/** An initials avatar for attendees without a portrait style of their own. */
export function initialsSvg(initials, bg, fg) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><rect width="256" height="256" fill="${bg}"/>`
    + `<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="104" font-weight="700" fill="${fg}">${initials}</text></svg>`;
}
