import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * What the person shared with sponsors: leads (contact info, or the public form under the same
 * address), messages and meeting requests. Erasing deletes them all.
 */
export function createLeadPersonalData({ kysely }: Db): PersonalDataSource {
  const leadsOf = (eventId: number, userId: number, email: string) => kysely.selectFrom('sponsor_leads')
    .where('sponsor_leads.event_id', '=', eventId)
    .where((eb) => eb.or([eb('sponsor_leads.user_id', '=', userId), eb(eb.fn('lower', ['sponsor_leads.email']), '=', email)]));
  return {
    name: 'sponsors',
    async export({ eventId, userId, email }) {
      const [leads, messages, meetings] = await Promise.all([
        leadsOf(eventId, userId, email).innerJoin('sponsors', 'sponsors.id', 'sponsor_leads.sponsor_id')
          .select(['sponsors.name as sponsor', 'sponsor_leads.source', 'sponsor_leads.first_name as firstName', 'sponsor_leads.last_name as lastName',
            'sponsor_leads.email', 'sponsor_leads.phone', 'sponsor_leads.company', 'sponsor_leads.description', 'sponsor_leads.created_at as createdAt'])
          .orderBy('sponsor_leads.id').execute(),
        kysely.selectFrom('sponsor_messages').innerJoin('sponsors', 'sponsors.id', 'sponsor_messages.sponsor_id')
          .select(['sponsors.name as sponsor', 'sponsor_messages.message', 'sponsor_messages.created_at as createdAt'])
          .where('sponsor_messages.event_id', '=', eventId).where('sponsor_messages.user_id', '=', userId).orderBy('sponsor_messages.id').execute(),
        kysely.selectFrom('meeting_requests').innerJoin('sponsors', 'sponsors.id', 'meeting_requests.sponsor_id')
          .select(['sponsors.name as sponsor', 'meeting_requests.created_at as createdAt'])
          .where('sponsors.event_id', '=', eventId).where((eb) => eb.or([eb('meeting_requests.requester_id', '=', userId), eb('meeting_requests.contact_user_id', '=', userId)]))
          .orderBy('meeting_requests.id').execute(),
      ]);
      return { leads, messages, meetingRequests: meetings };
    },
    async erase({ eventId, userId, email }) {
      await kysely.deleteFrom('sponsor_leads').where('event_id', '=', eventId)
        .where((eb) => eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', email)])).execute();
      await kysely.deleteFrom('sponsor_messages').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
      await kysely.deleteFrom('meeting_requests').where((eb) => eb.or([eb('requester_id', '=', userId), eb('contact_user_id', '=', userId)])).execute();
    },
  };
}
