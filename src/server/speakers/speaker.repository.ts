import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { SpeakerTable } from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';

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

function toSpeakerRow(r: Selectable<SpeakerTable>): SpeakerRow {
  return {
    id: r.id, firstName: r.first_name, lastName: r.last_name, jobTitle: r.job_title, company: r.company,
    description: r.description, phone: r.phone, email: r.email, imageUrl: r.image_url,
    links: parseJson<SpeakerRow['links']>(r.links, []),
  };
}

/** The only place speaker rows are read. */
export function createSpeakerRepository(db: Db) {
  const { kysely } = db;

  return {
    /** Every speaker of the event in their configured order (the read model's source). */
    async findAll(eventId: number): Promise<SpeakerRow[]> {
      const rows = await kysely.selectFrom('speakers').selectAll().where('event_id', '=', eventId)
        .orderBy('position').orderBy('last_name').orderBy('first_name').orderBy('id')
        .execute();
      return rows.map(toSpeakerRow);
    },

    /** Every (speaker, category) link of the event, public categories or not: the category filter uses them all. */
    async findCategoryLinks(eventId: number): Promise<{ speakerId: number; categoryId: number }[]> {
      const rows = await kysely.selectFrom('speaker_categories as sc')
        .innerJoin('speakers as sp', 'sp.id', 'sc.speaker_id')
        .select(['sc.speaker_id', 'sc.category_id'])
        .where('sp.event_id', '=', eventId)
        .execute();
      return rows.map((r) => ({ speakerId: r.speaker_id, categoryId: r.category_id }));
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
      return rows.map((r) => ({ speakerId: r.speaker_id, id: r.id, title: r.title, startDate: r.start_date, endDate: r.end_date }));
    },

    /** The public categories of the given speakers. */
    async findCategories(speakerIds: number[]) {
      if (speakerIds.length === 0) return [];
      const rows = await kysely.selectFrom('speaker_categories as sc')
        .innerJoin('categories as c', 'c.id', 'sc.category_id')
        .select(['sc.speaker_id', 'c.id', 'c.name', 'c.category_type'])
        .where('sc.speaker_id', 'in', speakerIds).where('c.is_public', '=', true)
        .orderBy('c.position').orderBy('c.id')
        .execute();
      return rows.map((r) => ({ speakerId: r.speaker_id, id: r.id, name: r.name, categoryType: r.category_type }));
    },
  };
}

export type SpeakerRepository = ReturnType<typeof createSpeakerRepository>;
