import { config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { createTokenRepository } from '~/server/auth/token.repository';
import { createTokenService, type TokenService } from '~/server/auth/token.service';
import { createEventRepository } from '~/server/events/event.repository';
import { createEventService, type EventService } from '~/server/events/event.service';
import { createEventFileExportRepository } from '~/server/event-file/event-file-export.repository';
import { createEventFileRepository } from '~/server/event-file/event-file.repository';
import { createExportEventService, type ExportEventService } from '~/server/event-file/export-event.service';
import { createImportEventService, type ImportEventService } from '~/server/event-file/import-event.service';
import { realtime } from '~/server/realtime/index';
import { createUserRepository, type UserRepository } from '~/server/users/user.repository';
import { createAgendaRepository } from '~/server/agenda/agenda.repository';
import { createAgendaService, type AgendaService } from '~/server/agenda/agenda.service';
import { createCategoryRepository } from '~/server/categories/category.repository';
import { createCategoryService, type CategoryService } from '~/server/categories/category.service';
import { createSpeakerRepository } from '~/server/speakers/speaker.repository';
import { createSpeakerService, type SpeakerService } from '~/server/speakers/speaker.service';

export interface Services {
  db: Db;
  events: EventService;
  users: UserRepository;
  tokens: TokenService;
  eventImport: ImportEventService;
  eventExport: ExportEventService;
  agenda: AgendaService;
  speakers: SpeakerService;
  categories: CategoryService;
}

function wire(db: Db): Services {
  const users = createUserRepository(db);
  const tokens = createTokenService({ repository: createTokenRepository(db) });
  const events = createEventService({ repository: createEventRepository(db), featuresAllOn: config().featuresAllOn });
  return {
    db,
    events,
    users,
    tokens,
    eventImport: createImportEventService({
      repository: createEventFileRepository(db),
      // An import may change anything: tell open pages about the event, its agenda and its content.
      publishChange: async (eventId, version) => {
        const hub = realtime();
        await hub.publish(eventId, 'event-change', { version });
        await hub.publish(eventId, 'agenda-change', {});
        await hub.publish(eventId, 'info-page-change', {});
        await hub.publish(eventId, 'document-change', {});
      },
      forget: (eventId) => events.forget(eventId),
    }),
    eventExport: createExportEventService({ repository: createEventFileExportRepository(db) }),
    agenda: createAgendaService({ repository: createAgendaRepository(db) }),
    speakers: createSpeakerService({ repository: createSpeakerRepository(db) }),
    categories: createCategoryService({ repository: createCategoryRepository(db) }),
  };
}

let instance: Services | undefined;

/**
 * The process-wide core services, wired once from the configuration. Domains wire themselves
 * in their own folder on top of these (`identity()` in identity.wiring.ts owns login).
 */
export function services(): Services {
  instance ??= wire(database());
  return instance;
}

/** Drops the wiring (after the database closed) so a later call starts afresh. */
export function resetServices(): void {
  instance = undefined;
}
