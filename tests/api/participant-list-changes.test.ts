import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Participant } from '~/contracts/participants';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type TestServer } from './harness';
import { sharedNodes } from './shared-nodes';
import { accessToken, bearer, json } from './login-helpers';

// Every node keeps the event's participant list in memory (participant-directory.ts).
// What an attendee changes about themself must show in the next list another attendee reads, on
// the node that took the change and on every other one (PostgreSQL + Redis), hidden ones never.
const ADMIN_TOKEN = 'test-admin-token-participant-list';
const REDIS_URL = process.env['TEST_REDIS_URL'];
const HOST = 'smallconf.localhost';

const small = (): EventFile => {
  const file = eventFile('small.event.json');
  file['features'] = { ...file['features'], stageTabParticipants: true };
  file['users'][2].password = 'cy-password';
  return file;
};

function listTests(nodes: () => { writer: TestServer; readers: TestServer[] }) {
  let eventId: number;
  let ada: string;
  let bob: string;
  let cy: string;
  const api = (path: string) => `/api/liveEvent/${eventId}/${path}`;
  const list = async (server: TestServer, token: string, query = '') => {
    const res = await call(server, api(`users${query}`), { host: HOST, headers: bearer(token) });
    expect(res.status, res.body).toBe(200);
    return res.json<Participant[]>();
  };
  const names = async (server: TestServer, token: string, query = '') => (await list(server, token, query)).map((p) => `${p.Firstname} ${p.Lastname}`);
  const count = async (server: TestServer, token: string) =>
    (await call(server, api('users/count'), { host: HOST, headers: bearer(token) })).json<{ count: number }>().count;

  beforeAll(async () => {
    const { writer } = nodes();
    const file = small();
    eventId = await importEvent(writer, ADMIN_TOKEN, file);
    const tokenOf = (user: { email: string; password: string }) => accessToken(writer, HOST, String(eventId), user.email, user.password);
    const [a, b, c] = file['users'];
    ada = await tokenOf(a);
    bob = await tokenOf(b);
    cy = await tokenOf(c);
  });

  it('lists, searches and pages as before, read from memory', async () => {
    const { readers } = nodes();
    for (const reader of readers) {
      expect(await names(reader, ada)).toEqual(['Ada Lovelace', 'Bob Builder', 'Cy Clone']);
      expect(await names(reader, ada, '?search=BUILD')).toEqual(['Bob Builder']);
      expect(await names(reader, ada, '?page=2&size=2')).toEqual(['Cy Clone']);
      expect(await count(reader, ada)).toBe(3);
    }
  });

  it('shows a profile edit in the next list another attendee reads, on every node', async () => {
    const { writer, readers } = nodes();
    for (const reader of readers) expect(await names(reader, ada)).toContain('Bob Builder');
    const edited = await call(writer, api('updateUser'), { host: HOST, ...json({ Firstname: 'Robert', Lastname: 'Builder', Company: 'Tools Inc', Email: 'bob@example.org' }, bearer(bob)) });
    expect(edited.status, edited.body).toBe(200);
    for (const reader of readers) {
      expect(await names(reader, ada)).toEqual(['Ada Lovelace', 'Cy Clone', 'Robert Builder']);
      expect(await names(reader, ada, '?search=tools')).toEqual(['Robert Builder']);
    }
  });

  it('takes an attendee who turns hidden out of the next list and count of every node, and back when visible', async () => {
    const { writer, readers } = nodes();
    for (const reader of readers) expect(await count(reader, ada)).toBe(3);
    const hidden = await call(writer, api('toggleUserVisibility'), { method: 'POST', host: HOST, headers: bearer(cy) });
    expect(hidden.status, hidden.body).toBe(200);
    for (const reader of readers) {
      expect(await names(reader, ada)).not.toContain('Cy Clone');
      expect(await names(reader, ada, '?search=cy')).toEqual([]);
      expect(await count(reader, ada)).toBe(2);
    }
    await call(writer, api('toggleUserVisibility'), { method: 'POST', host: HOST, headers: bearer(cy) });
    for (const reader of readers) expect(await names(reader, ada)).toContain('Cy Clone');
  });

  it('leaves an erased account out of the next list of every node', async () => {
    const { writer, readers } = nodes();
    for (const reader of readers) expect(await names(reader, ada)).toContain('Cy Clone');
    const erased = await call(writer, api('deleteMyAccount'), { method: 'POST', host: HOST, headers: bearer(cy) });
    expect(erased.status, erased.body).toBe(200);
    for (const reader of readers) {
      expect(await names(reader, ada)).toEqual(['Ada Lovelace', 'Robert Builder']);
      expect(await count(reader, ada)).toBe(2);
    }
  });
}

describe('the participant list on one node (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } }); });
  afterAll(async () => { await server?.stop(); });
  listTests(() => ({ writer: server, readers: [server] }));
});

describe.skipIf(!REDIS_URL)('the participant list across two nodes sharing PostgreSQL and Redis', () => {
  const nodes = sharedNodes(REDIS_URL ?? '', { ADMIN_TOKEN, SEED_DEMO: '0' }, 'participant-list');
  listTests(() => ({ writer: nodes()[0], readers: [nodes()[1], nodes()[0]] }));
});
