import { describe, expect, it } from 'vitest';
import type { EventRecord, EventRepository } from '~/server/events/event.repository';
import { createEventService } from '~/server/events/event.service';
import { createReadModels } from '~/server/shared/read-model-cache';

function row(version: number, overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 1, slug: 'demo', regEventCode: null, name: 'Demo', languageId: '2', timeZone: 'Europe/Oslo',
    logoUrl: null, faviconUrl: null, loginCaption: null, lobbyBannerText: null, streamUrl: null, mainStreamUrl: null, stageSessionId: null, stageTitle: null, holdingShown: false, holdingImageUrl: null,
    gamificationUrl: null, aboutOnlineEvent: null, isActive: true, isRegistrationOpen: false,
    startDate: '2026-11-22T08:00:00.000Z', endDate: '2026-11-23T16:00:00.000Z', isTwoFactor: false,
    liveLobby: true, liveStage: true, liveWebApp: false, liveFaqCategory: null,
    captions: { programCaption: 'Program' }, features: { lobbyEnabled: true },
    branding: {}, version, ...overrides,
  };
}

function fakeRepository(state: { current: EventRecord }) {
  const calls = { full: 0 };
  const repository: EventRepository = {
    findVersion: (identity) => Promise.resolve(identity === 'demo' || identity === '1' ? { id: 1, version: state.current.version } : undefined),
    findById: () => { calls.full += 1; return Promise.resolve(state.current); },
    findLobbyElements: () => Promise.resolve([]),
    countEvents: () => Promise.resolve(1),
  };
  return { repository, calls };
}

describe('event service', () => {
  it('loads an event once and serves it from the cache while its version is unchanged', async () => {
    const state = { current: row(1) };
    const { repository, calls } = fakeRepository(state);
    const events = createEventService({ repository, featuresAllOn: false });
    const first = await events.findByIdentity('demo');
    const second = await events.findByIdentity('1');
    expect(first?.eventName).toBe('Demo');
    expect(second).toBe(first);
    expect(calls.full).toBe(1);
  });

  it('reloads the event when another process bumped its version', async () => {
    const state = { current: row(1) };
    const { repository, calls } = fakeRepository(state);
    const events = createEventService({ repository, featuresAllOn: false });
    await events.findByIdentity('demo');
    state.current = row(2, { name: 'Renamed' });
    expect((await events.findByIdentity('demo'))?.eventName).toBe('Renamed');
    expect(calls.full).toBe(2);
  });

  it('reads the event again after a `stored` data change (an import), and keeps it through a console\'s `polls` change', async () => {
    const state = { current: row(1) };
    const { repository, calls } = fakeRepository(state);
    const readModels = createReadModels();
    const events = createEventService({ repository, featuresAllOn: false, readModels });
    await events.findByIdentity('demo');
    readModels.drop(1, 'polls');
    await events.findByIdentity('demo');
    expect(calls.full).toBe(1);
    readModels.drop(1, 'stored');
    await events.findByIdentity('demo');
    expect(calls.full).toBe(2);
  });

  it('treats "0", an empty identity and unknown slugs as no event', async () => {
    const { repository } = fakeRepository({ current: row(1) });
    const events = createEventService({ repository, featuresAllOn: false });
    expect(await events.findByIdentity('0')).toBeUndefined();
    expect(await events.findByIdentity(undefined)).toBeUndefined();
    expect(await events.findByIdentity('other')).toBeUndefined();
  });

  it('maps language id 2 to Norwegian and keeps only the flags the event turned on', async () => {
    const { repository } = fakeRepository({ current: row(1) });
    const event = await createEventService({ repository, featuresAllOn: false }).findByIdentity('demo');
    expect(event?.locale).toBe('nb');
    expect(event?.features.lobbyEnabled).toBe(true);
    expect(event?.features.stageTabAgenda).toBe(false);
  });

  it('turns every feature on when the build setting says so', async () => {
    const { repository } = fakeRepository({ current: row(1) });
    const event = await createEventService({ repository, featuresAllOn: true }).findByIdentity('demo');
    expect(Object.values(event?.features ?? {}).every(Boolean)).toBe(true);
  });
});
