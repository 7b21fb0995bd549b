/** Length of one judging window. */
const WINDOW_MS = 500;
/** A window with fewer answers than this (100 a second) is too quiet to judge: a few slow calls, or a test suite on a busy machine, are not overload. */
const MIN_ANSWERS = 50;
/** The fewest requests a node keeps in flight while it sheds, however slow it got. */
const MIN_LIMIT = 16;

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
 * windows in a row make the queue "standing".
 *
 * While it stands, the node keeps only as many requests in flight as it finishes within the
 * target (Little's law: answers per second × target), so what it accepts waits about the target
 * and the rest is refused at once. It clears when a window's fastest answer comes back in half
 * the target (the queue drained: the overload is over), or a window is too quiet to judge.
 */
export function createStandingQueue({ targetMs, windowMs = WINDOW_MS, minAnswers = MIN_ANSWERS, now = () => performance.now() }: StandingQueueOptions) {
  let windowStart = now();
  let fastest = Number.POSITIVE_INFINITY;
  let answers = 0;
  let previousSlow = false;
  let standing = false;
  let limit = Number.POSITIVE_INFINITY;

  function roll(at: number): void {
    if (at - windowStart < windowMs) return;
    // A gap of more than one window had no answers at all: nothing to judge, so nothing standing.
    const busy = answers >= minAnswers && at - windowStart < 2 * windowMs;
    const slow = busy && fastest > targetMs;
    if (!busy || fastest <= targetMs / 2) standing = false;
    else if (slow && previousSlow) standing = true;
    if (standing) limit = Math.max(MIN_LIMIT, Math.ceil((answers * targetMs) / (at - windowStart)));
    previousSlow = slow;
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
    /** True while requests queue (see above). */
    standing(): boolean {
      roll(now());
      return standing;
    },
    /** How many requests may be in flight now: unlimited unless the queue stands. */
    limit(): number {
      roll(now());
      return standing ? limit : Number.POSITIVE_INFINITY;
    },
  };
}
