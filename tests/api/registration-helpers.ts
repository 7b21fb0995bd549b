import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenRepository } from '~/server/login/token.repository';
import { createTokenService } from '~/server/login/token.service';
import type { Factories } from './factories';
import { call, type HttpResponse, type TestServer } from './harness';

let counter = 0;

/** A unique address for one sign-up. */
export const address = (label = 'reg'): string => `${label}${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.org`;

/** A valid sign-up; override fields to break one. */
export const signUp = (email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  firstName: 'Rita', lastName: 'Registrant', email, company: 'Acme AS', jobTitle: 'Engineer', phone: '+47 412 34 567',
  loginMethod: 'password', password: 'correct horse battery', acceptTerms: true, visibility: 'visible', website: '', ...overrides,
});

export function register(server: TestServer, event: { id: number; host: string }, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return call(server, `/api/Registration/${event.id}/register`, {
    host: event.host, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
}

/** The `ep_signup` cookie a sign-up's answer set (the browser that signed up), as a Cookie header. */
export function signupCookieOf(res: HttpResponse): Record<string, string> {
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ep_signup='));
  if (!set) throw new Error('the sign-up set no ep_signup cookie');
  return { cookie: set.split(';')[0]! };
}

/** Outbox mails to `to` whose kind is `registration-{kind}`, waiting up to 5 s for `count` of them. */
export const mailsTo = (server: TestServer, to: string, kind: string, count = 1): Promise<string[]> => outboxMails(server, to, `registration-${kind}`, count);

/** Outbox mails to `to` of a message kind (`loginLink`, `registration-confirmed` …), oldest first, waiting up to 5 s for `count` of them. */
export async function outboxMails(server: TestServer, to: string, kind: string, count = 1): Promise<string[]> {
  const folder = join(server.dataDir, 'outbox');
  let hits: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    let names: string[] = [];
    try { names = readdirSync(folder).filter((n) => n.endsWith(`-${kind}.eml`)).sort(); } catch { /* not made yet */ }
    hits = names.map((n) => readFileSync(join(folder, n), 'utf8')).filter((text) => text.includes(`To: ${to}`));
    if (hits.length >= count) return hits;
    await new Promise((r) => setTimeout(r, 100));
  }
  return hits;
}

/** Bearer headers for an existing account (tokens issued straight into the database). */
export async function tokenFor(f: Factories, eventId: number, userId: number): Promise<{ token: string; auth: Record<string, string> }> {
  const { access_token: token } = await createTokenService({ repository: createTokenRepository(f.db) }).issue({ eventId, userId });
  return { token, auth: { authorization: `Bearer ${token}` } };
}

export async function userByEmail(f: Factories, eventId: number, email: string) {
  return f.db.kysely.selectFrom('users').selectAll().where('event_id', '=', eventId).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function placesOf(f: Factories, eventId: number): Promise<{ registered: number; waiting: number }> {
  const [r, w] = await Promise.all([
    f.db.kysely.selectFrom('registrations').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow(),
    f.db.kysely.selectFrom('waiting_list').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow(),
  ]);
  return { registered: Number(r.n), waiting: Number(w.n) };
}

/** The login link (or any /path/{token}) in a mail's text. */
export function linkIn(eml: string, path: string): string | undefined {
  const text = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return new RegExp(`https?://[^\\s]+${path}/([A-Za-z0-9_-]+)`).exec(text)?.[0];
}
