import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { EventInfo } from '~/contracts/event-info';
import { resolveAsset } from '~/server/shared/asset-store';

export interface IconSourceDirs {
  dataDir: string;
  /** Folders that serve the site's own files, in order (the built client, then public/). */
  staticDirs: string[];
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

async function readOne(event: EventInfo, url: string, dirs: IconSourceDirs): Promise<Buffer | undefined> {
  if (url.startsWith(ASSET_PREFIX)) {
    const asset = resolveAsset(dirs.dataDir, url.slice(ASSET_PREFIX.length), event.eventId);
    return asset?.root === 'uploads' ? readFile(asset.file).catch(() => undefined) : undefined;
  }
  // Pictures on other hosts are not fetched: the server would become a proxy for any URL.
  return SITE_PATH.test(url) ? readStatic(dirs.staticDirs, url) : undefined;
}

/** The bytes of the event's favicon, else its logo, when either lives on this server. */
export async function readIconSource(event: EventInfo, dirs: IconSourceDirs): Promise<Buffer | undefined> {
  for (const url of [event.faviconUrl, event.logoUrl]) {
    const bytes = url ? await readOne(event, url, dirs) : undefined;
    if (bytes) return bytes;
  }
  return undefined;
}
