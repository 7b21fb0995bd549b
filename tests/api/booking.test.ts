import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession, BookingResult, MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const sessionsOf = (info: MemberAgendaInfo): MemberSession[] => Object.values(info.agenda).flatMap((day) => Object.values(day).flat());

describe('agenda for attendees and session booking', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let noBooking: { id: number; slug: string; host: string };
  let me: Attendee;
  let someone: Attendee;
  let stranger: Attendee;
  let limited: number;
  let open: number;
  let ended: number;
  let otherSession: number;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('bookingsEnabled', 'stageTabAgenda') });
    other = await f.newEvent({ features: featuresOn('bookingsEnabled', 'stageTabAgenda') });
    noBooking = await f.newEvent({ features: featuresOn('stageTabAgenda') });
    me = await newAttendee(f, event.id);
    someone = await newAttendee(f, event.id);
    stranger = await newAttendee(f, other.id);
    limited = await f.newSession(event.id, { title: 'Two seats', seat_limit: 2, start_date: inHours(2), end_date: inHours(3) });
    open = await f.newSession(event.id, { title: 'Open hall; all, welcome', subtitle: 'No limit', start_date: inHours(4), end_date: inHours(5) });
    ended = await f.newSession(event.id, { title: 'Yesterday', seat_limit: 5, start_date: inHours(-26), end_date: inHours(-25) });
    otherSession = await f.newSession(other.id, { title: 'Elsewhere', start_date: inHours(2), end_date: inHours(3) });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const api = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string; host?: string; slug?: string } = {}) =>
    call(server, `/api/liveEvent/${init.slug ?? event.slug}/${path}`, { host: init.host ?? event.host, ...init });
  const book = (who: Attendee, body: unknown, extra: { host?: string; slug?: string } = {}) =>
    api('liveGetAgendaInfo/bookSession', { method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body), ...extra });
  const cancel = (who: Attendee, id: number | string) => api(`liveGetAgendaInfo/${id}/bookSession`, { method: 'DELETE', headers: who.auth });

  describe('GET liveGetAgendaInfo', () => {
    it('needs a login', async () => {
      expect((await api('liveGetAgendaInfo')).status).toBe(401);
    });

    it('refuses a token of another event on this host with 403 (it is a session, not this event\'s)', async () => {
      expect((await api('liveGetAgendaInfo', { headers: stranger.auth })).status).toBe(403);
    });

    it('refuses a path naming another event (403) or none (404)', async () => {
      const wrong = await api('liveGetAgendaInfo', { headers: me.auth, slug: other.slug });
      expect(wrong.status).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'event.wrong_event' });
      expect((await api('liveGetAgendaInfo', { headers: me.auth, slug: 'nosuchevent' })).status).toBe(404);
    });

    it('names the bad filter field', async () => {
      const res = await api('liveGetAgendaInfo?category=abc', { headers: me.auth });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ field: 'category' });
    });

    it('shows seats left and only the caller\'s own booking, never other bookers', async () => {
      await book(someone, { EventId: event.id, SessionId: limited });
      const res = await api('liveGetAgendaInfo', { headers: me.auth });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const info = res.json<MemberAgendaInfo>();
      expect(info.isBookingEnabled).toBe(true);
      const session = sessionsOf(info).find((s) => s.id === limited);
      expect(session).toMatchObject({ seatsLeft: 1, isBooked: false, userIds: [] });
      expect(JSON.stringify(info)).not.toContain(`"userIds":[${someone.id}]`);
      const theirs = sessionsOf((await api('liveGetAgendaInfo', { headers: someone.auth })).json<MemberAgendaInfo>()).find((s) => s.id === limited);
      expect(theirs).toMatchObject({ isBooked: true, userIds: [someone.id], seatsLeft: 1 });
      await cancel(someone, limited);
    });
  });

  describe('POST liveGetAgendaInfo/bookSession', () => {
    it('needs a login', async () => {
      const res = await api('liveGetAgendaInfo/bookSession', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ EventId: event.id, SessionId: open }) });
      expect(res.status).toBe(401);
    });

    it('names a missing or malformed field', async () => {
      const missing = await book(me, { EventId: event.id });
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'request.invalid', field: 'SessionId' });
      expect((await book(me, { EventId: event.id, SessionId: 'x1' })).json()).toMatchObject({ field: 'SessionId' });
      expect((await book(me, { SessionId: open })).json()).toMatchObject({ field: 'EventId' });
      const notJson = await api('liveGetAgendaInfo/bookSession', { method: 'POST', headers: { ...me.auth, 'content-type': 'application/json' }, body: '{' });
      expect(notJson.status).toBe(400);
    });

    it('refuses an EventId or path of another event', async () => {
      const res = await book(me, { EventId: other.id, SessionId: open });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ error: 'event.wrong_event' });
      expect((await book(me, { EventId: event.id, SessionId: open }, { slug: other.slug })).status).toBe(403);
    });

    it('answers 404 for an unknown session and for another event\'s session', async () => {
      expect((await book(me, { EventId: event.id, SessionId: 999_999 })).json()).toMatchObject({ error: 'session.not_found' });
      const res = await book(me, { EventId: event.id, SessionId: otherSession });
      expect(res.status).toBe(404);
    });

    it('refuses a session that has ended with 422 booking.closed', async () => {
      const res = await book(me, { EventId: event.id, SessionId: ended });
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ error: 'booking.closed' });
    });

    it('refuses booking when the event has bookings off (403 booking.forbidden)', async () => {
      const guest = await newAttendee(f, noBooking.id);
      const session = await f.newSession(noBooking.id, { start_date: inHours(2), end_date: inHours(3) });
      const res = await book(guest, { EventId: noBooking.id, SessionId: session }, { host: noBooking.host, slug: noBooking.slug });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ error: 'booking.forbidden' });
    });

    it('books, is idempotent, accepts form fields and refuses when full with 409 booking.full', async () => {
      const first = await book(me, { EventId: String(event.id), SessionId: String(limited) });
      expect(first.status).toBe(200);
      expect(first.json<BookingResult>()).toEqual({ sessionId: limited, isBooked: true, seatsLeft: 1, overlaps: [] });
      const again = await book(me, { EventId: event.slug, SessionId: limited });
      expect(again.json<BookingResult>()).toEqual({ sessionId: limited, isBooked: true, seatsLeft: 1, overlaps: [] });
      const form = await api('liveGetAgendaInfo/bookSession', {
        method: 'POST', headers: { ...someone.auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ EventId: String(event.id), SessionId: String(limited) }).toString(),
      });
      expect(form.json<BookingResult>()).toEqual({ sessionId: limited, isBooked: true, seatsLeft: 0, overlaps: [] });
      const late = await newAttendee(f, event.id);
      const full = await book(late, { EventId: event.id, SessionId: limited });
      expect(full.status).toBe(409);
      expect(full.json()).toMatchObject({ error: 'booking.full', sessionId: limited, seatsLeft: 0 });
      // A booker of a full session still gets their own state back.
      expect((await book(me, { EventId: event.id, SessionId: limited })).status).toBe(200);
    });

    it('books unlimited sessions with seatsLeft null', async () => {
      expect((await book(me, { EventId: event.id, SessionId: open })).json<BookingResult>()).toEqual({ sessionId: open, isBooked: true, seatsLeft: null, overlaps: [] });
    });

    it('books a session that overlaps one already booked and names the one it overlaps', async () => {
      const early = await f.newSession(event.id, { title: 'Morning talk', start_date: inHours(30), end_date: inHours(31) });
      const clash = await f.newSession(event.id, { title: 'Parallel workshop', start_date: inHours(30.5), end_date: inHours(32) });
      const after = await f.newSession(event.id, { title: 'Right after', start_date: inHours(32), end_date: inHours(33) });
      const guest = await newAttendee(f, event.id);
      expect((await book(guest, { EventId: event.id, SessionId: early })).json<BookingResult>().overlaps).toEqual([]);
      const res = await book(guest, { EventId: event.id, SessionId: clash });
      expect(res.status).toBe(200);
      expect(res.json<BookingResult>()).toMatchObject({ isBooked: true, overlaps: [{ id: early, title: 'Morning talk' }] });
      // Ending as the next starts is no overlap.
      expect((await book(guest, { EventId: event.id, SessionId: after })).json<BookingResult>().overlaps).toEqual([]);
    });
  });

  describe('DELETE liveGetAgendaInfo/{id}/bookSession and the booked list', () => {
    it('lists the caller\'s booked sessions in start order', async () => {
      const res = await api('liveGetAgendaInfo/bookedSessions', { headers: me.auth });
      expect(res.status).toBe(200);
      const list = res.json<BookedSession[]>();
      expect(list.map((s) => s.id)).toEqual([limited, open]);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(['endDate', 'id', 'startDate', 'title']);
      expect((await api('liveGetAgendaInfo/bookedSessions')).status).toBe(401);
    });

    it('cancels, frees the seat and is idempotent', async () => {
      const res = await cancel(me, limited);
      expect(res.status).toBe(200);
      expect(res.json<BookingResult>()).toEqual({ sessionId: limited, isBooked: false, seatsLeft: 1 });
      expect((await cancel(me, limited)).json<BookingResult>()).toEqual({ sessionId: limited, isBooked: false, seatsLeft: 1 });
      expect((await api('liveGetAgendaInfo/bookedSessions', { headers: me.auth })).json<BookedSession[]>().map((s) => s.id)).toEqual([open]);
    });

    it('answers 400 for a bad id, 404 for unknown or foreign sessions, 422 after the end, 401 without login', async () => {
      const bad = await cancel(me, 'abc');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'id' });
      expect((await cancel(me, 999_999)).status).toBe(404);
      expect((await cancel(me, otherSession)).status).toBe(404);
      expect((await cancel(me, ended)).status).toBe(422);
      expect((await api(`liveGetAgendaInfo/${open}/bookSession`, { method: 'DELETE' })).status).toBe(401);
    });
  });

  describe('GET myProgram.ics', () => {
    it('downloads the caller\'s booked sessions as an escaped iCalendar file', async () => {
      const res = await api('myProgram.ics', { headers: me.auth });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/calendar');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${event.slug}-my-program.ics"`);
      expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(res.body).toContain('SUMMARY:Open hall\\; all\\, welcome\r\n');
      expect(res.body).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
      expect(res.body).toContain(`UID:session-${open}@`);
      expect(res.body).not.toContain('Two seats');
      expect((await api('myProgram.ics')).status).toBe(401);
    });

    it('gives an attendee with nothing booked the event\'s own days, never an empty calendar', async () => {
      const fresh = await newAttendee(f, event.id);
      const res = await api('myProgram.ics', { headers: fresh.auth });
      expect(res.status).toBe(200);
      expect(res.body.match(/BEGIN:VEVENT\r\n/g)).toHaveLength(1);
      expect(res.body).toContain('UID:event@');
      expect(res.body).toMatch(/DESCRIPTION:.+\r\n/);
    });
  });

  describe('GET sessions/{id}/documents', () => {
    it('lists a session\'s documents and 404s unknown or foreign sessions', async () => {
      const doc = await f.db.kysely.insertInto('documents').values({
        event_id: event.id, key: `doc-${Date.now()}`, name: 'Slides', file_url: '/docs/slides.pdf', preview_url: null,
        doc_type: 'pdf', sponsor_id: null, platforms: '["digital"]', uploaded_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow();
      await f.db.kysely.insertInto('document_sessions').values({ document_id: Number(doc.id), session_id: open }).execute();
      const res = await api(`sessions/${open}/documents`, { headers: me.auth });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ DocumentID: Number(doc.id), Name: 'Slides', Documentfile: '/docs/slides.pdf', docType: 'pdf', sessions: [open] })]);
      expect((await api(`sessions/${limited}/documents`, { headers: me.auth })).json()).toEqual([]);
      expect((await api(`sessions/${otherSession}/documents`, { headers: me.auth })).status).toBe(404);
      expect((await api('sessions/0/documents', { headers: me.auth })).status).toBe(400);
      expect((await api(`sessions/${open}/documents`)).status).toBe(401);
      expect((await api(`sessions/${open}/documents`, { headers: me.auth, slug: other.slug })).status).toBe(403);
    });
  });
});
