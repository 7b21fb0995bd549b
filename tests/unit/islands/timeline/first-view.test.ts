import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_TRUSTED_MS, isFirstViewStale } from '~/islands/timeline/first-view';

describe('isFirstViewStale', () => {
  const readAt = Date.parse('2026-11-25T12:00:00Z');

  it('trusts a first view the socket joined soon after the server read it', () => {
    expect(isFirstViewStale(readAt, readAt + 1200)).toBe(false);
    expect(isFirstViewStale(readAt, readAt + FIRST_VIEW_TRUSTED_MS)).toBe(false);
    // A browser clock a little behind the server's.
    expect(isFirstViewStale(readAt, readAt - 2000)).toBe(false);
  });

  it('reads again a view older than that: a slow arrival or a saved offline copy', () => {
    expect(isFirstViewStale(readAt, readAt + FIRST_VIEW_TRUSTED_MS + 1)).toBe(true);
    expect(isFirstViewStale(readAt, readAt + 3 * 3_600_000)).toBe(true);
  });
});
