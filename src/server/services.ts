import { config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { createEventRepository } from '~/server/events/event.repository';
import { createEventService, type EventService } from '~/server/events/event.service';

export interface Services {
  db: Db;
  events: EventService;
}

let instance: Services | undefined;

/** The process-wide services, wired once from the configuration. */
export function services(): Services {
  if (!instance) {
    const db = database();
    instance = {
      db,
      events: createEventService({ repository: createEventRepository(db), featuresAllOn: config().featuresAllOn }),
    };
  }
  return instance;
}

/** Drops the wiring (after the database closed) so a later call starts afresh. */
export function resetServices(): void {
  instance = undefined;
}
