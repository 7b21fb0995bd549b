import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import 'dayjs/locale/nb.js';
import type { Locale } from '~/contracts/event-settings';
import { zonedParts } from './zoned-time';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Dates as the event shows them: stored times are UTC, shown in the event's IANA zone
 * (PRODUCT-DECISIONS), formatted per SPEC §9.
 */

const DAY_HEADING: Record<Locale, string> = { en: 'dddd DD MMMM', nb: 'dddd DD. MMMM' };

/** The calendar day (YYYY-MM-DD) an instant falls on in the event's zone. */
export function dayKey(iso: string, zone: string): string {
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

/** A day heading for a day key: 'dddd DD MMMM' (en), 'dddd DD. MMMM' (nb). */
export function dayHeading(day: string, locale: Locale): string {
  // A day key names a calendar date, so it is formatted as such with no zone shift.
  return dayjs.utc(day).locale(locale).format(DAY_HEADING[locale]);
}

/** A short date (DD.MM.YYYY) of an instant in the event's zone. */
export function shortDate(iso: string, zone: string): string {
  const { year, month, day } = zonedParts(iso, zone);
  return `${day}.${month}.${year}`;
}

/** True when the string is a real calendar day in YYYY-MM-DD form. */
export function isDayKey(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}
