import { hashPassword } from '~/server/shared/password';
import type { Factories } from './factories';
import { call, type TestServer } from './harness';

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const json = (body: unknown) => ({
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
});

/** Logs in over HTTP and returns a Bearer header for the host's event. */
export async function loginAs(server: TestServer, host: string, eventId: string, username: string, password: string): Promise<Record<string, string>> {
  const res = await call(server, '/connect/token', { host, ...form({ grant_type: 'password', eventId, username, password }) });
  if (res.status !== 200) throw new Error(`login failed for ${username}: ${res.status} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

/** An attendee with a known password (and optional CalculatedFields) in a factory event. */
export async function newMember(f: Factories, eventId: number, email: string, fields: { calculated_fields?: string; is_organiser?: boolean } = {}): Promise<number> {
  const row = await f.db.kysely.insertInto('users').values({
    event_id: eventId, email, password_hash: await hashPassword('member-pass-1'), first_name: 'Mia', last_name: 'Member',
    calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: new Date().toISOString(), ...fields,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export const MEMBER_PASSWORD = 'member-pass-1';
