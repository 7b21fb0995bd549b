import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentView } from '~/contracts/console-present';
import type { EventInfo } from '~/contracts/event-info';
import type { LivePoll } from '~/contracts/polls';
import { newAttendee, type Attendee } from './attendee-factory';
import { newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { sharedServer, type TestServer } from './harness';

type EventRef = { id: number; slug: string; host: string };

let server: TestServer;
let f: Factories;
let event: EventRef;
let other: EventRef;
let organiser: Attendee;
let attendee: Attendee;
let send: Send;

beforeAll(async () => {
  server = await sharedServer();
  f = factories(server);
  event = await f.newEvent({ branding: JSON.stringify({ liveBackgroundImage: '/demo/stage-background.svg' }) });
  send = sender(server, event.host);
  other = await f.newEvent();
  organiser = await newOrganiser(f, event.id);
  attendee = await newAttendee(f, event.id);
});
afterAll(async () => { await f?.close(); await server?.stop(); });

describe('what attendees see of the console: the holding picture and Live now', () => {

  it('sends the holding picture in getEventInfo (null until set) beside the fields it had', async () => {
    const before = (await send('/api/liveEvent/getEventInfo', attendee.auth)).json<EventInfo>();
    expect(before).toMatchObject({ holdingImageUrl: null, branding: { liveBackgroundImage: '/demo/stage-background.svg' }, streamUrl: null });
    expect((await send('/api/console/stage/holding-image', organiser.auth, { holdingImageUrl: '/api/asset/uploads/1/holding.webp' })).status).toBe(200);
    const after = (await send('/api/liveEvent/getEventInfo', attendee.auth)).json<EventInfo>();
    expect(after.holdingImageUrl).toBe('/api/asset/uploads/1/holding.webp');
    expect(after.version).toBeGreaterThan(before.version);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before)].sort());
  });

  it('lists the open polls in livePolls and follows an organiser opening and closing one', async () => {
    const poll = await f.newPoll(event.id, { type: 0, isOpen: false, alternatives: [{ text: 'Yes' }] });
    const coded = await f.newPoll(event.id, { type: 4, code: '4321', alternatives: [{ text: 'Yes' }] });
    const path = `/api/liveEvent/${event.id}/livePolls`;
    const list = async () => (await send(path, attendee.auth)).json<LivePoll[]>();
    expect(await list()).toEqual([{ title: `Poll ${coded.accessKey}`, questionType: 4 }]);
    expect((await send(`/api/console/polls/${poll.id}/open`, organiser.auth, {})).status).toBe(200);
    expect(await list()).toContainEqual({ id: poll.id, title: `Poll ${poll.accessKey}`, questionType: 0, accessKey: poll.accessKey });
    expect((await send(`/api/console/polls/${poll.id}/close`, organiser.auth, {})).status).toBe(200);
    expect((await list()).some((p) => 'id' in p && p.id === poll.id)).toBe(false);
  });

  it('refuses livePolls without a session (401) and for another event\'s path (403)', async () => {
    expect((await send(`/api/liveEvent/${event.id}/livePolls`, {})).status).toBe(401);
    const wrong = await send(`/api/liveEvent/${other.id}/livePolls`, attendee.auth);
    expect([wrong.status, wrong.json<{ error: string }>().error]).toEqual([403, 'event.wrong_event']);
  });
});

describe('the projector: a quiz\'s leaderboard and an open-text poll\'s answers, for the event\'s organisers', () => {

  /** Stores an answer row as the polls service does (the quiz's own row carries the score). */
  const answer = async (pollId: number, userId: number, fields: { score?: number; freeText?: string; at: string; isHidden?: boolean; isSelected?: boolean }) => {
    await f.db.kysely.insertInto('poll_answers').values({
      poll_id: pollId, user_id: userId, template_id: null, free_text: fields.freeText ?? null, score: fields.score ?? null, comment: null,
      is_hidden: fields.isHidden ?? false, is_selected: fields.isSelected ?? false, created_at: fields.at,
    }).execute();
  };
  const named = async (first: string, isHidden = false) => {
    const person = await newAttendee(f, event.id);
    await f.db.kysely.updateTable('users').set({ first_name: first, last_name: 'Test', is_hidden: isHidden }).where('id', '=', person.id).execute();
    return person;
  };
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, second)).toISOString();

  it('ranks a quiz by most correct, then the earliest submission (no answer time for a poll whose opening is not known); ties share a place, hidden attendees keep theirs unnamed, organisers are left out', async () => {
    const quiz = await f.newPoll(event.id, { type: 2, items: [{ type: 0, alternatives: [{ text: 'A', correct: true }] }, { type: 0, alternatives: [{ text: 'B', correct: true }] }] });
    const empty = (await send(`/api/console/present/${quiz.id}`, organiser.auth)).json<PresentView>();
    expect(empty).toMatchObject({ kind: 'leaderboard', pollId: quiz.id, questions: 2, participants: 0, rows: [] });

    const [ada, bo, cy, hidden] = [await named('Ada'), await named('Bo'), await named('Cy'), await named('Hid', true)];
    await answer(quiz.id, bo.id, { score: 1, at: at(2) });
    await answer(quiz.id, cy.id, { score: 1, at: at(2) });
    await answer(quiz.id, ada.id, { score: 2, at: at(9) });
    await answer(quiz.id, hidden.id, { score: 0, at: at(1) });
    await answer(quiz.id, organiser.id, { score: 2, at: at(0) });
    const board = (await send(`/api/console/present/${quiz.id}`, organiser.auth)).json<PresentView>();
    expect(board).toMatchObject({ kind: 'leaderboard', participants: 4 });
    expect(board.kind === 'leaderboard' && board.rows.map((r) => [r.rank, r.name, r.correct])).toEqual([
      [1, 'Ada Test', 2], [2, 'Bo Test', 1], [2, 'Cy Test', 1], [4, null, 0],
    ]);
    expect(board.kind === 'leaderboard' && board.rows.every((r) => r.answerMs === null)).toBe(true);
  });

  it('ranks equal scores by answer time from the console\'s opening and gives it; closing keeps the round, a reset starts the next', async () => {
    const quiz = await f.newPoll(event.id, { type: 2, isOpen: false, items: [{ type: 0, alternatives: [{ text: 'A', correct: true }] }] });
    const openedAt = async () => (await f.db.kysely.selectFrom('polls').select('opened_at').where('id', '=', quiz.id).executeTakeFirstOrThrow()).opened_at;
    expect(await openedAt()).toBeNull();
    expect((await send(`/api/console/polls/${quiz.id}/open`, organiser.auth, {})).status).toBe(200);
    const opened = await openedAt();
    expect(opened).not.toBeNull();
    const after = (ms: number) => new Date(Date.parse(opened!) + ms).toISOString();
    const [slow, quick, best] = [await named('Slow'), await named('Quick'), await named('Best')];
    await answer(quiz.id, slow.id, { score: 1, at: after(12_340) });
    await answer(quiz.id, quick.id, { score: 1, at: after(4_050) });
    await answer(quiz.id, best.id, { score: 2, at: after(20_000) });
    const board = async () => {
      const view = (await send(`/api/console/present/${quiz.id}`, organiser.auth)).json<PresentView>();
      return view.kind === 'leaderboard' ? view.rows.map((r) => [r.rank, r.name, r.answerMs]) : [];
    };
    const ranked = [[1, 'Best Test', 20_000], [2, 'Quick Test', 4_050], [3, 'Slow Test', 12_340]];
    expect(await board()).toEqual(ranked);
    expect((await send(`/api/console/polls/${quiz.id}/close`, organiser.auth, {})).status).toBe(200);
    expect((await send(`/api/console/polls/${quiz.id}/open`, organiser.auth, {})).status).toBe(200);
    expect(await openedAt()).toBe(opened);
    expect(await board()).toEqual(ranked);
    expect((await send(`/api/console/polls/${quiz.id}/reset`, organiser.auth, {})).status).toBe(200);
    expect(Date.parse((await openedAt())!)).toBeGreaterThanOrEqual(Date.parse(opened!));
    expect((await send(`/api/console/polls/${quiz.id}/close`, organiser.auth, {})).status).toBe(200);
    expect((await send(`/api/console/polls/${quiz.id}/reset`, organiser.auth, {})).status).toBe(200);
    expect(await openedAt()).toBeNull();
  });

  it('shows an open-text poll\'s presented answer with its author and its visible answers newest first, never the hidden ones', async () => {
    const poll = await f.newPoll(event.id, { type: 1 });
    const [ada, hid] = [await named('Ada'), await named('Hid', true)];
    await answer(poll.id, ada.id, { freeText: 'Green', at: at(1), isSelected: true });
    await answer(poll.id, hid.id, { freeText: 'Rude', at: at(2), isHidden: true });
    await answer(poll.id, attendee.id, { freeText: 'Local food', at: at(3) });
    const wall = (await send(`/api/console/present/${poll.id}`, organiser.auth)).json<PresentView>();
    expect(wall).toMatchObject({ kind: 'openText', total: 2, presented: { text: 'Green', author: 'Ada Test' } });
    expect(wall.kind === 'openText' && wall.answers.map((a) => a.text)).toEqual(['Local food', 'Green']);
  });

  it('refuses attendees and another event\'s organiser (403) and no session (401); an unknown or another event\'s poll is 404, another kind 422, a bad id 400', async () => {
    const choice = await f.newPoll(event.id, { type: 0, alternatives: [{ text: 'Yes' }] });
    const foreign = await f.newPoll(other.id, { type: 2, items: [] });
    expect((await send(`/api/console/present/${choice.id}`, {})).status).toBe(401);
    const stranger = await newOrganiser(f, other.id);
    const elsewhere = await send(`/api/console/present/${foreign.id}`, stranger.auth);
    expect([elsewhere.status, elsewhere.json<{ error: string }>().error]).toEqual([403, 'auth.wrong_event']);
    const refused = await send(`/api/console/present/${choice.id}`, attendee.auth);
    expect([refused.status, refused.json<{ error: string }>().error]).toEqual([403, 'console.forbidden']);
    for (const id of [999999, foreign.id]) {
      const missing = await send(`/api/console/present/${id}`, organiser.auth);
      expect([missing.status, missing.json<{ error: string }>().error], String(id)).toEqual([404, 'poll.not_found']);
    }
    const wrong = await send(`/api/console/present/${choice.id}`, organiser.auth);
    expect([wrong.status, wrong.json<{ error: string; field: string }>()]).toEqual([422, expect.objectContaining({ error: 'console.wrong_kind', field: 'pollId' })]);
    const bad = await send('/api/console/present/abc', organiser.auth);
    expect([bad.status, bad.json<{ field: string }>().field]).toEqual([400, 'pollId']);
  });
});
