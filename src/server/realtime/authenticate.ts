import type { IncomingMessage } from 'node:http';

/** Who holds a socket. `userId` is null for an anonymous visitor; presence will key on it. */
export interface RealtimeUser {
  userId: number | null;
  /** The login session (token family) behind the socket, so ending it closes the socket. */
  sessionId?: string | null;
}

/**
 * Decides whether an upgrade may join the event's channel: the user (null id = anonymous), or
 * null to refuse with 401. runtime.ts plugs in the session-cookie check.
 */
export type Authenticator = (request: IncomingMessage, eventId: number) => Promise<RealtimeUser | null>;

/** Today any visitor of the event's host may listen (docs/realtime.md says so). */
export const allowAnyVisitor: Authenticator = () => Promise.resolve({ userId: null });
