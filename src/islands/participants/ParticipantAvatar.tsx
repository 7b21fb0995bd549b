import type { Participant } from '~/contracts/participants';
import { initialsOf } from '~/lib/participant-rules';

interface Props {
  participant: Participant;
  /** Undefined hides the status (the event does not show who is online). */
  isOnline: boolean | undefined;
  size: number;
}

/** The avatar (picture or initials) with the online dot; the status itself is said in text beside it. */
export function ParticipantAvatar({ participant, isOnline, size }: Props) {
  return (
    <span className="participant-avatar" style={{ width: size, height: size }}>
      {participant.Picture
        ? <img src={participant.Picture} alt="" width={size} height={size} loading="lazy" />
        : <span className="participant-initials" aria-hidden="true">{initialsOf(participant)}</span>}
      {isOnline !== undefined && <span className={`presence-dot${isOnline ? ' is-online' : ''}`} aria-hidden="true" />}
    </span>
  );
}
