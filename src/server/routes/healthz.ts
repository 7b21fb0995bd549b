import { NO_STORE } from '~/server/http/cache-headers';
import type { RouteHandler } from '~/server/http/route-context';

/** Liveness for load balancers and tests; says nothing about any event. */
export const GET: RouteHandler = () => Promise.resolve(Response.json({ ok: true }, { headers: NO_STORE }));
