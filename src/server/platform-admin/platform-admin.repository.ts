import type { AdminEventRow } from '~/contracts/platform-admin';
import type { Db } from '~/server/db/database';

/** The stored language id of Norwegian (bokmål); every other is English (events/event-mapper.ts). */
const NORWEGIAN = '2';

/** The platform's events as the operator sees them, and the one write the operator's page makes to an event: its first organiser. */
export function createPlatformAdminRepository({ kysely }: Db) {
  return {
    /** Every event, newest start first, with its number of attendees (one grouped count). */
    async events(): Promise<AdminEventRow[]> {
      const rows = await kysely.selectFrom('events as e')
        .leftJoin(kysely.selectFrom('users').select(['event_id', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('event_id').as('u'), 'u.event_id', 'e.id')
        .select(['e.id', 'e.slug', 'e.name', 'e.language_id', 'e.time_zone', 'e.start_date', 'e.end_date', 'u.count'])
        .orderBy('e.start_date', 'desc').orderBy('e.id').execute();
      return rows.map((r) => ({
        id: r.id, slug: r.slug, name: r.name, language: r.language_id === NORWEGIAN ? 'nb' : 'en', timeZone: r.time_zone, start: r.start_date, end: r.end_date, attendees: Number(r.count ?? 0),
      }));
    },

    async eventBySlug(slug: string): Promise<{ id: number } | undefined> {
      return kysely.selectFrom('events').select('id').where('slug', '=', slug).executeTakeFirst();
    },

    /** Makes the person an organiser of the event: the account of that e-mail, or a new one without a password; answers its id. */
    async makeOrganiser(eventId: number, person: { email: string; firstName: string; lastName: string }, at: string): Promise<number> {
      return kysely.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('users').select('id').where('event_id', '=', eventId).where('email', '=', person.email).executeTakeFirst();
        if (found) {
          await trx.updateTable('users').set({ is_organiser: true }).where('id', '=', found.id).execute();
          return found.id;
        }
        const { id } = await trx.insertInto('users').values({
          event_id: eventId, email: person.email, first_name: person.firstName, last_name: person.lastName, calculated_fields: '{}',
          is_hidden: true, is_organiser: true, created_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        return id;
      });
    },
  };
}

export type PlatformAdminRepository = ReturnType<typeof createPlatformAdminRepository>;
