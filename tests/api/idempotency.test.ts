import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { sharedServer, type TestServer } from './harness';
import { timelineCalls } from './timeline-helpers';

// A post, a comment or a chat message retried with the same Idempotency-Key is stored once, and
// every retry hears the first outcome (docs/operations.md "Retries").
describe('writes retried with the same Idempotency-Key', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; host: string };
  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabTimeline', 'stageFuncTimelinePosting', 'stageFuncTimelineCommenting', 'stageChatEnabled') });
  });
  afterAll(() => f.db.close());

  const withKey = (who: Attendee, key: string): Attendee => ({ ...who, auth: { ...who.auth, 'idempotency-key': key } });
  const postsBy = async (who: Attendee) => (await f.db.kysely.selectFrom('timeline_items').select('id').where('author_id', '=', who.id).where('in_reply_to', 'is', null).execute()).length;

  it('stores a post once and answers its retry the first outcome, marked replayed', async () => {
    const a = await newAttendee(f, event.id);
    const timeline = timelineCalls(server, event);
    const key = randomUUID();
    const first = await timeline.post(withKey(a, key), { message: 'once only' });
    expect(first.status).toBe(201);
    const retry = await timeline.post(withKey(a, key), { message: 'once only' });
    expect(retry.status).toBe(first.status);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await postsBy(a)).toBe(1);
  });

  it('stores one post when twenty requests with one key arrive at once, and none is a server error', async () => {
    const a = await newAttendee(f, event.id);
    const timeline = timelineCalls(server, event);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => timeline.post(withKey(a, key), { message: 'burst' })));
    for (const answer of answers) {
      // The first outcome, or "still being answered, try again" for those that met it running.
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.headers['retry-after']).toBe('1');
    }
    expect(await postsBy(a)).toBe(1);
  });

  it('keeps keys per attendee: another attendee\'s post with the same key is stored', async () => {
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const timeline = timelineCalls(server, event);
    const key = randomUUID();
    expect((await timeline.post(withKey(a, key), { message: 'a' })).status).toBe(201);
    expect((await timeline.post(withKey(b, key), { message: 'b' })).status).toBe(201);
    expect([await postsBy(a), await postsBy(b)]).toEqual([1, 1]);
  });

  it('refuses a key sent again with another call (422) and a malformed key (400 naming the header)', async () => {
    const a = await newAttendee(f, event.id);
    const timeline = timelineCalls(server, event);
    const key = randomUUID();
    const post = await timeline.post(withKey(a, key), { message: 'first' });
    const reused = await timeline.comment(withKey(a, key), post.json<{ TimelineID: number }>().TimelineID, 'comment');
    expect(reused.status).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'request.key_reused', field: 'idempotency-key' });
    const malformed = await timeline.post(withKey(a, 'no spaces allowed'), { message: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'request.invalid', field: 'idempotency-key' });
  });

  it('stores a comment and a chat message once under their keys', async () => {
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const timeline = timelineCalls(server, event);
    const post = (await timeline.post(a, { message: 'talk' })).json<{ TimelineID: number }>();
    const commentKey = randomUUID();
    for (let i = 0; i < 3; i += 1) expect((await timeline.comment(withKey(b, commentKey), post.TimelineID, 'agreed')).status).toBe(201);
    const comments = await f.db.kysely.selectFrom('timeline_items').select('id').where('in_reply_to', '=', post.TimelineID).execute();
    expect(comments).toHaveLength(1);

    const chat = chatApi(server, event);
    const chatId = await chat.open(a, b);
    const messageKey = randomUUID();
    for (let i = 0; i < 3; i += 1) expect((await chat.post(withKey(a, messageKey), chatId, 'hello')).status).toBe(200);
    const history = (await chat.history(b, chatId)).json<{ data: { Messages?: unknown[] } | unknown[] }>();
    const messages = await f.db.kysely.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).execute();
    expect(messages, JSON.stringify(history)).toHaveLength(1);
  });
});
