import { useEffect, useRef } from 'react';
import type { MemberSession, Track } from '~/contracts/agenda';
import type { Locale } from '~/contracts/event-settings';
import { dayHeading } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import type { AgendaDayView } from './agenda-view';
import { AgendaSession } from './AgendaSession';

interface Props {
  days: AgendaDayView[];
  tracks: Track[];
  eventId: number;
  timeZone: string;
  locale: Locale;
  t: Translate;
  isBookingEnabled: boolean;
  canGoToMainStage: boolean;
  pending: ReadonlySet<number>;
  idPrefix: string;
  presetDay?: string | undefined;
  presetSession?: number | undefined;
  startsAtNow?: boolean | undefined;
  onToggle: (session: MemberSession) => void;
}

/**
 * Days as collapsible sections (docs/product.md §2, headings 'dddd DD MMMM' / 'dddd DD. MMMM'). A preset
 * day or session is expanded and scrolled into view once; with `startsAtNow`, the session on now
 * (or the next one).
 */
export function AgendaDays({ days, tracks, eventId, timeZone, locale, t, isBookingEnabled, canGoToMainStage, pending, idPrefix, presetDay, presetSession, startsAtNow = false, onToggle }: Props) {
  const trackById = new Map(tracks.map((track) => [track.id, track]));
  const scrolled = useRef(false);
  const now = Date.now();

  useEffect(() => {
    if (scrolled.current || (presetSession === undefined && !presetDay && !startsAtNow)) return;
    const onNow = days.flatMap((d) => d.slots.flatMap((slot) => slot.sessions)).find((s) => Date.parse(s.endDate) > Date.now());
    const target = presetSession !== undefined ? document.getElementById(`${idPrefix}-session-${presetSession}`)
      : presetDay ? document.getElementById(`${idPrefix}-day-${presetDay}`)
        : onNow ? document.getElementById(`${idPrefix}-session-${onNow.id}`) : null;
    if (!target) return;
    scrolled.current = true;
    target.scrollIntoView({ block: 'start' });
    if (target instanceof HTMLElement && presetSession !== undefined) target.focus({ preventScroll: true });
  });

  return (
    <div className="agenda-days">
      {days.map(({ day, slots }) => {
        const hasPreset = day === presetDay || slots.some((slot) => slot.sessions.some((s) => s.id === presetSession));
        // Without a preset every day starts open; with one, the preset's day does.
        const isOpen = presetDay === undefined && presetSession === undefined ? true : hasPreset;
        return (
          <details key={day} className="agenda-day" open={isOpen} data-agenda-day={day} id={`${idPrefix}-day-${day}`}>
            <summary><h3>{dayHeading(day, locale)}</h3></summary>
            <ol className="agenda-sessions">
              {slots.flatMap((slot) => slot.sessions).map((session) => (
                <li key={session.id}>
                  <AgendaSession session={session} track={trackById.get(session.trackId)} eventId={eventId} timeZone={timeZone} t={t}
                    now={now} isBookingEnabled={isBookingEnabled} isPending={pending.has(session.id)} canGoToMainStage={canGoToMainStage}
                    isHighlighted={session.id === presetSession} isOnMainTrack={!session.trackId || session.trackId === tracks[0]?.id}
                    idPrefix={idPrefix} onToggle={onToggle} />
                </li>
              ))}
            </ol>
          </details>
        );
      })}
    </div>
  );
}
