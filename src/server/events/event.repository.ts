import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { EventTable, LobbyElementTable } from '~/server/db/schema';
import { toInt } from '~/server/db/sql-values';

export type EventRow = Selectable<EventTable>;
export type LobbyElementRow = Selectable<LobbyElementTable>;

/** The only place event rows are read; `identity` is a slug or a numeric id. */
export function createEventRepository(db: Db) {
  const { kysely } = db;
  const byIdentity = (identity: string) => {
    const id = /^\d{1,9}$/.test(identity) ? Number(identity) : -1;
    return kysely.selectFrom('events').where((eb) => eb.or([eb('slug', '=', identity), eb('id', '=', id)]));
  };

  return {
    /** The cheap probe run on every request: which event, at which version. */
    async findVersion(identity: string): Promise<{ id: number; version: number } | undefined> {
      const row = await byIdentity(identity).select(['id', 'version']).executeTakeFirst();
      return row && { id: toInt(row.id), version: toInt(row.version) };
    },

    async findById(id: number): Promise<EventRow | undefined> {
      return kysely.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findLobbyElements(eventId: number): Promise<LobbyElementRow[]> {
      return kysely.selectFrom('lobby_elements').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
    },

    async countEvents(): Promise<number> {
      const row = await kysely.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return toInt(row.n);
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
