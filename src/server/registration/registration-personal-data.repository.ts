import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * The place at the event: the registration (ticket code, check-in), its voucher movements and
 * a waiting-list entry under the same address. Erasing deletes them (vouchers go with the
 * registration), which frees the place for the waiting list.
 */
export function createRegistrationPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'registration',
    async export({ eventId, userId, email }) {
      const [registrations, vouchers, waiting] = await Promise.all([
        kysely.selectFrom('registrations').select(['id', 'ticket_code as ticketCode', 'admitted_at as admittedAt', 'created_at as createdAt'])
          .where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id').execute(),
        kysely.selectFrom('voucher_transactions').innerJoin('registrations', 'registrations.id', 'voucher_transactions.registration_id')
          .select(['voucher_transactions.kind', 'voucher_transactions.status', 'voucher_transactions.amount', 'voucher_transactions.description', 'voucher_transactions.created_at as createdAt'])
          .where('registrations.user_id', '=', userId).where('registrations.event_id', '=', eventId).orderBy('voucher_transactions.id').execute(),
        kysely.selectFrom('waiting_list').select(['email', 'first_name as firstName', 'last_name as lastName', 'company', 'job_title as jobTitle', 'phone', 'created_at as createdAt'])
          .where('event_id', '=', eventId).where('email', '=', email).execute(),
      ]);
      return { registrations, vouchers, waitingList: waiting };
    },
    async erase({ eventId, userId, email }) {
      const ids = kysely.selectFrom('registrations').select('id').where('event_id', '=', eventId).where('user_id', '=', userId);
      await kysely.deleteFrom('voucher_transactions').where('registration_id', 'in', ids).execute();
      await kysely.deleteFrom('registrations').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
      await kysely.deleteFrom('waiting_list').where('event_id', '=', eventId).where('email', '=', email).execute();
    },
  };
}
