import { describe, expect, it } from 'vitest';
import { dayHeading, dayKey, formatDate, formatDay, isDayKey, timeOfDay, timeRange } from '~/lib/dates';

describe('event dates', () => {
  it('formats a day heading in English as dddd DD MMMM', () => {
    expect(dayHeading('2025-05-12', 'en')).toBe('Monday 12 May');
  });

  it('formats a day heading in Norwegian as dddd DD. MMMM', () => {
    expect(dayHeading('2025-05-12', 'nb')).toBe('mandag 12. mai');
  });

  it('writes a day before the 10th as a plain number, without a leading zero', () => {
    expect(dayHeading('2026-11-05', 'nb')).toBe('torsdag 5. november');
    expect(dayHeading('2026-11-05', 'en')).toBe('Thursday 5 November');
  });

  it('writes out a chosen day in the page language whatever the zone, and nothing for no day', () => {
    expect(formatDay('2026-11-26', 'chosenDay', 'en')).toBe('Thursday, 26 November 2026');
    expect(formatDay('2026-11-26', 'chosenDay', 'nb')).toBe('torsdag 26. november 2026');
    expect(formatDay('', 'chosenDay', 'nb')).toBe('');
    expect(formatDay('2026-02-30', 'chosenDay', 'en')).toBe('');
  });

  it('shows wall-clock times in the event zone across the spring DST change in Oslo', () => {
    // 30 March 2025: clocks go from 02:00 CET to 03:00 CEST.
    expect(timeOfDay('2025-03-30T00:30:00Z', 'Europe/Oslo')).toBe('01:30');
    expect(timeOfDay('2025-03-30T01:30:00Z', 'Europe/Oslo')).toBe('03:30');
    expect(timeRange('2025-03-30T00:30:00Z', '2025-03-30T01:30:00Z', 'Europe/Oslo')).toBe('01:30–03:30');
  });

  it('shows wall-clock times in the event zone across the autumn DST change in Oslo', () => {
    expect(timeOfDay('2025-10-26T00:30:00Z', 'Europe/Oslo')).toBe('02:30');
    expect(timeOfDay('2025-10-26T01:30:00Z', 'Europe/Oslo')).toBe('02:30');
  });

  it('puts an instant on the day it falls on in the event zone', () => {
    expect(dayKey('2025-06-01T22:30:00Z', 'Europe/Oslo')).toBe('2025-06-02');
    expect(dayKey('2025-06-01T22:30:00Z', 'UTC')).toBe('2025-06-01');
    expect(dayKey('2025-06-02T03:00:00Z', 'America/New_York')).toBe('2025-06-01');
  });

  it('accepts only real calendar days as day keys', () => {
    expect(isDayKey('2025-02-28')).toBe(true);
    expect(isDayKey('2025-02-30')).toBe(false);
    expect(isDayKey('2025-2-3')).toBe(false);
  });
});

describe('the one formatter of visible times and dates', () => {
  // 16:25:18 UTC: 17:25 in Oslo (CET), 11:25 in New York (EST), 21:55 in Kolkata.
  const at = '2026-11-26T16:25:18Z';

  it('shows a moment in the event\'s zone, not the reader\'s', () => {
    expect(formatDate(at, 'time', 'Europe/Oslo', 'en')).toBe('17:25');
    expect(formatDate(at, 'time', 'America/New_York', 'en')).toBe('11:25');
    expect(formatDate(at, 'time', 'Asia/Kolkata', 'nb')).toBe('21:55');
    // Late in the evening in UTC is already the next day in Kolkata.
    expect(formatDate('2026-11-26T20:00:00Z', 'date', 'Asia/Kolkata', 'en')).toBe('27 November 2026');
  });

  it('writes English with the day first and a 24-hour clock, never AM/PM', () => {
    expect(formatDate(at, 'dateTime', 'Europe/Oslo', 'en')).toBe('26 Nov 2026, 17:25');
    expect(formatDate(at, 'date', 'Europe/Oslo', 'en')).toBe('26 November 2026');
    expect(formatDate(at, 'shortDate', 'Europe/Oslo', 'en')).toBe('26 Nov 2026');
    expect(formatDate(at, 'dayTime', 'Europe/Oslo', 'en')).toBe('26 Nov, 17:25');
    expect(formatDate('2026-11-26T23:05:00Z', 'time', 'UTC', 'en')).toBe('23:05');
  });

  it('writes Norwegian as Norwegians do, on a 24-hour clock', () => {
    expect(formatDate(at, 'dateTime', 'Europe/Oslo', 'nb')).toBe('26. nov. 2026, 17:25');
    expect(formatDate(at, 'date', 'Europe/Oslo', 'nb')).toBe('26. november 2026');
    expect(formatDate(at, 'dayTime', 'Europe/Oslo', 'nb')).toBe('26. nov., 17:25');
    expect(formatDate('2026-11-26T23:05:00Z', 'time', 'Europe/Oslo', 'nb')).toBe('00:05');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDate('2026-06-14T22:00:00Z', 'time', 'Europe/Oslo', 'en')).toBe('00:00');
    expect(formatDate('2026-06-14T22:00:00Z', 'time', 'Europe/Oslo', 'nb')).toBe('00:00');
  });

  it('follows the zone across a DST change', () => {
    expect(formatDate('2026-03-29T00:30:00Z', 'time', 'Europe/Oslo', 'nb')).toBe('01:30');
    expect(formatDate('2026-03-29T01:30:00Z', 'time', 'Europe/Oslo', 'nb')).toBe('03:30');
  });

  it('reads a language it does not know as English', () => {
    expect(formatDate(at, 'dateTime', 'Europe/Oslo', 'fr')).toBe('26 Nov 2026, 17:25');
  });
});
