import type { EventInfo } from '~/contracts/event-info';
import { holdingPictureOf } from '~/lib/holding-picture';
import { emitPageEvent } from '~/lib/page-events';
import { applyBreak, applyHoldingPicture, applyMainStream, fetchEventInfo } from './stream.store';

let known: Pick<EventInfo, 'streamUrl' | 'stageTitle' | 'liveFAQCategory' | 'version'> | undefined;

/** Remembers the event info the page was rendered with, to tell later what changed. */
export function rememberEventInfo(info: Pick<EventInfo, 'streamUrl' | 'stageTitle' | 'liveFAQCategory' | 'version'>): void {
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
  if (info.streamUrl !== known?.streamUrl || info.stageTitle !== known?.stageTitle) applyMainStream(info.streamUrl, info.stageTitle);
  applyHoldingPicture(holdingPictureOf(info));
  applyBreak(info.holdingShown);
  if (known && info.liveFAQCategory !== known.liveFAQCategory) emitPageEvent('info-pages-changed', null);
  known = { streamUrl: info.streamUrl, stageTitle: info.stageTitle, liveFAQCategory: info.liveFAQCategory, version: info.version };
}
