import type { FeatureFlag, Features, Platform } from '~/contracts/event-settings';
import type { RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';
import {
  TIMELINE_DEFAULT_COUNT, TIMELINE_FIRST_VIEW_COUNT, TIMELINE_MAX_COUNT, type LikeResult, type TimelineComment, type TimelineFirstView,
  type TimelineItem, type TimelinePage,
} from '~/contracts/timeline';
import { DomainError } from '~/server/errors';
import { take, type Limiter } from '~/server/shared/limiter';
import type { ReadModels, VersionedEvent } from '~/server/shared/read-model-cache';
import { createTimelineFeed, type ModerationList, type ViewerSlice } from './timeline-feed';
import type { TimelineModerationRepository } from './timeline-moderation.repository';
import type { TimelineImages } from './timeline-images';
import { itemsFor, jsonFor } from './timeline-list';
import type { TimelineRecord, TimelineRepository } from './timeline.repository';
import { cleanMessage, toComment, toEntry, toItem } from './timeline-view';

export type { TimelineRecord } from './timeline.repository';

interface TimelineEvent {
  eventId: number;
  features: Features;
}

/** Reads go through the event's read model, kept per event version. */
type ReadEvent = TimelineEvent & VersionedEvent;

/** A page of posts as the call sends it: the JSON array and the next page's cursor. */
export interface TimelinePageJson {
  json: string;
  nextBefore: number | null;
}

export interface NewPost {
  message: string;
  platform: Platform;
  files: Buffer[];
}

interface Dependencies {
  repository: TimelineRepository;
  /** The console's moderation list's reads (kept in the same read model). */
  moderated: TimelineModerationRepository;
  images: TimelineImages;
  /** To the event name's declared audience, or only to `userIds`' sockets. */
  publish: <N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N], userIds?: readonly number[]) => Promise<void>;
  /**
   * Tells every node (this one too) that the event's timeline changed, so each drops its read
   * model (the broker's data-change `timeline`); sent before the change's realtime event.
   */
  publishChange: (eventId: number) => Promise<void>;
  /** Where the read model is kept (the process's, so that an import drops it too). */
  readModels?: ReadModels;
  /** Posts and comments per attendee; every attempt counts. */
  writeLimiter: Limiter;
  /** Likes and unlikes per attendee. */
  likeLimiter: Limiter;
  clock: () => Date;
}

/** docs/product.md §2, §3 flags per platform: the tab (reading, liking), posting, commenting. */
const FLAGS: Record<Platform, Record<'read' | 'post' | 'comment', FeatureFlag>> = {
  digital: { read: 'stageTabTimeline', post: 'stageFuncTimelinePosting', comment: 'stageFuncTimelineCommenting' },
  webApp: { read: 'webAppTimeline', post: 'webAppTimelinePosting', comment: 'webAppTimelineCommenting' },
};
const WHAT: Record<'read' | 'post' | 'comment', string> = { read: 'The timeline', post: 'Posting', comment: 'Commenting' };
/** Everything posted is shown on both platforms; the flags decide who may post where. */
const EVERY_PLATFORM: Platform[] = ['digital', 'webApp'];

const notFound = (field: string) => new DomainError('timeline.not_found', 'No such timeline item', { field });

/**
 * The social timeline (docs/product.md §2–§5, §7 Timeline): pages of posts with their comments, promoted
 * items, posting and commenting with images, likes, deleting one's own. Every change is
 * published with the changed item's shared part (docs/timeline.md), never the viewer's state.
 */
export function createTimelineService({ repository, moderated, images, publish, publishChange, readModels, writeLimiter, likeLimiter, clock }: Dependencies) {
  const feed = createTimelineFeed({ repository, moderated, ...(readModels ? { readModels } : {}), now: () => clock().getTime() });

  /** After a change is stored: every node's model goes, this node's at once (the poster's next read shows it). */
  const changed = (eventId: number): Promise<void> => publishChange(eventId);

  function allow(event: TimelineEvent, platform: Platform, action: 'read' | 'post' | 'comment'): void {
    if (!event.features[FLAGS[platform][action]]) {
      throw new DomainError('timeline.forbidden', `${WHAT[action]} is off on this platform`, { field: 'platform', platform });
    }
  }

  async function limit(limiter: Limiter, event: TimelineEvent, userId: number): Promise<void> {
    const retryAfter = await take(limiter, `${event.eventId}:${userId}`);
    if (retryAfter > 0) throw new DomainError('timeline.rate_limited', 'Too many at once; try again shortly', { retryAfter });
  }

  async function findPost(event: TimelineEvent, id: number, field: string): Promise<TimelineRecord> {
    const found = await repository.findById(event.eventId, id);
    if (!found) throw notFound(field);
    return found;
  }

  /** Deletes an item with its comments, likes and images, and tells every viewer. */
  async function erase(record: TimelineRecord): Promise<void> {
    const { eventId } = record;
    const imageUrls = await repository.remove(record.id);
    // Before the files go: no node may list the post once its images are gone.
    await changed(eventId);
    await images.remove(eventId, imageUrls);
    if (record.inReplyTo !== null) {
      await publish(eventId, 'timeline-remove-comment', { timelineId: record.id, inReplyTo: record.inReplyTo });
    } else {
      await publish(eventId, record.isPromo ? 'promoted-message-remove' : 'timeline-remove', { timelineId: record.id });
    }
  }

  async function write(event: TimelineEvent, userId: number, input: NewPost, inReplyTo: number | null): Promise<TimelineRecord> {
    const message = cleanMessage(input.message);
    if (!message && input.files.length === 0) throw new DomainError('timeline.invalid', 'Write a message or add an image', { field: 'message' });
    const id = await images.storeFor(event.eventId, userId, input.files, (imageUrls) => repository.insert({
      eventId: event.eventId, authorId: userId, inReplyTo, message, imageUrls, platforms: EVERY_PLATFORM, createdAt: clock().toISOString(),
    }));
    return (await repository.findById(event.eventId, id))!;
  }

  /**
   * A like changed: the item's shared part goes out (as a promoted message or a post) to every
   * member; who did what only to the liker's own sockets (their other pages follow), since a
   * like would otherwise show that an attendee, hidden ones too, was there.
   */
  async function publishLike(record: TimelineRecord, by: { userId: number; isLiked: boolean }): Promise<void> {
    await changed(record.eventId);
    const item = toEntry(record, await repository.commentCount(record.id));
    const name = record.isPromo ? 'promoted-message-modified' : 'timeline-modified';
    await publish(record.eventId, name, { timelineId: record.id, item });
    await publish(record.eventId, name, { timelineId: record.id, item, by }, [by.userId]);
  }

  function postsOf(event: ReadEvent, userId: number, options: { count?: number | undefined; before?: number | undefined; platform: Platform }): Promise<ViewerSlice> {
    allow(event, options.platform, 'read');
    const count = Math.min(options.count ?? TIMELINE_DEFAULT_COUNT, TIMELINE_MAX_COUNT);
    return feed.posts(event, userId, { platform: options.platform, count, before: options.before });
  }

  function promotedOf(event: ReadEvent, userId: number, platform: Platform): Promise<ViewerSlice> {
    allow(event, platform, 'read');
    return feed.promoted(event, userId, platform);
  }

  const service = {
    /**
     * GET getAllTimelineItems/{count}: ordinary posts newest first, `count` of them (default 50,
     * at most 100), older than the post `before` when given (keyset paging: stable while new
     * posts arrive). `nextBefore` is the cursor of the next page, null when this one is the last.
     */
    async page(event: ReadEvent, userId: number, options: { count?: number | undefined; before?: number | undefined; platform: Platform }): Promise<TimelinePage> {
      const { slice, liked } = await postsOf(event, userId, options);
      return { items: itemsFor(slice, userId, liked), nextBefore: slice.nextBefore };
    },

    /** `page` as the call's body: the same items, serialised from the read model's JSON. */
    async pageJson(event: ReadEvent, userId: number, options: { count?: number | undefined; before?: number | undefined; platform: Platform }): Promise<TimelinePageJson> {
      const { slice, liked } = await postsOf(event, userId, options);
      return { json: jsonFor(slice, userId, liked), nextBefore: slice.nextBefore };
    },

    /** GET getPromotedTimelineItems: the promoted items of the platform, newest first. */
    async promoted(event: ReadEvent, userId: number, platform: Platform): Promise<TimelineItem[]> {
      const { slice, liked } = await promotedOf(event, userId, platform);
      return itemsFor(slice, userId, liked);
    },

    /** `promoted` as the call's body. */
    async promotedJson(event: ReadEvent, userId: number, platform: Platform): Promise<string> {
      const { slice, liked } = await promotedOf(event, userId, platform);
      return jsonFor(slice, userId, liked);
    },

    /**
     * The console's moderation list: the event's newest `limit` top-level items of every platform,
     * posts and promoted items alike, with their comments, and its JSON (docs/console.md). Access
     * checks are the caller's.
     */
    moderationList(event: VersionedEvent, limit: number): Promise<ModerationList> {
      return feed.moderation(event, limit);
    },

    /**
     * The tab as the stage or web app shows it on arrival: the newest posts (a short first page:
     * older ones page on from `nextBefore` as usual) and the promoted items, read for this viewer.
     */
    async firstView(event: ReadEvent, userId: number, platform: Platform): Promise<TimelineFirstView> {
      const readAt = clock().getTime();
      const [page, promoted] = await Promise.all([
        service.page(event, userId, { count: TIMELINE_FIRST_VIEW_COUNT, platform }), service.promoted(event, userId, platform),
      ]);
      return { ...page, promoted, readAt };
    },

    /** POST addTimelineEntry: a post with up to 8 images, when posting is on for the platform. */
    async addPost(event: TimelineEvent, userId: number, input: NewPost): Promise<TimelineItem> {
      allow(event, input.platform, 'post');
      await limit(writeLimiter, event, userId);
      const record = await write(event, userId, input, null);
      await changed(event.eventId);
      await publish(event.eventId, 'timeline-add', { timelineId: record.id, item: toEntry(record, 0) });
      return toItem(record, [], userId, false);
    },

    /** POST addTimelineComment: a comment on a post (not on a comment), when commenting is on for the platform. */
    async addComment(event: TimelineEvent, userId: number, inReplyTo: number, input: NewPost): Promise<TimelineComment> {
      allow(event, input.platform, 'comment');
      await limit(writeLimiter, event, userId);
      const post = await findPost(event, inReplyTo, 'inReplyTo');
      if (post.inReplyTo !== null) throw new DomainError('timeline.invalid', 'inReplyTo: comment on a post, not on a comment', { field: 'inReplyTo' });
      const comment = toComment(await write(event, userId, input, post.id));
      await changed(event.eventId);
      await publish(event.eventId, 'timeline-add-comment', { timelineId: comment.TimelineID, inReplyTo: post.id, comment });
      return comment;
    },

    /**
     * deleteTimelineEntry, its api.php alias, deleteTimelineComment: only the author deletes
     * (403 otherwise, docs/product.md §5); a post takes its comments, likes and images with it.
     * `kind` 'comment' accepts only a comment.
     */
    async remove(event: TimelineEvent, userId: number, id: number, kind: 'any' | 'comment' = 'any'): Promise<void> {
      const record = await findPost(event, id, 'timelineId');
      if (kind === 'comment' && record.inReplyTo === null) throw notFound('timelineId');
      if (record.author?.id !== userId) throw new DomainError('timeline.forbidden', 'Only the author may delete this', { field: 'timelineId' });
      await erase(record);
    },

    /** An organiser's removal (the console's rule, not the author's): any post, comment or promoted item; answers what it was. */
    async removeAny(eventId: number, id: number): Promise<TimelineRecord> {
      const record = await repository.findById(eventId, id);
      if (!record) throw notFound('timelineId');
      await erase(record);
      return record;
    },

    /** likeTimelineEntry / unlikeTimelineEntry: idempotent, one like per attendee; answers the count. */
    async setLike(event: TimelineEvent, userId: number, id: number, isLiked: boolean): Promise<LikeResult> {
      await limit(likeLimiter, event, userId);
      if (!EVERY_PLATFORM.some((p) => event.features[FLAGS[p].read])) allow(event, 'digital', 'read');
      const record = await findPost(event, id, 'timelineId');
      if (record.inReplyTo !== null) throw new DomainError('timeline.invalid', 'timelineId: like a post, not a comment', { field: 'timelineId' });
      const { likes, isChanged } = await repository.setLike(id, userId, isLiked, clock().toISOString());
      if (isChanged) await publishLike({ ...record, likes }, { userId, isLiked });
      return { TimelineID: id, Likes: likes, isLiked };
    },
  };
  return service;
}

export type TimelineService = ReturnType<typeof createTimelineService>;
