import type { Db } from '~/server/db/database';

/** Sign-ups whose address is not proven yet (migration 0103; docs/registration.md). */
export function createSignupConfirmationRepository({ kysely }: Db) {
  return {
    /** The password chosen at sign-up and its confirmation link, while the address is unproven; undefined once proven (or never a sign-up). */
    async find(userId: number): Promise<{ passwordHash: string | null; linkHash: string | null } | undefined> {
      const row = await kysely.selectFrom('signup_confirmations').select(['password_hash', 'link_hash']).where('user_id', '=', userId).executeTakeFirst();
      return row && { passwordHash: row.password_hash, linkHash: row.link_hash };
    },

    /** The link just mailed to confirm the sign-up (a newer one replaces an older one). */
    async bindLink(userId: number, linkHash: string): Promise<void> {
      await kysely.updateTable('signup_confirmations').set({ link_hash: linkHash }).where('user_id', '=', userId).execute();
    },

    /**
     * The address is proven (a mailed link or a mailed recovery password was used). Through the
     * sign-up's own confirmation link, opened in the browser that signed up (`browserHash`, the
     * hash of its `ep_signup` secret), the sign-up's password becomes the password; through any
     * other link or browser, whoever signed up was not necessarily the owner, so their password
     * and phone number (recovery by SMS, pins) go. Nothing happens for an account with no row.
     */
    async confirm(userId: number, linkHash: string | null, browserHash: string | null = null): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('signup_confirmations').select(['password_hash', 'link_hash', 'browser_hash']).where('user_id', '=', userId).executeTakeFirst();
        if (!row) return;
        const isOwnLink = linkHash !== null && row.link_hash === linkHash && browserHash !== null && row.browser_hash === browserHash;
        await trx.updateTable('users').set(isOwnLink ? { password_hash: row.password_hash } : { password_hash: null, phone: null }).where('id', '=', userId).execute();
        await trx.deleteFrom('signup_confirmations').where('user_id', '=', userId).execute();
      });
    },
  };
}

export type SignupConfirmationRepository = ReturnType<typeof createSignupConfirmationRepository>;
