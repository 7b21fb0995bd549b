import type { Locale } from '../contracts/event-settings';
import { zonedParts } from './zoned-time';

/*
 * The one formatter for every time and date an attendee sees (docs/decisions.md "Attendee
 * navigation"): stored times are UTC, shown in the event's IANA zone (an in-person attendee's
 * phone may be set elsewhere) in the page's language, always on a 24-hour clock with the day
 * before the month. Relative phrases ("5 minutes ago") add to these, never replace them.
 */

/** Day before month and a 24-hour clock in both languages; English is written as in Britain. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', nb: 'nb-NO' };

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** The shapes a screen may ask for; each names where it is used. */
const STYLES = {
  /** Programme day headings with the day as a number: 'Thursday 5 November', 'torsdag 5. november'. */
  dayHeading: { weekday: 'long', day: 'numeric', month: 'long' },
  /** A day chosen in a date input, shown under it in the page's language: 'Thursday, 26 November 2026', 'torsdag 26. november 2026'. */
  chosenDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** A day on its own (chat day headings): '26 November 2026', '26. november 2026'. */
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  /** A compact day (documents, old posts): '26 Nov 2026', '26. nov. 2026'. */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** A moment (voucher history, a post's full time): '26 Nov 2026, 17:25', '26. nov. 2026, 17:25'. */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK },
  /** A moment this year (chat messages of earlier days): '26 Nov, 17:25', '26. nov., 17:25'. */
  dayTime: { day: 'numeric', month: 'short', ...CLOCK },
  /** A clock time: '17:25'. */
  time: CLOCK,
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** Building an Intl formatter is the expensive part; each (style, zone, locale) is built once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

const intlLocale = (locale: string): string => INTL_LOCALE[locale as Locale] ?? INTL_LOCALE.en;

/** An instant as `style` shows it, in the event's `zone` and the page's `locale` (en or nb; others read as en). */
export function formatDate(instant: string | number | Date, style: DateStyle, zone: string, locale: string): string {
  const key = `${style}|${zone}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(locale), { ...STYLES[style], timeZone: zone });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(instant));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the event's zone. */
export function dayKey(iso: string | number | Date, zone: string): string {
  const { year, month, day } = zonedParts(iso, zone);
  return `${year}-${month}-${day}`;
}

/** Wall-clock time (HH:mm) of an instant in the event's zone. */
export function timeOfDay(iso: string, zone: string): string {
  const { hour, minute } = zonedParts(iso, zone);
  return `${hour}:${minute}`;
}

/** "HH:mm–HH:mm" in the event's zone. */
export function timeRange(startIso: string, endIso: string, zone: string): string {
  return `${timeOfDay(startIso, zone)}–${timeOfDay(endIso, zone)}`;
}

/** A day key (YYYY-MM-DD) as `style` shows it; an empty or malformed key shows as ''. */
export function formatDay(day: string, style: DateStyle, locale: string): string {
  // A day key names a calendar date, so it is read at noon UTC and shown in UTC: no zone moves it.
  return isDayKey(day) ? formatDate(`${day}T12:00:00Z`, style, 'UTC', locale) : '';
}

/** A day heading for a day key: 'dddd DD MMMM' (en), 'dddd DD. MMMM' (nb). */
export function dayHeading(day: string, locale: Locale): string {
  return formatDay(day, 'dayHeading', locale);
}

/** A short date (DD.MM.YYYY) of an instant in the event's zone. */
export function shortDate(iso: string, zone: string): string {
  const { year, month, day } = zonedParts(iso, zone);
  return `${day}.${month}.${year}`;
}

/** True when the string is a real calendar day in YYYY-MM-DD form. */
export function isDayKey(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value);
}
