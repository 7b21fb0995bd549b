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
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const due = queue[0];
      if (!due || due.at > until) break;
      queue.shift();
      now = due.at;
      due.run();
      await new Promise((resolve) => setImmediate(resolve)); // let the flush promise settle
    }
    now = until;
  }
  return { timers, advance, pending: () => queue.length };
}

function setup() {
  const clock = fakeTimers();
  const flushes: { at: number; batch: [number, string][] }[] = [];
  const coalescer = createCoalescer<number, string>({
    intervalMs: 200, timers: clock.timers, onError: (e) => { throw e; },
    flush: (batch) => { flushes.push({ at: clock.timers.now(), batch: [...batch] }); return Promise.resolve(); },
  });
  return { clock, flushes, coalescer };
}

describe('tally coalescer', () => {
  it('flushes the first change at once, then at most once per interval with every key changed meanwhile', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(1, 'a');
    await clock.advance(0);
    expect(flushes).toEqual([{ at: 0, batch: [[1, 'a']] }]);
    for (let t = 0; t < 1000; t += 10) {
      coalescer.mark(t % 20 === 0 ? 1 : 2, 'a');
      await clock.advance(10);
    }
    // 1,000 ms of votes every 10 ms: one flush per 200 ms, each carrying both polls once.
    expect(flushes.map((f) => f.at)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(flushes[1]!.batch.map(([key]) => key).sort()).toEqual([1, 2]);
  });

  it('flushes the last change within the interval and then goes quiet', async () => {
    const { clock, flushes, coalescer } = setup();
    coalescer.mark(7, 'x');
    await clock.advance(50);
    coalescer.mark(7, 'x');
    await clock.advance(199);
    expect(flushes.map((f) => f.at)).toEqual([0, 200]);
    await clock.advance(5000);
    expect(flushes).toHaveLength(2);
    expect(clock.pending()).toBe(0);
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
