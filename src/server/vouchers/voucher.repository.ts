import type { Db } from '~/server/db/database';

/** One voucher movement of a registration: granted, or used (at once or pending at a till). */
export interface VoucherMovementRecord {
  id: number;
  eventId: number;
  registrationId: number;
  kind: 'grant' | 'use';
  status: 'completed' | 'pending';
  amount: number;
  description: string | null;
  createdAt: string;
}
export type NewVoucherMovement = Omit<VoucherMovementRecord, 'id'>;

const toRow = (m: NewVoucherMovement) => ({
  event_id: m.eventId, registration_id: m.registrationId, kind: m.kind, status: m.status,
  amount: m.amount, description: m.description, created_at: m.createdAt,
});

/** Voucher movements per registration; balances are sums over them. */
export function createVoucherRepository({ kysely }: Db) {
  return {
    async registrationOf(eventId: number, userId: number): Promise<{ id: number; ticketCode: string } | undefined> {
      const row = await kysely.selectFrom('registrations').select(['id', 'ticket_code'])
        .where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id').executeTakeFirst();
      return row && { id: row.id, ticketCode: row.ticket_code };
    },

    async registrationById(eventId: number, registrationId: number): Promise<{ id: number; ticketCode: string; userId: number } | undefined> {
      const row = await kysely.selectFrom('registrations').select(['id', 'ticket_code', 'user_id'])
        .where('event_id', '=', eventId).where('id', '=', registrationId).executeTakeFirst();
      return row && { id: row.id, ticketCode: row.ticket_code, userId: row.user_id };
    },

    async totals(registrationId: number): Promise<{ granted: number; used: number; pending: number }> {
      const rows = await kysely.selectFrom('voucher_transactions').select(['kind', 'status', (eb) => eb.fn.sum<number>('amount').as('total')])
        .where('registration_id', '=', registrationId).groupBy(['kind', 'status']).execute();
      const sum = (kind: string, status?: string) => rows
        .filter((r) => r.kind === kind && (status === undefined || r.status === status)).reduce((n, r) => n + r.total, 0);
      return { granted: sum('grant', 'completed'), used: sum('use', 'completed'), pending: sum('use', 'pending') };
    },

    async transactions(registrationId: number): Promise<VoucherMovementRecord[]> {
      const rows = await kysely.selectFrom('voucher_transactions').selectAll()
        .where('registration_id', '=', registrationId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((r) => ({
        id: r.id, eventId: r.event_id, registrationId: r.registration_id, kind: r.kind, status: r.status,
        amount: r.amount, description: r.description, createdAt: r.created_at,
      }));
    },

    async registrationByTicket(eventSlug: string, ticketCode: string): Promise<{ id: number; eventId: number } | undefined> {
      const row = await kysely.selectFrom('registrations').innerJoin('events', 'events.id', 'registrations.event_id')
        .select(['registrations.id', 'registrations.event_id']).where('events.slug', '=', eventSlug).where('registrations.ticket_code', '=', ticketCode)
        .executeTakeFirst();
      return row && { id: row.id, eventId: row.event_id };
    },

    async hasAny(eventId: number): Promise<boolean> {
      return Boolean(await kysely.selectFrom('voucher_transactions').select('id').where('event_id', '=', eventId).executeTakeFirst());
    },

    async insert(movement: NewVoucherMovement): Promise<void> {
      await kysely.insertInto('voucher_transactions').values(toRow(movement)).execute();
    },

    async insertMany(movements: readonly NewVoucherMovement[]): Promise<void> {
      await kysely.insertInto('voucher_transactions').values(movements.map(toRow)).execute();
    },
  };
}

export type VoucherRepository = ReturnType<typeof createVoucherRepository>;
