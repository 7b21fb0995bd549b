import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { chain, type Guard } from '../../../middleware/chain';

const context = {} as APIContext;

/** A guard that logs its name on the way in and out, and otherwise passes the request on. */
function logging(name: string, log: string[]): Guard {
  return async (_context, next) => {
    log.push(`${name} in`);
    const response = await next();
    log.push(`${name} out`);
    return response;
  };
}

function page(log: string[], body = 'page'): MiddlewareNext & { payloads: unknown[] } {
  const payloads: unknown[] = [];
  const next = (payload?: unknown) => {
    payloads.push(payload);
    log.push('page');
    return Promise.resolve(new Response(body));
  };
  return Object.assign(next, { payloads });
}

describe('chain', () => {
  it('runs the guards in order, each wrapping the ones after it, then the page once', async () => {
    const log: string[] = [];
    const next = page(log);
    const response = await chain(logging('a', log), logging('b', log), logging('c', log))(context, next);
    expect(await response.text()).toBe('page');
    expect(log).toEqual(['a in', 'b in', 'c in', 'page', 'c out', 'b out', 'a out']);
    expect(next.payloads).toEqual([undefined]);
  });

  it('stops at a guard that answers itself: the guards after it and the page never run', async () => {
    const log: string[] = [];
    const next = page(log);
    const refuse: Guard = () => Promise.resolve(new Response('refused', { status: 401 }));
    const response = await chain(logging('a', log), refuse, logging('c', log))(context, next);
    expect(response.status).toBe(401);
    expect(log).toEqual(['a in', 'a out']);
  });

  it('lets an outer guard change the answer of the inner ones', async () => {
    const stamp: Guard = async (_context, next) => {
      const response = await next();
      response.headers.set('x-stamp', '1');
      return response;
    };
    const response = await chain(stamp, logging('b', []))(context, page([]));
    expect(response.headers.get('x-stamp')).toBe('1');
  });

  it('carries a rewrite through the guards after it to the page', async () => {
    const log: string[] = [];
    const next = page(log, 'fallback');
    const rewrite: Guard = (_context, pass) => pass('/fallback');
    const response = await chain(logging('a', log), rewrite, logging('c', log))(context, next);
    expect(await response.text()).toBe('fallback');
    expect(next.payloads).toEqual(['/fallback']);
    expect(log).toEqual(['a in', 'c in', 'page', 'c out', 'a out']);
  });
});
