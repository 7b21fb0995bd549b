import type { CheckInResponse } from '~/contracts/check-in';
import { answerTime } from '~/lib/answer-time';
import { DomainError } from '~/server/errors';
import type { ResultsGrant } from '~/server/results-login/results-login.service';
import type { WindowLimiter } from '~/server/shared/limiter';
import type { CheckInRepository, TicketAtDoor } from './check-in.repository';

interface DoorEvent { eventId: number; timeZone: string }

/**
 * The door check-in: the admission session scans a ticket in once. A second scan
 * answers when the holder came in; a code that is no ticket of this event is 404. Each scan-in
 * publishes `admission-change` (no names: anyone may listen on the event's channel) so open
 * admission lists refetch.
 */
export function createCheckInService({ repository, limiter, publishChange, clock }: {
  repository: CheckInRepository;
  /** Scans per admission session (a door phone scans at most a few a second). */
  limiter: WindowLimiter;
  publishChange: (eventId: number) => Promise<void>;
  clock: () => Date;
}) {
  const answer = (ticket: TicketAtDoor, status: CheckInResponse['status'], at: string, timeZone: string): CheckInResponse => ({
    status, firstName: ticket.firstName, lastName: ticket.lastName, admittedAt: at, admittedTime: answerTime(at, timeZone).slice(11, 16),
  });

  return {
    async checkIn(event: DoorEvent, grants: ResultsGrant[], code: string): Promise<CheckInResponse> {
      const grant = grants.find((g) => g.scope === 'participant');
      if (!grant) throw new DomainError('results.forbidden', 'Log in to the admission lists');
      const key = `${event.eventId}:${grant.sessionId ?? 0}`;
      const retryAfter = await limiter.take(key);
      if (retryAfter > 0) throw new DomainError('check_in.rate_limited', 'Too many scans; wait a moment', { retryAfter });

      const ticket = await repository.findTicket(event.eventId, code);
      if (!ticket) throw new DomainError('check_in.not_found', 'No ticket of this event has this code');
      if (ticket.admittedAt !== null) return answer(ticket, 'alreadyAdmitted', ticket.admittedAt, event.timeZone);
      const at = clock().toISOString();
      if (!(await repository.admit(ticket.registrationId, at))) {
        // Another door scanned the same ticket a moment ago: theirs is the scan-in.
        const now = await repository.findTicket(event.eventId, code);
        return answer(ticket, 'alreadyAdmitted', now?.admittedAt ?? at, event.timeZone);
      }
      await publishChange(event.eventId);
      return answer(ticket, 'admitted', at, event.timeZone);
    },

    /** Checks an attendee in or out by hand (the console's people area); open admission lists refetch. */
    async setByOrganiser(eventId: number, userId: number, checkedIn: boolean): Promise<void> {
      const tickets = await repository.setByHand(eventId, userId, checkedIn ? clock().toISOString() : null);
      if (tickets === 0) throw new DomainError('check_in.not_found', 'This attendee has no ticket to check in');
      await publishChange(eventId);
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
