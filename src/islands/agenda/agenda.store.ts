import { atom } from 'nanostores';
import type { MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import { bookSession, cancelSession, fetchAgenda, type BookingAnswer } from './agenda.api';
import { watchAgendaChanges } from './agenda-live';
import { withBooking, withSeats } from './agenda-view';

export type LoadState = 'loading' | 'loaded' | 'failed';

/** The attendee's agenda, shared by the stage agenda tab and My program. */
export const $agenda = atom<MemberAgendaInfo | null>(null);
export const $agendaState = atom<LoadState>('loading');
/** Sessions with a booking call in flight (their buttons are disabled). */
export const $pending = atom<ReadonlySet<number>>(new Set());
export const NOTHING_PENDING: ReadonlySet<number> = new Set();

let context: { eventId: number; userId: number } | undefined;
let stopWatching: (() => void) | undefined;

/** Seeds the store in the browser from the page's server render (or loads it); later calls keep the state. */
export function initAgenda(options: { eventId: number; userId: number; initial: MemberAgendaInfo | null }): void {
  // Module state on the server would be shared by every request: server renders use the props.
  if (context || typeof window === 'undefined') return;
  context = { eventId: options.eventId, userId: options.userId };
  if (options.initial) {
    $agenda.set(options.initial);
    $agendaState.set('loaded');
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
  } catch {
    if (!$agenda.get()) $agendaState.set('failed');
  }
}

/** Books or cancels (SPEC §4 not booked ↔ booked); the caller has confirmed already where needed. */
export async function toggleBooking(session: MemberSession): Promise<BookingAnswer> {
  if (!context) return { ok: false, reason: 'failed' };
  const { eventId, userId } = context;
  $pending.set(new Set([...$pending.get(), session.id]));
  try {
    const answer = session.isBooked ? await cancelSession(eventId, session.id) : await bookSession(eventId, session.id);
    const info = $agenda.get();
    if (answer.ok && info) {
      $agenda.set(withBooking(info, session.id, answer.result.isBooked, answer.result.seatsLeft, userId));
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
  $pending.set(new Set());
}
