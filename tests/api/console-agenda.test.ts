import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, MemberAgendaInfo } from '~/contracts/agenda';
import type { AuditPage } from '~/contracts/console';
import type { ConsoleAgenda, ConsoleAgendaChange } from '~/contracts/console-agenda';
import { wallTextAt } from '~/lib/zoned-time';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { newOrganiser } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, SHARED_ADMIN_TOKEN, type HttpResponse, type TestServer } from './harness';
import { connect, type Client } from './realtime-helpers';

type EventRef = { id: number; slug: string; host: string };

const ZONE = 'Europe/Oslo';
/** A day two days from now in the event's zone, as the form's wall time. */
const day = (plusDays: number) => wallTextAt(Date.now() + plusDays * 86_400_000, ZONE).slice(0, 10);

describe('console programme: sessions created, changed and deleted by the event\'s organisers', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendees: Attendee[];
  let stranger: Attendee;
  let speakers: number[];
  let room: number;
  let category: number;
  let socket: Client;

  const send = (method: string, path: string, who: Record<string, string>, body?: unknown): Promise<HttpResponse> => call(server, path, {
    method, host: event.host, headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const valid = (over: Record<string, unknown> = {}) => ({
    title: 'Fjords & cloud <b>costs</b>', description: '<p>Bring a <strong>laptop</strong></p><script>alert(1)</script>',
    start: `${day(2)}T10:00`, end: `${day(2)}T11:00`, trackId: room, categoryIds: [category], liveUrl: '/media/breakout/index.m3u8',
    seatLimit: 2, speakerIds: [speakers[1], speakers[0]], ...over,
  });
  const listed = async () => (await send('GET', '/api/console/agenda', organiser.auth)).json<ConsoleAgenda>();
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await send('POST', '/api/console/agenda/sessions', organiser.auth, valid(over));
    expect(res.status, res.body).toBe(200);
    return res.json<ConsoleAgendaChange>().session!;
  };
  const book = (who: Attendee, sessionId: number) => call(server, `/api/liveEvent/${event.slug}/liveGetAgendaInfo/bookSession`, {
    method: 'POST', host: event.host, headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify({ EventId: event.slug, SessionId: sessionId }),
  });
  const lastAudit = async () => (await send('GET', '/api/console/activity?limit=1', organiser.auth)).json<AuditPage>().entries[0];
  const agendaFrame = (since: number, sessionId: number) => socket.next((frame) => socket.frames.indexOf(frame) >= since && frame.type === 'event'
    && frame.name === 'agenda-change' && JSON.stringify(frame.data) === JSON.stringify({ sessionIds: [sessionId] }));

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ time_zone: ZONE, features: featuresOn('bookingsEnabled', 'stageTabAgenda') });
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendees = [await newAttendee(f, event.id), await newAttendee(f, event.id), await newAttendee(f, event.id)];
    stranger = await newOrganiser(f, other.id);
    speakers = [await f.newSpeaker(event.id, { first_name: 'Ada', last_name: 'Lovelace' }), await f.newSpeaker(event.id, { first_name: 'Grace', last_name: 'Hopper' })];
    room = await f.newTrack(event.id, { title: 'Room B' });
    category = await f.newCategory(event.id, { name: 'Workshop', category_type: 1 });
    socket = await connect(server, event.host, { token: attendees[0]!.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const sessionId = (await create()).id;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/console/agenda', undefined], ['POST', '/api/console/agenda/sessions', valid()],
      ['PUT', `/api/console/agenda/sessions/${sessionId}`, valid()], ['DELETE', `/api/console/agenda/sessions/${sessionId}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await send(method, path, {}, body)).status, path).toBe(401);
      const refused = await send(method, path, attendees[0]!.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], `${method} ${path}`).toEqual([403, 'console.forbidden']);
      const foreign = await send(method, path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], `${method} ${path}`).toEqual([403, 'auth.wrong_event']);
    }
    expect((await listed()).sessions.some((s) => s.id === sessionId)).toBe(true);
  });

  it('creates a session: wall times of the event\'s zone stored in UTC, description sanitised, speakers in order, a new key; audited and published', async () => {
    const since = socket.frames.length;
    const session = await create();
    expect(session).toMatchObject({
      title: 'Fjords & cloud <b>costs</b>', description: '<p>Bring a <strong>laptop</strong></p>', start: `${day(2)}T10:00`, end: `${day(2)}T11:00`,
      trackId: room, categoryIds: [category], liveUrl: '/media/breakout/index.m3u8', seatLimit: 2, speakerIds: [speakers[1], speakers[0]], booked: 0,
    });
    expect(session.key).toMatch(/^fjords-cloud-b-costs-b-[0-9a-f]{6}$/);
    expect(wallTextAt(session.startDate, ZONE)).toBe(`${day(2)}T10:00`);
    expect(session.startDate.endsWith('Z')).toBe(true);
    await agendaFrame(since, session.id);
    expect(await lastAudit()).toMatchObject({ action: 'agenda.create', target: `session:${session.id}`, userId: organiser.id });
    const agenda = (await call(server, `/api/liveEvent/${event.slug}/liveGetAgendaInfo`, { host: event.host, headers: attendees[1]!.auth })).json<MemberAgendaInfo>();
    const shown = Object.values(agenda.agenda).flatMap((d) => Object.values(d).flat()).find((s) => s.id === session.id);
    expect(shown).toMatchObject({ myAgendaSize: 2, seatsLeft: 2, speakers: [{ id: speakers[1] }, { id: speakers[0] }] });
  });

  it('answers a bad field with 400 naming it, and leaves the session as it was', async () => {
    const session = await create();
    const bad: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'title'], [{ description: 5 }, 'description'], [{ start: '2025-13-01T10:00' }, 'start'], [{ start: `${day(2)}T25:00` }, 'start'],
      [{ start: '2025-02-31T10:00' }, 'start'], [{ end: `${day(2)}T09:00` }, 'end'], [{ end: `${day(2)}T10:00` }, 'end'],
      [{ trackId: 999_999 }, 'trackId'], [{ categoryIds: [999_999] }, 'categoryIds'], [{ liveUrl: 'javascript:alert(1)' }, 'liveUrl'],
      [{ liveUrl: '/api/liveEvent/x/sendContactInfo/1' }, 'liveUrl'], [{ seatLimit: 0 }, 'seatLimit'], [{ seatLimit: 1.5 }, 'seatLimit'],
      [{ speakerIds: [999_999] }, 'speakerIds'], [{ speakerIds: [speakers[0], speakers[0]] }, 'speakerIds'],
    ];
    const foreignSpeaker = await f.newSpeaker(other.id);
    bad.push([{ speakerIds: [foreignSpeaker] }, 'speakerIds']);
    const auditBefore = await lastAudit();
    for (const [over, field] of bad) {
      for (const [method, path] of [['POST', '/api/console/agenda/sessions'], ['PUT', `/api/console/agenda/sessions/${session.id}`]] as const) {
        const res = await send(method, path, organiser.auth, valid({ title: 'Changed', ...over }));
        expect([res.status, res.json<{ field?: string }>().field], `${method} ${JSON.stringify(over)}`).toEqual([400, field]);
      }
    }
    expect((await listed()).sessions.find((s) => s.id === session.id)).toEqual(session);
    expect(await lastAudit()).toEqual(auditBefore);
    expect((await send('PUT', '/api/console/agenda/sessions/abc', organiser.auth, valid())).json()).toMatchObject({ field: 'sessionId' });
    const otherSession = await f.newSession(other.id);
    expect((await send('PUT', `/api/console/agenda/sessions/${otherSession}`, organiser.auth, valid())).status).toBe(404);
    expect((await send('DELETE', `/api/console/agenda/sessions/${otherSession}`, organiser.auth)).status).toBe(404);
  });

  it('keeps the seat limit at or above the seats booked: two attendees book a limit of 2, the third is refused, the limit cannot go to 1', async () => {
    const session = await create({ seatLimit: 2 });
    expect((await book(attendees[0]!, session.id)).status).toBe(200);
    expect((await book(attendees[1]!, session.id)).status).toBe(200);
    const third = await book(attendees[2]!, session.id);
    expect([third.status, third.json<{ error: string }>().error]).toEqual([409, 'booking.full']);
    const lowered = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, valid({ seatLimit: 1 }));
    expect(lowered.status).toBe(409);
    expect(lowered.json()).toMatchObject({ error: 'console.conflict', field: 'seatLimit', booked: 2 });
    expect(lowered.json<{ message: string }>().message).toContain('2 attendees have booked');
    expect((await listed()).sessions.find((s) => s.id === session.id)).toMatchObject({ seatLimit: 2, booked: 2 });
    const raised = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, valid({ seatLimit: 3 }));
    expect(raised.json<ConsoleAgendaChange>()).toMatchObject({ session: { seatLimit: 3, booked: 2 }, told: 0 });
    expect((await book(attendees[2]!, session.id)).status).toBe(200);
    const unlimited = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, valid({ seatLimit: null }));
    expect(unlimited.json<ConsoleAgendaChange>().session).toMatchObject({ seatLimit: null, booked: 3 });
  });

  it('moves a booked session only once the organiser saw how many booked it; they are told, and their programme and calendar follow', async () => {
    const session = await create({ seatLimit: null });
    await book(attendees[0]!, session.id);
    await book(attendees[1]!, session.id);
    const moved = valid({ seatLimit: null, start: `${day(3)}T14:00`, end: `${day(3)}T15:30` });
    const asked = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, moved);
    expect([asked.status, asked.json()]).toEqual([409, expect.objectContaining({ field: 'confirmBooked', booked: 2 })]);
    expect((await listed()).sessions.find((s) => s.id === session.id)!.start).toBe(`${day(2)}T10:00`);
    const since = socket.frames.length;
    const done = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, { ...moved, confirmBooked: true });
    expect(done.json<ConsoleAgendaChange>()).toMatchObject({ session: { start: `${day(3)}T14:00`, end: `${day(3)}T15:30` }, told: 2 });
    await agendaFrame(since, session.id);
    expect(await lastAudit()).toMatchObject({ action: 'agenda.update', target: `session:${session.id}` });
    const mine = (await call(server, `/api/liveEvent/${event.slug}/liveGetAgendaInfo/bookedSessions`, { host: event.host, headers: attendees[0]!.auth })).json<BookedSession[]>();
    expect(mine.find((s) => s.id === session.id)!.startDate).toBe(done.json<ConsoleAgendaChange>().session!.startDate);
    const ics = await call(server, `/api/liveEvent/${event.slug}/myProgram.ics`, { host: event.host, headers: attendees[0]!.auth });
    const utcStamp = done.json<ConsoleAgendaChange>().session!.startDate.replace(/[-:]|\.\d{3}/g, '');
    expect(ics.body).toContain(`DTSTART:${utcStamp}`);
    // Changing anything else than the times asks nothing.
    const renamed = await send('PUT', `/api/console/agenda/sessions/${session.id}`, organiser.auth, { ...moved, title: 'Renamed' });
    expect(renamed.json<ConsoleAgendaChange>()).toMatchObject({ session: { title: 'Renamed' }, told: 0 });
  });

  it('deletes a booked session with its bookings once the organiser saw how many booked it; they are told', async () => {
    const session = await create({ seatLimit: null });
    await book(attendees[2]!, session.id);
    const asked = await send('DELETE', `/api/console/agenda/sessions/${session.id}`, organiser.auth);
    expect([asked.status, asked.json()]).toEqual([409, expect.objectContaining({ field: 'confirmBooked', booked: 1 })]);
    const since = socket.frames.length;
    const done = await send('DELETE', `/api/console/agenda/sessions/${session.id}?confirmBooked=1`, organiser.auth);
    expect(done.json<ConsoleAgendaChange>()).toEqual({ session: null, told: 1 });
    await agendaFrame(since, session.id);
    expect(await lastAudit()).toMatchObject({ action: 'agenda.delete', target: `session:${session.id}`, before: expect.objectContaining({ booked: 1 }) });
    expect((await listed()).sessions.some((s) => s.id === session.id)).toBe(false);
    const mine = (await call(server, `/api/liveEvent/${event.slug}/liveGetAgendaInfo/bookedSessions`, { host: event.host, headers: attendees[2]!.auth })).json<BookedSession[]>();
    expect(mine.some((s) => s.id === session.id)).toBe(false);
    expect((await send('DELETE', `/api/console/agenda/sessions/${session.id}`, organiser.auth)).status).toBe(404);
  });

  it('gives a new session a key unique in the event, so the event file export matches it', async () => {
    const [a, b] = [await create({ title: 'Same title' }), await create({ title: 'Same title' })];
    expect(a.key).not.toBe(b.key);
    expect([a.key, b.key].every((key) => /^same-title-[0-9a-f]{6}$/.test(key))).toBe(true);
  });

  it('round-trips through the event file: the export names a new session by its key, and importing it back keeps the row and its bookings', async () => {
    const session = await create({ title: 'Round trip', seatLimit: null });
    await book(attendees[0]!, session.id);
    const admin = { authorization: `Bearer ${SHARED_ADMIN_TOKEN}` };
    const exported = await call(server, `/api/admin/events/${event.slug}/export`, { host: 'localhost', headers: admin });
    const file = exported.json<{ sessions: { key: string; title: string; speakers: string[] }[] }>();
    expect(file.sessions.find((s) => s.key === session.key)).toMatchObject({ title: 'Round trip', speakers: expect.any(Array) });
    const imported = await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers: { ...admin, 'content-type': 'application/json' }, body: exported.body });
    expect(imported.status, imported.body).toBe(200);
    expect((await listed()).sessions.find((s) => s.key === session.key)).toMatchObject({ id: session.id, title: 'Round trip', booked: 1 });
  });
});
