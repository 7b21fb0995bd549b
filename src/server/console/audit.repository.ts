import type { AuditEntry } from '~/contracts/console';
import type { Db } from '~/server/db/database';
import { parseJson } from '~/server/db/sql-values';

/** A row to write: the entry as listed, without its id, for an organiser of the event. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'userId'> & { eventId: number; userId: number };

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** The console's activity rows; the only place that touches `console_audit`. */
export function createAuditRepository(db: Db) {
  const { kysely } = db;
  return {
    async insert(entry: NewAuditEntry): Promise<number> {
      const row = await kysely.insertInto('console_audit').values({
        event_id: entry.eventId, user_id: entry.userId, user_name: entry.userName, action: entry.action, target: entry.target,
        before: json(entry.before), after: json(entry.after), created_at: entry.createdAt,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Newest first (by id: rows are written in order), only those older than `before` when given. */
    async list(eventId: number, options: { before?: number | undefined; limit: number }): Promise<AuditEntry[]> {
      let query = kysely.selectFrom('console_audit').selectAll().where('event_id', '=', eventId);
      if (options.before !== undefined) query = query.where('id', '<', options.before);
      const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
      return rows.map((row) => ({
        id: row.id, userId: row.user_id, userName: row.user_name, action: row.action,
        target: row.target, before: parseJson<unknown>(row.before, null), after: parseJson<unknown>(row.after, null), createdAt: row.created_at,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
