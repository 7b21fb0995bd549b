import { sql } from 'kysely';
import type { Db } from '~/server/db/database';
import { parseJson } from '~/server/db/sql-values';

export interface SponsorRow { id: number; name: string; logoUrl: string | null; position: number; category: string | null; categoryPosition: number | null }

/** The lobby's reads: small, bounded queries that work on SQLite and PostgreSQL alike. */
export function createLobbyRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Sessions that have not ended at `now`, earliest first. */
    async findUpcomingSessions(eventId: number, now: string, limit: number) {
      const rows = await kysely.selectFrom('sessions as s')
        .leftJoin('tracks as t', 't.id', 's.track_id')
        .select(['s.id', 's.title', 's.subtitle', 's.start_date', 's.end_date', 't.title as track_title', 't.header_background_color'])
        .where('s.event_id', '=', eventId).where('s.end_date', '>', now)
        .orderBy('s.start_date').orderBy('s.id').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id, title: r.title, subtitle: r.subtitle, startDate: r.start_date, endDate: r.end_date,
        trackTitle: r.track_title, trackColor: r.header_background_color,
      }));
    },

    /** Speakers in their configured order; `search` matches first, last name or company. */
    async findSpeakers(eventId: number, search: string | undefined, limit: number) {
      let query = kysely.selectFrom('speakers')
        .select(['id', 'first_name', 'last_name', 'job_title', 'company', 'image_url'])
        .where('event_id', '=', eventId);
      if (search) {
        // Wildcards in the search are dropped: LIKE escaping differs between the two engines.
        const needle = `%${search.toLowerCase().replace(/[\\%_]/g, '')}%`;
        query = query.where((eb) => eb.or([
          eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', needle),
          eb(sql<string>`lower(coalesce(company, ''))`, 'like', needle),
        ]));
      }
      const rows = await query.orderBy('position').orderBy('id').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id, name: r.first_name, lastName: r.last_name, jobTitle: r.job_title, company: r.company, profileImageUrl: r.image_url,
      }));
    },

    /** Every sponsor with each of its sponsor categories (one row per pair; no category gives one null row). */
    async findSponsors(eventId: number): Promise<SponsorRow[]> {
      const rows = await kysely.selectFrom('sponsors as s')
        .leftJoin('sponsor_categories as sc', 'sc.sponsor_id', 's.id')
        .leftJoin('categories as c', 'c.id', 'sc.category_id')
        .select(['s.id', 's.name', 's.logo_url', 's.position', 'c.name as category', 'c.position as category_position'])
        .where('s.event_id', '=', eventId)
        .orderBy('s.position').orderBy('s.id').execute();
      return rows.map((r) => ({
        id: r.id, name: r.name, logoUrl: r.logo_url, position: r.position, category: r.category,
        categoryPosition: r.category_position,
      }));
    },

    async findSponsorsByIds(eventId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await kysely.selectFrom('sponsors').select(['id', 'name', 'logo_url'])
        .where('event_id', '=', eventId).where('id', 'in', [...ids]).execute();
      return rows.map((r) => ({ id: r.id, name: r.name, logoUrl: r.logo_url }));
    },

    /** Information pages of one category, with the platforms they show on. */
    async findInfoPages(eventId: number, category: string) {
      const rows = await kysely.selectFrom('info_pages').select(['id', 'heading', 'body', 'platforms'])
        .where('event_id', '=', eventId).where('category', '=', category)
        .orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, heading: r.heading, body: r.body, platforms: parseJson<string[]>(r.platforms, ['digital']) }));
    },
  };
}

export type LobbyRepository = ReturnType<typeof createLobbyRepository>;
