import type { EventInfo } from '~/contracts/event-info';
import { holdingPictureOf } from '~/lib/holding-picture';
import { emitPageEvent } from '~/lib/page-events';
import { applyHoldingPicture, applyMainStreamUrl, fetchEventInfo } from './stream.store';

let known: Pick<EventInfo, 'streamUrl' | 'liveFAQCategory' | 'version'> | undefined;

/** Remembers the event info the page was rendered with, to tell later what changed. */
export function rememberEventInfo(info: Pick<EventInfo, 'streamUrl' | 'liveFAQCategory' | 'version'>): void {
  known ??= info;
}

/**
 * docs/product.md §4 `event-change`: fetch the event info again; a changed stream URL reloads the main
 * stream, a changed holding picture replaces the one shown before the first frame, a changed
 * info-page category tells the info tab (its own island) to reload.
 */
export async function refreshEventInfo(): Promise<void> {
  const info = await fetchEventInfo().catch(() => null);
  if (!info) return;
  if (info.streamUrl !== known?.streamUrl) applyMainStreamUrl(info.streamUrl);
  applyHoldingPicture(holdingPictureOf(info));
  if (known && info.liveFAQCategory !== known.liveFAQCategory) emitPageEvent('info-pages-changed', null);
  known = { streamUrl: info.streamUrl, liveFAQCategory: info.liveFAQCategory, version: info.version };
}
