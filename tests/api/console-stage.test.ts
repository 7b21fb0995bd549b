import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageSetting } from '~/contracts/console';
import type { EventInfo } from '~/contracts/event-info';
import { newAttendee, type Attendee } from './attendee-factory';
import { imageForm, lastAudit, newOrganiser, sender, type Send } from './console-helpers';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

/** The stage's sources and the break as attendees read them (docs/console.md "The stage's sources"). */
describe('the stage from the console: sources, the break, the holding picture uploaded', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; host: string };
  let organiser: Attendee;
  let attendee: Attendee;
  let send: Send;
  let sessionId: number;
  const info = async () => (await send('/api/liveEvent/getEventInfo', attendee.auth)).json<EventInfo>();

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ stream_url: '/media/mainstage/index.m3u8' });
    send = sender(server, event.host);
    organiser = await newOrganiser(f, event.id);
    attendee = await newAttendee(f, event.id);
    sessionId = await f.newSession(event.id, { title: 'Workshop', live_url: '/media/breakout/index.m3u8' });
  });
  afterAll(async () => { await f?.close(); });

  it('puts a session on the stage: attendees get its stream and title, the main stream is kept; one call returns to it', async () => {
    const onAir = await send('/api/console/stage/stream', organiser.auth, { sessionId });
    expect(onAir.json<StageSetting>()).toMatchObject({ streamUrl: '/media/mainstage/index.m3u8', sessionId, sessionTitle: 'Workshop' });
    expect(await info()).toMatchObject({ streamUrl: '/media/breakout/index.m3u8', stageTitle: 'Workshop', stageSessionId: sessionId, mainStreamUrl: '/media/mainstage/index.m3u8' });
    expect((await send('/api/console/stage', organiser.auth)).json<StageSetting>().sessionId).toBe(sessionId);

    const back = await send('/api/console/stage/stream', organiser.auth, { sessionId: null });
    expect(back.json<StageSetting>()).toMatchObject({ streamUrl: '/media/mainstage/index.m3u8', sessionId: null, sessionTitle: null });
    expect(await info()).toMatchObject({ streamUrl: '/media/mainstage/index.m3u8', stageTitle: null, stageSessionId: null });
    expect(await lastAudit(send, organiser)).toMatchObject({ action: 'stage.stream', before: { sessionId }, after: { sessionId: null } });
  });

  it('shows the holding picture over every player and goes back to the stream; an attendee may not', async () => {
    expect((await send('/api/console/stage/holding', organiser.auth, { shown: true })).json<StageSetting>().holdingShown).toBe(true);
    expect((await info()).holdingShown).toBe(true);
    expect((await send('/api/console/stage/holding', attendee.auth, { shown: false })).status).toBe(403);
    expect((await send('/api/console/stage/holding', organiser.auth, { shown: false })).json<StageSetting>().holdingShown).toBe(false);
    expect((await info()).holdingShown).toBe(false);
  });

  it('takes an uploaded holding picture re-encoded as an asset of the event, and refuses what is not a picture naming the field', async () => {
    const upload = (bytes: Buffer, who = organiser.auth) => {
      const form = imageForm(bytes);
      return call(server, '/api/console/stage/holding-image/upload', { method: 'POST', host: event.host, headers: { ...who, ...form.headers }, body: form.body });
    };
    const png = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#203050' } }).png().toBuffer();
    const res = await upload(png);
    expect(res.status, res.body).toBe(200);
    const stage = res.json<StageSetting>();
    expect(stage.holdingImageUrl).toMatch(new RegExp(`^/api/asset/uploads/${event.id}/[0-9a-f]{32}\\.png$`));
    expect((await info()).holdingImageUrl).toBe(stage.holdingImageUrl);
    const stored = await call(server, stage.holdingImageUrl!, { host: event.host, headers: attendee.auth });
    expect((await sharp(stored.bytes).metadata()).width).toBe(1920);

    const refused = await upload(Buffer.from('not a picture'));
    expect([refused.status, refused.json<{ field?: string }>().field]).toEqual([400, 'image']);
    expect((await upload(png, attendee.auth)).status).toBe(403);
    expect(await lastAudit(send, organiser)).toMatchObject({ action: 'stage.holding', after: { holdingImageUrl: stage.holdingImageUrl } });
  });
});
