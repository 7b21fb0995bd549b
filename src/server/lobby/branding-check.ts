import type { EventInfo } from '~/contracts/event-info';
import { brandingContrastIssues, readableButtonsCss } from '~/lib/branding';
import { log } from '~/server/log';
import { boundedCache } from '~/server/shared/bounded-cache';

/** Event versions already warned of; a version seen again after it left is warned of again (a log line, no harm). */
const warned = boundedCache<string, true>({ maxEntries: 256 });

/**
 * Checks the event's text/background pairs against WCAG 4.5:1, logging a warning once per event
 * version, and returns CSS that swaps an unreadable button text colour for black or white.
 */
export function brandingContrastCss(event: Pick<EventInfo, 'eventId' | 'version' | 'branding'>): string {
  const b = event.branding;
  const issues = brandingContrastIssues(b);
  const key = `${event.eventId}:${event.version}`;
  if (issues.length > 0 && !warned.has(key)) {
    warned.set(key, true);
    log.warn('branding colours under WCAG 4.5:1 contrast', { eventId: event.eventId, issues });
  }
  return readableButtonsCss(b);
}
