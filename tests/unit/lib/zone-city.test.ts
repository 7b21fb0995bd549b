import { describe, expect, it } from 'vitest';
import { isOtherClock, zoneCity } from '~/lib/zone-city';

describe('zoneCity', () => {
  it('names the city of a zone, with spaces', () => {
    expect(zoneCity('Europe/Oslo')).toBe('Oslo');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('UTC')).toBe('UTC');
  });
});

describe('isOtherClock', () => {
  const at = new Date('2026-11-29T13:00:00Z');
  it('is false for zones that read the same time, whatever their names', () => {
    expect(isOtherClock('Europe/Oslo', 'Europe/Berlin', at)).toBe(false);
  });
  it('is true where the clocks differ', () => {
    expect(isOtherClock('Europe/Oslo', 'America/New_York', at)).toBe(true);
  });
  it('is false for a zone the browser does not know', () => {
    expect(isOtherClock('Nowhere/Atlantis', 'Europe/Oslo', at)).toBe(false);
  });
});
