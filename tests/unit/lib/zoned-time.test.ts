import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { describe, expect, it } from 'vitest';
import { dayKey, shortDate, timeOfDay } from '~/lib/dates';
import { zonedParts } from '~/lib/zoned-time';

dayjs.extend(utc);
dayjs.extend(timezone);

// The reference: what dayjs's tz plugin makes of the same instants.
const reference = (iso: string, zone: string) => {
  const at = dayjs(iso).tz(zone);
  return { day: at.format('YYYY-MM-DD'), time: at.format('HH:mm'), short: at.format('DD.MM.YYYY') };
};

const ZONES = ['Europe/Oslo', 'Europe/London', 'America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];

// DST edges of 2026 in Europe (29 March 01:00 UTC, 25 October 01:00 UTC) and North America
// (8 March, 1 November), midnight and year boundaries.
const INSTANTS = [
  '2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z', '2026-03-29T02:00:00Z',
  '2026-10-25T00:30:00Z', '2026-10-25T00:59:00Z', '2026-10-25T01:00:00Z', '2026-10-25T01:30:00Z', '2026-10-25T02:00:00Z',
  '2026-03-08T06:59:00Z', '2026-03-08T07:00:00Z', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z',
  '2026-06-14T22:00:00Z', '2026-06-14T21:59:59Z', '2026-12-31T23:30:00Z', '2027-01-01T00:00:00Z', '2026-05-01T23:30:00.000Z',
];

describe('zoned time through cached Intl formatters', () => {
  for (const zone of ZONES) {
    it(`matches dayjs tz at DST edges and midnights in ${zone}`, () => {
      for (const iso of INSTANTS) {
        const expected = reference(iso, zone);
        expect({ day: dayKey(iso, zone), time: timeOfDay(iso, zone), short: shortDate(iso, zone) }, `${iso} in ${zone}`).toEqual(expected);
      }
    });
  }

  it('matches dayjs tz every 211 minutes through a year in Oslo', { timeout: 30_000 }, () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 211 * 60_000) {
      const iso = new Date(t).toISOString();
      expect(`${dayKey(iso, 'Europe/Oslo')} ${timeOfDay(iso, 'Europe/Oslo')}`).toBe(dayjs(iso).tz('Europe/Oslo').format('YYYY-MM-DD HH:mm'));
    }
  });

  it('puts a session at 23:30 UTC on the next day in Oslo, and shows midnight as 00, not 24', () => {
    expect(dayKey('2026-05-01T23:30:00Z', 'Europe/Oslo')).toBe('2026-05-02');
    expect(timeOfDay('2026-05-01T22:00:00Z', 'Europe/Oslo')).toBe('00:00');
    expect(zonedParts('2026-05-01T22:00:00Z', 'Europe/Oslo')).toEqual({ year: '2026', month: '05', day: '02', hour: '00', minute: '00', second: '00' });
  });

  it('refuses an unknown zone as dayjs did (RangeError), rather than guessing', () => {
    expect(() => zonedParts('2026-05-01T22:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});
