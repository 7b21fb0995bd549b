import { sql } from 'kysely';
import type { Db } from '~/server/db/database';
import type { UserTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';

export type ProfileChanges = Partial<Pick<UserTable, 'first_name' | 'last_name' | 'about2' | 'company' | 'job_title' | 'address1'>>;

export interface TermsState {
  current: string | null;
  lastAccepted: string | null;
}

export interface OwnState {
  registration: { id: number; ticketCode: string; ticketKey: string } | undefined;
  terms: TermsState;
}

/** The own-profile side of accounts: edits, visibility, avatar, ticket, groups and terms. */
export function createProfileRepository({ kysely }: Db) {
  // getOwnUserInfoFromSession and user/groups run on every screen's load (see prepareQuery).
  type Owner = { eventId: number; userId: number };
  // The own profile's ticket and terms in one read: the call runs on every screen's load.
  // The first registration is joined by its id (one index search), not by user and then sorted.
  const ownState = prepareQuery(kysely, (p: Owner) => kysely.selectFrom('events')
    .leftJoin('registrations', (join) => join.on((eb) => eb('registrations.id', '=', eb.selectFrom('registrations as first')
      .select((first) => first.fn.min<number>('first.id').as('id')).whereRef('first.event_id', '=', 'events.id').where('first.user_id', '=', p.userId))))
    .select((eb) => ['events.terms_text', 'registrations.id as registration_id', 'registrations.ticket_code', 'registrations.ticket_key',
      eb.selectFrom('terms_acceptances').select('terms_acceptances.terms_text')
        .where('terms_acceptances.event_id', '=', p.eventId).where('terms_acceptances.user_id', '=', p.userId)
        .orderBy('terms_acceptances.id', 'desc').limit(1).as('accepted_text'),
    ]).where('events.id', '=', p.eventId));
  const groupsOf = prepareQuery(kysely, (p: Owner) => kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select(['groups.id', 'groups.name']).where('groups.event_id', '=', p.eventId).where('group_members.user_id', '=', p.userId)
    .orderBy('groups.name'));
  const termsOf = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('events').select('terms_text').where('id', '=', p.eventId));

  return {
    /** The user's first registration (their ticket) and the event's current terms with the text they last accepted. */
    async ownState(eventId: number, userId: number): Promise<OwnState> {
      const row = await ownState.first({ eventId, userId });
      const registration = row?.registration_id != null && row.ticket_code !== null && row.ticket_key !== null
        ? { id: row.registration_id, ticketCode: row.ticket_code, ticketKey: row.ticket_key } : undefined;
      return { registration, terms: { current: row?.terms_text ?? null, lastAccepted: row?.accepted_text ?? null } };
    },

    async groups(eventId: number, userId: number): Promise<{ id: number; name: string }[]> {
      const rows = await groupsOf.all({ eventId, userId });
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },

    async update(eventId: number, userId: number, changes: ProfileChanges): Promise<void> {
      await kysely.updateTable('users').set(changes).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    /** Flips visibility in one statement (no read-then-write race) and returns the new state. */
    async toggleHidden(eventId: number, userId: number): Promise<boolean> {
      await kysely.updateTable('users').set({ is_hidden: sql<boolean>`1 - is_hidden` })
        .where('event_id', '=', eventId).where('id', '=', userId).execute();
      const row = await kysely.selectFrom('users').select('is_hidden').where('id', '=', userId).executeTakeFirstOrThrow();
      return row.is_hidden;
    },

    async setPicture(eventId: number, userId: number, picture: string): Promise<void> {
      await kysely.updateTable('users').set({ picture }).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    async termsText(eventId: number): Promise<string | null> {
      const row = await termsOf.first({ eventId });
      return row?.terms_text ?? null;
    },

    async acceptTerms(eventId: number, userId: number, termsText: string, at: string): Promise<void> {
      await kysely.insertInto('terms_acceptances').values({ event_id: eventId, user_id: userId, terms_text: termsText, accepted_at: at }).execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
