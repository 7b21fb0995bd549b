import type { Kysely } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';

/** An attendee as the organiser's lists see them; `admittedAt` is the first scan-in (ISO UTC) or null. */
export interface AdmissionRecord {
  userId: number;
  firstName: string;
  lastName: string;
  company: string | null;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  title: string | null;
  address: string | null;
  admittedAt: string | null;
  isHidden: boolean;
}

const people = (kysely: Kysely<Database>, eventId: number, groups: number[] | undefined) => {
  let q = kysely.selectFrom('users').where('users.event_id', '=', eventId);
  if (groups && groups.length > 0) {
    q = q.where((eb) => eb.exists(eb.selectFrom('group_members').select('group_members.user_id')
      .whereRef('group_members.user_id', '=', 'users.id').where('group_members.group_id', 'in', groups)));
  }
  return q;
};

/**
 * The attendees of one event for the admission and shared lists (organiser lists: hidden
 * attendees are included). Scanned-in is a registration with `admitted_at` set.
 */
export function createAdmissionRepository(db: Db) {
  const { kysely } = db;
  return {
    /** Every attendee of the event (members of any of `groups` when given), by last name, first name, id. */
    async attendees(eventId: number, groups?: number[]): Promise<AdmissionRecord[]> {
      const rows = await people(kysely, eventId, groups)
        .select((eb) => [
          'users.id', 'users.first_name', 'users.last_name', 'users.company', 'users.email', 'users.phone',
          'users.job_title', 'users.title', 'users.address1', 'users.is_hidden',
          eb.selectFrom('registrations').select((r) => r.fn.min('registrations.admitted_at').as('a'))
            .whereRef('registrations.user_id', '=', 'users.id').as('admitted_at'),
        ])
        .orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
      return rows.map((r) => ({
        userId: r.id, firstName: r.first_name, lastName: r.last_name, company: r.company, email: r.email,
        phone: r.phone, jobTitle: r.job_title, title: r.title, address: r.address1, admittedAt: r.admitted_at ?? null,
        isHidden: r.is_hidden,
      }));
    },
    /** The ids of the event's groups with these keys (a shared list names groups by key). */
    async groupIdsByKey(eventId: number, keys: string[]): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await kysely.selectFrom('groups').select('id').where('event_id', '=', eventId).where('key', 'in', keys).execute();
      return rows.map((r) => r.id);
    },
    /** The event's groups (the groups filter), by name. */
    async groups(eventId: number): Promise<{ id: number; name: string }[]> {
      const rows = await kysely.selectFrom('groups').select(['id', 'name']).where('event_id', '=', eventId).orderBy('name').execute();
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },
  };
}

export type AdmissionRepository = ReturnType<typeof createAdmissionRepository>;
