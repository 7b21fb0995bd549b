import * as v from 'valibot';
import { PLATFORMS, type Platform } from './event-settings';

/** GET getInfoPages: a page without its text (docs/product.md §3 Info page). */
export interface InfoPageSummary {
  PageID: number;
  Heading: string;
  category: string | null;
  PlatformDisplayOptions: Platform[];
}

/** GET getPage/{id}: Tekst is sanitised HTML with the user's {{Field}} placeholders filled. */
export interface InfoPage extends InfoPageSummary {
  Tekst: string;
}

/** docs/product.md §3 Document; uTime is ISO-8601 UTC, shown as DD.MM.YYYY (docs/product.md §9). */
export interface EventDocument {
  DocumentID: number;
  Name: string;
  Documentfile: string;
  DocumentUrlPreview: string | null;
  docType: string;
  uTime: string;
  sessions: number[];
  PlatformDisplayOptions: Platform[];
}

/** Which platform a list is for; docs/product.md §3: a route path containing webapp selects webApp. */
export const PlatformQuerySchema = v.object({
  platform: v.optional(v.picklist(PLATFORMS, 'must be digital or webApp'), 'digital'),
});

/** The platform a page path implies (docs/product.md §3). */
export function platformForPath(path: string): Platform {
  return path.toLowerCase().includes('webapp') ? 'webApp' : 'digital';
}

/** docs/product.md §9: only pdf or photo documents can be previewed. */
export function isPreviewable(document: Pick<EventDocument, 'docType' | 'Documentfile'>): boolean {
  const type = document.docType.toLowerCase();
  if (type === 'pdf' || type === 'image' || type === 'photo') return true;
  return /\.(pdf|png|jpe?g|gif|webp|avif|svg)$/i.test(document.Documentfile.split('?')[0] ?? '');
}

export const isPdf = (document: Pick<EventDocument, 'docType' | 'Documentfile'>): boolean =>
  document.docType.toLowerCase() === 'pdf' || /\.pdf$/i.test(document.Documentfile.split('?')[0] ?? '');
