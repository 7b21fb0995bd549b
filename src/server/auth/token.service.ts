import { createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '~/contracts/auth';
import { toInt } from '~/server/db/sql-values';
import type { TokenRepository } from './token.repository';

/** PRODUCT-DECISIONS: access tokens live 12 hours idle / 30 days absolute; refresh tokens rotate. */
export const ACCESS_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_used_at on every request would turn reads into writes; minutes are precise enough.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
const newToken = (): string => randomBytes(32).toString('base64url');

export interface TokenOwner {
  eventId: number;
  userId: number;
}

export function createTokenService({ repository, clock = () => new Date() }: { repository: TokenRepository; clock?: () => Date }) {
  async function issue(owner: TokenOwner): Promise<TokenResponse> {
    const now = clock();
    const access = newToken();
    const refresh = newToken();
    const expires = new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
    const base = { event_id: owner.eventId, user_id: owner.userId, created_at: now.toISOString(), last_used_at: now.toISOString(), expires_at: expires };
    await repository.insert([
      { ...base, kind: 'access', token_hash: hashToken(access) },
      { ...base, kind: 'refresh', token_hash: hashToken(refresh) },
    ]);
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_IDLE_MS / 1000, scope: 'openid offline_access' };
  }

  async function findLive(token: string, kind: 'access' | 'refresh', eventId: number) {
    const row = await repository.findByHash(hashToken(token));
    if (!row || row.kind !== kind || row.revoked_at !== null) return undefined;
    // A token for event A never works for event B.
    if (toInt(row.event_id) !== eventId) return undefined;
    const now = clock().getTime();
    if (Date.parse(row.expires_at) <= now) return undefined;
    if (kind === 'access' && Date.parse(row.last_used_at) + ACCESS_IDLE_MS <= now) return undefined;
    return row;
  }

  return {
    issue,

    /** The owner of a live access token for this event, or undefined. */
    async authenticate(token: string, eventId: number): Promise<TokenOwner | undefined> {
      const row = await findLive(token, 'access', eventId);
      if (!row) return undefined;
      const now = clock();
      if (now.getTime() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) await repository.touch(toInt(row.id), now.toISOString());
      return { eventId, userId: toInt(row.user_id) };
    },

    /** Rotates a refresh token: the old one stops working, a new pair is issued. */
    async refresh(token: string, eventId: number): Promise<TokenResponse | undefined> {
      const row = await findLive(token, 'refresh', eventId);
      if (!row || !(await repository.revoke(toInt(row.id), clock().toISOString()))) return undefined;
      return issue({ eventId, userId: toInt(row.user_id) });
    },

    async revoke(token: string): Promise<void> {
      const row = await repository.findByHash(hashToken(token));
      if (row) await repository.revoke(toInt(row.id), clock().toISOString());
    },

    async revokeAll(userId: number): Promise<void> {
      await repository.revokeAllForUser(userId, clock().toISOString());
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
