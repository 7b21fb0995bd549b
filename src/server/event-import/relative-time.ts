import { NOW_RELATIVE_TIME, RELATIVE_TIME } from '~/contracts/event-file';

/*
 * Event-file times (see the contract): ISO with a zone, "+1d 09:30" (wall time in the event's
 * zone on a day counted from the import day) or "now-30m" (from the import moment, rounded
 * down to the quarter hour). Everything resolves to UTC ISO strings; `now` is always passed in.
 */

const QUARTER_HOUR = 15 * 60_000;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The calendar date and clock time that an instant shows in `timeZone`. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']!, minute: parts['minute']!, second: parts['second']! };
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
 */
export function wallTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetAt(wall, timeZone);
  const second = wall - zoneOffsetAt(first, timeZone);
  return second;
}

/** Resolves one event-file time to a UTC ISO string, relative to `now` in the event's zone. */
export function resolveTime(value: string, now: Date, timeZone: string): string {
  const relative = RELATIVE_TIME.exec(value);
  if (relative) {
    const today = wallClockAt(now.getTime(), timeZone);
    // Day arithmetic on the calendar date, so "+1d" is the next day even across a DST change.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + Number(relative[1])));
    const instant = wallTimeToUtc(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), Number(relative[2]), Number(relative[3]), timeZone);
    return new Date(instant).toISOString();
  }
  const fromNow = NOW_RELATIVE_TIME.exec(value);
  if (fromNow) {
    const [, sign, amount, unit] = fromNow;
    const delta = sign ? (sign === '-' ? -1 : 1) * Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS] : 0;
    const instant = now.getTime() + delta;
    return new Date(instant - (((instant % QUARTER_HOUR) + QUARTER_HOUR) % QUARTER_HOUR)).toISOString();
  }
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new RangeError(`not an event-file time: ${value}`);
  return new Date(parsed).toISOString();
}
