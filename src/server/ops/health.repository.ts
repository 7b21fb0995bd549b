import type { Db } from '~/server/db/database';

/** The database's side of readiness: does it answer a trivial query in time, on a connection the calls' pool does not hold? */
export function createHealthRepository(db: Db) {
  return {
    answers: (timeoutMs: number): Promise<boolean> => db.answers(timeoutMs),
  };
}
