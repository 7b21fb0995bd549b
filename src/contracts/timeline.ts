import * as v from 'valibot';
import { PLATFORMS, type Platform } from './event-settings';

/** docs/product.md §3 promoted items' link modes. */
export const LINK_MODES = ['PICTURE_ONLY_HIDDEN_BUTTON', 'BUTTON_LINK_ONLY', 'CONTAINER'] as const;
export type LinkMode = (typeof LINK_MODES)[number];

/** docs/product.md §5, §9: images per post or comment. */
export const TIMELINE_MAX_IMAGES = 8;
/** docs/decisions.md: images up to 10 MB each. */
export const TIMELINE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const TIMELINE_MESSAGE_MAX = 5000;
/** docs/product.md §7, §9: getAllTimelineItems/{count} default, and the most one page may ask for. */
export const TIMELINE_DEFAULT_COUNT = 50;
export const TIMELINE_MAX_COUNT = 100;

export interface TimelineAuthor {
  UserID: number;
  Firstname: string;
  Lastname: string;
  Picture: string | null;
  Jobtitle: string | null;
  Company: string | null;
}

/**
 * A comment (docs/product.md §3: the item's shape, with inReplyTo). `Message` is plain text, HTML-escaped
 * when it was written, so a client that puts it into HTML as it is stays safe.
 */
export interface TimelineComment {
  TimelineID: number;
  inReplyTo: number;
  Author: TimelineAuthor | null;
  /** ISO 8601, UTC. */
  CreatedOn: string;
  /** CreatedOn in epoch milliseconds. */
  Tid: number;
  /** CreatedOn in .NET ticks (100 ns since 0001-01-01), as older clients sort by it. */
  ToDateTicks: number;
  Message: string;
  imageUrls: string[];
}

/**
 * What every viewer of an item shares (docs/product.md §3 timeline item without the viewer's own state):
 * what realtime events carry, so one frame serves every socket.
 */
export interface TimelineEntry extends Omit<TimelineComment, 'inReplyTo'> {
  Likes: number;
  /** '1' promoted (docs/product.md §3). */
  isPromo: '0' | '1';
  LinkMode: LinkMode | null;
  Promolink: string | null;
  Promolinktext: string | null;
  PlatformDisplayOptions: Platform[];
  CommentCount: number;
}

/** An item as one viewer gets it from the calls: the shared part, its comments (newest first) and whether the viewer likes it. */
export interface TimelineItem extends TimelineEntry {
  Comments: TimelineComment[];
  /** The viewer's own id when they like the item, else empty (never the other likers). */
  LikedBy: number[];
  isLiked: boolean;
}

/**
 * A page of getAllTimelineItems, newest first. Over HTTP the body is the `items` array (docs/product.md §7)
 * and `nextBefore` the X-Next-Before header (absent at the end): pass it as `?before=`.
 */
export interface TimelinePage {
  items: TimelineItem[];
  nextBefore: number | null;
}

/** Posts the stage and the web app render into the page when the timeline is open on arrival (the first pictures are in the HTML). */
export const TIMELINE_FIRST_VIEW_COUNT = 10;

/**
 * The timeline tab as the server renders it (docs/timeline.md "First view"): the first page of
 * posts, the promoted items, and the server's clock when they were read, from which the island's
 * hydration renders the same relative times.
 */
export interface TimelineFirstView extends TimelinePage {
  promoted: TimelineItem[];
  /** Epoch milliseconds. */
  readAt: number;
}

/** Answer of likeTimelineEntry / unlikeTimelineEntry. */
export interface LikeResult {
  TimelineID: number;
  Likes: number;
  isLiked: boolean;
}

const id = (field: string) => v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}$/, 'must be a numeric id'), v.transform(Number))], `${field} is required`),
  v.integer('must be a whole number'), v.minValue(1, 'must be a positive id'), v.maxValue(Number.MAX_SAFE_INTEGER),
);

/** Body of deleteTimelineEntry, deleteTimelineComment, likeTimelineEntry, unlikeTimelineEntry (JSON or form). */
export const TimelineIdSchema = v.object({ timelineId: id('timelineId') });

export const PlatformSchema = v.optional(v.picklist(PLATFORMS, 'must be digital or webApp'), 'digital');

/** Text fields of addTimelineEntry / addTimelineComment (the images come as `files`). */
export const NewPostSchema = v.object({
  message: v.optional(v.pipe(v.string('must be text'), v.maxLength(TIMELINE_MESSAGE_MAX, `must be at most ${TIMELINE_MESSAGE_MAX} characters`)), ''),
  platform: PlatformSchema,
});
export const NewCommentSchema = v.object({ ...NewPostSchema.entries, inReplyTo: id('inReplyTo') });

/** The query of getAllTimelineItems: `before` (a TimelineID: only older items), `platform`. */
export const TimelineQuerySchema = v.object({
  before: v.optional(id('before')),
  platform: PlatformSchema,
});
