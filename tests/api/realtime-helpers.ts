import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '~/contracts/realtime';
import { openDatabase } from '~/server/db/database';
import { call, type TestServer } from './harness';

/** Inserts a bare event straight into the server's database (SQLite WAL or PostgreSQL). */
export async function insertEvent(server: TestServer, slug: string): Promise<number> {
  const db = openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  try {
    const now = new Date().toISOString();
    const row = await db.kysely.insertInto('events')
      .values({
        slug, name: `Event ${slug}`, language_id: '1', time_zone: 'UTC', is_active: true, is_registration_open: false,
        start_date: now, end_date: now, is_two_factor: false, live_lobby: true, live_stage: true, live_web_app: false,
        captions: '{}', features: '{}', branding: '{}', updated_at: now,
      })
      .returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  } finally {
    await db.close();
  }
}

export interface Client {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens /realtime on the server as a browser of `host` would, and waits for the welcome. */
export async function connect(server: TestServer, host: string, options: { autoPong?: boolean; token?: string } = {}): Promise<Client> {
  // A signed-in browser sends its HttpOnly session cookie with the upgrade.
  const cookie = options.token ? { cookie: `ep_session=${encodeURIComponent(options.token)}` } : {};
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/realtime`, { headers: { host: `${host}:${server.port}`, ...cookie }, autoPong: options.autoPong ?? true });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse((data as Buffer).toString('utf8')) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (match: (frame: ServerFrame) => boolean, timeoutMs = 5000) => new Promise<ServerFrame>((resolve, reject) => {
    const check = () => {
      const found = frames.find(match);
      if (!found) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(found);
    };
    const timer = setTimeout(() => { waiters.delete(check); reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`)); }, timeoutMs);
    waiters.add(check);
    check();
  });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  await next((frame) => frame.type === 'welcome');
  return { ws, frames, next, closed };
}

/** What an upgrade attempt got: the HTTP status it was refused with, or 101. */
export function upgradeStatus(server: TestServer, host: string, path = '/realtime'): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers: { host: `${host}:${server.port}` } });
    ws.once('open', () => { ws.terminate(); resolve(101); });
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.once('error', () => resolve(0));
  });
}

/** Publishes a realtime-probe to every socket of event `slug` through the admin endpoint. */
export function probe(server: TestServer, slug: string, seq: number, token: string) {
  return call(server, `/api/admin/events/${slug}/realtime-probe`, {
    method: 'POST', host: 'localhost', body: JSON.stringify({ seq, sentAt: Date.now() }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
}

/** How many sockets of event `slug` the node holds now: the probe's answer (the probe itself reaches them as a `realtime-probe` frame). */
export async function socketsOn(server: TestServer, slug: string, token: string): Promise<number> {
  return (await probe(server, slug, 0, token)).json<{ connections: number }>().connections;
}

export const isProbe = (seq: number) => (frame: ServerFrame) =>
  frame.type === 'event' && frame.name === 'realtime-probe' && (frame.data as { seq: number }).seq === seq;

/**
 * What `promise` resolves to, or a failure that names `what` once `ms` passed without it: a
 * deadline on something that must happen (a socket closing), never a wait for it.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Publishes probe `seq` on `server` and waits until every client got it. The broker delivers each
 * node's frames in the order they were published, so whatever was published before (a duplicate
 * frame, a frame a client must not get) has reached these clients by then: a marker that ends a
 * check for absence without a fixed wait.
 */
export async function afterMarker(server: TestServer, slug: string, seq: number, token: string, clients: Client[]): Promise<void> {
  expect((await probe(server, slug, seq, token)).status).toBe(202);
  for (const client of clients) await client.next(isProbe(seq));
}
