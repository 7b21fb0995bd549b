import type { Db } from '~/server/db/database';
import { removeUpload } from '~/server/shared/asset-store';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/** The name an erased account keeps, so its posts read "Deleted attendee". */
export const ERASED_NAME = { first_name: 'Deleted', last_name: 'attendee' } as const;

/**
 * The account itself: the profile, group and sponsor-contact memberships, accepted terms.
 * Erasing anonymises the row instead of deleting it: posts, answers and chats of others keep
 * their author id, which now names nobody. Runs last, after the sources that look people up.
 */
export function createUserPersonalData({ kysely }: Db, dataDir: string): PersonalDataSource {
  return {
    name: 'profile',
    async export({ eventId, userId }) {
      const user = await kysely.selectFrom('users').selectAll().where('event_id', '=', eventId).where('id', '=', userId).executeTakeFirst();
      if (!user) return null;
      const { password_hash: _hash, calculated_fields: calculated, is_hidden: hidden, is_organiser: organiser, id, event_id: _event, ...fields } = user;
      const [groups, sponsors, terms] = await Promise.all([
        kysely.selectFrom('group_members').innerJoin('groups', 'groups.id', 'group_members.group_id').select('groups.name').where('group_members.user_id', '=', userId).execute(),
        kysely.selectFrom('sponsor_users').innerJoin('sponsors', 'sponsors.id', 'sponsor_users.sponsor_id').select('sponsors.name').where('sponsor_users.user_id', '=', userId).execute(),
        kysely.selectFrom('terms_acceptances').select(['terms_text', 'accepted_at']).where('user_id', '=', userId).orderBy('id').execute(),
      ]);
      return {
        id: id, ...fields, calculatedFields: JSON.parse(calculated) as unknown, isHidden: hidden, isOrganiser: organiser,
        hasPassword: user.password_hash !== null, groups: groups.map((g) => g.name), sponsorContactOf: sponsors.map((s) => s.name),
        termsAccepted: terms.map((t) => ({ termsText: t.terms_text, acceptedAt: t.accepted_at })),
      };
    },
    async erase({ eventId, userId }) {
      const user = await kysely.selectFrom('users').select('picture').where('event_id', '=', eventId).where('id', '=', userId).executeTakeFirst();
      await kysely.deleteFrom('group_members').where('user_id', '=', userId).execute();
      await kysely.deleteFrom('sponsor_users').where('user_id', '=', userId).execute();
      await kysely.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
      await kysely.updateTable('users').set({
        ...ERASED_NAME, email: `erased-${userId}@erased.invalid`, password_hash: null, title: null, about: null, about2: null, phone: null,
        company: null, job_title: null, address1: null, picture: null, linkedin: null, facebook: null, instagram: null, twitter: null,
        calculated_fields: '{}', is_hidden: true, is_organiser: false,
      }).where('event_id', '=', eventId).where('id', '=', userId).execute();
      const picture = user?.picture ?? null;
      return picture ? () => removeUpload(dataDir, eventId, picture) : undefined;
    },
  };
}
