import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '~/server/shared/limit-store';
import { backoffDelay, createBackoffLimiter, createMarks, createWindowLimiter, longestWait } from '~/server/shared/shared-limiter';

const policy = { free: 5, baseMs: 1000, capMs: 60_000, forgetMs: 15 * 60_000 };

describe('backoff delay', () => {
  it('is free up to the free failures, then doubles from the base up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, policy))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(backoffDelay(11, policy)).toBe(60_000);
    expect(backoffDelay(10_000, policy)).toBe(60_000);
  });
});

describe('backoff limiter', () => {
  it('makes a key wait, from its last failure, longer after each failure, never locking it for good', async () => {
    let now = 0;
    const limiter = createBackoffLimiter({ store: createMemoryLimitStore(() => now), name: 'login', clock: () => now, ...policy });
    for (let i = 0; i < 5; i += 1) { expect(await limiter.retryAfter('a')).toBe(0); await limiter.fail('a'); }
    expect(await limiter.retryAfter('a')).toBe(1);
    now += 1000;
    expect(await limiter.retryAfter('a')).toBe(0);
    await limiter.fail('a');
    expect(await limiter.retryAfter('a')).toBe(2);
    expect(await limiter.retryAfter('b')).toBe(0);
  });

  it('forgets failures older than forgetMs and all of them on reset', async () => {
    let now = 0;
    const limiter = createBackoffLimiter({ store: createMemoryLimitStore(() => now), name: 'login', clock: () => now, ...policy });
    for (let i = 0; i < 8; i += 1) await limiter.fail('a');
    now += policy.forgetMs + 1;
    expect(await limiter.retryAfter('a')).toBe(0);
    for (let i = 0; i < 8; i += 1) await limiter.fail('a');
    await limiter.reset('a');
    expect(await limiter.retryAfter('a')).toBe(0);
  });
});

describe('window limiter', () => {
  it('allows limit uses per window and says when the oldest leaves it', async () => {
    let now = 0;
    const limiter = createWindowLimiter({ store: createMemoryLimitStore(() => now), name: 'mail', limit: 3, windowMs: 60_000, clock: () => now });
    for (let i = 0; i < 3; i += 1) { await limiter.fail('u'); now += 1000; }
    expect(await limiter.retryAfter('u')).toBe(57);
    now = 60_001;
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
});

describe('memory limit store', () => {
  it('sweeps keys whose time is up, so one-off addresses do not pile up', async () => {
    let now = 0;
    const store = createMemoryLimitStore(() => now);
    for (let i = 0; i < 999; i += 1) await store.add(`once-${i}`, now, 1000, 5);
    now = 5000;
    await store.add('late', now, 1000, 5);
    for (let i = 0; i < 999; i += 1) expect(await store.recent(`once-${i}`, -1)).toEqual([]);
    expect(await store.recent('late', 0)).toEqual([5000]);
  });

  it('keeps only the newest keepCount times of a key', async () => {
    const store = createMemoryLimitStore();
    for (let t = 1; t <= 10; t += 1) await store.add('k', t, 60_000, 3);
    expect(await store.recent('k', 0)).toEqual([8, 9, 10]);
  });
});

describe('marks', () => {
  it('remember a key for their time to live', async () => {
    let now = 0;
    const marks = createMarks({ store: createMemoryLimitStore(() => now), name: 'known', ttlMs: 1000, clock: () => now });
    expect(await marks.has('a')).toBe(false);
    await marks.mark('a');
    now = 999;
    expect(await marks.has('a')).toBe(true);
    now = 1001;
    expect(await marks.has('a')).toBe(false);
  });
});
