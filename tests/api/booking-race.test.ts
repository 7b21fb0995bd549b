import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

describe('seat limits under concurrency', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let session: number;
  let crowd: Attendee[];

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('bookingsEnabled', 'stageTabAgenda') });
    session = await f.newSession(event.id, {
      title: 'Popular workshop', seat_limit: 15,
      start_date: new Date(Date.now() + 3_600_000).toISOString(), end_date: new Date(Date.now() + 7_200_000).toISOString(),
    });
    for (let i = 0; i < 5; i++) await f.newBooking(session, event.id);
    crowd = [];
    for (let i = 0; i < 50; i++) crowd.push(await newAttendee(f, event.id));
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('gives the last 10 seats to exactly 10 of 50 simultaneous bookers; the other 40 get booking.full', async () => {
    const answers = await Promise.all(crowd.map((who) => call(server, `/api/liveEvent/${event.id}/liveGetAgendaInfo/bookSession`, {
      host: event.host, method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ EventId: event.id, SessionId: session }),
    })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.json()).toMatchObject({ error: 'booking.full' });
    const seatsLeft = answers.filter((a) => a.status === 200).map((a) => a.json<{ seatsLeft: number }>().seatsLeft);
    // Each winner saw the count right after its own insert: 9, 8, …, 0 in some order.
    expect(seatsLeft.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const row = await f.db.kysely.selectFrom('session_bookings').select((eb) => eb.fn.countAll().as('n')).where('session_id', '=', session).executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(15);
  }, 60_000);
});
