import type { Kysely, Transaction } from 'kysely';
import type { Db } from '~/server/db/database';
import type { Database } from '~/server/db/schema';
import { newTicketKey } from '~/server/shared/secrets';

/** A sign-up that passed the form rules, with its secrets already hashed. */
export interface Registrant {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  phone: string | null;
  passwordHash: string | null;
  isHidden: boolean;
  /** The terms text accepted on the form (null when the event has none). */
  termsText: string | null;
  /** The hash of the signing-up browser's `ep_signup` secret (http/signup-cookie.ts). */
  browserHash: string | null;
}

/** Who got a place: what the confirmation mail needs. */
export interface Placed {
  userId: number;
  registrationId: number;
  ticketCode: string;
  /** What the ticket's QR and link carry (unguessable, 128 bits). */
  ticketKey: string;
  email: string;
  firstName: string;
}

export type RegisterOutcome =
  | { kind: 'closed' }
  | { kind: 'placed'; placed: Placed }
  | { kind: 'waiting'; email: string; firstName: string }
  | { kind: 'has-account'; userId: number; email: string; firstName: string }
  | { kind: 'already-waiting'; email: string; firstName: string };

export interface Secrets {
  ticketCode: () => string;
  cancelTokenHash: string;
  now: string;
}

type Tx = Transaction<Database> | Kysely<Database>;

/**
 * Sign-ups, places and the waiting list. Every change runs in one transaction that first locks
 * the event row, so the count of places and the insert that takes one cannot interleave with
 * another sign-up (PostgreSQL: FOR UPDATE; SQLite has one writer, and kysely runs a
 * connection's transactions one after another).
 */
export function createRegistrationRepository({ kysely, dialect }: Db) {
  async function lockEvent(trx: Tx, eventId: number) {
    const query = trx.selectFrom('events').select(['is_active', 'is_registration_open', 'capacity']).where('id', '=', eventId);
    const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    return row && { isOpen: row.is_active && row.is_registration_open, capacity: row.capacity };
  }

  async function placesTaken(trx: Tx, eventId: number): Promise<number> {
    const row = await trx.selectFrom('registrations').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    return row.n;
  }

  // The password chosen at sign-up waits in signup_confirmations until the mailed link proves the
  // address (docs/registration.md): anyone can type anyone's address into the form.
  async function place(trx: Tx, eventId: number, who: Registrant, ticketCode: string, now: string): Promise<Placed> {
    const user = await trx.insertInto('users').values({
      event_id: eventId, email: who.email, password_hash: null, first_name: who.firstName, last_name: who.lastName,
      company: who.company, job_title: who.jobTitle, phone: who.phone, calculated_fields: '{}', is_hidden: who.isHidden,
      is_organiser: false, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const userId = user.id;
    await trx.insertInto('signup_confirmations').values({ user_id: userId, password_hash: who.passwordHash, link_hash: null, browser_hash: who.browserHash, created_at: now }).execute();
    const ticketKey = newTicketKey();
    const registration = await trx.insertInto('registrations').values({ event_id: eventId, user_id: userId, ticket_code: ticketCode, ticket_key: ticketKey, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    if (who.termsText !== null) {
      await trx.insertInto('terms_acceptances').values({ event_id: eventId, user_id: userId, terms_text: who.termsText, accepted_at: now }).execute();
    }
    return { userId, registrationId: registration.id, ticketCode, ticketKey, email: who.email, firstName: who.firstName };
  }

  return {
    /** One sign-up: a place while there is one, else the waiting list; an existing address changes nothing. */
    register(eventId: number, who: Registrant, secrets: Secrets): Promise<RegisterOutcome> {
      return kysely.transaction().execute(async (trx): Promise<RegisterOutcome> => {
        const event = await lockEvent(trx, eventId);
        if (!event?.isOpen) return { kind: 'closed' };
        const account = await trx.selectFrom('users').select('id').where('event_id', '=', eventId).where('email', '=', who.email).executeTakeFirst();
        if (account) return { kind: 'has-account', userId: account.id, email: who.email, firstName: who.firstName };
        const waiting = await trx.selectFrom('waiting_list').select('id').where('event_id', '=', eventId).where('email', '=', who.email).executeTakeFirst();
        if (waiting) return { kind: 'already-waiting', email: who.email, firstName: who.firstName };
        if (event.capacity !== null && (await placesTaken(trx, eventId)) >= event.capacity) {
          await trx.insertInto('waiting_list').values({
            event_id: eventId, email: who.email, first_name: who.firstName, last_name: who.lastName, company: who.company,
            job_title: who.jobTitle, phone: who.phone, password_hash: who.passwordHash, is_hidden: who.isHidden,
            terms_text: who.termsText, cancel_token_hash: secrets.cancelTokenHash, browser_hash: who.browserHash, created_at: secrets.now,
          }).execute();
          return { kind: 'waiting', email: who.email, firstName: who.firstName };
        }
        return { kind: 'placed', placed: await place(trx, eventId, who, secrets.ticketCode(), secrets.now) };
      });
    },

    /**
     * Gives free places to the waiting list, oldest first (after a cancellation or a larger
     * capacity). An entry whose address got an account meanwhile (an import) just leaves the list.
     */
    moveUp(eventId: number, ticketCode: () => string, now: string): Promise<Placed[]> {
      return kysely.transaction().execute(async (trx) => {
        const event = await lockEvent(trx, eventId);
        if (!event) return [];
        const free = event.capacity === null ? Number.MAX_SAFE_INTEGER : event.capacity - (await placesTaken(trx, eventId));
        if (free <= 0) return [];
        const entries = await trx.selectFrom('waiting_list').selectAll().where('event_id', '=', eventId).orderBy('id').limit(Math.min(free, 500)).execute();
        const placed: Placed[] = [];
        for (const entry of entries) {
          await trx.deleteFrom('waiting_list').where('id', '=', entry.id).execute();
          const account = await trx.selectFrom('users').select('id').where('event_id', '=', eventId).where('email', '=', entry.email).executeTakeFirst();
          if (account) continue;
          placed.push(await place(trx, eventId, {
            email: entry.email, firstName: entry.first_name, lastName: entry.last_name, company: entry.company ?? '', jobTitle: entry.job_title ?? '',
            phone: entry.phone, passwordHash: entry.password_hash, isHidden: entry.is_hidden, termsText: entry.terms_text, browserHash: entry.browser_hash,
          }, ticketCode(), now));
        }
        return placed;
      });
    },

    /** Leaves the waiting list by the cancel link; false when the link names no entry of this event. */
    async cancelWaiting(eventId: number, cancelTokenHash: string): Promise<boolean> {
      const result = await kysely.deleteFrom('waiting_list').where('event_id', '=', eventId).where('cancel_token_hash', '=', cancelTokenHash).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isWaiting(eventId: number, cancelTokenHash: string): Promise<boolean> {
      return Boolean(await kysely.selectFrom('waiting_list').select('id').where('event_id', '=', eventId).where('cancel_token_hash', '=', cancelTokenHash).executeTakeFirst());
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
