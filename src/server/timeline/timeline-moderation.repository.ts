import type { Platform } from '~/contracts/event-settings';
import type { LinkMode } from '~/contracts/timeline';
import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import { padToPowerOfTwo } from '~/server/db/read-batcher';
import { parseJson } from '~/server/db/sql-values';
import type { TimelineRecord } from './timeline.repository';

/** Who wrote an item, as organisers see them. */
export interface ModeratedAuthor {
  id: number;
  firstName: string;
  lastName: string;
}

/** A comment as organisers moderate it. */
export interface ModeratedComment {
  id: number;
  inReplyTo: number;
  /** Null: no author (an organisers' announcement, an erased account). */
  author: ModeratedAuthor | null;
  message: string;
  createdAt: string;
}

/** A post or promoted item as organisers moderate it: what they see and act on, not its likes. */
export type ModeratedItem = Omit<ModeratedComment, 'inReplyTo'>
  & Pick<TimelineRecord, 'imageUrls' | 'isPromo' | 'linkMode' | 'promoLink' | 'promoLinkText' | 'platforms'>;

const authorOf = (row: { author_id: number | null; first_name: string | null; last_name: string | null }): ModeratedAuthor | null =>
  row.author_id === null ? null : { id: row.author_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '' };

/**
 * The timeline as the console's moderation list reads it, on every timeline change by every
 * organiser of the event: prepared once (see prepareQuery), and only the columns the list shows.
 */
export function createTimelineModerationRepository(db: Db) {
  const { kysely } = db;
  const items = () => kysely.selectFrom('timeline_items as t').leftJoin('users as u', 'u.id', 't.author_id');
  const page = prepareQuery(kysely, (p: { eventId: number; limit: number }) => items()
    .select(['t.id', 't.message', 't.image_urls', 't.is_promo', 't.link_mode', 't.promo_link', 't.promo_link_text', 't.platforms', 't.created_at', 'u.id as author_id', 'u.first_name', 'u.last_name'])
    .where('t.event_id', '=', p.eventId).where('t.in_reply_to', 'is', null)
    .orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(p.limit));
  // The post ids are padded to a power of two: a few prepared shapes, not one per page length.
  const commentsOf = prepareQuery(kysely, (p: { postIds: number[] }) => items()
    .select(['t.id', 't.in_reply_to', 't.message', 't.created_at', 'u.id as author_id', 'u.first_name', 'u.last_name'])
    .where('t.in_reply_to', 'in', p.postIds)
    .orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'), ['postIds']);

  return {
    /** The event's newest top-level items, posts and promoted items of every platform alike, `limit` of them (created, then id). */
    async findPage(eventId: number, limit: number): Promise<ModeratedItem[]> {
      return (await page.all({ eventId, limit })).map((row) => ({
        id: row.id, author: authorOf(row), message: row.message, createdAt: row.created_at, imageUrls: parseJson<string[]>(row.image_urls, []),
        isPromo: row.is_promo, linkMode: row.link_mode as LinkMode | null, promoLink: row.promo_link, promoLinkText: row.promo_link_text,
        platforms: parseJson<Platform[]>(row.platforms, []),
      }));
    },

    /** Comments of these posts, newest first. */
    async findComments(postIds: readonly number[]): Promise<ModeratedComment[]> {
      if (postIds.length === 0) return [];
      return (await commentsOf.all({ postIds: padToPowerOfTwo(postIds) })).map((row) => ({
        id: row.id, inReplyTo: row.in_reply_to ?? 0, author: authorOf(row), message: row.message, createdAt: row.created_at,
      }));
    },
  };
}

export type TimelineModerationRepository = ReturnType<typeof createTimelineModerationRepository>;
