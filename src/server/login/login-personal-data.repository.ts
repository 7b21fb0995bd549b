import type { Db } from '~/server/db/database';
import type { PersonalDataSource } from '~/server/shared/personal-data';

/**
 * Sign-ins: when sessions were made and used (never the token hashes). Erasing deletes every
 * token, link, pin and pending password, so every session of the account ends at once.
 */
export function createLoginPersonalData({ kysely }: Db): PersonalDataSource {
  return {
    name: 'sessions',
    async export({ userId }) {
      return kysely.selectFrom('auth_tokens').select(['kind', 'created_at as createdAt', 'last_used_at as lastUsedAt', 'expires_at as expiresAt', 'revoked_at as revokedAt'])
        .where('user_id', '=', userId).orderBy('id').execute();
    },
    async erase({ userId }) {
      await kysely.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
      await kysely.deleteFrom('login_links').where('user_id', '=', userId).execute();
      await kysely.deleteFrom('two_factor_pins').where('user_id', '=', userId).execute();
      await kysely.deleteFrom('pending_passwords').where('user_id', '=', userId).execute();
    },
  };
}
