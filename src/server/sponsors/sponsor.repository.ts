import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { MeetingRoomTable, SponsorTable } from '~/server/db/schema';
import { parseJson } from '~/server/db/sql-values';

/** A sponsor as stored; `links` are unchecked until the service filters them. */
export interface SponsorRecord {
  id: number;
  name: string;
  logoUrl: string | null;
  position: number;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  links: { type?: string | null; url?: unknown }[];
  description: string | null;
  streamUrl: string | null;
  liveUrl: string | null;
  /** The lead form takes leads (on unless turned off). */
  hasLeadForm: boolean;
}

export interface MeetingRoomRecord {
  id: number;
  name: string;
  roomUrl: string;
  startDate: string | null;
  endDate: string | null;
}

export interface ContactUserRow {
  id: number;
  firstName: string;
  lastName: string;
  company: string | null;
  picture: string | null;
  jobTitle: string | null;
  phone: string | null;
  email: string;
  about2: string | null;
}

const toSponsor = (row: Selectable<SponsorTable>): SponsorRecord => ({
  id: row.id, name: row.name, logoUrl: row.logo_url, position: row.position, address: row.address, phone: row.phone,
  email: row.email, website: row.website, links: parseJson(row.links, []), description: row.description,
  streamUrl: row.stream_url, liveUrl: row.live_url, hasLeadForm: row.has_lead_form,
});

const toRoom = (row: Selectable<MeetingRoomTable>): MeetingRoomRecord => ({
  id: row.id, name: row.name, roomUrl: row.room_url, startDate: row.start_date, endDate: row.end_date,
});

/** The only place sponsor rows and what hangs off them are read. */
export function createSponsorRepository({ kysely }: Db) {
  return {
    async findAll(eventId: number): Promise<SponsorRecord[]> {
      const rows = await kysely.selectFrom('sponsors').selectAll().where('event_id', '=', eventId)
        .orderBy('position').orderBy('name').orderBy('id').execute();
      return rows.map(toSponsor);
    },

    async findById(eventId: number, id: number): Promise<SponsorRecord | undefined> {
      const row = await kysely.selectFrom('sponsors').selectAll().where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
      return row && toSponsor(row);
    },

    /** Categories of the given sponsors (public ones, sponsor type or none). */
    async findCategories(sponsorIds: number[]) {
      if (sponsorIds.length === 0) return [];
      const rows = await kysely.selectFrom('sponsor_categories as sc')
        .innerJoin('categories as c', 'c.id', 'sc.category_id')
        .select(['sc.sponsor_id', 'c.id', 'c.name'])
        .where('sc.sponsor_id', 'in', sponsorIds).where('c.is_public', '=', true)
        .orderBy('c.position').orderBy('c.id').execute();
      return rows.map((r) => ({ sponsorId: r.sponsor_id, value: r.id, label: r.name }));
    },

    /** The event's public sponsor categories (docs/product.md §3 categoryType 0). */
    async findSponsorCategories(eventId: number) {
      const rows = await kysely.selectFrom('categories').select(['id', 'name', 'category_type'])
        .where('event_id', '=', eventId).where('is_public', '=', true).where('category_type', '=', 0)
        .orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, categoryType: r.category_type }));
    },

    async findContactUsers(sponsorId: number): Promise<ContactUserRow[]> {
      const rows = await kysely.selectFrom('sponsor_users as su').innerJoin('users as u', 'u.id', 'su.user_id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.company', 'u.picture', 'u.job_title', 'u.phone', 'u.email', 'u.about2'])
        .where('su.sponsor_id', '=', sponsorId)
        .orderBy('u.last_name').orderBy('u.first_name').orderBy('u.id').execute();
      return rows.map((r) => ({
        id: r.id, firstName: r.first_name, lastName: r.last_name, company: r.company, picture: r.picture,
        jobTitle: r.job_title, phone: r.phone, email: r.email, about2: r.about2,
      }));
    },

    async isContactUser(sponsorId: number, userId: number): Promise<boolean> {
      const row = await kysely.selectFrom('sponsor_users').select('user_id')
        .where('sponsor_id', '=', sponsorId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** The sponsors (of this event) a user is a contact for, in sponsor order. */
    async findSponsorIdsOfContact(eventId: number, userId: number): Promise<number[]> {
      const rows = await kysely.selectFrom('sponsor_users as su').innerJoin('sponsors as s', 's.id', 'su.sponsor_id')
        .select('s.id').where('s.event_id', '=', eventId).where('su.user_id', '=', userId)
        .orderBy('s.position').orderBy('s.id').execute();
      return rows.map((r) => r.id);
    },

    async findRooms(sponsorId: number): Promise<MeetingRoomRecord[]> {
      const rows = await kysely.selectFrom('meeting_rooms').selectAll().where('sponsor_id', '=', sponsorId)
        .orderBy('start_date').orderBy('id').execute();
      return rows.map(toRoom);
    },

    /** Top-level polls of the sponsor whose question type is one of `types`. */
    async findPolls(sponsorId: number, types: readonly number[]) {
      const rows = await kysely.selectFrom('polls').select(['id', 'title', 'access_key'])
        .where('sponsor_id', '=', sponsorId).where('parent_id', 'is', null).where('question_type', 'in', [...types])
        .orderBy('position').orderBy('id').execute();
      return rows.map((r) => ({ value: r.id, label: r.title, accessKey: r.access_key }));
    },

    /** Sessions any of the sponsor's speakers appear in, each once, in start order. */
    async findSessions(sponsorId: number) {
      const rows = await kysely.selectFrom('sessions as s')
        .select(['s.id', 's.title', 's.start_date', 's.end_date'])
        .where((eb) => eb.exists(eb.selectFrom('session_speakers as ss')
          .innerJoin('sponsor_speakers as sp', 'sp.speaker_id', 'ss.speaker_id')
          .select('ss.session_id')
          .whereRef('ss.session_id', '=', 's.id')
          .where('sp.sponsor_id', '=', sponsorId)))
        .orderBy('s.start_date').orderBy('s.id').execute();
      return rows.map((r) => ({ id: r.id, title: r.title, startDate: r.start_date, endDate: r.end_date }));
    },
  };
}

export type SponsorRepository = ReturnType<typeof createSponsorRepository>;
