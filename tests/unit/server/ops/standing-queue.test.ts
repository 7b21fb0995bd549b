import { describe, expect, it } from 'vitest';
import { createStandingQueue } from '~/server/ops/standing-queue';

function clock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => { at += ms; }, set: (ms: number) => { at = ms; } };
}

/** `count` answers spread over one 100 ms window, each taking `ms`. */
function window(queue: ReturnType<typeof createStandingQueue>, time: ReturnType<typeof clock>, count: number, ms: (i: number) => number) {
  for (let i = 0; i < count; i++) {
    time.advance(50 / count);
    queue.answered(ms(i));
    time.advance(50 / count);
  }
}

interface Load {
  /** Requests a second, open loop (they come whatever the answers). */
  ratePerSec: number;
  durationMs: number;
  /** CPU ms per request, served one at a time: the node finishes 1000 / cpuMs a second. */
  cpuMs: number;
  /** Wait per request that takes no CPU (the database's round trips). */
  ioMs: number;
}

/**
 * A node behind the gate, simulated with the real judge on a fake clock: requests arrive evenly,
 * are refused when as many are in flight as the judge allows, else queue for one CPU and then wait
 * for I/O. Returns the refusals and the accepted requests' time in the node, sorted.
 */
function simulate({ ratePerSec, durationMs, cpuMs, ioMs }: Load) {
  const time = clock();
  const queue = createStandingQueue({ targetMs: 300, now: time.now });
  const done: number[] = []; // completion times of requests in flight, ascending (FIFO CPU, fixed I/O)
  const starts: number[] = []; // their arrival times, in the same order
  const waits: number[] = [];
  let cpuFreeAt = 0;
  let refused = 0;
  const arrivals = Math.floor((ratePerSec * durationMs) / 1000);
  for (let i = 0; i <= arrivals; i++) {
    const at = i === arrivals ? Number.POSITIVE_INFINITY : (i * 1000) / ratePerSec;
    while (done.length && done[0]! <= at) {
      const end = done.shift()!;
      time.set(end);
      queue.answered(end - starts.shift()!);
    }
    if (i === arrivals) break;
    time.set(at);
    if (done.length >= queue.limit()) { refused += 1; continue; }
    cpuFreeAt = Math.max(cpuFreeAt, at) + cpuMs;
    done.push(cpuFreeAt + ioMs);
    starts.push(at);
    waits.push(cpuFreeAt + ioMs - at);
  }
  waits.sort((a, b) => a - b);
  return { refused, accepted: waits.length, p99: waits[Math.floor(waits.length * 0.99)]!, max: waits.at(-1)! };
}
describe('standing queue (load shedding by answer time)', () => {
  it('stands after one busy window in which no answer came within half the target, and clears once one does', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    window(queue, time, 20, () => 140);
    expect(queue.standing()).toBe(false);
    window(queue, time, 20, () => 160);
    time.advance(1);
    expect(queue.standing()).toBe(true);
    // Answers around the target while it sheds: the queue is held, not drained, so it keeps standing.
    window(queue, time, 20, (i) => (i === 10 ? 200 : 320));
    expect(queue.standing()).toBe(true);
    window(queue, time, 20, (i) => (i === 3 ? 120 : 320));
    expect(queue.standing()).toBe(false);
  });

  it("while it stands, keeps in flight what the node finishes within the target (Little's law), and no limit otherwise", () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    expect(queue.limit()).toBe(Number.POSITIVE_INFINITY);
    // 80 answers per 100 ms = 800 a second; 800/s × 0.3 s = 240 in flight.
    for (let w = 0; w < 3; w++) window(queue, time, 80, () => 900);
    time.advance(1);
    expect(queue.limit()).toBe(240);
  });

  it('sets the limit from the last window when the rate just rose, and never below the floor', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 4; w++) window(queue, time, 10, () => 5);
    window(queue, time, 100, () => 400);
    time.advance(1);
    expect(queue.limit()).toBe(300);
    const slow = createStandingQueue({ targetMs: 300, now: time.now });
    window(slow, time, 10, () => 5_000);
    time.advance(1);
    expect(slow.limit()).toBe(128);
  });

  it('never stands on a burst that leaves fast answers in every window', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 30; w++) window(queue, time, 50, (i) => (i % 10 === 0 ? 50 : 900));
    expect(queue.standing()).toBe(false);
  });

  it('does not judge quiet windows: a few slow answers (an export, an upload) are not overload', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 30; w++) window(queue, time, 2, () => 2_000);
    expect(queue.standing()).toBe(false);
  });

  it('keeps standing through windows without answers (a node starved of CPU answers in fits), and forgets it after half a second of none', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 3; w++) window(queue, time, 60, () => 800);
    expect(queue.standing()).toBe(true);
    time.advance(250);
    window(queue, time, 3, () => 900);
    expect(queue.limit()).toBe(180); // the last busy windows' 600 a second × 0.3 s: a quiet window does not set it
    time.advance(440);
    expect(queue.standing()).toBe(true);
    time.advance(120);
    expect(queue.standing()).toBe(false);
  });
});

describe('standing queue on a simulated node (1,000 answers a second)', () => {
  it('at twice its capacity from idle, refuses about half and answers what it accepts within a second', () => {
    const result = simulate({ ratePerSec: 2000, durationMs: 5000, cpuMs: 1, ioMs: 5 });
    expect(result.refused / (result.refused + result.accepted)).toBeGreaterThan(0.4);
    expect(result.refused / (result.refused + result.accepted)).toBeLessThan(0.55);
    expect(result.p99).toBeLessThan(500);
    expect(result.max).toBeLessThan(1000);
  });

  it('refuses none of a 10,000-vote burst over 5 s that it can answer within the target', () => {
    // 2,000 votes a second on a node that finishes 2,500, each waiting 100 ms on the database.
    const result = simulate({ ratePerSec: 2000, durationMs: 5000, cpuMs: 0.4, ioMs: 100 });
    expect(result.refused).toBe(0);
    expect(result.max).toBeLessThan(300);
  });

  it('refuses none of a burst at its capacity whose answers wait 200 ms on the database', () => {
    const result = simulate({ ratePerSec: 1000, durationMs: 5000, cpuMs: 0.9, ioMs: 200 });
    expect(result.refused).toBe(0);
  });
});
