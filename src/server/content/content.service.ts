import type { EventDocument, InfoPage, InfoPageSummary } from '~/contracts/content';
import type { EventInfo } from '~/contracts/event-info';
import type { Platform } from '~/contracts/event-settings';
import type { TFunction } from 'i18next';
import { DomainError } from '~/server/errors';
import type { SendMail } from '~/server/delivery/delivery.service';
import { toDocument, toInfoPageSummary } from './content.mapper';
import type { ContentRepository } from './content.repository';
import { personalise } from './personalise';
import { requireFeature } from '~/server/shared/feature-access';
import { sanitizeRichText } from '~/server/shared/sanitize-html';

type ContentEvent = Pick<EventInfo, 'eventId' | 'eventName' | 'features'>;

export interface ContentReader {
  email: string;
  firstName: string;
  calculatedFields: Record<string, unknown>;
}

export function createContentService({ repository, sendMail }: { repository: ContentRepository; sendMail: SendMail }) {
  /** The event's own documents shown on a platform; refused where the documents feature is off. */
  async function documents(event: ContentEvent, platform: Platform): Promise<EventDocument[]> {
    requireFeature(event, 'documents', platform);
    return (await repository.findEventDocuments(event.eventId)).map(toDocument)
      .filter((d) => d.PlatformDisplayOptions.includes(platform));
  }

  return {
    /** GET getInfoPages: the pages shown on a platform (docs/product.md §2 information tab). */
    async infoPages(event: ContentEvent, platform: Platform): Promise<InfoPageSummary[]> {
      requireFeature(event, 'infoPages', platform);
      return (await repository.findInfoPages(event.eventId)).map(toInfoPageSummary).filter((p) => p.PlatformDisplayOptions.includes(platform));
    },

    /** GET getPage/{id}: Tekst personalised for the reader, then sanitised (docs/decisions.md). */
    async page(event: ContentEvent, reader: ContentReader, id: number, platform: Platform): Promise<InfoPage> {
      requireFeature(event, 'infoPages', platform);
      const row = await repository.findInfoPage(event.eventId, id);
      if (!row) throw new DomainError('page.not_found', 'No such page');
      return { ...toInfoPageSummary(row), Tekst: sanitizeRichText(personalise(row.body, reader.calculatedFields)) };
    },

    documents,

    /** A sponsor's documents shown on a platform (docs/product.md §4 sponsor data); the sponsors domain checks its flags. */
    async sponsorDocuments(eventId: number, sponsorId: number, platform: Platform): Promise<EventDocument[]> {
      return (await repository.findSponsorDocuments(eventId, sponsorId)).map(toDocument)
        .filter((d) => d.PlatformDisplayOptions.includes(platform));
    },

    async document(event: ContentEvent, id: number, platform: Platform): Promise<EventDocument> {
      requireFeature(event, 'documents', platform);
      const row = await repository.findDocument(event.eventId, id);
      if (!row) throw new DomainError('document.not_found', 'No such document');
      return toDocument(row);
    },

    /** GET sendAllDocuments: one e-mail to the reader listing every document of the platform with its link. */
    async sendAll(event: ContentEvent, reader: ContentReader, platform: Platform, origin: string, t: TFunction): Promise<number> {
      const list = await documents(event, platform);
      if (list.length === 0) throw new DomainError('document.not_found', 'There are no documents to send');
      const lines = list.map((d) => `- ${d.Name}: ${new URL(d.Documentfile, `${origin}/`).toString()}`);
      await sendMail({
        to: reader.email, kind: 'documents',
        subject: t('documents.mail.subject', { event: event.eventName }),
        text: `${t('documents.mail.body', { name: reader.firstName, event: event.eventName })}\n\n${lines.join('\n')}\n`,
      });
      return list.length;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
