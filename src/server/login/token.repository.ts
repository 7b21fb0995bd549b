import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { AuthTokenTable } from '~/server/db/schema';
import { toInt } from '~/server/db/sql-values';

/** A stored access or refresh token; only its hash is kept. */
export interface TokenRecord {
  id: number;
  eventId: number;
  userId: number;
  tokenHash: string;
  kind: 'access' | 'refresh';
  /** The session (one login and its refreshes) the token belongs to. */
  family: string;
  createdAt: string;
  lastUsedAt: string;
  /** The session's absolute end, fixed at login and carried through refreshes. */
  expiresAt: string;
  revokedAt: string | null;
}
export type NewToken = Omit<TokenRecord, 'id' | 'revokedAt'>;

const toToken = (row: Selectable<AuthTokenTable>): TokenRecord => ({
  id: toInt(row.id), eventId: toInt(row.event_id), userId: toInt(row.user_id), tokenHash: row.token_hash, kind: row.kind, family: row.family,
  createdAt: row.created_at, lastUsedAt: row.last_used_at, expiresAt: row.expires_at, revokedAt: row.revoked_at,
});

export function createTokenRepository({ kysely }: Db) {
  return {
    async insert(tokens: NewToken[]): Promise<void> {
      await kysely.insertInto('auth_tokens').values(tokens.map((t) => ({
        event_id: t.eventId, user_id: t.userId, token_hash: t.tokenHash, kind: t.kind, family: t.family,
        created_at: t.createdAt, last_used_at: t.lastUsedAt, expires_at: t.expiresAt,
      }))).execute();
    },

    async findByHash(tokenHash: string): Promise<TokenRecord | undefined> {
      const row = await kysely.selectFrom('auth_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toToken(row);
    },

    async touch(id: number, at: string): Promise<void> {
      await kysely.updateTable('auth_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** Revokes one token if it is still live; true when this call revoked it (refresh rotation). */
    async revoke(id: number, at: string): Promise<boolean> {
      const result = await kysely.updateTable('auth_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Revokes every live token of one session (logout, replayed refresh token). */
    async revokeFamily(family: string, at: string): Promise<void> {
      await kysely.updateTable('auth_tokens').set({ revoked_at: at }).where('family', '=', family).where('revoked_at', 'is', null).execute();
    },

    async revokeAllForUser(userId: number, at: string): Promise<void> {
      await kysely.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
  };
}

export type TokenRepository = ReturnType<typeof createTokenRepository>;
