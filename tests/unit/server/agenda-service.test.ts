import { describe, expect, it } from 'vitest';
import type { AgendaRepository, AgendaRows, SessionRow } from '~/server/agenda/agenda.repository';
import { createAgendaService } from '~/server/agenda/agenda.service';

const session = (id: number, startDate: string, extra: Partial<SessionRow> = {}): SessionRow => ({
  id, trackId: null, title: `Session ${id}`, subtitle: null, description: null, startDate,
  endDate: new Date(Date.parse(startDate) + 3_600_000).toISOString(), liveUrl: null, seatLimit: 0, keywords: null, ...extra,
});

function fakeRepository({ bookings = new Map(), ...rows }: Partial<AgendaRows> & { bookings?: Map<number, number> }, booked: number[] = []): AgendaRepository {
  return {
    loadAgenda: () => Promise.resolve({ sessions: [], tracks: [], speakers: [], categories: [], documents: [], ...rows }),
    countBookings: () => Promise.resolve(bookings),
    countBookingsWithMine: () => Promise.resolve({ counts: bookings, mine: new Set(booked) }),
    hasSession: (_eventId, id) => Promise.resolve((rows.sessions ?? []).some((s) => s.id === id)),
    findBookedSessionIds: () => Promise.resolve(new Set(booked)),
    findSessionDocuments: () => Promise.resolve([]),
  };
}

const oslo = { eventId: 1, version: 1, timeZone: 'Europe/Oslo' };

describe('agenda service', () => {
  it('groups sessions by day and start time in the event zone, not in UTC', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(2, '2025-06-01T22:30:00Z'), session(1, '2025-06-01T07:00:00Z'), session(3, '2025-06-02T07:00:00Z')],
    }) });
    const info = await service.getPublicAgenda(oslo);
    expect(info.days).toEqual(['2025-06-01', '2025-06-02']);
    expect(Object.keys(info.agenda)).toEqual(['2025-06-01', '2025-06-02']);
    expect(info.agenda['2025-06-01']).toEqual({ '09:00': [expect.objectContaining({ id: 1 })] });
    expect(Object.keys(info.agenda['2025-06-02'] ?? {})).toEqual(['00:30', '09:00']);
  });

  it('puts sessions starting at the same time in one slot', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(1, '2025-06-01T07:00:00Z'), session(2, '2025-06-01T07:00:00Z')],
    }) });
    const info = await service.getPublicAgenda(oslo);
    expect(info.agenda['2025-06-01']?.['09:00']?.map((s) => s.id)).toEqual([1, 2]);
  });

  it('reports seats left for seat-limited sessions and none for unlimited ones', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(1, '2025-06-01T07:00:00Z', { seatLimit: 10 }), session(2, '2025-06-01T08:00:00Z', { seatLimit: 2 }), session(3, '2025-06-01T09:00:00Z')],
      bookings: new Map([[1, 3], [2, 2], [3, 50]]),
    }) });
    const all = Object.values((await service.getPublicAgenda(oslo)).agenda['2025-06-01'] ?? {}).flat();
    expect(all.map((s) => s.seatsLeft)).toEqual([7, 0, null]);
  });

  it('gives breakout sessions track id "0" and drops unsafe track colours', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(1, '2025-06-01T07:00:00Z'), session(2, '2025-06-01T07:00:00Z', { trackId: 5 })],
      tracks: [{ id: 5, title: 'Main', color: 'red;background:url(x)', isTitleHidden: false }, { id: 6, title: 'B', color: '#123456', isTitleHidden: true }],
    }) });
    const info = await service.getPublicAgenda(oslo);
    expect(info.agenda['2025-06-01']?.['09:00']?.map((s) => s.trackId)).toEqual(['0', '5']);
    expect(info.tracks).toEqual([
      { id: '5', title: 'Main', headerBackgroundColor: null, hideTrackTitle: false },
      { id: '6', title: 'B', headerBackgroundColor: '#123456', hideTrackTitle: true },
    ]);
  });

  it('filters by search across title and speaker names, by category and by day', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(1, '2025-06-01T07:00:00Z', { title: 'Keynote' }), session(2, '2025-06-02T07:00:00Z')],
      speakers: [{ sessionId: 2, id: 9, firstName: 'Ada', lastName: 'Lovelace', jobTitle: null, company: null, imageUrl: null }],
      categories: [{ sessionId: 2, id: 4, name: 'Tech', categoryType: 1 }],
    }) });
    const ids = async (q: object) => Object.values((await service.getPublicAgenda(oslo, q)).agenda).flatMap((d) => Object.values(d).flat()).map((s) => s.id);
    expect(await ids({ search: 'keyNOTE' })).toEqual([1]);
    expect(await ids({ search: 'lovelace' })).toEqual([2]);
    expect(await ids({ category: 4 })).toEqual([2]);
    expect(await ids({ day: '2025-06-01' })).toEqual([1]);
    expect((await service.getPublicAgenda(oslo, { day: '2025-06-01' })).days).toEqual(['2025-06-01', '2025-06-02']);
  });

  it('sends descriptions as stored: imports and migration 0085 sanitise them when written', async () => {
    const service = createAgendaService({ repository: fakeRepository({
      sessions: [session(1, '2025-06-01T07:00:00Z', { description: '<p>Hi</p>' })],
    }) });
    const info = await service.getPublicAgenda(oslo);
    expect(info.agenda['2025-06-01']?.['09:00']?.[0]?.description).toBe('<p>Hi</p>');
  });

  it('reads the agenda rows once per event version, and the booking counts on every call', async () => {
    let loads = 0;
    let counts = 0;
    const repository = fakeRepository({ sessions: [session(1, '2025-06-01T07:00:00Z', { seatLimit: 5 })] });
    const service = createAgendaService({ repository: {
      ...repository,
      loadAgenda: (id) => { loads += 1; return repository.loadAgenda(id); },
      countBookings: () => { counts += 1; return Promise.resolve(new Map([[1, counts]])); },
    } });
    const seats = async (version: number) => Object.values((await service.getPublicAgenda({ ...oslo, version })).agenda['2025-06-01'] ?? {}).flat()[0]?.seatsLeft;
    expect([await seats(1), await seats(1), await seats(2)]).toEqual([4, 3, 2]);
    expect(loads).toBe(2);
  });
  it('reads a member\'s own bookings with the seat counts in one query when sessions have seat limits', async () => {
    const sessions = [session(1, '2025-06-01T07:00:00Z', { seatLimit: 5 }), session(2, '2025-06-01T09:00:00Z', { seatLimit: 3 })];
    const repository = fakeRepository({ sessions, bookings: new Map([[1, 2], [2, 3]]) }, [2]);
    let separateReads = 0;
    const service = createAgendaService({ repository: {
      ...repository,
      findBookedSessionIds: (eventId, userId) => { separateReads += 1; return repository.findBookedSessionIds(eventId, userId); },
    } });
    const member = { ...oslo, features: { bookingsEnabled: true } };
    const shown = Object.values((await service.getMemberAgenda(member, 7)).agenda['2025-06-01'] ?? {}).flat();
    expect(shown.map((s) => [s.id, s.isBooked, s.seatsLeft])).toEqual([[1, false, 3], [2, true, 0]]);
    expect(separateReads).toBe(0);
  });
});
