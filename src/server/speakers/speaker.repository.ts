import { sql, type Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { SpeakerTable } from '~/server/db/schema';
import { parseJson, toInt } from '~/server/db/sql-values';

export interface SpeakerRow {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  description: string | null;
  phone: string | null;
  email: string | null;
  imageUrl: string | null;
  links: { type?: string; url?: unknown }[];
}

export interface SpeakerFilter {
  search?: string | undefined;
  categoryId?: number | undefined;
  offset: number;
  limit: number;
}

/** A LIKE pattern matching `text` literally anywhere ('!' escapes the wildcards on both engines). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function toSpeakerRow(r: Selectable<SpeakerTable>): SpeakerRow {
  return {
    id: toInt(r.id), firstName: r.first_name, lastName: r.last_name, jobTitle: r.job_title, company: r.company,
    description: r.description, phone: r.phone, email: r.email, imageUrl: r.image_url,
    links: parseJson<SpeakerRow['links']>(r.links, []),
  };
}

/** The only place speaker rows are read. */
export function createSpeakerRepository(db: Db) {
  const { kysely } = db;

  function filtered(eventId: number, filter: Omit<SpeakerFilter, 'offset' | 'limit'>) {
    let query = kysely.selectFrom('speakers').where('speakers.event_id', '=', eventId);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
      query = query.where(sql<boolean>`(
        lower(speakers.first_name || ' ' || speakers.last_name) like ${pattern} escape '!'
        or lower(coalesce(speakers.company, '')) like ${pattern} escape '!'
        or lower(coalesce(speakers.job_title, '')) like ${pattern} escape '!')`);
    }
    if (filter.categoryId !== undefined) {
      const categoryId = filter.categoryId;
      query = query.where((eb) => eb.exists(eb.selectFrom('speaker_categories as sc')
        .select('sc.speaker_id')
        .whereRef('sc.speaker_id', '=', 'speakers.id')
        .where('sc.category_id', '=', categoryId)));
    }
    return query;
  }

  return {
    /** One page of an event's speakers in their configured order, plus how many matched. */
    async findPage(eventId: number, filter: SpeakerFilter): Promise<{ rows: SpeakerRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(eventId, filter).selectAll('speakers')
          .orderBy('speakers.position').orderBy('speakers.last_name').orderBy('speakers.first_name').orderBy('speakers.id')
          .limit(filter.limit).offset(filter.offset)
          .execute(),
        filtered(eventId, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: toInt(count.n),
        rows: rows.map(toSpeakerRow),
      };
    },

    /** One speaker of the event, or undefined. */
    async findById(eventId: number, speakerId: number): Promise<SpeakerRow | undefined> {
      const r = await kysely.selectFrom('speakers').selectAll().where('event_id', '=', eventId).where('id', '=', speakerId).executeTakeFirst();
      return r && toSpeakerRow(r);
    },

    /** The sessions of the given speakers, in start order. */
    async findSessions(speakerIds: number[]) {
      if (speakerIds.length === 0) return [];
      const rows = await kysely.selectFrom('session_speakers as ss')
        .innerJoin('sessions as s', 's.id', 'ss.session_id')
        .select(['ss.speaker_id', 's.id', 's.title', 's.start_date', 's.end_date'])
        .where('ss.speaker_id', 'in', speakerIds)
        .orderBy('s.start_date').orderBy('s.id')
        .execute();
      return rows.map((r) => ({ speakerId: toInt(r.speaker_id), id: toInt(r.id), title: r.title, startDate: r.start_date, endDate: r.end_date }));
    },

    /** The public categories of the given speakers. */
    async findCategories(speakerIds: number[]) {
      if (speakerIds.length === 0) return [];
      const rows = await kysely.selectFrom('speaker_categories as sc')
        .innerJoin('categories as c', 'c.id', 'sc.category_id')
        .select(['sc.speaker_id', 'c.id', 'c.name', 'c.category_type'])
        .where('sc.speaker_id', 'in', speakerIds).where('c.is_public', '=', 1)
        .orderBy('c.position').orderBy('c.id')
        .execute();
      return rows.map((r) => ({ speakerId: toInt(r.speaker_id), id: toInt(r.id), name: r.name, categoryType: toInt(r.category_type) }));
    },
  };
}

export type SpeakerRepository = ReturnType<typeof createSpeakerRepository>;
