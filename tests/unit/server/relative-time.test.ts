import { describe, expect, it } from 'vitest';
import { resolveTime } from '~/server/event-import/relative-time';
import { zoneOffsetAt } from '~/lib/zoned-time';

const OSLO = 'Europe/Oslo';

describe('event-file times', () => {
  it('keeps an ISO time with a zone, converted to UTC', () => {
    expect(resolveTime('2026-05-20T09:00:00+02:00', new Date(), OSLO)).toBe('2026-05-20T07:00:00.000Z');
    expect(resolveTime('2026-05-20T09:00Z', new Date(), OSLO)).toBe('2026-05-20T09:00:00.000Z');
  });

  it('places "+1d 09:30" on the next calendar day in the event zone', () => {
    const now = new Date('2026-06-10T23:30:00Z'); // already 11 June in Oslo (01:30 CEST)
    expect(resolveTime('+0d 09:30', now, OSLO)).toBe('2026-06-11T07:30:00.000Z');
    expect(resolveTime('+1d 09:30', now, OSLO)).toBe('2026-06-12T07:30:00.000Z');
  });

  it('uses winter time before and summer time after the spring DST change in Oslo', () => {
    const now = new Date('2026-03-28T12:00:00Z'); // Saturday; clocks go forward Sunday 29 March 02:00
    expect(resolveTime('+0d 09:00', now, OSLO)).toBe('2026-03-28T08:00:00.000Z');
    expect(resolveTime('+1d 01:30', now, OSLO)).toBe('2026-03-29T00:30:00.000Z');
    expect(resolveTime('+1d 09:00', now, OSLO)).toBe('2026-03-29T07:00:00.000Z');
  });

  it('resolves a wall time skipped by spring-forward to a real instant after the gap', () => {
    const now = new Date('2026-03-28T12:00:00Z');
    expect(resolveTime('+1d 02:30', now, OSLO)).toBe('2026-03-29T01:30:00.000Z'); // 03:30 CEST
  });

  it('uses winter time again after the autumn DST change', () => {
    const now = new Date('2026-10-24T12:00:00Z'); // clocks go back Sunday 25 October 03:00
    expect(resolveTime('+0d 09:00', now, OSLO)).toBe('2026-10-24T07:00:00.000Z');
    expect(resolveTime('+1d 09:00', now, OSLO)).toBe('2026-10-25T08:00:00.000Z');
  });

  it('knows the zone offset on both sides of a change', () => {
    expect(zoneOffsetAt(Date.parse('2026-03-29T00:59:00Z'), OSLO)).toBe(3_600_000);
    expect(zoneOffsetAt(Date.parse('2026-03-29T01:00:00Z'), OSLO)).toBe(7_200_000);
  });

  it('rounds "now" forms down to the quarter hour after applying the offset', () => {
    const now = new Date('2026-05-20T10:07:42.123Z');
    expect(resolveTime('now', now, OSLO)).toBe('2026-05-20T10:00:00.000Z');
    expect(resolveTime('now-30m', now, OSLO)).toBe('2026-05-20T09:30:00.000Z');
    expect(resolveTime('now-10m', now, OSLO)).toBe('2026-05-20T09:45:00.000Z');
    expect(resolveTime('now+2h', now, OSLO)).toBe('2026-05-20T12:00:00.000Z');
    expect(resolveTime('now+1d', now, OSLO)).toBe('2026-05-21T10:00:00.000Z');
  });

  it('works in UTC and in zones west of Greenwich', () => {
    const now = new Date('2026-01-15T03:00:00Z'); // still 14 January in New York
    expect(resolveTime('+0d 18:00', now, 'America/New_York')).toBe('2026-01-14T23:00:00.000Z');
    expect(resolveTime('+1d 00:00', now, 'UTC')).toBe('2026-01-16T00:00:00.000Z');
  });
});
