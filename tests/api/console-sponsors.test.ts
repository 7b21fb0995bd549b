import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleAttendee, ConsoleSponsor, ConsoleSponsorList } from '~/contracts/console-sponsors';
import type { Sponsor, SponsorSummary } from '~/contracts/sponsors';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { heard as heardOn, imageForm, lastAudit as lastAuditOf, newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { connect, type Client } from './realtime-helpers';

type EventRef = { id: number; slug: string; host: string };


const acme = { name: 'Acme', description: '<p>Rockets<img src=x onerror="alert(1)"></p>', meetingRoom: { name: 'Booth', url: 'https://whereby.com/acme' }, leadForm: false };

describe('console sponsors: organisers of the event only, validated, all or nothing, audited and published', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;
  let stranger: Attendee;
  let foreigner: Attendee;
  let socket: Client;
  let send: Send;
  let gold: number;
  let made: ConsoleSponsor;

  const list = async () => (await send('/api/console/sponsors', organiser.auth)).json<ConsoleSponsorList>();
  const lastAudit = () => lastAuditOf(send, organiser);
  const heard = (name: string, from: number) => heardOn(socket, name, from);
  const publicList = async () => (await call(server, `/api/liveEvent/${event.id}/sponsors?platform=digital`, { host: event.host, headers: attendee.auth })).json<SponsorSummary[]>();

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('stageTabSponsors', 'sponsorContact', 'sponsorUsers', 'sponsorWherebyRooms') });
    send = sender(server, event.host);
    const other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    stranger = await newOrganiser(f, other.id);
    foreigner = await newAttendee(f, other.id);
    gold = await f.newCategory(event.id, { name: 'Gold', category_type: 0 });
    socket = await connect(server, event.host, { token: attendee.token });
  });
  afterAll(async () => { socket?.ws.close(); await f?.close(); await server?.stop(); });

  it('refuses every call without a session (401), from an attendee (403 console.forbidden) and from another event\'s organiser (403 auth.wrong_event)', async () => {
    const calls: [string, unknown][] = [
      ['/api/console/sponsors', undefined], ['/api/console/sponsors/attendees?search=a', undefined], ['/api/console/sponsors', acme],
      ['/api/console/sponsors/order', { ids: [] }], ['PUT /api/console/sponsors/1', acme], ['DELETE /api/console/sponsors/1', undefined],
    ];
    for (const [path, body] of calls) {
      expect((await send(path, {}, body)).status, path).toBe(401);
      const refused = await send(path, attendee.auth, body);
      expect([refused.status, refused.json<{ error: string }>().error], path).toEqual([403, 'console.forbidden']);
      const foreign = await send(path, stranger.auth, body);
      expect([foreign.status, foreign.json<{ error: string }>().error], path).toEqual([403, 'auth.wrong_event']);
    }
    expect((await list()).sponsors).toEqual([]);
  });

  it('answers a bad input with 400 naming the field, and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...acme, name: '' }, 'name'],
      [{ ...acme, meetingRoom: { name: 'Booth', url: 'http://insecure.example' } }, 'meetingRoom.url'],
      [{ ...acme, leadForm: 'yes' }, 'leadForm'],
      [{ ...acme, categoryIds: [gold, 999_999] }, 'categoryIds'],
      [{ ...acme, contactIds: [foreigner.id] }, 'contactIds'],
    ];
    for (const [body, field] of cases) {
      const res = await send('/api/console/sponsors', organiser.auth, body);
      expect([res.status, res.json<{ field?: string }>().field], field).toEqual([400, field]);
    }
    expect((await list()).sponsors).toEqual([]);
  });

  it('finds attendees of this event only by name or e-mail to pick as contacts', async () => {
    const email = (await f.db.kysely.selectFrom('users').select('email').where('id', '=', attendee.id).executeTakeFirstOrThrow()).email;
    const found = (await send(`/api/console/sponsors/attendees?search=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`, organiser.auth)).json<ConsoleAttendee[]>();
    expect(found).toEqual([{ id: attendee.id, name: expect.stringContaining('Test Attendee') as unknown, email }]);
    const byName = (await send('/api/console/sponsors/attendees?search=test%20att', organiser.auth)).json<ConsoleAttendee[]>();
    expect(byName.map((a) => a.id)).toEqual(expect.arrayContaining([attendee.id, organiser.id]));
    expect(byName.map((a) => a.id)).not.toContain(foreigner.id);
    expect((await send('/api/console/sponsors/attendees?search=x'.padEnd(140, 'x'), organiser.auth)).json<{ field: string }>().field).toBe('search');
  });

  it('creates a sponsor attendees see at once: key, level, contact, meeting room, lead form off; audited and published', async () => {
    const from = socket.frames.length;
    const res = await send('/api/console/sponsors', organiser.auth, { ...acme, categoryIds: [gold], contactIds: [attendee.id] });
    expect(res.status, res.body).toBe(200);
    made = res.json<ConsoleSponsor>();
    expect(made).toMatchObject({
      name: 'Acme', description: '<p>Rockets<img src="x" /></p>', categoryIds: [gold], leadForm: false,
      meetingRoom: { name: 'Booth', url: 'https://whereby.com/acme' }, contacts: [expect.objectContaining({ id: attendee.id })], documents: [],
    });
    expect(made.key).toMatch(/^sponsor-[0-9a-f]{12}$/);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.create', target: `sponsor:${made.id}`, userId: organiser.id });
    expect((await publicList()).map((s) => s.name)).toEqual(['Acme']);
    const detail = (await call(server, `/api/liveEvent/${event.id}/sponsors/${made.id}?platform=digital`, { host: event.host, headers: attendee.auth })).json<Sponsor>();
    expect(detail.leadForm).toBe(false);
    const lead = await call(server, `/api/liveEvent/${event.id}/sponsors/${made.id}/contactForm`, {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Lea', lastName: 'Lead', company: 'Co', description: 'Tell me more' }),
    });
    expect(lead.status, 'the lead form is off').toBe(403);
  });

  it('edits and reorders, each change audited and on the attendees\' list at once', async () => {
    const second = (await send('/api/console/sponsors', organiser.auth, { name: 'Globex' })).json<ConsoleSponsor>();
    expect((await publicList()).map((s) => s.name)).toEqual(['Acme', 'Globex']);
    const edited = await send(`PUT /api/console/sponsors/${made.id}`, organiser.auth, { ...acme, name: 'Acme Rockets', meetingRoom: null, leadForm: true });
    expect(edited.json<ConsoleSponsor>()).toMatchObject({ name: 'Acme Rockets', meetingRoom: null, leadForm: true, contacts: [], key: made.key });
    expect((await call(server, `/sponsor/${made.id}/contactForm`, { host: event.host })).status, 'the lead form is on again').toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.update', before: expect.objectContaining({ name: 'Acme' }) as unknown });
    const from = socket.frames.length;
    expect((await send('/api/console/sponsors/order', organiser.auth, { ids: [second.id, made.id] })).status).toBe(200);
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.order', after: [second.id, made.id] });
    expect((await publicList()).map((s) => s.name)).toEqual(['Globex', 'Acme Rockets']);
  });

  it('refuses a logo that is not an image by its content, and stores one re-encoded without metadata', async () => {
    const upload = (bytes: Buffer) => {
      const form = imageForm(bytes);
      return call(server, `/api/console/sponsors/${made.id}/logo`, { method: 'POST', host: event.host, headers: { ...organiser.auth, ...form.headers }, body: form.body });
    };
    const refused = await upload(Buffer.from('GIF89a but not really a picture'));
    expect([refused.status, refused.json<{ field?: string }>().field]).toEqual([400, 'image']);
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#20c050' } })
      .png().withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } }).toBuffer();
    const res = await upload(png);
    expect(res.status, res.body).toBe(200);
    const { logoUrl } = res.json<ConsoleSponsor>();
    const meta = await sharp((await call(server, logoUrl!, { host: event.host })).bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await publicList()).find((s) => s.id === made.id)?.logoUrl).toBe(logoUrl);
  });

  it('deletes a sponsor: gone from the attendees\' list, audited', async () => {
    const from = socket.frames.length;
    expect((await send(`DELETE /api/console/sponsors/${made.id}`, organiser.auth)).json()).toEqual({ removed: made.id });
    await heard('event-change', from);
    expect(await lastAudit()).toMatchObject({ action: 'sponsor.delete', target: `sponsor:${made.id}` });
    expect((await publicList()).map((s) => s.name)).toEqual(['Globex']);
    expect((await send(`DELETE /api/console/sponsors/${made.id}`, organiser.auth)).status).toBe(404);
  });
});
