import { describe, expect, it } from 'vitest';
import { clockTime, dayLabel } from '~/lib/event-time';

describe('event time formats (SPEC §9)', () => {
  it('shows HH:mm in the event zone', () => {
    expect(clockTime('2025-06-02T07:30:00Z', 'Europe/Oslo')).toBe('09:30');
  });
  it('formats days as dddd DD MMMM in English and dddd DD. MMMM in Norwegian, in the event zone', () => {
    expect(dayLabel('2025-06-01T22:30:00Z', 'Europe/Oslo', 'en')).toBe('Monday 02 June');
    expect(dayLabel('2025-06-01T22:30:00Z', 'Europe/Oslo', 'nb')).toBe('mandag 02. juni');
  });
});
