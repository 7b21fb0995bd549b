import type { EventInfo } from '~/contracts/event-info';
import { createReadModels, type ReadModels } from '~/server/shared/read-model-cache';
import type { EventRepository } from './event.repository';
import { toEventInfo } from './event-mapper';

export interface EventServiceOptions {
  repository: EventRepository;
  featuresAllOn: boolean;
  /** Where the events are kept: a read model like the others, dropped by `stored` (an import) on every node. */
  readModels?: ReadModels;
}

/**
 * Loads events by identity, kept as a read model that is safe across processes: every lookup
 * asks the database for the event's version (one indexed point read) and reloads the full event
 * only when it changed, so an import by the CLI or another node is seen on the next request.
 */
export function createEventService({ repository, featuresAllOn, readModels = createReadModels() }: EventServiceOptions) {
  const events = readModels.cache('event', async ({ eventId }): Promise<EventInfo | undefined> => {
    const row = await repository.findById(eventId);
    return row && toEventInfo(row, await repository.findLobbyElements(eventId), featuresAllOn);
  });

  return {
    /** The event for a slug or id; undefined for unknown identities and for "0" (docs/product.md §2). */
    async findByIdentity(identity: string | undefined): Promise<EventInfo | undefined> {
      if (!identity || identity === '0') return undefined;
      const probe = await repository.findVersion(identity);
      return probe && events.get({ eventId: probe.id, version: probe.version });
    },

    /** How many events the database holds (an empty one gets the demo seeded). */
    countEvents(): Promise<number> {
      return repository.countEvents();
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
