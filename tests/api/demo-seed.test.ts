import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from './event-file-cli';
import { call, startServer, type TestServer } from './harness';

const work = mkdtempSync(join(tmpdir(), 'ep-seed-'));
const seeded = (server: TestServer) => server.logs.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return {}; } })
  .find((l) => l['message'] === 'demo event seeded');

describe('demo seed on first start', () => {
  let server: TestServer | undefined;
  afterEach(async () => { await server?.stop(); server = undefined; });

  it('imports the demo event file into an empty database as event 1, slug demo', async () => {
    const demo = { ...JSON.parse(readFileSync(fixture('small.event.json'), 'utf8')), slug: 'demo' };
    const file = join(work, 'demo.event.json');
    writeFileSync(file, JSON.stringify(demo));
    server = await startServer({ env: { DEMO_EVENT_FILE: file } });
    expect(seeded(server)).toMatchObject({ eventId: 1, slug: 'demo' });
    expect((await call(server, '/', { host: 'demo.localhost' })).status).toBe(302);
    expect((await call(server, '/', { host: '1.localhost' })).status).toBe(302);
  });

  it('starts without a demo event when the file is missing, logging a warning', async () => {
    server = await startServer({ env: { DEMO_EVENT_FILE: join(work, 'missing.json') } });
    // Warnings go to stderr, read beside the stdout line that said the server listens: wait for it.
    await expect.poll(() => server!.logs.some((l) => l.includes('demo event not seeded: file missing'))).toBe(true);
    expect((await call(server, '/healthz', { host: 'localhost' })).status).toBe(200);
  });
});
