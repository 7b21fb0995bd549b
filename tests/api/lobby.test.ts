import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/server/shared/password';
import { sanitizeRichText } from '~/server/shared/sanitize-html';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

describe('lobby page (docs/product.md §2 Lobby)', () => {
  let server: TestServer;
  let f: Factories;
  beforeAll(async () => { server = await sharedServer(); f = factories(server); });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  /** An event with one attendee; returns the host and a session cookie. */
  async function eventWithAttendee(features: Record<string, boolean>, fields: Record<string, unknown> = {}) {
    const event = await f.newEvent({ features: JSON.stringify(features), live_faq_category: 'FAQ', ...fields });
    await f.db.kysely.insertInto('users').values({
      event_id: event.id, email: 'a@example.org', password_hash: await hashPassword('pw-123456'), first_name: 'Ann', last_name: 'Lee',
      calculated_fields: '{}', is_hidden: false, is_organiser: false, created_at: new Date().toISOString(),
    }).execute();
    const login = await call(server, '/connect/token', {
      host: event.host, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&eventId=${event.id}&username=a%40example.org&password=pw-123456`,
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    return { ...event, cookie };
  }

  it('redirects to the stage when the lobby feature is off', async () => {
    const event = await eventWithAttendee({ lobbyEnabled: false });
    const res = await call(server, '/', { host: event.host, headers: { cookie: event.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe('/stage');
  });

  it('redirects to the stage when the event does not run its lobby live', async () => {
    const event = await eventWithAttendee({ lobbyEnabled: true }, { live_lobby: false });
    const res = await call(server, '/', { host: event.host, headers: { cookie: event.cookie } });
    expect(res.headers['location']).toBe('/stage');
  });

  it('renders sections in element order, skips switched-off ones, orders top sponsors as configured and sends FAQ pages as stored (sanitised when written)', async () => {
    const event = await eventWithAttendee({ lobbyEnabled: true, lobbyFAQPages: true, lobbySponsorToplist: true, lobbySponsors: true, lobbySpeakers: false });
    const { kysely } = f.db;
    const sponsor = async (key: string, name: string, position: number) => Number((await kysely.insertInto('sponsors').values({
      event_id: event.id, key, name, position, links: '[]',
    }).returning('id').executeTakeFirstOrThrow()).id);
    const first = await sponsor('a', 'Alpha Sponsor', 1);
    const second = await sponsor('b', 'Beta Sponsor', 2);
    await kysely.insertInto('info_pages').values([
      { event_id: event.id, key: 'q1', heading: 'How do I join?', body: sanitizeRichText('<p>Click <strong>join</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>'), category: 'FAQ', platforms: '["digital"]', position: 0 },
      { event_id: event.id, key: 'q2', heading: 'Only in the app', body: '<p>x</p>', category: 'FAQ', platforms: '["webApp"]', position: 1 },
      { event_id: event.id, key: 'q3', heading: 'Not a FAQ', body: '<p>x</p>', category: 'Other', platforms: '["digital"]', position: 2 },
    ]).execute();
    await kysely.insertInto('lobby_elements').values([
      { event_id: event.id, key: 'top', position: 0, type: 7, options: JSON.stringify({ label: 'Top', topSponsorOptions: [{ sponsorId: second }, { sponsorId: 999999 }, { sponsorId: first }] }) },
      { event_id: event.id, key: 'spk', position: 1, type: 5, options: '{"label":"Hidden speakers"}' },
      { event_id: event.id, key: 'odd', position: 2, type: 42, options: '{}' },
      { event_id: event.id, key: 'faq', position: 3, type: 2, options: '{}' },
    ]).execute();
    await kysely.updateTable('events').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', event.id).execute();

    const res = await call(server, '/', { host: event.host, headers: { cookie: event.cookie } });
    expect(res.status).toBe(200);
    const headings = [...res.body.matchAll(/<h2 id="section-[^"]+" class="section-title"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(headings).toEqual(['Top', 'Information']);
    expect(res.body.indexOf('Beta Sponsor')).toBeLessThan(res.body.indexOf('Alpha Sponsor'));
    expect(res.body).toContain('How do I join?');
    expect(res.body).toContain('<strong>join</strong>');
    expect(res.body).not.toContain('alert(');
    expect(res.body).not.toContain('Only in the app');
    expect(res.body).not.toContain('Not a FAQ');
    expect(res.body).toContain(`href="/api/liveEvent/${event.id}/manifest/me?platform=digital"`);
  });
});
