import * as v from 'valibot';
import { DOCUMENT_NAME_MAX } from './console-content';
import { idList, line, requiredLine, RICH_TEXT_MAX, type ConsoleCategory } from './console-speakers';

/*
 * The console's sponsors (docs/console.md "Sponsors"): what the list shows and what a form sends.
 */

/** An attendee as the contact picker lists them. */
export interface ConsoleAttendee {
  id: number;
  name: string;
  email: string;
}

/** A document of the sponsor (its documents tab on the sponsor page), in the organiser's order. */
export interface ConsoleSponsorDocument {
  id: number;
  name: string;
  fileUrl: string;
  /** pdf, image or office (docs/event-files.md). */
  docType: string;
}

/** A sponsor as the console lists and edits it. `categoryIds` are its levels; `description` sanitised HTML ('' when none). */
export interface ConsoleSponsor {
  id: number;
  key: string;
  name: string;
  categoryIds: number[];
  logoUrl: string | null;
  description: string;
  contacts: ConsoleAttendee[];
  /** The first of its meeting rooms, the one the form edits; null when it has none. */
  meetingRoom: { name: string; url: string } | null;
  documents: ConsoleSponsorDocument[];
  leadForm: boolean;
}

/** GET /api/console/sponsors: the sponsors in order, with the levels (sponsor categories) the form offers. */
export interface ConsoleSponsorList {
  sponsors: ConsoleSponsor[];
  levels: ConsoleCategory[];
}

export const SPONSOR_NAME_MAX = 200;
export const SPONSOR_CONTACTS_MAX = 50;

/** A meeting room's address: an https address (a video meeting room such as Whereby; docs/console.md "Speakers and sponsors"). */
const RoomSchema = v.object({
  name: requiredLine(SPONSOR_NAME_MAX),
  url: v.pipe(requiredLine(2000), v.regex(/^https:\/\/[^\s]+$/, 'must be an https address')),
});

/** A sponsor's fields, for a new sponsor and an edit alike. `logoUrl: null` removes the logo; the logo call sets one. */
export const SponsorInputSchema = v.object({
  name: requiredLine(SPONSOR_NAME_MAX),
  categoryIds: v.optional(idList(50), []),
  description: v.optional(v.pipe(v.string('must be text'), v.maxLength(RICH_TEXT_MAX, `must be at most ${RICH_TEXT_MAX} characters`)), ''),
  contactIds: v.optional(idList(SPONSOR_CONTACTS_MAX), []),
  meetingRoom: v.optional(v.nullable(RoomSchema), null),
  leadForm: v.optional(v.boolean('must be true or false'), true),
  logoUrl: v.optional(v.null('can only be null (remove the logo); upload a logo to set one')),
});
export type SponsorInput = v.InferOutput<typeof SponsorInputSchema>;

/** GET /api/console/sponsors/attendees: attendees whose name or e-mail holds `search`. */
export const AttendeeSearchSchema = v.object({ search: v.optional(line(100), '') });

/** A sponsor document's new name (POST /api/console/sponsors/{id}/documents/{documentId}). */
export const SponsorDocumentNameSchema = v.object({ name: requiredLine(DOCUMENT_NAME_MAX) });
