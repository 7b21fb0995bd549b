import type { EventInfo } from '~/contracts/event-info';

/**
 * The picture the stream area shows until the first frame plays (docs/decisions.md "Organiser
 * console"): the holding picture the organiser set, else the live background image, else none.
 */
export function holdingPictureOf(event: Pick<EventInfo, 'holdingImageUrl' | 'branding'>): string | null {
  return event.holdingImageUrl ?? (event.branding.liveBackgroundImage?.trim() || null);
}
