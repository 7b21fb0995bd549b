import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './event-file-cli';
import { call, startServer, type TestServer } from './harness';

const TOKEN = 'test-admin-token-0123456789';
const smallText = readFileSync(fixture('small.event.json'), 'utf8');
const json = { 'content-type': 'application/json' };
const auth = (token = TOKEN) => ({ ...json, authorization: `Bearer ${token}` });

describe('admin event endpoints without ADMIN_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: '' } }); });
  afterAll(async () => { await server?.stop(); });

  it('do not exist', async () => {
    const imported = await call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers: auth(), body: smallText });
    expect(imported.status).toBe(404);
    const exported = await call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: auth() });
    expect(exported.status).toBe(404);
  });
});

describe('admin event endpoints with ADMIN_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { SEED_DEMO: '0', ADMIN_TOKEN: TOKEN } }); });
  afterAll(async () => { await server?.stop(); });
  const post = (body: string, headers: Record<string, string> = auth()) =>
    call(server, '/api/admin/events/import', { method: 'POST', host: 'localhost', headers, body });

  it('refuse a missing or wrong token with 401', async () => {
    expect((await post(smallText, json)).status).toBe(401);
    expect((await post(smallText, auth('wrong-token'))).status).toBe(401);
    expect((await call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: auth('x') })).status).toBe(401);
  });

  it('answer malformed JSON with 400', async () => {
    const res = await post('{"slug": ');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'request.invalid' });
  });

  it('answer an invalid event file with 400 and the issues by field path', async () => {
    const res = await post(readFileSync(fixture('invalid.event.json'), 'utf8'));
    expect(res.status).toBe(400);
    const body = res.json<{ error: string; issues: string[] }>();
    expect(body.error).toBe('event_file.invalid');
    expect(body.issues).toContain('users[1].email: must be an e-mail address');
  });

  it('refuse a body over the size limit with 413', async () => {
    const res = await post(JSON.stringify({ padding: 'x'.repeat(6 * 1_048_576) }));
    expect(res.status).toBe(413);
  });

  it('create an event, then update it, and export it', async () => {
    const created = await post(smallText);
    expect(created.status).toBe(200);
    expect(created.json()).toMatchObject({ slug: 'smallconf', created: true, version: 1 });
    const updated = await post(smallText);
    expect(updated.status).toBe(200);
    const second = updated.json<{ eventId: number; created: boolean; version: number }>();
    expect(second).toMatchObject({ eventId: created.json<{ eventId: number }>().eventId, created: false, version: 2 });
    expect((await call(server, '/', { host: 'smallconf.localhost' })).status).toBe(302);

    const exported = await call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: auth() });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain('smallconf.event.json');
    expect(exported.json()).toMatchObject({ slug: 'smallconf', sessions: [{ key: 'opening' }, { key: 'workshop' }, { key: 'breakout' }] });
    expect((await call(server, '/api/admin/events/nosuchevent/export', { host: 'localhost', headers: auth() })).status).toBe(404);
  });

  it('keep an attendee\'s own Hidden through a re-import that does not set it, and apply one that does', async () => {
    expect((await post(smallText)).status).toBe(200);
    const login = await call(server, '/connect/token', {
      method: 'POST', host: 'smallconf.localhost', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', eventId: 'smallconf', username: 'bob@example.org', password: 'bob-password' }).toString(),
    });
    const bob = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    const eventId = (await post(smallText)).json<{ eventId: number }>().eventId;
    const hiddenOf = async () => {
      const exported = await call(server, '/api/admin/events/smallconf/export', { host: 'localhost', headers: auth() });
      return exported.json<{ users: Array<{ email: string; hidden?: boolean }> }>().users.find((u) => u.email === 'bob@example.org')!.hidden;
    };
    const hide = await call(server, `/api/liveEvent/${eventId}/toggleUserVisibility`, { method: 'POST', host: 'smallconf.localhost', headers: bob });
    expect(hide.status).toBe(200);
    expect(await hiddenOf()).toBe(true);
    // The third review: the same file imported again listed the attendee and showed them online.
    expect((await post(smallText)).status).toBe(200);
    expect(await hiddenOf()).toBe(true);
    const listed = JSON.parse(smallText) as { users: Array<Record<string, unknown>> };
    listed.users.find((u) => u['email'] === 'bob@example.org')!['hidden'] = false;
    expect((await post(JSON.stringify(listed))).status).toBe(200);
    expect(await hiddenOf()).toBe(false);
  });
});
