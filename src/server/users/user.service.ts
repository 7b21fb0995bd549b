import type { UserRecord, UserRepository } from './user.repository';

export type { UserRecord } from './user.repository';

/** Attendee accounts for the other domains: they read and flag users only through here. */
export function createUserService({ repository }: { repository: UserRepository }) {
  return {
    /** The account with this address in the event (addresses compare trimmed and lower-cased). */
    findByEmail(eventId: number, email: string): Promise<UserRecord | undefined> {
      return repository.findByEmail(eventId, email);
    },

    findById(eventId: number, id: number): Promise<UserRecord | undefined> {
      return repository.findById(eventId, id);
    },

    setHidden(eventId: number, id: number, isHidden: boolean): Promise<void> {
      return repository.setHidden(eventId, id, isHidden);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
