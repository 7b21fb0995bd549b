import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../api/harness';

/*
 * `npm run test:fuzz`: generated malformed requests across every page under src/pages and every
 * call of the route table — any method, header and body — must never get a 5xx, and the server must stay up
 * with bounded memory. FUZZ_RUNS sets the count (10,000 for test:fuzz, 1,000 in `npm test`).
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1000);
/** The server's old-space cap for the run (see beforeAll). */
const HEAP_CAP_MB = 128;
const SEED = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED']);
/** Time for the whole run: ~16 ms a request on an idle laptop core, with room for a busy CI machine. */
const TIME_LIMIT_MS = Math.max(170_000, RUNS * 60);

const PAGES = fileURLToPath(new URL('../../src/pages/', import.meta.url));
/** Every page template on disk, so new pages are fuzzed without editing this file. */
function pageTemplates(dir = PAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageTemplates(path);
    if (!/\.(ts|astro)$/.test(name)) return [];
    return ['/' + relative(PAGES, path).replace(/\.(ts|astro)$/, '').replace(/(^|\/)index$/, '')];
  });
}
/** Every call of the route table, read from docs/api.md (generated from it), its `:params` as `[params]`. */
function callTemplates(): string[] {
  const table = readFileSync(fileURLToPath(new URL('../../docs/api.md', import.meta.url)), 'utf8');
  return [...table.matchAll(/^\| [A-Z]+ \| `([^`]+)`/gm)].map(([, path]) => path!.replace(/:(\w+)(\{[^}]*\})?/g, '[$1]'));
}
const ROUTES = [...new Set([...pageTemplates(), ...callTemplates()])];

// Printable ASCII only: Node's client refuses control characters in paths and header values.
const printable = fc.string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))), maxLength: 40 });
const anyText = fc.string({ unit: 'binary', maxLength: 60 });

const segment = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'demo', '2', '999999', '99999999999999999999', '1.5', 'abc', '%2e%2e', '..', '%00', '%', '%zz', '%E0%A4%A', 'x%20y', '%2F', ''),
  fc.integer().map(String),
  anyText.map(encodeURIComponent),
);

const query = fc.array(fc.tuple(
  fc.oneof(fc.constantFrom('page', 'size', 'platform', 'module', 'method', 'id', 'sponsorId', 'useremail', 'eventId', 'eventid', 'type', 'search', 'format', 'category', 'fromDate', 'otp', 'phoneNumber', 'countryPrefix', '__proto__', 'constructor'), printable.map(encodeURIComponent)),
  fc.oneof(segment, fc.constantFrom('authentication', 'getTwoFactorPin', 'password', 'newPasswordViaSms', 'webApp', 'digital', 'true', 'a@b.c')),
), { maxLength: 5 }).map((pairs) => (pairs.length === 0 ? '' : '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')));

/** A path from a route template, its [params] filled with junk, sometimes with extra segments. */
const path = fc.tuple(fc.constantFrom(...ROUTES), fc.array(segment, { minLength: 4, maxLength: 4 }), fc.option(segment, { nil: undefined }), query)
  .map(([template, values, extra, q]) => {
    let i = 0;
    const filled = template.replace(/\[(?:\.\.\.)?(\w+)\]/g, () => values[i++ % values.length] ?? 'x');
    return `${filled}${extra === undefined ? '' : `/${extra}`}${q}`.replace(/^\/\//, '/');
  });

const method = fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'TRACK', 'PROPFIND');

const contentType = fc.constantFrom(
  'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'multipart/form-data',
  'text/plain', 'application/octet-stream', 'image/png', 'application/json; charset=utf-16', '', 'application/x-www-form-urlencoded; charset=nope',
);

const body = fc.oneof(
  fc.constant(''),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom('grant_type', 'eventId', 'username', 'password', 'refresh_token', 'token', 'pinId', 'pin', 'SponsorId', 'Message', 'visible', 'answers', 'pollId', 'email', 'firstName', 'payload', 'deliveryMethod'),
    fc.oneof(printable, fc.constantFrom('password', 'refresh_token', 'otp', 'demo', 'attendee@demo.test', '1'))).map((o) => new URLSearchParams(o).toString()),
  fc.constantFrom('{', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--', '--xyz\r\n\r\n', 'a=%ZZ&b'),
  anyText,
);

interface Generated {
  method: string; path: string; host: string; contentType: string; body: string;
  auth: 'none' | 'bearer' | 'cookie' | 'junk-bearer' | 'junk-cookie' | 'fuzzed-cookies';
  extra: Record<string, string>;
  cookies: Record<string, string>;
}

// Every header the server reads (grep headers.get / req.headers in src and middleware), the
// forwarded ones read because the server trusts one proxy here (TRUST_PROXY=1).
const headerName = fc.constantFrom(
  'origin', 'referer', 'sec-fetch-site', 'sec-fetch-dest', 'x-forwarded-for', 'x-forwarded-proto', 'x-request-start', 'accept', 'accept-language',
  'accept-encoding', 'range', 'if-none-match', 'if-modified-since', 'x-requested-with', 'upgrade', 'idempotency-key', 'x-results-token', 'authorization', 'expect',
);
// Every cookie the server reads, with values as anyone may send them (no ';', which would split them).
const cookieName = fc.constantFrom('ep_session', 'ep_signup', 'ep_recordings', 'ep_admin', 'participant_results', 'private_results_generic', 'private_results_1', 'lang', 'ep_session ');
const cookieValue = fc.oneof(printable.map((text) => text.replaceAll(';', '')), fc.constantFrom('%', '%E0%A4%A', '"', '""', '=', 'a=b', '%00', 'j:{"a":1}', ' '.repeat(3)));
const request: fc.Arbitrary<Generated> = fc.record({
  method, path,
  host: fc.constantFrom('demo.localhost', 'demo.localhost', 'demo.localhost', 'localhost', '0.localhost', 'nope.localhost', '[::1]', 'a..b', ''),
  contentType, body,
  auth: fc.constantFrom('none', 'bearer', 'cookie', 'junk-bearer', 'junk-cookie', 'fuzzed-cookies'),
  extra: fc.dictionary(headerName, printable, { maxKeys: 3 }),
  cookies: fc.dictionary(cookieName, cookieValue, { maxKeys: 4 }),
});

function send(server: TestServer, r: Generated, token: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { ...r.extra, host: r.host === '' ? '' : `${r.host}:${server.port}` };
  if (r.contentType) headers['content-type'] = r.contentType;
  if (r.auth === 'bearer') headers['authorization'] = `Bearer ${token}`;
  if (r.auth === 'cookie') headers['cookie'] = `ep_session=${token}`;
  if (r.auth === 'junk-bearer') headers['authorization'] = 'Bearer %%%';
  if (r.auth === 'junk-cookie') headers['cookie'] = 'ep_session=%E0%A4%A; participant_results=%E0%A4%A; private_results_generic=%; other=1';
  if (r.auth === 'fuzzed-cookies') headers['cookie'] = Object.entries(r.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  const payload = ['GET', 'HEAD'].includes(r.method) ? '' : r.body;
  return new Promise((resolve, reject) => {
    // A fresh connection each: a request whose body the server leaves unread may end its
    // connection, and a reused keep-alive socket would then fail for the next one, not this one.
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path: r.path, method: r.method, headers, timeout: 15_000, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 300) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 15 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

describe('fuzzed requests', () => {
  let server: TestServer;
  let token = '';
  const login = async () => {
    const res = await call(server, '/connect/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&eventId=demo&username=attendee%40demo.test&password=demo-attendee-1',
    });
    token = res.status === 200 ? res.json<{ access_token: string }>().access_token : token;
  };
  beforeAll(async () => {
    // V8 sizes its heap by the machine's memory and, on a large one, lets garbage pile up long
    // before a full collection. With the old space capped it collects, so a leak shows as a crash
    // (the server must stay up) and the RSS bound below measures what is really held.
    server = await startServer({ env: { ADMIN_TOKEN: 'fuzz-admin-token', LOG_LEVEL: 'error', TRUST_PROXY: '1', NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` } });
    await login();
  });
  afterAll(async () => { await server?.stop(); });

  it(`answers ${RUNS} generated malformed requests on ${ROUTES.length} routes without a 5xx, and stays up with bounded memory`, async () => {
    const before = rssOf(server.pid);
    let peak = before;
    let sent = 0;
    await fc.assert(fc.asyncProperty(request, async (r) => {
      // A fuzzed logout or password change may end the session; keep a live token around.
      if (sent % 100 === 0) await login();
      sent += 1;
      if (sent % 500 === 0) peak = Math.max(peak, rssOf(server.pid));
      const res = await send(server, r, token);
      if (res.status >= 500) throw new Error(`${r.method} ${r.path} (host ${r.host}, ${r.contentType}, ${r.auth} ${JSON.stringify(r.auth === 'fuzzed-cookies' ? r.cookies : {})}, headers ${JSON.stringify(r.extra)}) -> ${res.status} ${res.body}`);
    }), { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: false, interruptAfterTimeLimit: TIME_LIMIT_MS });
    const mb = (bytes: number) => Math.round(bytes / 1048576);
    process.stdout.write(`fuzz: ${sent} requests, server RSS ${mb(before)} MB before, ${mb(Math.max(peak, rssOf(server.pid)))} MB peak\n`);
    const health = await call(server, '/healthz', { host: 'localhost' });
    expect(health.status).toBe(200);
    peak = Math.max(peak, rssOf(server.pid));
    // Bounded: generous for caches and the JIT, far below what a leak per request would grow to.
    expect(peak - before).toBeLessThan(200 * 1024 * 1024);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, TIME_LIMIT_MS + 20_000);
});
