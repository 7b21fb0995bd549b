import { TIMELINE_IMAGE_MAX_BYTES, TIMELINE_MAX_IMAGES } from '~/contracts/timeline';
import { DomainError } from '~/server/errors';
import { discardUploadsOnFailure, removeUpload, storeUpload } from '~/server/shared/asset-store';
import { extensionOf, reencodeImage, sniffImage } from '~/server/shared/image';

/** Longest side of a stored timeline image: sharp on a phone screen, far below a 48 MP original. */
const MAX_SIDE = 2048;
/** A post picture: a 48 MP phone original, with room to spare; more is refused before decoding (shared/image.ts). */
const MAX_PIXELS = 50_000_000;

export interface TimelineImages {
  /**
   * Checks every image before storing any (count, size, format by content, decodes), re-encodes
   * them without metadata, stores them under random names and runs `record` with their
   * /api/asset/ URLs; when storing or `record` fails, no stored file is left behind.
   */
  /** Stores `files` for `userId`'s post (their images decode one at a time), then records the post. */
  storeFor<T>(eventId: number, userId: number, files: Buffer[], record: (urls: string[]) => Promise<T>): Promise<T>;
  remove(eventId: number, urls: string[]): Promise<void>;
}

export function createTimelineImages(dataDir: string): TimelineImages {
  async function store(eventId: number, userId: number, files: Buffer[]): Promise<string[]> {
    if (files.length > TIMELINE_MAX_IMAGES) {
      throw new DomainError('timeline.too_many_images', `Cannot upload more than ${TIMELINE_MAX_IMAGES} images at once`, { field: 'files', max: TIMELINE_MAX_IMAGES });
    }
    const clean: { bytes: Buffer; extension: string }[] = [];
    for (const [index, bytes] of files.entries()) {
      const field = `files[${index}]`;
      if (bytes.length > TIMELINE_IMAGE_MAX_BYTES) throw new DomainError('timeline.too_large', 'An image is larger than 10 MB', { field, maxBytes: TIMELINE_IMAGE_MAX_BYTES });
      const format = sniffImage(bytes);
      const encoded = format && await reencodeImage(bytes, format, { maxSide: MAX_SIDE, maxPixels: MAX_PIXELS, owner: `${eventId}:${userId}` });
      if (encoded && 'problem' in encoded && encoded.problem === 'too_many_pixels') {
        throw new DomainError('timeline.too_large', 'An image has too many pixels: at most 50 megapixels', { field, maxPixels: MAX_PIXELS });
      }
      if (!format || !encoded || 'problem' in encoded) throw new DomainError('timeline.invalid_image', 'Upload png, jpeg, webp or gif images', { field });
      clean.push({ bytes: encoded.bytes, extension: extensionOf(format) });
    }
    const stored = await Promise.allSettled(clean.map((c) => storeUpload(dataDir, eventId, c.extension, c.bytes)));
    const urls = stored.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = stored.find((s) => s.status === 'rejected');
    if (!failed) return urls;
    // One image did not fit (the disk full): the post is refused whole, so its other images go too.
    await Promise.all(urls.map((url) => removeUpload(dataDir, eventId, url)));
    throw failed.reason;
  }

  return {
    async storeFor(eventId, userId, files, record) {
      const urls = await store(eventId, userId, files);
      return discardUploadsOnFailure(dataDir, eventId, urls, () => record(urls));
    },
    async remove(eventId, urls) {
      await Promise.all(urls.map((url) => removeUpload(dataDir, eventId, url)));
    },
  };
}
