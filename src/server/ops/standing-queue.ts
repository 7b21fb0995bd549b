/** Length of one judging window: CoDel's interval. */
const WINDOW_MS = 100;
/**
 * A window with fewer answers than this (30 a second) is too quiet to start a standing queue: a
 * couple of slow calls are not overload. Few answers are enough otherwise, since the limit never
 * goes under MIN_LIMIT in flight, and a node starved of CPU (a noisy neighbour) answers few.
 */
const MIN_ANSWERS = 3;
/** The answer rate is averaged over this many windows, and the last window alone counts when it is higher (a rise is seen at once). */
const RATE_WINDOWS = 5;
/**
 * The fewest requests a node keeps in flight while it sheds, however slow it got
 * (SHED_QUEUE_MIN_IN_FLIGHT): a burst of this many at once (a "vote now", a test's burst on a slow
 * CI machine) is never refused by this rule. On a healthy node 128 requests of 1–2 ms of CPU each
 * finish within the default target; on one serving mostly pages of 20 ms each they take 2.5 s.
 */
const MIN_LIMIT = 128;

export interface StandingQueueOptions {
  /** What an accepted request may wait: the node keeps in flight what it finishes within this. */
  targetMs: number;
  windowMs?: number;
  minAnswers?: number;
  /** The fewest requests in flight the limit allows. */
  minLimit?: number;
  now?: () => number;
}

/**
 * Tells a standing queue from a burst, as CoDel does for packets: when even the fastest answer of
 * a busy window took more than half the target, every request waited (for the CPU, the database
 * pool, a lock), so the node is taking work faster than it finishes it. A burst the node can carry
 * leaves fast answers in every window; a slow export is one slow answer among fast ones. One such
 * window (100 ms) makes the queue "standing", before it has grown past the target.
 *
 * While it stands, the node keeps only as many requests in flight as it finishes within the
 * target (Little's law: answers per second × target, at least `minLimit`), so what it accepts
 * waits about the target and the rest is refused at once. A node that answers within the target
 * never has that many in flight, so the limit refuses nothing until the wait really exceeds it.
 * It clears with the first answer within half the target, or after half a second without answers.
 */
export function createStandingQueue({ targetMs, windowMs = WINDOW_MS, minAnswers = MIN_ANSWERS, minLimit = MIN_LIMIT, now = () => performance.now() }: StandingQueueOptions) {
  let windowStart = now();
  let fastest = Number.POSITIVE_INFINITY;
  let answers = 0;
  let standing = false;
  let limit = Number.POSITIVE_INFINITY;
  /** Answers per ms of the last RATE_WINDOWS windows, newest last. */
  const rates: number[] = [];
  let emptyWindows = 0;

  function judge(): void {
    rates.push(answers / windowMs);
    if (rates.length > RATE_WINDOWS) rates.shift();
    emptyWindows = answers === 0 ? emptyWindows + 1 : 0;
    if (answers >= minAnswers) standing = fastest > targetMs / 2;
    // A quiet window cannot start a standing queue, but one fast answer shows there is none; a
    // node starved of CPU answers in fits, so a window without answers keeps the judgement,
    // until half a second without a single answer (the overload is over).
    else if (fastest <= targetMs / 2 || emptyWindows >= RATE_WINDOWS) standing = false;
    if (standing && answers >= minAnswers) {
      const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
      limit = Math.max(minLimit, Math.round(Math.max(mean, answers / windowMs) * targetMs));
    }
    fastest = Number.POSITIVE_INFINITY;
    answers = 0;
  }

  function roll(at: number): void {
    // Windows keep their 100 ms grid, so each holds the answers of its own 100 ms; the ones a
    // pause skipped had none.
    for (let judged = 0; at - windowStart >= windowMs && judged <= RATE_WINDOWS; judged += 1) {
      judge();
      windowStart += windowMs;
    }
    if (at - windowStart >= windowMs) windowStart += Math.floor((at - windowStart) / windowMs) * windowMs;
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
