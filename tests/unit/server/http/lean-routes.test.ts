import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leanRouteMatcher, type LeanRoute } from '~/server/http/lean-route-match';
import { LEAN_ROUTES, OUTRANKING_ROUTES } from '~/server/http/lean-routes';
import { hasSideEffect } from '~/server/http/side-effects';

const PAGES = fileURLToPath(new URL('../../../../src/pages/', import.meta.url));

/** Every route of src/pages as Astro names it: `/api/liveEvent/[eventId]/users` for `…/users/index.ts`. */
function pageRoutes(): string[] {
  return readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|astro)$/.test(file))
    .map((file) => `/${file.replace(/\.(ts|astro)$/, '')}`.replace(/\/index$/, '') || '/');
}

const isParam = (segment: string) => segment.startsWith('[');

/** Whether some path matches both patterns and Astro gives it to `other`: at the first place their kinds differ, other's is static. */
function outranks(other: string, lean: string): boolean {
  const [a, b] = [other.split('/'), lean.split('/')];
  if (a.length !== b.length || a.some((segment) => segment.startsWith('[...'))) return false;
  if (a.some((segment, i) => !isParam(segment) && !isParam(b[i]!) && segment !== b[i])) return false;
  const first = a.findIndex((segment, i) => isParam(segment) !== isParam(b[i]!));
  return first !== -1 && !isParam(a[first]!);
}

const noop: LeanRoute['GET'] = () => Promise.resolve(new Response(null));

describe('the lean route table', () => {
  it('holds only routes src/pages has, each under Astro\'s own pattern', () => {
    const routes = new Set(pageRoutes());
    for (const { pattern } of LEAN_ROUTES) expect(routes, pattern).toContain(pattern);
  });

  it('holds no call with a side effect: those are Astro\'s, with their cross-site checks', () => {
    for (const { pattern } of LEAN_ROUTES) expect(hasSideEffect('GET', pattern.replace(/\[\w+\]/g, '1')), pattern).toBe(false);
  });

  it('lists every route that outranks one of its patterns on some path', () => {
    const outranking = pageRoutes().filter((route) => LEAN_ROUTES.some(({ pattern }) => outranks(route, pattern)));
    expect([...OUTRANKING_ROUTES].sort()).toEqual(outranking.sort());
  });
});

describe('leanRouteMatcher', () => {
  const users: LeanRoute = { pattern: '/api/liveEvent/[eventId]/users', GET: noop };
  const count: LeanRoute = { pattern: '/api/liveEvent/[eventId]/getAllTimelineItems/[count]', GET: noop };
  const match = leanRouteMatcher([users, count], ['/api/liveEvent/publicEventInfo/[eventId]']);

  it('gives a matching path its route and parameters', () => {
    expect(match('/api/liveEvent/7/users')).toEqual({ route: users, params: { eventId: '7' } });
    expect(match('/api/liveEvent/demo/getAllTimelineItems/20')).toEqual({ route: count, params: { eventId: 'demo', count: '20' } });
  });

  it('matches a static segment only by itself and a parameter only by one non-empty segment', () => {
    for (const path of ['/api/liveEvent/7/users/', '/api/liveEvent//users', '/api/liveEvent/7/8/users', '/api/liveEvent/7/usersx', '/api/liveEvent/7/Users']) {
      expect(match(path), path).toBeUndefined();
    }
  });

  it('leaves a path an outranking route takes to Astro', () => {
    expect(match('/api/liveEvent/publicEventInfo/users')).toBeUndefined();
  });
});
