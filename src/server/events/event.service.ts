import type { EventInfo } from '~/contracts/event-info';
import type { EventRepository } from './event.repository';
import { toEventInfo } from './event-mapper';

export interface EventServiceOptions {
  repository: EventRepository;
  featuresAllOn: boolean;
}

/**
 * Loads events by identity with a cache that is safe across processes: every lookup asks
 * the database for the event's version (one indexed point read) and reloads the full event
 * only when it changed, so an import by the CLI or another node is seen on the next request.
 */
export function createEventService({ repository, featuresAllOn }: EventServiceOptions) {
  const cache = new Map<number, EventInfo>();

  async function load(id: number): Promise<EventInfo | undefined> {
    const row = await repository.findById(id);
    if (!row) return undefined;
    const info = toEventInfo(row, await repository.findLobbyElements(id), featuresAllOn);
    cache.set(id, info);
    return info;
  }

  return {
    /** The event for a slug or id; undefined for unknown identities and for "0" (SPEC §2). */
    async findByIdentity(identity: string | undefined): Promise<EventInfo | undefined> {
      if (!identity || identity === '0') return undefined;
      const probe = await repository.findVersion(identity);
      if (!probe) return undefined;
      const cached = cache.get(probe.id);
      if (cached && cached.version === probe.version) return cached;
      return load(probe.id);
    },

    /** How many events the database holds (an empty one gets the demo seeded). */
    countEvents(): Promise<number> {
      return repository.countEvents();
    },

    forget(id: number): void {
      cache.delete(id);
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
