import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDocument, InfoPage, InfoPageSummary } from '~/contracts/content';
import { featuresOn } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';
import { loginAs, MEMBER_PASSWORD, newMember } from './member-helpers';

describe('information pages and documents', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };
  let other: { id: number; slug: string; host: string };
  let member: Record<string, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    const shown = featuresOn('stageTabInfoPages', 'webAppNavigationInfoPages', 'stageTabDocuments', 'webAppNavigationDocuments');
    event = await f.newEvent({ name: 'Content Days', features: shown });
    other = await f.newEvent({ features: shown });
    await newMember(f, event.id, 'mia@example.org', { calculated_fields: JSON.stringify({ Firstname: '<b>Mia</b>', TicketType: 'Day & night' }) });
    member = await loginAs(server, event.host, event.slug, 'mia@example.org', MEMBER_PASSWORD);
    const k = f.db.kysely;
    const page = async (key: string, platforms: string[], body: string) => {
      const row = await k.insertInto('info_pages').values({ event_id: event.id, key, heading: `Heading ${key}`, body, category: null, platforms: JSON.stringify(platforms), position: 0 }).returning('id').executeTakeFirstOrThrow();
      ids[key] = Number(row.id);
    };
    await page('both', ['digital', 'webApp'], '<p>Hi {{Firstname}}, your {{TicketType}} {{Unknown}}</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    await page('digital', ['digital'], '<p>Stage only</p>');
    await page('webapp', ['webApp'], '<p>Phone only</p>');
    const otherPage = await k.insertInto('info_pages').values({ event_id: other.id, key: 'x', heading: 'Other', body: 'x', category: null, platforms: '["digital"]', position: 0 }).returning('id').executeTakeFirstOrThrow();
    ids['other'] = Number(otherPage.id);
    const doc = async (key: string, platforms: string[], uploaded: string, eventId = event.id) => {
      const row = await k.insertInto('documents').values({ event_id: eventId, key, name: `Doc ${key}`, file_url: `/files/${key}.pdf`, preview_url: null, doc_type: 'pdf', sponsor_id: null, platforms: JSON.stringify(platforms), uploaded_at: uploaded }).returning('id').executeTakeFirstOrThrow();
      ids[`doc-${key}`] = Number(row.id);
    };
    await doc('old', ['digital', 'webApp'], '2025-05-01T10:00:00.000Z');
    await doc('new', ['digital'], '2025-06-01T10:00:00.000Z');
    await doc('phone', ['webApp'], '2025-06-02T10:00:00.000Z');
    await doc('elsewhere', ['digital'], '2025-06-02T10:00:00.000Z', other.id);
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const get = (path: string, headers = member) => call(server, `/api/liveEvent/${event.slug}/${path}`, { host: event.host, headers });

  it('lists the information pages of the platform asked for', async () => {
    const digital = (await get('getInfoPages?platform=digital')).json<InfoPageSummary[]>().map((p) => p.PageID);
    expect(digital).toEqual([ids['both'], ids['digital']]);
    const webApp = (await get('getInfoPages?platform=webApp')).json<InfoPageSummary[]>().map((p) => p.PageID);
    expect(webApp).toEqual([ids['both'], ids['webapp']]);
  });

  it('selects the web app platform from a calling page whose path contains webapp', async () => {
    const res = await call(server, `/api/liveEvent/${event.slug}/getInfoPages`, { host: event.host, headers: { ...member, referer: `http://${event.host}/webapp` } });
    expect(res.json<InfoPageSummary[]>().map((p) => p.PageID)).toEqual([ids['both'], ids['webapp']]);
    expect((await get('getInfoPages?platform=phone')).json()).toMatchObject({ error: 'request.invalid', field: 'platform' });
  });

  it('personalises a page from CalculatedFields with the values escaped and the HTML sanitised', async () => {
    const page = (await get(`getPage/${ids['both']}`)).json<InfoPage>();
    expect(page.Tekst).toContain('Hi &lt;b&gt;Mia&lt;/b&gt;, your Day &amp; night');
    expect(page.Tekst).not.toContain('{{');
    expect(page.Tekst).not.toContain('<script');
    expect(page.Tekst).not.toContain('onerror');
  });

  it('answers 404 for another event\'s page or an unknown one and 400 for a bad id', async () => {
    expect((await get(`getPage/${ids['other']}`)).status).toBe(404);
    expect((await get('getPage/99999')).json()).toMatchObject({ error: 'page.not_found' });
    expect((await get('getPage/abc')).json()).toMatchObject({ field: 'id' });
  });

  it('lists the platform\'s documents newest first and gives one by id', async () => {
    const digital = (await get('getAllDocuments?platform=digital')).json<EventDocument[]>();
    expect(digital.map((d) => d.Name)).toEqual(['Doc new', 'Doc old']);
    expect(digital[0]).toMatchObject({ Documentfile: '/files/new.pdf', docType: 'pdf', uTime: '2025-06-01T10:00:00.000Z', PlatformDisplayOptions: ['digital'] });
    expect((await get('getAllDocuments?platform=webApp')).json<EventDocument[]>().map((d) => d.Name)).toEqual(['Doc phone', 'Doc old']);
    expect((await get(`documents/${ids['doc-old']}`)).json<EventDocument>().Name).toBe('Doc old');
    expect((await get(`documents/${ids['doc-elsewhere']}`)).status).toBe(404);
    expect((await get('documents/x1')).status).toBe(400);
  });

  it('e-mails every document link of the platform to the user', async () => {
    const res = await get('sendAllDocuments?platform=digital');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ data: true, emailSent: true, documents: 2 });
    const folder = join(server.dataDir, 'outbox');
    const mail = readdirSync(folder).map((n) => readFileSync(join(folder, n), 'utf8')).find((m) => m.includes('mia@example.org'));
    expect(mail).toContain('/files/new.pdf');
    expect(mail).not.toContain('/files/phone.pdf');
  });

  it('needs a login and the host\'s own event', async () => {
    for (const path of ['getInfoPages', `getPage/${ids['both']}`, 'getAllDocuments', `documents/${ids['doc-old']}`, 'sendAllDocuments']) {
      expect((await call(server, `/api/liveEvent/${event.slug}/${path}`, { host: event.host })).status, path).toBe(401);
      const wrong = await call(server, `/api/liveEvent/${other.slug}/${path}`, { host: event.host, headers: member });
      expect(wrong.status, path).toBe(403);
    }
  });
});
