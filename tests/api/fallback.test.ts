import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sharedServer, type TestServer } from './harness';

describe('event resolution', () => {
  let server: TestServer;
  beforeAll(async () => { server = await sharedServer(); });
  afterAll(async () => { await server?.stop(); });

  it('shows the fallback page for a host that names no event', async () => {
    const res = await call(server, '/login', { host: 'nosuchevent.localhost' });
    expect(res.status).toBe(404);
    expect(res.body).toContain('This event could not be found');
    expect(res.body).toContain('href="https://example.org"');
  });

  it('treats event id "0" as unknown', async () => {
    const res = await call(server, '/', { host: '0.localhost' });
    expect(res.status).toBe(404);
    expect(res.body).toContain('This event could not be found');
  });

  it('answers API calls for an unknown event with a 404 body naming the reason', async () => {
    const res = await call(server, '/api/liveEvent/getEventInfo', { host: 'nosuchevent.localhost' });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: 'event.not_found' });
  });

  it('answers health checks without an event', async () => {
    const res = await call(server, '/healthz', { host: 'localhost' });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
