import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { hashPassword } from '~/server/shared/password';
import { sha256 } from '~/server/shared/secrets';
import type { Factories } from './factories';
import { call, readResponse, type HttpResponse, type TestServer } from './harness';

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;

/** An account with a known password (and optional phone) in an event. */
export async function newUser(f: Factories, eventId: number, fields: { password?: string; phone?: string | null; email?: string } = {}) {
  counter += 1;
  const email = fields.email ?? `user${process.pid}x${counter}x${Math.random().toString(36).slice(2, 6)}@example.org`;
  const password = fields.password ?? 'correct-horse-1';
  const row = await f.db.kysely.insertInto('users').values({
    event_id: eventId, email, password_hash: await hashPassword(password), first_name: 'Test', last_name: `User${counter}`,
    phone: fields.phone ?? null, calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: new Date().toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), email, password };
}

/** A login link row for a token the test knows (as the registration system would make it). */
export async function newLink(f: Factories, eventId: number, userId: number, { ageMs = 0, lifetimeMs = 30 * 60 * 1000, token = `tok${Math.random().toString(36).slice(2)}${Date.now()}` } = {}) {
  const created = Date.now() - ageMs;
  await f.db.kysely.insertInto('login_links').values({
    event_id: eventId, user_id: userId, token_hash: sha256(token),
    created_at: new Date(created).toISOString(), expires_at: new Date(created + lifetimeMs).toISOString(),
  }).execute();
  return token;
}

export async function login(server: TestServer, host: string, eventId: string, username: string, password: string, extra: Record<string, string> = {}): Promise<HttpResponse> {
  return call(server, '/connect/token', { host, ...form({ grant_type: 'password', eventId, username, password, ...extra }) });
}

export async function accessToken(server: TestServer, host: string, eventId: string, username: string, password: string): Promise<string> {
  const res = await login(server, host, eventId, username, password);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

/** Outbox files (newest last) whose content mentions `needle`, waiting up to 5 s for one to appear. */
export async function outboxWith(server: TestServer, needle: string, extension: 'eml' | 'json'): Promise<string[]> {
  const folder = join(server.dataDir, 'outbox');
  for (let i = 0; i < 50; i += 1) {
    let names: string[] = [];
    try { names = readdirSync(folder).filter((n) => n.endsWith(`.${extension}`)).sort(); } catch { /* not yet made */ }
    const hits = names.map((n) => readFileSync(join(folder, n), 'utf8')).filter((text) => text.includes(needle));
    if (hits.length > 0) return hits;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

/** Decodes a quoted-printable .eml body enough to find plain-text values in it. */
export const emlText = (eml: string): string => eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A POST with a binary body (the harness `call` sends text). */
export function postBytes(server: TestServer, path: string, { headers, body }: { headers: Record<string, string>; body: Buffer }, extra: Record<string, string> = {}, host = 'demo.localhost'): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port: server.port, path, method: 'POST',
      headers: { host: `${host}:${server.port}`, 'content-length': String(body.length), ...headers, ...extra },
    }, (res) => {
      void readResponse(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Asks again until the answer is no longer 429 and returns that answer: a wait the server named
 * (Retry-After) is over when the server lets the ask through, not after a sleep of its length.
 * Asking while refused is no failure (every limiter counts only what it let through). Gives up
 * `toldSeconds` + 5 s after the first ask.
 */
export function onceLifted(ask: () => Promise<HttpResponse>, toldSeconds: number): Promise<HttpResponse> {
  return vi.waitFor(async () => {
    const answer = await ask();
    if (answer.status === 429) throw new Error(`still refused ${toldSeconds} s after Retry-After named them (now Retry-After ${String(answer.headers['retry-after'])})`);
    return answer;
  }, { timeout: (toldSeconds + 5) * 1000, interval: 100 });
}
