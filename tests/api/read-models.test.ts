import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFile, importEvent as importAs, type EventFile } from './admin-import';
import { call, startServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { sharedNodes } from './shared-nodes';

// Agenda and speakers are built once per event version and dropped on every node when
// an import announces a change. These tests change the event through one node and read through
// another (PostgreSQL + Redis), or through the same one (SQLite), right after.
const ADMIN_TOKEN = 'test-admin-token-read-models';
const REDIS_URL = process.env['TEST_REDIS_URL'];
const HOST = 'smallconf.localhost';

// The fixture's workshop is today at 10:00; booking it must not depend on the hour the test runs.
const small = (): EventFile => {
  const file = eventFile('small.event.json');
  Object.assign(file['sessions'][1], { start: '+1d 10:00', end: '+1d 11:00' });
  return file;
};

const importEvent = (server: TestServer, file: EventFile) => importAs(server, ADMIN_TOKEN, file);

interface AgendaSession { id: number; title: string; description: string | null; seatsLeft: number | null; isBooked?: boolean }
const sessionsOf = (agenda: Record<string, Record<string, AgendaSession[]>>) => Object.values(agenda).flatMap((day) => Object.values(day).flat());

async function publicTitles(server: TestServer, eventId: number): Promise<string[]> {
  const res = await call(server, `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`, { host: HOST });
  expect(res.status).toBe(200);
  return sessionsOf(res.json<{ agenda: Record<string, Record<string, AgendaSession[]>> }>().agenda).map((s) => s.title);
}

async function speakerNames(server: TestServer, eventId: number): Promise<string[]> {
  const res = await call(server, `/api/liveEvent/${eventId}/liveGetIframeSpeakerInfo`, { host: HOST });
  expect(res.status).toBe(200);
  return res.json<{ speakers: { name: string }[] }>().speakers.map((s) => s.name);
}

/** Reads on every node, changes through `writer`, and expects every node to show the change at once. */
function invalidationTests(nodes: () => { writer: TestServer; readers: TestServer[] }) {
  let eventId: number;

  it('shows an agenda and speaker change imported through one node on the next request of every node', async () => {
    const { writer, readers } = nodes();
    eventId = await importEvent(writer, small());
    for (const reader of readers) {
      expect(await publicTitles(reader, eventId)).toContain('Opening');
      expect(await speakerNames(reader, eventId)).not.toContain('Grete');
    }
    const changed = small();
    changed['sessions'][0].title = 'Grand opening';
    changed['speakers'][0].firstName = 'Grete';
    await importEvent(writer, changed);
    for (const reader of readers) {
      expect(await publicTitles(reader, eventId)).toContain('Grand opening');
      expect(await publicTitles(reader, eventId)).not.toContain('Opening');
      expect(await speakerNames(reader, eventId)).toContain('Grete');
    }
  });

  it('drops the cached iframe page and public calls on every node when an import changes them', async () => {
    const { writer, readers } = nodes();
    const paths = ['/agendaIframe', `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`];
    for (const reader of readers) {
      for (const path of paths) {
        await call(reader, path, { host: HOST });
        const cached = await call(reader, path, { host: HOST });
        expect(cached.headers['x-cache'], path).toBe('hit');
        expect(cached.body).toContain('Grand opening');
      }
    }
    const changed = small();
    changed['sessions'][0].title = 'Opening night';
    await importEvent(writer, changed);
    for (const reader of readers) {
      for (const path of paths) {
        const next = await call(reader, path, { host: HOST });
        expect(next.headers['x-cache'], path).toBeUndefined();
        expect(next.body).toContain('Opening night');
        expect(next.body).not.toContain('Grand opening');
      }
    }
  });

  it('stores descriptions sanitised on import and sends them as stored', async () => {
    const { writer, readers } = nodes();
    const changed = small();
    changed['sessions'][0].description = '<p onclick="x()">Hi<script>alert(1)</script></p>';
    changed['sessions'][1].description = '<script>alert(1)</script>';
    await importEvent(writer, changed);
    for (const reader of readers) {
      const res = await call(reader, `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`, { host: HOST });
      const sessions = sessionsOf(res.json<{ agenda: Record<string, Record<string, AgendaSession[]>> }>().agenda);
      expect(sessions.find((s) => s.title === 'Opening')?.description).toBe('<p>Hi</p>');
      expect(sessions.find((s) => s.title === 'Workshop')?.description).toBeNull();
    }
  });

  it('keeps seats left exact: a booking on one node shows on every node at once, cached agenda or not', async () => {
    const { writer, readers } = nodes();
    const seatsLeft = async (server: TestServer) => {
      const res = await call(server, `/api/liveEvent/${eventId}/liveGetIframeAgendaInfo`, { host: HOST });
      return sessionsOf(res.json<{ agenda: Record<string, Record<string, AgendaSession[]>> }>().agenda).find((s) => s.title === 'Workshop')?.seatsLeft;
    };
    // Another member's agenda, gzipped as a browser gets it: kept per node for members who booked nothing (docs/agenda.md).
    const [ada] = small()['users'];
    const adaToken = await accessToken(writer, HOST, String(eventId), ada.email, ada.password);
    const memberSeatsLeft = async (server: TestServer) => {
      const res = await call(server, `/api/liveEvent/${eventId}/liveGetAgendaInfo`, { host: HOST, headers: { ...bearer(adaToken), 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      const { agenda } = JSON.parse(gunzipSync(res.bytes).toString()) as { agenda: Record<string, Record<string, AgendaSession[]>> };
      return sessionsOf(agenda).find((s) => s.title === 'Workshop')?.seatsLeft;
    };
    const before = await seatsLeft(readers[0]!);
    expect(before).toBeGreaterThan(0);
    // Every node now holds the public agenda in its response cache and a member's agenda with the model: the booking must change both.
    for (const reader of readers) expect([await seatsLeft(reader), await memberSeatsLeft(reader)]).toEqual([before, before]);
    const token = await accessToken(writer, HOST, String(eventId), 'bob@example.org', small()['users'][1].password);
    const workshop = sessionsOf((await call(writer, `/api/liveEvent/${eventId}/liveGetAgendaInfo`, { host: HOST, headers: bearer(token) }))
      .json<{ agenda: Record<string, Record<string, AgendaSession[]>> }>().agenda).find((s) => s.title === 'Workshop')!;
    const booked = await call(writer, `/api/liveEvent/${eventId}/liveGetAgendaInfo/bookSession`, {
      method: 'POST', host: HOST, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ EventId: eventId, SessionId: workshop.id }),
    });
    expect(booked.status, booked.body).toBe(200);
    for (const reader of readers) expect([await seatsLeft(reader), await memberSeatsLeft(reader)]).toEqual([before! - 1, before! - 1]);
    // The booker's own agenda, read on the last node, marks the session booked.
    const mine = await call(readers[readers.length - 1]!, `/api/liveEvent/${eventId}/liveGetAgendaInfo`, { host: HOST, headers: bearer(token) });
    expect(sessionsOf(mine.json<{ agenda: Record<string, Record<string, AgendaSession[]>> }>().agenda).find((s) => s.id === workshop.id)?.isBooked).toBe(true);
  });

  it('serves a call the same for every member from the node cache to another member, and an imported change on the next request of every node', async () => {
    const { writer, readers } = nodes();
    const [ada, bob] = small()['users'];
    const first = await accessToken(writer, HOST, String(eventId), ada.email, ada.password);
    const second = await accessToken(writer, HOST, String(eventId), bob.email, bob.password);
    const path = `/api/liveEvent/${eventId}/liveGetSpeakerInfo`;
    for (const reader of readers) {
      const rendered = await call(reader, path, { host: HOST, headers: bearer(first) });
      const kept = await call(reader, path, { host: HOST, headers: bearer(second) });
      expect(kept.status).toBe(200);
      expect(kept.headers['x-cache']).toBe('hit');
      expect(kept.body).toBe(rendered.body);
      expect(kept.headers['cache-control']).toBe(rendered.headers['cache-control']);
    }
    const changed = small();
    changed['speakers'][0].firstName = 'Gunhild';
    await importEvent(writer, changed);
    for (const reader of readers) {
      const next = await call(reader, path, { host: HOST, headers: bearer(second) });
      expect(next.headers['x-cache']).toBeUndefined();
      expect(next.body).toContain('Gunhild');
    }
  });
}

describe('read models on one node (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } }); });
  afterAll(async () => { await server?.stop(); });
  invalidationTests(() => ({ writer: server, readers: [server] }));
});

describe.skipIf(!REDIS_URL)('read models across two nodes sharing PostgreSQL and Redis', () => {
  const nodes = sharedNodes(REDIS_URL ?? '', { ADMIN_TOKEN, SEED_DEMO: '0' }, 'rm');
  invalidationTests(() => ({ writer: nodes()[0], readers: [nodes()[1], nodes()[0]] }));
});
