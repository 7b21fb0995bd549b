/** Length of one judging window. */
const WINDOW_MS = 500;
/** A window with fewer answers than this (100 a second) is too quiet to judge: a few slow calls, or a test suite on a busy machine, are not overload. */
const MIN_ANSWERS = 50;

export interface StandingQueueOptions {
  /** Even the fastest answer of a window took longer than this: requests are queueing. */
  targetMs: number;
  windowMs?: number;
  minAnswers?: number;
  now?: () => number;
}

/**
 * Tells a standing queue from a burst, as CoDel does for packets: when even the fastest answer of
 * a busy window took longer than the target, every request waited (for the CPU, the database
 * pool, a lock), so the node is taking work faster than it finishes it. A burst leaves some fast
 * answers in every window; a slow export or upload is one slow answer among fast ones. Two such
 * windows in a row make the queue "standing"; one window with a fast answer clears it.
 */
export function createStandingQueue({ targetMs, windowMs = WINDOW_MS, minAnswers = MIN_ANSWERS, now = () => performance.now() }: StandingQueueOptions) {
  let windowStart = now();
  let fastest = Number.POSITIVE_INFINITY;
  let answers = 0;
  let previousSlow = false;
  let standing = false;

  function roll(at: number): void {
    if (at - windowStart < windowMs) return;
    const slow = answers >= minAnswers && fastest > targetMs;
    // A gap of more than one window had no answers at all: nothing to judge, so nothing standing.
    const gap = at - windowStart >= 2 * windowMs;
    standing = slow && previousSlow && !gap;
    previousSlow = slow && !gap;
    windowStart = at;
    fastest = Number.POSITIVE_INFINITY;
    answers = 0;
  }

  return {
    /** One admitted request was answered after `ms`. */
    answered(ms: number): void {
      roll(now());
      answers += 1;
      if (ms < fastest) fastest = ms;
    },
    /** True while the last two busy windows had no answer faster than the target. */
    standing(): boolean {
      roll(now());
      return standing;
    },
  };
}
