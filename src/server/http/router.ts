import { Hono, type Context } from 'hono';
import { copyAnswer } from './answer-bytes';
import { respond, unexpectedErrorResponse } from './respond';
import { cacheable, keepSlotOf } from './call-cache';
import { CookieJar, type RouteContext } from './route-context';
import { app } from '~/server/app';
import { admitCall } from './route-guards';
import type { RouteDeclaration } from './route-rules';

/** What the host of the router hands each request: server.mjs in production, the Astro catch-all endpoints in dev. */
export interface RouterEnv {
  /** The request's locals: server.mjs's object, from which the traffic gate reads the route's label back. */
  locals: object;
  /** The path and query exactly as the client sent them: the response cache's key. */
  rawUrl: string;
  clientAddress(): string;
}

type RouterContext = Context<{ Bindings: RouterEnv }>;

/** Marks the router's answer for a request no route takes; Hono copies a HEAD's answer, so a header, not the object, carries it. */
const UNROUTED = 'x-unrouted';

/** Whether the router had no route for the request (the pages answer it, or Astro's 404 page). Never sent to a client. */
export const isUnrouted = (response: Response): boolean => response.headers.has(UNROUTED);

/**
 * The one router of the JSON calls (docs/request-path.md): every declared route with its guards,
 * its cache and its label, in Hono. Routes are registered most specific first, so a static
 * segment outranks a parameter (`/api/liveEvent/publicEventInfo/users` is publicEventInfo's).
 */
export function createRouter(routes: readonly RouteDeclaration[]): Hono<{ Bindings: RouterEnv }> {
  const router = new Hono<{ Bindings: RouterEnv }>({ strict: false });
  for (const route of [...routes].sort((a, b) => bySpecificity(a.path, b.path))) {
    router.on(route.method, route.path, (c) => answer(route, c));
  }
  router.notFound(() => new Response(null, { status: 404, headers: { [UNROUTED]: '1' } }));
  router.onError((error) => unexpectedErrorResponse(error));
  return router;
}

/** Negative when pattern `a` must be tried before `b`: segment by segment, a static one before a parameter, a parameter before the rest of the path. */
export function bySpecificity(a: string, b: string): number {
  const rank = (segment: string | undefined) => (segment === undefined ? 3 : segment.startsWith(':') ? (segment.endsWith('{.+}') ? 2 : 1) : 0);
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = rank(left[i]) - rank(right[i]);
    if (difference !== 0) return difference;
  }
  return 0;
}

async function answer(route: RouteDeclaration, c: RouterContext): Promise<Response> {
  const { env } = c;
  const request = c.req.raw;
  const locals = env.locals as App.Locals;
  locals.route = route.path;
  const cookies = new CookieJar(request.headers.get('cookie'));
  const context: RouteContext = {
    params: c.req.param(),
    url: new URL(request.url),
    locals,
    request,
    cookies,
    get clientAddress() { return env.clientAddress(); },
    redirect: (path, status = 302) => new Response(null, { status, headers: { location: path } }),
  };
  const response = await respond(async () => {
    const call = await admitCall(route, context);
    const { user } = locals;
    if (!route.idempotent || !user) return route.handle(call);
    return app().idempotency.once(user.userId, request.headers.get('idempotency-key'), route.path, async () => route.handle(call));
  });
  // The edge looked the answer up already (one lookup, docs/http-cache.md); a miss carries where it may be kept.
  const slot = keepSlotOf(route.cache, locals);
  const event = locals.event;
  const shaped = event
    ? await cacheable(request, withSecurityHeaders(response), locals.user !== undefined, slot, { eventId: event.eventId, route: route.path, ...(slot?.key.audience === 'member' ? { eventVersion: event.version } : {}) })
    : withSecurityHeaders(response);
  return cookies.applyTo(shaped);
}

/** nosniff and a Referrer-Policy on every answer (docs/security.md), on a copy when its headers are immutable. */
function withSecurityHeaders(response: Response): Response {
  let answer = response;
  try {
    answer.headers.set('x-content-type-options', 'nosniff');
  } catch {
    answer = copyAnswer(response);
    answer.headers.set('x-content-type-options', 'nosniff');
  }
  answer.headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  return answer;
}
