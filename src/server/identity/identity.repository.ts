import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { LoginLinkTable, TwoFactorPinTable } from '~/server/db/schema';
import { toInt } from '~/server/db/sql-values';

export type LoginLinkRow = Selectable<LoginLinkTable>;
export type PinRow = Selectable<TwoFactorPinTable>;

/** Login links, two-factor pins and pending passwords: every secret is stored hashed. */
export function createIdentityRepository({ kysely }: Db) {
  return {
    async insertLink(row: { event_id: number; user_id: number; token_hash: string; created_at: string; expires_at: string }): Promise<void> {
      await kysely.insertInto('login_links').values(row).execute();
    },

    findLinkByHash(tokenHash: string): Promise<LoginLinkRow | undefined> {
      return kysely.selectFrom('login_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks a live link used; false when another request used it first (single use). */
    async useLink(id: number, now: string): Promise<boolean> {
      const result = await kysely.updateTable('login_links').set({ used_at: now })
        .where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
      return toInt(result.numUpdatedRows) === 1;
    },

    async insertPin(row: { event_id: number; user_id: number; pin_id: string; pin_hash: string; created_at: string; expires_at: string }): Promise<void> {
      await kysely.insertInto('two_factor_pins').values(row).execute();
    },

    findPin(pinId: string): Promise<PinRow | undefined> {
      return kysely.selectFrom('two_factor_pins').selectAll().where('pin_id', '=', pinId).executeTakeFirst();
    },

    async countPinAttempt(id: number): Promise<void> {
      await kysely.updateTable('two_factor_pins').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
    },

    async usePin(id: number, now: string): Promise<boolean> {
      const result = await kysely.updateTable('two_factor_pins').set({ used_at: now })
        .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return toInt(result.numUpdatedRows) === 1;
    },

    async findPendingPassword(userId: number, now: string): Promise<string | undefined> {
      const row = await kysely.selectFrom('pending_passwords').select('password_hash')
        .where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
      return row?.password_hash;
    },

    async putPendingPassword(row: { user_id: number; password_hash: string; created_at: string; expires_at: string }): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('pending_passwords').where('user_id', '=', row.user_id).execute();
        await trx.insertInto('pending_passwords').values(row).execute();
      });
    },

    /** The pending password becomes the password; the pending row goes. */
    async promotePendingPassword(eventId: number, userId: number, passwordHash: string): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('event_id', '=', eventId).where('id', '=', userId).execute();
        await trx.deleteFrom('pending_passwords').where('user_id', '=', userId).execute();
      });
    },

    /** Accounts of the event with a phone number (recovery by SMS compares digits in code). */
    listPhones(eventId: number) {
      return kysely.selectFrom('users').select(['id', 'phone']).where('event_id', '=', eventId).where('phone', 'is not', null).execute();
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
