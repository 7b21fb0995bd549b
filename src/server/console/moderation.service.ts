import type { TimelineModeration, Promotion } from '~/server/timeline/timeline-moderation.service';
import type { TimelineRecord } from '~/server/timeline/timeline.service';
import type { AuditService } from './audit.service';
import type { Organiser } from './organiser-access';

interface Dependencies {
  /** The timeline service's `removeAny`: any item, its comments, likes and images, published. */
  removeItem: (eventId: number, id: number) => Promise<TimelineRecord>;
  promotion: Pick<TimelineModeration, 'promote' | 'pin'>;
  audit: AuditService;
}

/** What the audit keeps of an item: enough to tell what was there; its author by id only (an erasure leaves no name behind). */
const summary = (r: TimelineRecord) => ({
  message: r.message, authorId: r.author?.id ?? null, inReplyTo: r.inReplyTo,
  isPromo: r.isPromo, linkMode: r.linkMode, link: r.promoLink, linkText: r.promoLinkText, platforms: r.platforms,
});

/** Timeline moderation from the console: remove any post or comment, promote a post, pin an announcement. Attendees see each at once. */
export function createModeration({ removeItem, promotion, audit }: Dependencies) {
  return {
    async remove(organiser: Organiser, timelineId: number): Promise<void> {
      const removed = await removeItem(organiser.eventId, timelineId);
      await audit.record(organiser, { action: 'timeline.remove', target: `timeline:${removed.id}`, before: summary(removed), after: null });
    },

    async promote(organiser: Organiser, id: number, promoted: Promotion): Promise<{ timelineId: number }> {
      const { before, after } = await promotion.promote(organiser.eventId, id, promoted);
      await audit.record(organiser, { action: 'timeline.promote', target: `timeline:${id}`, before: summary(before), after: summary(after) });
      return { timelineId: id };
    },

    async pin(organiser: Organiser, announcement: Promotion & { message: string }): Promise<{ timelineId: number }> {
      const item = await promotion.pin(organiser.eventId, organiser.userId, announcement);
      await audit.record(organiser, { action: 'timeline.pin', target: `timeline:${item.id}`, before: null, after: summary(item) });
      return { timelineId: item.id };
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
