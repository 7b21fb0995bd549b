import { sql } from 'kysely';
import type { Db } from '~/server/db/database';
import type { OpsState } from './instruments';

/** How long the database may take to answer `select 1` before the node counts as not ready. */
const DATABASE_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  checks: { migrations: boolean; database: boolean; broker: boolean; draining: boolean };
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS); });
  const query = sql`select 1 as one`.execute(db.kysely).then(() => true, () => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ready (GET /readyz) means: send this node traffic. It is when migrations ran, the database
 * answers, the broker is connected, and the node is not draining. Liveness (/healthz) only says
 * the process answers; a node that is not ready must not be restarted for it.
 */
export async function readiness(state: OpsState, db: Db, brokerConnected: () => boolean): Promise<Readiness> {
  const database = state.migrated && !state.draining ? await databaseAnswers(db) : false;
  const checks = { migrations: state.migrated, database, broker: brokerConnected(), draining: state.draining };
  return { ready: checks.migrations && checks.database && checks.broker && !checks.draining, checks };
}
