/** Home screens show about 12 characters under an icon before they cut the label. */
export const SHORT_NAME_MAX = 12;

const TRAILING_PUNCTUATION = /[\s,.:;·–—-]+$/u;

/**
 * The app's label under its home-screen icon, never cut inside a word: the whole name when it
 * fits; else the leading words that fit ("Northern Lights Summit" → "Northern"); else, for a
 * name whose first word is already too long, the initials of its words ("Supercalifragilistic
 * Days" → "SD"); else the event's slug when it fits; else the first word cut with an ellipsis.
 */
export function shortName(name: string, slug = ''): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= SHORT_NAME_MAX) return clean;
  const words = clean.split(' ');
  let leading = '';
  for (const word of words) {
    const next = leading ? `${leading} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    leading = next;
  }
  leading = leading.replace(TRAILING_PUNCTUATION, '');
  if (leading) return leading;
  const initials = words.map((word) => [...word][0] ?? '').join('').toUpperCase();
  if (words.length > 1 && initials.length <= SHORT_NAME_MAX) return initials;
  if (slug && slug.length <= SHORT_NAME_MAX) return slug;
  return `${[...clean].slice(0, SHORT_NAME_MAX - 1).join('')}…`;
}
