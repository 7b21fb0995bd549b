import type { BookedSession, BookingResult, MemberAgendaInfo } from '~/contracts/agenda';
import type { EventDocument } from '~/contracts/documents';
import { ApiError } from '~/islands/http/api-error';
import { eventApiUrl, memberJson, type ApiCall } from '~/islands/http/api.client';

/** Why a call failed, as the tab words it: SPEC §4 full / ended, or anything else. */
export type BookingFailure = 'full' | 'closed' | 'disabled' | 'failed';

export type BookingAnswer = { ok: true; result: BookingResult } | { ok: false; reason: BookingFailure };

export const fetchAgenda = (eventId: number): Promise<MemberAgendaInfo> => memberJson(eventId, 'liveGetAgendaInfo');

export const fetchBookedSessions = (eventId: number): Promise<BookedSession[]> => memberJson(eventId, 'liveGetAgendaInfo/bookedSessions');

export const fetchSessionDocuments = (eventId: number, sessionId: number): Promise<EventDocument[]> =>
  memberJson(eventId, `sessions/${sessionId}/documents`);

const REASONS: Record<string, BookingFailure> = { 'booking.full': 'full', 'booking.closed': 'closed', 'booking.forbidden': 'disabled' };

async function bookingCall(eventId: number, path: string, call: ApiCall): Promise<BookingAnswer> {
  try {
    return { ok: true, result: await memberJson<BookingResult>(eventId, path, call) };
  } catch (error) {
    return { ok: false, reason: error instanceof ApiError ? REASONS[error.code] ?? 'failed' : 'failed' };
  }
}

/** SPEC §7 POST liveGetAgendaInfo/bookSession with EventId and SessionId. */
export const bookSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(eventId, 'liveGetAgendaInfo/bookSession', { method: 'POST', body: { EventId: eventId, SessionId: sessionId } });

/** SPEC §7 DELETE liveGetAgendaInfo/{id}/bookSession. */
export const cancelSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(eventId, `liveGetAgendaInfo/${sessionId}/bookSession`, { method: 'DELETE' });

export const calendarUrl = (eventId: number): string => eventApiUrl(eventId, 'myProgram.ics');
