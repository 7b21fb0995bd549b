import { DomainError } from '~/server/errors';
import { storeUpload } from '~/server/shared/asset-store';
import { extensionOf, reencodeImage, sniffImage } from '~/server/shared/image';
import { invalid } from './console-input';
import type { Organiser } from './organiser-access';

/** The largest picture an organiser uploads for a speaker or a sponsor (images up to 10 MB, as every upload: docs/security.md "Upload budgets"). */
export const CONSOLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** A phone's photo with room to spare; the stored picture is far smaller (`maxSide`). */
const MAX_PIXELS = 40_000_000;

export const imageTooLarge = (): DomainError => new DomainError('console.too_large', 'image: the picture is larger than 10 MB', { field: 'image' });

/**
 * Stores a speaker's photo or a sponsor's logo under the upload rules (docs/security.md
 * "Uploads"): the format is read from the bytes, the picture decoded and encoded again at most
 * `maxSide` px a side, so no metadata survives. Answers its /api/asset/ address; refuses
 * anything else with a 400 naming `image`.
 */
export async function storeConsoleImage(dataDir: string, organiser: Organiser, bytes: Buffer, maxSide: number): Promise<string> {
  if (bytes.length === 0) throw invalid('image', 'choose a picture');
  if (bytes.length > CONSOLE_IMAGE_MAX_BYTES) throw imageTooLarge();
  const format = sniffImage(bytes);
  if (!format) throw invalid('image', 'must be a png, jpg, webp or gif picture');
  const clean = await reencodeImage(bytes, format, { maxSide, maxPixels: MAX_PIXELS, owner: `${organiser.eventId}:${organiser.userId}` });
  if ('problem' in clean) {
    throw clean.problem === 'too_many_pixels' ? invalid('image', 'has too many pixels: at most 40 megapixels') : invalid('image', 'must be a png, jpg, webp or gif picture');
  }
  return storeUpload(dataDir, organiser.eventId, extensionOf(format), clean.bytes);
}
