import type { ConsoleAgenda, ConsoleAgendaSession } from '~/contracts/console-agenda';
import { dayHeading, timeRange } from '~/lib/dates';
import type { Locale } from '~/contracts/event-settings';
import type { Translate } from '~/lib/translate';
import { byDay } from './session-form';

interface Props {
  agenda: ConsoleAgenda;
  locale: string;
  busy: boolean;
  /** The session the form is open for. */
  openId: number | undefined;
  onEdit: (session: ConsoleAgendaSession) => void;
  onDelete: (session: ConsoleAgendaSession) => void;
  t: Translate;
}

/** The sessions by the day they fall on in the event's zone, each with its time, room, speakers, seats booked, and its Change and Delete buttons. */
export function SessionList({ agenda, locale, busy, openId, onEdit, onDelete, t }: Props) {
  if (agenda.sessions.length === 0) return <p className="console-empty">{t('console.agenda.empty')}</p>;
  const name = (list: { id: number; name: string }[], id: number) => list.find((entry) => entry.id === id)?.name;
  const seats = (s: ConsoleAgendaSession) => (s.seatLimit === null ? t('console.agenda.seats.unlimited', { booked: s.booked }) : t('console.agenda.seats.limited', { booked: s.booked, limit: s.seatLimit }));
  return (
    <>
      {byDay(agenda.sessions, agenda.timeZone).map(([day, sessions]) => (
        <section key={day} className="console-agenda-day" aria-labelledby={`agenda-day-${day}`}>
          <h3 id={`agenda-day-${day}`} className="console-agenda-dayname">{dayHeading(day, locale as Locale)}</h3>
          <ul className="console-list">
            {sessions.map((s) => {
              const speakers = s.speakerIds.map((id) => name(agenda.speakers, id)).filter(Boolean).join(', ');
              const room = s.trackId === null ? undefined : name(agenda.rooms, s.trackId);
              return (
                <li key={s.id} className="console-agenda-session" data-testid={`agenda-session-${s.id}`} aria-current={openId === s.id || undefined}>
                  <h4 className="console-name">{s.title}</h4>
                  <p className="console-meta">
                    <span>{timeRange(s.startDate, s.endDate, agenda.timeZone)}</span>
                    {room && <span>{room}</span>}
                    <span data-testid="agenda-seats">{seats(s)}</span>
                  </p>
                  {speakers && <p className="console-note">{speakers}</p>}
                  <div className="console-actions">
                    <button type="button" className="button secondary" onClick={() => onEdit(s)} aria-label={t('console.agenda.editLabel', { title: s.title })}>{t('console.agenda.edit')}</button>
                    <button type="button" className="button secondary console-danger" disabled={busy} onClick={() => onDelete(s)}
                      aria-label={t('console.agenda.deleteLabel', { title: s.title })}>{t('console.agenda.delete.confirm')}</button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
