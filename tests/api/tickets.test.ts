import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserModuleResult } from '~/contracts/profile';
import { call, startServer, type TestServer } from './harness';
import { accessToken, bearer, json } from './login-helpers';

const ADMIN_TOKEN = 'test-admin-token';
const PASSWORD = 'ticket-password-1';

/** Ticket links and admission QR codes cannot be guessed or enumerated. */
describe('QR tickets', () => {
  let server: TestServer;
  const slug = `tix${process.pid.toString(36)}`;
  const host = `${slug}.localhost`;
  const users = Array.from({ length: 6 }, (_, i) => ({ email: `guest${i}@${slug}.test`, firstName: 'Guest', lastName: `Number${i}`, password: PASSWORD, hidden: i === 0 }));

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_TOKEN } });
    const file = { slug, name: 'Ticket Conf', timeZone: 'Europe/Oslo', start: 'now-1h', end: '+1d 17:00', users, features: { stageQrTicketsEnabled: true } };
    const imported = await call(server, '/api/admin/events/import', { host: 'localhost', ...json(file, { authorization: `Bearer ${ADMIN_TOKEN}` }) });
    expect(imported.status, imported.body).toBe(200);
  });
  afterAll(async () => { await server?.stop(); });

  const profileOf = async (email: string) => {
    const token = await accessToken(server, host, slug, email, PASSWORD);
    return (await call(server, `/api/liveEvent/${slug}/getOwnUserInfoFromSession`, { host, headers: bearer(token) })).json<{ userModuleResult: UserModuleResult }>().userModuleResult;
  };

  it('gives every registration its own unguessable ticket key (at least 128 bits)', async () => {
    const keys = await Promise.all(users.map(async (u) => (await profileOf(u.email)).TicketKey));
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(new Set(keys).size).toBe(users.length);
  });

  it('renders the ticket at /qrTicket/{key}, with a QR code of the key rather than of the registration id', async () => {
    const me = await profileOf(users[1]!.email);
    const page = await call(server, `/qrTicket/${me.TicketKey}`, { host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Guest Number1');
    const qrOfKey = await QRCode.toString(me.TicketKey!, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 });
    expect(page.body).toContain(qrOfKey);
    expect(page.body).not.toContain(await QRCode.toString(String(me.RegistrationID), { type: 'svg', errorCorrectionLevel: 'H', margin: 2 }));
    // Another event's host does not know the key.
    expect((await call(server, `/qrTicket/${me.TicketKey}`, { host: 'demo.localhost' })).status).toBe(404);
  });

  it('answers 404 without a name to the old numeric route, for every sequential id', async () => {
    const me = await profileOf(users[2]!.email);
    expect((await call(server, `/qrTicket/${me.RegistrationID}`, { host })).status).toBe(404);
    const pages = await Promise.all(Array.from({ length: 40 }, (_, i) => call(server, `/qrTicket/${i + 1}`, { host })));
    for (const page of pages) {
      expect(page.status).toBe(404);
      expect(page.body).not.toMatch(/Number\d|Andersen/);
    }
  });

  it('answers 404 to a key that is wrong by one character', async () => {
    const { TicketKey } = await profileOf(users[3]!.email);
    const altered = `${TicketKey!.slice(0, -1)}${TicketKey!.endsWith('A') ? 'B' : 'A'}`;
    const page = await call(server, `/qrTicket/${altered}`, { host });
    expect(page.status).toBe(404);
    expect(page.body).toContain('This ticket is not available.');
  });

  it('keeps a ticket key given in the event file, and refuses a malformed one or one of another event', async () => {
    const importFile = (fileSlug: string, ticketKey: string) => call(server, '/api/admin/events/import', {
      host: 'localhost',
      ...json({ slug: fileSlug, name: 'Keyed', timeZone: 'Europe/Oslo', start: 'now-1h', end: '+1d 17:00', users: [{ email: `kept@${fileSlug}.test`, firstName: 'Kept', lastName: 'Key', password: PASSWORD, ticketKey }] }, { authorization: `Bearer ${ADMIN_TOKEN}` }),
    });
    const key = 'AbCdEfGhIjKlMnOpQrStUv';
    const keyed = `${slug}k`;
    expect((await importFile(keyed, key)).status).toBe(200);
    const token = await accessToken(server, `${keyed}.localhost`, keyed, `kept@${keyed}.test`, PASSWORD);
    const me = (await call(server, `/api/liveEvent/${keyed}/getOwnUserInfoFromSession`, { host: `${keyed}.localhost`, headers: bearer(token) })).json<{ userModuleResult: UserModuleResult }>().userModuleResult;
    expect(me.TicketKey).toBe(key);

    const malformed = await importFile(`${slug}m`, '123');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain('users[0].ticketKey');
    const stolen = await importFile(`${slug}s`, key);
    expect(stolen.status).toBe(400);
    expect(stolen.body).not.toContain(key);
  });
});
