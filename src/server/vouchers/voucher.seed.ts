import { log } from '~/server/log';
import { services } from '~/server/services';

const DEMO_TICKET = 'NLS-DEMO-0001';

/**
 * Gives the demo attendee a voucher history (the event file format has no vouchers), once:
 * only when the demo event has no voucher transactions yet.
 */
export async function seedDemoVouchers(): Promise<void> {
  const { kysely } = services().db;
  const registration = await kysely.selectFrom('registrations').innerJoin('events', 'events.id', 'registrations.event_id')
    .select(['registrations.id', 'registrations.event_id']).where('events.slug', '=', 'demo').where('registrations.ticket_code', '=', DEMO_TICKET)
    .executeTakeFirst();
  if (!registration) return;
  const eventId = Number(registration.event_id);
  const existing = await kysely.selectFrom('voucher_transactions').select('id').where('event_id', '=', eventId).executeTakeFirst();
  if (existing) return;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const base = { event_id: eventId, registration_id: Number(registration.id) };
  await kysely.insertInto('voucher_transactions').values([
    { ...base, kind: 'grant', status: 'completed', amount: 5, description: 'Welcome pack: food and drink vouchers', created_at: at(3) },
    { ...base, kind: 'use', status: 'completed', amount: 1, description: 'Coffee at the expo hall', created_at: at(2) },
    { ...base, kind: 'use', status: 'pending', amount: 1, description: 'Lunch (awaiting the till)', created_at: at(1) },
  ]).execute();
  log.info('demo vouchers seeded', { eventId });
}
