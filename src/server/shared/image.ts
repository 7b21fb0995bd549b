/**
 * Uploaded images (docs/decisions.md "Content and media"): the format is read from the bytes,
 * never from a name or declared type, and every image is decoded and encoded again so no
 * metadata (EXIF with a phone's GPS position, XMP, ICC, comments) survives.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The image format by magic bytes, or undefined. */
export function sniffImage(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/** The file extension an upload of this format is stored under. */
export const extensionOf = (format: ImageFormat): string => (format === 'jpeg' ? 'jpg' : format);

/** What an upload may cost (docs/security.md "Upload budgets"): its use's pixels, and whose turn it is. */
export interface ImageBudget {
  /** Longest side of the stored picture. */
  maxSide: number;
  /** The most pixels (every frame of an animation counted) the use takes: an avatar far fewer than a post picture. */
  maxPixels: number;
  /** Whose upload it is (`eventId:userId`): one person's images are decoded one at a time. */
  owner: string;
}

export type ReencodedImage = { bytes: Buffer } | { problem: 'unreadable' | 'too_many_pixels' };

/**
 * Above a megapixel, a picture whose every byte stands for more pixels than this is refused
 * before it is decoded: a camera's or a screenshot's stays far below (a flat 12 MP photo still
 * needs some 100 kB), while a 1.4 kB WebP of 6000 × 6000 px (0.75 s of CPU to decode and encode
 * again, the third review) is 25,000 pixels a byte.
 */
const MAX_PIXELS_PER_BYTE = 1000;
const RATIO_FROM_PIXELS = 1_000_000;

/** Whether a picture of these pixels and bytes is within the budget: no more than `maxPixels`, and no absurd pixels per byte. */
export function isWithinPixelBudget(pixels: number, byteLength: number, maxPixels: number): boolean {
  if (!Number.isFinite(pixels) || pixels <= 0 || pixels > maxPixels) return false;
  return pixels <= RATIO_FROM_PIXELS || pixels / Math.max(1, byteLength) <= MAX_PIXELS_PER_BYTE;
}

/**
 * Runs each key's work in turn: `work` starts once the key's earlier work has settled (failed
 * or not); other keys' work runs beside it. Nothing is kept for a key with nothing to do.
 */
export function oneAtATimePerKey(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.then(() => undefined, () => undefined);
    tails.set(key, settled);
    void settled.then(() => { if (tails.get(key) === settled) tails.delete(key); });
    return run;
  };
}

/** Each owner's images in turn: one person's uploads never decode side by side on the node. */
const oneAtATime = oneAtATimePerKey();

/**
 * Decodes and re-encodes the image (sharp) in its own format, at most `maxSide` px a side,
 * orientation applied. Its header is read first: more pixels than the budget, or absurd pixels
 * per byte, are refused before anything is decoded. Answers the problem when it does not decode
 * as that format or is over the budget.
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat, budget: ImageBudget): Promise<ReencodedImage> {
  // sharp loads a native library (~80 ms): only the first upload pays for it, not every start.
  const { default: sharp } = await import('sharp');
  return oneAtATime(budget.owner, async (): Promise<ReencodedImage> => {
    try {
      const mayAnimate = format === 'gif' || format === 'webp';
      // With `animated`, height counts every frame.
      const { width, height, pages } = await sharp(bytes, { animated: mayAnimate, limitInputPixels: false, failOn: 'error' }).metadata();
      if (!isWithinPixelBudget((width ?? 0) * (height ?? 0), bytes.length, budget.maxPixels)) return { problem: 'too_many_pixels' };
      // A still picture decodes as one: libvips then shrinks a large WebP or JPEG while loading it.
      const animated = mayAnimate && (pages ?? 1) > 1;
      // limitInputPixels stops a header that lied before the decoder allocates.
      let image = sharp(bytes, { animated, limitInputPixels: budget.maxPixels, failOn: 'error' });
      if (format === 'jpeg') image = image.rotate();
      image = image.resize(budget.maxSide, budget.maxSide, { fit: 'inside', withoutEnlargement: true });
      if (format === 'png') return { bytes: await image.png().toBuffer() };
      if (format === 'jpeg') return { bytes: await image.jpeg({ quality: 85 }).toBuffer() };
      if (format === 'gif') return { bytes: await image.gif().toBuffer() };
      return { bytes: await image.webp({ quality: 85 }).toBuffer() };
    } catch {
      return { problem: 'unreadable' };
    }
  });
}
