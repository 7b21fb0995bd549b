import { LINK_MODES, type LinkMode } from '~/contracts/timeline';
import type { TimelineModeration, Promotion } from '~/server/timeline/timeline-moderation.service';
import type { TimelineRecord } from '~/server/timeline/timeline.service';
import type { AuditService } from './audit.service';
import { addressOf, idOf, invalid, platformsOf } from './console-input';
import type { Organiser } from './organiser-access';

interface Dependencies {
  /** The timeline service's `removeAny`: any item, its comments, likes and images, published. */
  removeItem: (eventId: number, id: number) => Promise<TimelineRecord>;
  promotion: Pick<TimelineModeration, 'promote' | 'pin'>;
  audit: AuditService;
}

const MAX_LINK_TEXT = 200;
const MAX_MESSAGE = 2000;

/** What the audit keeps of an item: enough to tell what was there; its author by id only (an erasure leaves no name behind). */
const summary = (r: TimelineRecord) => ({
  message: r.message, authorId: r.author?.id ?? null, inReplyTo: r.inReplyTo,
  isPromo: r.isPromo, linkMode: r.linkMode, link: r.promoLink, linkText: r.promoLinkText, platforms: r.platforms,
});

function promotionOf(input: unknown): Promotion {
  const body = (input ?? {}) as Record<string, unknown>;
  const linkMode = body['linkMode'] ?? null;
  if (linkMode !== null && !LINK_MODES.includes(linkMode as LinkMode)) throw invalid('linkMode', `must be one of ${LINK_MODES.join(', ')}, or null`);
  const link = body['link'] === undefined ? null : addressOf(body['link'], 'link');
  const linkText = body['linkText'] ?? null;
  if (linkText !== null && (typeof linkText !== 'string' || linkText.length > MAX_LINK_TEXT)) throw invalid('linkText', `text of at most ${MAX_LINK_TEXT} characters, or null`);
  return { linkMode: linkMode as LinkMode | null, link, linkText, platforms: platformsOf(body['platforms'] ?? ['digital', 'webApp']) };
}

/** Timeline moderation from the console: remove any post or comment, promote a post, pin an announcement. Attendees see each at once. */
export function createModeration({ removeItem, promotion, audit }: Dependencies) {
  return {
    async remove(organiser: Organiser, timelineId: unknown): Promise<void> {
      const removed = await removeItem(organiser.eventId, idOf(timelineId, 'timelineId'));
      await audit.record(organiser, { action: 'timeline.remove', target: `timeline:${removed.id}`, before: summary(removed), after: null });
    },

    async promote(organiser: Organiser, timelineId: unknown, input: unknown): Promise<{ timelineId: number }> {
      const id = idOf(timelineId, 'timelineId');
      const { before, after } = await promotion.promote(organiser.eventId, id, promotionOf(input));
      await audit.record(organiser, { action: 'timeline.promote', target: `timeline:${id}`, before: summary(before), after: summary(after) });
      return { timelineId: id };
    },

    async pin(organiser: Organiser, input: unknown): Promise<{ timelineId: number }> {
      const message = ((input ?? {}) as Record<string, unknown>)['message'];
      if (typeof message !== 'string' || message.trim() === '') throw invalid('message', 'write the announcement');
      if (message.length > MAX_MESSAGE) throw invalid('message', `at most ${MAX_MESSAGE} characters`);
      const item = await promotion.pin(organiser.eventId, organiser.userId, { ...promotionOf(input), message });
      await audit.record(organiser, { action: 'timeline.pin', target: `timeline:${item.id}`, before: null, after: summary(item) });
      return { timelineId: item.id };
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
