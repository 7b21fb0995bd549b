import type { EventInfo } from '~/contracts/event-info';
import { applyMainStreamUrl } from './stream.store';

let known: Pick<EventInfo, 'streamUrl' | 'liveFAQCategory' | 'version'> | undefined;

/** Remembers the event info the page was rendered with, to tell later what changed. */
export function rememberEventInfo(info: Pick<EventInfo, 'streamUrl' | 'liveFAQCategory' | 'version'>): void {
  known ??= info;
}

/**
 * SPEC §4 `event-change`: fetch the event info again; a changed stream URL reloads the main
 * stream, a changed info-page category tells the info tab (its own island) to reload.
 */
export async function refreshEventInfo(): Promise<void> {
  const response = await fetch('/api/liveEvent/getEventInfo', { credentials: 'same-origin' }).catch(() => undefined);
  if (!response?.ok) return;
  const info = (await response.json()) as EventInfo;
  if (info.streamUrl !== known?.streamUrl) applyMainStreamUrl(info.streamUrl);
  if (known && info.liveFAQCategory !== known.liveFAQCategory) window.dispatchEvent(new CustomEvent('ep:info-pages-changed'));
  known = { streamUrl: info.streamUrl, liveFAQCategory: info.liveFAQCategory, version: info.version };
}
