import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type HttpResponse, type TestServer } from './harness';

// `npm run dev` runs the same edge as the built server (docs/request-path.md): the same status
// and body for a public call, a signed-in one and a refused one; and the edge's steps that are not
// the router's (the 405, compression, the saved-answer lookup, shedding) answer there too.
const ROOT = new URL('../../', import.meta.url);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `astro dev` on a free port with its own data directory and the demo event, once it answers /healthz. */
async function startDev(): Promise<{ server: TestServer; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-dev-'));
  // Under VITEST, Astro's dev server leaves the requests to the host (it thinks vitest runs it): not ours.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
        // One request in flight at a time: the sequential calls below pass, a burst is shed.
    env: { ...env, NODE_ENV: 'development', ASTRO_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, SEED_DEMO: '1', PORT: String(port), LOG_LEVEL: 'warn', MAX_IN_FLIGHT: '1' },
  });
  const logs: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const closeLogs = (): void => { child.stdout.destroy(); child.stderr.destroy(); };
  const server = { port, pid: child.pid!, baseUrl: `http://127.0.0.1:${port}`, dataDir, databaseUrl: undefined, logs, closeLogs, stop: () => Promise.resolve(null) };
  for (const started = Date.now(); Date.now() - started < 240_000;) {
    // Vite may hold a first request while it optimises dependencies: ask again rather than wait on it.
    const answer = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    if (answer?.status === 200) return { server, child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`astro dev did not answer:\n${logs.join('')}`);
}

async function signIn(server: TestServer): Promise<string> {
  const answer = await call(server, '/connect/token', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=password&eventId=1&username=attendee%40demo.test&password=demo-attendee-1',
  });
  expect(answer.status).toBe(200);
  return answer.json<{ access_token: string }>().access_token;
}

/** An instant as the API writes it (UTC ISO with milliseconds). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Status, type and body, with every instant made alike: each server seeds the demo at its own
 * start, and the demo's "now"-relative times round down to the quarter hour of that moment, so two
 * starts either side of a quarter hour give the same sessions times 15 minutes apart.
 */
const comparable = (answer: HttpResponse) => ({
  status: answer.status, type: answer.headers['content-type'],
  body: JSON.parse(answer.body, (_key, value: unknown) => (typeof value === 'string' && INSTANT.test(value) ? '<instant>' : value)) as unknown,
});

describe('npm run dev runs the edge production runs', () => {
  let built: TestServer;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let builtToken: string;
  let devToken: string;

  beforeAll(async () => {
    // One after the other, so the built server is stopped even when the dev server fails to start.
    built = await startServer({ env: { SEED_DEMO: '1' } });
    dev = await startDev();
    [builtToken, devToken] = await Promise.all([signIn(built), signIn(dev.server)]);
  }, 300_000);
  afterAll(async () => {
    await built?.stop();
    if (dev) {
      const exited = new Promise((resolve) => dev.child.once('exit', resolve));
      dev.child.kill('SIGTERM');
      await exited;
      rmSync(dev.dataDir, { recursive: true, force: true });
    }
  });

  it('gives a public call, a signed-in call and a refused one the same status and body', async () => {
    const cases: [string, (token: string) => Record<string, string>][] = [
      ['/api/liveEvent/1/publicCategories', () => ({})],
      ['/api/liveEvent/1/liveGetSpeakerInfo', (token) => ({ authorization: `Bearer ${token}` })],
      ['/api/liveEvent/1/users', () => ({})],
    ];
    for (const [path, headers] of cases) {
      const fromBuilt = await call(built, path, { headers: headers(builtToken) });
      const fromDev = await call(dev.server, path, { headers: headers(devToken) });
      expect(comparable(fromDev), path).toEqual(comparable(fromBuilt));
    }
  }, 60_000);

  it('refuses a method no route has with a 405 naming the allowed ones', async () => {
    const answer = await call(dev.server, '/', { method: 'PROPFIND' });
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toContain('GET');
  });

  it('keeps an anonymous page and serves it again from the saved answers, gzipped for a client that accepts it', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const first = await call(dev.server, '/login', { headers });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const second = await call(dev.server, '/login', { headers });
    expect(second.status).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(second.bytes).toString()).toBe(gunzipSync(first.bytes).toString());
  });

  it('sheds a burst beyond the node\'s in-flight budget with 503 and Retry-After', async () => {
    // MAX_IN_FLIGHT is 1: a burst of signed-in page renders (never kept) overlaps, so some are shed.
    // Bursts repeat until one is, so the outcome does not hang on how fast one burst arrives.
    const headers = { authorization: `Bearer ${devToken}` };
    let shed: HttpResponse | undefined;
    for (let burst = 0; burst < 20 && !shed; burst += 1) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => call(dev.server, '/api/liveEvent/1/liveGetAgendaInfo', { headers })));
      shed = answers.find((answer) => answer.status === 503);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    }
    expect(shed?.headers['retry-after']).toBeDefined();
  }, 120_000);
});
