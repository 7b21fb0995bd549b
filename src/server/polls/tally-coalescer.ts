/** The clock and timer a coalescer runs on; tests pass a fake one. */
export interface CoalescerTimers {
  now(): number;
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: CoalescerTimers = {
  now: () => Date.now(),
  // unref: a pending flush never keeps a finished process (or a test run) alive.
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface Coalescer<K, V> {
  /** Marks a key dirty; when it is flushed is described on createCoalescer. */
  mark(key: K, value: V): void;
  /** Flushes what is dirty now (and waits for a flush under way), e.g. before shutdown. */
  flushNow(): Promise<void>;
  /**
   * A flush's frames (this node's or another node's) just went out to this node's sockets and
   * took `durationMs` here. Counted as a flush that ended now and lasted that long, so flushes
   * stay `intervalMs` apart across the nodes and the fan-out stays within 1/`costFactor` of the
   * time, which a flush's own duration does not show when the frames come back through a broker.
   */
  observe(durationMs: number): void;
  /** Drops the pending work and the timer; later marks are ignored. */
  stop(): void;
}

export interface CoalescerTiming {
  /** Least time between the starts of two flushes (`POLL_TALLY_INTERVAL_MS`). */
  intervalMs: number;
  /** Trailing edge: once changes pause this long, what is pending goes out. */
  quietMs?: number;
  /** During a burst that never pauses, a pending change waits at most this long… */
  maxWaitMs?: number;
  /** …and burst flushes start at least this many times the last flush's duration apart. */
  costFactor?: number;
}

/**
 * Batches per-key changes so a flush (a broadcast to every socket) costs a bounded share of the
 * process however fast changes come, while the last change still goes out quickly:
 *
 * - **Leading edge.** The first change after a quiet period flushes at once.
 * - **Trailing edge.** Otherwise what is pending flushes once changes pause for `quietMs`
 *   (counted from the end of the previous flush too: while a flush blocks the event loop no
 *   change can arrive, so that time is not a pause), but never sooner than `intervalMs` after
 *   the previous flush started nor sooner than its own duration after it ended (a flush takes
 *   at most half of the time).
 * - **Sustained burst.** When changes never pause, a flush goes out `maxWaitMs` after the oldest
 *   pending change, spaced at least `max(intervalMs, costFactor × last flush duration)` from
 *   the previous flush start: broadcasts take at most 1/`costFactor` of the time.
 *
 * So a 5-second burst of 10,000 votes on one poll becomes about one flush a second, and the
 * tally after the last vote goes out `quietMs` after it (at worst `intervalMs` plus one flush
 * duration). Flushes never overlap; one that throws is reported and the next goes ahead.
 */
export function createCoalescer<K, V>({ intervalMs, quietMs = 50, maxWaitMs = 1000, costFactor = 4, flush, onError, timers = realTimers }: CoalescerTiming & {
  flush: (batch: Map<K, V>) => Promise<void>;
  onError: (error: unknown) => void;
  timers?: CoalescerTimers;
}): Coalescer<K, V> {
  let dirty = new Map<K, V>();
  let timer: unknown;
  let running: Promise<void> | undefined;
  let lastStart = -Infinity;
  let lastEnd = -Infinity;
  let lastDuration = 0;
  let firstPendingAt = Infinity;
  let lastMarkAt = -Infinity;
  let isStopped = false;

  /** Earliest moment a flush that is not a leading edge may start. */
  const floor = () => Math.max(lastStart + intervalMs, lastEnd + Math.max(quietMs, lastDuration));

  function due(): number {
    const trailing = Math.max(Math.max(lastMarkAt, lastEnd) + quietMs, floor());
    const burst = Math.max(firstPendingAt + maxWaitMs, lastStart + Math.max(intervalMs, costFactor * lastDuration));
    return Math.min(trailing, burst);
  }

  function schedule(): void {
    if (timer !== undefined || running || isStopped || dirty.size === 0) return;
    timer = timers.set(fire, Math.max(0, due() - timers.now()));
  }

  function fire(): void {
    timer = undefined;
    if (running || dirty.size === 0) return; // a running flush reschedules when it ends
    if (due() > timers.now()) return schedule(); // changes kept coming: the trailing edge moved
    run();
  }

  function run(): void {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    const batch = dirty;
    dirty = new Map();
    firstPendingAt = Infinity;
    const started = timers.now();
    lastStart = started;
    running = flush(batch).catch(onError).finally(() => {
      lastEnd = timers.now();
      lastDuration = lastEnd - started;
      running = undefined;
      schedule();
    });
  }

  return {
    mark(key, value) {
      if (isStopped) return;
      const now = timers.now();
      const wasEmpty = dirty.size === 0;
      dirty.set(key, value);
      lastMarkAt = now;
      if (!wasEmpty) return; // a timer (or the running flush) already covers it
      firstPendingAt = now;
      // Leading edge: on the next turn of the loop, so the other polls one submit changed join it.
      if (!running && timer === undefined && now >= floor()) timer = timers.set(run, 0);
      else schedule();
    },
    async flushNow() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      await running;
      if (dirty.size > 0) run();
      await running;
    },
    observe(durationMs) {
      const now = timers.now();
      lastStart = Math.max(lastStart, now - durationMs);
      lastEnd = Math.max(lastEnd, now);
      lastDuration = Math.max(lastDuration, durationMs);
    },
    stop() {
      isStopped = true;
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      dirty.clear();
    },
  };
}
