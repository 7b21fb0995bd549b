import * as v from 'valibot';
import { CONTACT_LINK_TYPES, type ContactLink } from './contact-links';

/*
 * The console's speakers (docs/console.md "Speakers"): what the list shows and what a form sends.
 * The names, the title and the company follow the event file's rules, so an export imports again.
 */

/** A speaker category the form offers (the event's categories of type 2, `speaker`; docs/event-files.md). */
export interface ConsoleCategory {
  id: number;
  name: string;
}

/** A speaker as the console lists and edits it. `description` is sanitised HTML ('' when none). */
export interface ConsoleSpeaker {
  id: number;
  key: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  description: string;
  imageUrl: string | null;
  links: ContactLink[];
  categoryIds: number[];
  /** How many sessions name the speaker: deleting removes them from those sessions. */
  sessionCount: number;
}

/** GET /api/console/speakers. */
export interface ConsoleSpeakerList {
  speakers: ConsoleSpeaker[];
  categories: ConsoleCategory[];
}

export const SPEAKER_NAME_MAX = 100;
export const SPEAKER_LINE_MAX = 200;
export const RICH_TEXT_MAX = 20_000;
export const LINKS_MAX = 12;

/** A line of text: trimmed, at most `max` characters. */
export const line = (max: number) => v.pipe(v.string('must be text'), v.trim(), v.maxLength(max, `must be at most ${max} characters`));
/** A line of text that must not be empty. */
export const requiredLine = (max: number) => v.pipe(line(max), v.minLength(1, 'is required'));

/** An address a contact link may hold, as the event file accepts it: http(s), mailto:, tel: or a path on this site. */
export const LinkSchema = v.object({
  type: v.picklist(CONTACT_LINK_TYPES, `must be one of ${CONTACT_LINK_TYPES.join(', ')}`),
  url: v.pipe(requiredLine(2000), v.check((s) => (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(s) || /^(mailto|tel):\S+$/.test(s),
    'must be an http(s) address, mailto:, tel: or a path on this site')),
});

/** Ids of rows the form picked (categories, attendees, documents): each a positive whole number, each once. */
export const idList = (max: number) => v.pipe(
  v.array(v.pipe(v.number('must be ids'), v.integer('must be ids'), v.minValue(1, 'must be ids')), 'must be a list of ids'),
  v.maxLength(max, `must list at most ${max}`), v.transform((ids) => [...new Set(ids)]),
);

/** A speaker's fields, for a new speaker and an edit alike. `imageUrl: null` removes the photo; the photo call sets one. */
export const SpeakerInputSchema = v.object({
  firstName: requiredLine(SPEAKER_NAME_MAX),
  lastName: requiredLine(SPEAKER_NAME_MAX),
  jobTitle: v.optional(line(SPEAKER_LINE_MAX), ''),
  company: v.optional(line(SPEAKER_LINE_MAX), ''),
  description: v.optional(v.pipe(v.string('must be text'), v.maxLength(RICH_TEXT_MAX, `must be at most ${RICH_TEXT_MAX} characters`)), ''),
  links: v.optional(v.pipe(v.array(LinkSchema, 'must be a list of links'), v.maxLength(LINKS_MAX, `must list at most ${LINKS_MAX}`)), []),
  categoryIds: v.optional(idList(50), []),
  imageUrl: v.optional(v.null('can only be null (remove the photo); upload a photo to set one')),
});
export type SpeakerInput = v.InferOutput<typeof SpeakerInputSchema>;

/** The new order of every speaker (or sponsor) of the event, first to last. */
export const OrderInputSchema = v.object({ ids: idList(2000) });

/** A console row's id in a path. */
export const RowIdSchema = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'must be a positive whole number'), v.transform(Number), v.minValue(1, 'must be a positive whole number'));
