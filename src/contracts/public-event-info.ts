import type { Branding, Captions, Locale } from './event-settings';

/** GET publicEventInfo/{eventId}: the event as a visitor (not logged in) may see it. */
export interface PublicEventInfo {
  eventId: number;
  eventSlug: string;
  eventName: string;
  /** docs/product.md §4: '1' English, '2' Norwegian. */
  languageId: string;
  language: Locale;
  timeZone: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  /** Sanitised HTML. */
  loginCaption: string | null;
  captions: Partial<Captions>;
  branding: Branding;
  startDate: string;
  endDate: string;
  registrationOpen: '1' | '0';
  active: '1' | '0';
}
