import { config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { createEventRepository } from '~/server/events/event.repository';
import { createEventService, type EventService } from '~/server/events/event.service';
import { createAgendaRepository } from '~/server/agenda/agenda.repository';
import { createAgendaService, type AgendaService } from '~/server/agenda/agenda.service';
import { createCategoryRepository } from '~/server/categories/category.repository';
import { createCategoryService, type CategoryService } from '~/server/categories/category.service';
import { createSpeakerRepository } from '~/server/speakers/speaker.repository';
import { createSpeakerService, type SpeakerService } from '~/server/speakers/speaker.service';

export interface Services {
  db: Db;
  events: EventService;
  agenda: AgendaService;
  speakers: SpeakerService;
  categories: CategoryService;
}

let instance: Services | undefined;

/** The process-wide services, wired once from the configuration. */
export function services(): Services {
  if (!instance) {
    const db = database();
    instance = {
      db,
      events: createEventService({ repository: createEventRepository(db), featuresAllOn: config().featuresAllOn }),
      agenda: createAgendaService({ repository: createAgendaRepository(db) }),
      speakers: createSpeakerService({ repository: createSpeakerRepository(db) }),
      categories: createCategoryService({ repository: createCategoryRepository(db) }),
    };
  }
  return instance;
}

/** Drops the wiring (after the database closed) so a later call starts afresh. */
export function resetServices(): void {
  instance = undefined;
}
