import type { Transaction } from 'kysely';
import type { ConsolePerson, PersonInput } from '~/contracts/console-people';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/sql-values';
import type { AttendeeRow } from './attendee-csv';

/** A stored attendee as the import compares them. */
export interface StoredAttendee {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  phone: string;
  /** The first ticket's code; null without a ticket. */
  ticketCode: string | null;
  registrationId: number | null;
}

/** What an import writes, already compared with what is stored. */
export interface ImportWrite {
  create: AttendeeRow[];
  update: { id: number; registrationId: number | null; row: AttendeeRow }[];
}

/** Rows per statement: 500 users × 14 values stays under every driver's bound on parameters. */
export const IMPORT_BATCH = 500;

type Person = Omit<ConsolePerson, 'online'>;

const nullIfEmpty = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

/** The columns an import row sets; a field the file has no column for is left as stored. */
function rowColumns(row: AttendeeRow) {
  const columns = {
    first_name: row.firstName, last_name: row.lastName,
    company: nullIfEmpty(row.company), job_title: nullIfEmpty(row.jobTitle), phone: nullIfEmpty(row.phone),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<typeof columns>;
}

/** Lets the event loop serve other calls between two batches of a long write (docs/performance.md "Attendee import"). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The event's attendees as the console's people area reads and changes them. */
export function createPeopleEditingRepository({ kysely, dialect }: Db) {
  const locks = dialect === 'postgres';
  const personQuery = (db: typeof kysely, eventId: number) => db.selectFrom('users')
    .select((eb) => [
      'users.id', 'users.first_name', 'users.last_name', 'users.email', 'users.company', 'users.job_title', 'users.phone',
      'users.is_organiser', 'users.is_hidden',
      eb.selectFrom('registrations as r').select('r.ticket_code').whereRef('r.user_id', '=', 'users.id').orderBy('r.id').limit(1).as('ticket_code'),
      eb.selectFrom('registrations as r').select((r) => r.fn.min('r.admitted_at').as('a')).whereRef('r.user_id', '=', 'users.id').as('admitted_at'),
    ])
    .where('users.event_id', '=', eventId);

  const toPerson = (r: Awaited<ReturnType<ReturnType<typeof personQuery>['execute']>>[number]): Person => ({
    id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, company: r.company ?? '', jobTitle: r.job_title ?? '',
    phone: r.phone ?? '', ticketCode: r.ticket_code ?? null, checkedInAt: r.admitted_at ?? null,
    organiser: Boolean(r.is_organiser), hidden: Boolean(r.is_hidden),
  });

  return {
    /** Every attendee in name order (the users-by-name index walks it), for the people list's read model. */
    async all(eventId: number): Promise<Person[]> {
      const rows = await personQuery(kysely, eventId).orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
      return rows.map(toPerson);
    },

    async find(eventId: number, userId: number): Promise<Person | undefined> {
      const row = await personQuery(kysely, eventId).where('users.id', '=', userId).executeTakeFirst();
      return row && toPerson(row);
    },

    async emailTaken(eventId: number, email: string, exceptUserId?: number): Promise<boolean> {
      let query = kysely.selectFrom('users').select('id').where('event_id', '=', eventId).where('email', '=', email);
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Adds an attendee with a ticket (its code and key made by the service); answers the id, or undefined when the address (or code) was taken meanwhile. */
    async insert(eventId: number, input: PersonInput, ticket: { code: string; key: string }, at: string): Promise<number | undefined> {
      return kysely.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('users').values({
          event_id: eventId, email: input.email, first_name: input.firstName, last_name: input.lastName,
          company: input.company || null, job_title: input.jobTitle || null, phone: input.phone || null,
          password_hash: null, calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('registrations').values({ event_id: eventId, user_id: id, ticket_code: ticket.code, ticket_key: ticket.key, created_at: at }).execute();
        return id;
      }).catch(takenMeanwhile);
    },

    async update(eventId: number, userId: number, input: PersonInput): Promise<void> {
      await kysely.updateTable('users').set({
        email: input.email, first_name: input.firstName, last_name: input.lastName,
        company: input.company || null, job_title: input.jobTitle || null, phone: input.phone || null,
      }).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    async setHidden(eventId: number, userId: number, hidden: boolean): Promise<void> {
      await kysely.updateTable('users').set({ is_hidden: hidden }).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    /**
     * Marks or unmarks an organiser. Unmarking is refused (false) when no other organiser of the
     * event would be left; the organisers' rows are locked on PostgreSQL, so two organisers
     * unmarking each other at once cannot leave none.
     */
    async setOrganiser(eventId: number, userId: number, organiser: boolean): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        if (!organiser && !(await othersRemain(trx, eventId, userId, locks))) return false;
        await trx.updateTable('users').set({ is_organiser: organiser }).where('event_id', '=', eventId).where('id', '=', userId).execute();
        return true;
      });
    },

    /** Whether another organiser than `userId` exists (a delete must not take the last one). */
    async otherOrganiserExists(eventId: number, userId: number): Promise<boolean> {
      return kysely.transaction().execute((trx) => othersRemain(trx, eventId, userId, locks));
    },

    /** The stored attendees whose addresses the file names, with their first ticket. */
    async byEmails(eventId: number, emails: string[]): Promise<StoredAttendee[]> {
      const found: StoredAttendee[] = [];
      for (let i = 0; i < emails.length; i += IMPORT_BATCH) {
        const rows = await kysely.selectFrom('users')
          .select((eb) => [
            'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.company', 'users.job_title', 'users.phone',
            eb.selectFrom('registrations as r').select('r.ticket_code').whereRef('r.user_id', '=', 'users.id').orderBy('r.id').limit(1).as('ticket_code'),
            eb.selectFrom('registrations as r').select('r.id').whereRef('r.user_id', '=', 'users.id').orderBy('r.id').limit(1).as('registration_id'),
          ])
          .where('users.event_id', '=', eventId).where('users.email', 'in', emails.slice(i, i + IMPORT_BATCH)).execute();
        found.push(...rows.map((r) => ({
          id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, company: r.company ?? '', jobTitle: r.job_title ?? '',
          phone: r.phone ?? '', ticketCode: r.ticket_code ?? null, registrationId: r.registration_id ?? null,
        })));
      }
      return found;
    },

    /** Who holds each of these ticket codes (codes are unique across events). */
    async ticketHolders(codes: string[]): Promise<Map<string, number>> {
      const holders = new Map<string, number>();
      for (let i = 0; i < codes.length; i += IMPORT_BATCH) {
        const rows = await kysely.selectFrom('registrations').select(['ticket_code', 'user_id']).where('ticket_code', 'in', codes.slice(i, i + IMPORT_BATCH)).execute();
        for (const r of rows) holders.set(r.ticket_code, r.user_id);
      }
      return holders;
    },

    /**
     * Writes an import in one transaction, `IMPORT_BATCH` rows a statement, yielding to other
     * calls between batches and telling `progress` how many rows are written. A unique address or
     * ticket code taken meanwhile fails the whole transaction: nothing is written, and it answers false.
     */
    async writeImport(eventId: number, plan: ImportWrite, tickets: { code: (row: AttendeeRow) => string; key: () => string }, at: string,
      progress: (done: number) => void): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        let done = 0;
        for (let i = 0; i < plan.create.length; i += IMPORT_BATCH) {
          const batch = plan.create.slice(i, i + IMPORT_BATCH);
          const ids = await trx.insertInto('users').values(batch.map((row) => ({
            event_id: eventId, email: row.email, first_name: row.firstName, last_name: row.lastName,
            company: row.company || null, job_title: row.jobTitle || null, phone: row.phone || null,
            password_hash: null, calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: at,
          }))).returning(['id', 'email']).execute();
          const idOf = new Map(ids.map((r) => [r.email, r.id]));
          await trx.insertInto('registrations').values(batch.map((row) => ({
            event_id: eventId, user_id: idOf.get(row.email)!, ticket_code: tickets.code(row), ticket_key: tickets.key(), created_at: at,
          }))).execute();
          done += batch.length;
          progress(done);
          await yieldToOthers();
        }
        for (let i = 0; i < plan.update.length; i += IMPORT_BATCH) {
          for (const { id, registrationId, row } of plan.update.slice(i, i + IMPORT_BATCH)) {
            await trx.updateTable('users').set(rowColumns(row)).where('event_id', '=', eventId).where('id', '=', id).execute();
            if (row.ticketCode) {
              if (registrationId === null) {
                await trx.insertInto('registrations').values({ event_id: eventId, user_id: id, ticket_code: row.ticketCode, ticket_key: tickets.key(), created_at: at }).execute();
              } else {
                await trx.updateTable('registrations').set({ ticket_code: row.ticketCode }).where('id', '=', registrationId).execute();
              }
            }
            done += 1;
          }
          progress(done);
          await yieldToOthers();
        }
        return true;
      }).catch((error: unknown) => (takenMeanwhile(error) ?? false));
    },
  };
}

/** A unique address or ticket code another write took first: undefined (the caller says what it means); anything else is thrown on. */
function takenMeanwhile(error: unknown): undefined {
  if (isUniqueViolation(error)) return undefined;
  throw error;
}

async function othersRemain(trx: Transaction<Database>, eventId: number, userId: number, locks: boolean): Promise<boolean> {
  const organisers = await lockedOrganisers(trx, eventId, locks);
  return organisers.some((id) => id !== userId);
}

/** The event's organisers, their rows locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
async function lockedOrganisers(trx: Transaction<Database>, eventId: number, locks: boolean): Promise<number[]> {
  const query = trx.selectFrom('users').select('id').where('event_id', '=', eventId).where('is_organiser', '=', true);
  const rows = await (locks ? query.forUpdate() : query).execute();
  return rows.map((r) => r.id);
}

export type PeopleEditingRepository = ReturnType<typeof createPeopleEditingRepository>;
