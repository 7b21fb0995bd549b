import { removeUpload, storeUpload } from '~/server/shared/asset-store';
import { DomainError } from '~/server/errors';
import type { UserService } from '~/server/users/user.service';
import type { ProfileRepository } from './profile.repository';

/** SPEC §9 avatar formats; the name or declared type is never trusted, only the bytes. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_SIZE = 512;

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

const invalidImage = () => new DomainError('avatar.invalid', 'Upload a png, jpg, webp or gif image', { field: 'image' });

/**
 * Decodes and re-encodes the image (sharp): at most 512 px a side, orientation applied, and
 * every metadata chunk (EXIF with its GPS position, XMP, ICC, comments) left behind.
 */
export async function reencode(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  // sharp loads a native library (~80 ms): only the first upload pays for it, not every start.
  const { default: sharp } = await import('sharp');
  try {
    const animated = format === 'gif' || format === 'webp';
    // limitInputPixels stops decompression bombs before they allocate.
    let image = sharp(bytes, { animated, limitInputPixels: 40_000_000, failOn: 'error' });
    if (format === 'jpeg') image = image.rotate();
    image = image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true });
    if (format === 'png') return await image.png().toBuffer();
    if (format === 'jpeg') return await image.jpeg({ quality: 85 }).toBuffer();
    if (format === 'gif') return await image.gif().toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch {
    throw invalidImage();
  }
}

export function createAvatarService({ users, profiles, dataDir }: { users: Pick<UserService, 'findById'>; profiles: ProfileRepository; dataDir: string }) {
  return {
    async upload(eventId: number, userId: number, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw new DomainError('request.invalid', 'image is required', { field: 'image' });
      if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError('avatar.too_large', 'The image is larger than 10 MB', { field: 'image' });
      const format = sniffImage(bytes);
      if (!format) throw invalidImage();
      const clean = await reencode(bytes, format);
      const url = await storeUpload(dataDir, eventId, format === 'jpeg' ? 'jpg' : format, clean);
      const previous = (await users.findById(eventId, userId))?.picture ?? null;
      await profiles.setPicture(eventId, userId, url);
      await removeUpload(dataDir, eventId, previous);
      return url;
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
