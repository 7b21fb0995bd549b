import { describe, expect, it } from 'vitest';
import { createStandingQueue } from '~/server/ops/standing-queue';

function clock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => { at += ms; } };
}

/** `count` answers spread over one 500 ms window, each taking `ms`. */
function window(queue: ReturnType<typeof createStandingQueue>, time: ReturnType<typeof clock>, count: number, ms: (i: number) => number) {
  for (let i = 0; i < count; i++) {
    time.advance(500 / count);
    queue.answered(ms(i));
  }
}

describe('standing queue (load shedding by answer time)', () => {
  it('stands after two busy windows in which no answer beat the target, and clears once an answer comes back in half of it', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    window(queue, time, 100, () => 400);
    expect(queue.standing()).toBe(false);
    window(queue, time, 100, () => 450);
    window(queue, time, 100, () => 500);
    expect(queue.standing()).toBe(true);
    // Answers around the target while it sheds: the queue is held, not drained, so it keeps standing.
    window(queue, time, 100, (i) => (i === 10 ? 200 : 320));
    expect(queue.standing()).toBe(true);
    window(queue, time, 100, () => 5);
    expect(queue.standing()).toBe(false);
  });

  it('while it stands, keeps in flight what the node finishes within the target (Little\'s law), and no limit otherwise', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    expect(queue.limit()).toBe(Number.POSITIVE_INFINITY);
    // 400 answers per 500 ms = 800 a second; 800/s × 0.3 s = 240 in flight.
    for (let w = 0; w < 3; w++) window(queue, time, 400, () => 900);
    time.advance(1);
    expect(queue.limit()).toBe(240);
  });

  it('never stands on a burst that leaves fast answers in every window', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 6; w++) window(queue, time, 100, (i) => (i % 10 === 0 ? 50 : 900));
    expect(queue.standing()).toBe(false);
  });

  it('does not judge quiet windows: a few slow answers (an export, an upload) are not overload', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 6; w++) window(queue, time, 5, () => 2_000);
    expect(queue.standing()).toBe(false);
  });

  it('forgets a standing queue once no answer at all came for a whole window', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    for (let w = 0; w < 3; w++) window(queue, time, 100, () => 800);
    expect(queue.standing()).toBe(true);
    time.advance(1_200);
    expect(queue.standing()).toBe(false);
  });
});
