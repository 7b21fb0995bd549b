import type { Db } from '~/server/db/database';

/** A stored first outcome; `status` undefined while the first request is still being answered. */
export interface StoredOutcome {
  route: string;
  status: number | undefined;
  contentType: string;
  body: string;
  createdAt: string;
}

/** The first outcomes of writes sent with an Idempotency-Key; the only place that touches `idempotent_requests`. */
export function createIdempotencyRepository({ kysely }: Db) {
  return {
    /** Takes the key for a first request: false when a row for it exists already. */
    async claim(userId: number, key: string, route: string, now: string): Promise<boolean> {
      const result = await kysely.insertInto('idempotent_requests')
        .values({ user_id: userId, key, route, status: null, content_type: null, body: null, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** Takes over a claim its request left unanswered (its node stopped) since before `staleBefore`. */
    async reclaim(userId: number, key: string, staleBefore: string, now: string): Promise<boolean> {
      const result = await kysely.updateTable('idempotent_requests').set({ created_at: now })
        .where('user_id', '=', userId).where('key', '=', key).where('status', 'is', null).where('created_at', '<', staleBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async find(userId: number, key: string): Promise<StoredOutcome | undefined> {
      const row = await kysely.selectFrom('idempotent_requests').select(['route', 'status', 'content_type', 'body', 'created_at'])
        .where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
      return row && { route: row.route, status: row.status ?? undefined, contentType: row.content_type ?? 'application/json', body: row.body ?? '', createdAt: row.created_at };
    },

    async complete(userId: number, key: string, outcome: { status: number; contentType: string; body: string }): Promise<void> {
      await kysely.updateTable('idempotent_requests').set({ status: outcome.status, content_type: outcome.contentType, body: outcome.body })
        .where('user_id', '=', userId).where('key', '=', key).execute();
    },

    /** Gives the key back (the first request failed): a retry runs again. */
    async release(userId: number, key: string): Promise<void> {
      await kysely.deleteFrom('idempotent_requests').where('user_id', '=', userId).where('key', '=', key).where('status', 'is', null).execute();
    },

    /** Forgets the user's outcomes older than `before`. */
    async forgetOlder(userId: number, before: string): Promise<void> {
      await kysely.deleteFrom('idempotent_requests').where('user_id', '=', userId).where('created_at', '<', before).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
