import type { StorageState } from '~/server/shared/storage-health';
import type { OpsState } from './instruments';

/** How long the database may take to answer `select 1` before the node counts as not ready. */
export const DATABASE_TIMEOUT_MS = 2000;

/** How long after the traffic gate refused a request /readyz says the node sheds. */
export const SHEDDING_SHOWN_MS = 1000;

export interface Readiness {
  ready: boolean;
  checks: { migrations: boolean; database: boolean; storage: boolean; broker: boolean; draining: boolean };
  /** What the node carries (said, not a check): requests in flight, requests whose bodies are still arriving, whether it shed one in the last second. */
  load: { inFlight: number; receiving: number; shedding: boolean };
}

export interface ReadinessInputs {
  state: OpsState;
  /** What the node's own calls found of the database and the disk (shared/storage-health.ts). */
  storage: StorageState;
  /** Whether the database answers within `timeoutMs` (health.repository.ts). */
  databaseAnswers: (timeoutMs: number) => Promise<boolean>;
  brokerConnected: () => boolean;
}

/**
 * Ready (GET /readyz) means: send this node traffic. It is when migrations ran, the database
 * answers, writes find disk space, the broker is connected, and the node is not draining.
 * Liveness (/healthz) only says the process answers; a node that is not ready must not be
 * restarted for it (it probes its storage and comes back by itself).
 */
export async function readiness({ state, storage, databaseAnswers, brokerConnected }: ReadinessInputs, now = performance.now()): Promise<Readiness> {
  // A database the node's calls could not reach is not asked again here: the storage probe is.
  const isAsked = state.migrated && !state.draining && storage.isDatabaseReachable;
  const database = isAsked ? await databaseAnswers(DATABASE_TIMEOUT_MS) : false;
  const checks = { migrations: state.migrated, database, storage: storage.hasSpace, broker: brokerConnected(), draining: state.draining };
  // Shedding is said, not failed: a node taken out for being busy would hand its load to the
  // others at once, and they would shed and go out in turn (docs/operations.md "Readiness").
  const load = { inFlight: state.inFlight, receiving: state.receiving, shedding: now - state.lastShedAt < SHEDDING_SHOWN_MS };
  return { ready: checks.migrations && checks.database && checks.storage && checks.broker && !checks.draining, checks, load };
}
