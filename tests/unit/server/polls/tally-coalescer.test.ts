import { describe, expect, it } from 'vitest';
import { createCoalescer, type CoalescerTimers } from '~/server/polls/tally-coalescer';

/** A clock that moves only when told, running due timers in order. */
function fakeTimers() {
  let now = 0;
  let queue: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const timers: CoalescerTimers = {
    now: () => now,
    set: (run, ms) => { const id = ++ids; queue.push({ at: now + ms, run, id }); return id; },
    clear: (handle) => { queue = queue.filter((t) => t.id !== handle); },
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve)); // let flush promises settle
  async function advance(ms: number) {
    await settle(); // a flush under way ends before time moves on
    const until = now + ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const due = queue[0];
      if (!due || due.at > until) break;
      queue.shift();
      now = due.at;
      due.run();
      await settle();
    }
    now = until;
  }
  /** Time passing inside a callback (a flush's cost): no timer runs meanwhile. */
  const spend = (ms: number) => { now += ms; };
  return { timers, advance, spend, pending: () => queue.length };
}

function setup(flushCostMs = 0) {
  const clock = fakeTimers();
  const flushes: { at: number; batch: [number, string][] }[] = [];
  const coalescer = createCoalescer<number, string>({
    intervalMs: 200, timers: clock.timers, onError: (e) => { throw e; },
    flush: (batch) => {
      flushes.push({ at: clock.timers.now(), batch: [...batch] });
      clock.spend(flushCostMs); // the broadcast's own cost moves the clock
      return Promise.resolve();
    },
  });
  return { clock, flushes, coalescer };
}

/** A mark every `everyMs` from now for `forMs` (alternating two keys). */
async function burst(clock: ReturnType<typeof fakeTimers>, coalescer: ReturnType<typeof setup>['coalescer'], forMs: number, everyMs = 10) {
  for (let t = 0; t < forMs; t += everyMs) {
    coalescer.mark(t % (2 * everyMs) === 0 ? 1 : 2, 'a');
    await clock.advance(everyMs);
  }
}

describe('tally coalescer', () => {
  it('flushes the first change at once, then once a second during a sustained burst, each flush carrying every key changed meanwhile', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(1, 'a');
    await clock.advance(0);
    expect(flushes).toEqual([{ at: 0, batch: [[1, 'a']] }]);
    await burst(clock, coalescer, 2950); // votes every 10 ms until 2,940 ms: never a 50 ms pause
    expect(flushes.map((f) => f.at)).toEqual([0, 1000, 2000]);
    expect(flushes[1]!.batch.map(([key]) => key).sort()).toEqual([1, 2]);
    // The last vote came at 2,940 ms: its tally goes out once votes paused 50 ms.
    await clock.advance(1000);
    expect(flushes.map((f) => f.at)).toEqual([0, 1000, 2000, 2990]);
  });

  it('spaces burst flushes by their measured cost', async () => {
    const { clock, flushes, coalescer } = setup(400); // each broadcast takes 400 ms
    await burst(clock, coalescer, 6000);
    const starts = flushes.map((f) => f.at);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(4 * 400);
    expect(starts.length).toBeLessThanOrEqual(5); // 4 during 6 s of votes, then the last vote's
  });

  it("spaces burst flushes by the fan-out it sees, when the frames come back through a broker and the flush itself is cheap", async () => {
    const { clock, flushes, coalescer } = setup(5);
    // Each flush's frames reach this node's 10,000 sockets a moment later, and writing them takes 400 ms.
    let seen = 0;
    for (let t = 0; t < 6000; t += 10) {
      coalescer.mark(t % 20 === 0 ? 1 : 2, 'a');
      await clock.advance(10);
      if (flushes.length > seen) {
        seen = flushes.length;
        clock.spend(400);
        coalescer.observe(400);
      }
    }
    const starts = flushes.map((f) => f.at);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(4 * 400);
    expect(starts.length).toBeLessThanOrEqual(5);
  });

  it("counts another node's flush as one: no flush of its own sooner than the interval after it", async () => {
    const { clock, flushes, coalescer } = setup();
    await clock.advance(1000);
    coalescer.observe(20); // another node's tally just went out here
    coalescer.mark(1, 'a');
    await clock.advance(100);
    expect(flushes).toEqual([]); // no leading edge right after someone else's flush
    await clock.advance(200);
    expect(flushes.map((f) => f.at)).toEqual([1180]); // 200 ms after that flush started (1,000 − 20)
  });

  it('does not take a flush that blocked the loop for a pause in the votes', async () => {
    const { clock, flushes, coalescer } = setup(300);
    coalescer.mark(1, 'a');
    await clock.advance(0); // leading: runs 0–300 ms, the loop blocked meanwhile
    coalescer.mark(1, 'a'); // read as soon as it ended
    await clock.advance(100);
    // No mark since 0 ms, but the flush ended at 300: the next may start at 300 + 300 at the soonest.
    expect(flushes.map((f) => f.at)).toEqual([0]);
    await clock.advance(1000);
    expect(flushes.map((f) => f.at)).toEqual([0, 600]);
  });

  it('flushes the last change soon after it and then goes quiet', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(7, 'x');
    await clock.advance(50);
    coalescer.mark(7, 'x');
    await clock.advance(199);
    expect(flushes.map((f) => f.at)).toEqual([0, 200]); // not sooner than the interval after the first
    coalescer.mark(7, 'x');
    await clock.advance(400);
    coalescer.mark(7, 'x');
    await clock.advance(100);
    // 400: 200 ms after the one before; 649: a change after a quiet spell goes out at once.
    expect(flushes.map((f) => f.at)).toEqual([0, 200, 400, 649]);
    coalescer.mark(7, 'x');
    await clock.advance(10);
    coalescer.mark(7, 'x');
    await clock.advance(1000);
    expect(flushes.map((f) => f.at)).toEqual([0, 200, 400, 649, 849]); // the interval after 649 (the pause came sooner)
    await clock.advance(5000);
    expect(flushes).toHaveLength(5);
    expect(clock.pending()).toBe(0);
  });

  it('lets the changes of one submit join its leading flush', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(1, 'quiz');
    coalescer.mark(2, 'item');
    await clock.advance(0);
    expect(flushes).toEqual([{ at: 0, batch: [[1, 'quiz'], [2, 'item']] }]);
  });

  it('flushes pending keys on demand and ignores marks after stop', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(1, 'a');
    await clock.advance(0);
    coalescer.mark(2, 'b');
    await coalescer.flushNow();
    expect(flushes.map((f) => f.batch)).toEqual([[[1, 'a']], [[2, 'b']]]);
    coalescer.stop();
    coalescer.mark(3, 'c');
    await clock.advance(1000);
    expect(flushes).toHaveLength(2);
    expect(clock.pending()).toBe(0);
  });

  it('never runs two flushes at once', async () => {
    const clock = fakeTimers();
    let release: () => void = () => undefined;
    let running = 0;
    let most = 0;
    const coalescer = createCoalescer<number, string>({
      intervalMs: 100, timers: clock.timers, onError: () => undefined,
      flush: () => { running += 1; most = Math.max(most, running); return new Promise<void>((resolve) => { release = () => { running -= 1; resolve(); }; }); },
    });
    coalescer.mark(1, 'a');
    await clock.advance(0);
    coalescer.mark(2, 'b');
    await clock.advance(500);
    expect(most).toBe(1);
    release();
    await clock.advance(100);
    expect(most).toBe(1);
    release();
  });
});
