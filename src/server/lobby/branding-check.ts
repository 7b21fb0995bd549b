import type { EventInfo } from '~/contracts/event-info';
import { contrastIssues, readableTextColour } from '~/lib/contrast';
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
  const issues = contrastIssues({
    'darkText/oddSection': [b.darkTextColor, b.oddSectionColor],
    'darkText/evenSection': [b.darkTextColor, b.evenSectionColor],
    'darkText/navbar': [b.darkTextColor, b.navbarColor],
    'lobbyText/background': [b.lobbyTextColor, b.liveBackgroundColor],
    'primaryButtonText/primaryButton': [b.primaryButtonTextColor, b.primaryButtonColor],
    'secondaryButtonText/secondaryButton': [b.secondaryButtonTextColor, b.secondaryButtonColor],
    'loginText/loginBackground': [b.loginTextColor, b.loginBackgroundColor],
  });
  const key = `${event.eventId}:${event.version}`;
  if (issues.length > 0 && !warned.has(key)) {
    warned.set(key, true);
    log.warn('branding colours under WCAG 4.5:1 contrast', { eventId: event.eventId, issues });
  }
  const overrides: string[] = [];
  if (b.primaryButtonColor && b.primaryButtonTextColor) {
    const text = readableTextColour(b.primaryButtonTextColor, b.primaryButtonColor);
    if (text !== b.primaryButtonTextColor) overrides.push(`--brand-primary-text:${text}`);
  }
  if (b.secondaryButtonColor && b.secondaryButtonTextColor) {
    const text = readableTextColour(b.secondaryButtonTextColor, b.secondaryButtonColor);
    if (text !== b.secondaryButtonTextColor) overrides.push(`--brand-secondary-text:${text}`);
  }
  return overrides.length > 0 ? `:root:root:root{${overrides.join(';')}}` : '';
}
