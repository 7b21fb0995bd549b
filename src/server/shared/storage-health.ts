import { log } from '~/server/log';
import { storageFaultOf, type StorageFault } from './storage-faults';

/** How often a node that lost its database or its disk space checks whether it is back. */
export const PROBE_INTERVAL_MS = 1000;

/** What the node knows of its storage, from the errors and successes of its own calls. */
export interface StorageState {
  /** False from a call that could not reach the database until a call or the probe reaches it. */
  isDatabaseReachable: boolean;
  /** False from a write that ran out of space until a write or the probe succeeds. */
  hasSpace: boolean;
}

/** The cheap checks run only while something is wrong (database.ts registers them). */
export interface StorageProbes {
  /** Resolves when the database answers a trivial query. */
  database(): Promise<unknown>;
  /** Resolves when a small file can be written where the node keeps its data. */
  space(): Promise<unknown>;
}

function createStorageHealth() {
  const state: StorageState = { isDatabaseReachable: true, hasSpace: true };
  let probes: StorageProbes | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isProbing = false;

  const reached = (): void => {
    if (state.isDatabaseReachable) return;
    state.isDatabaseReachable = true;
    log.info('database reachable again');
  };
  const spaceBack = (): void => {
    if (state.hasSpace) return;
    state.hasSpace = true;
    log.info('disk space available again: writes succeed');
  };

  // One probe round at a time; a probe that fails leaves the state as it is.
  async function probe(): Promise<void> {
    if (isProbing || !probes) return;
    isProbing = true;
    try {
      if (!state.isDatabaseReachable) await probes.database().then(reached, () => undefined);
      if (!state.hasSpace) await probes.space().then(spaceBack, () => undefined);
    } finally {
      isProbing = false;
      if (state.isDatabaseReachable && state.hasSpace) stopProbing();
    }
  }
  function startProbing(): void {
    if (timer) return;
    timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
    timer.unref();
  }
  function stopProbing(): void {
    clearInterval(timer);
    timer = undefined;
  }

  return {
    state,
    /**
     * Classifies what a database call or file write failed with and, when the database was lost or
     * the disk is full, marks the node unhealthy (readiness fails) and probes until it is back.
     * Returns the fault, or undefined when the error is no storage fault.
     */
    failed(error: unknown): StorageFault | undefined {
      const fault = storageFaultOf(error);
      if (fault === 'unavailable' && state.isDatabaseReachable) {
        state.isDatabaseReachable = false;
        log.error('database unreachable: answering 503 until it is back', { error: error instanceof Error ? error.message : String(error) });
        startProbing();
      } else if (fault === 'full' && state.hasSpace) {
        state.hasSpace = false;
        log.error('out of disk space: writes answer 507 until space is freed', { error: error instanceof Error ? error.message : String(error) });
        startProbing();
      }
      return fault;
    },
    /** A database call succeeded (`isWrite`: it changed data): what it proves is healthy again. */
    succeeded(isWrite: boolean): void {
      if (!state.isDatabaseReachable) reached();
      if (isWrite && !state.hasSpace) spaceBack();
    },
    /** Sets the checks the probe runs while unhealthy (the database opened last). */
    watch(next: StorageProbes): void {
      probes = next;
    },
    /** Forgets the state and stops probing (the database closed). */
    reset(): void {
      stopProbing();
      state.isDatabaseReachable = true;
      state.hasSpace = true;
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;

// On globalThis like ops(): every copy of this module (pages, runtime) must read one state.
const KEY = Symbol.for('eventplatform.storage-health');
const slot = globalThis as { [KEY]?: StorageHealth };

/** The process-wide storage health (docs/operations.md "Faults"). */
export function storageHealth(): StorageHealth {
  slot[KEY] ??= createStorageHealth();
  return slot[KEY];
}
