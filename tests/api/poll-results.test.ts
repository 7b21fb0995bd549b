import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenTextVote, PollResultsResponse, QuizStreamResponse, ResultPoll, ResultsIndexResponse, TemplateResultsResponse } from '~/contracts/poll-results';
import { newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories, type NewPoll } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { json } from './member-helpers';
import { RESULTS_PASSWORD, resultsLogin, setResultsPasswords } from './poll-results-helpers';
import { connect } from './realtime-helpers';

const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Choice ${i + 1}` }));
const ratings = [1, 2, 3, 4, 5].map((value) => ({ text: String(value), value }));

describe('poll results: the organiser calls of docs/product.md §7', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let session: Record<string, string>;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    await setResultsPasswords(f, event.id);
    session = await resultsLogin(server, event.host, RESULTS_PASSWORD);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const get = <T>(path: string) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: session }).then((res) => ({ res, body: res.json<T>() }));
  const post = (who: Attendee, path: string, body: unknown) => call(server, `/api/liveEvent/${event.id}/${path}`, {
    host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const vote = async (poll: NewPoll, alternatives: number[], type = 0, extra: object = {}) => {
    const who = await newAttendee(f, event.id);
    const res = await post(who, 'liveStorePollAnswer', { PollID: poll.id, QuestionType: type, Alternatives: alternatives, ...extra });
    expect(res.status).toBe(200);
    return who;
  };
  const freeText = async (poll: NewPoll, text: string) => {
    const who = await newAttendee(f, event.id);
    expect((await post(who, 'liveStoreFreeTextAnswer', { PollID: poll.id, QuestionType: 1, FreeText: text })).status).toBe(200);
    return who;
  };
  const toggle = (pollId: number, body: unknown) => call(server, `/api/liveEvent/${event.id}/togglePollAnswerPresentation/${pollId}`, {
    host: event.host, ...json(body), headers: { ...session, 'content-type': 'application/json' },
  });
  const newGroup = async (userIds: number[]) => {
    const row = await f.db.kysely.insertInto('groups').values({ event_id: event.id, key: `g${Math.random()}`, name: 'Group', is_public: false })
      .returning('id').executeTakeFirstOrThrow();
    for (const userId of userIds) await f.db.kysely.insertInto('group_members').values({ group_id: Number(row.id), user_id: userId }).execute();
    return Number(row.id);
  };

  it('counts a poll from its running tallies, even when its results are not public', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(3), isPublic: false });
    await vote(poll, [poll.alternatives[0]!]);
    await vote(poll, [poll.alternatives[0]!, poll.alternatives[2]!]);
    const { res, body } = await get<PollResultsResponse>(`pollResults/${poll.id}`);
    expect(res.status).toBe(200);
    expect(body.poll.alternatives.map((a) => a.count)).toEqual([2, 0, 1]);
    expect(body.poll).toMatchObject({ allVoteCount: 3, participantsCount: 2 });
    expect(body.votesTotal).toBe(2);
    expect((await get<PollResultsResponse>(`pollResults/${poll.accessKey}`)).body.poll.id).toBe(poll.id);
  });

  it('lists each participant with name, last name, e-mail, answers and comments, paged', async () => {
    const poll = await f.newPoll(event.id, { type: 10, alternatives: ratings, isCommentsEnabled: true });
    await vote(poll, [poll.alternatives[0]!], 10, { Comment: 'Too long' });
    await vote(poll, [poll.alternatives[4]!], 10);
    const { body } = await get<PollResultsResponse>(`pollResults/${poll.id}?size=1`);
    expect(body).toMatchObject({ votesTotal: 2, page: 1, size: 1 });
    expect(body.votesRegistrations).toHaveLength(1);
    const all = (await get<PollResultsResponse>(`pollResults/${poll.id}`)).body;
    expect(all.poll.average).toBe(3);
    const row = all.votesRegistrations.find((r) => r.comment === 'Too long')!;
    expect(row).toMatchObject({ name: 'Test', answers: { [poll.id]: '1' } });
    expect(row.email).toMatch(/@example\.org$/);
    expect(all.poll.comments.map((c) => c.comment)).toEqual(['Too long']);
    const second = (await get<PollResultsResponse>(`pollResults/${poll.id}?size=1&page=2`)).body;
    expect(second.votesRegistrations[0]!.userId).not.toBe(body.votesRegistrations[0]!.userId);
  });

  it('filters by groups: only members of the chosen groups count', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
    const member = await vote(poll, [poll.alternatives[0]!]);
    await vote(poll, [poll.alternatives[1]!]);
    const group = await newGroup([member.id]);
    const { body } = await get<PollResultsResponse>(`filteredPollResults/${poll.id}?groups=${group}`);
    expect(body.poll.alternatives.map((a) => a.count)).toEqual([1, 0]);
    expect(body.poll.participantsCount).toBe(1);
    expect(body.votesRegistrations.map((r) => r.userId)).toEqual([member.id]);
    const bad = await get(`pollResults/${poll.id}?groups=a,b`);
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'groups' });
  });

  it('filters by dates, both or neither (400 naming the missing one)', async () => {
    const poll = await f.newPoll(event.id, { type: 0, alternatives: choices(2) });
    await vote(poll, [poll.alternatives[1]!]);
    const today = new Date().toISOString().slice(0, 10);
    const inside = await get<PollResultsResponse>(`filteredPollResults/${poll.id}?fromDate=${today}&toDate=${today}`);
    expect(inside.body.poll.alternatives.map((a) => a.count)).toEqual([0, 1]);
    const before = await get<PollResultsResponse>(`filteredPollResults/${poll.id}?fromDate=2020-01-01&toDate=2020-01-02`);
    expect(before.body.poll.alternatives.map((a) => a.count)).toEqual([0, 0]);
    expect(before.body.votesTotal).toBe(0);
    const onlyFrom = await get(`pollResults/${poll.id}?fromDate=2020-01-01`);
    expect(onlyFrom.res.status).toBe(400);
    expect(onlyFrom.body).toMatchObject({ field: 'toDate' });
    expect((await get(`pollResults/${poll.id}?toDate=2020-01-01`)).body).toMatchObject({ field: 'fromDate' });
    expect((await get(`pollResults/${poll.id}?fromDate=2020-02-01&toDate=2020-01-01`)).body).toMatchObject({ field: 'toDate' });
    expect((await get(`pollResults/${poll.id}?fromDate=yesterday&toDate=2020-01-01`)).body).toMatchObject({ field: 'fromDate' });
  });

  it('answers 404 for an unknown poll or another event’s, and 400 for a malformed id', async () => {
    const elsewhere = await f.newEvent();
    const foreign = await f.newPoll(elsewhere.id, { type: 0, alternatives: choices(1) });
    expect((await get(`pollResults/${foreign.id}`)).res.status).toBe(404);
    expect((await get('pollResults/999999')).body).toMatchObject({ error: 'results.not_found', message: 'Could not find poll to show' });
    expect((await get('pollResults/a.b')).res.status).toBe(400);
    expect((await get('pollResults/1?size=9999')).body).toMatchObject({ field: 'size' });
  });

  it('streams open-text answers visible first, then newest, with the author', async () => {
    const poll = await f.newPoll(event.id, { type: 1 });
    await freeText(poll, 'First');
    await freeText(poll, 'Second');
    await freeText(poll, 'Third');
    const { body } = await get<ResultPoll>(`pollStream/${poll.accessKey}`);
    expect(body.votes.map((v) => v.label)).toEqual(['Third', 'Second', 'First']);
    expect(body.votes[0]).toMatchObject({ createdByName: 'Test', isHidden: false, isSelected: false });
    const hidden = await toggle(poll.id, { AnswerId: body.votes[0]!.answerId, PresentType: 2 });
    expect(hidden.status).toBe(200);
    expect(hidden.json<OpenTextVote>()).toMatchObject({ isHidden: true });
    const after = (await get<ResultPoll>(`pollStream/${poll.id}`)).body;
    expect(after.votes.map((v) => [v.label, v.isHidden])).toEqual([['Second', false], ['First', false], ['Third', true]]);
    const again = await toggle(poll.id, { AnswerId: body.votes[0]!.answerId, PresentType: '3' });
    expect(again.json<OpenTextVote>()).toMatchObject({ isHidden: false });
  });

  it('presents one answer at a time and tells every screen and the stage live', async () => {
    const poll = await f.newPoll(event.id, { type: 1 });
    await freeText(poll, 'Alpha');
    await freeText(poll, 'Beta');
    const [beta, alpha] = (await get<ResultPoll>(`pollStream/${poll.id}`)).body.votes;
    const socket = await connect(server, event.host);
    try {
      expect((await toggle(poll.id, { AnswerId: alpha!.answerId, PresentType: 1 })).json()).toMatchObject({ isSelected: true });
      const frame = await socket.next((fr) => fr.type === 'event' && fr.name === 'poll-answer-change');
      expect(frame).toMatchObject({ data: { pollId: poll.id, answerId: alpha!.answerId, isSelected: true, presented: { label: 'Alpha' } } });
      await toggle(poll.id, { AnswerId: beta!.answerId, PresentType: 1 });
      const votes = (await get<ResultPoll>(`pollStream/${poll.id}`)).body.votes;
      expect(votes.filter((v) => v.isSelected).map((v) => v.label)).toEqual(['Beta']);
      // Hiding a presented answer takes it off the stage; a hidden one cannot be presented.
      expect((await toggle(poll.id, { AnswerId: beta!.answerId, PresentType: 2 })).json()).toMatchObject({ isSelected: false, isHidden: true });
      const refused = await toggle(poll.id, { AnswerId: beta!.answerId, PresentType: 1 });
      expect(refused.status).toBe(409);
    } finally {
      socket.ws.close();
    }
  });

  it('refuses bad moderation input with 400 and an unknown answer with 404', async () => {
    const poll = await f.newPoll(event.id, { type: 1 });
    expect((await toggle(poll.id, { AnswerId: 1, PresentType: 7 })).json()).toMatchObject({ field: 'PresentType' });
    expect((await toggle(poll.id, { PresentType: 1 })).json()).toMatchObject({ field: 'AnswerId' });
    expect((await toggle(poll.id, { AnswerId: 999999, PresentType: 1 })).status).toBe(404);
    expect((await toggle(999999, { AnswerId: 1, PresentType: 1 })).status).toBe(404);
    const cross = await call(server, `/api/liveEvent/${event.id}/togglePollAnswerPresentation/${poll.id}`, {
      host: event.host, ...json({ AnswerId: 1, PresentType: 1 }), headers: { ...session, 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
  });

  it('streams a quiz: its items with results and the averages of its rating items', async () => {
    const quiz = await f.newPoll(event.id, { type: 2, items: [{ type: 0, alternatives: choices(2) }, { type: 10, alternatives: ratings }, { type: 1 }] });
    const [choice, rating, open] = quiz.items;
    const who = await newAttendee(f, event.id);
    const res = await post(who, 'quizAnswer', { quizId: quiz.id, items: [
      { id: choice!.id, pollId: choice!.id, answers: [choice!.alternatives[1]] },
      { id: rating!.id, pollId: rating!.id, answers: [rating!.alternatives[3]] },
      { id: open!.id, pollId: open!.id, answers: ['Open words'] },
    ] });
    expect(res.status).toBe(200);
    const { body } = await get<QuizStreamResponse>(`quizStream/${quiz.accessKey}`);
    expect(body).toMatchObject({ participantsCount: 1, showAverage: true, average: 4, totalAverage: 4 });
    expect(body.items.map((i) => i.id)).toEqual([choice!.id, rating!.id, open!.id]);
    expect(body.items[0]!.alternatives.map((a) => a.count)).toEqual([0, 1]);
    expect(body.items[2]!.votes.map((v) => v.label)).toEqual(['Open words']);
    expect((await get(`pollStream/${quiz.id}`)).res.status).toBe(400);
    expect((await get(`quizStream/${choice!.id}`)).res.status).toBe(404);
    const table = (await get<PollResultsResponse>(`pollResults/${quiz.id}`)).body;
    expect(table.items).toHaveLength(3);
    expect(table.votesRegistrations[0]!.answers).toMatchObject({ [choice!.id]: 'Choice 2', [open!.id]: 'Open words' });
  });

  it('gives template results: rating list, the polls run from it, and a poll’s template-only results', async () => {
    const template = await f.newPoll(event.id, { type: 10, alternatives: ratings, isTemplate: true });
    const first = await f.newPoll(event.id, { type: 10, alternatives: ratings });
    const second = await f.newPoll(event.id, { type: 10, alternatives: ratings });
    const rate = async (poll: NewPoll, index: number, templateId?: number) => {
      const who = await newAttendee(f, event.id);
      const path = templateId ? 'templateQuizAnswer' : 'quizAnswer';
      const res = await post(who, path, { quizId: poll.id, items: [{ id: poll.id, pollId: poll.id, answers: [poll.alternatives[index]] }], ...(templateId ? { templateId } : {}) });
      expect(res.status).toBe(200);
    };
    await rate(first, 4, template.id);
    await rate(first, 2, template.id);
    await rate(second, 0, template.id);
    await rate(second, 4);
    const list = (await get<TemplateResultsResponse>(`templateResults/${template.id}`)).body;
    expect(list.templateTitle).toContain('Poll');
    expect(list.templateResults.map((r) => [r.pollId, r.average, r.answerCount]).sort()).toEqual([[first.id, 4, 2], [second.id, 1, 1]].sort());
    const ran = (await get<PollResultsResponse>(`templatePollResults/${template.accessKey}`)).body;
    expect(ran.items.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
    expect(ran.votesTotal).toBe(3);
    const viaTemplate = (await get<PollResultsResponse>(`pollTemplateResults/${second.id}`)).body;
    expect(viaTemplate.poll.participantsCount).toBe(1);
    expect((await get(`templateResults/${first.id}`)).res.status).toBe(404);
  });

  it('lists the quizzes, templates and groups for the generic page', async () => {
    const { res, body } = await get<ResultsIndexResponse>('pollResults');
    expect(res.status).toBe(200);
    expect(body.quizList.length).toBeGreaterThan(0);
    expect(body.templates.every((t) => t.isTemplate)).toBe(true);
    expect(Array.isArray(body.groups)).toBe(true);
  });
});
