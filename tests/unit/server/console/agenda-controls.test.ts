import { describe, expect, it } from 'vitest';
import { wallTextAt, wallTextToUtc } from '~/lib/zoned-time';
import { keySlug } from '~/server/shared/row-key';

describe('a new session\'s key', () => {
  it('starts with the title in lower-case ASCII words joined by "-", Norwegian letters spelt out', () => {
    expect(keySlug('Fjords & cloud <b>costs</b>', 'session')).toBe('fjords-cloud-b-costs-b');
    expect(keySlug('Bærekraft på Østlandet', 'session')).toBe('baerekraft-pa-ostlandet');
    expect(keySlug('  —  ', 'session')).toBe('session');
  });

  it('keeps to 40 characters and never ends in "-", so the key stays within the event file\'s rule', () => {
    const slug = keySlug('a'.repeat(39) + ' and then some', 'session');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
  });
});

describe('the form\'s wall times in the event\'s zone', () => {
  it('goes to UTC and back, in summer and winter time', () => {
    expect(new Date(wallTextToUtc('2026-06-02T10:00', 'Europe/Oslo')!).toISOString()).toBe('2026-06-02T08:00:00.000Z');
    expect(new Date(wallTextToUtc('2026-12-02T10:00', 'Europe/Oslo')!).toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(wallTextAt('2026-06-02T22:30:00.000Z', 'Europe/Oslo')).toBe('2026-06-03T00:30');
  });

  it('refuses a day the calendar does not have', () => {
    expect(wallTextToUtc('2026-02-31T10:00', 'Europe/Oslo')).toBeUndefined();
    expect(wallTextToUtc('2026-02-28 10:00', 'Europe/Oslo')).toBeUndefined();
  });
});
