import { hash, randomBytes } from 'node:crypto';
import type { AuthUser, TokenResponse } from '~/contracts/login';
import type { TokenRecord, TokenRepository } from './token.repository';

/** docs/decisions.md: access tokens live 12 hours idle / 30 days absolute; refresh tokens rotate. */
export const ACCESS_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// Writing the last-used time on every request would turn reads into writes; minutes are precise enough.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

// One-shot: less than half of createHash's CPU, and the auth guard hashes on every request.
export const hashToken = (token: string): string => hash('sha256', token, 'base64url');
const newToken = (): string => randomBytes(32).toString('base64url');

export interface TokenOwner {
  eventId: number;
  userId: number;
}

/** What the auth guard learns of a token that is a live session of another event than the host's: only that. */
export const OTHER_EVENT = 'other-event';

/** The owner of a live access token, with the session (token family) it belongs to. */
export interface SessionOwner extends TokenOwner {
  sessionId: string;
}

/** Sessions that just ended: all of the user's, or only `sessionId`. */
export interface SessionEnd extends TokenOwner {
  sessionId?: string;
}

interface Dependencies {
  repository: TokenRepository;
  clock?: () => Date;
  /** Told after sessions are revoked, so their realtime sockets close on every node. */
  onSessionEnd?: (end: SessionEnd) => Promise<void>;
}

/**
 * Opaque access and refresh tokens. One login starts a session (a token family) whose absolute
 * end is fixed then; refreshing rotates the pair within the family and never moves that end.
 * Logout revokes the family, a password change every family of the user, and a refresh token
 * used a second time (someone else holds a copy) revokes its family too.
 */
export function createTokenService({ repository, clock = () => new Date(), onSessionEnd = () => Promise.resolve() }: Dependencies) {
  async function issue(owner: TokenOwner, session?: { family: string; expiresAt: string }): Promise<TokenResponse> {
    const now = clock();
    const access = newToken();
    const refresh = newToken();
    const family = session?.family ?? newToken();
    const expiresAt = session?.expiresAt ?? new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
    const base = { eventId: owner.eventId, userId: owner.userId, family, createdAt: now.toISOString(), lastUsedAt: now.toISOString(), expiresAt };
    await repository.insert([
      { ...base, kind: 'access', tokenHash: hashToken(access) },
      { ...base, kind: 'refresh', tokenHash: hashToken(refresh) },
    ]);
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_IDLE_MS / 1000, scope: 'openid offline_access' };
  }

  function isExpired(row: TokenRecord): boolean {
    const now = clock().getTime();
    return Date.parse(row.expiresAt) <= now || (row.kind === 'access' && Date.parse(row.lastUsedAt) + ACCESS_IDLE_MS <= now);
  }

  /** A live access token of any event. */
  function isLiveAccess(row: TokenRecord | undefined): row is TokenRecord {
    return row !== undefined && row.kind === 'access' && row.revokedAt === null && !isExpired(row);
  }

  /** The owner of `row` when it is a live access token of this event; touches it now and then. */
  async function liveAccess(row: TokenRecord | undefined, eventId: number): Promise<SessionOwner | undefined> {
    // A token for event A never works for event B.
    if (!isLiveAccess(row) || row.eventId !== eventId) return undefined;
    const now = clock();
    if (now.getTime() - Date.parse(row.lastUsedAt) > TOUCH_EVERY_MS) await repository.touch(row.id, now.toISOString());
    return { eventId, userId: row.userId, sessionId: row.family };
  }

  async function endFamily(row: TokenRecord): Promise<void> {
    await repository.revokeFamily(row.family, clock().toISOString());
    await onSessionEnd({ eventId: row.eventId, userId: row.userId, sessionId: row.family });
  }

  return {
    issue,

    /** The owner (and session) of a live access token for this event, or undefined. */
    async authenticate(token: string, eventId: number): Promise<SessionOwner | undefined> {
      return liveAccess(await repository.findByHash(hashToken(token)), eventId);
    },

    /**
     * `authenticate` and the account behind the token, read together (the auth guard, on every
     * request); `OTHER_EVENT` when the token is a live session, but of another event.
     */
    async authenticateUser(token: string, eventId: number): Promise<AuthUser | typeof OTHER_EVENT | undefined> {
      const found = await repository.findWithUserByHash(hashToken(token));
      if (found && found.token.eventId !== eventId) return isLiveAccess(found.token) ? OTHER_EVENT : undefined;
      const owner = await liveAccess(found?.token, eventId);
      return owner && found && { userId: owner.userId, eventId, ...found.user };
    },

    /**
     * Rotates a refresh token: the old one stops working, a new pair of the same session is
     * issued. A refresh token that was already rotated (or loses a race to its own copy) is in
     * two hands: the whole session is revoked and its sockets closed.
     */
    async refresh(token: string, eventId: number): Promise<TokenResponse | undefined> {
      const row = await repository.findByHash(hashToken(token));
      if (!row || row.kind !== 'refresh' || row.eventId !== eventId) return undefined;
      if (row.revokedAt !== null) return void (await endFamily(row));
      if (isExpired(row)) return undefined;
      if (!(await repository.revoke(row.id, clock().toISOString()))) return void (await endFamily(row));
      return issue({ eventId, userId: row.userId }, { family: row.family, expiresAt: row.expiresAt });
    },

    /** Logout: revokes the session the token belongs to (every access and refresh token of it). */
    async revoke(token: string): Promise<void> {
      const row = await repository.findByHash(hashToken(token));
      if (row) await endFamily(row);
    },

    /** A password change: every session of the user ends. */
    async revokeAll(eventId: number, userId: number): Promise<void> {
      await repository.revokeAllForUser(userId, clock().toISOString());
      await onSessionEnd({ eventId, userId });
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
