import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LIMIT, CHAT_PAGE_DEFAULT, type ChatHistory, type ChatList } from '~/contracts/chat';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { sharedServer, type TestServer } from './harness';

describe('chat history: GET chat/{chatId} pages back beyond the newest messages the list carries', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let api: ReturnType<typeof chatApi>;
  let a: Attendee;
  let b: Attendee;
  let chatId: number;
  /** The ids of the chat's messages, oldest first. */
  let ids: number[];
  const total = CHAT_HISTORY_LIMIT + 30;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageChatEnabled') });
    api = chatApi(server, event);
    [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    chatId = await api.open(a, b);
    // Written straight into the database: the send limit would take minutes over HTTP.
    const start = Date.parse('2026-11-20T08:00:00Z');
    const rows = Array.from({ length: total }, (_, i) => ({
      chat_id: chatId, user_id: i % 2 ? b.id : a.id, message: `message ${i + 1}`, created_at: new Date(start + i * 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100) await f.db.kysely.insertInto('chat_messages').values(rows.slice(i, i + 100)).execute();
    const stored = await f.db.kysely.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).orderBy('id').execute();
    ids = stored.map((r) => Number(r.id));
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('the chat list holds only the newest messages of a long chat', async () => {
    const [chat] = (await api.list(a)).json<ChatList>().data;
    expect(chat!.Messages).toHaveLength(CHAT_HISTORY_LIMIT);
    expect(chat!.Messages[0]!.Message).toBe(`message ${total - CHAT_HISTORY_LIMIT + 1}`);
  });

  it('pages back from the oldest message held to the first one, oldest first, saying when none are left', async () => {
    const oldestHeld = ids[total - CHAT_HISTORY_LIMIT]!;
    const first = await api.history(b, chatId, `?before=${oldestHeld}&count=20`);
    expect(first.status).toBe(200);
    const page = first.json<ChatHistory>();
    expect(page.data.map((m) => m.Message)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${11 + i}`));
    expect(page.hasEarlier).toBe(true);
    expect(page.data[0]).toMatchObject({ ChatID: chatId, UserID: a.id, CreatedAt: expect.stringMatching(/Z$/) });
    const last = (await api.history(b, chatId, `?before=${page.data[0]!.ChatMessageID}&count=20`)).json<ChatHistory>();
    expect(last.data.map((m) => m.Message)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i + 1}`));
    expect(last.hasEarlier).toBe(false);
  });

  it('answers the newest page without `before`, of the default size', async () => {
    const page = (await api.history(a, chatId)).json<ChatHistory>();
    expect(page.data).toHaveLength(CHAT_PAGE_DEFAULT);
    expect(page.data.at(-1)!.Message).toBe(`message ${total}`);
    expect(page.hasEarlier).toBe(true);
  });

  it('shows the history to members only (403) and answers unknown chats with 404', async () => {
    const stranger = await newAttendee(f, event.id);
    const refused = await api.history(stranger, chatId, `?before=${ids[50]}`);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'chat.forbidden', field: 'chatId' });
    expect((await api.history(a, 99_999_999)).json()).toMatchObject({ error: 'chat.not_found', field: 'chatId' });
  });

  it('answers a bad query with 400 naming the field', async () => {
    for (const [query, field] of [['?before=abc', 'before'], ['?before=0', 'before'], ['?before=-3', 'before'], ['?count=0', 'count'],
      ['?count=201', 'count'], ['?count=2.5', 'count'], ['?count=lots', 'count']] as const) {
      const res = await api.history(a, chatId, query);
      expect(res.status, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field });
    }
    expect((await api.history(a, 'abc')).json()).toMatchObject({ field: 'chatId' });
  });
});
