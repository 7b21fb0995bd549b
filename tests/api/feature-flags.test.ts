import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { chatApi } from './chat-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type HttpResponse, type TestServer } from './harness';

type TestEvent = { id: number; slug: string; host: string };

/*
 * A feature that is off for the caller's platform refuses every one of its calls with 403
 * `<domain>.forbidden`, not only the screens that hide it (docs/security.md, "Who may call what").
 * The platform is the `platform` parameter, else the calling page: a path with webapp, or a
 * sponsor page opened from the web app, is the web app.
 */
describe('feature flags are enforced on every call', () => {
  let server: TestServer;
  let f: Factories;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** A chat between `a` and `b` written straight into the database (as one made before the flags went off). */
  async function existingChat(eventId: number, a: Attendee, b: Attendee): Promise<number> {
    const now = new Date().toISOString();
    const chat = await f.db.kysely.insertInto('chats').values({ event_id: eventId, pair_key: `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`, created_at: now, last_message_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await f.db.kysely.insertInto('chat_members').values([{ chat_id: chat.id, user_id: a.id }, { chat_id: chat.id, user_id: b.id }]).execute();
    return Number(chat.id);
  }

  it('refuses every chat call with 403 when every chat flag is off', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabParticipants') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const chat = chatApi(server, event);
    const chatId = await existingChat(event.id, a, b);
    const answers = {
      list: await chat.list(a), create: await chat.create(a, b.id), support: await chat.support(a),
      send: await chat.post(a, chatId, 'Hello?'), history: await chat.history(a, chatId), read: await chat.read(a, chatId),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.status, `${name}: ${res.body}`).toBe(403);
    expect(await f.db.kysely.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).execute()).toEqual([]);
  });

  it('decides chat by the caller\'s platform: stage chat on, web app chat off', async () => {
    const event = await f.newEvent({ features: featuresOn('stageChatEnabled') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const create = (platform: string) => call(server, `/api/liveEvent/${event.id}/chat?platform=${platform}`, {
      host: event.host, method: 'POST', headers: { ...a.auth, 'content-type': 'application/json' }, body: JSON.stringify({ userId: b.id }),
    });
    expect((await create('webApp')).status).toBe(403);
    expect((await create('digital')).status).toBe(200);
    const fromWebApp = await call(server, `/api/liveEvent/${event.id}/chat`, { host: event.host, headers: { ...a.auth, referer: `http://${event.host}/webapp` } });
    expect(fromWebApp.status).toBe(403);
  });

  it('refuses the participant lookups (participants/{ids}, participant/{id}, users/online) when nobody is listed', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabTimeline') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const get = (path: string) => call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: a.auth });
    for (const path of [`participants/${a.id},${b.id}`, `participant/${b.id}`, 'users/online', 'users', 'users/count']) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.body}`).toBe(403);
      expect(res.body).not.toContain('Attendee');
    }
    expect((await get(`participant/${a.id}`)).status).toBe(200);
  });

  it('refuses groups and publicGroups when nobody is listed, and answers them where the participant list is on', async () => {
    const off = await f.newEvent({ features: featuresOn('stageTabTimeline') });
    const on = await f.newEvent({ features: featuresOn('lobbyParticipantList') });
    for (const [event, status] of [[off, 403], [on, 200]] as const) {
      const a = await newAttendee(f, event.id);
      for (const path of ['groups', 'publicGroups']) {
        const res = await call(server, `/api/liveEvent/${event.id}/${path}`, { host: event.host, headers: a.auth });
        expect(res.status, `${path}: ${res.body}`).toBe(status);
      }
    }
  });

  it('refuses the public lead form where sponsors or the sponsor contact part are off, and stores no lead', async () => {
    const lead = { firstName: 'Lea', lastName: 'Lead', company: 'Co', email: 'lea@example.org', description: 'Tell me more' };
    for (const features of [featuresOn('sponsorContact'), featuresOn('lobbySponsors')]) {
      const event = await f.newEvent({ features });
      const sponsor = await newSponsor(event.id);
      const posted = await call(server, `/api/liveEvent/${event.id}/sponsors/${sponsor}/contactForm`, {
        host: event.host, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lead),
      });
      expect(posted.status, posted.body).toBe(403);
      expect((await call(server, `/sponsor/${sponsor}/contactForm`, { host: event.host })).status).toBe(404);
      expect(await f.db.kysely.selectFrom('sponsor_leads').select('id').where('sponsor_id', '=', sponsor).execute()).toEqual([]);
    }
    const event = await f.newEvent({ features: featuresOn('lobbySponsors', 'sponsorContact') });
    const sponsor = await newSponsor(event.id);
    const posted = await call(server, `/api/liveEvent/${event.id}/sponsors/${sponsor}/contactForm`, {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(lead),
    });
    expect(posted.status, posted.body).toBe(200);
  });

  it('answers the same lookups where the participant list is on', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabParticipants') });
    const [a, b] = [await newAttendee(f, event.id), await newAttendee(f, event.id)];
    const res = await call(server, `/api/liveEvent/${event.id}/participants/${a.id},${b.id}`, { host: event.host, headers: a.auth });
    expect(res.status).toBe(200);
    expect(res.json<{ UserID: number }[]>().map((p) => p.UserID).sort()).toEqual([a.id, b.id].sort());
  });

  const WEB_APP = { referer: 'http://x/webapp' };
  const STAGE = { referer: 'http://x/stage' };

  function api(event: TestEvent, who: Attendee) {
    return (path: string, headers: Record<string, string> = {}, init: { method?: string; body?: unknown } = {}) =>
      call(server, `/api/liveEvent/${event.id}/${path}`, {
        host: event.host, method: init.method ?? 'GET',
        headers: { ...who.auth, ...headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
  }

  function expectRefused(answers: Record<string, HttpResponse>, code: string): void {
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, `${name}: ${res.body}`).toBe(403);
      expect(res.json<{ error: string }>().error, name).toBe(code);
    }
  }

  function expectAnswered(answers: Record<string, HttpResponse>): void {
    for (const [name, res] of Object.entries(answers)) expect(res.status, `${name}: ${res.body}`).toBe(200);
  }

  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  async function newDocument(eventId: number, fields: { sponsorId?: number; sessionId?: number } = {}): Promise<number> {
    const row = await f.db.kysely.insertInto('documents').values({
      event_id: eventId, key: `doc-${randomBytes(4).toString('hex')}`, name: 'Slides', file_url: '/docs/slides.pdf', preview_url: null,
      doc_type: 'pdf', sponsor_id: fields.sponsorId ?? null, platforms: '["digital","webApp"]', uploaded_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    if (fields.sessionId !== undefined) await f.db.kysely.insertInto('document_sessions').values({ document_id: Number(row.id), session_id: fields.sessionId }).execute();
    return Number(row.id);
  }

  async function newSponsor(eventId: number): Promise<number> {
    return Number((await f.db.kysely.insertInto('sponsors').values({
      event_id: eventId, key: `sp-${randomBytes(4).toString('hex')}`, name: 'Acme', position: 0, links: '[]', email: 'sales@acme.example',
    }).returning('id').executeTakeFirstOrThrow()).id);
  }

  it('refuses the agenda, booking and session documents where the agenda is off for the platform, and answers where on', async () => {
    const event = await f.newEvent({ features: featuresOn('stageTabAgenda', 'bookingsEnabled') });
    const session = await f.newSession(event.id, { start_date: inHours(2), end_date: inHours(3) });
    await newDocument(event.id, { sessionId: session });
    const me = await newAttendee(f, event.id);
    const get = api(event, me);
    const calls = (from: Record<string, string>) => ({
      agenda: () => get('liveGetAgendaInfo', from), booked: () => get('liveGetAgendaInfo/bookedSessions', from),
      book: () => get('liveGetAgendaInfo/bookSession', from, { method: 'POST', body: { EventId: event.id, SessionId: session } }),
      calendar: () => get('myProgram.ics', from), documents: () => get(`sessions/${session}/documents`, from),
    });
    const web = calls(WEB_APP);
    expectRefused({
      agenda: await web.agenda(), booked: await web.booked(), book: await web.book(), calendar: await web.calendar(), documents: await web.documents(),
      cancel: await get(`liveGetAgendaInfo/${session}/bookSession`, WEB_APP, { method: 'DELETE' }),
    }, 'agenda.forbidden');
    expect(await f.db.kysely.selectFrom('session_bookings').select('user_id').where('session_id', '=', session).execute()).toEqual([]);

    const stage = calls(STAGE);
    expectAnswered({ agenda: await stage.agenda(), book: await stage.book(), calendar: await stage.calendar(), documents: await stage.documents() });
    expect((await stage.booked()).json<{ id: number }[]>().map((s) => s.id)).toEqual([session]);
    // The lobby's agenda counts for the digital platform as the stage's does.
    const lobbyOnly = await f.newEvent({ features: featuresOn('lobbyAgenda') });
    expect((await api(lobbyOnly, await newAttendee(f, lobbyOnly.id))('liveGetAgendaInfo', { referer: 'http://x/' })).status).toBe(200);
  });

  it('refuses documents where they are off for the platform, and answers where on', async () => {
    const event = await f.newEvent({ features: featuresOn('webAppNavigationDocuments') });
    const id = await newDocument(event.id);
    const get = api(event, await newAttendee(f, event.id));
    expectRefused({
      list: await get('getAllDocuments?platform=digital'), one: await get(`documents/${id}`, STAGE), mail: await get('sendAllDocuments', STAGE),
    }, 'document.forbidden');
    expectAnswered({ list: await get('getAllDocuments?platform=webApp'), one: await get(`documents/${id}`, WEB_APP), mail: await get('sendAllDocuments', WEB_APP) });
  });

  it('refuses information pages where they are off for the platform, also after the web app\'s list was kept', async () => {
    const event = await f.newEvent({ features: featuresOn('webAppNavigationInfoPages') });
    const page = await f.db.kysely.insertInto('info_pages').values({
      event_id: event.id, key: 'venue', heading: 'Venue', body: '<p>Hall A</p>', category: null, platforms: '["digital","webApp"]', position: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const get = api(event, await newAttendee(f, event.id));
    // The list is kept for every member (docs/http-cache.md): the first one kept is the web app's.
    expectAnswered({ list: await get('getInfoPages', WEB_APP), again: await get('getInfoPages', WEB_APP), page: await get(`getPage/${page.id}`, WEB_APP) });
    expectRefused({ list: await get('getInfoPages', STAGE), page: await get(`getPage/${page.id}`, STAGE), asked: await get('getInfoPages?platform=digital') }, 'page.forbidden');
  });

  it('refuses every sponsor call where sponsors are off for the platform the sponsor page was opened from, and a tab whose flag is off', async () => {
    const event = await f.newEvent({ features: featuresOn('lobbySponsors', 'sponsorPolls', 'sponsorUsers', 'sponsorDocumentsTab', 'sponsorWherebyRooms') });
    const sponsor = await newSponsor(event.id);
    const get = api(event, await newAttendee(f, event.id));
    const calls = async (from: Record<string, string>) => ({
      list: await get('sponsors', from), one: await get(`sponsors/${sponsor}`, from), categories: await get('sponsors/categories', from),
      users: await get(`sponsors/${sponsor}/users`, from), polls: await get(`sponsors/${sponsor}/polls`, from),
      quizzes: await get(`sponsors/${sponsor}/quizzes`, from), documents: await get(`sponsors/${sponsor}/documents`, from),
      rooms: await get(`sponsors/${sponsor}/wherebyRooms`, from),
    });
    expectRefused(await calls({ referer: `http://x/sponsor/${sponsor}?from=webapp` }), 'sponsor.forbidden');
    expectRefused(await calls(WEB_APP), 'sponsor.forbidden');
    expectAnswered(await calls({ referer: `http://x/sponsor/${sponsor}?from=lobby` }));
    // The contact tab (sponsorContact) is off on every platform.
    expectRefused({
      info: await get(`sendContactInfo/${sponsor}`, STAGE),
      message: await get('sendContactMessage', STAGE, { method: 'POST', body: { SponsorId: String(sponsor), Message: 'Hello there' } }),
    }, 'sponsor.forbidden');
    expect(await f.db.kysely.selectFrom('sponsor_leads').select('id').where('sponsor_id', '=', sponsor).execute()).toEqual([]);
  });

  it('refuses a sponsor\'s poll where its sponsor page\'s polls are off, and keeps the event\'s own polls open', async () => {
    const choices = [{ text: 'Yes' }, { text: 'No' }];
    const vote = (get: ReturnType<typeof api>, poll: { id: number; alternatives: number[] }) =>
      get('liveStorePollAnswer', STAGE, { method: 'POST', body: { PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[0]] } });

    const off = await f.newEvent({ features: featuresOn('stageTabSponsors') });
    const offPoll = await f.newPoll(off.id, { type: 0, alternatives: choices, sponsorId: await newSponsor(off.id) });
    const own = await f.newPoll(off.id, { type: 0, alternatives: choices });
    const get = api(off, await newAttendee(f, off.id));
    expectRefused({ read: await get(`liveGetPoll/${offPoll.id}/0`, STAGE), vote: await vote(get, offPoll) }, 'sponsor.forbidden');
    expect(await f.db.kysely.selectFrom('poll_answers').select('id').where('poll_id', '=', offPoll.id).execute()).toEqual([]);
    expectAnswered({ read: await get(`liveGetPoll/${own.id}/0`, STAGE), vote: await vote(get, own) });

    const on = await f.newEvent({ features: featuresOn('stageTabSponsors', 'sponsorPolls') });
    const onPoll = await f.newPoll(on.id, { type: 0, alternatives: choices, sponsorId: await newSponsor(on.id) });
    const member = api(on, await newAttendee(f, on.id));
    expectAnswered({ read: await member(`liveGetPoll/${onPoll.id}/0`, STAGE), vote: await vote(member, onPoll) });
    expectRefused({ fromWebApp: await member(`liveGetPoll/${onPoll.id}/0`, WEB_APP) }, 'sponsor.forbidden');
  });

  /** An attendee of a new event with these flags, holding a registration (a ticket). */
  async function ticketHolder(flags: string[]) {
    const event = await f.newEvent({ features: featuresOn(...flags) });
    const me = await newAttendee(f, event.id);
    const ticketKey = randomBytes(16).toString('base64url').slice(0, 22);
    await f.db.kysely.insertInto('registrations').values({
      event_id: event.id, user_id: me.id, ticket_code: `T${me.id}`, ticket_key: ticketKey, created_at: new Date().toISOString(),
    }).execute();
    return { event, me, ticketKey };
  }

  it('refuses the voucher balance where the event shows none, and answers where it does', async () => {
    const off = await ticketHolder([]);
    const get = api(off.event, off.me);
    expectRefused({ balance: await get(`vouchers/${off.me.id}`, WEB_APP), history: await get(`vouchers/${off.me.id}/transactions`, STAGE) }, 'voucher.forbidden');
    const on = await ticketHolder(['stageVoucherBalanceEnabled']);
    const member = api(on.event, on.me);
    expectAnswered({ balance: await member(`vouchers/${on.me.id}`, WEB_APP), history: await member(`vouchers/${on.me.id}/transactions`, STAGE) });
  });

  it('refuses the QR ticket page where the event has QR tickets off, and shows the ticket where on', async () => {
    const off = await ticketHolder([]);
    const refused = await call(server, `/qrTicket/${off.ticketKey}`, { host: off.event.host });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('This ticket is not available.');
    expect(refused.body).not.toContain('<svg');
    const on = await ticketHolder(['stageQrTicketsEnabled']);
    const shown = await call(server, `/qrTicket/${on.ticketKey}`, { host: on.event.host });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('<svg');
  });
});
