import type { UserRecord, UserRepository } from './user.repository';

export type { UserRecord } from './user.repository';

/** Attendee accounts for the other domains: they read and flag users only through here. */
interface Dependencies {
  repository: UserRepository;
  /** Told after a user turned hidden or visible (presence takes them off or puts them on screens). */
  visibilityChanged?: (eventId: number, userId: number, isHidden: boolean) => Promise<void>;
}

export function createUserService({ repository, visibilityChanged }: Dependencies) {
  return {
    /** The account with this address in the event (addresses compare trimmed and lower-cased). */
    findByEmail(eventId: number, email: string): Promise<UserRecord | undefined> {
      return repository.findByEmail(eventId, email);
    },

    findById(eventId: number, id: number): Promise<UserRecord | undefined> {
      return repository.findById(eventId, id);
    },

    async setHidden(eventId: number, id: number, isHidden: boolean): Promise<void> {
      await repository.setHidden(eventId, id, isHidden);
      await visibilityChanged?.(eventId, id, isHidden);
    },

    /** The ids among `ids` that belong to visible accounts of the event. */
    visibleAmong(eventId: number, ids: readonly number[]): Promise<number[]> {
      return ids.length === 0 ? Promise.resolve([]) : repository.visibleAmong(eventId, ids);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
