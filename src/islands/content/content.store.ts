import type { EventDocument, InfoPage, InfoPageSummary } from '~/contracts/content';
import type { Platform } from '~/contracts/event-settings';
import { memberJson } from '~/islands/http/api.client';

/** Whose documents a list shows: the event's (docs/product.md §7 getAllDocuments) or one sponsor's. */
export type DocumentSource = 'event' | { sponsorId: number };

export function fetchDocuments(eventId: number, source: DocumentSource, platform: Platform): Promise<EventDocument[]> {
  const path = source === 'event' ? 'getAllDocuments' : `sponsors/${source.sponsorId}/documents`;
  return memberJson(eventId, `${path}?platform=${platform}`);
}

/** docs/product.md §7 sendAllDocuments: the event's documents by e-mail to the attendee. */
export const sendAllDocuments = (eventId: number, platform: Platform): Promise<unknown> =>
  memberJson(eventId, `sendAllDocuments?platform=${platform}`);

export const fetchInfoPages = (eventId: number, platform: Platform): Promise<InfoPageSummary[]> =>
  memberJson(eventId, `getInfoPages?platform=${platform}`);

/** One information page, personalised and sanitised by the server. */
export const fetchInfoPage = (eventId: number, id: number): Promise<InfoPage> => memberJson(eventId, `getPage/${id}`);
