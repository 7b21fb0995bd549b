import { createTokenRepository } from '~/server/login/token.repository';
import { createTokenService } from '~/server/login/token.service';
import type { Factories } from './factories';

let counter = 0;

export interface Attendee {
  id: number;
  token: string;
  /** Headers of a Bearer-authenticated call. */
  auth: Record<string, string>;
}

/**
 * An attendee of `eventId` with a live access token, issued through the token service into the
 * server's database (many logins over HTTP would trip the per-address rate limit).
 */
export async function newAttendee(f: Factories, eventId: number): Promise<Attendee> {
  const row = await f.db.kysely.insertInto('users').values({
    event_id: eventId, email: `att${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.org`,
    first_name: 'Test', last_name: `Attendee ${counter}`, calculated_fields: '{}', is_hidden: false, is_organiser: false,
    created_at: new Date().toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  const { access_token: token } = await createTokenService({ repository: createTokenRepository(f.db) }).issue({ eventId, userId: id });
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

/** Features JSON of an event with the named flags on. */
export const featuresOn = (...flags: string[]): string => JSON.stringify(Object.fromEntries(flags.map((flag) => [flag, true])));
