import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';

/*
 * A feature that is off for the caller's platform refuses every one of its calls with 403, not
 * only the screens that hide it (docs/security.md, "Who may call what").
 */
describe('feature flags are enforced on every call', () => {
  let server: TestServer;
  let f: Factories;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0' } });
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** A chat between `a` and `b` written straight into the database (as one made before the flags went off). */
  async function existingChat(eventId: number, a: Attendee, b: Attendee): Promise<number> {
    const now = new Date().toISOString();
    const chat = await f.db.kysely.insertInto('chats').values({ event_id: eventId, pair_key: `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`, created_at: now, last_message_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await f.db.kysely.insertInto('chat_members').values([{ chat_id: chat.id, user_id: a.id }, { chat_id: chat.id, user_id: b.id }]).execute();
    return Number(chat.id);
  }

  it('refuses every chat call with 403 when every chat flag is off', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabParticipants') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const chat = chatApi(server, event);
    const chatId = await existingChat(event.id, a, b);
    const answers = {
      list: await chat.list(a), create: await chat.create(a, b.id), support: await chat.support(a),
      send: await chat.post(a, chatId, 'Hello?'), history: await chat.history(a, chatId), read: await chat.read(a, chatId),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.status, `${name}: ${res.body}`).toBe(403);
    expect(await f.db.kysely.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).execute()).toEqual([]);
  });

  it('decides chat by the caller\'s platform: stage chat on, web app chat off', async () => {
    const event = await f.newEvent({ features: featuresOn('stageChatEnabled') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const create = (platform: string) => call(server, `/api/liveEvent/${event.id}/chat?platform=${platform}`, {
      host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': 'application/json' }, body: JSON.stringify({ userId: b.id }),
    });
    expect((await create('webApp')).status).toBe(403);
    expect((await create('digital')).status).toBe(200);
    const fromWebApp = await call(server, `/api/liveEvent/${event.id}/chat`, { host: event.host, headers: { ...a.auth, referer: `http://${event.host}/webapp` } });
    expect(fromWebApp.status).toBe(403);
  });

  it('refuses the participant lookups (participants/{ids}, participant/{id}, users/online) when nobody is listed', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabTimeline') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const get = (path: string) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: a.auth });
    for (const path of [`participants/${a.id},${b.id}`, `participant/${b.id}`, 'users/online', 'users', 'users/count']) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.body}`).toBe(403);
      expect(res.body).not.toContain('Attendee');
    }
    expect((await get(`participant/${a.id}`)).status).toBe(200);
  });

  it('answers the same lookups where the participant list is on', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabParticipants') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const res = await call(server, `/api/liveEvent/${event.id}/participants/${a.id},${b.id}`, { host: event.host, headers: a.auth });
    expect(res.status).toBe(200);
    expect(res.json<{ UserID: number }[]>().map((p) => p.UserID).sort()).toEqual([a.id, b.id].sort());
  });
});
