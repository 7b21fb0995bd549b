import { discardUploadsOnFailure, removeUpload, storeUpload } from '~/server/shared/asset-store';
import { extensionOf, reencodeImage, sniffImage } from '~/server/shared/image';
import { DomainError } from '~/server/errors';
import type { UserService } from '~/server/users/user.service';
import type { ProfileRepository } from './profile.repository';

/** docs/product.md §9 avatar formats (png, jpg, webp, gif); the name or declared type is never trusted, only the bytes. */
export { sniffImage, type ImageFormat } from '~/server/shared/image';
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_SIZE = 512;
/** An avatar is shown at most 512 px wide: 24 megapixels is a phone's photo with room to spare. */
const AVATAR_MAX_PIXELS = 24_000_000;

const invalidImage = () => new DomainError('avatar.invalid', 'Upload a png, jpg, webp or gif image', { field: 'image' });

interface Dependencies {
  users: Pick<UserService, 'findById'>;
  profiles: ProfileRepository;
  dataDir: string;
  /** Told after the picture changed (pages kept with it drop it). */
  profileChanged?: (eventId: number, userId: number) => Promise<void>;
}

export function createAvatarService({ users, profiles, dataDir, profileChanged }: Dependencies) {
  return {
    async upload(eventId: number, userId: number, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw new DomainError('request.invalid', 'image is required', { field: 'image' });
      if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError('avatar.too_large', 'The image is larger than 10 MB', { field: 'image' });
      const format = sniffImage(bytes);
      if (!format) throw invalidImage();
      // At most 512 px a side, and no metadata left (shared/image.ts).
      const clean = await reencodeImage(bytes, format, { maxSide: AVATAR_SIZE, maxPixels: AVATAR_MAX_PIXELS, owner: `${eventId}:${userId}` });
      if ('problem' in clean && clean.problem === 'too_many_pixels') {
        throw new DomainError('avatar.too_large', 'The image has too many pixels: at most 24 megapixels', { field: 'image', maxPixels: AVATAR_MAX_PIXELS });
      }
      if ('problem' in clean) throw invalidImage();
      const url = await storeUpload(dataDir, eventId, extensionOf(format), clean.bytes);
      const previous = await discardUploadsOnFailure(dataDir, eventId, [url], async () => {
        const picture = (await users.findById(eventId, userId))?.picture ?? null;
        await profiles.setPicture(eventId, userId, url);
        return picture;
      });
      await profileChanged?.(eventId, userId);
      await removeUpload(dataDir, eventId, previous);
      return url;
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
