import { describe, expect, it } from 'vitest';
import { SHED_RETRY, shedRetryDelay } from '~/lib/shed-retry';

const middle = () => 0.5;

describe('retrying a call a busy node shed', () => {
  it('waits the Retry-After first, doubling it per try up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => shedRetryDelay('1', retry, 0, middle))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(shedRetryDelay(2, 0, 0, middle)).toBe(2000);
  });

  it('spreads a crowd refused together over half to one and a half times each wait', () => {
    expect(shedRetryDelay('1', 0, 0, () => 0)).toBe(500);
    expect(shedRetryDelay('1', 0, 0, () => 0.999_999)).toBe(1500);
    expect(shedRetryDelay('1', 3, 0, () => 0)).toBe(4000);
  });

  it('gives up when the wait would end past the budget', () => {
    expect(shedRetryDelay('1', 4, SHED_RETRY.budgetMs - 8000, middle)).toBe(8000);
    expect(shedRetryDelay('1', 4, SHED_RETRY.budgetMs - 7999, middle)).toBeUndefined();
  });

  it('passes the answer on when the Retry-After is missing, unreadable or not a busy node’s', () => {
    for (const value of [null, undefined, '', 'soon', '0', '-1', '31', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      expect(shedRetryDelay(value, 0, 0, middle)).toBeUndefined();
    }
    expect(shedRetryDelay('30', 0, 0, middle)).toBe(8000);
  });
});
