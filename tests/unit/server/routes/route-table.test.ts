import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bySpecificity } from '~/server/http/router';
import { ROUTES } from '~/server/routes/route-table';

const ROUTES_DIR = fileURLToPath(new URL('../../../../src/server/routes/', import.meta.url));
const NOT_ENDPOINTS = /(\.routes|^route-table|^astro-endpoint)\.ts$/;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Every endpoint module under src/server/routes, by its path relative to that folder. */
function endpointFiles(dir = ROUTES_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return endpointFiles(path);
    return name.endsWith('.ts') && !NOT_ENDPOINTS.test(name) ? [relative(ROUTES_DIR, path)] : [];
  });
}

describe('the route table', () => {
  it('declares every handler an endpoint module exports, once', async () => {
    const declared = new Set<unknown>(ROUTES);
    const missing: string[] = [];
    for (const file of endpointFiles()) {
      const module = await import(join(ROUTES_DIR, file)) as Record<string, unknown>;
      for (const method of METHODS) if (module[method] && !declared.has(module[method])) missing.push(`${method} ${file}`);
    }
    expect(missing).toEqual([]);
    const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every write side effects and a body limit, and only the mail-sending GETs side effects besides', () => {
    for (const route of ROUTES.filter((r) => r.method !== 'GET')) {
      expect(route.sideEffects, route.path).toBe(true);
      expect(route.bodyLimit, route.path).toBeGreaterThan(0);
    }
    const sideEffectGets = ROUTES.filter((r) => r.method === 'GET' && r.sideEffects).map((r) => r.path).sort();
    expect(sideEffectGets).toEqual([
      '/api/liveEvent/:eventId/requestMeeting/:id', '/api/liveEvent/:eventId/sendAllDocuments', '/api/liveEvent/:eventId/sendContactInfo/:id',
    ]);
    for (const route of ROUTES.filter((r) => r.limit !== undefined)) expect(route.sideEffects, route.path).toBe(true);
  });

  it('keeps answers only for callers they are the same for', () => {
    for (const route of ROUTES) {
      if (route.cache === 'private') continue;
      expect(route.method, route.path).toBe('GET');
      expect(route.sideEffects, route.path).toBe(false);
      expect(route.who, route.path).toBe(route.cache === 'visitor' ? 'anyone' : 'member');
    }
  });

  it('tries a static segment before a parameter, and a parameter before the rest of a path', () => {
    expect(bySpecificity('/api/liveEvent/publicEventInfo/:eventId', '/api/liveEvent/:eventId/users')).toBeLessThan(0);
    expect(bySpecificity('/api/liveEvent/:eventId/chat/support', '/api/liveEvent/:eventId/chat/:chatId')).toBeLessThan(0);
    expect(bySpecificity('/api/asset/:path{.+}', '/api/asset/:id')).toBeGreaterThan(0);
  });
});
