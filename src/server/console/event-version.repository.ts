import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/server/db/schema';

/**
 * Bumps the event's version in the change's transaction: every node reads it per request
 * (event.service.ts), so the event info and the polls it caches per version are read again
 * on the next request, on every node, whatever else reaches them. Answers the new version.
 */
export async function bumpEventVersion(trx: Kysely<Database> | Transaction<Database>, eventId: number, at: string): Promise<number> {
  const row = await trx.updateTable('events').set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', eventId).returning('version').executeTakeFirstOrThrow();
  return row.version;
}
