import type { EventInfo } from '~/contracts/event-info';
import type { PublicEventInfo } from '~/contracts/public-event-info';

/**
 * The visitor's view of an event. Leaves out features, lobby elements, stream and
 * gamification URLs (they belong to logged-in attendees) and every secret (terms, passwords).
 */
export function toPublicEventInfo(event: EventInfo): PublicEventInfo {
  return {
    eventId: event.eventId,
    eventSlug: event.eventSlug,
    eventName: event.eventName,
    languageId: event.languageId,
    language: event.locale,
    timeZone: event.timeZone,
    logoUrl: event.logoUrl,
    faviconUrl: event.faviconUrl,
    // Sanitised when written (imports, migration 0060).
    loginCaption: event.loginCaption,
    captions: event.captions,
    branding: event.branding,
    startDate: event.startDate,
    endDate: event.endDate,
    // docs/product.md §3 writes these two flags as '1'/'0' text.
    registrationOpen: event.isRegistrationOpen ? '1' : '0',
    active: event.isActive ? '1' : '0',
  };
}
