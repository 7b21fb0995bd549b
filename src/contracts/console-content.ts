import * as v from 'valibot';
import { PLATFORMS, type Platform } from './event-settings';
import { line, requiredLine } from './console-speakers';

/*
 * The console's information pages and documents (docs/console.md "Content"): what the lists
 * show and what a form sends. The page's text is sanitised when it is written.
 */

/** An information page as the console lists and edits it; `body` is sanitised HTML with its `{{Field}}` placeholders. */
export interface ConsoleInfoPage {
  id: number;
  key: string;
  heading: string;
  body: string;
  category: string;
  platforms: Platform[];
}

/** A document of the event (not a sponsor's) as the console lists it. */
export interface ConsoleDocument {
  id: number;
  key: string;
  name: string;
  fileUrl: string;
  docType: string;
  platforms: Platform[];
  uploadedAt: string;
  /** How many sessions list the document (the programme shows it there too). */
  sessionCount: number;
}

/** GET /api/console/content: both lists in their order, and the `{{Field}}` names the attendees' data holds. */
export interface ConsoleContent {
  pages: ConsoleInfoPage[];
  documents: ConsoleDocument[];
  fields: string[];
}

export const HEADING_MAX = 200;
export const PAGE_BODY_MAX = 100_000;
export const DOCUMENT_NAME_MAX = 200;

/** Where a page or a document shows: one or more of the platforms. */
export const PlatformsSchema = v.pipe(
  v.array(v.picklist(PLATFORMS, `must list one or more of ${PLATFORMS.join(', ')}`), 'must be a list of platforms'),
  v.minLength(1, 'choose at least one platform'), v.transform((list) => [...new Set(list)]),
);

/** An information page's fields, for a new page and an edit alike. */
export const InfoPageInputSchema = v.object({
  heading: requiredLine(HEADING_MAX),
  body: v.pipe(v.string('must be text'), v.maxLength(PAGE_BODY_MAX, `must be at most ${PAGE_BODY_MAX} characters`)),
  category: v.optional(line(HEADING_MAX), ''),
  platforms: PlatformsSchema,
});
export type InfoPageInput = v.InferOutput<typeof InfoPageInputSchema>;

/** A document's own fields (its file is uploaded apart). */
export const DocumentInputSchema = v.object({
  name: requiredLine(DOCUMENT_NAME_MAX),
  platforms: PlatformsSchema,
});
export type DocumentInput = v.InferOutput<typeof DocumentInputSchema>;

/** The file types an organiser may upload as a document, for the file picker (the server reads the bytes). */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.docx,.xlsx,.pptx';
/** The largest document file (docs/security.md "Upload budgets"). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
