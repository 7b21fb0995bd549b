import type { BookedSession, BookingResult, MemberAgendaInfo } from '~/contracts/agenda';
import type { EventDocument } from '~/contracts/documents';

/** Why a call failed, as the tab words it: SPEC §4 full / ended, or anything else. */
export type BookingFailure = 'full' | 'closed' | 'disabled' | 'failed';

export type BookingAnswer = { ok: true; result: BookingResult } | { ok: false; reason: BookingFailure };

/*
 * Calls of SPEC §7 from the browser. The HttpOnly session cookie authenticates same-origin
 * calls (the browser adds Origin to writes, which the server checks). SPEC §8: a 401 logs out.
 */

const base = (eventId: number) => `/api/liveEvent/${eventId}`;

function onUnauthorized(response: Response): void {
  if (response.status === 401 && typeof window !== 'undefined') window.location.assign('/login');
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  onUnauthorized(response);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

export const fetchAgenda = (eventId: number): Promise<MemberAgendaInfo> => getJson(`${base(eventId)}/liveGetAgendaInfo`);

export const fetchBookedSessions = (eventId: number): Promise<BookedSession[]> => getJson(`${base(eventId)}/liveGetAgendaInfo/bookedSessions`);

export const fetchSessionDocuments = (eventId: number, sessionId: number): Promise<EventDocument[]> =>
  getJson(`${base(eventId)}/sessions/${sessionId}/documents`);

const REASONS: Record<string, BookingFailure> = { 'booking.full': 'full', 'booking.closed': 'closed', 'booking.forbidden': 'disabled' };

async function bookingCall(url: string, init: RequestInit): Promise<BookingAnswer> {
  const response = await fetch(url, { credentials: 'same-origin', ...init }).catch(() => null);
  if (!response) return { ok: false, reason: 'failed' };
  onUnauthorized(response);
  const body = (await response.json().catch(() => ({}))) as BookingResult & { error?: string };
  if (response.ok) return { ok: true, result: body };
  return { ok: false, reason: REASONS[body.error ?? ''] ?? 'failed' };
}

/** SPEC §7 POST liveGetAgendaInfo/bookSession with EventId and SessionId. */
export const bookSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(`${base(eventId)}/liveGetAgendaInfo/bookSession`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ EventId: eventId, SessionId: sessionId }),
  });

/** SPEC §7 DELETE liveGetAgendaInfo/{id}/bookSession. */
export const cancelSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(`${base(eventId)}/liveGetAgendaInfo/${sessionId}/bookSession`, { method: 'DELETE' });

export const calendarUrl = (eventId: number): string => `${base(eventId)}/myProgram.ics`;
