import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ConsolePoll } from '~/contracts/console';
import type { EditablePoll } from '~/contracts/console-polls';
import { newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { newOrganiser } from './console-helpers';
import { call, SHARED_ADMIN_TOKEN, sharedServer, type TestServer } from './harness';
import { connect, type Client } from './realtime-helpers';

type EventRef = { id: number; slug: string; host: string };
type Answer = { status: number; json: <T>() => T; body: string };

const choice = (title: string, texts = ['Yes', 'No', 'Maybe']) => ({ title, question: `${title}?`, questionType: 0, alternatives: texts.map((text) => ({ text })) });

describe('preparing polls in the console: create, edit, copy, delete, validated and audited', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;

  const send = (method: string, path: string, who: Record<string, string>, body?: unknown, host = event.host): Promise<Answer> => call(server, path, {
    method, host, headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const create = async (draft: unknown) => {
    const res = await send('POST', '/api/console/polls', organiser.auth, draft);
    expect(res.status, res.body).toBe(201);
    return res.json<EditablePoll>();
  };
  const vote = (poll: EditablePoll, index = 0) => send('POST', `/api/liveEvent/${event.id}/liveStorePollAnswer`, attendee.auth, { PollID: poll.id, QuestionType: poll.questionType, Alternatives: [poll.alternatives[index]!.id] });
  const lastAudit = async () => (await send('GET', '/api/console/activity?limit=1', organiser.auth)).json<AuditPage>().entries[0];
  const stored = (id: number) => send('GET', `/api/console/polls/${id}`, organiser.auth);

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent();
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403) and from another event\'s organiser (403)', async () => {
    const poll = await create(choice('Guarded'));
    const calls: [string, string, unknown][] = [
      ['POST', '/api/console/polls', choice('New')], ['GET', `/api/console/polls/${poll.id}`, undefined], ['PUT', `/api/console/polls/${poll.id}`, choice('Edited')],
      ['POST', `/api/console/polls/${poll.id}/copy`, {}], ['DELETE', `/api/console/polls/${poll.id}`, undefined], ['GET', '/api/console/polls/free-code', undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await send(method, path, {}, body)).status, path).toBe(401);
      const refused = await send(method, path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(method, path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    expect((await stored(poll.id)).json<EditablePoll>().title).toBe('Guarded');
  });

  it('names the field of a bad draft (400) and stores nothing', async () => {
    const before = (await send('GET', '/api/console/polls', organiser.auth)).json<ConsolePoll[]>().length;
    const bad: [unknown, string][] = [
      [{ ...choice('x'), title: '  ' }, 'title'],
      [{ ...choice('x'), questionType: 7 }, 'questionType'],
      [{ ...choice('x'), alternatives: [{ text: 'Only one' }] }, 'alternatives'],
      [{ ...choice('x'), alternatives: [{ text: 'A' }, { text: '' }] }, 'alternatives.1.text'],
      [{ ...choice('x'), alternatives: [{ text: 'A', color: 'red' }, { text: 'B' }] }, 'alternatives.0.color'],
      [{ title: 'Rate', questionType: 10 }, 'scale'],
      [{ title: 'Rate', questionType: 10, scale: 11 }, 'scale'],
      [{ title: 'Quiz', questionType: 2, items: [] }, 'items'],
      [{ title: 'Quiz', questionType: 2, items: [{ title: 'Q1', alternatives: [{ text: 'A' }, { text: 'B' }] }] }, 'items.0.alternatives'],
      [{ ...choice('Coded'), questionType: 4 }, 'code'],
      [{ ...choice('Coded'), questionType: 4, code: '12a4' }, 'code'],
    ];
    for (const [draft, field] of bad) {
      const res = await send('POST', '/api/console/polls', organiser.auth, draft);
      expect([res.status, res.json<{ field?: string }>().field], JSON.stringify(draft)).toEqual([400, field]);
    }
    expect((await send('PUT', '/api/console/polls/abc', organiser.auth, choice('x'))).json<{ field?: string }>().field).toBe('pollId');
    expect((await send('GET', '/api/console/polls', organiser.auth)).json<ConsolePoll[]>()).toHaveLength(before);
  });

  it('creates a poll opened at once that an attendee answers, audited and heard by open screens', async () => {
    const frames = socket.frames.length;
    const poll = await create({ ...choice('On the spot', ['Red', 'Green', 'Blue']), open: true });
    expect(poll).toMatchObject({ isOpen: true, answers: 0, alternatives: [{ text: 'Red' }, { text: 'Green' }, { text: 'Blue' }] });
    await socket.next((frame) => socket.frames.indexOf(frame) >= frames && frame.type === 'event' && frame.name === 'poll-change');
    expect(await lastAudit()).toMatchObject({ action: 'poll.create', target: `poll:${poll.id}`, userId: organiser.id });
    const live = (await send('GET', `/api/liveEvent/${event.id}/livePolls`, attendee.auth)).json<{ id?: number }[]>();
    expect(live.map((p) => p.id)).toContain(poll.id);
    expect((await vote(poll, 1)).status).toBe(200);
    expect((await stored(poll.id)).json<EditablePoll>().answers).toBe(1);
  });

  it('makes a rating poll from its scale and a quiz from its questions with their correct answers', async () => {
    const rating = await create({ title: 'Rate the keynote', questionType: 10, scale: 3 });
    expect(rating.alternatives.map((a) => [a.text, a.value])).toEqual([['1', 1], ['2', 2], ['3', 3]]);
    const quiz = await create({
      title: 'Fjords', questionType: 2,
      items: [{ title: 'Longest', alternatives: [{ text: 'Sognefjorden', isCorrect: true }, { text: 'Oslofjorden' }] }, { title: 'Deepest', alternatives: [{ text: 'A' }, { text: 'B', isCorrect: true }] }],
    });
    expect(quiz.items.map((i) => [i.title, i.alternatives.map((a) => a.isCorrect)])).toEqual([['Longest', [true, false]], ['Deepest', [false, true]]]);
  });

  it('refuses a code another poll has, offering a free one, and offers one to start with', async () => {
    await create({ ...choice('Room check'), questionType: 4, code: '4321' });
    const taken = await send('POST', '/api/console/polls', organiser.auth, { ...choice('Second room'), questionType: 4, code: '4321' });
    const refusal = taken.json<{ error: string; field: string; freeCode: string }>();
    expect([taken.status, refusal.error, refusal.field]).toEqual([409, 'poll.code_taken', 'code']);
    expect(refusal.freeCode).toMatch(/^\d{4}$/);
    expect(refusal.freeCode).not.toBe('4321');
    expect((await send('GET', '/api/console/polls/free-code', organiser.auth)).json<{ code: string }>().code).toMatch(/^\d{4}$/);
  });

  it('edits a poll without answers whole, and one with answers only in wording and colours (409 naming alternatives), leaving it as it was', async () => {
    const fresh = await create(choice('Fresh'));
    const edited = (await send('PUT', `/api/console/polls/${fresh.id}`, organiser.auth, {
      ...choice('Fresh, edited'), alternatives: [{ id: fresh.alternatives[1]!.id, text: 'No' }, { text: 'Later' }],
    })).json<EditablePoll>();
    expect(edited.alternatives.map((a) => a.text)).toEqual(['No', 'Later']);
    expect(edited.alternatives[0]!.id).toBe(fresh.alternatives[1]!.id);
    expect(await lastAudit()).toMatchObject({ action: 'poll.update', target: `poll:${fresh.id}` });

    const answered = await create({ ...choice('Answered'), open: true });
    expect((await vote(answered)).status).toBe(200);
    const same = answered.alternatives.map((a) => ({ id: a.id, text: a.text }));
    const relabelled = await send('PUT', `/api/console/polls/${answered.id}`, organiser.auth, {
      ...choice('Answered, reworded'), alternatives: same.map((a, i) => (i === 0 ? { ...a, text: 'Yes!', color: '#1a73e8' } : a)),
    });
    expect(relabelled.status, relabelled.body).toBe(200);
    expect(relabelled.json<EditablePoll>()).toMatchObject({ title: 'Answered, reworded', alternatives: [{ text: 'Yes!', color: '#1a73e8' }, {}, {}] });
    const locked = await send('PUT', `/api/console/polls/${answered.id}`, organiser.auth, { ...choice('Sneaky'), alternatives: [...same, { text: 'Fourth' }] });
    expect([locked.status, locked.json<{ error: string; field: string; answers: number }>()]).toEqual([409, expect.objectContaining({ error: 'poll.locked', field: 'alternatives', answers: 1 })]);
    expect((await stored(answered.id)).json<EditablePoll>()).toMatchObject({ title: 'Answered, reworded', answers: 1 });
    expect((await stored(answered.id)).json<EditablePoll>().alternatives).toHaveLength(3);
  });

  it('copies a poll as a new closed one without answers', async () => {
    const source = await create({ ...choice('Source'), open: true });
    expect((await vote(source)).status).toBe(200);
    const res = await send('POST', `/api/console/polls/${source.id}/copy`, organiser.auth, {});
    const copy = res.json<EditablePoll>();
    expect([res.status, copy.title, copy.isOpen, copy.answers, copy.alternatives.map((a) => a.text)]).toEqual([201, 'Source', false, 0, ['Yes', 'No', 'Maybe']]);
    expect(copy.id).not.toBe(source.id);
    expect(await lastAudit()).toMatchObject({ action: 'poll.copy', target: `poll:${copy.id}` });
  });

  it('deletes a poll without answers, and archives one with answers only when asked, its results still there', async () => {
    const empty = await create(choice('Empty'));
    expect((await send('DELETE', `/api/console/polls/${empty.id}`, organiser.auth)).json()).toEqual({ deleted: true, archived: false });
    expect((await stored(empty.id)).status).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'poll.delete', target: `poll:${empty.id}` });

    const answered = await create({ ...choice('Keep my results'), open: true });
    expect((await vote(answered)).status).toBe(200);
    const asked = await send('DELETE', `/api/console/polls/${answered.id}`, organiser.auth);
    expect([asked.status, asked.json<{ error: string; answers: number }>()]).toEqual([409, expect.objectContaining({ error: 'poll.locked', answers: 1 })]);
    expect((await stored(answered.id)).status).toBe(200);
    expect((await send('DELETE', `/api/console/polls/${answered.id}?archive=true`, organiser.auth)).json()).toEqual({ deleted: false, archived: true });
    expect(await lastAudit()).toMatchObject({ action: 'poll.archive', target: `poll:${answered.id}` });
    const listed = (await send('GET', '/api/console/polls', organiser.auth)).json<ConsolePoll[]>();
    expect(listed.map((p) => p.id)).not.toContain(answered.id);
    const row = await f.db.kysely.selectFrom('polls').select(['is_open', 'archived_at']).where('id', '=', answered.id).executeTakeFirstOrThrow();
    expect(Boolean(row.is_open)).toBe(false);
    expect(row.archived_at).not.toBeNull();
    expect(await f.db.kysely.selectFrom('poll_answers').select('id').where('poll_id', '=', answered.id).execute()).toHaveLength(1);
    expect((await send('POST', `/api/console/polls/${answered.id}/open`, organiser.auth, {})).status).toBe(404);
  });

  it('round-trips the polls made in the console through the event file into a fresh event, leaving an archived one out', async () => {
    const made = [
      await create({ ...choice('Trip choice', ['North', 'South']), publicResults: true }),
      await create({ title: 'Trip rating', questionType: 10, scale: 4 }),
      await create({ ...choice('Trip code', ['A', 'B']), questionType: 4, code: '9876' }),
      await create({ title: 'Trip quiz', questionType: 2, items: [{ title: 'Q', alternatives: [{ text: 'Right', isCorrect: true }, { text: 'Wrong' }] }] }),
    ];
    const archived = await create({ ...choice('Trip archived'), open: true });
    expect((await vote(archived)).status).toBe(200);
    expect((await send('DELETE', `/api/console/polls/${archived.id}?archive=true`, organiser.auth)).status).toBe(200);

    const admin = { authorization: `Bearer ${SHARED_ADMIN_TOKEN}` };
    const exported = await call(server, `/api/admin/events/${event.slug}/export`, { host: 'localhost', headers: admin });
    expect(exported.status).toBe(200);
    const file = exported.json<Record<string, unknown> & { polls: Record<string, unknown>[]; users: Record<string, unknown>[] }>();
    expect(file.polls.map((p) => p['title'])).not.toContain('Trip archived');
    // The copy is a new event: access keys and ticket codes are unique per server, so it gets its own.
    const slug = `${event.slug}-copy`;
    const copy = {
      ...file, slug,
      polls: file.polls.map((p) => ({ ...p, accessKey: undefined, items: (p['items'] as Record<string, unknown>[]).map((i) => ({ ...i, accessKey: undefined })) })),
      users: file.users.map((u) => ({ ...u, ticketCode: undefined, ticketKey: undefined })),
    };
    const imported = await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(copy) });
    expect(imported.status, imported.body).toBe(200);
    const copied = await f.db.kysely.selectFrom('events').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const shape = async (eventId: number) => {
      const polls = await f.db.kysely.selectFrom('polls').select(['id', 'title', 'question_type', 'code', 'is_public_results', 'parent_id'])
        .where('event_id', '=', eventId).where('archived_at', 'is', null).where('title', 'like', 'Trip%').orderBy('position').execute();
      const alternatives = await f.db.kysely.selectFrom('poll_alternatives').select(['poll_id', 'text', 'value', 'is_correct']).where('poll_id', 'in', polls.map((p) => p.id)).orderBy('poll_id').orderBy('position').execute();
      return polls.map((p) => ({
        title: p.title, type: p.question_type, code: p.code, publicResults: Boolean(p.is_public_results),
        alternatives: alternatives.filter((a) => a.poll_id === p.id).map((a) => [a.text, a.value, Boolean(a.is_correct)]),
      }));
    };
    expect(await shape(copied.id)).toEqual(await shape(event.id));
    expect((await shape(event.id)).map((p) => p.title)).toEqual(expect.arrayContaining(made.map((p) => p.title)));
  });
});
