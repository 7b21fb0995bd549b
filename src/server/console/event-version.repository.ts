import type { Kysely, Transaction } from 'kysely';
import type { Database } from '~/server/db/schema';

/**
 * Bumps the event's version in the change's transaction, for a change of the event's own row (the
 * stage's stream): every node reads the version per request (event.service.ts), so the event and
 * everything kept per version is read again on the next request, on every node, whatever else
 * reaches them. Answers the new version.
 */
export async function bumpEventVersion(trx: Kysely<Database> | Transaction<Database>, eventId: number, at: string): Promise<number> {
  const row = await trx.updateTable('events').set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', eventId).returning('version').executeTakeFirstOrThrow();
  return row.version;
}
