import type { Db } from '~/server/db/database';
import { toInt } from '~/server/db/sql-values';

interface VoucherRow {
  event_id: number;
  registration_id: number;
  kind: 'grant' | 'use';
  status: 'completed' | 'pending';
  amount: number;
  description: string | null;
  created_at: string;
}

/** Voucher movements per registration; balances are sums over them. */
export function createVoucherRepository({ kysely }: Db) {
  return {
    async registrationOf(eventId: number, userId: number): Promise<{ id: number; ticketCode: string } | undefined> {
      const row = await kysely.selectFrom('registrations').select(['id', 'ticket_code'])
        .where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('id').executeTakeFirst();
      return row && { id: toInt(row.id), ticketCode: row.ticket_code };
    },

    async registrationById(eventId: number, registrationId: number): Promise<{ id: number; ticketCode: string; userId: number } | undefined> {
      const row = await kysely.selectFrom('registrations').select(['id', 'ticket_code', 'user_id'])
        .where('event_id', '=', eventId).where('id', '=', registrationId).executeTakeFirst();
      return row && { id: toInt(row.id), ticketCode: row.ticket_code, userId: toInt(row.user_id) };
    },

    async totals(registrationId: number): Promise<{ granted: number; used: number; pending: number }> {
      const rows = await kysely.selectFrom('voucher_transactions').select(['kind', 'status', (eb) => eb.fn.sum<number | string>('amount').as('total')])
        .where('registration_id', '=', registrationId).groupBy(['kind', 'status']).execute();
      const sum = (kind: string, status?: string) => rows
        .filter((r) => r.kind === kind && (status === undefined || r.status === status)).reduce((n, r) => n + toInt(r.total), 0);
      return { granted: sum('grant', 'completed'), used: sum('use', 'completed'), pending: sum('use', 'pending') };
    },

    transactions(registrationId: number) {
      return kysely.selectFrom('voucher_transactions').select(['id', 'kind', 'status', 'amount', 'description', 'created_at'])
        .where('registration_id', '=', registrationId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    async registrationByTicket(eventSlug: string, ticketCode: string): Promise<{ id: number; eventId: number } | undefined> {
      const row = await kysely.selectFrom('registrations').innerJoin('events', 'events.id', 'registrations.event_id')
        .select(['registrations.id', 'registrations.event_id']).where('events.slug', '=', eventSlug).where('registrations.ticket_code', '=', ticketCode)
        .executeTakeFirst();
      return row && { id: toInt(row.id), eventId: toInt(row.event_id) };
    },

    async hasAny(eventId: number): Promise<boolean> {
      return Boolean(await kysely.selectFrom('voucher_transactions').select('id').where('event_id', '=', eventId).executeTakeFirst());
    },

    async insert(row: VoucherRow): Promise<void> {
      await kysely.insertInto('voucher_transactions').values(row).execute();
    },

    async insertMany(rows: readonly VoucherRow[]): Promise<void> {
      await kysely.insertInto('voucher_transactions').values([...rows]).execute();
    },
  };
}

export type VoucherRepository = ReturnType<typeof createVoucherRepository>;
