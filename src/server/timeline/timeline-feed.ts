import type { LRUCache } from 'lru-cache';
import { PLATFORMS, type Platform } from '~/contracts/event-settings';
import { TIMELINE_MAX_COUNT } from '~/contracts/timeline';
import type { ConsoleTimelineItem } from '~/contracts/console';
import { DomainError } from '~/server/errors';
import { KeptJson } from '~/server/http/kept-json';
import { boundedCache } from '~/server/shared/bounded-cache';
import { createReadModels, type ReadModels, type VersionedEvent } from '~/server/shared/read-model-cache';
import { idsOf, sliceOf, toSharedList, type ListSlice, type SharedList } from './timeline-list';
import type { TimelineRepository } from './timeline.repository';
import type { TimelineModerationRepository } from './timeline-moderation.repository';
import { toModerationList } from './timeline-moderation-view';

/**
 * Newest posts a list holds per event and platform: the largest page (100) and one more, so that
 * the first page of any size and the second of the default size (50) are answered from memory.
 */
export const TIMELINE_WINDOW = TIMELINE_MAX_COUNT + 1;

/**
 * How long a list may be served without a change message (a message lost in a broker reconnect):
 * every post, comment, like or delete drops it at once on every node (data-change `timeline`).
 */
export const TIMELINE_MODEL_MAX_AGE_MS = 10_000;

/** The console's moderation list: its items, and the same as the call's JSON text. */
export interface ModerationList {
  items: ConsoleTimelineItem[];
  answer: KeptJson;
}

/** A platform's posts and its promoted items. */
const LISTS_PER_EVENT = PLATFORMS.length * 2;
/** Moderation lists by length: the console asks for one. */
const MODERATION_LENGTHS = 4;

/** The lists of one event, each built when first asked for. */
interface TimelineModel {
  lists: LRUCache<string, Promise<SharedList>>;
  /** The console's moderation lists (every platform's items, with their comments), by length. */
  moderation: LRUCache<number, Promise<ModerationList>>;
}

/** One viewer's answer: the items as everyone sees them and which of them the viewer likes. */
export interface ViewerSlice {
  slice: ListSlice;
  liked: Set<number>;
}

interface FeedDeps {
  repository: TimelineRepository;
  /** The moderation list's reads. */
  moderated: TimelineModerationRepository;
  readModels?: ReadModels;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The timeline as read (docs/timeline.md "Read model"): each event's lists shaped once
 * and kept in the read-model cache until the timeline changes, and per request only the viewer's
 * likes among the items answered (one query; none when there are no items). Pages past what a
 * list holds are read from the database as before.
 */
export function createTimelineFeed({ repository, moderated, readModels = createReadModels(), maxAgeMs = TIMELINE_MODEL_MAX_AGE_MS, now }: FeedDeps) {
  const models = readModels.cache(
    'timeline',
    (): Promise<TimelineModel> => Promise.resolve({
      lists: boundedCache({ maxEntries: LISTS_PER_EVENT }), moderation: boundedCache({ maxEntries: MODERATION_LENGTHS }),
    }),
    { droppedBy: ['timeline'], maxAgeMs, ...(now ? { now } : {}) },
  );

  /** What `held` has under `key`, else built now and held; a failed build is not kept: the next request tries again. */
  function heldOrBuilt<K extends NonNullable<unknown>, V>(held: LRUCache<K, Promise<V>>, key: K, build: () => Promise<V>): Promise<V> {
    let value = held.get(key);
    if (!value) {
      const building = build();
      held.set(key, building);
      building.catch(() => { if (held.get(key) === building) held.delete(key); });
      value = building;
    }
    return value;
  }

  async function buildList(eventId: number, platform: Platform, promoted: boolean): Promise<SharedList> {
    const limit = promoted ? TIMELINE_MAX_COUNT : TIMELINE_WINDOW;
    const records = await repository.findPage(eventId, { platform, promoted, limit });
    const comments = await repository.findComments(records.map((r) => r.id));
    return toSharedList(records, comments, promoted || records.length < limit);
  }

  async function listOf(event: VersionedEvent, platform: Platform, promoted: boolean): Promise<SharedList> {
    const { lists } = await models.get(event);
    return heldOrBuilt(lists, `${platform}:${promoted ? 'promoted' : 'posts'}`, () => buildList(event.eventId, platform, promoted));
  }

  async function buildModeration(eventId: number, limit: number): Promise<ModerationList> {
    const records = await moderated.findPage(eventId, limit);
    const items = toModerationList(records, await moderated.findComments(records.map((r) => r.id)));
    return { items, answer: new KeptJson(JSON.stringify(items)) };
  }

  async function forViewer(slice: ListSlice, userId: number): Promise<ViewerSlice> {
    return { slice, liked: await repository.likedOf(userId, idsOf(slice)) };
  }

  /** A page past the cached list: read as the list is built, for these items only. */
  async function pageFromDatabase(eventId: number, options: { platform: Platform; count: number; before?: number | undefined }): Promise<ListSlice> {
    let cursor: { createdAt: string; id: number } | undefined;
    if (options.before !== undefined) {
      const from = await repository.findById(eventId, options.before);
      if (!from || from.inReplyTo !== null) throw new DomainError('timeline.not_found', 'No such timeline item', { field: 'before' });
      cursor = { createdAt: from.createdAt, id: from.id };
    }
    const records = await repository.findPage(eventId, { platform: options.platform, promoted: false, limit: options.count + 1, before: cursor });
    const shown = records.slice(0, options.count);
    const list = toSharedList(shown, await repository.findComments(shown.map((r) => r.id)), true);
    return { list, start: 0, end: shown.length, nextBefore: records.length > options.count ? shown.at(-1)!.id : null };
  }

  return {
    /** `count` posts newest first, older than the post `before` when given, with the viewer's likes. */
    async posts(event: VersionedEvent, userId: number, options: { platform: Platform; count: number; before?: number | undefined }): Promise<ViewerSlice> {
      const cached = sliceOf(await listOf(event, options.platform, false), options.count, options.before);
      // Only a cursor leads past the list (a first page of at most 100 always fits) or names an item not in it.
      return forViewer(cached ?? await pageFromDatabase(event.eventId, options), userId);
    },

    /** The promoted items of the platform, newest first, with the viewer's likes. */
    async promoted(event: VersionedEvent, userId: number, platform: Platform): Promise<ViewerSlice> {
      const list = await listOf(event, platform, true);
      return forViewer({ list, start: 0, end: list.items.length, nextBefore: null }, userId);
    },

    /**
     * The event's newest `limit` top-level items, posts and promoted items of every platform alike,
     * with their comments: the console's moderation list, kept with the viewers' lists.
     */
    async moderation(event: VersionedEvent, limit: number): Promise<ModerationList> {
      const model = await models.get(event);
      return heldOrBuilt(model.moderation, limit, () => buildModeration(event.eventId, limit));
    },
  };
}

export type TimelineFeed = ReturnType<typeof createTimelineFeed>;
