import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';

// docs/product.md §7 "Event": the visitor's view of an event under its {eventId} path, and found by a poll's access key.
describe('publicFullEventInfo and eventInfo/{x}', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; host: string };
  let other: { id: number; host: string };

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0' } });
    f = factories(server);
    event = await f.newEvent();
    other = await f.newEvent();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('answers publicFullEventInfo to anyone with the visitor\'s view of the host\'s event, as publicEventInfo does', async () => {
    const full = await call(server, `/api/liveEvent/${event.id}/publicFullEventInfo`, { host: event.host });
    expect(full.status).toBe(200);
    expect(full.headers['cache-control']).toMatch(/^public/);
    const visitor = await call(server, `/api/liveEvent/publicEventInfo/${event.id}`, { host: event.host });
    expect(full.json()).toEqual(visitor.json());
    expect(full.json()).toMatchObject({ eventId: event.id });
    expect(full.json()).not.toHaveProperty('features');
  });

  it('refuses another event\'s id and an unknown one the same way, so ids cannot be listed', async () => {
    for (const id of [String(other.id), '999999']) {
      const answer = await call(server, `/api/liveEvent/${id}/publicFullEventInfo`, { host: event.host });
      expect(answer.status, id).toBe(403);
      expect(answer.json(), id).toMatchObject({ error: 'event.wrong_event' });
    }
  });

  it('answers eventInfo/{x} for a poll access key of the event, and 404 for any other key', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'A' }] });
    const foreign = await f.newPoll(other.id, { type: 0, alternatives: [{ text: 'B' }] });
    const found = await call(server, `/api/liveEvent/${event.id}/eventInfo/${poll.accessKey}`, { host: event.host });
    expect(found.status).toBe(200);
    expect(found.json()).toMatchObject({ eventId: event.id });
    for (const key of ['no-such-key', foreign.accessKey, '%E2%80%AE..']) {
      const missing = await call(server, `/api/liveEvent/${event.id}/eventInfo/${key}`, { host: event.host });
      expect(missing.status, key).toBe(404);
      expect(missing.json(), key).toMatchObject({ error: 'poll.not_found' });
    }
  });
});
