import type { Locale } from '~/contracts/event-settings';

/** HH:mm in the event's time zone (SPEC §9). */
export function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** SPEC §9 day headings: 'dddd DD MMMM' (en), 'dddd DD. MMMM' (nb), in the event's zone. */
export function dayLabel(iso: string, timeZone: string, locale: Locale): string {
  const parts = new Intl.DateTimeFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', { weekday: 'long', day: '2-digit', month: 'long', timeZone })
    .formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return locale === 'nb' ? `${part('weekday')} ${part('day')}. ${part('month')}` : `${part('weekday')} ${part('day')} ${part('month')}`;
}
