import type { AdminEventRow, Invite, NewEvent } from '~/contracts/platform-admin';
import type { Delivery } from '~/server/delivery/delivery.service';
import { DomainError } from '~/server/errors';
import type { ExportEventService } from '~/server/event-import/export-event.service';
import type { ImportEventService, ImportResult } from '~/server/event-import/import-event.service';
import type { LoginLinkService } from '~/server/login/login-link.service';
import { copiedEventFile, emptyEventFile } from './event-copy';
import type { PlatformAdminRepository } from './platform-admin.repository';

interface Dependencies {
  repository: PlatformAdminRepository;
  eventImport: Pick<ImportEventService, 'importEvent'>;
  eventExport: Pick<ExportEventService, 'exportEvent'>;
  loginLinks: Pick<LoginLinkService, 'issue'>;
  delivery: Pick<Delivery, 'email'>;
  /** The people of an event changed (its participant list on every node). */
  peopleChanged: (eventId: number) => Promise<void>;
  clock: () => Date;
}

/**
 * What the platform's operator does on /admin (docs/operations.md "The operator's page"): list
 * the events, create one through the event file's import (empty, or a copy of another's file),
 * and invite its first organiser with a login link.
 */
export function createPlatformAdmin({ repository, eventImport, eventExport, loginLinks, delivery, peopleChanged, clock }: Dependencies) {
  return {
    events: (): Promise<AdminEventRow[]> => repository.events(),

    /** Creates the event in one transaction (the import's); an event of that slug already there is a 409 `admin.exists`. */
    async createEvent(input: NewEvent): Promise<ImportResult> {
      if (await repository.eventBySlug(input.slug)) throw new DomainError('admin.exists', `slug: an event called ${input.slug} exists already`, { field: 'slug' });
      let file = emptyEventFile(input);
      if (input.copyFrom) {
        if (!(await repository.eventBySlug(input.copyFrom))) throw new DomainError('admin.invalid', `copyFrom: no event called ${input.copyFrom}`, { field: 'copyFrom' });
        file = copiedEventFile(await eventExport.exportEvent(input.copyFrom), input);
      }
      return eventImport.importEvent(file, { createOnly: true });
    },

    /**
     * Makes the person an organiser of the event (their account of that address, or a new one
     * without a password) and mails them a login link to `origin` (the outbox without SMTP).
     */
    async invite(slug: string, person: Invite, origin: string): Promise<{ userId: number }> {
      const event = await repository.eventBySlug(slug);
      if (!event) throw new DomainError('admin.not_found', `No event called ${slug}`, { field: 'slug' });
      const userId = await repository.makeOrganiser(event.id, person, clock().toISOString());
      await peopleChanged(event.id);
      const row = (await repository.events()).find((e) => e.id === event.id)!;
      const link = `${origin}/login/otp/${await loginLinks.issue(event.id, userId)}`;
      await delivery.email(person.email, 'loginLink', row.language, { name: person.firstName, event: row.name, link });
      return { userId };
    },
  };
}

export type PlatformAdmin = ReturnType<typeof createPlatformAdmin>;
