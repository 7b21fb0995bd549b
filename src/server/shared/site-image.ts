import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { resolveAsset } from '~/server/shared/asset-store';
import { boundedCache } from '~/server/shared/bounded-cache';

/** Where a picture named by a site URL can live on this server. */
export interface SiteImageDirs {
  dataDir: string;
  /** Folders that serve the site's own files, in order (the built client, then public/). */
  staticDirs: string[];
}

export interface ImageSize {
  width: number;
  height: number;
}

// A site path of plain segments: no "..", no query; anything else is not read from disk.
const SITE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const ASSET_PREFIX = '/api/asset/';

async function readStatic(dirs: string[], path: string): Promise<Buffer | undefined> {
  for (const dir of dirs) {
    const base = resolve(dir);
    const file = resolve(base, `.${path}`);
    if (!file.startsWith(base + sep)) continue;
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) return bytes;
  }
  return undefined;
}

/**
 * The bytes of a picture the event names by URL, when it lives on this server: an upload of this
 * event, or one of the site's own files. Pictures on other hosts are not fetched: the server
 * would become a proxy for any URL.
 */
export async function readSiteImage(dirs: SiteImageDirs, eventId: number, url: string): Promise<Buffer | undefined> {
  if (url.startsWith(ASSET_PREFIX)) {
    const asset = resolveAsset(dirs.dataDir, url.slice(ASSET_PREFIX.length), eventId);
    return asset?.root === 'uploads' ? readFile(asset.file).catch(() => undefined) : undefined;
  }
  return SITE_PATH.test(url) ? readStatic(dirs.staticDirs, url) : undefined;
}

/**
 * Picture sizes for width/height attributes, so the browser reserves the space before the picture
 * arrives (no layout shift). Read once per URL with sharp and kept: uploads never change under
 * their random names and the site's own files change only with a release.
 */
export function createImageSizes(dirs: SiteImageDirs, maxEntries = 256) {
  const sizes = boundedCache<string, Promise<ImageSize | undefined>>({ maxEntries });
  async function measure(eventId: number, url: string): Promise<ImageSize | undefined> {
    const bytes = await readSiteImage(dirs, eventId, url);
    if (!bytes) return undefined;
    const { default: sharp } = await import('sharp');
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata().catch(() => undefined);
    return meta?.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  }
  return {
    sizeOf(eventId: number, url: string): Promise<ImageSize | undefined> {
      const key = `${eventId}:${url}`;
      let size = sizes.get(key);
      if (!size) {
        size = measure(eventId, url);
        sizes.set(key, size);
      }
      return size;
    },
  };
}

export type ImageSizes = ReturnType<typeof createImageSizes>;
