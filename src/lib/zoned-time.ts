/*
 * The one time-zone helper: the wall clock an instant shows in an IANA zone, and back, through
 * Intl with one DateTimeFormat per zone kept for the life of the process. Building a formatter is
 * the expensive part; formatting with a cached one is cheap and follows the zone's DST rules
 * from the runtime's ICU data. Text for people comes from dates.ts, which builds on this.
 */

export interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    // hourCycle h23: midnight is 00, never 24 (hour12: false gives "24" in some runtimes).
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Year, month, day, hour, minute and second (zero-padded) of an instant as a clock in `zone` shows it. */
export function zonedParts(instant: string | number | Date, zone: string): ZonedParts {
  const parts: ZonedParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type in parts) parts[part.type as keyof ZonedParts] = part.value;
  }
  return parts;
}

export interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The calendar date and clock time that an instant shows in `timeZone`, as numbers. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const p = zonedParts(instant, timeZone);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/** The zone's offset from UTC at an instant, in milliseconds (Oslo in summer: +2 h). */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` shows the given date and time. Two passes
 * settle the offset across a DST change; a time skipped by spring-forward lands an hour later.
 * Day and month may overflow (day 32 is the next month's first), as in Date.UTC.
 */
export function wallTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetAt(wall, timeZone);
  return wall - zoneOffsetAt(first, timeZone);
}

/** An instant as the wall time `YYYY-MM-DDTHH:mm` it shows in `timeZone` (what a datetime-local input holds). */
export function wallTextAt(instant: string | number | Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A wall time `YYYY-MM-DDTHH:mm` in `timeZone` as a UTC instant (ms), or undefined when it names
 * no calendar day (31 February) or is not in that form.
 */
export function wallTextToUtc(text: string, timeZone: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return undefined;
  return wallTimeToUtc(year, month, day, hour, minute, timeZone);
}
