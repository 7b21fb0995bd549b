/**
 * Uploaded images (PRODUCT-DECISIONS "Content and media"): the format is read from the bytes,
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

/**
 * Decodes and re-encodes the image (sharp) in its own format, at most `maxSide` px a side,
 * orientation applied; answers undefined when the bytes do not decode as that format.
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat, maxSide: number): Promise<Buffer | undefined> {
  // sharp loads a native library (~80 ms): only the first upload pays for it, not every start.
  const { default: sharp } = await import('sharp');
  try {
    const animated = format === 'gif' || format === 'webp';
    // limitInputPixels stops decompression bombs before they allocate.
    let image = sharp(bytes, { animated, limitInputPixels: 40_000_000, failOn: 'error' });
    if (format === 'jpeg') image = image.rotate();
    image = image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    if (format === 'png') return await image.png().toBuffer();
    if (format === 'jpeg') return await image.jpeg({ quality: 85 }).toBuffer();
    if (format === 'gif') return await image.gif().toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch {
    return undefined;
  }
}
