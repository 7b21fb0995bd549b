import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { UserTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';
import { parseJson } from '~/server/db/sql-values';

/** An attendee account as the rest of the server sees it. */
export interface UserRecord {
  id: number;
  eventId: number;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  title: string | null;
  about: string | null;
  about2: string | null;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  address1: string | null;
  picture: string | null;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  calculatedFields: Record<string, string>;
  isHidden: boolean;
  isOrganiser: boolean;
  createdAt: string;
}

function toUser(row: Selectable<UserTable>): UserRecord {
  return {
    id: row.id, eventId: row.event_id, email: row.email, passwordHash: row.password_hash,
    firstName: row.first_name, lastName: row.last_name, title: row.title, about: row.about, about2: row.about2,
    phone: row.phone, company: row.company, jobTitle: row.job_title, address1: row.address1, picture: row.picture,
    linkedin: row.linkedin, facebook: row.facebook, instagram: row.instagram, twitter: row.twitter,
    calculatedFields: parseJson<Record<string, string>>(row.calculated_fields, {}),
    isHidden: row.is_hidden, isOrganiser: row.is_organiser, createdAt: row.created_at,
  };
}

/** Reads of attendee accounts; an account belongs to exactly one event. */
export function createUserRepository({ kysely }: Db) {
  // The caller's own account, read by most signed-in calls (see prepareQuery).
  const byId = prepareQuery(kysely, (p: { eventId: number; id: number }) => kysely.selectFrom('users').selectAll()
    .where('event_id', '=', p.eventId).where('id', '=', p.id));

  return {
    async findByEmail(eventId: number, email: string): Promise<UserRecord | undefined> {
      const row = await kysely.selectFrom('users').selectAll().where('event_id', '=', eventId).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row && toUser(row);
    },

    async findById(eventId: number, id: number): Promise<UserRecord | undefined> {
      const row = await byId.first({ eventId, id });
      return row && toUser(row);
    },

    /** The ids among `ids` of visible (not hidden) accounts of the event; asked in chunks of 500. */
    async visibleAmong(eventId: number, ids: readonly number[]): Promise<number[]> {
      const visible: number[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await kysely.selectFrom('users').select('id').where('event_id', '=', eventId).where('is_hidden', '=', false)
          .where('id', 'in', ids.slice(start, start + 500)).execute();
        for (const row of rows) visible.push(row.id);
      }
      return visible;
    },

    async setHidden(eventId: number, id: number, isHidden: boolean): Promise<void> {
      await kysely.updateTable('users').set({ is_hidden: isHidden }).where('event_id', '=', eventId).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
