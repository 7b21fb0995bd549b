import { describe, expect, it } from 'vitest';
import { backoffWindow, RECONNECT_BACKOFF, reconnectDelay } from '~/lib/reconnect-backoff';

describe('reconnect backoff', () => {
  it('doubles the window per try from the first window up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffWindow(attempt))).toEqual([5000, 10_000, 20_000, 30_000, 30_000]);
    expect(backoffWindow(0)).toBe(5000);
    expect(backoffWindow(1000)).toBe(RECONNECT_BACKOFF.capMs);
  });

  it('waits between the floor and the window, by the random number', () => {
    expect(reconnectDelay(1, () => 0)).toBe(250);
    expect(reconnectDelay(1, () => 0.5)).toBe(2625);
    expect(reconnectDelay(1, () => 0.999_999)).toBeLessThan(5000);
    expect(reconnectDelay(3, () => 0.5)).toBe(10_125);
    // A broken random source never makes it wait outside the window.
    expect(reconnectDelay(2, () => 7)).toBe(10_000);
    expect(reconnectDelay(2, () => -1)).toBe(250);
  });

  it('spreads 10,000 clients evenly over the first window: no second gets more than ~2x its share', () => {
    let seed = 42; // mulberry32: a repeatable stand-in for Math.random
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const perSecond = new Array(5).fill(0);
    for (let i = 0; i < 10_000; i += 1) perSecond[Math.floor(reconnectDelay(1, random) / 1000)] += 1;
    for (const count of perSecond) expect(count).toBeGreaterThan(1500);
    for (const count of perSecond) expect(count).toBeLessThan(2500);
    // Those refused at once (try 2) spread over twice the time, all done by the cap.
    const second = Array.from({ length: 10_000 }, () => reconnectDelay(2, random));
    expect(Math.max(...second)).toBeLessThanOrEqual(10_000);
    expect(second.filter((ms) => ms > 5000).length).toBeGreaterThan(4000);
  });

  it('honours other options', () => {
    const options = { firstWindowMs: 100, capMs: 1000, floorMs: 10, growth: 3 };
    expect([1, 2, 3, 4].map((attempt) => backoffWindow(attempt, options))).toEqual([100, 300, 900, 1000]);
    expect(reconnectDelay(4, () => 1, options)).toBe(1000);
  });
});
