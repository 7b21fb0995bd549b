import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './harness';

// Every call's endpoint module under src/server/routes (named as its path), found on disk so new
// ones are covered without editing this file; the route tables and the Astro bridge are not endpoints.
const PAGES = fileURLToPath(new URL('../../src/server/routes/', import.meta.url));
const NOT_ENDPOINTS = /(\.routes|^route-table|^astro-endpoint)\.ts$/;
function endpoints(dir = PAGES): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return endpoints(path);
    return name.endsWith('.ts') && !NOT_ENDPOINTS.test(name) ? ['/' + relative(PAGES, path).replace(/\.ts$/, '').replace(/\/index$/, '')] : [];
  });
}

const JUNK: Record<string, string[]> = {
  eventId: ['demo', '1', '0', '999999', 'x%20y', '-1'],
  id: ['1', '0', '-1', 'abc', '99999999999999999999', '1.5', '%2e%2e'],
  value: ['attendee@demo.test', 'not-an-email', '%00'],
  slug: ['demo', 'nope', '..'],
  path: ['..%2f..%2fetc%2fpasswd', 'x', 'avatars/..%2f..%2fsecret'],
};
const BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"SessionId":"x","EventId":[],"Message":{"a":1},"image":"data:image/png;base64,%%%"}' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%ZZ&grant_type=password&eventId=demo&username=' },
  { type: 'text/plain', body: '' },
];

/** Paths for a route template, varying one parameter at a time through its junk values. */
function samples(template: string): string[] {
  const params = [...template.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!);
  const fill = (overrides: Record<string, string>) =>
    template.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => overrides[name] ?? JUNK[name]?.[0] ?? 'x');
  const paths = new Set([fill({})]);
  for (const param of params) for (const value of JUNK[param] ?? ['x']) paths.add(fill({ [param]: value }));
  return [...paths].map((p) => `${p}?page=-1&size=abc&search=%25&category=x&fromDate=x&platform=moon&format=x&otp=x`);
}

describe('no request a client can send gets a 500', () => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_TOKEN: 'junk-admin' } });
    const login = await call(server, '/connect/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&eventId=demo&username=attendee%40demo.test&password=demo-attendee-1',
    });
    token = login.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => { await server?.stop(); });

  it('answers every endpoint with junk ids, queries and bodies without a server error', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const template of endpoints()) {
      for (const path of samples(template)) {
        for (const auth of [{}, { authorization: `Bearer ${token}` }]) {
          const gets = await call(server, path, { headers: auth });
          sent += 1;
          if (gets.status >= 500) failures.push(`GET ${path} -> ${gets.status}`);
          for (const method of ['POST', 'DELETE', 'PUT']) {
            for (const { type, body } of BODIES) {
              const res = await call(server, path, { method, headers: { ...auth, 'content-type': type }, body });
              sent += 1;
              if (res.status >= 500) failures.push(`${method} ${path} (${type}) -> ${res.status} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 240_000);
});
