import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { MemberAgendaInfo } from '~/contracts/agenda';
import type { Locale } from '~/contracts/event-settings';
import { createT, type Messages } from '~/lib/translate';
import { useHydrated } from '~/islands/ui/use-hydrated';
import { $agenda, $ownBookingsState, $pending, addOwnBookings, calendarUrl, initAgenda, NOTHING_PENDING } from './agenda.store';
import { allSessions, filterAgenda, NO_FILTERS } from './agenda-view';
import { AgendaDays } from './AgendaDays';
import { BookingConfirmDialog } from './BookingConfirmDialog';
import { MY_PROGRAM_REMOVED_MS, useBooking } from './use-booking';
import './agenda.css';

export interface MyProgramProps {
  eventId: number;
  locale: Locale;
  /** Sections agenda, booking and myProgram of the event's locale. */
  messages: Messages;
  /**
   * Read for any member: it has nobody's bookings, so the server and the hydration render a busy
   * placeholder, and the island lists the sessions once the viewer's are in.
   */
  initial: MemberAgendaInfo | null;
}

/**
 * docs/product.md §2 My program (profile): the caller's sessions by day with Attend/Cancel behind
 * confirmation modals, plus an .ics download. A session cancelled here stays listed (with
 * Attend) until the panel is opened again, so a mistaken cancel can be undone in place.
 */
export default function MyProgram(props: MyProgramProps) {
  initAgenda({ eventId: props.eventId, initial: props.initial });
  const t = useMemo(() => createT(props.messages), [props.messages]);
  // Hydration renders the props (the server's HTML); later renders the shared store, which the agenda tab may have filled.
  const isHydrated = useHydrated();
  const stored = useStore($agenda);
  const info = (isHydrated ? stored : null) ?? props.initial;
  const storedPending = useStore($pending);
  const pending = isHydrated ? storedPending : NOTHING_PENDING;
  const ownState = useStore($ownBookingsState);
  const [listed] = useState(() => new Set<number>());
  const booking = useBooking({
    t, messageMs: MY_PROGRAM_REMOVED_MS, removedKey: 'booking.successfullyRemovedAgenda', isCancelAlwaysConfirmed: true,
  });
  if (!info || !isHydrated) return <div className="my-program" aria-busy="true" />;
  if (ownState === 'loading') return <div className="my-program" aria-busy="true"><p role="status">{t('myProgram.loading')}</p></div>;
  if (ownState === 'failed') {
    return (
      <div className="my-program">
        <p role="alert">{t('booking.ownFailed')}</p>
        <button type="button" className="button" onClick={() => void addOwnBookings()}>{t('myProgram.retry')}</button>
      </div>
    );
  }

  for (const session of allSessions(info)) if (session.isBooked) listed.add(session.id);
  const days = filterAgenda({ ...info, agenda: keepListed(info, listed) }, NO_FILTERS);
  return (
    <section className="my-program" aria-labelledby="my-program-title">
      <div className="my-program-head">
        <h3 id="my-program-title">{t('myProgram.title')}</h3>
        {listed.size > 0 && <a className="button secondary" href={calendarUrl(props.eventId)} download>{t('myProgram.addToCalendar')}</a>}
      </div>
      <p className="agenda-message" role="status" aria-live="polite">{booking.message?.text}</p>
      {days.length === 0 ? <p className="agenda-empty">{t('myProgram.empty')}</p> : (
        <AgendaDays days={days} tracks={info.tracks} eventId={props.eventId} timeZone={info.timeZone} locale={props.locale} t={t}
          isBookingEnabled={info.isBookingEnabled} canGoToMainStage={false} pending={pending} idPrefix="my-program" onToggle={booking.request} />
      )}
      <BookingConfirmDialog session={booking.confirming} t={t} onConfirm={booking.confirm} onClose={booking.dismiss} />
    </section>
  );
}

function keepListed(info: MemberAgendaInfo, listed: ReadonlySet<number>): MemberAgendaInfo['agenda'] {
  const agenda: MemberAgendaInfo['agenda'] = {};
  for (const [day, slots] of Object.entries(info.agenda)) {
    agenda[day] = Object.fromEntries(Object.entries(slots).map(([time, sessions]) => [time, sessions.filter((s) => listed.has(s.id))]));
  }
  return agenda;
}
