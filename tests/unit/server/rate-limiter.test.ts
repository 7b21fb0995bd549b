import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '~/server/shared/rate-limiter';

describe('rate limiter', () => {
  it('blocks a key after the limit of failures and says for how long', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock: () => now });
    for (let i = 0; i < 3; i += 1) { expect(limiter.retryAfter('a')).toBe(0); limiter.fail('a'); now += 1000; }
    expect(limiter.retryAfter('a')).toBe(57);
    expect(limiter.retryAfter('b')).toBe(0);
  });

  it('lets the key try again once old failures leave the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, clock: () => now });
    limiter.fail('a'); limiter.fail('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    now = 10_001;
    expect(limiter.retryAfter('a')).toBe(0);
  });

  it('forgets failures after a success', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000 });
    limiter.fail('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
