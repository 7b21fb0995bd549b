import { REALTIME_CLOSE } from '~/contracts/realtime';

/** Close code of a socket whose session ended (logout, password change, account deleted): the client logs out and stays away. */
export const SESSION_ENDED_CODE = REALTIME_CLOSE.sessionEnded;

/** "The sessions of this user (or only `sessionId`) ended": what a hub tells every hub to close their sockets. */
export interface SessionEnd {
  eventId: number;
  userId: number;
  sessionId?: string | undefined;
}

export function sessionEndMessage(end: SessionEnd): Buffer {
  return Buffer.from(JSON.stringify({ type: 'session-end', ...end }));
}

/** The session end in a control message, or undefined for anything else. */
export function parseSessionEnd(message: Buffer): SessionEnd | undefined {
  let value: unknown;
  try {
    value = JSON.parse(message.toString('utf8'));
  } catch {
    return undefined;
  }
  const end = value as { type?: unknown; eventId?: unknown; userId?: unknown; sessionId?: unknown } | null;
  if (end?.type !== 'session-end' || !Number.isInteger(end.eventId) || !Number.isInteger(end.userId)) return undefined;
  if (end.sessionId !== undefined && typeof end.sessionId !== 'string') return undefined;
  return { eventId: end.eventId as number, userId: end.userId as number, sessionId: end.sessionId };
}
