import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleSettings } from '~/contracts/console-settings';
import type { EventInfo } from '~/contracts/event-info';
import { eventFile, importEvent } from './admin-import';
import { newAttendee, type Attendee } from './attendee-factory';
import { heard as heardOn, imageForm, lastAudit as lastAuditOf, newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { accessToken, bearer } from './login-helpers';
import { json } from './member-helpers';
import { cookieOf } from './poll-results-helpers';
import { connect, type Client } from './realtime-helpers';
import { sharedNodes } from './shared-nodes';

type EventRef = { id: number; slug: string; host: string };

const brand = { branding: { primaryButtonColor: '#c02050', primaryButtonTextColor: '#ffffff', navbarColor: '#102030' }, liveBackgroundImage: null };

describe('console settings: organisers of the event only, validated, all or nothing, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let socket: Client;
  let send: Send;

  const read = async () => (await send('/api/console/settings', organiser.auth)).json<ConsoleSettings>();
  const lastAudit = () => lastAuditOf(send, organiser);
  const heard = (name: string, from: number) => heardOn(socket, name, from);
  const eventInfo = async () => (await call(server, '/api/liveEvent/getEventInfo', { host: event.host, headers: attendee.auth })).json<EventInfo>();
  const resultsLogin = async (password: string) => (await call(server, '/connect/poll', { host: event.host, ...json({ password }) })).json<{ isLoginSuccess: boolean }>().isLoginSuccess;
  const admissionLogin = async (password: string) => (await call(server, '/connect/participant', { host: event.host, ...json({ password }) })).json() !== false;
  const storedRow = () => f.db.kysely.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ capacity: 3, is_registration_open: true });
    send = sender(server, event.host);
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  const writes: [string, unknown][] = [
    ['/api/console/settings/features', { features: { lobbyAgenda: true } }],
    ['/api/console/settings/captions', { captions: { programCaption: 'Programme' } }],
    ['/api/console/settings/branding', brand],
    ['/api/console/settings/lobby-order', { ids: [] }],
    ['/api/console/settings/registration', { isOpen: false, capacity: null }],
    ['/api/console/settings/password', { kind: 'results', password: 'a-long-password' }],
    ['/api/console/settings/schedule', { timeZone: 'Europe/Oslo', start: '2026-06-01T09:00', end: '2026-06-02T17:00' }],
    ['/api/console/settings/two-factor', { on: true }],
  ];

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event), writing nothing', async () => {
    const before = await storedRow();
    for (const [path, body] of [['/api/console/settings', undefined] as [string, unknown], ...writes]) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    expect(await storedRow()).toEqual(before);
  });

  it('answers a bad input with 400 naming the field, and leaves the settings as they were', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/console/settings/features', { features: { lobbyAgenda: 'yes' } }, 'features.lobbyAgenda'],
      ['/api/console/settings/features', { features: { noSuchFlag: true } }, 'features.noSuchFlag'],
      ['/api/console/settings/captions', { captions: { programCaption: '<b>x</b>' } }, 'captions.programCaption'],
      ['/api/console/settings/branding', { branding: { navbarColor: 'red; background:url(x)' } }, 'branding.navbarColor'],
      ['/api/console/settings/branding', { ...brand, liveBackgroundImage: 'javascript:alert(1)' }, 'liveBackgroundImage'],
      ['/api/console/settings/branding', { ...brand, logoUrl: `https://${event.host}/api/liveEvent/x` }, 'logoUrl'],
      ['/api/console/settings/lobby-order', { ids: [999_999] }, 'ids'],
      ['/api/console/settings/registration', { isOpen: true, capacity: 0 }, 'capacity'],
      ['/api/console/settings/registration', { isOpen: 'yes', capacity: null }, 'isOpen'],
      ['/api/console/settings/password', { kind: 'results', password: 'short' }, 'password'],
      ['/api/console/settings/password', { kind: 'everything', password: 'a-long-password' }, 'kind'],
      ['/api/console/settings/schedule', { timeZone: 'Mars/Olympus', start: '2026-06-01T09:00', end: '2026-06-02T17:00' }, 'timeZone'],
      ['/api/console/settings/schedule', { timeZone: 'Europe/Oslo', start: '2026-02-31T09:00', end: '2026-06-02T17:00' }, 'start'],
      ['/api/console/settings/schedule', { timeZone: 'Europe/Oslo', start: '2026-06-02T09:00', end: '2026-06-01T17:00' }, 'end'],
      ['/api/console/settings/two-factor', { on: 1 }, 'on'],
    ];
    const before = await storedRow();
    for (const [path, body, field] of cases) {
      const res = await send(path, organiser.auth, body);
      expect([res.status, res.json<{ field?: string }>().field], `${path} ${JSON.stringify(body)}`).toEqual([400, field]);
    }
    expect(await storedRow()).toEqual(before);
  });

  it('changes the brand colour: audited, every screen told, the attendees\' event info has it at once, low contrast named', async () => {
    const from = socket.frames.length;
    const res = await send('/api/console/settings/branding', organiser.auth, {
      branding: { ...brand.branding, secondaryButtonColor: '#ffff00', secondaryButtonTextColor: '#ffffff' }, liveBackgroundImage: '/media/hall.jpg', logoUrl: '/media/logo.png',
    });
    expect(res.status, res.body).toBe(200);
    const body = res.json<ConsoleSettings & { contrast: { pair: string }[] }>();
    expect(body.branding).toEqual({ ...brand.branding, secondaryButtonColor: '#ffff00', secondaryButtonTextColor: '#ffffff', liveBackgroundImage: '/media/hall.jpg' });
    expect(body.contrast.map((c) => c.pair)).toEqual(['secondaryButtonText/secondaryButton']);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'settings.branding', target: 'settings', userId: organiser.id, after: expect.objectContaining({ primaryButtonColor: '#c02050', logoUrl: '/media/logo.png' }) as unknown });
    const info = await eventInfo();
    expect([info.branding.primaryButtonColor, info.logoUrl]).toEqual(['#c02050', '/media/logo.png']);
  });

  it('uploads the logo and the background picture by the upload rules, refusing what is not a picture and anyone but the organisers', async () => {
    const upload = (kind: string, bytes: Buffer, who = organiser.auth) => {
      const form = imageForm(bytes);
      return call(server, `/api/console/settings/picture/${kind}`, { method: 'POST', host: event.host, headers: { ...who, ...form.headers }, body: form.body });
    };
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#0b6e4f' } }).png().withMetadata({ exif: { IFD0: { Copyright: 'secret' } } }).toBuffer();
    expect((await upload('logo', png, attendee.auth)).status).toBe(403);
    expect((await upload('logo', png, stranger.auth)).status).toBe(403);
    const refused = await upload('logo', Buffer.from('<svg onload="alert(1)"/>'));
    expect([refused.status, refused.json<{ field?: string }>().field]).toEqual([400, 'image']);
    const badKind = await upload('favicon', png);
    expect([badKind.status, badKind.json<{ field?: string }>().field]).toEqual([400, 'kind']);

    const from = socket.frames.length;
    const logo = await upload('logo', png);
    expect(logo.status, logo.body).toBe(200);
    const { logoUrl } = logo.json<ConsoleSettings>();
    expect(logoUrl).toMatch(new RegExp(`^/api/asset/uploads/${event.id}/[0-9a-f]{32}\\.png$`));
    const served = await call(server, logoUrl!, { host: event.host });
    expect([(await sharp(served.bytes).metadata()).exif, (await sharp(served.bytes).metadata()).width]).toEqual([undefined, 800]);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'settings.branding', after: { logo: logoUrl } });
    const background = (await upload('background', png)).json<ConsoleSettings>();
    expect(background.branding.liveBackgroundImage).toMatch(/^\/api\/asset\/uploads\//);
    expect(background.branding.primaryButtonColor).toBe('#c02050');
    expect((await eventInfo()).logoUrl).toBe(logoUrl);
  });

  it('turns features on and off per flag, keeping the others, and the attendees\' event follows', async () => {
    await send('/api/console/settings/features', organiser.auth, { features: { lobbyAgenda: true, webAppNavigationAgenda: true } });
    const from = socket.frames.length;
    const res = await send('/api/console/settings/features', organiser.auth, { features: { webAppNavigationAgenda: false } });
    expect(res.json<ConsoleSettings>().features).toMatchObject({ lobbyAgenda: true, webAppNavigationAgenda: false });
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'settings.features', before: { webAppNavigationAgenda: true }, after: { webAppNavigationAgenda: false } });
    expect((await eventInfo()).features).toMatchObject({ lobbyAgenda: true, webAppNavigationAgenda: false });
  });

  it('keeps the capacity above the places taken (409 naming capacity, nothing written) and moves the waiting list up when it grows', async () => {
    for (const n of [1, 2, 3]) await f.db.kysely.insertInto('registrations').values({ event_id: event.id, user_id: (await newAttendee(f, event.id)).id, ticket_code: `T${event.id}-${n}`, ticket_key: `k${event.id}-${n}`, created_at: new Date().toISOString() }).execute();
    await f.db.kysely.insertInto('waiting_list').values({ event_id: event.id, email: `wait-${event.id}@example.org`, first_name: 'Wanda', last_name: 'Wait', company: '', job_title: '', phone: null, password_hash: null, is_hidden: false, terms_text: null, browser_hash: null, cancel_token_hash: `h${event.id}`, created_at: new Date().toISOString() }).execute();
    expect((await read()).registration).toEqual({ isOpen: true, capacity: 3, placesTaken: 3, waiting: 1 });

    const refused = await send('/api/console/settings/registration', organiser.auth, { isOpen: false, capacity: 2 });
    expect([refused.status, refused.json<{ error: string; field: string; placesTaken: number }>()]).toEqual([409, expect.objectContaining({ error: 'console.conflict', field: 'capacity', placesTaken: 3 })]);
    expect((await storedRow()).is_registration_open).toBe(true);

    const from = socket.frames.length;
    const res = await send('/api/console/settings/registration', organiser.auth, { isOpen: false, capacity: 4 });
    expect(res.status, res.body).toBe(200);
    expect(res.json<ConsoleSettings & { movedUp: number }>()).toMatchObject({ movedUp: 1, registration: { isOpen: false, capacity: 4, placesTaken: 4, waiting: 0 } });
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'settings.registration', before: { isOpen: true, capacity: 3 }, after: { isOpen: false, capacity: 4, movedUp: 1 } });
    expect((await eventInfo()).isRegistrationOpen).toBe(false);
  });

  it('stores the results and admission passwords hashed, refuses the old one after a change and ends its sessions', async () => {
    expect((await read()).passwords).toEqual({ results: false, admission: false });
    const set = await send('/api/console/settings/password', organiser.auth, { kind: 'results', password: 'first-results-pass' });
    expect(set.status, set.body).toBe(200);
    expect(set.json<ConsoleSettings>().passwords).toEqual({ results: true, admission: false });
    const row = await storedRow();
    expect(row.results_password_hash).not.toContain('first-results-pass');
    expect(row.results_password_hash).toMatch(/^scrypt\$/);
    const login = await call(server, '/connect/poll', { host: event.host, ...json({ password: 'first-results-pass' }) });
    const cookie = cookieOf(login, 'private_results_generic')!;
    expect(await admissionLogin('first-results-pass')).toBe(true);

    await send('/api/console/settings/password', organiser.auth, { kind: 'results', password: 'second-results-pass' });
    expect(await resultsLogin('first-results-pass')).toBe(false);
    expect(await resultsLogin('second-results-pass')).toBe(true);
    const ended = await call(server, `/api/liveEvent/${event.id}/pollResults`, { host: event.host, headers: { cookie } });
    expect(ended.status).toBe(401);
    expect(await lastAudit()).toMatchObject({ action: 'settings.password.results', before: { results: true }, after: { results: true } });
    expect(JSON.stringify(await lastAudit())).not.toContain('second-results-pass');

    await send('/api/console/settings/password', organiser.auth, { kind: 'admission', password: 'door-password-1' });
    expect(await admissionLogin('second-results-pass')).toBe(false);
    expect(await admissionLogin('door-password-1')).toBe(true);
    expect((await storedRow()).participants_password_hash).not.toContain('door-password-1');
  });

  it('puts the lobby sections in a new order, refusing a list that is not every section once', async () => {
    const ids: number[] = [];
    for (const [position, key] of ['banner', 'agenda', 'sponsors'].entries()) {
      const row = await f.db.kysely.insertInto('lobby_elements').values({ event_id: event.id, key, position, type: position + 1, category: null, options: JSON.stringify({ title: key }) })
        .returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [a, b, c] = ids as [number, number, number];
    expect((await read()).lobby.map((s) => s.title)).toEqual(['banner', 'agenda', 'sponsors']);
    for (const bad of [[a, b], [a, b, b], [a, b, c, 999_999]]) {
      const res = await send('/api/console/settings/lobby-order', organiser.auth, { ids: bad });
      expect([res.status, res.json<{ field?: string }>().field]).toEqual([400, 'ids']);
    }
    const from = socket.frames.length;
    const res = await send('/api/console/settings/lobby-order', organiser.auth, { ids: [c, a, b] });
    expect(res.json<ConsoleSettings>().lobby.map((s) => s.id)).toEqual([c, a, b]);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'settings.lobby', before: [a, b, c], after: [c, a, b] });
    expect((await eventInfo()).lobbyElements.map((e) => e.id)).toEqual([c, a, b]);
  });

  it('sets the time zone and dates from wall times, turns two-factor on and off, and sets captions', async () => {
    const schedule = await send('/api/console/settings/schedule', organiser.auth, { timeZone: 'America/New_York', start: '2026-06-01T09:00', end: '2026-06-02T17:30' });
    expect(schedule.json<ConsoleSettings>().schedule).toEqual({ timeZone: 'America/New_York', start: '2026-06-01T09:00', end: '2026-06-02T17:30' });
    expect(await storedRow()).toMatchObject({ time_zone: 'America/New_York', start_date: '2026-06-01T13:00:00.000Z', end_date: '2026-06-02T21:30:00.000Z' });

    expect((await send('/api/console/settings/two-factor', organiser.auth, { on: true })).json<ConsoleSettings>().twoFactor).toBe(true);
    expect((await eventInfo()).isTwoFactor).toBe(true);
    expect((await send('/api/console/settings/two-factor', organiser.auth, { on: false })).json<ConsoleSettings>().twoFactor).toBe(false);
    expect((await eventInfo()).features.twoFactorAuth).toBe(false);

    const captions = await send('/api/console/settings/captions', organiser.auth, { captions: { programCaption: 'Programme', usersCaption: '' } });
    expect(captions.json<ConsoleSettings>().captions).toEqual({ programCaption: 'Programme' });
    expect((await eventInfo()).captions).toEqual({ programCaption: 'Programme' });
    expect(await lastAudit()).toMatchObject({ action: 'settings.captions', after: { programCaption: 'Programme' } });
  });
});

// A change through one node is read on the other at once (PostgreSQL + Redis in CI).
const REDIS_URL = process.env['TEST_REDIS_URL'];
const ADMIN_TOKEN = 'test-admin-token-console-settings';
const HOST = 'smallconf.localhost';

describe.runIf(REDIS_URL)('console settings on two nodes', () => {
  const nodes = sharedNodes(REDIS_URL!, { ADMIN_TOKEN }, 'console-settings');

  it('shows a brand colour set through node A in node B\'s event info at once', async () => {
    const [a, b] = nodes();
    const eventId = await importEvent(a, ADMIN_TOKEN, eventFile('small.event.json'));
    const token = await accessToken(a, HOST, String(eventId), 'ada@example.org', 'ada-password');
    const colourOn = async (server: TestServer) =>
      (await call(server, '/api/liveEvent/getEventInfo', { host: HOST, headers: bearer(token) })).json<EventInfo>().branding.primaryButtonColor;
    expect(await colourOn(b)).not.toBe('#0b6e4f');
    const res = await sender(a, HOST)('/api/console/settings/branding', bearer(token), { branding: { primaryButtonColor: '#0b6e4f', primaryButtonTextColor: '#ffffff' } });
    expect(res.status, res.body).toBe(200);
    expect(await colourOn(b)).toBe('#0b6e4f');
  });
});
