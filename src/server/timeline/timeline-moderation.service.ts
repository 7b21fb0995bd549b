import type { RealtimeEventName, RealtimeEvents } from '~/contracts/realtime';
import { DomainError } from '~/server/errors';
import type { Promotion, TimelinePromotionRepository } from './timeline-promotion.repository';
import type { TimelineRecord, TimelineRepository } from './timeline.repository';
import type { VersionedEvent } from '~/server/shared/read-model-cache';
import type { ModerationList } from './timeline-feed';
import { cleanMessage, toEntry } from './timeline-view';

export type { Promotion } from './timeline-promotion.repository';

interface Dependencies {
  repository: TimelineRepository;
  promotions: TimelinePromotionRepository;
  /** The moderation list as the timeline's read model keeps it (the timeline service's `moderationList`). */
  list: (event: VersionedEvent, limit: number) => Promise<ModerationList>;
  publish: <N extends RealtimeEventName>(eventId: number, name: N, data: RealtimeEvents[N]) => Promise<void>;
  /** Drops the timeline's read model on this node at once and on every node through the broker. */
  changed: (eventId: number) => Promise<void>;
  clock: () => Date;
}

/**
 * Promoted items made by organisers (the console): a post promoted with a link mode, link and
 * platforms, a pinned announcement. Viewers see them at once through `promoted-message-add`
 * (a post that was in the list also leaves it through `timeline-remove`) or
 * `promoted-message-modified`. Access checks are the caller's (the console's organiser rule).
 */
export function createTimelineModeration({ repository, promotions, list, publish, changed, clock }: Dependencies) {
  async function find(eventId: number, id: number): Promise<TimelineRecord> {
    const record = await repository.findById(eventId, id);
    if (!record) throw new DomainError('timeline.not_found', 'No such timeline item', { field: 'timelineId' });
    return record;
  }

  async function announce(record: TimelineRecord, wasPromo: boolean): Promise<void> {
    const item = toEntry(record, await repository.commentCount(record.id));
    if (wasPromo) {
      await publish(record.eventId, 'promoted-message-modified', { timelineId: record.id, item });
      return;
    }
    await publish(record.eventId, 'promoted-message-add', { timelineId: record.id, item });
  }

  return {
    find,

    /** Promotes a top-level post (or changes a promoted item's link and platforms); answers it before and after. */
    async promote(eventId: number, id: number, promo: Promotion): Promise<{ before: TimelineRecord; after: TimelineRecord }> {
      const before = await find(eventId, id);
      if (before.inReplyTo !== null) throw new DomainError('timeline.invalid', 'timelineId: promote a post, not a comment', { field: 'timelineId' });
      await promotions.setPromotion(eventId, id, promo);
      const after = await find(eventId, id);
      await changed(eventId);
      if (!before.isPromo) await publish(eventId, 'timeline-remove', { timelineId: id });
      await announce(after, before.isPromo);
      return { before, after };
    },

    /** Pins an announcement by the organiser among the promoted items; answers it. */
    async pin(eventId: number, authorId: number, input: Promotion & { message: string }): Promise<TimelineRecord> {
      const message = cleanMessage(input.message);
      if (!message) throw new DomainError('timeline.invalid', 'message: write the announcement', { field: 'message' });
      const id = await promotions.insertPromoted({ ...input, message, eventId, authorId, createdAt: clock().toISOString() });
      const record = await find(eventId, id);
      await changed(eventId);
      await announce(record, false);
      return record;
    },

    /**
     * The event's newest top-level items, posts and promoted items alike, with their comments, for
     * moderation: every item whatever its platforms, so an organiser can remove or promote again
     * one that no platform shows.
     */
    recent(event: VersionedEvent, limit: number): Promise<ModerationList> {
      return list(event, limit);
    },

    /** The links of the event's promoted items: which polls are on the stage, in one read. */
    promotedLinks(eventId: number): Promise<Set<string>> {
      return promotions.promotedLinks(eventId);
    },

    /** Ids of the event's promoted items that link to `link` (a poll put on the stage). */
    promotedIdsByLink(eventId: number, link: string): Promise<number[]> {
      return promotions.promotedIdsByLink(eventId, link);
    },
  };
}

export type TimelineModeration = ReturnType<typeof createTimelineModeration>;
