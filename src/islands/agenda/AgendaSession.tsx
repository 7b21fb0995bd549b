import type { MouseEvent } from 'react';
import type { MemberSession, Track } from '~/contracts/agenda';
import { backToMain, playStream } from '~/islands/stream/stream.store';
import { timeRange } from '~/lib/dates';
import type { Translate } from '~/lib/translate';
import { isLocked, isOnNow } from './agenda-view';
import { SessionDocuments } from './SessionDocuments';

interface Props {
  session: MemberSession;
  track: Track | undefined;
  eventId: number;
  timeZone: string;
  t: Translate;
  now: number;
  isBookingEnabled: boolean;
  isPending: boolean;
  /** agendaSessionGoToMainStage: sessions without their own stream link to the main stage. */
  canGoToMainStage: boolean;
  isHighlighted?: boolean;
  /** The session is on the main stage's track (the first), or has none: without a stream of its own it plays there. */
  isOnMainTrack: boolean;
  /** Keeps element ids unique when the agenda and My program share a page. */
  idPrefix: string;
  onToggle: (session: MemberSession) => void;
}

/** On the stage the player is on this page: switch its stream instead of navigating. */
function switchStream(event: MouseEvent<HTMLAnchorElement>, play: () => void): void {
  if (!document.getElementById('stage-stream')) return;
  event.preventDefault();
  play();
  document.getElementById('stage-stream')?.scrollIntoView({ block: 'nearest' });
}

function LockIcon({ label, reason }: { label: string; reason: string }) {
  return (
    <span className="session-lock" role="img" aria-label={`${label}. ${reason}`} title={reason}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
      </svg>
    </span>
  );
}

/** One session of docs/product.md §2's agenda tab: track bar, time range, seats, booking, more info, scene, documents. */
export function AgendaSession({ session, track, eventId, timeZone, t, now, isBookingEnabled, isPending, canGoToMainStage, isHighlighted = false, isOnMainTrack, idPrefix, onToggle }: Props) {
  // "Go to <room>": the track names the room where it shows (docs/agenda.md "Where a session is").
  const room = track && !track.hideTrackTitle ? track.title : undefined;
  const goToLabel = room ? t('agenda.goToRoom', { room }) : undefined;
  const hasEnded = Date.parse(session.endDate) <= now;
  const isLive = isOnNow(session, now);
  const locked = isLocked(session, now);
  const seats = session.seatsLeft === null ? null
    : session.seatsLeft > 0 ? t(session.seatsLeft === 1 ? 'agenda.seatsLeft_one' : 'agenda.seatsLeft_other', { count: session.seatsLeft }) : t('agenda.full');
  const style = track?.headerBackgroundColor ? { '--track-colour': track.headerBackgroundColor } as React.CSSProperties : undefined;
  const hasMore = Boolean(session.description) || session.speakers.length > 0;
  return (
    <article className={`agenda-session${isHighlighted ? ' is-highlighted' : ''}`} style={style} data-session-id={session.id}
      id={`${idPrefix}-session-${session.id}`} tabIndex={-1} aria-labelledby={`${idPrefix}-session-title-${session.id}`}>
      <div className="session-meta">
        <span className="session-time">
          <span className="visually-hidden">{t('agenda.time')}: </span>{timeRange(session.startDate, session.endDate, timeZone)}
        </span>
        {isLive && <span className="session-live">{t('agenda.live')}</span>}
        {track && !track.hideTrackTitle ? <span className="session-track">{track.title}</span>
          : session.trackId === '0' ? <span className="session-track">{t('agenda.breakout')}</span> : null}
        {seats && <span className={`session-seats${session.seatsLeft === 0 ? ' is-full' : ''}`} data-seats-left={session.seatsLeft ?? ''}>{seats}</span>}
        {hasEnded && <span className="session-ended">{t('agenda.ended')}</span>}
      </div>
      <div className="session-head">
        <h4 id={`${idPrefix}-session-title-${session.id}`}>{session.title}</h4>
        {isBookingEnabled && (locked
          ? <LockIcon label={t('booking.locked', { title: session.title })} reason={t(hasEnded ? 'booking.lockedEnded' : 'booking.lockedFull')} />
          : (
            <span className="session-booking">
            {session.isBooked && <span className="session-booked">{t('booking.booked')}</span>}
            <button type="button" className={`button session-book${session.isBooked ? ' secondary' : ''}`} disabled={isPending}
              aria-label={t(session.isBooked ? 'booking.cancelTitle' : 'booking.attendTitle', { title: session.title })}
              onClick={() => onToggle(session)}>
              {t(session.isBooked ? 'booking.cancel' : 'booking.attend')}
            </button>
            </span>
          ))}
      </div>
      {session.subtitle && <p className="session-subtitle">{session.subtitle}</p>}
      <div className="session-actions">
        {hasMore && (
          <details className="session-extra" open={isHighlighted}>
            <summary>{t('agenda.moreInfo')}</summary>
            {session.description && <div className="session-description" dangerouslySetInnerHTML={{ __html: session.description }} />}
            {session.speakers.length > 0 && (
              <ul className="session-speakers" aria-label={t('agenda.speakers')}>
                {session.speakers.map((p) => (
                  <li key={p.id}>{p.name} {p.lastName}{p.jobTitle || p.company ? `, ${[p.jobTitle, p.company].filter(Boolean).join(', ')}` : ''}</li>
                ))}
              </ul>
            )}
          </details>
        )}
        {session.docIds.length > 0 && <SessionDocuments eventId={eventId} sessionId={session.id} title={session.title} t={t} />}
        {session.liveUrl ? (
          <a className="session-link" href={`/stage?session=${session.id}`} aria-label={`${goToLabel ?? t('agenda.goToScene')}: ${session.title}`}
            onClick={(e) => switchStream(e, () => playStream({ url: session.liveUrl, title: session.title, sessionId: session.id }))}>
            {goToLabel ?? t('agenda.goToScene')}
          </a>
        ) : canGoToMainStage && isOnMainTrack ? (
          <a className="session-link" href="/stage?watch" aria-label={`${goToLabel ?? t('agenda.goToMainStage')}: ${session.title}`} onClick={(e) => switchStream(e, backToMain)}>
            {goToLabel ?? t('agenda.goToMainStage')}
          </a>
        ) : null}
      </div>
    </article>
  );
}
