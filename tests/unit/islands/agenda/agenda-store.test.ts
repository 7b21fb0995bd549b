import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookedSession, MemberAgendaInfo, MemberSession } from '~/contracts/agenda';

// The server as the store calls it: the viewer's bookings call is answered (or failed) when the
// test says so; bookings always succeed.
const reads: { resolve: (sessions: BookedSession[]) => void; reject: (error: Error) => void }[] = [];
vi.mock('~/islands/http/api.client', () => ({
  eventApiUrl: (eventId: number, path: string) => `/api/liveEvent/${eventId}/${path}`,
  memberJson: (_eventId: number, path: string, call?: { body?: { SessionId: number } }) => {
    if (path === 'liveGetAgendaInfo/bookedSessions') return new Promise((resolve, reject) => { reads.push({ resolve, reject }); });
    if (path === 'liveGetAgendaInfo/bookSession') return Promise.resolve({ sessionId: call?.body?.SessionId, isBooked: true, seatsLeft: 4 });
    return Promise.reject(new Error(`unexpected call ${path}`));
  },
}));
vi.mock('~/islands/realtime/realtime.store', () => ({ onReconnect: () => () => undefined, onRealtime: () => () => undefined }));
// The viewer, as their own profile call names them after hydration.
vi.mock('~/islands/viewer/viewer.store', async () => {
  const { atom } = await import('nanostores');
  const $viewer = atom({ userId: 7, name: 'Ada Lovelace', initials: 'AL' });
  return { $viewer, loadViewer: () => Promise.resolve($viewer.get()) };
});

const session = (id: number): MemberSession => ({
  id, title: `Session ${id}`, subtitle: null, description: null, startDate: '2030-06-02T07:00:00Z', endDate: '2030-06-02T08:00:00Z',
  trackId: '0', speakers: [], docIds: [], liveUrl: null, myAgendaSize: 5, seatsLeft: 5, keywords: null, categories: [], isBooked: false, userIds: [],
});
const forAnyone: MemberAgendaInfo = {
  timeZone: 'Europe/Oslo', days: ['2030-06-02'], tracks: [], isBookingEnabled: true, categories: [],
  agenda: { '2030-06-02': { '09:00': [session(1), session(2)] } },
};
const booked = (id: number): BookedSession => ({ id, title: `Session ${id}`, startDate: '2030-06-02T07:00:00Z', endDate: '2030-06-02T08:00:00Z' });

describe('agenda store on a page the same for every member', () => {
  beforeEach(async () => {
    vi.stubGlobal('window', {});
    reads.length = 0;
    (await import('~/islands/agenda/agenda.store')).resetAgenda();
  });

  it('waits for the viewer\'s own bookings, then shows them on the agenda read for anyone', async () => {
    const store = await import('~/islands/agenda/agenda.store');
    store.initAgenda({ eventId: 1, initial: forAnyone });
    expect(store.$ownBookingsState.get()).toBe('loading');
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!.resolve([booked(2)]);
    await vi.waitFor(() => expect(store.$ownBookingsState.get()).toBe('loaded'));
    const sessions = Object.values(store.$agenda.get()!.agenda['2030-06-02']!).flat();
    expect(sessions.map((s) => [s.id, s.isBooked, s.userIds])).toEqual([[1, false, []], [2, true, [7]]]);
  });

  it('shares one read with the reader that started it after the page loaded', async () => {
    const store = await import('~/islands/agenda/agenda.store');
    const early = store.readOwnBookings(1);
    store.initAgenda({ eventId: 1, initial: forAnyone });
    reads[0]!.resolve([booked(1)]);
    await early;
    await vi.waitFor(() => expect(store.$ownBookingsState.get()).toBe('loaded'));
    expect(reads).toHaveLength(1);
  });

  it('says the read failed and reads again on retry', async () => {
    const store = await import('~/islands/agenda/agenda.store');
    store.initAgenda({ eventId: 1, initial: forAnyone });
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!.reject(new Error('offline'));
    await vi.waitFor(() => expect(store.$ownBookingsState.get()).toBe('failed'));
    const retried = store.addOwnBookings();
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!.resolve([]);
    await retried;
    expect(store.$ownBookingsState.get()).toBe('loaded');
  });

  it('reads the bookings again after a booking, so the worker\'s saved answer holds it', async () => {
    const store = await import('~/islands/agenda/agenda.store');
    store.initAgenda({ eventId: 1, initial: forAnyone });
    reads[0]!.resolve([]);
    await vi.waitFor(() => expect(store.$ownBookingsState.get()).toBe('loaded'));
    const answer = await store.toggleBooking(session(1));
    expect(answer.ok).toBe(true);
    expect(reads).toHaveLength(2);
    expect(Object.values(store.$agenda.get()!.agenda['2030-06-02']!).flat()[0]!.isBooked).toBe(true);
  });
});
