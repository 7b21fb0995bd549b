import { NO_STORE } from '~/server/http/cache-headers';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/** Liveness for load balancers and tests; says nothing about any event. */
export const GET: RouteHandler = () => Promise.resolve(jsonAnswer({ ok: true }, { headers: NO_STORE }));
