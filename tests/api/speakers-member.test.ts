import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Speaker, SpeakerPage } from '~/contracts/speakers';
import { featuresOn, newAttendee, type Attendee } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

describe('speakers for attendees (liveGetSpeakerInfo)', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let me: Attendee;
  let ada: number;
  let foreign: number;
  let design: number;

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ features: featuresOn('profileEmailVisible') });
    other = await f.newEvent();
    me = await newAttendee(f, event.id);
    design = await f.newCategory(event.id, { name: 'Design', category_type: 2 });
    ada = await f.newSpeaker(event.id, {
      first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', phone: '+47 555', description: '<p>Hi</p><script>x</script>',
      links: JSON.stringify([{ url: 'https://www.linkedin.com/in/ada' }, { url: 'javascript:alert(1)' }]), categoryIds: [design],
    });
    for (let i = 0; i < 24; i++) await f.newSpeaker(event.id, { first_name: `Speaker${i}`, last_name: 'Crowd', position: 1 });
    await f.newSession(event.id, { title: 'Engines', speakerIds: [ada], start_date: '2025-06-02T07:00:00.000Z', end_date: '2025-06-02T08:00:00.000Z' });
    foreign = await f.newSpeaker(other.id, { first_name: 'Other' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const api = (path: string, headers: Record<string, string> = me.auth, slug = event.slug) =>
    call(server, `/api/liveEvent/${slug}/${path}`, { host: event.host, headers });

  it('needs a login and the host\'s event', async () => {
    expect((await api('liveGetSpeakerInfo', {})).status).toBe(401);
    expect((await api(`liveGetSpeakerInfo/${ada}`, {})).status).toBe(401);
    expect((await api('liveGetSpeakerInfo', me.auth, other.slug)).status).toBe(403);
  });

  it('pages 20 at a time with the total', async () => {
    const first = (await api('liveGetSpeakerInfo')).json<SpeakerPage>();
    expect(first).toMatchObject({ page: 1, size: 20, total: 25 });
    expect(first.speakers).toHaveLength(20);
    const second = (await api('liveGetSpeakerInfo?page=2&size=20')).json<SpeakerPage>();
    expect(second.speakers).toHaveLength(5);
    expect(new Set([...first.speakers, ...second.speakers].map((s) => s.id)).size).toBe(25);
  });

  it('searches and filters by category', async () => {
    expect((await api('liveGetSpeakerInfo?search=lovel')).json<SpeakerPage>().speakers.map((s) => s.id)).toEqual([ada]);
    expect((await api(`liveGetSpeakerInfo?category=${design}`)).json<SpeakerPage>().total).toBe(1);
    const bad = await api('liveGetSpeakerInfo?page=0');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'page' });
  });

  it('returns one speaker with sessions, safe links and the event\'s visibility rule', async () => {
    const res = await api(`liveGetSpeakerInfo/${ada}`);
    expect(res.status).toBe(200);
    const speaker = res.json<Speaker>();
    expect(speaker).toMatchObject({ id: ada, name: 'Ada', email: 'ada@example.org', phoneNumber: null, sessions: [{ title: 'Engines' }] });
    expect(speaker.links).toEqual([{ type: 'Linkedin', url: 'https://www.linkedin.com/in/ada' }]);
    expect(speaker.description).not.toContain('script');
  });

  it('answers 404 for unknown and foreign speakers and 400 for a bad id', async () => {
    expect((await api('liveGetSpeakerInfo/999999')).status).toBe(404);
    expect((await api(`liveGetSpeakerInfo/${foreign}`)).json()).toMatchObject({ error: 'speaker.not_found' });
    expect((await api('liveGetSpeakerInfo/abc')).json()).toMatchObject({ field: 'id' });
  });
});
