import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '~/contracts/login';
import { QUESTION_TYPE } from '~/contracts/polls';
import type { Organiser } from '~/server/console/console.service';
import { consoleScenario, NOW, type ConsoleFixture } from './console-fixture';

/** The stage as the request's kept event carries it. */
const EVENT = { mainStreamUrl: '/media/mainstage/index.m3u8', stageSessionId: 7, stageTitle: 'Breakout', holdingImageUrl: '/uploads/holding.webp', holdingShown: true };

// On SQLite, and on PostgreSQL as well when TEST_DATABASE_URL is set.
describe('console live now', () => {
  let f: ConsoleFixture;
  let eventId: number;
  let organiser: Organiser;
  let attendee: AuthUser;

  beforeAll(async () => ({ f, eventId, organiser, attendee } = await consoleScenario('live-show')));
  afterAll(async () => f.close());
  beforeEach(async () => {
    f.online.clear();
    f.setNow(NOW);
    await f.k.updateTable('polls').set({ is_open: false }).where('event_id', '=', eventId).execute();
    await f.k.deleteFrom('chats').where('event_id', '=', eventId).execute();
  });

  const supportChat = async (userId: number) => Number((await f.k.insertInto('chats')
    .values({ event_id: eventId, pair_key: `support:${userId}`, is_support: true, created_at: NOW, last_message_at: NOW }).returning('id').executeTakeFirstOrThrow()).id);
  const message = async (chatId: number, userId: number) => Number((await f.k.insertInto('chat_messages')
    .values({ chat_id: chatId, user_id: userId, message: 'help', created_at: NOW }).returning('id').executeTakeFirstOrThrow()).id);

  it('counts attendees online by platform, open polls\' answers and their rate, and unread support chats; the stage is the event\'s', async () => {
    const admitted = await f.newUser(eventId, 'door');
    await f.k.insertInto('registrations').values({ event_id: eventId, user_id: admitted.userId, ticket_code: 'T1', ticket_key: 'k1', admitted_at: NOW, created_at: NOW }).execute();
    for (const id of [attendee.userId, admitted.userId, organiser.userId]) f.online.add(id);
    const poll = await f.newPoll(eventId, 'live');
    await f.answer(poll, attendee.userId, '2026-06-02T07:59:00.000Z');
    await f.answer(poll, admitted.userId, '2026-06-02T07:59:55.000Z');
    await message(await supportChat(attendee.userId), attendee.userId);
    const live = await f.service.liveNow.snapshot(organiser, EVENT);
    expect(live.online).toEqual({ digital: 1, inPerson: 1 });
    expect(live.polls).toEqual([{ id: poll.id, title: 'live', questionType: 0, answers: 2, answersPerSecond: 0.1 }]);
    expect(live.unreadSupportChats).toBe(1);
    expect(live.stage).toEqual({ streamUrl: '/media/mainstage/index.m3u8', sessionId: 7, sessionTitle: 'Breakout', holdingImageUrl: '/uploads/holding.webp', holdingShown: true });
    expect(live.readAt).toBe(NOW);
  });

  it('counts hundreds online (asked in chunks) and leaves out organisers, another event\'s users and unknown ids', async () => {
    const crowd = await Promise.all(Array.from({ length: 300 }, (_unused, i) => f.newUser(eventId, `crowd${i}`)));
    await f.k.insertInto('registrations').values(crowd.filter((_user, i) => i % 3 === 0)
      .map((user) => ({ event_id: eventId, user_id: user.userId, ticket_code: `C${user.userId}`, ticket_key: `c${user.userId}`, admitted_at: NOW, created_at: NOW }))).execute();
    const stranger = await f.newUser(await f.newEvent('live-crowd-elsewhere'), 'stranger');
    for (const id of [...crowd.map((user) => user.userId), organiser.userId, stranger.userId, 999_999]) f.online.add(id);
    expect((await f.service.liveNow.snapshot(organiser, EVENT)).online).toEqual({ digital: 200, inPerson: 100 });
  });

  it('lists only the open top-level polls of this event, not templates, items or another event\'s, in the organiser\'s order', async () => {
    const later = await f.newPoll(eventId, 'later');
    const first = await f.newPoll(eventId, 'first');
    await f.k.updateTable('polls').set({ position: 2 }).where('id', '=', later.id).execute();
    await f.k.updateTable('polls').set({ position: 1 }).where('id', '=', first.id).execute();
    await f.newPoll(eventId, 'closed', { isOpen: false });
    await f.newPoll(eventId, 'item', { parentId: first.id });
    const template = await f.newPoll(eventId, 'template');
    await f.k.updateTable('polls').set({ is_template: true }).where('id', '=', template.id).execute();
    await f.newPoll(await f.newEvent('live-elsewhere'), 'elsewhere');
    const live = await f.service.liveNow.snapshot(organiser, EVENT);
    expect(live.polls.map((p) => p.title)).toEqual(['first', 'later']);
    expect(live.polls.map((p) => [p.answers, p.answersPerSecond])).toEqual([[0, 0], [0, 0]]);
  });

  it('counts a quiz\'s submissions as its answers and its items\' answers of the last 10 s in its rate', async () => {
    const quiz = await f.newPoll(eventId, 'quiz', { questionType: QUESTION_TYPE.QUIZ });
    const item = await f.newPoll(eventId, 'quiz-item', { questionType: QUESTION_TYPE.QUIZ, parentId: quiz.id });
    const voters = await Promise.all(['q1', 'q2', 'q3'].map((name) => f.newUser(eventId, name)));
    await f.answer(quiz, voters[0]!.userId, '2026-06-02T07:59:52.000Z');
    for (const [i, at] of ['2026-06-02T07:59:49.999Z', '2026-06-02T07:59:50.000Z', '2026-06-02T07:59:59.000Z'].entries()) await f.answer(item, voters[i]!.userId, at);
    const live = await f.service.liveNow.snapshot(organiser, EVENT);
    expect(live.polls).toEqual([{ id: quiz.id, title: 'quiz', questionType: QUESTION_TYPE.QUIZ, answers: 1, answersPerSecond: 0.3 }]);
  });

  it('counts a support chat once, and only for an attendee\'s message after this organiser\'s read mark', async () => {
    const [ann, bob, cat] = await Promise.all(['ann2', 'bob', 'cat'].map((name) => f.newUser(eventId, name)));
    const many = await supportChat(ann!.userId);
    for (let i = 0; i < 3; i += 1) await message(many, ann!.userId);
    const answered = await supportChat(bob!.userId);
    await message(answered, bob!.userId);
    await message(answered, organiser.userId);
    const read = await supportChat(cat!.userId);
    const mark = await message(read, cat!.userId);
    await f.k.insertInto('chat_members').values({ chat_id: read, user_id: organiser.userId, last_read_message_id: mark }).execute();
    const other = await f.newUser(eventId, 'other-org', true);
    const otherOrganiser = f.service.organiser({ eventId }, other);
    expect((await f.service.liveNow.snapshot(organiser, EVENT)).unreadSupportChats).toBe(2);
    expect((await f.service.liveNow.snapshot(otherOrganiser, EVENT)).unreadSupportChats).toBe(3);
    await f.k.insertInto('chat_members').values({ chat_id: answered, user_id: organiser.userId, last_read_message_id: mark }).execute();
    expect((await f.service.liveNow.snapshot(organiser, EVENT)).unreadSupportChats).toBe(1);
  });
});
