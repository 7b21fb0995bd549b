import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/** Liveness for load balancers and tests; says nothing about any event. */
export const GET = route({
  method: 'GET', path: '/healthz', who: 'probe', sideEffects: false, cache: 'private',
  handle: () => Promise.resolve(jsonAnswer({ ok: true }, { headers: NO_STORE })),
});
