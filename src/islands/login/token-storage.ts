import type { TokenResponse } from '~/contracts/login';

/** The tokens kept in the browser, one entry per event (docs/product.md §9 "Token storage key per event"). */
export type StoredTokens = Pick<TokenResponse, 'access_token' | 'refresh_token'>;

const tokensKey = (eventId: number) => `ep.tokens.${eventId}`;
// docs/product.md §9 terms-shown flag; per account too, so a second attendee on a shared device sees the terms.
const termsKey = (eventId: number, username: string) => `ep.termsShown.${eventId}.${username.trim().toLowerCase()}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed iframe): the session cookie still works
  }
}

export function readTokens(eventId: number): StoredTokens | null {
  const raw = storage()?.getItem(tokensKey(eventId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredTokens>;
    return parsed.access_token && parsed.refresh_token ? { access_token: parsed.access_token, refresh_token: parsed.refresh_token } : null;
  } catch {
    return null;
  }
}

export function writeTokens(eventId: number, tokens: StoredTokens): void {
  storage()?.setItem(tokensKey(eventId), JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }));
}

export function removeTokens(eventId: number): void {
  storage()?.removeItem(tokensKey(eventId));
}

export function isTermsShown(eventId: number, username: string): boolean {
  return storage()?.getItem(termsKey(eventId, username)) === '1';
}

export function markTermsShown(eventId: number, username: string): void {
  storage()?.setItem(termsKey(eventId, username), '1');
}
