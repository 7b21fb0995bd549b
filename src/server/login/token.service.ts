import { createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '~/contracts/login';
import type { TokenRepository } from './token.repository';

/** PRODUCT-DECISIONS: access tokens live 12 hours idle / 30 days absolute; refresh tokens rotate. */
export const ACCESS_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Writing the last-used time on every request would turn reads into writes; minutes are precise enough.
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
    const base = { eventId: owner.eventId, userId: owner.userId, createdAt: now.toISOString(), lastUsedAt: now.toISOString(), expiresAt: expires };
    await repository.insert([
      { ...base, kind: 'access', tokenHash: hashToken(access) },
      { ...base, kind: 'refresh', tokenHash: hashToken(refresh) },
    ]);
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_IDLE_MS / 1000, scope: 'openid offline_access' };
  }

  async function findLive(token: string, kind: 'access' | 'refresh', eventId: number) {
    const row = await repository.findByHash(hashToken(token));
    if (!row || row.kind !== kind || row.revokedAt !== null) return undefined;
    // A token for event A never works for event B.
    if (row.eventId !== eventId) return undefined;
    const now = clock().getTime();
    if (Date.parse(row.expiresAt) <= now) return undefined;
    if (kind === 'access' && Date.parse(row.lastUsedAt) + ACCESS_IDLE_MS <= now) return undefined;
    return row;
  }

  return {
    issue,

    /** The owner of a live access token for this event, or undefined. */
    async authenticate(token: string, eventId: number): Promise<TokenOwner | undefined> {
      const row = await findLive(token, 'access', eventId);
      if (!row) return undefined;
      const now = clock();
      if (now.getTime() - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS) await repository.touch(row.id, now.toISOString());
      return { eventId, userId: row.userId };
    },

    /** Rotates a refresh token: the old one stops working, a new pair is issued. */
    async refresh(token: string, eventId: number): Promise<TokenResponse | undefined> {
      const row = await findLive(token, 'refresh', eventId);
      if (!row || !(await repository.revoke(row.id, clock().toISOString()))) return undefined;
      return issue({ eventId, userId: row.userId });
    },

    async revoke(token: string): Promise<void> {
      const row = await repository.findByHash(hashToken(token));
      if (row) await repository.revoke(row.id, clock().toISOString());
    },

    async revokeAll(userId: number): Promise<void> {
      await repository.revokeAllForUser(userId, clock().toISOString());
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
