import type { EventInfo } from '~/contracts/event-info';
import { luminance, parseColour } from '~/lib/contrast';
import type { SiteImageDirs } from '~/server/shared/site-image';
import { readIconSource } from './icon-source';
import { iconFileName, renderIcon, type IconVariant } from './icon-render';
import { boundedCache } from '~/server/shared/bounded-cache';

export interface RenderedIcon {
  png: Buffer;
  etag: string;
}

/**
 * The colours of a maskable icon's background and of the initials fallback, as #rrggbb: the
 * navbar's, else a dark grey, and a readable text colour on it. Rebuilt from the parsed channels,
 * so nothing the organiser typed reaches the SVG.
 */
export function iconColours(event: EventInfo): { background: string; foreground: string } {
  const rgb = parseColour(event.branding.navbarColor) ?? [0x2d, 0x31, 0x42];
  const background = `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  return { background, foreground: luminance(rgb) > 0.4 ? '#1a1a1a' : '#ffffff' };
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /^\p{L}|\p{N}/u.test(word));
  return words.slice(0, 2).map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/**
 * The manifest's icons, drawn once per event version and variant and kept in memory (a few
 * kilobytes each; the oldest go first past `maxEntries`). A changed favicon or logo comes with
 * a new event version, so the cache never answers an old picture.
 */
export function createPwaIconService(dirs: SiteImageDirs, maxEntries = 64) {
  const cache = boundedCache<string, Promise<RenderedIcon>>({ maxEntries });

  async function draw(event: EventInfo, variant: IconVariant, etag: string): Promise<RenderedIcon> {
    const source = await readIconSource(event, dirs);
    const png = await renderIcon(source, variant, { ...iconColours(event), initials: initialsOf(event.eventName) });
    return { png, etag };
  }

  return {
    icon(event: EventInfo, variant: IconVariant): Promise<RenderedIcon> {
      const key = `${event.eventId}-${event.version}-${iconFileName(variant)}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const drawing = draw(event, variant, `"icon-${key}"`);
      cache.set(key, drawing);
      drawing.catch(() => cache.delete(key));
      return drawing;
    },
    /** How many icons are held, for tests of the cache. */
    size: () => cache.size,
  };
}

export type PwaIconService = ReturnType<typeof createPwaIconService>;
