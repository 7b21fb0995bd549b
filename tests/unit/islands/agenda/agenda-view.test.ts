import { describe, expect, it } from 'vitest';
import type { MemberAgendaInfo, MemberSession } from '~/contracts/agenda';
import { filterAgenda, isLocked, isOnNow, needsConfirmation, NO_FILTERS, withDateFrom, withDateTo, withSeats } from '~/islands/agenda/agenda-view';

const session = (id: number, extra: Partial<MemberSession> = {}): MemberSession => ({
  id, title: `Session ${id}`, subtitle: null, description: null, startDate: '2025-06-02T07:00:00Z', endDate: '2025-06-02T08:00:00Z',
  trackId: '0', speakers: [], docIds: [], liveUrl: null, myAgendaSize: 0, seatsLeft: null, keywords: null, categories: [],
  isBooked: false, userIds: [], ...extra,
});

const info: MemberAgendaInfo = {
  timeZone: 'Europe/Oslo', days: ['2025-06-02', '2025-06-03'], tracks: [], isBookingEnabled: true, categories: [],
  agenda: {
    '2025-06-02': { '09:00': [session(1, { isBooked: true, title: 'Grid keynote' }), session(2, { categories: [{ id: 5, name: 'Talk', categoryType: 1 }] })] },
    '2025-06-03': { '10:00': [session(3, { speakers: [{ id: 9, name: 'Ada', lastName: 'Lovelace', jobTitle: null, company: null, profileImageUrl: null }] })] },
  },
};
const ids = (filters = NO_FILTERS) => filterAgenda(info, filters).flatMap((d) => d.slots.flatMap((s) => s.sessions.map((x) => x.id)));

describe('agenda tab filters', () => {
  it('keeps everything without filters and drops emptied days', () => {
    expect(ids()).toEqual([1, 2, 3]);
    expect(filterAgenda(info, { ...NO_FILTERS, isMine: true }).map((d) => d.day)).toEqual(['2025-06-02']);
  });

  it('filters by my agenda, trimmed case-insensitive search (speakers too) and category', () => {
    expect(ids({ ...NO_FILTERS, isMine: true })).toEqual([1]);
    expect(ids({ ...NO_FILTERS, search: '  GRID ' })).toEqual([1]);
    expect(ids({ ...NO_FILTERS, search: 'lovelace' })).toEqual([3]);
    expect(ids({ ...NO_FILTERS, categoryId: 5 })).toEqual([2]);
  });

  it('applies the date range only when both ends are set', () => {
    expect(ids({ ...NO_FILTERS, from: '2025-06-03' })).toEqual([1, 2, 3]);
    expect(ids({ ...NO_FILTERS, from: '2025-06-03', to: '2025-06-03' })).toEqual([3]);
  });

  it('keeps "to" unset until "from" is chosen and never before it', () => {
    expect(withDateTo(NO_FILTERS, '2025-06-03').to).toBe('');
    const from = withDateFrom(NO_FILTERS, '2025-06-02');
    expect(withDateTo(from, '2025-06-01').to).toBe('2025-06-02');
    const both = withDateTo(from, '2025-06-02');
    expect(withDateFrom(both, '2025-06-03')).toMatchObject({ from: '2025-06-03', to: '2025-06-03' });
    expect(withDateFrom(both, '')).toMatchObject({ from: '', to: '' });
  });
});

describe('booking rules on the client', () => {
  const now = Date.parse('2025-06-02T07:30:00Z');
  it('locks ended sessions, and full ones for people without a seat', () => {
    expect(isLocked(session(1, { endDate: '2025-06-02T07:00:00Z' }), now)).toBe(true);
    expect(isLocked(session(1, { seatsLeft: 0 }), now)).toBe(true);
    expect(isLocked(session(1, { seatsLeft: 0, isBooked: true }), now)).toBe(false);
    expect(isLocked(session(1, { seatsLeft: 3 }), now)).toBe(false);
  });

  it('marks a session live from its start until its end', () => {
    expect(isOnNow(session(1), now)).toBe(true);
    expect(isOnNow(session(1), Date.parse('2025-06-02T07:00:00Z'))).toBe(true);
    expect(isOnNow(session(1), Date.parse('2025-06-02T08:00:00Z'))).toBe(false);
    expect(isOnNow(session(1), Date.parse('2025-06-02T06:59:59Z'))).toBe(false);
  });

  it('asks for confirmation only with a seat limit', () => {
    expect(needsConfirmation(session(1, { myAgendaSize: 10 }))).toBe(true);
    expect(needsConfirmation(session(1))).toBe(false);
  });

  it('applies live seat counts to the matching session only', () => {
    const next = withSeats(info, [{ sessionId: 2, seatsLeft: 4 }]);
    expect(next.agenda['2025-06-02']?.['09:00']?.map((s) => s.seatsLeft)).toEqual([null, 4]);
  });
});
