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
  it('stands after two busy windows in which no answer beat the target, and clears after one with a fast answer', () => {
    const time = clock();
    const queue = createStandingQueue({ targetMs: 300, now: time.now });
    window(queue, time, 100, () => 400);
    expect(queue.standing()).toBe(false);
    window(queue, time, 100, () => 450);
    window(queue, time, 100, () => 500);
    expect(queue.standing()).toBe(true);
    window(queue, time, 100, (i) => (i === 10 ? 20 : 600));
    window(queue, time, 1, () => 5);
    expect(queue.standing()).toBe(false);
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
