import { sql } from 'kysely';
import type { Db } from '~/server/db/database';
import { storageHealth } from '~/server/shared/storage-health';

/** The database's side of readiness: does it answer a trivial query in time? */
export function createHealthRepository({ kysely }: Db) {
  return {
    async answers(timeoutMs: number): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
      // A refused connection never reaches kysely's log hook: told here, an idle node learns of it too.
      const query = sql`select 1 as one`.execute(kysely).then(() => true, (error: unknown) => { storageHealth().failed(error); return false; });
      try {
        return await Promise.race([query, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
