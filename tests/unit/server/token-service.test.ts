import { describe, expect, it } from 'vitest';
import type { NewToken, TokenRecord, TokenRepository } from '~/server/login/token.repository';
import { ACCESS_IDLE_MS, createTokenService, hashToken, OTHER_EVENT, SESSION_ABSOLUTE_MS, type SessionEnd } from '~/server/login/token.service';

function memoryRepository(): TokenRepository & { rows: TokenRecord[] } {
  const rows: TokenRecord[] = [];
  return {
    rows,
    insert: (tokens: NewToken[]) => { for (const t of tokens) rows.push({ ...t, id: rows.length + 1, revokedAt: null }); return Promise.resolve(); },
    findByHash: (hash) => Promise.resolve(rows.find((r) => r.tokenHash === hash)),
    findWithUserByHash: (hash) => {
      const token = rows.find((r) => r.tokenHash === hash);
      return Promise.resolve(token && { token, user: { email: `u${token.userId}@test`, firstName: 'Ada', lastName: 'L', isOrganiser: false } });
    },
    touch: (id, at) => { rows.find((r) => r.id === id)!.lastUsedAt = at; return Promise.resolve(); },
    revoke: (id, at) => {
      const row = rows.find((r) => r.id === id && r.revokedAt === null);
      if (row) row.revokedAt = at;
      return Promise.resolve(Boolean(row));
    },
    revokeFamily: (family, at) => { for (const r of rows) if (r.family === family && r.revokedAt === null) r.revokedAt = at; return Promise.resolve(); },
    revokeAllForUser: (userId, at) => { for (const r of rows) if (r.userId === userId) r.revokedAt = at; return Promise.resolve(); },
  };
}

describe('token service', () => {
  it('stores only hashes of the tokens it issues', async () => {
    const repository = memoryRepository();
    const issued = await createTokenService({ repository }).issue({ eventId: 1, userId: 7 });
    expect(repository.rows.map((r) => r.tokenHash)).toEqual([hashToken(issued.access_token), hashToken(issued.refresh_token)]);
    expect(JSON.stringify(repository.rows)).not.toContain(issued.access_token);
  });

  it('accepts an access token for its own event only', async () => {
    const tokens = createTokenService({ repository: memoryRepository() });
    const { access_token } = await tokens.issue({ eventId: 1, userId: 7 });
    expect(await tokens.authenticate(access_token, 1)).toEqual({ eventId: 1, userId: 7, sessionId: expect.any(String) as string });
    expect(await tokens.authenticate(access_token, 2)).toBeUndefined();
  });

  it('gives the account behind a live access token of its own event only, and tells another event\'s live session from none', async () => {
    const repository = memoryRepository();
    const tokens = createTokenService({ repository });
    const { access_token, refresh_token } = await tokens.issue({ eventId: 1, userId: 7 });
    expect(await tokens.authenticateUser(access_token, 1)).toEqual({ userId: 7, eventId: 1, email: 'u7@test', firstName: 'Ada', lastName: 'L', isOrganiser: false });
    expect(await tokens.authenticateUser(access_token, 2)).toBe(OTHER_EVENT);
    expect(await tokens.authenticateUser(refresh_token, 1)).toBeUndefined();
    expect(await tokens.authenticateUser(refresh_token, 2)).toBeUndefined();
    await tokens.revoke(access_token);
    expect(await tokens.authenticateUser(access_token, 1)).toBeUndefined();
    expect(await tokens.authenticateUser(access_token, 2)).toBeUndefined();
  });

  it('refuses an access token idle for longer than 12 hours', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const tokens = createTokenService({ repository: memoryRepository(), clock: () => now });
    const { access_token } = await tokens.issue({ eventId: 1, userId: 7 });
    now = new Date(now.getTime() + ACCESS_IDLE_MS + 1000);
    expect(await tokens.authenticate(access_token, 1)).toBeUndefined();
  });

  it('rotates refresh tokens so a used one cannot be replayed', async () => {
    const tokens = createTokenService({ repository: memoryRepository() });
    const first = await tokens.issue({ eventId: 1, userId: 7 });
    const second = await tokens.refresh(first.refresh_token, 1);
    expect(second?.access_token).toBeTruthy();
    expect(await tokens.refresh(first.refresh_token, 1)).toBeUndefined();
    expect(await tokens.refresh(second!.refresh_token, 2)).toBeUndefined();
  });

  it('stops accepting a revoked token', async () => {
    const tokens = createTokenService({ repository: memoryRepository() });
    const { access_token } = await tokens.issue({ eventId: 1, userId: 7 });
    await tokens.revoke(access_token);
    expect(await tokens.authenticate(access_token, 1)).toBeUndefined();
  });

  it('keeps the absolute end of the first login through refreshes', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const repository = memoryRepository();
    const tokens = createTokenService({ repository, clock: () => now });
    let pair = await tokens.issue({ eventId: 1, userId: 7 });
    for (let day = 1; day <= 29; day += 1) {
      now = new Date(Date.parse('2026-11-22T08:00:00Z') + day * 24 * 3600 * 1000);
      pair = (await tokens.refresh(pair.refresh_token, 1))!;
      expect(pair).toBeDefined();
    }
    expect(new Set(repository.rows.map((r) => r.expiresAt))).toEqual(new Set([new Date(Date.parse('2026-11-22T08:00:00Z') + SESSION_ABSOLUTE_MS).toISOString()]));
    now = new Date(Date.parse('2026-11-22T08:00:00Z') + SESSION_ABSOLUTE_MS);
    expect(await tokens.refresh(pair.refresh_token, 1)).toBeUndefined();
  });

  it('ends the whole session on logout and on a replayed refresh token, and says so', async () => {
    const ended: SessionEnd[] = [];
    const tokens = createTokenService({ repository: memoryRepository(), onSessionEnd: (end) => { ended.push(end); return Promise.resolve(); } });
    const first = await tokens.issue({ eventId: 1, userId: 7 });
    const second = (await tokens.refresh(first.refresh_token, 1))!;
    const { sessionId } = (await tokens.authenticate(second.access_token, 1))!;
    expect(await tokens.refresh(first.refresh_token, 1)).toBeUndefined();
    expect(await tokens.authenticate(second.access_token, 1)).toBeUndefined();
    expect(await tokens.refresh(second.refresh_token, 1)).toBeUndefined();
    expect(ended[0]).toEqual({ eventId: 1, userId: 7, sessionId });

    const other = await tokens.issue({ eventId: 1, userId: 7 });
    await tokens.revoke(other.access_token);
    expect(await tokens.refresh(other.refresh_token, 1)).toBeUndefined();
  });
});
