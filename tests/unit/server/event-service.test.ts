import { describe, expect, it } from 'vitest';
import type { EventRepository, EventRow } from '~/server/events/event.repository';
import { createEventService } from '~/server/events/event.service';

function row(version: number, overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: 1, slug: 'demo', reg_event_code: null, name: 'Demo', language_id: '2', time_zone: 'Europe/Oslo',
    logo_url: null, favicon_url: null, login_caption: null, lobby_banner_text: null, stream_url: null,
    gamification_url: null, about_online_event: null, is_active: 1, is_registration_open: 0,
    start_date: '2026-11-22T08:00:00.000Z', end_date: '2026-11-23T16:00:00.000Z', is_two_factor: 0,
    live_lobby: 1, live_stage: 1, live_web_app: 0, live_faq_category: null, terms_text: null,
    results_password_hash: null, captions: '{"programCaption":"Program"}', features: '{"lobbyEnabled":true}',
    branding: '{}', version, updated_at: '2026-11-22T08:00:00.000Z', ...overrides,
  };
}

function fakeRepository(state: { current: EventRow }) {
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
