import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveLeanCall } from '~/server/http/lean-calls';
import { leanRouteMatcher } from '~/server/http/lean-route-match';
import type { CallContext, Guard } from '~/server/http/request-context';

/** What the endpoint saw, so a test can check the context the lean path built. */
let seen: CallContext | undefined;
const route = {
  pattern: '/api/liveEvent/[eventId]/user/groups',
  GET: (context: CallContext) => { seen = context; return Promise.resolve(Response.json({ referer: context.request.headers.get('Referer') })); },
};
const match = leanRouteMatcher([route], []);

/** The guards a test runs; by default they only call the endpoint. */
let guards: Guard = (_context, next) => next();

let server: Server;
let port: number;

/** One GET through a server whose handler is the lean path, with Astro stood in by a 299 "astro". */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host: 'demo.localhost', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject).end();
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const toAstro = () => { res.writeHead(299).end('astro'); };
    if (!serveLeanCall(match, (context, next) => guards(context, next), req, res, {}, toAstro)) toAstro();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => { server.close(); });

describe('serveLeanCall', () => {
  it('answers a route on the table through the guards and its endpoint, in one piece with its Content-Length', async () => {
    guards = async (context, next) => { const answer = await next(); answer.headers.set('x-guarded', String(context.routePattern)); return answer; };
    const answer = await get('/api/liveEvent/7/user/groups?x=1', { referer: 'https://demo.localhost/stage' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"referer":"https://demo.localhost/stage"}');
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(answer.headers['x-guarded']).toBe(route.pattern);
    expect(seen?.params).toEqual({ eventId: '7' });
    expect(seen?.url.href).toBe('http://demo.localhost/api/liveEvent/7/user/groups?x=1');
  });

  it('leaves to Astro a path off the table, another method, an escaped or trailing-slash path', async () => {
    for (const path of ['/api/liveEvent/7/users', '/api/liveEvent/%37/user/groups', '/api/liveEvent/7/user/groups/']) {
      expect((await get(path)).body, path).toBe('astro');
    }
  });

  it('hands to Astro, unwritten, what only Astro does: a cleared cookie, a redirect, a rewrite, a failed guard, a body that is not JSON', async () => {
    const cases: Guard[] = [
      (context, next) => { context.cookies.delete('ep_session'); return next(); },
      (context) => Promise.resolve(context.redirect('/login')),
      (_context, next) => next('/fallback'),
      () => Promise.reject(new Error('database gone')),
      () => Promise.resolve(new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } })),
      () => Promise.resolve(new Response(null, { status: 404 })),
    ];
    for (const [index, each] of cases.entries()) {
      guards = each;
      expect((await get('/api/liveEvent/7/user/groups')).body, `case ${index}`).toBe('astro');
    }
  });

  it('reads the session cookie as the auth guard would, and leaves one it cannot read to Astro', async () => {
    let token: string | undefined;
    guards = (context, next) => { token = context.cookies.get('ep_session')?.value; return next(); };
    expect((await get('/api/liveEvent/7/user/groups', { cookie: 'a=1; ep_session=tok%2Ben' })).status).toBe(200);
    expect(token).toBe('tok+en');
    expect((await get('/api/liveEvent/7/user/groups', { cookie: 'ep_session=%E0%A4%A' })).body).toBe('astro');
  });
});
