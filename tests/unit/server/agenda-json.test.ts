import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AgendaQuery } from '~/contracts/agenda';
import type { AgendaRepository, AgendaRows, SessionRow } from '~/server/agenda/agenda.repository';
import { createAgendaService } from '~/server/agenda/agenda.service';

// The signed-in agenda call writes its JSON from parts serialised once (agenda-json.ts): every
// byte must equal JSON.stringify of the object form the pages use.

const session = (id: number, startDate: string, extra: Partial<SessionRow> = {}): SessionRow => ({
  id, trackId: null, title: `Session ${id}`, subtitle: null, description: null, startDate,
  endDate: new Date(Date.parse(startDate) + 3_600_000).toISOString(), liveUrl: null, seatLimit: 0, keywords: null, ...extra,
});

function repository(rows: Partial<AgendaRows>, bookings: Map<number, number>, mine: number[]): AgendaRepository {
  return {
    loadAgenda: () => Promise.resolve({ sessions: [], tracks: [], speakers: [], categories: [], documents: [], ...rows }),
    countBookings: () => Promise.resolve(bookings),
    countBookingsWithMine: () => Promise.resolve({ counts: bookings, mine: new Set(mine) }),
    hasSession: () => Promise.resolve(true),
    findBookedSessionIds: () => Promise.resolve(new Set(mine)),
    findSessionDocuments: () => Promise.resolve([]),
  };
}

const event = (bookingsEnabled: boolean) => ({ eventId: 1, version: 1, timeZone: 'Europe/Oslo', features: { bookingsEnabled, stageTabAgenda: true } });

const rows: Partial<AgendaRows> = {
  sessions: [
    session(1, '2025-06-01T07:00:00Z', { seatLimit: 10, title: 'Quotes " and \\ back\u2028slash', subtitle: '<b>"seatsLeft":null,</b>', keywords: 'ai, ml', trackId: 5 }),
    session(2, '2025-06-01T07:00:00Z', { seatLimit: 2, description: '<p>Ø æ å — 🎤</p>', liveUrl: 'https://example.org/live' }),
    session(3, '2025-06-01T22:30:00Z'),
    // Summer time ends on 2025-10-26 at 03:00 in Oslo: 02:45 comes twice, with 02:15 between.
    session(4, '2025-10-26T00:45:00Z'),
    session(5, '2025-10-26T01:15:00Z'),
    session(6, '2025-10-26T01:45:00Z', { seatLimit: 1 }),
  ],
  tracks: [{ id: 5, title: 'Main "hall"', color: '#123456', isTitleHidden: false }],
  speakers: [{ sessionId: 1, id: 9, firstName: 'Åse', lastName: "O'Neil", jobTitle: null, company: 'Acme & Co', imageUrl: null }],
  categories: [{ sessionId: 2, id: 3, name: 'Keynote', categoryType: 1 }],
  documents: [{ sessionId: 1, documentId: 11 }],
};

describe('the agenda written as JSON', () => {
  const bookings = new Map([[1, 3], [2, 2], [6, 1]]);
  const cases: [string, AgendaQuery, number[], boolean][] = [
    ['everything, nothing booked', {}, [], true],
    ['everything, two sessions booked, bookings off', {}, [1, 6], false],
    ['a search', { search: 'acme' }, [1], true],
    ['a day', { day: '2025-10-26' }, [4], true],
    ['a category', { category: 3 }, [], true],
    ['a search that finds nothing', { search: 'nothing like it' }, [], true],
  ];
  for (const [name, query, mine, bookingsEnabled] of cases) {
    it(`is JSON.stringify of the member agenda, byte for byte: ${name}`, async () => {
      const service = createAgendaService({ repository: repository(rows, bookings, mine) });
      const { json: text } = await service.getMemberAgendaAnswer(event(bookingsEnabled), 42, query, 'digital');
      expect(text).toBe(JSON.stringify(await service.getMemberAgenda(event(bookingsEnabled), 42, query)));
    });
  }

  it('keeps a start time that comes twice on the day summer time ends in one slot', async () => {
    const service = createAgendaService({ repository: repository(rows, bookings, []) });
    const info = JSON.parse((await service.getMemberAgendaAnswer(event(true), 42, { day: '2025-10-26' }, 'digital')).json) as { agenda: Record<string, Record<string, { id: number }[]>> };
    expect(Object.keys(info.agenda['2025-10-26'] ?? {})).toEqual(['02:45', '02:15']);
    expect(info.agenda['2025-10-26']?.['02:45']?.map((s) => s.id)).toEqual([4, 6]);
  });

  it('shows only the caller among who booked, and seats left from the live counts', async () => {
    const service = createAgendaService({ repository: repository(rows, bookings, [2]) });
    const info = JSON.parse((await service.getMemberAgendaAnswer(event(true), 42, {}, 'digital')).json) as { agenda: Record<string, Record<string, { id: number; isBooked: boolean; userIds: number[]; seatsLeft: number | null }[]>> };
    const [first, second] = info.agenda['2025-06-01']?.['09:00'] ?? [];
    expect(first).toMatchObject({ id: 1, isBooked: false, userIds: [], seatsLeft: 7 });
    expect(second).toMatchObject({ id: 2, isBooked: true, userIds: [42], seatsLeft: 0 });
  });

  it('gives every member who booked none of the sessions the same kept answer, and its gzip once', async () => {
    const service = createAgendaService({ repository: repository(rows, bookings, []) });
    const first = await service.getMemberAgendaAnswer(event(true), 42, {}, 'digital');
    const second = await service.getMemberAgendaAnswer(event(true), 43, {}, 'digital');
    expect(second).toBe(first);
    expect(gunzipSync(await first.gzipped()).toString()).toBe(first.json);
    expect(await second.gzipped()).toBe(await first.gzipped());
  });

  it('never gives one member\'s bookings to another, nor an answer with seats that changed', async () => {
    const counts = new Map(bookings);
    const mine = new Map<number, number[]>([[42, [1]], [43, [1]], [44, []]]);
    const repo: AgendaRepository = {
      ...repository(rows, counts, []),
      countBookingsWithMine: (_eventId, userId) => Promise.resolve({ counts: new Map(counts), mine: new Set(mine.get(userId)) }),
    };
    const service = createAgendaService({ repository: repo });
    const ada = await service.getMemberAgendaAnswer(event(true), 42, {}, 'digital');
    const bob = await service.getMemberAgendaAnswer(event(true), 43, {}, 'digital');
    expect(bob).not.toBe(ada);
    expect(bob.json).toContain('"userIds":[43]');
    expect(bob.json).not.toContain('"userIds":[42]');
    expect(await service.getMemberAgendaAnswer(event(true), 42, {}, 'digital')).toBe(ada);
    // Someone books a seat of session 1: the next answer shows it, kept or not.
    counts.set(1, 4);
    const after = await service.getMemberAgendaAnswer(event(true), 42, {}, 'digital');
    expect(after).not.toBe(ada);
    const seats = (text: string) => (JSON.parse(text) as { agenda: Record<string, Record<string, { id: number; seatsLeft: number | null }[]>> }).agenda['2025-06-01']?.['09:00']?.[0]?.seatsLeft;
    expect([seats(ada.json), seats(after.json)]).toEqual([7, 6]);
    expect(seats((await service.getMemberAgendaAnswer(event(true), 44, {}, 'digital')).json)).toBe(6);
  });
});
