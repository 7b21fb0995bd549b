import type { Db } from '~/server/db/database';
import type { AfterErase, PersonalDataScope, PersonalDataSource } from '~/server/shared/personal-data';

/** Builds a source on a database handle (the transaction's, when the privacy repository runs it). */
export type PersonalDataSourceFactory = (db: Db) => PersonalDataSource;

/**
 * Runs every domain's source in one transaction: a download is one consistent snapshot, and an
 * erasure is all or nothing (a failing source leaves the account as it was).
 */
export function createPersonalDataRepository(db: Db, factories: readonly PersonalDataSourceFactory[]) {
  const inTransaction = <T>(work: (sources: PersonalDataSource[]) => Promise<T>): Promise<T> =>
    db.kysely.transaction().execute((trx) => work(factories.map((make) => make({ ...db, kysely: trx }))));

  return {
    exportAll(scope: PersonalDataScope): Promise<Record<string, unknown>> {
      return inTransaction(async (sources) => {
        const sections: Record<string, unknown> = {};
        for (const source of sources) sections[source.name] = await source.export(scope);
        return sections;
      });
    },

    /** Erases in list order (the account itself last); answers the work to run after the commit. */
    eraseAll(scope: PersonalDataScope): Promise<AfterErase[]> {
      return inTransaction(async (sources) => {
        const after: AfterErase[] = [];
        for (const source of sources) {
          const then = await source.erase(scope);
          if (then) after.push(then);
        }
        return after;
      });
    },
  };
}

export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
