import * as v from 'valibot';
import { PlatformSchema, TIMELINE_MESSAGE_MAX } from './timeline';

/** docs/decisions.md: uploaded images up to 10 MB. A composed 2048 px JPEG is well under 1 MB. */
export const SELFIE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored selfie; a bigger one is scaled down on the server. */
export const SELFIE_MAX_SIDE = 2048;

/** docs/product.md §7 GET getAllSelfieOverlays: one overlay, a transparent PNG of this site, in the event file's order. */
export interface SelfieOverlay {
  OverlayID: number;
  Name: string;
  ImageUrl: string;
}

/** docs/product.md §7 POST uploadSelfieImage's answer: the stored picture and, when posted, its timeline post. */
export interface SavedSelfie {
  SelfieID: number;
  ImageUrl: string;
  /** ISO 8601, UTC. */
  CreatedOn: string;
  /** The timeline post the selfie became, or null when it was only saved. */
  TimelineID: number | null;
}

const flag = v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 0, 1, true or false'), '0');

/**
 * The text fields beside the multipart `image` (docs/product.md §7): `overlayId` (the overlay used, optional),
 * `postToTimeline` with its `message` and the `platform` that decides the posting flag.
 */
export const SelfieUploadSchema = v.object({
  overlayId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be an overlay id'), v.transform(Number))),
  postToTimeline: v.pipe(flag, v.transform((value) => value === '1' || value === 'true')),
  message: v.optional(v.pipe(v.string('must be text'), v.maxLength(TIMELINE_MESSAGE_MAX, `must be at most ${TIMELINE_MESSAGE_MAX} characters`)), ''),
  platform: PlatformSchema,
});
