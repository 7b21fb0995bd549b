import type { EventInfo } from '~/contracts/event-info';
import { readSiteImage, type SiteImageDirs } from '~/server/shared/site-image';

/** The bytes of the event's favicon, else its logo, when either lives on this server. */
export async function readIconSource(event: EventInfo, dirs: SiteImageDirs): Promise<Buffer | undefined> {
  for (const url of [event.faviconUrl, event.logoUrl]) {
    const bytes = url ? await readSiteImage(dirs, event.eventId, url) : undefined;
    if (bytes) return bytes;
  }
  return undefined;
}
