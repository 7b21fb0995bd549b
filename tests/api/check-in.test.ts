import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionResponse } from '~/contracts/admission';
import type { CheckInResponse } from '~/contracts/check-in';
import type { ServerFrame } from '~/contracts/realtime';
import { newAttendee } from './attendee-factory';
import type { Factories } from './factories';
import { call, SHARED_ADMIN_TOKEN, type TestServer } from './harness';
import { RESULTS_PASSWORD, resultsLogin } from './poll-results-helpers';
import { admissionLogin as loginAdmission, admissionSetup } from './admission-helpers';
import { afterMarker, connect } from './realtime-helpers';

interface Ticket { userId: number; key: string; code: string }

/** HH:mm in Oslo, the factories' event zone. */
const osloTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('door check-in: participantsCheckIn', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let session: Record<string, string>;
  const tickets: Ticket[] = [];

  const admissionLogin = (host: string) => loginAdmission(server, host);
  const ticketFor = async (eventId: number): Promise<Ticket> => {
    const attendee = await newAttendee(f, eventId);
    const ticket = { userId: attendee.id, key: randomBytes(16).toString('base64url'), code: `TC${randomBytes(4).toString('hex').toUpperCase()}` };
    await f.db.kysely.insertInto('registrations').values({
      event_id: eventId, user_id: ticket.userId, ticket_code: ticket.code, ticket_key: ticket.key, admitted_at: null, created_at: new Date().toISOString(),
    }).execute();
    return ticket;
  };
  const checkIn = (code: unknown, headers = session, host = event.host, id = event.id) =>
    call(server, `/api/liveEvent/${id}/participantsCheckIn`, { host, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });

  beforeAll(async () => {
    ({ server, f, event, other, session } = await admissionSetup());
    for (let i = 0; i < 4; i++) tickets.push(await ticketFor(event.id));
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('scans a ticket in once by its key; the second scan says already in, at HH:mm in the event\'s zone', async () => {
    const first = await checkIn(tickets[0]!.key);
    expect(first.status).toBe(200);
    const admitted = first.json<CheckInResponse>();
    expect(admitted).toMatchObject({ status: 'admitted', firstName: 'Test' });
    expect(Math.abs(Date.parse(admitted.admittedAt) - Date.now())).toBeLessThan(60_000);
    expect(admitted.admittedTime).toBe(osloTime(admitted.admittedAt));
    const stored = await f.db.kysely.selectFrom('registrations').select('admitted_at').where('ticket_key', '=', tickets[0]!.key).executeTakeFirstOrThrow();
    expect(stored.admitted_at).toBe(admitted.admittedAt);

    const second = await checkIn(tickets[0]!.key);
    expect(second.status).toBe(200);
    expect(second.json<CheckInResponse>()).toEqual({ ...admitted, status: 'alreadyAdmitted' });
  });

  it('takes a typed ticket code in any case', async () => {
    const res = await checkIn(` ${tickets[1]!.code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.json<CheckInResponse>().status).toBe('admitted');
  });

  it('lets only one of two doors scanning the same ticket at once admit it', async () => {
    const [a, b] = await Promise.all([checkIn(tickets[2]!.key), checkIn(tickets[2]!.key)]);
    expect([a.json<CheckInResponse>().status, b.json<CheckInResponse>().status].sort()).toEqual(['admitted', 'alreadyAdmitted']);
    expect(a.json<CheckInResponse>().admittedAt).toBe(b.json<CheckInResponse>().admittedAt);
  });

  it('answers 404 for a code that is no ticket of this event (another event\'s ticket included), 400 naming code for none', async () => {
    const unknown = await checkIn('no-such-ticket-code');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'check_in.not_found' });
    const foreign = await ticketFor(other.id);
    expect((await checkIn(foreign.key)).status).toBe(404);
    for (const bad of ['', '   ', 42, 'x'.repeat(101)]) {
      const res = await checkIn(bad);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ field: 'code' });
    }
  });

  it('tells the event\'s channel (admission-change, no names) and the admission list shows the attendee as scanned in', async () => {
    const socket = await connect(server, event.host);
    const elsewhere = await connect(server, other.host);
    const before = (await call(server, `/api/liveEvent/${event.id}/participantsAdmission`, { host: event.host, method: 'POST', headers: { ...session, 'content-type': 'application/json' }, body: '{}' })).json<AdmissionResponse>();
    expect((await checkIn(tickets[3]!.key)).status).toBe(200);
    const frame = await socket.next((fr: ServerFrame) => fr.type === 'event' && fr.name === 'admission-change');
    expect(frame).toEqual({ type: 'event', name: 'admission-change', data: {} });
    const after = (await call(server, `/api/liveEvent/${event.id}/participantsAdmission`, { host: event.host, method: 'POST', headers: { ...session, 'content-type': 'application/json' }, body: '{}' })).json<AdmissionResponse>();
    expect(after.admittedParticipants.values.length).toBe(before.admittedParticipants.values.length + 1);
    // A repeated scan changes nothing, so it tells nobody.
    expect((await checkIn(tickets[3]!.key)).json<CheckInResponse>().status).toBe('alreadyAdmitted');
    // Probes published after it: a second admission-change, or one to the other event, would come first.
    await afterMarker(server, event.slug, 1, SHARED_ADMIN_TOKEN, [socket]);
    await afterMarker(server, other.slug, 2, SHARED_ADMIN_TOKEN, [elsewhere]);
    expect(socket.frames.filter((fr) => fr.type === 'event' && fr.name === 'admission-change')).toHaveLength(1);
    expect(elsewhere.frames.filter((fr) => fr.type === 'event' && fr.name !== 'realtime-probe')).toHaveLength(0);
    socket.ws.close();
    elsewhere.ws.close();
  });

  it('refuses without a session (401), with an attendee token (401), a poll results session (403), another event\'s session (401) or path (403), and from another site (403)', async () => {
    expect((await checkIn(tickets[0]!.key, {})).status).toBe(401);
    const attendee = await newAttendee(f, event.id);
    expect((await checkIn(tickets[0]!.key, attendee.auth)).status).toBe(401);
    expect((await checkIn(tickets[0]!.key, await resultsLogin(server, event.host, RESULTS_PASSWORD))).status).toBe(403);
    expect((await checkIn(tickets[0]!.key, await admissionLogin(other.host))).status).toBe(401);
    expect((await checkIn(tickets[0]!.key, session, event.host, other.id)).status).toBe(403);
    expect((await checkIn(tickets[0]!.key, { ...session, origin: 'https://evil.example' })).status).toBe(403);
    expect((await checkIn(tickets[0]!.key, { ...session, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('limits scans per admission session (120 a minute), not per door', async () => {
    const busy = await admissionLogin(event.host);
    const answers = await Promise.all(Array.from({ length: 121 }, () => checkIn('no-such-ticket-code', busy)));
    expect(answers.filter((a) => a.status === 404)).toHaveLength(120);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.json()).toMatchObject({ error: 'check_in.rate_limited' });
    expect((await checkIn('no-such-ticket-code')).status).toBe(404);
  });

  it('guards the page like the admission list: to the login without the admission session, rendered with it', async () => {
    const none = await call(server, '/participantsCheckIn', { host: event.host });
    expect(none.status).toBe(302);
    expect(none.headers['location']).toBe('/login-participants-results?return=%2FparticipantsCheckIn');
    const page = await call(server, '/participantsCheckIn', { host: event.host, headers: session });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('Door check-in');
  });
});
