import { describe, expect, it } from 'vitest';
import { dayHeading, dayKey, isDayKey, timeOfDay, timeRange } from '~/lib/dates';

describe('event dates', () => {
  it('formats a day heading in English as dddd DD MMMM', () => {
    expect(dayHeading('2025-05-12', 'en')).toBe('Monday 12 May');
  });

  it('formats a day heading in Norwegian as dddd DD. MMMM', () => {
    expect(dayHeading('2025-05-12', 'nb')).toBe('mandag 12. mai');
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
