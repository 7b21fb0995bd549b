import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '~/contracts/polls';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories, type NewPoll } from './factories';
import { call, sharedServer, type TestServer } from './harness';

const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Choice ${i + 1}` }));
const ratings = [1, 2, 3, 4, 5].map((value) => ({ text: String(value), value }));

describe('polls: the attendee calls of docs/product.md §7', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    // Sponsors and their polls tab on: some polls here are a sponsor's.
    event = await f.newEvent({ features: featuresOn('stageTabSponsors', 'sponsorPolls') });
    other = await f.newEvent();
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const post = (who: Attendee, path: string, body: unknown, form = false) => call(server, `/api/liveEvent/${event.id}/${path}`, {
    host: event.host, method: 'POST',
    headers: { ...who.auth, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  const get = (who: Attendee, path: string) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: who.auth });
  const vote = (who: Attendee, poll: NewPoll, type: number, alternatives: number[], extra: object = {}) =>
    post(who, 'liveStorePollAnswer', { PollID: poll.id, QuestionType: type, Alternatives: alternatives, ...extra });
  const attendee = () => newAttendee(f, event.id);

  it('answers a multiple-answers poll and shows the public counts', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(3) });
    const [a, b] = [await attendee(), await attendee()];
    const before = await get(a, `liveGetPoll/${poll.id}/0`);
    expect(before.status).toBe(200);
    expect(before.json<Poll>()).toMatchObject({ id: poll.id, questionType: 0, pollType: 0, isAnswered: false, selectedAnswer: [], allVoteCount: 0 });
    expect((await vote(a, poll, 0, [poll.alternatives[0]!])).status).toBe(200);
    const res = await vote(b, poll, 0, [poll.alternatives[0]!, poll.alternatives[2]!]);
    expect(res.status).toBe(200);
    const body = res.json<Poll>();
    expect(body).toMatchObject({ isAnswered: true, selectedAnswer: [poll.alternatives[0], poll.alternatives[2]], allVoteCount: 3, participantsCount: 2 });
    expect(body.alternatives.map((x) => x.count)).toEqual([2, 0, 1]);
  });

  it('marks on the sponsor polls tab which polls, quizzes and hunts the caller has answered', async () => {
    const sponsorId = Number((await f.db.kysely.insertInto('sponsors').values({
      event_id: event.id, key: `sp${Date.now()}`, name: 'Answer marks', position: 0, links: '[]',
    }).returning('id').executeTakeFirstOrThrow()).id);
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2), sponsorId });
    const hunt = await f.newPoll(event.id, {
      type: 3, sponsorId, items: [{ type: 0, alternatives: choices(2) }, { type: 0, alternatives: choices(2) }],
    });
    const [a, b] = [await attendee(), await attendee()];
    const marks = async (who: Attendee, tab: string) => Object.fromEntries((await get(who, `sponsors/${sponsorId}/${tab}`))
      .json<{ value: number; isAnswered: boolean }[]>().map((p) => [p.value, p.isAnswered]));
    expect(await marks(a, 'polls')).toEqual({ [poll.id]: false });
    expect((await vote(a, poll, 0, [poll.alternatives[1]!])).status).toBe(200);
    expect(await marks(a, 'polls')).toEqual({ [poll.id]: true });
    expect(await marks(b, 'polls')).toEqual({ [poll.id]: false });

    const clue = (item: NewPoll) => post(a, 'quizAnswer', { quizId: hunt.id, items: [{ pollId: item.id, answers: [item.alternatives[0]] }] });
    expect((await clue(hunt.items[0]!)).status).toBe(200);
    expect(await marks(a, 'quizzes')).toEqual({ [hunt.id]: false });
    expect((await clue(hunt.items[1]!)).status).toBe(200);
    expect(await marks(a, 'quizzes')).toEqual({ [hunt.id]: true });
  });

  it('accepts form bodies with comma-separated alternatives', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
    const res = await post(await attendee(), 'liveStorePollAnswer', { PollID: String(poll.id), QuestionType: '0', Alternatives: `${poll.alternatives[1]}` }, true);
    expect(res.status).toBe(200);
    expect(res.json<Poll>().selectedAnswer).toEqual([poll.alternatives[1]]);
  });

  it('hides counts of a poll whose results are not public', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2), isPublic: false });
    const body = (await vote(await attendee(), poll, 0, [poll.alternatives[0]!])).json<Poll>();
    expect(body).toMatchObject({ publicResults: false, allVoteCount: null, isAnswered: true, participantsCount: 1 });
    expect(body.alternatives.every((x) => x.count === null)).toBe(true);
  });

  it('stores an open-text answer once', async () => {
    const poll = await f.newPoll(event.id, { type: 1 });
    const who = await attendee();
    const res = await post(who, 'liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: '  Green  ' });
    expect(res.status).toBe(200);
    expect(res.json<Poll>()).toMatchObject({ isAnswered: true, freeTextAnswer: 'Green' });
    expect((await post(who, 'liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: 'Green' })).status).toBe(200);
    const changed = await post(who, 'liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: 'Blue' });
    expect(changed.status).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'poll.conflict' });
  });

  it('treats the same answer again as idempotent and a different one as 409', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
    const who = await attendee();
    const first = await vote(who, poll, 0, [poll.alternatives[0]!]);
    const again = await vote(who, poll, 0, [poll.alternatives[0]!]);
    expect(again.status).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await vote(who, poll, 0, [poll.alternatives[1]!]);
    expect(other.status).toBe(409);
    expect(other.json()).toMatchObject({ error: 'poll.conflict', pollId: poll.id });
    expect((await get(who, `liveGetPoll/${poll.id}/0`)).json<Poll>().allVoteCount).toBe(1);
  });

  it('scores a rating and averages to two decimals', async () => {
    const poll = await f.newPoll(event.id, { type: 10, alternatives: ratings, isCommentsEnabled: true });
    await vote(await attendee(), poll, 10, [poll.alternatives[4]!]);
    await vote(await attendee(), poll, 10, [poll.alternatives[3]!]);
    const res = await vote(await attendee(), poll, 10, [poll.alternatives[3]!]);
    expect(res.json<Poll>()).toMatchObject({ average: 4.33, participantsCount: 3 });
  });

  it('needs a comment for a rating of 2 or lower when comments are on (docs/product.md §5)', async () => {
    const poll = await f.newPoll(event.id, { type: 10, alternatives: ratings, isCommentsEnabled: true });
    const who = await attendee();
    const bare = await vote(who, poll, 10, [poll.alternatives[1]!]);
    expect(bare.status).toBe(400);
    expect(bare.json()).toMatchObject({ error: 'poll.comment_required', field: 'Comment' });
    const ok = await vote(who, poll, 10, [poll.alternatives[1]!], { Comment: 'Too long' });
    expect(ok.status).toBe(200);
    expect(ok.json<Poll>()).toMatchObject({ comment: 'Too long', average: 2 });
    const noComments = await f.newPoll(event.id, { type: 10, alternatives: ratings });
    expect((await vote(who, noComments, 10, [noComments.alternatives[0]!])).status).toBe(200);
  });

  it('takes a quiz whole, scores it and refuses a changed resubmit', async () => {
    const quiz = await f.newPoll(event.id, {
      type: 2, items: [
        { type: 0, alternatives: [{ text: 'a', correct: true }, { text: 'b' }] },
        { type: 0, alternatives: [{ text: 'c', correct: true }, { text: 'd', correct: true }, { text: 'e' }] },
        { type: 1 },
      ],
    });
    const [i1, i2, i3] = quiz.items as [NewPoll, NewPoll, NewPoll];
    const who = await attendee();
    const partial = await post(who, 'quizAnswer', { quizId: quiz.id, items: [{ id: i1.id, pollId: i1.id, answers: [i1.alternatives[0]] }] });
    expect(partial.status).toBe(400);
    expect(partial.json()).toMatchObject({ field: 'items' });
    const items = [
      { id: i1.id, pollId: i1.id, answers: [i1.alternatives[0]] },
      { id: i2.id, pollId: i2.id, answers: [i2.alternatives[0]] },
      { id: i3.id, pollId: i3.id, answers: ['Fjords'] },
    ];
    const res = await post(who, 'quizAnswer', { quizId: quiz.id, items });
    expect(res.status).toBe(200);
    const body = res.json<Poll>();
    expect(body).toMatchObject({ isAnswered: true, score: { correct: 1, total: 2 }, participantsCount: 1 });
    expect(body.items.map((i) => i.poll.isAnswered)).toEqual([true, true, true]);
    expect(body.items[2]!.poll.freeTextAnswer).toBe('Fjords');
    expect((await post(who, 'quizAnswer', { quizId: quiz.id, items })).status).toBe(200);
    const changed = await post(who, 'quizAnswer', { quizId: quiz.id, items: [items[0], { ...items[1], answers: [i2.alternatives[1]] }, items[2]] });
    expect(changed.status).toBe(409);
  });

  it('says which quiz items have one right answer, so they are answered with one choice', async () => {
    const quiz = await f.newPoll(event.id, {
      type: 2, items: [
        { type: 0, alternatives: [{ text: 'a', correct: true }, { text: 'b' }] },
        { type: 0, alternatives: [{ text: 'c', correct: true }, { text: 'd', correct: true }, { text: 'e' }] },
      ],
    });
    const body = (await get(await attendee(), `liveGetPoll/${quiz.id}/0`)).json<Poll>();
    expect(body.items.map((i) => i.poll.hasOneCorrectAnswer)).toEqual([true, false]);
    // Which alternative is right still never leaves the server.
    expect(JSON.stringify(body)).not.toMatch(/correct"?:\s*true|isCorrect/);
  });

  it('takes a treasure hunt one final item at a time', async () => {
    const hunt = await f.newPoll(event.id, { type: 3, items: [{ type: 0, alternatives: choices(2) }, { type: 0, alternatives: choices(2) }] });
    const [h1, h2] = hunt.items as [NewPoll, NewPoll];
    const who = await attendee();
    const first = await post(who, 'quizAnswer', { quizId: hunt.id, items: [{ pollId: h1.id, answers: [h1.alternatives[1]] }] });
    expect(first.status).toBe(200);
    expect(first.json<Poll>()).toMatchObject({ isAnswered: false, participantsCount: 1 });
    expect((await post(who, 'quizAnswer', { quizId: hunt.id, items: [{ pollId: h1.id, answers: [h1.alternatives[0]] }] })).status).toBe(409);
    const second = await post(who, 'quizAnswer', { quizId: hunt.id, items: [{ pollId: h2.id, answers: [h2.alternatives[0]] }] });
    expect(second.json<Poll>()).toMatchObject({ isAnswered: true, participantsCount: 1 });
  });

  it('records the template a rating ran from (templateQuizAnswer)', async () => {
    const template = await f.newPoll(event.id, { type: 10, alternatives: ratings, isTemplate: true, isCommentsEnabled: true });
    const who = await attendee();
    const res = await post(who, 'templateQuizAnswer', { quizId: template.id, templateId: template.id, items: [{ id: template.id, pollId: template.id, answers: [template.alternatives[0]], comment: 'Hard to hear' }] });
    expect(res.status).toBe(200);
    expect(res.json<Poll>()).toMatchObject({ templateId: template.id, isTemplate: true, comment: 'Hard to hear' });
    const missing = await post(who, 'templateQuizAnswer', { quizId: template.id, items: [{ pollId: template.id, answers: [template.alternatives[0]] }] });
    expect(missing.status).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'templateId' });
    const notTemplate = await f.newPoll(event.id, { type: 10, alternatives: ratings });
    const wrong = await post(await attendee(), 'templateQuizAnswer', { quizId: template.id, templateId: notTemplate.id, items: [{ pollId: template.id, answers: [template.alternatives[4]] }] });
    expect(wrong.status).toBe(404);
  });

  describe('coded polls (docs/product.md §8)', () => {
    let poll: NewPoll;
    let quiz: NewPoll;
    beforeAll(async () => {
      poll = await f.newPoll(event.id, { type: 4, code: '4321', alternatives: choices(2) });
      quiz = await f.newPoll(event.id, { type: 5, code: '8765', items: [{ type: 0, alternatives: [{ text: 'x', correct: true }, { text: 'y' }] }] });
      await f.newPoll(event.id, { type: 4, code: '1111', isOpen: false, alternatives: choices(2) });
      await f.newPoll(other.id, { type: 4, code: '2222', alternatives: choices(2) });
    });

    it('finds an open coded poll and a coded quiz by code', async () => {
      const who = await attendee();
      expect((await get(who, 'liveGetPoll/4321/1')).json<Poll>()).toMatchObject({ id: poll.id, questionType: 4 });
      expect((await get(who, 'liveGetPoll/4321/true?questionType=4')).json<Poll>()).toMatchObject({ id: poll.id });
      const found = (await get(who, 'liveGetPoll/8765/1?questionType=5')).json<Poll>();
      expect(found).toMatchObject({ id: quiz.id, questionType: 5 });
      expect(found.items).toHaveLength(1);
      expect((await vote(who, poll, 4, [poll.alternatives[0]!])).status).toBe(200);
    });

    it("answers 'Incorrect code' for no poll, a closed one or another event's", async () => {
      const who = await attendee();
      for (const code of ['9999', '1111', '2222']) {
        const res = await get(who, `liveGetPoll/${code}/1`);
        expect(res.status).toBe(404);
        expect(res.json()).toMatchObject({ error: 'poll.code_not_found' });
      }
    });

    it('tells a poll code at the quiz entry and a quiz code at the poll entry apart', async () => {
      const who = await attendee();
      const atPoll = await get(who, 'liveGetPoll/8765/1?questionType=4');
      expect(atPoll.status).toBe(404);
      expect(atPoll.json()).toMatchObject({ error: 'poll.code_wrong_type', expected: 'poll', found: 'quiz' });
      const atQuiz = await get(who, 'liveGetPoll/4321/1?questionType=5');
      expect(atQuiz.json()).toMatchObject({ error: 'poll.code_wrong_type', expected: 'quiz', found: 'poll' });
    });

    it('refuses a code that is not 4 digits with 400', async () => {
      const res = await get(await attendee(), 'liveGetPoll/12a4/1');
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ field: 'id' });
    });

    it('gates a coded poll and a coded quiz on their code: by id, by item, by page and by every answer call, until the attendee gave it', async () => {
      const [outsider, inRoom] = [await attendee(), await attendee()];
      const item = quiz.items[0]!;
      const quizItems = [{ id: item.id, pollId: item.id, answers: [item.alternatives[0]] }];
      const refusals = async (who: Attendee) => [
        await get(who, `liveGetPoll/${poll.id}/0`), await get(who, `liveGetPoll/${quiz.id}/0`), await get(who, `liveGetPoll/${item.id}/0`),
        await vote(who, poll, 4, [poll.alternatives[0]!]),
        await post(who, 'liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: 'from outside' }),
        await post(who, 'quizAnswer', { quizId: quiz.id, items: quizItems }),
        await post(who, 'templateQuizAnswer', { quizId: quiz.id, templateId: quiz.id, items: quizItems }),
      ];
      for (const res of await refusals(outsider)) {
        expect(res.status).toBe(403);
        expect(res.json()).toMatchObject({ error: 'poll.code_required' });
      }
      for (const key of [poll.accessKey, quiz.accessKey]) {
        expect((await call(server, `/polls/${key}`, { host: event.host, headers: outsider.auth })).status, key).toBe(404);
      }
      const stored = await f.db.kysely.selectFrom('poll_answers').select('id').where('user_id', '=', outsider.id).execute();
      expect(stored).toEqual([]);

      // Whoever gave the code may use the poll from then on, by id too (a reload, a reconnect).
      expect((await get(inRoom, 'liveGetPoll/4321/1?questionType=4')).status).toBe(200);
      expect((await get(inRoom, 'liveGetPoll/8765/1?questionType=5')).status).toBe(200);
      expect((await get(inRoom, `liveGetPoll/${poll.id}/0`)).status).toBe(200);
      expect((await get(inRoom, `liveGetPoll/${item.id}/0`)).status).toBe(200);
      expect((await call(server, `/polls/${quiz.accessKey}`, { host: event.host, headers: inRoom.auth })).status).toBe(200);
      expect((await vote(inRoom, poll, 4, [poll.alternatives[0]!])).status).toBe(200);
      expect((await post(inRoom, 'quizAnswer', { quizId: quiz.id, items: quizItems })).status).toBe(200);
      // A pass is the attendee's own: the outsider is still refused.
      expect((await get(outsider, `liveGetPoll/${poll.id}/0`)).status).toBe(403);
    });

    it('slows code guessing per attendee: after 5 wrong codes the next lookup waits, even with the right code', async () => {
      const guesser = await attendee();
      for (const code of ['0001', '0002', '0003', '0004', '0005']) {
        expect((await get(guesser, `liveGetPoll/${code}/1`)).status, code).toBe(404);
      }
      const limited = await get(guesser, 'liveGetPoll/4321/1');
      expect(limited.status).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'poll.code_rate_limited', field: 'id' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another attendee on the same address is not slowed by one guesser.
      expect((await get(await attendee(), 'liveGetPoll/4321/1')).status).toBe(200);
    });

    // Last of the coded tests: it leaves this server's loopback address slowed down.
    it('slows code guessing per address: attendees sharing one address get 100 wrong codes in all, then must wait', async () => {
      // Earlier tests of this file guessed from this address too, so the wait comes within 100 more.
      const statuses: number[] = [];
      while (statuses.length < 100 && !statuses.includes(429)) {
        const who = await attendee();
        for (let i = 0; i < 5 && !statuses.includes(429); i++) {
          statuses.push((await get(who, `liveGetPoll/${String(9000 + statuses.length).padStart(4, '0')}/1`)).status);
        }
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
      const fresh = await get(await attendee(), 'liveGetPoll/4321/1');
      expect(fresh.status).toBe(429);
      expect(fresh.json()).toMatchObject({ error: 'poll.code_rate_limited' });
    });
  });

  describe('refusals', () => {
    it('refuses a vote on a closed poll with 422 poll.closed', async () => {
      const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2), isOpen: false });
      const res = await vote(await attendee(), poll, 0, [poll.alternatives[0]!]);
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ error: 'poll.closed' });
    });

    it("does not show or take another event's poll", async () => {
      const poll = await f.newPoll(other.id, { type: 0, alternatives: choices(2) });
      const who = await attendee();
      expect((await get(who, `liveGetPoll/${poll.id}/0`)).status).toBe(404);
      expect((await vote(who, poll, 0, [poll.alternatives[0]!])).status).toBe(404);
      const path = await call(server, `/api/liveEvent/${other.id}/liveGetPoll/${poll.id}/0`, { host: event.host, headers: who.auth });
      expect(path.status).toBe(403);
    });

    it('answers 404 for an unknown poll and 401 without a login', async () => {
      expect((await get(await attendee(), 'liveGetPoll/99999999/0')).status).toBe(404);
      expect((await call(server, `/api/liveEvent/${event.id}/liveGetPoll/1/0`, { host: event.host })).status).toBe(401);
    });

    it('names the field of a bad body', async () => {
      const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
      const who = await attendee();
      const cases: [string, unknown, string][] = [
        ['liveStorePollAnswer', { QuestionType: 0, Alternatives: [1] }, 'PollID'],
        ['liveStorePollAnswer', { PollID: poll.id, QuestionType: 0, Alternatives: [] }, 'Alternatives'],
        ['liveStorePollAnswer', { PollID: poll.id, QuestionType: 7, Alternatives: [1] }, 'QuestionType'],
        ['liveStorePollAnswer', { PollID: poll.id, QuestionType: 1, Alternatives: [poll.alternatives[0]] }, 'QuestionType'],
        ['liveStorePollAnswer', { PollID: poll.id, QuestionType: 0, Alternatives: [999999] }, 'Alternatives'],
        ['liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: '   ' }, 'FreeText'],
        ['quizAnswer', { quizId: poll.id, items: 'nope' }, 'items'],
      ];
      for (const [path, body, field] of cases) {
        const res = await post(who, path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json<{ field: string }>().field).toBe(field);
      }
    });

    it('limits one attendee to 120 answers a minute', async () => {
      const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
      const who = await attendee();
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++) statuses.push((await vote(who, poll, 0, [poll.alternatives[0]!])).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(120);
      expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    }, 60_000);
  });
});
