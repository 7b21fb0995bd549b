import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLimitStore } from '~/server/shared/limit-store';
import { backoffDelay, createBackoffLimiter, createMarks, createTurns, createWindowLimiter, longestWait, take } from '~/server/shared/limiter';

const policy = { free: 5, baseMs: 1000, capMs: 60_000, forgetMs: 15 * 60_000 };
const DAY = 24 * 60 * 60_000;

// rate-limiter-flexible's memory store reads Date.now and expires keys with timers: both faked.
beforeEach(() => { vi.useFakeTimers({ now: Date.parse('2026-06-02T08:00:00Z') }); });
afterEach(() => { vi.useRealTimers(); });

describe('backoff delay', () => {
  it('is free up to the free failures, then doubles from the base up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, policy))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(backoffDelay(11, policy)).toBe(60_000);
    expect(backoffDelay(10_000, policy)).toBe(60_000);
  });
});

describe('backoff limiter', () => {
  it('makes a key wait, from its last failure, longer after each failure, never locking it for good', async () => {
    const limiter = createBackoffLimiter({ store: createMemoryLimitStore(), name: 'login', ...policy });
    for (let i = 0; i < 5; i += 1) { expect(await limiter.retryAfter('a')).toBe(0); await limiter.fail('a'); }
    expect(await limiter.retryAfter('a')).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await limiter.retryAfter('a')).toBe(0);
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(2);
    expect(await limiter.retryAfter('b')).toBe(0);
  });

  it('forgets failures forgetMs after the last one, not the first, and all of them on reset', async () => {
    const limiter = createBackoffLimiter({ store: createMemoryLimitStore(), name: 'login', ...policy });
    for (let i = 0; i < 4; i += 1) await limiter.fail('a');
    await vi.advanceTimersByTimeAsync(policy.forgetMs - 60_000);
    await limiter.fail('a');
    await vi.advanceTimersByTimeAsync(120_000);
    // The fifth failure came 14 minutes after the first: the count lives on, so it costs a wait.
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(2);
    await vi.advanceTimersByTimeAsync(policy.forgetMs + 1000);
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(0);
    for (let i = 0; i < 8; i += 1) await limiter.fail('a');
    await limiter.reset('a');
    expect(await limiter.retryAfter('a')).toBe(0);
  });
});

describe('window limiter', () => {
  it('allows limit uses per window and says when the window ends', async () => {
    const limiter = createWindowLimiter({ store: createMemoryLimitStore(), name: 'mail', limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i += 1) { expect(await limiter.retryAfter('u')).toBe(0); await limiter.fail('u'); await vi.advanceTimersByTimeAsync(1000); }
    expect(await limiter.retryAfter('u')).toBe(57);
    await vi.advanceTimersByTimeAsync(57_000);
    expect(await limiter.retryAfter('u')).toBe(0);
  });

  it('keeps limiters sharing one store apart by name', async () => {
    const store = createMemoryLimitStore();
    const one = createWindowLimiter({ store, name: 'one', limit: 1, windowMs: 60_000 });
    const two = createWindowLimiter({ store, name: 'two', limit: 1, windowMs: 60_000 });
    await one.fail('k');
    expect(await one.retryAfter('k')).toBeGreaterThan(0);
    expect(await two.retryAfter('k')).toBe(0);
    expect(await longestWait([[one, 'k'], [two, 'k']])).toBeGreaterThan(0);
  });

  it('take lets exactly the limit through a burst of concurrent uses', async () => {
    const limiter = createWindowLimiter({ store: createMemoryLimitStore(), name: 'burst', limit: 120, windowMs: 60_000 });
    const waits = await Promise.all(Array.from({ length: 125 }, () => take(limiter, 'k')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(120);
    expect(waits.filter((wait) => wait === 60)).toHaveLength(5);
  });

  it('take counts a use while the key may, and counts nothing once it must wait', async () => {
    const limiter = createWindowLimiter({ store: createMemoryLimitStore(), name: 'take', limit: 2, windowMs: 60_000 });
    expect([await take(limiter, 'k'), await take(limiter, 'k')]).toEqual([0, 0]);
    expect(await take(limiter, 'k')).toBe(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await take(limiter, 'k')).toBe(0);
  });
});

describe('marks', () => {
  it('remember a key for their time to live from the last mark', async () => {
    const marks = createMarks({ store: createMemoryLimitStore(), name: 'known', ttlMs: 10_000 });
    expect(await marks.has('a')).toBe(false);
    await marks.mark('a');
    await vi.advanceTimersByTimeAsync(9000);
    await marks.mark('a');
    await vi.advanceTimersByTimeAsync(9000);
    expect(await marks.has('a')).toBe(true);
    await vi.advanceTimersByTimeAsync(1001);
    expect(await marks.has('a')).toBe(false);
  });

  it('keep a 30-day mark in memory, past what one Node timer can wait', async () => {
    const marks = createMarks({ store: createMemoryLimitStore(), name: 'known', ttlMs: 30 * DAY });
    await marks.mark('home');
    await vi.advanceTimersByTimeAsync(DAY);
    expect(await marks.has('home')).toBe(true);
  });
});

describe('turns', () => {
  it('give a key told to wait one turn once the wait is over, and none before it or long after', async () => {
    const turns = createTurns({ store: createMemoryLimitStore(), name: 'turn', graceMs: 120_000 });
    expect(await turns.redeem('owner')).toBe(false);
    await turns.promise('owner', 5);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await turns.redeem('owner')).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await turns.redeem('owner')).toBe(true);
    expect(await turns.redeem('owner')).toBe(false);
    await turns.promise('late', 1);
    await vi.advanceTimersByTimeAsync(130_000);
    expect(await turns.redeem('late')).toBe(false);
  });
});
