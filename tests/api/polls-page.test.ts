import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAttendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

describe('the /polls/{pollAccessKey} page', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; host: string };
  let other: { id: number; host: string };

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    other = await f.newEvent();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('renders the poll of its access key for a signed-in attendee, never cached', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Wind' }, { text: 'Sun' }] });
    const who = await newAttendee(f, event.id);
    const page = await call(server, `/polls/${poll.accessKey}`, { host: event.host, headers: who.auth });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`Poll ${poll.accessKey}`);
    expect(page.body).toContain('Wind');
  });

  it('answers 404 for an unknown key, a key of another event and an item key', async () => {
    const mine = await newAttendee(f, event.id);
    const foreign = await f.newPoll(other.id, { type: 0, alternatives: [{ text: 'A' }] });
    const quiz = await f.newPoll(event.id, { type: 2, alternatives: [], items: [{ type: 2, alternatives: [{ text: 'x', correct: true }] }] });
    for (const key of ['no-such-key', foreign.accessKey, quiz.items[0]!.accessKey, '%E2%80%AE..%2F']) {
      expect((await call(server, `/polls/${key}`, { host: event.host, headers: mine.auth })).status, key).toBe(404);
    }
  });

  it('sends visitors to the login page', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'A' }] });
    const page = await call(server, `/polls/${poll.accessKey}`, { host: event.host });
    expect(page.status).toBe(302);
    expect(page.headers['location']).toBe('/login');
  });
});
