import * as v from 'valibot';
import type { ContactLink } from './contact-links';
import type { Category } from './categories';

/** A session a speaker appears in (the speaker-sessions table of docs/product.md §2). */
export interface SpeakerSession {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/**
 * A speaker (docs/product.md §3). `phoneNumber` and `email` are null in the public (iframe) variant
 * unless the event's profilePhoneVisible / profileEmailVisible features allow them: the same
 * rule docs/product.md §5 sets for participants, so a visitor never sees more than an attendee.
 */
export interface Speaker {
  id: number;
  name: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  /** Sanitised HTML, or null when empty. */
  description: string | null;
  phoneNumber: string | null;
  email: string | null;
  profileImageUrl: string | null;
  links: ContactLink[];
  sessions: SpeakerSession[];
  categories: Category[];
}

/** GET liveGetIframeSpeakerInfo: one page of speakers plus the total that matched. */
export interface SpeakerPage {
  speakers: Speaker[];
  total: number;
  page: number;
  size: number;
}

/** docs/product.md §9: speakers come 20 to a page; larger requests are capped rather than refused. */
export const SPEAKER_PAGE_SIZE = 20;
export const SPEAKER_PAGE_SIZE_MAX = 100;

const positiveInt = () =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a positive whole number'), v.transform(Number), v.minValue(1, 'must be at least 1'));

/** Query of liveGetIframeSpeakerInfo (docs/product.md §7: page, size, search, category). */
export const SpeakerQuerySchema = v.object({
  page: v.optional(positiveInt(), '1'),
  size: v.optional(v.pipe(positiveInt(), v.transform((n) => Math.min(n, SPEAKER_PAGE_SIZE_MAX))), String(SPEAKER_PAGE_SIZE)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'must be at most 200 characters'))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a category id'), v.transform(Number))),
});
export type SpeakerQuery = v.InferOutput<typeof SpeakerQuerySchema>;
