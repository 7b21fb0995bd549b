import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/** Session bookings ("My program"); erasing cancels them, which frees their seats. */
export function createBookingPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'bookings',
    export({ eventId, userId }) {
      return kysely.selectFrom('session_bookings').innerJoin('sessions', 'sessions.id', 'session_bookings.session_id')
        .select(['sessions.id as sessionId', 'sessions.title', 'sessions.start_date as startDate', 'session_bookings.created_at as bookedAt'])
        .where('sessions.event_id', '=', eventId).where('session_bookings.user_id', '=', userId).orderBy('sessions.start_date').execute();
    },
    async erase({ userId }) {
      await kysely.deleteFrom('session_bookings').where('user_id', '=', userId).execute();
    },
  };
}
