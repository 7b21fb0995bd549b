import { describe, expect, it } from 'vitest';
import { formatAverage } from '~/lib/rating';

describe('a rating average as shown', () => {
  it('always has a decimal, so a whole average reads 2.0 and not 2', () => {
    expect(formatAverage(2)).toBe('2.0');
    expect(formatAverage(5)).toBe('5.0');
  });

  it('keeps one decimal where that is exact and two at most otherwise', () => {
    expect(formatAverage(2.5)).toBe('2.5');
    expect(formatAverage(7 / 3)).toBe('2.33');
    expect(formatAverage(3.999)).toBe('4.0');
  });
});
