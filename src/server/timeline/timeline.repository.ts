import type { Platform } from '~/contracts/event-settings';
import type { LinkMode } from '~/contracts/timeline';
import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';
import { parseJson } from '~/server/db/sql-values';

export interface AuthorRecord {
  id: number;
  firstName: string;
  lastName: string;
  picture: string | null;
  jobTitle: string | null;
  company: string | null;
}

/** A post, comment (inReplyTo set) or promoted item of one event. */
export interface TimelineRecord {
  id: number;
  eventId: number;
  inReplyTo: number | null;
  author: AuthorRecord | null;
  message: string;
  imageUrls: string[];
  isPromo: boolean;
  linkMode: LinkMode | null;
  promoLink: string | null;
  promoLinkText: string | null;
  platforms: Platform[];
  createdAt: string;
  likes: number;
}

export interface NewTimelineRecord {
  eventId: number;
  authorId: number;
  inReplyTo: number | null;
  message: string;
  imageUrls: string[];
  platforms: Platform[];
  createdAt: string;
}

export function createTimelineRepository(db: Db) {
  const { kysely } = db;

  const selectItems = () => kysely.selectFrom('timeline_items')
    .leftJoin('users as u', 'u.id', 'timeline_items.author_id')
    .select([
      'timeline_items.id', 'timeline_items.event_id', 'timeline_items.in_reply_to', 'timeline_items.message',
      'timeline_items.image_urls', 'timeline_items.is_promo', 'timeline_items.link_mode', 'timeline_items.promo_link',
      'timeline_items.promo_link_text', 'timeline_items.platforms', 'timeline_items.created_at', 'timeline_items.likes_count',
      'u.id as author_id', 'u.first_name', 'u.last_name', 'u.picture', 'u.job_title', 'u.company',
    ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

  const toRecord = (row: Row): TimelineRecord => ({
    id: row.id, eventId: row.event_id, inReplyTo: row.in_reply_to,
    author: row.author_id === null ? null : {
      id: row.author_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', picture: row.picture ?? null,
      jobTitle: row.job_title ?? null, company: row.company ?? null,
    },
    message: row.message, imageUrls: parseJson<string[]>(row.image_urls, []), isPromo: row.is_promo,
    linkMode: row.link_mode as LinkMode | null, promoLink: row.promo_link, promoLinkText: row.promo_link_text,
    platforms: parseJson<Platform[]>(row.platforms, ['digital']), createdAt: row.created_at, likes: row.likes_count,
  });

  // Platforms are a JSON array of fixed words ("digital", "webApp"): a quoted substring test works on both engines.
  const platformPattern = (platform: Platform): string => `%"${platform}"%`;

  // The timeline calls run on every screen's load: their queries are built once (see prepareQuery).
  interface PageValues { eventId: number; isPromo: boolean; platform: string; limit: number }
  const pageOf = (p: PageValues) => selectItems()
    .where('timeline_items.event_id', '=', p.eventId)
    .where('timeline_items.in_reply_to', 'is', null)
    .where('timeline_items.is_promo', '=', p.isPromo)
    .where('timeline_items.platforms', 'like', p.platform);
  const newestFirst = (q: ReturnType<typeof selectItems>) => q
    .orderBy('timeline_items.created_at', 'desc').orderBy('timeline_items.id', 'desc');
  const firstPage = prepareQuery(kysely, (p: PageValues) => newestFirst(pageOf(p)).limit(p.limit));
  const pageBefore = prepareQuery(kysely, (p: PageValues & { beforeAt: string; beforeId: number }) => newestFirst(pageOf(p).where((eb) => eb.or([
    eb('timeline_items.created_at', '<', p.beforeAt),
    eb.and([eb('timeline_items.created_at', '=', p.beforeAt), eb('timeline_items.id', '<', p.beforeId)]),
  ]))).limit(p.limit));
  const commentsOf = prepareQuery(kysely, (p: { postIds: number[] }) => newestFirst(selectItems().where('timeline_items.in_reply_to', 'in', p.postIds)), ['postIds']);
  const byId = prepareQuery(kysely, (p: { eventId: number; id: number }) => selectItems().where('timeline_items.event_id', '=', p.eventId).where('timeline_items.id', '=', p.id));
  const likedAmong = prepareQuery(kysely, (p: { userId: number; ids: number[] }) => kysely.selectFrom('timeline_likes').select('timeline_id')
    .where('user_id', '=', p.userId).where('timeline_id', 'in', p.ids), ['ids']);

  return {
    /**
     * Top-level items newest first (created_at, then id), `limit` of them, only those older than
     * the item `before` (a keyset cursor: stable while new posts arrive). `promoted` picks promoted
     * items or ordinary posts.
     */
    async findPage(eventId: number, options: { platform: Platform; promoted: boolean; limit: number; before?: { createdAt: string; id: number } | undefined }): Promise<TimelineRecord[]> {
      const { before } = options;
      const values = { eventId, isPromo: options.promoted, platform: platformPattern(options.platform), limit: options.limit };
      const rows = before ? await pageBefore.all({ ...values, beforeAt: before.createdAt, beforeId: before.id }) : await firstPage.all(values);
      return rows.map(toRecord);
    },

    /** Comments of these posts, newest first (docs/product.md §3). */
    async findComments(postIds: number[]): Promise<TimelineRecord[]> {
      if (postIds.length === 0) return [];
      const rows = await commentsOf.all({ postIds });
      return rows.map(toRecord);
    },

    async commentCount(postId: number): Promise<number> {
      const row = await kysely.selectFrom('timeline_items').select((eb) => eb.fn.countAll<number>().as('n')).where('in_reply_to', '=', postId).executeTakeFirst();
      return row?.n ?? 0;
    },

    async findById(eventId: number, id: number): Promise<TimelineRecord | undefined> {
      const row = await byId.first({ eventId, id });
      return row && toRecord(row);
    },

    /** Which of these items the user likes. */
    async likedOf(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await likedAmong.all({ userId, ids });
      return new Set(rows.map((r) => r.timeline_id));
    },

    async insert(item: NewTimelineRecord): Promise<number> {
      const row = await kysely.insertInto('timeline_items').values({
        event_id: item.eventId, key: null, author_id: item.authorId, in_reply_to: item.inReplyTo, message: item.message,
        image_urls: JSON.stringify(item.imageUrls), is_promo: false, link_mode: null, promo_link: null, promo_link_text: null,
        platforms: JSON.stringify(item.platforms), created_at: item.createdAt,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Deletes an item (its comments and likes go with it by cascade); answers the image URLs of everything removed. */
    async remove(id: number): Promise<string[]> {
      return kysely.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('timeline_items').select('image_urls').where((eb) => eb.or([eb('id', '=', id), eb('in_reply_to', '=', id)])).execute();
        await trx.deleteFrom('timeline_items').where('id', '=', id).execute();
        return rows.flatMap((r) => parseJson<string[]>(r.image_urls, []));
      });
    },

    /**
     * Sets the user's like of an item, idempotently: the like row (unique per user and item) and
     * the item's count change together in one transaction, or not at all. Answers the count after
     * it and whether this call changed anything (false: the like already was as asked).
     */
    async setLike(id: number, userId: number, isLiked: boolean, at: string): Promise<{ likes: number; isChanged: boolean }> {
      return kysely.transaction().execute(async (trx) => {
        const changed = isLiked
          ? (await trx.insertInto('timeline_likes').values({ timeline_id: id, user_id: userId, created_at: at })
            .onConflict((oc) => oc.columns(['timeline_id', 'user_id']).doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows
          : (await trx.deleteFrom('timeline_likes').where('timeline_id', '=', id).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows;
        // The update takes the row lock (PostgreSQL); SQLite has one writer at a time.
        const isChanged = (changed ?? 0n) > 0n;
        const row = await trx.updateTable('timeline_items')
          .set((eb) => ({ likes_count: isChanged ? eb('likes_count', isLiked ? '+' : '-', 1) : eb.ref('likes_count') }))
          .where('id', '=', id).returning('likes_count').executeTakeFirst();
        return { likes: row?.likes_count ?? 0, isChanged };
      });
    },
  };
}

export type TimelineRepository = ReturnType<typeof createTimelineRepository>;

