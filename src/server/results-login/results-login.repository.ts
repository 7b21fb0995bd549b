import type { Db } from '~/server/db/database';

export type ResultsScope = 'poll' | 'generic' | 'participant';

export interface ResultsSessionRecord {
  id: number;
  eventId: number;
  scope: ResultsScope;
  pollAccessKey: string | null;
  expiresAt: string;
}

/** The passwords a results login checks, as stored hashes (null: none set). */
export interface ResultsPasswords {
  generic: string | null;
  participants: string | null;
}

/** Results and admission sessions, and the password hashes they are opened with (migration 0070). */
export function createResultsLoginRepository({ kysely }: Db) {
  return {
    async findEventPasswords(eventId: number): Promise<ResultsPasswords> {
      const row = await kysely.selectFrom('events').select(['results_password_hash', 'participants_password_hash'])
        .where('id', '=', eventId).executeTakeFirst();
      return { generic: row?.results_password_hash ?? null, participants: row?.participants_password_hash ?? null };
    },

    /** A top-level poll of the event with this access key: undefined when none; `hash` its own results password. */
    async findPollPassword(eventId: number, accessKey: string): Promise<{ hash: string | null } | undefined> {
      const row = await kysely.selectFrom('polls').select(['results_password_hash']).where('event_id', '=', eventId)
        .where('access_key', '=', accessKey).where('parent_id', 'is', null).executeTakeFirst();
      return row && { hash: row.results_password_hash ?? null };
    },

    async insert(session: { eventId: number; tokenHash: string; scope: ResultsScope; pollAccessKey: string | null; createdAt: string; expiresAt: string }): Promise<void> {
      await kysely.insertInto('results_sessions').values({
        event_id: session.eventId, token_hash: session.tokenHash, scope: session.scope, poll_access_key: session.pollAccessKey,
        created_at: session.createdAt, expires_at: session.expiresAt,
      }).execute();
    },

    /** A live session of this event by its token hash. */
    async findLive(tokenHash: string, eventId: number, now: string): Promise<ResultsSessionRecord | undefined> {
      const row = await kysely.selectFrom('results_sessions').selectAll().where('token_hash', '=', tokenHash)
        .where('event_id', '=', eventId).where('expires_at', '>', now).executeTakeFirst();
      return row && {
        id: row.id, eventId: row.event_id, scope: row.scope, pollAccessKey: row.poll_access_key, expiresAt: row.expires_at,
      };
    },

    async deleteExpired(now: string): Promise<void> {
      await kysely.deleteFrom('results_sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type ResultsLoginRepository = ReturnType<typeof createResultsLoginRepository>;
