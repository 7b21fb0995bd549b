import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { MemberAgendaInfo } from '~/contracts/agenda';
import type { Locale } from '~/contracts/event-settings';
import { createT, type Messages } from '~/lib/translate';
import { useHydrated } from '~/islands/ui/use-hydrated';
import { isOtherClock, zoneCity } from '~/lib/zone-city';
import { $agenda, $agendaState, $ownBookingsState, $pending, addOwnBookings, initAgenda, NOTHING_PENDING, refreshAgenda } from './agenda.store';
import { allSessions, filterAgenda, NO_FILTERS, type AgendaFilters } from './agenda-view';
import { AgendaDays } from './AgendaDays';
import { AgendaFilterBar } from './AgendaFilterBar';
import { BookingConfirmDialog } from './BookingConfirmDialog';
import { STAGE_MESSAGE_MS, useBooking } from './use-booking';
import './agenda.css';

export interface AgendaTabProps {
  eventId: number;
  locale: Locale;
  /** Sections agenda and booking of the event's locale (see messagesFor). */
  messages: Messages;
  /** Read for any member (nobody's bookings): the island reads the viewer's and puts them in. */
  initial: MemberAgendaInfo | null;
  canGoToMainStage: boolean;
  /** From the page address (?day=YYYY-MM-DD&session=ID): expanded and scrolled into view. */
  presetDay?: string | undefined;
  presetSession?: number | undefined;
  /** Opens scrolled to the session on now, or the next one (the full agenda from the lobby). */
  startsAtNow?: boolean;
  /**
   * The tab is not shown on arrival but kept in the page (the web app's offline copy): the server
   * renders only a busy placeholder and the browser renders the sessions from `initial` once the
   * island hydrates (client:visible, so when the tab opens). Saves rendering the whole agenda into
   * every answer.
   */
  isRenderedOnOpen?: boolean;
}

const isOnlyMine = (f: AgendaFilters): boolean => f.isMine && !f.search.trim() && f.categoryId === null && !f.from;

/** docs/product.md §2 stage agenda tab. */
export default function AgendaTab(props: AgendaTabProps) {
  initAgenda({ eventId: props.eventId, initial: props.initial });
  const t = useMemo(() => createT(props.messages), [props.messages]);
  // Hydration renders the props (the server's HTML); later renders the shared store, which My program may have filled.
  const isHydrated = useHydrated();
  const stored = useStore($agenda);
  const info = (isHydrated ? stored : null) ?? props.initial;
  const storedState = useStore($agendaState);
  const state = isHydrated ? storedState : 'loading';
  const storedPending = useStore($pending);
  const ownState = useStore($ownBookingsState);
  const pending = isHydrated ? storedPending : NOTHING_PENDING;
  const [filters, setFilters] = useState<AgendaFilters>(NO_FILTERS);
  const booking = useBooking({ t, messageMs: STAGE_MESSAGE_MS, removedKey: 'booking.RemovedAgenda' });

  if (props.isRenderedOnOpen && !isHydrated) return <div className="agenda-tab" aria-busy="true" />;
  if (!info) {
    return state === 'failed'
      ? <div className="agenda-tab"><p role="alert">{t('agenda.loadFailed')}</p><button type="button" className="button" onClick={() => void refreshAgenda()}>{t('agenda.retry')}</button></div>
      : <div className="agenda-tab" aria-busy="true" />;
  }
  // Until the viewer's own bookings are in, every Attend/Cancel waits (disabled, same place): it could be the wrong one.
  const isWaitingForOwn = isHydrated && ownState === 'loading';
  const waiting = isHydrated && ownState !== 'loaded' ? new Set(allSessions(info).map((s) => s.id)) : pending;
  const days = filterAgenda(info, filters);
  const hasSessions = info.days.length > 0;
  return (
    <div className="agenda-tab" aria-busy={isWaitingForOwn || undefined}>
      {hasSessions && (
        <AgendaFilterBar filters={filters} categories={info.categories} firstDay={info.days[0]} lastDay={info.days.at(-1)} locale={props.locale} t={t} onChange={setFilters} />
      )}
      {/* The times are the event's; said where the viewer's clock reads otherwise (after hydration: the page is the same for everyone). */}
      {isHydrated && isOtherClock(info.timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone) && (
        <p className="agenda-zone">{t('agenda.zoneNote', { city: zoneCity(info.timeZone) })}</p>
      )}
      <p className={`agenda-message${booking.message?.isError ? ' is-error' : ''}`} role="status" aria-live="polite">
        {booking.message?.text}
      </p>
      {isHydrated && ownState === 'failed' && (
        <p className="agenda-message is-error" role="alert">
          {t('booking.ownFailed')} <button type="button" className="button secondary" onClick={() => void addOwnBookings()}>{t('agenda.retry')}</button>
        </p>
      )}
      {days.length === 0
        ? <p className="agenda-empty">{t(!hasSessions ? 'agenda.emptyAll' : isOnlyMine(filters) ? 'agenda.emptyMine' : 'agenda.empty')}</p>
        : (
          <AgendaDays days={days} tracks={info.tracks} eventId={props.eventId} timeZone={info.timeZone} locale={props.locale} t={t}
            isBookingEnabled={info.isBookingEnabled} canGoToMainStage={props.canGoToMainStage} pending={waiting} idPrefix="agenda"
            presetDay={props.presetDay} presetSession={props.presetSession} startsAtNow={props.startsAtNow} onToggle={booking.request} />
        )}
      <BookingConfirmDialog session={booking.confirming} t={t} onConfirm={booking.confirm} onClose={booking.dismiss} />
    </div>
  );
}
