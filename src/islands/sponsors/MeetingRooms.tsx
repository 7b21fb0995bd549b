import { useEffect, useState } from 'react';
import type { MeetingRoom } from '~/contracts/sponsors';
import { timeOfDay, shortDate } from '~/lib/dates';
import { fillText } from '~/lib/fill-text';
import { isRoomAvailable } from '~/lib/sponsor-page';
import { ROOM_CLOCK_MS, type RoomLabels } from './sponsor-labels';

interface Props {
  rooms: MeetingRoom[];
  timeZone: string;
  labels: RoomLabels;
}

/** SPEC §2: join only while a room is open; the clock refreshes each minute; otherwise a tooltip says why. */
export function MeetingRooms({ rooms, timeZone, labels }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ROOM_CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const when = (room: MeetingRoom) => room.wherebyStartDate && room.wherebyEndDate
    ? `${shortDate(room.wherebyStartDate, timeZone)} ${fillText(labels.time, { start: timeOfDay(room.wherebyStartDate, timeZone), end: timeOfDay(room.wherebyEndDate, timeZone) })}`
    : labels.always;

  return (
    <ul className="rooms">
      {rooms.map((room) => {
        const isOpen = isRoomAvailable(room, now);
        const hintId = `room-hint-${room.id}`;
        return (
          <li key={room.id} className="room" data-available={isOpen}>
            <span className="room-name">{room.wherebyMeetingName}</span>
            <span className="room-time">{isOpen ? `${labels.live} · ` : ''}{when(room)}</span>
            {isOpen ? (
              <a className="button" href={room.wherebyRoomURL} target="_blank" rel="noopener noreferrer"
                aria-label={fillText(labels.joinRoom, { name: room.wherebyMeetingName })}>{labels.join}</a>
            ) : (
              <span className="tooltip-anchor">
                <button type="button" className="button" aria-disabled="true" aria-describedby={hintId} title={labels.unavailable}
                  aria-label={fillText(labels.joinRoom, { name: room.wherebyMeetingName })}>{labels.join}</button>
                <span role="tooltip" id={hintId} className="tooltip">{labels.unavailable}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
