import { NOW_RELATIVE_TIME, RELATIVE_TIME } from '~/contracts/event-file';
import { wallClockAt, wallTimeToUtc } from '~/lib/zoned-time';

/*
 * Event-file times (see the contract): ISO with a zone, "+1d 09:30" (wall time in the event's
 * zone on a day counted from the import day) or "now-30m" (from the import moment, rounded
 * down to the quarter hour). Everything resolves to UTC ISO strings; `now` is always passed in.
 */

const QUARTER_HOUR = 15 * 60_000;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

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
