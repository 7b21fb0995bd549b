import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database';
import type { LoginLinkTable, TwoFactorPinTable } from '~/server/db/schema';

/** A login link; only the hash of its token is stored. */
export interface LoginLinkRecord {
  id: number;
  eventId: number;
  userId: number;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A two-factor pin; only the hash of the pin is stored. */
export interface PinRecord {
  id: number;
  eventId: number;
  userId: number;
  pinId: string;
  pinHash: string;
  attempts: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface NewPendingPassword {
  userId: number;
  passwordHash: string;
  createdAt: string;
  expiresAt: string;
}

const toLink = (row: Selectable<LoginLinkTable>): LoginLinkRecord => ({
  id: row.id, eventId: row.event_id, userId: row.user_id, tokenHash: row.token_hash,
  createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at,
});

const toPin = (row: Selectable<TwoFactorPinTable>): PinRecord => ({
  id: row.id, eventId: row.event_id, userId: row.user_id, pinId: row.pin_id, pinHash: row.pin_hash,
  attempts: row.attempts, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at,
});

/** Login links, two-factor pins and pending passwords: every secret is stored hashed. */
export function createLoginRepository({ kysely }: Db) {
  return {
    async insertLink(link: Omit<LoginLinkRecord, 'id' | 'usedAt'>): Promise<void> {
      await kysely.insertInto('login_links').values({
        event_id: link.eventId, user_id: link.userId, token_hash: link.tokenHash, created_at: link.createdAt, expires_at: link.expiresAt,
      }).execute();
    },

    async findLinkByHash(tokenHash: string): Promise<LoginLinkRecord | undefined> {
      const row = await kysely.selectFrom('login_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toLink(row);
    },

    /** Marks a live link used; false when another request used it first (single use). */
    async useLink(id: number, now: string): Promise<boolean> {
      const result = await kysely.updateTable('login_links').set({ used_at: now })
        .where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async insertPin(pin: Omit<PinRecord, 'id' | 'attempts' | 'usedAt'>): Promise<void> {
      await kysely.insertInto('two_factor_pins').values({
        event_id: pin.eventId, user_id: pin.userId, pin_id: pin.pinId, pin_hash: pin.pinHash, created_at: pin.createdAt, expires_at: pin.expiresAt,
      }).execute();
    },

    async findPin(pinId: string): Promise<PinRecord | undefined> {
      const row = await kysely.selectFrom('two_factor_pins').selectAll().where('pin_id', '=', pinId).executeTakeFirst();
      return row && toPin(row);
    },

    async countPinAttempt(id: number): Promise<void> {
      await kysely.updateTable('two_factor_pins').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
    },

    async usePin(id: number, now: string): Promise<boolean> {
      const result = await kysely.updateTable('two_factor_pins').set({ used_at: now })
        .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async findPendingPassword(userId: number, now: string): Promise<string | undefined> {
      const row = await kysely.selectFrom('pending_passwords').select('password_hash')
        .where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
      return row?.password_hash;
    },

    async putPendingPassword(pending: NewPendingPassword): Promise<void> {
      const row = { user_id: pending.userId, password_hash: pending.passwordHash, created_at: pending.createdAt, expires_at: pending.expiresAt };
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

    /**
     * Accounts of the event with a phone number (recovery by SMS compares digits in code). Not
     * sign-ups with an unproven address: whoever signed up typed that number, maybe their own.
     */
    async listPhones(eventId: number): Promise<{ id: number; phone: string }[]> {
      const rows = await kysely.selectFrom('users').select(['id', 'phone']).where('event_id', '=', eventId).where('phone', 'is not', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('signup_confirmations').select('user_id').whereRef('signup_confirmations.user_id', '=', 'users.id'))))
        .execute();
      return rows.map((row) => ({ id: row.id, phone: row.phone ?? '' }));
    },
  };
}

export type LoginRepository = ReturnType<typeof createLoginRepository>;
