import { useEffect, useState } from 'react';
import type { MeetingRoom } from '~/contracts/sponsors';
import { timeOfDay, shortDate } from '~/lib/dates';
import { isRoomAvailable } from '~/lib/sponsor-page';
import type { Translate } from '~/lib/translate';
import { ROOM_CLOCK_MS } from './sponsor-timers';

interface Props {
  rooms: MeetingRoom[];
  timeZone: string;
  t: Translate;
}

/** docs/product.md §2: join only while a room is open; the clock refreshes each minute; otherwise a tooltip says why. */
export function MeetingRooms({ rooms, timeZone, t }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ROOM_CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const when = (room: MeetingRoom) => room.wherebyStartDate && room.wherebyEndDate
    ? `${shortDate(room.wherebyStartDate, timeZone)} ${t('meetingRooms.time', { start: timeOfDay(room.wherebyStartDate, timeZone), end: timeOfDay(room.wherebyEndDate, timeZone) })}`
    : t('meetingRooms.always');

  return (
    <ul className="rooms">
      {rooms.map((room) => {
        const isOpen = isRoomAvailable(room, now);
        const hintId = `room-hint-${room.id}`;
        return (
          <li key={room.id} className="room" data-available={isOpen}>
            <span className="room-name">{room.wherebyMeetingName}</span>
            <span className="room-time">{isOpen ? `${t('meetingRooms.live')} · ` : ''}{when(room)}</span>
            {isOpen ? (
              <a className="button" href={room.wherebyRoomURL} target="_blank" rel="noopener noreferrer"
                aria-label={t('meetingRooms.joinRoom', { name: room.wherebyMeetingName })}>{t('meetingRooms.join')}</a>
            ) : (
              <span className="tooltip-anchor">
                <button type="button" className="button" aria-disabled="true" aria-describedby={hintId} title={t('meetingRooms.unavailable')}
                  aria-label={t('meetingRooms.joinRoom', { name: room.wherebyMeetingName })}>{t('meetingRooms.join')}</button>
                <span role="tooltip" id={hintId} className="tooltip">{t('meetingRooms.unavailable')}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
