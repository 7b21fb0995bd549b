import { atom } from 'nanostores';
import type { BookedSession, BookingResult, MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import type { EventDocument } from '~/contracts/documents';
import { ApiError } from '~/islands/http/api-error';
import { eventApiUrl, memberJson, type ApiCall } from '~/islands/http/api.client';
import { watchAgendaChanges } from './agenda-live';
import { withBooking, withOwnBookings, withSeats } from './agenda-view';
import { $viewer, loadViewer } from '~/islands/viewer/viewer.store';

/** Why a call failed, as the tab words it: docs/product.md §4 full / ended, or anything else. */
export type BookingFailure = 'full' | 'closed' | 'disabled' | 'failed';

export type BookingAnswer = { ok: true; result: BookingResult } | { ok: false; reason: BookingFailure };

export const fetchAgenda = (eventId: number): Promise<MemberAgendaInfo> => memberJson(eventId, 'liveGetAgendaInfo');

const fetchBookedSessions = (eventId: number): Promise<BookedSession[]> => memberJson(eventId, 'liveGetAgendaInfo/bookedSessions');

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

/** docs/product.md §7 POST liveGetAgendaInfo/bookSession with EventId and SessionId. */
const bookSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(eventId, 'liveGetAgendaInfo/bookSession', { method: 'POST', body: { EventId: eventId, SessionId: sessionId } });

/** docs/product.md §7 DELETE liveGetAgendaInfo/{id}/bookSession. */
const cancelSession = (eventId: number, sessionId: number): Promise<BookingAnswer> =>
  bookingCall(eventId, `liveGetAgendaInfo/${sessionId}/bookSession`, { method: 'DELETE' });

export const calendarUrl = (eventId: number): string => eventApiUrl(eventId, 'myProgram.ics');

let reading: Promise<ReadonlySet<number>> | undefined;

/**
 * The ids of the sessions the viewer booked, for an agenda read for anyone (the kept /webapp,
 * docs/http-cache.md). Read once per page view and shared: OwnBookingsReader
 * starts it right after the page has loaded, so the service worker keeps the answer for My program
 * offline (docs/offline.md) even if neither tab is opened, and the islands use the same answer.
 * A failed read is tried afresh on the next call (a retry, the network back).
 */
export function readOwnBookings(eventId: number): Promise<ReadonlySet<number>> {
  if (!reading) {
    const read = fetchBookedSessions(eventId).then((sessions): ReadonlySet<number> => new Set(sessions.map((s) => s.id)));
    read.catch(() => { if (reading === read) reading = undefined; });
    reading = read;
  }
  return reading;
}

/**
 * After a booking or a cancel: asks again so the service worker's saved answer (what My program
 * shows offline) holds it; the page itself already shows the change.
 */
function resaveOwnBookings(eventId: number): void {
  reading = undefined;
  readOwnBookings(eventId).catch(() => undefined);
}

export type LoadState = 'loading' | 'loaded' | 'failed';

/** The attendee's agenda, shared by the stage agenda tab and My program. */
export const $agenda = atom<MemberAgendaInfo | null>(null);
export const $agendaState = atom<LoadState>('loading');
/** Sessions with a booking call in flight (their buttons are disabled). */
export const $pending = atom<ReadonlySet<number>>(new Set());
export const NOTHING_PENDING: ReadonlySet<number> = new Set();
/**
 * Whether $agenda shows the viewer's own bookings: 'loading' while the page's agenda, read for any
 * member (docs/http-cache.md), waits for them, 'failed' if that read failed.
 */
export const $ownBookingsState = atom<LoadState>('loaded');

let context: { eventId: number } | undefined;
let stopWatching: (() => void) | undefined;

/**
 * Seeds the store in the browser from the page's server render (or loads it); later calls keep the
 * state. `initial` has nobody's bookings (the page is the same for every member): the viewer's are
 * read and put in.
 */
export function initAgenda(options: { eventId: number; initial: MemberAgendaInfo | null }): void {
  // Module state on the server would be shared by every request: server renders use the props.
  if (context || typeof window === 'undefined') return;
  context = { eventId: options.eventId };
  if (options.initial) {
    $agenda.set(options.initial);
    $agendaState.set('loaded');
    void addOwnBookings();
  } else {
    void refreshAgenda();
  }
  stopWatching = watchAgendaChanges({
    onSeats: (seats) => {
      const info = $agenda.get();
      if (info) $agenda.set(withSeats(info, seats));
    },
    onStale: () => void refreshAgenda(),
  });
}

export async function refreshAgenda(): Promise<void> {
  if (!context) return;
  if (!$agenda.get()) $agendaState.set('loading');
  try {
    $agenda.set(await fetchAgenda(context.eventId));
    $agendaState.set('loaded');
    $ownBookingsState.set('loaded');
  } catch {
    if (!$agenda.get()) $agendaState.set('failed');
  }
}

/** Puts the viewer's bookings into an agenda read for anyone; again after a failure (the retry button). */
export async function addOwnBookings(): Promise<void> {
  if (!context) return;
  const { eventId } = context;
  $ownBookingsState.set('loading');
  try {
    const [booked, viewer] = await Promise.all([readOwnBookings(eventId), loadViewer(eventId)]);
    if (!viewer) throw new Error('the viewer is unknown');
    const { userId } = viewer;
    const info = $agenda.get();
    // A full agenda read meanwhile (a reconnect) carries the bookings already.
    if (info && $ownBookingsState.get() === 'loading') $agenda.set(withOwnBookings(info, booked, userId));
    $ownBookingsState.set('loaded');
  } catch {
    if ($ownBookingsState.get() === 'loading') $ownBookingsState.set('failed');
  }
}

/** Books or cancels (docs/product.md §4 not booked ↔ booked); the caller has confirmed already where needed. */
export async function toggleBooking(session: MemberSession): Promise<BookingAnswer> {
  if (!context) return { ok: false, reason: 'failed' };
  const { eventId } = context;
  const userId = $viewer.get()?.userId ?? 0;
  $pending.set(new Set([...$pending.get(), session.id]));
  try {
    const answer = session.isBooked ? await cancelSession(eventId, session.id) : await bookSession(eventId, session.id);
    const info = $agenda.get();
    if (answer.ok && info) {
      $agenda.set(withBooking(info, session.id, answer.result.isBooked, answer.result.seatsLeft, userId));
      resaveOwnBookings(eventId);
    } else if (!answer.ok && answer.reason !== 'failed') {
      // Full or ended: the seats shown were stale, so fetch what is true now.
      void refreshAgenda();
    }
    return answer;
  } finally {
    const next = new Set($pending.get());
    next.delete(session.id);
    $pending.set(next);
  }
}

/** For tests: forget everything. */
export function resetAgenda(): void {
  stopWatching?.();
  stopWatching = undefined;
  context = undefined;
  $agenda.set(null);
  $agendaState.set('loading');
  $ownBookingsState.set('loaded');
  $pending.set(new Set());
  reading = undefined;
}
