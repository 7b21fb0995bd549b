import { NO_STORE } from '~/server/http/cache-headers';
import type { CallRoute } from '~/server/http/request-context';

/** Liveness for load balancers and tests; says nothing about any event. On the lean route table: a probe must cost next to nothing. */
export const GET: CallRoute = () => Promise.resolve(Response.json({ ok: true }, { headers: NO_STORE }));
