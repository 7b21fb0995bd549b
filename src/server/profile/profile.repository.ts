import type { Db } from '~/server/db/database';
import type { UserTable } from '~/server/db/schema';
import { prepareQuery } from '~/server/db/prepared';
import { toInt } from '~/server/db/sql-values';

export type ProfileChanges = Partial<Pick<UserTable, 'first_name' | 'last_name' | 'about2' | 'company' | 'job_title' | 'address1'>>;

/** The own-profile side of accounts: edits, visibility, avatar, ticket, groups and terms. */
export function createProfileRepository({ kysely }: Db) {
  // getOwnUserInfoFromSession and user/groups run on every screen's load (see prepareQuery).
  type Owner = { eventId: number; userId: number };
  const registrationOf = prepareQuery(kysely, (p: Owner) => kysely.selectFrom('registrations').select(['id', 'ticket_code', 'ticket_key'])
    .where('event_id', '=', p.eventId).where('user_id', '=', p.userId).orderBy('id'));
  const groupsOf = prepareQuery(kysely, (p: Owner) => kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select(['groups.id', 'groups.name']).where('groups.event_id', '=', p.eventId).where('group_members.user_id', '=', p.userId)
    .orderBy('groups.name'));
  const termsOf = prepareQuery(kysely, (p: { eventId: number }) => kysely.selectFrom('events').select('terms_text').where('id', '=', p.eventId));
  const termsWithAccepted = prepareQuery(kysely, (p: Owner) => kysely.selectFrom('events').select((eb) => ['events.terms_text',
    eb.selectFrom('terms_acceptances').select('terms_acceptances.terms_text')
      .where('terms_acceptances.event_id', '=', p.eventId).where('terms_acceptances.user_id', '=', p.userId)
      .orderBy('terms_acceptances.id', 'desc').limit(1).as('accepted_text'),
  ]).where('events.id', '=', p.eventId));

  return {
    async registration(eventId: number, userId: number): Promise<{ id: number; ticketCode: string; ticketKey: string } | undefined> {
      const row = await registrationOf.first({ eventId, userId });
      return row && { id: toInt(row.id), ticketCode: row.ticket_code, ticketKey: row.ticket_key };
    },

    async groups(eventId: number, userId: number): Promise<{ id: number; name: string }[]> {
      const rows = await groupsOf.all({ eventId, userId });
      return rows.map((row) => ({ id: toInt(row.id), name: row.name }));
    },

    async update(eventId: number, userId: number, changes: ProfileChanges): Promise<void> {
      await kysely.updateTable('users').set(changes).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    /** Flips visibility in one statement (no read-then-write race) and returns the new state. */
    async toggleHidden(eventId: number, userId: number): Promise<boolean> {
      await kysely.updateTable('users').set((eb) => ({ is_hidden: eb(eb.val(1), '-', eb.ref('is_hidden')) }))
        .where('event_id', '=', eventId).where('id', '=', userId).execute();
      const row = await kysely.selectFrom('users').select('is_hidden').where('id', '=', userId).executeTakeFirstOrThrow();
      return toInt(row.is_hidden) === 1;
    },

    async setPicture(eventId: number, userId: number, picture: string): Promise<void> {
      await kysely.updateTable('users').set({ picture }).where('event_id', '=', eventId).where('id', '=', userId).execute();
    },

    async termsText(eventId: number): Promise<string | null> {
      const row = await termsOf.first({ eventId });
      return row?.terms_text ?? null;
    },

    /** The event's current terms and the text the user last accepted, in one read. */
    async termsState(eventId: number, userId: number): Promise<{ current: string | null; lastAccepted: string | null }> {
      const row = await termsWithAccepted.first({ eventId, userId });
      return { current: row?.terms_text ?? null, lastAccepted: row?.accepted_text ?? null };
    },

    async acceptTerms(eventId: number, userId: number, termsText: string, at: string): Promise<void> {
      await kysely.insertInto('terms_acceptances').values({ event_id: eventId, user_id: userId, terms_text: termsText, accepted_at: at }).execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
