import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

/**
 * Readiness for load balancers and Kubernetes (docs/operations.md): 200 when this node should get
 * traffic, 503 while it starts, has lost its database or broker, or drains. /healthz is liveness.
 */
export const GET = route({
  method: 'GET', path: '/readyz', who: 'probe', sideEffects: false, cache: 'private',
  handle: async () => {
    const result = await app().readiness();
    return jsonAnswer({ ok: result.ready, ...result.checks, ...result.load }, { status: result.ready ? 200 : 503, headers: NO_STORE });
  },
});
