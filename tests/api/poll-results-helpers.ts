import { hashPassword } from '~/server/shared/password';
import type { Factories } from './factories';
import { call, type HttpResponse, type TestServer } from './harness';
import { json } from './member-helpers';

export const RESULTS_PASSWORD = 'results-pass-1';
export const POLL_PASSWORD = 'poll-only-pass';

/** Sets the event's generic results password (and optionally a poll's own one) in the server's database. */
export async function setResultsPasswords(f: Factories, eventId: number, pollId?: number): Promise<void> {
  await f.db.kysely.updateTable('events').set({ results_password_hash: await hashPassword(RESULTS_PASSWORD) }).where('id', '=', eventId).execute();
  if (pollId !== undefined) {
    await f.db.kysely.updateTable('polls').set({ results_password_hash: await hashPassword(POLL_PASSWORD) }).where('id', '=', pollId).execute();
  }
}

/** The `name=value` of the Set-Cookie header whose name is `marker`, for a Cookie header. */
export function cookieOf(res: HttpResponse, marker: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return all.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${marker}=`));
}

/** Logs into results over HTTP (connect/poll) and answers the Cookie header of the session. */
export async function resultsLogin(server: TestServer, host: string, password: string, pollAccessKey?: string): Promise<Record<string, string>> {
  const res = await call(server, '/connect/poll', { host, ...json({ password, ...(pollAccessKey ? { pollAccessKey } : {}) }) });
  const body = res.json<{ isLoginSuccess: boolean; isGenericLogin: boolean; marker: string }>();
  if (!body.isLoginSuccess) throw new Error(`results login failed: ${res.body}`);
  return { cookie: cookieOf(res, body.marker)! };
}
