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
  /** Marks a key dirty; its flush happens at most `intervalMs` after the previous one. */
  mark(key: K, value: V): void;
  /** Flushes what is dirty now (and waits for a flush under way), e.g. before shutdown. */
  flushNow(): Promise<void>;
  /** Drops the pending work and the timer; later marks are ignored. */
  stop(): void;
}

/**
 * Throttles per-key changes into batches: the first change after a quiet period flushes at
 * once (leading edge), then at most one flush per `intervalMs` carries every key that changed
 * meanwhile. A burst of 10,000 votes on one poll becomes a few flushes a second, and the last
 * vote is flushed within `intervalMs`. Flushes never overlap; one that throws is reported and
 * the next goes ahead.
 */
export function createCoalescer<K, V>({ intervalMs, flush, onError, timers = realTimers }: {
  intervalMs: number;
  flush: (batch: Map<K, V>) => Promise<void>;
  onError: (error: unknown) => void;
  timers?: CoalescerTimers;
}): Coalescer<K, V> {
  let dirty = new Map<K, V>();
  let timer: unknown;
  let running: Promise<void> | undefined;
  let lastFlushAt = -Infinity;
  let isStopped = false;

  function schedule(): void {
    if (timer !== undefined || isStopped || dirty.size === 0) return;
    timer = timers.set(run, Math.max(0, lastFlushAt + intervalMs - timers.now()));
  }

  function run(): void {
    timer = undefined;
    if (running || dirty.size === 0) return; // a running flush reschedules when it ends
    const batch = dirty;
    dirty = new Map();
    lastFlushAt = timers.now();
    running = flush(batch).catch(onError).finally(() => {
      running = undefined;
      schedule();
    });
  }

  return {
    mark(key, value) {
      if (isStopped) return;
      dirty.set(key, value);
      schedule();
    },
    async flushNow() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      await running;
      run();
      await running;
    },
    stop() {
      isStopped = true;
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      dirty.clear();
    },
  };
}
