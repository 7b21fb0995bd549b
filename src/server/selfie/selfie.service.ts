import type { Features, Platform } from '~/contracts/event-settings';
import { SELFIE_MAX_BYTES, SELFIE_MAX_SIDE, type SavedSelfie, type SelfieOverlay } from '~/contracts/selfie';
import { DomainError } from '~/server/errors';
import { discardUploadsOnFailure, storeUpload } from '~/server/shared/asset-store';
import { extensionOf, reencodeImage, sniffImage, type ImageFormat } from '~/server/shared/image';
import type { Limiter } from '~/server/shared/limiter';
import type { TimelineService } from '~/server/timeline/timeline.service';
import type { SelfieRepository } from './selfie.repository';

interface SelfieEvent {
  eventId: number;
  features: Features;
}

export interface NewSelfie {
  /** The bytes of the multipart `image`, or undefined when none came. */
  image: Buffer | undefined;
  overlayId?: number | undefined;
  postToTimeline: boolean;
  message: string;
  platform: Platform;
}

interface Dependencies {
  repository: SelfieRepository;
  /** Posting goes through the timeline's own post-with-picture path (flags, limits, realtime). */
  timeline: Pick<TimelineService, 'addPost'>;
  /** Uploads per attendee; every attempt counts. */
  limiter: Limiter;
  dataDir: string;
  clock: () => Date;
}

/** What a canvas gives (toBlob png / jpeg / webp); gif is not a photo. */
const FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];
/** The smallest and largest sides accepted before scaling (a 48 MP phone photo is ~8000 px). */
const MIN_SIDE = 16;
const MAX_INPUT_SIDE = 8192;

const invalid = (message: string) => new DomainError('selfie.invalid', message, { field: 'image' });

async function dimensions(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata().catch(() => undefined);
  return meta?.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
}

/**
 * The selfie tab (docs/product.md §2 stageTabSelfie, §7): the event's overlays, and saving a
 * composed selfie, checked by its bytes and encoded anew (no metadata), optionally posted to the
 * timeline. docs/selfie.md.
 */
export function createSelfieService({ repository, timeline, limiter, dataDir, clock }: Dependencies) {
  function allow(event: SelfieEvent): void {
    if (!event.features.stageTabSelfie) throw new DomainError('selfie.forbidden', 'The selfie tab is off for this event');
  }

  async function limit(event: SelfieEvent, userId: number): Promise<void> {
    const key = `${event.eventId}:${userId}`;
    const retryAfter = await limiter.retryAfter(key);
    if (retryAfter > 0) throw new DomainError('selfie.rate_limited', 'Too many selfies at once; try again shortly', { retryAfter });
    await limiter.fail(key);
  }

  /** Checks the picture by content and size, then encodes it again (sharp): no EXIF, no GPS, at most 2048 px a side. */
  async function clean(image: Buffer | undefined, owner: string): Promise<{ bytes: Buffer; format: ImageFormat }> {
    if (!image || image.length === 0) throw new DomainError('request.invalid', 'image is required', { field: 'image' });
    if (image.length > SELFIE_MAX_BYTES) throw new DomainError('selfie.too_large', 'The image is larger than 10 MB', { field: 'image', maxBytes: SELFIE_MAX_BYTES });
    const format = sniffImage(image);
    if (!format || !FORMATS.includes(format)) throw invalid('Upload a png, jpeg or webp image');
    const size = await dimensions(image);
    if (!size) throw invalid('The image could not be read');
    if (Math.min(size.width, size.height) < MIN_SIDE || Math.max(size.width, size.height) > MAX_INPUT_SIDE) {
      throw invalid(`The image must be ${MIN_SIDE}–${MAX_INPUT_SIDE} px a side`);
    }
    const encoded = await reencodeImage(image, format, { maxSide: SELFIE_MAX_SIDE, maxPixels: MAX_INPUT_SIDE * MAX_INPUT_SIDE, owner });
    if ('problem' in encoded) throw invalid('The image could not be read');
    return { bytes: encoded.bytes, format };
  }

  return {
    /** GET getAllSelfieOverlays: the event's overlays in the file's order. */
    async overlays(event: SelfieEvent): Promise<SelfieOverlay[]> {
      allow(event);
      return (await repository.overlays(event.eventId)).map((o) => ({ OverlayID: o.id, Name: o.name, ImageUrl: o.imageUrl }));
    },

    /**
     * POST uploadSelfieImage: stores the picture; with `postToTimeline` it first becomes a timeline
     * post (addPost checks the platform's posting flag and the timeline's own limit), so a refused
     * post stores nothing.
     */
    async upload(event: SelfieEvent, userId: number, input: NewSelfie): Promise<SavedSelfie> {
      allow(event);
      await limit(event, userId);
      const picture = await clean(input.image, `${event.eventId}:${userId}`);
      if (input.overlayId !== undefined && !(await repository.hasOverlay(event.eventId, input.overlayId))) {
        throw new DomainError('selfie.not_found', 'No such overlay', { field: 'overlayId' });
      }
      const timelineId = input.postToTimeline
        ? (await timeline.addPost(event, userId, { message: input.message, platform: input.platform, files: [picture.bytes] })).TimelineID
        : null;
      const imageUrl = await storeUpload(dataDir, event.eventId, extensionOf(picture.format), picture.bytes);
      const createdAt = clock().toISOString();
      const id = await discardUploadsOnFailure(dataDir, event.eventId, [imageUrl], () => repository.insert({
        eventId: event.eventId, userId, imageUrl, overlayId: input.overlayId ?? null, timelineId, createdAt,
      }));
      return { SelfieID: id, ImageUrl: imageUrl, CreatedOn: createdAt, TimelineID: timelineId };
    },
  };
}

export type SelfieService = ReturnType<typeof createSelfieService>;
