import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** Folders under DATA_DIR served by /api/asset/; each holds one folder per event id. */
export const ASSET_ROOTS = ['uploads', 'recordings'] as const;
export type AssetRoot = (typeof ASSET_ROOTS)[number];

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', mp4: 'video/mp4', m4s: 'video/iso.segment',
  aac: 'audio/aac', vtt: 'text/vtt; charset=utf-8',
  // Documents the console uploads (console/document-files.ts).
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

// One plain name per segment: no dots in front (so no "..", no hidden files), no separators.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export interface ResolvedAsset {
  root: AssetRoot;
  file: string;
  contentType: string;
}

/**
 * The file an /api/asset/ path names, or undefined. Only files of the given event, only the
 * known roots and types; the resolved path is checked to stay inside its root as well.
 */
export function resolveAsset(dataDir: string, path: string, eventId: number): ResolvedAsset | undefined {
  const segments = path.split('/');
  const [root, event, ...rest] = segments;
  if (!ASSET_ROOTS.includes(root as AssetRoot) || event !== String(eventId) || rest.length === 0) return undefined;
  if (!segments.every((segment) => SEGMENT.test(segment))) return undefined;
  const extension = rest.at(-1)!.split('.').pop()!.toLowerCase();
  const contentType = CONTENT_TYPES[extension];
  if (!contentType || !rest.at(-1)!.includes('.')) return undefined;
  const base = resolve(dataDir, root!, event);
  const file = resolve(base, ...rest);
  if (!file.startsWith(base + sep)) return undefined;
  return { root: root as AssetRoot, file, contentType };
}

/**
 * Stores an upload under DATA_DIR/uploads/<eventId>/ with a random name; returns its /api/asset/ URL.
 * A write that fails (the disk full) leaves no partial file behind.
 */
export async function storeUpload(dataDir: string, eventId: number, extension: string, bytes: Buffer): Promise<string> {
  const folder = join(dataDir, 'uploads', String(eventId));
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  const file = join(folder, name);
  try {
    await writeFile(file, bytes, { flag: 'wx' });
  } catch (error) {
    // 'wx': the name was fresh, so whatever is there is this write's own partial file.
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return `/api/asset/uploads/${eventId}/${name}`;
}

/**
 * Runs `work` (the database write that records stored uploads); when it fails, the uploads it
 * would have recorded are removed, so a failed call leaves no orphan file.
 */
export async function discardUploadsOnFailure<T>(dataDir: string, eventId: number, urls: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.all(urls.map((url) => removeUpload(dataDir, eventId, url)));
    throw error;
  }
}

/** Removes an earlier upload of this event named by its URL; other URLs are left alone. */
export async function removeUpload(dataDir: string, eventId: number, url: string | null): Promise<void> {
  const prefix = '/api/asset/';
  if (!url?.startsWith(prefix)) return;
  const asset = resolveAsset(dataDir, url.slice(prefix.length), eventId);
  if (asset?.root === 'uploads') await unlink(asset.file).catch(() => undefined);
}
