import { describe, expect, it } from 'vitest';
import { presenceTtlMs } from '~/server/presence/presence-store';

describe("how long a node's presence entry lives without renewal", () => {
  it("is the grace plus one renewal round, so a dead node's users stay online through the grace and not much longer", () => {
    expect(presenceTtlMs(30_000, 10_000)).toBe(40_000);
    expect(presenceTtlMs(10_000, 3000)).toBe(13_000);
  });

  it('is never under two renewal rounds, so one late renewal drops nobody', () => {
    expect(presenceTtlMs(1000, 10_000)).toBe(20_000);
  });
});
