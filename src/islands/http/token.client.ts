import type { TokenResponse } from '~/contracts/login';
import { readTokens, writeTokens, type StoredTokens } from '~/islands/login/token-storage';

/*
 * The OAuth endpoints of docs/product.md §7 (/connect/token, /connect/logout). They stay outside
 * apiFetch: their 401 or 400 means wrong credentials or a spent token, never "log out".
 */

/** POST /connect/token with a grant's form fields; null when no answer came. */
export function requestTokens(fields: Record<string, string>): Promise<Response | null> {
  return fetch('/connect/token', { method: 'POST', body: new URLSearchParams(fields), credentials: 'same-origin' }).catch(() => null);
}

let refreshing: Promise<StoredTokens | null> | null = null;

/**
 * One refresh at a time: parallel 401s wait for the same rotation (refresh tokens are single-use).
 * When another tab already rotated the stored pair, its tokens are used: presenting a rotated
 * refresh token again would look like theft to the server and end the session everywhere.
 */
export function refreshTokens(eventId: number, tokens: StoredTokens): Promise<StoredTokens | null> {
  refreshing ??= (async () => {
    const stored = readTokens(eventId);
    if (stored && stored.refresh_token !== tokens.refresh_token) return stored;
    const response = await requestTokens({ grant_type: 'refresh_token', eventId: String(eventId), refresh_token: tokens.refresh_token });
    if (!response?.ok) return null;
    const fresh = (await response.json()) as TokenResponse;
    writeTokens(eventId, fresh);
    return fresh;
  })().finally(() => { refreshing = null; });
  return refreshing;
}

/** Revokes the session on the server, which also drops the HttpOnly cookie; failures are ignored. */
export async function revokeSession(tokens: StoredTokens | null): Promise<void> {
  const headers = new Headers();
  if (tokens) headers.set('authorization', `Bearer ${tokens.access_token}`);
  await fetch('/connect/logout', { method: 'POST', headers, credentials: 'same-origin' }).catch(() => undefined);
}
