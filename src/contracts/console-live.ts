import * as v from 'valibot';
import { PLATFORMS, type Platform } from './event-settings';
import { LINK_MODES } from './timeline';

/*
 * What the console's live-show calls take (docs/console.md): the route declares each schema and
 * its guard answers a bad input with 400 `request.invalid` naming the field; the services keep the
 * rules a schema cannot state (the poll is the event's, the session has a stream, the address is media).
 */

/** The longest stream, picture or link address the console stores. */
export const MAX_ADDRESS = 2000;
export const MAX_LINK_TEXT = 200;
export const MAX_ANNOUNCEMENT = 2000;
export const AUDIT_MAX_PAGE = 200;

const POSITIVE = 'must be a positive whole number';
/** A record's id in a path or query: 1 to 9 digits, as a number. */
const PathId = v.pipe(v.string(), v.regex(/^\d{1,9}$/, POSITIVE), v.transform(Number), v.minValue(1, POSITIVE));
const BodyId = v.pipe(v.number(POSITIVE), v.integer(POSITIVE), v.minValue(1, POSITIVE));

/**
 * An http(s) address anywhere or a path on this site, as it is stored (an address in its URL form);
 * undefined for anything else (a script, a protocol-relative address, a path with spaces).
 */
export function siteOrWebAddress(text: string): string | undefined {
  if (text.startsWith('/')) return !text.startsWith('//') && !/[\s\\]/.test(text) ? text : undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A stream, picture or link address (siteOrWebAddress); null clears it. */
const Address = v.nullable(v.pipe(
  v.string('give an address, or null for none'), v.trim(), v.nonEmpty('give an address, or null for none'),
  v.maxLength(MAX_ADDRESS, `at most ${MAX_ADDRESS} characters`),
  v.check((text) => siteOrWebAddress(text) !== undefined, 'must be an http(s) address or a path on this site'),
  v.transform((text) => siteOrWebAddress(text)!),
));

/** Platforms a promoted item shows on (docs/product.md §3 PlatformDisplayOptions): one or more known ones, each once. */
const PLATFORM_LIST = `must list one or more of ${PLATFORMS.join(', ')}`;
const Platforms = v.pipe(
  v.array(v.string(PLATFORM_LIST), PLATFORM_LIST),
  v.check((list) => list.length > 0 && list.every((p) => (PLATFORMS as readonly string[]).includes(p)), PLATFORM_LIST),
  v.transform((list) => [...new Set(list)] as Platform[]),
);

export const PollPathSchema = v.object({ pollId: PathId });
export const TimelinePathSchema = v.object({ timelineId: PathId });

/** GET activity?limit=&before=: a page of 1–200 entries (50 by default) before an entry's id. */
export const ActivityQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, `must be a whole number from 1 to ${AUDIT_MAX_PAGE}`), v.transform(Number),
    v.minValue(1, `must be a whole number from 1 to ${AUDIT_MAX_PAGE}`), v.maxValue(AUDIT_MAX_PAGE, `must be a whole number from 1 to ${AUDIT_MAX_PAGE}`))),
  before: v.optional(PathId),
});

/** Promoting a poll to the stage: on both platforms unless it names some. */
export const PollPromotionSchema = v.object({ platforms: v.nullish(Platforms, () => [...PLATFORMS]) });

/** Revealing or hiding a poll's counts. */
export const PollResultsSchema = v.object({ publicResults: v.boolean('must be true or false') });

/** Switching the stage's source: `{ url }` (the main stream's address, null: none), `{ sessionId }` (that session's stream) or `{ sessionId: null }` (back to the main stream). */
export const StreamChoiceSchema = v.pipe(
  v.object({ url: v.optional(Address), sessionId: v.optional(v.nullable(BodyId)) }),
  v.forward(v.check((choice) => choice.url !== undefined || choice.sessionId !== undefined, 'give an address, null for none, or a sessionId'), ['url']),
);

/** The holding picture over every player (a break), or back to the stream. */
export const HoldingShownSchema = v.object({ shown: v.boolean('must be true or false') });

/** The picture before the stream's first frame; null falls back to the live background image. */
export const HoldingImageSchema = v.object({ holdingImageUrl: Address });

/** How a post is promoted (docs/product.md §3 timeline item: LinkMode, Promolink, PlatformDisplayOptions). */
export const PromotionSchema = v.object({
  linkMode: v.nullish(v.picklist(LINK_MODES, `must be one of ${LINK_MODES.join(', ')}, or null`), null),
  link: v.nullish(Address, null),
  linkText: v.nullish(v.pipe(v.string(`text of at most ${MAX_LINK_TEXT} characters, or null`), v.maxLength(MAX_LINK_TEXT, `text of at most ${MAX_LINK_TEXT} characters, or null`)), null),
  platforms: v.nullish(Platforms, () => [...PLATFORMS]),
});

/** An announcement pinned among the promoted items. */
export const AnnouncementSchema = v.object({
  ...PromotionSchema.entries,
  message: v.pipe(v.string('write the announcement'), v.trim(), v.nonEmpty('write the announcement'), v.maxLength(MAX_ANNOUNCEMENT, `at most ${MAX_ANNOUNCEMENT} characters`)),
});
