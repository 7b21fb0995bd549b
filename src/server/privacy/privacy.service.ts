import type { EventInfo } from '~/contracts/event-info';
import { DomainError } from '~/server/errors';
import { log } from '~/server/log';
import type { RegistrationService } from '~/server/registration/registration.service';
import { take, type Limiter } from '~/server/shared/limiter';
import type { UserService } from '~/server/users/user.service';
import type { PersonalDataRepository } from './personal-data.repository';

type PrivacyEvent = Pick<EventInfo, 'eventId' | 'eventSlug' | 'eventName' | 'locale' | 'timeZone' | 'startDate' | 'endDate'>;

export interface PrivacyServiceDeps {
  repository: PersonalDataRepository;
  users: Pick<UserService, 'findById' | 'findByEmail'>;
  registration: Pick<RegistrationService, 'moveUp'>;
  /** Closes the person's realtime sockets on every node. */
  endSockets: (eventId: number, userId: number) => Promise<void>;
  /** Told after an erasure, so what shows the person's name drops it (kept pages; the timeline, whose posts now read "Deleted attendee"). */
  accountErased?: (eventId: number) => Promise<void>;
  /** Downloads per person: the export reads every domain. */
  downloadLimiter: Limiter;
  clock?: () => Date;
  /** Told after who the participant list shows, or what it shows of them, changed (docs/presence.md). */
  participantsChanged?: (eventId: number) => Promise<void>;
}

export interface PersonalDataExport {
  filename: string;
  data: Record<string, unknown>;
}

/**
 * The attendee's GDPR rights: a copy of everything the platform holds about them,
 * and erasure. The organiser's CLI uses the same two calls by e-mail address.
 */
export function createPrivacyService({ repository, users, registration, endSockets, accountErased, downloadLimiter, clock = () => new Date() }: PrivacyServiceDeps) {
  async function account(eventId: number, userId: number) {
    const user = await users.findById(eventId, userId);
    if (!user) throw new DomainError('auth.unauthorized', 'Log in again');
    return { eventId, userId, email: user.email.toLowerCase() };
  }

  return {
    /** "Download my data": one JSON document, one section per source. */
    async exportData(event: PrivacyEvent, userId: number): Promise<PersonalDataExport> {
      const key = `${event.eventId}:${userId}`;
      const wait = await take(downloadLimiter, key);
      if (wait > 0) throw new DomainError('privacy.rate_limited', 'Too many downloads. Try again later.', { retryAfter: wait });
      const now = clock();
      const sections = await repository.exportAll(await account(event.eventId, userId));
      return {
        filename: `${event.eventSlug}-my-data-${now.toISOString().slice(0, 10).replace(/-/g, '')}.json`,
        data: { event: event.eventName, exportedAt: now.toISOString(), ...sections },
      };
    },

    /**
     * "Delete my account": every source erases or anonymises in one transaction; then what shows
     * the person drops it on every node, files go, the sockets close (the tokens died with the transaction) and the waiting list moves up.
     */
    async deleteAccount(event: PrivacyEvent, userId: number, origin: string): Promise<void> {
      const after = await repository.eraseAll(await account(event.eventId, userId));
      log.info('account erased', { eventId: event.eventId, userId });
      // Nothing may show the person from here on: the participant list, the timeline, kept pages.
      await accountErased?.(event.eventId).catch((error: unknown) => log.warn('erasure not announced', { error: String(error) }));
      for (const work of after) await work().catch((error: unknown) => log.warn('erasure clean-up failed', { error: String(error) }));
      await endSockets(event.eventId, userId).catch((error: unknown) => log.warn('sockets not closed', { error: String(error) }));
      await registration.moveUp(event, origin);
    },

    /** The account id of an address (the organiser's CLI); 404 when the event has none. */
    async findAttendee(eventId: number, email: string): Promise<number> {
      const user = await users.findByEmail(eventId, email);
      if (!user) throw new DomainError('attendee.not_found', 'No attendee with this e-mail address in the event');
      return user.id;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
