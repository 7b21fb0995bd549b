import { app } from '~/server/app';
import { log } from '~/server/log';

const DEMO_TICKET = 'NLS-DEMO-0001';

/**
 * Gives the demo attendee a voucher history (the event file format has no vouchers), once:
 * only when the demo event has no voucher transactions yet.
 */
export async function seedDemoVouchers(): Promise<void> {
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  const eventId = await app().vouchers.importHistory('demo', DEMO_TICKET, [
    { kind: 'grant', status: 'completed', amount: 5, description: 'Welcome pack: food and drink vouchers', createdAt: at(3) },
    { kind: 'use', status: 'completed', amount: 1, description: 'Coffee at the expo hall', createdAt: at(2) },
    { kind: 'use', status: 'pending', amount: 1, description: 'Lunch (awaiting the till)', createdAt: at(1) },
  ]);
  if (eventId !== undefined) log.info('demo vouchers seeded', { eventId });
}
