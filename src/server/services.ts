import { config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { createLoginService, type LoginService } from '~/server/auth/login.service';
import { createRateLimiter } from '~/server/auth/rate-limiter';
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
  login: LoginService;
  eventImport: ImportEventService;
  eventExport: ExportEventService;
  agenda: AgendaService;
  speakers: SpeakerService;
  categories: CategoryService;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function wire(db: Db): Services {
  const users = createUserRepository(db);
  const tokens = createTokenService({ repository: createTokenRepository(db) });
  const events = createEventService({ repository: createEventRepository(db), featuresAllOn: config().featuresAllOn });
  return {
    db,
    events,
    users,
    tokens,
    login: createLoginService({
      users,
      tokens,
      accountLimiter: createRateLimiter({ limit: 5, windowMs: FIFTEEN_MINUTES }),
      addressLimiter: createRateLimiter({ limit: 30, windowMs: FIFTEEN_MINUTES }),
    }),
    eventImport: createImportEventService({
      repository: createEventFileRepository(db),
      publishChange: (eventId, version) => realtime().publish(eventId, 'event-change', { version }),
      forget: (eventId) => events.forget(eventId),
    }),
    eventExport: createExportEventService({ repository: createEventFileExportRepository(db) }),
    agenda: createAgendaService({ repository: createAgendaRepository(db) }),
    speakers: createSpeakerService({ repository: createSpeakerRepository(db) }),
    categories: createCategoryService({ repository: createCategoryRepository(db) }),
  };
}

let instance: Services | undefined;

/** The process-wide services, wired once from the configuration. Domains added later wire
 * themselves in their own folder (`<domain>.wiring.ts`) on top of these. */
export function services(): Services {
  instance ??= wire(database());
  return instance;
}

/** Drops the wiring (after the database closed) so a later call starts afresh. */
export function resetServices(): void {
  instance = undefined;
}
