import { config } from '~/server/config';
import { database, type Db } from '~/server/db/database';
import { createEventRepository } from '~/server/events/event.repository';
import { createEventService, type EventService } from '~/server/events/event.service';
import { createEventFileExportRepository } from '~/server/event-file/event-file-export.repository';
import { createEventFileRepository } from '~/server/event-file/event-file.repository';
import { createExportEventService, type ExportEventService } from '~/server/event-file/export-event.service';
import { createImportEventService, type ImportEventService } from '~/server/event-file/import-event.service';
import { realtime } from '~/server/realtime/index';

export interface Services {
  db: Db;
  events: EventService;
  eventImport: ImportEventService;
  eventExport: ExportEventService;
}

let instance: Services | undefined;

/** The process-wide services, wired once from the configuration. */
export function services(): Services {
  if (!instance) {
    const db = database();
    const events = createEventService({ repository: createEventRepository(db), featuresAllOn: config().featuresAllOn });
    instance = {
      db,
      events,
      eventImport: createImportEventService({
        repository: createEventFileRepository(db),
        publishChange: (eventId, version) => realtime().publish(eventId, 'event-change', { version }),
        forget: (eventId) => events.forget(eventId),
      }),
      eventExport: createExportEventService({ repository: createEventFileExportRepository(db) }),
    };
  }
  return instance;
}

/** Drops the wiring (after the database closed) so a later call starts afresh. */
export function resetServices(): void {
  instance = undefined;
}
