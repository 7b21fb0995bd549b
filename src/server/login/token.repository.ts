import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { AuthTokenTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';
import { createReadBatcher, padToPowerOfTwo } from '~/server/db/read-batcher';

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

/** The account a token belongs to, as far as a signed-in request needs it. */
export interface TokenUser {
  email: string;
  firstName: string;
  lastName: string;
  isOrganiser: boolean;
}

const toToken = (row: Selectable<AuthTokenTable>): TokenRecord => ({
  id: row.id, eventId: row.event_id, userId: row.user_id, tokenHash: row.token_hash, kind: row.kind, family: row.family,
  createdAt: row.created_at, lastUsedAt: row.last_used_at, expiresAt: row.expires_at, revokedAt: row.revoked_at,
});

export function createTokenRepository({ kysely }: Db) {
  // Run on every signed-in request (the auth guard): built once, see prepareQuery.
  const byHash = prepareQuery(kysely, (p: { hash: string }) => kysely.selectFrom('auth_tokens').selectAll().where('token_hash', '=', p.hash));
  const withUserByHashes = prepareQuery(kysely, (p: { hashes: string[] }) => kysely.selectFrom('auth_tokens')
    .innerJoin('users', (join) => join.onRef('users.id', '=', 'auth_tokens.user_id').onRef('users.event_id', '=', 'auth_tokens.event_id'))
    .selectAll('auth_tokens').select(['users.email', 'users.first_name', 'users.last_name', 'users.is_organiser'])
    .where('auth_tokens.token_hash', 'in', p.hashes), ['hashes']);
  // The requests that arrive together are authenticated with one query (createReadBatcher): still read fresh for each.
  const withUser = createReadBatcher(async (hashes: string[]) => {
    const rows = await withUserByHashes.all({ hashes: padToPowerOfTwo(hashes) });
    return new Map(rows.map((row) => [row.token_hash, {
      token: toToken(row),
      user: { email: row.email, firstName: row.first_name, lastName: row.last_name, isOrganiser: row.is_organiser },
    }]));
  });
  const touchById = prepareQuery(kysely, (p: { id: number; at: string }) => kysely.updateTable('auth_tokens').set({ last_used_at: p.at }).where('id', '=', p.id));

  return {
    async insert(tokens: NewToken[]): Promise<void> {
      await kysely.insertInto('auth_tokens').values(tokens.map((t) => ({
        event_id: t.eventId, user_id: t.userId, token_hash: t.tokenHash, kind: t.kind, family: t.family,
        created_at: t.createdAt, last_used_at: t.lastUsedAt, expires_at: t.expiresAt,
      }))).execute();
    },

    async findByHash(tokenHash: string): Promise<TokenRecord | undefined> {
      const row = await byHash.first({ hash: tokenHash });
      return row && toToken(row);
    },

    /** The token and its account in one read (a token whose account is gone is none). */
    findWithUserByHash(tokenHash: string): Promise<{ token: TokenRecord; user: TokenUser } | undefined> {
      return withUser(tokenHash);
    },

    async touch(id: number, at: string): Promise<void> {
      await touchById.run({ id, at });
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
