import type { Features, Platform } from '~/contracts/event-settings';
import type { VoucherBalance, VoucherTransaction } from '~/contracts/profile';
import { DomainError } from '~/server/errors';
import { requireFeature } from '~/server/shared/feature-access';
import type { Realtime } from '~/server/realtime/index';
import type { VoucherRepository } from './voucher.repository';

interface Dependencies {
  repository: VoucherRepository;
  realtime: Realtime;
  clock?: () => Date;
}

interface VoucherEvent {
  eventId: number;
  features: Features;
}

export interface VoucherMovement {
  eventId: number;
  registrationId: number;
  kind: 'grant' | 'use';
  status?: 'completed' | 'pending';
  amount: number;
  description?: string | null;
}

/**
 * Vouchers per registration (docs/product.md §2 profile "Voucher balance"). There is no organiser screen
 * yet: `record` is the import path (seed, CLI, a future till integration), and every change
 * tells the owner's screens through `voucher-change-{ticket code}`.
 */
export function createVoucherService({ repository, realtime, clock = () => new Date() }: Dependencies) {
  async function registration(eventId: number, userId: number) {
    const found = await repository.registrationOf(eventId, userId);
    if (!found) throw new DomainError('voucher.not_found', 'No registration for this user');
    return found;
  }

  async function balanceOf(registrationId: number): Promise<VoucherBalance> {
    const { granted, used, pending } = await repository.totals(registrationId);
    return { voucherBalance: granted - used - pending, usedVouchers: used, pendingVouchers: pending };
  }

  return {
    /**
     * Writes a past history for the registration holding `ticketCode` (demo seeding; the event
     * file has no vouchers), only while its event has no movements at all. Returns the event id
     * when written.
     */
    async importHistory(eventSlug: string, ticketCode: string, history: readonly (Required<Omit<VoucherMovement, 'eventId' | 'registrationId'>> & { createdAt: string })[]): Promise<number | undefined> {
      const found = await repository.registrationByTicket(eventSlug, ticketCode);
      if (!found || (await repository.hasAny(found.eventId))) return undefined;
      await repository.insertMany(history.map((m) => ({
        eventId: found.eventId, registrationId: found.id, kind: m.kind, status: m.status,
        amount: m.amount, description: m.description, createdAt: m.createdAt,
      })));
      return found.eventId;
    },

    /** GET vouchers/{id}: refused where the event shows no voucher balance (403 `voucher.forbidden`). */
    async balance(event: VoucherEvent, userId: number, platform: Platform): Promise<VoucherBalance> {
      requireFeature(event, 'vouchers', platform);
      return balanceOf((await registration(event.eventId, userId)).id);
    },

    async transactions(event: VoucherEvent, userId: number, platform: Platform): Promise<VoucherBalance & { transactions: VoucherTransaction[] }> {
      requireFeature(event, 'vouchers', platform);
      const { id } = await registration(event.eventId, userId);
      const rows = await repository.transactions(id);
      return {
        ...(await balanceOf(id)),
        transactions: rows.map(({ id, kind, status, amount, description, createdAt }) => ({ id, kind, status, amount, description, createdAt })),
      };
    },

    async record(movement: VoucherMovement): Promise<VoucherBalance> {
      if (!Number.isInteger(movement.amount) || movement.amount <= 0) throw new DomainError('voucher.invalid', 'amount must be a positive whole number', { field: 'amount' });
      const found = await repository.registrationById(movement.eventId, movement.registrationId);
      if (!found) throw new DomainError('voucher.not_found', 'No such registration in this event');
      await repository.insert({
        eventId: movement.eventId, registrationId: found.id, kind: movement.kind, status: movement.status ?? 'completed',
        amount: movement.amount, description: movement.description ?? null, createdAt: clock().toISOString(),
      });
      const balance = await balanceOf(found.id);
      // Only the ticket holder's sockets: the event name carries the ticket code.
      await realtime.publishDynamic(movement.eventId, `voucher-change-${found.ticketCode}`, balance, found.userId);
      return balance;
    },
  };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
