import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInfo } from '~/contracts/event-info';
import type { LivePoll } from '~/contracts/polls';
import { newAttendee, type Attendee } from './attendee-factory';
import { newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { sharedServer, type TestServer } from './harness';

type EventRef = { id: number; slug: string; host: string };

describe('what attendees see of the console: the holding picture and Live now', () => {
  let server: TestServer;
  let f: Factories;
  let event: EventRef;
  let other: EventRef;
  let organiser: Attendee;
  let attendee: Attendee;

  let send: Send;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ branding: JSON.stringify({ liveBackgroundImage: '/demo/stage-background.svg' }) });
    send = sender(server, event.host);
    other = await f.newEvent();
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it('sends the holding picture in getEventInfo (null until set) beside the fields it had', async () => {
    const before = (await send('/api/liveEvent/getEventInfo', attendee.auth)).json<EventInfo>();
    expect(before).toMatchObject({ holdingImageUrl: null, branding: { liveBackgroundImage: '/demo/stage-background.svg' }, streamUrl: null });
    expect((await send('/api/console/stage/holding-image', organiser.auth, { holdingImageUrl: '/uploads/holding.webp' })).status).toBe(200);
    const after = (await send('/api/liveEvent/getEventInfo', attendee.auth)).json<EventInfo>();
    expect(after.holdingImageUrl).toBe('/uploads/holding.webp');
    expect(after.version).toBeGreaterThan(before.version);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before)].sort());
  });

  it('lists the open polls in livePolls and follows an organiser opening and closing one', async () => {
    const poll = await f.newPoll(event.id, { type: 0, isOpen: false, alternatives: [{ text: 'Yes' }] });
    const coded = await f.newPoll(event.id, { type: 4, code: '4321', alternatives: [{ text: 'Yes' }] });
    const path = `/api/liveEvent/${event.id}/livePolls`;
    const list = async () => (await send(path, attendee.auth)).json<LivePoll[]>();
    expect(await list()).toEqual([{ title: `Poll ${coded.accessKey}`, questionType: 4 }]);
    expect((await send(`/api/console/polls/${poll.id}/open`, organiser.auth, {})).status).toBe(200);
    expect(await list()).toContainEqual({ id: poll.id, title: `Poll ${poll.accessKey}`, questionType: 0, accessKey: poll.accessKey });
    expect((await send(`/api/console/polls/${poll.id}/close`, organiser.auth, {})).status).toBe(200);
    expect((await list()).some((p) => 'id' in p && p.id === poll.id)).toBe(false);
  });

  it('refuses livePolls without a session (401) and for another event\'s path (403)', async () => {
    expect((await send(`/api/liveEvent/${event.id}/livePolls`, {})).status).toBe(401);
    const wrong = await send(`/api/liveEvent/${other.id}/livePolls`, attendee.auth);
    expect([wrong.status, wrong.json<{ error: string }>().error]).toEqual([403, 'event.wrong_event']);
  });
});
