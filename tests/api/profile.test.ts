import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserModuleResult } from '~/contracts/profile';
import { featuresOn } from './attendee-factory';
import { factories, type Factories } from './factories';
import { call, startServer, type TestServer } from './harness';
import { accessToken, bearer, json, newUser, postBytes } from './login-helpers';

const HOST = 'demo.localhost';
const API = '/api/liveEvent/demo';

const multipart = (field: string, filename: string, type: string, bytes: Buffer) => {
  const boundary = 'ep-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
};

describe('own profile', () => {
  let server: TestServer;
  let f: Factories;
  let token: string;
  let other: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await startServer();
    f = factories(server);
    other = await f.newEvent({ features: featuresOn('stageQrTicketsEnabled') });
    token = await accessToken(server, HOST, 'demo', 'attendee@demo.test', 'demo-attendee-1');
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  const me = async () => (await call(server, `${API}/getOwnUserInfoFromSession`, { headers: bearer(token) })).json<{ userModuleResult: UserModuleResult }>().userModuleResult;

  it('answers the own user in userModuleResult with SPEC field names, ticket code and groups', async () => {
    const user = await me();
    expect(user).toMatchObject({
      Firstname: 'Alex', Lastname: 'Andersen', Email: 'attendee@demo.test', Phone: '+47 400 10 001', Cell: '+47 400 10 001',
      Company: 'Kvitfjell Software', Jobtitle: 'Product manager', Hidden: '0', TicketQrCode: 'NLS-DEMO-0001',
      CalculatedFields: { TicketType: 'Full pass' }, termsAccepted: false,
    });
    expect(user.UserID).toEqual(expect.any(Number));
    expect(Array.isArray(user.groups)).toBe(true);
  });

  it('answers 401 auth.unauthorized without a token, 403 auth.wrong_event with another event’s token, 403 for another event in the path', async () => {
    const none = await call(server, `${API}/getOwnUserInfoFromSession`);
    expect(none.status).toBe(401);
    expect(none.json()).toMatchObject({ error: 'auth.unauthorized' });
    const stranger = await newUser(f, other.id);
    const otherToken = await accessToken(server, other.host, other.slug, stranger.email, stranger.password);
    const crossed = await call(server, `${API}/getOwnUserInfoFromSession`, { headers: bearer(otherToken) });
    expect(crossed.status).toBe(403);
    expect(crossed.json()).toMatchObject({ error: 'auth.wrong_event' });
    const wrongPath = await call(server, `/api/liveEvent/${other.id}/getOwnUserInfoFromSession`, { headers: bearer(token) });
    expect(wrongPath.status).toBe(403);
    expect(wrongPath.json()).toMatchObject({ error: 'event.wrong_event' });
  });

  it('updates the profile and checks SPEC §5 rules with their messages', async () => {
    const base = { Firstname: 'Alexandra', Lastname: 'Andersen', About2: 'Energy apps', Company: 'Kvitfjell', Jobtitle: 'PM', Address1: 'Storgata 2', Email: 'attendee@demo.test', Phone: '+47 400 10 001' };
    const ok = await call(server, `${API}/updateUser`, json(base, bearer(token)));
    expect(ok.status).toBe(200);
    expect(ok.json<{ userModuleResult: UserModuleResult }>().userModuleResult).toMatchObject({ Firstname: 'Alexandra', Company: 'Kvitfjell', Address1: 'Storgata 2' });

    const cases: [Record<string, string>, string, string][] = [
      [{ Firstname: ' ' }, 'Firstname', 'First name is required'],
      [{ Lastname: '' }, 'Lastname', 'Last name is required'],
      [{ About2: 'abc' }, 'About2', 'Description must be at least 4 characters'],
      [{ Phone: '+47 abc' }, 'Phone', 'Phone number is invalid'],
      [{ Email: 'not-an-email' }, 'Email', 'Email is invalid'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(server, `${API}/updateUser`, json({ ...base, ...change }, bearer(token)));
      expect(res.status, field).toBe(400);
      expect(res.json()).toMatchObject({ error: 'request.invalid', field, message });
    }
    const email = await call(server, `${API}/updateUser`, json({ ...base, Email: 'someone@else.test' }, bearer(token)));
    expect(email.status).toBe(422);
    expect(email.json()).toMatchObject({ error: 'profile.closed', field: 'Email' });
    const phone = await call(server, `${API}/updateUser`, json({ ...base, Phone: '+47 999 99 999' }, bearer(token)));
    expect(phone.status).toBe(422);
    expect((await me()).Email).toBe('attendee@demo.test');
  });

  it('toggles visibility back and forth', async () => {
    const first = await call(server, `${API}/toggleUserVisibility`, { method: 'POST', headers: bearer(token) });
    expect(first.json()).toEqual({ Hidden: '1' });
    expect((await me()).Hidden).toBe('1');
    const second = await call(server, `${API}/toggleUserVisibility`, { method: 'POST', headers: bearer(token) });
    expect(second.json()).toEqual({ Hidden: '0' });
  });

  it('serves the terms text and stores the acceptance of the current text only', async () => {
    const { UserID } = await me();
    const text = await call(server, `${API}/getTermsText/${UserID}`, { headers: bearer(token) });
    const { termsText } = text.json<{ termsText: string }>();
    expect(termsText.length).toBeGreaterThan(0);
    expect((await call(server, `${API}/getTermsText/${UserID + 1}`, { headers: bearer(token) })).status).toBe(403);
    const stale = await call(server, `${API}/storeTermsAcceptance/${UserID}`, json({ termsText: 'old terms' }, bearer(token)));
    expect(stale.status).toBe(409);
    const missing = await call(server, `${API}/storeTermsAcceptance/${UserID}`, json({}, bearer(token)));
    expect(missing.json()).toMatchObject({ field: 'termsText' });
    const accepted = await call(server, `${API}/storeTermsAcceptance/${UserID}`, json({ termsText }, bearer(token)));
    expect(accepted.json()).toMatchObject({ accepted: true, acceptedAt: expect.any(String) as string });
    expect((await me()).termsAccepted).toBe(true);
  });

  describe('avatar', () => {
    it('re-encodes a png sent as a data URL, drops its metadata and serves it from this event only', async () => {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2050c0' } })
        .png().withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } }).toBuffer();
      expect((await sharp(png).metadata()).exif).toBeDefined();
      const res = await call(server, `${API}/uploadUserAvatar`, json({ name: 'me.png', image: `data:image/png;base64,${png.toString('base64')}` }, bearer(token)));
      expect(res.status).toBe(200);
      const { Picture } = res.json<{ Picture: string }>();
      expect(Picture).toMatch(/^\/api\/asset\/uploads\/1\/[0-9a-f]{32}\.png$/);
      expect((await me()).Picture).toBe(Picture);

      const served = await new Promise<{ status: number; type: string | undefined; nosniff: string | undefined; bytes: Buffer }>((resolve, reject) => {
        void import('node:http').then(({ get }) => get({ host: '127.0.0.1', port: server.port, path: Picture, headers: { host: `${HOST}:${server.port}` } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, type: r.headers['content-type'], nosniff: r.headers['x-content-type-options'] as string | undefined, bytes: Buffer.concat(chunks) }));
        }).on('error', reject));
      });
      expect(served.status).toBe(200);
      expect(served.type).toBe('image/png');
      expect(served.nosniff).toBe('nosniff');
      const meta = await sharp(served.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width, meta.height)).toBe(512);
      expect((await call(server, Picture, { host: other.host })).status).toBe(404);
    });

    it('goes by the bytes, not the name: JPEG bytes named .png become a .jpg, a script named .png is refused', async () => {
      const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c02050' } }).jpeg().toBuffer();
      const asJpeg = await postBytes(server, `${API}/uploadUserAvatar`, multipart('image', 'photo.png', 'image/png', jpeg), bearer(token));
      expect(asJpeg.status).toBe(200);
      expect(asJpeg.json<{ Picture: string }>().Picture).toMatch(/\.jpg$/);

      const script = Buffer.from('<script>alert(1)</script>');
      const scripted = multipart('image', 'evil.png', 'image/png', script);
      const refused = await postBytes(server, `${API}/uploadUserAvatar`, scripted, bearer(token));
      expect(refused.status).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'avatar.invalid', field: 'image' });

      // More pixels than an avatar takes (24 MP), and a tiny file of absurd pixels: refused before decoding.
      for (const [width, height, webp] of [[6000, 5000, false], [6000, 6000, true]] as const) {
        const picture = sharp({ create: { width, height, channels: 3, background: '#c87828' } });
        const bytes = webp ? await picture.webp({ lossless: true }).toBuffer() : await picture.jpeg().toBuffer();
        const over = await postBytes(server, `${API}/uploadUserAvatar`, multipart('image', 'big.webp', 'image/webp', bytes), bearer(token));
        expect(over.status).toBe(413);
        expect(over.json()).toMatchObject({ error: 'avatar.too_large', field: 'image', maxPixels: 24_000_000 });
      }

      const truncated = multipart('image', 'broken.png', 'image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]));
      expect((await postBytes(server, `${API}/uploadUserAvatar`, truncated, bearer(token))).json()).toMatchObject({ error: 'avatar.invalid' });
    });

    it('refuses images over 10 MB, a missing image and a caller without a token', async () => {
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
      const huge = multipart('image', 'big.jpg', 'image/jpeg', big);
      const res = await postBytes(server, `${API}/uploadUserAvatar`, huge, bearer(token));
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({ error: 'avatar.too_large', field: 'image' });
      expect((await call(server, `${API}/uploadUserAvatar`, json({ name: 'x' }, bearer(token)))).json()).toMatchObject({ field: 'image' });
      expect((await call(server, `${API}/uploadUserAvatar`, json({ image: 'data:image/png;base64,AAAA' }))).status).toBe(401);
    });
  });

  describe('assets and recordings', () => {
    it('refuses traversal, other events and unknown roots with 404', async () => {
      for (const path of ['/api/asset/uploads/1/../../eventplatform.sqlite', '/api/asset/uploads/1/%2e%2e/%2e%2e/eventplatform.sqlite',
        '/api/asset/uploads/1/..%2f..%2feventplatform.sqlite', `/api/asset/uploads/${other.id}/x.png`, '/api/asset/outbox/1/x.eml',
        '/api/asset/uploads/1/.asset-signing-key', '/api/asset/uploads/1/missing.png']) {
        const res = await call(server, path);
        expect(res.status, path).toBe(404);
      }
    });

    it('lets a recording through with the signed cookie only', async () => {
      mkdirSync(join(server.dataDir, 'recordings', '1'), { recursive: true });
      writeFileSync(join(server.dataDir, 'recordings', '1', 'session.m3u8'), '#EXTM3U\n');
      const path = '/api/asset/recordings/1/session.m3u8';
      expect((await call(server, path)).status).toBe(401);
      expect((await call(server, path, { headers: { cookie: 'ep_recordings=1.99999999999.forged' } })).status).toBe(401);
      const issued = await call(server, '/api/liveEvent/generateSignedCookies', { headers: bearer(token) });
      expect(issued.status).toBe(200);
      expect(issued.json()).toMatchObject({ cookieInfo: { name: 'ep_recordings', path: '/api/asset/recordings' } });
      const setCookie = String(issued.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/api\/asset\/recordings/);
      const cookie = /ep_recordings=[^;]+/.exec(setCookie)![0];
      const ok = await call(server, path, { headers: { cookie } });
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect((await call(server, '/api/liveEvent/generateSignedCookies')).status).toBe(401);
    });
  });

  describe('vouchers and the QR ticket', () => {
    it('sums grants and uses into the balance and lists transactions newest first', async () => {
      const { UserID, RegistrationID } = await me();
      // The demo attendee starts with a seeded history: 5 granted, 1 used, 1 pending.
      const seeded = await call(server, `${API}/vouchers/${UserID}`, { headers: bearer(token) });
      expect(seeded.json()).toEqual({ voucherBalance: 3, usedVouchers: 1, pendingVouchers: 1 });
      const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
      await f.db.kysely.insertInto('voucher_transactions').values([
        { event_id: 1, registration_id: RegistrationID!, kind: 'grant', status: 'completed', amount: 5, description: 'Welcome pack', created_at: at(0) },
        { event_id: 1, registration_id: RegistrationID!, kind: 'use', status: 'completed', amount: 1, description: 'Coffee', created_at: at(1) },
        { event_id: 1, registration_id: RegistrationID!, kind: 'use', status: 'pending', amount: 2, description: 'Lunch', created_at: at(2) },
      ]).execute();
      const res = await call(server, `${API}/vouchers/${UserID}/transactions`, { headers: bearer(token) });
      const body = res.json<{ voucherBalance: number; usedVouchers: number; pendingVouchers: number; transactions: { description: string }[] }>();
      expect(body).toMatchObject({ voucherBalance: 5, usedVouchers: 2, pendingVouchers: 3 });
      expect(body.transactions.map((t) => t.description).slice(0, 3)).toEqual(['Lunch', 'Coffee', 'Welcome pack']);
      expect(body.transactions).toHaveLength(6);
      expect((await call(server, `${API}/vouchers/${UserID + 1}`, { headers: bearer(token) })).status).toBe(403);
      expect((await call(server, `${API}/vouchers/abc`, { headers: bearer(token) })).json()).toMatchObject({ field: 'id' });
    });

    it('renders the QR ticket of a registration of this event at its ticket key, and the unavailable text otherwise', async () => {
      const { RegistrationID, TicketKey } = await me();
      const page = await call(server, `/qrTicket/${TicketKey}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Northern Lights Summit');
      expect(page.body).toMatch(/Alex(andra)? Andersen/);
      expect(page.body).toContain('<svg');
      expect(page.body).not.toMatch(/<script[^>]*src=/);
      const missing = await call(server, '/qrTicket/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('This ticket is not available.');
      expect((await call(server, `/qrTicket/${TicketKey}`, { host: other.host })).status).toBe(404);
      expect((await call(server, `/qrTicket/${RegistrationID}`)).status).toBe(404);
    });
  });
});
