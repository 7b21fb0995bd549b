import type { LinkMode } from '~/contracts/timeline';
import type { Platform } from '~/contracts/event-settings';
import type { Db } from '~/server/db/database';
import { prepareQuery } from '~/server/db/prepared';

export interface Promotion {
  linkMode: LinkMode | null;
  link: string | null;
  linkText: string | null;
  platforms: Platform[];
}

/** Promoted items as organisers write them (docs/product.md §3 timeline item: isPromo, LinkMode, Promolink, PlatformDisplayOptions). */
export function createTimelinePromotionRepository(db: Db) {
  const { kysely } = db;
  const promoValues = (promo: Promotion) => ({
    is_promo: true, link_mode: promo.linkMode, promo_link: promo.link, promo_link_text: promo.linkText, platforms: JSON.stringify(promo.platforms),
  });
  // Read with the console's poll list (see prepareQuery).
  const linksOf = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('timeline_items').select('promo_link').distinct()
    .where('event_id', '=', p.eventId).where('is_promo', '=', true).where('promo_link', 'is not', null));
  return {
    /** A new promoted item (a pinned announcement) by the organiser; answers its id. */
    async insertPromoted(item: { eventId: number; authorId: number; message: string; createdAt: string } & Promotion): Promise<number> {
      const row = await kysely.insertInto('timeline_items').values({
        event_id: item.eventId, key: null, author_id: item.authorId, in_reply_to: null, message: item.message, image_urls: '[]',
        created_at: item.createdAt, ...promoValues(item),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Makes a top-level post of the event a promoted item, or changes its promotion. */
    async setPromotion(eventId: number, id: number, promo: Promotion): Promise<void> {
      await kysely.updateTable('timeline_items').set(promoValues(promo)).where('event_id', '=', eventId).where('id', '=', id)
        .where('in_reply_to', 'is', null).execute();
    },

    /** The links of the event's promoted items (each once). */
    async promotedLinks(eventId: number): Promise<Set<string>> {
      const rows = await linksOf.all({ eventId });
      return new Set(rows.map((r) => r.promo_link).filter((link): link is string => link !== null));
    },

    /** The promoted items of the event whose link is `link`, newest first. */
    async promotedIdsByLink(eventId: number, link: string): Promise<number[]> {
      const rows = await kysely.selectFrom('timeline_items').select('id').where('event_id', '=', eventId).where('is_promo', '=', true)
        .where('promo_link', '=', link).orderBy('id', 'desc').execute();
      return rows.map((r) => r.id);
    },
  };
}

export type TimelinePromotionRepository = ReturnType<typeof createTimelinePromotionRepository>;
