import { useEffect, useState } from 'react';
import { formatDate } from '~/lib/dates';
import { unescapeHtml } from '~/lib/html-text';

/** docs/product.md §9: relative times refresh every 60 s. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['minute', 60], ['hour', 3600], ['day', 86_400], ['week', 604_800]];

/** "5 minutes ago" in the locale; under a minute is `justNow`; beyond four weeks the date in `timeZone` (the event's). */
export function relativeTime(iso: string, now: number, locale: string, justNow: string, timeZone: string): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 60) return justNow;
  if (seconds >= 4 * 604_800) return formatDate(iso, 'shortDate', timeZone, locale);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const [unit, size] = UNITS.findLast(([, s]) => seconds >= s)!;
  return format.format(-Math.floor(seconds / size), unit);
}

/** The current time, moved on every 60 s so relative times stay true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A stored Message (HTML-escaped at write, docs/timeline.md) as the text it was: React escapes it again when rendering. */
export const messageText = (message: string): string => unescapeHtml(message);
