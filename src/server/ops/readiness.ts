import type { OpsState } from './instruments';

/** How long the database may take to answer `select 1` before the node counts as not ready. */
export const DATABASE_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  checks: { migrations: boolean; database: boolean; broker: boolean; draining: boolean };
}

export interface ReadinessInputs {
  state: OpsState;
  /** Whether the database answers within `timeoutMs` (health.repository.ts). */
  databaseAnswers: (timeoutMs: number) => Promise<boolean>;
  brokerConnected: () => boolean;
}

/**
 * Ready (GET /readyz) means: send this node traffic. It is when migrations ran, the database
 * answers, the broker is connected, and the node is not draining. Liveness (/healthz) only says
 * the process answers; a node that is not ready must not be restarted for it.
 */
export async function readiness({ state, databaseAnswers, brokerConnected }: ReadinessInputs): Promise<Readiness> {
  const database = state.migrated && !state.draining ? await databaseAnswers(DATABASE_TIMEOUT_MS) : false;
  const checks = { migrations: state.migrated, database, broker: brokerConnected(), draining: state.draining };
  return { ready: checks.migrations && checks.database && checks.broker && !checks.draining, checks };
}
