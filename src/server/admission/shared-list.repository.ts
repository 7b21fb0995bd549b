import type { SharedListAdmission, SharedListColumn } from '~/contracts/shared-lists';
import type { Db } from '~/server/db/database';
import { parseJson } from '~/server/db/sql-values';

/** A shared list as the event file defined it (migration 0075). */
export interface SharedListRecord {
  id: number;
  key: string;
  name: string;
  description: string | null;
  pin: string;
  columns: SharedListColumn[];
  groupKeys: string[];
  admission: SharedListAdmission;
  includeHidden: boolean;
}

export function createSharedListRepository({ kysely }: Db) {
  return {
    /** Every shared list of the event (a handful), PINs included: the service compares them. */
    async listsOf(eventId: number): Promise<SharedListRecord[]> {
      const rows = await kysely.selectFrom('shared_lists').selectAll().where('event_id', '=', eventId).orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id, key: r.key, name: r.name, description: r.description, pin: r.pin,
        columns: parseJson<SharedListColumn[]>(r.columns, []), groupKeys: parseJson<string[]>(r.group_keys, []),
        admission: r.admission as SharedListAdmission, includeHidden: r.include_hidden,
      }));
    },
  };
}

export type SharedListRepository = ReturnType<typeof createSharedListRepository>;
