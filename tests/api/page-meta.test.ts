import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from './factories';
import { call, sharedServer, type TestServer } from './harness';

/** What search engines and validators read on public pages. */
describe('public page metadata', () => {
  let server: TestServer;
  let f: Factories;
  let event: { id: number; slug: string; host: string };

  beforeAll(async () => {
    server = await sharedServer();
    f = factories(server);
    event = await f.newEvent({ name: 'Fjordkonferansen' });
  });
  afterAll(async () => { await f?.close(); await server?.stop(); });

  it.each(['/login', '/agendaIframe', '/speakersIframe'])('%s has a meta description naming the event', async (path) => {
    const res = await call(server, path, { host: event.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<meta name="description" content="Fjordkonferansen: [^"]+"/);
  });

  it.each(['/agendaIframe', '/speakersIframe'])('%s filters form has no empty action (invalid HTML)', async (path) => {
    const res = await call(server, path, { host: event.host });
    expect(res.body).toContain('role="search"');
    expect(res.body).not.toContain('action=""');
  });
});
