import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { AuthTokenTable } from '~/server/db/schema';

export type TokenRow = Selectable<AuthTokenTable>;
export type NewToken = Omit<TokenRow, 'id' | 'revoked_at'>;

export function createTokenRepository({ kysely }: Db) {
  return {
    async insert(tokens: NewToken[]): Promise<void> {
      await kysely.insertInto('auth_tokens').values(tokens).execute();
    },

    findByHash(tokenHash: string): Promise<TokenRow | undefined> {
      return kysely.selectFrom('auth_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    async touch(id: number, at: string): Promise<void> {
      await kysely.updateTable('auth_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** Revokes one token if it is still live; true when this call revoked it (refresh rotation). */
    async revoke(id: number, at: string): Promise<boolean> {
      const result = await kysely.updateTable('auth_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revokeAllForUser(userId: number, at: string): Promise<void> {
      await kysely.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
  };
}

export type TokenRepository = ReturnType<typeof createTokenRepository>;
