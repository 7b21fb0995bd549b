import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsolePoll } from '~/contracts/console';
import type { ConsoleAgenda, ConsoleAgendaChange } from '~/contracts/console-agenda';
import type { EditablePoll } from '~/contracts/console-polls';
import type { ConsoleSpeaker, ConsoleSpeakerList } from '~/contracts/console-speakers';
import type { ConsoleAttendee, ConsoleSponsor, ConsoleSponsorList } from '~/contracts/console-sponsors';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { sharedNodes } from './shared-nodes';

/*
 * An event prepared in the console (docs/console.md "Preparing polls", "Programme", "Speakers and
 * sponsors"): what one node writes another reads at once, and the event file carries all of it.
 */

const ADMIN_TOKEN = 'test-admin-token-console-prepared';
const HOST = 'smallconf.localhost';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** The small event's people, rooms and categories, with nothing the console prepares: no polls, programme, speakers or sponsors. */
function bareEvent(): EventFile {
  const file = eventFile('small.event.json');
  for (const part of ['polls', 'sessions', 'speakers', 'sponsors', 'documents', 'timeline']) file[part] = [];
  file['lobbyElements'] = (file['lobbyElements'] as { type: number }[]).filter((element) => element.type !== 7);
  return file;
}

/** A JSON call as the organiser (a GET without a body). */
type Organiser = (method: string, path: string, body?: unknown) => Promise<HttpResponse>;

async function organiserOn(server: TestServer, eventId: number): Promise<Organiser> {
  const auth = bearer(await accessToken(server, HOST, String(eventId), 'ada@example.org', 'ada-password'));
  return (method, path, body) => call(server, path, {
    method, host: HOST, headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(answer: Promise<HttpResponse>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status, res.body).toBe(status);
  return res.json<T>();
}

const exportOf = async (server: TestServer): Promise<EventFile> =>
  ok<EventFile>(call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: admin }));

describe.runIf(process.env['TEST_REDIS_URL'])('the poll editor on two nodes (PostgreSQL + Redis in CI)', () => {
  const nodes = sharedNodes(process.env['TEST_REDIS_URL']!, { ADMIN_TOKEN }, 'console-poll-editor');

  it('reads on node B at once each poll node A creates, changes, copies, opens and deletes', async () => {
    const [a, b] = nodes();
    const eventId = await importEvent(a, ADMIN_TOKEN, bareEvent());
    const [onA, onB] = [await organiserOn(a, eventId), await organiserOn(b, eventId)];
    const listedOnB = async () => (await ok<ConsolePoll[]>(onB('GET', '/api/console/polls'))).map((p) => [p.title, p.isOpen]);
    expect(await listedOnB()).toEqual([]);

    const made = await ok<EditablePoll>(onA('POST', '/api/console/polls', { title: 'Lunch', questionType: 0, alternatives: [{ text: 'Soup' }, { text: 'Salad' }] }), 201);
    expect(await listedOnB()).toEqual([['Lunch', false]]);
    expect((await ok<EditablePoll>(onB('GET', `/api/console/polls/${made.id}`))).alternatives.map((x) => x.text)).toEqual(['Soup', 'Salad']);

    const draft = { title: 'Lunch today', questionType: 0, alternatives: [{ id: made.alternatives[1]!.id, text: 'Salad' }, { id: made.alternatives[0]!.id, text: 'Soup' }, { text: 'Pizza' }] };
    await ok(onA('PUT', `/api/console/polls/${made.id}`, draft));
    const changed = await ok<EditablePoll>(onB('GET', `/api/console/polls/${made.id}`));
    expect([changed.title, changed.alternatives.map((x) => x.text)]).toEqual(['Lunch today', ['Salad', 'Soup', 'Pizza']]);

    const copy = await ok<EditablePoll>(onA('POST', `/api/console/polls/${made.id}/copy`, {}), 201);
    await ok(onA('POST', `/api/console/polls/${made.id}/open`, {}));
    expect(await listedOnB()).toEqual(expect.arrayContaining([['Lunch today', true], [copy.title, false]]));
    // An attendee's live polls on node B list the opened poll.
    const bob = bearer(await accessToken(b, HOST, String(eventId), 'bob@example.org', 'bob-password'));
    const live = await call(b, `/api/liveEvent/${eventId}/livePolls`, { host: HOST, headers: bob });
    expect(live.status, live.body).toBe(200);
    expect(live.body).toContain('Lunch today');

    expect((await onA('DELETE', `/api/console/polls/${copy.id}`)).status).toBe(200);
    expect((await onB('GET', `/api/console/polls/${copy.id}`)).status).toBe(404);
    expect(await listedOnB()).toEqual([['Lunch today', true]]);
  });
});

describe('an event prepared only in the console, exported and imported into a fresh server', () => {
  let first: TestServer;
  let fresh: TestServer;
  beforeAll(async () => { [first, fresh] = await Promise.all([startServer({ env: { ADMIN_TOKEN } }), startServer({ env: { ADMIN_TOKEN } })]); });
  afterAll(async () => { await Promise.all([first?.stop(), fresh?.stop()]); });

  it('is the same event: its file, and what the console reads of its polls, programme, speakers and sponsors', async () => {
    const eventId = await importEvent(first, ADMIN_TOKEN, bareEvent());
    const send = await organiserOn(first, eventId);

    const speakers = await ok<ConsoleSpeakerList>(send('GET', '/api/console/speakers'));
    const keynoters = speakers.categories.find((c) => c.name === 'Keynote speakers')!.id;
    const katherine = await ok<ConsoleSpeaker>(send('POST', '/api/console/speakers', {
      firstName: 'Katherine', lastName: 'Johnson', jobTitle: 'Mathematician', company: 'NASA', description: '<p>Orbits <b>by hand</b></p>',
      links: [{ type: 'Web', url: 'https://example.org/katherine' }], categoryIds: [keynoters],
    }));
    const dorothy = await ok<ConsoleSpeaker>(send('POST', '/api/console/speakers', { firstName: 'Dorothy', lastName: 'Vaughan' }));
    await ok(send('POST', '/api/console/speakers/order', { ids: [dorothy.id, katherine.id] }));

    const sponsors = await ok<ConsoleSponsorList>(send('GET', '/api/console/sponsors'));
    const [bob] = await ok<ConsoleAttendee[]>(send('GET', '/api/console/sponsors/attendees?search=bob'));
    await ok<ConsoleSponsor>(send('POST', '/api/console/sponsors', {
      name: 'Fjord Robotics', categoryIds: [sponsors.levels[0]!.id], description: '<p>Robots</p>', contactIds: [bob!.id],
      meetingRoom: { name: 'Booth', url: 'https://whereby.com/fjord' }, leadForm: false,
    }));
    await ok<ConsoleSponsor>(send('POST', '/api/console/sponsors', { name: 'Nordlys AS' }));

    const agenda = await ok<ConsoleAgenda>(send('GET', '/api/console/agenda'));
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await ok<ConsoleAgendaChange>(send('POST', '/api/console/agenda/sessions', {
      title: 'Orbits', description: '<p>How <em>orbits</em> are computed</p>', start: `${day}T10:00`, end: `${day}T11:00`,
      trackId: agenda.rooms[0]!.id, categoryIds: [agenda.categories[0]!.id], seatLimit: 2, speakerIds: [katherine.id, dorothy.id],
    }));
    await ok<ConsoleAgendaChange>(send('POST', '/api/console/agenda/sessions', {
      title: 'Closing', start: `${day}T16:00`, end: `${day}T16:30`, liveUrl: '/media/breakout/index.m3u8', speakerIds: [dorothy.id],
    }));

    const polls = [
      { title: 'Lunch', question: 'What for lunch?', questionType: 0, alternatives: [{ text: 'Soup', color: '#aa3300' }, { text: 'Salad' }], publicResults: true, commentsEnabled: true },
      { title: 'Open words', questionType: 1 },
      { title: 'Rate the day', questionType: 10, scale: 5 },
      { title: 'Door code', questionType: 4, code: '4711', alternatives: [{ text: 'In' }, { text: 'Out' }] },
      { title: 'Space quiz', questionType: 2, items: [{ title: 'First orbit', alternatives: [{ text: '1961', isCorrect: true }, { text: '1971' }] }, { title: 'Moon', alternatives: [{ text: '1969', isCorrect: true }, { text: '1959' }] }] },
      { title: 'Hunt', questionType: 3, items: [{ title: 'Find the booth', alternatives: [{ text: 'Found', isCorrect: true }, { text: 'Not yet' }] }] },
      { title: 'Coded quiz', questionType: 5, code: '2468', items: [{ title: 'Capital', alternatives: [{ text: 'Oslo', isCorrect: true }, { text: 'Bergen' }] }] },
    ];
    for (const poll of polls) await ok<EditablePoll>(send('POST', '/api/console/polls', poll), 201);

    const file = await exportOf(first);
    const copyId = await importEvent(fresh, ADMIN_TOKEN, file);
    // The fresh server's export is the file it was given.
    expect(await exportOf(fresh)).toEqual(file);
    expect(file['polls'].map((p: { title: string }) => p.title)).toEqual(polls.map((p) => p.title));

    // And the console reads the same on both, but for the rows' ids.
    const again = await organiserOn(fresh, copyId);
    const shape = async (server: Organiser) => {
      const read = async (path: string) => withoutIds((await server('GET', path)).json<unknown>());
      const pollList = (await server('GET', '/api/console/polls')).json<ConsolePoll[]>();
      const editable = await Promise.all(pollList.map(async (p) => withoutIds((await server('GET', `/api/console/polls/${p.id}`)).json<unknown>())));
      return { speakers: await read('/api/console/speakers'), sponsors: await read('/api/console/sponsors'), agenda: await read('/api/console/agenda'), polls: editable };
    };
    const [before, after] = [await shape(send), await shape(again)];
    expect(after).toEqual(before);
    expect(JSON.stringify(before)).toContain('Fjord Robotics');
  });
});

/** A console answer with every id, and every list of ids, left out: rows of a fresh server number anew. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !/(^id$|Id$|Ids$)/.test(key)).map(([key, inner]) => [key, withoutIds(inner)]));
  }
  return value;
}
