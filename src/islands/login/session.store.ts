import { atom } from 'nanostores';
import { closeRealtime, onSessionEnded } from '~/islands/realtime/realtime.store';
import { revokeSession } from '~/islands/http/token.client';
import { clearOfflineCaches } from '~/lib/offline-cache';
import { readTokens, removeTokens, writeTokens, type StoredTokens } from './token-storage';

/** The event this page belongs to; islands bind it from their props before any call. */
export const $eventId = atom<number | null>(null);
/** True while a logout is under way, so parallel 401s do not start a second one. */
export const $isLoggingOut = atom(false);

type LogoutHook = () => void;
// docs/product.md §4 logout: close the realtime socket with 1000, which also stops its heartbeat.
const logoutHooks = new Set<LogoutHook>([() => closeRealtime(1000)]);

/**
 * Work to undo on logout besides the tokens: the realtime store registers closing its socket
 * with code 1000 and stopping its heartbeat here (docs/product.md §4), other stores clear their state.
 * Returns the unregister function.
 */
export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

// The server ended the session (the account was deleted elsewhere): log out here too.
onSessionEnded(() => void logout().catch(() => globalThis.location.assign('/login')));

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

/**
 * docs/product.md §4 logout: revoke on the server (which also drops the HttpOnly cookie), remove the
 * event's tokens, run the hooks (realtime socket closed with 1000, heartbeat stopped, state
 * cleared), delete the service worker's saved pages and data (the next person on this device
 * must not find them offline), then load the login page afresh. `eventId` is for pages that never bound one.
 */
export async function logout(options: { eventId?: number; reload?: boolean } = {}): Promise<void> {
  if ($isLoggingOut.get()) return;
  $isLoggingOut.set(true);
  const eventId = options.eventId ?? boundEvent();
  const tokens = readTokens(eventId);
  removeTokens(eventId);
  for (const hook of logoutHooks) {
    try { hook(); } catch { /* a failing hook must not keep the attendee signed in */ }
  }
  await Promise.all([revokeSession(tokens), clearOfflineCaches().catch(() => undefined)]);
  if (options.reload !== false) globalThis.location.assign('/login');
  else $isLoggingOut.set(false);
}
