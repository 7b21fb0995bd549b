import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, ChatList, ChatMessage, ReadResult } from '~/contracts/chat';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

type Api = ReturnType<typeof chatApi>;

describe('chat: the calls of docs/product.md §7 Chat', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let api: Api;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageSupport', 'stageChatEnabled') });
    other = await f.newEvent({ features: featuresOn('stageChatEnabled') });
    api = chatApi(server, event);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const attendee = () => newAttendee(f, event.id);
  const setUser = (id: number, fields: { is_hidden?: boolean; is_organiser?: boolean; first_name?: string; last_name?: string }) =>
    f.db.kysely.updateTable('users').set(fields).where('id', '=', id).execute();
  const chatsOf = async (who: Attendee) => (await api.list(who)).json<ChatList>();

  it('creates one chat per pair, whoever asks, and lists it for both', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const first = await api.create(a, b.id);
    expect(first.status).toBe(200);
    const chatId = first.json<{ data: number }>().data;
    expect((await api.create(b, a.id)).json()).toEqual({ data: chatId });
    expect((await api.create(a, String(b.id))).json()).toEqual({ data: chatId });
    const [listA, listB] = [await chatsOf(a), await chatsOf(b)];
    expect(listA.data.map((c) => c.ChatID)).toEqual([chatId]);
    expect(listB.data.map((c) => c.ChatID)).toEqual([chatId]);
    expect(listA.data[0]).toMatchObject({ isSupport: false, supportUserId: null, unread: 0, Messages: [] });
    expect(listA.data[0]!.Users.map((u) => u.UserID).sort()).toEqual([a.id, b.id].sort());
  });

  it('keeps one chat per pair when both create it at the same time', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? api.create(a, b.id) : api.create(b, a.id))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.json<{ data: number }>().data)).size).toBe(1);
    const rows = await f.db.kysely.selectFrom('chats').select('id').where('event_id', '=', event.id).where('pair_key', '=', `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`).execute();
    expect(rows).toHaveLength(1);
    expect((await chatsOf(a)).data[0]!.Users).toHaveLength(2);
  });

  it('sends plain text, stores it trimmed and counts it unread for the other member until read', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    const sent = await api.post(a, chatId, '  Hello <b>B</b> & co  ');
    expect(sent.status).toBe(200);
    const message = sent.json<{ data: ChatMessage }>().data;
    expect(message).toMatchObject({ ChatID: chatId, UserID: a.id, Message: 'Hello <b>B</b> & co', readby: [] });
    expect(Date.parse(message.CreatedAt)).toBeGreaterThan(Date.now() - 60_000);
    await api.post(a, chatId, 'Second');
    const listB = await chatsOf(b);
    expect(listB.unreadTotal).toBe(2);
    expect(listB.data[0]).toMatchObject({ ChatID: chatId, unread: 2 });
    expect(listB.data[0]!.Messages.map((m) => m.Message)).toEqual(['Hello <b>B</b> & co', 'Second']);
    expect((await chatsOf(a)).unreadTotal).toBe(0);

    const read = await api.read(b, chatId);
    expect(read.status).toBe(200);
    expect(read.json<ReadResult>().data).toMatchObject({ chatId, unreadTotal: 0 });
    const after = await chatsOf(a);
    expect(after.data[0]!.Messages.every((m) => m.readby.includes(b.id))).toBe(true);
    expect((await chatsOf(b)).data[0]!.unread).toBe(0);
    // B's own answer is read by B (the author) and unread for A only.
    await api.post(b, chatId, 'Reply');
    expect((await chatsOf(b)).unreadTotal).toBe(0);
    expect((await chatsOf(a)).unreadTotal).toBe(1);
  });

  it('sums unread counts over chats', async () => {
    const [me, x, y] = [await attendee(), await attendee(), await attendee()];
    const withX = await api.open(x, me);
    const withY = await api.open(y, me);
    await api.post(x, withX, 'one');
    await api.post(y, withY, 'two');
    await api.post(y, withY, 'three');
    const list = await chatsOf(me);
    expect(list.unreadTotal).toBe(3);
    expect(Object.fromEntries(list.data.map((c) => [c.ChatID, c.unread]))).toEqual({ [withX]: 1, [withY]: 2 });
    expect((await api.read(me, withY)).json<ReadResult>().data.unreadTotal).toBe(1);
  });

  it('refuses a third attendee reading or writing the chat (403) and keeps it out of their list', async () => {
    const [a, b, c] = [await attendee(), await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    await api.post(a, chatId, 'private');
    const post = await api.post(c, chatId, 'let me in');
    expect(post.status).toBe(403);
    expect(post.json()).toMatchObject({ error: 'chat.forbidden', field: 'chatId' });
    expect((await api.read(c, chatId)).status).toBe(403);
    expect((await chatsOf(c)).data).toEqual([]);
    expect((await chatsOf(b)).data[0]!.Messages.map((m) => m.Message)).toEqual(['private']);
  });

  it('refuses a token of another event (403) and answers unknown ids with 404', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    const stranger = await newAttendee(f, other.id);
    // The other event's token on this event's host, and this event's path from the other host.
    expect((await api.post(stranger, chatId, 'hi')).status).toBe(403);
    const crossPath = await call(server, `/api/liveEvent/${event.id}/chat`, { host: other.host, headers: stranger.auth });
    expect(crossPath.status).toBe(403);
    // A chat of another event is unknown here.
    const otherApi = chatApi(server, other);
    const strangerTwo = await newAttendee(f, other.id);
    const foreignChat = await otherApi.open(stranger, strangerTwo);
    expect((await api.post(a, foreignChat, 'hi')).status).toBe(404);
    expect((await api.post(a, 99_999_999, 'hi')).json()).toMatchObject({ error: 'chat.not_found', field: 'chatId' });
    expect((await api.read(a, 99_999_999)).status).toBe(404);
    expect((await api.create(a, 99_999_999)).json()).toMatchObject({ error: 'chat.not_found', field: 'userId' });
    expect((await api.create(a, stranger.id)).status).toBe(404);
  });

  it('answers bad input with 400 naming the field', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    for (const [message, field] of [['', 'message'], ['   ', 'message'], ['x'.repeat(2001), 'message'], [42, 'message'], [undefined, 'message']] as const) {
      const res = await api.post(a, chatId, message);
      expect(res.status, String(message).slice(0, 10)).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    expect((await api.post(a, chatId, 'x'.repeat(2000))).status).toBe(200);
    expect((await api.post(a, 'abc', 'hi')).json()).toMatchObject({ field: 'chatId' });
    expect((await api.read(a, 'abc')).status).toBe(400);
    for (const userId of ['abc', -1, 0, 1.5, null, 1e20, '99999999999']) expect((await api.create(a, userId)).json()).toMatchObject({ field: 'userId' });
    expect((await api.create(a, a.id)).json()).toMatchObject({ error: 'chat.invalid', field: 'userId' });
    const noBody = await call(server, `/api/liveEvent/${event.id}/chat/${chatId}`, { host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': 'text/plain' }, body: 'hi' });
    expect(noBody.status).toBe(400);
  });

  it('refuses a message sent from another site with the session cookie (403), and stores nothing', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    const res = await call(server, `/api/liveEvent/${event.id}/chat/${chatId}`, {
      host: event.host, method: 'POST', body: 'message=forged',
      headers: { cookie: `ep_session=${a.token}`, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect((await chatsOf(b)).data[0]!.Messages).toEqual([]);
  });

  it('asks for a login without a token (401)', async () => {
    expect((await call(server, `/api/liveEvent/${event.id}/chat`, { host: event.host })).status).toBe(401);
  });

  it('never reveals a hidden attendee: no new chat with them (404, as for an unknown id)', async () => {
    const [a, hidden, known] = [await attendee(), await attendee(), await attendee()];
    const before = await api.open(a, known);
    await setUser(hidden.id, { is_hidden: true, first_name: 'Hidden', last_name: 'Person' });
    await setUser(known.id, { is_hidden: true });
    expect((await api.create(a, hidden.id)).json()).toMatchObject({ error: 'chat.not_found', field: 'userId' });
    // A chat made before hiding stays the pair's chat.
    expect((await api.create(a, known.id)).json()).toEqual({ data: before });
    // The hidden attendee may still start one themselves.
    expect((await api.create(hidden, a.id)).status).toBe(200);
  });

  it('limits how fast one attendee sends (429 with retry-after)', async () => {
    const [a, b] = [await attendee(), await attendee()];
    const chatId = await api.open(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await api.post(a, chatId, `m${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await api.post(a, chatId, 'too many');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // B is not slowed down by A.
    expect((await api.post(b, chatId, 'fine')).status).toBe(200);
  });

  it('opens one support chat per attendee with every organiser; any organiser answers', async () => {
    const [a, org1, org2] = [await attendee(), await attendee(), await attendee()];
    await setUser(org1.id, { is_organiser: true });
    await setUser(org2.id, { is_organiser: true });
    const opened = await api.support(a);
    expect(opened.status).toBe(200);
    const chatId = opened.json<{ data: number }>().data;
    expect((await api.support(a)).json()).toEqual({ data: chatId });
    await api.post(a, chatId, 'I need help');
    const orgList = await chatsOf(org2);
    const support = orgList.data.find((c) => c.ChatID === chatId) as Chat;
    expect(support).toMatchObject({ isSupport: true, supportUserId: a.id, unread: 1 });
    expect((await api.post(org2, chatId, 'How can we help?')).status).toBe(200);
    expect((await api.post(org1, chatId, 'Me too')).status).toBe(200);
    const mine = (await chatsOf(a)).data.find((c) => c.ChatID === chatId)!;
    expect(mine.Messages.map((m) => m.UserID)).toEqual([a.id, org2.id, org1.id]);
    // An organiser added after the chat began still sees and answers it.
    const late = await attendee();
    await setUser(late.id, { is_organiser: true });
    expect((await api.post(late, chatId, 'Late but here')).status).toBe(200);
    // Another attendee cannot.
    expect((await api.post(await attendee(), chatId, 'nosy')).status).toBe(403);
    expect((await api.support(org1)).status).toBe(400);
  });

  it('refuses the support chat when support is off (403)', async () => {
    const offApi = chatApi(server, other);
    const res = await offApi.support(await newAttendee(f, other.id));
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'chat.forbidden' });
  });
});
