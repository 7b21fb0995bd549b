import { atom } from 'nanostores';
import { closeRealtime } from '~/islands/realtime/realtime.store';
import { readTokens, removeTokens, writeTokens, type StoredTokens } from './token-storage';

/** The event this page belongs to; islands bind it from their props before any call. */
export const $eventId = atom<number | null>(null);
/** True while a logout is under way, so parallel 401s do not start a second one. */
export const $isLoggingOut = atom(false);

type LogoutHook = () => void;
// SPEC §4 logout: close the realtime socket with 1000, which also stops its heartbeat.
const logoutHooks = new Set<LogoutHook>([() => closeRealtime(1000)]);

/**
 * Work to undo on logout besides the tokens: the realtime store registers closing its socket
 * with code 1000 and stopping its heartbeat here (SPEC §4), other stores clear their state.
 * Returns the unregister function.
 */
export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

export function bindEvent(eventId: number): void {
  if ($eventId.get() !== eventId) $eventId.set(eventId);
}

function boundEvent(): number {
  const eventId = $eventId.get();
  if (eventId === null) throw new Error('auth store used before bindEvent()');
  return eventId;
}

export function storeTokens(tokens: StoredTokens): void {
  writeTokens(boundEvent(), tokens);
}

function withBearer(init: RequestInit | undefined, tokens: StoredTokens | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (tokens && !headers.has('authorization')) headers.set('authorization', `Bearer ${tokens.access_token}`);
  return { ...init, headers, credentials: 'same-origin' };
}

let refreshing: Promise<StoredTokens | null> | null = null;

/** One refresh at a time: parallel 401s wait for the same rotation (refresh tokens are single-use). */
function refreshTokens(eventId: number, tokens: StoredTokens): Promise<StoredTokens | null> {
  refreshing ??= (async () => {
    const body = new URLSearchParams({ grant_type: 'refresh_token', eventId: String(eventId), refresh_token: tokens.refresh_token });
    const response = await fetch('/connect/token', { method: 'POST', body, credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok) return null;
    const fresh = (await response.json()) as StoredTokens;
    writeTokens(eventId, fresh);
    return fresh;
  })().finally(() => { refreshing = null; });
  return refreshing;
}

/**
 * fetch() for the API of SPEC §7: adds the event's Bearer token. On a 401 it first tries the
 * refresh token once (an idle access token expires after 12 h, the refresh token lives longer)
 * and repeats the call; when that fails too, the attendee is logged out (SPEC §4 "any 401").
 */
export async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const eventId = boundEvent();
  const tokens = readTokens(eventId);
  let response = await fetch(path, withBearer(init, tokens));
  if (response.status !== 401) return response;
  const fresh = tokens ? await refreshTokens(eventId, tokens) : null;
  if (fresh) response = await fetch(path, withBearer(init, fresh));
  if (response.status === 401) void logout();
  return response;
}

/**
 * SPEC §4 logout: revoke on the server (which also drops the HttpOnly cookie), remove the
 * event's tokens, run the hooks (realtime socket closed with 1000, heartbeat stopped, state
 * cleared), then load the login page afresh.
 */
export async function logout(options: { reload?: boolean } = {}): Promise<void> {
  if ($isLoggingOut.get()) return;
  $isLoggingOut.set(true);
  const eventId = boundEvent();
  const tokens = readTokens(eventId);
  removeTokens(eventId);
  for (const hook of logoutHooks) {
    try { hook(); } catch { /* a failing hook must not keep the attendee signed in */ }
  }
  await fetch('/connect/logout', withBearer({ method: 'POST' }, tokens)).catch(() => undefined);
  if (options.reload !== false) globalThis.location.assign('/login');
  else $isLoggingOut.set(false);
}

/** For the few calls that cannot go through apiFetch (XMLHttpRequest upload progress). */
export function currentAccessToken(): string | null {
  return readTokens(boundEvent())?.access_token ?? null;
}
