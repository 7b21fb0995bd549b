import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import { eventFile, importEvent, type EventFile } from './admin-import';
import { call, startServer, type HttpResponse, type TestServer } from './harness';
import { accessToken } from './login-helpers';

// docs/http-cache.md "Kept for members": /webapp is the same for every member like the lobby;
// its agenda and My program are read for any member and the islands add the viewer's bookings
// once they run, so no attendee's bookings may ever be in a page.
const ADMIN_TOKEN = 'test-admin-token-webapp-page';
const HOST = 'smallconf.localhost';

const webappEvent = (): EventFile => {
  const file = eventFile('small.event.json');
  file['language'] = 'en';
  file['features'] = {
    ...file['features'], webAppTimeline: true, webAppNavigationAgenda: true, webAppProfile: true, stageTabAgenda: true, bookingsEnabled: true,
  };
  // The seat-limited workshop in the future, so it can be booked at any hour the test runs.
  file['sessions'][1] = { ...file['sessions'][1], start: '2030-05-20T10:00:00+02:00', end: '2030-05-20T11:00:00+02:00' };
  return file;
};

const sessionsOf = (info: MemberAgendaInfo): MemberSession[] => Object.values(info.agenda).flatMap((day) => Object.values(day).flat());
/** `isBooked` true anywhere in the page's props, or a user id inside a session's `userIds`. */
const hasAnyBooking = (body: string) => body.includes('isBooked&quot;:[0,true]') || /userIds&quot;:\[1,\[\[0,\d+\]/.test(body);

describe('the web app kept for the members of an event', () => {
  let server: TestServer;
  let eventId: number;
  let ada: string;
  let bob: string;
  let first: HttpResponse;

  const page = (path: string, token: string) => call(server, path, { host: HOST, headers: { cookie: `ep_session=${token}` } });
  const api = (path: string, token: string, init: { method?: string; body?: string } = {}) => call(server, `/api/liveEvent/${eventId}/${path}`, {
    host: HOST, ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN } });
    const file = webappEvent();
    eventId = await importEvent(server, ADMIN_TOKEN, file);
    ada = await accessToken(server, HOST, String(eventId), file['users'][0].email, file['users'][0].password);
    bob = await accessToken(server, HOST, String(eventId), file['users'][1].email, file['users'][1].password);
    // Ada books a session before anyone opens the web app: her booking must never be in a kept page.
    const agenda = (await api('liveGetAgendaInfo', ada)).json<MemberAgendaInfo>();
    const breakout = sessionsOf(agenda).find((s) => s.title === 'Breakout')!;
    const booked = await api('liveGetAgendaInfo/bookSession', ada, { method: 'POST', body: JSON.stringify({ EventId: eventId, SessionId: breakout.id }) });
    expect(booked.status, booked.body).toBe(200);
    first = await page('/webapp', ada);
  });
  afterAll(async () => { await server?.stop(); });

  it('renders the web app with the agenda read for any member: no booking in it, the same bytes for the next member', async () => {
    expect(first.status).toBe(200);
    expect(first.body.includes('Breakout')).toBe(true);
    expect(hasAnyBooking(first.body)).toBe(false);
    const next = await page('/webapp', bob);
    expect(next.headers['x-cache']).toBe('hit');
    expect(next.body === first.body).toBe(true);
  });

  it('renders the web app again after a booking, with the new seat count and still nobody\'s booking', async () => {
    const before = await page('/webapp', bob);
    expect(before.headers['x-cache']).toBe('hit');
    const agenda = (await api('liveGetAgendaInfo', bob)).json<MemberAgendaInfo>();
    const workshop = sessionsOf(agenda).find((s) => s.title === 'Workshop')!;
    const booked = await api('liveGetAgendaInfo/bookSession', bob, { method: 'POST', body: JSON.stringify({ EventId: eventId, SessionId: workshop.id }) });
    expect(booked.status, booked.body).toBe(200);
    const after = await page('/webapp', ada);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body.includes('seatsLeft&quot;:[0,19]')).toBe(true);
    expect(hasAnyBooking(after.body)).toBe(false);
  });

  it('keeps the web app opening on the agenda or the profile too, with nobody\'s bookings', async () => {
    for (const tab of ['agenda', 'profile']) {
      const own = await page(`/webapp?tab=${tab}`, ada);
      expect(own.status).toBe(200);
      expect(hasAnyBooking(own.body)).toBe(false);
      const again = await page(`/webapp?tab=${tab}`, bob);
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.body === own.body).toBe(true);
    }
  });

  it('sends a request without a live session to the login, kept web app or not', async () => {
    for (const cookie of ['ep_session=not-a-session', '']) {
      const refused = await call(server, '/webapp', { host: HOST, headers: cookie ? { cookie } : {} });
      expect(refused.status).toBe(302);
      expect(refused.headers['location']).toBe('/login');
    }
  });
});
